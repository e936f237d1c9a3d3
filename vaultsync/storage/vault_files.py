"""The vault boundary: every read of a vault file and THE one vault walk go through here.

Rules (docs/faults.md, "The vault boundary"):

- **Inside only.** A path given on the command line or read from a note is resolved with
  `resolve` (relative to the vault, or to the current folder when that lies inside the vault)
  and refused with `OutsideVault` when it leaves the vault, lexically (`..`) or through a
  symbolic link.
- **Regular files only.** `read_bytes` / `read_text` open a file with `O_NOFOLLOW |
  O_NONBLOCK` and check `fstat` before reading: a FIFO, socket or device is never opened for
  reading (a FIFO named `x.md` would block forever), a symlink is refused (`NotRegular`).
- **Symbolic links are never followed.** A symlink inside the vault (to a file or a folder,
  pointing inside or outside the vault) is not a note, not a template, not a folder to walk:
  vaultsync never reads through it. git itself stores a symlink as a link (the target's
  path, never its contents), so vaultsync leaves the link to git and never stages a path
  *beyond* a symlinked folder (`beyond_symlink`), which git would refuse for the whole batch.
- **One walk.** `walk(vault)` is the only way vaultsync lists the vault (reconcile, rebuild,
  the watcher's folder events, learn's queue scan, review, levels, status, generate...). It
  prunes the ignored folders without entering them (`.git`, `.obsidian`, `.trash`,
  `.vaultsync`, every dot folder, `node_modules`), skips ignored names (`paths.is_ignored_name`:
  temp and swap files, sync-conflict copies), never descends a symlinked folder, and reports
  (never opens) symlinks and special files in `Walk.skipped`. The per-machine state folder
  lives outside the vault, so it is never walked.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from vaultsync.core import paths, writer

_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


class OutsideVault(ValueError):
    """A path leaves the vault (by `..`, an absolute path elsewhere, or a symlink)."""


class NotRegular(OSError):
    """A vault path is a symlink, FIFO, socket, device or folder: never read as a file."""


# ---------------------------------------------------------------------------------------------
# paths


def _norm(rel: str) -> str:
    return rel.replace(os.sep, "/").strip("/")


def inside(vault: Path, path: Path | str) -> str:
    """The vault-relative form of `path` (absolute, or relative to the vault), proved inside
    the vault after resolving every symlink; `OutsideVault` otherwise."""
    root = vault.resolve()
    candidate = Path(path)
    full = candidate if candidate.is_absolute() else root / candidate
    resolved = full.resolve()
    if resolved != root and root not in resolved.parents:
        raise OutsideVault(f"path escapes the vault: {path} (the vault is {vault})")
    return resolved.relative_to(root).as_posix() if resolved != root else ""


def resolve(vault: Path, given: str | Path, *, cwd: Path | None = None) -> str:
    """A path a person (or an agent) typed: relative to the vault, or a path from the current
    folder that lies inside the vault. Returns the vault-relative path; `OutsideVault` when
    it leaves the vault, in any way."""
    text = str(given)
    if not text or "\x00" in text:
        raise OutsideVault(f"not a path inside the vault: {given!r}")
    candidate = Path(text).expanduser()
    root = vault.resolve()
    if candidate.is_absolute():
        return inside(vault, candidate)
    here = (cwd or Path.cwd()).resolve()
    from_here = here / candidate
    if here == root or root in here.parents:
        # Inside the vault, a relative path means what it means in a shell.
        return inside(vault, from_here)
    # Elsewhere, a relative path is relative to the vault (`..` may not climb out of it),
    # unless only the path from here names something: what a shell's completion typed from
    # the vault's parent folder (`Memory/memories/...`).
    if not os.path.lexists(root / candidate) and os.path.lexists(from_here):
        with contextlib.suppress(OutsideVault):
            return inside(vault, from_here)
    return inside(vault, root / candidate)


def beyond_symlink(vault: Path, rel: str) -> bool:
    """True when a folder on the way to `rel` is a symlink (git refuses such a path)."""
    parts = PurePosixPath(_norm(rel)).parts[:-1]
    current = vault
    for part in parts:
        current = current / part
        try:
            if stat.S_ISLNK(os.lstat(current).st_mode):
                return True
        except OSError:
            return False
    return False


# ---------------------------------------------------------------------------------------------
# what a path is


FILE = "file"
MISSING = "missing"
SYMLINK = "symlink"
SPECIAL = "special"  # FIFO, socket, device
FOLDER = "folder"
UNREADABLE = "unreadable"
BEYOND = "beyond a link"  # `kinds` only: the path lies under a symlinked folder


def kind(vault: Path, rel: str) -> str:
    """What `rel` is, from `lstat` alone (never opens it, never follows a link)."""
    rel = _norm(rel)
    return SYMLINK if beyond_symlink(vault, rel) else _own_kind(vault, rel)


def kinds(vault: Path, rels: Iterable[str]) -> dict[str, str]:
    """`kind` of many paths, each parent folder checked for a link once (a renamed folder of
    10,000 notes costs one lstat per note, not one per note and folder level). A path under a
    symlinked folder is BEYOND (git refuses it), a symlink itself SYMLINK."""
    linked: dict[str, bool] = {}

    def via_link(rel: str) -> bool:
        parent = rel.rpartition("/")[0]
        if not parent:
            return False
        if parent not in linked:
            try:
                is_link = stat.S_ISLNK(os.lstat(vault / parent).st_mode)
            except OSError:
                is_link = False
            linked[parent] = is_link or via_link(parent)
        return linked[parent]

    out: dict[str, str] = {}
    for rel in rels:
        norm = _norm(rel)
        out[rel] = BEYOND if via_link(norm) else _own_kind(vault, norm)
    return out


def _own_kind(vault: Path, rel: str) -> str:
    try:
        mode = os.lstat(vault / rel).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return MISSING
    except OSError:
        return UNREADABLE
    if stat.S_ISLNK(mode):
        return SYMLINK
    if stat.S_ISDIR(mode):
        return FOLDER
    return FILE if stat.S_ISREG(mode) else SPECIAL


def describe(what: str) -> str:
    return {
        SYMLINK: "a symbolic link (vaultsync never follows links)",
        SPECIAL: "not a regular file (a FIFO, socket or device)",
        FOLDER: "a folder",
    }.get(what, what)


# ---------------------------------------------------------------------------------------------
# reading


def open_regular(path: Path | str) -> int:
    """A file descriptor for a regular file; `NotRegular` for anything else (no blocking on a
    FIFO, no following of a final symlink)."""
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise NotRegular(errno.ELOOP, f"{path} is {describe(SYMLINK)}") from None
        raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            what = FOLDER if stat.S_ISDIR(st.st_mode) else SPECIAL
            raise NotRegular(errno.EINVAL, f"{path} is {describe(what)}")
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_path(path: Path | str, limit: int | None = None) -> bytes:
    """The bytes of a regular file (at most `limit`), refusing links and special files."""
    fd = open_regular(path)
    with os.fdopen(fd, "rb") as fh:
        return fh.read() if limit is None else fh.read(limit)


def read_bytes(vault: Path, rel: str, *, limit: int | None = None, walked: bool = False) -> bytes:
    """A vault file's bytes. `walked=True` when `rel` came from `walk` (its folders are known
    not to be links, so only the file itself is checked)."""
    rel = _norm(rel)
    if not walked and beyond_symlink(vault, rel):
        raise NotRegular(errno.ELOOP, f"{rel} lies beyond {describe(SYMLINK)}")
    return read_path(os.path.join(vault, rel), limit)


def read_text(vault: Path, rel: str, *, errors: str = "strict") -> str:
    return read_bytes(vault, rel).decode("utf-8", errors)


# ---------------------------------------------------------------------------------------------
# the walk


@dataclass
class Walk:
    """What `walk` found: regular files (rel -> (mtime_ns, size)), folders it could not list,
    and paths it skipped without opening them (rel, why)."""

    files: dict[str, tuple[int, int]] = field(default_factory=dict)
    unreadable: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)

    def warnings(self) -> list[str]:
        return [f"{rel}: {why}; skipped" for rel, why in self.skipped]


def walk(vault: Path, under: str = "", *, notes_only: bool = True) -> Walk:
    """THE vault walk: every regular file (notes only by default) under `under`.

    Ignored folders are pruned without being entered; symlinked folders are never entered;
    symlinks and special files are reported in `skipped`, never opened. Folder paths in
    `unreadable` end with '/'.
    """
    out = Walk()
    start = _norm(under)
    if start and (paths.is_ignored(start + "/x.md") or kind(vault, start) != FOLDER):
        return out
    stack = [start + "/" if start else ""]
    while stack:
        prefix = stack.pop()
        try:
            with os.scandir(vault / prefix if prefix else vault) as it:
                entries = list(it)
        except FileNotFoundError:
            continue
        except NotADirectoryError:
            continue
        except OSError:
            out.unreadable.append(prefix)
            continue
        for entry in entries:
            name = entry.name
            if name.startswith("."):
                continue
            rel = prefix + name
            try:
                if entry.is_symlink():
                    if not notes_only or name.lower().endswith(".md"):
                        out.skipped.append((rel, describe(SYMLINK)))
                    continue
                if entry.is_dir(follow_symlinks=False):
                    if name not in paths.IGNORED_DIRS:
                        stack.append(rel + "/")
                    continue
                if notes_only and not name.lower().endswith(".md"):
                    continue
                if paths.is_ignored_name(name):
                    continue
                st = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if not stat.S_ISREG(st.st_mode):
                out.skipped.append((rel, describe(SPECIAL)))
                continue
            out.files[rel] = (st.st_mtime_ns, st.st_size)
    return out


def notes(vault: Path, under: str = "") -> list[str]:
    """The sorted rels of every note under `under` (a thin form of `walk`)."""
    return sorted(walk(vault, under).files)


def iter_files(vault: Path, under: str = "") -> Iterator[str]:
    """Every regular, non-ignored file under `under` (notes and attachments)."""
    yield from sorted(walk(vault, under, notes_only=False).files)


def note_locks(vault: Path, rels: Iterable[str], timeout: float) -> contextlib.ExitStack:
    """Hold the lock of every note among `rels` (the lock every writer of a note takes), in a
    fixed order so two holders never deadlock."""
    stack = contextlib.ExitStack()
    try:
        for rel in sorted({r for r in rels if paths.is_note(r)}):
            stack.enter_context(writer.locked(paths.lock_path(vault, rel), timeout))
    except BaseException:
        stack.close()
        raise
    return stack
