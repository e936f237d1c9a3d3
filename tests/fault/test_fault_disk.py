"""A full disk and a read-only vault: a clear error, no partial note, and the hook exits 0.

Full disk: the child process runs with RLIMIT_FSIZE (and SIGXFSZ ignored), so any write past
the limit fails with EFBIG after writing what fits: the same short-write-then-error pattern as
ENOSPC, without filling a real disk. Read-only: the child runs in a private mount namespace in
which the vault is bind-mounted read-only (EROFS). Tests run as root here, so permission bits
would not stop anything; `unshare -m` needs CAP_SYS_ADMIN, and without it the test falls back
to `chattr +i` (immutable files, also root-only) or is skipped. docs/faults.md has the details.
"""

from __future__ import annotations

import contextlib
import json
import resource
import shutil
import signal
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from faultkit import (
    CLI,
    HOOK,
    assert_healthy,
    cli,
    env_for,
    hook,
    lifecycle,
    make_vault,
    session_events,
    tool_call,
    vault_files,
)

from vaultsync.core import paths
from vaultsync.core.config import load_config
from vaultsync.storage import history

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]


def _file_limit(limit: int) -> Callable[[], None]:
    def apply() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # EFBIG instead of being killed
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


def _hook_limited(
    vault: Path, payload: dict[str, object], limit: int
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [*HOOK, "--agent", "claude-code"],
        input=json.dumps(payload).encode(),
        capture_output=True,
        env=env_for(vault),
        preexec_fn=_file_limit(limit),
        timeout=60,
    )


def _errors() -> list[dict[str, str]]:
    log = paths.hook_error_log()
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text().splitlines()]


def _session_note(vault: Path) -> Path:
    notes = [r for r in vault_files(vault) if r.startswith("sessions/") and r.endswith(".md")]
    assert len(notes) == 1, notes
    return vault / notes[0]


def _snapshot(vault: Path) -> dict[str, bytes]:
    return {rel: (vault / rel).read_bytes() for rel in vault_files(vault)}


# --- a full disk -------------------------------------------------------------------------------


def test_full_disk_while_appending_leaves_the_note_unchanged(vault_with_session: Path) -> None:
    vault = vault_with_session
    note = _session_note(vault)
    before = note.read_bytes()
    # Room for a few hundred bytes more: the event block (a 6 KB output, excerpted to ~1 KB)
    # starts to be written, then the disk is "full".
    proc = _hook_limited(vault, tool_call("disk", "too-big", size=6000), len(before) + 200)
    assert proc.returncode == 0
    assert proc.stdout == b"" and proc.stderr == b""
    assert note.read_bytes() == before  # no partial event block
    errors = _errors()
    assert len(errors) == 1 and "too large" in errors[0]["message"].lower(), errors
    # Once there is room again the session goes on.
    assert hook(vault, "claude-code", tool_call("disk", "after")).returncode == 0
    assert [e.input for e in session_events(vault)][-1].endswith("after")
    assert_healthy(vault, "full-append")


def test_full_disk_on_a_new_session_leaves_no_note(vault_with_session: Path) -> None:
    vault = vault_with_session
    before = _snapshot(vault)
    # Under the size of a new note's header and first block (~700 bytes), over the one line
    # the error log needs.
    proc = _hook_limited(vault, tool_call("brand-new", "first", size=400), 420)
    assert proc.returncode == 0
    after = _snapshot(vault)
    assert after == before  # no empty, partial or temp note appeared
    assert len(_errors()) == 1
    assert_healthy(vault, "full-create")


def test_full_disk_on_session_end_keeps_the_frontmatter(vault_with_session: Path) -> None:
    vault = vault_with_session
    note = _session_note(vault)
    before = note.read_bytes()
    # The frontmatter rewrite writes a whole new file: it cannot fit under this limit.
    proc = _hook_limited(vault, lifecycle("disk", "SessionEnd"), 64)
    assert proc.returncode == 0
    assert note.read_bytes() == before
    assert not [r for r in vault_files(vault) if ".vstmp-" in r]  # temp file cleaned up
    assert_healthy(vault, "full-end")


def test_full_disk_during_rebuild_keeps_the_old_index(vault_with_session: Path) -> None:
    vault = vault_with_session
    for i in range(400):
        (vault / "notes").mkdir(exist_ok=True)
        (vault / f"notes/n{i}.md").write_text(f"# Note {i}\n\n" + "platypus words " * 100)
    proc = subprocess.run(
        [*CLI, "rebuild", "--vault", str(vault), "--json"],
        capture_output=True,
        text=True,
        env=env_for(vault),
        preexec_fn=_file_limit(256 * 1024),
    )
    assert proc.returncode != 0
    assert "Traceback" not in proc.stderr
    assert proc.stderr.startswith("vaultsync: ") and len(proc.stderr.splitlines()) == 1, proc.stderr
    index = load_config(vault).index_file()
    assert not list(index.parent.glob(f"{index.name}.rebuild-*"))  # no half-built index left
    # The index built before the failure is still the one in place, and it still answers.
    found = cli(vault, "search", "disk", "--json")
    assert found.returncode == 0, found.stderr
    assert_healthy(vault, "full-rebuild")


