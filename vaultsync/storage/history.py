"""The one module that runs git (its process layer is storage.git_process): the vault's history,
one commit per batch of changes.

The git binary through subprocess, because GitPython's own index is ten times slower at 100k
notes (measured before the project began) and the binary is what obsidian-git and the person's
terminal use, so all agree on the index and on `.git/index.lock`. Rules kept for every caller
(docs/watch-and-history.md explains them): only the named paths are staged, never `.git/`,
`.obsidian/`, `.trash/`, temp files or conflict copies, whatever `.gitignore` says; every write
holds one lock and waits for other committers (storage.repository); history is never rewritten
(a rollback is a new commit); the person's git hooks run (no `--no-verify`: a rejection surfaces
as a GitError instead of being bypassed); an author is supplied only when git has none."""

from __future__ import annotations

import contextlib
import os
import subprocess
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

from vaultsync.core.errors import Exit
from vaultsync.storage import repository, vault_files
from vaultsync.storage.git_process import GitError as GitError
from vaultsync.storage.git_process import GitLockBusy as GitLockBusy
from vaultsync.storage.git_process import NotARepo as NotARepo
from vaultsync.storage.git_process import git_binary as git_binary
from vaultsync.storage.git_process import run as _run
from vaultsync.storage.git_process import split_z as _z
from vaultsync.storage.repository import EXCLUDE_PATHSPECS, stageable
from vaultsync.storage.revision import LOG_FORMAT, Change, Commit, parse_changes, parse_log

DEFAULT_LOCK_TIMEOUT_S = 10.0
FALLBACK_AUTHOR = ("vaultsync", "vaultsync@localhost")


class GitStateBusy(GitError):
    """git is in the middle of something a person must finish (merge, rebase, cherry-pick,
    revert, bisect) or HEAD is detached: vaultsync does not commit until that is over."""

    exit_code = Exit.HELD


def check_state(vault: Path) -> None:
    """Raise GitStateBusy when committing now would interfere with what git is doing."""
    why = repository.git_state(vault)
    if why is not None:
        raise GitStateBusy(why)


# ---------------------------------------------------------------------------------------------
# reading: HEAD, commits, revisions, what a revision holds, diffs (no lock: reading never
# changes anything)


def head(vault: Path) -> str | None:
    """The sha HEAD points at, or None before the first commit."""
    found = repository.read_head(vault)
    if found != repository.UNKNOWN:
        return found
    proc = _run(vault, ["rev-parse", "--verify", "-q", "HEAD"], check=False)
    if proc.returncode != 0:
        return None
    return proc.stdout.decode().strip() or None


def head_blobs(vault: Path) -> set[str]:
    """The blob ids of every file in HEAD (one `ls-tree`): tells a moved file from a new one."""
    if head(vault) is None:
        return set()
    out = _z(_run(vault, ["ls-tree", "-r", "-z", "HEAD"]).stdout)
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
    return parse_log(_run(vault, args).stdout.decode("utf-8", "surrogateescape"))


def resolve_rev(vault: Path, rev: str) -> str:
    """The full sha of a revision, or GitError naming the revision that does not exist."""
    if rev.startswith("-"):
        raise GitError(f"not a revision: {rev}")
    proc = _run(vault, ["rev-parse", "--verify", "-q", f"{rev}^{{commit}}"], check=False)
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
    out = _run(vault, ["cat-file", "--batch-check=%(objecttype)"], stdin=query).stdout
    answers = out.decode("utf-8", "replace").splitlines()
    return {r for r, a in zip(names, answers, strict=False) if a == "blob" or a == "tree"}


def name_at(vault: Path, rev: str, rel: str) -> str | None:
    """The name the note now at `rel` had at REV, followed back across renames (a note moved
    or renamed in Obsidian since); None when it did not exist then under any name."""
    sha = resolve_rev(vault, rev)
    since = set(_run(vault, ["rev-list", f"{sha}..HEAD"]).stdout.decode().split())
    name = rel
    for commit in log(vault, rel, limit=1000):  # newest first, following renames
        if commit.sha not in since:
            break  # REV's own past: the name it had then is found
        for change in commit.changes:
            if change.old_path and change.path == name:
                name = change.old_path
    return name if exists_at(vault, sha, name) else None


def blob_at(vault: Path, rev: str, rel: str) -> bytes:
    """A file's bytes as they were at REV."""
    return _run(vault, ["cat-file", "blob", f"{resolve_rev(vault, rev)}:{rel}"]).stdout


