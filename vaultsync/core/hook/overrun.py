"""What the hook does when its time limit strikes before the event is in its note.

- If the payload was not read yet when the first limit struck (until the payload names the
  event, the limit is the agent's shortest budget, 0.9 s), the rest of it is read now, and if
  the event has a longer budget (a tool call: 4.5 s; a session start: 9 s), the limit is
  extended and the call goes on (`extend`).
- Otherwise what the call holds is spooled (`spool_unwritten`): the built, redacted event when
  there is one (capture set its fallback), else the payload as it came, for the next call to
  parse, redact and write (docs/privacy.md says what this means for unredacted bytes); a
  payload that never came whole is spooled as far as it came (`partial`), and the drain keeps
  it, redacted, set aside for a person (core/hook/capture.drain_raw).
- A vault that is not there keeps the event too (`spool_until_vault_returns`), redacted.

Runs inside the deadline's handler: stdlib only, no waiting beyond the agent's budget.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def rest_of_stdin(call: Any, deadline: Any) -> bytes | None:
    """The limit struck before the payload was read (a crowded machine can take that long to
    start a process, and the agent that writes the payload is as crowded as we are): read the
    rest now, for as long as the agent's longest budget allows. Only the event whose budget
    the first limit protected (SessionEnd, ~1 s) can lose by waiting: the agent may stop us
    first, which without the wait would lose the event anyway. What is read is added to
    `call.chunks`, so a read the limit interrupted finds it there. None if the payload does
    not come whole in time, or is too large."""
    import select

    from vaultsync.core.hook.timeouts import longest_limit

    stop = time.monotonic() + max(0.2, longest_limit(call.agent, call.cap) - deadline.elapsed())
    try:
        fd = sys.stdin.fileno()
        # Only the waiting is bounded: what is ready is read however late it is (on a crowded
        # machine the time can run out between two reads of a payload already in the pipe).
        while sum(map(len, call.chunks)) <= call.max_stdin:
            ready, _, _ = select.select([fd], [], [], max(0.0, stop - time.monotonic()))
            if not ready:
                return None
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                call.stdin_done = True
                return b"".join(call.chunks)
            call.chunks.append(chunk)
    except (OSError, ValueError, AttributeError):
        return None
    return None


def _payload(call: Any, deadline: Any) -> bytes | None:
    if call.raw is not None:
        return bytes(call.raw)
    if getattr(call, "stdin_done", False):
        return b"".join(call.chunks)
    return rest_of_stdin(call, deadline)


def extend(call: Any, deadline: Any) -> bool:
    """True if the limit was extended to the event's own (and re-armed)."""
    if call.parsed or call.vault is None or call.extended:
        return False
    raw = _payload(call, deadline)
    if not raw or not raw.strip():
        return False
    import json

    from vaultsync.core.hook import agents
    from vaultsync.core.hook.timeouts import time_limit

    try:
        payload = json.loads(raw)
        agent = call.agent or agents.sniff_agent(payload)
        event = agents.event_name(agent, payload, call.event_flag)
    except (ValueError, agents.PayloadError, AttributeError, TypeError):
        return False
    limit = time_limit(agent, event, call.cap)
    if limit - deadline.elapsed() < 0.25:
        return False
    call.extended = True
    call.limit = limit
    deadline.arm(limit)
    return True


def spool_unwritten(call: Any, deadline: Any) -> bool:
    """Put what this call has not written into the spool. True if something was spooled."""
    if deadline.settled:
        return False
    if deadline.fallback is not None:  # an event, built and redacted
        deadline.fallback()
        return True
    if call.vault is None:
        return False
    raw = _payload(call, deadline)
    partial = raw is None
    if partial:
        # The payload did not come whole before the limit: what did come is kept, for a
        # drainer to redact and set aside (it cannot become an event), never thrown away.
        raw = b"".join(call.chunks)
    if not raw or not raw.strip():
        return False
    record = _raw_record(call, raw.decode("utf-8", "replace"))
    if partial:
        record["partial"] = True
    from vaultsync.core.hook import spool

    spool.put(Path(call.vault), spool.RAW, record)
    return True


def spool_until_vault_returns(call: Any, payload: Any, redactor: Any) -> None:
    """The vault is not there (an unmounted drive, a synced folder not yet present, a folder a
    person moved): the event waits in this vault's spool, outside it, as a payload the next
    call after the vault is back parses, filters by the vault's privacy settings and writes
    (core/hook/capture.drain_raw), under the time it came. It may wait for days, so its
    secrets are redacted now, text by text (the person's and the agent's words alike: what
    reads as an injection is quoted when it is written); the vault's own rules run again then."""
    import json

    from vaultsync.core.hook import spool

    def scrub(value: Any) -> Any:
        if isinstance(value, str):
            return redactor.redact(value, injections=False).text if len(value) > 7 else value
        if isinstance(value, list):
            return [scrub(v) for v in value]
        if isinstance(value, dict):
            return {k: scrub(v) for k, v in value.items()}
        return value

    text = json.dumps(scrub(payload), ensure_ascii=False)
    spool.put(Path(call.vault), spool.RAW, _raw_record(call, text))


def _raw_record(call: Any, payload: str) -> dict[str, Any]:
    from vaultsync.core import eventlog, timestamp

    now = timestamp.now()  # the clock, or $VAULTSYNC_NOW in a replay: the event's own time
    return {
        "v": 1,
        "kind": "raw",
        "agent": call.agent,
        "event": call.event_flag or "",
        "received": now.isoformat(),
        "id": eventlog.new_event_id(now.strftime("%Y%m%dT%H%M%S%fZ")),
        "payload": payload,
    }
