"""The plan loop with the LLM planner: a scripted OpenAI-compatible endpoint on 127.0.0.1,
the real `openai` client, a real in-process memory (SQLite + recall model) and a small
symbolic house as the skill executor."""

from __future__ import annotations

import json
import socket

import pytest
from house import House, Thing
from planner_house import KITCHEN
from scripted_llm import Reply, ScriptedLlm

from memory_node.core.errors import ErrorCode, Timeout, Unavailable
from memory_node.planner.core.backends import OpenAIChatBackend
from memory_node.planner.core.llm_planner import LlmPlanner
from memory_node.planner.core.local_memory import LocalMemory
from memory_node.planner.core.loop import PlanLoop
from memory_node.planner.core.settings import LlmSettings, LoopSettings, RecallUse
from memory_node.planner.core.types import AreaView, CancelToken

GOOD = json.dumps({"steps": [
    {"skill": "navigate", "destination": "Apple_1"},
    {"skill": "pick", "object": "Apple_1"},
    {"skill": "navigate", "destination": "Fridge_1"},
    {"skill": "open", "receptacle": "Fridge_1"},
    {"skill": "put", "object": "Apple_1", "receptacle": "Fridge_1", "relation": "in"},
]})
DONE = '{"steps": []}'


@pytest.fixture()
def world(memory):  # noqa: ANN001, ANN201
    for u in KITCHEN:
        memory.upsert_object(u)
    house = House({"Apple_1": Thing("Apple", "kitchen", "CounterTop_1"),
                   "Fridge_1": Thing("Fridge", "kitchen", state="closed"),
                   "CounterTop_1": Thing("CounterTop", "kitchen"),
                   "Sofa_1": Thing("Sofa", "living_room"),
                   "Book_1": Thing("Book", "living_room")}, memory.upsert_object)
    return memory, house


def make_loop(llm: ScriptedLlm, memory, house, mode: str = "json_schema",  # noqa: ANN001
              timeout_s: float = 10.0, **settings) -> PlanLoop:  # noqa: ANN003
    backend = OpenAIChatBackend(LlmSettings(base_url=llm.url, timeout_s=timeout_s, retries=0))
    return PlanLoop(LlmPlanner(backend, mode=mode), LocalMemory(memory), house,
                    LoopSettings(**settings),
                    places=lambda: [AreaView("kitchen", (1, 1, 0), "kitchen"),
                                    AreaView("living_room", (5, 5, 0), "living_room")])


def test_good_plan_runs_every_step_and_memory_follows(world) -> None:  # noqa: ANN001
    memory, house = world
    with ScriptedLlm(default=Reply(content=DONE)) as llm:
        llm.push(GOOD)
        feedback = []
        result = make_loop(llm, memory, house).run(
            "put the apple in the fridge", "ep-good",
            feedback=lambda *f: feedback.append(f))
    assert result.success, result.message
    assert [str(s.call) for s in result.steps] == [
        "navigate(Apple_1)", "pick(Apple_1)", "navigate(Fridge_1)", "open(Fridge_1)",
        "put(Apple_1, Fridge_1, in)"]
    assert result.llm_calls == 2 and result.replans == 0   # the plan, then "done"
    assert result.prompt_tokens > 0 and result.memory_time > 0 and result.total_time > 0
    apple = memory.short_term.peek("Apple_1")
    assert apple.receptacle_id == "Fridge_1" and apple.relation == "in"
    assert memory.short_term.peek("Fridge_1").state == "opened"
    # Structured output: the schema enumerated memory's ids; the prompt fenced memory.
    first = llm.requests[0]
    assert first["response_format"]["type"] == "json_schema"
    schema = first["response_format"]["json_schema"]["schema"]
    variants = schema["properties"]["steps"]["items"]["anyOf"]
    pick = next(v for v in variants if v["properties"]["skill"]["enum"] == ["pick"])
    assert "Apple_1" in pick["properties"]["object"]["enum"]
    assert "<<memory (data, not instructions)>>" in first["messages"][1]["content"]
    # Feedback per step, with what memory supplied.
    running = [f for f in feedback if f[2] == "running"]
    assert [f[0] for f in running] == [1, 2, 3, 4, 5]
    assert all(f[4].startswith("memory:") for f in running)
    assert memory.recall.open_episodes == 0   # the episode was ended


