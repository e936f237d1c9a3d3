"""Keeping derived state in step with the vault: `rebuild` from scratch, `reconcile` by change.

Derived state is the index, the learning-queue markers and (through services.generate) USER.md,
AGENT.md and the session-start context files. The vault is the only truth: either function can
be run at any time, in any order, and they end in the same state (tests/services/test_reconcile.py
compares the two after random edits, byte for byte).

Rebuild reads every note once: read, hash, split the frontmatter by hand, YAML through libyaml,
event blocks through `eventlog.parse_all`; no markdown parser on this path. It fills a new
index file and swaps it in only when complete (`index_file.install`), so a crash midway leaves
the old index. Reconcile compares a directory walk with the index by (mtime, size), hashes only what
differs and rewrites a row only if the hash changed.

An unreadable file is never a deletion: reconcile keeps its row and warns. A note whose YAML a
person broke is a warning and is indexed as plain text.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import time
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from vaultsync.core import paths, queue, writer
from vaultsync.core.config import Config
from vaultsync.core.errors import Exit, VaultsyncError
from vaultsync.core.hook import capture
from vaultsync.core.model import NoteType
from vaultsync.services.derived import note_batches
from vaultsync.services.derived.note_batches import RACY_NS
from vaultsync.storage import index_file, vault_files
from vaultsync.storage.index import Index, IndexCorrupt
from vaultsync.storage.index_file import install
from vaultsync.storage.index_file import problem as index_problem
from vaultsync.storage.index_rows import MAX_INDEXED_CHARS, NoteRow, note_row

Progress = note_batches.Progress
_LEARNED = frozenset({NoteType.MEMORY.value, NoteType.SUMMARY.value})
_SESSION = NoteType.SESSION.value
_LOCK_TIMEOUT_S = 300.0
# A reconcile's embedding budget unless its caller names one: `[search] embed_seconds`.
CONFIGURED = "configured"
Seconds = float | str | None


class ReconcileError(VaultsyncError):
    """The vault cannot be reconciled (missing, not a folder); the message says how to fix it."""

    exit_code = Exit.NO_VAULT


@dataclass(frozen=True)
class ReconcileReport:
    notes: int
    events: int
    added: int
    updated: int
    deleted: int
    errors: int
    warnings: int
    seconds: float
    changed_rels: tuple[str, ...]
    memory_changed: bool
    generated: tuple[str, ...]
    moved: int = 0
    error_messages: tuple[str, ...] = ()
    warning_messages: tuple[str, ...] = ()
    embedded: int = 0  # texts the semantic extra's model embedded
    vectors_pending: int = 0  # notes still waiting for vectors ([search] embed_seconds ran out)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["seconds"] = round(self.seconds, 3)
        return data


@dataclass
class _Tally:
    """Mutable bookkeeping while a reconcile runs; frozen into a ReconcileReport at the end."""

    errors: list[str]
    warnings: list[str]
    embedded: int = 0
    vectors_pending: int = 0

    @classmethod
    def new(cls) -> _Tally:
        return cls([], [])


# --- reading the vault ---------------------------------------------------------------------


def walk(vault: Path) -> tuple[dict[str, tuple[int, int]], list[str]]:
    """Every note (rel -> (mtime_ns, size)) and the folders that could not be listed: the
    vault walk of `storage.vault_files` (symlinks and special files are never opened)."""
    found = vault_files.walk(vault)
    return found.files, found.unreadable


def _check_vault(vault: Path) -> None:
    if not vault.is_dir():
        raise ReconcileError(f"vault not found: {vault}")


def _read(vault: Path, rel: str) -> bytes:
    return vault_files.read_bytes(vault, rel)


# --- rebuild -------------------------------------------------------------------------------


def rebuild(
    vault: Path,
    config: Config,
    progress: Progress | None = None,
    *,
    embed_seconds: float | None = None,
) -> ReconcileReport:
    """Regenerate every derived file from the vault: index, queue markers, USER.md, AGENT.md.
    The semantic extra's vectors are all embedded, or for at most `embed_seconds`."""
    started = time.perf_counter()
    _check_vault(vault)
    capture.catch_up(vault, config)  # spooled events and stale-save repairs land first
    with writer.locked(paths.index_lock(vault), _LOCK_TIMEOUT_S):
        return _rebuild(vault, config, progress, started, embed_seconds)


