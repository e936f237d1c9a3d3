"""A scripted model server on 127.0.0.1 for the real agent CLIs.

It speaks just enough of four wire formats for one agent turn with one shell call:
Anthropic Messages (JSON and SSE streaming: Claude Code), OpenAI Responses (SSE: Codex),
OpenAI Chat Completions (JSON and SSE: Hermes) and Gemini generateContent /
streamGenerateContent (Gemini CLI).

The script is the same for every agent: a request whose conversation holds no tool result yet
gets one shell call (`command`); a request that already carries the tool's result gets the final
answer. Requests that offer no tools at all (title generation and other side calls) get a short
plain answer. Every request is recorded (path and parsed JSON body) so a test can assert on what
the agent sent the model, e.g. that vaultsync's session-start context reached it.

The server binds 127.0.0.1 only, on a free port, and shuts itself down after `lifetime` seconds
even if the test never stops it.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

FINAL = "Done: the command ran and I read its output."


@dataclass
class Recorded:
    method: str
    path: str
    body: Any
    headers: dict[str, str] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return json.dumps(self.body, ensure_ascii=False)


class FakeModel:
    def __init__(self, command: str, *, lifetime: float = 240.0) -> None:
        self.command = command
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
        tool = _pick(body.get("tools"), "name", ("Bash",))
        done = _anthropic_has_result(body.get("messages"))
        if tool and not done:
            block: dict[str, Any] = {
                "type": "tool_use",
                "id": f"toolu_{n}",
                "name": tool,
                "input": {"command": self.command, "description": "Run the command"},
            }
            stop = "tool_use"
        else:
            block = {"type": "text", "text": FINAL if tool or done else "Fake title"}
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
        done = any(
            isinstance(i, dict) and str(i.get("type", "")).endswith("call_output") for i in items
        )
        tool = _pick(body.get("tools"), "name", ("shell", "exec_command", "shell_command"))
        if tool and not done:
            if tool == "exec_command":
                args: dict[str, Any] = {"cmd": self.command}
            elif tool == "shell_command":
                args = {"command": self.command}
            else:
                args = {"command": ["bash", "-lc", self.command]}
            item: dict[str, Any] = {
                "type": "function_call",
                "id": f"fc_{n}",
                "call_id": f"call_{n}",
                "name": tool,
                "arguments": json.dumps(args),
                "status": "completed",
            }
        else:
            item = {
                "type": "message",
                "id": f"msg_{n}",
                "role": "assistant",
                "status": "completed",
                "content": [{"type": "output_text", "text": FINAL, "annotations": []}],
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
        done = any(isinstance(m, dict) and m.get("role") == "tool" for m in messages)
        tools = [t.get("function", t) for t in body.get("tools") or [] if isinstance(t, dict)]
        tool = _pick(tools, "name", ("terminal", "shell", "bash"))
        message: dict[str, Any] = {"role": "assistant", "content": None}
        if tool and not done:
            call = {
                "id": f"call_{n}",
                "type": "function",
                "function": {"name": tool, "arguments": json.dumps({"command": self.command})},
            }
            message["tool_calls"] = [call]
            finish = "tool_calls"
        else:
            message["content"] = FINAL if tool or done else "Fake title"
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
        done = any(
            isinstance(part, dict) and "functionResponse" in part
            for c in contents
            if isinstance(c, dict)
            for part in c.get("parts") or []
        )
        declarations = [
            d
            for t in body.get("tools") or []
            if isinstance(t, dict)
            for d in t.get("functionDeclarations") or []
            if isinstance(d, dict)
        ]
        tool = _pick(declarations, "name", ("run_shell_command",))
        if tool and not done:
            part: dict[str, Any] = {
                "functionCall": {"name": tool, "args": {"command": self.command}}
            }
        else:
            part = {
                "text": FINAL if tool or done else '{"reasoning": "fake", "model_choice": "flash"}'
            }
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


def _pick(tools: Any, key: str, wanted: tuple[str, ...]) -> str:
    names = [t.get(key) for t in tools or [] if isinstance(t, dict)]
    for name in wanted:
        if name in names:
            return name
    return ""


def _anthropic_has_result(messages: Any) -> bool:
    if not isinstance(messages, list) or not messages:
        return False
    last = messages[-1]
    content = last.get("content") if isinstance(last, dict) else None
    return isinstance(content, list) and any(
        isinstance(b, dict) and b.get("type") == "tool_result" for b in content
    )
