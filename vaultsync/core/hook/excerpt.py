"""Excerpts of tool calls: what is kept of a tool's input and output.

Paths, commands, sizes and the first and last lines, within `hook.summary_chars` per field.
Only the ends of a text are looked at (plus one count of its newlines), so a 10 MB tool output
costs about what a small one does, and everything kept is small enough to redact quickly.
"""

from __future__ import annotations

import json

from vaultsync.core.hook.agents import patch_files
from vaultsync.core.model import ToolKind

# typing costs the hook ~2 ms to import; annotations are strings anyway.
TYPE_CHECKING = False

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from vaultsync.core.config import Config

_MAX_JSON_SNIFF = 256 * 1024  # larger JSON strings are clipped as text, never parsed


class Limits:
    """How much of a tool call is kept: `chars` per field, `head` and `tail` lines; `redact`
    (text -> redacted text), when set, runs on every text BEFORE it is shortened."""

    __slots__ = ("chars", "head", "redact", "tail")

    def __init__(
        self,
        chars: int = 500,
        head: int = 3,
        tail: int = 3,
        redact: Callable[..., str] | None = None,  # (text, injections=True) -> redacted text
    ) -> None:
        self.chars, self.head, self.tail, self.redact = chars, head, tail, redact

    def typed(self) -> Limits:
        """The same limits for the words a person typed: redacted for secrets, never read for
        prompt injections (capture._typed says why)."""
        redact = self.redact
        if redact is None:
            return self
        return Limits(self.chars, self.head, self.tail, lambda t: redact(t, injections=False))

    @classmethod
    def from_config(cls, cfg: Config, redact: Callable[..., str] | None = None) -> Limits:
        return cls(
            chars=max(40, int(cfg.get("hook", "summary_chars"))),
            head=max(0, int(cfg.get("hook", "head_lines"))),
            tail=max(0, int(cfg.get("hook", "tail_lines"))),
            redact=redact,
        )


# Redact first, then shorten: a cut through a secret leaves half a token that no rule matches
# any more. A long text is redacted at its two ends only: the first and last `head`/`tail` lines
# (at least twice what is kept), each grown to the end (start) of its line, so a secret that
# crosses the cut is whole where it is redacted, and a 10 MB output costs what a small one does.
_LINE_CAP = 16384  # a window never grows past this for one very long line


def _head_end(text: str, lines: int, at_least: int) -> int:
    pos = 0
    for _ in range(max(1, lines)):
        nl = text.find("\n", pos, pos + _LINE_CAP)
        if nl < 0:
            break
        pos = nl + 1
    pos = max(pos, at_least)
    if pos + _LINE_CAP >= len(text):
        return len(text)
    cuts = [k for k in (text.find(c, pos, pos + _LINE_CAP) for c in "\n \t") if k >= 0]
    return min(cuts) if cuts else pos + _LINE_CAP  # never inside a token short of the cap


def _tail_start(text: str, lines: int, at_least: int) -> int:
    end = len(text)
    for _ in range(max(1, lines)):
        nl = text.rfind("\n", max(0, end - _LINE_CAP), end)
        if nl < 0:
            break
        end = nl
    end = min(end, len(text) - at_least)
    if end - _LINE_CAP <= 0:
        return 0
    cuts = [text.rfind(c, end - _LINE_CAP, end) for c in "\n \t"]
    return max(cuts) + 1 if max(cuts) >= 0 else end - _LINE_CAP


def redacted(text: str, limits: Limits) -> str:
    """`text` redacted (if `limits` says how); a long text only at its two ends, joined by a
    line break."""
    if limits.redact is None or not text:
        return text
    keep = 2 * limits.chars + 256
    head_end = _head_end(text, limits.head, keep)
    tail_start = _tail_start(text, limits.tail, keep)
    if tail_start <= head_end + 1:
        return limits.redact(text)
    return limits.redact(text[:head_end]) + "\n" + limits.redact(text[tail_start:])


