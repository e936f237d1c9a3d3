"""Rollback: the vault (or one note) as it was at a revision, as a new commit, safely.

It takes the note lock of every note it changes (the lock the hook and every writer take), so
an event appended meanwhile is never overwritten. Uncommitted work is committed first (a
snapshot, through the same guards as every commit: services.vault.autocommit); if any of it
cannot be committed, nothing is restored (`HeldBack`, exit 7). Exactly the changed paths are
restored (`history.restore_paths`), never an `add -A` of the vault. A journal,
`<state>/rollback.json`, is written before the first file is touched and removed after the
commit: a rollback killed half-way (git killed mid-write leaves empty notes) is finished by the
next `commit`, watcher batch or rollback.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from vaultsync.core import paths
from vaultsync.core.config import Config
from vaultsync.services.vault.autocommit import HeldBack, commit_batch
from vaultsync.services.vault.rollback_journal import apply_rollback, resume_rollback
from vaultsync.storage import history, vault_files
from vaultsync.storage.vault_files import note_locks


@dataclass(frozen=True)
class Rollback:
    commit: str | None  # the new commit, None when the vault already matched REV
    rev: str
    restored: tuple[str, ...]  # paths the rollback changed


def rollback(vault: Path, config: Config, rev: str, rel: str | None = None) -> Rollback:
    """Restore the vault (or one note) as it was at REV as a new commit, then bring the
    index up to date with the files that changed. Nothing is removed from history.

    Under the note locks of every note it changes: uncommitted work is committed first (a
    snapshot, through the same guards as every commit); if any of it could not be committed
    (held back), nothing is restored and HeldBack says why.
    """
    history.check_state(vault)
    resume_rollback(vault, config)
    sha = history.resolve_rev(vault, rev)
    sources: dict[str, str] = {}
    if rel is not None and not history.exists_at(vault, sha, rel):
        # Renamed or moved since (in Obsidian): its content then, under its name then, comes
        # back at the name it has now.
        earlier = history.name_at(vault, sha, rel)
        if earlier is None:
            raise FileNotFoundError(f"{rel} did not exist at {rev}, under this name or another")
        sources[rel] = earlier
    timeout = float(config.get("git", "lock_timeout_s"))
    targets = _differing(vault, sha, rel, sources)
    if not targets:
        return Rollback(None, rev, ())
    with note_locks(vault, targets, timeout):
        commit_batch(vault, config, history.dirty_rels(vault), now=None)
        dirty = set(history.dirty_rels(vault)) & set(targets)
        if dirty:
            shown = ", ".join(sorted(dirty)[:5])
            raise HeldBack(
                f"rollback refused: {len(dirty)} uncommitted change(s) could not be committed "
                f"first ({shown}); `vaultsync commit` says why. Nothing was restored"
            )
        targets = _differing(vault, sha, rel, sources)
        what = rel or "the vault"
        commit = apply_rollback(vault, config, sha, targets, what, sources) if targets else None
    restored: tuple[str, ...] = ()
    if commit:
        top = history.log(vault, limit=1)
        if top:
            restored = tuple(p for c in top[0].changes for p in (c.path, c.old_path) if p)
        notes = [r for r in restored if paths.is_note(r)]
        if notes:
            from vaultsync.services.derived import reconcile

            reconcile.reconcile(vault, config, notes)
    return Rollback(commit, rev, restored)


def _differing(vault: Path, sha: str, rel: str | None, sources: dict[str, str]) -> list[str]:
    """The paths a restore would change: for a note restored from its earlier name, itself
    when its text differs from what that name held at REV."""
    if rel is None or rel not in sources:
        return history.changed_since(vault, sha, rel)
    try:
        now = vault_files.read_bytes(vault, rel)  # the vault's gate: no link out, no FIFO
    except OSError:
        now = None
    return [rel] if now != history.blob_at(vault, sha, sources[rel]) else []
