from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from vaultsync.core import text


@given(st.text())
def test_segment_round_trips(s: str) -> None:
    s = s.replace(text.SEP, "")
    assert text.unsegment(text.segment(s)) == s


def test_segment_splits_cjk_only() -> None:
    assert text.segment("修复了 bug") == "修\u200b复\u200b了 bug"
    assert text.segment("plain words") == "plain words"
    assert text.segment("日本語とカタカナ").count(text.SEP) == 7


def test_estimate_tokens() -> None:
    assert text.estimate_tokens("") == 0
    assert text.estimate_tokens("abcd efgh") == 2
    assert text.estimate_tokens("口语化") == 3
    assert text.estimate_tokens("hello 世界") == 4


def test_overlap() -> None:
    assert text.overlap("run the tests with pytest", "run the tests with pytest -q") == 1.0
    assert text.overlap("用户喜欢短句", "用户喜欢长句") > 0.6
    assert text.overlap("", "x") == 0.0
