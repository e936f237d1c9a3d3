"""No error loses an event: a note the hook cannot write (a full disk, a read-only folder, a
link) spools the event like a timeout does; a full state folder spools it to the per-user
fallback; the failure shows in `vaultsync status` and `doctor`; the spool drains once the
cause is gone. Real hook processes, real full disks (small tmpfs mounts), the real CLI."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from vaultsync.core import eventlog, paths
from vaultsync.core.hook import spool

CONFIG = "[hook]\nmin_chars = 0\ndedupe_overlap = 0\nlow_value_signals = []\n"


def _mount(target: Path, *options: str) -> bool:
    target.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run(["mount", *options, str(target)], capture_output=True)
    return proc.returncode == 0


@contextlib.contextmanager
def small_disk(target: Path, size_kb: int) -> Iterator[Path]:
    """A real file system of `size_kb` at `target` (tmpfs), unmounted afterwards."""
    if not _mount(target, "-t", "tmpfs", "-o", f"size={size_kb}k", "tmpfs"):
        pytest.skip("cannot mount a tmpfs here (needs CAP_SYS_ADMIN)")
    try:
        yield target
    finally:
        subprocess.run(["umount", "-l", str(target)], capture_output=True)


def fill(disk: Path) -> Path:
    """Fill `disk` to the last byte; returns the filler (delete it to free the disk)."""
    filler = disk / ".filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        with contextlib.suppress(OSError):
            while os.write(fd, b"\0" * 4096):
                pass
        with contextlib.suppress(OSError):
            while os.write(fd, b"\0"):
                pass
    finally:
        os.close(fd)
    return filler


def make_vault(root: Path) -> Path:
    for folder in (paths.SESSIONS_DIR, paths.CONFIG_DIR):
        (root / folder).mkdir(parents=True, exist_ok=True)
    (root / paths.VAULT_CONFIG).write_text(CONFIG, encoding="utf-8")
    return root


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    (tmp_path / "tmp").mkdir()
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))  # where the per-user fallback lives
    return dict(os.environ)


HOOK = [sys.executable, "-m", "vaultsync.core.hook"]  # the hook process, as the launcher runs it


def hook(vault: Path, payload: dict[str, object]) -> None:
    proc = subprocess.run(
        [*HOOK, "--agent", "claude-code"], input=json.dumps(payload).encode(),
        capture_output=True, env={**os.environ, "VAULTSYNC_VAULT": str(vault)}, timeout=60,
    )  # fmt: skip
    assert proc.returncode == 0 and proc.stderr == b"", proc.stderr


def tool(session: str, n: int) -> dict[str, object]:
    return {
        "session_id": session, "hook_event_name": "PostToolUse", "cwd": "/tmp",
        "tool_name": "Bash", "tool_input": {"command": f"make step-{n:03d}"},
        "tool_response": {"stdout": f"step {n:03d} finished", "stderr": ""},
    }  # fmt: skip


def stored(vault: Path) -> list[str]:
    """The command of every event in every session note, in note order."""
    out: list[str] = []
    for note in sorted(vault.rglob("*.md")):
        if note.is_file() and not note.is_symlink():
            out += [e.input for e in eventlog.parse(note.read_text(encoding="utf-8"))]
    return out


def cli(vault: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [str(Path(sys.executable).parent / "vaultsync"), *args, "--vault", str(vault)]
    return subprocess.run(
        command, capture_output=True, text=True, timeout=120,
        env={**os.environ, "VAULTSYNC_VAULT": str(vault)},
    )  # fmt: skip


def status(vault: Path) -> dict[str, object]:
    proc = cli(vault, "status", "--json")
    assert proc.returncode == 0, proc.stderr
    return dict(json.loads(proc.stdout))


@pytest.mark.slow  # whole processes, many times: the slow tier runs it; its logic has fast tests
def test_a_full_vault_disk_spools_every_event_and_drains_once_there_is_room(
    tmp_path: Path, env: dict[str, str]
) -> None:
    with small_disk(tmp_path / "vault", 256) as disk:
        vault = make_vault(disk)
        hook(vault, tool("full", 0))  # the session's note exists
        filler = fill(disk)
        for n in range(1, 41):
            hook(vault, tool("full", n))
        # What fitted in the note's last page is there; the rest waits, nothing is lost.
        fitted = stored(vault)
        assert fitted == [f"make step-{n:03d}" for n in range(len(fitted))]
        assert len(fitted) < 30
        assert spool.count(vault) == 41 - len(fitted)
        filler.unlink()  # the person frees space
        shown = status(vault)  # status drains the spool first
        assert stored(vault) == [f"make step-{n:03d}" for n in range(41)]
        assert spool.count(vault) == 0
        assert shown["spooled"] == 0


@pytest.mark.slow  # whole processes, many times: the slow tier runs it; its logic has fast tests
def test_a_full_state_folder_and_a_full_vault_fall_back_and_report(
    tmp_path: Path, env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both disks full, sessions that start now: the state folder cannot hold the spool (nor
    the error log), so both go to the per-user fallback; status says what happened."""
    home = Path(os.environ["VAULTSYNC_HOME"])
    with small_disk(home, 256), small_disk(tmp_path / "vault", 256) as disk:
        vault = make_vault(disk)
        state_filler, vault_filler = fill(home), fill(disk)
        for n in range(40):
            hook(vault, tool(f"new-{n % 4}", n))
        assert stored(vault) == []
        assert spool.count(vault) == 40
        fallback = spool.fallback_folder(vault)
        top = fallback.parent.parent.parent  # $TMPDIR/vaultsync-<uid>
        assert fallback.is_dir() and (os.stat(top).st_mode & 0o777) == 0o700
        shown = status(vault)
        assert shown["spooled"] == 40
        assert "No space left on device" in str(shown["spool_problem"])
        assert shown["hook_errors_24h"] >= 1  # logged where it could be (the fallback log)
        state_filler.unlink()
        vault_filler.unlink()
        status(vault)
        assert sorted(stored(vault)) == [f"make step-{n:03d}" for n in range(40)]
        assert spool.count(vault) == 0


