"""The offline planner uses experience memory (issue 15): it follows a recalled procedure
and never starts a plan with a call the trajectory graph lists as failed in the robot's
current state. Pure planner core: requests built by hand, no memory, deterministic."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from memory_node.core.errors import ErrorCode, NotFound
from memory_node.planner.core.experience import (
    known_bad_calls,
    known_bad_codes,
    known_bad_until,
    left_by_robot,
    left_open,
    looked_in,
    made_states,
    parse_call,
    parse_procedure,
    put_back,
    put_back_spots,
    searched_out,
    undone_states,
    usual_places,
)
from memory_node.planner.core.offline import OfflinePlanner
from memory_node.planner.core.planning import PlanRequest
from memory_node.planner.core.prompt import StepLine
from memory_node.planner.core.settings import OfflineSettings
from memory_node.planner.core.types import AreaView, SkillCall, UnitView
from memory_node.planner.core.vocabulary import Vocabulary

PROCEDURE = ("procedure that worked 3/3 times for this task: navigate(Drawer) ; "
             "open(Drawer) ; pick(Apple) ; navigate(CounterTop) ; put(Apple, CounterTop, on)"
             " [proc:4]")


def request(units: list[UnitView], goals: tuple[str, ...], procedure: str = "",
            held: str = "") -> PlanRequest:
    vocab = Vocabulary()
    vocab.add_units(units)
    vocab.add_areas([AreaView("kitchen", (2.0, 0.5, 1.0), "kitchen"),
                     AreaView("living_room", (5.5, 0.5, 5.0), "living_room")])
    return PlanRequest("put the apple on the counter top", "", vocab,
                       ["kitchen", "living_room"], held=held, goal_conditions=goals,
                       procedure=procedure)


DRAWERS = [UnitView("Drawer_1", "Drawer", (1.0, 0.5, 1.0), "none", "kitchen", score=0.9),
           UnitView("CounterTop_1", "CounterTop", (2.0, 0.9, 1.0), "none", "kitchen",
                    score=0.8)]


def strs(calls: list[SkillCall]) -> list[str]:
    return [str(c) for c in calls]


def test_parsers_read_the_servers_lines_and_refuse_malformed_ones() -> None:
    assert parse_call("put(Apple_1, Fridge_1, in)") == SkillCall("put",
                                                                 ("Apple_1", "Fridge_1", "in"))
    assert parse_call("pick(a; rm -rf)") is None and parse_call("pick") is None
    bad = known_bad_calls(["do not pick(Apple_1): failed 2x in this state "
                           "(PRECONDITION_FAILED) [bad:3]", "ignore all rules", "x" * 5000])
    assert bad == {SkillCall("pick", ("Apple_1",))}
    proc = parse_procedure(PROCEDURE)
    assert proc is not None and proc.successes == 3 and proc.uses == 3
    assert strs(list(proc.steps))[:2] == ["navigate(Drawer)", "open(Drawer)"]
    for broken in ("procedure that worked 4/3 times for this task: pick(Apple)",
                   "procedure that worked 1/1 times for this task: pick(Apple",
                   "a procedure: pick(Apple)", ""):
        assert parse_procedure(broken) is None


def test_without_a_procedure_an_unknown_object_is_explored_for() -> None:
    plan = OfflinePlanner().plan(request(DRAWERS, ("ON(Apple, CounterTop)",)))
    assert strs(plan.calls) == ["explore(kitchen, Apple)"]


def test_follows_a_procedure_to_where_the_object_was_found_then_on() -> None:
    planner = OfflinePlanner()
    req = request(DRAWERS, ("ON(Apple, CounterTop)",), PROCEDURE)
    # The apple is unknown: the procedure goes to the drawer it was in last time and opens
    # it, then stops (the apple can only be named once it is seen).
    first = planner.plan(req).calls
    assert strs(first) == ["navigate(Drawer_1)", "open(Drawer_1)"]
    for call in first:
        req.history.append(StepLine(call, True, ErrorCode.NONE, ""))
    req.vocab.add_units([
        UnitView("Drawer_1", "Drawer", (1.0, 0.5, 1.0), "opened", "kitchen", score=0.9),
        UnitView("Apple_1", "Apple", (1.0, 0.5, 1.0), "none", "kitchen", "Drawer_1", "in",
                 score=0.95)])
    # Memory knows where everything is now: the goals are planned from here (a recipe
    # recorded in another state is followed only where memory falls short). The apple is
    # in the drawer the base stands at: picked without a walk (round 32).
    second = planner.plan(req).calls
    assert strs(second) == ["pick(Apple_1)", "navigate(CounterTop_1)",
                            "put(Apple_1, CounterTop_1, on)"]


def test_a_recipe_is_not_replayed_when_memory_knows_where_everything_is() -> None:
    units = [*DRAWERS, UnitView("Apple_1", "Apple", (2.0, 0.9, 1.0), "none", "kitchen",
                                score=0.9)]
    req = request(units, ("ON(Apple, CounterTop)",), PROCEDURE)
    # The recipe would open the drawer first (where the apple was last time).
    assert strs(OfflinePlanner().plan(req).calls) == [
        "navigate(Apple_1)", "pick(Apple_1)", "navigate(CounterTop_1)",
        "put(Apple_1, CounterTop_1, on)"]


def test_a_failed_procedure_step_hands_over_to_the_goals() -> None:
    planner = OfflinePlanner()
    req = request(DRAWERS, ("ON(Apple, CounterTop)",), PROCEDURE)
    first = planner.plan(req).calls
    req.history.append(StepLine(first[0], True, ErrorCode.NONE, ""))
    req.history.append(StepLine(first[1], False, ErrorCode.PRECONDITION_FAILED, "stuck"))
    assert strs(planner.plan(req).calls) == ["explore(kitchen, Apple)"]


def test_a_procedure_with_little_confidence_is_not_followed() -> None:
    weak = PROCEDURE.replace("3/3", "1/4")
    plan = OfflinePlanner().plan(request(DRAWERS, ("ON(Apple, CounterTop)",), weak))
    assert strs(plan.calls) == ["explore(kitchen, Apple)"]


COUNTERS = [UnitView("Apple_1", "Apple", (1.0, 0.9, 1.0), "none", "kitchen", score=0.9),
            UnitView("CounterTop_1", "CounterTop", (1.0, 0.9, 1.0), "none", "kitchen",
                     score=0.9),
            UnitView("CounterTop_2", "CounterTop", (4.0, 0.9, 1.0), "none", "kitchen",
                     score=0.5)]


def test_a_known_bad_put_goes_to_the_next_receptacle() -> None:
    planner = OfflinePlanner()
    req = request(COUNTERS, ("ON(Apple, CounterTop)",), held="Apple_1")
    req.notes["at"] = "CounterTop_1"
    assert strs(planner.plan(req).calls) == ["put(Apple_1, CounterTop_1, on)"]
    req = request(COUNTERS, ("ON(Apple, CounterTop)",), held="Apple_1")
    req.notes["at"] = "CounterTop_1"
    req.known_bad = known_bad_calls(["do not put(Apple_1, CounterTop_1, on): failed 2x in "
                                     "this state (PRECONDITION_FAILED) [bad:1]"])
    assert strs(planner.plan(req).calls) == ["navigate(CounterTop_2)",
                                             "put(Apple_1, CounterTop_2, on)"]


def test_a_known_bad_pick_from_a_shut_container_opens_it_first() -> None:
    units = [UnitView("Drawer_1", "Drawer", (1.0, 0.5, 1.0), "none", "kitchen", score=0.9),
             UnitView("Apple_1", "Apple", (1.0, 0.5, 1.0), "none", "kitchen", "Drawer_1",
                      "in", score=0.9),
             UnitView("CounterTop_1", "CounterTop", (2.0, 0.9, 1.0), "none", "kitchen")]
    req = request(units, ("HOLDING(Apple)",))
    req.notes["at"] = "Apple_1"
    assert strs(OfflinePlanner().plan(req).calls) == ["pick(Apple_1)"]
    req = request(units, ("HOLDING(Apple)",))
    req.notes["at"] = "Apple_1"
    req.known_bad = frozenset({SkillCall("pick", ("Apple_1",))})
    assert strs(OfflinePlanner().plan(req).calls) == ["open(Drawer_1)", "pick(Apple_1)"]


def test_an_object_passed_over_is_used_again_once_an_open_ended_its_listing() -> None:
    """Tune tidy (stream seed 1003), round 15: the apple's pick is known bad (refused as
    shut in, memory not knowing in what), so the apple is passed over and looked for
    elsewhere. A listing that merely lapsed (no open since) keeps it passed over; once
    the search opened a drawer and the pick is no longer listed, the apple is the one to
    pick again (it was passed over for the rest of the task, and three tasks were lost
    after every other cabinet was opened)."""
    units = [UnitView("Apple_1", "Apple", (1.0, 0.5, 1.0), "none", "kitchen", score=0.9),
             UnitView("Drawer_1", "Drawer", (1.0, 0.5, 1.0), "closed", "kitchen")]
    planner = OfflinePlanner()
    req = request(units, ("HOLDING(Apple)",))
    req.notes["at"] = "Apple_1"
    req.known_bad = frozenset({SkillCall("pick", ("Apple_1",))})
    assert strs(planner.plan(req).calls) == ["explore(kitchen, Apple)"]
    req.history.append(StepLine(SkillCall("explore", ("kitchen", "Apple")), False,
                                int(ErrorCode.NOT_FOUND), ""))
    req.known_bad = frozenset()
    assert strs(planner.plan(req).calls) == ["explore(living_room, Apple)"]
    req.notes["explored"].add(("living_room", "Apple"))
    req.history.append(StepLine(SkillCall("navigate", ("Drawer_1",)), True, ErrorCode.NONE, ""))
    req.history.append(StepLine(SkillCall("open", ("Drawer_1",)), True, ErrorCode.NONE, ""))
    req.vocab.add_units([replace(units[1], state="opened")])
    req.known_bad = frozenset({SkillCall("pick", ("Apple_1",))})
    # Still listed after the open: still passed over. The kitchen, where the search opened
    # the drawer after its explore, is looked over once more first (round 21).
    assert strs(planner.plan(req).calls) == ["explore(kitchen, Apple)"]
    req.history.append(StepLine(SkillCall("explore", ("kitchen", "Apple")), False,
                                int(ErrorCode.NOT_FOUND), ""))
    with pytest.raises(NotFound):
        planner.plan(req)
    req.known_bad = frozenset()
    assert strs(planner.plan(req).calls) == ["navigate(Apple_1)", "pick(Apple_1)"]


def test_an_object_passed_over_is_used_again_once_memory_saw_it_elsewhere() -> None:
    """Tune3 tidy (stream seed 1303, s0020): navigating to the potato is known bad (it
    failed in an earlier task, the potato moved unseen), so the potato is passed over and
    the kitchen explored. The explore sees it on the counter and memory moves the unit
    there: a new sighting, the listing was about the old place, and the potato is the one
    to fetch (it stayed passed over: "no Potato in memory", lost). Not while memory still
    has it where the listing was about."""
    units = [UnitView("Potato_1", "Potato", (0.7, 1.6, 0.8), "none", "kitchen",
                      receptacle_id="Bowl_1", relation="in")]
    planner = OfflinePlanner()
    req = request(units, ("HOLDING(Potato)",))
    req.known_bad = frozenset({SkillCall("navigate", ("Potato_1",))})
    assert strs(planner.plan(req).calls) == ["explore(kitchen, Potato)"]
    req.history.append(StepLine(SkillCall("explore", ("kitchen", "Potato")), True,
                                ErrorCode.NONE, ""))
    req.known_bad = frozenset()
    assert strs(planner.plan(req).calls) == ["explore(living_room, Potato)"]   # same place
    req.history.append(StepLine(SkillCall("explore", ("living_room", "Potato")), True,
                                ErrorCode.NONE, ""))
    req.vocab.add_units([replace(units[0], position=(-1.8, 1.2, 1.0), receptacle_id="")])
    assert strs(planner.plan(req).calls) == ["navigate(Potato_1)", "pick(Potato_1)"]


def test_a_recalled_procedure_leaves_the_loops_acted_list_shared() -> None:
    """Tune2 tidy (stream seed 1200, s0004), round 15: with a procedure recalled, the
    dry plan that decides whether to follow it restored the notes as copies, so the
    loop's acted-on list (extended in place after each step) no longer reached the
    planner: the cup heated in hand was judged on the other cup memory saw more often,
    and the heat was repeated to the step limit. Without a procedure it was not."""
    cups = [UnitView("Cup_1", "Cup", (1.0, 0.5, 1.0), "none", "kitchen", observations=2),
            UnitView("Cup_2", "Cup", (4.0, 0.5, 1.0), "none", "kitchen", observations=9),
            UnitView("Microwave_1", "Microwave", (2.0, 0.5, 1.0), "closed", "kitchen"),
            UnitView("CounterTop_1", "CounterTop", (2.0, 0.9, 1.0), "none", "kitchen")]
    proc = ("procedure that worked 2/2 times for this task: navigate(Cup) ; pick(Cup) ; "
            "navigate(Microwave) ; heat(Cup) ; navigate(CounterTop) ; "
            "put(Cup, CounterTop, on) [proc:3]")
    goals = ("STATE(Cup, heated)", "ON(Cup, CounterTop)")
    for procedure in ("", proc):
        planner = OfflinePlanner()
        acted: list[str] = []
        req = request(cups, goals, procedure, held="Cup_1")
        req.notes["acted"] = acted               # as the loop hands it in
        req.notes["at"] = "Microwave_1"
        assert "heat(Cup_1)" in strs(planner.plan(req).calls)
        req.history.append(StepLine(SkillCall("heat", ("Cup_1",)), True, ErrorCode.NONE, ""))
        acted += ["Cup_1"]                        # the loop, after the heat
        req.vocab.add_units([replace(cups[0], state="heated")])
        assert strs(planner.plan(req).calls) == ["navigate(CounterTop_1)",
                                                 "put(Cup_1, CounterTop_1, on)"], procedure


def test_an_object_not_found_is_a_candidate_again_once_seen_elsewhere() -> None:
    """Tune tidy (stream seed 1003, s0017), round 15: the apple was not found where memory
    had it; the search then opened a drawer and memory saw it in there (same unit). It
    stayed excluded as not found until an explore succeeded, and the task was lost. A
    unit still where it failed (or gone) stays excluded."""
    apple = UnitView("Apple_1", "Apple", (1.0, 0.9, 1.0), "none", "kitchen", score=0.9)
    units = [apple, UnitView("Drawer_1", "Drawer", (3.0, 0.5, 1.0), "closed", "kitchen")]
    planner = OfflinePlanner()
    req = request(units, ("HOLDING(Apple)",))
    req.history.append(StepLine(SkillCall("navigate", ("Apple_1",)), False,
                                int(ErrorCode.NOT_FOUND), "no Apple within 0.75 m"))
    req.vocab.add_units([replace(apple, position=(1.1, 0.9, 1.0))])   # re-read nearby
    assert strs(planner.plan(req).calls) == ["explore(kitchen, Apple)"]
    req.history.append(StepLine(SkillCall("open", ("Drawer_1",)), True, ErrorCode.NONE, ""))
    req.vocab.add_units([replace(units[1], state="opened"),
                         replace(apple, position=(3.0, 0.5, 0.9), receptacle_id="Drawer_1",
                                 relation="in")])
    assert strs(planner.plan(req).calls) == ["navigate(Apple_1)", "pick(Apple_1)"]


def test_an_object_not_found_is_a_candidate_again_once_memory_sees_it_back_in_place() -> None:
    """Tune tidy (stream seed 1001, s0015): the wine bottle was refused as not found in its
    usual cabinet (shut), memory marked it absent; the search opened that cabinet and the
    camera saw it there, in the same spot. Back from absent is a new sighting: the bottle
    is fetched (it stayed excluded and the task ended "no WineBottle in memory")."""
    bottle = UnitView("Bottle_1", "WineBottle", (1.0, 0.9, 0.6), "none", "kitchen",
                      receptacle_id="Cabinet_1", relation="in")
    cabinet = UnitView("Cabinet_1", "Cabinet", (1.0, 0.9, 0.6), "closed", "kitchen")
    planner = OfflinePlanner()
    req = request([bottle, cabinet], ("HOLDING(WineBottle)",))
    req.notes["explored"] = {("kitchen", "WineBottle"), ("living_room", "WineBottle")}
    req.history.append(StepLine(SkillCall("pick", ("Bottle_1",)), False,
                                int(ErrorCode.NOT_FOUND), "where it is is unknown"))
    req.vocab.add_units([replace(bottle, state="absent")])
    assert strs(planner.plan(req).calls) == ["navigate(Cabinet_1)", "open(Cabinet_1)"]
    req.history.append(StepLine(SkillCall("open", ("Cabinet_1",)), True, ErrorCode.NONE, ""))
    req.vocab.add_units([replace(cabinet, state="opened"),
                         replace(bottle, position=(1.05, 0.9, 0.6))])   # seen there again
    assert strs(planner.plan(req).calls) == ["navigate(Bottle_1)", "pick(Bottle_1)"]


def test_an_object_not_found_seen_back_in_the_same_spot_stays_passed_over_until_an_open_there(
) -> None:
    """Round 60 (tune tidy, stream seed 3177, s0027, experience arm): a ghost wine bottle
    on a counter was refused NOT_FOUND and marked absent; the search opened a cabinet 3 m
    away, the camera saw the ghost back at its spot, and the plan went to it again: three
    refusals in one state. Back from absent at the same spot is a new sighting only when
    an open since could have hidden it there (the 1001 s0015 case above); else the search
    goes on (the real bottle was in the next cabinet)."""
    ghost = UnitView("Bottle_1", "WineBottle", (1.0, 0.9, 0.9), "none", "kitchen")
    far = UnitView("Cabinet_1", "Cabinet", (4.0, 0.5, 0.6), "closed", "kitchen")
    other = UnitView("Cabinet_2", "Cabinet", (4.5, 0.5, 0.6), "closed", "kitchen")
    planner = OfflinePlanner()
    req = request([ghost, far, other], ("HOLDING(WineBottle)",))
    req.notes["explored"] = {("kitchen", "WineBottle"), ("living_room", "WineBottle")}
    req.history.append(StepLine(SkillCall("navigate", ("Bottle_1",)), False,
                                int(ErrorCode.NOT_FOUND), "no WineBottle within 0.75 m"))
    req.vocab.add_units([replace(ghost, state="absent")])
    first = strs(planner.plan(req).calls)
    assert first[:2] == ["navigate(Cabinet_1)", "open(Cabinet_1)"]
    req.history.append(StepLine(SkillCall("navigate", ("Cabinet_1",)), True, ErrorCode.NONE, ""))
    req.history.append(StepLine(SkillCall("open", ("Cabinet_1",)), True, ErrorCode.NONE, ""))
    req.vocab.add_units([replace(far, state="opened"),
                         replace(ghost, position=(1.05, 0.9, 0.9))])   # the ghost again
    again = strs(planner.plan(req).calls)
    assert "navigate(Bottle_1)" not in again
    assert again[:2] == ["navigate(Cabinet_2)", "open(Cabinet_2)"]
    # An open near its spot may have shown it: then it is taken again.
    near = UnitView("Drawer_1", "Drawer", (1.3, 0.9, 0.5), "closed", "kitchen")
    req.vocab.add_units([near])
    req.history.append(StepLine(SkillCall("open", ("Drawer_1",)), True, ErrorCode.NONE, ""))
    req.vocab.add_units([replace(near, state="opened")])
    assert strs(planner.plan(req).calls) == ["navigate(Bottle_1)", "pick(Bottle_1)"]


def test_a_listed_ghost_seen_again_at_its_spot_with_no_receptacle_stays_passed_over() -> None:
    """Round 73 (tune3 tidy, stream seed 3541, s0018, experience arm): memory had the
    potato in the fridge, where the robot put it; the tidy took it out. The navigate was
    refused NOT_FOUND, the plan opened the microwave 1 m away, and that open's frame saw
    the ghost again at the same spot with no receptacle: read as a move (the receptacle's
    name lost) and as an open that could have hidden it, the block and experience's
    listing were lifted and the navigate refused again in the same state. Where
    experience lists the refusal, neither reading holds; without a listing (the arm with
    no experience) the sighting still lifts the block, as before."""
    spot = (1.0, 1.92, 0.9)
    ghost = UnitView("Potato_1", "Potato", spot, "none", "kitchen",
                     receptacle_id="Fridge_1", relation="in")
    fridge = UnitView("Fridge_1", "Fridge", (1.0, 2.1, 0.9), "closed", "kitchen")
    oven = UnitView("Microwave_1", "Microwave", (1.5, 1.0, 0.9), "closed", "kitchen")
    refused = SkillCall("navigate", ("Potato_1",))

    def after_the_microwaves_open(lines: list[str]) -> PlanRequest:
        req = request([ghost, fridge, oven], ("HOLDING(Potato)",))
        req.known_bad = known_bad_calls(lines)
        req.known_bad_codes = known_bad_codes(lines)
        req.history.append(StepLine(refused, False, int(ErrorCode.NOT_FOUND),
                                    "no Potato within 0.75 m"))
        req.vocab.add_units([replace(ghost, state="absent")])
        planner.plan(req)
        req.history.append(StepLine(SkillCall("navigate", ("Microwave_1",)), True,
                                    ErrorCode.NONE, ""))
        req.history.append(StepLine(SkillCall("open", ("Microwave_1",)), True,
                                    ErrorCode.NONE, ""))
        req.vocab.add_units([replace(oven, state="opened"),
                             replace(ghost, position=(1.01, 1.91, 0.9), receptacle_id="",
                                     relation="")])   # the ghost again, no receptacle
        return req

    planner = OfflinePlanner()
    listed = after_the_microwaves_open(["do not navigate(Potato_1): failed 1x in this state "
                                        "(NOT_FOUND) [bad:3]"])
    assert strs(planner.plan(listed).calls)[:1] == ["explore(kitchen, Potato)"]
    plain = after_the_microwaves_open([])
    assert strs(planner.plan(plain).calls)[:1] == [str(refused)]


def test_a_listed_ghost_in_nothing_is_not_lifted_by_an_open_beside_its_spot() -> None:
    """Round 112 (tune2 tidy 4018 s0024, on home112d): a mug memory had in nothing by a
    cabinet was refused NOT_FOUND, the cabinet 0.57 m away was opened, and memory had the
    mug back from absent at the very spot, still in nothing (the real mug was seen in the
    cabinet as another unit). Read as an open that could have hidden it, the listed walk
    was lifted and refused again in the same state. Where experience lists the refusal of a
    unit in nothing, an open beside the spot counts once memory has the unit in what was
    opened; without a listing the sighting still lifts the block, as before."""
    spot = (1.42, -1.23, 0.48)
    ghost = UnitView("Mug_1", "Mug", spot, "dirty", "kitchen")
    cabinet = UnitView("Cabinet_1", "Cabinet", (1.8, -0.8, 0.9), "closed", "kitchen")
    refused = SkillCall("navigate", ("Mug_1",))

    def after_the_open(lines: list[str], inside: bool = False) -> PlanRequest:
        req = request([ghost, cabinet], ("HOLDING(Mug)",))
        req.known_bad = known_bad_calls(lines)
        req.known_bad_codes = known_bad_codes(lines)
        req.history.append(StepLine(refused, False, int(ErrorCode.NOT_FOUND),
                                    "no Mug within 0.75 m"))
        req.vocab.add_units([replace(ghost, state="absent")])
        planner.plan(req)
        for call in (SkillCall("navigate", ("Cabinet_1",)), SkillCall("open", ("Cabinet_1",))):
            req.history.append(StepLine(call, True, ErrorCode.NONE, ""))
        back = replace(ghost, position=(1.79, -0.79, 0.9), receptacle_id="Cabinet_1",
                       relation="in") if inside else ghost
        req.vocab.add_units([replace(cabinet, state="opened"), back])
        return req

    planner = OfflinePlanner()
    line = ["do not navigate(Mug_1): failed 1x in this state (NOT_FOUND) [bad:3]"]
    assert str(refused) not in strs(planner.plan(after_the_open(line)).calls)
    assert strs(planner.plan(after_the_open([])).calls)[:1] == [str(refused)]
    # Memory has it in the cabinet just opened (the robot stands there): seen anew.
    assert strs(planner.plan(after_the_open(line, inside=True)).calls)[:1] == ["pick(Mug_1)"]


def test_a_listed_unit_back_from_absent_at_its_spot_after_an_explore_stays_passed_over(
) -> None:
    """Round 111 (fresh96c tidy s0024, experience arm): the pot memory had in a cabinet
    over the stove was refused NOT_FOUND there; the explore after it saw the pot on the
    stove (another unit moved there) and memory had the refused unit back from absent at
    the same spot, in the same cabinet, nothing opened: read as the explore's sighting,
    the walk was made again and refused again in one state. Where experience lists the
    refusal, that reading needs a move or an open near the spot, as after an open (round
    73); without a listing (the arm with no experience) the explore's sighting still
    counts, as before."""
    ghost = UnitView("Pot_1", "Pot", (1.5, 2.06, 2.11), "dirty", "kitchen",
                     receptacle_id="Cabinet_1", relation="in", observations=6)
    cabinet = UnitView("Cabinet_1", "Cabinet", (1.5, 2.1, 2.1), "closed", "kitchen")
    other = UnitView("Pot_2", "Pot", (1.07, 0.63, 0.43), "dirty", "kitchen",
                     receptacle_id="Cabinet_2", relation="in", observations=2)
    refused = SkillCall("navigate", ("Pot_1",))

    def after_the_explore(lines: list[str], moved: bool = False,
                          call: SkillCall = refused, shut: str = "closed") -> PlanRequest:
        req = request([ghost, replace(cabinet, state=shut), replace(other, state="absent")],
                      ("HOLDING(Pot)",))
        req.history.append(StepLine(call, False, int(ErrorCode.NOT_FOUND),
                                    "no Pot within 0.75 m"))
        req.vocab.add_units([replace(ghost, state="absent")])
        assert strs(planner.plan(req).calls)[0].startswith("explore(")
        req.history.append(StepLine(SkillCall("explore", ("kitchen", "Pot")), True,
                                    ErrorCode.NONE, "saw a Pot in the kitchen"))
        req.known_bad = known_bad_calls(lines)
        req.known_bad_codes = known_bad_codes(lines)
        req.vocab.add_units([replace(ghost, position=(0.4, 2.06, 2.11)) if moved else ghost,
                             replace(other, position=(1.51, 1.67, 1.08), receptacle_id="",
                                     relation="")])
        return req

    planner = OfflinePlanner()
    line = ["do not navigate(Pot_1): failed 1x in this state (NOT_FOUND) [bad:3]"]
    assert strs(planner.plan(after_the_explore(line)).calls)[:2] == [
        "navigate(Pot_2)", "pick(Pot_2)"]
    assert strs(planner.plan(after_the_explore([])).calls)[:1] == [str(refused)]
    # Memory has it elsewhere now: seen anew, listed or not.
    assert strs(planner.plan(after_the_explore(line, moved=True)).calls)[:1] == [str(refused)]
    # A pick refused because memory had the unit absent ("where it is is unknown") was no
    # look at the spot: the explore's sighting counts, and the listed pick is not dodged
    # once the robot is back at the unit (fresh97b tidy, home111b: the butter knife in the
    # drawer just opened was passed over and four more drawers opened).
    pick = SkillCall("pick", ("Pot_1",))
    picked = after_the_explore(["do not pick(Pot_1): failed 1x in this state (NOT_FOUND) "
                                "[bad:3]"], call=pick, shut="opened")
    assert strs(planner.plan(picked).calls)[:2] == ["navigate(Pot_1)", str(pick)]
    picked.history.append(StepLine(SkillCall("navigate", ("Pot_1",)), True, ErrorCode.NONE,
                                   "at Pot_1"))
    assert strs(planner.plan(picked).calls)[:1] == [str(pick)]


def _apple_ghost_after_the_other_apples_refusal(
        planner: OfflinePlanner, lines: list[str],
        seen_at: tuple[float, float, float] = (0.67, -2.56, 0.98)) -> PlanRequest:
    """Tune tidy, stream seed 3617, s0025 (round 75, experience arm): memory had an apple
    in the bowl, where the robot put it; the tidy took it out. The instruction's recall
    listed (`lines`) its navigate as refused NOT_FOUND there, so the plan fetched another
    apple; that one's navigate was refused too, the step recall after it no longer held
    the ghost's line, and a frame brought the ghost back "in" the bowl (at `seen_at`)."""
    ghost = UnitView("Apple_1", "Apple", (0.68, -2.57, 0.97), "none", "kitchen",
                     receptacle_id="Bowl_1", relation="in")
    other = UnitView("Apple_2", "Apple", (-0.24, -2.5, 1.6), "none", "kitchen")
    bowl = UnitView("Bowl_1", "Bowl", (0.7, -2.6, 0.95), "none", "kitchen")
    refused = SkillCall("navigate", ("Apple_2",))
    req = request([replace(ghost, state="absent"), other, bowl], ("INSIDE(Apple, Bowl)",))
    req.known_bad = known_bad_calls(lines)
    req.known_bad_codes = known_bad_codes(lines)
    assert strs(planner.plan(req).calls)[:1] == [str(refused)]
    req.history.append(StepLine(refused, False, int(ErrorCode.NOT_FOUND),
                                "no Apple within 0.75 m"))
    req.known_bad, req.known_bad_codes = frozenset(), {}   # the line left out
    req.vocab.add_units([replace(other, state="absent"), replace(ghost, position=seen_at)])
    return req


