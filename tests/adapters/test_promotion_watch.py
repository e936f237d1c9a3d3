"""Promotion the Obsidian way, through the watcher: a person edits a memory's `level` property or
drags the note to another level's folder. The watcher aligns the other half (the folder, or the
property), and the index (`search --level`), USER.md/AGENT.md and git all follow.

In-process runs feed the watcher the events inotify reports, on an injected clock; one test runs
the real `vaultsync watch` as a subprocess against real file-system events.
"""

from __future__ import annotations

import functools
import json
import signal
import subprocess
from pathlib import Path

import pytest
import watchkit
from watchkit import cli

from vaultsync.adapters.heartbeat import read_heartbeat
from vaultsync.adapters.watcher import FsEvent, Kind, Watcher
from vaultsync.core import properties
from vaultsync.core.config import load_config
from vaultsync.services.derived import reconcile
from vaultsync.services.recall.search import make_filter, search
from vaultsync.storage import history
from vaultsync.storage.note import read_note

# The watcher runs in this module keep their own, longer deadline.
DEADLINE_S = 15.0
wait_for = functools.partial(watchkit.wait_for, timeout=DEADLINE_S)

MEMORY = """---
type: memory
level: {level}
scope: {scope}
status: {status}
reinforced: 2
tags:
  - vaultsync/memory
  - memory/{level}
  - scope/{scope}
---
# {title}

{title}.
"""
STATUS = {"L1": "candidate", "L2": "confirmed", "L3": "core"}
FOLDER = {"L1": "memories/L1-candidates", "L2": "memories/L2-confirmed", "L3": "memories/L3-core"}


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def write_memory(vault: Path, name: str, title: str, level: str = "L1", scope: str = "user") -> str:
    rel = f"{FOLDER[level]}/{name}.md"
    text = MEMORY.format(level=level, scope=scope, status=STATUS[level], title=title)
    (vault / rel).write_text(text, encoding="utf-8")
    return rel


def at_level(vault: Path, word: str, level: str) -> list[str]:
    """`vaultsync search WORD --level LEVEL`, in-process."""
    try:
        hits = search(vault, load_config(vault), word, make_filter(level=level))
    except Exception:  # the index may not exist yet while a subprocess starts
        return []
    return [h.path for h in hits]


def committed(vault: Path, rel: str) -> bool:
    return rel in history.tracked(vault) and not history.dirty_rels(vault)


@pytest.fixture
def watched(vault: Path) -> tuple[Path, Watcher, Clock]:
    write_memory(vault, "tabs", "Prefers tabs over spaces")
    write_memory(vault, "jq", "jq lives in /opt/homebrew/bin", scope="agent")
    write_memory(vault, "fish", "Uses the fish shell", level="L2")
    config = load_config(vault)
    reconcile.rebuild(vault, config)  # as `vaultsync init` leaves it: USER.md/AGENT.md exist
    clock = Clock()
    data = {**config.data, "watch": {**config.section("watch"), "debounce_s": 1.0}}
    watcher = Watcher(vault, config.replace(data=data), clock=clock, commit=True)
    watcher.start()
    assert committed(vault, "memories/L1-candidates/tabs.md")
    return vault, watcher, clock


def settle(watcher: Watcher, clock: Clock, events: list[FsEvent]) -> None:
    watcher.feed_all(events)
    clock.now += watcher.batcher.debounce_s
    watcher.step()
    assert not watcher.batcher


def absolute(vault: Path, rel: str) -> str:
    return str(vault.resolve() / rel)


def test_editing_the_level_property_moves_the_note(watched: tuple[Path, Watcher, Clock]) -> None:
    vault, watcher, clock = watched
    rel = "memories/L1-candidates/tabs.md"
    assert at_level(vault, "tabs", "L1") == [rel]
    assert "Prefers tabs" not in (vault / "USER.md").read_text()

    # Obsidian's properties panel rewrites the file in place.
    text = (vault / rel).read_text().replace("level: L1", "level: L2")
    (vault / rel).write_text(text, encoding="utf-8")
    settle(watcher, clock, [FsEvent(Kind.MODIFIED, absolute(vault, rel))])

    target = "memories/L2-confirmed/tabs.md"
    assert not (vault / rel).exists()
    note = read_note(vault, target)
    assert note.props["level"] == "L2" and note.props["status"] == "confirmed"
    assert "memory/L2" in note.props["tags"] and "memory/L1" not in note.props["tags"]
    assert at_level(vault, "tabs", "L2") == [target] and at_level(vault, "tabs", "L1") == []
    assert "Prefers tabs over spaces" in (vault / "USER.md").read_text()
    assert committed(vault, target) and rel not in history.tracked(vault)
    assert committed(vault, "USER.md")
    # The moves and rewrites were the watcher's own: their echoes start no second batch.
    head = history.head(vault)
    settle(
        watcher,
        clock,
        [
            FsEvent(Kind.MOVED, absolute(vault, rel), absolute(vault, target)),
            FsEvent(Kind.MODIFIED, absolute(vault, target)),
        ],
    )
    assert history.head(vault) == head


