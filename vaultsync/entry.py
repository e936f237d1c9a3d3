"""Console entry points.

`vaultsync hook ...` and `vaultsync redact ...` are dispatched straight to their standard-library
implementations, without importing typer (44 ms) or anything else from the CLI: the hook sits in
every tool call of every agent, so its start-up cost is the product's latency floor. A
well-formed `vaultsync search ...` takes a typer-free path too (adapters/cli/search_fast.py).
"""

from __future__ import annotations

import sys


def hook_main(argv: list[str] | None = None) -> int:
    """The hook as the whole process: it ends the process itself (core.hook.run_process)."""
    from vaultsync.core.hook import run_process

    run_process(sys.argv[1:] if argv is None else argv)
    return 0  # not reached: run_process ends the process


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "hook" and not {"-h", "--help"} & set(args):
        return hook_main(args[1:])
    if args and args[0] == "redact" and not {"-h", "--help"} & set(args):
        from vaultsync.core.privacy_cli import main_fast

        return main_fast(args[1:])
    if args and args[0] == "search" and not {"-h", "--help"} & set(args):
        # The read path: typer and click cost more than the search (adapters/cli/search_fast).
        from vaultsync.adapters.cli.search_fast import main_fast as search_fast

        code = search_fast(args[1:])
        if code is not None:
            return code
    from vaultsync.adapters.cli.app import run

    return run(args)