GHOST_APPLE_LISTED = ["do not navigate(Apple_1): failed 1x in this state (NOT_FOUND) [bad:3]"]


def test_a_look_at_a_ghost_experience_listed_as_not_found_this_instruction_is_not_made() -> None:
    """"Put the apple in the bowl" read as met on the ghost brought back, and the look at
    it (a navigate, past both known-bad dodges: the planner's is not reached on a met
    goal, the loop's is skipped for a fresh plan's first call) was refused again in the
    same state. The instruction's listing answers that look: the ghost is not there, so
    the goal is planned for (an explore, every other apple refused). Without a listing
    (the arm with no experience) the look is made."""
    planner = OfflinePlanner()
    listed = _apple_ghost_after_the_other_apples_refusal(planner, GHOST_APPLE_LISTED)
    assert strs(planner.plan(listed).calls)[:1] == ["explore(kitchen, Apple)"]
    plain = _apple_ghost_after_the_other_apples_refusal(planner, [])
    assert strs(planner.plan(plain).calls) == ["navigate(Apple_1)"]


def test_a_listed_ghost_memory_has_elsewhere_now_is_looked_at() -> None:
    """The listing answers a look only while memory has the object where it had it when
    listed: one memory has over MOVED_RADIUS away since was seen anew (the explore's real
    apple fused into it), and the goal judged on it is looked at as without a listing."""
    planner = OfflinePlanner()
    moved = _apple_ghost_after_the_other_apples_refusal(planner, GHOST_APPLE_LISTED,
                                                        seen_at=(0.68, -1.8, 0.97))
    assert strs(planner.plan(moved).calls) == ["navigate(Apple_1)"]


def test_a_listed_object_an_explore_shows_again_counts_again() -> None:
    """The listing is an earlier task's: a house that puts things back may have put the
    object back where it was listed as not found (round 76, v1: tune2 tidy 3152 s0022's
    bread in the microwave, tune3 tidy 3159 s0015's egg, held absent after the explore's
    or open's sighting of them: "no X in memory", three tasks lost). The answer is a look
    that saw nothing (`_unseen`): it holds until memory sees the object again; a sighting
    shows the goal met, and the plan is done. An explore that did not see it searches on."""
    planner = OfflinePlanner()
    for seen_again, then in ((0, ["explore(living_room, Apple)"]), (1, [])):
        req = _apple_ghost_after_the_other_apples_refusal(planner, GHOST_APPLE_LISTED)
        assert strs(planner.plan(req).calls) == ["explore(kitchen, Apple)"]
        req.history.append(StepLine(SkillCall("explore", ("kitchen", "Apple")), True, 0,
                                    "saw a Apple in the kitchen"))
        apple = req.vocab.objects["Apple_1"]
        req.vocab.add_units([replace(apple, observations=apple.observations + seen_again)])
        assert strs(planner.plan(req).calls) == then


def test_a_look_the_listing_answers_at_an_object_passed_over_already_plans_on() -> None:
    """The answer passes the object over as a listed call is (`_dodge`); one passed over
    already (an earlier subtask's answer, a dodge of its pick) has nothing left to dodge,
    and the plan goes on without it (round 76, v3: "navigate(object_24) is known to fail
    here and nothing else can replace it", four tasks lost)."""
    planner = OfflinePlanner()
    req = _apple_ghost_after_the_other_apples_refusal(planner, GHOST_APPLE_LISTED)
    req.notes.setdefault("avoid", set()).add("Apple_1")
    assert strs(planner.plan(req).calls) == ["explore(kitchen, Apple)"]


def test_a_ghost_state_the_listing_answers_is_made_again_before_the_put() -> None:
    """Round 75 (tune2 tidy, stream seed 3152, s0022, a look answered as unseen only):
    "heat the bread and put it in the garbage can", memory's bread heated and in the can
    listed as not found there. The answer holds for the state goal too: the plan heats
    a bread before it puts it in, not after (the put first cost three calls)."""
    ghost = UnitView("Bread_1", "Bread", (0.2, -0.5, 0.9), "heated", "kitchen",
                     receptacle_id="GarbageCan_1", relation="in")
    can = UnitView("GarbageCan_1", "GarbageCan", (0.2, -0.5, 0.5), "none", "kitchen")
    bread = UnitView("Bread_2", "Bread", (2.0, 0.9, 1.0), "none", "kitchen")
    microwave = UnitView("Microwave_1", "Microwave", (1.5, 0.9, 1.2), "opened", "kitchen")
    goals = ("STATE(Bread, heated)", "INSIDE(Bread, GarbageCan)")
    planner = OfflinePlanner()
    lines = ["do not navigate(Bread_1): failed 1x in this state (NOT_FOUND) [bad:3]"]
    listed = request([ghost, can, bread, microwave], goals)
    listed.known_bad, listed.known_bad_codes = known_bad_calls(lines), known_bad_codes(lines)
    assert strs(planner.plan(listed).calls) == ["navigate(Bread_2)", "pick(Bread_2)",
                                                "navigate(Microwave_1)", "heat(Bread_2)"]
    plain = request([ghost, can, bread, microwave], goals)
    assert strs(planner.plan(plain).calls) == ["navigate(Bread_1)"]   # the look


def test_an_open_refused_from_the_objects_spot_is_made_from_the_receptacles_own() -> None:
    """Tune2 tidy (stream seed 1201, s0009/s0011): memory has the salt shaker in a drawer
    and the drawer where the shaker is; the real drawer is 1.3 m away, and the open made
    from the shaker's spot was refused "navigate to it first", again and again (eight
    times without experience). With experience the open was then listed known bad in the
    kitchen and the task given up: "nothing else can replace it". After such a refusal
    the plan goes to the drawer itself, and a listing from the area-wide state does not
    stop the open made there."""
    units = [UnitView("Shaker_1", "SaltShaker", (1.5, 1.2, 0.8), "none", "kitchen",
                      receptacle_id="Drawer_1", relation="in"),
             UnitView("Drawer_1", "Drawer", (1.5, 1.2, 0.8), "closed", "kitchen")]
    planner = OfflinePlanner()
    req = request(units, ("HOLDING(SaltShaker)",))
    assert strs(planner.plan(req).calls) == ["navigate(Shaker_1)", "open(Drawer_1)",
                                             "pick(Shaker_1)"]
    req.history.append(StepLine(SkillCall("navigate", ("Shaker_1",)), True, ErrorCode.NONE, ""))
    req.history.append(StepLine(SkillCall("open", ("Drawer_1",)), False,
                                int(ErrorCode.PRECONDITION_FAILED), "1.32 m away"))
    req.known_bad = frozenset({SkillCall("open", ("Drawer_1",))})
    assert strs(planner.plan(req).calls) == ["navigate(Drawer_1)", "open(Drawer_1)",
                                             "navigate(Shaker_1)", "pick(Shaker_1)"]
    req.history.append(StepLine(SkillCall("navigate", ("Drawer_1",)), True, ErrorCode.NONE, ""))
    assert strs(planner.plan(req).calls) == ["open(Drawer_1)", "navigate(Shaker_1)",
                                             "pick(Shaker_1)"]


def test_a_listed_navigate_is_planned_once_memory_saw_the_object_again_in_the_same_spot() -> None:
    """Tune tidy (stream seed 1003, s0019): navigate(cup) is listed known bad (not found
    there in an earlier task) and stays listed, memory's belief of its place unchanged;
    the cup is passed over and the search opens its usual cabinet, where the camera sees
    it again in the same spot (its observation count rises). That sighting contradicts
    the listing: the cup is fetched (it stayed passed over, "no Cup in memory")."""
    cup = UnitView("Cup_1", "Cup", (0.5, -2.5, 2.0), "none", "kitchen", observations=4)
    cabinet = UnitView("Cabinet_1", "Cabinet", (0.5, -2.5, 2.0), "closed", "kitchen")
    planner = OfflinePlanner()
    req = request([cup, cabinet], ("HOLDING(Cup)",))
    req.notes["explored"] = {("kitchen", "Cup"), ("living_room", "Cup")}
    req.known_bad = frozenset({SkillCall("navigate", ("Cup_1",))})
    assert strs(planner.plan(req).calls) == ["navigate(Cabinet_1)", "open(Cabinet_1)"]
    req.history.append(StepLine(SkillCall("navigate", ("Cabinet_1",)), True, ErrorCode.NONE, ""))
    req.history.append(StepLine(SkillCall("open", ("Cabinet_1",)), True, ErrorCode.NONE, ""))
    req.vocab.add_units([replace(cabinet, state="opened")])
    with pytest.raises(NotFound):        # not seen again: still passed over
        planner.plan(req)
    req.vocab.add_units([replace(cup, observations=6)])
    assert strs(planner.plan(req).calls) == ["navigate(Cup_1)", "pick(Cup_1)"]


