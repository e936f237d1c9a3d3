"""What a memory note means, whichever way it was read (a parsed `Note` or an index row).

A memory's level lives in two places: the `level` property and the folder
(`memories/L1-candidates`, `L2-confirmed`, `L3-core`). Promoting a memory in Obsidian is a
drag to another folder, and a person doing that will not think to edit the property too, so when
the two disagree the folder wins. A memory outside the level folders keeps its property; with
neither it is a candidate (L1): unreviewed until a person says otherwise.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Protocol, TypeVar

from vaultsync.core import paths
from vaultsync.core.model import Level, Scope

DETAIL_CHARS = 280  # one memory is a fact, not an essay: longer text stays in the note


class MemoryLike(Protocol):
    """The fields shared by `storage.note.Note` and `storage.index.IndexedNote`."""

    @property
    def rel(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def body(self) -> str: ...
    @property
    def props(self) -> dict[str, Any]: ...


M = TypeVar("M", bound=MemoryLike)


def folder_level(rel: str) -> Level | None:
    for level, folder in paths.LEVEL_DIRS.items():
        if rel.startswith(folder + "/"):
            return level
    return None


def effective_level(note: MemoryLike) -> Level:
    """The folder a person moved the note to, else the `level` property, else L1."""
    by_folder = folder_level(note.rel)
    if by_folder is not None:
        return by_folder
    declared = getattr(note, "level", None)
    if declared is None:
        declared = note.props.get("level")
    return Level.parse(declared, Level.L1) or Level.L1


def effective_scope(note: MemoryLike) -> Scope | None:
    """The `scope` property; None when missing or not one of user, agent, project."""
    return Scope.parse(note.props.get("scope", getattr(note, "scope", None)))


def _str(note: MemoryLike, key: str) -> str:
    value = getattr(note, key, None)
    if value is None or value == "":
        value = note.props.get(key)
    return "" if value is None else str(value)


def project_of(note: MemoryLike) -> str:
    return _str(note, "project")


def updated_of(note: MemoryLike) -> str:
    return _str(note, "updated") or _str(note, "created")


def priority_of(note: MemoryLike) -> int:
    value = getattr(note, "priority", None)
    if value is None:
        value = note.props.get("priority", 0)
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


_HEADING = re.compile(r"^#{1,6}\s")


def detail(note: MemoryLike, limit: int = DETAIL_CHARS) -> str:
    """The first paragraph of text after the title heading, on one line, capped at `limit`."""
    lines = note.body.splitlines()
    paragraph: list[str] = []
    for line in lines:
        stripped = line.strip()
        if _HEADING.match(stripped):
            if paragraph:
                break
            continue
        if not stripped:
            if paragraph:
                break
            continue
        paragraph.append(stripped)
    text = " ".join(" ".join(paragraph).split())
    if text == note.title.strip():
        return ""
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    return text


def rank(notes: Iterable[M]) -> list[M]:
    """Best first: level (L3 first), priority, `updated` (newest first), then path.

    Stable sorts, one per key from the last to the first, so each key is computed once a note.
    """
    ordered = sorted(notes, key=lambda n: n.rel)
    ordered.sort(key=updated_of, reverse=True)
    ordered.sort(key=priority_of, reverse=True)
    ordered.sort(key=lambda n: effective_level(n).rank, reverse=True)
    return ordered
