"""vaultsync as a Hermes Agent memory provider (Hermes' `MemoryProvider` interface, checked
against hermes-agent 0.19.0: agent/memory_provider.py, plugins/memory/__init__.py).

`vaultsync install hermes` writes a two-file plugin into `$HERMES_HOME/plugins/vaultsync/`
(services/agents/hermes_plugin) whose `register(ctx)` hands Hermes this class; `memory.provider:
vaultsync` in config.yaml turns it on. It runs inside Hermes' own interpreter: only the standard
library, PyYAML (which Hermes ships) and vaultsync's own modules are imported.

One capture path per agent, so no turn is recorded twice: when vaultsync's shell hooks are in
Hermes' config.yaml they record every event and inject the session-start context, and this
provider only reads (prefetch, tools) and mirrors Hermes' built-in memory writes; without the
hooks, the provider also records each turn (`sync_turn`, in a background thread, through the
hook's own capture path) and gives the session-start context as its system prompt block.
Prompt-time recall shares the hook's per-session "already given" state, so the hook's
pre_llm_call context and `prefetch` never hand the model the same note twice.
"""

from __future__ import annotations

import json
import logging
import threading
from pathlib import Path
from typing import Any

from agent.memory_provider import MemoryProvider

logger = logging.getLogger(__name__)


def _guarded(default: Any) -> Any:
    """A provider method that never raises into Hermes: whatever Hermes hands it (a malformed
    message list, metadata that is not a mapping), a failure is logged at debug level and the
    method returns `default`."""
    import functools

    def wrap(method: Any) -> Any:
        @functools.wraps(method)
        def guarded(self: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                return method(self, *args, **kwargs)
            except Exception as exc:
                logger.debug("vaultsync: %s failed: %s", method.__name__, exc)
                return default

        return guarded

    return wrap


AGENT = "hermes"
TOOL_PREFIX = "vaultsync_"
_SCHEMAS: list[dict[str, Any]] = [
    {
        "name": "vaultsync_search",
        "description": (
            "Search the person's shared memory of ALL their coding agents (Claude Code, Codex, "
            "Gemini CLI, Hermes, Copilot CLI, OpenCode, Cursor): memories, session summaries, "
            "session events. Use it "
            "for anything done in another agent or an earlier session (which files a fix "
            "changed, a decision, a convention). Short hits; open one with vaultsync_get."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "plain words, any language"},
                "agent": {"type": "string", "description": "only this agent, e.g. claude-code"},
                "project": {"type": "string", "description": "only this project"},
                "type": {"type": "string", "description": "memory, summary, session or event"},
                "since": {"type": "string", "description": "a date or an age such as 7d"},
                "limit": {"type": "integer", "description": "at most this many (max 25)"},
            },
            "required": ["query"],
        },
    },
    {
        "name": "vaultsync_get",
        "description": "The full text of 1 to 5 vaultsync_search results, by id.",
        "parameters": {
            "type": "object",
            "properties": {"ids": {"type": "array", "items": {"type": "string"}}},
            "required": ["ids"],
        },
    },
    {
        "name": "vaultsync_remember",
        "description": (
            "Save one durable fact (decision, convention, fix worth knowing) to the shared "
            "memory as a candidate a person reviews. Secrets are redacted."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "fact": {"type": "string", "description": "10 to 2000 characters"},
                "scope": {"type": "string", "enum": ["project", "user", "agent"]},
            },
            "required": ["fact"],
        },
    },
]


