"""Keeping the vault light without losing anything: notes move to `archive/<date>/`, never away.

Two things move:
- memories left out of USER.md or AGENT.md for their token budget (what `generate` reports as
  omitted). Only L1 and L2 notes move on their own; L3 is core, so an L3 note that does not fit
  stays where it is and the report says a person has to trim.
- session logs that were summarised more than `learn.archive_sessions_after_days` days ago
  (0 turns this off). Their summaries stay, and the summary's link to the log is pointed at the
  new place so Obsidian's graph and backlinks keep working.

A moved note keeps its path under the dated folder (`archive/2026-11-29/memories/L2-confirmed/
x.md`) and gains `archived` and `archived_reason` properties. Moving it back restores it.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from vaultsync.core import paths, properties, timestamp, writer
from vaultsync.core.config import Config
from vaultsync.core.model import Level, SessionStatus
from vaultsync.storage import vault_files
from vaultsync.storage.memory import effective_level
from vaultsync.storage.note import NoteReadError, read_note

HEAD_BYTES = 16 * 1024  # frontmatter lives at the top: the events below are never read here


@dataclass(frozen=True)
class Move:
    source: str
    target: str
    reason: str

    def as_dict(self) -> dict[str, str]:
        return {"from": self.source, "to": self.target, "reason": self.reason}


@dataclass(frozen=True)
class ArchiveResult:
    moves: tuple[Move, ...] = ()
    held: tuple[str, ...] = ()  # L3 notes over budget, left for a person
    warnings: tuple[str, ...] = ()


def archive_rel(vault: Path, rel: str, day: str) -> str:
    """A free path for `rel` under `archive/<day>/`; a number is added if it is taken."""
    base = f"{paths.ARCHIVE_DIR}/{day}/{rel}"
    candidate, n = base, 2
    while (vault / candidate).exists():
        stem, dot, ext = base.rpartition(".")
        candidate = f"{stem} ({n}).{ext}" if dot else f"{base} ({n})"
        n += 1
    return candidate


def move_note(vault: Path, rel: str, reason: str, now: dt.datetime) -> Move:
    """Mark the note as archived and move it, both under the note's lock."""
    day = timestamp.day(now)
    source = paths.inside(vault, vault / rel)
    lock = paths.lock_path(vault, rel)
    with writer.locked(lock):
        text = source.read_text(encoding="utf-8", errors="surrogateescape")
        marked = properties.set_properties(text, {"archived": day, "archived_reason": reason})
        if marked != text:
            writer.write_atomic(source, marked.encode("utf-8", "surrogateescape"))
        target_rel = archive_rel(vault, rel, day)
        writer.move(source, paths.inside(vault, vault / target_rel))
    return Move(rel, target_rel, reason)


# ---------------------------------------------------------------- budget overflow


def budget_overflow(vault: Path, config: Config) -> tuple[list[tuple[str, str]], list[str]]:
    """([(rel, file it did not fit)] to archive, [L3 rels held]) from a dry generation."""
    from vaultsync.services.derived.generate import generate_from_vault

    generation = generate_from_vault(vault, config, write=False)
    movable: list[tuple[str, str]] = []
    held: list[str] = []
    for name in paths.GENERATED_FILES:
        for rel in generation.omitted(name):
            try:
                note = read_note(vault, rel)
            except (FileNotFoundError, NoteReadError):
                continue
            if effective_level(note) is Level.L3:
                held.append(rel)
            else:
                movable.append((rel, name))
    return movable, held


def archive_overflow(
    vault: Path, config: Config, now: dt.datetime, *, dry_run: bool = False
) -> ArchiveResult:
    movable, held = budget_overflow(vault, config)
    moves: list[Move] = []
    warnings: list[str] = []
    for rel, name in movable:
        reason = f"over the {name} budget"
        if dry_run:
            moves.append(Move(rel, archive_rel(vault, rel, timestamp.day(now)), reason))
            continue
        try:
            moves.append(move_note(vault, rel, reason, now))
        except (OSError, TimeoutError) as exc:
            warnings.append(f"{rel}: not archived: {exc}")
    if held:
        warnings.append(
            f"{len(held)} core (L3) memories do not fit their file's budget; "
            "trim them or raise the budget: " + ", ".join(held)
        )
    return ArchiveResult(tuple(moves), tuple(held), tuple(warnings))


# ---------------------------------------------------------------- old session logs


def _head(path: Path) -> str:
    return vault_files.read_path(path, HEAD_BYTES).decode("utf-8", "replace")


def _session_day(head: str, name: str) -> dt.date | None:
    for key in ("ended", "created", "updated"):
        value = properties.get_scalar(head, key)
        if value and len(value) >= 10:
            try:
                return dt.date.fromisoformat(value[:10])
            except ValueError:
                continue
    try:
        return dt.date.fromisoformat(name[:10])
    except ValueError:
        return None


def old_sessions(vault: Path, days: int, now: dt.datetime) -> list[tuple[str, str]]:
    """[(rel, head)] of summarised session logs last active more than `days` days ago."""
    if days <= 0:
        return []
    root = vault / paths.SESSIONS_DIR
    if not root.is_dir():
        return []
    cutoff = now.date() - dt.timedelta(days=days)
    found = []
    for rel in vault_files.notes(vault, paths.SESSIONS_DIR):
        try:
            head = _head(vault / rel)
        except OSError:
            continue
        if (
            SessionStatus.parse(properties.get_scalar(head, "status"))
            is not SessionStatus.SUMMARIZED
        ):
            continue
        day = _session_day(head, rel.rsplit("/", 1)[-1])
        if day is not None and day < cutoff:
            found.append((rel, head))
    return found


def _relink(vault: Path, summary_link: str, old_rel: str, new_rel: str) -> str | None:
    """Point the summary that links to a moved session at its new path; its rel if changed."""
    target = summary_link.strip()
    if not (target.startswith("[[") and target.endswith("]]")):
        return None
    rel = target[2:-2].split("|", 1)[0] + ".md"
    path = vault / rel
    if not paths.is_note(rel) or not path.is_file():
        return None
    old, new = properties.link(old_rel), properties.link(new_rel)
    changed = writer.rewrite(
        path,
        lambda text: text.replace(old, new) if old in text else None,
        lock_file=paths.lock_path(vault, rel),
    )
    return rel if changed else None


def archive_sessions(
    vault: Path, config: Config, now: dt.datetime, *, dry_run: bool = False
) -> tuple[ArchiveResult, list[str]]:
    """(result, rels of summaries relinked)."""
    try:
        days = int(config.get("learn", "archive_sessions_after_days") or 0)
    except (TypeError, ValueError):
        days = 0
    moves: list[Move] = []
    relinked: list[str] = []
    warnings: list[str] = []
    reason = f"summarised session older than {days} days"
    for rel, head in old_sessions(vault, days, now):
        if dry_run:
            moves.append(Move(rel, archive_rel(vault, rel, timestamp.day(now)), reason))
            continue
        try:
            move = move_note(vault, rel, reason, now)
        except (OSError, TimeoutError) as exc:
            warnings.append(f"{rel}: not archived: {exc}")
            continue
        moves.append(move)
        summary = properties.get_scalar(head, "summary")
        if summary:
            try:
                changed = _relink(vault, summary, rel, move.target)
            except (OSError, TimeoutError) as exc:
                warnings.append(f"{summary}: link to {move.target} not updated: {exc}")
                changed = None
            if changed:
                relinked.append(changed)
    return ArchiveResult(tuple(moves), (), tuple(warnings)), relinked
