"""`vaultsync review` in-process (CliRunner, the interactive mode driven through stdin) and as a
real subprocess."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from vaultsync.adapters.cli import review as review_cli
from vaultsync.adapters.cli.app import app, load_commands
from vaultsync.core import paths, properties, schema
from vaultsync.core.config import load_config
from vaultsync.core.model import Level, Scope

SESSION = """---
type: session
agent: codex
session_id: s-9
project: /home/ana/src/secret
created: 2026-11-20T09:00:00
status: privacy_deferred
redactions: 2
injections: 0
---
# codex session s-9
"""


def cli() -> list[str]:
    found = shutil.which("vaultsync")
    sibling = Path(sys.executable).parent / "vaultsync"
    if sibling.exists():
        return [str(sibling)]
    return [found] if found else [sys.executable, "-m", "vaultsync"]


def memory(vault: Path, name: str, text: str, level: Level = Level.L1, reinforced: int = 0) -> str:
    props = schema.memory_props(
        level=level,
        scope=Scope.USER,
        agent="claude-code",
        session_id="s-1",
        project="",
        created="2026-11-20T09:00:00Z",
        source_rel="summaries/x.md",
        status=schema.MEMORY_STATUS[level],
    )
    props["reinforced"] = reinforced
    rel = f"{paths.LEVEL_DIRS[level]}/{name}.md"
    (vault / rel).write_text(properties.render_frontmatter(props) + f"\n# {text}\n\n{text}.\n")
    return rel


def held_session(vault: Path) -> str:
    rel = "sessions/2026/11/2026-11-20 0900 codex s-9 abc123.md"
    (vault / rel).parent.mkdir(parents=True, exist_ok=True)
    (vault / rel).write_text(SESSION, encoding="utf-8")
    return rel


@pytest.fixture
def runner() -> CliRunner:
    load_commands()
    return CliRunner()


def test_list_as_json_and_text(vault: Path, runner: CliRunner) -> None:
    memory(vault, "tabs", "Prefers tabs", reinforced=2)
    session = held_session(vault)
    done = runner.invoke(app, ["review", "--json", "--vault", str(vault)])
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    assert data["candidates"][0]["title"] == "Prefers tabs"
    assert data["promotions"][0]["suggestion"] == "approve"
    assert data["privacy_deferred"][0]["rel"] == session
    assert data["privacy_deferred"][0]["reason"] == "2 secrets redacted"
    text = runner.invoke(app, ["review", "--list", "--vault", str(vault)])
    assert "Promotion suggestions (1)" in text.stdout and "Sessions held for privacy" in text.stdout


def test_decisions_through_the_cli(vault: Path, runner: CliRunner) -> None:
    memory(vault, "tabs", "Prefers tabs")
    session = held_session(vault)
    base = ["--vault", str(vault)]
    approved = runner.invoke(app, ["review", "approve", "tabs", *base])
    assert approved.exit_code == 0, approved.output
    assert "approved: memories/L1-candidates/tabs.md -> memories/L2-confirmed/tabs.md" in (
        approved.stdout
    )
    assert "(L1 -> L2)" in approved.stdout and "updated: USER.md" in approved.stdout
    promoted = runner.invoke(app, ["review", "promote", "tabs", "--json", *base])
    assert json.loads(promoted.stdout)["level_to"] == "L3"
    edited = runner.invoke(
        app, ["review", "edit", "tabs", "--text", "Prefers tabs, width 4", *base]
    )
    assert edited.exit_code == 0 and "Prefers tabs, width 4" in (vault / "USER.md").read_text()
    piped = runner.invoke(app, ["review", "edit", "tabs", *base], input="Prefers tabs, width 8\n")
    assert piped.exit_code == 0 and "width 8" in (vault / "USER.md").read_text()
    demoted = runner.invoke(app, ["review", "demote", "tabs", *base])
    assert "(L3 -> L2)" in demoted.stdout
    rejected = runner.invoke(app, ["review", "reject", "tabs", *base])
    assert rejected.exit_code == 0 and "-> archive/" in rejected.stdout
    released = runner.invoke(app, ["review", "release", "s-9", *base])
    assert released.exit_code == 0 and "released" in released.stdout
    assert properties.get_scalar((vault / session).read_text(), "status") == "pending"
    # The group's --vault works for the subcommands too.
    skipped = runner.invoke(app, ["review", *base, "skip", session])
    assert skipped.exit_code == 0 and "skipped" in skipped.stdout


def test_errors_have_codes_and_messages(vault: Path, runner: CliRunner) -> None:
    memory(vault, "tabs", "Prefers tabs", level=Level.L3)
    base = ["--vault", str(vault)]
    missing = runner.invoke(app, ["review", "approve", "nothing-here", *base])
    assert missing.exit_code == 6 and "no memory matches" in missing.stderr
    refused = runner.invoke(app, ["review", "promote", "tabs", *base])
    assert refused.exit_code == 1 and "core level" in refused.stderr
    no_vault = runner.invoke(app, ["review", "--vault", str(vault / "nope")])
    assert no_vault.exit_code == 3
    helped = runner.invoke(app, ["review", "--help"])
    assert helped.exit_code == 0 and "approve" in helped.stdout and "release" in helped.stdout


def test_interactive_mode_one_item_at_a_time(vault: Path) -> None:
    memory(vault, "a-tabs", "Prefers tabs", reinforced=3)
    memory(vault, "b-fish", "Uses fish shell")
    memory(vault, "c-vim", "Edits with vim")
    session = held_session(vault)
    config = load_config(vault)
    answers = iter(["x", "a", "e", "Uses fish 3.7", "a", "r", "l"])
    said: list[str] = []
    done = review_cli.interactive(vault, config, lambda _: next(answers), said.append)
    assert done == {"approve": 2, "edit": 1, "reject": 1, "release": 1}
    assert (vault / "memories/L2-confirmed/a-tabs.md").exists()
    assert "Uses fish 3.7" in (vault / "memories/L2-confirmed/b-fish.md").read_text()
    assert not (vault / "memories/L1-candidates/c-vim.md").exists()
    assert properties.get_scalar((vault / session).read_text(), "status") == "pending"
    assert any("'x' is not one of the choices" in s for s in said)
    assert any("suggested: approve" in s for s in said)


def test_interactive_quits_and_skips_through_stdin(vault: Path, runner: CliRunner) -> None:
    memory(vault, "a-tabs", "Prefers tabs")
    memory(vault, "b-fish", "Uses fish shell")
    done = runner.invoke(app, ["review", "--interactive", "--vault", str(vault)], input="s\nq\n")
    assert done.exit_code == 0, done.output
    assert "[1/2]" in done.stdout and "[2/2]" in done.stdout
    assert (vault / "memories/L1-candidates/a-tabs.md").exists()
    eof = runner.invoke(app, ["review", "--interactive", "--vault", str(vault)], input="")
    assert eof.exit_code == 0
    (vault / "empty").mkdir()  # a folder with no memory in it, taken as a vault
    empty = runner.invoke(app, ["review", "--interactive", "--vault", str(vault / "empty")])
    assert empty.exit_code == 0 and "Nothing waits" in empty.stdout


# Slow tier: two CLI processes. In the fast tier the same list and approval run in process
# (test_list_as_json_and_text, test_decisions_through_the_cli), and test_readme.py runs
# `vaultsync review` as a process.
@pytest.mark.slow
def test_subprocess_approve_and_json(vault: Path) -> None:
    memory(vault, "tabs", "Prefers tabs")
    listed = subprocess.run(
        [*cli(), "review", "--vault", str(vault)], capture_output=True, text=True, check=False
    )
    assert listed.returncode == 0 and "Candidates, L1 (1)" in listed.stdout  # not a TTY: a list
    done = subprocess.run(
        [*cli(), "review", "approve", "tabs", "--json", "--vault", str(vault)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["target"] == "memories/L2-confirmed/tabs.md"


def test_subprocess_approve_a_path_completed_from_the_vaults_parent(vault: Path) -> None:
    """A person in the folder above the vault tab-completes the note's path: that is the note."""
    rel = memory(vault, "数据库 PostgreSQL 16", "数据库升级到了 PostgreSQL 16")
    done = subprocess.run(
        [*cli(), "review", "approve", f"{vault.name}/{rel}", "--json", "--vault", str(vault)],
        capture_output=True,
        text=True,
        check=False,
        cwd=vault.parent,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["target"] == "memories/L2-confirmed/数据库 PostgreSQL 16.md"
