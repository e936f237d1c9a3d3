"""`vaultsync learn`: turn pending sessions into summaries, memory candidates and skill drafts.

The preflight comes first and is cheap on purpose: it lists the queue markers (one tiny file per
session, kept outside the vault) and reads their first word. With nothing pending it returns
before anything heavy is imported and long before a model process could start, so the daily
schedule costs nothing on quiet days. Everything else in this module is imported lazily.

Daily: each pending (or earlier deferred) session is read once, summarised by the model command
or the built-in summariser, and written as a summary note, L1 candidates (or reinforcements of
memories that already say the same) and skill proposals; then its status becomes `summarized`.
A model answer that breaks the contract twice defers the session with the reason; a
`privacy_deferred` verdict leaves it for a person. A budget caps model calls and prompt
characters per run; sessions past it stay pending and are named in the report.
Weekly: open skill proposals are clustered and groups of three or more become drafts.
Both end with the archive step (budget overflow, old session logs) and one index reconcile.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vaultsync.core import paths, properties, writer
from vaultsync.core.config import Config
from vaultsync.core.model import SessionStatus

if TYPE_CHECKING:
    from vaultsync.services.learning.model_runner import Lesson, ModelCommand

MAX_ATTEMPTS = 3  # model deferrals before the built-in summariser takes the session over
LOCK_TIMEOUT_S = 0.5
PROMPT_OVERHEAD = 4000  # room kept for the template around the transcript
_NOT_TEXT = frozenset({"verdict", "scope", "priority", "signature", "name"})


class LearnError(Exception):
    """A run could not start (missing vault, busy lock, unusable model command)."""

    def __init__(self, message: str, *, locked: bool = False, config: bool = False) -> None:
        super().__init__(message)
        self.locked = locked
        self.config = config


# ---------------------------------------------------------------- the queue (stdlib only)


@dataclass(frozen=True)
class Preflight:
    pending: tuple[str, ...]
    deferred: tuple[str, ...]
    privacy_deferred: int
    rebuilt: bool = False  # the markers were missing and were rebuilt from the session notes

    @property
    def work(self) -> tuple[str, ...]:
        return self.pending + self.deferred


def marker_path(vault: Path, rel: str) -> Path:
    return paths.queue_dir(vault) / paths.short_hash(rel, n=16)


def set_marker(vault: Path, rel: str, status: SessionStatus | None) -> None:
    """Queue markers mirror the session notes: one per queued session, none otherwise."""
    from vaultsync.core.model import QUEUE_STATES

    target = marker_path(vault, rel)
    if status in QUEUE_STATES and status is not None:
        writer.write_atomic(target, f"{status.value}\t{rel}\n", fsync=False)
    else:
        target.unlink(missing_ok=True)  # derived state outside the vault


def _scan_sessions(vault: Path) -> None:
    """Fresh machine: rebuild the markers from the notes' `status` (no YAML, first 8 KB only).
    Only the hook's own session notes count (under sessions/, `type: session` and its tag)."""
    from vaultsync.storage import vault_files
    from vaultsync.storage.note import SESSION_TAG

    paths.queue_dir(vault).mkdir(parents=True, exist_ok=True)
    for rel in vault_files.notes(vault, paths.SESSIONS_DIR):
        try:
            head = vault_files.read_bytes(vault, rel, limit=8192).decode("utf-8", "replace")
        except OSError:
            continue
        if properties.get_scalar(head, "type") != "session":
            continue
        if SESSION_TAG not in head and not properties.get_scalar(head, "session_id"):
            continue
        status = SessionStatus.parse(properties.get_scalar(head, "status") or "")
        set_marker(vault, rel, status)


