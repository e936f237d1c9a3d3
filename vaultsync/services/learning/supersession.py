"""Which memory replaces which: a newer fact about the same thing supersedes the older one.

Two memories are compared on the terms the recall engine ranks by (`core/query/nlquery.terms`:
stems, Chinese and Japanese split into words, stop words out), less the words every memory uses
("user", "prefers", "always"...), which say nothing about the subject:

- **duplicate**: the same subject and no new value: one holds every term of the other, or
  they share at least `similar` (0.6) of the smaller one's terms and neither adds more than one
  term of its own. Duplicates merge: the newer one reinforces the older.
- **supersedes**: the newer one states another value for the same subject. Either it says so
  ("moved from Helm to Kustomize", "no longer uses X", "X instead of Y", "X rather than Y",
  "X, not Y", "not Y but X", "prefer X over Y", 不再, 改成, 换成, 升级到, "用 X，不要用 Y",
  "用 X 而不是 Y", "X，而不是 Y", やめた, に変更, に移行, "Y ではなく X を",
  "X を使って、Y ではなく", "Y じゃなくて X で") and the older one mentions what was left or
  shares its subject, or the two share at least `similar` of their terms and each has terms of
  its own (the value: "PostgreSQL 14" against "PostgreSQL 16").
- otherwise unrelated.

Newest wins in code: the order is the notes' dates, never a model's opinion. Both notes are
kept: the older one gets `superseded_by: ["[[newer]]"]` (and `status: superseded`), the newer
one `supersedes: ["[[older]]"]`. A memory whose `superseded_by` names an existing note leaves
USER.md, AGENT.md and project context, ranks below in search and is never injected at a prompt.
A person reverses it by deleting the `superseded_by` property in Obsidian (or with `vaultsync
review keep`); a pair once applied or reversed is recorded outside the vault
(`<state>/supersession.jsonl`) and never applied again by itself.

A candidate (L1) only proposes: its `supersedes` is written when it is created, and the older
note is marked when a person approves it. Approved memories (L2, L3) that conflict, for example
a person's new note in Obsidian, are settled when the watcher sees the change.
"""

from __future__ import annotations

import datetime as dt
import enum
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vaultsync.core import paths, properties, timestamp, writer
from vaultsync.core.model import Level, Scope
from vaultsync.core.query import nlquery
from vaultsync.storage.memory import Memory

SIMILAR = 0.6  # share of the smaller memory's subject terms two memories must share

# Words nearly every memory uses: they tell nothing about what the memory is about.
GENERIC = frozenset(
    nlquery.terms(
        "user agent project team we our us i my they person people always never usually "
        "prefer prefers preferred like likes want wants use uses used using now currently "
        "instead should must need needs run runs with for the this that these those "
        "from into onto via also still just new old longer like likes always"
    )
) | frozenset(
    t
    for w in ("用户", "我们", "项目", "现在", "目前", "使用", "喜欢", "总是", "一直", "ユーザー")
    for t in nlquery.terms(w)
)
_VALUE_LIKE = re.compile(r"\d")  # versions, ports, sizes: the value a fact holds


class Relation(enum.StrEnum):
    NONE = "none"
    DUPLICATE = "duplicate"
    SUPERSEDES = "supersedes"


@dataclass(frozen=True)
class Change:
    """What a sentence says was left behind and what replaced it (either may be empty)."""

    left: frozenset[str]
    taken: frozenset[str]


