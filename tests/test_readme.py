"""Docs are executable: every `$ ` line of a ```console block in the README and docs runs here.

The commands run in a real shell with the installed `vaultsync` on PATH, against a copy of the
example vault (as `vaultsync demo` makes it), with their own VAULTSYNC_HOME, HOME and agent
config folders so nothing outside the test's tmp folder is touched.
"""

from __future__ import annotations

import os
import re
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
