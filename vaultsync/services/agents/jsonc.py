"""JSON with comments and trailing commas (JSONC), as OpenCode allows in opencode.json(c): read
by blanking the comments and dropping trailing commas outside strings, then the standard JSON
parser. Writing keeps to plain JSON; a file that has comments is never rewritten (they would be
lost), see services/agents/mcp_install."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any


def strip(text: str) -> str:
    """`text` with `//` and `/* */` comments blanked and trailing commas removed, outside
    strings (line numbers and every other character stay where they were)."""
    return _without_trailing_commas(_blank_comments(text))


def _strings(text: str, handle: Callable[[str, int, list[str]], int]) -> str:
    """Walk `text`, copying strings as they are; `handle` sees every other position and
    returns where to continue (it appends what to keep)."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        if text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i : j + 1])
            i = j + 1
        else:
            i = handle(text, i, out)
    return "".join(out)


def _blank_comments(text: str) -> str:
    def handle(text: str, i: int, out: list[str]) -> int:
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = len(text) if end == -1 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = len(text) if end == -1 else end + 2
        else:
            out.append(text[i])
            return i + 1
        out.append("".join(c if c == "\n" else " " for c in text[i:end]))
        return end

    return _strings(text, handle)


def _without_trailing_commas(text: str) -> str:
    def handle(text: str, i: int, out: list[str]) -> int:
        if text[i] == ",":
            nxt = text[i + 1 :].lstrip(" \t\r\n")[:1]
            out.append(" " if nxt in ("}", "]") else ",")
        else:
            out.append(text[i])
        return i + 1

    return _strings(text, handle)


def loads(text: str) -> Any:
    """Parse JSONC; raises ValueError like json.loads."""
    return json.loads(strip(text.lstrip("\ufeff")))


def is_plain(text: str) -> bool:
    """Whether `text` is plain JSON (no comment, no trailing comma): safe to rewrite as data."""
    try:
        json.loads(text)
    except ValueError:
        return False
    return True
