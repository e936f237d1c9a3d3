"""The vector matrix's delta: a changed note costs its own rows, and the scan agrees with a
matrix written whole."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from vectorkit import needs_extra, put

from vaultsync.core.config import Config, load_config
from vaultsync.services.derived.reconcile import rebuild, reconcile
from vaultsync.services.recall.engine import recall
from vaultsync.storage.vectors import coarse as vector_coarse
from vaultsync.storage.vectors import matrix as vector_matrix
from vaultsync.storage.vectors import store as vectors

pytestmark = needs_extra


def seeded(tmp_path: Path, n: int = 12) -> tuple[Path, Config]:
    vault = tmp_path / "vault"
    for i in range(n):
        put(vault, f"notes/n{i:02d}.md", f"# Topic {i}\n\nTables, colours and fonts {i}.\n"
            f"\n## More {i}\n\nRouters retry {i} times.\n")  # fmt: skip
    config = Config(vault, tmp_path / "one" / "index.sqlite", load_config(vault).data)
    rebuild(vault, config)
    return vault, config


def live(config: Config) -> list[tuple[tuple[str, ...], float]]:
    """Every live vector as (its metadata, its score against a fixed query), sorted."""
    import numpy as np

    path = vectors.store_paths(config)[1]
    dim = np.load(path, mmap_mode="r").shape[1]
    query = np.random.default_rng(3).standard_normal(dim).astype(np.float32)
    scanned = vector_matrix.scan(path, query)
    assert scanned is not None
    scores, keys = scanned
    assert len(scores) == len(keys)
    return sorted(
        (tuple(keys[i]), round(float(s), 4)) for i, s in enumerate(scores) if s != -np.inf
    )


def stamp(path: Path) -> Any:
    st = path.stat()
    return st.st_ino, st.st_mtime_ns


def test_a_changed_note_goes_to_the_delta_and_the_scan_agrees_with_a_whole_write(
    tmp_path: Path,
) -> None:
    vault, config = seeded(tmp_path)
    base = vectors.store_paths(config)[1]
    before = stamp(base)
    assert not vector_matrix.delta_path(base).exists()
    put(vault, "notes/n03.md", "# Topic 3\n\nThe cache keeps entries for a day now.\n")
    (vault / "notes" / "n05.md").unlink()
    put(vault, "notes/new.md", "# Delta\n\nLogs are JSON.\n\n## Where\n\nIn the journal.\n")
    reconcile(vault, config, ["notes/n03.md", "notes/n05.md", "notes/new.md"])  # as sync does
    assert stamp(base) == before  # the base was not rewritten
    assert vector_matrix.delta_path(base).exists()
    put(vault, "notes/n03.md", "# Topic 3\n\nEdited twice: entries last a week.\n")
    reconcile(vault, config)  # a second change on top of the delta
    assert stamp(base) == before

    other = Config(vault, tmp_path / "two" / "index.sqlite", config.data)
    rebuild(vault, other)
    assert not vector_matrix.delta_path(vectors.store_paths(other)[1]).exists()
    ours, whole = live(config), live(other)
    assert ours == whole
    assert not any("n05.md" in meta[0] for meta, _ in ours)
    assert sum("notes/new.md" in meta[0] for meta, _ in ours) == 2
    assert sum("notes/n03.md" in meta[0] for meta, _ in ours) == 1


def test_a_grown_delta_is_folded_into_the_base(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    vault, config = seeded(tmp_path)
    base = vectors.store_paths(config)[1]
    monkeypatch.setattr(vector_matrix, "DELTA_MIN_NOTES", 2)
    monkeypatch.setattr(vector_matrix, "DELTA_MAX_SHARE", 0.0)
    before = stamp(base)
    put(vault, "notes/n01.md", "# Topic 1\n\nOne change.\n")
    reconcile(vault, config)
    assert stamp(base) == before and vector_matrix.delta_path(base).exists()
    put(vault, "notes/n02.md", "# Topic 2\n\nTwo changes.\n")
    put(vault, "notes/n04.md", "# Topic 4\n\nThree changes.\n")
    reconcile(vault, config)  # three notes pending > 2: one whole write
    assert stamp(base) != before
    assert not vector_matrix.delta_path(base).exists()
    other = Config(vault, tmp_path / "two" / "index.sqlite", config.data)
    rebuild(vault, other)
    assert live(config) == live(other)


def test_a_delta_made_for_an_older_base_is_ignored(tmp_path: Path) -> None:
    vault, config = seeded(tmp_path)
    base = vectors.store_paths(config)[1]
    put(vault, "notes/n01.md", "# Topic 1\n\nChanged.\n")
    reconcile(vault, config)
    stale = tmp_path / "stale.npz"
    shutil.copy(vector_matrix.delta_path(base), stale)
    (vault / "notes" / "n07.md").unlink()
    db = vectors.store_paths(config)[0]
    import sqlite3

    conn = sqlite3.connect(db, isolation_level=None)
    try:
        conn.execute("DELETE FROM matrix_rows")  # forces the next update to write the base
    finally:
        conn.close()
    reconcile(vault, config)
    assert not vector_matrix.delta_path(base).exists()
    shutil.copy(stale, vector_matrix.delta_path(base))  # a delta of the base before
    keys = vector_matrix.load(base)
    assert keys is not None and keys[1] is None  # not applied
    other = Config(vault, tmp_path / "two" / "index.sqlite", config.data)
    rebuild(vault, other)
    assert live(config) == live(other)


def test_a_note_written_after_the_base_is_found_by_meaning(tmp_path: Path) -> None:
    vault, config = seeded(tmp_path, n=8)
    put(vault, "notes/embed.md", "# Embed files\n\nShow the content of another note inside this "
        "one with an exclamation mark before the link.\n")  # fmt: skip
    reconcile(vault, config)
    assert vector_matrix.delta_path(vectors.store_paths(config)[1]).exists()
    found = recall(vault, config, "how can I display a different page within my page?",
                   semantic=True)  # fmt: skip
    assert found.hits and found.hits[0].rel == "notes/embed.md"


# --- the coarse copy ---------------------------------------------------------------------------


def structured(rows: int, seed: int) -> Any:
    """Unit vectors like a static embedding's: a shared direction, a few dozen directions of
    meaning and a little noise (isotropic noise would leave the bound nothing to rule out)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    common = rng.standard_normal(256)
    basis = np.linalg.qr(rng.standard_normal((256, 40)))[0]
    out = 2 * common / np.linalg.norm(common) + rng.standard_normal((rows, 40)) @ basis.T
    out += 0.05 * rng.standard_normal((rows, 256))
    return (out / np.linalg.norm(out, axis=1, keepdims=True)).astype(np.float32)


