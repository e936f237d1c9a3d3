"""The spool: events the hook cannot write in time wait there, and are written in order and
exactly once by whoever comes next (real hook processes where it matters)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from vaultsync.core import eventlog, paths, writer
from vaultsync.core.config import load_config
from vaultsync.core.hook import agents, capture, delivery, spool, timeouts
from vaultsync.core.queue import NoBudget
from vaultsync.services.agents.install import _write_launcher


@pytest.fixture(autouse=True)
def no_overlap_filter(vault: Path) -> None:
    # The events here differ only in a marker: the overlap filter would merge them.
    (vault / ".vaultsync" / "config.toml").write_text("[hook]\ndedupe_overlap = 0\n")


@pytest.fixture
def launcher(vault: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.setenv("VAULTSYNC_VAULT", str(vault))
    return [str(_write_launcher(dry_run=False))]


def call(session: str, marker: str) -> dict[str, Any]:
    return {
        "session_id": session,
        "hook_event_name": "PostToolUse",
        "cwd": "/work/demo",
        "tool_name": "Bash",
        "tool_input": {"command": f"make step-{marker} --verbose --jobs 4"},
        "tool_response": {"stdout": f"step {marker} finished: 14 targets rebuilt, 0 failed"},
    }


def run(cmd: list[str], payload: dict[str, Any], agent: str = "claude-code") -> None:
    proc = subprocess.run(
        [*cmd, "--agent", agent], input=json.dumps(payload).encode(), capture_output=True
    )
    assert proc.returncode == 0 and proc.stderr == b""


def events(vault: Path) -> list[eventlog.Event]:
    found: list[eventlog.Event] = []
    for note in sorted((vault / paths.SESSIONS_DIR).rglob("*.md")):
        parsed, problems = eventlog.parse_all(note.read_text(encoding="utf-8"))
        assert problems == []
        found += parsed
    return found


def markers(vault: Path) -> list[str]:
    return [e.input.split()[1] for e in events(vault)]


def session_lock(vault: Path, session: str) -> Path:
    return delivery.session_lock(vault, delivery.session_key("claude-code", session))


def test_time_limit_follows_what_install_gives_each_agent_and_event() -> None:
    assert timeouts.time_limit("claude-code", "PostToolUse") == 4.5  # 5 s written by install
    assert timeouts.time_limit("claude-code", "SessionStart") == 9.0  # 10 s
    assert timeouts.time_limit("codex", "SessionEnd") == 0.9  # Codex's own 1 s
    assert timeouts.time_limit("gemini", "AfterTool") == 4.5  # 5000 ms written by install
    assert timeouts.time_limit("hermes", "post_tool_call") == 4.5
    assert timeouts.time_limit("claude-code", "") == 0.9  # event unknown yet: the shortest
    assert timeouts.time_limit("claude-code", "PostToolUse", cap=2.0) == 2.0  # the cap
    # The table install writes is the one the hook reads.
    from vaultsync.services.agents import agent_config

    assert agent_config.handler("gemini", "AfterTool", "x")["timeout"] == 5000
    assert agent_config.handler("codex", "PostToolUse", "x")["timeout"] == 5
    assert timeouts.hook_budget_s("gemini", "AfterTool") == 5.0


def test_a_busy_session_spools_and_the_next_call_writes_both_in_order(
    launcher: list[str], vault: Path
) -> None:
    run(launcher, call("s1", "one"))
    with writer.locked(session_lock(vault, "s1")):
        run(launcher, call("s1", "two"))  # waits hook.lock_wait_s, then spools
        assert markers(vault) == ["step-one"]
        [waiting] = spool.pending(vault, delivery.session_key("claude-code", "s1"))
        assert stat.S_IMODE(waiting.stat().st_mode) == 0o600
        assert stat.S_IMODE(waiting.parent.stat().st_mode) == 0o700
        assert stat.S_IMODE(spool.folder(vault).stat().st_mode) == 0o700
        assert not waiting.resolve().is_relative_to(vault.resolve())
        # Redacted before it was spooled: the record holds the block as the note will.
        assert json.loads(waiting.read_text())["block"].startswith("\n### ")
    run(launcher, call("s1", "three"))
    assert markers(vault) == ["step-one", "step-two", "step-three"]
    assert spool.count(vault) == 0


def test_a_secret_is_redacted_before_it_is_spooled(launcher: list[str], vault: Path) -> None:
    secret = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    payload = call("s1", "secret")
    payload["tool_response"] = {"stdout": f"export GITHUB_TOKEN={secret}"}
    with writer.locked(session_lock(vault, "s1")):
        run(launcher, payload)
        [waiting] = spool.pending(vault, delivery.session_key("claude-code", "s1"))
        assert secret not in waiting.read_text()


def test_whoever_holds_the_lock_drains_what_was_spooled_meanwhile(
    launcher: list[str], vault: Path
) -> None:
    """The last one out sees what was spooled while it held the lock: no call after it
    needed. Here the test holds the lock (as a slow hook would), a hook spools, and the
    test's own drain after letting go (what a hook does) writes it."""
    run(launcher, call("s1", "one"))
    cfg = load_config(vault)
    key = delivery.session_key("claude-code", "s1")
    with writer.locked(session_lock(vault, "s1")):
        run(launcher, call("s1", "two"))
    delivery.combine(vault, cfg, key, NoBudget())
    assert markers(vault) == ["step-one", "step-two"]
    assert spool.count(vault) == 0


