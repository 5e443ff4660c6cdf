"""The offline planner: goal conditions (privileged) + memory answers only -> skill calls.

Runs in the plan loop against a real in-process memory and the small house; the planner's
only knowledge of places is what recall and outcomes returned (the house is never read)."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest
from house import House, Thing
from planner_house import KITCHEN

from memory_node.core.errors import ErrorCode, NotFound, PreconditionFailed
from memory_node.core.units import ObjectMemoryUnit as Unit
from memory_node.planner.core.goals import Goal, opened_for_shut_in, parse_goal, parse_goals
from memory_node.planner.core.local_memory import LocalMemory
from memory_node.planner.core.loop import PlanLoop
from memory_node.planner.core.offline import OfflinePlanner
from memory_node.planner.core.planning import PlanRequest, stands_at
from memory_node.planner.core.prompt import StepLine
from memory_node.planner.core.settings import OfflineSettings
from memory_node.planner.core.types import AreaView, SkillCall, UnitView
from memory_node.planner.core.vocabulary import Vocabulary

PLACES = [AreaView("kitchen", (2, 0.5, 1), "kitchen"),
          AreaView("living_room", (5.5, 0.5, 5), "living_room")]


@pytest.mark.parametrize(("text", "goal"), [
    ("INSIDE(Apple, Fridge)", Goal("INSIDE", ("Apple", "Fridge"))),
    ("inside(Apple,Fridge): 1", Goal("INSIDE", ("Apple", "Fridge"))),
    ("SWITCHON(Lamp)", Goal("TOGGLEON", ("Lamp",))),
    ("STATE(Bread, sliced)", Goal("STATE", ("Bread", "sliced"))),
])
def test_goal_parsing(text: str, goal: Goal) -> None:
    assert parse_goal(text) == goal


@pytest.mark.parametrize("bad", ["INSIDE(Apple)", "FLY(Apple)", "INSIDE(Apple, Fridge",
                                 "HOLDING(__import__('os'))", "x" * 300])
def test_bad_goals_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_goal(bad)


@pytest.fixture()
def world(memory):  # noqa: ANN001, ANN201
    for u in KITCHEN:
        memory.upsert_object(u)
    house = House({"Apple_1": Thing("Apple", "kitchen", "CounterTop_1"),
                   "Fridge_1": Thing("Fridge", "kitchen", state="closed"),
                   "CounterTop_1": Thing("CounterTop", "kitchen"),
                   "Sofa_1": Thing("Sofa", "living_room"),
                   "Book_1": Thing("Book", "living_room"),
                   "Mug_1": Thing("Mug", "living_room", position=(5.2, 0.6, 5.1))},
                  memory.upsert_object)
    return memory, house


def run(memory, house, goals, instruction="do the task", episode="ep"):  # noqa: ANN001, ANN201
    loop = PlanLoop(OfflinePlanner(), LocalMemory(memory), house, places=lambda: PLACES)
    return loop.run(instruction, episode, goal_conditions=goals)


def test_goes_to_the_remembered_object_and_opens_the_closed_fridge(world) -> None:  # noqa: ANN001
    memory, house = world
    result = run(memory, house, ["INSIDE(Apple, Fridge)"], "put the apple in the fridge")
    assert result.success, result.message
    assert [str(c) for c in house.calls] == [
        "navigate(Apple_1)", "pick(Apple_1)", "navigate(Fridge_1)", "open(Fridge_1)",
        "put(Apple_1, Fridge_1, in)"]
    assert result.llm_calls == 0 and result.prompt_tokens == 0
    assert memory.short_term.peek("Apple_1").receptacle_id == "Fridge_1"
    # Achieved goals are read back from memory: a second run looks whether the apple is
    # still where the earlier task put it. This house has no camera, so the look sees
    # nothing and confirms nothing (round 24): the apple is fetched and put again.
    again = run(memory, house, ["INSIDE(Apple, Fridge)"], "put the apple in the fridge", "ep2")
    assert again.success and [str(s.call) for s in again.steps] == [
        "navigate(Apple_1)", "pick(Apple_1)", "navigate(Fridge_1)", "put(Apple_1, Fridge_1, in)"]


def test_unknown_object_explores_in_memory_order_then_uses_what_was_seen(world) -> None:  # noqa: ANN001
    memory, house = world
    result = run(memory, house, ["HOLDING(Mug)"], "bring me a mug from the sofa")
    assert result.success, result.message
    calls = [str(c) for c in house.calls]
    explores = [c for c in calls if c.startswith("explore")]
    # Memory ranks the sofa's room first for this instruction: no fixed room order.
    assert explores == ["explore(living_room, Mug)"]
    assert calls[-2:] == ["navigate(Mug_1)", "pick(Mug_1)"]


def test_not_found_at_the_remembered_place_leads_to_exploration(world) -> None:  # noqa: ANN001
    memory, house = world
    house.things["Apple_1"].inside = ""
    house.things["Apple_1"].area = "living_room"     # moved; memory still says kitchen
    house.things["Apple_1"].position = (5.0, 0.9, 5.0)
    result = run(memory, house, ["HOLDING(Apple)"], "pick up the apple")
    assert result.success, result.message
    calls = [str(c) for c in house.calls]
    assert calls[:2] == ["navigate(Apple_1)", "pick(Apple_1)"]
    assert not result.steps[1].success and result.steps[1].error_code == ErrorCode.NOT_FOUND
    # Not a retry of the same call: the kitchen was just searched, so the other room.
    assert calls[2] == "explore(living_room, Apple)"
    assert calls[-1] == "pick(Apple_1)" and house.held == "Apple_1"


def test_state_goal_uses_the_table_skill_and_its_fixtures(world) -> None:  # noqa: ANN001
    memory, house = world
    from memory_node.core.units import ObjectMemoryUnit as Unit
    memory.upsert_object(Unit("Knife_1", "Knife", (2.0, 0.9, 1.0), area_id="kitchen"))
    memory.upsert_object(Unit("Bread_1", "Bread", (2.5, 0.9, 1.0), area_id="kitchen"))
    house.things["Knife_1"] = Thing("Knife", "kitchen")
    house.things["Bread_1"] = Thing("Bread", "kitchen")
    result = run(memory, house, ["STATE(Bread, sliced)"], "slice the bread")
    assert result.success, result.message
    assert [str(c) for c in house.calls] == ["navigate(Knife_1)", "pick(Knife_1)",
                                             "navigate(Bread_1)", "slice(Bread_1)"]


def test_plans_only_from_the_request_vocabulary() -> None:
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([UnitView("Apple_9", "Apple", area_id="a1")])
    req = PlanRequest("x", "", vocab, ["a2", "a1"], goal_conditions=("INSIDE(Apple, Bowl)",))
    plan = planner.plan(req).calls
    # The apple is remembered; the bowl is not, so the plan ends exploring for it.
    assert [str(c) for c in plan] == ["navigate(Apple_9)", "pick(Apple_9)",
                                      "explore(a2, Bowl)"]
    with pytest.raises(LookupError):
        planner.plan(PlanRequest("x", "", Vocabulary(), [],
                                 goal_conditions=("HOLDING(Mug)",)))


def test_a_state_goal_is_judged_on_the_instance_the_episode_acted_on() -> None:
    planner = OfflinePlanner()
    vocab = Vocabulary()
    # The fridge the robot opened, and a part of it memory also holds as a (closed) fridge.
    vocab.add_units([UnitView("Fridge_1", "Fridge", area_id="a1", state="opened"),
                     UnitView("Fridge_2", "Fridge", area_id="a1", state="closed")])
    req = PlanRequest("close the fridge", "", vocab, ["a1"],
                      goal_conditions=("CLOSED(Fridge)",))
    assert planner.plan(req).calls == []  # as far as any fridge goes: one is closed
    req.notes["acted"] = ["Fridge_1"]
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Fridge_1)",
                                                         "close(Fridge_1)"]


def test_a_put_goal_is_judged_on_the_instance_the_task_acted_on() -> None:
    """The task washed Mug_2; memory knows Mug_1 in a cabinet. "Put it away" is still to
    do: the washed mug is in the hand, not in the cabinet."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([UnitView("Cabinet_1", "Cabinet", area_id="a1", state="opened"),
                     UnitView("Mug_1", "Mug", area_id="a1", receptacle_id="Cabinet_1",
                              relation="in"),
                     UnitView("Mug_2", "Mug", area_id="a1")])
    req = PlanRequest("put the mug away", "", vocab, ["a1"], robot_area="a1",
                      goal_conditions=("INSIDE(Mug, Cabinet)",), held="Mug_2")
    # No task instance: any mug in a cabinet will do, once a look found it still there.
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Mug_1)"]
    req.history.append(StepLine(SkillCall("navigate", ("Mug_1",)), True, 0, "ok"))
    vocab.add_units([replace(vocab.objects["Mug_1"], observations=1)])   # the look saw it
    assert planner.plan(req).calls == []
    req.history.clear()
    req.notes["acted"] = ["Mug_2"]
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Cabinet_1)",
                                                         "put(Mug_2, Cabinet_1, in)"]


def test_a_placement_memory_has_shut_in_is_looked_at_by_opening_what_shuts_it_in() -> None:
    """Round 23: the pan an earlier task put in the cabinet may have been put back on the
    stove since, unseen. A move to it shows the closed cabinet door (and succeeds when
    another pan stands near), so memory keeps the put; the look opens the outermost closed
    receptacle memory has it in (the cabinet, not the open box in it), and the next plan
    reads what memory says after the camera looked in."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([UnitView("Cabinet_1", "Cabinet", area_id="a1", state="closed"),
                     UnitView("Box_1", "Box", area_id="a1", state="opened",
                              receptacle_id="Cabinet_1", relation="in"),
                     UnitView("Pan_1", "Pan", area_id="a1", receptacle_id="Box_1",
                              relation="in")])
    req = PlanRequest("put the pan in the box", "", vocab, ["a1"], robot_area="a1",
                      goal_conditions=("INSIDE(Pan, Box)",))
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Cabinet_1)",
                                                         "open(Cabinet_1)"]
    assert req.notes["recheck"] == {"Pan_1"}
    # Looked once, and the camera saw the pan in there (memory's count of it grew).
    req.history.append(StepLine(SkillCall("open", ("Cabinet_1",)), True, 0, "ok"))
    vocab.add_units([replace(vocab.objects["Pan_1"], observations=1)])
    assert planner.plan(req).calls == []


def test_a_type_resolves_to_the_instance_the_task_acted_on_last() -> None:
    """Both drawers are open; memory scores the other one higher. "Close it" closes the one
    an earlier subtask put the knife in (acted: oldest first, from the loop)."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([UnitView("Drawer_1", "Drawer", area_id="a1", state="opened", score=0.2),
                     UnitView("Drawer_2", "Drawer", area_id="a1", state="opened", score=0.9),
                     UnitView("Knife_1", "Knife", area_id="a1", receptacle_id="Drawer_1",
                              relation="in")])
    req = PlanRequest("close the drawer", "", vocab, ["a1"],
                      goal_conditions=("CLOSED(Drawer)",))
    req.notes["acted"] = ["Drawer_2", "Knife_1", "Drawer_1", "Knife_1"]
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Drawer_1)",
                                                         "close(Drawer_1)"]


def test_a_state_goal_is_judged_on_the_instance_acted_on_last_not_any_acted_on() -> None:
    """A search opened Drawer_4 before the card went into Drawer_1; memory now reads
    Drawer_4 as closed. "Close the drawer" is still to do: Drawer_1 is open."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([UnitView("Drawer_4", "Drawer", area_id="a1", state="closed"),
                     UnitView("Drawer_1", "Drawer", area_id="a1", state="opened")])
    req = PlanRequest("close the drawer", "", vocab, ["a1"],
                      goal_conditions=("CLOSED(Drawer)",))
    req.notes["acted"] = ["Drawer_4", "Drawer_1", "Card_1", "Drawer_1"]
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Drawer_1)",
                                                         "close(Drawer_1)"]


def test_close_it_closes_the_put_receptacle_the_subtask_answers_left_out() -> None:
    """A search opened Cabinet_3 before the shaker went into Cabinet_1; the close subtask's
    answers hold only Cabinet_3, the scene the request holds has Cabinet_1 open. "Close
    it" is the cabinet the put used (tune3 tidy, stream seed 3000, s0023, round 37)."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([UnitView("Cabinet_3", "Cabinet", area_id="a1", state="opened",
                              score=0.8)])
    scene = {u.object_id: u for u in (
        UnitView("Cabinet_1", "Cabinet", area_id="a1", state="opened"),
        UnitView("Cabinet_3", "Cabinet", area_id="a1", state="opened"),
        UnitView("Salt_1", "SaltShaker", area_id="a1", receptacle_id="Cabinet_1",
                 relation="in"))}
    req = PlanRequest("close the cabinet", "", vocab, ["a1"],
                      goal_conditions=("CLOSED(Cabinet)",), scene=scene)
    req.notes["acted"] = ["Cabinet_3", "Cabinet_1", "Salt_1", "Cabinet_1"]
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Cabinet_1)",
                                                         "close(Cabinet_1)"]


def test_close_it_is_judged_on_the_drawer_acted_on_last_when_the_recall_left_it_out(
        ) -> None:
    """The task opened Drawer_29 while searching, found the phone shut in Drawer_16 and
    put it back there; the close subtask's answers hold Drawer_29 (memory has it closed
    since) but not Drawer_16, which the scene lists open. "Close it" is Drawer_16, not
    "nothing to do" on Drawer_29 (round 52, tune2 tidy, stream seed 3156, s0027)."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([UnitView("Drawer_29", "Drawer", area_id="a1", state="closed",
                              score=0.8),
                     UnitView("Drawer_7", "Drawer", area_id="a1", state="closed",
                              score=0.7)])
    scene = {u.object_id: u for u in (
        UnitView("Drawer_7", "Drawer", area_id="a1", state="closed"),
        UnitView("Drawer_16", "Drawer", area_id="a1", state="opened"),
        UnitView("Drawer_29", "Drawer", area_id="a1", state="closed"),
        UnitView("Phone_1", "CellPhone", area_id="a1", receptacle_id="Drawer_16",
                 relation="in"))}
    req = PlanRequest("close it", "", vocab, ["a1"], goal_conditions=("CLOSED(Drawer)",),
                      scene=scene)
    req.notes["acted"] = ["Drawer_29", "Drawer_29", "Drawer_16", "Phone_1", "Drawer_16"]
    req.notes["put_into"] = ["Drawer_16"]
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Drawer_16)",
                                                         "close(Drawer_16)"]
    # Once memory has it closed, the goal is met on it: nothing left to do.
    req.scene["Drawer_16"] = replace(scene["Drawer_16"], state="closed")
    req.vocab = Vocabulary()
    req.vocab.add_units([vocab.objects["Drawer_29"], vocab.objects["Drawer_7"]])
    assert planner.plan(req).calls == []


def _two_drawers(memory, house, opened: str = ""):  # noqa: ANN001, ANN202
    from memory_node.core.units import ObjectMemoryUnit as Unit
    for oid, pos in (("Drawer_1", (1.5, 0.3, 1.0)), ("Drawer_2", (2.5, 0.3, 1.0))):
        state = "opened" if oid == opened else "closed"
        memory.upsert_object(Unit(oid, "Drawer", pos, state=state, area_id="kitchen"))
        house.things[oid] = Thing("Drawer", "kitchen", state=state, position=pos)


def test_close_it_closes_the_drawer_an_earlier_subtask_of_the_task_used(world) -> None:  # noqa: ANN001
    """Subtasks are separate instructions; their episode ids share the task before '#'.
    "Close it" must not be "nothing to do" because the other drawer is closed."""
    memory, house = world
    from memory_node.core.units import ObjectMemoryUnit as Unit
    _two_drawers(memory, house)
    memory.upsert_object(Unit("Knife_1", "Knife", (2.0, 0.9, 1.0), area_id="kitchen"))
    house.things["Knife_1"] = Thing("Knife", "kitchen")
    loop = PlanLoop(OfflinePlanner(), LocalMemory(memory), house, places=lambda: PLACES)
    text = "put the knife in a drawer, then close it"
    first = loop.run(text, "k5c-1#s0", goal_conditions=["INSIDE(Knife, Drawer)"])
    assert first.success, first.message
    used = house.things["Knife_1"].inside
    other = ({"Drawer_1", "Drawer_2"} - {used}).pop()
    assert house.things[used].state == "opened" and house.things[other].state == "closed"
    # The drawer the subtask's own units read its goal met with, carried to the next one.
    assert loop.met_with == [used]
    before = len(house.calls)
    second = loop.run(text, "k5c-1#s1", goal_conditions=["CLOSED(Drawer)"])
    assert second.success, second.message
    # The put left the base at that drawer and nothing has moved it since: no walk there
    # (round 33: such walks were 0.0 m in the layout sweep).
    assert house.calls[before - 1] == SkillCall("put", ("Knife_1", used, "in"))
    assert [str(c) for c in house.calls[before:]] == [f"close({used})"]
    assert house.things[used].state == "closed"
    loop.run("hold the apple", "k5c-2#s0", goal_conditions=["HOLDING(Apple)"])
    assert loop.met_with == []   # another task


def test_close_it_closes_the_drawer_the_task_put_into_not_the_one_memory_has_it_in(
        world) -> None:  # noqa: ANN001
    """The put's own outcome says where the card is; memory, placing what it saw between
    two open drawers side by side, may hold it in the other one. "Close it" closes the
    drawer the put used (tune tidy, stream seed 3091, s0013, experience arm: memory's
    drawer was closed, the card's stayed open, the task was lost)."""
    memory, house = world
    from memory_node.core.units import ObjectMemoryUnit as Unit
    _two_drawers(memory, house)
    for oid in ("Drawer_1", "Drawer_2"):
        house.things[oid].state = "opened"
        memory.upsert_object(Unit(oid, "Drawer", house.things[oid].position,
                                  state="opened", area_id="kitchen"))
    memory.upsert_object(Unit("Card_1", "CreditCard", (2.0, 0.9, 1.0), area_id="kitchen"))
    house.things["Card_1"] = Thing("CreditCard", "kitchen")
    loop = PlanLoop(OfflinePlanner(), LocalMemory(memory), house, places=lambda: PLACES)
    text = "put the credit card away in the drawer and close it"
    first = loop.run(text, "k7c-1#s0", goal_conditions=["INSIDE(CreditCard, Drawer)"])
    assert first.success, first.message
    used = house.things["Card_1"].inside
    other = ({"Drawer_1", "Drawer_2"} - {used}).pop()
    # Memory reads the card in the drawer beside the one it went into.
    memory.upsert_object(Unit("Card_1", "CreditCard", house.things[other].position,
                              area_id="kitchen", receptacle_id=other, relation="in"))
    second = loop.run(text, "k7c-1#s1", goal_conditions=["CLOSED(Drawer)"])
    assert second.success, second.message
    assert house.things[used].state == "closed", [str(c) for c in house.calls]
    assert house.things[other].state == "opened"


def test_close_it_after_a_subtask_with_nothing_to_do_closes_the_drawer_its_goal_named(
        ) -> None:
    """"Put the knife back in the drawer and close it": the knife was in the open drawer
    already, so the first subtask acted on nothing; "close it" is that drawer, not
    "nothing to do" because another drawer memory holds is closed."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([UnitView("Drawer_2", "Drawer", area_id="a1", state="closed"),
                     UnitView("Drawer_1", "Drawer", area_id="a1", state="opened"),
                     UnitView("Knife_1", "Knife", area_id="a1", receptacle_id="Drawer_1",
                              relation="in")])
    req = PlanRequest("close it", "", vocab, ["a1"], goal_conditions=("CLOSED(Drawer)",))
    req.notes["acted"] = []
    req.notes["earlier_goals"] = ("INSIDE(Knife, Drawer)",)
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Drawer_1)",
                                                         "close(Drawer_1)"]


def test_close_it_closes_the_cabinet_an_earlier_subtasks_units_met_the_goal_with() -> None:
    """"Put the salt shaker away in the cabinet and close it": memory had the shaker in
    Cabinet_6 (the first subtask's units read the goal met), and "close it" recalls the
    cabinets, not the shaker. The cabinet its goal was met with is "it", not Cabinet_14 the
    search opened (round 73, exp93's note: tune2 untidied, stream seed 3159, s0029, plain:
    Cabinet_14 closed, Cabinet_6 left open, lost)."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([UnitView("Cabinet_14", "Cabinet", (1.0, 0.0, 1.0), "opened", "a1"),
                     UnitView("Cabinet_6", "Cabinet", (3.0, 0.0, 1.0), "opened", "a1")])
    req = PlanRequest("close it", "", vocab, ["a1"], goal_conditions=("CLOSED(Cabinet)",),
                      robot_position=(1.0, 0.0, 1.0))
    req.notes["acted"] = ["Cabinet_14"]
    req.notes["earlier_goals"] = ("INSIDE(SaltShaker, Cabinet)",)
    req.notes["met_with"] = ("Cabinet_6",)
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Cabinet_6)",
                                                         "close(Cabinet_6)"]
    # A put of the task's own says where the shaker went, whatever the earlier units read.
    req.notes["put_into"] = ["Cabinet_14"]
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Cabinet_14)",
                                                         "close(Cabinet_14)"]


def _knife_shut_in_history(picked_after: bool) -> list[StepLine]:
    refusal = StepLine(SkillCall("pick", ("Knife_38",)), False,
                       int(ErrorCode.PRECONDITION_FAILED),
                       "pick: the Knife is inside a closed Drawer", "Drawer")
    lines = [StepLine(SkillCall("open", ("Drawer_12",)), True, 0, "open: the Drawer is open"),
             refusal,
             StepLine(SkillCall("open", ("Drawer_13",)), True, 0, "open: the Drawer is open")]
    if picked_after:
        lines.append(StepLine(SkillCall("pick", ("Knife_38",)), True, 0,
                              "pick: holding the Knife"))
    return lines


def test_the_drawer_opened_for_a_knife_refused_as_shut_in_is_where_the_world_says_it_is(
        ) -> None:
    """Tune3 tidy, stream seed 3650, s0015 (round 77, experience arm): memory had the knife
    in drawer Drawer_12 (the robot's put two tasks before, undone by the tidy); its pick
    was refused "inside a closed Drawer" with Drawer_12 open, Drawer_13 was opened for
    it, and the goal read met by the old place. The drawer opened for it counts; not after
    a pick took the knife out, not for a goal of another receptacle type."""
    objects = {"Knife_38": UnitView("Knife_38", "Knife", (0.5, 0.7, 0.5),
                                    receptacle_id="Drawer_12", relation="in"),
               "Drawer_12": UnitView("Drawer_12", "Drawer", (0.7, 0.7, 0.6), "opened"),
               "Drawer_13": UnitView("Drawer_13", "Drawer", (0.7, 1.0, 0.6), "opened")}
    goal = parse_goals(["INSIDE(Knife, Drawer)"])
    shut = {"Knife_38": "Drawer_13"}
    assert opened_for_shut_in(goal, objects, shut, _knife_shut_in_history(False)) \
        == ["Drawer_13"]
    assert opened_for_shut_in(goal, objects, shut, _knife_shut_in_history(True)) == []
    assert opened_for_shut_in(parse_goals(["INSIDE(Knife, Fridge)"]), objects, shut,
                              _knife_shut_in_history(False)) == []
    # The open before the refusal is no evidence: it is the one the refusal contradicts.
    assert opened_for_shut_in(goal, objects, {"Knife_38": "Drawer_12"},
                              _knife_shut_in_history(False)) == []


