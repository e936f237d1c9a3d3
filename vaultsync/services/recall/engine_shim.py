"""TEMPORARY: the recall engine's interface (CONTRACTS.md, services/recall/engine.py, owner h11)
over services/recall/search.py, for h13's MCP server and Hermes provider until h11's engine
lands. Removed when h11's branch is merged; callers import `recall` through agent_tools.

Plain-word queries go through core/nlquery (OR of terms); `mode="exact"` uses the search
query language as typed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from vaultsync.core import nlquery
from vaultsync.core.config import Config
from vaultsync.services.recall.search import make_filter, search_index
from vaultsync.storage.index import Index


@dataclass(frozen=True)
class Hit:
    id: str
    rel: str
    type: str
    title: str
    date: str
    agent: str | None
    session_id: str | None
    project: str | None
    level: str | None
    score: float
    snippet: str
    summary_rel: str | None


@dataclass(frozen=True)
class Recall:
    hits: tuple[Hit, ...]
    abstain: bool
    mode: str


def recall(
    vault: Path,
    config: Config,
    query: str,
    *,
    project: str | None = None,
    agent: str | None = None,
    type: str | None = None,
    level: str | None = None,
    since: str | None = None,
    limit: int = 10,
    mode: str = "auto",
    current_project: str | None = None,
    exclude_session: str | None = None,
) -> Recall:
    from vaultsync.services.recall.search import IndexMissing

    where = make_filter(
        agent=agent, types=[type] if type else None, level=level, project=project, since=since
    )
    natural = mode == "natural" or (mode == "auto" and nlquery.looks_natural(query))
    expression_query = query
    if natural:
        found = nlquery.terms(query)
        expression_query = " OR ".join(found)
    path = config.index_file()
    if not path.is_file():
        raise IndexMissing(f"no index for {vault} yet: run `vaultsync rebuild`")
    with Index.open(path) as index:
        raw = search_index(index, expression_query, where, limit=limit * 2 + 5)
        hits: list[Hit] = []
        sessions: dict[str, tuple[str, str]] = {}
        for h in raw:
            if not (vault / h.path).exists():
                continue
            if h.path not in sessions:
                note = index.get(h.path)
                sessions[h.path] = (
                    (note.session_id, note.updated or note.created) if note else ("", "")
                )
            session_id, updated = sessions[h.path]
            if exclude_session and session_id == exclude_session:
                continue
            hits.append(
                Hit(
                    id=f"{h.path}#{h.event_id}" if h.event_id else h.path,
                    rel=h.path,
                    type=h.type,
                    title=h.title,
                    date=(h.ts or updated or "")[:19],
                    agent=h.agent or None,
                    session_id=session_id or None,
                    project=h.project or None,
                    level=h.level or None,
                    score=h.score,
                    snippet=h.snippet,
                    summary_rel=None,
                )
            )
            if len(hits) >= limit:
                break
    return Recall(tuple(hits), abstain=not hits, mode="natural" if natural else "exact")
