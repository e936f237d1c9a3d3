"""From one parsed hook call to the vault: excerpt, redact, filter, append, assess, inject.

- Tool input and output become excerpts (`excerpt`: paths, commands, sizes, first and last
  lines within `hook.summary_chars`), so the work is bounded by the limits, not the output.
- Every text field is redacted before the first byte reaches the vault.
- Filters drop what is not worth keeping: skipped tools, short or low-value events, and
  duplicates (same tool and input earlier in the session, or `hook.dedupe_overlap` word overlap
  with the previous event). Lifecycle events are never filtered; failures are never dropped for
  being short or repeated.
- A session's note is found through a pointer file in the per-vault state folder, created
  race-free on the first event; appends go through `writer.append` under the note's lock, and
  the filter state is read and updated under a per-session lock, so parallel hooks never lose,
  duplicate or interleave events.
- At the end of a session (and at every turn end, for agents that may never send one) the note
  is assessed and its queue status recorded (`queue`).
- At session start the context is assembled: the queue line, USER.md, AGENT.md and the
  project's context file, cut to the token budget.
"""

from __future__ import annotations

import contextlib
import json
from datetime import UTC, datetime, timedelta
from fnmatch import fnmatchcase
from pathlib import Path

from vaultsync.core import eventlog, paths, writer
from vaultsync.core.agents import Incoming
from vaultsync.core.excerpt import Limits, cap, summarise_input, summarise_output
from vaultsync.core.model import Event, EventKind
from vaultsync.core.project import Project, project_of
from vaultsync.core.queue import NoBudget, close_session, queue_counts, queue_line

# typing costs the hook ~2 ms to import; annotations are strings anyway.
TYPE_CHECKING = False

if TYPE_CHECKING:
    from dataclasses import replace
    from typing import Any

    from vaultsync.core.config import Config
    from vaultsync.core.queue import Budget
else:  # dataclasses imports inspect, ast, dis...: too slow for the hook path
    from vaultsync.core.frozen_record import replace

_TOOLISH = (EventKind.TOOL, EventKind.TOOL_ERROR)
_FILTERED = (EventKind.TOOL, EventKind.TOOL_ERROR, EventKind.PROMPT)


# --- events ----------------------------------------------------------------------------------


def build_event(
    inc: Incoming, project: Project, now: datetime, limits: Limits, event_id: str = ""
) -> Event:
    assert inc.kind is not None
    now = now.astimezone(UTC)
    has_tool = bool(inc.tool) or inc.kind in _TOOLISH
    extra = {k: v for k, v in inc.extra.items() if isinstance(v, str | int | float | bool)}
    return Event(
        id=event_id or eventlog.new_event_id(now.strftime("%Y%m%dT%H%M%S%fZ")),
        ts=now.strftime("%Y-%m-%dT%H:%M:%S.%fZ"),
        agent=inc.agent,
        session_id=inc.session_id,
        kind=inc.kind,
        native_event=inc.native_event,
        cwd=inc.cwd[:1000],
        project=project.key[:1000],
        turn_id=inc.turn_id[:200],
        tool=inc.tool[:200],
        tool_kind=inc.tool_kind,
        input=summarise_input(inc.tool_kind, inc.tool_input, limits) if has_tool else "",
        output=summarise_output(inc.tool_output, limits) if has_tool else "",
        prompt=cap(inc.prompt, limits.chars * 4),
        message=cap(inc.message, limits.chars * 4),
        is_error=inc.is_error,
        files=tuple(f[:1000] for f in inc.files[:20]),
        extra=extra,
    )


