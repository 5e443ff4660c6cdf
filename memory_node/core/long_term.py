"""The facade's long-term memory: the scene graph, kept in the memory's SQLite file.

`LongTermMemory` owns one `SceneGraph`, loads it from the store at start (a restart resumes
the same graph), and applies one perception frame at a time: the graph update, the rows it
changed written in ONE store transaction, the short-term memory told about what changed,
and the rviz marker updates built. If the write fails, the in-memory graph is rebuilt from
the database (the file is the truth, as for the short-term memory) and the error raised;
the same happens for any exception inside the graph update itself.

What the short-term memory learns from the long-term one (a design choice):
- NEW, MOVED, STATE_CHANGED: the object's unit is upserted (scene-graph id as object id,
  its area, state, confidence and, when the frame carried one, the colour crop). Plain
  re-observations do not write it: the cache holds what changed or was used, and one SQLite
  write per object per frame would cost more than the whole graph update.
- REMOVED: the unit, if the cache still holds it, is kept with state "absent" and
  confidence 0 - "it was there and is gone" is what a planner asking for it needs to hear,
  and the cache's own policy forgets it in time. The graph node itself is deleted.

Pure Python: no rclpy. Thread-safe (one lock): the server may run callbacks on several
executor threads.
"""

from __future__ import annotations

import json
import math
import threading
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from memory_node.core.perception.camera import quaternion_to_matrix
from memory_node.core.persistence.store import MemoryStore
from memory_node.core.scene_graph.appearance import with_appearance
from memory_node.core.scene_graph.config import SceneGraphConfig
from memory_node.core.scene_graph.containment import (
    below_top,
    box_holds,
    perceived_container,
)
from memory_node.core.scene_graph.events import ChangeSet, EventKind, SceneGraphEvent
from memory_node.core.scene_graph.graph import (
    AREA,
    FLOOR,
    NAVIGABLE,
    OBJECT,
    SceneGraph,
    VisibilityModel,
)
from memory_node.core.scene_graph.markers import Marker, MarkerBuilder
from memory_node.core.scene_graph.persistence import load_graph, save_changes
from memory_node.core.scene_graph.serialise import SceneGraphSerialiser, TokenCounter
from memory_node.core.short_term import ShortTermMemory
from memory_node.core.stage_times import StageTimes
from memory_node.core.units import (
    ALWAYS_VALUED,
    HELD_BY_ROBOT,
    MAX_IMAGE_BYTES,
    OBJECT_STATES,
    STATE_CONFIRMED,
    STATE_PROPERTY,
    STATE_READ,
    ObjectMemoryUnit,
    check_finite_position,
    check_identifier,
    format_stamp,
)

FORMATS = ("graph", "text", "json")
# A budget of 0 means "no limit"; the serialiser needs a number.
UNLIMITED_TOKENS = 1 << 40


@dataclass
class LongTermUpdate:
    """What one applied frame changed."""

    events: list[SceneGraphEvent]
    markers: list[Marker]  # incremental: changed nodes, DELETE for removed ones
    rejected: list[str]  # observations refused, with reasons
    revision: int
    changed: bool
    evicted: list[ObjectMemoryUnit] = field(default_factory=list)
    refused: str = ""  # why the whole frame was refused (stale); nothing changed


@dataclass(frozen=True)
class GraphNode:
    id: str
    layer: str  # floor | area | object
    label: str
    parent_id: str
    position: tuple[float, float, float]
    box_extent: tuple[float, float, float]
    box_rotation: tuple[float, float, float, float]  # x, y, z, w
    first_seen: float
    last_seen: float
    observation_count: int
    confidence: float
    movable: bool
    state: str
    last_absent: float


@dataclass(frozen=True)
class GraphEdge:
    source: str
    target: str
    kind: str  # contains | navigable
    distance: float


@dataclass(frozen=True)
class GraphAnswer:
    """/memory/get_scene_graph's answer: nodes/edges for "graph", text for text/json."""

    format: str
    text: str
    tokens: int
    nodes: list[GraphNode]
    edges: list[GraphEdge]
    revision: int


@dataclass(frozen=True)
class ObjectHit:
    """A long-term answer to "where is X?" (the facade turns it into an ObjectCandidate)."""

    object_id: str
    label: str
    position: tuple[float, float, float]
    area_id: str
    confidence: float
    last_seen: float


