"""The scene graph in SQLite: incremental writes of changed rows, full reload on start.

Functions take a `sqlite3.Connection` and never commit: the caller owns the transaction
(MemoryStore.transaction()), so one frame's changes land atomically or not at all.
Typed columns hold what other code queries (layer, label, position, parent); the rest of a
node's attributes ride in a JSON column so adding an attribute needs no migration.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from memory_node.core.scene_graph.config import SceneGraphConfig
from memory_node.core.scene_graph.events import ChangeSet, edge_key
from memory_node.core.scene_graph.graph import AREA, FLOOR, OBJECT, SceneGraph
from memory_node.core.scene_graph.schema import SCENE_GRAPH_SCHEMA_SQL

__all__ = [
    "SCENE_GRAPH_SCHEMA_SQL", "create_schema", "from_json", "load_graph", "save_all",
    "save_changes", "to_json",
]


_COLUMNS = ("layer", "uid", "label", "position")


def create_schema(conn: sqlite3.Connection) -> None:
    """Create the tables if missing (MemoryStore does this through its migration).

    Statement by statement: executescript would COMMIT the caller's open transaction."""
    for statement in SCENE_GRAPH_SCHEMA_SQL.split(";"):
        if statement.strip():
            conn.execute(statement)


def _parent(graph: SceneGraph, node: str, attrs: dict[str, Any]) -> str | None:
    if attrs["layer"] == OBJECT:
        return attrs.get("area")
    if attrs["layer"] == AREA:
        return attrs.get("floor")
    return None


def _node_row(graph: SceneGraph, node: str) -> tuple:
    attrs = graph.graph.nodes[node]
    rest = {k: v for k, v in attrs.items() if k not in _COLUMNS}
    x, y, z = attrs["position"]
    return (node, attrs["layer"], attrs["uid"], attrs["label"], x, y, z,
            _parent(graph, node, attrs), json.dumps(rest, separators=(",", ":")))


def _edge_row(graph: SceneGraph, a: str, b: str) -> tuple:
    attrs = dict(graph.graph.edges[a, b])
    kind = attrs.pop("kind")
    return (a, b, kind, json.dumps(attrs, separators=(",", ":")))


def _save_meta(conn: sqlite3.Connection, graph: SceneGraph, everything: bool = False) -> None:
    meta = {"counters": json.dumps(graph.counters), "current_area": graph.current_area or ""}
    # The looks' counts change only on an open's outcome: written then, not with every frame.
    looks = (graph.puts_found, graph.puts_not_found)
    if everything or looks != graph.puts_looks_saved:
        meta["puts_looks"] = json.dumps(list(looks))
        graph.puts_looks_saved = looks
    # Aliases change only on a fold or join; written then (bounded by max_join_candidates),
    # not with every frame.
    if everything or graph.aliases_changed:
        meta["aliases"] = json.dumps(graph.aliases, separators=(",", ":"))
        graph.aliases_changed = False
    conn.executemany("INSERT OR REPLACE INTO scene_graph_meta (key, value) VALUES (?, ?)",
                     list(meta.items()))


def save_changes(conn: sqlite3.Connection, graph: SceneGraph, changes: ChangeSet,
                 everything: bool = False) -> int:
    """Write the rows in `changes` (upserts and deletes); returns the rows touched."""
    nodes = [n for n in changes.nodes if n in graph.graph]
    edges = [edge_key(a, b) for a, b in changes.edges if graph.graph.has_edge(a, b)]
    conn.executemany(
        "INSERT OR REPLACE INTO scene_graph_nodes "
        "(node_id, layer, uid, label, x, y, z, parent_id, attributes) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [_node_row(graph, n) for n in nodes],
    )
    conn.executemany("DELETE FROM scene_graph_nodes WHERE node_id = ?",
                     [(n,) for n in changes.removed_nodes])
    conn.executemany(
        "INSERT OR REPLACE INTO scene_graph_edges (source_id, target_id, kind, attributes) "
        "VALUES (?, ?, ?, ?)",
        [_edge_row(graph, a, b) for a, b in edges],
    )
    conn.executemany("DELETE FROM scene_graph_edges WHERE source_id = ? AND target_id = ?",
                     list(changes.removed_edges))
    _save_meta(conn, graph, everything)
    return len(nodes) + len(edges) + len(changes.removed_nodes) + len(changes.removed_edges)


