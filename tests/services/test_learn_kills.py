"""Learn's result does not depend on being killed and rerun, nor on the order records are met:
a run cut short at any write, then rerun, ends where an unkilled run ends."""

from __future__ import annotations

import datetime as dt
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from sessionkit import date_fix_session, make_session, prompt

from vaultsync.core import paths
from vaultsync.core.config import load_config
from vaultsync.services.learning import learn
from vaultsync.storage.note import read_note

NOW = dt.datetime(2026, 11, 29, 9, 0, tzinfo=dt.UTC)
T0 = dt.datetime(2026, 11, 20, 9, 0, tzinfo=dt.UTC)


class Killed(BaseException):
    """Stands for SIGKILL: nothing in vaultsync catches it."""


_PROMPTS = (
    "I prefer zebra quokka narwhal walrus in commit messages.",
    "I prefer apple banana cherry plum in commit messages.",
    "I prefer commit messages.",
    "I prefer commit messages.",
)


def _variant(n: int) -> list[dict[str, Any]]:
    # The first two sessions leave two separate candidates (they share too few words); the
    # later ones state what both contain, so both score the same: a tie, which must not be
    # settled by the order the candidates are met (planned in this run, or read from disk).
    steps = date_fix_session()
    return [prompt(_PROMPTS[n]), *steps[1:]]


def _vault(root: Path) -> Path:
    for folder in (paths.SESSIONS_DIR, paths.CONFIG_DIR, *paths.LEVEL_DIRS.values()):
        (root / folder).mkdir(parents=True, exist_ok=True)
    for n in range(4):
        make_session(root, _variant(n), session_id=f"s-{n}", start=T0 + dt.timedelta(hours=n))
    return root


def outcome(vault: Path) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for note in sorted((vault / paths.MEMORIES_DIR).rglob("*.md")):
        rel = note.relative_to(vault).as_posix()
        props = read_note(vault, rel).props
        sources = sorted({str(props.get("source"))} | {str(s) for s in props.get("sources") or []})
        out[rel] = (props.get("reinforced"), sources, props.get("level"))
    out["summaries"] = sorted(
        p.relative_to(vault).as_posix() for p in (vault / paths.SUMMARIES_DIR).rglob("*.md")
    )
    return out


def run(vault: Path) -> None:
    learn.run(vault, load_config(vault), offline=True, now=NOW)


@pytest.fixture(scope="module")
def template(
    tmp_path_factory: pytest.TempPathFactory, module_home: Path
) -> tuple[Path, Path, dict[str, Any], int]:
    """The sessions (vault and state folder), the result of an unkilled run, and how many
    renames that run made. (module_home: the tests' own home and zone, as every test has:
    file names are in the person's zone.)"""
    base = _vault(tmp_path_factory.mktemp("base") / "vault")
    clean = tmp_path_factory.mktemp("clean") / "vault"
    shutil.copytree(base, clean)
    shutil.copytree(paths.state_dir(base), paths.state_dir(clean))
    count = [0]
    real = os.replace

    def counting(*a: Any, **k: Any) -> None:
        count[0] += 1
        real(*a, **k)

    os.replace = counting  # type: ignore[assignment]
    try:
        run(clean)
    finally:
        os.replace = real
    return base, paths.state_dir(base), outcome(clean), count[0]


@pytest.mark.parametrize("fraction", [0.1, 0.3, 0.5, 0.7, 0.9])
def test_a_killed_learn_rerun_ends_where_an_unkilled_run_ends(
    template: tuple[Path, Path, dict[str, Any], int],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    fraction: float,
) -> None:
    base, state, expected, renames = template
    assert renames > 5 and any(k.startswith("memories/") for k in expected)
    vault = tmp_path / "vault"
    shutil.copytree(base, vault)
    shutil.copytree(state, paths.state_dir(vault))
    kill_at = max(1, int(renames * fraction))
    seen = [0]
    real = os.replace

    def dying(*a: Any, **k: Any) -> None:
        seen[0] += 1
        if seen[0] == kill_at:
            raise Killed
        real(*a, **k)

    monkeypatch.setattr(os, "replace", dying)
    with pytest.raises(Killed):
        run(vault)
    monkeypatch.setattr(os, "replace", real)
    run(vault)  # the rerun
    assert outcome(vault) == expected