def diff(vault: Path, rev: str, rel: str | None = None) -> str:
    """A unified diff like `git diff`: REV against the current files, or `A..B` between two."""
    if ".." in rev:
        left, _, right = rev.partition("..")
        revs = [resolve_rev(vault, left or "HEAD"), resolve_rev(vault, right or "HEAD")]
    else:
        revs = [resolve_rev(vault, rev)]
    args = ["diff", "--no-color", "--no-ext-diff", "-M", *revs, "--"]
    args += [rel] if rel else [".", *EXCLUDE_PATHSPECS]
    return _run(vault, args).stdout.decode("utf-8", "replace")


# ---------------------------------------------------------------------------------------------
# repository


def is_repo(vault: Path) -> bool:
    """True when the vault folder is the top of its own git work tree."""
    if not (vault / ".git").exists():
        return False
    proc = _run(vault, ["rev-parse", "--show-toplevel"], check=False)
    if proc.returncode != 0:
        return False
    top = Path(proc.stdout.decode("utf-8", "surrogateescape").strip())
    return top.resolve() == vault.resolve()


def ensure_repo(vault: Path) -> bool:
    """Make the vault a git repository if it is not one. Returns True if it created one.

    A vault nested inside another repository (without its own `.git`) is refused rather than
    turned into an embedded repository the outer one would then mistrack.
    """
    if not vault.is_dir():
        raise NotARepo(f"vault not found: {vault}")
    if is_repo(vault):
        return False
    outer = _run(vault, ["rev-parse", "--show-toplevel"], check=False)
    if outer.returncode == 0 and not (vault / ".git").exists():
        top = outer.stdout.decode("utf-8", "surrogateescape").strip()
        # A vault the outer repository ignores can safely hold a repository of its own.
        ignored = _run(Path(top), ["check-ignore", "-q", str(vault.resolve())], check=False)
        if ignored.returncode != 0:
            raise NotARepo(
                f"the vault {vault} lies inside the git repository at {top}; vaultsync "
                "needs the vault to be its own repository (or ignored by the outer one)"
            )
    _run(vault, ["init", "-q"], config=_default_branch_config(vault))
    return True


def _default_branch_config(vault: Path) -> list[str]:
    # Only silence git's "default branch" hint when the person has not chosen one.
    proc = _run(vault, ["config", "--get", "init.defaultBranch"], check=False)
    return [] if proc.stdout.strip() else ["init.defaultBranch=main"]


_author_cache: dict[str, list[str]] = {}


def _author_config(vault: Path) -> list[str]:
    key = str(vault.resolve())
    if key not in _author_cache:
        need = []
        for item, fallback in zip(("user.name", "user.email"), FALLBACK_AUTHOR, strict=True):
            if not _run(vault, ["config", "--get", item], check=False).stdout.strip():
                need.append(f"{item}={fallback}")
        _author_cache[key] = need
    return _author_cache[key]


def has_remote(vault: Path) -> bool:
    return bool(_run(vault, ["remote"], check=False).stdout.strip())


# ---------------------------------------------------------------------------------------------
# what may be committed


def status_porcelain(vault: Path, under: Sequence[str] = ()) -> list[tuple[str, str]]:
    """(XY code, rel) for every changed, deleted or untracked stageable path, renames split;
    only inside the paths `under`, when given (each file by itself, never a folder).

    Reads with `--no-optional-locks` so polling never takes `.git/index.lock` from a committer.
    """
    args = ["--no-optional-locks", "status", "--porcelain=v1", "-z", "--untracked-files=all"]
    if under:
        args += ["--", *(f":(literal){r}" for r in under)]
    proc = _run(vault, args)
    items = _z(proc.stdout)
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(items):
        entry = items[i]
        code, rel = entry[:2], entry[3:]
        if code[0] in "RC":
            # `R  new\0old`: the old name is gone from the work tree, so report it deleted.
            old = items[i + 1] if i + 1 < len(items) else ""
            i += 1
            if old and stageable(old):
                out.append((" D", old))
        if stageable(rel):
            out.append((code, rel))
        i += 1
    return out


def tracked(vault: Path) -> list[str]:
    """Every path in git's index."""
    return _z(_run(vault, ["ls-files", "-z"]).stdout)


def dirty_rels(vault: Path) -> list[str]:
    return sorted({rel for _code, rel in status_porcelain(vault)})


# ---------------------------------------------------------------------------------------------
# locking (the rules live in storage.repository)


@contextlib.contextmanager
def _write_lock(vault: Path, timeout: float) -> Iterator[float]:
    try:
        with repository.process_lock(vault, timeout) as deadline:
            yield deadline
    except repository.LockBusy as exc:
        raise GitLockBusy(str(exc)) from exc


