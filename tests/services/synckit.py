"""Several machines' clones of one bare remote on this machine, for the sync tests."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from vaultsync.core import paths
from vaultsync.core.config import load_config
from vaultsync.services.vault import remote, setup

HOOK = [sys.executable, "-m", "vaultsync"]
MARKERS = ("<<<<<<<", ">>>>>>>", "\n=======\n")


def git(cwd: Path, *args: str, check: bool = True) -> str:
    proc = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=False)
    if check and proc.returncode != 0:
        raise AssertionError(f"git {' '.join(args)} failed: {proc.stderr}")
    return proc.stdout


def bare_remote(root: Path) -> Path:
    bare = root / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(bare)], check=True)
    return bare


class Machine:
    """One machine's vault: the first one inits and pushes, the others clone."""

    def __init__(
        self, root: Path, name: str, bare: Path, *, first: bool = False, person: str = ""
    ) -> None:
        self.name = name
        self.person = person  # sync.person: a team vault (each machine's user config)
        self.vault = root / name
        if first:
            setup.init(self.vault, user_config=False)
            git(self.vault, "remote", "add", "origin", str(bare))
        else:
            subprocess.run(
                ["git", "clone", "-q", str(bare), str(self.vault)], check=True, capture_output=True
            )
            setup.init(self.vault, user_config=False)

    def config(self) -> Any:
        config = load_config(self.vault)
        if not self.person:
            return config
        data = {**config.data, "sync": {**config.section("sync"), "person": self.person}}
        return config.replace(data=data)

    def sync(self) -> remote.SyncResult:
        os.environ["VAULTSYNC_MACHINE"] = self.name
        return remote.sync(self.vault, self.config())

    def write(self, rel: str, text: str) -> None:
        target = self.vault / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")

    def read(self, rel: str) -> str:
        return (self.vault / rel).read_text(encoding="utf-8")

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update(VAULTSYNC_VAULT=str(self.vault), VAULTSYNC_MACHINE=self.name)
        return env

    def cli(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        """The `vaultsync` command on this machine, as a person runs it (a subprocess)."""
        return subprocess.run(
            [*HOOK, *args],
            env=self.env(),
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )

    def hook(self, payload: dict[str, Any], agent: str = "claude-code") -> None:
        """The real hook, as the agent runs it: a subprocess reading the payload on stdin."""
        subprocess.run(
            [*HOOK, "hook", "--agent", agent],
            input=json.dumps(payload).encode(),
            env=self.env(),
            check=True,
            capture_output=True,
            timeout=60,
        )

    def tree(self) -> dict[str, bytes]:
        """Every committed file at HEAD: path -> content."""
        out = {}
        for rel in git(self.vault, "ls-files", "-z").split("\0"):
            if rel:
                out[rel] = (self.vault / rel).read_bytes()
        return out


def session_payloads(session_id: str, cwd: str, n: int) -> list[dict[str, Any]]:
    """A Claude Code session: start, a prompt, n tool calls (distinct outputs)."""
    base = {"session_id": session_id, "transcript_path": "/tmp/t.jsonl", "cwd": cwd}
    out = [
        {**base, "hook_event_name": "SessionStart", "source": "startup"},
        {
            **base,
            "hook_event_name": "UserPromptSubmit",
            "prompt": f"please fix the flaky test number {session_id} in the parser module",
        },
    ]
    words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf"]
    words += ["hotel", "india", "juliet", "kilo", "lima", "mike"]
    for i in range(n):
        mix = " ".join(words[(i * 7 + k * 3) % len(words)] + str(i * k) for k in range(6))
        out.append(
            {
                **base,
                "hook_event_name": "PostToolUse",
                "tool_name": "Bash",
                "tool_use_id": f"toolu_{session_id}_{i}",
                "tool_input": {"command": f"grep -rn {words[i % len(words)]}{i} src/{mix}"},
                "tool_response": {
                    "stdout": f"src/{words[(i + 3) % len(words)]}.py:{i}: {mix} {session_id}",
                    "stderr": "",
                },
            }
        )
    return out


def event_ids(vault: Path) -> list[str]:
    """Every event id in every session note (duplicates kept, so a test can count them)."""
    from vaultsync.core import eventlog

    ids: list[str] = []
    for path in sorted((vault / paths.SESSIONS_DIR).rglob("*.md")):
        events, problems = eventlog.parse_all(path.read_text(encoding="utf-8"))
        assert not problems, f"{path}: {problems}"
        ids += [e.id for e in events]
    return ids


def assert_no_markers(vault: Path) -> None:
    for path in vault.rglob("*.md"):
        if ".git" in path.parts:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for marker in MARKERS:
            assert marker not in text, f"conflict marker {marker!r} in {path}"
