"""The watcher's `sync.interval_s`: a real sync through the watch loop, on an injected clock."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "services"))

import pytest
from synckit import Machine, bare_remote

from vaultsync.adapters.watcher import Watcher


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _watcher(m: Machine, clock: Clock, interval: float) -> Watcher:
    config = m.config()
    data = {**config.data, "sync": {**config.section("sync"), "interval_s": interval}}
    return Watcher(m.vault, config.replace(data=data), clock=clock)


@pytest.mark.slow  # real clones
def test_the_watcher_syncs_every_interval(tmp_path: Path) -> None:
    bare = bare_remote(tmp_path)
    a = Machine(tmp_path, "a", bare, first=True)
    a.sync()
    b = Machine(tmp_path, "b", bare)
    clock = Clock()
    watcher = _watcher(b, clock, 60.0)
    watcher.start()
    watcher.step()  # the first sync runs at once
    assert watcher.beat.last_sync
    a.write("news.md", "# from a\n")
    a.sync()
    clock.now += 30
    watcher.step()
    assert not (b.vault / "news.md").exists()  # not due yet
    clock.now += 31
    watcher.step()
    assert (b.vault / "news.md").read_text() == "# from a\n"
    assert watcher.beat.errors == 0


def test_no_interval_means_no_sync_and_no_remote_is_not_an_error(tmp_path: Path) -> None:
    from vaultsync.services.vault import setup

    setup.init(tmp_path / "solo", user_config=False)
    calls: list[Path] = []
    solo = Machine.__new__(Machine)
    solo.vault = tmp_path / "solo"
    solo.person = ""
    clock = Clock()
    off = _watcher(solo, clock, 0)
    off._sync = lambda vault, config: calls.append(vault)
    off.start()
    clock.now += 10_000
    off.step()
    assert calls == []
    on = _watcher(solo, clock, 5)
    on.start()
    on.step()
    clock.now += 10
    on.step()
    assert on.beat.errors == 0  # a vault without a remote: logged once, then left alone
