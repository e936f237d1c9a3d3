"""Memory levels: the folder and the `level` property changed together, and aligned after a
person changed one of them in Obsidian (the watcher's path is in tests/adapters)."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

from memorykit import indexed_level, memory

from vaultsync.core.config import load_config
from vaultsync.core.model import Level
from vaultsync.services.derived import reconcile
from vaultsync.services.learning import levels
from vaultsync.storage.note import read_note

NOW = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)


def test_set_level_moves_and_rewrites_together(vault: Path) -> None:
    rel = memory(vault, "tabs", "Prefers tabs", extra={"reinforced": 4})
    target = levels.set_level(vault, rel, Level.L3, NOW)
    assert target == "memories/L3-core/tabs.md" and not (vault / rel).exists()
    props = read_note(vault, target).props
    assert (props["level"], props["status"], props["reviewed_reinforced"]) == ("L3", "core", 4)
    assert props["tags"] == ["vaultsync/memory", "memory/L3", "scope/user"]
    # Already in the folder: only the properties change.
    assert levels.set_level(vault, target, Level.L3, NOW) == target


def test_a_memory_outside_the_level_folders_is_left_alone(vault: Path) -> None:
    config = load_config(vault)
    loose = vault / "memories" / "loose.md"
    loose.write_text("---\ntype: memory\nlevel: L2\nscope: user\n---\n# Loose\n", "utf-8")
    reconcile.rebuild(vault, config)
    assert levels.align_levels(vault, config, ["memories/loose.md"]) == []


def test_align_levels_follows_what_the_person_changed(vault: Path) -> None:
    config = load_config(vault)
    edited = memory(vault, "edited", "Prefers dark themes")
    dragged = memory(vault, "dragged", "Uses fish shell")
    reconcile.rebuild(vault, config)

    # In Obsidian: one note's `level` property edited, the other dragged to L2-confirmed.
    text = (vault / edited).read_text().replace("level: L1", "level: L2")
    (vault / edited).write_text(text, encoding="utf-8")
    moved_to = "memories/L2-confirmed/dragged.md"
    os.rename(vault / dragged, vault / moved_to)

    report = levels.reconcile_with_levels(vault, config, [edited, dragged, moved_to])

    assert not (vault / edited).exists()
    assert read_note(vault, "memories/L2-confirmed/edited.md").props["status"] == "confirmed"
    assert read_note(vault, moved_to).props["level"] == "L2"
    assert {"memories/L2-confirmed/edited.md", moved_to} <= set(report.generated)
    assert indexed_level(vault, moved_to) == "L2"
    assert indexed_level(vault, "memories/L2-confirmed/edited.md") == "L2"
    user_md = (vault / "USER.md").read_text()
    assert "Prefers dark themes" in user_md and "Uses fish shell" in user_md
    # Aligned notes are left alone the next time round.
    assert levels.align_levels(vault, config) == []
