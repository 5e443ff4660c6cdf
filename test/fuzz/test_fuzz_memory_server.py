# ruff: noqa: E402  (the DDS environment is set before the middleware loads)
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
the whole suite); raise it for a long run, e.g. MEMORY_NODE_FUZZ_EXAMPLES=2000. Each
property's seed is pinned (pinned_seeds.json) unless MEMORY_NODE_FUZZ_SEED is set.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import sqlite3
import struct
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# The ROS test harness (real nodes, loopback DDS, a domain of its own), set up before rclpy
# loads. No conftest.py here: other test folders import theirs as the module `conftest`.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ros"))
from ros_harness import confine_to_loopback

confine_to_loopback()

import rclpy
from builtin_interfaces.msg import Time
from diagnostic_msgs.msg import KeyValue
from fuzz_support import fuzz_property, ros_context_fixture  # noqa: F401 - a fixture
from geometry_msgs.msg import Point, Quaternion
from hypothesis import event, example, given
from hypothesis import strategies as st
from PIL import Image
from rclpy.node import Node
from reliability_rig import Rig, disk_graph, disk_units, start_rig
from ros_harness import CHECKED_STOP_TIMEOUT_S
from sensor_msgs.msg import CompressedImage

from memory_node.core.errors import ErrorCode
from memory_node.core.limits import LIMITS
from memory_node.core.skills import SKILL_NAMES, SKILLS
from memory_node.core.units import has_refused_characters
from memory_node.msg import BriefState, MemoryUnit, ObjectObservation, ObjectObservations
from memory_node.srv import GetSceneGraph, Manage, QueryObject, Recall, RecordOutcome, UpdateObject

pytestmark = [pytest.mark.ros, pytest.mark.slow]
fuzz = fuzz_property(40)


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
uint16 = st.one_of(st.integers(0, 12), st.integers(0, 2**16 - 1))
uint64 = st.integers(0, 2**64 - 1)
# "" (none), fresh printable ids (a new request each), and ids the server refuses.
request_ids = st.one_of(st.just(""), st.uuids().map(str),
                        st.sampled_from(["x" * (LIMITS.max_id_chars + 1), "a\x01b", "\u2028"]))


def over_the_list_limit(item: str) -> st.SearchStrategy[list[str]]:
    """A string list one item longer than any list field takes."""
    return st.just([item] * (LIMITS.max_list_items + 1))


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


STORED = ["mug_1", "box_1", "fridge_1", "apple_1"]  # in the memory from the start
INSTRUCTIONS = ["find the mug", "put the apple in the fridge", "open the box",
                "bring me something to drink from"]
safe_text = st.text(st.characters(categories=("L", "N"), include_characters=" _-"),
                    min_size=1, max_size=30).filter(lambda t: t.strip())
safe_id = st.one_of(st.sampled_from(STORED + ["mug_2", "cup_7"]),
                    st.from_regex(r"[a-z]{1,8}_[0-9]{1,3}", fullmatch=True))


@st.composite
def valid_units(draw: Any) -> MemoryUnit:
    """Units the memory should accept (unless a containment cycle or the admission
    policy says otherwise)."""
    receptacle = draw(st.sampled_from(["", "", "", "robot", *STORED]))
    msg = MemoryUnit(
        object_id=draw(safe_id), label=draw(st.one_of(st.sampled_from(LABELS), safe_text)),
        position=Point(x=draw(st.floats(-50, 50)), y=draw(st.floats(-50, 50)),
                       z=draw(st.floats(0, 3))),
        state=draw(st.sampled_from(["", "none", "OPENED", "dirty", "used up", " on "])),
        area_id=draw(st.sampled_from(["", "kitchen", "living room", "area_3"])),
        receptacle_id=receptacle,
        relation=draw(st.sampled_from(["in", "on", ""])) if receptacle else "",
        attributes=draw(st.lists(st.builds(KeyValue, key=safe_text, value=safe_text),
                                 max_size=5)),
        confidence=draw(st.one_of(st.just(0.0), st.floats(0.0, 1.0, width=32, exclude_min=True))),
        last_touched_by=draw(st.sampled_from(["", "robot", "user"])),
        observation_count=draw(st.integers(0, 100)),
        source=draw(st.sampled_from(["", "manual", "perception", "outcome"])))
    if draw(st.booleans()):
        first = draw(st.integers(1, 2**30))
        msg.first_seen = Time(sec=first)
        msg.last_seen = Time(sec=first + draw(st.integers(0, 1000)))
    if draw(st.booleans()):
        msg.image = CompressedImage(format="jpeg", data=_jpeg(8, 8))
    return msg


