"""`vaultsync install AGENT` / `vaultsync uninstall AGENT`: wire the hook into an agent.

Install adds one vaultsync handler per event to the agent's own configuration, keeps every
other setting and hook, makes a timestamped backup next to the file before any change, and
changes nothing when run again. Uninstall removes exactly those handlers; when nothing else
changed since the install, the file is restored byte for byte from the backup taken just before
it (re-serialising JSON could otherwise reflow a person's formatting).

The command written into the configuration names a small launcher in the vaultsync home
folder that runs this interpreter with `-I -S` and an explicit import path: skipping `site`
(and any version-manager shim) is most of the difference between a hook that costs a bare
interpreter start and one that costs twice that (docs/performance.md, "Hook").
"""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from vaultsync.core import paths, writer
from vaultsync.core.model import AGENTS
from vaultsync.services.agents import agent_config, config_file, opencode_plugin
from vaultsync.services.agents.agent_config import InstallError, Target, target_for
from vaultsync.services.agents.config_file import backup as _backup
from vaultsync.services.agents.config_file import backups as _backups
from vaultsync.services.agents.config_file import diff as _diff
from vaultsync.services.agents.config_file import mode_of as _mode
from vaultsync.services.agents.config_file import read as read_config
from vaultsync.services.agents.footprint import (
    LAUNCHER_KEY,
    forget,
    manifest,
    manifest_path,
    missing_dirs,
    remember_dirs,
    remove_empty,
)
from vaultsync.services.agents.next_steps import MANUAL_STEPS

__all__ = [
    "EXTRA_FILES",
    "InstallError",
    "InstallResult",
    "install",
    "installed",
    "manifest_path",
    "uninstall",
]


@dataclass(frozen=True)
class ExtraFile:
    """A file installed alongside the hooks (e.g. a slash command), relative to the folder that
    holds the agent's hook configuration for the scope (`~/.claude/` or a project's `.claude/`).
    Installed when absent, removed on uninstall only if still unchanged."""

    rel: str
    content: str


# Extension point for files that ship with an agent's integration.
EXTRA_FILES: dict[str, tuple[ExtraFile, ...]] = {agent: () for agent in AGENTS}

# Claude Code slash commands (package data under resources/claude-commands/). Each carries
# `disable-model-invocation: true`: only a person can run them, never the model on its own.
CLAUDE_COMMANDS = ("me.md", "learn-from-queue.md", "learn-loop-rollback.md", "learning-loop.md")


def _claude_commands() -> tuple[ExtraFile, ...]:
    from importlib import resources

    folder = resources.files("vaultsync") / "resources" / "claude-commands"
    return tuple(
        ExtraFile(f"commands/{name}", (folder / name).read_text(encoding="utf-8"))
        for name in CLAUDE_COMMANDS
    )


EXTRA_FILES["claude-code"] = _claude_commands()


@dataclass(frozen=True)
class InstallResult:
    agent: str
    scope: str
    path: Path
    action: str  # "installed" | "updated" | "unchanged" | "removed" | "absent"
    dry_run: bool
    backup: Path | None = None
    diff: str = ""
    launcher: Path | None = None
    command: str = ""
    steps: tuple[str, ...] = ()
    extra_files: tuple[str, ...] = field(default_factory=tuple)
    removed: tuple[str, ...] = ()  # uninstall: backups, folders and the launcher it removed
    kept_backups: tuple[str, ...] = ()  # uninstall: backups kept (the restore was not exact)

    @property
    def changed(self) -> bool:
        return self.action in ("installed", "updated", "removed")

    def as_dict(self) -> dict[str, object]:
        return {
            "agent": self.agent,
            "scope": self.scope,
            "path": str(self.path),
            "action": self.action,
            "changed": self.changed,
            "dry_run": self.dry_run,
            "backup": str(self.backup) if self.backup else None,
            "launcher": str(self.launcher) if self.launcher else None,
            "command": self.command,
            "steps": list(self.steps),
            "diff": self.diff,
            "extra_files": list(self.extra_files),
            "removed": list(self.removed),
            "kept_backups": list(self.kept_backups),
        }


