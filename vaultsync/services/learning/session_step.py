"""The daily step for each queued session: read it, get its lesson, write the notes, close it;
and `redact_lesson`, the second privacy layer over everything a lesson would write.

The order of writes makes a crash harmless: proposals and candidates first, then the summary
that links them, and the session's status last. A session whose status never became
`summarized` is simply learned again on the next run, and the deterministic names of
memory_writer make that second pass rewrite the same notes rather than add new ones.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable, Sequence
from typing import Any

from vaultsync.core import paths, properties, queue, timestamp, writer
from vaultsync.core.model import SessionStatus
from vaultsync.services.learning import learned_notes as mw
from vaultsync.services.learning import model_runner, summarizer
from vaultsync.services.learning.model_runner import Lesson, Verdict
from vaultsync.services.learning.run_state import LearnRun
from vaultsync.services.learning.session_log import SessionLog, load_session
from vaultsync.services.learning.skills import Proposal, load_proposals
from vaultsync.services.learning.summarizer import summarize
from vaultsync.storage.memory import Memory
from vaultsync.storage.note import NoteReadError

MAX_ATTEMPTS = 3  # model deferrals before the built-in summariser takes the session over
PROMPT_OVERHEAD = 4000  # room kept for the template around the transcript
_NOT_TEXT = frozenset({"verdict", "scope", "priority", "signature", "name", "supersedes"})
KNOWN_MEMORIES = 20  # the related memories in force the model sees, to say what a fact replaces


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
    return {"status": status.value, **extra, "learned": timestamp.format(now)}


def learn_sessions(ctx: LearnRun, rels: Sequence[str]) -> None:
    vault, report = ctx.vault, ctx.report
    records, warnings = mw.load_memories(vault)
    report.warnings.extend(warnings)
    proposals, warnings = load_proposals(vault)
    report.warnings.extend(warnings)
    open_proposals = [(p.name, p.features()) for p in proposals]
    threshold = float(ctx.config.get("learn", "reinforce_overlap") or 0.6)
    max_calls = ctx.learn_int("max_model_calls", 20)
    max_chars = ctx.learn_int("max_input_chars", 60000)
    template = model_runner.load_prompt(vault, "summarize.md") if ctx.command else ""
    budget_spent = False
    for done, rel in enumerate(rels):
        if ctx.progress is not None:
            ctx.progress(done, len(rels))
        log = _open(ctx, rel)
        if log is None:
            continue
        use_model = ctx.command is not None and log.attempts < MAX_ATTEMPTS
        if use_model:
            if budget_spent or report.model_calls >= max_calls:
                budget_spent = True
                report.skipped_for_budget.append(rel)
                continue
            transcript_cap = max(2000, max_chars - PROMPT_OVERHEAD)
            known = _known(records, log)
            prompt = _prompt(template, log, proposals, transcript_cap, known)
            if report.input_chars and report.input_chars + len(prompt) > max_chars:
                budget_spent = True
                report.skipped_for_budget.append(rel)
                continue
            if report.dry_run:
                report.summarized.append(rel)
                report.input_chars += len(prompt)
                continue
            try:
                lesson: Lesson = ctx.ask(
                    prompt, model_runner.parse_lesson, min(2, max_calls - report.model_calls)
                )
            except model_runner.ModelFailure as failure:
                _defer(ctx, log, str(failure))
                continue
            label = ctx.command.label if ctx.command else "offline"
        else:
            lesson = summarize(log, open_proposals)
            label = "offline" if ctx.command is None else "offline (model deferred 3 times)"
        if lesson.verdict is Verdict.PRIVACY_DEFERRED:
            _privacy_defer(ctx, log, lesson.reason)
            continue
        # A model's words are new text, read for injections here. The offline summariser only
        # quotes the note: its tool output was read for injections when the hook wrote it (what
        # it found is quoted there, and held the session for review), and its prompts are the
        # person's own words, which the hook never reads as one ("from now on always use
        # pytest -q" was quoted as a memory-poisoning attempt): secrets only.
        lesson = redact_lesson(
            lesson, ctx.redact if use_model else lambda text: ctx.redact(text, injections=False)
        )
        if use_model:
            lesson = _with_event_files(lesson, log)
            lesson = _with_known_rels(lesson, known)
        new_records = _write_lesson(ctx, log, lesson, label, records, threshold)
        records.extend(new_records)
        for skill in lesson.skills:
            feats = Proposal(
                "", skill.name, skill.procedure, skill.when, skill.signature, ""
            ).features()
            open_proposals.append((skill.name, feats))
    if ctx.progress is not None and rels:
        ctx.progress(len(rels), len(rels))
    if not report.dry_run and report.summarized:
        writer.flush()  # the last statuses were written without their own fsync


def _open(ctx: LearnRun, rel: str) -> SessionLog | None:
    """The session, or None (with the marker corrected) when it is gone or not queued."""
    try:
        paths.inside(ctx.vault, ctx.vault / rel)
        log = load_session(ctx.vault, rel)
    except FileNotFoundError:
        ctx.report.warnings.append(f"{rel}: queued but missing; its marker was removed")
        if not ctx.report.dry_run:
            queue.set_marker(ctx.vault, rel, None)
        return None
    except (NoteReadError, ValueError) as exc:
        ctx.report.warnings.append(f"{rel}: cannot be read ({exc}); left queued")
        return None
    if not log.genuine:
        # Only the hook's own session notes are learned from (location and marker).
        ctx.report.warnings.append(f"{rel}: not a session note written by the hook; not queued")
        if not ctx.report.dry_run:
            queue.set_marker(ctx.vault, rel, None)
        return None
    if log.status not in (SessionStatus.PENDING, SessionStatus.DEFERRED):
        # Another machine (or a person) already moved it on: the marker was stale.
        if not ctx.report.dry_run:
            queue.set_marker(ctx.vault, rel, log.status)
        return None
    ctx.report.warnings.extend(f"{rel}: {p}" for p in log.problems[:5])
    return log


def _known(records: Sequence[Memory], log: SessionLog) -> list[Memory]:
    """The memories in force this session could restate or replace: its project's and every
    user and agent memory, the ones sharing most words with the session first."""
    from vaultsync.core.model import Scope
    from vaultsync.services.learning import supersession

    said = supersession.subject_terms(" ".join(log.prompts)[:20000])
    mine = [
        m
        for m in records
        if supersession.live(m)
        and m.scope is not None
        and (m.scope is not Scope.PROJECT or m.project == log.project)
    ]
    mine.sort(key=lambda m: (-len(said & supersession.subject_terms(m.text)), m.rel))
    return mine[:KNOWN_MEMORIES]


def _with_known_rels(lesson: Lesson, known: Sequence[Memory]) -> Lesson:
    """The model's `supersedes` ids (`m1`...) as the notes they name; unknown ids dropped."""
    ids = {f"m{i}": m.rel for i, m in enumerate(known, 1)}
    items = tuple(
        dataclasses.replace(item, supersedes=tuple(ids[r] for r in item.supersedes if r in ids))
        for item in lesson.memories
    )
    return dataclasses.replace(lesson, memories=items)


