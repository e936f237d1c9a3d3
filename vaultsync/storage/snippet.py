"""Snippets of big notes in linear time.

FTS5's snippet() scores windows around every match against every other, so its cost grows with
the square of a row's matches: a 1 MB note in which the searched word is frequent took seconds,
a 59 MB one more than ten minutes. `storage.index` asks FTS5 for snippets of small notes only
(`SNIPPET_MAX_BYTES`) and uses `linear_snippet` for the rest: one regular-expression pass over
the stored body, whatever its size.
"""

from __future__ import annotations

import re
import sqlite3

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

SNIPPET_TOKENS = 20
_FTS_WORD = re.compile(r'"([^"]*)"|(\w+)(\*?)')
_FTS_OPERATORS = frozenset({"AND", "OR", "NOT", "NEAR"})


def linear_snippet(body: str, expression: str, mark: tuple[str, str]) -> str:
    """A snippet like FTS5's (about SNIPPET_TOKENS words around the first match, matches
    marked, '…' where text was cut) in time linear in the body: one regex pass."""
    terms: list[str] = []
    for phrase, word, star in _FTS_WORD.findall(expression):
        if phrase:
            terms.append(re.escape(phrase.strip()))
        elif word and (star or word not in _FTS_OPERATORS):
            terms.append(re.escape(word) + (r"\w*" if star else r"\b"))
    terms = [t for t in terms if t]
    if not terms:
        return body[:200]
    found = re.compile(r"\b(?:" + "|".join(terms) + ")", re.IGNORECASE)
    first = found.search(body)
    if first is None:
        return " ".join(body[:400].split()[:SNIPPET_TOKENS])
    before = body[max(0, first.start() - 400) : first.start()].split()
    after = body[first.start() : first.start() + 800].split()
    half = SNIPPET_TOKENS // 2
    words = before[-half:] + after[: SNIPPET_TOKENS - min(half, len(before))]
    text = found.sub(lambda m: f"{mark[0]}{m.group(0)}{mark[1]}", " ".join(words))
    lead = "…" if len(before) > half or first.start() > 400 else ""
    tail = "…" if first.start() + 800 < len(body) or len(after) > len(words) else ""
    return f"{lead}{text}{tail}"


def linear_snippet_hit(conn: sqlite3.Connection, hit: Any, expression: str, mark: Any) -> Any:
    """`hit` (a storage.index.RawHit) with its snippet filled in when the index left it out."""
    if hit.snippet is not None:
        return hit
    row = conn.execute("SELECT body FROM notes WHERE rel=?", (hit.rel,)).fetchone()
    return hit._replace(snippet=linear_snippet(row[0] if row else "", expression, mark))
