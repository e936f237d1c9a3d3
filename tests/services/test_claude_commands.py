"""The Claude Code slash commands shipped as package data: valid frontmatter, marked so the
model cannot run them by itself, and naming only commands that exist."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from vaultsync.adapters.cli.app import app, load_commands
from vaultsync.core.properties import split_frontmatter
from vaultsync.services.agents import install

NAMES = ("me", "learn-from-queue", "learn-loop-rollback", "learning-loop")


def command_text(name: str) -> str:
    return (
        resources.files("vaultsync") / "resources" / "claude-commands" / f"{name}.md"
    ).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", NAMES)
def test_each_command_is_user_only_and_described(name: str) -> None:
    front, body = split_frontmatter(command_text(name))
    assert front is not None
    props = yaml.safe_load(front)
    assert props["disable-model-invocation"] is True
    assert 10 <= len(props["description"]) <= 120
    assert str(props["allowed-tools"]).startswith("Bash(vaultsync")
    assert body.strip()


def test_the_commands_they_mention_exist() -> None:
    load_commands()
    known = {c.name or (c.callback.__name__ if c.callback else "") for c in app.registered_commands}
    known |= {g.name for g in app.registered_groups}
    for name in NAMES:
        for command in re.findall(r"`vaultsync ([a-z-]+)", command_text(name)):
            assert command in known, f"/{name} mentions `vaultsync {command}`"


def test_the_rollback_waits_for_confirmation_and_spares_the_vault() -> None:
    text = command_text("learn-loop-rollback")
    assert "--dry-run" in text and '"yes, remove it"' in text
    assert "Never delete or\nmove anything inside the vault" in text


@pytest.fixture
def claude_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "user"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    for name in ("CLAUDE_CONFIG_DIR", "CODEX_HOME", "HERMES_HOME"):
        monkeypatch.delenv(name, raising=False)
    return home


def test_install_adds_the_commands_and_uninstall_removes_them(claude_home: Path) -> None:
    folder = claude_home / ".claude" / "commands"
    shown = install.install("claude-code", dry_run=True)
    assert len(shown.extra_files) == 4 and not folder.exists()

    done = install.install("claude-code")
    assert sorted(p.name for p in folder.iterdir()) == sorted(f"{n}.md" for n in NAMES)
    assert (folder / "me.md").read_text() == command_text("me")
    assert sorted(done.extra_files) == sorted(str(folder / f"{n}.md") for n in NAMES)
    assert install.install("claude-code").extra_files == ()  # a second install: nothing new

    # A command the person edited is theirs now: uninstall leaves it.
    edited = folder / "learning-loop.md"
    edited.write_text(edited.read_text() + "\nMy own note.\n", encoding="utf-8")
    gone = install.uninstall("claude-code")
    assert len(gone.extra_files) == 3
    assert [p.name for p in folder.iterdir()] == ["learning-loop.md"]
    assert not (claude_home / ".claude" / "settings.json").exists()


def test_commands_follow_the_scope_and_claude_config_dir(
    claude_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    install.install("claude-code", "project", project_dir=repo)
    assert (repo / ".claude" / "commands" / "learn-from-queue.md").is_file()
    assert not (claude_home / ".claude" / "commands").exists()
    install.uninstall("claude-code", "project", project_dir=repo)
    assert not (repo / ".claude" / "commands").exists()  # no empty folder left

    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "cfg"))
    install.install("claude-code")
    assert (tmp_path / "cfg" / "commands" / "me.md").is_file()
    assert not (claude_home / ".claude").exists()
    install.install("codex")
    assert not (claude_home / ".codex" / "commands").exists()  # only Claude Code gets them


def test_install_through_the_cli_lists_the_commands(claude_home: Path) -> None:
    load_commands()
    done = CliRunner().invoke(app, ["install", "claude-code"])
    assert done.exit_code == 0, done.output
    assert "install: " in done.stdout and "commands/learn-loop-rollback.md" in done.stdout
