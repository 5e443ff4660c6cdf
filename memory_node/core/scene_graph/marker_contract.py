"""What rviz needs from the scene-graph markers, checked on plain marker dicts.

The markers topic is a contract with every subscriber (rviz, a browser bridge, a recorder):
each message must be drawable on its own, and a subscriber that applies the messages in
order must end with the graph. The same dict shape as `markers.py` produces (and as
`nodes/perception_conversions.marker_from_msg` reads back from a MarkerArray), so the checks
run without ROS and over DDS alike.

- `marker_problems(marker, frames)`: one marker (frame, type, action, finite pose, unit
  quaternion, scales rviz needs per type, colour in [0, 1] with alpha > 0, readable text,
  line lists with an even number of finite points).
- `array_problems(markers, frames)`: one message (each marker, unique (ns, id), DELETEALL
  only first: rviz applies a MarkerArray in order, so a later DELETEALL would wipe the
  markers before it).
- `MarkerMirror`: applies messages as rviz does (ADD replaces, DELETE removes one,
  DELETEALL removes all) and compares the result with the graph (`graph_problems`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from memory_node.core.scene_graph.markers import NAMESPACES, NAVIGABILITY_NS

Marker = Mapping[str, Any]
Key = tuple[str, int]

TYPES = frozenset({"cube", "sphere", "text", "line_list"})
ACTIONS = frozenset({"add", "delete", "deleteall"})
MAX_TEXT_CHARS = 200  # longer labels cover the scene in rviz
MIN_TEXT_HEIGHT = 0.05  # metres: smaller is unreadable at room scale
QUATERNION_TOLERANCE = 1e-3
POSITION_TOLERANCE = 1e-3


def _finite(values: Iterable[float]) -> bool:
    return all(isinstance(v, (int, float)) and math.isfinite(v) for v in values)


def marker_problems(m: Marker, frames: Sequence[str]) -> list[str]:
    """Why rviz would not draw (or would misdraw) this marker; [] when it is fine."""
    key = f"({m.get('ns')!r}, {m.get('id')})"
    problems = []
    action = m.get("action")
    if action not in ACTIONS:
        return [f"{key}: unknown action {action!r}"]
    if m.get("frame_id") not in frames:
        problems.append(f"{key}: frame {m.get('frame_id')!r} is not one of {list(frames)}")
    if action != "add":
        return problems
    kind = m.get("type")
    if kind not in TYPES:
        return [*problems, f"{key}: unknown type {kind!r}"]
    position, orientation = m["pose"]["position"], m["pose"]["orientation"]
    if not _finite(position):
        problems.append(f"{key}: position {position} is not finite")
    if not _finite(orientation) or abs(math.sqrt(sum(q * q for q in orientation)) - 1.0) \
            > QUATERNION_TOLERANCE:
        problems.append(f"{key}: orientation {orientation} is not a unit quaternion")
    scale = m["scale"]
    if not _finite(scale):
        problems.append(f"{key}: scale {scale} is not finite")
    elif kind in ("cube", "sphere") and min(scale) <= 0:
        problems.append(f"{key}: {kind} with scale {scale} (every axis must be > 0)")
    elif kind == "line_list" and scale[0] <= 0:
        problems.append(f"{key}: line width scale.x {scale[0]} must be > 0")
    elif kind == "text" and scale[2] < MIN_TEXT_HEIGHT:
        problems.append(f"{key}: text height scale.z {scale[2]} < {MIN_TEXT_HEIGHT}")
    colour = m["color"]
    if not _finite(colour) or min(colour) < 0 or max(colour) > 1:
        problems.append(f"{key}: colour {colour} outside [0, 1]")
    elif colour[3] <= 0:
        problems.append(f"{key}: alpha {colour[3]} (invisible)")
    if kind == "text":
        text = m.get("text", "")
        if not text.strip():
            problems.append(f"{key}: empty text")
        elif len(text) > MAX_TEXT_CHARS or not text.isprintable():
            problems.append(f"{key}: text is not one readable line: {text[:60]!r}")
    if kind == "line_list":
        points = m.get("points", [])
        if not points or len(points) % 2:
            problems.append(f"{key}: line list with {len(points)} points (even, > 0)")
        elif not all(_finite(p) for p in points):
            problems.append(f"{key}: line list with a non-finite point")
    return problems


def array_problems(markers: Sequence[Marker], frames: Sequence[str]) -> list[str]:
    """Every marker's problems, plus those of the message as a whole."""
    problems = [p for m in markers for p in marker_problems(m, frames)]
    seen: set[tuple[Any, Any]] = set()
    for i, m in enumerate(markers):
        if m.get("action") == "deleteall":
            if i:
                problems.append(f"DELETEALL at position {i} wipes the {i} markers before it")
            continue
        key = (m.get("ns"), m.get("id"))
        if key in seen:
            problems.append(f"{key}: twice in one message")
        seen.add(key)
    return problems


class GraphNode(Protocol):
    """What the markers must show of one graph node (`long_term.GraphNode`, or one read
    from a SceneGraph message)."""

    id: str
    layer: str  # "floor" | "area" | "object"
    label: str
    position: tuple[float, float, float]
    state: str
    parent_id: str  # an object's area


