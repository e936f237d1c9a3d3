"""Review: the person's decisions on what the learning loop proposed.

Nothing reaches L2 or L3 without a person. `pending` lists what waits: L1 candidates, promotion
suggestions (a memory that later sessions repeated `review.suggest_reinforced` times since it was
last reviewed) and sessions held as `privacy_deferred`. The decisions:

- approve (L1 -> L2), promote (one level up), demote (one level down): the note moves to its new
  level's folder AND gets the matching `level`, `status`, `reviewed` and tags, so the folder and
  the property never disagree after a review;
- edit: the fact's text (and title) is replaced, its properties kept;
- reject: `status: rejected`, then moved to `archive/<date>/` (never deleted). The learning loop
  still reads rejected memories there, so the same fact does not come back as a new candidate;
- release (privacy_deferred -> pending) and skip (-> skipped) for sessions: never deleted.

Every change goes through `core.writer` (`rewrite`, `move`) and ends with `reconcile.reconcile` on
the paths it touched, which regenerates USER.md and AGENT.md when memories changed.

The same decisions made in Obsidian (a drag to another level folder, an edited `level`
property) are aligned by `services.levels`, which the watcher runs.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vaultsync.core import paths, properties, schema, timestamp, writer
from vaultsync.core.config import Config
from vaultsync.core.errors import Exit, VaultsyncError
from vaultsync.core.model import Level, NoteType, SessionStatus
from vaultsync.services.derived import reconcile
from vaultsync.services.learning import supersession, usage
from vaultsync.services.learning.levels import as_int, set_level
from vaultsync.storage import memory, vault_files
from vaultsync.storage.memory import Memory, effective_level, folder_level
from vaultsync.storage.note import Note, NoteReadError, read_note

HEAD_BYTES = 16 * 1024


class ReviewError(VaultsyncError):
    """A decision cannot be made as asked; nothing was changed."""

    def __init__(self, message: str, *, not_found: bool = False) -> None:
        super().__init__(message, exit_code=Exit.NOT_FOUND if not_found else None)
        self.not_found = not_found


def _now() -> dt.datetime:
    return timestamp.now()


# ---------------------------------------------------------------- what waits for review


@dataclass(frozen=True)
class HeldSession:
    rel: str
    agent: str
    project: str
    created: str
    reason: str

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class Pending:
    candidates: tuple[Memory, ...]
    promotions: tuple[Memory, ...]
    privacy_deferred: tuple[HeldSession, ...]
    warnings: tuple[str, ...] = ()
    suggestions: dict[str, str] = dataclasses.field(default_factory=dict)  # rel -> action
    sync_conflicts: tuple[Memory, ...] = ()  # edited on two machines: both texts in the note
    # candidate rel -> the older memories it would supersede or duplicate (both texts, dates)
    competing: dict[str, tuple[supersession.Conflict, ...]] = dataclasses.field(
        default_factory=dict
    )
    # injected into agents' context many times and never used: offered for archiving
    unused: tuple[Memory, ...] = ()

    @property
    def empty(self) -> bool:
        return not (
            self.candidates
            or self.promotions
            or self.privacy_deferred
            or self.sync_conflicts
            or self.unused
        )

    def _dict(self, m: Memory) -> dict[str, Any]:
        return memory_dict(m, self.suggestions.get(m.rel, ""))

    def as_dict(self) -> dict[str, Any]:
        return {
            "candidates": [
                {
                    **memory_dict(m, self.suggestions.get(m.rel, "")),
                    "conflicts": [c.as_dict() for c in self.competing.get(m.rel, ())],
                }
                for m in self.candidates
            ],
            "promotions": [
                memory_dict(m, self.suggestions.get(m.rel, "")) for m in self.promotions
            ],
            "privacy_deferred": [s.as_dict() for s in self.privacy_deferred],
            "sync_conflicts": [memory_dict(m) for m in self.sync_conflicts],
            "unused": [memory_dict(m, "archive") for m in self.unused],
            "warnings": list(self.warnings),
        }


def memory_dict(m: Memory, suggestion: str = "") -> dict[str, Any]:
    """A memory as `review --json` shows it."""
    return {
        "rel": m.rel,
        "title": m.title,
        "text": m.detail or m.title,  # a body that only repeated its title has no detail
        "level": m.level.value,
        "scope": m.scope.value if m.scope else "",
        "project": m.project,
        "status": m.status,
        "reinforced": m.reinforced,
        "since_review": m.since_review,
        "created": m.created,
        "suggestion": suggestion,
        "supersedes": list(m.supersedes),
        "superseded_by": list(m.superseded_by),
        "recalled": m.recalled,
        "used": m.used,
    }


def suggestion(m: Memory, threshold: int) -> str:
    """ "approve" or "promote" when later sessions keep repeating a memory since its review."""
    if m.since_review >= threshold and m.state not in ("rejected", "archived", "retired"):
        return {Level.L1: "approve", Level.L2: "promote"}.get(m.level, "")
    return ""


def load_memories(vault: Path, config: Config) -> tuple[list[Memory], dict[str, str], list[str]]:
    """Every memory note under memories/ (archive/ is out of review), the suggestion for each
    one that has one, and warnings."""
    threshold = max(1, as_int(config.get("review", "suggest_reinforced")))
    found, warnings = memory.load_memories(vault)
    suggested = {m.rel: s for m in found if (s := suggestion(m, threshold))}
    return found, suggested, warnings


def held_sessions(vault: Path) -> tuple[list[HeldSession], list[str]]:
    """privacy_deferred sessions, from the queue markers, each confirmed by its note."""
    from vaultsync.core.queue import markers, preflight, set_marker

    preflight(vault)  # rebuilds the markers on a machine that has none yet
    found: list[HeldSession] = []
    warnings: list[str] = []
    for status, rel in markers(vault):
        if status != SessionStatus.PRIVACY_DEFERRED.value or not rel:
            continue
        head = _head(vault, rel)
        if head is None:
            warnings.append(f"{rel}: in the queue but missing from the vault")
            continue
        actual = SessionStatus.parse(properties.get_scalar(head, "status"))
        if actual is not SessionStatus.PRIVACY_DEFERRED:
            set_marker(vault, rel, actual)  # stale: another machine decided already
            continue
        found.append(_held(rel, head))
    found.sort(key=lambda s: (Path(s.rel).name, s.rel))
    return found, warnings


def _head(vault: Path, rel: str) -> str | None:
    try:
        return vault_files.read_bytes(vault, rel, limit=HEAD_BYTES).decode("utf-8", "replace")
    except (OSError, ValueError):  # gone, a link or a FIFO, or a path that leaves the vault
        return None


def _held(rel: str, head: str) -> HeldSession:
    def get(key: str) -> str:
        return properties.get_scalar(head, key) or ""

    reason = get("deferred_reason")
    if not reason:
        parts = []
        if as_int(get("redactions")):
            parts.append(f"{get('redactions')} secrets redacted")
        if as_int(get("injections")):
            parts.append(f"{get('injections')} prompt-injection flags")
        reason = ", ".join(parts) or "held for a person's review"
    return HeldSession(rel, get("agent"), get("project"), get("created"), reason)


def pending(vault: Path, config: Config) -> Pending:
    memories, suggested, warnings = load_memories(vault, config)
    candidates = [m for m in memories if m.level is Level.L1 and m.state in ("", "candidate")]
    candidates.sort(key=lambda m: (-m.reinforced, m.created, m.rel))
    promotions = sorted(
        (m for m in memories if m.rel in suggested), key=lambda m: (-m.since_review, m.rel)
    )
    sessions, more = held_sessions(vault)
    # `vaultsync sync` marks a memory two machines rewrote: both texts wait in the note.
    conflicts = tuple(
        m for m in memories if properties.get_scalar(_head(vault, m.rel) or "", "sync_conflict")
    )
    competing = {
        m.rel: found for m in candidates if (found := tuple(supersession.conflicts(m, memories)))
    }
    return Pending(
        tuple(candidates),
        tuple(promotions),
        tuple(sessions),
        (*warnings, *more),
        suggested,
        conflicts,
        competing,
        tuple(
            m for m in usage.unused(memories) if m.level is not Level.L1 and supersession.live(m)
        ),
    )


# ---------------------------------------------------------------- finding what a person named


def _as_rel(vault: Path, ref: str) -> str | None:
    """The note `ref` names as a path, through the vault boundary: a path that leaves the vault
    (`../x.md`, an absolute path elsewhere, a symlink out) is refused, never followed."""
    looks_like_path = "/" in ref or os.sep in ref or ref.lower().endswith(".md")
    try:
        rel = vault_files.resolve(vault, ref)
    except vault_files.OutsideVault as exc:
        if not looks_like_path:
            return None  # a title with odd characters: matched by name below
        raise ReviewError(
            f"{exc}; review only decides on notes inside the vault", not_found=True
        ) from None
    if not rel.lower().endswith(".md"):
        rel += ".md"
    if vault_files.kind(vault, rel) != vault_files.FILE or not paths.is_note(rel):
        return None
    return rel


def _pick(ref: str, choices: dict[str, str], what: str) -> str:
    """The one choice (rel -> searchable name) that `ref` names: exact, else a unique part."""
    needle = ref.strip().lower()
    exact = [
        rel for rel, name in choices.items() if needle in (name.lower(), Path(rel).stem.lower())
    ]
    if len(exact) == 1:
        return exact[0]
    partial = exact or [
        rel
        for rel, name in choices.items()
        if needle and (needle in rel.lower() or needle in name.lower())
    ]
    if len(partial) == 1:
        return partial[0]
    if not partial:
        raise ReviewError(f"no {what} matches {ref!r}", not_found=True)
    shown = ", ".join(sorted(partial)[:5])
    raise ReviewError(f"{ref!r} matches {len(partial)} {what} notes ({shown}); give the path")


def find_memory(vault: Path, ref: str) -> str:
    rel = _as_rel(vault, ref)
    if rel is not None:
        return rel
    choices: dict[str, str] = {}
    for found in memory.memory_rels(vault):
        head = _head(vault, found) or ""
        title = re.search(r"^# +(.+?)\s*$", head, re.MULTILINE)
        choices[found] = title.group(1) if title else Path(found).stem
    return _pick(ref, choices, "memory")


def find_session(vault: Path, ref: str) -> str:
    rel = _as_rel(vault, ref)
    if rel is not None:
        return rel
    sessions, _ = held_sessions(vault)
    choices = {}
    for s in sessions:
        head = _head(vault, s.rel) or ""
        choices[s.rel] = properties.get_scalar(head, "session_id") or Path(s.rel).stem
    return _pick(ref, choices, "privacy_deferred session")


# ---------------------------------------------------------------- decisions


@dataclass(frozen=True)
class Decision:
    action: str
    source: str
    target: str  # where the note is now (the same path unless it moved)
    level_from: str = ""
    level_to: str = ""
    status: str = ""
    generated: tuple[str, ...] = ()  # USER.md / AGENT.md rewritten by the reconcile
    warnings: tuple[str, ...] = ()
    status_from: str = ""  # a session's status before the decision
    superseded: tuple[str, ...] = ()  # older memories this decision marked `superseded_by`
    also: tuple[str, ...] = ()  # other notes the decision rewrote
    commit: str = ""  # the git commit that holds the decision (services/vault/decision.py)

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def _read_memory(vault: Path, rel: str) -> Note:
    try:
        note = read_note(vault, rel)
    except FileNotFoundError:
        raise ReviewError(f"{rel}: no such note", not_found=True) from None
    except NoteReadError as exc:
        raise ReviewError(str(exc)) from exc
    if note.warning:
        raise ReviewError(f"{rel}: {note.warning}; fix its properties first (nothing was changed)")
    if note.type is not NoteType.MEMORY:
        raise ReviewError(f"{rel} is a {note.type.value} note, not a memory")
    if rel.startswith(paths.ARCHIVE_DIR + "/"):
        raise ReviewError(f"{rel} is archived; move it back under memories/ to review it")
    return note


def _reconcile(
    vault: Path, config: Config, rels: Iterable[str]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(generated files, warnings): a failed index update never undoes a decision."""
    try:
        report = reconcile.reconcile(vault, config, list(rels))
    except (reconcile.ReconcileError, OSError, TimeoutError) as exc:
        return (), (f"the index was not updated ({exc}); run `vaultsync rebuild`",)
    return report.generated, report.error_messages