_VALUE = r"[^.,;:!?。，；：！？\n]{1,80}?"
_END = r"(?=$|[.,;:!?。，；：！？\n]| (?:for|in|because|since|as|and|but)\b)"
_CHANGE_PATTERNS: tuple[re.Pattern[str], ...] = tuple(
    re.compile(p, re.IGNORECASE)
    for p in (
        # English
        rf"\b(?:moved|migrated|switched|changed|went|upgraded|downgraded|converted|ported|"
        rf"transitioned)\b(?:\s+\S+){{0,3}}?\s+from\s+(?P<left>{_VALUE})\s+(?:to|onto)\s+"
        rf"(?P<taken>{_VALUE}){_END}",
        rf"\breplaced\s+(?P<left>{_VALUE})\s+(?:with|by)\s+(?P<taken>{_VALUE}){_END}",
        rf"(?P<taken>{_VALUE})\s+instead\s+of\s+(?P<left>{_VALUE}){_END}",
        rf"(?P<taken>{_VALUE})\s+rather\s+than\s+(?P<left>{_VALUE}){_END}",
        # "use uv for dependencies, not pip": the value, then the one it is not
        rf"(?P<taken>{_VALUE}),\s*(?:but\s+|and\s+)?not\s+(?P<left>{_VALUE}){_END}",
        rf"\bnot\s+(?:with\s+|in\s+|on\s+)?(?P<left>{_VALUE})\s+but\s+(?:with\s+|in\s+|on\s+)?"
        rf"(?P<taken>{_VALUE}){_END}",
        rf"\bprefer\s+(?P<taken>{_VALUE})\s+(?:over|to)\s+(?P<left>{_VALUE}){_END}",
        rf"\b(?:no\s+longer|not\s+anymore|stopped|dropped|abandoned|retired)\s+(?:\w+\s+)?"
        rf"(?P<left>{_VALUE}){_END}",
        rf"\b(?:now|upgraded|updated|bumped|moved|switched|migrated|changed)\b(?:\s+\S+){{0,3}}?"
        rf"\s+to\s+(?P<taken>{_VALUE}){_END}",
        # Chinese
        rf"从(?P<left>{_VALUE})(?:改成|换成|改为|换为|改用|迁移到|迁到|切换到|升级到|升到|转到)"
        rf"(?P<taken>{_VALUE}){_END}",
        rf"不再(?:使用|用)?(?P<left>{_VALUE}){_END}",
        # "以后用 uv，不要用 pip" / "别用 pip": a value the person tells apart from another
        rf"(?P<taken>{_VALUE})[，,]\s*(?:不要|别|不用)再?(?:使用|用)(?P<left>{_VALUE}){_END}",
        rf"(?:用|使用)(?P<taken>{_VALUE})(?:而不是|而非)(?:用)?(?P<left>{_VALUE}){_END}",
        rf"(?P<taken>{_VALUE})[，,]\s*(?:而不是|而非)(?:用)?(?P<left>{_VALUE}){_END}",
        rf"(?:改成|换成|改为|换为|改用|迁移到|切换到|升级到|升到)了?(?P<taken>{_VALUE}){_END}",
        # Japanese
        rf"(?P<left>{_VALUE})から(?P<taken>{_VALUE})(?:に|へ)(?:変更|移行|切り替え|変え|"
        rf"アップグレード|乗り換え)",
        rf"(?P<left>{_VALUE})(?:を|は)(?:やめ|止め|廃止)",
        rf"(?P<left>{_VALUE})(?:ではなく|じゃなく)て?[、,]?\s*(?P<taken>{_VALUE})(?:を|で|に)",
        # "npm を使って、pnpm ではなく": the value left behind said last
        rf"(?P<taken>{_VALUE})[、,]\s*(?P<left>{_VALUE})(?:ではなく|じゃなく)て?(?=$|[。.！!、,\n])",
        rf"(?P<taken>{_VALUE})(?:に|へ)(?:変更|移行|切り替え|変え|アップグレード|乗り換え)",
    )
)


def subject_terms(text: str) -> frozenset[str]:
    """The terms that say what a memory is about and what it holds (generic words and
    one-letter flags out)."""
    return frozenset(t for t in nlquery.terms(text) if t not in GENERIC and len(t.rstrip("*")) > 1)


def change_of(text: str) -> Change | None:
    """The value a sentence says was left behind and the one that replaced it, or None."""
    left: set[str] = set()
    taken: set[str] = set()
    found = False
    for pattern in _CHANGE_PATTERNS:
        for match in pattern.finditer(text):
            found = True
            groups = match.groupdict()
            if groups.get("left"):
                left |= subject_terms(groups["left"])
            if groups.get("taken"):
                taken |= subject_terms(groups["taken"])
    if not found:
        return None
    return Change(frozenset(left - taken), frozenset(taken - left))


