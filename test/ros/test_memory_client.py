"""MemoryClient against a real memory server process over DDS: every call, typed failures,
conditional writes, episodes, and two robots' memories in two namespaces on one domain.
The tests share one server (module scope), each starting from a CLEAR."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from ros_harness import CONFIG, NodeProcess, node_process

from memory_node.client import MemoryClient
from memory_node.core.errors import Conflict, ErrorCode, InvalidArgument, NotFound, Unavailable
from memory_node.core.recall.brief_state import BriefState
from memory_node.core.units import (
    RECALLED_AS,
    RECALLED_FILLED,
    RECALLED_NAMED,
    ObjectMemoryUnit,
)

pytestmark = pytest.mark.ros
SERVER = "memory_node.nodes.memory_server"


def server(tmp_path: Path, name: str = "mem", namespace: str = "",
           **params: object) -> NodeProcess:
    return NodeProcess(SERVER, params_file=CONFIG / "memory.yaml",
                       params={"memory_dir": str(tmp_path / name), "recall.prefetch_batch": 0,
                               **params},
                       log_path=tmp_path / f"{name}.log", namespace=namespace)


@pytest.fixture(scope="module")
def shared_memory(ros_context: None, tmp_path_factory: pytest.TempPathFactory
                  ) -> Iterator[MemoryClient]:
    proc = server(tmp_path_factory.mktemp("memory_client"))
    try:
        with MemoryClient(timeout=20.0) as client:
            client.wait_until_ready(timeout=60.0)
            yield client
    finally:
        proc.stop()


@pytest.fixture()
def memory(shared_memory: MemoryClient) -> MemoryClient:
    # One server for the module's tests (round 36: a start is seconds of CI's 15 minutes);
    # each test starts from an empty memory, as a CLEAR leaves it.
    shared_memory.manage("clear")
    return shared_memory


def apple(x: float = 1.0, state: str = "none") -> ObjectMemoryUnit:
    return ObjectMemoryUnit("Apple_1", "Apple", (x, 0.0, 0.9), state=state)


def test_every_call_round_trips_typed(memory: MemoryClient) -> None:
    first = memory.update(apple())
    assert first.admitted and first.revision > 0
    memory.update(ObjectMemoryUnit("Fridge_1", "Fridge", (3.0, 0.0, 0.0), state="closed"))

    units = memory.get_units(["Apple_1", "Nope_9", "Fridge_1"])
    assert units["Nope_9"] is None  # answered per id, not all-or-nothing
    assert units["Apple_1"].position == (1.0, 0.0, 0.9)
    assert units["Apple_1"].revision == first.revision

    (candidate,) = memory.query("apple")
    assert candidate.object_id == "Apple_1" and candidate.source == "short_term"

    answer = memory.recall("put the apple in the fridge", k=3, episode_id="ep1")
    assert {r.unit.object_id for r in answer.units} >= {"Apple_1", "Fridge_1"}
    assert not answer.nothing_relevant and answer.context

    picked = memory.record_outcome("ep1", "pick", ["Apple_1"], True, robot_area="kitchen")
    assert picked.changed_units[0].receptacle_id  # held by the robot now
    step = memory.recall("put the apple in the fridge", k=3, episode_id="ep1",
                         brief_state=BriefState("open the fridge", held_object="Apple_1",
                                                last_skill="pick", last_args=("Apple_1",),
                                                last_result="success"))
    assert step.mode == "step" and [s.skill for s in step.working_memory] == ["pick"]
    # The last skill's message reaches the server (it validates it: too long is refused).
    with pytest.raises(InvalidArgument, match="last_skill_message"):
        memory.recall("put the apple in the fridge", k=3, episode_id="ep1",
                      brief_state=BriefState("open the fridge", last_skill="pick",
                                             last_args=("Apple_1",), last_result="success",
                                             last_message="m" * 3000))
    # Per subtask, each step of the instruction gets its own k.
    two_steps = "Close the fridge. Then eat the apple."
    assert len(memory.recall(two_steps, k=1).units) == 1
    assert {r.unit.object_id for r in memory.recall(two_steps, k=1, per_subtask=True).units
            } == {"Apple_1", "Fridge_1"}
    # Each unit says why recall returned it (the attribute recalled_as): the apple is
    # named, the fridge only fills the step's free slot (a guess), over DDS as in process.
    why = {r.unit.object_id: r.recalled_as
           for r in memory.recall("Eat the apple.", k=2, per_subtask=True).units}
    assert why == {"Apple_1": RECALLED_NAMED, "Fridge_1": RECALLED_FILLED}
    assert RECALLED_AS not in memory.get_units(["Fridge_1"])["Fridge_1"].attributes
    # A failure changes what its code says; a precondition failure changes nothing.
    memory.record_outcome("ep1", "open", ["Fridge_1"], False, "stuck",
                          error_code=ErrorCode.PRECONDITION_FAILED)
    # Why it ended (round 44): a reason outside the vocabulary is refused, the episode
    # stays open; a known one is taken.
    with pytest.raises(InvalidArgument, match="reason"):
        memory.end_episode("ep1", task_succeeded=False, reason="bored")
    summary = memory.end_episode("ep1", task_succeeded=False, reason="failed")
    assert summary.reason == "failed"
    assert (summary.steps, summary.successes, summary.failures) == (2, 1, 1)
    assert summary.instruction == "put the apple in the fridge"
    with pytest.raises(NotFound):
        memory.end_episode("ep1")  # already ended: nothing changes
    with pytest.raises(NotFound):
        memory.end_episode("never_opened")

    graph = memory.get_scene_graph("graph")
    assert graph.revision >= 1
    saved = memory.manage("save", "before")
    assert saved.endswith("before.sqlite")
    memory.remove("Apple_1")
    assert memory.get_units(["Apple_1"])["Apple_1"] is None
    memory.manage("load", "before")
    assert memory.get_units(["Apple_1"])["Apple_1"] is not None


def test_refusals_raise_the_servers_code_and_change_nothing(memory: MemoryClient) -> None:
    stored = memory.update(apple())
    with pytest.raises(InvalidArgument):
        memory.update(ObjectMemoryUnit("Apple_1", "Apple", (float("nan"), 0.0, 0.0)))
    with pytest.raises(InvalidArgument):
        memory.record_outcome("ep", "fly", ["Apple_1"], True)
    with pytest.raises(NotFound):
        memory.remove("Ghost_1")
    with pytest.raises(InvalidArgument):
        memory.manage("format_disk")
    assert memory.get_units(["Apple_1"])["Apple_1"].revision == stored.revision


def test_conditional_write_refuses_a_stale_revision(memory: MemoryClient) -> None:
    read = memory.update(apple(state="dirty"))
    # Someone else (an outcome) writes after we read.
    newer = memory.update(apple(state="cleaned"))
    assert newer.revision > read.revision
    with pytest.raises(Conflict) as refused:
        memory.update(apple(state="dirty"), expected_revision=read.revision)
    assert refused.value.code is ErrorCode.CONFLICT
    unit = memory.get_units(["Apple_1"])["Apple_1"]
    assert unit.state == "cleaned" and unit.revision == newer.revision  # nothing written
    ok = memory.update(apple(state="sliced"), expected_revision=newer.revision)
    assert ok.revision > newer.revision
    with pytest.raises(Conflict):  # 0 = "must not exist yet"
        memory.update(apple(), expected_revision=0)


def test_a_write_sent_again_with_its_request_id_is_applied_once(memory: MemoryClient) -> None:
    # Each second call below is the copy a client re-sends when the first copy was applied
    # but its answer lost: it gets the first answer and changes nothing.
    memory.update(ObjectMemoryUnit("Fridge_1", "Fridge", (3.0, 0.0, 0.0), state="opened"))
    memory.record_outcome("ep", "navigate", ["Fridge_1"], True, robot_area="kitchen",
                          request_id="nav-1")
    memory.record_outcome("ep", "navigate", ["Fridge_1"], True, robot_area="kitchen",
                          request_id="nav-1")
    closed = memory.record_outcome("ep", "close", ["Fridge_1"], True, request_id="close-1")
    assert closed.changed_units[0].state == "closed"
    # An upsert whose copy comes after another write does not put its state back (CI of
    # round 33: a re-sent upsert did).
    dirty = apple(state="dirty")   # one unit: its times are part of the request
    first = memory.update(dirty, request_id="up-1")
    later = memory.update(apple(state="cleaned"), request_id="up-2")
    again = memory.update(dirty, request_id="up-1")
    assert again == first
    unit = memory.get_units(["Apple_1"])["Apple_1"]
    assert unit.state == "cleaned" and unit.revision == later.revision
    # The same id on another request is refused, nothing written; a refused request stays
    # refused when sent again.
    with pytest.raises(InvalidArgument, match="request_id"):
        memory.update(apple(state="sliced"), request_id="up-2")
    for _ in range(2):
        with pytest.raises(InvalidArgument):
            memory.record_outcome("ep", "fly", ["Apple_1"], True, request_id="fly-1")
    with pytest.raises(InvalidArgument, match="request_id"):
        memory.update(apple(), request_id="x" * 1000)
    assert memory.get_units(["Apple_1"])["Apple_1"].revision == later.revision
    # A clear sent again after a write does not wipe the write.
    memory.manage("clear", request_id="clear-1")
    memory.update(apple(state="sliced"))
    memory.manage("clear", request_id="clear-1")
    assert memory.get_units(["Apple_1"])["Apple_1"].state == "sliced"
    # One navigate and one close: the copies were not counted. An end sent again gets the
    # same summary (without the id it would be NotFound: already ended).
    summary = memory.end_episode("ep", True, request_id="end-1")
    assert (summary.steps, summary.successes, summary.failures) == (2, 2, 0)
    assert memory.end_episode("ep", True, request_id="end-1") == summary
    with pytest.raises(NotFound):
        memory.end_episode("ep", True)


def test_no_server_is_unavailable(ros_context: None) -> None:
    with MemoryClient(namespace="/nobody_here", timeout=0.5) as client:
        with pytest.raises(Unavailable):
            client.wait_until_ready(timeout=1.0)
        with pytest.raises(Unavailable):
            client.get_units(["x"])


def test_two_robots_keep_their_memories_apart(memory: MemoryClient, tmp_path: Path) -> None:
    # Robot 1 is the module's server (the root namespace; round 36: one start fewer, and
    # no third server beside two starting ones), robot 2 one in /robot2.
    two = server(tmp_path, "robot2", namespace="/robot2")
    try:
        with MemoryClient(namespace="/robot2", timeout=20.0) as r2:
            r1 = memory
            r2.wait_until_ready(timeout=60.0)
            r1.update(apple(1.0))
            r2.update(ObjectMemoryUnit("Mug_1", "Mug", (2.0, 0.0, 0.9)))
            assert r1.get_units(["Apple_1", "Mug_1"]) == {
                "Apple_1": r1.get_units(["Apple_1"])["Apple_1"], "Mug_1": None}
            assert r2.get_units(["Apple_1"])["Apple_1"] is None
            assert [c.object_id for c in r2.query("mug")] == ["Mug_1"]
            assert r1.query("mug") == []
    finally:
        two.stop()


def test_a_name_that_escapes_the_namespace_stops_start_up(tmp_path: Path) -> None:
    with node_process(SERVER, params_file=CONFIG / "memory.yaml",
                      params={"memory_dir": str(tmp_path / "m"),
                              "scene_graph.observations_topic": "/memory/observations"},
                      log_path=tmp_path / "s.log", namespace="/robot1") as proc:
        assert proc.proc.wait(timeout=60) == 2
        assert "outside the server's namespace" in proc.output()
