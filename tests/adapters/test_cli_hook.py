"""The CLI surface of capture: `hook`, `install`, `uninstall`, `status` (in-process and real)."""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from vaultsync.adapters.cli import app as cli
from vaultsync.core import paths

cli.load_commands()
runner = CliRunner()


def vaultsync_cmd() -> list[str]:
    found = shutil.which("vaultsync")
    return [found] if found else [sys.executable, "-m", "vaultsync"]


@pytest.fixture(autouse=True)
def user_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "user"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    for name in ("CLAUDE_CONFIG_DIR", "CODEX_HOME", "HERMES_HOME"):
        monkeypatch.delenv(name, raising=False)
    return home


@pytest.mark.parametrize("command", ["hook", "install", "uninstall", "status"])
def test_every_command_has_help(command: str) -> None:
    result = runner.invoke(cli.app, [command, "--help"])
    assert result.exit_code == 0 and "Usage:" in result.output
    assert len(result.output.split("Usage:", 1)[1]) > 200


def test_hook_through_the_typer_app(vault: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VAULTSYNC_VAULT", str(vault))
    payload = {"session_id": "s", "hook_event_name": "SessionStart", "cwd": "/"}
    result = runner.invoke(cli.app, ["hook", "--agent", "gemini"], input=json.dumps(payload))
    assert result.exit_code == 0 and result.output.strip() == "{}"
    assert list((vault / paths.SESSIONS_DIR).rglob("*.md"))


def test_install_dry_run_install_and_uninstall(user_home: Path) -> None:
    result = runner.invoke(cli.app, ["install", "codex", "--dry-run"])
    assert (
        result.exit_code == 0 and "+++ " in result.output and "would be installed" in result.output
    )
    assert not (user_home / ".codex" / "hooks.json").exists()
    result = runner.invoke(cli.app, ["install", "codex"])
    assert result.exit_code == 0 and "/hooks" in result.output
    result = runner.invoke(cli.app, ["install", "codex", "--json"])
    assert json.loads(result.output)["action"] == "unchanged"
    result = runner.invoke(cli.app, ["uninstall", "codex"])
    assert result.exit_code == 0 and "Removed" in result.output
    assert not (user_home / ".codex" / "hooks.json").exists()


def test_install_errors_are_clear(user_home: Path) -> None:
    result = runner.invoke(cli.app, ["install", "emacs"])
    assert result.exit_code == 2 and "unknown agent" in result.output  # usage
    (user_home / ".gemini").mkdir()
    (user_home / ".gemini" / "settings.json").write_text("{oops")
    result = runner.invoke(cli.app, ["install", "gemini"])
    assert result.exit_code == 1 and "not valid JSON" in result.output


def test_status_text_and_json(vault: Path) -> None:
    result = runner.invoke(cli.app, ["status", "--vault", str(vault)])
    assert result.exit_code == 0
    assert "Learning queue: 0 pending, 0 privacy_deferred, 0 deferred, 0 skipped." in result.output
    data = json.loads(runner.invoke(cli.app, ["status", "--vault", str(vault), "--json"]).output)
    assert data["queue"]["pending"] == 0 and data["hook_errors_24h"] == 0
    missing = runner.invoke(cli.app, ["status", "--vault", str(vault / "nope")])
    assert missing.exit_code == cli.Exit.NO_VAULT


def test_status_tells_the_last_hook_error_in_the_persons_time(vault: Path) -> None:
    """A payload cut short reaches the hook: status says when, in the person's zone (+08:00
    in tests; the log keeps UTC), and names no event the payload never gave."""
    hook = runner.invoke(cli.app, ["hook", "--agent", "claude-code"], input='{"session_id":')
    assert hook.exit_code == 0
    result = runner.invoke(cli.app, ["status", "--vault", str(vault)])
    [line] = [ln for ln in result.output.splitlines() if ln.startswith("  last: ")]
    logged = json.loads(paths.hook_error_log().read_text().splitlines()[-1])["time"]
    mine = dt.datetime.fromisoformat(logged.replace("Z", "+00:00")) + dt.timedelta(hours=8)
    assert line.startswith(f"  last: {mine:%Y-%m-%d %H:%M:%S} claude-code: JSONDecodeError: ")


@pytest.mark.slow  # whole processes: the slow tier runs it; its logic has fast tests
def test_real_processes_hook_then_status(vault: Path) -> None:
    env = {**os.environ, "VAULTSYNC_VAULT": str(vault)}
    payloads = [
        {"session_id": "r", "hook_event_name": "UserPromptSubmit", "cwd": "/",
         "prompt": "please make the flaky date test deterministic"},
        {"session_id": "r", "hook_event_name": "SessionEnd", "cwd": "/", "reason": "other"},
    ]  # fmt: skip
    for payload in payloads:
        proc = subprocess.run(
            [*vaultsync_cmd(), "hook", "--agent", "claude-code"],
            input=json.dumps(payload).encode(),
            capture_output=True,
            env=env,
        )
        assert proc.returncode == 0 and proc.stdout == b""
    proc = subprocess.run([*vaultsync_cmd(), "status", "--json"], capture_output=True, env=env)
    data = json.loads(proc.stdout)
    assert data["queue"]["skipped"] == 1 and data["sessions"] == 1
    proc = subprocess.run([*vaultsync_cmd(), "hook", "--help"], capture_output=True, text=True)
    assert proc.returncode == 0 and "--agent" in proc.stdout
