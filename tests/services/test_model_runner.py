"""The model as a command: discovery, the JSON contract, one retry, timeouts (fake model only)."""

from __future__ import annotations

import contextlib
import json
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sessionkit import FAKE_MODEL, events_for, prompt, shell, turn_end

from vaultsync.core.model import Scope
from vaultsync.services.learning import model_runner as mr


def _fake(monkeypatch: pytest.MonkeyPatch, mode: str, tmp_path: Path) -> mr.ModelCommand:
    monkeypatch.setenv("FAKE_MODEL_MODE", mode)
    monkeypatch.setenv("FAKE_MODEL_LOG", str(tmp_path / "calls.jsonl"))
    monkeypatch.setenv("FAKE_MODEL_STATE", str(tmp_path / "state"))
    return mr.ModelCommand((sys.executable, str(FAKE_MODEL)))


def _calls(tmp_path: Path) -> list[dict[str, str]]:
    log = tmp_path / "calls.jsonl"
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


def _good() -> dict:
    sys.path.insert(0, str(FAKE_MODEL.parent))
    import fake_model

    return json.loads(json.dumps(fake_model.GOOD))


# ---------------------------------------------------------------- the contract


def test_a_good_answer_parses_into_frozen_values() -> None:
    lesson = mr.parse_lesson(json.dumps(_good()))
    assert lesson.verdict is mr.Verdict.OK
    assert lesson.summary is not None and lesson.summary.files_modified == ("src/dates.py",)
    assert [m.scope for m in lesson.memories] == [Scope.USER, Scope.AGENT, Scope.PROJECT]
    assert lesson.memories[0].priority == 2
    assert lesson.skills[0].name == "fix-failing-test" and len(lesson.skills[0].procedure) == 4
    with pytest.raises(AttributeError):
        lesson.reason = "x"  # type: ignore[misc]


@pytest.mark.parametrize(
    "wrap",
    [
        lambda s: "```json\n" + s + "\n```",
        lambda s: "Here you go:\n" + s + "\nHope that helps.",
        lambda s: json.dumps({"type": "result", "subtype": "success", "result": s}),
    ],
    ids=["fenced", "prose", "claude-json-envelope"],
)
def test_fences_prose_and_envelopes_are_tolerated(wrap) -> None:  # type: ignore[no-untyped-def]
    plain = mr.parse_lesson(json.dumps(_good()))
    wrapped = mr.parse_lesson(wrap(json.dumps(_good())))
    assert wrapped == plain  # the wrapping changes nothing that was read
    assert wrapped.summary is not None
    assert wrapped.summary.files_modified == ("src/dates.py",)
    assert [m.scope for m in wrapped.memories] == [Scope.USER, Scope.AGENT, Scope.PROJECT]


def test_unknown_keys_are_ignored() -> None:
    data = _good() | {"confidence": 0.9}
    data["summary"]["mood"] = "happy"
    assert mr.parse_lesson(json.dumps(data)).verdict is mr.Verdict.OK


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(verdict="maybe"), "verdict"),
        (lambda d: d.pop("summary"), "summary must be a JSON object"),
        (lambda d: d["summary"].pop("asked"), "summary.asked is missing"),
        (lambda d: d["summary"].update(done=7), "summary.done must be a string"),
        (lambda d: d["summary"].update(learned="x" * 2001), "limit is 2000"),
        (lambda d: d["summary"].update(next_steps="do it"), "next_steps must be a list"),
        (lambda d: d["memories"][0].update(scope="everyone"), "memories[0].scope"),
        (lambda d: d["memories"][1].update(priority=7), "memories[1].priority"),
        (lambda d: d["memories"][1].update(priority=True), "memories[1].priority"),
        (lambda d: d["memories"][2].update(text=""), "memories[2].text is empty"),
        (lambda d: d.update(memories=[d["memories"][0]] * 13), "limit is 12"),
        (lambda d: d["skills"][0].update(name="Fix Test"), "kebab-case"),
        (lambda d: d["skills"][0].update(procedure=["one"]), "at least 2 steps"),
        (lambda d: d.update(skills={"a": 1}), "skills must be a list"),
    ],
)
def test_contract_violations_name_the_problem(change, message: str) -> None:  # type: ignore[no-untyped-def]
    data = _good()
    change(data)
    with pytest.raises(mr.AnswerError, match=message.replace("[", r"\[").replace("]", r"\]")):
        mr.parse_lesson(json.dumps(data))


