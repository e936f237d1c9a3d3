"""`vaultsync status`: the learning queue, recent hook errors, the vault's size, the hooks.

Everything here is read from small derived files (queue markers, the hook error log) and one
walk of the vault; nothing is parsed as markdown and the index is not needed.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from vaultsync.core import logs, paths
from vaultsync.core.config import Config, user_config_path
from vaultsync.core.model import AGENTS, QUEUE_STATES
from vaultsync.core.queue import queue_counts


@dataclass(frozen=True)
class Status:
    vault: Path
    queue: dict[str, int]  # every queue state, zeros included
    hook_errors_24h: int
    last_hook_error: dict[str, str] | None
    redactions_24h: int
    notes: int
    sessions: int
    vault_bytes: int
    hooks: dict[str, bool] = field(default_factory=dict)  # agent -> user-scope hooks installed
    last_learn: dict[str, object] | None = None  # the last `vaultsync learn` run (learn_summary)
    watcher: dict[str, object] | None = None  # heartbeat: state, errors, recent_errors, waiting
    git_waiting: str | None = None  # why nothing is committed now (merge, rebase, detached HEAD)
    blocked: dict[str, str] = field(default_factory=dict)  # files held back from git, and why
    held_deletions: int = 0
    sync: dict[str, object] | None = None  # remote, ahead/behind, last sync, waiting conflicts
    agents: dict[str, str] = field(default_factory=dict)  # installed agent -> its health, briefly
    # Settings of the shared vault config this machine does not honour (core.config.MACHINE_ONLY)
    config_ignored: tuple[str, ...] = ()
    # agent -> memories injected (session start and prompts) and used, the last seven days
    memory_use: dict[str, dict[str, int]] = field(default_factory=dict)
    spooled: int = 0  # events waiting in the spool after this call's drain
    spool_problem: str | None = None  # why the newest of them could not be written, if known

    def as_dict(self) -> dict[str, object]:
        return {
            "vault": str(self.vault),
            "queue": self.queue,
            "hook_errors_24h": self.hook_errors_24h,
            "last_hook_error": self.last_hook_error,
            "redactions_24h": self.redactions_24h,
            "notes": self.notes,
            "sessions": self.sessions,
            "vault_bytes": self.vault_bytes,
            "hooks": self.hooks,
            "last_learn": self.last_learn,
            "watcher": self.watcher,
            "git_waiting": self.git_waiting,
            "blocked": self.blocked,
            "held_deletions": self.held_deletions,
            "sync": self.sync,
            "agents": self.agents,
            "config_ignored": list(self.config_ignored),
            "memory_use": self.memory_use,
            "spooled": self.spooled,
            "spool_problem": self.spool_problem,
            "spool_advice": spool_advice(self.spool_problem) if self.spool_problem else None,
        }


def _vault_size(vault: Path) -> tuple[int, int, int]:
    """(notes, session notes, bytes), through the one vault walk (storage.vault_files)."""
    from vaultsync.storage import vault_files

    notes = sessions = size = 0
    for rel, (_mtime, nbytes) in vault_files.walk(vault, notes_only=False).files.items():
        size += nbytes
        if paths.is_note(rel):
            notes += 1
            if rel.startswith(paths.SESSIONS_DIR + "/"):
                sessions += 1
    return notes, sessions, size


def _watcher(vault: Path) -> dict[str, object] | None:
    """The watcher's heartbeat, as `status` shows it: its recent errors above all."""
    try:
        data = json.loads(paths.watch_heartbeat(vault).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    keys = ("state", "pid", "last_batch", "last_commit", "errors", "last_error", "waiting")
    out: dict[str, object] = {k: data.get(k) for k in keys}
    recent = data.get("recent_errors")
    out["recent_errors"] = [str(e) for e in recent] if isinstance(recent, list) else []
    return out


_LEARN_COUNTS = ("summarized", "candidates", "reinforced", "proposals", "drafts", "archived")


def learn_summary(vault: Path) -> dict[str, object] | None:
    """The last non-dry `vaultsync learn` run, from the record it leaves in the vault's state
    folder: when it finished, its mode, how many of each thing it did, and its warnings."""
    try:
        data = json.loads(paths.learn_report(vault).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None

    def count(key: str) -> int:
        value = data.get(key)
        return len(value) if isinstance(value, list) else 0

    warnings = data.get("warnings")
    return {
        "finished": str(data.get("finished") or ""),
        "mode": str(data.get("mode") or ""),
        "model": str(data.get("model") or ""),
        "noop": bool(data.get("noop")),
        **{key: count(key) for key in _LEARN_COUNTS},
        "deferred": count("deferred"),
        "privacy_deferred": count("privacy_deferred"),
        "skipped_for_budget": count("skipped_for_budget"),
        "warnings": [str(w) for w in warnings] if isinstance(warnings, list) else [],
    }


def ignored_settings(config: Config) -> tuple[str, ...]:
    """The shared (vault config) settings this machine does not honour, one sentence each."""
    from vaultsync.core.privacy.redactor import shadowed_shared_rules

    found = list(config.ignored)
    shadowed = shadowed_shared_rules(config.privacy)
    if shadowed and config.vault is not None:
        found.append(
            f"{config.vault / paths.VAULT_CONFIG}: privacy.rules {', '.join(shadowed)} ignored: "
            "a shared rule cannot replace a built-in rule; only this machine's config may "
            f"({user_config_path()})"
        )
    return tuple(found)


def status(vault: Path, *, now: Callable[[], datetime] = lambda: datetime.now(UTC)) -> Status:
    from vaultsync.core.config import load_config
    from vaultsync.core.hook import capture
    from vaultsync.services.agents.install import installed

    ignored: tuple[str, ...] = ()
    with contextlib.suppress(Exception):  # status reports; it must never fail on a drain
        config = load_config(vault)
        ignored = ignored_settings(config)
        capture.catch_up(vault, config)  # spooled events land before counting
    counts = queue_counts(vault)
    queue = {state.value: counts.get(state.value, 0) for state in QUEUE_STATES}
    since = now() - timedelta(hours=24)
    errors = logs.recent_hook_errors(since)
    last = None
    if errors:
        final = errors[-1]
        last = {k: str(final.get(k, "")) for k in ("time", "agent", "event", "error", "message")}
    redactions = logs.redaction_count(vault, since)
    notes, sessions, size = _vault_size(vault)
    from vaultsync.services.vault import autocommit
    from vaultsync.storage import repository

    held = autocommit.held(vault)
    from vaultsync.core.hook import spool

    return Status(
        vault=vault,
        queue=queue,
        hook_errors_24h=len(errors),
        last_hook_error=last,
        redactions_24h=redactions,
        notes=notes,
        sessions=sessions,
        vault_bytes=size,
        hooks={agent: installed(agent) for agent in AGENTS},
        last_learn=learn_summary(vault),
        watcher=_watcher(vault),
        git_waiting=repository.git_state(vault),
        blocked=autocommit.blocked(vault),
        held_deletions=len(held.rels) if held else 0,
        sync=_sync_state(vault),
        agents=_agent_states(vault),
        config_ignored=ignored,
        memory_use=_memory_use(vault, now()),
        spooled=spool.count(vault),
        spool_problem=spool.problem(vault),
    )


def _memory_use(vault: Path, moment: datetime) -> dict[str, dict[str, int]]:
    from vaultsync.services.learning import usage

    try:
        return usage.summary(vault, moment)
    except (OSError, ValueError):
        return {}


def _sync_state(vault: Path) -> dict[str, object] | None:
    from vaultsync.services.vault import remote
    from vaultsync.storage import history, history_remote

    try:
        return remote.remote_state(vault)
    except history.GitError as exc:
        return {"remote": None, "error": history_remote.redact_url(str(exc))}


def _agent_states(vault: Path) -> dict[str, str]:
    """ "installed", or what stops the hooks working ("not trusted", "outdated", ...):
    `vaultsync doctor` says how to fix it."""
    from vaultsync.services.agents.health import check_all

    try:
        return {h.agent: h.short for h in check_all(vault)}
    except Exception:  # status reports; a broken agent file is doctor's to explain
        return {}


def spool_advice(problem: str) -> str:
    """What to do about events that wait because their note cannot be written. They are
    written by the next hook call, `vaultsync status` or the watcher once the cause is gone."""
    low = problem.lower()
    if "symbolic link" in low or "not a regular file" in low:
        return (
            "vaultsync never writes through a symbolic link: replace the link with a real "
            "folder (or file) inside the vault, moving its notes back; to keep notes on "
            "another disk, move the whole vault there"
        )
    if "no space" in low or "too large" in low or "quota" in low:
        return "free space on the disk named above; nothing is lost meanwhile"
    if "read-only" in low or "permission" in low or "not permitted" in low:
        return "make the folder named above writable for this user"
    return "fix what the message names"
