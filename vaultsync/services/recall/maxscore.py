"""The best BM25 matches of a plain-word query without scoring every row a common word is in.

A question's OR of terms matches much of a big vault through its common words: "how did we fix
the router timeout?" matches 72k of the 212k rows of a 100k-note vault through `fix*` and
`rout*`, and FTS5 computes bm25() for each of them (about 1.3 us a row) to keep the best 100.
What a common term can add is bounded: for each phrase, FTS5's bm25 adds
idf * w * (k1 + 1) / (w + K), where w is the phrase's column-weighted count in the row and K > 0
(the length normalisation), which stays below idf * (k1 + 1) whatever the weights.

So (MaxScore, Turtle and Flood 1995): the common terms are set aside, only the rows holding one
of the others are scored, each by all the terms (the same score it has in the full query), and
if the last of the best `limit` of them scores more than every common term together could give a
row holding none of the others, these are exactly the rows the full query ranks first, in the
same order. When that check fails, a second pass or the full query runs. A term's bound takes
the fewest rows it can be in (for a prefix, its most frequent completion), so a bound is never
too low; a term of several tokens (a CJK phrase) has no such lower count for free and is never
set aside.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from vaultsync.core.query import nlquery
from vaultsync.core.text import SEP, segment
from vaultsync.storage import recall_rows as rows
from vaultsync.storage.index import WEIGHTS_ANY, Index, SearchFilter
from vaultsync.storage.recall_rows import Candidate

K1 = 1.2  # FTS5's bm25 k1 (fixed in its source)
COMMON_SHARE = 0.02  # a term in at least this share of the rows may be set aside
MIN_ROWS = 20_000  # below this many rows every query is cheap: no split
MARGIN = 1.01  # the bound is raised by 1%: float sums in a different order, never too low
# The three below only decide when to try a split (speed); what is returned never depends on
# them. Chosen on 106 bench/recall questions over the 100k-note bench vault (docs/search.md).
KEPT_ROWS = 10  # rows kept per result wanted: with fewer, the last of the best is a weak match
FIRST_FLOOR = 8.0  # the first pass assumes the last of the best scores about this much
SAVING = 2.0  # split only if the whole query would score this many times the rows kept

DocFreqs = dict[tuple[str, bool], tuple[int, int]]  # (token, prefix) -> (at least, at most)


def doc_freq(index: Index, freqs: DocFreqs, token: str, prefix: bool) -> tuple[int, int]:
    """`recall_rows.doc_freq`, read once per query: the abstention measure asks too."""
    key = (token, prefix)
    if key not in freqs:
        freqs[key] = rows.doc_freq(index, token, prefix=prefix)
    return freqs[key]


def fts5_idf(total: int, hits: int) -> float:
    """FTS5's own idf: log((N - n + 0.5) / (n + 0.5)), and 1e-6 where that is not positive."""
    idf = math.log((total - hits + 0.5) / (hits + 0.5))
    return idf if idf > 0 else 1e-6


class _Term(NamedTuple):
    bound: float  # the most it adds to a row's score
    most: int  # rows it is in, at most
    text: str


def _known(index: Index, terms: list[str], total: int, freqs: DocFreqs) -> list[_Term]:
    """The terms of one token that are in some row, most frequent (smallest bound) first."""
    known = []
    for term in terms:
        prefix = term.endswith("*")
        tokens = segment(term.rstrip("*")).replace(SEP, " ").split()
        if len(tokens) == 1:
            least, most = doc_freq(index, freqs, tokens[0], prefix)
            if most:  # a term in no row adds nothing to any score
                known.append(_Term(fts5_idf(total, least) * (K1 + 1), most, term))
    known.sort()
    return known


def _aside(known: list[_Term], limit: int, total: int, share: float, below: float) -> list[_Term]:
    """The most frequent terms to set aside, while together they could add less than `below`:
    each in at least `share` of the rows, the rarest always kept, and enough rows kept for
    `limit` results."""
    kept_rows = sum(t.most for t in known)
    out: list[_Term] = []
    bound = 0.0
    for term in known[:-1]:
        if term.most < share * total or kept_rows - term.most < KEPT_ROWS * limit:
            break
        if (bound + term.bound) * MARGIN >= below:
            break
        out.append(term)
        bound += term.bound
        kept_rows -= term.most
    return out


def candidates(
    index: Index,
    query: str,
    where: SearchFilter,
    *,
    limit: int,
    mark: tuple[str, str],
    freqs: DocFreqs,
    min_rows: int = MIN_ROWS,
    share: float = COMMON_SHARE,
) -> tuple[str | None, list[Candidate]]:
    """(the plain-word expression, its best `limit` candidates), as `recall_rows.candidates`
    gives them for the whole expression (WEIGHTS_ANY).

    At most two passes before the whole query would run: if the first one's check fails, its
    last score is still a floor for the answer's, so the second sets aside only the common
    terms whose bound stays below that floor, and passes its check by construction (scoring
    more rows can only raise the last of the best)."""
    terms = nlquery.terms(query)
    expression = nlquery.any_of(terms)
    if expression is None:
        return None, []

    def best(within: str | None = None) -> list[Candidate]:
        return rows.candidates(index, expression, where, limit=limit, mark=mark,
                               weights=WEIGHTS_ANY, within=within)  # fmt: skip

    total = rows.fts_rows(index)
    if len(terms) < 2 or total < min_rows:
        return expression, best()
    known = _known(index, terms, total, freqs)
    if not known:
        return expression, best()
    # The best rows hold the rarest term, most of them well: the first pass sets aside what
    # could add no more than it alone, or than FIRST_FLOOR (the last of the best 100 scored 6
    # to 10 in the questions measured)
    below = min(known[-1].bound, FIRST_FLOOR)
    for _ in range(2):
        aside = _aside(known, limit, total, share, below)
        # scoring the kept rows costs a list of them: worth it only for many rows left unscored
        # (a row holds several terms: neither count can pass the number of rows)
        matched = min(total, sum(t.most for t in known))
        kept = min(total, sum(t.most for t in known if t not in aside))
        if not aside or matched < SAVING * kept:
            break
        names = {t.text for t in aside}
        found = best(nlquery.any_of([t for t in terms if t not in names]))
        if len(found) < limit:
            break  # too few rows hold the other terms to know the last of the best
        floor = -found[-1].bm25
        if floor > sum(t.bound for t in aside) * MARGIN:
            return expression, found
        below = floor
    return expression, best()
