"""The browser view's core without ROS or a viewer: what is drawn of a graph (level of
detail for 10,000 objects), when it is redrawn, recent changes, the robot path."""

from __future__ import annotations

import math

import numpy as np
import pytest

from memory_node.core.long_term import GraphEdge, GraphNode
from memory_node.core.scene_graph.markers import label_colour
from memory_node.viz.core.scene import Change, DetailSettings, RobotPath, build_scene
from memory_node.viz.core.view import MemoryView, ViewSettings


def area(i: int, x: float) -> GraphNode:
    return GraphNode(f"area_{i}", "area", f"area_{i}", "floor_0", (x, 0.0, 0.0), (0, 0, 0),
                     (0, 0, 0, 1), 0, 0, 1, 1.0, False, "", 0)


def obj(k: int, label: str, pos: tuple, parent: str = "area_0", state: str = "none",
        extent: tuple = (0.2, 0.3, 0.0)) -> GraphNode:
    return GraphNode(f"object_{k}", "object", label, parent, pos, extent, (0, 0, 0, 2.0), 0, 0,
                     1, 0.9, True, state, 0)


def test_a_small_graph_is_drawn_whole_with_class_colours_labels_and_edges() -> None:
    nodes = [area(0, 0.0), area(1, 3.0), obj(0, "Fridge", (1, 0, 0.9), state="opened"),
             obj(1, "Mug", (3, 1, 0.8), parent="area_1")]
    edges = [GraphEdge("area_0", "area_1", "navigable", 3.0),
             GraphEdge("area_0", "object_0", "contains", 1.0)]
    batch = build_scene(nodes, edges, 7)
    assert batch.revision == 7 and batch.counts == {
        "objects": 2, "boxed": 2, "points": 0, "areas": 2, "navigable": 1}
    assert batch.boxes.labels == ["Fridge (object_0) opened", "Mug (object_1)"]
    want = np.round(np.array(label_colour("Fridge")) * 255)
    np.testing.assert_array_equal(batch.boxes.colours[0], want)
    # flat boxes get a visible thickness; quaternions are normalised
    assert batch.boxes.half_sizes[0, 2] == pytest.approx(0.025)
    np.testing.assert_allclose(batch.boxes.quaternions[0], (0, 0, 0, 1))
    assert batch.navigable.shape == (1, 2, 3) and batch.contains.shape == (2, 2, 3)
    np.testing.assert_allclose(batch.contains[1], [(3, 1, 0.8), (3, 0, 0)])


def test_ten_thousand_objects_keep_a_detail_budget_recent_then_nearest() -> None:
    rng = np.random.default_rng(0)
    nodes = [area(0, 0.0)] + [obj(k, "Book", tuple(rng.uniform(-50, 50, 3)))
                              for k in range(10_000)]
    far_recent = "object_9999"
    recent = {far_recent: 100.0}
    batch = build_scene(nodes, [], 1, recent, robot=(0, 0, 0),
                        settings=DetailSettings(max_boxes=1500))
    assert batch.counts["boxed"] == 1500 and batch.counts["points"] == 8500
    assert len(batch.points.centres) == 8500  # every object is still drawn
    assert far_recent in batch.boxes.ids
    boxed = np.linalg.norm(batch.boxes.centres, axis=1)
    others = np.linalg.norm(batch.points.centres, axis=1)
    # apart from the recent one, the boxed objects are the nearest
    assert np.sort(boxed)[-2] <= others.min() + 1e-9
    assert len(batch.contains) == 1500  # CONTAINS lines only for boxed objects


class Recorder:
    def __init__(self) -> None:
        self.calls: list[tuple[str, object]] = []

    def scene(self, batch, stamp):  # noqa: ANN001, ANN201
        self.calls.append(("scene", batch.revision))

    def changes(self, new, recent, stamp):  # noqa: ANN001, ANN201
        self.calls.append(("changes", [c.kind for c in new]))

    def robot(self, path, stamp):  # noqa: ANN001, ANN201
        self.calls.append(("robot", len(path)))

    def image(self, rgb, stamp):  # noqa: ANN001, ANN201
        self.calls.append(("image", stamp))

    def status(self, text, stamp):  # noqa: ANN001, ANN201
        self.calls.append(("status", text))


def test_the_view_redraws_only_what_changed_and_throttles_images() -> None:
    sink = Recorder()
    view = MemoryView(sink, ViewSettings(image_period_s=1.0))
    assert not view.tick()
    view.set_graph([area(0, 0.0), obj(0, "Mug", (1, 0, 1))], [], 1, 10.0)
    view.set_robot((0, 0, 0), 10.0)
    view.add_change(Change("NEW", "object_0", "Mug", 10.0, None, (1, 0, 1)))
    rgb = np.zeros((4, 4, 3), np.uint8)
    view.set_image(rgb, 10.0)
    assert view.tick()
    kinds = [c[0] for c in sink.calls]
    assert kinds == ["scene", "status", "changes", "robot", "image"]
    assert "1 objects (all as boxes)" in sink.calls[1][1]
    sink.calls.clear()
    view.set_graph([area(0, 0.0), obj(0, "Mug", (1, 0, 1))], [], 1, 10.5)  # same revision
    view.set_robot((0.01, 0, 0), 10.5)  # below the path's step: not a new point
    view.set_image(rgb, 10.5)  # within the image period
    assert not view.tick() and sink.calls == []
    view.set_image(rgb, 11.2)
    view.tick()
    assert sink.calls == [("image", 11.2)]
    sink.calls.clear()
    view.redraw_all()  # the viewer restarted: everything again, the last picture too
    view.tick()
    assert [c[0] for c in sink.calls] == ["scene", "status", "robot", "image"]
    assert sink.calls[-1] == ("image", 11.2)


def test_robot_path_thins_and_refuses_non_finite_positions() -> None:
    path = RobotPath(min_step=0.1, limit=3)
    assert path.add((0, 0, 0)) and not path.add((0.05, 0, 0)) and path.add((0.2, 0, 0))
    for x in (1.0, 2.0):
        path.add((x, 0, 0))
    assert len(path.points) == 3 and path.points[-1] == (2.0, 0.0, 0.0)
    with pytest.raises(ValueError):
        path.add((math.nan, 0, 0))


def test_changes_read_as_one_line_each() -> None:
    moved = Change("MOVED", "object_3", "Mug", 1.0, (0, 0, 0), (1, 2, 0.5))
    assert moved.line() == "MOVED Mug (object_3) (0.00, 0.00, 0.00) -> (1.00, 2.00, 0.50)"
    gone = Change("REMOVED", "object_4", "Book", 2.0, (1, 1, 1), None)
    assert gone.line() == "REMOVED Book (object_4) at (1.00, 1.00, 1.00)"
