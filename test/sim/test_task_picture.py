"""Per-task pictures (memory_node/sim/picture.py): what changed between two scene graphs,
and the figure that shows it, on a small two-room graph."""

from __future__ import annotations

from pathlib import Path

import pytest
from matplotlib.patches import FancyArrowPatch
from PIL import Image

from memory_node.sim.picture import (
    CHANGE_COLOURS,
    graph_changes,
    task_figure,
    task_picture,
)

TRUTH = {"rooms": [{"name": "kitchen", "bounds": [0.0, 0.0, 5.0, 4.0]},
                   {"name": "living_room", "bounds": [5.0, 0.0, 10.0, 4.0]}]}
AREAS = [("area_0", 1, "kitchen", "floor_0", (2.5, 2.0, 0.0), ""),
         ("area_1", 1, "living_room", "floor_0", (7.5, 2.0, 0.0), "")]


def obj(i: int, label: str, x: float, y: float, state: str = "none",
        area: str = "area_0") -> tuple:
    return (f"object_{i}", 2, label, area, (x, y, 0.9), state)


BEFORE = [*AREAS,
          obj(1, "Mug", 1.0, 1.0),
          obj(2, "Fridge", 4.5, 3.5, "closed"),
          obj(3, "Book", 8.0, 1.0, area="area_1"),
          obj(4, "Apple", 2.0, 3.0),
          obj(5, "Plate", 3.0, 1.0),
          obj(6, "Cabinet", 0.5, 3.5, "closed")]
AFTER = [*AREAS,
         obj(1, "Mug", 4.4, 3.4),                      # into the fridge: moved 3.9 m
         obj(2, "Fridge", 4.5, 3.5, "open"),           # opened
         obj(3, "Book", 2.0, 0.5),                     # carried to the kitchen
         obj(5, "Plate", 3.1, 1.05),                   # fused position drifted 11 cm
         obj(6, "Cabinet", 1.5, 3.5, "open"),          # moved AND opened
         obj(7, "Remote", 8.5, 3.0, area="area_1")]    # first seen; Apple (4) gone
EDGES = [("area_0", "area_1", 1)] + [(n[3], n[0], 0) for n in AFTER if n[1] == 2]
PATH = [(2.5, 2.0), (3.5, 2.5), (4.0, 3.0), (7.0, 2.0)]


def kinds(changes: list) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for c in changes:
        out.setdefault(c.kind, set()).add(c.object_id)
    return out


def test_changes_between_two_graphs() -> None:
    changes = graph_changes(BEFORE, AFTER)
    assert kinds(changes) == {"moved": {"object_1", "object_3", "object_6"},
                              "new": {"object_7"}, "removed": {"object_4"},
                              "state": {"object_2", "object_6"}}
    by = {(c.kind, c.object_id): c for c in changes}
    mug = by[("moved", "object_1")]
    assert mug.old == (1.0, 1.0) and mug.new == (4.4, 3.4)
    assert by[("state", "object_2")].detail == "closed -> open"
    assert by[("removed", "object_4")].new is None and by[("new", "object_7")].old is None
    # Areas are not objects; a drift below the threshold is not a move.
    assert not any(c.object_id.startswith("area") for c in changes)
    assert ("moved", "object_5") not in by
    assert ("moved", "object_5") in {(c.kind, c.object_id)
                                     for c in graph_changes(BEFORE, AFTER, moved_m=0.05)}


def test_no_change_is_empty() -> None:
    assert graph_changes(BEFORE, BEFORE) == []
    assert [c.kind for c in graph_changes([], AFTER)] == ["new"] * 6


def test_figure_draws_one_arrow_per_moved_object() -> None:
    fig, changes = task_figure(TRUTH, BEFORE, AFTER, EDGES, PATH, "a small graph")
    try:
        left, right = fig.axes[:2]
        arrows = [p for p in right.patches if isinstance(p, FancyArrowPatch)]
        assert sorted(a.get_gid() for a in arrows) == [
            "moved:object_1", "moved:object_3", "moved:object_6"]
        for a in arrows:  # from the old place to the new one, in the moved colour
            c = next(c for c in changes if f"{c.kind}:{c.object_id}" == a.get_gid())
            (x0, y0), (x1, y1) = a._posA_posB  # type: ignore[attr-defined]
            assert (x0, y0) == pytest.approx(c.old) and (x1, y1) == pytest.approx(c.new)
            assert a.get_edgecolor()[:3] == pytest.approx(
                tuple(int(CHANGE_COLOURS["moved"][i:i + 2], 16) / 255 for i in (1, 3, 5)))
        marks = {line.get_gid() for line in right.lines if line.get_gid()}
        assert marks == {"new:object_7", "removed:object_4", "state:object_2",
                         "state:object_6"}
        # The floor plan: every object of the graph after the task, the areas, the path.
        drawn = {(round(x, 2), round(y, 2)) for line in left.lines
                 for x, y in zip(line.get_xdata(), line.get_ydata(), strict=True)}
        for n in AFTER:
            assert (round(n[4][0], 2), round(n[4][1], 2)) in drawn
        assert set(PATH) <= drawn
        # Legend counts say what the arrows and marks show.
        legend = [t.get_text() for t in fig.legends[1].get_texts()]
        assert "moved (3)" in legend and "new (1)" in legend and "removed (1)" in legend
        assert "state changed (2)" in legend
    finally:
        import matplotlib.pyplot as plt

        plt.close(fig)


def test_labels_do_not_overlap() -> None:
    # Twenty objects in a 1 m square: some labels must be left out rather than overlap.
    crowd = [*AREAS, *(obj(10 + i, f"Thing{i}", 1.0 + 0.05 * i, 1.0 + 0.04 * i)
                       for i in range(20))]
    fig, _ = task_figure(TRUTH, crowd, crowd, [], [])
    try:
        renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
        for ax in fig.axes[:2]:
            boxes = [t.get_window_extent(renderer) for t in ax.texts
                     if t.get_text().startswith("Thing")]
            for i, a in enumerate(boxes):
                assert not any(a.overlaps(b) for b in boxes[i + 1:])
        assert "labels left out" in fig.axes[0].get_title()
        assert any(t.get_text() == "no change in memory during this task"
                   for t in fig.axes[1].texts)
    finally:
        import matplotlib.pyplot as plt

        plt.close(fig)


def test_picture_file(tmp_path: Path) -> None:
    out = tmp_path / "task.png"
    changes = task_picture(TRUTH, BEFORE, AFTER, EDGES, PATH, out, "house, task 2")
    assert len(changes) == 7
    assert out.stat().st_size > 30_000
    with Image.open(out) as im:
        width, height = im.size
    # Two panels side by side, wide enough to read 8-point labels.
    assert 1600 <= width <= 2200 and 500 <= height <= 1400


def test_many_new_objects_are_marked_not_named() -> None:
    # Memory cleared before the task: everything is new; a label each would bury the plan.
    many = [*AREAS, *(obj(20 + i, f"Thing{i}", 0.5 + 0.45 * i, 0.5 + 0.1 * (i % 3))
                      for i in range(20))]
    fig, changes = task_figure(TRUTH, AREAS, many, [], [])
    try:
        right = fig.axes[1]
        marks = [line for line in right.lines if (line.get_gid() or "").startswith("new:")]
        assert len(marks) == len(changes) == 20
        assert not [t for t in right.texts if t.get_text().endswith(" new")]
        assert "new objects marked, not named" in right.get_title()
    finally:
        import matplotlib.pyplot as plt

        plt.close(fig)
