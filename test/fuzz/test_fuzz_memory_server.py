"""Property-based fuzzing of every memory service and the observation topic, against one
real memory server process over DDS (issue 9).

For every generated request or frame:
- the node is alive, and answers (a typed code: success <=> NONE, never INTERNAL);
- a rejected request changed nothing stored (SQLite read beside the server);
- an accepted upsert round-trips: what SQLite holds and what query_object answers are the
  request's values (normalised as documented);
- read-only services change nothing stored; the scene graph the server answers equals the
  one in its file.
At the end the server is restarted on its directory: what it answers afterwards equals
what it answered before and what the file holds.

Bounded: MEMORY_NODE_FUZZ_EXAMPLES examples per property (default 40, a few minutes for
the whole suite); raise it for a long run, e.g. MEMORY_NODE_FUZZ_EXAMPLES=2000. Seeds are
fixed (derandomised) unless MEMORY_NODE_FUZZ_SEED is set.
"""

from __future__ import annotations

import io
import json
import math
import os
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import rclpy
from builtin_interfaces.msg import Time
from diagnostic_msgs.msg import KeyValue
from geometry_msgs.msg import Point, Quaternion
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st
from PIL import Image
from rclpy.node import Node
from reliability_rig import Rig, disk_graph, disk_units, start_server
from sensor_msgs.msg import CompressedImage

from memory_node.core.errors import ErrorCode
from memory_node.core.limits import LIMITS
from memory_node.core.skills import SKILL_NAMES
from memory_node.core.units import has_refused_characters
from memory_node.msg import BriefState, MemoryUnit, ObjectObservation, ObjectObservations
from memory_node.srv import GetSceneGraph, Manage, QueryObject, Recall, RecordOutcome, UpdateObject

pytestmark = [pytest.mark.ros, pytest.mark.slow]
EXAMPLES = int(os.environ.get("MEMORY_NODE_FUZZ_EXAMPLES", "40"))
SEED = os.environ.get("MEMORY_NODE_FUZZ_SEED")
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                derandomize=SEED is None, print_blob=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])


def fuzz(test: Any) -> Any:
    test = FUZZ(test)
    return seed(int(SEED))(test) if SEED is not None else test


# -- strategies ----------------------------------------------------------------------
IDS = ["mug_1", "mug_2", "box_1", "apple_1", "fridge_1", "robot", "kitchen"]
LABELS = ["Mug", "Box", "Apple", "Fridge", "mug", " Apple "]
HOSTILE = ["", " ", "\x00", "a\x00b", "x\x7f", "x\x85", "\u2028", "a\nb", "\x1b[2J",
           "%2e%2e/x", "../x", "/etc/passwd", "a?mode=rw", "a#b", "file:x", "x" * 129,
           "y" * 5000, "ä€😀", "snapshots/../../x", ".hidden"]
text = st.one_of(
    st.sampled_from(IDS + LABELS + HOSTILE),
    st.text(st.characters(exclude_categories=("Cs",)), max_size=40),
    st.text(st.characters(min_codepoint=0, max_codepoint=0x9F), max_size=8),
)
any_float = st.floats(allow_nan=True, allow_infinity=True)
coordinate = st.one_of(st.floats(-20, 20), any_float, st.sampled_from([1e4, 1e200, -1e300]))
float32 = st.one_of(st.floats(-1.0, 2.0, width=32), st.floats(width=32, allow_infinity=False),
                    st.just(math.nan))
uint32 = st.one_of(st.integers(0, 50), st.integers(0, 2**32 - 1))


def _jpeg(width: int, height: int) -> bytes:
    """A small valid JPEG whose header declares width x height (SOF0 patched)."""
    buf = io.BytesIO()
    Image.new("RGB", (8, 8), (90, 90, 90)).save(buf, "JPEG")
    data = buf.getvalue()
    i = data.index(b"\xff\xc0")
    return data[:i + 5] + struct.pack(">HH", height, width) + data[i + 9:]


images = st.one_of(st.just(b""), st.just(_jpeg(8, 8)), st.just(_jpeg(16000, 16000)),
                   st.just(_jpeg(3000, 3000)), st.binary(max_size=64))
attributes = st.lists(st.builds(KeyValue, key=text, value=text), max_size=40)


