"""`vaultsync rebuild`: regenerate every derived file from the vault."""

from __future__ import annotations

import contextlib
from pathlib import Path

import typer

from vaultsync.adapters.cli import terminal
from vaultsync.adapters.cli.app import (
    Exit,
    JsonOption,
    VaultOption,
    app,
    emit_json,
    fail,
    require_vault,
)

_SHOWN = 20  # problems listed in human output; --json lists all


@app.command()
def rebuild(vault: Path | None = VaultOption, json_output: bool = JsonOption) -> None:
    """Rebuild the search index, the learning queue, USER.md and AGENT.md from the vault.

    Safe at any time: it reads every note and changes no note (USER.md and AGENT.md are written
    only if their content changes), except to write hook events still waiting in the spool and
    to put back what an editor's stale save erased (events, memory reinforcements). A note with
    broken frontmatter is a warning, still indexed.
    Exits 1 if some files could not be read.
    """
    from vaultsync.core.config import load_config
    from vaultsync.services.derived.reconcile import rebuild as run_rebuild
    from vaultsync.storage.index import IndexBusy

    path = require_vault(vault)
    config = load_config(path)
    show_bar = terminal.wants_progress(json_output)
    bar = _Bar() if show_bar else None
    from vaultsync.services.learning import memory_record

    # Reinforcements a stale save erased, re-saved copies of moved memories; on failure the
    # index is still rebuilt, and the watcher settles them later.
    with contextlib.suppress(OSError, TimeoutError, ValueError):
        memory_record.settle(path)
    try:
        report = run_rebuild(path, config, progress=bar.update if bar else None)
    except (IndexBusy, TimeoutError) as exc:
        fail(f"{exc} (is another rebuild running?)", Exit.LOCKED)
    except OSError as exc:
        fail(str(exc), Exit.ERROR)
    except KeyboardInterrupt:
        fail(
            "interrupted: the index is the old one, or the new one if embedding had begun; the "
            "vectors embedded so far are kept, and `vaultsync rebuild` goes on from there",
            Exit.INTERRUPTED,
        )
    finally:
        if bar:
            bar.close()
    if json_output:
        emit_json(report.to_dict())
    else:
        typer.echo(
            f"Rebuilt {path}: {report.notes} notes, {report.events} events in "
            f"{report.seconds:.2f} s; {report.warnings} warnings, {report.errors} errors."
        )
        if report.generated:
            typer.echo("Regenerated: " + ", ".join(report.generated))
        if report.embedded:
            typer.echo(f"Embedded {report.embedded} texts for semantic search.")
        problems = [f"error: {m}" for m in report.error_messages]
        problems += [f"warning: {m}" for m in report.warning_messages]
        for line in problems[:_SHOWN]:
            typer.echo("  " + line)
        if len(problems) > _SHOWN:
            typer.echo(f"  ... and {len(problems) - _SHOWN} more (see --json)")
    if report.errors:
        raise typer.Exit(int(Exit.ERROR))


class _Bar(terminal.Bar):
    """The rebuild's bar: indexing notes."""

    def __init__(self) -> None:
        super().__init__("Indexing notes")
