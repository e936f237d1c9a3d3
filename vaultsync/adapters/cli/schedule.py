"""`vaultsync schedule install|uninstall|status`: the daily and weekly learning runs, as
systemd user timers, launchd agents or crontab lines."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from vaultsync.adapters.cli.app import (
    Exit,
    JsonOption,
    VaultOption,
    app,
    emit_json,
    fail,
    require_vault,
)

schedule_app = typer.Typer(
    help="Run `vaultsync learn --daily` every day and `--weekly` every week, in the background.",
    no_args_is_help=True,
)
app.add_typer(schedule_app, name="schedule")

DryRunOption = typer.Option(False, "--dry-run", help="Show the files or crontab; change nothing.")
PlatformOption = typer.Option(
    None,
    "--platform",
    help="systemd, launchd or cron (default: what this machine has).",
    show_default=False,
)


def _setup(vault: Path | None, platform: str | None) -> tuple[Path, Any, Any]:
    from vaultsync.adapters import unit
    from vaultsync.core.config import load_config

    path = require_vault(vault)
    config = load_config(path)
    chosen = None
    if platform:
        try:
            chosen = unit.Platform(platform.strip().lower())
        except ValueError:
            fail(f"unknown platform {platform!r} (systemd, launchd or cron)", Exit.USAGE)
    return path, config, chosen


def _report(result: Any, json_output: bool) -> None:
    if json_output:
        emit_json(result.as_dict())
    else:
        for job in result.jobs:
            typer.echo(f"{job['name']}: {job['when']}: {' '.join(job['command'])}")
        if result.dry_run:
            for path, text in result.files:
                typer.echo(f"# {path}\n{text}")
            if result.crontab is not None:
                typer.echo(f"# the crontab would become:\n{result.crontab}", nl=False)
        for action in result.actions:
            mark = "done" if action.done else ("would run" if result.dry_run else "FAILED")
            typer.echo(f"{mark}: {action.what}" + (f"\n  {action.output}" if action.output else ""))
    if result.failed:
        from vaultsync.adapters import unit

        first = result.failed[0]
        if first.what == unit.MANAGER:  # no user systemd bus; nothing was written
            fail(
                f"systemd's user service manager cannot be reached ({first.output}); nothing "
                "was written. Use cron instead: `vaultsync schedule install --platform cron`",
                Exit.ERROR,
            )
        fail(f"{first.what} failed: {first.output}", Exit.ERROR)


@schedule_app.command("install")
def install(
    vault: Path | None = VaultOption,
    dry_run: bool = DryRunOption,
    platform: str | None = PlatformOption,
    json_output: bool = JsonOption,
) -> None:
    """Create the daily (schedule.daily, 09:00) and weekly (schedule.weekly, Sun 09:00) jobs.
    Running it again changes nothing."""
    from vaultsync.adapters import schedule

    path, config, chosen = _setup(vault, platform)
    try:
        result = schedule.install(path, config, platform=chosen, dry_run=dry_run)
    except OSError as exc:
        fail(f"cannot write the schedule: {exc}", Exit.ERROR)
    _report(result, json_output)


@schedule_app.command("uninstall")
def uninstall(
    vault: Path | None = VaultOption,
    dry_run: bool = DryRunOption,
    platform: str | None = PlatformOption,
    json_output: bool = JsonOption,
) -> None:
    """Remove exactly the jobs `schedule install` created (nothing else in a crontab)."""
    from vaultsync.adapters import schedule

    path, config, chosen = _setup(vault, platform)
    try:
        result = schedule.uninstall(path, config, platform=chosen, dry_run=dry_run)
    except OSError as exc:
        fail(f"cannot remove the schedule: {exc}", Exit.ERROR)
    if not result.actions and not json_output:
        typer.echo("no vaultsync schedule was installed")
    _report(result, json_output)


@schedule_app.command("status")
def status(
    vault: Path | None = VaultOption,
    platform: str | None = PlatformOption,
    json_output: bool = JsonOption,
) -> None:
    """Are the learning jobs installed (and active, where the service manager says)?"""
    from vaultsync.adapters import schedule

    path, config, chosen = _setup(vault, platform)
    state = schedule.status(path, config, platform=chosen)
    if json_output:
        emit_json(state)
        return
    active = {True: "active", False: "inactive", None: "state unknown"}
    for job in state["jobs"]:
        where = "installed" if job["installed"] else "not installed"
        extra = f", {active[job['active']]}" if job["installed"] else ""
        typer.echo(f"{job['name']} ({job['when']}): {where}{extra} [{state['platform']}]")
    if "error" in state:
        typer.echo(f"warning: {state['error']}", err=True)
