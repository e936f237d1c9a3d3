"""Search the vault: a small, forgiving query language over the FTS5 index.

The query language (docs/search.md): words, "quoted phrases", `prefix*`, and the operators OR,
AND and NOT, written in capitals between two terms. Everything a person might type besides that
(stray quotes, parentheses, `-`, `^`, `:`, emoji, a lone `*`) is read as text or dropped, so no
input can reach FTS5 as a syntax error. Each term is passed to FTS5 as a quoted string; CJK
characters inside it are separated (`text.segment`), which makes `修复` the two-token phrase
`"修 复"` that matches only where the characters stand together, as the index stores them.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from vaultsync.core import timestamp
from vaultsync.core.config import Config
from vaultsync.core.errors import Exit, VaultsyncError
from vaultsync.core.model import Level, NoteType
from vaultsync.core.text import SEP, segment, unsegment
from vaultsync.storage.index import Index, SearchFilter
from vaultsync.storage.index_file import problem as index_problem

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

OPERATORS = frozenset({"OR", "AND", "NOT"})
MAX_TERMS = 64  # beyond this a query is a paste, not a search; FTS5 also limits tree depth
EVENT_TYPE = "event"
TYPES = (*(t.value for t in NoteType), EVENT_TYPE)
DEFAULT_MARK = ("«", "»")  # distinct from markdown emphasis in the notes themselves
_LEXEME = re.compile(r'"([^"]*)(?:"|$)|([^\s"]+)')
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_SPACES = re.compile(r"\s+")
_RELATIVE = re.compile(r"^(\d{1,6})\s*([mhdw])$", re.IGNORECASE)
_UNITS = {"m": "minutes", "h": "hours", "d": "days", "w": "weeks"}


class SearchError(VaultsyncError, ValueError):
    """A filter value cannot be understood; the message says what is accepted."""

    exit_code = Exit.USAGE


class IndexMissing(VaultsyncError, FileNotFoundError):
    """No index has been built for this vault yet."""

    exit_code = Exit.NOT_FOUND


@dataclass(frozen=True)
class SearchHit:
    path: str  # relative to the vault; for an event, its session note
    title: str
    type: str  # a note type, or "event"
    score: float  # higher is better (negated BM25)
    snippet: str
    event_id: str | None = None
    ts: str | None = None
    agent: str = ""
    project: str = ""
    level: str = ""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "path": self.path,
            "title": self.title,
            "type": self.type,
            "score": self.score,
            "snippet": self.snippet,
            "agent": self.agent,
            "project": self.project,
        }
        if self.level:
            data["level"] = self.level
        if self.event_id is not None:
            data["event_id"] = self.event_id
            data["ts"] = self.ts
        return data


def _searchable(text: str) -> bool:
    """True if unicode61 would find at least one token in `text` (letters, digits, private)."""
    return any(
        unicodedata.category(ch)[0] in "LN" or unicodedata.category(ch) == "Co" for ch in text
    )


def _quote(text: str) -> str:
    return '"' + segment(text).replace('"', '""') + '"'


def to_fts(query: str) -> str:
    """The FTS5 expression for a query, or "" when nothing in it can be searched for."""
    query = _CONTROL.sub(" ", query.encode("utf-8", "replace").decode("utf-8"))
    items: list[str] = []  # terms (quoted) and operators, in order
    for match in _LEXEME.finditer(query):
        phrase, word = match.groups()
        if word is not None and word in OPERATORS:
            items.append(word)
            continue
        text = phrase if phrase is not None else word
        prefix = word is not None and word.endswith("*")
        text = text.strip("*") if word is not None else text
        if not _searchable(text):
            continue
        # A prefix applies to the last token, so it needs a token character right before `*`.
        prefix = prefix and _searchable(text[-1])
        items.append(_quote(text) + ("*" if prefix else ""))
    out: list[str] = []
    terms = 0
    pending: str | None = None
    for item in items:
        if item in OPERATORS:
            if out:
                pending = item  # of several operators in a row the last one counts
            continue
        if terms >= MAX_TERMS:
            break
        if pending is not None:
            out.append(pending)
            pending = None
        out.append(item)
        terms += 1
    return " ".join(out)


def parse_since(value: str, now: dt.datetime | None = None) -> str:
    """A `--since` value as ISO text in UTC: `7d`, `12h`, `30m`, `2w`, or an ISO date/time."""
    text = value.strip()
    relative = _RELATIVE.match(text)
    if relative:
        amount, unit = int(relative.group(1)), relative.group(2).lower()
        moment = (now or timestamp.now()) - dt.timedelta(**{_UNITS[unit]: amount})
        return moment.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%S")
    try:
        if len(text) == 10:
            return dt.date.fromisoformat(text).isoformat()
        parsed = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise SearchError(
            f"--since {value!r}: use a date (2026-05-01), a date and time, or an age such as "
            "30m, 12h, 7d, 2w"
        ) from None
    if parsed.tzinfo is not None:
        parsed = parsed.astimezone(dt.UTC).replace(tzinfo=None)
    return parsed.isoformat(timespec="seconds")


def make_filter(
    *,
    agent: str | None = None,
    types: list[str] | tuple[str, ...] | None = None,
    level: str | None = None,
    project: str | None = None,
    since: str | None = None,
    now: dt.datetime | None = None,
) -> SearchFilter:
    """Check and convert filter values as a person types them."""
    wanted = None
    if types:
        wanted = frozenset(t.strip().lower() for t in types if t.strip())
        unknown = sorted(wanted - set(TYPES))
        if unknown:
            raise SearchError(f"unknown type {', '.join(unknown)}; one of {', '.join(TYPES)}")
    parsed_level = None
    if level:
        parsed_level = Level.parse(level)
        if parsed_level is None:
            raise SearchError(f"unknown level {level!r}; one of L1, L2, L3")
    return SearchFilter(
        agent=agent or None,
        types=wanted,
        level=parsed_level,
        project=project or None,
        since=parse_since(since, now) if since else None,
    )


def search_index(
    index: Index,
    query: str,
    where: SearchFilter | None = None,
    *,
    limit: int = 10,
    mark: tuple[str, str] = DEFAULT_MARK,
) -> list[SearchHit]:
    expression = to_fts(query)
    if not expression or limit <= 0:
        return []
    raw = index.search(expression, where or SearchFilter(), limit=limit, mark=mark)
    return [
        SearchHit(
            path=hit.rel,
            title=hit.title if hit.event_id is None else f"{hit.title} › {hit.heading}",
            type=hit.type,
            score=round(-hit.bm25, 3),
            snippet=clean_snippet(hit.snippet, mark),
            event_id=hit.event_id,
            ts=hit.ts,
            agent=hit.agent or "",
            project=hit.project or "",
            level=hit.level or "",
        )
        for hit in raw
    ]


def search(
    vault: Path,
    config: Config,
    query: str,
    where: SearchFilter | None = None,
    *,
    limit: int = 10,
    mark: tuple[str, str] = DEFAULT_MARK,
) -> list[SearchHit]:
    """Best hits first. Hits whose file has gone since it was indexed are left out."""
    path = config.index_file()
    with open_index(vault, path) as index:
        hits = search_index(index, query, where, limit=limit, mark=mark)
    return [hit for hit in hits if (vault / hit.path).exists()]


def open_index(vault: Path, path: Path) -> Index:
    """The index to answer from, or IndexMissing when it cannot answer truly: missing, emptied
    to 0 bytes (SQLite would open it as an empty index: "No matches" would lie), or not built
    whole (emptied or cut short under a running vaultsync and opened since, or by a crash;
    rebuild marks a whole one). The watcher's next pass, or any refreshing search, rebuilds it."""
    import sqlite3

    from vaultsync.storage.index import as_failure
    from vaultsync.storage.index_file import is_complete

    if not path.is_file():
        raise IndexMissing(f"no index for {vault} yet: run `vaultsync rebuild`")
    if index_problem(path):
        raise IndexMissing(str(index_problem(path)))
    index = Index.open(path)
    try:
        whole = is_complete(index.conn)
    except sqlite3.Error as exc:
        index.close()
        raise as_failure(exc, path) from exc
    if not whole:
        index.close()
        raise IndexMissing(
            "the index is not whole (emptied or cut short): it is rebuilt by the watcher's next "
            f"pass; without a watcher run `vaultsync rebuild` ({path})"
        )
    return index


def clean_snippet(text: str | None, mark: tuple[str, str]) -> str:
    if not text:
        return ""
    # Highlighted CJK characters come back as one marked token each: join neighbours.
    text = text.replace(mark[1] + SEP + mark[0], SEP)
    return _SPACES.sub(" ", unsegment(text)).strip()
