"""`remember`: an agent saves a fact as an L1 memory candidate, mid-session.

Used by the MCP server's `remember` tool and by the Hermes memory provider (its own tool and
its mirror of Hermes' built-in memory writes). The fact goes through the same redactor as the
hook (core/hook/capture.redactor_for: the vault's privacy settings) and the same atomic writer, with
provenance (agent, session, project, and the session's note when the hook has recorded it), and
waits for review like any candidate: nothing here promotes.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vaultsync.core import paths, properties, schema, timestamp
from vaultsync.core.config import Config
from vaultsync.core.model import Level, Scope
from vaultsync.storage.memory import write_candidate

MIN_CHARS = 10
MAX_CHARS = 2000


class RememberError(ValueError):
    """The fact cannot be saved as given; the message says why."""


@dataclass(frozen=True)
class Remembered:
    rel: str
    created: bool  # False: the same fact was already saved today (the note is unchanged)
    redactions: int

    def as_dict(self) -> dict[str, object]:
        return {
            "id": self.rel,
            "created": self.created,
            "redactions": self.redactions,
            "status": "candidate (L1): waits for review (`vaultsync review`)",
        }


def session_note(vault: Path, agent: str, session_id: str) -> str:
    """The session's note as the hook recorded it (its pointer file), or ""."""
    if not session_id:
        return ""
    pointer = paths.session_pointer(vault, agent, session_id)
    try:
        rel = pointer.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return ""
    return rel if rel.endswith(".md") and (vault / rel).is_file() else ""


def _supersedes(vault: Path, body: str, scope: Scope, project: str, created: str) -> list[str]:
    """The memories in force this fact states a newer value for: named on the candidate, marked
    when a person approves it (services/learning/supersession.py)."""
    from vaultsync.services.learning import supersession
    from vaultsync.storage.memory import Memory, load_memories

    try:
        memories, _ = load_memories(vault)
    except OSError:
        return []
    me = Memory(
        rel="", title=body, detail="", level=Level.L1, scope=scope, project=project,
        status="candidate", created=created,
    )  # fmt: skip
    return [
        c.other.rel
        for c in supersession.conflicts(me, memories)
        if c.relation is supersession.Relation.SUPERSEDES
    ]


def remember(
    vault: Path,
    config: Config,
    text: str,
    *,
    agent: str,
    session_id: str = "",
    project: str = "",
    scope: str = "project",
    origin: str = "mcp",
    now: dt.datetime | None = None,
) -> Remembered:
    from vaultsync.core.hook.capture import redactor_for

    if not isinstance(text, str) or len(text.strip()) < MIN_CHARS:
        raise RememberError(f"a fact needs at least {MIN_CHARS} characters")
    if len(text) > MAX_CHARS:
        raise RememberError(f"a fact is at most {MAX_CHARS} characters (got {len(text)})")
    parsed_scope = Scope.parse(scope)
    if parsed_scope is None:
        raise RememberError(f"scope must be one of {', '.join(s.value for s in Scope)}")
    now = (now or timestamp.now()).astimezone(dt.UTC)
    redactor = redactor_for(config)
    findings: list[Any] = []
    secrets = 0

    def clean(value: str) -> str:
        nonlocal secrets
        if not value:
            return value
        result = redactor.redact(value)
        findings.extend(result.findings)
        secrets += result.secret_count
        return str(result.text)

    body = clean(text.strip())
    agent, session_id, project = clean(agent or "agent"), clean(session_id), clean(project)
    source = session_note(vault, agent, session_id)
    stamp = timestamp.format(now)
    props = schema.memory_props(
        level=Level.L1,
        scope=parsed_scope,
        agent=agent,
        session_id=session_id,
        project=project if parsed_scope is Scope.PROJECT else "",
        created=stamp,
        source_rel=source or "",
    )
    if not source:
        del props["source"]
    props["origin"] = origin
    older = _supersedes(vault, body, parsed_scope, props["project"], stamp)
    if older:
        props["supersedes"] = [properties.link(r) for r in older]
    footer = f"Saved by {agent} during {properties.link(source)}." if source else ""
    rel, created = write_candidate(vault, props, body, (agent, parsed_scope.value, body), footer)
    if findings and created:
        from vaultsync.core import logs
        from vaultsync.core.privacy import redactor as privacy

        logs.redactions(vault, privacy.log_kinds(findings), where=rel, when=now)
    return Remembered(rel, created, secrets)
