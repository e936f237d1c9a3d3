"""The CLI's own wiring: lazy command loading must know every command."""

from __future__ import annotations

import subprocess
import sys

from vaultsync.adapters.cli import app as cli


def _registered() -> dict[str, str]:
    cli.load_commands()
    found = {}
    for command in cli.app.registered_commands:
        name = command.name or command.callback.__name__.replace("_", "-")  # type: ignore[union-attr]
        found[name] = command.callback.__module__.rsplit(".", 1)[-1]  # type: ignore[union-attr]
    for group in cli.app.registered_groups:
        callbacks = [c.callback for c in group.typer_instance.registered_commands]
        found[group.name] = callbacks[0].__module__.rsplit(".", 1)[-1]  # type: ignore[union-attr,index]
    return found


def test_every_command_has_its_owner_module() -> None:
    registered = _registered()
    assert registered == cli.COMMAND_OWNERS


def test_one_command_loads_one_module() -> None:
    code = (
        "import sys; from vaultsync.adapters.cli import app as a; a.load_commands('learn');"
        "print(sorted(m for m in sys.modules if m.startswith('vaultsync.adapters.cli.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['vaultsync.adapters.cli.app', 'vaultsync.adapters.cli.learn']"


def test_help_lists_every_command() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "vaultsync", "--help"], capture_output=True, text=True, check=True
    )
    for name in cli.COMMAND_OWNERS:
        assert f"  {name} " in out.stdout, name


def test_the_cli_does_not_import_pydantic() -> None:
    """typer 0.27+ imports pydantic (~80 ms a call); the pin in pyproject.toml keeps it out."""
    code = (
        "import sys; from vaultsync.adapters.cli import app as a; a.load_commands('search');"
        "print('pydantic' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_version_is_the_package_version_and_loads_no_command() -> None:
    import tomllib
    from pathlib import Path

    from vaultsync import __version__

    out = subprocess.run(
        [sys.executable, "-m", "vaultsync", "--version"], capture_output=True, text=True,
        check=True,
    )  # fmt: skip
    assert out.stdout == f"vaultsync {__version__}\n" and out.stderr == ""
    # Written once: the build reads it from the package (pyproject names no version itself).
    project = tomllib.loads((Path(cli.__file__).parents[3] / "pyproject.toml").read_text())
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    code = (
        "import sys; from vaultsync.adapters.cli import app as a; a.load_commands('--version');"
        "print(sorted(m for m in sys.modules if m.startswith('vaultsync.adapters.cli.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['vaultsync.adapters.cli.app']"
