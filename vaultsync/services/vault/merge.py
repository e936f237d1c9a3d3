"""The merge rules of `vaultsync sync`: one note changed on two machines becomes one note again.

Git merges what it can line by line; every path it cannot (and every vaultsync note, which
`.gitattributes` marks `merge=binary` so that git never writes conflict markers into it) comes
here with its three versions: base (the common ancestor), ours (this machine) and theirs (the
remote). The rules, by kind of note:

- generated files (USER.md, AGENT.md): never merged. Either side will do, because sync
  regenerates them from the merged memories right after;
- session notes: per machine and append-only. The frontmatter merges by field (the further
  status, the later `updated`/`ended`, the larger counts) and the event blocks merge by event
  id against the common base: every event is there exactly once, and an event a person deleted
  or edited on one side stays deleted or edited;
- memories, summaries and skill proposals: the frontmatter merges by field (counters add,
  `last_seen`/`updated` take the later, the level is the reviewed one, tags and sources are
  unions). When both sides rewrote the body differently, both texts are kept in the note under
  a clear marker and the note gets `sync_conflict` so a person reviews it;
- a person's own notes and any other file: git's normal merge. A true conflict keeps this
  machine's text in place and the other side's as a second file, named like Obsidian Sync's
  conflict copies (`Note (Conflicted copy <machine> 202612011045).md`), and is reported.

A deletion against an edit always keeps the edit. Nothing here touches git or the disk.
"""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from vaultsync.core import eventlog, paths, properties, timestamp
from vaultsync.core.model import NoteType
from vaultsync.storage.note import parse_note

CONFLICT_PROP = "sync_conflict"
_ABSENT: Any = object()


class Kind(enum.StrEnum):
    GENERATED = "generated"
    SESSION = "session"
    MEMORY = "memory"  # memories, summaries, skill proposals: vaultsync's structured notes
    PERSONAL = "personal"  # everything else: the person's notes, attachments, the config


_STRUCTURED = {NoteType.MEMORY.value, NoteType.SUMMARY.value, NoteType.SKILL_PROPOSAL.value}


def kind_of(rel: str, sample: bytes | None) -> Kind:
    if rel in paths.GENERATED_FILES or rel.endswith("/" + paths.USER_MD):
        return Kind.GENERATED
    if not rel.lower().endswith(".md"):
        return Kind.PERSONAL
    if rel.startswith(paths.SESSIONS_DIR + "/"):
        return Kind.SESSION
    head = (sample or b"")[:8192].decode("utf-8", "replace")
    note_type = properties.get_scalar(head, "type") or ""
    if note_type == NoteType.SESSION.value:
        return Kind.SESSION
    if note_type in _STRUCTURED:
        return Kind.MEMORY
    if rel.startswith((paths.MEMORIES_DIR + "/", paths.SUMMARIES_DIR + "/", "skills/proposals/")):
        return Kind.MEMORY
    return Kind.PERSONAL


@dataclass(frozen=True)
class Resolution:
    path: str
    data: bytes | None  # the merged file; None removes it
    kind: Kind
    rule: str  # which rule decided, for the report
    copy: tuple[str, bytes] | None = None  # (path, data) of a conflict copy to add
    review: bool = False  # a person should look at the note (both texts kept)

    def as_dict(self) -> dict[str, object]:
        return {
            "path": self.path,
            "kind": self.kind.value,
            "rule": self.rule,
            "copy": self.copy[0] if self.copy else None,
            "review": self.review,
        }


def conflict_copy_name(rel: str, label: str, when: dt.datetime) -> str:
    """`folder/Note (Conflicted copy <label> 202612011045).md`, as Obsidian Sync names them,
    the time in the person's zone like every name vaultsync gives."""
    p = PurePosixPath(rel)
    stamp = when.astimezone(timestamp.zone()).strftime("%Y%m%d%H%M")
    name = f"{p.stem} (Conflicted copy {paths.safe_component(label, 30)} {stamp}){p.suffix}"
    return str(p.with_name(name))


