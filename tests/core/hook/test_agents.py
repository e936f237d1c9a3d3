"""Per-agent payload parsing and output shapes (payloads from tests/fixtures/payloads/)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from vaultsync.core.hook import agents
from vaultsync.core.hook import transcript as transcript_mod
from vaultsync.core.model import AGENTS, EventKind

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "payloads"


def payloads(agent: str, cwd: str = "/work/demo") -> list[dict[str, Any]]:
    text = (FIXTURES / f"{agent}.jsonl").read_text(encoding="utf-8").replace("{cwd}", cwd)
    return [json.loads(line) for line in text.splitlines() if line.strip()]


@pytest.mark.parametrize("agent", AGENTS)
def test_every_fixture_payload_parses(agent: str) -> None:
    for payload in payloads(agent):
        inc = agents.normalize(agent, payload)
        assert inc.agent == agent
        assert inc.session_id and inc.session_id != "unknown"
        assert inc.cwd == "/work/demo"


@pytest.mark.parametrize(
    ("agent", "kinds"),
    [
        (
            "claude-code",
            "session_start prompt tool tool tool tool tool tool_error tool turn_end compact "
            "session_end",
        ),
        (
            "codex",
            "session_start prompt tool tool tool tool_error tool turn_end session_end",
        ),
        (
            "hermes",
            "session_start prompt tool_error tool tool tool tool tool turn_end - session_end",
        ),
        (
            "gemini",
            "session_start prompt tool tool tool tool_error turn_end session_end",
        ),
        (
            "cursor",
            "session_start prompt tool tool tool tool turn_end - session_end",
        ),
        (
            "copilot",
            "session_start prompt tool tool_error tool tool_error turn_end session_end",
        ),
        (
            "opencode",
            "session_start prompt tool tool_error tool turn_end session_end",
        ),
    ],
)
def test_native_events_map_to_normalized_kinds(agent: str, kinds: str) -> None:
    """`-` marks a native event vaultsync ignores (Hermes' per-turn on_session_end, Cursor's
    completed stop after the afterAgentResponse that carried the answer)."""
    got = [agents.normalize(agent, p).kind for p in payloads(agent)]
    assert " ".join(k.value if k else "-" for k in got) == kinds


def test_claude_tool_fields() -> None:
    seq = payloads("claude-code")
    edit = agents.normalize("claude-code", seq[3])
    assert (edit.tool, edit.tool_kind, edit.files) == (
        "Edit",
        "edit",
        ("/work/demo/decorators.py",),
    )
    failure = agents.normalize("claude-code", seq[7])
    assert failure.is_error and "Exit code 2" in failure.tool_output
    stop = agents.normalize("claude-code", seq[9])
    assert stop.message.startswith("repeat() now returns")
    start = agents.normalize("claude-code", seq[0])
    assert start.wants_context and start.extra["source"] == "startup"


def test_codex_patch_files_and_failed_exit_code() -> None:
    seq = payloads("codex")
    patch = agents.normalize("codex", seq[3])
    assert (patch.tool_kind, patch.files) == ("edit", ("src/parser.py",))
    assert agents.normalize("codex", seq[5]).is_error
    assert not agents.normalize("codex", seq[6]).is_error
    assert agents.normalize("codex", seq[1]).turn_id == "turn-1"


def test_hermes_first_turn_wants_context_and_errors_from_status() -> None:
    seq = payloads("hermes")
    first = agents.normalize("hermes", seq[1])
    assert first.kind is EventKind.PROMPT and first.wants_context and first.prompt
    assert not agents.normalize("hermes", seq[0]).wants_context
    failing = agents.normalize("hermes", seq[2])
    assert failing.kind is EventKind.TOOL_ERROR and failing.tool_kind == "shell"
    later = dict(seq[1], extra={**seq[1]["extra"], "is_first_turn": False})
    assert not agents.normalize("hermes", later).wants_context


def test_cursor_uses_conversation_id_and_workspace_root() -> None:
    seq = payloads("cursor", cwd="/w")
    edit = agents.normalize("cursor", seq[2])
    assert edit.session_id == "c0f5e2d4-1a3b-4c5d-8e9f-0a1b2c3d4e5f"
    assert (edit.tool, edit.tool_kind, edit.files, edit.cwd) == (
        "Edit",
        "edit",
        ("/w/src/api/user.ts",),
        "/w",
    )
    shell = agents.normalize("cursor", seq[3])
    assert (shell.tool, shell.tool_kind, shell.turn_id) == ("Shell", "shell", "gen-7f3a")
    answer = agents.normalize("cursor", seq[6])  # afterAgentResponse: the agent's words
    assert answer.kind is EventKind.TURN_END and answer.turn_id == "gen-7f3a"
    assert answer.message.startswith("Renamed `fetchUser` to `loadUser`")
    stop = seq[7]
    # A completed stop repeats the turn's end with no words: ignored, not a second turn end.
    assert agents.normalize("cursor", stop).kind is None
    assert agents.normalize("cursor", {**stop, "status": ""}).kind is None
    for status in ("aborted", "error"):
        cut = agents.normalize("cursor", {**stop, "status": status})
        assert cut.kind is EventKind.TURN_END
        assert (cut.message, cut.is_error) == (f"status: {status}", status == "error")


def test_missing_fields_are_tolerated_and_unknown_events_ignored() -> None:
    bare = agents.normalize("claude-code", {"hook_event_name": "PostToolUse"})
    assert bare.session_id == "unknown" and bare.kind is EventKind.TOOL and bare.tool == ""
    odd = agents.normalize("claude-code", {"hook_event_name": "Notification", "x": {"y": 1}})
    assert odd.kind is None
    weird_types = {"hook_event_name": "PostToolUse", "tool_name": 7, "tool_input": [1, 2]}
    assert agents.normalize("claude-code", weird_types).tool == "7"


def test_event_name_from_payload_wins_over_flag_and_is_case_tolerant() -> None:
    assert agents.event_name("codex", {"hook_event_name": "Stop"}, "SessionEnd") == "Stop"
    assert agents.event_name("codex", {}, "sessionend") == "SessionEnd"
    with pytest.raises(agents.PayloadError):
        agents.event_name("codex", {}, None)


def test_hostile_session_ids_are_cut() -> None:
    inc = agents.normalize("codex", {"hook_event_name": "Stop", "session_id": "x" * 10_000})
    assert len(inc.session_id) == 256


@pytest.mark.parametrize(
    ("tool", "kind"),
    [
        ("Bash", "shell"),
        ("terminal", "shell"),
        ("run_shell_command", "shell"),
        ("apply_patch", "edit"),
        ("write_file", "write"),
        ("Read", "read"),
        ("Grep", "search"),
        ("WebFetch", "web"),
        ("mcp__github__create_issue", "mcp"),
        ("Task", "agent"),
        ("SomethingNew", "other"),
    ],
)
def test_tool_kinds(tool: str, kind: str) -> None:
    assert agents.tool_kind(tool) == kind


def test_sniffing_the_agent() -> None:
    assert agents.sniff_agent(payloads("cursor")[0]) == "cursor"
    assert agents.sniff_agent(payloads("hermes")[0]) == "hermes"
    assert agents.sniff_agent(payloads("gemini")[0]) == "gemini"
    assert agents.sniff_agent(payloads("codex")[1]) == "codex"
    assert agents.sniff_agent(payloads("claude-code")[0]) == "claude-code"
    with pytest.raises(agents.PayloadError):
        agents.parse_agent("emacs")
    assert agents.parse_agent("Claude") == "claude-code"


def _out(agent: str, index: int, context: str) -> str | None:
    return agents.render_output(agents.normalize(agent, payloads(agent)[index]), agent, context)


def test_session_start_outputs_per_agent() -> None:
    for agent in ("claude-code", "codex", "gemini"):
        out = json.loads(_out(agent, 0, "CTX") or "")
        assert out == {
            "hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "CTX"}
        }
    assert json.loads(_out("hermes", 1, "CTX") or "") == {"context": "CTX"}
    assert json.loads(_out("cursor", 0, "CTX") or "") == {"additional_context": "CTX"}
    long = json.loads(_out("claude-code", 0, "x" * 20_000) or "")
    assert len(long["hookSpecificOutput"]["additionalContext"]) == agents.CLAUDE_CONTEXT_CAP


def test_observer_events_print_nothing_or_empty_json() -> None:
    assert _out("codex", 7, "") is None  # Codex Stop: nothing at all
    assert _out("claude-code", 9, "") is None
    assert _out("hermes", 2, "") is None
    assert _out("gemini", 2, "") == "{}"
    assert _out("cursor", 1, "") == '{"continue": true}'
    assert _out("cursor", 3, "") == "{}"
    # an empty context at session start is no context: nothing where nothing is valid
    assert _out("claude-code", 0, "") is None
    assert _out("gemini", 0, "") == "{}"
    # the payload could not be read at all
    assert agents.render_output(None, "gemini", "") == "{}"
    assert agents.render_output(None, "codex", "") is None


def test_install_events_are_all_recorded_events() -> None:
    for agent, events in agents.INSTALL_EVENTS.items():
        assert set(events) <= set(agents.EVENTS[agent])


def test_copilot_exit_code_from_the_text_and_mcp_names(tmp_path: Path) -> None:
    seq = payloads("copilot")
    view = agents.normalize("copilot", seq[2])
    assert (view.tool_kind, view.files) == ("read", ("/work/demo/src/date.js",))
    failing = agents.normalize("copilot", seq[3])
    # resultType says success; the exit code is only in the text, and is not kept in it
    assert failing.kind is EventKind.TOOL_ERROR and failing.is_error
    assert failing.extra["exit_code"] == 1
    assert failing.tool_output == "FAIL test/date.test.js\n  formatDate keeps the local day"
    assert failing.tool_kind == "shell"
    mcp = agents.normalize("copilot", seq[5])
    assert (mcp.tool_kind, mcp.tool_output) == ("mcp", "MCP server vaultsync is not connected")
    start = agents.normalize("copilot", seq[0])
    assert start.wants_context and start.extra["source"] == "new"
    assert start.session_id == "515ebea2-6c1d-4f0e-9a3b-2d7c8e1f4a90"


def test_copilot_camel_case_payloads_are_named_by_the_event_flag() -> None:
    payload = {"sessionId": "s1", "timestamp": 1, "cwd": "/w", "prompt": "hello"}
    inc = agents.normalize("copilot", payload, "userPromptSubmitted")
    assert (inc.kind, inc.prompt, inc.session_id) == (EventKind.PROMPT, "hello", "s1")
    text = "hi\n<shellId: 0 completed with exit code 0>"
    ok = {"sessionId": "s1", "toolName": "bash", "toolArgs": {"command": "echo hi"},
          "toolResult": {"resultType": "success", "textResultForLlm": text}}  # fmt: skip
    tool = agents.normalize("copilot", ok, "postToolUse")
    assert (tool.kind, tool.is_error, tool.tool_output) == (EventKind.TOOL, False, "hi")


def test_copilot_claude_style_payloads_read_tool_result() -> None:
    """Claude-style hook names (a repository's .claude/settings.json run by Copilot) send
    Claude-like payloads, with the output under tool_result."""
    text = "ls: /nope: No such file\n<shellId: 0 completed with exit code 2>"
    payload = {"hook_event_name": "PostToolUse", "session_id": "s2", "cwd": "/w",
               "tool_name": "Bash", "tool_input": {"command": "ls /nope"},
               "tool_result": {"result_type": "success", "text_result_for_llm": text}}  # fmt: skip
    inc = agents.normalize("copilot", payload)
    assert (inc.kind, inc.session_id, inc.tool_output) == (
        EventKind.TOOL_ERROR,
        "s2",
        "ls: /nope: No such file",
    )
    prompt = {"hook_event_name": "UserPromptSubmit", "session_id": "s2", "prompt": "hi"}
    assert agents.normalize("copilot", prompt).kind is EventKind.PROMPT
    assert agents.normalize("copilot", {"hook_event_name": "Stop"}).kind is EventKind.TURN_END


def test_copilot_turn_end_reads_the_answer_from_its_transcript(tmp_path: Path) -> None:
    transcript = tmp_path / "events.jsonl"
    lines = [
        {"type": "assistant.message", "data": {"content": "first answer"}},
        {"type": "assistant.message", "data": {"content": "", "toolRequests": [{}]}},
        {"type": "assistant.message", "data": {"content": "the last answer"}},
        {"type": "assistant.turn_end", "data": {"turnId": "1"}},
    ]
    transcript.write_text("".join(json.dumps(x) + "\n" for x in lines) + '{"cut', "utf-8")
    payload = {"sessionId": "s", "transcriptPath": str(transcript), "stopReason": "end_turn"}
    inc = agents.normalize("copilot", payload, "agentStop")
    assert (inc.kind, inc.message) == (EventKind.TURN_END, "the last answer")
    # No transcript in a folder that does not exist: nothing to wait for. (One missing from a
    # folder that does is waited for, up to ANSWER_WAIT_S: it may be written a moment later.)
    gone = agents.normalize(
        "copilot", {**payload, "transcriptPath": str(tmp_path / "gone" / "x")}, "agentStop"
    )
    assert gone.message == ""
    assert transcript_mod.copilot_last_message(str(tmp_path / "x"), wait_s=0.1) == ""


def test_opencode_exit_code_prompt_quotes_and_mcp_names() -> None:
    seq = payloads("opencode")
    prompt = agents.normalize("opencode", seq[1])
    assert prompt.prompt == "Why does npm test fail on the date helpers? Fix formatDate for UTC."
    read = agents.normalize("opencode", seq[2])
    assert (read.tool_kind, read.files, read.is_error) == (
        "read",
        ("/work/demo/src/date.js",),
        False,
    )
    failing = agents.normalize("opencode", seq[3])
    assert failing.is_error and failing.extra["exit_code"] == 1
    assert agents.normalize("opencode", seq[4]).tool_kind == "mcp"
    assert agents.normalize("opencode", seq[5]).message.startswith("formatDate now keeps")
    assert agents.normalize("opencode", seq[0]).wants_context


@pytest.mark.parametrize("agent", ["copilot", "opencode"])
def test_copilot_and_opencode_context_is_top_level_additional_context(agent: str) -> None:
    start = agents.normalize(agent, payloads(agent)[0])
    assert json.loads(agents.render_output(start, agent, "CTX") or "") == {
        "additionalContext": "CTX"
    }
    tool = agents.normalize(agent, payloads(agent)[3])
    assert agents.render_output(tool, agent, "") is None


def test_copilot_running_a_repositorys_claude_hooks_is_copilot(tmp_path: Path) -> None:
    env = {"COPILOT_CLI": "1", "HOME": str(tmp_path)}
    assert agents.actual_agent("claude-code", {"HOME": str(tmp_path)}) == "claude-code"
    assert agents.actual_agent("claude-code", env) == "copilot"
    assert agents.actual_agent("codex", env) == "codex"
    hooks = tmp_path / ".copilot" / "hooks"
    hooks.mkdir(parents=True)
    (hooks / "vaultsync.json").write_text("{}")
    # vaultsync's own Copilot hooks record the event: the Claude hook records nothing
    assert agents.actual_agent("claude-code", env) is None
    assert agents.actual_agent("claude-code", {**env, "COPILOT_HOME": str(tmp_path / "c")}) == (
        "copilot"
    )


def test_copilot_answer_written_after_agent_stop_is_waited_for(tmp_path: Path) -> None:
    """Under load Copilot ran agentStop before the answer's line was in its transcript."""
    import threading

    from vaultsync.core.hook.transcript import copilot_last_message

    transcript = tmp_path / "events.jsonl"
    lines = [
        {"type": "assistant.message", "data": {"content": "an earlier turn's answer"}},
        {"type": "user.message", "data": {"content": "run it"}},
        {"type": "tool.execution_complete", "data": {"toolCallId": "c1"}},
    ]
    transcript.write_text("".join(json.dumps(x) + "\n" for x in lines), "utf-8")
    late = json.dumps({"type": "assistant.message", "data": {"content": "this turn"}}) + "\n"

    def append() -> None:
        with transcript.open("a", encoding="utf-8") as handle:
            handle.write(late)

    timer = threading.Timer(0.2, append)
    timer.start()
    assert copilot_last_message(str(transcript)) == "this turn"
    timer.join()
    # Never the earlier turn's answer: without this turn's, the message is empty.
    transcript.write_text("".join(json.dumps(x) + "\n" for x in lines), "utf-8")
    assert copilot_last_message(str(transcript), wait_s=0.1) == ""


def test_copilot_transcript_written_after_agent_stop_is_waited_for(tmp_path: Path) -> None:
    """Copilot writes its transcript on a timer: a short session's agentStop came ~0.1 s
    before the file existed (its folder did). A path whose folder is missing is not waited for."""
    import threading
    import time

    from vaultsync.core.hook.transcript import copilot_last_message

    transcript = tmp_path / "session-state" / "s1" / "events.jsonl"
    transcript.parent.mkdir(parents=True)
    answer = json.dumps({"type": "assistant.message", "data": {"content": "this turn"}}) + "\n"
    timer = threading.Timer(0.15, lambda: transcript.write_text(answer, "utf-8"))
    timer.start()
    assert copilot_last_message(str(transcript)) == "this turn"
    timer.join()
    started = time.monotonic()
    assert copilot_last_message(str(tmp_path / "gone" / "events.jsonl")) == ""
    assert time.monotonic() - started < 0.5
