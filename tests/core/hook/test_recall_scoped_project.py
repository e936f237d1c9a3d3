# ruff: noqa: E501  (CJK text counts double width)
"""A question that asks for a window or an agent and names a project ("what did Claude Code
change in api today?", 今天 Claude Code 在 web 里改了什么？) looks inside that project: the
project's name is where to look, not a word to rank by (every note of the project holds it),
in prompt-time recall and in search alike (core/query/nlquery.named_project)."""

from __future__ import annotations

import os
import uuid
from pathlib import Path
from typing import Any

import pytest

from tests import hookcall
from vaultsync.core.config import Config, load_config
from vaultsync.core.hook import prompt_recall
from vaultsync.core.hook.agents import Incoming
from vaultsync.core.model import EventKind
from vaultsync.core.query import nlquery
from vaultsync.services.derived.reconcile import rebuild
from vaultsync.services.recall.engine import recall

API = "c1a2b3c4-0000-4000-8000-0000000000a1"
WEB = "c1a2b3c4-0000-4000-8000-0000000000b2"


def _session(
    env: dict[str, str], sid: str, project: Path, prompt: str, file: str, said: str
) -> None:
    base = {"session_id": sid, "cwd": str(project)}
    events: list[dict[str, Any]] = [
        {**base, "hook_event_name": "SessionStart", "source": "startup"},
        {**base, "hook_event_name": "UserPromptSubmit", "prompt": prompt},
        {**base, "hook_event_name": "PostToolUse", "tool_name": "Edit",
         "tool_input": {"file_path": str(project / file), "old_string": "a", "new_string": "b"},
         "tool_response": {"filePath": str(project / file)}},
        {**base, "hook_event_name": "Stop", "last_assistant_message": said},
    ]  # fmt: skip
    for payload in events:  # in this process (tests/hookcall.py): the notes are the subject
        hookcall.call("claude-code", payload, env)


@pytest.fixture(scope="module")
def two_projects(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("scoped")
    vault = root / "vault"
    (vault / ".vaultsync").mkdir(parents=True)
    env = {**os.environ, "VAULTSYNC_HOME": str(root / "home"), "VAULTSYNC_VAULT": str(vault),
           "VAULTSYNC_MACHINE": "testbox"}  # fmt: skip
    for name in ("api", "web"):
        (root / name / ".git").mkdir(parents=True)
    asked = "GET /users returns 404 for the web client since the middleware change"
    _session(env, API, root / "api", asked, "src/routes.ts", "Fixed the routing bug in routes.ts.")
    _session(env, WEB, root / "web", "Make the header sticky on scroll", "src/Header.tsx",
             "The header stays on top when scrolling (Header.tsx).")  # fmt: skip
    rebuild(vault, _config(vault))
    return vault


def _config(vault: Path) -> Config:
    return Config(vault, vault.parent / "index.sqlite", load_config(vault).data)


def _given(vault: Path, question: str) -> str:
    # a new asking session each time (a session is never given the same note twice)
    inc = Incoming(agent="hermes", native_event="pre_llm_call", kind=EventKind.PROMPT,
                   session_id=f"asking-{uuid.uuid4()}", cwd="/tmp", prompt=question)  # fmt: skip
    return prompt_recall.context_for(inc, vault, _config(vault))


def test_a_named_project_is_read_out_of_the_question() -> None:
    projects = ["/home/dev/src/ledger", "/home/dev/src/kite"]
    assert nlquery.named_project("what in ledger ?", projects) == ("what in ?", projects[0])
    assert nlquery.named_project("ledgers of the month", projects) == ("ledgers of the month", "")
    # said as a thing, not a place, a project's name stays a word: the api routing bug
    asked = "我 在 里修的那个 api 路由 bug，具体 ？"
    assert nlquery.named_project(asked, ["/x/api"]) == (asked, "")
    assert nlquery.named_project("fix the api routing bug", ["/x/api"])[1] == ""
    # the only word left beside a window is the place: 昨晚 ledger 有什么改动？
    assert nlquery.named_project("ledger ？", projects) == ("？", projects[0])
    assert nlquery.named_project("ledger 的 api", projects) == ("ledger 的 api", "")
    # 给 kite / 为 kite, "for kite", is a place as "for" is
    rest, project = nlquery.named_project("给 kite 做了什么？", projects)
    assert project == projects[1] and "kite" not in rest
    # of two projects of one name, the asking one
    two = ["/a/ledger", "/b/ledger"]
    assert nlquery.named_project("in ledger", two, "/b/ledger")[1] == "/b/ledger"
    # the words of changing and fixing are the intent's once a window or an agent is asked
    for question in ("昨天 Codex 在 ledger 里改了哪些文件？为什么改？", "今日 Codex は ledger で何を変えた？",
                     "What did Gemini fix in ledger yesterday?", "一昨日 ledger で何か直した？"):  # fmt: skip
        rest, project = nlquery.named_project(nlquery.understand(question).rest, projects)
        assert project == projects[0] and nlquery.terms(rest) == [], question


@pytest.mark.parametrize("name,said,other", [("api", "routes.ts", "Header.tsx"),
                                             ("web", "Header.tsx", "routes.ts")])  # fmt: skip
def test_prompt_recall_lists_the_named_projects_sessions(
    two_projects: Path, monkeypatch: pytest.MonkeyPatch, name: str, said: str, other: str
) -> None:
    for question in (f"What did Claude Code change in {name} today?",
                     f"今天 Claude Code 在 {name} 里改了什么？"):  # fmt: skip
        block = _given(two_projects, question)
        assert said in block and other not in block, question
    # read as a word to rank by, the project's name answers wherever it is said: the api
    # session's message speaks of the web client
    monkeypatch.setattr(nlquery, "named_project", lambda rest, *a: (rest, ""))
    assert "routes.ts" in _given(two_projects, "What did Claude Code change in web today?")


def test_search_looks_inside_the_named_project(
    two_projects: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = _config(two_projects)
    found = recall(
        two_projects, config, "What did Claude Code change in web today?", semantic=False
    )
    assert found.hits and all((h.project or "").endswith("/web") for h in found.hits)
    assert not found.abstain
    monkeypatch.setattr(nlquery, "named_project", lambda rest, *a: (rest, ""))
    found = recall(
        two_projects, config, "What did Claude Code change in web today?", semantic=False
    )
    # the api session's message says "web client": read as a word, it answers too
    assert any((h.project or "").endswith("/api") for h in found.hits)
