"""Reading the vault's history: HEAD, commits, revisions, what a revision holds, diffs.

Part of `storage.history` (which re-exports every name here): reading needs no lock, so it
lives apart from the module that writes.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from vaultsync.storage import repository
from vaultsync.storage.git_process import GitError, run, split_z
from vaultsync.storage.repository import EXCLUDE_PATHSPECS
from vaultsync.storage.revision import LOG_FORMAT, Commit, parse_log


def head(vault: Path) -> str | None:
    """The sha HEAD points at, or None before the first commit."""
    found = repository.read_head(vault)
    if found != repository.UNKNOWN:
        return found
    proc = run(vault, ["rev-parse", "--verify", "-q", "HEAD"], check=False)
    if proc.returncode != 0:
        return None
    return proc.stdout.decode().strip() or None


def head_blobs(vault: Path) -> set[str]:
    """The blob ids of every file in HEAD (one `ls-tree`): tells a moved file from a new one."""
    if head(vault) is None:
        return set()
    out = split_z(run(vault, ["ls-tree", "-r", "-z", "HEAD"]).stdout)
    return {entry.split("\t", 1)[0].split(" ")[2] for entry in out if "\t" in entry}


def log(vault: Path, rel: str | None = None, limit: int = 50) -> list[Commit]:
    """Commits touching the vault, or one note (following it across renames), newest first."""
    if head(vault) is None:
        return []
    args = [
        "log",
        "-z",
        f"--max-count={max(1, int(limit))}",
        f"--format={LOG_FORMAT}",
        "--name-status",
    ]
    if rel:
        args += ["--follow", "--", rel]
    return parse_log(run(vault, args).stdout.decode("utf-8", "surrogateescape"))


def resolve_rev(vault: Path, rev: str) -> str:
    """The full sha of a revision, or GitError naming the revision that does not exist."""
    if rev.startswith("-"):
        raise GitError(f"not a revision: {rev}")
    proc = run(vault, ["rev-parse", "--verify", "-q", f"{rev}^{{commit}}"], check=False)
    if proc.returncode != 0:
        raise GitError(f"unknown revision: {rev}")
    return proc.stdout.decode().strip()


def exists_at(vault: Path, rev: str, rel: str) -> bool:
    return rel in existing_at(vault, rev, [rel])


def existing_at(vault: Path, rev: str, rels: Iterable[str]) -> set[str]:
    """Which of these paths REV's tree holds, in one git process however many there are."""
    names = [r for r in dict.fromkeys(rels) if "\n" not in r]
    if not names:
        return set()
    query = "".join(f"{rev}:{r}\n" for r in names).encode("utf-8", "surrogateescape")
    out = run(vault, ["cat-file", "--batch-check=%(objecttype)"], stdin=query).stdout
    answers = out.decode("utf-8", "replace").splitlines()
    return {r for r, a in zip(names, answers, strict=False) if a == "blob" or a == "tree"}


def diff(vault: Path, rev: str, rel: str | None = None) -> str:
    """A unified diff like `git diff`: REV against the current files, or `A..B` between two."""
    if ".." in rev:
        left, _, right = rev.partition("..")
        revs = [resolve_rev(vault, left or "HEAD"), resolve_rev(vault, right or "HEAD")]
    else:
        revs = [resolve_rev(vault, rev)]
    args = ["diff", "--no-color", "--no-ext-diff", "-M", *revs, "--"]
    args += [rel] if rel else [".", *EXCLUDE_PATHSPECS]
    return run(vault, args).stdout.decode("utf-8", "replace")
