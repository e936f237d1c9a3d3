"""core/cjk_scan gives what core/text gives, without compiling its regexes; core/text's test of
which characters are CJK agrees with its class."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from vaultsync.core import cjk_scan, text


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=0x40000, exclude_categories=("Cs",))))
def test_the_regex_free_cjk_helpers_agree_with_core_text(value: str) -> None:
    assert text.has_cjk(value) == (text._rx("_CJK_CHAR").search(value) is not None)
    assert cjk_scan.estimate_tokens(value) == text.estimate_tokens(value)
    assert cjk_scan.unsegment(text.segment(value)) == text.unsegment(text.segment(value))
    word = "".join(value.split())
    assert cjk_scan.segment(word) == text.segment(word)


def test_a_typed_separator_stays_in_a_text_without_cjk() -> None:
    # Found by the property above: only a text with CJK in it had its separators put there.
    assert cjk_scan.unsegment("a\u200bb") == "a\u200bb"
    assert cjk_scan.unsegment(text.segment("部署流程")) == "部署流程"


def test_a_long_line_is_judged_by_its_distinct_characters() -> None:
    # The prompt's recall asks this of every candidate line: a CJK word at the very end, a
    # character above U+3000 that is not CJK (an emoji), and neither.
    line = "the deploy pipeline retried the cache migration · " * 40
    for tail, expected in (("部署", True), ("🚀", False), ("ー", True), ("", False)):
        assert text.has_cjk(line + tail) is expected
