"""How an event reaches its session note: directly, under the session's lock, or through the
spool when it cannot be written in time.

- A session's note is found through a pointer file in the per-vault state folder, created
  race-free on the first event (`session_rel`).
- `record` takes the session's lock for at most `hook.lock_wait_s`; under it, what waits in the
  session's spool is written first, then the event, through the filters (core/hook/event_filter.py),
  in one append under the note's lock, with the note checked for a stale editor save first
  (core/hook/journal.py). If the lock stays busy, or the time limit is near, the event is spooled
  (core/hook/spool.py) and the lock's holder, or the next call, writes it.
- `drain_sessions` writes what waits in every session's spool (the watcher, rebuild, status).

Exactly once: everything runs under the session's lock, an event whose id the note already
holds is skipped, and a spool file is removed only after the note holding its event is fsynced.

No error loses an event: when the note cannot be written (a full disk, a read-only folder, a
note or a folder on the way that is a symbolic link, which is never written through), the
event is spooled exactly as for a timeout, with the reason (`why`), which `vaultsync status` and
`doctor` show; the hook error log says it once per call. The next call (or the watcher, status,
rebuild) writes the spool once the cause is gone.
"""

from __future__ import annotations

import contextlib
import os
from datetime import UTC, datetime
from pathlib import Path

from vaultsync.core import eventlog, paths, timestamp, writer
from vaultsync.core.hook.event_filter import (
    Seen,
    drop_reason,
    dropped_tool_calls,
    dump_seen,
    load_seen,
    remember,
    skipped,
)
from vaultsync.core.model import Event, EventKind, SessionStatus
from vaultsync.core.project import Project
from vaultsync.core.queue import NoBudget, close_session

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from vaultsync.core.config import Config
    from vaultsync.core.queue import Budget


def session_file(vault: Path, agent: str, session_id: str, suffix: str = "") -> Path:
    return paths.session_state(vault, paths.session_key(agent, session_id), suffix)


def valid_rel(vault: Path, rel: str) -> bool:
    """`rel` names a session note under sessions/ (what a spooled record may point at).
    Checked by its text alone: a symbolic link on the way does not make the record invalid
    (it would be set aside for good); it stops the write (`refuse_links`), and the record
    waits until the link is gone."""
    if not rel.startswith(paths.SESSIONS_DIR + "/") or not rel.endswith(".md"):
        return False
    return not ("\x00" in rel or ".." in Path(rel).parts or Path(rel).is_absolute())


def may_write(vault: Path, rel: str, event: Event) -> bool:
    """`event` may be appended to `rel`: a session note under sessions/, or the note of the
    event's own session that a person moved out of it (`session_finder.owns`)."""
    if valid_rel(vault, rel):
        return True
    from vaultsync.core.hook.session_finder import owns

    return owns(vault, rel, event.agent, (event.session_id,))


def session_rel(
    vault: Path,
    agent: str,
    session_id: str,
    now: datetime,
    shown_id: str | None = None,
    index_file: Path | None = None,
) -> str:
    """The session's note (relative path), decided once per session and remembered in a
    pointer file; the first of several parallel first events wins, the others follow it.
    `shown_id`: the redacted session id, the one a file name may show. A note a person moved
    or renamed is found again by its session id (`core.session_finder`)."""
    pointer = session_file(vault, agent, session_id)
    try:
        rel = pointer.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        rel = ""

    def fresh() -> str:
        stamp = now.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        return _find_note(vault, agent, session_id, now) or paths.session_note_rel(
            agent, session_id, stamp, shown=shown_id
        )

    if rel and (valid_rel(vault, rel) or _still_ours(vault, rel, agent, shown_id, session_id)):
        if (vault / rel).is_file() and _still_ours(vault, rel, agent, shown_id, session_id):
            return rel
        from vaultsync.core.hook.session_finder import moved_note

        moved = moved_note(vault, agent, shown_id or session_id, session_id, index_file)
        if moved is None and rel.startswith(paths.SESSIONS_DIR + "/"):
            return rel  # deleted: the session goes on in a new note at the same path
        # Moved (followed), or the note it followed out of sessions/ is gone or no longer
        # the session's (then a new note under sessions/).
        moved = moved or fresh()
        with contextlib.suppress(OSError):  # a full state folder: found again next time
            writer.write_atomic(pointer, moved + "\n", fsync=False)
        return moved
    rel = fresh()
    try:
        if not writer.create_exclusive(pointer, rel + "\n"):
            try:
                winner = pointer.read_text(encoding="utf-8").strip()
            except (OSError, UnicodeDecodeError):
                winner = ""
            if valid_rel(vault, winner):
                return winner
            writer.write_atomic(pointer, rel + "\n", fsync=False)  # the old pointer was damaged
    except OSError as exc:
        # The state folder is full or read-only: the event still goes to its note (the next
        # call finds the note by its name's hash, `_find_note`); the problem is reported.
        from vaultsync.core import logs

        logs.hook_error(agent, "", "StateWriteError", f"session pointer not kept: {_why(exc)}")
    return rel


