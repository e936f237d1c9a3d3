"""The matrix a vector query scans, kept current at a cost that follows what changed.

Rewriting the whole matrix for one changed note took 10 s at 100k notes (300k vectors: the
join of every unit with its embedding, 300k metadata rows parsed, 300 MB written), on every
reconcile and every `vaultsync sync` that brought a note in. So the matrix has two parts:

- the base, `<index>.vectors.npy` (float32, unit length, memory-mapped by queries) and
  `<index>.vectors.keys.json` (one metadata row per vector), written whole by the first
  build, after a rebuild that changed everything, and when the delta has grown too big;
- the delta, `<index>.vectors.delta.npz` (one file, replaced atomically): the current vectors
  of every note changed since the base was written, and the base rows they replace ("dead").

A query scans both and leaves the dead rows out (`scan`). Which base rows belong to which note
(`matrix_rows`) and which notes the delta covers (`matrix_delta`) live in the vector store's
database, so an update reads only the changed notes' rows. A delta made for an older base
(the base was rewritten since) is ignored. Everything here is derived: deleting the files
costs one whole write at the next update.

Reading all of a big base for every query cost about 30 ms of CPU at 100k notes: beside a big
base lies its coarse copy (storage/vectors/coarse.py), which tells which rows can be
among the best, so `best` scores only those; missing or made for another base, the exact scan
runs, and the next update writes it. The keys are written one row a line, and a query parses
only the rows it ranks.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from vaultsync.storage.vectors import coarse as vector_coarse

# The delta is rewritten whole at each update: past this share of the base's notes (and this
# many notes at least) one whole write is cheaper than carrying it on.
DELTA_MAX_SHARE = 0.05
DELTA_MIN_NOTES = 500

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS matrix_rows(rel TEXT PRIMARY KEY, start INTEGER NOT NULL,"
    " stop INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS matrix_delta(rel TEXT PRIMARY KEY)",
)
_ROWS = "SELECT u.rel, u.key, u.hint, u.meta, e.vec FROM units u JOIN embeddings e ON e.sha = u.sha"


def keys_path(path: Path) -> Path:
    return path.with_suffix(".keys.json")


def delta_path(path: Path) -> Path:
    return path.with_suffix(".delta.npz")


def _stamp(path: Path) -> list[int]:
    st = path.stat()
    return [st.st_size, st.st_mtime_ns, st.st_ino]


def update(conn: sqlite3.Connection, path: Path, touched: Sequence[str]) -> str:
    """Bring the matrix in line with the store after the notes `touched` changed (added,
    edited or removed). Returns what it wrote: "base", "delta" or "" (nothing to do)."""
    for statement in _SCHEMA:
        conn.execute(statement)
    have_base = path.exists() and keys_path(path).exists()
    based = have_base and conn.execute("SELECT 1 FROM matrix_rows LIMIT 1").fetchone()
    if not based or not _has_meta(conn):
        _write_base(conn, path)
        return "base"
    _upgrade(path)
    if not touched:
        return ""
    conn.execute("BEGIN IMMEDIATE")
    conn.executemany("INSERT OR IGNORE INTO matrix_delta(rel) VALUES (?)", [(r,) for r in touched])
    conn.execute("COMMIT")
    pending = conn.execute("SELECT COUNT(*) FROM matrix_delta").fetchone()[0]
    notes = conn.execute("SELECT COUNT(*) FROM matrix_rows").fetchone()[0]
    if pending > max(DELTA_MIN_NOTES, DELTA_MAX_SHARE * notes):
        _write_base(conn, path)
        return "base"
    _write_delta(conn, path)
    return "delta"


def _has_meta(conn: sqlite3.Connection) -> bool:
    row = conn.execute("SELECT value FROM meta WHERE key = 'matrix_base'").fetchone()
    return row is not None


def _matrix_of(vecs: list[bytes], dim: int) -> Any:
    import numpy as np

    # float32 on disk (memory-mapped by queries): numpy has no fast float16 product, a scan in
    # float16 is about 7x slower. The cache in the database keeps float16.
    return np.frombuffer(b"".join(vecs), dtype=np.float16).reshape(-1, dim or 1).astype(np.float32)


def _write_base(conn: sqlite3.Connection, path: Path) -> None:
    import numpy as np

    rows = conn.execute(f"{_ROWS} ORDER BY u.rel, u.id").fetchall()
    dim = len(rows[0][4]) // 2 if rows else 0
    matrix = _matrix_of([r[4] for r in rows], dim)
    keys = [[r[1], r[2], *json.loads(r[3])] for r in rows]
    spans: dict[str, list[int]] = {}
    for i, row in enumerate(rows):
        spans.setdefault(row[0], [i, i])[1] = i + 1
    delta_path(path).unlink(missing_ok=True)  # made for the base being replaced
    tmp = path.with_name(path.name + f".tmp-{os.getpid()}")
    with open(tmp, "wb") as handle:
        np.save(handle, matrix)
    _write_keys(keys_path(path), keys)
    # os.replace keeps the inode and mtime: the stamp of tmp is the stamp of the new base
    vector_coarse.write(vector_coarse.path_of(path), matrix, _stamp(tmp))
    os.replace(tmp, path)
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("DELETE FROM matrix_rows")
    conn.execute("DELETE FROM matrix_delta")
    conn.executemany(
        "INSERT INTO matrix_rows(rel, start, stop) VALUES (?, ?, ?)",
        [(rel, a, b) for rel, (a, b) in spans.items()],
    )
    conn.execute(
        "INSERT OR REPLACE INTO meta(key, value) VALUES ('matrix_base', ?)",
        (json.dumps([len(rows), dim]),),
    )
    conn.execute("COMMIT")


def _write_delta(conn: sqlite3.Connection, path: Path) -> None:
    import numpy as np

    rels = [r for (r,) in conn.execute("SELECT rel FROM matrix_delta ORDER BY rel")]
    rows: list[Any] = []
    dead: list[int] = []
    for start in range(0, len(rels), 500):
        chunk = rels[start : start + 500]
        marks = ", ".join("?" * len(chunk))
        rows += conn.execute(
            f"{_ROWS} WHERE u.rel IN ({marks}) ORDER BY u.rel, u.id", chunk
        ).fetchall()
        for a, b in conn.execute(
            f"SELECT start, stop FROM matrix_rows WHERE rel IN ({marks})", chunk
        ):
            dead.extend(range(a, b))
    base = json.loads(conn.execute("SELECT value FROM meta WHERE key='matrix_base'").fetchone()[0])
    dim = base[1] or (len(rows[0][4]) // 2 if rows else 0)
    keys = [[r[1], r[2], *json.loads(r[3])] for r in rows]
    tmp = path.with_name(path.name + f".delta-tmp-{os.getpid()}.npz")
    with open(tmp, "wb") as handle:
        np.savez(
            handle,
            matrix=_matrix_of([r[4] for r in rows], dim),
            dead=np.asarray(sorted(dead), dtype=np.int64),
            base=np.asarray(_stamp(path), dtype=np.int64),
            keys=np.asarray(json.dumps(keys)),
        )
    os.replace(tmp, delta_path(path))


def _upgrade(path: Path) -> None:
    """A base written before there were a coarse copy and keys one row a line (with where the
    lines end) gets them."""

    rows = row_count(path)
    if rows is None:
        return
    try:
        keys = _read_keys(keys_path(path), rows)
    except (OSError, ValueError):
        return
    target = vector_coarse.path_of(path)
    if rows >= vector_coarse.MIN_ROWS and vector_coarse.read(target, rows, _stamp(path)) is None:
        write_coarse(path)
    if not rows:
        return
    if not isinstance(keys, _Keys):
        _write_keys(keys_path(path), list(keys))
    elif _stored_ends(keys_path(path), rows) is None:
        _write_ends(keys_path(path), keys.ends, _stamp(keys_path(path)))


def write_coarse(path: Path) -> None:
    """The coarse copy of the base on disk (a store written before there was one)."""
    import numpy as np

    vector_coarse.write(vector_coarse.path_of(path), np.load(path, mmap_mode="r"), _stamp(path))


def _ends_path(keys_file: Path) -> Path:
    return keys_file.with_suffix(".ends.npy")


def _write_keys(target: Path, keys: list[list[Any]]) -> None:
    """The keys file, and beside it where its lines end (`_stored_ends`)."""
    import numpy as np

    text = _keys_text(keys).encode("utf-8")
    tmp = target.with_name(target.name + f".tmp-{os.getpid()}")
    tmp.write_bytes(text)
    ends = np.flatnonzero(np.frombuffer(text, dtype=np.uint8) == 10)
    _write_ends(target, ends, _stamp(tmp))  # os.replace keeps the stamp
    os.replace(tmp, target)


def _write_ends(keys_file: Path, ends: Any, keys_stamp: list[int]) -> None:
    import numpy as np

    tmp = keys_file.with_name(keys_file.name + f".ends-tmp-{os.getpid()}.npy")
    np.save(tmp, np.concatenate([np.asarray(keys_stamp), np.asarray(ends)]).astype(np.int64))
    os.replace(tmp, _ends_path(keys_file))


def _stored_ends(keys_file: Path, rows: int) -> Any:
    """Where the keys file's lines end, as written beside it, or None (missing, or made for
    another keys file): finding them in the file took 16 ms at 100k notes in every new
    process, a third of what a first query's vectors cost."""
    import numpy as np

    try:
        data = np.load(_ends_path(keys_file), mmap_mode="r")
        stamp = _stamp(keys_file)
    except (OSError, ValueError):
        return None
    if data.dtype != np.int64 or data.shape != (rows + 5,) or data[:3].tolist() != stamp:
        return None
    return data[3:]


