"""A node whose class the robot's arm reported (`SceneGraph.grasped_as`) and a look-alike that
later stands where the object was (round 53's tune2 tidy 3134: the tidy took the mug away, a
cup stood 9 cm from the stale Mug node and fed it, so memory never held a cup there)."""

from __future__ import annotations

from memory_node.core.perception.observation import Observation
from memory_node.core.scene_graph import EventKind, RegionView, SceneGraph, SceneGraphConfig
from memory_node.core.scene_graph.persistence import from_json, to_json

VIEW = RegionView((0.0, 0.0, 0.0), 3.0)
MUG_AT = (1.0, 0.0, 0.8)
CUP_AT = (1.09, 0.0, 0.8)  # 0.09 m off: inside the confusion gate (0.25 m)


def _labelled(g: SceneGraph, label: str) -> list[str]:
    return [n for n, a in g.graph.nodes(data=True)
            if a.get("layer") == "object" and a["label"].lower() == label]


def _mug_confirmed_by_the_arm(cfg: SceneGraphConfig) -> tuple[SceneGraph, str, float]:
    """Memory took a mug for a cup (three sightings read "cup"), the robot picked it and
    the arm reported a mug, set it down and the camera saw it as a mug twice."""
    g = SceneGraph(cfg)
    stamp = 0.0
    for _ in range(3):
        g.update([Observation.at("cup", MUG_AT, stamp, score=0.9)], VIEW, stamp=stamp)
        stamp += 1.0
    (node,) = _labelled(g, "cup")
    g.hold(node, stamp)
    assert g.grasped_as(node, "Mug")
    g.place_on(node, MUG_AT, stamp)
    for _ in range(2):
        stamp += 1.0
        g.update([Observation.at("mug", MUG_AT, stamp, score=0.9)], VIEW, stamp=stamp)
    assert g.node(node)["label"] == "Mug"
    return g, node, stamp


def test_a_look_alike_where_the_arm_confirmed_object_was_becomes_its_own_node() -> None:
    g, mug, stamp = _mug_confirmed_by_the_arm(SceneGraphConfig())
    events = []
    for _ in range(10):  # the mug is gone; a cup stands 9 cm away
        stamp += 1.0
        events += g.update([Observation.at("cup", CUP_AT, stamp, score=0.9)], VIEW,
                           stamp=stamp).events
    (cup,) = _labelled(g, "cup")
    assert cup != mug
    assert abs(g.node(cup)["position"][0] - CUP_AT[0]) < 0.01
    # The stale node, seen nowhere while its place is in view, is taken off in the end.
    assert mug not in g.graph
    assert any(e.kind is EventKind.REMOVED and e.object_id == mug for e in events)


def test_switched_off_the_stale_node_takes_the_look_alike_as_before() -> None:
    g, mug, stamp = _mug_confirmed_by_the_arm(SceneGraphConfig(arm_label_holds=False))
    for _ in range(10):
        stamp += 1.0
        g.update([Observation.at("cup", CUP_AT, stamp, score=0.9)], VIEW, stamp=stamp)
    assert _labelled(g, "cup") == [] and _labelled(g, "mug") == [mug]


def test_a_stray_misread_of_the_confirmed_object_does_not_make_a_second_node() -> None:
    """The detector calls the mug a cup a few times in a hundred: while the mug's own
    label has been seen on it at least as often since the grasp, the misread is it."""
    g, mug, stamp = _mug_confirmed_by_the_arm(SceneGraphConfig())
    for label in ("cup", "mug", "cup", "mug", "mug"):
        stamp += 1.0
        g.update([Observation.at(label, MUG_AT, stamp, score=0.9)], VIEW, stamp=stamp)
    assert g.object_count == 1 and g.node(mug)["label"] == "Mug"
    assert g.node(mug)["arm_sightings"] == {"cup": 2, "mug": 5}


def test_the_arms_word_survives_a_restart() -> None:
    g, mug, stamp = _mug_confirmed_by_the_arm(SceneGraphConfig())
    g = from_json(to_json(g), SceneGraphConfig())
    for _ in range(4):
        stamp += 1.0
        g.update([Observation.at("cup", CUP_AT, stamp, score=0.9)], VIEW, stamp=stamp)
    assert len(_labelled(g, "cup")) == 1 and mug in g.graph