def _why(exc: OSError) -> str:
    where = f": {exc.filename}" if getattr(exc, "filename", None) else ""
    return f"{exc.strerror or exc}{where}"[:300]


def _still_ours(vault: Path, rel: str, agent: str, shown_id: str | None, session_id: str) -> bool:
    """A note the session followed out of sessions/ must still be its note (a person may
    have reused the file); under sessions/ the path alone decides, as it always did."""
    if rel.startswith(paths.SESSIONS_DIR + "/"):
        return True
    from vaultsync.core.hook.session_finder import owns

    return owns(vault, rel, agent, (shown_id or session_id, session_id))


def _find_note(vault: Path, agent: str, session_id: str, now: datetime) -> str | None:
    """A lost pointer: look for the note by its hash in this month's and last month's folder,
    months in the person's zone (where notes are filed, paths.session_note_rel) and in UTC
    (where older versions filed them): in UTC+8 on the 1st at 02:00 it is still last month
    in UTC."""
    digest = paths.short_hash(paths.machine_id(), agent, session_id)
    folders: list[str] = []
    for day in (paths.local_stamp(now.isoformat())[0], f"{now.astimezone(UTC):%Y-%m-%d}"):
        year, month = int(day[:4]), int(day[5:7])
        for y, m in ((year, month), (year, month - 1) if month > 1 else (year - 1, 12)):
            if f"{y:04d}/{m:02d}" not in folders:
                folders.append(f"{y:04d}/{m:02d}")
    for month_folder in folders:
        folder = vault / paths.SESSIONS_DIR / month_folder
        for found in sorted(folder.glob(f"* {digest}.md")):
            rel = found.relative_to(vault).as_posix()
            if valid_rel(vault, rel):
                return rel
    return None


def _header(event: Event, project: Project) -> str:
    from vaultsync.core import properties, schema

    props = schema.session_props(
        agent=event.agent,
        session_id=event.session_id,
        project=event.project,
        cwd=event.cwd,
        started=timestamp.format(timestamp.parse(event.ts) or timestamp.now()),
        machine=paths.machine_id(),
    )
    short = paths.session_slice(event.session_id, event.agent)
    name = paths.safe_component(project.name or "no project", 60)
    return properties.render_frontmatter(props) + f"\n# {event.agent} session {short} — {name}\n"


SPOOLED = "spooled"  # record(): the event waits in the spool (not dropped)


def session_key(agent: str, session_id: str) -> str:
    """Names the session's state files, lock and spool folder."""
    return paths.session_key(agent, session_id)


def _lock_wait(cfg: Config, budget: Budget) -> float:
    """How long to wait for the session's lock before spooling instead: short, so a busy
    session turns parallel hooks into one writer that appends the others' events in a batch,
    and never so long that the time limit could catch the event unwritten."""
    wait = float(cfg.get("hook", "lock_wait_s") or 0.2)
    return max(0.0, min(wait, budget.remaining() - reserve(budget)))


