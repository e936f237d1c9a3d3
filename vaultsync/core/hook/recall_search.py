"""The search behind prompt-time recall: the index read with sqlite3 directly (read-only,
bounded work, cut off past a time limit), the candidates judged by the relevance floor
(core/hook/relevance.py) and ranked by coverage, then BM25; or, for a question that only asks
for a window or an agent, its sessions. Stdlib only, for the hook.

The relevance bar: a hit must contain at least half of the prompt's terms (at least two when
the prompt has two or more), counting its note's agent name, so "what did Claude Code change"
matches Claude Code's sessions, and a term other than a project's name that is not only in a
file path (a question that shares only a project's name with a note is not about it;
`relevance.covered` has the finer rules).
"""

from __future__ import annotations

import json
import math

from vaultsync.core import cjk_scan
from vaultsync.core.hook.changed_files import EDIT_TOOLS, edited_paths
from vaultsync.core.hook.relevance import covered
from vaultsync.core.hook.status_line import named_note, says_superseded

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from vaultsync.core.hook.agents import Incoming

# FTS rows ranked before the relevance bar is applied: 40 -> 20 left dev precision and the
# answered share as they were (84%, 73%) and took ~1 ms off a prompt at 10k notes.
CANDIDATES = 20
MIN_COVERAGE = 0.5
# Tuned on the dev split of bench/recall's questions only (bench/bench_prompt_recall.py):
# 0 -> 0.7 raised dev precision of injected items from 71% to 83% at the same answered share.
RELATIVE_BAR = 0.7
# When the question asks what was decided: hits holding at least this share of the best hit's
# terms answer the same question, and come newest first (services/recall/engine.DECIDED_SAME,
# the same value; a test keeps them equal).
DECIDED_SAME = 0.5
# The index schema this module's SQL was written for (storage/index_schema.SCHEMA_VERSION; a
# test keeps them equal). The hook cannot import storage, so it reads `meta.schema_version`
# itself and stays silent on any other version: an index built by an older or newer vaultsync
# is rebuilt by the next reconcile, and a prompt must never fail or read wrong columns meanwhile.
READS_SCHEMA = 10


class Hit:
    __slots__ = (
        "agent", "body", "coverage", "date", "heading", "kind", "note_id", "project", "props",
        "rel", "score", "sid", "title", "tool",
    )  # fmt: skip
    agent: str
    body: str
    coverage: int
    date: str
    heading: str
    kind: str
    note_id: int
    project: str
    props: str
    rel: str
    score: float
    sid: str
    title: str
    tool: str

    def __init__(self, **kw: Any) -> None:
        for key, value in kw.items():
            setattr(self, key, value)

    # The line's text and a summary's files are worked out only for the few hits that are
    # described: most of the candidates never are (~1 ms of a prompt at 10k notes).
    @property
    def text(self) -> str:
        if self.kind == "event":
            text = self.heading
            body = cjk_scan.unsegment(self.body)
            if self.tool and self.tool.lower() in EDIT_TOOLS:
                named = edited_paths(body, self.project)
                if named:
                    text = f"{self.tool}: {', '.join(named)}"
            elif not text:
                text = body.split("\n", 1)[0]
            # an event heading starts with its UTC time and kind ("02:06:00 · turn end · "):
            # the item's own line already says when, in the person's zone
            parts = text.split(" · ", 2)
            if len(parts) == 3 and parts[0].count(":") == 2 and len(parts[0]) == 8:
                text = parts[2]
        else:
            text = cjk_scan.unsegment(self.body).strip()
            _about, cut, rest = text.partition("\n")
            if self.kind == "summary" and cut and rest.strip():
                # `body` is the row's `about` (one line: the title, the headings, the lead)
                # and then the rest. A summary's headings are always the same ("What was asked
                # What was done …") and its lead only links its session: its text is the rest,
                # less the mark of an empty section ("—") and its Memories section's links
                # (an unreviewed candidate's title is in its link: never handed over).
                text = "\n".join(
                    line
                    for line in rest.splitlines()
                    if line.strip() != "—" and "[[memories/" not in line
                )
        return " ".join(text.split())

    @property
    def files(self) -> list[str]:
        if self.kind != "summary":
            return []
        try:
            return [str(f) for f in json.loads(self.props).get("files_modified") or []]
        except (ValueError, AttributeError):  # a damaged property: no file list
            return []


