"""The rollback journal: what a rollback is restoring, so a killed one is finished, not torn.

`<state>/rollback.json` (the revision, the paths, what is rolled back) is written with fsync
before the first file is touched and removed after the rollback's commit. If it is still there,
the rollback was cut short (git killed mid-write leaves empty notes): `resume_rollback`, called
before every batch commit and every rollback, restores the same paths from the same revision
again (a restore is idempotent) and commits, under the same note locks.
"""

from __future__ import annotations

import json
from pathlib import Path

from vaultsync.core import paths, writer
from vaultsync.core.config import Config
from vaultsync.storage import history
from vaultsync.storage.vault_files import note_locks


def journal_file(vault: Path) -> Path:
    return paths.state_dir(vault) / "rollback.json"


def resume_rollback(vault: Path, config: Config) -> str | None:
    """Finish a rollback that was killed after it started to write files (its journal is still
    there): restore the same paths from the same revision again and commit. Returns the sha."""
    try:
        job = json.loads(journal_file(vault).read_text(encoding="utf-8"))
        sha, rels, what = str(job["sha"]), [str(r) for r in job["rels"]], str(job["what"])
        sources = {str(k): str(v) for k, v in dict(job.get("sources") or {}).items()}
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError):
        journal_file(vault).unlink(missing_ok=True)  # unreadable: nothing can be redone
        return None
    with note_locks(vault, rels, float(config.get("git", "lock_timeout_s"))):
        return apply_rollback(vault, config, sha, rels, what, sources)


def apply_rollback(
    vault: Path,
    config: Config,
    sha: str,
    rels: list[str],
    what: str,
    sources: dict[str, str] | None = None,
) -> str | None:
    """Restore `rels` from `sha` and commit them; the caller holds their note locks.
    `sources`: rel -> the name it had at `sha` (renamed since), whose content it gets."""
    timeout = float(config.get("git", "lock_timeout_s"))
    sources = sources or {}
    job = {"sha": sha, "rels": rels, "what": what, "sources": sources}
    writer.write_atomic(journal_file(vault), json.dumps(job), fsync=True)
    for rel, earlier in sources.items():
        target = paths.inside(vault, vault / rel)
        writer.write_atomic(target, history.blob_at(vault, sha, earlier), fsync=True)
    history.restore_paths(vault, sha, [r for r in rels if r not in sources], lock_timeout=timeout)
    commit = history.commit_paths(
        vault,
        rels,
        f"vaultsync: roll back {what} to {sha[:10]}\n\nRestored from {sha}.",
        lock_timeout=timeout,
    )
    journal_file(vault).unlink(missing_ok=True)
    return commit
