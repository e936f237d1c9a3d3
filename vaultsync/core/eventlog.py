"""The event block format of session notes.

Each event is appended as a heading a person reads, one line a program reads, and the event's
longer texts as fenced blocks with their language:

    ### 00:12:05 · Bash · npm test · failed

    <!-- vaultsync-event {"id":"…","ts":"2026-11-29T16:12:05.123456Z","agent":"claude-code",…
    "kind":"tool","tool":"Bash","input":"npm test","is_error":true,"blocks":["output"]} -->

    ```text
    FAIL src/routes.test.ts
      GET /users returns 404
    ```

(The fields line is one line in the note, wrapped here.) The heading is in the person's zone
(`core/timestamp.py`): time, tool (or what happened),
command or file, outcome. The fields line is an HTML comment, which Obsidian's reading view
hides: one JSON object on one line, with every field but the texts shown in blocks below it;
`blocks` names those, in order. A text goes into a block when it reads as lines (it is exact
there: the fence is longer than any run of backticks inside); text a block could not carry
exactly (carriage returns, control characters, lone surrogates, Unicode line separators) and
a short one-line gist the heading already shows stay in the JSON. So any text (newlines,
backticks, fences, headings, emoji, lone surrogates) round-trips exactly, rendered blocks never
interpret their text as markdown, and a block never needs the ones before it: appending an
event never rewrites earlier ones.

Notes written before this form hold a fenced block of `key: <JSON value>` lines instead:

    ```vaultsync-event
    id: "20261129T161205123456Z-3f9a2c1b"
    ts: "2026-11-29T16:12:05.123456Z"
    kind: "tool"
    ```

Both forms are read, in any mix. The parser reads only the fields line, the blocks it names and
the old fenced blocks: headings are decoration a person may edit freely.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator

from vaultsync.core import timestamp
from vaultsync.core.model import Event, EventKind, ToolKind

# typing costs the hook ~2 ms to import; annotations are strings anyway.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

FENCE_INFO = "vaultsync-event"  # the older form's fence
MARKER = "<!-- vaultsync-event "  # the fields line: MARKER + JSON + END
END = " -->"
TEXTS = ("input", "output", "prompt", "message")  # the fields that may be shown as blocks
_FIELDS = frozenset(Event.FIELDS)
_REQUIRED = ("id", "ts", "agent", "session_id", "kind")
# Compiled on first use (re's cache), and never for ASCII text: the class of 2,048 surrogates
# costs ~0.3 ms to compile, on every hook call.
_LINE_BREAKERS = "[\u2028\u2029\x85\ud800-\udfff]"
_HEADING_UNSAFE_ASCII = r"[\x00-\x1f\x7f`#\[\]|^]+"
_HEADING_UNSAFE = r"[\x00-\x1f\x7f`#\[\]|^\u2028\u2029\x85\ud800-\udfff]+"
# What a fenced block cannot carry exactly: a carriage return (editors rewrite line endings),
# other control characters, BOMs, Unicode line separators and lone surrogates (not UTF-8).
_NOT_IN_BLOCK = r"[\x00-\x08\x0b-\x1f\x7f\x85\ufeff\u2028\u2029\ud800-\udfff]"
_NOT_IN_BLOCK_ASCII = r"[\x00-\x08\x0b-\x1f\x7f]"
_BACKTICKS = r"`+"
_GIST_CHARS = 80
_LANGUAGES = {
    "py": "python", "js": "javascript", "mjs": "javascript", "cjs": "javascript",
    "ts": "typescript", "tsx": "tsx", "jsx": "jsx", "rs": "rust", "go": "go", "rb": "ruby",
    "java": "java", "kt": "kotlin", "swift": "swift", "c": "c", "h": "c", "cc": "cpp",
    "cpp": "cpp", "hpp": "cpp", "cs": "csharp", "php": "php", "sh": "bash", "bash": "bash",
    "zsh": "bash", "sql": "sql", "json": "json", "yaml": "yaml", "yml": "yaml", "toml": "toml",
    "md": "markdown", "html": "html", "css": "css", "scss": "scss", "xml": "xml",
    "lua": "lua", "r": "r", "ini": "ini", "dockerfile": "dockerfile", "vue": "vue",
}  # fmt: skip
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


def _dump(value: Any, compact: bool = False) -> str:
    separators = (",", ":") if compact else None
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=separators)
    # Characters that some line splitters treat as line breaks, and lone surrogates (invalid
    # in UTF-8), are written as JSON escapes so the note stays valid, one value per line.
    if text.isascii():
        return text
    return re.sub(_LINE_BREAKERS, lambda m: f"\\u{ord(m.group()):04x}", text)


def _clock(ts: str) -> str:
    """The event's time of day in the person's zone (the `ts` field stays UTC)."""
    moment = timestamp.parse(ts)
    if moment is None:
        return ts[11:19] if len(ts) >= 19 else ts
    return moment.astimezone(timestamp.zone()).strftime("%H:%M:%S")


def _clean(text: str) -> str:
    # Backticks (code's wrappers) go without a gap: "by `make site`." reads "by make site.".
    # Any other unsafe character becomes one space with the spaces around it (brackets too:
    # `.rows[0]` must not read `.rows0`), so "是 [REDACTED:x]" reads "是 REDACTED:x".
    text = text.replace("`", "")
    unsafe = _HEADING_UNSAFE_ASCII if text.isascii() else _HEADING_UNSAFE
    return re.sub(f" *{unsafe} *| {{2,}}", " ", text).strip()


def _gist_field(event: Event) -> str:
    """The text field the heading shows: the command or file, else the prompt or message."""
    return next((name for name in TEXTS if getattr(event, name)), "")


def _outcome(event: Event) -> str:
    if event.kind is EventKind.TOOL_ERROR or event.is_error:
        code = event.extra.get("exit_code")
        return f"failed (exit {code})" if isinstance(code, int) and code else "failed"
    return "ok" if event.kind is EventKind.TOOL else ""


def _within_project(event: Event, path: str) -> str:
    """A file in the session's project (or working folder) as the path a person reads there:
    `### Edit · src/parser.py`, not the absolute path of one machine. Shown only: the event's
    data keeps the path as the agent gave it."""
    for root in (event.project, event.cwd):
        root = root.rstrip("/")
        if root and path.startswith(root + "/") and len(path) > len(root) + 1:
            return path[len(root) + 1 :]
    return path


# The first line of a patch's summary (core/hook/excerpt.py): its files follow, one a line.
# Matched only after a `startswith` check (re caches it): every hook process imports this
# module, and few events are patches.
_PATCH_LINE = r"patch: (\d+) files?, \+(\d+) -(\d+) lines"


def _patch_gist(event: Event, text: str) -> str:
    """A patch (Codex's apply_patch) by the files it changed, as an edit shows its file:
    `src/parser.py (+1 -1)`, `src/a.py, src/b.py and 3 more (+40 -12)`; "" if not a patch."""
    found = re.match(_PATCH_LINE, text) if text.startswith("patch: ") else None
    if found is None:
        return ""
    count, added, removed = (int(n) for n in found.groups())
    names = [_within_project(event, ln.strip()) for ln in text.split("\n")[1 : 1 + count]]
    names = [n for n in names if n][:2]
    if not names:
        return text.split("\n", 1)[0]
    more = f" and {count - len(names)} more" if count > len(names) else ""
    return f"{', '.join(names)}{more} (+{added} -{removed})"


def heading(event: Event) -> str:
    """`### time · tool (or what happened) · command, file or words · outcome`."""
    label = _KIND_LABEL.get(event.kind, str(event.kind))
    if event.tool and event.kind in (EventKind.TOOL, EventKind.TOOL_ERROR):
        label = _clean(event.tool) or label
    elif event.tool:
        label = f"{label} · {_clean(event.tool)}"
    name = _gist_field(event)
    gist = ""
    if name:
        text = getattr(event, name)
        first = next((ln for ln in text.splitlines() if ln.strip()), "")
        if name == "input":
            first = _patch_gist(event, text) or _within_project(event, first)
        gist = _clean(first)
        if len(gist) > _GIST_CHARS:
            cut = gist[: _GIST_CHARS - 1]
            space = cut.rfind(" ")
            gist = (cut[:space] if space > _GIST_CHARS // 2 else cut).rstrip() + "…"
    parts = [_clock(event.ts), label, gist, _outcome(event)]
    return "### " + " · ".join(p for p in parts if p)


def _in_heading(event: Event, name: str) -> bool:
    """Is this field the heading's gist, shown there whole (one short, plain line; a project
    file by its path in the project, the fields line keeping the rest)?"""
    text = getattr(event, name)
    shown = _within_project(event, text) if name == "input" else text
    return (
        name == _gist_field(event)
        and len(shown) <= _GIST_CHARS
        and "\n" not in text
        and _clean(text) == text
    )


def _blockable(text: str) -> bool:
    if not text:
        return False
    unsafe = _NOT_IN_BLOCK_ASCII if text.isascii() else _NOT_IN_BLOCK
    return re.search(unsafe, text) is None


def _language(event: Event, name: str) -> str:
    """The fence's language: shell commands as bash, an edit's summary as a diff, a file's
    content (what Read returned, what Write wrote) as the file's language, else text."""
    file_content = (name == "output" and event.tool_kind == ToolKind.READ.value) or (
        name == "input" and event.tool_kind == ToolKind.WRITE.value
    )
    if file_content:
        path = event.files[0] if event.files else event.input.split("\n", 1)[0]
        base = path.rsplit("/", 1)[-1].lower()
        return _LANGUAGES.get(base.rsplit(".", 1)[-1] if "." in base else base, "text")
    if name == "input" and event.tool_kind == ToolKind.SHELL.value:
        return "bash"
    if name == "input" and event.tool_kind == ToolKind.EDIT.value:
        return "diff"
    return "text"


