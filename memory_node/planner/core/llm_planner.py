"""The LLM planner: prompt -> one chat completion -> validated plan, with one bounded repair.

Structured output first (`json_schema`, or `tools` when configured); an endpoint that
refuses either (HTTP 400) is asked again in plain prompted JSON, and the planner stays in
that mode. A rejected answer goes back to the model once with the reason; a second
rejection fails the planning step with INVALID_ARGUMENT. A give-up (`not_found`: a type
this instruction searched for in vain, validated) ends the planning step with NOT_FOUND,
as the offline planner's does: the loop ends the episode `gave_up`.
"""

from __future__ import annotations

from typing import Any, Protocol

from memory_node.core.errors import MemoryRequestError, NotFound
from memory_node.core.skills import SkillTable, load_skill_table
from memory_node.core.tokens import count_tokens

from . import schema as schemas
from .backends import FeatureUnsupported, LlmAnswer
from .experience import searched_out_labels
from .planning import PlanRequest, PlanResult, give_up_types, skills_named_in, tool_types
from .prompt import system_prompt, user_prompt
from .types import SkillCall
from .validate import MAX_ANSWER_CHARS, PlanRejected, parse_answer, parse_tool_answer


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

    def give_up(self, req: PlanRequest) -> tuple[str, ...]:
        """The types the answer's `not_found` may name (planning.give_up_types)."""
        return give_up_types(req.history, self.table, searched_out_labels(req.facts))

    def _messages(self, req: PlanRequest, rejection: str, bad_answer: str) -> list[dict]:
        usable = req.vocab.usable_skills(self.table)
        give_up = self.give_up(req)
        schema = (schemas.plan_schema(self.table, req.vocab, req.max_plan_steps, give_up)
                  if self.mode == "prompt" else None)
        messages = [{"role": "system",
                     "content": system_prompt(self.table, usable, req.max_plan_steps, schema)}]
        user = user_prompt(req.instruction, req.memory_context, req.vocab, req.ranked_places,
                           req.held, req.robot_area, req.history,
                           procedure=req.procedure, give_up=give_up)
        messages.append({"role": "user", "content": user})
        if rejection:
            # The bad answer is quoted back (truncated) so the model can see what to fix.
            messages.append({"role": "assistant", "content": bad_answer[:2000]})
            messages.append({"role": "user", "content":
                             f"That answer was rejected: {rejection[:500]}\n"
                             "Answer again with a valid plan, JSON only."})
        return messages

    def _ask(self, req: PlanRequest, messages: list[dict]) -> LlmAnswer:
        give_up = self.give_up(req)
        if self.mode == "json_schema":
            return self.backend.complete(messages, response_format=schemas.response_format(
                self.table, req.vocab, req.max_plan_steps, give_up))
        if self.mode == "tools":
            return self.backend.complete(messages, tools=schemas.tools(
                self.table, req.vocab, give_up))
        return self.backend.complete(messages)

    def _parse(self, req: PlanRequest, answer: LlmAnswer) -> tuple[list[SkillCall], str]:
        """(calls, "") of a valid plan, or ([], type) of a valid give-up."""
        give_up = self.give_up(req)
        if answer.tool_calls:
            calls, gave_up = parse_tool_answer(answer.tool_calls, self.table, req.vocab,
                                               req.max_plan_steps, give_up)
            return refuse_repeats(calls, req), gave_up
        if answer.content is None:
            raise PlanRejected("the answer has neither text nor tool calls")
        if answer.finish_reason == "length":
            raise PlanRejected("the answer was cut off (length limit); plan fewer steps")
        calls, gave_up = parse_answer(answer.content, self.table, req.vocab,
                                      req.max_plan_steps, give_up)
        return refuse_repeats(calls, req), gave_up

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
                result.calls, gave_up = self._parse(req, answer)
            except PlanRejected as exc:
                rejection = exc.message
                bad = (answer.content or repr(answer.tool_calls))[:MAX_ANSWER_CHARS]
                result.rejections.append(rejection)
                continue
            if gave_up:
                found = NotFound(f"the model gave up: {gave_up} was searched for and not "
                                 "found")
                found.usage = result  # type: ignore[attr-defined]
                raise found
            return result
        err = PlanRejected(f"no valid plan after {attempts} answer(s): {rejection}")
        err.usage = result  # type: ignore[attr-defined]
        raise err
