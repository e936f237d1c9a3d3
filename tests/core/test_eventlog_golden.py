"""Session notes in both forms, as files: the older fenced `key: value` blocks and the form
written now (a heading, one fields line, texts as fenced blocks). Regenerate new-form.md after
a deliberate change with `UPDATE_GOLDEN=1 pytest tests/core/test_eventlog_golden.py`."""

from __future__ import annotations

import json
import os
from pathlib import Path

from vaultsync.core import eventlog
from vaultsync.core.model import Event, EventKind

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "eventlog"


def expected() -> list[Event]:
    rows = json.loads((GOLDEN / "events.json").read_text(encoding="utf-8"))
    return [
        Event(**{**row, "kind": EventKind(row["kind"]), "files": tuple(row["files"])})
        for row in rows
    ]


def test_the_older_form_still_parses() -> None:
    text = (GOLDEN / "old-form.md").read_text(encoding="utf-8")
    assert eventlog.parse_all(text) == (expected(), [])


def test_the_form_written_now_is_the_golden_file() -> None:
    old = (GOLDEN / "old-form.md").read_text(encoding="utf-8")
    text = old[: old.index("\n### ")] + "".join(eventlog.render(e) for e in expected())
    if os.environ.get("UPDATE_GOLDEN"):
        (GOLDEN / "new-form.md").write_text(text, encoding="utf-8")
    assert (GOLDEN / "new-form.md").read_text(encoding="utf-8") == text
    assert eventlog.parse_all(text) == (expected(), [])
    # Machine fields on one line per event, out of sight: no `key: value` line is left.
    assert text.count(eventlog.MARKER) == len(expected()) and "\nid: " not in text


def test_a_note_with_both_forms_reads_in_order() -> None:
    old = (GOLDEN / "old-form.md").read_text(encoding="utf-8")
    new = (GOLDEN / "new-form.md").read_text(encoding="utf-8")
    events = expected()
    mixed = old + new[new.index("\n### ") :]
    assert eventlog.parse(mixed) == events + events
    spans = eventlog.spans(mixed)
    assert len(spans) == 2 * len(events)
    for (start, end, raw), event in zip(spans, events + events, strict=True):
        assert isinstance(raw, dict) and raw["id"] == event.id
        assert mixed[start:end].startswith("### ")  # the heading belongs to its event
    assert eventlog.strip(mixed).strip().endswith("# claude-code session 5f2c9a7e — blog-pipeline")


def test_asdict_matches_the_golden_rows() -> None:
    rows = json.loads((GOLDEN / "events.json").read_text(encoding="utf-8"))
    for event, row in zip(expected(), rows, strict=True):
        got = {name: getattr(event, name) for name in Event.FIELDS}
        got["kind"], got["files"] = event.kind.value, list(event.files)
        assert got == row
