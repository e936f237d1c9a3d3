"""The learning queue as the hook keeps it: which sessions are worth learning from.

At the end of a session (and at each turn end, for agents or versions that may never send an
end event) the session note is assessed: tool calls (with those the hook's filters left out of
the note), edits, minutes from first to last event, redactions and injection flags. Its status
becomes `privacy_deferred` when anything was redacted or flagged, else `pending` when it
reached any threshold (`learn.min_tool_calls`, `learn.min_edits`, `learn.min_minutes`) or, at
its end, when the person stated a lasting wish in it (core/preference.py), else `skipped`. A
later assessment never moves a session back, and what learn decided (`summarized`, `deferred`)
stays.

The status is recorded twice: in the note's frontmatter (the truth, rebuilt from by rebuild)
and as a queue marker, `<queue_dir>/<hash of rel>.<status>` holding `<status>\t<rel>`. The
status is in the name so that counting the queue (every session start shows it) is one listdir
however many sessions a vault holds: reading one file per marker cost a session start 20-28 ms
at 769 markers. A marker of an older version (`<hash of rel>`, no status in its name) is read
by the first count and renamed (or replaced when its session's status is set, or at rebuild).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path

from vaultsync.core import eventlog, paths, timestamp, writer
from vaultsync.core.model import QUEUE_STATES, Event, EventKind, SessionStatus, ToolKind

# typing costs the hook ~2 ms to import; annotations are strings anyway.
TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any, Protocol

    from vaultsync.core.config import Config

    class Budget(Protocol):
        """The hook's time limit as the writers see it: how long is left, and a section the
        limit must not cut through."""

        def remaining(self) -> float: ...

        def critical(self) -> contextlib.AbstractContextManager[Any]: ...


_TOOLISH = (EventKind.TOOL, EventKind.TOOL_ERROR)


class NoBudget:
    """No time limit: what callers outside the hook get."""

    def remaining(self) -> float:
        return 10.0

    @contextlib.contextmanager
    def critical(self) -> Iterator[None]:
        yield


class SessionFacts:
    """What the assessment counts in a session note."""

    __slots__ = ("edits", "injections", "last_ts", "minutes", "redactions", "tool_calls")

    def __init__(
        self,
        tool_calls: int,
        edits: int,
        minutes: float,
        redactions: int,
        injections: int,
        last_ts: str,
    ) -> None:
        self.tool_calls, self.edits, self.minutes = tool_calls, edits, minutes
        self.redactions, self.injections, self.last_ts = redactions, injections, last_ts


def assess(events: list[Event]) -> SessionFacts:
    tools = [e for e in events if e.kind in _TOOLISH]
    edits = sum(1 for e in tools if e.tool_kind in (ToolKind.EDIT, ToolKind.WRITE))
    stamps = sorted(e.ts for e in events if e.ts)
    minutes = 0.0
    if len(stamps) >= 2:
        try:
            first, last = timestamp.parse(stamps[0]), timestamp.parse(stamps[-1])
            if first and last:
                minutes = round((last - first).total_seconds() / 60, 1)
        except (ValueError, OverflowError):
            minutes = 0.0
    return SessionFacts(
        tool_calls=len(tools),
        edits=edits,
        minutes=minutes,
        redactions=sum(e.redactions for e in events),
        injections=sum(e.injections for e in events),
        last_ts=stamps[-1] if stamps else "",
    )


def decide(facts: SessionFacts, cfg: Config, events: list[Event] | None = None) -> SessionStatus:
    """The session's status by its counts; given its `events`, a session below every threshold
    whose person stated a lasting wish ("from now on always use uv") is worth learning from
    too (core/preference.py)."""
    if facts.redactions or facts.injections:
        return SessionStatus.PRIVACY_DEFERRED
    learn = cfg.section("learn")
    worth = (
        facts.tool_calls >= int(learn.get("min_tool_calls", cfg.get("learn", "min_tool_calls")))
        or facts.edits >= int(learn.get("min_edits", cfg.get("learn", "min_edits")))
        or facts.minutes >= float(learn.get("min_minutes", cfg.get("learn", "min_minutes")))
    )
    if not worth and events:
        from vaultsync.core import preference

        worth = any(preference.lasting(e.prompt) for e in events if e.kind is EventKind.PROMPT)
    return SessionStatus.PENDING if worth else SessionStatus.SKIPPED


_OPEN = (None, SessionStatus.ACTIVE, SessionStatus.SKIPPED, SessionStatus.PENDING)


def merge_status(current: SessionStatus | None, new: SessionStatus) -> SessionStatus:
    """A later assessment never takes a session back: skipped -> pending -> privacy_deferred
    only move forward, and what learn decided (summarized, deferred) stays."""
    if current not in _OPEN:
        assert current is not None
        return current
    if current is SessionStatus.PENDING and new is SessionStatus.SKIPPED:
        return current
    return new


def close_session(
    vault: Path,
    cfg: Config,
    rel: str,
    now: datetime,
    *,
    final: bool,
    budget: Budget,
    dropped_tools: Callable[[Path, str, str], int] | None = None,
) -> SessionStatus | None:
    """Assess the session note and record its queue status (note frontmatter + marker).
    `dropped_tools(vault, agent, session_id)`: the tool calls the hook's filters left out of
    the note, counted with the ones it holds (the work done, not what was kept of it)."""
    from vaultsync.core import properties, schema

    if not rel.startswith(paths.SESSIONS_DIR + "/"):
        return None  # a note moved out of sessions/ still gets its events, but is not queued
    target = paths.inside(vault, vault / rel)
    if not target.exists():
        return None
    outcome: list[SessionStatus] = []

    def change(text: str) -> str | None:
        events = eventlog.parse(text)
        if not events:
            return None
        current = SessionStatus.parse(properties.get_scalar(text, "status"))
        facts = assess(events)
        if dropped_tools is not None:
            facts.tool_calls += dropped_tools(vault, events[0].agent, events[0].session_id)
        # A stated wish is read at the session's end only: each turn end of a short session
        # would pay for it, and only the final status decides what learn takes.
        status = merge_status(current, decide(facts, cfg, events if final else None))
        outcome.append(status)
        if not final and status is current:
            # A turn end changes nothing a person needs in the frontmatter: the turn-end event
            # itself was appended, and a rewrite of a note someone may have open is what a
            # stale editor buffer would later undo. Only a change of status is written (and
            # everything at the session's end).
            return None
        last = timestamp.parse(facts.last_ts) if facts.last_ts else None
        updated = timestamp.format(last or now)
        return properties.set_properties(
            text,
            schema.session_end_props(
                status=status.value,
                updated=updated,
                ended=timestamp.format(now) if final else None,
                tool_calls=facts.tool_calls,
                edits=facts.edits,
                minutes=facts.minutes,
                redactions=facts.redactions,
                injections=facts.injections,
            ),
        )

    with budget.critical():
        writer.rewrite(
            target, change, lock_file=paths.lock_path(vault, rel), timeout=budget.remaining()
        )
    if not outcome:
        return None
    status = outcome[0]
    set_marker(vault, rel, status)
    return status


# --- queue markers: the only code that writes or reads them ------------------------------------


def marker_path(vault: Path, rel: str, status: SessionStatus) -> Path:
    return paths.queue_dir(vault) / f"{paths.short_hash(rel, n=16)}.{status.value}"


def marker_text(status: SessionStatus, rel: str) -> str:
    return f"{status.value}\t{rel}\n"


def _names(key: str) -> tuple[str, ...]:
    """Every name a marker of the note hashed to `key` can have: an older version's (the key
    alone), then one per queue state."""
    return (key, *(f"{key}.{state.value}" for state in QUEUE_STATES))


def _reads(target: Path) -> str | None:
    try:
        return target.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def set_marker(vault: Path, rel: str, status: SessionStatus | None) -> None:
    """Queue markers mirror the session notes: one per queued session, none otherwise. An
    unchanged marker is not rewritten. A change is made under the queue's lock: two processes
    setting one session's status at once (the hook at a turn end, learn) leave one marker,
    never two or none."""
    folder = paths.queue_dir(vault)
    want: tuple[Path, str] | None = None
    if status is not None and status in QUEUE_STATES:
        want = marker_path(vault, rel, status), marker_text(status, rel)
    keep = want[0].name if want else None

    def others() -> list[Path]:
        names = (name for name in _names(paths.short_hash(rel, n=16)) if name != keep)
        return [folder / name for name in names if os.path.lexists(folder / name)]

    if not others() and (want is None or _reads(want[0]) == want[1]):
        return
    with writer.locked(paths.queue_lock(vault)):
        if want is not None and _reads(want[0]) != want[1]:
            writer.write_atomic(want[0], want[1], fsync=False)  # derived, outside the vault
        for stale in others():
            stale.unlink(missing_ok=True)


def align_markers(vault: Path, statuses: dict[str, str | None], *, complete: bool) -> None:
    """Make the markers of `statuses` (rel -> status property) match them. `complete` means
    `statuses` covers every session note: any other marker is stale and goes."""
    wanted = set()
    for rel, status in statuses.items():
        parsed = SessionStatus.parse(status) if status else None
        set_marker(vault, rel, parsed)
        if parsed is not None and parsed in QUEUE_STATES:
            wanted.add(marker_path(vault, rel, parsed).name)
    folder = paths.queue_dir(vault)
    if complete and folder.is_dir():
        for entry in os.scandir(folder):
            if entry.is_file() and not entry.name.startswith(".") and entry.name not in wanted:
                Path(entry.path).unlink(missing_ok=True)


def markers(vault: Path) -> list[tuple[str, str]]:
    """(status, rel) of every marker, in name order; unreadable ones are left out."""
    folder = paths.queue_dir(vault)
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    found = []
    for name in names:
        if name.startswith("."):
            continue
        try:
            with open(folder / name, encoding="utf-8", errors="replace") as fh:
                status, _, rel = fh.readline().rstrip("\n").partition("\t")
        except OSError:
            continue
        found.append((status, rel))
    return found


def rebuild_markers(vault: Path) -> None:
    """Fresh machine: the markers from the notes' `status` (no YAML, first 8 KB only)."""
    from vaultsync.core import properties

    root = vault / paths.SESSIONS_DIR
    paths.queue_dir(vault).mkdir(parents=True, exist_ok=True)
    if not root.is_dir():
        return
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            rel = (Path(dirpath) / name).relative_to(vault).as_posix()
            if not paths.is_note(rel):
                continue
            head = _regular_head(os.path.join(dirpath, name))
            # Only the hook's own session notes are queued: `type: session` with
            # the hook's header (a session id, or its tag); never a link or a FIFO.
            if head is None or properties.get_scalar(head, "type") != "session":
                continue
            if "vaultsync/session" not in head and not properties.get_scalar(head, "session_id"):
                continue
            set_marker(vault, rel, SessionStatus.parse(properties.get_scalar(head, "status") or ""))


