"""Where a detector looks: keyword offsets found with str.find, and a regex tried only there.

A regex scanned over every position of a large tool output costs far more than str.find for a
few keywords; every secret and injection detector therefore asks `positions`/`anchored` where its
candidates are, and reads only the `windows` around them. Shared by the injection detectors
(inject, hijack, intent, directive) and the secret rules.
"""

from __future__ import annotations

from vaultsync.core.lazy_regex import Lazy

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from collections.abc import Callable, Iterable, Iterator

CJK = Lazy(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")
# The class spans 27,000 code points: compiling it costs ~2.5 ms, a quarter of an interpreter
# start. In UTF-8 every such character starts with one of these bytes, so a text none of them
# occurs in (found with bytes.find: memchr) never needs the regex.
_CJK_LEADS = tuple(bytes([b]) for b in (0xE3, 0xE4, 0xE5, 0xE6, 0xE7, 0xE8, 0xE9, 0xEF))


def positions(lowered: str, words: Iterable[str], limit: int | None = None) -> list[int]:
    """Sorted offsets where any of `words` occurs (str.find is much faster than a regex scan);
    with `limit`, at most that many of each word (a text made of one cue stays bounded)."""
    out = []
    for k in words:
        i, found = lowered.find(k), 0
        while i >= 0 and (limit is None or found < limit):
            out.append(i)
            found += 1
            i = lowered.find(k, i + 1)
    out.sort()
    return out


def anchored(
    rx: re.Pattern[str] | Lazy,
    w: str,
    lowered: str,
    starts: Iterable[str],
    overlap: bool = False,
    pre: Callable[[str, int], bool] | None = None,
) -> Iterator[re.Match[str]]:
    """Matches of `rx` that begin where one of `starts` occurs (non-overlapping unless asked).
    `pre(w, p)` may turn a start down before the regex runs."""
    if len(lowered) != len(w):  # lower() changed some lengths: offsets differ, scan instead
        yield from rx.finditer(w)
        return
    last = -1
    for p in positions(lowered, starts):
        if pre is not None and not pre(w, p):
            continue
        if p >= last and (m := rx.match(w, p)):
            last = p + 1 if overlap else max(m.end(), p + 1)
            yield m


def has_cjk(w: str) -> bool:
    return maybe_cjk(w) and CJK.search(w) is not None


def maybe_cjk(w: str) -> bool:
    """False when `w` surely holds no CJK letter (ASCII, or no UTF-8 lead byte of one)."""
    if w.isascii():
        return False
    data = w.encode("utf-8", "surrogatepass")
    return any(lead in data for lead in _CJK_LEADS)


def word_start(w: str, p: int) -> bool:
    return p == 0 or not w[p - 1].isalpha() or w[p] > "\u3000"  # CJK has no word breaks


def windows(
    w: str, lowered: str, keys: tuple[str, ...] | list[str], before: int = 160, after: int = 240
) -> list[tuple[int, int]]:
    """Windows around each occurrence of `keys` in `lowered` (found with str.find), cut at line
    ends and joined where they overlap: a detector reads only these, so a long line costs no
    more."""
    spans: list[tuple[int, int]] = []
    for k in keys:
        p = lowered.find(k)
        while p >= 0:
            a = max(w.rfind("\n", max(0, p - before), p) + 1, p - before, 0)
            b = w.find("\n", p, p + after)
            spans.append((a, min(len(w), p + after) if b < 0 else b))
            p = lowered.find(k, p + len(k))
    spans.sort()
    out: list[tuple[int, int]] = []
    for a, b in spans:
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out
