"""storage.history against real git repositories in tmp dirs."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vaultsync.core import paths
from vaultsync.storage import history


def git(vault: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=vault, capture_output=True, text=True, check=True
    ).stdout


def write(vault: Path, rel: str, text: str) -> None:
    target = vault / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")


def committed(vault: Path) -> set[str]:
    return set(git(vault, "ls-tree", "-r", "--name-only", "-z", "HEAD").split("\0")) - {""}


@pytest.fixture
def repo(vault: Path) -> Path:
    write(vault, "notes/first.md", "# First\n\nhello\n")
    assert history.ensure_repo(vault) is True
    assert history.commit_all(vault, "first") is not None
    return vault


# --- the repository ---------------------------------------------------------------------------


def test_ensure_repo_creates_once(vault: Path) -> None:
    assert not history.is_repo(vault)
    assert history.ensure_repo(vault) is True
    assert history.is_repo(vault)
    assert history.ensure_repo(vault) is False
    assert history.head(vault) is None
    assert history.log(vault) == []


def test_ensure_repo_refuses_a_vault_nested_in_another_repo(tmp_path: Path) -> None:
    outer = tmp_path / "outer"
    (outer / "vault").mkdir(parents=True)
    git(outer, "init", "-q")
    with pytest.raises(history.NotARepo, match="inside the git repository"):
        history.ensure_repo(outer / "vault")
    assert not (outer / "vault" / ".git").exists()
    # Once the outer repository ignores the folder, the vault may have its own.
    (outer / ".gitignore").write_text("vault/\n", encoding="utf-8")
    assert history.ensure_repo(outer / "vault") is True
    assert history.is_repo(outer / "vault")


def test_missing_vault_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(history.NotARepo, match="vault not found"):
        history.ensure_repo(tmp_path / "nope")


def test_commit_all_never_takes_workspace_trash_temp_or_conflicts(vault: Path) -> None:
    # No .gitignore at all: the module's own rules must hold.
    for rel in (
        "notes/a.md",
        "attachments/pic.png",
        ".vaultsync/config.toml",
        ".obsidian/workspace.json",
        ".obsidian/workspace-mobile.json",
        ".obsidian/app.json",
        ".trash/old.md",
        "notes/.a.md.vstmp-1234abcd",
        "notes/a.md.swp",
        "notes/a.md~",
        "notes/a.sync-conflict-20260101-120000-ABC.md",
        "notes/a (conflicted copy 2026-01-01).md",
    ):
        write(vault, rel, "x")
    write(vault, ".gitignore", "*.log\n")
    history.ensure_repo(vault)
    assert history.commit_all(vault, "everything") is not None
    assert committed(vault) == {
        "notes/a.md",
        "attachments/pic.png",
        ".vaultsync/config.toml",
        ".gitignore",
    }
    assert history.commit_all(vault, "again") is None


def test_stageable_rules() -> None:
    assert history.stageable("notes/a.md")
    assert history.stageable("USER.md")
    assert history.stageable(paths.VAULT_CONFIG)
    assert history.stageable(".vaultsync/templates/user.md")
    for bad in (".git/config", ".obsidian/workspace.json", ".trash/x.md", "a/.b.md.vstmp-1", ""):
        assert not history.stageable(bad), bad


# --- committing ---------------------------------------------------------------------------------


def test_commit_paths_add_edit_delete(repo: Path) -> None:
    write(repo, "notes/b.md", "b")
    write(repo, "notes/c d é.md", "unicode and spaces")
    write(repo, "notes/other.md", "not in this batch")
    sha = history.commit_paths(repo, ["notes/b.md", "notes/c d é.md"], "add two")
    assert sha and sha == history.head(repo)
    assert {"notes/b.md", "notes/c d é.md"} <= committed(repo)
    assert "notes/other.md" not in committed(repo)  # only the named paths

    write(repo, "notes/b.md", "b edited")
    (repo / "notes/first.md").unlink()
    sha2 = history.commit_paths(repo, ["notes/b.md", "notes/first.md"], "edit and delete")
    assert sha2 != sha
    assert "notes/first.md" not in committed(repo)
    top = history.log(repo, limit=1)[0]
    assert {(c.status, c.path) for c in top.changes} == {
        ("M", "notes/b.md"),
        ("D", "notes/first.md"),
    }


def test_a_large_batch_stages_by_exact_path(repo: Path) -> None:
    # More files than the pathspec limit: adds, edits, deletions, an ignored file, a rename.
    write(repo, ".gitignore", "private/\n")
    history.commit_paths(repo, [".gitignore"], "ignore private")
    for i in range(history._PATHSPEC_MAX + 20):
        write(repo, f"many/n{i:03d}.md", f"note {i} with enough text to be recognised when moved\n")
    write(repo, "private/secret.md", "s")
    write(repo, "notes/tracked-then-ignored.md", "v1")
    history.commit_paths(repo, ["notes/tracked-then-ignored.md"], "tracked")
    write(repo, ".gitignore", "private/\nnotes/tracked-then-ignored.md\n")
    write(repo, "notes/tracked-then-ignored.md", "v2")
    rels = [f"many/n{i:03d}.md" for i in range(history._PATHSPEC_MAX + 20)]
    extra = ["private/secret.md", "notes/tracked-then-ignored.md", ".gitignore"]
    assert history.commit_paths(repo, [*rels, *extra], "many")
    assert set(rels) <= committed(repo) and "private/secret.md" not in committed(repo)
    assert git(repo, "show", "HEAD:notes/tracked-then-ignored.md") == "v2"  # still followed
    (repo / "many").rename(repo / "moved")
    moved = [r.replace("many/", "moved/") for r in rels]
    (repo / "notes/first.md").unlink()
    assert history.commit_paths(repo, [*rels, *moved, "notes/first.md", "never/was.md"], "move")
    top = history.log(repo, limit=1)[0]
    assert sum(c.status == "R" for c in top.changes) == len(rels)
    assert ("D", "notes/first.md") in {(c.status, c.path) for c in top.changes}
    assert history.dirty_rels(repo) == []


def test_a_folder_is_never_added_whole_but_a_removed_one_is_removed(repo: Path) -> None:
    write(repo, "att/a.png", "a")
    write(repo, "att/sub/b.png", "b")
    # Everything inside would pass the gate unseen: callers hand over files one by one.
    assert history.commit_paths(repo, ["att"], "folder added") is None
    assert not any(r.startswith("att/") for r in committed(repo))
    assert history.commit_paths(repo, ["att/a.png", "att/sub/b.png"], "files added")
    assert {"att/a.png", "att/sub/b.png"} <= committed(repo)
    (repo / "att/a.png").unlink()
    (repo / "att/sub/b.png").unlink()
    (repo / "att/sub").rmdir()
    (repo / "att").rmdir()
    assert history.commit_paths(repo, ["att"], "folder removed")
    assert not any(r.startswith("att/") for r in committed(repo))


def test_nothing_to_commit_returns_none(repo: Path) -> None:
    before = history.head(repo)
    assert history.commit_paths(repo, ["notes/first.md"], "no change") is None
    assert history.commit_paths(repo, ["notes/never-existed.md"], "ghost") is None
    assert history.commit_paths(repo, [".obsidian/workspace.json", ".trash/x.md"], "bad") is None
    assert history.commit_paths(repo, [], "empty") is None
    assert history.head(repo) == before


def test_paths_the_persons_gitignore_excludes_are_skipped(repo: Path) -> None:
    write(repo, ".gitignore", "private/\n")
    write(repo, "private/secret.md", "s")
    write(repo, "notes/ok.md", "ok")
    sha = history.commit_paths(repo, [".gitignore", "private/secret.md", "notes/ok.md"], "mixed")
    assert sha is not None
    assert "notes/ok.md" in committed(repo) and "private/secret.md" not in committed(repo)


def test_message_may_be_built_from_the_staged_changes(repo: Path) -> None:
    (repo / "notes/first.md").rename(repo / "notes/renamed.md")
    seen: list[list[history.Change]] = []

    def message(changes: list[history.Change]) -> str:
        seen.append(list(changes))
        return f"{len(changes)} change"

    assert history.commit_paths(repo, ["notes/first.md", "notes/renamed.md"], message)
    assert seen == [[history.Change("R", "notes/renamed.md", "notes/first.md")]]
    assert history.log(repo, limit=1)[0].subject == "1 change"


def test_author_fallback_when_git_has_no_identity(
    vault: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    empty = tmp_path / "empty-gitconfig"
    empty.write_text("", encoding="utf-8")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(empty))
    for var in (
        "GIT_AUTHOR_NAME",
        "GIT_AUTHOR_EMAIL",
        "GIT_COMMITTER_NAME",
        "GIT_COMMITTER_EMAIL",
        "EMAIL",
    ):
        monkeypatch.delenv(var, raising=False)
    history._author_cache.clear()
    write(vault, "a.md", "a")
    history.ensure_repo(vault)
    assert history.commit_all(vault, "no identity configured") is not None
    assert history.log(vault)[0].author == "vaultsync"


def test_a_remote_is_never_pushed_to(repo: Path, tmp_path: Path) -> None:
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    git(repo, "remote", "add", "origin", str(remote))
    write(repo, "notes/b.md", "b")
    assert history.commit_paths(repo, ["notes/b.md"], "local only")
    assert history.has_remote(repo)
    assert git(remote, "for-each-ref") == ""


# --- reading history ----------------------------------------------------------------------------


def test_log_follows_a_note_across_renames(repo: Path) -> None:
    write(repo, "notes/first.md", "# First\n\nhello\nmore text so the rename is detected\n")
    history.commit_paths(repo, ["notes/first.md"], "edit before the move")
    (repo / "moved").mkdir()
    (repo / "notes/first.md").rename(repo / "moved/first.md")
    history.commit_paths(repo, ["notes/first.md", "moved/first.md"], "move it")
    commits = history.log(repo, "moved/first.md")
    assert [c.subject for c in commits] == ["move it", "edit before the move", "first"]
    assert commits[0].changes[0].old_path == "notes/first.md"
    data = commits[0].as_dict()
    assert data["changes"] == [
        {"status": "R", "path": "moved/first.md", "old_path": "notes/first.md"}
    ]
    assert len(history.log(repo, limit=1)) == 1


def test_diff_against_now_and_between_two(repo: Path) -> None:
    first = history.head(repo)
    assert first
    write(repo, "notes/first.md", "# First\n\nchanged\n")
    assert "+changed" in history.diff(repo, first)
    assert "+changed" in history.diff(repo, first, "notes/first.md")
    assert history.diff(repo, first, "notes/other.md") == ""
    history.commit_paths(repo, ["notes/first.md"], "change")
    assert "-hello" in history.diff(repo, f"{first}..HEAD")
    with pytest.raises(history.GitError, match="unknown revision"):
        history.diff(repo, "no-such-rev")
    with pytest.raises(history.GitError, match="not a revision"):
        history.diff(repo, "--output=/tmp/x")


# --- rollback -----------------------------------------------------------------------------------


def test_restore_one_deleted_note_as_a_new_commit(repo: Path) -> None:
    first = history.head(repo)
    assert first
    (repo / "notes/first.md").unlink()
    history.commit_paths(repo, ["notes/first.md"], "delete")
    n_before = len(history.log(repo, limit=100))
    sha = history.restore(repo, first, "notes/first.md")
    assert sha and (repo / "notes/first.md").read_text() == "# First\n\nhello\n"
    log = history.log(repo, limit=100)
    assert len(log) == n_before + 1  # a new commit; nothing rewritten
    assert first in {c.sha for c in log}
    assert history.restore(repo, first, "notes/first.md") is None  # already matches


def test_restore_commits_uncommitted_work_first(repo: Path) -> None:
    first = history.head(repo)
    assert first
    write(repo, "notes/first.md", "unsaved thought\n")
    history.restore(repo, first, "notes/first.md")
    subjects = [c.subject for c in history.log(repo, limit=3)]
    assert subjects[1].startswith("vaultsync: snapshot of notes/first.md")
    assert "unsaved thought" in git(repo, "show", "HEAD~1:notes/first.md")


def test_restore_of_a_note_absent_at_rev_is_an_error_not_a_delete(repo: Path) -> None:
    first = history.head(repo)
    assert first
    write(repo, "notes/new.md", "new")
    history.commit_paths(repo, ["notes/new.md"], "new")
    with pytest.raises(FileNotFoundError, match="did not exist"):
        history.restore(repo, first, "notes/new.md")
    assert (repo / "notes/new.md").exists()


def test_restore_whole_vault(repo: Path) -> None:
    first = history.head(repo)
    assert first
    write(repo, "notes/later.md", "later")
    write(repo, "notes/first.md", "edited")
    write(repo, ".obsidian/app.json", "{}")
    history.commit_paths(repo, ["notes/later.md", "notes/first.md"], "later")
    sha = history.restore(repo, first)
    assert sha
    assert not (repo / "notes/later.md").exists()
    assert (repo / "notes/first.md").read_text() == "# First\n\nhello\n"
    assert (repo / ".obsidian/app.json").exists()  # never touched
    assert history.checkout_files(repo, ["notes/later.md"], "HEAD~1") == ("notes/later.md",)
    assert (repo / "notes/later.md").read_text() == "later"


# --- locks --------------------------------------------------------------------------------------

_HOLDER = """
import os, sys, time
lock = sys.argv[1]
fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
os.write(fd, b"held")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
os.close(fd)
os.unlink(lock)
"""


def test_commit_waits_for_another_process_holding_index_lock(repo: Path) -> None:
    lock = repo / ".git" / "index.lock"
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLDER, str(lock), "0.8"], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        write(repo, "notes/b.md", "b")
        started = time.monotonic()
        sha = history.commit_paths(repo, ["notes/b.md"], "after the other committer")
        waited = time.monotonic() - started
    finally:
        holder.wait(timeout=10)
    assert sha and "notes/b.md" in committed(repo)
    # It waited instead of failing or stealing the lock (held 0.8 s from "locked"; 0.5 s of
    # margin for a busy machine between that line and the commit starting).
    assert waited >= 0.3
    assert holder.returncode == 0  # the holder removed its own lock: we never did


def test_a_busy_lock_past_the_timeout_is_reported(repo: Path) -> None:
    lock = repo / ".git" / "index.lock"
    lock.write_text("fresh")  # fresh: never stale, whoever holds it
    write(repo, "notes/b.md", "b")
    with pytest.raises(history.GitLockBusy, match=r"index\.lock"):
        history.commit_paths(repo, ["notes/b.md"], "blocked", lock_timeout=0.3)
    assert lock.exists()
    lock.unlink()
    assert history.commit_paths(repo, ["notes/b.md"], "now")  # nothing was lost


def test_a_stale_lock_from_a_dead_process_is_recovered(
    repo: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # A lock left by a process that died: a real dead pid wrote it, and it is old.
    lock = repo / ".git" / "index.lock"
    subprocess.run([sys.executable, "-c", f"open({str(lock)!r}, 'w').write('x')"], check=True)
    old = time.time() - 3600
    os.utime(lock, (old, old))
    write(repo, "notes/b.md", "b")
    with caplog.at_level(logging.WARNING, logger="vaultsync.history"):
        assert history.commit_paths(repo, ["notes/b.md"], "after recovery", lock_timeout=2)
    assert not lock.exists()
    assert "stale git lock" in caplog.text


def test_status_porcelain_lists_only_stageable_paths(repo: Path) -> None:
    write(repo, "notes/new.md", "n")
    write(repo, ".obsidian/workspace.json", "{}")
    write(repo, "notes/x.md.swp", "s")
    (repo / "notes/first.md").unlink()
    assert dict((rel, code) for code, rel in history.status_porcelain(repo)) == {
        "notes/new.md": "??",
        "notes/first.md": " D",
    }
    assert history.dirty_rels(repo) == ["notes/first.md", "notes/new.md"]
    assert not (repo / ".git" / "index.lock").exists()


_NAME = st.text(
    alphabet=st.characters(
        blacklist_categories=("Cs", "Cc"), blacklist_characters='/\\:*?"<>|#^[]%\x00'
    ),
    min_size=1,
    max_size=20,
).map(lambda s: paths.safe_component(s) + ".md")


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(name=_NAME)
def test_any_safe_note_name_round_trips_through_commit_and_log(repo: Path, name: str) -> None:
    rel = f"notes/{name}"
    write(repo, rel, f"text of {name}")
    if history.commit_paths(repo, [rel], f"add {name}") is None:
        return  # the same name came up twice
    top = history.log(repo, rel, limit=1)[0]
    assert top.changes[0].path == rel