MUTATIONS = {  # one hostile value per field
    "object_id": text, "label": text, "state": text, "area_id": text,
    "receptacle_id": text, "relation": st.sampled_from(["under", "IN", " in"]),
    "last_touched_by": text, "source": st.sampled_from(["x", "manual\x00", "Manual"]),
    "confidence": float32, "observation_count": uint32,
}


@st.composite
def units(draw: Any) -> MemoryUnit:
    """A valid unit (a third), one with a single hostile field (a third), or anything."""
    kind = draw(st.sampled_from(["valid", "mutated", "wild"]))
    msg = draw(valid_units()) if kind != "wild" else draw(wild_units())
    if kind == "mutated":
        name = draw(st.sampled_from([*MUTATIONS, "position", "attributes", "stamps",
                                     "image"]))
        if name == "position":
            msg.position = points(draw)
        elif name == "attributes":
            msg.attributes = draw(attributes)
        elif name == "stamps":
            msg.first_seen, msg.last_seen = draw(stamps()), draw(stamps())
        elif name == "image":
            msg.image = CompressedImage(format="jpeg", data=draw(images))
        else:
            setattr(msg, name, draw(MUTATIONS[name]))
    return msg


@st.composite
def wild_units(draw: Any) -> MemoryUnit:
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
def observations(draw: Any) -> ObjectObservation:
    """A plausible observation, often with one hostile field."""
    x, y, z = (draw(st.floats(-10, 10)) for _ in range(3))
    o = ObjectObservation(label=draw(st.sampled_from(LABELS)),
                          score=draw(st.floats(0.0, 1.0, width=32)),
                          tracker_id=draw(st.sampled_from(["", "t1", "t2"])),
                          centroid=Point(x=x, y=y, z=z), point_count=draw(st.integers(0, 900)),
                          state=draw(st.sampled_from(["", "", "opened", "dirty"])))
    o.box.center.position = Point(x=x, y=y, z=z)
    o.box.center.orientation = Quaternion(w=1.0)
    o.box.size.x = o.box.size.y = o.box.size.z = draw(st.floats(0.01, 1.0))
    if draw(st.booleans()):
        o.crop = CompressedImage(format="jpeg", data=_jpeg(8, 8))
    name = draw(st.sampled_from(["", "", "label", "score", "tracker_id", "centroid", "box",
                                 "size", "orientation", "crop", "state"]))
    if name in ("label", "tracker_id", "state"):
        setattr(o, name, draw(text))
    elif name == "score":
        o.score = draw(float32)
    elif name == "centroid":
        o.centroid = points(draw)
    elif name == "box":
        o.box.center.position = points(draw)
    elif name == "size":
        o.box.size.x = draw(any_float)
    elif name == "orientation":
        q = draw(st.sampled_from([(0.0, 0.0, 0.0, 0.0), (1.0, 1.0, 1.0, 1.0),
                                  (math.nan, 0.0, 0.0, 1.0)]))
        o.box.center.orientation = Quaternion(x=q[0], y=q[1], z=q[2], w=q[3])
    elif name == "crop":
        o.crop = CompressedImage(format=draw(st.sampled_from(["jpeg", "png", "JPG"])),
                                 data=draw(images))
    return o


@st.composite
def observation_frames(draw: Any) -> ObjectObservations:
    items = draw(st.lists(observations(), max_size=4))
    if draw(st.integers(0, 9)) == 0:  # a tenth: one observation over the per-frame limit
        items = [draw(observations())] * (LIMITS.max_observations_per_frame + 1)
    msg = ObjectObservations(observations=items)
    msg.header.frame_id = draw(st.sampled_from(["map", "map", "", "odom"]))
    msg.header.stamp = draw(st.one_of(st.just(Time()), st.just(Time()), stamps()))
    return msg


# Rows derived from stored data (recomputed when missing: a read may add them) and the
# answers kept per request id (a refused request's too): not what a request remembers.
NOT_REMEMBERED = {"schema_version", "request_answers", "text_embeddings", "crop_colours",
                  "label_terms"}


def remembered_digest(db: Path) -> str:
    """A digest of every remembered row of every table (experience's, the graph's edges,
    ...), beside the units and graph nodes compared field by field."""
    digest = hashlib.sha256()
    conn = sqlite3.connect(f"{db}", timeout=10)
    try:
        tables = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE "
            "'sqlite_%' ORDER BY name")]
        for table in tables:
            if table in NOT_REMEMBERED:
                continue
            digest.update(table.encode())
            for row in sorted(map(repr, conn.execute(f'SELECT * FROM "{table}"'))):
                digest.update(row.encode())
    finally:
        conn.close()
    return digest.hexdigest()