def redact_event(event: Event, redactor: Any) -> tuple[Event, list[Any]]:
    """Redact every text field; returns the clean event (with its counts) and the findings."""
    findings: list[Any] = []
    secrets = injections = 0
    changes: dict[str, Any] = {}

    def clean(text: str) -> str:
        nonlocal secrets, injections
        if not text:
            return text
        result = redactor.redact(text)
        findings.extend(result.findings)
        secrets += result.secret_count
        injections += result.injection_count
        return str(result.text)

    for name in ("input", "output", "prompt", "message", "cwd"):
        value = getattr(event, name)
        cleaned = clean(value)
        if cleaned != value:
            changes[name] = cleaned
    if event.files:
        changes["files"] = tuple(clean(f) for f in event.files)
    if event.extra:
        changes["extra"] = {
            k: clean(v) if isinstance(v, str) else v for k, v in event.extra.items()
        }
    return replace(event, **changes, redactions=secrets, injections=injections), findings


# --- filters ---------------------------------------------------------------------------------


class Seen:
    """Per-session filter state: the previous kept event's text, tool and failure flag, and
    the (tool, input) keys seen so far (1 when their last use failed, so a retry is kept)."""

    __slots__ = ("keys", "last", "last_error", "last_tool")

    def __init__(
        self,
        last: str = "",
        keys: dict[str, int] | None = None,
        last_error: bool = False,
        last_tool: str = "",
    ) -> None:
        self.last, self.keys, self.last_error, self.last_tool = last, keys, last_error, last_tool


def drop_reason(event: Event, seen: Seen, cfg: Config) -> str | None:
    """Why `event` should not be written, or None to keep it."""
    if event.kind not in _FILTERED:
        return None
    if event.kind in _TOOLISH and event.tool:
        patterns = cfg.get("hook", "skip_tools") or []
        if any(fnmatchcase(event.tool, str(p)) for p in patterns):
            return "skipped tool"
    if event.is_error:
        return None
    text = event.text()
    min_chars = int(cfg.get("hook", "min_chars") or 0)
    if len(text.strip()) < min_chars:
        return "too short"
    signals = [str(s) for s in cfg.get("hook", "low_value_signals") or [] if s]
    if signals and any(s in text for s in signals):
        rest = "\n".join(ln for ln in text.splitlines() if not any(s in ln for s in signals))
        if len(rest.strip()) < min_chars:
            return "low value"
    keys = seen.keys or {}
    if event.kind in _TOOLISH and keys.get(_dedupe_key(event)) == 0:
        return "duplicate"
    threshold = float(cfg.get("hook", "dedupe_overlap") or 0)
    # Overlap means the same observation again: only the same tool (or a prompt after a
    # prompt) can repeat one; an edit after a read of the same file is new. What follows a
    # failure reads much like it (the same command, run again) but says whether the fix
    # worked: never dropped for overlap.
    same_source = seen.last_tool == event.tool
    if threshold and seen.last and same_source and not seen.last_error:
        from vaultsync.core.text import overlap

        if overlap(_said(event), seen.last) >= threshold:
            return "overlaps the previous event"
    return None


def _dedupe_key(event: Event) -> str:
    return paths.short_hash(event.tool, event.input, n=16)


def _remember(seen: Seen, event: Event) -> Seen:
    if event.kind not in _FILTERED:
        return seen
    keys = dict(seen.keys or {})
    if event.kind in _TOOLISH:
        keys[_dedupe_key(event)] = 1 if event.is_error else 0
    return Seen(_said(event)[:4000], keys, event.is_error, event.tool)


def _said(event: Event) -> str:
    """The text compared for overlap: without the tool's name, which both events share."""
    return "\n".join(p for p in (event.input, event.output, event.prompt, event.message) if p)


def _load_seen(path: Path) -> Seen:
    try:
        data = json.loads(path.read_bytes())
        keys = data.get("keys")
        return Seen(
            last=str(data.get("last", "")),
            keys=keys if isinstance(keys, dict) else {},
            last_error=data.get("last_error") is True,
            last_tool=str(data.get("last_tool", "")),
        )
    except (OSError, ValueError, AttributeError):
        return Seen(keys={})  # lost or damaged state only weakens the dedupe


# --- session notes ---------------------------------------------------------------------------


