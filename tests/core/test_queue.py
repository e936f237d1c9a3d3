"""Session assessment and queue markers."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from vaultsync.core import eventlog, paths, properties, schema, writer
from vaultsync.core.config import load_config
from vaultsync.core.model import Event, EventKind, SessionStatus
from vaultsync.core.queue import (
    NoBudget,
    assess,
    close_session,
    decide,
    merge_status,
    queue_counts,
    queue_line,
)

T0 = dt.datetime(2026, 11, 29, 16, 0, tzinfo=dt.UTC)
S = SessionStatus


def ev(i: int, kind: EventKind = EventKind.TOOL, minutes: float = 0.0, **kw: object) -> Event:
    ts = T0 + dt.timedelta(minutes=minutes, seconds=i)
    return Event(
        id=f"e{i}",
        ts=ts.strftime("%Y-%m-%dT%H:%M:%S.%fZ"),
        agent="codex",
        session_id="s",
        kind=kind,
        **kw,  # type: ignore[arg-type]
    )


def write_note(vault: Path, events: list[Event], status: str = "active") -> str:
    rel = paths.session_note_rel("codex", "s", events[0].ts)
    props = schema.session_props(
        agent="codex", session_id="s", project="p", cwd="/p", started=events[0].ts[:19], machine="m"
    )
    props["status"] = status
    text = properties.render_frontmatter(props) + "\n# codex session s\n"
    writer.write_atomic(vault / rel, text + "".join(eventlog.render(e) for e in events))
    return rel


def test_assess_counts_tools_edits_minutes_and_privacy() -> None:
    events = [
        ev(0, EventKind.SESSION_START),
        ev(1, tool_kind="edit"),
        ev(2, EventKind.TOOL_ERROR, tool_kind="shell"),
        ev(3, tool_kind="write", redactions=2),
        ev(4, EventKind.TURN_END, minutes=12, injections=1),
    ]
    facts = assess(events)
    assert (facts.tool_calls, facts.edits, facts.redactions, facts.injections) == (3, 2, 2, 1)
    assert facts.minutes == 12.1


def test_thresholds_decide_pending_or_skipped(vault: Path) -> None:
    cfg = load_config(vault)
    few = assess([ev(i) for i in range(9)])
    assert decide(few, cfg) is S.SKIPPED
    assert decide(assess([ev(i) for i in range(10)]), cfg) is S.PENDING
    assert decide(assess([ev(i, tool_kind="edit") for i in range(3)]), cfg) is S.PENDING
    assert decide(assess([ev(0), ev(1, minutes=10)]), cfg) is S.PENDING
    assert decide(assess([ev(0, redactions=1)]), cfg) is S.PRIVACY_DEFERRED
    (vault / ".vaultsync" / "config.toml").write_text("[learn]\nmin_tool_calls = 5\n")
    assert decide(assess([ev(i) for i in range(5)]), load_config(vault)) is S.PENDING


@pytest.mark.parametrize(
    "prompt",
    [
        "From now on always run the tests with pytest -q.",
        "以后请一直用 uv 来管理依赖，不要用 pip。然后帮我把 requests 升级到 2.32",
        "返信はいつも日本語でお願いします。",
        "Never push to main without running the tests.",
    ],
)
def test_a_short_session_stating_a_lasting_wish_is_learned_from(vault: Path, prompt: str) -> None:
    cfg = load_config(vault)
    events = [ev(0, EventKind.PROMPT, prompt=prompt), ev(1)]
    assert decide(assess(events), cfg) is S.SKIPPED  # its counts alone
    assert decide(assess(events), cfg, events) is S.PENDING
    rel = write_note(vault, events)
    assert close_session(vault, cfg, rel, T0, final=False, budget=NoBudget()) is S.SKIPPED
    assert close_session(vault, cfg, rel, T0, final=True, budget=NoBudget()) is S.PENDING


@pytest.mark.parametrize(
    "prompt",
    [
        "fix the login bug",
        "Why do we always get this error?",
        "把 requests 升级到 2.32",
        "ok",
        "please make the flaky date test deterministic",  # a task, said politely
    ],
)
def test_a_short_session_with_only_a_task_or_a_question_is_skipped(
    vault: Path, prompt: str
) -> None:
    events = [ev(0, EventKind.PROMPT, prompt=prompt), ev(1)]
    assert decide(assess(events), load_config(vault), events) is S.SKIPPED


@pytest.mark.parametrize(
    ("current", "new", "result"),
    [
        (None, S.SKIPPED, S.SKIPPED),
        (S.ACTIVE, S.PENDING, S.PENDING),
        (S.SKIPPED, S.PENDING, S.PENDING),
        (S.PENDING, S.SKIPPED, S.PENDING),
        (S.PENDING, S.PRIVACY_DEFERRED, S.PRIVACY_DEFERRED),
        (S.PRIVACY_DEFERRED, S.PENDING, S.PRIVACY_DEFERRED),
        (S.SUMMARIZED, S.PENDING, S.SUMMARIZED),
        (S.DEFERRED, S.SKIPPED, S.DEFERRED),
    ],
)
def test_status_never_moves_back(
    current: SessionStatus | None, new: SessionStatus, result: SessionStatus
) -> None:
    assert merge_status(current, new) is result


def test_close_session_records_status_in_note_and_marker(vault: Path) -> None:
    rel = write_note(vault, [ev(0, EventKind.SESSION_START), *[ev(i) for i in range(1, 11)]])
    cfg = load_config(vault)
    end = T0 + dt.timedelta(minutes=5)
    assert close_session(vault, cfg, rel, end, final=True, budget=NoBudget()) is S.PENDING
    text = (vault / rel).read_text()
    assert properties.get_scalar(text, "status") == "pending"
    assert properties.get_scalar(text, "tool_calls") == "10"
    assert (
        properties.get_scalar(text, "ended") == "2026-11-30T00:05:00+08:00"
    )  # 16:05 UTC, in the person's UTC+8
    assert properties.get_scalar(text, "updated") == "2026-11-30T00:00:10+08:00"
    assert len(eventlog.parse(text)) == 11  # the events are untouched
    marker = paths.queue_dir(vault) / f"{paths.short_hash(rel, n=16)}.pending"
    assert marker.read_text() == f"pending\t{rel}\n"
    assert queue_counts(vault) == {"pending": 1}


def test_turn_end_reassessment_moves_forward_and_leaves_summarized_alone(vault: Path) -> None:
    cfg = load_config(vault)
    rel = write_note(vault, [ev(0), ev(1)])
    assert close_session(vault, cfg, rel, T0, final=False, budget=NoBudget()) is S.SKIPPED
    assert properties.get_scalar((vault / rel).read_text(), "ended") is None
    writer.append(
        vault / rel,
        "".join(eventlog.render(ev(i)) for i in range(2, 12)),
        lock_file=paths.lock_path(vault, rel),
    )
    assert close_session(vault, cfg, rel, T0, final=False, budget=NoBudget()) is S.PENDING
    summarized = write_note(vault, [ev(0)], status="summarized")
    assert close_session(vault, cfg, summarized, T0, final=True, budget=NoBudget()) is S.SUMMARIZED


def test_a_note_with_broken_yaml_is_assessed_without_losing_anything(vault: Path) -> None:
    rel = write_note(vault, [ev(i) for i in range(3)])
    path = vault / rel
    broken = path.read_text().replace("status: active", "status: [active\nnotes: {{", 1)
    path.write_text(broken)
    close_session(vault, load_config(vault), rel, T0, final=True, budget=NoBudget())
    after = path.read_text()
    assert len(eventlog.parse(after)) == 3
    assert "notes: {{" in after  # the person's text is still there


def test_queue_line() -> None:
    assert queue_line({}) == ""
    assert queue_line({"skipped": 4}) == ""
    line = queue_line({"pending": 1, "privacy_deferred": 1})
    assert line == "Learning queue: 1 pending, 1 privacy_deferred, 0 deferred."


def test_counting_the_queue_opens_no_marker(vault: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every session start shows the queue's counts: they come from the markers' names, so a
    vault with years of sessions costs one listdir, not a read per session."""
    from vaultsync.core import queue

    statuses = [S.PENDING] * 5 + [S.SKIPPED] * 7 + [S.PRIVACY_DEFERRED] * 2 + [S.DEFERRED]
    for n, status in enumerate(statuses):
        queue.set_marker(vault, f"sessions/2026/11/s{n}.md", status)
    queue.set_marker(vault, "sessions/2026/11/done.md", S.SUMMARIZED)  # not queued: no marker

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a marker was opened")

    with monkeypatch.context() as patched:
        patched.setattr("builtins.open", refuse)
        counts = queue_counts(vault)
    assert counts == {"pending": 5, "skipped": 7, "privacy_deferred": 2, "deferred": 1}
    assert len(queue.markers(vault)) == len(statuses)


