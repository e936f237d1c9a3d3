"""What the last `vaultsync sync` left for `status` and `doctor`: `<state>/sync.json`.

Per machine, outside the vault: when it ran, how it ended, the remote (its URL without any
password), ahead/behind, and the notes still waiting for a person after a merge: conflict
copies that still exist and memories that still carry `sync_conflict`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from vaultsync.core import paths, writer
from vaultsync.core.properties import get_scalar
from vaultsync.services.vault.merge import CONFLICT_PROP


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
