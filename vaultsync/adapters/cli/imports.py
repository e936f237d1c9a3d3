"""`vaultsync import SOURCE`: memory and past sessions from Claude Code, Hermes, claude-mem
and Codex, into the vault (redacted, with provenance, never twice; the source is only read)."""

from __future__ import annotations

import enum
from pathlib import Path

import typer

from vaultsync.adapters.cli.app import (
    JsonOption,
    VaultOption,
    app,
    emit_json,
    require_vault,
)


class Source(enum.StrEnum):
    CLAUDE_CODE = "claude-code"
    HERMES = "hermes"
    CLAUDE_MEM = "claude-mem"
    CODEX = "codex"


@app.command(name="import")
def import_(
    source: Source = typer.Argument(..., help="claude-code, hermes, claude-mem or codex."),
    path: Path | None = typer.Option(
        None,
        "--path",
        help="Where the source lives (default: ~/.claude or $CLAUDE_CONFIG_DIR, "
        "~/.hermes or $HERMES_HOME, ~/.claude-mem/claude-mem.db, ~/.codex or $CODEX_HOME).",
        show_default=False,
    ),
    project: list[Path] = typer.Option(
        [],
        "--project",
        help="claude-code: also import CLAUDE.md, .claude/CLAUDE.md and CLAUDE.local.md of this "
        "project folder (repeatable).",
    ),
    dry_run: bool = typer.Option(False, "--dry-run", help="Show what would be imported."),
    vault: Path | None = VaultOption,
    json_output: bool = JsonOption,
) -> None:
    """Import memory and past sessions from another tool as vault notes: memories become L1
    candidates for review, transcripts become session notes, claude-mem sessions become
    summaries. Every note says where it came from (`source:`); secrets are redacted on the way
    in; running it again imports nothing new; the source is never modified."""
    from vaultsync.adapters.cli import terminal
    from vaultsync.core.config import load_config
    from vaultsync.services.imports import claude_code, claude_mem, codex, hermes

    root = require_vault(vault)
    config = load_config(root)
    given = path.expanduser() if path else None
    # The rich bar on a terminal only (off for --json and pipes), on stderr, gone when done.
    bar = terminal.Bar("Importing notes") if terminal.wants_progress(json_output) else None
    progress = bar.update if bar else None
    try:
        if source is Source.CLAUDE_CODE:
            report = claude_code.run(
                root,
                config,
                home=given,
                projects=[p.expanduser() for p in project],
                dry_run=dry_run,
                progress=progress,
            )
        elif source is Source.HERMES:
            report = hermes.run(root, config, home=given, dry_run=dry_run, progress=progress)
        elif source is Source.CLAUDE_MEM:
            report = claude_mem.run(root, config, db=given, dry_run=dry_run, progress=progress)
        else:
            report = codex.run(root, config, home=given, dry_run=dry_run, progress=progress)
    finally:
        if bar:
            bar.close()
    if json_output:
        emit_json(report.as_dict())
        return
    verb = "would import" if dry_run else "imported"
    typer.echo(
        f"{source.value}: {report.found} found, {verb} {len(report.written)}, "
        f"{len(report.known)} already in the vault, {report.redactions} secrets redacted."
    )
    for rel in report.written:
        typer.echo(f"  + {rel}")
    for warning in report.warnings:
        typer.echo(f"  warning: {warning}", err=True)
