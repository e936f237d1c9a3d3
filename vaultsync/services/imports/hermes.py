"""Hermes' memory files, into the vault as L1 memory candidates.

Hermes (hermes-agent, tools/memory_tool.py, checked in 0.19.0) keeps two files under
`$HERMES_HOME/memories/` (default `~/.hermes/memories/`): `MEMORY.md`, the agent's own notes
about the environment, and `USER.md`, what it knows about the person. Both are plain text whose
entries are separated by a line holding only `§`; an entry may span lines. Each entry becomes
one candidate (scope agent for MEMORY.md, user for USER.md), waiting for review. The files are
only read.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable
from pathlib import Path

from vaultsync.core import timestamp
from vaultsync.core.config import Config
from vaultsync.core.model import Scope
from vaultsync.services.imports.notes import (
    Cleaner,
    ImportReport,
    Planned,
    apply,
    key,
    memory_note,
    stamp,
)

SOURCE = "hermes"
FILES = (("MEMORY.md", Scope.AGENT), ("USER.md", Scope.USER))


def default_home() -> Path:
    configured = os.environ.get("HERMES_HOME")
    return Path(configured).expanduser() if configured else Path.home() / ".hermes"


def entries(text: str) -> list[str]:
    """The entries of a Hermes memory file: text between lines that hold only `§`."""
    found: list[str] = []
    current: list[str] = []
    for line in text.splitlines():
        if line.strip() == "§":
            found.append("\n".join(current).strip())
            current = []
        else:
            current.append(line)
    found.append("\n".join(current).strip())
    return [e for e in found if e]


def _title(entry: str) -> str:
    first = entry.strip().splitlines()[0].lstrip("#-* ").strip()
    return first if len(first) <= 90 else first[:89].rsplit(" ", 1)[0] + "…"


def plan(home: Path, now: dt.datetime, clean: Cleaner) -> tuple[list[Planned], int, list[str]]:
    folder = home / "memories"
    planned: list[Planned] = []
    warnings: list[str] = []
    found = 0
    for name, scope in FILES:
        path = folder / name
        try:
            text = path.read_bytes().decode("utf-8", "replace")
        except FileNotFoundError:
            continue
        except OSError as exc:
            warnings.append(f"{path}: {exc.strerror}")
            continue
        for entry in entries(text):
            found += 1
            planned.append(
                memory_note(
                    source=SOURCE,
                    source_path=path,
                    import_key=key(SOURCE, name, entry),
                    title=clean(_title(entry)),
                    body=clean(entry),
                    scope=scope,
                    agent="hermes",
                    project="",
                    created=stamp(now),
                    today=timestamp.day(now),
                )
            )
    return planned, found, warnings


def run(
    vault: Path,
    config: Config,
    *,
    home: Path | None = None,
    dry_run: bool = False,
    now: dt.datetime | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> ImportReport:
    clean = Cleaner(config)
    planned, found, warnings = plan(home or default_home(), now or timestamp.now(), clean)
    return apply(
        vault,
        config,
        SOURCE,
        planned,
        found=found,
        progress=progress,
        dry_run=dry_run,
        redactions=clean.count,
        warnings=warnings,
    )
