"""The remote half of the git gate: fetch, push, and merges computed in git's object store.

Part of the git gate: every command here runs through `storage.history` (`run_git`, and
`write_session` for anything that touches the index or HEAD, under history's lock). The rules
(docs/sync.md): fetch and push never prompt (no terminal, ssh in batch mode) and never force; a
merge is computed with `merge-tree --write-tree`, so a conflict marker never reaches a file a
person can open; the work tree moves from one commit to the next with a two-tree `read-tree -m
-u`, which refuses to overwrite a file changed since the last commit instead of losing it;
history only grows (a merge commit or a fast-forward). Credentials stay git's (credential
helpers, ssh agents): a URL is only ever shown with its password removed.
"""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from vaultsync.storage import repository
from vaultsync.storage.history import (
    DEFAULT_LOCK_TIMEOUT_S,
    GitError,
    author_config,
    head,
    run_git,
    write_session,
)


def _run(
    vault: Path,
    args: Sequence[str],
    *,
    stdin: bytes | None = None,
    check: bool = True,
    config: Sequence[str] = (),
    env: dict[str, str] | None = None,
    timeout: float | None = None,
) -> subprocess.CompletedProcess[bytes]:
    """Every git command of this module, through the gate's runner (`env`: additions)."""
    try:
        return run_git(
            vault, args, stdin=stdin, check=check, config=config, extra_env=env, timeout=timeout
        )
    except GitError as exc:  # a message may quote a URL with its password
        raise type(exc)(redact_url(str(exc))) from None


def _z(data: bytes) -> list[str]:
    return [p for p in data.decode("utf-8", "surrogateescape").split("\0") if p]


def _nul(items: Iterable[str]) -> bytes:
    return b"".join(i.encode("utf-8", "surrogateescape") + b"\0" for i in items)


_NULL_OID = "0" * 40
NETWORK_TIMEOUT_S = 300.0


class PushRejected(GitError):
    """The remote refused the push because it has commits we lack (someone else pushed)."""


class NotUpToDate(GitError):
    """A file changed in the work tree since the last commit, so the checkout was refused."""


def _sync_env() -> dict[str, str]:
    """Additions that keep a network command from ever waiting on a person."""
    extra: dict[str, str] = {"GCM_INTERACTIVE": "never"}
    # ssh must fail instead of asking for a passphrase or a host key when nobody is there.
    if "GIT_SSH_COMMAND" not in os.environ and "GIT_SSH" not in os.environ:
        extra["GIT_SSH_COMMAND"] = "ssh -o BatchMode=yes"
    extra["GIT_ASKPASS"] = os.environ.get("GIT_ASKPASS") or "true"  # an empty answer
    extra["SSH_ASKPASS"] = os.environ.get("SSH_ASKPASS") or "true"
    return extra


def _safe_error(args: Sequence[str], proc: subprocess.CompletedProcess[bytes]) -> GitError:
    text = (proc.stderr or proc.stdout).decode("utf-8", "replace").strip()
    first = " ".join(line.strip() for line in text.splitlines()[:3] if line.strip())
    return GitError(redact_url(f"git {args[0]} failed: {first or f'exit {proc.returncode}'}"))


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
    args = ["fetch", "--quiet", "--no-tags", "--no-write-fetch-head", remote, refspec]
    try:
        proc = _run(vault, args, env=_sync_env(), timeout=timeout, check=False)
    except GitError as exc:  # a timeout's message may name the URL
        raise GitError(redact_url(str(exc))) from None
    if proc.returncode != 0:
        raise _safe_error(args, proc)