def relate(
    newer: str, older: str, similar: float = SIMILAR, *, same_source: bool = False
) -> Relation:
    """How the text of a newer memory relates to an older one's (same scope assumed).

    `same_source`: both come from one session. A session does not contradict itself, so two of
    its lessons about one subject are one memory said twice ("tests run with pytest -q" and
    "tests run with .venv/bin/python -m pytest"): a lower bar, and always a duplicate."""
    new_terms, old_terms = subject_terms(newer), subject_terms(older)
    if not new_terms or not old_terms:
        return Relation.NONE
    shared = new_terms & old_terms
    share = len(shared) / min(len(new_terms), len(old_terms))
    if same_source:
        return Relation.DUPLICATE if share >= similar - 0.1 else Relation.NONE
    change = change_of(newer)
    if change is not None:
        if change.taken and change.taken <= old_terms and not (change.left & old_terms):
            # The older one already holds the new value: nothing changed for it.
            return Relation.DUPLICATE if share >= similar else Relation.NONE
        if change.left & old_terms:
            return Relation.SUPERSEDES
        subject = new_terms - change.left - change.taken
        if subject & old_terms and share >= similar / 2:
            return Relation.SUPERSEDES
        return Relation.NONE
    if share < similar:
        return Relation.NONE
    only_new, only_old = new_terms - old_terms, old_terms - new_terms
    if not only_new or not only_old:
        return Relation.DUPLICATE
    both = len(shared) / max(len(new_terms), len(old_terms))
    if both >= 0.75 or any(_VALUE_LIKE.search(t) for t in only_new | only_old):
        return Relation.SUPERSEDES  # one subject, another value: "PostgreSQL 14" -> "16"
    # Shared words but another subject ("deploy the api" / "deploy the web"): both stand.
    return Relation.NONE


# ---------------------------------------------------------------- which memories compete


def comparable(a: Memory, b: Memory) -> bool:
    """Same scope, and for project memories the same project: projects stay apart."""
    if a.scope is None or a.scope is not b.scope or a.rel == b.rel:
        return False
    return a.scope is not Scope.PROJECT or a.project == b.project


def live(m: Memory) -> bool:
    """A memory that still speaks: not rejected, archived or already superseded."""
    return m.state not in ("rejected", "archived", "retired", "superseded") and not m.superseded_by


@dataclass(frozen=True)
class Conflict:
    """A memory a candidate would supersede or duplicate, as review shows it."""

    relation: Relation
    other: Memory

    def as_dict(self) -> dict[str, Any]:
        o = self.other
        return {
            "relation": self.relation.value,
            "rel": o.rel,
            "title": o.title,
            "text": o.detail or o.title,
            "level": o.level.value,
            "created": o.created,
        }


def conflicts(
    candidate: Memory, others: Iterable[Memory], similar: float = SIMILAR
) -> list[Conflict]:
    """The memories `candidate` would supersede or duplicate; the older ones only, and those
    its own `supersedes` property names first (a person's or a model's word beats a guess)."""
    found: list[Conflict] = []
    named = {_target(s) for s in candidate.supersedes}
    for other in others:
        if not comparable(candidate, other) or not live(other):
            continue
        if other.rel in named:
            found.append(Conflict(Relation.SUPERSEDES, other))
            continue
        if timestamp.utc_key(other.created) > timestamp.utc_key(candidate.created):
            continue  # only an older memory can be superseded or absorb this one
        relation = relate(candidate.text, other.text, similar)
        if relation is not Relation.NONE:
            found.append(Conflict(relation, other))
    found.sort(key=lambda c: (c.relation is not Relation.SUPERSEDES, c.other.rel))
    return found


def _target(link: str) -> str:
    """`[[memories/x]]` or `[[memories/x.md|alias]]` -> `memories/x.md`."""
    inner = link.strip().removeprefix("[[").removesuffix("]]").split("|", 1)[0].strip()
    return inner if inner.endswith(".md") else inner + ".md"


# ---------------------------------------------------------------- writing the marks


def _record(vault: Path) -> Path:
    return paths.state_dir(vault) / "supersession.jsonl"


def decided_pairs(vault: Path) -> set[tuple[str, str]]:
    """(newer, older) pairs once applied or reversed: never applied again by itself."""
    try:
        raw = _record(vault).read_text(encoding="utf-8")
    except OSError:
        return set()
    pairs = set()
    for line in raw.splitlines():
        try:
            item = json.loads(line)
        except ValueError:
            continue
        if isinstance(item, dict) and item.get("newer") and item.get("older"):
            pairs.add((str(item["newer"]), str(item["older"])))
    return pairs


def _note_pair(vault: Path, newer: str, older: str, action: str, now: dt.datetime) -> None:
    line = {"newer": newer, "older": older, "action": action, "at": timestamp.format(now)}
    writer.append_line(_record(vault), json.dumps(line, ensure_ascii=False))


def _add_link(text: str, key: str, link: str, extra: dict[str, Any]) -> str | None:
    from vaultsync.storage.note import parse_note

    current = parse_note("", text).props.get(key)
    listed = [str(v) for v in current] if isinstance(current, list) else []
    if current and not isinstance(current, list):
        listed = [str(current)]
    if link in listed and not extra:
        return None
    updates = {key: listed if link in listed else [*listed, link], **extra}
    return properties.set_properties(text, updates)


