"""Shared helpers of the fault-injection suite: real vaults, real processes, one set of checks.

Every fault test ends with `assert_healthy`: whatever was done to the vault, afterwards every
note parses, `vaultsync rebuild` succeeds, git's object store is intact, nothing half-written
is visible as a note, and the next commit goes through.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from urllib.parse import quote, quote_plus

from vaultsync.core import eventlog, paths
from vaultsync.core.model import NoteType
from vaultsync.storage import history, repository
from vaultsync.storage.note import read_note

BIN = Path(sys.executable).parent

# Filters are features, not faults: the suite turns them off so that "every event present
# exactly once" is a statement about concurrency and crashes alone. `time_limit_s` is only a
# cap: the hook's limit is the agent's (4.5 s for PostToolUse), and what it cannot write in time
# is spooled, not dropped.
FAULT_CONFIG = """\
[hook]
time_limit_s = 120
min_chars = 0
dedupe_overlap = 0
low_value_signals = []

[watch]
debounce_s = 0.3
max_wait_s = 2.0
"""


def command(name: str) -> list[str]:
    """The installed console script (`vaultsync`, `vaultsync-hook`), wherever it is."""
    found = shutil.which(name) or (str(BIN / name) if (BIN / name).exists() else None)
    if found:
        return [found]
    module = ["-m", "vaultsync"] + (["hook"] if name == "vaultsync-hook" else [])
    return [sys.executable, *module]


CLI = command("vaultsync")
HOOK = command("vaultsync-hook")


def make_vault(root: Path, config: str = FAULT_CONFIG) -> Path:
    """A vault with vaultsync's layout, the given vault config and its first commit."""
    from vaultsync.services.vault.setup import init

    (root / paths.CONFIG_DIR).mkdir(parents=True)
    (root / paths.VAULT_CONFIG).write_text(config, encoding="utf-8")
    init(root, user_config=False)
    return root


def env_for(vault: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "VAULTSYNC_VAULT": str(vault), **extra}


def cli(
    vault: Path, *args: str, timeout: float = 120, check: bool = False
) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        [*CLI, *args, "--vault", str(vault)],
        capture_output=True,
        text=True,
        env=env_for(vault),
        timeout=timeout,
    )
    if check:
        assert proc.returncode == 0, (args, proc.returncode, proc.stderr[-2000:])
    return proc


def hook(
    vault: Path, agent: str, payload: dict[str, object] | bytes, **kw: object
) -> subprocess.CompletedProcess[bytes]:
    data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    return subprocess.run(
        [*HOOK, "--agent", agent],
        input=data,
        capture_output=True,
        env=env_for(vault),
        timeout=120,
        **kw,  # type: ignore[arg-type]
    )


