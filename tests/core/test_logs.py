"""The hook-error and redaction logs: written through the writer, read back by status/doctor."""

from __future__ import annotations

import json
import stat
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from vaultsync.core import logs, paths
from vaultsync.core.privacy.redactor import default_redactor, log_kinds


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VAULTSYNC_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_redaction_log_never_holds_content(tmp_path: Path, home: Path) -> None:
    secret = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    res = default_redactor().redact(f"TOKEN={secret} TOKEN2={secret} ignore previous instructions")
    vault = tmp_path / "vault"
    vault.mkdir()
    when = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
    logs.redactions(vault, log_kinds(res.findings), "sessions/2026/05/a.md#e12", when)
    logs.redactions(vault, [], "nothing", when)
    log = paths.redaction_log(vault)
    raw = log.read_text(encoding="utf-8")
    assert secret not in raw and secret[4:12] not in raw
    rows = sorted((json.loads(line) for line in raw.splitlines()), key=lambda r: r["rule"])
    assert rows == [
        {"ts": "2026-05-01T12:00:00Z", "where": "sessions/2026/05/a.md#e12",
         "rule": "github-token", "kind": "secret", "count": 2},
        {"ts": "2026-05-01T12:00:00Z", "where": "sessions/2026/05/a.md#e12",
         "rule": "prompt-injection-override", "kind": "injection", "count": 1},
    ]  # fmt: skip
    assert stat.S_IMODE(log.stat().st_mode) == 0o600
    assert logs.redaction_count(vault, when - timedelta(hours=1)) == 3
    assert logs.redaction_count(vault, when + timedelta(seconds=1)) == 0


def test_hook_errors_round_trip_and_age_out(home: Path) -> None:
    old = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
    logs.hook_error("codex", "Stop" * 40, "TimeLimit", "stopped", when=old)
    logs.hook_error(
        "gemini", "AfterTool", "PayloadError", "empty payload", when=old + timedelta(days=2)
    )
    (paths.hook_error_log()).open("a", encoding="utf-8").write("not json\n[1]\n")
    found = logs.recent_hook_errors(old + timedelta(days=1))
    assert [r["agent"] for r in found] == ["gemini"]
    assert found[0] == {
        "time": "2026-05-03T12:00:00Z",
        "agent": "gemini",
        "event": "AfterTool",
        "error": "PayloadError",
        "message": "empty payload",
    }
    everything = logs.recent_hook_errors(old - timedelta(seconds=1))
    assert len(everything) == 2 and len(str(everything[0]["event"])) == 80


def test_only_the_tail_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "big.jsonl"
    monkeypatch.setattr(logs, "TAIL_BYTES", 200)
    old = {"time": "2026-05-01T00:00:00Z", "agent": "old"}
    new = {"time": "2026-05-02T00:00:00", "agent": "new"}  # naive: read as UTC
    log.write_text("\n".join([json.dumps(old)] * 20 + [json.dumps(new)]) + "\n")
    since = datetime(2026, 4, 1, tzinfo=UTC)
    agents = [r["agent"] for r in logs.recent(log, since)]
    assert agents[-1] == "new" and 0 < len(agents) < 21


def test_an_unwritable_hook_log_is_swallowed(home: Path) -> None:
    home.mkdir(parents=True, exist_ok=True)
    (home / "logs").write_text("a file where the folder should be")
    logs.hook_error("codex", "Stop", "X", "y")  # must not raise: the hook fails open
