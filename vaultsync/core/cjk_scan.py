"""Tests for CJK text without core/text's regexes, for the hook's prompt-time recall: a class
spanning the CJK blocks takes ~5 ms to compile, and the recall would compile it for any
candidate in Chinese or any line with an ellipsis. Each function gives what its core/text
namesake gives (a property test holds them to it).

The ranges are core/text's own (its class is a run of `lo-hi` triples), merged where they
touch, as the sorted bounds a bisect looks a code point up in.
"""

from __future__ import annotations

from bisect import bisect_right

from vaultsync.core import text as _text
from vaultsync.core.text import SEP


def _cjk_bounds(cls: str) -> tuple[int, ...]:
    spans = sorted((ord(cls[i]), ord(cls[i + 2]) + 1) for i in range(0, len(cls), 3))
    merged: list[list[int]] = []
    for lo, end in spans:
        if merged and lo <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([lo, end])
    return tuple(edge for span in merged for edge in span)


_CJK_BOUNDS = _cjk_bounds(_text.CJK_CLASS)


def is_cjk(ch: str) -> bool:
    return bisect_right(_CJK_BOUNDS, ord(ch)) & 1 == 1


def has_cjk(text: str) -> bool:
    # Each distinct character once: a long English line with one Chinese word at its end
    # would otherwise take one bisect per character (~0.15 ms per 700 characters, and the
    # prompt's recall asks this of every candidate line).
    if text.isascii() or max(text) < "\u3000":
        return False
    return any(is_cjk(ch) for ch in set(text) if ch >= "\u3000")


def unsegment(text: str) -> str:
    """The index's separator goes from a text with CJK in it."""
    return text.replace(SEP, "") if SEP in text and has_cjk(text) else text


def segment(term: str) -> str:
    """For one query term (a term in CJK is CJK throughout)."""
    if not has_cjk(term):
        return term
    if all(map(is_cjk, term)):
        return SEP.join(term)
    return _text.segment(term)


def estimate_tokens(text: str) -> int:
    """Each CJK character one token, other words one per four characters."""
    if has_cjk(text):
        cjk = sum(map(is_cjk, text))
        text = "".join(" " if is_cjk(ch) else ch for ch in text)
    else:
        cjk = 0
    return cjk + sum((len(word) + 3) // 4 for word in text.split())
