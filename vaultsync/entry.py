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
    from vaultsync.core.hook.process import run_process

    run_process(sys.argv[1:] if argv is None else argv)
    return 0  # not reached: run_process ends the process


def _end_process(code: int) -> None:
    """End a short-lived command's process at once, its output flushed: the interpreter's
    teardown (freeing every module and object one by one) is pure cost here."""
    import os

    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            return  # let the normal exit report it
    os._exit(code)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "hook" and not {"-h", "--help"} & set(args):
        return hook_main(args[1:])
    if args and args[0] == "redact" and not {"-h", "--help"} & set(args):
        if argv is None:  # the whole process: as the hook does (core.hook.run_process)
            import gc

            gc.disable()
        from vaultsync.core.privacy.command import main_fast

        code = main_fast(args[1:])
        if argv is None:
            _end_process(code)
        return code
    if args and args[0] == "search" and not {"-h", "--help"} & set(args):
        # The read path: typer and click cost more than the search (adapters/cli/search_fast).
        from vaultsync.adapters.cli.search_fast import main_fast as search_fast

        found = search_fast(args[1:])
        if found is not None:
            return found
    from vaultsync.adapters.cli.app import run

    return run(args)