def test_close_it_closes_the_drawer_opened_for_the_knife_not_memorys_older_place() -> None:
    """The same task's "close it": memory's units still read the goal met with Drawer_12
    (met_with), but the earlier subtask opened Drawer_13 for the knife the world said was
    shut in a drawer (opened_for): Drawer_13 is "it". A put of the task's own still wins."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([UnitView("Drawer_12", "Drawer", (0.7, 0.7, 0.6), "opened", "a1"),
                     UnitView("Drawer_13", "Drawer", (0.7, 1.0, 0.6), "opened", "a1"),
                     UnitView("Knife_38", "Knife", (0.5, 0.7, 0.5), area_id="a1",
                              receptacle_id="Drawer_12", relation="in")])
    req = PlanRequest("close it", "", vocab, ["a1"], goal_conditions=("CLOSED(Drawer)",),
                      robot_position=(0.7, 1.0, 0.6))
    req.notes["acted"] = ["Drawer_12", "Drawer_12", "Drawer_13"]
    req.notes["earlier_goals"] = ("INSIDE(Knife, Drawer)",)
    req.notes["met_with"] = ("Drawer_12",)
    assert [str(c) for c in planner.plan(req).calls][-1] == "close(Drawer_12)"
    req.notes["opened_for_shut_in"] = ("Drawer_13",)
    assert [str(c) for c in planner.plan(req).calls][-1] == "close(Drawer_13)"
    req.notes["put_into"] = ["Drawer_12"]
    assert [str(c) for c in planner.plan(req).calls][-1] == "close(Drawer_12)"


@pytest.mark.parametrize("cabinet_in", ["answers", "scene"])
def test_a_put_target_two_levels_inside_a_closed_cabinet_is_reached_by_opening_it(
        cabinet_in: str) -> None:
    """Memory has the cup in a pot and the pot in a closed cabinet (round 73, exp93's note
    v2: tune2 tidy, stream seed 3152, s0024, where the plan was said to pass the cup over):
    the cup is the put's target, the cabinet is opened first, whether the answers or only
    the scene hold it."""
    planner = OfflinePlanner()
    cabinet = UnitView("Cabinet_5", "Cabinet", (3.0, 0.0, 1.0), "closed", "a1")
    vocab = Vocabulary()
    vocab.add_units([UnitView("Knife_1", "ButterKnife", (1.0, 0.0, 1.0), area_id="a1",
                              receptacle_id="robot"),
                     UnitView("Cup_74", "Cup", (3.0, 0.0, 1.0), area_id="a1",
                              receptacle_id="Pot_79", relation="in"),
                     UnitView("Pot_79", "Pot", (3.0, 0.0, 1.0), area_id="a1",
                              receptacle_id="Cabinet_5", relation="in"),
                     *([cabinet] if cabinet_in == "answers" else [])])
    req = PlanRequest("put the butter knife in the cup", "", vocab, ["a1"], held="Knife_1",
                      goal_conditions=("INSIDE(ButterKnife, Cup)",),
                      robot_position=(1.0, 0.0, 1.0),
                      scene={"Cabinet_5": cabinet} if cabinet_in == "scene" else {})
    assert [str(c) for c in planner.plan(req).calls] == [
        "navigate(Cup_74)", "open(Cabinet_5)", "put(Knife_1, Cup_74, in)"]


def test_close_it_closes_the_drawer_an_earlier_subtask_took_from(world) -> None:  # noqa: ANN001
    memory, house = world
    from memory_node.core.units import ObjectMemoryUnit as Unit
    _two_drawers(memory, house, opened="Drawer_2")
    memory.upsert_object(Unit("Spatula_1", "Spatula", (2.5, 0.3, 1.0), area_id="kitchen",
                              receptacle_id="Drawer_2", relation="in"))
    house.things["Spatula_1"] = Thing("Spatula", "kitchen", inside="Drawer_2")
    loop = PlanLoop(OfflinePlanner(), LocalMemory(memory), house, places=lambda: PLACES)
    text = "take the spatula out of the drawer and close the drawer"
    assert loop.run(text, "t#s0", goal_conditions=["HOLDING(Spatula)"]).success
    second = loop.run(text, "t#s1", goal_conditions=["CLOSED(Drawer)"])
    assert second.success, second.message
    assert "close(Drawer_2)" in [str(c) for c in house.calls]
    assert house.things["Drawer_2"].state == "closed"
    # Another task starts from nothing it acted on: any closed drawer will do for it.
    house.things["Drawer_2"].state = "opened"
    memory.upsert_object(Unit("Drawer_2", "Drawer", (2.5, 0.3, 1.0), state="opened",
                              area_id="kitchen"))
    other = loop.run("close a drawer", "u#s0", goal_conditions=["CLOSED(Drawer)"])
    assert other.success and other.message == "nothing to do"


def test_a_state_goal_rests_on_the_unit_memory_saw_most_not_on_any_unit() -> None:
    # CI, 23 Nov: memory held the television (seen 9 times, "off") and a second node made
    # from its edge (seen 3 times, misread "on"); "turn on the television" looked done.
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([UnitView("object_8", "Television", area_id="a1", state="off",
                              observations=9),
                     UnitView("object_15", "Television", area_id="a1", state="on",
                              observations=3)])
    req = PlanRequest("turn on the television", "", vocab, ["a1"],
                      goal_conditions=("TOGGLEON(Television)",))
    calls = [str(c) for c in planner.plan(req).calls]
    assert calls and calls[-1].startswith("toggle_on(")
    # The unit seen most being on, the goal is met.
    vocab.add_units([UnitView("object_8", "Television", area_id="a1", state="on",
                              observations=9)])
    assert planner.plan(req).calls == []


def test_units_carry_memorys_observation_count_to_the_planner() -> None:
    from memory_node.core.units import ObjectMemoryUnit
    from memory_node.planner.core.local_memory import unit_view
    unit = ObjectMemoryUnit(object_id="object_8", label="Television", position=(1.0, 2.0, 0.8),
                      observation_count=9)
    assert unit_view(unit).observations == 9


def _history(req: PlanRequest, call: str, args: tuple[str, ...], ok: bool,
             code: ErrorCode = ErrorCode.NONE, message: str = "", shut_by: str = "") -> None:
    from memory_node.planner.core.prompt import StepLine
    from memory_node.planner.core.types import SkillCall
    req.history.append(StepLine(SkillCall(call, args), ok, int(code), message, shut_by))


def test_a_room_is_explored_once_per_type_then_closed_receptacles_are_searched() -> None:
    """Memory knows three areas of one kitchen; the mug is in none of them. Each area is a
    part of the kitchen, so one look around the kitchen covers them all; then the robot
    opens what could hold a mug, nearest first, never what cannot (accepts)."""
    planner = OfflinePlanner(accepts=lambda rec, obj: rec != "Fridge" or obj != "Mug")
    vocab = Vocabulary()
    req = PlanRequest("x", "", vocab, ["area_0", "area_1", "area_2", "kitchen"],
                      goal_conditions=("HOLDING(Mug)",), robot_position=(0.0, 0.0, 0.0),
                      place_rooms={"area_0": "kitchen", "area_1": "kitchen",
                                   "area_2": "kitchen", "kitchen": "kitchen"},
                      scene={u.object_id: u for u in (
                          UnitView("Cabinet_far", "Cabinet", (4.0, 0.0, 1.0), "closed"),
                          UnitView("Fridge_1", "Fridge", (0.5, 0.0, 1.0), "closed"),
                          UnitView("Drawer_near", "Drawer", (1.0, 0.0, 0.8), "closed"),
                          UnitView("Cabinet_open", "Cabinet", (0.2, 0.0, 1.0), "opened"))})
    assert [str(c) for c in planner.plan(req).calls] == ["explore(kitchen, Mug)"]
    _history(req, "explore", ("kitchen", "Mug"), False, ErrorCode.NOT_FOUND)
    # Not area_1, area_2 (parts of the kitchen just looked at): search, nearest first.
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Drawer_near)",
                                                         "open(Drawer_near)"]
    assert "Drawer_near" in req.vocab.objects   # memory's id, now nameable
    _history(req, "open", ("Drawer_near",), True)
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Cabinet_far)",
                                                         "open(Cabinet_far)"]
    _history(req, "open", ("Cabinet_far",), True)
    # Then a look around from the open cabinet (round 27, `_look_close`), not to the
    # fridge nor to what it opened; then nothing is left.
    assert [str(c) for c in planner.plan(req).calls] == ["explore(Cabinet_open, Mug)"]
    _history(req, "explore", ("Cabinet_open", "Mug"), False, ErrorCode.NOT_FOUND)
    with pytest.raises(LookupError):   # the fridge cannot hold a mug: nothing left
        planner.plan(req)


def test_a_thin_object_no_explore_saw_is_looked_for_up_close_before_giving_up() -> None:
    """Round 27, layout sweep plan 311: a pen (14 x 1.2 cm) on a counter top shows 10 of
    the detector's 40 pixels from the nearest explore viewpoint, 2.9 m away; the room
    explored and the closed drawer opened, main gave up "no Pen in memory" (four tasks,
    both arms). The robot now looks around from each open receptacle that could hold it,
    nearest first, one per plan, before giving up; never from one that cannot hold it."""
    planner = OfflinePlanner(accepts=lambda rec, obj: rec != "Bed")
    req = PlanRequest("put the pen on the side table", "", Vocabulary(), ["bedroom"],
                      goal_conditions=("ON(Pen, SideTable)",), robot_position=(0.0, 0.0, 0.0),
                      place_rooms={"bedroom": "bedroom"},
                      scene={u.object_id: u for u in (
                          UnitView("Drawer_1", "Drawer", (0.5, 0.0, 0.5), "closed"),
                          UnitView("Bed_1", "Bed", (0.8, 0.0, 0.5)),
                          UnitView("SideTable_1", "SideTable", (1.5, 0.0, 0.6)),
                          UnitView("CounterTop_1", "CounterTop", (-1.0, 4.4, 0.9)))})
    assert [str(c) for c in planner.plan(req).calls] == ["explore(bedroom, Pen)"]
    _history(req, "explore", ("bedroom", "Pen"), False, ErrorCode.NOT_FOUND)
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Drawer_1)",
                                                         "open(Drawer_1)"]
    _history(req, "open", ("Drawer_1",), True)
    assert [str(c) for c in planner.plan(req).calls] == ["explore(SideTable_1, Pen)"]
    _history(req, "explore", ("SideTable_1", "Pen"), False, ErrorCode.NOT_FOUND)
    req = replace(req, robot_position=(1.5, 0.0, 0.0))
    assert [str(c) for c in planner.plan(req).calls] == ["explore(CounterTop_1, Pen)"]
    _history(req, "explore", ("CounterTop_1", "Pen"), False, ErrorCode.NOT_FOUND)
    with pytest.raises(LookupError):
        planner.plan(req)


def test_without_rooms_each_place_is_its_own_room() -> None:
    planner = OfflinePlanner()
    req = PlanRequest("x", "", Vocabulary(), ["a1", "a2"], goal_conditions=("HOLDING(Mug)",))
    assert [str(c) for c in planner.plan(req).calls] == ["explore(a1, Mug)"]
    _history(req, "explore", ("a1", "Mug"), False, ErrorCode.NOT_FOUND)
    assert [str(c) for c in planner.plan(req).calls] == ["explore(a2, Mug)"]


def test_what_the_hand_holds_is_put_down_before_picking_another() -> None:
    planner = OfflinePlanner(accepts=lambda rec, obj: rec == "CounterTop")
    vocab = Vocabulary()
    vocab.add_units([UnitView("Mug_1", "Mug", (1.0, 0.0, 0.9), receptacle_id="robot"),
                     UnitView("Apple_1", "Apple", (2.0, 0.0, 0.9))])
    req = PlanRequest("x", "", vocab, [], held="Mug_1", goal_conditions=("HOLDING(Apple)",),
                      robot_position=(0.0, 0.0, 0.0),
                      scene={"CounterTop_1": UnitView("CounterTop_1", "CounterTop",
                                                      (0.5, 0.0, 0.9))})
    assert [str(c) for c in planner.plan(req).calls] == [
        "navigate(CounterTop_1)", "put(Mug_1, CounterTop_1)", "navigate(Apple_1)",
        "pick(Apple_1)"]


def test_the_next_instruction_knows_what_the_hand_holds(world) -> None:  # noqa: ANN001
    """A task that ends with the mug in hand: the next instruction starts from the robot's
    own state (its last skill result), not from an empty hand (pick -> gripper full)."""
    memory, house = world
    loop = PlanLoop(OfflinePlanner(), LocalMemory(memory), house, places=lambda: PLACES)
    first = loop.run("bring me a mug from the sofa", "ep1", goal_conditions=["HOLDING(Mug)"])
    assert first.success and house.held == "Mug_1"
    house.calls.clear()
    again = loop.run("hold the mug", "ep2", goal_conditions=["HOLDING(Mug)"])
    assert again.success, again.message
    assert house.calls == [] and again.message == "nothing to do"
    # A reset robot (new world) holds nothing.
    loop.forget_robot_state()
    assert loop.held == "" and loop.held_unit is None


def test_washing_goes_to_the_sink_that_has_the_faucet() -> None:
    """Two sinks, one faucet: the sink recall ranks first has none; the plan goes to the
    sink beside the faucet (a skill's fixtures are used together)."""
    vocab = Vocabulary()
    vocab.add_units([UnitView("Mug_1", "Mug", (0.0, 0.0, 0.9), receptacle_id="robot"),
                     UnitView("Sink_a", "Sink", (3.0, 0.0, 0.8), score=0.9),
                     UnitView("Sink_b", "Sink", (1.0, 0.0, 0.8), score=0.1),
                     UnitView("Faucet_1", "Faucet", (1.0, -0.2, 1.0))])
    req = PlanRequest("x", "", vocab, [], held="Mug_1",
                      goal_conditions=("STATE(Mug, cleaned)",))
    assert [str(c) for c in OfflinePlanner().plan(req).calls] == ["navigate(Sink_b)",
                                                                 "clean(Mug_1)"]


def test_memory_areas_map_to_the_room_whose_centre_is_nearest() -> None:
    from memory_node.planner.core.loop import place_rooms
    areas = [AreaView("area_0", (2.5, 0.4, 1.2)), AreaView("area_1", (5.0, 0.5, 4.0)),
             AreaView("area_x"), *PLACES]
    assert place_rooms(areas, PLACES) == {"kitchen": "kitchen", "living_room": "living_room",
                                          "area_0": "kitchen", "area_1": "living_room",
                                          "area_x": "area_x"}
    assert place_rooms(areas[:2], []) == {"area_0": "area_0", "area_1": "area_1"}


def test_refused_navigate_explores_the_room_memory_saw_the_object_in_first(world) -> None:  # noqa: ANN001
    """Memory holds the apple in the kitchen at a position that is off (fused from a far
    sighting): the world refuses navigate before moving. The robot stands in the living
    room, and the instruction's book ranks the living room first; exploring there first
    was the rendered main job's first-task cost. The kitchen, where memory saw the apple,
    is explored first (fails without loop._search_where_seen, and without offline._learn
    leaving the room of a refused navigate unexplored)."""
    memory, house = world
    house.at = "living_room"
    house.fail_next["navigate"] = ErrorCode.NOT_FOUND
    result = run(memory, house, ["HOLDING(Apple)"], "fetch the apple; the book on the sofa")
    assert result.success, result.message
    calls = [str(c) for c in house.calls]
    assert calls[0] == "navigate(Apple_1)" and not result.steps[0].success
    assert calls[1] == "explore(kitchen, Apple)", calls
    assert calls[-1] == "pick(Apple_1)" and house.held == "Apple_1"


def test_the_object_in_the_gripper_stays_what_was_picked(world) -> None:  # noqa: ANN001
    """The camera sees the held object in the hand, partly covered: perception may
    misread it (a mug as a cup). The robot knows what it picked and must not go exploring
    the house for it (the rendered main job did, for the mug in its gripper)."""
    from dataclasses import replace

    memory, house = world
    execute = house.execute

    def camera_on_the_hand(call, targets, episode_id, timeout_s, cancel):  # noqa: ANN001, ANN202
        result = execute(call, targets, episode_id, timeout_s, cancel)
        if call.skill == "pick" and result.success:
            unit = memory.short_term.peek(call.args[0])
            memory.upsert_object(replace(unit, label="Tomato"))
        elif call.skill == "put" and result.success:   # out of the hand: seen as it is
            unit = memory.short_term.peek(call.args[0])
            memory.upsert_object(replace(unit, label="Apple", state="none"))
        return result

    house.execute = camera_on_the_hand
    house.fail_next["open"] = ErrorCode.TIMEOUT   # a re-plan while holding it
    result = run(memory, house, ["INSIDE(Apple, Fridge)"], "put the apple in the fridge")
    assert result.success, result.message
    calls = [str(c) for c in house.calls]
    assert not any(c.startswith("explore") for c in calls), "; ".join(calls)
    assert calls[-1] == "put(Apple_1, Fridge_1, in)"


def _kitchen_seen(objects: int) -> dict[str, UnitView]:
    """Memory's scene: a closed drawer in the kitchen and `objects` - 1 other things seen
    there (areas area_0 and area_1 lie in the kitchen), and a closed cabinet in the hall."""
    units = [UnitView("Drawer_1", "Drawer", (1.0, 0.0, 0.3), "closed", "area_0"),
             UnitView("Cabinet_hall", "Cabinet", (6.0, 0.0, 0.4), "closed", "area_9")]
    units += [UnitView(f"Thing_{i}", "Chair", (0.5 * i, 1.0, 0.4), "none", f"area_{i % 2}")
              for i in range(objects - 1)]
    return {u.object_id: u for u in units}


def _search_request(scene: dict[str, UnitView]) -> PlanRequest:
    return PlanRequest("x", "", Vocabulary(), ["area_0", "area_1", "area_9"],
                       goal_conditions=("HOLDING(Mug)",), robot_position=(0.0, 0.0, 0.0),
                       place_rooms={"area_0": "kitchen", "area_1": "kitchen",
                                    "area_9": "hall"}, scene=scene)


def test_a_room_memory_has_looked_over_is_searched_before_it_is_explored() -> None:
    """Memory holds what the kitchen shows and no mug: the mug is shut in something there
    if it is in the kitchen at all, so its closed drawer is opened first; the look around
    comes only when that found nothing. Another room's receptacles wait for its turn."""
    planner = OfflinePlanner()
    req = _search_request(_kitchen_seen(6))
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Drawer_1)",
                                                         "open(Drawer_1)"]
    _history(req, "open", ("Drawer_1",), True)
    assert [str(c) for c in planner.plan(req).calls] == ["explore(kitchen, Mug)"]


def test_a_room_memory_has_only_glimpsed_is_explored_first() -> None:
    planner = OfflinePlanner()
    req = _search_request(_kitchen_seen(2))
    assert [str(c) for c in planner.plan(req).calls] == ["explore(kitchen, Mug)"]


def test_a_receptacle_first_seen_since_the_task_began_waits_for_the_rooms_explore() -> None:
    """Round 48 (layout sweep plan 213, s0000): the drawer was first seen by this task's
    camera on a walk (not in the task's first scene graph), which glimpses a room without
    looking over what stands in it; one explore looks at every surface at once, where each
    such receptacle costs a walk and an open. The drawer is searched as one in a room
    memory had not looked over: after the rooms' explores, nearest first. One memory knew
    when the task began is still opened before the room's explore."""
    planner = OfflinePlanner()
    scene = _kitchen_seen(6)
    req = _search_request(scene)
    req.notes["known_at_start"] = frozenset(scene) - {"Drawer_1"}
    assert [str(c) for c in planner.plan(req).calls] == ["explore(kitchen, Mug)"]
    _history(req, "explore", ("kitchen", "Mug"), False, ErrorCode.NOT_FOUND)
    assert [str(c) for c in planner.plan(req).calls] == ["explore(hall, Mug)"]
    _history(req, "explore", ("hall", "Mug"), False, ErrorCode.NOT_FOUND)
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Drawer_1)",
                                                         "open(Drawer_1)"]
    req = _search_request(scene)
    req.notes["known_at_start"] = frozenset(scene)
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Drawer_1)",
                                                         "open(Drawer_1)"]


def _sponge_in_the_basin() -> Vocabulary:
    """Memory has the sponge in the sink basin (the arm may find it shut in a cabinet)."""
    vocab = Vocabulary()
    vocab.add_units([
        UnitView("Sponge_1", "DishSponge", (-1.9, -1.5, 0.9), receptacle_id="Basin_1",
                 relation="in"),
        UnitView("Basin_1", "SinkBasin", (-1.9, -1.5, 0.9))])
    return vocab


def _refused_as_shut_in_then_opens(planner: OfflinePlanner, req: PlanRequest,
                                   receptacle: str) -> None:
    """The sponge's pick is refused as shut in: the plan opens `receptacle` first, and
    does."""
    _history(req, "navigate", ("Sponge_1",), True)
    _history(req, "pick", ("Sponge_1",), False, ErrorCode.PRECONDITION_FAILED)
    # The plan ends with the open (round 39): the next one picks on what it showed.
    assert [str(c) for c in planner.plan(req).calls] == [
        f"navigate({receptacle})", f"open({receptacle})"]
    _history(req, "navigate", (receptacle,), True)
    _history(req, "open", (receptacle,), True)


def test_a_pick_refused_as_shut_in_opens_a_receptacle_that_opens_near_the_object() -> None:
    """Memory has the sponge in the sink basin; the arm finds it shut in the cabinet under
    it. A sink basin memory never saw opened or closed is not what to open: the nearest
    receptacle near the object that opens is (one memory believes open as well: it may
    have been shut since), each once; going to it first (it may be out of the arm's reach
    from the object's spot). Before the fix the plan opened the basin,
    the pick failed again, and so on until the re-plans ran out."""
    planner = OfflinePlanner()
    vocab = _sponge_in_the_basin()
    scene = {u.object_id: u for u in (
        UnitView("Cabinet_near", "Cabinet", (-1.19, -2.2, 0.4), "opened"),
        UnitView("Cabinet_under", "Cabinet", (-1.55, -1.97, 0.4), "closed"),
        UnitView("Cabinet_far", "Cabinet", (0.7, -2.2, 0.4), "closed"))}
    req = PlanRequest("x", "", vocab, ["kitchen"], goal_conditions=("HOLDING(DishSponge)",),
                      robot_position=(0.0, 0.0, 0.0), scene=scene)
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Sponge_1)",
                                                         "pick(Sponge_1)"]
    _refused_as_shut_in_then_opens(planner, req, "Cabinet_under")
    _history(req, "navigate", ("Sponge_1",), True)
    _history(req, "pick", ("Sponge_1",), False, ErrorCode.PRECONDITION_FAILED)
    # Memory may think the other cabinet open when it was shut since: open it too.
    assert [str(c) for c in planner.plan(req).calls][:2] == [
        "navigate(Cabinet_near)", "open(Cabinet_near)"]


def test_a_shut_in_object_opens_the_drawer_of_a_stack_at_its_own_height_first() -> None:
    """The drawers of a chest stand at one spot of the floor, one above the other: the
    one at the object's height is opened first, not the first by id (by floor distance
    alone they tie; on tune tidy the spatula's pick failed three times)."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([UnitView("Sponge_1", "DishSponge", (0.95, -2.2, 0.33))])
    scene = {u.object_id: u for u in (
        UnitView("Drawer_a", "Drawer", (0.95, -2.2, 0.56), "closed"),
        UnitView("Drawer_b", "Drawer", (0.95, -2.21, 0.83), "closed"),
        UnitView("Drawer_c", "Drawer", (0.95, -2.21, 0.39), "closed"))}
    req = PlanRequest("x", "", vocab, ["kitchen"], goal_conditions=("HOLDING(DishSponge)",),
                      robot_position=(0.0, 0.0, 0.0), scene=scene)
    _refused_as_shut_in_then_opens(planner, req, "Drawer_c")


_STACK_REFUSAL = ("pick: the DishSponge is inside a closed Drawer", "Drawer")


def _sponge_by_a_stack(drawer_d: str, *more: UnitView, **sponge: str) -> PlanRequest:
    """A sponge memory has by a stack of drawers (in Drawer_a with `sponge`'s
    receptacle_id/relation); Drawer_d's state as given; `more` units in the scene too."""
    vocab = Vocabulary()
    vocab.add_units([UnitView("Sponge_1", "DishSponge", (0.95, -2.2, 0.6), **sponge)])
    scene = {u.object_id: u for u in (
        UnitView("Drawer_a", "Drawer", (0.95, -2.2, 0.56), "closed"),
        UnitView("Drawer_b", "Drawer", (0.95, -2.21, 0.83), "closed"),
        UnitView("Drawer_c", "Drawer", (0.95, -2.5, 0.39), "closed"),
        UnitView("Drawer_d", "Drawer", (0.95, -2.5, 0.83), drawer_d), *more)}
    req = PlanRequest("x", "", vocab, ["kitchen"], goal_conditions=("HOLDING(DishSponge)",),
                      robot_position=(0.0, 0.0, 0.0), scene=scene)
    _history(req, "navigate", ("Sponge_1",), True)
    return req


