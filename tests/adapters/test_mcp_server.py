"""`vaultsync mcp` as a real subprocess, driven by the official MCP SDK client over stdio:
the tool list and schemas, every tool, the bounds, and errors as tool errors."""

from __future__ import annotations

import datetime as dt
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from scenariokit import (
    FIX_SESSION,
    QUESTION_EN,
    QUESTION_ZH,
    build_template,
    mcp_command,
)

from vaultsync.core import paths
from vaultsync.services.recall.agent_tools import BOUNDS

TOOLS = {"search", "timeline", "get", "recent", "remember"}


def _env() -> dict[str, str]:
    keep = ("VAULTSYNC_HOME", "VAULTSYNC_MACHINE", "HOME", "PATH", "GIT_CONFIG_GLOBAL",
            "GIT_CONFIG_NOSYSTEM")  # fmt: skip
    return {k: os.environ[k] for k in keep if k in os.environ}


Calls = list[tuple[str, dict[str, Any]]]


def _sdk() -> Any:
    """The MCP SDK, imported when a test talks to the server: at collection it cost every
    pytest worker half a second, also in runs that select no test here."""
    pytest.importorskip("mcp")
    from mcp.client import session, stdio

    return session.ClientSession, stdio.StdioServerParameters, stdio.stdio_client


async def _session(
    vault: Path, batches: list[Calls | Callable[[list[Any]], Calls]], cwd: Path | None = None
) -> dict[str, Any]:
    """One server for every batch; a batch may be built from the results of the ones before."""
    client_session, server_parameters, stdio_client = _sdk()
    command, args = mcp_command(vault)
    params = server_parameters(command=command, args=args, env=_env(), cwd=cwd)
    out: dict[str, Any] = {"calls": []}
    with open(os.devnull, "w") as errlog:
        async with (
            stdio_client(params, errlog=errlog) as (read, write),
            client_session(read, write) as session,
        ):
            await session.initialize()
            out["tools"] = (await session.list_tools()).tools
            for batch in batches:
                calls = batch(out["calls"]) if callable(batch) else batch
                out["calls"].append([await session.call_tool(name, a) for name, a in calls])
    return out


def talk(
    vault: Path, *batches: Calls | Callable[[list[Any]], Calls], cwd: Path | None = None
) -> Any:
    """The server's tools and, per batch, its calls' results (one batch: that batch's)."""
    out = anyio.run(_session, vault, list(batches), cwd)
    if len(batches) == 1:
        out["calls"] = out["calls"][0]
    return out


def payload(result: Any) -> dict[str, Any]:
    assert not result.is_error, result.content[0].text
    if result.structured_content is not None:
        return result.structured_content
    return json.loads(result.content[0].text)


def error_text(result: Any) -> str:
    assert result.is_error
    return result.content[0].text


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The scenario's notes, recorded once for the module (six hook processes)."""
    return build_template(tmp_path_factory.mktemp("scenario"))


@pytest.fixture
def fixed_vault(vault: Path, template: Path) -> Path:
    """A copy of the scenario's notes, no index yet: the server's first call builds it."""
    import shutil

    shutil.copytree(template, vault, dirs_exist_ok=True)
    return vault


