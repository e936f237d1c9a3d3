"""The hook as a real process: outputs, fail-open on bad input, time limit, imports."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from vaultsync.core import eventlog, paths, writer

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "payloads"
SLACK_S = 2.0  # process start on a loaded 2-core machine, on top of the hook's own limit


def run(cmd: list[str], agent: str, payload: Any, *args: str) -> tuple[int, str, float]:
    data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    start = time.monotonic()
    proc = subprocess.run([*cmd, "--agent", agent, *args], input=data, capture_output=True)
    return proc.returncode, proc.stdout.decode(), time.monotonic() - start


def errors() -> list[dict[str, Any]]:
    log = paths.hook_error_log()
    return [json.loads(ln) for ln in log.read_text().splitlines()] if log.exists() else []


def notes(vault: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in (vault / paths.SESSIONS_DIR).rglob("*.md")}


def tool_call(
    session: str = "s1",
    stdout: str = "12 passed in 0.31s, 0 failed",
    command: str = "python -m pytest -q tests/unit",
) -> dict:
    return {
        "session_id": session,
        "hook_event_name": "PostToolUse",
        "cwd": "/work/demo",
        "tool_name": "Bash",
        "tool_input": {"command": command},
        "tool_response": {"stdout": stdout, "stderr": ""},
    }


def test_post_tool_use_writes_one_event_and_prints_nothing(hook: list[str], vault: Path) -> None:
    code, out, _ = run(hook, "claude-code", tool_call())
    assert (code, out, errors()) == (0, "", [])
    [text] = notes(vault).values()
    [event] = eventlog.parse(text.decode())
    assert (event.tool, event.input) == ("Bash", "python -m pytest -q tests/unit")


def test_session_start_prints_the_json_each_agent_expects(hook: list[str], vault: Path) -> None:
    (vault / "USER.md").write_text("I like small diffs.\n")
    start = {"session_id": "s2", "hook_event_name": "SessionStart", "cwd": "/", "source": "startup"}
    for agent in ("claude-code", "codex", "gemini"):
        code, out, _ = run(hook, agent, start)
        assert code == 0
        assert json.loads(out)["hookSpecificOutput"]["additionalContext"] == "I like small diffs."
    code, out, _ = run(hook, "codex", {**start, "hook_event_name": "Stop"})
    assert (code, out) == (0, "")
    code, out, _ = run(hook, "gemini", {**start, "hook_event_name": "AfterAgent"})
    assert (code, out.strip()) == (0, "{}")
    extra = {"is_first_turn": True, "user_message": "hello there, what changed?"}
    first_turn = {"hook_event_name": "pre_llm_call", "session_id": "h", "cwd": "/", "extra": extra}
    code, out, _ = run(hook, "hermes", first_turn)
    assert json.loads(out) == {"context": "I like small diffs."}


BAD_INPUTS = {
    "garbage": b"{this is not json at all",
    "invalid_utf8": b'{"session_id": "s1", "hook_event_name": "\xff\xfe", "cwd": "\xc3("}',
    "not_an_object": b'["PostToolUse"]',
    "empty": b"",
    "no_event": b'{"session_id": "s1"}',
}


@pytest.mark.parametrize("name", sorted(BAD_INPUTS))
def test_bad_input_exits_0_quickly_and_leaves_notes_intact(
    hook: list[str], vault: Path, name: str
) -> None:
    run(hook, "claude-code", tool_call())
    before = notes(vault)
    code, out, elapsed = run(hook, "claude-code", BAD_INPUTS[name])
    assert code == 0 and out == ""
    assert elapsed < 0.9 + SLACK_S
    assert notes(vault) == before
    if name != "invalid_utf8":  # undecodable bytes are replaced, the event name is unknown
        [record] = errors()
        assert set(record) == {"time", "agent", "event", "error", "message"}
        assert record["agent"] == "claude-code"


def test_error_log_never_quotes_the_payload(hook: list[str]) -> None:
    run(hook, "claude-code", b'{"prompt": "my password is hunter2", ')
    run(hook, "claude-code", {"hook_event_name": "PostToolUse", "tool_response": "hunter2"})
    text = paths.hook_error_log().read_text()
    assert "hunter2" not in text and "not valid JSON" in text


def test_a_ten_megabyte_tool_output_costs_a_small_event(hook: list[str], vault: Path) -> None:
    big = ("0123456789abcdef" * 8 + "\n") * 80_000  # ~10 MB
    code, _, elapsed = run(hook, "claude-code", tool_call("big", stdout=big + "DONE: 3 failed"))
    assert code == 0 and elapsed < 0.9 + SLACK_S and errors() == []
    [text] = notes(vault).values()
    assert len(text) < 3000 and b"DONE: 3 failed" in text


def test_a_payload_over_the_stdin_cap_is_drained_and_refused(hook: list[str], vault: Path) -> None:
    (vault / ".vaultsync" / "config.toml").write_text("[hook]\nmax_stdin_bytes = 1000\n")
    code, _, elapsed = run(hook, "claude-code", tool_call(stdout="x" * 5000))
    assert code == 0 and elapsed < 0.9 + SLACK_S
    assert notes(vault) == {}
    assert "max_stdin_bytes" in errors()[0]["message"]


def test_missing_vault_is_logged_and_json_is_still_valid(
    hook: list[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("VAULTSYNC_VAULT", str(tmp_path / "nowhere"))
    start = {"session_id": "s", "hook_event_name": "SessionStart", "cwd": "/"}
    assert run(hook, "gemini", start)[:2] == (0, "{}\n")
    assert run(hook, "claude-code", start)[:2] == (0, "")
    assert run(hook, "cursor", {**start, "hook_event_name": "beforeSubmitPrompt"})[:2] == (
        0,
        '{"continue": true}\n',
    )
    assert [e["error"] for e in errors()] == ["PayloadError"] * 3
    assert "vault not found" in errors()[0]["message"]


def test_events_wait_redacted_while_the_vault_is_away_and_reach_it_when_back(
    hook: list[str], vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The vault's drive is unmounted (here: its folder moved away) for three events: none is
    lost, none of their secrets waits unredacted, and the first call after the vault is back
    writes them into the session's note before its own event, at the times they came."""
    secret = "ghp_" + "Zq7Xw2Lm9Rt4Vb8Nc1Kd6Hs3Jf5Gp0Ya2Ue7"
    away = vault.with_name("vault.away")
    vault.rename(away)
    times = ["2026-12-06T09:00:00+08:00", "2026-12-06T09:01:00+08:00", "2026-12-06T09:02:00+08:00"]
    calls = [
        {"session_id": "s9", "hook_event_name": "SessionStart", "cwd": "/work/demo"},
        tool_call("s9", command=f"GITHUB_TOKEN={secret} gh pr list"),
        tool_call("s9", stdout=f"token: {secret}\n3 passed"),
    ]
    for when, payload in zip(times, calls, strict=True):
        monkeypatch.setenv("VAULTSYNC_NOW", when)
        assert run(hook, "claude-code", payload)[0] == 0
    assert not vault.exists()  # the hook made no vault where there was none
    assert [e["message"].endswith("the event waits in the spool") for e in errors()] == [True] * 3
    state = paths.vaultsync_home()
    kept = [p for p in state.rglob("*") if p.is_file() and "spool" in p.parts]
    assert len(kept) == 3 and not any(secret in p.read_text() for p in kept)
    away.rename(vault)
    monkeypatch.setenv("VAULTSYNC_NOW", "2026-12-06T09:05:00+08:00")
    assert run(hook, "claude-code", tool_call("s9", command="git status"))[0] == 0
    [text] = notes(vault).values()
    events = eventlog.parse(text.decode())
    assert [e.input for e in events] == [
        "", "GITHUB_TOKEN=[REDACTED:github-token] gh pr list", "python -m pytest -q tests/unit",
        "git status",
    ]  # fmt: skip
    assert [e.ts[11:16] for e in events] == ["01:00", "01:01", "01:02", "01:05"]
    assert secret not in text.decode()
    assert not [p for p in state.rglob("*.json") if "spool" in p.parts]