@pytest.mark.parametrize("text", ["", "no json here", "{broken", "[1, 2]", "null", "{}"])
def test_malformed_answers_are_answer_errors(text: str) -> None:
    with pytest.raises(mr.AnswerError):
        mr.parse_lesson(text)


def test_privacy_deferred_needs_only_a_reason() -> None:
    lesson = mr.parse_lesson('{"verdict": "privacy_deferred", "reason": "health data"}')
    assert lesson.verdict is mr.Verdict.PRIVACY_DEFERRED and lesson.summary is None
    with pytest.raises(mr.AnswerError, match="needs a reason"):
        mr.parse_lesson('{"verdict": "privacy_deferred"}')


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_any_text_is_a_lesson_or_an_answer_error(text: str) -> None:
    with contextlib.suppress(mr.AnswerError):
        mr.parse_lesson(text)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda c: st.lists(c) | st.dictionaries(st.text(), c),
)


@settings(max_examples=15, deadline=None)  # the slow tier's twin below runs 500
@given(JSON)
def test_any_json_is_a_lesson_or_an_answer_error(value: object) -> None:
    with contextlib.suppress(mr.AnswerError):
        mr.parse_lesson(json.dumps(value))


@pytest.mark.slow
@settings(max_examples=500, deadline=None)
@given(JSON)
def test_any_json_is_a_lesson_or_an_answer_error_thorough(value: object) -> None:
    with contextlib.suppress(mr.AnswerError):
        mr.parse_lesson(json.dumps(value))


# ---------------------------------------------------------------- discovery


def test_discovery_order_and_offline() -> None:
    have = {"codex": "/usr/bin/codex", "llm": "/usr/bin/llm"}
    assert mr.discover("", have.get) == mr.ModelCommand(("codex", "exec"))
    assert mr.discover("", {"claude": "/x/claude", **have}.get) == mr.ModelCommand(("claude", "-p"))
    assert mr.discover("", {}.get) is None
    assert mr.discover("offline", have.get) is None
    assert mr.discover("llm -m gpt-4o-mini", have.get) == mr.ModelCommand(
        ("llm", "-m", "gpt-4o-mini")
    )


def test_a_configured_command_that_is_missing_is_an_error() -> None:
    with pytest.raises(mr.ModelError, match="model command not found: nosuchmodel"):
        mr.discover("nosuchmodel --json", {}.get)
    with pytest.raises(mr.ModelError, match="cannot be parsed"):
        mr.discover('claude -p "unclosed', {"claude": "/x"}.get)


# ---------------------------------------------------------------- the subprocess (fake model)


