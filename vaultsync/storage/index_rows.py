"""What the index stores about one note file, and the work of getting it there.

`note_row` parses a file's bytes once into a `NoteRow` (frontmatter fields, body, events, the
file's stat and hash); `prepare` turns rows into a `Batch` of plain tuples for executemany,
segmenting every text that enters FTS (see core/text.py). Both are pure and CPU-bound, which is
why they live apart from the database: a rebuild runs them in worker processes.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from vaultsync.core import eventlog, timestamp
from vaultsync.core.model import NoteType
from vaultsync.core.text import segment
from vaultsync.storage.memory import effective_level
from vaultsync.storage.note import is_session_log, parse_note_bytes

_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE = re.compile(r"\\(?:u|U0000)[dD][89a-fA-F]")
_HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+(.+)$")
ABOUT_HEADINGS = 32  # headings of a note indexed in its `about` column, at most
ABOUT_LEAD_CHARS = 300  # of its lead paragraph


# `about` is a column of its own (storage/index.py WEIGHTS, WEIGHTS_ANY): in the keywords
# column a long note's headings diluted its aliases (BM25 length normalisation) and 核心插件
# lost the note whose alias it is. Apart, weighted 2 for plain words, it raised Japanese help
# paraphrases (dev recall@5 0.52 -> 0.61; en and zh unchanged; weights 1 to 6 and lead
# 0/300/600 tried, bench/recall; docs/search.md "Ranking").
def _clean_tuple(values: tuple[Any, ...]) -> tuple[Any, ...]:
    """SQLite stores UTF-8: lone surrogates become U+FFFD."""
    return tuple(_SURROGATE.sub("\ufffd", v) if isinstance(v, str) else v for v in values)


@dataclass(frozen=True)
class EventRow:
    seq: int
    event_id: str
    ts: str
    kind: str
    tool: str
    agent: str
    session_id: str
    project: str
    heading: str
    text: str


@dataclass(frozen=True)
class NoteRow:
    """Everything the index stores about one note file, built by services.derived.reconcile."""

    rel: str
    type: str
    title: str
    agent: str
    session_id: str
    project: str
    level: str
    scope: str
    status: str
    created: str
    updated: str
    priority: int
    mtime_ns: int
    size: int
    sha256: str
    props: str  # JSON
    body: str
    warning: str | None
    keywords: str  # file name, aliases, tags: weighted between title and body
    search_body: str  # the body as searched (a session note's event blocks are hits of their own)
    events: tuple[EventRow, ...] = ()
    racy: bool = False  # modified too close to when it was read to trust (mtime, size) later
    about: str = ""  # headings and lead paragraph: the `about` column


@dataclass(frozen=True)
class Batch:
    """Rows ready for executemany, ids local to the batch (1, 2, ...): plain tuples, so a batch
    prepared in a worker process pickles cheaply. Notes and events draw ids from one sequence
    (a note, then its events) and the FTS rows follow it: FTS5 flushes its pending index on
    every rowid that is not larger than the last, so inserting in rising order is what makes a
    bulk load run at the speed of a bare FTS5 table."""

    notes: list[tuple[Any, ...]]
    events: list[tuple[Any, ...]]
    fts: list[tuple[Any, ...]]
    racy: list[tuple[str]]
    size: int = 0  # ids used


def prepare(rows: Iterable[NoteRow]) -> Batch:
    """The CPU-bound half of an insert: tuples, and CJK segmentation of every FTS text."""
    notes: list[tuple[Any, ...]] = []
    events: list[tuple[Any, ...]] = []
    fts: list[tuple[Any, ...]] = []
    racy: list[tuple[str]] = []
    doc = 0
    for r in rows:
        # SQLite stores UTF-8, which has no lone surrogates. Text decoded from a file cannot
        # hold one, so only an escape (JSON in event blocks, YAML in the ASCII-escaped props)
        # can produce one: rows without such an escape skip the clean-up.
        dirty = _SURROGATE_ESCAPE.search(r.props) or (r.events and _SURROGATE_ESCAPE.search(r.body))
        start = (len(notes), len(events), len(fts))
        doc += 1
        note_id = doc
        notes.append((note_id, r.rel, r.type, r.title, r.agent, r.session_id, r.project,
                      r.level, r.scope, r.status, r.created, r.updated, r.priority,
                      r.mtime_ns, r.size, r.sha256, r.props, r.body, r.warning))  # fmt: skip
        fts.append((note_id, segment(r.title), segment(r.keywords), segment(r.search_body),
                    segment(r.about)))  # fmt: skip
        for e in r.events:
            doc += 1
            events.append((doc, note_id, e.seq, e.event_id, e.ts, e.kind, e.tool,
                           e.agent, e.session_id, e.project, e.heading))  # fmt: skip
            # An event's heading is a cut-down copy of its own text: in the title column (weight
            # 8) it would outrank memories and summaries saying the same thing, so it is indexed
            # with the keywords (weight 4; measured on the recall dev set, bench/recall).
            # Its text is in the `about` column: one message says what it is about in all of
            # its words, where a note's body past its lead is detail (body weight 0.25 for
            # plain words, storage/index.py WEIGHTS_ANY). In the body, only the words the heading
            # repeats counted (LoCoMo dev, session recall@5: 0.824 in the body, 0.902 here).
            fts.append((doc, "", segment(e.heading), "", segment(e.text)))
        if dirty:
            for part, first in zip((notes, events, fts), start, strict=True):
                part[first:] = [_clean_tuple(t) for t in part[first:]]
        if r.racy:
            racy.append((r.rel,))
    return Batch(notes, events, fts, racy, doc)


MAX_INDEXED_CHARS = 16 * 1024 * 1024  # `index.max_note_kb`: bounds memory and time per note


def _cut(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text.rfind("\n", 0, limit)
    return text[: cut if cut > limit // 2 else limit]


def note_row(
    rel: str,
    raw: bytes,
    mtime_ns: int,
    size: int,
    *,
    racy: bool = False,
    max_chars: int = MAX_INDEXED_CHARS,
) -> tuple[NoteRow, list[str]]:
    """Parse one note file into its index row, with any warnings about its content.

    Only the first `max_chars` of a note's own text are indexed (a warning says so), which bounds
    the memory and time one hostile note can take. A session note's events are rows of their
    own, each small, and are all indexed. (Snippets of big notes are found in linear time by
    `storage.index.linear_snippet`.)
    """
    note = parse_note_bytes(rel, raw)
    warnings = [f"{rel}: {note.warning}"] if note.warning else []
    events: tuple[EventRow, ...] = ()
    search_body = note.body
    if eventlog.has_events(note.body) and is_session_log(note):
        parsed, problems = eventlog.parse_all(note.body)
        warnings.extend(f"{rel}: event block {p}" for p in problems)
        events = tuple(
            EventRow(
                seq=seq,
                event_id=ev.id,
                ts=ev.ts,
                kind=ev.kind.value,
                tool=ev.tool,
                agent=ev.agent,
                session_id=ev.session_id,
                project=ev.project,
                heading=eventlog.heading(ev).removeprefix("### "),
                text=ev.text(),
            )
            for seq, ev in enumerate(parsed)
        )
        # Each event is indexed as a hit of its own: its heading and blocks leave the note's
        # own searchable text.
        search_body = eventlog.strip(note.body)
    body = note.body
    about_parts: list[str] = []
    if not events and not is_session_log(note):  # a session's headings are its events'
        about_parts, search_body = split_about(search_body)
    if max(len(body), len(search_body)) > max_chars:
        warnings.append(
            f"{rel}: {len(body) // 1024} KB of text; only the first {max_chars // 1024} KB "
            "are searchable (index.max_note_kb)"
        )
        body, search_body = _cut(body, max_chars), _cut(search_body, max_chars)
    note_type = note.type
    if note_type is NoteType.SESSION and not is_session_log(note):
        note_type = NoteType.NOTE  # `type: session` on a clipping or a person's note
    level, scope = note.level, note.scope
    if note.type is NoteType.MEMORY:
        # A person may drag a memory to another level's folder in Obsidian: the folder wins,
        # so search --level and USER.md agree with what the person sees.
        level = effective_level(note)
    row = NoteRow(
        rel=rel,
        type=note_type.value,
        title=note.title,
        agent=note.agent,
        session_id=note.session_id,
        project=note.project,
        level=level.value if level else "",
        scope=scope.value if scope else "",
        status=note.status,
        # UTC in the index whatever offset the note carries: one order across zones.
        created=timestamp.utc_key(note.created) or _named(rel, note.title),
        updated=timestamp.utc_key(note.updated),
        priority=note.priority,
        mtime_ns=mtime_ns,
        size=size,
        sha256=hashlib.sha256(raw).hexdigest(),
        # ASCII JSON: YAML may carry lone surrogates, which SQLite's UTF-8 cannot store.
        props=json.dumps(note.props, sort_keys=True, default=str),
        body=body,
        warning=note.warning,
        keywords=" ".join((_stem(rel), *note.aliases, *_declared_tags(note.props.get("tags")))),
        about=" ".join(about_parts),
        search_body=search_body,
        events=events,
        racy=racy,
    )
    return row, warnings


def about(body: str, headings: int | None = None, lead_chars: int | None = None) -> list[str]:
    """A note's headings and lead paragraph: where it says what it is about."""
    return split_about(body, headings, lead_chars)[0]


