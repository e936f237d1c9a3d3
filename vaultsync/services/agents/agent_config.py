"""Where each agent keeps its hook configuration, and how vaultsync's entries are added to and
removed from it without touching anything else.

JSON files (Claude Code, Codex, Gemini, Cursor) are edited as data: our handlers are added
next to whatever is there and recognised later by their command (`vaultsync-hook --agent
NAME`). Hermes' config.yaml is edited as text, in marked chunks, so a person's comments and
layout survive; no YAML round trip. Copilot CLI gets a hooks file of its own
(`~/.copilot/hooks/vaultsync.json`: Copilot combines every file there), OpenCode a plugin file
of its own (`~/.config/opencode/plugins/vaultsync.js`, services/agents/opencode_plugin.py).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vaultsync.core.errors import VaultsyncError
from vaultsync.core.hook import timeouts
from vaultsync.core.hook.agents import INSTALL_EVENTS


class InstallError(VaultsyncError):
    """The agent's configuration cannot be changed safely; nothing was written."""


@dataclass(frozen=True)
class Target:
    agent: str
    scope: str  # "user" | "project"
    path: Path
    format: str  # "json" | "yaml" | "js"


def _home() -> Path:
    return Path(os.environ.get("HOME") or Path.home())


def agent_home(agent: str) -> Path:
    """The agent's own per-user folder, honouring the agents' environment overrides."""
    if agent == "claude-code" and os.environ.get("CLAUDE_CONFIG_DIR"):
        return Path(os.environ["CLAUDE_CONFIG_DIR"]).expanduser()
    if agent == "codex" and os.environ.get("CODEX_HOME"):
        return Path(os.environ["CODEX_HOME"]).expanduser()
    if agent == "hermes" and os.environ.get("HERMES_HOME"):
        return Path(os.environ["HERMES_HOME"]).expanduser()
    if agent == "copilot" and os.environ.get("COPILOT_HOME"):
        return Path(os.environ["COPILOT_HOME"]).expanduser()
    if agent == "opencode":
        config = os.environ.get("XDG_CONFIG_HOME")
        return (Path(config).expanduser() if config else _home() / ".config") / "opencode"
    folder = {"claude-code": ".claude", "codex": ".codex", "hermes": ".hermes"}.get(agent)
    return _home() / (folder or f".{agent}")


_FILES = {
    "claude-code": ("settings.json", ".claude/settings.json"),
    "codex": ("hooks.json", ".codex/hooks.json"),
    "gemini": ("settings.json", ".gemini/settings.json"),
    "cursor": ("hooks.json", ".cursor/hooks.json"),
    "hermes": ("config.yaml", None),
    # User level only: a repository's hooks run in Copilot only in a trusted folder (skipped
    # silently otherwise), and a project plugin makes OpenCode install packages into the project.
    "copilot": ("hooks/vaultsync.json", None),
    "opencode": ("plugins/vaultsync.js", None),
}

# Hook files whose events hold a flat list of handlers (no Claude-style matcher groups), with
# a `version: 1` next to `hooks`.
FLAT = ("cursor", "copilot")


def target_for(agent: str, scope: str = "user", project_dir: Path | None = None) -> Target:
    if agent not in _FILES:
        raise InstallError(f"unknown agent {agent!r} (one of {', '.join(_FILES)})")
    if scope not in ("user", "project"):
        raise InstallError(f"scope must be user or project, not {scope!r}")
    user_name, project_rel = _FILES[agent]
    fmt = {"hermes": "yaml", "opencode": "js"}.get(agent, "json")
    if scope == "user":
        return Target(agent, scope, agent_home(agent) / user_name, fmt)
    if project_rel is None:
        raise InstallError(f"{agent} has no project-level hook configuration; use --scope user")
    root = project_dir or _project_root(Path.cwd())
    return Target(agent, scope, root / project_rel, fmt)


