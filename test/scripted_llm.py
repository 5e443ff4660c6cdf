"""A scripted OpenAI-compatible chat endpoint on 127.0.0.1 (standard library only).

Each POST /v1/chat/completions pops the next scripted reply: text content, tool calls, an
HTTP error status, a raw (non-JSON) body, or a delay longer than the client's timeout.
When the script is empty, `default` answers (a callable of the request body, or a reply).
Every request body is kept for assertions. Used by the planner's tests and benchmark.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Reply:
    content: str | None = None
    tool_calls: list[tuple[str, str]] = field(default_factory=list)
    status: int = 200
    raw: bytes | None = None          # sent as the body as-is (malformed responses)
    delay_s: float = 0.0
    finish_reason: str = "stop"
    prompt_tokens: int | None = None  # None: not reported (the planner counts itself)


def completion(reply: Reply, model: str) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": reply.content}
    if reply.tool_calls:
        message["tool_calls"] = [
            {"id": f"call_{i}", "type": "function",
             "function": {"name": name, "arguments": args}}
            for i, (name, args) in enumerate(reply.tool_calls)]
    body: dict[str, Any] = {
        "id": "chatcmpl-scripted", "object": "chat.completion", "created": int(time.time()),
        "model": model,
        "choices": [{"index": 0, "message": message, "finish_reason": reply.finish_reason}],
    }
    if reply.prompt_tokens is not None:
        body["usage"] = {"prompt_tokens": reply.prompt_tokens, "completion_tokens": 10,
                         "total_tokens": reply.prompt_tokens + 10}
    return body


class ScriptedLlm:
    def __init__(self, default: Reply | Callable[[dict], Reply] | None = None,
                 latency_s: float = 0.0) -> None:
        self.script: deque[Reply] = deque()
        self.requests: list[dict] = []
        self.auth: list[str] = []          # Authorization header of each request
        self.default = default
        self.latency_s = latency_s   # added to every answer (a model's think time)
        self._lock = threading.Lock()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                return

            def do_POST(self) -> None:  # noqa: N802 - http.server's naming
                length = int(self.headers.get("Content-Length", "0"))
                try:
                    body = json.loads(self.rfile.read(length) or b"{}")
                except ValueError:
                    body = {}
                outer.auth.append(self.headers.get("Authorization", ""))
                reply = outer._next(body)
                wait = reply.delay_s + outer.latency_s
                if wait:
                    time.sleep(wait)   # the simulated model's latency, not a test wait
                if reply.raw is not None:
                    payload = reply.raw
                elif reply.status != 200:
                    payload = json.dumps({"error": {"message": "scripted error",
                                                    "type": "invalid_request_error"}}).encode()
                else:
                    payload = json.dumps(completion(reply, body.get("model", ""))).encode()
                try:
                    self.send_response(reply.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout test)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def _next(self, body: dict) -> Reply:
        with self._lock:
            self.requests.append(body)
            if self.script:
                return self.script.popleft()
        if callable(self.default):
            return self.default(body)
        return self.default or Reply(content='{"steps": []}')

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def push(self, *replies: Reply | str) -> None:
        with self._lock:
            for r in replies:
                self.script.append(Reply(content=r) if isinstance(r, str) else r)

    def __enter__(self) -> ScriptedLlm:
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.server.shutdown()
        self.server.server_close()
