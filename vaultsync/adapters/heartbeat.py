"""The watcher's heartbeat: `<state>/watch.json`, rewritten after every batch and reconcile.

`status`, `doctor` and `service status` read it to tell the watcher is alive, what it last
did, its recent errors (the last five, newest last) and why it is not committing (`waiting`: a
merge in progress, a detached HEAD...). It is a file format of its own: the watcher writes
it, and the commands that read it need not load the watcher.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vaultsync.core import paths


@dataclass
class Heartbeat:
    """What `status` and `doctor` read from `<state>/watch.json` to tell the watcher is alive."""

    pid: int
    vault: str
    started: str
    state: str = "running"
    last_batch: str = ""
    last_commit: str = ""
    last_reconcile: str = ""
    batches: int = 0
    commits: int = 0
    errors: int = 0
    last_error: str = ""
    held: int = 0
    recent_errors: list[str] = dataclasses.field(default_factory=list)  # newest last, max 5
    waiting: str = ""  # why nothing is committed now (a merge in progress...), "" when nothing
    blocked: int = 0  # files held back from git (size, secret, conflict markers)
    last_sync: str = ""


def heartbeat_file(vault: Path) -> Path:
    return paths.watch_heartbeat(vault)


def read_heartbeat(vault: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(heartbeat_file(vault).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None
