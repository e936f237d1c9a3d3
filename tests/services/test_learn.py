"""`learn`: preflight, the daily run offline and with a (fake) model, budgets, reinforcement,
bad input, and the end-to-end path from captured sessions to summaries and candidates."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from sessionkit import (
    NOW,
    T0,
    date_fix_session,
    fake_model_command,
    force_status,
    make_session,
    prompt,
    shell,
)

from vaultsync.core import paths, properties, queue, schema, writer
from vaultsync.core.config import load_config
from vaultsync.core.model import Level, Scope, SessionStatus
from vaultsync.core.text import estimate_tokens
from vaultsync.services.learning import learn
from vaultsync.services.learning import learned_notes as mw
from vaultsync.services.learning.learned_notes import render_summary
from vaultsync.services.learning.model_runner import SkillItem
from vaultsync.services.learning.session_log import load_session
from vaultsync.services.learning.summarizer import summarize
from vaultsync.storage.note import read_note

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def _run(vault: Path, **kw) -> learn.LearnReport:  # type: ignore[no-untyped-def]
    kw.setdefault("now", NOW)
    return learn.run(vault, load_config(vault), **kw)


def _use_fake_model(
    vault: Path, monkeypatch: pytest.MonkeyPatch, mode: str, extra: str = ""
) -> Path:
    started = vault.parent / "model-started"
    # The model command is this machine's own setting (a shared vault config cannot name one).
    (paths.vaultsync_home() / "config.toml").write_text(
        f'[learn]\nmodel_command = "{fake_model_command()}"\n{extra}', encoding="utf-8"
    )
    monkeypatch.setenv("FAKE_MODEL_MODE", mode)
    monkeypatch.setenv("FAKE_MODEL_STARTED", str(started))
    monkeypatch.setenv("FAKE_MODEL_STATE", str(vault.parent / "model-state"))
    monkeypatch.setenv("FAKE_MODEL_LOG", str(vault.parent / "model-log.jsonl"))
    return started


def _tree(vault: Path) -> dict[str, str]:
    return {
        p.relative_to(vault).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(vault.rglob("*"))
        if p.is_file()
    }


def _sessions(vault: Path, n: int) -> list[str]:
    return [
        make_session(
            vault, date_fix_session(), session_id=f"s-{i}", start=T0 + dt.timedelta(hours=i)
        )
        for i in range(n)
    ]


# ---------------------------------------------------------------- preflight


def test_preflight_reads_the_markers(vault: Path) -> None:
    rels = _sessions(vault, 2)
    force_status(vault, rels[1], SessionStatus.PRIVACY_DEFERRED)
    pre = queue.preflight(vault)
    assert pre.pending == (rels[0],) and pre.privacy_deferred == 1 and not pre.rebuilt


def test_preflight_rebuilds_missing_markers_from_the_notes(vault: Path) -> None:
    rels = _sessions(vault, 3)
    force_status(vault, rels[2], SessionStatus.DEFERRED)
    for marker in paths.queue_dir(vault).iterdir():
        marker.unlink()
    paths.queue_dir(vault).rmdir()
    pre = queue.preflight(vault)
    assert pre.rebuilt and pre.pending == tuple(rels[:2]) and pre.deferred == (rels[2],)
    assert len(list(paths.queue_dir(vault).iterdir())) == 3


def test_nothing_pending_exits_without_starting_a_model(
    vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started = _use_fake_model(vault, monkeypatch, "good")
    make_session(vault, [prompt("hi")], status=SessionStatus.SKIPPED)
    report = _run(vault)
    assert report.noop and report.pending_before == 0 and not report.started_model
    assert not started.exists()
    last = json.loads((paths.state_dir(vault) / "learn-last.json").read_text(encoding="utf-8"))
    assert last["noop"] is True and last["finished"]  # `vaultsync status` sees the schedule run


def test_the_preflight_imports_nothing_heavy(vault: Path) -> None:
    make_session(vault, [prompt("hi")], status=SessionStatus.SKIPPED)
    code = (
        "import sys; from pathlib import Path\n"
        "import vaultsync.adapters.cli.learn\n"
        "from vaultsync.services.learning import learn\n"
        "from vaultsync.core.config import load_config\n"
        f"r = learn.run(Path({str(vault)!r}), load_config(Path({str(vault)!r})))\n"
        "heavy = [m for m in ('yaml', 'vaultsync.services.learning.model_runner', 'sqlite3',"
        " 'vaultsync.services.learning.summarizer', 'vaultsync.storage.note',"
        " 'vaultsync.core.privacy.redactor')"
        " if m in sys.modules]\n"
        "print(r.noop, heavy)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=os.environ, check=True
    )
    assert out.stdout.strip() == "True []", out.stderr


# ---------------------------------------------------------------- daily, offline


def _golden(name: str, text: str) -> None:
    golden = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN"):
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(text, encoding="utf-8")
    assert golden.exists(), f"{golden} is missing: run with UPDATE_GOLDEN=1"
    assert text == golden.read_text(encoding="utf-8")


def test_golden_notes(vault: Path) -> None:
    rel = make_session(vault, date_fix_session())
    log = load_session(vault, rel)
    lesson = summarize(log)
    assert lesson.summary is not None
    srel = "summaries/2026/11/summary.md"
    plans = [
        mw.plan_memory(log, m, source_rel=srel, records=[], threshold=0.6, now=NOW)
        for m in lesson.memories
    ]
    skill = SkillItem(
        "release-python-package",
        (
            "Edit `pyproject.toml`",
            "Run `pytest -q`",
            "Run `python -m build`",
            "Run `twine upload dist/*`",
            "Run `git push --tags`",
        ),
        "a task like: Release 1.4.1",
        ("edit:*.toml", "shell:test", "shell:build"),
    )
    prel = mw.proposal_rel(log, skill, "2026-11-29")
    text = render_summary(
        log, lesson.summary, model="offline", now=NOW, memories=plans, proposals=[prel]
    )
    _golden("learn_summary.md", text)
    _golden("learn_memory.md", plans[0].text)
    _golden("learn_proposal.md", mw.render_proposal(log, skill, source_rel=srel, now=NOW))


def test_end_to_end_offline(vault: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Sessions captured as the hook captures them -> learn --daily --offline."""
    (vault / ".vaultsync" / "config.toml").write_text("[budgets]\nuser_md_tokens = 200\n", "utf-8")
    rels = _sessions(vault, 3)
    assert queue.preflight(vault).pending == tuple(rels)
    report = _run(vault, offline=True)
    assert report.model == "offline" and not report.started_model
    assert report.summarized == rels and len(report.summaries) == 3
    assert queue.preflight(vault).work == ()
    for rel, srel in zip(rels, report.summaries, strict=True):
        session = read_note(vault, rel)
        assert session.status == "summarized"
        assert session.prop("summary") == properties.link(srel)
        summary = read_note(vault, srel)
        assert summary.prop("session") == properties.link(rel)
        assert summary.prop("model") == "offline"
    # the first session's facts become candidates; the same facts later reinforce them
    assert len(report.candidates) == 5 and len(report.reinforced) == 10
    for rel in report.candidates:
        note = read_note(vault, rel)
        assert rel.startswith("memories/L1-candidates/") and note.prop("level") == "L1"
        assert note.prop("source") == properties.link(report.summaries[0])
    user = next(r for r in report.candidates if " user " in r)
    note = read_note(vault, user)
    assert note.props["reinforced"] == 2
    assert note.props["sources"] == [properties.link(s) for s in report.summaries[1:]]
    # USER.md / AGENT.md are regenerated and within budget
    for name, budget in (("USER.md", 200), ("AGENT.md", 800)):
        text = (vault / name).read_text(encoding="utf-8")
        assert estimate_tokens(text) <= budget
    last = json.loads((paths.state_dir(vault) / "learn-last.json").read_text(encoding="utf-8"))
    assert last["summarized"] == rels and last["mode"] == "daily"

    # a second run is a no-op that starts no model process
    started = _use_fake_model(vault, monkeypatch, "good")
    again = _run(vault)
    assert again.noop and not again.started_model and not started.exists()


