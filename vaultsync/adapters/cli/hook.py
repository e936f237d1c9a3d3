"""`vaultsync hook`: documents the hook command and hands over to its standard-library core.

Agents never come through here: `vaultsync hook ...` is dispatched by `vaultsync.entry` (and
`vaultsync-hook` by its own console script) straight to `vaultsync.core.hook.main`, without
importing typer. This command exists so `vaultsync hook --help` explains itself and so the
command also works when called through the typer app.
"""

from __future__ import annotations

import typer

from vaultsync.adapters.cli.app import app


@app.command(
    context_settings={"allow_extra_args": False},
    epilog="The hook never fails the agent: it exits 0 within hook.time_limit_s and writes "
    "problems to the hook error log (see `vaultsync status`).",
)
def hook(
    agent: str = typer.Option(
        None,
        "--agent",
        help="The agent that runs the hook: claude-code, codex, hermes, gemini, cursor, copilot "
        "or opencode (guessed from the payload when omitted).",
        show_default=False,
    ),
    event: str = typer.Option(
        None,
        "--event",
        help="The agent's native event name, for payloads that do not carry one "
        "(the payload's hook_event_name wins).",
        show_default=False,
    ),
) -> None:
    """Record one agent hook event: read the agent's JSON payload on stdin, redact it, and
    append it to the session's note in the vault.

    The vault comes from $VAULTSYNC_VAULT or the user config. On session start it prints the
    context the agent expects: JSON with hookSpecificOutput.additionalContext for Claude Code,
    Codex and Gemini, {"additional_context": ...} for Cursor, and {"context": ...} on Hermes'
    first pre_llm_call; nothing (or {} where JSON is required) on other events.
    `vaultsync install AGENT` writes this command into the agent's own configuration.
    """
    from vaultsync.core.hook.process import main

    argv: list[str] = []
    if agent:
        argv += ["--agent", agent]
    if event:
        argv += ["--event", event]
    raise typer.Exit(main(argv))
