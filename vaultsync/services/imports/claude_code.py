"""Claude Code's own memory and its transcripts, into the vault.

Read (never written) under the Claude Code home (`$CLAUDE_CONFIG_DIR`, else `~/.claude`):

- `CLAUDE.md` (the user's instructions for every project), and `CLAUDE.md`,
  `.claude/CLAUDE.md`, `CLAUDE.local.md` in each project folder given: one plain note each under
  `imports/claude-code/`, as written (redacted);
- the auto-memory folders `projects/<project>/memory/`: each topic file becomes an L1 memory
  candidate (its `type` property, when present, picks the scope: user and feedback are about the
  person, project stays with the project, reference is about the environment); the `MEMORY.md`
  index is kept as a plain note;
- the transcripts `projects/<project>/*.jsonl`: each session becomes a session note with event
  blocks (prompts, tool calls paired with their results, the last reply of each turn), in the
  learning queue like a session the hook recorded.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from vaultsync.core import properties, timestamp
from vaultsync.core.config import Config
from vaultsync.core.hook import agents, excerpt
from vaultsync.core.model import Event, EventKind, Scope
from vaultsync.core.project import project_of
from vaultsync.services.imports.notes import (
    Cleaner,
    ImportReport,
    Planned,
    apply,
    key,
    memory_note,
    new_event,
    plain_note,
    session_note,
    stamp,
)

SOURCE = "claude-code"
AGENT = "claude-code"
_SCOPES = {"user": Scope.USER, "feedback": Scope.USER, "project": Scope.PROJECT}
_SCOPES["reference"] = Scope.AGENT


def default_home() -> Path:
    configured = os.environ.get("CLAUDE_CONFIG_DIR")
    return Path(configured).expanduser() if configured else Path.home() / ".claude"


def _read(path: Path) -> str | None:
    try:
        return path.read_bytes().decode("utf-8", "replace")
    except OSError:
        return None


def _claude_md(home: Path, projects: Sequence[Path]) -> Iterator[tuple[Path, str]]:
    yield home / "CLAUDE.md", "user"
    for folder in projects:
        for name in ("CLAUDE.md", ".claude/CLAUDE.md", "CLAUDE.local.md"):
            label = f"{folder.name} {name.replace('/', ' ').replace('.md', '')}"
            yield folder / name, label


def _project_cwd(folder: Path) -> str:
    """The working folder a project's transcripts name (the folder name is a lossy escape)."""
    for transcript in sorted(folder.glob("*.jsonl"))[:3]:
        try:
            with transcript.open("rb") as fh:
                for raw in fh:
                    try:
                        line = json.loads(raw)
                    except ValueError:
                        continue
                    if isinstance(line, dict) and isinstance(line.get("cwd"), str):
                        return str(line["cwd"])
        except OSError:
            continue
    return ""


def plan(
    config: Config, home: Path, projects: Sequence[Path], now: dt.datetime, clean: Cleaner
) -> tuple[list[Planned], int, list[str]]:
    today = timestamp.day(now)
    created = stamp(now)
    planned: list[Planned] = []
    warnings: list[str] = []
    found = 0
    for path, label in _claude_md(home, projects):
        text = _read(path)
        if text is None or not text.strip():
            continue
        found += 1
        k = key(SOURCE, "claude-md", str(path), text)
        planned.append(
            plain_note(
                source=SOURCE,
                source_path=path,
                import_key=k,
                folder="claude-code",
                name=f"CLAUDE {label} {k[-6:]}",
                body=clean(text),
                today=today,
            )
        )
    root = home / "projects"
    folders = sorted(p for p in root.iterdir() if p.is_dir()) if root.is_dir() else []
    for folder in folders:
        cwd = _project_cwd(folder)
        project = project_of(cwd).key if cwd else folder.name
        memory_dir = folder / "memory"
        for path in sorted(memory_dir.glob("*.md")) if memory_dir.is_dir() else []:
            text = _read(path)
            if text is None or not text.strip():
                continue
            found += 1
            planned.append(_memory(path, text, project, folder.name, today, created, clean))
        for transcript in sorted(folder.glob("*.jsonl")):
            found += 1
            try:
                note = transcript_note(transcript, config, today, clean)
            except OSError as exc:
                warnings.append(f"{transcript}: {exc}")
                continue
            if note is not None:
                planned.append(note)
    return planned, found, warnings


def _memory(
    path: Path,
    text: str,
    project: str,
    folder: str,
    today: str,
    created: str,
    clean: Cleaner,
) -> Planned:
    from vaultsync.storage.note import parse_note

    k = key(SOURCE, "memory", str(path), text)
    if path.name == "MEMORY.md":
        return plain_note(
            source=SOURCE,
            source_path=path,
            import_key=k,
            folder="claude-code",
            name=f"MEMORY {folder} {k[-6:]}",
            body=clean(text),
            today=today,
            extra={"project": project},
        )
    note = parse_note(path.name, text)
    _yaml, body = properties.split_frontmatter(text)
    kind = str(note.props.get("type") or "").lower()
    scope = _SCOPES.get(kind, Scope.PROJECT)
    title = str(note.props.get("name") or "") or note.title or path.stem
    description = str(note.props.get("description") or "")
    detail = body.strip()
    if description and description not in detail:
        detail = f"{description}\n\n{detail}"
    return memory_note(
        source=SOURCE,
        source_path=path,
        import_key=k,
        title=clean(title),
        body=clean(detail),
        scope=scope,
        agent=AGENT,
        project=project if scope is Scope.PROJECT else "",
        created=created,
        today=today,
        extra_tags=[f"claude-code/{kind}"] if kind else [],
    )


