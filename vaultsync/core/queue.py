"""The learning queue as the hook keeps it: which sessions are worth learning from.

At the end of a session (and at each turn end, for agents or versions that may never send an
end event) the session note is assessed: tool calls, edits, minutes from first to last event,
redactions and injection flags. Its status becomes `privacy_deferred` when anything was
redacted or flagged, else `pending` when it reached any threshold (`learn.min_tool_calls`,
`learn.min_edits`, `learn.min_minutes`), else `skipped`. A later assessment never moves a
session back, and what learn decided (`summarized`, `deferred`) stays.

The status is recorded twice: in the note's frontmatter (the truth, rebuilt from by rebuild)
and as a queue marker, `<queue_dir>/<hash of rel>` holding `<status>\t<rel>`, so counting the
queue is a listdir and one tiny read per session.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from vaultsync.core import eventlog, paths, writer
from vaultsync.core.model import Event, EventKind, SessionStatus, ToolKind

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


def iso(now: datetime) -> str:
    """Second-precision UTC without a zone suffix: what Obsidian shows as a date-time."""
    return now.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S")


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
            first = datetime.fromisoformat(stamps[0].replace("Z", "+00:00"))
            last = datetime.fromisoformat(stamps[-1].replace("Z", "+00:00"))
            minutes = round((last - first).total_seconds() / 60, 1)
        except ValueError:
            minutes = 0.0
    return SessionFacts(
        tool_calls=len(tools),
        edits=edits,
        minutes=minutes,
        redactions=sum(e.redactions for e in events),
        injections=sum(e.injections for e in events),
        last_ts=stamps[-1] if stamps else "",
    )


def decide(facts: SessionFacts, cfg: Config) -> SessionStatus:
    if facts.redactions or facts.injections:
        return SessionStatus.PRIVACY_DEFERRED
    learn = cfg.section("learn")
    worth = (
        facts.tool_calls >= int(learn.get("min_tool_calls", cfg.get("learn", "min_tool_calls")))
        or facts.edits >= int(learn.get("min_edits", cfg.get("learn", "min_edits")))
        or facts.minutes >= float(learn.get("min_minutes", cfg.get("learn", "min_minutes")))
    )
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
    vault: Path, cfg: Config, rel: str, now: datetime, *, final: bool, budget: Budget
) -> SessionStatus | None:
    """Assess the session note and record its queue status (note frontmatter + marker)."""
    from vaultsync.core import properties, schema

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
        status = merge_status(current, decide(facts, cfg))
        outcome.append(status)
        if not final and status is current:
            # A turn end changes nothing a person needs in the frontmatter: the turn-end event
            # itself was appended, and a rewrite of a note someone may have open is what a
            # stale editor buffer would later undo. Only a change of status is written (and
            # everything at the session's end).
            return None
        updated = facts.last_ts[:19] if facts.last_ts else iso(now)
        return properties.set_properties(
            text,
            schema.session_end_props(
                status=status.value,
                updated=updated,
                ended=iso(now) if final else None,
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
    marker = paths.queue_dir(vault) / paths.short_hash(rel, n=16)
    line = f"{status.value}\t{rel}\n"
    try:
        unchanged = marker.read_text(encoding="utf-8") == line
    except (OSError, UnicodeDecodeError):
        unchanged = False
    if not unchanged:
        writer.write_atomic(marker, line, fsync=False)
    return status


def queue_counts(vault: Path) -> dict[str, int]:
    """Queue markers by status: one tiny file each, only its first word is read."""
    counts: dict[str, int] = {}
    folder = paths.queue_dir(vault)
    try:
        names = os.listdir(folder)
    except OSError:
        return counts
    for name in names:
        if name.startswith("."):
            continue
        try:
            with open(folder / name, "rb") as fh:
                head = fh.read(40)
        except OSError:
            continue
        status = head.split(b"\t", 1)[0].strip().decode("ascii", "replace")
        counts[status] = counts.get(status, 0) + 1
    return counts


def queue_line(counts: dict[str, int]) -> str:
    shown = ("pending", "privacy_deferred", "deferred")
    if not any(counts.get(s, 0) for s in shown):
        return ""
    return "Learning queue: " + ", ".join(f"{counts.get(s, 0)} {s}" for s in shown) + "."
