"""`vaultsync status`: the learning queue, hook errors, the vault's size, installed hooks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from vaultsync.adapters.cli.app import (
    JsonOption,
    VaultOption,
    app,
    emit_json,
    require_vault,
)
from vaultsync.core import timestamp


def _size(n: int) -> str:
    value = float(n)
    for unit in ("B", "KB", "MB", "GB"):
        if value < 1024 or unit == "GB":
            return f"{value:.0f} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{n} B"


def _learn_line(last: dict[str, object] | None) -> str:
    if not last:
        return "never (run `vaultsync learn`, or `vaultsync schedule install`)"
    finished = timestamp.shown(last["finished"]) if last["finished"] else "?"
    head = f"{finished} ({last['mode'] or 'daily'}, {last['model'] or 'offline'})"
    if last.get("noop"):
        return f"{head}: nothing to do"
    parts = [
        f"{last[key]} {label}"
        for key, label in (
            ("summarized", "sessions summarised"),
            ("candidates", "new candidates"),
            ("reinforced", "reinforced"),
            ("proposals", "skill proposals"),
            ("drafts", "drafts"),
            ("archived", "archived"),
            ("deferred", "deferred"),
            ("privacy_deferred", "held for privacy"),
        )
        if last.get(key)
    ]
    warnings = last.get("warnings")
    if isinstance(warnings, list) and warnings:
        parts.append(f"{len(warnings)} warnings")
    return f"{head}: " + (", ".join(parts) if parts else "nothing changed")


def _git_lines(result: Any) -> list[str]:
    """The watcher's recent errors and whatever keeps a change out of git, each with its fix."""
    lines: list[str] = []
    w = result.watcher
    if w is None:
        lines.append("Watcher: not running (vaultsync service install)")
    else:
        lines.append(f"Watcher: {w.get('state') or '?'}, {w.get('errors') or 0} errors")
        for entry in w.get("recent_errors") or []:
            lines.append(f"  error: {entry}")
    if result.git_waiting:
        lines.append(f"Git: not committing: {result.git_waiting}")
    if result.held_deletions:
        lines.append(
            f"Git: {result.held_deletions} deletions held back: `vaultsync commit "
            "--confirm-deletions` or `--restore-deletions`"
        )
    if result.blocked:
        lines.append(f"Git: {len(result.blocked)} files held back:")
        for rel, why in sorted(result.blocked.items())[:10]:
            lines.append(f"  {rel}: {why}")
        lines.append(
            "  (to commit one anyway: add its path to `allow` under [git] in this machine's "
            "config, $VAULTSYNC_HOME/config.toml)"
        )
    return lines


def _sync_line(state: dict[str, object] | None) -> str:
    if not state or not state.get("remote"):
        return "no remote (local history only; see docs/sync.md to add one)"
    line = f"{state['remote']}/{state.get('branch')} ({state.get('url')})"
    if "ahead" in state:
        line += f", {state.get('ahead')} ahead, {state.get('behind')} behind"
    last = state.get("last_sync")
    when = timestamp.shown(last) if last else ""
    line += f"; last sync {when} ({state.get('last_state')})" if last else "; never synced"
    if state.get("last_state") == "offline" and state.get("last_error"):
        line += f": {state['last_error']}"
    waiting = state.get("waiting")
    if isinstance(waiting, list) and waiting:
        line += f"; {len(waiting)} conflicts wait for review: " + ", ".join(map(str, waiting))
    return line


@app.command()
def status(vault: Path | None = VaultOption, json_output: bool = JsonOption) -> None:
    """Show the learning queue (pending, privacy_deferred, deferred, skipped), hook errors in
    the last 24 hours, the vault's size, the last learn run and what it did, and which agents
    have vaultsync's hooks installed."""
    from vaultsync.core.config import load_config
    from vaultsync.services.vault.status import status as run_status

    path = require_vault(vault)
    load_config(path)  # a broken config is exit 4 here too, as everywhere (docs/cli.md)
    result = run_status(path)
    if json_output:
        emit_json(result.as_dict())
        return
    q = result.queue
    typer.echo(f"Vault: {result.vault}")
    typer.echo(
        f"Learning queue: {q.get('pending', 0)} pending, {q.get('privacy_deferred', 0)} "
        f"privacy_deferred, {q.get('deferred', 0)} deferred, {q.get('skipped', 0)} skipped."
    )
    typer.echo(f"Hook errors (24 h): {result.hook_errors_24h}")
    if result.last_hook_error:
        e = result.last_hook_error
        # the log keeps UTC; the person reads their own time (and no gap for a payload that
        # never said its event)
        when = timestamp.shown(e["time"])
        who = " ".join(str(e[k]) for k in ("agent", "event") if e.get(k))
        typer.echo(f"  last: {when} {who}: {e['error']}: {e['message']}")
    typer.echo(f"Redactions (24 h): {result.redactions_24h}")
    typer.echo(
        f"Notes: {result.notes} ({result.sessions} sessions), {_size(result.vault_bytes)} on disk"
    )
    typer.echo("Last learn run: " + _learn_line(result.last_learn))
    if result.memory_use:
        used = ", ".join(
            f"{agent} {row['used']} used of {row['injected']} injected"
            for agent, row in result.memory_use.items()
        )
        typer.echo(f"Memories this week: {used}")
    for line in result.config_ignored:
        typer.echo(f"Config: {line}")
    if result.spooled:
        typer.echo(f"Spool: {result.spooled} events wait in the spool (none lost)")
        if result.spool_problem:
            from vaultsync.services.vault.status import spool_advice

            typer.echo(f"  cannot write: {result.spool_problem}")
            typer.echo(f"  fix: {spool_advice(result.spool_problem)}; they are written then")
    for line in _git_lines(result):
        typer.echo(line)
    typer.echo("Sync: " + _sync_line(result.sync))
    hooked = [agent for agent, on in result.hooks.items() if on]
    shown = [
        agent
        if result.agents.get(agent, "installed") == "installed"
        else f"{agent} ({result.agents[agent]}: see `vaultsync doctor`)"
        for agent in hooked
    ]
    typer.echo(
        "Hooks installed: " + (", ".join(shown) if shown else "none (vaultsync install AGENT)")
    )