def _fence(text: str) -> str:
    runs = re.findall(_BACKTICKS, text) if "`" in text else []
    return "`" * max(3, 1 + max((len(r) for r in runs), default=0))


def _json_line(items: list[tuple[str, Any]]) -> str:
    body = ",".join(f"{json.dumps(k)}:{_dump(v, compact=True)}" for k, v in items)
    # `>` only occurs inside JSON strings: escaped, no value can end the comment early.
    return MARKER + "{" + body.replace(">", "\\u003e") + "}" + END


def render(event: Event) -> str:
    """One event, starting with a blank line and ending with a newline."""
    shown = [
        name for name in TEXTS if _blockable(getattr(event, name)) and not _in_heading(event, name)
    ]
    items: list[tuple[str, Any]] = []
    for name in Event.FIELDS:
        value = getattr(event, name)
        default = Event.DEFAULTS.get(name)
        if name in shown:
            continue
        if name not in _REQUIRED and (value == default or value in ((), {}, "")):
            continue
        if isinstance(value, tuple):
            value = list(value)
        items.append((name, value))
    if shown:
        items.append(("blocks", shown))
    parts = [f"\n{heading(event)}\n\n", _json_line(items), "\n"]
    for name in shown:
        text = getattr(event, name)
        fence = _fence(text)
        parts.append(f"\n{fence}{_language(event, name)}\n{text}\n{fence}\n")
    return "".join(parts)


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


