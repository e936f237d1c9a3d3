"""`vaultsync install AGENT` also registers the MCP server (`vaultsync mcp --agent AGENT`) in
the agent's own MCP configuration (services/agents/mcp_config knows where and how); `vaultsync
uninstall AGENT` removes exactly that entry. Same rules as the hooks (services/agents/install):
a timestamped backup before any change, idempotent, everything else kept, and an exact restore
from the backup when nothing else changed since the install.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from vaultsync.core import writer
from vaultsync.services.agents import agent_config, config_file, jsonc, mcp_config
from vaultsync.services.agents.agent_config import InstallError
from vaultsync.services.agents.config_file import backup as _backup
from vaultsync.services.agents.config_file import backups as _backups
from vaultsync.services.agents.config_file import diff as _diff
from vaultsync.services.agents.config_file import mode_of as _mode
from vaultsync.services.agents.config_file import read as _read
from vaultsync.services.agents.install import InstallResult


def install_mcp(
    agent: str,
    scope: str = "user",
    *,
    dry_run: bool = False,
    project_dir: Path | None = None,
    now: Callable[[], datetime] = datetime.now,
) -> InstallResult:
    """Register `vaultsync mcp --agent AGENT` as the agent's MCP server `vaultsync`: same rules
    as the hooks (backup first, idempotent, everything else kept)."""
    target = mcp_config.mcp_target(agent, scope, project_dir)
    raw, text = _read(target.path)
    if target.format == "json":
        data = _load(target, text)
        updated = mcp_config.add_json(data, agent, target.path)
        if updated != data:
            _refuse_comments(target, text, updated)
        new_text = text if updated == data else agent_config.dump_json(updated, text)
    else:
        # A file saved with CRLF line endings is edited as LF and written back as CRLF.
        crlf = _crlf(text)
        lf = text.replace("\r\n", "\n") if crlf else text
        if target.format == "toml":
            new_text = mcp_config.add_toml(lf, agent, target.path)
            mcp_config.check_toml(new_text, target.path)
        else:
            new_text = mcp_config.add_yaml(lf, agent, target.path)
            mcp_config.check_yaml(new_text, target.path)
        new_text = new_text.replace("\n", "\r\n") if crlf else new_text
    had = raw is not None and _has_mcp(target, text)
    action = (
        "unchanged" if raw is not None and new_text == text else ("updated" if had else "installed")
    )
    diff = _diff(target.path, text, new_text) if action != "unchanged" else ""
    backup = None
    if action != "unchanged" and not dry_run:
        mode = _mode(target.path) if raw is not None else 0o600
        if raw is not None:
            backup = _backup(target.path, raw, mode, now())
        writer.write_atomic(target.path, new_text, mode=mode)
    command, args = mcp_config.server_command(agent)
    return InstallResult(
        agent=agent, scope=target.scope, path=target.path, action=action, dry_run=dry_run,
        backup=backup, diff=diff, command=shlex.join([command, *args]),
    )  # fmt: skip


def uninstall_mcp(
    agent: str,
    scope: str = "user",
    *,
    dry_run: bool = False,
    project_dir: Path | None = None,
    now: Callable[[], datetime] = datetime.now,
) -> InstallResult:
    """Remove exactly the `vaultsync` MCP server entry; restore the file byte for byte from the
    backup taken before the install when nothing else changed since."""
    target = mcp_config.mcp_target(agent, scope, project_dir)
    raw, text = _read(target.path)
    if raw is None or not _has_mcp(target, text):
        return InstallResult(agent, target.scope, target.path, "absent", dry_run)
    new_raw: bytes | None = None
    if target.format == "json":
        cleaned = mcp_config.remove_json(_load(target, text), agent)
        _refuse_comments(target, text, None)
        for backup_path in _backups(target.path):
            try:
                before = json.loads(backup_path.read_bytes())
            except (OSError, ValueError):
                continue
            if isinstance(before, dict) and _canonical(before) == _canonical(cleaned):
                new_raw = backup_path.read_bytes()
                break
        if new_raw is None and cleaned:
            new_raw = agent_config.dump_json(cleaned, text).encode("utf-8")
    else:
        crlf = _crlf(text)
        lf = text.replace("\r\n", "\n") if crlf else text
        cleaned_text = mcp_config.remove_text(lf, target.format)
        cleaned_text = cleaned_text.replace("\n", "\r\n") if crlf else cleaned_text
        for backup_path in _backups(target.path) if cleaned_text.strip() else ():
            try:
                old_text = backup_path.read_text(encoding="utf-8")
                if old_text.rstrip("\r\n") == cleaned_text.rstrip("\r\n"):
                    new_raw = backup_path.read_bytes()
                    break
            except (OSError, UnicodeDecodeError):
                continue
        if new_raw is None and cleaned_text.strip():
            new_raw = cleaned_text.encode("utf-8")
    new_text = None if new_raw is None else new_raw.decode("utf-8")
    diff = _diff(target.path, text, new_text)
    backup = None
    removed: list[str] = []
    kept: list[str] = []
    if not dry_run:
        backup = config_file.replace(target.path, raw, new_raw, now())
        if _confirmed(target, new_raw):
            # The entry is gone from the file as written. The backup this uninstall took holds
            # nothing but the file as it is now plus the entry: not needed. When the file is
            # back byte for byte as before the MCP install, that install's backup (the same
            # bytes) goes too; older backups are the hooks' (the same file for Gemini CLI and
            # Hermes), and their uninstall, which runs next, decides about those. A file edited
            # since keeps the install's backup, unless the file holds no hooks (only this entry
            # of vaultsync's) and the backup holds nothing the restored file lacks: the agent
            # only added to it (OpenCode adds `$schema` on its first run, Claude Code its state).
            alone = not _shares_hooks(target)
            for old in _backups(target.path):
                same = new_raw is not None and config_file.same_bytes(old, new_raw)
                if old == backup or same or (alone and config_file.contained(old, new_raw)):
                    old.unlink(missing_ok=True)
                    removed.append(str(old))
            backup = None
            kept = [str(b) for b in _backups(target.path)] if new_raw is not None else []
    return InstallResult(
        agent, target.scope, target.path, "removed", dry_run, backup, diff,
        removed=tuple(removed), kept_backups=tuple(kept),
    )  # fmt: skip


def _shares_hooks(target: mcp_config.McpTarget) -> bool:
    """Whether the file also holds the agent's hooks (Gemini CLI's settings.json, Hermes'
    config.yaml): their uninstall restores from the same backups."""
    return target.agent in ("gemini", "hermes")


def _crlf(text: str) -> bool:
    """Every line of the file ends in CRLF."""
    return "\r\n" in text and text.count("\n") == text.count("\r\n")


def _confirmed(target: mcp_config.McpTarget, expected: bytes | None) -> bool:
    """Read back what uninstall wrote: exactly `expected` (None: no file), without the entry."""
    return config_file.confirmed(target.path, expected, lambda text: _has_mcp(target, text))


def _has_mcp(target: mcp_config.McpTarget, text: str) -> bool:
    if target.format != "json":
        return mcp_config.has_ours_text(text, target.format)
    try:
        return mcp_config.has_ours_json(_load(target, text), target.agent)
    except InstallError:
        return False


def _load(target: mcp_config.McpTarget, text: str) -> dict:
    """The JSON file as data; OpenCode's may be JSONC (comments, trailing commas)."""
    if target.agent != "opencode" or jsonc.is_plain(text) or not text.strip():
        return agent_config.load_json(text, target.path)
    try:
        data = jsonc.loads(text)
    except ValueError as exc:
        raise InstallError(f"{target.path} is not valid JSON(C) ({exc}); not changed") from exc
    if not isinstance(data, dict):
        raise InstallError(f"{target.path} does not hold a JSON object")
    return data