def test_drain_after_a_crash_between_append_and_unlink_writes_once(vault: Path) -> None:
    """A drain killed after the note was fsynced but before the spool file was removed: the
    next drain finds the event's id in the note and only removes the file."""
    cfg = load_config(vault)
    inc = agents.normalize("claude-code", call("s1", "one"))
    capture.handle(inc, vault, cfg, datetime.now(UTC))
    [event] = events(vault)
    rel = delivery.session_rel(vault, "claude-code", "s1", datetime.now(UTC))
    key = delivery.session_key("claude-code", "s1")
    spool.put(vault, key, {"v": 1, "kind": "event", "rel": rel, "project": "demo",
                           "block": eventlog.render(event)})  # fmt: skip
    assert capture.drain_spool(vault, cfg) == 0  # nothing written: it was there already
    assert [e.id for e in events(vault)] == [event.id]
    assert spool.count(vault) == 0


def test_a_raw_payload_is_parsed_redacted_and_written_once(vault: Path) -> None:
    """What the deadline spools when it strikes before the payload became an event."""
    cfg = load_config(vault)
    record = {
        "v": 1,
        "kind": "raw",
        "agent": "claude-code",
        "event": "",
        "received": "2026-12-01T10:00:00+00:00",
        "id": "20261201T100000000000Z-0badcafe",
        "payload": json.dumps(call("s1", "raw")),
    }
    spool.put(vault, spool.RAW, record)
    copy = spool.put(vault, spool.RAW, record)  # a drain killed before its unlink, replayed
    assert copy.exists()
    assert capture.drain_spool(vault, cfg) == 2
    assert [(e.id, e.input.split()[1]) for e in events(vault)] == [
        ("20261201T100000000000Z-0badcafe", "step-raw")
    ]
    assert events(vault)[0].ts.startswith("2026-12-01T10:00:00")
    assert spool.count(vault) == 0


_DRAINER = """
import sys
from pathlib import Path
from vaultsync.core.hook import capture
from vaultsync.core.config import load_config
vault = Path(sys.argv[1])
print(capture.drain_spool(vault, load_config(vault)))
"""