def test_tools_schemas_and_every_call(fixed_vault: Path, tmp_path: Path) -> None:
    # No index yet: the first call builds it.
    calls = [
        ("search", {"query": QUESTION_EN}),
        ("search", {"query": QUESTION_ZH, "agent": "claude-code", "limit": 3}),
        ("search", {"query": "routes", "limit": 10_000}),
        ("recent", {}),
        (
            "remember",
            {
                "fact": "The API's /users routes are public; auth runs after them.",
                "session_id": "h-1",
                "project": "github.com/acme/api",
            },
        ),
    ]

    def on_what_search_returned(done: list[Any]) -> Calls:
        # timeline and get on what the first batch's search and recent returned, on the same
        # server (a second server start costs a second in the fast tier; the slow tests below
        # start others).
        edit = next(r for r in payload(done[0][0])["results"] if r["type"] == "event")
        [session] = payload(done[0][3])["sessions"]
        return [
            ("timeline", {"id": edit["id"], "before": 2, "after": 50}),
            ("get", {"ids": [edit["id"], session["id"]]}),
            ("get", {"ids": [session["id"]] * 6}),
            ("get", {"ids": ["../outside.md"]}),
            ("timeline", {"id": "sessions/nope.md"}),
            ("search", {"query": ""}),
            ("search", {"query": "x" * 5000}),
            ("search", {"query": "routes", "limit": 0}),
            ("search", {"query": "routes", "since": "someday"}),
            ("recent", {"limit": "ten"}),
            ("remember", {"fact": "short"}),
        ]

    out = talk(fixed_vault, calls, on_what_search_returned, cwd=tmp_path)
    first, second = out["calls"]
    tools = {t.name: t for t in out["tools"]}
    assert set(tools) == TOOLS
    assert tools["search"].input_schema["required"] == ["query"]
    assert set(tools["search"].input_schema["properties"]) == {
        "query", "project", "agent", "type", "level", "since", "limit"}  # fmt: skip
    assert tools["get"].input_schema["required"] == ["ids"]
    assert tools["search"].annotations.read_only_hint is True
    assert tools["remember"].annotations.read_only_hint is False
    for tool in tools.values():
        assert len(tool.description or "") > 40, tool.name

    en, zh, capped, recent, remembered = (payload(r) for r in first)
    for found in (en, zh):
        assert found["results"], found
        text = json.dumps(found, ensure_ascii=False)
        assert "routes.ts" in text
        assert all(r["from"].startswith("from claude-code, ") for r in found["results"])
        assert {r["session"] for r in found["results"]} == {FIX_SESSION[:8]}
        for r in found["results"]:
            assert set(r) == {"id", "type", "title", "date", "agent", "session", "project",
                              "score", "snippet", "files", "from", "weak"}  # fmt: skip
            assert r["weak"] is found["weak"]
            # in the person's zone, with its offset (this server's environment has no
            # VAULTSYNC_TZ: the machine's zone); the index's naive UTC was given before
            assert dt.datetime.fromisoformat(r["date"]).utcoffset() is not None, r["date"]
            assert len(r["snippet"]) <= BOUNDS["snippet_chars"]
        assert {"src/api/routes.ts", "src/api/middleware.ts"} <= {
            f for r in found["results"] for f in r["files"]}  # fmt: skip
    assert en["weak"] is False
    assert len(zh["results"]) <= 3
    assert capped["limit_capped_at"] == BOUNDS["search_limit"]
    [session] = recent["sessions"]
    assert session["agent"] == "claude-code" and session["session"] == FIX_SESSION[:8]
    for when in (session["started"], session["updated"]):  # with their offset, never naive
        assert dt.datetime.fromisoformat(when).utcoffset() is not None, when
    assert remembered["created"] is True
    assert remembered["id"].startswith("memories/L1-candidates/")
    note = (fixed_vault / remembered["id"]).read_text()
    assert "agent: hermes" in note and "session_id: h-1" in note and "status: candidate" in note
    assert "origin: mcp" in note

    # timeline and get on what search returned.
    edit = next(r for r in en["results"] if r["type"] == "event")
    timeline, got, *errors = second
    timeline, got = payload(timeline), payload(got)
    assert timeline["session"] == session["id"] and timeline["agent"] == "claude-code"
    assert timeline["focus"] == edit["id"]
    assert len(timeline["events"]) <= 2 + 1 + BOUNDS["timeline_side"]
    assert timeline["limit_capped_at"] == BOUNDS["timeline_side"]
    changed = " ".join(f for e in timeline["events"] for f in e["files"])
    assert "routes.ts" in changed and "middleware.ts" in changed
    assert all(len(e["text"]) <= BOUNDS["event_chars"] for e in timeline["events"])
    assert all(dt.datetime.fromisoformat(e["ts"]).utcoffset() is not None
               for e in timeline["events"])  # fmt: skip
    event, whole = got["items"]
    assert event["from"].startswith("from claude-code, ") and event["type"] == "event"
    assert whole["type"] == "session" and len(whole["text"]) <= BOUNDS["get_chars"]
    messages = [error_text(r) for r in errors]
    assert "at most 5 ids" in messages[0]
    assert "not a note id" in messages[1]
    assert "no such note" in messages[2]
    assert "query" in messages[3]
    assert "at most 1000 characters" in messages[4]
    assert "at least 1" in messages[5]
    assert "--since" in messages[6]
    assert "limit" in messages[7]
    assert "at least 10 characters" in messages[8]


