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
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vaultsync.core import paths, timestamp, writer
from vaultsync.core.config import Config
from vaultsync.core.errors import Exit, VaultsyncError
from vaultsync.core.queue import Preflight, preflight
from vaultsync.services.learning.run_state import LearnReport, LearnRun, Redact

if TYPE_CHECKING:
    pass

LOCK_TIMEOUT_S = 0.5


class LearnError(VaultsyncError):
    """A run could not start (missing vault, busy lock, unusable model command)."""

    def __init__(self, message: str, *, locked: bool = False, config: bool = False) -> None:
        code = Exit.LOCKED if locked else Exit.CONFIG if config else None
        super().__init__(message, exit_code=code)
        self.locked = locked
        self.config = config


def has_proposals(vault: Path) -> bool:
    from vaultsync.storage import vault_files

    return bool(vault_files.walk(vault, paths.PROPOSALS_DIR).files)


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
    progress: Callable[[int, int], None] | None = None,
) -> LearnReport:
    """One learning run; `now` is injectable so tests control every date written.
    `progress(done, total)` is told after each pending session (the CLI's progress bar)."""
    started = time.perf_counter()
    mode = "+".join(m for m, on in (("daily", daily), ("weekly", weekly)) if on) or "daily"
    report = LearnReport(mode=mode, dry_run=dry_run)
    if not vault.is_dir():
        raise LearnError(f"vault not found: {vault}")
    if not dry_run:
        # Sessions that never sent their end event are closed first (services/learning/idle.py,
        # the one owner of that rule), so this run and the queue counts see them.
        from vaultsync.services.learning.idle import close_idle

        report.closed_idle = close_idle(vault, config, now or timestamp.now())
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
                now=now or timestamp.now(),
                progress=progress,
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
    data["finished"] = timestamp.format(timestamp.now())
    try:
        writer.write_atomic(
            paths.learn_report(vault),
            json.dumps(data, ensure_ascii=False, indent=2) + "\n",
            fsync=False,
        )
    except OSError as exc:
        report.warnings.append(f"last-run record not written: {exc}")


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
    progress: Callable[[int, int], None] | None = None,
) -> None:
    from vaultsync.services.learning import model_runner

    command = None
    if not offline:
        try:
            command = model_runner.discover(str(config.get("learn", "model_command") or ""))
        except model_runner.ModelError as exc:
            raise LearnError(str(exc), config=True) from None
    report.model = command.label if command else "offline"
    ctx = LearnRun(
        vault, config, report, now, command, _redactor(config, report), progress=progress
    )
    if daily:
        from vaultsync.services.learning.session_step import learn_sessions

        learn_sessions(ctx, pre.work)
    if weekly:
        draft_skills(ctx)
    if not report.dry_run:
        _count_usage(ctx)
    _archive(ctx)
    if not report.dry_run and ctx.changed:
        _reconcile(ctx)


def draft_skills(ctx: LearnRun) -> None:
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


def _proposal_digest(ctx: LearnRun, group: list[Any]) -> str:
    parts = []
    for i, p in enumerate(group, 1):
        steps = "\n".join(f"   - {s}" for s in p.procedure)
        parts.append(f"{i}. name: {p.name}\n   when: {p.when or '-'}\n   steps:\n{steps}")
    return ctx.redact("\n".join(parts))


def _redactor(config: Config, report: LearnReport) -> Redact:
    """Everything learn writes passes the secret redactor first (seed A's second layer)."""
    from vaultsync.core.privacy import redactor as privacy

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

    def redact(text: str, injections: bool = True) -> str:
        if not text:
            return text
        result = redactor.redact(text, injections=injections)
        report.redactions += len(result.findings)
        return result.text

    return redact


def _count_usage(ctx: LearnRun) -> None:
    """Fold which memories agents were handed and used into their notes (usage.py)."""
    from vaultsync.services.learning import usage

    try:
        folded = usage.fold(ctx.vault, ctx.now)
    except (OSError, ValueError) as exc:
        ctx.report.warnings.append(f"memory usage not counted: {exc}")
        return
    ctx.changed.update(folded.rewritten)


def _archive(ctx: LearnRun) -> None:
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


def _reconcile(ctx: LearnRun) -> None:
    """Index what was written; USER.md and AGENT.md regenerate when memories changed."""
    try:
        from vaultsync.services.derived.reconcile import reconcile
    except ImportError as exc:  # pragma: no cover - only while reconcile is being written
        ctx.report.warnings.append(f"index not updated: {exc}")
        return
    try:
        result = reconcile(ctx.vault, ctx.config, rels=sorted(ctx.changed))
    except Exception as exc:  # the notes are written; the index is derived and can catch up
        ctx.report.warnings.append(f"index not updated (run `vaultsync rebuild`): {exc}")
        return
    for message in getattr(result, "error_messages", ()) or ():
        ctx.report.warnings.append(f"index: {message}")
