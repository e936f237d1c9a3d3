"""SIGKILL at random points of the hook, the watcher, `vaultsync rebuild` and a commit.

Each test runs the real process, kills it after a delay drawn from a seeded RNG (uniform over
the time an undisturbed run takes, measured first), sometimes with every process it started
(git included: git runs in its own session, so only an explicit kill reaches it), and then
checks the vault with `faultkit.assert_healthy`: notes parse, rebuild succeeds, `git fsck`
passes, no `.vstmp-` file is visible as a note, index row or commit, and the next commit is not
blocked by a lock the dead process left.

`VAULTSYNC_FAULT_SEEDS=n` runs n seeds per target instead of the default.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import statistics
import subprocess
import time
from pathlib import Path

import pytest
from faultkit import (
    CLI,
    HOOK,
    assert_healthy,
    cli,
    env_for,
    hook,
    kill_after,
    kill_in_git,
    lifecycle,
    make_vault,
    rng,
    seeds,
    session_events,
    tool_call,
    vault_files,
    wait_git_idle,
)

from vaultsync.adapters.heartbeat import read_heartbeat
from vaultsync.core.config import load_config
from vaultsync.storage import history

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]


def _note(i: int, words: int = 300) -> str:
    body = " ".join(f"word{(i * 7 + k) % 997}" for k in range(words))
    return f"---\ntags:\n  - fault\ncreated: 2026-11-29\n---\n# Note {i}\n\n{body}\n"


def _fill(vault: Path, n: int, folder: str = "notes") -> list[str]:
    rels = []
    for i in range(n):
        rel = f"{folder}/f{i // 200:03d}/note {i:05d}.md"
        (vault / rel).parent.mkdir(parents=True, exist_ok=True)
        (vault / rel).write_text(_note(i), encoding="utf-8")
        rels.append(rel)
    return rels


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A committed, indexed vault of 3,000 notes, copied for each seed (with its .git)."""
    root = tmp_path_factory.mktemp("template") / "vault"
    make_vault(root)
    _fill(root, 3000)
    history.commit_all(root, "fault: 3,000 notes")
    return root


def _copy(template: Path, tmp_path: Path) -> Path:
    vault = tmp_path / "vault"
    shutil.copytree(template, vault, symlinks=True)
    return vault


def _timed_hook(vault: Path, payload: dict[str, object]) -> float:
    started = time.perf_counter()
    assert hook(vault, "claude-code", payload).returncode == 0
    return time.perf_counter() - started


def _timed(argv: list[str], vault: Path) -> float:
    started = time.perf_counter()
    subprocess.run(argv, env=env_for(vault), capture_output=True, check=True)
    return time.perf_counter() - started


# --- the hook ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", seeds(6))
def test_sigkill_hook(tmp_path: Path, seed: int) -> None:
    vault = make_vault(tmp_path / "vault")
    r = rng(seed, "hook")
    assert hook(vault, "claude-code", tool_call("kill-me", "first")).returncode == 0
    # An undisturbed call of the same kind, timed here and now: kills are drawn over it.
    took = statistics.median(
        _timed_hook(vault, tool_call("kill-me", f"calibrate-{seed}-{i}")) for i in range(3)
    )
    killed = 0
    for k in range(10):
        # Vary what is in flight: a big output, a new session's first event (note creation),
        # a turn end or session end (frontmatter rewrite).
        choice = r.choice(["tool", "big", "new", "stop", "end"])
        session = f"kill-new-{seed}-{k}" if choice == "new" else "kill-me"
        if choice in ("stop", "end"):
            payload = lifecycle(session, "Stop" if choice == "stop" else "SessionEnd")
        else:
            payload = tool_call(session, f"s{seed}k{k}", size=400_000 if choice == "big" else 0)
        proc = subprocess.Popen(
            [*HOOK, "--agent", "claude-code"],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=env_for(vault),
        )
        assert proc.stdin is not None
        proc.stdin.write(json.dumps(payload).encode())
        proc.stdin.close()
        # The first kill lands during start-up for sure (a loaded machine can make the
        # calibration run slow and every later draw late); the others are spread over a call.
        delay = r.uniform(0, took * 1.2) if k else min(0.005, took / 4)
        killed += kill_after(proc, delay, tree=False)
        session_events(vault)  # after every kill: no torn event block
    # The session goes on after the crashes: the next event lands and the note still parses.
    assert hook(vault, "claude-code", tool_call("kill-me", "after")).returncode == 0
    assert any(e.input.endswith("after") for e in session_events(vault))
    assert_healthy(vault, f"hook-{seed}", index=load_config(vault).index_file())
    assert killed, "no hook was killed mid-flight"


