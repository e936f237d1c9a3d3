from __future__ import annotations

import multiprocessing as mp
import stat
from pathlib import Path

import pytest

from vaultsync.core import writer


def test_write_atomic_replaces_and_leaves_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "a" / "note.md"
    writer.write_atomic(target, "one")
    writer.write_atomic(target, "two")
    assert target.read_text() == "two"
    assert [p.name for p in target.parent.iterdir()] == ["note.md"]


def _write_with_file_size_limit(target: str) -> str:
    import resource
    import signal

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))
    try:
        writer.write_atomic(Path(target), "new" * 10_000)
    except writer.WriteError as exc:
        return f"WriteError: {exc}"
    return "written"


def test_write_atomic_failure_keeps_old_content(tmp_path: Path) -> None:
    """A full disk (simulated with a file-size limit) leaves the old note and no temp file."""
    folder = tmp_path / "d"
    target = folder / "note.md"
    writer.write_atomic(target, "old")
    with mp.get_context("fork").Pool(1) as pool:
        outcome = pool.apply(_write_with_file_size_limit, (str(target),))
    assert outcome.startswith("WriteError") and "note.md" in outcome
    assert target.read_text() == "old"
    assert [p.name for p in folder.iterdir()] == ["note.md"]


def test_create_exclusive_is_first_writer_wins(tmp_path: Path) -> None:
    tmp_path = tmp_path / "d"
    target = tmp_path / "n.md"
    assert writer.create_exclusive(target, "first")
    assert not writer.create_exclusive(target, "second")
    assert target.read_text() == "first"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["n.md"]


def _append_many(args: tuple[str, str, int, int]) -> None:
    # The task number, not the pid: one pool worker may run two tasks.
    target, lock, n, task = args
    for i in range(n):
        block = f"<{task}:{i}:" + "x" * 3000 + ">\n"
        writer.append(Path(target), block, lock_file=Path(lock), header=lambda: "HEADER\n")


def test_parallel_appends_never_interleave_or_vanish(tmp_path: Path) -> None:
    target, lock = tmp_path / "s.md", tmp_path / "locks" / "s.lock"
    with mp.get_context("fork").Pool(8) as pool:
        pool.map(_append_many, [(str(target), str(lock), 25, task) for task in range(8)])
    lines = target.read_text().splitlines()
    assert lines[0] == "HEADER"
    blocks = lines[1:]
    assert len(blocks) == 200 and len(set(blocks)) == 200
    assert all(b.startswith("<") and b.endswith(">") and len(b) > 3000 for b in blocks)


def test_append_repairs_missing_final_newline(tmp_path: Path) -> None:
    target, lock = tmp_path / "n.md", tmp_path / "n.lock"
    target.write_text("edited by a person, no newline")
    writer.append(target, "block\n", lock_file=lock)
    assert target.read_text() == "edited by a person, no newline\nblock\n"


def test_rewrite_under_lock(tmp_path: Path) -> None:
    target, lock = tmp_path / "n.md", tmp_path / "n.lock"
    target.write_text("a")
    assert writer.rewrite(target, lambda t: t + "b", lock_file=lock)
    assert not writer.rewrite(target, lambda t: None, lock_file=lock)
    assert target.read_text() == "ab"


def test_lock_times_out(tmp_path: Path) -> None:
    lock = tmp_path / "x.lock"
    # A second descriptor in the same process conflicts with flock, like another process.
    with writer.locked(lock), pytest.raises(TimeoutError), writer.locked(lock, timeout=0.05):
        pass


def test_overwrite_replaces_small_state_in_place(tmp_path: Path) -> None:
    target = tmp_path / "state" / "s.seen"
    writer.overwrite(target, b'{"last": "a much longer first value"}')
    inode = target.stat().st_ino
    writer.overwrite(target, b'{"last": "b"}')
    assert target.read_bytes() == b'{"last": "b"}'  # cut to length: no tail of the old one
    assert target.stat().st_ino == inode  # in place: no rename (ext4 flushes on a rename)
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
