from __future__ import annotations

import datetime as dt
import re

import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

from vaultsync.core import properties as p

scalars = st.one_of(
    st.text(max_size=60),
    st.integers(-(10**9), 10**9),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.booleans(),
    st.dates(min_value=dt.date(1900, 1, 1)),
)


PROPS = st.dictionaries(
    st.from_regex(r"[a-z][a-z_]{0,12}", fullmatch=True).filter(lambda k: k not in p.PUBLISH_KEYS),
    st.one_of(scalars, st.lists(scalars, max_size=4)),
    max_size=6,
)


def _reads_back(props: dict) -> None:
    text = p.render_frontmatter(props)
    yaml_text, body = p.split_frontmatter(text + "body")
    assert body == "body"
    loaded = yaml.safe_load(yaml_text) or {}
    assert loaded == props


@settings(max_examples=40, deadline=None)  # the slow tier's twin below runs 1000
@given(PROPS)
@example({"a": "A\n"})  # `$` also matches before a final newline: the string went out unquoted
def test_rendered_properties_read_back_with_their_types(props: dict) -> None:
    _reads_back(props)


@pytest.mark.slow
@settings(max_examples=1000, deadline=None)
@given(PROPS)
def test_rendered_properties_read_back_with_their_types_thorough(props: dict) -> None:
    _reads_back(props)


def test_obsidian_native_shapes() -> None:
    text = p.render_frontmatter(
        {
            "type": "memory",
            "tags": ["vaultsync/memory", "scope/user"],
            "source": p.link("summaries/a b.md"),
            "priority": 2,
            "reviewed": True,
            "created": dt.date(2026, 11, 29),
            "note": "2026-11-29",
            "empty": [],
            "zh": "口语化、短句",
        }
    )
    assert "tags:\n  - vaultsync/memory\n  - scope/user\n" in text  # block style, no '#'
    assert 'source: "[[summaries/a b]]"\n' in text  # links quoted
    assert "priority: 2\n" in text and "reviewed: true\n" in text
    assert "created: 2026-11-29\n" in text
    assert 'note: "2026-11-29"\n' in text  # a string that looks like a date stays a string
    assert "zh: 口语化、短句\n" in text


def test_publish_keys_are_refused() -> None:
    for key in ("permalink", "publish", "cover", "image", "description"):
        with pytest.raises(ValueError):
            p.render_entry(key, "x")


def test_set_properties_preserves_everything_else() -> None:
    original = (
        "---\n# a person's comment\ntitle: Keep me\nstatus: active\ntags:\n  - a\n  - b\n"
        "custom: {x: 1}\n---\n# Body\n\ntext\n"
    )
    updated = p.set_properties(original, {"status": "pending", "tool_calls": 12, "tags": ["c"]})
    assert updated == (
        "---\n# a person's comment\ntitle: Keep me\nstatus: pending\ntags:\n  - c\n"
        "custom: {x: 1}\ntool_calls: 12\n---\n# Body\n\ntext\n"
    )
    assert p.set_properties(updated, {"tool_calls": ...}).count("tool_calls") == 0
    assert p.get_scalar(updated, "status") == "pending"
    assert p.get_scalar(updated, "title") == "Keep me"


def test_set_properties_on_a_note_without_frontmatter() -> None:
    assert p.set_properties("# Hi\n", {"status": "x"}) == "---\nstatus: x\n---\n# Hi\n"


def test_get_scalar_reads_quoted_values() -> None:
    text = p.render_frontmatter({"session_id": "a: b # c", "n": "it's"})
    assert p.get_scalar(text, "session_id") == "a: b # c"
    assert p.get_scalar(text, "missing") is None


def test_tag_rules() -> None:
    assert p.tag("#project x") == "project-x"
    assert p.tag("2026") == "t-2026"


# The plain-scalar test as a regex (what `properties` used before it checked characters itself):
# the two must agree on every text.
_PLAIN_RE = re.compile(r"^[\w\u00a0-\U0010ffff][\w\u00a0-\U0010ffff .,/@()+=~-]*\Z")
_RESERVED_RE = re.compile(
    r"^(?:true|false|yes|no|on|off|null|~|y|n|[-+]?(?:\d[\d_]*)?(?:\.\d*)?(?:e[-+]?\d+)?"
    r"|[-+]?\.(?:inf|nan)|0x[0-9a-f]+|0o[0-7]+|\d{4}-\d\d-\d\d.*|\d+:\d+.*)$",
    re.IGNORECASE,
)


@given(st.text(st.sampled_from("aZ_9 .,/@()+=~-:#\t\n\x7f\x85\xa0é中eE1.+") | st.characters()))
@example("e5")
@example("ye\u017f")
@example(".\u0130nf")
@example("\u0131nf")
@example("2026-12-05T10:00")
@example("2026-1x-05")
@example("E10")
@example("No")
@example(".inf")
@example("~")
@example("2026-12-05 note")
@example("中文 note")
def test_plain_scalars_are_those_the_regex_finds_plain(text: str) -> None:
    plain = bool(_PLAIN_RE.match(text)) and not _RESERVED_RE.match(text)
    plain = plain and not text.endswith(" ")
    plain = plain and not re.search("[\x7f-\x9f\ud800-\udfff\ufeff\ufffe\uffff\u2028\u2029]", text)
    assert (p.scalar(text) == text) == plain
