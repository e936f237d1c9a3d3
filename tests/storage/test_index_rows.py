"""From note bytes to index rows: what is searchable where, and the batch layout."""

from __future__ import annotations

import hashlib

from hypothesis import given, settings
from hypothesis import strategies as st

from vaultsync.core import eventlog
from vaultsync.core import text as text_mod
from vaultsync.core.model import Event, EventKind
from vaultsync.core.properties import render_frontmatter
from vaultsync.storage.index_rows import about, note_row, prepare, split_about

SEP = "\u200b"


def _event(n: int, command: str) -> Event:
    return Event(
        id=f"id{n}", ts=f"2026-11-29T10:00:0{n}Z", agent="codex", session_id="s",
        kind=EventKind.TOOL, tool="Bash", input=command, output="ok",
    )  # fmt: skip


def test_session_note_events_are_rows_and_leave_the_body() -> None:
    head = render_frontmatter(
        {"type": "session", "agent": "codex", "session_id": "s", "status": "pending"}
    )
    text = head + "\n# Session s\n\nMy own remark.\n" + eventlog.render(_event(1, "npm test"))
    text += eventlog.render(_event(2, "cargo build"))
    raw = text.encode()
    row, warnings = note_row("sessions/s.md", raw, 5, len(raw))
    assert warnings == []
    assert (row.type, row.status, row.agent, row.sha256) == (
        "session", "pending", "codex", hashlib.sha256(raw).hexdigest())  # fmt: skip
    assert [e.event_id for e in row.events] == ["id1", "id2"]
    assert row.events[0].heading == "18:00:01 · Bash · npm test · ok"  # the person's zone
    assert "npm test" in row.events[0].text
    assert "My own remark." in row.search_body
    assert "npm" not in row.search_body and "vaultsync-event" not in row.search_body
    assert row.body.count("vaultsync-event") == 2  # the stored body is the note as written


def test_keywords_hold_file_name_aliases_and_declared_tags() -> None:
    head = render_frontmatter({"aliases": ["Router notes"], "tags": ["infra", "#net"]})
    row, _ = note_row("notes/router.md", (head + "Body #inline\n").encode(), 1, 1)
    assert row.keywords == "router Router notes infra net"
    row, _ = note_row("plain.MD", b"---\ntags: a, b\n---\nx", 1, 1)
    assert row.keywords == "plain a b"


def test_broken_frontmatter_and_event_blocks_are_warnings() -> None:
    raw = b"---\nlevel: [L2\n---\n```vaultsync-event\nid: oops\n```\n"
    row, warnings = note_row("memories/L2-confirmed/m.md", raw, 1, len(raw), racy=True)
    assert row.type == "memory" and row.racy and row.warning
    # Event blocks are read only in the hook's session notes.
    assert len(warnings) == 1 and not row.events
    raw = b"---\ntype: session\nsession_id: [s\n---\n```vaultsync-event\nid: oops\n```\n"
    row, warnings = note_row("sessions/s.md", raw, 1, len(raw), racy=True)
    assert row.type == "session" and row.racy and row.warning
    assert len(warnings) == 2 and "event block" in warnings[1]


def test_prepare_numbers_notes_and_events_in_one_rising_sequence() -> None:
    session = eventlog.render(_event(1, "修复路由")) + eventlog.render(_event(2, "ls"))
    session = render_frontmatter({"type": "session", "agent": "codex", "session_id": "s"}) + session
    rows = [
        note_row("a.md", b"alpha", 1, 5)[0],
        note_row("sessions/s.md", session.encode(), 1, 9, racy=True)[0],
        note_row("b.md", "数据库".encode(), 1, 9)[0],
    ]
    batch = prepare(rows)
    assert [n[0] for n in batch.notes] == [1, 2, 5]
    assert [(e[0], e[1]) for e in batch.events] == [(3, 2), (4, 2)]
    assert [f[0] for f in batch.fts] == [1, 2, 3, 4, 5] and batch.size == 5
    assert batch.racy == [("sessions/s.md",)]
    # CJK characters become separate tokens (a one-line note is all lead paragraph: `about`)
    assert batch.fts[-1][4] == f"数{SEP}据{SEP}库" and batch.fts[-1][3] == ""
    # an event's text is its `about` (it is all about what it says), its body column empty
    assert f"修{SEP}复" in batch.fts[2][4] and batch.fts[2][3] == ""


