"""Uninstall after the agent's own config writer: each real CLI changes its own configuration
between `vaultsync install` and `vaultsync uninstall` (adds an MCP server, sets a key, or just
runs), the way a person uses it. Uninstall must still find vaultsync's entries by their content
and remove every one, keep what the agent and the person put there, and `mcp list` must show
the server before and not after."""

from __future__ import annotations

import json
import subprocess
import tomllib
from pathlib import Path

import pytest
import yaml
from agentkit import BIN, CLI, Sandbox, sandbox, tree
from fake_api import FakeModel

# The agent's own writer, as a person runs it, and how to read what it wrote.
WRITERS: dict[str, list[str]] = {
    "claude-code": ["mcp", "add", "-s", "user", "other", "--", "/bin/true"],
    "codex": ["mcp", "add", "other", "--", "/bin/true"],
    "gemini": ["mcp", "add", "-s", "user", "other", "/bin/true"],
    "hermes": ["config", "set", "memory.provider", "vaultsync"],
    "copilot": ["mcp", "add", "other", "--", "/bin/true"],
    # `opencode mcp add` only prompts; OpenCode rewrites opencode.json itself when it runs
    # (it adds its `$schema`), which `mcp list` does too.
    "opencode": ["mcp", "list"],
}
LISTED = {
    "claude-code": "vaultsync",
    "codex": "vaultsync",
    "gemini": "vaultsync",
    "hermes": "vaultsync",
    "copilot": "vaultsync",
    "opencode": "vaultsync",
}


def _cli(box: Sandbox, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**box.env, "GEMINI_CLI_TRUST_WORKSPACE": "true"}
    return subprocess.run(
        [str(BIN / CLI[box.agent]), *args], cwd=box.work, env=env, capture_output=True,
        text=True, timeout=180, stdin=subprocess.DEVNULL,
    )  # fmt: skip


def _configs(box: Sandbox) -> dict[str, object]:
    """Every configuration file of the agent's, parsed."""
    found: dict[str, object] = {}
    for path in box.home.rglob("*"):
        if not path.is_file() or "vaultsync-backup" in path.name:
            continue
        if path.name in (".claude.json", "settings.json", "hooks.json", "mcp-config.json",
                         "opencode.json", "vaultsync.json"):  # fmt: skip
            found[str(path.relative_to(box.home))] = json.loads(path.read_text("utf-8"))
        elif path.name == "config.toml":
            found[str(path.relative_to(box.home))] = tomllib.loads(path.read_text("utf-8"))
        elif path.name == "config.yaml":
            found[str(path.relative_to(box.home))] = yaml.safe_load(path.read_text("utf-8"))
    return found


@pytest.mark.parametrize("agent", list(WRITERS))
def test_uninstall_after_the_agents_own_writer(agent: str, tmp_path: Path) -> None:
    box = sandbox(agent, tmp_path)
    with FakeModel("true") as fake:
        box.configure(fake.url)
    before = tree(box.home)
    box.vaultsync("install", agent)
    listed = _cli(box, "mcp", "list")
    assert LISTED[agent] in listed.stdout + listed.stderr, listed.stdout + listed.stderr
    # Listing starts the server (Claude Code fires its SessionEnd hook too): no session note.
    assert sorted(p.name for p in (box.vault / "sessions").rglob("*.md")) == []
    wrote = _cli(box, *WRITERS[agent])
    assert wrote.returncode == 0, wrote.stdout + wrote.stderr
    assert "vaultsync" in json.dumps(_configs(box))  # still there after the agent's writer
    done = box.vaultsync("uninstall", agent)
    assert "nothing changed" not in done.stdout, done.stdout

    # Nothing of vaultsync's in any configuration; the agent's own change is kept.
    configs = _configs(box)
    text = json.dumps(configs)
    for word in ("vaultsync-hook", '/vaultsync"', "plugins/vaultsync", 'provider": "vaultsync'):
        assert word not in text, (word, text)
    if WRITERS[agent][:2] == ["mcp", "add"]:
        assert '"other"' in text, text
    assert "vaultsync" not in _cli(box, "mcp", "list").stdout
    status = box.vaultsync("status", "--json")
    assert json.loads(status.stdout)["hooks"][agent] is False
    # Files install created are gone, the person's are back by content.
    after = tree(box.home)
    leftovers = [rel for rel in after if "vaultsync" in rel and "mcp-logs-vaultsync" not in rel]
    assert leftovers == [], leftovers
    for rel in before:
        assert rel in after, f"{rel} is gone"
