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


def test_rendered_event_is_valid_utf8_and_its_fields_one_line() -> None:
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
    [fields] = [ln for ln in text.splitlines() if ln.startswith(eventlog.MARKER)]
    assert fields.endswith(" -->") and '"output":"line1\\nline2\\u2028\\ud800"' in fields
    assert "```" not in text  # a text a block cannot carry exactly stays in the fields line


def test_an_event_reads_as_markdown() -> None:
    ev = Event(
        id="x", ts="2026-11-29T16:12:05Z", agent="claude-code", session_id="s",
        kind=EventKind.TOOL, tool="Read", tool_kind="read", input="src/api/routes.ts",
        output="router.get('/users', listUsers)\n```js\nnested\n```",
        files=("src/api/routes.ts",),
    )  # fmt: skip
    text = eventlog.render(ev)
    lines = text.splitlines()
    # The person's zone (+08:00 in the tests), the tool, the file, the outcome.
    assert lines[1] == "### 00:12:05 · Read · src/api/routes.ts · ok"
    assert lines[3].startswith(eventlog.MARKER) and '"blocks":["output"]' in lines[3]
    # The output as its own lines, highlighted as the file's language, fenced past its own
    # backticks; the file in the heading is not repeated in a block.
    assert lines[5:] == ["````typescript", "router.get('/users', listUsers)", "```js",
                         "nested", "```", "````"]  # fmt: skip
    failed = ev.replace(kind=EventKind.TOOL, tool="Bash", tool_kind="shell",
                     input="npm test\n  --watch=false", output="", files=(), is_error=True,
                     extra={"exit_code": 2})  # fmt: skip
    text = eventlog.render(failed)
    assert "### 00:12:05 · Bash · npm test · failed (exit 2)" in text
    assert "```bash\nnpm test\n  --watch=false\n```" in text
    assert eventlog.parse(text) == [failed]


def test_heading_cuts_at_a_word_and_shows_local_time() -> None:
    ev = Event(id="x", ts="2026-11-29T23:59:59.5Z", agent="codex", session_id="s",
               kind=EventKind.PROMPT, prompt="please " * 30)  # fmt: skip
    head = eventlog.heading(ev)
    assert head.startswith("### 07:59:59 · prompt · please please")
    assert head.endswith("please…") and len(head) < 110


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
    assert heading.startswith("### 00:12:05 · Bash · ")
    assert "`" not in heading and "[[" not in heading and "\n" not in heading
    assert len(heading) < 120
    said = "我的 token 是 [REDACTED:github-token] 谢谢"
    redacted = Event(id="b", ts="2026-11-29T16:12:05Z", agent="codex", session_id="s",
                     kind=EventKind.PROMPT, prompt=said)  # fmt: skip
    assert eventlog.heading(redacted).endswith(" · 我的 token 是 REDACTED:github-token 谢谢")
    said = "Feed written by `make site`. Checked `.rows[0]`."
    told = Event(id="c", ts="2026-11-29T16:12:05Z", agent="codex", session_id="s",
                 kind=EventKind.TURN_END, message=said)  # fmt: skip
    assert eventlog.heading(told).endswith(" · Feed written by make site. Checked .rows 0 .")


def test_heading_shows_a_project_file_relative_to_the_project() -> None:
    ev = Event(id="a", ts="2026-11-29T16:12:05Z", agent="claude-code", session_id="s",
               kind=EventKind.TOOL, tool="Edit", tool_kind="edit", cwd="/home/me/proj/src",
               project="/home/me/proj", input="/home/me/proj/src/parser.py",
               files=("/home/me/proj/src/parser.py",))  # fmt: skip
    assert eventlog.heading(ev) == "### 00:12:05 · Edit · src/parser.py · ok"
    # the data keeps the agent's absolute path: the heading is only what a person reads
    assert '"input":"/home/me/proj/src/parser.py"' in eventlog.render(ev)
    elsewhere = Event(id="b", ts="2026-11-29T16:12:05Z", agent="codex", session_id="s",
                      kind=EventKind.TOOL, tool="Read", tool_kind="read", cwd="/home/me/proj",
                      project="/home/me/proj", input="/home/me/projx/notes.md")  # fmt: skip
    assert eventlog.heading(elsewhere).endswith("· Read · /home/me/projx/notes.md · ok")


def test_heading_names_the_files_a_patch_changed() -> None:
    def patch(summary: str) -> Event:
        return Event(id="a", ts="2026-11-29T16:12:05Z", agent="codex", session_id="s",
                     kind=EventKind.TOOL, tool="apply_patch", tool_kind="edit",
                     cwd="/home/me/proj", project="/home/me/proj", input=summary)  # fmt: skip

    one = patch("patch: 1 files, +1 -1 lines\nsrc/parser.py\n- return text.split()")
    assert eventlog.heading(one) == "### 00:12:05 · apply_patch · src/parser.py (+1 -1) · ok"
    many = patch("patch: 4 files, +40 -12 lines\n/home/me/proj/src/a.py\nsrc/b.py\nc.py\nd.py")
    assert eventlog.heading(many).endswith("· src/a.py, src/b.py and 2 more (+40 -12) · ok")
    # the summary itself is kept whole as the event's block
    assert "patch: 4 files, +40 -12 lines\n/home/me/proj/src/a.py" in eventlog.render(many)
    plain = patch("patch notes for the release")
    assert eventlog.heading(plain).endswith("· apply_patch · patch notes for the release · ok")
