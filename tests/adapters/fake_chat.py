"""A scripted OpenAI-compatible Chat Completions server on 127.0.0.1 for a real `hermes chat`.

Script: the first request of a conversation that offers a tool named `tool` gets one call of it
with `arguments`; once the conversation holds that tool's result, the answer is FINAL plus the
first characters of the result (so a test sees what the tool returned); requests without that
tool (titles, side calls) get a short plain answer. Every request body is recorded. Binds
127.0.0.1 on a free port and stops itself after `lifetime` seconds.
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

FINAL = "Answer from the fake model."


class FakeChat:
    def __init__(self, tool: str = "", arguments: dict[str, Any] | None = None,
                 lifetime: float = 300.0) -> None:  # fmt: skip
        self.tool, self.arguments = tool, arguments or {}
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                self._send({"object": "list", "data": [{"id": "fake-model", "object": "model"}]})

            def do_POST(self) -> None:
                size = int(self.headers.get("Content-Length") or 0)
                try:
                    body = json.loads(self.rfile.read(size) or b"{}")
                except ValueError:
                    body = {}
                with owner._lock:
                    owner.requests.append(body)
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    self._send({"error": {"message": "not found"}}, 404)
                    return
                owner._answer(self, body)

            def _send(self, data: Any, status: int = 200) -> None:
                raw = json.dumps(data).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

            def _stream(self, chunks: list[Any]) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.send_header("Connection", "close")
                self.end_headers()
                for chunk in chunks:
                    data = chunk if isinstance(chunk, str) else json.dumps(chunk)
                    self.wfile.write(f"data: {data}\n\n".encode())
                self.wfile.flush()
                self.close_connection = True

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._timer = threading.Timer(lifetime, self.stop)
        self._timer.daemon = True

    def __enter__(self) -> FakeChat:
        self._thread.start()
        self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def stop(self) -> None:
        self._timer.cancel()
        self._server.shutdown()
        self._server.server_close()

    def seen(self) -> str:
        with self._lock:
            return json.dumps(self.requests, ensure_ascii=False)

    def _answer(self, h: Any, body: dict[str, Any]) -> None:
        messages = body.get("messages") if isinstance(body.get("messages"), list) else []
        names = {(t.get("function") or t).get("name") for t in body.get("tools") or []
                 if isinstance(t, dict)}  # fmt: skip
        result = next((m.get("content") for m in messages
                       if isinstance(m, dict) and m.get("role") == "tool"), None)  # fmt: skip
        message: dict[str, Any] = {"role": "assistant", "content": None}
        finish = "stop"
        if self.tool and self.tool in names and result is None:
            message["tool_calls"] = [{
                "id": "call_1", "type": "function",
                "function": {"name": self.tool, "arguments": json.dumps(self.arguments)},
            }]  # fmt: skip
            finish = "tool_calls"
        elif result is not None:
            text = result if isinstance(result, str) else json.dumps(result)
            message["content"] = f"{FINAL} {text[:400]}"
        else:
            message["content"] = FINAL if names else "Fake title"
        base = {"id": "chatcmpl-1", "created": int(time.time()), "model": "fake-model"}
        usage = {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
        if not body.get("stream"):
            choice = {"index": 0, "message": message, "finish_reason": finish}
            h._send({**base, "object": "chat.completion", "usage": usage, "choices": [choice]})
            return
        delta: dict[str, Any] = {"role": "assistant"}
        if "tool_calls" in message:
            delta["tool_calls"] = [{"index": 0, **message["tool_calls"][0]}]
        else:
            delta["content"] = message["content"]
        chunk = {**base, "object": "chat.completion.chunk"}
        h._stream([
            {**chunk, "choices": [{"index": 0, "delta": delta, "finish_reason": None}]},
            {**chunk, "choices": [{"index": 0, "delta": {}, "finish_reason": finish}]},
            {**chunk, "choices": [], "usage": usage},
            "[DONE]",
        ])  # fmt: skip
