"""The closed vocabulary of the vault: note types, memory levels, scopes, queue states, events.

Everything that crosses a boundary (a hook payload, a note on disk, a CLI flag) is parsed once
into these types; nothing downstream passes raw dicts around.
"""

from __future__ import annotations

import enum

# typing costs the hook ~2 ms to import; annotations are strings.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, ClassVar, Self


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


class Event:
    """One normalized hook event, as stored in a session note.

    `id` is unique across machines (time + random); `ts` is the hook's own UTC clock in ISO 8601
    with a trailing Z. Text fields have already been redacted when an Event is constructed by the
    hook; the parser trusts what is in the note.

    A plain class with `__slots__`, not a dataclass: every hook call builds one, and importing
    `dataclasses` (it pulls in inspect, ast, dis and tokenize) cost each call about as much as
    the interpreter's own start-up work. An event is never changed after it is built: `replace`
    returns a new one.
    """

    __slots__ = FIELDS = (
        "id", "ts", "agent", "session_id", "kind", "native_event", "cwd", "project", "turn_id",
        "tool", "tool_kind", "input", "output", "prompt", "message", "is_error", "files",
        "redactions", "injections", "extra",
    )  # fmt: skip
    # The optional fields' defaults (the first five are required); eventlog leaves them out.
    DEFAULTS: ClassVar[dict[str, Any]] = {
        "native_event": "", "cwd": "", "project": "", "turn_id": "", "tool": "", "tool_kind": "",
        "input": "", "output": "", "prompt": "", "message": "", "is_error": False, "files": (),
        "redactions": 0, "injections": 0, "extra": {},
    }  # fmt: skip

    def __init__(
        self,
        id: str,
        ts: str,
        agent: str,
        session_id: str,
        kind: EventKind,
        native_event: str = "",
        cwd: str = "",
        project: str = "",
        turn_id: str = "",
        tool: str = "",
        tool_kind: str = "",
        input: str = "",
        output: str = "",
        prompt: str = "",
        message: str = "",
        is_error: bool = False,
        files: tuple[str, ...] = (),
        redactions: int = 0,
        injections: int = 0,
        extra: dict[str, Any] | None = None,
    ) -> None:
        self.id = id
        self.ts = ts
        self.agent = agent
        self.session_id = session_id
        self.kind = kind
        self.native_event = native_event
        self.cwd = cwd
        self.project = project
        self.turn_id = turn_id
        self.tool = tool
        self.tool_kind = tool_kind
        self.input = input
        self.output = output
        self.prompt = prompt
        self.message = message
        self.is_error = is_error
        self.files = files
        self.redactions = redactions
        self.injections = injections
        self.extra: dict[str, Any] = {} if extra is None else extra

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.FIELDS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self.id)  # equal events have equal ids

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"Event({shown})"

    def replace(self, **changes: Any) -> Self:
        """A copy with `changes` applied."""
        values = {name: getattr(self, name) for name in self.FIELDS}
        values.update(changes)
        return type(self)(**values)

    def text(self) -> str:
        """The searchable text of the event."""
        parts = [self.tool, self.input, self.output, self.prompt, self.message, *self.files]
        return "\n".join(p for p in parts if p)
