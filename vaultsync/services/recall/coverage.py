"""How much of a question a result holds: the engine's abstention rule (docs/search.md
"Abstention") and its "what was decided" and vector-fusion steps read it too.

A result's coverage is the share of the question's terms, each weighted by its inverse document
frequency in the index, found in its best row and title: a rare name weighs more than a common
word, so a result holding "Elasticsearch" but not "how" covers most of "how do we run
Elasticsearch". Chinese and Japanese terms are matched by their segmented characters; a
question in one of them about an English text is judged on its Latin terms and the English
words of its software terms (core/query/term_map.py through nlquery.translations), and a Japanese
term counts in a Chinese text through the words they share (`JA_ZH_BRIDGE`).
"""

from __future__ import annotations

import functools
import math
import re
import unicodedata
from collections.abc import Sequence
from typing import Protocol

from vaultsync.core.query import nlquery
from vaultsync.core.text import SEP, segment
from vaultsync.services.recall import maxscore
from vaultsync.storage import recall_rows as rows
from vaultsync.storage.index import Index
from vaultsync.storage.recall_rows import Candidate

# A Chinese or Japanese term counts in a text of the other language through its words there
# (`other_cjk`): a Japanese question's coverage of a Chinese note (デプロイ in 部署...).
JA_ZH_BRIDGE = True


class Grouped(Protocol):
    """A result as the engine ranks it: judged by its best member."""

    best: Candidate


_FOLD_DROP = re.compile(r"[\u0300-\u036f]")


def fold(text: str) -> str:
    return _FOLD_DROP.sub("", unicodedata.normalize("NFKD", text.lower()))


def term_pattern(term: str) -> re.Pattern[str]:
    prefix = term.endswith("*")
    body = fold(term.rstrip("*"))
    if not body.isascii() or any(ch >= "\u3000" for ch in body):
        seg = re.escape(segment(body)).replace(re.escape(SEP), f"[{SEP}\\s]*")
        return re.compile(seg)
    return re.compile(r"\b" + re.escape(body) + (r"\w*" if prefix else r"\b"))


def idf(index: Index, term: str, total: int, freqs: maxscore.DocFreqs) -> float:
    prefix = term.endswith("*")
    body = fold(term.rstrip("*"))
    tokens = [t for t in segment(body).replace(SEP, " ").split() if t]
    if not tokens:
        return 0.0
    # A CJK phrase is at most as frequent as its rarest character; a prefix as all its words.
    freq = min(maxscore.doc_freq(index, freqs, t, prefix and i == len(tokens) - 1)[1]
               for i, t in enumerate(tokens))  # fmt: skip
    return math.log(1 + (total - freq + 0.5) / (freq + 0.5))


def best_share(
    index: Index, query: str, groups: Sequence[Grouped], freqs: maxscore.DocFreqs, via: bool = False
) -> float:
    """The best IDF-weighted share of the query's terms found in one of `groups`."""
    return max(shares(index, query, groups, freqs, via), default=0.0)


def shares(
    index: Index, query: str, groups: Sequence[Grouped], freqs: maxscore.DocFreqs, via: bool = False
) -> list[float]:
    """Each group's IDF-weighted share of the query's terms (its best row and title). `via`:
    a term also counts as found in a text with CJK characters through one of its Chinese or
    Japanese words (nlquery.cjk_words; the CJK fallback's results)."""
    if not groups:
        return []
    terms = nlquery.terms(query, expand=False)
    if not terms:
        # exact syntax with no plain terms (e.g. only a phrase of stopwords): trust the match
        return [1.0] * len(groups)
    # A Chinese or Japanese question about a text without CJK characters is judged on its
    # Latin terms and the English words of its software terms (nlquery.translations).
    translated = nlquery.translations(query)
    english = [t for t in terms if t.isascii()] + translated
    total = max(rows.fts_rows(index), 1)
    weights = {t: idf(index, t, total, freqs) for t in dict.fromkeys(terms + english)}
    texts = rows.texts(index, [g.best.rowid for g in groups])
    out = []
    for g in groups:
        text = fold(texts.get(g.best.rowid, "") + "\n" + g.best.title)
        cjk = has_cjk(text)
        judged = english if translated and not cjk else terms
        whole = sum(weights[t] for t in judged)
        if whole <= 0:
            return [1.0] * len(groups)
        found = sum(
            weights[t]
            for t in judged
            if term_pattern(t).search(text)
            or (via and cjk and any(w in text for w in cjk_equivalents(t)))
            or (cjk and not t.isascii() and any(w in text for w in other_cjk(t)))
        )
        out.append(found / whole)
    return out


def with_cjk_words(query: str) -> str:
    """The question with the Chinese and Japanese words of its terms added (core/query/term_map.py,
    through the English word they share: "database" 数据库 データベース), or "" when it has none
    to add."""
    words = [w for t in nlquery.terms(query) for w in cjk_equivalents(t) if w not in query]
    return " ".join([query, *dict.fromkeys(words)]) if words else ""


def cjk_equivalents(term: str) -> tuple[str, ...]:
    """The term's Chinese and Japanese words of two characters or more: one character (库
    "library", 表 "table") is inside too many other words (数据库, 代码表) to stand for one."""
    return tuple(w for w in nlquery.cjk_words(term) if len(w) > 1)


@functools.lru_cache(maxsize=512)
def other_cjk(term: str) -> tuple[str, ...]:
    """A Chinese or Japanese term's words in the other language, through the English words they
    share (core/query/term_map.py): デプロイ 部署, 数据库 データベース. A Japanese question is
    judged on a Chinese note by them (and the reverse), as prompt-time recall judges it."""
    if not JA_ZH_BRIDGE:
        return ()
    words = (w for e in nlquery.translations(term) for w in cjk_equivalents(e))
    return tuple(dict.fromkeys(w for w in words if w != term and w not in term))


def unseen(index: Index, named: list[str], query: str, freqs: maxscore.DocFreqs) -> bool:
    """True when a name the question asks about (nlquery.anchors, among the terms ranked) is in
    no row of the index: whatever its other words match, nothing is about it."""
    asked = set(nlquery.terms(query, expand=False))
    for term in named:
        token = term.rstrip("*")
        if (
            term in asked
            and token.isascii()
            and not maxscore.doc_freq(index, freqs, token, term.endswith("*"))[1]
        ):
            return True
    return False


def has_cjk(text: str) -> bool:
    """Chinese, Japanese or Korean (Hangul syllables: a Korean note is judged on the question's
    own terms, as a Chinese one is)."""
    return any(
        "\u3040" <= ch <= "\u30ff" or "\u3400" <= ch <= "\u9fff" or "\uac00" <= ch <= "\ud7af"
        for ch in text
    )