def _session_file(vault: Path, agent: str, session_id: str, suffix: str = "") -> Path:
    return (
        paths.state_dir(vault) / "sessions" / (paths.short_hash(agent, session_id, n=16) + suffix)
    )


def _valid_rel(vault: Path, rel: str) -> bool:
    if not rel.startswith(paths.SESSIONS_DIR + "/") or not rel.endswith(".md"):
        return False
    if "\x00" in rel or ".." in Path(rel).parts:
        return False
    try:
        paths.inside(vault, vault / rel)
    except (ValueError, OSError):
        return False
    return True


def session_rel(vault: Path, agent: str, session_id: str, now: datetime) -> str:
    """The session's note (relative path), decided once per session and remembered in a
    pointer file; the first of several parallel first events wins, the others follow it."""
    pointer = _session_file(vault, agent, session_id)
    try:
        rel = pointer.read_text(encoding="utf-8").strip()
        if _valid_rel(vault, rel):
            return rel
    except (OSError, UnicodeDecodeError):
        pass
    rel = _find_note(vault, agent, session_id, now) or paths.session_note_rel(
        agent, session_id, now.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    )
    if not writer.create_exclusive(pointer, rel + "\n"):
        try:
            winner = pointer.read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError):
            winner = ""
        if _valid_rel(vault, winner):
            return winner
        writer.write_atomic(pointer, rel + "\n", fsync=False)  # the old pointer was damaged
    return rel


def _find_note(vault: Path, agent: str, session_id: str, now: datetime) -> str | None:
    """A lost pointer: look for the note by its hash in this month's and last month's folder."""
    digest = paths.short_hash(paths.machine_id(), agent, session_id)
    now = now.astimezone(UTC)
    last_month = now.replace(day=1) - timedelta(days=1)
    for day in (now, last_month):
        folder = vault / paths.SESSIONS_DIR / f"{day:%Y}" / f"{day:%m}"
        for found in sorted(folder.glob(f"* {digest}.md")):
            rel = found.relative_to(vault).as_posix()
            if _valid_rel(vault, rel):
                return rel
    return None


def _header(event: Event, project: Project) -> str:
    from vaultsync.core import properties, schema

    props = schema.session_props(
        agent=event.agent,
        session_id=event.session_id,
        project=event.project,
        cwd=event.cwd,
        started=event.ts[:19],
        machine=paths.machine_id(),
    )
    short = paths.safe_component(event.session_id, 8, "session")
    name = paths.safe_component(project.name or "no project", 60)
    return properties.render_frontmatter(props) + f"\n# {event.agent} session {short} — {name}\n"


SPOOLED = "spooled"  # record(): the event waits in the spool (not dropped)


def session_key(agent: str, session_id: str) -> str:
    """Names the session's state files, lock and spool folder."""
    return paths.short_hash(agent, session_id, n=16)


def _lock_wait(cfg: Config, budget: Budget) -> float:
    """How long to wait for the session's lock before spooling instead: short, so a busy
    session turns parallel hooks into one writer that appends the others' events in a batch,
    and never so long that the time limit could catch the event unwritten."""
    wait = float(cfg.get("hook", "lock_wait_s") or 0.2)
    return max(0.0, min(wait, budget.remaining() - _reserve(budget)))


def _reserve(budget: Budget) -> float:
    """Time kept back for spooling (one small fsynced file) before the limit: a fifth of the
    limit, at most 0.25 s."""
    return min(0.25, 0.2 * float(getattr(budget, "limit", 10.0)))


def _set_fallback(budget: Budget, fallback: Any) -> None:
    setter = getattr(budget, "set_fallback", None)
    if setter is not None:
        setter(fallback)


