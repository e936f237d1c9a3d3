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

import json
from datetime import UTC, datetime, timedelta
from fnmatch import fnmatchcase
from pathlib import Path

from vaultsync.core import eventlog, paths, timestamp, writer
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


def build_event(inc: Incoming, project: Project, now: datetime, limits: Limits) -> Event:
    assert inc.kind is not None
    now = now.astimezone(UTC)
    has_tool = bool(inc.tool) or inc.kind in _TOOLISH
    extra = {k: v for k, v in inc.extra.items() if isinstance(v, str | int | float | bool)}
    return Event(
        id=eventlog.new_event_id(now.strftime("%Y%m%dT%H%M%S%fZ")),
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
        prompt=cap(inc.prompt, limits.chars * 4, limits),
        message=cap(inc.message, limits.chars * 4, limits),
        is_error=inc.is_error,
        files=tuple(f[:1000] for f in inc.files[:20]),
        extra=extra,
    )


class Scrubber:
    """The redactor as excerpts call it (text -> redacted text), keeping what it found. A text
    it has already cleaned comes back unchanged and is not counted twice."""

    __slots__ = ("findings", "injections", "redactor", "secrets")

    def __init__(self, redactor: Any) -> None:
        self.redactor, self.secrets, self.injections = redactor, 0, 0
        self.findings: list[Any] = []

    def __call__(self, text: str) -> str:
        if not text:
            return text
        result = self.redactor.redact(text)
        if result.text != text:
            self.findings.extend(result.findings)
            self.secrets += result.secret_count
            self.injections += result.injection_count
        return str(result.text)


# Every text that reaches a note, a file name, a commit message or the index.
_TEXT_FIELDS: tuple[str, ...] = ("input", "output", "prompt", "message", "cwd", "project")
_TEXT_FIELDS += ("session_id", "tool", "turn_id", "native_event")


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
        cleaned = clean(value)
        if cleaned != value:
            changes[name] = cleaned
    if event.files:
        changes["files"] = tuple(clean(f) for f in event.files)
    if event.extra:
        changes["extra"] = {
            clean(str(k)): clean(v) if isinstance(v, str) else v for k, v in event.extra.items()
        }
    changes["redactions"], changes["injections"] = clean.secrets, clean.injections
    return replace(event, **changes), clean.findings


def shown_project(project: Project, scrub: Scrubber) -> Project:
    """The project as notes, headers and context files name it: redacted."""
    return replace(
        project, key=scrub(project.key), root=scrub(project.root), name=scrub(project.name)
    )


def carry_split_secrets(
    vault: Path, agent: str, session_id: str, event: Event, redactor: Any
) -> Event:
    """A secret whose halves end one event and start the next (privacy_split): the previous
    event's trailing tokens are kept in the state folder (0600, outside the vault)."""
    from vaultsync.core import privacy_split

    fields = {k: getattr(event, k) for k in ("input", "output", "prompt", "message")}
    fields = {k: v for k, v in fields.items() if v}
    path = _session_file(vault, agent, session_id, ".tail")
    try:
        before = json.loads(path.read_bytes()) if path.exists() else []
    except (OSError, ValueError):
        before = []
    before = [t for t in before if isinstance(t, str)] if isinstance(before, list) else []
    now_tails = privacy_split.tails(fields)
    changed, count = privacy_split.carry(fields, before, redactor)
    if now_tails:
        data = json.dumps(now_tails).encode("utf-8", "surrogatepass")
        writer.write_atomic(path, data, fsync=False, mode=0o600)
    elif before:
        path.unlink(missing_ok=True)
    if not changed:
        return event
    updates: dict[str, Any] = {**changed, "redactions": event.redactions + count}
    return replace(event, **updates)


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
    # An edit or write changes a file: two of them are two changes even when their text is
    # mostly the same long path (exact repeats are caught by the dedupe key above).
    changes_files = event.tool_kind in ("edit", "write") and bool(event.files)
    if threshold and seen.last and same_source and not seen.last_error and not changes_files:
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


