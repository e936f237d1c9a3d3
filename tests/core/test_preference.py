"""A lasting wish in a prompt (core/preference.py): read the same by the learning queue and the
offline summariser."""

from __future__ import annotations

import pytest

from vaultsync.core.preference import lasting, sentences, stated


@pytest.mark.parametrize(
    ("prompt", "wish", "strong"),
    [
        ("Fix the tests. From now on always use uv.", "From now on always use uv.", "From now on"),
        (
            "以后请一直用 uv 管理依赖，不要用 pip。然后升级 requests",
            "以后请一直用 uv 管理依赖，不要用 pip。",
            "以后",
        ),
        ("返信はいつも日本語でお願いします。", "返信はいつも日本語でお願いします。", "いつも"),
        ("please write shorter commit messages", "please write shorter commit messages", None),
    ],
)
def test_the_sentence_that_states_a_wish_is_found(
    prompt: str, wish: str, strong: str | None
) -> None:
    [(sentence, marker)] = stated(prompt)
    assert sentence == wish
    assert (marker.group() if marker else None) == strong


@pytest.mark.parametrize(
    "prompt",
    [
        "fix the login bug",
        "Why do we always get this error?",  # a question
        "为什么总是报错？",
        "always",  # under 8 characters
        "please run the migration on staging",  # a weak marker with nothing about style
        "Always " + "x" * 300,  # a pasted paragraph
    ],
)
def test_tasks_questions_and_pastes_state_no_wish(prompt: str) -> None:
    assert stated(prompt) == []


@pytest.mark.parametrize(
    "prompt",
    [
        "这个项目今后都用 pnpm 装依赖",
        "从现在开始提交信息都写英文",
        "これからは pnpm を使ってください",
        "依存関係は常に uv で管理して",
        "毎回テストを -q で走らせて",
        "Whenever you touch the API, update the OpenAPI file",
    ],
)
def test_more_ways_to_say_from_now_on(prompt: str) -> None:
    """Said by hand in a one-call session: each was skipped by the queue (no marker it knew)."""
    assert lasting(prompt), prompt


def test_sentences_end_at_western_and_cjk_marks_and_at_line_breaks() -> None:
    assert sentences("One. Two!三。四？\nfive") == ["One.", "Two!", "三。", "四？", "five"]
