"""`vaultsync history`, `diff`, `rollback` and `commit`, in process and as real subprocesses."""

from __future__ import annotations

import datetime as dt
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from vaultsync.adapters.cli.app import Exit, app, load_commands
from vaultsync.core.config import load_config
from vaultsync.services.vault import autocommit
from vaultsync.storage import history
from vaultsync.storage.index import Index

runner = CliRunner()


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("vaultsync")
    base = [exe] if exe else [sys.executable, "-m", "vaultsync"]
    return subprocess.run([*base, *args], capture_output=True, text=True, timeout=60, check=False)


def invoke(*args: str) -> Result:
    load_commands()
    return runner.invoke(app, list(args))


def write(vault: Path, rel: str, text: str) -> None:
    target = vault / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")


@pytest.fixture
def repo(vault: Path) -> Path:
    write(vault, "notes/a.md", "# A\n\nversion one\n")
    history.ensure_repo(vault)
    history.commit_all(vault, "vaultsync: first")
    write(vault, "notes/a.md", "# A\n\nversion two\n")
    history.commit_paths(vault, ["notes/a.md"], "vaultsync: edit a")
    return vault


def test_history_lists_commits_for_the_vault_and_one_note(repo: Path) -> None:
    out = invoke("history", "--vault", str(repo))
    assert out.exit_code == 0, out.output
    assert "vaultsync: edit a" in out.output and "vaultsync: first" in out.output
    # each line's time is the commit's, in the person's zone (+08:00 in tests), whatever
    # offset git recorded
    newest = history.log(repo)[0]
    mine = dt.datetime.fromisoformat(newest.date).astimezone(dt.timezone(dt.timedelta(hours=8)))
    assert out.output.splitlines()[0].startswith(f"{newest.short}  {mine:%Y-%m-%d %H:%M}  ")
    one = invoke("history", "notes/a.md", "--vault", str(repo), "--json")
    data = json.loads(one.output)
    assert data["path"] == "notes/a.md" and len(data["commits"]) == 2
    assert data["commits"][0]["changes"] == [{"status": "M", "path": "notes/a.md"}]
    absolute = invoke("history", str(repo / "notes/a.md"), "--vault", str(repo), "-n", "1")
    assert (
        absolute.exit_code == 0 and "edit a" in absolute.output and "first" not in absolute.output
    )
    none = invoke("history", "notes/never.md", "--vault", str(repo))
    assert none.exit_code == 0 and "no commits touch notes/never.md" in none.output


def test_diff_shows_changes_since_a_revision(repo: Path) -> None:
    first = history.log(repo)[-1].sha
    out = invoke("diff", first, "notes/a.md", "--vault", str(repo))
    assert out.exit_code == 0 and "-version one" in out.output and "+version two" in out.output
    same = invoke("diff", "HEAD", "--vault", str(repo))
    assert same.exit_code == 0 and "no differences" in same.output
    bad = invoke("diff", "nope", "--vault", str(repo))
    assert bad.exit_code == Exit.NOT_FOUND and "unknown revision" in bad.output


