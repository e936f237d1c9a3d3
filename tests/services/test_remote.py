"""`vaultsync sync` with real git: clones of one bare remote on this machine."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from synckit import Machine, assert_no_markers, bare_remote, event_ids, git, session_payloads

from vaultsync.core import paths, timestamp
from vaultsync.services.vault import remote
from vaultsync.services.vault.sync_state import remote_state
from vaultsync.storage import history_remote


@pytest.fixture
def pair(tmp_path: Path) -> tuple[Machine, Machine, Path]:
    bare = bare_remote(tmp_path)
    a = Machine(tmp_path, "a", bare, first=True)
    first = a.sync()
    assert first.state == "created" and first.pushed
    b = Machine(tmp_path, "b", bare)
    return a, b, bare


def memory(title: str, body: str, **props: object) -> str:
    fm = {
        "type": "memory",
        "level": "L2",
        "scope": "user",
        "status": "confirmed",
        "priority": 1,
        "created": "2026-11-20T09:00:00Z",
        "updated": "2026-11-20T09:00:00Z",
        "reinforced": 1,
        "last_seen": "2026-11-20",
        "tags": ["vaultsync/memory", "memory/L2", "scope/user"],
    }
    fm.update(props)
    from vaultsync.core.properties import render_frontmatter

    return render_frontmatter(fm) + f"\n# {title}\n\n{body}\n"


def test_second_machine_clone_needs_nothing_else(pair: tuple[Machine, Machine, Path]) -> None:
    _a, b, _ = pair
    result = b.sync()
    assert result.state == "up-to-date" and result.remote == "origin" and result.branch == "main"
    assert (b.vault / ".gitattributes").is_file()
    assert result.ahead == 0 and result.behind == 0
    # the one on-disk form, in the person's zone (+08:00 in the tests), as every writer's
    assert result.finished.endswith("+08:00"), result.finished
    shown = remote_state(b.vault)["last_sync"]
    assert timestamp.parse(shown) == timestamp.parse(result.finished)


def test_notes_from_both_machines_meet(pair: tuple[Machine, Machine, Path]) -> None:
    a, b, _ = pair
    a.write("from-a.md", "# A\n")
    b.write("from-b.md", "# B\n")
    assert a.sync().state == "pushed"
    result = b.sync()
    assert result.state == "merged" and result.pushed
    assert a.sync().state == "pulled"
    assert a.tree() == b.tree()
    assert (a.vault / "from-b.md").read_text() == "# B\n"
    assert git(a.vault, "status", "--porcelain") == ""


@pytest.mark.slow  # real hook / CLI processes
def test_session_notes_unite_events_by_id_and_take_the_further_status(
    pair: tuple[Machine, Machine, Path], tmp_path: Path
) -> None:
    a, b, _ = pair
    for payload in session_payloads("s1", str(tmp_path), 3):
        a.hook(payload)
    a.sync()
    b.sync()
    rel = next(p for p in b.tree() if p.startswith("sessions/"))
    # B (say, its learn run) marks the session summarized while A's hook keeps appending.
    from vaultsync.core import properties

    b.write(rel, properties.set_properties(b.read(rel), {"status": "summarized"}))
    for payload in session_payloads("s1", str(tmp_path), 6)[5:]:
        a.hook(payload)
    a.write(rel, properties.set_properties(a.read(rel), {"status": "pending"}))
    before = sorted(event_ids(a.vault))
    assert len(before) >= 6
    b.sync()
    result = a.sync()
    assert result.state == "merged"
    b.sync()
    assert a.tree() == b.tree()
    ids = event_ids(a.vault)
    assert sorted(ids) == before and len(set(ids)) == len(ids)
    assert properties.get_scalar(a.read(rel), "status") == "summarized"
    assert_no_markers(a.vault)


def test_memory_changed_on_both_sides_merges_fields_and_keeps_both_texts(
    pair: tuple[Machine, Machine, Path],
) -> None:
    a, b, _ = pair
    rel = "memories/L2-confirmed/2026-11-20 user short sentences 1a2b3c.md"
    a.write(rel, memory("Short sentences", "Mei wants short sentences."))
    a.sync()
    b.sync()
    a.write(
        rel,
        memory(
            "Short sentences",
            "Mei wants short, spoken sentences.",
            reinforced=3,
            last_seen="2026-11-25",
            tags=["vaultsync/memory", "memory/L2", "scope/user", "style"],
        ),
    )
    b.write(
        rel,
        memory(
            "Short sentences",
            "Mei wants short sentences, one idea each.",
            reinforced=2,
            last_seen="2026-11-27",
            tags=["vaultsync/memory", "memory/L2", "scope/user", "writing"],
        ),
    )
    b.sync()
    result = a.sync()
    assert result.review == (rel,)
    b.sync()
    assert a.tree() == b.tree()
    from vaultsync.storage.note import read_note

    note = read_note(a.vault, rel)
    assert note.props["reinforced"] == 4  # 1 + 2 (A) + 1 (B)
    assert str(note.props["last_seen"]) == "2026-11-27"
    assert {"style", "writing"} <= set(note.props["tags"])
    assert note.props.get("sync_conflict")
    text = a.read(rel)
    assert "spoken sentences" in text and "one idea each" in text
    assert "Edited on two machines" in text
    assert_no_markers(a.vault)
    state = remote.remote_state(a.vault, a.config())
    assert rel in state["waiting"]
    from vaultsync.services.learning import review

    queued = review.pending(a.vault, a.config()).sync_conflicts
    assert [m.rel for m in queued] == [rel]  # in the review queue on every machine


@pytest.mark.slow  # several syncs of real clones
def test_review_level_wins_and_delete_against_edit_keeps_the_edit(
    pair: tuple[Machine, Machine, Path],
) -> None:
    a, b, _ = pair
    rel = "memories/L1-candidates/2026-11-20 agent uv 9f8e7d.md"
    gone = "memories/L2-confirmed/2026-11-20 agent ruff 111111.md"
    a.write(rel, memory("Use uv", "Use uv.", level="L1", status="candidate"))
    a.write(gone, memory("Use ruff", "Use ruff."))
    a.sync()
    b.sync()
    a.write(
        rel,
        memory("Use uv", "Use uv.", level="L2", status="confirmed", reviewed="2026-11-26"),
    )
    b.write(rel, memory("Use uv", "Use uv.", level="L1", status="candidate", reinforced=2))
    (a.vault / gone).unlink()
    b.write(gone, memory("Use ruff", "Use ruff, always with --fix."))
    a.sync()
    b.sync()
    a.sync()
    assert a.tree() == b.tree()
    from vaultsync.storage.note import read_note

    note = read_note(b.vault, rel)
    assert note.props["level"] == "L2" and note.props["status"] == "confirmed"
    assert note.props["reinforced"] == 2
    assert "always with --fix" in a.read(gone)


@pytest.mark.slow  # several syncs of real clones
def test_personal_note_true_conflict_is_kept_as_two_files(
    pair: tuple[Machine, Machine, Path],
) -> None:
    a, b, _ = pair
    a.write("ideas.md", "# Ideas\n\n- one\n")
    a.sync()
    b.sync()
    a.write("ideas.md", "# Ideas\n\n- one, from the laptop\n")
    b.write("ideas.md", "# Ideas\n\n- one, from the desktop\n")
    a.sync()
    result = b.sync()
    assert len(result.copies) == 1
    copy = result.copies[0]
    assert copy.startswith("ideas (Conflicted copy ") and copy.endswith(").md")
    a.sync()
    for m in (a, b):
        assert "desktop" in m.read("ideas.md")
        assert "laptop" in m.read(copy)
        assert_no_markers(m.vault)
    assert a.tree() == b.tree()
    import datetime as dt

    from vaultsync.services.vault import doctor

    check = doctor.check_sync(b.vault, dt.datetime.now(dt.UTC))
    assert check.state is doctor.State.WARN and "wait for review" in check.summary
    # The person keeps one and deletes the copy: the deletion reaches the other machine.
    (b.vault / copy).unlink()
    b.sync()
    a.sync()
    assert not (a.vault / copy).exists()
    assert copy not in remote.remote_state(a.vault)["waiting"]
    assert doctor.check_sync(b.vault, dt.datetime.now(dt.UTC)).state is doctor.State.OK


@pytest.mark.slow  # several syncs of real clones
def test_generated_files_are_regenerated_after_integration(
    pair: tuple[Machine, Machine, Path],
) -> None:
    a, b, _ = pair
    a.write(
        "memories/L2-confirmed/2026-11-20 user tea aaaaaa.md",
        memory("Drinks tea", "Mei drinks green tea."),
    )
    b.write(
        "memories/L2-confirmed/2026-11-20 user cats bbbbbb.md",
        memory("Has a cat", "Mei has a cat called Mochi."),
    )
    a.sync()
    b.sync()
    a.sync()
    for m in (a, b):
        user_md = m.read(paths.USER_MD)
        assert "Drinks tea" in user_md and "Has a cat" in user_md
        assert_no_markers(m.vault)
    assert a.tree() == b.tree()


def test_a_rejected_push_integrates_and_lands(
    pair: tuple[Machine, Machine, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b, bare = pair
    a.write("a.md", "# from a\n")
    b.write("b.md", "# from b\n")
    b.sync()
    real_fetch = history_remote.fetch
    calls = {"n": 0}

    def stale_first(*args: object, **kw: object) -> None:
        calls["n"] += 1
        if calls["n"] > 1:  # the first fetch "misses" B's push, as a race would
            real_fetch(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(history_remote, "fetch", stale_first)
    result = a.sync()
    assert result.pushed and result.attempts == 2 and result.state == "merged"
    shown = git(bare, "ls-tree", "-r", "--name-only", "main")
    assert "a.md" in shown and "b.md" in shown


@pytest.mark.slow  # several syncs of real clones
def test_offline_commits_pile_up_and_go_out_later(pair: tuple[Machine, Machine, Path]) -> None:
    a, b, bare = pair
    away = bare.with_name("away.git")
    bare.rename(away)
    a.write("one.md", "# 1\n")
    assert a.sync().state == "offline"
    a.write("two.md", "# 2\n")
    result = a.sync()
    assert result.state == "offline" and not result.pushed
    assert remote.remote_state(a.vault)["ahead"] >= 2
    away.rename(bare)
    assert a.sync().state == "pushed"
    b.sync()
    assert (b.vault / "one.md").exists() and (b.vault / "two.md").exists()


def test_no_remote_is_a_clear_error(tmp_path: Path) -> None:
    from vaultsync.services.vault import setup

    setup.init(tmp_path / "solo", user_config=False)
    from vaultsync.core.config import load_config

    with pytest.raises(remote.SyncError) as err:
        remote.sync(tmp_path / "solo", load_config(tmp_path / "solo"))
    assert err.value.reason == "no-remote"


@pytest.mark.slow  # real hook / CLI processes
def test_a_password_in_the_url_is_never_printed(tmp_path: Path) -> None:
    from synckit import HOOK

    from vaultsync.services.vault import setup

    vault = tmp_path / "v"
    setup.init(vault, user_config=False)
    secret = "hunter2-s3cret-pw"
    git(vault, "remote", "add", "origin", f"https://mei:{secret}@127.0.0.1:9/vault.git")
    env = {"VAULTSYNC_VAULT": str(vault)}
    import os

    full = {**os.environ, **env}
    for args in (["sync"], ["sync", "--json"], ["status"], ["status", "--json"], ["doctor"]):
        proc = subprocess.run([*HOOK, *args], env=full, capture_output=True, text=True, timeout=120)
        shown = proc.stdout + proc.stderr
        assert secret not in shown, args
    assert (
        "mei@127.0.0.1"
        in subprocess.run([*HOOK, "status"], env=full, capture_output=True, text=True).stdout
    )
    record = remote.state_file(vault).read_text()
    assert secret not in record


def test_union_merge_would_cut_event_blocks(tmp_path: Path) -> None:
    """Why init does not use git's `union` driver for session notes: two sides appending
    event blocks at the same place get one block's closing fence cut off."""
    repo = tmp_path / "r"
    git(tmp_path, "init", "-q", "-b", "main", str(repo))
    note = "sessions/s.md"
    (repo / "sessions").mkdir()
    fields = 'ts: "2026-11-20T09:00:00Z"\nagent: "codex"\nsession_id: "s"\nkind: "tool"\n'
    head = f'---\nstatus: active\n---\n# s\n\n### h0\n\n```vaultsync-event\nid: "0"\n{fields}```\n'
    (repo / note).write_text(head)
    (repo / ".gitattributes").write_text("sessions/** merge=union\n")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "base")
    git(repo, "checkout", "-qb", "other")
    block = '\n### h{n}\n\n```vaultsync-event\nid: "{n}"\n' + fields + 'input: "{n}"\n```\n'
    (repo / note).write_text(head + block.format(n=1))
    git(repo, "commit", "-qam", "one")
    git(repo, "checkout", "-q", "main")
    (repo / note).write_text(head + block.format(n=2))
    git(repo, "commit", "-qam", "two")
    tree = git(repo, "merge-tree", "--write-tree", "main", "other").split()[0]
    merged = git(repo, "show", f"{tree}:{note}")
    from vaultsync.core import eventlog

    events, problems = eventlog.parse_all(merged)
    assert sorted(e.id for e in events) != ["0", "1", "2"] or problems, merged  # union damaged it
    # The vaultsync rule on the same three versions keeps every block whole, each once.
    from vaultsync.services.vault.merge import merge_session

    ours = head + block.format(n=2)
    theirs = head + block.format(n=1)
    events, problems = eventlog.parse_all(merge_session(head, ours, theirs))
    assert not problems and sorted(e.id for e in events) == ["0", "1", "2"]


