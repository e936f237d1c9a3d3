"""Project identity from real git repositories, worktrees and remotes (no git run by the code)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from vaultsync.core.project import normalize_remote, project_of


def git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "src" / "deep").mkdir(parents=True)
    git(root, "init", "-q")
    (root / "README.md").write_text("hi\n")
    git(root, "add", "README.md")
    git(root, "commit", "-q", "-m", "first")
    return root


def test_subfolders_and_worktrees_are_one_project_without_a_remote(repo: Path) -> None:
    git(repo, "worktree", "add", "-q", str(repo.parent / "wt"), "-b", "feature")
    main = project_of(str(repo))
    assert main.key == str(repo) and main.root == str(repo) and main.name == "repo"
    assert project_of(str(repo / "src" / "deep")) == main
    assert project_of(str(repo.parent / "wt")).key == main.key


def test_the_remote_names_the_project(repo: Path) -> None:
    git(repo, "remote", "add", "upstream", "https://example.org/other/thing.git")
    git(repo, "remote", "add", "origin", "git@github.com:Acme/Widget.git")
    git(repo, "worktree", "add", "-q", str(repo.parent / "wt2"), "-b", "f2")
    project = project_of(str(repo / "src"))
    assert project.key == "github.com/Acme/Widget" and project.name == "Widget"
    assert project_of(str(repo.parent / "wt2")).key == "github.com/Acme/Widget"


def test_no_repository_means_the_folder(tmp_path: Path) -> None:
    folder = tmp_path / "loose"
    folder.mkdir()
    assert project_of(str(folder)).key == str(folder)
    assert project_of("").key == ""


@pytest.mark.parametrize(
    ("url", "key"),
    [
        ("git@github.com:o/r.git", "github.com/o/r"),
        ("https://github.com/o/r", "github.com/o/r"),
        ("https://user:ghp_secretToken@GitHub.com/o/r.git", "github.com/o/r"),
        ("ssh://git@gitlab.example.com:2222/group/sub/r.git", "gitlab.example.com/group/sub/r"),
        ("gitlab.example.com:group/r.git", "gitlab.example.com/group/r"),
        ("file:///srv/git/r.git", "/srv/git/r"),
        ("/srv/git/r.git/", "/srv/git/r"),
    ],
)
def test_remote_urls_normalize_without_credentials(url: str, key: str) -> None:
    assert normalize_remote(url) == key


@pytest.mark.parametrize("cwd", ["/tmp/a\x00b", "/" + "x" * 5000, "relative/dir"])
def test_hostile_working_directories_do_not_raise(cwd: str) -> None:
    assert project_of(cwd).key == cwd
