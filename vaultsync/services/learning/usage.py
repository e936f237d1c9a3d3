"""Whether a memory earns its tokens: `recalled` and `used`, counted on the memory notes.

The hook appends one line each time it hands memories to an agent (core/hook/injection_log.py:
session-start context or prompt-time recall). `fold` turns those lines into counts, in one batch
(the watcher and `learn` run it; the caller commits what it rewrote):

- `recalled` + 1 on each memory an injection carried;
- `used` + 1 when the agent's own work after the injection, in that session (its tool calls'
  input: commands, file paths, edits; and its closing messages), holds what the memory said:
  at least half of the memory's distinctive terms (`supersession.subject_terms`, the terms the
  recall engine ranks by, less the words every memory uses), and at least one of them.

An injection is folded once its session has gone quiet (`SETTLE`: no event since) or ended, so
the agent had its chance to use it; until then its line waits. Folded lines move to
`<state>/injections-folded.jsonl` (with `used` and the agent), which `summary` reads for
`vaultsync status` and `vaultsync me`: per agent, how many memories were injected and used in
the last seven days.

A memory injected `SINK_AFTER` times or more and never used sinks: it goes after the others of
its level in USER.md, AGENT.md and project context (`storage.memory.rank`), and `vaultsync
review` offers it for archiving. Nothing is deleted.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vaultsync.core import logs, paths, properties, timestamp, writer
from vaultsync.core.hook import injection_log
from vaultsync.core.model import EventKind, SessionStatus
from vaultsync.services.learning.supersession import subject_terms
from vaultsync.storage.memory import SINK_AFTER
from vaultsync.storage.note import NoteReadError, parse_note, read_note

SETTLE = dt.timedelta(minutes=30)  # a session this quiet has had its chance to use a memory
WEEK = dt.timedelta(days=7)
_WORK_KINDS = frozenset({EventKind.TOOL, EventKind.TOOL_ERROR, EventKind.TURN_END})

__all__ = ["SETTLE", "SINK_AFTER", "Folded", "fold", "summary", "used_in"]


@dataclass(frozen=True)
class Folded:
    injections: int  # lines folded
    waiting: int  # lines whose session may still use them
    rewritten: tuple[str, ...]  # memory notes whose counts changed


def _folded_path(vault: Path) -> Path:
    return paths.state_dir(vault) / "injections-folded.jsonl"


def _lines(path: Path) -> list[dict[str, Any]]:
    return [item for item in logs.records(path) if isinstance(item.get("rels"), list)]


def used_in(memory_text: str, work: str) -> bool:
    """Does the agent's work hold what the memory said? Half its distinctive terms, one at
    least, found among the work's terms."""
    wanted = subject_terms(memory_text)
    if not wanted:
        return False
    found = subject_terms(work)
    hits = len(wanted & found)
    return hits >= 1 and hits * 2 >= len(wanted)


def _session_work(
    vault: Path, agent: str, session_id: str, after: str, quiet: str
) -> tuple[str, bool]:
    """(the agent's work after `after` in that session, whether the session is done with it:
    ended, or no event since `quiet`). A session whose note cannot be found is done."""
    from vaultsync.services.learning.agent_memory import session_note
    from vaultsync.services.learning.session_log import load_session

    rel = session_note(vault, agent, session_id)
    if not rel:
        return "", True
    try:
        log = load_session(vault, rel)
    except (OSError, NoteReadError, ValueError):
        return "", True
    start = timestamp.utc_key(after)
    parts: list[str] = []
    last = ""
    for event in log.events:
        key = timestamp.utc_key(event.ts)
        last = max(last, key)
        if key < start or event.kind not in _WORK_KINDS:
            continue
        parts += [event.input, event.message, " ".join(event.files)]
    ended = log.status is not None and log.status is not SessionStatus.ACTIVE
    return "\n".join(p for p in parts if p), ended or last <= quiet


def _memory_text(vault: Path, rel: str) -> str | None:
    try:
        note = read_note(vault, rel)
    except (OSError, NoteReadError):
        return None
    from vaultsync.storage.memory import detail

    return f"{note.title}\n{detail(note, 2000)}"


