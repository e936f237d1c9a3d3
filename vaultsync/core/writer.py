"""The one gate for every file write vaultsync makes.

- `write_atomic`: temp file in the same folder, fsync, rename over, fsync the folder. A reader
  (Obsidian, git, the watcher) sees the old file or the new one, never half of one.
- `append`: appends one whole block to a note under the note's lock, creating the note with its
  header first if it does not exist. Parallel hooks never interleave or lose an event.
- `rewrite`: read-modify-write of a note under the same lock (used to update a session note's
  frontmatter), so an append can never land in a file that is being replaced, and a
  compare-and-swap against editors, which take no lock: the file is replaced only if it still
  holds what was read, else the change is applied again to what is there now.

Locks are `flock`s on small files outside the vault (see paths.lock_path). Temp files carry the
`.vstmp-` marker that the watcher, the index and git all ignore.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import stat
import time
from collections.abc import Callable, Iterator
from pathlib import Path


class WriteError(OSError):
    """A write failed; the target is unchanged."""


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _temp_name(target: Path) -> Path:
    return target.with_name(f".{target.name}.vstmp-{os.urandom(4).hex()}")


def write_atomic(target: Path, data: str | bytes, *, fsync: bool = True, mode: int = 0o644) -> None:
    """Replace `target` with `data` atomically; on any failure the old file is untouched.

    `mode` is the new file's permission (before the umask): an agent's settings file may hold
    credentials, so its rewrite must not be readable for a moment longer than the original.
    """
    payload = data.encode("utf-8") if isinstance(data, str) else data
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = _temp_name(target)
    try:
        _write_new(tmp, payload, mode, fsync=fsync)
        os.replace(tmp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise WriteError(exc.errno or errno.EIO, f"cannot write {target}: {exc.strerror}") from exc
    if fsync:
        _fsync_dir(target.parent)


def create_exclusive(target: Path, data: str | bytes) -> bool:
    """Create `target` with `data` only if it does not exist yet. Returns True if we created it.

    The content is complete before the name appears (write temp, then hard-link), so a racing
    appender can never see an empty or half-written note.
    """
    payload = data.encode("utf-8") if isinstance(data, str) else data
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = _temp_name(target)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        try:
            _write_all(fd, payload)
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(tmp, target)
        except FileExistsError:
            return False
        return True
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()


def _write_all(fd: int, payload: bytes) -> None:
    view = memoryview(payload)
    while view:
        written = os.write(fd, view)
        view = view[written:]


@contextlib.contextmanager
def locked(lock_file: Path, timeout: float = 10.0) -> Iterator[None]:
    """Hold an exclusive flock on `lock_file` (created if needed); TimeoutError after `timeout`."""
    lock_file.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lock_file, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        deadline = time.monotonic() + timeout
        delay = 0.001
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise TimeoutError(f"lock busy: {lock_file}") from None
                time.sleep(delay)
                delay = min(delay * 2, 0.05)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def append(
    target: Path,
    block: str,
    *,
    lock_file: Path,
    header: Callable[[], str] | None = None,
    timeout: float = 10.0,
) -> bool:
    """Append `block` to `target` as one write under the note's lock.

    If the note does not exist, `header()` is written first (atomically, with the block).
    Returns True if this call created the note. The existing bytes are never rewritten.
    """
    with locked(lock_file, timeout):
        return append_unlocked(target, block, header)


def append_unlocked(target: Path, block: str, header: Callable[[], str] | None = None) -> bool:
    """`append` for a caller that already holds the note's lock."""
    data = block.encode("utf-8", "surrogatepass")
    if not os.path.lexists(target):
        if header is None:
            raise FileNotFoundError(target)
        created = create_exclusive(target, header().encode("utf-8") + data)
        if created:
            return True
    # Never through a link, never into a FIFO (which would block without a reader).
    flags = os.O_RDWR | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    fd = os.open(target, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise WriteError(errno.EINVAL, f"cannot append to {target}: not a regular file")
        size = os.fstat(fd).st_size
        # A note a person edited may have lost its final newline: never glue two blocks.
        if size and os.pread(fd, 1, size - 1) != b"\n":
            data = b"\n" + data
        try:
            _write_all(fd, data)
            os.fsync(fd)
        except OSError:
            # A full disk (or file-size limit) accepts part of the block, then fails: cut
            # the note back so no torn block is left for the next append to follow.
            with contextlib.suppress(OSError):
                os.ftruncate(fd, size)
            raise
    finally:
        os.close(fd)
    return False


class Changed(WriteError):
    """The file kept changing under a compare-and-swap (an editor saving in a loop)."""


class Retry(Exception):
    """Raised by a `rewrite` change that read the file mid-save (an editor writing it in
    place, truncated for a moment): read it again shortly."""


def rewrite(
    target: Path,
    change: Callable[[str], str | None],
    *,
    lock_file: Path,
    timeout: float = 10.0,
    fsync: bool = True,
    attempts: int = 20,
) -> bool:
    """Read `target`, apply `change` and replace it atomically, all under the note's lock, as
    a compare-and-swap: the new text is put in place only if the file still holds exactly what
    `change` was given. Editors take no lock, so a person's save between the read and the
    replace would otherwise be lost; on a mismatch the file is read again and `change` applied
    to what is there now (so `change` must be a pure function of the text it is given).

    `change` returns the new text, or None to leave the file alone. Returns True if written.
    `fsync=False` is for batches that end with one `flush()`. Raises `Changed` when the file
    changed under every one of `attempts` tries.
    """
    with locked(lock_file, timeout):
        for _ in range(attempts):
            raw = target.read_bytes()
            text = raw.decode("utf-8", errors="surrogateescape")
            try:
                new = change(text)
            except Retry:
                time.sleep(0.02)
                continue
            if new is None or new == text:
                return False
            if _swap(target, raw, new.encode("utf-8", "surrogateescape"), fsync=fsync):
                return True
            time.sleep(0.005)
    raise Changed(errno.EAGAIN, f"{target} kept changing while it was being updated")


def _write_new(tmp: Path, payload: bytes, mode: int, *, fsync: bool) -> None:
    """The temporary file a rename will put in place: created new (never an existing file)."""
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        _write_all(fd, payload)
        if fsync:
            os.fsync(fd)
    finally:
        os.close(fd)


def _swap(target: Path, expected: bytes, payload: bytes, *, fsync: bool) -> bool:
    """Put `payload` in place of `target` if `target` still holds `expected`."""
    tmp = _temp_name(target)
    try:
        try:
            mode = os.stat(target).st_mode & 0o7777
        except OSError:
            mode = 0o644
        _write_new(tmp, payload, mode, fsync=fsync)
        # The check comes last, after the slow part (fsync), so the window in which an
        # editor's save can slip between the check and the rename is as short as it gets.
        try:
            current = target.read_bytes()
        except FileNotFoundError:
            current = None
        if current != expected:
            tmp.unlink()
            return False
        os.replace(tmp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise WriteError(exc.errno or errno.EIO, f"cannot write {target}: {exc.strerror}") from exc
    if fsync:
        _fsync_dir(target.parent)
    return True


def overwrite(target: Path, data: bytes, *, mode: int = 0o600) -> None:
    """Replace the content of a small private state file in place: written over from the
    start, then cut to length. Not atomic: only for files whose readers take damaged or
    mixed content for no content (JSON that fails to parse), never for notes.

    Why not `write_atomic`: on ext4 a rename over a file (and a truncation to zero) forces the
    new data out to the disk first (auto_da_alloc), which costs the hook milliseconds per
    state file on a busy disk; an overwrite in place is a page-cache write."""
    try:
        fd = os.open(target, os.O_WRONLY | os.O_CREAT, mode)
    except FileNotFoundError:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(target, os.O_WRONLY | os.O_CREAT, mode)
    try:
        _write_all(fd, data)
        os.ftruncate(fd, len(data))
    finally:
        os.close(fd)


def append_line(target: Path, line: str, *, mode: int = 0o644) -> None:
    """Append one short line (a log record; or a few, joined by newlines, in the same single
    write) with O_APPEND: atomic for small writes. `mode` applies when the file is created."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(target, os.O_WRONLY | os.O_APPEND | os.O_CREAT, mode)
    try:
        _write_all(fd, (line.rstrip("\n") + "\n").encode("utf-8", "replace"))
    finally:
        os.close(fd)


def move(source: Path, target: Path) -> None:
    """Rename `source` to `target` (same file system, so atomic); never replaces a file.

    Used to archive notes: they are moved out of the way, never deleted.
    """
    if target.exists():
        raise WriteError(errno.EEXIST, f"cannot move {source}: {target} exists")
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.rename(source, target)
    except OSError as exc:
        raise WriteError(exc.errno or errno.EIO, f"cannot move {source}: {exc.strerror}") from exc
    _fsync_dir(target.parent)
    _fsync_dir(source.parent)


def flush() -> None:
    """Push a batch of `fsync=False` writes to disk with one sync instead of one fsync each.

    The learning loop writes a dozen small notes per session; syncing them together costs about
    as much as two fsyncs, and the batch is idempotent if a crash comes before the flush.
    """
    os.sync()