def _wait_index_lock(vault: Path, deadline: float) -> None:
    try:
        repository.wait_index_lock(vault, deadline)
    except repository.LockBusy as exc:
        raise GitLockBusy(f"{exc}; try again shortly") from exc


def _run_write(
    vault: Path,
    args: Sequence[str],
    deadline: float,
    *,
    stdin: bytes | None = None,
    config: Sequence[str] = (),
) -> subprocess.CompletedProcess[bytes]:
    """A git command that takes index.lock: wait for another committer, retry while it races."""
    while True:
        _wait_index_lock(vault, deadline)
        try:
            return _run(vault, args, stdin=stdin, config=config)
        except GitLockBusy:
            if time.monotonic() >= deadline:
                raise
            time.sleep(0.05)


# ---------------------------------------------------------------------------------------------
# committing


def _nul(items: Iterable[str]) -> bytes:
    return b"".join(i.encode("utf-8", "surrogateescape") + b"\0" for i in items)


# Above this many files, git's pathspec matching (every pathspec against every index entry)
# costs seconds at 100k notes; update-index takes exact paths instead.
_PATHSPEC_MAX = 64


def _stage(vault: Path, rels: Sequence[str], deadline: float) -> None:
    # git refuses a path beyond a symlinked folder, and a FIFO or device, for the whole
    # command: such paths are left out (storage.vault_files: links are never followed).
    kinds = vault_files.kinds(vault, rels)
    rels = [r for r in rels if kinds[r] not in (vault_files.SPECIAL, vault_files.BEYOND)]
    # A folder is never added whole (everything inside would pass the gate unseen): callers
    # hand over its files one by one (services.vault.autocommit). A folder that is gone is
    # removed from the index with what it held.
    folder_set = {r for r in rels if kinds[r] == vault_files.FOLDER}
    folders: list[str] = []
    files = [r for r in rels if r not in folder_set]
    if len(files) > _PATHSPEC_MAX:
        _update_index(vault, files, deadline)
        files = []
    present = [r for r in files + folders if (vault / r).exists() or (vault / r).is_symlink()]
    found = set(present)
    missing = [r for r in files + folders if r not in found]
    spec = ["--pathspec-from-file=-", "--pathspec-file-nul"]
    if missing:
        rm = ["rm", "--cached", "-r", "-q", "--ignore-unmatch", *spec]
        _run_write(vault, rm, deadline, stdin=_nul(missing))
    if not present:
        return
    try:
        _run_write(vault, ["add", "-A", *spec], deadline, stdin=_nul(present))
    except GitError as exc:
        if "ignored" not in str(exc):
            raise
        # The person's .gitignore excludes some of them: stage the rest, skip those silently.
        ignored = _ignored(vault, present)
        rest = [r for r in present if r not in ignored]
        if rest:
            _run_write(vault, ["add", "-A", *spec], deadline, stdin=_nul(rest))


def _ignored(vault: Path, rels: Sequence[str]) -> set[str]:
    """Which untracked paths the vault's ignore rules exclude (tracked ones never are).

    `check-ignore --no-index` takes 5 ms for 2,000 paths at 100k notes where consulting the
    index takes seconds, so the (few) matches are checked against the index afterwards.
    """
    check = ["check-ignore", "--no-index", "-z", "--stdin"]
    matched = _z(_run(vault, check, stdin=_nul(rels), check=False).stdout)
    if not matched:
        return set()
    tracked_ones: set[str] = set()
    for start in range(0, len(matched), 500):  # few in practice; chunked to bound argv
        literal = [f":(literal){m}" for m in matched[start : start + 500]]
        tracked_ones.update(_z(_run(vault, ["ls-files", "-z", "--", *literal]).stdout))
    return set(matched) - tracked_ones


def _update_index(vault: Path, files: Sequence[str], deadline: float) -> None:
    """Stage many files by exact path: new and changed ones added, missing ones removed."""
    ignored = _ignored(vault, files)
    wanted = [r for r in files if r not in ignored]
    if wanted:
        update = ["update-index", "--add", "--remove", "-z", "--stdin"]
        _run_write(vault, update, deadline, stdin=_nul(wanted))


def _commit(vault: Path, message: str, deadline: float) -> str | None:
    args = ["commit", "-q", "--no-edit", "-F", "-"]
    try:
        _run_write(
            vault, args, deadline, stdin=message.encode("utf-8"), config=_author_config(vault)
        )
    except GitError:
        if _nothing_to_commit(vault):
            return None
        raise
    return head(vault)