def reserve(budget: Budget) -> float:
    """Time kept back for spooling (one small fsynced file) before the limit: a fifth of the
    limit, at most 0.25 s."""
    return min(0.25, 0.2 * float(getattr(budget, "limit", 10.0)))


def settle(budget: Budget) -> None:
    """Tell the time limit this call's event is taken care of (written, spooled or filtered):
    if the limit strikes later (while draining others), there is nothing to keep."""
    settler = getattr(budget, "settle", None)
    if settler is not None:
        settler()


def _set_fallback(budget: Budget, fallback: Any) -> None:
    setter = getattr(budget, "set_fallback", None)
    if setter is not None:
        setter(fallback)


def record(
    vault: Path, cfg: Config, event: Event, rel: str, project: Project, budget: Budget
) -> str | None:
    """Append `event` to its note unless a filter drops it; when it cannot be written in time
    (the session's lock stays busy, the limit is near) it goes to the spool. Returns None
    when written, SPOOLED when spooled, else the reason it was dropped."""
    from vaultsync.core.hook import spool

    key = session_key(event.agent, event.session_id)
    entry = {"v": 1, "kind": "event", "rel": rel, "project": project.name}
    entry["block"] = eventlog.render(event)

    def to_spool() -> None:
        spool.put(vault, key, entry)

    # If the time limit strikes before the event is in its note, the hook spools it on exit.
    _set_fallback(budget, to_spool)
    failed: OSError | None = None
    try:
        try:
            with writer.locked(session_lock(vault, key), timeout=_lock_wait(cfg, budget)):
                outcome = _write_session(vault, cfg, key, budget, own=(event, rel, project.name))
        except TimeoutError:
            outcome = None
        except OSError as exc:  # the note (or the lock) cannot be written: kept, not lost
            outcome, failed = None, exc
            entry["why"] = f"cannot write {rel}: {_why(exc)}"
        if outcome is None:  # lock busy, or no time left to write (or to drain what waits)
            # The log line goes in the same critical block: the limit, striking after the
            # event is settled, would otherwise cut it and leave the overrun unreported.
            with budget.critical():
                to_spool()
                if failed is not None:
                    _log_failure(event, str(entry["why"]))
                else:
                    _log_overload(budget)
                settle(budget)
                _set_fallback(budget, None)
            if failed is None:
                combine(vault, cfg, key, budget)
            return SPOOLED
        settle(budget)  # written (or filtered): nothing of this call is left to keep
        _set_fallback(budget, None)
    finally:
        _set_fallback(budget, None)
    combine(vault, cfg, key, budget)
    reason, kinds = outcome
    _close_drained(vault, cfg, rel, kinds, event, budget)
    return reason


def _log_failure(event: Event, why: str) -> None:
    from vaultsync.core import logs

    logs.hook_error(event.agent, event.native_event, "NoteWriteError", f"{why}: event spooled")


def _log_overload(budget: Budget) -> None:
    """A busy session lock is the normal way parallel hooks hand their events to one writer;
    running out of time is worth a line in the hook error log (`vaultsync status` counts it),
    though nothing was lost."""
    if budget.remaining() > 2 * reserve(budget) + 0.05:
        return
    from vaultsync.core import logs

    message = "no time left to write the event: spooled, written by the next call"
    logs.hook_error("", "", "TimeLimit", message)


def session_lock(vault: Path, key: str) -> Path:
    return paths.session_state(vault, key, ".lock")


def combine(vault: Path, cfg: Config, key: str, budget: Budget) -> None:
    """After letting go of (or failing to get) the session's lock: if events wait in its
    spool, take the lock without waiting and drain them. Every spooler tries once after its
    file is in place and every holder checks after letting go, so the last one out always
    sees what was spooled while it held the lock: no event is left behind by a race."""
    from vaultsync.core.hook import spool

    while spool.has_pending(vault, key) and budget.remaining() > 2 * reserve(budget):
        try:
            with writer.locked(session_lock(vault, key), timeout=0):
                outcome = _write_session(vault, cfg, key, budget, own=None)
        except TimeoutError:
            return  # the holder drains them, or checks again after letting go
        except OSError:
            return  # the note still cannot be written: the records wait, with their reason
        if outcome is None:
            return
        _close_drained(vault, cfg, None, outcome[1], None, budget)


