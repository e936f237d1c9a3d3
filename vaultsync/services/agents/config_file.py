"""An agent's configuration file as install and uninstall handle it: read (UTF-8 or refused),
timestamped backups next to it, newest first, a unified diff for --dry-run, its permission
bits, and the read-back that confirms an uninstall. Shared by the hooks' install
(services/agents/install) and the MCP registration (services/agents/mcp_install)."""

from __future__ import annotations

import difflib
import stat
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from vaultsync.core import writer
from vaultsync.services.agents.agent_config import InstallError


def read(path: Path) -> tuple[bytes | None, str]:
    """(raw bytes, text), or (None, "") when the file does not exist."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, ""
    except OSError as exc:
        raise InstallError(f"cannot read {path}: {exc.strerror}") from exc
    try:
        return raw, raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InstallError(f"{path} is not UTF-8 text (byte {exc.start}); not changed") from exc


def backup(path: Path, raw: bytes, mode: int, now: datetime) -> Path:
    stamp = now.strftime("%Y%m%dT%H%M%S")
    target = path.with_name(f"{path.name}.vaultsync-backup-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.vaultsync-backup-{stamp}-{n}")
        n += 1
    writer.write_atomic(target, raw, mode=mode)
    return target


def backups(path: Path) -> list[Path]:
    """The backups of `path`, newest first."""
    found = path.parent.glob(f"{path.name}.vaultsync-backup-*")
    return sorted(found, key=lambda p: (p.stat().st_mtime_ns, p.name), reverse=True)


def diff(path: Path, old: str, new: str | None) -> str:
    lines = difflib.unified_diff(
        old.splitlines(keepends=True),
        [] if new is None else new.splitlines(keepends=True),
        fromfile=str(path),
        tofile=str(path) if new is not None else "/dev/null",
    )
    return "".join(
        ln if ln.endswith("\n") else ln + "\n\\ No newline at end of file\n" for ln in lines
    )


def mode_of(path: Path, default: int = 0o644) -> int:
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return default


def same_bytes(path: Path, data: bytes) -> bool:
    try:
        return path.read_bytes() == data
    except OSError:
        return False


def confirmed(path: Path, expected: bytes | None, still_ours: Callable[[str], bool]) -> bool:
    """Read back what uninstall wrote: the file holds exactly `expected` (None: no file) and
    `still_ours` finds nothing of vaultsync's left in it."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return expected is None
    except OSError:
        return False
    if raw != expected:
        return False
    try:
        return not still_ours(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return False


def replace(path: Path, raw: bytes, new_raw: bytes | None, now: datetime) -> Path:
    """Uninstall's write: back the file up as it is, then write `new_raw` with the file's own
    permission bits, or remove the file (None: install created it, nothing of the person's is
    in it). Returns the backup."""
    mode = mode_of(path)
    saved = backup(path, raw, mode, now)
    if new_raw is None:
        path.unlink()
    else:
        writer.write_atomic(path, new_raw, mode=mode)
    return saved


def parsed(raw: bytes, name: str) -> object:
    """A configuration file's data (JSON or JSONC, YAML or TOML, by its name)."""
    text = raw.decode("utf-8")
    if name.endswith((".yaml", ".yml")):
        import yaml

        return yaml.safe_load(text) if text.strip() else {}
    if name.endswith(".toml"):
        import tomllib

        return tomllib.loads(text)
    from vaultsync.services.agents import jsonc

    return jsonc.loads(text) if text.strip() else {}


def contained(backup_path: Path, new_raw: bytes | None) -> bool:
    """Whether everything the backup says, the restored file says too (the agent only added
    to it since): then the backup holds nothing of the person's that would be lost."""
    if new_raw is None:
        return False
    name = backup_path.name.split(".vaultsync-backup-")[0]
    try:
        before = parsed(backup_path.read_bytes(), name)
        after = parsed(new_raw, name)
    except Exception:  # unreadable, or not JSON/YAML/TOML: not contained, never a crash
        return False
    return _contains(after, before)


def _contains(big: object, small: object) -> bool:
    if isinstance(small, dict):
        return isinstance(big, dict) and all(
            k in big and _contains(big[k], v) for k, v in small.items()
        )
    return big == small
