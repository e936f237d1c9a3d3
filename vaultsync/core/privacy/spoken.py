"""Secrets a person reads out or retypes: the value is there, but not as one token.

Every other layer reads a secret as one run of characters. A person who dictates a value, an
app that prints recovery codes, a wallet's seed phrase and an OCR that split a value with a
space write it otherwise, and each way has a structure of its own:

- groups: three or more space-separated groups of four characters and a shorter last one
  (`QL1_ 3eJS SaG`), the way a value is read slowly; the groups joined must be a token no person
  writes (`shape.password_like`, or letters and digits of both cases from 20 characters);
- spelled: ten or more characters spelled in the phonetic alphabet with digit and symbol names
  (`capital tango, seven, dash, …`), at least one digit among them (a name spelled for a booking
  has none);
- recovery codes: three or more lines in a row that each hold one code alone (`a1qs-5qx3`, two
  or three groups of 4 to 6 letters and digits joined by `-`), most with a digit;
- seed phrase: a line of exactly 12, 15, 18, 21 or 24 lower-case words with nothing else on it,
  under a line that names a wallet, a seed, a mnemonic or a recovery phrase;
- split by a space: a line of two or three pieces alone, under a line that names a token, a key,
  a secret or a password, whose pieces joined are a token no person writes.

Standard library only; each form is looked for only when the text holds its cue (a run of
four-character groups, a phonetic word, a code's hyphen at a line's start, a wallet's word).
"""

from __future__ import annotations

from vaultsync.core.lazy_regex import Lazy
from vaultsync.core.privacy.places import in_block
from vaultsync.core.privacy.values import base64_text, classes, drawn, entropy

RULE = "spoken-secret"
RULES = frozenset((RULE,))

_G = r"[A-Za-z0-9!#$%^*+=_@~-]"
# from the space after the first group (a literal first: the scan skips to each space), at most
# 16 groups: unbounded, each space of a long run of four-letter words ("send send send …") read
# the whole rest of the run again (30,000 of them took two minutes); a longer value is read in
# runs of 16, each redacted as it is found
_GROUPS = Lazy(rf" (?=((?:{_G}{{4}} ){{1,15}}{_G}{{1,4}})(?![\w@~-]))")
# the rest of a run cut at 16 groups, read once, from where the run was cut
_REST = Lazy(rf"((?:{_G}{{4}} )*{_G}{{1,4}})(?![\w@~-])")
_GROUP_CHARS = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$%^*+=_@~-"
)
_NATO = (
    "alpha", "alfa", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
    "juliett", "juliet", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo",
    "sierra", "tango", "uniform", "victor", "whiskey", "whisky", "x-ray", "xray", "yankee", "zulu",
)  # fmt: skip
_DIGIT_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_SYMBOL_WORDS = (
    "dash", "hyphen", "underscore", "exclamation mark", "exclamation point", "at sign", "at",
    "hash", "pound", "percent", "caret", "star", "asterisk", "plus", "equals", "equal sign",
    "dot", "period", "tilde", "slash", "colon",
)  # fmt: skip
_WORD = "|".join(sorted((*_NATO, *_DIGIT_WORDS, *_SYMBOL_WORDS), key=len, reverse=True))
# one character: a word of the alphabet, a digit's or a symbol's name, or a symbol as it is
_SPELLED_ONE = (
    rf"(?:\b(?:(?:capital|upper[ -]?case|lower[ -]?case|small|big) )?(?:{_WORD})\b"
    r"|[!-+./:-@\[-`{-~])"
)
_SPELLED = Lazy(rf"(?i){_SPELLED_ONE}(?:(?:, ?| - | ){_SPELLED_ONE}){{9,}}")
_DIGIT_WORD = Lazy(r"(?i)\b(?:zero|one|two|three|four|five|six|seven|eight|nine)\b")
_NATO_WORD = Lazy(rf"(?i)\b(?:{'|'.join(_NATO)})\b")
_CODE_LINE = Lazy(
    r"\n[ \t]*(?:[-*•][ \t]+|\d{1,2}[.)][ \t]+)?"
    r"([a-zA-Z0-9]{4,6}-[a-zA-Z0-9]{4,6}(?:-[a-zA-Z0-9]{4,6})?)[ \t]*\r?(?=\n)"
)
_SEED_LINE = Lazy(r"\n[ \t]*((?:[a-z]{3,8} ){11,23}[a-z]{3,8})[ \t]*\r?(?=\n)")
_SEED_CUES = ("wallet", "seed", "mnemonic", "recovery phrase", "secret phrase", "backup phrase")
_PIECE = r"[A-Za-z0-9!#$%^*+=_.~@/-]{4,}"
# a line that is one value (or its pieces), maybe numbered or quoted as a client prints a reply
# (`2) "…"`), maybe followed by a note in parentheses as a manual's column is
_SPLIT_LINE = Lazy(
    rf"\n[ \t]*(?:\d{{1,3}}\) )?([\"']?)({_PIECE}(?: {_PIECE}){{0,2}})\1"
    r"(?:[ \t]{2,}\([^\n]*)?[ \t]*\r?(?=\n)"
)
_SPLIT_CUES = ("token", "key", "secret", "pass", "credential", "auth")
_OVERSTRIKE = Lazy(r".\x08")
_PREFIX = Lazy(r"[a-z]{2,6}[._-]")


