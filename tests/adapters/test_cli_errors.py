"""Errors a person can act on: one `vaultsync: ...` line, the
documented exit code, a fix; no traceback. Real subprocess runs of the CLI."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests import hookcall
from vaultsync.adapters.cli.app import Exit
from vaultsync.storage import history

CLI = [sys.executable, "-m", "vaultsync"]


def run(vault: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "VAULTSYNC_VAULT": str(vault)}
    return subprocess.run(
        [*CLI, *args, "--vault", str(vault)], capture_output=True, text=True, env=env, timeout=120
    )


def one_line(proc: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("vaultsync: "), proc.stderr
    return lines[0]


@pytest.fixture
def repo(vault: Path) -> Path:
    (vault / "notes").mkdir()
    for i in range(3):
        (vault / f"notes/n{i}.md").write_text(f"# Note {i}\n", encoding="utf-8")
    history.ensure_repo(vault)
    history.commit_all(vault, "first")
    return vault


def git(vault: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=vault, capture_output=True, text=True)


def test_review_of_a_path_outside_the_vault_is_one_line(repo: Path, tmp_path: Path) -> None:
    (tmp_path / "x.md").write_text("---\ntype: memory\n---\n# x\n", encoding="utf-8")
    for action in ("approve", "reject", "edit"):
        extra = ["--text", "new"] if action == "edit" else []
        proc = run(repo, "review", action, "../x.md", *extra)
        assert proc.returncode == Exit.NOT_FOUND
        assert "escapes the vault" in one_line(proc)
    assert (tmp_path / "x.md").read_text(encoding="utf-8") == "---\ntype: memory\n---\n# x\n"


@pytest.mark.slow  # a real subprocess; the service-level twin is fast
def test_a_rebuild_over_hostile_yaml_succeeds_with_a_warning(repo: Path) -> None:
    deep = "---\nx: " + "[" * 500 + "]" * 500 + "\n---\n# Deep\n"
    (repo / "notes/deep.md").write_text(deep, encoding="utf-8")
    proc = run(repo, "rebuild")
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr and "RecursionError" not in proc.stderr


@pytest.mark.slow  # a real subprocess; the service-level twin is fast
def test_commit_during_a_merge_is_held_with_the_way_out(repo: Path) -> None:
    git(repo, "checkout", "-q", "-b", "other")
    (repo / "notes/n1.md").write_text("theirs\n", encoding="utf-8")
    git(repo, "commit", "-qam", "theirs")
    git(repo, "checkout", "-q", "main")
    (repo / "notes/n1.md").write_text("ours\n", encoding="utf-8")
    git(repo, "commit", "-qam", "ours")
    git(repo, "merge", "other")
    proc = run(repo, "commit")
    assert proc.returncode == Exit.HELD
    assert "git merge --abort" in one_line(proc)


@pytest.mark.slow  # a real subprocess; the service-level twin is fast
def test_a_branch_without_the_notes_holds_nothing(repo: Path) -> None:
    for i in range(20):
        (repo / f"notes/m{i}.md").write_text(f"# M {i}\n", encoding="utf-8")
    history.commit_all(repo, "more")
    git(repo, "checkout", "-q", "--orphan", "bare")
    git(repo, "rm", "-rq", ".")
    (repo / "README.md").write_text("# other\n", encoding="utf-8")
    git(repo, "add", "README.md")
    git(repo, "commit", "-qm", "bare")
    proc = run(repo, "commit")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "held back" not in proc.stdout


def test_a_vault_that_is_away_with_events_waiting_is_not_offered_init(tmp_path: Path) -> None:
    """The drive holding the vault is not mounted and the hook kept an event for it: `vaultsync
    init` there would make an empty vault the waiting events go into, so it is not offered."""
    away = tmp_path / "usb" / "vault"
    prompt = {"session_id": "s1", "hook_event_name": "UserPromptSubmit", "cwd": str(tmp_path),
              "prompt": "fix the flaky upload test"}  # fmt: skip
    hookcall.call("claude-code", prompt, {**os.environ, "VAULTSYNC_VAULT": str(away)})
    proc = run(away, "status")
    line = one_line(proc)
    assert proc.returncode == Exit.NO_VAULT and "1 hook events wait for it" in line
    assert "init" not in line and not away.exists()
    never = run(tmp_path / "never", "status")
    assert "run `vaultsync init" in one_line(never)
