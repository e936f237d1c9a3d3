"""One batch of vault changes becomes one readable commit, unless it deletes too much.

The watcher hands over the paths that changed (plus what reconcile regenerated); this module
stages exactly those, writes the message from `git.commit_template` and commits through
`storage.history`. A batch that deletes more than `watch.max_delete_share` of the notes (and at
least `watch.min_held_deletions` of them) is a sync accident or a slip far more often than an
intent, so its deletions are held back: the rest of the batch is committed, the deletions are
recorded in `<state>/held.json`, and nothing about them reaches history until a person runs
`vaultsync commit --confirm-deletions` (or brings the files back: `--restore-deletions`).
The index always reflects the disk; only the commit waits.

The guard judges deletions over a window (`watch.delete_window_s`, 1 hour): note deletions
committed in the window count with the batch's, against the notes there were before them, so
deleting a few notes at a time gets held as soon as the window's total passes the share.

What may be committed at all (`screen`): a file that is not regular (FIFO, device), above
`git.max_file_mb`, holding conflict markers, or, for every file that is not a note and every
new note a person dropped in (not the hook's session notes), holding a secret that
`core.privacy`'s redactor detects, is held back: listed in `<state>/blocked.json`, in the
watcher's heartbeat and in `vaultsync status`/`commit`, and never staged. A path listed in
`git.allow` (globs) is committed anyway. git itself is asked first (`history.check_state`):
during a merge, rebase, cherry-pick, revert or bisect, or on a detached HEAD, nothing is
committed; the watcher waits and commits once git is back on a branch.

Rollback takes the note locks of every note it changes, commits what is uncommitted first
(through the same guards) and refuses when something could not be committed, and keeps a
journal (`<state>/rollback.json`) so a rollback killed half-way is finished by the next
commit, instead of leaving torn notes behind.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import socket
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from vaultsync.core import paths, timestamp, writer
from vaultsync.core.config import Config
from vaultsync.core.errors import Exit
from vaultsync.core.model import AGENTS
from vaultsync.services.vault import gate
from vaultsync.services.vault.gate import allow_hint, blocked
from vaultsync.services.vault.rollback_journal import resume_rollback
from vaultsync.storage import history, vault_files
from vaultsync.storage.vault_files import note_locks

__all__ = ["allow_hint", "blocked"]  # re-exported: the watcher, status and doctor read them

DEFAULT_TEMPLATE = (
    "vaultsync: {{summary}} ({{numFiles}} files, {{hostname}}, {{date}})\n\n{{files}}"
)
MIN_HELD_DELETIONS = 10  # below this many deletions a batch is never held, whatever the share
DELETE_WINDOW_S = 3600.0  # deletions committed this recently count with a new batch's
MAX_FILES_LISTED = 50  # {{files}} lists this many, then says how many more
_PLACEHOLDER = re.compile(r"\{\{\s*(\w+)\s*\}\}")


class _Report(Protocol):
    """What autocommit reads from `services.derived.reconcile.ReconcileReport`."""

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
    blocked: tuple[tuple[str, str], ...] = ()  # (rel, why) held back by `screen`

    def as_dict(self) -> dict[str, object]:
        return {
            "commit": self.commit,
            "files": list(self.files),
            "summary": self.summary,
            "agents": list(self.agents),
            "held": self.held.as_dict() if self.held else None,
            "blocked": [{"path": r, "reason": why} for r, why in self.blocked],
        }


class HeldBack(history.GitError):
    """A safety guard refused the action; the message says how to go on."""

    exit_code = Exit.HELD


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
    moment = (now or timestamp.now()).astimezone(timestamp.zone()).replace(microsecond=0)
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


def _window_file(vault: Path) -> Path:
    return paths.state_dir(vault) / "deletions.json"


def _recent_deletions(vault: Path, window: float, now: float) -> list[tuple[float, int]]:
    try:
        raw = json.loads(_window_file(vault).read_text(encoding="utf-8"))
        entries = [(float(t), int(n)) for t, n in raw]
    except (OSError, ValueError, TypeError):
        return []
    return [(t, n) for t, n in entries if 0 <= now - t < window]


def _record_deletions(vault: Path, config: Config, count: int) -> None:
    if count <= 0:
        return
    now = time.time()
    entries = [*_recent_deletions(vault, _window(config), now), (now, count)]
    writer.write_atomic(_window_file(vault), json.dumps(entries), fsync=False)


def _window(config: Config) -> float:
    value = config.get("watch", "delete_window_s")
    return DELETE_WINDOW_S if value is None else max(0.0, float(value))


def _guard(
    vault: Path,
    config: Config,
    deleted: Sequence[str],
    present: Iterable[str],
    now: dt.datetime,
) -> Held | None:
    """Held deletions when this batch, with the note deletions committed in the last
    `watch.delete_window_s`, removes too large a share of the notes; else None.

    Deletions balanced by new notes in the same batch are moves (a renamed folder), not losses,
    so the share counts only what is deleted beyond what is added.
    """
    notes_deleted = [r for r in deleted if _is_md(r)]
    if not notes_deleted:
        return None
    minimum = int(config.get("watch", "min_held_deletions") or MIN_HELD_DELETIONS)
    recent = sum(n for _t, n in _recent_deletions(vault, _window(config), time.time()))
    if len(notes_deleted) + recent < minimum:
        return None
    tracked = history.tracked(vault)
    known = set(tracked)
    added = sum(1 for r in present if _is_md(r) and r not in known)
    # The share is of the notes there were before the window's deletions began.
    total = sum(1 for r in tracked if _is_md(r)) + recent
    net = len(notes_deleted) - added + recent
    share = net / total if total else 0.0
    if net < minimum or share <= float(config.get("watch", "max_delete_share")):
        return None
    previous = held(vault)
    rels = tuple(sorted(set(deleted) | set(previous.rels if previous else ())))
    since = previous.since if previous else timestamp.format(now)
    return Held(rels=rels, since=since, share=round(share, 3), total=total)


def _prune_held(vault: Path) -> Held | None:
    """Forget held deletions that are no deletions any more: files that came back (restored by
    hand or by a sync service) and paths git no longer tracks (a checkout of another branch
    took them away with their history: git has nothing to delete)."""
    current = held(vault)
    if current is None:
        return None
    known = gate.in_head(vault, current.rels)
    still = tuple(
        r for r in current.rels if vault_files.kind(vault, r) == vault_files.MISSING and r in known
    )
    if still != current.rels:
        current = Held(still, current.since, current.share, current.total) if still else None
        _save_held(vault, current)
    return current


# ---------------------------------------------------------------------------------------------
# committing a batch


def _state(vault: Path, rel: str) -> str:
    """ "present", "missing" or "unreadable" (permission denied, I/O error). A symlink is
    present (git records the link itself); nothing here follows it."""
    what = vault_files.kind(vault, rel)
    if what == vault_files.MISSING:
        return "missing"
    if what == vault_files.UNREADABLE:
        return "unreadable"
    if what == vault_files.SYMLINK and (vault / rel).is_symlink():
        try:
            (vault / rel).stat()  # a dangling or looping link: left alone until it resolves
        except OSError:
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
    moment = now or timestamp.now()
    history.check_state(vault)
    resume_rollback(vault, config)
    wanted = {r for r in rels if history.stageable(r)}
    if report is not None:
        wanted |= {r for r in report.generated if history.stageable(r)}
    wanted = _per_file(vault, wanted)
    current = _prune_held(vault)
    if current is not None and not confirm_deletions:
        wanted -= set(current.rels)
    unreadable = {r for r in wanted if _state(vault, r) == "unreadable"}
    wanted -= unreadable  # never a deletion, never a half-read commit: retried once readable
    missing = {r for r in wanted if _state(vault, r) == "missing"}
    # Only what git tracks can be deleted: paths a branch switch took away are no deletions.
    deleted = sorted(gate.in_head(vault, missing))
    wanted -= missing - set(deleted)
    refused = gate.screen(vault, config, wanted - missing)
    gate.save_blocked(vault, wanted, refused)
    wanted -= set(refused)
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
    if sha and not confirm_deletions:
        _record_deletions(
            vault,
            config,
            sum(1 for c in changes if c.status == "D" and _is_md(c.path))
            - sum(1 for c in changes if c.status == "A" and _is_md(c.path)),
        )
    summary, agents = summarize(changes) if changes else ("", ())
    return BatchResult(
        commit=sha,
        files=tuple(sorted(wanted)),
        message=message,
        held=new_held,
        agents=agents,
        summary=summary,
        changes=changes,
        blocked=tuple(sorted(refused.items())),
    )


def _per_file(vault: Path, rels: set[str]) -> set[str]:
    """The batch as single files: a folder (one event for a folder moved in or deleted whole)
    becomes the files in it that git sees changed, so the gate judges each one and git is
    never handed a folder to add everything inside at once."""
    folders = [
        r for r in rels if vault_files.kind(vault, r) in (vault_files.FOLDER, vault_files.MISSING)
    ]
    if not folders:
        return rels
    inside = {rel for _code, rel in history.status_porcelain(vault, folders)}
    return (rels - set(folders)) | inside | {r for r in folders if r in inside}


def commit_pending(vault: Path, config: Config, *, confirm_deletions: bool = False) -> BatchResult:
    """Commit every uncommitted change git sees (healing missed events), guard included."""
    return commit_batch(
        vault, config, history.dirty_rels(vault), confirm_deletions=confirm_deletions
    )


def restore_held(vault: Path, config: Config) -> tuple[str, ...]:
    """Bring the held-back deleted files back from the last commit; returns the restored rels.

    Only files that are still missing come back, each under its note lock: a note a person
    re-created since the deletion was held is theirs and is never overwritten.
    """
    current = _prune_held(vault)
    if current is None:
        return ()
    timeout = float(config.get("git", "lock_timeout_s"))
    with note_locks(vault, current.rels, timeout):
        missing = [r for r in current.rels if vault_files.kind(vault, r) == vault_files.MISSING]
        back = history.checkout_files(vault, missing, lock_timeout=timeout)
    _prune_held(vault)
    return back