def _project_root(cwd: Path) -> Path:
    for folder in (cwd, *cwd.parents):
        if (folder / ".git").exists():
            return folder
    return cwd


def _timeout(agent: str, event: str) -> int | None:
    """The timeout written for one handler, in the agent's unit (the table is shared with the
    hook, which derives its time limit from it: core/hook/timeouts.py)."""
    seconds = timeouts.installed_timeout_s(agent, event)
    if seconds is None:
        return None
    return seconds * 1000 if agent == "gemini" else seconds


def handler(agent: str, event: str, command: str) -> dict[str, Any]:
    """The hook handler object vaultsync adds for one event."""
    if agent == "cursor":
        return {"command": command}
    if agent == "copilot":
        # camelCase events send camelCase payloads that do not name the event: --event does.
        copilot: dict[str, Any] = {"type": "command", "bash": f"{command} --event {event}"}
        seconds = _timeout(agent, event)
        if seconds is not None:
            copilot["timeoutSec"] = seconds
        return copilot
    entry: dict[str, Any] = {"type": "command", "command": command}
    if agent == "gemini":
        # One name per entry: Gemini turns hooks off by name (hooksConfig.disabled).
        entry = {"name": f"vaultsync-{event}", **entry}
    timeout = _timeout(agent, event)
    if timeout is not None:
        entry["timeout"] = timeout
    return entry


def is_ours(entry: Any, agent: str) -> bool:
    if not isinstance(entry, dict):
        return False
    return any(
        isinstance(command, str) and _marker(agent).search(command) is not None
        for command in (entry.get("command"), entry.get("bash"))
    )


def _marker(agent: str) -> re.Pattern[str]:
    return re.compile(r"vaultsync-hook['\"]?\s+--agent[= ]['\"]?" + re.escape(agent) + r"(?![\w-])")


# --- JSON --------------------------------------------------------------------------------------


def load_json(text: str, path: Path) -> dict[str, Any]:
    if not text.strip():
        return {}
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise InstallError(
            f"{path} is not valid JSON ({exc}); fix it or add the hooks by hand (docs/hooks.md)"
        ) from exc
    if not isinstance(data, dict):
        raise InstallError(f"{path} does not hold a JSON object")
    return data