def split_about(
    body: str, headings: int | None = None, lead_chars: int | None = None
) -> tuple[list[str], str]:
    """(a note's headings and lead paragraph, the rest of its body).

    The first part is the `about` column (BM25 weight 2 for plain words, storage/index.py
    WEIGHTS_ANY), so a question worded like a note's headings or its first sentences finds
    that note before one that only mentions the words further down. It is moved out of the
    body column, not copied: FTS5's BM25 normalises by the length of the whole row, and a copy
    would make every note longer than the events it is ranked against. A lead longer than
    `lead_chars` is cut at a space (or between CJK characters); its remainder stays in the
    body. A line scan, not a CommonMark parse (a rebuild reads every note): a `#` line inside a
    fenced code block is not a heading here either.
    """
    headings = ABOUT_HEADINGS if headings is None else headings
    lead_chars = ABOUT_LEAD_CHARS if lead_chars is None else lead_chars
    heads: list[str] = []
    lead: list[str] = []
    rest: list[str] = []
    lead_at = -1  # where in `rest` the lead stood
    fence = ""
    lead_done = not lead_chars
    for line in body.splitlines():
        stripped = line.strip()
        if fence:
            if stripped.startswith(fence):
                fence = ""
            rest.append(line)
            continue
        if stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
            lead_done = lead_done or bool(lead)
            rest.append(line)
            continue
        match = _HEADING.match(line)
        if match:
            lead_done = lead_done or bool(lead)
            if len(heads) < headings:
                heads.append(match.group(1).strip().rstrip("#").strip())
                continue
        elif not lead_done:
            if stripped:
                if not lead:
                    lead_at = len(rest)
                lead.append(stripped)
                continue
            if lead:
                lead_done = True
        rest.append(line)
    text = " ".join(lead)
    if len(text) > lead_chars:
        cut = text.rfind(" ", 0, lead_chars + 1)
        if cut < lead_chars // 2:
            cut = lead_chars
        text, remainder = text[:cut].rstrip(), text[cut:].lstrip()
        rest.insert(lead_at, remainder)
    return [*heads, *([text] if text else [])], "\n".join(rest)


def _stem(rel: str) -> str:
    name = rel.rpartition("/")[2]
    return name[:-3] if name.lower().endswith(".md") else name


def _declared_tags(value: object) -> list[str]:
    """Tags from the frontmatter only: inline #tags are in the body text, indexed already."""
    if isinstance(value, list):
        return [str(v).lstrip("#") for v in value if v is not None]
    return [t.lstrip("#") for t in str(value).replace(",", " ").split()] if value else []


def _named(rel: str, title: str) -> str:
    """A note with no date property is dated by a date in its file name or title (a daily note,
    `2027-04-12 tide 数据版本管理.md`) before its file's time, which a checkout or a sync sets
    to the moment it ran: two such notes checked out together were ordered by seconds of that."""
    found = timestamp.named_day(rel.rsplit("/", 1)[-1]) or timestamp.named_day(title)
    return f"{found}T00:00:00" if found else ""
