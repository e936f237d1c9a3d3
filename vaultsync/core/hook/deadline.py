"""The hook's time limit: a timer that ends the hook's own process when the limit passes, never
in the middle of writing an event block, and never while an import is half done.

Split from core/hook/process.py, which arms it (`Deadline.arm`) once the agent and event are known.
Stdlib only, on the hook path: no typing, no dataclasses.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

STARTED = time.monotonic()  # the hook process's start: limits count from here
DEFAULT_TIME_LIMIT = 0.9  # until the agent is known: the shortest budget an agent gives
IMPORT_RETRY_S = 0.005  # an alarm that lands inside an import fires again this much later

__all__ = ["DEFAULT_TIME_LIMIT", "IMPORT_RETRY_S", "STARTED", "Deadline"]


class Deadline:
    """Ends the process (exit 0) when the time limit passes, except inside `critical()`: a
    block being written is finished first, then the process ends.

    In the main thread the limit is a SIGALRM interval timer: no thread to start, and a wait on
    stdin or on a lock is interrupted at once. Elsewhere (no SIGALRM, or not the main thread)
    a daemon timer thread does the same."""

    def __init__(
        self, on_expire: Callable[[], Any], seconds: float | None = None, *, enabled: bool = True
    ) -> None:
        self._enabled = enabled
        self._on_expire = on_expire
        self._limit = DEFAULT_TIME_LIMIT if seconds is None else seconds
        self._timer: Any = None  # the thread timer, when one is used
        self._gate: Any = None  # its lock, held by critical() and by the expiring thread
        self._previous: Any = None  # the SIGALRM handler ours replaced
        self._depth = 0  # critical() blocks open (signal mode)
        self._signal: Any = None  # the signal module, once the alarm is armed
        self._pending = False  # the alarm came inside critical(): fire when it ends
        self.fallback: Callable[[], None] | None = None  # what to do with an unwritten event
        self.context: str | None = None  # what a session start answers if time runs out
        self.settled = False  # the event is written, spooled or filtered (capture says so)
        if seconds is not None:
            self.arm(seconds)

    def arm(self, seconds: float) -> None:
        """(Re)set the limit, counted from process start."""
        self.cancel()
        self._limit = seconds
        if not self._enabled:
            return
        # setitimer(0) would disarm it: an expired limit still fires, at once.
        delay = max(self.remaining(), 1e-6)
        try:
            import signal

            self._previous = signal.signal(signal.SIGALRM, self._alarm)
            self._signal = signal  # the handler may not import (see _alarm)
        except (ImportError, AttributeError, ValueError):  # no SIGALRM, or not the main thread
            self._arm_thread(delay)
            return
        signal.setitimer(signal.ITIMER_REAL, delay)

    def _arm_thread(self, delay: float) -> None:
        import threading

        if self._gate is None:
            self._gate = threading.Lock()
        timer = threading.Timer(delay, self._expire_thread)
        timer.daemon = True
        timer.start()
        self._timer = timer

    def remaining(self) -> float:
        return max(0.0, STARTED + self._limit - time.monotonic())

    @property
    def limit(self) -> float:
        return self._limit

    def set_fallback(self, fallback: Callable[[], None] | None) -> None:
        """`fallback` runs if the limit passes before it is cleared (it spools the event)."""
        self.fallback = fallback

    def set_context(self, context: str) -> None:
        self.context = context

    def settle(self) -> None:
        """This call's event is taken care of: the limit has nothing left to keep."""
        self.settled = True

    @contextmanager
    def critical(self) -> Iterator[None]:
        if self._gate is not None:
            with self._gate:
                yield
            return
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1
            if self._pending and not self._depth:
                self._fire()

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._previous is not None:
            import signal

            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self._previous)
            self._previous = None
        self._pending = False

    def _alarm(self, signum: int, frame: Any) -> None:
        # Runs in the main thread between two bytecodes: inside critical() it only takes note.
        if self._depth:
            self._pending = True
            return
        # Half-way through an import, the import machinery's own locks are mid-update: the
        # expiry path imports (overrun, spool), and doing so now breaks them (a KeyError inside
        # importlib, seen under a CPU hog). Try again a moment later, once the import is done.
        while frame is not None:
            if frame.f_code.co_filename.startswith("<frozen importlib"):
                self._signal.setitimer(self._signal.ITIMER_REAL, IMPORT_RETRY_S)
                return
            frame = frame.f_back
        self._fire()

    def _expire_thread(self) -> None:
        self._gate.acquire()
        try:
            self._fire()
        finally:
            self._gate.release()  # reached only when the limit was extended

    def _fire(self) -> None:
        """`on_expire` returns True when it extended the limit (re-armed): the call goes on.
        Anything else ends the process."""
        keep_going = False
        try:
            keep_going = self._on_expire() is True
        finally:
            if not keep_going:
                os._exit(0)

    def elapsed(self) -> float:
        return time.monotonic() - STARTED
