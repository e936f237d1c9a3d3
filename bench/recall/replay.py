"""Build the evaluation vaults: sessions through the real hook, the help corpus as notes.

`coding_vault()` creates a vault, replays every session of sessions.py as Claude Code hook
payloads through the installed `vaultsync-hook` (one subprocess per event, as the agent runs
it), then runs `vaultsync rebuild`. `help_vault()` copies the Obsidian help corpus and rebuilds.
The vaults are cached under $VAULTSYNC_RECALL_CACHE (default: the system temp folder) by a hash
of their inputs, so scoring twice does not replay twice (`fresh=True` replays); the index is
rebuilt on every call, so it always comes from the code being scored.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.shared import CORPORA

HERE = Path(__file__).resolve().parent
HELP_CORPUS = CORPORA / "obsidian-help"
# The hook's time limit protects agents from a slow disk; a replay on a shared machine must not
# lose events to it, so it is raised. Every other hook setting is the default.
VAULT_CONFIG = "[hook]\ntime_limit_s = 60\n"


def session_uuid(sid: str) -> str:
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"vaultsync-recall-bench/{sid}"))


def _bin(name: str) -> list[str]:
    found = shutil.which(name) or str(Path(sys.executable).parent / name)
    if Path(found).exists():
        return [found]
    return [sys.executable, "-m", "vaultsync", *(["hook"] if name == "vaultsync-hook" else [])]


def payloads(session: dict[str, Any]) -> list[dict[str, Any]]:
    sid = session_uuid(session["id"])
    cwd = session["project"]
    base = {
        "session_id": sid,
        "transcript_path": f"/home/dev/.claude/projects/{sid}.jsonl",
        "cwd": cwd,
    }
    out: list[dict[str, Any]] = [
        {**base, "hook_event_name": "SessionStart", "source": "startup", "model": "claude"}
    ]
    for turn, (prompt, tools, reply) in enumerate(session["turns"]):
        out.append({**base, "hook_event_name": "UserPromptSubmit", "prompt": prompt})
        for n, (tool, tool_input, tool_output) in enumerate(tools):
            out.append(
                {
                    **base,
                    "hook_event_name": "PostToolUse",
                    "tool_name": tool,
                    "tool_use_id": f"toolu_{session['id']}_{turn}_{n}",
                    "tool_input": tool_input,
                    "tool_response": tool_output,
                }
            )
        out.append(
            {**base, "hook_event_name": "Stop", "stop_hook_active": False,
             "last_assistant_message": reply}
        )  # fmt: skip
    out.append({**base, "hook_event_name": "SessionEnd", "reason": "exit"})
    return out


def _env(vault: Path, home: Path) -> dict[str, str]:
    return {**os.environ, "VAULTSYNC_VAULT": str(vault), "VAULTSYNC_HOME": str(home)}


def play(
    vault: Path,
    home: Path,
    sessions: list[dict[str, Any]],
    payloads_of: Callable[[dict[str, Any]], list[dict[str, Any]]],
    *,
    zone: dt.tzinfo,
    tz: str,
) -> None:
    """Each session's payloads through the real hook, oldest session first, 90 s apart from
    its start (a local time in `zone`; `tz` its name for the hook): the hook's clock
    (VAULTSYNC_NOW) is each event's moment, so notes are named and dated as on their day."""
    hook = _bin("vaultsync-hook")
    for session in sorted(sessions, key=lambda s: s["start"]):
        moment = dt.datetime.fromisoformat(session["start"]).replace(tzinfo=zone)
        for payload in payloads_of(session):
            moment += dt.timedelta(seconds=90)
            env = {**_env(vault, home), "VAULTSYNC_NOW": moment.isoformat(), "VAULTSYNC_TZ": tz}
            proc = subprocess.run(
                [*hook, "--agent", session["agent"]],
                input=json.dumps(payload, ensure_ascii=False).encode(),
                capture_output=True,
                env=env,
                timeout=120,
            )
            if proc.returncode != 0:
                raise RuntimeError(f"hook exited {proc.returncode}: {proc.stderr[-500:]!r}")


def _cache(name: str, *inputs: Path) -> Path:
    digest = hashlib.sha256()
    for path in inputs:
        digest.update(path.read_bytes())
    root = Path(os.environ.get("VAULTSYNC_RECALL_CACHE", tempfile.gettempdir()))
    return root / f"vaultsync-recall-{name}-{digest.hexdigest()[:12]}"


def _init(vault: Path) -> None:
    from vaultsync.core import paths
    from vaultsync.services.vault.setup import init

    (vault / paths.CONFIG_DIR).mkdir(parents=True)
    (vault / paths.VAULT_CONFIG).write_text(VAULT_CONFIG, encoding="utf-8")
    init(vault, user_config=False)


def rebuild(vault: Path, home: Path) -> None:
    proc = subprocess.run(
        [*_bin("vaultsync"), "rebuild", "--vault", str(vault)],
        capture_output=True,
        text=True,
        env=_env(vault, home),
        timeout=600,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"rebuild failed: {proc.stderr[-2000:]}")


def coding_vault(*, fresh: bool = False, sessions: list[dict[str, Any]] | None = None) -> Path:
    """A vault holding the replayed sessions (its index under `<root>/home`): returns root."""
    from bench.recall.sessions import SESSIONS

    chosen = SESSIONS if sessions is None else sessions
    root = _cache("coding", HERE / "sessions.py", Path(__file__))
    if sessions is not None:
        root = root.with_name(root.name + "-" + "-".join(s["id"] for s in chosen)[:60])
    done = root / "done"
    vault, home = root / "vault", root / "home"
    if done.exists() and not fresh:
        rebuild(vault, home)  # the index (and vectors) always come from the code being scored
        return root
    shutil.rmtree(root, ignore_errors=True)
    vault.mkdir(parents=True)
    _init(vault)
    hook = _bin("vaultsync-hook")
    for session in chosen:
        for payload in payloads(session):
            proc = subprocess.run(
                [*hook, "--agent", "claude-code"],
                input=json.dumps(payload).encode(),
                capture_output=True,
                env=_env(vault, home),
                timeout=120,
            )
            if proc.returncode != 0:
                raise RuntimeError(f"hook exited {proc.returncode}: {proc.stderr[-500:]!r}")
    rebuild(vault, home)
    done.write_text("ok\n")
    return root


def help_vault(*, fresh: bool = False) -> Path:
    root = _cache("help", Path(__file__), HERE / "paraphrase.py")
    done = root / "done"
    vault, home = root / "vault", root / "home"
    if done.exists() and not fresh:
        rebuild(vault, home)
        return root
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(HELP_CORPUS, vault)
    rebuild(vault, home)
    done.write_text("ok\n")
    return root
