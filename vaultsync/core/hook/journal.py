"""Stale-save repair: events an editor's stale buffer wrote over are put back.

An editor (Obsidian) saves its whole buffer. If hook events were appended to a session note
after the editor read it, that save erases them, and nothing vaultsync checks before its own
writes can prevent it: the overwrite comes after. So every event written to a session note is
also kept in a per-note journal outside the vault (`<state>/journal/<hash>.jsonl`, the same
redacted block as in the note), and the note is checked afterwards: by the next hook call of
the session (one stat: the note's size and mtime against those after vaultsync's last
append), by the watcher for every session note that changed, and by `vaultsync rebuild`.

The rule that tells a stale save from a deliberate deletion: an event of the journal that is
missing from the note is put back (appended at the end, after the person's text) when no event
journaled after it is still in the note: a stale buffer loses the newest events, all of them.
An event missing while a later one survives was deleted from the middle on purpose and stays
deleted. A deletion of the newest events of a session is therefore undone for as long as they
are in the repair window (`hook.repair_window_s`, default 600 s from when each event was
written); after that the journal forgets them and such a deletion stays too. A note that was
deleted or moved away as a whole is never recreated.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from vaultsync.core import eventlog, paths, writer

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

DEFAULT_WINDOW_S = 600.0
_COMPACT_AT = 1 << 20  # bytes of journal before old entries are dropped


def _base(vault: Path, rel: str) -> Path:
    return paths.state_dir(vault) / "journal" / paths.short_hash(rel, n=16)


def ids_in(text: str) -> set[str]:
    return eventlog.ids(text)


def record(vault: Path, rel: str, target: Path, entries: list[tuple[str, str]]) -> None:
    """After vaultsync appended `entries` ((event id, block), in note order) to `target`."""
    base = _base(vault, rel)
    journal = base.with_suffix(".jsonl")
    if entries:
        now = round(time.time(), 3)
        lines = "".join(
            json.dumps({"id": i, "t": now, "block": b}, ensure_ascii=False) + "\n"
            for i, b in entries
        )
        journal.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(journal, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, lines.encode("utf-8", "surrogatepass"))
            size = os.fstat(fd).st_size
        finally:
            os.close(fd)
        if size > _COMPACT_AT:
            _compact(journal, DEFAULT_WINDOW_S)
    _remember_tail(base, rel, target, _ending(entries[-1][1] if entries else ""))


def _ending(text: str) -> bytes:
    return text.rstrip().encode("utf-8", "surrogatepass")[-256:]


def _remember_tail(base: Path, rel: str, target: Path, ending: bytes = b"") -> None:
    """Keep the note's size and mtime as this append left it. An editor's save can land
    between the append and this stat: then the stat describes the person's stale buffer, and
    taking it for ours would hide the events that buffer dropped from every later repair. So
    the note must still end with the block just appended; if not, the tail is left unusable
    and the next call compares the ids instead."""
    try:
        with open(target, "rb") as fh:
            st = os.fstat(fh.fileno())  # first: a save after it changes size or mtime anyway
            size, mtime = st.st_size, st.st_mtime_ns
            if ending:
                fh.seek(max(0, size - len(ending) - 16))
                if ending not in fh.read():
                    size, mtime = -1, -1
    except OSError:
        return
    data = json.dumps({"rel": rel, "size": size, "mtime": mtime})
    writer.overwrite(base.with_suffix(".tail"), data.encode("utf-8"), mode=0o644)


def _tail(base: Path) -> dict[str, Any] | None:
    try:
        with open(base.with_suffix(".tail"), encoding="utf-8") as fh:
            data = json.loads(fh.read())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def entries(vault: Path, rel: str, window_s: float = DEFAULT_WINDOW_S) -> list[dict[str, Any]]:
    """The journal's entries still inside the repair window, oldest first."""
    journal = _base(vault, rel).with_suffix(".jsonl")
    try:
        raw = journal.read_bytes().decode("utf-8", "surrogatepass")
    except (OSError, UnicodeDecodeError):
        return []
    since = time.time() - window_s
    out = []
    for line in raw.splitlines():
        try:
            item = json.loads(line)
        except ValueError:
            continue  # a line torn by a crash: its event is in the note or the spool
        if isinstance(item, dict) and float(item.get("t", 0)) >= since and item.get("id"):
            out.append(item)
    return out