def _prompt(
    template: str,
    log: SessionLog,
    proposals: Sequence[Proposal],
    cap: int,
    known: Sequence[Memory] = (),
) -> str:
    names = sorted({p.name for p in proposals})[:40]
    return model_runner.fill(
        template,
        {
            "agent": log.agent or "unknown",
            "project": log.project or "(none)",
            "session": log.rel,
            "started": log.created,
            "known_skills": ", ".join(names) if names else "(none yet)",
            "transcript": model_runner.render_transcript(log.events, cap),
            "known_memories": "\n".join(
                f"- m{i} ({m.scope.value if m.scope else '?'}): {' '.join(m.text.split())[:300]}"
                for i, m in enumerate(known, 1)
            )
            or "(none yet)",
        },
    )


def _defer(ctx: LearnRun, log: SessionLog, reason: str) -> None:
    ctx.report.deferred.append({"rel": log.rel, "reason": reason})
    if ctx.report.dry_run:
        return
    updates = status_updates(
        SessionStatus.DEFERRED,
        ctx.now,
        deferred_reason=reason[:500],
        learn_attempts=log.attempts + 1,
    )
    queue.set_status(ctx.vault, log.rel, SessionStatus.DEFERRED, updates)
    ctx.changed.add(log.rel)


def _privacy_defer(ctx: LearnRun, log: SessionLog, reason: str) -> None:
    reason = ctx.redact(reason)
    ctx.report.privacy_deferred.append({"rel": log.rel, "reason": reason})
    if ctx.report.dry_run:
        return
    updates = status_updates(SessionStatus.PRIVACY_DEFERRED, ctx.now, deferred_reason=reason[:500])
    queue.set_status(ctx.vault, log.rel, SessionStatus.PRIVACY_DEFERRED, updates)
    ctx.changed.add(log.rel)


