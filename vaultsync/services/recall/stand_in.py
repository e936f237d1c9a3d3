"""A note whose status line says it was superseded ("Status: superseded by ADR 0012":
core/hook/status_line.py) is replaced: the engine demotes it, and never puts it first among a
decision's answers (services/recall/engine.py). The note it names stands in for it, scored as
the old record was, and holding what it held of the question (`STATUS_STAND_IN`; prompt recall
hands the named note over in its place: core/hook/recall_search.status_successor)."""

from __future__ import annotations

from vaultsync.core.hook.status_line import named_note, says_superseded
from vaultsync.storage import recall_rows as rows
from vaultsync.storage.index import Index
from vaultsync.storage.recall_rows import Candidate

STATUS_STAND_IN = True
_NOT_NOTES = ("event", "session")


def superseded(index: Index, candidates: list[Candidate]) -> set[str]:
    """The candidates' notes whose status line says they were superseded."""
    notes = {c.rowid: c.rel for c in candidates if c.type not in _NOT_NOTES}
    if not notes:
        return set()
    texts = rows.texts(index, list(notes))
    return {rel for rowid, rel in notes.items() if says_superseded(texts.get(rowid, ""))}


def stand_ins(
    index: Index,
    candidates: list[Candidate],
    replaced: frozenset[str] | set[str],
    stand_for: dict[str, str],
) -> list[Candidate]:
    """`candidates` with the note a replaced note's status line names beside it, scored as it
    was (or, found already, at the better of the two scores): the record in force answers
    what the old one matched. `stand_for` gets each stand-in's path -> the path of the note
    it stands in for."""
    if not STATUS_STAND_IN or not replaced:
        return candidates
    gone = [c for c in candidates if c.rel in replaced and c.type not in _NOT_NOTES]
    if not gone:
        return candidates
    texts = rows.texts(index, [c.rowid for c in gone])
    out = list(candidates)
    for c in gone:
        rel = named_note(index.conn, c.title + "\n" + texts.get(c.rowid, ""), c.rel)
        if not rel or rel in replaced:
            continue
        stand_for.setdefault(rel, c.rel)
        at = next((i for i, o in enumerate(out) if o.rel == rel), None)
        if at is not None:
            if c.bm25 < out[at].bm25:  # lower is better
                out[at] = out[at]._replace(bm25=c.bm25)
            continue
        made = rows.note_candidate(index, rel, c.bm25)
        if made is not None:
            out.insert(out.index(c), made)
    return out
