"""What each agent sends its hooks and what it expects back, in one place.

Every agent's native payload is parsed here, once, into an `Incoming` (the agent-independent
facts of one hook call); `capture` turns that into a stored `Event`. Field names follow the
agents' hook documentation (docs/hooks.md has the table and sources). Every field is optional:
the agents change their payloads often, so a missing key is never an error and unknown keys are
ignored.

Also here: which native events `vaultsync install` registers, and what each agent must be sent
on stdout (JSON where JSON is required, nothing where nothing is allowed).
"""

from __future__ import annotations

import json
import os

from vaultsync.core.hook.tool_outcome import codex_exit_code, exit_code, gemini_exit_code
from vaultsync.core.model import AGENTS, EventKind, ToolKind

# typing costs the hook ~2 ms to import; annotations are strings.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_K = EventKind

# Native event name -> normalized kind. Only these events are recorded; any other event an agent
# sends (a newer one, or one a person wired up by hand) is accepted and ignored.
EVENTS: dict[str, dict[str, EventKind]] = {
    "claude-code": {
        "SessionStart": _K.SESSION_START,
        "UserPromptSubmit": _K.PROMPT,
        "PostToolUse": _K.TOOL,
        "PostToolUseFailure": _K.TOOL_ERROR,
        "Stop": _K.TURN_END,
        "SubagentStop": _K.SUBAGENT_END,
        "PreCompact": _K.COMPACT,
        "SessionEnd": _K.SESSION_END,
    },
    "codex": {
        "SessionStart": _K.SESSION_START,
        "UserPromptSubmit": _K.PROMPT,
        "PostToolUse": _K.TOOL,
        "Stop": _K.TURN_END,
        "SubagentStop": _K.SUBAGENT_END,
        "PreCompact": _K.COMPACT,
        "SessionEnd": _K.SESSION_END,
    },
    "hermes": {
        "on_session_start": _K.SESSION_START,
        "pre_llm_call": _K.PROMPT,
        "post_tool_call": _K.TOOL,
        "post_llm_call": _K.TURN_END,
        "subagent_stop": _K.SUBAGENT_END,
        # on_session_end fires after every turn (post_llm_call covers that); the real teardown
        # is on_session_finalize.
        "on_session_finalize": _K.SESSION_END,
    },
    "gemini": {
        "SessionStart": _K.SESSION_START,
        "BeforeAgent": _K.PROMPT,
        "AfterTool": _K.TOOL,
        "AfterAgent": _K.TURN_END,
        "PreCompress": _K.COMPACT,
        "SessionEnd": _K.SESSION_END,
    },
    "cursor": {
        "sessionStart": _K.SESSION_START,
        "beforeSubmitPrompt": _K.PROMPT,
        "postToolUse": _K.TOOL,
        "postToolUseFailure": _K.TOOL_ERROR,
        "afterShellExecution": _K.TOOL,
        "afterFileEdit": _K.TOOL,
        "afterMCPExecution": _K.TOOL,
        "preCompact": _K.COMPACT,
        "afterAgentResponse": _K.TURN_END,
        "stop": _K.TURN_END,
        "sessionEnd": _K.SESSION_END,
    },
    "copilot": {
        "sessionStart": _K.SESSION_START,
        "userPromptSubmitted": _K.PROMPT,
        "postToolUse": _K.TOOL,
        "postToolUseFailure": _K.TOOL_ERROR,
        "agentStop": _K.TURN_END,
        "subagentStop": _K.SUBAGENT_END,
        "preCompact": _K.COMPACT,
        "sessionEnd": _K.SESSION_END,
        # The Claude-style names, for the hooks of a repository's .claude/settings.json, which
        # Copilot runs too (core/hook/agents.actual_agent); the others fold to the ones above.
        "UserPromptSubmit": _K.PROMPT,
        "Stop": _K.TURN_END,
    },
    # Names of vaultsync's own OpenCode plugin (resources/opencode/vaultsync.js), which sends
    # them: OpenCode runs plugins in-process and has no hook payloads of its own.
    "opencode": {
        "session.created": _K.SESSION_START,
        "chat.message": _K.PROMPT,
        "tool.execute.after": _K.TOOL,
        "session.idle": _K.TURN_END,
        "session.compacted": _K.COMPACT,
        "dispose": _K.SESSION_END,
    },
}