def _refused_after_opening(req: PlanRequest, drawer: str) -> None:
    """`drawer` opened from where the pick was refused, and the pick refused again."""
    _history(req, "open", (drawer,), True)
    _history(req, "pick", ("Sponge_1",), False, ErrorCode.PRECONDITION_FAILED, *_STACK_REFUSAL)


def test_a_pick_refused_again_after_the_chosen_drawer_opens_the_rest_of_the_stack() -> None:
    """Round 32 (tune3 tidy, stream seed 3002, s0021): the tidy moved the knife to another
    drawer of a stack of six; each re-plan opened one drawer and picked, four refusals,
    and the re-plans ran out before the drawer that held it. Once two drawers the
    refusals chose were opened and the pick is refused again naming a Drawer, the next
    plan opens every other drawer near it this task has not opened, then picks: one
    refusal for the rest of the stack. Before that, one drawer per try (the nearest is the
    likeliest). A receptacle of another type nearby is not opened."""
    planner = OfflinePlanner()
    req = _sponge_by_a_stack("opened", UnitView("Drawer_e", "Drawer", (0.95, -2.5, 1.0),
                                                "closed"),
                             UnitView("Cabinet_1", "Cabinet", (1.2, -2.2, 0.4), "closed"))
    _history(req, "pick", ("Sponge_1",), False, ErrorCode.PRECONDITION_FAILED, *_STACK_REFUSAL)
    for drawer in ("Drawer_a", "Drawer_b"):
        # No walk: the refusal came from where the arm reaches the drawer around the sponge
        # (`_reaches`).
        assert [str(c) for c in planner.plan(req).calls] == [f"open({drawer})"]
        _refused_after_opening(req, drawer)
    # The nearest other drawer first (as before), then the rest, nearest first; the one
    # memory reads open too (a tidy may have shut it); not the cabinet. The plan ends
    # after the opens: the next one is made on what they showed.
    # The one the refusal chose from where the arm reaches, each other from its own spot.
    assert [str(c) for c in planner.plan(req).calls] == [
        "open(Drawer_c)", "navigate(Drawer_d)", "open(Drawer_d)",
        "navigate(Drawer_e)", "open(Drawer_e)"]
    _history(req, "open", ("Drawer_c",), True)
    for drawer in ("Drawer_d", "Drawer_e"):
        _history(req, "navigate", (drawer,), True)
        _history(req, "open", (drawer,), True)
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Sponge_1)",
                                                         "pick(Sponge_1)"]


def test_memorys_own_drawer_counts_among_the_opens_before_the_rest_of_the_stack() -> None:
    """The same with memory's own drawer as the first open (s0021 itself: the knife the
    robot had put in a drawer): memory's drawer, then the one the refusal chose, did not
    help; the next plan opens the rest and ends there."""
    planner = OfflinePlanner()
    req = _sponge_by_a_stack("closed", receptacle_id="Drawer_a", relation="in")
    _history(req, "open", ("Drawer_a",), True)
    _history(req, "pick", ("Sponge_1",), False, ErrorCode.PRECONDITION_FAILED, *_STACK_REFUSAL)
    assert [str(c) for c in planner.plan(req).calls] == ["open(Drawer_b)"]
    _refused_after_opening(req, "Drawer_b")
    assert [str(c) for c in planner.plan(req).calls] == [
        "open(Drawer_c)", "navigate(Drawer_d)", "open(Drawer_d)"]


def test_a_slice_refused_as_shut_in_opens_what_the_refusal_names_before_slicing_again(
) -> None:
    """Round 31 (plan 27, memory arm, a diverged run): "slice the lettuce", the knife in
    hand, memory with the lettuce loose; the slice was refused four times "the Lettuce is
    inside a closed Fridge" (the result's typed shut_by) until the re-plans ran out: only a
    refused pick or put opened what shuts the object in. The same refusal of any skill on
    the object opens the receptacle it names first (as for a pick: `_shut_in`)."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([UnitView("Lettuce_1", "Lettuce", (0.9, -2.2, 0.9)),
                     UnitView("Knife_1", "Knife", (0.0, 0.0, 0.9))])
    scene = {u.object_id: u for u in (
        UnitView("Fridge_1", "Fridge", (1.0, -2.3, 0.9), "closed"),
        UnitView("Cabinet_1", "Cabinet", (0.9, -2.1, 0.5), "closed"))}
    req = PlanRequest("x", "", vocab, ["kitchen"], held="Knife_1",
                      goal_conditions=("STATE(Lettuce, sliced)",),
                      robot_position=(0.0, 0.0, 0.0), scene=scene)
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Lettuce_1)",
                                                         "slice(Lettuce_1)"]
    _history(req, "navigate", ("Lettuce_1",), True)
    _history(req, "slice", ("Lettuce_1",), False, ErrorCode.PRECONDITION_FAILED,
             "slice: the Lettuce is inside a closed Fridge", "Fridge")
    assert [str(c) for c in planner.plan(req).calls] == ["open(Fridge_1)", "slice(Lettuce_1)"]
    _history(req, "open", ("Fridge_1",), True)
    # Opened once: the next plan slices (a second refusal would choose the next one),
    # from where it was refused.
    assert [str(c) for c in planner.plan(req).calls] == ["slice(Lettuce_1)"]


def test_a_refusal_as_shut_in_opens_and_acts_from_where_it_was_refused() -> None:
    """Round 35 (plan 27, memory arm, s0003, lost at the step limit two calls short): the
    apple's pick was refused "inside a closed Fridge"; the plan walked to the fridge (0.0
    m), opened it and walked back to the apple (0.0 m). The skill checks the arm's reach to
    the object's outermost receptacle before what shuts the object in (skills.yaml,
    `reachable`), so the refusal says the arm reaches the apple and the fridge around it
    from where the base stands: open and pick without a walk. A receptacle of another
    type than the refusal names is memory's guess and is walked to; after a walk, after a
    refusal that names nothing, and for a put (its `reachable` is the receptacle's) the
    same rule reads the skill table."""
    def request(*more: UnitView) -> PlanRequest:
        vocab = Vocabulary()
        vocab.add_units([UnitView("Apple_1", "Apple", (0.9, -2.2, 0.9)), *more])
        return PlanRequest("x", "", vocab, ["kitchen"], goal_conditions=("HOLDING(Apple)",),
                           robot_position=(0.0, 0.0, 0.0))

    planner = OfflinePlanner()
    fridge = UnitView("Fridge_1", "Fridge", (1.0, -2.3, 0.9), "closed")
    refusal = ("pick: the Apple is inside a closed Fridge", "Fridge")
    req = request(fridge)
    _history(req, "navigate", ("Apple_1",), True)
    _history(req, "pick", ("Apple_1",), False, ErrorCode.PRECONDITION_FAILED, *refusal)
    assert [str(c) for c in planner.plan(req).calls] == ["open(Fridge_1)"]
    _history(req, "open", ("Fridge_1",), True)   # a re-plan after it: still no walk
    assert [str(c) for c in planner.plan(req).calls] == ["pick(Apple_1)"]
    # A walk since: the base is no longer where the refusal came from.
    req = request(fridge)
    _history(req, "pick", ("Apple_1",), False, ErrorCode.PRECONDITION_FAILED, *refusal)
    _history(req, "navigate", ("Fridge_1",), True)
    _history(req, "open", ("Fridge_1",), True)
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Apple_1)", "pick(Apple_1)"]
    # The refusal names no type (a skill that does not say): no evidence of the reach.
    req = request(fridge)
    _history(req, "navigate", ("Apple_1",), True)
    _history(req, "pick", ("Apple_1",), False, ErrorCode.PRECONDITION_FAILED, "pick: no")
    assert [str(c) for c in planner.plan(req).calls] == [
        "navigate(Fridge_1)", "open(Fridge_1)"]
    # Memory knows no fridge; the cabinet near the apple is a guess of another type: walked
    # to, and back to the apple (the base has moved since the refusal).
    req = request(UnitView("Cabinet_1", "Cabinet", (1.0, -2.0, 0.5), "closed"))
    _history(req, "navigate", ("Apple_1",), True)
    _history(req, "pick", ("Apple_1",), False, ErrorCode.PRECONDITION_FAILED, *refusal)
    assert [str(c) for c in planner.plan(req).calls] == [
        "navigate(Cabinet_1)", "open(Cabinet_1)"]


def test_an_open_for_a_shut_in_object_ends_the_plan_and_one_that_showed_nothing_is_passed(
) -> None:
    """Tune2 tidy, stream seed 3013, s0001 (round 39): the tidy had put the mug away in
    the third of three cabinets near where memory had it. Each re-plan opened one cabinet
    and picked at once; the pick was refused after the first two, three refusals in one
    state. The plan now ends with the open. The first choice is picked from (the
    likeliest, and the camera may miss what lies inside); once an open has not helped,
    the next plan picks only when memory saw something of the type in (or, first frame,
    beside) what was opened, or nothing of the named type is left to open; else it opens
    the next one. The unit itself counts only when memory saw it since: its old place may
    lie beside the cabinet."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([
        UnitView("Mug_1", "Mug", (0.0, -1.3, 0.9), receptacle_id="Counter_1", relation="on",
                 observations=2),
        UnitView("Counter_1", "CounterTop", (0.0, -1.5, 0.9)),
        UnitView("Cabinet_A", "Cabinet", (-0.5, -1.2, 0.4), "closed"),
        UnitView("Cabinet_B", "Cabinet", (0.5, -1.2, 0.4), "closed"),
        UnitView("Cabinet_C", "Cabinet", (-0.6, -1.5, 0.4), "closed"),
        UnitView("Cabinet_D", "Cabinet", (0.9, -1.4, 0.4), "closed"),
        UnitView("Drawer_1", "Drawer", (0.1, -1.1, 0.7), "closed")])
    req = PlanRequest("x", "", vocab, ["kitchen"], goal_conditions=("HOLDING(Mug)",),
                      robot_position=(0.0, 0.0, 0.0))
    refusal = ("pick: the Mug is inside a closed Cabinet", "Cabinet")
    _history(req, "navigate", ("Mug_1",), True)
    _history(req, "pick", ("Mug_1",), False, ErrorCode.PRECONDITION_FAILED, *refusal)
    assert [str(c) for c in planner.plan(req).calls] == ["open(Cabinet_A)"]
    _history(req, "open", ("Cabinet_A",), True)
    # The first choice: the pick (as on main, which planned it with the open).
    assert [str(c) for c in planner.plan(req).calls] == ["pick(Mug_1)"]
    _history(req, "pick", ("Mug_1",), False, ErrorCode.PRECONDITION_FAILED, *refusal)
    assert [str(c) for c in planner.plan(req).calls] == ["open(Cabinet_B)"]
    _history(req, "open", ("Cabinet_B",), True)
    # An open has not helped and nothing of the type was seen in B: the next cabinet, no
    # pick (main picked here, refused a third time).
    assert [str(c) for c in planner.plan(req).calls] == ["open(Cabinet_C)"]
    _history(req, "open", ("Cabinet_C",), True)
    # The mug's own unit seen again, but still at its old place: not in C.
    vocab.add_units([replace(vocab.objects["Mug_1"], observations=3)])
    assert [str(c) for c in planner.plan(req).calls] == ["open(Cabinet_D)"]
    _history(req, "open", ("Cabinet_D",), True)
    # A mug seen beside D, the first frame after its open: the pick.
    vocab.add_units([UnitView("Mug_2", "Mug", (0.9, -1.4, 0.5), observations=1)])
    assert [str(c) for c in planner.plan(req).calls] == ["pick(Mug_1)"]
    # Nothing seen and no cabinet left (the drawer is not the type the refusal names):
    # the pick all the same (the camera may miss).
    vocab.objects.pop("Mug_2")
    assert [str(c) for c in planner.plan(req).calls] == ["pick(Mug_1)"]


def test_a_unit_held_in_another_closed_drawer_of_the_stack_is_no_sighting_beside_the_open_one(
) -> None:
    """Round 88, tune3 tidy 3825 s0028 (with the hold of what an open's frame shows): the
    knife's pick was refused as shut in after memory's drawer was opened, the drawer above
    was opened, and the pick was refused a second time in one state. A knife memory held in
    a closed drawer of the stack beside stood within MOVED_RADIUS of the drawer opened (the
    drawers of a stack share their spot on the floor) and passed for one seen beside it.
    Held in a receptacle memory reads closed, it is hidden: the next drawer is opened
    instead; held in one read open, it may be what the camera saw, and the pick comes."""
    def plan_after_the_second_open(other: str) -> list[str]:
        planner = OfflinePlanner()
        vocab = Vocabulary()
        vocab.add_units([
            UnitView("Knife_1", "Knife", (0.71, 0.67, 0.59), receptacle_id="Drawer_8",
                     relation="in", observations=5),
            UnitView("Drawer_8", "Drawer", (0.71, 0.67, 0.59), "closed"),
            UnitView("Drawer_10", "Drawer", (0.72, 0.68, 0.84), "closed"),
            UnitView("Drawer_11", "Drawer", (0.72, 0.67, 1.07), "closed"),
            UnitView("Drawer_9", "Drawer", (0.71, 1.03, 0.59), other)])
        req = PlanRequest("x", "", vocab, ["kitchen"], goal_conditions=("HOLDING(Knife)",),
                          robot_position=(0.0, 0.0, 0.0))
        assert [str(c) for c in planner.plan(req).calls] == [
            "navigate(Knife_1)", "open(Drawer_8)", "pick(Knife_1)"]
        _history(req, "navigate", ("Knife_1",), True)
        _history(req, "open", ("Drawer_8",), True)
        vocab.add_units([replace(vocab.objects["Drawer_8"], state="opened")])
        _history(req, "pick", ("Knife_1",), False, ErrorCode.PRECONDITION_FAILED,
                 "pick: the Knife is inside a closed Drawer", "Drawer")
        assert [str(c) for c in planner.plan(req).calls] == ["open(Drawer_10)"]
        _history(req, "open", ("Drawer_10",), True)
        vocab.add_units([replace(vocab.objects["Drawer_10"], state="opened"),
                         UnitView("Knife_2", "Knife", (0.66, 0.85, 0.48),
                                  receptacle_id="Drawer_9", relation="in", observations=2)])
        return [str(c) for c in planner.plan(req).calls]

    # 6417e33a: ["pick(Knife_1)"] both times.
    assert plan_after_the_second_open("closed") == ["open(Drawer_9)"]
    assert plan_after_the_second_open("opened") == ["pick(Knife_1)"]


def test_a_put_refused_into_a_shut_in_bowl_waits_for_the_camera_after_an_open_did_not_help(
) -> None:
    """Round 85, fresh85b tidy, the arm with experience, s0021: a tidy had put the bowl
    away in the third of three cabinets near where memory had it; the mug's put into it
    was refused "the Bowl is inside a closed Cabinet", and each re-plan opened one cabinet
    and put at once: three refusals in one state. As for a pick (the test above): the
    first choice is put after at once; once an open has not helped, the plan ends with
    the next open and the put waits until memory sees a bowl in (or beside) what was
    opened, or nothing of the named type is left to open."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([
        UnitView("Mug_1", "Mug", (0.0, -1.3, 1.0), "heated", observations=3),
        UnitView("Bowl_1", "Bowl", (0.0, -1.3, 0.9), receptacle_id="Counter_1",
                 relation="on", observations=2),
        UnitView("Counter_1", "CounterTop", (0.0, -1.5, 0.9)),
        UnitView("Cabinet_A", "Cabinet", (-0.5, -1.2, 0.4), "closed"),
        UnitView("Cabinet_B", "Cabinet", (0.5, -1.2, 0.4), "closed"),
        UnitView("Cabinet_C", "Cabinet", (-0.6, -1.5, 0.4), "closed"),
        UnitView("Drawer_1", "Drawer", (0.1, -1.1, 0.7), "closed")])
    req = PlanRequest("x", "", vocab, ["kitchen"], goal_conditions=("INSIDE(Mug, Bowl)",),
                      robot_position=(0.0, -1.0, 0.0), held="Mug_1")
    put = ("Mug_1", "Bowl_1", "in")
    refusal = ("put: the Bowl is inside a closed Cabinet", "Cabinet")
    _history(req, "navigate", ("Bowl_1",), True)
    _history(req, "put", put, False, ErrorCode.PRECONDITION_FAILED, *refusal)
    # The first choice: opened and put into at once (as on main).
    assert [str(c) for c in planner.plan(req).calls] == ["open(Cabinet_A)",
                                                         "put(Mug_1, Bowl_1, in)"]
    _history(req, "open", ("Cabinet_A",), True)
    _history(req, "put", put, False, ErrorCode.PRECONDITION_FAILED, *refusal)
    # An open has not helped: the plan ends with the next open (main put after it).
    assert [str(c) for c in planner.plan(req).calls] == ["open(Cabinet_B)"]
    _history(req, "open", ("Cabinet_B",), True)
    # Nothing of the type seen in B: the next cabinet, no put (main put here, refused a
    # third time).
    assert [str(c) for c in planner.plan(req).calls] == ["open(Cabinet_C)"]
    _history(req, "open", ("Cabinet_C",), True)
    # The bowl's own unit seen again, in C: the put.
    vocab.add_units([replace(vocab.objects["Bowl_1"], position=(-0.6, -1.5, 0.5),
                             receptacle_id="Cabinet_C", relation="in", observations=3)])
    assert [str(c) for c in planner.plan(req).calls][-1:] == ["put(Mug_1, Bowl_1, in)"]


def test_what_a_refusal_as_shut_in_says_the_arm_reaches_is_the_skills_reachable_argument(
) -> None:
    """`reached` reads the skill table: a pick's object, a put's receptacle; nothing once
    the base walked or explored, or when the refusal names no type."""
    from memory_node.core.skills import load_skill_table
    from memory_node.planner.core.planning import reached
    table = load_skill_table()

    def line(skill: str, args: tuple[str, ...], ok: bool = True, shut: str = "") -> StepLine:
        return StepLine(SkillCall(skill, args), ok,
                        int(ErrorCode.NONE if ok else ErrorCode.PRECONDITION_FAILED), "", shut)

    put = line("put", ("Apple_1", "Bowl_1", "in"), False, "Fridge")
    assert reached([put], table) == ("Bowl_1", "Fridge")
    pick = line("pick", ("Apple_1",), False, "Fridge")
    assert reached([pick, line("open", ("Fridge_1",))], table) == ("Apple_1", "Fridge")
    assert reached([pick, line("navigate", ("Fridge_1",))], table) == ("", "")
    assert reached([pick, line("explore", ("kitchen", "Apple"))], table) == ("", "")
    assert reached([line("pick", ("Apple_1",), False)], table) == ("", "")
    assert reached([pick, line("open", ("Fridge_1",), False)], table) == ("", "")
    assert reached([], table) == ("", "")


def test_a_pick_refused_inside_a_named_type_opens_that_type_before_a_nearer_other() -> None:
    """Round 25 (fresh24b tidy, traced by the lead after the run): a mug "inside a closed
    Cabinet"; the candidates were ordered by 3-D distance only, so the microwave above it
    was opened first, then other cabinets, and the task ran out of re-plans before the
    right one (13 refusals in one state). The type the refusal names is this moment's
    evidence: receptacles of that type come first, nearest first among them, in both arms
    (no experience here). Memory's own receptacle of another type yields too. A refusal
    that names nothing keeps the nearest first."""
    for message, shut_by, first in (
            ("pick: the Mug is inside a closed Cabinet", "Cabinet", "Cabinet_low"),
            ("pick: not possible", "", "Microwave_1")):
        planner = OfflinePlanner()
        vocab = Vocabulary()
        vocab.add_units([UnitView("Mug_1", "Mug", (0.95, -2.2, 0.9),
                                  receptacle_id="Microwave_1", relation="in")])
        scene = {u.object_id: u for u in (
            UnitView("Microwave_1", "Microwave", (0.95, -2.1, 1.0), "closed"),
            UnitView("Cabinet_low", "Cabinet", (0.95, -2.3, 0.4), "closed"),
            UnitView("Cabinet_far", "Cabinet", (1.6, -2.3, 0.4), "closed"))}
        req = PlanRequest("x", "", vocab, ["kitchen"], goal_conditions=("HOLDING(Mug)",),
                          robot_position=(0.0, 0.0, 0.0), scene=scene)
        _history(req, "navigate", ("Mug_1",), True)
        _history(req, "pick", ("Mug_1",), False, ErrorCode.PRECONDITION_FAILED, message,
                 shut_by)
        calls = [str(c) for c in planner.plan(req).calls]
        assert [c for c in calls if c.startswith("open(")][:1] == [f"open({first})"], \
            (message, calls)


def test_a_usual_place_a_plan_named_is_searched_only_once_it_was_opened() -> None:
    """No sponge in memory; it is usually in the cabinet: the plan opens the cabinet. A
    plan that named it may give way to a recalled procedure's steps, so until an open of
    it ran the next plan names it again (before, the cabinet counted as searched when a
    plan named it; on tune tidy it was never opened and the task was lost); once opened,
    it is not opened again."""
    planner = OfflinePlanner()
    scene = {u.object_id: u for u in (
        UnitView("Cabinet_near", "Cabinet", (-1.55, -1.97, 0.4), "closed"),
        UnitView("Cabinet_under", "Cabinet", (-1.19, -2.2, 0.4), "closed"))}
    req = PlanRequest("x", "", Vocabulary(), ["kitchen"],
                      goal_conditions=("HOLDING(DishSponge)",),
                      robot_position=(0.0, 0.0, 0.0), scene=scene,
                      facts=("DishSponge is usually in Cabinet_under (Cabinet) [fact:9]",))
    opens = ["navigate(Cabinet_under)", "open(Cabinet_under)"]
    assert [str(c) for c in planner.plan(req).calls] == opens
    assert [str(c) for c in planner.plan(req).calls] == opens
    _history(req, "navigate", ("Cabinet_under",), True)
    _history(req, "open", ("Cabinet_under",), True)
    assert "open(Cabinet_under)" not in [str(c) for c in planner.plan(req).calls]


def test_a_receptacle_that_does_not_open_is_not_opened_again() -> None:
    """Nothing that opens stands near the object: memory's receptacle is tried once; when
    it refuses to open (memory never saw it opened or closed), it is not tried again."""
    planner = OfflinePlanner()
    vocab = _sponge_in_the_basin()
    req = PlanRequest("x", "", vocab, ["kitchen"], goal_conditions=("HOLDING(DishSponge)",),
                      robot_position=(0.0, 0.0, 0.0))
    _history(req, "navigate", ("Sponge_1",), True)
    _history(req, "pick", ("Sponge_1",), False, ErrorCode.PRECONDITION_FAILED)
    assert [str(c) for c in planner.plan(req).calls] == [
        "navigate(Sponge_1)", "open(Basin_1)", "pick(Sponge_1)"]
    _history(req, "navigate", ("Sponge_1",), True)
    _history(req, "open", ("Basin_1",), False, ErrorCode.PRECONDITION_FAILED)
    assert "open(Basin_1)" not in [str(c) for c in planner.plan(req).calls]
    _history(req, "navigate", ("Sponge_1",), True)
    _history(req, "pick", ("Sponge_1",), False, ErrorCode.PRECONDITION_FAILED)
    assert "open(Basin_1)" not in [str(c) for c in planner.plan(req).calls]


def test_a_shut_in_object_is_looked_for_where_its_type_is_usually_found_first() -> None:
    """Experience's usual place (issue 15) orders the receptacles near the object: the one
    the type is usually found in is opened first, though another is nearer; it is opened
    once (a per-step re-plan does not open it again)."""
    planner = OfflinePlanner()
    vocab = _sponge_in_the_basin()
    scene = {u.object_id: u for u in (
        UnitView("Cabinet_near", "Cabinet", (-1.55, -1.97, 0.4), "closed"),
        UnitView("Cabinet_under", "Cabinet", (-1.19, -2.2, 0.4), "closed"))}
    req = PlanRequest("x", "", vocab, ["kitchen"], goal_conditions=("HOLDING(DishSponge)",),
                      robot_position=(0.0, 0.0, 0.0), scene=scene,
                      facts=("DishSponge is usually in Cabinet_under (Cabinet) [fact:9]",))
    _refused_as_shut_in_then_opens(planner, req, "Cabinet_under")
    # Memory's state of the cabinet may lag the outcome: still no second open.
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Sponge_1)",
                                                         "pick(Sponge_1)"]


def test_a_held_object_memory_forgot_is_put_down_and_the_task_goes_on(world) -> None:  # noqa: ANN001
    """The no-memory arm clears memory between tasks while the robot still holds what the
    last task left in its hand. Memory then refuses the put's outcome (it has no unit for
    the held id); that stopped the instruction right after a put that had succeeded (fails
    without loop.unknown_held)."""
    memory, house = world
    loop = PlanLoop(OfflinePlanner(), LocalMemory(memory), house, places=lambda: PLACES)
    first = loop.run("bring me a mug from the sofa", "ep1", goal_conditions=["HOLDING(Mug)"])
    assert first.success and house.held == "Mug_1"
    memory.clear()
    for u in KITCHEN:
        memory.upsert_object(u)
    house.calls.clear()
    again = loop.run("put the mug on the counter", "ep2",
                     goal_conditions=["ON(Mug, CounterTop)"])
    assert again.success, (again.message, [str(c) for c in house.calls])
    assert [str(c) for c in house.calls][-1] == "put(Mug_1, CounterTop_1, on)"
    assert house.things["Mug_1"].inside == "CounterTop_1" and house.held == ""


def test_with_nowhere_known_to_put_the_held_object_the_nearest_room_is_looked_around() -> None:
    """Memory knows nothing that takes what the hand holds (cleared since the pick): the
    planner looks around the rooms, nearest first, before it gives up (it gave up at
    once; the no-memory arm lost k1c-4 that way)."""
    planner = OfflinePlanner(accepts=lambda rec, obj: rec == "CounterTop")
    vocab = Vocabulary()
    vocab.add_units([UnitView("Mug_1", "Mug", (5.0, 0.5, 0.9), receptacle_id="robot"),
                     UnitView("Apple_1", "Apple", (2.0, 0.0, 0.9))])
    vocab.add_areas(PLACES)
    req = PlanRequest("x", "", vocab, ["kitchen", "living_room"], held="Mug_1",
                      goal_conditions=("HOLDING(Apple)",), robot_position=(5.0, 0.5, 4.0))
    assert [str(c) for c in planner.plan(req).calls] == ["explore(living_room)"]
    _history(req, "explore", ("living_room",), True)
    assert [str(c) for c in planner.plan(req).calls] == ["explore(kitchen)"]
    _history(req, "explore", ("kitchen",), True)
    with pytest.raises(PreconditionFailed, match="no known receptacle"):
        planner.plan(req)


def test_the_loop_carries_a_tasks_goals_to_its_later_subtasks_only(world) -> None:  # noqa: ANN001
    memory, house = world
    loop = PlanLoop(OfflinePlanner(), LocalMemory(memory), house, places=lambda: PLACES)
    loop.run("put the apple in the fridge", "k1c-2#s0", goal_conditions=["INSIDE(Apple, Fridge)"])
    loop.run("close the fridge", "k1c-2#s1", goal_conditions=["CLOSED(Fridge)"])
    assert loop.task_goals == ["INSIDE(Apple, Fridge)", "CLOSED(Fridge)"]
    loop.run("hold the apple", "k1c-3#s0", goal_conditions=["HOLDING(Apple)"])
    assert loop.task_goals == ["HOLDING(Apple)"] and loop.acted_episode == "k1c-3"


def _fridge(state: str, confirmed: bool | None, observations: int = 87) -> UnitView:
    return UnitView("Fridge_1", "Fridge", (3.0, 0.5, 1.0), state, "a1",
                    observations=observations, state_confirmed=confirmed)


def test_a_state_met_on_one_unconfirmed_reading_is_looked_at_once_then_acted_on() -> None:
    """The fridge's only state reading was "opened" (a misread): "open the fridge" must not
    end with nothing done. The planner goes to look, and plans from what memory says then."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([_fridge("opened", False)])
    req = PlanRequest("open the fridge", "", vocab, ["a1"], goal_conditions=("OPEN(Fridge)",))
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Fridge_1)"]
    assert req.notes["recheck"] == {"Fridge_1"}   # the loop reads the fridge back
    req.history.append(StepLine(SkillCall("navigate", ("Fridge_1",)), True, 0, "ok"))
    vocab.add_units([_fridge("closed", False, 90)])   # the look saw it closed
    assert [str(c) for c in planner.plan(req).calls] == ["open(Fridge_1)"]


