"""The watch loop against git states and broken derived state, driven by an injected clock
and event source."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from vaultsync.adapters.heartbeat import read_heartbeat
from vaultsync.adapters.watcher import FsEvent, Kind, Watcher
from vaultsync.core.config import load_config
from vaultsync.services.vault.status import status
from vaultsync.storage import history


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def git(vault: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=vault, capture_output=True, text=True, check=check)


def write(vault: Path, rel: str, text: str) -> FsEvent:
    target = vault / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    return FsEvent(Kind.MODIFIED, str(target.resolve()))


@pytest.fixture
def watched(vault: Path) -> tuple[Watcher, Clock]:
    for i in range(3):
        write(vault, f"notes/n{i}.md", f"# Note {i}\n")
    clock = Clock()
    config = load_config(vault)
    data = {**config.data, "watch": {**config.section("watch"), "debounce_s": 1.0}}
    watcher = Watcher(vault, config.replace(data=data), clock=clock, commit=True)
    watcher.start()
    return watcher, clock


def flush(watcher: Watcher, clock: Clock, *events: FsEvent) -> None:
    watcher.feed_all(events)
    clock.advance(1.0)
    watcher.step()


# --- 3, 4: the watcher waits for git, says so, and resumes -------------------------------------


def test_the_watcher_waits_during_a_merge_and_resumes_after(watched: tuple[Watcher, Clock]) -> None:
    watcher, clock = watched
    vault = watcher.vault
    git(vault, "checkout", "-q", "-b", "other")
    write(vault, "notes/n1.md", "theirs\n")
    git(vault, "commit", "-qam", "theirs")
    git(vault, "checkout", "-q", "main")
    write(vault, "notes/n1.md", "ours\n")
    git(vault, "commit", "-qam", "ours")
    assert git(vault, "merge", "other", check=False).returncode != 0  # conflict markers now
    before = history.head(vault)
    flush(watcher, clock, FsEvent(Kind.MODIFIED, str((vault / "notes/n1.md").resolve())))
    flush(watcher, clock, write(vault, "sessions/2026/11/new.md", "# new session\n"))
    assert history.head(vault) == before, "nothing may be committed during a merge"
    beat = read_heartbeat(vault)
    assert beat is not None and "merge is in progress" in beat["waiting"]
    assert "merge is in progress" in (status(vault).git_waiting or "")
    assert watcher.beat.errors == 0  # waiting for a person is not an error
    assert git(vault, "merge", "--abort", check=False).returncode == 0
    clock.advance(5.0)
    watcher.step()
    assert "sessions/2026/11/new.md" in history.tracked(vault)
    assert read_heartbeat(vault)["waiting"] == ""
    assert "<<<<<<<" not in git(vault, "show", "HEAD:notes/n1.md").stdout


def test_the_watcher_never_commits_onto_a_detached_head(watched: tuple[Watcher, Clock]) -> None:
    watcher, clock = watched
    vault = watcher.vault
    flush(watcher, clock, write(vault, "notes/n0.md", "second version\n"))
    git(vault, "checkout", "-q", "--detach", "HEAD~1")
    detached = history.head(vault)
    flush(watcher, clock, write(vault, "sessions/2026/11/s.md", "# a session\n"))
    assert history.head(vault) == detached
    git(vault, "checkout", "-q", "main")
    clock.advance(5.0)
    watcher.step()
    assert "sessions/2026/11/s.md" in history.tracked(vault)  # on main, not on an orphan


# --- 17: a symlinked folder never wedges the batches -------------------------------------------


def test_a_symlink_to_a_folder_does_not_stop_commits(
    watched: tuple[Watcher, Clock], tmp_path: Path
) -> None:
    watcher, clock = watched
    vault = watcher.vault
    outside = tmp_path / "etc"
    (outside / "sub").mkdir(parents=True)
    (outside / "passwd").write_text("root:x:0:0\n", encoding="utf-8")
    os.symlink(outside, vault / "etc-link")
    link = str((vault / "etc-link").resolve().parent / "etc-link")
    flush(watcher, clock, FsEvent(Kind.CREATED, link, is_dir=True))
    flush(watcher, clock, write(vault, "notes/after.md", "# After\n"))
    assert watcher.beat.errors == 0, watcher.beat.last_error
    tracked = history.tracked(vault)
    assert "notes/after.md" in tracked
    assert not any(r.startswith("etc-link/") for r in tracked)


# --- 20, 22: an unwritable index never blocks git; status shows the watcher's errors -----------


def test_an_unusable_index_never_blocks_commits(watched: tuple[Watcher, Clock]) -> None:
    watcher, clock = watched
    vault = watcher.vault

    def broken(*_a: object, **_k: object) -> None:
        raise OSError(30, "Read-only file system: index.sqlite")

    watcher.reconcile = broken
    flush(watcher, clock, write(vault, "notes/n2.md", "# Note 2\n\nedited while the index fails\n"))
    assert "edited while" in git(vault, "show", "HEAD:notes/n2.md").stdout
    beat = read_heartbeat(vault)
    assert beat is not None and beat["errors"] == 1
    assert "Read-only file system" in beat["recent_errors"][-1]
    shown = status(vault).watcher
    assert shown is not None and "Read-only file system" in shown["recent_errors"][-1]


def test_a_rejecting_pre_commit_hook_shows_in_status(watched: tuple[Watcher, Clock]) -> None:
    watcher, clock = watched
    vault = watcher.vault
    hook = vault / ".git" / "hooks" / "pre-commit"
    hook.write_text("#!/bin/sh\necho 'policy: no commits today' >&2\nexit 1\n", encoding="utf-8")
    hook.chmod(0o755)
    flush(watcher, clock, write(vault, "notes/n0.md", "# edited\n"))
    shown = status(vault).watcher
    assert shown is not None and shown["errors"] == 1
    assert "policy: no commits today" in shown["recent_errors"][-1]