@pytest.mark.slow  # a second server start: seconds on a loaded machine
def test_missing_vault_is_a_tool_error_not_a_dead_server(tmp_path: Path) -> None:
    out = talk(tmp_path / "no-such-vault", [("search", {"query": "routes"}), ("recent", {})])
    assert {t.name for t in out["tools"]} == TOOLS
    for result in out["calls"]:
        assert "vault not found" in error_text(result)


@pytest.mark.slow
def test_locked_vault_without_index_is_reported(vault: Path) -> None:
    import fcntl

    lock = paths.index_lock(vault)
    lock.parent.mkdir(parents=True, exist_ok=True)
    with open(lock, "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        out = talk(vault, [("search", {"query": "routes"})])
    assert "busy" in error_text(out["calls"][0])


def test_an_unset_placeholder_counts_as_unset_in_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fast twin of the subprocess test below: `run` as the server's entry point runs it,
    with the server's stdio loop replaced by one tool call in this process."""
    pytest.importorskip("mcp")
    from mcp.server.mcpserver.exceptions import ToolError

    from vaultsync.adapters import mcp_server

    monkeypatch.setenv("VAULTSYNC_VAULT", "${VAULTSYNC_VAULT}")
    monkeypatch.setenv("VAULTSYNC_HOME", str(tmp_path / "state"))
    errors: list[str] = []
    real_build = mcp_server.build_server

    def build(**kwargs: Any) -> Any:
        server = real_build(**kwargs)

        def one_call(transport: str = "stdio") -> None:
            assert transport == "stdio"
            try:
                anyio.run(server.call_tool, "search", {"query": "routes"})
            except ToolError as exc:
                errors.append(str(exc))

        server.run = one_call
        return server

    monkeypatch.setattr(mcp_server, "build_server", build)
    monkeypatch.setattr(mcp_server, "_filter_stdin", lambda: None)  # pytest's own stdin
    mcp_server.run(agent="hermes")
    [text] = errors
    assert "no vault configured" in text and "${" not in text, text


@pytest.mark.slow  # a second server start; the in-process twin above runs in the fast tier
def test_an_unset_placeholder_from_hermes_counts_as_unset(tmp_path: Path) -> None:
    """Hermes passes `${VAULTSYNC_VAULT}` on literally when the variable is unset: the server
    then looks for the vault as if it were unset (here: none configured), not in a folder of
    that name."""

    async def go() -> Any:
        env = {**_env(), "VAULTSYNC_VAULT": "${VAULTSYNC_VAULT}",
               "VAULTSYNC_HOME": str(tmp_path / "state")}  # fmt: skip
        client_session, server_parameters, stdio_client = _sdk()
        params = server_parameters(
            command=sys.executable, args=["-m", "vaultsync", "mcp", "--agent", "hermes"], env=env
        )
        with open(os.devnull, "w") as errlog:
            async with (
                stdio_client(params, errlog=errlog) as (read, write),
                client_session(read, write) as session,
            ):
                await session.initialize()
                return await session.call_tool("search", {"query": "routes"})

    text = error_text(anyio.run(go))
    assert "no vault configured" in text and "${" not in text, text


def test_search_leaves_out_the_callers_own_session(fixed_vault: Path) -> None:
    """The agent asking is in its latest session: that session's prompt would be the best hit
    for its own question, so search leaves it out; another agent still finds it."""
    from vaultsync.adapters.mcp_server import build_server

    def sessions(agent: str) -> set[str]:
        server = build_server(vault=str(fixed_vault), agent=agent)
        result = anyio.run(server.call_tool, "search", {"query": QUESTION_EN})
        return {r["session"] for r in payload(result).get("results", [])}

    assert FIX_SESSION[:8] in sessions("hermes")
    assert FIX_SESSION[:8] not in sessions("claude-code")


def _raw_rpc(vault: Path, messages: list[bytes], want: int, timeout: float = 30) -> list[Any]:
    """The server as a client that writes raw JSON-RPC lines (escapes the SDK would never
    send); returns the first `want` answers, or what came before `timeout`."""
    import select
    import subprocess
    import time

    command, args = mcp_command(vault)
    proc = subprocess.Popen(
        [command, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, env=_env(),
    )  # fmt: skip
    assert proc.stdin is not None and proc.stdout is not None
    answers: list[Any] = []
    try:
        for line in messages:
            proc.stdin.write(line + b"\n")
        proc.stdin.flush()
        end = time.monotonic() + timeout
        buffer = b""
        while len(answers) < want and time.monotonic() < end:
            ready, _, _ = select.select([proc.stdout], [], [], 0.2)
            if not ready:
                continue
            chunk = os.read(proc.stdout.fileno(), 65536)
            if not chunk:
                break
            buffer += chunk
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                if line.strip():
                    answers.append(json.loads(line))
    finally:
        proc.kill()
        proc.wait()
    return answers


def test_a_lone_surrogate_in_an_argument_is_answered_with_a_tool_error(fixed_vault: Path) -> None:
    hello = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "raw", "version": "1"}}}  # fmt: skip
    ready = {"jsonrpc": "2.0", "method": "notifications/initialized"}

    def call(n: int, name: str, arguments: str) -> bytes:
        return (
            b'{"jsonrpc": "2.0", "id": %d, "method": "tools/call", "params": {"name": "%s", '
            b'"arguments": %s}}' % (n, name.encode(), arguments.encode())
        )

    lines = [json.dumps(hello).encode(), json.dumps(ready).encode(),
             call(2, "search", '{"query": "routes \\ud800 api"}'),
             call(3, "remember", '{"fact": "Always run the \\udfff migrations before tests"}'),
             call(4, "get", '{"ids": ["notes/\\ud83d.md"]}'),
             call(5, "search", '{"query": "routes"}')]  # fmt: skip
    answers = {a.get("id"): a for a in _raw_rpc(fixed_vault, lines, want=5)}
    assert set(answers) == {1, 2, 3, 4, 5}, answers
    for n in (2, 3, 4):
        result = answers[n].get("result") or {}
        assert result.get("isError") is True, answers[n]
        assert (
            "surrogate" in result["content"][0]["text"]
            or "character" in (result["content"][0]["text"])
        )
    assert answers[5]["result"].get("isError") is not True  # the server still answers


