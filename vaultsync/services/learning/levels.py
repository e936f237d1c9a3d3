"""A memory's level lives in two places, its folder and its `level` property; this module
changes both together and, after a person changed one of them in Obsidian, the other.

`set_level` is the one way vaultsync changes a level: the note moves to the level's folder
(`writer.move`) and its `level`, `status`, `reviewed` and `memory/Lx` tag are rewritten
(`writer.rewrite`). The move comes first: should the rewrite then fail, the folder (which wins,
see `storage.memory.effective_level`) already says what was decided.

`reconcile_with_levels` is `reconcile.reconcile` for the watcher, after `align_levels`: a memory
dragged to another level folder gets that folder's `level`; a memory whose `level` property a
person edited moves to that level's folder. Which half the person changed is read from the
index, which still holds the note as it was before the edit: a path the index does not know was
moved there (the folder wins); a known path whose indexed `level` differs from the file's had its
property edited (the property wins).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import os
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from vaultsync.core import paths, properties, schema, timestamp, writer
from vaultsync.core.config import Config
from vaultsync.core.model import Level, NoteType
from vaultsync.services.derived import reconcile
from vaultsync.storage import vault_files
from vaultsync.storage.memory import folder_level
from vaultsync.storage.note import NoteReadError, parse_note, read_note

_LEVEL_TAG = re.compile(r"^memory/L[123]$")


def as_int(value: object) -> int:
    """A count from a property a person may have typed anything into."""
    try:
        return int(str(value)) if value is not None else 0
    except ValueError:
        return 0


def free_rel(vault: Path, folder: str, name: str) -> str:
    """`folder/name`, or `folder/name (2).md`... when a different note already has that name."""
    rel = f"{folder}/{name}"
    stem, ext = os.path.splitext(name)
    n = 2
    while (vault / rel).exists():
        rel = f"{folder}/{stem} ({n}){ext}"
        n += 1
    return rel


def _level_change(level: Level, now: dt.datetime) -> Callable[[str], str | None]:
    def change(text: str) -> str | None:
        props = parse_note("x.md", text).props
        updates = schema.memory_review_props(
            level=level, reviewed=timestamp.format(now), reinforced=as_int(props.get("reinforced"))
        )
        tags = props.get("tags")
        if isinstance(tags, list):
            # The level tag is swapped where it stands; a note without one gets none added.
            wanted = f"memory/{level.value}"
            swapped = [wanted if _LEVEL_TAG.match(str(t)) else str(t) for t in tags]
            updates["tags"] = list(dict.fromkeys(swapped))
        return properties.set_properties(text, updates)

    return change


def set_level(vault: Path, rel: str, level: Level, now: dt.datetime) -> str:
    """Move a memory to `level`'s folder and set its properties to match; its new rel.

    The move comes first: if the property write then failed, the folder (which wins) would
    still say what the person decided. A memory a person keeps outside memories/ (a folder of
    their own) stays where they put it: there its `level` property alone says the level.
    """
    folder = paths.LEVEL_DIRS[level]
    target = rel
    if rel.startswith(paths.MEMORIES_DIR + "/") and not rel.startswith(folder + "/"):
        target = free_rel(vault, folder, Path(rel).name)
        writer.move(paths.inside(vault, vault / rel), paths.inside(vault, vault / target))
    writer.rewrite(
        vault / target, _level_change(level, now), lock_file=paths.lock_path(vault, target)
    )
    return target


# ---------------------------------------------------------------- edits made in Obsidian


def _level_files(vault: Path) -> dict[str, tuple[int, int]]:
    """Every note in the three level folders: rel -> (mtime_ns, size)."""
    found: dict[str, tuple[int, int]] = {}
    for folder in paths.LEVEL_DIRS.values():
        found.update(vault_files.walk(vault, folder).files)
    return found


def _open_index(config: Config) -> Any:
    from vaultsync.storage.index import Index, IndexFailure

    index_file = config.index_file()
    if not index_file.exists():
        return None
    try:
        return Index.open(index_file)
    except IndexFailure:
        return None  # without the old view every disagreement is settled by the folder


def align_levels(
    vault: Path,
    config: Config,
    rels: Iterable[str] | None = None,
    *,
    now: dt.datetime | None = None,
) -> list[str]:
    """Make folder and `level` agree on memories a person changed; the rels written or moved.

    `rels=None` checks every memory whose file differs from the index. A note whose rel the
    index does not know was moved there (or is new): its folder wins. A note the index knows
    with another `level` property had that property edited: it moves to that level's folder.
    The index is opened only when there is something to compare: a batch without memories
    costs a filter over its paths.
    """
    index = None
    try:
        if rels is None:
            found = _level_files(vault)
            index = _open_index(config) if found else None
            known = index.stats() if index is not None else {}
            todo = [r for r, st in sorted(found.items()) if known.get(r, (0, 0, ""))[:2] != st]
        else:
            todo = [r for r in dict.fromkeys(rels) if folder_level(r) and paths.is_note(r)]
        disagree: list[tuple[str, Level | None, Level]] = []
        for rel in todo:
            try:
                note = read_note(vault, rel)
            except (FileNotFoundError, NoteReadError):
                continue
            by_folder = folder_level(rel)
            if note.warning or note.type is not NoteType.MEMORY or by_folder is None:
                continue  # a broken note is left for the person; the index warns about it
            if note.level is not by_folder:
                disagree.append((rel, note.level, by_folder))
        if disagree and index is None:
            index = _open_index(config)
        touched: list[str] = []
        when = now or timestamp.now()
        for rel, declared, by_folder in disagree:
            old = index.get(rel) if index is not None else None
            old_level = Level.parse(old.props.get("level")) if old is not None else None
            if declared is not None and old is not None and old_level is not declared:
                target = set_level(vault, rel, declared, when)
                touched.extend([rel, target])
            else:
                set_level(vault, rel, by_folder, when)
                touched.append(rel)
    finally:
        if index is not None:
            index.close()
    return list(dict.fromkeys(touched))


def reconcile_with_levels(
    vault: Path, config: Config, rels: Iterable[str] | None = None
) -> reconcile.ReconcileReport:
    """`reconcile.reconcile` for the watcher, after aligning memory levels edited in Obsidian.

    The notes this rewrites or moves are returned in the report's `generated` too: they are
    vaultsync's own writes, which the watcher commits with the batch and does not take for a
    new change when their file events come back.
    """
    from vaultsync.services.learning import memory_record

    wanted = None if rels is None else list(rels)
    problems: list[str] = []
    try:
        # First: a memory an editor re-saved at its old path is merged, reinforcements a stale
        # save erased come back.
        settled = memory_record.settle(vault, wanted)
    except (OSError, TimeoutError, ValueError) as exc:
        settled = []
        problems.append(f"memory updates not re-applied: {exc}")
    if wanted is not None:
        wanted = sorted({*wanted, *settled})
    try:
        touched = [*settled, *align_levels(vault, config, wanted)]
    except (OSError, TimeoutError, ValueError) as exc:  # indexing must go on regardless
        touched = list(settled)
        problems.append(f"memory levels not aligned: {exc}")
    try:
        # An approved memory a person wrote or edited that states a newer value marks the
        # older one superseded (services/learning/supersession.py), once per pair.
        from vaultsync.services.learning import supersession

        scope = None if wanted is None else sorted({*wanted, *touched})
        touched += supersession.settle(vault, scope, timestamp.now())
    except (OSError, TimeoutError, ValueError) as exc:
        problems.append(f"superseded memories not marked: {exc}")
    try:
        # Which memories agents were handed and used (services/learning/usage.py), folded into
        # the notes' counts at most every few minutes: the same batch commits them.
        from vaultsync.services.learning import usage

        touched += usage.fold_due(vault)
    except (OSError, TimeoutError, ValueError) as exc:
        problems.append(f"memory usage not counted: {exc}")
    targets = None if wanted is None else sorted({*wanted, *touched})
    report = reconcile.reconcile(vault, config, targets)
    if not touched and not problems:
        return report
    own = tuple(r for r in touched if (vault / r).exists() and r not in report.generated)
    return dataclasses.replace(
        report,
        generated=(*report.generated, *own),
        warnings=report.warnings + len(problems),
        warning_messages=(*report.warning_messages, *problems),
    )
