"""The real-agent tier: every test here carries the `agents` marker (not in the fast suite).

Run it with `scripts/install-agents && pytest -m agents tests/agents` (`scripts/test --all` does
both). Tests skip with the reason when a CLI is missing, unless VAULTSYNC_REQUIRE_AGENTS is set
(CI), where a missing CLI fails.
"""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.agents)
            item.add_marker(pytest.mark.timeout(300))
