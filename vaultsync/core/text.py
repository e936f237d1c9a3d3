"""Text measures shared by every layer: CJK segmentation for search and token estimates.

Search in Chinese and Japanese: SQLite's unicode61 tokenizer keeps a whole run of Han or kana
characters as one token, so 修复 inside 修复了路由的问题 is never found, and the trigram
tokenizer cannot match two-character words at all. vaultsync indexes every CJK character as a
token of its own (`segment` puts a zero-width space between them) and turns each CJK run in a
query into a phrase of single characters (`修复` -> `"修 复"`), which FTS5 matches only where
the characters stand next to each other. This needs no dictionary, finds words of any length,
and costs one regex pass per note. Snippets are read back through `unsegment`.

Token budgets: `estimate_tokens` counts each CJK character as one token and every other run of
non-space text as one token per four characters (rounded up), a close, deterministic stand-in for
the BPE tokenizers agents use, which never undercounts CJK text.
"""

from __future__ import annotations

import functools
import itertools
import re
from bisect import bisect_right

# Han (incl. extensions A and B+), kana, Hangul syllables, CJK punctuation and full-width forms.
CJK_CLASS = (
    "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
    "\u3000-\u303f\uff00-\uffef\U00020000-\U0003134f"
)
_PATTERNS = {
    "_CJK_CHAR": f"[{CJK_CLASS}]",
    "_CJK_RUN": f"[{CJK_CLASS}]+",
    "_BOUNDARY": f"(?<=[{CJK_CLASS}])(?=\\S)|(?<=\\S)(?=[{CJK_CLASS}])",
}


@functools.cache
def _rx(name: str) -> re.Pattern[str]:
    return re.compile(_PATTERNS[name])


def __getattr__(name: str) -> re.Pattern[str]:
    # Classes spanning tens of thousands of code points take ~5 ms to compile, a quarter of an
    # interpreter start: they are compiled on first use, and ASCII text never needs them (the
    # hook compares ASCII events on every tool call).
    if name in _PATTERNS:
        return _rx(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# U+200B (zero width space) is a separator to unicode61 and invisible in text, so a segmented
# text reads back exactly by deleting it.
SEP = "\u200b"


def _cjk_bounds(cls: str) -> tuple[int, ...]:
    """CJK_CLASS (a run of `lo-hi` triples) as the sorted bounds a bisect looks a code point
    up in, ranges merged where they touch."""
    spans = sorted((ord(cls[i]), ord(cls[i + 2]) + 1) for i in range(0, len(cls), 3))
    merged: list[list[int]] = []
    for lo, end in spans:
        if merged and lo <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([lo, end])
    return tuple(edge for span in merged for edge in span)


_CJK_BOUNDS = _cjk_bounds(CJK_CLASS)


def is_cjk(ch: str) -> bool:
    return bisect_right(_CJK_BOUNDS, ord(ch)) & 1 == 1


def has_cjk(text: str) -> bool:
    """Whether `text` holds a CJK character, without compiling the class: a bisect per
    distinct character at or above U+3000 (a long English line with one Chinese word at its
    end, or an em dash, costs no regex compile of ~3-5 ms)."""
    if text.isascii() or max(text) < "\u3000":
        return False
    return any(is_cjk(ch) for ch in set(text) if ch >= "\u3000")


def segment(text: str) -> str:
    """Space-separate every CJK character so the index sees each one as a token.

    A separator goes wherever a CJK character meets a non-space character (the `_BOUNDARY`
    rule), computed per run of CJK characters: 2-3x faster than the lookaround regex on
    Chinese text, which a full rebuild segments once per note.
    """
    if not has_cjk(text):
        return text
    return _rx("_CJK_RUN").sub(_segment_run, text)


def _segment_run(match: re.Match[str]) -> str:
    run, (start, end), text = match.group(), match.span(), match.string
    if "\u3000" in run:  # the one CJK character that is also a space: none next to another
        pairs = itertools.pairwise(run)
        inner = run[0] + "".join(c if p.isspace() and c.isspace() else SEP + c for p, c in pairs)
    else:
        inner = SEP.join(run)
    before = SEP if start and not text[start - 1].isspace() else ""
    after = SEP if end < len(text) and not text[end].isspace() else ""
    return before + inner + after


def unsegment(text: str) -> str:
    """Undo `segment` for display (snippets); only spaces between two CJK characters go."""
    if not has_cjk(text):
        return text
    return text.replace(SEP, "")


def cjk_runs(text: str) -> list[str]:
    return [] if text.isascii() else _rx("_CJK_RUN").findall(text)


def estimate_tokens(text: str) -> int:
    if text.isascii():
        cjk, rest = 0, text
    else:
        cjk = len(_rx("_CJK_CHAR").findall(text))
        rest = _rx("_CJK_CHAR").sub(" ", text)
    return cjk + sum((len(word) + 3) // 4 for word in rest.split())


def overlap(a: str, b: str) -> float:
    """Share of the smaller text's word set found in the other (0..1); CJK counted by character."""
    wa, wb = _words(a), _words(b)
    if not wa or not wb:
        return 0.0
    return len(wa & wb) / min(len(wa), len(wb))


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"\w+", segment(text.lower())) if w}
