"""`vaultsync install` registers `vaultsync mcp` in each agent's own MCP configuration: the
shape each agent's own `mcp add` writes, idempotent, exact-restore uninstall, --no-mcp."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import pytest
import yaml

from vaultsync.services.agents import hermes_plugin
from vaultsync.services.agents.agent_config import InstallError
from vaultsync.services.agents.mcp_install import install_mcp, mcp_installed, uninstall_mcp

AGENTS = ("claude-code", "codex", "gemini", "cursor", "hermes")
AGENTS_BIN = Path(os.environ.get("VAULTSYNC_AGENTS_DIR", Path.home() / ".cache/vaultsync-agents"))


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "userhome"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    for name in ("CLAUDE_CONFIG_DIR", "CODEX_HOME", "HERMES_HOME"):
        monkeypatch.delenv(name, raising=False)
    return home


def servers(agent: str, path: Path) -> dict:
    text = path.read_text()
    if agent == "codex":
        return tomllib.loads(text)["mcp_servers"]
    if agent == "hermes":
        return yaml.safe_load(text)["mcp_servers"]
    return json.loads(text)["mcpServers"]


@pytest.mark.parametrize("agent", AGENTS)
def test_fresh_install_matches_the_agents_own_format(home: Path, agent: str) -> None:
    result = install_mcp(agent)
    assert result.action == "installed"
    expected_file = {
        "claude-code": home / ".claude.json",
        "codex": home / ".codex/config.toml",
        "gemini": home / ".gemini/settings.json",
        "cursor": home / ".cursor/mcp.json",
        "hermes": home / ".hermes/config.yaml",
    }[agent]
    assert result.path == expected_file
    entry = servers(agent, expected_file)["vaultsync"]
    # What `claude mcp add`, `codex mcp add`, `gemini mcp add` wrote (Claude Code 2.1.332,
    # Codex 0.171.0, Gemini CLI 0.61.0): type/env only for Claude Code.
    wanted = {"command": str(Path(sys.executable).parent / "vaultsync"),
              "args": ["mcp", "--agent", agent]}  # fmt: skip
    if agent == "claude-code":
        wanted = {"type": "stdio", **wanted, "env": {}}
    # Codex and Hermes pass these on to the server only when they are named.
    if agent == "codex":
        wanted["env_vars"] = ["VAULTSYNC_VAULT", "VAULTSYNC_HOME"]
    if agent == "hermes":
        wanted["env"] = {"VAULTSYNC_VAULT": "${VAULTSYNC_VAULT}",
                         "VAULTSYNC_HOME": "${VAULTSYNC_HOME}"}  # fmt: skip
    assert entry == wanted
    assert install_mcp(agent).action == "unchanged"
    assert mcp_installed(agent)
    removed = uninstall_mcp(agent)
    assert removed.action == "removed" and not expected_file.exists()
    assert uninstall_mcp(agent).action == "absent"


PERSON = {
    "claude-code": (".claude.json", '{"numStartups": 7, "mcpServers": {"gh": {"command": "gh"}}}'),
    "codex": (".codex/config.toml", '# mine\nmodel = "o3"\n\n[mcp_servers.gh]\ncommand = "gh"\n'),
    "gemini": (".gemini/settings.json", '{\n    "theme": "dark"\n}\n'),
    "cursor": (".cursor/mcp.json", '{"mcpServers": {}}'),
    "hermes": (".hermes/config.yaml", "model:\n  provider: custom   # mine\nmcp_servers:\n"
               "  gh:\n    command: gh\n"),
}  # fmt: skip


@pytest.mark.parametrize("agent", AGENTS)
def test_keeps_everything_else_and_restores_byte_for_byte(home: Path, agent: str) -> None:
    rel, original = PERSON[agent]
    path = home / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(original)
    result = install_mcp(agent)
    assert result.action == "installed" and result.backup is not None
    found = servers(agent, path)
    assert "vaultsync" in found
    if agent != "gemini" and agent != "cursor":
        assert "gh" in found
    if agent in ("codex", "hermes"):
        assert "# mine" in path.read_text()
    uninstall_mcp(agent)
    assert path.read_text() == original


def test_dry_run_writes_nothing_and_shows_a_diff(home: Path) -> None:
    result = install_mcp("codex", dry_run=True)
    assert "+[mcp_servers.vaultsync]" in result.diff
    assert not (home / ".codex/config.toml").exists()


def test_a_foreign_server_named_vaultsync_is_not_overwritten(home: Path) -> None:
    path = home / ".cursor/mcp.json"
    path.parent.mkdir(parents=True)
    path.write_text('{"mcpServers": {"vaultsync": {"command": "npx", "args": ["other"]}}}')
    with pytest.raises(InstallError, match="not vaultsync's"):
        install_mcp("cursor")
    codex = home / ".codex/config.toml"
    codex.parent.mkdir(parents=True)
    codex.write_text('[mcp_servers.vaultsync]\ncommand = "x"\n')
    with pytest.raises(InstallError, match="already there"):
        install_mcp("codex")


def test_broken_files_are_left_alone(home: Path) -> None:
    codex = home / ".codex/config.toml"
    codex.parent.mkdir(parents=True)
    codex.write_text("model = \n")
    with pytest.raises(InstallError, match="TOML"):
        install_mcp("codex")
    assert codex.read_text() == "model = \n"
    gemini = home / ".gemini/settings.json"
    gemini.parent.mkdir(parents=True)
    gemini.write_text("{not json")
    with pytest.raises(InstallError, match="not valid JSON"):
        install_mcp("gemini")


def test_project_scope_and_env_overrides(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    assert install_mcp("claude-code", "project", project_dir=repo).path == repo / ".mcp.json"
    assert install_mcp("codex", "project", project_dir=repo).path == repo / ".codex/config.toml"
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "cc"))
    assert install_mcp("claude-code").path == tmp_path / "cc/.claude.json"
    with pytest.raises(InstallError):
        install_mcp("hermes", "project", project_dir=repo)


class Ran(NamedTuple):
    returncode: int
    stdout: str
    stderr: str


def _cli(*args: str, env: dict[str, str]) -> Ran:
    """`vaultsync` as the person runs it: a process of its own."""
    proc = subprocess.run(
        [sys.executable, "-m", "vaultsync", *args], capture_output=True, text=True, env=env
    )
    return Ran(proc.returncode, proc.stdout, proc.stderr)


def _in_process(*args: str, env: dict[str, str]) -> Ran:
    """The same command in this process (`home` already set HOME here as `env` has it)."""
    from typer.testing import CliRunner

    from vaultsync.adapters.cli.app import app, load_commands

    assert env["HOME"] == os.environ["HOME"]
    load_commands(args[0])  # as `vaultsync.adapters.cli.app.run` does
    result = CliRunner().invoke(app, list(args))
    return Ran(result.exit_code, result.stdout, result.stderr)


# The fast tier runs these commands in process; the slow tier runs them again as processes.
RUNNERS = [
    pytest.param(_in_process, id="in-process"),
    pytest.param(_cli, id="subprocess", marks=pytest.mark.slow),
]


@pytest.mark.parametrize("run", RUNNERS)
def test_cli_install_registers_and_no_mcp_skips(home: Path, run: Callable[..., Ran]) -> None:
    env = {**os.environ, "HOME": str(home)}
    proc = run("install", "gemini", "--no-mcp", "--json", env=env)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["mcp"] is None
    assert "mcpServers" not in json.loads((home / ".gemini/settings.json").read_text())
    proc = run("install", "hermes", env=env)
    assert proc.returncode == 0, proc.stderr
    assert "MCP server vaultsync for hermes installed" in proc.stdout
    assert hermes_plugin.ACTIVATE in proc.stdout
    plugin = home / ".hermes/plugins/vaultsync/__init__.py"
    assert "register_memory_provider" in plugin.read_text()
    proc = run("uninstall", "hermes", env=env)
    assert proc.returncode == 0, proc.stderr
    assert not (home / ".hermes/config.yaml").exists() and not plugin.exists()


def _real(name: str) -> str:
    path = AGENTS_BIN / "bin" / name
    if not path.exists():
        pytest.skip(f"{name} CLI not installed (scripts/install-agents)")
    return str(path)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("agent", "cli", "listed"),
    [
        ("claude-code", "claude", "✔ Connected"),
        ("gemini", "gemini", "Connected"),
        ("codex", "codex", "enabled"),
        ("hermes", "hermes", "enabled"),
    ],
)
def test_the_agents_own_cli_lists_the_server(
    home: Path, tmp_path: Path, agent: str, cli: str, listed: str
) -> None:
    """The agents' real CLIs read what install wrote; Claude Code and Gemini CLI even start
    `vaultsync mcp` and complete the MCP handshake with it."""
    command = _real(cli)
    install_mcp(agent)
    env = {**os.environ, "HOME": str(home), "GEMINI_CLI_TRUST_WORKSPACE": "true",
           "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1"}  # fmt: skip
    proc = subprocess.run(
        [command, "mcp", "list"], capture_output=True, text=True, env=env, cwd=tmp_path,
        timeout=120,
    )  # fmt: skip
    out = proc.stdout + proc.stderr
    line = next((ln for ln in out.splitlines() if "vaultsync" in ln), "")
    assert listed in line, out
    uninstall_mcp(agent)
    if shutil.which("true"):
        proc = subprocess.run([command, "mcp", "list"], capture_output=True, text=True,
                              env=env, cwd=tmp_path, timeout=120)  # fmt: skip
        assert "vaultsync" not in proc.stdout


@pytest.mark.parametrize("run", RUNNERS)
@pytest.mark.parametrize("agent", ["gemini", "hermes", "codex"])
def test_hooks_and_server_uninstall_leaves_the_file_and_no_backup(
    home: Path, agent: str, run: Callable[..., Ran]
) -> None:
    """Hooks and the server in one file (Gemini CLI, Hermes) or two (Codex), saved with CRLF:
    install then uninstall gives back the same bytes, and no backup or folder of ours stays."""
    env = {**os.environ, "HOME": str(home)}
    rel, text = {
        "gemini": (".gemini/settings.json", '{\r\n  "theme": "dark"\r\n}\r\n'),
        "hermes": (".hermes/config.yaml", "model:\r\n  provider: custom\r\n"),
        "codex": (".codex/config.toml", 'model = "o3"\r\n'),
    }[agent]
    config = home / rel
    config.parent.mkdir(parents=True)
    config.write_bytes(text.encode())
    before = sorted(p.relative_to(home).as_posix() for p in home.rglob("*"))
    assert run("install", agent, env=env).returncode == 0
    raw = config.read_bytes()
    if agent != "gemini":  # JSON is written as data; a text file keeps one line ending
        assert raw.count(b"\n") == raw.count(b"\r\n"), raw
    proc = run("uninstall", agent, env=env)
    assert proc.returncode == 0, proc.stderr
    assert config.read_bytes() == text.encode()
    assert sorted(p.relative_to(home).as_posix() for p in home.rglob("*")) == before


def test_an_agents_own_additions_do_not_keep_the_backup(home: Path) -> None:
    """OpenCode adds `$schema` to opencode.json on its first run: uninstall removes the entry
    by content, keeps the agent's addition, and no backup is left (it holds nothing the
    restored file lacks)."""
    config = home / ".config/opencode/opencode.json"
    config.parent.mkdir(parents=True)
    config.write_text('{\n  "model": "fake/fake-model"\n}\n')
    install_mcp("opencode")
    data = json.loads(config.read_text())
    assert data["mcp"]["vaultsync"]["command"][1:] == ["mcp", "--agent", "opencode"]
    config.write_text(json.dumps({"$schema": "https://opencode.ai/config.json", **data}))
    done = uninstall_mcp("opencode")
    assert json.loads(config.read_text()) == {
        "$schema": "https://opencode.ai/config.json",
        "model": "fake/fake-model",
    }
    assert done.kept_backups == ()
    assert sorted(p.name for p in config.parent.iterdir()) == ["opencode.json"]


def test_a_persons_change_keeps_the_backup(home: Path) -> None:
    config = home / ".copilot/mcp-config.json"
    config.parent.mkdir(parents=True)
    config.write_text('{"mcpServers": {"other": {"command": "x"}}}\n')
    install_mcp("copilot")
    data = json.loads(config.read_text())
    data["mcpServers"]["other"]["command"] = "y"  # the person's old value is only in the backup
    config.write_text(json.dumps(data))
    done = uninstall_mcp("copilot")
    assert done.kept_backups


def test_opencode_jsonc_with_comments_is_not_rewritten(home: Path) -> None:
    config = home / ".config/opencode/opencode.json"
    config.parent.mkdir(parents=True)
    text = '{\n  // my model\n  "model": "fake/fake-model",\n}\n'
    config.write_text(text)
    with pytest.raises(InstallError, match="has comments") as caught:
        install_mcp("opencode")
    assert '"mcp"' in str(caught.value) and '"--agent"' in str(caught.value)
    assert config.read_text() == text
