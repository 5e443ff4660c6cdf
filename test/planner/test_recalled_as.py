"""Round 26: the planner's unit view reads why recall returned a unit (the answer's
attribute `recalled_as`, units.RECALLED_AS), the same from the in-process and the DDS
adapter (both build views with `unit_view`), and a unit recall only filled a step's free
slot with (a guess below its relevance floor) neither ranks an area for exploration nor
is opened before exploring (`OfflinePlanner._open_recalled`; the three round-25 tests in
test_offline.py / test_loop_experience.py cover that with the fill on)."""

from __future__ import annotations

from memory_node.core.units import RECALLED_AS, RECALLED_FILLED, RECALLED_NAMED
from memory_node.core.units import ObjectMemoryUnit as Unit
from memory_node.planner.core.areas import rank_places
from memory_node.planner.core.local_memory import unit_view
from memory_node.planner.core.offline import OfflinePlanner
from memory_node.planner.core.planning import PlanRequest
from memory_node.planner.core.types import AreaView, UnitView
from memory_node.planner.core.vocabulary import Vocabulary


def test_the_view_reads_why_recall_returned_a_unit() -> None:
    filled = unit_view(Unit("Fridge_1", "Fridge", (0, 0, 0), state="closed",
                            attributes={RECALLED_AS: RECALLED_FILLED}), "", 0.2)
    named = unit_view(Unit("Apple_1", "Apple", (0, 0, 0),
                           attributes={RECALLED_AS: RECALLED_NAMED}), "", 1.1)
    unsaid = unit_view(Unit("Mug_1", "Mug", (0, 0, 0), attributes={RECALLED_AS: "whim"}))
    assert filled.filled and filled.recalled_as == RECALLED_FILLED
    assert not named.filled and named.recalled_as == RECALLED_NAMED
    assert not unsaid.filled and unsaid.recalled_as == ""   # unknown: not said


def test_a_filled_unit_ranks_no_area() -> None:
    apple = unit_view(Unit("Apple_1", "Apple", (0, 0, 0), area_id="kitchen",
                           attributes={RECALLED_AS: RECALLED_NAMED}), "", 1.1)
    guess = unit_view(Unit("Lamp_1", "FloorLamp", (9, 0, 0), area_id="bedroom",
                           attributes={RECALLED_AS: RECALLED_FILLED}), "", 0.3)
    graph = [AreaView("hall"), AreaView("bedroom"), AreaView("kitchen")]
    order = [a.area_id for a in rank_places([apple, guess], graph, [])]
    assert order == ["kitchen", "hall", "bedroom"]   # the guess's bedroom keeps its place
    # Without a named unit, the graph's order stands.
    assert [a.area_id for a in rank_places([guess], graph, [])] == ["hall", "bedroom",
                                                                   "kitchen"]


def test_the_gripper_is_not_freed_on_a_surface_recall_only_filled_a_slot_with() -> None:
    """Round 27: without `accepts` the planner frees the gripper on the most relevant
    surface. A surface recall returned only to fill a step's free slot is a guess below
    the relevance floor: its score is no relevance, so it ranks with the unscored units
    and the nearer surface wins (main took the guess, 6 m away, on its score)."""
    vocab = Vocabulary()
    vocab.add_units([
        UnitView("Mug_1", "Mug", (0.0, 0.0, 0.9), receptacle_id="robot"),
        UnitView("Apple_1", "Apple", (1.5, 0.0, 0.9), score=1.2, recalled_as=RECALLED_NAMED),
        UnitView("DiningTable_1", "DiningTable", (6.0, 0.0, 0.8), score=0.3,
                 recalled_as=RECALLED_FILLED),
        UnitView("CounterTop_1", "CounterTop", (0.8, 0.0, 0.9))])
    req = PlanRequest("pick up the apple", "", vocab, [], held="Mug_1",
                      goal_conditions=("HOLDING(Apple)",), robot_position=(0.0, 0.0, 0.0))
    assert [str(c) for c in OfflinePlanner().plan(req).calls] == [
        "navigate(CounterTop_1)", "put(Mug_1, CounterTop_1, on)", "navigate(Apple_1)",
        "pick(Apple_1)"]
    # Said for a reason (ranked above the floor), the table's score is relevance again.
    vocab.add_units([UnitView("DiningTable_1", "DiningTable", (6.0, 0.0, 0.8), score=0.3,
                              recalled_as="ranked")])
    req = PlanRequest("pick up the apple", "", vocab, [], held="Mug_1",
                      goal_conditions=("HOLDING(Apple)",), robot_position=(0.0, 0.0, 0.0))
    assert [str(c) for c in OfflinePlanner().plan(req).calls][:2] == [
        "navigate(DiningTable_1)", "put(Mug_1, DiningTable_1, on)"]
