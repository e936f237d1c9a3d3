"""`vaultsync sync`: keep this vault in step with its git remote (docs/sync.md).

The current branch's upstream by default (`origin` after a `git clone`). Never interactive
(credentials are git's business), never forced, never rewriting published history:

1. local changes are committed first (the watcher's autocommit, deletion guard included);
2. fetch. Offline is not an error: local commits wait for the next sync that gets through;
3. integrate, unless the remote's history was rewritten (a force-push, an unrelated history)
   or what arrives deletes too many notes: those are held (exit 7) until a person accepts
   them (`--accept-rewrite`, `--accept-deletions`). Otherwise a fast-forward, or a merge
   computed in git's object store
   (`storage.history_remote.merge_tree`), its conflicts decided by `services.vault.merge`,
   committed, and only then written to the work tree: no conflict marker ever reaches a note.
   A file that changes meanwhile (a hook appending, a person saving) is never overwritten: it
   is committed and the merge computed again;
4. the index takes in what changed; USER.md/AGENT.md are regenerated (and committed);
5. push, never forced; a rejected push goes back to 2, at most `sync.push_retries` times.

What arrives is data, never a setting: `.git/info/attributes` overrides any attributes file the
remote sends (no re-encoding, no filter), tree entries no vault file may have (`..`, `.git`)
are left out, and files vaultsync does not own (`.obsidian/`) keep this machine's version.

The outcome goes to `<state>/sync.json` (services.vault.sync_state) for `status` and `doctor`.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vaultsync.core import paths, timestamp, writer
from vaultsync.core.config import Config
from vaultsync.core.errors import Exit, VaultsyncError
from vaultsync.services.vault import autocommit, merge
from vaultsync.services.vault.sync_state import Upstream, record, upstream
from vaultsync.services.vault.sync_state import remote_state as remote_state
from vaultsync.services.vault.sync_state import state_file as state_file
from vaultsync.storage import history, history_remote

DEFAULT_PUSH_RETRIES = 5
MOVE_RETRIES = 5  # a file changed during the checkout: commit it, merge again
CONFLICT_COPY_GLOB = "**/*(Conflicted copy *"


class SyncError(VaultsyncError):
    """Sync cannot run as asked; `reason` picks the exit code: "no-remote", "locked", "held",
    "error"."""

    def __init__(self, message: str, reason: str = "error") -> None:
        codes = {"no-remote": Exit.NOT_FOUND, "locked": Exit.LOCKED, "held": Exit.HELD}
        super().__init__(history_remote.redact_url(message), exit_code=codes.get(reason))
        self.reason = reason


@dataclass(frozen=True)
class Accept:
    """What a person accepted for this one sync (the CLI's flags)."""

    deletions: bool = False  # a mass deletion arriving from the remote
    rewrite: bool = False  # a remote history that is not a continuation of ours
    branch: str | None = None  # sync with this remote branch (and join its history)


@dataclass(frozen=True)
class SyncResult:
    remote: str
    url: str  # without any password
    branch: str
    state: str  # "up-to-date", "pushed", "pulled", "merged", "offline", "created"
    fetched: bool
    pushed: bool
    attempts: int
    ahead: int  # after the sync: commits the remote does not have yet
    behind: int
    head: str | None
    integrated: str | None = None  # "fast-forward", "merge" or "rewrite accepted"
    resolved: tuple[merge.Resolution, ...] = ()
    review: tuple[str, ...] = ()  # notes kept with both texts, waiting for a person
    copies: tuple[str, ...] = ()  # conflict copies written next to a note
    regenerated: tuple[str, ...] = ()
    committed: str | None = None  # the commit of local changes made first
    error: str = ""
    finished: str = ""
    warnings: tuple[str, ...] = field(default=())

    def as_dict(self) -> dict[str, Any]:
        return {
            "remote": self.remote,
            "url": self.url,
            "branch": self.branch,
            "state": self.state,
            "fetched": self.fetched,
            "pushed": self.pushed,
            "attempts": self.attempts,
            "ahead": self.ahead,
            "behind": self.behind,
            "head": self.head,
            "integrated": self.integrated,
            "resolved": [r.as_dict() for r in self.resolved],
            "review": list(self.review),
            "copies": list(self.copies),
            "regenerated": list(self.regenerated),
            "committed": self.committed,
            "error": self.error,
            "finished": self.finished,
            "warnings": list(self.warnings),
        }


# ---------------------------------------------------------------------------------------------
# the sync


@contextlib.contextmanager
def _note_locks(vault: Path, rels: Sequence[str]) -> Iterator[None]:
    """Hold the note locks of the session notes about to be rewritten, so an appending hook
    waits for the checkout instead of racing it."""
    with contextlib.ExitStack() as stack:
        for rel in sorted(r for r in rels if r.startswith(paths.SESSIONS_DIR + "/")):
            stack.enter_context(writer.locked(paths.lock_path(vault, rel), timeout=10.0))
        yield


def _commit_local(vault: Path, config: Config, touched: set[str] | None = None) -> str | None:
    """Commit what is pending (the watcher may be off); `touched` collects the paths, which
    the index must see too."""
    result = autocommit.commit_pending(vault, config)
    if touched is not None:
        touched.update(result.files)
    removed = [
        r
        for r in history_remote.tracked_matching(vault, CONFLICT_COPY_GLOB)
        if not (vault / r).exists()
    ]
    sha = history_remote.remove_tracked(
        vault,
        removed,
        "vaultsync: conflict copies resolved",
        lock_timeout=float(config.get("git", "lock_timeout_s")),
    )
    return sha or result.commit


def _personal(config: Config) -> bool:
    """A team vault: USER.md is this person's own and stays out of git (docs/sync.md#teams)."""
    return bool(str(config.get("sync", "person") or ""))


def _keep_user_md_personal(vault: Path, config: Config) -> None:
    history_remote.exclude_locally(vault, "/" + paths.USER_MD)
    if history_remote.is_tracked(vault, paths.USER_MD):
        history_remote.remove_tracked(
            vault,
            [paths.USER_MD],
            "vaultsync: USER.md stays personal in a team vault",
            lock_timeout=float(config.get("git", "lock_timeout_s")),
        )


def _claim_new_user_memories(vault: Path, config: Config, up: Upstream) -> tuple[str, ...]:
    """In a team vault, a user-scoped memory first written on this machine (by the learning
    loop or by hand) is this person's: it gets `person: <name>` before it is shared, so it
    never lands in a colleague's USER.md."""
    from vaultsync.core import properties
    from vaultsync.storage.note import parse_note

    person = str(config.get("sync", "person") or "")
    head, theirs = history.head(vault), history_remote.rev(vault, up.tracking)
    if not person or not head or not theirs:
        return ()
    base = history_remote.merge_base(vault, head, theirs)
    if base is None or base == head:
        return ()
    claimed: list[str] = []
    for status, rel in history_remote.changed_between(vault, base, head):
        if status != "A" or not rel.startswith(paths.MEMORIES_DIR + "/") or "/people/" in rel:
            continue
        target = vault / rel
        try:
            props = parse_note(rel, target.read_text(encoding="utf-8")).props
        except (OSError, UnicodeDecodeError):
            continue
        if str(props.get("scope") or "") != "user" or props.get("person"):
            continue

        def claim(text: str) -> str | None:
            return properties.set_properties(text, {"person": person})

        if writer.rewrite(target, claim, lock_file=paths.lock_path(vault, rel), fsync=False):
            claimed.append(rel)
    if claimed:
        autocommit.commit_batch(vault, config, claimed)
    return tuple(claimed)


@dataclass
class _Merged:
    commit: str
    resolved: list[merge.Resolution]


def _merge(
    vault: Path, ours: str, theirs: str, up: Upstream, now: dt.datetime, personal: bool
) -> _Merged:
    tree, entries, _clean = history_remote.merge_tree(vault, ours, theirs)
    updates: dict[str, tuple[str, str] | None] = {}
    if personal:
        updates[paths.USER_MD] = None  # each person's own, regenerated here
    resolved: list[merge.Resolution] = []
    copies: set[str] = set()
    label = f"{up.remote} {up.branch}"
    for entry in entries:
        if personal and entry.path == paths.USER_MD:
            continue

        def blob(oid: str | None) -> bytes | None:
            return history_remote.read_blob(vault, oid) if oid else None

        res = merge.resolve(
            entry.path,
            blob(entry.base),
            blob(entry.ours),
            blob(entry.theirs),
            label=label,
            when=now,
            taken=lambda p: p in copies or history_remote.blob_at(vault, ours, p) is not None,
        )
        resolved.append(res)
        mode = entry.mode if entry.mode.startswith("10") else "100644"
        updates[entry.path] = (
            None if res.data is None else (mode, history_remote.write_blob(vault, res.data))
        )
        if res.copy is not None:
            copies.add(res.copy[0])
            updates[res.copy[0]] = ("100644", history_remote.write_blob(vault, res.copy[1]))
    merged_tree = history_remote.replace_in_tree(vault, tree, updates)
    lines = [f"vaultsync: sync with {up.remote}/{up.branch}", ""]
    for res in resolved:
        lines.append(f"{res.path}: {res.rule}" + (f" ({res.copy[0]})" if res.copy else ""))
    message = "\n".join(lines).rstrip() + "\n"
    commit = history_remote.commit_tree(vault, merged_tree, [ours, theirs], message)
    return _Merged(commit, resolved)


def _stale_generated(vault: Path) -> bool:
    return not all((vault / g).exists() for g in paths.GENERATED_FILES)


def _regenerate(vault: Path, config: Config, changed: Sequence[str]) -> tuple[str, ...]:
    """Index the notes the integration changed; USER.md/AGENT.md follow the merged memories."""
    from vaultsync.services.derived import reconcile

    notes = [r for r in changed if paths.is_note(r)]
    if not notes and all((vault / g).exists() for g in paths.GENERATED_FILES):
        return ()
    # A machine whose index was never built (a fresh clone) indexes everything once, or the
    # generated files would be made from the few notes this sync touched.
    fresh = not config.index_file().exists()
    report = reconcile.reconcile(vault, config, None if fresh else notes)
    generated = tuple(report.generated)
    missing = [g for g in paths.GENERATED_FILES if not (vault / g).exists()]
    if missing or any(r in paths.GENERATED_FILES for r in changed):
        from vaultsync.services.derived.generate import generate_from_vault

        done = generate_from_vault(vault, config)
        generated += done.written + done.kept  # kept: lines a person wrote into USER.md
    generated = tuple(dict.fromkeys(generated))
    if generated:
        autocommit.commit_batch(vault, config, generated)
    return generated


def sync(
    vault: Path,
    config: Config,
    *,
    now: Callable[[], dt.datetime] = timestamp.now,
    progress: Callable[[str], None] | None = None,
    accept: Accept = Accept(),
) -> SyncResult:
    """Fetch, integrate, push (see the module docstring). Raises SyncError when there is no
    remote or another sync runs; network trouble is a result (state "offline"), not an error."""
    say = progress or (lambda _m: None)
    if not history.is_repo(vault):
        raise SyncError(f"{vault} is not a git repository: run `vaultsync init {vault}`")
    try:
        with writer.locked(paths.state_dir(vault) / "sync.lock", timeout=0):
            result = _sync(vault, config, now, say, accept)
    except TimeoutError as exc:
        raise SyncError(f"another sync of {vault} is running", "locked") from exc
    ok = result.state != "offline" and not result.error
    record(vault, result.as_dict(), [*result.review, *result.copies], ok)
    return result


def _sync(
    vault: Path,
    config: Config,
    now: Callable[[], dt.datetime],
    say: Callable[[str], None],
    accept: Accept,
) -> SyncResult:
    from vaultsync.services.vault.setup import GITATTRIBUTES_TEXT

    lock_timeout = float(config.get("git", "lock_timeout_s"))
    if history_remote.finish_interrupted(vault):
        say("finished a sync that was interrupted")
    history_remote.neutralise_attributes(vault, GITATTRIBUTES_TEXT)
    if accept.branch:
        local_branch = history_remote.current_branch(vault)
        remote_name = str(config.get("sync", "remote") or "") or "origin"
        if local_branch is None:
            raise SyncError("the vault's HEAD is not on a branch (detached): check out a branch")
        history_remote.set_upstream_branch(vault, local_branch, remote_name, accept.branch)
    up = upstream(vault, config)
    if up is None and history_remote.current_branch(vault) is None:
        raise SyncError("the vault's HEAD is not on a branch (detached): check out a branch")
    if up is None:
        raise SyncError(
            "no remote to sync with: add one with `git -C VAULT remote add origin URL` "
            "(see docs/sync.md)",
            "no-remote",
        )
    if _personal(config):
        _keep_user_md_personal(vault, config)
    local: set[str] = set()
    committed = _commit_local(vault, config, local)
    if _personal(config):
        local.update(_claim_new_user_memories(vault, config, up))
    retries = max(0, int(config.get("sync", "push_retries") or DEFAULT_PUSH_RETRIES))
    warnings: list[str] = []
    known = history_remote.rev(vault, up.tracking)  # the remote's tip at the last sync
    resolved: list[merge.Resolution] = []
    regenerated: tuple[str, ...] = ()
    integrated: str | None = None
    state = "up-to-date"
    fetched = pushed = False
    attempts = 0
    error = ""
    while attempts <= retries:
        attempts += 1
        say(f"fetching {up.remote}/{up.branch}")
        try:
            history_remote.fetch(vault, up.remote, up.branch)
            fetched = True
        except history.GitError as exc:
            if "couldn't find remote ref" not in str(exc):
                error = str(exc)
                state = "offline"
                break
        theirs = history_remote.rev(vault, up.tracking)
        if theirs is None:
            _refuse_second_branch(vault, up)
        changed: list[str] = []
        vetted = None
        if theirs is not None:
            vetted = _vet(vault, config, up, known, theirs, accept, warnings, local, lock_timeout)
            known = history_remote.rev(vault, up.tracking)
            if vetted is None:  # the person accepted the remote's rewritten history
                integrated, state = "rewrite accepted", "pulled"
        if vetted is not None:
            step = _integrate(
                vault, config, up, vetted, now(), lock_timeout, say, local, accept.deletions
            )
            if step is not None:
                kind, res, changed = step
                integrated = "merge" if "merge" in (integrated, kind) else kind
                resolved.extend(res)
                state = "merged" if integrated == "merge" else "pulled"
        if changed or local or _stale_generated(vault):
            regenerated += _regenerate(vault, config, [*changed, *sorted(local)])
            local.clear()
        ours = history.head(vault)
        if ours is None or (theirs is not None and ours == theirs):
            break
        if theirs is not None and history_remote.is_ancestor(vault, ours, theirs):
            break
        say(f"pushing to {up.remote}/{up.branch}")
        try:
            history_remote.push(vault, up.remote, up.branch)
        except history_remote.PushRejected:
            say("the remote moved on meanwhile: integrating again")
            continue
        except history.GitError as exc:
            error, state = str(exc), "offline"
            break
        pushed = True
        if state == "up-to-date":
            state = "created" if theirs is None else "pushed"
        if theirs is None and history_remote.config_get(vault, f"branch.{up.local}.remote") is None:
            history_remote.set_upstream(vault, up.local, up.remote)
        if history_remote.rev(vault, up.tracking) != history.head(vault):
            # git moves the tracking ref itself when the remote has a fetch refspec; else ask.
            with contextlib.suppress(history.GitError):
                history_remote.fetch(vault, up.remote, up.branch)
        break
    else:
        error = f"the remote kept moving: gave up after {attempts} attempts; run sync again"
    head = history.head(vault)
    theirs = history_remote.rev(vault, up.tracking)
    ahead, behind = history_remote.ahead_behind(vault, head, theirs) if head and theirs else (0, 0)
    if head and not theirs:
        ahead = len(history.log(vault, limit=100000))
    return SyncResult(
        remote=up.remote,
        url=up.url,
        branch=up.branch,
        committed=committed,
        state=state,
        fetched=fetched,
        pushed=pushed,
        attempts=attempts,
        ahead=ahead,
        behind=behind,
        head=head,
        integrated=integrated,
        resolved=tuple(resolved),
        review=tuple(r.path for r in resolved if r.review),
        copies=tuple(r.copy[0] for r in resolved if r.copy),
        regenerated=regenerated,
        error=history_remote.redact_url(error),
        finished=timestamp.format(now()),  # the one on-disk form, in the person's zone
        warnings=tuple(warnings),
    )


def _integrate(
    vault: Path,
    config: Config,
    up: Upstream,
    theirs: str,
    when: dt.datetime,
    lock_timeout: float,
    say: Callable[[str], None],
    local: set[str],
    accept_deletions: bool = False,
) -> tuple[str, list[merge.Resolution], list[str]] | None:
    """Bring `theirs` into the branch. Returns (how, resolutions, changed paths) or None when
    there was nothing to bring in."""
    res: list[merge.Resolution]
    for _ in range(MOVE_RETRIES):
        ours = history.head(vault)
        if ours is None:
            target, kind, res = theirs, "fast-forward", []
            ours_for_move = None
        elif history_remote.is_ancestor(vault, theirs, ours):
            return None
        elif history_remote.is_ancestor(vault, ours, theirs):
            target, kind, res = theirs, "fast-forward", []
            ours_for_move = ours
        else:
            say("merging")
            merged = _merge(vault, ours, theirs, up, when, _personal(config))
            target, kind, res = merged.commit, "merge", merged.resolved
            ours_for_move = ours
        if ours_for_move is None:
            raise SyncError("the vault has no commit yet: run `vaultsync commit` first")
        delta = history_remote.changed_between(vault, ours_for_move, target)
        changed = [p for _s, p in delta]
        if not accept_deletions:
            _guard_deletions(vault, config, up, ours_for_move, delta)
        if _personal(config) and paths.USER_MD in changed:
            # The remote still tracks a USER.md (someone not yet in team mode): ours is derived
            # and untracked here, so it steps aside for the checkout and is regenerated after.
            (vault / paths.USER_MD).unlink(missing_ok=True)
        try:
            with _unowned_aside(vault, ours_for_move, changed):
                history_remote.move_to(
                    vault,
                    ours_for_move,
                    target,
                    lock_timeout=lock_timeout,
                    hold=lambda rels: _note_locks(vault, rels),
                    changed=changed,
                )
        except history_remote.NotUpToDate:
            say("a note changed meanwhile: committing it and merging again")
            _commit_local(vault, config, local)
            continue
        if _personal(config):
            _keep_user_md_personal(vault, config)
        return kind, res, changed
    waiting = autocommit.held(vault)
    if waiting is not None:
        raise SyncError(
            f"{len(waiting.rels)} held deletions touch notes the remote changed: run "
            "`vaultsync commit --confirm-deletions` or `--restore-deletions`, then sync",
            "held",
        )
    raise SyncError("notes kept changing during the sync; run it again", "locked")


# ---------------------------------------------------------------------------------------------
# what arrives from the remote is vetted before it is integrated


def _refuse_second_branch(vault: Path, up: Upstream) -> None:
    """The remote lacks our branch but has another: pushing would start a second line of
    history beside it (a bare repository made on `master`, vaults on `main`) and both sides
    would then report "up to date" forever. Held with the command that joins the remote's."""
    heads = history_remote.remote_heads(vault, up.remote)
    others = [h for h in heads or () if h != up.branch]
    if not others:
        return
    pick = "main" if "main" in others else others[0]
    raise SyncError(
        f"{up.remote} has no branch {up.branch} but has {', '.join(sorted(others))}: pushing "
        f"{up.branch} would split the vault in two. To sync with {pick}, run "
        f"`vaultsync sync --branch {pick}` (this vault's notes are merged into it)",
        "held",
    )


def _vet(
    vault: Path,
    config: Config,
    up: Upstream,
    known: str | None,
    theirs: str,
    accept: Accept,
    warnings: list[str],
    local: set[str],
    lock_timeout: float,
) -> str | None:
    """The remote commit to integrate: refused (SyncError "held") when it rewrites the history
    this vault already has, adopted as ours when the person accepted that, and with unsafe tree
    entries left out. None when there is nothing more to integrate."""
    ours = history.head(vault)
    rewritten = ours is not None and history_remote.dropped_by_remote(
        vault, up.tracking, theirs, ours, known
    )
    unrelated = (
        ours is not None
        and not accept.branch
        and history_remote.merge_base(vault, ours, theirs) is None
    )
    if (rewritten or unrelated) and not accept.rewrite:
        if known is not None:
            # The tracking ref goes back to what we had, so the next sync sees the rewrite too.
            history_remote.set_ref(vault, f"refs/remotes/{up.remote}/{up.branch}", known)
        what = (
            "was rewritten (a force-push: commits this vault already has are gone from it)"
            if rewritten
            else "has a history unrelated to this vault's"
        )
        raise SyncError(
            f"{up.remote}/{up.branch} {what}; nothing was merged. If that was meant (a secret "
            "purged from history, say), run `vaultsync sync --accept-rewrite`: this vault takes "
            "the remote's history and keeps only its own changes since the last sync",
            "held",
        )
    safe, dropped = history_remote.without_unsafe(vault, theirs)
    if dropped:
        warnings.append(
            "left out paths from the remote that no vault file may have, or links out of "
            "the vault: " + ", ".join(dropped)
        )
    if (rewritten or unrelated) and accept.rewrite and ours is not None:
        since = (
            history_remote.last_integrated(vault, up.tracking, ours, known) if rewritten else None
        )
        _adopt(vault, config, up, ours, safe, since, lock_timeout, local)
        return None
    return safe


def _adopt(
    vault: Path,
    config: Config,
    up: Upstream,
    ours: str,
    theirs: str,
    known: str | None,
    lock_timeout: float,
    local: set[str],
) -> None:
    """Take the remote's history (accepted by the person), then put back this vault's own
    changes since the last sync (`known`), committed through the gate. With no last sync to
    measure from, only files the remote does not have are put back."""
    if known is not None:
        base = history_remote.merge_base(vault, ours, known) or known
        mine = history_remote.changed_between(vault, base, ours)
    else:
        mine = [
            ("A", p)
            for p in history.tracked(vault)
            if history_remote.blob_at(vault, theirs, p) is None and history.stageable(p)
        ]
    saved = {p: history_remote.blob_at(vault, ours, p) for s, p in mine if s != "D"}
    changed = [p for _s, p in history_remote.changed_between(vault, ours, theirs)]
    with _unowned_aside(vault, ours, changed):
        history_remote.move_to(
            vault,
            ours,
            theirs,
            lock_timeout=lock_timeout,
            hold=lambda rels: _note_locks(vault, rels),
            changed=changed,
        )
    back: list[str] = []
    for s, p in mine:
        target = vault / p
        if s == "D":
            if target.exists():
                target.unlink()
                back.append(p)
            continue
        data = saved.get(p)
        if data is not None and (not target.exists() or target.read_bytes() != data):
            writer.write_atomic(target, data, fsync=False)
            back.append(p)
    local.update(changed)
    if back:
        autocommit.commit_batch(vault, config, back)
        local.update(back)


def _guard_deletions(
    vault: Path, config: Config, up: Upstream, ours: str, delta: Sequence[tuple[str, str]]
) -> None:
    """The mass-deletion guard, for what arrives by sync: the same limits as for this
    machine's own deletions (`watch.max_delete_share`, `watch.min_held_deletions`)."""
    deleted = sum(1 for s, p in delta if s == "D" and paths.is_note(p))
    added = sum(1 for s, p in delta if s == "A" and paths.is_note(p))
    net = deleted - added
    minimum = int(config.get("watch", "min_held_deletions") or autocommit.MIN_HELD_DELETIONS)
    if net < minimum:
        return
    total = sum(1 for p in history_remote.tracked_at(vault, ours) if paths.is_note(p))
    share = net / total if total else 0.0
    if share <= float(config.get("watch", "max_delete_share")):
        return
    raise SyncError(
        f"{up.remote}/{up.branch} deletes {deleted} of this vault's {total} notes; nothing was "
        "changed here. If that was meant, run `vaultsync sync --accept-deletions`",
        "held",
    )


@contextlib.contextmanager
def _unowned_aside(vault: Path, ours: str, changed: Sequence[str]) -> Iterator[None]:
    """Files vaultsync never commits (`.obsidian/`: Obsidian's per-machine settings) keep this
    machine's version: the incoming one lands in history, this machine's file stays as it is.
    Without this, a clone whose Obsidian changed a file obsidian-git committed elsewhere could
    never move (git refuses to overwrite it, and vaultsync will not commit it)."""
    aside: dict[str, bytes] = {}
    for rel in changed:
        if history.stageable(rel):
            continue
        target = vault / rel
        if target.is_symlink() or not target.is_file():
            continue
        data = target.read_bytes()
        if data == history_remote.blob_at(vault, ours, rel):
            continue
        aside[rel] = data
        committed = history_remote.blob_at(vault, ours, rel)
        if committed is None:
            target.unlink()
        else:
            writer.write_atomic(target, committed, fsync=False)
    try:
        yield
    finally:
        for rel, data in aside.items():
            with contextlib.suppress(OSError):
                writer.write_atomic(vault / rel, data, fsync=False)
