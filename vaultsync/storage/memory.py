"""What a memory note means, whichever way it was read (a parsed `Note` or an index row), and
the one loader of memory notes from the vault (`load_memories` -> `Memory`), which the learning
loop (reinforce or add?) and review (what waits for a person?) both use.

A memory's level lives in two places: the `level` property and the folder
(`memories/L1-candidates`, `L2-confirmed`, `L3-core`). Promoting a memory in Obsidian is a
drag to another folder, and a person doing that will not think to edit the property too, so when
the two disagree the folder wins. A memory outside the level folders keeps its property; with
neither it is a candidate (L1): unreviewed until a person says otherwise.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

from vaultsync.core import paths, properties, timestamp
from vaultsync.core.model import Level, NoteType, Scope

DETAIL_CHARS = 280  # one memory is a fact, not an essay: longer text stays in the note
# Injected this many times and never used (`recalled`, `used`: services/learning/usage.py): the
# memory goes after the others of its level and review offers it for archiving.
SINK_AFTER = 5


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
    """`updated` (else `created`) as a UTC key: notes carry different offsets and older forms,
    and the order must be the instants' order."""
    return timestamp.utc_key(_str(note, "updated") or _str(note, "created"))


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
    # A body that only says its title again (a learned memory often does, with a full stop)
    # is left out: USER.md and AGENT.md are read at every session start, token by token.
    if _said(text) == _said(note.title):
        return ""
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    return text


def _said(text: str) -> str:
    return " ".join(text.split()).rstrip(".。!！ ").casefold()


def sunk(note: MemoryLike) -> bool:
    """Injected `SINK_AFTER` times or more and never used: it has not earned its tokens."""
    return _count(note.props.get("recalled")) >= SINK_AFTER and not _count(note.props.get("used"))


def rank(notes: Iterable[M]) -> list[M]:
    """Best first: level (L3 first), then memories agents use before those they never used
    (`sunk`), priority, `updated` (newest first), then path.

    Stable sorts, one per key from the last to the first, so each key is computed once a note.
    """
    ordered = sorted(notes, key=lambda n: n.rel)
    ordered.sort(key=updated_of, reverse=True)
    ordered.sort(key=priority_of, reverse=True)
    ordered.sort(key=sunk)
    ordered.sort(key=lambda n: effective_level(n).rank, reverse=True)
    return ordered


def _count(value: object) -> int:
    try:
        return int(str(value)) if value is not None else 0
    except ValueError:
        return 0


@dataclass(frozen=True)
class Memory:
    """One memory note as the learning loop and review see it."""

    rel: str
    title: str
    detail: str  # the first paragraph, up to 2000 characters
    level: Level  # effective: the folder wins
    scope: Scope | None  # None: no valid scope property
    project: str
    status: str  # as written (review shows it); compare with `state`
    created: str
    reinforced: int = 0
    reviewed_reinforced: int = 0  # `reinforced` when a person last reviewed it
    sources: tuple[str, ...] = ()  # wikilinks, `source` first
    type: NoteType = NoteType.MEMORY
    supersedes: tuple[str, ...] = ()  # wikilinks to the older memories this one replaces
    superseded_by: tuple[str, ...] = ()  # wikilinks to the newer ones; non-empty: not in force
    recalled: int = 0  # times session-start context or prompt recall injected it
    used: int = 0  # times the agent's following work used what it said

    @property
    def text(self) -> str:
        """Title and detail: what a new lesson is compared with."""
        return f"{self.title}\n{self.detail}".strip()

    @property
    def state(self) -> str:
        return self.status.lower()

    @property
    def since_review(self) -> int:
        return max(0, self.reinforced - self.reviewed_reinforced)


def memory_of(note: Any) -> Memory:
    """A parsed `storage.note.Note` as a `Memory`."""
    sources = [str(note.prop("source"))] if note.prop("source") else []
    extra = note.props.get("sources")
    if isinstance(extra, list):
        sources += [str(s) for s in extra if s]
    return Memory(
        rel=note.rel,
        title=note.title,
        detail=detail(note, 2000),
        level=effective_level(note),
        scope=effective_scope(note),
        project=project_of(note),
        status=note.status,
        created=note.created,
        reinforced=_count(note.props.get("reinforced")),
        reviewed_reinforced=_count(note.props.get("reviewed_reinforced")),
        sources=tuple(dict.fromkeys(sources)),
        type=note.type,
        supersedes=links_of(note.props.get("supersedes")),
        superseded_by=links_of(note.props.get("superseded_by")),
        recalled=_count(note.props.get("recalled")),
        used=_count(note.props.get("used")),
    )


def links_of(value: object) -> tuple[str, ...]:
    """A property holding one link or a list of them, as a tuple of non-empty strings."""
    if isinstance(value, list | tuple):
        return tuple(str(v) for v in value if v)
    return (str(value),) if value else ()


def superseded(note: MemoryLike) -> bool:
    """A newer memory replaced this one (its `superseded_by` lists one): kept, not in force.
    Deleting the property in Obsidian puts it back in force."""
    return bool(links_of(note.props.get("superseded_by")))


def _rels_under(vault: Path, folder: str) -> list[str]:
    from vaultsync.storage import vault_files  # the one vault walk (links, FIFOs skipped)

    return vault_files.notes(vault, folder)