class LongTermMemory:
    graph: SceneGraph  # set by _load (also on every reload)

    def __init__(self, store: MemoryStore, short_term: ShortTermMemory | None = None,
                 config: SceneGraphConfig | None = None, frame_id: str = "map",
                 count_tokens: TokenCounter | None = None) -> None:
        self.store = store
        self.short_term = short_term
        self.config = config or SceneGraphConfig()
        self.frame_id = frame_id
        self._count_tokens = count_tokens
        self._lock = threading.RLock()
        self.revision = 0
        self.observations_applied = 0  # frames applied since start (for /memory/stats)
        self._tally: Counter[str] = Counter()
        self.times = StageTimes()  # per stage of apply(): wall and CPU time
        # Called after the graph was replaced wholesale (clear, reload): whoever mirrors it
        # incrementally (rviz markers) must resend everything.
        self._reset_listeners: list[Callable[[], None]] = []
        # Called with the incremental markers of every change (frames and skill outcomes),
        # in order, under the lock.
        self._marker_listeners: list[Callable[[list[Marker]], None]] = []
        # Called after every new revision (a change, a reload), under the lock, on the thread
        # that made it: whoever publishes the graph when it changes need not poll.
        self._change_listeners: list[Callable[[], None]] = []
        # Which labels hold things inside (the object categories' in_receptacles): an
        # object perceived within one's box is remembered in it. None: never inferred.
        self.is_container: Callable[[str], bool] | None = None
        self.stands_alone: Callable[[str], bool] = lambda _label: False
        self._load()

    def configure(self, config: SceneGraphConfig, frame_id: str | None = None) -> None:
        """Adopt the server's parameters (the facade is built before they are read) and
        rebuild the graph from the store under them."""
        with self._lock:
            self.config = config
            if frame_id is not None:
                self.frame_id = frame_id
            self._load()
        self._notify_reset()

    def add_reset_listener(self, listener: Callable[[], None]) -> None:
        self._reset_listeners.append(listener)

    @property
    def lock(self) -> threading.RLock:
        """Held by whoever mirrors the graph incrementally while it publishes, so that its
        messages leave in the order of the changes (one lock: no lock-order deadlock)."""
        return self._lock

    def add_marker_listener(self, listener: Callable[[list[Marker]], None]) -> None:
        self._marker_listeners.append(listener)

    def add_change_listener(self, listener: Callable[[], None]) -> None:
        self._change_listeners.append(listener)

    def _new_revision(self) -> None:
        """Under the lock: the graph changed; its revision moves on and listeners hear."""
        self.revision += 1
        for listener in self._change_listeners:
            listener()

    def _emit_markers(self, markers: list[Marker]) -> None:
        """Under the lock, so listeners see marker updates in the order of the changes."""
        if markers:
            for listener in self._marker_listeners:
                listener(markers)

    def _notify_reset(self) -> None:
        for listener in self._reset_listeners:
            listener()

    # -- lifecycle --------------------------------------------------------------------------
    def _load(self) -> None:
        if hasattr(self, "graph"):  # counts since start survive a reload
            self._tally.update(self.graph.tally)
        with self.store.transaction() as conn:  # a consistent read of nodes, edges, meta
            self.graph = load_graph(conn, self.config)
        self._serialiser = SceneGraphSerialiser(self.graph, self._count_tokens)
        self._markers = MarkerBuilder(self.graph, self.frame_id)
        self._new_revision()

    def reload(self) -> None:
        """Rebuild from the store (after a snapshot was loaded into it)."""
        with self._lock:
            self._load()
        self._notify_reset()

    def clear(self) -> None:
        """Forget the graph: its rows and the in-memory state, but not its numbering.

        An id handed out before the clear must never name another object after it: a
        client still holds it (the planner, what its gripper holds), and an outcome on it
        then moved whatever new object had been given the same id. Unknown is the answer."""
        with self._lock:
            counters = json.dumps(self.graph.counters)
            with self.store.transaction() as conn:
                for table in ("scene_graph_nodes", "scene_graph_edges", "scene_graph_meta"):
                    conn.execute(f"DELETE FROM {table}")
                conn.execute("INSERT INTO scene_graph_meta (key, value) VALUES (?, ?)",
                             ("counters", counters))
            self._load()
        self._notify_reset()

    # -- the per-frame update ---------------------------------------------------------------
    def apply(self, observations: Sequence[Any], view: VisibilityModel | None,
              stamp: float, crops: Sequence[bytes] = ()) -> LongTermUpdate:
        """Apply one perception frame (observations in the map frame, the camera's view).

        The camera position is the robot position (it rides on the robot). `crops[i]` is
        the JPEG of `observations[i]` (or b""). Raises ValueError for an unusable stamp;
        single bad observations are skipped and listed in `rejected`.
        """
        if not (isinstance(stamp, (int, float)) and math.isfinite(stamp) and stamp >= 0):
            raise ValueError(f"frame stamp {stamp!r} is not a valid time")
        kept: list[Any] = []
        kept_crops: list[bytes] = []
        rejected: list[str] = []
        with self.times.stage("appearance"):
            self._check_and_describe(observations, crops, kept, kept_crops, rejected)
        # A frame is acknowledged to nobody: its writes (graph, short-term) skip the fsync.
        with self._lock, self.store.unacknowledged():
            robot = getattr(view, "pose", None)
            try:
                with self.times.stage("graph"):
                    result = self.graph.update(kept, view, robot.position if robot else None,
                                               stamp)
                    self._hold_seen_inside(result.changes, stamp)
                if result.changes:
                    with self.times.stage("store"), self.store.transaction() as conn:
                        save_changes(conn, self.graph, result.changes)
            except Exception:
                # The update is transactional in memory too: whatever it changed before the
                # exception is dropped by rebuilding from the file (the truth), so memory
                # and disk never disagree. The graph validates before it changes anything,
                # so this is the path of bugs and disk errors, not of bad input.
                self._load()
                self._notify_reset()
                raise
            rejected += result.rejected
            if result.refused:
                return LongTermUpdate([], [], rejected, self.revision, False,
                                      refused=result.refused)
            self.observations_applied += 1
            changed = bool(result.changes)
            if changed:
                self._new_revision()
            with self.times.stage("markers"):
                markers = self._markers.update(result.changes) if changed else []
            with self.times.stage("publish_markers"):  # to listeners, in change order
                self._emit_markers(markers)
            with self.times.stage("short_term"):
                evicted = self._update_short_term(result.events, kept, kept_crops)
                evicted += self._correct_short_term(result.changes.nodes, result.events,
                                                    stamp)
            return LongTermUpdate(result.events, markers, rejected, self.revision, changed,
                                  evicted)

    @staticmethod
    def _check_and_describe(observations: Sequence[Any], crops: Sequence[bytes],
                            kept: list[Any], kept_crops: list[bytes],
                            rejected: list[str]) -> None:
        """The observations the graph may see (label and state checked), each with its
        colour evidence from its crop."""
        for i, obs in enumerate(observations):
            try:
                check_identifier(getattr(obs, "label", None), "observation label")
                state = getattr(obs, "state", None)
                if state and state not in OBJECT_STATES:
                    raise ValueError(f"observation {obs.label!r}: state {state!r} is not "
                                     f"one of {', '.join(OBJECT_STATES)}")
            except ValueError as exc:
                rejected.append(str(exc))
                continue
            crop = crops[i] if i < len(crops) else b""
            kept.append(with_appearance(obs, crop))  # colour evidence for identity
            kept_crops.append(crop)

    def apply_outcome_units(self, units: Sequence[ObjectMemoryUnit],
                            stamp: float, held_labels: Mapping[str, str] | None = None
                            ) -> list[SceneGraphEvent]:
        """What an executed skill changed (units from the outcome), told to the graph: an
        object put INTO a receptacle is inside it (not expected visible while it is
        closed, not removed for being unseen), a state set by a skill is adopted at once.
        `held_labels`: object id -> the class the robot's arm reported it as: what it
        holds, or a put's receptacle it was refused at (`SceneGraph.grasped_as`). Units
        of objects the graph does not hold are ignored (they came from elsewhere)."""
        with self._lock:
            nodes = self.graph.graph
            changes = ChangeSet()
            events: list[SceneGraphEvent] = []
            opened: list[str] = []
            try:
                # Held objects this outcome does not set down are still in the hand.
                self.graph.still_held(keep={
                    u.object_id for u in units
                    if u.receptacle_id != HELD_BY_ROBOT and u.relation in ("in", "on")})
                for unit in units:
                    obj = unit.object_id
                    if obj not in nodes and unit.state != "absent":
                        self.graph.bring_back(obj, stamp, changes)  # a recent removal only
                    if obj not in nodes or nodes.nodes[obj].get("layer") != OBJECT:
                        continue
                    if unit.state == "absent":
                        # The world found it not where memory has it (a NOT_FOUND refusal):
                        # the graph keeps the node, and judges its next sighting by it.
                        self.graph.found_absent(obj, stamp, changes)
                    if unit.state and unit.state not in ("absent", nodes.nodes[obj]["state"]):
                        events += self.graph.set_state(obj, unit.state, stamp, changes=changes)
                        if unit.state == "opened":
                            opened.append(obj)
                    elif STATE_PROPERTY.get(unit.state) in ALWAYS_VALUED:
                        # An open of a door memory already reads open: the skill's word is
                        # a reading of it now (the house may have shut it since the last).
                        nodes.nodes[obj]["state_read"] = stamp
                        changes.touch(obj)
                    receptacle = unit.receptacle_id
                    if receptacle == HELD_BY_ROBOT:
                        if nodes.nodes[obj].get("inside") != HELD_BY_ROBOT:
                            self.graph.hold(obj, stamp, changes)
                    if held_labels and held_labels.get(obj):
                        self.graph.grasped_as(obj, held_labels[obj], changes)
                    elif (unit.relation == "in" and receptacle in nodes
                            and nodes.nodes[obj].get("inside") != receptacle):
                        try:
                            events += self.graph.place_inside(obj, receptacle, stamp, changes)
                        except (KeyError, ValueError):
                            # Not an object, or a containment cycle: the outcome itself was
                            # accepted (short-term memory); the graph just does not nest it.
                            self.graph.tally["outcome.containment_refused"] += 1
                    elif unit.relation in ("in", "on") and receptacle != HELD_BY_ROBOT and (
                            nodes.nodes[obj].get("inside") == HELD_BY_ROBOT
                            or (unit.relation == "on" and receptacle in nodes and math.dist(
                                unit.position, nodes.nodes[obj]["position"]) > 0.01)):
                        # A held object put down leaves the hand whatever the graph makes of
                        # the place: on a receptacle it no longer holds (short-term memory
                        # still does; fresh102a tidy s0009), or where the node already stands
                        # (a put from the same standing spot as an earlier one). Left held,
                        # every later sighting rebuilt the unit as in the robot and each pick
                        # went to the robot's own spot.
                        events += self.graph.place_on(
                            obj, unit.position, stamp, changes,
                            receptacle=receptacle if receptacle in nodes else "")
                for receptacle in opened:
                    self._hold_seen_on_opening(receptacle, changes)
                if changes:
                    with self.store.transaction() as conn:
                        save_changes(conn, self.graph, changes)
            except Exception:
                self._load()  # as in apply(): memory never differs from the file
                self._notify_reset()
                raise
            if changes:
                self._new_revision()
                self._emit_markers(self._markers.update(changes))
            if self.short_term is not None:
                # An open that found a receptacle empty of what memory had in it
                # (`SceneGraph._looked_into`): those units read absent, as after misses.
                self._update_short_term(
                    [e for e in events if e.kind == EventKind.REMOVED], [], [])
                for event in events:
                    if event.kind == EventKind.REMOVED:
                        continue
                    if event.merged_id and self.short_term.peek(event.merged_id) is not None:
                        # A sighting of the object just put down: one unit, not two.
                        self.short_term.remove(event.merged_id)
                    put = self.short_term.peek(event.object_id)
                    if (event.merged_id and put is not None
                            and event.object_id in self.graph.graph):
                        # Where it was seen set down, not the outcome's estimate (the
                        # receptacle's position): with two cups in one cabinet, the arm
                        # took the one nearer the cabinet's centre for memory's.
                        where = check_finite_position(self.graph.node(event.object_id)["position"])
                        if where != put.position:
                            self.short_term.upsert(replace(put, position=where))
            return events

    def _update_short_term(self, events: list[SceneGraphEvent], observations: list[Any],
                           crops: list[bytes]) -> list[ObjectMemoryUnit]:
        if self.short_term is None:
            return []
        forgotten: list[ObjectMemoryUnit] = []
        for event in events:
            if event.kind == EventKind.REMOVED:
                unit = self.short_term.peek(event.object_id)
                if unit is not None and unit.receptacle_id == HELD_BY_ROBOT:
                    # Not seen where it stood because the robot holds it (a pick outcome
                    # said so): the graph's node goes, the unit stays what the hand has.
                    # Marked absent, the planner went exploring for the mug in its gripper.
                    continue
                if unit is not None:
                    forgotten += self.short_term.upsert(replace(
                        unit, state="absent", confidence=0.0, last_seen=event.stamp))
                continue
            if event.merged_id and self.short_term.peek(event.merged_id) is not None:
                # The NEW object turned out to be this one, moved: one unit, not two.
                self.short_term.remove(event.merged_id)
            if event.object_id not in self.graph.graph:
                continue
            attrs = self.graph.node(event.object_id)
            crop = self._crop_for(event, observations, crops)
            previous = self.short_term.peek(event.object_id)
            # Where it is held: the graph's containment (set by outcomes), else what the
            # unit said unless perception saw it move off it. Dropping it made the planner
            # forget that the apple it just put in the fridge is in the (closed) fridge.
            # A move seen on the top the unit stands on keeps it: the put's spot is an
            # estimate (the nearest point of the top's newest view), and the mug set down
            # 1.4 m from it on the same long counter, seen there, was "on nothing"; the
            # plan read ON(Mug, CounterTop) unmet and picked and put the mug again and
            # again (round 21, the main job's h0c-1, memory arm).
            inside = attrs.get("inside") or ""
            moved_off = event.kind == EventKind.MOVED and not (
                previous is not None and previous.relation == "on"
                and self.graph.stands_on(previous.receptacle_id, attrs["position"]))
            # The graph's containment first, the gripper included (a pick's outcome, or a
            # join into the node of what the robot picked), as its own answers give it
            # (`_held_in`): a held node left to `_seen_in` read "in the cabinet" it was
            # picked from, and "heat the cup and put it in the cabinet" ended after the
            # heat (fresh92b tidy s0016, round 93).
            held_in = self._held_in(attrs)
            if held_in[0]:
                receptacle, relation = held_in
            elif previous is not None and not moved_off:
                receptacle, relation = previous.receptacle_id, previous.relation
            elif previous is not None and previous.relation == "on" and (
                    other := self._top_of_kind(previous.receptacle_id, attrs["position"])):
                # Seen off the top it was put on but on another node of that top's type:
                # one long counter held as two nodes (a sliver of its far end seen at an
                # image's edge, never folded into the part seen whole). The put named the
                # sliver, the hand set the mug on the near end, and the mug stood on
                # nothing: the plan picked it and put it again (fresh clone, h0c-1).
                receptacle, relation = other, "on"
            else:
                receptacle, relation = "", ""
            if receptacle != HELD_BY_ROBOT and (not inside or inside not in self.graph.graph):
                # Put there by somebody else: only seen inside (an open fridge, a drawer).
                # Seen inside another container than the unit said, the sighting wins.
                seen_in = self._seen_in(event.object_id, attrs["label"], receptacle,
                                        relation)
                if seen_in or not receptacle:
                    receptacle, relation = seen_in, "in" if seen_in else ""
            unit = ObjectMemoryUnit(
                object_id=event.object_id, label=attrs["label"],
                position=check_finite_position(attrs["position"]),
                state=attrs.get("state") or "none", area_id=attrs.get("area") or "",
                confidence=float(min(1.0, max(0.0, attrs["confidence"]))),
                first_seen=float(attrs["first_seen"]), last_seen=float(attrs["last_seen"]),
                observation_count=int(attrs["observation_count"]),
                image_jpeg=crop or (previous.image_jpeg if previous else b""),
                source="perception", receptacle_id=receptacle, relation=relation,
                attributes={"box_extent": " ".join(f"{e:.2f}" for e in attrs["box_extent"])},
            )
            forgotten += self.short_term.upsert(unit)
        return forgotten

    def _correct_short_term(self, touched: set[str], events: list[SceneGraphEvent],
                            stamp: float | None = None) -> list[ObjectMemoryUnit]:
        """Carry what the graph corrected without an event into the node's short-term unit:
        a label corrected from class evidence, and a state read once and replaced by later
        readings (a misread, not a change of the world). A fixture first misread
        ("DiningTable" for a counter) kept the misreading in its unit for good, and a
        fridge first read "opened" stayed open in recall while the graph had it closed:
        the planner then judged "open the fridge" done (CI, 23 Nov)."""
        if self.short_term is None:
            return []
        forgotten: list[ObjectMemoryUnit] = []
        written = {e.object_id for e in events}
        for obj in touched - written:
            unit = self.short_term.peek(obj)
            if unit is None or obj not in self.graph.graph:
                continue
            attrs = self.graph.node(obj)
            label = attrs["label"]
            # Only a state that came from the graph: a state a client wrote (UpdateObject,
            # source "manual") is the client's word, not a reading to correct.
            state = (attrs.get("state") or "none") if unit.source == "perception" \
                else unit.state
            if unit.state == "absent" and stamp is not None \
                    and float(attrs["last_seen"]) >= stamp:
                # Seen in this frame: present again. A call refused NOT_FOUND marks the
                # unit absent and leaves the node (the graph judges what it sees), so a
                # later sighting of the node is a plain re-observation with no event, and
                # the unit stayed absent while the camera saw the object: plan 213, s0009,
                # "explore: saw a CreditCard", then "no CreditCard in memory" (round 23).
                forgotten += self.short_term.upsert(replace(
                    unit, label=label, state=attrs.get("state") or "none",
                    position=check_finite_position(attrs["position"]),
                    confidence=float(attrs["confidence"]), last_seen=stamp))
                continue
            receptacle, relation = unit.receptacle_id, unit.relation
            if (stamp is not None and float(attrs["last_seen"]) >= stamp
                    and not attrs.get("inside") and receptacle != HELD_BY_ROBOT):
                # Seen in this frame inside another container than the unit says: the
                # newer evidence wins over the relation an earlier outcome wrote. The
                # knife the robot had put on the counter, put back in its drawer by the
                # daily tidy and seen there when the drawer was opened, stayed "on the
                # counter" and the plan never saw its goal met (round 36).
                seen_in = self._seen_in(obj, label, receptacle, relation)
                if seen_in:
                    receptacle, relation = seen_in, "in"
            if (unit.label, unit.state, unit.receptacle_id, unit.relation) != (
                    label, state, receptacle, relation):
                forgotten += self.short_term.upsert(replace(
                    unit, label=label, state=state, receptacle_id=receptacle,
                    relation=relation))
        return forgotten

    def _top_of_kind(self, receptacle: str, position: Sequence[float]) -> str:
        """Another node of `receptacle`'s type (canonical label) that `position` stands on
        (`SceneGraph.stands_on`), the nearest of several; "" when there is none or the
        type is unknown."""
        unit = self.short_term.peek(receptacle) if self.short_term is not None else None
        label = unit.label if unit is not None else (
            self.graph.node(receptacle).get("label", "") if receptacle in self.graph.graph
            else "")
        if not label:
            return ""
        canonical = self.config.canonical
        kind = canonical(label)
        nodes = self.graph.graph.nodes
        tops = [o for o in self.graph.nodes(OBJECT) if o != receptacle
                and not nodes[o].get("movable", True)
                and canonical(nodes[o].get("label", "")) == kind
                and self.graph.stands_on(o, position)]
        return min(tops, key=lambda o: (math.dist(nodes[o]["position"][:2], position[:2]), o),
                   default="")

    def _hold_seen_inside(self, changes: ChangeSet, stamp: float) -> None:
        """What this frame saw inside an open receptacle the graph holds in it
        (`SceneGraph.seen_inside`), before the frame's rows are written, so the closed door
        hides it from later frames as it hides the robot's own puts."""
        if self.is_container is None:
            return
        nodes = self.graph.graph.nodes
        for obj in sorted(changes.nodes):
            if obj in self.graph.graph and float(nodes[obj].get("last_seen", -math.inf)) >= stamp:
                receptacle = self._loose_inside(obj)
                if receptacle:
                    self.graph.seen_inside(obj, receptacle, changes)

    def _hold_seen_on_opening(self, receptacle: str, changes: ChangeSet) -> None:
        """An open's outcome: what the frame that read `receptacle` open showed inside its
        box is held inside it (`SceneGraph.seen_inside`), as a frame does once memory holds
        the door open (`_hold_seen_inside`). That frame came before the outcome, with the
        door still shut in memory, so nothing was held: the wine bottle seen in the cabinet
        just opened stood "in nothing" in the graph's answers, the goal "put it away in the
        cabinet" read unmet, and the plan took it out and put it back (round 87, tune tidy
        4015 s0009: 4 calls; 60-70 such tasks per arm on 31 tuning streams)."""
        if self.is_container is None:
            return
        for obj in sorted(self.graph.seen_by_last_look()):
            if obj in self.graph.graph and self._loose_inside(obj) == receptacle \
                    and self.graph.seen_inside(obj, receptacle, changes):
                self.graph.tally["inside.seen_on_opening"] += 1

    def _loose_inside(self, obj: str) -> str:
        """The container a movable object of the graph that is held in nothing was seen
        inside (`perceived_container`), or "" (none, or holding it there would make a
        containment cycle with the short-term memory's units)."""
        attrs = self.graph.graph.nodes[obj]
        if attrs.get("layer") != OBJECT or not attrs.get("movable") or attrs.get("inside") \
                or self.is_container is None:
            return ""
        receptacle = perceived_container(self.graph, obj, self.is_container, self.stands_alone)
        if not receptacle or (self.short_term is not None and self.short_term.makes_cycle(
                ObjectMemoryUnit(obj, attrs["label"], (0.0, 0.0, 0.0),
                                 receptacle_id=receptacle, relation="in"))):
            return ""
        return receptacle

    def _seen_in(self, obj: str, label: str, said: str, relation: str) -> str:
        """The container `obj` is seen inside when that is not `said` (the receptacle its
        unit names `relation`), else "". Counted (`sighting.relation_superseded`) when it
        replaces a receptacle the unit named."""
        if self.is_container is None or self.short_term is None:
            return ""
        if relation == "on" and not below_top(self.graph, obj, said):
            # Still standing on it: a box that also lies in a cabinet's (a sponge on a plate
            # on the cabinet, tune2 ss3000 s0018) is not a reason to doubt the put.
            return ""
        if relation == "in" and box_holds(self.graph, said, obj):
            # Still in it: another box that holds it too (two nested or overlapping boxes)
            # is no evidence against; the lettuce and the cup flipped between two (round 37).
            return ""
        seen_in = perceived_container(self.graph, obj, self.is_container, self.stands_alone)
        if not seen_in or seen_in == said or self.short_term.makes_cycle(ObjectMemoryUnit(
                obj, label, (0.0, 0.0, 0.0), receptacle_id=seen_in, relation="in")):
            return ""  # a cycle: an outcome put the container in it
        if said:
            self._tally["sighting.relation_superseded"] += 1
        return seen_in

    def _crop_for(self, event: SceneGraphEvent, observations: list[Any],
                  crops: list[bytes]) -> bytes:
        """The crop of the observation behind an event: the same label nearest to the
        object's new position (the graph does not report which observation it matched)."""
        if event.new_position is None:
            return b""
        canonical = self.config.canonical
        best, best_d = b"", math.inf
        for obs, crop in zip(observations, crops, strict=True):
            if not crop or canonical(obs.label) != canonical(event.label):
                continue
            d = math.dist(obs.position, event.new_position)
            if d < best_d:
                best, best_d = crop, d
        return best if len(best) <= MAX_IMAGE_BYTES else b""

    # -- markers ----------------------------------------------------------------------------
    def markers_full(self) -> list[Marker]:
        """Every marker, led by DELETEALL (new subscribers, after a reload or clear)."""
        with self._lock:
            return self._markers.full()

    # -- reads ------------------------------------------------------------------------------
    def stats(self) -> dict[str, int]:
        with self._lock:
            return {"floors": self.graph.floor_count, "areas": self.graph.area_count,
                    "objects": self.graph.object_count,
                    "observations_applied": self.observations_applied,
                    **{f"scene_graph.{k}": v for k, v in self.times.counters().items()},
                    **{f"scene_graph.{k}": v
                       for k, v in (self._tally + self.graph.tally).items()}}

    def serialise(self, format: str = "text", budget: int = 0, query: str = "") -> GraphAnswer:
        """The graph for the planner: "graph" (nodes and edges), "text" (KARMA) or "json",
        the latter two within `budget` tokens (0 = no limit), areas matching `query`
        expanded first."""
        fmt = (format or "text").strip().lower()
        if fmt not in FORMATS:
            raise ValueError(f"format {format!r} is not one of {', '.join(FORMATS)}")
        if budget < 0:
            raise ValueError(f"token budget {budget} is negative")
        with self._lock:
            if fmt == "graph":
                return GraphAnswer(fmt, "", 0, self._nodes(), self._edges(), self.revision)
            result = self._serialiser.serialise(budget or UNLIMITED_TOKENS, [query], fmt)
            text = result.text if fmt == "text" else json.dumps(result.data,
                                                                 separators=(",", ":"))
            if budget and result.tokens > budget:
                raise ValueError(f"token budget {budget} is too small for even the header "
                                 f"({result.tokens} tokens)")
            return GraphAnswer(fmt, text, result.tokens, [], [], self.revision)

    def scene_graph_text(self, labels: Sequence[str], areas: Sequence[str],
                         budget: int) -> str:
        """Scene-graph text for recall: at most `budget` tokens, areas holding `labels` or
        named in `areas` expanded first; "" when the graph is empty or nothing fits."""
        if budget < 1:
            return ""
        with self._lock:
            if self.graph.object_count == 0:
                return ""
            result = self._serialiser.serialise(budget, [*labels, *areas], "text")
        return result.text if result.tokens <= budget else ""

    def sensor_time(self) -> float:
        """Now on the clock the frames are stamped with (the newest frame's stamp), or the
        wall clock before any frame: what an outcome is stamped with, so one memory never
        mixes two clocks (a simulator's or a replayed bag's stamps with the server's wall
        time). Mixed, an object brought back by an outcome was 'last seen' in the frames'
        past, before it was first seen, and every later frame that saw it was refused."""
        newest = self.graph.newest_stamp  # one float read: no lock (see Threads and locks)
        return time.time() if newest is None else newest

    def text_key(self) -> tuple[int, int, str | None, int]:
        """Changes whenever `scene_graph_text` could answer differently for the same
        arguments: the revision (every change and reload), the robot's area (nearest areas
        first) and, as a guard, the graph object and its object count."""
        with self._lock:
            return (id(self.graph), self.revision, self.graph.current_area,
                    self.graph.object_count)

    def find(self, label: str, near: tuple[float, float, float] | None = None,
             limit: int = 10) -> list[ObjectHit]:
        """Objects of `label` (case-insensitive, synonyms folded), nearest to `near` first,
        else most recently seen first."""
        with self._lock:
            wanted = self.config.canonical(label)
            hits = []
            for obj in self.graph.nodes(OBJECT):
                attrs = self.graph.node(obj)
                if self.config.canonical(attrs["label"]) == wanted:
                    hits.append(ObjectHit(obj, attrs["label"], tuple(attrs["position"]),
                                          attrs.get("area") or "", float(attrs["confidence"]),
                                          float(attrs["last_seen"])))
        if near is not None:
            hits.sort(key=lambda h: (math.dist(h.position, near), -h.last_seen))
        else:
            hits.sort(key=lambda h: -h.last_seen)
        return hits[:limit]

    def ids_near(self, position: tuple[float, float, float], radius: float) -> list[str]:
        """Objects whose centre lies within `radius` (m) of `position`, through the graph's
        grid index: a handful of cells whatever the number of objects (not a scan)."""
        with self._lock:
            return self.graph.objects_near(position, radius)

    def extent(self, object_id: str) -> tuple[float, float, float] | None:
        """An object's box size (m) as perceived, None if unknown or not a usable box."""
        with self._lock:
            if not self.graph.graph.has_node(object_id):
                return None
            a = self.graph.node(object_id)
            box = a.get("box_extent") if a["layer"] == OBJECT else None
            if box is None or len(box) != 3:
                return None
            x, y, z = (float(v) for v in box)
            if not all(math.isfinite(v) and v > 0 for v in (x, y, z)):
                return None
            return (x, y, z)

    def yaw(self, object_id: str) -> float | None:
        """The turn (radians) about the vertical of an object's box, whose axes `extent`
        measures along; None if memory has no orientation for it."""
        with self._lock:
            if not self.graph.graph.has_node(object_id):
                return None
            q = self.graph.node(object_id).get("box_rotation")
            if q is None or len(q) != 4 or not all(math.isfinite(float(v)) for v in q):
                return None
            r = quaternion_to_matrix(q)
            return math.atan2(float(r[1, 0]), float(r[0, 0]))

    def current_id(self, object_id: str) -> str:
        """The id an object lives on as (a folded part of furniture: the piece's)."""
        with self._lock:
            return self.graph.current_id(object_id)

    def joined_ids(self) -> dict[str, str]:
        """Ids folded or joined away -> the id each lives on as (`current_id` of each, in
        one read: the graph keeps at most `max_join_candidates` of them)."""
        with self._lock:
            return self.graph.aliases

    def unit(self, object_id: str) -> ObjectMemoryUnit | None:
        """One object of the graph as a memory unit (None for an unknown or non-object id)."""
        with self._lock:
            if not self.graph.graph.has_node(object_id):
                return None
            a = self.graph.node(object_id)
            if a["layer"] != OBJECT:
                return None
            receptacle, relation = self._held_in(a)
            return ObjectMemoryUnit(
                object_id, str(a["label"]), tuple(a["position"]),
                state=str(a.get("state") or "none"), area_id=a.get("area") or "",
                confidence=float(a.get("confidence", 1.0)),
                first_seen=float(a.get("first_seen") or 0.0),
                last_seen=float(a.get("last_seen") or 0.0),
                observation_count=int(a.get("observation_count", 0)), source="perception",
                receptacle_id=receptacle, relation=relation)

    def _held_in(self, attrs: Mapping[str, Any]) -> tuple[str, str]:
        """The receptacle fields of a graph node's unit: the hand, or the receptacle the
        graph holds it in (a put, or a sighting inside it while open). This is the answer
        for an object the short-term cache declined; one that stood "in nothing" here was
        picked from its shut drawer without opening it, twice (round 84, variant 1: the
        salt shaker of tune3 tidy 4017 s0022 and s0024)."""
        inside = attrs.get("inside") or ""
        if inside == HELD_BY_ROBOT:
            return HELD_BY_ROBOT, ""
        if inside and self.graph.graph.has_node(inside):
            return inside, "in"
        return "", ""

    def with_evidence(self, units: Sequence[ObjectMemoryUnit]) -> list[ObjectMemoryUnit]:
        """`units` as an answer should give them: with the graph's current evidence for the
        objects it holds. A unit is written on events only (NEW, MOVED, STATE_CHANGED), so
        its observation count and its last sighting stop at the last event (a fridge seen
        87 times answered 1; a bread in view at every frame since it was first seen 20
        minutes ago was described to the planner as "seen 20 min ago") and whether its
        state is confirmed is not in it at all (STATE_CONFIRMED). An outcome's stamp
        later than the graph's last sighting stands. Meant for the few units of one
        answer; the stored units are left as they are (writing them every frame would
        count as a cache access each time). A manual unit is a client's word and is not
        touched."""
        out = []
        with self._lock:
            nodes = self.graph.graph.nodes
            for unit in units:
                a = nodes.get(unit.object_id) if unit.source != "manual" else None
                if a is None or a.get("layer") != OBJECT:
                    out.append(unit)
                    continue
                # Confirmed only as far as the graph holds the same state: an outcome's
                # "absent" is not a reading the graph has.
                same = (a.get("state") or "none") == unit.state
                confirmed = bool(a.get("state_confirmed", True)) and same
                evidence = {STATE_CONFIRMED: "true" if confirmed else "false"}
                read = a.get("state_read")
                if same and read is not None:
                    evidence[STATE_READ] = format_stamp(float(read))
                seen = a.get("last_seen")
                out.append(replace(
                    unit, observation_count=max(1, int(a.get("observation_count", 1))),
                    last_seen=max(float(unit.last_seen),
                                  float(seen) if seen is not None else -math.inf),
                    attributes={**unit.attributes, **evidence}))
        return out

    def removed_unit(self, object_id: str) -> ObjectMemoryUnit | None:
        """An object the graph removed within its join window, as a memory unit (None
        otherwise): a skill that succeeded on it says it is still there."""
        with self._lock:
            snap = self.graph.removed_snapshot(object_id)
            if snap is None:
                return None
            seen = float(snap.get("last_seen") or 0.0)
            return ObjectMemoryUnit(object_id, str(snap["label"]), tuple(snap["position"]),
                                    first_seen=seen, last_seen=seen, source="perception")

    def _nodes(self) -> list[GraphNode]:
        out = []
        for node, a in self.graph.graph.nodes(data=True):
            layer = a["layer"]
            parent = a.get("area") if layer == OBJECT else a.get("floor") if layer == AREA else ""
            out.append(GraphNode(
                id=node, layer=layer, label=str(a["label"]), parent_id=parent or "",
                position=tuple(a["position"]),
                box_extent=tuple(a.get("box_extent", (0.0, 0.0, 0.0))),
                box_rotation=tuple(a.get("box_rotation", (0.0, 0.0, 0.0, 1.0))),
                first_seen=float(a.get("first_seen") or 0.0),
                last_seen=float(a.get("last_seen") or 0.0),
                observation_count=int(a.get("observation_count", 0)),
                confidence=float(a.get("confidence", 1.0)), movable=bool(a.get("movable")),
                state=str(a.get("state") or ""), last_absent=float(a.get("last_absent") or 0.0),
            ))
        return out

    def _edges(self) -> list[GraphEdge]:
        nodes = self.graph.graph.nodes
        out = []
        for a, b, kind in self.graph.graph.edges(data="kind"):
            if kind != NAVIGABLE and nodes[a]["layer"] == OBJECT:
                a, b = b, a  # CONTAINS reads parent -> child
            elif kind != NAVIGABLE and nodes[a]["layer"] == AREA and nodes[b]["layer"] == FLOOR:
                a, b = b, a
            out.append(GraphEdge(a, b, kind, math.dist(nodes[a]["position"],
                                                       nodes[b]["position"])))
        return out
