"""The floors on the generated corpus, held-out split included, and the practice set.

The scores run in the slow tier (CI runs it): they put every generated sample through the
whole engine, an evaluation rather than a unit test. The held-out split (providers, phrasings
and values the rules were never tuned on; see `corpus_gen.SPLIT_RULE`) is scored in aggregate
only; its failures are never printed.
"""

from __future__ import annotations

from typing import Any

import pytest
from corpus_gen import PROVIDERS, generate, provider_split
from corpus_score import PRACTICE, engine, practice_rows, score


@pytest.fixture(scope="module")
def results() -> dict[str, dict[str, Any]]:
    redact = engine()
    out = {"dev": score(generate("dev"), redact), "heldout": score(generate("heldout"), redact)}
    if PRACTICE.is_file():
        out["practice"] = score(practice_rows(), redact)
    return out


def test_the_corpus_is_what_the_issue_asks_for() -> None:
    kinds = {p for p in PROVIDERS if p not in ("password", "private-key")}
    assert len(kinds) >= 40
    held = [p for p in kinds if provider_split(p) == "heldout"]
    assert held and len(held) < len(kinds) / 2
    for split in ("dev", "heldout"):
        rows = generate(split)
        labels = {r["label"] for r in rows}
        assert labels == {"secret", "benign", "injection", "benign_injection"}
        secret_kinds = {r["kind"] for r in rows if r["label"] == "secret"}
        assert not secret_kinds & {p for p in kinds if provider_split(p) != split}
    dev = {r["template"] for r in generate("dev")}
    assert not dev & {r["template"] for r in generate("heldout")}  # no phrasing in both
    assert generate("dev") == generate("dev")  # a fixed seed


@pytest.mark.slow
def test_heldout_secret_recall_and_no_fragment(results: dict[str, dict[str, Any]]) -> None:
    m = results["heldout"]
    assert m["recall"] >= 0.98, m["recall"]
    assert m["leaky"] == 0, m["leaky"]


@pytest.mark.slow
def test_heldout_benign_false_positives(results: dict[str, dict[str, Any]]) -> None:
    assert results["heldout"]["fp_rate"] <= 0.02


@pytest.mark.slow
def test_heldout_injections(results: dict[str, dict[str, Any]]) -> None:
    m = results["heldout"]
    assert m["inj_recall"] >= 0.9, m["inj_recall"]
    assert m["inj_fp_rate"] <= 0.03, m["inj_fp_rate"]


@pytest.mark.slow
def test_dev_split(results: dict[str, dict[str, Any]]) -> None:
    m = results["dev"]
    assert m["recall"] >= 0.98 and m["leaky"] == 0, m["failures"][:10]
    assert m["fp_rate"] <= 0.02 and m["inj_recall"] >= 0.9 and m["inj_fp_rate"] <= 0.03


@pytest.mark.slow
@pytest.mark.skipif(not PRACTICE.is_file(), reason=f"practice set not found at {PRACTICE}")
def test_practice_set_stays_perfect(results: dict[str, dict[str, Any]]) -> None:
    m = results["practice"]
    assert (m["recall"], m["leaky"], m["fp"], m["inj_recall"], m["binj_hit"]) == (1, 0, 0, 1, 0), m[
        "failures"
    ]
