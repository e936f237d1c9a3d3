"""A session note read for learning: its properties and its events, parsed once.

A person may have broken the frontmatter or an event block by hand, and a note may hold bytes
that are not UTF-8; none of that stops learning from the rest. Unreadable blocks are listed in
`problems`, and the key properties fall back to a YAML-free scan.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vaultsync.core import eventlog, paths
from vaultsync.core.model import Event, EventKind, SessionStatus
from vaultsync.core.properties import get_scalar
from vaultsync.storage.note import is_session_log, read_note


@dataclass(frozen=True)
class SessionLog:
    rel: str
    agent: str
    session_id: str
    project: str
    cwd: str
    created: str  # ISO timestamp of the session start
    status: SessionStatus | None
    events: tuple[Event, ...]
    props: dict[str, Any]
    problems: tuple[str, ...] = ()
    genuine: bool = True  # under sessions/ with the hook's marker (storage.note.is_session_log)

    @property
    def prompts(self) -> tuple[str, ...]:
        return tuple(
            e.prompt for e in self.events if e.kind is EventKind.PROMPT and e.prompt.strip()
        )

    @property
    def tool_events(self) -> tuple[Event, ...]:
        return tuple(e for e in self.events if e.kind in (EventKind.TOOL, EventKind.TOOL_ERROR))

    @property
    def attempts(self) -> int:
        try:
            return int(self.props.get("learn_attempts", 0))
        except (TypeError, ValueError):
            return 0

    @property
    def day(self) -> str:
        return self.created[:10] if len(self.created) >= 10 else ""


def load_session(vault: Path, rel: str) -> SessionLog:
    """Raises FileNotFoundError when the note is gone, NoteReadError when it cannot be read."""
    note = read_note(vault, rel)
    problems: list[str] = [note.warning] if note.warning else []
    text = (vault / rel).read_bytes().decode("utf-8", "replace") if note.warning else ""
    props = dict(note.props)

    def prop(key: str) -> str:
        value = props.get(key)
        if value is None and text:
            value = get_scalar(text, key)
        return "" if value is None else str(value)

    genuine = is_session_log(note)
    events, bad = eventlog.parse_all(note.body) if genuine else ([], [])
    problems.extend(bad)
    first = events[0] if events else None
    created = prop("created") or (first.ts if first else "")
    return SessionLog(
        rel=rel,
        agent=prop("agent") or (first.agent if first else ""),
        session_id=prop("session_id") or (first.session_id if first else ""),
        project=prop("project") or (first.project if first else ""),
        cwd=prop("cwd") or (first.cwd if first else ""),
        created=created,
        status=SessionStatus.parse(prop("status")),
        events=tuple(events),
        props=props,
        problems=tuple(problems),
        genuine=genuine,
    )


def is_session_rel(rel: str) -> bool:
    return rel.startswith(paths.SESSIONS_DIR + "/") and paths.is_note(rel)
