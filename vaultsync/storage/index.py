"""The search index: SQLite FTS5, kept outside the vault, derived from it and rebuildable.

Layout. `notes` holds one row per note (the frontmatter fields filters need, the raw body, and
the file's mtime/size/sha256 so reconcile can tell what changed); `events` holds one row per
event block of a session note. Notes and events take ids from one sequence and both feed one
FTS5 table, `fts(title, keywords, body, about)`, with that id as rowid: one MATCH ranks notes
and events together with the same BM25 statistics, and the id names exactly one note or one
event.

Chinese and Japanese: every text that enters an FTS column goes through `text.segment`, which
makes each CJK character a token of its own; queries turn CJK runs into phrases of single
characters (see services/recall/search.py and docs/search.md). Snippets are read back through
`text.unsegment`.

Schema changes are ordered steps in `MIGRATIONS`; `meta.schema_version` counts the applied ones
and each step runs in its own transaction, so an interrupted upgrade resumes where it stopped.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import NamedTuple

from vaultsync.core.errors import Exit, VaultsyncError
from vaultsync.core.model import Level, NoteType, Scope
from vaultsync.storage.index_schema import MIGRATIONS, SCHEMA_VERSION
from vaultsync.storage.snippet import linear_snippet_hit

TYPE_CHECKING = False

if TYPE_CHECKING:  # searching needs no YAML parser: documents are imported when writing
    from typing import Any

    from vaultsync.storage.index_rows import Batch, NoteRow

# Notes above this size get their snippet from storage.snippet (linear), not FTS5's snippet().
SNIPPET_MAX_BYTES = 32 * 1024
# Column weights for bm25() (title, keywords, body, about): a hit in the title counts eight
# times one in the body. `about` is a note's headings and lead paragraph, moved out of its body
# (index_rows.split_about). It outweighs the body only for plain-word queries (`WEIGHTS_ANY`),
# which describe what a note is about; exact syntax names a thing, and there many notes' leads
# ("Outline is a core plugin ...") would outrank the note that has the name as an alias.
# An event's text is its `about` (index_rows.prepare): a message is all lead, no detail.
WEIGHTS = (8.0, 4.0, 1.0, 1.0)
WEIGHTS_ANY = (8.0, 4.0, 0.25, 2.0)
_CHUNK = 512


class IndexFailure(VaultsyncError):
    """The index cannot be used; the message says why and how to fix it."""


class IndexCorrupt(IndexFailure):
    """The file is not a readable SQLite database (rebuild replaces it)."""


class IndexBusy(IndexFailure):
    """Another process held the index longer than the busy timeout."""

    exit_code = Exit.LOCKED


class IndexSchemaError(IndexFailure):
    """The index was written by a newer vaultsync."""


@dataclass(frozen=True)
class IndexedNote:
    rel: str
    type: NoteType
    title: str
    agent: str
    session_id: str
    project: str
    level: Level | None
    scope: Scope | None
    status: str
    created: str
    updated: str
    priority: int
    props: dict[str, Any] = field(hash=False)
    body: str
    warning: str | None = None


@dataclass(frozen=True)
class SearchFilter:
    agent: str | None = None
    types: frozenset[str] | None = None  # note types, plus "event" for event hits
    level: Level | None = None
    project: str | None = None  # exact, or any project below it
    since: str | None = None  # ISO date/time, compared as text
    until: str | None = None  # ... before this (exclusive): the end of an asked window


class RawHit(NamedTuple):
    rel: str
    title: str  # the note's, or for an event its session note's
    heading: str | None  # events only
    type: str  # a note type, or "event"
    bm25: float  # lower is better
    snippet: str  # segmented, with marks
    event_id: str | None
    ts: str | None
    agent: str
    project: str
    level: str


_NOTE_COLS = (
    "rel, type, title, agent, session_id, project, level, scope, status, created, updated, "
    "priority, mtime_ns, size, sha256, props, body, warning"
)
_RACY_SQL = {
    True: "INSERT OR IGNORE INTO racy(rel) VALUES (?)",
    False: "DELETE FROM racy WHERE rel=?",
}
_EVENT_COLS = "seq, event_id, ts, kind, tool, agent, session_id, project, heading"


def _connect(path: Path, *, bulk: bool) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        conn = sqlite3.connect(path, isolation_level=None, timeout=10.0, check_same_thread=False)
        if bulk:
            # A private file that is renamed into place only when complete: no journal needed.
            for pragma in ("journal_mode=OFF", "synchronous=OFF", "locking_mode=EXCLUSIVE"):
                conn.execute(f"PRAGMA {pragma}")
            conn.execute("PRAGMA cache_size=-65536")
        else:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA busy_timeout=10000")
    except sqlite3.DatabaseError as exc:
        raise as_failure(exc, path) from exc
    return conn


def as_failure(exc: sqlite3.Error, path: Path) -> IndexFailure:
    """The index failure a SQLite error means (corrupt, busy, schema, other)."""
    text = str(exc)
    if "locked" in text or "busy" in text:
        return IndexBusy(f"the index is busy (another vaultsync process holds it): {path}")
    if isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.OperationalError):
        return IndexCorrupt(f"the index is damaged ({text}): run `vaultsync rebuild` ({path})")
    return IndexFailure(f"index error ({text}): {path}")


def _chunks(items: Iterable[Any], size: int = _CHUNK) -> Iterator[list[Any]]:
    it = iter(items)
    while chunk := list(islice(it, size)):
        yield chunk


class Index:
    """One open index. Not shared between threads; open one per process or task."""

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path

    @classmethod
    def open(cls, path: Path, *, bulk: bool = False) -> Index:
        conn = _connect(path, bulk=bulk)
        index = cls(conn, path)
        try:
            index._migrate()
        except sqlite3.Error as exc:
            conn.close()
            raise as_failure(exc, path) from exc
        except IndexFailure:
            conn.close()
            raise
        return index

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Index:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- schema -------------------------------------------------------------------------

    def schema_version(self) -> int:
        row = self.conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        return int(row[0]) if row else 0

    def _migrate(self) -> None:
        self.conn.execute("CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT)")
        version = self.schema_version()
        if version > SCHEMA_VERSION:
            raise IndexSchemaError(
                f"the index was written by a newer vaultsync (schema {version} > "
                f"{SCHEMA_VERSION}): upgrade vaultsync or run `vaultsync rebuild` ({self.path})"
            )
        for number in range(version + 1, SCHEMA_VERSION + 1):
            with self._transaction("BEGIN IMMEDIATE"):
                # Re-read under the write lock: another process may have just migrated.
                if self.schema_version() < number:
                    for statement in MIGRATIONS[number - 1]:
                        self.conn.execute(statement)
                    self.conn.execute(
                        "INSERT OR REPLACE INTO meta(key, value) VALUES('schema_version', ?)",
                        (str(number),),
                    )

    @contextlib.contextmanager
    def _transaction(self, begin: str = "BEGIN IMMEDIATE") -> Iterator[None]:
        try:
            self.conn.execute(begin)
            try:
                yield
                self.conn.execute("COMMIT")
            except BaseException:
                self.conn.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise as_failure(exc, self.path) from exc

    # --- writes ---------------------------------------------------------------------------

    def apply(
        self,
        *,
        upserts: Iterable[NoteRow] = (),
        deletes: Iterable[str] = (),
        touches: Iterable[tuple[str, int, int, bool]] = (),
    ) -> None:
        """Replace, delete and re-stat notes in one transaction (all or nothing).

        `upserts` is consumed first, so it may be a generator that extends `deletes` and
        `touches` as it discovers them.
        """
        with self._transaction():
            for chunk in _chunks(upserts):
                for row in chunk:
                    self._delete(row.rel)
                self._insert(chunk)
            for rel in deletes:
                self._delete(rel)
            for rel, mtime, size, racy in touches:
                self.conn.execute(
                    "UPDATE notes SET mtime_ns=?, size=? WHERE rel=?", (mtime, size, rel)
                )
                self.conn.execute(_RACY_SQL[racy], (rel,))

    def _delete(self, rel: str) -> None:
        row = self.conn.execute("SELECT id FROM notes WHERE rel=?", (rel,)).fetchone()
        if row is None:
            return
        note_id = row[0]
        self.conn.execute(
            "DELETE FROM fts WHERE rowid IN (SELECT id FROM events WHERE note_id=?)", (note_id,)
        )
        self.conn.execute("DELETE FROM events WHERE note_id=?", (note_id,))
        self.conn.execute("DELETE FROM fts WHERE rowid=?", (note_id,))
        self.conn.execute("DELETE FROM notes WHERE id=?", (note_id,))
        self.conn.execute("DELETE FROM racy WHERE rel=?", (rel,))

    def _last_id(self) -> int:
        """The highest id in use by a note or an event: a batch's local ids are added to it."""
        return int(
            self.conn.execute(
                "SELECT MAX(COALESCE((SELECT MAX(id) FROM notes), 0),"
                " COALESCE((SELECT MAX(id) FROM events), 0))"
            ).fetchone()[0]
        )

    def _insert(self, rows: Sequence[NoteRow]) -> None:
        from vaultsync.storage.index_rows import prepare

        self._write(prepare(rows), self._last_id())

    def _write(self, batch: Batch, base: int) -> None:
        # The base goes into the SQL text, not into each row: rows prepared in another process
        # (rebuild parses in parallel) need no per-row work here.
        sql = (
            f"INSERT INTO notes(id, {_NOTE_COLS}) VALUES (? + {base}, {_qs(18)})",
            f"INSERT INTO events(id, note_id, {_EVENT_COLS})"
            f" VALUES (? + {base}, ? + {base}, {_qs(9)})",
            f"INSERT INTO fts(rowid, title, keywords, body, about) VALUES (? + {base}, ?, ?, ?, ?)",
        )
        self.conn.executemany(_RACY_SQL[True], batch.racy)
        for statement, part in zip(sql, (batch.notes, batch.events, batch.fts), strict=True):
            self.conn.executemany(statement, part)

    def bulk_load(self, batches: Iterable[Batch]) -> None:
        """Fill an empty index (rebuild) in one transaction from prepared batches."""
        with self._transaction("BEGIN"):
            base = self._last_id()
            for batch in batches:
                self._write(batch, base)
                base += batch.size

    # --- reads ----------------------------------------------------------------------------

    def _rows_for(self, sql: str, rels: Iterable[str] | None) -> Iterator[tuple[Any, ...]]:
        """`sql` (a SELECT whose first column is rel) for every note, or only for `rels`."""
        if rels is None:
            yield from self.conn.execute(sql)
            return
        for chunk in _chunks(dict.fromkeys(rels), 500):
            yield from self.conn.execute(f"{sql} WHERE rel IN ({_qs(len(chunk))})", chunk)

    def racy(self, rels: Iterable[str] | None = None) -> set[str]:
        return {rel for (rel,) in self._rows_for("SELECT rel FROM racy", rels)}

    def stats(self, rels: Iterable[str] | None = None) -> dict[str, tuple[int, int, str]]:
        """rel -> (mtime_ns, size, sha256): what reconcile compares the disk against."""
        rows = self._rows_for("SELECT rel, mtime_ns, size, sha256 FROM notes", rels)
        return {rel: (mtime, size, sha) for rel, mtime, size, sha in rows}

    def types(self, rels: Iterable[str] | None = None) -> dict[str, tuple[str, str]]:
        """rel -> (type, status) of every note (or of `rels`)."""
        rows = self._rows_for("SELECT rel, type, status FROM notes", rels)
        return {rel: (kind, status) for rel, kind, status in rows}

    def unread_frontmatter(self) -> list[tuple[str, str]]:
        """(rel, why) of every note whose frontmatter could not be read (indexed as text)."""
        rows = self.conn.execute(
            "SELECT rel, warning FROM notes WHERE warning IS NOT NULL ORDER BY rel"
        ).fetchall()
        return [(str(rel), str(why)) for rel, why in rows]

    def counts(self) -> tuple[int, int]:
        notes = self.conn.execute("SELECT COUNT(*) FROM notes").fetchone()[0]
        events = self.conn.execute("SELECT COUNT(*) FROM events").fetchone()[0]
        return notes, events

    def get(self, rel: str) -> IndexedNote | None:
        row = self.conn.execute(f"SELECT {_NOTE_COLS} FROM notes WHERE rel=?", (rel,)).fetchone()
        return _indexed(row) if row else None

    def notes(
        self,
        *,
        type: NoteType | str | None = None,
        project: str | None = None,
        level: Level | str | None = None,
        scope: Scope | str | None = None,
        status: str | None = None,
        agent: str | None = None,
        session_id: str | None = None,
        limit: int | None = None,
        order: str = "updated_desc",
    ) -> list[IndexedNote]:
        orders = {
            "updated_desc": "updated DESC, rel",
            "updated_asc": "updated ASC, rel",
            "created_desc": "created DESC, rel",
            "priority_desc": "priority DESC, updated DESC, rel",
            "rel": "rel",
        }
        if order not in orders:
            raise ValueError(f"unknown order {order!r}; one of {', '.join(orders)}")
        where, params = [], []
        for column, value in (
            # `+type`: with a session named, seek its few notes by notes_session instead of
            # walking every note of the type by notes_type (SQLite's choice otherwise)
            ("type" if session_id is None else "+type", type),
            ("session_id", session_id),
            ("project", project),
            ("level", Level.parse(level) if level is not None else None),
            ("scope", scope),
            ("status", status),
            ("agent", agent),
        ):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(str(value))
        sql = f"SELECT {_NOTE_COLS} FROM notes"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += f" ORDER BY {orders[order]}"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(str(int(limit)))
        return [_indexed(row) for row in self.conn.execute(sql, params)]

    def search(
        self, expression: str, where: SearchFilter, *, limit: int = 10, mark: tuple[str, str]
    ) -> list[RawHit]:
        """Run a safe FTS5 expression (built by services.search) with filters, best first."""
        clauses, params = filter_sql(where)
        # Rank first, decorate after: snippets and joins cost per row, so LIMIT rows only.
        joins = (
            " LEFT JOIN notes n ON n.id = fts.rowid LEFT JOIN events e ON e.id = fts.rowid"
            " LEFT JOIN notes s ON s.id = e.note_id"
        )
        sql = f"""
            WITH top AS (
                SELECT fts.rowid AS id, bm25(fts, {", ".join(map(str, WEIGHTS))}) AS score
                FROM fts{joins if clauses else ""}
                WHERE fts MATCH ? {"".join(" AND " + c for c in clauses)}
                ORDER BY score, fts.rowid LIMIT ?)
            SELECT COALESCE(n.rel, s.rel), COALESCE(n.title, s.title), e.heading,
                   COALESCE(n.type, 'event'), top.score,
                   CASE WHEN COALESCE(n.size, 0) > {SNIPPET_MAX_BYTES} THEN NULL
                        WHEN instr(snippet(fts, 2, ?, ?, '', 9), ?)  -- the body: keywords repeat
                        THEN snippet(fts, 2, ?, ?, '…', 20)          -- its headings and lead
                        ELSE snippet(fts, -1, ?, ?, '…', 20) END,
                   e.event_id, e.ts, COALESCE(n.agent, NULLIF(e.agent, ''), s.agent),
                   COALESCE(n.project, NULLIF(e.project, ''), s.project), COALESCE(n.level, '')
            FROM top JOIN fts ON fts.rowid = top.id{joins}
            WHERE fts MATCH ?
            ORDER BY top.score, top.id"""
        try:
            bound = (expression, *params, limit, *mark, mark[0], *mark, *mark, expression)
            rows = self.conn.execute(sql, bound).fetchall()
            hits = [RawHit(*row) for row in rows if row[0] is not None]
            return [linear_snippet_hit(self.conn, h, expression, mark) for h in hits]
        except sqlite3.Error as exc:
            raise as_failure(exc, self.path) from exc

    def dump(self) -> dict[str, list[tuple[Any, ...]]]:
        """Every stored value keyed by path, not by internal id: two indexes of the same vault
        compare equal exactly when they hold the same data."""
        q = self.conn.execute
        return {
            "notes": sorted(q(f"SELECT {_NOTE_COLS} FROM notes").fetchall()),
            "events": sorted(
                q(
                    f"SELECT n.rel, {', '.join('e.' + c.strip() for c in _EVENT_COLS.split(','))}"
                    " FROM events e JOIN notes n ON n.id = e.note_id"
                ).fetchall()
            ),
            "fts": sorted(
                q(
                    "SELECT n.rel, NULL, f.title, f.keywords, f.body, f.about FROM fts f"
                    " JOIN notes n ON n.id = f.rowid"
                    " UNION ALL SELECT n.rel, e.seq, f.title, f.keywords, f.body, f.about"
                    " FROM fts f"
                    " JOIN events e ON e.id = f.rowid JOIN notes n ON n.id = e.note_id"
                ).fetchall(),
                key=repr,
            ),
            "orphans": q(
                "SELECT COUNT(*) FROM fts WHERE rowid NOT IN (SELECT id FROM notes)"
                " AND rowid NOT IN (SELECT id FROM events)"
            ).fetchall(),
        }


