"""One batch of vault changes becomes one readable commit, unless it deletes too much.

The watcher hands over the paths that changed (plus what reconcile regenerated); this module
stages exactly those, writes the message from `git.commit_template` and commits through
`storage.history`. A batch that deletes more than `watch.max_delete_share` of the notes (and at
least `watch.min_held_deletions` of them) is a sync accident or a slip far more often than an
intent, so its deletions are held back: the rest of the batch is committed, the deletions are
recorded in `<state>/held.json`, and nothing about them reaches history until a person runs
`vaultsync commit --confirm-deletions` (or brings the files back: `--restore-deletions`).
The index always reflects the disk; only the commit waits.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import socket
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from vaultsync.core import paths, writer
from vaultsync.core.config import Config
from vaultsync.core.model import AGENTS
from vaultsync.storage import history

DEFAULT_TEMPLATE = (
    "vaultsync: {{summary}} ({{numFiles}} files, {{hostname}}, {{date}})\n\n{{files}}"
)
MIN_HELD_DELETIONS = 10  # below this many deletions a batch is never held, whatever the share
MAX_FILES_LISTED = 50  # {{files}} lists this many, then says how many more
_PLACEHOLDER = re.compile(r"\{\{\s*(\w+)\s*\}\}")


class _Report(Protocol):
    """What autocommit reads from `services.sync.SyncReport`."""

    @property
    def generated(self) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class Held:
    """Deletions waiting for a person's confirmation."""

    rels: tuple[str, ...]
    since: str
    share: float
    total: int

    def as_dict(self) -> dict[str, object]:
        return {
            "rels": list(self.rels),
            "since": self.since,
            "share": self.share,
            "total": self.total,
        }


@dataclass(frozen=True)
class BatchResult:
    commit: str | None  # sha, or None when nothing was committed
    files: tuple[str, ...] = ()  # the paths the batch covered
    message: str = ""
    held: Held | None = None  # set when this batch's deletions were held back
    agents: tuple[str, ...] = ()
    summary: str = ""
    changes: tuple[history.Change, ...] = field(default=(), repr=False)

    def as_dict(self) -> dict[str, object]:
        return {
            "commit": self.commit,
            "files": list(self.files),
            "summary": self.summary,
            "agents": list(self.agents),
            "held": self.held.as_dict() if self.held else None,
        }


# ---------------------------------------------------------------------------------------------
# the message


_KINDS = (
    (paths.SESSIONS_DIR + "/", "session", "sessions"),
    (paths.SUMMARIES_DIR + "/", "summary", "summaries"),
    (paths.MEMORIES_DIR + "/", "memory", "memories"),
    ("skills/", "skill", "skills"),
    (paths.ARCHIVE_DIR + "/", "archived note", "archived notes"),
)
_VERBS = {"A": "new", "M": "edited", "D": "deleted", "R": "moved", "C": "copied", "T": "edited"}


def _kind(rel: str) -> tuple[str, str]:
    if rel in paths.GENERATED_FILES:
        return rel, rel
    for prefix, one, many in _KINDS:
        if rel.startswith(prefix):
            return one, many
    if rel.startswith(paths.CONFIG_DIR + "/") or rel == ".gitignore":
        return "setting", "settings"
    if rel.lower().endswith(".md"):
        return "note", "notes"
    return "file", "files"


def agent_of(rel: str) -> str | None:
    """The agent named in a session note's file name (see paths.session_note_rel)."""
    if not rel.startswith(paths.SESSIONS_DIR + "/"):
        return None
    words = Path(rel).stem.split(" ")
    return next((w for w in words[2:4] if w in AGENTS), None)


_KIND_ORDER = ("session", "summary", "memory", "skill", "note", "archived note", "setting", "file")
_VERB_ORDER = ("new", "edited", "moved", "copied", "deleted", "changed")


def _order(item: tuple[tuple[str, str], int]) -> tuple[int, int]:
    (one, verb), _n = item
    kind = _KIND_ORDER.index(one) if one in _KIND_ORDER else len(_KIND_ORDER)  # USER.md last
    return kind, _VERB_ORDER.index(verb) if verb in _VERB_ORDER else len(_VERB_ORDER)