def test_a_crashed_run_repeated_adds_no_duplicates(vault: Path) -> None:
    rel = _sessions(vault, 1)[0]
    first = _run(vault, offline=True)
    before = _tree(vault)
    # the crash: everything was written but the session was never marked summarized
    force_status(vault, rel, SessionStatus.PENDING)
    second = _run(vault, offline=True)
    assert second.summaries == first.summaries
    assert second.candidates == [] and second.reinforced == []  # known: same summary, same facts
    after = _tree(vault)
    assert set(after) == set(before)


def test_reinforcement_instead_of_a_duplicate(vault: Path) -> None:
    rel = "memories/L2-confirmed/commit style.md"
    props = schema.memory_props(
        level=Level.L2,
        scope=Scope.USER,
        agent="codex",
        session_id="old",
        project="",
        created="2026-10-01T09:00:00Z",
        source_rel="summaries/old.md",
    )
    (vault / rel).write_text(
        properties.render_frontmatter(props)
        + "\n# Prefers short commit messages\n\nShort commit messages, imperative mood.\n",
        encoding="utf-8",
    )
    _sessions(vault, 1)
    report = _run(vault, offline=True)
    assert rel in report.reinforced
    assert not any(" user " in c for c in report.candidates)
    note = read_note(vault, rel)
    assert note.props["reinforced"] == 1 and note.props["last_seen"] == "2026-11-29"
    assert note.props["sources"] == [properties.link(report.summaries[0])]
    assert note.body.endswith("Short commit messages, imperative mood.\n")  # text untouched