# --- the watcher -------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", seeds(5))
def test_sigkill_watcher(template: Path, tmp_path: Path, seed: int) -> None:
    vault = _copy(template, tmp_path)
    r = rng(seed, "watch")
    env = env_for(vault)
    watcher = subprocess.Popen(
        [*CLI, "watch", "--vault", str(vault), "-q"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    try:
        deadline = time.monotonic() + 120
        while not (read_heartbeat(vault) or {}).get("last_reconcile"):
            assert watcher.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        # A burst: new notes, edits, a deletion and a folder rename, then a kill while the
        # watcher indexes and commits them (debounce 0.3 s, so the batch runs within ~0.3-2 s).
        written = _fill(vault, 40, folder=f"burst{seed}")
        for i in range(0, 3000, 150):
            (vault / f"notes/f{i // 200:03d}/note {i:05d}.md").write_text(_note(i + 1))
        (vault / "notes/f000/note 00001.md").unlink()
        (vault / "notes/f014").rename(vault / "notes/renamed")
        kill_after(watcher, r.uniform(0.1, 2.5), tree=seed % 2 == 1)
    finally:
        if watcher.poll() is None:
            watcher.kill()
            watcher.wait()
    wait_git_idle(vault)
    # A restarted watcher catches up: everything written before the crash gets committed.
    once = cli(vault, "watch", "--once", "-q")
    assert once.returncode == 0, once.stderr[-2000:]
    tracked = set(history.tracked(vault))
    assert set(written) <= tracked
    assert "notes/f000/note 00001.md" not in tracked
    assert any(t.startswith("notes/renamed/") for t in tracked)
    assert not any(t.startswith("notes/f014/") for t in tracked)
    assert_healthy(vault, f"watch-{seed}", index=load_config(vault).index_file())


# --- rebuild -----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", seeds(6))
def test_sigkill_rebuild(template: Path, tmp_path: Path, seed: int) -> None:
    vault = _copy(template, tmp_path)
    r = rng(seed, "rebuild")
    argv = [*CLI, "rebuild", "--vault", str(vault), "--json"]
    took = _timed(argv, vault)  # also leaves a complete index to fall back on
    index = load_config(vault).index_file()
    for _ in range(3):
        proc = subprocess.Popen(
            argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env_for(vault)
        )
        kill_after(proc, r.uniform(0, took * 1.1), tree=r.random() < 0.5)
        time.sleep(0.2)
        # Whatever the moment, the index in place is a whole one: the old or the new.
        found = cli(vault, "search", "word5", "--json")
        assert found.returncode == 0, found.stderr[-2000:]
    report = assert_healthy(vault, f"rebuild-{seed}", index=index)
    assert report["notes"] >= 3000
    assert not list(index.parent.glob(f"{index.name}.rebuild-*"))


# --- a commit ----------------------------------------------------------------------------------


def _pending_changes(vault: Path, tag: str) -> list[str]:
    """Enough staged work (600 edits, 400 new notes, 100 deletions) that a kill can land inside
    git: update-index, the tree and commit objects, or the ref update. Returns the new rels."""
    for i in range(0, 3000, 5):
        (vault / f"notes/f{i // 200:03d}/note {i:05d}.md").write_text(_note(i + 3))
    new = _fill(vault, 400, folder=f"new-{tag}")
    for i in range(1, 2000, 20):
        (vault / f"notes/f{i // 200:03d}/note {i:05d}.md").unlink()
    return new


@pytest.fixture(scope="module")
def commit_seconds(template: Path, tmp_path_factory: pytest.TempPathFactory) -> float:
    """How long an undisturbed `vaultsync commit` of `_pending_changes` takes here."""
    vault = _copy(template, tmp_path_factory.mktemp("calibrate"))
    _pending_changes(vault, "calibrate")
    return _timed([*CLI, "commit", "--vault", str(vault)], vault)


@pytest.mark.parametrize("seed", seeds(8))
def test_sigkill_commit(template: Path, tmp_path: Path, seed: int, commit_seconds: float) -> None:
    vault = _copy(template, tmp_path)
    r = rng(seed, "commit")
    new = _pending_changes(vault, str(seed))
    before = history.head(vault)
    proc = subprocess.Popen(
        [*CLI, "commit", "--vault", str(vault), "--json"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env_for(vault),
    )
    if seed % 2 == 0:  # the whole family, git included, once git is at work
        kill_in_git(proc, r.uniform(0, commit_seconds / 2))
    else:  # vaultsync alone, at any moment: its git child finishes as an orphan
        kill_after(proc, r.uniform(0, commit_seconds), tree=False)
    wait_git_idle(vault)
    assert_healthy(vault, f"commit-{seed}", index=load_config(vault).index_file())
    # The probe commit took everything still pending: nothing the crash interrupted is lost.
    tracked = set(history.tracked(vault))
    assert set(new) <= tracked
    assert history.dirty_rels(vault) == []
    assert before != history.head(vault)
    on_disk = [r for r in vault_files(vault) if r.startswith("notes/")]
    assert sorted(on_disk) == sorted(t for t in tracked if t.startswith("notes/"))


# --- the spool ---------------------------------------------------------------------------------


def _spool_backlog(vault: Path, session: str, count: int, tag: str) -> list[str]:
    """`count` events waiting in the spool, as hooks that found the session busy leave them."""
    from datetime import UTC, datetime

    from vaultsync.core import eventlog
    from vaultsync.core.hook import agents, capture, delivery, spool

    cfg = load_config(vault)
    now = datetime.now(UTC)
    rel = delivery.session_rel(vault, "claude-code", session, now)
    key = delivery.session_key("claude-code", session)
    markers = []
    for n in range(count):
        inc = agents.normalize("claude-code", tool_call(session, f"{tag}-{n:03d}"))
        event = capture.build_event(
            inc, capture.project_of(inc.cwd), now, capture.Limits.from_config(cfg)
        )
        spool.put(vault, key, {"v": 1, "kind": "event", "rel": rel, "project": "demo",
                               "block": eventlog.render(event)})  # fmt: skip
        markers.append(f"{tag}-{n:03d}")
    return markers


def _start_hook(vault: Path, payload: dict[str, object]) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [*HOOK, "--agent", "claude-code"],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env_for(vault),
    )
    assert proc.stdin is not None
    proc.stdin.write(json.dumps(payload).encode())
    proc.stdin.close()
    return proc


@pytest.mark.parametrize("seed", seeds(4))
def test_sigkill_hook_mid_spool_and_mid_drain(tmp_path: Path, seed: int) -> None:
    """Kills land while a hook drains a backlog of spooled events into the note (mid-drain)
    and while hooks that find the session's lock held spool their own (mid-spool). Afterwards
    every event that was spooled, or whose hook was not killed, is in the note exactly once,
    spooled ones in the order spooled; an event whose hook was killed before it was spooled
    is absent or there once, never torn or doubled; the spool is empty."""
    from vaultsync.core import writer
    from vaultsync.core.hook import capture, delivery, spool

    vault = make_vault(tmp_path / "vault")
    r = rng(seed, "spool")
    session = "kill-spool"
    assert hook(vault, "claude-code", tool_call(session, "first")).returncode == 0
    key = delivery.session_key("claude-code", session)
    lock = delivery.session_lock(vault, key)
    # An undisturbed drain of a backlog, timed here and now: kills are drawn over it.
    _spool_backlog(vault, session, 60, "calibrate")
    took = _timed_hook(vault, tool_call(session, "calibrated"))
    backlogs: list[str] = []
    killed: list[str] = []
    mid_drain = 0
    for k in range(10):
        hold = k % 3 == 2  # the session busy: this hook spools (and may die doing it)
        marker = f"s{seed}k{k}"
        if not hold:
            backlogs += _spool_backlog(vault, session, 60, f"b{k}")
        with contextlib.ExitStack() as stack:
            if hold:
                stack.enter_context(writer.locked(lock))
            proc = _start_hook(vault, tool_call(session, marker))
            if kill_after(proc, r.uniform(0.0, took * 1.2), tree=False):
                killed.append(marker)
                mid_drain += not hold and 0 < len(spool.pending(vault, key)) < 60
        session_events(vault)  # after every kill: no torn block
    assert hook(vault, "claude-code", tool_call(session, "last")).returncode == 0
    capture.drain_spool(vault, load_config(vault))
    assert spool.count(vault) == 0
    found = [e.input.split()[-1] for e in session_events(vault)]
    assert len(found) == len(set(found)), "an event was written twice"
    assert [m for m in found if m.startswith("b")] == backlogs  # all, once, in spool order
    for k in range(10):
        if f"s{seed}k{k}" not in killed:
            assert f"s{seed}k{k}" in found
    assert found[0] == "first" and "last" in found
    assert killed, "no hook was killed mid-flight"
    assert_healthy(vault, f"spool-{seed}", index=load_config(vault).index_file())
    print(f"seed {seed}: {len(killed)} killed, {mid_drain} mid-drain, took {took:.3f} s")