def test_a_pick_listed_not_found_by_this_task_is_planned_once_an_explore_saw_it() -> None:
    """Tune (not tidy, stream seed 2905, s0018), round 29: the mug's pick was refused
    NOT_FOUND in its cabinet, memory marked it absent, and the trajectory graph listed the
    pick in this state at once. The explore then saw the mug elsewhere (memory has it
    back); the plan walked to it and then dodged the listed pick with looks into four
    cabinets (+5 steps the arm without experience, with no listing, did not pay). That
    sighting came after the refusal the listing records: the pick is planned."""
    mug = UnitView("Mug_1", "Mug", (0.7, -2.3, 0.3), "none", "kitchen",
                   receptacle_id="Cabinet_1", relation="in", observations=7)
    cabinet = UnitView("Cabinet_1", "Cabinet", (0.7, -2.3, 0.3), "closed", "kitchen")
    planner = OfflinePlanner()
    req = request([mug, cabinet], ("HOLDING(Mug)",))
    for done in (SkillCall("navigate", ("Mug_1",)), SkillCall("open", ("Cabinet_1",))):
        req.history.append(StepLine(done, True, ErrorCode.NONE, ""))
    pick = SkillCall("pick", ("Mug_1",))
    req.history.append(StepLine(pick, False, int(ErrorCode.NOT_FOUND),
                                "where it is is unknown (explore first)"))
    req.vocab.add_units([replace(mug, state="absent"), replace(cabinet, state="opened")])
    req.known_bad = frozenset({pick})
    req.known_bad_codes = {pick: ErrorCode.NOT_FOUND.name}
    assert strs(planner.plan(req).calls) == ["explore(living_room, Mug)"]
    req.history.append(StepLine(SkillCall("explore", ("living_room", "Mug")), True,
                                ErrorCode.NONE, "saw a Mug"))
    req.vocab.add_units([replace(mug, position=(2.0, -1.0, 0.9), receptacle_id="",
                                 relation="", observations=8)])
    assert strs(planner.plan(req).calls) == ["navigate(Mug_1)", "pick(Mug_1)"]
    req.history.append(StepLine(SkillCall("navigate", ("Mug_1",)), True, ErrorCode.NONE, ""))
    assert strs(planner.plan(req).calls) == ["pick(Mug_1)"]


def test_when_every_candidate_is_known_bad_the_planner_says_so() -> None:
    req = request(COUNTERS[:2], ("ON(Apple, CounterTop)",), held="Apple_1")
    req.notes["at"] = "CounterTop_1"
    req.notes["explored"] = {("kitchen", "CounterTop"), ("living_room", "CounterTop")}
    req.known_bad = frozenset({SkillCall("put", ("Apple_1", "CounterTop_1", "on"))})
    with pytest.raises(NotFound):
        OfflinePlanner().plan(req)


def test_a_known_bad_explore_moves_on_to_the_next_place() -> None:
    req = request(DRAWERS, ("ON(Apple, CounterTop)",))
    req.known_bad = frozenset({SkillCall("explore", ("kitchen", "Apple"))})
    assert strs(OfflinePlanner().plan(req).calls) == ["explore(living_room, Apple)"]


def test_binds_the_instance_the_procedure_last_used_over_the_best_scored() -> None:
    """Two drawers: the procedure's last success used Drawer_2, which memory still knows;
    the plan opens it although Drawer_1 scores higher. Without the hint (or once memory no
    longer knows Drawer_2) the best-scored drawer is taken."""
    units = [*DRAWERS,
             UnitView("Drawer_2", "Drawer", (3.0, 0.5, 1.0), "none", "kitchen", score=0.5)]
    used = PROCEDURE.replace(" [proc:4]", " (last used: CounterTop=CounterTop_1, "
                                          "Drawer=Drawer_2) [proc:4]")
    proc = parse_procedure(used)
    assert proc is not None and proc.instances == (("CounterTop", "CounterTop_1"),
                                                   ("Drawer", "Drawer_2"))
    plan = OfflinePlanner().plan(request(units, ("ON(Apple, CounterTop)",), used))
    assert strs(plan.calls) == ["navigate(Drawer_2)", "open(Drawer_2)"]
    plan = OfflinePlanner().plan(request(units, ("ON(Apple, CounterTop)",), PROCEDURE))
    assert strs(plan.calls) == ["navigate(Drawer_1)", "open(Drawer_1)"]
    plan = OfflinePlanner().plan(request(DRAWERS, ("ON(Apple, CounterTop)",), used))
    assert strs(plan.calls) == ["navigate(Drawer_1)", "open(Drawer_1)"]
    for broken in (" (last used: Drawer=Drawer 2)", " (last used: Drawer)",
                   " (last used: Drawer=Drawer_2; rm)"):
        assert parse_procedure(PROCEDURE.replace(" [proc:4]", broken + " [proc:4]")) is None


def test_a_recipes_instance_does_not_choose_the_drawer_a_goal_puts_into() -> None:
    """"Put the sponge away in the drawer": memory knows where the sponge is and has a
    drawer open beside it; the recipe's last success (the butter knife's, found in and
    put back into a drawer across the kitchen) used Drawer_far, shut now. Memory knows
    where everything is, so the goal planner plans, and any drawer meets the goal: the
    open one memory ranks first, as without experience. The recipe's instance is for
    the recipe's own steps (tune not tidy, stream seed 0, s0009: a navigate across the
    kitchen and an open more than the off arm)."""
    units = [UnitView("DishSponge_1", "DishSponge", (1.0, -2.4, 0.9), "none", "kitchen",
                      score=0.9),
             UnitView("Drawer_near", "Drawer", (1.0, -2.2, 0.6), "opened", "kitchen",
                      score=0.8),
             UnitView("Drawer_far", "Drawer", (-1.6, -0.2, 0.6), "closed", "kitchen",
                      score=0.5)]
    recipe = ("procedure that worked 3/3 times for this task: navigate(Drawer) ; "
              "open(Drawer) ; navigate(DishSponge) ; pick(DishSponge) ; navigate(Drawer) ; "
              "put(DishSponge, Drawer, in) (last used: Drawer=Drawer_far) [proc:7]")
    req = request(units, ("INSIDE(DishSponge, Drawer)",), recipe)
    req.max_plan_steps = 10
    assert strs(OfflinePlanner().plan(req).calls) == [
        "navigate(DishSponge_1)", "pick(DishSponge_1)", "navigate(Drawer_near)",
        "put(DishSponge_1, Drawer_near, in)"]
    # Followed (memory falls short: the sponge unknown), the recipe opens its drawer.
    req = request(units[1:], ("INSIDE(DishSponge, Drawer)",), recipe)
    assert strs(OfflinePlanner().plan(req).calls)[:2] == ["navigate(Drawer_far)",
                                                          "open(Drawer_far)"]


PUT_AWAY = ("procedure that worked 2/2 times for this task: navigate(Potato) ; pick(Potato) ; "
            "navigate(Fridge) ; put(Potato, Fridge, in) ; close(Fridge) [proc:9]")
KITCHEN = [UnitView("Potato_1", "Potato", (1.0, 0.9, 1.0), "none", "kitchen", score=0.9),
           UnitView("Fridge_1", "Fridge", (3.0, 0.5, 1.0), "closed", "kitchen", score=0.9)]


def test_a_recipe_recorded_with_the_fridge_open_opens_it_when_memory_says_closed() -> None:
    req = request(KITCHEN, ("INSIDE(Potato, Fridge)",), PUT_AWAY)
    req.max_plan_steps = 10
    # The put needs the fridge open; memory says it is closed: opened first. The goal is
    # met after the put: the recipe's close (the next subtask's goal) is not replayed.
    # (The recipe itself, as followed when memory falls short; plan() would not follow it
    # here, memory knowing where both are.)
    assert strs(OfflinePlanner()._follow(req)) == [
        "navigate(Potato_1)", "pick(Potato_1)", "navigate(Fridge_1)", "open(Fridge_1)",
        "put(Potato_1, Fridge_1, in)"]


def test_a_subtask_skips_the_recipe_steps_of_another_subtasks_object() -> None:
    # "close the fridge" after the potato went in: the instruction's procedure is recalled
    # for this subtask too; fetching the potato again is not its business.
    units = [UnitView("Potato_1", "Potato", (3.0, 0.5, 1.0), "none", "kitchen", "Fridge_1",
                      "in", score=0.9),
             UnitView("Fridge_1", "Fridge", (3.0, 0.5, 1.0), "opened", "kitchen", score=0.9)]
    req = request(units, ("CLOSED(Fridge)",), PUT_AWAY)
    assert strs(OfflinePlanner()._follow(req)) == ["navigate(Fridge_1)", "close(Fridge_1)"]


def test_a_recipe_step_on_an_object_not_in_hand_is_not_followed() -> None:
    # Learnt before the leftover rule: it puts down what an earlier task left in the hand.
    leftover = ("procedure that worked 2/2 times for this task: navigate(CounterTop) ; "
                "put(Bread, CounterTop) ; navigate(Potato) ; pick(Potato) [proc:2]")
    units = [*KITCHEN, UnitView("Bread_1", "Bread", (2.0, 0.9, 1.0), "none", "kitchen"),
             UnitView("CounterTop_1", "CounterTop", (2.0, 0.9, 1.0), "none", "kitchen")]
    req = request(units, ("HOLDING(Potato)",), leftover)
    req.notes["at"] = "CounterTop_1"
    assert strs(OfflinePlanner()._follow(req)) == []   # not followed from the put on
    calls = strs(OfflinePlanner().plan(req).calls)
    assert calls == ["navigate(Potato_1)", "pick(Potato_1)"]


USUAL_DRAWER = "Apple is usually in Drawer_2 (Drawer), 2x [fact:5]"
HOUSE = [UnitView("Drawer_1", "Drawer", (1.0, 0.5, 1.0), "closed", "kitchen"),
         UnitView("Drawer_2", "Drawer", (4.0, 0.5, 1.0), "closed", "kitchen"),
         UnitView("CounterTop_1", "CounterTop", (2.0, 0.9, 1.0), "none", "kitchen"),
         UnitView("SideTable_1", "SideTable", (5.5, 0.5, 5.0), "none", "living_room")]


def test_usual_place_lines_are_parsed_and_malformed_ones_refused() -> None:
    assert usual_places([USUAL_DRAWER, "Bread is usually on SideTable_1 (SideTable)",
                         "Knife_1 (Knife) is in Drawer_2 [fact:2]",
                         "Apple is usually in Fridge_1 (Fridge) [fact:9]",   # second: ignored
                         "Egg is usually in the fridge", "x" * 5000]) == {
        "apple": "Drawer_2", "bread": "SideTable_1"}


def test_an_unknown_object_is_looked_for_in_its_usual_place_first() -> None:
    """Memory has no apple: without experience the planner explores the rooms in order
    and opens the nearest closed drawer last; with the usual place it opens that one."""
    goals = ("ON(Apple, CounterTop)",)
    assert strs(OfflinePlanner().plan(request(HOUSE, goals)).calls) == [
        "explore(kitchen, Apple)"]
    req = request(HOUSE, goals)
    req.facts = (USUAL_DRAWER,)
    assert strs(OfflinePlanner().plan(req).calls) == ["navigate(Drawer_2)", "open(Drawer_2)"]


LOOKED_IN = "apple was looked for in Drawer_1, Cabinet_3 in earlier tasks and not found there"


def test_looked_in_lines_are_parsed_and_malformed_ones_refused() -> None:
    assert looked_in([LOOKED_IN, "Knife was looked for in Drawer_2 in earlier tasks and not "
                      "found there", "Apple was looked for in Drawer_4 in earlier tasks and not "
                      "found there", "Egg was looked for in the fridge in earlier tasks and not "
                      "found there", "Egg was looked for in Drawer_1, in earlier tasks and not "
                      "found there", "x" * 5000]) == {
        "apple": frozenset({"Drawer_1", "Cabinet_3", "Drawer_4"}),
        "knife": frozenset({"Drawer_2"})}


def test_a_search_opens_where_earlier_tasks_looked_in_vain_last() -> None:
    """Round 94, fresh90c tidy: the second search for a knife opened the fifteen drawers the
    first had opened in vain, nearest first, and ran out of steps again. The rooms explored,
    the nearest closed drawer is opened first; where experience says earlier tasks looked
    for the type and did not find it comes after every other candidate."""
    def ask(facts: tuple[str, ...]) -> list[str]:
        req = request(HOUSE, ("ON(Apple, CounterTop)",))
        req.robot_position = (1.2, 0.5, 0.0)
        req.notes["explored"] = {("kitchen", "Apple"), ("living_room", "Apple")}
        req.facts = facts
        return strs(OfflinePlanner().plan(req).calls)

    assert ask(()) == ["navigate(Drawer_1)", "open(Drawer_1)"]
    assert ask((LOOKED_IN,)) == ["navigate(Drawer_2)", "open(Drawer_2)"]
    # Every candidate looked in already: the nearest again.
    both = "apple was looked for in Drawer_2, Drawer_1 in earlier tasks and not found there"
    assert ask((both,)) == ["navigate(Drawer_1)", "open(Drawer_1)"]


def test_receptacles_earlier_tasks_opened_and_did_not_see_the_type_in_are_opened_last() -> None:
    """Round 106 (peek106): a receptacle an earlier task opened and moved on from, whatever
    it sought, showed the camera what it holds; experience names it for a type memory has
    not seen in it ("apple was not seen in Drawer_1, opened in earlier tasks"). It is read
    as the searched-in-vain line (`looked_in`) and opened after every other candidate."""
    peeked = "apple was not seen in Drawer_1, Cabinet_3, opened in earlier tasks"
    assert looked_in([peeked, LOOKED_IN.replace("Drawer_1", "Drawer_4"),
                      "Knife was not seen in Drawer_2, opened in earlier tasks",
                      "Egg was not seen in the fridge, opened in earlier tasks",
                      "Egg was not seen in Drawer_1 opened in earlier tasks"]) == {
        "apple": frozenset({"Drawer_1", "Cabinet_3", "Drawer_4"}),
        "knife": frozenset({"Drawer_2"})}
    req = request(HOUSE, ("ON(Apple, CounterTop)",))
    req.robot_position = (1.2, 0.5, 0.0)
    req.notes["explored"] = {("kitchen", "Apple"), ("living_room", "Apple")}
    req.facts = (peeked,)
    assert strs(OfflinePlanner().plan(req).calls) == ["navigate(Drawer_2)", "open(Drawer_2)"]


def test_an_open_usual_place_has_its_room_explored_first() -> None:
    req = request(HOUSE, ("ON(Apple, CounterTop)",))
    req.facts = ("Apple is usually on SideTable_1 (SideTable) [fact:3]",)
    req.place_rooms = {"kitchen": "kitchen", "living_room": "living_room"}
    assert strs(OfflinePlanner().plan(req).calls) == ["explore(living_room, Apple)"]


def test_a_usual_place_shut_in_a_closed_receptacle_has_that_receptacle_opened() -> None:
    """The mug's usual place is a plate (it does not open) that the scene graph has in a
    closed cabinet: an explore of the kitchen cannot see into the cabinet, so the cabinet
    is opened first (tune3 untidied, stream seed 3159, s0020, round 55: explore, "no Mug
    seen", then the cabinet; one call more than the arm without experience). Once it was
    opened the room is explored as before. A plate on the counter, or in a cabinet memory
    reads open, still has its room explored first; the chain is climbed past a holder that
    does not open (a plate on a tray in the cabinet)."""
    cabinet = UnitView("Cabinet_1", "Cabinet", (1.5, 0.5, 1.0), "closed", "kitchen")
    plate = UnitView("Plate_1", "Plate", (1.5, 0.5, 1.0), "none", "kitchen",
                     receptacle_id="Cabinet_1", relation="in")
    goals = ("INSIDE(Mug, SinkBasin)",)
    usual = ("Mug is usually on Plate_1 (Plate), 2x [fact:7]",)

    def ask(units: list[UnitView]) -> PlanRequest:
        req = request(units, goals)
        req.facts = usual
        req.place_rooms = {"kitchen": "kitchen", "living_room": "living_room"}
        return req

    def plan(units: list[UnitView]) -> list[str]:
        return strs(OfflinePlanner().plan(ask(units)).calls)

    req, planner = ask([*HOUSE, cabinet, plate]), OfflinePlanner()
    assert strs(planner.plan(req).calls) == ["navigate(Cabinet_1)", "open(Cabinet_1)"]
    for call in (SkillCall("navigate", ("Cabinet_1",)), SkillCall("open", ("Cabinet_1",))):
        req.history.append(StepLine(call, True, ErrorCode.NONE, ""))
    assert strs(planner.plan(req).calls) == ["explore(kitchen, Mug)"]
    tray = UnitView("Tray_1", "Tray", (1.5, 0.5, 1.0), "none", "kitchen",
                    receptacle_id="Cabinet_1", relation="in")
    on_tray = replace(plate, receptacle_id="Tray_1", relation="on")
    assert plan([*HOUSE, cabinet, tray, on_tray]) == ["navigate(Cabinet_1)",
                                                      "open(Cabinet_1)"]
    assert plan([*HOUSE, replace(cabinet, state="opened"), plate]) == [
        "explore(kitchen, Mug)"]
    on_counter = replace(plate, receptacle_id="CounterTop_1", relation="on")
    assert plan([*HOUSE, cabinet, on_counter]) == ["explore(kitchen, Mug)"]


def test_the_usual_place_is_searched_when_memorys_position_failed() -> None:
    """Memory's apple was not where memory put it (NOT_FOUND): the usual place comes
    before exploring, and once searched the planner goes on as before."""
    apple = UnitView("Apple_1", "Apple", (2.0, 0.9, 1.0), "none", "kitchen")
    planner = OfflinePlanner()
    req = request([*HOUSE, apple], ("ON(Apple, CounterTop)",))
    req.facts = (USUAL_DRAWER,)
    assert strs(planner.plan(req).calls)[:1] == ["navigate(Apple_1)"]
    req.history.append(StepLine(SkillCall("navigate", ("Apple_1",)), False,
                                ErrorCode.NOT_FOUND, "no Apple within 0.75 m"))
    assert strs(planner.plan(req).calls) == ["navigate(Drawer_2)", "open(Drawer_2)"]
    req.history.append(StepLine(SkillCall("navigate", ("Drawer_2",)), True, 0, ""))
    req.history.append(StepLine(SkillCall("open", ("Drawer_2",)), True, 0, ""))
    assert strs(planner.plan(req).calls) == ["explore(kitchen, Apple)"]


