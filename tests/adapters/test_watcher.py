"""The watch loop driven by an injected event source and clock: no threads, no sleeps.

`Disk` changes the vault the way editors and Obsidian do and returns the events watchdog would
deliver for it; the watcher is fed those events and flushed by advancing the fake clock. The
parity tests then compare the watcher's index with a fresh rebuild of the same vault.
"""

from __future__ import annotations

import logging
import os
import queue
import random
import shutil
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import vaultsync
from vaultsync.adapters.heartbeat import read_heartbeat
from vaultsync.adapters.watcher import (
    CATCH_UP_S,
    Batcher,
    FsEvent,
    Kind,
    Watcher,
    observe,
    relevant,
)
from vaultsync.core.config import Config, load_config
from vaultsync.services.derived import reconcile
from vaultsync.storage import history
from vaultsync.storage.index import Index

MEMORY = """---
type: memory
level: L3
scope: user
status: confirmed
---
# {title}

{body}
"""


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Disk:
    """Edits the vault and returns the events watchdog (inotify) reports for each edit."""

    def __init__(self, vault: Path) -> None:
        self.vault = vault
        self.root = vault.resolve()

    def _abs(self, rel: str) -> str:
        return str(self.root / rel)

    def write(self, rel: str, text: str) -> list[FsEvent]:
        target = self.vault / rel
        existed = target.exists()
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        first = [] if existed else [FsEvent(Kind.CREATED, self._abs(rel))]
        return [*first, FsEvent(Kind.MODIFIED, self._abs(rel))]

    def delete(self, rel: str) -> list[FsEvent]:
        (self.vault / rel).unlink()
        return [FsEvent(Kind.DELETED, self._abs(rel))]

    def move(self, src: str, dest: str) -> list[FsEvent]:
        (self.vault / dest).parent.mkdir(parents=True, exist_ok=True)
        (self.vault / src).rename(self.vault / dest)
        return [FsEvent(Kind.MOVED, self._abs(src), self._abs(dest))]

    def vim_save(self, rel: str, text: str) -> list[FsEvent]:
        """vim without backupcopy: rename the original to a backup, write anew, drop the backup."""
        backup = rel + "~"
        events = self.move(rel, backup)
        events += self.write(rel, text)
        events += self.delete(backup)
        return events

    def recreate(self, rel: str, text: str) -> list[FsEvent]:
        """Editors that delete the file and write a new one."""
        return self.delete(rel) + self.write(rel, text)

    def atomic_save(self, rel: str, text: str) -> list[FsEvent]:
        """Write a temp file beside the note, then rename it over the note."""
        tmp = str(Path(rel).with_name(f".{Path(rel).name}.vstmp-0001"))
        events = self.write(tmp, text)
        events += self.move(tmp, rel)
        return events

    def move_dir(self, src: str, dest: str) -> list[FsEvent]:
        (self.vault / dest).parent.mkdir(parents=True, exist_ok=True)
        (self.vault / src).rename(self.vault / dest)
        return [FsEvent(Kind.MOVED, self._abs(src), self._abs(dest), is_dir=True)]

    def delete_dir(self, rel: str) -> list[FsEvent]:
        shutil.rmtree(self.vault / rel)
        return [FsEvent(Kind.DELETED, self._abs(rel), is_dir=True)]


def make_watcher(vault: Path, clock: Clock, *, commit: bool = True, **watch: float) -> Watcher:
    config = load_config(vault)
    section = {**config.section("watch"), "debounce_s": 1.0, "max_wait_s": 10.0, **watch}
    data = {**config.data, "watch": section}
    return Watcher(vault, config.replace(data=data), clock=clock, commit=commit)


def settle(watcher: Watcher, clock: Clock, events: list[FsEvent]) -> None:
    watcher.feed_all(events)
    clock.advance(watcher.batcher.debounce_s)
    watcher.step()
    assert not watcher.batcher, "the batch must have been flushed"


