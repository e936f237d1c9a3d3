"""`vaultsync service install|uninstall|status`: run the watcher in the background, as a
systemd user unit on Linux or a launchd agent on macOS."""

from __future__ import annotations

from pathlib import Path

import typer

from vaultsync.adapters import unit
from vaultsync.adapters.cli.app import (
    Exit,
    JsonOption,
    VaultOption,
    app,
    emit_json,
    fail,
    require_vault,
)

service_app = typer.Typer(
    help="Run `vaultsync watch` in the background (systemd user unit or launchd agent).",
    no_args_is_help=True,
)
app.add_typer(service_app, name="service")

DryRunOption = typer.Option(False, "--dry-run", help="Print the unit file; change nothing.")


def _unit(vault: Path | None) -> unit.UnitFile:
    return unit.watch_unit(require_vault(vault))


@service_app.command("install")
def install(
    vault: Path | None = VaultOption, dry_run: bool = DryRunOption, json: bool = JsonOption
) -> None:
    """Write the unit for `vaultsync watch --vault <vault>` and start it at login."""
    spec = _unit(vault)
    actions = unit.install(spec, dry_run=dry_run)
    failed = [a for a in actions if not dry_run and not a.done and spec.platform != "cron"]
    if json:
        emit_json(
            {
                "platform": str(spec.platform),
                "path": str(spec.path),
                "unit": spec.text,
                "dry_run": dry_run,
                "actions": [{"what": a.what, "done": a.done, "output": a.output} for a in actions],
            }
        )
    else:
        if dry_run or spec.platform == "cron":
            typer.echo(f"# {spec.path}\n{spec.text}")
        for action in actions:
            mark = "done" if action.done else ("would run" if dry_run else "FAILED")
            typer.echo(f"{mark}: {action.what}" + (f"\n  {action.output}" if action.output else ""))
    if failed:
        fail(f"{failed[0].what} failed: {failed[0].output}", Exit.ERROR)


@service_app.command("uninstall")
def uninstall(
    vault: Path | None = VaultOption, dry_run: bool = DryRunOption, json: bool = JsonOption
) -> None:
    """Stop the background watcher and remove its unit file."""
    spec = _unit(vault)
    actions = unit.uninstall(spec, dry_run=dry_run)
    if json:
        emit_json(
            {"path": str(spec.path), "dry_run": dry_run, "actions": [a.what for a in actions]}
        )
        return
    if not actions:
        typer.echo(f"not installed: {spec.path}")
    for action in actions:
        typer.echo(("would run" if dry_run else "done") + f": {action.what}")


@service_app.command("status")
def status(vault: Path | None = VaultOption, json: bool = JsonOption) -> None:
    """Is the background watcher installed and running, and when did it last commit?"""
    from vaultsync.adapters.heartbeat import read_heartbeat

    spec = _unit(vault)
    state = unit.status(spec)
    root = require_vault(vault)
    beat = read_heartbeat(root) or {}
    if json:
        emit_json(
            {
                "platform": str(spec.platform),
                "installed": state.installed,
                "active": state.active,
                "path": state.path,
                "heartbeat": beat,
            }
        )
        return
    active = {True: "running", False: "not running", None: "unknown"}[state.active]
    typer.echo(
        f"unit: {state.path} ({'installed' if state.installed else 'not installed'}, {active})"
    )
    if beat:
        typer.echo(
            f"watcher: {beat.get('state', '?')} (pid {beat.get('pid')}), "
            f"{beat.get('batches', 0)} batches, {beat.get('commits', 0)} commits, "
            f"{beat.get('errors', 0)} errors; last batch {beat.get('last_batch') or 'never'}"
        )
        if beat.get("last_error"):
            typer.echo(f"last error: {beat['last_error']}")
