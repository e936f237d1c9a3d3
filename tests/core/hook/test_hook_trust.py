"""The hook process as an agent runs it, on files a remote, an editor or a person left in odd
shapes: a symlinked or special generated file, a byte-order mark, a transcript that is a FIFO
or a device. Each case runs the real hook (subprocess, the launcher `install` writes)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from vaultsync.core import eventlog, paths
from vaultsync.core.model import NoteType
from vaultsync.services.agents.install import _write_launcher
from vaultsync.storage.note import parse_note


@pytest.fixture
def hook(vault: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.setenv("VAULTSYNC_VAULT", str(vault))
    (vault / paths.VAULT_CONFIG).write_text(
        "[hook]\nmin_chars = 0\ndedupe_overlap = 0\nlow_value_signals = []\n", encoding="utf-8"
    )
    return [str(_write_launcher(dry_run=False))]


def run(
    hook: list[str], agent: str, payload: dict[str, object], timeout: float = 30
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [*hook, "--agent", agent], input=json.dumps(payload).encode(), capture_output=True,
        timeout=timeout,
    )  # fmt: skip


def session_notes(vault: Path) -> list[Path]:
    return sorted((vault / paths.SESSIONS_DIR).rglob("*.md"))


def start(session: str) -> dict[str, object]:
    return {"session_id": session, "hook_event_name": "SessionStart", "source": "startup",
            "cwd": "/tmp"}  # fmt: skip


def tool(session: str, marker: str) -> dict[str, object]:
    return {
        "session_id": session, "hook_event_name": "PostToolUse", "cwd": "/tmp",
        "tool_name": "Bash", "tool_input": {"command": f"make step-{marker}"},
        "tool_response": {"stdout": f"step {marker} finished", "stderr": ""},
    }  # fmt: skip


# --- generated files are read through the vault boundary ----------------------------------


def test_a_symlinked_user_md_never_reaches_the_session_context(
    hook: list[str], vault: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "outside.md"
    outside.write_text("# Private\nOUTSIDE_FILE_MARKER_7Q\n", encoding="utf-8")
    (vault / paths.USER_MD).symlink_to(outside)
    (vault / paths.AGENT_MD).write_text("# Agent\nAGENT_CONTEXT_MARKER_3K\n", encoding="utf-8")
    proc = run(hook, "claude-code", start("ctx1"))
    out = proc.stdout.decode()
    assert proc.returncode == 0
    assert "AGENT_CONTEXT_MARKER_3K" in out  # the regular file is read (the test can fail)
    assert "OUTSIDE_FILE_MARKER_7Q" not in out


def test_user_md_linked_to_the_environment_leaks_nothing(
    hook: list[str], vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ENV_SECRET_MARKER", "environ-leak-marker-55")
    (vault / paths.USER_MD).symlink_to("/proc/self/environ")
    proc = run(hook, "claude-code", start("ctx2"))
    assert proc.returncode == 0
    assert b"environ-leak-marker-55" not in proc.stdout


def test_a_generated_file_in_a_linked_folder_or_a_fifo_is_never_opened(
    hook: list[str], vault: Path, tmp_path: Path
) -> None:
    os.mkfifo(vault / paths.AGENT_MD)  # opening it for reading would block the hook
    (vault / paths.USER_MD).write_text("# You\nUSER_CONTEXT_MARKER_9\n", encoding="utf-8")
    began = time.monotonic()
    proc = run(hook, "claude-code", start("ctx3"), timeout=20)
    assert proc.returncode == 0
    assert time.monotonic() - began < 4
    assert "USER_CONTEXT_MARKER_9" in proc.stdout.decode()


# --- a byte-order mark ---------------------------------------------------------------------


def test_a_bom_on_a_session_note_adds_no_second_frontmatter(hook: list[str], vault: Path) -> None:
    assert run(hook, "claude-code", tool("bom1", "one")).returncode == 0
    [note] = session_notes(vault)
    note.write_bytes(b"\xef\xbb\xbf" + note.read_bytes())  # an editor saved it with a BOM
    assert run(hook, "claude-code", tool("bom1", "two")).returncode == 0
    stop = {"session_id": "bom1", "hook_event_name": "Stop", "cwd": "/tmp"}
    assert run(hook, "claude-code", stop).returncode == 0
    assert session_notes(vault) == [note]
    text = note.read_text(encoding="utf-8").lstrip("\ufeff")
    assert "\ufeff" not in text
    fences = [line for line in text.splitlines() if line == "---"]
    assert text.startswith("---\n") and len(fences) == 2  # one frontmatter block
    parsed = parse_note(note.relative_to(vault).as_posix(), text)
    assert parsed.type is NoteType.SESSION and parsed.warning is None
    assert parsed.props.get("session_id") == "bom1" and parsed.props.get("status") != "active"
    events = eventlog.parse(text)
    assert [e.input for e in events if e.input] == ["make step-one", "make step-two"]


# --- a Codex transcript that is not a regular file -----------------------------------------


def codex_tool(session: str, transcript: Path, marker: str) -> dict[str, object]:
    return {
        "session_id": session, "transcript_path": str(transcript), "cwd": "/tmp",
        "hook_event_name": "PostToolUse", "model": "gpt-5-codex", "turn_id": "turn-1",
        "tool_name": "Bash", "tool_use_id": f"call_{marker}",
        "tool_input": {"command": f"make step-{marker}"}, "tool_response": f"step {marker} done",
    }  # fmt: skip


@pytest.mark.parametrize("shape", ["fifo", "dev-zero"])
def test_a_codex_transcript_that_is_a_fifo_or_a_device_never_stalls_capture(
    hook: list[str], vault: Path, tmp_path: Path, shape: str
) -> None:
    transcript = tmp_path / "rollout-2026-12-05T07-00-00-abc.jsonl"
    if shape == "fifo":
        os.mkfifo(transcript)
    else:
        transcript.symlink_to("/dev/zero")
    began = time.monotonic()
    proc = run(hook, "codex", codex_tool("cdx1", transcript, "one"), timeout=60)
    took = time.monotonic() - began
    assert proc.returncode == 0
    assert took < 3, f"the hook took {took:.1f} s"
    text = "".join(n.read_text(encoding="utf-8") for n in session_notes(vault))
    assert "make step-one" in text


def test_a_memory_note_saved_with_a_bom_stays_in_user_md(vault: Path) -> None:
    """An editor's byte-order mark on a reviewed memory: `vaultsync rebuild` (the CLI) still
    reads its properties, so it stays in USER.md."""
    from vaultsync.core import properties, schema
    from vaultsync.core.model import Level, Scope

    for name, bom in (("plain", b""), ("marked", b"\xef\xbb\xbf")):
        props = schema.memory_props(
            level=Level.L2, scope=Scope.USER, agent="claude-code", session_id="s-1",
            project="/home/ana/src/app", created="2026-11-20T09:00:00Z",
            source_rel="summaries/2026/11/x.md", status=schema.MEMORY_STATUS[Level.L2],
        )  # fmt: skip
        fact = f"Prefers {name} tabs-over-spaces fact marker"
        text = properties.render_frontmatter(props) + f"\n# {fact}\n\n{fact}.\n"
        target = vault / paths.LEVEL_DIRS[Level.L2] / f"{name}.md"
        target.write_bytes(bom + text.encode("utf-8"))
    cli = str(Path(sys.executable).parent / "vaultsync")
    proc = subprocess.run(
        [cli, "rebuild", "--vault", str(vault)], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    user = (vault / paths.USER_MD).read_text(encoding="utf-8")
    assert "Prefers plain tabs-over-spaces" in user  # the test can fail
    assert "Prefers marked tabs-over-spaces" in user


# --- a session note moved out of sessions/ -------------------------------------------------


def test_a_session_note_moved_out_of_sessions_keeps_its_session(
    hook: list[str], vault: Path
) -> None:
    """The person files the note under `Projects/Reading/` in Obsidian; the watcher sees the
    move; the session's next events go on in that note, never in a new one at the old path."""
    from vaultsync.core.config import load_config
    from vaultsync.services.derived import reconcile

    assert run(hook, "claude-code", tool("mv1", "one")).returncode == 0
    [note] = session_notes(vault)
    moved = vault / "Projects" / "Reading" / "my session.md"
    moved.parent.mkdir(parents=True)
    note.rename(moved)
    reconcile.reconcile(vault, load_config(vault))  # the watcher's pass over the move
    assert run(hook, "claude-code", tool("mv1", "two")).returncode == 0
    stop = {"session_id": "mv1", "hook_event_name": "Stop", "cwd": "/tmp"}
    assert run(hook, "claude-code", stop).returncode == 0
    assert session_notes(vault) == []  # no second note at the old path
    events = eventlog.parse(moved.read_text(encoding="utf-8"))
    assert [e.input for e in events if e.input] == ["make step-one", "make step-two"]
    # Another session whose header a person copied into a note of their own is not followed.
    assert run(hook, "claude-code", tool("mv2", "three")).returncode == 0
    assert "make step-three" not in moved.read_text(encoding="utf-8")