def _close_drained(
    vault: Path,
    cfg: Config,
    rel: str | None,
    kinds: list[tuple[str, EventKind]],
    own: Event | None,
    budget: Budget,
) -> None:
    """Turn and session ends that came out of the spool get their assessment now (the
    caller assesses its own event)."""
    done: dict[str, bool] = {}
    for note_rel, kind in kinds:
        if own is not None and note_rel == rel:
            continue
        if kind in (EventKind.TURN_END, EventKind.SESSION_END):
            done[note_rel] = done.get(note_rel, False) or kind is EventKind.SESSION_END
    for note_rel, final in done.items():
        assess(vault, cfg, note_rel, timestamp.now(), final=final, budget=budget)


def assess(
    vault: Path, cfg: Config, rel: str, now: datetime, *, final: bool, budget: Budget
) -> SessionStatus | None:
    """The session's queue status (core/queue.close_session), counting the tool calls the
    filters left out of its note: the one way to close a session (the hook's, and learn's
    for a session whose agent never ended it)."""
    return close_session(
        vault, cfg, rel, now, final=final, budget=budget, dropped_tools=dropped_tool_calls
    )


def _write_session(
    vault: Path,
    cfg: Config,
    key: str,
    budget: Budget,
    own: tuple[Event, str, str] | None,
) -> tuple[str | None, list[tuple[str, EventKind]]] | None:
    """Under the session's lock: what waits in its spool, then `own` (event, rel, project
    name), through the filters and into the note in one append. Returns (why `own` was
    dropped or None, [(rel, kind) of each event written]), or None when `own` could not be
    written in time (the caller spools it; what was drained stays drained)."""
    from vaultsync.core.hook import spool

    seen_file = _session_file_by_key(vault, key, ".seen")
    seen = first_seen = load_seen(seen_file)
    batches: dict[str, tuple[str, list[tuple[str, str, Event]]]] = {}  # rel -> (project, ...)
    taken: list[Path] = []
    complete = True
    held: dict[str, str] = {}
    for item in spool.pending(vault, key):
        if budget.remaining() < 2 * reserve(budget):
            complete = False
            break
        data = spool.load(item)
        if data is None:
            continue
        found = eventlog.parse(str(data.get("block", "")))
        rel = str(data.get("rel", ""))
        if len(found) != 1 or not may_write(vault, rel, found[0]):
            spool.set_aside(item)
            continue
        event = found[0]
        if rel not in held:
            held[rel] = note_text(vault, rel)
        taken.append(item)
        if event.id in held[rel]:
            continue  # already in the note (a drain killed before its unlink)
        if drop_reason(event, seen, cfg):
            seen = skipped(seen, event)
            continue
        seen = remember(seen, event)
        batch = batches.setdefault(rel, (str(data.get("project", "")), []))[1]
        batch.append((event.id, str(data["block"]), event))
    reason: str | None = None
    if own is not None and complete:
        event, rel, project_name = own
        batched = batches.get(rel, ("", []))[1]
        # A replayed raw payload whose event was also spooled (the limit struck between the
        # two) is already in the note or in this batch: once is enough.
        again = any(i == event.id for i, _, _ in batched) or event.id in held.get(rel, "")
        reason = None if again else drop_reason(event, seen, cfg)
        if reason is not None:
            seen = skipped(seen, event)
        elif not again:
            seen = remember(seen, event)
            batch = batches.setdefault(rel, (project_name, []))[1]
            batch.append((event.id, eventlog.render(event), event))
    written = _finish(vault, batches, taken, seen_file, seen, budget, seen is not first_seen)
    if written is None or (own is not None and not complete):
        return None  # `own` must wait behind what is still spooled: it is spooled too
    return reason, written