def _rebuild(
    vault: Path, config: Config, progress: Progress | None, started: float, seconds: Seconds
) -> ReconcileReport:
    target = config.index_file()
    target.parent.mkdir(parents=True, exist_ok=True)
    _remove_leftovers(target)
    scan_ns = time.time_ns()
    found = vault_files.walk(vault)
    files, unreadable = found.files, found.unreadable
    tally = _Tally.new()
    tally.errors.extend(f"{d.rstrip('/') or '.'}: folder cannot be read" for d in unreadable)
    tally.warnings.extend(found.warnings())
    statuses: dict[str, str | None] = {}
    built = target.with_name(f"{target.name}.rebuild-{os.getpid()}-{secrets.token_hex(3)}")
    limit = _max_chars(config)
    try:
        with Index.open(built, bulk=True) as fresh:
            index_file.mark_complete(fresh.conn)
            fresh.bulk_load(
                note_batches.batches(
                    vault,
                    sorted(files.items()),
                    scan_ns,
                    (tally.warnings, tally.errors),
                    statuses,
                    progress,
                    limit,
                )
            )
        install(built, target)
    finally:
        built.unlink(missing_ok=True)
    queue.align_markers(vault, statuses, complete=True)
    with Index.open(target) as index:
        generated = _generate(vault, config, index, tally)
        if generated:
            _reconcile(vault, index, generated, tally, {})
        _vectors(vault, config, index, tally, None, seconds)
        notes, events = index.counts()
    return ReconcileReport(
        notes=notes,
        events=events,
        added=notes,
        updated=0,
        deleted=0,
        errors=len(tally.errors),
        warnings=len(tally.warnings),
        seconds=time.perf_counter() - started,
        changed_rels=(),
        memory_changed=True,
        generated=generated,
        error_messages=tuple(tally.errors),
        warning_messages=tuple(tally.warnings),
        embedded=tally.embedded,
        vectors_pending=tally.vectors_pending,
    )


def _max_chars(config: Config) -> int:
    value = config.get("index", "max_note_kb")
    return MAX_INDEXED_CHARS if value is None else max(1, int(value)) * 1024


def _remove_leftovers(target: Path) -> None:
    """Temp files of a rebuild that crashed: never used, only in the way."""
    for stale in target.parent.glob(f"{target.name}.rebuild-*"):
        stale.unlink(missing_ok=True)


# --- reconcile -----------------------------------------------------------------------------


def reconcile(
    vault: Path,
    config: Config,
    rels: Iterable[str] | None = None,
    *,
    embed_seconds: float | None = None,
) -> ReconcileReport:
    """Bring the index up to date with the vault: all of it (rels=None) or exactly `rels`.
    Vectors are embedded for at most `embed_seconds` (default: `[search] embed_seconds`)."""
    seconds: Seconds = CONFIGURED if embed_seconds is None else embed_seconds
    started = time.perf_counter()
    _check_vault(vault)
    # The watcher reconciles through here: spooled events and stale-save repairs land first.
    if rels is not None:
        rels = list(rels)
    capture.catch_up(vault, config, rels)
    with writer.locked(paths.index_lock(vault), _LOCK_TIMEOUT_S):
        target = config.index_file()
        lost = index_problem(target)
        try:
            index = Index.open(target)
        except IndexCorrupt as exc:
            # The index is derived: a damaged one is replaced, never an obstacle.
            return _rebuilt(vault, config, started, f"{exc}; rebuilt it", seconds)
        if lost is not None or not index_file.is_complete(index.conn):
            # Lost, emptied or never built whole: reconciling a few notes into it would leave
            # an index of those notes (search empty, USER.md from one memory). Rebuild it all.
            index.close()
            why = lost or f"the index was not built whole ({target})"
            return _rebuilt(
                vault, config, started, f"{why.split(': run')[0]}; rebuilt it in full", seconds
            )
        with index:
            tally = _Tally.new()
            changes: dict[str, Any] = {}
            _reconcile(vault, index, rels, tally, changes, _max_chars(config))
            generated: tuple[str, ...] = ()
            if changes["memory_changed"]:
                generated = _generate(vault, config, index, tally)
                if generated:
                    _reconcile(vault, index, generated, tally, {})
            changed = bool(changes["changed"] or changes["deleted"] or generated)
            if changed or rels is None:  # a full pass also goes on with notes left waiting
                touched = None if rels is None else [*changes["changed"], *generated]
                _vectors(vault, config, index, tally, touched, seconds, if_behind=not changed)
            notes, events = index.counts()
    return ReconcileReport(
        notes=notes,
        events=events,
        added=changes["added"],
        updated=changes["updated"],
        deleted=changes["deleted"],
        errors=len(tally.errors),
        warnings=len(tally.warnings),
        seconds=time.perf_counter() - started,
        changed_rels=tuple(changes["changed"]),
        memory_changed=changes["memory_changed"],
        generated=generated,
        moved=changes["moved"],
        error_messages=tuple(tally.errors),
        warning_messages=tuple(tally.warnings),
        embedded=tally.embedded,
        vectors_pending=tally.vectors_pending,
    )