def test_a_look_that_leaves_the_state_unconfirmed_ends_the_task_not_a_loop() -> None:
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([_fridge("opened", False)])
    req = PlanRequest("open the fridge", "", vocab, ["a1"], goal_conditions=("OPEN(Fridge)",))
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Fridge_1)"]
    req.history.append(StepLine(SkillCall("navigate", ("Fridge_1",)), True, 0, "ok"))
    assert planner.plan(req).calls == []   # looked once: memory's word now stands
    # Once per object per task: a later subtask of the task does not look again either.
    later = PlanRequest("open the fridge", "", vocab, ["a1"],
                        goal_conditions=("OPEN(Fridge)",))
    later.notes["looked"] = set(req.notes["looked"])
    assert planner.plan(later).calls == []


@pytest.mark.parametrize("confirmed", [True, None])
def test_a_confirmed_or_unqualified_state_needs_no_look(confirmed: bool | None) -> None:
    """Confirmed: seen so more than once. None: memory did not say (a client's unit)."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([_fridge("opened", confirmed)])
    req = PlanRequest("open the fridge", "", vocab, ["a1"], goal_conditions=("OPEN(Fridge)",))
    assert planner.plan(req).calls == []


def test_no_look_at_what_the_task_acted_on_and_none_inside_a_plan_that_acts() -> None:
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([_fridge("closed", False),
                     UnitView("Apple_1", "Apple", (1.0, 0.9, 1.0), "none", "a1")])
    # The task's own open/close is what it acted on: judged on that, no look.
    req = PlanRequest("close the fridge", "", vocab, ["a1"],
                      goal_conditions=("CLOSED(Fridge)",))
    req.notes["acted"] = ["Fridge_1"]
    assert planner.plan(req).calls == []
    # Put the apple in the fridge, then close it: the put acts on the fridge first.
    req = PlanRequest("put the apple in the fridge and close it", "", vocab, ["a1"],
                      goal_conditions=("INSIDE(Apple, Fridge)", "CLOSED(Fridge)"))
    assert [str(c) for c in planner.plan(req).calls] == [
        "navigate(Apple_1)", "pick(Apple_1)", "navigate(Fridge_1)", "open(Fridge_1)",
        "put(Apple_1, Fridge_1, in)"]


class _Camera(House):
    """The house, and a camera that reads every object's state when the robot gets to an
    object (two frames: a state needs two readings to replace one), into the scene graph
    as the perception node would."""

    def __init__(self, things: dict[str, Thing], memory) -> None:  # noqa: ANN001
        super().__init__(things)
        self.memory = memory
        self.stamp = 10.0

    def frames(self, n: int = 2) -> None:
        from memory_node.core.perception.observation import Observation  # noqa: PLC0415
        for _ in range(n):
            self.stamp += 1.0
            self.memory.long_term.apply(
                [Observation.at(t.label, t.position, self.stamp, state=t.state)
                 for t in self.things.values()], None, self.stamp)

    def execute(self, call, targets, episode_id, timeout_s, cancel):  # noqa: ANN001, ANN201
        result = super().execute(call, targets, episode_id, timeout_s, cancel)
        if result.success and call.skill == "navigate":
            self.frames()
        return result


def _fridge_seen(memory, first: str, then: str | None, frames: int) -> str:  # noqa: ANN001
    """The fridge as perception made it: first read `first`, then `frames` - 1 frames
    reading `then` (None: no state read, the door edge out of view)."""
    from memory_node.core.perception.observation import Observation  # noqa: PLC0415
    lt = memory.long_term
    for k in range(frames):
        state = first if k == 0 else then
        lt.apply([Observation.at("Fridge", (2.0, 0.5, 1.0), float(k + 1),
                                 **({"state": state} if state else {}))], None, float(k + 1))
    (fridge,) = lt.graph.nodes("object")
    return fridge


def test_open_the_fridge_misread_opened_once_looks_then_opens(memory) -> None:  # noqa: ANN001
    """CI's main job, on the real memory: the fridge's first frame misread it "opened",
    the frames after it read no state. The unit says "opened" and memory has 87 frames of
    the fridge; without a look the task ended "nothing to do" with the fridge shut."""
    fridge = _fridge_seen(memory, "opened", None, 87)
    house = _Camera({fridge: Thing("Fridge", "kitchen", state="closed",
                                   position=(2.0, 0.5, 1.0))}, memory)
    loop = PlanLoop(OfflinePlanner(), LocalMemory(memory), house, places=lambda: PLACES)
    result = loop.run("open the fridge", "ep-look", goal_conditions=["OPEN(Fridge)"])
    assert result.success, result.message
    assert [str(c) for c in house.calls] == [f"navigate({fridge})", f"open({fridge})"]
    assert house.things[fridge].state == "opened"


def test_open_the_fridge_seen_opened_twice_needs_nothing(memory) -> None:  # noqa: ANN001
    fridge = _fridge_seen(memory, "opened", "opened", 5)
    house = _Camera({fridge: Thing("Fridge", "kitchen", state="opened",
                                   position=(2.0, 0.5, 1.0))}, memory)
    loop = PlanLoop(OfflinePlanner(), LocalMemory(memory), house, places=lambda: PLACES)
    result = loop.run("open the fridge", "ep-seen", goal_conditions=["OPEN(Fridge)"])
    assert result.success and result.message == "nothing to do" and house.calls == []


def test_memory_reads_carry_the_graphs_evidence(memory) -> None:  # noqa: ANN001
    """find (query_object + get_units) and units (get_units) of the in-process port: the
    graph's count and confirmation, not the unit's snapshot from its NEW event."""
    fridge = _fridge_seen(memory, "opened", None, 9)
    port = LocalMemory(memory)
    (found,) = port.find("Fridge", 5)
    (by_id,) = port.units((fridge,))
    for view in (found, by_id):
        assert (view.observations, view.state, view.state_confirmed) == (9, "opened", False)
    assert memory.short_term.peek(fridge).observation_count == 1


def test_a_unit_seen_once_loses_to_one_seen_again_and_again() -> None:
    # Layout sweep, round 11 (FloorPlan209): memory held the armchair (seen 43 times) and
    # a node from one frame that read the sofa's back as an armchair; recall ranked that
    # one first, the box went onto the sofa and "the box on the arm chair" was missed.
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([UnitView("object_31", "ArmChair", (-4.4, -2.1, 0.2), area_id="a1",
                              score=1.1, observations=1),
                     UnitView("object_13", "ArmChair", (-4.4, -3.6, 0.2), area_id="a1",
                              score=0.0, observations=43),
                     UnitView("Box_1", "Box", (-5.0, -2.0, 0.2), area_id="a1",
                              receptacle_id="robot")])
    req = PlanRequest("put the box on the arm chair", "", vocab, ["a1"], held="Box_1",
                      goal_conditions=("ON(Box, ArmChair)",))
    assert [str(c) for c in planner.plan(req).calls][-1] == "put(Box_1, object_13, on)"
    # Memory not saying how often (observations 0) is not counted against a unit.
    vocab.add_units([UnitView("object_13", "ArmChair", (-4.4, -3.6, 0.2), area_id="a1",
                              score=0.0, observations=0)])
    req = PlanRequest("put the box on the arm chair", "", vocab, ["a1"], held="Box_1",
                      goal_conditions=("ON(Box, ArmChair)",))
    assert [str(c) for c in planner.plan(req).calls][-1] == "put(Box_1, object_13, on)"
    # Seen once both, recall's ranking decides.
    vocab.add_units([UnitView("object_13", "ArmChair", (-4.4, -3.6, 0.2), area_id="a1",
                              score=0.0, observations=1)])
    req = PlanRequest("put the box on the arm chair", "", vocab, ["a1"], held="Box_1",
                      goal_conditions=("ON(Box, ArmChair)",))
    assert [str(c) for c in planner.plan(req).calls][-1] == "put(Box_1, object_31, on)"


def test_a_put_into_a_bowl_memory_has_in_the_closed_fridge_opens_the_fridge_first() -> None:
    """Memory has the bowl put away in the fridge and the fridge closed: the sponge goes
    in only through the fridge's door, so the plan opens the fridge before the put (tune3
    seed 1303: the world refuses a put into a receptacle shut in a closed one; the plan
    put straight into the bowl, then tried to open the bowl)."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([
        UnitView("Sponge_1", "DishSponge", (0.6, 0.8, 0.8)),
        UnitView("Bowl_1", "Bowl", (0.7, 1.6, 0.9), receptacle_id="Fridge_1", relation="in"),
        UnitView("Fridge_1", "Fridge", (1.0, 1.9, 0.9), "closed")])
    req = PlanRequest("x", "", vocab, ["kitchen"],
                      goal_conditions=("INSIDE(DishSponge, Bowl)",),
                      robot_position=(0.0, 0.0, 0.0))
    assert [str(c) for c in planner.plan(req).calls] == [
        "navigate(Sponge_1)", "pick(Sponge_1)", "navigate(Bowl_1)", "open(Fridge_1)",
        "put(Sponge_1, Bowl_1, in)"]
    # Memory has the fridge open: nothing to open.
    vocab.add_units([UnitView("Fridge_1", "Fridge", (1.0, 1.9, 0.9), "opened")])
    assert "open(Fridge_1)" not in [str(c) for c in planner.plan(req).calls]


def test_a_put_refused_into_a_mug_shut_in_a_cabinet_opens_the_cabinet_not_the_mug() -> None:
    """Memory has the mug on the counter; a tidy put it away in the cabinet beside it, and
    the world refuses the put ("the Mug is inside a closed Cabinet"). A mug does not
    open: the repair opens what it is shut in, as for a pick refused as shut in (tune2
    tidy seed 1200: the plan opened the mug, refused, until the re-plans ran out, in
    five tasks)."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([UnitView("Knife_1", "Knife", (0.5, 0.0, 0.9)),
                     UnitView("Mug_1", "Mug", (1.8, -0.8, 0.9))])
    scene = {u.object_id: u for u in (
        UnitView("Cabinet_1", "Cabinet", (1.8, -0.9, 0.5), "closed"),
        UnitView("Cabinet_far", "Cabinet", (-2.0, 2.0, 0.5), "closed"))}
    req = PlanRequest("x", "", vocab, ["kitchen"], goal_conditions=("INSIDE(Knife, Mug)",),
                      robot_position=(1.8, -0.8, 0.0), held="Knife_1", scene=scene)
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Mug_1)",
                                                         "put(Knife_1, Mug_1, in)"]
    _history(req, "navigate", ("Mug_1",), True)
    _history(req, "put", ("Knife_1", "Mug_1", "in"), False, ErrorCode.PRECONDITION_FAILED)
    calls = [str(c) for c in planner.plan(req).calls]
    assert "open(Mug_1)" not in calls
    assert calls[-3:] == ["open(Cabinet_1)", "navigate(Mug_1)", "put(Knife_1, Mug_1, in)"]


def test_a_placement_remembered_from_before_the_task_is_looked_at_before_nothing_to_do() -> None:
    """Memory has the lettuce on the plate from an earlier task's put; the house put it
    back on the counter since, unseen (a tidy). "Put the lettuce on the plate" must not end
    with nothing done on that word: the planner goes to look once; the look refused as
    not found (memory marks the unit absent), the goal is not met and the other lettuce
    memory knows is put on the plate."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    plate = UnitView("Plate_1", "Plate", (1.0, 0.0, 0.9), "none", "a1")
    vocab.add_units([plate,
                     UnitView("Lettuce_1", "Lettuce", (1.0, 0.0, 0.95), "none", "a1",
                              receptacle_id="Plate_1", relation="on"),
                     UnitView("Lettuce_2", "Lettuce", (3.0, 0.0, 0.9), "none", "a1")])
    req = PlanRequest("put the lettuce on the plate", "", vocab, ["a1"],
                      goal_conditions=("ON(Lettuce, Plate)",))
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Lettuce_1)"]
    assert req.notes["recheck"] == {"Lettuce_1"}
    req.history.append(StepLine(SkillCall("navigate", ("Lettuce_1",)), False,
                                int(ErrorCode.NOT_FOUND), "no Lettuce within 0.75 m"))
    vocab.add_units([UnitView("Lettuce_1", "Lettuce", (1.0, 0.0, 0.95), "absent", "a1",
                              receptacle_id="Plate_1", relation="on")])
    assert [str(c) for c in planner.plan(req).calls] == [
        "navigate(Lettuce_2)", "pick(Lettuce_2)", "navigate(Plate_1)",
        "put(Lettuce_2, Plate_1, on)"]


def test_a_placement_the_look_confirms_ends_the_task_and_one_the_task_made_needs_none() -> None:
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([_fridge("closed", True),
                     UnitView("Apple_1", "Apple", (3.0, 0.5, 1.0), "none", "a1",
                              receptacle_id="Fridge_1", relation="in")])
    req = PlanRequest("put the apple in the fridge", "", vocab, ["a1"],
                      goal_conditions=("INSIDE(Apple, Fridge)",))
    # Shut in the closed fridge: the look opens it (round 23; a move shows the door).
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Fridge_1)",
                                                         "open(Fridge_1)"]
    req.history.append(StepLine(SkillCall("open", ("Fridge_1",)), True, 0, "ok"))
    # The camera saw it there (memory's count of it grew): the look confirms it.
    vocab.add_units([replace(vocab.objects["Apple_1"], observations=3)])
    assert planner.plan(req).calls == []
    # The task's own put: judged on what it acted on, no look.
    mine = PlanRequest("put the apple in the fridge", "", vocab, ["a1"],
                       goal_conditions=("INSIDE(Apple, Fridge)",))
    mine.notes["acted"] = ["Apple_1", "Fridge_1"]
    assert planner.plan(mine).calls == []


def test_a_look_that_did_not_see_the_object_does_not_confirm_its_placement() -> None:
    """Round 24: the look at a placement an earlier task made is a move to the object; the
    move succeeds whenever anything of its type stands within reach, so it is no sighting
    (round 23, tune3 tidy, stream seed 1304, s0019). When memory's count of the object
    did not grow over the look, the placement is memory's word only: the plan fetches the
    object and puts it (a pick finds out whether it is there), it does not say done."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([
        UnitView("Table_1", "SideTable", (1.0, 0.8, 0.7), "none", "a1", observations=9),
        UnitView("Salt_1", "SaltShaker", (1.0, 0.8, 0.8), "none", "a1",
                 receptacle_id="Table_1", relation="on", observations=4)])
    req = PlanRequest("put the salt shaker on the side table", "", vocab, ["a1"],
                      robot_area="a1", goal_conditions=("ON(SaltShaker, SideTable)",))
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Salt_1)"]
    req.history.append(StepLine(SkillCall("navigate", ("Salt_1",)), True, 0, "ok"))
    req.notes["acted"] = ["Salt_1"]   # the loop lists a successful move's target
    # Memory after the look: the same four sightings (the camera did not match it).
    vocab.add_units([replace(vocab.objects["Salt_1"])])
    assert [str(c) for c in planner.plan(req).calls] == [
        "pick(Salt_1)", "navigate(Table_1)", "put(Salt_1, Table_1, on)"]   # standing there
    # Seen over the look (a fifth sighting): the placement is confirmed.
    vocab.add_units([replace(vocab.objects["Salt_1"], observations=5)])
    assert planner.plan(req).calls == []


@pytest.mark.parametrize("seen", ["none", "opened", "sighted"])
def test_a_placement_in_a_receptacle_this_subtask_opened_needs_no_look(seen: str) -> None:
    """Round 96, fresh92a tidy s0021 (experience arm): the plate memory had in the cabinet
    this subtask had opened (its frames looked in; memory marks what they did not see
    absent) was looked at again, the look added no sighting, and the plate was picked and
    put back into the same cabinet (+4 calls). A placement in a receptacle this subtask
    opened is the camera's word of now: done, no look. A sighting alone is not (memory's
    place for a spatula seen in a drawer was the counter top above it: tune tidy 3162
    s0015, lost): the look."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([
        UnitView("Cabinet_17", "Cabinet", (1.2, 2.1, 0.3), "open", "a1", observations=9),
        UnitView("Plate_7", "Plate", (1.2, 2.1, 0.15), "none", "a1",
                 receptacle_id="Cabinet_17", relation="in", observations=3)])
    req = PlanRequest("put the plate away in the cabinet", "", vocab, ["a1"],
                      robot_area="a1", goal_conditions=("INSIDE(Plate, Cabinet)",))
    if seen == "opened":
        req.history.append(StepLine(SkillCall("open", ("Cabinet_17",)), True, 0, "ok"))
    elif seen == "sighted":
        req.notes["observations_at_start"] = {"Plate_7": 2}
    calls = [str(c) for c in planner.plan(req).calls]
    assert calls == ([] if seen == "opened" else ["navigate(Plate_7)"]), calls


def test_a_pick_refused_as_shut_in_after_its_cabinet_was_opened_opens_another() -> None:
    """Memory has the cup in cabinet A; this task opened A, and the pick was still refused
    as inside a closed cabinet: the cup is not in A (open now, by the task's own call), so
    the next open is the other cabinet near it, not A again (tune tidy, stream seed 1002,
    s0011: A opened twice, the pick refused twice in the same state)."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([
        UnitView("Cup_1", "Cup", (0.8, -2.4, 0.9), receptacle_id="Cabinet_A", relation="in"),
        UnitView("Cabinet_A", "Cabinet", (0.9, -2.5, 0.9), "opened"),
        UnitView("Cabinet_B", "Cabinet", (0.6, -2.5, 0.9), "closed")])
    req = PlanRequest("x", "", vocab, ["kitchen"], goal_conditions=("HOLDING(Cup)",),
                      robot_position=(0.0, 0.0, 0.0))
    _history(req, "navigate", ("Cabinet_A",), True)
    _history(req, "open", ("Cabinet_A",), True)
    _history(req, "navigate", ("Cup_1",), True)
    _history(req, "pick", ("Cup_1",), False, ErrorCode.PRECONDITION_FAILED)
    assert [str(c) for c in planner.plan(req).calls][:2] == [
        "navigate(Cabinet_B)", "open(Cabinet_B)"]


def test_the_search_opens_where_memory_last_had_the_object_whatever_its_state_reads() -> None:
    """Tune2 tidy (stream seed 1200, s0008): the cup's pick was refused as inside a closed
    cabinet, memory then marked the cup absent, and memory never read its cabinet closed
    (state unread). The search opened every cabinet memory read closed and never that one:
    it comes first when nearest, as a closed one would."""
    assert _searched_from("Cup", "Cabinet") == ["navigate(Cabinet_5)", "open(Cabinet_5)"]


def _searched_from(thing: str, last_label: str) -> list[str]:
    """The plan for HOLDING(`thing`) after the room was explored: memory last had it (now
    absent) in a `last_label` whose state it never read, near the robot; a cabinet far away
    reads closed."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([
        UnitView(f"{thing}_1", thing, (0.3, 0.4, 0.4), "absent", "a1",
                 receptacle_id=f"{last_label}_5", relation="in"),
        UnitView(f"{last_label}_5", last_label, (0.4, 0.5, 0.4), "none", "a1"),
        UnitView("Cabinet_far", "Cabinet", (3.0, 0.5, 0.4), "closed", "a1")])
    req = PlanRequest("x", "", vocab, ["kitchen"], goal_conditions=(f"HOLDING({thing})",),
                      robot_position=(0.0, 0.0, 0.0))
    req.notes["explored"] = {("kitchen", thing)}
    return [str(c) for c in planner.plan(req).calls]