def tool_call(
    session: str, marker: str, *, cwd: str = "/work/demo", size: int = 0
) -> dict[str, object]:
    """A Claude Code PostToolUse whose input and output carry `marker` (and differ per call)."""
    filler = ("lorem ipsum dolor sit amet " * (size // 27 + 1))[:size]
    return {
        "session_id": session,
        "hook_event_name": "PostToolUse",
        "cwd": cwd,
        "tool_name": "Bash",
        "tool_use_id": f"toolu_{marker}",
        "tool_input": {"command": f"run-step --id {marker}"},
        "tool_response": {"stdout": f"step {marker} finished\n{filler}", "stderr": ""},
    }


def lifecycle(session: str, event: str, cwd: str = "/work/demo") -> dict[str, object]:
    return {"session_id": session, "hook_event_name": event, "cwd": cwd}


# --- killing -----------------------------------------------------------------------------------


def descendants(pid: int) -> list[int]:
    """Every live process below `pid` (git runs in its own session, so a process-group kill
    would miss it)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry.name))
    found: list[int] = []
    stack = [pid]
    while stack:
        for child in children.get(stack.pop(), []):
            found.append(child)
            stack.append(child)
    return found


def kill_after(proc: subprocess.Popen[bytes], delay: float, *, tree: bool) -> bool:
    """SIGKILL `proc` (and with `tree`, everything it started: a power cut for that process
    family) after `delay` seconds, unless it finished first. True if it was killed."""
    try:
        proc.wait(timeout=delay)
        return False
    except subprocess.TimeoutExpired:
        pass
    victims = [proc.pid, *(descendants(proc.pid) if tree else [])]
    for pid in victims:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    proc.wait(timeout=30)
    return True


def kill_in_git(proc: subprocess.Popen[bytes], extra: float, timeout: float = 60) -> bool:
    """SIGKILL `proc` and its whole family `extra` seconds after its first git child appears:
    the crash lands while git holds `.git/index.lock` or writes objects and refs."""
    deadline = time.monotonic() + timeout
    while proc.poll() is None and time.monotonic() < deadline:
        if any(_comm(pid).startswith("git") for pid in descendants(proc.pid)):
            return kill_after(proc, extra, tree=True)
        time.sleep(0.002)
    return kill_after(proc, 0, tree=True)


def _comm(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


def wait_git_idle(vault: Path, timeout: float = 30) -> None:
    """Orphaned git children of a killed parent finish on their own: let them."""
    deadline = time.monotonic() + timeout
    while repository.live_git_in(vault) and time.monotonic() < deadline:
        time.sleep(0.02)


def seeds(default: int) -> list[int]:
    """`VAULTSYNC_FAULT_SEEDS=n` runs more (or fewer) seeds than the default."""
    count = int(os.environ.get("VAULTSYNC_FAULT_SEEDS", default))
    return list(range(count))


def rng(seed: int, salt: str) -> random.Random:
    return random.Random(f"{salt}:{seed}")


# --- the checks --------------------------------------------------------------------------------


def vault_files(vault: Path) -> list[str]:
    """Every file in the vault except git's own, as vault-relative paths."""
    out = []
    for folder, dirs, files in os.walk(vault):
        dirs[:] = [d for d in dirs if d != ".git"]
        for name in files:
            out.append(Path(folder, name).relative_to(vault).as_posix())
    return sorted(out)


def session_events(vault: Path) -> list[eventlog.Event]:
    """Every event of every session note, asserting each block parses."""
    events: list[eventlog.Event] = []
    for rel in vault_files(vault):
        if not rel.startswith(paths.SESSIONS_DIR + "/") or not paths.is_note(rel):
            continue
        text = (vault / rel).read_bytes().decode("utf-8")
        found, problems = eventlog.parse_all(text)
        assert problems == [], (rel, problems)
        assert text.count(eventlog.MARKER) == len(found), rel
        events.extend(found)
    return events


def assert_notes_parse(vault: Path, *, person_edited: Iterable[str] = ()) -> None:
    """vaultsync's own notes parse cleanly; a person's notes may warn but are never lost."""
    edited = set(person_edited)
    for rel in vault_files(vault):
        if not paths.is_note(rel):
            continue
        note = read_note(vault, rel)
        if rel not in edited and (note.type is NoteType.SESSION or rel in paths.GENERATED_FILES):
            assert note.warning is None, (rel, note.warning)
    session_events(vault)


def assert_no_visible_temp(vault: Path, config_index: Path | None = None) -> None:
    """Temp files of a killed writer may stay on disk, but no note, index row or commit shows
    them."""
    temps = [r for r in vault_files(vault) if ".vstmp-" in r]
    for rel in temps:
        assert not paths.is_note(rel), rel
    committed = set(history.tracked(vault))
    assert not [r for r in committed if ".vstmp-" in r], committed
    if config_index is not None and config_index.exists():
        import sqlite3

        db = sqlite3.connect(f"file:{config_index}?mode=ro", uri=True)
        try:
            rows = db.execute("SELECT rel FROM notes WHERE rel LIKE '%.vstmp-%'").fetchall()
        finally:
            db.close()
        assert rows == []


def fsck(vault: Path) -> None:
    proc = subprocess.run(
        ["git", "fsck", "--full", "--no-progress"], cwd=vault, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    bad = [ln for ln in proc.stderr.splitlines() if ln.startswith(("error", "fatal", "broken"))]
    assert bad == [], bad


def rebuild_ok(vault: Path) -> dict[str, object]:
    proc = cli(vault, "rebuild", "--json")
    assert proc.returncode == 0, proc.stderr[-2000:]
    report = json.loads(proc.stdout)
    assert report["errors"] == 0, report["error_messages"]
    return dict(report)


def probe_commit(vault: Path, label: str) -> str:
    """The next commit: a fresh note committed by the CLI, which must not be blocked by any
    lock a killed process left."""
    rel = f"probe/{label}.md"
    (vault / "probe").mkdir(exist_ok=True)
    (vault / rel).write_text(f"# Probe {label}\n\nwritten after the fault\n", encoding="utf-8")
    proc = cli(vault, "commit", "--json")
    assert proc.returncode == 0, proc.stderr[-2000:]
    sha = json.loads(proc.stdout)["commit"]
    assert sha, proc.stdout
    assert rel in history.tracked(vault)
    return str(sha)


def assert_healthy(
    vault: Path, label: str, *, person_edited: Sequence[str] = (), index: Path | None = None
) -> dict[str, object]:
    wait_git_idle(vault)
    assert_notes_parse(vault, person_edited=person_edited)
    report = rebuild_ok(vault)
    fsck(vault)
    probe_commit(vault, label)
    assert_no_visible_temp(vault, index)
    return report


def secret_forms(value: str, window: int = 8) -> set[str]:
    """The ways a value can be written down: as is, URL-encoded, JSON-escaped, base64."""
    forms = {value, quote(value, safe=""), quote_plus(value), json.dumps(value)[1:-1]}
    for shift in range(3):  # base64 of the value at each alignment within a longer string
        encoded = base64.b64encode(b"\0" * shift + value.encode()).decode()
        forms.add(encoded[4:] if shift else encoded.rstrip("="))
    return {f for f in forms if len(f) >= window}


def vault_objects(vault: Path) -> list[tuple[str, str, bytes]]:
    """(sha, type, content) of every object reachable from any ref."""
    listed = subprocess.run(
        ["git", "rev-list", "--all", "--objects"], cwd=vault, capture_output=True, check=True
    ).stdout.decode()
    shas = [line.split(" ", 1)[0] for line in listed.splitlines() if line]
    batch = subprocess.run(
        ["git", "cat-file", "--batch"],
        cwd=vault,
        input="".join(f"{s}\n" for s in shas).encode(),
        capture_output=True,
        check=True,
    ).stdout
    out, pos = [], 0
    while pos < len(batch):
        end = batch.index(b"\n", pos)
        sha, kind, size = batch[pos:end].decode().split()
        start = end + 1
        out.append((sha, kind, batch[start : start + int(size)]))
        pos = start + int(size) + 1
    return out
