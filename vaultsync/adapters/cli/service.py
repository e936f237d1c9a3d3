"""`vaultsync service install|uninstall|status`: run the watcher in the background, as a
systemd user unit on Linux or a launchd agent on macOS; where neither can run it (no user
systemd bus: containers, some WSL and SSH sessions), install leaves nothing behind and says
exactly how to run the watcher instead."""

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
PlatformOption = typer.Option(
    None,
    "--platform",
    help="systemd, launchd or cron (default: what this machine has; cron prints an @reboot "
    "line to add yourself).",
    show_default=False,
)


def _unit(vault: Path | None, platform: str | None = None) -> unit.UnitFile:
    path = require_vault(vault)
    chosen = None
    if platform:
        try:
            chosen = unit.Platform(platform.strip().lower())
        except ValueError:
            fail(f"unknown platform {platform!r} (systemd, launchd or cron)", Exit.USAGE)
    return unit.watch_unit(path, chosen)


def alternatives(vault: Path) -> list[str]:
    """Every other way to keep the watcher running, as commands to copy."""
    import shlex

    watch = shlex.join(unit.watch_argv(vault))
    return [
        f"in a terminal that stays open (or tmux, screen): {watch}",
        "under another supervisor (supervisord, runit, s6, a container's entrypoint or "
        f"command), with this command line: {watch}",
        "with systemd after all: log in through a session that starts your user manager "
        "(a desktop or `ssh` login, not su/sudo), or run `loginctl enable-linger $USER` once, "
        "then `vaultsync service install` again",
        "at boot from cron: `vaultsync service install --platform cron` prints the @reboot "
        "line to add with `crontab -e`",
        "or no watcher at all: `vaultsync search` and the agents' MCP server bring the index "
        "up to date before they answer, `vaultsync commit` commits, and "
        "`vaultsync schedule install --platform cron` runs learning every day",
    ]


@service_app.command("install")
def install(
    vault: Path | None = VaultOption,
    dry_run: bool = DryRunOption,
    platform: str | None = PlatformOption,
    json: bool = JsonOption,
) -> None:
    """Write the unit for `vaultsync watch --vault <vault>` and start it at login.

    All or nothing: where the service manager cannot start it (no user systemd bus in
    containers, some WSL and SSH sessions) nothing is left behind, and the other ways to run
    the watcher are printed.
    """
    spec = _unit(vault, platform)
    actions = unit.install(spec, dry_run=dry_run)
    failed = [a for a in actions if not dry_run and not a.done and spec.platform != "cron"]
    hints = alternatives(require_vault(vault)) if failed else []
    if json:
        emit_json(
            {
                "platform": str(spec.platform),
                "path": str(spec.path),
                "unit": spec.text,
                "dry_run": dry_run,
                "installed": not dry_run and not failed and spec.platform != "cron",
                "actions": [{"what": a.what, "done": a.done, "output": a.output} for a in actions],
                "instead": hints,
            }
        )
    else:
        if dry_run or spec.platform == "cron":
            typer.echo(f"# {spec.path}\n{spec.text}")
        for action in actions if not failed or failed[0].what != unit.MANAGER else ():
            mark = "done" if action.done else ("would run" if dry_run else "FAILED")
            typer.echo(f"{mark}: {action.what}" + (f"\n  {action.output}" if action.output else ""))
    if failed:
        first = failed[0]
        why = (
            f"systemd's user service manager cannot be reached ({first.output})"
            if first.what == unit.MANAGER
            else f"{first.what} failed ({first.output})"
        )
        lines = [
            f"the watcher was not installed: {why}; nothing was left behind. Run it one of "
            "these ways instead:",
            *(f"  - {hint}" for hint in hints),
        ]
        fail("\n".join(lines), Exit.ERROR)


@service_app.command("uninstall")
def uninstall(
    vault: Path | None = VaultOption,
    dry_run: bool = DryRunOption,
    platform: str | None = PlatformOption,
    json: bool = JsonOption,
) -> None:
    """Stop the background watcher and remove its unit file."""
    spec = _unit(vault, platform)
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
def status(
    vault: Path | None = VaultOption,
    platform: str | None = PlatformOption,
    json: bool = JsonOption,
) -> None:
    """Is the background watcher installed and running, and when did it last commit?"""
    from vaultsync.adapters.heartbeat import read_heartbeat

    spec = _unit(vault, platform)
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
