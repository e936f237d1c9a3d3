"""`vaultsync doctor`: is every part of vaultsync healthy on this machine, and how to fix what
is not.

Each check reads what the running parts leave behind (the index, the watcher's heartbeat, the
hook error log, the queue markers, git) and answers ok, warn or fail with a one-line fix. The
checks never change anything. The watcher's heartbeat is passed in by the caller: it belongs to
an adapter, which this layer does not import.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import enum
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vaultsync.core import paths, timestamp
from vaultsync.core.config import Config, ConfigError, load_config
from vaultsync.core.model import SessionStatus
from vaultsync.core.text import estimate_tokens

RECENT_S = 120  # a difference younger than this is the watcher's debounce, not staleness
QUEUE_STALE_DAYS = 2
HOOK_ERRORS_FAIL = 20  # per 24 h: beyond occasional trouble, the hook is broken
STALE_LOCK_S = 60


class State(enum.StrEnum):
    OK = "ok"
    WARN = "warn"
    FAIL = "fail"


@dataclass(frozen=True)
class Check:
    name: str
    state: State
    summary: str
    fix: str = ""

    def as_dict(self) -> dict[str, str]:
        return {
            "name": self.name,
            "state": self.state.value,
            "summary": self.summary,
            "fix": self.fix,
        }


@dataclass(frozen=True)
class Report:
    vault: Path
    checks: tuple[Check, ...]

    @property
    def ok(self) -> bool:
        return all(c.state is State.OK for c in self.checks)

    @property
    def failed(self) -> bool:
        return any(c.state is State.FAIL for c in self.checks)

    def as_dict(self) -> dict[str, Any]:
        return {
            "vault": str(self.vault),
            "ok": self.ok,
            "failed": self.failed,
            "checks": [c.as_dict() for c in self.checks],
        }


Now = Callable[[], dt.datetime]


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def _ago(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s ago"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min ago"
    if seconds < 129600:
        return f"{seconds / 3600:.0f} h ago"
    return f"{seconds / 86400:.0f} days ago"


def _size(n: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} GB"


# ---------------------------------------------------------------- the checks


def check_config(vault: Path) -> tuple[Check, Config | None]:
    try:
        config = load_config(vault)
    except ConfigError as exc:
        return Check("config", State.FAIL, str(exc), "fix the file named above (TOML syntax)"), None
    where = ", ".join(config.sources) or "defaults only"
    from vaultsync.services.vault.status import ignored_settings

    ignored = ignored_settings(config)
    if ignored:
        return (
            Check(
                "config",
                State.WARN,
                f"parses ({where}); shared settings ignored: " + "; ".join(ignored),
                "set them in this machine's config if you mean them here, and remove them "
                "from the vault config (docs/configuration.md, shared and machine settings)",
            ),
            config,
        )
    return Check("config", State.OK, f"parses ({where})"), config


Walked = tuple[dict[str, tuple[int, int]], list[str]]  # reconcile.walk: rel -> (mtime_ns, size)


def _walk(vault: Path, walked: Walked | None) -> Walked:
    from vaultsync.services.derived.reconcile import walk

    return walked if walked is not None else walk(vault)


def check_index(
    vault: Path,
    config: Config,
    now: dt.datetime,
    watcher_alive: bool,
    walked: Walked | None = None,
) -> Check:
    from vaultsync.storage.index import Index, IndexFailure
    from vaultsync.storage.index_file import problem

    index_file = config.index_file()
    if not index_file.exists():
        return Check("index", State.FAIL, f"no index at {index_file}", "run `vaultsync rebuild`")
    if problem(index_file):
        return Check("index", State.FAIL, str(problem(index_file)), "run `vaultsync rebuild`")
    try:
        with Index.open(index_file) as index:
            known = index.stats()
    except IndexFailure as exc:
        return Check("index", State.FAIL, f"unusable: {exc}", "run `vaultsync rebuild`")
    files, unreadable = _walk(vault, walked)
    horizon = now.timestamp() - RECENT_S
    old = recent = 0
    for rel, (mtime_ns, size) in files.items():
        row = known.get(rel)
        if row is not None and row[:2] == (mtime_ns, size):
            continue
        if mtime_ns / 1e9 >= horizon:
            recent += 1
        else:
            old += 1
    gone = sum(1 for rel in known if rel not in files)
    stale = old + gone
    note = f"; {len(unreadable)} folders unreadable" if unreadable else ""
    if stale == 0 and (recent == 0 or watcher_alive):
        catching = f", {recent} just changed (the watcher is on it)" if recent else ""
        from vaultsync.storage.vectors.store import describe

        return Check(
            "index",
            State.OK,
            f"{len(known)} notes, in step with the vault{catching}{note}; {describe(config)}",
        )
    return Check(
        "index",
        State.WARN,
        f"{stale + recent} notes differ from the index ({gone} deleted, "
        f"{stale + recent - gone} new or changed){note}",
        "run `vaultsync rebuild`, and keep the watcher running (`vaultsync service install`)",
    )


def check_watcher(
    heartbeat: dict[str, Any] | None, alive: Callable[[int], bool] = _pid_alive
) -> tuple[Check, bool]:
    fix = "run `vaultsync service install` (or `vaultsync watch` in a terminal)"
    if not heartbeat:
        return Check("watcher", State.WARN, "has never run on this machine", fix), False
    pid = heartbeat.get("pid")
    state = str(heartbeat.get("state") or "")
    errors = int(heartbeat.get("errors") or 0)
    last = heartbeat.get("last_commit") or ""
    running = state == "running" and isinstance(pid, int) and alive(pid)
    if state == "running" and not running:
        return Check(
            "watcher", State.FAIL, f"died without stopping (pid {pid} is gone)", fix
        ), False
    if not running:
        return Check("watcher", State.WARN, f"not running ({state or 'unknown state'})", fix), False
    detail = f"running (pid {pid}), {heartbeat.get('commits', 0)} commits"
    if last:
        detail += f", last {str(last)[:10]}"
    if errors:
        return (
            Check(
                "watcher",
                State.WARN,
                f"{detail}; {errors} errors, last: {heartbeat.get('last_error', '')}",
                "see `vaultsync service status`; the error names the file or lock involved",
            ),
            True,
        )
    return Check("watcher", State.OK, detail), True


def check_hooks(now: dt.datetime) -> Check:
    from vaultsync.core import logs

    log = paths.hook_error_log()
    errors = logs.recent_hook_errors(now - dt.timedelta(hours=24))
    if not errors:
        return Check("hook errors", State.OK, "none in the last 24 h")
    last = errors[-1]
    what = f"{last.get('agent', '?')} {last.get('event', '?')}: {last.get('error', '')}"
    state = State.FAIL if len(errors) >= HOOK_ERRORS_FAIL else State.WARN
    return Check(
        "hook errors", state, f"{len(errors)} in the last 24 h; last {what}", _hook_fix(last, log)
    )


def _hook_fix(last: dict[str, object], log: Path) -> str:
    """The advice that fits the last error: a note or state file that cannot be written is
    not a broken hook command (its events wait in the spool)."""
    from vaultsync.services.vault.status import spool_advice

    error, message = str(last.get("error", "")), str(last.get("message", ""))
    if error in ("NoteWriteError", "StateWriteError"):
        return f"{message}: {spool_advice(message)}"
    if error == "TimeLimit":
        return "the machine was busy: the events were spooled and written later (nothing lost)"
    if message.startswith("vault not found:") and message.endswith("waits in the spool"):
        return (
            "the hook's vault was not there (a drive not mounted, a folder moved): its events "
            "waited in the spool and are written once it is back; if it moved for good, "
            "point VAULTSYNC_VAULT (or `vaultsync init`) at its new place"
        )
    return f"read {log}; `vaultsync install AGENT` rewrites a broken hook command"


def check_spool(vault: Path) -> Check:
    """Events that wait in the spool, and why (core/hook/spool.py)."""
    from vaultsync.core.hook import spool
    from vaultsync.services.vault.status import spool_advice

    waiting = spool.count(vault)
    if not waiting:
        return Check("spool", State.OK, "empty")
    problem = spool.problem(vault)
    if problem is None:
        return Check(
            "spool", State.WARN, f"{waiting} events wait (the hook was busy)",
            "they are written by the next hook call, the watcher or `vaultsync status`",
        )  # fmt: skip
    return Check(
        "spool", State.FAIL, f"{waiting} events wait: cannot write: {problem}",
        f"{spool_advice(problem)}; then `vaultsync status` writes them",
    )  # fmt: skip


def _session_time(rel: str) -> dt.datetime | None:
    match = re.search(r"(\d{4}-\d\d-\d\d) (\d\d)(\d\d)", Path(rel).name)
    if not match:
        return None
    try:
        day = dt.date.fromisoformat(match.group(1))
        return dt.datetime(
            day.year, day.month, day.day, int(match.group(2)), int(match.group(3)), tzinfo=dt.UTC
        )
    except ValueError:
        return None


def check_queue(vault: Path, now: dt.datetime) -> Check:
    from vaultsync.core.queue import markers

    counts: dict[str, int] = {}
    oldest: dt.datetime | None = None
    for status, rel in markers(vault):
        counts[status] = counts.get(status, 0) + 1
        if status == SessionStatus.PENDING.value:
            when = _session_time(rel)
            if when is not None and (oldest is None or when < oldest):
                oldest = when
    pending = counts.get(SessionStatus.PENDING.value, 0)
    held = counts.get(SessionStatus.PRIVACY_DEFERRED.value, 0)
    deferred = counts.get(SessionStatus.DEFERRED.value, 0)
    summary = f"{pending} pending, {held} privacy_deferred, {deferred} deferred"
    last = _last_learn(vault)
    if last:
        summary += f"; last learn run {last}"
    if oldest is not None and (now - oldest).days >= QUEUE_STALE_DAYS:
        return Check(
            "learning queue",
            State.WARN,
            f"{summary}; the oldest pending session is {(now - oldest).days} days old",
            "run `vaultsync learn`, and `vaultsync schedule install` so it runs every day",
        )
    if held:
        return Check(
            "learning queue",
            State.WARN,
            f"{summary}; {held} session{'s wait' if held > 1 else ' waits'} for your decision",
            "run `vaultsync review` (release or skip each one)",
        )
    return Check("learning queue", State.OK, summary)


def _last_learn(vault: Path) -> str:
    from vaultsync.services.vault.status import learn_summary

    last = learn_summary(vault)
    return timestamp.shown(last["finished"]) if last else ""


def check_size(vault: Path, config: Config, walked: Walked | None = None) -> Check:
    files, _ = _walk(vault, walked)
    vault_bytes = sum(size for _, size in files.values())
    index_file = config.index_file()
    index_bytes = 0
    for extra in ("", "-wal", "-shm"):
        with contextlib.suppress(OSError):
            index_bytes += os.stat(f"{index_file}{extra}").st_size
    summary = (
        f"{len(files)} notes, {_size(vault_bytes)}; index {_size(index_bytes)} at {index_file}"
    )
    try:
        index_file.resolve().relative_to(vault.resolve())
    except ValueError:
        return Check("size", State.OK, summary)
    return Check(
        "size",
        State.FAIL,
        f"{summary}: the index is inside the vault, where sync and git would copy it",
        "remove vault.index_path from the config (the default keeps it outside)",
    )


def check_git(vault: Path, now: dt.datetime) -> Check:
    from vaultsync.services.vault import autocommit
    from vaultsync.storage import history

    if history.git_binary() is None:
        return Check("git", State.WARN, "git is not installed: no history", "install git")
    lock = vault / ".git" / "index.lock"
    try:
        lock_age = now.timestamp() - lock.stat().st_mtime
    except OSError:
        lock_age = None
    if lock_age is not None and lock_age > STALE_LOCK_S:
        return Check(
            "git",
            State.FAIL,
            f".git/index.lock left behind {_ago(lock_age)}: every commit fails",
            f"if no git command is running, delete {lock}",
        )
    try:
        if not history.is_repo(vault):
            return Check(
                "git",
                State.WARN,
                "the vault is not a git repository yet",
                "run `vaultsync watch --once` (it creates the repository and commits)",
            )
        dirty = history.dirty_rels(vault)
    except history.GitError as exc:
        return Check("git", State.FAIL, f"git fails: {exc}", "run `git status` in the vault")
    busy = history.repository.git_state(vault)
    if busy is not None:
        return Check(
            "git", State.WARN, f"not committing: {busy.split('; ')[0]}", busy.split(": ", 1)[-1]
        )
    blocked = autocommit.blocked(vault)
    if blocked:
        rel, why = sorted(blocked.items())[0]
        return Check(
            "git",
            State.WARN,
            f"{len(blocked)} files held back from git (e.g. {rel}: {why})",
            autocommit.allow_hint(),
        )
    waiting = autocommit.held(vault)
    if waiting is not None:
        return Check(
            "git",
            State.WARN,
            f"{len(waiting.rels)} deletions held back since {timestamp.shown(waiting.since)} "
            f"({waiting.share:.0%} of {waiting.total} notes)",
            "`vaultsync commit --confirm-deletions` or `vaultsync commit --restore-deletions`",
        )
    if dirty:
        return Check(
            "git",
            State.WARN,
            f"{len(dirty)} uncommitted changes (e.g. {dirty[0]})",
            "run `vaultsync commit`, and keep the watcher running",
        )
    head = history.head(vault)
    return Check("git", State.OK, f"clean, at {head[:10] if head else 'no commits yet'}")


def check_sync(vault: Path, now: dt.datetime) -> Check:
    from vaultsync.services.vault.sync_state import health

    state, summary, fix = health(vault)
    return Check("sync", State(state), summary, fix)


def _render(vault: Path, config: Config) -> Any:
    """What USER.md/AGENT.md would be now: from the index (five times faster than reading
    every memory and summary note), or from the notes when there is no usable index."""
    from vaultsync.services.derived.generate import generate, generate_from_vault
    from vaultsync.storage.index import Index, IndexFailure

    index_file = config.index_file()
    if index_file.exists():
        try:
            with Index.open(index_file) as index:
                memories = index.notes(type="memory")
                summaries = index.notes(type="summary")
            return generate(vault, config, memories, summaries, write=False)
        except IndexFailure:
            pass
    return generate_from_vault(vault, config, write=False)


def check_budgets(vault: Path, config: Config) -> Check:
    generation = _render(vault, config)
    parts: list[str] = []
    problems: list[str] = []
    for name in paths.GENERATED_FILES:
        rendered = generation.by_name.get(name)
        if rendered is None:
            continue
        try:
            disk = (vault / name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            disk = None
        tokens = estimate_tokens(disk) if disk is not None else rendered.tokens
        parts.append(f"{name} {tokens}/{rendered.budget} tokens")
        if disk is None:
            problems.append(f"{name} is missing")
        elif tokens > rendered.budget:
            problems.append(f"{name} is over its budget")
        elif disk != rendered.text:
            problems.append(f"{name} is out of date")
        if rendered.omitted:
            problems.append(f"{len(rendered.omitted)} memories left out of {name}")
    summary = ", ".join(parts)
    if not problems:
        return Check("USER.md/AGENT.md", State.OK, summary)
    stale = any("missing" in p or "out of date" in p or "over" in p for p in problems)
    fix = (
        "run `vaultsync rebuild` (the watcher keeps them current)"
        if stale
        else "see `vaultsync me`; demote or trim memories, or raise budgets.*_md_tokens"
    )
    return Check("USER.md/AGENT.md", State.WARN, f"{summary}; " + "; ".join(problems), fix)


# ---------------------------------------------------------------- all of them


def check_notes(config: Config) -> Check:
    """Notes whose frontmatter cannot be read, as the index last saw them: each is searched as
    plain text, and a memory among them is out of USER.md and AGENT.md (its level and scope are
    in that frontmatter) until a person mends it. Nothing else tells a person: the watcher
    reads such a note without stopping, and Obsidian shows the text as it is."""
    from vaultsync.storage.index import Index, IndexFailure
    from vaultsync.storage.index_file import problem

    index_file = config.index_file()
    try:
        if not index_file.exists() or problem(index_file):
            raise IndexFailure("no usable index")
        with Index.open(index_file) as index:
            unread = index.unread_frontmatter()
    except IndexFailure:
        return Check("notes", State.OK, "not checked: the index check above says why")
    if not unread:
        return Check("notes", State.OK, "every note's properties read")
    shown = "; ".join(f"{rel}: {why}" for rel, why in unread[:3])
    more = f"; {len(unread) - 3} more" if len(unread) > 3 else ""
    return Check(
        "notes",
        State.WARN,
        f"{len(unread)} with properties vaultsync cannot read, searched as plain text (a memory "
        f"among them is left out of USER.md/AGENT.md): {shown}{more}",
        "mend the frontmatter between the --- lines (Obsidian's source mode shows it); the "
        "watcher, or `vaultsync rebuild`, reads it again",
    )


def run(
    vault: Path,
    *,
    heartbeat: dict[str, Any] | None = None,
    now: Now = lambda: dt.datetime.now(dt.UTC),
    alive: Callable[[int], bool] = _pid_alive,
) -> Report:
    when = now()
    if not vault.is_dir():
        missing = Check("vault", State.FAIL, f"not found: {vault}", f"run `vaultsync init {vault}`")
        return Report(vault, (missing,))
    config_check, config = check_config(vault)
    watcher, watcher_alive = check_watcher(heartbeat, alive)
    checks = [config_check, watcher]
    walked = _walk(vault, None)  # one walk serves the index and the size checks
    if config is not None:
        checks.append(
            _guard("index", lambda: check_index(vault, config, when, watcher_alive, walked))
        )
        checks.append(_guard("notes", lambda: check_notes(config)))
    checks.append(_guard("hook errors", lambda: check_hooks(when)))
    checks.append(_guard("spool", lambda: check_spool(vault)))
    checks.append(_guard("learning queue", lambda: check_queue(vault, when)))
    if config is not None:
        checks.append(_guard("size", lambda: check_size(vault, config, walked)))
    checks.append(_guard("git", lambda: check_git(vault, when)))
    if config is not None:
        checks.append(_guard("USER.md/AGENT.md", lambda: check_budgets(vault, config)))
    checks.append(_guard("sync", lambda: check_sync(vault, when)))
    checks += check_agents(vault)
    return Report(vault, tuple(checks))


def check_agents(vault: Path) -> list[Check]:
    """One check per installed agent (services/agents/health.py)."""
    from vaultsync.services.agents.health import check_all

    try:
        found = check_all(vault)
    except Exception as exc:  # a broken agent file must not stop the other checks
        return [Check("agents", State.FAIL, f"could not be checked: {type(exc).__name__}: {exc}")]
    checks = [Check(f"agent {h.agent}", State(h.state), h.summary, h.fix) for h in found]
    return checks + check_mcp_servers()


def check_mcp_servers() -> list[Check]:
    """Each agent's registered MCP server, started once (services/agents/mcp_probe.py)."""
    from vaultsync.services.agents.mcp_probe import probe_all

    try:
        probes = probe_all()
    except Exception as exc:  # one broken configuration must not stop the other checks
        return [Check("mcp", State.FAIL, f"could not be checked: {type(exc).__name__}: {exc}")]
    return [
        Check(f"mcp {p.agent}", State.OK if p.ok else State.FAIL, p.summary, p.fix) for p in probes
    ]


def _guard(name: str, check: Callable[[], Check]) -> Check:
    """A check that crashes is a failed check, never a crashed doctor."""
    try:
        return check()
    except Exception as exc:  # the doctor must report on a broken machine, not die on it
        return Check(name, State.FAIL, f"could not be checked: {type(exc).__name__}: {exc}")