def test_the_search_does_not_open_where_memory_last_had_the_object_if_that_type_has_no_door(
        ) -> None:
    """Tune2 tidy (stream seed 1200, s0007, round 35): memory last had a plate in the sink
    basin, the plate's put was refused NOT_FOUND, and the search opened the basin as "last
    seen closed": refused "cannot be opened", one failure more. Memory never read a basin
    open or closed (no door); a cabinet it read closed is searched instead."""
    assert _searched_from("Plate", "SinkBasin") == ["navigate(Cabinet_far)",
                                                    "open(Cabinet_far)"]


def test_an_object_refused_as_shut_in_is_fetched_from_there_though_memory_marks_it_absent() -> None:
    """Tune2 tidy, stream seed 1200, s0017: the cup's pick was refused as inside a closed
    cabinet; the camera, seeing no cup where memory had it (shut in), made memory mark it
    absent, and the plan explored for a cup instead of opening that cabinet; the search
    opened it later from 2.5 m away, saw nothing inside, and went on opening every other
    receptacle ("no Cup in memory"). The refusal says the cup is there, shut in: the
    cabinet near it is opened and the cup picked, absent or not."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([
        UnitView("Cup_1", "Cup", (0.3, 0.5, 0.5), "none", "a1"),
        UnitView("Cabinet_5", "Cabinet", (0.4, 0.4, 0.5), "opened", "a1"),
        UnitView("Cabinet_far", "Cabinet", (1.8, -0.8, 0.5), "closed", "a1")])
    req = PlanRequest("x", "", vocab, ["a1"], goal_conditions=("HOLDING(Cup)",),
                      robot_position=(0.0, 0.0, 0.0))
    _history(req, "navigate", ("Cup_1",), True)
    _history(req, "pick", ("Cup_1",), False, ErrorCode.PRECONDITION_FAILED)
    vocab.add_units([UnitView("Cup_1", "Cup", (0.3, 0.5, 0.5), "absent", "a1")])
    assert [str(c) for c in planner.plan(req).calls] == [
        "navigate(Cabinet_5)", "open(Cabinet_5)"]
    _history(req, "navigate", ("Cabinet_5",), True)
    _history(req, "open", ("Cabinet_5",), True)
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Cup_1)", "pick(Cup_1)"]


def test_a_look_alike_picked_for_the_goal_is_put_down_for_the_real_one(memory) -> None:  # noqa: ANN001
    """Memory's Mug on the counter is a cup (a look-alike the detector confused); the
    house resolves the pick to it and the result says the robot holds a Cup. The plan
    must not put the cup in the fridge as the mug (tune3 tidy, stream seed 1301, s0004):
    memory relabels the unit from the result's held label, the cup is set down and the
    real mug, found by exploring, goes in the fridge."""
    for u in KITCHEN:
        memory.upsert_object(u)
    memory.upsert_object(Unit("Look_1", "Mug", (1.2, 0.9, 1.0), area_id="kitchen",
                              receptacle_id="CounterTop_1", relation="on"))
    house = House({"Look_1": Thing("Cup", "kitchen", "CounterTop_1"),
                   "CounterTop_1": Thing("CounterTop", "kitchen"),
                   "Fridge_1": Thing("Fridge", "kitchen", state="closed"),
                   "Sofa_1": Thing("Sofa", "living_room"),
                   "Mug_1": Thing("Mug", "living_room", position=(5.2, 0.6, 5.1))},
                  memory.upsert_object)
    result = run(memory, house, ["INSIDE(Mug, Fridge)"],
                 "take the mug from the counter top and put it in the fridge")
    assert result.success, (result.message, [str(c) for c in house.calls])
    calls = [str(c) for c in house.calls]
    assert "pick(Look_1)" in calls and "put(Look_1, Fridge_1, in)" not in calls, calls
    assert house.things["Mug_1"].inside == "Fridge_1", calls
    assert memory.short_term.peek("Look_1").label == "Cup"


def test_close_it_closes_the_drawer_the_object_was_found_in_not_the_last_one_searched(
        ) -> None:
    """Round 20 (layout sweep, blind arm, FloorPlan423/427/311/327): "put the toilet paper
    away in the drawer and close it", the paper found already in an open drawer after two
    other drawers were opened in the search. Its drawer is the goal's instance; the plan
    closed the last drawer opened (Drawer_2) and the task was lost."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([UnitView("Drawer_3", "Drawer", area_id="a1", state="opened"),
                     UnitView("Drawer_2", "Drawer", area_id="a1", state="opened"),
                     UnitView("Drawer_1", "Drawer", area_id="a1", state="opened"),
                     UnitView("ToiletPaper_1", "ToiletPaper", area_id="a1",
                              receptacle_id="Drawer_1", relation="in")])
    req = PlanRequest("close it", "", vocab, ["a1"], goal_conditions=("CLOSED(Drawer)",))
    req.notes["acted"] = ["Drawer_3", "Drawer_2"]
    req.notes["earlier_goals"] = ("INSIDE(ToiletPaper, Drawer)",)
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Drawer_1)",
                                                         "close(Drawer_1)"]
    # Put into by the task itself: that drawer, though another paper lies in Drawer_3.
    vocab.add_units([UnitView("ToiletPaper_2", "ToiletPaper", area_id="a1",
                              receptacle_id="Drawer_3", relation="in")])
    req.notes["acted"] = ["Drawer_2", "Drawer_1", "ToiletPaper_1", "Drawer_1"]
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Drawer_1)",
                                                         "close(Drawer_1)"]


def test_a_room_where_the_search_opened_something_is_looked_over_again_before_giving_up(
        ) -> None:
    """Fresh clone's run.sh, round 20, blind arm, h0c-3: the mug was in the closed fridge;
    every room's explore saw the fridge shut, the frame after the open showed no mug, and
    the planner gave up with 8 steps left (the next task's first frames saw the mug in the
    open fridge). The kitchen, explored before the fridge was opened, is looked at again,
    once; the living room, where nothing was opened, is not."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([UnitView("Fridge_1", "Fridge", (3.0, 0.0, 1.0), "opened", "kitchen"),
                     UnitView("Sofa_1", "Sofa", (5.0, 0.0, 5.0), "none", "living_room")])
    req = PlanRequest("take the mug out of the fridge", "", vocab,
                      ["kitchen", "living_room"], goal_conditions=("HOLDING(Mug)",),
                      robot_position=(3.0, -0.5, 0.0))
    _history(req, "explore", ("kitchen", "Mug"), False, ErrorCode.NOT_FOUND)
    _history(req, "explore", ("living_room", "Mug"), False, ErrorCode.NOT_FOUND)
    _history(req, "navigate", ("Fridge_1",), True)
    _history(req, "open", ("Fridge_1",), True)
    req.notes["explored"] = {("kitchen", "Mug"), ("living_room", "Mug")}
    req.notes["searched"] = {("Fridge_1", "Mug")}
    assert [str(c) for c in planner.plan(req).calls] == ["explore(kitchen, Mug)"]
    _history(req, "explore", ("kitchen", "Mug"), False, ErrorCode.NOT_FOUND)
    with pytest.raises(NotFound):
        planner.plan(req)


def _read_open_request() -> PlanRequest:
    """Tune2 tidy, stream seed 3090, s0015 (plain arm), cut down: the cup is in the island
    cabinet, which an earlier task opened and the daily tidy shut; memory still reads it
    open. The task began at 10.0 (memory's now then); the kitchen is explored, the
    cabinet the task opened itself searched."""
    req = PlanRequest("put the cup in the microwave", "", Vocabulary(), ["kitchen"],
                      goal_conditions=("HOLDING(Cup)",), robot_position=(0.0, 0.0, 0.0),
                      place_rooms={"kitchen": "kitchen"},
                      scene={u.object_id: u for u in (
                          UnitView("Cabinet_wall", "Cabinet", (1.5, -1.1, 2.0), "closed",
                                   "kitchen"),
                          UnitView("Cabinet_mine", "Cabinet", (0.5, -1.1, 0.4), "opened",
                                   "kitchen"),
                          UnitView("Fridge_1", "Fridge", (-1.8, 0.0, 0.9), "opened",
                                   "kitchen"),
                          UnitView("Cabinet_fresh", "Cabinet", (0.3, 0.9, 0.4), "opened",
                                   "kitchen"),
                          UnitView("Cabinet_island", "Cabinet", (0.4, 0.45, 0.4), "opened",
                                   "kitchen"))})
    _history(req, "explore", ("kitchen", "Cup"), False, ErrorCode.NOT_FOUND)
    _history(req, "navigate", ("Cabinet_mine",), True)
    _history(req, "open", ("Cabinet_mine",), True)
    req.notes["explored"] = {("kitchen", "Cup")}
    req.notes["searched"] = {("Cabinet_mine", "Cup")}
    req.notes["looked_again"] = {("kitchen", "Cup")}
    req.notes["task_start"] = 10.0
    return req


def test_a_receptacle_read_open_before_the_task_is_opened_before_giving_up() -> None:
    """Round 46 (tune2 tidy, stream seed 3090, s0015 and s0019, plain arm): memory read the
    island cabinet open, from an earlier task (the tidy had shut it since), so the search
    passed it over, a look from it saw nothing through the shut door, and the task gave up
    "every closed receptacle that could hold it was opened" with the cup there. Now the
    receptacles read open before the task began are opened before a give-up, after the
    closed ones; not one this task's camera read open (round 45 opened those too and lost
    blind plan 325's s0009), nor one this task opened, nor one that cannot hold the cup."""
    planner = OfflinePlanner(accepts=lambda rec, obj: rec != "Fridge")
    req = _read_open_request()
    # What the loop notes from memory's answers (get_units' state_read): the island
    # cabinet read at 5.0, before the task; the other one at 12.0, by this task's camera.
    req.notes["state_read"] = {"Cabinet_island": 5.0, "Cabinet_fresh": 12.0}
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Cabinet_wall)",
                                                         "open(Cabinet_wall)"]
    _history(req, "open", ("Cabinet_wall",), True)
    # Main's code looked around from the nearest open cabinet here instead (through the
    # island cabinet's shut door) and gave up after.
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Cabinet_island)",
                                                         "open(Cabinet_island)"]
    _history(req, "open", ("Cabinet_island",), True)
    # The one this task's camera read open is not opened: looked around from, as before.
    calls = [str(c) for c in planner.plan(req).calls]
    assert calls and all("open(" not in c for c in calls)


def test_the_planner_asks_when_the_readings_it_would_doubt_were_made() -> None:
    """The read times come from memory (the loop asks get_units when the planner raises
    ReadTimesWanted, once per id); without the task's start nothing is doubted or asked."""
    from memory_node.planner.core.planning import ReadTimesWanted  # noqa: PLC0415

    planner = OfflinePlanner(accepts=lambda rec, obj: rec != "Fridge")
    req = _read_open_request()
    _history(req, "navigate", ("Cabinet_wall",), True)
    _history(req, "open", ("Cabinet_wall",), True)
    req.notes["searched"].add(("Cabinet_wall", "Cup"))
    with pytest.raises(ReadTimesWanted) as asked:
        planner.plan(req)
    assert asked.value.object_ids == ("Cabinet_fresh", "Cabinet_island")
    # Memory did not say (None): not doubted; main's look around instead.
    req.notes["state_read"] = {"Cabinet_island": None, "Cabinet_fresh": None}
    assert [str(c) for c in planner.plan(req).calls] == ["explore(Cabinet_island, Cup)"]
    # No task start known (a memory that gave no stamp): nothing asked, main's path.
    req = _read_open_request()
    _history(req, "navigate", ("Cabinet_wall",), True)
    _history(req, "open", ("Cabinet_wall",), True)
    req.notes["searched"].add(("Cabinet_wall", "Cup"))
    req.notes["task_start"] = None
    assert [str(c) for c in planner.plan(req).calls] == ["explore(Cabinet_island, Cup)"]


def test_a_room_counted_explored_by_a_failed_pick_after_an_open_is_explored_before_giving_up(
        ) -> None:
    """Round 27 (tune not tidy, stream seed 2700, s0020, experience arm): the plan went to
    the butter knife and opened the drawer beside it; the open's one view from the door did
    not show the knife, memory marked its unit absent, and the pick failed NOT_FOUND ("where
    it is is unknown (explore first)"). That failure counts the kitchen as explored for the
    type ("just looked there"), although nothing explored it in this task, and the planner
    gave up with the knife in the open drawer. The kitchen is explored once before giving
    up, as a room explored before an open is (round 20); not a second time."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([UnitView("Drawer_1", "Drawer", (0.9, -2.2, 0.6), "opened", "kitchen"),
                     UnitView("ButterKnife_1", "ButterKnife", (0.8, -2.0, 0.9), "absent",
                              "kitchen")])
    req = PlanRequest("put the butter knife in the mug", "", vocab, ["kitchen"],
                      goal_conditions=("HOLDING(ButterKnife)",),
                      robot_position=(0.8, -1.8, 0.0))
    _history(req, "navigate", ("ButterKnife_1",), True)
    _history(req, "open", ("Drawer_1",), True)
    _history(req, "pick", ("ButterKnife_1",), False, ErrorCode.NOT_FOUND)
    req.notes["searched"] = {("Drawer_1", "ButterKnife")}
    assert [str(c) for c in planner.plan(req).calls] == ["explore(kitchen, ButterKnife)"]
    assert ("kitchen", "ButterKnife") in req.notes["explored"]   # counted by the failure
    _history(req, "explore", ("kitchen", "ButterKnife"), False, ErrorCode.NOT_FOUND)
    with pytest.raises(NotFound):
        planner.plan(req)


def _refused_clean(req: PlanRequest, sink: str,
                   message: str = "clean: no Faucet within reach") -> None:
    from memory_node.planner.core.prompt import StepLine
    from memory_node.planner.core.types import SkillCall
    req.history.append(StepLine(SkillCall("navigate", (sink,)), True, 0, "ok"))
    req.history.append(StepLine(SkillCall("clean", ("Mug_1",)), False,
                                int(ErrorCode.PRECONDITION_FAILED), message,
                                missing_fixtures=("Faucet",)))


def _sinks_and_a_dirty_mug() -> PlanRequest:
    vocab = Vocabulary()
    vocab.add_units([UnitView("Mug_1", "Mug", (0.0, 0.0, 0.9), receptacle_id="robot"),
                     UnitView("Sink_a", "Sink", (1.0, 0.0, 0.8), score=0.9),
                     UnitView("Sink_b", "Sink", (3.0, 0.0, 0.8), score=0.1)])
    return PlanRequest("x", "", vocab, ["kitchen"], held="Mug_1",
                       goal_conditions=("STATE(Mug, cleaned)",),
                       place_rooms={"kitchen": "kitchen"})


def test_a_fixture_refusal_is_the_results_typed_field_not_its_words() -> None:
    """Round 25: which fixture was missing is the skill result's `missing_fixtures`, not a
    type name found in its message. Reworded ("the tap is out of the arm's reach"), the
    refusal still sends the robot to the other sink; a refusal whose words name a fixture
    that was there ("the Sink did not clean the Mug", no field) is not one: the next plan
    does not leave that sink for the other."""
    from memory_node.planner.core.prompt import StepLine
    from memory_node.planner.core.types import SkillCall
    planner = OfflinePlanner()
    req = _sinks_and_a_dirty_mug()
    spot = str(planner.plan(req).calls[0]).removeprefix("navigate(").rstrip(")")
    other = "Sink_b" if spot == "Sink_a" else "Sink_a"
    _refused_clean(req, spot, "clean: the tap is out of the arm's reach")
    assert [str(c) for c in planner.plan(req).calls] == [f"navigate({other})",
                                                         "clean(Mug_1)"]
    req = _sinks_and_a_dirty_mug()
    planner = OfflinePlanner()
    planner.plan(req)
    req.history.append(StepLine(SkillCall("navigate", (spot,)), True, 0, "ok"))
    req.history.append(StepLine(SkillCall("clean", ("Mug_1",)), False,
                                int(ErrorCode.PRECONDITION_FAILED),
                                "clean: the Sink did not clean the Mug"))
    assert f"navigate({other})" not in [str(c) for c in planner.plan(req).calls]


def test_a_clean_refused_for_a_missing_faucet_is_not_repeated_at_that_sink() -> None:
    """Round 21's odd-plan sweep (plans 21 s0008, 411 s0009): "clean: no Faucet within
    reach" four times at the same sink, until the re-plans ran out. A refusal naming one
    of the skill's fixtures changes the next step: another sink first; then the faucet
    itself when memory knows one (the base stood out of its reach); with neither, a look
    for a faucet, and no plan that only repeats the refused call."""
    vocab = Vocabulary()
    vocab.add_units([UnitView("Mug_1", "Mug", (0.0, 0.0, 0.9), receptacle_id="robot"),
                     UnitView("Sink_a", "Sink", (1.0, 0.0, 0.8), score=0.9),
                     UnitView("Sink_b", "Sink", (3.0, 0.0, 0.8), score=0.1)])
    req = PlanRequest("x", "", vocab, ["kitchen"], held="Mug_1",
                      goal_conditions=("STATE(Mug, cleaned)",),
                      place_rooms={"kitchen": "kitchen"})
    planner = OfflinePlanner()
    first = [str(c) for c in planner.plan(req).calls]
    assert first[-1] == "clean(Mug_1)"
    spot = first[0].removeprefix("navigate(").rstrip(")")
    _refused_clean(req, spot)
    other = "Sink_b" if spot == "Sink_a" else "Sink_a"
    assert [str(c) for c in planner.plan(req).calls] == [f"navigate({other})",
                                                         "clean(Mug_1)"]
    _refused_clean(req, other)
    # Both sinks refused it for want of a faucet, and memory knows none: look for one.
    assert [str(c) for c in planner.plan(req).calls] == ["explore(kitchen, Faucet)"]
    # A faucet seen (beside the first sink): the robot goes to the faucet itself.
    vocab.add_units([UnitView("Faucet_1", "Faucet", (1.1, -0.3, 1.0))])
    req.history.append(StepLine(SkillCall("explore", ("kitchen", "Faucet")), True, 0, "ok"))
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Faucet_1)",
                                                         "clean(Mug_1)"]


def test_a_closed_receptacle_recall_returned_for_the_instruction_is_opened_before_exploring(
        ) -> None:
    """Round 21's blind arm, h0c-3 ("Take the mug out of the fridge and heat it in the
    microwave"): memory had never seen the mug; recall returned the closed fridge for the
    instruction; the plan explored all four rooms (about 800 s) and opened three other
    receptacles before the fridge. One open costs seconds: the fridge first. A closed
    receptacle recall did not return (the drawer) waits for the rooms' explores."""
    vocab = Vocabulary()
    vocab.add_units([UnitView("Fridge_1", "Fridge", (5.0, 4.0, 0.9), "closed", score=0.8),
                     UnitView("Microwave_1", "Microwave", (5.5, 2.0, 1.0), "closed")])
    req = PlanRequest("x", "", vocab, ["kitchen", "bedroom"],
                      goal_conditions=("STATE(Mug, heated)",),
                      place_rooms={"kitchen": "kitchen", "bedroom": "bedroom"},
                      scene={"Drawer_1": UnitView("Drawer_1", "Drawer", (1.0, 0.0, 0.8),
                                                  "closed")})
    planner = OfflinePlanner()
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Fridge_1)", "open(Fridge_1)"]
    _history(req, "navigate", ("Fridge_1",), True)
    _history(req, "open", ("Fridge_1",), True)
    vocab.add_units([UnitView("Fridge_1", "Fridge", (5.0, 4.0, 0.9), "opened", score=0.8)])
    # Not in the fridge after all: the rooms are explored as before (the drawer later).
    assert [str(c) for c in planner.plan(req).calls][-1].startswith("explore(")


def test_after_a_refused_clean_the_sink_beside_a_known_faucet_comes_before_the_faucet() -> None:
    """Round 22's odd plan 411 (s0009): the clean refused at the bathtub basin, a look for a
    faucet saw one by the sink; the plan went to the faucet itself, whose place has no
    free floor beside it, three times. The sink nearest the faucet is where to wash; a
    place the base was refused a way to is not planned again."""
    vocab = Vocabulary()
    vocab.add_units([UnitView("Mug_1", "Mug", (0.0, 0.0, 0.9), receptacle_id="robot"),
                     UnitView("Tub_a", "BathtubBasin", (-1.0, 0.5, 0.4), score=0.9),
                     UnitView("Faucet_1", "Faucet", (1.0, 2.0, 1.0)),
                     UnitView("Sink_far", "Sink", (6.0, 0.0, 0.8)),
                     UnitView("Sink_c", "Sink", (1.0, 1.7, 0.8))])
    req = PlanRequest("x", "", vocab, ["bathroom"], held="Mug_1",
                      goal_conditions=("STATE(Mug, cleaned)",),
                      place_rooms={"bathroom": "bathroom"})
    _refused_clean(req, "Tub_a")
    planner = OfflinePlanner()
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Sink_c)", "clean(Mug_1)"]
    _history(req, "navigate", ("Sink_c",), False, ErrorCode.PRECONDITION_FAILED)
    assert [str(c) for c in planner.plan(req).calls][0] != "navigate(Sink_c)"


def test_a_heated_state_a_look_left_unconfirmed_is_made_again() -> None:
    """Round 24 (states kept from earlier tasks): memory has the cup "heated" from a heat
    two tasks ago, one report the camera has not shown since (unconfirmed). The plan looks
    first; the look's frame reads the cup without the word and memory still has it
    unconfirmed: the look confirmed nothing, so the cup is heated again before it is put
    down, not carried to the table cold (tune3, stream seed 1300, s0019)."""
    vocab = Vocabulary()
    vocab.add_units([
        UnitView("Cup_1", "Cup", (1.0, 0.0, 0.9), "heated", "a1", receptacle_id="Counter_1",
                 relation="on", observations=6, state_confirmed=False),
        UnitView("Counter_1", "CounterTop", (1.0, 0.0, 0.8), "none", "a1", observations=40),
        UnitView("Microwave_1", "Microwave", (2.0, 0.0, 1.0), "closed", "a1",
                 observations=30)])
    req = PlanRequest("heat the cup", "", vocab, ["a1"], robot_area="a1",
                      goal_conditions=("STATE(Cup, heated)",))
    planner = OfflinePlanner()
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Cup_1)"]
    _history(req, "navigate", ("Cup_1",), True)
    vocab.add_units([replace(vocab.objects["Cup_1"], observations=7)])   # seen, no word
    assert "heat(Cup_1)" in [str(c) for c in planner.plan(req).calls]
    # A look whose frame showed the word confirms it: nothing to do.
    again = PlanRequest("heat the cup", "", vocab, ["a1"], robot_area="a1",
                        goal_conditions=("STATE(Cup, heated)",))
    vocab.add_units([replace(vocab.objects["Cup_1"], state_confirmed=False)])
    assert [str(c) for c in planner.plan(again).calls] == ["navigate(Cup_1)"]
    _history(again, "navigate", ("Cup_1",), True)
    vocab.add_units([replace(vocab.objects["Cup_1"], observations=8, state_confirmed=True)])
    assert planner.plan(again).calls == []


