"""Does the MCP server each agent has registered really answer? `vaultsync doctor` starts every
registered `vaultsync` server once, exactly as the agent would (the command, arguments and
environment from the agent's own configuration), speaks the MCP handshake over stdio
(`initialize`, then `tools/list`) and says per agent whether it answered with the tools.

An agent lists a server that cannot start without saying why in most places (Codex and Hermes
show it as enabled), so this is the one check that catches a missing `mcp` package, a moved
virtualenv or a broken vault before a model's tool call does. The servers are started in
parallel and each is given a few seconds; nothing here writes a file.
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from vaultsync.core.model import AGENTS
from vaultsync.services.agents import mcp_config
from vaultsync.services.agents.agent_config import InstallError

PROBE_TIMEOUT_S = 15.0  # a cold start imports the MCP SDK and opens the index: ~1 s here
WANTED_TOOLS = ("search", "timeline", "get", "recent", "remember")
PROTOCOL = "2025-06-18"


@dataclass(frozen=True)
class Probe:
    agent: str
    ok: bool
    summary: str
    fix: str = ""
    seconds: float = 0.0


def _env(extra: dict[str, str]) -> dict[str, str]:
    env = dict(os.environ)
    for key, value in extra.items():
        # Hermes passes `${NAME}` through when NAME is unset (mcp_config.HERMES_ENV).
        if value.startswith("${") and value.endswith("}"):
            value = os.environ.get(value[2:-1], "")
            if not value:
                continue
        env[key] = value
    return env


def _read_reply(proc: subprocess.Popen[bytes], want_id: int, deadline: float) -> dict | None:
    """The JSON-RPC response with `want_id` (notifications and log lines are skipped)."""
    assert proc.stdout is not None
    selector = selectors.DefaultSelector()
    selector.register(proc.stdout, selectors.EVENT_READ)
    buffer = b""
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not selector.select(left):
                return None
            chunk = os.read(proc.stdout.fileno(), 65536)
            if not chunk:
                return None
            buffer += chunk
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                try:
                    message = json.loads(line)
                except ValueError:
                    continue
                if isinstance(message, dict) and message.get("id") == want_id:
                    return message
    finally:
        selector.close()


def _send(proc: subprocess.Popen[bytes], message: dict) -> None:
    assert proc.stdin is not None
    proc.stdin.write(json.dumps(message).encode("utf-8") + b"\n")
    proc.stdin.flush()


def probe_server(
    command: str, args: list[str], env: dict[str, str], timeout: float = PROBE_TIMEOUT_S
) -> tuple[bool, str, float]:
    """(answered, what was seen, seconds): start the server, handshake, list its tools."""
    started = time.monotonic()
    deadline = started + timeout
    try:
        proc = subprocess.Popen(
            [command, *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=_env(env),
            start_new_session=True,
        )
    except OSError as exc:
        return False, f"cannot start {command}: {exc.strerror or exc}", 0.0
    tools: list[str] = []
    reply = None
    try:
        _send(proc, {
            "jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"protocolVersion": PROTOCOL, "capabilities": {},
                       "clientInfo": {"name": "vaultsync-doctor", "version": "1"}},
        })  # fmt: skip
        reply = _read_reply(proc, 1, deadline)
        if reply is not None and "result" in reply:
            _send(proc, {"jsonrpc": "2.0", "method": "notifications/initialized"})
            _send(proc, {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}})
            listed = _read_reply(proc, 2, deadline)
            result = listed.get("result") if isinstance(listed, dict) else None
            found = result.get("tools") if isinstance(result, dict) else None
            tools = [t.get("name", "") for t in found or [] if isinstance(t, dict)]
    except (BrokenPipeError, OSError):
        pass
    finally:
        seconds = time.monotonic() - started
        stderr = _stop(proc, grace=0.0 if time.monotonic() >= deadline else 2.0)
    missing = [t for t in WANTED_TOOLS if t not in tools]
    if tools and not missing:
        return True, f"answered with its {len(tools)} tools in {seconds:.1f} s", seconds
    if tools:
        return False, f"answered without the tools {', '.join(missing)}", seconds
    if reply is None and seconds >= timeout:
        return False, f"no answer within {timeout:.0f} s", seconds
    said = stderr.strip().splitlines()[-1:] if stderr.strip() else []
    why = f": {said[0][:300]}" if said else ""
    return False, f"exited without answering (code {proc.returncode}){why}", seconds


def _stop(proc: subprocess.Popen[bytes], grace: float) -> str:
    """Close stdin (a stdio server ends on EOF), give it `grace` seconds, then kill; its
    stderr."""
    try:
        if proc.stdin is not None:
            # A server that died before reading leaves our request in the pipe's buffer, and
            # closing flushes it into a broken pipe: the pipe is closed all the same, and the
            # server's stderr (why it died) must still be read.
            with contextlib.suppress(OSError):
                proc.stdin.close()
            proc.stdin = None  # communicate() would flush the closed pipe
        _, err = proc.communicate(timeout=grace)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
    except (OSError, ValueError):
        proc.kill()
        proc.wait()
        err = b""
    return (err or b"").decode("utf-8", "replace")


def _fix(agent: str, summary: str) -> str:
    if "No module named 'mcp'" in summary or "mcp extra" in summary or "mcp` package" in summary:
        return (
            "the `mcp` package is missing where vaultsync is installed: reinstall vaultsync "
            "(`pip install -e .` in the clone, or `pip install vaultsync`), then run "
            f"`vaultsync install {agent}` again"
        )
    if "cannot start" in summary:
        return f"run `vaultsync install {agent}` again (the registered command is gone)"
    return f"run `vaultsync mcp --agent {agent}` by hand to see the error"


def probe(agent: str, timeout: float = PROBE_TIMEOUT_S) -> Probe | None:
    """The agent's registered server, started once; None when none is registered."""
    try:
        found = mcp_config.registered(agent)
    except (InstallError, OSError, ValueError):
        return Probe(agent, False, "its MCP configuration cannot be read", "fix or reinstall")
    if found is None:
        return None
    command, args, env = found
    ok, summary, seconds = probe_server(command, args, env, timeout)
    where = f"`{Path(command).name} {' '.join(args)}`"
    if ok:
        return Probe(agent, True, f"{where} {summary}", seconds=seconds)
    return Probe(agent, False, f"{where} {summary}", _fix(agent, summary), seconds)


def probe_all(agents: tuple[str, ...] = AGENTS, timeout: float = PROBE_TIMEOUT_S) -> list[Probe]:
    """Every agent's registered server, started in parallel."""
    with ThreadPoolExecutor(max_workers=max(1, len(agents))) as pool:
        found = list(pool.map(lambda a: probe(a, timeout), agents))
    return [p for p in found if p is not None]
