"""What `vaultsync install` created, so `uninstall` removes exactly that and nothing else.

A small JSON file in vaultsync's own home (`installed.json`, never in the agents' folders)
records, per configuration file vaultsync wrote, the folders install had to create for it (an
agent folder for an agent never installed, `~/.claude/commands/`), and the launcher's folders.
Uninstall removes those folders again when they are empty.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from vaultsync.core import paths, writer

LAUNCHER_KEY = "launcher"


def manifest_path() -> Path:
    """Which configuration files hold vaultsync's hooks and which folders install created for
    them: outside the agents' folders, in vaultsync's own home."""
    return paths.vaultsync_home() / "installed.json"


def manifest() -> dict[str, dict[str, Any]]:
    try:
        data = json.loads(manifest_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save_manifest(data: dict[str, dict[str, Any]]) -> None:
    target = manifest_path()
    if data:
        writer.write_atomic(target, json.dumps(data, indent=2, sort_keys=True) + "\n")
    else:
        target.unlink(missing_ok=True)


def missing_dirs(folder: Path) -> list[str]:
    """The folders that creating `folder` would make, outermost first."""
    missing: list[str] = []
    while not folder.exists() and folder != folder.parent:
        missing.insert(0, str(folder))
        folder = folder.parent
    return missing


def remember_dirs(key: str, agent: str, dirs: list[str]) -> None:
    data = manifest()
    entry = data.get(key) or {"agent": agent, "dirs": []}
    known = [d for d in entry.get("dirs", []) if isinstance(d, str)]
    entry["dirs"] = known + [d for d in dirs if d not in known]
    entry["agent"] = agent
    data[key] = entry
    save_manifest(data)


def forget(key: str) -> list[str]:
    """Drop `key` from the manifest; the folders it recorded, innermost first."""
    data = manifest()
    entry = data.pop(key, None) or {}
    save_manifest(data)
    dirs = [d for d in entry.get("dirs", []) if isinstance(d, str)]
    return sorted(dirs, key=len, reverse=True)


def remove_empty(dirs: list[str]) -> list[str]:
    removed = []
    for folder in sorted(dirs, key=len, reverse=True):
        try:
            os.rmdir(folder)
        except OSError:  # not empty (the person or the agent put something there) or gone
            continue
        removed.append(folder)
    return removed
