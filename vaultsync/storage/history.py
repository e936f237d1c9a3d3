"""The one module that runs git: the vault's history, one commit per batch of changes.

The git binary through subprocess, because GitPython's own index is ten times slower at 100k
notes (FLOORS.md) and the binary is what obsidian-git and the person's terminal use, so all
agree on the index and on `.git/index.lock`. Rules kept for every caller (docs/watch-and-
history.md explains them): only the named paths are staged, never `.git/`, `.obsidian/`,
`.trash/`, temp files or conflict copies, whatever `.gitignore` says; every write holds one
lock and waits for other committers (storage.repository); history is never rewritten (a rollback
is a new commit); the person's git hooks run (no `--no-verify`: a rejection surfaces as a
GitError instead of being bypassed); an author is supplied only when git has none.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

from vaultsync.storage import repository
from vaultsync.storage.repository import EXCLUDE_PATHSPECS, stageable
from vaultsync.storage.revision import LOG_FORMAT, Change, Commit, parse_changes, parse_log

DEFAULT_LOCK_TIMEOUT_S = 10.0
GIT_TIMEOUT_S = 600.0  # the first `add -A` of 100k notes takes ~10 s; never hang forever
FALLBACK_AUTHOR = ("vaultsync", "vaultsync@localhost")

_LOCK_ERROR = re.compile(r"(index\.lock|\.lock'?: File exists|cannot lock ref|Unable to create)")
# "Unable to create '.git/index.lock': Read-only file system" names the lock but no other
# process holds it: waiting would only delay the same error by the whole lock timeout.
_NOT_A_LOCK = re.compile(
    r"(Read-only file system|Permission denied|No space left|File too large|quota exceeded)",
    re.IGNORECASE,
)


class GitError(RuntimeError):
    """A git command failed; the message carries git's own explanation."""


class GitLockBusy(GitError):
    """`.git/index.lock` (or our own lock) stayed busy longer than the timeout."""


class NotARepo(GitError):
    """The vault is not (the top of) a git repository."""


# ---------------------------------------------------------------------------------------------
# running git


def git_binary() -> str | None:
    return shutil.which("git")


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["GIT_TERMINAL_PROMPT"] = "0"  # never wait on a password prompt from a background job
    env["LC_ALL"] = "C"  # error messages we match on stay in English
    env.pop("GIT_DIR", None)
    env.pop("GIT_WORK_TREE", None)
    env.pop("GIT_INDEX_FILE", None)
    return env


def _run(
    vault: Path,
    args: Sequence[str],
    *,
    stdin: bytes | None = None,
    check: bool = True,
    config: Sequence[str] = (),
) -> subprocess.CompletedProcess[bytes]:
    exe = git_binary()
    if exe is None:
        raise GitError("git is not installed (vaultsync needs the git binary for history)")
    cmd = [exe, "-c", "core.quotepath=off"]
    for item in config:
        cmd += ["-c", item]
    cmd += list(args)
    try:
        proc = subprocess.run(
            cmd,
            cwd=vault,
            input=stdin,
            stdin=None if stdin is not None else subprocess.DEVNULL,
            capture_output=True,
            env=_env(),
            timeout=GIT_TIMEOUT_S,
            check=False,
            # Ctrl-C in the watcher's terminal must not kill git halfway through a commit:
            # the watcher catches it and finishes its batch itself.
            start_new_session=True,
        )
    except FileNotFoundError as exc:
        raise GitError(f"cannot run git in {vault}: {exc.strerror}") from exc
    except subprocess.TimeoutExpired as exc:
        raise GitError(f"git {args[0]} took longer than {GIT_TIMEOUT_S:.0f} s") from exc
    if check and proc.returncode != 0:
        raise _error(args, proc)
    return proc


def _error(args: Sequence[str], proc: subprocess.CompletedProcess[bytes]) -> GitError:
    text = (proc.stderr or proc.stdout).decode("utf-8", "replace").strip()
    first = " ".join(line.strip() for line in text.splitlines()[:3] if line.strip())
    message = f"git {args[0]} failed: {first or f'exit {proc.returncode}'}"
    if _LOCK_ERROR.search(text) and not _NOT_A_LOCK.search(text):
        return GitLockBusy(message)
    return GitError(message)


def _z(data: bytes) -> list[str]:
    return [p for p in data.decode("utf-8", "surrogateescape").split("\0") if p]


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


