"""Perceived containment: which container an object was seen inside.

Outcomes tell memory where the robot put things ("put the apple in the fridge"). What
somebody else put away is only ever seen: an apple inside the open fridge, a knife in an
open drawer. Without this the memory said "the apple, in the kitchen" and the planner did
not know the fridge must be opened to reach it once the door is shut again.

An object is inside a container when its whole box lies within the container's oriented
box, give or take a margin for detection noise: a thing standing on top of a cabinet,
beside the fridge, or a kettle on the burner beside a pot is not "in" it. The innermost
(smallest) such box wins: a cup in a drawer of a cabinet is in the drawer.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from memory_node.core.perception.camera import quaternion_to_matrix
from memory_node.core.scene_graph.graph import SceneGraph

# How far an object's box may stick out of its container's (m): detection noise. A thing
# on top of a cabinet sticks out by its whole height.
INSIDE_MARGIN_M = 0.02
# How far below a container's top an object's measured base may lie and still stand on
# that top (m), at most: a thin thing lying on a top is measured up to 5 cm below it
# (round 52, 42 odd plans: the 95th percentile of bases level with a container's top;
# things on a counter beside a sink, on a cabinet, on a drawer stack).
RIM_BAND_M = 0.05
# ... and at most this share of the container's height: what is inside rests on its
# floor, a whole height below the top; the shallowest containers (a bowl, 0.07 m) hold
# things whose base is measured 2 cm below the rim, so their band stays the noise margin.
RIM_BAND_SHARE = 0.25
# The largest container looked for (m, half its box's diagonal): a walk-in wardrobe.
MAX_CONTAINER_REACH_M = 2.0


def perceived_container(graph: SceneGraph, obj: str, is_container: Callable[[str], bool],
                        stands_alone: Callable[[str], bool] = lambda _label: False,
                        margin: float = INSIDE_MARGIN_M) -> str:
    """The id of the innermost container whose box holds `obj`'s position, or "".
    `stands_alone` labels (furniture, appliances: a drawer's box lies in its cabinet's)
    are in nothing."""
    nodes = graph.graph.nodes
    if obj not in nodes or stands_alone(nodes[obj]["label"]):
        return ""
    where = nodes[obj]["position"]
    # A container is bigger than what it holds: two boxes never hold each other (a cycle).
    own = float(np.prod(np.asarray(nodes[obj].get("box_extent") or (0.0, 0.0, 0.0))))
    near = [o for o in graph.objects_near(where, MAX_CONTAINER_REACH_M)
            if o != obj and is_container(nodes[o]["label"])]
    # The newest boxes first; only when none holds it, the space each container was seen
    # to fill. One view of a cabinet from the front measures its depth short: a base
    # cabinet 0.18 m deep by its newest box held no pot 0.24 m wide, so the pot seen
    # through its open door was in nothing, was missed once the door shut, and was
    # removed; the next "put the potato in the pot" opened ten cabinets before that one
    # (round 100, fresh96b tidy s0027). Not first: a cabinet's views take in the drawers
    # stacked in it, and the shaker seen in an open drawer was then in the cabinet (round
    # 100, tune tidy 3159 s0000).
    for holds in (box_holds, filled_holds):
        best, best_volume = "", float("inf")
        for other in near:
            if holds(graph, other, obj, margin) and not on_rim(graph, obj, other, margin):
                volume = float(np.prod(np.asarray(nodes[other].get("box_extent")
                                                  or (0.0, 0.0, 0.0))))
                if own < volume < best_volume:
                    best, best_volume = other, volume
        if best:
            return best
    return ""


def box_holds(graph: SceneGraph, container: str, obj: str,
              margin: float = INSIDE_MARGIN_M) -> bool:
    """Does `container`'s oriented box hold `obj`'s whole box (give or take `margin`)?
    False when either is unknown."""
    nodes = graph.graph.nodes
    if obj not in nodes or container not in nodes:
        return False
    inner, outer = nodes[obj], nodes[container]
    own_extent = np.asarray(inner.get("box_extent") or (0.0, 0.0, 0.0), dtype=float)
    extent = np.asarray(outer.get("box_extent") or (0.0, 0.0, 0.0), dtype=float)
    rotation = _rotation(outer)
    local = rotation.T @ (np.asarray(inner["position"], dtype=float)
                          - np.asarray(outer["position"], dtype=float))
    # The object's box as seen along the container's axes (its half sides there).
    reach = np.abs(rotation.T @ _rotation(inner)) @ (own_extent / 2.0)
    return bool(np.all(np.abs(local) + reach <= extent / 2.0 + margin))


def filled_holds(graph: SceneGraph, container: str, obj: str,
                 margin: float = INSIDE_MARGIN_M) -> bool:
    """Does the space `container` was seen to fill (`filled`: the union of a piece of
    furniture's views, world axes) hold `obj`'s whole box (its box along the world axes,
    give or take `margin`)? False when either is unknown or the container has no such
    space."""
    nodes = graph.graph.nodes
    if obj not in nodes or container not in nodes or not nodes[container].get("filled"):
        return False
    inner, filled = nodes[obj], nodes[container]["filled"]
    own_extent = np.asarray(inner.get("box_extent") or (0.0, 0.0, 0.0), dtype=float)
    centre = np.asarray(inner["position"], dtype=float)
    half = np.abs(_rotation(inner)) @ (own_extent / 2.0)
    low, high = np.asarray(filled[:3], dtype=float), np.asarray(filled[3:], dtype=float)
    return bool(np.all(centre - half >= low - margin) and np.all(centre + half <= high + margin))


def on_rim(graph: SceneGraph, obj: str, container: str,
           margin: float = INSIDE_MARGIN_M) -> bool:
    """Does `obj`'s base lie level with `container`'s top (or above it), give or take
    `margin`? Then it stands on the container, or on a top level with it, not in it: a pen
    on a dresser, a credit card on a coffee table beside a drawer as tall as the table (the
    odd plans: a thin thing's whole box lies within the box of what it stands on). What
    is inside rests on the floor or a shelf, below the rim: how far below is `rim_band`.
    False when either is unknown."""
    heights = _heights(graph, obj, container)
    if heights is None:
        return False
    height = float(graph.graph.nodes[container]["box_extent"][2])
    return heights[0] >= heights[2] - rim_band(height, margin)


def rim_band(height: float, margin: float = INSIDE_MARGIN_M) -> float:
    """How far below the top of a container `height` tall (m) a base still lies on its
    rim: the measured error (`RIM_BAND_M`) where the container is deep enough to tell it
    from what stands on its floor, never less than `margin`."""
    return max(margin, min(RIM_BAND_M, RIM_BAND_SHARE * height))


def below_top(graph: SceneGraph, obj: str, receptacle: str,
              margin: float = INSIDE_MARGIN_M) -> bool:
    """Is `obj`'s whole box below `receptacle`'s top (give or take `margin`)? Then it is
    not on it, whatever an outcome said: a knife in the drawer under the counter it was
    put on. False when either is unknown or has no box."""
    heights = _heights(graph, obj, receptacle)
    return heights is not None and heights[1] < heights[2] - margin


def _heights(graph: SceneGraph, obj: str, other: str) -> tuple[float, float, float] | None:
    """`obj`'s base and top and `other`'s top (z, m); None when either is unknown or has no
    box."""
    nodes = graph.graph.nodes
    if obj not in nodes or other not in nodes:
        return None
    own, theirs = nodes[obj], nodes[other]
    if not own.get("box_extent") or not theirs.get("box_extent"):
        return None
    z, half = float(own["position"][2]), float(own["box_extent"][2]) / 2.0
    return z - half, z + half, float(theirs["position"][2]) + float(theirs["box_extent"][2]) / 2.0


def _rotation(attrs: dict) -> np.ndarray:
    return quaternion_to_matrix(attrs.get("box_rotation") or (0.0, 0.0, 0.0, 1.0))
