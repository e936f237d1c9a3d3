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
from vaultsync.core.query import timespan
from vaultsync.core.text import segment

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

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
already
"""
    )
)

# Japanese in romaji and Chinese in pinyin, typed in Latin letters among English words ("osprey
# no minSdkVersion tte ima ikutsu dakke?", "osprey de routing xianzai yong go_router haishi
# RouterDelegate?"): their particles, question words and endings say nothing of the topic, and
# their words for "now", "latest", "still" and "decided" ask what is in force (`_LATIN_NOW`: the
# intent `decided`). Read so only when the prompt holds two or more of one list's words and no
# more English function words than those (`latin_asian`): "no", "to" and "de" alone are English
# or a name.
_ROMAJI = frozenset(
    _listed(
        """
wa ga wo ni de mo ka ne yo na no to tte te tteba dakke kke kana kashira desu deshita desuka
masu mashita masuka da datta dayo n nan nanda janai kedo keredo kara made sore tomo soretomo
mou mada ima genzai saishin saikin kimatta kimeta kettei kekkyoku saigo ikutsu nani dore dono
doko dou doushite itsu dare dareka mama shita shite suru iru aru yatteru yatta tsukatteru
tsukau tameshita kawatta
"""
    )
)
_PINYIN = frozenset(
    _listed(
        """
de le ma ne ba shi zai you mei meiyou he gen hai haishi huoshi huozhe ye dou jiu na nage
naxie zhe zhege nali nar shenme sha zenme zenmeyang duoshao ji ge shui weishenme yong yongde
xianzai muqian zuixin zuijin jueding queding dingle zuihou zuizhong xuan xuanle guo ren
women wo ni ta dao gei
"""
    )
)
_LATIN_NOW = frozenset(
    _listed(
        "ima genzai saishin saikin mada mama kimatta kimeta kettei kekkyoku saigo "
        "xianzai muqian zuixin zuijin jueding queding dingle zuihou zuizhong"
    )
)
_LATIN_WORD = Lazy(r"[a-z]+")


def latin_asian(text: str) -> frozenset[str]:
    """The romaji or pinyin function words of `text` to leave out (see `_ROMAJI`), or nothing
    when it does not read as romaji or pinyin. Only ASCII text is read."""
    if not isinstance(text, str) or not text.isascii():
        return frozenset()
    words = _LATIN_WORD.findall(text.lower())
    best, found = frozenset[str](), 1
    for listed in (_ROMAJI, _PINYIN):  # the list more of its words are in
        own = len({w for w in words if w in listed and w not in STOP_EN})
        english = sum(1 for w in words if w in STOP_EN and w not in listed)
        if own > found and own >= english:
            best, found = listed, own
    return best


# Chinese function words and question words, longest first when matched.
# Chinese function words and question words (matched longest first). Single characters are
# only the ones that are almost never part of a content word: 上, 中, 前, 用, 对 ... start
# words (上线, 中间件, 前端, 用户, 对象), so they stay.
STOP_ZH = tuple(
    sorted(
        _listed(
            """
的 了 吗 呢 吧 啊 呀 么 是 在 和 也 都 就 我 你 他 她 它 这 那 哪 谁 请 把
我们 你们 他们 她们 它们 咱们 这个 那个 这些 那些 这里 那里 哪个 哪些 哪里 哪儿 还是 或者
什么 怎么 怎样 怎么样 如何 为什么 为何 多少 几个 是否 是不是 有没有 能不能 可以 可能 应该 需要
一个 一下 一些 没有 之前 以前 上次 上回 当时 那次 曾经 之后 时候 的时候 最后 后来
告诉 记得 还记得 知道 说过 讨论 提到 过的 关于 有关 其中 所以 因为 但是 然后 如果 当初 最终
事情 东西 情况 决定了 用的 用了 选了 做了 定了 啥 来着 咋
這 這個 這些 這裡 那個 那些 那裡 哪個 哪些 哪裡 們 我們 你們 他們 咱們 還是 嗎 麼 請
什麼 怎麼 怎樣 怎麼樣 為什麼 為何 是不是 有沒有 能不能 應該 需要 一個 一下 一些 沒有 時候 的時候
之後 最後 後來 當時 那次 告訴 記得 還記得 說過 討論 關於 有關 因為 東西 情況 決定了 選了 來著
给我看看 给我看 給我看看 給我看 让我看看 讓我看看 帮我看看 幫我看看 给我 給我 看看 看一下 列出来
"""
        ),
        key=len,
        reverse=True,
    )
)

# Japanese: hiragana is dropped wholesale (below); these are kanji/katakana fillers.
STOP_JA = frozenset(
    _listed("何 前回 以前 今回 時 事 物 方 為 様 私 僕 我々 皆 誰 件 際 場合 教 理由")
)
# The formulas of a polite request, which say nothing of what is asked: お手数ですが,
# 恐れ入りますが, ご教示いただけますと幸いです, 麻烦你, 请问. Taken out before the terms are read (a
# keigo question holds more of them than words of its subject; relevance wants half its terms).
_POLITE = Lazy(
    r"お手数(?:を?おかけ(?:します|いたします))?(?:です)?が?|恐れ入り(?:ます)?が?|恐縮(?:です)?が?"
    r"|申し訳(?:ありません|ございません)が?|改めて|ご教示|お教え|幸い(?:です)?|麻烦你?|麻煩你?|请问|請問"
    r"|劳驾|勞駕"
    # ... and asking to be shown (見せて, お見せいただけますか): 見 alone stays a word (見た目)
    r"|お?見せ(?:て|ください|いただ)"
)

# Korean: a word (어절) is its stem and the particles after it (작업은, fjord에서): the stem is
# the term. Question words, "now", and the endings of asking and doing say nothing of the topic.
STOP_KO = frozenset(
    _listed(
        """
