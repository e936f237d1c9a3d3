"""Guards around capture: the learn loop's own model runs, and a broken user redaction rule."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from vaultsync.core import paths


def errors() -> list[dict[str, str]]:
    log = paths.hook_error_log()
    return [json.loads(ln) for ln in log.read_text().splitlines()] if log.exists() else []


def notes(vault: Path) -> str:
    return "".join(p.read_text() for p in (vault / paths.SESSIONS_DIR).rglob("*.md"))


def tool_call(session: str, stdout: str) -> dict[str, object]:
    return {
        "session_id": session, "hook_event_name": "PostToolUse", "cwd": "/tmp",
        "tool_name": "Bash", "tool_input": {"command": "python -m pytest -q tests/unit"},
        "tool_response": {"stdout": stdout, "stderr": ""},
    }  # fmt: skip


def run(hook: list[str], payload: dict[str, object], env: dict[str, str] | None = None) -> int:
    data = json.dumps(payload).encode()
    proc = subprocess.run([*hook, "--agent", "claude-code"], input=data, env=env, timeout=60)
    return proc.returncode


def test_learn_model_runs_are_not_recorded(hook: list[str], vault: Path) -> None:
    env = {**os.environ, "VAULTSYNC_LEARN": "1"}
    start = {"session_id": "m", "hook_event_name": "SessionStart", "source": "startup"}
    proc = subprocess.run(
        [*hook, "--agent", "claude-code"], input=json.dumps(start).encode(),
        capture_output=True, env=env,
    )  # fmt: skip
    assert proc.returncode == 0 and proc.stdout.strip() in (b"", b"{}")
    assert run(hook, tool_call("m", "a long enough tool output to be recorded"), env) == 0
    assert notes(vault) == "" and errors() == []
    # The same call without the marker is recorded: the guard is what kept the vault empty.
    assert run(hook, tool_call("m", "a long enough tool output to be recorded")) == 0
    assert "a long enough tool output" in notes(vault)


def test_a_broken_extra_rule_keeps_the_built_in_rules(hook: list[str], vault: Path) -> None:
    (vault / ".vaultsync" / "config.toml").write_text(
        '[[privacy.rules]]\nid = "mine"\nregex = "([unclosed"\n', encoding="utf-8"
    )
    secret = "sk-proj-" + "Zx8rT2mQ9vL4nB7cK1pW5sY3dF6gH0jA2eR8tU4iO1lM"
    assert run(hook, tool_call("b", f"OPENAI_API_KEY={secret} ok")) == 0
    text = notes(vault)
    assert "[REDACTED:" in text and secret[8:20] not in text
    assert [e["error"] for e in errors()] == ["PrivacyConfigError"]


class _Code:
    def __init__(self, filename: str) -> None:
        self.co_filename = filename


class _Frame:
    def __init__(self, filename: str, back: _Frame | None = None) -> None:
        self.f_code, self.f_back = _Code(filename), back


class _Timer:
    ITIMER_REAL = 0

    def __init__(self) -> None:
        self.armed: list[float] = []

    def setitimer(self, which: int, seconds: float) -> None:
        self.armed.append(seconds)


def test_an_alarm_inside_an_import_waits_for_the_import_to_finish() -> None:
    # The expiry path imports; run inside a half-done import it broke importlib's module locks
    # (a KeyError, seen with 64 hooks under a CPU hog). It must re-arm instead, and fire once
    # the import is over.
    from vaultsync.core.hook.deadline import IMPORT_RETRY_S, Deadline

    fired: list[bool] = []
    deadline = Deadline(lambda: fired.append(True) or True, enabled=False)
    timer = _Timer()
    deadline._signal = timer
    in_import = _Frame("/x/mod.py", _Frame("<frozen importlib._bootstrap>", _Frame("hook.py")))
    deadline._alarm(14, in_import)
    assert fired == [] and timer.armed == [IMPORT_RETRY_S]
    deadline._alarm(14, _Frame("/x/mod.py", _Frame("hook.py")))
    assert fired == [True]
