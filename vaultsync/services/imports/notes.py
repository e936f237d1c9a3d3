"""What every importer shares: vault notes with provenance, redacted, written once.

Each importer (one module per source) reads its source and returns `Planned` notes; `apply`
writes them. The rules:

- provenance: every note has `source:` (the tool it came from), `source_path` (where, with the
  home folder shown as `~`), `imported` (the date) and `import_key`, a hash of what it was made
  from;
- redacted on the way in: every text goes through the same redactor as the hook
  (`core.capture.redactor_for`, the built-in rules plus the vault's `[privacy]` rules);
- idempotent: a note whose `import_key` is already somewhere in the vault (even moved to another
  folder or level by a person) is not written again, and a session the hook already recorded
  (same agent and session id) is not imported a second time;
- `dry_run` plans and reports without writing a byte;
- the source is only ever read: files are opened for reading, a database is copied first.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vaultsync.core import eventlog, paths, properties, schema, timestamp, writer
from vaultsync.core.config import Config
from vaultsync.core.errors import Exit, VaultsyncError
from vaultsync.core.hook import capture
from vaultsync.core.model import Event, EventKind, Level, Scope
from vaultsync.core.queue import assess, decide
from vaultsync.storage import vault_files

IMPORT_DIR = "imports"
_SCANNED = (paths.SESSIONS_DIR, paths.SUMMARIES_DIR, paths.MEMORIES_DIR, IMPORT_DIR, "archive")
_KEY = re.compile(r"^import_key:[ \t]*\"?([0-9a-z:_-]+)\"?[ \t]*$", re.MULTILINE)
_SID = re.compile(r"^session_id:[ \t]*\"?(.*?)\"?[ \t]*$", re.MULTILINE)
_AGENT = re.compile(r"^agent:[ \t]*\"?(.*?)\"?[ \t]*$", re.MULTILINE)


class SourceError(VaultsyncError):
    """The source cannot be read as asked; nothing was written."""

    exit_code = Exit.NOT_FOUND


@dataclass(frozen=True)
class Planned:
    rel: str
    text: str
    key: str  # import_key
    what: str  # "memory", "note", "session", "summary"
    session: tuple[str, str] | None = None  # (agent, session id) for sessions
    redactions: int = 0


@dataclass(frozen=True)
class ImportReport:
    source: str
    dry_run: bool
    found: int  # items read from the source
    written: tuple[str, ...]
    known: tuple[str, ...]  # already imported (or recorded by the hook): skipped
    redactions: int
    commit: str | None = None
    warnings: tuple[str, ...] = field(default=())

    def as_dict(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "dry_run": self.dry_run,
            "found": self.found,
            "written": list(self.written),
            "known": list(self.known),
            "redactions": self.redactions,
            "commit": self.commit,
            "warnings": list(self.warnings),
        }


def shown_path(path: Path) -> str:
    """A source path with the home folder as `~` (a path in a note need not name the user)."""
    text = str(path)
    home = str(Path.home())
    return "~" + text[len(home) :] if home and text.startswith(home + os.sep) else text


def key(source: str, *parts: str) -> str:
    return f"{source}:{paths.short_hash(source, *parts, n=16)}"


def stamp(moment: dt.datetime) -> str:
    """A date-time property's value: the one format of core/timestamp."""
    return timestamp.format(moment)


class Cleaner:
    """Redacts text with the vault's rules and counts what it removed."""

    def __init__(self, config: Config) -> None:
        self.redactor = capture.redactor_for(config)
        self.count = 0

    def __call__(self, text: str) -> str:
        if not text:
            return text
        result = self.redactor.redact(text)
        self.count += result.secret_count + result.injection_count
        return str(result.text)

    def event(self, event: Event) -> Event:
        clean, _findings = capture.redact_event(event, self.redactor)
        self.count += clean.redactions + clean.injections
        return clean


# ---------------------------------------------------------------------------------------------
# building notes


