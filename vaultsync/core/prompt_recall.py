"""Recall at every prompt: the few memories, summaries and other sessions' events that clear a
relevance bar, as a short block the hook hands the agent with its prompt.

Runs inside the hook (stdlib only, fail-open, within the hook's time limit), after the prompt
event is recorded. It reads the search index with sqlite3 directly, through the lexical path
of core/nlquery (the same terms the recall engine uses), and never writes to it.

What it leaves out, on purpose:
- trivial prompts (greetings, "ok", "continue") and slash commands;
- the current session's own events and notes (the agent has them in its context already);
- memories the session-start context already gave (their title is in USER.md, AGENT.md or the
  project's context file) and anything this session was already given at an earlier prompt
  (a small per-session state file outside the vault);
- everything, when `hook.recall_tokens` is 0.

The relevance bar: a hit must contain at least half of the prompt's terms (at least two when
the prompt has two or more), counting its note's agent name, so "what did Claude Code change"
matches Claude Code's sessions. Hits are ranked by that coverage, then BM25.
Each item names its source note as a wikilink, so a person can follow it in Obsidian.
"""

from __future__ import annotations

import json
import math
import re

from vaultsync.core import nlquery, paths
from vaultsync.core.text import estimate_tokens, has_cjk, unsegment

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from vaultsync.core.agents import Incoming
    from vaultsync.core.config import Config

# Agents whose prompt event can carry context back to the model (Cursor's beforeSubmitPrompt
# can only allow or block).
PROMPT_EVENTS = {
    "claude-code": "UserPromptSubmit",
    "codex": "UserPromptSubmit",
    "gemini": "BeforeAgent",
    "hermes": "pre_llm_call",
}


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_TRIVIAL = _words(
    "hi hello hey thanks thank you ok okay k yes no yep nope sure continue go on proceed next "
    "done good great cool nice fine 继续 好 好的 谢谢 嗯 是 对 行 可以 はい ありがとう 続けて"
)
_TRIVIAL_PUNCT = re.compile(r"[\s.,!?！？。，、~…:;]+")
_EDIT_TOOLS = _words(
    "edit multiedit write apply_patch patch write_file replace edit_file str_replace "
    "create_file search_replace notebookedit"
)
CANDIDATES = 40  # FTS rows ranked before the relevance bar is applied
MIN_COVERAGE = 0.5
HEADER = "Relevant notes from the shared vault (vaultsync), by source note:"


def is_trivial(prompt: str) -> bool:
    text = prompt.strip()
    if not text or text.startswith("/"):
        return True
    words = _TRIVIAL_PUNCT.sub(" ", text.lower()).split()
    if not words or all(w in _TRIVIAL for w in words):
        return True
    return " ".join(words) in _TRIVIAL or len(nlquery.terms(text)) == 0


def wanted(inc: Incoming, cfg: Config) -> bool:
    if PROMPT_EVENTS.get(inc.agent) != inc.native_event:
        return False
    try:
        budget = int(cfg.get("hook", "recall_tokens") or 0)
    except (TypeError, ValueError):
        return False
    return budget > 0 and not is_trivial(inc.prompt)


class _Hit:
    __slots__ = (
        "agent", "coverage", "date", "files", "kind", "note_id", "project", "rel", "score", "sid",
        "text", "title",
    )  # fmt: skip
    agent: str
    coverage: int
    date: str
    files: list[str]
    kind: str
    note_id: int
    project: str
    rel: str
    score: float
    sid: str
    text: str
    title: str

    def __init__(self, **kw: Any) -> None:
        self.files = []
        for key, value in kw.items():
            setattr(self, key, value)


def _covered(terms: list[str], text: str) -> tuple[int, int]:
    """(terms found in `text`, terms that could be): a CJK term cannot match a text without
    CJK characters, so a Chinese question about English notes is judged on its Latin terms."""
    low = unsegment(text).lower()
    if not has_cjk(low):
        terms = [t for t in terms if t.isascii()]
    found = 0
    for term in terms:
        # Prefix terms (`routin*`) end in `*`: their stem is what a text must contain.
        probe = term[:-1] if term.endswith("*") else term
        if probe and probe in low:
            found += 1
    return found, len(terms)


