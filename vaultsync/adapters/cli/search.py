"""`vaultsync search`: plain-word and exact search over notes and session events.

Parses with typer like every command, calls the recall engine, prints the hits (text, or a
JSON list with `--json`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

from vaultsync.adapters.cli.app import Exit, JsonOption, VaultOption, app, require_vault

_BOLD = ("\x1b[1m", "\x1b[0m")
MATCH_MODES = ("auto", "any", "all")


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
    refresh: bool = typer.Option(
        True,
        "--refresh/--no-refresh",
        help="First bring the index up to date with notes changed since its last pass (at "
        "most about a second; a busy index is said, not waited for), or answer from the index "
        "as it is.",
    ),
    vault: Path | None = VaultOption,
    json_output: bool = JsonOption,
) -> None:
    """Search notes and session events, best result first.

    The index is brought up to date first (only notes changed since its last pass; built if
    missing), so a session recorded a moment ago is found with no watcher running.

    A session's hits come back as one result (best snippet, its summary, project and the
    files it changed). Prints one line per result (path, type, score), a snippet with the
    matches highlighted and, for a session, the files it changed; --json prints a list of
    objects with path, title, type, score, snippet, session_id, summary and weak (true when
    nothing is clearly relevant); event hits add event_id and ts, session hits files.
    """
    if match not in MATCH_MODES:
        raise typer.BadParameter(f"one of {', '.join(MATCH_MODES)}", param_hint="--match")
    code = run(
        query, agent=agent, types=note_type, level=level, project=project, since=since,
        limit=limit, vault=vault, json_output=json_output, match=match, semantic=semantic,
        refresh=refresh,
    )  # fmt: skip
    if code:
        raise typer.Exit(code)


def run(
    words: list[str],
    *,
    agent: str | None = None,
    types: list[str] | None = None,
    level: str | None = None,
    project: str | None = None,
    since: str | None = None,
    limit: int = 10,
    vault: Path | None = None,
    json_output: bool = False,
    match: str = "auto",
    semantic: bool | None = None,
    refresh: bool = True,
) -> int:
    """Search and print; returns the exit code."""
    from vaultsync.adapters.cli import terminal
    from vaultsync.core import paths
    from vaultsync.core.config import load_config
    from vaultsync.core.query import nlquery
    from vaultsync.services.derived import freshness
    from vaultsync.services.recall import session_files
    from vaultsync.services.recall.engine import recall
    from vaultsync.services.recall.search import DEFAULT_MARK, SearchError

    # `vaultsync search ""` had said "No matches." with exit 0, and `search "?"` listed
    # whatever ranked first; checked before the vault is looked for
    if not nlquery.has_words(" ".join(words)):
        raise SearchError("nothing to search for: give a question or words (see --help)")
    path = require_vault(vault)
    mark = _BOLD if not json_output and terminal.color(sys.stdout) else DEFAULT_MARK
    config = load_config(path)
    if refresh:
        # Notes the hook wrote since the last index pass (no watcher need run): read first,
        # within a bound; a busy or failing index is said on stderr, never a silent miss.
        fresh = freshness.catch_up(path, config)
        if fresh.stale:
            print(f"vaultsync: {fresh.advice()}", file=sys.stderr)
    found = recall(
        path, config, " ".join(words), agent=agent, type=types, level=level,
        project=project, since=since, limit=limit, mode=match, semantic=semantic, mark=mark,
    )  # fmt: skip
    files = session_files.files_of(config, found.hits)
    if json_output:
        rows = []
        for hit in found.hits:
            row = hit.to_dict()
            if not row["level"]:
                del row["level"]
            if hit.type == "event":
                row["event_id"], row["ts"] = hit.id, hit.date
            if hit.rel.startswith(paths.SESSIONS_DIR + "/"):
                row["files"] = files.get(hit.rel, [])
            row["weak"] = found.abstain
            rows.append(row)
        print(json.dumps(rows, ensure_ascii=False, indent=2, default=str))
        return Exit.OK
    if not found.hits:
        print(f"No matches. Searched: {found.scope}." if found.scope else "No matches.")
        return Exit.OK
    if found.abstain:
        print("(nothing clearly relevant; the closest matches:)")
    for hit in found.hits:
        title = f"  {hit.title}" if hit.title and hit.title != Path(hit.rel).stem else ""
        print(f"{hit.rel}  [{hit.type}]  {hit.score:.2f}{title}")
        if hit.snippet:
            print(f"    {hit.snippet}")
        if files.get(hit.rel):
            print(f"    files changed: {', '.join(files[hit.rel])}")
        if hit.summary_rel and hit.summary_rel != hit.rel:
            print(f"    summary: {hit.summary_rel}")
    return Exit.OK
