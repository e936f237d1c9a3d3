"""Where each agent keeps its MCP servers, and how vaultsync's entry (`vaultsync mcp --agent
NAME`, server name `vaultsync`) is added to and removed from it without touching anything else.

Formats, as each agent's own `mcp add` command writes them (checked with Claude Code 2.1.332,
Codex 0.171.0, Gemini CLI 0.61.0 and Hermes Agent 0.19.0; docs/mcp.md):
- Claude Code: `~/.claude.json` (or `$CLAUDE_CONFIG_DIR/.claude.json`) top-level `mcpServers`
  (user scope), `<repo>/.mcp.json` (project scope); entry `{type: stdio, command, args, env}`.
- Codex: `$CODEX_HOME/config.toml` (or `<repo>/.codex/config.toml`), a `[mcp_servers.vaultsync]`
  table, edited as text in a marked chunk (no TOML writer in the standard library, and a
  person's comments survive).
- Gemini CLI: `settings.json` `mcpServers` (the file that holds the hooks).
- Cursor: `~/.cursor/mcp.json` or `<repo>/.cursor/mcp.json`, `mcpServers`.
- Hermes: `config.yaml` `mcp_servers`, a marked chunk (like the hooks).
- Copilot CLI 1.0.102: `~/.copilot/mcp-config.json` (or `$COPILOT_HOME/`) `mcpServers`, entry
  `{type: local, command, args, tools: ["*"], env}` (what `copilot mcp add` writes).
- OpenCode 1.18.33: `~/.config/opencode/opencode.json` (or `opencode.jsonc`; `$XDG_CONFIG_HOME`)
  key `mcp`, entry `{type: local, command: [program, args...], enabled: true}`. OpenCode rejects
  unknown keys, and the file may hold comments (JSONC): such a file is not rewritten.
"""

from __future__ import annotations

import json
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vaultsync.services.agents.agent_config import InstallError, agent_home

SERVER = "vaultsync"


@dataclass(frozen=True)
class McpTarget:
    agent: str
    scope: str
    path: Path
    format: str  # "json" | "toml" | "yaml"


def _project_root(cwd: Path) -> Path:
    for folder in (cwd, *cwd.parents):
        if (folder / ".git").exists():
            return folder
    return cwd


def mcp_target(agent: str, scope: str = "user", project_dir: Path | None = None) -> McpTarget:
    if scope not in ("user", "project"):
        raise InstallError(f"scope must be user or project, not {scope!r}")
    root = project_dir or _project_root(Path.cwd())
    if agent == "claude-code":
        if scope == "project":
            return McpTarget(agent, scope, root / ".mcp.json", "json")
        base = os.environ.get("CLAUDE_CONFIG_DIR")
        home = Path(base).expanduser() if base else agent_home(agent).parent
        return McpTarget(agent, scope, home / ".claude.json", "json")
    if agent == "codex":
        where = root / ".codex" if scope == "project" else agent_home(agent)
        return McpTarget(agent, scope, where / "config.toml", "toml")
    if agent == "gemini":
        where = root / ".gemini" if scope == "project" else agent_home(agent)
        return McpTarget(agent, scope, where / "settings.json", "json")
    if agent == "cursor":
        where = root / ".cursor" if scope == "project" else agent_home(agent)
        return McpTarget(agent, scope, where / "mcp.json", "json")
    if agent in ("hermes", "copilot", "opencode") and scope == "project":
        raise InstallError(f"{agent} is installed at user level only; use --scope user")
    if agent == "hermes":
        return McpTarget(agent, scope, agent_home(agent) / "config.yaml", "yaml")
    if agent == "copilot":
        return McpTarget(agent, scope, agent_home(agent) / "mcp-config.json", "json")
    if agent == "opencode":
        folder = agent_home(agent)
        jsonc = folder / "opencode.jsonc"
        name = jsonc if jsonc.exists() and not (folder / "opencode.json").exists() else None
        return McpTarget(agent, scope, name or folder / "opencode.json", "json")
    raise InstallError(f"unknown agent {agent!r}")


def servers_key(agent: str) -> str:
    """The JSON key that holds the servers."""
    return "mcp" if agent == "opencode" else "mcpServers"


# Codex and Hermes start MCP servers with a short list of variables (HOME, PATH, ...), so the
# ones that say where the vault and vaultsync's state are must be passed on by name: Codex's
# `env_vars`, Hermes' `env` with `${NAME}` (which Hermes leaves as it is when NAME is unset:
# adapters/mcp_server drops such a value).
CODEX_ENV_VARS = ("VAULTSYNC_VAULT", "VAULTSYNC_HOME")
HERMES_ENV = json.dumps({name: "${" + name + "}" for name in CODEX_ENV_VARS})


def server_command(agent: str) -> tuple[str, list[str]]:
    """The console script next to this interpreter (absolute: no PATH lookup, no shim)."""
    script = Path(sys.executable).parent / "vaultsync"
    return str(script), ["mcp", "--agent", agent]


