"""`vaultsync mcp`: the vault as MCP tools, over stdio only (no network listener).

Needs the optional extra `vaultsync[mcp]` (the official `mcp` SDK, 2.x: `MCPServer`); it is
imported only here, only when the command runs. Each tool is a thin call into
services/recall/agent_tools (search, timeline, get, recent) or services/learning/agent_memory
(remember). The vault is resolved on every call, so a vault created or fixed after the agent
started is picked up, and a missing one is a tool error, not a dead server. Errors are tool
errors (`isError` results) with a message that says what to do; the server never exits on one.
Bounds and shapes: docs/mcp.md.
"""

import datetime as dt
import io
import json
import os
import re
import threading
from pathlib import Path
from typing import Annotated, Any

from vaultsync.core import timestamp
from vaultsync.core.errors import VaultsyncError

INSTRUCTIONS = (
    "vaultsync: the shared, person-editable memory of all this person's coding agents (Claude "
    "Code, Codex, Gemini CLI, Hermes, Copilot CLI, OpenCode, Cursor) in an Obsidian vault. "
    "Use `search` first (short "
    "hits, each saying which agent and session it came from), then `timeline` around one hit "
    "or `get` for the full text of the few you need. `recent` lists a project's latest "
    "sessions across agents. `remember` saves a durable fact for review."
)

# Argument descriptions, in the order the tools use them.
ARGS = (
    "What to look for, in plain words, any language",
    "Only this project (path or repo key)",
    "Only this agent: claude-code, codex, gemini, hermes, cursor, copilot, opencode",
    "Only this type: memory, summary, session, event, note",
    "Only memories of this level: L1, L2, L3",
    "Only since a date (2026-11-01) or an age (7d, 12h)",
    "At most this many results (default 8, max 25)",
    "A result id from search (note path, or path#event)",
    "Events before it (default 5, max 20)",
    "Events after it (default 5, max 20)",
    "1 to 5 result ids from search or timeline",
    "Only this project (default: all)",
    "At most this many sessions (default 10, max 30)",
    "One durable fact, 10 to 2000 characters",
    "project (default), user (about the person) or agent (about the environment)",
)


class McpMissing(VaultsyncError, RuntimeError):
    pass


def _infer_session(vault: Path, config: Any, agent: str) -> tuple[str, str]:
    """(session_id, project) of this agent's most recent session in the last 12 hours."""
    from vaultsync.storage.index import Index

    try:
        with Index.open(config.index_file()) as index:
            notes = index.notes(type="session", agent=agent, limit=1)
    except Exception:
        return "", ""
    if not notes:
        return "", ""
    note = notes[0]
    # Compared as instants, as of timestamp.now() (the clock, or $VAULTSYNC_NOW).
    updated = timestamp.parse(note.updated)
    if updated is None or updated < timestamp.now() - dt.timedelta(hours=12):
        return "", ""
    return note.session_id, note.project


