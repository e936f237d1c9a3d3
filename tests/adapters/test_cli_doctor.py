"""`vaultsync doctor` through the CLI: exit 1 only when a check failed; warnings exit 0."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from vaultsync.adapters import heartbeat
from vaultsync.adapters.cli.app import app, load_commands
from vaultsync.core import writer
from vaultsync.core.config import load_config
from vaultsync.services.derived import reconcile
from vaultsync.storage import history


def healthy(vault: Path) -> None:
    (vault / "a.md").write_text("# A\n", encoding="utf-8")
    reconcile.rebuild(vault, load_config(vault))
    history.ensure_repo(vault)
    history.commit_all(vault, "first")
    beat = {"pid": os.getpid(), "vault": str(vault), "started": "", "state": "running"}
    writer.write_atomic(heartbeat.heartbeat_file(vault), json.dumps(beat))


def test_doctor_ok_and_not_ok(vault: Path) -> None:
    healthy(vault)
    load_commands()
    runner = CliRunner()
    ok = runner.invoke(app, ["doctor", "--vault", str(vault)])
    assert ok.exit_code == 0, ok.output
    assert "All good." in ok.stdout and "ok    watcher: running" in ok.stdout
    (vault / "b.md").write_text("# B\n", encoding="utf-8")
    os.utime(vault / "b.md", (1_000_000_000, 1_000_000_000))
    bad = runner.invoke(app, ["doctor", "--vault", str(vault), "--json"])
    assert bad.exit_code == 0  # warnings only: README's 1 is for errors
    data = json.loads(bad.stdout)
    states = {c["name"]: c["state"] for c in data["checks"]}
    assert data["ok"] is False and states["index"] == "warn" and states["git"] == "warn"
    assert data["failed"] is False
    text = runner.invoke(app, ["doctor", "--vault", str(vault)])
    assert "WARN  index:" in text.stdout and "fix: run `vaultsync rebuild`" in text.stdout


def test_doctor_subprocess(vault: Path, tmp_path: Path) -> None:
    exe = shutil.which("vaultsync")
    sibling = Path(sys.executable).parent / "vaultsync"
    argv = (
        [str(sibling)]
        if sibling.exists()
        else ([exe] if exe else [sys.executable, "-m", "vaultsync"])
    )
    fresh = subprocess.run([*argv, "doctor", "--vault", str(vault)], capture_output=True, text=True)
    assert fresh.returncode == 1 and "FAIL  index: no index" in fresh.stdout
    missing = subprocess.run(
        [*argv, "doctor", "--vault", str(tmp_path / "x")], capture_output=True, text=True
    )
    assert missing.returncode == 3