# The event ids in a note without parsing it (the hook's stale-save check): the `id` line of
# the older form, and the first field of the fields line (render writes `id` first).
_ID_LINES = r'^(?:id: "|<!-- vaultsync-event \{"id":")([^"\\]+)"'


def ids(text: str) -> set[str]:
    """The ids of the events in `text`, in either form, found by a line pattern alone."""
    return set(re.findall(_ID_LINES, text, re.MULTILINE))


def has_events(text: str) -> bool:
    """Does `text` hold an event in either form? (A cheap test before parsing.)"""
    return MARKER in text or f"```{FENCE_INFO}" in text


def iter_blocks(text: str) -> Iterator[tuple[int, dict[str, Any] | EventParseError]]:
    """(line number of the event's first line, parsed fields or the error) for each event."""
    for first, _start, _end, raw in _scan(text.split("\n")):
        yield first + 1, raw


def spans(text: str) -> list[tuple[int, int, dict[str, Any] | EventParseError]]:
    """(start, end, fields or error) of each event as character offsets into `text`: from its
    heading (when one comes right before it) to the end of its last line, newline included."""
    lines = text.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    found = []
    for _first, start, end, raw in _scan(lines):
        found.append((starts[start], min(starts[end], len(text)), raw))
    return found


def strip(text: str) -> str:
    """`text` without its events (headings included): a session note's own words."""
    out, at = [], 0
    for start, end, _raw in spans(text):
        out.append(text[at:start])
        at = end
    out.append(text[at:])
    return "".join(out)


