"""Three machines, one bare remote: concurrent hook appends and edits, seeded random sync
interleavings, syncs killed mid-way. Afterwards every clone holds the same tree, every event
exactly once, no conflict marker anywhere, and `git fsck` is clean."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest
from synckit import HOOK, Machine, assert_no_markers, bare_remote, event_ids, git, session_payloads

from vaultsync.core.properties import render_frontmatter

pytestmark = pytest.mark.slow

SHARED = "memories/L2-confirmed/2026-11-20 user style 5e5e5e.md"


def _memory(body: str, reinforced: int) -> str:
    props = {
        "type": "memory",
        "level": "L2",
        "scope": "user",
        "status": "confirmed",
        "created": "2026-11-20T09:00:00Z",
        "updated": f"2026-11-2{reinforced % 10}T09:00:00Z",
        "reinforced": reinforced,
        "tags": ["vaultsync/memory", "memory/L2", "scope/user"],
    }
    return render_frontmatter(props) + f"\n# Writing style\n\n{body}\n"


def _sync_process_seconds(m: Machine) -> float:
    """How long one whole `vaultsync sync` process takes here, so kills land inside one."""
    start = time.monotonic()
    subprocess.run([*HOOK, "sync", "--quiet"], env=m.env(), capture_output=True, timeout=120)
    return time.monotonic() - start


SPAN = {"s": 1.0}


def _killed_sync(m: Machine, rng: random.Random, share: tuple[float, float] = (0.2, 0.9)) -> bool:
    """A real `vaultsync sync` process, SIGKILLed after a random share of a whole sync's time.
    True if it was still running when killed (so the kill landed mid-way)."""
    proc = subprocess.Popen(
        [*HOOK, "sync", "--quiet"],
        env=m.env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    time.sleep(rng.uniform(*share) * SPAN["s"])
    alive = proc.poll() is None
    if alive:
        os.killpg(proc.pid, signal.SIGKILL)  # git children die with it, as in a power cut
    proc.wait(timeout=60)
    return alive


def _learn_elsewhere(m: Machine, rng: random.Random, own: list[str]) -> None:
    """What a learn run on this machine does to another machine's session: its status
    changes (under the note's lock, as learn writes it) while the owner may still append."""
    from vaultsync.core import paths, properties, writer

    notes = sorted((m.vault / "sessions").rglob("*.md"))
    others = [p for p in notes if not any(sid in p.read_text(encoding="utf-8") for sid in own)]
    if not others:
        return
    target = rng.choice(others)
    rel = target.relative_to(m.vault).as_posix()
    writer.rewrite(
        target,
        lambda text: properties.set_properties(text, {"status": "summarized"}),
        lock_file=paths.lock_path(m.vault, rel),
    )


def _own_ids(m: Machine, sids: list[str]) -> set[str]:
    """Event ids in this machine's own session notes (only it appends to them). Each note is
    read under its lock, as the hook and sync take it: a sync moving the tree rewrites a note
    another machine changed (git removes and re-creates the file), and an unlocked reader
    can find it gone for that moment."""
    from vaultsync.core import eventlog, paths, writer

    found: set[str] = set()
    for path in (m.vault / "sessions").rglob("*.md"):
        rel = path.relative_to(m.vault).as_posix()
        with writer.locked(paths.lock_path(m.vault, rel)):
            if not path.exists():  # a sync killed mid-checkout: the next sync puts it back
                continue
            text = path.read_text(encoding="utf-8")
        if any(re.search(rf'^session_id: "?{re.escape(sid)}"?$', text, re.M) for sid in sids):
            found.update(e.id for e in eventlog.parse(text))
    return found


@pytest.mark.parametrize("seed", [17, 1701])
def test_three_clones_converge(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    bare = bare_remote(tmp_path)
    machines = [Machine(tmp_path, "m0", bare, first=True)]
    machines[0].write(SHARED, _memory("Short sentences.", 0))
    machines[0].sync()
    machines += [Machine(tmp_path, f"m{i}", bare) for i in (1, 2)]
    SPAN["s"] = _sync_process_seconds(machines[1])
    sessions = {m.name: [f"{m.name}-s{k}" for k in range(2)] for m in machines}
    plans = {
        (m.name, sid): session_payloads(sid, str(tmp_path / "proj"), 8)
        for m in machines
        for sid in sessions[m.name]
    }
    errors: list[BaseException] = []
    seen: set[str] = set()  # every event id ever read back right after its hook wrote it

    def appender(m: Machine) -> None:
        try:
            queue = [(sid, p) for sid in sessions[m.name] for p in plans[(m.name, sid)]]
            for _sid, payload in queue:
                m.hook(payload)
                seen.update(_own_ids(m, sessions[m.name]))
                time.sleep(rng.uniform(0, 0.05))
        except BaseException as exc:  # reported by the main thread
            errors.append(exc)

    threads = [threading.Thread(target=appender, args=(m,)) for m in machines]
    for t in threads:
        t.start()
    rounds = kills = 0
    while any(t.is_alive() for t in threads) or rounds < 6:
        rounds += 1
        m = rng.choice(machines)
        action = rng.random()
        if action < 0.2:
            m.write(f"notes/{m.name}-{rounds}.md", f"# note {rounds} from {m.name}\n")
        elif action < 0.35:
            m.write(SHARED, _memory(f"Short sentences, said {m.name} in round {rounds}.", rounds))
        elif action < 0.45:
            m.write("todo.md", f"# Todo\n\n- {m.name} round {rounds}\n")
        elif action < 0.55:
            kills += _killed_sync(m, rng)
        elif action < 0.7:
            _learn_elsewhere(m, rng, sessions[m.name])
        else:
            m.sync()
        if rounds > 60:
            break
    for t in threads:
        t.join(timeout=120)
    assert not errors, errors
    for attempt in range(6):  # the seed must really cut a sync short somewhere
        if kills:
            break
        kills += _killed_sync(machines[0], random.Random(attempt), (0.1, 0.5))
    assert kills
    expected = sorted(seen)
    for _ in range(3):  # quiesce: every machine syncs until nothing moves
        for m in machines:
            result = m.sync()
            assert not result.error, result.error
    trees = [m.tree() for m in machines]
    assert trees[0] == trees[1] == trees[2]
    for m in machines:
        ids = event_ids(m.vault)
        assert sorted(ids) == expected, "an event is missing or doubled"
        assert_no_markers(m.vault)
        ok = subprocess.run(["git", "fsck", "--strict"], cwd=m.vault, capture_output=True)
        assert ok.returncode == 0, ok.stderr
        assert git(m.vault, "status", "--porcelain", "--untracked-files=no") == ""
    ok = subprocess.run(["git", "fsck", "--strict"], cwd=bare, capture_output=True)
    assert ok.returncode == 0, ok.stderr
    # Nothing a hook wrote was lost: every planned session has a note with its events.
    assert len(expected) >= len(plans) * 3
