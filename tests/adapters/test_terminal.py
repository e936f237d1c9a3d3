"""What the CLI draws on a terminal: styles only without NO_COLOR, never on a pipe.

Commands run as real processes on a pseudo-terminal (a pipe would hide every style: the
check could not fail), against a copy of the example vault.
"""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_readme import EXAMPLES, demo_env  # noqa: F401 (a fixture)
from vaultsync.adapters.cli import terminal
from vaultsync.adapters.cli.app import COMMAND_OWNERS

SGR = re.compile(r"\x1b\[[0-9;]*m")  # colours and styles (bold, dim, ...)


def on_a_terminal(command: str, env: dict[str, str], **extra: str) -> str:
    """`command` (a shell line) with stdout and stderr on a pseudo-terminal: all it wrote."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        ["bash", "-o", "pipefail", "-c", command], stdin=subprocess.DEVNULL, stdout=follower,
        stderr=follower, env={**env, "TERM": "xterm-256color", "COLUMNS": "100", **extra},
    )  # fmt: skip
    os.close(follower)
    chunks = []
    while True:
        ready, _, _ = select.select([leader], [], [], 60)
        if not ready:
            proc.kill()
            break
        try:
            data = os.read(leader, 65536)
        except OSError:  # EIO: every writer has closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    os.close(leader)
    assert proc.wait(timeout=60) == 0, b"".join(chunks).decode(errors="replace")
    return b"".join(chunks).decode("utf-8", errors="replace")


def test_search_is_bold_on_a_terminal_and_plain_with_no_color(
    demo_env: dict[str, str],  # noqa: F811
) -> None:
    command = "vaultsync search pytest --limit 2"
    assert SGR.search(on_a_terminal(command, demo_env))  # the check can fail
    plain = on_a_terminal(command, demo_env, NO_COLOR="1")
    assert "pytest" in plain.lower() and not SGR.search(plain), plain
    assert not SGR.search(on_a_terminal(command, demo_env, TERM="dumb"))


@pytest.mark.slow
@pytest.mark.parametrize(
    "command",
    [
        *sorted({c for _d, c in EXAMPLES if c.startswith("vaultsync")}),
        "vaultsync rebuild",
        "vaultsync doctor || true",
        *(f"vaultsync {name} --help" for name in sorted(COMMAND_OWNERS)),
    ],
)
def test_no_command_styles_its_output_with_no_color(
    command: str,
    demo_env: dict[str, str],  # noqa: F811
) -> None:
    out = on_a_terminal(command, demo_env, NO_COLOR="1")
    assert not SGR.search(out), out


def test_the_rules(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    class Tty:
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert terminal.color(Tty())  # type: ignore[arg-type]
    with (tmp_path / "f").open("w") as pipe:
        assert not terminal.color(pipe)
    monkeypatch.setenv("NO_COLOR", "")  # empty: not set (no-color.org)
    assert terminal.color(Tty())  # type: ignore[arg-type]
    monkeypatch.setenv("NO_COLOR", "1")
    assert not terminal.color(Tty())  # type: ignore[arg-type]
    assert not terminal.wants_progress(False, Tty()) or sys.stdout.isatty()  # type: ignore[arg-type]
    assert not terminal.wants_progress(True, Tty())  # type: ignore[arg-type]