# ---------------------------------------------------------------------------------------------
# transcripts


def _blocks(message: Any) -> list[dict[str, Any]]:
    content = message.get("content") if isinstance(message, dict) else None
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return [b for b in content if isinstance(b, dict)] if isinstance(content, list) else []


def _result_text(block: dict[str, Any]) -> str:
    content = block.get("content")
    if isinstance(content, list):
        return "\n".join(str(c.get("text", "")) for c in content if isinstance(c, dict))
    return "" if content is None else str(content)


def _is_noise(text: str) -> bool:
    """Claude Code's own wrappers around slash commands and hook output, not the person's words."""
    stripped = text.lstrip()
    return stripped.startswith(
        ("<command-", "<local-command", "<system-reminder", "Caveat: The messages below")
    )


def transcript_events(path: Path, limits: excerpt.Limits) -> tuple[str, str, list[Event]]:
    """(session id, cwd, events) of one transcript; broken lines are skipped."""
    session_id = cwd = ""
    events: list[Event] = []
    pending: dict[str, tuple[str, str, Any]] = {}  # tool_use id -> (ts, tool, input)
    last_reply: tuple[str, str] | None = None
    n = 0

    def add(kind: EventKind, ts: str, **fields: Any) -> None:
        nonlocal n
        n += 1
        events.append(
            new_event(
                ts=ts,
                agent=AGENT,
                session_id=session_id,
                kind=kind,
                n=n,
                native_event="transcript",
                cwd=cwd,
                **fields,
            )
        )

    def close_turn() -> None:
        nonlocal last_reply
        if last_reply is not None:
            add(EventKind.TURN_END, last_reply[0], message=excerpt.clip(last_reply[1], limits))
            last_reply = None

    with path.open("rb") as fh:
        for raw in fh:
            try:
                line = json.loads(raw)
            except ValueError:
                continue
            if not isinstance(line, dict) or line.get("type") not in ("user", "assistant"):
                continue
            session_id = session_id or str(line.get("sessionId") or "")
            cwd = cwd or str(line.get("cwd") or "")
            ts = str(line.get("timestamp") or "")
            if not ts or not session_id or line.get("isSidechain"):
                continue
            ts = ts if ts.endswith("Z") else ts + ("" if "+" in ts else "Z")
            for block in _blocks(line.get("message")):
                kind = block.get("type")
                if line["type"] == "user" and kind == "text":
                    text = str(block.get("text") or "")
                    if text.strip() and not _is_noise(text) and not line.get("isMeta"):
                        close_turn()
                        add(EventKind.PROMPT, ts, prompt=excerpt.clip(text, limits))
                elif kind == "tool_use":
                    pending[str(block.get("id"))] = (ts, str(block.get("name") or ""), block)
                elif kind == "tool_result":
                    start = pending.pop(str(block.get("tool_use_id")), None)
                    if start is None:
                        continue
                    _ts, tool, use = start
                    tk = agents.tool_kind(tool)
                    error = bool(block.get("is_error"))
                    add(
                        EventKind.TOOL_ERROR if error else EventKind.TOOL,
                        ts,
                        tool=tool,
                        tool_kind=tk,
                        input=excerpt.summarise_input(tk, use.get("input"), limits),
                        output=excerpt.summarise_output(_result_text(block), limits),
                        is_error=error,
                    )
                elif line["type"] == "assistant" and kind == "text":
                    text = str(block.get("text") or "")
                    if text.strip():
                        last_reply = (ts, text)
    close_turn()
    return session_id, cwd, events


def transcript_note(path: Path, config: Config, today: str, clean: Cleaner) -> Planned | None:
    session_id, cwd, events = transcript_events(path, excerpt.Limits.from_config(config))
    if not session_id:
        return None
    return session_note(
        source=SOURCE,
        source_path=path,
        agent=AGENT,
        session_id=session_id,
        cwd=cwd,
        project=project_of(cwd).key if cwd else "",
        events=events,
        config=config,
        today=today,
        clean=clean,
    )


def run(
    vault: Path,
    config: Config,
    *,
    home: Path | None = None,
    projects: Sequence[Path] = (),
    dry_run: bool = False,
    now: dt.datetime | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> ImportReport:
    clean = Cleaner(config)
    planned, found, warnings = plan(
        config, home or default_home(), projects, now or timestamp.now(), clean
    )
    return apply(
        vault,
        config,
        SOURCE,
        planned,
        found=found,
        progress=progress,
        dry_run=dry_run,
        redactions=clean.count,
        warnings=warnings,
    )
