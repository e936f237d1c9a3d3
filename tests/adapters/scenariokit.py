"""The user's scenario (seeds/004): a Claude Code session fixes an API routing bug, through the
real hook launcher; other agents then ask about it. Shared by the MCP, Hermes and end-to-end
tests."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from vaultsync.core import paths

FIX_SESSION = "c1a2b3c4-0000-4000-8000-000000000001"
FIXED_FILES = ("src/api/routes.ts", "src/api/middleware.ts")
QUESTION_ZH = "我昨天在 Claude Code 里修的那个 API 路由 bug，具体改了哪些文件？"
QUESTION_EN = "Which files did the API routing bug fix in Claude Code change?"
REPO = Path(__file__).resolve().parents[2]


def run_hook(
    launcher: list[str], agent: str, payload: dict[str, Any], env: dict[str, str] | None = None
) -> str:
    proc = subprocess.run(
        [*launcher, "--agent", agent], input=json.dumps(payload).encode(), capture_output=True,
        env=env,
    )  # fmt: skip
    assert proc.returncode == 0
    return proc.stdout.decode()


_run = run_hook


def hook_errors() -> list[dict[str, Any]]:
    log = paths.hook_error_log()
    return [json.loads(ln) for ln in log.read_text().splitlines()] if log.exists() else []


def claude_fixes_the_bug(
    launcher: list[str], project: Path, env: dict[str, str] | None = None
) -> None:
    base = {"session_id": FIX_SESSION, "cwd": str(project)}

    def run_hook(launcher: list[str], agent: str, payload: dict[str, Any]) -> str:
        return _run(launcher, agent, payload, env)

    run_hook(launcher, "claude-code", {**base, "hook_event_name": "SessionStart",
                                       "source": "startup"})  # fmt: skip
    run_hook(launcher, "claude-code", {**base, "hook_event_name": "UserPromptSubmit",
        "prompt": "Fix the API routing bug: GET /users returns 404 since the middleware change",
    })  # fmt: skip
    contents = (
        "router.get('/users', listUsers)\nrouter.get('/users/:id', getUser)",
        "export function auth(req, res, next) {\n  if (isPublic(req.path)) return next()\n"
        "  verifyToken(req.headers.authorization)\n}",
    )
    for name, new in zip(FIXED_FILES, contents, strict=True):
        run_hook(launcher, "claude-code", {**base, "hook_event_name": "PostToolUse",
            "tool_name": "Edit",
            "tool_input": {"file_path": str(project / name), "old_string": "x", "new_string": new},
            "tool_response": {"filePath": str(project / name)}})  # fmt: skip
    run_hook(launcher, "claude-code", {**base, "hook_event_name": "PostToolUse",
        "tool_name": "Bash", "tool_input": {"command": "npm test -- routes"},
        "tool_response": {"stdout": "Tests: 14 passed, 14 total (routes, middleware)",
                          "stderr": ""}})  # fmt: skip
    run_hook(launcher, "claude-code", {**base, "hook_event_name": "Stop",
        "last_assistant_message": "Fixed the routing bug in routes.ts and middleware.ts.",
    })  # fmt: skip


def build_template(root: Path) -> Path:
    """The scenario's vault, built once (a module fixture copies it per test): the hook runs
    as `python -m vaultsync.core.hook` with its own home, so no test's environment leaks."""
    import os
    import shutil

    vault, project = root / "vault", root / "api"
    (project / ".git").mkdir(parents=True)
    for folder in ("sessions", "summaries", ".vaultsync"):
        (vault / folder).mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "VAULTSYNC_HOME": str(root / "home"), "VAULTSYNC_VAULT": str(vault),
           "VAULTSYNC_MACHINE": "testbox"}  # fmt: skip
    claude_fixes_the_bug([sys.executable, "-m", "vaultsync.core.hook"], project, env)
    shutil.rmtree(root / "home")  # per-machine state: each test starts with its own
    return vault


def copy_template(template: Path, vault: Path) -> None:
    """The template's notes into a test's vault, and that vault's index built."""
    import shutil

    from vaultsync.core.config import load_config
    from vaultsync.services.derived.reconcile import rebuild

    shutil.copytree(template, vault, dirs_exist_ok=True)
    rebuild(vault, load_config(vault))


def mcp_command(vault: Path, agent: str = "hermes") -> tuple[str, list[str]]:
    """How an agent starts the server: this interpreter, `vaultsync mcp`."""
    return sys.executable, ["-m", "vaultsync", "mcp", "--agent", agent, "--vault", str(vault)]
