"""The `vaultsync` command line: thin commands over the services.

Each command module under `vaultsync/adapters/cli/` registers its commands on `app`. A command
parses its arguments, calls one service, and prints: human text by default, one JSON document
with `--json`. Errors become a one-line message on stderr and a named exit code, here and only
here: a service raises a `core.errors.VaultsyncError` whose message says what to do and whose
`exit_code` is one of `Exit` (the README lists them); `_Commands` prints it. A command catches
an error itself only to add what it alone knows.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from typing import Any, NoReturn

import typer
from typer.core import TyperGroup

from vaultsync.core.errors import Exit, VaultsyncError

__all__ = ["Exit", "JsonOption", "VaultOption", "app", "emit_json", "fail", "require_vault"]


def fail(message: str, code: Exit = Exit.ERROR) -> NoReturn:
    typer.echo(f"vaultsync: {message}", err=True)
    raise typer.Exit(int(code))


class _Commands(TyperGroup):
    """Every command runs through here: any `VaultsyncError` it raises ends the process with
    one line on stderr and the error's exit code."""

    def invoke(self, ctx: Any) -> Any:  # typer's own click Context, which it keeps private
        try:
            return super().invoke(ctx)
        except VaultsyncError as exc:
            fail(str(exc), exc.exit_code)


app = typer.Typer(
    name="vaultsync",
    cls=_Commands,
    help="One shared, permanent memory for AI coding agents, kept in an Obsidian vault.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


VaultOption = typer.Option(
    None,
    "--vault",
    help="The vault folder (default: $VAULTSYNC_VAULT, then the user config).",
    show_default=False,
)
JsonOption = typer.Option(False, "--json", help="Print one JSON document for scripts.")


def emit_json(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2, default=str))


def require_vault(vault: Path | None) -> Path:
    """Resolve the vault for a command, or exit with NO_VAULT and a fix."""
    from vaultsync.core.config import resolve_vault

    path = resolve_vault(vault)
    if path is None:
        fail(
            "no vault given: pass --vault PATH, set VAULTSYNC_VAULT, or run `vaultsync init PATH`",
            Exit.NO_VAULT,
        )
    if not path.is_dir():
        from vaultsync.core.hook import spool

        waiting = spool.count(path)
        if waiting:  # the hook kept them for this vault: it was there and will be again
            fail(
                f"vault not found: {path}; {waiting} hook events wait for it in the spool "
                "(a drive not mounted, a folder moved? once it is back they are written)",
                Exit.NO_VAULT,
            )
        fail(f"vault not found: {path} (run `vaultsync init {path}` to create it)", Exit.NO_VAULT)
    return path


# Command modules, one per concept. Each imports `app` and registers its commands.
COMMAND_MODULES = (
    "vault",  # init, demo
    "rebuild",
    "search",
    "redact",
    "hook",
    "install",
    "status",
    "watch",
    "history",
    "sync",
    "imports",
    "service",
    "learn",
    "review",
    "skills",
    "schedule",
    "me",
    "doctor",
    "mcp",
)
# Which module defines each command, so one command loads one module: `vaultsync learn` on an
# idle day must not pay for importing the watcher, git and the index (tests check this map).
COMMAND_OWNERS = {
    "init": "vault",
    "demo": "vault",
    "rebuild": "rebuild",
    "search": "search",
    "redact": "redact",
    "hook": "hook",
    "install": "install",
    "uninstall": "install",
    "status": "status",
    "watch": "watch",
    "history": "history",
    "diff": "history",
    "rollback": "history",
    "commit": "history",
    "sync": "sync",
    "import": "imports",
    "service": "service",
    "learn": "learn",
    "review": "review",
    "skills": "skills",
    "schedule": "schedule",
    "me": "me",
    "doctor": "doctor",
    "mcp": "mcp",
}


def _print_version(value: bool) -> None:
    if value:
        from vaultsync import __version__

        typer.echo(f"vaultsync {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: bool = typer.Option(
        False,
        "--version",
        help="Print the version and exit.",
        callback=_print_version,
        is_eager=True,
    ),
) -> None:
    """One shared, permanent memory for AI coding agents, kept in an Obsidian vault."""


def load_commands(command: str | None = None) -> None:
    if command == "--version":  # answered by the callback: no command module needed
        return
    owner = COMMAND_OWNERS.get(command or "")
    for name in (owner,) if owner else COMMAND_MODULES:
        importlib.import_module(f"vaultsync.adapters.cli.{name}")


def run(argv: list[str]) -> int:
    load_commands(argv[0] if argv else None)
    try:
        app(args=argv, prog_name="vaultsync", standalone_mode=True)
    except SystemExit as exc:
        code = exc.code
        return code if isinstance(code, int) else (0 if code is None else 1)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run(sys.argv[1:]))
