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
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

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
    keys_tmp = tmp.with_suffix(".keys")
    keys_tmp.write_text(json.dumps(keys), encoding="utf-8")
    os.replace(keys_tmp, keys_path(path))
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


_LOADED: dict[str, tuple[tuple[Any, ...], Any, Any, list[list[str]]]] = {}


def load(path: Path) -> tuple[Any, Any, list[list[str]]] | None:
    """(base matrix, delta matrix or None, keys of both in scan order), or None when there is
    no matrix. Dead base rows keep their place in the keys; `scan` scores them -inf."""
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
    cached = _LOADED.get(str(path))
    if cached and cached[0] == (base_id, delta_id):
        return cached[1], cached[2], cached[3]
    matrix = np.load(path, mmap_mode="r")
    keys: list[list[str]] = json.loads(keys_path(path).read_text(encoding="utf-8"))
    part: Any = None
    if delta_id:
        with np.load(delta, allow_pickle=False) as data:
            if tuple(int(x) for x in data["base"]) == base_id:  # else made for an older base
                part = (np.asarray(data["matrix"]), np.asarray(data["dead"]))
                keys = [*keys, *json.loads(str(data["keys"]))]
    _LOADED[str(path)] = ((base_id, delta_id), matrix, part, keys)
    return matrix, part, keys


def scan(path: Path, query: Any) -> tuple[Any, list[list[str]]] | None:
    """The cosine of `query` with every live vector: (scores, keys) in the same order, -inf
    for the base rows the delta replaced. None when there is no matrix."""
    import numpy as np

    loaded = load(path)
    if loaded is None:
        return None
    matrix, part, keys = loaded
    scores = np.asarray(matrix @ query, dtype=np.float32)
    if part is not None:
        delta, dead = part
        scores[dead] = -np.inf
        if len(delta):
            scores = np.concatenate([scores, np.asarray(delta @ query, dtype=np.float32)])
    return scores, keys


def forget(path: Path) -> None:
    _LOADED.pop(str(path), None)
