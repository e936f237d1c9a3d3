"""Each real agent CLI, installed by `vaultsync install`, runs one turn against the fake model:
the first model turn asks for one shell call, the second answers. What must land in the vault:
every event the session fires, once each; a failing command as a failure; the session-start
context and prompt-time recall in the model's request; the MCP server's tools listed and its
`search` answering the model; and `uninstall` gives the home back as it was."""

from __future__ import annotations

import collections
import json
from pathlib import Path

import pytest
from agentkit import (
    CONTEXT_MARKER,
    MEMORY_FACT,
    PROMPT,
    RECALL_HEADER,
    RECALL_PROMPT,
    Sandbox,
    sandbox,
    seed_memory,
    tree,
)
from fake_api import FINAL, FakeModel, listed

from vaultsync.core.model import EventKind

AGENTS = ("claude-code", "codex", "gemini", "hermes", "copilot", "opencode")
CONFIG_NAMES = (
    "settings.json",
    "hooks.json",
    "config.toml",
    "config.yaml",
    "mcp-config.json",
    "opencode.json",
)

# The native events one non-interactive turn with one shell call fires, per agent. A failing
# shell command arrives as PostToolUseFailure in Claude Code and as PostToolUse elsewhere.
FAILING_TURN = {
    "claude-code": ("SessionStart", "UserPromptSubmit", "PostToolUseFailure", "Stop", "SessionEnd"),
    "codex": ("SessionStart", "UserPromptSubmit", "PostToolUse", "Stop", "SessionEnd"),
    "gemini": ("SessionStart", "BeforeAgent", "AfterTool", "AfterAgent", "SessionEnd"),
    "hermes": (
        "on_session_start",
        "pre_llm_call",
        "post_tool_call",
        "post_llm_call",
        "on_session_finalize",
    ),
    # Copilot: a failing command is still postToolUse (resultType "success"), and
    # sessionEnd ends each `-p` run.
    "copilot": ("sessionStart", "userPromptSubmitted", "postToolUse", "agentStop", "sessionEnd"),
    # OpenCode, through vaultsync's plugin: `opencode run` ends with dispose.
    "opencode": (
        "session.created",
        "chat.message",
        "tool.execute.after",
        "session.idle",
        "dispose",
    ),
}


def same_config(rel: str, now: object, before: object) -> bool:
    """Equal bytes, except where the agent itself rewrote its config since: OpenCode adds its
    `$schema` to opencode.json on its first run (uninstall then removes vaultsync's entry by
    content and keeps the agent's own change)."""
    if now == before:
        return True
    if rel.endswith("opencode.json") and isinstance(now, bytes) and isinstance(before, bytes):
        data = json.loads(now)
        data.pop("$schema", None)
        return bool(data == json.loads(before))
    return False


def _prepared(agent: str, tmp_path: Path, fake: FakeModel) -> tuple[Sandbox, dict]:
    box = sandbox(agent, tmp_path)
    box.configure(fake.url)
    before = tree(box.home)
    box.vaultsync("install", agent)
    return box, before


@pytest.mark.parametrize("agent", AGENTS)
def test_a_failing_command_lands_once_as_a_failure(agent: str, tmp_path: Path) -> None:
    with FakeModel("ls /nonexistent-vaultsync-dir") as fake:
        box, before = _prepared(agent, tmp_path, fake)
        box.run()
        turns = fake.model_requests()
    assert box.hook_errors() == ""
    events = box.events()
    natives = collections.Counter(e.native_event for e in events)
    assert natives == collections.Counter(FAILING_TURN[agent]), natives
    assert len(box.session_notes()) == 1
    assert len({e.session_id for e in events}) == 1

    [tool] = [e for e in events if e.tool]
    assert tool.kind is EventKind.TOOL_ERROR and tool.is_error, tool
    assert "ls /nonexistent-vaultsync-dir" in tool.input
    assert "No such file or directory" in tool.output
    [prompt] = [e for e in events if e.kind is EventKind.PROMPT]
    assert prompt.prompt.strip() == PROMPT  # the injected context is not stored as the prompt
    [end] = [e for e in events if e.kind is EventKind.TURN_END]
    assert FINAL in end.message

    # The session-start context reached the model in the agent's first real turn.
    assert turns and CONTEXT_MARKER in turns[0].text
    note = box.session_notes()[0].read_text(encoding="utf-8")
    assert "\nended: " in note

    box.vaultsync("uninstall", agent)
    after = tree(box.home)
    # What the agent itself wrote while running is its own; everything that was there before
    # install is back byte for byte, and nothing of vaultsync's is left.
    for rel, content in before.items():
        assert same_config(rel, after.get(rel), content), f"{rel} differs after uninstall"
    leftovers = [
        rel
        for rel, content in after.items()
        # Claude Code's own MCP logs are named after the server (`mcp-logs-vaultsync/`): the
        # agent's files, like its transcripts.
        if ("vaultsync" in rel and "/mcp-logs-vaultsync/" not in rel)
        or (rel.endswith(CONFIG_NAMES) and isinstance(content, bytes) and b"vaultsync" in content)
    ]
    assert leftovers == []