# The events `vaultsync install` registers, per agent (the list, in firing order).
INSTALL_EVENTS: dict[str, tuple[str, ...]] = {
    "claude-code": (
        "SessionStart",
        "UserPromptSubmit",
        "PostToolUse",
        "PostToolUseFailure",
        "Stop",
        "SubagentStop",
        "PreCompact",
        "SessionEnd",
    ),
    "codex": ("SessionStart", "UserPromptSubmit", "PostToolUse", "Stop", "SessionEnd"),
    "hermes": (
        "on_session_start",
        "pre_llm_call",
        "post_tool_call",
        "post_llm_call",
        "on_session_finalize",
    ),
    "gemini": ("SessionStart", "BeforeAgent", "AfterTool", "AfterAgent", "SessionEnd"),
    "cursor": (
        "sessionStart",
        "beforeSubmitPrompt",
        "postToolUse",
        "afterShellExecution",
        "afterFileEdit",
        "afterAgentResponse",
        "stop",
        "sessionEnd",
    ),
    # Never preToolUse or permissionRequest: a hook that fails there denies the tool call.
    "copilot": (
        "sessionStart",
        "userPromptSubmitted",
        "postToolUse",
        "postToolUseFailure",
        "agentStop",
        "subagentStop",
        "preCompact",
        "sessionEnd",
    ),
    "opencode": (
        "session.created",
        "chat.message",
        "tool.execute.after",
        "session.idle",
        "session.compacted",
        "dispose",
    ),
}

# Events whose stdout is read as context for the model.
_CONTEXT_EVENTS = {
    "claude-code": "SessionStart",
    "codex": "SessionStart",
    "gemini": "SessionStart",
    "cursor": "sessionStart",
    "hermes": "pre_llm_call",  # only on the first turn (extra.is_first_turn)
    "copilot": "sessionStart",
    "opencode": "session.created",
}
CLAUDE_CONTEXT_CAP = 10_000  # Claude Code truncates hook output strings beyond this

_TOOL_KINDS: dict[str, ToolKind] = {}
for _kind, _names in (
    (
        ToolKind.SHELL,
        "bash exec_command shell local_shell terminal run_shell_command execute_command",
    ),
    (
        ToolKind.EDIT,
        "edit multiedit apply_patch patch replace edit_file search_replace notebookedit "
        "str_replace",
    ),
    (ToolKind.WRITE, "write write_file create_file create"),
    (ToolKind.READ, "read read_file read_many_files notebookread view cat"),
    (
        ToolKind.SEARCH,
        "grep glob ls search_files glob_files search_file_content list_directory "
        "codebase_search file_search grep_search list_dir",
    ),
    (ToolKind.WEB, "webfetch websearch web_fetch web_search google_web_search web_extract"),
    (ToolKind.AGENT, "task agent spawn_agent delegate_task subagent"),
):
    for _name in _names.split():
        _TOOL_KINDS[_name] = _kind

# Payload facts worth keeping, per kind (the transcript path once, not on every event).
_EXTRA_KEYS: dict[EventKind | None, tuple[str, ...]] = {
    _K.SESSION_START: ("source", "model", "transcript_path", "agent_type"),
    _K.SESSION_END: ("reason", "transcript_path"),
    _K.COMPACT: ("trigger",),
    _K.SUBAGENT_END: ("agent_type",),
}
_MAX_ID = 256  # real session ids are UUIDs; anything longer is cut, never trusted


