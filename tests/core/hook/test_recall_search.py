"""Prompt recall's search (core/hook/recall_search.py): which terms are searched, and the
index schema it reads."""

from __future__ import annotations

from typing import Any

from vaultsync.core.hook import recall_search


def _fts(rows: list[str]) -> Any:
    import sqlite3

    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE VIRTUAL TABLE fts USING fts5(title, keywords, body)")
    conn.executemany("INSERT INTO fts(title, keywords, body) VALUES ('', '', ?)",
                     [(r,) for r in rows])  # fmt: skip
    return conn


def test_common_terms_are_not_searched_in_a_big_index() -> None:
    rows = [f"router cache row{i}" + (" pnpm" if i % 500 == 0 else "") for i in range(3000)]
    conn = _fts(rows)
    # Every row has router and cache; pnpm is rare; workspac* matches nothing.
    rare, word, prefix = recall_search.RARE, recall_search.COMMON_WORD, recall_search.COMMON_PREFIX
    assert recall_search.common(conn, ["router", "cach*", "cache*", "pnpm", "workspac*"]) == [
        word, prefix, word, rare, rare]  # fmt: skip
    assert recall_search._expression(conn, ["router", "cach*", "pnpm", "workspac*"]) == (
        '"pnpm" OR "workspac"*'
    )
    # All common: the first two still searched, so the prompt is not lost.
    assert recall_search._expression(conn, ["router", "cach*", "row1*"]) == ('"router" OR "cach"*')
    # A small index searches every term.
    assert recall_search._expression(_fts(rows[:100]), ["router", "cach*", "pnpm"]) == (
        '"router" OR "cach"* OR "pnpm"'
    )
    # The CJK fallback's words are judged the same way (as the index holds them: segmented)
    from vaultsync.core.cjk_scan import segment

    cjk = _fts([segment("数据库 " + ("订单" if i % 500 == 0 else "")) for i in range(3000)])
    assert recall_search.common(cjk, ["数据库", "订单"]) == [word, rare]


def test_reads_the_schema_the_index_is_built_with() -> None:
    from vaultsync.storage.index_schema import SCHEMA_VERSION

    # A new index migration must be checked against this module's raw SQL, then this bumped.
    assert recall_search.READS_SCHEMA == SCHEMA_VERSION
