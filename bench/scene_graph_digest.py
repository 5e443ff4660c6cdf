"""One digest of everything a stored scene graph gives out, with the code on PYTHONPATH.

Loads the scene graph of a memory's SQLite file (e.g. the DDS bench's 1,000-object graph),
serialises it (text and json, four budgets, a query), turns it into JSON and markers,
then applies 20 frames of 50 random observations (seeded) and records their events and
changed rows, and serialises and writes it again. Run it with two checkouts' code on the
same file: equal digests mean the two give out the same graph, in the same orders
(round 31: the scene graph's own graph class against networkx.Graph).

    PYTHONHASHSEED=0 PYTHONPATH=DIR .venv/bin/python bench/scene_graph_digest.py [MEMORY.sqlite]

(PYTHONHASHSEED fixed: building a graph iterates sets of strings, so two runs of one
code differ without it.)

Without a file it first builds, with the same code, the DDS bench's kind of graph
(`recall_dds_latency.prepare_scene_graph`: 1,000 observations of the labelled set's types
in a 20 m x 20 m flat, seed 11) in a temporary memory.
"""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3
import sys
import tempfile
from pathlib import Path

from memory_node.core.perception.observation import Observation
from memory_node.core.scene_graph.markers import MarkerBuilder
from memory_node.core.scene_graph.persistence import load_graph, to_json
from memory_node.core.scene_graph.serialise import SceneGraphSerialiser


def digest(db: str) -> tuple[str, int]:
    graph = load_graph(sqlite3.connect(f"file:{db}?mode=ro", uri=True))
    h = hashlib.sha256()

    def add(value: object) -> None:
        h.update(repr(value).encode())

    serialiser = SceneGraphSerialiser(graph)
    for mode in ("text", "json"):
        for budget in (100, 600, 5000, 100000):
            add(serialiser.serialise(budget, ["Mug", "Fridge"], mode=mode).text)
    add(json.dumps(to_json(graph), default=str))
    add(MarkerBuilder(graph).full())
    rng = random.Random(3)
    labels = sorted({a["label"] for _, a in graph.graph.nodes(data=True) if a.get("label")})
    for i in range(20):
        result = graph.update([Observation.at(rng.choice(labels), (
            rng.uniform(0, 20), rng.uniform(0, 20), rng.uniform(0, 2)), 1.0)
            for _ in range(50)], stamp=2.0 + i)
        add(sorted(map(repr, result.events)))
        add(sorted(result.changes.nodes))
        add(sorted(map(sorted, result.changes.edges)))
    add(serialiser.serialise(3000, ["Apple"]).text)
    add(json.dumps(to_json(graph), default=str))
    return h.hexdigest(), graph.object_count


def built_graph(memory_dir: Path) -> str:
    sys.argv[1:] = []  # the DDS bench reads its own arguments at import
    import recall_dds_latency as dds

    doc = dds.load()
    if doc is None:
        sys.exit("AI2-THOR rearrangement data absent (MEMORY_NODE_SHARED_DATA)")
    labels = sorted({u.label for s in doc["scenes"] for u in dds.scene_units(s)})
    dds.prepare_scene_graph(memory_dir, 10_000, labels, random.Random(11))
    return str(memory_dir / "memory.sqlite")


if __name__ == "__main__":
    import memory_node

    with tempfile.TemporaryDirectory() as tmp:
        db = sys.argv[1] if len(sys.argv) > 1 else built_graph(Path(tmp))
        value, objects = digest(db)
    print(json.dumps({"digest": value, "objects_after": objects,
                      "code": memory_node.__file__}))
