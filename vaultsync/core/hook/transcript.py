"""The last thing the model said, read from an agent's own transcript where the hook payload
does not carry it.

Copilot CLI's agentStop names its transcript (`~/.copilot/session-state/<id>/events.jsonl`,
one JSON event a line) but not the answer. The answer is the newest `assistant.message` with
text. Only the file's tail is read (a long session's transcript is megabytes; the answer is
near its end), and any problem gives an empty message: the turn is recorded either way.
"""

from __future__ import annotations

import json
import os

TAIL_BYTES = 256 * 1024
MAX_MESSAGE = 20_000


# Copilot gives agentStop 5 s (core/hook/timeouts.py); it writes its transcript on a timer, and a
# busy machine has kept the answer off disk for over 1 s after agentStop started (the agent tier,
# run whole). The wait ends as soon as the answer is there.
ANSWER_WAIT_S = 2.5


def copilot_last_message(path: object, wait_s: float = ANSWER_WAIT_S) -> str:
    """The answer of the turn that just ended. Copilot writes its transcript as it goes and
    may run agentStop before the answer's line is on disk (seen under load): while the newest
    event of the turn is not a message with text, the file is read again, for `wait_s` at
    most. An answer from an earlier turn is never taken for this one."""
    if not isinstance(path, str) or not path:
        return ""
    import time

    deadline = time.monotonic() + wait_s
    while True:
        found = _answer(os.path.expanduser(path))
        if found is not None or time.monotonic() >= deadline:
            return found or ""
        time.sleep(0.05)


# Events that start or continue a turn after the model's last answer.
_LATER = (b'"user.message"', b'"tool.execution_complete"', b'"tool.execution_start"')


def _answer(path: str) -> str | None:
    """The newest answer with text, when nothing of the turn came after it; else None."""
    try:
        with open(path, "rb") as handle:
            handle.seek(0, os.SEEK_END)
            size = handle.tell()
            handle.seek(max(0, size - TAIL_BYTES))
            tail = handle.read(TAIL_BYTES)
    except FileNotFoundError:
        # Copilot writes its transcript on a timer: a session's first agentStop can come
        # ~0.1 s before the file exists. Its folder is there; a path with no folder never comes.
        return None if os.path.isdir(os.path.dirname(path)) else ""
    except (OSError, ValueError):
        return ""  # no transcript: nothing to wait for
    lines = tail.split(b"\n")
    if size > TAIL_BYTES:
        lines = lines[1:]  # the first line is cut
    for line in reversed(lines):
        if any(marker in line for marker in _LATER):
            return None  # the answer is not written yet
        if b'"assistant.message"' not in line:
            continue
        try:
            event = json.loads(line)
        except ValueError:
            continue
        data = event.get("data") if isinstance(event, dict) else None
        text = data.get("content") if isinstance(data, dict) else None
        if isinstance(text, str) and text.strip():
            return text[:MAX_MESSAGE]
    return None
