"""Every command has help text, and docs/cli.md is exactly what `--help` prints.

Regenerate the reference after changing a command:
`UPDATE_DOCS=1 pytest tests/adapters/test_cli_help.py`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from typer import _click as click
from typer.testing import CliRunner

from vaultsync.adapters.cli.app import app, load_commands

DOC = Path(__file__).resolve().parents[2] / "docs" / "cli.md"
WIDTH = 100


def commands(root: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """(path, click command) for the root and every command and subcommand under it."""
    yield path, root
    if hasattr(root, "list_commands"):
        ctx = click.core.Context(root)
        for name in root.list_commands(ctx):
            yield from commands(root.get_command(ctx, name), (*path, name))


def missing_help(root: Any) -> list[str]:
    """Commands, options and arguments a person would find no help for."""
    found = []
    for path, command in commands(root):
        name = " ".join(path) or "vaultsync"
        if not (command.help or "").strip():
            found.append(name)
        for param in command.params:
            if getattr(param, "hidden", False) or param.name == "help":
                continue
            if not (getattr(param, "help", None) or "").strip():
                found.append(f"{name} {param.name}")
    return found


def _cli() -> Any:
    load_commands()
    return typer.main.get_command(app)


def reference() -> str:
    """docs/cli.md: each command's `--help`, in the order `vaultsync --help` lists them."""
    runner = CliRunner()
    parts = [
        "# Command-line reference\n",
        "Every command and subcommand, exactly as `--help` prints it (generated; "
        "`tests/adapters/test_cli_help.py` checks it is current, and regenerates it with "
        "`UPDATE_DOCS=1`). Exit codes are in the README.\n",
    ]
    for path, _command in commands(_cli()):
        result = runner.invoke(
            app, [*path, "--help"], prog_name="vaultsync", terminal_width=WIDTH,
            env={"COLUMNS": str(WIDTH), "NO_COLOR": "1", "TERM": "dumb"},
        )  # fmt: skip
        assert result.exit_code == 0, (path, result.output)
        title = "vaultsync " + " ".join(path) if path else "vaultsync"
        parts.append(f"## `{title}`\n\n```text\n{result.output.rstrip()}\n```\n")
    return "\n".join(parts)


def test_every_command_and_option_has_help() -> None:
    root = _cli()
    assert len(list(commands(root))) > 20  # the walk sees the subcommands too
    assert missing_help(root) == []


def test_the_help_check_can_fail() -> None:
    bare = typer.Typer(help="The root has help.")

    @bare.command()
    def documented(flag: bool = typer.Option(False, help="Does a thing.")) -> None:
        """Has help."""

    @bare.command()
    def silent(count: int = typer.Option(1)) -> None:
        pass

    assert missing_help(typer.main.get_command(bare)) == ["silent", "silent count"]


def test_cli_reference_matches_help() -> None:
    text = reference()
    if os.environ.get("UPDATE_DOCS"):
        DOC.write_text(text, encoding="utf-8")
    assert DOC.exists(), "docs/cli.md is missing: run with UPDATE_DOCS=1"
    assert DOC.read_text(encoding="utf-8") == text, (
        "docs/cli.md is out of date with --help: run `UPDATE_DOCS=1 pytest "
        "tests/adapters/test_cli_help.py` and review the diff"
    )


def test_readme_links_the_reference() -> None:
    readme = (DOC.parents[1] / "README.md").read_text(encoding="utf-8")
    assert "docs/cli.md" in readme


@pytest.mark.parametrize("word", ["/tmp/", "/root/", "pytest-of"])
def test_reference_holds_no_machine_paths(word: str) -> None:
    assert word not in DOC.read_text(encoding="utf-8")
