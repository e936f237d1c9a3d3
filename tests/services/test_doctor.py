"""The doctor on real vaults: a healthy one passes every check; each way of being unhealthy is
named with a fix, and a check that crashes is a failed check, not a crashed doctor."""

from __future__ import annotations

import datetime as dt
import json
import os
import time
from pathlib import Path

import pytest

from vaultsync.core import paths
from vaultsync.core.config import load_config
from vaultsync.services.derived import reconcile
from vaultsync.services.vault import doctor
from vaultsync.services.vault.doctor import State
from vaultsync.storage import history

MEMORY = "---\ntype: memory\nlevel: L2\nscope: user\nstatus: confirmed\n---\n# {t}\n\n{t}.\n"


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def running() -> dict[str, object]:
    return {"pid": os.getpid(), "state": "running", "commits": 3, "last_commit": "abc123def0"}


def healthy(vault: Path) -> Path:
    (vault / "notes").mkdir()
    (vault / "notes" / "a.md").write_text("# A\n\nsome text\n", encoding="utf-8")
    (vault / "memories/L2-confirmed/tabs.md").write_text(MEMORY.format(t="Prefers tabs"), "utf-8")
    reconcile.rebuild(vault, load_config(vault))
    history.ensure_repo(vault)
    history.commit_all(vault, "first")
    return vault


def by_name(report: doctor.Report) -> dict[str, doctor.Check]:
    return {c.name: c for c in report.checks}


def test_a_healthy_vault_passes_every_check(vault: Path) -> None:
    report = doctor.run(healthy(vault), heartbeat=running(), now=now)
    assert report.ok, [c for c in report.checks if c.state is not State.OK]
    names = [c.name for c in report.checks]
    assert names == [
        "config",
        "watcher",
        "index",
        "notes",
        "hook errors",
        "spool",
        "learning queue",
        "size",
        "git",
        "USER.md/AGENT.md",
        "sync",
    ]
    checks = by_name(report)
    assert "4 notes" in checks["index"].summary  # a.md, the memory, USER.md, AGENT.md
    assert "USER.md" in checks["USER.md/AGENT.md"].summary and "/500 tokens" in (
        checks["USER.md/AGENT.md"].summary
    )
    data = report.as_dict()
    assert data["ok"] is True and data["checks"][0] == {
        "name": "config",
        "state": "ok",
        "summary": checks["config"].summary,
        "fix": "",
    }


def test_a_stale_index_and_a_missing_one(vault: Path) -> None:
    healthy(vault)
    old = time.time() - 3600
    (vault / "notes" / "b.md").write_text("# B\n", encoding="utf-8")
    os.utime(vault / "notes" / "b.md", (old, old))
    (vault / "notes" / "a.md").unlink()
    check = by_name(doctor.run(vault, heartbeat=running(), now=now))["index"]
    assert check.state is State.WARN and "2 notes differ" in check.summary
    assert "vaultsync rebuild" in check.fix
    load_config(vault).index_file().unlink()
    missing = by_name(doctor.run(vault, heartbeat=running(), now=now))["index"]
    assert missing.state is State.FAIL and missing.fix == "run `vaultsync rebuild`"


def test_a_just_changed_note_is_fine_while_the_watcher_runs(vault: Path) -> None:
    healthy(vault)
    (vault / "notes" / "fresh.md").write_text("# Fresh\n", encoding="utf-8")
    alive = by_name(doctor.run(vault, heartbeat=running(), now=now))["index"]
    assert alive.state is State.OK and "1 just changed" in alive.summary
    gone = by_name(doctor.run(vault, heartbeat=None, now=now))["index"]
    assert gone.state is State.WARN


def test_watcher_states() -> None:
    never, _ = doctor.check_watcher(None)
    assert never.state is State.WARN and "service install" in never.fix
    died, alive = doctor.check_watcher({"pid": 999_999_999, "state": "running"}, lambda _: False)
    assert died.state is State.FAIL and not alive and "died" in died.summary
    stopped, _ = doctor.check_watcher({"pid": 1, "state": "stopped"}, lambda _: True)
    assert stopped.state is State.WARN
    erring, alive = doctor.check_watcher(
        {**running(), "errors": 2, "last_error": "GitLockBusy: index.lock"}, lambda _: True
    )
    assert erring.state is State.WARN and alive and "GitLockBusy" in erring.summary