class Incoming:
    """One hook call, parsed: the agent-independent facts, raw tool input and output kept for
    `capture` to summarise (the summaries depend on limits from the config). A plain class, not
    a dataclass (core/model.Event says why); never changed once built: `replace` returns a new
    one."""

    __slots__ = FIELDS = (
        "agent", "native_event", "kind", "session_id", "cwd", "turn_id", "tool", "tool_kind",
        "tool_input", "tool_output", "prompt", "message", "is_error", "files", "wants_context",
        "extra",
    )  # fmt: skip

    def __init__(
        self,
        agent: str,
        native_event: str,
        kind: EventKind | None,  # None: an event vaultsync does not record
        session_id: str,
        cwd: str = "",
        turn_id: str = "",
        tool: str = "",
        tool_kind: str = "",
        tool_input: Any = None,
        tool_output: Any = None,
        prompt: str = "",
        message: str = "",
        is_error: bool = False,
        files: tuple[str, ...] = (),
        wants_context: bool = False,
        extra: dict[str, Any] | None = None,
    ) -> None:
        self.agent = agent
        self.native_event = native_event
        self.kind = kind
        self.session_id = session_id
        self.cwd = cwd
        self.turn_id = turn_id
        self.tool = tool
        self.tool_kind = tool_kind
        self.tool_input = tool_input
        self.tool_output = tool_output
        self.prompt = prompt
        self.message = message
        self.is_error = is_error
        self.files = files
        self.wants_context = wants_context
        self.extra: dict[str, Any] = {} if extra is None else extra

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.FIELDS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Incoming):
            return NotImplemented
        return self._values() == other._values()

    __hash__ = None  # type: ignore[assignment]  # holds the payload's dicts

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"Incoming({shown})"

    def replace(self, **changes: Any) -> Incoming:
        """A copy with `changes` applied."""
        values = {name: getattr(self, name) for name in self.FIELDS}
        values.update(changes)
        return Incoming(**values)


class PayloadError(ValueError):
    """The payload cannot be read as a hook call (not JSON, not an object, no event name)."""


def parse_agent(name: str) -> str:
    value = name.strip().lower()
    aliases = {"claude": "claude-code", "claude_code": "claude-code", "gemini-cli": "gemini"}
    value = aliases.get(value, value)
    if value not in AGENTS:
        raise PayloadError(f"unknown agent {name!r} (one of {', '.join(AGENTS)})")
    return value


def sniff_agent(payload: dict[str, Any]) -> str:
    """The agent, guessed from a payload's shape when --agent was not given."""
    if "conversation_id" in payload or "workspace_roots" in payload:
        return "cursor"
    if isinstance(payload.get("extra"), dict):
        return "hermes"
    if "timestamp" in payload and "transcript_path" in payload:
        return "gemini"
    if "turn_id" in payload and "model" in payload:
        return "codex"
    return "claude-code"


def event_name(agent: str, payload: dict[str, Any], flag: str | None) -> str:
    """The native event name: the payload's own where the agent sends one, else --event."""
    name = _s(payload.get("hook_event_name")) or (flag or "")
    if not name:
        raise PayloadError("the payload names no event and --event was not given")
    known = EVENTS[agent]
    if name in known:
        return name
    folded = {k.lower(): k for k in known}
    return folded.get(name.lower(), name)


def tool_kind(tool: str) -> str:
    if not tool:
        return ""
    low = tool.lower()
    if low.startswith(("mcp__", "mcp:", "mcp_")):
        return ToolKind.MCP.value
    if low.startswith("browser_"):
        return ToolKind.WEB.value
    return _TOOL_KINDS.get(low, ToolKind.OTHER).value


def normalize(agent: str, payload: dict[str, Any], event_flag: str | None = None) -> Incoming:
    """Parse one native payload. Raises PayloadError only when no event name can be found."""
    native = event_name(agent, payload, event_flag)
    kind = EVENTS[agent].get(native)
    extra: dict[str, Any] = {}
    for key in _EXTRA_KEYS.get(kind, ()):
        value = payload.get(key)
        if isinstance(value, str) and value:
            extra[key] = value[:500]
    base: dict[str, Any] = {
        "agent": agent,
        "native_event": native,
        "kind": kind,
        "session_id": _session_id(agent, payload),
        "cwd": _s(payload.get("cwd")),
    }
    if agent == "hermes":
        fields = _hermes(payload, native, kind)
    elif agent == "copilot":
        fields = _copilot(payload, native, kind)
    elif agent == "opencode":
        fields = _opencode(payload, native, kind)
    elif agent == "cursor":
        fields = _cursor(payload, native, kind)
    elif agent == "gemini":
        fields = _gemini(payload, native, kind)
    else:
        fields = _claude_or_codex(payload, native, kind, codex=agent == "codex")
    if not base["cwd"] and agent == "cursor":
        roots = payload.get("workspace_roots")
        if isinstance(roots, list) and roots:
            base["cwd"] = _s(roots[0])
    if not base["cwd"]:
        base["cwd"] = _env_project_dir(agent)
    extra.update(fields.pop("extra", {}))
    fields.setdefault("wants_context", native == _CONTEXT_EVENTS[agent] and agent != "hermes")
    tool = fields.get("tool", "")
    if tool and "tool_kind" not in fields:
        fields["tool_kind"] = tool_kind(tool)
    if tool and "files" not in fields:
        fields["files"] = _files_of(fields.get("tool_input"))
    return Incoming(**{**base, **fields}, extra=extra)