def _decide_level(
    vault: Path, config: Config, ref: str, action: str, step: int, now: dt.datetime | None
) -> Decision:
    rel = find_memory(vault, ref)
    note = _read_memory(vault, rel)
    current = effective_level(note)
    if note.status.lower() == "rejected":
        raise ReviewError(f"{rel} was rejected; edit its status in Obsidian to revive it")
    declared, by_folder = note.level, folder_level(rel)
    if declared is not None and by_folder is not None and declared is not by_folder:
        # A decision was cut short after the move (set_level moves first) or a person dragged
        # the note: the folder wins. If it already is where this decision leads, finish it
        # instead of deciding twice (a rerun after a kill must not demote again).
        wanted = declared.rank + step
        if wanted == by_folder.rank and not (action == "approve" and declared is not Level.L1):
            target = set_level(vault, rel, by_folder, now or _now())
            done = (declared.value, by_folder.value, schema.MEMORY_STATUS[by_folder])
            return Decision(action, rel, target, *done, *_reconcile(vault, config, {rel, target}))
    rank = current.rank + step
    if action == "approve" and current is not Level.L1:
        raise ReviewError(f"{rel} is already {current.value}; use promote or demote")
    if not 1 <= rank <= 3:
        limit = "the core level (L3)" if step > 0 else "a candidate (L1); use reject to drop it"
        raise ReviewError(f"{rel} is already {limit}")
    level = Level(f"L{rank}")
    target = set_level(vault, rel, level, now or _now())
    marked: list[str] = []
    if level is not Level.L1:
        # Approved: the older memories it states a newer value for stop being in force.
        memories, _ = memory.load_memories(vault)
        marked = supersession.apply_approved(vault, target, memories, now or _now())
    generated, warnings = _reconcile(vault, config, {rel, target, *marked})
    return Decision(
        action,
        rel,
        target,
        current.value,
        level.value,
        schema.MEMORY_STATUS[level],
        generated,
        warnings,
        superseded=tuple(r for r in marked if r != target),
    )


