"""The two JSONL logs outside the vault: hook errors and redactions.

Both are append-only records that `vaultsync status` and `vaultsync doctor` count over the last
24 hours. One module writes them (through `core.writer.append_line`, the one gate for file
writes) and reads them back, so the record shapes live in one place:

- hook errors, `paths.hook_error_log()`: {"time", "agent", "event", "error", "message"}, never
  payload content;
- redactions, `paths.redaction_log(vault)`, mode 0600: one line per rule id and event,
  {"ts", "where", "rule", "kind", "count"}, never the content nor a hash of it.

It sits on the hook path: stdlib only, no typing or dataclasses at run time.
"""

from __future__ import annotations

import json
import os
from contextlib import suppress
from datetime import UTC, datetime

from vaultsync.core import paths, timestamp, writer

# typing costs the hook ~2 ms to import; annotations are strings anyway.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path
    from typing import Any

# status and doctor read only this much of a log's end: a day of lines is at the end.
TAIL_BYTES = 4 * 1024 * 1024


def _utc_stamp(when: datetime) -> str:
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def hook_error(
    agent: str, event: str, error: str, message: str, when: datetime | None = None
) -> None:
    """One hook problem. If even the log cannot be written there is nowhere left to report to;
    the agent must still never see a failure, so OSError is swallowed here."""
    record = {
        "time": _utc_stamp(when or datetime.now(UTC)),
        "agent": agent,
        "event": event[:80],
        "error": error,
        "message": message,
    }
    line = json.dumps(record, ensure_ascii=False)
    try:
        writer.append_line(paths.hook_error_log(), line)
    except OSError:
        # The log's disk is full or read-only (the very failure being reported, often): the
        # per-user fallback takes the line, and status and doctor read both.
        with suppress(OSError):
            writer.append_line(paths.private_fallback_dir() / "hook-errors.jsonl", line, mode=0o600)


def redactions(vault: Path, kinds: Iterable[tuple[str, str]], where: str, when: datetime) -> None:
    """One line per rule id for `kinds`, the (rule, kind) of each finding. All lines go in one
    O_APPEND write: concurrent hooks never interleave inside it."""
    counts: dict[tuple[str, str], int] = {}
    for key in kinds:
        counts[key] = counts.get(key, 0) + 1
    if not counts:
        return
    ts = _utc_stamp(when)
    lines = [
        json.dumps(
            {"ts": ts, "where": where, "rule": rule, "kind": kind, "count": n}, ensure_ascii=False
        )
        for (rule, kind), n in counts.items()
    ]
    writer.append_line(paths.redaction_log(vault), "\n".join(lines), mode=0o600)


def records(log: Path) -> list[dict[str, Any]]:
    """Every JSON object line of an append-only record file, in order; a line cut by a crash
    or not an object is skipped, a missing file is no records."""
    try:
        raw = log.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    found: list[dict[str, Any]] = []
    for line in raw.splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if isinstance(record, dict):
            found.append(record)
    return found


def recent(log: Path, since: datetime) -> list[dict[str, object]]:
    """Records of `log` stamped at or after `since` (`time`, or `ts` in the redaction log).

    Only the tail is read: the log is append-only and in time order, so a day of lines is at
    the end however long the file has grown.
    """
    try:
        with open(log, "rb") as fh:
            fh.seek(0, os.SEEK_END)
            size = fh.tell()
            fh.seek(max(0, size - TAIL_BYTES))
            tail = fh.read()
    except OSError:
        return []
    lines = tail.decode("utf-8", "replace").splitlines()
    if size > len(tail) and lines:
        lines = lines[1:]  # the first line is probably cut
    found: list[dict[str, object]] = []
    for line in lines:
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if not isinstance(record, dict):
            continue
        stamp = timestamp.parse(record.get("time") or record.get("ts"))
        if stamp is not None and stamp >= since:
            found.append(record)
    return found


def recent_hook_errors(since: datetime) -> list[dict[str, object]]:
    found = recent(paths.hook_error_log(), since)
    fallback = recent(paths.fallback_dir() / "hook-errors.jsonl", since)
    if not fallback:
        return found
    return sorted(found + fallback, key=lambda r: timestamp.parse(r.get("time")) or since)


def redaction_count(vault: Path, since: datetime) -> int:
    """Findings redacted since `since` (each line carries its rule's count)."""
    total = 0
    for record in recent(paths.redaction_log(vault), since):
        count = record.get("count", 1)
        total += count if isinstance(count, int) else 1
    return total