def resolve(
    rel: str,
    base: bytes | None,
    ours: bytes | None,
    theirs: bytes | None,
    *,
    label: str,
    when: dt.datetime,
    taken: Callable[[str], bool] = lambda _p: False,
) -> Resolution:
    """One conflicted path, decided by the rules above. `label` names the other side in a
    conflict copy; `taken(path)` says a copy name is already used."""
    kind = kind_of(rel, ours if ours is not None else theirs)
    if ours is None or theirs is None:
        kept = ours if ours is not None else theirs
        return Resolution(rel, kept, kind, "deletion against an edit: the edit is kept")
    if ours == theirs:
        return Resolution(rel, ours, kind, "same on both sides")
    if kind is Kind.GENERATED:
        return Resolution(rel, ours, kind, "generated: regenerated after the merge")
    b_text, o_text, t_text = (_text(x) for x in (base, ours, theirs))
    if o_text is None or t_text is None:
        return _copy(rel, ours, theirs, kind, label, when, taken)
    if kind is Kind.SESSION:
        merged_session = merge_session(b_text, o_text, t_text)
        return Resolution(rel, _enc(merged_session), kind, "session: events united by id")
    if kind is Kind.MEMORY:
        merged, both = merge_memory(b_text, o_text, t_text, label=label, when=when)
        rule = "memory: both texts kept for review" if both else "memory: fields merged"
        return Resolution(rel, _enc(merged), kind, rule, review=both)
    return _copy(rel, ours, theirs, kind, label, when, taken)


def _copy(
    rel: str,
    ours: bytes,
    theirs: bytes,
    kind: Kind,
    label: str,
    when: dt.datetime,
    taken: Callable[[str], bool],
) -> Resolution:
    name = conflict_copy_name(rel, label, when)
    n = 2
    while taken(name):
        name = conflict_copy_name(rel, f"{label} {n}", when)
        n += 1
    rule = "true conflict: the other side kept as a copy"
    return Resolution(rel, ours, kind, rule, (name, theirs))


def _text(data: bytes | None) -> str | None:
    if data is None:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _enc(text: str) -> bytes:
    return text.encode("utf-8")


# ---------------------------------------------------------------------------------------------
# frontmatter by field

_LATER = {"updated", "last_seen", "ended", "reviewed"}
_EARLIER = {"created"}
_ADDED = {"reinforced"}  # increments on both sides add up
_LARGER = {"tool_calls", "edits", "minutes", "redactions", "injections"}
_UNION = {"tags", "sources", "aliases", "files_read", "files_modified", "signature"}
_REVIEWED = {"level", "status", "reviewed_reinforced"}  # move together, from the reviewed side
_SESSION_RANK = {
    "active": 0,
    "pending": 1,
    "privacy_deferred": 2,
    "deferred": 2,
    "skipped": 3,
    "summarized": 4,
}


def _props(text: str | None) -> dict[str, Any]:
    if text is None:
        return {}
    return dict(parse_note("x.md", text).props)


def _as_number(value: Any) -> float:
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, int | float):
        return float(value)
    try:
        return float(str(value))
    except (TypeError, ValueError):
        return 0.0


