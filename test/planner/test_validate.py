"""Schema generation from the skill table and memory's ids; parsing and validation."""

from __future__ import annotations

import json

import pytest

from memory_node.core.errors import ErrorCode
from memory_node.core.skills import load_skill_table
from memory_node.planner.core import schema as schemas
from memory_node.planner.core.planning import give_up_types
from memory_node.planner.core.prompt import StepLine
from memory_node.planner.core.types import AreaView, SkillCall, UnitView
from memory_node.planner.core.validate import (
    PlanRejected,
    parse_answer,
    parse_plan,
    parse_tool_answer,
    parse_tool_calls,
)
from memory_node.planner.core.vocabulary import Vocabulary

TABLE = load_skill_table()


def vocab() -> Vocabulary:
    v = Vocabulary()
    v.add_units([UnitView("Apple_1", "Apple"), UnitView("Fridge_1", "Fridge", state="closed")])
    v.add_areas([AreaView("kitchen"), AreaView("living_room")])
    return v


def test_schema_enumerates_skills_roles_and_memory_ids() -> None:
    s = schemas.plan_schema(TABLE, vocab(), 5)
    steps = s["properties"]["steps"]
    assert steps["maxItems"] == 5 and s["additionalProperties"] is False
    variants = {v["properties"]["skill"]["enum"][0]: v for v in steps["items"]["anyOf"]}
    assert set(variants) == set(TABLE.names)   # every skill has an object to act on
    put = variants["put"]
    assert put["required"] == ["skill", "object", "receptacle", "relation"]
    assert put["properties"]["object"]["enum"] == ["Apple_1", "Fridge_1"]
    assert put["properties"]["relation"]["enum"] == ["in", "on", None]
    nav = variants["navigate"]["properties"]["destination"]["enum"]
    assert nav == ["kitchen", "living_room", "Apple_1", "Fridge_1"]
    assert variants["explore"]["properties"]["target"]["type"] == ["string", "null"]
    fmt = schemas.response_format(TABLE, vocab(), 5)
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["strict"] is True
    json.dumps(fmt)   # serialisable as sent


def test_without_objects_only_base_skills_are_offered() -> None:
    v = Vocabulary()
    v.add_areas([AreaView("kitchen")])
    assert v.usable_skills(TABLE) == ["navigate", "explore"]
    tools = schemas.tools(TABLE, v)
    assert [t["function"]["name"] for t in tools] == ["navigate", "explore"]
    assert "skill" not in tools[0]["function"]["parameters"]["properties"]
    with pytest.raises(PlanRejected, match="needs an object"):
        parse_plan('{"steps": [{"skill": "pick", "object": "Apple_1"}]}', TABLE, v, 5)


def test_valid_plan_parses_to_calls_in_table_order() -> None:
    text = json.dumps({"steps": [
        {"skill": "navigate", "destination": "Apple_1"},
        {"skill": "pick", "object": "Apple_1"},
        {"skill": "put", "object": "Apple_1", "receptacle": "Fridge_1", "relation": None},
        {"skill": "explore", "area": "kitchen", "target": "Mug"},
    ]})
    calls = parse_plan(text, TABLE, vocab(), 5)
    assert calls == [SkillCall("navigate", ("Apple_1",)), SkillCall("pick", ("Apple_1",)),
                     SkillCall("put", ("Apple_1", "Fridge_1")),
                     SkillCall("explore", ("kitchen", "Mug"))]
    fenced = "```json\n" + text + "\n```"
    assert parse_plan(fenced, TABLE, vocab(), 5) == calls
    assert parse_plan('{"steps": []}', TABLE, vocab(), 5) == []