# --- the launcher ------------------------------------------------------------------------------


def launcher_path() -> Path:
    return paths.vaultsync_home() / "bin" / "vaultsync-hook"


def launcher_text(python: str | None = None) -> str:
    python = python or sys.executable
    return (
        f"#!{python} -IS\n"
        "# vaultsync hook launcher, written by `vaultsync install`. -I -S skip site-packages\n"
        "# and environment-driven start-up work; the hook needs only the standard library.\n"
        "import gc, sys\n"
        "gc.disable()  # a short-lived process (vaultsync.core.hook.run_process says why)\n"
        f"sys.path.insert(0, {str(paths.package_root())!r})\n"
        "from vaultsync.core.hook.process import run_process\n"
        "run_process(sys.argv[1:])\n"
    )


def hook_command(agent: str, launcher: Path | None = None) -> tuple[str, bool]:
    """The command written into the agent's configuration, and whether it runs the launcher.

    Absolute paths only: a PATH lookup through a version-manager shim costs 50-75 ms a call.
    A shebang cannot name an interpreter path with spaces (and Linux caps its length), so
    then the console script installed next to the interpreter is used instead.
    """
    python = sys.executable
    if launcher is not None and not any(c.isspace() for c in python) and len(python) < 100:
        return f"{shlex.quote(str(launcher))} --agent {agent}", True
    script = Path(python).parent / "vaultsync-hook"
    return f"{shlex.quote(str(script))} --agent {agent}", False


def _write_launcher(dry_run: bool) -> Path:
    target = launcher_path()
    text = launcher_text()
    if not dry_run:
        remember_dirs(LAUNCHER_KEY, "", missing_dirs(target.parent))
        try:
            current = target.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            current = None
        if current != text:
            writer.write_atomic(target, text, mode=0o755)
        target.chmod(0o755)
    return target


# --- install / uninstall --------------------------------------------------------------------------


def install(
    agent: str,
    scope: str = "user",
    *,
    dry_run: bool = False,
    project_dir: Path | None = None,
    now: Callable[[], datetime] = datetime.now,
) -> InstallResult:
    target = target_for(agent, scope, project_dir)
    raw, text = read_config(target.path)
    command, uses_launcher = hook_command(agent, launcher_path())
    if target.format == "js":
        if raw is not None and not opencode_plugin.is_ours(text):
            raise InstallError(f"{target.path} is there and is not vaultsync's; not changed")
        new_text = opencode_plugin.plugin_text(command)
    elif target.format == "json":
        data = agent_config.load_json(text, target.path)
        updated = agent_config.add_json(data, target, command)
        new_text = text if updated == data else agent_config.dump_json(updated, text)
    else:
        new_text = agent_config.add_yaml(text, command, target.path)
        _check_yaml(new_text, target)
    action = (
        "unchanged"
        if new_text == text and raw is not None
        else ("updated" if raw is not None and has_ours(target, text) else "installed")
    )
    diff = _diff(target.path, text, new_text) if action != "unchanged" else ""
    launcher = _write_launcher(dry_run) if uses_launcher else None
    backup = None
    if not dry_run:
        created = missing_dirs(target.path.parent)
        for extra in EXTRA_FILES.get(agent, ()):
            created += missing_dirs((target.path.parent / extra.rel).parent)
        remember_dirs(str(target.path), agent, created)
    if action != "unchanged" and not dry_run:
        mode = _mode(target.path)
        if raw is not None:
            backup = _backup(target.path, raw, mode, now())
        writer.write_atomic(target.path, new_text, mode=mode)
    extras = _install_extras(agent, dry_run, target.path.parent)
    return InstallResult(
        agent=agent,
        scope=target.scope,
        path=target.path,
        action=action,
        dry_run=dry_run,
        backup=backup,
        diff=diff,
        launcher=launcher,
        command=command,
        steps=MANUAL_STEPS.get(agent, ()) if action != "unchanged" else (),
        extra_files=extras,
    )