def _s(value: Any) -> str:
    return value if isinstance(value, str) else ("" if value is None else str(value))


def _session_id(agent: str, payload: dict[str, Any]) -> str:
    keys = ("conversation_id", "session_id") if agent == "cursor" else ("session_id",)
    for key in (*keys, "sessionId", "thread-id", "thread_id"):
        value = payload.get(key)
        if value not in (None, ""):
            return _s(value)[:_MAX_ID]
    env = {"gemini": "GEMINI_SESSION_ID", "hermes": "HERMES_SESSION_ID"}.get(agent)
    if env and os.environ.get(env):
        return os.environ[env][:_MAX_ID]
    return "unknown"


def _env_project_dir(agent: str) -> str:
    names = {
        "claude-code": ("CLAUDE_PROJECT_DIR",),
        "gemini": ("GEMINI_PROJECT_DIR", "GEMINI_CWD", "CLAUDE_PROJECT_DIR"),
        "copilot": ("COPILOT_PROJECT_DIR",),
    }.get(agent, ())
    for name in names:
        if os.environ.get(name):
            return os.environ[name]
    return ""


def _claude_or_codex(
    p: dict[str, Any], native: str, kind: EventKind | None, *, codex: bool = False
) -> dict[str, Any]:
    out: dict[str, Any] = {"turn_id": _s(p.get("turn_id") or p.get("prompt_id"))}
    if kind in (_K.TOOL, _K.TOOL_ERROR):
        out["tool"] = _s(p.get("tool_name"))
        out["tool_input"] = p.get("tool_input")
        if kind is _K.TOOL_ERROR:
            out["tool_output"] = p.get("error")
            out["is_error"] = True
        else:
            response = p.get("tool_response")
            out["tool_output"] = response
            code = exit_code(response)
            if code is None and codex:
                # Codex sends a shell call's output as a plain string without its exit code,
                # and has no failure event: the code is in its own session log (the rollout).
                code = codex_exit_code(p.get("transcript_path"), p.get("tool_use_id"))
                if code is None and tool_kind(_s(p.get("tool_name"))) == ToolKind.SHELL.value:
                    out["extra"] = {"outcome": "unknown"}  # never assumed to have worked
            if code:
                out["is_error"] = True
                out["kind"] = _K.TOOL_ERROR
            if code is not None and codex:
                out["extra"] = {"exit_code": code}
        if p.get("is_interrupt"):
            out["extra"] = {"interrupted": True}
    elif kind is _K.PROMPT:
        out["prompt"] = _s(p.get("prompt"))
    elif kind in (_K.TURN_END, _K.SUBAGENT_END):
        out["message"] = _s(p.get("last_assistant_message"))
    elif kind is _K.COMPACT:
        out["message"] = _s(p.get("custom_instructions"))
    return out


def _hermes(p: dict[str, Any], native: str, kind: EventKind | None) -> dict[str, Any]:
    raw = p.get("extra")
    extra: dict[str, Any] = raw if isinstance(raw, dict) else {}
    out: dict[str, Any] = {"turn_id": _s(extra.get("turn_id"))}
    if kind is _K.TOOL:
        out["tool"] = _s(p.get("tool_name"))
        out["tool_input"] = p.get("tool_input")
        result = extra.get("result")
        status = _s(extra.get("status")).lower()
        error = _s(extra.get("error_message")) or _s(extra.get("error_type"))
        failed = status in {"error", "failed", "failure", "blocked"} or bool(error)
        out["tool_output"] = error if failed and error and not result else result
        out["is_error"] = failed or bool(exit_code(result))
        if out["is_error"]:
            out["kind"] = _K.TOOL_ERROR
    elif kind is _K.PROMPT:
        out["prompt"] = _s(extra.get("user_message"))
        out["wants_context"] = extra.get("is_first_turn") is True
    elif kind is _K.TURN_END:
        out["message"] = _s(extra.get("assistant_response"))
    elif kind is _K.SESSION_START:
        platform = _s(extra.get("platform") or p.get("platform"))
        if platform:
            out["extra"] = {"platform": platform}
    return out