def preflight(vault: Path) -> Preflight:
    """What is waiting, from the queue markers alone."""
    folder = paths.queue_dir(vault)
    rebuilt = False
    if not folder.is_dir():
        _scan_sessions(vault)
        rebuilt = True
    pending: list[str] = []
    deferred: list[str] = []
    privacy = 0
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.name.startswith(".") or not entry.is_file():
                continue
            try:
                with open(entry.path, encoding="utf-8", errors="replace") as fh:
                    status, _, rel = fh.readline().rstrip("\n").partition("\t")
            except OSError:
                continue
            if status == SessionStatus.PENDING.value and rel:
                pending.append(rel)
            elif status == SessionStatus.DEFERRED.value and rel:
                deferred.append(rel)
            elif status == SessionStatus.PRIVACY_DEFERRED.value:
                privacy += 1
    # Oldest first: session file names start with their date and time.
    return Preflight(
        tuple(sorted(pending, key=_age_key)),
        tuple(sorted(deferred, key=_age_key)),
        privacy,
        rebuilt,
    )


def _age_key(rel: str) -> tuple[str, str]:
    return (rel.rsplit("/", 1)[-1], rel)


def has_proposals(vault: Path) -> bool:
    from vaultsync.storage import vault_files

    return bool(vault_files.walk(vault, paths.PROPOSALS_DIR).files)


# ---------------------------------------------------------------- the report


@dataclass
class LearnReport:
    mode: str
    dry_run: bool = False
    pending_before: int = 0
    summarized: list[str] = field(default_factory=list)
    summaries: list[str] = field(default_factory=list)
    deferred: list[dict[str, str]] = field(default_factory=list)
    privacy_deferred: list[dict[str, str]] = field(default_factory=list)
    candidates: list[str] = field(default_factory=list)
    reinforced: list[str] = field(default_factory=list)
    proposals: list[str] = field(default_factory=list)
    drafts: list[str] = field(default_factory=list)
    archived: list[dict[str, str]] = field(default_factory=list)
    held: list[str] = field(default_factory=list)
    model: str = "offline"
    model_calls: int = 0
    input_chars: int = 0
    skipped_for_budget: list[str] = field(default_factory=list)
    redactions: int = 0
    warnings: list[str] = field(default_factory=list)
    started_model: bool = False
    seconds: float = 0.0

    @property
    def noop(self) -> bool:
        return not (
            self.summarized
            or self.deferred
            or self.privacy_deferred
            or self.drafts
            or self.archived
        )

    def as_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["seconds"] = round(self.seconds, 3)
        data["noop"] = self.noop
        return data


def _stamp(now: dt.datetime) -> str:
    return now.astimezone(dt.UTC).replace(tzinfo=None, microsecond=0).isoformat() + "Z"


# ---------------------------------------------------------------- the run


def run(
    vault: Path,
    config: Config,
    *,
    daily: bool = True,
    weekly: bool = False,
    dry_run: bool = False,
    offline: bool = False,
    now: dt.datetime | None = None,
) -> LearnReport:
    """One learning run; `now` is injectable so tests control every date written."""
    started = time.perf_counter()
    mode = "+".join(m for m, on in (("daily", daily), ("weekly", weekly)) if on) or "daily"
    report = LearnReport(mode=mode, dry_run=dry_run)
    if not vault.is_dir():
        raise LearnError(f"vault not found: {vault}")
    pre = preflight(vault)
    report.pending_before = len(pre.pending)
    nothing_daily = not daily or not pre.work
    nothing_weekly = not weekly or not has_proposals(vault)
    if nothing_daily and nothing_weekly:
        report.seconds = time.perf_counter() - started
        if not dry_run:
            _record(vault, report)  # `vaultsync status` shows that the schedule is alive
        return report
    try:
        with writer.locked(paths.state_dir(vault) / "learn.lock", LOCK_TIMEOUT_S):
            _run_locked(
                vault,
                config,
                pre,
                report,
                daily=daily and bool(pre.work),
                weekly=weekly,
                offline=offline,
                now=now or dt.datetime.now(dt.UTC),
            )
    except TimeoutError:
        raise LearnError(
            "another `vaultsync learn` is running for this vault", locked=True
        ) from None
    report.seconds = time.perf_counter() - started
    if not dry_run:
        _record(vault, report)
    return report


def _record(vault: Path, report: LearnReport) -> None:
    data = report.as_dict()
    data["finished"] = _stamp(dt.datetime.now(dt.UTC))
    try:
        writer.write_atomic(
            paths.state_dir(vault) / "learn-last.json",
            json.dumps(data, ensure_ascii=False, indent=2) + "\n",
            fsync=False,
        )
    except OSError as exc:
        report.warnings.append(f"last-run record not written: {exc}")