def head(vault: Path) -> str | None:
    """The sha HEAD points at, or None before the first commit."""
    found = repository.read_head(vault)
    if found != repository.UNKNOWN:
        return found
    proc = _run(vault, ["rev-parse", "--verify", "-q", "HEAD"], check=False)
    if proc.returncode != 0:
        return None
    return proc.stdout.decode().strip() or None


def has_remote(vault: Path) -> bool:
    return bool(_run(vault, ["remote"], check=False).stdout.strip())


# ---------------------------------------------------------------------------------------------
# what may be committed


def status_porcelain(vault: Path) -> list[tuple[str, str]]:
    """(XY code, rel) for every changed, deleted or untracked stageable path, renames split.

    Reads with `--no-optional-locks` so polling never takes `.git/index.lock` from a committer.
    """
    proc = _run(
        vault,
        ["--no-optional-locks", "status", "--porcelain=v1", "-z", "--untracked-files=all"],
    )
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
    folders = [r for r in rels if (vault / r).is_dir()]
    folder_set = set(folders)
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
        _stage(vault, wanted, deadline)
        if callable(message):
            changes = staged_changes(vault)
            if not changes:
                return None
            message = message(changes)
        return _commit(vault, message, deadline)


def commit_all(vault: Path, message: str, *, lock_timeout: float | None = None) -> str | None:
    """Stage every change in the vault except what must never be committed, and commit.

    Used for the first commit of a vault and for periodic healing. Returns the sha or None.
    """
    timeout = DEFAULT_LOCK_TIMEOUT_S if lock_timeout is None else lock_timeout
    with _write_lock(vault, timeout) as deadline:
        _run_write(vault, ["add", "-A", "--", ".", *EXCLUDE_PATHSPECS], deadline)
        _unstage_forbidden(vault, deadline)
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


def restore(
    vault: Path, rev: str, rel: str | None = None, *, lock_timeout: float | None = None
) -> str | None:
    """Bring back the vault (or one note) as it was at REV, as a new commit on top of history.

    Uncommitted changes are committed first, so the state being replaced stays in history.
    Files added since REV are removed from the work tree only in a whole-vault rollback; a
    single note that did not exist at REV is an error, never a deletion. Returns the sha of
    the rollback commit, or None when the vault already matched REV.
    """
    sha = resolve_rev(vault, rev)
    if rel is not None and not exists_at(vault, sha, rel):
        raise FileNotFoundError(
            f"{rel} did not exist at {rev} (if it was renamed, `vaultsync history {rel}` "
            "shows its earlier name)"
        )
    timeout = DEFAULT_LOCK_TIMEOUT_S if lock_timeout is None else lock_timeout
    target = [rel] if rel else [".", ":(exclude).obsidian", *EXCLUDE_PATHSPECS]
    with _write_lock(vault, timeout) as deadline:
        if rel is not None:
            _stage(vault, [rel], deadline)
            _commit(vault, f"vaultsync: snapshot of {rel} before rollback to {sha[:10]}", deadline)
        else:
            _run_write(vault, ["add", "-A", "--", ".", *EXCLUDE_PATHSPECS], deadline)
            _unstage_forbidden(vault, deadline)
            _commit(vault, f"vaultsync: snapshot before rollback to {sha[:10]}", deadline)
        _run_write(
            vault, ["restore", f"--source={sha}", "--staged", "--worktree", "--", *target], deadline
        )
        what = rel or "the vault"
        return _commit(
            vault, f"vaultsync: roll back {what} to {sha[:10]}\n\nRestored from {sha}.", deadline
        )


def checkout_files(
    vault: Path, rels: Iterable[str], rev: str = "HEAD", *, lock_timeout: float | None = None
) -> tuple[str, ...]:
    """Put these files back in the work tree as they are at REV (no commit: they then match
    it). Paths that REV does not have are skipped. Returns the restored paths."""
    sha = resolve_rev(vault, rev)
    candidates = [r for r in dict.fromkeys(rels) if stageable(r)]
    present = existing_at(vault, sha, candidates)
    wanted = [r for r in candidates if r in present]
    if not wanted:
        return ()
    timeout = DEFAULT_LOCK_TIMEOUT_S if lock_timeout is None else lock_timeout
    with _write_lock(vault, timeout) as deadline:
        _run_write(
            vault,
            [
                "restore",
                f"--source={sha}",
                "--staged",
                "--worktree",
                "--pathspec-from-file=-",
                "--pathspec-file-nul",
            ],
            deadline,
            stdin=_nul(wanted),
        )
    return tuple(wanted)