def test_good_answer_in_one_call(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    cmd = _fake(monkeypatch, "good", tmp_path)
    reply = mr.ask(cmd, "PROMPT", mr.parse_lesson, timeout=20)
    assert reply.calls == 1 and reply.chars == len("PROMPT")
    calls = _calls(tmp_path)
    assert [c["prompt"] for c in calls] == ["PROMPT"]
    assert calls[0]["learn_env"] == "1"  # the child's own hooks can tell a learning run apart


def test_malformed_twice_fails_after_one_retry(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    cmd = _fake(monkeypatch, "malformed", tmp_path)
    with pytest.raises(mr.ModelFailure) as info:
        mr.ask(cmd, "PROMPT", mr.parse_lesson, timeout=20)
    assert info.value.calls == 2 and "no JSON object" in info.value.reason
    calls = _calls(tmp_path)
    assert len(calls) == 2
    assert "Your previous answer was rejected" in calls[1]["prompt"]
    assert "no JSON object" in calls[1]["prompt"]


def test_malformed_then_good_succeeds_on_the_retry(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    cmd = _fake(monkeypatch, "malformed_then_good", tmp_path)
    reply = mr.ask(cmd, "PROMPT", mr.parse_lesson, timeout=20)
    assert reply.calls == 2 and reply.value.verdict is mr.Verdict.OK


def test_a_contract_break_is_retried_with_the_validation_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    cmd = _fake(monkeypatch, "invalid", tmp_path)
    with pytest.raises(mr.ModelFailure, match="scope"):
        mr.ask(cmd, "PROMPT", mr.parse_lesson, timeout=20)
    assert "memories[0].scope" in _calls(tmp_path)[1]["prompt"]


def test_one_attempt_when_the_budget_allows_no_retry(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    cmd = _fake(monkeypatch, "malformed", tmp_path)
    with pytest.raises(mr.ModelFailure, match="no retry") as info:
        mr.ask(cmd, "PROMPT", mr.parse_lesson, timeout=20, attempts=1)
    assert info.value.calls == 1 and len(_calls(tmp_path)) == 1


def test_privacy_verdict_comes_through(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    cmd = _fake(monkeypatch, "privacy", tmp_path)
    reply = mr.ask(cmd, "PROMPT", mr.parse_lesson, timeout=20)
    assert reply.value.verdict is mr.Verdict.PRIVACY_DEFERRED and "medical" in reply.value.reason


def test_a_crash_is_reported_with_its_stderr(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    cmd = _fake(monkeypatch, "crash", tmp_path)
    with pytest.raises(mr.ModelError, match="exited with 3: fake model: out of credits"):
        mr.call(cmd, "PROMPT", 20)


def test_a_slow_model_is_stopped_at_the_timeout(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    cmd = _fake(monkeypatch, "slow", tmp_path)
    started = time.monotonic()
    with pytest.raises(mr.ModelFailure, match=r"no answer within 0\.5 s"):
        mr.ask(cmd, "PROMPT", mr.parse_lesson, timeout=0.5)
    assert time.monotonic() - started < 10


def test_a_missing_binary_is_a_model_error() -> None:
    with pytest.raises(mr.ModelError, match="cannot start"):
        mr.call(mr.ModelCommand(("/nonexistent/model-bin",)), "x", 5)


# ---------------------------------------------------------------- prompts


def test_fill_substitutes_once() -> None:
    out = mr.fill(
        "A {{transcript}} B {{ agent }} {{unknown}}", {"transcript": "{{agent}}", "agent": "codex"}
    )
    assert out == "A {{agent}} B codex {{unknown}}"


def test_transcript_keeps_head_and_tail_within_the_cap() -> None:
    specs = [prompt("Make the importer faster")] + [
        shell(f"step {i}", "ok " * 20) for i in range(300)
    ]
    specs.append(turn_end("Done: the importer is 3x faster."))
    events = events_for(
        specs, agent="codex", session_id="x", project="/p", start=__import__("sessionkit").T0
    )
    text = mr.render_transcript(events, 4000)
    assert len(text) <= 4000
    assert "Make the importer faster" in text and "3x faster" in text
    assert "events omitted to fit the input budget" in text
    small = mr.render_transcript(events[:5], 100_000)
    assert "omitted" not in small and small.count("\n") == 3


def test_summarize_prompt_carries_the_privacy_rules_and_contract(tmp_path: Path) -> None:
    text = mr.load_prompt(tmp_path, "summarize.md")
    for phrase in (
        "Paraphrase",
        "Never copy raw transcript",
        "credentials",
        ".env",
        "financial",
        "health",
        "one-time",
        "privacy_deferred",
        "{{transcript}}",
        '"verdict"',
    ):
        assert phrase in text, phrase


def test_a_vault_may_override_a_prompt(tmp_path: Path) -> None:
    override = tmp_path / ".vaultsync" / "templates" / "prompts" / "summarize.md"
    override.parent.mkdir(parents=True)
    override.write_text("custom {{transcript}}", encoding="utf-8")
    assert mr.load_prompt(tmp_path, "summarize.md") == "custom {{transcript}}"
