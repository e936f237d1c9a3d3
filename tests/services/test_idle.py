"""The idle rule: sessions that never sent their end event are closed by the learn preflight."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

from vaultsync.core import paths, properties
from vaultsync.core.config import load_config
from vaultsync.core.hook import capture
from vaultsync.core.hook.agents import normalize
from vaultsync.services.learning import learn
from vaultsync.services.learning.idle import close_idle

T0 = dt.datetime(2026, 12, 1, 8, 0, tzinfo=dt.UTC)
DOC = Path(__file__).resolve().parents[2] / "docs" / "configuration.md"


def hermes_oneshot(vault: Path, monkeypatch) -> Path:
    """What `hermes -z` leaves: start, prompt, tool calls, turn end; never on_session_finalize."""
    monkeypatch.setenv("VAULTSYNC_VAULT", str(vault))
    (vault / paths.VAULT_CONFIG).write_text(
        "[learn]\nmin_tool_calls = 2\n[hook]\ndedupe_overlap = 0\n", encoding="utf-8"
    )
    cfg = load_config(vault)
    base = {"session_id": "20261201_080000_abc", "cwd": str(vault.parent)}
    calls = [{"hook_event_name": "on_session_start", "extra": {"platform": "cli"}}]
    calls += [
        {
            "hook_event_name": "post_tool_call",
            "tool_name": "terminal",
            "tool_input": {"command": f"pytest -q tests/test_{i}.py --maxfail=1"},
            "extra": {"result": f"{i} passed in 0.5s, all green for module {i}", "status": "ok"},
        }
        for i in range(12)
    ]
    calls.append({"hook_event_name": "post_llm_call", "extra": {"assistant_response": "Done."}})
    for n, call in enumerate(calls):
        capture.handle(
            normalize("hermes", {**base, **call}), vault, cfg, T0 + dt.timedelta(seconds=n)
        )
    [note] = sorted((vault / paths.SESSIONS_DIR).rglob("*.md"))
    old = (T0 + dt.timedelta(minutes=1)).timestamp()
    os.utime(note, (old, old))
    return note


def test_an_idle_session_without_an_end_is_closed_once(vault: Path, monkeypatch) -> None:
    note = hermes_oneshot(vault, monkeypatch)
    assert properties.get_scalar(note.read_text(encoding="utf-8"), "ended") is None
    cfg = load_config(vault)
    assert close_idle(vault, cfg, T0 + dt.timedelta(minutes=100)) == []  # not idle long enough
    later = T0 + dt.timedelta(minutes=241)
    assert len(close_idle(vault, cfg, later)) == 1
    text = note.read_text(encoding="utf-8")
    ended = dt.datetime.fromisoformat(str(properties.get_scalar(text, "ended")))
    ended = ended if ended.tzinfo else ended.replace(tzinfo=dt.UTC)
    assert ended == T0 + dt.timedelta(seconds=13)  # its last event, in whatever zone it is shown
    assert properties.get_scalar(text, "status") == "pending"
    assert close_idle(vault, cfg, later) == []  # closed once


def test_learn_runs_the_idle_rule_and_then_sees_the_session(vault: Path, monkeypatch) -> None:
    hermes_oneshot(vault, monkeypatch)
    report = learn.run(vault, load_config(vault), offline=True, now=T0 + dt.timedelta(days=1))
    assert len(report.closed_idle) == 1
    assert report.summarized == report.closed_idle


def test_the_rule_is_configurable_and_can_be_turned_off(vault: Path, monkeypatch) -> None:
    hermes_oneshot(vault, monkeypatch)
    config = vault / paths.VAULT_CONFIG
    config.write_text("[learn]\nclose_idle_minutes = 0\n", encoding="utf-8")
    assert close_idle(vault, load_config(vault), T0 + dt.timedelta(days=30)) == []
    config.write_text("[learn]\nclose_idle_minutes = 5\n", encoding="utf-8")
    assert close_idle(vault, load_config(vault), T0 + dt.timedelta(minutes=6))


def test_the_idle_rule_is_documented() -> None:
    doc = DOC.read_text(encoding="utf-8")
    line = next(ln for ln in doc.splitlines() if "`close_idle_minutes`" in ln)
    assert "`240`" in line and "`0` turns it off" in line and "learn" in line


def test_an_idle_session_counts_the_tool_calls_its_note_left_out(vault: Path, monkeypatch) -> None:
    """Twelve test runs that differ in one argument are kept as one event by the default
    filters, and the agent never ended its turn: closed as idle, the session counts the
    twelve calls (`learn.min_tool_calls` 10), as the hook's own close does."""
    monkeypatch.setenv("VAULTSYNC_VAULT", str(vault))
    cfg = load_config(vault)
    base = {"session_id": "20261201_090000_def", "cwd": str(vault.parent)}
    calls = [{"hook_event_name": "on_session_start", "extra": {"platform": "cli"}}]
    calls += [
        {"hook_event_name": "post_tool_call", "tool_name": "terminal",
         "tool_input": {"command": f"pytest -q tests/test_csv.py::case_{i}"},
         "extra": {"result": f"{i} passed in 0.4s", "status": "ok"}}
        for i in range(12)
    ]  # fmt: skip
    for n, call in enumerate(calls):
        capture.handle(
            normalize("hermes", {**base, **call}), vault, cfg, T0 + dt.timedelta(seconds=n)
        )
    [note] = sorted((vault / paths.SESSIONS_DIR).rglob("*.md"))
    assert note.read_text(encoding="utf-8").count("case_") < 10  # the filters kept fewer
    old = (T0 + dt.timedelta(minutes=1)).timestamp()
    os.utime(note, (old, old))
    assert len(close_idle(vault, cfg, T0 + dt.timedelta(minutes=241))) == 1
    text = note.read_text(encoding="utf-8")
    assert properties.get_scalar(text, "tool_calls") == "12"
    assert properties.get_scalar(text, "status") == "pending"