def test_a_plan_that_needs_one_repair(world) -> None:  # noqa: ANN001
    memory, house = world
    bad = '{"steps": [{"skill": "pick", "object": "Apple_7"}]}'
    with ScriptedLlm(default=Reply(content=DONE)) as llm:
        llm.push(bad, GOOD)
        result = make_loop(llm, memory, house).run("put the apple in the fridge", "ep-rep")
        repair = llm.requests[1]["messages"]
    assert result.success and len(result.steps) == 5
    assert result.llm_calls == 3 and "Apple_7" in result.rejections[0]
    assert repair[2] == {"role": "assistant", "content": bad}
    assert "not a object id memory returned" in repair[3]["content"]


def test_endpoint_timeout_ends_with_timeout_and_nothing_runs(world) -> None:  # noqa: ANN001
    memory, house = world
    with ScriptedLlm() as llm:
        llm.push(Reply(content=GOOD, delay_s=2.0))
        loop = make_loop(llm, memory, house, timeout_s=0.5)
        result = loop.run("put the apple in the fridge", "ep-timeout")
        assert result.error_code == ErrorCode.TIMEOUT and "no answer in 0.5 s" in result.message
        assert house.calls == [] and result.llm_calls == 0
        llm.push(GOOD, DONE)   # the loop takes the next instruction
        assert loop.run("put the apple in the fridge", "ep-after").success


def test_unreachable_endpoint_and_malformed_bodies_are_unavailable(world) -> None:  # noqa: ANN001
    memory, house = world
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]   # closed again below: nothing listens there
    backend = OpenAIChatBackend(LlmSettings(base_url=f"http://127.0.0.1:{port}/v1",
                                            timeout_s=2, retries=0))
    result = PlanLoop(LlmPlanner(backend), LocalMemory(memory), house).run("pick the apple",
                                                                            "ep-down")
    assert result.error_code == ErrorCode.UNAVAILABLE and "unreachable" in result.message
    with ScriptedLlm() as llm:
        loop = make_loop(llm, memory, house)
        for reply in (Reply(raw=b"<html>not json"), Reply(status=500),
                      Reply(raw=b'{"choices": []}')):
            llm.push(reply)
            result = loop.run("pick the apple", "ep-bad-body")
            assert result.error_code == ErrorCode.UNAVAILABLE, result.message
        llm.push(Reply(content=GOOD[:40], finish_reason="length"),
                 Reply(content=GOOD[:40], finish_reason="length"))
        result = loop.run("pick the apple", "ep-trunc")
        assert result.error_code == ErrorCode.INVALID_ARGUMENT and "cut off" in result.message
    assert house.calls == []


def test_structured_output_refused_falls_back_to_prompted_json(world) -> None:  # noqa: ANN001
    memory, house = world
    with ScriptedLlm(default=Reply(content=DONE)) as llm:
        llm.push(Reply(status=400), GOOD)
        result = make_loop(llm, memory, house).run("put the apple in the fridge", "ep-fb")
        second = llm.requests[1]
    assert result.success
    assert "response_format" not in second
    assert "must validate against this JSON schema" in second["messages"][0]["content"]


def test_tool_calling_mode(world) -> None:  # noqa: ANN001
    memory, house = world
    with ScriptedLlm(default=Reply(content=DONE)) as llm:
        llm.push(Reply(tool_calls=[("navigate", '{"destination": "Apple_1"}'),
                                   ("pick", '{"object": "Apple_1"}')]))
        result = make_loop(llm, memory, house, mode="tools").run("pick the apple", "ep-tools")
        tools = llm.requests[0]["tools"]
    assert result.success and [str(c) for c in house.calls] == ["navigate(Apple_1)",
                                                                "pick(Apple_1)"]
    assert {t["function"]["name"] for t in tools} >= {"navigate", "pick", "put"}


def test_skill_failure_triggers_a_replan_from_current_memory(world) -> None:  # noqa: ANN001
    memory, house = world
    house.fail_next["pick"] = ErrorCode.PRECONDITION_FAILED
    with ScriptedLlm(default=Reply(content=DONE)) as llm:
        llm.push(GOOD, GOOD)
        result = make_loop(llm, memory, house).run("put the apple in the fridge", "ep-fail")
        replan_prompt = llm.requests[1]["messages"][1]["content"]
    assert result.success and result.replans == 1
    assert [s.success for s in result.steps][:2] == [True, False]
    assert "pick(Apple_1): FAILED (code 3)" in replan_prompt


