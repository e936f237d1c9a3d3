"""Codex's session files, into the vault as past sessions.

Codex writes one JSON-lines "rollout" per session under `$CODEX_HOME/sessions/YYYY/MM/DD/`
(default `~/.codex`), named `rollout-<time>-<id>.jsonl`. Each line is `{timestamp, type,
payload}`: `session_meta` (id, cwd, cli_version), `turn_context`, `response_item` (a `message`
with role user or assistant and `input_text`/`output_text` parts, a `function_call` with `name`,
JSON `arguments` and `call_id`, its `function_call_output`, `custom_tool_call`s such as
apply_patch, `reasoning`) and `event_msg` (`user_message`, `agent_message`, token counts).
Older rollouts put the session's metadata as a bare first line and the items without the
envelope; both are read. Codex's own context blocks (`<environment_context>`,
`<user_instructions>`) are not the person's prompts and are skipped.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from vaultsync.core import timestamp
from vaultsync.core.config import Config
from vaultsync.core.hook import agents, excerpt
from vaultsync.core.model import Event, EventKind
from vaultsync.core.project import project_of
from vaultsync.services.imports.notes import (
    Cleaner,
    ImportReport,
    Planned,
    apply,
    new_event,
    session_note,
)

SOURCE = "codex"
AGENT = "codex"
_CONTEXT = ("<environment_context>", "<user_instructions>", "<permissions", "# AGENTS.md")


def default_home() -> Path:
    configured = os.environ.get("CODEX_HOME")
    return Path(configured).expanduser() if configured else Path.home() / ".codex"


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            str(part.get("text") or "") for part in content if isinstance(part, dict)
        ).strip()
    return ""


def _output(value: Any) -> tuple[str, bool]:
    """A function call's output and whether it failed (a non-zero exit code)."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    try:
        parsed = json.loads(text)
    except ValueError:
        return text, False
    if isinstance(parsed, dict):
        meta = parsed.get("metadata") if isinstance(parsed.get("metadata"), dict) else {}
        code = meta.get("exit_code") if isinstance(meta, dict) else None
        return str(parsed.get("output", text)), isinstance(code, int) and code != 0
    return text, False


def rollout_events(path: Path, limits: excerpt.Limits) -> tuple[str, str, list[Event]]:
    session_id = cwd = ""
    items: list[tuple[str, str, dict[str, Any]]] = []  # (ts, type, payload)
    with path.open("rb") as fh:
        for raw in fh:
            try:
                line = json.loads(raw)
            except ValueError:
                continue
            if not isinstance(line, dict):
                continue
            if "payload" in line and isinstance(line["payload"], dict):
                ts, kind, payload = (
                    str(line.get("timestamp") or ""),
                    line.get("type"),
                    line["payload"],
                )
            else:  # the older layout: metadata first, then bare items
                ts, kind, payload = str(line.get("timestamp") or ""), "response_item", line
                if "id" in line and "type" not in line:
                    kind = "session_meta"
            if kind == "session_meta":
                session_id = session_id or str(payload.get("id") or "")
                cwd = cwd or str(payload.get("cwd") or "")
                ts = ts or str(payload.get("timestamp") or "")
            elif kind == "turn_context":
                cwd = cwd or str(payload.get("cwd") or "")
            items.append((ts, str(kind), payload))
    start_ts = next((ts for ts, _k, _p in items if ts), "")
    user_events = any(k == "event_msg" and p.get("type") == "user_message" for _t, k, p in items)
    events: list[Event] = []
    calls: dict[str, tuple[str, dict[str, Any]]] = {}
    reply: tuple[str, str] | None = None
    n = 0

    def add(kind: EventKind, ts: str, **fields: Any) -> None:
        nonlocal n
        n += 1
        events.append(
            new_event(
                ts=_z(ts or start_ts),
                agent=AGENT,
                session_id=session_id,
                kind=kind,
                n=n,
                native_event="rollout",
                cwd=cwd,
                **fields,
            )
        )

    def prompt(ts: str, text: str) -> None:
        nonlocal reply
        if not text.strip() or text.lstrip().startswith(_CONTEXT):
            return
        if reply is not None:
            add(EventKind.TURN_END, reply[0], message=excerpt.clip(reply[1], limits))
            reply = None
        add(EventKind.PROMPT, ts, prompt=excerpt.clip(text, limits))

    for ts, kind, p in items:
        ptype = p.get("type")
        if kind == "event_msg" and ptype == "user_message":
            prompt(ts, str(p.get("message") or ""))
        elif kind != "response_item":
            continue
        elif ptype == "message" and p.get("role") == "user" and not user_events:
            prompt(ts, _text(p.get("content")))
        elif ptype == "message" and p.get("role") == "assistant":
            text = _text(p.get("content"))
            if text:
                reply = (ts, text)
        elif ptype in ("function_call", "custom_tool_call", "local_shell_call"):
            calls[str(p.get("call_id") or p.get("id") or n)] = (ts, p)
        elif ptype in ("function_call_output", "custom_tool_call_output"):
            start = calls.pop(str(p.get("call_id") or ""), None)
            if start is None:
                continue
            call = start[1]
            tool = str(call.get("name") or call.get("type") or "tool")
            args: Any = call.get("arguments", call.get("input", call.get("action")))
            tk = agents.tool_kind(tool)
            out, failed = _output(p.get("output", ""))
            add(
                EventKind.TOOL_ERROR if failed else EventKind.TOOL,
                ts,
                tool=tool,
                tool_kind=tk,
                input=excerpt.summarise_input(tk, args, limits),
                output=excerpt.summarise_output(out, limits),
                is_error=failed,
            )
    if reply is not None:
        add(EventKind.TURN_END, reply[0], message=excerpt.clip(reply[1], limits))
    return session_id, cwd, events


def _z(ts: str) -> str:
    if not ts:
        return "1970-01-01T00:00:00Z"
    return ts if ts.endswith("Z") or "+" in ts[10:] else ts + "Z"


def plan(
    config: Config, home: Path, now: dt.datetime, clean: Cleaner
) -> tuple[list[Planned], int, list[str]]:
    root = home / "sessions"
    files = sorted(root.rglob("rollout-*.jsonl")) if root.is_dir() else []
    planned: list[Planned] = []
    warnings: list[str] = []
    limits = excerpt.Limits.from_config(config)
    for path in files:
        try:
            session_id, cwd, events = rollout_events(path, limits)
        except OSError as exc:
            warnings.append(f"{path}: {exc.strerror}")
            continue
        if not session_id:
            warnings.append(f"{path}: no session_meta line; skipped")
            continue
        note = session_note(
            source=SOURCE,
            source_path=path,
            agent=AGENT,
            session_id=session_id,
            cwd=cwd,
            project=project_of(cwd).key if cwd else "",
            events=events,
            config=config,
            today=timestamp.day(now),
            clean=clean,
        )
        if note is not None:
            planned.append(note)
    return planned, len(files), warnings


def run(
    vault: Path,
    config: Config,
    *,
    home: Path | None = None,
    dry_run: bool = False,
    now: dt.datetime | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> ImportReport:
    clean = Cleaner(config)
    planned, found, warnings = plan(config, home or default_home(), now or timestamp.now(), clean)
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