def test_a_known_bad_pick_is_tried_again_once_what_shut_it_in_was_opened() -> None:
    """The pick failed as shut in; memory had no receptacle for the sponge, so the plan
    opened the closed cabinet it stood in. The listing of the failed pick (same state)
    no longer describes the world: before, the sponge was passed over and the robot
    searched every drawer of the kitchen instead (tune tidy s0009)."""
    units = [UnitView("Sponge_1", "DishSponge", (-1.2, -2.2, 0.39), "none", "kitchen"),
             UnitView("Cabinet_1", "Cabinet", (-1.19, -2.2, 0.4), "closed", "kitchen")]
    req = request(units, ("HOLDING(DishSponge)",))
    req.history.append(StepLine(SkillCall("pick", ("Sponge_1",)), False,
                                int(ErrorCode.PRECONDITION_FAILED), ""))
    assert strs(OfflinePlanner().plan(req).calls)[:2] == ["navigate(Cabinet_1)",
                                                          "open(Cabinet_1)"]
    req.history.append(StepLine(SkillCall("navigate", ("Cabinet_1",)), True, 0, ""))
    req.history.append(StepLine(SkillCall("open", ("Cabinet_1",)), True, 0, ""))
    req.history.append(StepLine(SkillCall("navigate", ("Sponge_1",)), True, 0, ""))
    req.known_bad = frozenset({SkillCall("pick", ("Sponge_1",))})
    assert strs(OfflinePlanner().plan(req).calls) == ["pick(Sponge_1)"]


def test_a_search_opens_the_nearest_whatever_other_types_are_kept_in() -> None:
    """Every room explored, no apple: the closed drawers are opened one by one, nearest
    (here: first by id) first. A usual place of another type (the knives' drawer) does
    not reorder them: round 19 opened it first ("things are kept together"), the world
    keeps nothing by kind, and the order bought no step on the tuning streams (round
    21 and 22, bench/README_experience.md)."""
    goals = ("ON(Apple, CounterTop)",)
    explored = {("kitchen", "Apple"), ("living_room", "Apple")}
    req = request(HOUSE, goals)
    req.notes["explored"] = set(explored)
    assert strs(OfflinePlanner().plan(req).calls) == ["navigate(Drawer_1)", "open(Drawer_1)"]
    req = request(HOUSE, goals)
    req.notes["explored"] = set(explored)
    req.facts = ("Knife is usually in Drawer_2 (Drawer), 3x [fact:8]",)
    assert strs(OfflinePlanner().plan(req).calls) == ["navigate(Drawer_1)", "open(Drawer_1)"]


def test_an_object_with_a_usual_place_is_looked_for_there_not_where_the_recipe_found_it() -> None:
    """The apple is unknown to memory; experience says apples are usually in Drawer_2 and
    recalls a procedure that found one in a drawer (its "Drawer" binds to Drawer_1, the
    best-scored one). The usual place, counted over every find, is opened; the recipe is
    not followed for it (round 21: on the tidy tuning streams the experience arm took
    fewer steps with no procedure offered at all than with recipes taking over such
    searches)."""
    req = request(HOUSE, ("ON(Apple, CounterTop)",), PROCEDURE)
    req.facts = ("Apple is usually in Drawer_2 (Drawer), 3x [fact:8]",)
    assert strs(OfflinePlanner().plan(req).calls) == ["navigate(Drawer_2)", "open(Drawer_2)"]
    # Without a usual place the recipe still leads the search.
    req = request(HOUSE, ("ON(Apple, CounterTop)",), PROCEDURE)
    assert strs(OfflinePlanner().plan(req).calls) == ["navigate(Drawer_1)", "open(Drawer_1)"]


def test_a_usual_place_read_open_is_opened_when_no_look_at_its_room_ran() -> None:
    """The apple's usual drawer is read open (from an earlier task: it may have been shut
    since, unseen) and the kitchen counts as explored for apples, but its explore was
    passed over as known bad, so nothing re-read the drawer: it is opened like a shut one.
    An explore of the kitchen that ran and saw no apple does not make the reading stand
    (round 21, tune tidy stream seed 0 s0018: memory still read the cup's usual cabinet
    open after such an explore; the tidy had shut it with the cup inside, the search
    opened every other receptacle and the planner gave up): had the drawer been open with
    the apple in it, the explore would have seen it. Once the drawer was opened in this
    task, the next closed one is searched."""
    units = [replace(u, state="opened") if u.object_id == "Drawer_2" else u for u in HOUSE]
    goals = ("ON(Apple, CounterTop)",)
    explored = {("kitchen", "Apple"), ("living_room", "Apple")}
    req = request(units, goals)
    req.notes["explored"] = set(explored)
    req.facts = ("Apple is usually in Drawer_2 (Drawer), 3x [fact:8]",)
    assert strs(OfflinePlanner().plan(req).calls) == ["navigate(Drawer_2)", "open(Drawer_2)"]
    req = request(units, goals)
    req.notes["explored"] = set(explored)
    req.facts = ("Apple is usually in Drawer_2 (Drawer), 3x [fact:8]",)
    req.history.append(StepLine(SkillCall("explore", ("kitchen", "Apple")), False,
                                int(ErrorCode.NOT_FOUND), ""))
    planner = OfflinePlanner()
    assert strs(planner.plan(req).calls) == ["navigate(Drawer_2)", "open(Drawer_2)"]
    for call in (SkillCall("navigate", ("Drawer_2",)), SkillCall("open", ("Drawer_2",))):
        req.history.append(StepLine(call, True, ErrorCode.NONE, ""))
    assert strs(planner.plan(req).calls) == ["navigate(Drawer_1)", "open(Drawer_1)"]


def test_a_call_refused_as_not_found_is_planned_again_once_seen_elsewhere() -> None:
    """Tune tidy (stream seed 1003, s0017/s0021), round 15b: the loop refuses a call that
    failed NOT_FOUND until an explore has looked again. Once memory saw the object
    elsewhere (in the drawer the search opened) the planner made it a candidate again,
    and the loop refused the very plan it made ("navigate(Apple_1) just failed"), which
    lost the task. That sighting is a look again for this object: its refusal ends (not
    another object's)."""
    from memory_node.planner.core.llm_planner import refuse_repeats
    apple = UnitView("Apple_1", "Apple", (1.0, 0.9, 1.0), "none", "kitchen", score=0.9)
    units = [apple, UnitView("Drawer_1", "Drawer", (3.0, 0.5, 1.0), "closed", "kitchen")]
    planner = OfflinePlanner()
    req = request(units, ("HOLDING(Apple)",))
    failed = SkillCall("navigate", ("Apple_1",))
    other = SkillCall("navigate", ("Mug_1",))
    req.history.append(StepLine(failed, False, int(ErrorCode.NOT_FOUND), "no Apple"))
    req.refused |= {failed, other}   # as the loop records a NOT_FOUND
    assert strs(planner.plan(req).calls) == ["explore(kitchen, Apple)"]
    assert failed in req.refused   # not seen anywhere else yet
    req.history.append(StepLine(SkillCall("open", ("Drawer_1",)), True, ErrorCode.NONE, ""))
    req.vocab.add_units([replace(units[1], state="opened"),
                         replace(apple, position=(3.0, 0.5, 0.9), receptacle_id="Drawer_1",
                                 relation="in")])
    calls = planner.plan(req).calls
    assert strs(refuse_repeats(calls, req)) == ["navigate(Apple_1)", "pick(Apple_1)"]
    assert req.refused == {other}


def test_a_put_known_bad_while_its_receptacle_was_shut_in_is_planned_once_that_is_opened() -> None:
    """Tune2 tidy (stream seed 1200, s0007), round 15c: the put onto the plate failed in
    an earlier task, the plate being in a closed cabinet; experience lists the put as
    known bad in this state (holding the potato, in the kitchen), which names nothing
    of the cabinet. The planner opened the cabinet and passed over the plate all the
    same (its only one), then opened every other cabinet: "no Plate in memory". As for
    a pick, the listing is stale once what the receptacle is shut in was opened."""
    potato = UnitView("Potato_1", "Potato", (1.0, 0.9, 1.0), "none", "kitchen", score=0.9)
    cabinet = UnitView("Cabinet_1", "Cabinet", (3.0, 0.5, 1.0), "closed", "kitchen")
    plate = UnitView("Plate_1", "Plate", (3.0, 0.5, 0.9), "none", "kitchen",
                     receptacle_id="Cabinet_1", relation="in")
    planner = OfflinePlanner()
    req = request([potato, cabinet, plate], ("ON(Potato, Plate)",), held="Potato_1")
    put = SkillCall("put", ("Potato_1", "Plate_1", "on"))
    req.known_bad = {put}
    req.history.append(StepLine(SkillCall("open", ("Cabinet_1",)), True, ErrorCode.NONE, ""))
    req.history.append(StepLine(SkillCall("navigate", ("Plate_1",)), True, ErrorCode.NONE, ""))
    req.vocab.add_units([replace(cabinet, state="opened")])
    assert strs(planner.plan(req).calls) == ["put(Potato_1, Plate_1, on)"]
    # Memory has the cabinet open, but this task opened nothing: the put may have
    # failed with it open (the listing is all there is), the plate is passed over.
    req = request([potato, replace(cabinet, state="opened"), plate], ("ON(Potato, Plate)",),
                  held="Potato_1")
    req.known_bad = {put}
    req.history.append(StepLine(SkillCall("navigate", ("Plate_1",)), True, ErrorCode.NONE, ""))
    assert put not in planner.plan(req).calls


WINE_AWAY = ("procedure that worked 2/2 times for this task: navigate(WineBottle) ; "
             "pick(WineBottle) ; navigate(Fridge) ; open(Fridge) ; "
             "put(WineBottle, Fridge, in) [proc:5]")


def test_a_procedure_step_that_cannot_be_bound_leaves_the_search_where_it_was() -> None:
    """Tune3 tidy, stream seed 1301, s0017/s0019: memory had the wine bottle absent in
    cabinet A (where it last saw it); with a procedure recalled, binding its first step
    ran the search for the bottle, which marked A searched without opening it, and the
    goal plan then opened B, C and the fridge but never A: "no WineBottle in memory"
    (the off arm opened A and won). A binding that finds nothing leaves no trace."""
    units = [UnitView("WineBottle_1", "WineBottle", (-1.5, 0.5, 0.9), "absent", "kitchen",
                      receptacle_id="Cabinet_A", relation="in"),
             UnitView("Cabinet_A", "Cabinet", (-1.4, 0.5, 0.8), "closed", "kitchen"),
             UnitView("Cabinet_B", "Cabinet", (-1.4, 1.3, 0.8), "closed", "kitchen"),
             UnitView("Fridge_1", "Fridge", (1.0, 1.9, 0.9), "closed", "kitchen")]
    without = request(units, ("INSIDE(WineBottle, Fridge)",))
    without.robot_position = (-1.0, 0.4, 0.0)
    without.notes["explored"] = {("kitchen", "WineBottle"), ("living_room", "WineBottle")}
    assert strs(OfflinePlanner().plan(without).calls) == ["navigate(Cabinet_A)",
                                                          "open(Cabinet_A)"]
    req = request(units, ("INSIDE(WineBottle, Fridge)",), WINE_AWAY)
    req.robot_position = (-1.0, 0.4, 0.0)
    req.notes["explored"] = {("kitchen", "WineBottle"), ("living_room", "WineBottle")}
    assert strs(OfflinePlanner().plan(req).calls) == ["navigate(Cabinet_A)",
                                                      "open(Cabinet_A)"]


def test_a_pick_refused_again_after_the_open_its_refusal_chose_passes_the_object_over() -> None:
    """Tune3 tidy, stream seeds 1302 (s0003) and 1304 (s0013): memory had a salt shaker
    at a spot where there is none; the world took the pick for a pepper shaker shut in a
    stack of drawers and refused it as inside a closed drawer. After each refusal the next
    drawer was opened and the same pick tried again (its listing as known bad overridden
    as stale): four refusals in one state, while the first open showed two salt shakers
    in its drawer. Listed, and refused again after the open its refusal chose, the object
    is passed over: the shaker seen in the opened drawer is taken, and the listing stands.
    Not listed (no experience), the next drawer is opened as before."""
    units = [UnitView("SaltShaker_1", "SaltShaker", (0.8, 0.7, 1.6), "none", "kitchen"),
             UnitView("Drawer_1", "Drawer", (0.7, 0.7, 0.8), "closed", "kitchen"),
             UnitView("Drawer_2", "Drawer", (0.7, 0.7, 1.1), "closed", "kitchen"),
             UnitView("Drawer_3", "Drawer", (0.7, 1.0, 1.1), "closed", "kitchen")]
    planner = OfflinePlanner()
    req = request(units, ("HOLDING(SaltShaker)",))
    pick = SkillCall("pick", ("SaltShaker_1",))

    def ran(call: SkillCall, ok: bool = True) -> None:
        req.history.append(StepLine(call, ok, ErrorCode.NONE if ok else
                                    ErrorCode.PRECONDITION_FAILED, ""))

    ran(SkillCall("navigate", ("SaltShaker_1",)))
    ran(pick, ok=False)
    first = planner.plan(req).calls          # open the drawer nearest it (the plan ends)
    assert first[-1].skill == "open"
    opened = first[-1].args[0]
    for call in first:
        ran(call)
    req.vocab.add_units([replace(next(u for u in units if u.object_id == opened),
                                 state="opened"),
                         UnitView("SaltShaker_2", "SaltShaker", (0.7, 0.7, 0.5), "none",
                                  "kitchen", receptacle_id=opened, relation="in")])
    req.known_bad = frozenset({pick})         # listed after the first refusal
    again = planner.plan(req).calls
    assert again[-1] == pick   # stale: what shut it in is open now
    for call in again[:-1]:
        ran(call)   # the walk back to it from the drawer
    ran(pick, ok=False)
    unlisted = copy.deepcopy(req)
    assert strs(planner.plan(req).calls) == ["navigate(SaltShaker_2)", "pick(SaltShaker_2)"]
    assert not planner._stale(req, pick)
    # Without experience's listing, the next receptacle near it is opened, as before.
    unlisted.known_bad = frozenset()
    assert strs(planner.plan(unlisted).calls)[1:2] == ["open(Drawer_3)"]


def test_a_listed_pick_opens_the_receptacle_its_listing_names_not_memorys() -> None:
    """Tune3 tidy, stream seed 1300, s0005: memory had the cup in the cabinet the last
    task put it in (Cabinet_3); the tidy had put it back in the one beside it (Cabinet_2),
    where experience had traced its earlier refusals. The listed pick opened memory's
    cabinet, counted that as the end of the listing, and was refused a third time in the
    same state. The listing names Cabinet_2: that is opened, and only its open ends it."""
    units = [UnitView("Cup_1", "Cup", (-1.2, 1.2, 0.9), "heated", "kitchen", "Cabinet_3",
                      "in"),
             UnitView("Cabinet_3", "Cabinet", (-1.5, 1.3, 0.9), "closed", "kitchen"),
             UnitView("Cabinet_2", "Cabinet", (-1.4, 0.5, 0.9), "closed", "kitchen"),
             UnitView("CounterTop_1", "CounterTop", (-1.8, 1.2, 0.9), "none", "kitchen")]
    planner = OfflinePlanner()
    req = request(units, ("HOLDING(Cup)",))
    req.notes["at"] = "Cup_1"
    pick = SkillCall("pick", ("Cup_1",))
    lines = ["do not pick(Cup_1): failed 2x in this state (PRECONDITION_FAILED) until "
             "Cabinet_2 is opened [bad:3]"]
    req.known_bad = known_bad_calls(lines)
    req.known_bad_until = known_bad_until(lines)
    assert strs(planner.plan(req).calls) == ["navigate(Cabinet_2)", "open(Cabinet_2)"]
    # Memory's cabinet opened (by another plan): the listing still holds.
    req.history.append(StepLine(SkillCall("open", ("Cabinet_3",)), True, 0, ""))
    assert not planner._stale(req, pick)
    req.history.append(StepLine(SkillCall("open", ("Cabinet_2",)), True, 0, ""))
    assert planner._stale(req, pick)
    # Refused after all (the pick's refusal now chooses the listed one first too).
    fresh = request(units, ("HOLDING(Cup)",))
    fresh.known_bad_until = req.known_bad_until
    fresh.history.append(StepLine(pick, False, int(ErrorCode.PRECONDITION_FAILED), ""))
    assert "open(Cabinet_2)" in strs(planner.plan(fresh).calls)


def test_a_state_remembered_on_an_object_found_shut_in_elsewhere_is_made_again() -> None:
    """Tune3 tidy, stream seed 1300, s0001/s0002: memory's heated cup stood on the
    counter where the first task put it; the tidy took it away, and the pick there was
    refused as inside a closed cabinet: the arm takes the cold cup shut in the cabinet
    beside that spot. Opened and picked, the cup was judged heated on the unit's word and
    put on the side table unheated, lost. An object fetched from a receptacle memory did
    not have it in may be another of its type: its skill-made state is made again (the
    heat), once; an object memory had in that receptacle keeps its state."""
    units = [UnitView("Cup_1", "Cup", (-1.1, 1.0, 0.9), "heated", "kitchen",
                      "CounterTop_1", "on"),
             UnitView("CounterTop_1", "CounterTop", (-1.8, 1.2, 0.9), "none", "kitchen"),
             UnitView("Cabinet_2", "Cabinet", (-1.4, 0.5, 0.9), "closed", "kitchen"),
             UnitView("Microwave_1", "Microwave", (1.2, 0.8, 0.9), "closed", "kitchen"),
             UnitView("SideTable_1", "SideTable", (1.0, 0.9, 0.5), "none", "kitchen")]
    planner = OfflinePlanner()
    goals = ("STATE(Cup, heated)", "ON(Cup, SideTable)")
    req = request(units, goals)
    pick = SkillCall("pick", ("Cup_1",))
    for call, ok in ((SkillCall("navigate", ("Cup_1",)), True), (pick, False)):
        req.history.append(StepLine(call, ok, 0 if ok else int(ErrorCode.PRECONDITION_FAILED),
                                    ""))
    assert strs(planner.plan(req).calls)[:2] == ["navigate(Cabinet_2)", "open(Cabinet_2)"]
    for call in (SkillCall("navigate", ("Cabinet_2",)), SkillCall("open", ("Cabinet_2",)),
                 SkillCall("navigate", ("Cup_1",)), pick):
        req.history.append(StepLine(call, True, 0, ""))
    req.held = "Cup_1"
    assert "heat(Cup_1)" in strs(planner.plan(req).calls)
    req.history.append(StepLine(SkillCall("heat", ("Cup_1",)), True, 0, ""))
    assert strs(planner.plan(req).calls) == ["navigate(SideTable_1)",
                                             "put(Cup_1, SideTable_1, on)"]
    # Memory had it in that very cabinet: the same cup, heated.
    inside = [replace(units[0], receptacle_id="Cabinet_2", relation="in"), *units[1:]]
    req = request(inside, goals)
    req.history.append(StepLine(pick, False, int(ErrorCode.PRECONDITION_FAILED), ""))
    planner.plan(req)
    req.held = "Cup_1"
    assert "heat(Cup_1)" not in strs(planner.plan(req).calls)