@dataclass
class _Ctx:
    vault: Path
    config: Config
    report: LearnReport
    now: dt.datetime
    command: ModelCommand | None
    redact: Callable[[str], str]
    changed: set[str] = field(default_factory=set)

    def learn_int(self, key: str, default: int) -> int:
        try:
            return int(self.config.get("learn", key))
        except (TypeError, ValueError):
            return default

    def ask(self, prompt: str, parse: Callable[[str], Any], attempts: int = 2) -> Any:
        from vaultsync.services.learning import model_runner

        assert self.command is not None
        self.report.started_model = True
        timeout = float(self.config.get("learn", "model_timeout_s") or 300)
        try:
            reply = model_runner.ask(
                self.command, prompt, parse, timeout=timeout, attempts=attempts
            )
        except model_runner.ModelFailure as failure:
            self.report.model_calls += failure.calls
            self.report.input_chars += failure.chars
            raise
        self.report.model_calls += reply.calls
        self.report.input_chars += reply.chars
        return reply.value


def _run_locked(
    vault: Path,
    config: Config,
    pre: Preflight,
    report: LearnReport,
    *,
    daily: bool,
    weekly: bool,
    offline: bool,
    now: dt.datetime,
) -> None:
    from vaultsync.services.learning import model_runner

    command = None
    if not offline:
        try:
            command = model_runner.discover(str(config.get("learn", "model_command") or ""))
        except model_runner.ModelError as exc:
            raise LearnError(str(exc), config=True) from None
    report.model = command.label if command else "offline"
    ctx = _Ctx(vault, config, report, now, command, _redactor(config, report))
    if daily:
        from vaultsync.services.learning.session_step import learn_sessions

        learn_sessions(ctx, pre.work)
    if weekly:
        draft_skills(ctx)
    _archive(ctx)
    if not report.dry_run and ctx.changed:
        _reconcile(ctx)


def draft_skills(ctx: _Ctx) -> None:
    """Weekly: cluster open proposals; each group of `skill_cluster_min`+ becomes a draft."""
    from vaultsync.services.learning import model_runner, skills

    proposals, warnings = skills.load_proposals(ctx.vault)
    ctx.report.warnings.extend(warnings)
    minimum = max(2, ctx.learn_int("skill_cluster_min", 3))
    if len(proposals) < minimum:
        return
    threshold = float(ctx.config.get("learn", "skill_similarity") or 0.5)
    groups = [g for g in skills.cluster(proposals, threshold) if len(g) >= minimum]
    template = model_runner.load_prompt(ctx.vault, "skill_draft.md") if ctx.command else ""
    max_calls = ctx.learn_int("max_model_calls", 20)
    for group in groups:
        rels = tuple(p.rel for p in group)
        draft = None
        room = max_calls - ctx.report.model_calls
        if ctx.command is not None and room > 0 and not ctx.report.dry_run:
            prompt = model_runner.fill(template, {"proposals": _proposal_digest(ctx, group)})
            try:
                draft = ctx.ask(prompt, partial(skills.parse_draft, proposals=rels), min(2, room))
            except model_runner.ModelFailure as failure:
                ctx.report.warnings.append(
                    f"skill draft by the model failed ({failure}); drafted offline"
                )
        if draft is None:
            draft = skills.draft_from_cluster(group)
        draft = dataclasses.replace(
            draft,
            description=ctx.redact(draft.description),
            when=ctx.redact(draft.when),
            steps=tuple(ctx.redact(s) for s in draft.steps),
        )
        ctx.report.drafts.append(draft.rel)
        if ctx.report.dry_run:
            continue
        skills.write_draft(ctx.vault, draft, ctx.now)
        problems = skills.validate_skill(ctx.vault / paths.DRAFTS_DIR / draft.name)
        if problems:
            ctx.report.warnings.append(f"{draft.rel}: " + "; ".join(problems))
        changed = skills.mark_drafted(ctx.vault, rels, draft.rel, ctx.now)
        ctx.changed.update([draft.rel, *changed])


