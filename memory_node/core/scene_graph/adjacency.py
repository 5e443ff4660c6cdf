"""The scene graph's undirected graph: nodes and edges with attribute dicts.

The part of ``networkx.Graph``'s interface the scene graph uses (``nodes``, ``edges``,
``neighbors``, ``add_node`` / ``add_edge``, ``remove_node`` / ``remove_edge``,
``has_node`` / ``has_edge``, ``in``, ``len``), with the same iteration orders: nodes in
insertion order, each edge once, from the earlier-inserted node's side, in that node's
adjacency order. So every traversal (persistence, serialisation, markers, recall's scene
text) sees what it saw over networkx.

Why not networkx itself: importing it loads ~285 modules (its algorithms, generators,
readers), ~0.9 s of CPU of the memory server's start at 10,000 units, more than any stage
after the imports (bench/README_recall.md round 31); the server only ever used its Graph
class, and networkx has no way to import that class alone.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

Attrs = dict[str, Any]


# The views hand attribute dicts out as Any, as networkx (untyped) did: the scene graph
# reads values of several types from them (positions, labels, counts).
class NodeView(Mapping[str, Any]):
    """``graph.nodes``: node -> its attribute dict (the live dict); called with ``data``
    like networkx's: ``nodes(data=True)`` gives (node, attrs), ``nodes(data="key")``
    (node, attrs.get(key, default))."""

    __slots__ = ("_nodes",)

    def __init__(self, nodes: dict[str, Attrs]) -> None:
        self._nodes = nodes

    def __getitem__(self, node: str) -> Any:
        return self._nodes[node]

    def __iter__(self) -> Iterator[str]:
        return iter(self._nodes)

    def __len__(self) -> int:
        return len(self._nodes)

    def __contains__(self, node: object) -> bool:
        return node in self._nodes

    def __call__(self, data: bool | str = False, default: Any = None) -> Iterator[Any]:
        if data is False:
            return iter(self._nodes)
        if data is True:
            return iter(self._nodes.items())
        return ((n, a.get(data, default)) for n, a in self._nodes.items())


class EdgeView:
    """``graph.edges``: each undirected edge once as (u, v); ``edges[u, v]`` is its
    attribute dict (one dict for both directions); called with ``data`` like networkx's."""

    __slots__ = ("_adj",)

    def __init__(self, adj: dict[str, dict[str, Attrs]]) -> None:
        self._adj = adj

    def _triples(self) -> Iterator[tuple[str, str, Attrs]]:
        # networkx's order: per node in insertion order, its neighbours not yet visited.
        seen: set[str] = set()
        for node, neighbours in self._adj.items():
            for other, attrs in neighbours.items():
                if other not in seen:
                    yield node, other, attrs
            seen.add(node)

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return ((u, v) for u, v, _ in self._triples())

    def __len__(self) -> int:
        return sum(1 for _ in self._triples())

    def __getitem__(self, edge: tuple[str, str]) -> Any:
        u, v = edge
        return self._adj[u][v]

    def __contains__(self, edge: object) -> bool:
        if not isinstance(edge, tuple) or len(edge) != 2:
            return False
        u, v = edge
        return u in self._adj and v in self._adj[u]

    def __call__(self, data: bool | str = False, default: Any = None) -> Iterator[Any]:
        if data is False:
            return iter(self)
        if data is True:
            return iter(self._triples())
        return ((u, v, a.get(data, default)) for u, v, a in self._triples())


class Graph:
    """An undirected simple graph of string nodes (see the module's docstring)."""

    __slots__ = ("_adj", "_nodes")

    def __init__(self) -> None:
        self._nodes: dict[str, Attrs] = {}
        self._adj: dict[str, dict[str, Attrs]] = {}

    @property
    def nodes(self) -> NodeView:
        return NodeView(self._nodes)

    @property
    def edges(self) -> EdgeView:
        return EdgeView(self._adj)

    def __contains__(self, node: object) -> bool:
        return node in self._nodes

    def __len__(self) -> int:
        return len(self._nodes)

    def __iter__(self) -> Iterator[str]:
        return iter(self._nodes)

    def has_node(self, node: str) -> bool:
        return node in self._nodes

    def has_edge(self, u: str, v: str) -> bool:
        return u in self._adj and v in self._adj[u]

    def neighbors(self, node: str) -> Iterator[str]:
        """The node's neighbours in the order their edges were added; KeyError if absent."""
        return iter(self._adj[node])

    def add_node(self, node: str, **attrs: Any) -> None:
        """Add the node, or update the attributes of the one there."""
        if node not in self._nodes:
            self._adj[node] = {}
            self._nodes[node] = attrs
        else:
            self._nodes[node].update(attrs)

    def add_edge(self, u: str, v: str, **attrs: Any) -> None:
        """Add the edge (and its nodes, without attributes, if absent), or update the
        attributes of the one there."""
        for node in (u, v):
            if node not in self._nodes:
                self._adj[node] = {}
                self._nodes[node] = {}
        edge = self._adj[u].get(v, {})
        edge.update(attrs)
        self._adj[u][v] = edge
        self._adj[v][u] = edge

    def remove_node(self, node: str) -> None:
        """Remove the node and its edges; KeyError if absent."""
        neighbours = self._adj[node]
        del self._nodes[node]
        for other in list(neighbours):
            del self._adj[other][node]
        del self._adj[node]

    def remove_edge(self, u: str, v: str) -> None:
        """Remove the edge; KeyError if absent."""
        del self._adj[u][v]
        if u != v:
            del self._adj[v][u]