def test_parallel_drains_write_each_event_exactly_once(vault: Path) -> None:
    cfg = load_config(vault)
    now = datetime.now(UTC)
    for s in range(3):
        rel = delivery.session_rel(vault, "claude-code", f"s{s}", now)
        key = delivery.session_key("claude-code", f"s{s}")
        for n in range(15):
            inc = agents.normalize("claude-code", call(f"s{s}", f"{s}-{n:02d}"))
            project = capture.project_of(inc.cwd)
            event = capture.build_event(inc, project, now, capture.Limits.from_config(cfg))
            spool.put(vault, key, {"v": 1, "kind": "event", "rel": rel, "project": "demo",
                                   "block": eventlog.render(event)})  # fmt: skip
    env = {**os.environ}
    procs = [
        subprocess.Popen([sys.executable, "-c", _DRAINER, str(vault)], env=env,
                         stdout=subprocess.PIPE)
        for _ in range(4)
    ]  # fmt: skip
    taken = [int(p.communicate()[0]) for p in procs]
    assert all(p.returncode == 0 for p in procs)
    assert sum(taken) == 45  # each counts what it wrote itself
    found = markers(vault)
    assert sorted(found) == sorted(f"step-{s}-{n:02d}" for s in range(3) for n in range(15))
    for s in range(3):  # in the order they were spooled
        mine = [m for m in found if m.startswith(f"step-{s}-")]
        assert mine == sorted(mine)
    assert spool.count(vault) == 0


def test_status_and_rebuild_drain_the_spool(vault: Path) -> None:
    from vaultsync.services.derived import reconcile
    from vaultsync.services.vault import status

    cfg = load_config(vault)
    now = datetime.now(UTC)
    for n, drain in enumerate(
        (lambda: status.status(vault), lambda: reconcile.rebuild(vault, cfg))
    ):
        rel = delivery.session_rel(vault, "claude-code", "s1", now)
        inc = agents.normalize("claude-code", call("s1", f"late-{n}"))
        event = capture.build_event(
            inc, capture.project_of(inc.cwd), now, capture.Limits.from_config(cfg)
        )
        spool.put(vault, delivery.session_key("claude-code", "s1"),
                  {"v": 1, "kind": "event", "rel": rel, "project": "demo",
                   "block": eventlog.render(event)})  # fmt: skip
        drain()
        assert spool.count(vault) == 0
    assert markers(vault) == ["step-late-0", "step-late-1"]


_SLOW_START = """
import io, sys, time
from vaultsync.core.hook import capture
from vaultsync.core.hook.process import main
def slow(*args, **kwargs):
    time.sleep(30)  # a machine too busy to assemble the context in time
capture.session_context = slow
sys.stdin = io.TextIOWrapper(io.BytesIO(sys.argv[1].encode()))
main(["--agent", "claude-code"], own_process=True)
"""


def test_a_session_start_out_of_time_answers_with_the_last_context(
    launcher: list[str], vault: Path
) -> None:
    (vault / "USER.md").write_text("# About me\n\nPrefers small, reviewed diffs.\n")
    start = {"session_id": "s1", "hook_event_name": "SessionStart", "cwd": "/work/demo"}
    fresh = subprocess.run(
        [*launcher, "--agent", "claude-code"], input=json.dumps(start).encode(),
        capture_output=True,
    )  # fmt: skip
    assert "Prefers small, reviewed diffs." in fresh.stdout.decode()
    (vault / ".vaultsync" / "config.toml").write_text("[hook]\ntime_limit_s = 1.0\n")
    again = {**start, "session_id": "s2"}
    proc = subprocess.run(
        [sys.executable, "-c", _SLOW_START, json.dumps(again)], capture_output=True, timeout=20
    )
    assert proc.returncode == 0
    out = json.loads(proc.stdout)
    context = out["hookSpecificOutput"]["additionalContext"]
    assert "Prefers small, reviewed diffs." in context  # the cached one, not nothing


class _Killed(BaseException):
    """The hook process ending at its time limit (os._exit in the real hook)."""


