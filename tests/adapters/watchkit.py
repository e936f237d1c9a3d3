"""Helpers for the tests that run the real `vaultsync watch` as a subprocess."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

DEADLINE_S = 10.0


def cli() -> list[str]:
    """The installed `vaultsync` next to this interpreter, else on PATH, else `python -m`."""
    sibling = Path(sys.executable).parent / "vaultsync"
    if sibling.exists():
        return [str(sibling)]
    found = shutil.which("vaultsync")
    return [found] if found else [sys.executable, "-m", "vaultsync"]


def wait_for(
    what: str,
    check: Callable[[], Any],
    proc: subprocess.Popen[bytes],
    log: Path,
    timeout: float = DEADLINE_S,
) -> Any:
    """Poll `check` until it is truthy (no fixed sleeps); fail with the watcher's log."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}; watcher log:\n{log.read_text()}")
