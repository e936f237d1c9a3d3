"""Plain-language queries to FTS5 terms (stdlib only: safe on the hook path).

PROVISIONAL copy on h13's branch, coded to the interface in CONTRACTS.md until h11's version
lands (h11 owns this module; at merge time h11's file wins).

    terms(text) -> list[str]        meaningful terms; stopwords en/zh/ja removed
    match_any(text) -> str | None   FTS5 MATCH expression (OR of terms, prefix/stem)
    looks_natural(text) -> bool     reads as a sentence or question
"""

from __future__ import annotations

import re

from vaultsync.core.text import cjk_runs, has_cjk, segment

_WORD = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.\-/]*[A-Za-z0-9_]|[A-Za-z0-9]")
_EN_STOP = frozenset(
    """a about above after again all also am an and any are as at be been before being below
    between both but by can could did do does doing done down during each few for from further
    had has have having he her here hers him his how i if in into is it its itself just me
    more most my myself no nor not now of off on once only or other our ours out over own same
    she should so some such than that the their theirs them then there these they this those
    through to too under until up very was we were what when where which while who whom why
    will with would you your yours yesterday today last please tell show find which changed
    change did files file thing things one ones get got make made know let lets ok okay""".split()
)
# Characters that carry grammar, not topic, in Chinese and Japanese questions.
_CJK_STOP = set(
    "的了在是我你他她它们这那哪些个吗呢吧啊和与及或就都也还又把被给让从向对于里上下中么什怎样"
    "为具体昨天今天前次那个这个一下请帮看告诉所以因为但是如果时候有没多少几"
    "はがをにでとのもへやかなだですますしたいるあるこれそれあれどのどれ"
)
_SUFFIXES = ("ations", "ation", "ings", "ing", "ies", "ied", "es", "ed", "ly", "s")
_QUESTION = re.compile(r"[?？]|\b(what|which|how|why|when|where|who|did|does|is|are)\b", re.I)


def _stem(word: str) -> str:
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def _cjk_terms(run: str) -> list[str]:
    """Bigrams of a CJK run, without those made only of grammar characters."""
    chars = [c for c in run if c.strip()]
    if len(chars) == 1:
        return [] if chars[0] in _CJK_STOP else chars
    out = []
    for a, b in zip(chars, chars[1:], strict=False):
        if a in _CJK_STOP or b in _CJK_STOP:
            continue
        out.append(a + b)
    return out


def terms(text: str) -> list[str]:
    """Meaningful terms in order of appearance, lowercased, each once."""
    seen: dict[str, None] = {}
    for word in _WORD.findall(text):
        low = word.lower()
        if low in _EN_STOP or len(low) < 2:
            continue
        seen.setdefault(low, None)
    if has_cjk(text):
        for run in cjk_runs(text):
            for term in _cjk_terms(run):
                seen.setdefault(term, None)
    return list(seen)[:24]


def _fts_term(term: str) -> str:
    if has_cjk(term):
        return '"' + segment(term).replace('"', '""') + '"'
    parts = re.findall(r"[a-z0-9_]+", term)
    if not parts:
        return ""
    if len(parts) > 1:  # a path or dotted name: the tokens side by side
        return '"' + " ".join(parts) + '"'
    word = parts[0]
    stem = _stem(word)
    return f'"{stem}"*' if len(stem) >= 3 else f'"{word}"'


def match_any(text: str) -> str | None:
    found = [t for t in (_fts_term(t) for t in terms(text)) if t]
    return " OR ".join(dict.fromkeys(found)) if found else None


def looks_natural(text: str) -> bool:
    words = text.split()
    return bool(_QUESTION.search(text)) or len(words) >= 4 or (has_cjk(text) and len(text) >= 6)