def _compact(journal: Path, window_s: float) -> None:
    since = time.time() - window_s
    kept = []
    for line in journal.read_text(encoding="utf-8", errors="surrogateescape").splitlines():
        try:
            if float(json.loads(line).get("t", 0)) >= since:
                kept.append(line + "\n")
        except (ValueError, AttributeError):
            continue
    writer.write_atomic(journal, "".join(kept).encode("utf-8", "surrogateescape"), fsync=False)


def lost(journal_entries: list[dict[str, Any]], present: set[str]) -> list[dict[str, Any]]:
    """The newest journaled events missing from the note: those after the last one that is
    still there (all of them, if none is)."""
    last = -1
    for i, item in enumerate(journal_entries):
        if item["id"] in present:
            last = i
    out, once = [], set(present)  # an id journaled twice is put back once
    for e in journal_entries[last + 1 :]:
        if e["id"] not in once:
            once.add(e["id"])
            out.append(e)
    return out


def _settled_text(target: Path, tries: int = 5) -> str | None:
    """The note once two reads 20 ms apart agree: an editor that writes in place truncates
    the file first, and a repair that read it then would take every event for lost."""
    try:
        text = target.read_text(encoding="utf-8", errors="surrogateescape")
        for _ in range(tries):
            time.sleep(0.02)
            again = target.read_text(encoding="utf-8", errors="surrogateescape")
            if again == text and text.strip():
                return text
            text = again
    except FileNotFoundError:
        return None
    return None


def unchanged_since_append(vault: Path, rel: str, target: Path) -> bool:
    tail = _tail(_base(vault, rel))
    if tail is None:
        return not _base(vault, rel).with_suffix(".jsonl").exists()
    try:
        st = os.stat(target)
    except OSError:
        return True  # no note: nothing to repair (and a deleted note is never recreated)
    return bool(tail.get("size") == st.st_size and tail.get("mtime") == st.st_mtime_ns)


def repair_locked(vault: Path, rel: str, target: Path, window_s: float = DEFAULT_WINDOW_S) -> int:
    """Put back the events a stale save dropped; the caller holds the note's lock. Returns
    how many were appended."""
    if unchanged_since_append(vault, rel, target):
        return 0
    try:
        text: str | None = target.read_text(encoding="utf-8", errors="surrogateescape")
    except FileNotFoundError:
        return 0
    journaled = entries(vault, rel, window_s)
    missing = lost(journaled, ids_in(text or ""))
    if missing:  # confirm on a settled read before putting anything back
        text = _settled_text(target)
        if text is None:
            return 0  # gone, or still being written: the next check repairs it
        missing = lost(journaled, ids_in(text))
    if missing:
        block = "".join(str(e["block"]) for e in missing)
        writer.append_unlocked(target, block)
    ending = block if missing else (text or "")
    _remember_tail(_base(vault, rel), rel, target, _ending(ending))
    return len(missing)


def repair(vault: Path, rel: str, window_s: float = DEFAULT_WINDOW_S, timeout: float = 10) -> int:
    """`repair_locked` under the note's lock (the watcher, rebuild)."""
    target = vault / rel
    if unchanged_since_append(vault, rel, target):
        return 0
    with writer.locked(paths.lock_path(vault, rel), timeout):
        return repair_locked(vault, rel, target, window_s)


def journaled_rels(vault: Path) -> list[str]:
    """Every session note with a journal (for rebuild)."""
    found = []
    folder = paths.state_dir(vault) / "journal"
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    for name in names:
        if name.endswith(".tail"):
            tail = _tail(folder / name[: -len(".tail")])
            if tail and isinstance(tail.get("rel"), str):
                found.append(tail["rel"])
    return sorted(found)


def repair_all(vault: Path, window_s: float = DEFAULT_WINDOW_S) -> int:
    repaired = 0
    for rel in journaled_rels(vault):
        try:
            paths.inside(vault, vault / rel)
            repaired += repair(vault, rel, window_s)
        except (ValueError, OSError):
            continue
    return repaired