def test_full_disk_during_a_commit(vault_with_session: Path) -> None:
    vault = vault_with_session
    for i in range(50):
        (vault / "notes").mkdir(exist_ok=True)
        (vault / f"notes/n{i}.md").write_text(f"# Note {i}\n\n{i} " + "unique words " * 2000)
    head = history.head(vault)
    proc = subprocess.run(
        [*CLI, "commit", "--vault", str(vault)],
        capture_output=True,
        text=True,
        env=env_for(vault),
        preexec_fn=_file_limit(4096),
    )
    assert proc.returncode == 1, (proc.returncode, proc.stderr)
    assert "Traceback" not in proc.stderr and proc.stderr.startswith("vaultsync: "), proc.stderr
    assert history.head(vault) == head
    assert_healthy(vault, "full-commit")
    assert history.dirty_rels(vault) == []


# --- a read-only vault -------------------------------------------------------------------------


def _read_only_prefix(vault: Path) -> list[str] | None:
    """argv prefix that runs a command with `vault` mounted read-only, or None if unavailable."""
    if shutil.which("unshare") is None or shutil.which("mount") is None:
        return None
    script = 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"'
    probe = subprocess.run(
        ["unshare", "-m", "--propagation", "private", "sh", "-c", script, str(vault), "true"],
        capture_output=True,
    )
    if probe.returncode != 0:
        return None
    return ["unshare", "-m", "--propagation", "private", "sh", "-c", script, str(vault)]


@contextlib.contextmanager
def _immutable(vault: Path) -> Iterator[list[str]]:
    """Fallback: every file and folder of the vault immutable (chattr +i), for the duration."""
    if shutil.which("chattr") is None:
        pytest.skip("neither a private mount namespace nor chattr is available")
    ok = subprocess.run(["chattr", "-R", "+i", str(vault)], capture_output=True)
    if ok.returncode != 0:
        subprocess.run(["chattr", "-R", "-i", str(vault)], capture_output=True)
        pytest.skip(f"cannot make the vault read-only here: {ok.stderr.decode()[:200]}")
    try:
        yield []
    finally:
        subprocess.run(["chattr", "-R", "-i", str(vault)], check=True)


@contextlib.contextmanager
def read_only(vault: Path) -> Iterator[list[str]]:
    prefix = _read_only_prefix(vault)
    if prefix is not None:
        yield prefix
        return
    with _immutable(vault) as none:
        yield none


def test_read_only_vault(vault_with_session: Path) -> None:
    vault = vault_with_session
    (vault / "notes").mkdir()
    (vault / "notes/pending.md").write_text("# Pending\n\nnot committed yet\n")
    before = _snapshot(vault)
    env = env_for(vault)
    with read_only(vault) as prefix:
        runs = [
            subprocess.run(
                [*prefix, *HOOK, "--agent", "claude-code"],
                input=json.dumps(payload).encode(),
                capture_output=True,
                env=env,
                timeout=60,
            )
            for payload in (
                tool_call("disk", "read-only"),  # an append
                tool_call("other", "first"),  # a new note
                lifecycle("disk", "SessionEnd"),  # a frontmatter rewrite
            )
        ]
        commit = subprocess.run(
            [*prefix, *CLI, "commit", "--vault", str(vault)],
            capture_output=True,
            text=True,
            env=env,
        )
        rebuild = subprocess.run(
            [*prefix, *CLI, "rebuild", "--vault", str(vault)],
            capture_output=True,
            text=True,
            env=env,
        )
    assert [r.returncode for r in runs] == [0, 0, 0]
    assert all(r.stdout == b"" and r.stderr == b"" for r in runs)
    assert _snapshot(vault) == before  # nothing written, nothing half-written
    errors = _errors()
    assert len(errors) >= 2, errors
    assert all(
        "read-only" in e["message"].lower() or "not permitted" in e["message"].lower()
        for e in errors
    ), errors
    # The CLI says what is wrong in one line; no traceback.
    assert commit.returncode == 1 and commit.stderr.startswith("vaultsync: "), commit.stderr
    assert "Traceback" not in commit.stderr + rebuild.stderr
    assert rebuild.returncode in (0, 1), rebuild.stderr
    # Writable again: everything recovers.
    assert hook(vault, "claude-code", tool_call("disk", "writable")).returncode == 0
    assert_healthy(vault, "read-only")


@pytest.fixture
def vault_with_session(tmp_path: Path) -> Path:
    vault = make_vault(tmp_path / "vault")
    assert hook(vault, "claude-code", tool_call("disk", "first")).returncode == 0
    assert cli(vault, "rebuild").returncode == 0
    assert cli(vault, "commit").returncode == 0
    # The first hook call logs nothing; later assertions count the errors a fault adds.
    assert not paths.hook_error_log().exists()
    return vault
