"""Is each installed agent wired up so that its hooks really reach the vault?

One check per agent whose configuration holds vaultsync's hooks (user scope, plus any project
file `vaultsync install` recorded): the configuration present and current (every event, the
current command), the launcher it names runnable, the vault the hook will find, and the
agent-specific traps the real CLIs showed (tests/agents/):
- Codex runs a new or changed hook only after a person trusts it, and `codex exec` says nothing
  when it skips one. Trust is recorded in config.toml as
  `[hooks.state."<hooks.json>:<event>:<group>:<handler>"] trusted_hash = …`; an entry for each
  of vaultsync's handlers means they were trusted (whether the hash still matches an edited
  handler only Codex can tell, so `install` says to trust again after a change).
- Codex also warns on every run when hooks live in both hooks.json and a `[hooks]` table of
  config.toml, and runs both: duplicate locations are reported.
Read-only: nothing here changes a file. `vaultsync doctor` shows these checks, `vaultsync status`
their one-word state.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vaultsync.core.hook.agents import INSTALL_EVENTS
from vaultsync.core.model import AGENTS
from vaultsync.services.agents import agent_config
from vaultsync.services.agents.agent_config import InstallError, Target, target_for

TRUST_FIX = (
    'run `codex` once in a terminal and choose "Trust all and continue" at "Hooks need '
    'review" (or trust the vaultsync entries in /hooks); one run with '
    "--dangerously-bypass-hook-trust runs them untrusted"
)

DUPLICATE_FIX = "move the [hooks] tables of config.toml into hooks.json (or delete them)"


@dataclass(frozen=True)
class AgentHealth:
    agent: str
    state: str  # "ok" | "warn" | "fail"
    summary: str
    fix: str = ""
    short: str = "installed"  # one word or two for `vaultsync status`


def _snake(event: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", event).lower()


def _targets(agent: str) -> list[Target]:
    from vaultsync.services.agents.footprint import manifest
    from vaultsync.services.agents.install import installed

    found: list[Target] = []
    if installed(agent):
        found.append(target_for(agent))
    for key, entry in manifest().items():
        if entry.get("agent") != agent or key == str(target_for(agent).path):
            continue
        target = Target(agent, "project", Path(key), target_for(agent).format)
        if installed_at(target):
            found.append(target)
    return found


def installed_at(target: Target) -> bool:
    from vaultsync.services.agents.install import has_ours, read_config

    try:
        raw, text = read_config(target.path)
    except InstallError:
        return False
    return raw is not None and has_ours(target, text)


def _our_handlers(target: Target) -> dict[str, tuple[int, int, dict[str, Any]]]:
    """event -> (group index, handler index, handler) of vaultsync's handlers in a JSON file."""
    data = json.loads(target.path.read_text(encoding="utf-8"))
    out: dict[str, tuple[int, int, dict[str, Any]]] = {}
    hooks = data.get("hooks") if isinstance(data, dict) else None
    for event, groups in (hooks or {}).items():
        for g, group in enumerate(groups if isinstance(groups, list) else []):
            if target.agent in agent_config.FLAT and agent_config.is_ours(group, target.agent):
                out[event] = (g, 0, group)
                continue
            handlers = group.get("hooks") if isinstance(group, dict) else None
            for h, handler in enumerate(handlers if isinstance(handlers, list) else []):
                if agent_config.is_ours(handler, target.agent):
                    out[event] = (g, h, handler)
    return out


def _current(target: Target) -> list[str]:
    """What is out of date in the file: missing events, an old command."""
    from vaultsync.services.agents.install import hook_command, launcher_path

    command, _ = hook_command(target.agent, launcher_path())
    if target.format == "js":
        from vaultsync.services.agents.opencode_plugin import plugin_text

        current = target.path.read_text(encoding="utf-8") == plugin_text(command)
        return [] if current else ["the plugin is out of date"]
    if target.format == "yaml":
        text = target.path.read_text(encoding="utf-8")
        problems = [f"no {e}" for e in INSTALL_EVENTS[target.agent] if f"  {e}:" not in text]
        if command not in text and json.dumps(command) not in text:
            problems.append("an old hook command")
        return problems
    ours = _our_handlers(target)
    problems = [f"no {e}" for e in INSTALL_EVENTS[target.agent] if e not in ours]
    for event, (_g, _h, handler) in ours.items():
        if handler != agent_config.handler(target.agent, event, command):
            problems.append(f"{event} is out of date")
    return problems


