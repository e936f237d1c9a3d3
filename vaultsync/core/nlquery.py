"""Plain-word queries: the meaningful terms of a sentence or question, as an FTS5 OR expression.

A person or an agent asks "which message queue did we pick for the billing service?"; the exact
query language (services/recall/search.py) would require every word, `which` and `did`
included, and find nothing. Here a query becomes its meaningful terms, ranked by BM25 with OR
semantics:

- English: words minus stopwords (question words, pronouns, auxiliaries, fillers), each cut to a
  light stem and matched as a prefix (`validated`, `validation`, `validates` -> `validat*`), so
  inflections meet without a dictionary.
- Chinese: a run of Han characters is split at function words (的 了 是 在 吗 什么 怎么 ...),
  and what remains is matched as overlapping two-character phrases (`消息队列` -> 消息, 息队,
  队列): the index holds one token per character (core/text.py), a bigram phrase is the usual
  dictionary-free unit for Chinese retrieval, and a stray bigram across a word boundary costs
  nothing under OR.
- Japanese: hiragana runs are grammar (particles, inflections: の は が を に で, ました) and are
  dropped; katakana runs are kept whole (データベース); kanji runs are split like Chinese; a
  lone kanji that a verb's or adjective's kana follow (not a particle) is also matched with its
  first kana (戻したい -> 戻, 戻し), which names the word better than the character alone.

Stdlib only and no typing/dataclasses at run time: the prompt-time recall in the hook imports it.
"""

from __future__ import annotations

import unicodedata

from vaultsync.core.lazy_regex import Lazy
from vaultsync.core.text import segment

MAX_TERMS = 32  # a long paste becomes a bag of its first terms; FTS5 cost grows per term
MIN_PREFIX = 3  # shorter words match exactly: `go*` or `db*` would match half the vocabulary
MIN_STEM = 4  # a suffix is cut only if this much of the word remains


def _listed(text: str) -> list[str]:
    return text.split()


STOP_EN = frozenset(
    _listed(
        """
a about above after again against all also am an and any are aren as at be because been before
being below between both but by can cannot could couldn did didn do does doesn doing don done
down during each either else ever few for from further get gets got had hadn has hasn have
haven having he her here hers herself him himself his how i if in into is isn it its itself
just let lets like ll me might mine more most much must my myself need no nor not now of off on
once one only or other ought our ours ourselves out over own please re really s same shall she
should shouldn so some such t than that the their theirs them themselves then there these they
this those through thing things to too under until up upon us ve very was wasn way we were
weren what whatever when whenever where whereas wherever whether which while who whom whose why
will with within without won would wouldn yes yet you your yours yourself yourselves
tell show know remember recall say said told ask asked again back time times last ago earlier
previously before anything something someone anyone everything stuff kind sort remind
"""
    )
)

# Chinese function words and question words, longest first when matched.
# Chinese function words and question words (matched longest first). Single characters are
# only the ones that are almost never part of a content word: 上, 中, 前, 用, 对 ... start
# words (上线, 中间件, 前端, 用户, 对象), so they stay.
STOP_ZH = tuple(
    sorted(
        _listed(
            """
的 了 吗 呢 吧 啊 呀 么 是 在 和 也 都 就 我 你 他 她 它 这 那 哪 谁 请
我们 你们 他们 她们 它们 咱们 这个 那个 这些 那些 这里 那里 哪个 哪些 哪里 哪儿 还是 或者
什么 怎么 怎样 怎么样 如何 为什么 为何 多少 几个 是否 是不是 有没有 能不能 可以 可能 应该 需要
一个 一下 一些 没有 之前 以前 上次 上回 当时 那次 曾经 之后 时候 的时候 最后 后来
告诉 记得 还记得 知道 说过 讨论 提到 过的 关于 有关 其中 所以 因为 但是 然后 如果 当初 最终
事情 东西 情况 决定了 用的 用了 选了 做了 定了
"""
        ),
        key=len,
        reverse=True,
    )
)

# Japanese: hiragana is dropped wholesale (below); these are kanji/katakana fillers.
STOP_JA = frozenset(_listed("何 前回 以前 今回 時 事 物 方 為 様 私 僕 我々 皆 誰 件 際 場合"))

_APOSTROPHES = "'’"
# Japanese: a lone kanji followed by its inflecting kana (okurigana) is also matched with the
# first kana (戻したい -> 戻, 戻し); +0.04 recall@5 on the Japanese help paraphrases (dev).
OKURIGANA = True
# Hiragana that follow a noun as a particle, not as the inflection of a verb or adjective.
_PARTICLES = frozenset("のはがをにでとへもやかよねなばて")


def _kind(ch: str) -> str:
    """The script class of one character: han, hira, kata, hangul, word, or "" (a separator).

    A function, not a regex: character classes spanning the CJK blocks take milliseconds to
    compile, and the hook imports this module for prompt-time recall.
    """
    o = ord(ch)
    if o < 0x80:
        return "word" if ch.isalnum() else ""
    if 0x3040 <= o <= 0x309F:
        return "hira"
    if 0x30A0 <= o <= 0x30FF or 0xFF66 <= o <= 0xFF9F:
        return "kata"
    if (
        0x4E00 <= o <= 0x9FFF
        or 0x3400 <= o <= 0x4DBF
        or 0xF900 <= o <= 0xFAFF
        or 0x20000 <= o <= 0x3134F
        or ch in "々〆"
    ):
        return "han"
    if 0xAC00 <= o <= 0xD7AF:
        return "hangul"
    if ch.isalnum():
        return "word"
    return "word" if unicodedata.category(ch).startswith("M") else ""


