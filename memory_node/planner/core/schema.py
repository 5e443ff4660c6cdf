"""The plan's JSON schema, generated from the skill table and the ids memory returned.

One object per step, `{"skill": "put", "object": "Apple_1", "receptacle": "Fridge_1",
"relation": "in"}`: the argument roles of config/skills.yaml are the keys, so each skill has
its own argument schema and every object/place argument is an enum of known ids. The form
follows OpenAI's strict structured outputs (every property required, optional ones
nullable, no additional properties), which Ollama, vLLM and llama.cpp accept as well.

Beside the steps, `not_found` is the model's give-up: null, or one of the types this
instruction searched for and did not find (`planning.give_up_types`), with no steps. In
tool mode the same answer is the one call of the `not_found` function.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from memory_node.core.skills import RELATIONS, SkillSpec, SkillTable

from .vocabulary import LABEL_PATTERN, Vocabulary

SCHEMA_NAME = "skill_plan"
NOT_FOUND_FIELD = "not_found"   # the give-up: the plan's field and the tool's name


def not_found_schema(give_up: Sequence[str]) -> dict[str, Any]:
    """null, or one of the types the planner may give up on."""
    if not give_up:
        return {"type": "null"}
    return {"type": ["string", "null"], "enum": [*give_up, None]}


def _arg_schema(kind: str, vocab: Vocabulary, optional: bool) -> dict[str, Any]:
    allowed = vocab.allowed(kind)
    if kind == "relation":
        values: list[Any] = list(RELATIONS)
        schema: dict[str, Any] = {"type": "string", "enum": values}
    elif allowed is None:
        schema = {"type": "string", "pattern": LABEL_PATTERN}
    else:
        schema = {"type": "string", "enum": list(allowed)}
    if optional:
        schema["type"] = ["string", "null"]
        if "enum" in schema:
            schema["enum"] = [*schema["enum"], None]
    return schema


def step_schema(spec: SkillSpec, vocab: Vocabulary) -> dict[str, Any]:
    """Schema of one call of `spec` (also the parameters of its tool in tool mode)."""
    properties: dict[str, Any] = {"skill": {"type": "string", "enum": [spec.name]}}
    for a in spec.args:
        properties[a.role] = _arg_schema(a.kind, vocab, a.optional)
    return {"type": "object", "properties": properties,
            "required": list(properties), "additionalProperties": False}


def plan_schema(table: SkillTable, vocab: Vocabulary, max_steps: int,
                give_up: Sequence[str] = ()) -> dict[str, Any]:
    """`{"steps": [...], "not_found": null}` with at most `max_steps` steps of the skills
    memory allows now; `not_found` may name a type of `give_up` instead."""
    variants = [step_schema(table[name], vocab) for name in vocab.usable_skills(table)]
    steps: dict[str, Any] = {"type": "array", "maxItems": max_steps,
                             "items": {"anyOf": variants} if variants else {"type": "null"}}
    if not variants:
        steps["maxItems"] = 0
    return {"type": "object",
            "properties": {"steps": steps, NOT_FOUND_FIELD: not_found_schema(give_up)},
            "required": ["steps", NOT_FOUND_FIELD], "additionalProperties": False}


def response_format(table: SkillTable, vocab: Vocabulary, max_steps: int,
                    give_up: Sequence[str] = ()) -> dict[str, Any]:
    """The chat.completions `response_format` argument (nested json_schema form)."""
    return {"type": "json_schema",
            "json_schema": {"name": SCHEMA_NAME, "strict": True,
                            "schema": plan_schema(table, vocab, max_steps, give_up)}}


def tools(table: SkillTable, vocab: Vocabulary,
          give_up: Sequence[str] = ()) -> list[dict[str, Any]]:
    """One function per usable skill; each tool call is one step of the plan. With types
    to give up on, `not_found(target)` too (a skill of that name would win)."""
    out = []
    for name in vocab.usable_skills(table):
        spec = table[name]
        params = step_schema(spec, vocab)
        params = {**params, "properties": {k: v for k, v in params["properties"].items()
                                           if k != "skill"}}
        params["required"] = [k for k in params["required"] if k != "skill"]
        out.append({"type": "function", "function": {
            "name": name, "description": spec.description, "strict": True,
            "parameters": params}})
    if give_up and NOT_FOUND_FIELD not in table.skills:
        out.append({"type": "function", "function": {
            "name": NOT_FOUND_FIELD, "strict": True,
            "description": "give up: the type was searched for everywhere and not seen",
            "parameters": {"type": "object",
                           "properties": {"target": {"type": "string", "enum": [*give_up]}},
                           "required": ["target"], "additionalProperties": False}}})
    return out
