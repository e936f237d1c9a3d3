"""The Hermes memory provider against the real hermes-agent package (the `hermes-test` extra):
loaded through Hermes' own plugin discovery from the files `vaultsync install hermes` writes,
then driven through the MemoryProvider interface as Hermes' MemoryManager drives it."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("agent.memory_provider")

from agent.memory_provider import MemoryProvider
from scenariokit import FIX_SESSION, QUESTION_EN, QUESTION_ZH, build_template, copy_template

from vaultsync.core import eventlog, paths
from vaultsync.services.agents import hermes_plugin
from vaultsync.services.agents.install import install as install_hooks

PROMPT = "Read the notes file about the blog post plan, please"
SECRET = "ghp_" + "1234567890abcdefghijklmnopqrstuvwxyzAB"


@pytest.fixture
def hermes_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "hermes-home"
    home.mkdir()
    monkeypatch.setenv("HERMES_HOME", str(home))
    (home / "config.yaml").write_text("memory:\n  provider: vaultsync\n")
    hermes_plugin.install(home=home)
    return home


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_template(tmp_path_factory.mktemp("scenario"))


@pytest.fixture
def vault_with_fix(vault: Path, template: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VAULTSYNC_VAULT", str(vault))
    copy_template(template, vault)
    return vault


def load(hermes_home: Path) -> Any:
    """Through Hermes' own loader, exactly as `memory.provider: vaultsync` makes it."""
    from plugins.memory import discover_memory_providers, load_memory_provider

    names = {name: available for name, _, available in discover_memory_providers()}
    assert names.get("vaultsync") is True, names
    provider = load_memory_provider("vaultsync")
    assert isinstance(provider, MemoryProvider)
    return provider


def session_events(vault: Path, session: str) -> list[Any]:
    found = []
    for note in (vault / paths.SESSIONS_DIR).rglob("*.md"):
        found += [e for e in eventlog.parse(note.read_text()) if e.session_id == session]
    return found


def test_the_provider_answers_about_the_claude_fix(
    hermes_home: Path, vault_with_fix: Path, tmp_path: Path
) -> None:
    provider = load(hermes_home)
    assert provider.name == "vaultsync"
    (vault_with_fix / "USER.md").write_text(
        "---\ntype: generated\n---\nWrites short, plain posts.\n"
    )
    provider.initialize("hermes-s1", hermes_home=str(hermes_home), platform="cli")
    block = provider.system_prompt_block()
    assert "vaultsync_search" in block
    # Without vaultsync's hooks in config.yaml the provider gives the session-start context.
    assert "Writes short, plain posts." in block and "type: generated" not in block
    for question in (QUESTION_ZH, QUESTION_EN):
        recalled = provider.prefetch(question, session_id=f"hermes-{question[:3]}")
        assert "routes.ts" in recalled and "middleware.ts" in recalled
        assert f"claude-code session {FIX_SESSION[:8]}" in recalled
    # Cached: the same turn asked again costs nothing and answers the same.
    assert provider.prefetch(QUESTION_EN, session_id="hermes-Whi") == recalled

    schemas = provider.get_tool_schemas()
    assert [s["name"] for s in schemas] == [
        "vaultsync_search", "vaultsync_get", "vaultsync_remember"]  # fmt: skip
    for schema in schemas:
        assert schema["parameters"]["type"] == "object" and schema["description"]
    found = json.loads(provider.handle_tool_call("vaultsync_search", {"query": QUESTION_EN}))
    assert "routes.ts" in json.dumps(found)
    assert all(r["from"].startswith("from claude-code") for r in found["results"])
    first = found["results"][0]["id"]
    got = json.loads(provider.handle_tool_call("vaultsync_get", {"ids": [first]}))
    assert got["items"][0]["id"] == first
    assert "error" in json.loads(provider.handle_tool_call("vaultsync_get", {"ids": "../x.md"}))
    assert "error" in json.loads(provider.handle_tool_call("vaultsync_search", {}))
    assert "error" in json.loads(provider.handle_tool_call("nope", {}))
    provider.shutdown()


def test_search_never_returns_the_providers_own_session(
    hermes_home: Path, vault_with_fix: Path
) -> None:
    """The provider knows its session: its search leaves that session out (here the fix
    session's id stands for it)."""
    provider = load(hermes_home)
    provider.initialize(FIX_SESSION, hermes_home=str(hermes_home), platform="cli")
    found = json.loads(provider.handle_tool_call("vaultsync_search", {"query": QUESTION_EN}))
    provider.shutdown()
    assert "error" not in found, found
    assert FIX_SESSION[:8] not in {r["session"] for r in found["results"]}


def test_memory_writes_are_mirrored_into_candidates(
    hermes_home: Path, vault_with_fix: Path
) -> None:
    provider = load(hermes_home)
    provider.initialize("hermes-s2", hermes_home=str(hermes_home), platform="cli")
    provider.on_memory_write("add", "user", "Prefers short, plain sentences in technical posts.",
                             {"session_id": "hermes-s2", "tool_name": "memory"})  # fmt: skip
    provider.on_memory_write("remove", "memory", "anything at all here")
    provider.on_memory_write("add", "memory", f"The deploy token is {SECRET} for now")
    fact = {"fact": "The blog repo deploys from the main branch only."}
    saved = json.loads(provider.handle_tool_call("vaultsync_remember", fact))
    provider.shutdown()
    assert saved["created"] is True
    notes = {p.name: p.read_text() for p in (vault_with_fix / paths.LEVEL_DIRS[paths.Level.L1])
             .glob("*.md")}  # fmt: skip
    assert len(notes) == 3, notes
    texts = "\n".join(notes.values())
    assert "Prefers short, plain sentences" in texts and "scope: user" in texts
    assert 'origin: "hermes-memory:user"' in texts and "session_id: hermes-s2" in texts
    assert SECRET not in texts and "[REDACTED:github-token]" in texts  # as in any hook event
    assert "origin: hermes-tool" in texts and "agent: hermes" in texts


