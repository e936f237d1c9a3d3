"""The real `vaultsync watch` as a subprocess on a temporary vault, observed from outside.

Every wait polls with a deadline; nothing sleeps a fixed time.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from watchkit import DEADLINE_S, cli, wait_for

from vaultsync.adapters.heartbeat import read_heartbeat
from vaultsync.core.config import load_config
from vaultsync.services.recall.search import search
from vaultsync.storage import history
from vaultsync.storage.index import Index


def hits(vault: Path, word: str) -> list[str]:
    try:
        return [h.path for h in search(vault, load_config(vault), word)]
    except Exception:  # the index may not exist for the first few polls
        return []


def indexed(vault: Path, rel: str) -> bool:
    index_file = load_config(vault).index_file()
    if not index_file.exists():
        return False
    with Index.open(index_file) as index:
        return index.get(rel) is not None


def in_head(vault: Path, rel: str) -> bool:
    return (
        history.head(vault) is not None
        and rel in history.tracked(vault)
        and not history.dirty_rels(vault)
    )


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*cli(), *args], capture_output=True, text=True, timeout=60, check=False)


@pytest.fixture
def watching(vault: Path, tmp_path: Path) -> Iterator[tuple[Path, subprocess.Popen[bytes], Path]]:
    (vault / ".vaultsync" / "config.toml").write_text(
        "[watch]\ndebounce_s = 0.2\nmax_wait_s = 2.0\n", encoding="utf-8"
    )
    (vault / "notes").mkdir()
    (vault / "notes" / "existing.md").write_text("# Existing\n\nwombat\n", encoding="utf-8")
    log = tmp_path / "watch.log"
    with log.open("wb") as out:
        proc = subprocess.Popen([*cli(), "watch", "--vault", str(vault)], stdout=out, stderr=out)
    try:
        wait_for(
            "the start-up pass",
            lambda: (read_heartbeat(vault) or {}).get("last_reconcile"),
            proc,
            log,
        )
        yield vault, proc, log
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


# Slow tier (several seconds of a real watcher). Its fast twins: each step in process in
# test_watcher.py (start-up pass, new note, rename with history, deletion, own USER.md writes,
# stop flushes; real file-system events in test_observe_delivers_real_file_system_events),
# the rollback in test_cli_history.py, and a real `vaultsync watch` process with a memory in
# USER.md, commits and SIGTERM in test_promotion_watch.py.
@pytest.mark.slow
def test_watch_end_to_end(watching: tuple[Path, subprocess.Popen[bytes], Path]) -> None:
    vault, proc, log = watching
    assert in_head(vault, "notes/existing.md")  # an unversioned vault became a repository

    # A new note becomes searchable and committed.
    (vault / "notes" / "fresh.md").write_text("# Fresh\n\nquokka sighting\n", encoding="utf-8")
    wait_for(
        "the new note in search", lambda: hits(vault, "quokka") == ["notes/fresh.md"], proc, log
    )
    wait_for("the new note committed", lambda: in_head(vault, "notes/fresh.md"), proc, log)

    # An edited L3 user memory appears in USER.md.
    memory = vault / "memories" / "L3-core" / "editor.md"
    memory.write_text(
        "---\ntype: memory\nlevel: L3\nscope: user\nstatus: confirmed\n---\n"
        "# Editor\n\nThe user edits in Helix.\n",
        encoding="utf-8",
    )
    user_md = vault / "USER.md"
    wait_for(
        "the memory in USER.md",
        lambda: user_md.exists() and "Helix" in user_md.read_text(),
        proc,
        log,
    )
    memory.write_text(memory.read_text().replace("Helix", "Kakoune"), encoding="utf-8")
    wait_for("the edited memory in USER.md", lambda: "Kakoune" in user_md.read_text(), proc, log)
    wait_for("USER.md committed", lambda: in_head(vault, "USER.md"), proc, log)

    # A rename keeps the note's history.
    (vault / "archive").mkdir(exist_ok=True)
    (vault / "notes" / "fresh.md").rename(vault / "archive" / "fresh.md")
    wait_for("the rename committed", lambda: in_head(vault, "archive/fresh.md"), proc, log)
    shown = json.loads(
        run_cli("history", "--vault", str(vault), "--json", "archive/fresh.md").stdout
    )
    subjects = [c["subject"] for c in shown["commits"]]
    assert len(subjects) >= 2 and "new note" in subjects[-1], subjects

    # A deleted note disappears from search and from the index.
    before_delete = history.head(vault)
    assert before_delete
    (vault / "archive" / "fresh.md").unlink()
    wait_for("the deletion indexed", lambda: not indexed(vault, "archive/fresh.md"), proc, log)
    assert hits(vault, "quokka") == []
    wait_for(
        "the deletion committed",
        lambda: "archive/fresh.md" not in history.tracked(vault),
        proc,
        log,
    )

    # Rollback brings the deleted note back, and the watcher makes it searchable again.
    done = run_cli("rollback", before_delete, "archive/fresh.md", "--vault", str(vault))
    assert done.returncode == 0, done.stderr
    assert (vault / "archive" / "fresh.md").exists()
    wait_for(
        "the restored note in search",
        lambda: hits(vault, "quokka") == ["archive/fresh.md"],
        proc,
        log,
    )
    found = run_cli("search", "quokka", "--json", "--vault", str(vault))
    assert [h["path"] for h in json.loads(found.stdout)] == ["archive/fresh.md"]

    # SIGTERM flushes pending work, commits it and exits 0.
    (vault / "notes" / "last.md").write_text("# Last\n\nwritten just before stopping\n")
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=DEADLINE_S) == 0, log.read_text()
    assert in_head(vault, "notes/last.md")
    assert (read_heartbeat(vault) or {}).get("state") == "stopped"


def test_watch_once_and_bad_input_subprocess(vault: Path, tmp_path: Path) -> None:
    (vault / "a.md").write_text("# A\n", encoding="utf-8")
    done = run_cli("watch", "--once", "--vault", str(vault))
    assert done.returncode == 0, done.stderr
    assert "a.md" in history.tracked(vault)
    missing = run_cli("watch", "--vault", str(tmp_path / "nowhere"))
    assert missing.returncode == 3 and "vault not found" in missing.stderr
    (vault / ".vaultsync" / "config.toml").write_text("[watch\n", encoding="utf-8")
    broken = run_cli("watch", "--once", "--vault", str(vault))
    assert broken.returncode == 4 and "config.toml" in broken.stderr
    assert os.listdir(vault)  # nothing was lost
