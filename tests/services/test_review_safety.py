"""Review through the vault boundary, idempotent after a half-finished step, and edits that keep
what a person wrote."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from vaultsync.core import paths, properties, schema, writer
from vaultsync.core.config import load_config
from vaultsync.core.model import Level, Scope
from vaultsync.services.learning import review
from vaultsync.storage.note import read_note

NOW = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)


def memory(vault: Path, name: str, text: str, level: Level = Level.L1, body: str = "") -> str:
    props = schema.memory_props(
        level=level, scope=Scope.USER, agent="claude-code", session_id="s-1",
        project="/p", created="2026-11-20T09:00:00Z", source_rel="summaries/x.md",
        status=schema.MEMORY_STATUS[level],
    )  # fmt: skip
    rel = f"{paths.LEVEL_DIRS[level]}/{name}.md"
    target = vault / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    text = properties.render_frontmatter(props) + f"\n# {text}\n\n{text}.\n" + body
    target.write_text(text, encoding="utf-8")
    return rel


# --- 9: paths outside the vault are refused, whatever the decision ----------------------------


@pytest.mark.parametrize("action", ["approve", "reject", "promote", "demote", "edit"])
def test_a_path_outside_the_vault_is_refused(vault: Path, tmp_path: Path, action: str) -> None:
    outside = tmp_path / "outside.md"
    original = "---\ntype: memory\nlevel: L1\nscope: user\n---\n# Not yours\n\ntext\n"
    outside.write_text(original, encoding="utf-8")
    there = sorted(p.name for p in tmp_path.iterdir())
    extra = {"text": "rewritten"} if action == "edit" else {}
    for ref in ("../outside.md", str(outside)):
        with pytest.raises(review.ReviewError, match=r"escapes the vault|no memory"):
            getattr(review, action)(vault, load_config(vault), ref, now=NOW, **extra)
    assert outside.read_text(encoding="utf-8") == original
    assert sorted(p.name for p in tmp_path.iterdir()) == there  # nothing written beside the vault


def test_a_symlinked_memory_is_not_reviewed(vault: Path, tmp_path: Path) -> None:
    outside = tmp_path / "target.md"
    outside.write_text("---\ntype: memory\nlevel: L1\nscope: user\n---\n# x\n", encoding="utf-8")
    link = vault / paths.LEVEL_DIRS[Level.L1] / "link.md"
    link.symlink_to(outside)
    with pytest.raises(review.ReviewError):
        review.approve(vault, load_config(vault), "memories/L1-candidates/link.md", now=NOW)
    assert "L1" in outside.read_text(encoding="utf-8")


# --- 13: a decision cut short is finished by its rerun, never made twice ------------------------


def test_approve_after_a_kill_between_move_and_rewrite_finishes(vault: Path) -> None:
    rel = memory(vault, "tabs", "Prefers tabs")
    half = f"{paths.LEVEL_DIRS[Level.L2]}/tabs.md"
    writer.move(vault / rel, vault / half)  # set_level moves first; the kill came here
    decision = review.approve(vault, load_config(vault), "tabs", now=NOW)
    assert decision.target == half and decision.level_to == "L2"
    note = read_note(vault, half)
    assert note.level is Level.L2 and note.status == schema.MEMORY_STATUS[Level.L2]


def test_demote_rerun_after_a_kill_demotes_once(vault: Path) -> None:
    rel = memory(vault, "core", "Uses fish shell", level=Level.L3)
    half = f"{paths.LEVEL_DIRS[Level.L2]}/core.md"
    writer.move(vault / rel, vault / half)
    decision = review.demote(vault, load_config(vault), "core", now=NOW)
    assert decision.target == half
    assert read_note(vault, half).level is Level.L2
    assert not (vault / paths.LEVEL_DIRS[Level.L1] / "core.md").exists()


# --- 15: edit replaces the fact, never the paragraphs a person wrote ----------------------------


def test_edit_keeps_the_paragraphs_a_person_wrote(vault: Path) -> None:
    mine = "\nWhy: the team's style guide says so.\n\n## Discussion\n\nAsked Mei on 2026-11-02.\n"
    rel = memory(vault, "tabs", "Prefers tabs", body=mine)
    review.edit(vault, load_config(vault), rel, "Prefers tabs, width 4", now=NOW)
    text = (vault / rel).read_text(encoding="utf-8")
    note = read_note(vault, rel)
    assert note.title == "Prefers tabs, width 4"
    assert "Prefers tabs, width 4\n" in note.body and "Prefers tabs.\n" not in note.body
    assert text.endswith(mine)
    assert properties.get_scalar(text, "edited") == "2026-11-29"
    review.edit(vault, load_config(vault), rel, "Prefers tabs, width 2", now=NOW)
    assert (vault / rel).read_text(encoding="utf-8").endswith(mine)
