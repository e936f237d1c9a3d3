"""The hook process stays off the slow imports: the standard library's and the command line's."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from vaultsync.core import config, paths

ROOT = Path(__file__).resolve().parents[3]
# Each costs the hook a millisecond or more per call on a 2-core machine (docs/performance.md),
# for nothing these events need (the command line's libraries, the index, TOML parsing of a
# config that has not changed, a thread, the host name, dataclasses and typing with what they
# pull in).
AVOIDED = ("tomllib", "threading", "socket", "sqlite3", "typer", "click", "yaml", "rich",
           "dataclasses", "typing", "inspect", "ast")  # fmt: skip
EVENTS = {
    "PostToolUse": {
        "tool_name": "Bash",
        "tool_use_id": "toolu_1",
        "tool_input": {"command": "pytest -q tests/core"},
        "tool_response": {"stdout": "collected 12 items\n12 passed in 0.31s", "stderr": ""},
    },
    "SessionStart": {"source": "startup"},
    "Stop": {"stop_hook_active": False},
}


@pytest.mark.parametrize("event", sorted(EVENTS))
def test_the_hook_process_imports_none_of_the_slow_modules(
    vault: Path, isolated_home: Path, monkeypatch: pytest.MonkeyPatch, event: str
) -> None:
    (vault / paths.VAULT_CONFIG).write_text("[hook]\nmin_chars = 10\n")
    (isolated_home / "config.toml").write_text(f"[vault]\npath = '{vault}'\n")
    monkeypatch.setattr(config, "SETTLE_NS", -(10**12))  # cache the files just written
    config.load_config()
    payload = {"session_id": "imports", "cwd": str(ROOT), "hook_event_name": event}
    payload.update(EVENTS[event])
    script = (
        "import io, sys\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        f"sys.stdin = io.TextIOWrapper(io.BytesIO({json.dumps(payload).encode()!r}))\n"
        "from vaultsync.core.hook.process import main\n"
        "main(['--agent', 'claude-code'], own_process=True)\n"
        f"print(','.join(sorted(m for m in {AVOIDED!r} if m in sys.modules)))\n"
    )
    # No VAULTSYNC_MACHINE either: the machine id then comes from the host name (socket's).
    env = {k: v for k, v in os.environ.items() if k not in ("VAULTSYNC_VAULT", "VAULTSYNC_MACHINE")}
    # -I -S: what the installed launcher starts.
    proc = subprocess.run(
        [sys.executable, "-I", "-S", "-c", script], capture_output=True, text=True, env=env
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == ""
    assert not paths.hook_error_log().exists()
    assert list((vault / paths.SESSIONS_DIR).rglob("*.md"))


def _in_hook_process(body: str) -> subprocess.CompletedProcess[str]:
    script = f"import sys\nsys.path.insert(0, {str(ROOT)!r})\n" + body
    cmd = [sys.executable, "-I", "-S", "-c", script]
    return subprocess.run(cmd, capture_output=True, text=True)


def test_a_prompt_with_recall_reads_the_index_in_the_hook_process(
    vault: Path, isolated_home: Path
) -> None:
    from vaultsync.services.derived.reconcile import rebuild

    (vault / paths.SUMMARIES_DIR / "deploy.md").write_text(
        "---\ntype: summary\ntitle: deploy pipeline retry\n---\n"
        "The deploy pipeline retries the cache migration after a timeout.\n"
    )
    rebuild(vault, config.load_config(vault))
    payload = {
        "session_id": "p1",
        "cwd": str(ROOT),
        "hook_event_name": "UserPromptSubmit",
        "prompt": "why does the deploy pipeline retry the cache migration?",
    }
    proc = subprocess.run(
        [sys.executable, "-I", "-S", "-c",
         f"import sys\nsys.path.insert(0, {str(ROOT)!r})\n"
         "import io, os\n"
         f"sys.stdin = io.TextIOWrapper(io.BytesIO({json.dumps(payload).encode()!r}))\n"
         "from vaultsync.core.hook import process as hook\n"
         "hook.main(['--agent', 'claude-code'], own_process=True)\n"],
        capture_output=True, text=True, env={**os.environ, "VAULTSYNC_VAULT": str(vault)},
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    context = json.loads(proc.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "retries the cache migration" in context
    assert not paths.hook_error_log().exists()