def record(
    vault: Path, cfg: Config, event: Event, rel: str, project: Project, budget: Budget
) -> str | None:
    """Append `event` to its note unless a filter drops it; when it cannot be written in time
    (the session's lock stays busy, the limit is near) it goes to the spool. Returns None
    when written, SPOOLED when spooled, else the reason it was dropped."""
    from vaultsync.core import spool

    if spool.has_pending(vault, spool.RAW):
        drain_raw(vault, cfg, budget)
    key = session_key(event.agent, event.session_id)
    entry = {"v": 1, "kind": "event", "rel": rel, "project": project.name}
    entry["block"] = eventlog.render(event)

    def to_spool() -> None:
        spool.put(vault, key, entry)

    # If the time limit strikes before the event is in its note, the hook spools it on exit.
    _set_fallback(budget, to_spool)
    try:
        try:
            with writer.locked(_session_lock(vault, key), timeout=_lock_wait(cfg, budget)):
                outcome = _write_session(vault, cfg, key, budget, own=(event, rel, project.name))
        except TimeoutError:
            outcome = None
        if outcome is None:  # lock busy, or no time left to write (or to drain what waits)
            with budget.critical():
                to_spool()
                _set_fallback(budget, None)
            _log_overload(budget)
            _combine(vault, cfg, key, budget)
            return SPOOLED
        _set_fallback(budget, None)
    finally:
        _set_fallback(budget, None)
    _combine(vault, cfg, key, budget)
    reason, kinds = outcome
    _close_drained(vault, cfg, rel, kinds, event, budget)
    return reason


def _log_overload(budget: Budget) -> None:
    """A busy session lock is the normal way parallel hooks hand their events to one writer;
    running out of time is worth a line in the hook error log (`vaultsync status` counts it),
    though nothing was lost."""
    if budget.remaining() > 2 * _reserve(budget) + 0.05:
        return
    from vaultsync.core.hook import note_problem

    note_problem("TimeLimit", "no time left to write the event: spooled, written by the next call")


def _session_lock(vault: Path, key: str) -> Path:
    return paths.state_dir(vault) / "sessions" / (key + ".lock")


def _combine(vault: Path, cfg: Config, key: str, budget: Budget) -> None:
    """After letting go of (or failing to get) the session's lock: if events wait in its
    spool, take the lock without waiting and drain them. Every spooler tries once after its
    file is in place and every holder checks after letting go, so the last one out always
    sees what was spooled while it held the lock: no event is left behind by a race."""
    from vaultsync.core import spool

    while spool.has_pending(vault, key) and budget.remaining() > 2 * _reserve(budget):
        try:
            with writer.locked(_session_lock(vault, key), timeout=0):
                outcome = _write_session(vault, cfg, key, budget, own=None)
        except TimeoutError:
            return  # the holder drains them, or checks again after letting go
        if outcome is None:
            return
        _close_drained(vault, cfg, None, outcome[1], None, budget)


def _close_drained(
    vault: Path,
    cfg: Config,
    rel: str | None,
    kinds: list[tuple[str, EventKind]],
    own: Event | None,
    budget: Budget,
) -> None:
    """Turn and session ends that came out of the spool get their assessment now (the
    caller assesses its own event)."""
    done: dict[str, bool] = {}
    for note_rel, kind in kinds:
        if own is not None and note_rel == rel:
            continue
        if kind in (EventKind.TURN_END, EventKind.SESSION_END):
            done[note_rel] = done.get(note_rel, False) or kind is EventKind.SESSION_END
    for note_rel, final in done.items():
        close_session(vault, cfg, note_rel, datetime.now(UTC), final=final, budget=budget)


