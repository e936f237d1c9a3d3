"""Every memory knows whether it is used: the real hook records what it hands an agent, the fold
counts `recalled` and `used` on the notes, an unused memory sinks and is offered for archiving,
a used one holds its place, and `status --json` sums it up per agent."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from memorykit import memory

from vaultsync.core.config import load_config
from vaultsync.core.hook import injection_log
from vaultsync.core.model import Level
from vaultsync.services.derived.generate import generate_from_vault
from vaultsync.services.learning import review, usage
from vaultsync.storage.note import read_note


def run(hook: list[str], payload: dict[str, Any]) -> str:
    proc = subprocess.run(
        [*hook, "--agent", "claude-code"], input=json.dumps(payload).encode(),
        capture_output=True, timeout=60, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.decode()


def test_used_in() -> None:
    said = "Run the tests with scripts/test --all before a release"
    assert usage.used_in(said, "$ scripts/test --all\n...\n1836 passed")
    assert not usage.used_in(said, "$ git status")
    assert not usage.used_in("", "anything")


def session(hook: list[str], sid: str, cwd: Path, command: str) -> str:
    """One Claude Code session through the real hook: start (gets USER.md), one command, end.
    Returns the context the agent was given."""
    base = {"session_id": sid, "cwd": str(cwd)}
    out = run(hook, {**base, "hook_event_name": "SessionStart", "source": "startup"})
    run(
        hook,
        {
            **base,
            "hook_event_name": "UserPromptSubmit",
            "prompt": "Tidy up the parser module and get it ready for review please",
        },
    )
    run(
        hook,
        {
            **base,
            "hook_event_name": "PostToolUse",
            "tool_name": "Bash",
            "tool_input": {"command": command},
            "tool_response": {"stdout": "Found 3 errors (3 fixed, 0 remaining)."},
        },
    )
    run(
        hook,
        {
            **base,
            "hook_event_name": "Stop",
            "last_assistant_message": "The parser module is tidy and ready for review.",
        },
    )
    run(hook, {**base, "hook_event_name": "SessionEnd", "reason": "exit"})
    return out


def test_recalled_and_used_are_counted_and_unused_memories_sink(
    vault: Path, hook: list[str], tmp_path: Path
) -> None:
    config = load_config(vault)
    used = memory(vault, "ruff", "Lint with ruff check --fix before committing", level=Level.L2,
                  extra={"priority": 0})  # fmt: skip
    idle = memory(vault, "tabs", "The person likes haiku about tabulation", level=Level.L2,
                  extra={"priority": 1})  # fmt: skip
    generate_from_vault(vault, config)
    project = tmp_path / "work"
    project.mkdir()
    context = session(hook, "s-0", project, "ruff check --fix src/parser.py")
    assert "Lint with ruff" in context and "haiku" in context  # the agent was handed both
    (line,) = injection_log.log_path(vault).read_text().splitlines()
    record = json.loads(line)
    assert set(record["rels"]) == {used, idle} and record["agent"] == "claude-code"
    # The same session's injection again, as more sessions would record it (the hook's own
    # writer, without paying four more real sessions in the fast tier).
    when = dt.datetime.fromisoformat(record["at"])
    for _ in range(usage.SINK_AFTER - 1):
        injection_log.note(vault, "claude-code", "s-0", "start", context, when)

    folded = usage.fold(vault)
    assert folded.injections == usage.SINK_AFTER and folded.waiting == 0
    assert read_note(vault, used).props["recalled"] == usage.SINK_AFTER
    assert read_note(vault, used).props["used"] == usage.SINK_AFTER
    assert read_note(vault, idle).props["recalled"] == usage.SINK_AFTER
    assert read_note(vault, idle).props["used"] == 0
    assert not injection_log.log_path(vault).exists()  # folded once, never twice
    assert usage.fold(vault).injections == 0

    # The unused memory had the higher priority; now it goes after the used one.
    generate_from_vault(vault, config)
    text = (vault / "USER.md").read_text(encoding="utf-8")
    assert text.index("Lint with ruff") < text.index("haiku about tabulation")
    pending = review.pending(vault, config)
    assert [m.rel for m in pending.unused] == [idle]

    status = subprocess.run(
        [sys.executable, "-m", "vaultsync", "status", "--json", "--vault", str(vault)],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert status.returncode == 0, status.stderr
    use = json.loads(status.stdout)["memory_use"]
    assert use == {"claude-code": {"injected": 2 * usage.SINK_AFTER, "used": usage.SINK_AFTER}}

    decision = review.archive(vault, config, idle)
    assert decision.target.startswith("archive/") and (vault / decision.target).is_file()


def test_a_session_still_going_keeps_its_injection_waiting(
    vault: Path, hook: list[str], tmp_path: Path
) -> None:
    memory(vault, "ruff", "Lint with ruff check --fix before committing", level=Level.L2)
    generate_from_vault(vault, load_config(vault))
    base = {"session_id": "live", "cwd": str(tmp_path)}
    run(hook, {**base, "hook_event_name": "SessionStart", "source": "startup"})
    run(
        hook,
        {
            **base,
            "hook_event_name": "UserPromptSubmit",
            "prompt": "Tidy up the parser module and get it ready for review please",
        },
    )
    assert usage.fold(vault).waiting == 1
    # Half an hour later with nothing more: it had its chance.
    later = dt.datetime.now(dt.UTC) + usage.SETTLE + dt.timedelta(minutes=1)
    assert usage.fold(vault, later).injections == 1