def _scan(
    lines: list[str],
) -> Iterator[tuple[int, int, int, dict[str, Any] | EventParseError]]:
    """(first line, span start, span end, fields or error) per event; lines 0-based, the span
    a half-open range of lines that takes in the heading right before the event."""
    i, n = 0, len(lines)
    fence_open = f"```{FENCE_INFO}"
    taken = 0  # lines before this belong to an earlier event
    while i < n:
        line = lines[i]
        if line.startswith(MARKER):
            first = i
            raw, i = _read_marked(lines, i)
        elif line.rstrip("\r ") == fence_open:
            first = i
            raw, i = _read_fenced(lines, i)
        else:
            i += 1
            continue
        yield first, _heading_above(lines, first, taken), i, raw
        taken = i


def _heading_above(lines: list[str], first: int, taken: int) -> int:
    j = first - 1
    while j >= taken and not lines[j].strip():
        j -= 1
    return j if j >= taken and lines[j].startswith("### ") else first


def _read_marked(lines: list[str], i: int) -> tuple[dict[str, Any] | EventParseError, int]:
    """The fields line at `i` and the blocks it names: (fields or error, the line after)."""
    line = lines[i].rstrip("\r ")
    where = f"line {i + 1}"
    i += 1
    if not line.endswith(END.strip()):
        return EventParseError(f"{where}: the fields line is not closed with -->"), i
    try:
        raw = json.loads(line[len(MARKER) : -len(END.strip())])
    except ValueError as exc:
        return EventParseError(f"{where}: bad fields: {exc}"), i
    if not isinstance(raw, dict):
        return EventParseError(f"{where}: the fields are not a JSON object"), i
    names = raw.pop("blocks", [])
    if not isinstance(names, list) or not all(name in TEXTS for name in names):
        return EventParseError(f"{where}: bad blocks list {names!r}"), i
    n = len(lines)
    for name in names:
        while i < n and not lines[i].strip():
            i += 1
        fence = lines[i][: len(lines[i]) - len(lines[i].lstrip("`"))] if i < n else ""
        if len(fence) < 3:
            return EventParseError(f"{where}: the {name} block is missing"), i
        end = i + 1
        while end < n and lines[end].rstrip("\r ") != fence:
            end += 1
        if end >= n:
            return EventParseError(f"line {i + 1}: the {name} block is not closed"), n
        raw[name] = "\n".join(lines[i + 1 : end])
        i = end + 1
    return raw, i


def _read_fenced(lines: list[str], i: int) -> tuple[dict[str, Any] | EventParseError, int]:
    """An event in the older form: a fenced block of `key: <JSON value>` lines."""
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
    return (error if error else raw), i + 1


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
