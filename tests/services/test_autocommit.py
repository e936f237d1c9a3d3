"""services.autocommit: messages, the mass-deletion guard, batches against real git."""

from __future__ import annotations

import datetime as dt
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from vaultsync.core import paths
from vaultsync.core.config import load_config
from vaultsync.services.vault import autocommit
from vaultsync.storage import history
from vaultsync.storage.history import Change

NOW = dt.datetime(2026, 11, 29, 16, 12, 5, tzinfo=dt.UTC)
SESSION = "sessions/2026/11/2026-11-29 1612 claude-code abc123 1a2b3c4d.md"
SESSION2 = "sessions/2026/11/2026-11-29 1700 codex zz9 5e6f7a8b.md"


@dataclass(frozen=True)
class Report:
    generated: tuple[str, ...] = ()


def write(vault: Path, rel: str, text: str) -> None:
    target = vault / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")


def committed(vault: Path) -> set[str]:
    out = subprocess.run(
        ["git", "ls-tree", "-r", "--name-only", "-z", "HEAD"],
        cwd=vault,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return set(out.split("\0")) - {""}


@pytest.fixture
def repo(vault: Path) -> Path:
    for i in range(40):
        write(vault, f"notes/n{i:02d}.md", f"# Note {i}\n")
    history.ensure_repo(vault)
    history.commit_all(vault, "first")
    return vault


# --- messages -----------------------------------------------------------------------------------


def test_summary_names_kinds_verbs_and_agents() -> None:
    changes = [
        Change("A", SESSION),
        Change("A", SESSION2),
        Change("M", "memories/L3-core/prefers tabs.md"),
        Change("M", "USER.md"),
        Change("R", "projects/b.md", "inbox/b.md"),
        Change("D", "attachments/old.png"),
    ]
    summary, agents = autocommit.summarize(changes)
    assert summary == (
        "2 new sessions (claude-code, codex), 1 memory edited, 1 note moved, 1 file deleted, "
        "USER.md regenerated"
    )
    assert agents == ("claude-code", "codex")
    assert autocommit.summarize([]) == ("no changes", ())


def test_render_message_fills_the_obsidian_git_placeholders() -> None:
    template = (
        "{{summary}} | {{numFiles}} | {{hostname}} | {{date}} | {{agents}} | {{unknown}}"
        "\n\n{{files}}"
    )
    changes = [Change("A", SESSION), Change("R", "b.md", "a.md")]
    text = autocommit.render_message(template, changes, now=NOW, hostname="laptop")
    # {{date}} in the person's zone (the tests' +08:00), like every time vaultsync shows
    assert text == (
        "1 new session (claude-code), 1 note moved | 2 | laptop | 2026-11-30 00:12:05+08:00 | "
        f"claude-code | {{{{unknown}}}}\n\nA {SESSION}\nR a.md -> b.md\n"
    )


def test_render_message_caps_the_file_list() -> None:
    changes = [Change("A", f"n{i}.md") for i in range(autocommit.MAX_FILES_LISTED + 7)]
    text = autocommit.render_message("{{files}}", changes, now=NOW, hostname="h")
    assert text.rstrip().endswith("... and 7 more")
    assert text.count("\n") == autocommit.MAX_FILES_LISTED + 1


def test_default_template_matches_the_config_default() -> None:
    assert load_config(None).get("git", "commit_template") == autocommit.DEFAULT_TEMPLATE


# --- batches ------------------------------------------------------------------------------------


def test_commit_batch_commits_changed_and_generated_paths(repo: Path) -> None:
    write(repo, SESSION, "# session\n")
    write(repo, "USER.md", "# User\n")
    write(repo, "notes/unrelated.md", "stays uncommitted")
    result = autocommit.commit_batch(
        repo,
        load_config(repo),
        [SESSION, ".obsidian/workspace.json"],
        Report(("USER.md",)),
        now=NOW,
    )
    assert result.commit and result.held is None
    assert result.files == ("USER.md", SESSION)
    assert result.agents == ("claude-code",)
    assert result.summary == "1 new session (claude-code), USER.md regenerated"
    assert result.message.startswith(
        "vaultsync: 1 new session (claude-code), USER.md regenerated (2 files, "
    )
    assert {"USER.md", SESSION} <= committed(repo) and "notes/unrelated.md" not in committed(repo)
    assert result.as_dict()["commit"] == result.commit


def test_a_batch_with_no_change_commits_nothing(repo: Path) -> None:
    result = autocommit.commit_batch(repo, load_config(repo), ["notes/n01.md"], now=NOW)
    assert result.commit is None and result.message == ""


def test_a_mass_deletion_is_held_back_and_confirmed_later(repo: Path) -> None:
    config = load_config(repo)
    doomed = [f"notes/n{i:02d}.md" for i in range(20)]  # half of the notes
    for rel in doomed:
        (repo / rel).unlink()
    write(repo, "notes/new.md", "still committed")
    result = autocommit.commit_batch(repo, config, [*doomed, "notes/new.md"], now=NOW)
    assert result.held is not None and set(result.held.rels) == set(doomed)
    assert result.held.share == 0.475 and result.held.total == 40  # 20 gone, 1 new, of 40
    assert result.commit and "notes/new.md" in committed(repo)
    assert set(doomed) <= committed(repo)  # the deletions did not reach history
    assert autocommit.held(repo) == result.held

    # Later batches and a plain `commit` keep them out, and keep saying so.
    again = autocommit.commit_pending(repo, config)
    assert again.commit is None and set(doomed) <= committed(repo)
    assert autocommit.held(repo) is not None

    confirmed = autocommit.commit_pending(repo, config, confirm_deletions=True)
    assert confirmed.commit and not set(doomed) & committed(repo)
    assert confirmed.summary == "20 notes deleted"
    assert autocommit.held(repo) is None


def test_held_deletions_can_be_undone(repo: Path) -> None:
    config = load_config(repo)
    doomed = [f"notes/n{i:02d}.md" for i in range(30)]
    for rel in doomed:
        (repo / rel).unlink()
    assert autocommit.commit_batch(repo, config, doomed, now=NOW).held is not None
    restored = autocommit.restore_held(repo, config)
    assert set(restored) == set(doomed)
    assert all((repo / rel).exists() for rel in doomed)
    assert autocommit.held(repo) is None
    assert autocommit.restore_held(repo, config) == ()


def test_held_deletions_whose_files_came_back_are_forgotten(repo: Path) -> None:
    config = load_config(repo)
    doomed = [f"notes/n{i:02d}.md" for i in range(12)]
    saved = {rel: (repo / rel).read_text() for rel in doomed}
    for rel in doomed:
        (repo / rel).unlink()
    assert autocommit.commit_batch(repo, config, doomed, now=NOW).held is not None
    for rel, text in saved.items():  # e.g. a sync service put them back
        write(repo, rel, text)
    assert autocommit.commit_batch(repo, config, [], now=NOW).commit is None
    assert autocommit.held(repo) is None


def test_small_or_proportionate_deletions_are_committed(repo: Path) -> None:
    config = load_config(repo)
    few = [f"notes/n{i:02d}.md" for i in range(5)]  # below the absolute minimum
    for rel in few:
        (repo / rel).unlink()
    result = autocommit.commit_batch(repo, config, few, now=NOW)
    assert result.held is None and result.commit


def test_the_guard_reads_its_limits_from_config(repo: Path) -> None:
    # A looser guard is this machine's own setting: a shared vault config cannot loosen it.
    (paths.vaultsync_home() / "config.toml").write_text(
        "[watch]\nmax_delete_share = 0.9\nmin_held_deletions = 3\n"
    )
    config = load_config(repo)
    doomed = [f"notes/n{i:02d}.md" for i in range(30)]  # 75%: under the raised share
    for rel in doomed:
        (repo / rel).unlink()
    assert autocommit.commit_batch(repo, config, doomed, now=NOW).held is None


def test_a_broken_held_file_counts_as_nothing_held(repo: Path) -> None:
    autocommit.held_file(repo).parent.mkdir(parents=True, exist_ok=True)
    autocommit.held_file(repo).write_text("{not json", encoding="utf-8")
    assert autocommit.held(repo) is None


def test_an_unreadable_file_is_never_committed_as_deleted(repo: Path) -> None:
    target = repo / "notes/n00.md"
    target.unlink()
    target.symlink_to(target.name)  # a symlink loop: stat fails with ELOOP, even for root
    result = autocommit.commit_batch(repo, load_config(repo), ["notes/n00.md"], now=NOW)
    assert result.commit is None and result.held is None
    assert "notes/n00.md" in committed(repo)


def test_a_renamed_folder_is_a_move_not_a_mass_deletion(repo: Path) -> None:
    (repo / "notes").rename(repo / "renamed")
    rels = [f"notes/n{i:02d}.md" for i in range(40)] + [f"renamed/n{i:02d}.md" for i in range(40)]
    result = autocommit.commit_batch(repo, load_config(repo), rels, now=NOW)
    assert result.held is None and result.commit
    assert result.summary == "40 notes moved"
    assert autocommit.held(repo) is None
