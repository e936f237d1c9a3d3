"""The rows the recall engine ranks, read from the index (services/recall/engine.py).

Beside `Index.search` (one ranked list, snippets included), the engine needs more per match
(rowid, date, session id) and less (snippets only for the results it shows), plus what its
abstention measure reads: each row's text and the document frequency of a term (`fts_vocab`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import NamedTuple

from vaultsync.core import replaced_notes as replaced
from vaultsync.storage.index import (
    SNIPPET_MAX_BYTES,
    WEIGHTS,
    Index,
    SearchFilter,
    as_failure,
    filter_sql,
)
from vaultsync.storage.snippet import linear_snippet

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def _marks(n: int) -> str:
    return ", ".join("?" * n)


def _in_chunks(items: Iterable[Any], size: int = 500) -> Iterator[list[Any]]:
    it = iter(items)
    while chunk := list(islice(it, size)):
        yield chunk


class Candidate(NamedTuple):
    """One FTS match as the recall engine ranks it (services/recall/engine.py)."""

    rowid: int
    rel: str  # the note's, or for an event its session note's
    title: str
    heading: str | None  # events only
    type: str  # a note type, or "event"
    bm25: float  # lower is better
    snippet: str  # segmented, with marks
    event_id: str | None
    date: str  # an event's ts, else the note's updated, else created
    agent: str
    project: str
    level: str
    session_id: str


def candidates(
    index: Index,
    expression: str,
    where: SearchFilter,
    *,
    limit: int,
    mark: tuple[str, str],
    weights: tuple[float, ...] = WEIGHTS,
    within: str | None = None,
) -> list[Candidate]:
    """Like `search`, with what ranking needs beyond BM25: rowid, date, session id.
    No snippets (they cost per row): `snippets` makes them for the rows finally shown.
    `weights`: the BM25 column weights (storage/index.py WEIGHTS, WEIGHTS_ANY).
    `within`: a second expression; only the rows it matches are scored, each still by all of
    `expression`'s terms (services/recall/maxscore.py)."""
    clauses, params = filter_sql(where)
    joined = bool(clauses)  # the filters read the notes and events tables; `within` does not
    if within is not None:
        # `+` keeps the constraint from FTS5, which would otherwise seek every listed rowid and
        # evaluate the whole expression at each (minutes at 100k notes); the list is built once
        clauses.append("+fts.rowid IN (SELECT rowid FROM fts WHERE fts MATCH ?)")
        params.append(within)
    joins = (
        " LEFT JOIN notes n ON n.id = fts.rowid LEFT JOIN events e ON e.id = fts.rowid"
        " LEFT JOIN notes s ON s.id = e.note_id"
    )
    sql = f"""
        WITH top AS (
            SELECT fts.rowid AS id, bm25(fts, {", ".join(map(str, weights))}) AS score
            FROM fts{joins if joined else ""}
            WHERE fts MATCH ? {"".join(" AND " + c for c in clauses)}
            ORDER BY score, fts.rowid LIMIT ?)
        SELECT top.id, COALESCE(n.rel, s.rel), COALESCE(n.title, s.title), e.heading,
               COALESCE(n.type, 'event'), top.score, '', e.event_id,
               COALESCE(NULLIF(e.ts, ''), NULLIF(n.updated, ''), NULLIF(n.created, ''),
                        strftime('%Y-%m-%dT%H:%M:%S', n.mtime_ns / 1000000000, 'unixepoch'),
                        s.updated, ''),
               COALESCE(n.agent, NULLIF(e.agent, ''), s.agent),
               COALESCE(n.project, NULLIF(e.project, ''), s.project), COALESCE(n.level, ''),
               COALESCE(n.session_id, NULLIF(e.session_id, ''), s.session_id, '')
        FROM top{joins.replace("fts.rowid", "top.id")}
        ORDER BY top.score, top.id"""
    try:
        rows = index.conn.execute(sql, (expression, *params, limit)).fetchall()
    except sqlite3.Error as exc:
        raise as_failure(exc, index.path) from exc
    return [Candidate(*row) for row in rows if row[1] is not None]


def demoted_memories(index: Index, rels: set[str], sink_after: int) -> set[str]:
    """Of these memory notes, those no longer in force (`superseded_by`, or `status:
    superseded`) and those injected `sink_after` times or more and never used."""
    marks = ",".join("?" * len(rels))
    sql = f"""
        SELECT rel FROM notes WHERE rel IN ({marks}) AND type = 'memory' AND (
            status = 'superseded'
            OR COALESCE(json_extract(props, '$.superseded_by'), '') NOT IN ('', '[]')
            OR (CAST(COALESCE(json_extract(props, '$.recalled'), 0) AS INTEGER) >= ?
                AND CAST(COALESCE(json_extract(props, '$.used'), 0) AS INTEGER) = 0))"""
    try:
        rows = index.conn.execute(sql, (*sorted(rels), sink_after)).fetchall()
    except sqlite3.Error as exc:
        raise as_failure(exc, index.path) from exc
    return {row[0] for row in rows}


