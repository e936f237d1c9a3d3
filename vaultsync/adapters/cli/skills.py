"""`vaultsync skills list|approve`: skill drafts, and installing a reviewed one into an agent."""

from __future__ import annotations

from pathlib import Path

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

skills_app = typer.Typer(
    help="Skill drafts from the weekly learning run, and installing them into an agent.",
    no_args_is_help=True,
)
app.add_typer(skills_app, name="skills")


@skills_app.command("list")
def list_drafts(vault: Path | None = VaultOption, json_output: bool = JsonOption) -> None:
    """Show every draft under skills/drafts/ with its status (draft, approved), whether it is a
    valid Agent Skill, and where it was installed."""
    from vaultsync.services.agents.skill_install import list_drafts as drafts

    path = require_vault(vault)
    found = drafts(path)
    if json_output:
        emit_json([d.as_dict() for d in found])
        return
    if not found:
        typer.echo("No skill drafts yet (`vaultsync learn --weekly` writes them).")
        return
    for d in found:
        valid = "valid" if not d.problems else "INVALID: " + "; ".join(d.problems)
        typer.echo(f"{d.name}  [{d.status}]  {valid}")
        if d.description:
            typer.echo(f"    {d.description[:160]}")
        for where, folder in sorted(d.installed.items()):
            typer.echo(f"    installed ({where}): {folder}")


@skills_app.command("approve")
def approve(
    name: str = typer.Argument(..., help="The draft's folder name under skills/drafts/."),
    agent: str = typer.Option(
        ...,
        "--agent",
        help="claude-code, codex, hermes, gemini, cursor, copilot or opencode.",
        show_default=False,
    ),
    scope: str = typer.Option(
        "user",
        "--scope",
        help="user: the agent's own skills folder; project: the current repository's "
        "(.claude/skills, .agents/skills for Codex, .gemini/skills, .cursor/skills).",
    ),
    force: bool = typer.Option(
        False, "--force", help="Replace a different copy already installed (kept as a backup)."
    ),
    dry_run: bool = typer.Option(False, "--dry-run", help="Say where it would go; copy nothing."),
    vault: Path | None = VaultOption,
    json_output: bool = JsonOption,
) -> None:
    """Validate a draft as an Agent Skill, copy its folder into the agent's skills folder and
    mark the draft approved (recording where it went)."""
    from vaultsync.core.config import load_config
    from vaultsync.core.hook.agents import PayloadError, parse_agent
    from vaultsync.services.agents.skill_install import approve as install

    path = require_vault(vault)
    try:
        config = load_config(path)
        result = install(
            path, config, name, parse_agent(agent), scope, force=force, dry_run=dry_run
        )
    except PayloadError as exc:
        fail(str(exc), Exit.USAGE)
    except (OSError, TimeoutError) as exc:
        fail(f"cannot install the skill: {exc}", Exit.ERROR)
    if json_output:
        emit_json(result.as_dict())
        return
    verb = {"installed": "installed", "replaced": "replaced", "unchanged": "already installed"}
    done = f"would be {result.action}" if result.dry_run else verb[result.action]
    typer.echo(f"{result.name}: {done} for {result.agent} ({result.scope}) at {result.path}")
    if result.backup:
        typer.echo(f"previous copy kept at {result.backup}")
    for warning in result.warnings:
        typer.echo(f"warning: {warning}", err=True)
    if not result.dry_run and result.action != "unchanged":
        typer.echo("Start a new agent session to load it.")