def exact_top(path: Path, query: Any, take: int) -> list[int]:
    import numpy as np

    scanned = vector_matrix.scan(path, query)
    assert scanned is not None
    return [int(i) for i in np.argsort(-scanned[0], kind="stable")[:take]]


def no_exact_scan(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: object) -> None:
        raise AssertionError("the exact scan ran: the coarse path was not used")

    monkeypatch.setattr(vector_matrix, "scan", refuse)


def test_the_coarse_path_gives_the_exact_scans_best_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import json

    import numpy as np

    monkeypatch.setattr(vector_coarse, "MIN_ROWS", 1000)
    matrix = structured(4000, seed=1)
    path = tmp_path / "index.sqlite.vectors.npy"
    np.save(path, matrix)
    vector_matrix.keys_path(path).write_text(
        json.dumps([[f"note:n{i}", "note", "note", "", "", "", ""] for i in range(len(matrix))])
    )
    assert vector_matrix.load(path) is not None  # loaded once before the coarse copy exists
    vector_matrix.write_coarse(path)
    queries = structured(30, seed=2)
    planted = queries[0] + 0.01 * matrix[0]
    matrix[1234] = planted / np.linalg.norm(planted)  # the first query's nearest neighbour
    np.save(path, matrix)
    vector_matrix.write_coarse(path)
    expected = {i: exact_top(path, q, 50) for i, q in enumerate(queries)}
    no_exact_scan(monkeypatch)
    for i, query in enumerate(queries):
        found = vector_matrix.best(path, query, 50)
        assert found is not None
        rows, scores, keys = found
        assert [int(r) for r in rows] == expected[i]
        assert np.allclose(scores, matrix[rows] @ query, atol=1e-5)
        assert len(keys) == len(matrix)
    first = vector_matrix.best(path, queries[0], 50)
    assert first is not None and int(first[0][0]) == 1234


