"""The built-in summariser: useful, deterministic summaries and candidates with no model."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sessionkit import T0, date_fix_session, edit, events_for, prompt, read, shell, turn_end

from vaultsync.core.model import Scope
from vaultsync.services.learning.model_runner import Verdict
from vaultsync.services.learning.session_log import SessionLog
from vaultsync.services.learning.skills import Proposal
from vaultsync.services.learning.summarizer import summarize

PROJECT = "/home/ana/src/dateparse"


def _log(specs, project: str = PROJECT) -> SessionLog:  # type: ignore[no-untyped-def]
    events = events_for(specs, agent="claude-code", session_id="s", project=project, start=T0)
    return SessionLog(
        rel="sessions/2026/11/x.md",
        agent="claude-code",
        session_id="s",
        project=project,
        cwd=project,
        created=events[0].ts,
        status=None,
        events=tuple(events),
        props={},
    )


def test_a_real_session_gives_a_useful_summary() -> None:
    lesson = summarize(_log(date_fix_session()))
    s = lesson.summary
    assert lesson.verdict is Verdict.OK and s is not None
    assert s.title.startswith("The ISO week parser fails for 2026-W53")
    assert "ISO week parser" in s.asked
    assert "`pytest` ×2" in s.done and "Changed `src/dates.py`, `CHANGELOG.md`" in s.done
    assert "2 steps failed" in s.done
    # an error followed by a passing run of the same command, with the edit in between
    assert "`pytest` failed (FAILED tests/test_dates.py::test_week_53" in s.learned
    assert "passed after editing `src/dates.py`" in s.learned
    assert s.next_steps == (
        "Next, we should add a property test for every year from 1900 to 2100.",
    )
    assert s.files_modified == ("src/dates.py", "CHANGELOG.md")
    assert s.files_read == ()  # read, then modified: listed once, as modified


def test_candidates_follow_the_decision_tree() -> None:
    mems = summarize(_log(date_fix_session())).memories
    by_scope: dict[Scope, list[str]] = {}
    for m in mems:
        by_scope.setdefault(m.scope, []).append(m.text)
    assert by_scope[Scope.USER] == ["Prefers short commit messages, always in the imperative mood."]
    agent = " ".join(by_scope[Scope.AGENT])
    assert "`python` is not available on this machine; `python3` works instead." in agent
    assert "`jq` lives at `/opt/homebrew/bin/jq`." in agent
    project = by_scope[Scope.PROJECT]
    assert "Tests run with `pytest -q tests/test_dates.py` in dateparse." in project
    assert "Lint and type checks run with `ruff check src` in dateparse." in project


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Rename the variable x to count.", False),  # a one-off task
        ("Why does this test fail?", False),  # a question
        ("Don't touch the migrations folder in this PR.", False),  # task-local, no style
        ("From now on, write commit messages in English.", True),
        ("Never use emoji in code comments.", True),
        ("Please keep replies short and concise.", True),
        ("以后回复请用中文，口语化一点，短句。", True),
        ("不要写'综上所述'这种官样文章的句子。", True),
        ("把这个函数改成异步的。", False),
    ],
)
def test_user_preferences_in_english_and_chinese(text: str, kept: bool) -> None:
    mems = summarize(_log([prompt(text)])).memories
    assert any(m.scope is Scope.USER for m in mems) is kept


@pytest.mark.parametrize(
    ("text", "memory"),
    [
        # a task and a standing wish joined by "and": the wish is the memory
        ("Fix it, and from now on always use pytest -q with --tb=short when you run tests.",
         "From now on always use pytest -q with --tb=short when you run tests."),
        ("Please fix the login, and also never push to main directly.",
         "Never push to main directly."),
        ("修一下这个 bug，另外以后都用中文回答。", "以后都用中文回答。"),
        # a condition stays with its wish
        ("If the linter fails, always rerun it with --fix first.",
         "If the linter fails, always rerun it with --fix first."),
    ],
)  # fmt: skip
def test_a_wish_joined_to_a_task_is_remembered_without_the_task(text: str, memory: str) -> None:
    [kept] = [m.text for m in summarize(_log([prompt(text)])).memories if m.scope is Scope.USER]
    assert kept == memory


def test_the_test_command_remembered_is_how_tests_run_not_the_last_one() -> None:
    specs = [shell(f"pytest -q --tb=short tests/test_csv.py::case_{i}", f"{i} passed")
             for i in range(3)]  # fmt: skip
    project = [m.text for m in summarize(_log(specs)).memories if m.scope is Scope.PROJECT]
    assert any("`pytest -q --tb=short tests/test_csv.py`" in t for t in project), project


def test_an_unresolved_error_becomes_a_next_step() -> None:
    lesson = summarize(
        _log([prompt("Deploy"), shell("make deploy", "error: no credentials", True)])
    )
    assert lesson.summary is not None
    assert (
        "`make deploy` still failed at the end (error: no credentials)." in lesson.summary.learned
    )
    assert lesson.summary.next_steps[-1].startswith("Fix: `make deploy` still failed")


def test_a_module_installed_after_an_import_error_is_an_environment_fact() -> None:
    specs = [
        shell("python3 -m pytest", "ModuleNotFoundError: No module named 'yaml'", True),
        shell("pip install pyyaml", "Successfully installed PyYAML-6.0"),
    ]
    texts = [m.text for m in summarize(_log(specs)).memories]
    assert "`yaml` is not preinstalled; `pip install pyyaml` fixed it." in texts


def _release_steps(version: str) -> list[dict]:  # type: ignore[type-arg]
    return [
        edit(f"{PROJECT}/pyproject.toml", f"version {version}"),
        shell("pytest -q", "40 passed"),
        shell("python -m build", "built"),
        shell("twine upload dist/*", "uploaded"),
        shell(f"git tag v{version}", ""),
        shell("git push --tags", "pushed"),
    ]


def test_a_procedure_repeated_in_one_session_is_proposed() -> None:
    specs = [
        prompt("Release 1.4.1 and 1.4.2"),
        *_release_steps("1.4.1"),
        read(f"{PROJECT}/README.md"),
        *_release_steps("1.4.2"),
    ]
    skills = summarize(_log(specs)).skills
    assert len(skills) == 1
    skill = skills[0]
    assert len(skill.procedure) >= 5
    assert skill.procedure[0] == "Edit `pyproject.toml`"
    assert "Run `twine upload dist/*`" in skill.procedure
    assert skill.signature[:3] == ("edit:*.toml", "shell:test", "shell:build")
    assert skill.name == "edit-toml-then-test-then-build"
    assert skill.when.startswith("a task like: Release 1.4.1")


def test_no_proposal_without_repetition() -> None:
    assert summarize(_log(date_fix_session())).skills == ()


def test_a_procedure_matching_an_open_proposal_is_proposed_again() -> None:
    earlier = Proposal(
        "skills/proposals/a.md",
        "release-python-package",
        (),
        "",
        (
            "edit:*.toml",
            "shell:test",
            "shell:build",
            "shell:twine",
            "shell:git tag",
            "shell:git push",
        ),
        "",
    )
    specs = [prompt("Ship 2.0"), *_release_steps("2.0.0")]
    skills = summarize(_log(specs), [(earlier.name, earlier.features())]).skills
    assert [s.name for s in skills] == ["release-python-package"]
    assert skills[0].signature[0] == "edit:*.toml"


def test_an_empty_session_still_has_a_summary() -> None:
    lesson = summarize(_log([]))
    assert lesson.summary is not None
    assert lesson.summary.asked == "No prompt was recorded for this session."
    assert lesson.summary.done == "No tool was used."
    assert lesson.memories == () and lesson.skills == ()


def test_it_is_deterministic() -> None:
    log = _log(date_fix_session())
    assert summarize(log) == summarize(log)


_text = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=200)
_spec = st.one_of(
    st.builds(prompt, _text),
    st.builds(shell, _text, _text, st.booleans()),
    st.builds(edit, _text),
    st.builds(read, _text),
    st.builds(turn_end, _text),
)


def _summarises(specs) -> None:  # type: ignore[no-untyped-def]
    lesson = summarize(_log(specs))
    assert lesson.summary is not None and lesson.summary.asked and lesson.summary.done
    assert all(len(m.text) <= 500 for m in lesson.memories)


# The fast tier's count; the slow tier's twin below runs 600.
@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_spec, max_size=40))
def test_any_session_summarises_without_error(specs) -> None:  # type: ignore[no-untyped-def]
    _summarises(specs)


@pytest.mark.slow
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_spec, max_size=40))
def test_any_session_summarises_without_error_thorough(specs) -> None:  # type: ignore[no-untyped-def]
    _summarises(specs)


def test_the_transcript_corpus_prompts_do_not_break_it(shared: Path) -> None:
    import json

    specs = []
    for path in sorted((shared / "corpora" / "claude-code-transcripts").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            if not isinstance(msg, dict) or msg.get("type") != "user":
                continue
            message = msg.get("message")
            content = message.get("content") if isinstance(message, dict) else None
            if isinstance(content, str):
                specs.append(prompt(content))
            elif isinstance(content, list):
                specs += [
                    prompt(c["text"]) for c in content if isinstance(c, dict) and c.get("text")
                ]
    assert specs
    lesson = summarize(_log(specs))
    assert lesson.summary is not None and len(lesson.summary.asked) < 1000


def test_a_session_without_failures_learned_nothing_and_its_context_says_nothing(
    tmp_path: Path,
) -> None:
    from vaultsync.services.derived.generate import summary_lines

    lesson = summarize(_log([prompt("Bump requests to 2.32"), shell("uv add requests", "ok")]))
    assert lesson.summary is not None and lesson.summary.learned == ""

    class Note:  # a summary note as the learning loop writes it (learned_notes.py: "—")
        body = "## What was asked\n\nBump requests to 2.32\n\n## What was learned\n\n—\n"

    assert summary_lines(Note()) == ["Bump requests to 2.32"]  # type: ignore[arg-type]


def test_one_tool_step_is_one_step() -> None:
    lesson = summarize(_log([prompt("Bump requests"), shell("uv add requests", "ok")]))
    assert lesson.summary is not None and lesson.summary.done.startswith("1 tool step (1 shell).")