def fold(vault: Path, now: dt.datetime | None = None) -> Folded:
    """Fold settled injection lines into the memory notes' counts (one batch)."""
    now = now or timestamp.now()
    source = injection_log.log_path(vault)
    if not source.is_file():
        return Folded(0, 0, ())
    # Taken aside by a rename: the hook's next line starts a new log, none is lost or counted
    # twice. A fold killed half-way leaves the file aside, picked up first next time.
    aside = source.with_name("injections.folding.jsonl")
    if not aside.exists():
        os.replace(source, aside)
    lines = _lines(aside)
    recalled: Counter[str] = Counter()
    used: Counter[str] = Counter()
    waiting: list[dict[str, Any]] = []
    done: list[dict[str, Any]] = []
    texts: dict[str, str | None] = {}
    quiet = timestamp.utc_key(timestamp.format(now - SETTLE))
    for item in lines:
        at = str(item.get("at") or "")
        agent, session = str(item.get("agent", "")), str(item.get("session", ""))
        work, done_with = _session_work(vault, agent, session, at, quiet)
        if not done_with:
            waiting.append(item)  # the session is still going: it may use it yet
            continue
        hits = []
        for rel in (str(r) for r in item["rels"]):
            if rel not in texts:
                texts[rel] = _memory_text(vault, rel)
            text = texts[rel]
            if text is None:
                continue
            recalled[rel] += 1
            if work and used_in(text, work):
                used[rel] += 1
                hits.append(rel)
        done.append({**item, "used": hits})
    rewritten = _write_counts(vault, recalled, used)
    if done:
        writer.append_line(
            _folded_path(vault),
            "\n".join(json.dumps(d, ensure_ascii=False) for d in done),
            mode=0o600,
        )
    if waiting:
        writer.append_line(
            source,
            "\n".join(json.dumps(w, ensure_ascii=False) for w in waiting),
            mode=0o600,
        )
    aside.unlink(missing_ok=True)
    return Folded(len(done), len(waiting), tuple(rewritten))


FOLD_EVERY = dt.timedelta(minutes=5)  # the watcher folds at most this often


def fold_due(vault: Path, now: dt.datetime | None = None) -> list[str]:
    """`fold` when there is something to fold and the last fold is `FOLD_EVERY` old; the
    memory notes rewritten."""
    if not injection_log.log_path(vault).is_file():
        return []
    now = now or timestamp.now()
    stamp = paths.state_dir(vault) / "injections.folded-at"
    try:
        last = dt.datetime.fromtimestamp(stamp.stat().st_mtime, dt.UTC)
    except OSError:
        last = None
    if last is not None and now - last < FOLD_EVERY:
        return []
    writer.write_atomic(stamp, timestamp.format(now), fsync=False)
    return list(fold(vault, now).rewritten)


def _write_counts(vault: Path, recalled: Counter[str], used: Counter[str]) -> list[str]:
    rewritten = []
    for rel in sorted(recalled):

        def change(text: str, rel: str = rel) -> str | None:
            props = parse_note(rel, text).props
            return properties.set_properties(
                text,
                {
                    "recalled": _int(props.get("recalled")) + recalled[rel],
                    "used": _int(props.get("used")) + used[rel],
                },
            )

        try:
            target = paths.inside(vault, vault / rel)
            if writer.rewrite(target, change, lock_file=paths.lock_path(vault, rel)):
                rewritten.append(rel)
        except (OSError, ValueError):
            continue  # moved or gone since: its count is lost, the note is not
    return rewritten


def _int(value: object) -> int:
    try:
        return int(str(value)) if value is not None else 0
    except ValueError:
        return 0


def summary(vault: Path, now: dt.datetime | None = None) -> dict[str, dict[str, int]]:
    """Per agent, over the last seven days: memories injected, and of those used."""
    now = now or timestamp.now()
    since = timestamp.utc_key(timestamp.format(now - WEEK))
    out: dict[str, dict[str, int]] = {}
    for item in _lines(_folded_path(vault)):
        if timestamp.utc_key(str(item.get("at") or "")) < since:
            continue
        agent = str(item.get("agent") or "agent")
        row = out.setdefault(agent, {"injected": 0, "used": 0})
        row["injected"] += len(item["rels"])
        row["used"] += len(item.get("used") or [])
    return dict(sorted(out.items()))


def unused(memories: Iterable[Any]) -> list[Any]:
    """Memories injected `SINK_AFTER` times or more and never used: offered for archiving."""
    return [m for m in memories if m.recalled >= SINK_AFTER and m.used == 0]