def _nothing_to_commit(vault: Path) -> bool:
    if head(vault) is None:
        # Before the first commit, anything in the index is something to commit.
        return not _run(vault, ["ls-files", "-z"]).stdout
    return _run(vault, ["diff", "--cached", "--quiet"], check=False).returncode == 0


Message = str | Callable[[Sequence[Change]], str]


def staged_changes(vault: Path) -> list[Change]:
    """What the next commit would record (renames detected), as `Change`s."""
    args = ["diff", "--cached", "--name-status", "-M", "-z"]
    if head(vault) is None:
        args.append(_EMPTY_TREE)  # before the first commit, compare with nothing
    return parse_changes(_z(_run(vault, args).stdout))


_EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"


def commit_paths(
    vault: Path, rels: Iterable[str], message: Message, *, lock_timeout: float | None = None
) -> str | None:
    """Stage exactly these vault-relative paths (adds, edits, deletions) and commit them.

    Paths that must never be committed are dropped. `message` may be a function of the staged
    changes, so it can say what really changed (renames included). Returns the new commit's
    sha, or None when nothing changed. Raises GitLockBusy if another committer holds the index
    past the timeout.
    """
    wanted = sorted(
        {r.replace(os.sep, "/") for r in rels if r and stageable(r.replace(os.sep, "/"))}
    )
    if not wanted:
        return None
    timeout = DEFAULT_LOCK_TIMEOUT_S if lock_timeout is None else lock_timeout
    with _write_lock(vault, timeout) as deadline:
        check_state(vault)
        _stage(vault, wanted, deadline)
        if callable(message):
            changes = staged_changes(vault)
            if not changes:
                return None
            message = message(changes)
        return _commit(vault, message, deadline)


def commit_all(
    vault: Path,
    message: str,
    *,
    lock_timeout: float | None = None,
    exclude: Iterable[str] = (),
) -> str | None:
    """Stage every change in the vault except what must never be committed (and `exclude`:
    what services.vault.gate held back), and commit. Used for the first commit of a vault.
    Returns the sha or None."""
    timeout = DEFAULT_LOCK_TIMEOUT_S if lock_timeout is None else lock_timeout
    held = sorted(set(exclude))
    with _write_lock(vault, timeout) as deadline:
        check_state(vault)
        _run_write(vault, ["add", "-A", "--", ".", *EXCLUDE_PATHSPECS], deadline)
        _unstage_forbidden(vault, deadline)
        if held:
            rm = ["--literal-pathspecs", "rm", "--cached", "-q", "--ignore-unmatch"]
            spec = ["--pathspec-from-file=-", "--pathspec-file-nul"]
            _run_write(vault, [*rm, *spec], deadline, stdin=_nul(held))
        return _commit(vault, message, deadline)


def _unstage_forbidden(vault: Path, deadline: float) -> None:
    # The pathspec excludes cover the usual names; this catches the rest of `stageable`'s rules.
    staged = _z(_run(vault, ["diff", "--cached", "--name-only", "--diff-filter=AM", "-z"]).stdout)
    if head(vault) is None:
        staged = _z(_run(vault, ["ls-files", "-z"]).stdout)
    bad = [r for r in staged if not stageable(r)]
    if bad:
        _run_write(
            vault,
            ["rm", "--cached", "-q", "--pathspec-from-file=-", "--pathspec-file-nul"],
            deadline,
            stdin=_nul(bad),
        )


# ---------------------------------------------------------------------------------------------
# reading history


def restore(
    vault: Path, rev: str, rel: str | None = None, *, lock_timeout: float | None = None
) -> str | None:
    """Bring the vault (or one note) back as it was at REV, as a new commit on top of history.

    What is there now is committed first, so the state being replaced stays in history; then
    exactly the paths that differ from REV are restored (files added since REV are removed in
    a whole-vault rollback). A single note that did not exist at REV is an error, never a
    deletion. Returns the rollback commit's sha, or None when the vault already matched REV.
    services.vault.rollback adds the note locks and the guards on top of this.
    """
    sha = resolve_rev(vault, rev)
    if rel is not None and not exists_at(vault, sha, rel):
        raise FileNotFoundError(
            f"{rel} did not exist at {rev} (if it was renamed, `vaultsync history {rel}` "
            "shows its earlier name)"
        )
    targets = changed_since(vault, sha, rel)
    if not targets:
        return None
    what = rel or "the vault"
    snapshot = f"vaultsync: snapshot of {what} before rollback to {sha[:10]}"
    commit_paths(vault, targets, snapshot, lock_timeout=lock_timeout)
    restore_paths(vault, sha, targets, lock_timeout=lock_timeout)
    message = f"vaultsync: roll back {what} to {sha[:10]}\n\nRestored from {sha}."
    return commit_paths(vault, targets, message, lock_timeout=lock_timeout)