def connect(path: Path) -> Any:
    import sqlite3

    # Read-only at the file level: no write lock taken, nothing to checkpoint or clean up at
    # close, and a damaged query cannot change the index.
    # Built by hand, not with Path.as_uri: that would load urllib.parse, which the hook
    # process defers (core/hook/process.py). SQLite only needs its own delimiters escaped.
    name = str(path.resolve()).replace("%", "%25").replace("?", "%3f").replace("#", "%23")
    uri = "file:" + name + "?mode=ro"
    conn = sqlite3.connect(uri, uri=True, timeout=0.05, isolation_level=None)
    # Pages read through a memory map, not copied in by read calls: the search touches
    # a few hundred of them once, in a new process each time (~1 ms less at 2,000 notes).
    conn.execute("PRAGMA mmap_size = 268435456")
    return conn


# The work is bounded whatever the vault's size: BM25 scores at most SCORED matching rows (the
# newest, by row id), the best TOP of those are joined to their notes and events, and the
# relevance bar sees the first CANDIDATES wanted ones. Only SQLite's own walk of the terms'
# posting lists (C, well under a microsecond a row) still grows with the vault.
SCORED = 1000
TOP = 200
# The note and event rows are read for the TOP rows, their text only for the wanted ones.
# Columns title, keywords, body, about (unweighted: 1.0); an event's text is in `about`.
#
# What is handed to another agent (the trust rule): reviewed memories (L2/L3), summaries,
# sessions' events, and plain notes a person wrote: a note of no vaultsync type outside the
# folders vaultsync writes (sessions, summaries, memories, imports, archive, skills) that
# carries no provenance of another origin (`source`, `source_path`, `import_key`, `imported`:
# an import or a clipping; `agent`, `origin`: written by an agent). Never an unreviewed
# candidate, an imported note, or a generated file.
PERSON_NOTES = True
_FOREIGN = ("source", "source_path", "import_key", "imported", "agent", "origin")
_OWN_DIRS = ("sessions/", "summaries/", "memories/", "imports/", "archive/", "skills/")
_PERSON = " AND ".join(
    ["n.type = 'note'"]
    + [f"substr(n.rel, 1, {len(d)}) != '{d}'" for d in _OWN_DIRS]
    + [f"instr(n.props, '\"{k}\"') = 0" for k in _FOREIGN]
)
# A note's date: its event's time, its `updated` or `created`, else its file's time (a note a
# person wrote in Obsidian has no date property).
_DATE = (
    "COALESCE(NULLIF(e.ts, ''), NULLIF(n.updated, ''), NULLIF(n.created, ''),"
    " strftime('%Y-%m-%dT%H:%M:%S', n.mtime_ns / 1000000000, 'unixepoch'), '')"
)
HITS_SQL = f"""
WITH scored AS (
    SELECT rowid AS id, bm25(fts, 8.0, 4.0, 1.0) AS score FROM fts WHERE fts MATCH ?
    ORDER BY rowid DESC LIMIT {SCORED}),
top AS (SELECT id, score FROM scored ORDER BY score LIMIT {TOP}),
hit AS (
    SELECT top.id AS id, top.score AS score, COALESCE(n.type, 'event') AS kind,
           COALESCE(n.rel, s.rel) AS rel, COALESCE(n.title, s.title) AS title,
           COALESCE(n.agent, NULLIF(e.agent, ''), s.agent) AS agent,
           {_DATE} AS date, e.heading AS heading,
           e.tool AS tool, COALESCE(n.props, '{{}}') AS props,
           COALESCE(e.note_id, n.id) AS note_id, COALESCE(n.session_id, e.session_id) AS sid,
           COALESCE(n.project, s.project) AS project
    FROM top
    LEFT JOIN notes n ON n.id = top.id
    LEFT JOIN events e ON e.id = top.id
    LEFT JOIN notes s ON s.id = e.note_id
    WHERE ((n.type IN ('memory', 'summary')
            AND n.status NOT IN ('rejected', 'archived', 'superseded')
            AND (n.type != 'memory' OR n.level IN ('L2', 'L3')))
           OR ({_PERSON if PERSON_NOTES else "0"})
           OR (e.id IS NOT NULL AND e.kind IN ('prompt', 'tool', 'tool_error', 'turn_end')))
      AND NOT (COALESCE(n.session_id, e.session_id) = ? AND COALESCE(n.agent, e.agent) = ?)
      AND {_DATE} >= ?
      AND {_DATE} < ?
      AND (? = '' OR COALESCE(n.agent, NULLIF(e.agent, ''), s.agent) = ?)
      AND (? = '' OR COALESCE(n.project, s.project) = ?)
    ORDER BY top.score LIMIT ?)
SELECT hit.id, hit.score, kind, rel, hit.title, agent, date, heading, tool, props, note_id,
       f.title,
       substr(f.about || iif(f.about != '' AND f.body != '', char(10), '') || f.body, 1, 3000),
       sid,
       project
FROM hit JOIN fts f ON f.rowid = hit.id
ORDER BY hit.score
"""