def _connect(path: Path) -> Any:
    import sqlite3

    conn = sqlite3.connect(str(path), timeout=0.05, isolation_level=None)
    conn.execute("PRAGMA query_only=1")
    return conn


_SQL = """
SELECT fts.rowid, bm25(fts, 8.0, 4.0, 1.0) AS score,
       COALESCE(n.type, 'event'), COALESCE(n.rel, s.rel), COALESCE(n.title, s.title),
       COALESCE(n.agent, NULLIF(e.agent, ''), s.agent),
       COALESCE(NULLIF(e.ts, ''), n.updated, n.created), e.heading, e.tool,
       COALESCE(n.props, '{}'), COALESCE(e.note_id, n.id), fts.title, fts.body,
       COALESCE(n.session_id, e.session_id), COALESCE(n.project, s.project)
FROM fts
LEFT JOIN notes n ON n.id = fts.rowid
LEFT JOIN events e ON e.id = fts.rowid
LEFT JOIN notes s ON s.id = e.note_id
WHERE fts MATCH ?
  AND ((n.type IN ('memory', 'summary') AND n.status NOT IN ('rejected', 'archived'))
       OR (e.id IS NOT NULL AND e.kind IN ('prompt', 'tool', 'tool_error', 'turn_end')))
  AND NOT (COALESCE(n.session_id, e.session_id) = ? AND COALESCE(n.agent, e.agent) = ?)
ORDER BY score LIMIT ?
"""


def _search(conn: Any, expression: str, terms: list[str], inc: Incoming) -> list[_Hit]:
    rows = conn.execute(_SQL, (expression, inc.session_id, inc.agent, CANDIDATES)).fetchall()
    hits: list[_Hit] = []
    for row in rows:
        (_rowid, score, kind, rel, title, agent, date, heading, tool, props, note_id,
         ftitle, fbody, sid, project) = row  # fmt: skip
        if rel is None:
            continue
        coverage, eligible = _covered(terms, f"{ftitle}\n{fbody}\n{agent or ''}\n{title or ''}")
        need = 1 if len(terms) < 2 else max(2, math.ceil(eligible * MIN_COVERAGE))
        if coverage < need:
            continue
        if kind == "event":
            text = heading or ""
            body = unsegment(fbody or "")
            if tool and tool.lower() in _EDIT_TOOLS:
                lines = body.split("\n")
                if len(lines) > 1:
                    text = f"{tool}: {lines[1]}"
            elif not heading:
                text = body.split("\n", 1)[0]
        else:
            text = unsegment(fbody or "").strip()
        hit = _Hit(
            kind=kind, rel=rel, agent=agent or "", date=(date or "")[:10], score=-score,
            coverage=coverage, note_id=note_id, text=" ".join(text.split()), sid=sid or "",
            title=title or "", project=project or "",
        )  # fmt: skip
        if kind == "summary":
            try:
                hit.files = [str(f) for f in json.loads(props).get("files_modified") or []]
            except (ValueError, AttributeError):  # a damaged property: no file list
                hit.files = []
        hits.append(hit)
    hits.sort(key=lambda h: (-h.coverage, -h.score))
    return hits


def _session_files(conn: Any, note_id: int, project: str) -> list[str]:
    """Files the session edited or wrote (second line of an edit event's text: its path)."""
    marks = ",".join("?" * len(_EDIT_TOOLS))
    rows = conn.execute(
        "SELECT f.body FROM events e JOIN fts f ON f.rowid = e.id"
        f" WHERE e.note_id = ? AND lower(e.tool) IN ({marks}) ORDER BY e.seq LIMIT 50",
        (note_id, *sorted(_EDIT_TOOLS)),
    ).fetchall()
    files: dict[str, None] = {}
    for (body,) in rows:
        lines = unsegment(body or "").split("\n")
        if len(lines) > 1 and lines[1].strip() and len(lines[1]) < 300:
            name = lines[1].strip()
            if project and name.startswith(project.rstrip("/") + "/"):
                name = name[len(project.rstrip("/")) + 1 :]
            files.setdefault(name, None)
    return list(files)[:8]


