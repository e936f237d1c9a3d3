"""`doctor` starts each registered MCP server once, as the agent would, and says per agent
whether it answers: the real `vaultsync mcp` over stdio, and servers that cannot answer."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from vaultsync.services.agents import mcp_config
from vaultsync.services.agents.mcp_install import install_mcp
from vaultsync.services.agents.mcp_probe import probe, probe_all, probe_server
from vaultsync.services.vault import doctor

VAULTSYNC = Path(sys.executable).parent / "vaultsync"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, vault: Path) -> Path:
    home = tmp_path / "user"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("VAULTSYNC_VAULT", str(vault))
    for name in ("CLAUDE_CONFIG_DIR", "CODEX_HOME", "HERMES_HOME"):
        monkeypatch.delenv(name, raising=False)
    return home


def test_nothing_registered_nothing_probed() -> None:
    assert probe_all() == []


@pytest.mark.slow
def test_the_registered_servers_answer(home: Path) -> None:
    for agent in ("claude-code", "codex", "hermes"):
        install_mcp(agent)
    found = {p.agent: p for p in probe_all()}
    assert set(found) == {"claude-code", "codex", "hermes"}
    for agent, result in found.items():
        assert result.ok, result
        assert f"mcp --agent {agent}" in result.summary
        assert "answered with its 5 tools" in result.summary


def _fake_server(tmp_path: Path, body: str) -> Path:
    script = tmp_path / "bin" / "vaultsync"
    script.parent.mkdir(exist_ok=True)
    script.write_text(f"#!{sys.executable}\n{body}\n", encoding="utf-8")
    script.chmod(0o755)
    return script


ANSWERS = (
    "import json, sys\n"
    "for line in sys.stdin:\n"
    "    m = json.loads(line)\n"
    "    if m.get('id') == 1:\n"
    "        print(json.dumps({'jsonrpc': '2.0', 'id': 1, 'result': {}}), flush=True)\n"
    "    elif m.get('id') == 2:\n"
    "        print('log line, not JSON', flush=True)\n"
    "        tools = [{'name': n} for n in TOOLS]\n"
    "        r = {'jsonrpc': '2.0', 'id': 2, 'result': {'tools': tools}}\n"
    "        print(json.dumps(r), flush=True)\n"
)


def _register(home: Path, command: Path) -> None:
    """Claude Code's user file, naming `command` as the server (as after a moved install)."""
    entry = {"type": "stdio", "command": str(command), "args": ["mcp", "--agent", "claude-code"]}
    (home / ".claude.json").write_text(json.dumps({"mcpServers": {"vaultsync": entry}}))


def test_a_server_that_died_before_reading_still_says_why() -> None:
    """The server exits before it reads our request (a missing package, on a busy machine):
    the request sits in the pipe's buffer, and closing it raises a broken pipe. Its stderr is
    still what the probe reports (it was read as an empty string, and doctor printed only
    "exited without answering (code 1)")."""
    from vaultsync.services.agents import mcp_probe

    proc = subprocess.Popen(
        [sys.executable, "-c", "import sys; sys.exit(\"No module named 'mcp'\")"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    proc.wait()  # dead before anything is written, whatever the machine's load
    assert proc.stdin is not None
    proc.stdin.write(b'{"jsonrpc": "2.0", "id": 1}\n' * 4)  # buffered, not flushed
    assert "No module named 'mcp'" in mcp_probe._stop(proc, grace=2.0)


def test_a_server_without_the_mcp_package_fails_with_the_fix(home: Path, tmp_path: Path) -> None:
    script = _fake_server(
        tmp_path, "import sys\nsys.exit(\"vaultsync: ModuleNotFoundError: No module named 'mcp'\")"
    )
    _register(home, script)
    result = probe("claude-code")
    assert result is not None and not result.ok
    assert "exited without answering (code 1)" in result.summary
    assert "No module named 'mcp'" in result.summary
    assert "reinstall vaultsync" in result.fix


def test_a_server_that_never_answers_times_out(home: Path, tmp_path: Path) -> None:
    script = _fake_server(tmp_path, "import time\ntime.sleep(30)")
    _register(home, script)
    result = probe("claude-code", timeout=0.5)
    assert result is not None and not result.ok
    assert "no answer within" in result.summary
    assert result.seconds < 5  # killed, not waited for


def test_a_command_that_is_gone(home: Path, tmp_path: Path) -> None:
    _register(home, tmp_path / "moved" / "vaultsync")
    result = probe("claude-code")
    assert result is not None and not result.ok
    assert "cannot start" in result.summary
    assert "vaultsync install claude-code" in result.fix


def test_a_server_missing_tools_is_not_ok(tmp_path: Path) -> None:
    script = _fake_server(tmp_path, "TOOLS = ['search']\n" + ANSWERS)
    ok, summary, _ = probe_server(str(script), ["mcp"], {})
    assert not ok
    assert "without the tools timeline, get, recent, remember" in summary


def test_registered_reads_what_a_rewriter_left(home: Path) -> None:
    """Found by content: a Hermes config.yaml dumped again by a YAML writer (no markers)."""
    import yaml

    install_mcp("hermes")
    config = home / ".hermes" / "config.yaml"
    config.write_text(yaml.safe_dump(yaml.safe_load(config.read_text())))
    found = mcp_config.registered("hermes")
    assert found is not None
    command, args, _env = found
    assert Path(command).name == "vaultsync" and args == ["mcp", "--agent", "hermes"]


@pytest.mark.slow  # whole processes: the slow tier runs it; its logic has fast tests
def test_doctor_cli_names_each_agents_server(home: Path, vault: Path, tmp_path: Path) -> None:
    install_mcp("gemini")
    _register(home, tmp_path / "moved" / "vaultsync")
    env = {**os.environ, "HOME": str(home), "VAULTSYNC_VAULT": str(vault)}
    proc = subprocess.run(
        [str(VAULTSYNC), "doctor", "--json"], capture_output=True, text=True, env=env, timeout=60
    )
    checks = {c["name"]: c for c in json.loads(proc.stdout)["checks"]}
    assert checks["mcp gemini"]["state"] == "ok", checks["mcp gemini"]
    assert checks["mcp claude-code"]["state"] == "fail"
    assert proc.returncode == 1  # a server an agent cannot start is a failed check


def test_doctor_report_holds_the_mcp_checks(home: Path, vault: Path, tmp_path: Path) -> None:
    tools = "TOOLS = ['search', 'timeline', 'get', 'recent', 'remember']\n"
    _register(home, _fake_server(tmp_path, tools + ANSWERS))
    checks = {c.name: c for c in doctor.run(vault).checks}
    assert checks["mcp claude-code"].state is doctor.State.OK, checks["mcp claude-code"]
    assert "answered with its 5 tools" in checks["mcp claude-code"].summary