def _proposal_digest(ctx: _Ctx, group: list[Any]) -> str:
    parts = []
    for i, p in enumerate(group, 1):
        steps = "\n".join(f"   - {s}" for s in p.procedure)
        parts.append(f"{i}. name: {p.name}\n   when: {p.when or '-'}\n   steps:\n{steps}")
    return ctx.redact("\n".join(parts))


def _redactor(config: Config, report: LearnReport) -> Callable[[str], str]:
    """Everything learn writes passes the secret redactor first (seed A's second layer)."""
    from vaultsync.core import privacy

    table = config.privacy
    try:
        try:
            redactor = privacy.Redactor.from_config(table, table.get("disabled_rules") or [])
        except ValueError as exc:
            report.warnings.append(
                f"privacy rules in the config are broken ({exc}); built-ins used"
            )
            redactor = privacy.default_redactor()
    except Exception as exc:
        # Writing a model's words without the second privacy layer is not an option.
        raise LearnError(f"the privacy redactor cannot start ({exc}); nothing was written") from exc

    def redact(text: str) -> str:
        if not text:
            return text
        result = redactor.redact(text)
        report.redactions += len(result.findings)
        return result.text

    return redact


def _archive(ctx: _Ctx) -> None:
    from vaultsync.services.learning import archive

    dry = ctx.report.dry_run
    try:
        overflow = archive.archive_overflow(ctx.vault, ctx.config, ctx.now, dry_run=dry)
    except Exception as exc:  # a broken template must not stop learning: report it
        ctx.report.warnings.append(f"budget check failed: {exc}")
        overflow = archive.ArchiveResult()
    sessions, relinked = archive.archive_sessions(ctx.vault, ctx.config, ctx.now, dry_run=dry)
    for result in (overflow, sessions):
        ctx.report.archived.extend(m.as_dict() for m in result.moves)
        ctx.report.warnings.extend(result.warnings)
        for move in result.moves:
            ctx.changed.update((move.source, move.target))
    ctx.report.held.extend(overflow.held)
    ctx.changed.update(relinked)


def _reconcile(ctx: _Ctx) -> None:
    """Index what was written; USER.md and AGENT.md regenerate when memories changed."""
    try:
        from vaultsync.services.derived.reconcile import reconcile
    except ImportError as exc:  # pragma: no cover - only while sync is being written
        ctx.report.warnings.append(f"index not updated: {exc}")
        return
    try:
        result = reconcile(ctx.vault, ctx.config, rels=sorted(ctx.changed))
    except Exception as exc:  # the notes are written; the index is derived and can catch up
        ctx.report.warnings.append(f"index not updated (run `vaultsync rebuild`): {exc}")
        return
    for message in getattr(result, "error_messages", ()) or ():
        ctx.report.warnings.append(f"index: {message}")


def redact_lesson(lesson: Lesson, redact: Callable[[str], str]) -> Lesson:
    """The same lesson with every string passed through `redact`."""

    def walk(value: Any) -> Any:
        if isinstance(value, str):
            return redact(value)
        if isinstance(value, tuple):
            return tuple(walk(v) for v in value)
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            changes = {}
            for f in dataclasses.fields(value):
                if f.name not in _NOT_TEXT:
                    changes[f.name] = walk(getattr(value, f.name))
            return dataclasses.replace(value, **changes)
        return value

    result: Lesson = walk(lesson)
    return result


def status_updates(status: SessionStatus, now: dt.datetime, **extra: Any) -> dict[str, Any]:
    return {"status": status.value, **extra, "learned": _stamp(now)}


def set_status(
    ctx_vault: Path, rel: str, status: SessionStatus, updates: dict[str, Any], *, fsync: bool = True
) -> None:
    """Change a session's queue status: its frontmatter (events untouched), then its marker."""
    writer.rewrite(
        ctx_vault / rel,
        lambda text: properties.set_properties(text, updates),
        lock_file=paths.lock_path(ctx_vault, rel),
        fsync=fsync,
    )
    set_marker(ctx_vault, rel, status)
