"""What hybrid search embeds: a note cut into units (storage/vectors/store.py stores them).

Every note is cut at its headings into sections (storage/outline.py, markdown-it-py), each a
unit "title / section text" of at most `CHUNK_CHARS`; a whole-note model (`WHOLE_NOTE_MODELS`)
gets one unit per note instead. Every event of a session note is a unit of its own. A unit
belongs to the result it would be shown as (engine group key): `session:<id>` for a session's
events and its summary, `note:<path>` otherwise.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from vaultsync.core.text import unsegment
from vaultsync.storage import recall_rows
from vaultsync.storage.index import Index

CHUNK_CHARS = 1200  # a unit's text is cut here: static embeddings average tokens, long is blurry
UNITS_VERSION = 3  # bump when `note_units` cuts notes differently
# Models that get one unit per note (its title and start, cut by the model) instead of one per
# section: a transformer's cost grows with every token it reads, a static model's hardly.
WHOLE_NOTE_MODELS = {"e5"}
WHOLE_NOTE_CHARS = 2400  # a whole-note unit's text before the model cuts it to its tokens
_MEMBER_TYPES = frozenset({"session", "event", "summary"})


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
                # An event that says nothing past its heading (a session's start or end, a turn
                # that ended on a tool call) is no unit: "10:00:00 · session start" alone came
                # back for any question about when something happens.
                if text.partition("\n")[2].strip():
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
