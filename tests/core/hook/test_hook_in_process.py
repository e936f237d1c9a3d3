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
        "from vaultsync.core.hook.process import main\n"
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


PAYLOAD = b'{"session_id": "s", "hook_event_name": "UserPromptSubmit", "prompt": "a prompt"}'


def _entry_points(tmp_path: Path) -> dict[str, list[str]]:
    from vaultsync.services.agents import install

    launcher = tmp_path / "vaultsync-hook-launcher"
    launcher.write_text(install.launcher_text(), encoding="utf-8")
    launcher.chmod(0o755)
    tail = "; import time; time.sleep(0.3); print('caller still alive')"
    imp = "from vaultsync import entry; "
    return {
        "launcher": [str(launcher), "--agent", "claude-code"],
        "vaultsync-hook": [
            sys.executable, "-c", imp + "entry.hook_main(['--agent', 'claude-code'])" + tail],
        "vaultsync hook": [
            sys.executable, "-c", imp + "entry.main(['hook', '--agent', 'claude-code'])" + tail],
    }  # fmt: skip


def test_entry_points_let_the_time_limit_end_their_own_process(vault: Path, tmp_path: Path) -> None:
    """What the agents run is the whole process: there the limit must end it (exit 0, logged),
    unlike the in-process caller above."""
    from datetime import UTC, datetime, timedelta

    from vaultsync.core import logs

    (vault / ".vaultsync" / "config.toml").write_text("[hook]\ntime_limit_s = 0.001\n")
    env = {**os.environ, "VAULTSYNC_VAULT": str(vault)}
    for name, command in _entry_points(tmp_path).items():
        before = len(logs.recent_hook_errors(datetime.now(UTC) - timedelta(hours=1)))
        proc = subprocess.run(command, input=PAYLOAD, capture_output=True, env=env, timeout=60)
        assert proc.returncode == 0, (name, proc.stderr)
        assert b"caller still alive" not in proc.stdout, name
        errors = logs.recent_hook_errors(datetime.now(UTC) - timedelta(hours=1))
        assert len(errors) == before + 1, name
        assert errors[-1]["error"] == "TimeLimit", (name, errors[-1])