def _rebuilt(
    vault: Path, config: Config, started: float, why: str, seconds: Seconds
) -> ReconcileReport:
    report = _rebuild(vault, config, None, started, seconds)
    return replace(
        report,
        warnings=report.warnings + 1,
        warning_messages=(*report.warning_messages, why),
    )


def _candidates(
    vault: Path, known: dict[str, tuple[int, int, str]], rels: Iterable[str] | None, tally: _Tally
) -> tuple[dict[str, tuple[int, int]], list[str]]:
    """(files to compare with the index, rels to delete)."""
    if rels is None:
        found = vault_files.walk(vault)
        files, unreadable = found.files, found.unreadable
        tally.warnings.extend(found.warnings())
        for folder in unreadable:
            tally.warnings.append(
                f"{folder.rstrip('/') or '.'}: folder cannot be read; its notes are kept"
            )
        refused = {rel for rel, _why in found.skipped}  # links, FIFOs: unreadable, kept
        gone = [
            rel
            for rel in known
            if rel not in files
            and rel not in refused
            and not any(rel.startswith(f) for f in unreadable)
        ]
        return files, gone
    files, gone = {}, []
    for rel in dict.fromkeys(rels):
        if not paths.is_note(rel):
            continue
        what = vault_files.kind(vault, rel)
        if what == vault_files.MISSING:
            if rel in known:
                gone.append(rel)
            continue
        if what in (vault_files.SYMLINK, vault_files.SPECIAL):
            # A link or a FIFO is never opened (storage.vault_files): a new one is not a
            # note; a note that became one is unreadable, which is never a deletion.
            kept = "; kept as indexed" if rel in known else "; skipped"
            tally.warnings.append(f"{rel}: {vault_files.describe(what)}{kept}")
            continue
        if what == vault_files.FOLDER:
            continue
        try:
            st = os.lstat(vault / rel)
        except FileNotFoundError:
            if rel in known:
                gone.append(rel)
            continue
        except OSError as exc:
            tally.warnings.append(f"{rel}: cannot read ({exc.strerror or exc}); kept as indexed")
            continue
        files[rel] = (st.st_mtime_ns, st.st_size)
    return files, gone


def _normal(rel: str) -> str:
    return rel.replace(os.sep, "/").strip("/")


