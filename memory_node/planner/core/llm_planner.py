"""The LLM planner: prompt -> one chat completion -> validated plan, with one bounded repair.

Structured output first (`json_schema`, or `tools` when configured); an endpoint that
refuses either (HTTP 400) is asked again in plain prompted JSON, and the planner stays in
that mode. A rejected answer goes back to the model once with the reason; a second
rejection fails the planning step with INVALID_ARGUMENT.
"""

from __future__ import annotations

from typing import Any, Protocol

from memory_node.core.errors import MemoryRequestError
from memory_node.core.skills import SkillTable, load_skill_table
from memory_node.core.tokens import count_tokens

from . import schema as schemas
from .backends import FeatureUnsupported, LlmAnswer
from .planning import PlanRequest, PlanResult, skills_named_in, tool_types
from .prompt import system_prompt, user_prompt
from .types import SkillCall
from .validate import MAX_ANSWER_CHARS, PlanRejected, parse_plan, parse_tool_calls


class ChatBackend(Protocol):
    def complete(self, messages: list[dict[str, Any]], response_format: dict | None = None,
                 tools: list[dict] | None = None) -> LlmAnswer: ...


def refuse_repeats(calls: list[SkillCall], req: PlanRequest) -> list[SkillCall]:
    """A call that just failed with NOT_FOUND may not come back before an explore."""
    for call in calls:
        if call.skill == "explore":
            break
        if call in req.refused:
            raise PlanRejected(f"{call} just failed: the object is not at its remembered "
                               "place; explore the ranked places for it instead")
    return calls


class LlmPlanner:
    name = "llm"

    def __init__(self, backend: ChatBackend, mode: str = "json_schema",
                 table: SkillTable | None = None, repairs: int = 1) -> None:
        if mode not in ("json_schema", "tools", "prompt"):
            raise ValueError(f"mode must be json_schema, tools or prompt, got {mode!r}")
        if not 0 <= repairs <= 3:
            raise ValueError(f"repairs must be in [0, 3], got {repairs}")
        self.backend = backend
        self.mode = mode
        self.table = table or load_skill_table()
        self.repairs = repairs

    def wanted_types(self, req: PlanRequest) -> list[str]:
        """Tools and fixtures of the skills the instruction names, so the model sees where
        the knife or the sink is even when recall ranked them low."""
        return [t for skill in skills_named_in(self.table, req.instruction)
                for t in tool_types(self.table, skill)]

    def _messages(self, req: PlanRequest, rejection: str, bad_answer: str) -> list[dict]:
        usable = req.vocab.usable_skills(self.table)
        schema = (schemas.plan_schema(self.table, req.vocab, req.max_plan_steps)
                  if self.mode == "prompt" else None)
        messages = [{"role": "system",
                     "content": system_prompt(self.table, usable, req.max_plan_steps, schema)}]
        user = user_prompt(req.instruction, req.memory_context, req.vocab, req.ranked_places,
                           req.held, req.robot_area, req.history,
                           procedure=req.procedure)
        messages.append({"role": "user", "content": user})
        if rejection:
            # The bad answer is quoted back (truncated) so the model can see what to fix.
            messages.append({"role": "assistant", "content": bad_answer[:2000]})
            messages.append({"role": "user", "content":
                             f"That answer was rejected: {rejection[:500]}\n"
                             "Answer again with a valid plan, JSON only."})
        return messages

    def _ask(self, req: PlanRequest, messages: list[dict]) -> LlmAnswer:
        if self.mode == "json_schema":
            return self.backend.complete(messages, response_format=schemas.response_format(
                self.table, req.vocab, req.max_plan_steps))
        if self.mode == "tools":
            return self.backend.complete(messages, tools=schemas.tools(self.table, req.vocab))
        return self.backend.complete(messages)

    def _parse(self, req: PlanRequest, answer: LlmAnswer) -> list[SkillCall]:
        if answer.tool_calls:
            return refuse_repeats(parse_tool_calls(answer.tool_calls, self.table, req.vocab,
                                                   req.max_plan_steps), req)
        if answer.content is None:
            raise PlanRejected("the answer has neither text nor tool calls")
        if answer.finish_reason == "length":
            raise PlanRejected("the answer was cut off (length limit); plan fewer steps")
        return refuse_repeats(parse_plan(answer.content, self.table, req.vocab,
                                         req.max_plan_steps), req)

    def plan(self, req: PlanRequest) -> PlanResult:
        result = PlanResult([])
        rejection, bad = "", ""
        attempts = 0
        while attempts <= self.repairs:
            messages = self._messages(req, rejection, bad)
            try:
                answer = self._ask(req, messages)
            except FeatureUnsupported as exc:
                if self.mode == "prompt":
                    exc.usage = result  # type: ignore[attr-defined]
                    raise
                result.rejections.append(f"{self.mode} unsupported, using prompted JSON: {exc}")
                self.mode = "prompt"
                continue
            except MemoryRequestError as exc:  # timeout, endpoint down: counts still reported
                exc.usage = result  # type: ignore[attr-defined]
                raise
            attempts += 1
            result.llm_calls += 1
            result.llm_time += answer.elapsed_s
            result.prompt_tokens += answer.prompt_tokens or sum(
                count_tokens(str(m["content"])) for m in messages)
            result.completion_tokens += answer.completion_tokens
            try:
                result.calls = self._parse(req, answer)
                return result
            except PlanRejected as exc:
                rejection = exc.message
                bad = (answer.content or repr(answer.tool_calls))[:MAX_ANSWER_CHARS]
                result.rejections.append(rejection)
        err = PlanRejected(f"no valid plan after {attempts} answer(s): {rejection}")
        err.usage = result  # type: ignore[attr-defined]
        raise err