def provenance(source: str, source_path: Path, import_key: str, today: str) -> dict[str, Any]:
    return {
        "source": source,
        "source_path": shown_path(source_path),
        "imported": today,
        "import_key": import_key,
    }


def memory_note(
    *,
    source: str,
    source_path: Path,
    import_key: str,
    title: str,
    body: str,
    scope: Scope,
    agent: str,
    project: str,
    created: str,
    today: str,
    extra_tags: Sequence[str] = (),
) -> Planned:
    """An L1 candidate: imported memories wait for a person's review like learned ones."""
    props = schema.memory_props(
        level=Level.L1,
        scope=scope,
        agent=agent,
        session_id="",
        project=project,
        created=created,
        source_rel="",
    )
    props.pop("session_id")
    props.update(provenance(source, source_path, import_key, today))
    props["tags"] = [*props["tags"], "vaultsync/import", f"source/{properties.tag(source)}"]
    props["tags"] += [properties.tag(t) for t in extra_tags]
    slug = paths.safe_component(re.sub(r"[^\w\s.,+-]+", " ", title), 40, "memory")
    digest = import_key.rsplit(":", 1)[-1][:6]
    rel = f"{paths.LEVEL_DIRS[Level.L1]}/{created[:10]} {scope.value} {slug} {digest}.md"
    heading = " ".join(title.split())[:120] or "Imported memory"
    text = properties.render_frontmatter(props) + f"\n# {heading}\n\n{body.strip()}\n"
    return Planned(rel, text, import_key, "memory")


def plain_note(
    *,
    source: str,
    source_path: Path,
    import_key: str,
    folder: str,
    name: str,
    body: str,
    today: str,
    extra: dict[str, Any] | None = None,
) -> Planned:
    props: dict[str, Any] = {"type": "note", **provenance(source, source_path, import_key, today)}
    props.update(extra or {})
    props["tags"] = ["vaultsync/import", f"source/{properties.tag(source)}"]
    rel = f"{IMPORT_DIR}/{folder}/{paths.safe_component(name, 80, 'note')}.md"
    return Planned(
        rel, properties.render_frontmatter(props) + "\n" + body.lstrip("\n"), import_key, "note"
    )


def session_rel(agent: str, session_id: str, started: str) -> str:
    """Like the hook's names, but the hash leaves out the machine: importing the same
    transcript on two machines gives one note, not two."""
    day, hhmm = paths.local_stamp(started)
    sid = paths.session_slice(session_id, agent).replace(" ", "-")
    digest = paths.short_hash("import", agent, session_id)
    name = f"{day} {hhmm} {paths.safe_component(agent, 20)} {sid} {digest}.md"
    return f"{paths.SESSIONS_DIR}/{day[:4]}/{day[5:7]}/{name}"


def session_note(
    *,
    source: str,
    source_path: Path,
    agent: str,
    session_id: str,
    cwd: str,
    project: str,
    events: Sequence[Event],
    config: Config,
    today: str,
    clean: Cleaner,
) -> Planned | None:
    """A past session as the hook would have recorded it: its events, redacted, and the
    learning-queue status the end-of-session assessment gives it."""
    if not events:
        return None
    before = clean.count
    ordered = sorted((clean.event(e) for e in events), key=lambda e: (e.ts, e.id))
    started = ordered[0].ts
    props = schema.session_props(
        agent=agent,
        session_id=session_id,
        project=project,
        cwd=clean(cwd),
        started=timestamp.restamp(started),
        machine="import",
    )
    facts = assess(list(ordered))
    status = decide(facts, config, ordered)
    props.update(
        schema.session_end_props(
            status=status.value,
            updated=timestamp.restamp(ordered[-1].ts),
            ended=timestamp.restamp(ordered[-1].ts),
            tool_calls=facts.tool_calls,
            edits=facts.edits,
            minutes=facts.minutes,
            redactions=facts.redactions,
            injections=facts.injections,
        )
    )
    import_key = key(source, agent, session_id)
    props.update(provenance(source, source_path, import_key, today))
    props["tags"] = [*props["tags"], "vaultsync/import"]
    short = paths.session_slice(session_id, agent)
    name = paths.safe_component(Path(cwd).name if cwd else "no project", 60)
    text = properties.render_frontmatter(props) + f"\n# {agent} session {short} — {name}\n"
    text += "".join(eventlog.render(e) for e in ordered)
    rel = session_rel(agent, session_id, started)
    return Planned(rel, text, import_key, "session", (agent, session_id), clean.count - before)