def _regular_head(path: str) -> str | None:
    """The first 8 KB of a regular file; None for a symlink, FIFO or device (never opened for
    reading, so a FIFO cannot block: the rule of storage.vault_files, which core cannot import)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        import stat

        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        return os.read(fd, 8192).decode("utf-8", "replace")
    except OSError:
        return None
    finally:
        os.close(fd)


class Preflight:
    """What is waiting, from the markers alone: queued rels oldest first."""

    __slots__ = ("deferred", "pending", "privacy_deferred", "rebuilt")

    def __init__(
        self,
        pending: tuple[str, ...],
        deferred: tuple[str, ...],
        privacy_deferred: int,
        rebuilt: bool = False,  # the markers were missing and were rebuilt from the notes
    ) -> None:
        self.pending, self.deferred = pending, deferred
        self.privacy_deferred, self.rebuilt = privacy_deferred, rebuilt

    @property
    def work(self) -> tuple[str, ...]:
        return self.pending + self.deferred


def _age_key(rel: str) -> tuple[str, str]:
    return (rel.rsplit("/", 1)[-1], rel)  # session file names start with their date and time


def preflight(vault: Path) -> Preflight:
    """What is waiting, from the queue markers alone (rebuilt first on a machine with none)."""
    rebuilt = False
    if not paths.queue_dir(vault).is_dir():
        rebuild_markers(vault)
        rebuilt = True
    pending: list[str] = []
    deferred: list[str] = []
    privacy = 0
    for status, rel in markers(vault):
        if status == SessionStatus.PENDING.value and rel:
            pending.append(rel)
        elif status == SessionStatus.DEFERRED.value and rel:
            deferred.append(rel)
        elif status == SessionStatus.PRIVACY_DEFERRED.value:
            privacy += 1
    return Preflight(
        tuple(sorted(pending, key=_age_key)),
        tuple(sorted(deferred, key=_age_key)),
        privacy,
        rebuilt,
    )


def set_status(
    vault: Path, rel: str, status: SessionStatus, updates: dict[str, Any], *, fsync: bool = True
) -> None:
    """Change a session's queue status: its frontmatter (events untouched), then its marker."""
    from vaultsync.core import properties

    writer.rewrite(
        vault / rel,
        lambda text: properties.set_properties(text, updates),
        lock_file=paths.lock_path(vault, rel),
        fsync=fsync,
    )
    set_marker(vault, rel, status)