def _write_session(
    vault: Path,
    cfg: Config,
    key: str,
    budget: Budget,
    own: tuple[Event, str, str] | None,
) -> tuple[str | None, list[tuple[str, EventKind]]] | None:
    """Under the session's lock: what waits in its spool, then `own` (event, rel, project
    name), through the filters and into the note in one append. Returns (why `own` was
    dropped or None, [(rel, kind) of each event written]), or None when `own` could not be
    written in time (the caller spools it; what was drained stays drained)."""
    from vaultsync.core import spool

    seen_file = _session_file_by_key(vault, key, ".seen")
    seen = first_seen = _load_seen(seen_file)
    batches: dict[str, tuple[str, list[tuple[str, str, Event]]]] = {}  # rel -> (project, ...)
    taken: list[Path] = []
    complete = True
    held: dict[str, str] = {}
    for item in spool.pending(vault, key):
        if budget.remaining() < 2 * _reserve(budget):
            complete = False
            break
        data = spool.load(item)
        if data is None:
            continue
        found = eventlog.parse(str(data.get("block", "")))
        rel = str(data.get("rel", ""))
        if len(found) != 1 or not _valid_rel(vault, rel):
            spool._set_aside(item)
            continue
        event = found[0]
        if rel not in held:
            held[rel] = _note_text(vault, rel)
        taken.append(item)
        if event.id in held[rel] or drop_reason(event, seen, cfg):
            continue  # already in the note (a drain killed before its unlink), or filtered
        seen = _remember(seen, event)
        batch = batches.setdefault(rel, (str(data.get("project", "")), []))[1]
        batch.append((event.id, str(data["block"]), event))
    reason: str | None = None
    if own is not None and complete:
        event, rel, project_name = own
        reason = drop_reason(event, seen, cfg)
        if reason is None:
            seen = _remember(seen, event)
            batch = batches.setdefault(rel, (project_name, []))[1]
            batch.append((event.id, eventlog.render(event), event))
    written = _finish(vault, batches, taken, seen_file, seen, budget, seen is not first_seen)
    if written is None or (own is not None and not complete):
        return None  # `own` must wait behind what is still spooled: it is spooled too
    return reason, written


def _finish(
    vault: Path,
    batches: dict[str, tuple[str, list[tuple[str, str, Event]]]],
    taken: list[Path],
    seen_file: Path,
    seen: Seen,
    budget: Budget,
    seen_changed: bool = True,
) -> list[tuple[str, EventKind]] | None:
    """Append each note's batch in one write, journal it, then let go of the spool files.
    None when a note's lock stayed busy (a rewrite of it): the spool keeps what it held."""
    from vaultsync.core import journal, spool

    written: list[tuple[str, EventKind]] = []
    window = _repair_window(None)
    for rel, (project_name, batch) in batches.items():
        target = paths.inside(vault, vault / rel)
        try:
            note_lock = writer.locked(
                paths.lock_path(vault, rel), timeout=max(0.0, budget.remaining() - _reserve(budget))
            )
            with note_lock, budget.critical():
                journal.repair_locked(vault, rel, target, window)
                header = _header_for(batch[0][2], project_name)
                writer.append_unlocked(target, "".join(b for _, b, _ in batch), header=header)
                journal.record(vault, rel, target, [(i, b) for i, b, _ in batch])
        except TimeoutError:
            return None
        written += [(rel, e.kind) for _, _, e in batch]
    with budget.critical():
        for item in taken:
            spool.remove(item)
        if not seen_changed:
            return written
        data = json.dumps(
            {"last": seen.last, "last_tool": seen.last_tool, "last_error": seen.last_error,
             "keys": seen.keys or {}},
            ensure_ascii=False,
        )  # fmt: skip
        writer.write_atomic(seen_file, data.encode("utf-8", "surrogatepass"), fsync=False)
    return written


def _header_for(event: Event, project_name: str) -> Any:
    return lambda: _header(event, Project("", "", project_name))


def _repair_window(cfg: Config | None) -> float:
    from vaultsync.core import journal

    if cfg is None:
        return journal.DEFAULT_WINDOW_S
    return float(cfg.get("hook", "repair_window_s") or journal.DEFAULT_WINDOW_S)


def _note_text(vault: Path, rel: str) -> str:
    try:
        return (vault / rel).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _session_file_by_key(vault: Path, key: str, suffix: str = "") -> Path:
    return paths.state_dir(vault) / "sessions" / (key + suffix)


