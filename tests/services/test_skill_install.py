"""Installing a skill draft into an agent's skills folder: a real draft written by the learning
loop's own writer, validated, copied, marked approved; refusals leave everything as it was."""

from __future__ import annotations

import datetime as dt
import json
import stat
from pathlib import Path

import pytest
from typer.testing import CliRunner

from vaultsync.adapters.cli.app import app, load_commands
from vaultsync.core.config import load_config
from vaultsync.services.agents import skill_install
from vaultsync.services.learning.skills import Draft, validate_skill, write_draft
from vaultsync.storage.note import read_note

NOW = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)


@pytest.fixture(autouse=True)
def homes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "userhome"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    for var in ("CLAUDE_CONFIG_DIR", "CODEX_HOME", "HERMES_HOME"):
        monkeypatch.delenv(var, raising=False)
    return home


def draft(vault: Path, name: str = "release-python-package") -> Path:
    """A draft as `learn --weekly` writes it (known issue: `description` is a Publish key)."""
    made = Draft(
        name=name,
        description="Runs the release procedure: bump the version; run the tests; tag. "
        "Use when a package is ready to publish.",
        when="a package is ready to publish",
        steps=("Bump the version in pyproject.toml", "Run `pytest -q`", "Tag and push"),
        proposals=("skills/proposals/a.md", "skills/proposals/b.md", "skills/proposals/c.md"),
    )
    rel = write_draft(vault, made, NOW)
    folder = vault / rel.rsplit("/", 1)[0]
    assert (folder / "SKILL.md").is_file() and validate_skill(folder) == []
    scripts = folder / "scripts"
    scripts.mkdir()
    (scripts / "bump.sh").write_text("#!/bin/sh\necho bump\n", encoding="utf-8")
    (scripts / "bump.sh").chmod(0o755)
    (folder / ".DS_Store").write_bytes(b"junk")
    return folder


def test_list_shows_drafts_with_status_and_validity(vault: Path) -> None:
    draft(vault)
    bad = vault / "skills/drafts/broken-one"
    bad.mkdir(parents=True)
    (bad / "SKILL.md").write_text("---\nname: other-name\n---\nbody\n", encoding="utf-8")
    found = {d.name: d for d in skill_install.list_drafts(vault)}
    assert found["release-python-package"].status == "draft"
    assert found["release-python-package"].problems == ()
    assert found["broken-one"].problems and "description is missing" in found["broken-one"].problems


def test_approve_installs_for_claude_code_and_marks_the_draft(vault: Path, homes: Path) -> None:
    folder = draft(vault)
    config = load_config(vault)
    result = skill_install.approve(vault, config, folder.name, "claude-code", now=NOW)
    target = homes / ".claude" / "skills" / folder.name
    assert result.path == target and result.action == "installed"
    assert sorted(result.files) == ["SKILL.md", "scripts/bump.sh"]
    assert validate_skill(target) == []
    assert not (target / ".DS_Store").exists()
    assert stat.S_IMODE((target / "scripts/bump.sh").stat().st_mode) & 0o111
    meta = read_note(vault, f"skills/drafts/{folder.name}/SKILL.md").props["metadata"]
    assert meta["status"] == "approved" and meta["approved"] == "2026-11-29"
    assert meta["installed-claude-code-user"] == str(target)
    assert (target / "SKILL.md").read_text() == (folder / "SKILL.md").read_text()
    assert not [p for p in target.parent.iterdir() if p.name.startswith(".")]  # no staging left
    listed = skill_install.list_drafts(vault)[0]
    assert listed.status == "approved" and listed.installed == {"claude-code-user": str(target)}

    again = skill_install.approve(vault, config, folder.name, "claude-code", now=NOW)
    assert again.action == "unchanged"


