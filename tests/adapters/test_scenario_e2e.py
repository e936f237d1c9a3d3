"""The user's scenario end to end (seeds/004): a Claude Code session fixes a bug (events through
the real hook); a real `hermes chat` session, on a fake model on 127.0.0.1, then asks in Chinese
and in English which files the fix changed. The answer reaches the model through prompt-time
recall (the hook's pre_llm_call and the vaultsync memory provider) and through the provider's
search tool, and an MCP client gets it from `vaultsync mcp`'s `search`: each names the files and
the Claude Code session."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("agent.memory_provider")

from fake_chat import FakeChat
from scenariokit import (
    FIX_SESSION,
    FIXED_FILES,
    QUESTION_EN,
    QUESTION_ZH,
    claude_fixes_the_bug,
    hook_errors,
)

from vaultsync.services.agents.install import _write_launcher

HERMES = Path(sys.executable).parent / "hermes"
pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]


def _vaultsync(env: dict[str, str], *args: str) -> str:
    proc = subprocess.run([sys.executable, "-m", "vaultsync", *args], env=env,
                          capture_output=True, text=True, timeout=120)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


@pytest.fixture
def world(tmp_path: Path, vault: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    if not HERMES.exists():
        pytest.skip("hermes CLI not installed (pip install 'vaultsync[hermes-test]')")
    home = tmp_path / "userhome"
    (home / ".hermes").mkdir(parents=True)
    monkeypatch.setenv("VAULTSYNC_VAULT", str(vault))
    env = {
        "PATH": f"{Path(sys.executable).parent}:/usr/local/bin:/usr/bin:/bin",
        "HOME": str(home), "LANG": "C.UTF-8", "TERM": "dumb", "NO_COLOR": "1",
        "VAULTSYNC_HOME": os.environ["VAULTSYNC_HOME"], "VAULTSYNC_VAULT": str(vault),
        "VAULTSYNC_MACHINE": "testbox", "GIT_CONFIG_GLOBAL": os.environ["GIT_CONFIG_GLOBAL"],
        "GIT_CONFIG_NOSYSTEM": "1",
    }  # fmt: skip
    # Claude Code fixes the bug: its hook calls go through the installed launcher.
    project = tmp_path / "api"
    (project / ".git").mkdir(parents=True)
    claude_fixes_the_bug([str(_write_launcher(dry_run=False))], project)
    _vaultsync(env, "rebuild")
    return env


def _hermes(env: dict[str, str], fake: FakeChat, question: str, work: Path) -> str:
    config = Path(env["HOME"]) / ".hermes" / "config.yaml"
    text = config.read_text() if config.exists() else ""
    if "base_url" not in text:
        text = (
            "model:\n  provider: custom\n  base_url: URL\n  default: fake-model\n"
            f"  api_key: fake\nmemory:\n  provider: vaultsync\n{text}"
        )
    config.write_text(re.sub(r"(?m)^  base_url: .*$", f"  base_url: {fake.url}/v1", text))
    work.mkdir(exist_ok=True)
    proc = subprocess.run(
        [str(HERMES), "chat", "--accept-hooks", "--yolo", "-Q", "-q", question],
        env=env, cwd=work, capture_output=True, text=True, timeout=300,
        stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return proc.stdout


def test_hermes_finds_the_claude_fix_in_both_languages(
    world: dict[str, str], tmp_path: Path
) -> None:
    env = world
    out = _vaultsync(env, "install", "hermes")
    assert "memory provider" in out
    for n, question in enumerate((QUESTION_ZH, QUESTION_EN)):
        with FakeChat(tool="vaultsync_search", arguments={"query": question}) as fake:
            answer = _hermes(env, fake, question, tmp_path / f"work{n}")
            seen = fake.seen()
        # What the model was given before it answered: the recall block, naming the files
        # and the Claude Code session, and the provider's tool among its tools.
        assert f"claude-code session {FIX_SESSION[:8]}" in seen, question
        for name in FIXED_FILES:
            assert name in seen, (question, name)
        assert "vaultsync_search" in seen
        # The provider's search tool ran inside Hermes: its result came back to the model.
        tool_results = [m for r in fake.requests for m in r.get("messages", [])
                        if isinstance(m, dict) and m.get("role") == "tool"]  # fmt: skip
        assert tool_results and "routes.ts" in json.dumps(tool_results)
        assert "from claude-code" in json.dumps(tool_results)
        assert "Answer from the fake model." in answer
    assert hook_errors() == []


def test_an_mcp_client_gets_the_same_answer(world: dict[str, str], vault: Path) -> None:
    pytest.importorskip("mcp")
    import anyio
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    async def ask() -> list[dict]:
        params = StdioServerParameters(
            command=sys.executable, args=["-m", "vaultsync", "mcp", "--agent", "hermes"],
            env=world,
        )  # fmt: skip
        found = []
        with open(os.devnull, "w") as errlog:
            async with (
                stdio_client(params, errlog=errlog) as (read, write),
                ClientSession(read, write) as session,
            ):
                await session.initialize()
                for question in (QUESTION_ZH, QUESTION_EN):
                    result = await session.call_tool("search", {"query": question})
                    assert not result.is_error
                    found.append(result.structured_content)
        return found

    for answer in anyio.run(ask):
        top = answer["results"][0]
        assert top["agent"] == "claude-code" and top["session"] == FIX_SESSION[:8]
        assert top["from"].startswith("from claude-code, ")
        assert set(FIXED_FILES) <= set(top["files"])
    assert shutil.which(sys.executable)
