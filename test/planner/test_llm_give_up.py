"""The LLM planner states a give-up (`not_found` in its reply schema, or the `not_found`
tool): validated against what this instruction searched for in vain (or what experience
says earlier tasks searched out), it ends the instruction NOT_FOUND and the episode
`gave_up`, so experience's searched-out fact forms with the LLM planner too. Before
round 45 its only empty answer was "done". Real HTTP to the scripted endpoint on
loopback, the real `openai` client, a real in-process memory with experience, the test
house as the robot."""

from __future__ import annotations

import json

from house import House, Thing
from planner_house import KITCHEN, EndReasons
from scripted_llm import Reply, ScriptedLlm

from memory_node.core.errors import ErrorCode
from memory_node.planner.core.backends import OpenAIChatBackend
from memory_node.planner.core.llm_planner import LlmPlanner
from memory_node.planner.core.loop import PlanLoop
from memory_node.planner.core.settings import LlmSettings
from memory_node.planner.core.types import AreaView


def _explore(area: str) -> str:
    return json.dumps({"steps": [{"skill": "explore", "area": area, "target": "Tomato"}],
                       "not_found": None})


GIVE_UP = json.dumps({"steps": [], "not_found": "Tomato"})


def _world(memory, llm: ScriptedLlm, mode: str = "json_schema"):  # noqa: ANN001, ANN202
    for u in KITCHEN:
        memory.upsert_object(u)
    house = House({"Apple_1": Thing("Apple", "kitchen", "CounterTop_1"),
                   "CounterTop_1": Thing("CounterTop", "kitchen"),
                   "Fridge_1": Thing("Fridge", "kitchen", state="closed"),
                   "Sofa_1": Thing("Sofa", "living_room"),
                   "Book_1": Thing("Book", "living_room")}, memory.upsert_object)
    port = EndReasons(memory)
    backend = OpenAIChatBackend(LlmSettings(base_url=llm.url, retries=0))
    loop = PlanLoop(LlmPlanner(backend, mode=mode), port, house,
                    places=lambda: [AreaView("kitchen", (2.0, 0.5, 1.0), "kitchen"),
                                    AreaView("living_room", (5.5, 0.5, 5.0), "living_room")])
    return house, port, loop


def _not_found_schema(request: dict) -> dict:
    return request["response_format"]["json_schema"]["schema"]["properties"]["not_found"]


def test_an_llm_give_up_ends_gave_up_and_teaches_the_type_searched_out(memory) -> None:  # noqa: ANN001
    """A tomato the house lacks. Each task explores both rooms, then the model gives up:
    the episode ends `gave_up` and two of them make the type searched out; the third task
    may give up on it at once (experience's fact), without a call. On round 44's code the
    give-up is no valid answer (the schema has only `steps`): rejected twice, the task
    ended INVALID_ARGUMENT with reason "error", and no fact ever formed."""
    exp = memory.attach_experience()
    with ScriptedLlm() as llm:
        house, port, loop = _world(memory, llm)
        for episode in ("ep1", "ep2"):
            llm.push(_explore("kitchen"), _explore("living_room"), GIVE_UP)
            first = len(llm.requests)
            result = loop.run("pick up the tomato", episode)
            assert result.error_code == ErrorCode.NOT_FOUND, result.message
            assert result.end_reason == "gave_up" and not result.rejections
            assert [str(s.call) for s in result.steps] == [
                "explore(kitchen, Tomato)", "explore(living_room, Tomato)"]
            # Nothing to give up on before a search; after one, what it sought.
            assert _not_found_schema(llm.requests[first]) == {"type": "null"}
            assert _not_found_schema(llm.requests[-1])["enum"] == ["Tomato", None]
        fact = exp.facts.current("type:Tomato", "absent")
        assert fact is not None and fact.provenance == ["episode:ep1", "episode:ep2"]
        start = len(house.calls)
        llm.push(GIVE_UP)
        result = loop.run("pick up the tomato", "ep3")
        assert _not_found_schema(llm.requests[-1])["enum"] == ["Tomato", None]
        prompt = next(m["content"] for m in llm.requests[-1]["messages"] if m["role"] == "user")
        assert "May give up on (searched for, not seen): Tomato" in prompt
    assert result.end_reason == "gave_up" and len(house.calls) == start
    assert port.reasons == ["gave_up", "gave_up", "gave_up"]


def test_a_give_up_is_validated_and_repaired(memory) -> None:  # noqa: ANN001
    """A give-up before any search, or on a type not searched for, is rejected with the
    reason and asked again (one repair per plan); nothing runs on it."""
    with ScriptedLlm(default=Reply(content='{"steps": [], "not_found": null}')) as llm:
        house, port, loop = _world(memory, llm)
        llm.push(GIVE_UP, _explore("kitchen"),
                 json.dumps({"steps": [], "not_found": "Apple"}), GIVE_UP)
        result = loop.run("pick up the tomato", "ep1")
    assert result.end_reason == "gave_up" and result.error_code == ErrorCode.NOT_FOUND
    assert [str(c) for c in house.calls] == ["explore(kitchen, Tomato)"]
    assert len(result.rejections) == 2
    assert "none yet: explore first" in result.rejections[0]
    assert "'Apple' was not searched for in vain" in result.rejections[1]
    assert port.reasons == ["gave_up"]
    # A plain empty plan is still "done" (the planner's word, as before).
    with ScriptedLlm() as llm:
        _, port, loop = _world(memory, llm)
        done = loop.run("pick up the tomato", "ep2")
    assert done.success and port.reasons == ["done"]


def test_tool_mode_gives_up_with_the_not_found_tool(memory) -> None:  # noqa: ANN001
    """In tool mode the give-up is a `not_found(target)` call, offered only once a search
    failed, and it must be the answer's only call."""
    with ScriptedLlm() as llm:
        house, port, loop = _world(memory, llm, mode="tools")
        llm.push(Reply(tool_calls=[("explore", '{"area": "kitchen", "target": "Tomato"}')]),
                 Reply(tool_calls=[("not_found", '{"target": "Tomato"}'),
                                   ("explore", '{"area": "living_room", "target": "Tomato"}')]),
                 Reply(tool_calls=[("not_found", '{"target": "Tomato"}')]))
        result = loop.run("pick up the tomato", "ep1")
        offered = [[t["function"]["name"] for t in r["tools"]] for r in llm.requests]
    assert "not_found" not in offered[0] and "not_found" in offered[1]
    assert result.end_reason == "gave_up" and port.reasons == ["gave_up"]
    assert len(result.rejections) == 1 and "only tool call" in result.rejections[0]
    assert [str(c) for c in house.calls] == ["explore(kitchen, Tomato)"]