@pytest.mark.parametrize("strike", ["replay", "own"])
def test_the_limit_striking_after_or_during_a_raw_replay_keeps_the_calls_own_event(
    vault: Path, monkeypatch: pytest.MonkeyPatch, strike: str
) -> None:
    """A hook drains older raw payloads before its own event, with its own deadline. Writing
    a replayed payload used to settle that deadline (and swap its fallback for the replayed
    event's), so when the limit struck afterwards the call's own event was neither written
    nor spooled nor logged: it vanished (19 of 3,200 in the 64 x 50 hog run)."""
    from vaultsync.core.hook import overrun
    from vaultsync.core.hook import process as hook

    cfg = load_config(vault)
    spool.put(vault, spool.RAW, {
        "v": 1, "kind": "raw", "agent": "claude-code", "event": "",
        "received": datetime.now(UTC).isoformat(), "id": "20261201T100000000000Z-0badcafe",
        "payload": json.dumps(call("s1", "older")),
    })  # fmt: skip
    own = json.dumps(call("s1", "own")).encode()
    state = hook._Call()
    state.agent, state.event, state.vault, state.raw, state.parsed = (
        "claude-code",
        "PostToolUse",
        vault,
        own,
        True,
    )
    # A limit counts from the hook process's start; this process started long ago.
    monkeypatch.setattr("vaultsync.core.hook.deadline.STARTED", time.monotonic())
    deadline = hook.Deadline(lambda: None, 4.5, enabled=False)
    real = delivery._write_session

    def write_session(vault: Path, cfg: Any, key: str, budget: Any, own: Any) -> Any:
        if (
            own is not None
            and own[0].input.split()[1] == f"step-{'older' if strike == 'replay' else 'own'}"
        ):
            overrun.spool_unwritten(state, deadline)  # what the hook's expire() does
            raise _Killed
        return real(vault, cfg, key, budget, own)

    monkeypatch.setattr(delivery, "_write_session", write_session)
    inc = agents.normalize("claude-code", json.loads(own), None)
    with pytest.raises(_Killed):
        capture.handle(inc, vault, cfg, datetime.now(UTC), deadline)
    monkeypatch.setattr(delivery, "_write_session", real)
    capture.catch_up(vault, cfg)  # what `vaultsync status` does
    assert sorted(markers(vault)) == ["step-older", "step-own"]
    assert len({e.id for e in events(vault)}) == 2
    assert spool.count(vault) == 0


