"""`vaultsync mcp`: serve the vault to an agent as MCP tools over stdio."""

from __future__ import annotations

import contextlib
from pathlib import Path

import typer

from vaultsync.adapters.cli.app import VaultOption, app


@app.command()
def mcp(
    agent: str = typer.Option(
        "",
        "--agent",
        help="The agent this server runs for (claude-code, codex, ...): the provenance of "
        "what `remember` saves. `vaultsync install` sets it.",
    ),
    vault: Path | None = VaultOption,
) -> None:
    """Run the MCP server on stdin/stdout (no network listener): tools search, timeline, get,
    recent and remember over the shared vault. Agents start it themselves once `vaultsync
    install AGENT` has registered it; `vaultsync doctor` starts each registered server once and
    says whether it answers (docs/mcp.md)."""
    from vaultsync.adapters.mcp_server import run

    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C ends the server quietly
        run(vault=str(vault) if vault else None, agent=agent)
