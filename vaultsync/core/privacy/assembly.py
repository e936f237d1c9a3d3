"""Values split by the way they were written down, put back together before the rules read them.

A secret is often not one run of characters in the text: a hard wrap at 64 or 76 columns, string
literals joined by `+` (or set side by side, as Python and C allow), a shell line continuation in
the middle of a value, a YAML block scalar (`key: |` then indented lines), JSON escapes
(`\\/`, `\\"`) in a notebook or a nested JSON string. `glue()` finds the characters that split a
value (the glue); `views()` yields, for each region around glue, the region with its glue taken
out and a map back to the text, so the ordinary rules can read the reassembled value and a hit is
redacted in the original, glue included.

Cost stays proportional: every kind of glue has a cheap pre-check (a substring test) and the
regions are only the lines around the glue, never the whole text again.
Standard library only.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator

from vaultsync.core.lazy_regex import Lazy

Span = tuple[int, int]

# Two string literals joined: the closing quote of one (after a token character), an operator or
# a line break (or both), and the opening quote of the next (before a token character).
_CONCAT = Lazy(
    r"(?:(?<=[^\s\"'\\])|(?<=[^\s\"'\\] ))([\"'])"
    r"(?:[ \t]{0,8}(?:\+|\.\.|&|\.)[ \t]{0,8}(?:\\?\r?\n[ \t]{0,40})?"
    r"|[ \t]{0,8}\\?\r?\n[ \t]{0,40}(?:(?:\+|\.\.|&|\.)[ \t]{0,8})?|[ \t]{1,8})\1(?=[^\s\"'])"
)
# The parenthesis that opens a string split over lines (`TOKEN = (\n    "ab"\n    "cd"\n)`).
_PAREN = Lazy(r"(?<==)[ \t]*\([ \t]*\r?\n[ \t]{0,40}(?=[\"'])")
# A shell continuation inside a value (no space before the backslash).
_CONTINUATION = Lazy(r"(?<=[A-Za-z0-9+/=_-])\\\r?\n[ \t]{0,40}(?=[A-Za-z0-9+/=_-])")
# A hard wrap: a line that ends in a long token run, followed by a line that is only a token.
_WRAP = Lazy(r"(?m)(?<=[A-Za-z0-9+/=_-]{40})\r?\n[ \t]{0,40}(?=[A-Za-z0-9+/=_-]{8,}[\"',;]?\r?$)")
# A YAML block or folded scalar whose lines are one token.
_BLOCK = Lazy(r"(?m):[ \t]*([|>][-+]?[ \t]*\r?\n[ \t]{1,40})(?=[A-Za-z0-9+/=_-]{16,}\r?$)")
# JSON escapes next to token characters: `\/` inside a value, `\"` around one.
_ESCAPE = Lazy(r"\\(?=[/\"])")
_KEYISH = Lazy(r"(?i)(?:key|token|secret|pass|pwd|auth|cred|psk)")
_WINDOW = 600  # characters either side of an escape that are read unescaped


def glue(w: str) -> list[Span]:
    """The characters that split a value in `w` (sorted, non-overlapping)."""
    out: list[Span] = []
    if ('"' in w or "'" in w) and (
        "+" in w or '" "' in w or "' '" in w or '"\n' in w or "'\n" in w or "&" in w
    ):
        out += [m.span() for m in _CONCAT.finditer(w)]
        if "(" in w:
            out += [m.span() for m in _PAREN.finditer(w)]
    if "\\\n" in w or "\\\r\n" in w:
        out += [m.span() for m in _CONTINUATION.finditer(w)]
    if "\n" in w:
        out += [m.span() for m in _WRAP.finditer(w)]
        if "|" in w or ">" in w:
            out += [m.span(1) for m in _BLOCK.finditer(w)]
    if "\\/" in w or '\\"' in w:
        out += _escapes(w)
    out.sort()
    merged: list[Span] = []
    for s, e in out:
        if merged and s < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], e))
        else:
            merged.append((s, e))
    return merged


def _escapes(w: str) -> list[Span]:
    """The backslashes of `\\/` and `\\"` near a name that says secret (a whole notebook is
    JSON: reading all of it twice would double the cost)."""
    out: list[Span] = []
    reach = 0
    for k in _KEYISH.finditer(w):
        lo, hi = max(reach, k.start() - _WINDOW), min(len(w), k.end() + _WINDOW)
        if hi <= lo:
            continue
        out += [m.span() for m in _ESCAPE.finditer(w, lo, hi)]
        reach = hi
    return out


def regions(w: str, spans: list[Span]) -> list[Span]:
    """The lines around each piece of glue, joined where they touch."""
    out: list[Span] = []
    for s, e in spans:
        a = w.rfind("\n", 0, max(0, s - 1)) + 1  # the line before a break, or the glue's own line
        a = max(a, s - 4096)
        b = w.find("\n", e)
        b = len(w) if b < 0 else b
        b = min(b, e + 65536)
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def views(w: str) -> Iterator[tuple[str, list[int], list[int]]]:
    """For each region with glue: its text without the glue, and the map back
    (segment starts in the view, and the same segments' starts in `w`)."""
    spans = glue(w)
    if not spans:
        return
    starts = [s for s, _ in spans]
    for a, b in regions(w, spans):
        k = bisect.bisect_left(starts, a)
        parts: list[str] = []
        vs: list[int] = []
        ws: list[int] = []
        pos, n = a, 0
        while k < len(spans) and spans[k][0] < b:
            s, e = spans[k]
            if s > pos:
                vs.append(n)
                ws.append(pos)
                parts.append(w[pos:s])
                n += s - pos
            pos = max(pos, e)
            k += 1
        if pos < b:
            vs.append(n)
            ws.append(pos)
            parts.append(w[pos:b])
        yield "".join(parts), vs, ws


def to_text(vs: list[int], ws: list[int], p: int) -> int:
    """Offset `p` of a view as an offset of the text."""
    k = max(0, bisect.bisect_right(vs, p) - 1)
    return ws[k] + p - vs[k] if vs else p