def _keys_text(keys: list[list[Any]]) -> str:
    """The keys as JSON, one row a line (ASCII, so a line is a row): a reader parses only the
    rows it ranks (`_read_keys`)."""
    return "[\n" + ",\n".join(json.dumps(k) for k in keys) + "\n]\n" if keys else "[]\n"


class _Keys(Sequence[list[str]]):
    """Keys in scan order, a row parsed when it is asked for. Parsing the whole file took
    0.45 s of CPU at 100k notes (360k rows) in every new process, for the few hundred rows a
    query reads."""

    def __init__(self, base: Sequence[list[str]], tail: list[list[str]] | None = None) -> None:
        self._base, self._tail = base, tail or []
        self._lines: Any = None
        self._ends: Any = None
        self._parsed: dict[int, list[str]] = {}

    @classmethod
    def of_lines(cls, lines: Any, ends: Any) -> _Keys:
        keys = cls([])
        keys._lines, keys._ends = lines, ends
        return keys

    @property
    def ends(self) -> Any:
        return self._ends

    def _base_len(self) -> int:
        return len(self._base) if self._ends is None else len(self._ends) - 2

    def __len__(self) -> int:
        return self._base_len() + len(self._tail)

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        base = self._base_len()
        if i >= base:
            return self._tail[i - base]
        if self._ends is None:
            return self._base[i]
        row = self._parsed.get(i)
        if row is None:
            line = self._lines[int(self._ends[i]) + 1 : int(self._ends[i + 1])]
            row = self._parsed[i] = json.loads(bytes(line).rstrip(b","))
        return row