def test_a_put_target_shut_in_a_receptacle_out_of_reach_opens_it_from_its_own_spot() -> None:
    """Round 26 (tune2 tidy, stream seed 2612, s0022): the sponge held, memory had the
    plate in the microwave; the plan went to the plate and opened the microwave from
    there, refused "the Microwave is 1.48 m away (reach 0.9 m): navigate to it first".
    The next plan opened it from the plate's spot again (the put's `_ensure_open` did not
    read `open_there`, which `_hold` reads for a pick); with experience that open was
    listed known bad and the task given up. Refused from afar, the receptacle is opened
    from its own spot, then the plan comes back to the put's target."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([UnitView("Plate_1", "Plate", (1.9, -0.7, 0.9), "none",
                              receptacle_id="Microwave_1", relation="in"),
                     UnitView("Sponge_1", "DishSponge", (0.0, 0.0, 0.9), "none",
                              receptacle_id="robot")])
    scene = {"Microwave_1": UnitView("Microwave_1", "Microwave", (1.9, -0.8, 1.0), "closed")}
    req = PlanRequest("x", "", vocab, ["kitchen"], held="Sponge_1",
                      goal_conditions=("ON(DishSponge, Plate)",),
                      robot_position=(0.0, 0.0, 0.0), scene=scene)
    _history(req, "navigate", ("Plate_1",), True)
    _history(req, "open", ("Microwave_1",), False, ErrorCode.PRECONDITION_FAILED,
             "open: the Microwave is 1.48 m away (reach 0.9 m): navigate to it first")
    assert [str(c) for c in planner.plan(req).calls] == [
        "navigate(Microwave_1)", "open(Microwave_1)", "navigate(Plate_1)",
        "put(Sponge_1, Plate_1, on)"]
    # Once there, it is not walked to again (b2 walked to it twice on ss2612 s0022).
    _history(req, "navigate", ("Microwave_1",), True)
    assert [str(c) for c in planner.plan(req).calls] == [
        "open(Microwave_1)", "navigate(Plate_1)", "put(Sponge_1, Plate_1, on)"]


def test_a_unit_passed_over_for_a_look_alike_stays_passed_over_when_seen_at_the_same_spot(
        ) -> None:
    """Round 59 (tune tidy, stream seed 3162, s0018, experience arm): memory's "wine
    bottle" was a glass bottle shut in a microwave, seen through its door. The pick was
    refused "the Glassbottle is inside a closed Microwave" (typed refused_label of another
    type): the unit was passed over and the search opened a cabinet, but memory saw the
    unit again at the same spot (back from absent) and the pass-over ended: the pick was
    refused again after each open, four refusals in one state, lost. Seen at the same
    spot it stays passed over; seen elsewhere (moved) it is taken again."""
    from memory_node.planner.core.prompt import StepLine
    planner = OfflinePlanner()
    for moved, expect_pick in ((False, False), (True, True)):
        vocab = Vocabulary()
        bottle = UnitView("Bottle_1", "WineBottle", (0.0, 0.0, 1.7), "none", "a1",
                          observations=40)
        vocab.add_units([
            bottle,
            UnitView("Microwave_1", "Microwave", (0.1, 0.1, 1.6), "opened", "a1",
                     observations=30),
            UnitView("Cabinet_1", "Cabinet", (0.6, -0.2, 0.5), "closed", "a1", observations=9),
            UnitView("Cabinet_2", "Cabinet", (-0.9, -0.2, 0.5), "closed", "a1", observations=9),
            UnitView("Counter_1", "CounterTop", (2.0, 0.5, 0.9), "none", "a1",
                     observations=20)])
        req = PlanRequest("put the wine bottle on the counter top", "", vocab, ["a1"],
                          robot_area="a1", goal_conditions=("ON(WineBottle, CounterTop)",),
                          robot_position=(0.0, 0.0, 0.0))
        req.notes["explored"] = {("a1", "WineBottle")}   # the room was looked over
        _history(req, "navigate", ("Bottle_1",), True)
        req.history.append(StepLine(SkillCall("pick", ("Bottle_1",)), False,
                                    int(ErrorCode.PRECONDITION_FAILED),
                                    "pick: the Glassbottle is inside a closed Microwave",
                                    shut_by="Microwave", refused_label="Glassbottle"))
        vocab.add_units([replace(bottle, state="absent")])   # the camera saw none there
        calls = [str(c) for c in planner.plan(req).calls]
        assert "pick(Bottle_1)" not in calls and calls[-1].startswith("open(Cabinet"), calls
        _history(req, "navigate", (calls[-1][5:-1],), True)
        _history(req, "open", (calls[-1][5:-1],), True)
        # Memory sees the unit again: at the same spot (through the door), or elsewhere.
        vocab.add_units([replace(bottle, observations=41,
                                 position=(2.0, 0.4, 1.0) if moved else bottle.position)])
        calls = [str(c) for c in planner.plan(req).calls]
        assert ("pick(Bottle_1)" in calls) == expect_pick, (moved, calls)


def test_a_pick_refused_as_shut_in_elsewhere_does_not_leave_the_placement_met() -> None:
    """Round 26 (tune2 tidy, stream seed 1200, s0002): memory had the cup on a counter,
    the move to it listed it as acted on, and the pick was refused "inside a closed
    Cabinet" (the result's typed shut_by). The next plan judged ON(Cup, CounterTop) on
    memory's placement and said done, the cup shut in the cabinet. The refusal
    contradicts that placement: the cabinet near the cup is opened and the cup fetched."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([
        UnitView("Cup_1", "Cup", (0.2, 0.1, 1.0), "none", "a1", receptacle_id="Counter_1",
                 relation="on", observations=3),
        UnitView("Counter_1", "CounterTop", (0.0, 0.5, 0.5), "none", "a1", observations=20),
        UnitView("Cabinet_5", "Cabinet", (0.3, 0.3, 0.6), "closed", "a1", observations=9)])
    req = PlanRequest("put the cup on the counter top", "", vocab, ["a1"], robot_area="a1",
                      goal_conditions=("ON(Cup, CounterTop)",), robot_position=(0.0, 0.0, 0.0))
    req.notes["acted"] = ["Cup_1"]   # the loop lists a successful move's target
    _history(req, "navigate", ("Cup_1",), True)
    _history(req, "pick", ("Cup_1",), False, ErrorCode.PRECONDITION_FAILED,
             "pick: it is shut in", shut_by="Cabinet")
    # From where the pick was refused: the arm reaches the cabinet that shuts the cup in.
    assert [str(c) for c in planner.plan(req).calls] == ["open(Cabinet_5)"]
    _history(req, "open", ("Cabinet_5",), True)
    calls = [str(c) for c in planner.plan(req).calls]
    assert calls[0] == "pick(Cup_1)" and calls[-1] == "put(Cup_1, Counter_1, on)"
    # Once a pick of it succeeded, memory's placement counts again (the put made it).
    _history(req, "pick", ("Cup_1",), True)
    vocab.add_units([replace(vocab.objects["Cup_1"], receptacle_id="Counter_1")])
    req.held = ""
    assert planner.plan(req).calls == []


def test_a_pick_refused_about_another_type_passes_memorys_unit_over_without_opening() -> None:
    """Round 28 (tune tidy, stream seed 2601, the arm without experience): memory's fork
    was a ghost at a stack of drawers where a spoon lay shut in; each pick was refused
    "the Spoon is inside a closed Drawer", and each refusal opened the next drawer of the
    stack and picked again: 12 refusals in one state, the fork never looked for
    elsewhere. The result's typed `refused_label` (Spoon, not the unit's Fork) says no
    fork is there: the unit is passed over, nothing opened for it, the other fork taken.
    A refusal about the unit's own type still opens what shuts it in."""
    from memory_node.planner.core.prompt import StepLine
    from memory_node.planner.core.types import SkillCall
    planner = OfflinePlanner()
    for found, first in (("Spoon", ["navigate(Fork_2)", "pick(Fork_2)"]),
                         ("Fork", ["open(Drawer_1)"])):
        vocab = Vocabulary()
        vocab.add_units([
            UnitView("Fork_1", "Fork", (1.0, 0.0, 0.5), "none", "a1", observations=3),
            UnitView("Drawer_1", "Drawer", (1.0, 0.0, 0.5), "closed", "a1", observations=9),
            UnitView("Drawer_2", "Drawer", (1.0, 0.0, 0.3), "closed", "a1", observations=9),
            UnitView("Fork_2", "Fork", (4.0, 3.0, 1.0), "none", "a1", observations=2)])
        req = PlanRequest("pick up a fork", "", vocab, ["a1"], robot_area="a1",
                          goal_conditions=("HOLDING(Fork)",), robot_position=(0.0, 0.0, 0.0))
        assert [str(c) for c in planner.plan(req).calls][:2] == [
            "navigate(Fork_1)", "pick(Fork_1)"]
        _history(req, "navigate", ("Fork_1",), True)
        req.history.append(StepLine(SkillCall("pick", ("Fork_1",)), False,
                                    int(ErrorCode.PRECONDITION_FAILED),
                                    f"pick: the {found} is inside a closed Drawer",
                                    shut_by="Drawer", refused_label=found))
        calls = [str(c) for c in planner.plan(req).calls]
        assert calls[:2] == first, (found, calls)


def _apple_held_before_two_bowls(planner: OfflinePlanner) -> tuple[Vocabulary, PlanRequest]:
    """The apple in hand, memory's Bowl_1 by a closed microwave, Bowl_2 farther off: the
    first plan goes to Bowl_1 and puts the apple in; the walk there is in the history."""
    vocab = Vocabulary()
    vocab.add_units([
        UnitView("Apple_1", "Apple", (0.0, 0.0, 0.0), "heated", "a1",
                 receptacle_id="robot", relation="in", observations=9),
        UnitView("Bowl_1", "Bowl", (1.0, 0.0, 1.6), "none", "a1", observations=3),
        UnitView("Microwave_1", "Microwave", (1.0, 0.0, 1.0), "closed", "a1",
                 observations=9),
        UnitView("Bowl_2", "Bowl", (4.0, 3.0, 0.9), "none", "a1", observations=2)])
    req = PlanRequest("put the apple in the bowl", "", vocab, ["a1"], robot_area="a1",
                      held="Apple_1", goal_conditions=("INSIDE(Apple, Bowl)",),
                      robot_position=(0.0, 0.0, 0.0))
    assert [str(c) for c in planner.plan(req).calls][:2] == [
        "navigate(Bowl_1)", "put(Apple_1, Bowl_1, in)"]
    _history(req, "navigate", ("Bowl_1",), True)
    return vocab, req


def test_a_put_refused_about_a_look_alike_passes_the_receptacle_over_without_opening(
        ) -> None:
    """Round 49 (tune tidy, stream seed 3114, s0025): memory's bowl was where the robot had
    put it away, the tidy had moved it; the arm took a plate shut in the microwave near
    there for the bowl and refused the put "the Plate is inside a closed Microwave". The
    planner opened the microwave and the next put set the apple on the plate: lost. The
    result's typed `refused_label` (Plate, not the unit's Bowl) says memory's bowl is not
    there: it is passed over, nothing opened for it, the other bowl taken. A refusal about
    the unit's own type still opens what shuts it in; so does one that names no class."""
    from memory_node.planner.core.prompt import StepLine
    from memory_node.planner.core.types import SkillCall
    planner = OfflinePlanner()
    for found, first in (("Plate", ["navigate(Bowl_2)", "put(Apple_1, Bowl_2, in)"]),
                         ("Bowl", ["open(Microwave_1)", "put(Apple_1, Bowl_1, in)"]),
                         ("", ["open(Microwave_1)", "put(Apple_1, Bowl_1, in)"])):
        vocab, req = _apple_held_before_two_bowls(planner)
        req.history.append(StepLine(SkillCall("put", ("Apple_1", "Bowl_1", "in")), False,
                                    int(ErrorCode.PRECONDITION_FAILED),
                                    f"put: the {found or 'Bowl'} is inside a closed Microwave",
                                    shut_by="Microwave", refused_label=found))
        calls = [str(c) for c in planner.plan(req).calls]
        assert calls[:2] == first, (found, calls)


def test_an_untyped_put_refused_again_after_the_open_it_chose_passes_the_receptacle_over(
        ) -> None:
    """A robot whose put refusal says nothing (no type, no shut-in receptacle): the first
    refusal is read as "shut in something" and the microwave by memory's bowl is opened;
    the put refused again after that open is the open's evidence that memory's bowl is not
    what the arm finds there (round 72, tune3 tidy, stream seed 3384, s0005/s0006: the
    knife's put "in the mug" was refused after the microwave's open and after the fridge's,
    a cup stood at memory's mug spot; four refusals in one state). The bowl is passed over
    as a look-alike is, and the other bowl taken; no further receptacle is opened for it."""
    from memory_node.planner.core.prompt import StepLine
    from memory_node.planner.core.types import SkillCall
    planner = OfflinePlanner()
    vocab, req = _apple_held_before_two_bowls(planner)
    vocab.add_units([UnitView("Fridge_1", "Fridge", (1.5, 0.5, 0.9), "closed", "a1",
                              observations=9)])
    put = SkillCall("put", ("Apple_1", "Bowl_1", "in"))
    req.history.append(StepLine(put, False, int(ErrorCode.PRECONDITION_FAILED),
                                "put: the put failed"))
    calls = [str(c) for c in planner.plan(req).calls]
    assert calls[-4:] == ["navigate(Microwave_1)", "open(Microwave_1)", "navigate(Bowl_1)",
                          "put(Apple_1, Bowl_1, in)"], calls
    _history(req, "navigate", ("Microwave_1",), True)
    _history(req, "open", ("Microwave_1",), True)
    _history(req, "navigate", ("Bowl_1",), True)
    req.history.append(StepLine(put, False, int(ErrorCode.PRECONDITION_FAILED),
                                "put: the put failed"))
    # Without experience listing the put as failed in this state, the next receptacle
    # near the bowl is opened as before (a pick's pass-over asks the same).
    notes = copy.deepcopy(req.notes)
    calls = [str(c) for c in planner.plan(req).calls]
    assert "open(Fridge_1)" in calls and calls[-1] == "put(Apple_1, Bowl_1, in)", calls
    req.notes = notes
    req.known_bad = frozenset({put})
    calls = [str(c) for c in planner.plan(req).calls]
    assert calls[:2] == ["navigate(Bowl_2)", "put(Apple_1, Bowl_2, in)"], calls
    # An explore that sees memory's bowl where it was refused does not bring it back (the
    # look-alike seen again); seen moved, it is a candidate again.
    _history(req, "explore", ("a1", "Bowl"), True)
    calls = [str(c) for c in planner.plan(req).calls]
    assert calls[:2] == ["navigate(Bowl_2)", "put(Apple_1, Bowl_2, in)"], calls
    assert "Bowl_1" in req.notes["not_found"]
    vocab.add_units([replace(vocab.objects["Bowl_1"], position=(2.5, 0.0, 0.9))])
    _history(req, "explore", ("a1", "Bowl"), True)
    planner.plan(req)
    assert "Bowl_1" not in req.notes["not_found"]


def test_a_put_refused_about_a_look_alike_memory_relabelled_still_passes_it_over() -> None:
    """Memory relabels a put's receptacle from the refusal's `refused_label` (round 51: its
    "Bowl" is the Plate the arm found), and the plan reads the unit after the outcome as a
    Plate, of the refusal's own type. The plan must still not open the microwave (shut in)
    or the plate (a relation it does not afford) for the put: the relabelled plate is no
    bowl, and the other bowl is taken."""
    from memory_node.planner.core.prompt import StepLine
    from memory_node.planner.core.types import SkillCall
    planner = OfflinePlanner()
    for shut_by, message in (("Microwave", "put: the Plate is inside a closed Microwave"),
                             ("", "a Plate holds things on it, not in it")):
        vocab, req = _apple_held_before_two_bowls(planner)
        req.history.append(StepLine(SkillCall("put", ("Apple_1", "Bowl_1", "in")), False,
                                    int(ErrorCode.PRECONDITION_FAILED), message,
                                    shut_by=shut_by, refused_label="Plate"))
        vocab.add_units([replace(vocab.objects["Bowl_1"], label="Plate")])   # memory's answer
        calls = [str(c) for c in planner.plan(req).calls]
        assert calls[:2] == ["navigate(Bowl_2)", "put(Apple_1, Bowl_2, in)"], (shut_by, calls)


def test_a_refusal_that_names_the_type_memory_has_it_in_leaves_the_placement() -> None:
    """The guard of the rule above: memory has the cup in a cabinet and the refusal says a
    closed Cabinet shuts it in; the two agree, so INSIDE(Cup, Cabinet) stays met."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([
        UnitView("Cup_1", "Cup", (0.2, 0.1, 1.0), "none", "a1", receptacle_id="Cabinet_5",
                 relation="in", observations=3),
        UnitView("Cabinet_5", "Cabinet", (0.3, 0.3, 0.6), "closed", "a1", observations=9)])
    req = PlanRequest("put the cup in the cabinet", "", vocab, ["a1"], robot_area="a1",
                      goal_conditions=("INSIDE(Cup, Cabinet)",))
    req.notes["acted"] = ["Cup_1"]
    _history(req, "navigate", ("Cup_1",), True)
    _history(req, "pick", ("Cup_1",), False, ErrorCode.PRECONDITION_FAILED, "x",
             shut_by="Cabinet")
    assert planner.plan(req).calls == []


def test_a_put_not_found_is_about_its_receptacle_not_the_object_in_hand() -> None:
    """Round 26 (tune2 tidy, stream seed 1200, s0007): the put of the held potato on the
    plate was refused NOT_FOUND (the plate was not where memory had it); the planner
    read the potato as not found, put it down in the sink and fetched the other potato.
    The object in the gripper is never the one not found: the plan keeps it and takes the
    other plate."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([
        UnitView("Potato_1", "Potato", (0.0, 0.0, 0.0), "none", "a1",
                 receptacle_id="robot", relation="in", observations=9),
        UnitView("Potato_2", "Potato", (0.5, 0.5, 0.9), "none", "a1", observations=9),
        UnitView("Plate_1", "Plate", (1.0, 1.0, 0.9), "none", "a1", observations=9),
        UnitView("Plate_2", "Plate", (2.0, 1.0, 0.9), "none", "a1", observations=4),
        UnitView("Sink_1", "SinkBasin", (0.6, 0.5, 0.8), "none", "a1", observations=9)])
    req = PlanRequest("put the potato on the plate", "", vocab, ["a1"], robot_area="a1",
                      held="Potato_1", goal_conditions=("ON(Potato, Plate)",),
                      robot_position=(1.0, 1.0, 0.0))
    _history(req, "navigate", ("Plate_1",), True)
    _history(req, "put", ("Potato_1", "Plate_1", "on"), False, ErrorCode.NOT_FOUND)
    vocab.add_units([replace(vocab.objects["Plate_1"], state="absent")])
    assert [str(c) for c in planner.plan(req).calls] == [
        "navigate(Plate_2)", "put(Potato_1, Plate_2, on)"]