def rebuilt_dump(vault: Path, config: Config, tmp: Path) -> dict:
    other = config.replace(index_path=tmp / f"rebuild-{time.monotonic_ns()}.sqlite")
    reconcile.rebuild(vault, other)
    with Index.open(other.index_file()) as index:
        return index.dump()


def dump(config: Config) -> dict:
    with Index.open(config.index_file()) as index:
        return index.dump()


def indexed_rels(config: Config) -> set[str]:
    with Index.open(config.index_file()) as index:
        return set(index.stats())


def committed(vault: Path) -> set[str]:
    return set(history.tracked(vault))


# --- the batcher --------------------------------------------------------------------------------


def test_batcher_waits_for_quiet_then_fires() -> None:
    clock = Clock()
    batch = Batcher(1.0, 10.0, clock)
    assert batch.wait_time() is None and not batch.due()
    batch.add(["a.md"])
    clock.advance(0.9)
    assert not batch.due()
    batch.add(["a.md"])  # another write to the same note restarts the quiet period
    clock.advance(0.9)
    assert not batch.due()
    clock.advance(0.1)
    assert batch.due()
    assert batch.take() == ({"a.md"}, set())
    assert not batch and batch.wait_time() is None


def test_batcher_never_waits_past_max_wait_under_a_steady_stream() -> None:
    clock = Clock()
    batch = Batcher(1.0, 10.0, clock)
    for i in range(40):  # a write every 0.5 s: never a quiet second
        batch.add([f"n{i}.md"])
        clock.advance(0.5)
        if batch.due():
            break
    assert batch.due() and clock.now - 1000.0 == pytest.approx(10.0)


def test_relevant_paths() -> None:
    assert relevant("notes/a.md") and relevant("attachments/a.png") and relevant("USER.md")
    for rel in (
        ".git/index",
        ".obsidian/workspace.json",
        ".trash/a.md",
        "a.md.swp",
        "a.md~",
        "notes/.a.md.vstmp-1234",
        "a.sync-conflict-20260101-120000-X.md",
        "4913.swx",
    ):
        assert not relevant(rel), rel


def test_feed_ignores_noise_and_paths_outside(vault: Path) -> None:
    clock = Clock()
    watcher = make_watcher(vault, clock)
    root = vault.resolve()
    watcher.feed_all(
        [
            FsEvent(Kind.MODIFIED, str(root / ".git/index")),
            FsEvent(Kind.CREATED, str(root / ".obsidian/workspace.json")),
            FsEvent(Kind.MOVED, str(root / "a.md"), str(root / ".trash/a.md")),
            FsEvent(Kind.CREATED, str(root / "notes/x.md.swp")),
            FsEvent(Kind.MODIFIED, "/somewhere/else.md"),
            FsEvent(Kind.MODIFIED, str(root / "sessions"), is_dir=True),
        ]
    )
    assert watcher.batcher.rels == {"a.md"} and watcher.batcher.dirs == set()


# --- editors' ways of saving ----------------------------------------------------------------------


@pytest.fixture
def started(vault: Path) -> tuple[Watcher, Disk, Clock]:
    disk = Disk(vault)
    for i in range(3):
        disk.write(f"notes/n{i}.md", f"# Note {i}\n\nzebra{i} text\n")
    clock = Clock()
    watcher = make_watcher(vault, clock)
    watcher.start()
    return watcher, disk, clock


def test_start_indexes_and_commits_an_unversioned_vault(
    started: tuple[Watcher, Disk, Clock],
) -> None:
    watcher, _disk, _clock = started
    assert history.is_repo(watcher.vault)
    assert {"notes/n0.md", "notes/n1.md", "notes/n2.md"} <= committed(watcher.vault)
    assert {"notes/n0.md", "notes/n1.md", "notes/n2.md"} <= indexed_rels(watcher.config)
    beat = read_heartbeat(watcher.vault)
    assert beat and beat["state"] == "running" and beat["last_reconcile"]


