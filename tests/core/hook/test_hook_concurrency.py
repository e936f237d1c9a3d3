"""Many real hook processes at once: every event lands exactly once, notes stay parseable.

Agents run hooks for parallel tool calls in parallel. Here W writer threads each start E hook
processes one after another (so W processes run at any moment), all on one session or spread
over several, and the notes are read back with the strict parser. The configuration is the
default one: the time limit is the one the agent gives (Claude Code's 5 s for PostToolUse,
less the margin), and a hook that cannot write in time spools its event for the next call.
Each writer's events must appear in the order it sent them (an agent sends one after another),
and the spool must be empty when the last hook has exited.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from vaultsync.core import eventlog, paths
from vaultsync.core.hook import spool
from vaultsync.services.agents.install import _write_launcher

WORDS = [
    *("amber", "basalt", "cobalt", "dune", "ember", "fjord", "garnet", "harbor", "iris"),
    *("jasper", "kelp", "lagoon", "meadow", "nickel", "onyx", "prairie", "quartz", "reef"),
    *("sierra", "tundra", "umber", "valley", "willow", "xenon", "yarrow", "zephyr"),
]


def _payload(worker: int, n: int, sessions: int) -> bytes:
    # Distinct words per event, so neither the duplicate nor the overlap filter merges two.
    rnd = os.urandom(12).hex()
    words = " ".join(WORDS[(worker * 7 + n * 3 + k) % len(WORDS)] + rnd[k * 4 : k * 4 + 4]
                     for k in range(6))  # fmt: skip
    return json.dumps({
        "session_id": f"session-{worker % sessions}",
        "hook_event_name": "PostToolUse",
        "cwd": "/work/demo",
        "tool_name": "Bash",
        "tool_input": {"command": f"job --worker {worker} --n {n} {words}"},
        "tool_response": {"stdout": f"marker w{worker}n{n} {rnd} done"},
    }).encode()  # fmt: skip


@contextlib.contextmanager
def cpu_hog(processes: int = 2) -> Iterator[None]:
    """Busy loops on every core, as a build running beside the agent would."""
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(processes)]
    try:
        yield
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


def _cli() -> list[str]:
    sibling = Path(sys.executable).parent / "vaultsync"
    return [str(sibling)] if sibling.exists() else [sys.executable, "-m", "vaultsync"]


def _hammer(vault: Path, workers: int, events: int, sessions: int) -> None:
    launcher = str(_write_launcher(dry_run=False))
    env = {**os.environ, "VAULTSYNC_VAULT": str(vault)}

    def worker(w: int) -> list[int]:
        codes = []
        for n in range(events):
            # The payload is in the pipe before the hook starts, as an agent that writes it
            # at once would have it: with `input=` this process's 64 threads, starved by the
            # hogs, were sometimes still to write it when the hook's 9 s ran out (the
            # harness's fault; the hook keeps what it did receive, test_spool checks that).
            payload = _payload(w, n, sessions)
            assert len(payload) < 4096  # fits the pipe: the write never blocks
            read_end, write_end = os.pipe()
            os.write(write_end, payload)
            os.close(write_end)
            try:
                proc = subprocess.run(
                    [launcher, "--agent", "claude-code"],
                    stdin=read_end,
                    capture_output=True,
                    env=env,
                )
            finally:
                os.close(read_end)
            codes.append(proc.returncode)
        return codes

    with ThreadPoolExecutor(max_workers=workers) as pool:
        codes = [c for result in pool.map(worker, range(workers)) for c in result]
    assert set(codes) == {0}
    # On a crowded machine a hook may reach its time limit (before the payload named the
    # event, the limit is the agent's shortest: 0.9 s); it then spools what it has, and says so.
    log = paths.hook_error_log()
    lines = log.read_text().splitlines() if log.exists() else []
    problems = [ln for ln in lines if "spooled" not in json.loads(ln)["message"]]
    assert problems == [], problems[-5:]
    # Normally the last hook out leaves the spool empty. On a machine so overloaded that hooks
    # reach their limit before their payload became an event, payloads wait in the raw spool
    # (durable) for a drainer: `vaultsync status` is one.
    # A payload spooled raw during the run (a later hook may have drained it already) is
    # written after the writer's later events: the known order gap, so order is checked only
    # when none was.
    raw = len(spool.pending(vault, spool.RAW)) + sum("spooled raw" in ln for ln in lines)
    if spool.count(vault):
        subprocess.run([*_cli(), "status", "--vault", str(vault)], env=env, capture_output=True,
                       check=True)  # fmt: skip
    assert spool.count(vault) == 0

    notes = sorted((vault / paths.SESSIONS_DIR).rglob("*.md"))
    assert len(notes) == sessions
    markers: list[str] = []
    ids: list[str] = []
    for note in notes:
        found, problems = eventlog.parse_all(note.read_text(encoding="utf-8"))
        assert problems == []
        assert note.read_text(encoding="utf-8").count(eventlog.MARKER) == len(found)
        ids += [e.id for e in found]
        markers += [e.output.split()[1] for e in found]
        # Per-session order: each writer's events in the order it sent them. (Known gap: a
        # payload spooled raw is written when drained, possibly after the writer's later
        # events; so the order is checked only when nothing was spooled raw.)
        sent: dict[str, list[int]] = {}
        for e in found:
            w, n = e.output.split()[1][1:].split("n")
            sent.setdefault(w, []).append(int(n))
        if not raw:
            assert all(seq == sorted(seq) for seq in sent.values()), sent
    assert len(ids) == workers * events
    assert len(set(ids)) == len(ids)
    expected = {f"w{w}n{n}" for w in range(workers) for n in range(events)}
    assert sorted(markers) == sorted(expected)


@pytest.mark.slow
def test_parallel_hooks_on_one_session_lose_nothing(vault: Path) -> None:
    # Eight at once, as many as the long run below ever has waiting on one note's lock, six
    # rounds each (the 16 x 3 run below: the same checks, twice as many at once).
    _hammer(vault, workers=8, events=6, sessions=1)


@pytest.mark.slow
def test_16_processes_at_once_with_the_default_limit_lose_nothing(vault: Path) -> None:
    """The issue's reproduction: before the spool, hooks that waited past the 0.9 s limit threw
    their events away. Slow tier (48 hook processes, 2.3 s of CPU on two cores): the fast tier's
    concurrency test is the parallel first events below; 32 and 64 at once run here too."""
    _hammer(vault, workers=16, events=3, sessions=1)


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_32_processes_20_events_default_limit(vault: Path) -> None:
    """The issue's measurement: 11 to 19 of 640 events were stored."""
    _hammer(vault, workers=32, events=20, sessions=1)


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_64_processes_50_events_one_session_with_a_cpu_hog(vault: Path) -> None:
    with cpu_hog():
        _hammer(vault, workers=64, events=50, sessions=1)


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_64_processes_50_events_spread_over_sessions(vault: Path) -> None:
    _hammer(vault, workers=64, events=50, sessions=8)


def test_parallel_first_events_agree_on_one_note(vault: Path) -> None:
    """The race that matters most: many first events of a brand-new session at once."""
    _hammer(vault, workers=12, events=1, sessions=1)
