"""An index brought up to date before a question is answered, within a small time bound.

`vaultsync search`, the MCP server and the Hermes provider answer from the index; with no
watcher running, notes the hook wrote a moment ago are not in it yet. `catch_up` reconciles
first: a walk by (mtime, size) that reads only the notes changed since the last index pass,
and embeds for at most `embed_seconds`. It never waits long for a busy index: the lock is
tried for `lock_wait` seconds, and when another process holds it (a watcher, learn, a rebuild)
the answer comes from the index as it is, and the result says so. A missing index is built.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from vaultsync.core import paths, writer
from vaultsync.core.config import Config
from vaultsync.core.errors import Exit, VaultsyncError

LOCK_WAIT_S = 0.5
EMBED_S = 1.0


class State(StrEnum):
    BUILT = "built"  # there was no index: built whole
    REFRESHED = "refreshed"  # up to date with the vault
    BUSY = "busy"  # another process holds the index: answered from it as it is
    FAILED = "failed"  # could not be updated (the message says why): answered as it is


@dataclass(frozen=True)
class Freshness:
    state: State
    message: str = ""  # why, for BUSY and FAILED
    changed: int = 0  # notes added, updated or deleted by this pass

    @property
    def stale(self) -> bool:
        return self.state in (State.BUSY, State.FAILED)

    def advice(self) -> str:
        """One line for a person: what may be missing and how to fix it ("" when fresh)."""
        if self.state is State.BUSY:
            return (
                "the index may be behind the vault: another vaultsync process (watcher, "
                "learn, rebuild) is updating it; search again in a moment"
            )
        if self.state is State.FAILED:
            return (
                f"the index could not be brought up to date ({self.message}); results may "
                "miss recent notes: run `vaultsync rebuild`"
            )
        return ""


class NoIndex(VaultsyncError, RuntimeError):
    """There is no index and it cannot be built now (busy or failing): the message says why."""

    def __init__(self, message: str, *, busy: bool = False) -> None:
        super().__init__(message, exit_code=Exit.LOCKED if busy else None)
        self.busy = busy


def catch_up(
    vault: Path,
    config: Config,
    *,
    lock_wait: float = LOCK_WAIT_S,
    embed_seconds: float = EMBED_S,
) -> Freshness:
    """Bring the index up to date with the vault (build it when missing). Raises NoIndex only
    when there is no index to answer from at all."""
    from vaultsync.services.derived.reconcile import ReconcileError, rebuild, reconcile
    from vaultsync.storage.index import IndexFailure

    missing = not config.index_file().is_file()
    try:
        # A reconcile waits minutes for the index lock; a question must not. Probing first
        # is racy (another process may take it in between), and then the reconcile waits
        # for that one pass, which is bounded by the other process's own batch.
        with writer.locked(paths.index_lock(vault), timeout=lock_wait):
            pass
    except TimeoutError as exc:
        if missing:
            raise NoIndex(
                "the vault is busy (another vaultsync process holds its index lock) and has "
                "no index yet; try again in a moment",
                busy=True,
            ) from exc
        return Freshness(State.BUSY, str(exc))
    try:
        report = (rebuild if missing else reconcile)(vault, config, embed_seconds=embed_seconds)
    except TimeoutError as exc:
        if missing:
            raise NoIndex("the vault is busy; try again in a moment", busy=True) from exc
        return Freshness(State.BUSY, str(exc))
    except (IndexFailure, ReconcileError, OSError) as exc:
        if missing or not config.index_file().is_file():
            raise NoIndex(str(exc)) from exc
        return Freshness(State.FAILED, str(exc))
    changed = report.added + report.updated + report.deleted
    return Freshness(State.BUILT if missing else State.REFRESHED, changed=changed)
