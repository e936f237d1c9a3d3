"""The recall engine's CJK fallback: a question that finds nothing clear in its own words is
asked once more with the Chinese and Japanese words of its terms (engine.CJK_FALLBACK)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vaultsync.core.config import load_config
from vaultsync.core.properties import render_frontmatter
from vaultsync.services.derived.reconcile import rebuild
from vaultsync.services.recall import engine
from vaultsync.services.recall.engine import recall

DAY = "2026-11-20T09:00:00Z"
DECIDED_ZH = "# 数据库决定\n\n我们决定使用 PostgreSQL 15，连接池用 pgbouncer。\n"
DECIDED_EN = "# Database decision\n\nWe decided on PostgreSQL 15, pooled through pgbouncer.\n"
GARDEN = "# Garden\n\nTomatoes need water every evening.\n"


def put(vault: Path, rel: str, body: str) -> None:
    target = vault / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    props = {"type": "note", "created": DAY, "updated": DAY}
    target.write_text(render_frontmatter(props) + body, encoding="utf-8")


def ask(vault: Path, question: str) -> engine.Recall:
    return recall(vault, load_config(vault), question, semantic=False)


def test_an_english_question_finds_the_decision_written_in_chinese(
    vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    put(vault, "notes/db.md", DECIDED_ZH)
    put(vault, "notes/garden.md", GARDEN)
    rebuild(vault, load_config(vault))
    found = ask(vault, "what database did we decide on?")
    assert [h.rel for h in found.hits] == ["notes/db.md"] and not found.abstain
    assert "«数据»" in found.hits[0].snippet  # the words it was found by are marked
    monkeypatch.setattr(engine, "CJK_FALLBACK", False)
    assert ask(vault, "what database did we decide on?").hits == ()  # as it was


def test_a_translated_vault_answers_an_english_question_in_english_only(vault: Path) -> None:
    # The English copy answers clearly: the fallback never runs, the Chinese copy stays out.
    put(vault, "notes/db.md", DECIDED_EN)
    put(vault, "notes/db-zh.md", DECIDED_ZH)
    rebuild(vault, load_config(vault))
    found = ask(vault, "what database did we decide on?")
    assert [h.rel for h in found.hits] == ["notes/db.md"] and not found.abstain


def test_a_question_about_nothing_the_vault_holds_stays_unanswered(vault: Path) -> None:
    put(vault, "notes/db.md", DECIDED_ZH)
    rebuild(vault, load_config(vault))
    found = ask(vault, "how do we water the tomatoes?")
    assert found.hits == () or found.abstain


def test_a_japanese_question_reaches_a_chinese_note_through_the_shared_english_word(
    vault: Path,
) -> None:
    put(vault, "notes/db.md", DECIDED_ZH)
    put(vault, "notes/garden.md", GARDEN)
    rebuild(vault, load_config(vault))
    found = ask(vault, "データベースは何に決めた？")
    assert [h.rel for h in found.hits] == ["notes/db.md"]