def _read_keys(path: Path, rows: int) -> Sequence[list[str]]:
    """The base's keys: line by line when written one row a line, else parsed whole (a store
    written before)."""
    import mmap

    import numpy as np

    with open(path, "rb") as handle:
        size = os.fstat(handle.fileno()).st_size
        if size == 0:
            return []
        lines = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    stored = _stored_ends(path, rows) if rows else None
    if stored is not None and lines[:2] == b"[\n":
        return _Keys.of_lines(lines, stored)
    view = np.frombuffer(lines, dtype=np.uint8)
    # the line ends found in parts: one flag per byte of the whole file (38 MB at 100k notes)
    # in fresh pages cost 9 to 47 ms, in parts a steady 16
    flags = np.empty(1 << 18, dtype=bool)
    found = []
    for start in range(0, len(view), len(flags)):
        part = flags[: len(view[start : start + len(flags)])]
        np.equal(view[start : start + len(part)], 10, out=part)
        found.append(np.flatnonzero(part) + start)
    ends = np.concatenate(found)
    if rows and len(ends) == rows + 2 and lines[:2] == b"[\n":
        return _Keys.of_lines(lines, ends)
    keys: list[list[str]] = json.loads(bytes(lines))
    return keys


_LOADED: dict[str, tuple[tuple[Any, ...], Any, Any, Sequence[list[str]], Any]] = {}


def row_count(path: Path) -> int | None:
    """How many vectors the base matrix holds (its header only), or None with no matrix."""
    import numpy as np

    try:
        return len(np.load(path, mmap_mode="r"))
    except (OSError, ValueError):
        return None


def load(path: Path) -> tuple[Any, Any, Sequence[list[str]]] | None:
    """(base matrix, delta matrix or None, keys of both in scan order), or None when there is
    no matrix. Dead base rows keep their place in the keys; `scan` scores them -inf."""
    loaded = _load(path)
    return None if loaded is None else loaded[:3]