def mark(vault: Path, newer: str, older: str, now: dt.datetime) -> bool:
    """Mark `older` superseded by `newer` (both notes kept); False when already so."""
    when = timestamp.format(now)
    changed_old = writer.rewrite(
        vault / older,
        lambda text: _add_link(
            text,
            "superseded_by",
            properties.link(newer),
            {"status": "superseded", "updated": when},
        ),
        lock_file=paths.lock_path(vault, older),
    )
    changed_new = writer.rewrite(
        vault / newer,
        lambda text: _add_link(text, "supersedes", properties.link(older), {}),
        lock_file=paths.lock_path(vault, newer),
    )
    if changed_old:
        _note_pair(vault, newer, older, "applied", now)
    return bool(changed_old or changed_new)


def unmark(vault: Path, older: str, level: Level, now: dt.datetime) -> list[str]:
    """Reverse: `older` speaks again (its level's status back); the newer notes that named it
    keep their text but no longer list it. Returns the notes rewritten."""
    from vaultsync.core import schema
    from vaultsync.storage.note import parse_note

    props = parse_note(older, (vault / older).read_text(encoding="utf-8")).props
    newer_links = props.get("superseded_by")
    newer = [_target(str(v)) for v in (newer_links if isinstance(newer_links, list) else [])]
    if isinstance(newer_links, str) and newer_links:
        newer = [_target(newer_links)]
    when = timestamp.format(now)

    def revive(text: str) -> str | None:
        return properties.set_properties(
            text, {"status": schema.MEMORY_STATUS[level], "updated": when, "superseded_by": ...}
        )

    revived = writer.rewrite(vault / older, revive, lock_file=paths.lock_path(vault, older))
    touched = [older] if revived else []
    link = properties.link(older)
    for rel in newer:
        if not (vault / rel).is_file():
            continue

        def drop(text: str) -> str | None:
            current = parse_note("", text).props.get("supersedes")
            if not isinstance(current, list) or link not in [str(v) for v in current]:
                return None
            rest = [str(v) for v in current if str(v) != link]
            if rest:
                return properties.set_properties(text, {"supersedes": rest})
            return properties.set_properties(text, {"supersedes": ...})

        if writer.rewrite(vault / rel, drop, lock_file=paths.lock_path(vault, rel)):
            touched.append(rel)
        _note_pair(vault, rel, older, "reversed", now)
    return touched


def apply_approved(
    vault: Path, rel: str, memories: Sequence[Memory], now: dt.datetime
) -> list[str]:
    """After `rel` was approved: the memories it supersedes (its `supersedes` property, else
    what `conflicts` finds among approved memories) are marked. Returns the notes rewritten."""
    me = next((m for m in memories if m.rel == rel), None)
    if me is None or not live(me):
        return []
    decided = decided_pairs(vault)
    touched: list[str] = []
    approved = [m for m in memories if m.level is not Level.L1]
    for conflict in conflicts(me, approved):
        if conflict.relation is not Relation.SUPERSEDES:
            continue
        older = conflict.other.rel
        named = older in {_target(s) for s in me.supersedes}
        if (rel, older) in decided and not named:
            continue
        if mark(vault, rel, older, now):
            touched += [older, rel]
    return list(dict.fromkeys(touched))


def settle(vault: Path, rels: Iterable[str] | None, now: dt.datetime) -> list[str]:
    """Approved memories among `rels` (all when None) that supersede older approved ones:
    mark them, once per pair. The watcher runs this on each batch."""
    from vaultsync.storage.memory import load_memories

    wanted = None if rels is None else {r for r in rels if r.startswith(paths.MEMORIES_DIR + "/")}
    if wanted is not None and not wanted:
        return []
    memories, _ = load_memories(vault)
    decided = decided_pairs(vault)
    touched: list[str] = []
    approved = [m for m in memories if m.level is not Level.L1 and m.scope is not None]
    for me in approved:
        if wanted is not None and me.rel not in wanted:
            continue
        if not live(me):
            continue
        for conflict in conflicts(me, approved):
            older = conflict.other.rel
            if conflict.relation is not Relation.SUPERSEDES or (me.rel, older) in decided:
                continue
            if mark(vault, me.rel, older, now):
                touched += [older, me.rel]
                decided.add((me.rel, older))
    return list(dict.fromkeys(touched))
