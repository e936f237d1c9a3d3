"""`vaultsync redact`: the redaction engine on stdin, for scripts and for checking rules (the
work is `core.privacy.command.run_redact`, the engine the hook uses)."""

from __future__ import annotations

import typer

from vaultsync.adapters.cli.app import app


@app.command()
def redact(
    json_output: bool = typer.Option(
        False,
        "--json",
        help='Print one JSON object {"text": ..., "findings": [{"rule", "start", "end"}]} '
        "instead of the redacted text.",
    ),
) -> None:
    """Redact secrets, private spans and prompt injections from text on stdin.

    Reads stdin as UTF-8 (invalid bytes become U+FFFD) and prints the redacted text. A secret
    becomes [REDACTED:<rule id>]; <private>...</private> spans disappear; prompt injections stay
    but are quoted as ⟦prompt-injection-…: …⟧ with their markup escaped.

    With --json, finding offsets are character offsets into the original (decoded) input, end
    exclusive. Rules: the built-ins plus [[privacy.rules]] and privacy.disabled_rules from the
    vault or user config (docs/privacy.md). Exit 0 whether or not anything was found.
    """
    from vaultsync.core.privacy.command import run_redact

    raise typer.Exit(run_redact(json_output))
