"""What an agent can ask the vault mid-session: search, timeline, get, recent (and, through
services/learning/agent_memory, remember). One implementation behind the MCP server and the
Hermes memory provider's tools.

Designed for an agent's token budget, progressive disclosure: `search` returns short hits,
`timeline` opens one hit's neighbourhood in its session, `get` the full (bounded) text of the
few the agent chose. Every result says which agent and session it came from, and when
("from codex, 2026-11-27"). Every output is bounded (`BOUNDS`, docs/mcp.md); limits above a
bound are capped and the answer says so; bad values raise ToolInputError with a message that
says what is accepted.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from vaultsync.core import eventlog, paths, properties, timestamp
from vaultsync.core.config import Config, ConfigError, load_config, resolve_vault
from vaultsync.core.model import Event, NoteType

BOUNDS = {
    "query_chars": 1000,
    "files": 8,
    "search_limit": 25,
    "snippet_chars": 240,
    "timeline_side": 20,
    "event_chars": 240,
    "summary_chars": 1500,
    "get_ids": 5,
    "get_chars": 8000,
    "get_total_chars": 20000,
    "recent_limit": 30,
}
DEFAULTS = {"search_limit": 8, "timeline_side": 5, "recent_limit": 10}
REFRESH_S = 5.0  # at most one index reconcile per this many seconds per process
# Embedding a tool call may do (one batch at least): the watcher embeds the rest, and a slow
# model (e5) must not hold an agent's call for a minute.
EMBED_S = 1.0
LOCK_WAIT_S = 0.5
_last_refresh: dict[str, float] = {}


class ToolInputError(ValueError):
    """An argument is wrong; the message says what is accepted."""


class VaultUnavailable(RuntimeError):
    """No vault, a missing folder, a busy lock or an unusable index: the message says which."""


# --- the vault and its index ---------------------------------------------------------------


def open_vault(explicit: str | Path | None = None) -> tuple[Path, Config]:
    try:
        vault = resolve_vault(explicit)
        if vault is None:
            raise VaultUnavailable(
                "no vault configured: set VAULTSYNC_VAULT or run `vaultsync init PATH`"
            )
        if not vault.is_dir():
            raise VaultUnavailable(f"vault not found: {vault}")
        return vault, load_config(vault)
    except ConfigError as exc:
        raise VaultUnavailable(f"the vault's configuration cannot be read: {exc}") from exc


def ensure_index(vault: Path, config: Config) -> str:
    """Build the index when it is missing, bring it up to date otherwise (at most every
    REFRESH_S). Returns what was done: "built", "refreshed", "busy" or "".

    A tool call never waits long (services/derived/freshness.py): when the index is busy the
    answer comes from it as it is (or, with no index at all, the call fails with a clear
    message)."""
    from vaultsync.services.derived import freshness

    key = str(vault)
    missing = not config.index_file().is_file()
    if not missing and time.monotonic() - _last_refresh.get(key, -1e9) < REFRESH_S:
        return ""
    try:
        fresh = freshness.catch_up(vault, config, lock_wait=LOCK_WAIT_S, embed_seconds=EMBED_S)
    except freshness.NoIndex as exc:
        raise VaultUnavailable(str(exc)) from exc
    if fresh.state is freshness.State.FAILED:
        raise VaultUnavailable(fresh.message)
    if fresh.state is freshness.State.BUSY:
        return "busy"
    _last_refresh[key] = time.monotonic()
    return str(fresh.state)


# --- argument checks -----------------------------------------------------------------------


def _limit(value: Any, name: str, default: int, bound: int) -> tuple[int, int | None]:
    if value is None:
        return default, None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ToolInputError(f"{name} must be a whole number from 1 to {bound}")
    if value < 1:
        raise ToolInputError(f"{name} must be at least 1")
    return (bound, bound) if value > bound else (value, None)


def _text(value: Any, name: str, bound: int) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ToolInputError(f"{name} must be a non-empty string")
    if len(value) > bound:
        raise ToolInputError(f"{name} is at most {bound} characters (got {len(value)})")
    return value


def _clip(text: str, bound: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= bound else text[: bound - 1].rstrip() + "…"


def provenance(agent: str | None, date: str | None, session_id: str | None = None) -> str:
    """`from <agent>, <the person's day>, session <id>`: a date-time (the index's UTC, an
    event's `ts`) is told as the person's calendar day; a bare date as written."""
    who = agent or "a person"
    text = str(date or "")
    moment = timestamp.parse(text) if len(text) > 10 else None
    day = timestamp.day(moment) if moment is not None else text[:10]
    out = f"from {who}, {day or 'undated'}"
    return out + (f", session {session_id[:8]}" if session_id else "")


def _note_rel(vault: Path, rel: str) -> str:
    if not isinstance(rel, str) or not rel or "\x00" in rel:
        raise ToolInputError("an id is a note path from a search result (e.g. sessions/...md)")
    if not rel.endswith(".md") or ".." in Path(rel).parts or rel.startswith("/"):
        raise ToolInputError(f"not a note id: {rel[:200]!r}")
    try:
        paths.inside(vault, vault / rel)
    except (ValueError, OSError) as exc:
        raise ToolInputError(f"not a note id: {rel[:200]!r}") from exc
    if paths.is_ignored(rel) or not (vault / rel).is_file():
        raise ToolInputError(f"no such note: {rel[:200]} (it may have been moved or deleted)")
    return rel


# --- the tools -------------------------------------------------------------------------------


def _result_id(hit: Any) -> str:
    """A note's path, or `path#event-id` for an event: enough for get/timeline to open it."""
    return hit.rel if hit.id == hit.rel else f"{hit.rel}#{hit.id}"


def search(
    vault: Path,
    config: Config,
    query: Any,
    *,
    project: str | None = None,
    agent: str | None = None,
    type: str | None = None,
    level: str | None = None,
    since: str | None = None,
    limit: Any = None,
    exclude_session: str | None = None,
) -> dict[str, Any]:
    from vaultsync.services.recall import session_files
    from vaultsync.services.recall.engine import recall
    from vaultsync.services.recall.search import SearchError

    query = _text(query, "query", BOUNDS["query_chars"])
    count, capped = _limit(limit, "limit", DEFAULTS["search_limit"], BOUNDS["search_limit"])
    try:
        found = recall(
            vault, config, query, project=project or None, agent=agent or None,
            type=type or None, level=level or None, since=since or None, limit=count,
            exclude_session=exclude_session or None,
        )  # fmt: skip
    except SearchError as exc:
        raise ToolInputError(str(exc)) from exc
    # The agent was given USER.md and AGENT.md at session start; a digest of memories it already
    # has would only push a source note out of its few results (asked for by type, it comes).
    hits = [h for h in found.hits if h.type != "generated" or type == "generated"]
    files = session_files.files_of(config, hits, BOUNDS["files"])
    results = [
        {
            "id": _result_id(hit),
            "type": hit.type,
            "title": _clip(hit.title, 160),
            # the index keeps UTC; an agent reads "yesterday" in the person's days
            "date": timestamp.restamp((hit.date or "")[:19]),
            "agent": hit.agent,
            "session": (hit.session_id or "")[:8] or None,
            "project": hit.project,
            "score": round(float(hit.score), 3),
            "snippet": _clip(hit.snippet, BOUNDS["snippet_chars"]),
            "files": files.get(hit.rel, []),
            "from": provenance(hit.agent, hit.date, hit.session_id),
            "weak": found.abstain,
        }
        for hit in hits
    ]
    # `weak`: the same signal as the CLI's (engine ABSTAIN_BELOW): nothing clearly relevant,
    # these are only the closest matches. An agent should not treat them as an answer.
    out: dict[str, Any] = {"results": results, "count": len(results), "weak": found.abstain}
    if found.scope:  # the days (and agent) the question was read as asking about
        out["searched"] = found.scope
    if capped:
        out["limit_capped_at"] = capped
    if not results and found.scope:
        out["note"] = f"nothing found for {found.scope}; try other words, or another time"
    elif not results:
        out["note"] = "nothing relevant found; try other words, or fewer filters"
    elif found.abstain:
        out["note"] = "nothing clearly relevant: these are only the closest matches"
    return out


def _event_line(ev: Event, rel: str) -> dict[str, Any]:
    detail = ev.input or ev.prompt or ev.message or ev.output
    return {
        "id": f"{rel}#{ev.id}",
        "ts": timestamp.restamp(ev.ts),  # the event's UTC, in the person's zone with its offset
        "kind": ev.kind.value,
        "tool": ev.tool or None,
        "text": _clip(detail, BOUNDS["event_chars"]),
        "files": list(ev.files[:5]),
    }


def _summary_of(
    vault: Path, config: Config, session_rel: str, session_id: str | None
) -> dict[str, Any] | None:
    from vaultsync.storage.index import Index

    wanted = properties.link(session_rel)
    with Index.open(config.index_file()) as index:
        # the learning loop writes a summary with its session's id: only a session without
        # one makes every summary be read
        for note in index.notes(type=NoteType.SUMMARY, session_id=session_id or None):
            if str(note.props.get("session") or "") == wanted:
                return {
                    "id": note.rel,
                    "title": note.title,
                    "files_modified": list(note.props.get("files_modified") or [])[:20],
                    "text": note.body.strip()[: BOUNDS["summary_chars"]],
                }
    return None


def timeline(
    vault: Path, config: Config, id: Any, *, before: Any = None, after: Any = None
) -> dict[str, Any]:
    """The events around one result in its session, and the session's summary."""
    from vaultsync.storage.note import read_note

    if not isinstance(id, str):
        raise ToolInputError("id must be a result id from search")
    rel, _, event_id = id.partition("#")
    rel = _note_rel(vault, rel)
    n_before, cap_b = _limit(before, "before", DEFAULTS["timeline_side"], BOUNDS["timeline_side"])
    n_after, cap_a = _limit(after, "after", DEFAULTS["timeline_side"], BOUNDS["timeline_side"])
    note = read_note(vault, rel)
    if note.type is not NoteType.SESSION:
        session = str(note.props.get("session") or note.props.get("source") or "")
        target = session.strip('"').removeprefix("[[").removesuffix("]]")
        target = target if target.endswith(".md") else target + ".md"
        if not target.startswith(paths.SESSIONS_DIR + "/") or not (vault / target).is_file():
            raise ToolInputError(f"{rel} is a {note.type.value} note with no session to show")
        rel, event_id, note = target, "", read_note(vault, target)
    events = eventlog.parse(note.body)
    if event_id:
        at = next((i for i, ev in enumerate(events) if ev.id == event_id), None)
        if at is None:
            raise ToolInputError(f"no event {event_id[:80]} in {rel}")
    else:
        at = len(events) - 1  # a whole session: its last events
    start, end = max(0, at - n_before), min(len(events), at + n_after + 1)
    out: dict[str, Any] = {
        "session": rel,
        "agent": note.agent or None,
        "session_id": note.prop("session_id") or None,
        "project": note.prop("project") or None,
        "from": provenance(note.agent, note.prop("created"), note.prop("session_id")),
        "events": [_event_line(ev, rel) for ev in events[start:end]],
        "focus": f"{rel}#{events[at].id}" if events else None,
        "more_before": start,
        "more_after": len(events) - end,
        "summary": _summary_of(vault, config, rel, note.prop("session_id")),
    }
    if cap_b or cap_a:
        out["limit_capped_at"] = BOUNDS["timeline_side"]
    return out


def _event_text(ev: Event) -> str:
    parts = [f"{ev.kind.value} {ev.tool}".strip(), ev.ts]
    for name in ("prompt", "input", "output", "message"):
        value = getattr(ev, name)
        if value:
            parts.append(f"{name}:\n{value}")
    if ev.files:
        parts.append("files: " + ", ".join(ev.files))
    return "\n".join(parts)


def get(vault: Path, config: Config, ids: Any) -> dict[str, Any]:
    """The full text of a few results (bounded). The vault never held secrets: the hook and
    the learning loop redact before writing."""
    from vaultsync.storage.note import read_note

    if isinstance(ids, str):
        ids = [ids]
    if not isinstance(ids, list) or not ids or not all(isinstance(i, str) for i in ids):
        raise ToolInputError("ids must be a list of result ids from search")
    if len(ids) > BOUNDS["get_ids"]:
        raise ToolInputError(f"at most {BOUNDS['get_ids']} ids per call (got {len(ids)})")
    items: list[dict[str, Any]] = []
    total = 0
    for item_id in ids:
        rel, _, event_id = item_id.partition("#")
        rel = _note_rel(vault, rel)
        note = read_note(vault, rel)
        if event_id:
            ev = next((e for e in eventlog.parse(note.body) if e.id == event_id), None)
            if ev is None:
                raise ToolInputError(f"no event {event_id[:80]} in {rel}")
            text, agent, date, sid = _event_text(ev), ev.agent, ev.ts, ev.session_id
            kind = "event"
        else:
            text = note.body.strip()
            agent, sid = note.agent, note.prop("session_id")
            date = note.prop("updated") or note.prop("created")
            kind = note.type.value
        room = min(BOUNDS["get_chars"], BOUNDS["get_total_chars"] - total)
        truncated = len(text) > room
        text = text[: max(0, room)]
        total += len(text)
        items.append({
            "id": item_id, "type": kind, "title": note.title, "agent": agent or None,
            "from": provenance(agent, date, sid), "text": text, "truncated": truncated,
        })  # fmt: skip
    return {"items": items}


def recent(
    vault: Path, config: Config, *, project: str | None = None, limit: Any = None
) -> dict[str, Any]:
    """The latest sessions (with their summaries) of a project, across agents."""
    from vaultsync.storage.index import Index

    count, capped = _limit(limit, "limit", DEFAULTS["recent_limit"], BOUNDS["recent_limit"])
    with Index.open(config.index_file()) as index:
        sessions = index.notes(type=NoteType.SESSION, project=project or None, limit=count)
        summaries = {
            str(n.props.get("session") or ""): n
            for n in index.notes(type=NoteType.SUMMARY, project=project or None, limit=count * 4)
        }
    items = []
    for note in sessions:
        summary = summaries.get(properties.link(note.rel))
        items.append({
            "id": note.rel,
            "agent": note.agent or None,
            "session": note.session_id[:8] or None,
            "project": note.project or None,
            "started": timestamp.restamp(note.created[:19]),  # the index keeps naive UTC
            "updated": timestamp.restamp(note.updated[:19]),
            "status": note.status,
            "from": provenance(note.agent, note.updated or note.created, note.session_id),
            "summary": None if summary is None else {
                "id": summary.rel, "title": summary.title,
                "files_modified": list(summary.props.get("files_modified") or [])[:20],
            },
        })  # fmt: skip
    out: dict[str, Any] = {"sessions": items, "count": len(items)}
    if capped:
        out["limit_capped_at"] = capped
    return out