def catch_up(vault: Path, cfg: Config, rels: Any = None) -> tuple[int, int]:
    """What the watcher (through reconcile), rebuild and status run first: the spool drained
    into the notes, and events a stale editor save dropped put back (all journaled session
    notes, or those among `rels`). Returns (records drained, events restored). Never fails
    its caller: what it cannot do now, the next caller does."""
    from vaultsync.core import journal, spool

    drained = restored = 0
    window = _repair_window(cfg)
    with contextlib.suppress(OSError, TimeoutError, ValueError):
        drained = spool.drain(vault, cfg)
    if rels is None:
        targets = journal.journaled_rels(vault)
    else:
        targets = [r for r in rels if str(r).startswith(paths.SESSIONS_DIR + "/")]
    for rel in targets:
        with contextlib.suppress(OSError, TimeoutError, ValueError):
            paths.inside(vault, vault / rel)
            restored += journal.repair(vault, rel, window, timeout=2.0)
    return drained, restored


def drain_spool(vault: Path, cfg: Config, budget: Budget | None = None) -> int:
    """Everything waiting in the spool, into its notes (the watcher, rebuild, status; the
    hook drains its own session as it writes). Returns how many events this call wrote."""
    from vaultsync.core import spool

    budget = budget or NoBudget()
    written = 0
    for key in spool.keys(vault):
        if key == spool.RAW:
            written += drain_raw(vault, cfg, budget)
            continue
        try:
            with writer.locked(_session_lock(vault, key), timeout=budget.remaining()):
                outcome = _write_session(vault, cfg, key, budget, own=None)
        except TimeoutError:
            continue
        if outcome is not None:
            written += len(outcome[1])
            _close_drained(vault, cfg, None, outcome[1], None, budget)
    return written


def drain_raw(vault: Path, cfg: Config, budget: Budget) -> int:
    """Payloads spooled before the hook had parsed them: parsed, redacted and recorded now,
    each with the id and time it was given when it arrived (so a replay is recognised).
    Returns how many were recorded."""
    from vaultsync.core import agents, spool

    done = 0
    try:
        with writer.locked(spool.folder(vault) / ".raw.lock", timeout=0):
            for item in spool.pending(vault, spool.RAW):
                if budget.remaining() < 4 * _reserve(budget):
                    break
                data = spool.load(item)
                if data is None:
                    continue
                try:
                    payload = json.loads(str(data["payload"]))
                    inc = agents.normalize(str(data["agent"]), payload, data.get("event") or None)
                    when = datetime.fromisoformat(str(data["received"]))
                except (KeyError, ValueError, TypeError, agents.PayloadError):
                    spool._set_aside(item)
                    continue
                handle(inc, vault, cfg, when, budget, event_id=str(data.get("id", "")),
                       replay=True)  # fmt: skip
                spool.remove(item)
                done += 1
    except TimeoutError:
        pass
    return done


# --- session start ---------------------------------------------------------------------------


def _read_body(path: Path) -> str:
    from vaultsync.core import properties

    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
    return properties.split_frontmatter(text)[1].strip()


def session_context(vault: Path, cfg: Config, project: Project | None) -> str:
    """The text injected at session start, within `budgets.context_tokens`."""
    from vaultsync.core.text import estimate_tokens

    budget = int(cfg.get("budgets", "context_tokens") or 0)
    sections = [queue_line(queue_counts(vault))]
    sections += [_read_body(vault / name) for name in (paths.USER_MD, paths.AGENT_MD)]
    if project is not None and project.key:
        sections.append(
            _read_body(paths.context_dir(vault) / f"{paths.project_key(project.key)}.md")
        )
    out: list[str] = []
    used = 0
    for section in (s for s in sections if s):
        cost = estimate_tokens(section)
        if used + cost <= budget:
            out.append(section)
            used += cost + 1
            continue
        kept: list[str] = []
        for line in section.splitlines():
            cost = estimate_tokens(line) + 1
            if used + cost > budget:
                break
            kept.append(line)
            used += cost
        if kept:
            out.append("\n".join(kept).rstrip())
        break
    return "\n\n".join(out)