def test_vim_save_is_an_edit_not_a_delete(started: tuple[Watcher, Disk, Clock]) -> None:
    watcher, disk, clock = started
    settle(watcher, clock, disk.vim_save("notes/n0.md", "# Note 0\n\nedited by vim\n"))
    top = history.log(watcher.vault, limit=1)[0]
    assert [(c.status, c.path) for c in top.changes] == [("M", "notes/n0.md")]
    assert "notes/n0.md" in indexed_rels(watcher.config)
    assert len(history.log(watcher.vault, "notes/n0.md")) == 2


def test_delete_and_recreate_and_atomic_rename_are_edits(
    started: tuple[Watcher, Disk, Clock],
) -> None:
    watcher, disk, clock = started
    settle(watcher, clock, disk.recreate("notes/n1.md", "# Note 1\n\nrecreated\n"))
    assert [(c.status, c.path) for c in history.log(watcher.vault, limit=1)[0].changes] == [
        ("M", "notes/n1.md")
    ]
    settle(watcher, clock, disk.atomic_save("notes/n2.md", "# Note 2\n\nswapped in\n"))
    assert [(c.status, c.path) for c in history.log(watcher.vault, limit=1)[0].changes] == [
        ("M", "notes/n2.md")
    ]
    assert not any(".vstmp-" in r for r in committed(watcher.vault))


def test_rename_keeps_history_and_folder_rename_moves_everything(
    started: tuple[Watcher, Disk, Clock],
) -> None:
    watcher, disk, clock = started
    settle(watcher, clock, disk.move("notes/n0.md", "notes/renamed.md"))
    assert [c.subject for c in history.log(watcher.vault, "notes/renamed.md")][-1] == (
        "vaultsync: first commit of the vault"
    )
    settle(watcher, clock, disk.move_dir("notes", "projects/notes"))
    rels = indexed_rels(watcher.config)
    assert {"projects/notes/renamed.md", "projects/notes/n1.md", "projects/notes/n2.md"} <= rels
    assert not any(r.startswith("notes/") for r in rels)
    top = history.log(watcher.vault, limit=1)[0]
    assert {c.status for c in top.changes} == {"R"} and len(top.changes) == 3
    assert top.subject.startswith("vaultsync: 3 notes moved")


def test_deleting_a_folder_deletes_its_notes(started: tuple[Watcher, Disk, Clock]) -> None:
    watcher, disk, clock = started
    settle(watcher, clock, disk.delete_dir("notes"))
    assert not any(r.startswith("notes/") for r in indexed_rels(watcher.config))
    assert not any(r.startswith("notes/") for r in committed(watcher.vault))


def test_an_unreadable_note_is_not_deleted(started: tuple[Watcher, Disk, Clock]) -> None:
    watcher, _disk, clock = started
    target = watcher.vault / "notes/n1.md"
    target.unlink()
    target.symlink_to(target.name)  # ELOOP on open: unreadable even for root
    settle(watcher, clock, [FsEvent(Kind.MODIFIED, str(target))])
    assert "notes/n1.md" in indexed_rels(watcher.config)
    assert "notes/n1.md" in committed(watcher.vault)


def test_a_note_whose_frontmatter_is_broken_is_named_in_the_log(
    started: tuple[Watcher, Disk, Clock], caplog: pytest.LogCaptureFixture
) -> None:
    """The watcher reads on (the note is indexed as text and committed), and says which note
    and which line, as `vaultsync rebuild` does; it had said nothing."""
    watcher, disk, clock = started
    with caplog.at_level(logging.WARNING, logger="vaultsync"):
        settle(watcher, clock, disk.write("notes/n1.md", "---\nlevel: [L2\n---\n# Note 1\n"))
    said = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any(m.startswith("notes/n1.md: frontmatter is not valid YAML at line") for m in said)
    assert "notes/n1.md" in indexed_rels(watcher.config)


