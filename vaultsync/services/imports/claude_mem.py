"""claude-mem's SQLite database, into the vault as one summary note per session.

claude-mem (thedotmack/claude-mem) keeps `~/.claude-mem/claude-mem.db`: `sdk_sessions` (one
row per agent session), `observations` (type, title, subtitle, narrative, facts, concepts,
files), `session_summaries` (request, investigated, learned, completed, next_steps, notes) and
`user_prompts`. The columns are read from the database itself (`PRAGMA table_info`), so older
layouts work too: the session link column was `sdk_session_id` before it became
`memory_session_id`, and prompts used `claude_session_id` before `content_session_id`. Checked
against the schema of migration 35 (schema.sql at 0e7117f, the v13 line) and the older v4-v6
column names.

The database is never opened in place: it is copied (with its WAL) to a temporary folder and
read from there, so claude-mem's own files and locks are never touched. It is data, never
trusted to be claude-mem's: only real tables are read (a view of the same name, which could
recurse forever, is left out with a warning), at most `MAX_ROWS` rows each, and the whole read
stops after `READ_SECONDS` (SQLite's progress handler). A row that cannot become a note is
one warning line naming it; the other sessions are imported.
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
import sqlite3
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from vaultsync.core import paths, properties, timestamp
from vaultsync.core.config import Config
from vaultsync.services.imports.notes import (
    Cleaner,
    ImportReport,
    Planned,
    SourceError,
    apply,
    key,
    provenance,
)

SOURCE = "claude-mem"
MAX_ROWS = 200_000  # per table; more is not a claude-mem database a person built by hand
READ_SECONDS = 60.0
_AGENTS = {"claude": "claude-code", "codex": "codex", "cursor": "cursor", "gemini": "gemini"}


def default_db() -> Path:
    return Path.home() / ".claude-mem" / "claude-mem.db"


@contextmanager
def snapshot(db: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection to a private copy of the database (and its WAL)."""
    if not db.is_file():
        raise SourceError(f"no claude-mem database at {db}")
    with tempfile.TemporaryDirectory(prefix="vaultsync-claude-mem-") as tmp:
        copy = Path(tmp) / db.name
        shutil.copyfile(db, copy)
        for suffix in ("-wal", "-shm"):
            extra = db.with_name(db.name + suffix)
            if extra.is_file():
                shutil.copyfile(extra, copy.with_name(copy.name + suffix))
        con = sqlite3.connect(copy)
        con.row_factory = sqlite3.Row
        deadline = time.monotonic() + READ_SECONDS
        # Called every 10,000 virtual-machine steps: a non-zero answer interrupts the query.
        con.set_progress_handler(lambda: int(time.monotonic() > deadline), 10_000)
        try:
            yield con
        except sqlite3.OperationalError as exc:
            if "interrupt" in str(exc):
                raise SourceError(
                    f"{db}: reading took longer than {READ_SECONDS:g} s; nothing was imported"
                ) from exc
            raise SourceError(f"{db}: {exc}") from exc
        except sqlite3.DatabaseError as exc:
            raise SourceError(f"{db}: {exc}") from exc
        finally:
            con.close()


def _columns(con: sqlite3.Connection, table: str) -> set[str]:
    """The columns of `table` if it is a real table (a view of that name counts as absent)."""
    kind = con.execute("SELECT type FROM sqlite_master WHERE name = ?", (table,)).fetchone()
    if kind is None or kind[0] != "table":
        return set()
    return {str(r[1]) for r in con.execute(f"PRAGMA table_info({table})")}


def _views(con: sqlite3.Connection, tables: Sequence[str]) -> list[str]:
    marks = ", ".join("?" for _ in tables)
    found = con.execute(
        f"SELECT name FROM sqlite_master WHERE type = 'view' AND name IN ({marks})", tables
    )
    return [str(r[0]) for r in found]


def _pick(cols: set[str], *names: str) -> str | None:
    return next((n for n in names if n in cols), None)


def _rows(con: sqlite3.Connection, table: str, order: str) -> list[dict[str, Any]]:
    cols = _columns(con, table)
    if not cols:
        return []
    by = order if order in cols else "rowid"
    rows = con.execute(f"SELECT * FROM {table} ORDER BY {by} LIMIT ?", (MAX_ROWS + 1,))
    found = [dict(r) for r in rows]
    if len(found) > MAX_ROWS:
        raise SourceError(f"{table} holds more than {MAX_ROWS:,} rows; nothing was imported")
    return found