def test_a_marker_of_an_older_version_is_counted_then_replaced(vault: Path) -> None:
    """Markers written before the status was in their names (`<hash>`) still count, and a
    status change or the first count leaves one marker in the new form."""
    from vaultsync.core import queue

    rel = "sessions/2026/11/old.md"
    folder = paths.queue_dir(vault)
    folder.mkdir(parents=True)
    older = folder / paths.short_hash(rel, n=16)
    older.write_text(f"pending\t{rel}\n")
    assert queue.markers(vault) == [("pending", rel)]
    queue.set_marker(vault, rel, S.PENDING)  # the same status: rewritten in the new form
    assert [p.name for p in folder.iterdir()] == [f"{older.name}.pending"]
    (folder / f"{older.name}.pending").rename(older)
    assert queue_counts(vault) == {"pending": 1}  # counted, then renamed: read only once
    assert [p.name for p in folder.iterdir()] == [f"{older.name}.pending"]
    queue.set_marker(vault, rel, S.SKIPPED)
    assert queue.markers(vault) == [("skipped", rel)] and queue_counts(vault) == {"skipped": 1}
    queue.set_marker(vault, rel, None)
    assert list(folder.iterdir()) == []


def test_two_processes_setting_one_status_leave_one_marker(vault: Path) -> None:
    """The hook at a turn end and learn may set one session's status at the same moment: the
    queue's lock leaves exactly one marker, whichever wins. Round by round, both processes
    set a different status at once, then one of them counts."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(2)
    bad = context.Value("i", 0)
    workers = [
        context.Process(target=_race, args=(vault, barrier, bad, first, second))
        for first, second in ((S.PENDING, S.SKIPPED), (S.DEFERRED, S.PRIVACY_DEFERRED))
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
        assert worker.exitcode == 0
    assert bad.value == 0


def _race(
    vault: Path, barrier: object, bad: object, one: SessionStatus, two: SessionStatus
) -> None:
    from vaultsync.core import queue

    rel = "sessions/2026/11/raced.md"
    for n in range(200):
        barrier.wait()  # type: ignore[attr-defined]
        queue.set_marker(vault, rel, one if n % 2 else two)
        if barrier.wait() == 0 and len(queue.markers(vault)) != 1:  # type: ignore[attr-defined]
            with bad.get_lock():  # type: ignore[attr-defined]
                bad.value += 1  # type: ignore[attr-defined]
