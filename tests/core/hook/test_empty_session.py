"""A session that ends before anything of it was recorded leaves no session note (an agent's
`mcp list` starts and ends one); a session that recorded something keeps its end."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any


def run(hook: list[str], payload: dict[str, Any]) -> None:
    proc = subprocess.run(
        [*hook, "--agent", "claude-code"], input=json.dumps(payload).encode(),
        capture_output=True, timeout=60, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr


def notes(vault: Path) -> list[str]:
    return sorted(p.read_text(encoding="utf-8") for p in (vault / "sessions").rglob("*.md"))


def test_an_end_with_nothing_before_it_leaves_no_note(
    vault: Path, hook: list[str], tmp_path: Path
) -> None:
    run(hook, {"session_id": "mcp-list", "cwd": str(tmp_path),
               "hook_event_name": "SessionEnd", "reason": "other"})  # fmt: skip
    assert notes(vault) == []


def test_an_end_after_a_start_is_recorded(vault: Path, hook: list[str], tmp_path: Path) -> None:
    base = {"session_id": "real", "cwd": str(tmp_path)}
    run(hook, {**base, "hook_event_name": "SessionStart", "source": "startup"})
    run(hook, {**base, "hook_event_name": "SessionEnd", "reason": "exit"})
    (note,) = notes(vault)
    assert "session start" in note and "session end" in note