def _list(value: Any) -> list[str]:
    if value in (None, ""):
        return []
    try:
        parsed = json.loads(value) if isinstance(value, str) else value
    except ValueError:
        return [str(value)]
    if isinstance(parsed, list):
        return [str(x) for x in parsed if str(x).strip()]
    return [str(parsed)]


def _ts(row: dict[str, Any], key_: str = "created_at") -> str:
    epoch = row.get(f"{key_}_epoch")
    if isinstance(epoch, int | float) and epoch > 0:
        seconds = epoch / 1000 if epoch > 10_000_000_000 else epoch
        moment = dt.datetime.fromtimestamp(seconds, dt.UTC).replace(microsecond=0)
        return moment.replace(tzinfo=None).isoformat() + "Z"
    text = str(row.get(key_) or "")
    return text if text else "1970-01-01T00:00:00Z"


_TABLES = ("sdk_sessions", "observations", "session_summaries", "user_prompts")


def read(con: sqlite3.Connection) -> list[dict[str, Any]]:
    """Sessions with their observations, summaries and prompts, whatever the column names."""
    s_cols = _columns(con, "sdk_sessions")
    o_cols = _columns(con, "observations")
    m_cols = _columns(con, "session_summaries")
    p_cols = _columns(con, "user_prompts")
    content = _pick(s_cols, "content_session_id", "claude_session_id")
    memory = _pick(s_cols, "memory_session_id", "sdk_session_id")
    o_link = _pick(o_cols, "memory_session_id", "sdk_session_id")
    m_link = _pick(m_cols, "memory_session_id", "sdk_session_id")
    p_link = _pick(p_cols, "content_session_id", "claude_session_id")
    sessions: dict[str, dict[str, Any]] = {}
    by_memory: dict[str, str] = {}
    for row in _rows(con, "sdk_sessions", "started_at_epoch"):
        sid = str(row.get(content) or row.get("id")) if content else str(row.get("id"))
        entry = {"row": row, "observations": [], "summaries": [], "prompts": []}
        sessions[sid] = entry
        if memory and row.get(memory):
            by_memory[str(row[memory])] = sid

    def owner(link_value: Any, fallback_project: str) -> dict[str, Any]:
        sid = by_memory.get(str(link_value)) or str(link_value)
        if sid not in sessions:
            sessions[sid] = {
                "row": {"project": fallback_project, content or "id": sid},
                "observations": [],
                "summaries": [],
                "prompts": [],
            }
        return sessions[sid]

    for row in _rows(con, "observations", "created_at_epoch"):
        owner(row.get(o_link) if o_link else "", str(row.get("project") or ""))[
            "observations"
        ].append(row)
    for row in _rows(con, "session_summaries", "created_at_epoch"):
        owner(row.get(m_link) if m_link else "", str(row.get("project") or ""))["summaries"].append(
            row
        )
    for row in _rows(con, "user_prompts", "created_at_epoch"):
        sid = str(row.get(p_link) or "") if p_link else ""
        if sid in sessions:
            sessions[sid]["prompts"].append(row)
    out = []
    for sid, entry in sessions.items():
        if entry["observations"] or entry["summaries"] or entry["prompts"]:
            out.append({"id": sid, **entry})
    return out


def _section(title: str, lines: Sequence[str]) -> str:
    body = "\n".join(line for line in lines if line.strip()) or "—"
    return f"\n## {title}\n\n{body}\n"