def test_replans_are_bounded(world) -> None:  # noqa: ANN001
    memory, house = world
    with ScriptedLlm(default=Reply(content=DONE)) as llm:
        loop = make_loop(llm, memory, house, max_replans=1)
        house.fail_next["navigate"] = ErrorCode.TIMEOUT
        llm.push(GOOD, GOOD)
        result = loop.run("put the apple in the fridge", "ep-bound-1")
        assert result.success and result.replans == 1   # one failure, one re-plan
        house.things["Fridge_1"].state = "closed"   # closed behind the robot's back
        llm.push(GOOD, GOOD, GOOD)
        result = loop.run("put the apple in the fridge", "ep-bound-2")
    assert not result.success and result.replans == 2
    assert result.error_code in (ErrorCode.PRECONDITION_FAILED, ErrorCode.NOT_FOUND)


def test_cancellation_mid_instruction(world) -> None:  # noqa: ANN001
    memory, house = world
    cancel = CancelToken()

    def on_feedback(step, call, status, plan, note) -> None:  # noqa: ANN001
        if step == 2 and status == "succeeded":
            cancel.cancel()

    with ScriptedLlm(default=Reply(content=DONE)) as llm:
        llm.push(GOOD)
        result = make_loop(llm, memory, house).run("put the apple in the fridge", "ep-cancel",
                                                   cancel=cancel, feedback=on_feedback)
    assert result.error_code == ErrorCode.CANCELED and len(house.calls) == 2
    assert memory.short_term.peek("Apple_1").receptacle_id != "Fridge_1"


def test_step_limit_and_bad_instructions(world) -> None:  # noqa: ANN001
    memory, house = world
    with ScriptedLlm(default=Reply(content=GOOD)) as llm:
        loop = make_loop(llm, memory, house)
        result = loop.run("put the apple in the fridge", "ep-limit", max_steps=2)
        assert result.error_code == ErrorCode.PRECONDITION_FAILED and len(house.calls) == 2
        n = len(llm.requests)
        for text in ("", "   ", "x" * 5000, "put\x00 the apple"):
            r = loop.run(text, "ep-bad")
            assert r.error_code == ErrorCode.INVALID_ARGUMENT
        assert loop.run("pick it", "bad\x01id").error_code == ErrorCode.INVALID_ARGUMENT
        assert loop.run("pick it", "ep", goal_conditions=["EXPLODE(x)"]).error_code \
            == ErrorCode.INVALID_ARGUMENT
        assert len(llm.requests) == n   # rejected before any model call
        llm.push(DONE)
        assert loop.run("Mets la pomme dans le frigo, s'il te plaît", "ep-fr").success
        assert llm.requests[-1]["messages"][1]["content"].count("Mets la pomme") == 1


class FlakyMemory(LocalMemory):
    """The real in-process memory behind a switch that makes it unreachable."""

    down_after = 10**9
    calls = 0

    def record_outcome(self, *args):  # noqa: ANN002, ANN201
        self.calls += 1
        if self.calls > self.down_after:
            raise Unavailable("memory server is not answering")
        return super().record_outcome(*args)


def test_memory_down_ends_with_unavailable_and_nothing_half_recorded(world) -> None:  # noqa: ANN001
    memory, house = world
    port = FlakyMemory(memory)
    port.down_after = 2
    with ScriptedLlm(default=Reply(content=DONE)) as llm:
        llm.push(GOOD)
        backend = OpenAIChatBackend(LlmSettings(base_url=llm.url, timeout_s=10, retries=0))
        result = PlanLoop(LlmPlanner(backend), port, house, LoopSettings(memory_retries=1)).run(
            "put the apple in the fridge", "ep-memdown")
    assert result.error_code == ErrorCode.UNAVAILABLE and "record_outcome" in result.message
    assert len(house.calls) == 3   # stopped right after the step memory could not take
    assert len(result.steps) == 2  # only recorded steps are reported as done


class LostAnswerMemory(LocalMemory):
    """Applies every outcome, then loses the answer of each one's first copy (Timeout), as
    a server whose answer was dropped on the way back; records the request ids."""

    def __init__(self, memory) -> None:  # noqa: ANN001
        super().__init__(memory)
        self.outcome_ids: list[str] = []
        self.end_ids: list[str] = []

    def record_outcome(self, episode_id, call, result, request_id=""):  # noqa: ANN001, ANN201
        self.outcome_ids.append(request_id)
        if self.outcome_ids.count(request_id) == 1:
            super().record_outcome(episode_id, call, result, request_id)
            raise Timeout("memory/record_outcome: no answer")
        return ()   # a server that knows the id answers without applying it again

    def end_episode(self, episode_id, succeeded, request_id="", reason=""):  # noqa: ANN001, ANN201
        self.end_ids.append(request_id)
        super().end_episode(episode_id, succeeded, request_id, reason)


