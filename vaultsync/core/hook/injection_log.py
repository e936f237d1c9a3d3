"""Which memories the hook handed to an agent: one line per injection, outside the vault.

The session-start context (USER.md, AGENT.md, the project's context) and prompt-time recall
name each memory they carry by its link (`[[memories/...]]`). After the hook has built what it
sends, it appends one JSON line to `<state>/injections.jsonl`: when, which agent and session,
start or prompt, and the memory notes linked. That costs one small O_APPEND write; the notes
themselves are never touched by the hook. `services/learning/usage.py` later folds these lines
into each memory's `recalled` and `used` counts, in one batch.
"""

from __future__ import annotations

import contextlib
import json
import re
from datetime import datetime
from pathlib import Path

from vaultsync.core import paths, timestamp, writer

_MEMORY_LINK = re.compile(r"\[\[(memories/[^\]|#\n]{1,400})")


def log_path(vault: Path) -> Path:
    return paths.state_dir(vault) / "injections.jsonl"


def memory_rels(text: str) -> list[str]:
    """The memory notes a text links to, in order, each once."""
    found = (m.group(1).strip() for m in _MEMORY_LINK.finditer(text))
    return list(dict.fromkeys(r if r.endswith(".md") else r + ".md" for r in found))


def note(vault: Path, agent: str, session_id: str, kind: str, text: str, now: datetime) -> None:
    """Record the memories `text` (what the agent was sent) carries. Never raises: counting is
    worth less than the hook's promise to the agent."""
    rels = memory_rels(text)
    if not rels:
        return
    line = {
        "at": timestamp.format(now),
        "agent": agent,
        "session": session_id,
        "kind": kind,
        "rels": rels,
    }
    with contextlib.suppress(OSError, ValueError):
        writer.append_line(log_path(vault), json.dumps(line, ensure_ascii=False), mode=0o600)
