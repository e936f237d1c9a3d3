"""The Chinese, Japanese and Korean words of software work and their English words
(core/query/term_map.py): the words a question about code is made of find the English session
that holds them."""

from __future__ import annotations

from pathlib import Path

import pytest

from vaultsync.core.config import load_config
from vaultsync.core.properties import render_frontmatter
from vaultsync.core.query import nlquery, term_map
from vaultsync.services.derived.reconcile import rebuild
from vaultsync.services.recall.engine import recall


def test_every_entry_has_english_words_and_no_key_a_space() -> None:
    assert term_map.TERM_MAP and all(term_map.TERM_MAP.values())
    assert not any(" " in key for key in term_map.TERM_MAP)
    assert list(term_map.KEYS) == sorted(term_map.KEYS, key=len, reverse=True)


@pytest.mark.parametrize(
    ("question", "english"),
    [
        ("装饰器的返回值是怎么改的", {"decorator*", "return*", "valu*"}),
        ("デコレーターの戻り値はどう直した？", {"decorator*", "return*", "fix*"}),
        ("解析器的空字符串问题", {"pars*", "string*"}),
        ("日期格式化的时区问题", {"date*", "timezon*", "format*"}),
        ("正規表現のデバッグ", {"regex*", "debug*"}),
        ("列表排序和分页", {"list*", "sort*", "pagin*"}),
    ],
)
def test_words_of_code_bring_their_english_words(question: str, english: set[str]) -> None:
    assert english <= set(nlquery.translations(question))


def test_a_chinese_question_about_a_decorator_finds_the_english_session(tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    notes = {
        "summaries/repeat decorator.md": (
            "# repeat() returns every result\n\nThe repeat() decorator in decorators.py only "
            "returned the last call's result; it now returns a list of every return value.\n"
        ),
        "summaries/release notes.md": (
            "# Release notes\n\nWe fixed the changelog and the release script; the problem "
            "was how the version was read.\n"
        ),
    }
    for rel, body in notes.items():
        (vault / rel).parent.mkdir(parents=True, exist_ok=True)
        props = {"type": "summary", "created": "2026-12-01T10:00:00+00:00"}
        (vault / rel).write_text(render_frontmatter(props) + body, encoding="utf-8")
    config = load_config(vault)
    rebuild(vault, config)
    for question in ("装饰器的返回值是怎么改的？", "デコレーターの戻り値はどう直した？"):
        hits = recall(vault, config, question, semantic=False).hits
        assert hits and hits[0].rel == "summaries/repeat decorator.md", question
