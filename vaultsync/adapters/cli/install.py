"""`vaultsync install AGENT` and `vaultsync uninstall AGENT`."""

from __future__ import annotations

import typer

from vaultsync.adapters.cli.app import Exit, JsonOption, app, emit_json, fail

_AGENT_HELP = "claude-code, codex, hermes, gemini or cursor."
ScopeOption = typer.Option(
    "user",
    "--scope",
    help="user: the agent's per-user configuration; project: the current repository's "
    "(.claude/, .codex/, .gemini/, .cursor/; Hermes has none).",
)
DryRunOption = typer.Option(
    False, "--dry-run", help="Print the change as a diff and write nothing."
)


def _agent(name: str, scope: str) -> str:
    """The agent's canonical name; an unknown agent or scope is a usage error (exit 2)."""
    from vaultsync.core.agents import PayloadError, parse_agent

    if scope not in ("user", "project"):
        fail(f"--scope must be user or project, not {scope!r}", Exit.USAGE)
    try:
        return parse_agent(name)
    except PayloadError as exc:
        fail(str(exc), Exit.USAGE)


def _report(result: object, json_output: bool, verb: str) -> None:
    from vaultsync.services.agents.install import InstallResult

    assert isinstance(result, InstallResult)
    if json_output:
        emit_json(result.as_dict())
        return
    if result.dry_run and result.diff:
        typer.echo(result.diff, nl=False)
    where = f"{result.path}"
    if result.action == "unchanged":
        typer.echo(f"vaultsync hooks for {result.agent} are already in {where}; nothing changed.")
    elif result.action == "absent":
        typer.echo(f"No vaultsync hooks for {result.agent} in {where}; nothing changed.")
    else:
        done = "would be " + result.action if result.dry_run else result.action.capitalize()
        typer.echo(f"{done}: vaultsync hooks for {result.agent} in {where}.")
        if result.backup:
            typer.echo(f"Backup of the previous file: {result.backup}")
        if result.launcher and verb == "install":
            typer.echo(f"Hook command: {result.command}")
    for path in result.extra_files:
        typer.echo(f"  {'would also ' if result.dry_run else ''}{verb}: {path}")
    for path in result.removed:
        typer.echo(f"  removed: {path}")
    for path in result.kept_backups:
        typer.echo(f"  kept (your file was not restored byte for byte): {path}")
    if result.steps and not result.dry_run:
        typer.echo("Next steps:")
        for step in result.steps:
            typer.echo(f"  - {step}")


@app.command()
def install(
    agent: str = typer.Argument(..., help=_AGENT_HELP, show_default=False),
    scope: str = ScopeOption,
    dry_run: bool = DryRunOption,
    json_output: bool = JsonOption,
) -> None:
    """Add vaultsync's hooks to an agent's own configuration.

    Keeps every other setting and hook, backs the file up next to itself
    (NAME.vaultsync-backup-YYYYmmddTHHMMSS) before changing it, and changes nothing when the
    hooks are already there. Prints any step the agent still needs from you (Codex and Hermes
    ask you to trust new hooks).
    """
    from vaultsync.services.agents.install import InstallError
    from vaultsync.services.agents.install import install as run_install

    name = _agent(agent, scope)
    try:
        result = run_install(name, scope, dry_run=dry_run)
    except InstallError as exc:
        fail(str(exc), Exit.ERROR)
    except OSError as exc:
        fail(f"cannot write the agent's configuration: {exc}", Exit.ERROR)
    _report(result, json_output, "install")


@app.command()
def uninstall(
    agent: str = typer.Argument(..., help=_AGENT_HELP, show_default=False),
    scope: str = ScopeOption,
    dry_run: bool = DryRunOption,
    json_output: bool = JsonOption,
) -> None:
    """Remove exactly the hooks `vaultsync install` added.

    When nothing else in the file changed since the install, the file is restored byte for
    byte; a file the install created is removed. A backup is made first.
    """
    from vaultsync.services.agents.install import InstallError
    from vaultsync.services.agents.install import uninstall as run_uninstall

    name = _agent(agent, scope)
    try:
        result = run_uninstall(name, scope, dry_run=dry_run)
    except InstallError as exc:
        fail(str(exc), Exit.ERROR)
    except OSError as exc:
        fail(f"cannot write the agent's configuration: {exc}", Exit.ERROR)
    _report(result, json_output, "uninstall")
