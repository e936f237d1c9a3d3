"""Docs are executable: every `$ ` line of a ```console block in the README and docs runs here.

The commands run in a real shell with the installed `vaultsync` on PATH, against a copy of the
example vault (as `vaultsync demo` makes it), with their own VAULTSYNC_HOME, HOME and agent
config folders so nothing outside the test's tmp folder is touched.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from vaultsync.adapters.cli.app import COMMAND_OWNERS
from vaultsync.core.config import load_config
from vaultsync.services.derived import reconcile
from vaultsync.services.vault import setup as vault_service

REPO = Path(__file__).resolve().parents[1]
DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
_BLOCK = re.compile(r"^```console\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _examples() -> list[tuple[str, str]]:
    found = []
    for doc in DOCS:
        for block in _BLOCK.findall(doc.read_text(encoding="utf-8")):
            for line in block.splitlines():
                if line.startswith("$ "):
                    found.append((doc.name, line[2:]))
    return found


EXAMPLES = _examples()


@pytest.fixture(scope="module")
def demo_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    root = tmp_path_factory.mktemp("readme")
    home = root / "home"
    home.mkdir()
    env = dict(os.environ)
    bindir = str(Path(shutil.which("vaultsync") or sys.executable).parent)
    env.update(
        PATH=bindir + os.pathsep + env.get("PATH", ""),
        HOME=str(home),
        VAULTSYNC_HOME=str(home / "vaultsync"),
        CLAUDE_CONFIG_DIR=str(home / ".claude"),
        CODEX_HOME=str(home / ".codex"),
        HERMES_HOME=str(home / ".hermes"),
        GIT_CONFIG_GLOBAL=str(home / "gitconfig"),
        GIT_CONFIG_NOSYSTEM="1",
    )
    (home / "gitconfig").write_text("[user]\n\tname = t\n\temail = t@vaultsync.invalid\n")
    vault = root / "vault"
    shutil.copytree(vault_service.example_vault(), vault)
    saved = dict(os.environ)
    os.environ.update(env)
    try:
        vault_service.init(vault, user_config=False)
        reconcile.rebuild(vault, load_config(vault))
    finally:
        os.environ.clear()
        os.environ.update(saved)
    env["VAULTSYNC_VAULT"] = str(vault)
    return env


def test_docs_have_examples() -> None:
    assert len(EXAMPLES) >= 8


def _plain(command: str) -> list[str] | None:
    """The arguments of an example that is one `vaultsync` command and nothing else for the
    shell to do (no pipe, `&&`, variable or redirection); None otherwise."""
    if any(c in command for c in "|&;$<>`") or not command.startswith("vaultsync "):
        return None
    return shlex.split(command)[1:]


PLAIN = [(d, c) for d, c in EXAMPLES if _plain(c) is not None]


@pytest.mark.parametrize(("doc", "command"), PLAIN, ids=[f"{d}: {c}" for d, c in PLAIN])
def test_example_runs_in_process(doc: str, command: str, demo_env: dict[str, str]) -> None:
    """Each plain example through the command line's own entry in this process (the fast tier);
    every example, pipes included, runs in a real shell in the slow tier below."""
    from typer.testing import CliRunner

    from vaultsync.adapters.cli.app import app, load_commands

    load_commands()  # what `vaultsync` does before it parses
    args = _plain(command)
    assert args is not None
    done = CliRunner().invoke(app, args, env=demo_env, catch_exceptions=False)
    assert done.exit_code == 0, f"{doc}: `{command}` exited {done.exit_code}\n{done.output}"


@pytest.mark.slow  # a real shell per example (~150 ms of CPU each); in process in the fast tier
@pytest.mark.parametrize(("doc", "command"), EXAMPLES, ids=[f"{d}: {c}" for d, c in EXAMPLES])
def test_example_runs(doc: str, command: str, demo_env: dict[str, str]) -> None:
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", command],
        env=demo_env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, f"{doc}: `{command}` exited {done.returncode}\n{done.stderr}"


def test_readme_lists_every_command() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    for name in COMMAND_OWNERS:
        assert f"`{name}" in readme or f"| `{name}" in readme or f"`{name} " in readme, name


def test_readme_names_the_test_command_that_ci_runs() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "scripts/test" in readme
    assert "scripts/test --all" in (REPO / ".ci" / "run").read_text(encoding="utf-8")
