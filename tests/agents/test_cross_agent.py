"""The user's scenario (seeds/004) with Copilot CLI and OpenCode asking: a Claude Code session
fixed an API routing bug yesterday (its events through the installed hook launcher); a real
Copilot CLI or OpenCode session, on the fake model, then asks in Chinese which files that fix
changed. The answer reaches the model as the other agents get it: the prompt-time recall block
in the first request names the Claude Code session and both files, and the model's call to
vaultsync's MCP `search` returns them, saying they came from Claude Code.

Needs the recall that reads a question's time window, agent and intent in Chinese
(core/query/nlquery.py, core/hook/prompt_recall.py); the Hermes version of the same scenario is
tests/adapters/test_scenario_e2e.py."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from agentkit import sandbox
from fake_api import FakeModel

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "adapters"))
from scenariokit import FIX_SESSION, FIXED_FILES, QUESTION_ZH, claude_fixes_the_bug

MCP_SEARCH = {"copilot": "vaultsync-search", "opencode": "vaultsync_search"}


@pytest.mark.parametrize("agent", ["copilot", "opencode"])
def test_a_chinese_question_gets_the_claude_code_fix(agent: str, tmp_path: Path) -> None:
    with FakeModel("true", mcp_query=QUESTION_ZH) as fake:
        box = sandbox(agent, tmp_path)
        box.configure(fake.url)
        box.vaultsync("install", agent)
        project = tmp_path / "api"
        (project / ".git").mkdir(parents=True)
        launcher = Path(box.env["VAULTSYNC_HOME"]) / "bin" / "vaultsync-hook"
        claude_fixes_the_bug([str(launcher)], project, box.env)
        box.vaultsync("rebuild")
        box.run(QUESTION_ZH)
        turns = fake.model_requests()
    assert box.hook_errors() == ""
    assert turns, "the agent sent the model no request with tools"
    first = turns[0].text
    # Prompt-time recall, before the model answers: the Claude Code session and its files.
    assert f"claude-code session {FIX_SESSION[:8]}" in first, first[-3000:]
    for name in FIXED_FILES:
        assert name in first, name
    # The model's own search through vaultsync's MCP server finds the same.
    assert fake.mcp_tool == MCP_SEARCH[agent]
    answers = [text for r in turns for name, text in r.tool_results() if name == fake.mcp_tool]
    assert answers, [r.tool_results() for r in turns]
    assert "from claude-code" in answers[0]
    for name in FIXED_FILES:
        assert name in answers[0], (name, answers[0][:2000])
