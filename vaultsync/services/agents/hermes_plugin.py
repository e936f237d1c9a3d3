"""The Hermes memory-provider plugin `vaultsync install hermes` offers: two small files in
`$HERMES_HOME/plugins/vaultsync/` (where Hermes 0.19 discovers user-installed memory providers)
whose `register(ctx)` hands Hermes adapters/hermes/provider.py. It is turned on by
`memory.provider: vaultsync` in Hermes' config.yaml (`hermes config set memory.provider
vaultsync`), which stays the person's choice: only one external provider runs at a time.
Uninstall removes the files only while they are unchanged."""

from __future__ import annotations

from pathlib import Path

from vaultsync import __version__
from vaultsync.core import paths, writer
from vaultsync.services.agents.agent_config import agent_home
from vaultsync.services.agents.footprint import forget, missing_dirs, remember_dirs, remove_empty

_KEY = "hermes-plugin:"  # its entry in install's footprint manifest

NAME = "vaultsync"
ACTIVATE = f"hermes config set memory.provider {NAME}"


def plugin_dir(home: Path | None = None) -> Path:
    return (home or agent_home("hermes")) / "plugins" / NAME


def files() -> dict[str, str]:
    init = (
        '"""vaultsync memory provider for Hermes Agent, written by `vaultsync install hermes`\n'
        "(the provider itself: vaultsync/adapters/hermes/provider.py). Registers a\n"
        'MemoryProvider through register_memory_provider."""\n'
        "import sys\n\n"
        f"_ROOT = {str(paths.package_root())!r}\n"
        "if _ROOT not in sys.path:\n"
        "    sys.path.insert(0, _ROOT)\n\n"
        "from vaultsync.adapters.hermes.provider import VaultsyncMemoryProvider, register  # noqa\n"
    )
    meta = (
        f"name: {NAME}\n"
        f"version: {__version__}\n"
        'description: "vaultsync: one shared, person-editable memory (an Obsidian vault) for '
        'Claude Code, Codex, Gemini CLI, Copilot CLI, OpenCode, Cursor and Hermes."\n'
    )
    return {"__init__.py": init, "plugin.yaml": meta}


def install(dry_run: bool = False, home: Path | None = None) -> tuple[str, ...]:
    done = []
    if not dry_run:  # the folders it makes (plugins/ too), for uninstall to remove again
        remember_dirs(_KEY + str(plugin_dir(home)), "hermes", missing_dirs(plugin_dir(home)))
    for name, text in files().items():
        path = plugin_dir(home) / name
        try:
            current = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            current = None
        if current != text:
            if not dry_run:
                writer.write_atomic(path, text)
            done.append(str(path))
    return tuple(done)


def uninstall(dry_run: bool = False, home: Path | None = None) -> tuple[str, ...]:
    done = []
    folder = plugin_dir(home)
    for name, text in files().items():
        path = folder / name
        try:
            same = path.read_text(encoding="utf-8") == text
        except (OSError, UnicodeDecodeError):
            same = False
        if same:
            if not dry_run:
                path.unlink()
            done.append(str(path))
    if not dry_run and folder.is_dir():
        cache = folder / "__pycache__"
        if cache.is_dir():
            for leftover in cache.iterdir():
                leftover.unlink()
            cache.rmdir()
        if not any(folder.iterdir()):
            folder.rmdir()
    if not dry_run:
        remove_empty(forget(_KEY + str(folder)))
    return tuple(done)
