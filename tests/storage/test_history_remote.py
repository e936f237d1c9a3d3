"""What arrives from a remote, as storage/history_remote.py judges it (the whole sync through
two machines: tests/services/test_sync_trust.py)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from vaultsync.storage import history_remote


def git(repo: Path, *args: str) -> str:
    ident = ["-c", "user.name=t", "-c", "user.email=t@example.com"]
    return subprocess.run(
        ["git", *ident, *args], cwd=repo, check=True, capture_output=True, text=True
    ).stdout


def test_links_out_of_the_vault_are_left_out_and_links_within_it_kept(tmp_path: Path) -> None:
    repo = tmp_path / "vault"
    (repo / "notes" / "deep").mkdir(parents=True)
    git(repo, "init", "-q")
    (repo / "notes" / "a.md").write_text("# A\n")
    links = {
        "notes/key.md": "/home/me/.ssh/id_rsa",  # absolute
        "notes/deep/up.md": "../../../secret.txt",  # climbs above the vault
        "notes/git.md": "../.git/config",  # into git's folder
        "loop": ".",  # the vault itself, from its top
        "notes/deep/ok.md": "../a.md",  # within the vault: kept
        "notes/see.md": "a.md",  # kept
    }
    for rel, target in links.items():
        os.symlink(target, repo / rel)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "links")
    head = git(repo, "rev-parse", "HEAD").strip()
    safe, dropped = history_remote.without_unsafe(repo, head)
    assert sorted(dropped) == ["loop", "notes/deep/up.md", "notes/git.md", "notes/key.md"]
    assert git(repo, "rev-parse", f"{safe}^").strip() == head  # on top of the remote's commit
    kept = git(repo, "ls-tree", "-r", "--name-only", safe).split()
    assert sorted(kept) == ["notes/a.md", "notes/deep/ok.md", "notes/see.md"]
    assert history_remote.without_unsafe(repo, safe) == (safe, [])  # the next sync: nothing
