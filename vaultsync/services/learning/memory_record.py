"""Tool-maintained memory properties survive a person's stale editor save.

`learn` keeps three properties of a memory up to date: `reinforced` (how many sessions
confirmed it), `sources` (links to them) and `last_seen`. An editor that had the memory open
saves its whole buffer, with the old values, after learn updated them. So every update is also
appended to a record outside the vault (`<state>/memory-updates/<key>.jsonl`, one line per
reinforcement: the source link and the date), and the record is re-applied afterwards by the
watcher (through `levels.reconcile_with_levels`) and by `vaultsync rebuild`: a source the
record holds but the note lacks goes back into `sources`, `reinforced` is at least the number
of reinforcements recorded, `last_seen` at least the latest recorded date. Re-applying is
idempotent, so it is safe to run on every batch.

A memory is keyed by what never changes once it is written, its `session_id`, `created`,
`source` and file name, not by its folder: `review` moves a memory to another level's folder.
If an editor then saves its buffer at the old path, two notes share that key: they are merged
into the one review moved (the newer `updated`; on a tie the higher level), taking the person's
text from the re-saved copy when it differs, and the re-saved copy is moved to the archive,
never deleted.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from vaultsync.core import logs, paths, properties, timestamp, writer
from vaultsync.core.model import Level, NoteType
from vaultsync.storage import vault_files
from vaultsync.storage.note import NoteReadError, parse_note, read_note


def key_of(props: dict[str, Any], rel: str) -> str | None:
    """One session's learn run writes several memories with the same `session_id`, `created`
    and `source`: the file name (which review and a person's drag to another folder keep)
    tells them apart."""
    parts = [str(props.get(k) or "") for k in ("session_id", "created", "source")]
    if not any(parts):
        return None
    return paths.short_hash(*parts, Path(rel).stem, n=16)


def _log(vault: Path, key: str) -> Path:
    return paths.state_dir(vault) / "memory-updates" / f"{key}.jsonl"


def record_reinforcement(vault: Path, rel: str, text: str, source: str, day: str) -> None:
    """Called by learn before it rewrites the memory (`text` as it read it). A text without
    properties was read while an editor was writing the file in place: read it again."""
    key = key_of(parse_note(rel, text).props, rel)
    if key is None:
        raise writer.Retry(rel)
    writer.append_line(_log(vault, key), json.dumps({"source": source, "day": day}))


def records(vault: Path, key: str) -> list[dict[str, str]]:
    return [
        {"source": str(item["source"]), "day": str(item.get("day", ""))}
        for item in logs.records(_log(vault, key))
        if item.get("source")
    ]


def reapply(text: str, recorded: list[dict[str, str]]) -> str | None:
    """`text` with every recorded reinforcement present, or None when nothing is missing."""
    props = parse_note("", text).props
    listed = props.get("sources")
    sources = [str(s) for s in listed] if isinstance(listed, list) else []
    first = str(props.get("source") or "")
    missing = [r["source"] for r in recorded if r["source"] not in sources and r["source"] != first]
    missing = list(dict.fromkeys(missing))
    try:
        count = int(props.get("reinforced") or 0)
    except (TypeError, ValueError):
        count = 0
    wanted = len({r["source"] for r in recorded if r["source"] != first})
    last = str(props.get("last_seen") or "")
    latest = max([last, *(r["day"] for r in recorded)])
    updates: dict[str, Any] = {}
    if missing:
        updates["sources"] = [*sources, *missing]
    if count < wanted:
        updates["reinforced"] = wanted
    if latest and latest != last:
        updates["last_seen"] = latest
    if not updates:
        return None
    return properties.set_properties(text, updates)


def _memory_rels(vault: Path) -> list[str]:
    """Every memory note at its level's folder: the vault walk of `storage.vault_files`
    (a link or a FIFO named like a note is never opened)."""
    found = []
    for level in Level:
        found.extend(vault_files.notes(vault, paths.LEVEL_DIRS[level]))
    return sorted(found)


def settle(vault: Path, rels: Iterable[str] | None = None) -> list[str]:
    """Merge memories an editor re-saved at an old path, then re-apply recorded updates (all
    memories, or those among `rels`). Returns the notes it rewrote, moved or archived."""
    wanted = None if rels is None else {r for r in rels if r.startswith(paths.MEMORIES_DIR)}
    if wanted is not None and not wanted:
        return []
    everything = _memory_rels(vault)
    by_key: dict[str, list[tuple[str, dict[str, Any], str]]] = {}
    for rel in everything:
        try:
            note = read_note(vault, rel)
        except (OSError, NoteReadError):
            continue
        if note.type is not NoteType.MEMORY:
            continue
        key = key_of(note.props, rel)
        if key is not None:
            by_key.setdefault(key, []).append((rel, note.props, note.body))
    touched: list[str] = []
    for key, copies in by_key.items():
        rels_here = {c[0] for c in copies}
        if wanted is not None and not (rels_here & wanted):
            continue
        keep = copies[0][0]
        if len(copies) > 1:
            keep = _merge(vault, copies, touched)
        recorded = records(vault, key)
        if recorded and writer.rewrite(
            vault / keep,
            lambda text, recorded=recorded: reapply(text, recorded),  # type: ignore[misc]
            lock_file=paths.lock_path(vault, keep),
        ):
            touched.append(keep)
    return sorted(set(touched))


def _rank(props: dict[str, Any]) -> tuple[str, int]:
    level = Level.parse(props.get("level"))
    return (str(props.get("updated") or ""), level.rank if level is not None else 0)


def _merge(vault: Path, copies: list[tuple[str, dict[str, Any], str]], touched: list[str]) -> str:
    from vaultsync.services.learning.archive import move_note

    ordered = sorted(copies, key=lambda c: _rank(c[1]), reverse=True)
    keep, _, keep_body = ordered[0]
    for rel, _, body in ordered[1:]:
        if body.strip() != keep_body.strip():
            # The re-saved copy carries what the person typed: its text wins, the kept note's
            # properties (level, review) stay.
            def change(text: str, body: str = body) -> str | None:
                front, rest = properties.split_frontmatter(text)
                if front is None:
                    return None
                return text[: len(text) - len(rest)] + body

            if writer.rewrite(vault / keep, change, lock_file=paths.lock_path(vault, keep)):
                keep_body = body
        moved = move_note(vault, rel, "merged into the memory review moved", timestamp.now())
        touched += [rel, moved.target, keep]
    return keep
