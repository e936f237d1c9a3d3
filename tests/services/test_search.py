"""The query language, filters and ranked hits, against a real index of a small vault."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vaultsync.core import eventlog
from vaultsync.core.config import Config, load_config
from vaultsync.core.model import Event, EventKind
from vaultsync.core.properties import render_frontmatter
from vaultsync.services.derived.reconcile import rebuild
from vaultsync.services.recall.search import (
    MAX_TERMS,
    IndexMissing,
    SearchError,
    make_filter,
    parse_since,
    search,
    search_index,
    to_fts,
)
from vaultsync.storage.index import Index

NASTY = ['"', "*", "OR", "NOT", "AND", "(", ")", "^", ":", "-", "修", "🎉", "NEAR", "a", "+", "{",
         "}", "\x00", "\ud800", "col:", "^a", "NEAR(", "a*", "**"]  # fmt: skip
NOW = dt.datetime(2026, 11, 29, 12, 0, tzinfo=dt.UTC)


def put(vault: Path, rel: str, text: str) -> None:
    target = vault / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")


def note(body: str, **props: object) -> str:
    return (render_frontmatter(props) if props else "") + body


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A small vault and its index, built once for the module (read-only tests)."""
    root = tmp_path_factory.mktemp("search")
    vault = root / "vault"
    put(vault, "zh/路由.md", note("# 路由修复\n\n我们修复了路由的问题，现在数据库连接正常。\n"))
    put(vault, "zh/其他.md", note("修改了复制功能的说明。\n"))  # 修 and 复 but never 修复
    put(vault, "ja/同期.md", note("# 同期\n\nノートをデバイス間で同期する方法を説明します。\n"))
    put(vault, "en/router.md", note("# Router\n\nThe router timeout was fixed in the proxy.\n"))
    put(vault, "en/proxy.md", note("Notes about the proxy cache and the timeouts we saw.\n"))
    put(vault, "en/cafe.md", note("The café on the corner serves naïve coffee.\n"))
    put(vault, "memories/L3-core/pnpm.md", note(
        "The user prefers pnpm.\n", type="memory", level="L3", scope="user",
        agent="codex", project="/work/api", updated="2026-11-28T09:00:00Z",
    ))  # fmt: skip
    put(vault, "memories/L1-candidates/yarn.md", note(
        "Maybe yarn instead of pnpm.\n", type="memory", level="L1", scope="project",
        agent="claude-code", project="/work/web", updated="2026-10-01T09:00:00Z",
    ))  # fmt: skip
    events = [
        Event(id="e1", ts="2026-11-28T10:00:00Z", agent="claude-code", session_id="s1",
              kind=EventKind.TOOL, tool="Bash", input="pnpm install --frozen-lockfile",
              output="Done in 3.2s", project="/work/api"),
        Event(id="e2", ts="2026-11-28T10:05:00Z", agent="claude-code", session_id="s1",
              kind=EventKind.PROMPT, prompt="修复登录页面的样式", project="/work/api"),
    ]  # fmt: skip
    put(vault, "sessions/2026/11/s1.md", note(
        "# Session s1\n" + "".join(map(eventlog.render, events)),
        type="session", agent="claude-code", session_id="s1", project="/work/api",
        created="2026-11-28T10:00:00Z", status="pending",
    ))  # fmt: skip
    index_path = root / "index.sqlite"
    cfg = load_config(vault)
    rebuild(vault, Config(vault, index_path, cfg.data))
    return vault, index_path


def hits(built: tuple[Path, Path], query: str, **filters: object) -> list[str]:
    with Index.open(built[1]) as idx:
        where = make_filter(now=NOW, **filters)  # type: ignore[arg-type]
        return [h.path for h in search_index(idx, query, where, limit=50)]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("hello world", '"hello" "world"'),
        ('"exact phrase" OR foo*', '"exact phrase" OR "foo"*'),
        ("修复", '"修\u200b复"'),
        ("a AND NOT b", '"a" NOT "b"'),
        ("OR a OR", '"a"'),
        ("*", ""),
        ('"', ""),
        ("🎉", ""),
        ("(foo) col:val ^x", '"(foo)" "col:val" "^x"'),
        ('say "hi', '"say" "hi"'),
        ("or and not", '"or" "and" "not"'),
        ("nul\x00byte", '"nul" "byte"'),
    ],
)
def test_to_fts(query: str, expected: str) -> None:
    assert to_fts(query) == expected


def test_long_queries_are_capped() -> None:
    assert to_fts(" ".join(["w"] * 500)).count('"w"') == MAX_TERMS


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.text(max_size=80) | st.lists(st.sampled_from(NASTY), max_size=12).map(" ".join))
def test_no_query_raises(built: tuple[Path, Path], query: str) -> None:
    with Index.open(built[1]) as idx:
        search_index(idx, query)


def test_english_words_phrases_prefix_or_not(built: tuple[Path, Path]) -> None:
    assert hits(built, "router")[0] == "en/router.md"  # title weighted first
    assert hits(built, "router proxy") == ["en/router.md"]
    assert set(hits(built, "router OR cache")) == {"en/router.md", "en/proxy.md"}
    assert hits(built, "proxy NOT router") == ["en/proxy.md"]
    assert set(hits(built, "timeout*")) == {"en/router.md", "en/proxy.md"}
    assert hits(built, '"timeout was fixed"') == ["en/router.md"]
    assert hits(built, '"fixed was timeout"') == []
    assert hits(built, "cafe naive") == ["en/cafe.md"]  # diacritics folded


