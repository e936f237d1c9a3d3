"""`vaultsync init [PATH]` and `vaultsync demo`."""

from __future__ import annotations

from pathlib import Path

import typer

from vaultsync.adapters.cli.app import JsonOption, app, emit_json


@app.command()
def init(
    path: Path = typer.Argument(
        Path("."),
        help="The vault folder: created if missing, adopted if it is an existing Obsidian vault.",
        show_default=".",
    ),
    no_user_config: bool = typer.Option(
        False,
        "--no-user-config",
        help="Do not record this vault in the per-machine user config.",
    ),
    adopt: bool = typer.Option(
        False,
        "--adopt",
        help="Make the folder the vault even though it looks like a software project "
        "(it holds pyproject.toml, package.json, go.mod ...): refused without it.",
    ),
    as_json: bool = JsonOption,
) -> None:
    """Create a vault (or adopt an existing Obsidian vault) with git history.

    Adds the folder layout, a .gitignore, .vaultsync/config.toml, a git repository and a first
    commit. Existing notes are never changed. The first vault initialised on this machine is
    recorded in the user config, so later commands find it without --vault. A folder that
    looks like a software project is refused unless --adopt is given.
    """
    from vaultsync.services.vault.setup import init as init_vault

    report = init_vault(path, user_config=not no_user_config, adopt_project=adopt)
    if as_json:
        emit_json(report.as_dict())
        return
    if report.adopted:
        count = report.existing_notes
        notes = f"{count} note{'' if count == 1 else 's'}"
        typer.echo(f"Adopted the vault at {report.vault} ({notes}, none changed).")
    else:
        typer.echo(f"Created a vault at {report.vault}.")
    if report.made:
        typer.echo("Added: " + ", ".join(report.made))
    else:
        typer.echo("Nothing to add: the vault was already set up.")
    if report.repo_created:
        typer.echo("Started a git repository.")
    if report.commit:
        typer.echo(f"Committed {report.commit[:10]}.")
    if report.gitignore_missing:
        typer.echo(
            "Your .gitignore was left as it is; consider adding: "
            + " ".join(report.gitignore_missing)
        )
    if report.user_config:
        typer.echo(f"Recorded the vault in {report.user_config}.")
    for warning in report.warnings:
        typer.echo(f"warning: {warning}", err=True)
    typer.echo(f"Next: vaultsync rebuild --vault {report.vault}")


@app.command()
def demo(
    path: Path | None = typer.Option(
        None,
        "--path",
        help="Copy the example vault here (a new or empty folder) instead of a temp folder.",
        show_default=False,
    ),
    keep: bool = typer.Option(
        True,
        "--keep/--no-keep",
        help="Keep the demo vault afterwards so it can be opened in Obsidian.",
    ),
    as_json: bool = JsonOption,
) -> None:
    """Run the whole loop on a copy of the example vault, offline, in a few seconds.

    Copies vault-example/ to a temporary folder, initialises git and rebuilds the index; replays
    a recorded Claude Code session and a recorded Codex session through the hook; runs
    `learn --daily --offline` (summaries, memory candidates); approves one candidate, which
    regenerates USER.md; searches from the Codex side and finds the Claude Code fix; prints
    USER.md/AGENT.md, an English and a Chinese search and the git log of every step. Nothing
    outside the copy (and its state) is touched; your own vault and user config are left alone.
    """
    from vaultsync.services.vault.setup import demo as run_demo

    say = None if as_json else (lambda msg: typer.echo(f"· {msg}", err=True))
    report = run_demo(path, keep=keep, progress=say)
    if as_json:
        emit_json(report.as_dict())
        return
    rule = "─" * 72
    _loop(report.tour, rule)
    typer.echo(f"{rule}\nIndexed {report.notes} notes and {report.events} events", nl=False)
    typer.echo(f" ({report.errors} errors) in {report.seconds:.1f} s.")
    for name, text in (("USER.md", report.user_md), ("AGENT.md", report.agent_md)):
        typer.echo(f"{rule}\n{name}\n{rule}\n{text.rstrip()}")
    for query, hits in report.searches:
        typer.echo(f"{rule}\nvaultsync search {query!r}: {len(hits)} hits")
        for hit in hits:
            typer.echo(f"  {hit.get('path', '?')}  [{hit.get('type', '')}]")
            snippet = " ".join(str(hit.get("snippet", "")).split())
            if snippet:
                typer.echo(f"      {snippet[:110]}")
    typer.echo(f"{rule}\ngit log --oneline\n{rule}")
    for line in report.git_log:
        typer.echo(line)
    typer.echo(rule)
    for warning in report.warnings:
        typer.echo(f"warning: {warning}", err=True)
    if report.kept:
        typer.echo(f"The demo vault is at {report.vault}")
        typer.echo("Open it in Obsidian: Open folder as vault, then pick that folder.")
        typer.echo(f"Try: vaultsync search --vault {report.vault} 日期")
    else:
        typer.echo("The demo vault was removed (--no-keep).")
    from vaultsync.core.model import AGENTS

    typer.echo(
        "For real: `vaultsync init PATH`, then `vaultsync install AGENT` for each agent you use: "
        f"{', '.join(AGENTS)}."
    )


def _loop(tour: object, rule: str) -> None:
    """The loop the demo ran, step by step (services/vault/tour.py)."""
    from vaultsync.services.vault.tour import CODEX_SIDE_QUERY, TourReport

    if not isinstance(tour, TourReport):
        return
    typer.echo(f"{rule}\nThe loop: two agents, one memory\n{rule}")
    names = {"claude-code": "Claude Code", "codex": "Codex"}
    for n, done in enumerate(tour.replays, 1):
        typer.echo(
            f"{n}. {names.get(done.agent, done.agent)} session replayed through the hook: "
            f"{done.events} of {done.sent} events in {done.note}"
        )
        if done.context:
            first = next((ln for ln in done.context.splitlines() if ln.strip()), "")
            typer.echo(f"   its session start got {len(done.context)} chars of context: {first}")
    step = len(tour.replays) + 1
    typer.echo(
        f"{step}. vaultsync learn --daily --offline: {len(tour.summaries)} summaries, "
        f"{len(tour.candidates)} memory candidates"
    )
    for rel in (*tour.summaries, *tour.candidates):
        typer.echo(f"   {rel}")
    if tour.approved:
        regenerated = "USER.md regenerated with it" if tour.user_md_changed else "USER.md as before"
        typer.echo(f"{step + 1}. vaultsync review approve: {tour.approved}")
        typer.echo(f'   "{tour.approved_text}" ({regenerated})')
    typer.echo(f"{step + 2}. vaultsync search {CODEX_SIDE_QUERY!r}, as the Codex session asked:")
    for hit in tour.codex_side:
        typer.echo(f"   [{hit.get('agent') or hit.get('type', '')}] {hit.get('path', '?')}")
        snippet = " ".join(str(hit.get("snippet", "")).split())
        if snippet:
            typer.echo(f"       {snippet[:110]}")
    fixes = [h for h in tour.codex_side if h.get("agent") == "claude-code"]
    if fixes:
        typer.echo("   The Claude Code fix is found from the Codex side.")
