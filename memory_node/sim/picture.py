"""Write pictures of a house: top-down (rooms, furniture, objects, the robot) and what the
robot's camera sees, with its detections; and, after a run, the house with memory's scene
graph and the robot's path (`scene_picture`, from the world's ground truth, the memory's
graph and the pose track: no rendering); per task, memory's floor plan at the task's end
beside what changed in memory during it (`task_picture`: the scene graph before and after
the task, compared by node id; the world's ground truth only draws the room walls).

    python -m memory_node.sim.picture [--seed N | --floorplan N] [--out DIR]
        [--width 640 --height 480]
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("MUJOCO_GL", "egl")

import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.axes import Axes  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.patches import FancyArrow, FancyArrowPatch, Rectangle  # noqa: E402
from matplotlib.text import Text  # noqa: E402
from matplotlib.transforms import Bbox  # noqa: E402

from memory_node.core.scene_graph.markers import label_colour  # noqa: E402
from memory_node.sim.core.layouts import LayoutError, from_floorplan, from_seed  # noqa: E402
from memory_node.sim.core.sensors import SensorRig  # noqa: E402
from memory_node.sim.core.world import World  # noqa: E402


def top_down(world: World, rig: SensorRig, path: Path) -> None:
    img = rig.top_view(world)
    xs = [r.x0 for r in world.rooms] + [r.x1 for r in world.rooms]
    ys = [r.y0 for r in world.rooms] + [r.y1 for r in world.rooms]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    half = (max(max(xs) - min(xs), max(ys) - min(ys)) + 0.6) / 2
    fig, ax = plt.subplots(figsize=(10, 10), dpi=100)
    ax.imshow(img, extent=(cx - half, cx + half, cy - half, cy + half))
    for r in world.rooms:
        ax.add_patch(Rectangle((r.x0, r.y0), r.x1 - r.x0, r.y1 - r.y0, fill=False, lw=1.5,
                               ec="black"))
        ax.text(*r.center, r.name, ha="center", va="center", fontsize=14, alpha=0.5,
                weight="bold")
    for o in world.objects.values():
        if o.kind.decor:
            continue
        small = o.kind.pickupable
        ax.text(o.position[0], o.position[1], o.type, fontsize=6 if small else 7,
                color="darkred" if small else "navy", ha="center", va="center")
    rob = world.robot
    ax.add_patch(FancyArrow(rob.x, rob.y, 0.5 * math.cos(rob.yaw), 0.5 * math.sin(rob.yaw),
                            width=0.08, color="orange"))
    ax.set_title(f"{world.name} ({world.source}): {len(world.objects)} objects")
    ax.set_xlabel("x (m)")
    ax.set_ylabel("y (m)")
    fig.savefig(path, bbox_inches="tight")
    plt.close(fig)


def camera_frame(world: World, rig: SensorRig, path: Path) -> None:
    frame = rig.capture(world)
    fig, ax = plt.subplots(figsize=(frame.rgb.shape[1] / 80, frame.rgb.shape[0] / 80), dpi=80)
    ax.imshow(frame.rgb)
    for d in frame.detections:
        x0, y0, x1, y1 = d.box
        ax.add_patch(Rectangle((x0, y0), x1 - x0, y1 - y0, fill=False, ec="lime", lw=1.5))
        ax.text(x0, y0, f"{d.label} {d.score:.2f} {d.state}", color="lime", fontsize=8,
                va="bottom")
    ax.axis("off")
    fig.savefig(path, bbox_inches="tight")
    plt.close(fig)


def scene_picture(truth: dict, nodes: Sequence[tuple], edges: Sequence[tuple],
                  path_xy: Sequence[tuple[float, float]], out: Path, title: str = "") -> None:
    """Top-down: rooms and every world object (grey), memory's objects (blue dots, labelled;
    a line to the object they are in or on, the scene graph's containment), the robot's
    path (orange, start o, end x).

    `nodes` and `edges` are `MemoryClient.get_scene_graph("graph")`'s: (id, layer, label,
    parent, position, state) and (source, target, kind)."""
    fig, ax = plt.subplots(figsize=(11, 10), dpi=100)
    for r in truth.get("rooms", []):
        x0, y0, x1, y1 = r["bounds"]
        ax.add_patch(Rectangle((x0, y0), x1 - x0, y1 - y0, fill=False, lw=1.5, ec="black"))
        ax.text((x0 + x1) / 2, (y0 + y1) / 2, r["name"], ha="center", va="center",
                fontsize=16, alpha=0.25, weight="bold")
    for o in truth.get("objects", []):
        x, y = o["position"][:2]
        w, d = (o.get("size") or [0.1, 0.1])[:2]
        ax.add_patch(Rectangle((x - w / 2, y - d / 2), w, d, fill=True, alpha=0.15,
                               fc="grey", ec="grey", lw=0.5))
    objects = {n[0]: n for n in nodes if n[1] == 2}
    for n in objects.values():
        parent = objects.get(n[3])
        if parent is not None:
            ax.plot([n[4][0], parent[4][0]], [n[4][1], parent[4][1]], color="steelblue",
                    lw=0.6, alpha=0.6)
    for _i, _layer, label, _parent, pos, state in objects.values():
        ax.plot(pos[0], pos[1], "o", ms=4, color="royalblue")
        shown = f"{label} ({state})" if state not in ("", "none") else label
        ax.text(pos[0], pos[1] + 0.06, shown, fontsize=6, color="navy", ha="center",
                va="bottom")
    if path_xy:
        xs, ys = zip(*path_xy, strict=True)
        ax.plot(xs, ys, color="orange", lw=1.8, alpha=0.9, label="robot path")
        ax.plot(xs[0], ys[0], "o", color="darkorange", ms=9)
        ax.plot(xs[-1], ys[-1], "x", color="darkorange", ms=10, mew=2.5)
    ax.set_aspect("equal")
    ax.autoscale_view()
    ax.set_title(title or f"{truth.get('source', '')}: {len(objects)} objects in memory, "
                 f"{len(truth.get('objects', []))} in the house, {len(edges)} graph edges")
    ax.set_xlabel("x (m)")
    ax.set_ylabel("y (m)")
    fig.savefig(out, bbox_inches="tight")
    plt.close(fig)


# -- per task: memory's floor plan and what changed ----------------------------------------
OBJECT, AREA = 2, 1        # SceneGraphNode layers
CONTAINS, NAVIGABLE = 0, 1  # SceneGraphEdge kinds
# The browser view's change colours (memory_node/viz/rerun_view.py), so both views agree.
CHANGE_COLOURS = {"moved": "#ff8c00", "new": "#28b450", "removed": "#e62828",
                  "state": "#a050f0"}
ROBOT_COLOUR = "#00a0d0"
MOVED_M = 0.3  # a fused position drifts by centimetres as views add up; moves are metres
# Above this many new objects (a first task, or memory cleared) they are marked, not named:
# the floor plan beside names them, and 70 "X new" labels hide the moves that matter.
MAX_NEW_LABELS = 12

Node = tuple  # (id, layer, label, parent, (x, y, z), state), as MemoryClient returns them


@dataclass(frozen=True)
class GraphChange:
    """One object that changed in memory between two scene graphs."""

    kind: str                              # moved | new | removed | state
    object_id: str
    label: str
    old: tuple[float, float] | None        # where memory had it before (None: new)
    new: tuple[float, float] | None        # where memory has it after (None: removed)
    detail: str = ""                       # "closed -> open" for a state change


def graph_changes(before: Sequence[Node], after: Sequence[Node], moved_m: float = MOVED_M
                  ) -> list[GraphChange]:
    """The objects memory added, lost, moved (more than `moved_m` in x-y) or gave another
    state between two scene graphs, by node id. An object both moved and changed state
    gives two changes. A node absorbed into an older one (the server's merge) shows as
    removed: the graph no longer holds that id."""
    old = {n[0]: n for n in before if n[1] == OBJECT}
    new = {n[0]: n for n in after if n[1] == OBJECT}
    out: list[GraphChange] = []
    for oid, n in new.items():
        xy = (float(n[4][0]), float(n[4][1]))
        was = old.get(oid)
        if was is None:
            out.append(GraphChange("new", oid, n[2], None, xy))
            continue
        wxy = (float(was[4][0]), float(was[4][1]))
        if math.dist(wxy, xy) > moved_m:
            out.append(GraphChange("moved", oid, n[2], wxy, xy, f"{math.dist(wxy, xy):.1f} m"))
        if (was[5] or "none") != (n[5] or "none"):
            out.append(GraphChange("state", oid, n[2], wxy, xy,
                                   f"{was[5] or 'none'} -> {n[5] or 'none'}"))
    for oid, was in old.items():
        if oid not in new:
            out.append(GraphChange("removed", oid, was[2],
                                   (float(was[4][0]), float(was[4][1])), None))
    return sorted(out, key=lambda c: (c.kind, c.label, c.object_id))


def _rooms(ax: Axes, truth: dict) -> list[Text]:
    # Names in a corner: the room's centre is where memory's area node and its label sit.
    names = []
    for r in truth.get("rooms", []):
        x0, y0, x1, y1 = r["bounds"]
        ax.add_patch(Rectangle((x0, y0), x1 - x0, y1 - y0, fill=False, lw=1.2, ec="0.35"))
        names.append(ax.text(x0 + 0.1, y1 - 0.1, r["name"], ha="left", va="top", fontsize=10,
                             color="0.55", style="italic", zorder=0))
    return names


def _path(ax: Axes, path_xy: Sequence[tuple[float, float]], faint: bool = False) -> None:
    if len(path_xy) < 1:
        return
    xs, ys = zip(*path_xy, strict=True)
    alpha = 0.35 if faint else 0.9
    # The browser view's robot colour; orange is for moved objects.
    ax.plot(xs, ys, color=ROBOT_COLOUR, lw=1.2 if faint else 2.0, alpha=alpha,
            label="robot path (o start, x end)", zorder=2)
    ax.plot(xs[0], ys[0], "o", color=ROBOT_COLOUR, ms=8, alpha=alpha, zorder=2)
    ax.plot(xs[-1], ys[-1], "x", color=ROBOT_COLOUR, ms=9, mew=2.5, alpha=alpha, zorder=2)


def _limits(truth: dict, points: Sequence[tuple[float, float]]) -> tuple[float, ...]:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    for r in truth.get("rooms", []):
        xs += [r["bounds"][0], r["bounds"][2]]
        ys += [r["bounds"][1], r["bounds"][3]]
    if not xs:
        return (-1.0, 1.0, -1.0, 1.0)
    return (min(xs) - 0.5, max(xs) + 0.5, min(ys) - 0.5, max(ys) + 0.5)


# Where a label may go around its point (offset in points, alignment), nearest first.
_SPOTS = ((0, 5, "center", "bottom"), (0, -5, "center", "top"), (6, 0, "left", "center"),
          (-6, 0, "right", "center"), (6, 6, "left", "bottom"), (-6, 6, "right", "bottom"),
          (6, -6, "left", "top"), (-6, -6, "right", "top"), (0, 14, "center", "bottom"),
          (0, -14, "center", "top"))


def place_labels(fig: Figure, ax: Axes, items: Sequence[tuple[float, float, str, str]],
                 fontsize: float, taken: list[Bbox] | None = None, weight: str = "normal",
                 backdrop: bool = False) -> int:
    """Label points without overlap: each label takes the first free spot around its point
    (in the order given: put the important ones first); a label with no free spot is left
    out. Returns how many were left out. `taken` collects the boxes used (share it across
    calls to keep a later group off an earlier one)."""
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    ax.apply_aspect()
    frame = ax.get_window_extent(renderer)
    used = taken if taken is not None else []
    left_out = 0
    for x, y, text, colour in items:
        for dx, dy, ha, va in _SPOTS:
            t = ax.annotate(text, (x, y), xytext=(dx, dy), textcoords="offset points",
                            ha=ha, va=va, fontsize=fontsize, color=colour, weight=weight,
                            zorder=6, bbox=dict(fc="white", ec="none", alpha=0.8, pad=0.8)
                            if backdrop else None)
            box = t.get_window_extent(renderer).expanded(1.04, 1.08)
            inside = frame.contains(box.x0, box.y0) and frame.contains(box.x1, box.y1)
            if inside and not any(box.overlaps(b) for b in used):
                used.append(box)
                break
            t.remove()
        else:
            left_out += 1
    return left_out


def marker_boxes(fig: Figure, ax: Axes, points: Sequence[tuple[float, float]],
                 half_px: float = 5.0) -> list[Bbox]:
    """Display boxes around drawn markers, for `place_labels` to keep labels off them."""
    fig.canvas.get_renderer()  # type: ignore[attr-defined]
    ax.apply_aspect()
    out = []
    for x, y in points:
        px, py = ax.transData.transform((x, y))
        out.append(Bbox.from_extents(px - half_px, py - half_px, px + half_px, py + half_px))
    return out


def _text_boxes(fig: Figure, texts: Sequence[Text]) -> list[Bbox]:
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    return [t.get_window_extent(renderer) for t in texts]


def _legend(fig: Figure, ax: Axes) -> None:
    """Under the panel, at the figure's bottom edge (clear of the x label whatever the
    panel's height)."""
    box = ax.get_position()
    handles, labels = ax.get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=5, fontsize=9, frameon=False,
               bbox_to_anchor=((box.x0 + box.x1) / 2, 0.005))