def _load(path: Path) -> tuple[Any, Any, Sequence[list[str]], Any] | None:
    """`load`'s three and the coarse copy (None when there is none for this base)."""
    import numpy as np

    try:
        base_id = tuple(_stamp(path))
    except FileNotFoundError:
        return None
    delta = delta_path(path)
    try:
        delta_id: tuple[Any, ...] = tuple(_stamp(delta))
    except FileNotFoundError:
        delta_id = ()
    try:
        coarse_id: tuple[Any, ...] = tuple(_stamp(vector_coarse.path_of(path)))
    except FileNotFoundError:
        coarse_id = ()
    cached = _LOADED.get(str(path))
    if cached and cached[0] == (base_id, delta_id, coarse_id):
        return cached[1], cached[2], cached[3], cached[4]
    matrix = np.load(path, mmap_mode="r")
    keys = _read_keys(keys_path(path), len(matrix))
    part: Any = None
    if delta_id:
        with np.load(delta, allow_pickle=False) as data:
            if tuple(int(x) for x in data["base"]) == base_id:  # else made for an older base
                part = (np.asarray(data["matrix"]), np.asarray(data["dead"]))
                keys = _Keys(keys, json.loads(str(data["keys"])))
    coarse = None
    if coarse_id:
        coarse = vector_coarse.read(vector_coarse.path_of(path), len(matrix), list(base_id))
    _LOADED[str(path)] = ((base_id, delta_id, coarse_id), matrix, part, keys, coarse)
    return matrix, part, keys, coarse


def scan(path: Path, query: Any) -> tuple[Any, Sequence[list[str]]] | None:
    """The cosine of `query` with every live vector: (scores, keys) in the same order, -inf
    for the base rows the delta replaced. None when there is no matrix."""
    import numpy as np

    loaded = load(path)
    if loaded is None:
        return None
    matrix, part, keys = loaded
    scores = _dot(matrix, query)
    if part is not None:
        delta, dead = part
        scores[dead] = -np.inf
        if len(delta):
            scores = np.concatenate([scores, _dot(delta, query)])
    return scores, keys


def _dot(rows: Any, query: Any) -> Any:
    """Each row's dot product with `query`. einsum, not `@`: on one thread (OpenBLAS's second
    thread waits for a core on a busy machine: 48 ms against 27 at 100k notes), and a row's
    score is the same bits whichever rows it is scored with, so the coarse path breaks ties as
    the exact scan does."""
    import numpy as np

    return np.einsum("ij,j->i", rows, np.asarray(query, dtype=np.float32))


def _gathered_dot(matrix: Any, rows: Any, query: Any) -> Any:
    """`_dot` of the given rows, copied out in parts into one buffer: a copy of all of them at
    once cost half as much again (24 against 16 ms for 67k rows), in fresh pages."""
    import numpy as np

    out = np.empty(len(rows), dtype=np.float32)
    buffer = np.empty((max(1, min(len(rows), 4096)), matrix.shape[1]), dtype=np.float32)
    for start in range(0, len(rows), len(buffer)):
        part = buffer[: len(rows[start : start + len(buffer)])]
        np.take(matrix, rows[start : start + len(part)], axis=0, out=part)
        out[start : start + len(part)] = _dot(part, query)
    return out


def best(path: Path, query: Any, take: int) -> tuple[Any, Any, Sequence[list[str]]] | None:
    """The `take` live vectors nearest `query`, best first: (their rows in the keys' order,
    their cosines, the keys), as the exact scan ranks them. None when there is no matrix."""
    import numpy as np

    loaded = _load(path)
    if loaded is None:
        return None
    matrix, part, keys, coarse = loaded
    delta, dead = part if part is not None else (np.zeros((0, matrix.shape[1]), np.float32), None)
    rows = vector_coarse.rows_to_score(matrix, coarse, dead, query, take) if coarse else None
    if rows is None:
        scanned = scan(path, query)
        assert scanned is not None
        scores = scanned[0]
        rows = np.flatnonzero(scores > -np.inf)
        found = scores[rows]
    else:
        found = _gathered_dot(matrix, rows, query)
        if len(delta):
            rows = np.concatenate([rows, len(matrix) + np.arange(len(delta))])
            found = np.concatenate([found, _dot(delta, query)])
    if len(rows) > take:
        # rows are in ascending order: of equal scores the first rows are kept, and the stable
        # sort below keeps them first, as a stable sort of the whole scan would
        least = np.partition(found, len(found) - take)[len(found) - take]
        keep = found > least
        keep[np.flatnonzero(found == least)[: take - int(keep.sum())]] = True
        rows, found = rows[keep], found[keep]
    order = np.argsort(-found, kind="stable")
    return rows[order], found[order], keys


def forget(path: Path) -> None:
    _LOADED.pop(str(path), None)