def clip(text: str, limits: Limits) -> str:
    """The first and last lines of `text` within about `limits.chars`, with a note of what was
    left out. Only the ends of the text are touched (plus one count of newlines), so a 10 MB
    output costs about what a small one does."""
    text = text.strip()
    size = len(text)
    lines = text.count("\n") + 1 if size > limits.chars else 0
    text = redacted(text, limits).strip()
    keep = limits.head + limits.tail
    if len(text) <= limits.chars and text.count("\n", 0, limits.chars + 1) < max(1, keep):
        return text
    lines = lines or text.count("\n") + 1
    marker = f"… [{lines:,} lines, {size:,} chars] …"
    if lines <= keep or keep == 0:
        if len(text) <= limits.chars:
            return text
        half = limits.chars // 2  # few but long lines: both ends of the text itself
        return f"{head_cut(text, half)}\n{marker}\n{tail_cut(text, half)}"
    per_line = max(8, limits.chars // keep)
    head = _first_lines(text, limits.head, per_line)
    tail = _last_lines(text, limits.tail, per_line)
    return "\n".join([*head, marker, *tail])


def _first_lines(text: str, n: int, per_line: int) -> list[str]:
    out, pos = [], 0
    for _ in range(n):
        end = text.find("\n", pos)
        line = text[pos : end if end != -1 else pos + per_line + 1]
        out.append(head_cut(line, per_line) + ("…" if len(line) > per_line else ""))
        if end == -1:
            break
        pos = end + 1
    return out


def _last_lines(text: str, n: int, per_line: int) -> list[str]:
    out, end = [], len(text)
    for _ in range(n):
        start = text.rfind("\n", 0, end)
        line = text[max(start + 1, end - per_line - 1) : end]
        out.append(("…" if start + 1 < end - len(line) else "") + tail_cut(line, per_line))
        if start == -1:
            break
        end = start
    return out[::-1]


def cap(text: str, chars: int, limits: Limits | None = None) -> str:
    """`text` cut to `chars`, saying how long it was (redacted first when `limits` says how)."""
    text = text.strip()
    size = len(text)
    if limits is not None:
        text = redacted(text, Limits(max(chars, 40), 1, 1, limits.redact)).strip()
    return text if len(text) <= chars else head_cut(text, chars).rstrip() + f"… [{size:,} chars]"


# Excerpts are cut before the text is redacted (a 10 MB output must cost what a small one
# does), so a cut must never keep part of a word: half a token or key no longer matches its
# redaction rule and its visible half would reach the note. A word cut at an edge is dropped.


def head_cut(text: str, n: int) -> str:
    """The first `n` characters of `text`, without a word cut in two at the end."""
    if len(text) <= n:
        return text
    if n > 0 and not text[n].isspace() and not text[n - 1].isspace():
        space = max(text.rfind(" ", 0, n), text.rfind("\t", 0, n))
        return text[: space + 1] if space >= 0 else ""
    return text[:n]


def tail_cut(text: str, n: int) -> str:
    """The last `n` characters of `text`, without a word cut in two at the start."""
    if len(text) <= n:
        return text
    start = len(text) - n
    if n > 0 and not text[start].isspace() and not text[start - 1].isspace():
        found = [i for i in (text.find(" ", start), text.find("\t", start)) if i != -1]
        return text[min(found) :] if found else ""
    return text[start:]


def _maybe_json(value: Any) -> Any:
    """Hermes results and Cursor MCP inputs arrive as JSON inside a string."""
    if isinstance(value, str) and value[:1] in "{[" and len(value) < _MAX_JSON_SNIFF:
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


def _compact(value: Any, limits: Limits) -> str:
    """A short JSON rendering of any value: long strings and lists cut before dumping."""

    def shrink(v: Any, depth: int) -> Any:
        if isinstance(v, str):
            if len(v) <= 200:
                return v
            v = redacted(v, Limits(200, 1, 1, limits.redact))  # never half a token
            return v if len(v) <= 200 else head_cut(v, 200) + "…"
        if depth > 3:
            return "…"
        if isinstance(v, dict):
            items = list(v.items())[:20]
            return {str(k): shrink(x, depth + 1) for k, x in items}
        if isinstance(v, list | tuple):
            return [shrink(x, depth + 1) for x in v[:10]] + (["…"] if len(v) > 10 else [])
        return v

    return clip(json.dumps(shrink(value, 0), ensure_ascii=False, default=str), limits)


_PATH_KEYS = ("file_path", "filePath", "notebook_path", "path", "absolute_path", "target_file")
_DETAIL_KEYS = ("pattern", "glob", "query", "url", "description", "subagent_type", "offset")


def summarise_input(kind: str, value: Any, limits: Limits) -> str:
    value = _maybe_json(value)
    if value is None or value == "":
        return ""
    if isinstance(value, str):
        return clip(value, limits)
    if not isinstance(value, dict):
        return _compact(value, limits)
    command = value.get("command") or value.get("cmd") or value.get("patch")
    if isinstance(command, list):
        command = " ".join(str(c) for c in command)
    if isinstance(command, str) and command:
        if "*** Begin Patch" in command or "*** Update File:" in command:
            return _patch_summary(command, limits)
        if kind == ToolKind.SHELL or len(value) <= 3:
            return clip(command, limits)
    lines: list[str] = []
    path = next((value[k] for k in _PATH_KEYS if isinstance(value.get(k), str)), "")
    if path:
        lines.append(path)
    for key in _DETAIL_KEYS:
        item = value.get(key)
        if isinstance(item, str | int | float) and not isinstance(item, bool) and item != "":
            lines.append(f"{key}: {item}")
    old, new = value.get("old_string", value.get("oldString")), value.get("new_string")
    if isinstance(old, str) or isinstance(new, str):
        old, new = old if isinstance(old, str) else "", new if isinstance(new, str) else ""
        lines.append(f"-{_lines(old)} +{_lines(new)} lines")
        lines.extend(_change(old, new, limits))
    content = value.get("content")
    if isinstance(content, str):
        lines.append(f"{len(content):,} chars, {_lines(content)} lines")
        lines.extend(_first_lines(redacted(content, limits).strip(), limits.head, 120))
    edits = value.get("edits")
    if isinstance(edits, list):
        lines.append(f"{len(edits)} edits")
        first = edits[0] if edits else None
        if isinstance(first, dict) and isinstance(first.get("new_string"), str):
            was = first.get("old_string")
            lines.extend(_change(was if isinstance(was, str) else "", first["new_string"], limits))
    prompt = value.get("prompt")
    if isinstance(prompt, str) and prompt:
        lines.append(cap(prompt, limits.chars // 2, limits))
    if not lines:
        return _compact(value, limits)
    return clip("\n".join(lines), limits)


# How far into an edit's two texts their common start is looked for: a change deep in a long
# replaced block shows from the block's start, at a bounded cost.
_COMMON_START_CHARS = 16 * 1024


def _change(old: str, new: str, limits: Limits) -> list[str]:
    """What an edit changed, from its first changed line: that line as it was (`- `), then
    up to `limits.head` lines as they are now (`+ `). "timeout=30" -> "timeout=60" keeps the
    value it had, which a question about what changed asks for; shared leading lines (a
    function's unchanged signature) are left out."""
    start = 0  # where the first line that differs begins (lines compared whole, in C)
    for was_line, now_line in zip(
        old[:_COMMON_START_CHARS].split("\n"), new[:_COMMON_START_CHARS].split("\n"), strict=False
    ):
        if was_line != now_line:
            break
        start += len(was_line) + 1
    start = min(start, len(old), len(new))
    was = _first_lines(redacted(old[start:], limits).strip(), 1, 120)
    now = _first_lines(redacted(new[start:], limits).strip(), limits.head, 120)
    return [*("- " + ln for ln in was if ln), *("+ " + ln for ln in now if ln)]


def _lines(text: str) -> int:
    return text.count("\n") + (not text.endswith("\n")) if text else 0


# The files of a patch listed by name (core/hook/changed_files reads as many as the first line
# counts, up to this many); the rest are counted.
PATCH_FILES_LISTED = 20


def _patch_summary(patch: str, limits: Limits) -> str:
    """`patch: N files, +A -R lines`, the files one a line (never cut by `clip`: a line marker
    in the list was read as a changed file, and a ten-file patch lost five of its names), then
    its first removed line and first added lines, as an edit shows them."""
    added = removed = 0
    was = ""
    now: list[str] = []
    for ln in patch.splitlines():
        if ln.startswith("+") and not ln.startswith("+++"):
            added += 1
            if len(now) < limits.head:
                now.append(ln[1:].strip())
        elif ln.startswith("-") and not ln.startswith("---"):
            removed += 1
            was = was or ln[1:].strip()
    files = patch_files(patch)
    lines = [f"patch: {len(files)} files, +{added} -{removed} lines"]
    lines += [head_cut(f, 200) for f in files[:PATCH_FILES_LISTED]]
    if len(files) > PATCH_FILES_LISTED:
        lines.append(f"… and {len(files) - PATCH_FILES_LISTED} more files")
    lines += [f"- {head_cut(was, 120)}"] if was else []
    lines += [f"+ {head_cut(t, 120)}" for t in now if t]
    return redacted("\n".join(lines), limits)


_OUTPUT_KEYS = ("output", "result", "content", "llmContent", "text", "message", "returnDisplay")


def summarise_output(value: Any, limits: Limits) -> str:
    value = _maybe_json(value)
    if value is None or value == "" or value == {} or value == []:
        return ""
    if isinstance(value, str):
        return clip(value, limits)
    if isinstance(value, list):
        texts = [v["text"] for v in value if isinstance(v, dict) and isinstance(v.get("text"), str)]
        if texts or all(isinstance(v, str) for v in value):
            return clip("\n".join(texts or value), limits)
        return _compact(value, limits)
    if not isinstance(value, dict):
        return clip(str(value), limits)
    parts: list[str] = []
    if "stdout" in value or "stderr" in value:
        for key in ("stdout", "stderr"):
            text = value.get(key)
            if isinstance(text, str) and text.strip():
                parts.append((f"{key}: " if key == "stderr" else "") + clip(text, limits))
        if value.get("interrupted"):
            parts.append("(interrupted)")
    elif isinstance(value.get("file"), dict):
        file = value["file"]
        shown, total = file.get("numLines"), file.get("totalLines")
        if shown is not None:
            parts.append(f"{shown} of {total} lines" if total else f"{shown} lines")
        if isinstance(file.get("content"), str):
            parts.append(clip(file["content"], limits))
    elif isinstance(value.get("filenames"), list):
        names = [str(n) for n in value["filenames"]]
        parts.append(f"{value.get('numFiles', len(names))} files")
        parts.extend(names[: limits.head + limits.tail])
    elif isinstance(value.get("filePath"), str):
        what = value.get("type") if isinstance(value.get("type"), str) else "edited"
        parts.append(f"{what} {value['filePath']}")
    else:
        for key in _OUTPUT_KEYS:
            if key in value and value[key] not in (None, "", [], {}):
                parts.append(summarise_output(value[key], limits))
                break
        error = value.get("error")
        if error:
            parts.append("error: " + summarise_output(error, limits))
    code = value.get("exit_code", value.get("exitCode"))
    if isinstance(code, int) and not isinstance(code, bool) and code != 0:
        parts.append(f"exit code {code}")
    if not parts:
        return _compact(value, limits)
    return "\n".join(p for p in parts if p)  # each part is already clipped