# A term matching more than a fifth of the index's rows, or more rows than BM25 scores, is
# common: not searched for (unless fewer than two terms would be left). BM25 gives it little
# weight, and matching it would fill the scored rows with rows that only it brought.
COMMON = 0.2
PRUNE_FROM = 2000  # ... in an index this big; in a small one every term is cheap and may count
QUERY_LIMIT_S = 0.15  # the search is cut off past this: no recall rather than a slow prompt


def quoted(term: str) -> str:
    """One term as an FTS5 phrase (a prefix term keeps its `*`)."""
    star = "*" if term.endswith("*") else ""
    body = term[:-1] if star else term
    return '"' + cjk_scan.segment(body).replace('"', '""') + '"' + star


RARE, COMMON_WORD, COMMON_PREFIX = 0, 1, 2


def common(conn: Any, terms: list[str]) -> list[int]:
    """For each term RARE, COMMON_WORD (a prefix term whose exact word alone passes the bar, or
    an exact term that does) or COMMON_PREFIX (only with the words it expands to), in one
    statement; all RARE in a small index. Rows are counted only up to the bar, and a prefix
    is expanded only when its word did not pass it (an expansion merges the posting lists of
    every word with that prefix, whatever their size)."""
    total = conn.execute("SELECT MAX(rowid) FROM fts").fetchone()[0] or 0
    if total < PRUNE_FROM or not terms:
        return [RARE] * len(terms)
    bar = min(int(COMMON * total), SCORED) + 1
    count = "(SELECT count(*) FROM (SELECT 1 FROM fts WHERE fts MATCH ? LIMIT ?))"
    parts, params = [], []
    for term in terms:
        if term.endswith("*"):
            parts.append(f"CASE WHEN {count} >= ? THEN -1 ELSE {count} END")
            params += [quoted(term[:-1]), bar, bar, quoted(term), bar]
        else:
            parts.append(f"CASE WHEN {count} >= ? THEN -1 ELSE 0 END")
            params += [quoted(term), bar, bar]
    row = conn.execute("SELECT " + ", ".join(parts), params).fetchone()
    return [COMMON_WORD if n == -1 else COMMON_PREFIX if n >= bar else RARE for n in row]


def _expression(conn: Any, terms: list[str]) -> str:
    """An FTS5 OR of the terms without the common ones, but never fewer than two (the first
    two common ones, in the prompt's order, when all are: a prefix term whose word alone is
    common as its word, since expanding it would only add rows past the scored ones). Small
    indexes search every term: cheap there, and a term's share of a few rows says little."""
    kept = list(terms)
    latin = [t for t in terms if t.isascii()]
    if len(latin) > 2:
        kinds = dict(zip(latin, common(conn, latin), strict=True))
        rare = [t for t in latin if kinds[t] == RARE]
        fill = [t for t in latin if kinds[t] != RARE][: max(0, 2 - len(rare))]
        word = {t: t[:-1] if t.endswith("*") and kinds[t] == COMMON_WORD else t for t in fill}
        kept = [word.get(t, t) for t in terms if not t.isascii() or t in rare or t in word]
    return " OR ".join(quoted(term) for term in kept)