def memory_rels(vault: Path) -> list[str]:
    """The notes under memories/ and every memory a person moved elsewhere (outside the
    archive), in path order (hidden folders skipped)."""
    moved = declared_elsewhere(vault, (NoteType.MEMORY,))[NoteType.MEMORY]
    return sorted(_rels_under(vault, paths.MEMORIES_DIR) + moved)


# A note's declared type is read from its first bytes (a frontmatter is a few hundred of them).
HEAD_BYTES = 4096


def declared_elsewhere(
    vault: Path, kinds: Iterable[NoteType], *, archive: bool = False
) -> dict[NoteType, list[str]]:
    """The notes outside their type's folder whose frontmatter declares one of `kinds` (a
    memory or a summary a person moved to a folder of their own in Obsidian), by type; the
    archive is left out unless `archive`. The index finds such notes by their `type`; the
    services that read the files (learn, review, sync's USER.md) find them here, by the first
    HEAD_BYTES of each note, so a moved note counts for both alike."""
    from vaultsync.storage import vault_files

    out: dict[NoteType, list[str]] = {kind: [] for kind in kinds}
    skip = tuple(paths.TYPE_DIRS[kind] + "/" for kind in out if kind in paths.TYPE_DIRS)
    if not archive:
        skip += (paths.ARCHIVE_DIR + "/",)
    for rel in vault_files.notes(vault):
        if rel.startswith(skip) or rel in paths.GENERATED_FILES:
            continue
        try:
            head = vault_files.read_bytes(vault, rel, limit=HEAD_BYTES, walked=True)
        except OSError:
            continue
        kind = NoteType.parse(properties.get_scalar(head.decode("utf-8", "replace"), "type"))
        if kind in out:
            out[kind].append(rel)
    return out


def _head_status(path: Path) -> str | None:
    from vaultsync.storage import vault_files

    try:
        head = vault_files.read_path(path, 8192).decode("utf-8", "replace")
    except OSError:
        return None
    return properties.get_scalar(head, "status")


def _dated(vault: Path, m: Memory) -> Memory:
    """A note a person wrote by hand may have no `created`: a date in its file name or title
    stands in (a checkout sets every file's time to its own moment), else its file's time, so
    the newest-wins order (services/learning/supersession.py) sees it as the new fact it is."""
    if m.created:
        return m
    import dataclasses

    named = timestamp.named_day(m.rel.rsplit("/", 1)[-1]) or timestamp.named_day(m.title)
    if named:
        return dataclasses.replace(m, created=named)
    try:
        stamp = os.stat(vault / m.rel).st_mtime
    except OSError:
        return m
    import datetime as dt

    when = dt.datetime.fromtimestamp(stamp, dt.UTC)
    return dataclasses.replace(m, created=timestamp.format(when))


def load_memories(vault: Path, *, rejected_archive: bool = False) -> tuple[list[Memory], list[str]]:
    """Every memory note under memories/, whatever its level, in path order, and warnings for
    unreadable ones. `rejected_archive` adds the memories a person rejected in review (moved to
    archive/<date>/memories/): the learning loop must not propose them again."""
    from vaultsync.storage.note import NoteReadError, read_note

    rels = memory_rels(vault)
    if rejected_archive:
        archive = vault / paths.ARCHIVE_DIR
        days = sorted(os.listdir(archive)) if archive.is_dir() else []
        for day in days:
            for rel in _rels_under(vault, f"{paths.ARCHIVE_DIR}/{day}/{paths.MEMORIES_DIR}"):
                if _head_status(vault / rel) == "rejected":
                    rels.append(rel)
    found: list[Memory] = []
    warnings: list[str] = []
    for rel in rels:
        try:
            note = read_note(vault, rel)
        except (FileNotFoundError, NoteReadError) as exc:
            warnings.append(f"{rel}: {exc}")
            continue
        if note.warning:
            warnings.append(f"{rel}: {note.warning}")
        if note.type is NoteType.MEMORY:
            found.append(_dated(vault, memory_of(note)))
    return found, warnings


def write_candidate(
    vault: Path, props: dict[str, Any], body: str, key: tuple[str, ...], footer: str = ""
) -> tuple[str, bool]:
    """An L1 candidate memory note of `props` (core/schema.memory_props) holding `body`, named
    `<day> <scope> <first words> <hash of key>.md` under the L1 folder, created only if no note
    of that name exists (the same fact saved twice the same day is one note). Returns the
    note's path and whether it was created. `footer`: a closing line saying where it came from."""
    from vaultsync.core import writer

    words = " ".join(body.split())
    title = words if len(words) <= 80 else words[:79].rstrip() + "…"
    slug = paths.safe_component(" ".join(body.split()[:8]), 40, "memory")
    scope = str(props["scope"])
    name = f"{props['created'][:10]} {scope} {slug} {paths.short_hash(*key, n=6)}.md"
    rel = f"{paths.LEVEL_DIRS[Level.L1]}/{name}"
    note = properties.render_frontmatter(props) + f"\n# {title}\n\n{body}\n"
    if footer:
        note += f"\n{footer}\n"
    return rel, writer.create_exclusive(paths.inside(vault, vault / rel), note)
