"""The commit gate holds on every road (services/vault/gate.py): a folder moved in whole, text
in any encoding, binaries that are not attachments, and vaultsync's own provenance values.
The CLI and the watcher run as subprocesses on a real vault with real git."""

from __future__ import annotations

import io
import os
import sqlite3
import subprocess
import sys
import tarfile
import time
from pathlib import Path

import pytest

from vaultsync.core import paths
from vaultsync.core.config import load_config
from vaultsync.services.vault import autocommit, gate

FAKE_KEY = "sk-proj-" + "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7cDe0fGh3iJk6l"
CLI = [sys.executable, "-m", "vaultsync"]


def run(vault: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, VAULTSYNC_VAULT=str(vault))
    return subprocess.run(
        [*CLI, *args], env=env, capture_output=True, text=True, timeout=120, check=False
    )


def git(vault: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=vault, capture_output=True, text=True, check=True
    ).stdout


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A vault as `vaultsync init --no-user-config` makes it, made in this process: the vault is
    where the roads start, not what they test (tests/adapters/test_cli_vault.py runs `init` as
    a real process); the roads themselves run the CLI as subprocesses."""
    from vaultsync.services.vault import setup

    vault = tmp_path / "vault"
    setup.init(vault, user_config=False)
    return vault


def history_text(vault: Path) -> str:
    return subprocess.run(
        ["git", "log", "--all", "-p", "--binary", "--no-color"],
        cwd=vault,
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8", "replace")


# --- a folder moved in whole ------------------------------------------------------------------


def _drop_folder(tmp_path: Path) -> Path:
    drop = tmp_path / "outside" / "project-notes"
    drop.mkdir(parents=True)
    (drop / "readme.md").write_text("# Project notes\n\nplain words\n", encoding="utf-8")
    (drop / "credentials.txt").write_text(f"OPENAI_API_KEY={FAKE_KEY}\n", encoding="utf-8")
    return drop


def test_a_folder_in_one_batch_is_judged_file_by_file(repo: Path, tmp_path: Path) -> None:
    drop = _drop_folder(tmp_path)
    drop.rename(repo / "project-notes")
    # The watcher's event for a folder moved in names the folder, not its files.
    result = autocommit.commit_batch(repo, load_config(repo), ["project-notes"])
    assert "project-notes/readme.md" in result.files
    assert dict(result.blocked).keys() == {"project-notes/credentials.txt"}
    assert "project-notes/credentials.txt" not in git(repo, "ls-files")
    assert FAKE_KEY not in history_text(repo)


@pytest.mark.slow  # a real watcher process
def test_a_folder_moved_in_under_the_watcher_keeps_its_secret_out(
    repo: Path, tmp_path: Path
) -> None:
    (repo / paths.VAULT_CONFIG).write_text(
        "[watch]\ndebounce_s = 0.2\nmax_wait_s = 2.0\n", encoding="utf-8"
    )
    run(repo, "commit")
    log = tmp_path / "watch.log"
    with log.open("wb") as out:
        proc = subprocess.Popen([*CLI, "watch", "--vault", str(repo)], stdout=out, stderr=out)
    try:
        time.sleep(2.0)  # the start-up pass
        _drop_folder(tmp_path).rename(repo / "project-notes")
        deadline = time.monotonic() + 30
        while "project-notes/readme.md" not in git(repo, "ls-files"):
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert "project-notes/credentials.txt" not in git(repo, "ls-files")
    assert FAKE_KEY not in history_text(repo)
    shown = run(repo, "status")
    assert "project-notes/credentials.txt" in shown.stdout, shown.stdout


# --- text in any encoding, binaries ----------------------------------------------------------


def _tar_with_key() -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        data = f"aws = 1\nOPENAI_API_KEY={FAKE_KEY}\n".encode()
        info = tarfile.TarInfo("creds/.env")
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    return buf.getvalue()


def _sqlite_with_key(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("create table t (v text)")
        db.execute("insert into t values (?)", (f"OPENAI_API_KEY={FAKE_KEY}",))
    db.close()


def test_secrets_in_any_encoding_or_in_binaries_stay_out(repo: Path) -> None:
    text = f"my settings\nOPENAI_API_KEY={FAKE_KEY}\n"
    (repo / "inbox").mkdir()
    (repo / "inbox/utf16-bom.txt").write_bytes(text.encode("utf-16"))
    (repo / "inbox/utf16-nobom.txt").write_bytes(text.encode("utf-16-le"))
    (repo / "inbox/utf32.txt").write_bytes(text.encode("utf-32"))
    (repo / "inbox/note-utf16.md").write_bytes(("# Dropped\n\n" + text).encode("utf-16"))
    (repo / "inbox/backup.tar").write_bytes(_tar_with_key())
    _sqlite_with_key(repo / "inbox/app.sqlite")
    (repo / "inbox/blob.bin").write_bytes(bytes(range(256)) * 4)  # no secret, but unreadable
    png = b"\x89PNG\r\n\x1a\n" + b"\0\0\0\rIHDR" + bytes(64)
    (repo / "inbox/diagram.png").write_bytes(png)
    (repo / "inbox/plain.md").write_text("# Plain\n\nnothing secret\n", encoding="utf-8")
    done = run(repo, "commit")
    assert done.returncode == 7, done.stdout + done.stderr  # held back, and said so
    tracked = git(repo, "ls-files")
    assert "inbox/plain.md" in tracked and "inbox/diagram.png" in tracked
    for held in (
        "utf16-bom.txt",
        "utf16-nobom.txt",
        "utf32.txt",
        "note-utf16.md",
        "backup.tar",
        "app.sqlite",
        "blob.bin",
    ):
        assert f"inbox/{held}" not in tracked, held
    assert FAKE_KEY not in history_text(repo)
    assert (
        FAKE_KEY.encode("utf-16-le")
        not in subprocess.run(
            ["git", "log", "--all", "-p", "--binary"], cwd=repo, capture_output=True, check=True
        ).stdout
    )
    shown = run(repo, "status").stdout
    assert "inbox/backup.tar" in shown and "inbox/utf16-bom.txt" in shown


def test_decode_reads_every_encoding_and_refuses_binary() -> None:
    text = "Grüße, a key here\n"
    for codec in ("utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32"):
        assert gate.decode(text.encode(codec)) == text, codec
    assert gate.decode(bytes(range(256))) is None


# --- vaultsync's own provenance ---------------------------------------------------------------


def test_imported_notes_reach_git(repo: Path, tmp_path: Path) -> None:
    home = tmp_path / "claude"
    project = home / "projects" / "-work-demo" / "memory"
    project.mkdir(parents=True)
    (home / "CLAUDE.md").write_text("# My rules\n\n- Answer in short sentences.\n")
    (project / "MEMORY.md").write_text("# Memory\n\n- [uv](feedback_uv.md): use uv\n")
    (project / "feedback_uv.md").write_text(
        "---\nname: uv\ndescription: use uv, never bare pip\ntype: feedback\n---\n\n"
        "Always use uv, never bare pip.\n"
    )
    done = run(repo, "import", "claude-code", "--path", str(home), "--json")
    assert done.returncode == 0, done.stderr
    assert run(repo, "commit").returncode == 0
    tracked = git(repo, "ls-files")
    imported = [
        p.relative_to(repo).as_posix()
        for p in repo.rglob("*.md")
        if "import_key:" in p.read_text(encoding="utf-8")
    ]
    assert imported
    for rel in imported:
        assert rel in tracked, f"{rel} held back: {gate.blocked(repo).get(rel)}"
    assert not [r for r in gate.blocked(repo) if r in imported]


def test_a_secret_in_the_provenance_property_is_still_found(repo: Path) -> None:
    (repo / "inbox").mkdir()
    (repo / "inbox/fake.md").write_text(
        f"---\nimport_key: {FAKE_KEY}\n---\n# Fake\n", encoding="utf-8"
    )
    assert run(repo, "commit").returncode == 7
    assert "inbox/fake.md" not in git(repo, "ls-files")


# --- a stale ref lock ------------------------------------------------------------------------


def test_a_stale_branch_lock_is_recovered(repo: Path) -> None:
    branch = git(repo, "symbolic-ref", "--short", "HEAD").strip()
    lock = repo / ".git" / "refs" / "heads" / f"{branch}.lock"
    lock.write_text("")
    old = time.time() - 3600
    os.utime(lock, (old, old))
    (repo / "after.md").write_text("# After a crash\n", encoding="utf-8")
    done = run(repo, "commit")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "after.md" in git(repo, "ls-files")
    assert not lock.exists()


def test_a_fresh_branch_lock_is_waited_for_not_removed(repo: Path) -> None:
    branch = git(repo, "symbolic-ref", "--short", "HEAD").strip()
    lock = repo / ".git" / "refs" / "heads" / f"{branch}.lock"
    lock.write_text("")
    (repo / paths.VAULT_CONFIG).write_text("[git]\nlock_timeout_s = 0.5\n", encoding="utf-8")
    (repo / "after.md").write_text("# After\n", encoding="utf-8")
    done = run(repo, "commit")
    assert done.returncode == 5, done.stdout + done.stderr  # busy: another git may hold it
    assert lock.exists()
