"""Running the git binary: environment, time limit, and what a failure means. Only
`storage.history` (the one module that runs git, with its lock) calls it; it holds the process
layer under that gate so the gate itself stays about vault history.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

from vaultsync.core.errors import Exit, VaultsyncError

GIT_TIMEOUT_S = 600.0  # the first `add -A` of 100k notes takes ~10 s; never hang forever

LOCK_ERROR = re.compile(r"(index\.lock|\.lock'?: File exists|cannot lock ref|Unable to create)")
# "Unable to create '.git/index.lock': Read-only file system" names the lock but no other
# process holds it: waiting would only delay the same error by the whole lock timeout.
NOT_A_LOCK = re.compile(
    r"(Read-only file system|Permission denied|No space left|File too large|quota exceeded)",
    re.IGNORECASE,
)


class GitError(VaultsyncError, RuntimeError):
    """A git command failed; the message carries git's own explanation."""


class GitLockBusy(GitError):
    """`.git/index.lock` (or our own lock) stayed busy longer than the timeout."""

    exit_code = Exit.LOCKED


class NotARepo(GitError):
    """The vault is not (the top of) a git repository."""


def git_binary() -> str | None:
    return shutil.which("git")


def env() -> dict[str, str]:
    env = dict(os.environ)
    env["GIT_TERMINAL_PROMPT"] = "0"  # never wait on a password prompt from a background job
    env["LC_ALL"] = "C"  # error messages we match on stay in English
    env.pop("GIT_DIR", None)
    env.pop("GIT_WORK_TREE", None)
    env.pop("GIT_INDEX_FILE", None)
    return env


def run(
    vault: Path,
    args: Sequence[str],
    *,
    stdin: bytes | None = None,
    check: bool = True,
    config: Sequence[str] = (),
    extra_env: dict[str, str] | None = None,
    timeout: float | None = None,
) -> subprocess.CompletedProcess[bytes]:
    """`extra_env` is added to the usual environment (sync's no-prompt settings, a temporary
    index); `timeout` replaces GIT_TIMEOUT_S (network commands)."""
    limit = GIT_TIMEOUT_S if timeout is None else timeout
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
            env={**env(), **(extra_env or {})},
            timeout=limit,
            check=False,
            # Ctrl-C in the watcher's terminal must not kill git halfway through a commit:
            # the watcher catches it and finishes its batch itself.
            start_new_session=True,
        )
    except FileNotFoundError as exc:
        raise GitError(f"cannot run git in {vault}: {exc.strerror}") from exc
    except subprocess.TimeoutExpired as exc:
        raise GitError(f"git {args[0]} took longer than {limit:.0f} s") from exc
    if check and proc.returncode != 0:
        raise error(args, proc)
    return proc


def error(args: Sequence[str], proc: subprocess.CompletedProcess[bytes]) -> GitError:
    text = (proc.stderr or proc.stdout).decode("utf-8", "replace").strip()
    first = " ".join(line.strip() for line in text.splitlines()[:3] if line.strip())
    message = f"git {args[0]} failed: {first or f'exit {proc.returncode}'}"
    if LOCK_ERROR.search(text) and not NOT_A_LOCK.search(text):
        return GitLockBusy(message)
    return GitError(message)


def split_z(data: bytes) -> list[str]:
    return [p for p in data.decode("utf-8", "surrogateescape").split("\0") if p]