def test_broken_config_is_logged(hook: list[str], vault: Path) -> None:
    (vault / ".vaultsync" / "config.toml").write_text("[hook\nmin_chars = ")
    assert run(hook, "codex", tool_call())[:2] == (0, "")
    assert errors()[0]["error"] == "ConfigError"


def test_a_locked_note_hits_the_time_limit_and_loses_nothing(hook: list[str], vault: Path) -> None:
    run(hook, "claude-code", tool_call())
    [(name, before)] = notes(vault).items()
    (vault / ".vaultsync" / "config.toml").write_text("[hook]\ntime_limit_s = 0.3\n")
    rel = next((vault / paths.SESSIONS_DIR).rglob("*.md")).relative_to(vault).as_posix()
    with writer.locked(paths.lock_path(vault, rel)):
        call = tool_call(stdout="Finished release target in 41.2s", command="cargo build --release")
        code, _, elapsed = run(hook, "claude-code", call)
    assert code == 0 and elapsed < 0.3 + SLACK_S
    assert notes(vault) == {name: before}
    assert errors()[-1]["error"] in ("TimeoutError", "TimeLimit")


def test_the_deadline_never_cuts_a_write_in_half(tmp_path: Path) -> None:
    script = f"""
import sys, time
from pathlib import Path
from vaultsync.core.hook.deadline import Deadline
out = Path({str(tmp_path)!r})
d = Deadline(lambda: (out / "expired").write_text("1"), 0.05)
with d.critical():
    time.sleep(0.4)
    (out / "inside-done").write_text("1")
time.sleep(5)
(out / "after").write_text("1")
"""
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True)
    assert proc.returncode == 0 and time.monotonic() - start < 4
    assert (tmp_path / "inside-done").exists() and (tmp_path / "expired").exists()
    assert not (tmp_path / "after").exists()