def test_own_writes_do_not_start_another_round(started: tuple[Watcher, Disk, Clock]) -> None:
    watcher, disk, clock = started
    events = disk.write(
        "memories/L3-core/tabs.md", MEMORY.format(title="Tabs", body="Prefers tabs.")
    )
    settle(watcher, clock, events)
    assert watcher.last_result and "USER.md" in watcher.last_result.files
    user_md = watcher.vault / "USER.md"
    assert "Prefers tabs." in user_md.read_text(encoding="utf-8")
    batches = watcher.beat.batches
    # inotify then reports the USER.md we wrote ourselves: it must be dropped at once.
    watcher.feed_all([FsEvent(Kind.MODIFIED, str(user_md.resolve()))])
    clock.advance(5)
    assert watcher.step() is None and watcher.beat.batches == batches
    # A person editing USER.md afterwards is a real change again.
    settle(watcher, clock, disk.write("USER.md", "# edited by hand\n"))
    assert watcher.beat.batches == batches + 1


def test_a_mass_deletion_is_indexed_but_held_from_git(vault: Path) -> None:
    disk = Disk(vault)
    for i in range(12):
        disk.write(f"notes/n{i:02d}.md", f"# N{i}\n\nwombat{i}\n")
    disk.write("keep.md", "# Keep\n")
    clock = Clock()
    watcher = make_watcher(vault, clock)
    watcher.start()
    settle(watcher, clock, disk.delete_dir("notes"))
    assert not any(r.startswith("notes/") for r in indexed_rels(watcher.config))
    assert sum(r.startswith("notes/") for r in committed(vault)) == 12  # held back
    result = watcher.last_result
    assert result and result.held is not None
    assert {f"notes/n{i:02d}.md" for i in range(12)} <= set(result.held.rels)
    beat = read_heartbeat(vault)
    assert beat and beat["held"] == len(result.held.rels)


def test_periodic_reconcile_heals_lost_events(vault: Path) -> None:
    disk = Disk(vault)
    disk.write("notes/a.md", "# A\n")
    clock = Clock()
    watcher = make_watcher(vault, clock, reconcile_s=60.0)
    watcher.start()
    disk.write("notes/lost.md", "# Lost\n\nnobody told the watcher\n")  # events dropped
    disk.delete("notes/a.md")
    clock.advance(59)
    assert watcher.step() is None
    clock.advance(1)
    result = watcher.step()
    assert result and result.commit
    assert indexed_rels(watcher.config) >= {"notes/lost.md"}
    assert "notes/a.md" not in indexed_rels(watcher.config)
    assert "notes/lost.md" in committed(vault) and "notes/a.md" not in committed(vault)


