"""Shared fixtures: every test runs with its own HOME and VAULTSYNC_HOME and never sees the
real ones (scripts/test gives the whole run a throwaway HOME as well, and checks afterwards
that the real ~/.local/share/vaultsync got nothing from it)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from shared_corpora import SHARED

from vaultsync.core import paths


@pytest.fixture(scope="session")
def gitconfig(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """git's global config for every test: one file (nothing writes to it; written once
    instead of once per test)."""
    path = tmp_path_factory.mktemp("git") / "gitconfig"
    path.write_text(
        "[user]\n\tname = vaultsync test\n\temail = test@vaultsync.invalid\n"
        "[init]\n\tdefaultBranch = main\n",
        encoding="utf-8",
    )
    return path


def isolate(mp: pytest.MonkeyPatch, home: Path, gitconfig: Path, user: Path) -> None:
    """Point vaultsync at `home`, HOME at `user` and git at `gitconfig`, away from the real
    ones (a child process that falls back on HOME writes there, not into the person's)."""
    mp.setenv("VAULTSYNC_HOME", str(home))
    mp.setenv("HOME", str(user))
    mp.delenv("XDG_DATA_HOME", raising=False)
    mp.setenv("VAULTSYNC_MACHINE", "testbox")
    # The person's zone is fixed (and not UTC, so a UTC-only bug shows): nothing a test checks
    # depends on the zone of the machine running it.
    mp.setenv("VAULTSYNC_TZ", "+08:00")
    mp.delenv("VAULTSYNC_VAULT", raising=False)
    mp.delenv("VAULTSYNC_INDEX", raising=False)
    # git must not read the developer's own config (signing, hooks, templates).
    mp.setenv("GIT_CONFIG_GLOBAL", str(gitconfig))
    mp.setenv("GIT_CONFIG_NOSYSTEM", "1")


# What the run was started with (read when pytest loads this file, before any fixture), for
# tests/test_isolation.py to check that no fixture of any scope sees it.
_STARTED_WITH = {name: os.environ.get(name) for name in ("HOME", "VAULTSYNC_HOME")}


@pytest.fixture(scope="session")
def started_with() -> dict[str, str | None]:
    return dict(_STARTED_WITH)


@pytest.fixture(scope="session", autouse=True)
def isolated_run(tmp_path_factory: pytest.TempPathFactory, gitconfig: Path) -> Iterator[Path]:
    """The whole run away from the real home, set up before any module-scoped fixture: a
    module fixture runs before the per-test isolation below, and one that built a vault by
    running the hook wrote queue markers into the real ~/.local/share/vaultsync whenever
    pytest was run without scripts/test."""
    with pytest.MonkeyPatch.context() as mp:
        home = tmp_path_factory.mktemp("run-home")
        isolate(mp, home, gitconfig, tmp_path_factory.mktemp("run-user-home"))
        yield home


@pytest.fixture(autouse=True)
def isolated_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, gitconfig: Path
) -> Iterator[Path]:
    home = tmp_path / "home"
    home.mkdir()
    user = tmp_path / "user-home"
    user.mkdir()
    isolate(monkeypatch, home, gitconfig, user)
    yield home


@pytest.fixture(scope="module")
def module_home(tmp_path_factory: pytest.TempPathFactory, gitconfig: Path) -> Iterator[Path]:
    """The same isolation for a module-scoped fixture (it runs before any test's own): for
    expensive setup that several tests of a module only read."""
    with pytest.MonkeyPatch.context() as mp:
        home = tmp_path_factory.mktemp("module-home")
        isolate(mp, home, gitconfig, tmp_path_factory.mktemp("module-user-home"))
        yield home


@pytest.fixture
def vault(tmp_path: Path) -> Path:
    """An empty vault with vaultsync's folder layout (no git repository)."""
    root = tmp_path / "vault"
    for folder in (
        paths.SESSIONS_DIR,
        paths.SUMMARIES_DIR,
        *paths.LEVEL_DIRS.values(),
        paths.PROPOSALS_DIR,
        paths.DRAFTS_DIR,
        paths.ARCHIVE_DIR,
        paths.CONFIG_DIR,
    ):
        (root / folder).mkdir(parents=True, exist_ok=True)
    return root


@pytest.fixture
def hook(vault: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The hook as an agent runs it: the launcher `vaultsync install` writes (python -I -S),
    pointed at the test vault."""
    from vaultsync.services.agents.install import _write_launcher

    monkeypatch.setenv("VAULTSYNC_VAULT", str(vault))
    return [str(_write_launcher(dry_run=False))]


@pytest.fixture
def shared() -> Path:
    if not SHARED.is_dir():
        pytest.skip(f"shared corpora not found at {SHARED}")
    return SHARED