# =============================================================================================
# remotes and integration (`vaultsync sync`, owner h17)
#
# Everything `services.vault.remote` needs from git, kept in one section. The rules: fetch and
# push never prompt (no terminal, ssh in batch mode) and never force; integration is computed
# in git's object store (`merge-tree --write-tree`), so a conflict marker never reaches a file
# a person can open; the work tree moves from the old commit to the new one with a two-tree
# `read-tree -m -u`, which refuses to overwrite a file changed since the last commit instead of
# losing it; history only grows (a merge commit, or a fast-forward). Credentials stay git's
# (credential helpers, ssh agents): a URL is only ever shown with its password removed.

_NULL_OID = "0" * 40
NETWORK_TIMEOUT_S = 300.0


class PushRejected(GitError):
    """The remote refused the push because it has commits we lack (someone else pushed)."""


class NotUpToDate(GitError):
    """A file changed in the work tree since the last commit, so the checkout was refused."""


def _sync_env() -> dict[str, str]:
    env = _env()
    # ssh must fail instead of asking for a passphrase or a host key when nobody is there.
    if "GIT_SSH_COMMAND" not in env and "GIT_SSH" not in env:
        env["GIT_SSH_COMMAND"] = "ssh -o BatchMode=yes"
    env["GIT_ASKPASS"] = env.get("GIT_ASKPASS", "") or "true"  # an empty answer, never a prompt
    env["SSH_ASKPASS"] = env.get("SSH_ASKPASS", "") or "true"
    env["GCM_INTERACTIVE"] = "never"
    return env


def _run_env(
    vault: Path,
    args: Sequence[str],
    env: dict[str, str],
    *,
    stdin: bytes | None = None,
    check: bool = True,
    timeout: float = GIT_TIMEOUT_S,
    config: Sequence[str] = (),
) -> subprocess.CompletedProcess[bytes]:
    """`_run` with a chosen environment (a temporary index, the no-prompt settings)."""
    exe = git_binary()
    if exe is None:
        raise GitError("git is not installed (vaultsync needs the git binary for history)")
    cmd = [exe, "-c", "core.quotepath=off"]
    for item in config:
        cmd += ["-c", item]
    cmd += list(args)
    try:
        proc = subprocess.run(
            cmd,
            cwd=vault,
            input=stdin,
            stdin=None if stdin is not None else subprocess.DEVNULL,
            capture_output=True,
            env=env,
            timeout=timeout,
            check=False,
            start_new_session=True,
        )
    except FileNotFoundError as exc:
        raise GitError(f"cannot run git in {vault}: {exc.strerror}") from exc
    except subprocess.TimeoutExpired as exc:
        raise GitError(f"git {args[0]} took longer than {timeout:.0f} s") from exc
    if check and proc.returncode != 0:
        raise _safe_error(args, proc)
    return proc


def _safe_error(args: Sequence[str], proc: subprocess.CompletedProcess[bytes]) -> GitError:
    err = _error(args, proc)
    return type(err)(redact_url(str(err)))


_USERINFO = re.compile(r"(?P<scheme>[a-zA-Z][a-zA-Z0-9+.-]*://)(?P<user>[^/@\s:]*)(?::[^/@\s]*)?@")


def redact_url(text: str) -> str:
    """Remove any password (and token-like user name) from URLs in `text`.

    `https://mei:s3cret@host/x` -> `https://mei@host/x`; `https://ghp_token@host/x` ->
    `https://***@host/x` (a token in the user part is a credential too).
    """

    def fix(m: re.Match[str]) -> str:
        user = m.group("user")
        if len(user) >= 20 or re.match(r"^(gh[pousr]_|glpat-|x-access-token|oauth2)", user):
            user = "***"
        return f"{m.group('scheme')}{user}@" if user else m.group("scheme")

    return _USERINFO.sub(fix, text)


def current_branch(vault: Path) -> str | None:
    proc = _run(vault, ["symbolic-ref", "-q", "--short", "HEAD"], check=False)
    name = proc.stdout.decode("utf-8", "surrogateescape").strip()
    return name or None


def config_get(vault: Path, key: str) -> str | None:
    proc = _run(vault, ["config", "--get", key], check=False)
    value = proc.stdout.decode("utf-8", "surrogateescape").strip()
    return value or None


def remotes(vault: Path) -> list[str]:
    return [r for r in _run(vault, ["remote"], check=False).stdout.decode().split() if r]


