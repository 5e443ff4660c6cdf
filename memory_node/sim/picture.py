"""Write pictures of a house: top-down (rooms, furniture, objects, the robot) and what the
robot's camera sees, with its detections.

    python -m memory_node.sim.picture [--seed N | --floorplan N] [--out DIR]
        [--width 640 --height 480]
"""

from __future__ import annotations

import argparse
import math
import os
import sys
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
    r = world.robot
    ax.add_patch(FancyArrow(r.x, r.y, 0.5 * math.cos(r.yaw), 0.5 * math.sin(r.yaw),
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
