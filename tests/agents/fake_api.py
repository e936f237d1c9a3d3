"""A scripted model server on 127.0.0.1 for the real agent CLIs.

It speaks just enough of four wire formats for one agent turn with one shell call:
Anthropic Messages (JSON and SSE streaming: Claude Code), OpenAI Responses (SSE: Codex),
OpenAI Chat Completions (JSON and SSE: Hermes, Copilot CLI, OpenCode) and Gemini generateContent /
streamGenerateContent (Gemini CLI).

The script is the same for every agent: a request whose conversation holds no tool call yet
gets one shell call (`command`); a request that already carries the tool's result gets the final
answer. With `mcp_query`, the first call is vaultsync's MCP `search` instead, under whatever name
the agent lists it (`mcp_tool`), after the steps the agent needs first: Claude Code lists MCP
tools by name only until its `ToolSearch` loads them; an agent whose MCP server is not up yet
at the first turn gets one harmless shell call to wait on. Requests that offer no tools at all
(title generation and other side calls) get a short plain answer. Every request is recorded
(path and parsed JSON body) so a test can assert on what the agent sent the model, e.g. that
vaultsync's session-start context, prompt-time recall or MCP tool result reached it.

The server binds 127.0.0.1 only, on a free port, and shuts itself down after `lifetime` seconds
even if the test never stops it.
"""

from __future__ import annotations

import json
import re
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

FINAL = "Done: the command ran and I read its output."
SHELL_TOOLS = (
    "Bash",
    "bash",
    "shell",
    "exec_command",
    "shell_command",
    "terminal",
    "run_shell_command",
)
# vaultsync's MCP search tool as each agent names MCP tools: Claude Code, Codex and Hermes
# `mcp__vaultsync__search` (Codex as the `search` function of an `mcp__vaultsync` namespace),
# Gemini CLI `mcp_vaultsync_search`, Copilot CLI `vaultsync-search`, OpenCode `vaultsync_search`.
MCP_SEARCH = re.compile(r"(mcp_{1,2})?vaultsync(_{1,2}|-)search")
WAIT_COMMAND = "sleep 2"
MAX_CALLS = 5


@dataclass(frozen=True)
class Call:
    name: str
    args: dict[str, Any]


@dataclass
class Recorded:
    method: str
    path: str
    body: Any
    headers: dict[str, str] = field(default_factory=dict)
    at: float = field(default_factory=time.monotonic)  # when it arrived (monotonic clock)

    @property
    def text(self) -> str:
        return json.dumps(self.body, ensure_ascii=False)

    def tool_results(self) -> list[tuple[str, str]]:
        """(tool name, result text) of every tool result this request sends the model back,
        in the request's own wire format."""
        body = self.body if isinstance(self.body, dict) else {}
        names: dict[str, str] = {}
        out: list[tuple[str, str]] = []
        for m in body.get("messages") or []:  # Anthropic Messages, Chat Completions
            if not isinstance(m, dict):
                continue
            for c in m.get("tool_calls") or []:
                names[c.get("id", "")] = (c.get("function") or {}).get("name", "")
            if m.get("role") == "tool":
                out.append((names.get(m.get("tool_call_id", ""), ""), _flat(m.get("content"))))
            for b in m.get("content") if isinstance(m.get("content"), list) else []:
                if isinstance(b, dict) and b.get("type") == "tool_use":
                    names[b.get("id", "")] = b.get("name", "")
                elif isinstance(b, dict) and b.get("type") == "tool_result":
                    out.append((names.get(b.get("tool_use_id", ""), ""), _flat(b.get("content"))))
        for i in body.get("input") if isinstance(body.get("input"), list) else []:  # Responses
            if not isinstance(i, dict):
                continue
            if i.get("type") == "function_call":
                space = f"{i['namespace']}__" if i.get("namespace") else ""
                names[i.get("call_id", "")] = space + str(i.get("name", ""))
            elif i.get("type") == "function_call_output":
                out.append((names.get(i.get("call_id", ""), ""), _flat(i.get("output"))))
        for c in body.get("contents") or []:  # Gemini
            for part in c.get("parts") or [] if isinstance(c, dict) else []:
                answer = part.get("functionResponse") if isinstance(part, dict) else None
                if isinstance(answer, dict):
                    out.append((str(answer.get("name", "")), _flat(answer.get("response"))))
        return out


