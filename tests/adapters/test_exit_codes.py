"""Every exit code in the README's table, each by a case the README or the issue names:
0 ok, 1 error, 2 usage, 3 no vault, 4 bad config, 5 lock busy, 6 not found, 7 held back."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from vaultsync.adapters.cli.app import Exit, app, load_commands
from vaultsync.core import paths
from vaultsync.storage import history

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


@pytest.fixture(autouse=True)
def agent_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "user"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    for name in ("CLAUDE_CONFIG_DIR", "CODEX_HOME", "HERMES_HOME"):
        monkeypatch.delenv(name, raising=False)
    return home


def cli(*args: str) -> tuple[int, str]:
    load_commands()
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def test_the_readme_lists_the_codes_tested_here() -> None:
    table = (
        "Exit codes: 0 ok, 1 error, 2 usage, 3 no vault, 4 bad config, 5 lock busy, 6 not found,\n"
        "7 held back by a safety guard"
    )
    assert table in README
    assert "130\ninterrupted" in README
    assert [int(c) for c in Exit] == [0, 1, 2, 3, 4, 5, 6, 7, 130]


def test_0_ok(vault: Path) -> None:
    assert cli("status", "--vault", str(vault))[0] == Exit.OK


def test_1_error_an_agent_config_that_cannot_be_edited(agent_home: Path) -> None:
    settings = agent_home / ".claude" / "settings.json"
    settings.parent.mkdir()
    settings.write_text("{not json", encoding="utf-8")
    code, out = cli("install", "claude-code")
    assert code == Exit.ERROR and "not valid JSON" in out


@pytest.mark.parametrize(
    "args",
    [
        ("install", "nosuchagent"),
        ("uninstall", "nosuchagent"),
        ("install", "claude-code", "--scope", "everywhere"),
        ("status", "--no-such-flag"),
    ],
    ids=["install-unknown-agent", "uninstall-unknown-agent", "bad-scope", "unknown-option"],
)
def test_2_usage(args: tuple[str, ...]) -> None:
    code, out = cli(*args)
    assert code == Exit.USAGE, out


def test_2_usage_unknown_agent_in_a_real_process() -> None:
    exe = Path(sys.executable).parent / "vaultsync"
    argv = [str(exe)] if exe.exists() else [sys.executable, "-m", "vaultsync"]
    done = subprocess.run([*argv, "install", "claude-kode"], capture_output=True, text=True)
    assert done.returncode == 2
    assert "unknown agent 'claude-kode'" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("command", ["status", "me", "rebuild", "doctor"])
def test_3_no_vault(command: str, tmp_path: Path) -> None:
    assert cli(command, "--vault", str(tmp_path / "missing"))[0] == Exit.NO_VAULT


BROKEN = {
    "syntax": "[budgets\nuser_md_tokens = 5\n",
    "type": '[budgets]\nuser_md_tokens = "lots"\n',
}


@pytest.mark.parametrize("command", ["status", "me", "rebuild"])
@pytest.mark.parametrize("broken", sorted(BROKEN))
def test_4_bad_config(command: str, broken: str, vault: Path) -> None:
    (vault / paths.VAULT_CONFIG).write_text(BROKEN[broken], encoding="utf-8")
    code, out = cli(command, "--vault", str(vault))
    assert code == Exit.CONFIG, out
    assert "Traceback" not in out
    if broken == "type":
        assert "budgets.user_md_tokens must be a number (default 500), not" in out


def test_5_lock_busy_git_index_held(vault: Path) -> None:
    history.ensure_repo(vault)
    (vault / "a.md").write_text("# A\n", encoding="utf-8")
    history.commit_all(vault, "first")
    (vault / paths.VAULT_CONFIG).write_text("[git]\nlock_timeout_s = 0.2\n", encoding="utf-8")
    (vault / "b.md").write_text("# B\n", encoding="utf-8")
    (vault / ".git" / "index.lock").write_text("", encoding="utf-8")
    code, out = cli("commit", "--vault", str(vault))
    assert code == Exit.LOCKED, out


def test_6_not_found(vault: Path) -> None:
    history.ensure_repo(vault)
    (vault / "a.md").write_text("# A\n", encoding="utf-8")
    history.commit_all(vault, "first")
    code, out = cli("rollback", "0123456789abcdef", "--vault", str(vault))
    assert code == Exit.NOT_FOUND, out


def test_7_held_back_mass_deletion(vault: Path) -> None:
    history.ensure_repo(vault)
    for i in range(20):
        (vault / f"note {i}.md").write_text(f"# Note {i}\n", encoding="utf-8")
    history.commit_all(vault, "twenty notes")
    for i in range(15):
        os.unlink(vault / f"note {i}.md")
    code, out = cli("commit", "--vault", str(vault))
    assert code == Exit.HELD, out


def test_doctor_warnings_only_is_0_and_a_failure_is_1(vault: Path) -> None:
    code, out = cli("doctor", "--vault", str(vault))  # no index yet: a failed check
    assert code == Exit.ERROR and "FAIL  index" in out
    cli("rebuild", "--vault", str(vault))
    code, out = cli("doctor", "--vault", str(vault))  # the watcher has never run: a warning
    assert "WARN  watcher" in out and "FAIL" not in out
    assert code == Exit.OK
    assert "Warnings only" in out
