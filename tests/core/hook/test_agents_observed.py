"""Payloads as the real CLIs sent them (Codex 0.171.0, Gemini CLI 0.61.0; captured by the
real-agent tier, tests/agents/), parsed at the payload level: the fast twin of that tier."""

from __future__ import annotations

import json
from pathlib import Path

from vaultsync.core.hook.agents import codex_exit_code, normalize
from vaultsync.core.model import EventKind

SESSION = "01a2313d-a31a-7b73-af23-f24639e22dc6"


def codex_post_tool_use(transcript: Path | None, output: str, call: str = "call_0001") -> dict:
    return {
        "session_id": SESSION,
        "turn_id": "01a2313d-a371-77c3-8253-99e57845425b",
        "transcript_path": str(transcript) if transcript else None,
        "cwd": "/work",
        "hook_event_name": "PostToolUse",
        "model": "fake-model",
        "permission_mode": "bypassPermissions",
        "tool_name": "Bash",
        "tool_input": {"command": "ls /nonexistent"},
        "tool_response": output,
        "tool_use_id": call,
    }


def rollout(tmp_path: Path, code: int, call: str = "call_0001") -> Path:
    path = tmp_path / f"rollout-2026-12-01T10-54-12-{SESSION}.jsonl"
    lines = [
        {"timestamp": "2026-12-01T10:54:12.000Z", "type": "session_meta", "payload": {"id": "x"}},
        {
            "timestamp": "2026-12-01T10:54:13.527Z",
            "ordinal": 12,
            "type": "event_msg",
            "payload": {
                "type": "item_completed",
                "item": {
                    "type": "CommandExecution",
                    "id": call,
                    "command": ["/bin/bash", "-lc", "ls /nonexistent"],
                    "status": "failed" if code else "completed",
                    "aggregated_output": "ls: cannot access '/nonexistent'\n",
                    "exit_code": code,
                },
            },
        },
    ]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def test_codex_failed_command_is_a_failure_from_its_rollout(tmp_path: Path) -> None:
    payload = codex_post_tool_use(rollout(tmp_path, 2), "ls: cannot access '/nonexistent'\n")
    inc = normalize("codex", payload)
    assert inc.kind is EventKind.TOOL_ERROR and inc.is_error
    assert inc.extra == {"exit_code": 2}


def test_codex_successful_command_stays_a_tool_event(tmp_path: Path) -> None:
    inc = normalize("codex", codex_post_tool_use(rollout(tmp_path, 0), "file.txt\n"))
    assert inc.kind is EventKind.TOOL and not inc.is_error
    assert inc.extra == {"exit_code": 0}


def test_codex_without_a_readable_rollout_is_unknown_never_success(tmp_path: Path) -> None:
    for transcript in (None, tmp_path / "rollout-missing.jsonl", rollout(tmp_path, 2, "other")):
        inc = normalize("codex", codex_post_tool_use(transcript, "some output\n"))
        assert inc.kind is EventKind.TOOL and not inc.is_error
        assert inc.extra == {"outcome": "unknown"}


def test_codex_reads_the_exit_code_from_the_function_call_output_too(tmp_path: Path) -> None:
    path = tmp_path / "rollout-x.jsonl"
    line = {
        "type": "response_item",
        "payload": {
            "type": "function_call_output",
            "call_id": "call_9",
            "output": "Chunk ID: 8e\nWall time: 0.0 seconds\nProcess exited with code 127\n"
            "Output:\nnope: command not found\n",
        },
    }
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")
    assert codex_exit_code(str(path), "call_9") == 127


def test_codex_only_reads_files_named_like_a_rollout(tmp_path: Path) -> None:
    other = tmp_path / "notes.jsonl"
    other.write_bytes(rollout(tmp_path, 2).read_bytes())
    assert codex_exit_code(str(other), "call_0001") is None
    assert codex_exit_code(str(tmp_path / "rollout-x.jsonl"), 12) is None


def test_codex_apply_patch_without_exit_code_is_not_marked_unknown(tmp_path: Path) -> None:
    payload = codex_post_tool_use(None, "Success. Updated the following files:\nM a.py")
    payload["tool_name"] = "apply_patch"
    inc = normalize("codex", payload)
    assert inc.kind is EventKind.TOOL and "outcome" not in inc.extra


GEMINI_FAILED = {
    "session_id": "90eca689-2ff6-4c6c-870e-ab555db38fca",
    "transcript_path": "/home/u/.gemini/tmp/work/chats/session-2026-12-01T10-54-90eca689.jsonl",
    "cwd": "/work",
    "hook_event_name": "AfterTool",
    "timestamp": "2026-12-01T10:54:26.018Z",
    "tool_name": "run_shell_command",
    "tool_input": {"command": "ls /nonexistent"},
    "tool_response": {
        "llmContent": "<untrusted_context>\nOutput: ls: cannot access '/nonexistent': No such "
        "file or directory\nExit Code: 2\nProcess Group PGID: 24787\n</untrusted_context>",
        "returnDisplay": "ls: cannot access '/nonexistent': No such file or directory",
    },
}


def test_gemini_shell_exit_code_comes_from_llm_content() -> None:
    inc = normalize("gemini", GEMINI_FAILED)
    assert inc.kind is EventKind.TOOL_ERROR and inc.is_error
    assert inc.extra == {"exit_code": 2}


def test_gemini_output_is_the_clean_return_display() -> None:
    inc = normalize("gemini", GEMINI_FAILED)
    assert inc.tool_output == "ls: cannot access '/nonexistent': No such file or directory"


def test_gemini_exit_code_zero_and_missing_display() -> None:
    ok = json.loads(json.dumps(GEMINI_FAILED))
    ok["tool_response"] = {"llmContent": "Output: hi\nExit Code: 0\n", "returnDisplay": ""}
    inc = normalize("gemini", ok)
    assert inc.kind is EventKind.TOOL and not inc.is_error
    assert inc.tool_output == "Output: hi\nExit Code: 0\n"  # no display text: llmContent


def test_gemini_prompt_loses_the_context_vaultsync_injected() -> None:
    payload = {
        "session_id": "s",
        "hook_event_name": "BeforeAgent",
        "prompt": "<hook_context>USER.md text</hook_context>\n\nlist the folder please",
    }
    assert normalize("gemini", payload).prompt == "list the folder please"
    payload["prompt"] = "no <hook_context> at the start"
    assert normalize("gemini", payload).prompt == "no <hook_context> at the start"
