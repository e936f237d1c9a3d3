"""Called in-process (the typer command, tests), the hook must never end its caller's process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_time_limit_never_kills_an_in_process_caller(vault: Path) -> None:
    (vault / ".vaultsync" / "config.toml").write_text("[hook]\ntime_limit_s = 0.001\n")
    script = (
        "import io, sys, time\n"
        'sys.stdin = io.TextIOWrapper(io.BytesIO(b\'{"session_id": "s", '
        '"hook_event_name": "UserPromptSubmit", '
        '"prompt": "a prompt long enough to keep"}\'))\n'
        "from vaultsync.core.hook import main\n"
        "main(['--agent', 'claude-code'])\n"
        "time.sleep(0.3)\n"
        "print('caller still alive')\n"
        "sys.exit(3)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={**os.environ, "VAULTSYNC_VAULT": str(vault)},
        timeout=60,
    )
    assert proc.stdout.strip() == "caller still alive"
    assert proc.returncode == 3


def test_own_process_flag_is_what_entry_points_pass() -> None:
    from vaultsync import entry
    from vaultsync.services.agents import install

    assert "own_process=True" in install.launcher_text()
    assert "own_process=True" in Path(entry.__file__).read_text(encoding="utf-8")
