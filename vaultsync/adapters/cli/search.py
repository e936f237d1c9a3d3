"""`vaultsync search`: plain-word and exact search over notes and session events.

The work is in search_fast.run (shared with the typer-free fast path in vaultsync.entry); this
module gives the command its --help and its usage errors.
"""

from __future__ import annotations

from pathlib import Path

import typer

from vaultsync.adapters.cli.app import JsonOption, VaultOption, app


@app.command()
def search(
    query: list[str] = typer.Argument(
        ...,
        help="A question or sentence in plain words (any language), or exact syntax: words "
        '(all must match), "exact phrases", prefix*, and OR / AND / NOT in capitals.',
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
    match: str = typer.Option(
        "auto",
        "--match",
        help="any: plain words, any may match (ranked by BM25); all: exact syntax, every word "
        "required; auto: any for a question or sentence, else all, and any when all finds "
        "nothing.",
    ),
    semantic: bool | None = typer.Option(
        None,
        "--semantic/--no-semantic",
        help="Fuse vector search in (needs the semantic extra) or not; default: [search] "
        "semantic in the config (auto: on when installed).",
        show_default=False,
    ),
    vault: Path | None = VaultOption,
    json_output: bool = JsonOption,
) -> None:
    """Search notes and session events, best result first.

    A session's hits come back as one result (best snippet, its summary and project). Prints
    one line per result (path, type, score) and a snippet with the matches highlighted; --json
    prints a list of objects with path, title, type, score, snippet, session_id, summary and
    weak (true when nothing is clearly relevant); event hits add event_id and ts.
    """
    from vaultsync.adapters.cli.search_fast import MATCH_MODES, run

    if match not in MATCH_MODES:
        raise typer.BadParameter(f"one of {', '.join(MATCH_MODES)}", param_hint="--match")
    code = run(
        query, agent=agent, types=note_type, level=level, project=project, since=since,
        limit=limit, vault=vault, json_output=json_output, match=match, semantic=semantic,
    )  # fmt: skip
    if code:
        raise typer.Exit(code)
