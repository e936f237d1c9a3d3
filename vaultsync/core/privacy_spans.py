"""Offset arithmetic for the redactor: merging spans, cutting text at runs, and mapping an
offset in a text with pieces taken out back to the original text.

Pure functions on (start, end) pairs, kept apart from the rules and the redactor that use them.
Stdlib only, on the hook path.
"""

from __future__ import annotations

import bisect

# typing costs the hook ~2 ms to import; annotations are strings anyway.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from vaultsync.core.privacy_rules import Span


def merge_spans(spans: list[Span]) -> list[Span]:
    out: list[Span] = []
    for s, e in spans:
        if out and s < out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], e))
        else:
            out.append((s, e))
    return out


def pieces(text: str, runs: list[Span]) -> Iterator[Span]:
    """The text cut at `runs`: kept pieces as (start, end), each run as (end, start)."""
    pos = 0
    for s, e in runs:
        yield pos, s
        yield from ((e, s),) * (e - s)  # one blank per character keeps the length
        pos = e
    yield pos, len(text)


def mapper(segs: tuple[list[int], list[int]] | None) -> Callable[[int, int], Span]:
    def orig(s: int, e: int) -> Span:
        if segs is None:
            return s, e
        return to_orig(segs, s), to_orig(segs, e - 1) + 1 if e > s else to_orig(segs, s)

    return orig


def working(
    text: str, soft: list[Span], hard: list[Span]
) -> tuple[str, tuple[list[int], list[int]] | None, frozenset[int]]:
    """`text` without the spans in `soft` and `hard` (sorted lists), the segment map back to
    `text`, and the offsets in the result where a `soft` span was taken out."""
    if not soft and not hard:
        return text, None, frozenset()
    spans = sorted([(s, e, True) for s, e in soft] + [(s, e, False) for s, e in hard])
    parts, ws, os_, at = [], [], [], set()
    pos = n = 0
    for s, e, is_soft in [*spans, (len(text), len(text), False)]:
        if s > pos:
            ws.append(n)
            os_.append(pos)
            parts.append(text[pos:s])
            n += s - pos
        if is_soft:
            at.add(n)
        pos = max(pos, e)
    return "".join(parts), (ws, os_), frozenset(at)


def to_orig(segs: tuple[list[int], list[int]], p: int) -> int:
    ws, os_ = segs
    k = max(0, bisect.bisect_right(ws, p) - 1)
    return os_[k] + p - ws[k] if ws else p


def grow(starts: list[int], ends: list[int], s: int, e: int) -> Span:
    """[s, e) grown over every span (sorted, non-overlapping; given by its starts and ends)
    that it overlaps."""
    j, k = bisect.bisect_right(ends, s), bisect.bisect_left(starts, e)
    return (min(s, starts[j]), max(e, ends[k - 1])) if j < k else (s, e)
