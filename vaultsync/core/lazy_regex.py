"""A regular expression compiled the first time it is used.

The privacy rules and the query reader define many patterns, and a hook call uses only those
whose cheap keyword pre-check found something: compiling all of them at import would cost every
hook process several milliseconds for patterns it never runs. `re.compile` does the work; this
only defers it.
"""

from __future__ import annotations

import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class Lazy:
    """Behaves as the compiled pattern (`.search`, `.finditer`, ...); compiles on first use."""

    __slots__ = ("_rx", "pattern")

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self._rx: re.Pattern[str] | None = None

    def compiled(self) -> re.Pattern[str]:
        if self._rx is None:
            self._rx = re.compile(self.pattern)
        return self._rx

    def __getattr__(self, name: str) -> Any:
        return getattr(self.compiled(), name)
