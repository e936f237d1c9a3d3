"""Archiving: notes move to archive/<date>/, never away; budgets and old session logs."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from sessionkit import NOW, date_fix_session, make_session

from vaultsync.core import paths, properties, schema, writer
from vaultsync.core.config import load_config
from vaultsync.core.model import Level, Scope, SessionStatus
from vaultsync.core.text import estimate_tokens
from vaultsync.services.learning import archive, learn
from vaultsync.storage.note import read_note

DAY = NOW.date().isoformat()


def _memory(vault: Path, level: Level, scope: Scope, i: int, text: str, priority: int = 0) -> str:
    rel = f"{paths.LEVEL_DIRS[level]}/m{i:03d}.md"
    props = schema.memory_props(
        level=level,
        scope=scope,
        agent="codex",
        session_id="s",
        project="",
        created=f"2026-11-{1 + i % 27:02d}T09:00:00Z",
        source_rel="summaries/x.md",
        priority=priority,
    )
    path = vault / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        properties.render_frontmatter(props) + f"\n# {text}\n\n{text}\n", encoding="utf-8"
    )
    return rel


def test_move_keeps_the_path_under_a_dated_folder(vault: Path) -> None:
    rel = _memory(vault, Level.L2, Scope.USER, 1, "Prefers tabs")
    before = (vault / rel).read_text(encoding="utf-8")
    move = archive.move_note(vault, rel, "over the USER.md budget", NOW)
    assert move.target == f"archive/{DAY}/{rel}"
    assert not (vault / rel).exists()
    after = (vault / move.target).read_text(encoding="utf-8")
    assert 'archived: "2026-11-29"' in after and "archived_reason: over the USER.md budget" in after
    assert after.endswith(before.split("---\n", 2)[2])  # the body is untouched
    # archived again the same day (a person moved it back): a numbered name, nothing replaced
    (vault / rel).write_text(before, encoding="utf-8")
    second = archive.move_note(vault, rel, "again", NOW)
    assert second.target == f"archive/{DAY}/memories/L2-confirmed/m001 (2).md"
    assert (vault / move.target).exists()


def test_writer_move_never_replaces(tmp_path: Path) -> None:
    a, b = tmp_path / "a.md", tmp_path / "b.md"
    a.write_text("a", encoding="utf-8")
    b.write_text("b", encoding="utf-8")
    with pytest.raises(writer.WriteError, match="exists"):
        writer.move(a, b)
    assert a.read_text(encoding="utf-8") == "a" and b.read_text(encoding="utf-8") == "b"


def test_budget_overflow_moves_the_lowest_ranked_and_holds_core(vault: Path) -> None:
    (vault / ".vaultsync" / "config.toml").write_text("[budgets]\nuser_md_tokens = 160\n", "utf-8")
    core = _memory(
        vault, Level.L3, Scope.USER, 0, "Ana is a backend engineer who writes Go and Python.", 3
    )
    big = _memory(vault, Level.L3, Scope.USER, 1, "core " * 120, 0)
    confirmed = [
        _memory(
            vault, Level.L2, Scope.USER, 10 + i, f"Preference number {i} about writing style", i % 3
        )
        for i in range(12)
    ]
    agent_fact = _memory(vault, Level.L2, Scope.AGENT, 50, "jq lives in /usr/bin")
    config = load_config(vault)
    result = archive.archive_overflow(vault, config, NOW)
    moved = {m.source for m in result.moves}
    assert moved and moved <= set(confirmed)
    assert result.held == (big,)
    assert any("core (L3) memories do not fit" in w for w in result.warnings)
    assert (vault / core).exists() and (vault / big).exists() and (vault / agent_fact).exists()
    for m in result.moves:
        assert (vault / m.target).exists() and m.reason == "over the USER.md budget"
    # what stays fits: a second pass moves nothing more
    again = archive.archive_overflow(vault, config, NOW)
    assert again.moves == () and again.held == (big,)


def test_dry_run_moves_nothing(vault: Path) -> None:
    (vault / ".vaultsync" / "config.toml").write_text("[budgets]\nuser_md_tokens = 60\n", "utf-8")
    rels = [
        _memory(vault, Level.L2, Scope.USER, i, f"Fact number {i} about the person")
        for i in range(8)
    ]
    result = archive.archive_overflow(vault, load_config(vault), NOW, dry_run=True)
    assert result.moves and all((vault / rel).exists() for rel in rels)
    assert not (vault / "archive" / DAY).exists()


def test_old_summarised_sessions_move_and_their_summary_follows(vault: Path) -> None:
    old = make_session(
        vault, date_fix_session(), session_id="old", start=dt.datetime(2026, 9, 1, tzinfo=dt.UTC)
    )
    recent = make_session(
        vault, date_fix_session(), session_id="new", start=dt.datetime(2026, 11, 20, tzinfo=dt.UTC)
    )
    pending_old = make_session(
        vault, date_fix_session(), session_id="p", start=dt.datetime(2026, 9, 2, tzinfo=dt.UTC)
    )
    config = load_config(vault)
    report = learn.run(vault, config, offline=True, now=NOW)  # summarises all three ...
    assert len(report.summarized) == 3
    # ... and the two that started over 30 days ago are archived in the same run
    moved = {m["from"]: m["to"] for m in report.archived}
    assert set(moved) == {old, pending_old}
    assert recent not in moved and (vault / recent).exists()
    for rel, target in moved.items():
        assert target == f"archive/{DAY}/{rel}"
        session = read_note(vault, target)
        assert session.prop("archived_reason") == "summarised session older than 30 days"
        summary = read_note(vault, session.prop("summary")[2:-2] + ".md")
        assert summary.prop("session") == properties.link(target)
        assert properties.link(target) in summary.body


def test_a_pending_or_young_session_is_never_archived(vault: Path) -> None:
    rel = make_session(
        vault,
        date_fix_session(),
        start=dt.datetime(2026, 8, 1, tzinfo=dt.UTC),
        status=SessionStatus.PENDING,
    )
    assert archive.old_sessions(vault, 30, NOW) == []
    writer.rewrite(
        vault / rel,
        lambda t: properties.set_properties(t, {"status": "summarized"}),
        lock_file=vault.parent / "l.lock",
    )
    assert [r for r, _ in archive.old_sessions(vault, 30, NOW)] == [rel]
    assert archive.old_sessions(vault, 0, NOW) == []  # 0 turns it off
    assert archive.old_sessions(vault, 365, NOW) == []


def test_token_estimate_of_the_generated_file_stays_in_budget(vault: Path) -> None:
    (vault / ".vaultsync" / "config.toml").write_text("[budgets]\nagent_md_tokens = 120\n", "utf-8")
    for i in range(20):
        _memory(vault, Level.L2, Scope.AGENT, i, f"Tool {i} lives at /opt/tools/bin/tool{i}")
    archive.archive_overflow(vault, load_config(vault), NOW)
    from vaultsync.services.derived.generate import generate_from_vault

    generation = generate_from_vault(vault, load_config(vault), write=True)
    agent_md = (vault / "AGENT.md").read_text(encoding="utf-8")
    assert estimate_tokens(agent_md) <= 120
    assert generation.omitted("AGENT.md") == ()