_ALPHABET = st.sampled_from(
    list("ab 1\t\n.,修复了路由\u3000\u3001ノート한국\uff01\U00020001\u200b")
)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=_ALPHABET, max_size=30) | st.text(max_size=30))
def test_segment_follows_the_boundary_rule(text: str) -> None:
    """core.text.segment computes per CJK run what this lookaround regex defines."""
    reference = text_mod._rx("_BOUNDARY").sub(SEP, text) if text_mod.has_cjk(text) else text
    assert text_mod.segment(text) == reference
    assert text_mod.unsegment(text_mod.segment(text)) == text.replace(
        SEP, ""
    ) or not text_mod.has_cjk(text)


def test_a_memory_dragged_to_another_level_folder_is_indexed_at_that_level() -> None:
    raw = (
        render_frontmatter({"type": "memory", "level": "L1", "scope": "user"}) + "# Fact\n"
    ).encode()
    row, _ = note_row("memories/L2-confirmed/fact.md", raw, 1, len(raw))
    assert row.level == "L2"
    row, _ = note_row("memories/fact-outside-level-folders.md", raw, 1, len(raw))
    assert row.level == "L1"


def test_the_index_keeps_date_times_in_utc_whatever_the_notes_offset() -> None:
    """Notes carry the person's offset (or an older form); the index sorts by one UTC key."""
    for created, updated in (
        ("2026-12-01T18:30:00+08:00", "2026-12-01T05:31:00-05:00"),
        ("2026-12-01T10:30:00Z", "2026-12-01T10:31:00"),
    ):
        head = render_frontmatter({"type": "memory", "created": created, "updated": updated})
        raw = (head + "\nA fact.\n").encode()
        row, _ = note_row("memories/L1-candidates/a.md", raw, 1, len(raw))
        assert (row.created, row.updated) == ("2026-12-01T10:30:00", "2026-12-01T10:31:00")


def test_headings_and_lead_paragraph_have_their_own_column() -> None:
    body = (
        "Obsidian lets you edit text\nin many places at once.\n\nSecond paragraph.\n"
        "```sh\n# not a heading\n```\n## Rectangular selection\ntext\n### Keys ##\n"
    )
    assert about(body) == [
        "Rectangular selection",
        "Keys",
        "Obsidian lets you edit text in many places at once.",
    ]
    assert about(body, headings=0, lead_chars=0) == []
    assert about("x" * 1000)[-1] == "x" * 300
    assert about("```\n# code\n```\n") == []
    row, _ = note_row("a.md", body.encode(), 1, 1)
    assert "Rectangular selection" in row.about
    fts = prepare([row]).fts[0]
    # (rowid, title, keywords, body, about): the aliases' column holds only the keywords
    assert fts[2] == "a" and "Rectangular" in fts[4] and "Second" not in fts[4]
    # moved out of the body, not copied (BM25 normalises by the whole row's length)
    assert "Rectangular" not in fts[3] and "edit text" not in fts[3] and "Second" in fts[3]
    assert row.keywords == "a"
    heads, rest = split_about("A " * 400 + "\n\nnext\n")
    assert len(heads[0]) <= 300 and rest.startswith("A A") and "next" in rest
    assert heads[0].split() + rest.split() == ("A " * 400 + " next").split()


def test_a_session_notes_headings_and_lead_are_left_to_its_events() -> None:
    head = render_frontmatter({"type": "session", "agent": "codex", "session_id": "s"})
    text = head + "\n# Session s\n\nMy own remark.\n" + eventlog.render(_event(1, "npm test"))
    row, _ = note_row("sessions/s.md", text.encode(), 1, 1)
    assert row.events and row.about == ""