def test_chinese_word_inside_a_sentence(built: tuple[Path, Path]) -> None:
    assert hits(built, "修复", types=["note"]) == ["zh/路由.md"]  # not zh/其他.md (修…复 apart)
    assert hits(built, "数据库") == ["zh/路由.md"]
    assert hits(built, "路由的问题") == ["zh/路由.md"]
    assert set(hits(built, "修复")) == {"zh/路由.md", "sessions/2026/11/s1.md"}


def test_japanese_and_mixed_queries(built: tuple[Path, Path]) -> None:
    assert hits(built, "同期") == ["ja/同期.md"]
    assert hits(built, "デバイス") == ["ja/同期.md"]
    assert hits(built, "ノート 同期") == ["ja/同期.md"]


def test_events_are_hits_of_their_own(built: tuple[Path, Path]) -> None:
    with Index.open(built[1]) as idx:
        found = search_index(idx, "frozen lockfile", mark=("<", ">"))
    assert len(found) == 1
    hit = found[0]
    assert (hit.path, hit.type, hit.event_id, hit.ts) == (
        "sessions/2026/11/s1.md",
        "event",
        "e1",
        "2026-11-28T10:00:00Z",
    )
    assert hit.title.startswith("Session s1 › ") and "pnpm install" in hit.title
    assert "<frozen>" in hit.snippet and "<lockfile>" in hit.snippet
    data = hit.to_dict()
    assert {"path", "title", "type", "score", "snippet", "event_id", "ts"} <= set(data)
    # the session note's own text does not repeat its events
    assert hits(built, "lockfile", types=["session"]) == []


def test_cjk_snippets_read_naturally(built: tuple[Path, Path]) -> None:
    with Index.open(built[1]) as idx:
        (hit,) = search_index(idx, "数据库", mark=("[", "]"))
    assert "[数据库]" in hit.snippet and "\u200b" not in hit.snippet


def test_filters(built: tuple[Path, Path]) -> None:
    assert set(hits(built, "pnpm", types=["memory"])) == {
        "memories/L3-core/pnpm.md", "memories/L1-candidates/yarn.md"}  # fmt: skip
    assert hits(built, "pnpm", types=["event"]) == ["sessions/2026/11/s1.md"]
    assert hits(built, "pnpm", level="L3") == ["memories/L3-core/pnpm.md"]
    assert hits(built, "pnpm", level="3") == ["memories/L3-core/pnpm.md"]
    assert set(hits(built, "pnpm", agent="claude-code")) == {
        "memories/L1-candidates/yarn.md", "sessions/2026/11/s1.md"}  # fmt: skip
    everything = {
        "memories/L3-core/pnpm.md",
        "memories/L1-candidates/yarn.md",
        "sessions/2026/11/s1.md",
    }
    assert set(hits(built, "pnpm", project="/work")) == everything
    assert set(hits(built, "pnpm", project="/work/api")) == {
        "memories/L3-core/pnpm.md",
        "sessions/2026/11/s1.md",
    }
    assert hits(built, "pnpm", project="/work/ap") == []
    recent = hits(built, "pnpm", since="7d", types=["memory", "event"])
    assert set(recent) == {"memories/L3-core/pnpm.md", "sessions/2026/11/s1.md"}
    # a note without dates counts from its file's modification time
    assert hits(built, "router", since="7d") == ["en/router.md"]
    assert hits(built, "pnpm", since="2026-11-28T09:30:00Z", types=["memory", "event"]) == [
        "sessions/2026/11/s1.md"
    ]


def test_parse_since() -> None:
    assert parse_since("7d", NOW) == "2026-11-22T12:00:00"
    assert parse_since("12h", NOW) == "2026-11-29T00:00:00"
    assert parse_since("30m", NOW) == "2026-11-29T11:30:00"
    assert parse_since("2w", NOW) == "2026-11-15T12:00:00"
    assert parse_since("2026-05-01") == "2026-05-01"
    assert parse_since("2026-05-01T10:00:00+02:00") == "2026-05-01T08:00:00"
    with pytest.raises(SearchError, match="7d"):
        parse_since("last tuesday")


def test_bad_filters_are_named() -> None:
    with pytest.raises(SearchError, match="unknown type bogus"):
        make_filter(types=["bogus"])
    with pytest.raises(SearchError, match="unknown level"):
        make_filter(level="L9")


def test_search_service_needs_an_index_and_skips_vanished_files(vault: Path) -> None:
    cfg = load_config(vault)
    with pytest.raises(IndexMissing, match="vaultsync rebuild"):
        search(vault, cfg, "anything")
    put(vault, "a.md", "unique wombat text")
    put(vault, "b.md", "another wombat")
    rebuild(vault, cfg)
    assert {h.path for h in search(vault, cfg, "wombat")} == {"a.md", "b.md"}
    (vault / "a.md").unlink()
    assert [h.path for h in search(vault, cfg, "wombat")] == ["b.md"]
    assert search(vault, cfg, '" * ( ^') == []
    assert search(vault, cfg, "wombat", limit=0) == []
