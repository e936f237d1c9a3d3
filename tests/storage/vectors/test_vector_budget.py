"""Embedding within a time budget, and never losing what was embedded: a slow model (e5 embeds
about three notes a second here) must not stall the watcher for hours, and an interrupted
rebuild must not throw its work away."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from vectorkit import Spy, needs_extra, put, spy_on_default_model

from vaultsync.core.config import Config, ConfigError, load_config
from vaultsync.services.derived.reconcile import rebuild, reconcile
from vaultsync.services.recall.engine import recall
from vaultsync.storage.vectors import store as vectors

pytestmark = needs_extra


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> Spy:
    monkeypatch.setattr(vectors, "EMBED_BATCH", 2)  # many batches from a few notes
    return spy_on_default_model(monkeypatch)


def stored(config: Config, table: str) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(vectors.store_paths(config)[0])
    try:
        columns = "rel, key, hint, sha" if table == "units" else "*"
        return sorted(conn.execute(f"SELECT {columns} FROM {table}").fetchall())
    finally:
        conn.close()


def vault_of(tmp_path: Path, notes: int, seconds: float) -> tuple[Path, Config]:
    vault = tmp_path / "vault"
    put(vault, "notes/seed.md", "# Seed\n\nThe first note.\n")
    data = load_config(vault).data
    data["search"] = {**data.get("search", {}), "embed_seconds": seconds}
    config = Config(vault, tmp_path / "index" / "index.sqlite", data)
    rebuild(vault, config)
    for n in range(notes):
        put(vault, f"notes/n{n:02d}.md", f"# Note {n}\n\nThe deploy runbook, step {n}: "
            f"restart worker {n} and check its queue.\n")  # fmt: skip
    return vault, config


def test_a_reconcile_embeds_within_its_budget_and_later_passes_finish_the_rest(
    tmp_path: Path, spy: Spy
) -> None:
    vault, config = vault_of(tmp_path, 9, seconds=1e-6)  # one batch a pass
    before = spy.calls
    report = reconcile(vault, config)
    assert spy.calls - before == 1 and report.embedded == 2
    assert report.vectors_pending == 7 == vectors.pending(config)
    assert len(stored(config, "waiting")) == 7
    assert report.added == 9  # the index has every new note: waiting is only for vectors
    waiting = {rel for (rel,) in stored(config, "waiting")}
    assert not waiting & {rel for rel, *_ in stored(config, "units")}
    assert "wait for theirs" in vectors.describe(config)
    # a waiting note is found lexically meanwhile
    late = sorted(waiting)[-1]
    number = int(late[len("notes/n") : -len(".md")])
    hits = recall(vault, config, f"restart worker {number}", semantic=True).hits
    assert late in [h.rel for h in hits]
    # nothing changes in the vault, yet each full pass goes on where the last stopped
    passes = 0
    while vectors.pending(config):
        passes += 1
        left = vectors.pending(config)
        assert reconcile(vault, config).embedded == min(2, left)  # one note, one text
        assert passes < 10
    assert passes == 4 and "wait" not in vectors.describe(config)
    calls = spy.calls
    assert reconcile(vault, config).embedded == 0 and spy.calls == calls  # nothing left to do
    fresh = Config(vault, tmp_path / "other" / "index.sqlite", config.data)
    rebuild(vault, fresh)
    assert stored(fresh, "units") == stored(config, "units")  # budgeted passes = one rebuild


def test_an_out_of_time_refresh_cuts_only_the_notes_it_reaches(
    tmp_path: Path, spy: Spy, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cutting a note into units parses its markdown: a pass whose budget ran out must not cut
    every waiting note again (10,000 waiting notes made each `vaultsync search` take 9 s)."""
    monkeypatch.setattr(vectors, "CUT_CHUNK", 2)
    cut: list[str] = []
    real = vectors.note_units

    def counted(index: Any, rels: Any, whole: bool = False) -> Any:
        cut.extend(rels)
        return real(index, rels, whole)

    monkeypatch.setattr(vectors, "note_units", counted)
    vault, config = vault_of(tmp_path, 9, seconds=1e-6)
    cut.clear()
    report = reconcile(vault, config)
    assert len(cut) == 2 and report.vectors_pending == 7  # one chunk, then out of time
    cut.clear()
    reconcile(vault, config)
    assert len(cut) == 2 and vectors.pending(config) == 5  # the next two, not all seven
    while vectors.pending(config):
        reconcile(vault, config)
    fresh = Config(vault, tmp_path / "other" / "index.sqlite", config.data)
    rebuild(vault, fresh)
    assert stored(fresh, "units") == stored(config, "units")


def test_no_budget_embeds_everything_and_a_rebuild_ignores_the_budget(
    tmp_path: Path, spy: Spy
) -> None:
    vault, config = vault_of(tmp_path, 5, seconds=0)  # 0: no limit
    assert vectors.budget(config) is None
    assert reconcile(vault, config).vectors_pending == 0
    budgeted, _ = vault_of(tmp_path / "b", 5, seconds=1e-6)
    other = Config(budgeted, tmp_path / "b" / "index" / "index.sqlite",
                   {"search": {"embed_seconds": 1e-6}})  # fmt: skip
    report = rebuild(budgeted, other)
    assert report.vectors_pending == 0 and vectors.pending(other) == 0