def summarize(changes: Sequence[history.Change]) -> tuple[str, tuple[str, ...]]:
    """("2 new sessions (claude-code), 1 memory edited", agents) for a list of changes."""
    counts: Counter[tuple[str, str]] = Counter()
    plural: dict[str, str] = {}
    agents: dict[str, None] = {}
    session_agents: dict[str, dict[str, None]] = {}
    for change in changes:
        one, many = _kind(change.path)
        plural[one] = many
        verb = (
            "regenerated"
            if change.path in paths.GENERATED_FILES
            else _VERBS.get(change.status, "changed")
        )
        counts[(one, verb)] += 1
        agent = agent_of(change.path)
        if agent:
            agents[agent] = None
            session_agents.setdefault(verb, {})[agent] = None
    parts = []
    for (one, verb), n in sorted(counts.items(), key=_order):
        if one in paths.GENERATED_FILES:
            parts.append(f"{one} {verb}")
            continue
        label = one if n == 1 else plural[one]
        text = f"{n} new {label}" if verb == "new" else f"{n} {label} {verb}"
        if one == "session" and session_agents.get(verb):
            text += f" ({', '.join(session_agents[verb])})"
        parts.append(text)
    return (", ".join(parts) or "no changes"), tuple(agents)


def render_message(
    template: str,
    changes: Sequence[history.Change],
    *,
    now: dt.datetime | None = None,
    hostname: str | None = None,
) -> str:
    """Fill an obsidian-git style template: {{date}} {{hostname}} {{numFiles}} {{files}}
    {{summary}} {{agents}}. Unknown placeholders are left as written."""
    summary, agents = summarize(changes)
    moment = (now or dt.datetime.now().astimezone()).replace(microsecond=0)
    lines = [
        f"{c.status} {c.old_path} -> {c.path}" if c.old_path else f"{c.status} {c.path}"
        for c in changes[:MAX_FILES_LISTED]
    ]
    if len(changes) > MAX_FILES_LISTED:
        lines.append(f"... and {len(changes) - MAX_FILES_LISTED} more")
    values = {
        "date": moment.isoformat(sep=" "),
        "hostname": hostname if hostname is not None else socket.gethostname(),
        "numFiles": str(len(changes)),
        "files": "\n".join(lines),
        "summary": summary,
        "agents": ", ".join(agents) or "no agent",
    }
    text = _PLACEHOLDER.sub(
        lambda m: values.get(m.group(1), m.group(0)), template or DEFAULT_TEMPLATE
    )
    return text.strip() + "\n"


# ---------------------------------------------------------------------------------------------
# the mass-deletion guard


def held_file(vault: Path) -> Path:
    return paths.state_dir(vault) / "held.json"


