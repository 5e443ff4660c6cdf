"""Round 52: the areas a query makes relevant are read from a per-layout index of the areas'
words, and a query word's forms are memoised per graph config; the order is the one the
per-area intersection gave, after every change the graph can make."""

from __future__ import annotations

import random
from dataclasses import replace

from memory_node.core.perception.observation import Observation
from memory_node.core.scene_graph import SceneGraph, SceneGraphSerialiser
from memory_node.core.scene_graph.serialise import _WORD
from memory_node.core.tokens import count_tokens
from test_scene_graph_serialise import LABELS, house


def by_intersection(s: SceneGraphSerialiser, query: list[str]) -> list[str]:
    """The rule as it was written before the index (round 51's body)."""
    layout = s._layout()
    canonical = s.graph.config.canonical
    terms: set[str] = set()
    for q in query:
        q = q.strip().lower()
        if q:
            terms.update({q, canonical(q)}, _WORD.findall(q))
            terms.update(canonical(w) for w in _WORD.findall(q))
    hits = {a: len(f.words & terms) for a, f in layout.fragments.items()}
    hits = {a: n for a, n in hits.items() if n}
    return sorted(hits, key=lambda a: (-hits[a], layout.rank[a]))


def queries(g: SceneGraph, rng: random.Random, n: int) -> list[list[str]]:
    words = [*LABELS, "teapot", "Mug", " Bowl ", "fridge door", "refrigerator", "area_3",
             "tv", "", "lamp-shade", *g.area_ids()[:6]]
    return [rng.sample(words, rng.randint(0, 5)) for _ in range(n)]


def test_relevant_areas_are_the_intersections_order_after_every_change() -> None:
    g = house(300, seed=7)
    kept = SceneGraphSerialiser(g, count_tokens)
    rng = random.Random(52)
    changes = [lambda: g.update([Observation.at("teapot", (1.0, 0.2, 0.9), 5.0)]),
               lambda: g.visit((18.0, 5.0, 0.0), 6.0),       # nearest-first from elsewhere
               lambda: g.visit((40.0, 40.0, 0.0), 7.0),      # a new area
               lambda: g.update([Observation.at("teapot", (40.1, 40.2, 0.9), 8.0)])]
    seen_teapot = []
    for change in [lambda: None, *changes]:
        change()
        for q in queries(g, rng, 60):
            assert kept.relevant_areas(q) == by_intersection(kept, q), q
        seen_teapot.append(kept.relevant_areas(["teapot"]))
    # The index follows the graph: no teapot, then one area with it, then two.
    assert [len(a) for a in seen_teapot] == [0, 1, 1, 1, 2]


def test_a_new_config_reads_the_words_again() -> None:
    g = house(200, seed=8)
    s = SceneGraphSerialiser(g, count_tokens)
    assert s.relevant_areas(["telly"]) == []
    # "telly" folded into "lamp": the same word now names the lamps' areas.
    g.config = replace(g.config, synonyms={**g.config.synonyms, "telly": "lamp"})
    assert s.relevant_areas(["telly"]) == s.relevant_areas(["lamp"]) != []
