"""Top-down PNG rendering (function and command) and incremental rviz marker dicts."""

from __future__ import annotations

import json
import sqlite3

import numpy as np

from memory_node.core.perception.observation import Observation
from memory_node.core.scene_graph import RegionView, SceneGraph
from memory_node.core.scene_graph.markers import MarkerBuilder, label_colour
from memory_node.core.scene_graph.persistence import create_schema, save_all, to_json
from memory_node.core.scene_graph.render import main, render_png


def small_graph() -> SceneGraph:
    g = SceneGraph()
    g.visit((0, 0, 0), 0)
    g.visit((3, 0, 0), 1)
    rot = np.array([[0, -1, 0], [1, 0, 0], [0, 0, 1.0]])
    g.update([
        Observation("table", 0.9, (3, 1, 0.4), (3, 1, 0.4), (1.2, 0.6, 0.8), rot, 100, 2.0),
        Observation.at("mug", (3.1, 1.1, 0.85), 2.0),
    ])
    return g


def test_render_png_is_a_non_empty_image(tmp_path):
    out = render_png(small_graph(), tmp_path / "g.png")
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000


def test_render_command_reads_sqlite_and_json(tmp_path, capsys):
    g = small_graph()
    db = tmp_path / "memory.sqlite"
    conn = sqlite3.connect(db, isolation_level=None)
    create_schema(conn)
    save_all(conn, g)
    conn.close()
    (tmp_path / "g.json").write_text(json.dumps(to_json(g)))
    assert main([str(db), "-o", str(tmp_path / "a.png")]) == 0
    assert main([str(tmp_path / "g.json"), "-o", str(tmp_path / "b.png")]) == 0
    assert (tmp_path / "a.png").stat().st_size > 5000
    assert "2 areas, 2 objects" in capsys.readouterr().out
    assert main([str(tmp_path / "missing.sqlite")]) == 2


def test_marker_full_then_add_modify_delete():
    g = small_graph()
    builder = MarkerBuilder(g)
    full = builder.full()
    assert full[0]["action"] == "deleteall"
    by_key = {(m["ns"], m["id"]): m for m in full[1:]}
    table = by_key[("objects", 0)]
    assert table["type"] == "cube" and table["scale"] == (1.2, 0.6, 0.8)
    np.testing.assert_allclose(table["pose"]["orientation"], (0, 0, np.sqrt(0.5), np.sqrt(0.5)))
    assert table["color"][:3] == label_colour("table")
    assert by_key[("object_labels", 1)]["text"] == "mug (object_1)"
    assert by_key[("areas", 1)]["type"] == "sphere"
    nav = by_key[("navigability", 0)]
    assert nav["type"] == "line_list" and len(nav["points"]) == 2

    # modify: the mug seen again -> its two markers (and its area's) re-sent, ids stable
    r = g.update([Observation.at("mug", (3.15, 1.1, 0.85), 3.0)])
    upd = builder.update(r.changes)
    assert {(m["ns"], m["id"]) for m in upd} >= {("objects", 1), ("object_labels", 1)}
    assert all(m["action"] == "add" for m in upd)

    # delete: the mug goes missing until removed
    deletes = []
    for k in range(6):
        deletes += [m for m in builder.update(g.update([], RegionView((3, 1, 0), 2.0),
                                                      stamp=4.0 + k).changes)
                    if m["action"] == "delete"]
    assert {(m["ns"], m["id"]) for m in deletes} == {("objects", 1), ("object_labels", 1),
                                                     ("object_links", 1)}

    # new area + edge -> the navigability line list is re-sent
    r = g.update([], robot_position=(6, 0, 0), stamp=20.0)
    upd = builder.update(r.changes)
    nav = [m for m in upd if m["ns"] == "navigability"]
    assert nav and len(nav[0]["points"]) == 4
