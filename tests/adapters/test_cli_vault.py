"""`vaultsync init` and `vaultsync demo`: in-process with CliRunner, plus real subprocess runs."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from vaultsync.adapters.cli import app as app_mod
from vaultsync.core import config as config_mod
from vaultsync.core import paths

app_mod.load_commands()
runner = CliRunner()


def vaultsync_cmd() -> list[str]:
    exe = shutil.which("vaultsync") or str(Path(sys.executable).with_name("vaultsync"))
    return [exe] if Path(exe).exists() else [sys.executable, "-m", "vaultsync"]


@pytest.mark.parametrize("command", ["init", "demo"])
def test_help(command: str) -> None:
    result = runner.invoke(app_mod.app, [command, "--help"])
    assert result.exit_code == 0
    assert "--json" in result.output


def test_init_human_output(tmp_path: Path) -> None:
    target = tmp_path / "vault"
    result = runner.invoke(app_mod.app, ["init", str(target)])
    assert result.exit_code == 0, result.output
    assert f"Created a vault at {target.resolve()}" in result.output
    assert "Started a git repository." in result.output
    assert f"Recorded the vault in {config_mod.user_config_path()}" in result.output
    again = runner.invoke(app_mod.app, ["init", str(target)])
    assert again.exit_code == 0 and "already set up" in again.output


def test_init_json_and_no_user_config(tmp_path: Path) -> None:
    target = tmp_path / "vault"
    (target / "Inbox").mkdir(parents=True)
    (target / "Inbox" / "idea.md").write_text("# idea\n")
    result = runner.invoke(app_mod.app, ["init", str(target), "--no-user-config", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["adopted"] is True and data["existing_notes"] == 1
    assert data["user_config"] is None and data["commit"]
    assert paths.VAULT_CONFIG in data["made"]
    assert not config_mod.user_config_path().exists()


def test_init_on_a_file_exits_no_vault(tmp_path: Path) -> None:
    target = tmp_path / "note.md"
    target.write_text("x")
    result = runner.invoke(app_mod.app, ["init", str(target)])
    assert result.exit_code == app_mod.Exit.NO_VAULT
    assert "is a file, not a folder" in result.output
    assert target.read_text() == "x"


def test_demo_json_in_process(tmp_path: Path) -> None:
    target = tmp_path / "demo"
    result = runner.invoke(app_mod.app, ["demo", "--path", str(target), "--no-keep", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["errors"] == 0 and data["kept"] is False
    assert [s["query"] for s in data["searches"]] == ["pytest venv", "短句"]
    assert all(s["hits"] for s in data["searches"])
    assert "type: generated" in data["user_md"]
    assert not target.exists()


def test_demo_refuses_a_full_folder(tmp_path: Path) -> None:
    (tmp_path / "x.md").write_text("mine")
    result = runner.invoke(app_mod.app, ["demo", "--path", str(tmp_path)])
    assert result.exit_code == app_mod.Exit.NO_VAULT
    assert "not empty" in result.output


# ---------------------------------------------------------------------------------------------
# the installed console script, as a person runs it


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*vaultsync_cmd(), *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **(env or {})},
        check=False,
    )


def test_subprocess_init_then_rebuild_finds_the_vault(tmp_path: Path) -> None:
    target = tmp_path / "vault"
    proc = run("init", str(target))
    assert proc.returncode == 0, proc.stderr
    assert (target / ".git").is_dir()
    # The user config written by init is how the next command finds the vault.
    proc = run("rebuild", "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["errors"] == 0
    assert (target / "USER.md").is_file()


def test_demo_text_in_process(tmp_path: Path) -> None:
    """The fast twin of test_subprocess_demo (the same command and checks, in process)."""
    target = tmp_path / "demo"
    result = runner.invoke(app_mod.app, ["demo", "--path", str(target)])
    assert result.exit_code == 0, result.output
    check_demo(result.stdout, target)


def check_demo(stdout: str, target: Path) -> None:
    assert "USER.md: about the person" in stdout
    assert "vaultsync search '短句'" in stdout
    assert "vaultsync: generate USER.md and AGENT.md" in stdout
    assert f"The demo vault is at {target.resolve()}" in stdout
    assert (target / "AGENT.md").is_file()


# Slow tier: a demo in a process of its own; test_demo_text_in_process checks the same in the
# fast tier, and test_subprocess_init_then_rebuild_finds_the_vault runs the console script.
@pytest.mark.slow
def test_subprocess_demo(tmp_path: Path) -> None:
    target = tmp_path / "demo"
    proc = run("demo", "--path", str(target))
    assert proc.returncode == 0, proc.stderr
    check_demo(proc.stdout, target)


def test_subprocess_init_bad_path_message(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("x")
    proc = run("init", str(tmp_path / "f" / "v"))
    assert proc.returncode == app_mod.Exit.NO_VAULT
    assert proc.stderr.startswith("vaultsync: cannot create")
    assert "Traceback" not in proc.stderr