def test_a_store_without_the_coarse_copy_answers_and_gets_one_at_its_next_update(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import numpy as np

    vault, config = seeded(tmp_path, n=40)  # written with no coarse copy (too few rows)
    path = vectors.store_paths(config)[1]
    coarse = vector_coarse.path_of(path)
    assert not coarse.exists()
    query = np.asarray(np.load(path)[7], dtype=np.float32)
    found = vector_matrix.best(path, query, 5)
    assert found is not None and [int(r) for r in found[0]] == exact_top(path, query, 5)
    monkeypatch.setattr(vector_coarse, "MIN_ROWS", 20)
    before = stamp(path)
    rebuild(vault, config)  # nothing changed: the copy is made from the base on disk
    assert coarse.exists() and stamp(path) == before
    made = stamp(coarse)
    stale = tmp_path / "stale.npy"
    shutil.copy(coarse, stale)
    put(vault, "notes/n01.md", "# Topic 1\n\nChanged.\n")
    reconcile(vault, config)  # a delta: the copy is current, not written again
    assert stamp(coarse) == made and stamp(path) == before
    other = Config(vault, tmp_path / "two" / "index.sqlite", config.data)
    rebuild(vault, other)  # a base written whole writes its coarse copy with it
    other_path = vectors.store_paths(other)[1]
    assert vector_coarse.path_of(other_path).exists()
    shutil.copy(stale, vector_coarse.path_of(other_path))  # made for another base
    assert vector_matrix._load(other_path)[3] is None  # type: ignore[index]
    found = vector_matrix.best(other_path, query, 5)
    assert found is not None and [int(r) for r in found[0]] == exact_top(other_path, query, 5)


def test_the_coarse_path_scores_the_delta_and_leaves_dead_rows_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import numpy as np

    monkeypatch.setattr(vector_coarse, "MIN_ROWS", 20)
    monkeypatch.setattr(vector_coarse, "MAX_SHARE", 1.0)  # the bound's rows, however many
    vault, config = seeded(tmp_path, n=40)
    path = vectors.store_paths(config)[1]
    assert vector_coarse.path_of(path).exists()
    base = np.asarray(np.load(path), dtype=np.float32)
    put(vault, "notes/n03.md", "# Embed files\n\nShow the content of another note inside it.\n")
    reconcile(vault, config)
    _, part, keys = vector_matrix.load(path) or (None, None, [])
    assert part is not None and len(part[1]) == 2  # n03's two old rows are dead
    dead = [int(r) for r in part[1]]
    new_row = np.asarray(part[0][0], dtype=np.float32)  # the new n03's own vector
    old_row = base[dead[0]]  # the old n03's: nearest itself, were it not dead
    expected = {i: exact_top(path, q, 6) for i, q in enumerate((new_row, old_row))}
    no_exact_scan(monkeypatch)
    for i, query in enumerate((new_row, old_row)):
        found = vector_matrix.best(path, query, 6)
        assert found is not None
        rows = [int(r) for r in found[0]]
        assert rows == expected[i]
        assert not set(rows) & set(dead)
    found = vector_matrix.best(path, new_row, 6)
    assert found is not None and int(found[0][0]) == len(base)  # the delta's row, first
    assert keys[len(base)][0] == "note:notes/n03.md"


def test_keys_are_written_one_row_a_line_and_an_older_whole_file_still_reads(
    tmp_path: Path,
) -> None:
    import json

    vault, config = seeded(tmp_path)
    path = vectors.store_paths(config)[1]
    keys_file = vector_matrix.keys_path(path)
    whole = json.loads(keys_file.read_text(encoding="utf-8"))  # still one JSON document
    assert keys_file.read_text(encoding="utf-8").count("\n") == len(whole) + 2
    loaded = vector_matrix.load(path)
    assert loaded is not None
    assert [loaded[2][i] for i in range(len(whole))] == whole
    assert loaded[2][-1] == whole[-1] and loaded[2][2:4] == whole[2:4]
    scores = live(config)
    ends = keys_file.with_suffix(".ends.npy")  # where the lines end: no scan of the file
    assert ends.exists()
    ends.unlink()
    vector_matrix.forget(path)
    assert live(config) == scores  # the lines found in the file
    rebuild(vault, config)
    assert ends.exists()
    keys_file.write_text(json.dumps(whole), encoding="utf-8")  # as a store written before
    vector_matrix.forget(path)
    assert live(config) == scores
    rebuild(vault, config)  # nothing changed: the keys are written again, one row a line
    assert keys_file.read_text(encoding="utf-8").count("\n") == len(whole) + 2
    assert live(config) == scores
