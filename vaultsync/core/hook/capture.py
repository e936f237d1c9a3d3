"""From one parsed hook call to the vault: excerpt, redact, filter, append, assess, inject.

- Tool input and output become excerpts (`excerpt`: paths, commands, sizes, first and last
  lines within `hook.summary_chars`), so the work is bounded by the limits, not the output.
- Every text field is redacted before the first byte reaches the vault.
- Filters drop what is not worth keeping: skipped tools, short or low-value events, and
  duplicates (same tool and input earlier in the session, or `hook.dedupe_overlap` word overlap
  with the previous event). Lifecycle events are never filtered; failures are never dropped for
  being short or repeated.
- The event reaches its session note through `delivery` (under the session's lock, in one
  append, or through the spool when it cannot be written in time), so parallel hooks never
  lose, duplicate or interleave events (filters: `event_filter`).
- At the end of a session (and at every turn end, for agents that may never send one) the note
  is assessed and its queue status recorded (`queue`).
- At session start the context is assembled: the queue line, USER.md, AGENT.md and the
  project's context file, cut to the token budget.
"""

from __future__ import annotations

import contextlib
import json
from datetime import UTC, datetime
from pathlib import Path

from vaultsync.core import eventlog, paths, timestamp, writer
from vaultsync.core.hook import delivery, spool
from vaultsync.core.hook.agents import Incoming
from vaultsync.core.hook.excerpt import Limits, cap, summarise_input, summarise_output
from vaultsync.core.model import Event, EventKind
from vaultsync.core.project import Project, project_of
from vaultsync.core.queue import NoBudget, queue_counts, queue_line

# typing costs the hook ~2 ms to import; annotations are strings anyway.
TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any

    from vaultsync.core.config import Config
    from vaultsync.core.queue import Budget

_TOOLISH = (EventKind.TOOL, EventKind.TOOL_ERROR)
_FILTERED = (EventKind.TOOL, EventKind.TOOL_ERROR, EventKind.PROMPT)


# --- events ----------------------------------------------------------------------------------


def build_event(
    inc: Incoming, project: Project, now: datetime, limits: Limits, event_id: str = ""
) -> Event:
    assert inc.kind is not None
    now = now.astimezone(UTC)
    has_tool = bool(inc.tool) or inc.kind in _TOOLISH
    typed = inc.kind is EventKind.PROMPT  # the person's own words (_typed)
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
        prompt=cap(inc.prompt, limits.chars * 4, limits.typed() if typed else limits),
        message=cap(inc.message, limits.chars * 4, limits),
        is_error=inc.is_error,
        files=tuple(f[:1000] for f in inc.files[:20]),
        extra=extra,
    )


class Scrubber:
    """The redactor as excerpts call it (text -> redacted text), keeping what it found. A text
    it has already cleaned comes back unchanged and is not counted twice."""

    __slots__ = ("done", "findings", "injections", "redactor", "secrets")

    def __init__(self, redactor: Any) -> None:
        self.redactor, self.secrets, self.injections = redactor, 0, 0
        self.findings: list[Any] = []
        # (text, read for injections) -> its Redaction: cwd, project root and key repeat
        self.done: dict[tuple[str, bool], Any] = {}

    def __call__(self, text: str, injections: bool = True) -> str:
        if not text:
            return text
        result = self.done.get((text, injections))
        if result is None:
            result = self.done[text, injections] = self.redactor.redact(text, injections=injections)
        if result.text != text:
            self.findings.extend(result.findings)
            self.secrets += result.secret_count
            self.injections += result.injection_count
        return str(result.text)


# Every text that reaches a note, a file name, a commit message or the index.
_TEXT_FIELDS: tuple[str, ...] = ("input", "output", "prompt", "message", "cwd", "project")
_TEXT_FIELDS += ("session_id", "tool", "turn_id", "native_event")


def _typed(event: Event, field: str) -> bool:
    """The prompt a person typed: their own words, which address the agent by nature, are
    redacted for secrets but never read as a prompt injection (docs/privacy.md). Everything
    else (tool input and output, agents' messages, subagent prompts) is."""
    return field == "prompt" and event.kind is EventKind.PROMPT