def unseen(conn: Any, named: list[str]) -> bool:
    """True when one of these names (nlquery.anchors) is in no row of the index (as search
    does: services/recall/coverage.unseen)."""
    for term in named:
        if not term.isascii():
            continue
        sql, params = _vocab_match(term)
        if conn.execute(f"SELECT 1 FROM fts_vocab WHERE {sql} LIMIT 1", params).fetchone() is None:
            return True
    return False


def _vocab_match(term: str) -> tuple[str, tuple[str, ...]]:
    """The fts_vocab condition for a term (a prefix term, ending in `*`, as a range). The term
    dictionary, not a MATCH: a MATCH of a common prefix merges every posting list it covers
    (368 ms for a prefix of 5,000 words over 200,000 rows, this 0.5 ms)."""
    word = term.rstrip("*")
    if term.endswith("*"):
        return "term >= ? AND term < ?", (word, word + "\U0010ffff")
    return "term = ?", (word,)


# No window: every date passes.
OPEN = ("", "\U0010ffff")


# How a question ends, in English, Chinese and Japanese.
_QUESTION_ENDS = ("?", "？", "吗", "呢", "来着", "ですか", "ますか", "でしたっけ")


def asked_only(heading: str) -> bool:
    """Is an event's heading (`10:00:00 · prompt · …`) a past prompt that asked a question? It
    holds no answer, and it holds the question's words best: a person asking again what was
    asked before was handed the sessions where it was asked, and the relative bar then left
    out the one that says it (its answer, when a session found one, is an event of its own)."""
    parts = heading.split(" · ", 2)
    return len(parts) == 3 and parts[1] == "prompt" and parts[2].rstrip().endswith(_QUESTION_ENDS)