def test_rollback_one_note_and_the_index_follows(repo: Path) -> None:
    first = history.log(repo)[-1].sha
    out = invoke("rollback", first, "notes/a.md", "--vault", str(repo), "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["commit"] and data["restored"] == ["notes/a.md"]
    assert "version one" in (repo / "notes/a.md").read_text()
    with Index.open(load_config(repo).index_file()) as index:
        note = index.get("notes/a.md")
        assert note is not None and "version one" in note.body
    assert len(history.log(repo)) == 3  # a new commit on top; nothing rewritten
    again = invoke("rollback", first, "notes/a.md", "--vault", str(repo))
    assert again.exit_code == 0 and "already matches" in again.output
    missing = invoke("rollback", first, "notes/later.md", "--vault", str(repo))
    assert missing.exit_code == Exit.NOT_FOUND and "did not exist" in missing.output


def test_rollback_of_a_note_renamed_since_restores_it_where_it_is_now(repo: Path) -> None:
    """Seen by hand: a note moved in Obsidian after REV could not be rolled back by its name
    ("did not exist at REV"). It follows the note back across the move: the content it had
    then comes back at the name it has now, and the old name is not brought back."""
    first = history.log(repo)[-1].sha
    (repo / "Projects").mkdir()
    (repo / "notes/a.md").rename(repo / "Projects/a 重命名.md")
    history.commit_all(repo, "vaultsync: 1 note moved")
    write(repo, "Projects/a 重命名.md", "# A\n\nversion three\n")
    history.commit_paths(repo, ["Projects/a 重命名.md"], "vaultsync: edit a")
    out = invoke("rollback", first, "Projects/a 重命名.md", "--vault", str(repo), "--json")
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["restored"] == ["Projects/a 重命名.md"]
    assert (repo / "Projects/a 重命名.md").read_text(encoding="utf-8") == "# A\n\nversion one\n"
    assert not (repo / "notes/a.md").exists()
    again = invoke("rollback", first, "Projects/a 重命名.md", "--vault", str(repo))
    assert again.exit_code == 0 and "already matches" in again.output


def test_commit_command_and_the_held_guard(repo: Path) -> None:
    for i in range(12):
        write(repo, f"bulk/n{i}.md", f"# {i}\n")
    out = invoke("commit", "--vault", str(repo))
    assert out.exit_code == 0 and "committed" in out.output
    assert invoke("commit", "--vault", str(repo)).output.strip() == "nothing to commit"
    for i in range(12):
        (repo / f"bulk/n{i}.md").unlink()
    held = invoke("commit", "--vault", str(repo), "--json")
    assert held.exit_code == Exit.HELD
    assert len(json.loads(held.output)["held"]["rels"]) == 12
    assert autocommit.held(repo) is not None
    both = invoke("commit", "--confirm-deletions", "--restore-deletions", "--vault", str(repo))
    assert both.exit_code == Exit.USAGE
    restored = invoke("commit", "--restore-deletions", "--vault", str(repo))
    assert restored.exit_code == 0 and "brought back 12" in restored.output
    assert (repo / "bulk/n0.md").exists()
    for i in range(12):
        (repo / f"bulk/n{i}.md").unlink()
    assert invoke("commit", "--vault", str(repo)).exit_code == Exit.HELD
    confirmed = invoke("commit", "--confirm-deletions", "--vault", str(repo))
    assert confirmed.exit_code == 0 and "12 notes deleted" in confirmed.output
    assert not any(r.startswith("bulk/") for r in history.tracked(repo))


def test_errors_are_clear(vault: Path, tmp_path: Path, repo: Path) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    no_repo = invoke("history", "--vault", str(plain))
    assert no_repo.exit_code == Exit.NOT_FOUND and "no history yet" in no_repo.output
    no_vault = invoke("history", "--vault", str(tmp_path / "missing"))
    assert no_vault.exit_code == Exit.NO_VAULT
    outside = invoke("history", str(tmp_path / "elsewhere.md"), "--vault", str(repo))
    assert outside.exit_code == Exit.NOT_FOUND and "not inside the vault" in outside.output
    lock = repo / ".git" / "index.lock"
    lock.write_text("busy")
    write(repo, ".vaultsync/config.toml", "[git]\nlock_timeout_s = 0.2\n")
    busy = invoke("commit", "--vault", str(repo))
    assert busy.exit_code == Exit.LOCKED and "index.lock" in busy.output
    lock.unlink()
    write(repo, ".vaultsync/config.toml", "[git\n")
    broken = invoke("rollback", "HEAD", "--vault", str(repo))
    assert broken.exit_code == Exit.CONFIG


def test_every_command_has_help() -> None:
    for command in ("history", "diff", "rollback", "commit", "watch"):
        out = invoke(command, "--help")
        assert out.exit_code == 0 and "Usage" in out.output, command


# Slow tier: three CLI processes. In the fast tier the same commands run in process above
# (history --json, rollback, diff), and test_readme.py runs `vaultsync history` as a process.
@pytest.mark.slow
def test_real_subprocess_history_and_rollback(repo: Path) -> None:
    (repo / "notes/a.md").unlink()
    history.commit_paths(repo, ["notes/a.md"], "vaultsync: delete a")
    before = history.log(repo)[1].sha
    shown = cli("history", "notes/a.md", "--json", "--vault", str(repo))
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["commits"][0]["subject"] == "vaultsync: delete a"
    back = cli("rollback", before, "notes/a.md", "--vault", str(repo))
    assert back.returncode == 0, back.stderr
    assert "version two" in (repo / "notes/a.md").read_text()
    diff = cli("diff", "HEAD~1", "--vault", str(repo))
    assert diff.returncode == 0 and "+version two" in diff.stdout