def held(vault: Path) -> Held | None:
    """The deletions currently held back, or None. A broken file counts as none held."""
    try:
        raw = json.loads(held_file(vault).read_text(encoding="utf-8"))
        return Held(
            rels=tuple(str(r) for r in raw["rels"]),
            since=str(raw.get("since", "")),
            share=float(raw.get("share", 0.0)),
            total=int(raw.get("total", 0)),
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _save_held(vault: Path, value: Held | None) -> None:
    target = held_file(vault)
    if value is None or not value.rels:
        target.unlink(missing_ok=True)
        return
    writer.write_atomic(
        target, json.dumps(value.as_dict(), ensure_ascii=False, indent=1), fsync=False
    )


def _is_md(rel: str) -> bool:
    return rel.lower().endswith(".md")


def _guard(
    vault: Path, config: Config, deleted: Sequence[str], present: Iterable[str], now: dt.datetime
) -> Held | None:
    """Held deletions when the batch removes too large a share of the notes, else None.

    Deletions balanced by new notes in the same batch are moves (a renamed folder), not losses,
    so the share counts only what is deleted beyond what is added.
    """
    notes_deleted = [r for r in deleted if _is_md(r)]
    minimum = int(config.get("watch", "min_held_deletions") or MIN_HELD_DELETIONS)
    if len(notes_deleted) < minimum:
        return None
    tracked = history.tracked(vault)
    known = set(tracked)
    added = sum(1 for r in present if _is_md(r) and r not in known)
    total = sum(1 for r in tracked if _is_md(r))
    net = len(notes_deleted) - added
    share = net / total if total else 0.0
    if net < minimum or share <= float(config.get("watch", "max_delete_share")):
        return None
    previous = held(vault)
    rels = tuple(sorted(set(deleted) | set(previous.rels if previous else ())))
    since = previous.since if previous else now.isoformat(timespec="seconds")
    return Held(rels=rels, since=since, share=round(share, 3), total=total)


def _prune_held(vault: Path) -> Held | None:
    """Forget held deletions whose files came back (restored by hand or by a sync service)."""
    current = held(vault)
    if current is None:
        return None
    still = tuple(r for r in current.rels if not (vault / r).exists())
    if still != current.rels:
        current = Held(still, current.since, current.share, current.total) if still else None
        _save_held(vault, current)
    return current


# ---------------------------------------------------------------------------------------------
# committing a batch


def _state(path: Path) -> str:
    """ "present", "missing" or "unreadable" (permission denied, a symlink loop, I/O error)."""
    try:
        path.lstat()
    except FileNotFoundError:
        return "missing"
    except OSError:
        return "unreadable"
    try:
        path.stat()
    except OSError:
        return "unreadable"
    if path.is_file() and not os.access(path, os.R_OK):
        return "unreadable"
    return "present"


def _message_builder(
    config: Config, now: dt.datetime | None, sink: list[tuple[Sequence[history.Change], str]]
) -> Callable[[Sequence[history.Change]], str]:
    template = str(config.get("git", "commit_template") or DEFAULT_TEMPLATE)

    def build(changes: Sequence[history.Change]) -> str:
        message = render_message(template, changes, now=now)
        sink.append((changes, message))
        return message

    return build


def commit_batch(
    vault: Path,
    config: Config,
    rels: Iterable[str],
    report: _Report | None = None,
    *,
    now: dt.datetime | None = None,
    confirm_deletions: bool = False,
) -> BatchResult:
    """Commit one batch: `rels` that changed plus the files `report` says were regenerated.

    Raises history.GitLockBusy / history.GitError; the caller keeps the batch and retries.
    """
    moment = now or dt.datetime.now().astimezone()
    wanted = {r for r in rels if history.stageable(r)}
    if report is not None:
        wanted |= {r for r in report.generated if history.stageable(r)}
    current = _prune_held(vault)
    if current is not None and not confirm_deletions:
        wanted -= set(current.rels)
    unreadable = {r for r in wanted if _state(vault / r) == "unreadable"}
    wanted -= unreadable  # never a deletion, never a half-read commit: retried once readable
    deleted = sorted(r for r in wanted if _state(vault / r) == "missing")
    new_held: Held | None = None
    if deleted and not confirm_deletions:
        new_held = _guard(vault, config, deleted, wanted - set(deleted), moment)
        if new_held is not None:
            wanted -= set(deleted)
            _save_held(vault, new_held)
    if confirm_deletions and current is not None:
        wanted |= set(current.rels)
    seen: list[tuple[Sequence[history.Change], str]] = []
    sha = None
    if wanted:
        sha = history.commit_paths(
            vault,
            sorted(wanted),
            _message_builder(config, now, seen),
            lock_timeout=float(config.get("git", "lock_timeout_s")),
        )
    if confirm_deletions and current is not None:
        _save_held(vault, None)
    changes, message = (tuple(seen[0][0]), seen[0][1]) if seen else ((), "")
    summary, agents = summarize(changes) if changes else ("", ())
    return BatchResult(
        commit=sha,
        files=tuple(sorted(wanted)),
        message=message,
        held=new_held,
        agents=agents,
        summary=summary,
        changes=changes,
    )


def commit_pending(vault: Path, config: Config, *, confirm_deletions: bool = False) -> BatchResult:
    """Commit every uncommitted change git sees (healing missed events), guard included."""
    return commit_batch(
        vault, config, history.dirty_rels(vault), confirm_deletions=confirm_deletions
    )


def restore_held(vault: Path, config: Config) -> tuple[str, ...]:
    """Bring the held-back deleted files back from the last commit; returns the restored rels."""
    current = held(vault)
    if current is None:
        return ()
    back = history.checkout_files(
        vault, current.rels, lock_timeout=float(config.get("git", "lock_timeout_s"))
    )
    _prune_held(vault)
    return back


@dataclass(frozen=True)
class Rollback:
    commit: str | None  # the new commit, None when the vault already matched REV
    rev: str
    restored: tuple[str, ...]  # paths the rollback changed


def rollback(vault: Path, config: Config, rev: str, rel: str | None = None) -> Rollback:
    """Restore the vault (or one note) as it was at REV as a new commit, then bring the
    index up to date with the files that changed. Nothing is removed from history."""
    sha = history.restore(vault, rev, rel, lock_timeout=float(config.get("git", "lock_timeout_s")))
    restored: tuple[str, ...] = ()
    if sha:
        top = history.log(vault, limit=1)
        if top:
            restored = tuple(p for c in top[0].changes for p in (c.path, c.old_path) if p)
        notes = [r for r in restored if paths.is_note(r)]
        if notes:
            from vaultsync.services.derived import reconcile as sync

            sync.reconcile(vault, config, notes)
    return Rollback(sha, rev, restored)
