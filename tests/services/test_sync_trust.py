"""`vaultsync sync` against a remote that others (or an attacker) push to: deletions and edits
in session notes survive, a mass deletion or a rewritten history is held with the command to
accept it, a default-branch mismatch does not split the vault, and what vaultsync does not own
(`.obsidian/`, attributes files, unsafe tree entries) never wedges it (services/vault/remote.py,
docs/sync.md). Two clones of a real bare remote; the CLI runs as a subprocess."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from synckit import Machine, bare_remote, git, session_payloads

from vaultsync.core import paths, properties
from vaultsync.services.vault import merge, remote

HELD = 7  # Exit.HELD: a safety guard held the action back


@pytest.fixture
def pair(tmp_path: Path) -> tuple[Machine, Machine, Path]:
    bare = bare_remote(tmp_path)
    a = Machine(tmp_path, "a", bare, first=True)
    assert a.sync().pushed
    b = Machine(tmp_path, "b", bare)
    assert b.cli("sync").returncode == 0
    return a, b, bare


def ok(result: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    assert result.returncode == 0, result.stdout + result.stderr
    return result


def session_rel(m: Machine) -> str:
    return next(r for r in m.tree() if r.startswith(paths.SESSIONS_DIR + "/"))


def event_texts(text: str) -> dict[str, str]:
    _yaml, body = properties.split_frontmatter(text)
    return dict(merge.event_blocks(body))


# --- item: a person's deletion or edit of an event survives the other machine's appends -------


@pytest.mark.slow  # real hook and CLI processes on two machines; fast twin below
def test_a_deleted_or_edited_event_stays_so_after_sync(
    pair: tuple[Machine, Machine, Path], tmp_path: Path
) -> None:
    a, b, _ = pair
    payloads = session_payloads("s1", str(tmp_path), 6)
    for payload in payloads[:5]:  # start, prompt, three tool calls
        a.hook(payload)
    ok(a.cli("sync"))
    ok(b.cli("sync"))
    rel = session_rel(b)
    text = b.read(rel)
    blocks = list(event_texts(text).items())
    gone_id, gone_block = blocks[-1]
    edited_id, edited_block = blocks[-2]
    assert "toolu_s1_" in edited_block or "grep" in edited_block
    changed_block = edited_block.replace("grep", "GREP-EDITED-BY-HAND", 1)
    assert changed_block != edited_block
    b.write(rel, text.replace(gone_block, "").replace(edited_block, changed_block))
    ok(b.cli("sync"))  # B's edit goes out
    for payload in payloads[5:]:  # A appends meanwhile, without B's edit
        a.hook(payload)
    ok(a.cli("sync"))  # a merge on A: ours appended, theirs edited
    ok(b.cli("sync"))
    for m in (a, b):
        events = event_texts(m.read(rel))
        assert gone_id not in events, f"{m.name}: the deleted event came back"
        assert "GREP-EDITED-BY-HAND" in events[edited_id], f"{m.name}: the edit was undone"
        assert len(events) == len(blocks) - 1 + 3  # A's three new tool calls arrived
    assert a.tree() == b.tree()


def test_merge_session_uses_the_base() -> None:
    def note(*ids: str, edit: str = "") -> str:
        head = "---\ntype: session\nstatus: active\n---\n\n# s\n"
        blocks = "".join(
            f'\n```vaultsync-event\nid: "{i}"\ntext: {edit if i == "e2" and edit else i}\n```\n'
            for i in ids
        )
        return head + blocks

    base = note("e1", "e2", "e3")
    ours = note("e1", "e2", "e3", "e4")  # appended
    theirs = note("e1", "e2", edit="by hand")  # e3 deleted, e2 edited
    merged = event_texts(merge.merge_session(base, ours, theirs))
    assert list(merged) == ["e1", "e2", "e4"]
    assert "by hand" in merged["e2"]
    # Without a base (both sides added the note), every event of both sides is kept.
    assert list(event_texts(merge.merge_session(None, ours, theirs))) == ["e1", "e2", "e3", "e4"]


# --- item: the deletion guard judges what arrives by sync ------------------------------------


@pytest.mark.slow  # 200 notes through two machines' CLI; fast twin below
def test_a_mass_deletion_from_the_remote_is_held(pair: tuple[Machine, Machine, Path]) -> None:
    a, b, _ = pair
    for i in range(200):
        a.write(f"notes/n{i:03d}.md", f"# Note {i}\n\nsomething worth keeping {i}\n")
    ok(a.cli("sync"))
    ok(b.cli("sync"))
    assert len(list((b.vault / "notes").glob("*.md"))) == 200
    # Someone with push access deletes every note (plain git: no guard on their side).
    git(a.vault, "rm", "-q", "-r", "notes")
    git(a.vault, "commit", "-q", "-m", "delete everything")
    git(a.vault, "push", "-q", "origin", "main")
    held = b.cli("sync")
    assert held.returncode == HELD, held.stdout + held.stderr
    assert "--accept-deletions" in held.stderr and "200" in held.stderr
    assert len(list((b.vault / "notes").glob("*.md"))) == 200
    again = b.cli("sync")  # still held, still nothing lost
    assert again.returncode == HELD
    assert len(list((b.vault / "notes").glob("*.md"))) == 200
    ok(b.cli("sync", "--accept-deletions"))
    assert not list((b.vault / "notes").glob("*.md"))
    assert b.tree() == a.tree()


def test_the_sync_guard_holds_what_arrives_and_accepts_on_request(
    pair: tuple[Machine, Machine, Path],
) -> None:
    a, b, _ = pair
    for i in range(12):
        a.write(f"notes/n{i:02d}.md", f"# Note {i}\n")
    a.sync()
    b.sync()
    git(a.vault, "rm", "-q", "-r", "notes")
    git(a.vault, "commit", "-q", "-m", "delete everything")
    git(a.vault, "push", "-q", "origin", "main")
    with pytest.raises(remote.SyncError, match="accept-deletions") as held:
        b.sync()
    assert held.value.reason == "held"
    assert len(list((b.vault / "notes").glob("*.md"))) == 12
    remote.sync(b.vault, b.config(), accept=remote.Accept(deletions=True))
    assert not (b.vault / "notes").exists() or not list((b.vault / "notes").glob("*.md"))


# --- item: a history rewritten on the remote is never merged back over ----------------------


@pytest.mark.slow  # six syncs on two machines (the refusal's fast twin: the unrelated history)
def test_a_force_pushed_history_is_refused_until_accepted(
    pair: tuple[Machine, Machine, Path],
) -> None:
    a, b, bare = pair
    a.write("leak.md", "# Oops\n\npassword hunter2 in plain text\n")
    git(a.vault, "add", "leak.md")
    git(a.vault, "commit", "-q", "-m", "leak")
    git(a.vault, "push", "-q", "origin", "main")
    ok(b.cli("sync"))
    assert (b.vault / "leak.md").exists()
    # A purges the commit and force-pushes.
    git(a.vault, "reset", "-q", "--hard", "HEAD~1")
    a.write("after.md", "# After the purge\n")
    git(a.vault, "add", "after.md")
    git(a.vault, "commit", "-q", "-m", "after")
    git(a.vault, "push", "-q", "--force", "origin", "main")
    b.write("b-local.md", "# Written on B since the last sync\n")
    refused = b.cli("sync")
    assert refused.returncode == HELD, refused.stdout + refused.stderr
    assert "--accept-rewrite" in refused.stderr
    assert "hunter2" not in git(bare, "log", "--all", "-p")  # nothing merged back over
    assert b.cli("sync").returncode == HELD  # refused again, not merged the second time
    git(b.vault, "fetch", "-q", "origin")  # a fetch by hand (or obsidian-git) moves the ref
    assert b.cli("sync").returncode == HELD
    assert "hunter2" not in git(bare, "log", "--all", "-p")
    accepted = ok(b.cli("sync", "--accept-rewrite", "--json"))
    assert '"integrated": "rewrite accepted"' in accepted.stdout
    assert not (b.vault / "leak.md").exists()
    assert (b.vault / "after.md").exists() and (b.vault / "b-local.md").exists()
    assert "hunter2" not in git(b.vault, "log", "-p", "HEAD")
    assert "hunter2" not in git(bare, "log", "--all", "-p")
    ok(a.cli("sync"))
    assert (a.vault / "b-local.md").exists()


def test_an_unrelated_history_is_refused(
    pair: tuple[Machine, Machine, Path], tmp_path: Path
) -> None:
    _a, b, bare = pair
    other = tmp_path / "other"
    subprocess.run(["git", "init", "-q", "-b", "main", str(other)], check=True)
    (other / "x.md").write_text("# another vault\n")
    git(other, "add", "x.md")
    git(other, "commit", "-q", "-m", "unrelated")
    git(other, "push", "-q", "--force", str(bare), "main")
    refused = b.cli("sync")
    assert refused.returncode == HELD, refused.stdout + refused.stderr
    assert "--accept-rewrite" in refused.stderr
    assert not (b.vault / "x.md").exists()


# --- item: a bare remote on `master`, vaults on `main` ----------------------------------------


@pytest.mark.slow  # the docs' setup on two machines, all by the CLI; fast twin below
def test_docs_setup_with_a_master_bare_remote_does_not_split_the_vault(tmp_path: Path) -> None:
    bare = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "master", str(bare)], check=True)
    a = Machine(tmp_path, "a", bare, first=True)
    ok(a.cli("sync"))
    # The other machine follows docs/sync.md: clone, init, sync.
    b_vault = tmp_path / "b"
    subprocess.run(["git", "clone", "-q", str(bare), str(b_vault)], capture_output=True, check=True)
    b = Machine.__new__(Machine)
    b.name, b.person, b.vault = "b", "", b_vault
    ok(b.cli("init", str(b_vault)))
    ok(b.cli("sync"))
    a.write("from-a.md", "# A\n")
    b.write("from-b.md", "# B\n")
    ok(a.cli("sync"))
    ok(b.cli("sync"))
    ok(a.cli("sync"))
    assert (a.vault / "from-b.md").exists() and (b.vault / "from-a.md").exists()
    heads = git(bare, "for-each-ref", "--format=%(refname)", "refs/heads")
    assert heads.split() == ["refs/heads/main"], heads


def test_init_on_a_clone_that_checked_nothing_out_takes_the_remote_branch(
    tmp_path: Path,
) -> None:
    bare = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "master", str(bare)], check=True)
    a = Machine(tmp_path, "a", bare, first=True)
    a.write("from-a.md", "# A\n")
    assert a.sync().pushed
    b = Machine(tmp_path, "b", bare)  # git clone (nothing checked out), then vaultsync init
    assert git(b.vault, "symbolic-ref", "--short", "HEAD").strip() == "main"
    assert (b.vault / "from-a.md").exists()
    assert b.sync().state in ("up-to-date", "pushed")
    assert git(bare, "for-each-ref", "--format=%(refname)", "refs/heads").split() == [
        "refs/heads/main"
    ]


def test_a_second_branch_is_never_created_beside_the_remote_one(
    pair: tuple[Machine, Machine, Path],
) -> None:
    _a, b, bare = pair
    git(b.vault, "branch", "-m", "main", "master")
    git(b.vault, "config", "--unset", "branch.master.merge")
    git(b.vault, "config", "--unset", "branch.master.remote")
    b.write("from-b.md", "# B\n")
    refused = b.cli("sync")
    assert refused.returncode == HELD, refused.stdout + refused.stderr
    assert "--branch main" in refused.stderr
    assert git(bare, "for-each-ref", "--format=%(refname)", "refs/heads").split() == [
        "refs/heads/main"
    ]
    ok(b.cli("sync", "--branch", "main"))
    assert git(bare, "for-each-ref", "--format=%(refname)", "refs/heads").split() == [
        "refs/heads/main"
    ]
    assert "from-b.md" in git(bare, "ls-tree", "-r", "--name-only", "main")


# --- item: what vaultsync does not own ---------------------------------------------------------


@pytest.mark.slow  # syncs of two machines through a bare remote (CI's slow tier)
def test_obsidian_settings_committed_elsewhere_never_wedge_sync(
    pair: tuple[Machine, Machine, Path],
) -> None:
    a, b, _ = pair
    # This machine's Obsidian has its own settings (never committed by vaultsync).
    b.write(".obsidian/app.json", '{"theme": "b"}\n')
    # obsidian-git on A commits A's settings.
    a.write(".obsidian/app.json", '{"theme": "a"}\n')
    a.write(".obsidian/workspace.json", '{"a": 1}\n')
    git(a.vault, "add", "-f", ".obsidian")
    git(a.vault, "commit", "-q", "-m", "obsidian-git: settings")
    git(a.vault, "push", "-q", "origin", "main")
    ok(b.cli("sync"))
    b.write(".obsidian/workspace.json", '{"b": 2}\n')  # B's Obsidian saves its workspace
    a.write(".obsidian/workspace.json", '{"a": 2}\n')
    a.write("from-a.md", "# A\n")
    git(a.vault, "add", "-f", ".obsidian", "from-a.md")
    git(a.vault, "commit", "-q", "-m", "obsidian-git: more")
    git(a.vault, "push", "-q", "origin", "main")
    b.write("from-b.md", "# B\n")
    ok(b.cli("sync"))
    ok(b.cli("sync"))
    assert (b.vault / "from-a.md").exists()
    assert b.read(".obsidian/app.json") == '{"theme": "b"}\n'  # this machine's own settings
    assert b.read(".obsidian/workspace.json") == '{"b": 2}\n'
    ok(a.cli("sync"))
    assert (a.vault / "from-b.md").exists()


@pytest.mark.slow  # syncs of two machines through a bare remote (CI's slow tier)
def test_a_remote_gitattributes_cannot_change_how_notes_are_stored(
    pair: tuple[Machine, Machine, Path], tmp_path: Path
) -> None:
    a, b, _ = pair
    # The pusher is plain git (without vaultsync's per-clone attributes): the note is stored
    # as UTF-8 in history and re-encoded as UTF-16 on checkout wherever the attribute applies.
    (a.vault / ".git" / "info" / "attributes").unlink(missing_ok=True)
    a.write(".gitattributes", a.read(".gitattributes") + "*.md working-tree-encoding=UTF-16\n")
    git(a.vault, "add", ".gitattributes")
    git(a.vault, "commit", "-q", "-m", "attributes")
    (a.vault / "two.md").write_bytes("# two\n\nhello\n".encode("utf-16"))
    git(a.vault, "add", "two.md")
    git(a.vault, "commit", "-q", "-m", "a note")
    git(a.vault, "push", "-q", "origin", "main")
    assert git(a.vault, "show", "HEAD:two.md") == "# two\n\nhello\n"
    ok(b.cli("sync"))
    assert (b.vault / "two.md").read_bytes() == b"# two\n\nhello\n"
    for payload in session_payloads("s9", str(tmp_path), 3):
        b.hook(payload)
    b.write("two.md", b.read("two.md") + "edited on b\n")
    ok(b.cli("sync"))
    assert git(b.vault, "status", "--porcelain", "--", "sessions", "two.md") == ""
    assert "edited on b" in git(b.vault, "show", "HEAD:two.md")
    assert (b.vault / paths.USER_MD).read_bytes()[:3] != b"\xff\xfe#"


def _tree_with(vault: Path, base_tree: str, name: str) -> str:
    """A tree: `base_tree` plus an entry called `name` (git's own commands refuse to make it)."""
    blob = git(vault, "hash-object", "-w", "--stdin").strip() if False else ""
    proc = subprocess.run(
        ["git", "hash-object", "-w", "--stdin"],
        cwd=vault,
        input=b"pwned\n",
        capture_output=True,
        check=True,
    )
    blob = proc.stdout.decode().strip()
    listing = subprocess.run(
        ["git", "ls-tree", "-z", base_tree], cwd=vault, capture_output=True, check=True
    ).stdout
    entry = f"100644 blob {blob}\t{name}\0".encode()
    proc = subprocess.run(
        ["git", "mktree", "-z", "--missing"],
        cwd=vault,
        input=listing + entry,
        capture_output=True,
        check=False,
    )
    if proc.returncode == 0:
        return proc.stdout.decode().strip()
    # mktree refuses: write the tree object byte by byte.
    raw = b""
    for item in (listing + entry).split(b"\0"):
        if not item:
            continue
        meta, _, path = item.partition(b"\t")
        mode, _kind, oid = meta.split()
        raw += mode.lstrip(b"0") + b" " + path + b"\0" + bytes.fromhex(oid.decode())
    done = subprocess.run(
        ["git", "hash-object", "-t", "tree", "-w", "--literally", "--stdin"],
        cwd=vault,
        input=raw,
        capture_output=True,
        check=True,
    )
    return done.stdout.decode().strip()


@pytest.mark.slow  # syncs of two machines through a bare remote (CI's slow tier)
def test_an_unsafe_tree_entry_is_left_out_without_wedging_sync(
    pair: tuple[Machine, Machine, Path],
) -> None:
    a, b, bare = pair
    a.write("fine.md", "# Fine\n")
    git(a.vault, "add", "fine.md")
    git(a.vault, "commit", "-q", "-m", "fine")
    tree = _tree_with(a.vault, git(a.vault, "rev-parse", "HEAD^{tree}").strip(), "..")
    commit = git(a.vault, "commit-tree", tree, "-p", "HEAD", "-m", "hostile").strip()
    git(a.vault, "push", "-q", "origin", f"{commit}:refs/heads/main")
    first = b.cli("sync")
    assert first.returncode == 0, first.stdout + first.stderr
    assert ".." in first.stdout + first.stderr  # said what it left out
    assert (b.vault / "fine.md").exists()
    assert not (b.vault.parent / "pwned").exists()
    b.write("later.md", "# Later\n")
    ok(b.cli("sync"))  # no wedge: the next sync goes through
    assert "later.md" in git(bare, "ls-tree", "-r", "--name-only", "main")


@pytest.mark.slow  # two machines by the CLI; fast twin: tests/storage/test_history_remote.py
def test_a_link_out_of_the_vault_never_arrives(
    pair: tuple[Machine, Machine, Path], tmp_path: Path
) -> None:
    a, b, bare = pair
    secret = tmp_path / "outside" / "credentials"
    secret.parent.mkdir()
    secret.write_text("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCY8q3Zp4Lm2Vt\n")
    (a.vault / "memories" / "L3-core").mkdir(parents=True, exist_ok=True)
    (a.vault / "memories" / "L3-core" / "keys.md").symlink_to(secret)
    a.write("fine.md", "# Fine\n")
    git(a.vault, "add", "-A")
    git(a.vault, "commit", "-q", "-m", "a link out")
    git(a.vault, "push", "-q", "origin", "HEAD:refs/heads/main")
    synced = ok(b.cli("sync"))
    assert "memories/L3-core/keys.md" in synced.stdout + synced.stderr  # said what it left out
    assert (b.vault / "fine.md").exists()
    link = b.vault / "memories" / "L3-core" / "keys.md"
    assert not link.exists() and not link.is_symlink()
    b.write("later.md", "# Later\n")
    ok(b.cli("sync"))  # no wedge
    assert "later.md" in git(bare, "ls-tree", "-r", "--name-only", "main")