def redact_event(
    event: Event, redactor: Any, scrub: Scrubber | None = None
) -> tuple[Event, list[Any]]:
    """Redact every text field (ids, names and paths too; extra keys as well as values);
    returns the clean event (with its counts) and the findings. `scrub`: the one the excerpts
    already went through, so its findings count once."""
    clean = scrub or Scrubber(redactor)
    changes: dict[str, Any] = {}
    for name in _TEXT_FIELDS:
        value = getattr(event, name)
        cleaned = clean(value, injections=not _typed(event, name))
        if cleaned != value:
            changes[name] = cleaned
    if event.files:
        changes["files"] = tuple(clean(f) for f in event.files)
    if event.extra:
        changes["extra"] = {
            clean(str(k)): clean(v) if isinstance(v, str) else v for k, v in event.extra.items()
        }
    changes["redactions"], changes["injections"] = clean.secrets, clean.injections
    return event.replace(**changes), clean.findings


def shown_project(project: Project, scrub: Scrubber) -> Project:
    """The project as notes, headers and context files name it: redacted."""
    return Project(scrub(project.key), scrub(project.root), scrub(project.name))


def carry_split_secrets(
    vault: Path, agent: str, session_id: str, event: Event, redactor: Any
) -> Event:
    """A secret whose halves end one event and start the next (privacy_split): the previous
    event's trailing tokens are kept in the state folder (0600, outside the vault)."""
    from vaultsync.core.privacy import split as privacy_split

    fields = {k: getattr(event, k) for k in ("input", "output", "prompt", "message")}
    fields = {k: v for k, v in fields.items() if v}
    path = delivery.session_file(vault, agent, session_id, ".tail")
    try:
        before = json.loads(path.read_bytes()) if path.exists() else []
    except (OSError, ValueError):
        before = []
    before = [t for t in before if isinstance(t, str)] if isinstance(before, list) else []
    now_tails = privacy_split.tails(fields)
    changed, count = privacy_split.carry(fields, before, redactor)
    # A full or read-only state folder costs only this carry, never the event.
    with contextlib.suppress(OSError):
        if now_tails:
            data = json.dumps(now_tails).encode("utf-8", "surrogatepass")
            writer.overwrite(path, data, mode=0o600)  # damaged reads as [] (see above)
        elif before:
            path.unlink(missing_ok=True)
    if not changed:
        return event
    updates: dict[str, Any] = {**changed, "redactions": event.redactions + count}
    return event.replace(**updates)


def catch_up(vault: Path, cfg: Config, rels: Any = None) -> tuple[int, int]:
    """What the watcher (through reconcile), rebuild and status run first: the spool drained
    into the notes, and events a stale editor save dropped put back (all journaled session
    notes, or those among `rels`). Returns (records drained, events restored). Never fails
    its caller: what it cannot do now, the next caller does."""
    from vaultsync.core.hook import journal

    drained = restored = 0
    window = delivery.repair_window(cfg)
    with contextlib.suppress(OSError, TimeoutError, ValueError):
        drained = drain_spool(vault, cfg)
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
    """Everything waiting in the spool, into its notes: raw payloads (parsed and redacted
    here), then the sessions' events. Returns how many events were written."""
    from vaultsync.core.hook import spool

    if not spool.keys(vault):
        return 0
    budget = budget or NoBudget()
    return drain_raw(vault, cfg, budget) + delivery.drain_sessions(vault, cfg, budget)


def drain_raw(vault: Path, cfg: Config, budget: Budget) -> int:
    """Payloads spooled before the hook had parsed them: parsed, redacted and recorded now,
    each with the id and time it was given when it arrived (so a replay is recognised).
    Returns how many were recorded."""
    from vaultsync.core.hook import spool

    done = 0
    # The replays share the caller's clock, never its deadline's bookkeeping: settling or
    # swapping the fallback for a replayed payload would leave the caller's own event
    # unspooled if the limit struck later (it vanished without a trace). A replay the limit
    # stops loses nothing: its raw record is removed only after it was recorded.
    budget = _Borrowed(budget)
    try:
        with writer.locked(spool.folder(vault) / ".raw.lock", timeout=0):
            # Listed again until empty: an event queued behind the raw payloads while this
            # drain held the lock is written by it (its spooler tried the lock once, after).
            seen: set[Path] = set()
            while True:
                items = [i for i in spool.pending(vault, spool.RAW) if i not in seen]
                if not items or budget.remaining() < 4 * delivery.reserve(budget):
                    break
                seen.update(items)
                done += _drain_raw_items(vault, cfg, budget, items)
    except OSError:  # busy (TimeoutError), or the state folder cannot take the lock now
        pass
    return done