def session_rel(
    vault: Path,
    agent: str,
    session_id: str,
    now: datetime,
    shown_id: str | None = None,
    index_file: Path | None = None,
) -> str:
    """The session's note (relative path), decided once per session and remembered in a
    pointer file; the first of several parallel first events wins, the others follow it.
    `shown_id`: the redacted session id, the one a file name may show. A note a person moved
    or renamed is found again by its session id (`core.session_finder`)."""
    pointer = _session_file(vault, agent, session_id)
    try:
        rel = pointer.read_text(encoding="utf-8").strip()
        if _valid_rel(vault, rel):
            if (vault / rel).is_file():
                return rel
            from vaultsync.core.session_finder import moved_note

            moved = moved_note(vault, agent, shown_id or session_id, session_id, index_file)
            if moved is not None:
                writer.write_atomic(pointer, moved + "\n", fsync=False)
                return moved
            return rel  # deleted: the session goes on in a new note at the same path
    except (OSError, UnicodeDecodeError):
        pass
    rel = _find_note(vault, agent, session_id, now) or paths.session_note_rel(
        agent, session_id, now.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"), shown=shown_id
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
        started=timestamp.format(timestamp.parse(event.ts) or datetime.now(UTC)),
        machine=paths.machine_id(),
    )
    short = paths.safe_component(event.session_id, 8, "session")
    name = paths.safe_component(project.name or "no project", 60)
    return properties.render_frontmatter(props) + f"\n# {event.agent} session {short} — {name}\n"


def record(
    vault: Path, cfg: Config, event: Event, rel: str, project: Project, budget: Budget
) -> str | None:
    """Append `event` to its note unless a filter drops it. Returns None when written, else
    the reason it was dropped."""
    target = paths.inside(vault, vault / rel)
    seen_file = _session_file(vault, event.agent, event.session_id, ".seen")
    with writer.locked(seen_file.with_suffix(".lock"), timeout=max(0.05, budget.remaining())):
        seen = _load_seen(seen_file)
        reason = drop_reason(event, seen, cfg)
        if reason:
            return reason
        block = eventlog.render(event)
        with budget.critical():
            writer.append(
                target,
                block,
                lock_file=paths.lock_path(vault, rel),
                header=lambda: _header(event, project),
                timeout=max(0.05, budget.remaining()),
            )
        after = _remember(seen, event)
        if after is not seen:
            state = {
                "last": after.last,
                "last_tool": after.last_tool,
                "last_error": after.last_error,
                "keys": after.keys,
            }
            data = json.dumps(state, ensure_ascii=False)
            writer.write_atomic(seen_file, data.encode("utf-8", "surrogatepass"), fsync=False)
    return None


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
        from vaultsync.core import logs

        logs.hook_error("", "", "PrivacyConfigError", str(exc)[:300])
        return privacy.default_redactor()


def project_allowed(project: Project, cwd: str, cfg: Config) -> bool:
    from vaultsync.core import project_filter

    allow = list(cfg.privacy.get("allow") or [])
    deny = list(cfg.privacy.get("deny") or [])
    if not allow and not deny:
        return True
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
    inc: Incoming, vault: Path, cfg: Config, now: datetime, budget: Budget | None = None
) -> str:
    """Record one hook call; returns the session-start context ("" when none is due)."""
    budget = budget or NoBudget()
    project = project_of(inc.cwd)
    allowed = project_allowed(project, inc.cwd, cfg)  # on the real path, before redaction
    redactor = redactor_for(cfg)
    scrub = Scrubber(redactor)
    shown = shown_project(project, scrub)  # redacted: it names notes and context files
    if inc.kind is not None and allowed:
        event = build_event(inc, project, now, Limits.from_config(cfg, scrub))
        event, findings = redact_event(event, redactor, scrub)
        event = carry_split_secrets(vault, inc.agent, inc.session_id, event, redactor)
        rel = session_rel(
            vault,
            inc.agent,
            inc.session_id,
            now,
            shown_id=event.session_id,
            index_file=cfg.index_file(),
        )
        dropped = record(vault, cfg, event, rel, shown, budget)
        if findings and dropped is None:
            from vaultsync.core import logs, privacy

            logs.redactions(vault, privacy.log_kinds(findings), where=f"{rel}#{event.id}", when=now)
        if inc.kind in (EventKind.TURN_END, EventKind.SESSION_END):
            close_session(
                vault, cfg, rel, now, final=inc.kind is EventKind.SESSION_END, budget=budget
            )
    if inc.wants_context:
        return session_context(vault, cfg, shown if allowed else None)
    return ""
