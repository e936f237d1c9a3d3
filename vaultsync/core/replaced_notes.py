"""Notes another note says it replaces: read from the newer note's `supersedes` property.

The learning loop marks both sides when a person approves a replacement (the older memory
gets `superseded_by`, services/learning/supersession.py). But a person who writes the new
decision in Obsidian, or a summary that records where a decision ended up, often names only
the note it replaces: `supersedes: "[[Old decision]]"` (a title, as Obsidian links) or
`supersedes: ["[[memories/L2-confirmed/Old decision]]"]` (a path, as the learning loop
writes it), and leaves the older note as it was, sometimes touched later than the new one.
Read paths ask `named` which of their results such a link names: search ranks them lower,
prompt-time recall leaves them out (services/recall/engine.py, core/hook/prompt_recall.py).

What replaces nothing: an unreviewed candidate (an L1 memory only proposes its
`supersedes`), and a note rejected or archived. A link that names a note by title matches
every note of that file name (Obsidian's own resolution picks one; a read path cannot know
which, and two notes of one name replaced at once is rare enough).

Stdlib only: the prompt hook imports it. One query over a partial index of the few notes
holding the property (storage/index_schema.py, `notes_supersedes`).
"""

from __future__ import annotations

import json

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

# The same expression as the partial index's WHERE (storage/index_schema.py), so SQLite reads
# the index: the few notes with the property, whatever the vault's size.
_SQL = """SELECT rel, type, level, status, props FROM notes
WHERE instr(props, '"supersedes"') > 0"""
_NOT_IN_FORCE = frozenset({"rejected", "archived", "retired", "superseded"})


def targets(value: Any) -> list[str]:
    """The link targets a `supersedes` value names (a link, a list of links, plain paths),
    each without brackets, alias, heading or `.md`."""
    items = value if isinstance(value, list) else [value]
    out = []
    for item in items:
        if not isinstance(item, str):
            continue
        target = item.strip()
        if target.startswith("[[") and target.endswith("]]"):
            target = target[2:-2]
        target = target.split("|", 1)[0].split("#", 1)[0].strip().lstrip("/")
        target = target.removesuffix(".md")
        if target:
            out.append(target)
    return out


def _replaces(row: tuple[Any, ...]) -> list[str]:
    rel, kind, level, status, props = row
    if kind == "memory" and level not in ("L2", "L3"):
        return []  # a candidate only proposes
    if status in _NOT_IN_FORCE:
        return []
    try:
        value = json.loads(props).get("supersedes")
    except (ValueError, AttributeError):
        return []
    return [t for t in targets(value) if t != rel.removesuffix(".md")]


def named(conn: Any, rels: Iterable[str]) -> set[str]:
    """Of these note paths (vault-relative, with `.md`), those a note in force names in its
    `supersedes` property, by path or by file name."""
    wanted = set(rels)
    if not wanted:
        return set()
    links = [t for row in conn.execute(_SQL).fetchall() for t in _replaces(row)]
    if not links:
        return set()
    by_path = set(links)
    by_name = {t for t in links if "/" not in t}
    partial = ["/" + t for t in links if "/" in t]  # a path from a folder inside the vault
    out = set()
    for rel in wanted:
        stem = rel.removesuffix(".md")
        if (
            stem in by_path
            or stem.rsplit("/", 1)[-1] in by_name
            or any(stem.endswith(p) for p in partial)
        ):
            out.add(rel)
    return out