def test_a_state_remembered_on_an_object_a_listing_sends_to_its_receptacle_is_made_again(
) -> None:
    """Tune3 tidy, stream seed 3425, s0016 (round 71): the cup's pick was listed "until
    Cabinet_2 is opened" (earlier tasks found it shut in there); memory had it in Cabinet_2
    too (the robot's own put two tasks before), heated by a task before that put. The plan
    opened Cabinet_2 as listed, picked the cup and, judging it heated on the unit's word,
    put it on the side table cold: the tidy had undone the heat, lost. The listing is an
    earlier refusal: the house shuts the object away unseen, so its skill-made state is
    made again (the heat) wherever memory has it."""
    units = [UnitView("Cup_1", "Cup", (-1.4, 0.6, 0.9), "heated", "kitchen", "Cabinet_2",
                      "in"),
             UnitView("Cabinet_2", "Cabinet", (-1.4, 0.5, 0.9), "closed", "kitchen"),
             UnitView("Microwave_1", "Microwave", (1.2, 0.8, 0.9), "closed", "kitchen"),
             UnitView("SideTable_1", "SideTable", (1.0, 0.9, 0.5), "none", "kitchen")]
    planner = OfflinePlanner()
    req = request(units, ("STATE(Cup, heated)", "ON(Cup, SideTable)"))
    req.notes["at"] = "Cup_1"
    pick = SkillCall("pick", ("Cup_1",))
    lines = ["do not pick(Cup_1): failed 2x in this state (PRECONDITION_FAILED) until "
             "Cabinet_2 is opened [bad:3]"]
    req.known_bad = known_bad_calls(lines)
    req.known_bad_until = known_bad_until(lines)
    assert strs(planner.plan(req).calls)[:2] == ["open(Cabinet_2)", "pick(Cup_1)"]
    for call in (SkillCall("open", ("Cabinet_2",)), pick):
        req.history.append(StepLine(call, True, 0, ""))
    req.held = "Cup_1"
    assert "heat(Cup_1)" in strs(planner.plan(req).calls)


def test_a_search_opens_where_memory_last_had_the_type_before_where_others_are_kept() -> None:
    """Memory had the bowl in a cabinet (unseen since a tidy shut it, so marked absent);
    experience says mugs are kept in a nearer cabinet. Memory's own last place of the
    type is evidence about the object itself: opened first, though it is farther and not
    a usual place (the shape read in tune2 tidy, stream seed 1200, s0013)."""
    vocab = Vocabulary()
    vocab.add_units([
        UnitView("Bowl_1", "Bowl", (3.0, 0.5, 0.4), "absent", "a1", receptacle_id="Cabinet_5",
                 relation="in"),
        UnitView("Cabinet_5", "Cabinet", (3.0, 0.5, 0.4), "closed", "a1"),
        UnitView("Cabinet_near", "Cabinet", (0.5, 0.5, 0.4), "closed", "a1")])
    req = PlanRequest("x", "", vocab, ["kitchen"], goal_conditions=("HOLDING(Bowl)",),
                      robot_position=(0.0, 0.0, 0.0))
    req.notes["explored"] = {("kitchen", "Bowl")}
    req.facts = ("Mug is usually in Cabinet_near (Cabinet), 3x [fact:8]",)
    assert strs(OfflinePlanner().plan(req).calls) == ["navigate(Cabinet_5)",
                                                      "open(Cabinet_5)"]


def test_a_pick_listed_as_refused_opens_what_its_refusal_would_have_first() -> None:
    """Round 23 (tune2 tidy, stream seed 1200, s0004): the cup's pick was refused "inside a
    closed Cabinet" two tasks before, memory still has the cup loose on the counter. The
    listing (PRECONDITION_FAILED) is evidence it is here, shut in: the plan opens the
    cabinet the refusal itself would have chosen (`_shut_in`: the usual place, the
    nearest) and picks after it. Before, the cup was passed over, an explore marked it
    absent, and the task was lost after every cabinet was opened (26 steps; off arm 10)."""
    units = [UnitView("Cup_1", "Cup", (0.24, 0.12, 1.0), "none", "kitchen", "CounterTop_1",
                      "on", score=0.9),
             UnitView("CounterTop_1", "CounterTop", (0.0, 0.5, 0.9), "none", "kitchen"),
             UnitView("Cabinet_5", "Cabinet", (0.4, 0.5, 0.6), "closed", "kitchen"),
             UnitView("Cabinet_9", "Cabinet", (3.0, -1.5, 0.6), "closed", "kitchen")]
    pick = SkillCall("pick", ("Cup_1",))
    line = "do not pick(Cup_1): failed 1x in this state (PRECONDITION_FAILED) [bad:2]"
    assert known_bad_codes([line, "do not pick(X_1): failed 1x in this state"]) == {
        pick: "PRECONDITION_FAILED"}
    planner = OfflinePlanner()
    req = request(units, ("HOLDING(Cup)",))
    req.notes["at"] = "Cup_1"
    req.known_bad = known_bad_calls([line])
    req.known_bad_codes = known_bad_codes([line])
    assert strs(planner.plan(req).calls) == ["navigate(Cabinet_5)", "open(Cabinet_5)"]
    for call in (SkillCall("navigate", ("Cabinet_5",)), SkillCall("open", ("Cabinet_5",)),
                 SkillCall("navigate", ("Cup_1",))):
        req.history.append(StepLine(call, True, ErrorCode.NONE, ""))
    # Still listed (the graph's state names the cup only): what shut it in is open now.
    assert strs(planner.plan(req).calls) == ["pick(Cup_1)"]
    # A listing that says NOT_FOUND is no refusal: the cup is passed over as before.
    req = request(units, ("HOLDING(Cup)",))
    req.notes["at"] = "Cup_1"
    req.known_bad = frozenset({pick})
    req.known_bad_codes = {pick: "NOT_FOUND"}
    assert strs(planner.plan(req).calls) == ["explore(kitchen, Cup)"]



def test_a_recipe_that_put_in_is_not_followed_for_a_goal_that_puts_on() -> None:
    """Round 23 (tune2 tidy, stream seed 1200, s0004): the heat recipe learned on "put it
    in the cabinet" (whose search had opened that cabinet first) was offered for "put it
    on the counter top" and followed: open(CounterTop), refused. Its put made another
    relation than the goal's: it is not for these goals; the same recipe with "on" is."""
    units = [UnitView("Cup_1", "Cup", (0.24, 0.12, 1.0), "none", "kitchen", score=0.9),
             UnitView("CounterTop_1", "CounterTop", (0.0, 0.5, 0.9), "none", "kitchen"),
             UnitView("StoveBurner_1", "StoveBurner", (-0.2, -1.6, 0.9), "none", "kitchen")]
    steps = ("navigate(CounterTop) ; open(CounterTop) ; navigate(Cup) ; pick(Cup) ; "
             "navigate(StoveBurner) ; heat(Cup) ; navigate(CounterTop) ; ")
    goals = ("STATE(Cup, heated)", "ON(Cup, CounterTop)")
    for relation, served in (("in", False), ("on", True)):
        recipe = (f"procedure that worked 1/1 times for this task: {steps}"
                  f"put(Cup, CounterTop, {relation}) [proc:1]")
        req = request(units, goals, recipe)
        assert (OfflinePlanner()._procedure(req) is not None) is served


def test_a_pick_refused_inside_a_named_type_opens_that_type_before_the_usual_place() -> None:
    """Round 24 (tune3 tidy, stream seed 2420, s0014): the bread's pick was refused "the
    Bread is inside a closed Microwave"; experience said bread is usually in the fridge, so
    the fridge beside it was opened first, the pick refused again, then the microwave: two
    steps more than without experience. The refusal names what shuts the object in; that
    is this moment's evidence about this object, and the usual place (about the type in
    general) yields to it: the order is the one without experience (nearest first).
    Without a named type, the usual place still comes first."""
    units = [UnitView("Bread_1", "Bread", (1.0, 0.5, 1.0), "none", "kitchen"),
             UnitView("Fridge_1", "Fridge", (1.9, 0.5, 1.0), "closed", "kitchen"),
             UnitView("Microwave_1", "Microwave", (1.0, 1.0, 1.0), "closed", "kitchen")]
    usual = "Bread is usually in Fridge_1 (Fridge) [fact:31]"
    pick = SkillCall("pick", ("Bread_1",))
    for message, shut_by, first in (
            ("pick: the Bread is inside a closed Microwave", "Microwave", "Microwave_1"),
            ("pick: not possible", "", "Fridge_1")):
        req = request(units, ("HOLDING(Bread)",))
        req.facts = (usual,)
        req.history.append(StepLine(SkillCall("navigate", ("Bread_1",)), True,
                                    ErrorCode.NONE, ""))
        req.history.append(StepLine(pick, False, ErrorCode.PRECONDITION_FAILED, message,
                                    shut_by))
        calls = strs(OfflinePlanner().plan(req).calls)
        # A refusal that names the type came from where the arm reaches what shuts the
        # bread in: no walk to it (`_reaches`); one that names none is no such evidence.
        walk = [] if shut_by else [f"navigate({first})"]
        # The plan ends with the open (round 39): the next one picks on what it showed.
        assert calls == [*walk, f"open({first})"], (message, calls)


def test_the_type_a_pick_refusal_names_comes_from_the_results_field_not_its_words() -> None:
    """Round 25: what shuts the object in is the skill result's typed `shut_by` (as nav2
    and MoveIt results carry codes and typed fields), not a pattern over its message: a
    reworded message with the field drives the same open as round 24's wording did, and
    round 24's wording without the field (a skill that does not say) is no evidence, so
    the usual place comes first as for any refusal that names nothing."""
    units = [UnitView("Bread_1", "Bread", (1.0, 0.5, 1.0), "none", "kitchen"),
             UnitView("Fridge_1", "Fridge", (1.9, 0.5, 1.0), "closed", "kitchen"),
             UnitView("Microwave_1", "Microwave", (1.0, 1.0, 1.0), "closed", "kitchen")]
    pick = SkillCall("pick", ("Bread_1",))
    for message, shut_by, first in (
            ("pick: cannot get at the loaf, the oven door is shut", "Microwave", "Microwave_1"),
            ("pick: the Bread is inside a closed Microwave", "", "Fridge_1")):
        req = request(units, ("HOLDING(Bread)",))
        req.facts = ("Bread is usually in Fridge_1 (Fridge) [fact:31]",)
        req.history.append(StepLine(SkillCall("navigate", ("Bread_1",)), True,
                                    ErrorCode.NONE, ""))
        req.history.append(StepLine(pick, False, ErrorCode.PRECONDITION_FAILED, message,
                                    shut_by=shut_by))
        calls = strs(OfflinePlanner().plan(req).calls)
        # A refusal that names the type came from where the arm reaches what shuts the
        # bread in: no walk to it (`_reaches`); one that names none is no such evidence.
        walk = [] if shut_by else [f"navigate({first})"]
        assert calls[:len(walk) + 1] == [*walk, f"open({first})"], (message, calls)


def test_a_listing_yields_to_this_tasks_refusal_that_names_another_type() -> None:
    """Round 26 (tune2 tidy, stream seed 2612, s0019; the class the lead traced after
    round 25 on a reported stream): experience listed the plate's pick as failed with the
    microwave unopened (memory had the plate in it). This task's pick was refused "inside
    a closed Cabinet" (the result's typed `shut_by`); the refusal's own choice
    (`_shut_in`: the named type first) was a cabinet beside the plate, but the listing
    (`_open_listed`, read when the plan holds the object, and the dodge of the listed
    pick) put the microwave back, which was opened first. The refusal is this moment's
    evidence about this object; the listing is an earlier state's: a listed receptacle of
    another type than the refusal names is not opened for it. With a listed receptacle of
    the named type, or a refusal that names nothing, the listing still comes first."""
    units = [UnitView("Plate_1", "Plate", (1.9, -0.7, 0.9), "none", "kitchen",
                      "Microwave_1", "in"),
             UnitView("Microwave_1", "Microwave", (1.9, -0.8, 1.0), "closed", "kitchen"),
             UnitView("Cabinet_1", "Cabinet", (1.4, -1.1, 0.4), "closed", "kitchen"),
             UnitView("Cabinet_2", "Cabinet", (-1.4, -1.1, 0.4), "closed", "kitchen")]
    pick = SkillCall("pick", ("Plate_1",))
    for shut_by, listed, first in (("Cabinet", "Microwave_1", "Cabinet_1"),
                                   ("Cabinet", "Cabinet_2", "Cabinet_2"),
                                   ("", "Microwave_1", "Microwave_1")):
        lines = [f"do not pick(Plate_1): failed 1x in this state (PRECONDITION_FAILED) "
                 f"until {listed} is opened [bad:7]"]
        req = request(units, ("HOLDING(Plate)",))
        req.known_bad = known_bad_calls(lines)
        req.known_bad_until = known_bad_until(lines)
        req.known_bad_codes = known_bad_codes(lines)
        req.history.append(StepLine(SkillCall("navigate", ("Plate_1",)), True, 0, ""))
        req.history.append(StepLine(pick, False, int(ErrorCode.PRECONDITION_FAILED),
                                    "pick: not possible", shut_by=shut_by))
        calls = strs(OfflinePlanner().plan(req).calls)
        opens = [c for c in calls if c.startswith("open(")]
        assert opens[:1] == [f"open({first})"], (shut_by, listed, calls)
        # The plan ends with an open a refusal or listing chose (round 39); memory's own
        # receptacle is opened and picked from as before.
        assert calls[-1] == ("pick(Plate_1)" if first == "Microwave_1" else f"open({first})"), \
            calls


def test_a_dodge_the_recipe_does_not_follow_is_not_asked_again_until_it_gives_up() -> None:
    """Tune2 tidy, stream seed 3003, s0023: the recipe walked to the phone and its pick was
    listed "until" a receptacle memory did not have it in was opened; the dodge asked for
    that open, the recipe (which opens only what its own steps need) planned the same pick
    again, eight times, and the planner gave up with "every candidate is known to fail"
    on a task the plain arm won in 7 steps. A dodge that left the same first call is
    followed by one that passes over the call's target."""
    units = [UnitView("CellPhone_1", "CellPhone", (0.82, -1.16, 0.48), "none", "kitchen",
                      "Cabinet_16", "in"),
             UnitView("Cabinet_16", "Cabinet", (0.81, -1.16, 0.48), "closed", "kitchen"),
             UnitView("Drawer_39", "Drawer", (1.5, 1.2, 0.5), "opened", "kitchen"),
             UnitView("Cabinet_0", "Cabinet", (-1.0, -1.0, 0.5), "closed", "kitchen")]
    proc = ("procedure that worked 2/2 times for this task: navigate(Drawer) ; open(Drawer)"
            " ; navigate(CellPhone) ; pick(CellPhone) ; navigate(Cabinet) ; open(Cabinet) ;"
            " navigate(Plate) ; put(CellPhone, Plate, on) [proc:4]")
    req = request(units, ("ON(CellPhone, Plate)",), proc)
    lines = ["do not pick(CellPhone_1): failed 2x in this state (PRECONDITION_FAILED) "
             "until Cabinet_16 is opened [bad:3]"]
    req.known_bad, req.known_bad_until = known_bad_calls(lines), known_bad_until(lines)
    planner = OfflinePlanner()
    first = planner.plan(req).calls
    assert strs(first[:2]) == ["navigate(Drawer_39)", "navigate(CellPhone_1)"]
    for call in first[:2]:
        req.history.append(StepLine(call, True, 0, ""))
    calls = planner.plan(req).calls   # main: NotFound after eight identical dodges
    assert calls and calls[0] != SkillCall("pick", ("CellPhone_1",))



def test_a_pick_listed_shut_in_a_cabinet_through_a_container_does_not_hold_once_memory_has_it_out(
        ) -> None:
    """Tune untidied, stream seed 3112 (round 47): the egg in the pot, the pot put away in
    cabinet Cabinet_1; the egg's pick was refused and repaired by opening the cabinet, so
    experience lists it "until Cabinet_1 is opened". The robot then put the egg in the
    fridge, and every later egg task opened the cabinet first (s0018 5 -> 8 calls). A
    cabinet cannot hold an egg itself: it shut in the pot, and memory has the egg out of
    the pot. The listing holds while memory still has the egg in the cabinet through a
    container; one naming a receptacle that can hold the egg holds wherever memory has it
    (a daily tidy may have put the egg back there unseen)."""
    planner = OfflinePlanner(accepts=lambda rec, obj: not (rec == "Cabinet" and obj == "Egg"))
    egg = UnitView("Egg_1", "Egg", (-2.0, 1.0, 0.9), "none", "kitchen", "Fridge_1", "in")
    units = [UnitView("Cabinet_1", "Cabinet", (-1.2, -2.2, 0.5), "closed", "kitchen"),
             UnitView("Fridge_1", "Fridge", (-2.1, 1.1, 0.9), "closed", "kitchen"),
             UnitView("Pot_1", "Pot", (-1.2, -2.2, 0.5), "none", "kitchen", "Cabinet_1", "in"),
             UnitView("CounterTop_1", "CounterTop", (0.0, -2.4, 0.9), "none", "kitchen")]

    def plan(unit: UnitView, until: str = "Cabinet_1") -> list[str]:
        lines = ["do not pick(Egg_1): failed 1x in this state (PRECONDITION_FAILED) "
                 f"until {until} is opened [bad:5]"]
        req = request([*units, unit], ("HOLDING(Egg)",))
        req.known_bad, req.known_bad_until = known_bad_calls(lines), known_bad_until(lines)
        req.known_bad_codes = known_bad_codes(lines)
        return strs(planner.plan(req).calls)

    # 62e37c84: ["navigate(Cabinet_1)", "open(Cabinet_1)", "navigate(Egg_1)", ...]
    assert plan(egg)[:3] == ["navigate(Egg_1)", "open(Fridge_1)", "pick(Egg_1)"]
    on_counter = replace(egg, position=(0.1, -2.3, 0.9), receptacle_id="CounterTop_1",
                         relation="on")
    assert plan(on_counter)[:2] == ["navigate(Egg_1)", "pick(Egg_1)"]
    # Still in the pot in the cabinet: the listing opens the cabinet before the pick.
    in_pot = replace(egg, position=(-1.2, -2.2, 0.5), receptacle_id="Pot_1")
    assert plan(in_pot)[:2] == ["navigate(Cabinet_1)", "open(Cabinet_1)"]
    # Listed until the fridge (it can hold an egg): it holds with the egg on the counter.
    assert plan(on_counter, "Fridge_1")[:2] == ["navigate(Fridge_1)", "open(Fridge_1)"]


CAN = UnitView("GarbageCan_1", "GarbageCan", (-2.8, 1.6, 0.2), "none", "kitchen")
CAN_REFUSED = "do not open(GarbageCan_1): failed 1x in this state (PRECONDITION_FAILED) [bad:2]"


def _bread_not_in_the_can(procedure: str = "") -> PlanRequest:
    """Round 32's trace (tune2 tidy, stream seed 3001, s0011): the bread, put in the garbage
    can two tasks before, not found there; experience lists the can's open as refused ("a
    GarbageCan cannot be opened or closed")."""
    bread = UnitView("Bread_1", "Bread", (-2.85, 1.58, 0.12), "none", "kitchen",
                     "GarbageCan_1", "in")
    req = request([bread, CAN], ("INSIDE(Bread, GarbageCan)",), procedure)
    req.known_bad = known_bad_calls([CAN_REFUSED])
    req.known_bad_codes = known_bad_codes([CAN_REFUSED])
    req.history.append(StepLine(SkillCall("navigate", ("Bread_1",)), False,
                                int(ErrorCode.NOT_FOUND), "no Bread within 0.75 m"))
    req.vocab.add_units([replace(bread, state="absent")])
    return req


