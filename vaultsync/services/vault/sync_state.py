"""Where `vaultsync sync` syncs with, and what the last one left for `status` and `doctor`.

Per machine, outside the vault: when it ran, how it ended, the remote (its URL without any
password), ahead/behind, and the notes still waiting for a person after a merge: conflict
copies that still exist and memories that still carry `sync_conflict`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vaultsync.core import paths, timestamp, writer
from vaultsync.core.config import Config
from vaultsync.core.properties import get_scalar
from vaultsync.services.vault.merge import CONFLICT_PROP
from vaultsync.storage import history, history_remote


def state_file(vault: Path) -> Path:
    return paths.state_dir(vault) / "sync.json"


def last_sync(vault: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(state_file(vault).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def record(vault: Path, result: dict[str, Any], new_waiting: Sequence[str], ok: bool) -> None:
    previous = last_sync(vault) or {}
    waiting = [r for r in previous.get("waiting", []) if isinstance(r, str)]
    waiting = list(dict.fromkeys([*waiting, *new_waiting]))
    data = dict(result)
    data["waiting"] = [r for r in waiting if still_waiting(vault, r)]
    data["last_success"] = result.get("finished", "") if ok else previous.get("last_success", "")
    writer.write_atomic(
        state_file(vault), json.dumps(data, ensure_ascii=False, indent=1), fsync=False
    )


def still_waiting(vault: Path, rel: str) -> bool:
    """A conflict copy still exists, or a note still carries the `sync_conflict` property."""
    target = vault / rel
    if not target.is_file():
        return False
    if "(Conflicted copy " in target.name:
        return True
    try:
        with target.open("rb") as fh:
            head = fh.read(8192).decode("utf-8", "replace")
    except OSError:
        return False
    return bool(get_scalar(head, CONFLICT_PROP))


def waiting_for_review(vault: Path) -> list[str]:
    data = last_sync(vault) or {}
    return [r for r in data.get("waiting", []) if isinstance(r, str) and still_waiting(vault, r)]


# ---------------------------------------------------------------------------------------------
# where to sync with


@dataclass(frozen=True)
class Upstream:
    remote: str
    branch: str  # on the remote
    local: str  # the local branch
    url: str  # without any password

    @property
    def tracking(self) -> str:
        return f"refs/remotes/{self.remote}/{self.branch}"


def upstream(vault: Path, config: Config | None = None) -> Upstream | None:
    local = history_remote.current_branch(vault)
    if local is None:
        return None
    remote_name = str(config.get("sync", "remote") or "") if config is not None else ""
    found = history_remote.upstream_of(vault, local)
    if remote_name:
        found = (remote_name, found[1] if found else local)
    if found is None:
        return None
    remote, branch = found
    if remote not in history_remote.remotes(vault):
        return None
    return Upstream(remote, branch, local, history_remote.remote_url(vault, remote))


def remote_state(vault: Path, config: Config | None = None) -> dict[str, Any]:
    """What `status` shows without touching the network: the remote, ahead/behind of the last
    fetch, the last sync, the notes waiting for review."""
    out: dict[str, Any] = {"remote": None}
    if not history.is_repo(vault):
        return out
    up = upstream(vault, config)
    record = last_sync(vault) or {}
    out["last_sync"] = record.get("finished") or None
    out["last_success"] = record.get("last_success") or None
    out["last_state"] = record.get("state") or None
    out["last_error"] = record.get("error") or None
    out["waiting"] = waiting_for_review(vault)
    if up is None:
        return out
    out.update(remote=up.remote, url=up.url, branch=up.branch)
    local, theirs = history.head(vault), history_remote.rev(vault, up.tracking)
    if local and theirs:
        out["ahead"], out["behind"] = history_remote.ahead_behind(vault, local, theirs)
    elif local:
        out["ahead"], out["behind"] = len(history.log(vault, limit=10000)), 0
    return out


def health(vault: Path) -> tuple[str, str, str]:
    """(ok|warn, summary, fix) for `vaultsync doctor`."""
    state = remote_state(vault)
    if not state.get("remote"):
        return "ok", "no remote: local history only (docs/sync.md adds one)", ""
    where = f"{state['remote']}/{state.get('branch')} ({state.get('url')})"
    waiting = state.get("waiting") or []
    if waiting:
        fix = "open each note: keep one text (or both), delete the other copy and the box"
        return "warn", f"{where}: {len(waiting)} conflicts wait for review (e.g. {waiting[0]})", fix
    if state.get("last_state") == "offline":
        summary = (
            f"{where}: the last sync could not reach the remote ({state.get('last_error')}); "
            f"{state.get('ahead', '?')} commits wait to go out"
        )
        fix = "check the network and git's credentials (`git -C VAULT fetch`), then sync"
        return "warn", summary, fix
    if not state.get("last_sync"):
        return "warn", f"{where}: never synced", "run `vaultsync sync`"
    ahead, behind = state.get("ahead", 0), state.get("behind", 0)
    when = timestamp.shown(state["last_sync"])
    return "ok", f"{where}: {ahead} ahead, {behind} behind; last sync {when}", ""