def test_a_read_only_sessions_folder_and_a_linked_note_lose_nothing(
    vault: Path, tmp_path: Path, env: dict[str, str]
) -> None:
    (vault / paths.VAULT_CONFIG).write_text(CONFIG, encoding="utf-8")
    hook(vault, tool("ro", 0))
    [note] = [p for p in (vault / paths.SESSIONS_DIR).rglob("*.md")]
    sessions = vault / paths.SESSIONS_DIR
    if not _mount(sessions, "--bind", str(sessions)):
        pytest.skip("cannot bind-mount here")
    try:
        assert _mount(sessions, "-o", "remount,bind,ro")
        for n in range(1, 5):
            hook(vault, tool("ro", n))
    finally:
        subprocess.run(["umount", "-l", str(sessions)], capture_output=True)
    assert stored(vault) == ["make step-000"] and spool.count(vault) == 4
    # The note became a link to a file elsewhere: never written through.
    elsewhere = tmp_path / "elsewhere.md"
    elsewhere.write_text(note.read_text(encoding="utf-8"), encoding="utf-8")
    kept = note.with_name("kept.txt")
    note.rename(kept)
    note.symlink_to(elsewhere)
    before = elsewhere.read_bytes()
    hook(vault, tool("ro", 5))
    assert elsewhere.read_bytes() == before and spool.count(vault) == 5
    note.unlink()
    kept.rename(note)  # the person puts the note back
    hook(vault, tool("ro", 6))
    assert stored(vault) == [f"make step-{n:03d}" for n in range(7)]
    assert spool.count(vault) == 0


def test_a_symlinked_sessions_folder_is_refused_loudly_and_events_are_kept(
    vault: Path, tmp_path: Path, env: dict[str, str]
) -> None:
    (vault / paths.VAULT_CONFIG).write_text(CONFIG, encoding="utf-8")
    other_disk = tmp_path / "other-disk" / "sessions"
    other_disk.mkdir(parents=True)
    sessions = vault / paths.SESSIONS_DIR
    sessions.rmdir()
    sessions.symlink_to(other_disk)  # the person keeps sessions on another disk
    for n in range(3):  # three real hook processes: the same path as ten, a third of the cost
        hook(vault, tool("linked", n))
    assert list(other_disk.rglob("*.md")) == []  # nothing written through the link
    assert spool.count(vault) == 3
    shown = status(vault)
    assert shown["spooled"] == 3 and "symbolic link" in str(shown["spool_problem"])
    text = cli(vault, "status").stdout
    assert "3 events wait in the spool" in text and "symbolic link" in text
    doctor = cli(vault, "doctor").stdout
    assert "symbolic link" in doctor and "real folder" in doctor
    assert "vaultsync install" not in doctor.split("hook errors", 1)[-1].split("\n")[0]
    # The person follows the advice: a real folder again.
    sessions.unlink()
    sessions.mkdir()
    status(vault)
    assert stored(vault) == [f"make step-{n:03d}" for n in range(3)]
    assert spool.count(vault) == 0


def test_a_broken_vault_config_keeps_the_event_until_it_is_fixed(tmp_path: Path) -> None:
    """Seen by hand: a person's typo in .vaultsync/config.toml (a second `[learn]` table), or
    a pull that brought one, lost every event until it was fixed; the error log said only
    ConfigError. The payload now waits in the spool, nothing reaches the vault meanwhile (its
    privacy settings are in that file), and the first call after the fix writes both."""
    vault = make_vault(tmp_path / "vault")
    good = (vault / paths.VAULT_CONFIG).read_text(encoding="utf-8")
    (vault / paths.VAULT_CONFIG).write_text(good + "[hook]\nmin_chars = 1\n", encoding="utf-8")
    hook(vault, tool("typo", 1))
    assert stored(vault) == [] and spool.count(vault) == 1
    [logged] = [json.loads(line) for line in paths.hook_error_log().read_text().splitlines()]
    assert logged["error"] == "ConfigError"
    assert logged["message"].startswith("event kept in the spool until the file is fixed: ")
    (vault / paths.VAULT_CONFIG).write_text(good, encoding="utf-8")  # the person fixes it
    hook(vault, tool("typo", 2))
    assert stored(vault) == ["make step-001", "make step-002"]
    assert spool.count(vault) == 0