def entry(agent: str) -> dict[str, Any]:
    command, args = server_command(agent)
    if agent == "claude-code":
        return {"type": "stdio", "command": command, "args": args, "env": {}}
    if agent == "copilot":
        return {"type": "local", "command": command, "args": args, "tools": ["*"], "env": {}}
    if agent == "opencode":
        return {"type": "local", "command": [command, *args], "enabled": True}
    return {"command": command, "args": args}


def command_of(value: Any) -> tuple[str, list[str]] | None:
    """(program, arguments) of a server entry in any agent's shape (OpenCode: one array)."""
    if not isinstance(value, dict):
        return None
    command, args = value.get("command"), value.get("args")
    if isinstance(command, list) and command and all(isinstance(c, str) for c in command):
        return command[0], list(command[1:])
    if isinstance(command, str) and (args is None or isinstance(args, list)):
        return command, [str(a) for a in args or []]
    return None


def is_ours(value: Any) -> bool:
    found = command_of(value)
    return found is not None and found[1][:1] == ["mcp"] and Path(found[0]).name == "vaultsync"


# --- JSON: mcpServers.vaultsync ---------------------------------------------------------------


def add_json(data: dict[str, Any], agent: str, path: Path) -> dict[str, Any]:
    data = json.loads(json.dumps(data))
    key = servers_key(agent)
    servers = data.get(key)
    if servers is None:
        servers = data[key] = {}
    if not isinstance(servers, dict):
        raise InstallError(f"{path}: `{key}` is a {type(servers).__name__}, expected object")
    current = servers.get(SERVER)
    if current is not None and not is_ours(current):
        raise InstallError(
            f"{path}: an MCP server named {SERVER!r} is already there and is not vaultsync's; "
            "rename it or pass --no-mcp"
        )
    servers[SERVER] = entry(agent)
    return data


def remove_json(data: dict[str, Any], agent: str = "") -> dict[str, Any]:
    data = json.loads(json.dumps(data))
    key = servers_key(agent)
    servers = data.get(key)
    if isinstance(servers, dict) and is_ours(servers.get(SERVER)):
        del servers[SERVER]
        if not servers:
            del data[key]
    return data


def has_ours_json(data: dict[str, Any], agent: str = "") -> bool:
    servers = data.get(servers_key(agent))
    return isinstance(servers, dict) and is_ours(servers.get(SERVER))


# --- text formats: a marked chunk ----------------------------------------------------------------

BEGIN = "# >>> vaultsync mcp (vaultsync uninstall AGENT removes this block)"
END = "# <<< vaultsync mcp"
_CHUNK = re.compile(
    r"^[ \t]*# >>> vaultsync mcp.*?\n(?:.*\n)*?[ \t]*# <<< vaultsync mcp[^\n]*(?:\n|$)",
    re.MULTILINE,
)


_MARKER_LINE = re.compile(r"^[ \t]*# (?:>>>|<<<) vaultsync mcp[^\n]*(?:\n|$)", re.MULTILINE)


def remove_text(text: str, fmt: str = "toml") -> str:
    """`text` (Codex TOML or Hermes YAML) without vaultsync's server: the marked block, or,
    once an agent's own writer dropped the markers, the entry found by its content
    (services/agents/config_text.py). Raises InstallError when that cannot be done safely."""
    from vaultsync.services.agents import config_text

    text = _MARKER_LINE.sub("", _CHUNK.sub("", text))
    try:
        if fmt == "toml":
            if not _toml_ours(text):
                return text
            result = config_text.toml_without_table(text, ("mcp_servers", SERVER))
            return config_text.checked_toml(text, result, ("mcp_servers", SERVER))
        result = config_text.yaml_without_entry(text, "mcp_servers", SERVER, is_ours)
        return config_text.checked_yaml(
            text,
            result,
            lambda data: config_text.expected_without_entry(data, "mcp_servers", SERVER, is_ours),
        )
    except config_text.NotRemovable as exc:
        raise InstallError(
            f"vaultsync's MCP server entry could not be removed automatically ({exc}); remove "
            f"`{SERVER}` from the MCP servers by hand"
        ) from exc


def _toml_ours(text: str) -> bool:
    import tomllib

    try:
        servers = tomllib.loads(text).get("mcp_servers")
    except tomllib.TOMLDecodeError:
        return False
    return isinstance(servers, dict) and is_ours(servers.get(SERVER))


def has_ours_text(text: str, fmt: str = "toml") -> bool:
    """The marked block, or vaultsync's server found by its content."""
    if _CHUNK.search(text) is not None:
        return True
    if fmt == "toml":
        return _toml_ours(text)
    import yaml

    try:
        data = yaml.safe_load(text) if text.strip() else {}
    except yaml.YAMLError:
        return False
    servers = data.get("mcp_servers") if isinstance(data, dict) else None
    return isinstance(servers, dict) and is_ours(servers.get(SERVER))


def _toml_string(value: str) -> str:
    return json.dumps(value)  # a JSON string is a valid TOML basic string


