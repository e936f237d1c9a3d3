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

import json
from dataclasses import dataclass
from pathlib import Path

from vaultsync.core import paths, writer
from vaultsync.core.config import Config
from vaultsync.services.vault.autocommit import HeldBack, commit_batch, note_locks
from vaultsync.storage import history


@dataclass(frozen=True)
class Rollback:
    commit: str | None  # the new commit, None when the vault already matched REV
    rev: str
    restored: tuple[str, ...]  # paths the rollback changed


def _journal(vault: Path) -> Path:
    return paths.state_dir(vault) / "rollback.json"


def resume_rollback(vault: Path, config: Config) -> str | None:
    """Finish a rollback that was killed after it started to write files (its journal is still
    there): restore the same paths from the same revision again and commit. Returns the sha."""
    try:
        job = json.loads(_journal(vault).read_text(encoding="utf-8"))
        sha, rels, what = str(job["sha"]), [str(r) for r in job["rels"]], str(job["what"])
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError):
        _journal(vault).unlink(missing_ok=True)  # unreadable: nothing can be redone
        return None
    with note_locks(vault, rels, float(config.get("git", "lock_timeout_s"))):
        return _apply_rollback(vault, config, sha, rels, what)


def _apply_rollback(
    vault: Path, config: Config, sha: str, rels: list[str], what: str
) -> str | None:
    """Restore `rels` from `sha` and commit them; the caller holds their note locks."""
    timeout = float(config.get("git", "lock_timeout_s"))
    writer.write_atomic(
        _journal(vault), json.dumps({"sha": sha, "rels": rels, "what": what}), fsync=True
    )
    history.restore_paths(vault, sha, rels, lock_timeout=timeout)
    commit = history.commit_paths(
        vault,
        rels,
        f"vaultsync: roll back {what} to {sha[:10]}\n\nRestored from {sha}.",
        lock_timeout=timeout,
    )
    _journal(vault).unlink(missing_ok=True)
    return commit


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
    if rel is not None and not history.exists_at(vault, sha, rel):
        raise FileNotFoundError(
            f"{rel} did not exist at {rev} (if it was renamed, `vaultsync history {rel}` "
            "shows its earlier name)"
        )
    timeout = float(config.get("git", "lock_timeout_s"))
    targets = history.changed_since(vault, sha, rel)
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
        targets = history.changed_since(vault, sha, rel)
        commit = (
            _apply_rollback(vault, config, sha, targets, rel or "the vault") if targets else None
        )
    restored: tuple[str, ...] = ()
    if commit:
        top = history.log(vault, limit=1)
        if top:
            restored = tuple(p for c in top[0].changes for p in (c.path, c.old_path) if p)
        notes = [r for r in restored if paths.is_note(r)]
        if notes:
            from vaultsync.services.derived import reconcile as sync

            sync.reconcile(vault, config, notes)
    return Rollback(commit, rev, restored)