@pytest.mark.parametrize("agent", AGENTS)
def test_a_successful_command_is_a_tool_event(agent: str, tmp_path: Path) -> None:
    with FakeModel("echo vaultsync-ok-42") as fake:
        box, _ = _prepared(agent, tmp_path, fake)
        box.run("Please print a greeting with echo and list the root folder for me.")
    [tool] = [e for e in box.events() if e.tool]
    assert tool.kind is EventKind.TOOL and not tool.is_error, tool
    assert "vaultsync-ok-42" in tool.output
    assert tool.extra.get("outcome") != "unknown"


@pytest.mark.parametrize("agent", AGENTS)
def test_install_then_uninstall_leaves_the_home_byte_for_byte(agent: str, tmp_path: Path) -> None:
    box = sandbox(agent, tmp_path)
    with FakeModel("true") as fake:
        box.configure(fake.url)
    before = tree(box.home)
    box.vaultsync("install", agent)
    assert tree(box.home) != before
    box.vaultsync("uninstall", agent)
    assert tree(box.home) == before
    launcher = Path(box.env["VAULTSYNC_HOME"]) / "bin" / "vaultsync-hook"
    assert not launcher.exists()


def test_clean_home_install_uninstall_leaves_nothing(tmp_path: Path) -> None:
    """No agent configured at all: install creates the folders, uninstall removes them."""
    box = sandbox("claude-code", tmp_path)
    before = tree(box.home)
    for agent in AGENTS:
        box.vaultsync("install", agent)
    for agent in AGENTS:
        box.vaultsync("uninstall", agent)
    assert tree(box.home) == before


def test_codex_runs_no_untrusted_hook_and_doctor_says_so(tmp_path: Path) -> None:
    with FakeModel("ls /nonexistent-vaultsync-dir") as fake:
        box, _ = _prepared("codex", tmp_path, fake)
        doctor = box.vaultsync("doctor", "--json", check=False)
        box.run(trust_hooks=False)
    assert box.events() == []  # Codex ran none of the hooks, and said nothing about it
    checks = {c["name"]: c for c in json.loads(doctor.stdout)["checks"]}
    codex = checks["agent codex"]
    assert codex["state"] == "warn"
    assert "not trusted" in codex["summary"]
    assert "Trust all and continue" in codex["fix"]
    status = box.vaultsync("status").stdout
    assert "codex (not trusted: see `vaultsync doctor`)" in status


def test_codex_hooks_in_config_toml_as_well_are_reported(tmp_path: Path) -> None:
    """Hooks in hooks.json and in a [hooks] table of config.toml: Codex runs both and warns on
    every run; doctor names the duplicate location."""
    with FakeModel("ls /nonexistent-vaultsync-dir") as fake:
        box, _ = _prepared("codex", tmp_path, fake)
        config = box.home / ".codex" / "config.toml"
        config.write_text(
            config.read_text(encoding="utf-8")
            + '\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "true"\n',
            encoding="utf-8",
        )
        done = box.run()
        doctor = box.vaultsync("doctor", "--json", check=False)
    checks = {c["name"]: c for c in json.loads(doctor.stdout)["checks"]}
    assert "also has hooks (Stop)" in checks["agent codex"]["summary"]
    assert "hooks.json" in checks["agent codex"]["fix"]
    said = (done.stdout + done.stderr).lower()
    assert "config.toml" in said and "hooks.json" in said, said[-2000:]


def test_gemini_hooks_can_be_disabled_one_by_one(tmp_path: Path) -> None:
    with FakeModel("ls /nonexistent-vaultsync-dir") as fake:
        box, _ = _prepared("gemini", tmp_path, fake)
        settings = box.home / ".gemini" / "settings.json"
        data = json.loads(settings.read_text(encoding="utf-8"))
        data["hooksConfig"] = {"disabled": ["vaultsync-AfterTool"]}
        settings.write_text(json.dumps(data, indent=2), encoding="utf-8")
        box.run()
    natives = {e.native_event for e in box.events()}
    assert "AfterTool" not in natives
    assert {"SessionStart", "BeforeAgent", "AfterAgent"} <= natives