@pytest.mark.parametrize(("answer", "reason"), [
    ('{"steps": [{"skill": "pick", "object": "Apple_2"}]}', "not a object id memory"),
    ('{"steps": [{"skill": "fly", "object": "Apple_1"}]}', "unknown skill"),
    ('{"steps": [{"skill": "pick", "object": "Apple_1", "speed": "max"}]}', "has no field"),
    ('{"steps": [{"skill": "pick"}]}', "needs object"),
    ('{"plan": []}', "exactly the fields"),
    ('{"steps": [{"skill": "explore", "area": "kitchen", "target": "a b"}]}', "object type"),
    ('{"steps": [{"skill": "put", "object": "Apple_1", "receptacle": null, '
     '"relation": "in"}]}', "needs receptacle"),
    ('{"steps": [{"skill": "explore", "area": null, "target": "Mug"}]}', "needs area"),
    ('{"steps": [1]}', "expected an object"),
])
def test_rejections_say_why(answer: str, reason: str) -> None:
    with pytest.raises(PlanRejected, match=reason):
        parse_plan(answer, TABLE, vocab(), 5)


def test_tool_calls_are_validated_like_steps() -> None:
    calls = parse_tool_calls([("navigate", '{"destination": "kitchen"}'),
                              ("pick", '{"object": "Apple_1"}')], TABLE, vocab(), 5)
    assert [str(c) for c in calls] == ["navigate(kitchen)", "pick(Apple_1)"]
    for bad in ([("shell", '{"cmd": "ls"}')], [("pick", '{"object": "Apple_1", "skill": "x"}')],
                [("pick", "not json")], [("navigate", '{"destination": "kitchen"}')] * 6):
        with pytest.raises(PlanRejected):
            parse_tool_calls(bad, TABLE, vocab(), 5)


def test_a_give_up_names_a_type_searched_for_in_vain_and_has_no_steps() -> None:
    """Round 45: `not_found` is the LLM's give-up (null in every other answer)."""
    plan = '{"steps": [{"skill": "explore", "area": "kitchen", "target": "Mug"}], '
    assert parse_answer(plan + '"not_found": null}', TABLE, vocab(), 5, ("Mug",)) == (
        [SkillCall("explore", ("kitchen", "Mug"))], "")
    assert parse_answer('{"steps": [], "not_found": "Mug"}', TABLE, vocab(), 5,
                        ("Mug",)) == ([], "Mug")
    for answer, reason in [(plan + '"not_found": "Mug"}', "must have no steps"),
                           ('{"steps": [], "not_found": "Cup"}', "not searched for in vain"),
                           ('{"steps": [], "not_found": 3}', "object type or null"),
                           ('{"steps": [], "not_found": "Mug", "x": 1}', "exactly the fields")]:
        with pytest.raises(PlanRejected, match=reason):
            parse_answer(answer, TABLE, vocab(), 5, ("Mug",))
    with pytest.raises(PlanRejected, match="explore first"):
        parse_plan('{"steps": [], "not_found": "Mug"}', TABLE, vocab(), 5)
    assert parse_tool_answer([("not_found", '{"target": "Mug"}')], TABLE, vocab(), 5,
                             ("Mug",)) == ([], "Mug")
    with pytest.raises(PlanRejected, match="unknown skill"):   # not offered: not a give-up
        parse_tool_answer([("not_found", '{"target": "Mug"}')], TABLE, vocab(), 5)
    s = schemas.plan_schema(TABLE, vocab(), 5, ("Mug",))
    assert s["required"] == ["steps", "not_found"]
    assert s["properties"]["not_found"] == {"type": ["string", "null"], "enum": ["Mug", None]}


def test_give_up_types_are_the_searches_that_failed_and_experience_s_searched_out() -> None:
    def failed(area: str, label: str) -> StepLine:
        return StepLine(SkillCall("explore", (area, label)), False,
                        int(ErrorCode.NOT_FOUND), "")

    found = StepLine(SkillCall("explore", ("kitchen", "Cup")), True, 0, "")
    walk = StepLine(SkillCall("navigate", ("kitchen",)), True, 0, "")
    assert give_up_types([], TABLE) == ()
    assert give_up_types([failed("kitchen", "Mug"), found, walk], TABLE, ("Egg",)) == (
        "Mug", "Egg")
    # The last step a failed search: only its type (experience counts that one).
    assert give_up_types([failed("kitchen", "Mug"), failed("hall", "Egg")], TABLE,
                         ("Bread",)) == ("Egg",)
    refused = StepLine(SkillCall("explore", ("kitchen", "Mug")), False,
                       int(ErrorCode.PRECONDITION_FAILED), "")
    assert give_up_types([refused, walk], TABLE) == ()