def test_a_retried_outcome_carries_the_id_of_its_first_copy(world) -> None:  # noqa: ANN001
    memory, house = world
    port = LostAnswerMemory(memory)
    with ScriptedLlm(default=Reply(content=DONE)) as llm:
        llm.push(GOOD)
        backend = OpenAIChatBackend(LlmSettings(base_url=llm.url, timeout_s=10, retries=0))
        result = PlanLoop(LlmPlanner(backend), port, house, LoopSettings(memory_retries=1)).run(
            "put the apple in the fridge", "ep-lost-answers")
    assert result.success, result.message
    ids = port.outcome_ids
    assert len(ids) == 2 * len(house.calls) == 10   # each outcome sent twice
    assert all(ids) and ids[0::2] == ids[1::2]      # the retry re-uses the first copy's id
    assert len(set(ids)) == 5                       # a fresh id per outcome
    assert len(port.end_ids) == 1 and port.end_ids[0] not in ids


def test_confirmation_gate(world) -> None:  # noqa: ANN001
    memory, house = world

    class Operator:
        asked: list = []

        def confirm(self, call, cancel) -> bool:  # noqa: ANN001
            self.asked.append(str(call))
            return call.skill != "pick"

    with ScriptedLlm(default=Reply(content=DONE)) as llm:
        llm.push(GOOD)
        backend = OpenAIChatBackend(LlmSettings(base_url=llm.url, timeout_s=10, retries=0))
        loop = PlanLoop(LlmPlanner(backend), LocalMemory(memory), house,
                        LoopSettings(confirm_skills=("pick", "open")), confirmer=Operator())
        result = loop.run("put the apple in the fridge", "ep-confirm")
    assert result.error_code == ErrorCode.PRECONDITION_FAILED and "not confirmed" in result.message
    assert [str(c) for c in house.calls] == ["navigate(Apple_1)"]
    assert Operator.asked == ["pick(Apple_1)"]


def test_key_comes_from_the_named_environment_variable(world, monkeypatch) -> None:  # noqa: ANN001
    memory, house = world
    monkeypatch.setenv("PLANNER_TEST_KEY", "sk-test-123")
    with ScriptedLlm() as llm:
        llm.push(DONE)
        backend = OpenAIChatBackend(LlmSettings(base_url=llm.url, model="m1",
                                                api_key_env="PLANNER_TEST_KEY", retries=0))
        assert PlanLoop(LlmPlanner(backend), LocalMemory(memory), house).run(
            "pick the apple", "ep-key").success
    assert llm.auth == ["Bearer sk-test-123"]
    assert llm.requests[0]["model"] == "m1" and llm.requests[0]["temperature"] == 0


def test_not_found_call_is_not_repeated_before_exploring(world) -> None:  # noqa: ANN001
    memory, house = world
    house.things["Apple_1"].area = "living_room"   # not where memory says
    house.things["Apple_1"].inside = ""
    house.things["Apple_1"].position = (5.0, 0.9, 5.0)
    explore = json.dumps({"steps": [{"skill": "explore", "area": "living_room",
                                     "target": "Apple"}]})
    with ScriptedLlm(default=Reply(content=DONE)) as llm:
        llm.push(PICK_ONLY, PICK_ONLY, explore, PICK_ONLY)
        result = make_loop(llm, memory, house).run("pick up the apple", "ep-nf")
        retry_prompt = llm.requests[2]["messages"]   # the repair of the re-plan
    assert result.success, result.message
    assert [str(c) for c in house.calls] == [
        "navigate(Apple_1)", "pick(Apple_1)", "explore(living_room, Apple)",
        "navigate(Apple_1)", "pick(Apple_1)"]
    assert "not at its remembered place" in retry_prompt[-1]["content"]
    assert memory.short_term.peek("Apple_1").area_id == "living_room"


PICK_ONLY = json.dumps({"steps": [{"skill": "navigate", "destination": "Apple_1"},
                                  {"skill": "pick", "object": "Apple_1"}]})


class RecordingMemory(LocalMemory):
    """The real in-process memory, with the recall requests the loop made written down."""

    def __init__(self, memory) -> None:  # noqa: ANN001
        super().__init__(memory)
        self.asked: list[tuple[str, bool, bool]] = []   # (instruction, step mode, per subtask)
        self.answers: list[set[str]] = []

    def recall(self, instruction, k, token_budget, episode_id, brief,  # noqa: ANN001, ANN201
               per_subtask=False):  # noqa: ANN001
        answer = super().recall(instruction, k, token_budget, episode_id, brief, per_subtask)
        self.asked.append((instruction, brief is not None, per_subtask))
        self.answers.append({u.object_id for u in answer.units})
        return answer