def test_a_payload_cut_off_by_the_limit_is_kept_redacted_not_thrown_away(vault: Path) -> None:
    """The agent had not written its whole payload when the hook's longest budget ran out:
    the event cannot be known, but what came is spooled raw, and the drain keeps it (redacted)
    set aside for a person, and says so in the hook error log."""
    from vaultsync.core.hook import overrun
    from vaultsync.core.hook import process as hook

    secret = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    whole = json.dumps(call("s1", f"cut GITHUB_TOKEN={secret} and more")).encode()
    state = hook._Call()
    state.agent, state.vault, state.max_stdin = "claude-code", vault, 1 << 20
    state.chunks = [whole[: len(whole) // 2], whole[len(whole) // 2 : -20]]
    deadline = hook.Deadline(lambda: None, 0.9, enabled=False)
    deadline.elapsed = lambda: 100.0  # type: ignore[method-assign]  # no time left to wait
    assert overrun.spool_unwritten(state, deadline)
    [waiting] = spool.pending(vault, spool.RAW)
    assert json.loads(waiting.read_text())["partial"] is True
    capture.catch_up(vault, load_config(vault))
    assert spool.count(vault) == 0 and events(vault) == []
    [kept] = (spool.folder(vault) / spool.RAW).glob("*.bad")
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    text = json.loads(kept.read_text())["payload"]
    assert "step-cut" in text and secret not in text
    log = paths.hook_error_log().read_text()
    assert "SpoolSetAside" in log and "incomplete" in log


def test_an_event_spooled_for_want_of_time_is_reported_before_the_limit_can_strike(
    vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The note's lock stays busy until the limit is near: the event is spooled, and the line
    saying so is written inside the same critical block, so the limit (which ends the process
    between two bytecodes, once the event is settled) cannot cut it off (seen on CI)."""
    from vaultsync.core import logs
    from vaultsync.core.hook import process as hook

    monkeypatch.setattr("vaultsync.core.hook.deadline.STARTED", time.monotonic())
    deadline = hook.Deadline(lambda: None, 0.3, enabled=False)
    seen: list[tuple[str, int, bool]] = []
    real = logs.hook_error

    def hook_error(agent: str, event: str, error: str, message: str, when: Any = None) -> None:
        seen.append((error, deadline._depth, deadline.settled))
        real(agent, event, error, message, when)

    monkeypatch.setattr(logs, "hook_error", hook_error)
    cfg = load_config(vault)
    inc = agents.normalize("claude-code", call("s1", "first"), None)
    roomy = hook.Deadline(lambda: None, 30, enabled=False)
    capture.handle(inc, vault, cfg, datetime.now(UTC), roomy)
    [note] = (vault / paths.SESSIONS_DIR).rglob("*.md")
    rel = note.relative_to(vault).as_posix()
    inc = agents.normalize("claude-code", call("s1", "late"), None)
    with writer.locked(paths.lock_path(vault, rel)):
        capture.handle(inc, vault, cfg, datetime.now(UTC), deadline)
    assert seen == [("TimeLimit", 1, False)]  # inside critical(), before the event is settled
    assert deadline.settled and spool.count(vault) == 1
    capture.catch_up(vault, cfg)
    assert markers(vault) == ["step-first", "step-late"]


def test_an_event_waits_behind_an_older_raw_payload_another_call_is_draining(
    vault: Path,
) -> None:
    """A session's earlier payload was spooled raw (the machine was overloaded) and another
    call is draining the raw queue: the next event of that session must not overtake it. It
    waits, redacted, in the same queue, and the note gets both in the order they came."""
    secret = "ghp_" + "Q9w8E7r6T5y4U3i2O1p0A9s8D7f6G5h4J3k2"
    spool.put(vault, spool.RAW, {
        "v": 1, "kind": "raw", "agent": "claude-code", "event": "",
        "received": datetime.now(UTC).isoformat(), "id": "20261201T100000000000Z-0ldc0ffe",
        "payload": json.dumps(call("s1", "older")),
    })  # fmt: skip
    cfg = load_config(vault)
    newer = agents.normalize("claude-code", call("s1", f"newer GITHUB_TOKEN={secret}"), None)
    with writer.locked(spool.folder(vault) / ".raw.lock"):  # another call is draining
        capture.handle(newer, vault, cfg, datetime.now(UTC))
        assert events(vault) == []  # not ahead of the older one
        queued = spool.pending(vault, spool.RAW)
        assert len(queued) == 2 and secret not in queued[1].read_text()
        assert json.loads(queued[1].read_text())["kind"] == "event"
    capture.catch_up(vault, cfg)
    assert markers(vault) == ["step-older", "step-newer"]
    assert spool.count(vault) == 0 and secret not in "".join(e.input for e in events(vault))
    capture.catch_up(vault, cfg)  # exactly once
    assert len(events(vault)) == 2


def test_a_queued_event_that_points_outside_the_sessions_is_set_aside(vault: Path) -> None:
    cfg = load_config(vault)
    good = agents.normalize("claude-code", call("s1", "kept"), None)
    capture.handle(good, vault, cfg, datetime.now(UTC))
    [note] = (vault / paths.SESSIONS_DIR).rglob("*.md")
    block = eventlog.render(events(vault)[0])
    for rel, text in (("../outside.md", block), ("Memories/L1/x.md", block), (note.name, "no")):
        record = {"v": 1, "kind": "event", "rel": rel, "project": "", "block": text}
        spool.put(vault, spool.RAW, record)
    capture.catch_up(vault, cfg)
    assert spool.count(vault) == 0 and not (vault.parent / "outside.md").exists()
    assert len(list((spool.folder(vault) / spool.RAW).glob("*.bad"))) == 3
    assert markers(vault) == ["step-kept"]  # written once, nowhere else
    assert note.read_text().count(block.strip().splitlines()[0]) == 1
