"""What the command line draws on a terminal: styled text and progress bars, and when not.

Styles (bold matches in `search`) only on a terminal and never with `NO_COLOR` set
(no-color.org: any non-empty value) or `TERM=dumb`. Progress bars only on a terminal and never
with `--json`: they go to stderr and vanish when done, so stdout stays what a script reads;
with `NO_COLOR` a bar is drawn without colors or styles.
"""

from __future__ import annotations

import os
from typing import Any, TextIO


def no_color() -> bool:
    return bool(os.environ.get("NO_COLOR")) or os.environ.get("TERM") == "dumb"


def color(stream: TextIO) -> bool:
    """May styled text (ANSI) be written to `stream`?"""
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):  # closed or replaced by a test
        return False
    return tty and not no_color()


def wants_progress(json_output: bool, stream: TextIO | None = None) -> bool:
    import sys

    target = sys.stderr if stream is None else stream
    try:
        return not json_output and target.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


class Bar:
    """A progress bar on stderr, created once the total is known; `update(done, total)`."""

    def __init__(self, description: str = "Indexing notes") -> None:
        self.description = description
        self._progress: Any = None
        self._task: Any = None

    def update(self, done: int, total: int) -> None:
        if self._progress is None:
            from rich.console import Console
            from rich.progress import Progress

            console = Console(stderr=True, color_system=None if no_color() else "auto")
            self._progress = Progress(console=console, transient=True)
            self._progress.start()
            self._task = self._progress.add_task(self.description, total=total)
        self._progress.update(self._task, completed=done, total=total)

    def close(self) -> None:
        if self._progress is not None:
            self._progress.stop()