def search(
    conn: Any,
    terms: list[str],
    inc: Incoming,
    window: tuple[str, str] = OPEN,
    agent: str = "",
    added: frozenset[str] = frozenset(),
    newest: bool = False,
    also: tuple[str, ...] = (),
    project: str = "",
) -> list[Hit]:
    """The hits that clear the relevance bar, best first. `newest` (the question asks what
    was decided): those holding at least `DECIDED_SAME` of the best hit's share of the terms
    answer the same question, newest first (as search does: services/recall/engine.py).
    `also`: words searched for instead of the terms (the CJK fallback's), never judged.
    `project`: only that project's notes and sessions (a project the question named)."""
    import time

    stop = time.monotonic() + QUERY_LIMIT_S
    conn.set_progress_handler(lambda: 1 if time.monotonic() > stop else 0, 20_000)
    try:
        # the fallback searches its words alone: a row holding only the terms was judged
        # already; the terms still count wherever a found row holds them
        expression = " OR ".join(map(quoted, also)) if also else _expression(conn, terms)
        params = (expression, inc.session_id, inc.agent, *window, agent, agent, project, project,
                  CANDIDATES)  # fmt: skip
        rows = conn.execute(HITS_SQL, params).fetchall()
    except Exception as exc:  # interrupted past the limit: no recall this time
        if "interrupt" in str(exc):
            return []
        raise
    finally:
        conn.set_progress_handler(None, 0)
    hits: list[Hit] = []
    one_word: bool | None = None  # the question's one Latin word is rare in the index
    asking = {inc.cwd.rstrip("/").rsplit("/", 1)[-1].lower()} if inc.cwd else set()
    for row in rows:
        (_rowid, score, kind, rel, title, agent, date, heading, tool, props, note_id,
         ftitle, fbody, sid, project) = row  # fmt: skip
        if rel is None or (kind == "event" and asked_only(heading or "")):
            continue
        names = asking | ({project.rstrip("/").rsplit("/", 1)[-1].lower()} if project else set())
        coverage, eligible = covered(
            terms, f"{ftitle}\n{fbody}\n{title or ''}", added, frozenset(names), agent or ""
        )
        need = 1 if len(terms) < 2 else max(2, math.ceil(eligible * MIN_COVERAGE))
        if eligible == 1 < len(terms) and coverage == 1:
            # A Chinese or Japanese question about an English note is judged on the English
            # words it carries, often one ("商品缓存": cache): enough when the note is about
            # it (its title says it; or a message, all about what it says, holding a word the
            # person wrote in Latin letters, not a translation of theirs: "公开 API"), not
            # when a long note only mentions it in passing.
            # ... and never when that word is in many notes (a project's name: "fieldkit の
            # アイコン" is not about every fieldkit note).
            own = [t for t in terms if t.isascii() and t not in added]
            about = (kind == "event" and covered(own, fbody or "")[0] > 0) or covered(
                terms, f"{ftitle}\n{title or ''}", added
            )[0] > 0
            if about and one_word is None:  # the same word for every hit: asked once
                one_word = _rare(conn, next((t for t in terms if t.isascii()), ""))
            need = 1 if about and one_word else 2
        if coverage < need:
            continue
        if kind != "event" and says_superseded(fbody or ""):
            # it says itself that it is no longer in force: the note its status line names
            # stands in for it (core/hook/status_line.py), with its coverage
            gone = Hit(kind=kind, rel=rel, agent=agent or "", date=date or "", score=-score,
                       coverage=coverage, note_id=note_id, body=fbody or "", heading="",
                       tool="", props=props, sid=sid or "", title=title or "",
                       project=project or "")  # fmt: skip
            later = status_successor(conn, gone, inc)
            if later is not None and all(h.rel != later.rel for h in hits):
                hits.append(later)
            continue
        hits.append(Hit(
            kind=kind, rel=rel, agent=agent or "", date=date or "", score=-score,
            coverage=coverage, note_id=note_id, body=fbody or "", heading=heading or "",
            tool=tool or "", props=props, sid=sid or "", title=title or "", project=project or "",
        ))  # fmt: skip
    hits.sort(key=lambda h: (-h.coverage, -h.score))
    if hits and newest:
        # The relative bar below would drop the note that records where a decision ended up
        # whenever an older one argued it at more length.
        bar = hits[0].coverage * DECIDED_SAME
        hits = [h for h in hits if h.coverage >= bar]
        hits.sort(key=lambda h: h.date, reverse=True)
    elif hits:
        # Below the best hit's coverage, only hits close to it in BM25 are worth the tokens.
        top = hits[0]
        hits = [
            h for h in hits if h.coverage == top.coverage or h.score >= top.score * RELATIVE_BAR
        ]
    return hits


# A word in more than this share of the index's rows says too little to answer a question on
# its own (chosen on dev: a project's name is in a fifth of its vault's rows; cache, api in 6-7%).
ONE_WORD_SHARE = 0.1


def _rare(conn: Any, term: str) -> bool:
    """True when `term` (a prefix term ends in `*`) is in at most `ONE_WORD_SHARE` of the rows."""
    if not term.rstrip("*"):
        return False
    total = conn.execute("SELECT MAX(rowid) FROM fts").fetchone()[0] or 0
    sql, params = _vocab_match(term)
    rows = conn.execute(f"SELECT sum(doc) FROM fts_vocab WHERE {sql}", params).fetchone()[0]
    return bool((rows or 0) <= ONE_WORD_SHARE * total)


def schema_ok(conn: Any) -> bool:
    """True when the index is the schema this module reads (no meta table, or another
    version: False)."""
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    except Exception:  # no meta table: not an index this module can read
        return False
    try:
        return row is not None and int(row[0]) == READS_SCHEMA
    except (TypeError, ValueError):
        return False