def _finish(
    vault: Path,
    batches: dict[str, tuple[str, list[tuple[str, str, Event]]]],
    taken: list[Path],
    seen_file: Path,
    seen: Seen,
    budget: Budget,
    seen_changed: bool = True,
) -> list[tuple[str, EventKind]] | None:
    """Append each note's batch in one write, journal it, then let go of the spool files.
    None when a note's lock stayed busy (a rewrite of it): the spool keeps what it held."""
    from vaultsync.core.hook import journal, spool

    written: list[tuple[str, EventKind]] = []
    window = repair_window(None)
    for rel, (project_name, batch) in batches.items():
        refuse_links(vault, rel)
        target = paths.inside(vault, vault / rel)
        try:
            note_lock = writer.locked(
                paths.lock_path(vault, rel), timeout=max(0.0, budget.remaining() - reserve(budget))
            )
            with note_lock, budget.critical():
                journal.repair_locked(vault, rel, target, window)
                header = _header_for(batch[0][2], project_name)
                writer.append_unlocked(target, "".join(b for _, b, _ in batch), header=header)
                journal.record(vault, rel, target, [(i, b) for i, b, _ in batch])
        except TimeoutError:
            return None
        written += [(rel, e.kind) for _, _, e in batch]
    with budget.critical():
        for item in taken:
            spool.remove(item)
        if not seen_changed:
            return written
        with contextlib.suppress(OSError):  # only the repeat filter's memory (a full disk)
            writer.overwrite(seen_file, dump_seen(seen), mode=0o644)
    return written


def refuse_links(vault: Path, rel: str) -> None:
    """A session note is never written through a symbolic link: not the note, not a folder on
    the way (`sessions/` or a month linked to another disk, or pushed by a remote). Raises
    `regular_file.NotRegular`, so the event is spooled with this reason."""
    import errno
    import stat

    from vaultsync.core import regular_file

    folder = regular_file.linked_folder(vault, vault / rel)
    if folder is not None:
        shown = folder.relative_to(vault).as_posix()
        raise regular_file.NotRegular(
            errno.ELOOP, f"{shown}/ is a symbolic link (vaultsync never writes through one)"
        )
    try:
        mode = os.lstat(vault / rel).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISREG(mode):
        raise regular_file.NotRegular(
            errno.ELOOP, f"{rel} is not a regular file (a link, FIFO or folder)"
        )


def _header_for(event: Event, project_name: str) -> Any:
    return lambda: _header(event, Project("", "", project_name))


def repair_window(cfg: Config | None) -> float:
    from vaultsync.core.hook import journal

    if cfg is None:
        return journal.DEFAULT_WINDOW_S
    return float(cfg.get("hook", "repair_window_s") or journal.DEFAULT_WINDOW_S)


def note_text(vault: Path, rel: str) -> str:
    """The note's text, for the ids it holds; "" for a missing note, a link or a FIFO."""
    from vaultsync.core import regular_file

    try:
        return regular_file.text(vault / rel, vault=vault, follow=False)
    except OSError:
        return ""


def _session_file_by_key(vault: Path, key: str, suffix: str = "") -> Path:
    return paths.session_state(vault, key, suffix)


def drain_sessions(vault: Path, cfg: Config, budget: Budget | None = None) -> int:
    """Everything waiting in the sessions' spools, into their notes (the watcher, rebuild,
    status; the hook drains its own session as it writes). Returns how many events this call
    wrote."""
    from vaultsync.core.hook import spool

    budget = budget or NoBudget()
    written = 0
    for key in spool.keys(vault):
        if key == spool.RAW:
            continue  # raw payloads need parsing and redaction first: capture.drain_raw
        try:
            with writer.locked(session_lock(vault, key), timeout=budget.remaining()):
                outcome = _write_session(vault, cfg, key, budget, own=None)
        except TimeoutError:
            continue
        except OSError:
            continue  # its note still cannot be written: the records wait, with their reason
        if outcome is not None:
            written += len(outcome[1])
            _close_drained(vault, cfg, None, outcome[1], None, budget)
    return written
