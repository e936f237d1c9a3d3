"""Frontmatter schemas, one builder per note type (docs/vault-format.md describes them).

Every note vaultsync writes gets its properties from here, so key names, order and types are the
same whichever module writes the note. Common keys: `type`, `created`, `updated`, `agent`,
`session_id`, `project`, `status`, `tags`. Links to other notes are quoted wikilinks.
"""

from __future__ import annotations

from vaultsync.core.model import Level, NoteType, Scope, SessionStatus
from vaultsync.core.properties import link

# typing costs the hook ~2 ms to import; annotations are strings anyway.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def session_props(
    *, agent: str, session_id: str, project: str, cwd: str, started: str, machine: str
) -> dict[str, Any]:
    return {
        "type": NoteType.SESSION.value,
        "agent": agent,
        "session_id": session_id,
        "project": project,
        "cwd": cwd,
        "machine": machine,
        "created": started,
        "updated": started,
        "status": SessionStatus.ACTIVE.value,
        "tags": ["vaultsync/session", f"agent/{agent}"],
    }


def summary_props(
    *,
    agent: str,
    session_id: str,
    project: str,
    created: str,
    session_rel: str,
    files_read: list[str],
    files_modified: list[str],
    model: str,
    updated: str = "",
    learned: str = "",
) -> dict[str, Any]:
    """A summary is dated by its session (`created` its start, `updated` its last event), not
    by the learn run that wrote it (`learned`): "what did we fix today?" must not find
    yesterday's session because this morning's run summarised it, and decisions learned in one
    run keep the order they were made in."""
    props: dict[str, Any] = {
        "type": NoteType.SUMMARY.value,
        "agent": agent,
        "session_id": session_id,
        "project": project,
        "created": created,
        "updated": updated or created,
    }
    if learned:
        props["learned"] = learned
    return props | {
        "status": "active",
        "session": link(session_rel),
        "files_read": files_read,
        "files_modified": files_modified,
        "model": model,
        "tags": ["vaultsync/summary", f"agent/{agent}"],
    }


def memory_props(
    *,
    level: Level,
    scope: Scope,
    agent: str,
    session_id: str,
    project: str,
    created: str,
    source_rel: str,
    priority: int = 0,
    status: str = "candidate",
) -> dict[str, Any]:
    return {
        "type": NoteType.MEMORY.value,
        "level": level.value,
        "scope": scope.value,
        "status": status,
        "priority": priority,
        "agent": agent,
        "session_id": session_id,
        "project": project,
        "created": created,
        "updated": created,
        "source": link(source_rel),
        "reinforced": 0,
        "last_seen": created[:10],
        "tags": ["vaultsync/memory", f"memory/{level.value}", f"scope/{scope.value}"],
    }


def proposal_props(
    *, name: str, agent: str, session_id: str, project: str, created: str, source_rel: str
) -> dict[str, Any]:
    return {
        "type": NoteType.SKILL_PROPOSAL.value,
        "skill": name,
        "status": "proposed",
        "agent": agent,
        "session_id": session_id,
        "project": project,
        "created": created,
        "updated": created,
        "source": link(source_rel),
        "tags": ["vaultsync/skill-proposal"],
    }


def session_end_props(
    *,
    status: str,
    updated: str,
    ended: str | None,
    tool_calls: int,
    edits: int,
    minutes: float,
    redactions: int,
    injections: int,
) -> dict[str, Any]:
    """What the hook records on a session note when it assesses the session (at its end, and
    at each turn end for agents that may never send one). `ended` only at the real end."""
    props: dict[str, Any] = {"status": status, "updated": updated}
    if ended is not None:
        props["ended"] = ended
    props.update(
        tool_calls=tool_calls,
        edits=edits,
        minutes=minutes,
        redactions=redactions,
        injections=injections,
    )
    return props


MEMORY_STATUS: dict[Level, str] = {Level.L1: "candidate", Level.L2: "confirmed", Level.L3: "core"}


def memory_review_props(*, level: Level, reviewed: str, reinforced: int) -> dict[str, Any]:
    """What a person's review sets on a memory whose level it decides: the level and its status,
    when (`reviewed`), and how often it had been reinforced by then (`reviewed_reinforced`), so a
    promotion suggestion counts only the sessions that repeated it after the review."""
    return {
        "level": level.value,
        "status": MEMORY_STATUS[level],
        "updated": reviewed,
        "reviewed": reviewed[:10],
        "reviewed_reinforced": reinforced,
    }
