"""The closed vocabulary of the vault: note types, memory levels, scopes, queue states, events.

Everything that crosses a boundary (a hook payload, a note on disk, a CLI flag) is parsed once
into these types; nothing downstream passes raw dicts around.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

# typing and dataclasses cost the hook ~2 and ~5 ms to import; annotations are strings.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class NoteType(enum.StrEnum):
    SESSION = "session"
    SUMMARY = "summary"
    MEMORY = "memory"
    SKILL_PROPOSAL = "skill-proposal"
    SKILL_DRAFT = "skill-draft"
    GENERATED = "generated"  # USER.md, AGENT.md
    NOTE = "note"  # any plain user note

    @classmethod
    def parse(cls, value: object, default: NoteType | None = None) -> NoteType | None:
        try:
            return cls(str(value).strip().lower())
        except ValueError:
            return default


class Level(enum.StrEnum):
    L1 = "L1"  # candidate
    L2 = "L2"  # confirmed by a person
    L3 = "L3"  # core

    @property
    def rank(self) -> int:
        return int(self.value[1])

    @classmethod
    def parse(cls, value: object, default: Level | None = None) -> Level | None:
        text = str(value).strip().upper()
        if text in {"1", "2", "3"}:
            text = "L" + text
        try:
            return cls(text)
        except ValueError:
            return default


class Scope(enum.StrEnum):
    USER = "user"  # facts about the person -> USER.md
    AGENT = "agent"  # facts about the environment -> AGENT.md
    PROJECT = "project"  # facts about one project -> its session-start context

    @classmethod
    def parse(cls, value: object, default: Scope | None = None) -> Scope | None:
        try:
            return cls(str(value).strip().lower())
        except ValueError:
            return default


class SessionStatus(enum.StrEnum):
    """A session note's place in the learning queue."""

    ACTIVE = "active"  # still receiving events
    PENDING = "pending"  # worth learning from, waiting for `vaultsync learn`
    SKIPPED = "skipped"  # below the thresholds
    PRIVACY_DEFERRED = "privacy_deferred"  # redactions or injection flags fired: a person decides
    DEFERRED = "deferred"  # the model failed twice; retried on a later run
    SUMMARIZED = "summarized"

    @classmethod
    def parse(cls, value: object, default: SessionStatus | None = None) -> SessionStatus | None:
        try:
            return cls(str(value).strip().lower())
        except ValueError:
            return default


QUEUE_STATES: tuple[SessionStatus, ...] = (
    SessionStatus.PENDING,
    SessionStatus.PRIVACY_DEFERRED,
    SessionStatus.DEFERRED,
    SessionStatus.SKIPPED,
)


class EventKind(enum.StrEnum):
    """The normalized event kinds every agent's native events map onto."""

    SESSION_START = "session_start"
    PROMPT = "prompt"
    TOOL = "tool"
    TOOL_ERROR = "tool_error"
    TURN_END = "turn_end"
    SUBAGENT_END = "subagent_end"
    COMPACT = "compact"
    SESSION_END = "session_end"

    @classmethod
    def parse(cls, value: object, default: EventKind | None = None) -> EventKind | None:
        try:
            return cls(str(value).strip().lower())
        except ValueError:
            return default


class ToolKind(enum.StrEnum):
    SHELL = "shell"
    EDIT = "edit"
    WRITE = "write"
    READ = "read"
    SEARCH = "search"
    WEB = "web"
    MCP = "mcp"
    AGENT = "agent"
    OTHER = "other"


AGENTS: tuple[str, ...] = (
    "claude-code",
    "codex",
    "hermes",
    "gemini",
    "cursor",
    "copilot",
    "opencode",
)


@dataclass(frozen=True)
class Event:
    """One normalized hook event, as stored in a session note.

    `id` is unique across machines (time + random); `ts` is the hook's own UTC clock in ISO 8601
    with a trailing Z. Text fields have already been redacted when an Event is constructed by the
    hook; the parser trusts what is in the note.
    """

    id: str
    ts: str
    agent: str
    session_id: str
    kind: EventKind
    native_event: str = ""
    cwd: str = ""
    project: str = ""
    turn_id: str = ""
    tool: str = ""
    tool_kind: str = ""
    input: str = ""
    output: str = ""
    prompt: str = ""
    message: str = ""
    is_error: bool = False
    files: tuple[str, ...] = ()
    redactions: int = 0
    injections: int = 0
    extra: dict[str, Any] = field(default_factory=dict, compare=True, hash=False)

    def text(self) -> str:
        """The searchable text of the event."""
        parts = [self.tool, self.input, self.output, self.prompt, self.message, *self.files]
        return "\n".join(p for p in parts if p)