@st.composite
def stamps(draw: Any) -> Time:
    return Time(sec=draw(st.one_of(st.just(0), st.integers(0, 2**31 - 1),
                                   st.integers(-2**31, -1))),
                nanosec=draw(st.integers(0, 2**32 - 1)))


@st.composite
def units(draw: Any) -> MemoryUnit:
    msg = MemoryUnit(
        object_id=draw(text), label=draw(text),
        position=Point(x=draw(coordinate), y=draw(coordinate), z=draw(coordinate)),
        state=draw(st.one_of(st.sampled_from(["", "none", "OPENED", "dirty", "used up"]),
                             text)),
        area_id=draw(text), receptacle_id=draw(st.one_of(st.just(""), text)),
        relation=draw(st.sampled_from(["", "in", "on", "under"])),
        attributes=draw(attributes), confidence=draw(float32),
        last_touched_by=draw(st.one_of(st.just(""), text)),
        observation_count=draw(uint32),
        source=draw(st.sampled_from(["", "manual", "perception", "outcome", "x", "manual\x00"])),
    )
    if draw(st.booleans()):
        msg.first_seen, msg.last_seen = draw(stamps()), draw(stamps())
    data = draw(images)
    if data:
        msg.image = CompressedImage(format="jpeg", data=data)
    return msg


def points(draw: Any) -> Point:
    return Point(x=draw(coordinate), y=draw(coordinate), z=draw(coordinate))


@st.composite
def observation_frames(draw: Any) -> ObjectObservations:
    items = []
    for _ in range(draw(st.integers(0, 4))):
        o = ObjectObservation(label=draw(text), score=draw(float32),
                              tracker_id=draw(st.one_of(st.just(""), text)),
                              centroid=points(draw), point_count=draw(uint32),
                              state=draw(st.one_of(st.just(""), text)))
        o.box.center.position = points(draw)
        q = draw(st.sampled_from([(0.0, 0.0, 0.0, 1.0), (0.0, 0.0, 0.0, 0.0),
                                  (1.0, 1.0, 1.0, 1.0), (math.nan, 0.0, 0.0, 1.0)]))
        o.box.center.orientation = Quaternion(x=q[0], y=q[1], z=q[2], w=q[3])
        o.box.size.x, o.box.size.y, o.box.size.z = (draw(st.one_of(st.floats(0, 2), any_float))
                                                    for _ in range(3))
        data = draw(images)
        if data:
            o.crop = CompressedImage(format=draw(st.sampled_from(["jpeg", "png"])), data=data)
        items.append(o)
    msg = ObjectObservations(observations=items)
    msg.header.frame_id = draw(st.sampled_from(["map", "", "odom"]))
    msg.header.stamp = draw(st.one_of(st.just(Time()), stamps()))
    return msg


# -- the server ----------------------------------------------------------------------
@pytest.fixture(scope="module")
def node(ros_context: None) -> Iterator[Node]:
    n = rclpy.create_node("fuzz_client")
    yield n
    n.destroy_node()


class Fuzzed:
    def __init__(self, node: Node, root: Path) -> None:
        self.node, self.root = node, root
        self.memory_dir = root / "mem"
        self.db = self.memory_dir / "memory.sqlite"
        self.labels: set[str] = set()
        self.starts = 0
        self.rig = self._start()

    def _start(self) -> Rig:
        self.starts += 1
        process = start_server(self.memory_dir, self.root / f"server{self.starts}.log",
                               **{"short_term.capacity": 100_000})
        return Rig(self.node, process, self.memory_dir)

    def restart(self) -> None:
        self.rig.close()
        assert self.rig.process.stop() == 0, self.rig.process.output()[-3000:]
        self.rig = self._start()

    def stored(self) -> tuple[dict, list]:
        return disk_units(self.db), disk_graph(self.db)

    def served(self) -> dict[str, tuple]:
        """Short-term units as query_object answers them, for every label ever sent or
        stored."""
        out = {}
        for label in sorted(self.labels | {row[1] for row in disk_units(self.db).values()}):
            response = self.rig.call("query", QueryObject.Request(query=label, max_results=1000))
            assert response.success, response.message
            for c in response.candidates:
                if c.source == "short_term":
                    out[c.object_id] = (c.label, c.position.x, c.position.y, c.position.z,
                                        c.area_id)
        return out

    def check_answer(self, response: Any, before: tuple[dict, list] | None) -> None:
        assert self.rig.process.alive(), self.rig.process.output()[-3000:]
        assert response.error_code != ErrorCode.INTERNAL, response.message
        assert response.success == (response.error_code == ErrorCode.NONE), response.message
        if not response.success and before is not None:
            assert self.stored() == before, f"rejected, yet stored state changed: " \
                                            f"{response.message}"

    def check_graph_agrees(self) -> None:
        answer = self.rig.call("graph", GetSceneGraph.Request(format="graph"))
        assert answer.success, answer.message
        served = sorted((n.id, n.label, round(n.position.x, 9), round(n.position.y, 9),
                         round(n.position.z, 9)) for n in answer.graph.nodes)
        on_disk = sorted((r[0], r[2], round(r[3], 9), round(r[4], 9), round(r[5], 9))
                         for r in disk_graph(self.db))
        assert served == on_disk


