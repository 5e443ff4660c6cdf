"""Experience memory in a real memory server process, over DDS, through MemoryClient only:
the planner's existing calls (recall, record_outcome, end_episode) fill it, and recall
answers with known-bad actions, procedures and facts, each with its provenance id. A
server killed mid-episode loses no acknowledged step, and applies a step's copy sent after
its restart once."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
import rclpy
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy
from ros_harness import CONFIG, NodeProcess, spin_until

from memory_node.client import MemoryClient
from memory_node.core.errors import Conflict, ErrorCode, NotFound
from memory_node.core.recall.brief_state import BriefState
from memory_node.core.units import ObjectMemoryUnit
from memory_node.msg import MemoryStats, ObjectEvent

pytestmark = pytest.mark.ros
SERVER = "memory_node.nodes.memory_server"
WASH = "put the washed apple in the fridge"
HOUSE = [
    ObjectMemoryUnit("Apple_1", "Apple", (1.0, 0.9, 1.0), area_id="kitchen"),
    ObjectMemoryUnit("Tomato_1", "Tomato", (1.5, 0.9, 1.0), area_id="kitchen"),
    ObjectMemoryUnit("Fridge_1", "Fridge", (3.0, 0.0, 1.0), state="closed",
                     area_id="kitchen"),
    ObjectMemoryUnit("SinkBasin_1", "SinkBasin", (0.0, 0.9, 2.0), area_id="kitchen"),
]
FIRST = [("navigate", ["Apple_1"], True, ErrorCode.NONE),
         ("pick", ["Apple_1"], True, ErrorCode.NONE),
         ("navigate", ["SinkBasin_1"], True, ErrorCode.NONE)]
REST = [("clean", ["Apple_1"], True, ErrorCode.NONE),
        ("navigate", ["Fridge_1"], True, ErrorCode.NONE),
        ("put", ["Apple_1", "Fridge_1", "in"], False, ErrorCode.PRECONDITION_FAILED),
        ("open", ["Fridge_1"], True, ErrorCode.NONE),
        ("put", ["Apple_1", "Fridge_1", "in"], True, ErrorCode.NONE),
        ("close", ["Fridge_1"], True, ErrorCode.NONE)]


def server(tmp_path: Path, capabilities: list[str] | None = None,
           **extra: object) -> NodeProcess:
    params: dict[str, object] = {"memory_dir": str(tmp_path / "mem"),
                                 "recall.prefetch_batch": 0, **extra}
    if capabilities is not None:
        params["capabilities"] = capabilities
    return NodeProcess(SERVER, params_file=CONFIG / "memory.yaml", params=params,
                       log_path=tmp_path / "mem.log")


def steps(memory: MemoryClient, episode: str, calls: list[tuple]) -> None:
    for skill, args, ok, code in calls:
        memory.record_outcome(episode, skill, args, ok, error_code=code, robot_area="kitchen")


def test_episodes_teach_the_server_across_a_crash(ros_context: None, tmp_path: Path) -> None:
    proc = server(tmp_path)
    try:
        with MemoryClient(timeout=20.0) as memory:
            memory.wait_until_ready(timeout=60.0)
            for unit in HOUSE:
                memory.update(unit)
            first = memory.recall(WASH, k=5, episode_id="ep1")
            assert first.procedure == "" and first.known_bad_actions == []  # nothing learned
            steps(memory, "ep1", FIRST[:-1])
            skill, args, _, _ = FIRST[-1]
            memory.record_outcome("ep1", skill, args, True, robot_area="kitchen",
                                  request_id="ep1-3")
        proc.kill()   # mid-episode: three acknowledged steps
        proc = server(tmp_path)
        with MemoryClient(timeout=20.0) as memory:
            memory.wait_until_ready(timeout=60.0)
            # The last step's copy, as a client whose answer was lost re-sends it: the id
            # was kept with the step (round 36; before, it was counted twice).
            memory.record_outcome("ep1", skill, args, True, robot_area="kitchen",
                                  request_id="ep1-3")
            steps(memory, "ep1", REST)
            summary = memory.end_episode("ep1", task_succeeded=True)
            # None lost in the crash, the copy not counted.
            assert (summary.steps, summary.failures) == (9, 1)
            assert summary.instruction == WASH
            with pytest.raises(Conflict):   # the episode is over: refused, nothing changes
                memory.record_outcome("ep1", "pick", ["Tomato_1"], True)
            assert memory.get_units(["Tomato_1"])["Tomato_1"].receptacle_id == ""

            # Another instance of the task: the procedure, with roles bound to it.
            answer = memory.recall("put the washed tomato in the fridge", k=5,
                                   episode_id="ep2")
            assert "clean(Tomato) ; navigate(Fridge) ; open(Fridge) ; put(Tomato, Fridge, in)" \
                in answer.procedure
            assert "[proc:" in answer.procedure and answer.procedure in answer.context
            # Per step, in the state where it failed: the known-bad action.
            memory.update(ObjectMemoryUnit("Fridge_1", "Fridge", (3.0, 0.0, 1.0),
                                           state="closed", area_id="kitchen"))
            memory.update(ObjectMemoryUnit("Apple_1", "Apple", (1.0, 0.9, 1.0),
                                           state="cleaned", area_id="kitchen"))
            step = memory.recall(WASH, k=5, episode_id="ep3", brief_state=BriefState(
                "put the apple in the fridge", held_object="Apple_1", robot_area="kitchen"))
            assert len(step.known_bad_actions) == 1
            assert step.known_bad_actions[0].startswith("do not put(Apple_1, Fridge_1, in)")
            assert "[bad:" in step.known_bad_actions[0]
            assert step.known_bad_actions[0] in step.context
            assert any("Apple_1 (Apple) is in Fridge_1" in f and "[fact:" in f
                       for f in memory.recall("where is the apple", k=5).facts)
            with pytest.raises(NotFound):
                memory.end_episode("ep1")

            # A state change on memory/events (here from update_object) becomes a fact
            # with the event as provenance; the capability hears it asynchronously.
            memory.update(ObjectMemoryUnit("Tomato_1", "Tomato", (1.5, 0.9, 1.0),
                                           state="sliced", area_id="kitchen"))
            deadline = time.monotonic() + 30.0
            facts: list[str] = []
            while time.monotonic() < deadline and not any("sliced" in f for f in facts):
                facts = memory.recall("bring me the tomato", k=5).facts
            assert any(f.startswith("Tomato_1 (Tomato) is in state sliced") and "[fact:" in f
                       for f in facts), facts
    finally:
        proc.stop()


def test_without_the_capability_recall_has_no_experience(ros_context: None,
                                                         tmp_path: Path) -> None:
    proc = server(tmp_path, capabilities=["scene_graph", "recall"])
    try:
        with MemoryClient(timeout=20.0) as memory:
            memory.wait_until_ready(timeout=60.0)
            for unit in HOUSE:
                memory.update(unit)
            memory.recall(WASH, k=5, episode_id="ep1")
            steps(memory, "ep1", FIRST + REST)
            memory.end_episode("ep1", task_succeeded=True)
            answer = memory.recall("put the washed tomato in the fridge", k=5,
                                   episode_id="ep2")
            assert (answer.procedure, answer.known_bad_actions, answer.facts) == ("", [], [])
    finally:
        proc.stop()


def test_a_state_change_memory_does_not_hold_teaches_nothing(ros_context: None,
                                                              tmp_path: Path) -> None:
    """Anyone can publish on memory/events. A STATE_CHANGED the server did not write (the
    object unknown, its label wrong, or a state memory does not hold) is counted and
    dropped: no fact is learnt from a forged event. One that states what memory holds is
    learnt, but its stamp cannot put it after what memory learns later."""
    proc = server(tmp_path, stats_period_s=0.1)
    node = rclpy.create_node("forger")
    try:
        stats: list[MemoryStats] = []
        node.create_subscription(MemoryStats, "/memory/stats", stats.append, QoSProfile(
            depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
            reliability=ReliabilityPolicy.RELIABLE))
        forger = node.create_publisher(ObjectEvent, "/memory/events", QoSProfile(
            depth=10, reliability=ReliabilityPolicy.RELIABLE))
        with MemoryClient(timeout=20.0) as memory:
            memory.wait_until_ready(timeout=60.0)
            for unit in HOUSE:
                memory.update(unit)
            spin_until(node, lambda: forger.get_subscription_count() > 0, timeout=60.0,
                       what="the server's memory/events subscription")
            forged = [("Apple_1", "Apple", "cooked"),     # memory holds it in state none
                      ("Ghost_1", "Apple", "sliced"),     # memory knows no such object
                      ("Fridge_1", "Apple", "closed"),    # the label is not the object's
                      # over the limits or unprintable: refused the same way, never a crash
                      ("Apple_1" + "x" * 5000, "Apple", "cooked"),
                      ("Apple_1", "Apple\x1b[2J" + "y" * 5000, "cooked")]
            for object_id, label, state in forged:
                forger.publish(ObjectEvent(kind=ObjectEvent.STATE_CHANGED, object_id=object_id,
                                           label=label, new_state=state))

            def rejected() -> int:
                counters = {kv.key: kv.value for kv in stats[-1].counters} if stats else {}
                return int(counters.get("rejected.experience.event_unconfirmed", 0))

            spin_until(node, lambda: rejected() >= len(forged), timeout=30.0,
                       what="the forged events counted as rejected")
            facts = memory.recall("cook the apple and slice the ghost", k=5).facts
            assert not any("cooked" in f or "Ghost_1" in f or "Fridge_1" in f
                           for f in facts), facts

            def learnt(instruction: str, fact: str) -> None:
                # The capability hears events asynchronously.
                deadline = time.monotonic() + 30.0
                facts = memory.recall(instruction, k=5).facts
                while time.monotonic() < deadline and not any(f.startswith(fact)
                                                               for f in facts):
                    facts = memory.recall(instruction, k=5).facts
                assert any(f.startswith(fact) for f in facts), (fact, facts)

            # The server's own event still teaches.
            memory.update(ObjectMemoryUnit("Tomato_1", "Tomato", (1.5, 0.9, 1.0),
                                           state="sliced", area_id="kitchen"))
            learnt("bring me the tomato", "Tomato_1 (Tomato) is in state sliced")
            assert rejected() == len(forged) and proc.alive()
            # A state memory holds, stamped in 2038 (a publisher stamps what it likes): learnt,
            # but ordered at memory's now, so what memory learns later supersedes it.
            future = ObjectEvent(kind=ObjectEvent.STATE_CHANGED, object_id="Fridge_1",
                                 label="Fridge", new_state="closed")
            future.header.stamp.sec = 2**31 - 1
            forger.publish(future)
            learnt("open the fridge", "Fridge_1 (Fridge) is in state closed")
            memory.update(ObjectMemoryUnit("Fridge_1", "Fridge", (3.0, 0.0, 1.0),
                                           state="opened", area_id="kitchen"))
            learnt("open the fridge", "Fridge_1 (Fridge) is in state opened")
    finally:
        node.destroy_node()
        proc.stop()
