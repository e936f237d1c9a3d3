"""The hook process stays off the standard library's slow imports (issue 4's latency goal)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from vaultsync.core import config, paths

ROOT = Path(__file__).resolve().parents[2]
# Each costs the hook a millisecond or more per call on a 2-core machine (docs/performance.md).
AVOIDED = ("dataclasses", "inspect", "typing", "_hashlib", "hashlib", "tomllib", "threading",
           "copy", "signal", "socket")  # fmt: skip


def test_a_tool_call_imports_none_of_the_slow_modules(
    vault: Path, isolated_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (vault / paths.VAULT_CONFIG).write_text("[hook]\nmin_chars = 10\n")
    (isolated_home / "config.toml").write_text(f"[vault]\npath = '{vault}'\n")
    monkeypatch.setattr(config, "SETTLE_NS", -(10**12))  # cache the files just written
    config.load_config()
    payload = {
        "session_id": "imports",
        "cwd": str(ROOT),
        "hook_event_name": "PostToolUse",
        "tool_name": "Bash",
        "tool_use_id": "toolu_1",
        "tool_input": {"command": "pytest -q tests/core"},
        "tool_response": {"stdout": "collected 12 items\n12 passed in 0.31s", "stderr": ""},
    }
    script = (
        "import io, sys\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        f"sys.stdin = io.TextIOWrapper(io.BytesIO({json.dumps(payload).encode()!r}))\n"
        "from vaultsync.core.hook import main\n"
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