def files_changed(conn: Any, rel: str) -> list[str]:
    """The files a session note's events edited or wrote, relative to its project."""
    row = conn.execute("SELECT id, project FROM notes WHERE rel = ?", (rel,)).fetchone()
    return _session_files(conn, row[0], row[1] or "") if row else []


def _already_given(vault: Path, cfg: Config, project_key: str) -> str:
    """The text the session-start context is built from (without the queue line)."""
    from vaultsync.core.capture import _read_body

    parts = [_read_body(vault / name) for name in (paths.USER_MD, paths.AGENT_MD)]
    if project_key:
        parts.append(_read_body(paths.context_dir(vault) / f"{paths.project_key(project_key)}.md"))
    return "\n".join(parts)


def _state_file(vault: Path, inc: Incoming) -> Path:
    name = paths.short_hash(inc.agent, inc.session_id, n=16) + ".recall"
    return paths.state_dir(vault) / "sessions" / name


def _load_given(path: Path) -> list[str]:
    try:
        data = json.loads(path.read_bytes())
        return [str(x) for x in data] if isinstance(data, list) else []
    except (OSError, ValueError):
        return []


def _describe(hit: _Hit, files: list[str]) -> str:
    link = paths_link(hit.rel)
    who = hit.agent or "a person"
    if hit.kind == "event":
        head = f"{who} session {hit.sid[:8]}, {hit.date}"
    else:
        head = f"{hit.kind} from {who}, {hit.date}"
    text = hit.text
    if len(text) > 200:
        text = text[:199].rstrip() + "…"
    line = f"- {head} {link}: {text}"
    if files:
        line += "; files changed: " + ", ".join(files)
    return line


def paths_link(rel: str) -> str:
    return "[[" + (rel[:-3] if rel.endswith(".md") else rel) + "]]"


def context_for(inc: Incoming, vault: Path, cfg: Config, project_key: str = "") -> str:
    """The recall block for this prompt, or "" (nothing relevant, or recall is off)."""
    if not wanted(inc, cfg):
        return ""
    budget = int(cfg.get("hook", "recall_tokens") or 0)
    max_items = int(cfg.get("hook", "recall_items") or 3)
    index_path = cfg.index_file()
    if not index_path.is_file():
        return ""
    terms = nlquery.terms(inc.prompt)
    expression = nlquery.match_any(inc.prompt)
    if not expression or not terms:
        return ""
    state = _state_file(vault, inc)
    given = _load_given(state)
    conn = _connect(index_path)
    try:
        hits = _search(conn, expression, terms, inc)
        if not hits:
            return ""
        start_text = ""
        if any(h.kind == "memory" for h in hits):
            start_text = _already_given(vault, cfg, project_key)
        lines: list[str] = []
        used = estimate_tokens(HEADER)
        seen_notes: set[Any] = set()
        keys: list[str] = []
        for hit in hits:
            if len(lines) >= max_items:
                break
            key = hit.rel
            if key in given or hit.note_id in seen_notes:
                continue
            if hit.kind == "memory" and hit.title and hit.title in start_text:
                continue
            files = hit.files
            if hit.kind == "event":
                files = _session_files(conn, hit.note_id, hit.project)
            line = _describe(hit, files)
            cost = estimate_tokens(line)
            if used + cost > budget:
                continue
            lines.append(line)
            used += cost
            seen_notes.add(hit.note_id)
            keys.append(key)
    finally:
        conn.close()
    if not lines:
        return ""
    from vaultsync.core import writer

    data = json.dumps((given + keys)[-200:], ensure_ascii=False)
    writer.write_atomic(state, data.encode("utf-8", "surrogatepass"), fsync=False)
    return HEADER + "\n" + "\n".join(lines)
