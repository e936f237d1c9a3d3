"""`init` (new and adopted vaults) and `demo`, against real folders and real git."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from vaultsync.core import config as config_mod
from vaultsync.core import eventlog, paths
from vaultsync.services.vault import setup as vault_service
from vaultsync.services.vault.setup import GITIGNORE_LINES, LAYOUT, VaultError, init
from vaultsync.storage import history
from vaultsync.storage.note import parse_note


def git(vault: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=vault, capture_output=True, text=True, check=True
    ).stdout


def hashes(root: Path) -> dict[str, str]:
    """Every file below root (outside .git) with its sha256."""
    out = {}
    for path in sorted(root.rglob("*")):
        if path.is_file() and ".git" not in path.relative_to(root).parts:
            out[path.relative_to(root).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def test_init_creates_layout_config_gitignore_repo_and_first_commit(tmp_path: Path) -> None:
    target = tmp_path / "new" / "vault"
    report = init(target)
    assert report.created_folder and not report.adopted and report.repo_created
    for folder in LAYOUT:
        assert (target / folder).is_dir(), folder
    ignore = (target / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert all(line in ignore for line in GITIGNORE_LINES)
    assert (
        tomllib.loads((target / paths.VAULT_CONFIG).read_text())["budgets"]["user_md_tokens"] == 500
    )
    assert git(target, "log", "--format=%s").splitlines() == ["vaultsync: initialize vault"]
    assert set(git(target, "ls-files").split()) == {
        ".gitignore",
        ".gitattributes",
        paths.VAULT_CONFIG,
    }
    assert report.commit == history.head(target)
    # The first vault on this machine is recorded so later commands find it.
    assert report.user_config == config_mod.user_config_path()
    assert config_mod.resolve_vault() == target.resolve()


def test_gitignore_keeps_obsidian_workspace_trash_and_temp_files_out(tmp_path: Path) -> None:
    target = tmp_path / "v"
    init(target)
    for rel in (
        ".obsidian/workspace.json",
        ".obsidian/workspace-mobile.json",
        ".trash/old.md",
        ".note.md.vstmp-1a2b3c4d",
        "n.md.vstmp-1a2b3c4d",
        ".vaultsync/index.sqlite-wal",
        "Note.sync-conflict-20261129-101010-ABC.md",
        "Note (conflicted copy 202611291010).md",
        ".note.md.swp",
    ):
        path = target / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x")
    (target / ".obsidian/app.json").write_text("{}")
    untracked = git(target, "status", "--porcelain", "--untracked-files=all").split("\n")
    assert [line for line in untracked if line] == ["?? .obsidian/app.json"]


def test_init_twice_changes_nothing(tmp_path: Path) -> None:
    target = tmp_path / "v"
    init(target)
    before = hashes(target)
    again = init(target)
    assert again.made == () and again.commit is None and not again.repo_created
    assert again.user_config is None  # the user config already exists: left alone
    assert hashes(target) == before
    assert len(git(target, "log", "--format=%H").split()) == 1


def test_adopting_an_obsidian_vault_changes_no_existing_file(tmp_path: Path, shared: Path) -> None:
    target = tmp_path / "help"
    shutil.copytree(shared / "corpora" / "obsidian-help", target)
    (target / ".obsidian").mkdir(exist_ok=True)
    (target / ".obsidian" / "workspace.json").write_text('{"main": {}}')
    before = hashes(target)
    notes = sum(1 for rel in before if paths.is_note(rel))
    report = init(target, user_config=False)
    after = hashes(target)
    assert {rel: after[rel] for rel in before} == before  # every byte of every file
    assert set(after) - set(before) == {".gitignore", ".gitattributes", paths.VAULT_CONFIG}
    assert report.adopted and report.existing_notes == notes
    assert (
        git(target, "log", "--format=%s").strip()
        == f"vaultsync: adopt existing vault ({notes} notes)"
    )
    tracked = set(git(target, "ls-files", "-z").split("\0")) - {""}
    assert ".obsidian/workspace.json" not in tracked
    assert sum(1 for rel in tracked if rel.endswith(".md")) == notes


def test_a_persons_gitignore_is_left_alone_and_gaps_reported(tmp_path: Path) -> None:
    target = tmp_path / "v"
    target.mkdir()
    mine = ".trash/\n# mine\nprivate/\n"
    (target / ".gitignore").write_text(mine)
    report = init(target, user_config=False)
    assert (target / ".gitignore").read_text() == mine
    assert ".trash/" not in report.gitignore_missing
    assert ".obsidian/workspace*.json" in report.gitignore_missing
    assert ".gitignore" not in report.made


def test_existing_repo_commits_only_what_init_added(tmp_path: Path) -> None:
    target = tmp_path / "v"
    target.mkdir()
    git(target, "init", "-q")
    (target / "note.md").write_text("# committed\n")
    git(target, "add", "note.md")
    git(target, "commit", "-q", "-m", "mine")
    (target / "note.md").write_text("# edited, not committed yet\n")
    (target / "draft.md").write_text("# untracked draft\n")
    report = init(target, user_config=False)
    assert not report.repo_created and report.commit
    assert git(target, "log", "-1", "--format=%s").strip() == "vaultsync: add vault config"
    assert set(git(target, "show", "--name-only", "--format=", "HEAD").split()) == {
        ".gitignore",
        ".gitattributes",
        paths.VAULT_CONFIG,
    }
    status = git(target, "status", "--porcelain")
    assert " M note.md" in status and "?? draft.md" in status


def test_a_software_project_is_refused_unless_adopted(tmp_path: Path) -> None:
    """`vaultsync init` in a code repository (its PATH defaults to "."): nothing is written
    and nothing committed, with one clear line; --adopt makes it the vault all the same. A
    real process, as a person runs it, in the folder."""
    code = tmp_path / "api"
    code.mkdir()
    git(code, "init", "-q")
    (code / "go.mod").write_text("module example.com/api\n")
    (code / "README.md").write_text("# api\n")
    git(code, "add", ".")
    git(code, "commit", "-q", "-m", "mine")
    cli = [sys.executable, "-m", "vaultsync", "init"]
    done = subprocess.run(cli, cwd=code, capture_output=True, text=True, check=False)
    assert done.returncode == 3, done.stderr  # Exit.NO_VAULT: the path cannot be a vault
    [line] = done.stderr.splitlines()
    assert "holds go.mod" in line and "--adopt" in line
    assert sorted(p.name for p in code.iterdir()) == [".git", "README.md", "go.mod"]
    assert git(code, "log", "--format=%s").split("\n")[0] == "mine"
    assert not config_mod.user_config_path().exists()
    done = subprocess.run([*cli, "--adopt"], cwd=code, capture_output=True, text=True,
                          check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert (code / paths.VAULT_CONFIG).is_file()
    assert init(code).made == ()  # a vault now: adopted again without --adopt, nothing added


@pytest.mark.parametrize("mark", [".obsidian", "notes.md"])
def test_a_vault_or_a_notes_folder_is_not_a_software_project(tmp_path: Path, mark: str) -> None:
    folder = tmp_path / "v"
    folder.mkdir()
    (folder / "Makefile").write_text("all:\n")
    if mark == ".obsidian":
        (folder / ".obsidian").mkdir()
        assert vault_service.project_marker(folder) is None
        assert init(folder, user_config=False).adopted
    else:
        (folder / mark).write_text("# a note\n")
        assert vault_service.project_marker(folder) == "Makefile"
        (folder / "Makefile").unlink()
        assert vault_service.project_marker(folder) is None


def test_an_existing_user_config_is_not_replaced(tmp_path: Path) -> None:
    user = config_mod.user_config_path()
    user.write_text('[vault]\npath = "/somewhere/else"\n')
    report = init(tmp_path / "v")
    assert report.user_config is None
    assert user.read_text() == '[vault]\npath = "/somewhere/else"\n'


def test_user_config_handles_odd_paths(tmp_path: Path) -> None:
    target = tmp_path / 'my "vault" \\ 笔记'
    init(target)
    assert config_mod.resolve_vault() == target.resolve()


@pytest.mark.parametrize("where", ["file", "home"])
def test_refuses_a_file_or_the_home_folder(
    tmp_path: Path, where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if where == "file":
        target = tmp_path / "a.md"
        target.write_text("x")
        match = "is a file"
    else:
        monkeypatch.setenv("HOME", str(tmp_path))
        target = tmp_path
        match = "refusing"
    with pytest.raises(VaultError, match=match) as info:
        init(target)
    assert info.value.reason == "place"
    assert not (tmp_path / ".git").exists()


def test_refuses_a_vault_nested_in_another_repository(tmp_path: Path) -> None:
    git(tmp_path, "init", "-q")
    with pytest.raises(VaultError, match="inside the git repository") as info:
        init(tmp_path / "inner")
    assert info.value.reason == "place"


def test_a_path_below_a_file_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(VaultError, match="cannot create") as info:
        init(tmp_path / "file" / "v")
    assert info.value.reason == "place"


def test_unwritable_parent_is_a_clear_error(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root can write anywhere")
    locked = tmp_path / "ro"
    locked.mkdir(mode=0o500)
    with pytest.raises(VaultError, match="cannot create"):
        init(locked / "v")


def test_locked_git_index_is_a_clear_error_and_loses_nothing(tmp_path: Path) -> None:
    target = tmp_path / "v"
    target.mkdir()
    (target / "keep.md").write_text("# keep\n")
    git(target, "init", "-q")
    lock = target / ".git" / "index.lock"
    lock.write_text("")  # another git process is mid-commit
    with pytest.raises(VaultError, match="stayed busy") as info:
        init(target, user_config=False, lock_timeout=0.3)
    assert info.value.reason == "locked"
    assert (target / "keep.md").read_text() == "# keep\n"
    assert (target / paths.VAULT_CONFIG).exists()  # the layout is in place
    lock.unlink()
    report = init(target, user_config=False)
    assert report.commit  # running again finishes the job: the first commit holds everything
    assert "keep.md" in git(target, "show", "--name-only", "--format=", "HEAD")


def test_broken_vault_config_is_kept_and_reported(tmp_path: Path) -> None:
    target = tmp_path / "v"
    (target / ".vaultsync").mkdir(parents=True)
    (target / paths.VAULT_CONFIG).write_text("[budgets\nbroken = ")
    report = init(target, user_config=False)
    assert (target / paths.VAULT_CONFIG).read_text() == "[budgets\nbroken = "
    assert any("vault config unreadable" in w for w in report.warnings)
    assert report.commit


# ---------------------------------------------------------------------------------------------
# demo


def test_demo_end_to_end_without_keeping(tmp_path: Path) -> None:
    user_cfg = config_mod.user_config_path()
    target = tmp_path / "demo"
    report = vault_service.demo(target, keep=False)
    assert report.notes >= 20 and report.events > 20 and report.errors == 0
    assert "Write in short, spoken sentences" in report.user_md
    assert "jq lives at /opt/homebrew/bin/jq" in report.agent_md
    english, chinese = report.searches
    assert english[0] == "pytest venv" and english[1]
    assert chinese[0] == "短句" and any("短句" in h["snippet"] for h in chinese[1])
    assert [line.split(" ", 1)[1] for line in report.git_log] == [
        "vaultsync: approve a memory, regenerate USER.md",
        "vaultsync: learn --daily --offline",
        "demo: codex session recorded by the hook",
        "demo: claude-code session recorded by the hook",
        "vaultsync: generate USER.md and AGENT.md",
        "vaultsync: adopt existing vault (23 notes)",
    ]
    assert not target.exists() and not paths.state_dir(target).exists()
    assert not user_cfg.exists()  # the demo never claims to be the person's vault


@pytest.fixture(scope="module")
def kept_demo(module_home: Path, tmp_path_factory: pytest.TempPathFactory) -> Any:
    """One kept demo for the tests that only read it (a demo run takes about a second)."""
    target = tmp_path_factory.mktemp("demo") / "kept"
    return target, vault_service.demo(target)


def test_demo_runs_the_whole_loop_offline(kept_demo: Any) -> None:
    """The demo: two recorded sessions through the hook, learn, one approval, USER.md, a search
    from the Codex side that finds the Claude Code fix, a commit per step."""
    _, report = kept_demo
    loop = report.tour
    assert [(r.agent, r.events == r.sent) for r in loop.replays] == [
        ("claude-code", True),
        ("codex", True),
    ]
    for done in loop.replays:
        note = (report.vault / done.note).read_text(encoding="utf-8")
        assert "status: summarized" in note and "\nended: " in note
        assert "Learning queue:" in done.context  # what the hook printed at session start
    agents = {rel.split(" ")[2] for rel in loop.summaries if rel.startswith("summaries/2026/12/")}
    assert agents == {"claude-code", "codex"}
    assert loop.candidates and loop.approved.startswith("memories/L2-confirmed/")
    assert loop.user_md_changed and Path(loop.approved).stem in report.user_md  # its link
    assert "Prefers pytest -q with short tracebacks" in report.user_md
    fix = [h for h in loop.codex_side if h.get("agent") == "claude-code"]
    assert fix and "ISO" in fix[0]["snippet"] and "53" in fix[0]["snippet"]
    assert report.seconds < 60  # a few seconds on a quiet machine; generous for a busy one
    assert not history.dirty_rels(report.vault)


def test_demo_keeps_a_vault_that_opens_in_obsidian(kept_demo: Any) -> None:
    target, report = kept_demo
    assert report.kept and report.vault == target.resolve()
    assert (report.vault / ".obsidian" / "app.json").is_file()
    assert (report.vault / "USER.md").is_file() and not history.dirty_rels(report.vault)
    example = hashes(vault_service.example_vault())
    copied = hashes(report.vault)
    # The demo's learn run summarises the example's pending session: only its queue properties
    # change; every other file of the example is copied byte for byte.
    learned = {rel for rel in example if copied[rel] != example[rel]}
    assert {rel: copied[rel] for rel in example if rel not in learned} == {
        rel: h for rel, h in example.items() if rel not in learned
    }
    for rel in learned:
        before = (vault_service.example_vault() / rel).read_text(encoding="utf-8")
        after = (report.vault / rel).read_text(encoding="utf-8")
        if rel.startswith("memories/"):
            # The replayed sessions were handed this memory at their start: only its usage
            # counts change (services/learning/usage.py).
            old, new = parse_note(rel, before), parse_note(rel, after)
            assert new.props.pop("recalled") >= 1 and "used" in new.props
            new.props.pop("used")
            assert (new.props, new.body) == (old.props, old.body)
            continue
        assert rel.startswith("sessions/")
        assert eventlog.parse(after) == eventlog.parse(before)
        assert "status: summarized" in after


def test_demo_refuses_a_non_empty_target(tmp_path: Path) -> None:
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x.md").write_text("mine")
    with pytest.raises(VaultError, match="not empty"):
        vault_service.demo(tmp_path / "full")
    assert (tmp_path / "full" / "x.md").read_text() == "mine"


def test_demo_without_the_example_vault(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VAULTSYNC_EXAMPLE_VAULT", str(tmp_path / "missing"))
    with pytest.raises(VaultError, match="example vault was not found"):
        vault_service.demo(tmp_path / "d")


# ---------------------------------------------------------------------------------------------
# the example vault itself


EXAMPLE = Path(__file__).resolve().parents[2] / "vault-example"


def example_notes() -> list[str]:
    return sorted(
        p.relative_to(EXAMPLE).as_posix()
        for p in EXAMPLE.rglob("*.md")
        if paths.is_note(p.relative_to(EXAMPLE).as_posix())
    )


def test_example_vault_is_what_the_script_writes(tmp_path: Path) -> None:
    script = EXAMPLE.parent / "scripts" / "make_example_vault.py"
    subprocess.run([sys.executable, str(script), str(tmp_path / "fresh")], check=True, timeout=60)
    assert hashes(tmp_path / "fresh") == hashes(EXAMPLE)


def test_example_vault_notes_are_valid() -> None:
    from vaultsync.core import eventlog
    from vaultsync.core.model import NoteType
    from vaultsync.core.properties import PUBLISH_KEYS
    from vaultsync.storage.memory import effective_level, effective_scope
    from vaultsync.storage.note import read_note

    rels = example_notes()
    notes = [read_note(EXAMPLE, rel) for rel in rels]
    assert all(n.warning is None for n in notes), [n.rel for n in notes if n.warning]
    assert not {"USER.md", "AGENT.md"} & set(rels)  # derived, never shipped
    for note in notes:
        if not note.rel.endswith("SKILL.md"):  # Agent Skills requires `description`
            assert not PUBLISH_KEYS & set(note.props), note.rel
        assert all(not t.startswith("#") for t in note.tags)

    sessions = [n for n in notes if n.type is NoteType.SESSION]
    by_agent: dict[str, int] = {}
    for note in sessions:
        events, problems = eventlog.parse_all((EXAMPLE / note.rel).read_text(encoding="utf-8"))
        assert problems == [] and len(events) >= 6
        assert {e.session_id for e in events} == {note.session_id}
        by_agent[note.agent] = by_agent.get(note.agent, 0) + 1
    assert by_agent == {"claude-code": 2, "codex": 2}

    summaries = [n for n in notes if n.type is NoteType.SUMMARY]
    assert len(summaries) == 3
    assert all(n.props["session"].strip("[]") + ".md" in rels for n in summaries)

    memories = [n for n in notes if n.type is NoteType.MEMORY]
    grid = {(effective_level(n).value, effective_scope(n).value) for n in memories}  # type: ignore[union-attr]
    assert {lvl for lvl, _ in grid} == {"L1", "L2", "L3"}
    assert {scope for _, scope in grid} == {"user", "agent", "project"}
    assert all(n.props["source"].startswith("[[summaries/") for n in memories)
    assert any(any("\u4e00" <= ch <= "\u9fff" for ch in n.body) for n in memories)
    assert sum(1 for n in notes if n.type is NoteType.NOTE) >= 3


def test_example_vault_links_resolve() -> None:
    from vaultsync.storage.note import read_note

    rels = set(example_notes())
    stems = {Path(r).stem for r in rels}
    for rel in rels:
        for target in read_note(EXAMPLE, rel).links:
            assert f"{target}.md" in rels or target in stems, f"{rel} -> {target}"


def test_example_skill_draft_is_a_valid_agent_skill() -> None:
    skills = pytest.importorskip("vaultsync.services.learning.skills")
    folder = EXAMPLE / paths.DRAFTS_DIR / "release-python-package"
    assert skills.validate_skill(folder) == []


@pytest.mark.slow
def test_demo_names_every_agent_to_install(tmp_path: Path) -> None:
    from vaultsync.core.model import AGENTS

    proc = subprocess.run(
        [sys.executable, "-m", "vaultsync", "demo", "--path", str(tmp_path / "d"), "--no-keep"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    line = next(ln for ln in proc.stdout.splitlines() if ln.startswith("For real:"))
    assert all(agent in line for agent in AGENTS) and "copilot, opencode" in line