def add_toml(text: str, agent: str, path: Path) -> str:
    text = remove_text(text, "toml")
    if re.search(rf"^\s*\[mcp_servers\.\"?{SERVER}\"?\]", text, re.MULTILINE):
        raise InstallError(
            f"{path}: [mcp_servers.{SERVER}] is already there and is not vaultsync's block; "
            "remove it or pass --no-mcp"
        )
    command, args = server_command(agent)
    chunk = "\n".join([
        BEGIN,
        f"[mcp_servers.{SERVER}]",
        f"command = {_toml_string(command)}",
        "args = [" + ", ".join(_toml_string(a) for a in args) + "]",
        "env_vars = [" + ", ".join(_toml_string(v) for v in CODEX_ENV_VARS) + "]",
        END,
    ]) + "\n"  # fmt: skip
    # Appended: a table header ends the table before it, so keys above stay where they were.
    sep = "" if not text or text.endswith("\n\n") else ("\n" if text.endswith("\n") else "\n\n")
    return text + sep + chunk


def add_yaml(text: str, agent: str, path: Path) -> str:
    """Hermes config.yaml: `mcp_servers.vaultsync`, inside an existing block mapping or new."""
    text = remove_text(text, "yaml")
    command, args = server_command(agent)
    top = re.search(r"^mcp_servers:[ \t]*(#.*)?$", text, re.MULTILINE)
    if top is None:
        if re.search(r"^mcp_servers:", text, re.MULTILINE):
            raise InstallError(
                f"{path}: `mcp_servers:` holds an inline value; make it a block mapping, or "
                "add the server by hand (docs/mcp.md)"
            )
        body = ["mcp_servers:", f"  {SERVER}:", f"    command: {json.dumps(command)}",
                f"    args: {json.dumps(args)}", f"    env: {HERMES_ENV}"]  # fmt: skip
        chunk = "\n".join([BEGIN, *body, END]) + "\n"
        sep = "" if not text or text.endswith("\n") else "\n"
        return text + sep + chunk
    if re.search(rf"^[ \t]+{SERVER}:", text[top.end() :].split("\n\n")[0], re.MULTILINE):
        raise InstallError(f"{path}: mcp_servers.{SERVER} is already there; remove it first")
    lines = [f"  {BEGIN}", f"  {SERVER}:", f"    command: {json.dumps(command)}",
             f"    args: {json.dumps(args)}", f"    env: {HERMES_ENV}", f"  {END}"]  # fmt: skip
    at = top.end() + 1 if top.end() < len(text) else len(text)
    head = text[:at] if text[:at].endswith("\n") else text[:at] + "\n"
    return head + "\n".join(lines) + "\n" + text[at:]


def check_yaml(text: str, path: Path) -> None:
    import yaml

    try:
        data = yaml.safe_load(text) if text.strip() else {}
    except yaml.YAMLError as exc:
        raise InstallError(f"{path}: the result would not be valid YAML ({exc})") from exc
    servers = data.get("mcp_servers") if isinstance(data, dict) else None
    if not isinstance(servers, dict) or not is_ours(servers.get(SERVER)):
        raise InstallError(f"{path}: could not place the MCP server; add it by hand")


def check_toml(text: str, path: Path) -> None:
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InstallError(f"{path}: the result would not be valid TOML ({exc})") from exc
    servers = data.get("mcp_servers")
    if not isinstance(servers, dict) or not is_ours(servers.get(SERVER)):
        raise InstallError(f"{path}: could not place the MCP server; add it by hand")


def registered(
    agent: str, scope: str = "user", project_dir: Path | None = None
) -> tuple[str, list[str], dict[str, str]] | None:
    """(command, args, env) of vaultsync's server as the agent's configuration holds it now
    (whatever wrote the file last), or None when it holds none."""
    target = mcp_target(agent, scope, project_dir)
    try:
        text = target.path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    if target.format == "toml":
        import tomllib

        data: Any = tomllib.loads(text)
        servers = data.get("mcp_servers")
    elif target.format == "yaml":
        import yaml

        data = yaml.safe_load(text) if text.strip() else {}
        servers = data.get("mcp_servers") if isinstance(data, dict) else None
    else:
        from vaultsync.services.agents import jsonc

        data = jsonc.loads(text) if text.strip() else {}
        servers = data.get(servers_key(agent)) if isinstance(data, dict) else None
    value = servers.get(SERVER) if isinstance(servers, dict) else None
    found = command_of(value)
    if found is None or not isinstance(value, dict) or not is_ours(value):
        return None
    env: dict[str, str] = {}
    raw_env = value.get("env")
    if isinstance(raw_env, dict):
        env = {str(k): str(v) for k, v in raw_env.items()}
    for name in value.get("env_vars") or ():  # Codex: passed on from its own environment
        if isinstance(name, str) and os.environ.get(name):
            env[name] = os.environ[name]
    raw_env = value.get("environment")  # OpenCode's name for it
    if isinstance(raw_env, dict):
        env.update({str(k): str(v) for k, v in raw_env.items()})
    return found[0], found[1], env