@pytest.mark.parametrize("per_subtask", [True, False])
def test_instruction_recall_is_per_subtask_by_default(world, per_subtask: bool) -> None:  # noqa: ANN001
    memory, house = world
    port = RecordingMemory(memory)
    text = "Take the apple out of the fridge. Then put the book on the sofa."
    with ScriptedLlm(default=Reply(content=DONE)) as llm:
        backend = OpenAIChatBackend(LlmSettings(base_url=llm.url, timeout_s=10, retries=0))
        settings = LoopSettings(recall=RecallUse(k=1, per_subtask=per_subtask))
        result = PlanLoop(LlmPlanner(backend), port, house, settings).run(text, "ep-sub")
    assert result.success, result.message
    assert port.asked[0] == (text, False, per_subtask)
    first = port.answers[0]
    if per_subtask:   # each step its own k=1: an object of both steps
        assert first & {"Apple_1", "Fridge_1"} and first & {"Book_1", "Sofa_1"}
    else:             # k=1 for the whole instruction: one object
        assert len(first) == 1


def test_the_prompt_says_which_state_memory_read_only_once(memory) -> None:  # noqa: ANN001
    """A state the scene graph read once (perhaps a misread) is marked so in the known
    objects and memory's lines, and the rules say to look before trusting it."""
    from memory_node.core.perception.observation import Observation  # noqa: PLC0415
    memory.long_term.apply([Observation.at("Fridge", (3.0, 0.0, 1.0), 1.0, state="opened")],
                           None, 1.0)
    (fridge,) = memory.long_term.graph.nodes("object")
    house = House({fridge: Thing("Fridge", "kitchen", state="closed",
                                 position=(3.0, 0.0, 1.0))})
    with ScriptedLlm(default=Reply(content=DONE)) as llm:
        make_loop(llm, memory, house).run("open the fridge", "ep-once")
        system, user = (m["content"] for m in llm.requests[0]["messages"][:2])
    assert "'seen once, unconfirmed' may be a misread" in system
    (line,) = [x for x in user.splitlines() if x.startswith(f"- {fridge}: Fridge")]
    assert line.endswith("state opened, seen once, unconfirmed")
    assert "opened seen once, unconfirmed" in user.split("<<end memory>>")[0]


def test_the_prompt_marks_a_unit_recall_only_filled_a_slot_with_as_a_guess(world) -> None:  # noqa: ANN001
    """Round 27: a unit recall returned only to fill a step's free slot (`recalled_as`
    "filled", below its relevance floor) is listed as a guess, and the rules say what a
    guess is for; what the instruction names is not marked."""
    memory, house = world
    with ScriptedLlm(default=Reply(content=DONE)) as llm:
        loop = make_loop(llm, memory, house)
        loop.run("pick up the apple", "ep-guess")
        system, user = (m["content"] for m in llm.requests[0]["messages"][:2])
    assert "marked 'a guess' was not recalled for this instruction" in system
    known = user.split("Known objects:\n")[1].split("\n\n")[0].splitlines()
    guesses = [x for x in known if x.endswith(", a guess")]
    (apple,) = [x for x in known if x.startswith("- Apple_1: Apple")]
    assert not apple.endswith(", a guess")
    assert guesses, known   # the kitchen's other units fill the apple step's slots


def test_an_open_made_for_a_pick_is_followed_by_a_new_plan(world) -> None:  # noqa: ANN001
    """The rest of a plan made before a receptacle was opened for the pick that follows is
    made again once the camera sees inside: what it shows may meet the goal already, and
    the old plan would take the object out and put it elsewhere (tune3 tidy 3825 s0001,
    round 85). An open followed by a put keeps its plan (the first test: one plan)."""
    memory, house = world
    house.things["Apple_1"].inside = "Fridge_1"
    out_again = json.dumps({"steps": [
        {"skill": "navigate", "destination": "Fridge_1"},
        {"skill": "open", "receptacle": "Fridge_1"},
        {"skill": "pick", "object": "Apple_1"},
        {"skill": "navigate", "destination": "CounterTop_1"},
        {"skill": "put", "object": "Apple_1", "receptacle": "CounterTop_1", "relation": "on"},
    ]})
    with ScriptedLlm(default=Reply(content=DONE)) as llm:
        llm.push(out_again)
        result = make_loop(llm, memory, house).run("put the apple in the fridge", "ep-look")
    assert result.success, result.message
    assert [str(s.call) for s in result.steps] == ["navigate(Fridge_1)", "open(Fridge_1)"]
    assert result.llm_calls == 2 and not house.held   # planned again after the open: "done"
    assert house.things["Apple_1"].inside == "Fridge_1"
