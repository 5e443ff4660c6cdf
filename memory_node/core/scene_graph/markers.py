"""rviz marker descriptions of the scene graph, as plain dicts, built incrementally.

The markers node converts each dict to a visualization_msgs/Marker field by field. Marker
ids are the nodes' stable uids (namespace per layer), so an update re-sends exactly the
markers of changed nodes and a DELETE for each removed one.

What a subscriber can rebuild from them (checked by `marker_contract.py`): every area
(sphere + label), every object (oriented box coloured by class, label with id and state,
and a line to its area: the CONTAINS edge), and the NAVIGABLE edges (one line list).
Floors have no geometry and are not drawn.
"""

from __future__ import annotations

import colorsys
import zlib
from typing import Any

from memory_node.core.scene_graph.events import ChangeSet
from memory_node.core.scene_graph.graph import AREA, FLOOR, NAVIGABLE, OBJECT, SceneGraph

Marker = dict[str, Any]
IDENTITY_Q = (0.0, 0.0, 0.0, 1.0)
MIN_SCALE = 0.05  # a flat box would be invisible in rviz


def label_colour(label: str) -> tuple[float, float, float]:
    """A stable colour per class: same label, same colour, across runs and processes."""
    hue = (zlib.crc32(label.lower().encode()) % 360) / 360.0
    return colorsys.hsv_to_rgb(hue, 0.75, 0.95)


def _layer_and_uid(node: str) -> tuple[str, int]:
    layer, _, uid = node.rpartition("_")
    if layer == FLOOR and uid.startswith("m"):
        return FLOOR, -int(uid[1:])
    return layer, int(uid)


def _marker(ns: str, uid: int, kind: str, frame_id: str, **fields: Any) -> Marker:
    marker = {"ns": ns, "id": uid, "type": kind, "action": "add", "frame_id": frame_id,
              "pose": {"position": (0.0, 0.0, 0.0), "orientation": IDENTITY_Q},
              "scale": (1.0, 1.0, 1.0), "color": (1.0, 1.0, 1.0, 1.0), "text": "",
              "points": []}
    marker.update(fields)
    return marker


def _delete(ns: str, uid: int, frame_id: str) -> Marker:
    return _marker(ns, uid, "cube", frame_id, action="delete")


NAMESPACES = {AREA: ("areas", "area_labels"),
               OBJECT: ("objects", "object_labels", "object_links"),
               FLOOR: ("floors", "floor_labels")}
NAVIGABILITY_NS = "navigability"
LINK_COLOUR = (0.75, 0.75, 0.75, 0.5)


def object_text(label: str, node: str, state: str | None) -> str:
    """The label shown above an object: class, id and state (when it has one)."""
    shown = f"{label} ({node})"
    return f"{shown} {state}" if state and state != "none" else shown


class MarkerBuilder:
    def __init__(self, graph: SceneGraph, frame_id: str = "map") -> None:
        self.graph = graph
        self.frame_id = frame_id

    def node_markers(self, node: str) -> list[Marker]:
        attrs = self.graph.node(node)
        layer, uid = attrs["layer"], attrs["uid"]
        ns, text_ns = NAMESPACES[layer][:2]
        x, y, z = attrs["position"]
        extra: list[Marker] = []
        if layer == OBJECT:
            r, g, b = label_colour(attrs["label"])
            scale = tuple(max(MIN_SCALE, e) for e in attrs["box_extent"])
            body = _marker(ns, uid, "cube", self.frame_id,
                           pose={"position": (x, y, z), "orientation": attrs["box_rotation"]},
                           scale=scale, color=(r, g, b, 0.6))
            label_z = z + scale[2] / 2 + 0.1
            text = object_text(attrs["label"], node, attrs.get("state"))
            area = attrs.get("area")
            if area is not None and area in self.graph.graph:
                # The CONTAINS edge; re-sent with the object (areas never move).
                extra.append(_marker(NAMESPACES[OBJECT][2], uid, "line_list", self.frame_id,
                                     scale=(0.01, 0.0, 0.0), color=LINK_COLOUR,
                                     points=[(x, y, z), self.graph.node(area)["position"]]))
            else:
                extra.append(_delete(NAMESPACES[OBJECT][2], uid, self.frame_id))
        elif layer == AREA:
            body = _marker(ns, uid, "sphere", self.frame_id,
                           pose={"position": (x, y, z), "orientation": IDENTITY_Q},
                           scale=(0.3, 0.3, 0.3), color=(0.2, 0.4, 1.0, 0.8))
            label_z = z + 0.3
            text = node
        else:
            return []  # floors have no geometry worth drawing
        label = _marker(text_ns, uid, "text", self.frame_id,
                        pose={"position": (x, y, label_z), "orientation": IDENTITY_Q},
                        scale=(0.0, 0.0, 0.15), color=(1.0, 1.0, 1.0, 1.0), text=text)
        return [body, label, *extra]

    def navigability_marker(self) -> Marker:
        """All NAVIGABLE edges as one line list; a DELETE when there is none (rviz rejects a
        line list without points)."""
        points = []
        for a, b, kind in self.graph.graph.edges(data="kind"):
            if kind == NAVIGABLE:
                points += [self.graph.node(a)["position"], self.graph.node(b)["position"]]
        if not points:
            return _delete(NAVIGABILITY_NS, 0, self.frame_id)
        return _marker(NAVIGABILITY_NS, 0, "line_list", self.frame_id, scale=(0.03, 0.0, 0.0),
                       color=(0.9, 0.9, 0.2, 1.0), points=points)

    def full(self) -> list[Marker]:
        """Every marker (for a new subscriber, or after a reload)."""
        markers = [_marker("", 0, "cube", self.frame_id, action="deleteall")]
        for node in self.graph.graph.nodes:
            markers += self.node_markers(node)
        navigability = self.navigability_marker()
        if navigability["action"] == "add":  # after DELETEALL there is nothing to delete
            markers.append(navigability)
        return markers

    def update(self, changes: ChangeSet) -> list[Marker]:
        """The markers that changed: adds/modifies for changed nodes, deletes for removed."""
        markers: list[Marker] = []
        for node in sorted(changes.nodes):
            if node in self.graph.graph:
                markers += self.node_markers(node)
        for node in sorted(changes.removed_nodes):
            layer, uid = _layer_and_uid(node)
            if layer in NAMESPACES:
                markers += [_delete(ns, uid, self.frame_id) for ns in NAMESPACES[layer]]
        if any(self._navigable_changed(a, b) for a, b in changes.edges | changes.removed_edges):
            markers.append(self.navigability_marker())
        return markers

    def _navigable_changed(self, a: str, b: str) -> bool:
        """An edge between two areas (added, or gone with one of them) may be NAVIGABLE."""
        graph = self.graph.graph
        if graph.has_edge(a, b):
            return graph.edges[a, b]["kind"] == NAVIGABLE
        return all(_layer_and_uid(n)[0] == AREA for n in (a, b))