def dump_json(data: dict[str, Any], like: str) -> str:
    """Serialise in the style of the file it replaces: its indent and final newline."""
    match = re.search(r"^([ \t]+)\S", like, re.MULTILINE)
    indent: str | int = match.group(1) if match else 2
    text = json.dumps(data, indent=indent, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate escape (valid JSON): keep it escaped
        text = json.dumps(data, indent=indent)
    return text + "\n" if (like.endswith("\n") or not like) else text


def _section(data: dict[str, Any], key: str, kind: type, path: Path) -> Any:
    value = data.get(key)
    if value is None:
        value = kind()
        data[key] = value
    if not isinstance(value, kind):
        raise InstallError(f"{path}: `{key}` is a {type(value).__name__}, expected {kind.__name__}")
    return value


def add_json(data: dict[str, Any], target: Target, command: str) -> dict[str, Any]:
    """A copy of `data` with exactly one vaultsync handler per event (stale ones replaced)."""
    data = json.loads(json.dumps(data))
    agent = target.agent
    if agent in FLAT:
        data.setdefault("version", 1)
    hooks = _section(data, "hooks", dict, target.path)
    for event in INSTALL_EVENTS[agent]:
        wanted = handler(agent, event, command)
        groups = _section(hooks, event, list, target.path)
        if agent in FLAT:
            ours = [h for h in groups if is_ours(h, agent)]
            if ours != [wanted]:
                groups[:] = [h for h in groups if not is_ours(h, agent)] + [wanted]
            continue
        ours = [
            h
            for g in groups
            if isinstance(g, dict)
            for h in _list(g.get("hooks"))
            if is_ours(h, agent)
        ]
        if ours == [wanted]:
            continue
        groups[:] = [*_without_ours(groups, agent), {"hooks": [wanted]}]
    return data


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _handlers(group: Any) -> list[Any]:
    return _list(group.get("hooks")) if isinstance(group, dict) else []


def _without_ours(groups: list[Any], agent: str) -> list[Any]:
    kept: list[Any] = []
    for group in groups:
        if isinstance(group, dict) and isinstance(group.get("hooks"), list):
            handlers = [h for h in group["hooks"] if not is_ours(h, agent)]
            if len(handlers) != len(group["hooks"]):
                if handlers:
                    kept.append({**group, "hooks": handlers})
                continue
        kept.append(group)
    return kept


def remove_json(data: dict[str, Any], target: Target) -> dict[str, Any]:
    """A copy of `data` without vaultsync's handlers (and the containers only they filled)."""
    data = json.loads(json.dumps(data))
    hooks = data.get("hooks")
    if not isinstance(hooks, dict):
        return data
    removed = False
    for event in list(hooks):
        groups = hooks[event]
        if not isinstance(groups, list):
            continue
        if target.agent in FLAT:
            kept = [h for h in groups if not is_ours(h, target.agent)]
        else:
            kept = _without_ours(groups, target.agent)
        if kept != groups:
            removed = True
            if kept:
                hooks[event] = kept
            else:
                del hooks[event]
    if removed and not hooks:
        del data["hooks"]
        if target.agent in FLAT and data == {"version": 1}:
            data = {}
    return data


def has_ours_json(data: dict[str, Any], agent: str) -> bool:
    hooks = data.get("hooks")
    if not isinstance(hooks, dict):
        return False
    for groups in hooks.values():
        for group in _list(groups):
            if is_ours(group, agent):
                return True
            if isinstance(group, dict) and any(
                is_ours(h, agent) for h in _list(group.get("hooks"))
            ):
                return True
    return False


# --- Hermes YAML (text) --------------------------------------------------------------------------

BEGIN = "# >>> vaultsync hooks (vaultsync uninstall hermes removes this block)"
END = "# <<< vaultsync hooks"
_CHUNK = re.compile(
    r"^[ \t]*# >>> vaultsync hooks.*?\n(?:.*\n)*?[ \t]*# <<< vaultsync hooks[^\n]*(?:\n|$)",
    re.MULTILINE,
)
_TOP_HOOKS = re.compile(r"^hooks:[ \t]*(#.*)?\r?$", re.MULTILINE)


def remove_yaml(text: str, *, provider: bool = False) -> str:
    """`text` without vaultsync's Hermes hooks: the marked chunks, then any hook left whose
    command is vaultsync's (after `hermes config set …` dumped the file again, without the
    markers). With `provider`, also `memory.provider: vaultsync`, which names the plugin
    uninstall removes. Raises InstallError when that cannot be done safely."""
    from vaultsync.services.agents import config_text

    def ours(item: Any) -> bool:
        return is_ours(item, "hermes")

    def named(value: Any) -> bool:
        return value == "vaultsync"

    chunked = _CHUNK.sub("", text)
    try:
        result = config_text.yaml_without_hooks(chunked, ours)
        if provider:
            result = config_text.yaml_without_entry(result, "memory", "provider", named)

        def expected(data: Any) -> Any:
            data = config_text.expected_without_hooks(data, ours)
            if provider:
                data = config_text.expected_without_entry(data, "memory", "provider", named)
            return data

        if result != chunked:
            config_text.checked_yaml(chunked, result, expected)
        return result
    except config_text.NotRemovable as exc:
        raise InstallError(
            f"vaultsync's Hermes hooks could not be removed automatically ({exc}); remove the "
            "hooks whose command is `… vaultsync-hook --agent hermes` by hand"
        ) from exc


def is_crlf(text: str) -> bool:
    """Every line ends in CRLF (a file saved on Windows): edit it as LF, write it back as CRLF."""
    return "\r\n" in text and text.count("\n") == text.count("\r\n")


def has_ours_yaml(text: str) -> bool:
    """The marked chunk, or a hook whose command is vaultsync's (found by its content)."""
    if _CHUNK.search(text) is not None:
        return True
    if "vaultsync-hook" not in text:
        return False
    import yaml

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        return False
    hooks = data.get("hooks") if isinstance(data, dict) else None
    return isinstance(hooks, dict) and any(
        is_ours(item, "hermes") for items in hooks.values() for item in _list(items)
    )


def _item(indent: str, command: str, event: str) -> list[str]:
    lines = [f"{indent}- command: {json.dumps(command)}"]
    timeout = _timeout("hermes", event)
    if timeout is not None:
        lines.append(f"{indent}  timeout: {timeout}")
    return lines


def add_yaml(text: str, command: str, path: Path) -> str:
    """`text` with vaultsync's Hermes hooks, each in a marked chunk (replacing old chunks)."""
    if is_crlf(text):
        return _add_yaml(text.replace("\r\n", "\n"), command, path).replace("\n", "\r\n")
    return _add_yaml(text, command, path)


def _add_yaml(text: str, command: str, path: Path) -> str:
    text = remove_yaml(text)
    events = INSTALL_EVENTS["hermes"]
    top = _TOP_HOOKS.search(text)
    if top is None:
        if re.search(r"^hooks:", text, re.MULTILINE):
            raise InstallError(
                f"{path}: `hooks:` holds an inline value; make it a block mapping, or add the "
                "hooks by hand (docs/hooks.md)"
            )
        body = ["hooks:"]
        for event in events:
            body += [f"  {event}:", *_item("    ", command, event)]
        chunk = "\n".join([BEGIN, *body, END]) + "\n"
        if text and not text.endswith("\n"):
            chunk = "\n" + chunk
        return text + chunk
    lines = text.splitlines(keepends=True)
    start = text.count("\n", 0, top.start())
    end = start + 1
    while end < len(lines) and (not lines[end].strip() or lines[end].startswith((" ", "\t", "#"))):
        end += 1
    block = lines[start + 1 : end]
    child = next(
        (re.match(r"[ \t]+", ln).group(0) for ln in block if re.match(r"[ \t]+[^\s#]", ln)),  # type: ignore[union-attr]
        "  ",
    )
    inserts: dict[int, list[str]] = {}
    new_keys: list[str] = []
    for event in events:
        key_re = re.compile(rf"^{re.escape(child)}{re.escape(event)}:[ \t]*(#.*)?$")
        found = next((i for i, ln in enumerate(block) if key_re.match(ln.rstrip("\r\n"))), None)
        if found is None:
            if any(re.match(rf"^{re.escape(child)}{re.escape(event)}:", ln) for ln in block):
                raise InstallError(f"{path}: hooks.{event} holds an inline value; edit it by hand")
            new_keys += [f"{child}{event}:", *_item(child + "  ", command, event)]
            continue
        following = next((ln for ln in block[found + 1 :] if ln.strip()), "")
        dash = re.match(r"^([ \t]*)- ", following)
        indent = dash.group(1) if dash else child + "  "
        items = [f"{indent}{BEGIN}", *_item(indent, command, event), f"{indent}{END}"]
        inserts[start + 1 + found + 1] = [ln + "\n" for ln in items]
    if new_keys:
        keys = [f"{child}{BEGIN}", *new_keys, f"{child}{END}"]
        inserts[start + 1] = [ln + "\n" for ln in keys] + inserts.get(start + 1, [])
    if not lines[start].endswith("\n"):
        lines[start] += "\n"
    out: list[str] = []
    for i, line in enumerate(lines):
        out.extend(inserts.get(i, []))
        out.append(line)
    out.extend(inserts.get(len(lines), []))
    return "".join(out)
