"""`vaultsync sync`: fetch, integrate and push the vault's git remote (docs/sync.md)."""

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


@app.command()
def sync(
    vault: Path | None = VaultOption,
    json_output: bool = JsonOption,
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print nothing unless it fails."),
    accept_deletions: bool = typer.Option(
        False,
        "--accept-deletions",
        help="Apply a mass deletion that arrives from the remote (held otherwise, exit 7).",
    ),
    accept_rewrite: bool = typer.Option(
        False,
        "--accept-rewrite",
        help="Take the remote's history when it was rewritten (a force-push) or is unrelated "
        "(refused otherwise, exit 7); this vault keeps its own changes since the last sync.",
    ),
    branch: str | None = typer.Option(
        None,
        "--branch",
        help="Sync with this branch of the remote (and merge this vault into it), when the "
        "remote's branch is not named like this vault's.",
    ),
) -> None:
    """Fetch the vault's git remote, merge its notes with this machine's by vaultsync's rules
    (no conflict marker ever lands in a note), regenerate USER.md/AGENT.md, and push.

    Never interactive, never forced. Offline, local commits wait for the next sync (exit 0,
    state "offline"). Exit 3 no vault, 4 bad config, 5 another sync runs, 6 no remote, 7 held
    back: a mass deletion or a rewritten history arriving from the remote (accept with
    --accept-deletions or --accept-rewrite), a remote branch named unlike this vault's
    (--branch), or this machine's held deletions in the way."""
    from vaultsync.core.config import load_config
    from vaultsync.services.vault import remote
    from vaultsync.storage import history, history_remote

    root = require_vault(vault)
    config = load_config(root)
    say = None if (quiet or json_output) else (lambda m: typer.echo(f"  {m}", err=True))
    try:
        accept = remote.Accept(
            deletions=accept_deletions, rewrite=accept_rewrite, branch=branch or None
        )
        result = remote.sync(root, config, progress=say, accept=accept)
    except history.GitLockBusy as exc:
        fail(history_remote.redact_url(str(exc)), Exit.LOCKED)
    except history.GitError as exc:
        fail(history_remote.redact_url(str(exc)), Exit.ERROR)
    if json_output:
        emit_json(result.as_dict())
    elif not quiet:
        where = f"{result.remote}/{result.branch} ({result.url})"
        lines = {
            "up-to-date": f"Up to date with {where}.",
            "pushed": f"Pushed to {where}.",
            "created": f"Created {result.branch} on {where}.",
            "pulled": f"Brought in the changes from {where}"
            + (" and pushed." if result.pushed else "."),
            "merged": f"Merged with {where}" + (" and pushed." if result.pushed else "."),
            "offline": f"Could not reach {where}: {result.ahead} local commits wait for the "
            f"next sync.\n  ({result.error})",
        }
        typer.echo(lines.get(result.state, result.state))
        for res in result.resolved:
            typer.echo(f"  {res.path}: {res.rule}")
        for rel in result.review:
            typer.echo(f"  review: {rel} was edited on both sides; both texts are in the note")
        for rel in result.copies:
            typer.echo(f"  conflict: the other side's version is kept as {rel}")
        for warning in result.warnings:
            typer.echo(f"  warning: {warning}")
        if result.error and result.state != "offline":
            typer.echo(f"  {result.error}")
    if result.error and result.state != "offline":
        raise typer.Exit(int(Exit.ERROR))