def test_hook_errors_in_the_last_day(vault: Path) -> None:
    healthy(vault)
    log = paths.hook_error_log()
    log.parent.mkdir(parents=True, exist_ok=True)
    stamp = now().isoformat()
    yesterday = (now() - dt.timedelta(days=2)).isoformat()
    lines = [
        {"time": yesterday, "agent": "codex", "event": "Stop", "error": "old", "message": ""},
        {"time": stamp, "agent": "claude-code", "event": "PostToolUse", "error": "TimeoutError"},
    ]
    log.write_text("\n".join(json.dumps(x) for x in lines) + "\nnot json\n", encoding="utf-8")
    check = by_name(doctor.run(vault, heartbeat=running(), now=now))["hook errors"]
    assert check.state is State.WARN and check.summary.startswith("1 in the last 24 h")
    assert "claude-code PostToolUse: TimeoutError" in check.summary and str(log) in check.fix
    log.write_text("\n".join(json.dumps(lines[1]) for _ in range(25)) + "\n", encoding="utf-8")
    assert by_name(doctor.run(vault, now=now))["hook errors"].state is State.FAIL
    gone = "vault not found: /media/usb/vault; the event waits in the spool"
    away = {"time": stamp, "agent": "codex", "event": "Stop", "error": "PayloadError",
            "message": gone}  # fmt: skip
    log.write_text(json.dumps(away) + "\n", encoding="utf-8")
    fix = by_name(doctor.run(vault, now=now))["hook errors"].fix
    assert "written once it is back" in fix and "vaultsync install" not in fix


def test_queue_age_and_sessions_waiting_for_a_person(vault: Path) -> None:
    healthy(vault)
    queue = paths.queue_dir(vault)
    queue.mkdir(parents=True)
    old = "sessions/2026/11/2026-11-01 0900 codex s-1 abcdef.md"
    (queue / "a").write_text(f"pending\t{old}\n", encoding="utf-8")
    when = lambda: dt.datetime(2026, 11, 29, 9, 0, tzinfo=dt.UTC)  # noqa: E731
    check = doctor.check_queue(vault, when())
    assert check.state is State.WARN and "28 days old" in check.summary
    assert "schedule install" in check.fix
    (queue / "a").write_text(f"pending\t{old.replace('11-01', '11-29')}\n", encoding="utf-8")
    (queue / "b").write_text("privacy_deferred\tsessions/x.md\n", encoding="utf-8")
    held = doctor.check_queue(vault, when())
    assert held.state is State.WARN and "vaultsync review" in held.fix
    assert held.summary.endswith("; 1 session waits for your decision")
    (queue / "c").write_text("privacy_deferred\tsessions/y.md\n", encoding="utf-8")
    assert doctor.check_queue(vault, when()).summary.endswith("2 sessions wait for your decision")
    (queue / "b").unlink()
    (queue / "c").unlink()
    (paths.state_dir(vault) / "learn-last.json").write_text('{"finished": "2026-11-29T09:00:05Z"}')
    fine = doctor.check_queue(vault, when())
    # the state keeps UTC; the person reads their own zone (+08:00 in the tests)
    assert fine.state is State.OK and "last learn run 2026-11-29 17:00:05" in fine.summary


def test_git_problems_are_named(vault: Path) -> None:
    healthy(vault)
    (vault / "notes" / "a.md").write_text("# A\n\nchanged\n", encoding="utf-8")
    dirty = doctor.check_git(vault, now())
    assert dirty.state is State.WARN and "1 uncommitted" in dirty.summary
    held = paths.state_dir(vault) / "held.json"
    held.write_text(
        json.dumps({"rels": ["x.md", "y.md"], "since": "2026-11-29", "share": 0.5, "total": 4})
    )
    waiting = doctor.check_git(vault, now())
    assert waiting.state is State.WARN and "2 deletions held back" in waiting.summary
    held.write_text(  # a hold recorded in UTC reads in the person's zone (+08:00 in the tests)
        json.dumps(
            {"rels": ["x.md"], "since": "2026-11-29T02:00:00+00:00", "share": 0.5, "total": 4}
        )
    )
    assert "held back since 2026-11-29 10:00:00" in doctor.check_git(vault, now()).summary
    assert "--confirm-deletions" in waiting.fix
    held.unlink()
    lock = vault / ".git" / "index.lock"
    lock.write_text("")
    assert doctor.check_git(vault, now()).state is State.WARN  # a fresh lock: git may be busy
    os.utime(lock, (time.time() - 600, time.time() - 600))
    stale = doctor.check_git(vault, now())
    assert stale.state is State.FAIL and str(lock) in stale.fix


