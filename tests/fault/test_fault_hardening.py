"""A hostile or messy vault with real processes: the real `vaultsync watch` against git states
and odd files, rollback racing real hook appends, and a rollback whose git is SIGKILLed.

Every test ends with `faultkit.assert_healthy`.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from faultkit import (
    CLI,
    assert_healthy,
    cli,
    env_for,
    hook,
    kill_in_git,
    make_vault,
    rng,
    seeds,
    session_events,
    tool_call,
    wait_git_idle,
)

from vaultsync.core import paths
from vaultsync.storage import history

pytestmark = pytest.mark.slow


def git(vault: Path, *args: str, check: bool = False) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=vault, capture_output=True, text=True, check=check)


def wait_until(what: str, check: object, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():  # type: ignore[operator]
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


@contextlib.contextmanager
def watching(vault: Path) -> Iterator[subprocess.Popen[bytes]]:
    proc = subprocess.Popen(
        [*CLI, "watch", "--vault", str(vault), "-q"],
        env=env_for(vault),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_until("the watcher's start-up commit", lambda: history.head(vault) is not None)
        time.sleep(1.0)
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def committed_now(vault: Path, rel: str) -> bool:
    return rel in history.tracked(vault) and not git(vault, "status", "--porcelain", rel).stdout


def _conflict(vault: Path) -> None:
    note = vault / "notes/shared.md"
    note.parent.mkdir(exist_ok=True)
    note.write_text("base\n", encoding="utf-8")
    git(vault, "add", "-A", check=True)
    git(vault, "commit", "-qm", "base", check=True)
    git(vault, "checkout", "-q", "-b", "other", check=True)
    note.write_text("theirs\n", encoding="utf-8")
    git(vault, "commit", "-qam", "theirs", check=True)
    git(vault, "checkout", "-q", "main", check=True)
    note.write_text("ours\n", encoding="utf-8")
    git(vault, "commit", "-qam", "my own message, kept", check=True)


# --- 4: a merge and a rebase with conflicts are left to the person -----------------------------


@pytest.mark.parametrize("operation", ["merge", "rebase"])
def test_the_watcher_leaves_a_conflicted_merge_or_rebase_alone(
    tmp_path: Path, operation: str
) -> None:
    vault = make_vault(tmp_path / "vault")
    history.commit_all(vault, "vault")
    _conflict(vault)
    with watching(vault):
        before = history.head(vault)
        if operation == "merge":
            assert git(vault, "merge", "other").returncode != 0
        else:
            assert git(vault, "rebase", "other").returncode != 0
        (vault / "sessions/2026/12").mkdir(parents=True)
        (vault / "sessions/2026/12/during.md").write_text("# during\n", encoding="utf-8")
        time.sleep(4.0)  # the watcher committed conflict markers within a second before
        assert history.head(vault) == before or operation == "rebase"
        assert "<<<<<<<" not in git(vault, "log", "-p", "--all").stdout
        status = cli(vault, "status")
        assert f"{operation} is in progress" in status.stdout
        abort = git(vault, operation, "--abort")
        assert abort.returncode == 0, abort.stderr
        # The person's commit keeps its message, and no merge was concluded for them (the
        # watcher may commit its own files on top once it resumes).
        assert "my own message, kept" in git(vault, "log", "--format=%s").stdout.splitlines()
        assert git(vault, "log", "--merges", "--format=%H").stdout == ""
        wait_until(
            "the watcher to resume", lambda: committed_now(vault, "sessions/2026/12/during.md")
        )
    assert (vault / "notes/shared.md").read_text(encoding="utf-8") == "ours\n"
    assert_healthy(vault, f"conflict-{operation}")


# --- 3: a detached HEAD gets no commits --------------------------------------------------------


def test_the_watcher_waits_while_head_is_detached(tmp_path: Path) -> None:
    vault = make_vault(tmp_path / "vault")
    history.commit_all(vault, "vault")
    (vault / "notes").mkdir()
    (vault / "notes/a.md").write_text("# A\n", encoding="utf-8")
    history.commit_all(vault, "second")
    with watching(vault):
        git(vault, "checkout", "-q", "--detach", "HEAD~1", check=True)
        detached = history.head(vault)
        (vault / "sessions/2026/12").mkdir(parents=True)
        (vault / "sessions/2026/12/new.md").write_text("# new\n", encoding="utf-8")
        time.sleep(3.0)
        assert history.head(vault) == detached
        git(vault, "checkout", "-q", "main", check=True)
        assert (vault / "sessions/2026/12/new.md").exists()  # still here, not on an orphan
        wait_until("the watcher to resume", lambda: committed_now(vault, "sessions/2026/12/new.md"))
    assert_healthy(vault, "detached")


# --- 16, 17: a FIFO and a symlinked folder never wedge the watcher -----------------------------


def test_a_fifo_and_a_folder_link_never_wedge_the_watcher(tmp_path: Path) -> None:
    vault = make_vault(tmp_path / "vault")
    history.commit_all(vault, "vault")
    outside = tmp_path / "etc"
    outside.mkdir()
    (outside / "passwd").write_text("root:x:0:0\n", encoding="utf-8")
    with watching(vault):
        os.mkfifo(vault / "pipe.md")
        os.symlink(outside, vault / "etc-link")
        time.sleep(2.0)
        (vault / "notes").mkdir()
        (vault / "notes/after.md").write_text("# After\n", encoding="utf-8")
        wait_until("a later note to be committed", lambda: committed_now(vault, "notes/after.md"))
        rebuild = subprocess.run(
            [*CLI, "rebuild", "--vault", str(vault)], capture_output=True, text=True, timeout=60
        )
        assert rebuild.returncode == 0, rebuild.stderr
    assert not any(r.startswith("etc-link/") for r in history.tracked(vault))
    (vault / "pipe.md").unlink()
    (vault / "etc-link").unlink()
    assert_healthy(vault, "fifo-link")


# --- 2: a whole-vault rollback never loses an event appended while it runs ----------------------


@pytest.mark.parametrize("seed", seeds(4))
def test_rollback_racing_hook_appends_loses_nothing(tmp_path: Path, seed: int) -> None:
    vault = make_vault(tmp_path / "vault")
    history.commit_all(vault, "vault")
    session = f"race-{seed}"
    for i in range(3):
        assert hook(vault, "claude-code", tool_call(session, f"pre{seed}x{i}")).returncode == 0
    cli(vault, "commit", check=True)
    rev = history.head(vault)
    assert rev
    for i in range(3):
        hook(vault, "claude-code", tool_call(session, f"mid{seed}x{i}"))
    cli(vault, "commit", check=True)
    markers = [f"race{seed}e{i}" for i in range(12)]
    delays = rng(seed, "rollback")

    def appender() -> None:
        for marker in markers:
            time.sleep(delays.uniform(0, 0.08))
            assert hook(vault, "claude-code", tool_call(session, marker)).returncode == 0

    thread = threading.Thread(target=appender)
    thread.start()
    time.sleep(delays.uniform(0, 0.4))
    rolled = cli(vault, "rollback", rev)
    thread.join(120)
    assert rolled.returncode == 0, rolled.stderr
    cli(vault, "commit")
    everything = git(vault, "log", "-p", "--all").stdout
    on_disk = "".join(e.input + e.output for e in session_events(vault))
    for marker in markers:
        assert marker in everything or marker in on_disk, f"event {marker} was lost"
    assert_healthy(vault, f"rollback-race-{seed}")


# --- 13: git SIGKILLed inside a rollback leaves no torn notes once the next commit runs --------


@pytest.mark.parametrize("seed", seeds(4))
def test_a_killed_rollback_is_finished_by_the_next_commit(tmp_path: Path, seed: int) -> None:
    vault = make_vault(tmp_path / "vault")
    (vault / "notes").mkdir()
    for i in range(300):
        (vault / f"notes/n{i:03d}.md").write_text(f"# Note {i}\n" + "x" * 2000, encoding="utf-8")
    history.commit_all(vault, "vault")
    rev = history.head(vault)
    for i in range(300):
        (vault / f"notes/n{i:03d}.md").write_text(f"# Edited {i}\n", encoding="utf-8")
    cli(vault, "commit", check=True)
    proc = subprocess.Popen(
        [*CLI, "rollback", str(rev), "--vault", str(vault)],
        env=env_for(vault),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    kill_in_git(proc, rng(seed, "kill-rollback").uniform(0.0, 0.3))
    wait_git_idle(vault)
    time.sleep(5.5)  # a killed git leaves index.lock; it is stale after 5 s
    done = cli(vault, "commit")
    assert done.returncode in (0, 7), done.stderr
    journal = paths.state_dir(vault) / "rollback.json"
    assert not journal.exists()
    sizes = [(vault / f"notes/n{i:03d}.md").stat().st_size for i in range(300)]
    assert 0 not in sizes, "a rollback left empty notes behind"
    heads = {(vault / f"notes/n{i:03d}.md").read_text(encoding="utf-8")[:6] for i in range(300)}
    assert heads in ({"# Note"}, {"# Edit"}), f"half a rollback is visible: {heads}"
    assert_healthy(vault, f"rollback-kill-{seed}")