def test_an_explore_that_saw_the_type_memory_does_not_hold_looks_again() -> None:
    """Round 26 (tune2, stream seed 1200, s0006): "explore: saw a Mug in the kitchen",
    yet memory held no mug (the explore stops at the first sighting; memory keeps an
    object seen once as a candidate), and the plan gave up: "no Mug in memory". The
    explore's success says one is there: the room is looked over once more, then (still
    none) the plan gives up."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([UnitView("Knife_1", "Knife", (0.0, 0.0, 0.0), "none", "kitchen",
                              receptacle_id="robot", relation="in", observations=5)])
    req = PlanRequest("put the knife in the mug", "", vocab, ["kitchen"],
                      robot_area="kitchen", held="Knife_1",
                      goal_conditions=("INSIDE(Knife, Mug)",),
                      place_rooms={"kitchen": "kitchen"})
    _history(req, "explore", ("kitchen", "Mug"), True)
    assert [str(c) for c in planner.plan(req).calls] == ["explore(kitchen, Mug)"]
    _history(req, "explore", ("kitchen", "Mug"), True)
    with pytest.raises(NotFound):
        planner.plan(req)
    # An explore that did not see one is no such evidence.
    req2 = PlanRequest("put the knife in the mug", "", vocab, ["kitchen"],
                       robot_area="kitchen", held="Knife_1",
                       goal_conditions=("INSIDE(Knife, Mug)",),
                       place_rooms={"kitchen": "kitchen"})
    _history(req2, "explore", ("kitchen", "Mug"), False, ErrorCode.NOT_FOUND)
    with pytest.raises(NotFound):
        planner.plan(req2)


NEAREST = OfflineSettings(destination="nearest")


def _two_cabinets(settings: OfflineSettings = NEAREST) -> tuple[OfflinePlanner,
                                                                 PlanRequest]:
    """The main job's h0c-5 in small: the mug on the dining table, recall's best cabinet
    5 m away by the sink, another cabinet memory's answers hold (a look-up's, score 0)
    1.4 m away by the fridge."""
    planner = OfflinePlanner(settings=settings)
    vocab = Vocabulary()
    vocab.add_units([
        UnitView("Mug_1", "Mug", (1.0, 0.0, 0.8), "none", "kitchen",
                 receptacle_id="Table_1", relation="on", observations=9, score=0.9),
        UnitView("Table_1", "DiningTable", (1.0, 0.0, 0.7), "none", "kitchen",
                 observations=30),
        UnitView("Cabinet_sink", "Cabinet", (6.0, 0.0, 0.5), "closed", "kitchen",
                 observations=12, score=0.96),
        UnitView("Cabinet_fridge", "Cabinet", (1.0, 1.4, 0.5), "closed", "kitchen",
                 observations=7)])
    req = PlanRequest("put the mug away in a cabinet", "", vocab, ["kitchen"],
                      robot_area="kitchen", robot_position=(4.0, 0.0, 0.0),
                      goal_conditions=("INSIDE(Mug, Cabinet)",))
    return planner, req


def test_a_placement_goal_takes_the_nearest_instance_that_meets_it() -> None:
    """Round 26: any cabinet meets "in a cabinet"; the plan takes the one nearest where it
    leaves the robot (at the mug, after the pick), not the one recall scored best across
    the room. The default since round 26's final (the main job's far cabinet); recall's
    order stays a setting."""
    planner, req = _two_cabinets()
    assert [str(c) for c in planner.plan(req).calls] == [
        "navigate(Mug_1)", "pick(Mug_1)", "navigate(Cabinet_fridge)", "open(Cabinet_fridge)",
        "put(Mug_1, Cabinet_fridge, in)"]
    assert OfflineSettings() == NEAREST
    planner, req = _two_cabinets(OfflineSettings(destination="recall"))
    assert [str(c) for c in planner.plan(req).calls][2:4] == [
        "navigate(Cabinet_sink)", "open(Cabinet_sink)"]


def test_a_destination_the_base_was_refused_a_way_to_gives_way_to_another_instance() -> None:
    """Layout sweep plan 211, memory arm: the nearest side table stood where the world
    found no free floor within reach of it; the navigate was refused PRECONDITION_FAILED,
    and every re-plan went to the same table until the re-plans ran out. Going there
    again does not change the floor: the other instance is taken; with no other known,
    the type is looked for (the room's explore)."""
    planner, req = _two_cabinets()
    req.held = "Mug_1"
    req.robot_position = (1.0, 0.3, 0.0)
    assert [str(c) for c in planner.plan(req).calls][:1] == ["navigate(Cabinet_fridge)"]
    _history(req, "navigate", ("Cabinet_fridge",), False, ErrorCode.PRECONDITION_FAILED,
             "navigate: 'Cabinet_fridge': no free floor within reach of it")
    assert [str(c) for c in planner.plan(req).calls] == [
        "navigate(Cabinet_sink)", "open(Cabinet_sink)", "put(Mug_1, Cabinet_sink, in)"]
    _history(req, "navigate", ("Cabinet_sink",), False, ErrorCode.PRECONDITION_FAILED,
             "navigate: 'Cabinet_sink': no free floor within reach of it")
    assert [str(c) for c in planner.plan(req).calls][-1:] == ["explore(kitchen, Cabinet)"]


def test_the_nearest_instance_is_measured_from_where_the_plan_leaves_the_robot() -> None:
    """Holding the mug already, the robot is where it stands, not where the mug was."""
    planner, req = _two_cabinets()
    req.held = "Mug_1"
    req.robot_position = (6.2, 0.3, 0.0)
    assert [str(c) for c in planner.plan(req).calls][:1] == ["navigate(Cabinet_sink)"]


def test_a_destination_memory_saw_once_comes_after_one_seen_again() -> None:
    """A unit seen once may be a misread (an armchair read on a sofa's back): nearer or
    not, it comes after an instance memory saw again and again."""
    planner, req = _two_cabinets()
    req.vocab.add_units([UnitView("Cabinet_glimpse", "Cabinet", (1.0, 0.5, 0.5), "closed",
                                  "kitchen", observations=1)])
    assert [str(c) for c in planner.plan(req).calls][2] == "navigate(Cabinet_fridge)"


def test_the_nearest_destination_counts_the_open_a_closed_instance_needs() -> None:
    """Round 27 (loop26's still-weak (c)): a closed cabinet 0.3 m from the mug costs its
    walk (0.6 s at 0.5 m/s) and an open (3 s); an open one 1.0 m away costs its walk
    (2 s): the open one is taken. With `open_s: 0` (round 26, the default: measured, the
    open state memory has can be stale), the walk alone decides."""
    planner, req = _two_cabinets(OfflineSettings(open_s=3.0))
    req.vocab.add_units([
        UnitView("Cabinet_shut", "Cabinet", (1.3, 0.0, 0.5), "closed", "kitchen",
                 observations=5),
        UnitView("Cabinet_ajar", "Cabinet", (1.0, 1.0, 0.5), "opened", "kitchen",
                 observations=5)])
    assert [str(c) for c in planner.plan(req).calls][2:] == [
        "navigate(Cabinet_ajar)", "put(Mug_1, Cabinet_ajar, in)"]
    planner, _ = _two_cabinets(OfflineSettings(open_s=0.0))
    req.notes.clear()
    assert [str(c) for c in planner.plan(req).calls][2:4] == [
        "navigate(Cabinet_shut)", "open(Cabinet_shut)"]


def test_a_clean_refused_for_want_of_a_basin_under_the_faucet_goes_to_another_sink() -> None:
    """Round 26: "the faucet has no basin under it" now names the basin types it lacks
    (missing_fixtures, as the world's result carries them): the next plan stands at the
    other sink. Without the field it read as "perhaps out of reach" and the same sink
    came again."""
    from memory_node.sim.core.rules import BASIN_TYPES
    planner = OfflinePlanner()
    req = _sinks_and_a_dirty_mug()
    req.vocab.add_units([UnitView("Basin_a", "SinkBasin", (1.0, 0.1, 0.8)),
                         UnitView("Basin_b", "SinkBasin", (3.0, 0.1, 0.8))])
    spot = str(planner.plan(req).calls[0]).removeprefix("navigate(").rstrip(")")
    req.history.append(StepLine(SkillCall("navigate", (spot,)), True, 0, "ok"))
    req.history.append(StepLine(SkillCall("clean", ("Mug_1",)), False,
                                int(ErrorCode.PRECONDITION_FAILED),
                                "clean: the faucet has no basin under it",
                                missing_fixtures=BASIN_TYPES))
    nxt = [str(c) for c in planner.plan(req).calls]
    assert nxt[-1] == "clean(Mug_1)" and nxt[0] != f"navigate({spot})"
    assert nxt[0].removeprefix("navigate(").rstrip(")")[-1] != spot[-1]   # the other sink


def test_after_an_explore_that_saw_nothing_the_plan_walks_back_before_it_opens() -> None:
    """Round 30 (tune tidy, stream seed 3003, s0018): the plan had walked to the microwave
    to look for a plate memory did not know; an explore of the kitchen then saw no plate,
    driving the base about the room; the next plan opened the microwave from where the
    explore ended, refused "2.45 m away (reach 0.9 m): navigate to it first", and with
    experience that open was listed known bad from the whole kitchen and the plate in it
    never fetched. An explore, found or not, leaves the plan standing nowhere it went."""
    planner = OfflinePlanner()
    scene = {"Microwave_1": UnitView("Microwave_1", "Microwave", (1.9, -0.8, 1.0), "closed")}
    req = PlanRequest("x", "", Vocabulary(), ["kitchen"], goal_conditions=("HOLDING(Plate)",),
                      robot_position=(0.0, 0.0, 0.0), scene=scene)
    _history(req, "navigate", ("Microwave_1",), True)
    assert [str(c) for c in planner.plan(req).calls] == ["explore(kitchen, Plate)"]
    _history(req, "explore", ("kitchen", "Plate"), False, ErrorCode.NOT_FOUND,
             "explore: no Plate seen in the kitchen")
    assert [str(c) for c in planner.plan(req).calls] == [
        "navigate(Microwave_1)", "open(Microwave_1)"]


def test_an_object_inside_the_receptacle_the_base_stands_at_is_picked_without_a_walk(
) -> None:
    """Round 32 (layout sweep plan 27, memory arm, s0003, lost at the step limit): the
    fridge opened, the apple memory has inside it was walked to (0.0 m) before the pick,
    and so was the plate in the cabinet the search had just opened. The arm reaches what is
    inside a receptacle through it (the world measures the reach to the outermost
    receptacle), so from the receptacle's spot the walk is a step of nothing. Not after a
    refusal since the walk (the arm may not reach what memory has there), nor after an
    explore (it drives the base about), nor with nothing in this task's history."""
    def request() -> PlanRequest:
        vocab = Vocabulary()
        vocab.add_units([UnitView("Mug_1", "Mug", (0.95, -2.2, 0.9),
                                  receptacle_id="Fridge_1", relation="in"),
                         UnitView("Fridge_1", "Fridge", (1.0, -2.3, 0.9), "opened")])
        return PlanRequest("x", "", vocab, ["kitchen"], goal_conditions=("HOLDING(Mug)",),
                           robot_position=(0.0, 0.0, 0.0))

    planner = OfflinePlanner()
    req = request()
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Mug_1)", "pick(Mug_1)"]
    _history(req, "navigate", ("Fridge_1",), True)
    _history(req, "open", ("Fridge_1",), True)
    assert [str(c) for c in planner.plan(req).calls] == ["pick(Mug_1)"]
    _history(req, "pick", ("Mug_1",), False, ErrorCode.PRECONDITION_FAILED,
             "pick: the Mug is 1.2 m away (reach 0.9 m): navigate to it first")
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Mug_1)", "pick(Mug_1)"]
    req = request()
    _history(req, "navigate", ("Fridge_1",), True)
    _history(req, "explore", ("kitchen", "Mug"), True)
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Mug_1)", "pick(Mug_1)"]


def test_the_receptacle_the_base_stands_at_is_not_walked_to_again() -> None:
    """Round 33 (the layout sweep's odd plans, round 32's code): every walk to the target
    of the last walk, with only arm skills since, moved 0.0 m: the pot a tomato was just
    put in, walked to again before its pick (98 such walks in both arms), and a put's
    fridge walked to again by the next subtask of the task to close it (227). The base
    stands there for certain within the instruction (the history) and, as the loop leaves
    it, at the next subtask's start (notes["stands"]); not after a refusal or an explore."""
    def request() -> PlanRequest:
        vocab = Vocabulary()
        vocab.add_units([UnitView("Pot_1", "Pot", (0.5, 0.4, 0.9)),
                         UnitView("Tomato_1", "Tomato", (0.5, 0.4, 1.0),
                                  receptacle_id="Pot_1", relation="in"),
                         UnitView("Cabinet_1", "Cabinet", (-0.4, -1.3, 0.5), "opened")])
        return PlanRequest("x", "", vocab, ["kitchen"],
                           goal_conditions=("INSIDE(Pot, Cabinet)",),
                           robot_position=(0.0, 0.0, 0.0))

    planner = OfflinePlanner()
    req = request()
    assert [str(c) for c in planner.plan(req).calls][:2] == ["navigate(Pot_1)", "pick(Pot_1)"]
    _history(req, "navigate", ("Pot_1",), True)
    _history(req, "put", ("Tomato_1", "Pot_1", "in"), True)
    assert [str(c) for c in planner.plan(req).calls] == [
        "pick(Pot_1)", "navigate(Cabinet_1)", "put(Pot_1, Cabinet_1, in)"]
    _history(req, "pick", ("Pot_1",), False, ErrorCode.PRECONDITION_FAILED,
             "pick: the Pot is 1.2 m away (reach 0.9 m): navigate to it first")
    assert [str(c) for c in planner.plan(req).calls][:2] == ["navigate(Pot_1)", "pick(Pot_1)"]
    # A subtask's start: where the task's earlier subtask left the base.
    close = PlanRequest("close it", "", request().vocab, ["kitchen"],
                        goal_conditions=("CLOSED(Cabinet)",))
    close.notes["stands"] = "Cabinet_1"
    assert [str(c) for c in planner.plan(close).calls] == ["close(Cabinet_1)"]
    close.notes["stands"] = ""
    assert [str(c) for c in planner.plan(close).calls] == [
        "navigate(Cabinet_1)", "close(Cabinet_1)"]
    _history(close, "explore", ("kitchen", "Cabinet"), True)
    close.notes["stands"] = "Cabinet_1"
    assert [str(c) for c in planner.plan(close).calls] == [
        "navigate(Cabinet_1)", "close(Cabinet_1)"]


def test_a_put_refused_at_the_receptacle_just_walked_to_opens_it_without_a_walk() -> None:
    """Round 93 (the 73 decision streams, round 92's code: 46-77 such walks per arm): the
    put into the drawer the base had just walked to was refused (the drawer was closed),
    and the plan walked to the drawer again (0.0 m) before the open. The walk put the arm
    in reach of the drawer, so the refusal is of a later requirement: the open is made from
    where the base stands. Another refused call since the walk, a refusal of a call on
    something else, or a refused pick of the object walked to still sends the walk."""
    def request() -> PlanRequest:
        vocab = Vocabulary()
        vocab.add_units([UnitView("Knife_1", "Knife", (0.5, 0.4, 0.9)),
                         UnitView("Drawer_1", "Drawer", (-0.4, -1.3, 0.5))])
        return PlanRequest("x", "", vocab, ["kitchen"], held="Knife_1",
                           goal_conditions=("INSIDE(Knife, Drawer)",),
                           robot_position=(0.0, 0.0, 0.0))

    planner = OfflinePlanner()
    req = request()
    assert [str(c) for c in planner.plan(req).calls] == [
        "navigate(Drawer_1)", "put(Knife_1, Drawer_1, in)"]
    _history(req, "navigate", ("Drawer_1",), True)
    _history(req, "put", ("Knife_1", "Drawer_1", "in"), False, ErrorCode.PRECONDITION_FAILED,
             "put: the Drawer is closed")
    assert [str(c) for c in planner.plan(req).calls] == [
        "open(Drawer_1)", "put(Knife_1, Drawer_1, in)"]
    _history(req, "open", ("Drawer_1",), False, ErrorCode.PRECONDITION_FAILED,
             "open: the Drawer is 1.1 m away (reach 0.9 m): navigate to it first")
    assert [str(c) for c in planner.plan(req).calls][:1] == ["navigate(Drawer_1)"]
    assert stands_at(req.history[:2], "", planner.table) == "Drawer_1"
    assert stands_at(req.history[:2]) == ""            # without the table, as before
    assert stands_at(req.history, "", planner.table) == ""
    other = [*req.history[:1], StepLine(SkillCall("pick", ("Knife_1",)), False,
                                        int(ErrorCode.PRECONDITION_FAILED), "x")]
    assert stands_at(other, "", planner.table) == ""
    # Nor a refused pick of the object walked to: it may have moved (the walk goes where
    # memory sees it now).
    picked = [StepLine(SkillCall("navigate", ("Knife_1",)), True, 0, ""),
              StepLine(SkillCall("pick", ("Knife_1",)), False,
                       int(ErrorCode.PRECONDITION_FAILED), "x")]
    assert stands_at(picked, "", planner.table) == ""


def test_the_loop_carries_where_the_base_stands_to_a_tasks_later_subtasks_only(
        world) -> None:  # noqa: ANN001
    memory, house = world
    loop = PlanLoop(OfflinePlanner(), LocalMemory(memory), house, places=lambda: PLACES)
    loop.run("put the apple in the fridge", "k1c-2#s0", goal_conditions=["INSIDE(Apple, Fridge)"])
    assert house.calls[-1] == SkillCall("put", ("Apple_1", "Fridge_1", "in"))
    assert loop.stands == "Fridge_1"
    loop.run("close the fridge", "k1c-2#s1", goal_conditions=["CLOSED(Fridge)"])
    assert house.calls[-1] == SkillCall("close", ("Fridge_1",))
    assert house.calls[-2] != SkillCall("navigate", ("Fridge_1",))
    # Another task: a tidy may have moved what the base stood at; memory may be cleared.
    before = len(house.calls)
    assert loop.run("hold the apple", "k1c-3#s0", goal_conditions=["HOLDING(Apple)"]).success
    assert house.calls[before].skill == "navigate", house.calls[before:]


