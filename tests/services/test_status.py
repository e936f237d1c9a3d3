"""`vaultsync status`: queue counts, recent hook errors, vault size, installed hooks."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from vaultsync.core import paths, writer
from vaultsync.services.vault.status import status

NOW = dt.datetime(2026, 11, 29, 16, 0, tzinfo=dt.UTC)


@pytest.fixture(autouse=True)
def user_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "user"))


def test_empty_vault(vault: Path) -> None:
    result = status(vault, now=lambda: NOW)
    assert result.queue == {"pending": 0, "privacy_deferred": 0, "deferred": 0, "skipped": 0}
    assert (result.hook_errors_24h, result.notes, result.sessions) == (0, 0, 0)
    assert result.hooks == dict.fromkeys(
        ("claude-code", "codex", "hermes", "gemini", "cursor", "copilot", "opencode"), False
    )


def test_counts_markers_errors_redactions_and_size(vault: Path) -> None:
    queue = paths.queue_dir(vault)
    for name, state in (("a", "pending"), ("b", "pending"), ("c", "skipped"), ("d", "deferred"),
                        ("e", "privacy_deferred"), ("f", "summarized")):  # fmt: skip
        writer.write_atomic(queue / name, f"{state}\tsessions/{name}.md\n")
    log = paths.hook_error_log()
    for hours, error in ((30, "Old"), (23, "PayloadError"), (1, "TimeLimit")):
        stamp = (NOW - dt.timedelta(hours=hours)).strftime("%Y-%m-%dT%H:%M:%SZ")
        writer.append_line(log, json.dumps({"time": stamp, "agent": "codex", "event": "Stop",
                                            "error": error, "message": "m"}))  # fmt: skip
    writer.append_line(log, "not json at all")
    redactions = paths.redaction_log(vault)
    writer.append_line(
        redactions, json.dumps({"ts": "2026-11-29T15:00:00+00:00", "rule": "r", "count": 3})
    )
    (vault / "sessions" / "2026" / "11").mkdir(parents=True)
    (vault / "sessions" / "2026" / "11" / "s.md").write_text("x" * 100)
    (vault / "note.md").write_text("y" * 50)
    (vault / ".obsidian").mkdir()
    (vault / ".obsidian" / "workspace.json").write_text("{}")
    result = status(vault, now=lambda: NOW)
    assert result.queue == {"pending": 2, "privacy_deferred": 1, "deferred": 1, "skipped": 1}
    assert result.hook_errors_24h == 2
    assert result.last_hook_error is not None and result.last_hook_error["error"] == "TimeLimit"
    assert result.redactions_24h == 3
    assert (result.notes, result.sessions) == (2, 1)
    assert result.vault_bytes >= 150
    assert json.loads(json.dumps(result.as_dict()))["queue"]["pending"] == 2


def test_the_last_learn_run_and_what_it_did(vault: Path) -> None:
    from typer.testing import CliRunner

    from vaultsync.adapters.cli.app import app, load_commands
    from vaultsync.core.config import load_config
    from vaultsync.services.learning import learn

    assert status(vault, now=lambda: NOW).last_learn is None
    learn.run(vault, load_config(vault), offline=True, now=NOW)  # nothing pending: a no-op run
    quiet = status(vault, now=lambda: NOW).last_learn
    assert quiet is not None and quiet["noop"] is True and quiet["mode"] == "daily"
    record = paths.state_dir(vault) / "learn-last.json"
    data = json.loads(record.read_text())
    data.update(
        noop=False,
        summarized=["sessions/a.md", "sessions/b.md"],
        candidates=["memories/L1-candidates/x.md"],
        deferred=[{"rel": "sessions/c.md", "reason": "timeout"}],
        warnings=["one"],
    )
    record.write_text(json.dumps(data))
    last = status(vault, now=lambda: NOW).last_learn
    assert last is not None and (last["summarized"], last["candidates"], last["deferred"]) == (
        2,
        1,
        1,
    )
    assert json.loads(json.dumps(status(vault).as_dict()))["last_learn"]["warnings"] == ["one"]
    load_commands()
    shown = CliRunner().invoke(app, ["status", "--vault", str(vault)])
    assert "Last learn run: " in shown.stdout
    assert "2 sessions summarised, 1 new candidates, 1 deferred, 1 warnings" in shown.stdout
    record.write_text("{broken")
    assert status(vault).last_learn is None


def test_the_last_sync_is_shown_in_the_persons_zone() -> None:
    """A sync recorded in UTC (older records; the state file keeps what was written) is read
    by the person in their own zone (+08:00 in the tests), not as 02:33 UTC."""
    from vaultsync.adapters.cli.status import _sync_line

    state = {"remote": "origin", "branch": "main", "url": "u", "ahead": 0, "behind": 0,
             "last_sync": "2026-12-07T02:33:24+00:00", "last_state": "merged"}  # fmt: skip
    assert "last sync 2026-12-07 10:33:24 (merged)" in _sync_line(state)
