"""rebuild and reconcile: what they index, what they leave alone, and that they always agree."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from vaultsync.core import eventlog, paths, writer
from vaultsync.core.config import Config, load_config
from vaultsync.core.model import Event, EventKind, Level, Scope
from vaultsync.core.properties import render_frontmatter, set_properties
from vaultsync.core.schema import memory_props, session_props
from vaultsync.services.derived import note_batches
from vaultsync.services.derived.reconcile import ReconcileError, rebuild, reconcile
from vaultsync.storage.index import Index, SearchFilter


def ev(n: int, text: str, kind: EventKind = EventKind.TOOL) -> Event:
    return Event(
        id=f"20261129T1000{n:02d}Z-{n:08x}",
        ts=f"2026-11-29T10:00:{n % 60:02d}Z",
        agent="claude-code",
        session_id="sess-1",
        kind=kind,
        tool="Bash" if kind is EventKind.TOOL else "",
        input=text if kind is EventKind.TOOL else "",
        prompt=text if kind is EventKind.PROMPT else "",
        project="/work/api",
    )


def session_text(
    events: list[Event], status: str = "pending", started: str = "2026-11-29T10:00:00Z"
) -> str:
    props = session_props(
        agent="claude-code", session_id="sess-1", project="/work/api", cwd="/work/api",
        started=started, machine="testbox",
    )  # fmt: skip
    props["status"] = status
    return (
        render_frontmatter(props) + "\n# Session sess-1\n" + "".join(map(eventlog.render, events))
    )


def memory_text(text: str, level: Level = Level.L2, scope: Scope = Scope.USER) -> str:
    props = memory_props(
        level=level, scope=scope, agent="claude-code", session_id="s1", project="/work/api",
        created="2026-11-20T10:00:00Z", source_rel="sessions/x.md",
    )  # fmt: skip
    return render_frontmatter(props) + f"\n# {text[:30]}\n\n{text}\n"


def put(vault: Path, rel: str, data: str | bytes) -> Path:
    target = vault / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    target.write_bytes(data)
    return target


def snapshot(root: Path) -> dict[str, tuple[bytes, int]]:
    return {
        p.relative_to(root).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def markers(vault: Path) -> dict[str, str]:
    folder = paths.queue_dir(vault)
    if not folder.is_dir():
        return {}
    return {p.name: p.read_text(encoding="utf-8") for p in folder.iterdir()}


def dump(config: Config) -> dict[str, object]:
    with Index.open(config.index_file()) as idx:
        return idx.dump()


@pytest.fixture
def cfg(vault: Path) -> Config:
    return load_config(vault)


def sample_vault(vault: Path) -> None:
    put(
        vault, "notes/plain.md", "# Router notes\n\nWe fixed the router timeout. [[Other]] #infra\n"
    )
    put(vault, "notes/中文.md", "---\ntags:\n  - 数据库\n---\n修复了路由的问题，数据库连接正常。\n")
    put(vault, "sessions/2026/11/s1.md", session_text([ev(1, "npm test"), ev(2, "fix the router")]))
    put(vault, "memories/L3-core/prefers-pnpm.md", memory_text("The user prefers pnpm over npm."))


def test_rebuild_indexes_notes_events_and_generates(vault: Path, cfg: Config) -> None:
    sample_vault(vault)
    report = rebuild(vault, cfg)
    on_disk = sorted(p.relative_to(vault).as_posix() for p in vault.rglob("*.md"))
    assert report.notes == len(on_disk)
    assert report.events == 2
    assert (report.errors, report.warnings) == (0, 0)
    assert "USER.md" in report.generated
    assert "pnpm" in (vault / "USER.md").read_text(encoding="utf-8")
    with Index.open(cfg.index_file()) as idx:
        assert set(idx.stats()) == set(on_disk)
        assert idx.get("USER.md").type == "generated"
        session = idx.get("sessions/2026/11/s1.md")
        assert session.type == "session" and session.status == "pending"
    assert cfg.index_file().parent == paths.state_dir(vault)
    assert not any(p.suffix in {".sqlite", ".lock"} for p in vault.rglob("*"))


def test_rebuild_reports_the_json_fields(vault: Path, cfg: Config) -> None:
    sample_vault(vault)
    report = rebuild(vault, cfg)
    data = json.loads(json.dumps(report.to_dict()))  # what `rebuild --json` prints
    for key in ("notes", "events", "errors", "warnings", "seconds"):
        assert isinstance(data[key], int | float)
    on_disk = sorted(p.relative_to(vault).as_posix() for p in vault.rglob("*.md"))
    assert (data["notes"], data["events"], data["errors"], data["warnings"]) == (
        len(on_disk), 2, 0, 0)  # fmt: skip
    assert data["added"] == len(on_disk) and data["deleted"] == 0
    assert "USER.md" in data["generated"] and data["memory_changed"] is True
    assert 0 <= data["seconds"] == round(report.seconds, 3)
    again = reconcile(vault, cfg).to_dict()  # nothing changed since: an empty report
    assert (again["added"], again["updated"], again["deleted"]) == (0, 0, 0)
    assert list(again["changed_rels"]) == []


def test_broken_notes_are_warnings_not_aborts(vault: Path, cfg: Config) -> None:
    put(vault, "broken.md", "---\ntitle: [unclosed\nagent: x\n---\nThe zebra text survives.\n")
    put(vault, "latin1.md", b"caf\xe9 menu with quokka\n")
    put(
        vault,
        "sessions/bad.md",
        session_text([ev(1, "ok")]) + "\n```vaultsync-event\nid: oops\n```\n",
    )
    put(vault, "big.md", "# Big\n\n" + ("lorem ipsum " * 900_000) + "narwhal\n")
    report = rebuild(vault, cfg)
    assert report.errors == 0
    assert report.warnings == 3
    text = "\n".join(report.warning_messages)
    assert "broken.md: frontmatter is not valid YAML" in text
    assert "latin1.md: not valid UTF-8" in text
    assert "sessions/bad.md: event block" in text
    with Index.open(cfg.index_file()) as idx:
        assert idx.get("broken.md").warning
        for word in ("zebra", "quokka", "narwhal"):
            assert idx.search(f'"{word}"', SearchFilter(), mark=("[", "]")), word


def test_lone_surrogates_in_escapes_are_indexed(vault: Path, cfg: Config) -> None:
    event = ev(1, "broken \ud800 output").replace(output="tail \udc00")
    text = session_text([event]).replace("---\n\n#", 'title: "odd \\udfff title"\n---\n\n#', 1)
    put(vault, "sessions/odd.md", text)
    report = rebuild(vault, cfg)
    # libyaml refuses the escape: a warning, and the note is indexed as text
    assert report.errors == 0 and report.warnings == 1 and report.events == 1
    with Index.open(cfg.index_file()) as idx:
        (hit,) = idx.search('"broken"', SearchFilter(types=frozenset({"event"})), mark=("[", "]"))
        assert hit.rel == "sessions/odd.md"
        # (rel, seq, title, keywords, body, about): an event's text is its `about`
        texts = [r[5] for r in idx.dump()["fts"] if r[1] == 0]
        assert texts == ["Bash\nbroken \ufffd output\ntail \ufffd"]


def test_ignored_paths_are_never_indexed(vault: Path, cfg: Config) -> None:
    put(vault, "keep.md", "kept")
    for rel in (
        ".obsidian/workspace.md",
        ".trash/old.md",
        ".git/x.md",
        ".vaultsync/notes.md",
        "sub/.hidden/inner.md",
        "note.sync-conflict-20260101-101010-ABCDEF.md",
        "draft (conflicted copy 2026-01-01).md",
        ".#lock.md",
        "notes.txt",
    ):
        put(vault, rel, "ignored")
    os.symlink(vault / "sub", vault / "loop")
    rebuild(vault, cfg)
    with Index.open(cfg.index_file()) as idx:
        assert set(idx.stats()) - set(paths.GENERATED_FILES) == {"keep.md"}


def test_missing_vault_is_a_clear_error(tmp_path: Path, cfg: Config) -> None:
    with pytest.raises(ReconcileError, match="vault not found"):
        rebuild(tmp_path / "nope", cfg)
    with pytest.raises(ReconcileError, match="vault not found"):
        reconcile(tmp_path / "nope", cfg)


def test_second_rebuild_changes_nothing_in_the_vault(vault: Path, cfg: Config) -> None:
    sample_vault(vault)
    rebuild(vault, cfg)
    before = snapshot(vault)
    queue = markers(vault)
    report = rebuild(vault, cfg)
    assert report.generated == ()
    assert snapshot(vault) == before
    assert markers(vault) == queue


def test_rebuild_replaces_a_damaged_index(vault: Path, cfg: Config) -> None:
    sample_vault(vault)
    target = cfg.index_file()
    target.parent.mkdir(parents=True)
    target.write_bytes(b"\x00garbage" * 512)
    assert rebuild(vault, cfg).errors == 0
    leftovers = list(target.parent.glob("*.rebuild-*"))
    assert leftovers == []
    # reconcile on a damaged index rebuilds too, and says so
    target.write_bytes(b"\x00garbage" * 512)
    report = reconcile(vault, cfg)
    assert any("damaged" in m for m in report.warning_messages)
    assert dump(cfg)["notes"]


def test_rebuild_leaves_no_temp_file_when_reading_fails(
    vault: Path, cfg: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    sample_vault(vault)
    rebuild(vault, cfg)
    before = dump(cfg)

    def explode(*args: object, **kw: object) -> None:
        raise RuntimeError("crash mid-rebuild")

    monkeypatch.setattr(note_batches, "note_row", explode)
    with pytest.raises(RuntimeError):
        rebuild(vault, cfg)
    assert list(cfg.index_file().parent.glob("*.rebuild-*")) == []
    assert dump(cfg) == before  # the old index is intact


def test_queue_markers_follow_session_status(vault: Path, cfg: Config) -> None:
    pending = "sessions/2026/11/a.md"
    done = "sessions/2026/11/b.md"
    put(vault, pending, session_text([ev(1, "x")], status="pending"))
    put(vault, done, session_text([ev(1, "y")], status="summarized"))
    stale = paths.queue_dir(vault) / "0123456789abcdef"
    put(stale.parent, stale.name, "pending\tsessions/gone.md\n")
    rebuild(vault, cfg)
    assert markers(vault) == {f"{paths.short_hash(pending, n=16)}.pending": f"pending\t{pending}\n"}
    # a status change reaches the marker through reconcile
    target = vault / done
    target.write_text(
        set_properties(target.read_text("utf-8"), {"status": "privacy_deferred"}), "utf-8"
    )
    (vault / pending).unlink()
    reconcile(vault, cfg)
    assert markers(vault) == {
        f"{paths.short_hash(done, n=16)}.privacy_deferred": f"privacy_deferred\t{done}\n"
    }


def test_reconcile_reports_adds_edits_deletes_and_moves(vault: Path, cfg: Config) -> None:
    sample_vault(vault)
    rebuild(vault, cfg)
    assert reconcile(vault, cfg).changed_rels == ()
    put(vault, "notes/new.md", "brand new")
    put(vault, "notes/plain.md", "# Router notes\n\nrewritten\n")
    (vault / "notes/中文.md").unlink()
    os.rename(vault / "sessions/2026/11/s1.md", vault / "sessions/2026/11/renamed.md")
    report = reconcile(vault, cfg)
    assert (report.added, report.updated, report.deleted, report.moved) == (2, 1, 2, 1)
    assert set(report.changed_rels) == {
        "notes/new.md", "notes/plain.md", "notes/中文.md",
        "sessions/2026/11/s1.md", "sessions/2026/11/renamed.md",
    }  # fmt: skip
    assert report.memory_changed is False and report.generated == ()


def test_reconcile_touch_without_change_only_restats(vault: Path, cfg: Config) -> None:
    sample_vault(vault)
    rebuild(vault, cfg)
    target = vault / "notes/plain.md"
    os.utime(target, ns=(1_700_000_000_000_000_000, 1_700_000_000_000_000_000))
    report = reconcile(vault, cfg)
    assert report.changed_rels == () and report.updated == 0
    with Index.open(cfg.index_file()) as idx:
        assert idx.stats()["notes/plain.md"][0] == 1_700_000_000_000_000_000


def test_same_size_edit_in_the_same_tick_is_not_missed(vault: Path, cfg: Config) -> None:
    target = put(vault, "a.md", "alpha version")
    rebuild(vault, cfg)
    stamp = target.stat().st_mtime_ns
    target.write_text("gamma version", encoding="utf-8")  # same size
    os.utime(target, ns=(stamp, stamp))  # and the same timestamp, as a coarse clock gives
    report = reconcile(vault, cfg)
    assert report.changed_rels == ("a.md",)


def test_memory_change_regenerates_user_md(vault: Path, cfg: Config) -> None:
    sample_vault(vault)
    rebuild(vault, cfg)
    put(vault, "memories/L3-core/tabs.md", memory_text("The user indents with tabs, never spaces."))
    report = reconcile(vault, cfg, ["memories/L3-core/tabs.md"])
    assert report.memory_changed and "USER.md" in report.generated
    assert "tabs" in (vault / "USER.md").read_text(encoding="utf-8")
    assert dump(cfg) == _fresh_dump(vault, cfg)


def test_reconcile_given_rels(vault: Path, cfg: Config) -> None:
    sample_vault(vault)
    rebuild(vault, cfg)
    put(vault, "notes/extra.md", "extra")
    (vault / "notes/plain.md").unlink()
    report = reconcile(
        vault, cfg, ["notes/plain.md", "notes/extra.md", "notes", "x.txt", ".obsidian/a.md"]
    )
    assert (report.added, report.deleted) == (1, 1)
    # a path given but not in the list is not looked at
    put(vault, "notes/unlisted.md", "later")
    assert reconcile(vault, cfg, ["notes/extra.md"]).changed_rels == ()


def _no_dac(script: str) -> subprocess.CompletedProcess[str]:
    """Run Python without the power to bypass file permissions (root has it by default)."""
    prefix: list[str] = []
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv: cannot make a file unreadable")
        caps = "-dac_override,-dac_read_search"
        prefix = [setpriv, f"--inh-caps={caps}", f"--bounding-set={caps}"]
    return subprocess.run(
        [*prefix, sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_unreadable_file_and_folder_are_kept_not_deleted(vault: Path, cfg: Config) -> None:
    sample_vault(vault)
    put(vault, "private/secret.md", "kept while unreadable")
    rebuild(vault, cfg)
    before = dump(cfg)
    old = 1_600_000_000_000_000_000
    os.utime(vault / "notes/plain.md", ns=(old, old))  # changed on disk: reconcile must read it
    (vault / "notes/plain.md").chmod(0)
    (vault / "private").chmod(0)
    script = (
        "import json, sys\n"
        "from pathlib import Path\n"
        "from vaultsync.core.config import load_config\n"
        "from vaultsync.services.derived.reconcile import reconcile\n"
        f"vault = Path({str(vault)!r})\n"
        "cfg = load_config(vault)\n"
        "full = reconcile(vault, cfg)\n"
        "listed = reconcile(vault, cfg, ['notes/plain.md', 'private/secret.md'])\n"
        "print(json.dumps([full.to_dict(), listed.to_dict()]))\n"
    )
    try:
        done = _no_dac(script)
    finally:
        (vault / "notes/plain.md").chmod(0o644)
        (vault / "private").chmod(0o755)
    assert done.returncode == 0, done.stderr
    full, listed = json.loads(done.stdout)
    assert full["deleted"] == 0 and listed["deleted"] == 0
    assert any("plain.md: cannot read" in m for m in full["warning_messages"])
    assert any("private: folder cannot be read" in m for m in full["warning_messages"])
    assert any("cannot read" in m for m in listed["warning_messages"])
    assert dump(cfg) == before


def _fresh_dump(vault: Path, cfg: Config) -> dict[str, object]:
    other = cfg.replace(index_path=cfg.index_file().with_name("fresh.sqlite"))
    rebuild(vault, other)
    return dump(other)


WORDS = ["router", "timeout", "pnpm", "deploy", "数据库", "修复", "同期", "vault", "zebra", "λόγος"]


def _random_text(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n))


def _step(vault: Path, rng: random.Random, counter: list[int]) -> list[str]:
    """One random change; returns the rels it touched (for a targeted reconcile)."""
    notes = sorted(p.relative_to(vault).as_posix() for p in vault.rglob("*.md"))
    mine = [r for r in notes if r not in paths.GENERATED_FILES]
    counter[0] += 1
    n = counter[0]
    op = rng.choice(["plain", "memory", "session", "append", "edit", "same-size", "delete",
                     "move", "broken-yaml", "bad-utf8", "touch", "status"])  # fmt: skip
    if op in {"append", "edit", "same-size", "delete", "move", "touch", "status"} and not mine:
        op = "plain"
    if op == "plain":
        rel = f"notes/{n}.md"
        put(vault, rel, f"# Note {n}\n\n{_random_text(rng, 30)}\n")
        return [rel]
    if op == "memory":
        level = rng.choice(list(Level))
        rel = f"{paths.LEVEL_DIRS[level]}/m{n}.md"
        put(vault, rel, memory_text(_random_text(rng, 8), level, rng.choice(list(Scope))))
        return [rel]
    if op == "session":
        rel = f"sessions/2026/11/s{n}.md"
        status = rng.choice(["active", "pending", "skipped", "summarized", "deferred"])
        put(vault, rel, session_text([ev(i, _random_text(rng, 5)) for i in range(3)], status))
        return [rel]
    rel = rng.choice(mine)
    target = vault / rel
    if op == "append":
        lock = paths.lock_path(vault, rel)
        writer.append(target, eventlog.render(ev(n, _random_text(rng, 4))), lock_file=lock)
    elif op == "edit":
        target.write_text(f"# Edited {n}\n\n{_random_text(rng, 12)}\n", encoding="utf-8")
    elif op == "same-size":
        data = bytearray(target.read_bytes())
        if data:
            i = rng.randrange(len(data))
            data[i] = ord("x") if data[i] != ord("x") else ord("y")
        stamp = target.stat().st_mtime_ns
        target.write_bytes(bytes(data))
        # Same size, same timestamp: what a coarse clock shows for a second write within one
        # tick. Only then is the old timestamp kept: an older one would hide the edit from any
        # (mtime, size) scan, and whether it is older depends on how fast the steps run.
        if time.time_ns() - stamp < note_batches.RACY_NS // 2:
            os.utime(target, ns=(stamp, stamp))
    elif op == "delete":
        target.unlink()
    elif op == "move":
        dest = f"moved/{n}-{Path(rel).name}"
        (vault / dest).parent.mkdir(parents=True, exist_ok=True)
        os.rename(target, vault / dest)
        return [rel, dest]
    elif op == "broken-yaml":
        target.write_text(
            "---\ntype: memory\nlevel: [L2\n---\nbroken " + _random_text(rng, 3), "utf-8"
        )
    elif op == "bad-utf8":
        target.write_bytes(b"\xff\xfe broken bytes " + _random_text(rng, 3).encode())
    elif op == "touch":
        os.utime(target)
    elif op == "status":
        text = target.read_text("utf-8", errors="replace")
        status = rng.choice(["pending", "summarized", "privacy_deferred", "skipped"])
        target.write_text(set_properties(text, {"status": status}), encoding="utf-8")
    return [rel]


# Two seeds in the fast tier, the third in the slow tier (each is 40 reconcile steps).
@pytest.mark.parametrize("seed", [1, 2, pytest.param(3, marks=pytest.mark.slow)])
def test_incremental_and_rebuild_agree(vault: Path, cfg: Config, seed: int) -> None:
    rng = random.Random(seed)
    counter = [0]
    sample_vault(vault)
    rebuild(vault, cfg)
    for step in range(40):
        touched = _step(vault, rng, counter)
        reconcile(vault, cfg, touched if step % 2 else None)
    incremental = dump(cfg)
    queue = markers(vault)
    vault_files = snapshot(vault)
    assert incremental == _fresh_dump(vault, cfg)
    assert markers(vault) == queue
    assert snapshot(vault) == vault_files  # nothing was stale, so rebuild wrote nothing


def test_parallel_rebuild_matches_sequential(
    vault: Path, cfg: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    sample_vault(vault)
    for i in range(40):
        put(vault, f"bulk/{i}.md", f"# Bulk {i}\n\n{'数据库 router ' * (i % 7)}\n")
    put(vault, "bulk/broken.md", "---\nx: [\n---\nbody")
    sequential = rebuild(vault, cfg)
    expected = dump(cfg)
    monkeypatch.setattr(note_batches, "_PARALLEL_MIN_FILES", 0)
    monkeypatch.setattr(note_batches, "_spare_cores", lambda: 2)  # whatever the machine's load
    monkeypatch.setattr(note_batches, "_CHUNK_FILES", 7)  # many batches across the workers
    parallel = rebuild(vault, cfg)
    assert dump(cfg) == expected
    assert (parallel.notes, parallel.events, parallel.warning_messages) == (
        sequential.notes, sequential.events, sequential.warning_messages)  # fmt: skip