def upstream_of(vault: Path, branch: str) -> tuple[str, str] | None:
    """(remote, remote branch) the branch tracks (`git clone` sets it), or None.

    Without tracking set, a vault with exactly one remote uses that remote's branch of the same
    name: the usual state after `git remote add origin URL` on the first machine.
    """
    remote = config_get(vault, f"branch.{branch}.remote")
    merge = config_get(vault, f"branch.{branch}.merge")
    if remote and remote != "." and merge:
        return remote, merge.removeprefix("refs/heads/")
    names = remotes(vault)
    if len(names) == 1:
        return names[0], branch
    if "origin" in names:
        return "origin", branch
    return None


def remote_url(vault: Path, remote: str) -> str:
    """The remote's URL, with any password removed: safe to print."""
    return redact_url(config_get(vault, f"remote.{remote}.url") or "")


def rev(vault: Path, ref: str) -> str | None:
    proc = _run(vault, ["rev-parse", "--verify", "-q", f"{ref}^{{commit}}"], check=False)
    return proc.stdout.decode().strip() or None if proc.returncode == 0 else None


def tree_of(vault: Path, commit: str) -> str:
    return _run(vault, ["rev-parse", f"{commit}^{{tree}}"]).stdout.decode().strip()


def is_ancestor(vault: Path, older: str, newer: str) -> bool:
    proc = _run(vault, ["merge-base", "--is-ancestor", older, newer], check=False)
    return proc.returncode == 0


def ahead_behind(vault: Path, local: str, remote: str) -> tuple[int, int]:
    """(commits only local has, commits only remote has)."""
    out = _run(vault, ["rev-list", "--left-right", "--count", f"{local}...{remote}"]).stdout
    ahead, behind = out.decode().split()
    return int(ahead), int(behind)


def fetch(vault: Path, remote: str, branch: str, *, timeout: float = NETWORK_TIMEOUT_S) -> None:
    """Fetch one branch into its remote-tracking ref. Never prompts; GitError when offline."""
    refspec = f"+refs/heads/{branch}:refs/remotes/{remote}/{branch}"
    _run_env(
        vault,
        ["fetch", "--quiet", "--no-tags", "--no-write-fetch-head", remote, refspec],
        _sync_env(),
        timeout=timeout,
    )


def remote_has_branch(vault: Path, remote: str, branch: str) -> bool | None:
    """Does the remote have the branch? None when it cannot be reached."""
    proc = _run_env(
        vault,
        ["ls-remote", "--heads", "--exit-code", remote, f"refs/heads/{branch}"],
        _sync_env(),
        check=False,
        timeout=NETWORK_TIMEOUT_S,
    )
    if proc.returncode == 0:
        return True
    if proc.returncode == 2:
        return False
    return None


_REJECTED = re.compile(
    r"\[rejected\]|non-fast-forward|fetch first|\[remote rejected\].*(lock|stale)"
)


def push(vault: Path, remote: str, branch: str, *, timeout: float = NETWORK_TIMEOUT_S) -> None:
    """Push HEAD to the remote branch, never forced. PushRejected when the remote moved on."""
    proc = _run_env(
        vault,
        ["push", "--porcelain", remote, f"HEAD:refs/heads/{branch}"],
        _sync_env(),
        check=False,
        timeout=timeout,
    )
    if proc.returncode == 0:
        return
    text = (proc.stdout + proc.stderr).decode("utf-8", "replace")
    if re.search(
        r"\[rejected\]|non-fast-forward|fetch first|\[remote rejected\].*(lock|stale)", text
    ):
        raise PushRejected(redact_url(f"push to {remote} rejected: the remote has new commits"))
    raise _safe_error(["push"], proc)


def set_upstream(vault: Path, branch: str, remote: str) -> None:
    _run(vault, ["config", f"branch.{branch}.remote", remote])
    _run(vault, ["config", f"branch.{branch}.merge", f"refs/heads/{branch}"])


# ---------------------------------------------------------------- computing a merge in git's store


def read_blob(vault: Path, oid: str) -> bytes:
    return _run(vault, ["cat-file", "blob", oid]).stdout


def blob_at(vault: Path, commit: str, rel: str) -> bytes | None:
    proc = _run(vault, ["cat-file", "blob", f"{commit}:{rel}"], check=False)
    return proc.stdout if proc.returncode == 0 else None


