"""Installing a reviewed skill draft into an agent's own skills folder.

The weekly learning run writes drafts to `skills/drafts/<name>/SKILL.md`; nothing installs them
but a person (`vaultsync skills approve NAME --agent AGENT`). Installing validates the draft
against the Agent Skills rules (`skills.validate_skill`), copies the whole folder, marks the
draft `metadata.status: approved` and records where it went (`metadata.installed-<agent>-<scope>`),
so the vault remembers which agent got which skill.

Where each agent reads skills (checked against the agents' documentation, see
docs/learning-loop.md, "Skills"): per user, `<agent home>/skills/<name>/` (the homes honour
CLAUDE_CONFIG_DIR, CODEX_HOME and HERMES_HOME); per project, `.claude/skills/`,
`.agents/skills/` (Codex), `.gemini/skills/` and `.cursor/skills/`. Hermes has no project scope.

The copy is staged in a hidden folder beside the target (agents skip dot folders) and renamed
into place, so an agent never sees half a skill. An installed copy that differs is replaced only
with `force`, and the old one is kept beside it as a hidden backup.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vaultsync.core import paths, properties, timestamp, writer
from vaultsync.core.config import Config
from vaultsync.core.errors import Exit, VaultsyncError
from vaultsync.core.model import AGENTS
from vaultsync.services.agents.agent_config import agent_home
from vaultsync.services.learning.skills import validate_skill
from vaultsync.storage.note import parse_note

PROJECT_DIRS: dict[str, str | None] = {
    "claude-code": ".claude/skills",
    "codex": ".agents/skills",
    "gemini": ".gemini/skills",
    "cursor": ".cursor/skills",
    "hermes": None,
    # Installed at user level only, like their hooks.
    "copilot": None,
    "opencode": None,
}
SCOPES = ("user", "project")
_INSTALLED = "installed-"


class SkillInstallError(VaultsyncError):
    """The draft cannot be installed as asked; nothing was written."""

    def __init__(self, message: str, *, not_found: bool = False) -> None:
        super().__init__(message, exit_code=Exit.NOT_FOUND if not_found else None)
        self.not_found = not_found


@dataclass(frozen=True)
class DraftInfo:
    name: str
    rel: str  # the draft's SKILL.md, relative to the vault
    status: str  # metadata.status: draft, approved
    description: str
    problems: tuple[str, ...]
    installed: dict[str, str] = field(default_factory=dict)  # "<agent>-<scope>" -> folder

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "path": self.rel,
            "status": self.status,
            "valid": not self.problems,
            "problems": list(self.problems),
            "description": self.description,
            "installed": self.installed,
        }


@dataclass(frozen=True)
class Installed:
    name: str
    agent: str
    scope: str
    path: Path
    action: str  # installed | replaced | unchanged
    files: tuple[str, ...]
    dry_run: bool
    backup: Path | None = None
    warnings: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "agent": self.agent,
            "scope": self.scope,
            "path": str(self.path),
            "action": self.action,
            "files": list(self.files),
            "dry_run": self.dry_run,
            "backup": str(self.backup) if self.backup else None,
            "warnings": list(self.warnings),
        }


def _read_skill(folder: Path) -> dict[str, Any]:
    try:
        text = (folder / "SKILL.md").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return {}
    note = parse_note(f"{folder.name}/SKILL.md", text)
    return {} if note.warning else note.props


def list_drafts(vault: Path) -> list[DraftInfo]:
    root = vault / paths.DRAFTS_DIR
    found: list[DraftInfo] = []
    if not root.is_dir():
        return found
    for folder in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")):
        props = _read_skill(folder)
        meta = props.get("metadata") if isinstance(props.get("metadata"), dict) else {}
        assert isinstance(meta, dict)
        found.append(
            DraftInfo(
                name=folder.name,
                rel=f"{paths.DRAFTS_DIR}/{folder.name}/SKILL.md",
                status=str(meta.get("status") or "draft"),
                description=str(props.get("description") or ""),
                problems=tuple(validate_skill(folder)),
                installed={
                    str(k)[len(_INSTALLED) :]: str(v)
                    for k, v in meta.items()
                    if str(k).startswith(_INSTALLED)
                },
            )
        )
    return found


def project_root(cwd: Path) -> Path:
    """The repository holding `cwd` (nearest folder with .git), else `cwd` itself."""
    for folder in (cwd, *cwd.parents):
        if (folder / ".git").exists():
            return folder
    return cwd


def skills_dir(agent: str, scope: str = "user", project_dir: Path | None = None) -> Path:
    if agent not in AGENTS:
        raise SkillInstallError(f"unknown agent {agent!r} (one of {', '.join(AGENTS)})")
    if scope not in SCOPES:
        raise SkillInstallError(f"scope must be user or project, not {scope!r}")
    if scope == "user":
        return agent_home(agent) / "skills"
    folder = PROJECT_DIRS[agent]
    if folder is None:
        raise SkillInstallError(f"{agent} has no project skills folder; use --scope user")
    return project_root(project_dir or Path.cwd()) / folder


def _files(folder: Path) -> tuple[list[str], list[str]]:
    """(files to copy, relative to the folder; warnings about what is left out)."""
    files: list[str] = []
    skipped: list[str] = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            path = Path(dirpath) / name
            rel = path.relative_to(folder).as_posix()
            if paths.is_ignored_name(name):
                continue
            if path.is_symlink() or not path.is_file():
                skipped.append(f"{rel}: not a regular file, not copied")
                continue
            files.append(rel)
    return files, skipped


def _approved_text(text: str, key: str, target: Path, now: dt.datetime) -> str:
    props = parse_note("SKILL.md", text).props
    meta = props.get("metadata")
    meta = {str(k): str(v) for k, v in meta.items()} if isinstance(meta, dict) else {}
    meta["status"] = "approved"
    meta.setdefault("approved", timestamp.day(now))
    meta[key] = str(target)
    # Only `metadata` is rewritten: `description` (a Publish key vaultsync writes nowhere else)
    # stays exactly as the draft has it.
    return properties.set_properties(text, {"metadata": meta})


def _same_tree(a: Path, b: Path) -> bool:
    files_a, _ = _files(a)
    files_b, _ = _files(b)
    if files_a != files_b:
        return False
    return all((a / f).read_bytes() == (b / f).read_bytes() for f in files_a)


def approve(
    vault: Path,
    config: Config,
    name: str,
    agent: str,
    scope: str = "user",
    *,
    project_dir: Path | None = None,
    force: bool = False,
    dry_run: bool = False,
    now: dt.datetime | None = None,
) -> Installed:
    """Validate the draft, copy it into the agent's skills folder, mark it approved."""
    now = now or timestamp.now()
    draft = vault / paths.DRAFTS_DIR / name
    if not name or name.startswith(".") or "/" in name or not (draft / "SKILL.md").is_file():
        known = ", ".join(d.name for d in list_drafts(vault)) or "none yet"
        raise SkillInstallError(f"no skill draft named {name!r} (drafts: {known})", not_found=True)
    problems = validate_skill(draft)
    if problems:
        raise SkillInstallError(f"{name} is not a valid skill: " + "; ".join(problems))
    base = skills_dir(agent, scope, project_dir)
    target = base / name
    key = f"{_INSTALLED}{agent}-{scope}"
    skill_rel = f"{paths.DRAFTS_DIR}/{name}/SKILL.md"
    text = _approved_text((draft / "SKILL.md").read_text(encoding="utf-8"), key, target, now)
    files, warnings = _files(draft)
    exists = target.exists()
    if exists and not target.is_dir():
        raise SkillInstallError(f"{target} exists and is not a folder; move it away first")
    if dry_run:
        action = "replaced" if exists else "installed"
        return Installed(
            name, agent, scope, target, action, tuple(files), True, None, tuple(warnings)
        )

    staging = base / f".vaultsync-staging-{os.getpid()}-{os.urandom(3).hex()}"
    staged = staging / name
    backup: Path | None = None
    try:
        for rel in files:
            source = draft / rel
            data = text.encode("utf-8") if rel == "SKILL.md" else source.read_bytes()
            mode = source.stat().st_mode & 0o777
            writer.write_atomic(staged / rel, data, fsync=False, mode=mode)
        after = validate_skill(staged)
        if after:
            raise SkillInstallError(f"{name}: the approved copy is not valid: " + "; ".join(after))
        if exists and _same_tree(staged, target):
            action = "unchanged"
        elif exists and not force:
            raise SkillInstallError(
                f"{target} already holds a different {name!r}; pass --force to replace it "
                "(the old copy is kept beside it)"
            )
        else:
            if exists:
                stamp = now.strftime("%Y%m%dT%H%M%S")
                backup = base / f".{name}.vaultsync-backup-{stamp}"
                writer.move(target, backup)
            writer.move(staged, target)
            writer.flush()
            action = "replaced" if exists else "installed"
    finally:
        shutil.rmtree(staging, ignore_errors=True)  # our own temp folder, outside any vault

    writer.rewrite(
        vault / skill_rel,
        lambda current: _approved_text(current, key, target, now),
        lock_file=paths.lock_path(vault, skill_rel),
    )
    _reconcile(vault, config, skill_rel, warnings)
    return Installed(
        name, agent, scope, target, action, tuple(files), False, backup, tuple(warnings)
    )


def _reconcile(vault: Path, config: Config, rel: str, warnings: list[str]) -> None:
    from vaultsync.services.derived import reconcile

    try:
        reconcile.reconcile(vault, config, [rel])
    except (reconcile.ReconcileError, OSError, TimeoutError) as exc:
        warnings.append(f"the index was not updated ({exc}); run `vaultsync rebuild`")