def _with_event_files(lesson: Lesson, log: SessionLog) -> Lesson:
    """File lists come from the events when they have any: facts beat a model's recollection."""
    if lesson.summary is None:
        return lesson
    read, modified = summarizer.files(log)
    summary = dataclasses.replace(
        lesson.summary,
        files_read=tuple(read) or lesson.summary.files_read,
        files_modified=tuple(modified) or lesson.summary.files_modified,
        title=lesson.summary.title or summarizer.title(log),
    )
    return dataclasses.replace(lesson, summary=summary)


def _write_lesson(
    ctx: LearnRun,
    log: SessionLog,
    lesson: Lesson,
    label: str,
    records: Sequence[Memory],
    threshold: float,
) -> list[Memory]:
    vault, report, now = ctx.vault, ctx.report, ctx.now
    assert lesson.summary is not None
    srel = mw.summary_rel(vault, log, lesson.summary.title)
    plans: list[mw.MemoryPlan] = []
    fresh: list[Memory] = []
    for item in lesson.memories:
        plan = mw.plan_memory(
            log, item, source_rel=srel, records=[*records, *fresh], threshold=threshold, now=now
        )
        plans.append(plan)
        if plan.outcome is mw.Outcome.NEW:
            fresh.append(mw.record_of(plan, log.project, srel))
    today = timestamp.day(now)
    proposals = [
        (
            mw.proposal_rel(log, skill, today),
            mw.render_proposal(log, skill, source_rel=srel, now=now),
        )
        for skill in lesson.skills
    ]
    text = mw.render_summary(
        log,
        lesson.summary,
        model=label,
        now=now,
        memories=plans,
        proposals=[r for r, _ in proposals],
    )
    report.summarized.append(log.rel)
    report.summaries.append(srel)
    report.proposals.extend(r for r, _ in proposals)
    report.candidates.extend(p.rel for p in plans if p.outcome is mw.Outcome.NEW)
    report.reinforced.extend(p.rel for p in plans if p.outcome is mw.Outcome.REINFORCE)
    if report.dry_run:
        return fresh
    for rel, body in proposals:
        mw.write_new(vault, rel, body)
    for plan in plans:
        if plan.outcome is mw.Outcome.NEW:
            mw.write_new(vault, plan.rel, plan.text)
        elif plan.outcome is mw.Outcome.REINFORCE:
            mw.reinforce(vault, plan.rel, srel, now)
    mw.write_summary(vault, srel, text)
    # The notes reach the disk before the status says they exist; a crash before this point
    # only means the session is learned again, into the same notes.
    writer.flush()
    updates = status_updates(
        SessionStatus.SUMMARIZED, now, summary=properties.link(srel), deferred_reason=...
    )
    queue.set_status(vault, log.rel, SessionStatus.SUMMARIZED, updates, fsync=False)
    ctx.changed.update([log.rel, srel, *(r for r, _ in proposals), *(p.rel for p in plans)])
    return fresh