FORBIDDEN = ("typer", "yaml", "git", "watchdog", "frontmatter", "markdown_it", "sqlite3", "click")


def test_the_hook_imports_only_the_standard_library_and_core(vault: Path) -> None:
    payload = json.dumps(tool_call("imports"))
    script = (
        "import io, sys\n"
        f"sys.stdin = io.TextIOWrapper(io.BytesIO({payload.encode()!r}))\n"
        "from vaultsync.core.hook.process import main\n"
        "main(['--agent', 'claude-code'])\n"
        "names = sorted(m for m in sys.modules if m.split('.')[0] in "
        f"{FORBIDDEN!r} or (m.startswith('vaultsync.') and not m.startswith('vaultsync.core')))\n"
        "print(','.join(names))\n"
    )
    env = {**os.environ, "VAULTSYNC_VAULT": str(vault)}
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, env=env, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == ""
    assert errors() == [] and notes(vault)


def test_help_and_usage_errors(hook: list[str]) -> None:
    proc = subprocess.run([*hook, "--help"], capture_output=True, text=True)
    assert proc.returncode == 0 and "--agent AGENT" in proc.stdout
    code, _, _ = run(hook, "claude-code", tool_call(), "--bogus")
    assert code == 0 and errors()[0]["error"] == "UsageError"
    code, _, _ = run(hook, "emacs", tool_call())
    assert code == 0 and "unknown agent" in errors()[-1]["message"]


def test_agent_is_guessed_when_omitted(hook: list[str], vault: Path) -> None:
    cursor = json.loads((FIXTURES / "cursor.jsonl").read_text().splitlines()[3])
    proc = subprocess.run(hook, input=json.dumps(cursor).encode(), capture_output=True)
    assert proc.returncode == 0 and proc.stdout.strip() == b"{}"
    [text] = notes(vault).values()
    assert b'"agent":"cursor"' in text


def test_a_cursor_turn_keeps_its_answer_and_no_empty_second_end(
    hook: list[str], vault: Path
) -> None:
    """Cursor's turn as the hook process meets it: afterAgentResponse brings the answer, the
    completed stop after it writes nothing more; a stopped turn still says so."""
    lines = (FIXTURES / "cursor.jsonl").read_text().splitlines()
    answer, stop = json.loads(lines[6]), json.loads(lines[7])
    for payload in (answer, stop):
        assert run(hook, "cursor", payload)[:2] == (0, "{}\n")
    [text] = notes(vault).values()
    assert text.count(b"turn end") == 1 and b"the api tests pass" in text
    assert run(hook, "cursor", {**stop, "status": "aborted"})[0] == 0
    [text] = notes(vault).values()
    assert text.count(b"turn end") == 2 and b"status: aborted" in text


def test_the_deadline_works_off_the_main_thread_too(tmp_path: Path) -> None:
    # SIGALRM reaches only the main thread: elsewhere a timer thread enforces the limit.
    script = f"""
import threading, time
from pathlib import Path
from vaultsync.core.hook.deadline import Deadline
out = Path({str(tmp_path)!r})
def work():
    d = Deadline(lambda: (out / "expired").write_text("1"), 0.05)
    with d.critical():
        time.sleep(0.3)
        (out / "inside-done").write_text("1")
    time.sleep(5)
    (out / "after").write_text("1")
t = threading.Thread(target=work)
t.start()
t.join()
"""
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=30)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "inside-done").exists() and (tmp_path / "expired").exists()
    assert not (tmp_path / "after").exists()


def test_a_cancelled_deadline_restores_the_alarm_handler() -> None:
    # In a child process: an armed Deadline ends its process with os._exit when it expires,
    # which must never be the test runner's own process.
    script = """
import signal
from vaultsync.core.hook.deadline import Deadline

def mine(signum, frame):
    pass

signal.signal(signal.SIGALRM, mine)
d = Deadline(lambda: None, 30)
assert signal.getsignal(signal.SIGALRM) != mine
d.cancel()
assert signal.getsignal(signal.SIGALRM) == mine
assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
Deadline(lambda: None, 30, enabled=False)
assert signal.getsignal(signal.SIGALRM) == mine
print("ok")
"""
    proc = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=30
    )
    assert proc.returncode == 0 and proc.stdout.strip() == "ok", proc.stderr
