"""services.autocommit hardening: git states, the deletion window, what may be
committed, restore and rollback that never overwrite uncommitted work. Real git throughout."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import threading
import time
from pathlib import Path

import pytest

from vaultsync.core import paths, writer
from vaultsync.core.config import load_config
from vaultsync.services.vault import autocommit
from vaultsync.services.vault import rollback as rollbacks
from vaultsync.storage import history

NOW = dt.datetime(2026, 11, 29, 16, 12, 5, tzinfo=dt.UTC)
# A key shaped like the privacy corpus's OpenAI samples (never a real one).
FAKE_KEY = "sk-proj-" + "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7cDe0fGh3iJk6l"


def write(vault: Path, rel: str, text: str | bytes) -> None:
    target = vault / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        target.write_bytes(text)
    else:
        target.write_text(text, encoding="utf-8")


def git(vault: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=vault, capture_output=True, text=True, check=check)


def committed(vault: Path, rev: str = "HEAD") -> set[str]:
    out = git(vault, "ls-tree", "-r", "--name-only", "-z", rev).stdout
    return set(out.split("\0")) - {""}


def head_text(vault: Path, rel: str) -> str:
    return git(vault, "show", f"HEAD:{rel}").stdout


@pytest.fixture
def repo(vault: Path) -> Path:
    for i in range(40):
        write(vault, f"notes/n{i:02d}.md", f"# Note {i}\n")
    history.ensure_repo(vault)
    history.commit_all(vault, "first")
    return vault


def commit(vault: Path, rels: list[str] | None = None) -> autocommit.BatchResult:
    config = load_config(vault)
    if rels is None:
        return autocommit.commit_pending(vault, config)
    return autocommit.commit_batch(vault, config, rels, now=NOW)


# --- 1: --restore-deletions never overwrites a re-created note ----------------------------------


def test_restore_deletions_keeps_a_note_recreated_meanwhile(repo: Path) -> None:
    rels = [f"notes/n{i:02d}.md" for i in range(40)]
    for rel in rels:
        (repo / rel).unlink()
    assert commit(repo, rels).held is not None
    write(repo, "notes/n07.md", "# New text the person wrote\n")
    back = autocommit.restore_held(repo, load_config(repo))
    assert "notes/n07.md" not in back and len(back) == 39
    assert (repo / "notes/n07.md").read_text() == "# New text the person wrote\n"
    assert (repo / "notes/n08.md").read_text() == "# Note 8\n"
    assert autocommit.held(repo) is None


# --- 2: rollback holds the note locks, so an append is never overwritten -----------------------


def test_rollback_waits_for_a_writer_holding_a_note_lock(repo: Path) -> None:
    first = history.head(repo)
    assert first
    rel = "notes/n03.md"
    write(repo, rel, "# Note 3\n\nedited\n")
    commit(repo, [rel])
    release = threading.Event()

    def appender() -> None:
        # A hook appending to the note: it holds the note's lock while it writes.
        with writer.locked(paths.lock_path(repo, rel), 5):
            release.wait(5)
            with (repo / rel).open("a", encoding="utf-8") as fh:
                fh.write("appended during the rollback\n")

    thread = threading.Thread(target=appender)
    thread.start()
    time.sleep(0.1)
    result: list[object] = []
    runner = threading.Thread(
        target=lambda: result.append(rollbacks.rollback(repo, load_config(repo), first))
    )
    runner.start()
    time.sleep(0.3)
    assert runner.is_alive(), "rollback must wait for the note's lock"
    release.set()
    thread.join(5)
    runner.join(30)
    # The append landed before the rollback read the note: it is in history (the snapshot).
    log = git(repo, "log", "-p", "--", rel).stdout
    assert "appended during the rollback" in log
    assert (repo / rel).read_text() == "# Note 3\n"


def test_rollback_refuses_when_uncommitted_work_cannot_be_committed(repo: Path) -> None:
    first = history.head(repo)
    assert first
    write(repo, "notes/new.md", "a key: " + FAKE_KEY + "\n")  # held back by the secret scan
    with pytest.raises(autocommit.HeldBack, match="rollback refused"):
        rollbacks.rollback(repo, load_config(repo), first)
    assert (repo / "notes/new.md").exists()


# --- 3, 4: never commit during a merge, rebase... or onto a detached HEAD -----------------------


def test_nothing_is_committed_onto_a_detached_head(repo: Path) -> None:
    write(repo, "notes/n01.md", "second\n")
    commit(repo, ["notes/n01.md"])
    git(repo, "checkout", "-q", "--detach", "HEAD~1")
    before = history.head(repo)
    write(repo, "sessions/2026/11/s.md", "# a session\n")
    with pytest.raises(history.GitStateBusy, match="detached"):
        commit(repo, ["sessions/2026/11/s.md"])
    assert history.head(repo) == before
    git(repo, "checkout", "-q", "main")
    assert commit(repo, ["sessions/2026/11/s.md"]).commit  # resumes once on a branch


def test_nothing_is_committed_during_a_merge_with_conflicts(repo: Path) -> None:
    git(repo, "checkout", "-q", "-b", "other")
    write(repo, "notes/n02.md", "theirs\n")
    git(repo, "commit", "-qam", "theirs")
    git(repo, "checkout", "-q", "main")
    write(repo, "notes/n02.md", "ours\n")
    git(repo, "commit", "-qam", "ours")
    assert git(repo, "merge", "other", check=False).returncode != 0
    with pytest.raises(history.GitStateBusy, match="merge is in progress"):
        commit(repo)
    assert git(repo, "merge", "--abort", check=False).returncode == 0
    assert (repo / "notes/n02.md").read_text() == "ours\n"


def test_a_rebase_in_progress_is_waited_for(repo: Path) -> None:
    (history.repository.git_dir(repo) / "rebase-merge").mkdir()
    write(repo, "notes/n04.md", "edited\n")
    with pytest.raises(history.GitStateBusy, match="rebase"):
        commit(repo, ["notes/n04.md"])


def test_a_file_with_conflict_markers_is_held_back(repo: Path) -> None:
    text = "# Note\n<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> other\n"
    write(repo, "notes/n05.md", text)
    result = commit(repo, ["notes/n05.md"])
    assert result.commit is None
    assert "conflict markers" in dict(result.blocked)["notes/n05.md"]
    assert "conflict markers" in autocommit.blocked(repo)["notes/n05.md"]
    write(repo, "notes/n05.md", "# Note\nresolved\n")
    assert commit(repo, ["notes/n05.md"]).commit
    assert autocommit.blocked(repo) == {}


# --- 5: the deletion guard judges a window, not one batch --------------------------------------


def test_deleting_a_few_at_a_time_is_held_within_the_window(vault: Path) -> None:
    for i in range(100):
        write(vault, f"notes/n{i:03d}.md", f"# Note {i}\n")
    history.ensure_repo(vault)
    history.commit_all(vault, "first")
    deleted_committed = 0
    held_at = None
    for batch in range(7):
        rels = [f"notes/n{batch * 9 + i:03d}.md" for i in range(9)]
        for rel in rels:
            (vault / rel).unlink()
        result = commit(vault, rels)
        if result.held is not None:
            held_at = batch
            break
        deleted_committed += 9
    assert held_at is not None, "63 of 100 notes deleted 9 at a time must be held"
    assert deleted_committed <= 25


def test_deletions_outside_the_window_are_judged_alone(vault: Path) -> None:
    for i in range(100):
        write(vault, f"notes/n{i:03d}.md", f"# Note {i}\n")
    history.ensure_repo(vault)
    history.commit_all(vault, "first")
    write(vault, paths.VAULT_CONFIG, "[watch]\ndelete_window_s = 0\n")
    for batch in range(4):
        rels = [f"notes/n{batch * 9 + i:03d}.md" for i in range(9)]
        for rel in rels:
            (vault / rel).unlink()
        assert commit(vault, rels).held is None


# --- 8: what may be committed -----------------------------------------------------------------


def test_secrets_big_files_and_fifos_are_held_back_and_can_be_allowed(repo: Path) -> None:
    write(repo, "keys/id_ed25519", _private_key())
    write(repo, "prod.env", f"OPENAI_API_KEY={FAKE_KEY}\n")
    write(repo, "inbox/dropped.md", f"# Dropped in\n\ntoken {FAKE_KEY}\n")
    write(repo, "video.mp4", b"\0" * 5000)
    os.mkfifo(repo / "pipe.md")
    write(repo, paths.VAULT_CONFIG, "[git]\nmax_file_mb = 0.001\n")
    write(repo, "notes/fine.md", "# Fine\n")
    result = commit(repo)
    reasons = dict(result.blocked)
    assert set(reasons) >= {"keys/id_ed25519", "prod.env", "inbox/dropped.md", "video.mp4"}
    assert "secret" in reasons["prod.env"] and "secret" in reasons["keys/id_ed25519"]
    assert "max_file_mb" in reasons["video.mp4"]
    # git status never lists a FIFO; the watcher's event names it, and it must not wedge git.
    assert "not a regular file" in dict(commit(repo, ["pipe.md"]).blocked)["pipe.md"]
    assert "notes/fine.md" in committed(repo)
    assert not committed(repo) & set(reasons)
    # `allow` lets files past the gate: this machine's own setting only.
    (paths.vaultsync_home() / "config.toml").write_text(
        '[git]\nmax_file_mb = 0.001\nallow = ["*.mp4"]\n'
    )
    commit(repo)
    assert "video.mp4" in committed(repo) and "prod.env" not in committed(repo)
    log = git(repo, "log", "--all", "-p").stdout
    assert FAKE_KEY not in log and "PRIVATE KEY" not in log


def _private_key() -> str:
    body = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"
    begin, end = "-----BEGIN OPENSSH PRIVATE KEY-----", "-----END OPENSSH PRIVATE KEY-----"
    return f"{begin}\n{body}\n{body}\n{end}\n"


# --- 13: a rollback killed half-way is finished, never left with torn notes --------------------


def test_a_killed_rollback_is_finished_by_the_next_commit(repo: Path) -> None:
    first = history.head(repo)
    assert first
    for i in range(5):
        write(repo, f"notes/n{i:02d}.md", f"edited {i}\n")
    commit(repo)
    rels = [f"notes/n{i:02d}.md" for i in range(5)]
    # What a kill during `git restore` leaves: the journal, and notes written half-way (empty).
    journal = paths.state_dir(repo) / "rollback.json"
    journal.write_text(json.dumps({"sha": first, "rels": rels, "what": "the vault"}))
    for rel in rels[:3]:
        (repo / rel).write_bytes(b"")
    result = commit(repo)  # the watcher's next batch, or `vaultsync commit`
    assert not journal.exists()
    for i in range(5):
        assert (repo / f"notes/n{i:02d}.md").read_text() == f"# Note {i}\n"
        assert head_text(repo, f"notes/n{i:02d}.md") == f"# Note {i}\n"
    assert result.commit is None or result.commit == history.head(repo)


# --- 21: a checkout of a branch without the notes is no mass deletion --------------------------


def test_checking_out_a_branch_without_the_notes_holds_nothing(repo: Path) -> None:
    before = committed(repo)
    git(repo, "checkout", "-q", "--orphan", "bare")
    git(repo, "rm", "-rq", "--cached", ".")
    for rel in before:
        (repo / rel).unlink()
    write(repo, "README.md", "# other branch\n")
    git(repo, "add", "README.md")
    git(repo, "commit", "-qm", "bare branch")
    rels = [f"notes/n{i:02d}.md" for i in range(40)]  # what the watcher saw vanish
    result = commit(repo, rels)
    assert result.held is None and autocommit.held(repo) is None


def test_held_deletions_taken_away_by_a_checkout_are_forgotten(repo: Path) -> None:
    rels = [f"notes/n{i:02d}.md" for i in range(40)]
    for rel in rels:
        (repo / rel).unlink()
    assert commit(repo, rels).held is not None
    git(repo, "checkout", "-q", "--orphan", "bare")
    git(repo, "rm", "-rq", "--cached", ".")
    write(repo, "README.md", "# other branch\n")
    git(repo, "add", "README.md")
    git(repo, "commit", "-qm", "bare branch")
    assert autocommit.restore_held(repo, load_config(repo)) == ()
    assert autocommit.held(repo) is None


def test_the_first_commit_of_a_vault_leaves_secrets_out(vault: Path) -> None:
    from vaultsync.services.vault.setup import init

    write(vault, "notes/mine.md", "# Mine\n")
    write(vault, "deploy/prod.env", f"OPENAI_API_KEY={FAKE_KEY}\n")
    init(vault, user_config=False)
    assert "notes/mine.md" in committed(vault)
    assert "deploy/prod.env" not in committed(vault)
    assert "secret" in autocommit.blocked(vault)["deploy/prod.env"]


def test_a_renamed_folder_of_notes_is_not_scanned_as_drops(repo: Path) -> None:
    (repo / "notes").rename(repo / "archive-2025")
    rels = [f"notes/n{i:02d}.md" for i in range(40)] + [
        f"archive-2025/n{i:02d}.md" for i in range(40)
    ]
    result = commit(repo, rels)
    assert result.held is None and result.blocked == ()
    assert {f"archive-2025/n{i:02d}.md" for i in range(40)} <= committed(repo)
