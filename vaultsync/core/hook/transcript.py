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


def copilot_last_message(path: object) -> str:
    if not isinstance(path, str) or not path:
        return ""
    try:
        with open(os.path.expanduser(path), "rb") as handle:
            handle.seek(0, os.SEEK_END)
            size = handle.tell()
            handle.seek(max(0, size - TAIL_BYTES))
            tail = handle.read(TAIL_BYTES)
    except (OSError, ValueError):
        return ""
    lines = tail.split(b"\n")
    if len(tail) == TAIL_BYTES and size > TAIL_BYTES:
        lines = lines[1:]  # the first line is cut
    for line in reversed(lines):
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
    return ""
