"""USER.md, AGENT.md and the per-project session-start context, derived from memory notes.

Selection: memory notes (type memory, not under archive/, status not rejected/archived, not
superseded by a newer memory: no `superseded_by`) whose
effective level is L2 or L3 (L1 candidates too when `budgets.include_candidates` is set).
Scope user -> USER.md, scope agent -> AGENT.md, scope project -> the context file of the
memory's project. Order: level (L3 first), priority, `updated` (newest first), then path, so
the output depends on nothing but the notes.

Budgets: the whole file, frontmatter included, is counted with `text.estimate_tokens` and kept
within the budget. Entries are taken in order; one that does not fit is left out (and reported)
and the next, shorter one may still fit. The context file gets what is left of
`budgets.context_tokens` after USER.md and AGENT.md (as the hook injects them: without their
frontmatter) and a small reserve for the queue status line.

Writes: only when the bytes differ, through the atomic writer. A USER.md or AGENT.md at the vault
root that vaultsync did not generate (no `generated_by: vaultsync`) is a person's note: it is
never overwritten, and the report says so.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vaultsync.core import paths, writer
from vaultsync.core.config import Config
from vaultsync.core.model import Level, NoteType, Scope
from vaultsync.core.properties import get_scalar, link, render_frontmatter, split_frontmatter
from vaultsync.core.text import estimate_tokens
from vaultsync.services.derived.budget import fit
from vaultsync.storage import memory, vault_files
from vaultsync.storage.memory import MemoryLike, effective_level, effective_scope
from vaultsync.storage.render import Template, load_template, parse

if TYPE_CHECKING:
    from vaultsync.storage.index import Index

# Re-exported: the learning loop imports the level rule from here or from storage.memory.
__all__ = [
    "Generation",
    "Rendered",
    "effective_level",
    "generate",
    "generate_all",
    "generate_from_vault",
    "select",
]

GENERATOR = "vaultsync"
STATUS_RESERVE_TOKENS = 16  # the hook's "Learning queue: ..." line comes before the context
SUMMARIES_PER_PROJECT = 3
SUMMARY_LINES = 3
SUMMARY_LINE_CHARS = 200
EXCLUDED_STATUSES = frozenset({"rejected", "archived", "retired"})
LEVEL_LABELS = {
    Level.L3: "Core (L3)",
    Level.L2: "Confirmed (L2)",
    Level.L1: "Candidates (L1, unreviewed)",
}
_KEY_HEADINGS = ("asked", "learned", "next steps")


@dataclass(frozen=True)
class Rendered:
    """One generated file: its text, which notes made it in and which were left out."""

    name: str  # "USER.md", "AGENT.md" or "context:<project>"
    text: str
    budget: int
    included: tuple[str, ...]
    omitted: tuple[str, ...]

    @property
    def tokens(self) -> int:
        return estimate_tokens(self.text)


@dataclass(frozen=True)
class Generation:
    files: tuple[Rendered, ...]
    written: tuple[str, ...]  # vault-relative paths written (USER.md, AGENT.md)
    contexts_written: tuple[Path, ...] = ()  # context files (outside the vault) written
    contexts_removed: tuple[Path, ...] = ()
    warnings: tuple[str, ...] = ()
    by_name: dict[str, Rendered] = field(default_factory=dict, repr=False, compare=False)
    kept: tuple[str, ...] = ()  # candidate memories made of lines a person wrote (hand_lines)

    def omitted(self, name: str) -> tuple[str, ...]:
        """Rels of notes left out of one file for its budget (for the learning loop's archive)."""
        rendered = self.by_name.get(name)
        return rendered.omitted if rendered else ()


# ---------------------------------------------------------------------------------------------
# selecting


def _usable(note: MemoryLike) -> bool:
    if note.rel.startswith(paths.ARCHIVE_DIR + "/"):
        return False
    if memory.superseded(note):
        return False  # a newer memory replaced it (services/learning/supersession.py)
    status = str(note.props.get("status") or getattr(note, "status", "") or "").lower()
    return status not in EXCLUDED_STATUSES


def select(
    notes: Iterable[MemoryLike],
    scope: Scope,
    *,
    include_candidates: bool = False,
    project: str | None = None,
) -> list[MemoryLike]:
    """The memories of one scope (and project), best first."""
    groups = _group(notes, include_candidates)
    if scope is Scope.PROJECT and project is None:
        return memory.rank(n for (s, _), group in groups.items() if s is scope for n in group)
    return groups.get((scope, project if scope is Scope.PROJECT else None), [])


def _group(
    notes: Iterable[MemoryLike], include_candidates: bool
) -> dict[tuple[Scope, str | None], list[MemoryLike]]:
    """Ranked memories by (scope, project); project only for scope project. One pass a note."""
    groups: dict[tuple[Scope, str | None], list[MemoryLike]] = {}
    for note in notes:
        scope = effective_scope(note)
        if scope is None or not _usable(note):
            continue
        if effective_level(note) is Level.L1 and not include_candidates:
            continue
        key = (scope, memory.project_of(note) if scope is Scope.PROJECT else None)
        groups.setdefault(key, []).append(note)
    return {key: memory.rank(group) for key, group in groups.items()}


# ---------------------------------------------------------------------------------------------
# rendering


class _Item:
    """One note on its way into a template. Its template data is built only when a budget
    check needs it: once a file is full, the remaining notes are refused on `floor` alone."""

    def __init__(self, note: MemoryLike, kind: str) -> None:
        self.note = note
        self.kind = kind  # "memory" or "summary"
        self.rel = note.rel
        self.level = effective_level(note) if kind == "memory" else None

    def may_fit(self, room: int) -> bool:
        """False when this item surely needs more than `room` tokens: the tokens of its own
        words are a lower bound of what it adds, whatever the template puts around them."""
        if estimate_tokens(f"{self.note.title} {link(self.rel)}") > room:
            return False  # cheap: no body parsing
        data = self.data
        words = [data["title"], data["link"], data.get("detail", ""), *data.get("lines", ())]
        return estimate_tokens(" ".join(words)) <= room

    @functools.cached_property
    def data(self) -> dict[str, Any]:
        note = self.note
        if self.kind == "summary":
            return {
                "title": " ".join(note.title.split()),
                "date": memory.updated_of(note)[:10],
                "agent": str(note.props.get("agent") or getattr(note, "agent", "") or ""),
                "link": link(note.rel),
                "rel": note.rel,
                "lines": summary_lines(note),
            }
        return {
            "title": " ".join(note.title.split()),
            "detail": memory.detail(note),
            "link": link(note.rel),
            "rel": note.rel,
            "level": (self.level or Level.L1).value,
            "project": memory.project_of(note),
            "priority": memory.priority_of(note),
        }


def _sections(items: Sequence[_Item]) -> list[dict[str, Any]]:
    sections: list[dict[str, Any]] = []
    for item in items:
        level = item.level or Level.L1
        if not sections or sections[-1]["level"] != level.value:
            sections.append({"level": level.value, "label": LEVEL_LABELS[level], "entries": []})
        sections[-1]["entries"].append(item.data)
    return sections


def render_memory_file(
    filename: str,
    scope: Scope,
    notes: Sequence[MemoryLike],
    budget: int,
    template: Template,
) -> Rendered:
    """USER.md or AGENT.md from already selected, ranked notes."""

    def build(chosen: list[_Item], omitted: int) -> str:
        props = {
            "type": NoteType.GENERATED.value,
            "generated_by": GENERATOR,
            "scope": scope.value,
            "budget_tokens": budget,
            "entries": len(chosen),
            "omitted": omitted,
            "tags": ["vaultsync/generated"],
        }
        body = template.render(
            {
                "file": filename,
                "scope": scope.value,
                "budget": budget,
                "sections": _sections(chosen),
                "empty": not chosen,
                "omitted": omitted,
            }
        )
        return render_frontmatter(props) + _tidy(body)

    items = [_Item(n, "memory") for n in notes]
    text, chosen, left_out = fit(items, build, budget, _Item.may_fit)
    return Rendered(
        filename, text, budget, tuple(i.rel for i in chosen), tuple(i.rel for i in left_out)
    )


def _tidy(text: str) -> str:
    """One final newline, so templates need not fuss over the blank line after a section."""
    text = text.rstrip()
    return text + "\n" if text else ""


_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def summary_lines(note: MemoryLike, limit: int = SUMMARY_LINES) -> list[str]:
    """The key lines of a summary: the first line under "asked", "learned" and "next steps".

    Headings match by those words (`## What was asked` and `## Asked` both count).
    A summary without those headings (written by a person or another tool) gives its first
    lines of text instead.
    """
    sections: dict[str, list[str]] = {}
    plain: list[str] = []
    current = ""
    for raw in note.body.splitlines():
        line = raw.strip()
        heading = _HEADING.match(line)
        if heading:
            current = heading.group(2).strip().lower().rstrip(":")
            continue
        if not line or line.startswith(("```", "|", ">")):
            continue
        text = re.sub(r"^(?:[-*+]|\d+[.)])\s+", "", line)
        if not text or text == "—":  # the learning loop's mark for an empty section
            continue
        sections.setdefault(current, []).append(text)
        plain.append(text)
    picked = []
    for key in _KEY_HEADINGS:
        found = next((lines for name, lines in sections.items() if key in name and lines), None)
        if found:
            picked.append(found[0])
    lines = [t for t in picked or plain if not _instruction(t)]
    out = []
    for text in lines[:limit]:
        text = " ".join(text.split())
        out.append(text if len(text) <= SUMMARY_LINE_CHARS else text[:199].rstrip() + "…")
    return out


def _instruction(line: str) -> bool:
    """Does a summary line read as an instruction to an agent (an injection the redactor
    quoted when the session was captured, or one it finds now)? Such a line is text from a
    session's tool output or messages that nobody reviewed: it never goes into the context an
    agent is given (it stays, quoted, in its session and summary notes)."""
    from vaultsync.core.privacy.redactor import INJECTION, default_redactor

    return f"⟦{INJECTION}" in line or default_redactor().redact(line).injection_count > 0


def render_context(
    project: str,
    memories: Sequence[MemoryLike],
    summaries: Sequence[MemoryLike],
    budget: int,
    template: Template,
) -> Rendered:
    """The session-start context of one project (memories first, then latest summaries)."""
    items = [_Item(n, "memory") for n in memories] + [_Item(n, "summary") for n in summaries]

    def build(chosen: list[_Item], omitted: int) -> str:
        return _tidy(
            template.render(
                {
                    "project": project,
                    "budget": budget,
                    "content": bool(chosen or omitted),
                    "memories": [i.data for i in chosen if i.kind == "memory"],
                    "summaries": [i.data for i in chosen if i.kind == "summary"],
                    "omitted": omitted,
                }
            )
        )

    name = f"context:{project}"
    if budget <= 0:
        return Rendered(name, "", budget, (), tuple(i.rel for i in items))
    text, chosen, left_out = fit(items, build, budget, _Item.may_fit)
    if estimate_tokens(text) > budget:  # not even the heading fits: say nothing
        return Rendered(name, "", budget, (), tuple(i.rel for i in items))
    return Rendered(
        name, text, budget, tuple(i.rel for i in chosen), tuple(i.rel for i in left_out)
    )


# ---------------------------------------------------------------------------------------------
# writing


def _body_tokens(text: str) -> int:
    _, body = split_frontmatter(text)
    return estimate_tokens(body)


def _write_vault_file(vault: Path, rel: str, text: str, warnings: list[str]) -> bool:
    target = vault / rel
    data = text.encode("utf-8")
    try:
        current = target.read_bytes()
    except FileNotFoundError:
        current = None
    if current == data:
        return False
    if current is not None:
        existing = current.decode("utf-8", "replace")
        if get_scalar(existing, "generated_by") != GENERATOR:
            warnings.append(
                f"{rel} exists and was not generated by vaultsync: left unchanged "
                "(rename it to let vaultsync generate it)"
            )
            return False
    writer.write_atomic(target, data)
    return True


def _write_context(target: Path, text: str) -> bool:
    try:
        if target.read_bytes() == text.encode("utf-8"):
            return False
    except FileNotFoundError:
        pass
    writer.write_atomic(target, text, fsync=False)
    return True


_CONTEXT_NAME = re.compile(r"^[0-9a-f]{12}\.md$")


def owner_of(note: MemoryLike) -> str:
    """The person a memory belongs to in a team vault: its `person` property, else the
    `people/<name>/` folder it lies in; "" for a memory of nobody in particular."""
    owner = str(note.props.get("person") or "")
    if owner:
        return owner
    parts = note.rel.split("/")
    for i, part in enumerate(parts[:-2]):
        if part == "people":
            return parts[i + 1]
    return ""


def _belongs_to(note: MemoryLike, person: str) -> bool:
    """In a team vault (`sync.person` set) USER.md is personal: another person's user-scoped
    memories stay out of it. Agent and project memories are shared."""
    if effective_scope(note) is not Scope.USER:
        return True
    owner = owner_of(note)
    return not owner or owner == person


def generate(
    vault: Path,
    config: Config,
    memories: Iterable[MemoryLike],
    summaries: Iterable[MemoryLike],
    *,
    write: bool = True,
) -> Generation:
    """Render (and with `write`, write) USER.md, AGENT.md and every project's context file."""
    include = bool(config.get("budgets", "include_candidates"))
    templates = config.section("templates")
    person = str(config.get("sync", "person") or "")
    mems = [m for m in memories if not person or _belongs_to(m, person)]
    sums = [n for n in summaries if _usable(n)]
    groups = _group(mems, include)
    files: list[Rendered] = []
    templates_used: dict[str, Template] = {}  # for the lines a person wrote (hand_lines)
    for filename, scope, budget_key, template_key in (
        (paths.USER_MD, Scope.USER, "user_md_tokens", "user_md"),
        (paths.AGENT_MD, Scope.AGENT, "agent_md_tokens", "agent_md"),
    ):
        source, where = load_template(
            vault, f"{filename}.tmpl", str(templates.get(template_key) or "")
        )
        chosen = groups.get((scope, None), [])
        budget = int(config.get("budgets", budget_key))
        template = parse(source, where)
        files.append(render_memory_file(filename, scope, chosen, budget, template))
        templates_used[filename] = template

    context_budget = int(config.get("budgets", "context_tokens")) - STATUS_RESERVE_TOKENS
    context_budget -= sum(_body_tokens(r.text) for r in files)
    source, where = load_template(vault, "context.md.tmpl", str(templates.get("context_md") or ""))
    context_template = parse(source, where)
    projects = sorted(
        {""}
        | {p for s, p in groups if s is Scope.PROJECT and p is not None}
        | {memory.project_of(n) for n in sums}
    )
    latest: dict[str, list[MemoryLike]] = {}
    for note in sorted(sums, key=lambda n: (memory.updated_of(n), n.rel), reverse=True):
        bucket = latest.setdefault(memory.project_of(note), [])
        if len(bucket) < SUMMARIES_PER_PROJECT:
            bucket.append(note)
    contexts: dict[Path, Rendered] = {}
    for project in projects:
        rendered = render_context(
            project,
            groups.get((Scope.PROJECT, project), []),
            latest.get(project, []),
            max(context_budget, 0),
            context_template,
        )
        files.append(rendered)
        contexts[paths.context_dir(vault) / f"{paths.project_key(project)}.md"] = rendered

    if not write:
        return Generation(tuple(files), (), by_name={r.name: r for r in files})
    warnings: list[str] = []
    kept = tuple(
        rel
        for r, scope in zip(files[:2], (Scope.USER, Scope.AGENT), strict=True)
        for rel in _keep_hand_lines(vault, config, r, scope, templates_used[r.name])
    )
    written = tuple(r.name for r in files[:2] if _write_vault_file(vault, r.name, r.text, warnings))
    ctx_written = tuple(p for p, r in contexts.items() if _write_context(p, r.text))
    removed = []
    folder = paths.context_dir(vault)
    if folder.is_dir():
        for stale in sorted(folder.iterdir()):
            if _CONTEXT_NAME.match(stale.name) and stale not in contexts:
                stale.unlink(missing_ok=True)  # derived state outside the vault
                removed.append(stale)
    return Generation(
        tuple(files),
        written,
        ctx_written,
        tuple(removed),
        tuple(warnings),
        {r.name: r for r in files},
        kept,
    )


def _variants(template: Template, filename: str, scope: Scope, budget: int) -> tuple[str, ...]:
    """The template's own lines whatever the entries: rendered with none, and with some left
    out (a line a person wrote is one no rendering makes)."""
    data: dict[str, Any] = {
        "file": filename,
        "scope": scope.value,
        "budget": budget,
        "sections": [],
    }
    return (
        template.render({**data, "empty": True, "omitted": 0}),
        template.render({**data, "empty": False, "omitted": 1}),
    )


def _keep_hand_lines(
    vault: Path, config: Config, rendered: Rendered, scope: Scope, template: Template
) -> list[str]:
    """Before USER.md or AGENT.md is written again: the lines a person wrote into it become
    candidate memories (services/derived/hand_lines.py); their paths."""
    try:
        current = (vault / rendered.name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    if current == rendered.text or get_scalar(current, "generated_by") != GENERATOR:
        return []  # unchanged, or a person's own file (never overwritten)
    from vaultsync.core import timestamp
    from vaultsync.services.derived import hand_lines

    variants = _variants(template, rendered.name, scope, rendered.budget)
    facts = hand_lines.written_by_hand(current, (rendered.text, *variants))
    if not facts:
        return []
    return hand_lines.keep(vault, config, rendered.name, scope, facts, timestamp.now())


def generate_all(vault: Path, config: Config, index: Index) -> tuple[str, ...]:
    """Regenerate from the index; returns the vault-relative paths written (USER.md/AGENT.md,
    and candidate memories made of lines a person wrote into them: services/derived/hand_lines).

    Context files live outside the vault, so they are not in the result (see `generate`).
    """
    memories = index.notes(type=NoteType.MEMORY.value)
    summaries = index.notes(type=NoteType.SUMMARY.value)
    done = generate(vault, config, memories, summaries)
    return done.written + done.kept


def generate_from_vault(vault: Path, config: Config, *, write: bool = True) -> Generation:
    """The same, reading memory and summary notes straight from the files (no index needed).

    For callers that just wrote notes and cannot wait for the index (learn, sync), `vaultsync
    me` and the doctor. Every note of those types counts, wherever a person moved it, as the
    index counts it (`generate_all`): read from memories/ and summaries/, and elsewhere when
    its frontmatter declares the type (`memory.declared_elsewhere`). Reading only memories/
    and summaries/, a memory moved to a folder of the person's was in USER.md after the
    watcher's pass and gone from it after the next sync.
    """
    from vaultsync.storage.note import NoteReadError, read_note

    kinds = (NoteType.MEMORY, NoteType.SUMMARY)
    elsewhere = memory.declared_elsewhere(vault, kinds, archive=True)
    buckets: dict[NoteType, list[MemoryLike]] = {kind: [] for kind in kinds}
    for kind in kinds:
        rels = vault_files.notes(vault, paths.TYPE_DIRS[kind]) + elsewhere[kind]
        for rel in rels:
            try:
                note = read_note(vault, rel)
            except (FileNotFoundError, NoteReadError):
                continue
            if note.type is kind:
                buckets[kind].append(note)
    return generate(vault, config, buckets[NoteType.MEMORY], buckets[NoteType.SUMMARY], write=write)