def replaced_notes(index: Index, rels: set[str]) -> set[str]:
    """Of these notes, those a note in force names in its `supersedes` property
    (core/replaced_notes.py)."""
    try:
        return replaced.named(index.conn, rels)
    except sqlite3.Error as exc:
        raise as_failure(exc, index.path) from exc


_ACTED = frozenset({"tool", "tool_error", "turn_end", "subagent_end"})


def sessions_in(index: Index, where: SearchFilter, *, limit: int) -> list[Candidate]:
    """The sessions with events that pass `where` (an asked window, an agent), newest first:
    one candidate per session, for a question that names a time or an agent and nothing else
    to rank by. Each is shown by its last closing message in the window that says something,
    else its first prompt there that does (a turn that ended on a tool call closes with an
    empty message), else its last turn end, else its last event (the rule prompt-time recall
    follows, core/hook/recall_search.listed). Sessions where the agent did something come
    first."""
    clauses, params = filter_sql(where)
    sql = f"""
        SELECT e.id, s.rel, s.title, e.heading, 'event', -1.0, '', e.event_id, e.ts,
               COALESCE(NULLIF(e.agent, ''), s.agent), COALESCE(NULLIF(e.project, ''), s.project),
               '', COALESCE(NULLIF(e.session_id, ''), s.session_id, ''), e.kind, e.note_id,
               COALESCE(f.about, '') != ''
        FROM events e JOIN notes s ON s.id = e.note_id LEFT JOIN notes n ON n.id = e.id
        LEFT JOIN fts f ON f.rowid = e.id
        {"WHERE " + " AND ".join(clauses) if clauses else ""}
        ORDER BY e.ts DESC, e.id DESC LIMIT 5000"""
    try:
        rows = index.conn.execute(sql, params).fetchall()
    except sqlite3.Error as exc:
        raise as_failure(exc, index.path) from exc
    closing: dict[int, tuple[Any, ...]] = {}
    opening: dict[int, tuple[Any, ...]] = {}
    last: dict[int, tuple[Any, ...]] = {}
    newest: dict[int, str] = {}  # a session's newest event in the window orders it
    acted: set[int] = set()  # ... after whether the agent did anything in it
    for row in rows:  # newest first
        session, kind, says = row[14], row[13], bool(row[15])
        newest.setdefault(session, row[8])
        if kind in _ACTED:
            acted.add(session)
        held = last.get(session)
        if held is None or (kind == "turn_end" and held[13] != "turn_end"):
            last[session] = row
        if says and kind == "turn_end":
            closing.setdefault(session, row)
        elif says and kind == "prompt":
            opening[session] = row  # overwritten until the first
    best = [closing.get(key) or opening.get(key) or row for key, row in last.items()]
    # A session that only started, or only holds a question nobody answered yet (the person's
    # own session now, one left at its first prompt), tells nothing of what was done: it
    # comes after the sessions where the agent answered or used a tool, however new.
    chosen = sorted(best, key=lambda r: (r[14] in acted, newest[r[14]]), reverse=True)[:limit]
    return [Candidate(*row[:13]) for row in chosen if row[1] is not None]


def projects(index: Index) -> list[str]:
    """Every project a note or session of the index belongs to (its path): prompt recall's
    query (core/hook/recall_search.projects, one owner), with the index's error."""
    from vaultsync.core.hook.recall_search import projects as listed

    try:
        return listed(index.conn)
    except sqlite3.Error as exc:
        raise as_failure(exc, index.path) from exc


def note_candidate(index: Index, rel: str, bm25: float) -> Candidate | None:
    """The note at `rel` as a candidate scored `bm25` (a stand-in for a note it replaced)."""
    try:
        row = index.conn.execute(
            "SELECT id, rel, title, NULL, type, ?, '', NULL,"
            " COALESCE(NULLIF(updated, ''), NULLIF(created, ''),"
            " strftime('%Y-%m-%dT%H:%M:%S', mtime_ns / 1000000000, 'unixepoch'), ''),"
            " agent, project, level, session_id FROM notes WHERE rel = ?",
            (bm25, rel),
        ).fetchone()
    except sqlite3.Error as exc:
        raise as_failure(exc, index.path) from exc
    return Candidate(*row) if row else None


