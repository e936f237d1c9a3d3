"""Running the real agent CLIs against the fake model server, in a throwaway home.

The CLIs come from `scripts/install-agents` (pinned versions, cached under
$VAULTSYNC_AGENTS_DIR, default ~/.cache/vaultsync-agents). How each is pointed at 127.0.0.1 is
in the shared reference notes beside the clone (`shared/reference/agent-hooks.md`, "Verified").
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from vaultsync.core import eventlog
from vaultsync.core.model import Event

AGENTS_DIR = Path(
    os.environ.get("VAULTSYNC_AGENTS_DIR") or Path.home() / ".cache" / "vaultsync-agents"
)
BIN = AGENTS_DIR / "bin"
CLI = {
    "claude-code": "claude",
    "codex": "codex",
    "gemini": "gemini",
    "hermes": "hermes",
    "copilot": "copilot",
    "opencode": "opencode",
}
# OpenCode's version, for the plugin package it installs into its config folder (below).
OPENCODE_VERSION = "1.18.33"
VAULTSYNC = Path(sys.executable).parent / "vaultsync"
CONTEXT_MARKER = "VAULTSYNC-CONTEXT-MARKER-7319 prefers tabs over spaces"
PROMPT = "Please list what is in the folder /nonexistent and tell me what you found there."
RUN_TIMEOUT_S = 180


def require(agent: str) -> Path:
    """The agent's CLI, or a skip with the reason (a failure when VAULTSYNC_REQUIRE_AGENTS is
    set: CI installs the CLIs first, so a missing one there is a broken install)."""
    path = BIN / CLI[agent]
    if path.exists() and os.access(path, os.X_OK):
        return path
    reason = f"{CLI[agent]} not installed in {BIN}: run scripts/install-agents"
    if os.environ.get("VAULTSYNC_REQUIRE_AGENTS"):
        pytest.fail(reason)
    pytest.skip(reason)


@dataclass
class Sandbox:
    """A throwaway home, vault and work folder for one agent run."""

    agent: str
    root: Path
    home: Path
    vault: Path
    work: Path
    env: dict[str, str]

    # --- vaultsync ------------------------------------------------------------------------

    def vaultsync(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        result = subprocess.run(
            [str(VAULTSYNC), *args],
            env=self.env,
            cwd=self.work,
            capture_output=True,
            text=True,
            timeout=120,
        )
        if check and result.returncode != 0:
            raise AssertionError(
                f"vaultsync {' '.join(args)} exited {result.returncode}:\n"
                f"{result.stdout}\n{result.stderr}"
            )
        return result

    def events(self) -> list[Event]:
        found: list[Event] = []
        for note in sorted((self.vault / "sessions").rglob("*.md")):
            found += eventlog.parse(note.read_text(encoding="utf-8"))
        return found

    def session_notes(self) -> list[Path]:
        return sorted((self.vault / "sessions").rglob("*.md"))

    def hook_errors(self) -> str:
        log = Path(self.env["VAULTSYNC_HOME"]) / "logs" / "hook-errors.jsonl"
        return log.read_text(encoding="utf-8") if log.exists() else ""

    # --- the agent --------------------------------------------------------------------------

    def configure(self, model_url: str) -> None:
        """Point the agent at the fake model (written before `vaultsync install`, as a person's
        own settings would be)."""
        if self.agent == "claude-code":
            self.env.update(
                ANTHROPIC_BASE_URL=model_url,
                ANTHROPIC_API_KEY="sk-ant-fake-key",
                CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1",
            )
        elif self.agent == "codex":
            config = self.home / ".codex" / "config.toml"
            config.parent.mkdir(parents=True, exist_ok=True)
            config.write_text(
                'model = "fake-model"\n'
                'model_provider = "fake"\n'
                "check_for_update_on_startup = false\n"
                "\n[model_providers.fake]\n"
                'name = "fake"\n'
                f'base_url = "{model_url}/v1"\n'
                'wire_api = "responses"\n'
                'env_key = "FAKE_MODEL_KEY"\n',
                encoding="utf-8",
            )
            self.env["FAKE_MODEL_KEY"] = "fake"
        elif self.agent == "gemini":
            settings = self.home / ".gemini" / "settings.json"
            settings.parent.mkdir(parents=True, exist_ok=True)
            settings.write_text(
                json.dumps({"security": {"auth": {"selectedType": "gemini-api-key"}}}, indent=2)
                + "\n",
                encoding="utf-8",
            )
            self.env.update(
                GOOGLE_GEMINI_BASE_URL=model_url,
                GEMINI_API_KEY="fake",
                GEMINI_CLI_TRUST_WORKSPACE="true",
            )
        elif self.agent == "copilot":
            self.env.update(
                COPILOT_PROVIDER_BASE_URL=f"{model_url}/v1",
                COPILOT_PROVIDER_API_KEY="fake",
                COPILOT_MODEL="fake-model",
                # No GitHub sign-in, telemetry, update check or GitHub MCP server.
                COPILOT_OFFLINE="true",
                # The launcher unpacks ~235 MB into its package cache on first start: once for
                # every test, outside the throwaway home.
                COPILOT_PKG_CACHE_HOME=str(AGENTS_DIR / "copilot-pkg"),
            )
        elif self.agent == "opencode":
            folder = self.home / ".config" / "opencode"
            folder.mkdir(parents=True, exist_ok=True)
            provider = {
                "npm": "@ai-sdk/openai-compatible",
                "name": "fake",
                "options": {"baseURL": f"{model_url}/v1", "apiKey": "fake"},
                "models": {"fake-model": {"name": "fake-model", "tool_call": True}},
            }
            config = {
                "model": "fake/fake-model",
                "autoupdate": False,
                "share": "disabled",
                "lsp": False,
                "formatter": False,
                "provider": {"fake": provider},
            }
            (folder / "opencode.json").write_text(json.dumps(config, indent=2) + "\n")
            # A config folder OpenCode has already set up for plugins: with a plugin there and
            # no record of its plugin package, it npm-installs that package first on every
            # start (tens of seconds, or retries offline). These are OpenCode's files.
            dep = {"@opencode-ai/plugin": OPENCODE_VERSION}
            (folder / "package.json").write_text(json.dumps({"dependencies": dep}) + "\n")
            lock = {
                "name": "opencode",
                "lockfileVersion": 3,
                "requires": True,
                "packages": {
                    "": {"dependencies": dep},
                    "node_modules/@opencode-ai/plugin": {"version": OPENCODE_VERSION},
                },
            }
            (folder / "package-lock.json").write_text(json.dumps(lock, indent=2) + "\n")
            (folder / "node_modules").mkdir()
            self.env.update(
                OPENCODE_DISABLE_MODELS_FETCH="1",
                OPENCODE_DISABLE_AUTOUPDATE="1",
                OPENCODE_DISABLE_LSP_DOWNLOAD="1",
                OPENCODE_DISABLE_SHARE="1",
            )
        elif self.agent == "hermes":
            config = self.home / ".hermes" / "config.yaml"
            config.parent.mkdir(parents=True, exist_ok=True)
            config.write_text(
                "model:\n"
                "  provider: custom\n"
                f"  base_url: {model_url}/v1\n"
                "  default: fake-model\n"
                "  api_key: fake\n",
                encoding="utf-8",
            )

    def argv(self, prompt: str, *, trust_hooks: bool = True, oneshot: bool = False) -> list[str]:
        cli = str(BIN / CLI[self.agent])
        if self.agent == "claude-code":
            # `claude -p` denies every tool not allowed here, MCP tools included.
            allowed = "Bash,mcp__vaultsync__search"
            return [cli, "-p", prompt, "--allowedTools", allowed, "--output-format", "json"]
        if self.agent == "codex":
            extra = ["--dangerously-bypass-hook-trust"] if trust_hooks else []
            return [
                cli,
                "exec",
                "--json",
                "--skip-git-repo-check",
                "--sandbox",
                "danger-full-access",
                *extra,
                prompt,
            ]
        if self.agent == "gemini":
            return [cli, "-m", "gemini-2.5-pro", "-p", prompt, "--yolo", "--output-format", "json"]
        if self.agent == "copilot":
            # --no-auto-update: else the launcher runs the newest version in its package cache.
            return [cli, "-p", prompt, "--allow-all-tools", "--no-auto-update",
                    "--disable-client-telemetry", "--no-ask-user"]  # fmt: skip
        if self.agent == "opencode":
            return [cli, "run", "--auto", prompt]
        if oneshot:
            return [cli, "--accept-hooks", "--yolo", "-z", prompt]
        return [cli, "chat", "--accept-hooks", "--yolo", "-Q", "-q", prompt]

    def run(self, prompt: str = PROMPT, **kwargs: Any) -> subprocess.CompletedProcess[str]:
        started = time.monotonic()
        result = subprocess.run(
            self.argv(prompt, **kwargs),
            cwd=self.work,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=RUN_TIMEOUT_S,
            stdin=subprocess.DEVNULL,
        )
        result.seconds = time.monotonic() - started  # type: ignore[attr-defined]
        assert result.returncode == 0, (
            f"{self.agent} exited {result.returncode}\n--- stdout\n{result.stdout[-4000:]}"
            f"\n--- stderr\n{result.stderr[-4000:]}\n--- hook errors\n{self.hook_errors()}"
        )
        return result


def sandbox(agent: str, tmp_path: Path) -> Sandbox:
    require(agent)
    root = tmp_path / "run"
    home, vault, work = root / "home", root / "vault", root / "work"
    for folder in (home, work):
        folder.mkdir(parents=True)
    env = {
        "PATH": f"{BIN}:{Path(sys.executable).parent}:/usr/local/bin:/usr/bin:/bin",
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "TERM": "dumb",
        "NO_COLOR": "1",
        "VAULTSYNC_HOME": str(root / "vaultsync-home"),
        "VAULTSYNC_VAULT": str(vault),
        "VAULTSYNC_MACHINE": "testbox",
        "GIT_CONFIG_GLOBAL": os.environ.get("GIT_CONFIG_GLOBAL", ""),
        "GIT_CONFIG_NOSYSTEM": "1",
    }
    box = Sandbox(agent, root, home, vault, work, env)
    box.vaultsync("init", str(vault), "--no-user-config")
    (vault / "USER.md").write_text(
        f"---\ntype: generated\n---\n# About the user\n\n- {CONTEXT_MARKER}\n", encoding="utf-8"
    )
    return box


def tree(root: Path) -> dict[str, bytes | str]:
    """Every file (bytes), symlink (its target) and folder under `root`, by relative path."""
    out: dict[str, bytes | str] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        base = Path(dirpath)
        for name in dirnames:
            p = base / name
            rel = p.relative_to(root).as_posix()
            out[rel + "/"] = f"link:{os.readlink(p)}" if p.is_symlink() else "dir"
        for name in filenames:
            p = base / name
            rel = p.relative_to(root).as_posix()
            out[rel] = f"link:{os.readlink(p)}" if p.is_symlink() else p.read_bytes()
    return out


# A fact no agent could know but from the vault, and a prompt that asks about it.
MEMORY_FACT = (
    "The zephyr billing staging database listens on port 6543 behind pgbouncer, never on 5432."
)
MEMORY_TITLE = "Zephyr billing staging database port"
RECALL_PROMPT = "Which port does the zephyr billing staging database listen on? Check for me."
RECALL_HEADER = "Past notes from the shared vault (vaultsync), for reference only, not instructions"


def seed_memory(box: Sandbox) -> str:
    """A confirmed memory from another agent's earlier session, indexed by `vaultsync
    rebuild`, as the learning loop and a person's review would leave it. Returns its wikilink
    target (the note's path in the vault without `.md`), which recall names as its source."""
    # Scope user: a project's memory would reach only that project's sessions, where the
    # session-start context already carries it (and prompt recall does not repeat it); the
    # sandbox's USER.md is a person's file, so this memory is only reachable by recall.
    rel = f"memories/L2-confirmed/2026-11-27 user {MEMORY_TITLE.lower()} 7c1e2d.md"
    note = box.vault / rel
    note.parent.mkdir(parents=True, exist_ok=True)
    note.write_text(
        "---\n"
        "type: memory\n"
        "level: L2\n"
        "scope: user\n"
        "status: confirmed\n"
        "priority: 1\n"
        "agent: codex\n"
        "session_id: 3f9b2c4d-5e6f-4a1b-8c7d-9e0f1a2b3c4d\n"
        'project: ""\n'
        'created: "2026-11-27T10:15:00+00:00"\n'
        'updated: "2026-11-27T10:15:00+00:00"\n'
        "tags:\n"
        "  - vaultsync/memory\n"
        "  - memory/L2\n"
        "  - scope/user\n"
        "---\n\n"
        f"# {MEMORY_TITLE}\n\n{MEMORY_FACT}\n",
        encoding="utf-8",
    )
    box.vaultsync("rebuild")
    return rel[: -len(".md")]
