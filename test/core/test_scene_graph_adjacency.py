"""The scene graph's own undirected graph behaves as networkx.Graph did for it (same
contents, same iteration orders), and the memory server no longer imports networkx."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest

from memory_node.core.scene_graph.adjacency import Graph

ROOT = Path(__file__).resolve().parents[2]


def _snapshot(g: Graph | nx.Graph) -> tuple:
    return (len(g), list(g), list(g.nodes), list(g.nodes(data=True)),
            list(g.nodes(data="layer", default="-")), list(g.edges),
            list(g.edges(data=True)), list(g.edges(data="kind")), len(g.edges),
            {n: list(g.neighbors(n)) for n in g})


@pytest.mark.parametrize("seed", range(20))
def test_random_operations_match_networkx(seed: int) -> None:
    rng = random.Random(seed)
    ours, theirs = Graph(), nx.Graph()
    names = [f"n{i}" for i in range(12)]
    for step in range(300):
        op = rng.random()
        a, b = rng.choice(names), rng.choice(names)
        if op < 0.3:
            attrs = {"layer": rng.choice(["floor", "area", "object"]), "step": step}
            ours.add_node(a, **attrs)
            theirs.add_node(a, **attrs)
        elif op < 0.65:
            attrs = {"kind": rng.choice(["contains", "navigable"])} if rng.random() < 0.8 else {}
            ours.add_edge(a, b, **attrs)
            theirs.add_edge(a, b, **attrs)
        elif op < 0.8:
            assert ours.has_node(a) == theirs.has_node(a) == (a in ours)
            if a in theirs:
                ours.remove_node(a)
                theirs.remove_node(a)
            else:
                with pytest.raises(KeyError):
                    ours.remove_node(a)
        elif op < 0.95:
            assert ours.has_edge(a, b) == theirs.has_edge(a, b) == ((a, b) in ours.edges)
            if theirs.has_edge(a, b):
                ours.remove_edge(a, b)
                theirs.remove_edge(a, b)
            else:
                with pytest.raises(KeyError):
                    ours.remove_edge(a, b)
        else:  # the attribute dicts are the live ones, shared by both directions
            if theirs.has_edge(a, b):
                ours.edges[b, a]["traversals"] = step
                theirs.edges[b, a]["traversals"] = step
            if a in theirs:
                ours.nodes[a]["seen"] = step
                theirs.nodes[a]["seen"] = step
        assert _snapshot(ours) == _snapshot(theirs), f"seed {seed}, step {step}"


def test_the_servers_imports_leave_networkx_out() -> None:
    code = ("import sys, memory_node.nodes.memory_server, memory_node.core.memory; "
            "print('networkx' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True, env=os.environ | {"PYTHONPATH": str(ROOT)})
    assert out.stdout.strip() == "False"