def keep(vault: Path, config: Config, ref: str, *, now: dt.datetime | None = None) -> Decision:
    """Reverse a supersession: the memory is in force again beside the newer one (the pair is
    remembered, so it is not marked again by itself)."""
    rel = find_memory(vault, ref)
    note = _read_memory(vault, rel)
    if not memory.superseded(note):
        raise ReviewError(f"{rel} is not superseded; nothing to keep")
    level = effective_level(note)
    touched = supersession.unmark(vault, rel, level, now or _now())
    generated, warnings = _reconcile(vault, config, {rel, *touched})
    status = schema.MEMORY_STATUS[level]
    also = tuple(r for r in touched if r != rel)
    return Decision(
        "keep", rel, rel, level.value, level.value, status, generated, warnings, also=also
    )


def approve(vault: Path, config: Config, ref: str, *, now: dt.datetime | None = None) -> Decision:
    """L1 candidate -> L2 confirmed."""
    return _decide_level(vault, config, ref, "approve", +1, now)


def promote(vault: Path, config: Config, ref: str, *, now: dt.datetime | None = None) -> Decision:
    """One level up (L1 -> L2, L2 -> L3)."""
    return _decide_level(vault, config, ref, "promote", +1, now)


def demote(vault: Path, config: Config, ref: str, *, now: dt.datetime | None = None) -> Decision:
    """One level down (L3 -> L2, L2 -> L1)."""
    return _decide_level(vault, config, ref, "demote", -1, now)


