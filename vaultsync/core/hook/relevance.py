"""Whether a hit is about the question: how many of the prompt's terms a note's text holds,
across English, Chinese and Japanese (core/query/term_map.py), by the relevance floor's rules
(core/hook/recall_search.py applies it to the hits it finds). Stdlib only, for the hook."""

from __future__ import annotations

from vaultsync.core import cjk_scan


def covered(
    terms: list[str],
    text: str,
    added: frozenset[str] = frozenset(),
    names: frozenset[str] = frozenset(),
    agent: str = "",
) -> tuple[int, int]:
    """(terms found in `text`, terms that could be): a CJK term cannot match a text without
    CJK characters, so a Chinese question about English notes is judged on its Latin terms
    (the English words of its software terms, `added`, among them); a text with CJK characters
    is judged on the question's own terms, an English one found through its Chinese or
    Japanese words (core/query/term_map.py), and on the English words of `added` it holds.

    The relevance floor's finer rules (bench/recall/abstain_round10.py, tuned on its dev
    families): a hit must hold a term other than a project's name (`names`: the note's
    project and the asking one; every note of a project holds it) outside a file path's
    directories (an Android app's every path holds "java"; a path still counts toward
    coverage; a file's own name, without its extension, is what a note about it says); a number of
    one or two digits is asked but never found (a day, a version's part: "Java 11" is not in
    a note dated the 11th); a short term (three letters or fewer) or a number is found only as
    a whole word (a prefix term: at a word's start; "go" is not in "goreleaser", "root.go" or
    "go.mod", "log*" not in "changelog"); the note's `agent` (in a session's title too) by its
    first word ("code*" is not "claude-code" nor "codex"). Returns 0 found when a hit holds no
    such term and the question asks for one.
    """
    low = cjk_scan.unsegment(text).lower()
    if agent:  # in a session note's title: counted below, by its first word
        low = low.replace(agent.lower(), " ")
    cjk_text = cjk_scan.has_cjk(low)
    if cjk_text:
        # ... and on the English words it holds itself (a mixed text: "现在 deploy 到 ...")
        terms = [t for t in terms if t not in added or t.rstrip("*") in low]
    elif not all(map(str.isascii, terms)):
        terms = [t for t in terms if t.isascii()]
    agent_word = agent.lower().split("-")[0]
    plain = ""  # the text without its file paths, made when first needed
    found = said = 0
    for term in terms:
        # Prefix terms (`routin*`) end in `*`: their stem is what a text must contain.
        prefix = term.endswith("*")
        probe = term[:-1] if prefix else term
        if not probe or (probe.isdigit() and len(probe) <= 2):
            continue
        if probe == agent_word or (cjk_text and any(word in low for word in equivalents(term))):
            found += 1
            said += probe not in names
        elif _has(probe, low, prefix):
            found += 1
            if probe not in names:
                if not plain:
                    plain = " ".join(map(_outside_dirs, low.split()))
                said += _has(probe, plain, prefix)
    alone = found > 0 and not said and any(t.rstrip("*") not in names for t in terms)
    return (0 if alone else found), len(terms)


def _outside_dirs(word: str) -> str:
    """A word without the directories of the path it is: a file's own name, without its
    extension, says what the note is about ("OrderController" in orders/OrderController.kt,
    asked by name); its directories do not (every path of an Android app holds "java")."""
    if "/" not in word or not word.isascii():
        return word
    return word.rsplit("/", 1)[-1].split(".", 1)[0]


def _has(probe: str, low: str, prefix: bool) -> bool:
    if probe.isascii() and (len(probe) <= SHORT or probe.isdigit()):
        return _word_in(probe, low, prefix)
    return probe in low


# A term this short (or a number) is found only as a whole word, not inside another word.
SHORT = 3


def _word_in(probe: str, low: str, prefix: bool) -> bool:
    """`probe` in `low` with no letter or digit before it (nor after it, unless `prefix`)."""
    at = low.find(probe)
    while at >= 0:
        end = at + len(probe)
        if (at == 0 or not _inword(low[at - 1])) and (
            prefix or end >= len(low) or not _inword(low[end])
        ):
            return True
        at = low.find(probe, at + 1)
    return False


def _inword(char: str) -> bool:
    return char.isascii() and (char.isalnum() or char in "_.")


_EQUIVALENTS: dict[str, tuple[str, ...]] = {}


def equivalents(term: str) -> tuple[str, ...]:
    """The Chinese and Japanese words (core/query/term_map.py) that say what `term` says: for an
    English term its CJK words; for a CJK one, those of its English words, so a Japanese
    question finds a Chinese text (アラート: 告警, 报警 by way of "alert")."""
    found = _EQUIVALENTS.get(term)
    if found is None:
        from vaultsync.core.query.nlquery import cjk_words, translations

        english = [term] if term.isascii() else translations(term)
        words = [w for e in english for w in cjk_words(e) if w != term]
        found = _EQUIVALENTS[term] = tuple(dict.fromkeys(words))
    return found
