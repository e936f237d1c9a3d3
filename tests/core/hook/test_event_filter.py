"""The tool-name patterns of `hook.skip_tools`: the text shortcut agrees with fnmatch."""

from __future__ import annotations

from fnmatch import fnmatchcase

from hypothesis import given
from hypothesis import strategies as st

from vaultsync.core.hook.event_filter import _tool_matches

NAMES = st.text(alphabet="ab_-*?[]", max_size=8)


@given(NAMES, NAMES)
def test_a_pattern_matches_exactly_what_fnmatch_matches(tool: str, pattern: str) -> None:
    assert _tool_matches(tool, pattern) == fnmatchcase(tool, pattern)


def test_each_agents_name_for_vaultsyncs_tools_matches_its_pattern() -> None:
    assert _tool_matches("vaultsync-search", "vaultsync-*")
    assert not _tool_matches("vaultsync_search", "vaultsync-*")
    assert not _tool_matches("mcp__vaultsync", "mcp__vaultsync__*")
