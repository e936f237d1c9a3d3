"""The spool: where an event waits when the hook cannot write it into its note in time.

A hook that must stop before it has written (its time limit is near, the session's lock is
busy, the machine is overloaded) puts its event here instead of dropping it: one small file,
written to a temp name, fsynced and renamed into place, so it is either whole or absent.
The spool lives in the per-vault state folder (outside the vault, outside git), in a 0700
folder of 0600 files:

    <state>/spool/<session key>/<time ns>-<pid>-<random>.json   an event, already redacted
    <state>/spool/_raw/<time ns>-<pid>-<random>.json            a payload the hook had no time
                                                                 to parse (not yet redacted)

When the state folder cannot take a record (its disk is full, it is read-only), the record goes
to the per-user fallback, `$TMPDIR/vaultsync-<uid>/<vault key>/spool/` (`/tmp` without
TMPDIR; the top folder 0700 and owned by this user, or it is not used), never into the vault:
a raw payload is not yet redacted, and the vault is shared. Both places are drained alike;
names sort across them in spool order.

Names sort in the order the events were spooled, which for one caller is the order it sent
them. The spool is drained into the session notes, in that order and exactly once, by whoever
comes first: the next hook call of the session (before it writes its own event), the hook that
holds the session's lock when it lets go, the watcher, `vaultsync rebuild` and `vaultsync
status` (core/hook/delivery.py, capture.drain_spool). Exactly once: a drain runs under the session's
lock, skips an event whose id its note already holds (a drain killed between the append and the
unlink leaves such a file behind), and removes a file only after the note holding its event is
fsynced.

stdlib only: this is on the hook path.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path

from vaultsync.core import paths

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

RAW = "_raw"
_SUFFIX = ".json"


def folder(vault: Path) -> Path:
    return paths.state_dir(vault) / "spool"


def fallback_folder(vault: Path) -> Path:
    """Where records go when the state folder cannot take them (see the module's text)."""
    return paths.fallback_dir() / paths.vault_key(vault) / "spool"


def folders(vault: Path) -> tuple[Path, Path]:
    return folder(vault), fallback_folder(vault)


def _private_dir(path: Path) -> Path:
    """`path` as a 0700 folder (the state folder above it may be shared with other tools)."""
    try:
        os.mkdir(path, 0o700)
    except FileExistsError:
        return path
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
        return _private_dir(path)
    os.chmod(path, 0o700)  # the umask may have taken bits away; never added any
    return path


def put(vault: Path, key: str, record: dict[str, Any]) -> Path:
    """Store one record durably under `key` (a session key, or RAW); returns its file. When
    the state folder cannot take it, the per-user fallback does; the first error is raised
    only when neither can."""
    try:
        return _put(folder(vault), key, record)
    except OSError as first:
        try:
            paths.private_fallback_dir()
            return _put(fallback_folder(vault), key, record)
        except OSError:
            raise first from None


def _put(base: Path, key: str, record: dict[str, Any]) -> Path:
    where = _private_dir(_private_dir(base) / key)
    name = f"{time.time_ns():020d}-{os.getpid()}-{os.urandom(3).hex()}{_SUFFIX}"
    tmp = where / f".{name}.tmp"
    data = json.dumps(record, ensure_ascii=False).encode("utf-8", "surrogatepass")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
    finally:
        os.close(fd)
    target = where / name
    os.rename(tmp, target)
    dfd = os.open(where, os.O_RDONLY)
    try:
        os.fsync(dfd)
    finally:
        os.close(dfd)
    return target


def pending(vault: Path, key: str) -> list[Path]:
    """The records waiting under `key`, oldest first (both places, by name: time first)."""
    found: list[Path] = []
    for base in folders(vault):
        where = base / key
        try:
            names = os.listdir(where)
        except OSError:
            continue
        found += [where / n for n in names if n.endswith(_SUFFIX) and not n.startswith(".")]
    return sorted(found, key=lambda p: p.name)


def has_pending(vault: Path, key: str) -> bool:
    for base in folders(vault):
        try:
            with os.scandir(base / key) as entries:
                if any(e.name.endswith(_SUFFIX) and not e.name.startswith(".") for e in entries):
                    return True
        except OSError:
            continue
    return False


def keys(vault: Path) -> list[str]:
    """Every key with something waiting (RAW first: a raw payload may be older than what
    was spooled after it for the same session)."""
    names: set[str] = set()
    for base in folders(vault):
        with contextlib.suppress(OSError):
            names.update(os.listdir(base))
    found = [n for n in sorted(names) if not n.startswith(".") and has_pending(vault, n)]
    return sorted(found, key=lambda n: n != RAW)


def count(vault: Path) -> int:
    return sum(len(pending(vault, k)) for k in keys(vault))


def problem(vault: Path) -> str | None:
    """Why the newest waiting record could not be written into its note (a full disk, a
    link, a read-only folder), or None when nothing waits for such a reason."""
    newest: tuple[str, str] | None = None
    for key in keys(vault):
        for item in pending(vault, key):
            data = load(item)
            why = data.get("why") if data else None
            if isinstance(why, str) and (newest is None or item.name > newest[0]):
                newest = (item.name, why)
    return newest[1] if newest else None


def load(path: Path) -> dict[str, Any] | None:
    """A record, or None if it is gone (another drain took it) or unreadable."""
    try:
        data = json.loads(path.read_bytes())
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        set_aside(path)
        return None
    return data if isinstance(data, dict) else None


def set_aside(path: Path, replacement: dict[str, Any] | None = None) -> Path:
    """A record that cannot be written (damaged, or a payload that came incomplete) is kept
    under another name for a person to look at, never retried forever or deleted;
    `replacement`: what to keep instead (the record redacted)."""
    kept = path.with_name(path.name + ".bad")
    with contextlib.suppress(OSError):
        if replacement is None:
            os.rename(path, kept)
            return kept
        tmp = path.with_name(f".{kept.name}.tmp")
        data = json.dumps(replacement, ensure_ascii=False).encode("utf-8", "surrogatepass")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.rename(tmp, kept)
        os.unlink(path)
    return kept


def remove(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)
