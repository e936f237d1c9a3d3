"""CJK text without core/text's regexes, for the hook: a class spanning the CJK blocks takes
~3-5 ms to compile, and prompt-time recall and session start would compile it for any candidate
in Chinese, any line with an ellipsis, any USER.md with an em dash. Each function gives what its
core/text namesake gives (a property test holds them to it); which characters are CJK is
core/text's alone (`text.is_cjk`, `text.has_cjk`, a bisect over its class's bounds).
"""

from __future__ import annotations

from vaultsync.core import text as _text
from vaultsync.core.text import SEP, has_cjk, is_cjk


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
