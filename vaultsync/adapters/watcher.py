"""`vaultsync watch`: file-system events in, an up-to-date index and one commit per batch out.

Events are hints, never facts. The watcher only learns *which paths* to look at; what happened
to them is read from the disk when the batch is flushed (`reconcile.reconcile(rels)` treats a
missing file as deleted and an unreadable one as untouched). That makes every editor's way of
saving the same case: vim's rename-over, delete-and-recreate, atomic temp-file renames, Obsidian's
folder renames. A periodic full reconcile (and one at start-up) heals whatever the event stream
lost (inotify overflow, sleep, events missed while the watcher was down), and goes on embedding.

The loop is driven by an injectable clock and event source, so the tests feed it events and
advance time without threads or sleeps; the real source is a watchdog observer feeding a queue.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import hashlib
import json
import logging
import os
import queue
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vaultsync.adapters.heartbeat import Heartbeat, heartbeat_file
from vaultsync.core import paths, writer
from vaultsync.core.config import Config, ConfigError
from vaultsync.services.vault import autocommit
from vaultsync.storage import history, vault_files
from vaultsync.storage.index import Index

log = logging.getLogger("vaultsync.watch")
CATCH_UP_S = 15.0  # to the next full pass while notes wait for vectors ([search] embed_seconds)


class Kind(enum.StrEnum):
    CREATED = "created"
    MODIFIED = "modified"
    DELETED = "deleted"
    MOVED = "moved"


@dataclass(frozen=True)
class FsEvent:
    """One file-system event, with paths relative to the vault (forward slashes)."""

    kind: Kind
    src: str
    dest: str = ""
    is_dir: bool = False


Clock = Callable[[], float]


class Batcher:
    """Collects changed paths; a batch is due `debounce_s` after the last event, or `max_wait_s`
    after the first one, whichever comes first (a steady stream of writes still gets committed)."""

    def __init__(self, debounce_s: float, max_wait_s: float, clock: Clock = time.monotonic):
        self.debounce_s = debounce_s
        self.max_wait_s = max(max_wait_s, debounce_s)
        self.clock = clock
        self.rels: set[str] = set()
        self.dirs: set[str] = set()
        self._first: float | None = None
        self._last: float | None = None

    def add(self, rels: Iterable[str] = (), dirs: Iterable[str] = ()) -> None:
        rels, dirs = list(rels), list(dirs)
        if not rels and not dirs:
            return
        self.rels.update(rels)
        self.dirs.update(dirs)
        now = self.clock()
        # Every write, even to a path already pending, pushes the quiet period out.
        self._first = now if self._first is None else self._first
        self._last = now

    def __bool__(self) -> bool:
        return bool(self.rels or self.dirs)

    def wait_time(self) -> float | None:
        """Seconds until the batch is due; None when nothing is pending."""
        if self._first is None or self._last is None:
            return None
        now = self.clock()
        due = min(self._last + self.debounce_s, self._first + self.max_wait_s)
        return max(0.0, due - now)

    def due(self) -> bool:
        wait = self.wait_time()
        return wait is not None and wait <= 0.0

    def take(self) -> tuple[set[str], set[str]]:
        rels, dirs = self.rels, self.dirs
        self.rels, self.dirs = set(), set()
        self._first = self._last = None
        return rels, dirs


def relevant(rel: str) -> bool:
    """Is a vault path worth a batch at all? (.git, .obsidian, .trash, temp files are not.)"""
    return bool(rel) and (paths.is_note(rel) or history.stageable(rel))


def _digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(vault_files.read_path(path)).hexdigest()
    except OSError:  # gone, a FIFO or a link: never blocked on, never followed
        return None


def _seconds(config: Config, section: str, key: str) -> float:
    value = config.get(section, key)
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise ConfigError(f"{section}.{key} must be a number of seconds, not {value!r}")
    return float(value)


ReconcileFn = Callable[..., Any]


def _default_reconcile() -> ReconcileFn:
    # reconcile.reconcile, after aligning memory levels a person changed in Obsidian (a note dragged
    # to another level folder, or its `level` property edited): see services/learning/levels.py.
    from vaultsync.services.learning import levels

    return levels.reconcile_with_levels


def _default_sync(vault: Path, config: Config) -> Any:
    from vaultsync.services.vault import remote

    return remote.sync(vault, config)


class Watcher:
    """The watch loop's state: a pending batch, the last reconcile time, our own writes."""

    def __init__(
        self,
        vault: Path,
        config: Config,
        *,
        clock: Clock = time.monotonic,
        wall: Callable[[], dt.datetime] = lambda: dt.datetime.now().astimezone(),
        reconcile: ReconcileFn | None = None,
        commit: bool | None = None,
        sync: Callable[[Path, Config], Any] | None = None,
    ):
        self.vault = vault
        self.root = vault.resolve()
        self.config = config
        self.clock = clock
        self.wall = wall
        self.reconcile = reconcile or _default_reconcile()
        self.batcher = Batcher(
            _seconds(config, "watch", "debounce_s"), _seconds(config, "watch", "max_wait_s"), clock
        )
        self.reconcile_s = _seconds(config, "watch", "reconcile_s")
        _seconds(config, "git", "lock_timeout_s")  # checked now, not at the first commit
        self.commit = bool(config.get("git", "auto_commit")) if commit is None else commit
        self._own: dict[str, str] = {}  # rel -> sha256 of what reconcile just generated
        self._next_reconcile = clock() + self.reconcile_s
        # `sync.interval_s`: fetch, merge and push the git remote this often (0: never).
        self.sync_s = _seconds(config, "sync", "interval_s")
        self._sync = sync or _default_sync
        self._next_sync = clock() if self.sync_s else float("inf")
        self.beat = Heartbeat(pid=os.getpid(), vault=str(self.root), started=self._now())
        self.last_result: autocommit.BatchResult | None = None
        self._repo = False

    # -- events ---------------------------------------------------------------------------

    def _rel(self, path: str) -> str | None:
        """A path from an event, relative to the vault, or None if it lies outside it."""
        if not path:
            return None
        p = Path(path)
        if not p.is_absolute():
            return p.as_posix()
        try:
            return p.relative_to(self.root).as_posix()
        except ValueError:
            try:
                return p.relative_to(self.vault.absolute()).as_posix()
            except ValueError:
                return None

    def feed(self, event: FsEvent) -> None:
        rels: list[str] = []
        dirs: list[str] = []
        for raw in (event.src, event.dest):
            rel = self._rel(raw) if raw else None
            if rel is None or rel in {"", "."}:
                continue
            if event.is_dir or vault_files.kind(self.vault, rel) == vault_files.FOLDER:
                if event.kind is Kind.MODIFIED or paths.is_ignored(rel + "/x.md"):
                    continue  # a folder's own mtime says nothing its files don't
                dirs.append(rel)
            elif relevant(rel):
                rels.append(rel)
        if rels or dirs:
            self.batcher.add(rels, dirs)

    def feed_all(self, events: Iterable[FsEvent]) -> None:
        for event in events:
            self.feed(event)

    # -- the batch --------------------------------------------------------------------------

    def _expand_dirs(self, dirs: set[str]) -> set[str]:
        """Every file a folder event may have touched: what is under the folder now (walked)
        and what the index knew under it (a folder moved away, deleted, or recreated)."""
        found: set[str] = set()
        for rel in dirs:
            # The one vault walk: a symlinked folder is never entered (its files would lie
            # beyond a link, which git refuses for the whole batch).
            found.update(vault_files.walk(self.vault, rel, notes_only=False).files)
        index_file = self.config.index_file()
        if dirs and index_file.exists():
            prefixes = tuple(d.rstrip("/") + "/" for d in dirs)
            with Index.open(index_file) as index:
                found.update(r for r in index.stats() if r.startswith(prefixes))
        return {r for r in found if relevant(r)}

    def _drop_own_writes(self, rels: set[str]) -> set[str]:
        kept = set()
        for rel in rels:
            expected = self._own.get(rel)
            if expected is not None and _digest(self.vault / rel) == expected:
                continue
            self._own.pop(rel, None)
            kept.add(rel)
        return kept

    def _remember_generated(self, report: Any) -> tuple[str, ...]:
        generated = tuple(getattr(report, "generated", ()) or ())
        for rel in generated:
            digest = _digest(self.vault / rel)
            if digest is not None:
                self._own[rel] = digest
        return generated

    def flush(self) -> autocommit.BatchResult | None:
        """Index and commit whatever is pending. On failure the batch is kept for a retry."""
        if not self.batcher:
            return None
        rels, dirs = self.batcher.take()
        try:
            rels = self._drop_own_writes(rels | self._expand_dirs(dirs))
            # The folders themselves go to git too: `add -A -- folder` also stages deletions
            # of files the index never knew (attachments) and of a folder that was recreated.
            return self._process(rels, dirs)
        except Exception as exc:  # keep watching: an error in one batch must not lose the rest
            self.batcher.add(rels, dirs)  # retried after the next quiet period
            if not isinstance(exc, history.GitStateBusy):  # waiting for a person is no error
                self._error(exc)
            return None

    def _process(self, rels: set[str], dirs: set[str]) -> autocommit.BatchResult | None:
        if not rels and not dirs:
            return None
        notes = sorted(r for r in rels if paths.is_note(r))
        report = None
        if notes:
            try:
                report = self.reconcile(self.vault, self.config, notes)
                if getattr(report, "vectors_pending", 0):  # come back soon for the rest
                    self._next_reconcile = min(self._next_reconcile, self.clock() + CATCH_UP_S)
            except Exception as exc:
                # The index is derived: an unwritable or busy one must not stop git history.
                # The batch is committed; the next full pass brings the index up to date.
                self._error(exc, where="index")
                self._next_reconcile = min(self._next_reconcile, self.clock() + 30.0)
        generated = self._remember_generated(report) if report is not None else ()
        self._warn(report)
        self.beat.batches += 1
        self.beat.last_batch = self._now()
        result = self._commit(rels | dirs | set(generated), report)
        self._write_heartbeat()
        return result

    def _warn(self, report: Any) -> None:
        """What the pass read but could not use (a note's broken frontmatter, a link followed
        out of the vault): said in the watcher's log, as `rebuild` says it, and counted by
        `vaultsync doctor` from the index."""
        for message in getattr(report, "warning_messages", ()) or ():
            log.warning("%s", message)

    def _full_pass(self, extra: Iterable[str] = ()) -> autocommit.BatchResult | None:
        report = self.reconcile(self.vault, self.config)
        generated = self._remember_generated(report)
        self._warn(report)
        self.beat.last_reconcile = self._now()
        waiting = getattr(report, "vectors_pending", 0)  # a slow model's notes: come back soon
        self._next_reconcile = self.clock() + min(CATCH_UP_S if waiting else 1e9, self.reconcile_s)
        rels = set(extra) | set(getattr(report, "changed_rels", ()) or ()) | set(generated)
        if self.commit and self._repo:
            rels |= set(history.dirty_rels(self.vault))
        result = self._commit(rels, report) if rels else None
        self._write_heartbeat()
        return result

    def _commit(self, rels: set[str], report: Any) -> autocommit.BatchResult | None:
        if not self.commit or not rels:
            return None
        self._ensure_repo()
        try:
            result = autocommit.commit_batch(self.vault, self.config, rels, report, now=self.wall())
        except history.GitStateBusy as exc:
            if self.beat.waiting != str(exc):
                log.warning("not committing: %s", exc)
            self.beat.waiting = str(exc)
            self._write_heartbeat()
            raise
        self.beat.waiting = ""
        self.last_result = result
        self.beat.blocked = len(autocommit.blocked(self.vault))
        for rel, why in result.blocked:
            log.warning("held back from git: %s: %s (%s)", rel, why, autocommit.allow_hint())
        if result.commit:
            self.beat.commits += 1
            self.beat.last_commit = result.commit
            log.info("committed %s: %s", result.commit[:10], result.summary)
        waiting = autocommit.held(self.vault)
        self.beat.held = len(waiting.rels) if waiting else 0
        if result.held is not None:
            log.warning(
                "held back %d deletions (%.0f%% of %d notes); run `vaultsync commit "
                "--confirm-deletions` to commit them or `--restore-deletions` to undo them",
                len(result.held.rels),
                result.held.share * 100,
                result.held.total,
            )
        return result

    # -- the loop -------------------------------------------------------------------------

    def _ensure_repo(self) -> None:
        """A vault that is not a repository yet becomes one, with everything in a first commit
        (one `add -A`, far cheaper than naming 100k paths)."""
        if self._repo:
            return
        history.ensure_repo(self.vault)
        self._repo = True
        if history.head(self.vault) is None:
            from vaultsync.services.vault import gate

            sha = history.commit_all(
                self.vault,
                "vaultsync: first commit of the vault",
                lock_timeout=float(self.config.get("git", "lock_timeout_s")),
                exclude=gate.screen_first_commit(self.vault, self.config),
            )
            if sha:
                self.beat.commits += 1
                self.beat.last_commit = sha
                log.info("committed %s: first commit of the vault", sha[:10])

    def start(self) -> autocommit.BatchResult | None:
        """The start-up pass: catch up with everything that changed while we were away."""
        self._write_heartbeat()
        try:
            if self.commit:
                self._ensure_repo()
            return self._full_pass()
        except history.GitStateBusy:
            return None
        except Exception as exc:
            self._error(exc)
            return None

    def step(self) -> autocommit.BatchResult | None:
        """Flush a due batch, or run the periodic reconcile (or sync) when its time has come."""
        if self.batcher.due():
            return self.flush()
        if self.commit and self.clock() >= self._next_sync:
            self._next_sync = self.clock() + self.sync_s
            self.sync_now()
            return None
        if self.clock() >= self._next_reconcile:
            self._next_reconcile = self.clock() + self.reconcile_s
            try:
                return self._full_pass()
            except history.GitStateBusy:
                pass
            except Exception as exc:
                self._error(exc)
        return None

    def sync_now(self) -> Any:
        """One `vaultsync sync` from inside the watcher; a failure is logged, never fatal (the
        next interval tries again, and offline is not a failure at all)."""
        self.flush()
        try:
            result = self._sync(self.vault, self.config)
        except Exception as exc:  # the remote's trouble must never stop the watcher
            if getattr(exc, "reason", "") == "no-remote":
                log.warning("sync.interval_s is set but the vault has no remote: %s", exc)
                self._next_sync = float("inf")
                return None
            self._error(exc)
            return None
        state = getattr(result, "state", "")
        self.beat.last_sync = self._now()
        if state == "offline":
            log.info("sync: the remote is out of reach; local commits wait for the next sync")
        elif state and state != "up-to-date":
            log.info("sync: %s", state)
        self._write_heartbeat()
        return result

    def timeout(self, cap: float = 0.25) -> float:
        """How long the loop may block on the event source before calling `step` again."""
        wait = self.batcher.wait_time()
        until_reconcile = max(0.0, self._next_reconcile - self.clock())
        return min(cap, until_reconcile, wait if wait is not None else cap)

    def run(self, events: queue.Queue[FsEvent], should_stop: Callable[[], bool]) -> None:
        """Block until `should_stop()`, then flush what is pending (commit included)."""
        self.start()
        while not should_stop():
            try:
                self.feed(events.get(timeout=self.timeout()))
                while True:  # drain a burst before looking at the clock again
                    self.feed(events.get_nowait())
            except queue.Empty:
                pass
            self.step()
        self.stop(events)

    def stop(self, events: queue.Queue[FsEvent] | None = None) -> None:
        """Take in what is still queued, index and commit it, and mark the heartbeat stopped."""
        while events is not None:
            try:
                self.feed(events.get_nowait())
            except queue.Empty:
                break
        self.flush()
        self.beat.state = "stopped"
        self._write_heartbeat()

    # -- bookkeeping ----------------------------------------------------------------------

    def _now(self) -> str:
        return self.wall().isoformat(timespec="seconds")

    def _error(self, exc: BaseException, where: str = "") -> None:
        self.beat.errors += 1
        first = (str(exc).strip().splitlines() or [""])[0]
        self.beat.last_error = f"{where + ': ' if where else ''}{type(exc).__name__}: {first}"
        self.beat.recent_errors = [
            *self.beat.recent_errors[-4:],
            f"{self._now()} {self.beat.last_error}",
        ]
        log.error("watch: %s", self.beat.last_error)
        self._write_heartbeat()

    def _write_heartbeat(self) -> None:
        try:
            writer.write_atomic(
                heartbeat_file(self.vault),
                json.dumps(dataclasses.asdict(self.beat), ensure_ascii=False, indent=1),
                fsync=False,
            )
        except OSError as exc:
            log.warning("cannot write the heartbeat: %s", exc)


def observe(vault: Path, events: queue.Queue[FsEvent]) -> Any:
    """Start a watchdog observer on the vault that puts `FsEvent`s (absolute paths) on `events`.

    Returns the started observer; call `.stop()` and `.join()` on it. Events under .git,
    .obsidian and .trash are dropped here, before they can flood the queue during a commit.
    """
    from watchdog.events import FileSystemEvent, FileSystemEventHandler
    from watchdog.observers import Observer

    root = str(vault.resolve())
    skip = tuple(os.path.join(root, d) + os.sep for d in (".git", ".obsidian", ".trash"))
    kinds = {k.value: k for k in Kind}  # the values are watchdog's event type names

    class Handler(FileSystemEventHandler):
        def on_any_event(self, event: FileSystemEvent) -> None:
            kind = kinds.get(event.event_type)
            if kind is None:
                return  # opened / closed_no_write: nothing changed
            src = os.fsdecode(event.src_path)
            dest = os.fsdecode(getattr(event, "dest_path", "") or "")
            if src.startswith(skip) and (not dest or dest.startswith(skip)):
                return
            events.put(FsEvent(kind, src, dest, bool(event.is_directory)))

    observer = Observer()
    observer.schedule(Handler(), root, recursive=True)
    observer.start()
    return observer