def test_sync_turn_records_only_when_the_hooks_are_not_installed(
    hermes_home: Path, vault_with_fix: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    messages = [
        {"role": "user", "content": PROMPT},
        {"role": "assistant", "content": None, "tool_calls": [{
            "id": "call_1", "type": "function",
            "function": {"name": "read_file", "arguments": json.dumps({"path": "notes/plan.md"})},
        }]},
        {"role": "tool", "tool_call_id": "call_1", "content": "# Plan\n1. write the post\n" * 3},
        {"role": "assistant", "content": "The plan has one step: write the post."},
    ]  # fmt: skip
    provider = load(hermes_home)
    provider.initialize("hermes-s3", hermes_home=str(hermes_home), platform="cli")
    answer = "The plan has one step: write the post."
    provider.sync_turn(PROMPT, answer, session_id="hermes-s3", messages=messages)
    provider.on_session_end(messages)
    provider.shutdown()
    events = session_events(vault_with_fix, "hermes-s3")
    assert [e.native_event for e in events] == [
        "pre_llm_call", "post_tool_call", "post_llm_call", "on_session_finalize"]  # fmt: skip
    tool = events[1]
    assert tool.tool == "read_file" and tool.files == ("notes/plan.md",)

    # With vaultsync's shell hooks in config.yaml, the hooks are the capture path: the
    # provider records nothing (a turn is never recorded twice).
    install_hooks("hermes")
    assert provider.hooks_installed()
    provider.initialize("hermes-s4", hermes_home=str(hermes_home), platform="cli")
    provider.sync_turn("another prompt here", "another answer", session_id="hermes-s4",
                       messages=messages)  # fmt: skip
    provider.shutdown()
    assert session_events(vault_with_fix, "hermes-s4") == []


def test_no_vault_means_not_available(hermes_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VAULTSYNC_VAULT", str(hermes_home / "missing"))
    from plugins.memory import load_memory_provider

    provider = load_memory_provider("vaultsync")
    assert provider is not None and provider.is_available() is False
    provider.initialize("s", hermes_home=str(hermes_home), platform="cli")
    assert provider.prefetch("anything about routes") == ""
    assert "error" in json.loads(provider.handle_tool_call("vaultsync_search", {"query": "x"}))


def test_subagent_and_cron_contexts_never_write(hermes_home: Path, vault_with_fix: Path) -> None:
    provider = load(hermes_home)
    provider.initialize("cron-1", hermes_home=str(hermes_home), platform="cron",
                        agent_context="cron")  # fmt: skip
    provider.on_memory_write("add", "user", "A fact from a cron job's system prompt.")
    provider.sync_turn("cron prompt text", "cron answer", session_id="cron-1")
    provider.shutdown()
    assert not list((vault_with_fix / paths.LEVEL_DIRS[paths.Level.L1]).glob("*.md"))
    assert session_events(vault_with_fix, "cron-1") == []
    assert os.environ["HERMES_HOME"] == str(hermes_home)


MALFORMED: list[Any] = [
    None, "a string", 42, [], {"role": "user"}, {"role": "assistant", "tool_calls": 5},
    {"role": "assistant", "tool_calls": [None, "x", {"function": "not a dict"},
        {"id": [], "function": {"name": "read_file", "arguments": "{not json"}}]},
    {"role": "tool", "tool_call_id": {"a": 1}, "content": {"nested": ["odd"]}},
    {"role": "assistant", "content": ["parts", 1]},
]  # fmt: skip


def test_a_malformed_message_list_never_raises_into_hermes(
    hermes_home: Path, vault_with_fix: Path
) -> None:
    """Hermes hands the provider what its loop holds; whatever shape that is, the provider
    answers without raising, and what it can read of the turn is still recorded."""
    provider = load(hermes_home)
    provider.initialize("hermes-odd", hermes_home=str(hermes_home), platform="cli")
    for messages in (MALFORMED, "not a list", {"role": "user"}, None, [MALFORMED]):
        provider.sync_turn(PROMPT, "an answer", session_id="hermes-odd", messages=messages)
    provider.sync_turn(None, 17, session_id=None, messages=MALFORMED)
    provider.on_memory_write("add", "user", "A fact long enough to keep", metadata="odd")
    provider.on_memory_write(None, None, None, metadata=None)
    provider.on_session_switch(None)
    assert isinstance(provider.prefetch(None), str)
    assert isinstance(provider.handle_tool_call("vaultsync_search", ["not", "a", "dict"]), str)
    provider.on_session_end(MALFORMED)
    provider.on_session_end("not a list")
    provider.shutdown()
    events = session_events(vault_with_fix, "hermes-odd")
    assert [e.native_event for e in events].count("pre_llm_call") >= 1
    assert "on_session_finalize" in [e.native_event for e in events]