def _gemini(p: dict[str, Any], native: str, kind: EventKind | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if kind is _K.TOOL:
        out["tool"] = _s(p.get("tool_name"))
        out["tool_input"] = p.get("tool_input")
        response = p.get("tool_response")
        error = response.get("error") if isinstance(response, dict) else None
        if error:
            out["kind"] = _K.TOOL_ERROR
            out["is_error"] = True
            out["tool_output"] = error.get("message", error) if isinstance(error, dict) else error
        elif isinstance(response, dict):
            # A shell command's exit code is only in llmContent ("Exit Code: 2"), which also
            # wraps the output; returnDisplay holds the output as the person saw it.
            llm = response.get("llmContent")
            display = response.get("returnDisplay")
            code = gemini_exit_code(llm)
            out["tool_output"] = display if isinstance(display, str) and display.strip() else llm
            if code is not None:
                out["extra"] = {"exit_code": code}
            if code:
                out["kind"] = _K.TOOL_ERROR
                out["is_error"] = True
        else:
            out["tool_output"] = response
    elif kind is _K.PROMPT:
        out["prompt"] = _strip_hook_context(_s(p.get("prompt")))
    elif kind is _K.TURN_END:
        out["message"] = _s(p.get("prompt_response"))
    return out


def _cursor(p: dict[str, Any], native: str, kind: EventKind | None) -> dict[str, Any]:
    out: dict[str, Any] = {"turn_id": _s(p.get("generation_id"))}
    if native == "afterShellExecution":
        out.update(
            tool="Shell", tool_input={"command": p.get("command")}, tool_output=p.get("output")
        )
    elif native == "afterFileEdit":
        path = _s(p.get("file_path"))
        out.update(
            tool="Edit",
            tool_kind=ToolKind.EDIT.value,
            tool_input={"file_path": path, "edits": p.get("edits")},
            files=(path,) if path else (),
        )
    elif native == "afterMCPExecution":
        out.update(
            tool=f"MCP:{_s(p.get('tool_name'))}",
            tool_input=p.get("tool_input"),
            tool_output=p.get("result_json"),
        )
    elif kind in (_K.TOOL, _K.TOOL_ERROR):
        out["tool"] = _s(p.get("tool_name"))
        out["tool_input"] = p.get("tool_input")
        output = next((p[k] for k in ("tool_output", "tool_response", "result") if k in p), None)
        if kind is _K.TOOL_ERROR:
            output = p.get("error_message") or p.get("error") or output
            out["is_error"] = True
        out["tool_output"] = output
    elif kind is _K.PROMPT:
        out["prompt"] = _s(p.get("prompt"))
    elif native == "afterAgentResponse":
        # The agent's answer, after each of its messages: the "why" of a Cursor session.
        out["message"] = _s(p.get("text"))
    elif kind is _K.TURN_END:
        # `stop` carries no words of the agent's, only how the turn ended. A completed one adds
        # nothing to the afterAgentResponse before it but a second "turn end" (and a second
        # turn in the session's counts): it is ignored. One that did not complete says so.
        status = _s(p.get("status"))
        if status in ("", "completed"):
            out["kind"] = None
        else:
            out["message"] = f"status: {status}"
            out["is_error"] = status == "error"
    return out


def _mcp_or(tool: str, separator: str) -> dict[str, Any]:
    """Copilot names MCP tools `server-tool`, OpenCode `server_tool`: a name the tool table
    does not know that has the separator is an MCP tool."""
    low = tool.lower()
    if low and low not in _TOOL_KINDS and separator in low:
        return {"tool_kind": ToolKind.MCP.value}
    return {}


def _copilot(p: dict[str, Any], native: str, kind: EventKind | None) -> dict[str, Any]:
    """Copilot CLI: camelCase payloads (no event name: --event says it), or Claude-style ones
    for Claude-style hook names, whose tool output is under `tool_result`. A failing shell
    command still arrives as postToolUse with resultType "success": the exit code is only in
    the text (`<shellId: 0 completed with exit code 2>`)."""
    out: dict[str, Any] = {}
    if kind in (_K.TOOL, _K.TOOL_ERROR):
        tool = _s(p.get("toolName") or p.get("tool_name"))
        out["tool"] = tool
        out.update(_mcp_or(tool, "-"))
        args = p.get("toolArgs", p.get("tool_input", p.get("toolInput")))
        out["tool_input"] = _json_arg(args)
        result = p.get("toolResult", p.get("tool_result"))
        if kind is _K.TOOL_ERROR:
            error = p.get("error")
            if isinstance(error, dict):
                error = error.get("message", error)
            out["tool_output"] = error if error else _copilot_text(result)
            out["is_error"] = True
            return out
        text = _copilot_text(result)
        output, code = copilot_exit_code(text)
        out["tool_output"] = output
        status = ""
        if isinstance(result, dict):
            status = _s(result.get("resultType") or result.get("result_type")).lower()
        if code is not None:
            out["extra"] = {"exit_code": code}
        if code or status in ("failure", "error", "denied", "rejected"):
            out["kind"] = _K.TOOL_ERROR
            out["is_error"] = True
    elif kind is _K.PROMPT:
        out["prompt"] = _s(p.get("prompt"))
    elif kind in (_K.TURN_END, _K.SUBAGENT_END):
        from vaultsync.core.hook.transcript import copilot_last_message

        where = p.get("transcriptPath") or p.get("transcript_path")
        out["message"] = copilot_last_message(where)
        reason = _s(p.get("stopReason") or p.get("stop_reason"))
        if reason:
            out["extra"] = {"reason": reason[:100]}
    return out


def _copilot_text(result: Any) -> Any:
    if isinstance(result, dict):
        for key in ("textResultForLlm", "text_result_for_llm", "content"):
            if key in result:
                return result[key]
    return result


_COPILOT_EXIT = "completed with exit code "


def copilot_exit_code(text: Any) -> tuple[Any, int | None]:
    """(the output without Copilot's `<shellId: N completed with exit code M>` line, M)."""
    if not isinstance(text, str):
        return text, None
    at = text.rfind(_COPILOT_EXIT)
    if at == -1:
        return text, None
    digits = ""
    for ch in text[at + len(_COPILOT_EXIT) :]:
        if not ch.isdigit():
            break
        digits += ch
    if not digits:
        return text, None
    start = text.rfind("<shellId:", 0, at)
    end = text.find(">", at)
    if start != -1 and end != -1 and not text[end + 1 :].strip():
        text = text[:start].rstrip("\n")
    return text, int(digits)


def _json_arg(value: Any) -> Any:
    """Tool arguments that arrive as a JSON string, as the object they hold."""
    if isinstance(value, str) and value[:1] == "{":
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


def _opencode(p: dict[str, Any], native: str, kind: EventKind | None) -> dict[str, Any]:
    """OpenCode, through vaultsync's own plugin (resources/opencode/vaultsync.js), which sends
    `tool`, `args`, `output` and `exit` (metadata.exit: a shell command's exit code)."""
    out: dict[str, Any] = {}
    if kind in (_K.TOOL, _K.TOOL_ERROR):
        tool = _s(p.get("tool"))
        out["tool"] = tool
        out.update(_mcp_or(tool, "_"))
        out["tool_input"] = p.get("args")
        out["tool_output"] = p.get("output")
        code = p.get("exit")
        if isinstance(code, int) and not isinstance(code, bool):
            out["extra"] = {"exit_code": code}
            if code:
                out["kind"] = _K.TOOL_ERROR
                out["is_error"] = True
        if p.get("error"):
            out["kind"] = _K.TOOL_ERROR
            out["is_error"] = True
            out["tool_output"] = p.get("error") if not p.get("output") else p.get("output")
    elif kind is _K.PROMPT:
        prompt = _s(p.get("prompt")).strip()
        # `opencode run PROMPT` hands the model the prompt in quotes: not the person's words.
        if len(prompt) > 1 and prompt[0] == prompt[-1] == '"':
            prompt = prompt[1:-1]
        out["prompt"] = prompt
    elif kind in (_K.TURN_END, _K.SUBAGENT_END):
        out["message"] = _s(p.get("message"))
    return out


def actual_agent(agent: str, environ: Any = None) -> str | None:
    """The agent that really runs this hook: Copilot CLI also runs the hooks of a trusted
    repository's .claude/settings.json (a project-scope `vaultsync install claude-code`), with
    COPILOT_CLI=1 in their environment. Those events are Copilot's: recorded as Copilot's, or
    not at all (None) when vaultsync's own Copilot hooks are installed and record them."""
    env = os.environ if environ is None else environ
    if agent != "claude-code" or env.get("COPILOT_CLI") != "1":
        return agent
    home = env.get("COPILOT_HOME") or os.path.join(env.get("HOME") or "~", ".copilot")
    if os.path.exists(os.path.join(os.path.expanduser(home), "hooks", "vaultsync.json")):
        return None
    return "copilot"


_HOOK_CONTEXT = "<hook_context>"


def _strip_hook_context(prompt: str) -> str:
    """Gemini prepends the session-start context it was given to the prompt it reports: that
    is vaultsync's own text coming back, not what the person typed."""
    if prompt.startswith(_HOOK_CONTEXT):
        end = prompt.find("</hook_context>")
        if end != -1:
            return prompt[end + len("</hook_context>") :].lstrip("\n")
    return prompt


_PATH_KEYS = ("file_path", "filePath", "notebook_path", "path", "absolute_path", "target_file")


def _files_of(tool_input: Any) -> tuple[str, ...]:
    if isinstance(tool_input, dict):
        for key in _PATH_KEYS:
            value = tool_input.get(key)
            if isinstance(value, str) and value and "\n" not in value and len(value) < 4096:
                return (value,)
        patch = tool_input.get("command") or tool_input.get("patch") or tool_input.get("input")
        if isinstance(patch, str) and "*** " in patch:
            return patch_files(patch)
        paths = tool_input.get("paths") or tool_input.get("file_paths")
        if isinstance(paths, list):
            return tuple(str(p) for p in paths[:20] if isinstance(p, str))
    return ()


def patch_files(patch: str) -> tuple[str, ...]:
    """Files named by an apply_patch envelope (`*** Update File: path`)."""
    found: list[str] = []
    for marker in ("*** Add File: ", "*** Update File: ", "*** Delete File: ", "*** Move to: "):
        start = patch.find(marker)
        while start != -1 and len(found) < 50:
            end = patch.find("\n", start)
            name = patch[start + len(marker) : end if end != -1 else None].strip()
            if name and name not in found:
                found.append(name)
            start = patch.find(marker, start + 1)
    return tuple(found)


# --- output --------------------------------------------------------------------------------


def render_output(incoming: Incoming | None, agent: str, context: str) -> str | None:
    """What to print on stdout, or None for nothing. `incoming` is None when the payload could
    not be read: then only agents that require JSON get an empty object."""
    native = incoming.native_event if incoming is not None else ""
    if incoming is not None and incoming.wants_context and context:
        if agent in ("claude-code", "codex", "gemini"):
            if agent == "claude-code":
                context = context[:CLAUDE_CONTEXT_CAP]
            inner = {"hookEventName": native, "additionalContext": context}
            return json.dumps({"hookSpecificOutput": inner}, ensure_ascii=False)
        if agent == "hermes":
            return json.dumps({"context": context}, ensure_ascii=False)
        if agent == "cursor":
            return json.dumps({"additional_context": context}, ensure_ascii=False)
        if agent in ("copilot", "opencode"):
            # Copilot reads only a top-level additionalContext (Claude's hookSpecificOutput
            # form is ignored); vaultsync's OpenCode plugin reads the same.
            return json.dumps({"additionalContext": context}, ensure_ascii=False)
    if agent == "gemini":
        return "{}"  # Gemini reads stdout as JSON on every event
    if agent == "cursor":
        return '{"continue": true}' if native == "beforeSubmitPrompt" else "{}"
    return None  # Claude Code, Codex, Hermes: silence is valid (and required on Codex Stop)