def write_blob(vault: Path, data: bytes) -> str:
    return _run(vault, ["hash-object", "-w", "--stdin"], stdin=data).stdout.decode().strip()


class MergeEntry:
    """One conflicted path of a computed merge: the blob ids at stages 1 (base), 2 (ours), 3
    (theirs); None where that side has no file (a deletion, or an add on one side only)."""

    __slots__ = ("base", "mode", "ours", "path", "theirs")

    def __init__(self, path: str) -> None:
        self.path = path
        self.base: str | None = None
        self.ours: str | None = None
        self.theirs: str | None = None
        self.mode = "100644"


def merge_tree(vault: Path, ours: str, theirs: str) -> tuple[str, list[MergeEntry], bool]:
    """Merge two commits without touching the index or the work tree.

    Returns (tree with git's own resolution, conflicted paths with their stages, clean). The
    tree holds conflict markers for text conflicts: callers must replace every conflicted path.
    """
    args = ["merge-tree", "--write-tree", "--allow-unrelated-histories", "-z", ours, theirs]
    proc = _run(vault, args, check=False)
    if proc.returncode not in (0, 1):
        raise _error(["merge-tree"], proc)
    out = proc.stdout.decode("utf-8", "surrogateescape")
    tree, _, rest = out.partition("\0")
    entries: dict[str, MergeEntry] = {}
    if proc.returncode == 1:
        # "<mode> <oid> <stage>\t<path>\0" ... then an empty field before the messages.
        for item in rest.split("\0"):
            if not item:
                break
            meta, _, path = item.partition("\t")
            parts = meta.split()
            if len(parts) != 3 or not path:
                break
            mode, oid, stage = parts
            entry = entries.setdefault(path, MergeEntry(path))
            entry.mode = mode if stage != "1" or entry.mode == "100644" else entry.mode
            if stage == "1":
                entry.base = oid
            elif stage == "2":
                entry.ours, entry.mode = oid, mode
            elif stage == "3":
                entry.theirs = oid
                if entry.ours is None:
                    entry.mode = mode
    return tree.strip(), list(entries.values()), proc.returncode == 0


def replace_in_tree(vault: Path, tree: str, updates: dict[str, tuple[str, str] | None]) -> str:
    """A new tree: `tree` with paths set to (mode, blob) or removed (None), via a temporary
    index so the real one is never touched."""
    if not updates:
        return tree
    index = repository.git_dir(vault) / f"vaultsync-merge-{os.getpid()}.index"
    env = _env()
    env["GIT_INDEX_FILE"] = str(index)
    try:
        _run_env(vault, ["read-tree", tree], env)
        lines = []
        for path, value in sorted(updates.items()):
            if value is None:
                lines.append(f"0 {_NULL_OID}\t{path}")
            else:
                mode, oid = value
                lines.append(f"{mode} {oid}\t{path}")
        data = "".join(line + "\0" for line in lines).encode("utf-8", "surrogateescape")
        _run_env(vault, ["update-index", "-z", "--index-info"], env, stdin=data)
        return _run_env(vault, ["write-tree"], env).stdout.decode().strip()
    finally:
        index.unlink(missing_ok=True)


def commit_tree(vault: Path, tree: str, parents: Sequence[str], message: str) -> str:
    args = ["commit-tree", tree]
    for parent in parents:
        args += ["-p", parent]
    proc = _run(vault, args, stdin=message.encode("utf-8"), config=_author_config(vault))
    return proc.stdout.decode().strip()


def changed_between(vault: Path, old: str, new: str) -> list[tuple[str, str]]:
    """(status letter, path) of every file that differs between two commits (no renames)."""
    out = _run(vault, ["diff-tree", "-r", "-z", "--no-renames", "--name-status", old, new]).stdout
    items = _z(out)
    return [(items[i][0], items[i + 1]) for i in range(0, len(items) - 1, 2)]


def _journal(vault: Path) -> Path:
    return repository.git_dir(vault) / "vaultsync-sync-journal"


