"""One piece of furniture is one node: partial views and a detector's misreads of a counter,
a table or a fridge feed the piece they show (issue 14: the rendered main job held several
fridges and a "DiningTable" on a counter, and a put on it landed on the counter)."""

from __future__ import annotations

from memory_node.core.perception.observation import Observation
from memory_node.core.scene_graph import EventKind, SceneGraph, SceneGraphConfig


def obs(label: str, pos, extent, stamp: float) -> Observation:
    return Observation.at(label, pos, stamp, extent=extent)


def labelled(g: SceneGraph, word: str) -> list[str]:
    return [n for n in g.nodes("object") if g.node(n)["label"] == word]


# A 1.6 x 0.6 m counter centred at (2, 0); its near end and far end as the camera sees them
# from close by (box centres 0.6-0.65 m from the counter's centre: beyond the 0.5 m gate).
WHOLE = ((2.0, 0.0, 0.45), (1.6, 0.6, 0.9))
NEAR_END = ((1.4, 0.0, 0.45), (0.4, 0.6, 0.9))
FAR_END = ((2.65, 0.0, 0.45), (0.3, 0.6, 0.9))


def test_partial_views_of_a_counter_after_the_whole_feed_it():
    g = SceneGraph()
    g.update([obs("CounterTop", *WHOLE, 0.0)], stamp=0.0)
    g.update([obs("CounterTop", *NEAR_END, 1.0)], stamp=1.0)
    g.update([obs("CounterTop", *FAR_END, 2.0)], stamp=2.0)
    assert len(labelled(g, "CounterTop")) == 1
    assert g.node(labelled(g, "CounterTop")[0])["observation_count"] == 3


def test_parts_seen_first_are_folded_into_one_once_the_whole_is_seen():
    g = SceneGraph()
    g.update([obs("CounterTop", *NEAR_END, 0.0)], stamp=0.0)
    g.update([obs("CounterTop", *FAR_END, 1.0)], stamp=1.0)
    assert len(labelled(g, "CounterTop")) == 2   # nothing yet says they are one
    result = g.update([obs("CounterTop", *WHOLE, 2.0)], stamp=2.0)
    nodes = labelled(g, "CounterTop")
    assert len(nodes) == 1
    merged = [e for e in result.events if e.merged_id]
    assert len(merged) == 1 and merged[0].kind == EventKind.MOVED
    assert merged[0].object_id == nodes[0] and merged[0].merged_id not in g.graph
    assert g.tally["merged.fixture"] == 1


def test_a_misread_label_on_furniture_is_evidence_not_a_second_piece():
    g = SceneGraph()
    g.update([obs("CounterTop", *WHOLE, 0.0)], stamp=0.0)
    # The detector calls the counter's near end a dining table (a similar class).
    g.update([obs("DiningTable", *NEAR_END, 1.0)], stamp=1.0)
    assert labelled(g, "DiningTable") == []
    [counter] = labelled(g, "CounterTop")
    assert set(g.node(counter)["class_evidence"]) == {"counter", "table"}


def test_two_cabinets_side_by_side_stay_two():
    g = SceneGraph()
    a = ((0.0, 0.0, 0.4), (0.6, 0.55, 0.8))
    b = ((0.6, 0.0, 0.4), (0.6, 0.55, 0.8))
    g.update([obs("Cabinet", *a, 0.0), obs("Cabinet", *b, 0.0)], stamp=0.0)
    # Later each alone, with a box that spills over the seam (depth at the edge).
    g.update([obs("Cabinet", (0.05, 0.0, 0.4), (0.8, 0.55, 0.8), 1.0)], stamp=1.0)
    g.update([obs("Cabinet", (0.55, 0.0, 0.4), (0.8, 0.55, 0.8), 2.0)], stamp=2.0)
    assert len(labelled(g, "Cabinet")) == 2


