"""`vaultsync learn` on the command line: in-process, and as a real subprocess."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from vaultsync.adapters.cli.app import app, load_commands
from vaultsync.core import paths
from vaultsync.core.model import Level

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "services"))
from sessionkit import date_fix_session, make_session

load_commands()
runner = CliRunner()


def _vaultsync() -> list[str]:
    found = shutil.which("vaultsync")
    venv = Path(sys.executable).parent / "vaultsync"
    if venv.exists():
        return [str(venv)]
    return [found] if found else [sys.executable, "-m", "vaultsync"]


def test_help_documents_every_option() -> None:
    result = runner.invoke(app, ["learn", "--help"])
    assert result.exit_code == 0
    for option in ("--daily", "--weekly", "--dry-run", "--offline", "--json", "--vault"):
        assert option in result.output


def test_offline_json_report(vault: Path) -> None:
    rel = make_session(vault, date_fix_session())
    result = runner.invoke(app, ["learn", "--daily", "--offline", "--json", "--vault", str(vault)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    for key in (
        "mode",
        "pending_before",
        "summarized",
        "deferred",
        "privacy_deferred",
        "candidates",
        "reinforced",
        "proposals",
        "drafts",
        "archived",
        "model",
        "model_calls",
        "skipped_for_budget",
        "seconds",
    ):
        assert key in data, key
    assert data["mode"] == "daily" and data["summarized"] == [rel] and data["model"] == "offline"


def test_human_output(vault: Path) -> None:
    make_session(vault, date_fix_session())
    result = runner.invoke(app, ["learn", "--offline", "--vault", str(vault)])
    assert result.exit_code == 0
    assert "Learned: 1 session summarised with offline; 5 memory candidates" in result.output
    again = runner.invoke(app, ["learn", "--offline", "--vault", str(vault)])
    assert again.output.startswith(
        "Nothing to learn (daily): no pending session, no model started."
    )


def test_dry_run_says_would(vault: Path) -> None:
    make_session(vault, date_fix_session())
    result = runner.invoke(app, ["learn", "--offline", "--dry-run", "--vault", str(vault)])
    assert result.exit_code == 0 and result.output.startswith(
        "Dry run: would have 1 session summarised"
    )


def test_errors_have_named_exit_codes(vault: Path, tmp_path: Path) -> None:
    missing = runner.invoke(app, ["learn", "--vault", str(tmp_path / "nope")])
    assert missing.exit_code == 3 and "vault not found" in missing.output
    (vault / ".vaultsync" / "config.toml").write_text("[learn\n", encoding="utf-8")
    broken = runner.invoke(app, ["learn", "--vault", str(vault)])
    assert broken.exit_code == 4
    (vault / ".vaultsync" / "config.toml").write_text("", encoding="utf-8")
    (paths.vaultsync_home() / "config.toml").write_text(
        '[learn]\nmodel_command = "no-such-llm"\n', "utf-8"
    )
    make_session(vault, date_fix_session())
    no_model = runner.invoke(app, ["learn", "--vault", str(vault)])
    assert no_model.exit_code == 4 and "model command not found" in no_model.output


def test_noop_json_in_process(vault: Path) -> None:
    """The fast twin of the subprocess test below (as `vaultsync learn --json` prints it)."""
    quiet = runner.invoke(app, ["learn", "--json", "--vault", str(vault)])
    assert quiet.exit_code == 0, quiet.output
    assert json.loads(quiet.output)["noop"] is True


# Slow tier: two CLI processes. In the fast tier: the no-op above and the offline run in
# test_offline_json_report in process, and test_readme.py runs `vaultsync learn` as a process.
@pytest.mark.slow
def test_subprocess_noop_and_run(vault: Path) -> None:
    env = dict(os.environ, VAULTSYNC_VAULT=str(vault))
    quiet = subprocess.run(
        [*_vaultsync(), "learn", "--json"], capture_output=True, text=True, env=env
    )
    assert quiet.returncode == 0, quiet.stderr
    assert json.loads(quiet.stdout)["noop"] is True
    rel = make_session(vault, date_fix_session())
    done = subprocess.run(
        [*_vaultsync(), "learn", "--offline", "--json"], capture_output=True, text=True, env=env
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["summarized"] == [rel]


@pytest.mark.parametrize("flags", [["--weekly"], ["--daily", "--weekly"]])
def test_weekly_flags(vault: Path, flags: list[str]) -> None:
    result = runner.invoke(app, ["learn", *flags, "--offline", "--json", "--vault", str(vault)])
    assert result.exit_code == 0
    assert json.loads(result.output)["mode"] == "+".join(f.lstrip("-") for f in flags)


def test_a_wish_said_in_a_one_call_session_becomes_a_candidate(
    vault: Path, hook: list[str], tmp_path: Path
) -> None:
    """As a person meets it: asked in passing, in Chinese, in a session of one tool call (below
    every size threshold), "from now on always use uv" reaches review as an L1 candidate; before,
    the session was skipped and the wish was never seen again."""
    wish = "以后请一直用 uv 来管理依赖，不要用 pip。"
    base = {"session_id": "wish-1", "transcript_path": "/x.jsonl", "cwd": str(tmp_path)}
    for event in (
        {"hook_event_name": "SessionStart", "source": "startup"},
        {"hook_event_name": "UserPromptSubmit", "prompt": wish + "然后帮我把 requests 升级到 2.32"},
        {"hook_event_name": "PostToolUse", "tool_name": "Bash", "tool_use_id": "t1",
         "tool_input": {"command": "uv add requests==2.32.3"},
         "tool_response": {"stdout": "Resolved 5 packages\n + requests==2.32.3", "stderr": ""}},
        {"hook_event_name": "Stop", "last_assistant_message": "已升级。"},
        {"hook_event_name": "SessionEnd", "reason": "exit"},
    ):  # fmt: skip
        done = subprocess.run([*hook, "--agent", "claude-code"], input=json.dumps(base | event),
                              capture_output=True, text=True, timeout=60)  # fmt: skip
        assert done.returncode == 0, done.stderr
    result = runner.invoke(app, ["learn", "--offline", "--json", "--vault", str(vault)])
    assert result.exit_code == 0, result.output
    assert len(json.loads(result.output)["summarized"]) == 1
    [candidate] = (vault / paths.LEVEL_DIRS[Level.L1]).glob("*.md")
    assert wish in candidate.read_text(encoding="utf-8")


def test_a_wish_changed_later_supersedes_the_first_instead_of_reinforcing_it(
    vault: Path, hook: list[str], tmp_path: Path
) -> None:
    """As a person meets it: "always use pip", and days later "always use uv …, not pip". The
    second was read as the first said again (it holds all its words): the pip candidate was
    reinforced and the uv wish lost. It is a candidate of its own that would supersede it."""
    wishes = (
        "From now on always use pip for installing dependencies in this project.",
        "From now on always use uv for installing dependencies in this project, not pip.",
    )
    for n, wish in enumerate(wishes, 1):
        env = {**os.environ, "VAULTSYNC_NOW": f"2026-12-0{n}T10:00:00+00:00"}
        base = {"session_id": f"wish-{n}", "transcript_path": "/x.jsonl", "cwd": str(tmp_path)}
        for event in ({"hook_event_name": "UserPromptSubmit", "prompt": wish},
                      {"hook_event_name": "SessionEnd", "reason": "exit"}):  # fmt: skip
            done = subprocess.run([*hook, "--agent", "claude-code"], env=env, timeout=60,
                                  input=json.dumps(base | event), capture_output=True,
                                  text=True)  # fmt: skip
            assert done.returncode == 0, done.stderr
        learned = runner.invoke(
            app, ["learn", "--offline", "--json", "--vault", str(vault)],
            env={"VAULTSYNC_NOW": f"2026-12-0{n}T11:00:00+00:00"},
        )  # fmt: skip
        assert learned.exit_code == 0, learned.output
    listed = runner.invoke(app, ["review", "--list", "--vault", str(vault)])
    assert "Candidates, L1 (2)" in listed.output
    assert "would supersede memories/L1-candidates/2026-12-01 user From now on always use pip" in (
        listed.output
    )
