"""The note that replaced a decision without linking to it (core/hook/successor.py)."""

from __future__ import annotations

from vaultsync.core.hook import successor


def test_a_later_note_says_the_choice_is_gone_in_one_clause() -> None:
    choice = frozenset({"poetry", "pyproject"})
    assert successor.said_gone("forecast moved to uv. Poetry is gone from the repo.", choice)
    # the change is said of something else, in another clause
    assert not successor.said_gone("State moved to the cloud; poetry runs are queued.", choice)
    assert not successor.said_gone("We use Poetry with pyproject.toml.", choice)
    assert successor.said_gone("Redux store 不再用于新代码。", frozenset({"redux"}))
    assert successor.said_gone("メインは大阪（ap-northeast-3）に移した。", frozenset({"northeast"}))
    # a change word is never a choice word, nor are the words of deciding
    assert successor._says_change("removed") and successor._says_change("switching")
    assert not successor._says_change("sqlx")