class FakeModel:
    def __init__(
        self, command: str, *, mcp_query: str | None = None, lifetime: float = 240.0
    ) -> None:
        self.command = command
        self.mcp_query = mcp_query
        self.mcp_tool = ""  # the MCP search tool's name, as the agent listed it
        self.requests: list[Recorded] = []
        self._lock = threading.Lock()
        self._calls = 0
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                owner._record(self, None)
                if self.path.rstrip("/").endswith("/models"):
                    self._json(
                        {"object": "list", "data": [{"id": "fake-model", "object": "model"}]}
                    )
                else:
                    self._json({})

            def do_HEAD(self) -> None:
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                if self.headers.get("Content-Encoding") == "zstd" or not raw:
                    body: Any = None
                else:
                    try:
                        body = json.loads(raw)
                    except ValueError:
                        body = raw.decode("utf-8", "replace")
                owner._record(self, body)
                owner._answer(self, body if isinstance(body, dict) else {})

            def _json(self, data: Any, status: int = 200) -> None:
                payload = json.dumps(data).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def _sse(self, events: list[tuple[str | None, Any]]) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.send_header("Connection", "close")
                self.end_headers()
                for name, data in events:
                    chunk = (f"event: {name}\n" if name else "") + (
                        "data: " + (data if isinstance(data, str) else json.dumps(data)) + "\n\n"
                    )
                    self.wfile.write(chunk.encode())
                    self.wfile.flush()
                self.close_connection = True

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._timer = threading.Timer(lifetime, self.stop)
        self._timer.daemon = True

    # --- lifecycle -----------------------------------------------------------------------

    def __enter__(self) -> FakeModel:
        self._thread.start()
        self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def stop(self) -> None:
        self._timer.cancel()
        self._server.shutdown()
        self._server.server_close()

    def _record(self, handler: BaseHTTPRequestHandler, body: Any) -> None:
        with self._lock:
            self.requests.append(
                Recorded(handler.command, handler.path, body, dict(handler.headers.items()))
            )

    def model_requests(self) -> list[Recorded]:
        """Requests that offered the model tools: the agent's real turns."""
        return [r for r in self.requests if isinstance(r.body, dict) and _has_tools(r.body)]

    def saw(self, text: str) -> bool:
        return any(text in r.text for r in self.requests)

    # --- the script ----------------------------------------------------------------------

    def _plan(self, tools: list[str], called: list[str], deferred: bool = False) -> Call | None:
        """The next tool call, given the tools this request offers, the calls the conversation
        already made and whether the request names the MCP search tool without offering it
        (Claude Code's deferred tools); None: answer in text."""
        shell = next((t for t in SHELL_TOOLS if t in tools), "")
        if len(called) >= MAX_CALLS:  # never loop: an agent that keeps failing gets an answer
            return None
        if self.mcp_query is None:
            return self._shell(shell, self.command) if shell and not called else None
        if any(MCP_SEARCH.fullmatch(c) for c in called):
            return None
        search = next((t for t in tools if MCP_SEARCH.fullmatch(t)), "")
        if search:
            self.mcp_tool = search
            return Call(search, {"query": self.mcp_query})
        if "ToolSearch" in tools and deferred and called.count("ToolSearch") < 2:
            return Call("ToolSearch", {"query": "select:mcp__vaultsync__search"})
        if shell and called.count(shell) < 3:
            return self._shell(shell, WAIT_COMMAND)
        return None

    @staticmethod
    def _shell(tool: str, command: str) -> Call:
        if tool == "exec_command":
            return Call(tool, {"cmd": command})
        if tool == "shell":
            return Call(tool, {"command": ["bash", "-lc", command]})
        if tool == "Bash":
            return Call(tool, {"command": command, "description": "Run the command"})
        return Call(tool, {"command": command})

    @staticmethod
    def _text(tools: list[str], called: list[str]) -> str:
        """The final answer in a real turn; a side call (no tools) gets a short one."""
        return FINAL if called or any(t in tools for t in SHELL_TOOLS) else "Fake title"

    # --- answers -------------------------------------------------------------------------

    def _next_id(self) -> str:
        with self._lock:
            self._calls += 1
            return f"{self._calls:04d}"

    def _answer(self, h: Any, body: dict[str, Any]) -> None:
        path = h.path.split("?")[0]
        if path.endswith("/messages/count_tokens"):
            h._json({"input_tokens": 100})
        elif path.endswith("/messages"):
            self._anthropic(h, body)
        elif path.endswith("/responses"):
            self._responses(h, body)
        elif path.endswith("/chat/completions"):
            self._chat(h, body)
        elif ":countTokens" in path:
            h._json({"totalTokens": 100})
        elif ":generateContent" in path or ":streamGenerateContent" in path:
            self._gemini(h, body, stream=":streamGenerateContent" in path)
        else:
            h._json({})

    # Anthropic Messages --------------------------------------------------------------------

    def _anthropic(self, h: Any, body: dict[str, Any]) -> None:
        n = self._next_id()
        tools = _names(body.get("tools"))
        called = [
            b.get("name", "")
            for m in body.get("messages") or []
            if isinstance(m, dict) and m.get("role") == "assistant"
            for b in m.get("content") or []
            if isinstance(b, dict) and b.get("type") == "tool_use"
        ]
        deferred = "mcp__vaultsync__search" in json.dumps(body.get("messages") or [])
        plan = self._plan(tools, called, deferred)
        block: dict[str, Any]
        if plan:
            block = {"type": "tool_use", "id": f"toolu_{n}", "name": plan.name, "input": plan.args}
            stop = "tool_use"
        else:
            block = {"type": "text", "text": self._text(tools, called)}
            stop = "end_turn"
        message = {
            "id": f"msg_{n}",
            "type": "message",
            "role": "assistant",
            "model": body.get("model", "claude-fake"),
            "content": [block],
            "stop_reason": stop,
            "stop_sequence": None,
            "usage": {"input_tokens": 10, "output_tokens": 5},
        }
        if not body.get("stream"):
            h._json(message)
            return
        start = {**message, "content": [], "stop_reason": None}
        if block["type"] == "tool_use":
            first = {**block, "input": {}}
            delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
        else:
            first = {"type": "text", "text": ""}
            delta = {"type": "text_delta", "text": block["text"]}
        h._sse(
            [
                ("message_start", {"type": "message_start", "message": start}),
                (
                    "content_block_start",
                    {"type": "content_block_start", "index": 0, "content_block": first},
                ),
                (
                    "content_block_delta",
                    {"type": "content_block_delta", "index": 0, "delta": delta},
                ),
                ("content_block_stop", {"type": "content_block_stop", "index": 0}),
                (
                    "message_delta",
                    {
                        "type": "message_delta",
                        "delta": {"stop_reason": stop, "stop_sequence": None},
                        "usage": {"output_tokens": 5},
                    },
                ),
                ("message_stop", {"type": "message_stop"}),
            ]
        )

    # OpenAI Responses (Codex) -----------------------------------------------------------------

    def _responses(self, h: Any, body: dict[str, Any]) -> None:
        n = self._next_id()
        items = body.get("input") if isinstance(body.get("input"), list) else []
        called = [
            (f"{i['namespace']}__" if i.get("namespace") else "") + str(i.get("name") or "")
            for i in items
            if isinstance(i, dict) and str(i.get("type", "")).endswith("call")
        ]
        # MCP tools arrive grouped: {"type": "namespace", "name": "mcp__vaultsync", "tools": [...]}
        tools: list[str] = []
        spaces: dict[str, tuple[str, str]] = {}
        for t in body.get("tools") or []:
            if isinstance(t, dict) and t.get("type") == "namespace":
                for inner in _names(t.get("tools")):
                    spaces[f"{t.get('name')}__{inner}"] = (str(t.get("name")), inner)
                    tools.append(f"{t.get('name')}__{inner}")
        tools += _names(body.get("tools"))
        plan = self._plan(tools, called)
        item: dict[str, Any]
        if plan:
            item = {
                "type": "function_call",
                "id": f"fc_{n}",
                "call_id": f"call_{n}",
                "name": plan.name,
                "arguments": json.dumps(plan.args),
                "status": "completed",
            }
            if plan.name in spaces:
                item["namespace"], item["name"] = spaces[plan.name]
        else:
            item = {
                "type": "message",
                "id": f"msg_{n}",
                "role": "assistant",
                "status": "completed",
                "content": [
                    {"type": "output_text", "text": self._text(tools, called), "annotations": []}
                ],
            }
        response = {
            "id": f"resp_{n}",
            "object": "response",
            "created_at": int(time.time()),
            "status": "completed",
            "model": body.get("model", "fake-model"),
            "output": [item],
            "usage": {
                "input_tokens": 10,
                "input_tokens_details": {"cached_tokens": 0},
                "output_tokens": 5,
                "output_tokens_details": {"reasoning_tokens": 0},
                "total_tokens": 15,
            },
        }
        h._sse(
            [
                (
                    "response.created",
                    {"type": "response.created", "response": {**response, "output": []}},
                ),
                (
                    "response.output_item.done",
                    {"type": "response.output_item.done", "output_index": 0, "item": item},
                ),
                ("response.completed", {"type": "response.completed", "response": response}),
            ]
        )

    # OpenAI Chat Completions (Hermes) --------------------------------------------------------

    def _chat(self, h: Any, body: dict[str, Any]) -> None:
        n = self._next_id()
        messages = body.get("messages") if isinstance(body.get("messages"), list) else []
        called = [
            str((c.get("function") or {}).get("name") or "")
            for m in messages
            if isinstance(m, dict) and m.get("role") == "assistant"
            for c in m.get("tool_calls") or []
            if isinstance(c, dict)
        ]
        tools = _names(
            [t.get("function", t) for t in body.get("tools") or [] if isinstance(t, dict)]
        )
        plan = self._plan(tools, called)
        message: dict[str, Any] = {"role": "assistant", "content": None}
        if plan:
            call = {
                "id": f"call_{n}",
                "type": "function",
                "function": {"name": plan.name, "arguments": json.dumps(plan.args)},
            }
            message["tool_calls"] = [call]
            finish = "tool_calls"
        else:
            message["content"] = self._text(tools, called)
            finish = "stop"
        base = {
            "id": f"chatcmpl-{n}",
            "created": int(time.time()),
            "model": body.get("model", "fake-model"),
        }
        usage = {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
        if not body.get("stream"):
            h._json(
                {
                    **base,
                    "object": "chat.completion",
                    "choices": [{"index": 0, "message": message, "finish_reason": finish}],
                    "usage": usage,
                }
            )
            return
        delta: dict[str, Any] = {"role": "assistant"}
        if "tool_calls" in message:
            delta["tool_calls"] = [{"index": 0, **message["tool_calls"][0]}]
        else:
            delta["content"] = message["content"]
        chunk = {**base, "object": "chat.completion.chunk"}
        h._sse(
            [
                (None, {**chunk, "choices": [{"index": 0, "delta": delta, "finish_reason": None}]}),
                (None, {**chunk, "choices": [{"index": 0, "delta": {}, "finish_reason": finish}]}),
                (None, {**chunk, "choices": [], "usage": usage}),
                (None, "[DONE]"),
            ]
        )

    # Gemini ------------------------------------------------------------------------------------

    def _gemini(self, h: Any, body: dict[str, Any], *, stream: bool) -> None:
        contents = body.get("contents") if isinstance(body.get("contents"), list) else []
        called = [
            str(part["functionCall"].get("name") or "")
            for c in contents
            if isinstance(c, dict)
            for part in c.get("parts") or []
            if isinstance(part, dict) and isinstance(part.get("functionCall"), dict)
        ]
        tools = _names(
            [
                d
                for t in body.get("tools") or []
                if isinstance(t, dict)
                for d in t.get("functionDeclarations") or []
            ]
        )
        plan = self._plan(tools, called)
        part: dict[str, Any]
        if plan:
            part = {"functionCall": {"name": plan.name, "args": plan.args}}
        elif called or any(t in tools for t in SHELL_TOOLS):
            part = {"text": FINAL}
        else:  # Gemini CLI's model router asks for a JSON choice
            part = {"text": '{"reasoning": "fake", "model_choice": "flash"}'}
        answer = {
            "candidates": [
                {"content": {"role": "model", "parts": [part]}, "finishReason": "STOP", "index": 0}
            ],
            "usageMetadata": {
                "promptTokenCount": 10,
                "candidatesTokenCount": 5,
                "totalTokenCount": 15,
            },
            "modelVersion": "gemini-2.5-pro",
        }
        if stream:
            h._sse([(None, answer)])
        else:
            h._json(answer)


def _has_tools(body: dict[str, Any]) -> bool:
    return bool(body.get("tools"))


def _flat(content: Any) -> str:
    """A tool result's text, whether a string, a list of text blocks or a JSON object."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(_flat(c.get("text", c) if isinstance(c, dict) else c) for c in content)
    if isinstance(content, dict) and isinstance(content.get("output"), str):
        return content["output"]
    return json.dumps(content, ensure_ascii=False)


def listed(body: Any) -> list[str]:
    """The tool names a request offers, Codex's namespaced MCP tools as `namespace__name`."""
    if not isinstance(body, dict):
        return []
    names: list[str] = []
    for t in body.get("tools") or []:
        if not isinstance(t, dict):
            continue
        if t.get("type") == "namespace":
            names += [f"{t.get('name')}__{n}" for n in _names(t.get("tools"))]
        names += _names(t.get("functionDeclarations")) + _names([t.get("function", t)])
    return names


def _names(tools: Any) -> list[str]:
    return [str(t["name"]) for t in tools or [] if isinstance(t, dict) and t.get("name")]