뭐 뭘 뭐야 뭔가 뭐예요 무엇 무슨 어떻게 어떤 어디 어디서 언제 누가 누구 왜 지금 요즘 아직 현재 그냥
좀 다 또 그 이 저 것 거 게 우리 제가 내가 했어 했어요 했나요 했는지 해요 해 했다 하나요
합니까 써요 쓰나요 써 쓰고 있어 있어요 있나요 있는 없어 돼요 되나요 주세요 줘 관련해서 관련
대해 대해서 바꿨어 바꿨어요 바꿨나요 고쳤어 고쳤어요 고쳤나요 하는 한 할 건가요 인가요 이에요
예요 입니다 나요 뭐로 뭘로 보여줘 보여 보여주세요 알려줘 알려 알려주세요 다시 바꾸
"""
    )
)
# Particles, longest first; one of one syllable that often ends a noun too (로: 경로, 가: 평가) is
# taken off only a word of three syllables or more.
_KO_PARTICLES = ("에서는", "에서도", "으로는", "에서", "으로", "에게", "부터", "까지",
                 "하고", "이랑", "처럼", "보다", "은", "는", "을", "를", "의", "에", "도",
                 "만", "요")  # fmt: skip
_KO_LONG_ONLY = ("로", "가", "이", "와", "과")


def _korean(word: str) -> str:
    """A Korean word without the particle after it ("" for a particle or a stop word)."""
    if word in STOP_KO or word in _KO_PARTICLES or word in _KO_LONG_ONLY:
        return ""  # a particle left alone (Codex가: the agent's name was read out)
    for particle in _KO_PARTICLES:
        if word.endswith(particle):
            word = word[: -len(particle)]
            break
    else:
        if len(word) >= 3 and word.endswith(_KO_LONG_ONLY):
            word = word[:-1]
    return "" if word in STOP_KO else word


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
            cut = word[: -len(suffix)]
            # a consonant doubled before the suffix is one in the word: plotting is plot*
            # (plotly, plots), committed commit*; not a double of the word's own (bill, pass),
            # nor in a word so short its stem would be in many (setting stays sett*)
            if cut[-1] == cut[-2] and cut[-1] not in "aeiouylsfz" and len(cut) > MIN_STEM:
                return cut[:-1]
            return cut
    if len(word) >= 6 and word[-1] == "y" and word[-2] not in "aeiouy":
        return word[:-1]  # dependency, library: dependencies, libraries share `dependenc`
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
    if not text.isascii():
        text = _POLITE.sub(" ", text)
    runs = _runs(text.lower())
    latin = latin_asian(text)
    for at, (kind, value) in enumerate(runs):
        if kind == "word":
            word = value.replace("’", "'").split("'")[0]
            if word in STOP_EN or not word or word in latin:
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
            word = _korean(value)
            if word:
                out.append((word, False))
        # hiragana: particles and inflections, never a term
    return out


# A Chinese or Japanese question also searches the English words of the software terms in it
# (core/query/term_map.py), after its own terms: it may be about a session held in English.
CROSS_LANGUAGE = True


def terms(text: str, *, expand: bool = True) -> list[str]:
    """The meaningful terms of `text`, in order, without duplicates (prefix terms end in `*`);
    with `expand`, then the English words of the CJK software terms in it (`translations`)."""
    if not isinstance(text, str):
        return []
    text = text.encode("utf-8", "replace").decode("utf-8")
    seen: dict[str, None] = {}
    for term, prefix in _raw_terms(text):
        seen.setdefault(term + ("*" if prefix else ""), None)
        if len(seen) >= MAX_TERMS:
            break
    if expand and CROSS_LANGUAGE and len(seen) < MAX_TERMS:
        for term in translations(text):
            seen.setdefault(term, None)
            if len(seen) >= MAX_TERMS:
                break
    return list(seen)


_BY_ENGLISH: dict[str, tuple[str, ...]] = {}


def cjk_words(term: str) -> tuple[str, ...]:
    """The Chinese and Japanese words (core/query/term_map.py) whose English words make `term`
    (a term as `terms` makes it: `compress*`, `api`), for judging whether a CJK text answers an
    English question; () when none."""
    if not _BY_ENGLISH:
        from vaultsync.core.query.term_map import TERM_MAP

        found: dict[str, list[str]] = {}
        for word, english in TERM_MAP.items():
            for e in english:
                found.setdefault(stem(e) + "*" if len(e) >= MIN_PREFIX else e, []).append(word)
        _BY_ENGLISH.update((k, tuple(v)) for k, v in found.items())
    return _BY_ENGLISH.get(term, ())


def translations(text: str) -> list[str]:
    """The English terms (stemmed prefix terms, as `terms` makes them) of the Chinese and
    Japanese software words in `text` (core/query/term_map.py), longest words first; [] for text
    without CJK characters."""
    if not isinstance(text, str) or text.isascii():
        return []
    from vaultsync.core.query.term_map import KEYS, TERM_MAP

    low = text.lower()
    out: dict[str, None] = {}
    for key in KEYS:
        if key in low:
            low = low.replace(key, " ")  # 消息队列 also holds 队列: counted once
            for word in TERM_MAP[key]:
                if word in STOP_EN:
                    continue
                out.setdefault(stem(word) + "*" if len(word) >= MIN_PREFIX else word, None)
    return list(out)


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


_NAME = Lazy(r"(?<![A-Za-z0-9])[A-Za-z][A-Za-z0-9]*(?![A-Za-z0-9])")
_SENTENCE_ENDS = ".!?。！？:："
_CALENDAR = frozenset(
    _listed("january february march april may june july august september october november december")
    + _listed("monday tuesday wednesday thursday friday saturday sunday")
)


# A question that is only a file's path or name ("lib/tern/queue/consumer.ex", "Podfile.lock?"):
# at most one trailing question mark, an extension that starts with a letter (not "v1.2").
_PATH_ONLY = Lazy(
    r"(?:[A-Za-z0-9_.~-]+/)*(?P<name>[A-Za-z0-9_-][A-Za-z0-9_.-]*)\.[A-Za-z][A-Za-z0-9]{0,7}\??"
)


def path_only(text: str) -> str:
    """The file name (without its extension) when the whole question is one file's path or
    name, else "". Such a question asks about that file as it is now: its name is what it is
    about (`anchors`) and the newest note about it answers (`understand`: intent decided)."""
    if not isinstance(text, str):
        return ""
    word = text.strip()
    if not word or len(word) > 200 or "." not in word or not word.isascii():
        return ""
    if any(ch.isspace() for ch in word):
        return ""
    m = _PATH_ONLY.fullmatch(word)
    return m.group("name") if m else ""


def anchors(text: str) -> list[str]:
    """The terms of `text` (as `terms` writes them) that name a thing: a Latin word in a
    Chinese or Japanese question, written as typed (Elasticsearch, iOS); in a Latin one, a word
    written as a name: a capital inside it (GraphQL, GDPR, iOS), letters and digits (oauth2),
    or a capital not at the start of a sentence (Kubernetes); in a question that is only a
    file's path (`path_only`), the words of its file name. A vault that never mentions one
    holds nothing about the question, whatever its other words match (services/recall/engine,
    core/hook/prompt_recall). Months and weekdays are dates, not names."""
    if not isinstance(text, str):
        return []
    name = path_only(text)
    if name:
        return terms(name, expand=False)
    cjk = any(kind in ("han", "hira", "kata") for kind, _v in _runs(text.lower()))
    out: dict[str, None] = {}
    for m in _NAME.finditer(text):
        word = m.group(0)
        low = word.lower()
        if low in STOP_EN or low in _CALENDAR or len(word) < MIN_PREFIX:
            continue
        initial = _starts_sentence(text, m.start())
        named = (
            cjk
            or any(ch.isupper() for ch in word[1:])
            or (any(ch.isdigit() for ch in word) and not word.isdigit())
            or (word[0].isupper() and not initial)
        )
        if named:
            for term in terms(word, expand=False):
                out.setdefault(term, None)
    return list(out)


# A prompt with at least this many terms is a task, not a question: when one of its sentences
# asks a question, that sentence is what recall answers (`asked_part`). Chosen on dev: the
# questions inside round 19's and 20's dev task prompts had 14-32 terms, every plain question
# in the sets fewer than 12.
LONG_PROMPT = 12
# A sentence ends at . ! ? (followed by a space or the end: "nest-cli.json" is one word), at
# 。！？ and at a line's end.
_SENTENCES = Lazy(r"[^\n。！？!?]*?(?:[.](?=\s|$)|[。！？!?]+|\n|$)")
_ASKS = ("?", "？", "吗", "呢", "ですか", "ますか", "でしたっけ")
# A request to look something up before the task ("please check whether we already decided X",
# "tell me which X we chose", 请先查一下 … 是多少, …か確認して): a question put as an order, asked
# like one. Its own words (`_REQUEST_WORDS`: before you start, please check whether, and use
# it; 开始之前请先查一下; 始める前に … 確認して) say nothing of what is looked up and are left out.
_REQUEST = Lazy(
    r"(?<![a-z])(?:check|confirm|look\s+up|find\s+out|tell\s+me|remind\s+me|let\s+me\s+know)"
    r"(?:\s+first)?\s+(?:whether|if|which|what|how|who|where|when)(?![a-z])"
    r"|(?<![检檢])(?:查|确认|確認|核实|核實)(?:一下|一查|清楚)"
    r".{0,40}?(?:是否|是不是|有没有|有沒有|多少|哪|什么|什麼)"
    r"|か(?:どうか)?、?を?(?:確認|調べ|教え)"
)
_REQUEST_WORDS = Lazy(
    r"(?i)(?<![a-z])(?:before\s+you\s+(?:start|begin)(?:\s+\w+ing)?|please|first|check|confirm|"
    r"look\s+up|find\s+out|tell\s+me|remind\s+me|let\s+me\s+know|"
    r"(?:and|then)\s+(?:use|follow)\s+(?:that\s+one|that|it|them))(?![a-z])"
    r"|(?:开始|动手|開始|動手)(?:之前|以前)|请?先?(?:帮我)?(?<![检檢])(?:查|确认|確認|核实|核實)(?:一下|一查|清楚)"
    r"|(?:始める|作業に入る|着手する)前に|(?:確認|調べ)して(?:教えて)?(?:ください)?|教えてください"
    r"|それに従ってください"
)


def asked_part(text: str) -> str:
    """The sentences of a long prompt (`LONG_PROMPT` terms or more, two sentences or more)
    that ask a question (ending in a question mark, 吗, 呢, ですか ...), or `text` itself. An
    agent's task prompt carries its question among the task's own words ("Add a column and
    write the migration. Which ORM is heron on now? Keep the naming conventions."): judged on
    all of them, the note that answers the question holds too few of the prompt's words for
    prompt recall's relevance floor, and the task's words outrank the question's."""
    if not isinstance(text, str) or len(text) > 20_000:
        return text
    parts = [m.group(0).strip() for m in _SENTENCES.finditer(text)]
    parts = [p for p in parts if p]
    if len(parts) < 2:
        return text
    asked = []
    for p in parts:
        if p.rstrip("。.!！ ").endswith(_ASKS):
            asked.append(p)
        elif _REQUEST.search(p.lower()):  # a request to look up: without its own words
            asked.append(_REQUEST_WORDS.sub(" ", p))
    if not asked or len(asked) == len(parts) or len(terms(text)) < LONG_PROMPT:
        return text
    return " ".join(" ".join(asked).split())


def _starts_sentence(text: str, at: int) -> bool:
    """True when only spaces stand between `at` and the text's start or a sentence's end
    (read backwards from `at`: a long paste costs no more per word)."""
    before = at - 1
    while before >= 0 and text[before].isspace():
        before -= 1
    return before < 0 or text[before] in _SENTENCE_ENDS


def has_words(text: str) -> bool:
    """True when `text` holds a letter or a digit in any script: "?", "..." or "*" alone is
    nothing to search for (it had listed whatever ranked first, as if it were an answer)."""
    return isinstance(text, str) and any(ch.isalnum() for ch in text)


def is_syntax(text: str) -> bool:
    """True if `text` uses exact search syntax (quotes, `*`, OR/AND/NOT in capitals)."""
    return isinstance(text, str) and bool(_SYNTAX.search(text))


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


# --- what a question asks: a time window, an agent, an intent ---------------------------------
#
# "Which files did Claude Code change yesterday, and why?" is not a bag of words: "yesterday"
# is a window on the calendar of the person asking, "Claude Code" is whose sessions, "which
# files ... change" asks for the recorded edits. `understand` reads those out (English, Chinese,
# Japanese) and leaves the rest of the words (`Asked.rest`) to the ranking. Windows are whole
# local days (or parts of one) in the person's zone (core/timestamp.zone), as of `now`
# (core/timestamp.now: the clock or $VAULTSYNC_NOW); the window a time phrase names is
# core/query/timespan's.

_B = timespan.WORD_START
_E = timespan.WORD_END

AGENT_NAMES = {  # how people write each agent (matched as words, case-insensitively)
    "claude-code": r"claude[\s_-]?code|claude",
    "codex": r"codex(?:[\s-]?cli)?",
    "gemini": r"gemini(?:[\s_-]?cli)?",
    "hermes": r"hermes(?:[\s-]?agent)?",
    "copilot": r"(?:github\s+)?copilot(?:[\s-]?cli)?",
    "opencode": r"open[\s-]?code",
}
# "cursor" is also a word of its own (a text cursor, a database cursor): only "Cursor" as
# written with its capital counts.
_CURSOR = Lazy(r"(?<![A-Za-z0-9])Cursor(?![A-Za-z0-9])")
_AGENT = Lazy(
    "|".join(f"(?P<{k.replace('-', '_')}>{_B}(?:{v}){_E})" for k, v in AGENT_NAMES.items())
)

# Intents, first match wins in this order. A question about what changed, which files, what
# an agent did is answered from the recorded edits and closing messages of the window's
# sessions; "decided" prefers the newest of competing decisions.
INTENTS = (
    (
        "files",
        r"which\s+files|what\s+files|files?\s+(?:did|were|was|have|has|\w+\s+)?"
        r"(?:chang|modif|edit|touch)|哪些文件|什么文件|哪个文件|改了哪|ファイル",
    ),
    (
        "changed",
        r"what\s+(?:has\s+)?changed|what\s+did\s+.{1,30}?\s+change"
        r"|(?<![a-z])chang(?:e|ed|es)(?![a-z])|modif|(?<![a-z])touch(?:ed|es)?(?![a-z])"
        r"|改了|修改|改动|变更|變更|変更|変え|触っ|いじっ|바꿨|바꾼|바뀌|바뀐|변경",
    ),
    ("fixed", r"(?<![a-z])fix|solv|resolv|修复|修好|解决|直し|直っ|修正|解決|고쳤|고친|해결"),
    (
        "decided",
        r"decid|decision|(?<![a-z])(?:chose|choose|chosen|pick|picked|settled?)(?![a-z])"
        r"|(?:use|using)\s+(?:now|currently)|(?:now|currently)\s+use|决定|选择|选了|定了|定下来|定下來|现在用"
        # what is in force, asked in the present: "which cache does quill use", "what should I
        # use", "are we using"; and what was agreed ("set it up like we agreed")
        r"|(?<![a-z])(?:does|do|should|are)\s+(?:[a-z'-]+\s+){0,3}?us(?:e|ing)(?![a-z])"
        r"|(?<![a-z])(?:agreed|agreed\s+on|agree\s+on)(?![a-z])|说好的|商量好|約束した|合意した"
        r"|決め|決定|選ん|今.{0,12}使|(?<![a-z])(?:now|currently|current)(?![a-z])|现在|目前|如今"
        r"|今は|今何|今どの|今の|現在"
        # "in the end": where a decision ended up, in every language
        r"|end(?:ed)?\s+up|in\s+the\s+end|(?<![a-z])went\s+with|最终|最后(?!一)|最終|結局|今ど"
        r"|ことにし|(?:どれ|どこ|何|なに)にし|지금|요즘|현재|결정|정했"
        r"|써요|쓰나요|쓰고\s*있|쓰는|사용하|기로\s*했"
        # "no longer uses" in Chinese (为什么不用 X 了, 不再用): asks what replaced it
        r"|不再|不用(?!说|谢|急|担心|管|な|に|の)"
        # what a thing was changed into: the replacement, in force now (何に変わった, 换成了什么,
        # "what did we switch X to?", "replace X with what", "what replaced X")
        r"|(?:何|なに|どれ|どこ)に(?:変わ|変え|替え|切り替え|移行|移っ|移し)"
        r"|(?:换成|改成|换为|改为|迁到|迁移到|替换成|換成|改用)了?(?:什么|什麼|啥|哪个|哪個|哪)"
        r"|(?<![a-z])(?:switch|mov|migrate)\w*\s+(?:[\w'’.-]+\s+){0,4}?to\s*[?？]*\s*$"
        r"|(?<![a-z])replac\w*\s+(?:[\w'’.-]+\s+){0,4}?with\s*[?？]*\s*$|what\s+replaced",
    ),
    (
        "did",
        r"what\s+did\s+.{1,30}?\s+do|work(?:ed)?\s+on|get\s+done|got\s+done|happen|accomplish"
        r"|做了|干了|做什么|干什么|做了什么|哪些事|何をし|作業|やった|뭘\s*했|무엇을\s*했|했어",
    ),
)
_INTENT = Lazy("|".join(f"(?P<{name}>{rx})" for name, rx in INTENTS))
# "Still": whether an older choice is in force ("are we still on Kafka?", 还在用, まだ); read
# as `decided` only when no other intent is ("the build still fails after the fix": fixed).
_STILL = Lazy(
    r"(?<![a-z])(?:still|any\s?more|no\s+longer)(?![a-z])|these\s+days|nowadays|还在|还是|仍然"
    r"|還在|還是|まだ|のまま|아직"
    # "did we keep Dramatiq?", "did we stay on urfave/cli?", "are we sticking with Kafka?"
    r"|(?<![a-z])(?:did\s+we\s+(?:keep|stay|stick)|are\s+we\s+(?:keeping|staying|sticking)"
    r"|stay(?:ed)?\s+(?:on|with)|stuck\s+with)(?![a-z])"
)

# Words that only say "what was decided" (the intent `decided`): left out of the words ranked.
# The notes that argued a decision say "decide", "choose", 决定 over and over; the note that
# records where it ended up ("the orders service is on SQLite again") often says none of them,
# and ranking by them would put every older debate above it.
_DECIDING = Lazy(
    rf"{_B}(?:decid\w*|decisions?|chose|choose|chosen|choosing|pick(?:ed)?|settled?|agreed|"
    rf"end(?:ed)?\s+up|in\s+the\s+end|went\s+with|right\s+now|now|currently|current|still|"
    rf"these\s+days|"
    rf"nowadays|any\s?more|no\s+longer)\b{_E}"
    # a confirmation asked as a tag ("we don't use X anymore, right?"): the tag asks, says nothing
    rf"|,?\s*(?:right|correct|yes|no|isn'?t\s+it|don'?t\s+we|didn'?t\s+we)\s*\?\s*$"
    r"|决定|选择|选了|定了|定的|定下来|定下來|最终|最后|现在|目前|如今|決め|決定|選ん|結局|最終|現在|ことにし"
    r"|还在|还是|仍然|還在|還是|決定|選擇|まだ|지금|요즘|현재|아직|결정|정했"
    r"|今(?![日週月年朝晩夜回後度])|不再|不用(?!说|谢|急|担心|管|な|に|の)|기로\s*했\w*"
    # "changed into what" asks; the note that says what it became need not say 変わる
    r"|(?:何|なに|どれ|どこ)に(?:変わ|変え|替え|切り替え|移行|移っ|移し)"
    r"|(?:换成|改成|换为|改为|迁到|迁移到|替换成|換成|改用)了?(?:什么|什麼|啥|哪个|哪個|哪)?"
)

# Words that only say "activity" once a window or an agent is known ("what did we work on
# yesterday", 昨天做了哪些工作): left out of the words ranked, or they would favour whichever
# session says "work" most.
_ACTIVITY = Lazy(
    rf"{_B}(?:work(?:ed|ing)?|done|do|did|happen(?:ed|ing)?|change[sd]?|files?|modified|edited|"
    rf"session|sessions|stuff|things?|anything|get|got|make|made|on|fix(?:e[sd]|ing)?|"
    rf"touch(?:ed|es)?|bugs?)\b{_E}"
    r"|工作|做了|干了|了些|些|(?<![为為])(?:什么|什麼)|哪些|事情|文件|檔案|改了|修改|变更|變更|作業|何を"
    r"|しました|ファイル|変更"
    # ... and the bare verbs of changing and fixing (改, 修了, 変えた, 直した): the intent says
    # them; 改动 whole (改 alone left 动, a word of nothing, ranked)
    r"|改动|改動|改(?![善进進良])|修好|修复|修復|修了|変え|変わ|直し|直っ|何か|触っ|いじっ|バグ"
    # "is there any" (有什么改动, 有没有) and "that day" (11月15日那天): the window says them
    r"|有(?=什么|什麼|啥|哪些|没有|沒有)|那天|那一天|当天|當天|那日"
)


class Asked:
    """What a question asks beyond its words. `start`/`end`: aware UTC, the window
    [start, end) or None; `agent`: an agent named as the subject, or ""; `intent`: files,
    changed, fixed, decided, did, or ""; `rest`: the question without its time and agent
    phrases (and, when either was found, without words that only mean "activity")."""

    __slots__ = ("agent", "end", "intent", "rest", "start", "when")

    def __init__(self, start: Any, end: Any, agent: str, intent: str, rest: str, when: str):
        self.start, self.end, self.agent = start, end, agent
        self.intent, self.rest, self.when = intent, rest, when

    def window_keys(self) -> tuple[str | None, str | None]:
        """The window as the index's naive UTC text (timestamp.utc_key), or Nones."""
        fmt = "%Y-%m-%dT%H:%M:%S"
        return (
            self.start.strftime(fmt) if self.start is not None else None,
            self.end.strftime(fmt) if self.end is not None else None,
        )

    def scope(self, zone: Any = None) -> str:
        """The window and the agent as the person reads them, "" when neither was asked:
        `last week (2026-11-23 – 2026-11-29)`, `yesterday (2026-12-05), by claude-code`.
        Days in the person's zone (core/timestamp.zone() unless `zone`); a window that does not
        start and end at midnight shows its times."""
        from datetime import timedelta

        from vaultsync.core import timestamp

        parts = []
        if self.start is not None and self.end is not None:
            tz = zone if zone is not None else timestamp.zone()
            start, end = self.start.astimezone(tz), self.end.astimezone(tz)
            if start.time() == end.time() == start.time().min:
                last = end - timedelta(days=1)
                days = f"{start:%Y-%m-%d}"
                if last > start:
                    days += f" – {last:%Y-%m-%d}"
            else:
                days = f"{start:%Y-%m-%d %H:%M} – {end:%Y-%m-%d %H:%M}"
            # The phrase as asked, without a Japanese particle it was matched with (先週の).
            when = self.when.rstrip("のにはでも")
            parts.append(f"{when} ({days})" if when else days)
        if self.agent:
            parts.append(f"by {self.agent}")
        return ", ".join(parts)

    def __repr__(self) -> str:
        return (f"Asked(start={self.start}, end={self.end}, agent={self.agent!r}, "
                f"intent={self.intent!r}, rest={self.rest!r}, when={self.when!r})")  # fmt: skip


# What an agent name or intent contains (see AGENT_NAMES and INTENTS): an ASCII question with
# none of these names none, and the patterns (milliseconds to compile, on every prompt the hook
# sees) are left alone (core/query/timespan does the same for time phrases). Anything not ASCII goes
# to the patterns.
_AGENT_WORDS = ("claude", "codex", "gemini", "hermes", "copilot", "open")
_INTENT_WORDS = ("file", "chang", "modif", "fix", "solv", "decid", "decision", "chose", "choose",
                 "pick", "settle", "now", "current", "did", "work", "done", "happen",
                 "accomplish", "end up", "ended up", "the end", "went with", "still",
                 "these days", "touch", " use", "using", "agree", "switch", "mov", "migrate",
                 "replac")  # fmt: skip


_STILL_WORDS = ("still", "these days", "nowadays", "keep", "stay", "stick", "stuck", "anymore",
                "any more", "no longer")  # fmt: skip


def _may_name(low: str, words: tuple[str, ...], digits: bool = False) -> bool:
    if not low.isascii():
        return True
    low = " ".join(low.split())  # "went  with", typed with two spaces, is "went with"
    return any(w in low for w in words) or (digits and any(c.isdigit() for c in low))


# What joins two time phrases into a range: "and" (after "between"), "to", "until", "through",
# a dash, 到 / 至 / から
_RANGE_JOIN = Lazy(r"\s*(?:and|to|till|until|through|thru|-|–|—|~|〜|到|至|から)\s*")


def understand(text: str, now: Any = None, zone: Any = None) -> Asked:
    """Read the time window, the agent and the intent out of a question (see `Asked`).
    `now`: an aware datetime (default core/timestamp.now()); `zone`: the person's (default
    core/timestamp.zone(), the machine's when None)."""
    from vaultsync.core import timestamp

    if not isinstance(text, str):
        return Asked(None, None, "", "", "", "")
    moment = now if now is not None else timestamp.now()
    local_now = moment.astimezone(zone if zone is not None else timestamp.zone())
    low = text.lower()
    cut: list[tuple[int, int]] = []
    start = end = None
    when = ""
    for span, window, words in timespan.phrases(low, local_now):
        joined = bool(cut) and _RANGE_JOIN.fullmatch(low, cut[-1][1], span[0]) is not None
        cut.append(span)
        if start is None:  # the first phrase sets the window; a second one narrows it
            start, end, when = window[0], window[1], words
        elif joined and window[0] >= end:
            # two days apart joined as a range ("between August 11 and August 15", "from Monday
            # to Wednesday", 周一到周三): every day from the first to the last
            start, end = min(start, window[0]), max(end, window[1])
        else:
            start, end = max(start, window[0]), min(end, window[1])
            if start >= end:
                start, end = window
    agent = ""
    for m in _AGENT.finditer(low) if _may_name(low, _AGENT_WORDS) else ():
        agent = agent or next(k for k, v in m.groupdict().items() if v).replace("_", "-")
        cut.append(m.span())
    cursor = _CURSOR.search(text) if "Cursor" in text else None
    if cursor and not agent:
        agent = "cursor"
        cut.append(cursor.span())
    found = _INTENT.search(low) if _may_name(low, _INTENT_WORDS) else None
    intent = next((k for k, v in found.groupdict().items() if v), "") if found else ""
    if not intent and _may_name(low, _STILL_WORDS) and _STILL.search(low):
        intent = "decided"
    if (
        not intent
        and low.isascii()
        and latin_asian(low)
        and not _LATIN_NOW.isdisjoint(_LATIN_WORD.findall(low))
    ):
        intent = "decided"  # romaji or pinyin asking what is in force now (ima, xianzai ...)
    if not intent and not cut and path_only(text):
        intent = "decided"  # a file's path alone: what is true of that file now
    rest = low
    for lo, hi in sorted(cut, reverse=True):
        rest = rest[:lo] + " " + rest[hi:]
    if start is not None or agent:
        rest = _ACTIVITY.sub(" ", rest)
    if intent == "decided":
        rest = _DECIDING.sub(" ", rest)
    from datetime import UTC

    return Asked(
        start.astimezone(UTC) if start is not None else None,
        end.astimezone(UTC) if end is not None else None,
        agent, intent, " ".join(rest.split()), when,
    )  # fmt: skip


def named_project(rest: str, projects: Iterable[str], current: str = "") -> tuple[str, str]:
    """(`rest` without the word naming a project, that project) when one of `rest`'s words is
    the last part of a project's path ("ledger" for /home/dev/src/ledger) said as a place
    ("in ledger", 在 ledger 里, ledger で), else (`rest`, "").
    Of two projects of that name, `current` (the asking one) wins. In a question that asks for
    a window or an agent ("what did Codex change in ledger yesterday"), the project is where to
    look, not a topic: every note of it holds its name."""
    names: dict[str, str] = {}
    for project in sorted(projects, key=lambda p: p != current):
        name = project.rstrip("/").rsplit("/", 1)[-1].lower()
        if name and name.isascii():
            names.setdefault(name, project)
    if not names:
        return rest, ""
    for m in _PROJECT_WORD.finditer(rest):
        found = names.get(m.group(0).lower())
        before, after = rest[: m.start()], rest[m.end() :]
        # ... said as a place (in ledger, 在 ledger 里, tansu で), or the only word left beside
        # the window ("昨晚 ledger 有什么改动？": ledger's changes); "the API routing bug" in a
        # project named api is a topic
        if found and (
            _PLACE_BEFORE.search(before)
            or _PLACE_AFTER.match(after)
            or not terms(before + " " + after, expand=False)
        ):
            before = _ZH_BEFORE.sub("", before)
            after = _ZH_AFTER.sub("", after)
            return " ".join((before + " " + after).split()), found
    return rest, ""


_PLACE_BEFORE = Lazy(r"(?:(?<![a-z])(?:in|on|for|at|inside|within)(?:\s+the)?|在|给|為|为)\s*$")
_PLACE_AFTER = Lazy(r"\s*(?:[里裡中内]|で|に(?!つ)|에서)")
_ZH_BEFORE = Lazy(r"[在给為为]\s*$")
_ZH_AFTER = Lazy(r"^\s*[里裡中内]")
_PROJECT_WORD = Lazy(r"(?<![A-Za-z0-9_.-])[A-Za-z0-9][A-Za-z0-9_.-]*(?<![.-])")
