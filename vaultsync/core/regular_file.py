"""Reading a file that must be a regular file, without ever blocking or following a link
(stdlib only: the hook reads generated files and agents' transcripts through it; the storage
layer's vault boundary, `storage/vault_files.py`, applies the same rule to every vault read).

- Opened with `O_NONBLOCK` and checked with `fstat` before the first read: a FIFO, socket or
  device (`/dev/zero`) is never read, so it can neither block nor hand over endless bytes.
- Inside the vault (`in_vault`): `O_NOFOLLOW` on the file and `lstat` on every folder between
  the vault and it, so a symlinked `USER.md` (to `/proc/self/environ`, say) or a symlinked
  folder on the way is refused, never followed.
- Bounded: at most `limit` bytes, from the start or (`tail=True`) from the end.
- `text` decodes UTF-8 and drops a byte-order mark some editors write.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

_BASE = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
BOM = "\ufeff"


class NotRegular(OSError):
    """A path that is a symlink (where links are refused), FIFO, socket, device or folder."""


def linked_folder(vault: Path, path: Path) -> Path | None:
    """The first folder between `vault` and `path` that is a symlink (None when none is, or
    when `path` is not under `vault`)."""
    try:
        parts = path.relative_to(vault).parts[:-1]
    except ValueError:
        return None
    current = vault
    for part in parts:
        current = current / part
        try:
            if stat.S_ISLNK(os.lstat(current).st_mode):
                return current
        except OSError:
            return None
    return None


def read_bytes(
    path: Path | str,
    *,
    limit: int | None = None,
    tail: bool = False,
    follow: bool = True,
    vault: Path | None = None,
) -> bytes:
    """At most `limit` bytes of the regular file `path` (its last ones when `tail`).
    `follow=False` refuses a symlink; `vault`: `path` lies in the vault, so no link at all is
    followed on the way to it. Raises `NotRegular` or the OSError of the open."""
    if vault is not None:
        follow = False
        folder = linked_folder(Path(vault), Path(path))
        if folder is not None:
            raise NotRegular(errno.ELOOP, f"{folder} is a symbolic link (never followed)")
    flags = _BASE | (0 if follow else _NOFOLLOW)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if exc.errno == errno.ELOOP and not follow:
            raise NotRegular(errno.ELOOP, f"{path} is a symbolic link (never followed)") from None
        raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise NotRegular(errno.EINVAL, f"{path} is not a regular file")
        if limit is not None and tail and st.st_size > limit:
            os.lseek(fd, st.st_size - limit, os.SEEK_SET)
        want = st.st_size if limit is None else min(limit, max(st.st_size, 0))
        # A file still growing is read up to the size fstat gave (bounded either way).
        chunks: list[bytes] = []
        got = 0
        while got < want:
            chunk = os.read(fd, min(1 << 20, want - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def text(
    path: Path | str,
    *,
    limit: int | None = None,
    vault: Path | None = None,
    follow: bool = True,
) -> str:
    """`read_bytes` decoded as UTF-8 (bad bytes replaced), without a byte-order mark."""
    data = read_bytes(path, limit=limit, vault=vault, follow=follow)
    return strip_bom(data.decode("utf-8", "replace"))


def strip_bom(value: str) -> str:
    return value[1:] if value.startswith(BOM) else value