# The sessions with events in an asked window (and of an asked agent), newest first, each by
# its last closing message there that says something, else its first prompt there: for "what
# did we do yesterday?". Events of one instant (a replay at a fixed `$VAULTSYNC_NOW`) keep
# the note's order: ids are given in it.
_LIST_SQL = """
SELECT e.id, e.kind, s.rel, s.title, COALESCE(NULLIF(e.agent, ''), s.agent), e.ts, e.heading,
       e.tool, e.note_id, COALESCE(NULLIF(e.session_id, ''), s.session_id),
       COALESCE(NULLIF(e.project, ''), s.project), f.about
FROM events e JOIN notes s ON s.id = e.note_id JOIN fts f ON f.rowid = e.id
WHERE e.ts >= ? AND e.ts < ? AND (? = '' OR COALESCE(NULLIF(e.agent, ''), s.agent) = ?)
  AND NOT (COALESCE(NULLIF(e.session_id, ''), s.session_id) = ? AND s.agent = ?)
  AND (? = '' OR COALESCE(NULLIF(e.project, ''), s.project) = ?)
  AND e.kind IN ('prompt', 'turn_end')
ORDER BY e.ts DESC, e.id DESC LIMIT 400
"""


def listed(
    conn: Any, inc: Incoming, window: tuple[str, str], agent: str, project: str = ""
) -> list[Hit]:
    params = (*window, agent, agent, inc.session_id, inc.agent, project, project)
    rows = conn.execute(_LIST_SQL, params).fetchall()
    closing: dict[int, Any] = {}  # a session's last closing message that says something
    opening: dict[int, Any] = {}  # ... else its first prompt there that does
    anyone: dict[int, Any] = {}
    for row in rows:  # newest first
        anyone.setdefault(row[8], row)
        if not (row[11] or "").strip():
            continue  # an empty closing message (a turn that ended on a tool call) says nothing
        if row[1] == "turn_end":
            closing.setdefault(row[8], row)
        else:
            opening[row[8]] = row
    answered = {row[8] for row in rows if row[1] == "turn_end"}
    best = {key: closing.get(key) or opening.get(key) or row for key, row in anyone.items()}
    hits = []
    # A session holding only a question nobody answered (left at its first prompt) tells
    # nothing of what was done: it comes after the answered ones, however new (the rule of
    # storage/recall_rows.sessions_in, which also counts a tool call as doing something).
    for _id, _kind, rel, title, who, ts, _heading, tool, note_id, sid, project, body in sorted(
        best.values(), key=lambda r: (r[8] in answered, r[5]), reverse=True
    ):
        hits.append(Hit(
            kind="event", rel=rel, agent=who or "", date=ts or "", score=1.0, coverage=1,
            note_id=note_id, body=body or "", heading="", tool=tool or "", props="{}",
            sid=sid or "", title=title or "", project=project or "",
        ))  # fmt: skip
    return hits


def projects(conn: Any) -> list[str]:
    """Every project a note or session of the index belongs to (its path)."""
    return [
        str(r[0]) for r in conn.execute("SELECT DISTINCT project FROM notes WHERE project != ''")
    ]


def status_successor(conn: Any, hit: Hit, inc: Incoming) -> Hit | None:
    """The note `hit`'s status line names as replacing it, as a hit that may be handed over
    (the hook's trust rule: HITS_SQL), or None."""
    rel = named_note(conn, f"{hit.title}\n{hit.body}", hit.rel)
    if not rel:
        return None
    title = conn.execute("SELECT title FROM notes WHERE rel = ?", (rel,)).fetchone()
    words = [w for w in (title[0] if title else "").lower().split() if w.isalnum()][:8]
    if not words:
        return None
    expression = " AND ".join(map(quoted, words))  # a note holds its own title
    try:
        rows = conn.execute(
            HITS_SQL, (expression, inc.session_id, inc.agent, *OPEN, "", "", "", "", 20)
        ).fetchall()
    except Exception:  # fail-open
        return None
    for row in rows:
        (_rowid, _score, kind, found, title, agent, date, heading, tool, props, note_id,
         _ftitle, fbody, sid, project) = row  # fmt: skip
        if found == rel:
            return Hit(
                kind=kind, rel=rel, agent=agent or "", date=date or "", score=hit.score,
                coverage=hit.coverage, note_id=note_id, body=fbody or "",
                heading=heading or "", tool=tool or "", props=props, sid=sid or "",
                title=title or "", project=project or "",
            )  # fmt: skip
    return None
