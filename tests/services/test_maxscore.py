"""MaxScore for plain-word queries: the split never changes what comes back, and it is taken."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vaultsync.core.config import Config, load_config
from vaultsync.core.properties import render_frontmatter
from vaultsync.core.query import nlquery
from vaultsync.services.derived.reconcile import rebuild
from vaultsync.services.recall import maxscore
from vaultsync.services.recall.search import DEFAULT_MARK, make_filter
from vaultsync.storage import recall_rows
from vaultsync.storage.index import WEIGHTS_ANY, Index, SearchFilter
from vaultsync.storage.recall_rows import Candidate

# Word i is in a note with a chance falling as in real text: the first few are in most notes.
WORDS = str.split(
    "router timeout proxy deploy cache lock migration schema billing invoice queue retry "
    "webhook signature token session login flaky canary rollout tenant kafka rabbitmq "
    "postgres redis alembic fixture docker image probe readiness ledger refund currency"
)
NOTES = 700


def _chance(i: int) -> float:
    return min(0.7, 0.9 / (i + 1) ** 0.9)


@pytest.fixture(scope="module")
def index_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("maxscore")
    vault = root / "vault"
    rng = random.Random(7)
    for n in range(NOTES):
        words = [w for i, w in enumerate(WORDS) if rng.random() < _chance(i)] or [WORDS[0]]
        title = " ".join(rng.sample(words, min(2, len(words))))
        body = " ".join(rng.choice(words) for _ in range(rng.randint(3, 60)))
        kind = {"type": "memory", "level": "L2", "scope": "project"} if n % 5 == 0 else {}
        target = vault / ("memories/L2-confirmed" if kind else "notes") / f"n{n}.md"
        target.parent.mkdir(parents=True, exist_ok=True)
        front = render_frontmatter(kind) if kind else ""
        target.write_text(f"{front}# {title}\n\n{body} 数据库迁移\n", encoding="utf-8")
    config = Config(vault, root / "index.sqlite", load_config(vault).data)
    rebuild(vault, config)
    return config.index_file()


def _full(index: Index, query: str, where: SearchFilter, limit: int) -> list[Candidate]:
    expression = nlquery.match_any(query)
    assert expression
    return recall_rows.candidates(
        index, expression, where, limit=limit, mark=DEFAULT_MARK, weights=WEIGHTS_ANY
    )


def _ours(index: Index, query: str, where: SearchFilter, limit: int) -> list[Candidate]:
    return maxscore.candidates(
        index, query, where, limit=limit, mark=DEFAULT_MARK, freqs={}, min_rows=0
    )[1]


def test_fts_rows_is_the_index_own_count(index_path: Path) -> None:
    with Index.open(index_path) as index:
        assert recall_rows.fts_rows(index) == recall_rows.doc_count(index) > NOTES


@pytest.mark.parametrize("term", ["router", "rout*", "timeout*", "canary", "refund*"])
def test_no_row_scores_above_a_terms_bound(index_path: Path, term: str) -> None:
    """The bound is FTS5's own: every row's bm25 for the term alone stays below
    idf * (k1 + 1), with the idf from the fewest rows the term can be in."""
    with Index.open(index_path) as index:
        total = recall_rows.fts_rows(index)
        least, most = recall_rows.doc_freq(index, term.rstrip("*"), prefix=term.endswith("*"))
        assert 0 < least <= most
        scores = [
            -c.bm25
            for c in recall_rows.candidates(
                index, nlquery.any_of([term]) or "", make_filter(), limit=10_000,
                mark=DEFAULT_MARK, weights=WEIGHTS_ANY,
            )
        ]  # fmt: skip
        bound = maxscore.fts5_idf(total, least) * (maxscore.K1 + 1)
        assert scores and max(scores) < bound
        assert max(scores) > 0.5 * bound  # the bound is tight enough to be of use


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    words=st.lists(st.sampled_from(WORDS), min_size=2, max_size=6, unique=True),
    limit=st.sampled_from([5, 20, 40]),
    memories_only=st.booleans(),
)
def test_the_split_returns_what_the_whole_query_does(
    index_path: Path, words: list[str], limit: int, memories_only: bool
) -> None:
    query = "how did we handle the " + " and the ".join(words) + "?"
    where = make_filter(types=["memory"]) if memories_only else make_filter()
    with Index.open(index_path) as index:
        assert _ours(index, query, where, limit) == _full(index, query, where, limit)


def _spied(monkeypatch: pytest.MonkeyPatch) -> list[str | None]:
    calls: list[str | None] = []
    real = recall_rows.candidates

    def spy(*args: object, **kw: object) -> list[Candidate]:
        calls.append(kw.get("within"))  # type: ignore[arg-type]
        return real(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(maxscore.rows, "candidates", spy)
    return calls


QUESTION = "how did we fix the router timeout in the proxy for the refund?"


def test_common_terms_are_set_aside(index_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with Index.open(index_path) as index:
        full = _full(index, QUESTION, make_filter(), 20)
        calls = _spied(monkeypatch)
        assert _ours(index, QUESTION, make_filter(), 20) == full
    # one pass, over the rows of the rarer terms only: `rout*`, in most notes, set aside
    assert len(calls) == 1 and calls[0] is not None
    assert "rout" not in calls[0] and "refund" in calls[0]


def test_a_wrong_first_guess_costs_time_not_results(
    index_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A first pass that sets aside every term but the rarest fails its check; the second
    pass still returns what the whole query does."""
    real = maxscore._aside
    guesses: list[float] = []

    def greedy(known: list[maxscore._Term], limit: int, total: int, share: float,
               below: float) -> list[maxscore._Term]:  # fmt: skip
        guesses.append(below)
        if len(guesses) == 1:
            return real(known, 1, total, share, float("inf"))
        return real(known, limit, total, share, below)

    monkeypatch.setattr(maxscore, "_aside", greedy)
    question = "router timeout proxy deploy cache lock migration currency"
    with Index.open(index_path) as index:
        full = _full(index, question, make_filter(), 5)
        calls = _spied(monkeypatch)
        assert _ours(index, question, make_filter(), 5) == full
    # the first pass did not pass; the second, its floor taken from the first, did
    assert len(calls) == 2 and None not in calls and calls[0] != calls[1]
    assert guesses[1] < float("inf")


def test_small_indexes_and_single_terms_are_not_split(
    index_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Index.open(index_path) as index:
        calls = _spied(monkeypatch)
        maxscore.candidates(index, QUESTION, make_filter(), limit=20, mark=DEFAULT_MARK,
                            freqs={})  # fmt: skip
        maxscore.candidates(index, "router?", make_filter(), limit=20, mark=DEFAULT_MARK,
                            freqs={}, min_rows=0)  # fmt: skip
    assert calls == [None, None]


def test_cjk_phrases_are_never_set_aside(index_path: Path) -> None:
    """A phrase of several tokens has no cheap lower count, so no bound: it is always kept."""
    with Index.open(index_path) as index:
        total = recall_rows.fts_rows(index)
        known = maxscore._known(index, nlquery.terms("数据库迁移 router"), total, {})
    # the Latin terms only: the question's own and the English words of its CJK terms
    texts = [t.text for t in known]
    assert "rout*" in texts and all(t.isascii() for t in texts)
