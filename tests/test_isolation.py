"""No fixture of any scope sees the home the test run was started with (plain `pytest`, not
only scripts/test, must leave the person's ~/.local/share/vaultsync alone)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.fixture(scope="module")
def seen_by_a_module_fixture() -> dict[str, str | None]:
    return {name: os.environ.get(name) for name in ("HOME", "VAULTSYNC_HOME")}


def test_a_module_fixture_never_sees_the_starting_home(
    seen_by_a_module_fixture: dict[str, str | None], started_with: dict[str, str | None]
) -> None:
    for name, started in started_with.items():
        assert seen_by_a_module_fixture[name] != started, name
        assert seen_by_a_module_fixture[name], name


def test_a_test_gets_its_own_home_inside_the_run(tmp_path: Path) -> None:
    assert Path(os.environ["HOME"]).is_relative_to(tmp_path)
    assert Path(os.environ["VAULTSYNC_HOME"]).is_relative_to(tmp_path)
