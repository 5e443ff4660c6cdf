"""VLM state client against a real OpenAI-compatible server on loopback."""

from __future__ import annotations

import base64
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from memory_node.core.recall.vlm_state import VlmStateClient, parse_state

JPEG = b"\xff\xd8\xff\xe0fake-jpeg-bytes\xff\xd9"


class ScriptedServer:
    """Speaks /v1/chat/completions; each request takes the next scripted action."""

    def __init__(self) -> None:
        self.script: list[tuple[str, str]] = []
        self.requests: list[dict] = []
        self.release = threading.Event()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                owner.requests.append({"path": self.path, "body": body})
                kind, value = owner.script.pop(0)
                if kind == "stall":
                    owner.release.wait(10)  # held until the test ends; the client times out
                    return
                if kind == "status":
                    self.send_response(int(value))
                    self.end_headers()
                    return
                reply = json.dumps({"object": "chat.completion", "choices": [
                    {"index": 0, "message": {"role": "assistant", "content": value}}]})
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(reply.encode())

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.release.set()
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(5)


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    s = ScriptedServer()
    yield s
    s.close()


def test_good_answer_and_request_shape(server: ScriptedServer) -> None:
    server.script.append(("answer", "Sliced."))
    client = VlmStateClient(server.url, "llava", timeout_s=5)
    result = client.extract_state(JPEG, "Apple")
    assert (result.state, result.reason) == ("sliced", "ok")
    req = server.requests[0]
    assert req["path"] == "/v1/chat/completions" and req["body"]["model"] == "llava"
    content = req["body"]["messages"][0]["content"]
    image = next(c for c in content if c["type"] == "image_url")["image_url"]["url"]
    assert image.startswith("data:image/jpeg;base64,")
    assert base64.b64decode(image.split(",", 1)[1]) == JPEG
    assert "Apple" in next(c for c in content if c["type"] == "text")["text"]


def test_json_answer_and_multiword_state(server: ScriptedServer) -> None:
    server.script += [("answer", '{"state": "used up"}'), ("answer", "none")]
    client = VlmStateClient(server.url + "/v1", "m", timeout_s=5)
    assert client.extract_state(JPEG, "SoapBottle").state == "used up"
    assert client.extract_state(JPEG, "Mug").state == "none"


def test_out_of_vocabulary_answer_is_refused(server: ScriptedServer) -> None:
    server.script += [("answer", "delicious"), ("answer", "__import__('os').system('x')")]
    client = VlmStateClient(server.url, "m", timeout_s=5)
    for _ in range(2):
        result = client.extract_state(JPEG, "Apple")
        assert result.state is None and "not in the state vocabulary" in result.reason


def test_http_error(server: ScriptedServer) -> None:
    server.script.append(("status", "500"))
    result = VlmStateClient(server.url, "m", timeout_s=5).extract_state(JPEG, "Apple")
    assert result.state is None and result.reason.startswith("HTTP 500")


def test_timeout(server: ScriptedServer) -> None:
    server.script.append(("stall", ""))
    result = VlmStateClient(server.url, "m", timeout_s=0.3).extract_state(JPEG, "Apple")
    assert result.state is None and result.reason.startswith("timeout")


def test_unreachable_and_missing_image() -> None:
    client = VlmStateClient("http://127.0.0.1:9", "m", timeout_s=2)
    assert client.extract_state(JPEG, "Apple").state is None
    assert client.extract_state(b"", "Apple").reason.startswith("no image")
    with pytest.raises(ValueError, match="base_url"):
        VlmStateClient("ftp://x", "m")


@pytest.mark.parametrize(("answer", "state"), [
    ("Opened", "opened"), ("  closed  ", "closed"), ("State: heated", "heated"),
    ("it is sliced and cooked", None), ("", None), ("{not json", None),
    ('{"state": 5}', None), ("x" * 500, None),
])
def test_parse_state(answer: str, state: str | None) -> None:
    assert parse_state(answer)[0] == state