@pytest.fixture(scope="module")
def fuzzed(node: Node, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Fuzzed]:
    f = Fuzzed(node, tmp_path_factory.mktemp("fuzz"))
    for object_id, label, x in (("mug_1", "Mug", 1.0), ("box_1", "Box", 2.0),
                                ("fridge_1", "Fridge", 3.0), ("apple_1", "Apple", 0.5)):
        u = MemoryUnit(object_id=object_id, label=label, position=Point(x=x, z=0.8))
        assert f.rig.upsert(u).success
        f.labels.add(label)
    yield f
    f.rig.close()
    f.rig.process.stop()


# -- properties ----------------------------------------------------------------------
@fuzz
@given(request_unit=units(), operation=st.sampled_from([0, 0, 0, 1, 7]))
def test_update_object(fuzzed: Fuzzed, request_unit: MemoryUnit, operation: int) -> None:
    before = fuzzed.stored()
    response = fuzzed.rig.call("update", UpdateObject.Request(operation=operation,
                                                              unit=request_unit))
    fuzzed.check_answer(response, before)
    if not response.success or operation != 0:
        return
    object_id = request_unit.object_id.strip()
    row = disk_units(fuzzed.db).get(object_id)
    if row is None:  # not admitted or evicted: said so in the response
        assert object_id in response.evicted_ids
        return
    fuzzed.labels.add(row[1])
    p = request_unit.position
    assert row[1] == request_unit.label.strip() and row[2:5] == (p.x, p.y, p.z)
    assert row[5] == (request_unit.state.strip().lower() or "none")
    assert row[6] == request_unit.area_id.strip()
    assert json.loads(row[9]) == {kv.key.strip(): kv.value.strip()
                                  for kv in request_unit.attributes}
    assert row[16] == (request_unit.source or "manual")
    assert bytes(row[15]) == bytes(request_unit.image.data)
    served = fuzzed.served()[object_id]
    assert served[:4] == (row[1], p.x, p.y, p.z)


@fuzz
@given(query=text, max_results=uint32, use_near=st.booleans(), x=coordinate,
       free_text=st.booleans())
def test_query_object(fuzzed: Fuzzed, query: str, max_results: int, use_near: bool,
                      x: float, free_text: bool) -> None:
    before = fuzzed.stored()
    request = QueryObject.Request(query=query, max_results=max_results, use_near=use_near,
                                  near=Point(x=x, y=0.0, z=0.0), free_text=free_text)
    response = fuzzed.rig.call("query", request)
    fuzzed.check_answer(response, before)
    assert fuzzed.stored() == before  # a query never writes


@fuzz
@given(command=st.sampled_from([0, 1, 2, 3, 0, 1, 9]), path=st.one_of(
    st.sampled_from(["fuzz_a", "fuzz_b", "snapshots/fuzz_c", "memory", "memory.sqlite"]),
    text))
def test_manage(fuzzed: Fuzzed, command: int, path: str) -> None:
    before = fuzzed.stored()
    outside = sorted(p for p in fuzzed.root.rglob("*")
                     if fuzzed.memory_dir not in p.parents and p.suffix != ".log")
    response = fuzzed.rig.call("manage", Manage.Request(command=command, path=path))
    fuzzed.check_answer(response, before)
    assert sorted(p for p in fuzzed.root.rglob("*") if fuzzed.memory_dir not in p.parents
                  and p.suffix != ".log") == outside, "a file appeared outside"
    if response.success and command in (0, 3):
        written = Path(response.path)
        assert fuzzed.memory_dir in written.parents and written.is_file()
        assert disk_units(written) == before[0]
    if response.success and command == 1:
        assert disk_units(fuzzed.db) == disk_units(Path(response.path))
    if response.success and command == 2:
        assert fuzzed.stored() == ({}, [])
    fuzzed.check_graph_agrees()