def save_all(conn: sqlite3.Connection, graph: SceneGraph) -> int:
    """Replace the stored graph with `graph` (first save, or after a bulk change)."""
    conn.execute("DELETE FROM scene_graph_nodes")
    conn.execute("DELETE FROM scene_graph_edges")
    full = ChangeSet(nodes=set(graph.graph.nodes),
                     edges={edge_key(a, b) for a, b in graph.graph.edges})
    return save_changes(conn, graph, full, everything=True)


def load_graph(conn: sqlite3.Connection, config: SceneGraphConfig | None = None) -> SceneGraph:
    """The stored scene graph (empty when nothing is stored yet)."""
    graph = SceneGraph(config)
    nodes = []
    for node, layer, uid, label, x, y, z, _parent_id, attributes in conn.execute(
        "SELECT node_id, layer, uid, label, x, y, z, parent_id, attributes "
        "FROM scene_graph_nodes"
    ):
        attrs = json.loads(attributes)
        attrs.update(layer=layer, uid=uid, label=label, position=(x, y, z))
        nodes.append((node, attrs))
    edges = []
    for a, b, kind, attributes in conn.execute(
        "SELECT source_id, target_id, kind, attributes FROM scene_graph_edges"
    ):
        attrs = json.loads(attributes)
        attrs["kind"] = kind
        edges.append((a, b, attrs))
    meta = dict(conn.execute("SELECT key, value FROM scene_graph_meta").fetchall())
    counters = json.loads(meta.get("counters", "{}"))
    if not counters and nodes:  # rows without meta (hand-edited db): never reuse an id
        counters = {layer: 1 + max((a["uid"] for _, a in nodes if a["layer"] == layer),
                                   default=-1) for layer in (FLOOR, AREA, OBJECT)}
    graph.restore(nodes, edges, counters, meta.get("current_area") or None)
    graph.restore_aliases(_aliases(meta.get("aliases")))
    graph.puts_found, graph.puts_not_found = _puts_looks(meta.get("puts_looks"))
    graph.puts_looks_saved = (graph.puts_found, graph.puts_not_found)
    return graph


def _puts_looks(value: Any) -> tuple[int, int]:
    """Stored counts of the looks into receptacles (`SceneGraph._looked_into`): a JSON
    [found, not found] of counts. Anything else (hand-edited, a database from before the
    counts were stored) is no look yet."""
    try:
        data = json.loads(value) if isinstance(value, str) else value
    except ValueError:
        return 0, 0
    if (isinstance(data, list) and len(data) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in data)):
        return data[0], data[1]
    return 0, 0


def _aliases(text: Any) -> dict[str, str]:
    """Stored aliases; a row that is not a JSON object of ids (hand-edited) is none."""
    try:
        data = json.loads(text) if text else {}
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def to_json(graph: SceneGraph) -> dict[str, Any]:
    """The whole graph as one JSON-able dict (exports, render input, debugging)."""
    return {
        "nodes": [dict(graph.graph.nodes[n], id=n) for n in graph.graph.nodes],
        "edges": [dict(graph.graph.edges[a, b], source=a, target=b)
                  for a, b in (edge_key(*e) for e in graph.graph.edges)],
        "counters": dict(graph.counters),
        "current_area": graph.current_area,
        "aliases": graph.aliases,
        "puts_looks": [graph.puts_found, graph.puts_not_found],
    }


def from_json(data: dict[str, Any], config: SceneGraphConfig | None = None) -> SceneGraph:
    try:
        nodes = [(n.pop("id"), n) for n in (dict(x) for x in data["nodes"])]
        edges = [(e.pop("source"), e.pop("target"), e) for e in (dict(x) for x in data["edges"])]
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not a scene graph export: {exc}") from exc
    graph = SceneGraph(config)
    graph.restore(nodes, edges, data.get("counters", {}), data.get("current_area"))
    aliases = data.get("aliases")
    graph.restore_aliases(aliases if isinstance(aliases, dict) else {})
    graph.puts_found, graph.puts_not_found = _puts_looks(data.get("puts_looks"))
    return graph