def reject(vault: Path, config: Config, ref: str, *, now: dt.datetime | None = None) -> Decision:
    """Mark the memory rejected and move it to archive/<date>/ (never deleted)."""
    return _retire(vault, config, ref, "reject", "rejected", "rejected in review", now)


def archive(vault: Path, config: Config, ref: str, *, now: dt.datetime | None = None) -> Decision:
    """Retire a memory that no longer earns its tokens: `status: archived`, moved to
    archive/<date>/ (never deleted). Unlike a rejected one, it may come back if learned again."""
    return _retire(vault, config, ref, "archive", "archived", "archived in review", now)


def _retire(
    vault: Path,
    config: Config,
    ref: str,
    action: str,
    status: str,
    why: str,
    now: dt.datetime | None,
) -> Decision:
    from vaultsync.services.learning.archive import move_note

    now = now or _now()
    rel = find_memory(vault, ref)
    note = _read_memory(vault, rel)
    when = timestamp.format(now)
    writer.rewrite(
        vault / rel,
        lambda text: properties.set_properties(
            text, {"status": status, "updated": when, "reviewed": when[:10]}
        ),
        lock_file=paths.lock_path(vault, rel),
    )
    moved = move_note(vault, rel, why, now)
    generated, warnings = _reconcile(vault, config, {rel, moved.target})
    level = effective_level(note).value
    return Decision(action, rel, moved.target, level, level, status, generated, warnings)


