"""The merge rules on their own: three versions of a note in, one note out (no git)."""

from __future__ import annotations

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from vaultsync.core import eventlog, properties
from vaultsync.core.model import Event, EventKind
from vaultsync.services.vault import merge
from vaultsync.storage.note import parse_note

WHEN = dt.datetime(2026, 12, 1, 10, 45, tzinfo=dt.UTC)


def _event(n: int) -> Event:
    return Event(
        id=f"20261201T0000{n:02d}Z-{n:08x}",
        ts=f"2026-12-01T00:00:{n % 60:02d}.000000Z",
        agent="codex",
        session_id="s",
        kind=EventKind.TOOL,
        tool="Bash",
        input=f"echo {n}\n```\n### not a heading",
    )


def _session(status: str, events: list[int]) -> str:
    fm = properties.render_frontmatter({"type": "session", "status": status, "updated": "x"})
    return fm + "\n# codex session s\n" + "".join(eventlog.render(_event(n)) for n in events)


@settings(max_examples=60, deadline=None)
@given(
    base=st.lists(st.integers(0, 40), unique=True, max_size=6),
    ours_new=st.lists(st.integers(41, 70), unique=True, max_size=6),
    theirs_new=st.lists(st.integers(71, 99), unique=True, max_size=6),
)
def test_session_merge_keeps_every_event_exactly_once(
    base: list[int], ours_new: list[int], theirs_new: list[int]
) -> None:
    b = _session("active", base)
    o = _session("pending", base + ours_new)
    t = _session("summarized", base + theirs_new)
    merged = merge.merge_session(b, o, t)
    events, problems = eventlog.parse_all(merged)
    assert not problems
    ids = [e.id for e in events]
    assert sorted(ids) == sorted(_event(n).id for n in {*base, *ours_new, *theirs_new})
    assert parse_note("s.md", merged).props["status"] == "summarized"


def _memory(body: str, **props: object) -> str:
    fm = {"type": "memory", "level": "L1", "status": "candidate", "reinforced": 1}
    fm.update(props)
    return properties.render_frontmatter(fm) + f"\n# Fact\n\n{body}\n"


def test_memory_fields_merge_by_rule() -> None:
    base = _memory("x", tags=["a"], sources=["[[s1]]"], last_seen="2026-11-01")
    ours = _memory(
        "x", reinforced=3, tags=["a", "b"], sources=["[[s1]]", "[[s2]]"], last_seen="2026-11-05"
    )
    theirs = _memory(
        "x",
        reinforced=2,
        level="L2",
        status="confirmed",
        reviewed="2026-11-03",
        tags=["a", "c"],
        last_seen="2026-11-04",
    )
    text, both = merge.merge_memory(base, ours, theirs, label="origin main", when=WHEN)
    props = parse_note("m.md", text).props
    assert not both
    assert props["reinforced"] == 4
    assert str(props["last_seen"]) == "2026-11-05"
    assert props["level"] == "L2" and props["status"] == "confirmed"
    assert props["tags"] == ["a", "b", "c"]
    assert props["sources"] == ["[[s1]]", "[[s2]]"]


def test_memory_bodies_rewritten_on_both_sides_are_both_kept() -> None:
    base = _memory("old")
    text, both = merge.merge_memory(
        base, _memory("mine"), _memory("yours"), label="origin main", when=WHEN
    )
    assert both
    assert text.index("mine") < text.index("Edited on two machines") < text.index("yours")
    assert parse_note("m.md", text).props[merge.CONFLICT_PROP]
    # The box and the property say the same time, in the person's zone (+08:00 in tests).
    assert "(vaultsync sync, 2026-12-01 18:45)" in text
    assert str(parse_note("m.md", text).props[merge.CONFLICT_PROP]).startswith("2026-12-01T18:45")
    assert "<<<<<<<" not in text


def test_one_sided_body_edit_wins_without_a_marker() -> None:
    base = _memory("old")
    text, both = merge.merge_memory(
        base, _memory("old", reinforced=2), _memory("new"), label="o", when=WHEN
    )
    assert not both and "new" in text and "Edited on two machines" not in text


def test_resolve_by_kind() -> None:
    def res(rel: str, b: str | None, o: str | None, t: str | None) -> merge.Resolution:
        enc = [x.encode() if x is not None else None for x in (b, o, t)]
        return merge.resolve(rel, *enc, label="origin main", when=WHEN)

    assert res("USER.md", "a", "b", "c").data == b"b"  # regenerated afterwards
    kept = res("memories/L2-confirmed/x.md", _memory("a"), None, _memory("b"))
    assert kept.data == _memory("b").encode()  # delete vs edit: the edit
    own = res("ideas.md", "# a\n", "# mine\n", "# yours\n")
    assert own.data == b"# mine\n" and own.copy is not None
    # 10:45 UTC is 18:45 in the tests' zone (+08:00): names show the person's time.
    assert own.copy == ("ideas (Conflicted copy origin main 202612011845).md", b"# yours\n")
    binary = res("img/pic.png", None, "\x00a", "\x00b")
    assert binary.copy is not None and binary.copy[0].endswith(").png")