def _num(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def _three_way(b: Any, o: Any, t: Any, ours_newer: bool) -> Any:
    if o == t or t == b:
        return o
    if o == b:
        return t
    return o if ours_newer else t


def _reviewed_side(b: dict[str, Any], o: dict[str, Any], t: dict[str, Any]) -> str:
    """'ours' or 'theirs': whose level decision wins. A review (a changed `reviewed` date, the
    later one if both) beats no review; otherwise the side that changed the level."""
    rb, ro, rt = (str(x.get("reviewed") or "") for x in (b, o, t))
    if ro != rb or rt != rb:
        if ro != rb and (rt == rb or ro >= rt):
            return "ours"
        return "theirs"
    if t.get("level") != b.get("level") and o.get("level") == b.get("level"):
        return "theirs"
    if t.get("status") != b.get("status") and o.get("status") == b.get("status"):
        return "theirs"
    return "ours"


def merge_props(
    base: dict[str, Any], ours: dict[str, Any], theirs: dict[str, Any], *, session: bool
) -> dict[str, Any]:
    """The merged properties; a key mapped to `...` is removed."""
    ours_newer = str(ours.get("updated") or "") >= str(theirs.get("updated") or "")
    reviewed = _reviewed_side(base, ours, theirs)
    out: dict[str, Any] = {}
    for key in dict.fromkeys([*ours, *theirs]):
        b = base.get(key, _ABSENT)
        o = ours.get(key, _ABSENT)
        t = theirs.get(key, _ABSENT)
        if o is _ABSENT or t is _ABSENT:
            present = t if o is _ABSENT else o
            other_was = b is not _ABSENT and present == b
            out[key] = ... if other_was else present  # deleted on one side, untouched on other
            continue
        if key in _LATER:
            out[key] = max(str(o), str(t)) if o and t else (o or t)
        elif key in _EARLIER:
            out[key] = min(str(o), str(t)) if o and t else (o or t)
        elif key in _ADDED:
            start = _as_number(b) if b is not _ABSENT else 0.0
            out[key] = _num(start + (_as_number(o) - start) + (_as_number(t) - start))
        elif key in _LARGER:
            out[key] = _num(max(_as_number(o), _as_number(t)))
        elif key in _UNION and isinstance(o, list) and isinstance(t, list):
            removed = set(b) - set(o) - set(t) if isinstance(b, list) else set()
            out[key] = [x for x in dict.fromkeys([*o, *t]) if x not in removed]
        elif key == "status" and session:
            out[key] = max((o, t), key=lambda s: _SESSION_RANK.get(str(s), 0))
        elif key in _REVIEWED and not session:
            out[key] = o if reviewed == "ours" else t
        else:
            out[key] = _three_way(b if b is not _ABSENT else None, o, t, ours_newer)
    level = out.get("level")
    tags = out.get("tags")
    if not session and isinstance(level, str) and isinstance(tags, list):
        # `memory/L1` and `memory/L2` from either side: keep only the merged level's tag.
        out["tags"] = [
            x for x in tags if not (str(x).startswith("memory/L") and x != f"memory/{level}")
        ]
        if f"memory/{level}" not in out["tags"] and any(
            str(x).startswith("memory/L") for x in tags
        ):
            out["tags"].append(f"memory/{level}")
    return out


def _apply(text: str, merged: dict[str, Any], current: dict[str, Any]) -> str:
    updates = {k: v for k, v in merged.items() if current.get(k, _ABSENT) != v}
    updates = {k: v for k, v in updates.items() if not (v is ... and k not in current)}
    return properties.set_properties(text, updates) if updates else text


# ---------------------------------------------------------------------------------------------
# sessions: frontmatter by field, events by id


def event_blocks(body: str) -> list[tuple[str, str]]:
    """(event id, the event's text with its heading) in order, in either form of event
    (core/eventlog.py); events without an id skipped."""
    found = []
    for start, end, raw in eventlog.spans(body):
        eid = _event_id(body[start:end], raw)
        if eid is not None:
            found.append((eid, body[start:end]))
    return found


def _event_id(text: str, raw: dict[str, Any] | eventlog.EventParseError) -> str | None:
    """The event's id; for a block damaged elsewhere (a person's edit), its id line still
    names it, so both sides' copies meet."""
    if isinstance(raw, dict):
        return raw["id"] if isinstance(raw.get("id"), str) else None
    found = eventlog.ids(text)
    return next(iter(found)) if len(found) == 1 else None


def merge_session(base: str | None, ours: str, theirs: str) -> str:
    _b_yaml, b_body = properties.split_frontmatter(base) if base is not None else (None, None)
    _o_yaml, o_body = properties.split_frontmatter(ours)
    _t_yaml, t_body = properties.split_frontmatter(theirs)
    if b_body is not None and o_body == b_body:
        body = t_body
    elif t_body in (b_body, o_body):
        body = o_body
    else:
        body = _merge_events(b_body, o_body, t_body)
    current = _props(ours)
    merged = merge_props(_props(base), current, _props(theirs), session=True)
    head = ours[: len(ours) - len(o_body)] if o_body and ours.endswith(o_body) else ours
    if not o_body:
        head = ours
    return _apply(head, merged, current) + body


def _merge_events(base: str | None, ours: str, theirs: str) -> str:
    """The event blocks of both sides, three-way by id against the base: an event a side
    deleted stays deleted (unless the other side edited it: the edit is kept), an event a side
    edited keeps the edit, and an event either side added is there once. Without a base (both
    sides added the note) every event of both sides is kept."""
    b_blocks = dict(event_blocks(base)) if base is not None else {}
    o_blocks = dict(event_blocks(ours))
    t_blocks = dict(event_blocks(theirs))

    def decide(eid: str) -> str | None:
        b, o, t = b_blocks.get(eid), o_blocks.get(eid), t_blocks.get(eid)
        if o is None and t is None:
            return None
        if o is None:  # ours deleted it (or never had it)
            return None if b is not None and t == b else t
        if t is None:
            return None if b is not None and o == b else o
        return t if o == b else o  # an edit on one side wins over no change

    out: list[str] = []
    pos = 0
    for start, end, raw in eventlog.spans(ours):
        eid = _event_id(ours[start:end], raw)
        if eid is None:
            continue
        out.append(ours[pos:start])
        pos = end
        kept = decide(eid)
        if kept is not None:
            out.append(kept)
    out.append(ours[pos:])
    body = "".join(out)
    for eid, _block in event_blocks(theirs):
        if eid in o_blocks:
            continue
        kept = decide(eid)
        if kept is None:
            continue
        if body and not body.endswith("\n"):
            body += "\n"
        body += kept if kept.startswith("\n") else "\n" + kept
        if not body.endswith("\n"):
            body += "\n"
    return body


# ---------------------------------------------------------------------------------------------
# memories: frontmatter by field, both texts kept when both were rewritten


def conflict_box(label: str, when: dt.datetime) -> str:
    stamp = when.astimezone(timestamp.zone()).strftime("%Y-%m-%d %H:%M")  # the person's zone
    return (
        f"> [!warning] Edited on two machines (vaultsync sync, {stamp})\n"
        "> Both versions are kept: this machine's above, the other one below. Keep one (or\n"
        f"> combine them), then delete this box, the other version and the `{CONFLICT_PROP}`\n"
        "> property.\n"
        "\n"
        f"## Other version (from {label})\n"
        "\n"
    )


def merge_memory(
    base: str | None, ours: str, theirs: str, *, label: str, when: dt.datetime
) -> tuple[str, bool]:
    """(merged text, True when both bodies were kept for review)."""
    _b_yaml, b_body = properties.split_frontmatter(base) if base is not None else (None, None)
    _o_yaml, o_body = properties.split_frontmatter(ours)
    _t_yaml, t_body = properties.split_frontmatter(theirs)
    both = False
    if o_body == t_body or t_body == b_body:
        body = o_body
    elif o_body == b_body:
        body = t_body
    else:
        body = o_body.rstrip("\n") + "\n\n" + conflict_box(label, when) + t_body.lstrip("\n")
        if not body.endswith("\n"):
            body += "\n"
        both = True
    current = _props(ours)
    merged = merge_props(_props(base), current, _props(theirs), session=False)
    if both:
        merged[CONFLICT_PROP] = timestamp.format(when)
    head = ours[: len(ours) - len(o_body)] if o_body and ours.endswith(o_body) else ours
    if not o_body:
        head = ours
    return _apply(head, merged, current) + body, both
