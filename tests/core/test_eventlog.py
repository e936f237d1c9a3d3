from __future__ import annotations

import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vaultsync.core import eventlog
from vaultsync.core.model import Event, EventKind

texts = st.text(max_size=300)
nasty = st.sampled_from(
    [
        "```",
        "```vaultsync-event",
        "\n```\n",
        "### heading",
        "key: value",
        "\u2028",
        "\x85",
        "\r\n",
        "\ud800",
        "\U000e0041",
        "修复了路由的问题",
        "---",
        "\x00",
        "\\u2028",
    ]
)
rich_text = st.lists(st.one_of(texts, nasty), max_size=6).map("".join)

events = st.builds(
    Event,
    id=st.text(alphabet=string.ascii_letters + string.digits + "-", min_size=1, max_size=40),
    ts=st.just("2026-11-29T16:12:05.123456Z"),
    agent=st.sampled_from(["claude-code", "codex", "hermes", "gemini", "cursor"]),
    session_id=rich_text,
    kind=st.sampled_from(list(EventKind)),
    native_event=texts,
    cwd=rich_text,
    project=rich_text,
    turn_id=texts,
    tool=rich_text,
    tool_kind=texts,
    input=rich_text,
    output=rich_text,
    prompt=rich_text,
    message=rich_text,
    is_error=st.booleans(),
    files=st.lists(rich_text, max_size=4).map(tuple),
    redactions=st.integers(0, 1000),
    injections=st.integers(0, 1000),
    extra=st.dictionaries(st.text(max_size=10), st.one_of(st.integers(), texts), max_size=3),
)


def _round_trip(event: Event) -> None:
    text = eventlog.render(event)
    parsed, problems = eventlog.parse_all(text)
    assert problems == []
    assert parsed == [event]


@settings(max_examples=40, deadline=None)  # the slow tier's twin below runs 1000
@given(events)
def test_event_round_trips_exactly(event: Event) -> None:
    _round_trip(event)


@pytest.mark.slow
@settings(max_examples=1000, deadline=None)
@given(events)
def test_event_round_trips_exactly_thorough(event: Event) -> None:
    _round_trip(event)


def _appends(batch: list[Event], preamble: str) -> None:
    # A note is frontmatter/body text followed by appended blocks; each append is independent.
    preamble = preamble.replace("```", "'''")
    note = preamble
    for ev in batch:
        before = note
        note += eventlog.render(ev)
        assert note.startswith(before)
    assert eventlog.parse(note) == batch


BATCHES = (st.lists(events, min_size=1, max_size=5), st.text(max_size=200))


@settings(max_examples=12, deadline=None)  # the slow tier's twin below runs 1000
@given(*BATCHES)
def test_appending_never_needs_earlier_blocks(batch: list[Event], preamble: str) -> None:
    _appends(batch, preamble)


@pytest.mark.slow
@settings(max_examples=1000, deadline=None)
@given(*BATCHES)
def test_appending_never_needs_earlier_blocks_thorough(batch: list[Event], preamble: str) -> None:
    _appends(batch, preamble)


def test_rendered_block_is_valid_utf8_and_one_line_per_value() -> None:
    ev = Event(
        id="x",
        ts="2026-11-29T16:12:05Z",
        agent="codex",
        session_id="s",
        kind=EventKind.TOOL,
        output="line1\nline2\u2028\ud800",
        tool="Bash",
    )
    text = eventlog.render(ev)
    text.encode("utf-8")  # a lone surrogate would raise here
    block = text.split("```vaultsync-event\n")[1].split("```")[0]
    assert all(": " in line for line in block.splitlines())


def test_broken_block_is_reported_not_fatal() -> None:
    good = Event(
        id="a",
        ts="2026-11-29T16:12:05Z",
        agent="codex",
        session_id="s",
        kind=EventKind.PROMPT,
        prompt="hello there",
    )
    broken = '\n```vaultsync-event\nid: "b"\nts: not-json\n```\n'
    unclosed = '\n```vaultsync-event\nid: "c"\n'
    events, problems = eventlog.parse_all(eventlog.render(good) + broken + unclosed)
    assert events == [good]
    assert len(problems) == 2
    assert "bad value for ts" in problems[0]
    assert "not closed" in problems[1]


def test_unknown_fields_from_newer_writers_are_ignored() -> None:
    text = (
        '```vaultsync-event\nid: "a"\nts: "2026-11-29T16:12:05Z"\nagent: "codex"\n'
        'session_id: "s"\nkind: "prompt"\nfuture_field: {"x": 1}\n```\n'
    )
    [event] = eventlog.parse(text)
    assert event.id == "a" and event.kind is EventKind.PROMPT


def test_heading_is_readable_and_cannot_break_the_note() -> None:
    ev = Event(
        id="a",
        ts="2026-11-29T16:12:05Z",
        agent="codex",
        session_id="s",
        kind=EventKind.TOOL,
        tool="Bash",
        input="```\n# rm -rf [[x]] | ^y" + "z" * 200,
    )
    heading = eventlog.heading(ev)
    assert heading.startswith("### 16:12:05 · tool · Bash:")
    assert "`" not in heading and "[[" not in heading and "\n" not in heading
    assert len(heading) < 120