def test_each_agent_and_scope_has_its_folder(
    vault: Path, homes: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "src").mkdir()
    assert skill_install.skills_dir("codex") == homes / ".codex" / "skills"
    assert skill_install.skills_dir("hermes") == homes / ".hermes" / "skills"
    assert skill_install.skills_dir("gemini") == homes / ".gemini" / "skills"
    assert skill_install.skills_dir("cursor") == homes / ".cursor" / "skills"
    monkeypatch.setenv("CODEX_HOME", str(tmp_path / "codexhome"))
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "claudecfg"))
    assert skill_install.skills_dir("codex") == tmp_path / "codexhome" / "skills"
    assert skill_install.skills_dir("claude-code") == tmp_path / "claudecfg" / "skills"
    src = repo / "src"
    assert skill_install.skills_dir("claude-code", "project", src) == repo / ".claude/skills"
    assert skill_install.skills_dir("codex", "project", src) == repo / ".agents/skills"
    with pytest.raises(skill_install.SkillInstallError, match="no project skills folder"):
        skill_install.skills_dir("hermes", "project", src)
    with pytest.raises(skill_install.SkillInstallError, match="scope must be"):
        skill_install.skills_dir("codex", "global")

    folder = draft(vault)
    config = load_config(vault)
    result = skill_install.approve(
        vault, config, folder.name, "codex", "project", project_dir=src, now=NOW
    )
    assert result.path == repo / ".agents/skills" / folder.name
    assert (result.path / "SKILL.md").is_file()


def test_refusals_change_nothing(vault: Path, homes: Path) -> None:
    config = load_config(vault)
    with pytest.raises(skill_install.SkillInstallError) as missing:
        skill_install.approve(vault, config, "no-such-skill", "codex")
    assert missing.value.not_found
    with pytest.raises(skill_install.SkillInstallError):
        skill_install.approve(vault, config, "../../etc", "codex")

    bad = vault / "skills/drafts/bad-skill"
    bad.mkdir(parents=True)
    original = "---\nname: bad-skill\nextra_key: 1\n---\n# Bad\n"
    (bad / "SKILL.md").write_text(original, encoding="utf-8")
    with pytest.raises(skill_install.SkillInstallError, match="not a valid skill"):
        skill_install.approve(vault, config, "bad-skill", "codex")
    assert (bad / "SKILL.md").read_text() == original
    assert not (homes / ".codex").exists()

    # A different copy already installed is replaced only with force, and kept as a backup.
    folder = draft(vault)
    target = homes / ".codex" / "skills" / folder.name
    target.mkdir(parents=True)
    (target / "SKILL.md").write_text("a person's own skill\n", encoding="utf-8")
    with pytest.raises(skill_install.SkillInstallError, match="--force"):
        skill_install.approve(vault, config, folder.name, "codex", now=NOW)
    assert (target / "SKILL.md").read_text() == "a person's own skill\n"
    assert read_note(vault, f"skills/drafts/{folder.name}/SKILL.md").props["metadata"][
        "status"
    ] == ("draft")
    done = skill_install.approve(vault, config, folder.name, "codex", force=True, now=NOW)
    assert done.action == "replaced" and done.backup is not None
    assert (done.backup / "SKILL.md").read_text() == "a person's own skill\n"
    assert validate_skill(target) == []


def test_dry_run_writes_nothing(vault: Path, homes: Path) -> None:
    folder = draft(vault)
    before = (folder / "SKILL.md").read_bytes()
    result = skill_install.approve(
        vault, load_config(vault), folder.name, "gemini", dry_run=True, now=NOW
    )
    assert result.dry_run and result.path == homes / ".gemini/skills" / folder.name
    assert not result.path.exists() and (folder / "SKILL.md").read_bytes() == before


def test_cli_list_and_approve(vault: Path, homes: Path) -> None:
    load_commands()
    runner = CliRunner()
    folder = draft(vault)
    listed = runner.invoke(app, ["skills", "list", "--vault", str(vault), "--json"])
    assert listed.exit_code == 0, listed.output
    assert json.loads(listed.stdout)[0]["valid"] is True
    done = runner.invoke(
        app, ["skills", "approve", folder.name, "--agent", "claude", "--vault", str(vault)]
    )
    assert done.exit_code == 0, done.output
    assert "installed for claude-code (user)" in done.stdout
    text = runner.invoke(app, ["skills", "list", "--vault", str(vault)])
    assert "[approved]" in text.stdout and "installed (claude-code-user)" in text.stdout
    missing = runner.invoke(
        app, ["skills", "approve", "nope", "--agent", "codex", "--vault", str(vault)]
    )
    assert missing.exit_code == 6 and "no skill draft named" in missing.stderr
    unknown = runner.invoke(
        app, ["skills", "approve", folder.name, "--agent", "emacs", "--vault", str(vault)]
    )
    assert unknown.exit_code == 2 and "unknown agent" in unknown.stderr
