"""The Claude Code slash commands shipped as package data: valid frontmatter, marked so the
model cannot run them by itself, and naming only commands that exist."""

from __future__ import annotations

import re
from importlib import resources

import pytest
import yaml

from vaultsync.adapters.cli.app import app, load_commands
from vaultsync.core.properties import split_frontmatter

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