@fuzz
@given(instruction=text, k=uint32, budget=uint32, episode=st.one_of(st.just(""), text),
       use_brief=st.booleans(), subgoal=text, area=text, skill=st.one_of(
           st.sampled_from(("", *SKILL_NAMES)), text),
       args=st.lists(text, max_size=4), areas=st.lists(text, max_size=25))
def test_recall(fuzzed: Fuzzed, instruction: str, k: int, budget: int, episode: str,
                use_brief: bool, subgoal: str, area: str, skill: str, args: list[str],
                areas: list[str]) -> None:
    before = fuzzed.stored()
    request = Recall.Request(instruction=instruction, k=k, token_budget=budget,
                             episode_id=episode, use_brief_state=use_brief,
                             brief_state=BriefState(current_subgoal=subgoal, robot_area=area,
                                                    last_skill=skill,
                                                    last_skill_arguments=args,
                                                    recently_visited_areas=areas))
    response = fuzzed.rig.call("recall", request)
    fuzzed.check_answer(response, before)
    assert fuzzed.stored() == before


@fuzz
@given(skill=st.one_of(st.sampled_from(SKILL_NAMES), text),
       args=st.lists(st.one_of(st.sampled_from(IDS + ["in", "on"]), text), max_size=4),
       succeeded=st.booleans(), message=text, area=st.one_of(st.just(""), text),
       x=coordinate)
def test_record_outcome(fuzzed: Fuzzed, skill: str, args: list[str], succeeded: bool,
                        message: str, area: str, x: float) -> None:
    before = fuzzed.stored()
    request = RecordOutcome.Request(skill=skill, arguments=args, succeeded=succeeded,
                                    message=message, robot_area=area,
                                    robot_position=Point(x=x, y=0.0, z=0.0))
    response = fuzzed.rig.call("outcome", request)
    fuzzed.check_answer(response, before)
    if response.success:
        after = disk_units(fuzzed.db)
        for changed in response.changed_units:  # what the answer says is what is stored
            assert after[changed.object_id][1] == changed.label
            assert after[changed.object_id][5] == changed.state


@fuzz
@given(fmt=st.one_of(st.sampled_from(["graph", "text", "json"]), text), budget=uint32,
       query=text)
def test_get_scene_graph(fuzzed: Fuzzed, fmt: str, budget: int, query: str) -> None:
    before = fuzzed.stored()
    response = fuzzed.rig.call("graph", GetSceneGraph.Request(format=fmt, token_budget=budget,
                                                               query=query))
    fuzzed.check_answer(response, before)
    assert fuzzed.stored() == before


@fuzz
@given(msg=observation_frames())
def test_observations(fuzzed: Fuzzed, msg: ObjectObservations) -> None:
    if msg.header.stamp == Time():
        msg.header.stamp = fuzzed.node.get_clock().now().to_msg()
    fuzzed.labels.update(o.label.strip() for o in msg.observations
                         if o.label.strip() and len(o.label) <= LIMITS.max_label_chars
                         and not has_refused_characters(o.label))
    fuzzed.rig.publish_and_wait(msg)
    assert fuzzed.rig.process.alive()
    counters = fuzzed.rig.counters()
    assert counters.get("dropped.observations.internal_error", 0) == 0, counters
    fuzzed.check_graph_agrees()


def test_memory_and_file_agree_across_a_restart(fuzzed: Fuzzed) -> None:
    """Runs last in this module: everything the properties left behind survives a
    restart unchanged, and what the server answered was what its file held."""
    units_before, graph_before = fuzzed.stored()
    served_before = fuzzed.served()
    assert set(served_before) == set(units_before)
    for object_id, (label, x, y, z, area) in served_before.items():
        row = units_before[object_id]
        assert (label, x, y, z, area) == (row[1], row[2], row[3], row[4], row[6])
    fuzzed.check_graph_agrees()
    fuzzed.restart()
    assert fuzzed.stored() == (units_before, graph_before)
    assert fuzzed.served() == served_before
    fuzzed.check_graph_agrees()