def test_a_sync_killed_between_work_tree_and_branch_is_finished_by_the_next(
    pair: tuple[Machine, Machine, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The work tree moves first and the branch last: a kill in between must never look like
    local edits that revert the remote's changes."""
    a, b, _ = pair
    a.write("news.md", "# news from a\n")
    a.sync()
    real = history_remote._run

    class Killed(BaseException):
        pass

    def die_at_update_ref(vault: Path, args: list[str], **kw: object) -> object:
        if args and args[0] == "update-ref":
            raise Killed
        return real(vault, args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(history_remote, "_run", die_at_update_ref)
    with pytest.raises(Killed):
        b.sync()
    monkeypatch.setattr(history_remote, "_run", real)
    assert (b.vault / "news.md").exists()  # the files moved, the branch did not
    pair_bare = pair[2]
    result = b.sync()
    assert not result.error and not result.pushed  # finished, not re-committed as a local edit
    assert git(b.vault, "status", "--porcelain") == ""
    assert git(b.vault, "rev-parse", "HEAD") == git(pair_bare, "rev-parse", "main")
    a.sync()
    assert a.tree() == b.tree()


def test_a_note_that_comes_in_costs_its_own_vectors_not_the_whole_matrix(
    pair: tuple[Machine, Machine, Path],
) -> None:
    from vaultsync.storage.vectors import matrix as vector_matrix
    from vaultsync.storage.vectors import store as vectors

    if not vectors.available():
        pytest.skip("the semantic extra is not installed")
    a, b, _ = pair
    for i in range(6):
        a.write(f"notes/n{i}.md", f"# Topic {i}\n\nTables, colours and fonts {i}.\n")
    a.sync()
    assert b.sync().state == "pulled"  # b indexes the vault once, vectors included
    base = vectors.store_paths(b.config())[1]
    before = (base.stat().st_ino, base.stat().st_mtime_ns)
    a.write("notes/new.md", "# Embed files\n\nShow another note inside this one.\n")
    a.sync()
    assert b.sync().state == "pulled"
    assert (base.stat().st_ino, base.stat().st_mtime_ns) == before  # not rewritten whole
    loaded = vector_matrix.load(base)
    assert loaded is not None and loaded[1] is not None  # the delta holds the new note
    matrix, _delta, keys = loaded
    assert {k[0] for k in keys[len(matrix) :]} == {"note:notes/new.md"}