def test_not_a_repository_yet(vault: Path) -> None:
    check = doctor.check_git(vault, now())
    assert check.state is State.WARN and "watch --once" in check.fix


def test_broken_config_fails_and_skips_what_needs_it(vault: Path) -> None:
    healthy(vault)
    (vault / ".vaultsync" / "config.toml").write_text("[budgets\n", encoding="utf-8")
    report = doctor.run(vault, heartbeat=running(), now=now)
    checks = by_name(report)
    assert checks["config"].state is State.FAIL and "config.toml" in checks["config"].summary
    assert "index" not in checks and "git" in checks and not report.ok


def test_index_inside_the_vault_fails(vault: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VAULTSYNC_INDEX", str(vault / "index.sqlite"))
    check = doctor.check_size(vault, load_config(vault))
    assert check.state is State.FAIL and "inside the vault" in check.summary


def test_budgets_left_out_and_stale_files(vault: Path) -> None:
    healthy(vault)
    for n in range(30):
        (vault / f"memories/L2-confirmed/m{n}.md").write_text(
            MEMORY.format(t=f"Fact number {n} " + "word " * 30), encoding="utf-8"
        )
    reconcile.rebuild(vault, load_config(vault))
    check = doctor.check_budgets(vault, load_config(vault))
    assert check.state is State.WARN and "memories left out of USER.md" in check.summary
    assert "vaultsync me" in check.fix
    user_md = vault / "USER.md"
    user_md.write_text(user_md.read_text().replace("word", "wort", 1), encoding="utf-8")
    stale = doctor.check_budgets(vault, load_config(vault))
    assert "USER.md is out of date" in stale.summary and "vaultsync rebuild" in stale.fix
    load_config(vault).index_file().unlink()  # without an index: rendered from the notes
    assert "memories left out" in doctor.check_budgets(vault, load_config(vault)).summary


def test_a_crashing_check_is_reported_not_raised(
    vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    healthy(vault)

    def boom(*_: object) -> doctor.Check:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(doctor, "check_git", boom)
    checks = by_name(doctor.run(vault, heartbeat=running(), now=now))
    assert checks["git"].state is State.FAIL and "disk on fire" in checks["git"].summary


def test_a_missing_vault(tmp_path: Path) -> None:
    report = doctor.run(tmp_path / "nowhere")
    assert not report.ok and report.checks[0].name == "vault"


def test_a_memory_whose_frontmatter_a_person_broke_is_named(vault: Path) -> None:
    """A typo in Obsidian (`level: [L2`) drops a confirmed memory out of USER.md; the watcher
    reads on, so the doctor is where a person learns which note and which line."""
    healthy(vault)
    assert by_name(doctor.run(vault, heartbeat=running(), now=now))["notes"].state is State.OK
    memory = vault / "memories/L2-confirmed/tabs.md"
    memory.write_text(memory.read_text("utf-8").replace("level: L2", "level: [L2"), "utf-8")
    reconcile.reconcile(vault, load_config(vault), ["memories/L2-confirmed/tabs.md"])
    check = by_name(doctor.run(vault, heartbeat=running(), now=now))["notes"]
    assert check.state is State.WARN
    assert "memories/L2-confirmed/tabs.md: frontmatter is not valid YAML at line" in check.summary
    assert "USER.md/AGENT.md" in check.summary and "rebuild" in check.fix
    load_config(vault).index_file().unlink()  # no index: the index check says so, not this one
    assert by_name(doctor.run(vault, heartbeat=running(), now=now))["notes"].state is State.OK
