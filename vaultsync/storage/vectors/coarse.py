"""The coarse copy of a big vector base: which rows a query must score exactly.

Reading all of a big base (storage/vectors/matrix.py) for every query cost about 30 ms of
CPU at 100k notes (360k vectors, 370 MB). So beside a base of `MIN_ROWS` rows or more lies
`<index>.vectors.coarse.npy`: each row turned onto the base's own main axes (its mean direction,
then its principal components; an orthonormal turn, so a dot product keeps its value), its first
`DIMS` coordinates, and the length of what those leave out. By Cauchy-Schwarz a row's cosine is
at most its coarse score plus that length times the query's own leftover. `rows_to_score` reads
the coarse rows (half the bytes), scores a shortlist exactly to learn what the `take`-th best
reaches, and keeps every row whose bound still reaches it: no row that could be among the best
is left out, so scoring those exactly gives the exact scan's answer. The file is stamped with
the base it was made from, and one made for another base is not read.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

# Below this many base rows the exact scan costs a few milliseconds: no coarse copy (and a
# query below it scans exactly).
MIN_ROWS = 50_000
# Coordinates kept: at 100k notes the bound then leaves a median 9k of 360k rows to score
# exactly (64 left 29k, and a tenth of the queries over 150k; 96, 27k).
DIMS = 128
SAMPLE = 50_000  # rows the main axes are found from
SLACK = 1e-4  # float32 rounding of the bound, on cosines of about 0.5
# Past this share of the rows left to score exactly, gathering them (0.24 us a row) costs more
# than scanning every row (0.07 us a row).
MAX_SHARE = 1 / 4


def path_of(matrix: Path) -> Path:
    return matrix.with_suffix(".coarse.npy")


def write(target: Path, matrix: Any, base_stamp: list[int]) -> None:
    """The coarse copy of `matrix` at `target`, stamped with `base_stamp`: one float32 file,
    memory-mapped by queries, so one atomic replace and one read check it against its base.
    Rows [0, dim) are the turn (dim x DIMS), row dim holds the stamp (its int64 bytes), then
    one row per base row: its coarse coordinates and the length they leave out."""
    import numpy as np

    rows, dim = matrix.shape
    if rows < MIN_ROWS or dim <= DIMS:
        target.unlink(missing_ok=True)
        return
    rng = np.random.default_rng(0)
    sample = np.asarray(matrix[np.sort(rng.choice(rows, min(rows, SAMPLE), replace=False))],
                        dtype=np.float64)  # fmt: skip
    mean = sample.mean(axis=0)
    first = mean / (np.linalg.norm(mean) or 1.0)
    # the mean direction first: every static embedding shares a large part of it
    rest = sample - np.outer(sample @ first, first)
    _, axes = np.linalg.eigh(rest.T @ rest)
    turn, _ = np.linalg.qr(np.column_stack([first, axes[:, ::-1][:, : DIMS - 1]]))
    turn = turn.astype(np.float32)
    tmp = target.with_name(target.name + f".tmp-{os.getpid()}")
    # written in place, in parts: held whole it would be half the base again in memory
    out = np.lib.format.open_memmap(tmp, mode="w+", dtype=np.float32,
                                    shape=(dim + 1 + rows, DIMS + 1))  # fmt: skip
    out[:dim, :DIMS] = turn
    out[dim, :6] = np.asarray(base_stamp, dtype=np.int64).view(np.float32)
    for start in range(0, rows, 65536):
        part = np.asarray(matrix[start : start + 65536], dtype=np.float32)
        coords = part @ turn
        left = np.einsum("ij,ij->i", part.astype(np.float64), part.astype(np.float64))
        left -= np.einsum("ij,ij->i", coords.astype(np.float64), coords.astype(np.float64))
        rest_len = np.sqrt(np.maximum(left, 0.0)).astype(np.float32)
        body = out[dim + 1 + start : dim + 1 + start + len(part)]
        body[:, :DIMS] = coords
        body[:, DIMS] = np.nextafter(rest_len, np.float32(np.inf))  # rounded up: a bound
    out.flush()
    del out
    os.replace(tmp, target)


def read(target: Path, rows: int, base_stamp: list[int]) -> tuple[Any, Any] | None:
    """(turn, coarse rows) of the base with `rows` rows and this stamp, or None."""
    import numpy as np

    try:
        data = np.load(target, mmap_mode="r")
    except (OSError, ValueError):
        return None
    if data.dtype != np.float32 or data.ndim != 2 or data.shape[1] < 7:
        return None
    dim = data.shape[0] - rows - 1
    if dim <= 0 or data.shape[1] - 1 >= dim:
        return None
    if np.array(data[dim, :6]).view(np.int64).tolist() != base_stamp:  # made for another base
        return None
    return data[:dim, :-1], data[dim + 1 :]


def rows_to_score(matrix: Any, coarse: tuple[Any, Any], dead: Any, query: Any, take: int) -> Any:
    """The base rows that can be among the `take` best (sorted), by the coarse bound; None
    when the bound rules out too few rows to beat the exact scan."""
    import numpy as np

    turn, body = coarse
    shortlist = 2 * take
    if len(body) < max(MIN_ROWS, 4 * shortlist):
        return None
    near = np.einsum("ij,i->j", turn, query)
    left = float(np.sqrt(max(float(query @ query) - float(near @ near), 0.0)))
    # einsum, not `@`: one thread (vector_matrix._dot says why)
    bound = np.einsum("ij,j->i", body, np.append(near, np.float32(left)).astype(np.float32))
    if dead is not None and len(dead):
        bound[dead] = -np.inf
    short = np.sort(np.argpartition(-bound, shortlist - 1)[:shortlist])
    exact = np.einsum("ij,j->i", matrix[short], query)
    live = exact[bound[short] > -np.inf]
    if len(live) < take:
        return None
    reach = np.partition(live, len(live) - take)[len(live) - take] - SLACK
    rows = np.flatnonzero(bound >= reach)
    return rows if len(rows) < MAX_SHARE * len(body) else None