def _drain_raw_items(vault: Path, cfg: Config, budget: Budget, items: list[Path]) -> int:
    from vaultsync.core.hook import agents, spool

    done = 0
    for item in items:
        if budget.remaining() < 4 * delivery.reserve(budget):
            break
        data = spool.load(item)
        if data is None:
            continue
        if data.get("kind") == "event":  # parsed and redacted, queued behind these
            if _record_queued(vault, cfg, data, budget):
                spool.remove(item)
                done += 1
            else:
                spool.set_aside(item)  # not an event of a session note: kept, never replayed
            continue
        try:
            payload = json.loads(str(data["payload"]))
            inc = agents.normalize(str(data["agent"]), payload, data.get("event") or None)
            when = datetime.fromisoformat(str(data["received"]))
        except (KeyError, ValueError, TypeError, agents.PayloadError):
            _set_aside_redacted(item, data, cfg)
            continue
        handle(inc, vault, cfg, when, budget, event_id=str(data.get("id", "")),
               replay=True)  # fmt: skip
        spool.remove(item)
        done += 1
    return done


def _queue_behind_raw(vault: Path, event: Event, rel: str, project: Project, budget: Any) -> None:
    """Raw payloads still wait (another call is draining them, or time ran short), and one of
    them may be an earlier event of this session: this event, parsed and redacted, waits
    behind them in the same queue, so a session's events reach its note in the order they
    came. (The caller then tries the drain once more: its holder may have let go meanwhile.)"""
    from vaultsync.core.hook import spool

    entry = {"v": 1, "kind": "event", "rel": rel, "project": project.name}
    entry["block"] = eventlog.render(event)
    with budget.critical():
        spool.put(vault, spool.RAW, entry)
        delivery.settle(budget)


def _record_queued(vault: Path, cfg: Config, data: dict[str, Any], budget: Budget) -> bool:
    """An event queued behind raw payloads, into its note. False if the record is not one."""
    found = eventlog.parse(str(data.get("block", "")))
    rel = str(data.get("rel", ""))
    if len(found) != 1 or not delivery.may_write(vault, rel, found[0]):
        return False
    [event] = found
    project = Project("", "", str(data.get("project", "")))
    if delivery.record(vault, cfg, event, rel, project, budget) is None and event.kind in (
        EventKind.TURN_END,
        EventKind.SESSION_END,
    ):
        final = event.kind is EventKind.SESSION_END  # assessed now, as drained ends are
        delivery.assess(vault, cfg, rel, timestamp.now(), final=final, budget=budget)
    return True


def _set_aside_redacted(item: Path, data: dict[str, Any], cfg: Config) -> None:
    """A raw payload that cannot become an event (it came incomplete before the limit, or is
    not a hook payload): kept beside the spool for a person, redacted, never deleted; the
    hook error log says where (`vaultsync status` counts it)."""
    from vaultsync.core import logs
    from vaultsync.core.hook import spool

    text = str(data.get("payload", ""))
    clean = {**data, "payload": str(redactor_for(cfg).redact(text).text)}
    kept = spool.set_aside(item, clean)
    why = "incomplete (the limit struck before it all came)" if data.get("partial") else "bad"
    logs.hook_error(str(data.get("agent", "")), str(data.get("event", "")), "SpoolSetAside",
                    f"raw payload {why}: kept redacted at {kept}")  # fmt: skip


class _Borrowed:
    """Another call's budget lent to a replay: its time and critical sections, not its
    fallback, context or settled flag."""

    __slots__ = ("_budget",)

    def __init__(self, budget: Budget) -> None:
        self._budget = budget

    def remaining(self) -> float:
        return float(self._budget.remaining())

    @property
    def limit(self) -> float:
        return float(getattr(self._budget, "limit", 10.0))

    def critical(self) -> Any:
        return self._budget.critical()


# --- session start ---------------------------------------------------------------------------


# More than any context budget: a generated file is cut to the budget anyway.
CONTEXT_READ_LIMIT = 1 << 20


def _read_body(path: Path, vault: Path | None = None) -> str:
    """A generated file's body, read as a regular file only: inside the vault (`vault` given)
    no symlink is followed on the way to it, so a linked USER.md (a remote can push one)
    never puts another file, such as `/proc/self/environ`, into an agent's context. A file
    that says it holds no entry (`entries: 0`) gives nothing: its body is the template's
    note to the person that no memory is confirmed yet, ~60 tokens of every session start
    that tell the agent nothing."""
    from vaultsync.core import properties, regular_file

    try:
        text = regular_file.text(path, limit=CONTEXT_READ_LIMIT, vault=vault, follow=False)
    except OSError:
        return ""
    if properties.get_scalar(text, "entries") == "0":
        return ""
    return properties.split_frontmatter(text)[1].strip()


