"""`vaultsync install AGENT` and `vaultsync uninstall AGENT`."""

from __future__ import annotations

import typer

from vaultsync.adapters.cli.app import Exit, JsonOption, app, emit_json, fail

_AGENT_HELP = "claude-code, codex, hermes, gemini, cursor, copilot or opencode."
ScopeOption = typer.Option(
    "user",
    "--scope",
    help="user: the agent's per-user configuration; project: the current repository's "
    "(.claude/, .codex/, .gemini/, .cursor/; Hermes, Copilot CLI and OpenCode have none).",
)
DryRunOption = typer.Option(
    False, "--dry-run", help="Print the change as a diff and write nothing."
)


NoMcpOption = typer.Option(
    False,
    "--no-mcp",
    help="Leave the agent's MCP configuration alone (by default `vaultsync mcp` is registered "
    "as its MCP server `vaultsync`, and removed again on uninstall).",
)


def _report_extras(extra: dict[str, object], json_output: bool, verb: str) -> None:
    """The MCP registration and Hermes' provider plugin, after the hooks' report."""
    from vaultsync.services.agents.install import InstallResult

    mcp = extra.get("mcp")
    if isinstance(mcp, InstallResult) and not json_output:
        if mcp.dry_run and mcp.diff:
            typer.echo(mcp.diff, nl=False)
        if mcp.action in ("unchanged", "absent"):
            state = "already registered" if mcp.action == "unchanged" else "not registered"
            typer.echo(f"MCP server vaultsync for {mcp.agent}: {state} in {mcp.path}.")
        else:
            done = "would be " + mcp.action if mcp.dry_run else mcp.action
            typer.echo(f"MCP server vaultsync for {mcp.agent} {done} in {mcp.path}.")
            if mcp.backup:
                typer.echo(f"Backup of the previous file: {mcp.backup}")
    plugin = extra.get("plugin")
    if isinstance(plugin, tuple) and not json_output:
        for path in plugin:
            typer.echo(f"  {'would also ' if extra.get('dry_run') else ''}{verb}: {path}")
        if verb == "install":
            from vaultsync.services.agents.hermes_plugin import ACTIVATE

            typer.echo(
                "Hermes memory provider: installed as plugin `vaultsync`; turn it on with "
                f'`{ACTIVATE}` (docs/mcp.md, "Hermes memory provider").'
            )


def _extras(agent: str, scope: str, dry_run: bool, no_mcp: bool, verb: str) -> dict[str, object]:
    from vaultsync.services.agents import hermes_plugin, mcp_install

    extra: dict[str, object] = {"dry_run": dry_run}
    if not no_mcp:
        run = mcp_install.install_mcp if verb == "install" else mcp_install.uninstall_mcp
        extra["mcp"] = run(agent, scope, dry_run=dry_run)
    if agent == "hermes":
        run_plugin = hermes_plugin.install if verb == "install" else hermes_plugin.uninstall
        extra["plugin"] = run_plugin(dry_run)
    return extra


def _json(result: object, extra: dict[str, object]) -> dict[str, object]:
    from vaultsync.services.agents.install import InstallResult

    assert isinstance(result, InstallResult)
    data = result.as_dict()
    mcp = extra.get("mcp")
    data["mcp"] = mcp.as_dict() if isinstance(mcp, InstallResult) else None
    if "plugin" in extra:
        data["hermes_provider_files"] = list(extra["plugin"])  # type: ignore[call-overload]
    return data


def _agent(name: str, scope: str) -> str:
    """The agent's canonical name; an unknown agent or scope is a usage error (exit 2)."""
    from vaultsync.core.hook.agents import PayloadError, parse_agent

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
    no_mcp: bool = NoMcpOption,
    json_output: bool = JsonOption,
) -> None:
    """Add vaultsync's hooks to an agent's own configuration, and register `vaultsync mcp` as
    its MCP server (not with --no-mcp); for Hermes, also install the memory-provider plugin.

    Keeps every other setting and hook, backs the file up next to itself
    (NAME.vaultsync-backup-YYYYmmddTHHMMSS) before changing it, and changes nothing when the
    hooks are already there. Prints any step the agent still needs from you (Codex and Hermes
    ask you to trust new hooks).
    """
    from vaultsync.services.agents.install import install as run_install

    name = _agent(agent, scope)
    try:
        result = run_install(name, scope, dry_run=dry_run)
        extra = _extras(name, scope, dry_run, no_mcp, "install")
    except OSError as exc:
        fail(f"cannot write the agent's configuration: {exc}", Exit.ERROR)
    if json_output:
        emit_json(_json(result, extra))
        return
    _report(result, json_output, "install")
    _report_extras(extra, json_output, "install")


@app.command()
def uninstall(
    agent: str = typer.Argument(..., help=_AGENT_HELP, show_default=False),
    scope: str = ScopeOption,
    dry_run: bool = DryRunOption,
    no_mcp: bool = NoMcpOption,
    json_output: bool = JsonOption,
) -> None:
    """Remove exactly the hooks (and the MCP server entry, and Hermes' provider plugin)
    `vaultsync install` added.

    When nothing else in the file changed since the install, the file is restored byte for
    byte; a file the install created is removed. A backup is made first.
    """
    from vaultsync.services.agents.install import uninstall as run_uninstall

    name = _agent(agent, scope)
    try:
        # The MCP entry first: where it shares a file with the hooks (Gemini, Hermes), each
        # removal then finds the backup taken just before its own install, newest first.
        extra = _extras(name, scope, dry_run, no_mcp, "uninstall")
        result = run_uninstall(name, scope, dry_run=dry_run)
    except OSError as exc:
        fail(f"cannot write the agent's configuration: {exc}", Exit.ERROR)
    if json_output:
        emit_json(_json(result, extra))
        return
    _report(result, json_output, "uninstall")
    _report_extras(extra, json_output, "uninstall")
