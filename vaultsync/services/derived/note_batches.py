"""The notes of a rebuild, read and parsed into index batches: by worker processes for a big
vault (parsing is Python, one core each; inserting is SQLite's C code, in the caller's process).
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterator
from itertools import islice
from pathlib import Path
from typing import Any

from vaultsync.core.model import NoteType
from vaultsync.storage import vault_files
from vaultsync.storage.index_rows import MAX_INDEXED_CHARS, Batch, NoteRow, note_row, prepare

Progress = Callable[[int, int], None]
SESSION = NoteType.SESSION.value
_CHUNK_FILES = 256
# Below this many notes a worker pool costs more to start than it saves.
_PARALLEL_MIN_FILES = 4000
_MAX_WORKERS = 2
# A file modified this close to the scan may be modified again within the same timestamp tick
# (coarse clocks, FAT's 2 s) without (mtime, size) changing: such rows are re-hashed next time.
RACY_NS = 2_000_000_000

Parsed = tuple[Batch, list[str], list[str], dict[str, str | None], int]


def _parse_chunk(job: tuple[str, list[tuple[str, tuple[int, int]]], int, int]) -> Parsed:
    """Read and parse some notes into an index batch (runs in a worker process when parallel)."""
    root, files, scan_ns, max_chars = job
    rows: list[NoteRow] = []
    warnings: list[str] = []
    errors: list[str] = []
    statuses: dict[str, str | None] = {}
    for rel, (mtime_ns, size) in files:
        try:
            raw = vault_files.read_path(os.path.join(root, rel))
        except FileNotFoundError:
            continue  # deleted since the walk
        except OSError as exc:
            errors.append(f"{rel}: cannot read ({exc.strerror or exc})")
            continue
        row, problems = note_row(
            rel, raw, mtime_ns, size, racy=mtime_ns >= scan_ns - RACY_NS, max_chars=max_chars
        )
        warnings.extend(problems)
        if row.type == SESSION:
            statuses[rel] = row.status
        rows.append(row)
    return prepare(rows), warnings, errors, statuses, len(files)


def batches(
    vault: Path,
    files: list[tuple[str, tuple[int, int]]],
    scan_ns: int,
    problems: tuple[list[str], list[str]],
    statuses: dict[str, str | None],
    progress: Progress | None,
    max_chars: int = MAX_INDEXED_CHARS,
) -> Iterator[Batch]:
    """Parsed batches in file order; `problems` collects (warnings, errors). Big vaults are
    parsed by worker processes while the caller inserts."""
    jobs = [
        (str(vault), files[i : i + _CHUNK_FILES], scan_ns, max_chars)
        for i in range(0, len(files), _CHUNK_FILES)
    ]
    workers = _spare_cores()
    pool = None
    if len(files) >= _PARALLEL_MIN_FILES and workers > 1:
        pool = multiprocessing.get_context().Pool(workers)
    try:
        results = _in_order(pool, jobs) if pool else map(_parse_chunk, jobs)
        done = 0
        for batch, warnings, errors, found, count in results:
            problems[0].extend(warnings)
            problems[1].extend(errors)
            statuses.update(found)
            done += count
            if progress is not None:
                progress(done, len(files))
            yield batch
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()


def _spare_cores() -> int:
    """Worker processes worth starting: on a busy machine they only add pickling and
    contention (measured: slower than one process once the load exceeds the cores)."""
    cores = os.cpu_count() or 1
    try:
        busy = os.getloadavg()[0]
    except (AttributeError, OSError):  # not on every platform
        busy = 0.0
    return min(_MAX_WORKERS, cores) if busy < cores - 0.5 else 1


def _in_order(pool: Any, jobs: list[Any]) -> Iterator[Parsed]:
    """Results in job order, with a few jobs in flight: workers that outpace the inserter wait
    instead of piling parsed batches up in memory."""
    pending: deque[Any] = deque()
    queued = iter(jobs)
    for job in islice(queued, 2 * _MAX_WORKERS):
        pending.append(pool.apply_async(_parse_chunk, (job,)))
    while pending:
        result = pending.popleft().get()
        for job in islice(queued, 1):
            pending.append(pool.apply_async(_parse_chunk, (job,)))
        yield result
