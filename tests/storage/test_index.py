"""The index on its own: schema and migrations, writes, reads, damage and the file swap."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from vaultsync.core.model import Level, NoteType, Scope
from vaultsync.storage import index as index_mod
from vaultsync.storage import recall_rows
from vaultsync.storage.index import (
    MIGRATIONS,
    SCHEMA_VERSION,
    Index,
    IndexCorrupt,
    IndexSchemaError,
    SearchFilter,
)
from vaultsync.storage.index_file import install
from vaultsync.storage.index_rows import EventRow, NoteRow, prepare

MARK = ("[", "]")


def row(rel: str, body: str = "plain body", **over: object) -> NoteRow:
    base = NoteRow(
        rel=rel,
        type="note",
        title=Path(rel).stem,
        agent="",
        session_id="",
        project="",
        level="",
        scope="",
        status="",
        created="",
        updated="",
        priority=0,
        mtime_ns=1,
        size=len(body),
        sha256="h-" + rel,
        props="{}",
        body=body,
        warning=None,
        keywords=Path(rel).stem,
        search_body=body,
    )
    return replace(base, **over)  # type: ignore[arg-type]


def event(seq: int, text: str, **over: object) -> EventRow:
    base = EventRow(
        seq=seq,
        event_id=f"ev{seq}",
        ts=f"2026-11-2{seq}T10:00:00Z",
        kind="tool",
        tool="Bash",
        agent="codex",
        session_id="s1",
        project="/work/api",
        heading=f"10:00:0{seq} · tool · Bash",
        text=text,
    )
    return replace(base, **over)  # type: ignore[arg-type]


@pytest.fixture
def idx(tmp_path: Path) -> Index:
    opened = Index.open(tmp_path / "state" / "index.sqlite")
    yield opened
    opened.close()


def test_open_creates_schema_and_reopens(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "index.sqlite"
    with Index.open(path) as first:
        assert first.schema_version() == SCHEMA_VERSION
        mode = first.conn.execute("PRAGMA journal_mode").fetchone()[0]
        assert mode == "wal"
    with Index.open(path) as again:
        assert again.schema_version() == SCHEMA_VERSION
        assert again.counts() == (0, 0)


def test_migrations_apply_in_order_from_an_old_version(tmp_path: Path) -> None:
    path = tmp_path / "index.sqlite"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT)")
    for statement in MIGRATIONS[0]:
        conn.execute(statement)
    conn.execute("INSERT INTO meta VALUES('schema_version', '1')")
    conn.commit()
    conn.close()
    with Index.open(path) as upgraded:
        assert upgraded.schema_version() == SCHEMA_VERSION
        upgraded.apply(upserts=[row("a.md", "upgraded fine")])
        assert upgraded.search('"upgraded"', SearchFilter(), mark=MARK)[0].rel == "a.md"


def test_the_about_column_migration_keeps_search_and_asks_for_a_reindex(tmp_path: Path) -> None:
    path = tmp_path / "index.sqlite"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT)")
    for step in MIGRATIONS[:5]:  # the schema before the `about` column
        for statement in step:
            conn.execute(statement)
    conn.execute("INSERT INTO meta VALUES('schema_version', '5')")
    conn.execute(
        "INSERT INTO notes VALUES(1, 'a.md', 'note', 'a', '', '', '', '', '', '', '', '', 0,"
        " 7, 9, 'abc', '{}', 'kept words', NULL)"
    )
    conn.execute("INSERT INTO fts(rowid, title, keywords, body) VALUES(1, 'a', 'a', 'kept words')")
    conn.commit()
    conn.close()
    with Index.open(path) as upgraded:
        assert upgraded.schema_version() == SCHEMA_VERSION
        assert upgraded.search('"kept"', SearchFilter(), mark=MARK)[0].rel == "a.md"
        # stat and hash cleared: the next reconcile reads the file again and fills `about`
        assert upgraded.stats()["a.md"] == (-1, 9, "")
        cols = [r[1] for r in upgraded.conn.execute("PRAGMA table_info(fts)")]
        assert cols == ["title", "keywords", "body", "about"]


def test_the_event_text_migration_moves_it_to_about_and_reads_the_same(tmp_path: Path) -> None:
    path = tmp_path / "index.sqlite"
    with Index.open(path) as idx:
        session = row("sessions/s.md", "", type="session", session_id="s1")
        idx.apply(upserts=[replace(session, events=(event(1, "kubectl rollout restart"),))])
        eid = idx.conn.execute("SELECT id FROM events").fetchone()[0]
        moved = recall_rows.texts(idx, [eid])
        # the layout before the step: the event's text in the body column
        idx.conn.execute("UPDATE fts SET body = about, about = '' WHERE rowid = ?", (eid,))
        before = recall_rows.texts(idx, [eid])
        # (the step is the eighth; the steps after it run as well)
        idx.conn.execute("DROP INDEX IF EXISTS notes_supersedes")
        idx.conn.execute("UPDATE meta SET value = '7' WHERE key = 'schema_version'")
    with Index.open(path) as upgraded:
        cols = upgraded.conn.execute(
            "SELECT body, about FROM fts WHERE rowid = ?", (eid,)
        ).fetchone()
        assert cols == ("", "kubectl rollout restart")
        # the note's own row is left alone; the text reads the same (event vectors stay valid)
        filled = upgraded.conn.execute("SELECT count(*) FROM fts WHERE about != ''").fetchone()
        assert filled == (1,)
        assert recall_rows.texts(upgraded, [eid])[eid].strip() == before[eid].strip()
        assert moved == recall_rows.texts(upgraded, [eid])
        found = upgraded.search('"rollout"', SearchFilter(), mark=MARK)
        assert [h.rel for h in found] == ["sessions/s.md"] and "[rollout]" in found[0].snippet


def test_newer_schema_is_refused_with_a_fix(tmp_path: Path) -> None:
    path = tmp_path / "index.sqlite"
    with Index.open(path) as idx:
        idx.conn.execute("UPDATE meta SET value='999' WHERE key='schema_version'")
    with pytest.raises(IndexSchemaError, match="newer vaultsync"):
        Index.open(path)


def test_damaged_file_is_reported_as_corrupt(tmp_path: Path) -> None:
    path = tmp_path / "index.sqlite"
    path.write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(IndexCorrupt, match="vaultsync rebuild"):
        Index.open(path)


def test_upsert_replaces_note_and_its_events(idx: Index) -> None:
    session = row("s.md", type="session", events=(event(0, "npm test passed"), event(1, "ls")))
    idx.apply(upserts=[session, row("n.md")])
    assert idx.counts() == (2, 2)
    idx.apply(upserts=[replace(session, events=(event(0, "cargo build"),), sha256="x")])
    assert idx.counts() == (2, 1)
    assert idx.search('"npm"', SearchFilter(), mark=MARK) == []
    hit = idx.search('"cargo"', SearchFilter(), mark=MARK)[0]
    assert (hit.rel, hit.type, hit.event_id) == ("s.md", "event", "ev0")
    assert idx.dump()["orphans"] == [(0,)]


def test_delete_removes_every_trace(idx: Index) -> None:
    idx.apply(upserts=[row("s.md", "alpha", events=(event(0, "beta"),))])
    idx.apply(deletes=["s.md", "never-indexed.md"])
    assert idx.counts() == (0, 0)
    assert idx.conn.execute("SELECT COUNT(*) FROM fts").fetchone()[0] == 0


def test_touch_updates_only_the_stat(idx: Index) -> None:
    idx.apply(upserts=[row("a.md", racy=True)])
    assert idx.racy() == {"a.md"}
    idx.apply(touches=[("a.md", 99, 7, False)])
    assert idx.stats()["a.md"] == (99, 7, "h-a.md")
    assert idx.racy() == set()


def test_apply_is_all_or_nothing(idx: Index) -> None:
    idx.apply(upserts=[row("keep.md")])

    def broken():
        yield row("new.md")
        raise RuntimeError("reader died")

    with pytest.raises(RuntimeError):
        idx.apply(upserts=broken(), deletes=["keep.md"])
    assert set(idx.stats()) == {"keep.md"}


def test_lone_surrogates_are_stored_replaced(idx: Index) -> None:
    # Only escapes can carry lone surrogates: JSON in an event block, YAML in the frontmatter
    # (whose props are stored as ASCII JSON, so the escape shows there too).
    body = 'input: "bad \\ud800 text"'
    props = '{"title": "t\\udfff"}'
    dirty = row("s.md", body, events=(event(0, "bad \ud800 text"),), title="t\udfff", props=props)
    idx.apply(upserts=[dirty])
    assert idx.counts() == (1, 1)
    assert idx.get("s.md").title == "t\ufffd"
    (hit,) = idx.search('"bad"', SearchFilter(types=frozenset({"event"})), mark=MARK)
    assert hit.snippet == "[bad] \ufffd text"


def test_notes_filters_and_order(idx: Index) -> None:
    idx.apply(
        upserts=[
            row("memories/a.md", type="memory", level="L3", scope="user", updated="2026-01-02",
                props='{"level": "L3"}'),
            row("memories/b.md", type="memory", level="L2", scope="project", project="/p",
                updated="2026-01-03", priority=5),
            row("summaries/c.md", type="summary", updated="2026-01-01", agent="codex"),
        ]
    )  # fmt: skip
    mems = idx.notes(type=NoteType.MEMORY)
    assert [n.rel for n in mems] == ["memories/b.md", "memories/a.md"]
    assert mems[1].level is Level.L3 and mems[1].scope is Scope.USER
    assert mems[1].props == {"level": "L3"}
    assert [n.rel for n in idx.notes(level="L2")] == ["memories/b.md"]
    assert [n.rel for n in idx.notes(level=Level.L3, scope="user")] == ["memories/a.md"]
    assert [n.rel for n in idx.notes(agent="codex")] == ["summaries/c.md"]
    assert [n.rel for n in idx.notes(order="updated_asc", limit=1)] == ["summaries/c.md"]
    assert idx.notes(project="/p")[0].priority == 5
    with pytest.raises(ValueError, match="unknown order"):
        idx.notes(order="sideways")


def test_search_ranks_titles_first_and_marks_snippets(idx: Index) -> None:
    idx.apply(
        upserts=[
            row("body.md", "the router has a bug in the router code, router router"),
            row("title.md", "nothing relevant", title="Router"),
        ]
    )
    hits = idx.search('"router"', SearchFilter(), mark=MARK)
    assert [h.rel for h in hits] == ["title.md", "body.md"]
    assert "[router]" in hits[1].snippet


def test_search_filters(idx: Index) -> None:
    idx.apply(
        upserts=[
            row("m.md", "deploy steps", type="memory", level="L2", project="/work/api/sub",
                updated="2026-11-20T00:00:00Z"),
            row("n.md", "deploy notes", project="/work/apiary"),
            row("s.md", "log", type="session", agent="claude-code", project="/work/api",
                events=(event(0, "deploy now", agent=""),)),
        ]
    )  # fmt: skip

    def rels(**kw: object) -> list[str]:
        found = idx.search('"deploy"', SearchFilter(**kw), mark=MARK)  # type: ignore[arg-type]
        return sorted(f"{h.rel}:{h.type}" for h in found)

    assert rels() == ["m.md:memory", "n.md:note", "s.md:event"]
    assert rels(types=frozenset({"event"})) == ["s.md:event"]
    assert rels(types=frozenset({"memory", "note"})) == ["m.md:memory", "n.md:note"]
    assert rels(level=Level.L2) == ["m.md:memory"]
    assert rels(project="/work/api") == ["m.md:memory", "s.md:event"]
    assert rels(project="/work/api/") == ["m.md:memory", "s.md:event"]
    # an event without its own agent takes its session's
    assert rels(agent="claude-code") == ["s.md:event"]
    assert rels(since="2026-11-20") == ["m.md:memory", "s.md:event"]
    assert rels(since="2026-11-21") == []


def test_dump_ignores_insertion_order(tmp_path: Path) -> None:
    rows = [row(f"n{i}.md", f"text {i}", events=(event(0, f"e {i}"),)) for i in range(5)]
    with Index.open(tmp_path / "a.sqlite") as a, Index.open(tmp_path / "b.sqlite") as b:
        a.apply(upserts=rows)
        b.apply(upserts=rows[::-1])
        b.apply(deletes=["n2.md"])
        b.apply(upserts=[rows[2]])
        assert a.dump() == b.dump()
        b.apply(upserts=[replace(rows[3], title="changed")])
        assert a.dump() != b.dump()


def _build(path: Path, rels: list[str]) -> None:
    with Index.open(path, bulk=True) as fresh:
        half = len(rels) // 2  # two batches: ids must continue across them
        fresh.bulk_load(
            [prepare([row(r) for r in rels[:half]]), prepare([row(r) for r in rels[half:]])]
        )


def test_install_swaps_in_a_new_file(tmp_path: Path) -> None:
    target = tmp_path / "index.sqlite"
    with Index.open(target) as old:
        old.apply(upserts=[row("old.md")])
    built = tmp_path / "built.sqlite"
    _build(built, ["new.md", "second.md", "third.md"])
    install(built, target)
    assert not built.exists()
    assert not Path(str(target) + "-wal").exists()
    with Index.open(target) as now:
        assert set(now.stats()) == {"new.md", "second.md", "third.md"}
        assert now.dump()["orphans"] == [(0,)]


def test_install_while_another_connection_holds_the_index(tmp_path: Path) -> None:
    target = tmp_path / "index.sqlite"
    reader = Index.open(target)
    reader.apply(upserts=[row("old.md")])
    try:
        built = tmp_path / "built.sqlite"
        _build(built, ["new.md", "other.md"])
        install(built, target)  # copied in through the backup API
        assert set(reader.stats()) == {"new.md", "other.md"}
    finally:
        reader.close()
    with Index.open(target) as now:
        assert set(now.stats()) == {"new.md", "other.md"}


def test_install_over_a_damaged_file(tmp_path: Path) -> None:
    target = tmp_path / "index.sqlite"
    target.write_bytes(b"garbage" * 1000)
    Path(str(target) + "-wal").write_bytes(b"stale log")
    built = tmp_path / "built.sqlite"
    _build(built, ["fresh.md"])
    install(built, target)
    assert not Path(str(target) + "-wal").exists()
    with Index.open(target) as now:
        assert set(now.stats()) == {"fresh.md"}


def test_busy_index_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "index.sqlite"
    with Index.open(path) as idx:
        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        idx.conn.execute("PRAGMA busy_timeout=10")
        try:
            with pytest.raises(index_mod.IndexBusy, match="busy"):
                idx.apply(upserts=[row("a.md")])
        finally:
            holder.execute("ROLLBACK")
            holder.close()


def test_reads_limited_to_given_rels(idx: Index) -> None:
    idx.apply(upserts=[row(f"n{i}.md", racy=i % 2 == 0) for i in range(1200)])
    assert set(idx.stats(["n3.md", "n999.md", "missing.md"])) == {"n3.md", "n999.md"}
    assert idx.types(["n5.md"]) == {"n5.md": ("note", "")}
    assert idx.racy(["n2.md", "n3.md"]) == {"n2.md"}
    assert len(idx.stats([f"n{i}.md" for i in range(1100)])) == 1100  # more than one chunk
    assert len(idx.stats()) == 1200


def test_a_sessions_notes_are_found_by_session_id_without_a_scan(idx: Index) -> None:
    # hybrid search reads one row per session only the vectors found (vectors.candidates_for)
    plan = idx.conn.execute(
        "EXPLAIN QUERY PLAN SELECT id FROM notes WHERE session_id = ?"
        " ORDER BY type = 'summary' DESC, updated DESC LIMIT 1",
        ("s1",),
    ).fetchall()
    assert any("notes_session" in str(step[-1]) for step in plan), plan


def test_a_sessions_newest_summary_is_found(idx: Index) -> None:
    idx.apply(
        upserts=[
            row("sessions/s1.md", type="session", session_id="s1"),
            row("summaries/old.md", type="summary", session_id="s1", updated="2026-11-01"),
            row("summaries/new.md", type="summary", session_id="s1", updated="2026-11-02"),
            row("summaries/other.md", type="summary", session_id="s2", updated="2026-11-03"),
            row("notes/n.md", session_id="s3"),
        ]
    )
    assert recall_rows.summary_of(idx, "s1") == "summaries/new.md"
    assert recall_rows.summary_of(idx, "s3") is None
    assert recall_rows.summary_of(idx, "nope") is None


def test_the_summary_lookup_seeks_the_session_instead_of_walking_every_summary(
    idx: Index,
) -> None:
    # with `type = 'summary'` SQLite chose notes_type and walked every summary: 16 ms a hit at
    # 100k notes, once per session result
    traced: list[str] = []
    idx.conn.set_trace_callback(traced.append)
    recall_rows.summary_of(idx, "s1")
    idx.conn.set_trace_callback(None)
    plan = idx.conn.execute("EXPLAIN QUERY PLAN " + traced[-1]).fetchall()
    assert any("notes_session" in str(step[-1]) for step in plan), plan
    assert not any("notes_type" in str(step[-1]) for step in plan), plan


def test_a_sessions_notes_of_one_type_are_read_by_seeking_the_session(idx: Index) -> None:
    idx.apply(
        upserts=[
            row("summaries/a.md", type="summary", session_id="s1"),
            row("summaries/b.md", type="summary", session_id="s2"),
            row("sessions/s1.md", type="session", session_id="s1"),
        ]
    )
    found = idx.notes(type="summary", session_id="s1")
    assert [n.rel for n in found] == ["summaries/a.md"]
    traced: list[str] = []
    idx.conn.set_trace_callback(traced.append)
    idx.notes(type="summary", session_id="s1")
    idx.conn.set_trace_callback(None)
    plan = idx.conn.execute("EXPLAIN QUERY PLAN " + traced[-1]).fetchall()
    assert any("notes_session" in str(step[-1]) for step in plan), plan