def uninstall(
    agent: str,
    scope: str = "user",
    *,
    dry_run: bool = False,
    project_dir: Path | None = None,
    now: Callable[[], datetime] = datetime.now,
) -> InstallResult:
    target = target_for(agent, scope, project_dir)
    raw, text = read_config(target.path)
    if raw is None or not has_ours(target, text):
        return InstallResult(agent, target.scope, target.path, "absent", dry_run)
    new_raw: bytes | None
    if target.format == "js":
        new_raw = None  # vaultsync's own file: removed
    elif target.format == "json":
        data = agent_config.load_json(text, target.path)
        cleaned = agent_config.remove_json(data, target)
        new_raw = _restore(target, cleaned=cleaned, cleaned_text=None)
        if new_raw is None and cleaned:
            new_raw = agent_config.dump_json(cleaned, text).encode("utf-8")
    else:
        crlf = agent_config.is_crlf(text)
        lf = text.replace("\r\n", "\n") if crlf else text
        cleaned_text = agent_config.remove_yaml(lf, provider=True)
        cleaned_text = cleaned_text.replace("\n", "\r\n") if crlf else cleaned_text
        new_raw = _restore(target, cleaned=None, cleaned_text=cleaned_text)
        if new_raw is None and cleaned_text.strip():
            new_raw = cleaned_text.encode("utf-8")
    new_text = None if new_raw is None else new_raw.decode("utf-8")
    diff = _diff(target.path, text, new_text)
    backup = None
    removed: list[str] = []
    kept: list[str] = []
    if not dry_run:
        backup = config_file.replace(target.path, raw, new_raw, now())
        olds = _backups(target.path)
        exact = new_raw is None or any(config_file.same_bytes(b, new_raw) for b in olds)
        # Not the same bytes, but everything the file said before the install is still said:
        # the agent's own writer rewrote it since (Hermes' `config set` dumps the whole file)
        # or added to it. The backups hold nothing of the person's that the file lacks.
        exact = exact or (len(olds) > 1 and config_file.contained(olds[-1], new_raw))
        if exact and _confirmed(target, new_raw):
            # The person's file is back exactly as it was (or gone, as before the install): the
            # backups, which hold vaultsync's hooks or copies of that same file, are not needed.
            for old in _backups(target.path):
                old.unlink(missing_ok=True)
                removed.append(str(old))
            backup = None
        else:
            kept = [str(b) for b in _backups(target.path)]
    extras = _remove_extras(agent, dry_run, target.path.parent)
    if not dry_run:
        removed += _cleanup(target, extras)
    return InstallResult(
        agent=agent,
        scope=target.scope,
        path=target.path,
        action="removed",
        dry_run=dry_run,
        backup=backup,
        diff=diff,
        extra_files=extras,
        removed=tuple(removed),
        kept_backups=tuple(kept),
    )


def _confirmed(target: Target, expected: bytes | None) -> bool:
    """Read back what uninstall wrote: the file holds `expected` and none of our hooks."""
    return config_file.confirmed(target.path, expected, lambda text: has_ours(target, text))


def _cleanup(target: Target, extras: tuple[str, ...]) -> list[str]:
    """After an uninstall: the folders install created (when empty), the slash-command folder
    it filled (when empty), and the launcher once no configuration names it."""
    recorded = str(target.path) in manifest()
    dirs = forget(str(target.path))
    if not recorded:  # installed by an older vaultsync: only the folder its extras filled
        dirs = sorted({str(Path(p).parent) for p in extras})
    removed = remove_empty(dirs)
    still = [k for k in manifest() if k != LAUNCHER_KEY]
    if not still and not any(installed(agent) for agent in AGENTS):
        launcher = launcher_path()
        if launcher.exists():
            launcher.unlink()
            removed.append(str(launcher))
        removed += remove_empty([str(launcher.parent), *forget(LAUNCHER_KEY)])
    return removed


