"""Notes the learning loop writes: session summaries, L1 memory candidates, skill proposals.

Rendering is pure (text in, text out; golden-tested); `write_*` functions are the only ones that
touch files, through the writer gate. File names are deterministic for a given session (date,
readable slug, a hash of the session's path), so a run that crashed half-way and is run again
rewrites the same notes instead of adding duplicates, and two machines learning from the same
synced session agree on the names.

Reinforcement: a candidate whose text overlaps an existing memory of the same scope (and, for
project memories, the same project) by `learn.reinforce_overlap` or more is not added; the
existing memory's `reinforced` counter goes up, `last_seen` moves to today and the new source
joins its `sources`. A memory a person rejected absorbs the candidate silently.
"""

from __future__ import annotations

import datetime as dt
import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from vaultsync.core import paths, properties, schema, timestamp, writer
from vaultsync.core.model import Level, Scope
from vaultsync.core.text import overlap
from vaultsync.services.learning import memory_record, supersession
from vaultsync.services.learning.model_runner import MemoryItem, SessionSummary, SkillItem
from vaultsync.services.learning.session_log import SessionLog
from vaultsync.services.learning.supersession import Relation
from vaultsync.storage import memory
from vaultsync.storage.memory import Memory
from vaultsync.storage.note import parse_note


class Outcome(enum.StrEnum):
    NEW = "new"
    REINFORCE = "reinforce"
    KNOWN = "known"  # this very summary already fed it (a re-run after a crash)
    REJECTED = "rejected"  # a person rejected the same memory before


@dataclass(frozen=True)
class MemoryPlan:
    outcome: Outcome
    rel: str  # the new note, or the existing one
    item: MemoryItem
    text: str = ""  # the new note's content (Outcome.NEW only)


# ---------------------------------------------------------------- reading what exists


def load_memories(vault: Path) -> tuple[list[Memory], list[str]]:
    """What a new lesson is compared with: every memory with a valid scope, and the ones a
    person rejected in review (still absorbing their fact)."""
    found, warnings = memory.load_memories(vault, rejected_archive=True)
    return [m for m in found if m.scope is not None], warnings


# ---------------------------------------------------------------- names


def fact_title(text: str, limit: int = 80) -> str:
    line = " ".join(text.split())
    for stop in (". ", "。", "; ", "！", "? "):
        head = line.split(stop, 1)[0]
        if 12 <= len(head) < len(line):
            line = head
            break
    if len(line) > limit:
        line = line[: limit - 1].rsplit(" ", 1)[0].rstrip(",;: ") + "…"
    return line.rstrip(".")


def _slug(text: str, limit: int = 40, fallback: str = "note") -> str:
    """Readable words only: code marks and path separators make poor file names."""
    words = re.sub(r"[^\w\s.,+-]+", " ", text)
    return paths.safe_component(words, limit, fallback)


def summary_rel(vault: Path, log: SessionLog, title: str) -> str:
    """`summaries/YYYY/MM/<day> <hhmm> <agent> <title> <hash>.md`; an existing one is reused."""
    day, hhmm = paths.local_stamp(log.created)
    digest = paths.short_hash(log.rel, n=6)
    folder = f"{paths.SUMMARIES_DIR}/{day[:4]}/{day[5:7]}"
    existing = vault / folder
    if existing.is_dir():
        for path in existing.iterdir():
            if path.name.endswith(f" {digest}.md") and paths.is_note(path.name):
                return f"{folder}/{path.name}"
    agent = paths.safe_component(log.agent or "agent", 20)
    slug = _slug(title, 40, "session")
    return f"{folder}/{day} {hhmm} {agent} {slug} {digest}.md"


def memory_rel(log: SessionLog, item: MemoryItem, today: str) -> str:
    digest = paths.short_hash(log.rel, item.scope.value, item.text, n=6)
    slug = _slug(fact_title(item.text, 50), 40, "memory")
    return f"{paths.LEVEL_DIRS[Level.L1]}/{today} {item.scope.value} {slug} {digest}.md"


def proposal_rel(log: SessionLog, skill: SkillItem, today: str) -> str:
    digest = paths.short_hash(log.rel, skill.name, n=6)
    return f"{paths.PROPOSALS_DIR}/{today} {paths.safe_component(skill.name, 50)} {digest}.md"


# ---------------------------------------------------------------- rendering