def wire(value: str) -> str:
    """What a string is after DDS: ROS strings are C strings, cut at the first NUL."""
    return value.split("\x00", 1)[0]


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
        return start_rig(self.node, self.memory_dir, self.root / f"server{self.starts}.log",
                         **{"short_term.capacity": 100_000})

    def restart(self) -> None:
        self.rig.close()
        status = self.rig.process.stop(timeout=CHECKED_STOP_TIMEOUT_S)
        assert status == 0, self.rig.process.output()[-3000:]
        self.rig = self._start()

    def stored(self) -> tuple[dict, list, str]:
        return disk_units(self.db), disk_graph(self.db), remembered_digest(self.db)

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

    def check_answer(self, response: Any, before: tuple[dict, list, str] | None) -> None:
        assert self.rig.process.alive(), self.rig.process.output()[-3000:]
        assert response.error_code != ErrorCode.INTERNAL, response.message
        assert response.success == (response.error_code == ErrorCode.NONE), response.message
        code = ErrorCode(response.error_code).name
        event("accepted" if response.success else f"rejected: {code}")
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
@given(request_unit=units(), operation=st.sampled_from([0, 0, 0, 1, 7]),
       revision=st.one_of(st.none(), st.sampled_from([0, 1, 2**63, 2**64 - 1]), uint64),
       request_id=request_ids)
def test_update_object(fuzzed: Fuzzed, request_unit: MemoryUnit, operation: int,
                       revision: int | None, request_id: str) -> None:
    before = fuzzed.stored()
    response = fuzzed.rig.call("update", UpdateObject.Request(
        operation=operation, unit=request_unit, use_expected_revision=revision is not None,
        expected_revision=revision or 0, request_id=request_id))
    fuzzed.check_answer(response, before)
    if not response.success or operation != 0:
        return
    object_id = wire(request_unit.object_id).strip()
    row = disk_units(fuzzed.db).get(object_id)
    if row is None:  # not admitted or evicted: said so in the response
        assert object_id in response.evicted_ids
        return
    fuzzed.labels.add(row[1])
    p = request_unit.position
    assert row[1] == wire(request_unit.label).strip() and row[2:5] == (p.x, p.y, p.z)
    assert row[5] == (wire(request_unit.state).strip().lower() or "none")
    assert row[6] == wire(request_unit.area_id).strip()
    assert row[7] == wire(request_unit.receptacle_id).strip()
    assert json.loads(row[9]) == {wire(kv.key).strip(): wire(kv.value).strip()
                                  for kv in request_unit.attributes}
    expected_confidence = 1.0 if request_unit.confidence == 0.0 else request_unit.confidence
    assert row[10] == pytest.approx(expected_confidence, rel=1e-6)
    assert row[16] == (wire(request_unit.source) or "manual")
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
    text), request_id=request_ids)
def test_manage(fuzzed: Fuzzed, command: int, path: str, request_id: str) -> None:
    before = fuzzed.stored()
    outside = sorted(p for p in fuzzed.root.rglob("*")
                     if fuzzed.memory_dir not in p.parents and p.suffix != ".log")
    response = fuzzed.rig.call("manage", Manage.Request(command=command, path=path,
                                                        request_id=request_id))
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
        assert fuzzed.stored()[:2] == ({}, [])
    fuzzed.check_graph_agrees()


@fuzz
@given(instruction=st.one_of(st.sampled_from(INSTRUCTIONS), text),
       k=st.one_of(st.integers(1, 50), uint32), budget=st.one_of(st.integers(1, 4000), uint32),
       episode=st.sampled_from(["", "ep1", "ep2", "ep\x01", "e" * 200]),
       use_brief=st.booleans(), subgoal=st.one_of(st.sampled_from(INSTRUCTIONS), text),
       area=st.one_of(st.just(""), st.just("kitchen"), text),
       skill=st.one_of(st.sampled_from(("", *SKILL_NAMES)), text),
       args=st.one_of(st.lists(st.sampled_from(STORED), max_size=2),
                      st.lists(text, max_size=4), over_the_list_limit("mug_1")),
       areas=st.one_of(st.lists(st.sampled_from(["kitchen", "hall"]), max_size=3),
                       st.lists(text, max_size=25), over_the_list_limit("kitchen")))
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