def test_hermes_oneshot_session_is_closed_by_the_idle_rule(tmp_path: Path) -> None:
    with FakeModel("ls /nonexistent-vaultsync-dir") as fake:
        box, _ = _prepared("hermes", tmp_path, fake)
        box.run(oneshot=True)
    events = box.events()
    assert "on_session_finalize" not in {e.native_event for e in events}  # hermes -z never sends it
    [note] = box.session_notes()
    assert "\nended: " not in note.read_text(encoding="utf-8")
    config = box.vault / ".vaultsync" / "config.toml"
    config.write_text(
        config.read_text(encoding="utf-8").replace(
            "[learn]\n", "[learn]\nclose_idle_minutes = 0.0001\n"
        ),
        encoding="utf-8",
    )
    box.vaultsync("learn", "--daily", "--offline")
    assert "\nended: " in note.read_text(encoding="utf-8")


def test_hermes_runs_the_hooks_from_a_crlf_config(tmp_path: Path) -> None:
    """A config.yaml saved with CRLF line endings: install keeps them, Hermes reads the result."""
    with FakeModel("ls /nonexistent-vaultsync-dir") as fake:
        box = sandbox("hermes", tmp_path)
        box.configure(fake.url)
        config = box.home / ".hermes" / "config.yaml"
        original = config.read_bytes().replace(b"\n", b"\r\n")
        config.write_bytes(original)
        box.vaultsync("install", "hermes")
        raw = config.read_bytes()
        assert raw.count(b"\n") == raw.count(b"\r\n")
        box.run()
    assert {e.native_event for e in box.events()} >= {"on_session_start", "post_tool_call"}
    box.vaultsync("uninstall", "hermes")
    assert config.read_bytes() == original


@pytest.mark.parametrize("agent", AGENTS)
def test_prompt_time_recall_reaches_the_model(agent: str, tmp_path: Path) -> None:
    """Another agent's memory is in the vault; the prompt asks about it: the hook's recall block
    is in the model's first real request, naming its source note, and the vault keeps the
    person's own words as the prompt."""
    with FakeModel("echo vaultsync-ok-42") as fake:
        box = sandbox(agent, tmp_path)
        box.configure(fake.url)
        source = seed_memory(box)
        box.vaultsync("install", agent, "--no-mcp")
        box.run(RECALL_PROMPT)
        turns = fake.model_requests()
    assert box.hook_errors() == ""
    assert turns, "the agent sent the model no request with tools"
    first = turns[0].text
    assert RECALL_HEADER in first, first[-3000:]
    assert "memory from codex, 2026-11-27" in first and f"[[{source}]]" in first
    assert MEMORY_FACT in first
    [prompt] = [e for e in box.events() if e.kind is EventKind.PROMPT]
    assert prompt.prompt.strip() == RECALL_PROMPT


# How each agent names and lists vaultsync's MCP tools (as the recorded requests show them).
MCP_NAMES = {
    "claude-code": "mcp__vaultsync__{}",
    "codex": "mcp__vaultsync__{}",  # the functions of one `mcp__vaultsync` namespace tool
    "gemini": "mcp_vaultsync_{}",
    "hermes": "mcp__vaultsync__{}",
    "copilot": "vaultsync-{}",
    "opencode": "vaultsync_{}",
}
MCP_TOOLS = ("search", "timeline", "get", "recent", "remember")


@pytest.mark.parametrize("agent", AGENTS)
def test_the_mcp_search_tool_is_listed_called_and_answers(agent: str, tmp_path: Path) -> None:
    """`vaultsync install` registers `vaultsync mcp`; the agent starts it, lists its tools to
    the model, and runs the model's `search` call: the server's answer, naming the memory note
    and the agent it came from, is in the model's next request."""
    with FakeModel("true", mcp_query="zephyr billing staging database port") as fake:
        box = sandbox(agent, tmp_path)
        box.configure(fake.url)
        source = seed_memory(box)
        box.vaultsync("install", agent)
        box.run(RECALL_PROMPT)
        turns = fake.model_requests()
    assert box.hook_errors() == ""
    names = [MCP_NAMES[agent].format(tool) for tool in MCP_TOOLS]
    offered = {name for r in turns for name in listed(r.body)}
    if agent == "claude-code":
        # Claude Code defers MCP tools: a request names them in a system message (once the
        # server is connected), and the model loads one with ToolSearch ("select:...")
        # before it can call it; then it is offered like any tool.
        assert any(all(name in r.text for name in names) for r in turns)
        assert "ToolSearch" in listed(turns[0].body)
        assert names[0] in offered
    else:
        assert set(names) <= offered, sorted(offered)
    assert fake.mcp_tool == names[0]
    answers = [text for r in turns for name, text in r.tool_results() if name == names[0]]
    assert answers, [r.tool_results() for r in turns]
    assert f"{source}.md" in answers[0], answers[0]
    assert "from codex, 2026-11-27" in answers[0]
    assert "6543" in answers[0]
    assert "error" not in answers[0].lower().split("results")[0]
    # the hook saw the call and left it out: a search of the memory is not a memory
    assert not [e for e in box.events() if e.tool in names], [e.tool for e in box.events()]