def queue_counts(vault: Path) -> dict[str, int]:
    """Queue markers by status, from their names (one listdir). An older version's marker,
    with no status in its name, is opened for its first word and then renamed to the new form,
    so it is read once."""
    counts: dict[str, int] = {}
    folder = paths.queue_dir(vault)
    try:
        names = os.listdir(folder)
    except OSError:
        return counts
    older: list[tuple[str, str]] = []
    for name in names:
        if name.startswith("."):
            continue
        status = name.partition(".")[2]
        if not status:
            try:
                with open(folder / name, "rb") as fh:
                    head = fh.read(40)
            except OSError:
                continue
            status = head.split(b"\t", 1)[0].strip().decode("ascii", "replace")
            older.append((name, status))
        counts[status] = counts.get(status, 0) + 1
    if older:
        _rename_older(vault, older)
    return counts


def _rename_older(vault: Path, older: list[tuple[str, str]]) -> None:
    """Older markers into the new form, under the queue's lock (a status set meanwhile wins);
    a busy lock or a failure leaves them for the next count."""
    folder = paths.queue_dir(vault)
    known = {state.value for state in QUEUE_STATES}
    with contextlib.suppress(OSError, TimeoutError), writer.locked(paths.queue_lock(vault), 0.2):
        for name, status in older:
            if status not in known:
                continue
            if any(os.path.lexists(folder / new) for new in _names(name)[1:]):
                (folder / name).unlink(missing_ok=True)  # set since it was read: that wins
            else:
                os.rename(folder / name, folder / f"{name}.{status}")


def queue_line(counts: dict[str, int]) -> str:
    shown = ("pending", "privacy_deferred", "deferred")
    if not any(counts.get(s, 0) for s in shown):
        return ""
    return "Learning queue: " + ", ".join(f"{counts.get(s, 0)} {s}" for s in shown) + "."