def session_context(vault: Path, cfg: Config, project: Project | None) -> str:
    """The text injected at session start, within `budgets.context_tokens`."""
    # core/text's twin without its regex: the CJK class costs ~3 ms to compile, and any
    # non-ASCII character in USER.md or AGENT.md (an em dash will do) would compile it.
    from vaultsync.core.cjk_scan import estimate_tokens

    budget = int(cfg.get("budgets", "context_tokens") or 0)
    sections = [queue_line(queue_counts(vault))]
    sections += [_read_body(vault / name, vault) for name in (paths.USER_MD, paths.AGENT_MD)]
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
    from vaultsync.core.privacy import redactor as privacy

    table = cfg.privacy
    try:
        return privacy.Redactor.from_config(table, table.get("disabled_rules") or [])
    except ValueError as exc:
        # A broken extra rule must never turn off redaction: the built-in rules still run,
        # and the problem is logged where `vaultsync status` counts it.
        from vaultsync.core import logs

        logs.hook_error("", "", "PrivacyConfigError", str(exc)[:300])
        return privacy.default_redactor()


def project_allowed(project: Project, cwd: str, cfg: Config) -> bool:
    allow = list(cfg.privacy.get("allow") or [])
    deny = list(cfg.privacy.get("deny") or [])
    if not allow and not deny:
        return True
    from vaultsync.core.privacy import project_filter

    where = project.root or cwd
    if not project_filter.project_allowed(where, allow, deny):
        return False
    # A deny rule may name the repository itself (host/owner/repo) rather than a folder.
    return not (
        project.key
        and project.key != where
        and not project_filter.project_allowed(project.key, [], deny)
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
    allowed = project_allowed(project, inc.cwd, cfg)  # on the real path, before redaction
    redactor = redactor_for(cfg)
    scrub = Scrubber(redactor)
    shown = shown_project(project, scrub)  # redacted: it names notes and context files
    context = ""
    if inc.kind is None or not allowed:
        delivery.settle(budget)  # nothing to record: nothing to spool either
    if inc.wants_context:
        # Built first: whatever happens to the write below, the agent gets its context.
        context = session_context(vault, cfg, shown if allowed else None)
        _remember_context(vault, project if allowed else None, context, budget)
        if context:
            from vaultsync.core.hook import injection_log  # memories handed over: counted later

            injection_log.note(vault, inc.agent, inc.session_id, "start", context, now)
    if inc.kind is EventKind.SESSION_END and not replay and _never_recorded(vault, inc):
        # A session that ends before anything of it was recorded (an agent's `mcp list` starts
        # and ends one, with no prompt or tool): nothing to keep, so no session note.
        delivery.settle(budget)
        return context
    if inc.kind is not None and allowed:
        event = build_event(inc, project, now, Limits.from_config(cfg, scrub), event_id)
        event, findings = redact_event(event, redactor, scrub)
        event = carry_split_secrets(vault, inc.agent, inc.session_id, event, redactor)
        rel = delivery.session_rel(
            vault, inc.agent, inc.session_id, now, shown_id=event.session_id,
            index_file=cfg.index_file(),
        )  # fmt: skip
        if replay and event.id in delivery.note_text(vault, rel):
            return ""  # recorded before the drain that spooled it was killed
        if not replay and spool.has_pending(vault, spool.RAW):
            drain_raw(vault, cfg, budget)  # older payloads first: they may be this session's
            if spool.has_pending(vault, spool.RAW):
                _queue_behind_raw(vault, event, rel, shown, budget)
                if findings:
                    from vaultsync.core import logs
                    from vaultsync.core.privacy import redactor as privacy

                    kinds = privacy.log_kinds(findings)
                    logs.redactions(vault, kinds, where=f"{rel}#{event.id}", when=now)
                drain_raw(vault, cfg, budget)
                return context
        dropped = delivery.record(vault, cfg, event, rel, shown, budget)
        if findings and dropped in (None, delivery.SPOOLED):
            from vaultsync.core import logs
            from vaultsync.core.privacy import redactor as privacy

            logs.redactions(vault, privacy.log_kinds(findings), where=f"{rel}#{event.id}", when=now)
        if dropped is None and inc.kind in (EventKind.TURN_END, EventKind.SESSION_END):
            final = inc.kind is EventKind.SESSION_END
            delivery.assess(vault, cfg, rel, now, final=final, budget=budget)
    return context


def _never_recorded(vault: Path, inc: Incoming) -> bool:
    """No event of this session is in a note or waiting in a spool (its pointer is made with
    its first recorded event; raw payloads not yet read could be its own)."""
    if paths.session_pointer(vault, inc.agent, inc.session_id).exists():
        return False
    return not spool.has_pending(vault, spool.RAW)


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
