"""Swapping a freshly built index file in for the live one, never exposing a broken index.

Split from `storage.index` (queries and writes on an open index): this is the file-level step a
rebuild ends with, where SQLite's write-ahead log decides between a rename and a page copy.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path

from vaultsync.storage.index import as_failure


def install(built: Path, target: Path) -> None:
    """Put a freshly built index file in place of `target` without ever exposing a broken one.

    A plain rename is only safe once the old database has no write-ahead log: SQLite would
    replay a leftover `-wal` file of the old database into the new one. So the old database is
    checkpointed and switched out of WAL first (SQLite deletes the log). If another process
    holds it open, that switch is refused and the pages are copied in through SQLite's backup
    API instead, inside the live database's own locking.
    """
    # No fsync: a rename is atomic for every process on this machine, and after a power cut a
    # damaged index is detected on open and rebuilt (it is derived state); flushing 0.5-1 GB
    # would cost seconds on every rebuild.
    if target.exists() and not _release_wal(target):
        source = sqlite3.connect(built)
        dest = sqlite3.connect(target, timeout=10.0)
        try:
            source.backup(dest)
        except sqlite3.Error as exc:
            raise as_failure(exc, target) from exc
        finally:
            source.close()
            dest.close()
        built.unlink()
        return
    os.replace(built, target)
    for suffix in ("-wal", "-shm"):
        with contextlib.suppress(FileNotFoundError):
            # Only reached when the old database could not be opened at all (damaged): its log
            # is worthless and must not pair with the new file.
            Path(str(target) + suffix).unlink()


def _release_wal(target: Path) -> bool:
    """True if `target` is now a rollback-journal database (or not a database at all)."""
    try:
        conn = sqlite3.connect(target, timeout=0.2, isolation_level=None)
    except sqlite3.Error:
        return True
    try:
        conn.execute("PRAGMA busy_timeout=200")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        mode = conn.execute("PRAGMA journal_mode=DELETE").fetchone()[0]
        return str(mode).lower() == "delete"
    except sqlite3.OperationalError as exc:
        return not ("locked" in str(exc) or "busy" in str(exc))
    except sqlite3.DatabaseError:
        return True  # damaged: nothing in it is worth keeping
    finally:
        conn.close()


def problem(path: Path) -> str | None:
    """Why the index at `path` cannot answer (missing, empty), with the fix; None when usable."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return f"there is no index yet ({path}): run `vaultsync rebuild`"
    except OSError as exc:
        return f"the index cannot be read ({exc.strerror}): {path}"
    if size == 0:
        return f"the index is empty (0 bytes): run `vaultsync rebuild` ({path})"
    return None


# Set by rebuild: an index file that appeared any other way (deleted and reopened, cut to 0
# bytes, which SQLite opens as empty) lacks it and is rebuilt in full by the next reconcile.
def is_complete(conn: sqlite3.Connection) -> bool:
    row = conn.execute("SELECT value FROM meta WHERE key='complete'").fetchone()
    return bool(row and row[0] == "1")


def mark_complete(conn: sqlite3.Connection) -> None:
    conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES('complete', '1')")