def _random_join(v: str) -> bool:
    from vaultsync.core.privacy.shape import password_like

    if len(v) >= 16 and base64_text(v):
        return False  # base64 of text (`dXNlcm5hbWU6…` in a doctest): the decoder reads those
    head = _PREFIX.match(v)  # a provider's prefix (`hvs.`, `glpat-`) before the random part
    return password_like(v) or drawn(v[head.end() :] if head else v)


def _groups(w: str, out: list[tuple[int, int, str]]) -> None:
    last = 0
    for m in _GROUPS.finditer(w):
        s = m.start() - 4
        if s < last or not all(c in _GROUP_CHARS for c in w[max(0, s) : m.start()]):
            continue
        if s < 0 or (s > 0 and (w[s - 1].isalnum() or w[s - 1] in "_@~-")):
            continue  # the first group is four characters alone
        groups = w[s : m.end(1)].split(" ")
        words = sum(g.isalpha() and (g.islower() or g.isupper() or g.istitle()) for g in groups)
        if words > (len(groups) > 4):
            continue  # words among the groups (`than HTTP 503`): prose, not a value read out
        if not any(sum(classes(g)) >= 2 for g in groups):
            continue  # no group mixes classes (`rand -hex 32`): a command, not a draw
        joined = "".join(groups)
        lo, up, dg = classes(joined)
        symbol = any(not c.isalnum() for c in joined)
        mixed = (lo and up) or symbol
        if len(joined) >= 10 and dg and mixed and entropy(joined) >= 3.0:
            end = m.end(1)
            cut = m.group(1).count(" ") == 15 and w[end : end + 1] == " "
            rest = _REST.match(w, end + 1) if cut else None
            if rest:  # a value longer than the 16 groups one look reads
                end = rest.end(1)
            out.append((s, end, RULE))
            last = end


def _spelled(w: str, out: list[tuple[int, int, str]]) -> None:
    for m in _SPELLED.finditer(w):
        run = m.group()
        if _DIGIT_WORD.search(run) and len({x.lower() for x in _NATO_WORD.findall(run)}) >= 3:
            out.append((m.start(), m.end(), RULE))


def _codes(v: str, out: list[tuple[int, int, str]]) -> None:
    """`v`: the text between two line breaks (offsets one past the text's)."""
    found = list(_CODE_LINE.finditer(v))
    i = 0
    while i < len(found):
        j = i
        while j + 1 < len(found) and v.count("\n", found[j].end(), found[j + 1].start()) <= 2:
            j += 1  # the next line, or the one after a line break
        run = found[i : j + 1]
        digits = sum(any(c.isdigit() for c in m.group(1)) for m in run)
        letters = sum(any(c.isalpha() for c in m.group(1)) for m in run)
        if len(run) >= 3 and 2 * digits > len(run) and 2 * letters > len(run):
            out += [(m.start(1) - 1, m.end(1) - 1, RULE) for m in run]
        i = j + 1


def _before(w: str, s: int, n: int = 2) -> str:
    """The `n` lines before the line at `s`, lower case."""
    a = s
    for _ in range(n):
        a = w.rfind("\n", 0, max(0, a - 1)) + 1 if a > 0 else 0
    return w[a:s].lower()


def _seeds(v: str, out: list[tuple[int, int, str]]) -> None:
    for m in _SEED_LINE.finditer(v):
        cued = any(c in _before(v, m.start() + 1) for c in _SEED_CUES)
        if len(m.group(1).split()) % 3 == 0 and cued:
            out.append((m.start(1) - 1, m.end(1) - 1, RULE))


def _split(v: str, out: list[tuple[int, int, str]]) -> None:
    for m in _SPLIT_LINE.finditer(v):
        pieces = m.group(2).split(" ")
        if not all(any(c.isdigit() for c in p) or not (p.islower() or p.istitle()) for p in pieces):
            continue  # a word among the pieces (`Template 4xfn7i0g… built`): a sentence
        joined = "".join(pieces)
        if not _random_join(joined) or in_block(v, m.start() + 1, m.end()):
            continue  # a line of a wrapped blob (a certificate's base64) is no value alone
        label = _before(v, m.start() + 1, 1)
        if "\x08" in label:  # a label in overstrike, as `man` prints bold: `S\bSE\bEC…`
            label = _OVERSTRIKE.sub("", label.replace(" \x08 ", " "))
        if any(c in label for c in _SPLIT_CUES):
            out.append((m.start(2) - 1, m.end(2) - 1, RULE))


def find(w: str) -> list[tuple[int, int, str]]:
    """Secrets read out or retyped in `w`: (start, end, rule)."""
    out: list[tuple[int, int, str]] = []
    if " " not in w:
        return out
    _groups(w, out)
    low = w.lower()
    if sum(x in low for x in _NATO) >= 3:  # three of the alphabet's words, or no spelling
        _spelled(w, out)
    if "\n" not in w:
        return out
    v = "\n" + w + "\n"  # each line between two line breaks: the line patterns start with one
    if "-" in w:
        _codes(v, out)
    if any(c in low for c in _SEED_CUES):
        _seeds(v, out)
    if "\x08" in w or any(c in low for c in _SPLIT_CUES):
        _split(v, out)
    return out