def _runs(text: str) -> list[tuple[str, str]]:
    """(kind, run) for each run of characters of one kind; an apostrophe inside a word stays."""
    out: list[tuple[str, str]] = []
    kind, start = "", 0
    n = len(text)
    for i, ch in enumerate(text):
        k = _kind(ch)
        if (
            not k
            and ch in _APOSTROPHES
            and kind == "word"
            and i + 1 < n
            and _kind(text[i + 1]) == "word"
        ):
            continue
        if k != kind:
            if kind:
                out.append((kind, text[start:i]))
            kind, start = k, i
    if kind:
        out.append((kind, text[start:]))
    return out


_SUFFIXES = (
    "izations", "ization", "ational", "ations", "ation", "ments", "ment", "ings", "ing",
    "ions", "ion", "ities", "ity", "ies", "edly", "ed", "ers", "er", "es", "ly", "s", "e",
)  # fmt: skip
_QUESTION_EN = frozenset(
    _listed(
        "what which who whom whose why how when where did do does is are was were can could should "
        "would will have has any remind tell"
    )
)
_QUESTION_CJK = Lazy(  # compiled on first use, not at import
    "[吗呢？?]|什么|怎么|为什么|如何|哪|是否|多少|有没有|还记得|か[。？?]?$|何|どう|なぜ|どこ|いつ|誰|ですか|ますか"
)
_SYNTAX = Lazy(r'"|\*|(?:^|\s)(?:OR|AND|NOT)(?:\s|$)')


def stem(word: str) -> str:
    """A light English stem: the word minus one common suffix, if enough of it remains."""
    if len(word) <= MIN_STEM or not word.isascii():
        return word
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= MIN_STEM:
            return word[: -len(suffix)]
    return word


def _split_zh(run: str) -> list[str]:
    """A Han run cut at function words: the content pieces, in order."""
    pieces: list[str] = []
    current = ""
    i = 0
    while i < len(run):
        for stop in STOP_ZH:
            if run.startswith(stop, i):
                if current:
                    pieces.append(current)
                current = ""
                i += len(stop)
                break
        else:
            current += run[i]
            i += 1
    if current:
        pieces.append(current)
    return pieces


def _grams(piece: str) -> list[str]:
    if len(piece) <= 2:
        return [piece]
    return [piece[i : i + 2] for i in range(len(piece) - 1)]


def _raw_terms(text: str) -> list[tuple[str, bool]]:
    """(term, is_prefix) pairs in query order, duplicates included."""
    out: list[tuple[str, bool]] = []
    runs = _runs(text.lower())
    for at, (kind, value) in enumerate(runs):
        if kind == "word":
            word = value.replace("’", "'").split("'")[0]
            if word in STOP_EN or not word:
                continue
            if word.isdigit() or len(word) < MIN_PREFIX or not word.isascii():
                out.append((word, False))
                continue
            out.append((stem(word), True))
        elif kind == "han":
            for piece in _split_zh(value):
                if piece in STOP_JA:
                    continue
                out.extend((gram, False) for gram in _grams(piece))
            after = runs[at + 1] if at + 1 < len(runs) else ("", "")
            if (
                OKURIGANA
                and len(value) == 1
                and value not in STOP_JA
                and after[0] == "hira"
                and after[1][0] not in _PARTICLES
            ):
                # a lone kanji and the kana that inflect it: 戻し, 分け, 書き name the verb;
                # the kanji alone stands in a great many words
                out.append((value + after[1][0], False))
        elif kind == "kata":
            if len(value) > 1 and value not in STOP_JA:
                out.append((value, False))
        elif kind == "hangul":
            out.append((value, False))
        # hiragana: particles and inflections, never a term
    return out


def terms(text: str) -> list[str]:
    """The meaningful terms of `text`, in order, without duplicates (prefix terms end in `*`)."""
    if not isinstance(text, str):
        return []
    text = text.encode("utf-8", "replace").decode("utf-8")
    seen: dict[str, None] = {}
    for term, prefix in _raw_terms(text):
        seen.setdefault(term + ("*" if prefix else ""), None)
        if len(seen) >= MAX_TERMS:
            break
    return list(seen)


def _quote(term: str) -> str:
    prefix = term.endswith("*")
    body = term[:-1] if prefix else term
    return '"' + segment(body).replace('"', '""') + '"' + ("*" if prefix else "")


def match_any(text: str) -> str | None:
    """An FTS5 MATCH expression: any of the terms (prefix or phrase each); None if none."""
    return any_of(terms(text))


def any_of(found: list[str]) -> str | None:
    """The FTS5 MATCH expression for any of these `terms` (prefix or phrase each)."""
    if not found:
        return None
    return " OR ".join(_quote(term) for term in found)


def looks_natural(text: str) -> bool:
    """True if `text` reads as a sentence or a question rather than as search syntax.

    Exact syntax (quotes, `*`, OR/AND/NOT in capitals) is never natural. A question mark, a
    leading question word, a CJK question marker, or four or more words of which one is a
    stopword read as natural language; `router timeout` does not.
    """
    if not isinstance(text, str) or not text.strip():
        return False
    if _SYNTAX.search(text):
        return False
    if "?" in text or "？" in text:
        return True
    runs = _runs(text.lower())
    words = [value for kind, value in runs if kind == "word"]
    if words and words[0] in _QUESTION_EN:
        return True
    if not text.isascii() and _QUESTION_CJK.search(text):
        return True
    cjk = sum(len(value) for kind, value in runs if kind in ("han", "hira", "kata"))
    if cjk >= 6:
        return True
    ascii_words = [w for w in words if w.isascii()]
    return len(ascii_words) >= 4 and any(w in STOP_EN for w in ascii_words)
