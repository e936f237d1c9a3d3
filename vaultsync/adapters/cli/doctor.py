"""`vaultsync doctor`: check every part of vaultsync and say how to fix what is wrong."""

from __future__ import annotations

from pathlib import Path

import typer

from vaultsync.adapters.cli.app import JsonOption, VaultOption, app, emit_json, require_vault

_MARK = {"ok": "ok  ", "warn": "WARN", "fail": "FAIL"}


@app.command()
def doctor(vault: Path | None = VaultOption, json_output: bool = JsonOption) -> None:
    """Check the index is fresh, every note's properties readable (a memory whose frontmatter
    a person broke is out of USER.md/AGENT.md), the watcher alive, the hook error rate, the
    learning queue's age, vault and index size, git (clean, held deletions, stale lock), the
    config and the USER.md/AGENT.md budgets, each installed agent (config present and current,
    Codex hooks trusted, duplicate hook locations, the launcher and vault reachable), and each
    agent's registered MCP server (started once: does it answer with its tools). Exit code 0
    when nothing failed (warnings only print their fix), 1 when a check failed."""
    from vaultsync.adapters.heartbeat import read_heartbeat
    from vaultsync.services.vault.doctor import run

    path = require_vault(vault)
    report = run(path, heartbeat=read_heartbeat(path))
    if json_output:
        emit_json(report.as_dict())
    else:
        typer.echo(f"Vault: {path}")
        for check in report.checks:
            typer.echo(f"{_MARK[check.state.value]}  {check.name}: {check.summary}")
            if check.fix and check.state.value != "ok":
                typer.echo(f"      fix: {check.fix}")
        if report.ok:
            typer.echo("All good.")
        elif report.failed:
            typer.echo("Some checks failed (see the fixes).")
        else:
            typer.echo("Warnings only: vaultsync works; the fixes above make it better.")
    if report.failed:
        raise typer.Exit(1)