def new_event(
    *, ts: str, agent: str, session_id: str, kind: EventKind, n: int, **fields: Any
) -> Event:
    compact = re.sub(r"[^0-9T]", "", ts[:19]) + "Z"
    event_id = f"{compact}-{paths.short_hash(agent, session_id, str(n), n=8)}"
    return Event(id=event_id, ts=ts, agent=agent, session_id=session_id, kind=kind, **fields)


def cap(text: str, limit: int) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


# ---------------------------------------------------------------------------------------------
# what is already in the vault


@dataclass
class Known:
    keys: set[str] = field(default_factory=set)
    sessions: set[tuple[str, str]] = field(default_factory=set)


def known(vault: Path) -> Known:
    """Import keys and (agent, session id) pairs already in the vault, from note heads."""
    found = Known()
    for top in _SCANNED:
        # The vault walk and its reader (storage.vault_files): a link is not followed and a
        # FIFO or device named like a note is never opened (opening a FIFO would block).
        for rel in vault_files.notes(vault, top):
            try:
                head = vault_files.read_bytes(vault, rel, limit=4096, walked=True)
            except OSError:
                continue
            yaml_text, _ = properties.split_frontmatter(head.decode("utf-8", "replace") + "\n---\n")
            if yaml_text is None:
                continue
            match = _KEY.search(yaml_text)
            if match:
                found.keys.add(match.group(1))
            if top == paths.SESSIONS_DIR:
                sid, agent = _SID.search(yaml_text), _AGENT.search(yaml_text)
                if sid and agent:
                    found.sessions.add((agent.group(1), sid.group(1)))
    return found


# ---------------------------------------------------------------------------------------------
# writing


def apply(
    vault: Path,
    config: Config,
    source: str,
    planned: Iterable[Planned],
    *,
    found: int,
    dry_run: bool,
    redactions: int,
    warnings: Sequence[str] = (),
    progress: Callable[[int, int], None] | None = None,
) -> ImportReport:
    """Write the planned notes not yet in the vault; `progress(done, total)` after each."""
    have = known(vault)
    written: list[str] = []
    skipped: list[str] = []
    seen: set[str] = set()
    planned = list(planned)
    for done, note in enumerate(planned):
        if progress is not None:
            progress(done, len(planned))
        dup = note.key in have.keys or note.key in seen
        if note.session is not None and note.session in have.sessions:
            dup = True
        if dup or (vault / note.rel).exists():
            skipped.append(note.rel)
            continue
        seen.add(note.key)
        written.append(note.rel)
        if not dry_run:
            target = paths.inside(vault, vault / note.rel)
            writer.write_atomic(target, note.text, fsync=False)
    commit = None
    if written and not dry_run:
        writer.flush()
        commit = _index_and_commit(vault, config, source, written)
    return ImportReport(
        source, dry_run, found, tuple(written), tuple(skipped), redactions, commit, tuple(warnings)
    )


def _index_and_commit(vault: Path, config: Config, source: str, rels: list[str]) -> str | None:
    from vaultsync.services.derived import reconcile
    from vaultsync.services.vault import autocommit
    from vaultsync.storage import history

    report = reconcile.reconcile(vault, config, rels)
    if not history.is_repo(vault):
        return None
    result = autocommit.commit_batch(vault, config, rels, report)
    return result.commit