def remote_has_branch(vault: Path, remote: str, branch: str) -> bool | None:
    """Does the remote have the branch? None when it cannot be reached."""
    proc = _run(
        vault,
        ["ls-remote", "--heads", "--exit-code", remote, f"refs/heads/{branch}"],
        env=_sync_env(),
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
    proc = _run(
        vault,
        ["push", "--porcelain", remote, f"HEAD:refs/heads/{branch}"],
        env=_sync_env(),
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
        raise _safe_error(["merge-tree"], proc)
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
    env = {"GIT_INDEX_FILE": str(index)}
    try:
        _run(vault, ["read-tree", tree], env=env)
        lines = []
        for path, value in sorted(updates.items()):
            if value is None:
                lines.append(f"0 {_NULL_OID}\t{path}")
            else:
                mode, oid = value
                lines.append(f"{mode} {oid}\t{path}")
        data = "".join(line + "\0" for line in lines).encode("utf-8", "surrogateescape")
        _run(vault, ["update-index", "-z", "--index-info"], env=env, stdin=data)
        return _run(vault, ["write-tree"], env=env).stdout.decode().strip()
    finally:
        index.unlink(missing_ok=True)


def commit_tree(vault: Path, tree: str, parents: Sequence[str], message: str) -> str:
    args = ["commit-tree", tree]
    for parent in parents:
        args += ["-p", parent]
    proc = _run(vault, args, stdin=message.encode("utf-8"), config=author_config(vault))
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
    changed: Sequence[str] | None = None,
) -> None:
    """Move the branch, index and work tree from commit `old` to commit `new`.

    Files that differ are rewritten; a file changed since `old` was committed is never
    overwritten (NotUpToDate: commit it and compute the merge again). `hold(paths)` is entered
    around the rewrite (the note locks, so a hook append waits instead of racing it). A journal
    in `.git` lets `finish_interrupted` complete a move that a kill cut short: the work tree is
    updated first and the branch last, so an interrupted move never looks like a local revert.
    `changed`: the paths that differ between the two commits, when the caller has them already.
    """
    from vaultsync.core import writer  # only sync moves the work tree

    timeout = DEFAULT_LOCK_TIMEOUT_S if lock_timeout is None else lock_timeout
    if changed is None:
        changed = [p for _s, p in changed_between(vault, old, new)]
    with write_session(vault, timeout) as write:
        if head(vault) != old:
            raise NotUpToDate("the branch moved while the merge was computed")
        writer.write_atomic(_journal(vault), f"{old} {new}\n", fsync=False)
        guard = hold(changed) if hold is not None else contextlib.nullcontext()
        with guard:
            # Refresh stat data first, or a file touched-but-unchanged looks dirty.
            write(["update-index", "-q", "--refresh"], check=False)
            proc = write(["read-tree", "-m", "-u", old, new], check=False)
            assert isinstance(proc, subprocess.CompletedProcess)
            if proc.returncode != 0:
                _journal(vault).unlink(missing_ok=True)
                text = proc.stderr.decode("utf-8", "replace")
                if "not uptodate" in text or "would be overwritten" in text:
                    raise NotUpToDate(f"a file changed during sync: {text.strip()[:300]}")
                raise _safe_error(["read-tree"], proc)
        _run(vault, ["update-ref", "-m", "vaultsync sync", "HEAD", new, old])
        _journal(vault).unlink(missing_ok=True)


def finish_interrupted(vault: Path) -> bool:
    """Complete a `move_to` that a kill interrupted after the work tree moved. True if it did.
    Temporary merge indexes a killed sync left in `.git` are removed too."""
    import time

    for leftover in repository.git_dir(vault).glob("vaultsync-merge-*.index"):
        with contextlib.suppress(OSError):
            if time.time() - leftover.stat().st_mtime > 60:
                leftover.unlink()
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
    with write_session(vault, timeout) as write:
        spec = ["--pathspec-from-file=-", "--pathspec-file-nul"]
        write(["rm", "--cached", "-q", "--ignore-unmatch", *spec], stdin=_nul(rels))
        sha = write(["commit"], stdin=message.encode("utf-8"))
        return sha if isinstance(sha, str) else None


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


def merge_base(vault: Path, a: str, b: str) -> str | None:
    proc = _run(vault, ["merge-base", a, b], check=False)
    return proc.stdout.decode().strip() or None if proc.returncode == 0 else None


# ---------------------------------------------------------------- what the remote may not do


def set_upstream_branch(vault: Path, local: str, remote: str, branch: str) -> None:
    """Make `local` track `remote`'s `branch` (a different name is allowed)."""
    _run(vault, ["config", f"branch.{local}.remote", remote])
    _run(vault, ["config", f"branch.{local}.merge", f"refs/heads/{branch}"])


def remote_heads(vault: Path, remote: str) -> list[str] | None:
    """The branch names the remote has, or None when it cannot be reached."""
    proc = _run(
        vault,
        ["ls-remote", "--heads", remote],
        env=_sync_env(),
        check=False,
        timeout=NETWORK_TIMEOUT_S,
    )
    if proc.returncode != 0:
        return None
    names = []
    for line in proc.stdout.decode("utf-8", "surrogateescape").splitlines():
        _oid, _, ref = line.partition("\t")
        if ref.startswith("refs/heads/"):
            names.append(ref.removeprefix("refs/heads/"))
    return names


def set_ref(vault: Path, ref: str, oid: str) -> None:
    _run(vault, ["update-ref", "-m", "vaultsync sync", ref, oid])


def adopt_remote_branch(vault: Path) -> str | None:
    """A clone of a remote whose HEAD names a branch it does not have (a bare repository made
    on `master` while the vault's branch is `main`) checks out nothing. When this repository
    has no commit yet and the remote has exactly one branch (or `main`), check that branch out
    and track it. Returns the branch, or None when there was nothing to do."""
    if head(vault) is not None:
        return None
    listing = _run(vault, ["for-each-ref", "--format=%(refname:short)", "refs/remotes/"]).stdout
    found = listing.decode("utf-8", "surrogateescape").splitlines()
    branches = [r for r in found if "/" in r and not r.endswith("/HEAD")]
    if len(branches) != 1:
        named_main = [r for r in branches if r.split("/", 1)[1] == "main"]
        if len(named_main) != 1:
            return None
        branches = named_main
    remote, _, branch = branches[0].partition("/")
    with write_session(vault) as write:
        write(["checkout", "-q", "-B", branch, "--track", f"{remote}/{branch}"])
    return branch


# A tree entry no vault file may be called: it would name a place outside the vault or git's own
# folder, and git refuses to check it out (every later sync would fail on it).
_UNSAFE_NAMES = frozenset({"", ".", "..", ".git"})


def _unsafe(name: str) -> bool:
    folded = name.rstrip(" .").casefold()
    return (
        name in _UNSAFE_NAMES
        or folded in {".git", "git~1"}
        or "\\" in name
        or any(ord(c) < 32 for c in name)
    )


_LINK = "120000"  # git's mode of a symbolic link: its blob is the link's target


def _link_leaves(path: str, target: bytes) -> bool:
    """Does a link at `path` (in the vault) to `target` point out of it, or into git's folder?
    Checked out, git makes it a working link that Obsidian and other tools follow (vaultsync
    never does): a remote's `notes/x.md -> ~/.ssh/id_rsa` would show a key as a note."""
    text = target.decode("utf-8", "replace")
    if not text or text.startswith(("/", "\\")) or "\0" in text or re.match(r"[A-Za-z]:", text):
        return True
    where = os.path.normpath(os.path.join(os.path.dirname(path), text))
    top = where.split("/", 1)[0]
    return where == "." or top == ".." or top.rstrip(" .").casefold() == ".git"


def unsafe_paths(vault: Path, commit: str) -> list[str]:
    """Paths in `commit`'s tree with a component no vault file may have (`..`, `.git`), and
    links that point out of the vault (or into git's folder)."""
    out = _run(vault, ["ls-tree", "-r", "-z", "--full-tree", commit]).stdout
    bad = []
    for item in _z(out):
        meta, _, path = item.partition("\t")
        mode, _kind, oid = meta.split()
        if any(_unsafe(part) for part in path.split("/")) or (
            mode == _LINK and _link_leaves(path, read_blob(vault, oid))
        ):
            bad.append(path)
    return bad


def _clean_tree(vault: Path, tree: str, bad: frozenset[str], prefix: str = "") -> str:
    """`tree` without its unsafe entries (`bad`, and any a name makes unsafe), rebuilt level
    by level with `mktree`."""
    listing = _run(vault, ["ls-tree", "-z", tree]).stdout
    kept: list[str] = []
    for item in _z(listing):
        meta, _, name = item.partition("\t")
        mode, kind, oid = meta.split()
        if _unsafe(name) or prefix + name in bad:
            continue
        if kind == "tree":
            oid = _clean_tree(vault, oid, bad, prefix + name + "/")
        kept.append(f"{mode} {kind} {oid}\t{name}")
    data = _nul(kept)
    return _run(vault, ["mktree", "-z", "--missing"], stdin=data).stdout.decode().strip()


def without_unsafe(vault: Path, commit: str) -> tuple[str, list[str]]:
    """`commit`, or when its tree holds unsafe entries a commit on top of it without them (so
    the remote's history stays an ancestor and the next sync does not meet them again), and
    the paths left out."""
    bad = unsafe_paths(vault, commit)
    if not bad:
        return commit, []
    tree = _clean_tree(vault, tree_of(vault, commit), frozenset(bad))
    message = "vaultsync: left out unsafe paths from the remote\n\n" + "\n".join(bad) + "\n"
    return commit_tree(vault, tree, [commit], message), bad


_ATTRIBUTES_HEAD = "# Written by vaultsync"


def neutralise_attributes(vault: Path, own: str) -> bool:
    """Write `.git/info/attributes` (this clone only, read before any `.gitattributes`): no
    attributes file that arrives from the remote may re-encode notes, run a filter or change
    line endings; vaultsync's own merge attributes (`own`) hold whatever the remote's file
    says. True when the file was (re)written."""
    from vaultsync.core import writer

    text = (
        f"{_ATTRIBUTES_HEAD}: a .gitattributes from the remote cannot change how notes are\n"
        "# stored or run a filter (docs/sync.md). This clone only; rewritten by each sync.\n"
        "* -working-tree-encoding -filter -ident -text -eol\n" + own
    )
    target = repository.git_dir(vault) / "info" / "attributes"
    try:
        if target.read_text(encoding="utf-8") == text:
            return False
    except (OSError, UnicodeDecodeError):
        pass
    writer.write_atomic(target, text, fsync=False)
    return True


def tracked_at(vault: Path, commit: str) -> list[str]:
    """Every file path in `commit`'s tree."""
    return _z(_run(vault, ["ls-tree", "-r", "-z", "--name-only", "--full-tree", commit]).stdout)


def dropped_by_remote(vault: Path, ref: str, theirs: str, ours: str, known: str | None) -> bool:
    """Does `ours` hold a commit the remote branch once had (the tracking ref's earlier values,
    from its reflog, and `known`) that `theirs` no longer has? Then the remote's history was
    rewritten (a force-push), whether vaultsync fetched it or a `git fetch` by hand did."""
    proc = _run(vault, ["reflog", "show", "-n", "50", "--format=%H", ref], check=False)
    tips = set(proc.stdout.decode().split()) | ({known} if known else set())
    tips.discard(theirs)
    if not tips:
        return False
    listing = ["rev-list", "--ignore-missing", "--max-count=100000"]
    gone = _run(vault, [*listing, *sorted(tips), "--not", theirs], check=False).stdout.split()
    if not gone:
        return False
    mine = _run(vault, [*listing, ours, "--not", theirs], check=False).stdout.split()
    return bool(set(gone) & set(mine))


def last_integrated(vault: Path, ref: str, ours: str, known: str | None) -> str | None:
    """The newest value the tracking ref had that `ours` contains: where the remote stood at
    the last sync that integrated it (what this vault did since is its own)."""
    proc = _run(vault, ["reflog", "show", "-n", "50", "--format=%H", ref], check=False)
    tips = ([known] if known else []) + proc.stdout.decode().split()
    for tip in dict.fromkeys(tips):
        if is_ancestor(vault, tip, ours):
            return tip
    return None