class VaultsyncMemoryProvider(MemoryProvider):
    def __init__(self) -> None:
        self._session_id = ""
        self._hermes_home: Path | None = None
        self._platform = ""
        self._writes = True
        self._cwd = ""
        self._vault: Path | None = None
        self._config: Any = None
        self._cache: dict[tuple[str, str], str] = {}
        self._worker: Any = None
        self._lock = threading.Lock()

    # --- identity and set-up ---------------------------------------------------------------

    @property
    def name(self) -> str:
        return "vaultsync"

    def is_available(self) -> bool:
        from vaultsync.core.config import resolve_vault

        try:
            vault = resolve_vault()
        except Exception:
            return False
        return vault is not None and vault.is_dir()

    def initialize(self, session_id: str, **kwargs: Any) -> None:
        import os

        from vaultsync.services.recall import agent_tools

        self._session_id = session_id or ""
        home = kwargs.get("hermes_home")
        self._hermes_home = Path(home) if home else None
        self._platform = str(kwargs.get("platform") or "")
        # Cron jobs, subagents and flushes are not the person's conversation: never recorded.
        self._writes = str(kwargs.get("agent_context") or "primary") == "primary"
        self._cwd = os.getcwd()
        try:
            self._vault, self._config = agent_tools.open_vault()
        except agent_tools.VaultUnavailable as exc:
            logger.warning("vaultsync: %s", exc)
            return
        # A missing or stale index is brought up to date off the agent's path.
        self._spawn(agent_tools.ensure_index, self._vault, self._config)

    def hooks_installed(self) -> bool:
        """vaultsync's shell hooks are in this Hermes' config.yaml (then they capture)."""
        from vaultsync.services.agents.agent_config import agent_home, has_ours_yaml

        home = self._hermes_home or agent_home(AGENT)
        try:
            text = (home / "config.yaml").read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return False
        return has_ours_yaml(text)

    def _project(self) -> str:
        from vaultsync.core.project import project_of

        return project_of(self._cwd).key if self._cwd else ""

    # --- reading ------------------------------------------------------------------------------

    @_guarded("")
    def system_prompt_block(self) -> str:
        if self._vault is None:
            return ""
        lines = [
            "Shared memory (vaultsync): the person's notes from all their coding agents live "
            "in an Obsidian vault. Use vaultsync_search for work done in other agents or "
            "earlier sessions; vaultsync_remember to save a durable fact for review."
        ]
        if not self.hooks_installed():  # else the hook's first-turn context carries it
            from vaultsync.core.hook.capture import session_context
            from vaultsync.core.project import project_of

            try:
                context = session_context(self._vault, self._config, project_of(self._cwd))
            except Exception as exc:  # never break the agent's prompt assembly
                logger.debug("vaultsync: session context failed: %s", exc)
                context = ""
            if context:
                lines.append(context)
        return "\n\n".join(lines)

    @_guarded("")
    def prefetch(self, query: str, *, session_id: str = "") -> str:
        """Prompt-time recall for this turn (core/prompt_recall: a few ms on the index);
        cached per session and query, since Hermes may ask again before each API call."""
        if self._vault is None or not query:
            return ""
        sid = session_id or self._session_id
        key = (sid, query)
        with self._lock:
            if key in self._cache:
                return self._cache[key]
        from vaultsync.core.hook import prompt_recall
        from vaultsync.core.hook.agents import Incoming
        from vaultsync.core.model import EventKind

        inc = Incoming(
            agent=AGENT, native_event="pre_llm_call", kind=EventKind.PROMPT, session_id=sid,
            cwd=self._cwd, prompt=query,
        )  # fmt: skip
        try:
            text = prompt_recall.context_for(inc, self._vault, self._config, self._project())
        except Exception as exc:
            logger.debug("vaultsync: prefetch failed: %s", exc)
            text = ""
        with self._lock:
            if len(self._cache) > 256:
                self._cache.clear()
            self._cache[key] = text
        return text

    # --- tools ----------------------------------------------------------------------------------

    def get_tool_schemas(self) -> list[dict[str, Any]]:
        return [dict(s) for s in _SCHEMAS]

    def handle_tool_call(self, tool_name: str, args: dict[str, Any], **kwargs: Any) -> str:
        from vaultsync.services.learning import agent_memory
        from vaultsync.services.recall import agent_tools

        try:
            if self._vault is None:
                self._vault, self._config = agent_tools.open_vault()
            vault, config = self._vault, self._config
            args = args if isinstance(args, dict) else {}
            if tool_name == "vaultsync_search":
                agent_tools.ensure_index(vault, config)
                result: Any = agent_tools.search(
                    vault, config, args.get("query"), project=args.get("project"),
                    agent=args.get("agent"), type=args.get("type"), since=args.get("since"),
                    limit=args.get("limit"), exclude_session=self._session_id or None,
                )  # fmt: skip
            elif tool_name == "vaultsync_get":
                result = agent_tools.get(vault, config, args.get("ids"))
            elif tool_name == "vaultsync_remember":
                if not self._writes:
                    return json.dumps({"error": "not saved: this is not the primary session"})
                result = agent_memory.remember(
                    vault, config, args.get("fact") or "", agent=AGENT,
                    session_id=self._session_id, project=self._project(),
                    scope=args.get("scope") or "project", origin="hermes-tool",
                ).as_dict()  # fmt: skip
            else:
                return json.dumps({"error": f"unknown tool {tool_name}"})
        except (agent_tools.ToolInputError, agent_tools.VaultUnavailable) as exc:
            return json.dumps({"error": str(exc)})
        except agent_memory.RememberError as exc:
            return json.dumps({"error": str(exc)})
        except Exception as exc:  # a tool error, never an exception into Hermes' loop
            logger.debug("vaultsync: tool %s failed: %s", tool_name, exc)
            return json.dumps({"error": f"{type(exc).__name__}: {exc}"[:300]})
        return json.dumps(result, ensure_ascii=False)

    # --- writing --------------------------------------------------------------------------------

    def _spawn(self, fn: Any, *args: Any) -> None:
        """Run off Hermes' path, one job after the other in order (a turn is written before
        the session's end), on one worker thread."""

        def run() -> None:
            try:
                fn(*args)
            except Exception as exc:
                logger.debug("vaultsync: background %s failed: %s", fn.__name__, exc)

        with self._lock:
            if self._worker is None:
                from concurrent.futures import ThreadPoolExecutor

                self._worker = ThreadPoolExecutor(1, thread_name_prefix="vaultsync-provider")
            self._worker.submit(run)

    def _record(self, incomings: list[Any]) -> None:
        from vaultsync.core import timestamp
        from vaultsync.core.hook import capture

        assert self._vault is not None
        for inc in incomings:
            capture.handle(inc, self._vault, self._config, timestamp.now())

    @_guarded(None)
    def sync_turn(
        self,
        user_content: str,
        assistant_content: str,
        *,
        session_id: str = "",
        messages: list[dict[str, Any]] | None = None,
    ) -> None:
        if self._vault is None or not self._writes or self.hooks_installed():
            return
        from vaultsync.adapters.hermes.turns import turn_events

        sid = session_id or self._session_id
        incs = turn_events(sid, self._cwd, user_content, assistant_content, messages)
        self._spawn(self._record, incs)

    @_guarded(None)
    def on_session_end(self, messages: list[dict[str, Any]]) -> None:
        if self._vault is None or not self._writes or self.hooks_installed():
            return
        from vaultsync.core.hook.agents import Incoming
        from vaultsync.core.model import EventKind

        inc = Incoming(
            agent=AGENT, native_event="on_session_finalize", kind=EventKind.SESSION_END,
            session_id=self._session_id, cwd=self._cwd, extra={"reason": "session end"},
        )  # fmt: skip
        self._spawn(self._record, [inc])

    @_guarded(None)
    def on_session_switch(self, new_session_id: str, **kwargs: Any) -> None:
        self._session_id = new_session_id or self._session_id

    @_guarded(None)
    def on_memory_write(
        self, action: str, target: str, content: str, metadata: dict[str, Any] | None = None
    ) -> None:
        """Hermes wrote its built-in MEMORY.md/USER.md: mirror the fact into a vault memory
        candidate (provenance: hermes, this session, where it came from). Removals are left
        to a person: the vault keeps its own copy until reviewed."""
        if self._vault is None or not self._writes or action not in ("add", "replace"):
            return
        if not isinstance(content, str) or len(content.strip()) < 10:
            return
        from vaultsync.services.learning import agent_memory

        meta = metadata if isinstance(metadata, dict) else {}
        sid = str(meta.get("session_id") or self._session_id)
        scope = "user" if target == "user" else "agent"
        self._spawn(
            lambda: agent_memory.remember(
                self._vault, self._config, content[: agent_memory.MAX_CHARS], agent=AGENT,
                session_id=sid, project=self._project(), scope=scope,
                origin=f"hermes-memory:{target}",
            )
        )  # fmt: skip

    def shutdown(self) -> None:
        with self._lock:
            worker, self._worker = self._worker, None
        if worker is not None:
            worker.shutdown(wait=True)


def register(ctx: Any) -> None:
    ctx.register_memory_provider(VaultsyncMemoryProvider())
