"""Values split by the way they were written down, put back together before the rules read them.

A secret is often not one run of characters in the text: a hard wrap at 64 or 76 columns, string
literals joined by `+` (or set side by side, as Python and C allow), a shell line continuation in
the middle of a value, a YAML block scalar (`key: |` then indented lines), JSON escapes
(`\\/`, `\\"`) in a notebook or a nested JSON string. `glue()` finds the characters that split a
value (the glue); `joined()` gives the regions around glue with the glue taken out and a map
back to the text, so the ordinary rules can read the reassembled value and a hit is
redacted in the original, glue included.

Cost stays proportional: every kind of glue has a cheap pre-check (a substring test) and the
regions are only the lines around the glue, never the whole text again.
Standard library only.
"""

from __future__ import annotations

import bisect
import itertools

from vaultsync.core.lazy_regex import Lazy

Span = tuple[int, int]

# Two string literals joined: the closing quote of one, an operator or a line break (or both), and
# the opening quote of the next. (Each pattern starts with a literal or a class, which `re` scans
# for quickly; what must stand before the match is checked in code.)
_CONCAT = Lazy(
    r"([\"'])(?:[ \t]{0,8}(?:\+|\.\.|&|\.)[ \t]{0,8}(?:\\?\r?\n[ \t]{0,40})?"
    r"|[ \t]{0,8}\\?\r?\n[ \t]{0,40}(?:(?:\+|\.\.|&|\.)[ \t]{0,8})?|[ \t]{1,8})\1(?=[^\s\"'])"
)
# The parenthesis that opens a string split over lines (`TOKEN = (\n    "ab"\n    "cd"\n)`).
_PAREN = Lazy(r"=([ \t]*\([ \t]*\r?\n[ \t]{0,40})(?=[\"'])")
# A shell continuation inside a value (no space before the backslash).
_CONTINUATION = Lazy(r"\\\r?\n[ \t]{0,40}(?=[A-Za-z0-9+/=_-])")
# A hard wrap: a line that ends in a long token run, followed by a line that is only a token.
_WRAP = Lazy(r"(?m)\n[ \t]{0,40}(?=[A-Za-z0-9+/=_-]{8,}[\"',;]?\r?$)")
_LONG_RUN = Lazy(r"[A-Za-z0-9+/=_-]{40}\r?\Z")
# A YAML block or folded scalar whose lines are one token.
_BLOCK = Lazy(r"(?m):[ \t]*([|>][-+]?[ \t]*\r?\n([ \t]{1,40}))(?=\S{4,}\r?$)")
_ONE_TOKEN = Lazy(r"\S{2,}\r?")
# JSON escapes: `\/` inside a value, `\"` around one.
_ESCAPE = Lazy(r"\\(?=[/\"])")
_KEYISH = ("key", "token", "secret", "pass", "pwd", "auth", "cred", "psk")
_WINDOW = 600  # characters either side of a secret word that are read unescaped
_TOKEN = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_-")
_NOT_BEFORE = frozenset(" \t\r\n\"'\\")
# What a value split by a continuation can end in: a token character or a password's punctuation
# (`S7JqH%\`), not code's (`);\` in a C macro) and not a space (`cmd --flag \`).
_VALUE_END = _TOKEN | frozenset("!@#$%^&*.:~?")


def glue(w: str) -> list[Span]:
    """The characters that split a value in `w` (sorted, non-overlapping)."""
    out: list[Span] = []
    if ('"' in w or "'" in w) and (
        "+" in w or '" "' in w or "' '" in w or '"\n' in w or "'\n" in w or "&" in w
    ):
        for m in _CONCAT.finditer(w):
            s = m.start()
            before = w[s - 1 : s]
            if before == " ":
                before = w[s - 2 : s - 1]
            if before and before not in _NOT_BEFORE:
                out.append(m.span())
        if "(" in w:
            out += [m.span(1) for m in _PAREN.finditer(w)]
    if "\\\n" in w or "\\\r\n" in w:
        out += [
            m.span()
            for m in _CONTINUATION.finditer(w)
            if m.start() and w[m.start() - 1] in _VALUE_END
        ]
    if "\n" in w:
        for m in _WRAP.finditer(w):
            s = m.start()
            if _LONG_RUN.search(w, max(0, s - 41), s):
                out.append((s - 1 if w[s - 1 : s] == "\r" else s, m.end()))
        if "|" in w or ">" in w:
            for m in _BLOCK.finditer(w):
                out.append(m.span(1))
                out += _block_lines(w, m.end(), m.group(2))
    if "\\/" in w or '\\"' in w:
        out += _escapes(w)
    if w.count("\n") >= 1:
        out += _log_continuations(w)
    out.sort()
    merged: list[Span] = []
    for s, e in out:
        if merged and s < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], e))
        else:
            merged.append((s, e))
    return merged


