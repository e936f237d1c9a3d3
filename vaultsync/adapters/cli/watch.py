"""`vaultsync watch`: keep the index and the git history in step with the vault, in the
foreground, until Ctrl-C or SIGTERM (both flush and commit pending work, then exit 0)."""

from __future__ import annotations

import contextlib
import logging
import queue
import signal
import sys
from pathlib import Path
from types import FrameType

import typer

from vaultsync.adapters.cli.app import Exit, VaultOption, app, fail, require_vault
from vaultsync.adapters.heartbeat import read_heartbeat
from vaultsync.adapters.watcher import FsEvent, Watcher, observe
from vaultsync.core import paths, writer


@app.command()
def watch(
    vault: Path | None = VaultOption,
    once: bool = typer.Option(
        False, "--once", help="Catch up (index and commit everything changed) and exit."
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Log only warnings and errors."),
) -> None:
    """Watch the vault: index changed notes, regenerate USER.md/AGENT.md when a memory changes,
    and commit each batch of changes to git (held back if it deletes too many notes)."""
    from vaultsync.core.config import load_config

    root = require_vault(vault)
    config = load_config(root)
    logging.basicConfig(
        level=logging.WARNING if quiet else logging.INFO,
        format="vaultsync watch: %(message)s",
        stream=sys.stderr,
    )
    watcher = Watcher(root, config)
    with contextlib.ExitStack() as stack:
        try:
            # One watcher per vault: a second one would only race the first for git's lock.
            stack.enter_context(writer.locked(paths.state_dir(root) / "watch.lock", timeout=0))
        except TimeoutError:
            beat = read_heartbeat(root) or {}
            fail(
                f"a watcher is already running for {root} (pid {beat.get('pid', '?')})", Exit.LOCKED
            )
        _run(watcher, root, once)


def _run(watcher: Watcher, root: Path, once: bool) -> None:
    if once:
        watcher.start()
        watcher.stop()
        raise typer.Exit(int(Exit.ERROR) if watcher.beat.errors else 0)

    stop = {"now": False}

    def on_signal(signum: int, _frame: FrameType | None) -> None:
        stop["now"] = True

    previous = {s: signal.signal(s, on_signal) for s in (signal.SIGINT, signal.SIGTERM)}
    events: queue.Queue[FsEvent] = queue.Queue()
    try:
        observer = observe(root, events)
    except OSError as exc:  # e.g. the inotify watch limit is reached
        fail(f"cannot watch {root}: {exc}", Exit.ERROR)
    logging.getLogger("vaultsync.watch").info(
        "watching %s (debounce %.1f s); Ctrl-C to stop", watcher.root, watcher.batcher.debounce_s
    )
    try:
        watcher.run(events, lambda: stop["now"])
    finally:
        observer.stop()
        observer.join(timeout=5)
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    logging.getLogger("vaultsync.watch").info(
        "stopped after %d batches, %d commits", watcher.beat.batches, watcher.beat.commits
    )
