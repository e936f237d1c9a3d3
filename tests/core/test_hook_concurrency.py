"""Many real hook processes at once: every event lands exactly once, notes stay parseable.

Agents run hooks for parallel tool calls in parallel. Here W writer threads each start E hook
processes one after another (so W processes run at any moment), all on one session or spread
over several, and the notes are read back with the strict parser.
"""

from __future__ import annotations

import json
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from vaultsync.core import eventlog, paths
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


def _hammer(vault: Path, workers: int, events: int, sessions: int) -> None:
    # The time limit protects agents from a slow hook (a hook it stops is logged, and its
    # event is lost by design). Here 64 processes share 2 cores with whatever else the machine
    # runs, so a hook may wait its turn far longer than any agent would let it: lift the limit,
    # so that what is measured is the locking, not the scheduler.
    (vault / ".vaultsync" / "config.toml").write_text("[hook]\ntime_limit_s = 600\n")
    launcher = str(_write_launcher(dry_run=False))
    env = {**os.environ, "VAULTSYNC_VAULT": str(vault)}

    def worker(w: int) -> list[int]:
        codes = []
        for n in range(events):
            proc = subprocess.run(
                [launcher, "--agent", "claude-code"],
                input=_payload(w, n, sessions),
                capture_output=True,
                env=env,
            )
            codes.append(proc.returncode)
        return codes

    with ThreadPoolExecutor(max_workers=workers) as pool:
        codes = [c for result in pool.map(worker, range(workers)) for c in result]
    assert set(codes) == {0}
    log = paths.hook_error_log()
    assert not log.exists(), log.read_text()[-2000:]

    notes = sorted((vault / paths.SESSIONS_DIR).rglob("*.md"))
    assert len(notes) == sessions
    markers: list[str] = []
    ids: list[str] = []
    for note in notes:
        found, problems = eventlog.parse_all(note.read_text(encoding="utf-8"))
        assert problems == []
        assert note.read_text(encoding="utf-8").count("```vaultsync-event") == len(found)
        ids += [e.id for e in found]
        markers += [e.output.split()[1] for e in found]
    assert len(ids) == workers * events
    assert len(set(ids)) == len(ids)
    expected = {f"w{w}n{n}" for w in range(workers) for n in range(events)}
    assert sorted(markers) == sorted(expected)


def test_parallel_hooks_on_one_session_lose_nothing(vault: Path) -> None:
    # Eight at once, as many as the long run below ever has waiting on one note's lock; six
    # rounds of them keep the fast suite fast (the slow tier runs 64 x 50).
    _hammer(vault, workers=8, events=6, sessions=1)


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_64_processes_50_events_one_session(vault: Path) -> None:
    _hammer(vault, workers=64, events=50, sessions=1)


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_64_processes_50_events_spread_over_sessions(vault: Path) -> None:
    _hammer(vault, workers=64, events=50, sessions=8)


def test_parallel_first_events_agree_on_one_note(vault: Path) -> None:
    """The race that matters most: many first events of a brand-new session at once."""
    _hammer(vault, workers=12, events=1, sessions=1)