def _runnable(command: str) -> str:
    """'' when the hook command can start, else what is wrong."""
    import shlex

    try:
        program = shlex.split(command)[0]
    except (ValueError, IndexError):
        return "the hook command cannot be parsed"
    path = Path(program)
    if not path.is_file() or not os.access(path, os.X_OK):
        return f"the hook program {program} is missing or not executable"
    try:
        first = path.read_bytes()[:200].split(b"\n", 1)[0].decode("utf-8", "replace")
    except OSError:
        return f"cannot read {program}"
    if first.startswith("#!"):
        interpreter = first[2:].split()[0] if first[2:].split() else ""
        if interpreter and not Path(interpreter).exists():
            return f"its interpreter {interpreter} is gone (moved virtualenv?)"
    return ""


def _vault_problem(vault: Path) -> str:
    """How the hook, started by the agent, finds the vault: VAULTSYNC_VAULT if the agent's
    environment has it, else the user config. Checked against the vault being examined."""
    from vaultsync.core.config import ConfigError, resolve_vault

    if os.environ.get("VAULTSYNC_VAULT"):
        where = Path(os.environ["VAULTSYNC_VAULT"]).expanduser()
    else:
        try:
            found = resolve_vault(None)
        except ConfigError as exc:
            return f"the user config is broken: {exc}"
        if found is None:
            return "the hook finds no vault (no [vault] path in the user config)"
        where = found
    if not where.is_dir():
        return f"the hook's vault {where} does not exist"
    if where.resolve() != vault.resolve():
        return f"the hook writes to {where}, not to this vault"
    return ""


def codex_trust(target: Target) -> tuple[list[str], list[str]]:
    """(events of vaultsync's whose handler Codex has not trusted, duplicate-location notes)."""
    import tomllib

    config = target.path.parent / "config.toml"
    try:
        data = tomllib.loads(config.read_text(encoding="utf-8"))
    except FileNotFoundError:
        data = {}
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return [], [f"{config} cannot be read"]
    raw_hooks = data.get("hooks")
    hooks: dict[str, Any] = raw_hooks if isinstance(raw_hooks, dict) else {}
    raw_state = hooks.get("state")
    state: dict[str, Any] = raw_state if isinstance(raw_state, dict) else {}
    untrusted = []
    for event, (g, h, _handler) in sorted(_our_handlers(target).items()):
        key = f"{target.path}:{_snake(event)}:{g}:{h}"
        entry = state.get(key)
        if not (isinstance(entry, dict) and entry.get("trusted_hash")):
            untrusted.append(event)
    inline = sorted(k for k in hooks if k != "state")
    dupes = []
    if inline:
        ours = "vaultsync-hook" in json.dumps({k: hooks[k] for k in inline})
        dupes.append(
            f"{config} also has hooks ({', '.join(inline)})"
            + ("; vaultsync's among them: each event is recorded twice" if ours else "")
        )
    return untrusted, dupes


def check(agent: str, vault: Path) -> AgentHealth | None:
    """The agent's health, or None when vaultsync's hooks are not installed for it."""
    from vaultsync.services.agents.install import hook_command, launcher_path

    try:
        targets = _targets(agent)
    except (InstallError, OSError):
        return None
    if not targets:
        return None
    fix_install = f"run `vaultsync install {agent}`"
    where = ", ".join(str(t.path) for t in targets)
    try:
        stale = [p for t in targets for p in _current(t)]
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        return AgentHealth(agent, "fail", f"{where} cannot be read: {exc}", fix_install, "broken")
    command, _ = hook_command(agent, launcher_path())
    broken = _runnable(command)
    if broken:
        return AgentHealth(agent, "fail", f"{where}: {broken}", fix_install, "broken")
    lost = _vault_problem(vault)
    if lost:
        fix = "run `vaultsync init PATH` for this vault, or set VAULTSYNC_VAULT for the agent"
        return AgentHealth(agent, "fail", f"{where}: {lost}", fix, "no vault")
    if stale:
        return AgentHealth(agent, "warn", f"{where}: {', '.join(stale)}", fix_install, "outdated")
    notes = []
    if len(targets) > 1:
        notes.append(f"installed in {len(targets)} places, each runs: {where}")
    if agent == "codex":
        untrusted, dupes = codex_trust(targets[0])
        notes += dupes
        if untrusted:
            summary = (
                f"{targets[0].path}: hooks not trusted ({', '.join(untrusted)}): Codex runs "
                "none of them, silently"
            )
            fix = TRUST_FIX + (f"; also {DUPLICATE_FIX}" if dupes else "")
            return AgentHealth(agent, "warn", "; ".join([summary, *notes]), fix, "not trusted")
    if notes:
        fix = "keep vaultsync's hooks in one place (`vaultsync uninstall` the others)"
        if agent == "codex":
            fix = DUPLICATE_FIX
        return AgentHealth(agent, "warn", f"{where}; " + "; ".join(notes), fix, "duplicated")
    return AgentHealth(agent, "ok", f"{where}: every event, current command, vault reachable")


def check_all(vault: Path) -> list[AgentHealth]:
    return [h for h in (check(agent, vault) for agent in AGENTS) if h is not None]