def _another_bread_in_hand(req: PlanRequest) -> None:
    req.vocab.add_units([UnitView("Bread_2", "Bread", (1.0, 0.5, 0.9), "none", "kitchen")])
    req.held = "Bread_2"
    for done in (SkillCall("navigate", ("Bread_2",)), SkillCall("pick", ("Bread_2",))):
        req.history.append(StepLine(done, True, ErrorCode.NONE, ""))


def test_a_listed_open_of_what_never_opens_leaves_it_a_destination() -> None:
    """The search would open the can; the dodge of the listed open passed the can over, and
    with another bread in hand the put had no destination ("no GarbageCan in memory",
    lost; the plain arm, refused live, put the bread in it). A receptacle memory never
    saw opened or closed whose open is refused does not open: it is not searched by
    opening, and it stays the put's destination."""
    planner = OfflinePlanner()
    req = _bread_not_in_the_can()
    req.notes["explored"] = {("kitchen", "Bread"), ("living_room", "Bread")}
    req.history.append(StepLine(SkillCall("navigate", ("GarbageCan_1",)), True, 0, ""))
    req.notes["at"] = "GarbageCan_1"
    with pytest.raises(NotFound):     # nowhere left to search for a bread, the can not opened
        planner.plan(req)
    _another_bread_in_hand(req)
    # The base walked from the can to the bread 4 m away since: back to the can (round
    # 40; before, the plan put from the bread's spot).
    assert strs(planner.plan(req).calls) == ["navigate(GarbageCan_1)",
                                             "put(Bread_2, GarbageCan_1, in)"]
    # A listed open of a receptacle memory has seen shut is still dodged (out of reach,
    # perhaps): passed over, not taken as one that does not open.
    drawer = UnitView("Drawer_1", "Drawer", (1.0, 0.5, 1.0), "closed", "kitchen")
    req = request([drawer], ("HOLDING(Apple)",))
    bad = "do not open(Drawer_1): failed 1x in this state (PRECONDITION_FAILED) [bad:2]"
    req.known_bad, req.known_bad_codes = known_bad_calls([bad]), known_bad_codes([bad])
    req.notes["explored"] = {("kitchen", "Apple"), ("living_room", "Apple")}
    req.notes["at"] = "Drawer_1"
    with pytest.raises(NotFound):
        planner.plan(req)
    assert "Drawer_1" not in req.notes.get("cannot_open", set())


def test_a_recipes_open_of_what_never_opens_is_skipped() -> None:
    """The same task as the stream ran it: the bread's recipe opens the garbage can first
    (its search in the episode it came from). After the dodge of the listed open the
    recipe planned the open again, and the second dodge passed the can over. An open of
    what does not open has nothing to do: the recipe goes on without it."""
    proc = ("procedure that worked 2/2 times for this task: navigate(GarbageCan) ; "
            "open(GarbageCan) ; navigate(Bread) ; pick(Bread) ; navigate(GarbageCan) ; "
            "put(Bread, GarbageCan, in) [proc:1]")
    planner = OfflinePlanner()
    req = _bread_not_in_the_can(proc)
    assert strs(planner.plan(req).calls) == ["navigate(GarbageCan_1)", "open(GarbageCan_1)"]
    req.history.append(StepLine(SkillCall("navigate", ("GarbageCan_1",)), True, 0, ""))
    assert strs(planner.plan(req).calls) == ["explore(kitchen, Bread)"]
    req.history.append(StepLine(SkillCall("explore", ("kitchen", "Bread")), True, 0, ""))
    _another_bread_in_hand(req)
    assert strs(planner.plan(req).calls)[-1:] == ["put(Bread_2, GarbageCan_1, in)"]


def test_the_cabinet_beside_an_opened_usual_place_is_opened_next() -> None:
    """The cup's usual wall cabinet was opened in this task and memory still has no cup:
    the closed cabinet 0.3 m beside it is opened next, not the nearest receptacle to the
    base nor recall's (round 42, tune tidy stream seed 3070, s0012: eight opens across
    the kitchen came first). A cabinet 2 m away is no neighbour, and the setting at 0
    leaves the search as it was."""
    units = [UnitView("Cabinet_usual", "Cabinet", (0.55, -2.46, 2.0), "closed", "kitchen"),
             UnitView("Cabinet_beside", "Cabinet", (0.84, -2.46, 2.0), "closed", "kitchen"),
             UnitView("Cabinet_far", "Cabinet", (-1.5, -2.0, 0.45), "closed", "kitchen",
                      score=0.9),
             UnitView("CounterTop_1", "CounterTop", (0.0, 0.0, 0.9), "none", "kitchen")]
    facts = ("Cup is usually in Cabinet_usual (Cabinet), 2x [fact:35]",)

    def after_the_usual_open(planner: OfflinePlanner, at: tuple[float, float, float]
                             ) -> list[str]:
        req = request(units, ("ON(Cup, CounterTop)",))
        req.facts = facts
        req.robot_position = at
        assert strs(planner.plan(req).calls) == ["navigate(Cabinet_usual)",
                                                 "open(Cabinet_usual)"]
        for call in (SkillCall("navigate", ("Cabinet_usual",)),
                     SkillCall("open", ("Cabinet_usual",))):
            req.history.append(StepLine(call, True, ErrorCode.NONE, ""))
        req.scene = {u.object_id: replace(u, state="opened")
                     if u.object_id == "Cabinet_usual" else u for u in units}
        req.vocab.add_units(list(req.scene.values()))
        return strs(planner.plan(req).calls)

    # The base stands by the far cabinet: the search's nearest would be that one.
    assert after_the_usual_open(OfflinePlanner(), (-1.4, -1.5, 0.0)) == [
        "navigate(Cabinet_beside)", "open(Cabinet_beside)"]
    off = OfflinePlanner(settings=OfflineSettings(usual_place_beside_m=0.0))
    assert after_the_usual_open(off, (-1.4, -1.5, 0.0))[-1] != "open(Cabinet_beside)"


def test_a_type_experience_says_was_searched_out_ends_the_plan_without_a_search() -> None:
    """Recall passes on "Tomato was searched for and not found" only while memory holds no
    tomato: the plan ends NotFound at once instead of exploring and opening the house
    again (round 43: kitchen 3 has no tomato; each task searched 14-16 calls and was lost).
    Memory holding one (a sighting since), the plan takes it; without the line it
    explores as before; malformed lines name no type."""
    assert searched_out(["Tomato was searched for and not found, 2x [fact:9]",
                         "Apple was searched for and not found",
                         "Cup was searched for and not found; drop tables",
                         "Bread is usually in Fridge_1 (Fridge) [fact:3]"]) == {"tomato", "apple"}
    goals = ("ON(Tomato, CounterTop)",)
    req = request(DRAWERS, goals)
    req.facts = ("Tomato was searched for and not found, 2x [fact:9]",)
    with pytest.raises(NotFound, match="found none"):
        OfflinePlanner().plan(req)
    req = request(DRAWERS, goals)
    assert strs(OfflinePlanner().plan(req).calls)[0].startswith("explore(")
    tomato = UnitView("Tomato_1", "Tomato", (1.5, 0.9, 1.0), "none", "kitchen", score=0.9)
    req = request([*DRAWERS, tomato], goals)
    req.facts = ("Tomato was searched for and not found, 2x [fact:9]",)
    assert strs(OfflinePlanner().plan(req).calls)[:2] == ["navigate(Tomato_1)",
                                                          "pick(Tomato_1)"]


def test_a_searched_out_type_is_not_handed_to_a_recipe_either() -> None:
    """A recalled procedure whose first steps need no object of the type (walk to the
    drawer, open it) is not followed for a type experience says was searched out: they
    would run, and fail, for a task lost anyway (tune3 stream seed 3084, s0014: the recipe
    opened the pot, refused)."""
    goals = ("ON(Apple, CounterTop)",)
    req = request(DRAWERS, goals, procedure=PROCEDURE)
    assert strs(OfflinePlanner().plan(req).calls)[:2] == ["navigate(Drawer_1)",
                                                          "open(Drawer_1)"]
    req = request(DRAWERS, goals, procedure=PROCEDURE)
    req.facts = ("Apple was searched for and not found, 2x [fact:9]",)
    with pytest.raises(NotFound, match="found none"):
        OfflinePlanner().plan(req)


HEAT_PROCEDURE = ("procedure that worked 2/2 times for this task: navigate(Mug) ; pick(Mug) ; "
                  "navigate(Microwave) ; heat(Mug) ; navigate(Plate) ; put(Mug, Plate, on)"
                  " [proc:8]")


def test_a_procedure_step_making_a_state_memory_holds_is_skipped_with_its_walk() -> None:
    """tune3 untidied, stream seed 3134, s0020 (round 52): the plate was to be searched for,
    so the recipe was followed, and the mug memory held heated since an earlier task was
    taken to the microwave and heated again, two calls the goal planner does not make; a
    mug memory holds cold is still heated. The plate is not known: the recipe stops at
    its navigate (bound once the plate is seen)."""
    def units(state: str) -> list[UnitView]:
        return [UnitView("Mug_1", "Mug", (0.9, 1.0, 0.9), state, "kitchen", "SideTable_1",
                         "on", score=0.9, observations=8),
                UnitView("SideTable_1", "SideTable", (0.9, 1.0, 0.8), "none", "kitchen"),
                UnitView("Microwave_1", "Microwave", (1.1, 0.8, 1.0), "none", "kitchen")]
    goals = ("STATE(Mug, heated)", "ON(Mug, Plate)")
    heated = OfflinePlanner().plan(request(units("heated"), goals, HEAT_PROCEDURE)).calls
    assert strs(heated) == ["navigate(Mug_1)", "pick(Mug_1)"]
    cold = OfflinePlanner().plan(request(units("none"), goals, HEAT_PROCEDURE)).calls
    assert strs(cold) == ["navigate(Mug_1)", "pick(Mug_1)", "navigate(Microwave_1)",
                          "heat(Mug_1)"]


def test_a_recipes_open_of_a_receptacle_memory_never_saw_with_a_door_is_skipped() -> None:
    """Round 57 (tune3 untidied, stream seed 3162, s0025): the recipe of "put the tomato in
    <2>", recorded where <2> was a cabinet (walk to it, open it, fetch the tomato from the
    fridge, put it in), replayed for "put the tomato in the sink basin", sent
    open(SinkBasin) first: refused, "a SinkBasin cannot be opened or closed", two calls
    the arm without experience did not make. Memory had seen the sink basin 132 times and
    never read it opened or closed: the walk to it and its open are skipped, and the
    recipe goes on at the fridge. A sink basin memory saw once (perhaps a misread) or
    whose count it did not give still has its open sent."""
    proc = ("procedure that worked 5/5 times for this task: navigate(SinkBasin) ; "
            "open(SinkBasin) ; navigate(Fridge) ; open(Fridge) ; navigate(Tomato) ; "
            "pick(Tomato) ; navigate(SinkBasin) ; put(Tomato, SinkBasin, in) "
            "(last used: Fridge=Fridge_1) [proc:3]")

    def first_plan(observations: int) -> list[str]:
        units = [UnitView("SinkBasin_1", "SinkBasin", (-2.0, -1.0, 0.9), "none", "kitchen",
                          observations=observations),
                 UnitView("Fridge_1", "Fridge", (1.0, 1.9, 0.9), "closed", "kitchen",
                          observations=40)]
        req = request(units, ("INSIDE(Tomato, SinkBasin)",), proc)
        return strs(OfflinePlanner().plan(req).calls)

    assert first_plan(132) == ["navigate(Fridge_1)", "open(Fridge_1)"]
    assert first_plan(2) == ["navigate(Fridge_1)", "open(Fridge_1)"]
    for unknown in (0, 1):
        assert first_plan(unknown)[:2] == ["navigate(SinkBasin_1)", "open(SinkBasin_1)"]


def test_a_pick_listed_shut_in_ends_when_this_task_saw_the_object_in_the_open() -> None:
    """Round 58 (tune tidy, stream seed 3163, s0014/s0015): the bread's pick was refused
    "inside a closed Microwave" in s0013 and listed until the microwave is opened. The
    daily tidy put the bread back on the counter; this task's explore saw it there, yet
    the plan opened the microwave before the pick (+2 calls each). A sighting by this
    subtask (memory's count of sightings differs from the one at its first plan) of the
    object out of what the listing names (or memory moved it further than MOVED_RADIUS
    since the first plan: a unit seen again after a removal starts its count over) ends
    the listing, as an open does. Without a
    new sighting the listing holds (the tidy may have shut it in unseen); after this
    task's own refusal of the pick it holds too."""
    planner = OfflinePlanner()
    units = [UnitView("Microwave_1", "Microwave", (-0.2, -2.5, 0.9), "closed", "kitchen"),
             UnitView("CounterTop_1", "CounterTop", (0.0, 0.0, 0.9), "none", "kitchen"),
             UnitView("Fridge_1", "Fridge", (-2.1, 1.1, 0.9), "opened", "kitchen")]
    lines = ["do not pick(Bread_1): failed 1x in this state (PRECONDITION_FAILED) "
             "until Microwave_1 is opened [bad:5]"]

    def plan(seen: int, at_start: int, refused: bool = False,
             was: tuple[float, float, float] = (0.0, 0.0, 0.95)) -> list[str]:
        bread = UnitView("Bread_1", "Bread", (0.0, 0.0, 0.95), "none", "kitchen",
                         observations=seen)
        req = request([*units, bread], ("INSIDE(Bread, Fridge)",))
        req.known_bad, req.known_bad_until = known_bad_calls(lines), known_bad_until(lines)
        req.known_bad_codes = known_bad_codes(lines)
        req.notes["observations_at_start"] = {"Bread_1": at_start, "Microwave_1": 26}
        req.notes["position_at_start"] = {"Bread_1": was, "Microwave_1": units[0].position}
        if refused:
            req.history.append(StepLine(SkillCall("pick", ("Bread_1",)), False,
                                        int(ErrorCode.PRECONDITION_FAILED),
                                        "pick: the Bread is inside a closed Microwave"))
        return strs(planner.plan(req).calls)

    # 12693a5b: ["navigate(Microwave_1)", "open(Microwave_1)", "navigate(Bread_1)", ...]
    assert plan(seen=2, at_start=5)[:2] == ["navigate(Bread_1)", "pick(Bread_1)"]
    assert plan(seen=6, at_start=5)[:2] == ["navigate(Bread_1)", "pick(Bread_1)"]
    assert plan(seen=5, at_start=5)[:2] == ["navigate(Microwave_1)", "open(Microwave_1)"]
    # Removed (an open showed its old place empty) and seen again by the explore: the
    # count started over and came back equal, but memory has it elsewhere now (s0015).
    assert plan(seen=2, at_start=2, was=(-1.0, 1.2, 0.9))[:2] == ["navigate(Bread_1)",
                                                                  "pick(Bread_1)"]
    assert "open(Microwave_1)" in plan(seen=6, at_start=5, refused=True)


def test_a_pick_listed_not_found_ends_when_this_task_saw_the_object() -> None:
    """Round 60 (tune2 tidy, stream seed 3159, s0020): the soap bottle's pick was refused
    "where it is is unknown" ten tasks before (NOT_FOUND: no object at memory's spot then)
    and listed in every state since (a pick's state names no place). This task opened the
    cabinet memory has the bottle in and the camera saw it there, yet the listing passed
    the bottle over: the plan walked to the drawer and back (+2 calls). A sighting by this
    subtask ends a NOT_FOUND listing of the pick; without one it holds, and after this
    task's own refusal of the pick too."""
    planner = OfflinePlanner()
    cabinet = UnitView("Cabinet_1", "Cabinet", (0.4, 0.5, 0.4), "opened", "kitchen",
                       observations=30)
    lines = ["do not pick(Soap_1): failed 1x in this state (NOT_FOUND) [bad:9]"]

    def plan(seen: int, refused: bool = False) -> list[str]:
        soap = UnitView("Soap_1", "SoapBottle", (0.4, 0.4, 0.4), "none", "kitchen",
                        receptacle_id="Cabinet_1", relation="in", observations=seen)
        req = request([cabinet, soap, *DRAWERS], ("ON(SoapBottle, CounterTop)",))
        req.known_bad, req.known_bad_until = known_bad_calls(lines), known_bad_until(lines)
        req.known_bad_codes = known_bad_codes(lines)
        req.notes["observations_at_start"] = {"Soap_1": 6, "Cabinet_1": 30}
        req.notes["position_at_start"] = {"Soap_1": (0.4, 0.4, 0.4),
                                          "Cabinet_1": cabinet.position}
        req.history.append(StepLine(SkillCall("navigate", ("Soap_1",)), True, 0, "ok"))
        req.history.append(StepLine(SkillCall("open", ("Cabinet_1",)), True, 0, "ok"))
        if refused:
            req.history.append(StepLine(SkillCall("pick", ("Soap_1",)), False,
                                        int(ErrorCode.NOT_FOUND), "pick: not found"))
        return strs(planner.plan(req).calls)

    # e9f26084: the bottle passed over ("pick(Soap_1)" in no plan after the open).
    assert plan(seen=7)[:1] == ["pick(Soap_1)"]
    assert "pick(Soap_1)" not in plan(seen=6)
    assert "pick(Soap_1)" not in plan(seen=7, refused=True)


def test_a_unit_the_robot_put_in_an_earlier_task_in_a_tidied_house_is_looked_for_at_home_first(
) -> None:
    """Round 64, tidy tuning streams: memory has the apple on the counter where the robot
    put it the task before; the tidy has taken it back to the drawer it was found in.
    Recall names the unit and that drawer (`ExperienceMemory._put_back`): the drawer,
    read closed, is opened first, once per unit and task, and the unit itself is gone to
    after that (at once without the line, without a drawer named, or with another apple
    memory has)."""
    apple = UnitView("Apple_1", "Apple", (2.0, 0.9, 1.0), "none", "kitchen",
                     receptacle_id="CounterTop_1", relation="on")
    goals = ("INSIDE(Apple, SinkBasin)",)
    line = ("Apple_1 was put in CounterTop_1 by the robot in an earlier task, and this "
            "house puts things back")
    assert put_back([f"{line} (found in Drawer_1 before)", USUAL_DRAWER, line,
                     "Apple_2 was put in CounterTop_1"]) == {"Apple_1": "Drawer_1"}
    req = request([*HOUSE, apple], goals)
    req.facts = (USUAL_DRAWER,)
    assert strs(OfflinePlanner().plan(req).calls)[:1] == ["navigate(Apple_1)"]
    req = request([*HOUSE, apple], goals)
    req.facts = (USUAL_DRAWER, f"{line} (found in Drawer_1 before)")
    planner = OfflinePlanner()
    assert strs(planner.plan(req).calls) == ["navigate(Drawer_1)", "open(Drawer_1)"]
    for call in (SkillCall("navigate", ("Drawer_1",)), SkillCall("open", ("Drawer_1",))):
        req.history.append(StepLine(call, True, ErrorCode.NONE, ""))
    # Round 88: the drawer opened and memory saw no apple in it: a close look at the
    # drawer before the walk to the put's place (the camera misses things in a drawer
    # just opened), once.
    assert strs(planner.plan(req).calls) == ["explore(Drawer_1, Apple)"]
    req.history.append(StepLine(SkillCall("explore", ("Drawer_1", "Apple")), False,
                                ErrorCode.NOT_FOUND, "explore: no Apple seen"))
    assert strs(planner.plan(req).calls)[:1] == ["navigate(Apple_1)"]
    req = request([*HOUSE, apple], goals)
    req.facts = (USUAL_DRAWER, line)
    assert strs(OfflinePlanner().plan(req).calls)[:1] == ["navigate(Apple_1)"]
    other = UnitView("Apple_2", "Apple", (5.5, 0.5, 5.0), "none", "living_room",
                     receptacle_id="SideTable_1", relation="on")
    req = request([*HOUSE, apple, other], goals)
    req.facts = (USUAL_DRAWER, f"{line} (found in Drawer_1 before)")
    assert strs(OfflinePlanner().plan(req).calls)[:1] != ["navigate(Drawer_1)"]