def changed_since(vault: Path, rev: str, rel: str | None = None) -> list[str]:
    """Every path a restore of REV would change now: tracked files that differ from REV in the
    work tree (or are missing from it), files REV has that are gone, and untracked files."""
    sha = resolve_rev(vault, rev)
    spec = [rel] if rel else [".", ":(exclude).obsidian", *EXCLUDE_PATHSPECS]
    names = _z(_run(vault, ["diff", "--name-only", "--no-renames", "-z", sha, "--", *spec]).stdout)
    if rel is None:
        names += [r for code, r in status_porcelain(vault) if code == "??"]
    return sorted({r for r in names if stageable(r)})


def restore_paths(
    vault: Path, rev: str, rels: Sequence[str], *, lock_timeout: float | None = None
) -> None:
    """Put exactly these paths in the work tree and git's index as they are at REV (a path
    REV does not have is removed). No commit. Literal pathspecs: a note named `[x].md` is not
    a glob."""
    sha = resolve_rev(vault, rev)
    wanted = [r for r in dict.fromkeys(rels) if stageable(r)]
    if not wanted:
        return
    timeout = DEFAULT_LOCK_TIMEOUT_S if lock_timeout is None else lock_timeout
    with _write_lock(vault, timeout) as deadline:
        check_state(vault)
        present = existing_at(vault, sha, wanted)
        back = [r for r in wanted if r in present]
        gone = [r for r in wanted if r not in present]
        spec = ["--pathspec-from-file=-", "--pathspec-file-nul"]
        if back:
            restore = [
                "--literal-pathspecs",
                "restore",
                f"--source={sha}",
                "--staged",
                "--worktree",
            ]
            _run_write(vault, [*restore, *spec], deadline, stdin=_nul(back))
        if gone:
            rm = ["--literal-pathspecs", "rm", "-q", "-r", "--ignore-unmatch", "--cached", *spec]
            _run_write(vault, rm, deadline, stdin=_nul(gone))
            for r in gone:
                if vault_files.kind(vault, r) in (vault_files.FILE, vault_files.SYMLINK):
                    (vault / r).unlink(missing_ok=True)


def checkout_files(
    vault: Path, rels: Iterable[str], rev: str = "HEAD", *, lock_timeout: float | None = None
) -> tuple[str, ...]:
    """Put these files back in the work tree as they are at REV (no commit: they then match
    it). Paths that REV does not have are skipped. Returns the restored paths."""
    sha = resolve_rev(vault, rev)
    candidates = [r for r in dict.fromkeys(rels) if stageable(r)]
    present = existing_at(vault, sha, candidates)
    wanted = [r for r in candidates if r in present]
    if wanted:
        restore_paths(vault, sha, wanted, lock_timeout=lock_timeout)
    return tuple(wanted)


# ---------------------------------------------------------------------------------------------
# for storage.history_remote (the sync half of this gate): git only through these, same lock


def run_git(
    vault: Path,
    args: Sequence[str],
    *,
    stdin: bytes | None = None,
    check: bool = True,
    config: Sequence[str] = (),
    extra_env: dict[str, str] | None = None,
    timeout: float | None = None,
) -> subprocess.CompletedProcess[bytes]:
    return _run(
        vault, args, stdin=stdin, check=check, config=config, extra_env=extra_env, timeout=timeout
    )


author_config = _author_config  # `-c user.name=...` only when git has no identity


@contextlib.contextmanager
def write_session(vault: Path, timeout: float | None = None) -> Iterator[Callable[..., object]]:
    """Hold the git lock; yields `write(args, stdin=None)`, which waits for index.lock first."""
    with _write_lock(vault, DEFAULT_LOCK_TIMEOUT_S if timeout is None else timeout) as deadline:

        def write(args: Sequence[str], stdin: bytes | None = None, check: bool = True) -> object:
            if args and args[0] == "commit":
                return _commit(vault, (stdin or b"").decode("utf-8"), deadline)
            if check:
                return _run_write(vault, args, deadline, stdin=stdin)
            _wait_index_lock(vault, deadline)
            return _run(vault, args, stdin=stdin, check=False)

        yield write
