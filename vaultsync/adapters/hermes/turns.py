"""One Hermes turn (its OpenAI-style message list) as hook calls: the prompt, each tool call with
its result, and the turn's end, parsed into the same `Incoming` records the hook builds from
Hermes' shell-hook payloads, so the provider records a turn exactly as the hook would."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from vaultsync.core.hook.agents import Incoming, patch_files, tool_kind
from vaultsync.core.model import EventKind

AGENT = "hermes"
_PATH_KEYS = ("path", "file_path", "filePath", "target_file")


def _files(args: Any) -> tuple[str, ...]:
    if isinstance(args, dict):
        for key in _PATH_KEYS:
            value = args.get(key)
            if isinstance(value, str) and value and "\n" not in value:
                return (value,)
        patch = args.get("patch") or args.get("input")
        if isinstance(patch, str) and "*** " in patch:
            return patch_files(patch)
    return ()


def _this_turn(messages: list[Any]) -> list[dict[str, Any]]:
    """The messages after the last user message (only well-formed ones: Hermes' list is
    data; anything that is not a message is skipped)."""
    turn = [m for m in messages if isinstance(m, dict)]
    last = max((i for i, m in enumerate(turn) if m.get("role") == "user"), default=-1)
    return turn[last + 1 :]


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def turn_events(
    session_id: str,
    cwd: str,
    user_content: str,
    assistant_content: str,
    messages: list[dict[str, Any]] | None,
) -> list[Incoming]:
    sid = session_id if isinstance(session_id, str) and session_id else "unknown"
    base: dict[str, Any] = {"agent": AGENT, "session_id": sid, "cwd": _text(cwd)}
    out = [Incoming(**base, native_event="pre_llm_call", kind=EventKind.PROMPT,
                    prompt=_text(user_content))]  # fmt: skip
    results: dict[str, Any] = {}
    turn = _this_turn(messages or []) if isinstance(messages, list) else []
    for message in turn:
        if isinstance(message, dict) and message.get("role") == "tool":
            results[str(message.get("tool_call_id"))] = message.get("content")
    for message in turn:
        if not isinstance(message, dict) or message.get("role") != "assistant":
            continue
        calls = message.get("tool_calls")
        for call in calls if isinstance(calls, list) else []:
            function = call.get("function") if isinstance(call, dict) else None
            if not isinstance(function, dict) or not function.get("name"):
                continue
            name = str(function["name"])
            args: Any = function.get("arguments")
            if isinstance(args, str):
                with contextlib.suppress(ValueError):
                    args = json.loads(args)
            out.append(Incoming(
                **base, native_event="post_tool_call", kind=EventKind.TOOL, tool=name,
                tool_kind=tool_kind(name), tool_input=args,
                tool_output=results.get(str(call.get("id"))), files=_files(args),
            ))  # fmt: skip
    out.append(Incoming(**base, native_event="post_llm_call", kind=EventKind.TURN_END,
                        message=_text(assistant_content)))  # fmt: skip
    return out