def test_dragging_to_another_folder_sets_the_property(watched: tuple[Path, Watcher, Clock]) -> None:
    vault, watcher, clock = watched
    src, dest = "memories/L1-candidates/jq.md", "memories/L2-confirmed/jq.md"
    (vault / src).rename(vault / dest)  # Obsidian's file explorer: a rename
    settle(watcher, clock, [FsEvent(Kind.MOVED, absolute(vault, src), absolute(vault, dest))])

    note = read_note(vault, dest)
    assert note.props["level"] == "L2" and note.props["status"] == "confirmed"
    assert at_level(vault, "homebrew", "L2") == [dest]
    assert "jq lives in /opt/homebrew/bin" in (vault / "AGENT.md").read_text()
    assert committed(vault, dest) and src not in history.tracked(vault)
    log = history.log(vault, dest)
    assert len(log) >= 2  # the rename kept the note's history


def test_demoting_by_folder_and_promoting_by_property(watched: tuple[Path, Watcher, Clock]) -> None:
    vault, watcher, clock = watched
    assert "Uses the fish shell" in (vault / "USER.md").read_text()
    src, dest = "memories/L2-confirmed/fish.md", "memories/L1-candidates/fish.md"
    (vault / src).rename(vault / dest)
    settle(watcher, clock, [FsEvent(Kind.MOVED, absolute(vault, src), absolute(vault, dest))])
    assert properties.get_scalar((vault / dest).read_text(), "level") == "L1"
    assert "Uses the fish shell" not in (vault / "USER.md").read_text()
    assert at_level(vault, "fish", "L1") == [dest]

    # Straight to core with the property: the note follows to L3-core.
    text = (vault / dest).read_text().replace("level: L1", "level: L3")
    (vault / dest).write_text(text, encoding="utf-8")
    settle(watcher, clock, [FsEvent(Kind.MODIFIED, absolute(vault, dest))])
    core = "memories/L3-core/fish.md"
    assert read_note(vault, core).props["status"] == "core"
    assert at_level(vault, "fish", "L3") == [core]
    assert "Core (L3)" in (vault / "USER.md").read_text()
    assert committed(vault, core)


def test_changes_made_while_the_watcher_was_down(vault: Path) -> None:
    rel = write_memory(vault, "tabs", "Prefers tabs over spaces")
    config = load_config(vault)
    reconcile.rebuild(vault, config)
    text = (vault / rel).read_text().replace("level: L1", "level: L2")
    (vault / rel).write_text(text, encoding="utf-8")
    watcher = Watcher(vault, config, clock=Clock(), commit=True)
    watcher.start()  # the start-up pass catches up
    assert (vault / "memories/L2-confirmed/tabs.md").exists()
    assert "Prefers tabs" in (vault / "USER.md").read_text()
    assert committed(vault, "memories/L2-confirmed/tabs.md")


def test_a_broken_note_is_left_alone(watched: tuple[Path, Watcher, Clock]) -> None:
    vault, watcher, clock = watched
    rel = "memories/L1-candidates/tabs.md"
    broken = (vault / rel).read_text().replace("level: L1", "level: [L2")
    (vault / rel).write_text(broken, encoding="utf-8")
    settle(watcher, clock, [FsEvent(Kind.MODIFIED, absolute(vault, rel))])
    assert (vault / rel).read_text() == broken  # a person's half-finished edit: not touched
    assert committed(vault, rel)


# ---------------------------------------------------------------- the real watcher


@pytest.mark.slow  # whole processes, many times: the slow tier runs it; its logic has fast tests
def test_real_watch_subprocess_promotes_a_dragged_note(vault: Path, tmp_path: Path) -> None:
    (vault / ".vaultsync" / "config.toml").write_text(
        "[watch]\ndebounce_s = 0.2\nmax_wait_s = 2.0\n", encoding="utf-8"
    )
    src = write_memory(vault, "tabs", "Prefers tabs over spaces")
    edited = write_memory(vault, "fish", "Uses the fish shell")
    log = tmp_path / "watch.log"
    with log.open("wb") as out:
        proc = subprocess.Popen([*cli(), "watch", "--vault", str(vault)], stdout=out, stderr=out)
    try:
        wait_for(
            "the start-up pass",
            lambda: (read_heartbeat(vault) or {}).get("last_reconcile"),
            proc,
            log,
        )
        wait_for("the first commit", lambda: committed(vault, src), proc, log)

        dest = "memories/L2-confirmed/tabs.md"
        (vault / src).rename(vault / dest)
        text = (vault / edited).read_text().replace("level: L1", "level: L2")
        (vault / edited).write_text(text, encoding="utf-8")

        user_md = vault / "USER.md"
        wait_for(
            "both memories in USER.md",
            lambda: (
                user_md.exists()
                and "Prefers tabs" in (t := user_md.read_text())
                and "fish shell" in t
            ),
            proc,
            log,
        )
        moved = "memories/L2-confirmed/fish.md"
        wait_for("the edited note moved", lambda: (vault / moved).exists(), proc, log)
        assert properties.get_scalar((vault / dest).read_text(), "level") == "L2"
        found = subprocess.run(
            [*cli(), "search", "tabs", "--level", "L2", "--json", "--vault", str(vault)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert [h["path"] for h in json.loads(found.stdout)] == [dest], found.stderr
        wait_for(
            "everything committed",
            lambda: (
                committed(vault, dest) and committed(vault, moved) and committed(vault, "USER.md")
            ),
            proc,
            log,
        )
        assert src not in history.tracked(vault) and edited not in history.tracked(vault)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=DEADLINE_S) == 0, log.read_text()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