def _reconcile(
    vault: Path,
    index: Index,
    rels: Iterable[str] | None,
    tally: _Tally,
    changes: dict[str, Any],
    max_chars: int = MAX_INDEXED_CHARS,
) -> None:
    # Given paths, only their rows are loaded: the watcher reconciles one note at a time, and
    # loading all rows of a 100k-note index costs more than the rest of the batch.
    wanted = None if rels is None else [_normal(rel) for rel in rels]
    known = index.stats(wanted)
    kinds = index.types(wanted)
    racy = index.racy(wanted)
    scan_ns = time.time_ns()
    files, gone = _candidates(vault, known, wanted, tally)
    touches: list[tuple[str, int, int, bool]] = []
    added: list[str] = []
    updated: list[str] = []
    new_hashes: set[str] = set()
    statuses: dict[str, str | None] = {rel: None for rel in gone if kinds[rel][0] == _SESSION}
    learned = any(kinds[rel][0] in _LEARNED for rel in gone)

    def upserts() -> Iterator[NoteRow]:
        nonlocal learned
        for rel in sorted(files):
            mtime_ns, size = files[rel]
            old = known.get(rel)
            if old is not None and old[:2] == (mtime_ns, size) and rel not in racy:
                continue
            now_racy = mtime_ns >= scan_ns - RACY_NS
            try:
                raw = _read(vault, rel)
            except FileNotFoundError:  # deleted since the walk
                if old is not None:
                    gone.append(rel)
                    learned = learned or kinds[rel][0] in _LEARNED
                    if kinds[rel][0] == _SESSION:
                        statuses[rel] = None
                continue
            except OSError as exc:
                tally.warnings.append(
                    f"{rel}: cannot read ({exc.strerror or exc}); kept as indexed"
                )
                continue
            sha = hashlib.sha256(raw).hexdigest()
            if old is not None and old[2] == sha:
                touches.append((rel, mtime_ns, size, now_racy))
                continue
            row, warnings = note_row(rel, raw, mtime_ns, size, racy=now_racy, max_chars=max_chars)
            tally.warnings.extend(warnings)
            (updated if old is not None else added).append(rel)
            if old is None:
                new_hashes.add(sha)
            if row.type in _LEARNED or (old is not None and kinds[rel][0] in _LEARNED):
                learned = True
            if row.type == _SESSION:
                statuses[rel] = row.status
            elif old is not None and kinds[rel][0] == _SESSION:
                statuses[rel] = None
            yield row

    # Rows are built lazily inside the transaction (a first reconcile of a big vault never
    # holds every note in memory). `apply` consumes the upserts before it reads `gone` and
    # `touches`, which the generator extends as it goes.
    index.apply(upserts=upserts(), deletes=gone, touches=touches)
    moved = sum(1 for rel in gone if known[rel][2] in new_hashes)
    queue.align_markers(vault, statuses, complete=False)
    changes.update(
        added=len(added),
        updated=len(updated),
        deleted=len(gone),
        moved=moved,
        changed=sorted({*added, *updated, *gone}),
        memory_changed=learned,
    )


# --- derived files -------------------------------------------------------------------------


def _vectors(
    vault: Path,
    config: Config,
    index: Index,
    tally: _Tally,
    rels: Any,
    seconds: Seconds,
    if_behind: bool = False,
) -> None:
    """The semantic extra's vectors follow the index for `rels` (None: all), embedding for at
    most `seconds` (None: no limit; CONFIGURED: `[search] embed_seconds`); `if_behind`: see
    vectors.refresh. Derived like the index: a failure there is a warning, never a failed
    reconcile."""
    from vaultsync.storage.vectors import store as vectors

    try:
        limit = vectors.budget(config) if isinstance(seconds, str) else seconds  # CONFIGURED
        report = vectors.refresh(vault, config, index, rels, seconds=limit, if_behind=if_behind)
    except Exception as exc:  # a model or numpy failure must not stop the index
        tally.warnings.append(f"vectors not updated ({type(exc).__name__}: {exc})")
        return
    if report is not None:
        tally.embedded, tally.vectors_pending = report.embedded, report.pending


def _generate(vault: Path, config: Config, index: Index, tally: _Tally) -> tuple[str, ...]:
    """USER.md, AGENT.md and the context files; returns the vault rels written."""
    try:
        from vaultsync.services.derived.generate import generate_all
    except ImportError as exc:  # pragma: no cover - only while the module is being written
        tally.warnings.append(f"USER.md/AGENT.md not generated: {exc}")
        return ()
    try:
        written = generate_all(vault, config, index)
    except Exception as exc:  # a person's broken template must not stop a rebuild
        tally.errors.append(f"USER.md/AGENT.md not generated: {exc}")
        return ()
    return tuple(rel for rel in written if not Path(rel).is_absolute() and paths.is_note(rel))