def render_summary(
    log: SessionLog,
    summary: SessionSummary,
    *,
    model: str,
    now: dt.datetime,
    memories: Sequence[MemoryPlan] = (),
    proposals: Sequence[str] = (),
) -> str:
    learned = timestamp.format(now)
    started = timestamp.restamp(log.created) if timestamp.parse(log.created) else learned
    last = next((e.ts for e in reversed(log.events) if timestamp.parse(e.ts)), "")
    props = schema.summary_props(
        agent=log.agent,
        session_id=log.session_id,
        project=log.project,
        created=started,
        updated=timestamp.restamp(last) if last else started,
        learned=learned,
        session_rel=log.rel,
        files_read=list(summary.files_read),
        files_modified=list(summary.files_modified),
        model=model,
    )
    out = [properties.render_frontmatter(props), f"\n# {summary.title or 'Session summary'}\n\n"]
    where = f" in `{log.project}`" if log.project else ""
    out.append(f"Session {properties.link(log.rel)} ({log.agent or 'agent'}{where}).\n")
    for heading, body in (
        ("What was asked", summary.asked),
        ("What was done", summary.done),
        ("What was learned", summary.learned),
    ):
        out.append(f"\n## {heading}\n\n{body or '—'}\n")
    if summary.next_steps:
        out.append("\n## Next steps\n\n" + "".join(f"- {s}\n" for s in summary.next_steps))
    if summary.files_read or summary.files_modified:
        out.append("\n## Files\n\n")
        if summary.files_modified:
            out.append("Modified: " + ", ".join(f"`{f}`" for f in summary.files_modified) + "\n")
        if summary.files_read:
            sep = "\n" if summary.files_modified else ""
            out.append(sep + "Read: " + ", ".join(f"`{f}`" for f in summary.files_read) + "\n")
    kept = [m for m in memories if m.outcome in (Outcome.NEW, Outcome.REINFORCE, Outcome.KNOWN)]
    if kept:
        out.append("\n## Memories\n\n")
        for plan in kept:
            verb = "candidate" if plan.outcome is Outcome.NEW else "reinforces"
            out.append(f"- {verb} ({plan.item.scope.value}): {properties.link(plan.rel)}\n")
    if proposals:
        out.append(
            "\n## Skill proposals\n\n" + "".join(f"- {properties.link(p)}\n" for p in proposals)
        )
    return "".join(out)


def render_memory(
    log: SessionLog,
    item: MemoryItem,
    *,
    source_rel: str,
    now: dt.datetime,
    supersedes: Sequence[str] = (),
) -> str:
    props = schema.memory_props(
        level=Level.L1,
        scope=item.scope,
        agent=log.agent,
        session_id=log.session_id,
        project=log.project,
        created=timestamp.format(now),
        source_rel=source_rel,
        priority=item.priority,
    )
    if supersedes:
        props["supersedes"] = [properties.link(r) for r in supersedes]
    return properties.render_frontmatter(props) + f"\n# {fact_title(item.text)}\n\n{item.text}\n"


def render_proposal(log: SessionLog, skill: SkillItem, *, source_rel: str, now: dt.datetime) -> str:
    props = schema.proposal_props(
        name=skill.name,
        agent=log.agent,
        session_id=log.session_id,
        project=log.project,
        created=timestamp.format(now),
        source_rel=source_rel,
    )
    props["when"] = skill.when
    props["procedure"] = list(skill.procedure)
    if skill.signature:
        props["signature"] = list(skill.signature)
    out = [properties.render_frontmatter(props), f"\n# {skill.name}\n\n"]
    if skill.when:
        out.append(f"When: {skill.when}\n\n")
    out.extend(f"{i}. {step}\n" for i, step in enumerate(skill.procedure, 1))
    out.append(f"\nProposed from {properties.link(source_rel)}.\n")
    return "".join(out)


# ---------------------------------------------------------------- planning candidates


class _Desc(str):
    """A string that sorts backwards: in a max(), the first path wins a tie."""

    __slots__ = ()

    def __lt__(self, other: str) -> bool:
        return str.__gt__(self, other)

    def __gt__(self, other: str) -> bool:
        return str.__lt__(self, other)


def plan_memory(
    log: SessionLog,
    item: MemoryItem,
    *,
    source_rel: str,
    records: Sequence[Memory],
    threshold: float,
    now: dt.datetime,
) -> MemoryPlan:
    """New candidate, or which existing memory it reinforces.

    The same fact said again (services/learning/supersession.py: a duplicate by the terms the
    recall engine ranks by, or `threshold` of its words) reinforces the memory that holds it; a
    newer value for the same subject becomes a candidate that names the memories it would
    supersede (`supersedes`), applied when a person approves it."""
    source = properties.link(source_rel)
    best: Memory | None = None
    best_score = 0.0
    older: list[str] = []
    for rec in records:
        if rec.scope is not item.scope:
            continue
        if item.scope is Scope.PROJECT and rec.project != log.project:
            continue
        same_source = source in rec.sources
        relation = supersession.relate(item.text, rec.text, threshold, same_source=same_source)
        if relation is Relation.SUPERSEDES:
            if supersession.live(rec) and rec.state != "rejected":
                older.append(rec.rel)
            continue
        score = overlap(item.text, rec.text)
        if relation is Relation.DUPLICATE:
            score = max(score, threshold)
        # Ties go to the higher level, then to the first path: never to the order the records
        # came in (planned in this run, or read back from disk after a kill and a rerun).
        if score >= threshold and (
            best is None
            or (score, rec.level.rank, _Desc(rec.rel))
            > (best_score, best.level.rank, _Desc(best.rel))
        ):
            best, best_score = rec, score
    # The model's word, where one ran (ids resolved by session_step): kept only for a memory
    # that competes (same scope and project), in force and older.
    named = set(item.supersedes)
    for rec in records:
        competes = rec.scope is item.scope and (
            item.scope is not Scope.PROJECT or rec.project == log.project
        )
        if rec.rel in named and rec.rel not in older and competes and supersession.live(rec):
            older.append(rec.rel)
    if best is not None and best.rel in older:
        best = None  # the model says it replaces this one: not the same fact said again
    if best is not None:
        if best.state == "rejected":
            return MemoryPlan(Outcome.REJECTED, best.rel, item)
        if source in best.sources:
            return MemoryPlan(Outcome.KNOWN, best.rel, item)
        return MemoryPlan(Outcome.REINFORCE, best.rel, item)
    rel = memory_rel(log, item, timestamp.day(now))
    text = render_memory(log, item, source_rel=source_rel, now=now, supersedes=sorted(older))
    return MemoryPlan(Outcome.NEW, rel, item, text)


