"""From the real hook to learned notes: agent payloads piped into `vaultsync-hook`, then the
real `vaultsync learn --daily --offline` process, then a second run that must do nothing."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from vaultsync.core import paths, properties
from vaultsync.core.text import estimate_tokens
from vaultsync.storage.note import read_note

BIN = Path(sys.executable).parent
FAKE_MODEL = Path(__file__).resolve().parents[1] / "fixtures" / "fake_model.py"


def _tool(name: str) -> list[str]:
    local = BIN / name
    if local.exists():
        return [str(local)]
    found = shutil.which(name)
    if found:
        return [found]
    if name == "vaultsync-hook":
        return [
            sys.executable,
            "-c",
            "import sys; from vaultsync.entry import hook_main; sys.exit(hook_main())",
        ]
    return [sys.executable, "-m", "vaultsync"]


def _session(sid: str, project: str, words: str) -> list[dict[str, object]]:
    base = {"session_id": sid, "cwd": project}
    src = f"{project}/src"
    return [
        {**base, "hook_event_name": "SessionStart", "source": "startup"},
        {
            **base,
            "hook_event_name": "UserPromptSubmit",
            "prompt": f"The {words} parser rejects 2026-W53, please fix it. "
            "From now on, write commit messages in the imperative mood.",
        },
        {
            **base,
            "hook_event_name": "PostToolUse",
            "tool_name": "Read",
            "tool_input": {"file_path": f"{src}/{words}.py"},
            "tool_response": {
                "type": "text",
                "file": {"filePath": f"{src}/{words}.py", "content": "def parse(): ..."},
            },
        },
        {
            **base,
            "hook_event_name": "PostToolUseFailure",
            "tool_name": "Bash",
            "tool_input": {"command": f"pytest -q tests/test_{words}.py"},
            "error": f"FAILED tests/test_{words}.py::test_week_53 - ValueError: week 53",
        },
        {
            **base,
            "hook_event_name": "PostToolUse",
            "tool_name": "Edit",
            "tool_input": {
                "file_path": f"{src}/{words}.py",
                "old_string": "> 52",
                "new_string": "> weeks(year)",
            },
            "tool_response": {"filePath": f"{src}/{words}.py", "success": True},
        },
        {
            **base,
            "hook_event_name": "PostToolUse",
            "tool_name": "Bash",
            "tool_input": {"command": f"pytest -q tests/test_{words}.py"},
            "tool_response": {"stdout": "14 passed in 0.21s", "stderr": "", "interrupted": False},
        },
        {
            **base,
            "hook_event_name": "PostToolUse",
            "tool_name": "Bash",
            "tool_input": {"command": f"git commit -am 'Accept week 53 in {words}'"},
            "tool_response": {"stdout": f"[main 3f9a2c1] Accept week 53 in {words}", "stderr": ""},
        },
        {
            **base,
            "hook_event_name": "Stop",
            "last_assistant_message": "Week 53 is accepted in long years and the tests pass. "
            "Next, we should add a property test over many years.",
        },
        {**base, "hook_event_name": "SessionEnd", "reason": "exit"},
    ]


@pytest.mark.slow  # ~20 hook processes and 2 learn processes: 1.5-5 s depending on load
def test_real_hook_then_real_learn(vault: Path, tmp_path: Path) -> None:
    # Thresholds lowered so that short scripted sessions count as worth learning from.
    (vault / ".vaultsync" / "config.toml").write_text(
        "[learn]\nmin_tool_calls = 3\nmin_edits = 1\n[budgets]\nuser_md_tokens = 300\n", "utf-8"
    )
    env = dict(os.environ, VAULTSYNC_VAULT=str(vault))
    env.pop("VAULTSYNC_LEARN", None)
    projects = []
    for sid, words in (("a1", "dates"), ("b2", "weeks")):
        project = tmp_path / f"proj-{sid}"
        project.mkdir()
        projects.append(project)
        for payload in _session(sid, str(project), words):
            done = subprocess.run(
                [*_tool("vaultsync-hook"), "--agent", "claude-code"],
                input=json.dumps(payload),
                capture_output=True,
                text=True,
                env=env,
                timeout=30,
            )
            assert done.returncode == 0, done.stderr
    errors = paths.hook_error_log()
    assert not errors.exists() or not errors.read_text(encoding="utf-8").strip(), errors.read_text()
    markers = [m.read_text(encoding="utf-8") for m in paths.queue_dir(vault).iterdir()]
    assert len(markers) == 2 and all(m.startswith("pending\t") for m in markers), markers

    run = subprocess.run(
        [*_tool("vaultsync"), "learn", "--daily", "--offline", "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert len(report["summarized"]) == 2 and report["model"] == "offline"
    assert [m for m in paths.queue_dir(vault).iterdir()] == []  # 0 pending
    for rel, srel in zip(report["summarized"], report["summaries"], strict=True):
        assert read_note(vault, rel).prop("summary") == properties.link(srel)
        summary = read_note(vault, srel)
        assert summary.prop("session") == properties.link(rel)
        assert "passed after editing" in summary.body
    assert report["candidates"]
    for rel in report["candidates"]:
        assert read_note(vault, rel).prop("source") in {
            properties.link(s) for s in report["summaries"]
        }
    assert any(" user " in r for r in report["candidates"])
    for name, budget in (("USER.md", 300), ("AGENT.md", 800)):
        assert estimate_tokens((vault / name).read_text(encoding="utf-8")) <= budget

    started = tmp_path / "model-started"
    (paths.vaultsync_home() / "config.toml").write_text(
        f'[learn]\nmodel_command = "{sys.executable} {FAKE_MODEL}"\n',
        encoding="utf-8",
    )
    again = subprocess.run(
        [*_tool("vaultsync"), "learn", "--daily", "--json"],
        capture_output=True,
        text=True,
        env=dict(env, FAKE_MODEL_STARTED=str(started)),
        timeout=60,
    )
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["noop"] is True and not started.exists()


@pytest.mark.parametrize("garbage", [b"{not json", b"\xff\xfe\x00", b""])
def test_bad_hook_input_never_reaches_learn(vault: Path, garbage: bytes) -> None:
    env = dict(os.environ, VAULTSYNC_VAULT=str(vault))
    done = subprocess.run(
        [*_tool("vaultsync-hook"), "--agent", "claude-code"],
        input=garbage,
        capture_output=True,
        env=env,
        timeout=30,
    )
    assert done.returncode == 0
    run = subprocess.run(
        [*_tool("vaultsync"), "learn", "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert run.returncode == 0 and json.loads(run.stdout)["noop"] is True