def test_a_basin_inside_its_sink_is_not_the_sink():
    # Both fold to the canonical label "sink"; the containment rule wants the detector's
    # own word (or a known confusion), so the basin stays its own object.
    # (A long sink unit with the basin at one end: farther than the gate from its centre.)
    g = SceneGraph()
    g.update([obs("Sink", (1.0, 0.0, 0.45), (1.4, 0.6, 0.9), 0.0)], stamp=0.0)
    g.update([obs("SinkBasin", (1.5, 0.0, 0.83), (0.4, 0.4, 0.15), 1.0)], stamp=1.0)
    g.update([obs("Sink", (1.0, 0.0, 0.45), (1.4, 0.6, 0.9), 2.0)], stamp=2.0)
    assert len(labelled(g, "Sink")) == 1 and len(labelled(g, "SinkBasin")) == 1


def test_what_a_folded_part_held_is_held_by_the_piece():
    g = SceneGraph()
    g.update([obs("CounterTop", *NEAR_END, 0.0)], stamp=0.0)
    g.update([obs("CounterTop", *FAR_END, 1.0), obs("Mug", (2.6, 0.1, 0.95), (0.1, 0.1, 0.1),
                                                    1.0)], stamp=1.0)
    [part] = [n for n in labelled(g, "CounterTop") if g.node(n)["position"][0] > 2]
    mug = labelled(g, "Mug")[0]
    g.place_inside(mug, part, 1.5)
    result = g.update([obs("CounterTop", *WHOLE, 2.0)], stamp=2.0)
    [counter] = labelled(g, "CounterTop")
    assert g.node(mug)["inside"] == counter
    assert mug in {e.object_id for e in result.events}


def test_the_rule_can_be_turned_off():
    g = SceneGraph(SceneGraphConfig(fixture_margin=0.0))
    g.update([obs("CounterTop", *WHOLE, 0.0)], stamp=0.0)
    g.update([obs("CounterTop", *NEAR_END, 1.0)], stamp=1.0)
    assert len(labelled(g, "CounterTop")) == 2


def test_a_part_seen_again_and_again_does_not_move_the_piece():
    # Seen from one place, the counter's near end twice in a row agrees with itself: as a
    # part it says the counter is there, not that the counter's centre moved to it.
    g = SceneGraph()
    g.update([obs("CounterTop", *WHOLE, 0.0)], stamp=0.0)
    for k in range(1, 6):
        g.update([obs("CounterTop", *NEAR_END, float(k))], stamp=float(k))
    [counter] = labelled(g, "CounterTop")
    assert g.node(counter)["position"][0] == 2.0
    assert g.node(counter)["box_extent"][0] == 1.6


def test_a_box_wider_than_any_piece_pairs_nothing():
    g = SceneGraph()
    g.update([obs("Drawer", (0.4, 2.4, 0.15), (0.5, 0.5, 0.3), 0.0)], stamp=0.0)
    # A drawer 3 m away whose box (background depth) spans 7 m: not a view of the first.
    g.update([obs("Drawer", (3.4, 2.4, 0.15), (7.0, 0.5, 0.3), 1.0)], stamp=1.0)
    assert len(labelled(g, "Drawer")) == 2
    assert min(g.node(n)["position"][0] for n in labelled(g, "Drawer")) == 0.4


def test_a_folded_part_is_named_by_the_piece_it_became():
    g = SceneGraph()
    g.update([obs("CounterTop", *NEAR_END, 0.0)], stamp=0.0)
    g.update([obs("CounterTop", *FAR_END, 1.0)], stamp=1.0)
    before = set(labelled(g, "CounterTop"))
    result = g.update([obs("CounterTop", *WHOLE, 2.0)], stamp=2.0)
    [merged] = [e for e in result.events if e.merged_id]
    assert merged.merged_id in before and merged.merged_id not in g.graph
    assert g.current_id(merged.merged_id) == merged.object_id
    assert g.current_id(merged.object_id) == merged.object_id
    assert g.current_id("object_99") == "object_99"
