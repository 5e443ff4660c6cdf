"""LLM backend: one OpenAI-compatible chat endpoint through the maintained `openai` client
(Ollama, vLLM, llama.cpp server and hosted APIs speak the same protocol).

The backend only moves text: it returns the answer's content or tool calls and the token
counts; parsing and validation are the planner's job. Network failures become typed
errors (TIMEOUT, UNAVAILABLE); a 400 on `response_format`/`tools` becomes
`FeatureUnsupported` so the planner can fall back to prompted JSON.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Any

from memory_node.core.errors import InvalidArgument, Timeout, Unavailable

from .settings import LlmSettings


class FeatureUnsupported(InvalidArgument):
    """The endpoint refused the request's structured-output or tool options (HTTP 400)."""


@dataclass(frozen=True)
class LlmAnswer:
    content: str | None
    tool_calls: list[tuple[str, str]] = field(default_factory=list)   # (name, JSON args)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    elapsed_s: float = 0.0
    finish_reason: str = ""


class OpenAIChatBackend:
    """`complete(messages, response_format=..., tools=...)` against one endpoint."""

    def __init__(self, settings: LlmSettings) -> None:
        import openai  # the client is only needed when an endpoint is configured

        if not settings.base_url:
            raise ValueError("llm base_url is empty: no endpoint to plan with")
        self.settings = settings
        self._openai = openai
        self._client = openai.OpenAI(
            base_url=settings.base_url,
            # Local servers take any key; the library insists on a non-empty one.
            api_key=os.environ.get(settings.api_key_env, "") or "no-key",
            timeout=settings.timeout_s, max_retries=settings.retries)

    def complete(self, messages: list[dict[str, Any]], response_format: dict | None = None,
                 tools: list[dict] | None = None) -> LlmAnswer:
        s, oa = self.settings, self._openai
        kwargs: dict[str, Any] = {"model": s.model, "messages": messages,
                                  "temperature": s.temperature,
                                  "max_tokens": s.max_completion_tokens}
        if response_format is not None:
            kwargs["response_format"] = response_format
        if tools:
            kwargs["tools"] = tools
            kwargs["tool_choice"] = "required"
        start = time.perf_counter()
        try:
            response = self._client.chat.completions.create(**kwargs)
        except oa.APITimeoutError:
            raise Timeout(f"LLM endpoint {s.base_url}: no answer in {s.timeout_s} s "
                          f"({s.retries} retries)") from None
        except oa.APIConnectionError as exc:
            raise Unavailable(f"LLM endpoint {s.base_url} unreachable: {exc}") from None
        except oa.BadRequestError as exc:
            if response_format is not None or tools:
                raise FeatureUnsupported(f"LLM endpoint refused structured output: "
                                         f"{str(exc)[:300]}") from None
            raise Unavailable(f"LLM endpoint refused the request: {str(exc)[:300]}") from None
        except oa.APIStatusError as exc:
            raise Unavailable(f"LLM endpoint {s.base_url}: HTTP {exc.status_code}") from None
        except oa.OpenAIError as exc:  # other client-side failures
            raise Unavailable(f"LLM endpoint {s.base_url}: {str(exc)[:300]}") from None
        except ValueError as exc:  # the body is not JSON (the client's json.loads)
            raise Unavailable(f"LLM endpoint {s.base_url} answered with a body that is not "
                              f"a chat completion: {str(exc)[:200]}") from None
        elapsed = time.perf_counter() - start
        return _answer(response, elapsed)


def _answer(response: Any, elapsed: float) -> LlmAnswer:
    try:
        return _read(response, elapsed)
    except (AttributeError, TypeError, ValueError, IndexError) as exc:
        raise Unavailable(f"LLM endpoint answered with a malformed completion: "
                          f"{str(exc)[:200]}") from None


def _read(response: Any, elapsed: float) -> LlmAnswer:
    choices = getattr(response, "choices", None) or []
    if not choices:
        raise Unavailable("LLM endpoint answered without choices")
    message = choices[0].message
    calls = []
    for tc in getattr(message, "tool_calls", None) or []:
        fn = getattr(tc, "function", None)
        calls.append((str(getattr(fn, "name", "")), getattr(fn, "arguments", "") or ""))
    usage = getattr(response, "usage", None)
    content = message.content if isinstance(message.content, str) else None
    return LlmAnswer(content, calls,
                     int(getattr(usage, "prompt_tokens", 0) or 0),
                     int(getattr(usage, "completion_tokens", 0) or 0),
                     elapsed, str(choices[0].finish_reason or ""))