@pytest.mark.parametrize("zone", ["-08:00", "+08:00"])
def test_the_callers_session_of_the_last_12_hours_is_found_in_any_zone(
    vault: Path, monkeypatch: pytest.MonkeyPatch, zone: str
) -> None:
    """The last 12 hours as of "now" (`$VAULTSYNC_NOW` when set: the wall clock was read
    directly, so a replay found no session), whatever the person's zone."""
    import datetime as dt

    from vaultsync.adapters.mcp_server import _infer_session
    from vaultsync.core import schema, timestamp
    from vaultsync.core.config import load_config
    from vaultsync.core.properties import render_frontmatter
    from vaultsync.services.derived.reconcile import rebuild

    monkeypatch.setenv("VAULTSYNC_TZ", zone)
    monkeypatch.setenv("VAULTSYNC_NOW", "2026-12-01T12:00:00Z")
    for sid, hours in (("recent", 5), ("old", 14)):
        started = timestamp.format(timestamp.now() - dt.timedelta(hours=hours))
        props = schema.session_props(agent="codex", session_id=sid, project="/w/api",
                                     cwd="/w/api", started=started, machine="m")  # fmt: skip
        note = vault / "sessions" / "2026" / "12" / f"{sid}.md"
        note.parent.mkdir(parents=True, exist_ok=True)
        note.write_text(render_frontmatter(props) + f"\n# codex session {sid}\n", "utf-8")
        config = load_config(vault)
        rebuild(vault, config)
        assert _infer_session(vault, config, "codex") == (
            ("recent", "/w/api") if sid == "recent" else ("", "")
        ), sid
        note.unlink()
