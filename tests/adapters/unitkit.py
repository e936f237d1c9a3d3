"""Helpers shared by the unit-file tests (watcher service, learn schedules)."""

from __future__ import annotations

import configparser
import shutil
import subprocess
from pathlib import Path


def parse_ini(text: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(text)
    return parser


def systemd_verify(folder: Path, *names: str) -> bool:
    """`systemd-analyze verify` where it works; False where this machine cannot run it
    (no binary, or a container without a manager or bus)."""
    exe = shutil.which("systemd-analyze")
    if exe is None:
        return False
    proc = subprocess.run(
        [exe, "verify", *names], cwd=folder, capture_output=True, text=True, check=False
    )
    if any(s in proc.stderr for s in ("Failed to initialize manager", "Failed to lookup", "bus")):
        return False
    assert proc.returncode == 0, proc.stderr
    return True
