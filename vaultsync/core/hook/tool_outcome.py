"""How a tool call went, where an agent's payload does not simply say: exit codes.

- a structured result with `exit_code` / `exitCode` / `returncode` (Codex and Hermes shells);
- Gemini CLI: only inside `llmContent` ("Exit Code: 2");
- Codex 0.171: nowhere in the PostToolUse payload; in Codex's own session log (the rollout
  file named by `transcript_path`), which it writes before it runs the hook.
Stdlib only: this runs on the hook path (core/hook/agents.py).
"""

from __future__ import annotations

import json
import os

# typing costs the hook ~2 ms to import; annotations are strings.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def exit_code(response: Any) -> int | None:
    """The exit code a structured tool result carries, or None when it carries none."""
    if isinstance(response, str) and response.startswith("{") and len(response) < 1_000_000:
        try:
            response = json.loads(response)
        except ValueError:
            return None
    if isinstance(response, dict):
        for key in ("exit_code", "exitCode", "returncode"):
            code = response.get(key)
            if isinstance(code, int) and not isinstance(code, bool):
                return code
    return None


def gemini_exit_code(llm: Any) -> int | None:
    if not isinstance(llm, str):
        return None
    # The last marker wins: the command's own output may print an "Exit Code:" line too.
    at = llm.rfind("Exit Code: ")
    if at == -1:
        return None
    digits = llm[at + 11 : at + 16].split("\n", 1)[0].strip()
    return int(digits) if digits.lstrip("-").isdigit() else None


ROLLOUT_TAIL_BYTES = 1 << 20  # the call being reported is among the last lines written


def codex_exit_code(transcript: Any, call_id: Any) -> int | None:
    """The exit code of Codex call `call_id`, from the end of Codex's own session log.

    Codex writes the finished command (`exit_code`) into its rollout file before it runs the
    PostToolUse hook. Only a file named like a rollout is read, and only its last MB: the hook's
    time budget stays bounded however long the session is. None when not found.
    """
    if not isinstance(transcript, str) or not isinstance(call_id, str) or not call_id:
        return None
    name = os.path.basename(transcript)
    if not (name.startswith("rollout-") and name.endswith(".jsonl")):
        return None
    from vaultsync.core import regular_file

    try:
        # A regular file only, opened without blocking: a FIFO named like a rollout would
        # hang the hook (and every agent behind it), `/dev/zero` would never end.
        tail = regular_file.read_bytes(transcript, limit=ROLLOUT_TAIL_BYTES, tail=True)
    except OSError:
        return None
    needle = json.dumps(call_id).encode()
    for line in reversed(tail.split(b"\n")):
        if needle not in line or b"exit" not in line:
            continue
        try:
            record = json.loads(line)
        except ValueError:
            continue
        code = rollout_code(record.get("payload") if isinstance(record, dict) else None, call_id)
        if code is not None:
            return code
    return None


def rollout_code(payload: Any, call_id: str) -> int | None:
    if not isinstance(payload, dict):
        return None
    item = payload.get("item")
    if isinstance(item, dict) and item.get("id") == call_id:  # event_msg item_completed
        code = item.get("exit_code")
        if isinstance(code, int) and not isinstance(code, bool):
            return code
    if payload.get("call_id") == call_id:
        code = payload.get("exit_code")  # event_msg exec_command_end
        if isinstance(code, int) and not isinstance(code, bool):
            return code
        output = payload.get("output")  # response_item function_call_output
        if isinstance(output, str):
            at = output.find("Process exited with code ")
            if at != -1:
                digits = output[at + 25 : at + 31].split("\n", 1)[0].strip()
                if digits.lstrip("-").isdigit():
                    return int(digits)
    return None
