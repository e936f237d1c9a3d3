"""The event block format of session notes.

Each event is appended as a readable heading followed by a fenced block of `key: <JSON value>`
lines:

    ### 16:12:05 · tool · Bash: npm test

    ```vaultsync-event
    id: "20261129T161205123456Z-3f9a2c1b"
    ts: "2026-11-29T16:12:05.123456Z"
    kind: "tool"
    tool: "Bash"
    input: "npm test"
    output: "12 passed"
    ```

Why this shape: the heading reads well in Obsidian (outline, search, links to `note#heading`);
the fenced block renders as code, so nothing inside it is interpreted as markdown; every value is
one JSON literal on one line, so any text (newlines, backticks, fences, headings, emoji, lone
surrogates) round-trips exactly; and a block never needs the ones before it, so appending an
event never rewrites earlier ones. The parser reads only the fenced blocks: the headings are
decoration a person may edit freely.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator

from vaultsync.core.model import Event, EventKind

# typing costs the hook ~2 ms to import; annotations are strings anyway.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

FENCE_INFO = "vaultsync-event"
_FIELDS = frozenset(Event.FIELDS)
_REQUIRED = ("id", "ts", "agent", "session_id", "kind")
# Compiled on first use (re's cache), and never for ASCII text: the class of 2,048 surrogates
# costs ~0.3 ms to compile, on every hook call.
_LINE_BREAKERS = "[\u2028\u2029\x85\ud800-\udfff]"
_HEADING_UNSAFE_ASCII = r"[\x00-\x1f\x7f`#\[\]|^]+"
_HEADING_UNSAFE = r"[\x00-\x1f\x7f`#\[\]|^\u2028\u2029\x85\ud800-\udfff]+"
_KIND_LABEL = {
    EventKind.SESSION_START: "session start",
    EventKind.PROMPT: "prompt",
    EventKind.TOOL: "tool",
    EventKind.TOOL_ERROR: "tool error",
    EventKind.TURN_END: "turn end",
    EventKind.SUBAGENT_END: "subagent end",
    EventKind.COMPACT: "compact",
    EventKind.SESSION_END: "session end",
}


def new_event_id(ts_compact: str) -> str:
    """Unique across processes and machines: time plus 32 random bits."""
    return f"{ts_compact}-{os.urandom(4).hex()}"


def _dump(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    # Characters that some line splitters treat as line breaks, and lone surrogates (invalid
    # in UTF-8), are written as JSON escapes so the note stays valid, one value per line.
    if text.isascii():
        return text
    return re.sub(_LINE_BREAKERS, lambda m: f"\\u{ord(m.group()):04x}", text)


def heading(event: Event) -> str:
    clock = event.ts[11:19] if len(event.ts) >= 19 else event.ts
    label = _KIND_LABEL.get(event.kind, str(event.kind))
    gist = event.tool
    detail = event.input or event.prompt or event.message or event.output
    if detail:
        first = next((ln for ln in detail.splitlines() if ln.strip()), "")
        gist = f"{gist}: {first}" if gist else first
    unsafe = _HEADING_UNSAFE_ASCII if gist.isascii() else _HEADING_UNSAFE
    gist = re.sub(unsafe, " ", gist).strip()
    if len(gist) > 80:
        gist = gist[:79].rstrip() + "…"
    return f"### {clock} · {label}" + (f" · {gist}" if gist else "")


def render(event: Event) -> str:
    """One event block, starting with a blank line and ending with a newline."""
    lines = [f"\n{heading(event)}\n", f"\n```{FENCE_INFO}\n"]
    for name in Event.FIELDS:
        value = getattr(event, name)
        default = Event.DEFAULTS.get(name)
        if name not in _REQUIRED and (value == default or value in ((), {}, "")):
            continue
        if isinstance(value, tuple):
            value = list(value)
        lines.append(f"{name}: {_dump(value)}\n")
    lines.append("```\n")
    return "".join(lines)


class EventParseError(ValueError):
    pass


def _build(raw: dict[str, Any]) -> Event:
    missing = [k for k in _REQUIRED if k not in raw]
    if missing:
        raise EventParseError(f"event block lacks {', '.join(missing)}")
    kind = EventKind.parse(raw["kind"])
    if kind is None:
        raise EventParseError(f"unknown event kind {raw['kind']!r}")
    values: dict[str, Any] = {}
    for name, value in raw.items():
        if name not in _FIELDS:
            continue  # a newer writer's field: ignored, not fatal
        if name == "files":
            value = tuple(str(v) for v in value) if isinstance(value, list) else ()
        elif name == "extra":
            value = value if isinstance(value, dict) else {}
        elif name in {"redactions", "injections"}:
            value = int(value) if isinstance(value, int | float) else 0
        elif name == "is_error":
            value = bool(value)
        else:
            value = "" if value is None else str(value)
        values[name] = value
    values["kind"] = kind
    return Event(**values)


def iter_blocks(text: str) -> Iterator[tuple[int, dict[str, Any] | EventParseError]]:
    """(line number of the fence, parsed fields or the error) for each event block."""
    lines = text.split("\n")
    i = 0
    fence_open = f"```{FENCE_INFO}"
    while i < len(lines):
        if lines[i].rstrip("\r ") == fence_open:
            start = i
            raw: dict[str, Any] = {}
            error: EventParseError | None = None
            i += 1
            while i < len(lines) and lines[i].rstrip("\r ") != "```":
                line = lines[i]
                key, sep, value = line.partition(": ")
                if sep and key.isidentifier():
                    try:
                        raw[key] = json.loads(value)
                    except ValueError as exc:
                        error = EventParseError(f"line {i + 1}: bad value for {key}: {exc}")
                elif line.strip():
                    error = EventParseError(f"line {i + 1}: not a `key: value` line")
                i += 1
            if i >= len(lines):
                error = EventParseError(f"line {start + 1}: event block is not closed")
            yield start + 1, error if error else raw
        i += 1


def parse(text: str) -> list[Event]:
    """Every well-formed event in a note, in order. Broken blocks are skipped (see `parse_all`)."""
    return [ev for ev in parse_all(text)[0]]


def parse_all(text: str) -> tuple[list[Event], list[str]]:
    """(events, problems): problems name each block that could not be read, by line."""
    events: list[Event] = []
    problems: list[str] = []
    for line_no, raw in iter_blocks(text):
        if isinstance(raw, EventParseError):
            problems.append(str(raw))
            continue
        try:
            events.append(_build(raw))
        except (EventParseError, TypeError, ValueError) as exc:
            problems.append(f"line {line_no}: {exc}")
    return events, problems
