"""Snippets of plain-word results (services/recall/snippet.py)."""

from __future__ import annotations

from vaultsync.services.recall.snippet import make_snippet

MARK = ("«", "»")


def test_a_heading_the_paragraph_repeats_is_shown_once() -> None:
    title = "Tests run with `pytest -q` in…"
    indexed = f"{title}\nkeywords\n{title} Tests run with `pytest -q` in blog-pipeline."
    snippet = make_snippet(indexed, ["pytest"], MARK)
    assert snippet == "Tests run with `«pytest» -q` in blog-pipeline."


def test_a_heading_followed_by_other_words_is_kept() -> None:
    title = "Run Python through the project's venv"
    indexed = f"{title}\nkeywords\n{title} Use the venv's python for pytest."
    snippet = make_snippet(indexed, ["run"], MARK)
    assert snippet == "«Run» Python through the project's venv Use the venv's python for pytest."


def test_a_text_that_only_shares_the_headings_first_words_is_kept() -> None:
    indexed = "Tests\nkeywords\nTests pass on CI"
    assert make_snippet(indexed, ["ci"], MARK) == "Tests pass on «CI»"