# A log record's prefix holds a time, a date or a process id: digits, not only indentation.
_LOG_PREFIX = Lazy(r"\d[\d:.-]*[ \tTZ\]]|\[\d+\]")


def _log_continuations(w: str) -> list[Span]:
    """A value a logger split over two records: a line that ends in a token run, then a line
    with the same prefix (timestamp, level, source: digits in it, not only indentation) that
    holds only the rest of the value (`… key=AKIAGQLB` / `… BH42EMHX`). The glue is the line
    break and the repeated prefix."""
    out: list[Span] = []
    lines = w.split("\n")
    pos = 0  # the start of `a` in `w`
    for a, b in itertools.pairwise(lines):
        nxt = pos + len(a) + 1
        if a[:12] == b[:12] and len(a) > len(b):
            b = b.rstrip("\r")
            sp = b.rfind(" ")
            tail = b[sp + 1 :]
            a_end = a.rstrip("\r")
            if (
                sp >= 11
                and len(tail) >= 4
                and tail[0].isalnum()
                and a.startswith(b[: sp + 1])
                and _LOG_PREFIX.search(b, 0, sp) is not None
                and a_end[-1:] in _TOKEN
                and not tail.isalpha()
                and all(c in _VALUE_END for c in tail)
            ):
                out.append((pos + len(a_end), nxt + sp + 1))
        pos = nxt
    return out


def _block_lines(w: str, p: int, indent: str) -> list[Span]:
    """The line breaks (with the indentation after them) between the one-token lines of a
    block scalar that starts at `p`."""
    out: list[Span] = []
    for _ in range(200):
        nl = w.find("\n", p)
        if nl < 0 or not w.startswith(indent, nl + 1):
            break
        q = nl + 1 + len(indent)
        end = w.find("\n", q)
        end = len(w) if end < 0 else end
        if q >= end or w[q] in " \t" or not _ONE_TOKEN.fullmatch(w, q, end):
            break
        out.append((nl, q))
        p = end
    return out


def _escapes(w: str) -> list[Span]:
    """The backslashes of `\\/` and `\\"` near a word that says secret (a whole notebook is
    JSON: reading all of it twice would double the cost)."""
    lowered = w.lower()
    raw = lowered.encode("utf-8", "surrogatepass")  # (a presence test on bytes: see intent.py)
    windows: list[Span] = []
    for k in (k for k in _KEYISH if k.encode() in raw):
        p = lowered.find(k)
        while p >= 0:
            windows.append((max(0, p - _WINDOW), min(len(w), p + _WINDOW)))
            p = lowered.find(k, p + _WINDOW)
    out: list[Span] = []
    reach = 0
    for lo, hi in sorted(windows):
        lo = max(lo, reach)
        if hi > lo:
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


def joined(w: str) -> tuple[str, list[int], list[int]] | None:
    """The regions of `w` around glue, each without its glue, one after the other (a blank line
    between), with the map back: segment starts in the joined text and the same segments'
    starts in `w`. None when nothing in `w` is split."""
    spans = glue(w)
    if not spans:
        return None
    starts = [s for s, _ in spans]
    parts: list[str] = []
    vs: list[int] = []
    ws: list[int] = []
    n = 0
    for a, b in regions(w, spans):
        k = bisect.bisect_left(starts, a)
        pos = a
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
            n += b - pos
        parts.append("\n\n")
        n += 2
    return "".join(parts), vs, ws


def to_text(vs: list[int], ws: list[int], p: int) -> int:
    """Offset `p` of the joined text as an offset of the text."""
    k = max(0, bisect.bisect_right(vs, p) - 1)
    return ws[k] + p - vs[k] if vs else p
