"""bench/recall/locomo.py: its split by whole conversation and its paired sign test (the corpus
itself is not in the repository; the bench reads it from the shared corpora folder)."""

from __future__ import annotations

from pathlib import Path

from bench.recall import locomo


def test_the_split_is_by_whole_conversation_as_written_in_the_bench() -> None:
    # the docstring names the held-out conversations: the rule must give exactly those
    held = {
        n for n in (41, 42, 43, 44, 47, 48, 50) if locomo.split_of(Path(f"{n}.json")) == "held-out"
    }
    assert held == {44, 48}
    assert "44 and 48" in (locomo.__doc__ or "")


def test_sign_test() -> None:
    assert locomo.sign_test(0, 0) == 1.0
    assert locomo.sign_test(5, 5) == 1.0
    assert locomo.sign_test(11, 14) == 0.69
    assert locomo.sign_test(55, 19) < 0.001
    assert locomo.sign_test(10, 0) == locomo.sign_test(0, 10) == 0.002