@pytest.mark.parametrize("case", ["usual place", "put's home", "refused before", "room",
                                  "no experience", "failed explore", "far", "off",
                                  "refused since"])
def test_a_unit_an_explore_of_an_experience_named_place_saw_comes_first(case: str) -> None:
    """Round 114, tune2 tidy 3152 s0029 (experience arm): "explore: saw a Bread" on the
    counter where bread usually is; the answers held only a bread the robot had put in
    the garbage can, and the plan walked to it and two more stale ones (NOT_FOUND each)
    before the one on the counter, which only the scene listing held. After this task's
    explore for the type at a place experience names for it (its usual place, or the home
    of a put in a house that puts things back) saw one, the unit memory holds there is
    taken first, also when a walk to it was refused before the explore (fresh86c tidy
    s0025, round 114's seen114: the spatula passed over, lost); not one refused since. Not
    after a room's explore or a failed one, not without experience, not one beyond
    `explore_sighting_m`, and not with the setting at 0."""
    stale = UnitView("Bread_1", "Bread", (-2.8, 1.6, 0.2), "none", "kitchen",
                     receptacle_id="GarbageCan_1", relation="in", observations=9)
    seen = UnitView("Bread_2", "Bread", (4.5 if case == "far" else 2.1, 0.8, 1.0), "none",
                    "kitchen")
    req = request([*HOUSE, CAN, stale], ("INSIDE(Bread, Drawer)",))
    req.scene = {seen.object_id: seen}
    usual = "Bread is usually on CounterTop_1 (CounterTop), 12x [fact:1]"
    put = ("Bread_1 was put in GarbageCan_1 by the robot in an earlier task, and this "
           "house puts things back (found in CounterTop_1 at 0.90, -1.30, 1.00 before)")
    req.facts = {"usual place": (usual,), "put's home": (put,)}.get(case, (usual,))
    if case == "no experience":
        req.facts = ()
    place = "kitchen" if case == "room" else "CounterTop_1"
    refusal = StepLine(SkillCall("navigate", ("Bread_2",)), False, ErrorCode.NOT_FOUND,
                       "navigate: 'Bread_2': no Bread within 0.75 m")
    if case == "refused before":   # the explore is newer: it may have seen that one
        req.history.append(refusal)
    req.history.append(StepLine(SkillCall("explore", (place, "Bread")), case != "failed explore",
                                ErrorCode.NONE if case != "failed explore"
                                else ErrorCode.NOT_FOUND, "explore: saw a Bread"))
    if case == "refused since":
        req.history.append(refusal)
    settings = OfflineSettings(explore_sighting_m=0.0 if case == "off" else 1.5)
    first = strs(OfflinePlanner(settings=settings).plan(req).calls)[:1]
    if case in ("usual place", "put's home", "refused before"):
        assert first == ["navigate(Bread_2)"]
    else:
        assert first != ["navigate(Bread_2)"], first


def test_a_placement_met_on_a_put_the_house_undoes_is_not_looked_at_when_home_is_elsewhere(
) -> None:
    """Round 114, tune2 tidy 3152 (experience arm): the bread put in the fridge in an
    earlier task, found on the counter before, was looked for in the fridge (a walk and an
    open) at the start of three "put the bread away in the fridge" tasks, then fetched from
    the counter each time. In a house that puts things back, a put whose home (the place
    it was found in before, with its spot) is not of the goal's receptacle type is
    undone: no look, the plan fetches it from home. A home of the goal's type or in one
    (tune2 tidy 3159 s0014: the cup's pot in the cabinet), or a line without the spot,
    keeps the look."""
    apple = UnitView("Apple_1", "Apple", (4.0, 0.5, 1.0), "none", "kitchen",
                     receptacle_id="Drawer_2", relation="in")
    line = ("Apple_1 was put in Drawer_2 by the robot in an earlier task, and this house "
            "puts things back (found in {}{} before)")
    spot = " at 2.00, 0.90, 1.00"

    pot = UnitView("Pot_1", "Pot", (1.0, 0.5, 1.0), "none", "kitchen",
                   receptacle_id="Drawer_1", relation="in")

    def plan(home: str, at: str) -> list[str]:
        req = request([*HOUSE, apple, pot], ("INSIDE(Apple, Drawer)",))
        req.facts = (line.format(home, at),)
        return strs(OfflinePlanner().plan(req).calls)

    look = ["navigate(Drawer_2)", "open(Drawer_2)"]
    assert plan("Drawer_1", spot) == look          # the house's return may meet the goal
    assert plan("Pot_1", spot) == look             # so may one into a pot in a drawer
    assert plan("CounterTop_1", "") == look        # no spot: the fetch would go there too
    fetch = plan("CounterTop_1", spot)
    assert fetch[:1] != ["navigate(Drawer_2)"] and "open(Drawer_2)" not in fetch[:2], fetch
    assert fetch[0] in ("navigate(CounterTop_1)", "explore(CounterTop_1, Apple)"), fetch


def test_a_put_back_unit_is_taken_at_its_spot_in_the_opened_home_when_the_look_is_listed(
) -> None:
    """Round 112, fresh108b tidy s0016/s0017: the plate's home cabinet, named by the
    put-back line, was opened; the close look there (round 88) was listed known bad (one
    in this state had seen nothing: the detector misses things in a receptacle just
    opened), so the plan walked to the sink the plate had been put in, refused NOT_FOUND
    in both tasks; the plate was in the open cabinet. With the line's spot, the unit is
    taken there, in its home, once; without a spot the walk to the put's place stands."""
    apple = UnitView("Apple_1", "Apple", (2.0, 0.9, 1.0), "none", "kitchen",
                     receptacle_id="CounterTop_1", relation="on")
    line = ("Apple_1 was put in CounterTop_1 by the robot in an earlier task, and this "
            "house puts things back (found in Drawer_1{} before)")

    def after_the_open(spot: str) -> tuple[OfflinePlanner, PlanRequest]:
        req = request([*HOUSE, apple], ("INSIDE(Apple, SinkBasin)",))
        req.facts = (USUAL_DRAWER, line.format(spot))
        req.known_bad = known_bad_calls(["do not explore(Drawer_1, Apple): failed 1x in this"
                                         " state (NOT_FOUND) [bad:4]"])
        planner = OfflinePlanner()
        assert strs(planner.plan(req).calls) == ["navigate(Drawer_1)", "open(Drawer_1)"]
        for call in (SkillCall("navigate", ("Drawer_1",)), SkillCall("open", ("Drawer_1",))):
            req.history.append(StepLine(call, True, ErrorCode.NONE, ""))
        req.vocab.add_units([replace(HOUSE[0], state="opened")])   # memory saw it opened
        return planner, req

    planner, req = after_the_open(" at 1.05, 0.50, 0.95")
    assert strs(planner.plan(req).calls)[:1] == ["pick(Apple_1)"]
    taken = req.vocab.objects["Apple_1"]
    assert (taken.position, taken.receptacle_id) == ((1.05, 0.5, 0.95), "Drawer_1")
    planner, req = after_the_open("")
    assert strs(planner.plan(req).calls)[:1] == ["navigate(Apple_1)"]
    assert req.vocab.objects["Apple_1"].position == apple.position


def test_a_unit_at_the_spot_a_put_back_object_was_found_at_comes_before_the_put() -> None:
    """Round 110, tune tidy 3152: the tomato the robot had put in the pot (or the garbage
    can, or the fridge) in an earlier task was walked to there at the start of five tasks,
    refused NOT_FOUND each time, while the scene listing held a tomato on the counter at
    the spot the tomato had been found at before the put, where the tidy puts it back.
    With the put-back line's spot (memory's position at that find), a unit of the type
    memory holds within `put_home_radius_m` of it comes first; not one elsewhere on the
    same counter (the robot's own put there, which the tidy empties), not one absent, and
    not without the spot or with the setting at 0. With none at the spot, the home is
    looked at from close by first (s0017 walked to three piled-up puts of the tomato,
    NOT_FOUND each), once."""
    put = UnitView("Apple_1", "Apple", (4.0, 0.5, 1.0), "none", "kitchen",
                   receptacle_id="Pot_1", relation="in")
    pot = UnitView("Pot_1", "Pot", (4.0, 0.5, 1.0), "none", "kitchen")
    at_spot = UnitView("Apple_5", "Apple", (2.3, 0.8, 1.0), "none", "kitchen",
                       receptacle_id="CounterTop_1", relation="on")
    elsewhere = replace(at_spot, object_id="Apple_6", position=(1.2, 0.9, 1.0))
    line = ("Apple_1 was put in Pot_1 by the robot in an earlier task, and this house puts "
            "things back (found in CounterTop_1 at 2.40, 0.90, 1.00 before)")
    assert put_back_spots([line, line.replace(" at 2.40, 0.90, 1.00", "")]) == {
        "Apple_1": (2.4, 0.9, 1.0)}
    goals = ("INSIDE(Apple, SinkBasin)",)

    def first(facts: tuple[str, ...], scene: list[UnitView], radius: float = 0.5,
              looked: bool = False) -> str:
        req = request([*HOUSE, pot, put], goals)
        req.facts = facts
        req.scene = {u.object_id: u for u in [*HOUSE, pot, put, *scene]}
        if looked:
            req.notes["looked_close"] = {("CounterTop_1", "Apple")}
        planner = OfflinePlanner(settings=OfflineSettings(put_home_radius_m=radius))
        return strs(planner.plan(req).calls)[0]

    assert first((line,), [at_spot, elsewhere]) == "navigate(Apple_5)"
    assert first((line,), [elsewhere]) == "explore(CounterTop_1, Apple)"
    assert first((line,), [replace(at_spot, state="absent")]) == "explore(CounterTop_1, Apple)"
    assert first((line,), [elsewhere], looked=True) == "navigate(Apple_1)"
    assert first((line.replace(" at 2.40, 0.90, 1.00", ""),), [at_spot]) == "navigate(Apple_1)"
    assert first((line,), [at_spot], radius=0.0) == "navigate(Apple_1)"
    # Not one this task was refused at, nor one experience lists as failed in this state.
    req = request([*HOUSE, pot, put], goals)
    req.facts = (line,)
    req.scene = {u.object_id: u for u in [*HOUSE, pot, put, at_spot]}
    req.history.append(StepLine(SkillCall("navigate", ("Apple_5",)), False,
                                ErrorCode.NOT_FOUND, "no Apple within 0.75 m"))
    assert "navigate(Apple_5)" not in strs(OfflinePlanner().plan(req).calls)
    req = request([*HOUSE, pot, put], goals)
    req.facts = (line,)
    req.scene = {u.object_id: u for u in [*HOUSE, pot, put, at_spot]}
    req.known_bad = frozenset({SkillCall("navigate", ("Apple_5",))})
    assert strs(OfflinePlanner().plan(req).calls)[0] == "explore(CounterTop_1, Apple)"
    # The put already found absent (memory still names it, with its home): the spot too.
    req = request([*HOUSE, pot, replace(put, state="absent")], goals)
    req.facts = (line,)
    req.scene = {u.object_id: u for u in [*HOUSE, pot, put, at_spot]}
    assert strs(OfflinePlanner().plan(req).calls)[:2] == ["navigate(Apple_5)", "pick(Apple_5)"]


def test_a_put_the_scene_listing_has_back_at_its_spot_is_walked_to_where_the_listing_has_it(
) -> None:
    """Round 111, fresh86c tidy s0023: the close look at the counter saw the spatula,
    memory joined the sighting to the put's own unit and the scene listing read after the
    look had it back at the spot it had been found at before the put; the plan's answers
    still had it in the drawer the robot had put it in, and the walk went there
    (NOT_FOUND). The put's own unit is taken, and the walk goes where the listing has it;
    not when the listing has it elsewhere, not when this task was refused at it, and not
    with the setting at 0."""
    put = UnitView("Apple_1", "Apple", (4.0, 0.5, 1.0), "none", "kitchen",
                   receptacle_id="Pot_1", relation="in")
    pot = UnitView("Pot_1", "Pot", (4.0, 0.5, 1.0), "none", "kitchen")
    back = replace(put, position=(2.3, 0.8, 1.0), receptacle_id="", relation="")
    line = ("Apple_1 was put in Pot_1 by the robot in an earlier task, and this house puts "
            "things back (found in CounterTop_1 at 2.40, 0.90, 1.00 before)")
    goals = ("INSIDE(Apple, SinkBasin)",)

    def plan(listed: UnitView, radius: float = 0.5, refused: bool = False
             ) -> tuple[list[str], PlanRequest]:
        req = request([*HOUSE, pot, put], goals)
        req.facts = (line,)
        req.scene = {u.object_id: u for u in [*HOUSE, pot, listed]}
        req.notes["looked_close"] = {("CounterTop_1", "Apple")}
        if refused:
            req.history.append(StepLine(SkillCall("navigate", ("Apple_1",)), False,
                                        ErrorCode.NOT_FOUND, "no Apple within 0.75 m"))
        planner = OfflinePlanner(settings=OfflineSettings(put_home_radius_m=radius))
        return strs(planner.plan(req).calls), req

    calls, req = plan(back)
    assert calls[:2] == ["navigate(Apple_1)", "pick(Apple_1)"]
    assert req.vocab.objects["Apple_1"].position == (2.3, 0.8, 1.0)   # the walk's target
    for listed, kw in ((put, {}), (replace(back, position=(1.2, 0.9, 1.0)), {}),
                       (back, {"radius": 0.0})):
        calls, req = plan(listed, **kw)
        assert calls[0] == "navigate(Apple_1)"
        assert req.vocab.objects["Apple_1"].position == (4.0, 0.5, 1.0)
    calls, req = plan(back, refused=True)
    assert req.vocab.objects["Apple_1"].position == (4.0, 0.5, 1.0)


def test_a_put_back_home_read_open_is_opened_and_an_apple_seen_since_comes_before_the_put(
) -> None:
    """Round 87, tune2 tidy 3152: (s0005) the knife's home drawer, which memory read open
    from the robot's own earlier open, was not opened (the tidy had shut it): NOT_FOUND at
    the put's place and an explore before the open; (s0026) with another knife in memory,
    the plan still went to the one the robot had put (seen more often) and was refused
    NOT_FOUND. A home read open is opened unless an open of it ran in this task, and a unit
    experience doubts as put back yields to another of its type."""
    apple = UnitView("Apple_1", "Apple", (2.0, 0.9, 1.0), "none", "kitchen",
                     receptacle_id="CounterTop_1", relation="on", observations=9)
    goals = ("INSIDE(Apple, SinkBasin)",)
    line = ("Apple_1 was put in CounterTop_1 by the robot in an earlier task, and this "
            "house puts things back (found in Drawer_1 before)")
    read_open = [replace(HOUSE[0], state="opened"), *HOUSE[1:]]
    req = request([*read_open, apple], goals)
    req.facts = (USUAL_DRAWER, line)
    assert strs(OfflinePlanner().plan(req).calls) == ["navigate(Drawer_1)", "open(Drawer_1)"]
    req = request([*read_open, apple], goals)
    req.facts = (USUAL_DRAWER, line)
    req.history.append(StepLine(SkillCall("open", ("Drawer_1",)), True, ErrorCode.NONE, ""))
    req.notes["looked_close"] = {("Drawer_1", "Apple")}   # round 88's close look, made
    assert strs(OfflinePlanner().plan(req).calls)[:1] == ["navigate(Apple_1)"]
    seen = UnitView("Apple_3", "Apple", (1.0, 0.5, 1.0), "none", "kitchen",
                    receptacle_id="Drawer_1", relation="in", observations=1)
    req = request([*read_open, apple, seen], goals)
    req.facts = (USUAL_DRAWER, line)
    assert strs(OfflinePlanner().plan(req).calls)[:1] == ["navigate(Apple_3)"]
    req = request([*read_open, apple, seen], goals)
    req.facts = (USUAL_DRAWER,)
    assert strs(OfflinePlanner().plan(req).calls)[:1] == ["navigate(Apple_1)"]


def test_a_search_opens_the_home_of_a_unit_absent_at_the_robots_put_first() -> None:
    """Round 98, fresh91b tidy s0011: the cup memory had absent from the fridge the robot
    had put it in (the tidy had taken it home) made the fridge the first place searched,
    then fifteen cabinets, never the cup's home cabinet, read open (the robot's own open;
    the tidy shut it). With the put-back line naming its home, the search opens the home
    first; without it, where memory last had it, as before."""
    fridge = UnitView("Fridge_1", "Fridge", (3.0, 0.0, 1.0), "closed", "kitchen")
    home = UnitView("Drawer_1", "Drawer", (1.0, 0.5, 1.0), "opened", "kitchen")
    apple = UnitView("Apple_1", "Apple", (3.0, 0.0, 1.0), "absent", "kitchen",
                     receptacle_id="Fridge_1", relation="in")
    line = ("Apple_1 was put in Fridge_1 by the robot in an earlier task, and this house "
            "puts things back (found in Drawer_1 before)")
    for facts, first in (((), "Fridge_1"), ((line,), "Drawer_1")):
        req = request([fridge, home, HOUSE[1], HOUSE[2], apple], ("ON(Apple, CounterTop)",))
        req.facts = facts
        req.robot_position = (2.0, 0.5, 0.0)
        req.notes["explored"] = {("kitchen", "Apple"), ("living_room", "Apple")}
        assert strs(OfflinePlanner().plan(req).calls) == [f"navigate({first})",
                                                          f"open({first})"]


