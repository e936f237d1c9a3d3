"""The vault config travels through the remote: whoever can push to it must not run a program,
switch secret detection or the commit gate off on another machine (core/config.py,
docs/configuration.md "Shared and machine settings"). Two clones of a real bare remote, the
CLI run as a subprocess on the machine that receives the config."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from sessionkit import date_fix_session, make_session
from synckit import Machine, bare_remote, git

from vaultsync.core import paths

FAKE_KEY = "sk-proj-" + "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7cDe0fGh3iJk6l"


@pytest.fixture
def pair(tmp_path: Path) -> tuple[Machine, Machine]:
    bare = bare_remote(tmp_path)
    a = Machine(tmp_path, "a", bare, first=True)
    assert a.sync().pushed
    b = Machine(tmp_path, "b", bare)
    assert b.cli("sync").returncode == 0
    return a, b


def push_config(a: Machine, text: str) -> None:
    """Machine A (or anyone with push access) commits a vault config and pushes it."""
    a.write(paths.VAULT_CONFIG, text)
    result = a.cli("sync")
    assert result.returncode == 0, result.stderr
    assert "pushed" in result.stdout.lower(), result.stdout


@pytest.mark.slow  # whole processes, many times: the slow tier runs it; its logic has fast tests
def test_a_pushed_model_command_never_runs_on_another_machine(
    pair: tuple[Machine, Machine], tmp_path: Path
) -> None:
    a, b = pair
    ran = tmp_path / "ran-on-b"
    evil = tmp_path / "evil.py"
    evil.write_text(
        f"import pathlib, sys\npathlib.Path({str(ran)!r}).write_text('x')\nsys.stdin.read()\n"
    )
    push_config(a, f'[learn]\nmodel_command = "{sys.executable} {evil}"\n')
    # B has a session worth learning from: its next `learn --daily` calls the model.
    make_session(b.vault, date_fix_session())
    synced = b.cli("sync")
    assert synced.returncode == 0, synced.stderr
    assert "model_command" in (b.vault / paths.VAULT_CONFIG).read_text()  # it did arrive
    learned = b.cli("learn", "--daily", "--json")
    assert learned.returncode == 0, learned.stderr
    assert not ran.exists(), "a program named by the remote ran on this machine"
    assert json.loads(learned.stdout)["model"] != f"{sys.executable} {evil}"
    shown = b.cli("status")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.count("learn.model_command ignored") == 1, shown.stdout
    doctor = b.cli("doctor", "--json")
    checks = {c["name"]: c for c in json.loads(doctor.stdout)["checks"]}
    assert checks["config"]["state"] == "warn"
    assert "learn.model_command" in checks["config"]["summary"]


@pytest.mark.slow  # two machines through git and a real learn run; the rule's fast test is in
# tests/core/test_config.py (the person's own config keeps its model_command)
def test_this_machine_may_still_choose_its_model_command(
    pair: tuple[Machine, Machine], tmp_path: Path, isolated_home: Path
) -> None:
    _a, b = pair
    ran = tmp_path / "ran"
    model = tmp_path / "model.py"
    model.write_text(
        f"import pathlib, sys\nsys.stdin.read()\npathlib.Path({str(ran)!r}).write_text('x')\n"
        "print('{}')\n"
    )
    (isolated_home / "config.toml").write_text(
        f'[learn]\nmodel_command = "{sys.executable} {model}"\n', encoding="utf-8"
    )
    make_session(b.vault, date_fix_session())
    learned = b.cli("learn", "--daily", "--json")
    assert learned.returncode == 0, learned.stderr
    assert ran.exists()
    assert "ignored" not in b.cli("status").stdout


@pytest.mark.slow  # two machines through git and the CLI; its rules have a fast test in
# tests/core/test_config.py (test_a_shared_config_cannot_run_a_program_or_loosen_a_guard)
def test_a_pushed_config_cannot_switch_redaction_or_the_gate_off(
    pair: tuple[Machine, Machine], tmp_path: Path
) -> None:
    a, b = pair
    push_config(
        a,
        '[privacy]\ndisabled_rules = ["openai-api-key"]\n'
        '[git]\nsecret_scan = false\nallow = ["*", "**/*"]\nmax_file_mb = 1000.0\n'
        "[watch]\nmax_delete_share = 1.0\n",
    )
    assert b.cli("sync").returncode == 0
    # B's agent prints an API key: the hook writes the session note on B.
    b.hook(
        {
            "session_id": "s-key",
            "transcript_path": "/tmp/t.jsonl",
            "cwd": str(tmp_path),
            "hook_event_name": "PostToolUse",
            "tool_name": "Bash",
            "tool_use_id": "toolu_1",
            "tool_input": {"command": "cat .env"},
            "tool_response": {"stdout": f"OPENAI_API_KEY={FAKE_KEY}\n", "stderr": ""},
        }
    )
    # And a person drops a file with the key into the vault.
    b.write("inbox/keys.txt", f"the key is {FAKE_KEY}\n")
    synced = b.cli("sync")
    assert synced.returncode == 0, synced.stderr
    for rel in (b.vault / paths.SESSIONS_DIR).rglob("*.md"):
        assert FAKE_KEY not in rel.read_text(encoding="utf-8")
    everything = git(b.vault, "log", "--all", "-p", "--no-color")
    assert FAKE_KEY not in everything
    assert "inbox/keys.txt" not in git(b.vault, "ls-files")
    shown = b.cli("status").stdout
    for key in ("privacy.disabled_rules", "git.secret_scan", "git.allow", "git.max_file_mb"):
        assert f"{key} ignored" in shown, shown
    assert "watch.max_delete_share ignored" in shown