def _qs(n: int) -> str:
    return ", ".join("?" * n)


def _indexed(row: Sequence[Any]) -> IndexedNote:
    rel, kind, title, agent, sid, project, level, scope, status, created, updated, priority = row[
        :12
    ]
    return IndexedNote(
        rel, NoteType.parse(kind, NoteType.NOTE) or NoteType.NOTE, title, agent, sid, project,
        Level.parse(level) if level else None, Scope.parse(scope) if scope else None,
        status, created, updated, priority, json.loads(row[15]), row[16], row[17],
    )  # fmt: skip


def filter_sql(where: SearchFilter) -> tuple[list[str], list[Any]]:
    clauses: list[str] = []
    params: list[Any] = []
    if where.types is not None:
        note_types = sorted(t for t in where.types if t != "event")
        parts = []
        if note_types:
            parts.append(f"n.type IN ({_qs(len(note_types))})")
            params.extend(note_types)
        if "event" in where.types:
            parts.append("e.id IS NOT NULL")
        clauses.append("(" + (" OR ".join(parts) or "0") + ")")
    if where.agent is not None:
        clauses.append("COALESCE(n.agent, NULLIF(e.agent, ''), s.agent) = ?")
        params.append(where.agent)
    if where.project is not None:
        base = where.project.rstrip("/") or where.project
        clauses.append(
            "(COALESCE(n.project, NULLIF(e.project, ''), s.project) = ?"
            " OR substr(COALESCE(n.project, NULLIF(e.project, ''), s.project), 1, ?) = ?)"
        )
        params.extend([base, len(base) + 1, base + "/"])
    if where.level is not None:
        clauses.append("n.level = ?")
        params.append(where.level.value)
    if where.since is not None:
        clauses.append(
            "COALESCE(NULLIF(e.ts, ''), NULLIF(n.updated, ''), NULLIF(n.created, ''),"
            " strftime('%Y-%m-%dT%H:%M:%S', n.mtime_ns / 1000000000, 'unixepoch')) >= ?"
        )
        params.append(where.since)
    if where.until is not None:
        clauses.append(
            "COALESCE(NULLIF(e.ts, ''), NULLIF(n.updated, ''), NULLIF(n.created, ''),"
            " strftime('%Y-%m-%dT%H:%M:%S', n.mtime_ns / 1000000000, 'unixepoch')) < ?"
        )
        params.append(where.until)
    return clauses, params
