"""Write pictures of a house: top-down (rooms, furniture, objects, the robot) and what the
robot's camera sees, with its detections; and, after a run, the house with memory's scene
graph and the robot's path (`scene_picture`, from the world's ground truth, the memory's
graph and the pose track: no rendering).

    python -m memory_node.sim.picture [--seed N | --floorplan N] [--out DIR]
        [--width 640 --height 480]
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("MUJOCO_GL", "egl")

import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import FancyArrow, Rectangle  # noqa: E402

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