@st.composite
def skill_calls(draw: Any) -> tuple[str, list[str]]:
    """A call the skill table allows (objects the memory holds), or anything."""
    if draw(st.booleans()):
        skill = draw(st.one_of(st.sampled_from(SKILL_NAMES), text))
        args = draw(st.one_of(
            st.lists(st.one_of(st.sampled_from([*STORED, "in", "on"]), text), max_size=4),
            over_the_list_limit("mug_1")))
        return skill, args
    spec = SKILLS[draw(st.sampled_from(SKILL_NAMES))]
    objects = iter(draw(st.permutations(STORED)))
    kinds = {"object": lambda: next(objects), "place": lambda: draw(st.sampled_from(
        ["kitchen", "hall", *STORED])), "label": lambda: draw(st.sampled_from(LABELS)),
        "relation": lambda: draw(st.sampled_from(["in", "on"]))}
    n = draw(st.integers(spec.min_args, spec.max_args))
    return spec.name, [kinds[a.kind]() for a in spec.args[:n]]


@fuzz
# Always among the examples: a failure that moves nothing, in an episode (experience learns
# the step; a rejection after that would show only in the remembered digest).
@example(call=("pick", ["mug_1"]), succeeded=False, message="", area="",
         position=(1.0, 0.0, 0.0), episode="ep1", error_code=ErrorCode.PRECONDITION_FAILED,
         held="", refused="")
@given(call=skill_calls(), succeeded=st.booleans(),
       message=st.one_of(*[st.sampled_from(["", "done", "the mug was not there"])] * 3, text,
                         st.just("m" * (LIMITS.max_text_chars + 1))),
       area=st.one_of(*[st.sampled_from(["", "kitchen"])] * 3, text),
       position=st.one_of(*[st.tuples(st.floats(-10, 10), st.just(0.0), st.just(0.0))] * 2,
                          st.tuples(coordinate, coordinate, coordinate)),
       episode=st.one_of(*[st.sampled_from(["", "ep1", "ep2"])] * 3, text),
       error_code=st.one_of(*[st.sampled_from(list(ErrorCode))] * 3, uint16),
       held=st.one_of(*[st.sampled_from(["", "Mug", "Apple"])] * 3, text),
       refused=st.one_of(*[st.sampled_from(["", "Box"])] * 3, text))
def test_record_outcome(fuzzed: Fuzzed, call: tuple[str, list[str]], succeeded: bool,
                        message: str, area: str, position: tuple[float, float, float],
                        episode: str, error_code: int, held: str, refused: str) -> None:
    skill, args = call
    before = fuzzed.stored()
    x, y, z = position
    request = RecordOutcome.Request(skill=skill, arguments=args, succeeded=succeeded,
                                    message=message, robot_area=area,
                                    robot_position=Point(x=x, y=y, z=z), episode_id=episode,
                                    error_code=error_code, held_label=held,
                                    refused_label=refused)
    response = fuzzed.rig.call("outcome", request)
    fuzzed.check_answer(response, before)
    if response.success:
        after = disk_units(fuzzed.db)
        for changed in response.changed_units:  # what the answer says is what is stored
            assert after[changed.object_id][1] == changed.label
            assert after[changed.object_id][5] == changed.state


@fuzz
@given(call=skill_calls(), request_id=st.one_of(st.sampled_from(["r1", "r2", "x" * 129]), text))
def test_a_request_id_applies_an_outcome_once(fuzzed: Fuzzed, call: tuple[str, list[str]],
                                              request_id: str) -> None:
    skill, args = call
    before = fuzzed.stored()
    request = RecordOutcome.Request(skill=skill, arguments=args, succeeded=True,
                                    request_id=request_id)
    first = fuzzed.rig.call("outcome", request)
    fuzzed.check_answer(first, before)
    if not wire(request_id):
        return   # no id: applied every time, as before request ids
    after = fuzzed.stored()
    again = fuzzed.rig.call("outcome", request)   # a re-sent copy
    fuzzed.check_answer(again, after)
    assert (again.success, again.error_code, again.message) == (
        first.success, first.error_code, first.message)
    assert fuzzed.stored() == after   # the copy changed nothing


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
    units_before, graph_before, rest_before = fuzzed.stored()
    served_before = fuzzed.served()
    assert set(served_before) == set(units_before)
    for object_id, (label, x, y, z, area) in served_before.items():
        row = units_before[object_id]
        assert (label, x, y, z, area) == (row[1], row[2], row[3], row[4], row[6])
    fuzzed.check_graph_agrees()
    fuzzed.restart()
    assert fuzzed.stored() == (units_before, graph_before, rest_before)
    assert fuzzed.served() == served_before
    fuzzed.check_graph_agrees()
