"""The marker contract (what rviz needs, and that applying the messages in order rebuilds the
graph) on the long-term memory without ROS; its DDS twin is test/ros/test_markers_contract.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_node.core.memory import Memory
from memory_node.core.memory_settings import MemorySettings, ShortTermSettings
from memory_node.core.perception.camera import CameraIntrinsics, Pose
from memory_node.core.perception.frustum import CameraView
from memory_node.core.perception.observation import Observation
from memory_node.core.scene_graph.marker_contract import (
    MarkerMirror,
    array_problems,
    marker_problems,
)
from memory_node.core.scene_graph.markers import label_colour

LOOK_X = Pose.make((0.0, 0.0, 1.0), (-0.5, 0.5, -0.5, 0.5))
K = CameraIntrinsics(300.0, 300.0, 160.0, 120.0, 320, 240)
GOOD = {"ns": "objects", "id": 1, "type": "cube", "action": "add", "frame_id": "map",
        "pose": {"position": (1.0, 0.0, 0.5), "orientation": (0.0, 0.0, 0.0, 1.0)},
        "scale": (0.2, 0.2, 0.2), "color": (1.0, 0.0, 0.0, 0.6), "text": "", "points": []}


def _with(**fields: object) -> dict:
    return {**GOOD, **fields}


@pytest.mark.parametrize(("marker", "words"), [
    (_with(frame_id="odom"), "frame"),
    (_with(type="mesh"), "unknown type"),
    (_with(action="modify"), "unknown action"),
    (_with(scale=(0.2, 0.0, 0.2)), "every axis"),
    (_with(color=(1.0, 0.0, 0.0, 0.0)), "alpha"),
    (_with(color=(2.0, 0.0, 0.0, 1.0)), "outside"),
    (_with(pose={"position": (1.0, 0.0, 0.5), "orientation": (0.0, 0.0, 0.0, 0.0)}),
     "unit quaternion"),
    (_with(pose={"position": (float("nan"), 0.0, 0.5), "orientation": (0, 0, 0, 1.0)}),
     "not finite"),
    (_with(type="text", text="", scale=(0, 0, 0.15)), "empty text"),
    (_with(type="text", text="mug\n(object_1)", scale=(0, 0, 0.15)), "readable"),
    (_with(type="text", text="mug", scale=(0, 0, 0.001)), "text height"),
    (_with(type="line_list", scale=(0.03, 0, 0), points=[]), "line list"),
    (_with(type="line_list", scale=(0.03, 0, 0), points=[(0, 0, 0)]), "line list"),
    (_with(type="line_list", scale=(0.0, 0, 0), points=[(0, 0, 0), (1, 0, 0)]), "width"),
])
def test_each_rule_rejects_what_rviz_cannot_draw(marker: dict, words: str) -> None:
    assert marker_problems(GOOD, ["map"]) == []
    problems = marker_problems(marker, ["map"])
    assert problems and words in problems[0], problems


def test_a_message_needs_unique_keys_and_deleteall_first() -> None:
    wipe = _with(ns="", id=0, action="deleteall")
    assert array_problems([wipe, GOOD, _with(id=2)], ["map"]) == []
    assert "twice" in array_problems([GOOD, GOOD], ["map"])[0]
    assert "wipes" in array_problems([GOOD, wipe], ["map"])[0]


def test_the_mirror_finds_orphans_and_missing_nodes() -> None:
    class Node:
        def __init__(self, id: str, layer: str, position: tuple) -> None:
            self.id, self.layer, self.label, self.position = id, layer, "mug", position
            self.state, self.parent_id = "", ""

    mirror = MarkerMirror()
    mirror.apply([GOOD, _with(ns="object_labels", type="text", text="mug (object_1)",
                              scale=(0, 0, 0.15))])
    assert mirror.graph_problems([Node("object_1", "object", (1.0, 0.0, 0.5))], []) == []
    assert any("orphans" in p for p in mirror.graph_problems([], []))
    moved = mirror.graph_problems([Node("object_1", "object", (2.0, 0.0, 0.5))], [])
    assert any("marker at" in p for p in moved)
    mirror.apply([_with(action="delete")])
    assert any("without a marker" in p
               for p in mirror.graph_problems([Node("object_1", "object", (1, 0, 0.5))], []))


def test_a_household_run_keeps_the_contract_and_the_mirror_equals_the_graph(
        tmp_path: Path) -> None:
    """Frames with new objects, a move, a removal, a skill outcome (put into the fridge,
    close it): every message keeps the contract; the mirror equals the graph after each."""
    memory = Memory(MemorySettings(memory_dir=str(tmp_path),
                                   short_term=ShortTermSettings(capacity=10),
                                   durability="normal"))
    try:
        lt = memory.long_term
        messages: list[list[dict]] = [lt.markers_full()]
        lt.add_marker_listener(messages.append)
        mirror = MarkerMirror()

        def check() -> None:
            for message in messages:
                assert array_problems(message, [lt.frame_id]) == []
                mirror.apply(message)
            messages.clear()
            answer = lt.serialise("graph")
            navigable = [(e.source, e.target) for e in answer.edges if e.kind == "navigable"]
            assert mirror.graph_problems(answer.nodes, navigable) == []

        def frame(stamp: float, seen: list[Observation], at: float = 0.0) -> None:
            pose = Pose.make((at, 0.0, 1.0), (-0.5, 0.5, -0.5, 0.5))
            lt.apply(seen, CameraView(stamp, pose, K, 0.3, 6.0), stamp)
            check()

        check()  # the empty graph: nothing drawn, nothing missing
        scene = [Observation.at("Fridge", (3.0, 0.0, 0.9), 1.0, extent=(0.6, 0.6, 1.5),
                                state="opened"),
                 Observation.at("Apple", (2.0, 0.3, 0.9), 1.0),
                 Observation.at("Mug", (2.5, -0.4, 0.9), 1.0),
                 Observation.at("Book", (2.2, -0.2, 0.9), 1.0)]
        frame(1.0, scene)
        frame(2.0, scene[:3] + [Observation.at("Book", (2.2, 0.6, 0.9), 2.0)])  # moved
        for k in range(3, 12):  # the mug is gone: missed until removed
            frame(float(k), [scene[0], scene[1], Observation.at("Book", (2.2, 0.6, 0.9), k)])
        labels = {lt.graph.node(o)["label"] for o in lt.graph.nodes("object")}
        assert "Mug" not in labels and {"Fridge", "Apple", "Book"} <= labels
        frame(12.0, [], at=-3.0)  # the robot elsewhere: a second area, a NAVIGABLE edge
        ids = {lt.graph.node(o)["label"]: o for o in lt.graph.nodes("object")}
        memory.recall.record_outcome("", "put", [ids["Apple"], ids["Fridge"], "in"], True,
                                     stamp=13.0)
        memory.recall.record_outcome("", "close", [ids["Fridge"]], True, stamp=14.0)
        assert messages, "a skill outcome changed the graph but no markers went out"
        check()
        assert "closed" in mirror.markers[("object_labels",
                                           int(ids["Fridge"].rsplit("_", 1)[1]))]["text"]
        assert mirror.markers[("navigability", 0)]["points"]
        colours = mirror.colours_by_class()
        assert colours["apple"] == pytest.approx(label_colour("Apple"))
    finally:
        memory.close()


def test_the_rviz_config_shows_every_namespace_the_server_draws() -> None:
    import yaml  # noqa: PLC0415

    from memory_node.core.scene_graph.markers import NAMESPACES, NAVIGABILITY_NS  # noqa: PLC0415

    config = yaml.safe_load((Path(__file__).resolve().parents[2] / "config" / "memory.rviz")
                            .read_text())
    (display,) = [d for d in config["Visualization Manager"]["Displays"]
                  if d["Class"] == "rviz_default_plugins/MarkerArray"]
    drawn = {ns for layer in ("area", "object") for ns in NAMESPACES[layer]} | {NAVIGABILITY_NS}
    assert drawn <= {ns for ns, shown in display["Namespaces"].items() if shown}