def _refuse_comments(target: mcp_config.McpTarget, text: str, updated: dict | None) -> None:
    """A JSONC file is not rewritten: its comments would be lost. Say what to add by hand."""
    if not text.strip() or jsonc.is_plain(text):
        return
    key = mcp_config.servers_key(target.agent)
    if updated is None:
        raise InstallError(
            f"{target.path} has comments, which rewriting would lose: remove "
            f"`{key}.{mcp_config.SERVER}` by hand (or pass --no-mcp)"
        )
    snippet = json.dumps({key: {mcp_config.SERVER: updated[key][mcp_config.SERVER]}}, indent=2)
    raise InstallError(
        f"{target.path} has comments, which rewriting would lose: add this by hand, then run "
        f"install again with --no-mcp:\n{snippet}"
    )


def mcp_installed(agent: str, scope: str = "user", project_dir: Path | None = None) -> bool:
    try:
        target = mcp_config.mcp_target(agent, scope, project_dir)
        raw, text = _read(target.path)
    except InstallError:
        return False
    return raw is not None and _has_mcp(target, text)


def _canonical(data: dict[str, object]) -> dict[str, object]:
    """Equal up to an empty `mcpServers`: install may have added it, uninstall removes it."""
    return {k: v for k, v in data.items() if not (k in ("mcpServers", "mcp") and v == {})}