def summary_of(index: Index, session_id: str) -> str | None:
    """The newest summary note of a session, if the learning loop has written one (found by
    seeking the session's notes: `Index.notes` with a session id)."""
    try:
        found = index.notes(type="summary", session_id=session_id, limit=1)
    except sqlite3.Error as exc:
        raise as_failure(exc, index.path) from exc
    return found[0].rel if found else None


def best_snippet(any_column: str, body: str, mark: tuple[str, str]) -> str:
    """The body's snippet when the body matches, else the best column's. The keywords and about
    columns hold a note's file name, aliases, headings and lead paragraph
    (storage/index_rows.about): a snippet from there would read as a list of names."""
    return body if body and mark[0] in body else any_column


def snippets(
    index: Index, expression: str, rowids: Sequence[int], *, mark: tuple[str, str]
) -> dict[int, str]:
    """rowid -> FTS5 snippet (segmented, with marks) for these rows of a MATCH."""
    # One statement per row: FTS5 seeks to `rowid = ?`, where `rowid IN (...)` makes it
    # walk every match of the expression.
    sql = (
        "SELECT snippet(fts, -1, ?, ?, '…', 20), snippet(fts, 2, ?, ?, '…', 20) FROM fts"
        " WHERE fts MATCH ? AND rowid = ?"
    )
    out: dict[int, str] = {}
    try:
        for rowid in rowids:
            # FTS5's snippet() costs the square of a row's matches: a big note (a 4 MB note
            # whose every line holds the word took 40 s) gets the linear one instead.
            big = index.conn.execute(
                "SELECT body FROM notes WHERE id = ? AND size > ?", (rowid, SNIPPET_MAX_BYTES)
            ).fetchone()
            if big is not None:
                out[rowid] = linear_snippet(big[0] or "", expression, mark)
                continue
            row = index.conn.execute(sql, (*mark, *mark, expression, rowid)).fetchone()
            if row is not None:
                out[rowid] = best_snippet(row[0], row[1], mark)
    except sqlite3.Error as exc:
        raise as_failure(exc, index.path) from exc
    return out


def texts(index: Index, rowids: Iterable[int]) -> dict[int, str]:
    """rowid -> its indexed text (title, keywords, about, body; segmented) for notes and
    events."""
    out: dict[int, str] = {}
    for chunk in _in_chunks(dict.fromkeys(rowids), 500):
        rows = index.conn.execute(
            "SELECT rowid, title, keywords, about, body FROM fts"
            f" WHERE rowid IN ({_marks(len(chunk))})",
            chunk,
        )
        # an event's text is in `about` and its body is empty: "\nheading\ntext\n", which
        # reads (stripped) as it did in the body, so event vectors keyed by their text
        # (storage/vectors/units.py) stay valid; a note without an `about` reads as before it
        out.update((rowid, f"{t}\n{k}\n{a}\n{b}" if a else f"{t}\n{k}\n{b}")
                   for rowid, t, k, a, b in rows)  # fmt: skip
    return out


def doc_count(index: Index) -> int:
    """Rows in the FTS index (notes and events): N for inverse document frequencies."""
    notes, events = index.counts()
    return notes + events


def fts_rows(index: Index) -> int:
    """The row count FTS5 itself keeps (its averages record, the first varint of `fts_data`
    id 1), which its bm25() takes for N: one small read, where counting notes and events costs
    milliseconds at 100k notes. The notes and events count if that record cannot be read."""
    try:
        row = index.conn.execute("SELECT block FROM fts_data WHERE id = 1").fetchone()
    except sqlite3.Error as exc:
        raise as_failure(exc, index.path) from exc
    block = row[0] if row else None
    if isinstance(block, bytes) and block:
        value = 0
        for i, byte in enumerate(block[:9]):  # SQLite's varint: 7 bits a byte, the 9th all 8
            if i == 8:
                return (value << 8) | byte
            value = (value << 7) | (byte & 0x7F)
            if not byte & 0x80:
                return value
    return doc_count(index)


def doc_freq(index: Index, token: str, *, prefix: bool = False) -> tuple[int, int]:
    """How many FTS rows hold `token`, as (at least, at most). Exact for a token; for a prefix,
    the most frequent and the sum over the (first 200) terms starting with it."""
    try:
        if not prefix:
            row = index.conn.execute(
                "SELECT doc FROM fts_vocab WHERE term = ?", (token,)
            ).fetchone()
            exact = int(row[0]) if row else 0
            return exact, exact
        row = index.conn.execute(
            "SELECT MAX(doc), SUM(doc) FROM (SELECT doc FROM fts_vocab WHERE term >= ?"
            " AND term < ? LIMIT 200)",
            (token, token + "\U0010ffff"),
        ).fetchone()
    except sqlite3.Error as exc:
        raise as_failure(exc, index.path) from exc
    return (int(row[0] or 0), int(row[1] or 0)) if row else (0, 0)
