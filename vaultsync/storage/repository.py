"""The vault's git repository as files: where it is, what HEAD points at, which paths it may
hold, and the locks shared with other committers. Nothing here runs git (storage.history does).

Every git write vaultsync makes holds a flock in the per-machine state folder (one vaultsync
process at a time), then waits while `.git/index.lock` exists: obsidian-git or the person in a
terminal is committing (or a ref lock, `refs/heads/<branch>.lock`, `HEAD.lock`, exists). A lock
is stale when it is older than `STALE_LOCK_S` and no live git
process works in the vault (read from /proc on Linux; elsewhere, where nobody can be asked,
only an age of `STALE_LOCK_NO_PROC_S` makes it stale). A stale lock is removed and logged.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

from vaultsync.core import paths, writer

log = logging.getLogger("vaultsync.history")

STALE_LOCK_S = 5.0
STALE_LOCK_NO_PROC_S = 30.0


# Paths git must never receive from us, whatever the vault's .gitignore says; the pathspecs
# express the same rules for whole-vault git commands.
_NEVER_DIRS = frozenset({".git", ".trash", ".obsidian"})
EXCLUDE_PATHSPECS = (
    ":(exclude,glob).obsidian/workspace*",
    ":(exclude,glob).obsidian/cache",
    ":(exclude,glob).trash/**",
    ":(exclude,glob)**/*.vstmp-*",
    ":(exclude,glob)**/*.swp",
    ":(exclude,glob)**/*.swo",
    ":(exclude,glob)**/*.swx",
    ":(exclude,glob)**/*~",
    ":(exclude,glob)**/*.tmp",
    ":(exclude,glob)**/*.sync-conflict-*",
    ":(exclude,glob)**/*conflicted copy*",
)
_SHA = re.compile(r"^[0-9a-f]{40}(?:[0-9a-f]{24})?$")
UNKNOWN = "?"  # read_head could not tell from the files alone


class LockBusy(TimeoutError):
    """A lock stayed taken past the deadline."""


def stageable(rel: str) -> bool:
    """May vaultsync stage this vault-relative path? Notes, attachments, the vault config;
    never `.git/`, `.trash/` or `.obsidian/` (per-device settings, workspace and cache)."""
    parts = PurePosixPath(rel).parts
    if not parts or parts[0] in _NEVER_DIRS or ".git" in parts:
        return False
    if rel in {".gitignore", ".gitattributes", paths.VAULT_CONFIG}:
        return True
    if rel.startswith(paths.TEMPLATE_OVERRIDE_DIR + "/"):
        return True
    return not paths.is_ignored(rel)


def git_dir(vault: Path) -> Path:
    """The repository folder: `.git`, or where a `.git` file (worktree, submodule) points."""
    dot = vault / ".git"
    if dot.is_file():
        text = dot.read_text(encoding="utf-8", errors="replace").strip()
        if text.startswith("gitdir:"):
            target = Path(text[7:].strip())
            return target if target.is_absolute() else (vault / target)
    return dot


def read_head(vault: Path) -> str | None:
    """HEAD's sha from the ref files, None for an unborn branch, UNKNOWN when only git can
    tell (packed refs, symbolic refs elsewhere, reftable): no process for the common case."""
    folder = git_dir(vault)
    try:
        text = (folder / "HEAD").read_text(encoding="utf-8").strip()
        if _SHA.match(text):
            return text
        if text.startswith("ref: refs/"):
            loose = folder / text[5:]
            if loose.is_file():
                value = loose.read_text(encoding="utf-8").strip()
                return value if _SHA.match(value) else UNKNOWN
            if not (folder / "packed-refs").exists() and (folder / "refs").is_dir():
                return None
    except OSError:
        pass
    return UNKNOWN


# Files git leaves in its folder while an operation waits for the person: committing then would
# conclude a merge with its conflict markers, replace a rebase's commit message, or put new
# notes on a commit no branch holds.
_IN_PROGRESS = (
    ("MERGE_HEAD", "a merge is in progress", "finish it (`git commit`) or `git merge --abort`"),
    ("rebase-merge", "a rebase is in progress", "`git rebase --continue` or `git rebase --abort`"),
    ("rebase-apply", "a rebase is in progress", "`git rebase --continue` or `git rebase --abort`"),
    (
        "CHERRY_PICK_HEAD",
        "a cherry-pick is in progress",
        "`git cherry-pick --continue` or `git cherry-pick --abort`",
    ),
    ("REVERT_HEAD", "a revert is in progress", "`git revert --continue` or `git revert --abort`"),
    ("BISECT_LOG", "a bisect is in progress", "`git bisect reset` when you are done"),
)


def git_state(vault: Path) -> str | None:
    """Why vaultsync must not commit now (a merge, rebase, cherry-pick, revert or bisect in
    progress, or a detached HEAD), with what the person can do; None when committing is safe.
    Read from files only: cheap enough to ask before every commit."""
    folder = git_dir(vault)
    if not folder.is_dir():
        return None
    for name, what, fix in _IN_PROGRESS:
        if (folder / name).exists():
            return f"{what} in {vault}; vaultsync waits and commits after it: {fix}"
    try:
        text = (folder / "HEAD").read_text(encoding="utf-8").strip()
    except OSError:
        return None
    if _SHA.match(text):
        return (
            f"HEAD is detached at {text[:10]} in {vault}; vaultsync waits rather than commit "
            "notes no branch holds: `git switch <branch>` to go back to one"
        )
    return None


def live_git_in(vault: Path) -> bool | None:
    """Is a git process working in this vault? None when the platform cannot tell (no /proc)."""
    proc_root = Path("/proc")
    if not sys.platform.startswith("linux") or not proc_root.is_dir():
        return None
    root = vault.resolve()
    me = os.getpid()
    for entry in proc_root.iterdir():
        if not entry.name.isdigit() or int(entry.name) == me:
            continue
        try:
            if not (entry / "comm").read_text().startswith("git"):
                continue
            cwd = Path(os.readlink(entry / "cwd"))
        except OSError:
            continue  # gone already, or not ours to inspect
        if cwd == root or root in cwd.parents:
            return True
    return False


def is_stale(lock: Path, vault: Path) -> bool:
    try:
        age = time.time() - lock.stat().st_mtime
    except FileNotFoundError:
        return False
    live = live_git_in(vault)
    if live is None:
        return age > STALE_LOCK_NO_PROC_S
    return not live and age > STALE_LOCK_S


def git_locks(vault: Path) -> list[Path]:
    """The lock files a commit needs free: the index's, and those of the refs it moves (HEAD,
    the current branch, packed refs). git leaves any of them behind when it is killed."""
    folder = git_dir(vault)
    found = [folder / "index.lock", folder / "HEAD.lock", folder / "packed-refs.lock"]
    try:
        text = (folder / "HEAD").read_text(encoding="utf-8").strip()
    except OSError:
        text = ""
    if text.startswith("ref: refs/"):
        ref = PurePosixPath(text[5:])
        if ".." not in ref.parts:
            found.append(folder.joinpath(*ref.parts).with_name(ref.name + ".lock"))
    return found


def recover_stale_lock(vault: Path) -> bool:
    """Remove `.git/index.lock`, or the lock of a ref a commit moves (`refs/heads/<branch>.lock`,
    `HEAD.lock`), if a dead process left it behind. True if one was removed."""
    removed = False
    for lock in git_locks(vault):
        if not is_stale(lock, vault):
            continue
        try:
            lock.unlink()
        except FileNotFoundError:
            continue
        log.warning("removed a stale git lock left by a dead process: %s", lock)
        removed = True
    return removed


def wait_index_lock(vault: Path, deadline: float) -> None:
    """Return once `.git/index.lock` and the ref locks are free (or were stale and removed);
    LockBusy at the deadline."""
    delay = 0.01
    while busy := [lock for lock in git_locks(vault) if lock.exists()]:
        if recover_stale_lock(vault) and not any(lock.exists() for lock in busy):
            return
        if time.monotonic() >= deadline:
            raise LockBusy(f"{busy[0]} stayed busy (another git process is committing)")
        time.sleep(delay)
        delay = min(delay * 2, 0.2)


@contextlib.contextmanager
def process_lock(vault: Path, timeout: float) -> Iterator[float]:
    """Hold vaultsync's own git lock; yields the deadline for waiting on index.lock too."""
    deadline = time.monotonic() + timeout
    held = contextlib.ExitStack()
    try:
        held.enter_context(writer.locked(paths.state_dir(vault) / "git.lock", timeout))
    except TimeoutError as exc:
        raise LockBusy(f"another vaultsync process is committing ({exc})") from exc
    with held:
        yield deadline
