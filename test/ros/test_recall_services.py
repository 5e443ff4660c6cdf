"""/memory/recall, /memory/record_outcome and free-text /memory/query_object over DDS.

One real memory server process for the module (the embedding model loads once per
process), filled with a small household through /memory/update_object before any test.
Each test sets up what it reads itself (pytest-xdist may split the module over workers,
each with its own server), and what one test changes does not break another's checks.
The restart test restarts the server on the same memory directory.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import rclpy
from diagnostic_msgs.msg import KeyValue
from geometry_msgs.msg import Point
from rclpy.node import Node
from ros_harness import (
    CONFIG,
    READ_RESEND_S,
    NodeProcess,
    call,
    publish_until_heard,
    spin_until,
    wait_for_service,
    warm_up,
)

from memory_node.msg import BriefState, ErrorCode, MemoryUnit, ObjectEvent
from memory_node.srv import GetUnits, QueryObject, Recall, RecordOutcome, UpdateObject

pytestmark = pytest.mark.ros
SERVER = "memory_node.nodes.memory_server"
INSTRUCTION = "put the red apple in the fridge"
FRIDGE = (3.0, 0.0, 1.0)

HOUSEHOLD = [
    # object_id, label, position, state, area, attributes
    ("Apple_1", "Apple", (1.0, 0.9, 1.0), "", "kitchen", {"colour": "red"}),
    ("Apple_2", "Apple", (2.0, 0.9, 1.0), "", "kitchen", {"colour": "green"}),
    ("Fridge_1", "Fridge", FRIDGE, "closed", "kitchen", {}),
    ("Mug_1", "Mug", (0.0, 0.9, 1.0), "dirty", "kitchen", {"material": "ceramic"}),
    ("Knife_1", "Knife", (0.5, 0.9, 1.0), "", "kitchen", {}),
    ("Bread_1", "Bread", (0.7, 0.9, 1.0), "sliced", "kitchen", {}),
    ("Television_1", "Television", (6.0, 1.0, 5.0), "off", "living room", {}),
    ("Sofa_1", "Sofa", (5.0, 0.0, 5.0), "", "living room", {}),
    ("Book_1", "Book", (6.0, 0.5, 5.0), "", "living room", {"colour": "blue"}),
    ("Pillow_1", "Pillow", (5.0, 0.5, 5.0), "", "living room", {}),
    ("Pen_1", "Pen", (7.0, 0.8, 5.0), "", "study", {}),
    ("Pencil_1", "Pencil", (7.2, 0.8, 5.0), "", "study", {}),
]


def unit_msg(object_id: str, label: str, position: tuple[float, float, float], state: str = "",
             area: str = "", attributes: dict[str, str] | None = None) -> MemoryUnit:
    return MemoryUnit(
        object_id=object_id, label=label, position=Point(x=position[0], y=position[1],
                                                          z=position[2]),
        state=state, area_id=area,
        attributes=[KeyValue(key=k, value=v) for k, v in (attributes or {}).items()])


@dataclass
class Server:
    memory_dir: Path
    log_dir: Path
    process: NodeProcess | None = None
    starts: int = 0
    params: dict = field(default_factory=dict)

    def start(self) -> None:
        self.starts += 1
        self.process = NodeProcess(
            SERVER, params_file=CONFIG / "memory.yaml",
            params={"memory_dir": str(self.memory_dir), "short_term.capacity": 100,
                    "durability": "normal", **self.params},
            log_path=self.log_dir / f"server{self.starts}.log")

    def stop(self) -> None:
        if self.process is not None:
            self.process.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, ros_context: None) -> Iterator[Server]:
    base = tmp_path_factory.mktemp("recall_services")
    s = Server(base / "mem", base)
    s.start()
    node = rclpy.create_node("recall_services_household")
    try:
        c = Clients(node, s)
        for object_id, label, pos, state, area, attributes in HOUSEHOLD:
            response = c.upsert(unit_msg(object_id, label, pos, state, area, attributes))
            assert response.success, response.message
    finally:
        node.destroy_node()
    yield s
    s.stop()


class Clients:
    def __init__(self, node: Node, server: Server) -> None:
        self.node = node
        self.update = node.create_client(UpdateObject, "/memory/update_object")
        self.query = node.create_client(QueryObject, "/memory/query_object")
        self.recall_client = node.create_client(Recall, "/memory/recall")
        self.outcome_client = node.create_client(RecordOutcome, "/memory/record_outcome")
        # Created last, for warm_up: a read that changes nothing the tests check.
        units = node.create_client(GetUnits, "/memory/get_units")
        for client in (self.update, self.query, self.recall_client, self.outcome_client,
                       units):
            wait_for_service(node, client, server.process)
        warm_up(node, units, GetUnits.Request())

    def upsert(self, u: MemoryUnit) -> UpdateObject.Response:
        return call(self.node, self.update, UpdateObject.Request(operation=0, unit=u))

    def find(self, query: str, free_text: bool = False, **kw: object) -> QueryObject.Response:
        return call(self.node, self.query,
                    QueryObject.Request(query=query, free_text=free_text, max_results=10, **kw))

    def recall(self, instruction: str = INSTRUCTION, k: int = 3, budget: int = 300,
               episode: str = "", brief: BriefState | None = None,
               resend_after: float | None = None) -> Recall.Response:
        request = Recall.Request(instruction=instruction, k=k, token_budget=budget,
                                 episode_id=episode)
        if brief is not None:
            request.use_brief_state = True
            request.brief_state = brief
        return call(self.node, self.recall_client, request, resend_after=resend_after)

    def outcome(self, skill: str, args: list[str], succeeded: bool = True, message: str = "",
                episode: str = "ep", position: tuple[float, float, float] | None = None,
                area: str = "", error_code: int = 0) -> RecordOutcome.Response:
        request = RecordOutcome.Request(episode_id=episode, skill=skill, arguments=args,
                                        succeeded=succeeded, message=message, robot_area=area,
                                        error_code=error_code)
        if position is not None:
            request.robot_position = Point(x=position[0], y=position[1], z=position[2])
        return call(self.node, self.outcome_client, request)

    def units_by_id(self) -> dict[str, MemoryUnit]:
        """Every stored unit, read back through recall (the only service returning units)."""
        seen: dict[str, MemoryUnit] = {}
        for object_id, label, *_ in HOUSEHOLD:
            response = self.recall(f"{label} {object_id}", k=50, budget=32768)
            assert response.success, response.message
            seen.update({u.object_id: u for u in response.units})
        return seen


def point(p: Point) -> tuple[float, float, float]:
    return (round(p.x, 6), round(p.y, 6), round(p.z, 6))


def position(u: MemoryUnit | QueryObject.Response) -> tuple[float, float, float]:
    return point(u.position)  # type: ignore[union-attr]


def event_listener(node: Node, c: Clients) -> list[ObjectEvent]:
    """Subscribe to /memory/events and return the list it fills once the server's
    publisher is known to deliver to it (a probe unit is moved until its event arrives)."""
    events: list[ObjectEvent] = []
    node.create_subscription(ObjectEvent, "/memory/events", events.append, 100)
    spin_until(node, lambda: len(node.get_publishers_info_by_topic("/memory/events")) > 0,
               what="the events publisher")
    moves = [0.0]

    def move() -> None:   # each move is a MOVED event
        moves[0] += 1.0
        assert c.upsert(unit_msg("Probe_1", "Probe", (moves[0], 0.0, 0.0))).success

    publish_until_heard(node, move, lambda: any(e.object_id == "Probe_1" for e in events),
                        what="the probe's event")
    assert call(node, c.update, UpdateObject.Request(operation=1, unit=unit_msg(
        "Probe_1", "Probe", (0.0, 0.0, 0.0)))).success
    return events


def test_household_is_stored(client_node: Node, server: Server) -> None:
    c = Clients(client_node, server)
    units = c.units_by_id()
    assert set(units) == {h[0] for h in HOUSEHOLD}
    assert units["Book_1"].label == "Book" and units["Television_1"].state == "off"


def test_direct_vague_and_irrelevant_instructions(client_node: Node, server: Server) -> None:
    c = Clients(client_node, server)
    direct = c.recall(INSTRUCTION, k=3, budget=200)
    assert direct.success, direct.message
    ids = [u.object_id for u in direct.units]
    assert ids[0] == "Apple_1" and "Fridge_1" in ids
    assert direct.units[0].description.startswith("Apple_1:") and direct.units[0].score > 0
    assert direct.units[0].state == "none" and not direct.nothing_relevant
    assert 0 < direct.context_tokens <= 200 and "Apple_1:" in direct.context
    assert direct.long_term_text == ""  # no long-term memory wired into recall yet

    vague = c.recall("I am hungry, bring me some fruit", k=3)
    assert vague.success and {u.label for u in vague.units} == {"Apple"}

    irrelevant = c.recall("what's the weather like tomorrow", k=3)
    assert irrelevant.success and irrelevant.nothing_relevant and irrelevant.units == []
    assert "nothing relevant" in irrelevant.context

    free = c.find("the dirty cup", free_text=True)
    assert free.success, free.message
    assert [cand.object_id for cand in free.candidates][:1] == ["Mug_1"]
    assert c.find("tell me a joke about penguins", free_text=True).candidates == []


def test_state_conditioned_steps(client_node: Node, server: Server) -> None:
    c = Clients(client_node, server)
    dump = c.recall(INSTRUCTION, k=5, budget=400)
    steps = [
        (BriefState(current_subgoal="navigate to the kitchen"), None),
        (BriefState(current_subgoal="open the fridge", robot_area="kitchen",
                    last_skill="navigate", last_skill_arguments=["kitchen"],
                    last_skill_succeeded=True), ["Fridge_1"]),
        (BriefState(current_subgoal="pick up the red apple", robot_area="kitchen",
                    last_skill="open", last_skill_arguments=["Fridge_1"],
                    last_skill_succeeded=True), ["Apple_1"]),
        (BriefState(current_subgoal="navigate to the hallway", robot_area="kitchen"), []),
    ]
    delivered = 0
    for brief, expected in steps:
        step = c.recall(INSTRUCTION, k=3, budget=400, episode="ep-steps", brief=brief)
        assert step.success, step.message
        ids = [u.object_id for u in step.units]
        if expected is not None:
            assert ids[:len(expected)] == expected, (brief.current_subgoal, ids)
        assert len(ids) < len(dump.units) and step.context_tokens < dump.context_tokens
        delivered += step.context_tokens
    # The last step needs nothing: nothing is said, at no token cost.
    assert step.nothing_relevant and step.context == "" and step.context_tokens == 0
    assert delivered < len(steps) * dump.context_tokens


def test_put_moves_the_apple_and_publishes_moved(client_node: Node, server: Server) -> None:
    c = Clients(client_node, server)
    events = event_listener(client_node, c)
    picked = c.outcome("pick", ["Apple_1"], position=(1.0, 0.5, 1.0), area="kitchen",
                       episode="ep-put")
    assert picked.success, picked.message
    assert picked.changed_units[0].receptacle_id == "robot"
    put = c.outcome("put", ["Apple_1", "Fridge_1"], episode="ep-put")
    assert put.success, put.message
    # The fridge memory had closed was open: the skill table requires a put's receptacle open.
    assert [u.object_id for u in put.changed_units] == ["Apple_1", "Fridge_1"]
    assert put.changed_units[1].state == "opened"
    assert put.changed_units[0].receptacle_id == "Fridge_1"
    assert put.changed_units[0].source == "outcome"
    # Putting into a closed fridge is flagged (the fridge was never opened in this episode).
    assert any("closed" in w for w in put.warnings)
    spin_until(client_node, lambda: any(
        e.kind == ObjectEvent.MOVED and e.object_id == "Apple_1"
        and point(e.new_position) == FRIDGE
        for e in events), what="MOVED event of Apple_1 into the fridge")
    found = c.find("Apple")
    apple = next(cand for cand in found.candidates if cand.object_id == "Apple_1")
    assert position(apple) == FRIDGE


def test_failed_pick_not_found_marks_absent(client_node: Node, server: Server) -> None:
    c = Clients(client_node, server)
    events = event_listener(client_node, c)
    failed = c.outcome("pick", ["Mug_1"], succeeded=False, message="gripper closed on air",
                       episode="ep-mug", error_code=ErrorCode.NOT_FOUND)
    assert failed.success, failed.message
    assert failed.changed_units[0].state == "absent"
    spin_until(client_node, lambda: any(
        e.kind == ObjectEvent.STATE_CHANGED and e.object_id == "Mug_1"
        and e.new_state == "absent" for e in events), what="STATE_CHANGED of Mug_1")
    assert c.units_by_id()["Mug_1"].state == "absent"
    # Other failures change nothing.
    slipped = c.outcome("pick", ["Book_1"], succeeded=False, message="not found",
                        episode="ep-mug", error_code=ErrorCode.PRECONDITION_FAILED)
    assert slipped.success and list(slipped.changed_units) == []


def test_working_memory_warnings(client_node: Node, server: Server) -> None:
    c = Clients(client_node, server)
    assert c.outcome("pick", ["Pen_1"], episode="ep-wm").success
    second = c.outcome("pick", ["Pencil_1"], episode="ep-wm")
    assert second.success
    assert any("already holding Pen_1" in w for w in second.warnings), second.warnings
    # Next step: the brief state says the gripper is empty, memory disagrees; and the
    # repeated failing call is warned about before the planner repeats it again.
    assert c.outcome("open", ["Fridge_1"], succeeded=False, episode="ep-wm").success
    step = c.recall("write a note", episode="ep-wm", brief=BriefState(
        current_subgoal="open the fridge", last_skill="open",
        last_skill_arguments=["Fridge_1"], last_skill_succeeded=False))
    assert step.success, step.message
    assert any("holding" in w for w in step.warnings)
    assert any("just failed" in w for w in step.warnings)
    assert "Warnings:" in step.context and step.context_tokens <= 300
    assert [(s.skill, s.succeeded) for s in step.working_memory] == [
        ("pick", True), ("pick", True), ("open", False)]
    assert step.working_memory[-1].held_object == "Pencil_1"


def test_bad_inputs_are_rejected_and_change_nothing(client_node: Node, server: Server) -> None:
    c = Clients(client_node, server)
    before = {oid: (position(u), u.state, u.receptacle_id) for oid, u in c.units_by_id().items()}
    wm_before = list(c.recall("pen", episode="ep-wm").working_memory)

    recall_cases = [
        ({"instruction": ""}, "instruction is empty"),
        ({"instruction": "   "}, "instruction is empty"),
        ({"instruction": "bring the apple " * 400}, "characters long"),
        ({"k": 0}, "k must be at least 1"),
        ({"k": 4_000_000_000}, "exceeds the maximum 50"),
        ({"budget": 0}, "token_budget must be at least 1"),
        ({"budget": 10**9}, "exceeds the maximum"),
        ({"brief": BriefState(current_subgoal="open the fridge")}, "episode_id is empty"),
        ({"episode": "ep-bad", "brief": BriefState(current_subgoal="")}, "subgoal is empty"),
        ({"episode": "ep-bad", "brief": BriefState(current_subgoal="x" * 5000)}, "characters"),
        ({"episode": "ep-bad", "brief": BriefState(current_subgoal="open",
                                                   held_object="A" * 10_000)}, "characters"),
        ({"episode": "ep-bad", "brief": BriefState(current_subgoal="open",
                                                   recently_visited_areas=["k"] * 500)},
         "recent areas"),
        ({"episode": "ep-bad", "brief": BriefState(current_subgoal="open",
                                                   last_skill="teleport")},
         "not a known skill"),
        ({"episode": "ep-bad", "brief": BriefState(current_subgoal="open", last_skill="pick",
                                                   last_skill_message="m" * 100_000)},
         "last_skill_message"),
    ]
    for kwargs, expected in recall_cases:
        response = c.recall(**kwargs)
        assert not response.success, kwargs
        assert expected in response.message, (expected, response.message)
        assert response.units == [] and response.context == ""

    outcome_cases = [
        (("teleport", ["Apple_1"]), {}, "unknown skill"),
        (("pick", ["Ghost_9"]), {}, "unknown object id 'Ghost_9'"),
        (("put", ["Apple_2"]), {}, "takes 2..3 arguments"),
        (("put", ["Apple_2", "Nowhere_1"]), {}, "unknown object id 'Nowhere_1'"),
        (("pick", ["Apple_2"]), {"message": "m" * 100_000}, "message is 100000 characters long"),
        (("navigate", ["kitchen"]), {"position": (math.nan, 0.0, 0.0)}, "not finite"),
        (("pick", ["Apple_2"]), {"episode": "e" * 1000}, "episode_id is 1000 characters"),
    ]
    for (skill, args), kwargs, expected in outcome_cases:
        response = c.outcome(skill, args, episode=kwargs.pop("episode", "ep-wm"), **kwargs)
        assert not response.success, (skill, args)
        assert expected in response.message, (expected, response.message)

    for query, expected in (("", "query is empty"), ("x" * 5000, "characters long")):
        response = c.find(query, free_text=True)
        assert not response.success and expected in response.message, response.message

    assert server.process is not None and server.process.alive()
    after = {oid: (position(u), u.state, u.receptacle_id) for oid, u in c.units_by_id().items()}
    assert after == before
    assert list(c.recall("pen", episode="ep-wm").working_memory) == wm_before


def test_restarted_server_still_has_the_outcome(client_node: Node, server: Server) -> None:
    c = Clients(client_node, server)
    # Its own put (the apple may already be there, moved by the put test on this server).
    assert c.outcome("pick", ["Apple_1"], episode="ep-restart").success
    assert c.outcome("put", ["Apple_1", "Fridge_1"], episode="ep-restart").success
    server.stop()
    server.start()
    c = Clients(client_node, server)
    # The old server is still in the client's graph: resend until the new one answers.
    response = c.recall("the red apple", k=3, resend_after=READ_RESEND_S)
    assert response.success, response.message
    apple = next(u for u in response.units if u.object_id == "Apple_1")
    assert apple.receptacle_id == "Fridge_1" and position(apple) == FRIDGE
    assert "in the fridge" in apple.description


def test_stats_say_where_recall_time_goes(client_node: Node, server: Server) -> None:
    """/memory/stats carries each recall kind's stage times (where a request's time went:
    the model, the ranking, the context, the experience lines, the message conversion)."""
    from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy

    from memory_node.msg import MemoryStats

    c = Clients(client_node, server)
    assert c.recall("bring me the sliced bread for the toast", k=3).success
    brief = BriefState(current_subgoal="pick up the bread for the toast")
    assert c.recall("make toast", k=3, episode="ep-stats", brief=brief).success
    stats: list[MemoryStats] = []
    latched = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                         reliability=ReliabilityPolicy.RELIABLE)
    client_node.create_subscription(MemoryStats, "/memory/stats", stats.append, latched)

    def times() -> dict[str, int]:
        return {kv.key: int(kv.value) for kv in stats[-1].counters
                if kv.key.startswith("recall.")} if stats else {}

    spin_until(client_node, lambda: "recall.wall_us.step_pool.to_msg.median" in times(),
               what="recall stage times in /memory/stats")
    t = times()
    for kind in ("instruction", "step_pool"):
        for stage in ("lock", "snapshot", "sources", "model", "rank", "context", "to_msg"):
            assert t[f"recall.wall_us.{kind}.{stage}.p99"] >= \
                t[f"recall.wall_us.{kind}.{stage}.median"] >= 0
        assert t[f"recall.wall_us.{kind}.model.median"] > 0      # new texts: the model ran
        # Each of these is a piece of the request's own wall time, one sample per request
        # beside the total's, so the total's order statistics bound theirs (a total that
        # missed a piece fails here). Not the model: its seconds are summed over the calls,
        # and the query's call on the model worker runs beside the units' call on the
        # request's thread (new or changed unit texts, e.g. after a restart), so it may
        # exceed the wall; only its part not hidden (model - model_hidden) is the
        # request's, which the medians of the two cannot bound.
        total = t[f"recall.wall_us.{kind}.total.median"]
        for stage in ("check", "lock", "snapshot", "sources", "rank", "context", "prefetch"):
            assert total >= t[f"recall.wall_us.{kind}.{stage}.median"], stage
        assert t[f"recall.cpu_us.{kind}.total.median"] > 0
