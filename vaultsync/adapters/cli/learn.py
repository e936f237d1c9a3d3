"""`vaultsync learn`: the learning loop, run by the schedule or by hand.

Nothing heavy is imported here: the service's preflight decides first whether there is any
work, and only then loads the summariser, the model runner and the YAML reader.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from vaultsync.adapters.cli.app import (
    JsonOption,
    VaultOption,
    app,
    emit_json,
    require_vault,
)


@app.command()
def learn(
    daily: bool = typer.Option(
        False,
        "--daily",
        help="Summarise pending sessions into notes and memory candidates (default).",
    ),
    weekly: bool = typer.Option(
        False,
        "--weekly",
        help="Cluster skill proposals; 3+ alike become a draft under skills/drafts/.",
    ),
    dry_run: bool = typer.Option(
        False,
        "--dry-run",
        help="Say what would be written, moved or sent to the model; change nothing.",
    ),
    offline: bool = typer.Option(
        False, "--offline", help="Use the built-in summariser even if a model command is available."
    ),
    vault: Path | None = VaultOption,
    as_json: bool = JsonOption,
) -> None:
    """Learn from captured sessions: summaries, L1 memory candidates, skill proposals and drafts.

    Exits at once, starting no model, when no session is pending. The model is the first of
    `claude -p`, `codex exec` or `llm` found on PATH (or `learn.model_command`); without one, or
    with --offline, a built-in summariser is used. Candidates wait for review (`vaultsync
    review`); nothing is promoted automatically. Memories that no longer fit USER.md/AGENT.md
    and old summarised session logs are moved to archive/<date>/, never deleted.
    """
    path = require_vault(vault)
    from vaultsync.adapters.cli import terminal
    from vaultsync.core.config import load_config
    from vaultsync.services.learning.learn import run

    config = load_config(path)
    # The rich bar on a terminal only (off for --json and pipes), on stderr, gone when done.
    bar = terminal.Bar("Learning from sessions") if terminal.wants_progress(as_json) else None
    try:
        report = run(
            path,
            config,
            daily=daily or not weekly,
            weekly=weekly,
            dry_run=dry_run,
            offline=offline,
            progress=bar.update if bar else None,
        )
    finally:
        if bar:
            bar.close()
    if as_json:
        emit_json(report.as_dict())
        return
    for line in _human(report.as_dict()):
        typer.echo(line)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _human(r: dict[str, Any]) -> list[str]:
    prefix = "Dry run: would have " if r["dry_run"] else ""
    if r["noop"] and not r["skipped_for_budget"]:
        return [f"Nothing to learn ({r['mode']}): no pending session, no model started."]
    lines = []
    if r["summarized"] or r["mode"].startswith("daily"):
        lines.append(
            f"{prefix or 'Learned: '}{_plural(len(r['summarized']), 'session')} summarised "
            f"with {r['model']}; {_plural(len(r['candidates']), 'memory candidate')}, "
            f"{len(r['reinforced'])} reinforced, {_plural(len(r['proposals']), 'skill proposal')}."
        )
    if r["model"] != "offline":
        lines.append(f"Model calls: {r['model_calls']}, prompt characters: {r['input_chars']}.")
    for item in r["deferred"]:
        lines.append(f"Deferred: {item['rel']} ({item['reason']})")
    for item in r["privacy_deferred"]:
        lines.append(f"Privacy-deferred, waiting for you: {item['rel']} ({item['reason']})")
    if r["skipped_for_budget"]:
        lines.append(
            f"Budget reached: {_plural(len(r['skipped_for_budget']), 'session')} stay pending "
            "for the next run (learn.max_model_calls, learn.max_input_chars)."
        )
    for rel in r["drafts"]:
        lines.append(f"Skill draft: {rel}")
    for move in r["archived"]:
        lines.append(f"Archived: {move['from']} -> {move['to']} ({move['reason']})")
    for warning in r["warnings"]:
        lines.append(f"warning: {warning}")
    lines.append(f"Took {r['seconds']:.2f} s.")
    return lines
