"""Session notes built the way the hook builds them: header on first append, one event block per
append through the writer, then the hook's own session-end assessment (status + queue marker)."""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from vaultsync.core import eventlog, paths, properties, queue, schema, writer
from vaultsync.core.config import load_config
from vaultsync.core.hook import delivery
from vaultsync.core.model import Event, EventKind, SessionStatus
from vaultsync.core.queue import NoBudget

FAKE_MODEL = Path(__file__).resolve().parents[1] / "fixtures" / "fake_model.py"
T0 = dt.datetime(2026, 11, 20, 9, 0, tzinfo=dt.UTC)
NOW = dt.datetime(2026, 11, 29, 9, 0, tzinfo=dt.UTC)


def fake_model_command() -> str:
    return f"{sys.executable} {FAKE_MODEL}"


def prompt(text: str) -> dict[str, Any]:
    return {"kind": EventKind.PROMPT, "prompt": text}


def shell(command: str, output: str = "", error: bool = False) -> dict[str, Any]:
    return {
        "kind": EventKind.TOOL_ERROR if error else EventKind.TOOL,
        "tool": "Bash",
        "tool_kind": "shell",
        "input": command,
        "output": output,
        "is_error": error,
    }


def edit(path: str, detail: str = "changed a few lines") -> dict[str, Any]:
    return {
        "kind": EventKind.TOOL,
        "tool": "Edit",
        "tool_kind": "edit",
        "input": path,
        "output": detail,
        "files": (path,),
    }


def read(path: str) -> dict[str, Any]:
    return {
        "kind": EventKind.TOOL,
        "tool": "Read",
        "tool_kind": "read",
        "input": path,
        "output": "120 lines",
        "files": (path,),
    }


def turn_end(message: str) -> dict[str, Any]:
    return {"kind": EventKind.TURN_END, "message": message}


def events_for(
    specs: Sequence[dict[str, Any]],
    *,
    agent: str,
    session_id: str,
    project: str,
    start: dt.datetime,
) -> list[Event]:
    out = []
    for i, spec in enumerate(
        [{"kind": EventKind.SESSION_START}, *specs, {"kind": EventKind.SESSION_END}]
    ):
        ts = start + dt.timedelta(seconds=40 * i)
        stamp = ts.strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        out.append(
            Event(
                id=eventlog.new_event_id(ts.strftime("%Y%m%dT%H%M%S%fZ")),
                ts=stamp,
                agent=agent,
                session_id=session_id,
                cwd=project,
                project=project,
                **spec,
            )
        )
    return out


def make_session(
    vault: Path,
    specs: Sequence[dict[str, Any]],
    *,
    agent: str = "claude-code",
    session_id: str = "s-1",
    project: str = "/home/ana/src/dateparse",
    start: dt.datetime = T0,
    status: SessionStatus | None = None,
    one_write: bool = False,
) -> str:
    """Write a session note as the hook does and return its rel.

    status=None: the hook's own session-end assessment decides (pending/skipped/...); any other
    value is forced afterwards, on the note and its marker.
    """
    events = events_for(specs, agent=agent, session_id=session_id, project=project, start=start)
    first = events[0]
    rel = paths.session_note_rel(agent, session_id, first.ts)
    target = vault / rel
    props = schema.session_props(
        agent=agent,
        session_id=session_id,
        project=project,
        cwd=project,
        started=first.ts[:19],
        machine=paths.machine_id(),
    )
    header = properties.render_frontmatter(props) + f"\n# {agent} session {session_id}\n"
    if one_write:  # big fixtures: the same bytes, without thousands of fsyncs
        writer.write_atomic(target, header + "".join(eventlog.render(ev) for ev in events))
    for ev in [] if one_write else events:
        writer.append(
            target,
            eventlog.render(ev),
            lock_file=paths.lock_path(vault, rel),
            header=lambda: header,
        )
    cfg = load_config(vault)
    end = dt.datetime.fromisoformat(events[-1].ts.replace("Z", "+00:00"))
    delivery.assess(vault, cfg, rel, end, final=True, budget=NoBudget())
    if status is not None:
        force_status(vault, rel, status)
    return rel


def force_status(vault: Path, rel: str, status: SessionStatus) -> None:
    writer.rewrite(
        vault / rel,
        lambda t: properties.set_properties(t, {"status": status.value}),
        lock_file=paths.lock_path(vault, rel),
    )
    queue.set_marker(vault, rel, status)


def date_fix_session() -> list[dict[str, Any]]:
    """A realistic 12-step session: a failing test, a fix, a missing binary, a commit."""
    return [
        prompt(
            "The ISO week parser fails for 2026-W53. Please fix it. I prefer short commit "
            "messages, always in the imperative mood."
        ),
        read("/home/ana/src/dateparse/src/dates.py"),
        shell(
            "cd /home/ana/src/dateparse && pytest -q tests/test_dates.py",
            "FAILED tests/test_dates.py::test_week_53 - ValueError: week 53 out of range",
            True,
        ),
        edit("/home/ana/src/dateparse/src/dates.py", "allow week 53 in long years"),
        shell("pytest -q tests/test_dates.py", "14 passed in 0.21s"),
        shell("python scripts/bench.py", "bash: python: command not found", True),
        shell("python3 scripts/bench.py", "parse: 1.2 us per date"),
        shell("/opt/homebrew/bin/jq .version package.json", '"1.4.0"'),
        edit("/home/ana/src/dateparse/CHANGELOG.md", "added an entry"),
        shell("ruff check src", "All checks passed!"),
        shell("git commit -am 'Allow ISO week 53'", "[main 3f9a2c1] Allow ISO week 53"),
        turn_end(
            "Fixed: week 53 is now accepted in long years and the tests pass. "
            "Next, we should add a property test for every year from 1900 to 2100."
        ),
    ]
