"""`vaultsync me`: what every agent is told about you (USER.md) and about this machine
(AGENT.md), their token counts against their budgets, and what the budgets left out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

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

BUDGET_KEYS = {"USER.md": "budgets.user_md_tokens", "AGENT.md": "budgets.agent_md_tokens"}


def profile(vault: Path, config: Any) -> list[dict[str, Any]]:
    """Each generated file as it is on disk, its tokens, its budget and what did not fit."""
    from vaultsync.core import paths
    from vaultsync.core.text import estimate_tokens
    from vaultsync.services.derived.generate import generate_from_vault
    from vaultsync.storage.memory import effective_level
    from vaultsync.storage.note import NoteReadError, read_note

    generation = generate_from_vault(vault, config, write=False)
    out = []
    for name in paths.GENERATED_FILES:
        rendered = generation.by_name[name]
        try:
            text = (vault / name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            text = None
        left_out = []
        for rel in rendered.omitted:
            try:
                note = read_note(vault, rel)
            except (FileNotFoundError, NoteReadError):
                continue
            left_out.append({"rel": rel, "title": note.title, "level": effective_level(note).value})
        shown = text if text is not None else rendered.text
        out.append(
            {
                "name": name,
                "path": str(vault / name),
                "exists": text is not None,
                "current": text == rendered.text,
                "tokens": estimate_tokens(shown),
                "budget": rendered.budget,
                "budget_key": BUDGET_KEYS[name],
                "memories": len(rendered.included),
                "left_out": left_out,
                "text": shown,
            }
        )
    return out


@app.command()
def me(vault: Path | None = VaultOption, json_output: bool = JsonOption) -> None:
    """Show USER.md and AGENT.md with their token counts against their budgets, which
    memories the budget left out, and per agent how many memories were injected and used this
    week."""
    from vaultsync.core.config import load_config

    path = require_vault(vault)
    try:
        files = profile(path, load_config(path))
    except OSError as exc:
        fail(str(exc), Exit.ERROR)
    from vaultsync.services.learning import usage

    use = usage.summary(path)
    if json_output:
        emit_json(files)
        return
    for i, item in enumerate(files):
        if i:
            typer.echo("")
        state = "" if item["current"] else " (out of date: `vaultsync rebuild` regenerates it)"
        if not item["exists"]:
            state = " (not written yet; shown as it would be)"
        typer.echo(
            f"=== {item['name']}: {item['tokens']} / {item['budget']} tokens, "
            f"{item['memories']} memories{state} ==="
        )
        typer.echo(item["text"].rstrip("\n"))
        if item["left_out"]:
            typer.echo(
                f"--- left out for the budget ({len(item['left_out'])}; raise "
                f"{item['budget_key']} or demote/trim memories):"
            )
            for note in item["left_out"]:
                typer.echo(f"  {note['level']} {note['title']}  ({note['rel']})")
    if use:
        typer.echo("")
        typer.echo("=== used this week (memories injected, and used by the agent's work) ===")
        for agent, row in use.items():
            typer.echo(f"  {agent}: {row['used']} of {row['injected']}")
