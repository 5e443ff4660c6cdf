"""Optional object-state extraction from a stored crop by a vision-language model.

Sends the unit's JPEG crop to an OpenAI-compatible `/v1/chat/completions` endpoint and
asks for one word of KARMA's fixed state vocabulary. The answer is data: it is matched
against the vocabulary (or read as JSON with json.loads), never evaluated; anything else,
an HTTP error or a timeout gives `state=None` with the reason. Standard library only, so
the memory server needs no HTTP client package.
"""

from __future__ import annotations

import base64
import json
import urllib.error
import urllib.request
from dataclasses import dataclass

# KARMA Table 5. "absent" is memory's own word, not something a picture can show.
VLM_STATES: tuple[str, ...] = (
    "heated", "cooked", "sliced", "cleaned", "dirty", "filled", "used up",
    "off", "on", "opened", "closed", "none",
)
MAX_ANSWER_CHARS = 200
MAX_RESPONSE_BYTES = 1_000_000


@dataclass(frozen=True)
class VlmStateResult:
    state: str | None
    reason: str        # "ok" or why there is no state
    raw_answer: str = ""


def build_prompt(label: str) -> str:
    return (
        f"The image shows a {label}. Which one of these states describes it best: "
        f"{', '.join(VLM_STATES)}? Answer with exactly one of these words and nothing else."
    )


def parse_state(answer: str) -> tuple[str | None, str]:
    """Vocabulary state in a model answer, or (None, reason)."""
    text = answer.strip()
    if not text:
        return None, "empty answer"
    if len(text) > MAX_ANSWER_CHARS:
        return None, f"answer is {len(text)} characters, expected one word"
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            return None, "answer looks like JSON but does not parse"
        if not isinstance(data, dict) or not isinstance(data.get("state"), str):
            return None, "JSON answer has no string 'state'"
        text = data["state"]
    word = " ".join(text.strip().strip(".!\"'`*").lower().split())
    word = word.removeprefix("state:").strip()
    if word in VLM_STATES:
        return word, "ok"
    return None, f"answer {text[:60]!r} is not in the state vocabulary"


class VlmStateClient:
    """Client of one OpenAI-compatible chat endpoint (e.g. http://127.0.0.1:8000)."""

    def __init__(self, base_url: str, model: str, *, api_key: str = "",
                 timeout_s: float = 10.0, max_tokens: int = 8) -> None:
        if not base_url.startswith(("http://", "https://")):
            raise ValueError(f"base_url must start with http:// or https://, got {base_url!r}")
        if not timeout_s > 0:
            raise ValueError(f"timeout_s must be positive, got {timeout_s}")
        self.url = base_url.rstrip("/").removesuffix("/v1") + "/v1/chat/completions"
        self.model = model
        self.api_key = api_key
        self.timeout_s = timeout_s
        self.max_tokens = max_tokens

    def request_body(self, jpeg: bytes, label: str) -> dict:
        data_url = "data:image/jpeg;base64," + base64.b64encode(jpeg).decode("ascii")
        return {
            "model": self.model,
            "temperature": 0,
            "max_tokens": self.max_tokens,
            "messages": [{
                "role": "user",
                "content": [
                    {"type": "text", "text": build_prompt(label)},
                    {"type": "image_url", "image_url": {"url": data_url}},
                ],
            }],
        }

    def extract_state(self, jpeg: bytes, label: str) -> VlmStateResult:
        """Ask the model for the state of the object in `jpeg`; never raises on the
        network or the model's answer (the caller keeps the remembered state)."""
        if not jpeg:
            return VlmStateResult(None, "no image stored for this object")
        body = json.dumps(self.request_body(jpeg, label)).encode("utf-8")
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        request = urllib.request.Request(self.url, data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout_s) as response:
                payload = response.read(MAX_RESPONSE_BYTES + 1)
        except urllib.error.HTTPError as exc:
            return VlmStateResult(None, f"HTTP {exc.code} from {self.url}")
        except TimeoutError:
            return VlmStateResult(None, f"timeout after {self.timeout_s} s")
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, TimeoutError):
                return VlmStateResult(None, f"timeout after {self.timeout_s} s")
            return VlmStateResult(None, f"cannot reach {self.url}: {exc.reason}")
        except OSError as exc:
            return VlmStateResult(None, f"connection error: {exc}")
        if len(payload) > MAX_RESPONSE_BYTES:
            return VlmStateResult(None, "response too large")
        try:
            answer = json.loads(payload)["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError):
            return VlmStateResult(None, "response is not an OpenAI chat completion")
        if not isinstance(answer, str):
            return VlmStateResult(None, "message content is not text")
        state, reason = parse_state(answer)
        return VlmStateResult(state, reason, answer[:MAX_ANSWER_CHARS])
