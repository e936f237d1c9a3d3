"""A session note a person moved or renamed in Obsidian keeps receiving its session's events:
the hook finds it by session id, not by the path it first wrote."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from vaultsync.core import eventlog, paths
from vaultsync.core.config import load_config
from vaultsync.core.hook import agents, capture
from vaultsync.services.derived import reconcile

T0 = dt.datetime(2026, 11, 29, 16, 12, 5, tzinfo=dt.UTC)


def tool(command: str, sid: str = "s1") -> dict[str, Any]:
    return {
        "session_id": sid, "hook_event_name": "PostToolUse", "cwd": "/w", "tool_name": "Bash",
        "tool_input": {"command": command}, "tool_response": {"stdout": f"{command} finished ok"},
    }  # fmt: skip


def hook(vault: Path, payload: dict[str, Any], minute: int) -> None:
    inc = agents.normalize("claude-code", payload)
    capture.handle(inc, vault, load_config(vault), T0 + dt.timedelta(minutes=minute))


def notes(vault: Path) -> list[Path]:
    return sorted((vault / paths.SESSIONS_DIR).rglob("*.md"))


def events(note: Path) -> list[str]:
    parsed, problems = eventlog.parse_all(note.read_text(encoding="utf-8"))
    assert problems == []
    return [e.input for e in parsed]


def test_a_renamed_session_note_keeps_receiving_events(vault: Path) -> None:
    hook(vault, tool("make build-release"), 0)
    [note] = notes(vault)
    renamed = note.with_name("Release work.md")
    note.rename(renamed)
    reconcile.reconcile(vault, load_config(vault))  # the watcher sees the rename
    hook(vault, tool("cargo test --workspace"), 1)
    assert notes(vault) == [renamed]
    assert len(events(renamed)) == 2


def test_a_session_note_moved_to_another_folder_is_found_without_the_index(vault: Path) -> None:
    hook(vault, tool("make build-release"), 0)
    [note] = notes(vault)
    moved = vault / paths.SESSIONS_DIR / "release" / note.name
    moved.parent.mkdir()
    note.rename(moved)  # no watcher ran: found by the name's session hash
    hook(vault, tool("cargo test --workspace"), 1)
    assert notes(vault) == [moved]
    assert len(events(moved)) == 2


def test_a_deleted_session_note_starts_again_at_its_path(vault: Path) -> None:
    hook(vault, tool("make build-release"), 0)
    [note] = notes(vault)
    note.unlink()
    hook(vault, tool("cargo test --workspace"), 1)
    assert notes(vault) == [note]
    assert len(events(note)) == 1
