"""Copilot CLI runs a trusted repository's Claude Code hooks too (a project-scope `vaultsync
install claude-code` writes .claude/settings.json): every event must be stored under the agent
that really sent it, Copilot, and once."""

from __future__ import annotations

import collections
import subprocess
from pathlib import Path

import pytest
from agentkit import sandbox
from fake_api import FakeModel

from vaultsync.core.model import EventKind


@pytest.mark.parametrize("copilot_installed", [True, False], ids=["copilot-too", "claude-only"])
def test_claude_hooks_run_by_copilot_are_copilots(copilot_installed: bool, tmp_path: Path) -> None:
    with FakeModel("ls /nonexistent-vaultsync-dir") as fake:
        box = sandbox("copilot", tmp_path)
        box.configure(fake.url)
        subprocess.run(["git", "init", "-q", str(box.work)], check=True, env=box.env)
        box.vaultsync("install", "claude-code", "--scope", "project", "--no-mcp")
        assert (box.work / ".claude" / "settings.json").exists()
        if copilot_installed:
            box.vaultsync("install", "copilot", "--no-mcp")
        # The folder is trusted for this run: only then does Copilot run repository hooks.
        box.env["COPILOT_ALLOW_ALL"] = "true"
        box.run()
    assert box.hook_errors() == ""
    events = box.events()
    assert events, "no event recorded"
    assert {e.agent for e in events} == {"copilot"}
    tools = [e for e in events if e.tool]
    assert len(tools) == 1 and tools[0].kind is EventKind.TOOL_ERROR  # once, as a failure
    counts = collections.Counter(e.kind for e in events)
    assert counts[EventKind.PROMPT] == 1 and counts[EventKind.SESSION_START] == 1, counts