def test_a_walk_back_to_where_the_last_plan_began_is_not_skipped_after_its_walks() -> None:
    """Tune3 tidy, stream seed 3001, s0008 (round 39's code, experience arm): a plan made
    at the bread walked to the microwave and ended with its open; the next plan, made
    after the open, still began "at" the bread and picked it from the microwave's spot,
    refused "2.04 m away". The base stands where its last walk left it."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([
        UnitView("Bread_1", "Bread", (-1.6, 0.7, 0.9), receptacle_id="Counter_1",
                 relation="on", observations=2),
        UnitView("Counter_1", "CounterTop", (-1.8, 1.2, 0.9)),
        UnitView("Microwave_1", "Microwave", (1.2, 0.8, 1.0), "closed")])
    req = PlanRequest("x", "", vocab, ["kitchen"], goal_conditions=("HOLDING(Bread)",),
                      robot_position=(0.0, 0.0, 0.0))
    _history(req, "navigate", ("Bread_1",), True)
    assert [str(c) for c in planner.plan(req).calls] == ["pick(Bread_1)"]
    # The loop ran steps of another plan without re-planning: a walk and an open.
    _history(req, "navigate", ("Microwave_1",), True)
    _history(req, "open", ("Microwave_1",), True)
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Bread_1)", "pick(Bread_1)"]


def test_the_loop_answers_a_planners_request_for_read_times_from_memory(memory) -> None:  # noqa: ANN001
    """Round 46: the loop notes memory's now as the task began (the JSON scene graph's
    stamp) and, when the planner asks (ReadTimesWanted), when memory last read each unit's
    state (get_units' state_read), then plans again; each id is asked once per
    instruction, and the next instruction of the same task keeps the task's start."""
    from memory_node.core.perception.observation import Observation  # noqa: PLC0415
    from memory_node.core.scene_graph.graph import RegionView  # noqa: PLC0415
    from memory_node.planner.core.planning import PlanResult, ReadTimesWanted  # noqa: PLC0415

    lt = memory.long_term
    lt.apply([Observation.at("Cabinet", (1.0, 0.0, 0.5), 1.0, state="opened")],
             RegionView((0.0, 0.0, 0.0), 5.0), 1.0)
    lt.apply([Observation.at("Cabinet", (1.0, 0.0, 0.5), 2.0)],
             RegionView((0.0, 0.0, 0.0), 5.0), 2.0)
    (cabinet,) = lt.graph.nodes("object")

    class Asking:
        name = "asking"

        def __init__(self) -> None:
            self.asked = 0
            self.seen: list[tuple] = []

        def plan(self, req: PlanRequest) -> PlanResult:
            if cabinet in req.scene and cabinet not in req.notes["state_read"]:
                self.asked += 1
                raise ReadTimesWanted([cabinet])
            self.seen.append((req.notes["task_start"], dict(req.notes["state_read"])))
            return PlanResult([])

    planner = Asking()
    loop = PlanLoop(planner, LocalMemory(memory), House({}), places=lambda: PLACES)
    assert loop.run("open the cabinet", "t#s0").success
    assert planner.asked == 1 and planner.seen == [(2.0, {cabinet: 1.0})]
    lt.apply([Observation.at("Cabinet", (1.0, 0.0, 0.5), 3.0)],
             RegionView((0.0, 0.0, 0.0), 5.0), 3.0)
    assert loop.run("close it", "t#s1").success   # the same task: its start stands
    assert planner.seen[-1] == (2.0, {cabinet: 1.0})
    assert loop.run("open the cabinet", "u#s0").success   # a new task starts at 3.0
    assert planner.seen[-1] == (3.0, {cabinet: 1.0})


def test_the_loop_notes_what_the_tasks_first_scene_graph_held(memory) -> None:  # noqa: ANN001
    """Round 48: the ids of the task's first scene graph go to the planner as
    notes["known_at_start"]; a unit memory adds during the task is not among them in the
    task's next instruction, and a new task starts from its own first scene graph."""
    from memory_node.core.perception.observation import Observation  # noqa: PLC0415
    from memory_node.core.scene_graph.graph import RegionView  # noqa: PLC0415
    from memory_node.planner.core.planning import PlanResult  # noqa: PLC0415

    lt = memory.long_term
    lt.apply([Observation.at("Cabinet", (1.0, 0.0, 0.5), 1.0, state="closed")],
             RegionView((0.0, 0.0, 0.0), 5.0), 1.0)
    (cabinet,) = lt.graph.nodes("object")

    class Noting:
        name = "noting"

        def __init__(self) -> None:
            self.seen: list[tuple[frozenset[str], frozenset[str]]] = []

        def plan(self, req: PlanRequest) -> PlanResult:
            self.seen.append((req.notes["known_at_start"], frozenset(req.scene)))
            return PlanResult([])

    planner = Noting()
    loop = PlanLoop(planner, LocalMemory(memory), House({}), places=lambda: PLACES)
    assert loop.run("open the cabinet", "t#s0").success
    assert planner.seen[-1] == (frozenset({cabinet}), frozenset({cabinet}))
    lt.apply([Observation.at("Cabinet", (1.0, 0.0, 0.5), 2.0, state="closed"),
              Observation.at("Drawer", (3.0, 0.0, 0.3), 2.0, state="closed")],
             RegionView((0.0, 0.0, 0.0), 5.0), 2.0)
    drawer = next(i for i in lt.graph.nodes("object") if i != cabinet)
    assert loop.run("open the drawer", "t#s1").success   # the same task
    assert planner.seen[-1] == (frozenset({cabinet}), frozenset({cabinet, drawer}))
    assert loop.run("open the drawer", "u#s0").success   # a new task
    assert planner.seen[-1] == (frozenset({cabinet, drawer}), frozenset({cabinet, drawer}))


def test_a_dated_unit_takes_the_state_memory_reads_now(memory) -> None:  # noqa: ANN001
    """Round 46 (tune2 tidy, stream seed 3090, s0015): the plan's scene is re-read only
    after an explore, and frames since read the island cabinet shut; the scene still said
    "opened", and the task gave up with the cup in it. When the planner asks for read
    times, the plan's copy takes the state memory reads now, dated as memory dates it."""
    from memory_node.core.perception.observation import Observation  # noqa: PLC0415
    from memory_node.core.scene_graph.graph import RegionView  # noqa: PLC0415
    from memory_node.planner.core.planning import PlanResult, ReadTimesWanted  # noqa: PLC0415

    lt = memory.long_term
    here = RegionView((0.0, 0.0, 0.0), 5.0)
    lt.apply([Observation.at("Cabinet", (1.0, 0.0, 0.5), 1.0, state="opened")], here, 1.0)
    lt.apply([Observation.at("Cabinet", (1.0, 0.0, 0.5), 2.0, state="opened")], here, 2.0)
    (cabinet,) = lt.graph.nodes("object")
    seen: list[tuple] = []

    class Asking:
        name = "asking"

        def plan(self, req: PlanRequest) -> PlanResult:
            if cabinet not in req.notes["state_read"]:
                # Frames after the scene was read: the door read shut, again and again.
                for k in range(8):
                    stamp = 3.0 + k
                    lt.apply([Observation.at("Cabinet", (1.0, 0.0, 0.5), stamp,
                                             state="closed")], here, stamp)
                raise ReadTimesWanted([cabinet])
            seen.append((req.scene[cabinet].state, req.notes["state_read"][cabinet]))
            return PlanResult([])

    loop = PlanLoop(Asking(), LocalMemory(memory), House({}), places=lambda: PLACES)
    assert loop.run("open the cabinet", "t#s0").success
    assert lt.graph.node(cabinet)["state"] == "closed"
    assert seen == [("closed", 10.0)]


def test_a_pick_refused_in_a_container_put_away_opens_what_memory_has_the_container_in(
) -> None:
    """Round 47 (tune untidied, stream seed 3112, s0017): the egg in the pot, the pot put
    away in a cabinet and the cabinet closed; the egg's pick was refused "inside a closed
    Cabinet". Only the egg's own receptacle was read: the pot does not open, a cabinet may
    not hold an egg (accepts), so the microwave beside it was opened, then `open(Pot)` was
    tried and refused; the cabinet never, 21 refusals in one state. The containment chain
    memory holds leads to the cabinet: it is opened first, from where the pick was refused
    (the refusal's own type)."""
    planner = OfflinePlanner(accepts=lambda rec, obj: not (rec == "Cabinet" and obj == "Egg"))
    vocab = Vocabulary()
    vocab.add_units([
        UnitView("Egg_1", "Egg", (-1.2, -2.2, 0.5), receptacle_id="Pot_1", relation="in"),
        UnitView("Pot_1", "Pot", (-1.2, -2.2, 0.5), receptacle_id="Cabinet_1",
                 relation="in"),
        UnitView("Cabinet_1", "Cabinet", (-1.2, -2.2, 0.5), "closed"),
        UnitView("Microwave_1", "Microwave", (-0.2, -2.5, 1.0), "closed")])
    req = PlanRequest("x", "", vocab, ["kitchen"], goal_conditions=("HOLDING(Egg)",),
                      robot_position=(0.0, 0.0, 0.0))
    _history(req, "navigate", ("Egg_1",), True)
    _history(req, "pick", ("Egg_1",), False, ErrorCode.PRECONDITION_FAILED,
             "pick: the Egg is inside a closed Cabinet", "Cabinet")
    assert [str(c) for c in planner.plan(req).calls] == ["open(Cabinet_1)"]
    _history(req, "open", ("Cabinet_1",), True)
    assert [str(c) for c in planner.plan(req).calls] == ["pick(Egg_1)"]


def test_a_pick_refused_as_shut_in_a_named_type_opens_the_nearest_of_it_beyond_the_radius(
) -> None:
    """Round 72 (tune2 tidy, stream seed 3500, s0008/s0011): memory had the soap bottle by a
    stack of drawers (an old spot; in s0011 the drawer the robot had put it in); the tidy
    keeps it in the cabinet 1.11 m away, just beyond SHUT_IN_RADIUS, and the pick was
    refused "inside a closed Cabinet".
    Within the radius stood only drawers, opened one per refusal, the pick refused after
    each. The refusal rules them out: the nearest cabinet is opened first."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([
        UnitView("Soap_1", "SoapBottle", (1.3, 1.1, 0.5), "none", "kitchen"),
        UnitView("Drawer_1", "Drawer", (1.4, 1.2, 0.5), "closed", "kitchen"),
        UnitView("Drawer_2", "Drawer", (1.6, 1.0, 0.5), "closed", "kitchen"),
        UnitView("Cabinet_1", "Cabinet", (0.4, 0.45, 0.5), "closed", "kitchen"),
        UnitView("Cabinet_2", "Cabinet", (-1.5, -1.5, 0.5), "closed", "kitchen")])
    req = PlanRequest("x", "", vocab, ["kitchen"], goal_conditions=("HOLDING(SoapBottle)",),
                      robot_position=(1.3, 1.1, 0.0))
    _history(req, "navigate", ("Soap_1",), True)
    _history(req, "pick", ("Soap_1",), False, ErrorCode.PRECONDITION_FAILED,
             "pick: the SoapBottle is inside a closed Cabinet", "Cabinet")
    calls = [str(c) for c in planner.plan(req).calls]
    assert "open(Cabinet_1)" in calls and not any(c.startswith("open(Drawer") for c in calls), \
        calls


def test_a_pick_refused_as_shut_in_opens_a_receptacle_of_the_named_type_the_prior_leaves_out(
) -> None:
    """Round 61 (tune2 untidied, stream seed 3199, s0012/s0013, the arm without
    experience): memory had the tomato in the pot, and the pot on the counter, not in the
    cabinet a task before had closed under it. The pick was refused "the Tomato is inside a
    closed Cabinet"; a cabinet may not hold a tomato (accepts), so the cabinet 0.05 m away
    was left out, the pot's open was tried and refused, and the pick was refused again until
    the re-plans ran out: three refusals in one state a task, two tasks lost. The refusal
    names the type that shuts the object in: a receptacle of that type near it is opened,
    whatever the type prior says it holds (something it holds may hold the object)."""
    planner = OfflinePlanner(accepts=lambda rec, obj: not (rec == "Cabinet" and obj == "Tomato"))
    vocab = Vocabulary()
    vocab.add_units([
        UnitView("Tomato_1", "Tomato", (0.4, 0.5, 0.9), receptacle_id="Pot_1", relation="in"),
        UnitView("Pot_1", "Pot", (0.4, 0.5, 0.9)),
        UnitView("Cabinet_1", "Cabinet", (0.4, 0.45, 0.5), "closed"),
        UnitView("Drawer_1", "Drawer", (1.3, 0.5, 0.7), "closed")])
    req = PlanRequest("x", "", vocab, ["kitchen"], goal_conditions=("HOLDING(Tomato)",),
                      robot_position=(0.0, 0.0, 0.0))
    _history(req, "navigate", ("Tomato_1",), True)
    _history(req, "pick", ("Tomato_1",), False, ErrorCode.PRECONDITION_FAILED,
             "pick: the Tomato is inside a closed Cabinet", "Cabinet")
    assert [str(c) for c in planner.plan(req).calls] == ["open(Cabinet_1)"]
    _history(req, "open", ("Cabinet_1",), True)
    assert [str(c) for c in planner.plan(req).calls] == ["pick(Tomato_1)"]


def test_a_pick_refused_on_a_plate_put_away_opens_what_memory_has_the_plate_in() -> None:
    """Tune untidied, stream seed 3113 (round 48, the experience arm, s0019): the knife on
    the plate, the plate in a cabinet the bowl's task then closed; the knife's pick was
    refused "inside a closed Cabinet". The chain memory holds climbed "in" links only: the
    knife is on the plate, so no receptacle was read, the cabinet beside was tried and the
    kitchen explored, never the plate's cabinet: the task was lost. An object on something
    in a receptacle is in that receptacle; one on a closed receptacle is not shut in it."""
    planner = OfflinePlanner(accepts=lambda rec, obj: True)
    vocab = Vocabulary()
    vocab.add_units([
        UnitView("Knife_1", "Knife", (-1.2, -2.2, 0.5), receptacle_id="Plate_1", relation="on"),
        UnitView("Plate_1", "Plate", (-1.2, -2.2, 0.5), receptacle_id="Cabinet_1",
                 relation="in"),
        UnitView("Cabinet_1", "Cabinet", (-1.3, -2.3, 0.5), "closed"),
        UnitView("Cabinet_2", "Cabinet", (-1.2, -2.1, 0.5), "closed")])
    req = PlanRequest("x", "", vocab, ["kitchen"], goal_conditions=("HOLDING(Knife)",),
                      robot_position=(0.0, 0.0, 0.0))
    _history(req, "navigate", ("Knife_1",), True)
    _history(req, "pick", ("Knife_1",), False, ErrorCode.PRECONDITION_FAILED,
             "pick: the Knife is inside a closed Cabinet", "Cabinet")
    # 62e37c84: ["open(Cabinet_2)"] (nearest to the knife; the plate's cabinet unread)
    assert [str(c) for c in planner.plan(req).calls] == ["open(Cabinet_1)"]
    _history(req, "open", ("Cabinet_1",), True)
    assert [str(c) for c in planner.plan(req).calls] == ["pick(Knife_1)"]


def test_a_state_an_earlier_task_made_is_made_again_when_the_arm_finds_the_object_moved() -> None:
    """Round 58 (exp58's patches; tune tidy, stream seed 3163, s0020): memory has the bread
    heated and on the counter, confirmed, from the task before; the daily tidy has moved
    it and left it cold. The move to memory's spot succeeds (something of the type stands
    near), the pick is refused with no typed reason (out of reach: the bread is not where
    memory has it). The re-plan said done on memory's "heated" and the task was lost:
    the state is doubted and the skill applied."""
    vocab = Vocabulary()
    vocab.add_units([
        UnitView("Bread_1", "Bread", (1.0, 0.0, 0.9), "heated", "a1", receptacle_id="Counter_1",
                 relation="on", observations=12, state_confirmed=True),
        UnitView("Counter_1", "CounterTop", (1.0, 0.0, 0.8), "none", "a1", observations=40),
        UnitView("Microwave_1", "Microwave", (6.0, 0.0, 1.0), "closed", "a1",
                 observations=30)])
    goals = ("STATE(Bread, heated)", "ON(Bread, CounterTop)")
    req = PlanRequest("heat the bread and put it on the counter", "", vocab, ["a1"],
                      robot_area="a1", goal_conditions=goals)
    planner = OfflinePlanner()
    _history(req, "navigate", ("Bread_1",), True)
    _history(req, "pick", ("Bread_1",), False, ErrorCode.PRECONDITION_FAILED,
             "pick: the Bread is 1.45 m away (reach 0.9 m): navigate to it first")
    calls = [str(c) for c in planner.plan(req).calls]
    assert "heat(Bread_1)" in calls, calls
    # A refusal that names what shuts the object in says nothing of its state.
    shut = PlanRequest("heat the bread and put it on the counter", "", vocab, ["a1"],
                       robot_area="a1", goal_conditions=goals)
    _history(shut, "navigate", ("Bread_1",), True)
    _history(shut, "pick", ("Bread_1",), False, ErrorCode.PRECONDITION_FAILED,
             "pick: the Bread is inside a closed Microwave", "Microwave")
    assert "heat(Bread_1)" not in [str(c) for c in planner.plan(shut).calls]


def test_a_state_this_task_made_stands_when_memory_joined_the_object_to_its_old_node() -> None:
    """Round 97 (fresh92b tidy s0014, fresh94c tidy s0020): the cup found in a cabinet was
    picked, heated and put on the counter; the scene graph then joined it to its old node
    there (a ghost whose state reads "none"), so memory's unit no longer says heated. The
    task's own heat stands: nothing to do, not a second pick, heat and put. A cool after the
    heat (the task's last word on its state) does not leave it heated."""
    vocab = Vocabulary()
    vocab.add_units([
        UnitView("Cup_1", "Cup", (1.0, 0.0, 0.9), "none", "a1", receptacle_id="Counter_1",
                 relation="on", observations=9),
        UnitView("Counter_1", "CounterTop", (1.0, 0.0, 0.8), "none", "a1", observations=40),
        UnitView("Microwave_1", "Microwave", (3.0, 0.0, 1.0), "closed", "a1", observations=30),
        UnitView("Fridge_1", "Fridge", (5.0, 0.0, 1.0), "closed", "a1", observations=30)])
    goals = ("STATE(Cup, heated)", "ON(Cup, CounterTop)")
    planner = OfflinePlanner()

    def done(*calls: str) -> PlanRequest:
        req = PlanRequest("heat the cup and put it on the counter", "", vocab, ["a1"],
                          robot_area="a1", goal_conditions=goals)
        req.notes["acted"] = ["Cup_1"]
        for call in calls:
            skill, _, rest = call.partition("(")
            _history(req, skill, tuple(a.strip() for a in rest[:-1].split(",")), True)
        return req

    heated = done("pick(Cup_1)", "navigate(Microwave_1)", "heat(Cup_1)",
                  "navigate(Counter_1)", "put(Cup_1, Counter_1, on)")
    assert planner.plan(heated).calls == []
    cooled = done("pick(Cup_1)", "navigate(Microwave_1)", "heat(Cup_1)", "navigate(Fridge_1)",
                  "cool(Cup_1)", "navigate(Counter_1)", "put(Cup_1, Counter_1, on)")
    assert "heat(Cup_1)" in [str(c) for c in planner.plan(cooled).calls]
    # Memory's word alone (no heat in this task) is not the task's: the cup is heated.
    assert "heat(Cup_1)" in [str(c) for c in planner.plan(done("navigate(Cup_1)")).calls]


def test_a_put_target_not_seen_in_the_receptacle_just_opened_for_it_is_looked_for_there_first(
        ) -> None:
    """Round 75 (tune2 tidy, stream seed 3152, s0024, exp99's patch applied): the knife in
    hand, the put in the cup was refused "where it is is unknown" (memory had marked the
    cup absent when the walk to it saw the cabinet shut), the plan opened the cabinet
    memory had the cup in, and the open's one view from the door missed the cup on its
    shelf. The plan then opened seven more receptacles before the explore saw the cup
    where it was (24 calls; 8 in the base, whose open did see it). The kitchen, counted as
    looked at only by the refusal, is looked over once first; then the search goes on."""
    planner = OfflinePlanner(accepts=lambda rec, obj: True)
    cup = UnitView("Cup_1", "Cup", (0.3, 0.44, 0.47), "none", "kitchen",
                   receptacle_id="Cabinet_1", relation="in", observations=2)
    cabinets = [UnitView("Cabinet_1", "Cabinet", (0.4, 0.45, 0.4), "opened", "kitchen",
                         observations=195),
                UnitView("Cabinet_2", "Cabinet", (1.4, -1.1, 0.4), "closed", "kitchen",
                         observations=40),
                UnitView("Microwave_1", "Microwave", (1.9, -0.8, 1.0), "closed", "kitchen",
                         observations=40)]
    vocab = Vocabulary()
    vocab.add_units([cup, *cabinets, UnitView("ButterKnife_1", "ButterKnife",
                                              (1.2, 0.8, 0.9), "none", "kitchen")])
    req = PlanRequest("put the butter knife in the cup", "", vocab, ["kitchen"],
                      goal_conditions=("INSIDE(ButterKnife, Cup)",), held="ButterKnife_1",
                      robot_position=(0.3, 0.9, 0.0), place_rooms={"kitchen": "kitchen"})
    req.notes["explored"] = {("kitchen", "Cup")}
    assert [str(c) for c in planner.plan(req).calls] == [
        "navigate(Cup_1)", "put(ButterKnife_1, Cup_1, in)"]
    _history(req, "navigate", ("Cup_1",), True)
    _history(req, "put", ("ButterKnife_1", "Cup_1", "in"), False, ErrorCode.NOT_FOUND,
             "put: 'Cup_1': where it is is unknown (explore first)")
    vocab.add_units([replace(cup, state="absent", observations=1)])
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Cabinet_1)", "open(Cabinet_1)"]
    _history(req, "navigate", ("Cabinet_1",), True)
    _history(req, "open", ("Cabinet_1",), True)
    # The open's frame did not show the cup: memory still has it absent.
    assert [str(c) for c in planner.plan(req).calls] == ["explore(kitchen, Cup)"]
    _history(req, "explore", ("kitchen", "Cup"), False, ErrorCode.NOT_FOUND,
             "explore: no Cup seen in the kitchen")
    # Looked over once: the search goes on to the other receptacles.
    assert [str(c) for c in planner.plan(req).calls][-1].startswith("open(")


def test_a_shut_in_note_the_world_answered_not_found_no_longer_revives_an_absent_unit() -> None:
    """Tune tidy 3159 s0016 (round 85, experience): a pick of the card refused as shut in
    in an earlier task gave the plan its shut-in note; the drawer was opened, the card's
    navigate refused NOT_FOUND, memory marked it absent, and after an explore (which saw
    another card) the plan went to the absent card again ("position unknown": one call
    failed twice in one state). The note holds until the world answers "not here"; the
    card the explore saw is fetched instead (on main: the absent one, by its score)."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([
        UnitView("Card_old", "CreditCard", (1.0, -2.1, 0.5), "absent", "a1",
                 receptacle_id="Drawer_A", relation="in", score=0.9, observations=6),
        UnitView("Drawer_A", "Drawer", (0.9, -2.1, 0.7), "opened", "a1"),
        UnitView("Card_new", "CreditCard", (1.8, -2.6, 1.0), "none", "a1", score=0.4,
                 observations=2)])
    req = PlanRequest("x", "", vocab, ["a1"], goal_conditions=("HOLDING(CreditCard)",),
                      robot_position=(0.0, 0.0, 0.0))
    req.notes["shut_in"] = {"Card_old": "Drawer_A"}
    req.notes["explored"] = {("a1", "CreditCard")}
    _history(req, "navigate", ("Drawer_A",), True)
    _history(req, "open", ("Drawer_A",), True)
    _history(req, "navigate", ("Card_old",), False, ErrorCode.NOT_FOUND)
    _history(req, "explore", ("a1", "CreditCard"), True)
    assert [str(c) for c in planner.plan(req).calls][:2] == [
        "navigate(Card_new)", "pick(Card_new)"]


def test_a_cabinet_a_given_up_plan_marked_is_opened_after_the_explore_not_skipped() -> None:
    """Tune3 tidy 3825 s0006 (rounds 79-80): no plate in memory, the kitchen looked over;
    the first plan went for the potato, then to the nearest closed cabinet to open it for
    the plate. The potato was not where memory had it (the walk refused), the plan was
    given up before its open, and the cabinet stayed marked searched: the plate was sought
    in every other cabinet, never in that one, where it was, and the task was given up.
    The mark keeps the base's order (the other cabinet, then the explore); a search about
    to end empty opens the marked cabinet its open never reached."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([UnitView("Cabinet_near", "Cabinet", (0.5, -0.6, 0.4), "closed", "a1"),
                     UnitView("Cabinet_far", "Cabinet", (-2.0, -1.1, 0.4), "closed", "a1"),
                     UnitView("Potato_1", "Potato", (0.2, 0.8, 1.0), "none", "a1")])
    req = PlanRequest("put the potato on the plate", "", vocab, ["a1"], robot_area="a1",
                      goal_conditions=("ON(Potato, Plate)",), robot_position=(0.0, 0.0, 0.0),
                      place_rooms={"a1": "kitchen"},   # memory has looked the kitchen over
                      scene={**vocab.objects, **{f"Chair_{i}": UnitView(
                          f"Chair_{i}", "Chair", (0.5 * i, 1.0, 0.4), "none", "a1")
                          for i in range(3)}})
    assert [str(c) for c in planner.plan(req).calls] == [
        "navigate(Potato_1)", "pick(Potato_1)", "navigate(Cabinet_near)", "open(Cabinet_near)"]
    _history(req, "navigate", ("Potato_1",), False, ErrorCode.NOT_FOUND)
    vocab.add_units([replace(vocab.objects["Potato_1"], state="absent"),
                     UnitView("Potato_2", "Potato", (0.8, -1.3, 0.3), "none", "a1")])
    assert [str(c) for c in planner.plan(req).calls] == [
        "navigate(Potato_2)", "pick(Potato_2)", "navigate(Cabinet_far)", "open(Cabinet_far)"]
    for call, args in (("navigate", ("Potato_2",)), ("pick", ("Potato_2",)),
                       ("navigate", ("Cabinet_far",)), ("open", ("Cabinet_far",))):
        _history(req, call, args, True)
    req.held, req.robot_position = "Potato_2", (-2.0, -1.1, 0.0)
    vocab.add_units([replace(vocab.objects["Cabinet_far"], state="opened")])
    assert [str(c) for c in planner.plan(req).calls] == ["explore(kitchen, Plate)"]
    _history(req, "explore", ("kitchen", "Plate"), False, ErrorCode.NOT_FOUND,
             "explore: no Plate seen in the kitchen")
    # On main (round 91) the plan was NotFound here: "every closed receptacle ... opened".
    assert [str(c) for c in planner.plan(req).calls] == [
        "navigate(Cabinet_near)", "open(Cabinet_near)"]
    # Once its open was sent, the mark is an open: it is not offered again.
    _history(req, "navigate", ("Cabinet_near",), True)
    _history(req, "open", ("Cabinet_near",), True)
    vocab.add_units([replace(vocab.objects["Cabinet_near"], state="closed")])
    assert "open(Cabinet_near)" not in [str(c) for c in planner.plan(req).calls]


def test_a_door_experience_says_the_house_shut_is_opened_before_a_put_or_a_pick() -> None:
    """Round 97, tidy tuning streams: memory read the fridge open (the robot's own open of
    an earlier task) when the daily tidy had shut it; the put was refused "the Fridge is
    closed", then the open, then the put again (67 puts, 103 picks on the experience arm).
    With experience's line naming the door, the open comes first; without it, or once
    this subtask has opened the door itself, it does not; a search still reads the door as
    memory does."""
    line = ("Fridge_1, Cabinet_1 were left open by the robot in an earlier task, and this "
            "house shuts what is left open")
    vocab = Vocabulary()
    vocab.add_units([
        UnitView("Apple_1", "Apple", (2.0, 0.0, 1.0), "none", "a1", receptacle_id="robot"),
        UnitView("Fridge_1", "Fridge", (2.0, 0.0, 1.0), "opened", "a1", observations=30),
        UnitView("Cup_1", "Cup", (4.0, 0.0, 1.0), "none", "a1", receptacle_id="Cabinet_1",
                 relation="in", observations=5),
        UnitView("Cabinet_1", "Cabinet", (4.0, 0.0, 1.0), "opened", "a1", observations=30)])
    planner = OfflinePlanner()

    def plan(goal: str, facts: tuple[str, ...], held: str = "") -> list[str]:
        req = PlanRequest("x", "", vocab, ["a1"], robot_area="a1", held=held,
                          goal_conditions=(goal,), facts=facts)
        return [str(c) for c in planner.plan(req).calls]

    put = plan("INSIDE(Apple, Fridge)", (line,), held="Apple_1")
    assert put.index("open(Fridge_1)") < put.index("put(Apple_1, Fridge_1, in)"), put
    assert "open(Fridge_1)" not in plan("INSIDE(Apple, Fridge)", (), held="Apple_1")
    pick = plan("HOLDING(Cup)", (line,))
    assert pick.index("open(Cabinet_1)") < pick.index("pick(Cup_1)"), pick
    assert "open(Cabinet_1)" not in plan("HOLDING(Cup)", ())
    # Opened in this subtask: not opened again.
    req = PlanRequest("x", "", vocab, ["a1"], robot_area="a1", held="Apple_1",
                      goal_conditions=("INSIDE(Apple, Fridge)",), facts=(line,))
    _history(req, "open", ("Fridge_1",), True)
    assert "open(Fridge_1)" not in [str(c) for c in planner.plan(req).calls]


def _apple_in_a_pot_in_a_shut_fridge() -> Vocabulary:
    """Memory's chain of fresh104c s0006 (round 104): the apple in the pot, the pot in the
    fridge, the fridge shut; a pot does not open."""
    vocab = Vocabulary()
    vocab.add_units([UnitView("Fridge_1", "Fridge", area_id="a1", state="closed",
                              observations=20),
                     UnitView("Pot_1", "Pot", area_id="a1", state="dirty", observations=5,
                              receptacle_id="Fridge_1", relation="in"),
                     UnitView("Apple_1", "Apple", area_id="a1", observations=5,
                              receptacle_id="Pot_1", relation="in")])
    return vocab


def test_a_pick_opens_the_closed_receptacle_that_holds_the_one_the_object_is_in() -> None:
    """Round 104, fresh104c (both arms): the apple the robot had put in the pot, the pot
    put in the fridge after it, the fridge shut. A pot does not open, so the plan walked to
    the apple and picked: refused "inside a closed Fridge", in two tasks of one stream.
    The fridge that holds the pot is opened before the pick, as a put into the pot would
    open it."""
    planner = OfflinePlanner()
    vocab = _apple_in_a_pot_in_a_shut_fridge()
    req = PlanRequest("pick up the apple", "", vocab, ["a1"], robot_area="a1",
                      goal_conditions=("HOLDING(Apple)",))
    assert [str(c) for c in planner.plan(req).calls] == [
        "navigate(Apple_1)", "open(Fridge_1)", "pick(Apple_1)"]
    # Its open refused from the apple's spot: not planned again from there (fresh91c tidy
    # s0025, the first trial: four times in one task).
    req.history += [StepLine(SkillCall("navigate", ("Apple_1",)), True, 0, "ok"),
                    StepLine(SkillCall("open", ("Fridge_1",)), False, 2,
                             "open: the Fridge is 1.24 m away (reach 0.9 m): navigate to it "
                             "first")]
    assert "open(Fridge_1)" not in [str(c) for c in planner.plan(req).calls]


def test_a_pick_does_not_open_a_receptacle_memory_has_the_container_in_far_from_it() -> None:
    """A cabinet 1.2 m from the knife cannot hold the plate the knife lies in: memory's
    chain is stale (a tidied house moved one of them), and its open from the knife's spot
    is refused as out of reach. The pick goes ahead; a refusal says what shuts it in."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([UnitView("Cabinet_1", "Cabinet", (1.2, 0.0, 0.4), area_id="a1",
                              state="closed", observations=20),
                     UnitView("Bowl_1", "Bowl", (0.0, 0.0, 0.4), area_id="a1",
                              observations=5, receptacle_id="Cabinet_1", relation="in"),
                     UnitView("Knife_1", "Knife", (0.0, 0.0, 0.4), area_id="a1",
                              observations=5, receptacle_id="Bowl_1", relation="in")])
    req = PlanRequest("pick up the knife", "", vocab, ["a1"], robot_area="a1",
                      goal_conditions=("HOLDING(Knife)",))
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Knife_1)", "pick(Knife_1)"]


def test_a_pick_opens_no_receptacle_up_the_chain_in_a_house_that_undoes_the_robots_work() -> None:
    """Experience says the house shuts what the robot leaves open (or puts things back):
    memory's chain of containers there goes stale unseen (fresh90a tidy s0006, round 104:
    the cabinet memory had the knife's bowl in was opened, the world had the knife out of
    it, and the stream went on to lose a task). The pick goes ahead as memory has the
    object's own receptacle; a refusal names what shuts it in."""
    planner = OfflinePlanner()
    vocab = _apple_in_a_pot_in_a_shut_fridge()
    tail = " by the robot in an earlier task, and this house shuts what is left open"
    req = PlanRequest("pick up the apple", "", vocab, ["a1"], robot_area="a1",
                      goal_conditions=("HOLDING(Apple)",),
                      facts=(f"Drawer_1 was left open{tail}",))
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Apple_1)", "pick(Apple_1)"]


def test_a_state_the_house_undid_is_enough_to_leave_the_chain_of_containers_shut() -> None:
    """Round 109: the two places that ask whether the house undoes the robot's work read
    the same experience. A state undone (the robot's heated cup found cold) says as much
    as a put taken back: a tidy restores the whole layout, so memory's chain of containers
    is not trusted for an open either."""
    planner = OfflinePlanner()
    vocab = _apple_in_a_pot_in_a_shut_fridge()
    line = ("Cup_9 (Cup) was left heated by the robot in an earlier task, and this house "
            "undoes the robot's work")
    req = PlanRequest("pick up the apple", "", vocab, ["a1"], robot_area="a1",
                      goal_conditions=("HOLDING(Apple)",), facts=(line,))
    assert [str(c) for c in planner.plan(req).calls] == ["navigate(Apple_1)", "pick(Apple_1)"]
