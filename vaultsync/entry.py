"""Console entry points.

`vaultsync-hook` (and `vaultsync hook`) go straight to the hook process, which imports only the
standard library and the core: the hook sits in every tool call of every agent, so it has its
own entry point and never loads the command line's parser. Every other command is parsed by
typer (adapters/cli/app.py).
"""

from __future__ import annotations

import sys


def hook_main(argv: list[str] | None = None) -> int:
    """The hook as the whole process: it ends the process itself (core.hook.process.run_process)."""
    from vaultsync.core.hook.process import run_process

    run_process(sys.argv[1:] if argv is None else argv)
    return 0  # not reached: run_process ends the process


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "hook" and not {"-h", "--help"} & set(args):
        return hook_main(args[1:])
    from vaultsync.adapters.cli.app import run

    return run(args)
