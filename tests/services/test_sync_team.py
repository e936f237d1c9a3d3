"""A team vault: two people's clones of one remote, user-scoped memory in per-person folders,
USER.md personal (never in git), everything else shared."""

from __future__ import annotations

from pathlib import Path

import pytest
from synckit import Machine, assert_no_markers, bare_remote, git

from vaultsync.core import paths
from vaultsync.core.properties import render_frontmatter

pytestmark = pytest.mark.slow  # several syncs of real clones per test


def _memory(title: str, scope: str, **extra: object) -> str:
    props = {
        "type": "memory",
        "level": "L2",
        "scope": scope,
        "status": "confirmed",
        "created": "2026-11-20T09:00:00Z",
        "updated": "2026-11-20T09:00:00Z",
        "tags": ["vaultsync/memory", "memory/L2", f"scope/{scope}"],
        **extra,
    }
    return render_frontmatter(props) + f"\n# {title}\n\n{title}.\n"


def test_two_people_share_the_vault_but_not_their_user_md(tmp_path: Path) -> None:
    bare = bare_remote(tmp_path)
    mei = Machine(tmp_path, "mei", bare, first=True, person="mei")
    mei.write(
        "memories/L2-confirmed/people/mei/2026-11-20 user short sentences aaaaaa.md",
        _memory("Mei wants short sentences", "user"),
    )
    mei.write(
        "memories/L2-confirmed/2026-11-20 agent uv bbbbbb.md", _memory("The team uses uv", "agent")
    )
    mei.sync()
    bob = Machine(tmp_path, "bob", bare, person="bob")
    bob.write(
        "memories/L2-confirmed/2026-11-21 user british spelling cccccc.md",
        _memory("Bob writes British spelling", "user", person="bob"),
    )
    bob.sync()
    mei.sync()
    bob.sync()
    assert mei.tree() == bob.tree()
    assert paths.USER_MD not in git(bare, "ls-tree", "-r", "--name-only", "main").split("\n")
    mine, his = mei.read(paths.USER_MD), bob.read(paths.USER_MD)
    assert "Mei wants short sentences" in mine and "British spelling" not in mine
    assert "British spelling" in his and "Mei wants" not in his
    for m in (mei, bob):  # shared: the environment's facts
        assert "The team uses uv" in m.read(paths.AGENT_MD)
        assert_no_markers(m.vault)
        assert git(m.vault, "status", "--porcelain") == ""


def test_joining_a_vault_whose_user_md_is_still_tracked(tmp_path: Path) -> None:
    bare = bare_remote(tmp_path)
    solo = Machine(tmp_path, "solo", bare, first=True)
    solo.write(
        "memories/L2-confirmed/2026-11-20 user tea aaaaaa.md",
        _memory("Drinks tea", "user", person="solo"),
    )
    solo.sync()
    assert "USER.md" in git(bare, "ls-tree", "--name-only", "main")
    team = Machine(tmp_path, "ann", bare, person="ann")
    team.write(
        "memories/L2-confirmed/2026-11-21 user cats cccccc.md",
        _memory("Ann has cats", "user", person="ann"),
    )
    result = team.sync()
    assert not result.error
    assert "USER.md" not in git(bare, "ls-tree", "--name-only", "main")
    assert "Ann has cats" in team.read(paths.USER_MD)
    assert "Drinks tea" not in team.read(paths.USER_MD)


def test_a_user_memory_learned_on_my_machine_becomes_mine(tmp_path: Path) -> None:
    bare = bare_remote(tmp_path)
    mei = Machine(tmp_path, "mei", bare, first=True, person="mei")
    mei.sync()
    bob = Machine(tmp_path, "bob", bare, person="bob")
    rel = "memories/L2-confirmed/2026-11-22 user dark mode dddddd.md"
    bob.write(rel, _memory("Bob wants dark mode", "user"))  # as learn writes it: no person
    bob.sync()
    mei.sync()
    from vaultsync.core.properties import get_scalar

    assert get_scalar(mei.read(rel), "person") == "bob"
    assert "dark mode" not in mei.read(paths.USER_MD)
    assert "dark mode" in bob.read(paths.USER_MD)
