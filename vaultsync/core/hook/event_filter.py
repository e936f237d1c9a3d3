"""Which events are worth keeping: skipped tools, short or low-value events, and repeats.

Filters drop tool events that carry nothing new: tools in `hook.skip_tools`, events with less
than `hook.min_chars` of text (or only `hook.low_value_signals`), a tool call with the same
tool and input as an earlier one in the session, and an event whose words overlap the previous
kept one of the same tool by `hook.dedupe_overlap`. A person's prompt is kept whatever its
length or likeness to the one before ("fix the login bug", 修复登录页的样式, the same request
asked again because the first answer did not do): only an empty one is dropped. Lifecycle
events are never filtered; failures are never dropped for being short or repeated. The
per-session state (`Seen`) lives in the state folder and is read and written under the
session's lock (core/hook/delivery.py).
"""

from __future__ import annotations

import json
from fnmatch import fnmatchcase
from pathlib import Path

from vaultsync.core import paths
from vaultsync.core.model import Event, EventKind

TYPE_CHECKING = False
if TYPE_CHECKING:
    from vaultsync.core.config import Config

_TOOLISH = (EventKind.TOOL, EventKind.TOOL_ERROR)
_FILTERED = (EventKind.TOOL, EventKind.TOOL_ERROR, EventKind.PROMPT)


class Seen:
    """Per-session filter state: the previous kept event's text, tool and failure flag, the
    (tool, input) keys seen so far (1 when their last use failed, so a retry is kept), and how
    many tool calls the filters dropped (the learning queue counts them as work done: twelve
    test runs that differ in one argument are kept as one, and were done twelve times)."""

    __slots__ = ("dropped", "keys", "last", "last_error", "last_tool")

    def __init__(
        self,
        last: str = "",
        keys: dict[str, int] | None = None,
        last_error: bool = False,
        last_tool: str = "",
        dropped: int = 0,
    ) -> None:
        self.last, self.keys, self.last_error, self.last_tool = last, keys, last_error, last_tool
        self.dropped = dropped


def drop_reason(event: Event, seen: Seen, cfg: Config) -> str | None:
    """Why `event` should not be written, or None to keep it."""
    if event.kind not in _FILTERED:
        return None
    if event.kind in _TOOLISH and event.tool:
        patterns = cfg.get("hook", "skip_tools") or []
        if any(_tool_matches(event.tool, str(p)) for p in patterns):
            return "skipped tool"
    if event.is_error:
        return None
    text = event.text()
    if event.kind is EventKind.PROMPT:
        return None if text.strip() else "empty"
    min_chars = int(cfg.get("hook", "min_chars") or 0)
    if len(text.strip()) < min_chars:
        return "too short"
    signals = [str(s) for s in cfg.get("hook", "low_value_signals") or [] if s]
    if signals and any(s in text for s in signals):
        rest = "\n".join(ln for ln in text.splitlines() if not any(s in ln for s in signals))
        if len(rest.strip()) < min_chars:
            return "low value"
    keys = seen.keys or {}
    if event.kind in _TOOLISH and keys.get(_dedupe_key(event)) == 0:
        return "duplicate"
    threshold = float(cfg.get("hook", "dedupe_overlap") or 0)
    # Overlap means the same observation again: only the same tool can repeat one; an edit
    # after a read of the same file is new. What follows a failure reads much like it (the
    # same command, run again) but says whether the fix worked: never dropped for overlap.
    same_source = seen.last_tool == event.tool
    # An edit or write changes a file: two of them are two changes even when their text is
    # mostly the same long path (exact repeats are caught by the dedupe key above).
    changes_files = event.tool_kind in ("edit", "write") and bool(event.files)
    if threshold and seen.last and same_source and not seen.last_error and not changes_files:
        from vaultsync.core.text import overlap

        if overlap(_said(event), seen.last) >= threshold:
            return "overlaps the previous event"
    return None


def _tool_matches(tool: str, pattern: str) -> bool:
    # A plain name, or a name with one trailing `*`, is compared as text: fnmatch compiles a
    # regex per pattern (~0.05 ms each, on every tool call of the hook).
    if not any(c in pattern for c in "*?["):
        return tool == pattern
    if pattern.endswith("*") and not any(c in pattern[:-1] for c in "*?["):
        return tool.startswith(pattern[:-1])
    return fnmatchcase(tool, pattern)


def _dedupe_key(event: Event) -> str:
    return paths.short_hash(event.tool, event.input, n=16)


def remember(seen: Seen, event: Event) -> Seen:
    if event.kind not in _FILTERED:
        return seen
    keys = dict(seen.keys or {})
    if event.kind in _TOOLISH:
        keys[_dedupe_key(event)] = 1 if event.is_error else 0
    return Seen(_said(event)[:4000], keys, event.is_error, event.tool, seen.dropped)


def skipped(seen: Seen, event: Event) -> Seen:
    """`seen` after the filters dropped `event`: a tool call is counted."""
    if event.kind not in _TOOLISH:
        return seen
    return Seen(seen.last, seen.keys, seen.last_error, seen.last_tool, seen.dropped + 1)


def _said(event: Event) -> str:
    """The text compared for overlap: without the tool's name, which both events share."""
    return "\n".join(p for p in (event.input, event.output, event.prompt, event.message) if p)


def load_seen(path: Path) -> Seen:
    try:
        data = json.loads(path.read_bytes())
        keys = data.get("keys")
        dropped = data.get("dropped")
        return Seen(
            last=str(data.get("last", "")),
            keys=keys if isinstance(keys, dict) else {},
            last_error=data.get("last_error") is True,
            last_tool=str(data.get("last_tool", "")),
            dropped=dropped if isinstance(dropped, int) and dropped > 0 else 0,
        )
    except (OSError, ValueError, AttributeError):
        return Seen(keys={})  # lost or damaged state only weakens the dedupe


def dump_seen(seen: Seen) -> bytes:
    data = {"last": seen.last, "last_tool": seen.last_tool, "last_error": seen.last_error,
            "keys": seen.keys or {}, "dropped": seen.dropped}  # fmt: skip
    return json.dumps(data, ensure_ascii=False).encode("utf-8", "surrogatepass")


def dropped_tool_calls(vault: Path, agent: str, session_id: str) -> int:
    """How many of this session's tool calls the filters dropped (0 when unknown)."""
    return load_seen(
        paths.session_state(vault, paths.session_key(agent, session_id), ".seen")
    ).dropped