@pytest.fixture
def vectors(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The semantic extra's vectors module, two texts a batch: many batches from a few notes."""
    from vaultsync.storage.vectors import store as module

    if not module.available():
        pytest.skip("the semantic extra is not installed")
    monkeypatch.setattr(module, "EMBED_BATCH", 2)
    return module


def one_batch_a_reconcile(watcher: Watcher) -> None:
    data = {**watcher.config.data, "search": {"embed_seconds": 1e-6}}
    watcher.config = watcher.config.replace(data=data)


def test_a_full_pass_that_leaves_notes_without_vectors_comes_back_soon(
    vault: Path, vectors: Any
) -> None:
    disk = Disk(vault)
    for i in range(6):
        disk.write(f"notes/n{i}.md", f"# Note {i}\n\nstep {i} of the runbook\n")
    clock = Clock()
    watcher = make_watcher(vault, clock, reconcile_s=300.0)
    one_batch_a_reconcile(watcher)
    watcher.start()
    waiting = vectors.pending(watcher.config)
    assert waiting > 0
    passes = 0
    while vectors.pending(watcher.config):
        clock.advance(CATCH_UP_S)  # not the 300 s of reconcile_s
        watcher.step()
        passes += 1
        assert passes <= waiting
    clock.advance(CATCH_UP_S)
    before = watcher.beat.last_reconcile
    assert watcher.step() is None and watcher.beat.last_reconcile == before  # back to 300 s


def test_a_batch_that_leaves_notes_without_vectors_brings_the_full_pass_forward(
    vault: Path, vectors: Any
) -> None:
    disk = Disk(vault)
    disk.write("notes/seed.md", "# Seed\n\nthe first note\n")
    clock = Clock()
    watcher = make_watcher(vault, clock, reconcile_s=300.0)
    watcher.start()
    assert vectors.pending(watcher.config) == 0
    one_batch_a_reconcile(watcher)
    events = []
    for i in range(6):
        events += disk.write(f"notes/n{i}.md", f"# Note {i}\n\nstep {i} of the runbook\n")
    settle(watcher, clock, events)  # the batch embeds two of its six notes
    waiting = vectors.pending(watcher.config)
    assert waiting == 4
    clock.advance(CATCH_UP_S)  # not the 300 s of reconcile_s
    watcher.step()
    assert vectors.pending(watcher.config) == waiting - 2


def test_a_failed_batch_is_kept_and_retried(started: tuple[Watcher, Disk, Clock]) -> None:
    watcher, disk, clock = started
    lock = watcher.vault / ".git" / "index.lock"
    lock.write_text("held by someone else")
    data = {**watcher.config.data, "git": {**watcher.config.section("git"), "lock_timeout_s": 0.05}}
    watcher.config = watcher.config.replace(data=data)
    settle_events = disk.write("notes/n0.md", "# Note 0\n\nblocked edit\n")
    watcher.feed_all(settle_events)
    clock.advance(1.0)
    assert watcher.step() is None
    assert watcher.beat.errors == 1 and "index.lock" in watcher.beat.last_error
    assert watcher.batcher.rels == {"notes/n0.md"}  # kept
    lock.unlink()
    clock.advance(1.0)
    result = watcher.step()
    assert result and result.commit


def test_stop_flushes_pending_work(started: tuple[Watcher, Disk, Clock]) -> None:
    watcher, disk, _clock = started
    events: queue.Queue[FsEvent] = queue.Queue()
    for event in disk.write("notes/late.md", "# Late\n"):
        events.put(event)
    watcher.stop(events)
    assert "notes/late.md" in committed(watcher.vault)
    beat = read_heartbeat(watcher.vault)
    assert beat and beat["state"] == "stopped"


def test_run_loop_with_a_queue_and_a_stop_condition(vault: Path) -> None:
    disk = Disk(vault)
    clock = Clock()
    watcher = make_watcher(vault, clock)
    events: queue.Queue[FsEvent] = queue.Queue()
    for event in disk.write("notes/q.md", "# Q\n"):
        events.put(event)
    calls = iter([False, False, True])
    watcher.run(events, lambda: next(calls))
    assert "notes/q.md" in committed(vault) and "notes/q.md" in indexed_rels(watcher.config)


def test_without_auto_commit_nothing_touches_git(vault: Path) -> None:
    disk = Disk(vault)
    clock = Clock()
    watcher = make_watcher(vault, clock, commit=False)
    watcher.start()
    settle(watcher, clock, disk.write("notes/a.md", "# A\n"))
    assert not (vault / ".git").exists()
    assert "notes/a.md" in indexed_rels(watcher.config)


# --- parity ------------------------------------------------------------------------------------

OPS = ("write", "edit", "delete", "move", "vim", "recreate", "atomic", "move_dir", "memory")


def apply_random_op(rng: random.Random, disk: Disk, op: str, n: int) -> list[FsEvent]:
    notes = sorted(
        p.relative_to(disk.vault).as_posix()
        for p in disk.vault.rglob("*.md")
        if ".git" not in p.parts
    )
    notes = [r for r in notes if r not in ("USER.md", "AGENT.md")]
    folders = sorted(
        {r.rsplit("/", 1)[0] for r in notes if "/" in r and not r.startswith("memories")}
    )
    text = (
        f"# Title {n}\n\nword{rng.randint(0, 9)} body {n} " + "lorem " * rng.randint(0, 20) + "\n"
    )
    if op == "write" or not notes:
        return disk.write(f"{rng.choice(['notes', 'inbox', 'projects/x'])}/new{n}.md", text)
    target = rng.choice(notes)
    if op == "edit":
        return disk.write(target, text)
    if op == "delete":
        return disk.delete(target)
    if op == "move":
        return disk.move(target, f"{rng.choice(['notes', 'archive', 'inbox'])}/moved{n}.md")
    if op == "vim":
        return disk.vim_save(target, text)
    if op == "recreate":
        return disk.recreate(target, text)
    if op == "atomic":
        return disk.atomic_save(target, text)
    if op == "move_dir" and folders:
        src = rng.choice(folders)
        if not (disk.vault / f"moved{n}").exists():
            return disk.move_dir(src, f"moved{n}/{src.rsplit('/', 1)[-1]}")
        return []
    scope = rng.choice(["user", "agent"])
    body = MEMORY.format(title=f"Memory {n}", body=f"fact {n}").replace(
        "scope: user", f"scope: {scope}"
    )
    return disk.write(f"memories/L3-core/m{n % 4}.md", body)


def run_parity(vault: Path, tmp: Path, seed: int, steps: int, *, commit: bool) -> Watcher:
    rng = random.Random(seed)
    disk = Disk(vault)
    clock = Clock()
    watcher = make_watcher(vault, clock, commit=commit)
    reconcile.rebuild(
        vault, watcher.config
    )  # as `vaultsync init` leaves a vault: USER.md/AGENT.md exist
    watcher.start()
    for n in range(steps):
        watcher.feed_all(apply_random_op(rng, disk, rng.choice(OPS), n))
        clock.advance(rng.choice([0.1, 0.5, 1.0]))  # sometimes several changes share a batch
        watcher.step()
    clock.advance(1.0)
    watcher.step()
    assert dump(watcher.config) == rebuilt_dump(vault, watcher.config, tmp)
    return watcher


@pytest.mark.parametrize("seed", [1, 2])
def test_parity_with_a_fresh_rebuild_and_git_matches_the_disk(
    vault: Path, tmp_path: Path, seed: int
) -> None:
    watcher = run_parity(vault, tmp_path, seed, 25, commit=True)
    on_disk = {
        p.relative_to(vault).as_posix()
        for p in vault.rglob("*")
        if p.is_file() and history.stageable(p.relative_to(vault).as_posix())
    }
    assert committed(vault) == on_disk
    assert history.dirty_rels(vault) == []
    assert watcher.beat.errors == 0


def _parity_without_git(tmp_path_factory: pytest.TempPathFactory, seed: int) -> None:
    root = tmp_path_factory.mktemp("parity")
    vault = root / "vault"
    vault.mkdir()
    watcher = run_parity(vault, root, seed, 15, commit=False)
    assert watcher.beat.errors == 0


@settings(  # the fast tier's count; the slow tier's twin below runs 24
    max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_parity_property(tmp_path_factory: pytest.TempPathFactory, seed: int) -> None:
    _parity_without_git(tmp_path_factory, seed)


@pytest.mark.slow
@settings(
    max_examples=24, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_parity_property_thorough(tmp_path_factory: pytest.TempPathFactory, seed: int) -> None:
    _parity_without_git(tmp_path_factory, seed)


# --- the real event source ----------------------------------------------------------------------


def test_observe_delivers_real_file_system_events(vault: Path) -> None:
    events: queue.Queue[FsEvent] = queue.Queue()
    observer = observe(vault, events)
    try:
        (vault / "notes").mkdir(exist_ok=True)
        (vault / ".git").mkdir(exist_ok=True)
        (vault / ".git" / "noise").write_text("x")
        (vault / "notes" / "real.md").write_text("# Real\n")
        deadline = time.monotonic() + 5
        seen: list[FsEvent] = []
        while time.monotonic() < deadline:
            try:
                seen.append(events.get(timeout=0.1))
            except queue.Empty:
                if any(e.src.endswith("real.md") for e in seen):
                    break
    finally:
        observer.stop()
        observer.join()
    assert any(e.src.endswith("notes/real.md") for e in seen)
    assert not any("/.git/" in e.src for e in seen)


_GIT_SPAWNS: list[tuple[str, str]] | None = None  # (vaultsync module that spawned, git verb)
_PACKAGE = Path(os.path.realpath(vaultsync.__file__)).parent


def _audit(event: str, args: tuple[object, ...]) -> None:
    if _GIT_SPAWNS is None or event != "subprocess.Popen":
        return
    executable, argv = args[0], args[1]
    words = [str(a) for a in (argv if isinstance(argv, list | tuple) else [argv])]
    if not words or Path(str(executable or words[0])).name not in ("git", "git.exe"):
        return
    # The first frame inside the package, named relative to it. (Not cut at the first
    # "/vaultsync/" in the path: a clone is itself a folder named vaultsync.)
    frame = sys._getframe(1)
    where: Path | str = "?"
    while frame is not None:
        try:
            where = Path(os.path.realpath(frame.f_code.co_filename)).relative_to(_PACKAGE)
            break
        except ValueError:
            frame = frame.f_back
    verb = next((w for w in words[1:] if not w.startswith("-") and "=" not in w), "")
    _GIT_SPAWNS.append((str(where).replace("\\", "/"), verb))


sys.addaudithook(_audit)  # audit hooks cannot be removed: it is idle unless a test arms it


def test_git_is_never_called_outside_history(vault: Path) -> None:
    """Every git process any command starts is started by storage.history's runner."""
    global _GIT_SPAWNS
    from typer.testing import CliRunner

    from vaultsync.adapters.cli.app import app, load_commands

    load_commands()
    runner = CliRunner()
    target = vault.parent / "fresh"
    _GIT_SPAWNS = []
    try:
        commands = [
            ["init", str(target)],
            ["watch", "--once", "--vault", str(target)],
            ["commit", "--vault", str(target), "-m", "by hand"],
            ["history", "--vault", str(target)],
            ["status", "--vault", str(target)],
            ["doctor", "--vault", str(target)],
        ]
        for i, args in enumerate(commands):
            (target / "notes").mkdir(parents=True, exist_ok=True)
            (target / "notes" / f"n{i}.md").write_text(f"# note {i}\n", encoding="utf-8")
            runner.invoke(app, args)
        spawns = list(_GIT_SPAWNS)
    finally:
        _GIT_SPAWNS = None
    verbs = {verb for _where, verb in spawns}
    assert {"init", "add", "commit", "log"} <= verbs, spawns  # the commands did run git
    assert {where for where, _verb in spawns} == {"storage/git_process.py"}, spawns


# --- the command's guards ------------------------------------------------------------------------


def test_watch_command_refuses_a_second_watcher_and_bad_numbers(vault: Path) -> None:
    from typer.testing import CliRunner

    from vaultsync.adapters.cli.app import Exit, app, load_commands
    from vaultsync.core import paths, writer

    load_commands()
    runner = CliRunner()
    with writer.locked(paths.state_dir(vault) / "watch.lock"):
        busy = runner.invoke(app, ["watch", "--once", "--vault", str(vault)])
    assert busy.exit_code == Exit.LOCKED and "already running" in busy.output
    (vault / ".vaultsync" / "config.toml").write_text('[watch]\ndebounce_s = "soon"\n')
    bad = runner.invoke(app, ["watch", "--once", "--vault", str(vault)])
    assert bad.exit_code == Exit.CONFIG and "watch.debounce_s must be a number" in bad.output
    (vault / ".vaultsync" / "config.toml").write_text("[watch]\ndebounce_s = 0.1\n")
    ok = runner.invoke(app, ["watch", "--once", "--quiet", "--vault", str(vault)])
    assert ok.exit_code == 0, ok.output
