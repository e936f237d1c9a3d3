"""The one root of the errors a person is shown, and the exit codes the command line ends with.

A service raises a `VaultsyncError` (or a subclass) whose message says what went wrong and
how to fix it; the command line turns any of them into one line on stderr and its
`exit_code` (adapters/cli/app.py, the only place that does). The codes are listed in the
README; scripts rely on them, so a code's meaning never changes.
"""

from __future__ import annotations

import enum


class Exit(enum.IntEnum):
    """The command line's exit codes (the README lists them)."""

    OK = 0
    ERROR = 1  # something failed; the message says what
    USAGE = 2  # bad arguments (typer's own code)
    NO_VAULT = 3  # no vault configured, or the path is not a vault
    CONFIG = 4  # a config file cannot be parsed
    LOCKED = 5  # a lock (git index, note, index) stayed busy
    NOT_FOUND = 6  # a note, revision, source or skill does not exist
    HELD = 7  # a safety guard held the action back (e.g. a mass deletion)
    INTERRUPTED = 130  # Ctrl-C (the shell's 128 + SIGINT); what was done is kept


class VaultsyncError(Exception):
    """An error meant for the person: the message is complete, one line, with the fix.

    `exit_code` is the class's code unless the instance names another (`exit_code=` given, or a
    subclass that decides from the error's reason)."""

    exit_code: Exit = Exit.ERROR

    def __init__(self, *args: object, exit_code: Exit | None = None) -> None:
        super().__init__(*args)
        if exit_code is not None:
            self.exit_code = exit_code