def move_to(
    vault: Path,
    old: str,
    new: str,
    *,
    lock_timeout: float | None = None,
    hold: Callable[[Sequence[str]], contextlib.AbstractContextManager[object]] | None = None,
) -> None:
    """Move the branch, index and work tree from commit `old` to commit `new`.

    Files that differ are rewritten; a file changed since `old` was committed is never
    overwritten (NotUpToDate: commit it and compute the merge again). `hold(paths)` is entered
    around the rewrite (the note locks, so a hook append waits instead of racing it). A journal
    in `.git` lets `finish_interrupted` complete a move that a kill cut short: the work tree is
    updated first and the branch last, so an interrupted move never looks like a local revert.
    """
    from vaultsync.core import writer  # only sync moves the work tree

    timeout = DEFAULT_LOCK_TIMEOUT_S if lock_timeout is None else lock_timeout
    changed = [p for _s, p in changed_between(vault, old, new)]
    with _write_lock(vault, timeout) as deadline:
        if head(vault) != old:
            raise NotUpToDate("the branch moved while the merge was computed")
        writer.write_atomic(_journal(vault), f"{old} {new}\n", fsync=False)
        guard = hold(changed) if hold is not None else contextlib.nullcontext()
        with guard:
            _wait_index_lock(vault, deadline)
            # Refresh stat data first, or a file touched-but-unchanged looks dirty.
            _run(vault, ["update-index", "-q", "--refresh"], check=False)
            proc = _run(vault, ["read-tree", "-m", "-u", old, new], check=False)
            if proc.returncode != 0:
                _journal(vault).unlink(missing_ok=True)
                text = proc.stderr.decode("utf-8", "replace")
                if "not uptodate" in text or "would be overwritten" in text:
                    raise NotUpToDate(f"a file changed during sync: {text.strip()[:300]}")
                raise _error(["read-tree"], proc)
        _run(vault, ["update-ref", "-m", "vaultsync sync", "HEAD", new, old])
        _journal(vault).unlink(missing_ok=True)


def finish_interrupted(vault: Path) -> bool:
    """Complete a `move_to` that a kill interrupted after the work tree moved. True if it did."""
    try:
        old, new = _journal(vault).read_text(encoding="utf-8").split()
    except (OSError, ValueError):
        return False
    try:
        index_tree = _run(vault, ["write-tree"], check=False).stdout.decode().strip()
        if head(vault) == old and index_tree == tree_of(vault, new):
            _run(vault, ["update-ref", "-m", "vaultsync sync (resumed)", "HEAD", new, old])
    finally:
        _journal(vault).unlink(missing_ok=True)
    return True


def tracked_missing(vault: Path, rels: Iterable[str]) -> list[str]:
    """Of these tracked paths, the ones no longer on disk."""
    return [r for r in rels if not (vault / r).exists() and not (vault / r).is_symlink()]


def tracked_matching(vault: Path, pattern: str) -> list[str]:
    """Tracked paths matching a git glob pathspec (`:(glob)**/*conflicted copy*`)."""
    return _z(_run(vault, ["ls-files", "-z", "--", f":(glob,icase){pattern}"]).stdout)


def remove_tracked(
    vault: Path, rels: Sequence[str], message: str, *, lock_timeout: float | None = None
) -> str | None:
    """Commit the removal of tracked paths from history's tip (the files stay on disk if they
    are there), even ones `stageable` refuses: the conflict copies sync itself committed and a
    person has since deleted, or USER.md when it becomes personal in a team vault."""
    if not rels:
        return None
    timeout = DEFAULT_LOCK_TIMEOUT_S if lock_timeout is None else lock_timeout
    with _write_lock(vault, timeout) as deadline:
        spec = ["--pathspec-from-file=-", "--pathspec-file-nul"]
        rm = ["rm", "--cached", "-q", "--ignore-unmatch", *spec]
        _run_write(vault, rm, deadline, stdin=_nul(rels))
        return _commit(vault, message, deadline)


def fsck(vault: Path) -> tuple[bool, str]:
    proc = _run(vault, ["fsck", "--no-progress", "--strict"], check=False)
    return proc.returncode == 0, (proc.stdout + proc.stderr).decode("utf-8", "replace")


def exclude_locally(vault: Path, pattern: str) -> bool:
    """Add a pattern to `.git/info/exclude` (this clone only, never committed). True if added."""
    from vaultsync.core import writer

    target = repository.git_dir(vault) / "info" / "exclude"
    try:
        current = target.read_text(encoding="utf-8")
    except FileNotFoundError:
        current = ""
    if pattern in current.splitlines():
        return False
    text = current + ("" if not current or current.endswith("\n") else "\n") + pattern + "\n"
    writer.write_atomic(target, text, fsync=False)
    return True


def is_tracked(vault: Path, rel: str) -> bool:
    return bool(_run(vault, ["ls-files", "-z", "--", f":(literal){rel}"]).stdout)