def test_an_interrupted_rebuild_keeps_what_it_embedded(tmp_path: Path, spy: Spy) -> None:
    vault, config = vault_of(tmp_path, 6, seconds=0)
    spy.fail_on = spy.calls + 3  # the third batch of this rebuild is interrupted
    with pytest.raises(KeyboardInterrupt):
        rebuild(vault, config)
    done = spy.texts
    assert len(stored(config, "embeddings")) >= 1 + 4  # the seed, and two batches of two
    spy.fail_on = 0
    rebuild(vault, config)
    assert spy.texts - done == 2  # only the texts the interrupted rebuild had not reached
    assert vectors.pending(config) == 0


def test_a_watcher_batch_leaves_the_other_waiting_notes_waiting(tmp_path: Path, spy: Spy) -> None:
    vault, config = vault_of(tmp_path, 6, seconds=1e-6)
    reconcile(vault, config)
    waiting = {rel for (rel,) in stored(config, "waiting")}
    assert len(waiting) == 4
    one = sorted(waiting)[0]
    put(vault, one, "# Changed\n\nA new text for this note.\n")
    report = reconcile(vault, config, [one])  # the watcher's batch: this note only
    assert report.embedded == 1 and report.vectors_pending == 3  # the others still wait
    assert {rel for (rel,) in stored(config, "waiting")} == waiting - {one}
    assert vectors.pending(config) == 3


def test_a_full_pass_builds_vectors_missing_altogether(tmp_path: Path, spy: Spy) -> None:
    vault, config = vault_of(tmp_path, 2, seconds=0)
    reconcile(vault, config)
    store, matrix = vectors.store_paths(config)
    for path in (store, matrix):
        path.unlink()  # as if the extra had been installed after the index was built
    assert vectors.behind(config)
    report = reconcile(vault, config)  # no note changed
    assert report.embedded >= 3 and not vectors.behind(config)


def test_the_budget_must_be_a_number(tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    (vault / ".vaultsync").mkdir(parents=True)
    (vault / ".vaultsync" / "config.toml").write_text('[search]\nembed_seconds = "soon"\n')
    with pytest.raises(ConfigError, match="embed_seconds must be a number"):
        load_config(vault)


def test_the_rebuild_command_says_what_an_interruption_kept(tmp_path: Path, spy: Spy) -> None:
    from typer.testing import CliRunner

    from vaultsync.adapters.cli.app import app, load_commands

    vault, _config = vault_of(tmp_path, 6, seconds=0)
    spy.fail_on = spy.calls + 2
    load_commands()
    result = CliRunner().invoke(app, ["rebuild", "--vault", str(vault)])
    assert result.exit_code == 130
    assert "interrupted" in result.output and "goes on from there" in result.output


@pytest.mark.slow
@pytest.mark.skipif(not vectors.available(Config(None, None, {"search": {"model": "e5"}})),
                    reason="the e5 extra is not installed")  # fmt: skip
def test_ctrl_c_in_a_real_e5_rebuild_keeps_the_vectors_and_the_next_one_goes_on(
    tmp_path: Path,
) -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    vault = tmp_path / "vault"
    put(vault, ".vaultsync/config.toml", '[search]\nmodel = "e5"\n')
    words = [
        "deploy",
        "runbook",
        "worker",
        "queue",
        "depth",
        "restart",
        "cache",
        "router",
        "retry",
        "billing",
        "ledger",
    ]
    for n in range(80):  # about 250 tokens each: some 0.3 s of CPU a note
        put(vault, f"notes/n{n:03d}.md", f"# Note {n}\n\n" + " ".join(
            words[(n * 7 + i * 3) % len(words)] for i in range(220)) + "\n")  # fmt: skip
    config = load_config(vault)
    store = vectors.store_paths(config)[0]
    cli = [sys.executable, "-m", "vaultsync", "rebuild", "--vault", str(vault)]
    # A shell's background job (CI started with `&`) ignores SIGINT, and a child inherits that:
    # the rebuild gets the default back, as in a terminal.
    proc = subprocess.Popen(
        cli, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip

    def kept() -> int:
        if not store.exists():
            return 0
        conn = sqlite3.connect(store, timeout=10.0)
        try:
            return int(conn.execute("SELECT COUNT(*) FROM embeddings").fetchone()[0])
        except sqlite3.Error:
            return 0
        finally:
            conn.close()

    deadline = time.monotonic() + 120
    while kept() == 0 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.2)
    seen = kept()
    os.kill(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    files = sorted(p.name for p in store.parent.iterdir()) if store.parent.exists() else []
    assert proc.returncode == 130, (seen, out, err, store, files)
    assert "vectors embedded so far are kept" in err
    first = kept()
    assert 0 < first < 80
    again = subprocess.run(cli, capture_output=True, text=True, timeout=600, check=True)
    assert f"Embedded {kept() - first} texts" in again.stdout
    assert kept() >= 80 and vectors.pending(config) == 0


def test_an_agents_tool_call_embeds_one_short_budget_whatever_the_config(
    tmp_path: Path, spy: Spy, monkeypatch: pytest.MonkeyPatch
) -> None:
    from vaultsync.services.recall import agent_tools

    vault, config = vault_of(tmp_path, 6, seconds=0)  # the watcher's own passes: no limit
    monkeypatch.setattr(agent_tools, "EMBED_S", 1e-6)
    assert agent_tools.ensure_index(vault, config) == "refreshed"
    assert vectors.pending(config) == 4  # one batch of two, the rest for the watcher
    # a missing index is built by the tool call, within the same budget
    config.index_file().unlink()
    agent_tools._last_refresh.clear()
    assert agent_tools.ensure_index(vault, config) == "built"
    assert 0 < vectors.pending(config) < 7