def build_server(*, vault: str | None = None, agent: str = "") -> Any:
    try:
        from mcp.server.mcpserver import MCPServer
        from mcp.server.mcpserver.exceptions import ToolError
        from mcp.types import ToolAnnotations
        from pydantic import Field
    except ImportError as exc:
        raise McpMissing(
            "the MCP server needs the `mcp` package, a dependency of vaultsync: reinstall "
            "vaultsync (`pip install -e .` in the clone) or `pip install 'mcp>=2.3,<3'`"
        ) from exc

    from vaultsync import __version__
    from vaultsync.services.learning import agent_memory
    from vaultsync.services.recall import agent_tools as tools

    server = MCPServer("vaultsync", instructions=INSTRUCTIONS, version=__version__)
    caller = agent or os.environ.get("VAULTSYNC_AGENT", "")
    read_only = ToolAnnotations(read_only_hint=True, open_world_hint=False)

    def ready(refresh: bool = True) -> tuple[Path, Any]:
        try:
            path, config = tools.open_vault(vault)
            if refresh:
                tools.ensure_index(path, config)
            return path, config
        except tools.VaultUnavailable as exc:
            raise ToolError(str(exc)) from exc

    def call(fn: Any, *args: Any, **kwargs: Any) -> Any:
        from vaultsync.storage.index import IndexFailure

        if _holds_lone_surrogate((args, kwargs)):
            raise ToolError(
                "an argument is not valid text: it holds a lone surrogate (an unpaired "
                "\\ud800-\\udfff escape); send the text as UTF-8"
            )
        try:
            return fn(*args, **kwargs)
        except (tools.ToolInputError, agent_memory.RememberError) as exc:
            raise ToolError(str(exc)) from exc
        except (tools.VaultUnavailable, IndexFailure) as exc:
            raise ToolError(str(exc)) from exc
        except TimeoutError as exc:
            raise ToolError("the vault is busy (a lock stayed held); try again") from exc
        except OSError as exc:
            raise ToolError(f"cannot read the vault: {exc.strerror or exc}") from exc

    Text = Annotated[str | None, Field(default=None)]

    @server.tool(annotations=read_only)
    def search(
        query: Annotated[str, Field(description=ARGS[0])],
        project: Annotated[str | None, Field(description=ARGS[1])] = None,
        agent: Annotated[str | None, Field(description=ARGS[2])] = None,
        type: Annotated[str | None, Field(description=ARGS[3])] = None,
        level: Annotated[str | None, Field(description=ARGS[4])] = None,
        since: Annotated[str | None, Field(description=ARGS[5])] = None,
        limit: Annotated[int | None, Field(description=ARGS[6])] = None,
    ) -> dict[str, Any]:
        """Search the shared memory of all coding agents (notes, memories, session summaries,
        session events). Returns short hits: id, type, title, date, agent, session, project,
        score, snippet, and `from` (which agent and when). Open one with `timeline` or `get`."""
        path, config = ready()
        # The caller's own session (its latest of the last 12 hours) is left out: its prompt
        # would be the best hit for its own question, and the agent has that session already.
        own = _infer_session(path, config, caller)[0] if caller else ""
        return call(tools.search, path, config, query, project=project, agent=agent,
                    type=type, level=level, since=since, limit=limit,
                    exclude_session=own or None)  # fmt: skip

    @server.tool(annotations=read_only)
    def timeline(
        id: Annotated[str, Field(description=ARGS[7])],
        before: Annotated[int | None, Field(description=ARGS[8])] = None,
        after: Annotated[int | None, Field(description=ARGS[9])] = None,
    ) -> dict[str, Any]:  # fmt: skip
        """What happened around one search result: the events before and after it in its
        session (compact lines), and the session's summary if it has one."""
        path, config = ready()
        return call(tools.timeline, path, config, id, before=before, after=after)

    @server.tool(annotations=read_only)
    def get(
        ids: Annotated[list[str], Field(description=ARGS[10])],
    ) -> dict[str, Any]:
        """The full text of a few results (each at most 8000 characters, 20000 in all).
        Secrets were redacted before they reached the vault."""
        path, config = ready(refresh=False)
        return call(tools.get, path, config, ids)

    @server.tool(annotations=read_only)
    def recent(
        project: Annotated[str | None, Field(description=ARGS[11])] = None,
        limit: Annotated[int | None, Field(description=ARGS[12])] = None,
    ) -> dict[str, Any]:  # fmt: skip
        """The latest sessions of a project across all agents, newest first, each with its
        summary's title and modified files when the learning loop has summarised it."""
        path, config = ready()
        return call(tools.recent, path, config, project=project, limit=limit)

    @server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False))
    def remember(
        fact: Annotated[str, Field(description=ARGS[13])],
        scope: Annotated[str, Field(description=ARGS[14])] = "project",
        session_id: Text = None,
        project: Text = None,
    ) -> dict[str, Any]:  # fmt: skip
        """Save a durable fact (a decision, a convention, a fix worth knowing) as a memory
        candidate. Secrets are redacted. It waits for a person's review before it is used."""
        path, config = ready(refresh=False)
        who = caller or "mcp-client"
        sid, proj = session_id or "", project or ""
        if not sid:
            sid, inferred = _infer_session(path, config, who)
            proj = proj or inferred
        if not proj:
            from vaultsync.core.project import project_of

            proj = project_of(os.getcwd()).key
        result = call(
            agent_memory.remember, path, config, fact, agent=who, session_id=sid,
            project=proj, scope=scope, origin="mcp",
        )  # fmt: skip
        return result.as_dict()

    return server


# A JSON escape of half a surrogate pair (`"\\ud800"`) is valid JSON but not text: the SDK's
# parser rejects the whole message before it has an id, so the call would never be answered
# and the agent would wait for its own timeout. Such a message is rewritten on its way in:
# each lone surrogate becomes U+FDD0, a noncharacter no interchanged text holds, and a tool
# whose arguments carry one answers with a tool error that says why.
LONE = "\ufdd0"
_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_SURROGATE = re.compile("[\ud800-\udfff]")


def _holds_lone_surrogate(value: Any) -> bool:
    if isinstance(value, str):
        return LONE in value
    if isinstance(value, dict):
        return any(_holds_lone_surrogate(v) for v in value.values())
    if isinstance(value, list | tuple):
        return any(_holds_lone_surrogate(v) for v in value)
    return False


def _marked(value: Any) -> Any:
    if isinstance(value, str):
        return _SURROGATE.sub(LONE, value)
    if isinstance(value, dict):
        return {_marked(k): _marked(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_marked(v) for v in value]
    return value


def without_lone_surrogates(line: bytes) -> bytes:
    """One JSON-RPC line, its lone surrogates marked (see LONE); any other line unchanged."""
    if not _ESCAPE.search(line):
        return line
    try:
        message = json.loads(line)
    except ValueError:
        return line
    fixed = _marked(message)
    if fixed == message:
        return line
    return json.dumps(fixed, ensure_ascii=False).encode("utf-8") + b"\n"


def _filter_stdin() -> None:
    """Put a pipe on fd 0 fed line by line from the real stdin through
    `without_lone_surrogates` (the SDK reads fd 0 itself)."""
    source = os.dup(0)
    read_end, write_end = os.pipe()
    os.dup2(read_end, 0)
    os.close(read_end)

    def pump() -> None:
        with os.fdopen(source, "rb", buffering=0) as raw, os.fdopen(write_end, "wb") as out:
            for line in iter(io.BufferedReader(raw).readline, b""):
                try:
                    out.write(without_lone_surrogates(line))
                    out.flush()
                except BrokenPipeError:
                    return

    threading.Thread(target=pump, name="mcp-stdin", daemon=True).start()


def run(*, vault: str | None = None, agent: str = "") -> None:
    """Serve on stdin/stdout until the client closes the pipe."""
    for name in ("VAULTSYNC_VAULT", "VAULTSYNC_HOME"):
        # Hermes passes `${NAME}` on as it is when NAME is unset (services/agents/mcp_config).
        if os.environ.get(name) == "${" + name + "}":
            del os.environ[name]
    server = build_server(vault=vault, agent=agent)
    _filter_stdin()
    server.run("stdio")
