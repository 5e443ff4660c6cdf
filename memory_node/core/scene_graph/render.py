"""Top-down PNG of a scene graph: areas, navigability, objects as oriented boxes.

    python -m memory_node.core.scene_graph.render memory.sqlite -o graph.png
    python -m memory_node.core.scene_graph.render graph.json -o graph.png
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from pathlib import Path

import matplotlib as mpl

mpl.use("Agg")  # headless robots and CI have no display
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.patches import Circle, Polygon  # noqa: E402

from memory_node.core.perception.camera import quaternion_to_matrix  # noqa: E402
from memory_node.core.scene_graph.graph import AREA, NAVIGABLE, OBJECT, SceneGraph  # noqa: E402
from memory_node.core.scene_graph.markers import label_colour  # noqa: E402
from memory_node.core.scene_graph.persistence import from_json, load_graph  # noqa: E402


def render_png(graph: SceneGraph, path: str | Path, size_inches: float = 10.0,
               dpi: int = 100, show_labels: bool = True) -> Path:
    """Draw `graph` seen from above into a PNG at `path`; returns the path."""
    fig, ax = plt.subplots(figsize=(size_inches, size_inches), dpi=dpi)
    g = graph.graph
    for a, b, kind in g.edges(data="kind"):
        if kind == NAVIGABLE:
            (xa, ya, _), (xb, yb, _) = g.nodes[a]["position"], g.nodes[b]["position"]
            ax.plot([xa, xb], [ya, yb], color="#c9b000", lw=1.5, zorder=1)
    for area in graph.nodes(AREA):
        x, y, _ = g.nodes[area]["position"]
        ax.add_patch(Circle((x, y), 0.25, color="#3366ff", alpha=0.8, zorder=2))
        ax.annotate(area, (x, y), xytext=(0, -14), textcoords="offset points", ha="center",
                    fontsize=7, color="#3366ff")
    for obj in graph.nodes(OBJECT):
        attrs = g.nodes[obj]
        rot = quaternion_to_matrix(attrs["box_rotation"])
        half = 0.5 * np.maximum(np.asarray(attrs["box_extent"]), 0.05)
        corners = np.array([[-1, -1, 0], [1, -1, 0], [1, 1, 0], [-1, 1, 0]]) * half
        footprint = corners @ rot.T + np.asarray(attrs["position"])
        ax.add_patch(Polygon(footprint[:, :2], closed=True, color=label_colour(attrs["label"]),
                             alpha=0.7, zorder=3))
        if show_labels:
            ax.annotate(attrs["label"], attrs["position"][:2], fontsize=6, ha="center",
                        zorder=4)
    ax.set_aspect("equal")
    ax.autoscale_view()
    ax.margins(0.05)
    ax.set_xlabel("x (m)")
    ax.set_ylabel("y (m)")
    ax.set_title(f"{len(graph.nodes(AREA))} areas, {graph.object_count} objects")
    ax.grid(True, alpha=0.3)
    path = Path(path)
    fig.savefig(path)
    plt.close(fig)
    return path


def load_any(path: str | Path) -> SceneGraph:
    """A scene graph from a SQLite memory file or a JSON export."""
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"{path} does not exist")
    if path.suffix.lower() == ".json":
        return from_json(json.loads(path.read_text()))
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return load_graph(conn)
    finally:
        conn.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("source", help="SQLite memory file or JSON export of a scene graph")
    parser.add_argument("-o", "--output", default="scene_graph.png")
    parser.add_argument("--no-labels", action="store_true")
    args = parser.parse_args(argv)
    try:
        graph = load_any(args.source)
    except (FileNotFoundError, sqlite3.Error, ValueError) as exc:
        print(f"render: {exc}", file=sys.stderr)
        return 2
    out = render_png(graph, args.output, show_labels=not args.no_labels)
    print(f"{out}: {len(graph.nodes(AREA))} areas, {graph.object_count} objects")
    return 0


if __name__ == "__main__":
    sys.exit(main())
