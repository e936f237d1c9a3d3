"""Sessions that never got a session-end event are closed once they have been idle long enough.

Some runs never send the end event: Hermes' one-shot mode (`hermes -z`) never fires
`on_session_finalize`, an agent killed mid-session sends nothing, and some agent versions have
no end event at all. Such a note would stay open forever (no `ended`, and no queue status when
no turn ended either). The rule: a session note without `ended` whose last event is older than
`learn.close_idle_minutes` (default 240; 0 turns the rule off) is closed as if its end event had
come right after that last event: assessed, given its queue status, `ended` set to the last
event's time. A session that resumes later simply gets more events, and its real end (if one
comes) sets `ended` again.

The one owner of this rule is the learn preflight: `vaultsync learn` runs it before it reads
the queue, so the learn loop and the queue counts it leaves behind see these sessions. The
candidates are found through the hook's per-session pointer files (outside the vault), so a run
reads only notes whose file has not changed for the idle time, and of those only the head.
"""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

from vaultsync.core import eventlog, paths, properties
from vaultsync.core.config import Config
from vaultsync.core.hook.delivery import assess
from vaultsync.core.queue import NoBudget

DEFAULT_MINUTES = 240.0


def idle_minutes(config: Config) -> float:
    value = config.get("learn", "close_idle_minutes")
    return float(DEFAULT_MINUTES if value is None else value)


def _stamp(ts: str) -> dt.datetime | None:
    try:
        when = dt.datetime.fromisoformat(ts.replace("Z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=dt.UTC)


def _pointers(vault: Path) -> list[str]:
    folder = paths.session_state_dir(vault)
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    rels = []
    for name in names:
        if "." in name:  # .seen filter state, .lock files: only the pointers have no suffix
            continue
        try:
            rel = (folder / name).read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError):
            continue
        if rel.startswith(paths.SESSIONS_DIR + "/") and rel.endswith(".md") and ".." not in rel:
            rels.append(rel)
    return rels


def close_idle(vault: Path, config: Config, now: dt.datetime) -> list[str]:
    """Close every idle session without an end; returns their vault-relative paths."""
    minutes = idle_minutes(config)
    if minutes <= 0:
        return []
    horizon = now - dt.timedelta(minutes=minutes)
    closed = []
    for rel in sorted(set(_pointers(vault))):
        note = vault / rel
        try:
            if os.stat(note).st_mtime > horizon.timestamp():
                continue  # written to recently: still going, or just ended
            with open(note, "rb") as fh:
                head = fh.read(8192).decode("utf-8", "replace")
            if properties.get_scalar(head, "ended"):
                continue
            text = note.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        stamps = [when for e in eventlog.parse(text) if (when := _stamp(e.ts)) is not None]
        if not stamps or max(stamps) > horizon:
            continue
        status = assess(vault, config, rel, max(stamps), final=True, budget=NoBudget())
        if status is not None:
            closed.append(rel)
    return closed