def has_ours(target: Target, text: str) -> bool:
    if target.format == "js":
        return opencode_plugin.is_ours(text)
    if target.format == "yaml":
        return agent_config.has_ours_yaml(text)
    try:
        data = agent_config.load_json(text, target.path)
    except InstallError:
        return False
    return agent_config.has_ours_json(data, target.agent)


def _restore(target: Target, *, cleaned: dict | None, cleaned_text: str | None) -> bytes | None:
    """The bytes of the newest backup that says the same as the cleaned file, so uninstall
    gives back the person's exact formatting. None when no backup matches (and the caller
    serialises), or when the cleaned file is empty (install created it: remove it)."""
    if (cleaned is not None and not cleaned) or (
        cleaned_text is not None and not cleaned_text.strip()
    ):
        return None
    for backup in _backups(target.path):
        try:
            raw = backup.read_bytes()
            text = raw.decode("utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if cleaned is not None:
            try:
                if _same_settings(
                    json.loads(text), cleaned, cursor=target.agent in agent_config.FLAT
                ):
                    return raw
            except ValueError:
                continue
        elif cleaned_text is not None and text.rstrip("\n") == cleaned_text.rstrip("\n"):
            return raw
    return None


def _same_settings(a: object, b: object, *, cursor: bool = False) -> bool:
    """Equal, ignoring empty hook lists and an empty `hooks` object (and Cursor's `version: 1`):
    install may have added them and uninstall cannot tell whether they were there before."""

    def canonical(data: object) -> object:
        if not isinstance(data, dict):
            return data
        out = dict(data)
        if cursor and out.get("version") == 1:
            del out["version"]
        hooks = out.get("hooks")
        if isinstance(hooks, dict):
            hooks = {k: v for k, v in hooks.items() if v != []}
            if hooks:
                out["hooks"] = hooks
            else:
                del out["hooks"]
        return out

    return canonical(a) == canonical(b)


def _check_yaml(text: str, target: Target) -> None:
    """Never write a config.yaml Hermes could not read."""
    import yaml

    try:
        data = yaml.safe_load(text) if text.strip() else {}
    except yaml.YAMLError as exc:
        raise InstallError(
            f"{target.path}: the result would not be valid YAML ({exc}); not changed"
        ) from exc
    hooks = data.get("hooks") if isinstance(data, dict) else None
    if not isinstance(hooks, dict):
        raise InstallError(f"{target.path}: could not place the hooks; add them by hand")


def _install_extras(agent: str, dry_run: bool, base: Path | None = None) -> tuple[str, ...]:
    done = []
    for extra in EXTRA_FILES.get(agent, ()):
        path = (base or agent_config.agent_home(agent)) / extra.rel
        if not path.exists():
            if not dry_run:
                writer.write_atomic(path, extra.content)
            done.append(str(path))
    return tuple(done)


def _remove_extras(agent: str, dry_run: bool, base: Path | None = None) -> tuple[str, ...]:
    done = []
    for extra in EXTRA_FILES.get(agent, ()):
        path = (base or agent_config.agent_home(agent)) / extra.rel
        try:
            same = path.read_text(encoding="utf-8") == extra.content
        except (OSError, UnicodeDecodeError):
            same = False
        if same:
            if not dry_run:
                path.unlink()
            done.append(str(path))
    return tuple(done)


def installed(agent: str, scope: str = "user", project_dir: Path | None = None) -> bool:
    """Whether the agent's configuration currently holds vaultsync's hooks."""
    try:
        target = target_for(agent, scope, project_dir)
        raw, text = read_config(target.path)
    except InstallError:
        return False
    return raw is not None and has_ours(target, text)