def _figsize(limits: tuple[float, ...]) -> tuple[float, float]:
    """Two equal-aspect panels side by side, 20 inches wide, the height the data needs."""
    x0, x1, y0, y1 = limits
    panel_w = 8.8
    return 20.0, min(16.0, max(6.0, panel_w * (y1 - y0) / max(x1 - x0, 1e-6) + 2.6))


def task_figure(truth: dict, before: Sequence[Node], after: Sequence[Node],
                edges: Sequence[tuple], path_xy: Sequence[tuple[float, float]],
                title: str = "", moved_m: float = MOVED_M
                ) -> tuple[Figure, list[GraphChange]]:
    """Left: memory's floor plan at the task's end (areas, NAVIGABLE edges, objects in
    their class colours with CONTAINS lines to their area, the robot's path of the task).
    Right: what changed in memory during the task (`graph_changes`): moved objects as an
    arrow from the old place to the new, new, removed and state-changed objects as marks,
    each coloured by kind. Artists of changes carry gid "<kind>:<object id>"."""
    changes = graph_changes(before, after, moved_m)
    nodes = {n[0]: n for n in after}
    objects = [n for n in after if n[1] == OBJECT]
    areas = [n for n in after if n[1] == AREA]
    pts = [(float(n[4][0]), float(n[4][1])) for n in (*objects, *areas)]
    pts += [c.old for c in changes if c.old] + list(path_xy)
    limits = _limits(truth, pts)
    x0, x1, y0, y1 = limits
    fig, (left, right) = plt.subplots(1, 2, figsize=_figsize(limits), dpi=100)
    room_names = {}
    for ax in (left, right):
        room_names[ax] = _rooms(ax, truth)
        ax.set_xlim(x0, x1)
        ax.set_ylim(y0, y1)
        ax.set_aspect("equal")
        ax.set_xlabel("x (m)")
        ax.set_ylabel("y (m)")
    height = fig.get_figheight()  # margins in inches: title above, x label and legend below
    fig.subplots_adjust(left=0.04, right=0.99, top=1 - 0.9 / height, bottom=1.05 / height,
                        wspace=0.1)

    # Left: the floor plan.
    for s, t, kind in edges:
        a, b = nodes.get(s), nodes.get(t)
        if a is None or b is None:
            continue
        xs, ys = (a[4][0], b[4][0]), (a[4][1], b[4][1])
        if kind == NAVIGABLE:
            left.plot(xs, ys, color="goldenrod", lw=2.5, ls="--", zorder=3)
        elif kind == CONTAINS and b[1] == OBJECT:
            left.plot(xs, ys, color="0.7", lw=0.6, zorder=1)
    for n in objects:
        left.plot(n[4][0], n[4][1], "o", ms=6, color=label_colour(n[2]), mec="0.2", mew=0.5,
                  zorder=4)
    if areas:
        left.plot([a[4][0] for a in areas], [a[4][1] for a in areas], "s", ms=11,
                  color="royalblue", mec="navy", zorder=5, label="area (memory)")
    left.plot([], [], "o", color="0.6", label="object (class colour)")
    left.plot([], [], color="goldenrod", lw=2.5, ls="--", label="navigable edge")
    left.plot([], [], color="0.7", lw=0.6, label="area contains object")
    _path(left, path_xy)
    taken = marker_boxes(fig, left, [(n[4][0], n[4][1]) for n in (*objects, *areas)])
    taken += _text_boxes(fig, room_names[left])
    place_labels(fig, left, [(a[4][0], a[4][1], a[2], "navy") for a in areas], 10, taken,
                 weight="bold")
    shown = [(n[4][0], n[4][1], n[2] if n[5] in ("", "none") else f"{n[2]} ({n[5]})", "0.1")
             for n in sorted(objects, key=lambda n: n[2])]
    hidden = place_labels(fig, left, shown, 8, taken)
    _legend(fig, left)
    left.set_title(f"memory at the end of the task: {len(areas)} areas, {len(objects)} "
                   f"objects, {sum(1 for e in edges if e[2] == NAVIGABLE)} navigable edges"
                   + (f" ({hidden} labels left out for space)" if hidden else ""),
                   fontsize=11)

    # Right: what changed.
    if objects:
        right.plot([n[4][0] for n in objects], [n[4][1] for n in objects], "o", ms=4,
                   color="0.8", zorder=1)
    _path(right, path_xy, faint=True)
    counts = {k: 0 for k in CHANGE_COLOURS}
    labels: list[tuple[float, float, str, str]] = []
    name_new = sum(1 for c in changes if c.kind == "new") <= MAX_NEW_LABELS
    for c in changes:
        colour = CHANGE_COLOURS[c.kind]
        counts[c.kind] += 1
        gid = f"{c.kind}:{c.object_id}"
        if c.kind == "moved" and c.old and c.new:
            right.add_patch(FancyArrowPatch(c.old, c.new, arrowstyle="-|>", mutation_scale=18,
                                            lw=2.2, color=colour, zorder=5, gid=gid,
                                            shrinkA=4, shrinkB=4))
            right.plot(*c.old, "o", ms=8, mfc="white", mec=colour, mew=2, zorder=5)
            right.plot(*c.new, "o", ms=8, color=colour, zorder=5)
            labels.append((*c.new, f"{c.label} moved {c.detail}", colour))
        elif c.kind == "new" and c.new:
            right.plot(*c.new, "P", ms=10, color=colour, mec="white", zorder=5, gid=gid)
            if name_new:
                labels.append((*c.new, f"{c.label} new", colour))
        elif c.kind == "removed" and c.old:
            right.plot(*c.old, "X", ms=10, color=colour, mec="white", zorder=5, gid=gid)
            labels.append((*c.old, f"{c.label} removed", colour))
        elif c.kind == "state" and c.new:
            right.plot(*c.new, "D", ms=9, mfc="none", mec=colour, mew=2.2, zorder=6, gid=gid)
            labels.append((*c.new, f"{c.label}: {c.detail}", colour))
    order = {"moved": 0, "state": 1, "removed": 2, "new": 3}  # the rarer kinds first
    labels.sort(key=lambda item: order[next(k for k, v in CHANGE_COLOURS.items()
                                            if v == item[3])])
    marked = [c.new or c.old for c in changes] + [c.old for c in changes if c.old and c.new]
    hidden_changes = place_labels(fig, right, labels, 9,
                                  marker_boxes(fig, right, [m for m in marked if m])
                                  + _text_boxes(fig, room_names[right]),
                                  weight="bold", backdrop=True)
    marks = {"moved": "-|>", "new": "P", "removed": "X", "state": "D"}
    for kind, colour in CHANGE_COLOURS.items():
        if marks[kind] == "-|>":
            right.plot([], [], color=colour, lw=2.2, label=f"moved ({counts[kind]})")
        else:
            right.plot([], [], marks[kind], color=colour, ms=9,
                       label=f"{'state changed' if kind == 'state' else kind} "
                       f"({counts[kind]})")
    _legend(fig, right)
    if not changes:
        right.text(0.5, 0.5, "no change in memory during this task", transform=right.transAxes,
                   ha="center", va="center", fontsize=14, color="0.3")
    notes = ([] if name_new else ["new objects marked, not named"]) + (
        [f"{hidden_changes} labels left out"] if hidden_changes else [])
    right.set_title("what changed in memory during the task (scene graph before vs after)"
                    + (f" ({'; '.join(notes)})" if notes else ""), fontsize=11)
    if title:
        fig.suptitle(title, fontsize=13)
    return fig, changes