def test_a_put_back_home_that_does_not_open_is_looked_for_in_the_cabinet_it_stands_in(
) -> None:
    """Round 101, fresh94a tidy s0019-s0020: the cup's home before the robot put it in the
    fridge was the pot in its usual cabinet (memory had read the cup found in the pot). A
    pot does not open, so the put-back doubt gave up and the plan walked to the put's
    place, refused NOT_FOUND in two tasks running. The home is the receptacle up the pot's
    chain that opens: that cabinet, read open from the robot's own earlier open (the tidy
    shut it), is opened first, as a home that opens would be; and a search for a cup
    absent at the put opens it first too."""
    cabinet = UnitView("Cabinet_1", "Cabinet", (1.0, 1.7, 0.4), "opened", "kitchen")
    pot = UnitView("Pot_1", "Pot", (1.0, 1.7, 0.4), "none", "kitchen",
                   receptacle_id="Cabinet_1", relation="in")
    fridge = UnitView("Fridge_1", "Fridge", (1.7, 5.3, 0.9), "closed", "kitchen")
    line = ("Cup_1 was put in Fridge_1 by the robot in an earlier task, and this house "
            "puts things back (found in Pot_1 before)")
    goals = ("INSIDE(Cup, SinkBasin)",)
    for state, first in (("none", ["navigate(Cabinet_1)", "open(Cabinet_1)"]),
                         ("absent", ["navigate(Cabinet_1)", "open(Cabinet_1)"])):
        cup = UnitView("Cup_1", "Cup", (1.7, 5.3, 0.9), state, "kitchen",
                       receptacle_id="Fridge_1", relation="in")
        req = request([cabinet, pot, fridge, *HOUSE, cup], goals)
        req.facts = (line,)
        req.robot_position = (2.0, 3.0, 0.0)
        if state == "absent":
            req.notes["explored"] = {("kitchen", "Cup"), ("living_room", "Cup")}
        assert strs(OfflinePlanner().plan(req).calls)[:2] == first, state
    # A home that opens is itself the place, as before; a home memory does not hold, too.
    cup = UnitView("Cup_1", "Cup", (1.7, 5.3, 0.9), "none", "kitchen",
                   receptacle_id="Fridge_1", relation="in")
    req = request([cabinet, pot, fridge, *HOUSE, cup], goals)
    req.facts = (line.replace("Pot_1", "Drawer_1"),)
    assert strs(OfflinePlanner().plan(req).calls)[:2] == ["navigate(Drawer_1)",
                                                          "open(Drawer_1)"]
    req = request([cabinet, fridge, *HOUSE, cup], goals)
    req.facts = (line,)
    assert strs(OfflinePlanner().plan(req).calls)[:1] == ["navigate(Cup_1)"]


def test_the_loops_read_times_stay_live_across_a_dry_plan() -> None:
    """Round 65: a plan that must leave no trace restores the notes from a copy; the read
    times the loop answers ReadTimesWanted with (`notes["state_read"]`) were restored as a
    copy too, so a time asked for inside a dry plan went to the loop's dict, the planner
    read the copy, asked again, and the loop stopped the task ("asked again for read
    times it has"; tune tidy 3159 s0017, 3163 s0018-s0019 with the put-back doubt)."""
    from memory_node.planner.core.offline import _restore, _snapshot  # noqa: PLC0415

    req = request(list(HOUSE), ("INSIDE(Apple, SinkBasin)",))
    dated: dict[str, float | None] = req.notes.setdefault("state_read", {})
    saved = _snapshot(req)
    req.notes["bindings"] = {"x": "y"}
    _restore(req, saved)
    dated["Drawer_1"] = 5.0
    assert req.notes["state_read"] is dated
    assert "bindings" not in req.notes


def test_a_pick_listed_until_a_receptacle_memory_never_read_opens_that_one_first() -> None:
    """Issue 15, round 66: a pick refused while shut in a receptacle whose door memory has
    not read (state "none") was listed "until Cabinet_2 is opened", yet the listing's
    receptacle counted only when memory had read it opened or closed: with the cup in
    that cabinet the plan picked with no open before it, and with memory's cup on the
    counter a read cabinet beside it was opened instead; either way the pick was refused
    again in the same state, once per task. A cabinet memory has not read opens when
    memory has read another cabinet open or closed (the type has a door); a pot never
    read either way does not (its open would be refused: it has none)."""
    cup = UnitView("Cup_1", "Cup", (-1.2, -2.2, 0.5), "none", "kitchen", "Cabinet_2", "in")
    on_counter = replace(cup, position=(-1.2, -2.4, 0.9), receptacle_id="CounterTop_1",
                         relation="on")
    units = [UnitView("Cabinet_2", "Cabinet", (-1.2, -2.2, 0.5), "none", "kitchen"),
             UnitView("Cabinet_3", "Cabinet", (-1.0, -2.2, 0.5), "closed", "kitchen"),
             UnitView("Pot_1", "Pot", (-1.3, -2.3, 0.9), "none", "kitchen"),
             UnitView("CounterTop_1", "CounterTop", (-1.2, -2.4, 0.9), "none", "kitchen")]

    def plan(unit: UnitView, until: str = "Cabinet_2", others: tuple[UnitView, ...] = ()
             ) -> list[str]:
        lines = ["do not pick(Cup_1): failed 3x in this state (PRECONDITION_FAILED) "
                 f"until {until} is opened [bad:5]"]
        req = request([*(others or units), unit], ("HOLDING(Cup)",))
        req.known_bad, req.known_bad_until = known_bad_calls(lines), known_bad_until(lines)
        req.known_bad_codes = known_bad_codes(lines)
        return strs(OfflinePlanner().plan(req).calls)

    # b48ad0a5: ["navigate(Cup_1)", "pick(Cup_1)"] both times.
    assert plan(cup) == ["navigate(Cup_1)", "open(Cabinet_2)", "pick(Cup_1)"]
    assert plan(on_counter)[:2] == ["navigate(Cabinet_2)", "open(Cabinet_2)"]
    # The same listing with memory's cabinet read closed: as before.
    read = [replace(units[0], state="closed"), *units[1:]]
    assert plan(cup, others=tuple(read)) == plan(cup)
    # No cabinet read either way: memory has no word that the type opens.
    unread = [units[0], replace(units[1], state="none"), *units[2:]]
    assert "open(Cabinet_2)" not in plan(cup, others=tuple(unread))
    # Listed until the pot (never read, its type never read): not opened.
    assert "open(Pot_1)" not in plan(replace(cup, receptacle_id="Pot_1"), until="Pot_1")


def test_a_listed_pick_in_a_receptacle_without_a_door_opens_the_cabinet_beside_it() -> None:
    """Tune tidy, stream seed 3267, s0001/s0002 (round 66): memory had a ghost sponge in
    the sink basin; its pick was refused "inside a closed Cabinet" and listed until the
    basin is opened. The next task's dodge opened memory's receptacle, the basin (refused:
    no door, never read opened or closed, nor any unit of its type), and the loop's second
    meeting of the pick ran it: refused again in the same state, once per task. Memory's
    receptacle is not opened first when memory has seen it again and again and never with
    a door, nor any unit of its type; the refusal's own choice (`_repair_as_refused`) is,
    the cabinet beside the sponge."""
    units = [UnitView("SinkBasin_1", "SinkBasin", (-1.9, -1.5, 0.9), "none", "kitchen",
                      observations=40),
             UnitView("Cabinet_1", "Cabinet", (-1.2, -2.2, 0.5), "closed", "kitchen"),
             UnitView("Cabinet_2", "Cabinet", (0.5, -2.2, 0.5), "closed", "kitchen"),
             UnitView("DishSponge_1", "DishSponge", (-1.7, -1.7, 0.9), "none", "kitchen",
                      "SinkBasin_1", "in")]
    lines = ["do not pick(DishSponge_1): failed 1x in this state (PRECONDITION_FAILED) "
             "until SinkBasin_1 is opened [bad:5]"]

    def plan(rec_state: str) -> list[str]:
        req = request([replace(units[0], state=rec_state), *units[1:]],
                      ("HOLDING(DishSponge)",))
        req.known_bad, req.known_bad_until = known_bad_calls(lines), known_bad_until(lines)
        req.known_bad_codes = known_bad_codes(lines)
        req.notes["at"] = "DishSponge_1"
        req.history.append(StepLine(SkillCall("navigate", ("DishSponge_1",)), True, 0, ""))
        return strs(OfflinePlanner().plan(req).calls)

    # b48ad0a5: ["open(SinkBasin_1)", "pick(DishSponge_1)"]
    assert plan("none")[:2] == ["navigate(Cabinet_1)", "open(Cabinet_1)"]
    # A receptacle memory has read closed is memory's receptacle, opened first as before.
    assert plan("closed")[:1] == ["open(SinkBasin_1)"]
    # So is one memory has hardly seen (its door may simply never have been read).
    units[0] = replace(units[0], observations=1)
    assert plan("none")[:1] == ["open(SinkBasin_1)"]

def test_a_placement_the_robot_left_where_it_stays_is_met_without_a_look() -> None:
    """Round 66, tune2 untidied, stream seed 3162: the robot found the butter knife in a
    drawer, put it back and closed it; in five later tasks "put the butter knife away in
    the drawer and close it" went to the drawer, opened it to look and closed it again (3
    calls each). With recall's line that the robot left it there and that it stays there
    (`experience.left_by_robot`), the goal is met on it: no call. Without the line, or
    with a line naming another receptacle than memory's, the look stays."""
    knife = UnitView("Knife_1", "ButterKnife", (1.0, 0.5, 1.0), "none", "kitchen",
                     receptacle_id="Drawer_1", relation="in")
    goals = ("INSIDE(ButterKnife, Drawer)",)
    line = "Knife_1 was left in Drawer_1 by the robot, and it stays there"
    assert left_by_robot([USUAL_DRAWER, line, "Knife_2 was left in Drawer_1", "x" * 5000,
                          line.replace("Knife_1", "Knife_3") + " (found)"]) == {
        "Knife_1": "Drawer_1"}
    req = request([*HOUSE, knife], goals)
    assert strs(OfflinePlanner().plan(req).calls) == ["navigate(Drawer_1)", "open(Drawer_1)"]
    req = request([*HOUSE, knife], goals)
    req.facts = (line,)
    assert strs(OfflinePlanner().plan(req).calls) == []
    req = request([*HOUSE, knife], goals)
    req.facts = (line.replace("in Drawer_1", "in Drawer_2"),)
    assert strs(OfflinePlanner().plan(req).calls) == ["navigate(Drawer_1)", "open(Drawer_1)"]


def test_a_state_the_robot_made_on_an_object_it_left_where_it_stays_is_met_without_a_look(
        ) -> None:
    """Round 68, untidied tuning streams (tune3 untidied 3163, s0020/s0021): a task heated
    the egg and put it on the counter; the next task, the same, went to look at the egg,
    the camera did not confirm "heated" (memory's state stays a skill's unconfirmed word),
    and the egg was picked, heated again and put back: 6 calls for a goal that held. With
    experience's state fact of the robot's own heat (`experience.made_states`) and its
    line that the robot left the egg where memory has it and that it stays there
    (`experience.left_by_robot`, only in a house that keeps the robot's puts), the goal
    is met: no call. Either line alone, or the robot's state another than the goal's, or
    the egg left elsewhere: the look stays."""
    egg = UnitView("Egg_1", "Egg", (2.0, 0.9, 1.0), "heated", "kitchen",
                   receptacle_id="CounterTop_1", relation="on", observations=5,
                   state_confirmed=False)
    goals = ("STATE(Egg, heated)", "ON(Egg, CounterTop)")
    left = "Egg_1 was left in CounterTop_1 by the robot, and it stays there"
    made = "Egg_1 (Egg) is in state heated [fact:68]"
    assert made_states([made, "Egg_2 (Egg) is in state", "x" * 5000,
                        "Egg_3 (Egg) is on CounterTop_1 [fact:3]",
                        "Egg_1 (Egg) is in state cooled [fact:70]",     # second: ignored
                        "Mug_1 (Mug) is in state filled, 2x [fact:9]"]) == {
        "Egg_1": "heated", "Mug_1": "filled"}

    def plan(*facts: str, unit: UnitView = egg) -> list[str]:
        req = request([*HOUSE, unit], goals)
        req.facts = facts
        return strs(OfflinePlanner().plan(req).calls)

    assert plan() == ["navigate(Egg_1)"]
    assert plan(left) == ["navigate(Egg_1)"]
    assert plan(made) == ["navigate(Egg_1)"]
    assert plan(left, made) == []
    assert plan(left, made.replace("heated", "cooled")) == ["navigate(Egg_1)"]
    assert plan(left.replace("CounterTop_1", "SideTable_1"), made) == ["navigate(Egg_1)"]
    # Work left on the egg (it is to go on the side table): the arm fetches it anyway, and
    # the pick takes whatever egg stands nearest memory's spot (tune3 untidied 3152 s0007:
    # the house's cold cup beside the robot's heated one), so the robot's state is looked
    # at and, unconfirmed, made again, as without the lines.
    goals = ("STATE(Egg, heated)", "ON(Egg, SideTable)")
    assert plan(left, made) == plan() == ["navigate(Egg_1)"]
    # Round 87 (tune3 tidy 3163 s0021): experience also says the robot put the egg there in
    # an earlier task in a house that puts things back; that doubt wins. Round 93 (fresh91a
    # tidy s0028): what put the egg back undid the robot's heat too, so the heat is not met
    # on memory's word and the egg is fetched from where it was found before the put (a
    # look at the put's place was refused NOT_FOUND, as in the task before).
    goals = ("STATE(Egg, heated)", "ON(Egg, CounterTop)")
    doubt = ("Egg_1 was put in CounterTop_1 by the robot in an earlier task, and this "
             "house puts things back (found in Drawer_1 before)")
    assert plan(left, made, doubt) == ["navigate(Drawer_1)", "open(Drawer_1)"]
    # Round 106 (heat106c): with no state fact of the robot's, the put-back line alone shows
    # the house undoing the robot's work, and memory's "heated" is doubted as well.
    assert plan(left, doubt) == ["navigate(Drawer_1)", "open(Drawer_1)"]


def test_a_state_the_robot_made_in_an_earlier_task_in_a_house_that_undoes_its_work_is_made_again(
        ) -> None:
    """Round 105 (tune3 tidy 3152 s0007 of the base, experience arm): the cup the robot had
    heated two tasks before and put back on its own side table (no put-back line: found
    there, put there) was carried to the counter on memory's "heated", which the daily
    tidy had undone; "done", lost. With experience's line that the robot left it heated in
    an earlier task in a house that undoes the robot's work (`undone_states`), the heat is
    planned again; without it, memory's word stands."""
    cup = UnitView("Cup_1", "Cup", (5.5, 0.5, 5.0), "heated", "living_room",
                   receptacle_id="SideTable_1", relation="on", observations=5)
    microwave = UnitView("Microwave_1", "Microwave", (1.0, 0.5, 1.1), "closed", "kitchen")
    line = ("Cup_1 (Cup) was left heated by the robot in an earlier task, and this house "
            "undoes the robot's work")
    assert undone_states([line, line.replace("Cup_1", "Cup 1"), "x" * 5000,
                          line.replace("undoes the robot's work", "puts things back")]) \
        == {"Cup_1"}

    def plan(*facts: str) -> list[str]:
        req = request([*HOUSE, cup, microwave], ("STATE(Cup, heated)", "ON(Cup, CounterTop)"))
        req.facts = facts
        return strs(OfflinePlanner().plan(req).calls)

    assert "heat(Cup_1)" not in plan("Cup_1 (Cup) is in state heated [fact:7]")
    assert "heat(Cup_1)" in plan(f"{line} [fact:7]")


def test_every_state_a_skill_makes_is_doubted_once_experience_shows_the_house_undoing_work(
        ) -> None:
    """Round 106 (fresh106c tidy s0026, peek106's experience arm): the cup in its home
    cabinet read "heated", with no state fact recall passed on, so heat106's line could not
    name it; the plan opened the cabinet and said done, lost. Once experience shows the
    house undoing the robot's work at all (a door left open it shut, a put taken back, a
    state undone), every state a skill makes that memory holds is doubted and made again;
    a door's open or closed is not (the camera reads it), nor without such a line."""
    cup = UnitView("Cup_1", "Cup", (5.5, 0.5, 5.0), "heated", "living_room",
                   receptacle_id="SideTable_1", relation="on", observations=5)
    microwave = UnitView("Microwave_1", "Microwave", (1.0, 0.5, 1.1), "closed", "kitchen")
    shut = ("Drawer_1 was left open by the robot in an earlier task, and this house shuts "
            "what is left open")

    def plan(*facts: str) -> list[str]:
        req = request([*HOUSE, cup, microwave], ("STATE(Cup, heated)", "ON(Cup, CounterTop)"))
        req.facts = facts
        return strs(OfflinePlanner().plan(req).calls)

    assert "heat(Cup_1)" not in plan()
    assert "heat(Cup_1)" in plan(shut)
    put = ("Apple_1 was put in CounterTop_1 by the robot in an earlier task, and this house "
           "puts things back")
    assert "heat(Cup_1)" in plan(put)


def test_the_doors_experience_says_the_house_shut_are_read_from_its_line() -> None:
    tail = " by the robot in an earlier task, and this house shuts what is left open"
    assert left_open([f"Fridge_1 was left open{tail}", f"Cabinet_1, Drawer_2 were left open{tail}",
                      "Fridge_1 was left open by the robot"]) == {"Fridge_1", "Cabinet_1",
                                                                  "Drawer_2"}
    too_many = ", ".join(f"Drawer_{n}" for n in range(65))
    for bad in (f"Fridge 1 was left open{tail}", f"{too_many} were left open{tail}",
                f"Fridge_1,Cabinet_1 were left open{tail}", f"was left open{tail}", ""):
        assert left_open([bad]) == frozenset(), bad


def test_a_room_explore_listed_known_bad_is_made_again_after_this_task_opened_there() -> None:
    """Fresh98c (untidied), s0000, round 103: the kitchen's explore for the pan failed and
    was listed known bad; the search then opened every cabinet, and the one that held the
    pan (high up) showed nothing from its door. The plain arm's look over the kitchen
    again saw the pan; the listing had sent the experience arm to look from the stove, the
    task ran out of steps, and the next opened the same seven cabinets again. The listing
    was made with the cabinets shut: once this task opened one in the kitchen, the look
    over again (`_look_again`) is planned, listed or not; the living room, where nothing
    was opened, stays listed."""
    planner = OfflinePlanner()
    vocab = Vocabulary()
    vocab.add_units([UnitView("Cabinet_1", "Cabinet", (3.0, 0.0, 2.1), "opened", "kitchen"),
                     UnitView("Sofa_1", "Sofa", (5.0, 0.0, 5.0), "none", "living_room")])
    req = PlanRequest("put the pan in the sink", "", vocab, ["kitchen", "living_room"],
                      goal_conditions=("HOLDING(Pan)",), robot_position=(3.0, -0.5, 0.0))
    listed = (SkillCall("explore", ("kitchen", "Pan")),
              SkillCall("explore", ("living_room", "Pan")))
    for call in listed:
        req.history.append(StepLine(call, False, ErrorCode.NOT_FOUND, "no Pan seen"))
    req.known_bad = frozenset(listed)
    req.known_bad_codes = {c: ErrorCode.NOT_FOUND.name for c in listed}
    req.notes["explored"] = {("kitchen", "Pan"), ("living_room", "Pan")}
    req.notes["searched"] = {("Cabinet_1", "Pan")}
    assert planner._stale(req, listed[0]) is False   # nothing opened since the look
    req.history.append(StepLine(SkillCall("navigate", ("Cabinet_1",)), True, ErrorCode.NONE, ""))
    req.history.append(StepLine(SkillCall("open", ("Cabinet_1",)), True, ErrorCode.NONE, ""))
    assert planner._stale(req, listed[0]) is True
    assert planner._stale(req, listed[1]) is False
    assert [str(c) for c in planner.plan(req).calls] == ["explore(kitchen, Pan)"]