@dataclass
class MarkerMirror:
    """The markers a subscriber holds after applying messages in order, as rviz does."""

    markers: dict[Key, dict[str, Any]] = field(default_factory=dict)
    deletes_of_nothing: int = 0  # DELETE of a marker it does not hold (harmless in rviz)

    def apply(self, message: Sequence[Marker]) -> None:
        for m in message:
            if m["action"] == "deleteall":
                self.markers.clear()
            elif m["action"] == "delete":
                if self.markers.pop((m["ns"], m["id"]), None) is None:
                    self.deletes_of_nothing += 1
            else:
                self.markers[(m["ns"], m["id"])] = dict(m)

    def colours_by_class(self) -> dict[str, tuple[float, float, float]]:
        """Class -> body colour of every object box held (a class with two colours keeps
        the first; `graph_problems` reports it)."""
        out: dict[str, tuple[float, float, float]] = {}
        labels = {k[1]: m["text"] for k, m in self.markers.items() if k[0] == "object_labels"}
        for (ns, uid), m in sorted(self.markers.items()):
            if ns == "objects" and uid in labels:
                out.setdefault(labels[uid].split(" (")[0].lower(), tuple(m["color"][:3]))
        return out

    def graph_problems(self, nodes: Sequence[GraphNode],
                       navigable: Iterable[tuple[str, str]]) -> list[str]:
        """Differences between the held markers and the graph: one body and one label per
        area and object (no more, no fewer), at the node's position, the object's label
        with its id and state, one CONTAINS line per object to its area, the NAVIGABLE
        edges as the navigability line list, and one colour per class."""
        problems: list[str] = []
        by_ns: dict[str, dict[int, dict[str, Any]]] = {}
        for (ns, uid), m in self.markers.items():
            by_ns.setdefault(ns, {})[uid] = m
        areas = {n.id: n for n in nodes if n.layer == "area"}
        objects = {n.id: n for n in nodes if n.layer == "object"}
        for layer, members in (("area", areas), ("object", objects)):
            for ns in NAMESPACES[layer]:
                if ns == "object_links":
                    continue
                held = set(by_ns.get(ns, {}))
                want = {_uid(n) for n in members.values()}
                if held - want:
                    problems.append(f"{ns}: markers without a node (orphans): "
                                    f"{sorted(held - want)[:10]}")
                if want - held:
                    problems.append(f"{ns}: nodes without a marker: {sorted(want - held)[:10]}")
            for node in members.values():
                body = by_ns.get(NAMESPACES[layer][0], {}).get(_uid(node))
                if body is not None and not _close(body["pose"]["position"], node.position):
                    problems.append(f"{node.id}: marker at {body['pose']['position']}, node "
                                    f"at {node.position}")
        for node in objects.values():
            text = by_ns.get("object_labels", {}).get(_uid(node), {}).get("text", "")
            if text and (node.label not in text or f"({node.id})" not in text
                         or (node.state not in ("", "none") and node.state not in text)):
                problems.append(f"{node.id}: label {text!r} does not show "
                                f"{node.label!r}, its id and state {node.state!r}")
        problems += self._link_problems(by_ns.get("object_links", {}), objects, areas)
        problems += self._navigability_problems(by_ns.get(NAVIGABILITY_NS, {}), areas,
                                                navigable)
        colours: dict[str, set[tuple[float, ...]]] = {}
        for node in objects.values():
            body = by_ns.get("objects", {}).get(_uid(node))
            if body is not None:
                colours.setdefault(node.label.lower(), set()).add(
                    tuple(round(c, 4) for c in body["color"][:3]))
        problems += [f"class {label!r} drawn in {len(c)} colours"
                     for label, c in sorted(colours.items()) if len(c) > 1]
        return problems

    @staticmethod
    def _link_problems(links: Mapping[int, Marker], objects: Mapping[str, GraphNode],
                       areas: Mapping[str, GraphNode]) -> list[str]:
        problems = []
        want = {_uid(n) for n in objects.values() if n.parent_id in areas}
        if set(links) != want:
            problems.append(f"object_links: held {len(links)}, want {len(want)} (one per "
                            f"object in an area); extra {sorted(set(links) - want)[:10]}, "
                            f"missing {sorted(want - set(links))[:10]}")
        for node in objects.values():
            link = links.get(_uid(node))
            if link is None or node.parent_id not in areas:
                continue
            a, b = link["points"][0], link["points"][-1]
            if not (_close(a, node.position) and _close(b, areas[node.parent_id].position)):
                problems.append(f"{node.id}: CONTAINS line {a} -> {b} is not object -> "
                                f"{node.parent_id}")
        return problems

    @staticmethod
    def _navigability_problems(held: Mapping[int, Marker], areas: Mapping[str, GraphNode],
                               navigable: Iterable[tuple[str, str]]) -> list[str]:
        want = {frozenset((_rounded(areas[a].position), _rounded(areas[b].position)))
                for a, b in navigable if a in areas and b in areas}
        points = held[0]["points"] if 0 in held else []
        have = {frozenset((_rounded(points[i]), _rounded(points[i + 1])))
                for i in range(0, len(points) - 1, 2)}
        if have != want:
            return [f"navigability: {len(have)} segments drawn, {len(want)} NAVIGABLE edges "
                    f"({len(have - want)} extra, {len(want - have)} missing)"]
        return []


def _uid(node: GraphNode) -> int:
    return int(node.id.rsplit("_", 1)[1])


def _close(a: Sequence[float], b: Sequence[float]) -> bool:
    return all(abs(float(x) - float(y)) <= POSITION_TOLERANCE for x, y in zip(a, b, strict=True))


def _rounded(p: Sequence[float]) -> tuple[float, ...]:
    return tuple(round(float(v), 3) for v in p)
