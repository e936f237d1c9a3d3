"""Every setting has a documented default: docs/configuration.md names every key of DEFAULTS."""

from __future__ import annotations

from pathlib import Path

import pytest

from vaultsync.core.config import DEFAULTS

DOC = (Path(__file__).resolve().parents[1] / "docs" / "configuration.md").read_text(
    encoding="utf-8"
)
KEYS = [(section, key) for section, table in DEFAULTS.items() for key in table]


@pytest.mark.parametrize(("section", "key"), KEYS, ids=[f"{s}.{k}" for s, k in KEYS])
def test_every_setting_is_documented(section: str, key: str) -> None:
    assert f"`{key}`" in DOC, f"docs/configuration.md does not document [{section}] {key}"
    assert f"[{section}]" in DOC or f"`{section}`" in DOC