def edit(
    vault: Path,
    config: Config,
    ref: str,
    text: str,
    *,
    title: str | None = None,
    now: dt.datetime | None = None,
) -> Decision:
    """Replace the fact (the body after the frontmatter); its properties and level stay."""
    from vaultsync.services.learning import learned_notes
    from vaultsync.services.learning.learned_notes import fact_title

    fact = " ".join(text.split()) if "\n" not in text.strip() else text.strip()
    if not fact:
        raise ReviewError("the new text is empty; use reject to drop a memory")
    rel = find_memory(vault, ref)
    note = _read_memory(vault, rel)
    heading = " ".join((title or fact_title(fact)).split())
    when = timestamp.format(now or _now())

    def change(current: str) -> str:
        yaml_text, body = properties.split_frontmatter(current)
        head = "" if yaml_text is None else current[: len(current) - len(body)]
        updated = properties.set_properties(head, {"updated": when, "edited": when[:10]})
        return updated + learned_notes.replace_fact(body, heading, fact)

    writer.rewrite(vault / rel, change, lock_file=paths.lock_path(vault, rel))
    generated, warnings = _reconcile(vault, config, {rel})
    level = effective_level(note).value
    return Decision("edit", rel, rel, level, level, note.status, generated, warnings)


def _session_decision(
    vault: Path,
    config: Config,
    ref: str,
    action: str,
    status: SessionStatus,
    allowed: tuple[SessionStatus, ...],
    extra: dict[str, Any],
    now: dt.datetime | None,
) -> Decision:
    from vaultsync.core.queue import set_status

    rel = find_session(vault, ref)
    head = _head(vault, rel)
    if head is None:
        raise ReviewError(f"{rel}: no such session note", not_found=True)
    current = SessionStatus.parse(properties.get_scalar(head, "status"))
    if current not in allowed:
        names = " or ".join(s.value for s in allowed)
        raise ReviewError(f"{rel} is {current.value if current else 'unassessed'}, not {names}")
    when = timestamp.format(now or _now())
    set_status(vault, rel, status, {"status": status.value, **extra, "reviewed": when[:10]})
    generated, warnings = _reconcile(vault, config, {rel})
    return Decision(
        action,
        rel,
        rel,
        status=status.value,
        generated=generated,
        warnings=warnings,
        status_from=current.value if current else "",
    )


def release(vault: Path, config: Config, ref: str, *, now: dt.datetime | None = None) -> Decision:
    """A privacy_deferred session goes back to the queue (pending) for the next learn run."""
    return _session_decision(
        vault,
        config,
        ref,
        "release",
        SessionStatus.PENDING,
        (SessionStatus.PRIVACY_DEFERRED,),
        {"deferred_reason": ...},
        now,
    )


def skip(vault: Path, config: Config, ref: str, *, now: dt.datetime | None = None) -> Decision:
    """The session stays in the vault, searchable, but is never learned from."""
    return _session_decision(
        vault,
        config,
        ref,
        "skip",
        SessionStatus.SKIPPED,
        (SessionStatus.PRIVACY_DEFERRED, SessionStatus.PENDING, SessionStatus.DEFERRED),
        {"skipped_reason": "discarded from learning by a person"},
        now,
    )