def render(session: dict[str, Any], db: Path, today: str, clean: Cleaner) -> Planned:
    row = session["row"]
    sid = str(session["id"])
    obs, sums, prompts = session["observations"], session["summaries"], session["prompts"]
    project = str(row.get("project") or (obs or sums or [{}])[0].get("project") or "")
    agent = _AGENTS.get(str(row.get("platform_source") or "claude"), "claude-code")
    started = _ts(row, "started_at") if row.get("started_at") else _ts((obs or sums or prompts)[0])
    requests = [clean(str(s.get("request") or "")) for s in sums]
    asked = [r for r in requests if r] or [
        clean(str(p.get("prompt_text") or "")) for p in prompts[:3]
    ]
    title = next((a.splitlines()[0] for a in asked if a.strip()), "") or (
        clean(str(obs[0].get("title") or "")) if obs else "claude-mem session"
    )
    title = " ".join(title.split())[:100] or "claude-mem session"
    files_read = sorted({f for r in [*obs, *sums] for f in _list(r.get("files_read"))})
    files_modified = sorted(
        {f for r in [*obs, *sums] for f in _list(r.get("files_modified") or r.get("files_edited"))}
    )
    import_key = key(SOURCE, sid)
    props: dict[str, Any] = {
        "type": "summary",
        "agent": agent,
        "session_id": clean(sid),
        "project": clean(project),
        "created": timestamp.restamp(started),
        "updated": timestamp.restamp(started),
        "status": "active",
        "files_read": [clean(f) for f in files_read],
        "files_modified": [clean(f) for f in files_modified],
        "model": "claude-mem",
        **provenance(SOURCE, db, import_key, today),
        "tags": ["vaultsync/summary", f"agent/{agent}", "vaultsync/import", "source/claude-mem"],
    }
    parts = [properties.render_frontmatter(props), f"\n# {clean(title)}\n"]
    where = f" in `{clean(project)}`" if project else ""
    parts.append(f"\nImported from claude-mem ({agent}{where}).\n")
    parts.append(_section("What was asked", [f"- {a}" for a in asked]))
    done = [clean(str(s.get(k) or "")) for s in sums for k in ("completed", "investigated")]
    parts.append(_section("What was done", done))
    parts.append(_section("What was learned", [clean(str(s.get("learned") or "")) for s in sums]))
    steps = [clean(str(s.get("next_steps") or "")) for s in sums]
    if any(steps):
        parts.append(_section("Next steps", steps))
    if obs:
        lines = []
        for o in obs:
            head = f"### {clean(str(o.get('type') or 'observation'))}: "
            head += clean(str(o.get("title") or "untitled"))
            lines.append(head)
            for field_ in ("subtitle", "narrative", "text"):
                value = clean(str(o.get(field_) or ""))
                if value:
                    lines += ["", value]
            facts = [clean(f) for f in _list(o.get("facts"))]
            if facts:
                lines.append("")
                lines += [f"- {f}" for f in facts]
            concepts = [clean(c) for c in _list(o.get("concepts"))]
            if concepts:
                lines.append("")
                lines.append("Concepts: " + ", ".join(concepts))
            lines.append("")
        parts.append("\n## Observations\n\n" + "\n".join(lines).rstrip() + "\n")
    if prompts:
        listed = [
            f"{i}. {clean(str(p.get('prompt_text') or ''))}" for i, p in enumerate(prompts, 1)
        ]
        parts.append(_section("Prompts", listed))
    notes = [clean(str(s.get("notes") or "")) for s in sums]
    if any(notes):
        parts.append(_section("Notes", notes))
    day = started[:10] if len(started) >= 10 else "1970-01-01"
    hhmm = started[11:13] + started[14:16] if len(started) >= 16 else "0000"
    slug = paths.safe_component(title, 40, "session")
    rel = f"{paths.SUMMARIES_DIR}/{day[:4]}/{day[5:7]}/{day} {hhmm} claude-mem {slug} "
    rel += f"{import_key[-6:]}.md"
    return Planned(rel, "".join(parts), import_key, "summary")


def run(
    vault: Path,
    config: Config,
    *,
    db: Path | None = None,
    dry_run: bool = False,
    now: dt.datetime | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> ImportReport:
    clean = Cleaner(config)
    source = db or default_db()
    today = timestamp.day(now or timestamp.now())
    with snapshot(source) as con:
        views = _views(con, _TABLES)
        try:
            sessions = read(con)
        except sqlite3.OperationalError:
            raise  # snapshot says what (the time bound)
        except sqlite3.DatabaseError as exc:
            raise SourceError(f"{source}: {exc}") from exc
    warnings = [f"{name} is a view, not claude-mem's table: left out" for name in views]
    planned: list[Planned] = []
    for session in sessions:
        try:
            planned.append(render(session, source, today, clean))
        except (ValueError, TypeError, OverflowError, OSError, KeyError, IndexError) as exc:
            # One odd row costs its own session, said in one line, never the whole import.
            sid = " ".join(str(session.get("id"))[:80].split())
            warnings.append(f"claude-mem session {sid!r} skipped: {type(exc).__name__}: {exc}")
    return apply(
        vault, config, SOURCE, planned, found=len(sessions), progress=progress, dry_run=dry_run,
        redactions=clean.count, warnings=warnings,
    )  # fmt: skip
