"""`vaultsync search`: full-text search over notes and session events."""

from __future__ import annotations

import sys
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

_BOLD = ("\x1b[1m", "\x1b[0m")


@app.command()
def search(
    query: list[str] = typer.Argument(
        ...,
        help='Words (all must match), "exact phrases", prefix*, and OR / AND / NOT in capitals '
        "between terms. Chinese and Japanese words work inside sentences.",
        show_default=False,
    ),
    agent: str | None = typer.Option(None, "--agent", help="Only this agent (claude-code, ...)."),
    note_type: list[str] | None = typer.Option(
        None,
        "--type",
        help="Only this type: note, session, summary, memory, skill-proposal, skill-draft, "
        "generated, or event. Repeatable.",
        show_default=False,
    ),
    level: str | None = typer.Option(
        None, "--level", help="Only memories of this level (L1, L2, L3)."
    ),
    project: str | None = typer.Option(
        None, "--project", help="Only this project, or projects below this path."
    ),
    since: str | None = typer.Option(
        None, "--since", help="Only hits updated since a date (2026-05-01) or an age (7d, 12h)."
    ),
    limit: int = typer.Option(10, "--limit", min=1, max=1000, help="At most this many hits."),
    vault: Path | None = VaultOption,
    json_output: bool = JsonOption,
) -> None:
    """Search notes and session events, best match first (BM25, titles weighted).

    Prints one line per hit (path, type, score) and a snippet with the matches highlighted;
    --json prints a list of objects with path, title, type, score and snippet (event hits add
    event_id and ts).
    """
    from vaultsync.core.config import ConfigError, load_config
    from vaultsync.services.recall.search import (
        DEFAULT_MARK,
        IndexMissing,
        SearchError,
        make_filter,
    )
    from vaultsync.services.recall.search import search as run_search
    from vaultsync.storage.index import IndexBusy, IndexFailure

    path = require_vault(vault)
    try:
        config = load_config(path)
        where = make_filter(agent=agent, types=note_type, level=level, project=project, since=since)
        mark = _BOLD if not json_output and sys.stdout.isatty() else DEFAULT_MARK
        hits = run_search(path, config, " ".join(query), where, limit=limit, mark=mark)
    except ConfigError as exc:
        fail(str(exc), Exit.CONFIG)
    except SearchError as exc:
        fail(str(exc), Exit.USAGE)
    except IndexMissing as exc:
        fail(str(exc), Exit.NOT_FOUND)
    except IndexBusy as exc:
        fail(str(exc), Exit.LOCKED)
    except IndexFailure as exc:
        fail(str(exc), Exit.ERROR)
    if json_output:
        emit_json([hit.to_dict() for hit in hits])
        return
    if not hits:
        typer.echo("No matches.")
        return
    for hit in hits:
        title = f"  {hit.title}" if hit.title and hit.title != Path(hit.path).stem else ""
        typer.echo(f"{hit.path}  [{hit.type}]  {hit.score:.2f}{title}")
        if hit.snippet:
            typer.echo(f"    {hit.snippet}")