# --- one hook call ---------------------------------------------------------------------------


def redactor_for(cfg: Config) -> Any:
    from vaultsync.core import privacy

    table = cfg.privacy
    try:
        return privacy.Redactor.from_config(table, table.get("disabled_rules") or [])
    except ValueError as exc:
        # A broken extra rule must never turn off redaction: the built-in rules still run,
        # and the problem is logged where `vaultsync status` counts it.
        from vaultsync.core.hook import note_problem

        note_problem("PrivacyConfigError", str(exc)[:300])
        return privacy.default_redactor()


def project_allowed(project: Project, cwd: str, cfg: Config) -> bool:
    from vaultsync.core import privacy

    allow = list(cfg.privacy.get("allow") or [])
    deny = list(cfg.privacy.get("deny") or [])
    if not allow and not deny:
        return True
    where = project.root or cwd
    if not privacy.project_allowed(where, allow, deny):
        return False
    # A deny rule may name the repository itself (host/owner/repo) rather than a folder.
    return not (
        project.key and project.key != where and not privacy.project_allowed(project.key, [], deny)
    )


def handle(
    inc: Incoming,
    vault: Path,
    cfg: Config,
    now: datetime,
    budget: Budget | None = None,
    *,
    event_id: str = "",
    replay: bool = False,
) -> str:
    """Record one hook call; returns the session-start context ("" when none is due).
    `event_id`/`replay`: a spooled raw payload being recorded late, under its first id."""
    budget = budget or NoBudget()
    project = project_of(inc.cwd)
    allowed = project_allowed(project, inc.cwd, cfg)
    context = ""
    if inc.wants_context:
        # Built first: whatever happens to the write below, the agent gets its context.
        context = session_context(vault, cfg, project if allowed else None)
        _remember_context(vault, project if allowed else None, context, budget)
    if inc.kind is not None and allowed:
        event = build_event(inc, project, now, Limits.from_config(cfg), event_id)
        event, findings = redact_event(event, redactor_for(cfg))
        rel = session_rel(vault, inc.agent, inc.session_id, now)
        if replay and event.id in _note_text(vault, rel):
            return ""  # recorded before the drain that spooled it was killed
        dropped = record(vault, cfg, event, rel, project, budget)
        if findings and dropped in (None, SPOOLED):
            from vaultsync.core import privacy

            privacy.log_redactions(
                paths.redaction_log(vault), findings, where=f"{rel}#{event.id}", when=now
            )
        if dropped is None and inc.kind in (EventKind.TURN_END, EventKind.SESSION_END):
            close_session(
                vault, cfg, rel, now, final=inc.kind is EventKind.SESSION_END, budget=budget
            )
    return context


def _context_cache(vault: Path, project: Project | None) -> Path:
    key = paths.project_key(project.key) if project is not None and project.key else "none"
    return paths.context_dir(vault) / f"{key}.last"


def cached_context(vault: Path, cwd: str) -> str:
    """The context last given at a session start of this project: what the hook answers
    when it has no time to build a fresh one."""
    try:
        return _context_cache(vault, project_of(cwd)).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""


def _remember_context(vault: Path, project: Project | None, context: str, budget: Budget) -> None:
    setter = getattr(budget, "set_context", None)
    if setter is not None:
        setter(context)
    if project is None or not context:
        return  # a denied project leaves no trace; nothing is no better than the last one
    target = _context_cache(vault, project)
    try:
        if target.read_text(encoding="utf-8") == context:
            return
    except (OSError, UnicodeDecodeError):
        pass
    with contextlib.suppress(OSError):  # only the fallback for an overloaded start is lost
        writer.write_atomic(target, context, fsync=False)