def task_picture(truth: dict, before: Sequence[Node], after: Sequence[Node],
                 edges: Sequence[tuple], path_xy: Sequence[tuple[float, float]], out: Path,
                 title: str = "", moved_m: float = MOVED_M) -> list[GraphChange]:
    """Write `task_figure` to `out` (PNG); returns the changes it drew."""
    fig, changes = task_figure(truth, before, after, edges, path_xy, title, moved_m)
    try:
        fig.savefig(out, bbox_inches="tight")
    finally:
        plt.close(fig)
    return changes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    g = parser.add_mutually_exclusive_group()
    g.add_argument("--seed", type=int, default=0)
    g.add_argument("--floorplan", type=int)
    parser.add_argument("--out", type=Path, default=Path("."))
    parser.add_argument("--width", type=int, default=640)
    parser.add_argument("--height", type=int, default=480)
    args = parser.parse_args(argv)
    try:
        world = from_floorplan(args.floorplan) if args.floorplan is not None \
            else from_seed(args.seed)
    except LayoutError as exc:
        parser.error(str(exc))
    args.out.mkdir(parents=True, exist_ok=True)
    rig = SensorRig(world, args.width, args.height)
    try:
        top_down(world, rig, args.out / "house_top.png")
        camera_frame(world, rig, args.out / "camera.png")
    finally:
        rig.close()
    print(f"wrote {args.out / 'house_top.png'} and {args.out / 'camera.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
