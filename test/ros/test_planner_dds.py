"""The planner node end to end over DDS with the LLM planner: a scripted OpenAI-compatible
endpoint on 127.0.0.1, a real memory server process, the planner node process and the
test's own base and arm skill servers.

Covers: a good plan with per-step feedback and memory updated; a plan that needs one
repair; one hostile output of each class (nothing reaches a skill server); an endpoint
timeout; a skill failure that triggers re-planning; cancellation mid-instruction; a second
goal while one runs (rejected); the memory server restarting mid-instruction; bad input;
a skill server that never answers; the instruction topic.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from action_msgs.msg import GoalStatus
from house import House
from planner_stack import (
    INSTRUCTION_PROBE,
    SkillServers,
    execute,
    house_things,
    instruction_client,
    memory_server,
    planner_node,
    seed,
    send_goal,
    skill_servers,
    wait_result,
)
from rclpy.node import Node
from ros_harness import NodeProcess, publish_until_heard, spin_until
from scripted_llm import Reply, ScriptedLlm
from std_msgs.msg import String

from memory_node.client import MemoryClient
from memory_node.core.errors import ErrorCode
from memory_node.core.recall.describe import HELD_BY_ROBOT

pytestmark = [pytest.mark.ros, pytest.mark.slow]
GOOD = json.dumps({"steps": [
    {"skill": "navigate", "destination": "Apple_1"},
    {"skill": "pick", "object": "Apple_1"},
    {"skill": "navigate", "destination": "Fridge_1"},
    {"skill": "open", "receptacle": "Fridge_1"},
    {"skill": "put", "object": "Apple_1", "receptacle": "Fridge_1", "relation": "in"},
]})
DONE = '{"steps": []}'
PICK_ONLY = json.dumps({"steps": [{"skill": "pick", "object": "Apple_1"}]})
PICK = json.dumps({"steps": [{"skill": "navigate", "destination": "Apple_1"},
                             {"skill": "pick", "object": "Apple_1"}]})


@dataclass
class Stack:
    tmp: Path
    llm: ScriptedLlm
    memory: MemoryClient
    servers: SkillServers
    planner: NodeProcess
    mem_proc: NodeProcess

    def reset(self) -> None:
        seed(self.memory)
        self.servers.house = House(house_things(), self.memory.update)
        self.servers.hold.clear()
        self.servers.started.clear()
        self.servers.cancelled.clear()
        self.llm.script.clear()


@pytest.fixture(scope="module")
def stack(ros_context: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    tmp = tmp_path_factory.mktemp("planner_dds")
    with ScriptedLlm(default=Reply(content=DONE)) as llm:
        s = Stack(tmp, llm, None, None, None, memory_server(tmp))  # type: ignore[arg-type]
        try:
            with MemoryClient(timeout=20.0) as memory:
                memory.wait_until_ready(timeout=90.0)
                s.memory = memory
                with skill_servers(House(house_things(), memory.update)) as servers:
                    s.servers = servers
                    s.planner = planner_node(tmp, "planner", **{
                        "llm.base_url": llm.url, "llm.timeout_s": 2.0, "llm.retries": 0,
                        "skill_timeout_s": 2.0, "max_replans": 1, "memory_timeout_s": 10.0,
                        "memory_retries": 6, "map_wait_s": 0.0})  # no world: no map
                    try:
                        yield s
                    finally:
                        s.planner.stop()
        finally:
            s.mem_proc.stop()


@pytest.fixture()
def ready(stack: Stack, client_node: Node) -> Iterator[tuple[Stack, Node, object]]:
    stack.reset()
    client = instruction_client(client_node)
    yield stack, client_node, client
    assert stack.planner.alive(), stack.planner.output()[-3000:]


def test_good_plan_feedback_and_memory(ready) -> None:  # noqa: ANN001
    stack, node, client = ready
    stack.llm.push(GOOD)
    run = execute(node, client, "put the apple in the fridge", "dds-good")
    r = run.result
    assert run.status == GoalStatus.STATUS_SUCCEEDED and r.success, r.message
    assert r.error_code == ErrorCode.NONE and r.steps == 5 and r.llm_calls == 2, (
        r, stack.llm.requests, stack.planner.output()[-3000:])
    assert [f"{c.skill}({', '.join(c.arguments)})" for c in r.executed] == [
        "navigate(Apple_1)", "pick(Apple_1)", "navigate(Fridge_1)", "open(Fridge_1)",
        "put(Apple_1, Fridge_1, in)"]
    assert all(s.success for s in r.step_results) and r.prompt_tokens > 0
    assert r.memory_time > 0 and r.llm_time > 0 and r.skill_time > 0
    assert r.total_time >= r.memory_time + r.llm_time
    running = [f for f in run.feedback if f.status == "running"]
    assert [f.step for f in running] == [1, 2, 3, 4, 5]
    assert running[0].memory_note.startswith("memory:") and len(running[0].plan) == 4
    units = stack.memory.get_units(["Apple_1", "Fridge_1"])
    assert units["Apple_1"].receptacle_id == "Fridge_1"
    assert units["Fridge_1"].state == "opened"
    # The prompt's schema enumerated the ids memory returned.
    fmt = stack.llm.requests[-2]["response_format"]["json_schema"]["schema"]
    assert "Apple_1" in json.dumps(fmt)


def test_repair_and_one_hostile_output_of_each_class(ready) -> None:  # noqa: ANN001
    from hostile_outputs import HOSTILE
    stack, node, client = ready
    stack.llm.push('{"steps": [{"skill": "pick", "object": "Banana_3"}]}', PICK)
    run = execute(node, client, "pick up the apple", "dds-repair")
    assert run.result.success and run.result.llm_calls == 3
    calls_before = list(stack.servers.house.calls)
    seen = set()
    for kind, answer in HOSTILE:
        if kind in seen:
            continue
        seen.add(kind)
        stack.llm.push(answer, answer)
        run = execute(node, client, "pick up the apple", f"dds-hostile-{kind}")
        assert run.status == GoalStatus.STATUS_ABORTED, kind
        assert run.result.error_code == ErrorCode.INVALID_ARGUMENT, (kind, run.result.message)
        assert run.result.steps == 0 and run.result.llm_calls == 2
    assert len(seen) == 9
    assert stack.servers.house.calls == calls_before   # nothing reached a skill server


def test_endpoint_timeout_then_next_instruction(ready) -> None:  # noqa: ANN001
    stack, node, client = ready
    stack.llm.push(Reply(content=GOOD, delay_s=4.0))
    run = execute(node, client, "put the apple in the fridge", "dds-timeout")
    assert run.result.error_code == ErrorCode.TIMEOUT and "no answer" in run.result.message
    assert stack.servers.house.calls == []
    stack.llm.push(PICK)
    assert execute(node, client, "pick up the apple", "dds-after").result.success


def test_skill_failure_triggers_replanning(ready) -> None:  # noqa: ANN001
    stack, node, client = ready
    stack.servers.house.fail_next["pick"] = ErrorCode.PRECONDITION_FAILED
    # After the failure the same plan again; at its pick the robot is where the pick just
    # failed, so experience memory lists it as known bad and the planner is asked once
    # more, told so; it insists on the pick (the only way), which then runs.
    stack.llm.push(PICK, PICK, PICK_ONLY)
    r = execute(node, client, "pick up the apple", "dds-replan").result
    assert r.success and r.replans == 1
    assert [s.success for s in r.step_results] == [True, False, True, True]
    assert r.step_results[1].error_code == ErrorCode.PRECONDITION_FAILED
    assert [s.call.skill for s in r.step_results] == ["navigate", "pick", "navigate", "pick"]
    # Requests of this instruction: the plan, the re-plan after the failure, the one told
    # about the known-bad pick, and the last ("anything left?", answered by the default).
    assert "pick(Apple_1): FAILED (code 3)" in stack.llm.requests[-3]["messages"][1]["content"]
    told = stack.llm.requests[-2]["messages"][1]["content"]
    assert "do not pick(" in told and "failed 1x in this state" in told


def test_cancel_mid_instruction_and_second_goal_rejected(ready) -> None:  # noqa: ANN001
    stack, node, client = ready
    release = stack.servers.hold["pick"] = threading.Event()
    stack.llm.push(GOOD)
    run, handle = send_goal(node, client, "put the apple in the fridge", "dds-cancel")
    assert run.accepted
    spin_until(node, stack.servers.started.is_set, 60.0, "pick to start")
    second, _ = send_goal(node, client, "pick up the apple", "dds-second")
    assert not second.accepted   # one instruction at a time: rejected, not queued
    handle.cancel_goal_async()
    wait_result(node, run, handle)
    assert run.status == GoalStatus.STATUS_CANCELED
    assert run.result.error_code == ErrorCode.CANCELED
    assert stack.servers.cancelled == ["pick(Apple_1)"]
    assert [str(c) for c in stack.servers.house.calls] == ["navigate(Apple_1)"]
    release.set()


def test_memory_server_restarting_mid_instruction(ready) -> None:  # noqa: ANN001
    stack, node, client = ready
    release = stack.servers.hold["pick"] = threading.Event()
    stack.llm.push(PICK)
    run, handle = send_goal(node, client, "pick up the apple", "dds-restart")
    spin_until(node, stack.servers.started.is_set, 60.0, "pick to start")
    stack.mem_proc.kill()
    stack.mem_proc = memory_server(stack.tmp)    # same directory: the memory is the file
    release.set()
    wait_result(node, run, handle)
    r = run.result
    assert r.success, r.message
    stack.memory.wait_until_ready(timeout=90.0)
    assert stack.memory.get_units(["Apple_1"])["Apple_1"].receptacle_id == HELD_BY_ROBOT


def test_bad_input_and_a_skill_server_that_never_answers(ready) -> None:  # noqa: ANN001
    stack, node, client = ready
    for text in ("", "x" * 5000):
        r = execute(node, client, text, "dds-bad").result
        assert r.error_code == ErrorCode.INVALID_ARGUMENT and not r.success
    r = execute(node, client, "pick it", "dds-goals", goals=("EXPLODE(x)",)).result
    assert r.error_code == ErrorCode.INVALID_ARGUMENT
    stack.servers.hold["navigate"] = threading.Event()   # held until cancelled
    stack.llm.push(PICK, PICK)
    r = execute(node, client, "pick up the apple", "dds-never").result
    assert r.error_code == ErrorCode.TIMEOUT and "no result" in r.message
    assert r.replans == 2 and [s.error_code for s in r.step_results] == [ErrorCode.TIMEOUT] * 2
    # The planner cancelled each goal it gave up on.
    assert stack.servers.cancelled == ["navigate(Apple_1)"] * 2


def test_instruction_topic(ready) -> None:  # noqa: ANN001
    stack, node, _ = ready
    statuses: list[dict] = []
    node.create_subscription(String, "planner/status",
                             lambda m: statuses.append(json.loads(m.data)), 10)
    pub = node.create_publisher(String, "planner/instruction", 10)
    spin_until(node, lambda: pub.get_subscription_count() > 0, 60.0, "planner subscription")
    # The planner's reader may match this writer after this writer matched it, and a
    # message sent in between is lost: first a probe the planner refuses at once (a control
    # character: no memory, no skill), once a second until a status answers one. A copy
    # of it still running refuses the instruction with "another instruction is running"
    # (status UNAVAILABLE, nothing run): only then is the instruction sent again.
    publish_until_heard(node, lambda: pub.publish(String(data=INSTRUCTION_PROBE)),
                        lambda: any(s.get("instruction") == INSTRUCTION_PROBE for s in statuses),
                        what="the planner")
    stack.llm.push(PICK)
    text = "pick up the apple"

    def mine() -> list[dict]:
        return [s for s in statuses if s.get("instruction") == text]

    for _ in range(10):
        seen = len(mine())
        pub.publish(String(data=text))
        spin_until(node, lambda n=seen: len(mine()) > n, 120.0, "topic result")
        if "executed" in mine()[-1]:
            break
        assert mine()[-1]["error_code"] == ErrorCode.UNAVAILABLE, mine()[-1]
    done = mine()[-1]
    assert done["success"] and done["executed"] == ["navigate(Apple_1)", "pick(Apple_1)"]