def test_a_rejected_memory_absorbs_the_same_candidate(vault: Path) -> None:
    rel = "memories/L1-candidates/rejected.md"
    props = schema.memory_props(
        level=Level.L1,
        scope=Scope.USER,
        agent="codex",
        session_id="old",
        project="",
        created="2026-10-01T09:00:00Z",
        source_rel="summaries/old.md",
        status="rejected",
    )
    (vault / rel).write_text(
        properties.render_frontmatter(props)
        + "\n# I prefer short commit messages, always in the imperative mood\n",
        "utf-8",
    )
    _sessions(vault, 1)
    report = _run(vault, offline=True)
    assert rel not in report.reinforced and not any(" user " in c for c in report.candidates)


def test_dry_run_changes_nothing(vault: Path) -> None:
    _sessions(vault, 2)
    before = _tree(vault)
    markers = sorted(p.read_text() for p in paths.queue_dir(vault).iterdir())
    report = _run(vault, offline=True, dry_run=True)
    assert len(report.summarized) == 2 and report.candidates and report.dry_run
    assert _tree(vault) == before
    assert sorted(p.read_text() for p in paths.queue_dir(vault).iterdir()) == markers


# ---------------------------------------------------------------- daily, with the fake model


def test_model_answers_become_notes(vault: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started = _use_fake_model(vault, monkeypatch, "good")
    rel = _sessions(vault, 1)[0]
    report = _run(vault)
    assert started.exists() and report.model_calls == 1 and report.model.endswith("fake_model.py")
    assert report.summarized == [rel]
    summary = read_note(vault, report.summaries[0])
    assert summary.title == "Fixed the date parser for ISO week dates"
    assert "ISO week 53 exists in some years" in summary.body
    # file lists come from the events, not the model
    assert summary.props["files_modified"] == ["src/dates.py", "CHANGELOG.md"]
    scopes = sorted(read_note(vault, c).prop("scope") for c in report.candidates)
    assert scopes == ["agent", "project", "user"]
    assert len(report.proposals) == 1
    proposal = read_note(vault, report.proposals[0])
    assert proposal.prop("skill") == "fix-failing-test" and proposal.status == "proposed"
    assert proposal.prop("source") == properties.link(report.summaries[0])
    log = json.loads((vault.parent / "model-log.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert "pytest -q tests/test_dates.py" in log["prompt"] and "Privacy rules" in log["prompt"]


def test_malformed_answers_defer_the_session_with_the_reason(
    vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _use_fake_model(vault, monkeypatch, "malformed")
    rel = _sessions(vault, 1)[0]
    report = _run(vault)
    assert report.model_calls == 2 and report.summarized == []
    assert report.deferred == [
        {"rel": rel, "reason": "model failed twice: the answer contains no JSON object"}
    ]
    note = read_note(vault, rel)
    assert note.status == "deferred" and note.props["learn_attempts"] == 1
    assert "no JSON object" in note.prop("deferred_reason")
    assert queue.preflight(vault).deferred == (rel,)
    # a later run retries it; this time the model answers well
    monkeypatch.setenv("FAKE_MODEL_MODE", "good")
    again = _run(vault)
    assert again.summarized == [rel] and read_note(vault, rel).status == "summarized"
    assert queue.preflight(vault).work == ()


def test_malformed_then_good_is_one_retry(vault: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _use_fake_model(vault, monkeypatch, "malformed_then_good")
    rel = _sessions(vault, 1)[0]
    report = _run(vault)
    assert report.model_calls == 2 and report.summarized == [rel] and report.deferred == []


def test_after_three_deferrals_the_builtin_summariser_takes_over(
    vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _use_fake_model(vault, monkeypatch, "malformed")
    rel = _sessions(vault, 1)[0]
    writer.rewrite(
        vault / rel,
        lambda t: properties.set_properties(t, {"learn_attempts": 3}),
        lock_file=paths.lock_path(vault, rel),
    )
    report = _run(vault)
    assert report.model_calls == 0 and report.summarized == [rel]
    assert read_note(vault, report.summaries[0]).prop("model") == "offline (model deferred 3 times)"


def test_a_privacy_verdict_leaves_the_session_for_a_person(
    vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _use_fake_model(vault, monkeypatch, "privacy")
    rel = _sessions(vault, 1)[0]
    report = _run(vault)
    assert report.privacy_deferred == [
        {"rel": rel, "reason": "the session pasted a medical report"}
    ]
    assert report.summaries == [] and report.candidates == []
    note = read_note(vault, rel)
    assert note.status == "privacy_deferred" and "medical" in note.prop("deferred_reason")
    pre = queue.preflight(vault)
    assert pre.work == () and pre.privacy_deferred == 1
    assert not list((vault / "summaries").rglob("*.md"))


def test_secrets_in_a_model_answer_are_redacted(
    vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _use_fake_model(vault, monkeypatch, "secret")
    _sessions(vault, 1)
    report = _run(vault)
    assert report.redactions >= 1
    for path in vault.rglob("*.md"):
        assert "ghp_Zq8xR2mN4bV6cX1zL9kJ3hG5fD7sA0pQwErT" not in path.read_text(encoding="utf-8")
    assert any("[REDACTED:" in read_note(vault, c).body for c in report.candidates)


def test_the_call_budget_leaves_the_rest_pending(
    vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _use_fake_model(vault, monkeypatch, "good", "max_model_calls = 2\n")
    rels = _sessions(vault, 4)
    report = _run(vault)
    assert report.model_calls == 2 and report.summarized == rels[:2]
    assert report.skipped_for_budget == rels[2:]
    assert queue.preflight(vault).pending == tuple(rels[2:])


def test_the_character_budget_leaves_the_rest_pending(
    vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _use_fake_model(vault, monkeypatch, "good", "max_input_chars = 9000\n")
    rels = _sessions(vault, 3)
    report = _run(vault)
    assert report.summarized == rels[:1] and report.skipped_for_budget == rels[1:]
    assert 0 < report.input_chars <= 9000


def test_a_configured_model_that_is_missing_is_a_clear_error(vault: Path) -> None:
    (paths.vaultsync_home() / "config.toml").write_text(
        '[learn]\nmodel_command = "no-such-llm"\n', "utf-8"
    )
    rel = _sessions(vault, 1)[0]
    with pytest.raises(learn.LearnError, match="model command not found: no-such-llm") as info:
        _run(vault)
    assert info.value.config and read_note(vault, rel).status == "pending"


# ---------------------------------------------------------------- bad input


def test_a_missing_vault_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(learn.LearnError, match="vault not found"):
        learn.run(tmp_path / "nope", load_config(tmp_path / "nope"))


def test_a_busy_lock_is_reported(vault: Path) -> None:
    _sessions(vault, 1)
    with (
        writer.locked(paths.state_dir(vault) / "learn.lock"),
        pytest.raises(learn.LearnError) as info,
    ):
        _run(vault, offline=True)
    assert info.value.locked


def test_a_stale_or_missing_session_only_fixes_its_marker(vault: Path) -> None:
    gone, done, good = _sessions(vault, 3)
    (vault / gone).unlink()
    writer.rewrite(
        vault / done,
        lambda t: properties.set_properties(t, {"status": "summarized"}),
        lock_file=paths.lock_path(vault, done),
    )
    report = _run(vault, offline=True)
    assert report.summarized == [good]
    assert any("queued but missing" in w for w in report.warnings)
    assert queue.preflight(vault).work == ()


def test_broken_yaml_and_bad_bytes_in_a_session_still_learn(vault: Path) -> None:
    rel = _sessions(vault, 1)[0]
    path = vault / rel
    text = path.read_text(encoding="utf-8")
    text = text.replace("tags:\n", "tags: [unclosed\n", 1)  # a person broke the YAML
    path.write_bytes(text.encode("utf-8").replace(b"Please fix it.", b"Please fix it \xff\xfe."))
    report = _run(vault, offline=True)
    assert report.summarized == [rel]
    assert any("not valid YAML" in w or "UTF-8" in w for w in report.warnings)
    after = path.read_bytes()
    assert b"status: summarized" in after and b"\xff\xfe" in after  # nothing else lost


def test_a_broken_event_block_is_skipped_not_fatal(vault: Path) -> None:
    rel = _sessions(vault, 1)[0]
    with (vault / rel).open("a", encoding="utf-8") as fh:
        fh.write('\n```vaultsync-event\nid: "x"\nkind: {broken\n```\n')
    report = _run(vault, offline=True)
    assert report.summarized == [rel] and any("bad value for kind" in w for w in report.warnings)


def test_a_huge_session_is_capped_for_the_model(
    vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Semantic vectors off: embedding 2 MB of events took most of this test's time, and what
    # it checks is the model's input (a huge note's vectors: test_hostile_notes.py).
    extra = 'max_input_chars = 20000\n\n[search]\nsemantic = "off"\n'
    _use_fake_model(vault, monkeypatch, "good", extra)
    specs = [prompt("Port the importer")] + [
        shell(f"step {i} " + "x" * 400, "ok " * 150) for i in range(2500)
    ]
    rel = make_session(vault, specs, one_write=True)
    assert (vault / rel).stat().st_size > 2_000_000
    report = _run(vault)
    assert report.summarized == [rel] and report.input_chars <= 20000


def test_progress_is_told_after_each_session(vault: Path) -> None:
    _sessions(vault, 3)
    seen: list[tuple[int, int]] = []
    report = _run(vault, offline=True, progress=lambda done, total: seen.append((done, total)))
    assert len(report.summarized) == 3
    assert seen == [(0, 3), (1, 3), (2, 3), (3, 3)]
    seen.clear()
    _run(vault, offline=True, progress=lambda done, total: seen.append((done, total)))
    assert seen == []  # nothing pending: no bar at all


def test_the_persons_own_always_is_a_memory_not_an_injection(vault: Path) -> None:
    """A prompt saying "from now on always use pytest -q with --tb=short" is the kind of
    preference a memory is for. The hook never reads a prompt as an injection; the offline
    learner, which only quotes the note, read it again and wrote the candidate and the summary
    as ⟦prompt-injection-memory: …⟧. (A tool output's order stays quoted as the hook quoted
    it: tests/services/test_injection_roads.py, through the real hook and learn.)"""
    specs = date_fix_session()
    specs[0] = prompt(
        "The CSV import breaks on files with a UTF-8 BOM. Fix it, and from now on always use "
        "pytest -q with --tb=short when you run tests."
    )
    rel = make_session(vault, specs)
    report = _run(vault)
    assert report.summarized == [rel]
    written = [
        (vault / r).read_text(encoding="utf-8") for r in [*report.summaries, *report.candidates]
    ]
    asked = [t for t in written if "always use pytest -q with --tb=short" in t]
    assert len(asked) >= 2 and not any("⟦prompt-injection" in t for t in asked), asked


def test_a_summary_is_dated_by_its_session_not_by_the_learn_run(vault: Path) -> None:
    """Seen by hand: `learn --daily` on the morning after wrote every summary with that
    morning's time, so "what did we fix today?" found yesterday's sessions, and a backlog
    learned in one run had its decisions ordered by the run, not by when they were made."""
    from vaultsync.core import timestamp
    from vaultsync.storage.note import read_note

    earlier = dt.datetime(2026, 11, 20, 9, 0, tzinfo=dt.UTC)
    later = dt.datetime(2026, 11, 22, 9, 0, tzinfo=dt.UTC)
    first = make_session(vault, date_fix_session(), session_id="s-early", start=earlier)
    second = make_session(vault, date_fix_session(), session_id="s-late", start=later)
    report = _run(vault, offline=True)  # NOW: 2026-11-29
    by_session = {
        read_note(vault, s).prop("session"): read_note(vault, s) for s in report.summaries
    }
    for rel, start in ((first, earlier), (second, later)):
        note = by_session[properties.link(rel)]
        session = read_note(vault, rel)
        assert timestamp.parse(note.prop("created")) == timestamp.parse(session.prop("created"))
        assert timestamp.parse(note.prop("created")) == start
        ended = timestamp.parse(note.prop("updated"))
        assert ended is not None and start <= ended < start + dt.timedelta(days=1)
        assert timestamp.parse(note.prop("learned")) == NOW  # when the run wrote it
        assert str(note.prop("created")).endswith("+08:00")  # the one on-disk form