_H1_LINE = re.compile(r"^# +\S")


def replace_fact(body: str, heading: str, fact: str) -> str:
    """The body with its title heading and the fact (the first paragraph under it) replaced;
    everything after that paragraph is a person's and stays as written."""
    lines = body.splitlines(keepends=True)
    start = next((i for i, line in enumerate(lines) if _H1_LINE.match(line)), None)
    before = lines[:start] if start is not None else []
    i = start + 1 if start is not None else 0
    while i < len(lines) and not lines[i].strip():
        i += 1
    while i < len(lines) and lines[i].strip() and not lines[i].lstrip().startswith("#"):
        i += 1  # the fact's paragraph
    rest = "".join(lines[i:])
    lead = "".join(before)
    if lead and not lead.endswith("\n"):
        lead += "\n"
    text = f"{lead or chr(10)}# {heading}\n\n{fact}\n"
    if rest.strip():
        text += rest if rest.startswith("\n") else "\n" + rest
    return text


def record_of(plan: MemoryPlan, project: str, source_rel: str) -> Memory:
    """The in-memory record of a candidate just planned, so later sessions reinforce it: read
    from the text about to be written, exactly as `load_memories` will read it back after a
    kill (a rerun must decide as an unkilled run did)."""
    if plan.text:
        planned = memory.memory_of(parse_note(plan.rel, plan.text))
        if planned.scope is not None:
            return planned
    return Memory(
        rel=plan.rel,
        title=plan.item.text,
        detail="",
        level=Level.L1,
        scope=plan.item.scope,
        project=project,
        status="candidate",
        created="",
        sources=(properties.link(source_rel),),
    )


# ---------------------------------------------------------------- writing


def write_new(vault: Path, rel: str, text: str) -> bool:
    """Create a note that must not exist yet; False if it already does (left untouched)."""
    target = paths.inside(vault, vault / rel)
    if target.exists():
        return False
    writer.write_atomic(target, text, fsync=False)  # the session's batch ends in writer.flush()
    return True


def write_summary(vault: Path, rel: str, text: str) -> None:
    writer.write_atomic(paths.inside(vault, vault / rel), text, fsync=False)


def reinforce(vault: Path, rel: str, source_rel: str, now: dt.datetime) -> bool:
    """Bump an existing memory's counter, last-seen date and sources; its text is untouched."""
    source = properties.link(source_rel)

    recorded: list[str] = []

    def change(text: str) -> str | None:
        # Re-applied first: what a person's stale editor save took away since the last
        # reinforcement (recorded outside the vault) comes back in this same swap, so no
        # reinforcement waits for the watcher or a rebuild to reappear.
        key = memory_record.key_of(parse_note(rel, text).props, rel)
        restored = memory_record.reapply(text, memory_record.records(vault, key)) if key else None
        current = restored or text
        props = parse_note(rel, current).props
        try:
            count = int(props.get("reinforced") or 0)
        except (TypeError, ValueError):
            count = 0
        sources = props.get("sources")
        listed = [str(s) for s in sources] if isinstance(sources, list) else []
        if source in listed or props.get("source") == source:
            return restored
        # Kept outside the vault too, so a stale editor save cannot lose it (memory_record).
        memory_record.record_reinforcement(vault, rel, text, source, timestamp.day(now))
        recorded.append(source)
        return properties.set_properties(
            current,
            {
                "reinforced": count + 1,
                "last_seen": timestamp.day(now),
                "updated": timestamp.format(now),
                "sources": [*listed, source],
            },
        )

    try:
        return writer.rewrite(
            vault / rel, change, lock_file=paths.lock_path(vault, rel), fsync=False
        )
    except writer.Changed:
        if not recorded:
            raise
        # An editor kept saving through every attempt: the reinforcement is in the record
        # (written by `change` before a swap), and the next reinforcement, the watcher or a
        # rebuild puts it into the note.
        return True
