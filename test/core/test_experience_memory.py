"""Experience memory through the facade: outcomes and ends of episodes fill it (the same
calls the planner already makes), recall returns what it learned. Real SQLite, real
short-term memory, the real embedding model."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from memory_node.core.errors import Conflict, ErrorCode, NotFound
from memory_node.core.experience import ExperienceSettings
from memory_node.core.memory import Memory
from memory_node.core.memory_settings import MemorySettings, ShortTermSettings
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall_memory import RecallMemory, brief_from_fields
from memory_node.core.tokens import count_tokens
from memory_node.core.units import ObjectMemoryUnit as Unit

WASH = "put the washed apple in the fridge"


def house() -> list[Unit]:
    return [
        Unit("Apple_1", "Apple", (1, 0.9, 1), area_id="kitchen"),
        Unit("Tomato_1", "Tomato", (1.5, 0.9, 1), area_id="kitchen"),
        Unit("Fridge_1", "Fridge", (3, 0, 1), state="closed", area_id="kitchen"),
        Unit("SinkBasin_1", "SinkBasin", (0, 0.9, 2), area_id="kitchen"),
        Unit("Knife_1", "Knife", (0.5, 0.9, 1), area_id="kitchen"),
        Unit("Drawer_2", "Drawer", (0.5, 0.5, 1), state="closed", area_id="kitchen"),
        Unit("Sofa_1", "Sofa", (5, 0, 5), area_id="living room"),
    ]


def open_memory(path: Path, embedder: Embedder, **experience: object) -> Memory:
    m = Memory(MemorySettings(memory_dir=str(path), durability="normal",
                              short_term=ShortTermSettings(capacity=100)))
    m.recall = RecallMemory(m.short_term, m.recall.settings, embedder=embedder)
    m.attach_experience(ExperienceSettings(**experience))  # type: ignore[arg-type]
    return m


def _seen_facing_x(m: Memory, seen: list) -> None:
    """One frame of a camera at the origin looking along +x, seeing `seen`; recall wired
    to the long-term memory's receptacle boxes as the Memory facade wires its own."""
    from memory_node.core.perception.camera import CameraIntrinsics, Pose
    from memory_node.core.perception.frustum import CameraView

    m.recall.extent_of = m.long_term.extent
    m.recall.yaw_of = m.long_term.yaw
    m.recall.ids_near = m.long_term.ids_near
    m.recall.unit_fallback = m.long_term.unit
    look_x = Pose.make((0.0, 0.0, 1.0), (-0.5, 0.5, -0.5, 0.5))
    intrinsics = CameraIntrinsics(300.0, 300.0, 160.0, 120.0, 320, 240)
    m.long_term.apply(seen, CameraView(1.0, look_x, intrinsics, 0.3, 6.0), 1.0)


@pytest.fixture()
def memory(tmp_path: Path, embedder: Embedder) -> Iterator[Memory]:
    m = open_memory(tmp_path, embedder)
    for u in house():
        m.upsert_object(u)
    yield m
    m.close()


def wash_episode(m: Memory, episode: str, obj: str = "Apple_1", instruction: str = WASH,
                 mistake: bool = False, succeed: bool = True) -> None:
    """The robot washes `obj` and puts it in the fridge; with `mistake` it first tries to
    put it in the closed fridge."""
    r = m.recall
    r.recall(instruction, k=5, token_budget=400, episode_id=episode)
    r.record_outcome(episode, "navigate", [obj], True, robot_area="kitchen")
    r.record_outcome(episode, "pick", [obj], True, robot_area="kitchen")
    r.record_outcome(episode, "navigate", ["SinkBasin_1"], True, robot_area="kitchen")
    r.record_outcome(episode, "clean", [obj], True, robot_area="kitchen")
    r.record_outcome(episode, "navigate", ["Fridge_1"], True, robot_area="kitchen")
    if mistake:
        r.record_outcome(episode, "put", [obj, "Fridge_1", "in"], False,
                         "the fridge is closed", robot_area="kitchen",
                         error_code=ErrorCode.PRECONDITION_FAILED)
    r.record_outcome(episode, "open", ["Fridge_1"], True, robot_area="kitchen")
    r.record_outcome(episode, "put", [obj, "Fridge_1", "in"], True, robot_area="kitchen")
    r.record_outcome(episode, "close", ["Fridge_1"], True, robot_area="kitchen")
    m.end_episode(episode, task_succeeded=succeed)


def test_outcomes_and_end_fill_a_queryable_episode(memory: Memory) -> None:
    wash_episode(memory, "ep1")
    exp = memory.experience
    assert exp is not None
    [ep] = exp.episodes()
    assert (ep.episode_id, ep.status, ep.success, ep.steps) == ("ep1", "ended", True, 8)
    assert ep.instruction == WASH and ep.task_type == "put washed <1> in <2>"
    assert [e.episode_id for e in exp.episodes(task_type=ep.task_type)] == ["ep1"]
    assert [e.episode_id for e in exp.episodes(object_id="SinkBasin_1")] == ["ep1"]
    assert [e.episode_id for e in exp.episodes(label="apple", area="kitchen")] == ["ep1"]
    assert exp.episodes(label="Sofa") == [] and exp.episodes(area="garage") == []


def test_a_failed_action_comes_back_as_known_bad_in_that_state_only(memory: Memory) -> None:
    wash_episode(memory, "ep1", mistake=True)   # ends with the fridge closed again
    r = memory.recall
    brief = brief_from_fields("put the apple in the fridge", held_object="Apple_1",
                              robot_area="kitchen")
    answer = r.recall(WASH, k=5, token_budget=400, episode_id="ep2", brief=brief)
    assert len(answer.known_bad_actions) == 1
    bad = answer.known_bad_actions[0]
    assert bad.startswith("do not put(Apple_1, Fridge_1, in)") and "PRECONDITION_FAILED" in bad
    assert bad.endswith("]") and "[bad:" in bad and bad in answer.context
    # Another state: holding nothing, or the fridge already open -> not listed.
    other = brief_from_fields("put the apple in the fridge", robot_area="kitchen")
    assert r.recall(WASH, 5, 400, "ep2", other).known_bad_actions == []
    memory.upsert_object(Unit("Fridge_1", "Fridge", (3, 0, 1), state="opened",
                              area_id="kitchen"))
    assert r.recall(WASH, 5, 400, "ep2", brief).known_bad_actions == []


def test_known_bad_does_not_depend_on_what_short_term_memory_still_holds(
        memory: Memory) -> None:
    """The state names the objects' states, not whether memory still holds them: a
    failure stays known bad after the unit it names left the short-term memory (exploring
    fills it with other things), as long as nothing says its state changed."""
    r = memory.recall
    r.record_outcome("ep1", "navigate", ["Tomato_1"], True, robot_area="kitchen")
    r.record_outcome("ep1", "navigate", ["Sofa_1"], False, "no free floor within reach",
                     robot_area="kitchen", error_code=ErrorCode.PRECONDITION_FAILED)
    brief = brief_from_fields("go to the sofa", robot_area="kitchen")
    assert len(r.recall("go to the sofa", 5, 400, "ep1", brief).known_bad_actions) == 1
    memory.short_term.remove("Sofa_1")
    [bad] = r.recall("go to the sofa", 5, 400, "ep1", brief).known_bad_actions
    assert bad.startswith("do not navigate(Sofa_1)")


def test_a_not_found_navigation_is_bad_only_where_memory_believed_the_object(
        memory: Memory) -> None:
    """NOT_FOUND says the object is not where memory put it: after memory sees it
    elsewhere, going to it is a new call, not the one that failed (the only apple memory
    knows must not be passed over); back at the old belief it is known bad again."""
    r = memory.recall
    r.record_outcome("ep1", "navigate", ["Tomato_1"], True, robot_area="kitchen")
    for _ in range(2):
        r.record_outcome("ep1", "navigate", ["Apple_1"], False, "no Apple within 0.75 m",
                         robot_area="kitchen", error_code=ErrorCode.NOT_FOUND)
    brief = brief_from_fields("go to the apple", robot_area="kitchen")
    [bad] = r.recall("go to the apple", 5, 400, "ep1", brief).known_bad_actions
    assert bad.startswith("do not navigate(Apple_1)") and "NOT_FOUND" in bad
    # A few centimetres of sighting noise: the same belief, still listed.
    memory.upsert_object(Unit("Apple_1", "Apple", (1.1, 0.95, 1), area_id="kitchen"))
    assert len(r.recall("go to the apple", 5, 400, "ep1", brief).known_bad_actions) == 1
    # Seen on the sofa table: memory's belief moved, the failure does not apply.
    memory.upsert_object(Unit("Apple_1", "Apple", (4.5, 0.2, 4.8), area_id="kitchen"))
    assert r.recall("go to the apple", 5, 400, "ep1", brief).known_bad_actions == []
    r.record_outcome("ep1", "navigate", ["Apple_1"], True, robot_area="kitchen")
    r.record_outcome("ep1", "navigate", ["Tomato_1"], True, robot_area="kitchen")
    assert r.recall("go to the apple", 5, 400, "ep1", brief).known_bad_actions == []
    # Back where it failed twice (a stale sighting): known bad there again.
    memory.upsert_object(Unit("Apple_1", "Apple", (1, 0.9, 1), area_id="kitchen"))
    [bad] = r.recall("go to the apple", 5, 400, "ep1", brief).known_bad_actions
    assert bad.startswith("do not navigate(Apple_1)")


def _ghost_apple_refused(memory: Memory, episode: str, where: tuple[float, float]
                         ) -> list[str]:
    """Memory sees the apple at `where`, the navigate there is refused NOT_FOUND, and the
    same ghost is seen there again (the refusal had marked it absent): the known-bad
    lines a step recall then gives."""
    apple = Unit("Apple_1", "Apple", (*where, 1), area_id="kitchen")
    memory.upsert_object(apple)
    memory.recall.record_outcome(episode, "navigate", ["Apple_1"], False,
                                 "no Apple within 0.75 m", robot_area="kitchen",
                                 error_code=ErrorCode.NOT_FOUND)
    memory.upsert_object(apple)
    brief = brief_from_fields("go to the apple", robot_area="kitchen")
    return list(memory.recall.recall("go to the apple", 5, 400, episode,
                                     brief).known_bad_actions)


def test_a_navigate_recorded_at_a_belief_is_looked_up_by_the_same_distance(
        memory: Memory) -> None:
    """Recording joins a refusal to a transition whose believed position is within the
    radius on the key's 0.1 m grid; the lookup measured memory's raw position instead, so
    a belief 0.45 m away on the grid and 0.51 m away raw had its refusals counted on the
    transition and never listed (tune2 tidy, stream seed 3004; round 30). One distance."""
    memory.recall.record_outcome("e1", "navigate", ["Tomato_1"], True, robot_area="kitchen")
    _ghost_apple_refused(memory, "e1", (1.0, 0.9))
    # A new sighting: (1.4, 1.1) on the grid, 0.447 m from (1.0, 0.9); 0.509 m raw.
    bad = _ghost_apple_refused(memory, "e1", (1.449, 1.14))
    assert bad == ["do not navigate(Apple_1): failed 2x in this state (NOT_FOUND) [bad:2]"]


def test_a_refusal_at_a_new_belief_is_not_offset_by_successes_at_an_old_one(
        memory: Memory) -> None:
    """Two navigates that found the apple at (1.0, 0.9), then memory believes it at
    (1.4, 1.1) (a ghost sighting within the radius) and the navigate there is refused
    NOT_FOUND: the refusal covers the old spot too (the world matches within 0.75 m), so
    the old successes do not hold the listing off (round 30 counted it on them: tune2
    tidy, stream seed 3004, a ghost mug's navigate refused four times)."""
    r = memory.recall
    for ep in ("e1", "e2"):
        r.record_outcome(ep, "navigate", ["Tomato_1"], True, robot_area="kitchen")
        r.record_outcome(ep, "navigate", ["Apple_1"], True, robot_area="kitchen")
        memory.end_episode(ep, task_succeeded=True)
    r.record_outcome("e3", "navigate", ["Tomato_1"], True, robot_area="kitchen")
    [bad] = _ghost_apple_refused(memory, "e3", (1.4, 1.1))
    assert bad.startswith("do not navigate(Apple_1): failed 1x")


def test_the_state_recorded_is_the_robots_not_memorys_belief(memory: Memory) -> None:
    """Held object and area come from the robot (its outcomes and the planner's brief),
    for recording as for lookup: a task that starts holding what the last one picked,
    after memory lost that unit, is recorded in the state the next brief describes."""
    r = memory.recall
    r.record_outcome("ep1", "navigate", ["Apple_1"], True, robot_area="kitchen")
    r.record_outcome("ep1", "pick", ["Apple_1"], True, robot_area="kitchen")
    memory.end_episode("ep1", task_succeeded=True)
    memory.short_term.remove("Apple_1")   # memory no longer knows what is in the hand
    # The next task's first step fails; its brief had no area yet (a new instruction).
    r.record_outcome("ep2", "navigate", ["Fridge_1"], False, "no free floor within reach",
                     robot_area="kitchen", error_code=ErrorCode.PRECONDITION_FAILED)
    holding = brief_from_fields("put it in the fridge", held_object="Apple_1",
                                robot_area="kitchen")
    [bad] = r.recall("put the apple in the fridge", 5, 400, "ep2", holding).known_bad_actions
    assert bad.startswith("do not navigate(Fridge_1)")
    # Holding nothing is another state.
    empty = brief_from_fields("go to the fridge", robot_area="kitchen")
    assert r.recall("put the apple in the fridge", 5, 400, "ep2", empty
                    ).known_bad_actions == []


def test_a_brief_sets_the_state_of_the_next_step(memory: Memory) -> None:
    """The brief before a step is the state that step is recorded in (an area the brief
    leaves out is where the robot last reported being)."""
    r = memory.recall
    r.record_outcome("ep1", "navigate", ["Tomato_1"], True, robot_area="kitchen")
    holding = brief_from_fields("go to the fridge", held_object="Knife_1")
    r.recall("go to the fridge", 5, 400, "ep1", holding)
    r.record_outcome("ep1", "navigate", ["Fridge_1"], False, "blocked", robot_area="kitchen",
                     error_code=ErrorCode.PRECONDITION_FAILED)
    [bad] = r.recall("go to the fridge", 5, 400, "ep1", holding).known_bad_actions
    assert bad.startswith("do not navigate(Fridge_1)")


def test_an_instruction_recall_lists_what_failed_where_the_robot_is(memory: Memory) -> None:
    """No brief at the start of an instruction: the state is where the robot's outcomes
    left it, so the first call of the next task is checked as every later one is."""
    r = memory.recall
    r.record_outcome("ep1", "navigate", ["Tomato_1"], True, robot_area="kitchen")
    r.record_outcome("ep1", "navigate", ["Sofa_1"], False, "no free floor within reach",
                     robot_area="kitchen", error_code=ErrorCode.PRECONDITION_FAILED)
    memory.end_episode("ep1", task_succeeded=False)
    answer = r.recall("go to the sofa", 5, 400, "ep2")
    [bad] = answer.known_bad_actions
    assert bad.startswith("do not navigate(Sofa_1)") and bad in answer.context
    # Holding something now: another state, nothing listed.
    r.record_outcome("ep2", "pick", ["Apple_1"], True, robot_area="kitchen")
    memory.end_episode("ep2", task_succeeded=True)
    assert r.recall("go to the sofa", 5, 400, "ep3").known_bad_actions == []


def test_after_a_restart_the_state_starts_from_what_memory_stored(
        tmp_path: Path, embedder: Embedder) -> None:
    """A restart mid-episode loses the robot's word on what it holds; until it speaks
    again, memory's stored view (the apple in the gripper) stands in."""
    m = open_memory(tmp_path, embedder)
    for u in house():
        m.upsert_object(u)
    m.recall.record_outcome("ep1", "navigate", ["Apple_1"], True, robot_area="kitchen")
    m.recall.record_outcome("ep1", "pick", ["Apple_1"], True, robot_area="kitchen")
    m.close()
    m = open_memory(tmp_path, embedder)
    r = m.recall
    r.record_outcome("ep1", "put", ["Apple_1", "Fridge_1", "in"], False, "closed",
                     robot_area="kitchen", error_code=ErrorCode.PRECONDITION_FAILED)
    brief = brief_from_fields("put the apple in the fridge", held_object="Apple_1",
                              robot_area="kitchen")
    [bad] = r.recall(WASH, 5, 400, "ep1", brief).known_bad_actions
    assert bad.startswith("do not put(Apple_1, Fridge_1, in)")
    m.close()


def test_infrastructure_failures_do_not_make_an_action_bad(memory: Memory) -> None:
    r = memory.recall
    r.record_outcome("ep1", "pick", ["Knife_1"], False, "arm server timed out",
                     robot_area="kitchen", error_code=ErrorCode.TIMEOUT)
    brief = brief_from_fields("pick the knife", robot_area="kitchen")
    assert r.recall("pick the knife", 5, 400, "ep1", brief).known_bad_actions == []
    r.record_outcome("ep1", "pick", ["Knife_1"], False, "out of reach",
                     robot_area="kitchen", error_code=ErrorCode.PRECONDITION_FAILED)
    assert len(r.recall("pick the knife", 5, 400, "ep1", brief).known_bad_actions) == 1


def test_a_procedure_with_roles_serves_another_instance(memory: Memory) -> None:
    wash_episode(memory, "ep1")
    answer = memory.recall.recall("put the washed tomato in the fridge", k=5,
                                  token_budget=400, episode_id="ep2")
    p = answer.procedure
    assert p and "[proc:" in p and p in answer.context
    assert ("navigate(Tomato) ; pick(Tomato) ; navigate(SinkBasin) ; clean(Tomato) ; "
            "navigate(Fridge) ; open(Fridge) ; put(Tomato, Fridge, in) ; close(Fridge)") in p
    assert "1/1" in p
    exp = memory.experience
    assert exp is not None
    [proc] = [q for t in exp.procedures.task_types() for q in exp.procedures._by_task[t]]
    assert (proc.uses, proc.successes, proc.first_episode) == (1, 1, "ep1")


def test_a_procedure_names_the_unmoved_instances_its_last_success_used(
        tmp_path: Path, embedder: Embedder) -> None:
    """The fridge and sink of the last success are offered for binding (the apple it moved
    is not: the next task's object is another one); a restart keeps them."""
    m = open_memory(tmp_path, embedder)
    for u in house():
        m.upsert_object(u)
    wash_episode(m, "ep1")
    p = m.recall.recall("put the washed tomato in the fridge", 5, 400, "ep2").procedure
    assert "(last used: Fridge=Fridge_1, SinkBasin=SinkBasin_1) [proc:" in p
    assert "Apple_1" not in p
    m.close()
    m = open_memory(tmp_path, embedder)
    assert "(last used: Fridge=Fridge_1, SinkBasin=SinkBasin_1) [proc:" in m.recall.recall(
        "put the washed tomato in the fridge", 5, 400, "ep3").procedure
    m.close()


def test_a_recipe_leaves_out_putting_down_what_an_earlier_task_left_in_hand(
        memory: Memory) -> None:
    r = memory.recall
    r.record_outcome("ep0", "navigate", ["Knife_1"], True, robot_area="kitchen")
    r.record_outcome("ep0", "pick", ["Knife_1"], True, robot_area="kitchen")
    memory.end_episode("ep0", task_succeeded=False)
    # The next task starts holding the knife: it puts it down, then does its own work.
    r.recall("put the apple in the fridge", k=5, token_budget=400, episode_id="ep1")
    r.record_outcome("ep1", "navigate", ["SinkBasin_1"], True, robot_area="kitchen")
    r.record_outcome("ep1", "put", ["Knife_1", "SinkBasin_1", "in"], True, robot_area="kitchen")
    r.record_outcome("ep1", "navigate", ["Apple_1"], True, robot_area="kitchen")
    r.record_outcome("ep1", "pick", ["Apple_1"], True, robot_area="kitchen")
    r.record_outcome("ep1", "navigate", ["Fridge_1"], True, robot_area="kitchen")
    r.record_outcome("ep1", "open", ["Fridge_1"], True, robot_area="kitchen")
    r.record_outcome("ep1", "put", ["Apple_1", "Fridge_1", "in"], True, robot_area="kitchen")
    memory.end_episode("ep1", task_succeeded=True)
    p = r.recall("put the tomato in the fridge", 5, 400, "ep2").procedure
    assert (": navigate(Tomato) ; pick(Tomato) ; navigate(Fridge) ; open(Fridge) ; "
            "put(Tomato, Fridge, in) (last used: Fridge=Fridge_1) [proc:") in p
    assert "Knife" not in p and "SinkBasin" not in p


def test_an_episode_that_started_holding_its_own_object_teaches_no_recipe(
        memory: Memory) -> None:
    r = memory.recall
    r.record_outcome("ep0", "navigate", ["Apple_1"], True, robot_area="kitchen")
    r.record_outcome("ep0", "pick", ["Apple_1"], True, robot_area="kitchen")
    memory.end_episode("ep0", task_succeeded=False)
    r.recall("put the apple in the fridge", k=5, token_budget=400, episode_id="ep1")
    r.record_outcome("ep1", "navigate", ["Fridge_1"], True, robot_area="kitchen")
    r.record_outcome("ep1", "open", ["Fridge_1"], True, robot_area="kitchen")
    r.record_outcome("ep1", "put", ["Apple_1", "Fridge_1", "in"], True, robot_area="kitchen")
    memory.end_episode("ep1", task_succeeded=True)
    # "navigate(Fridge) ; open(Fridge) ; put(Tomato, Fridge)" would put what is not held.
    assert r.recall("put the tomato in the fridge", 5, 400, "ep2").procedure == ""


def test_failed_steps_are_not_part_of_a_procedure(memory: Memory) -> None:
    wash_episode(memory, "ep1", mistake=True)
    p = memory.recall.recall(WASH, 5, 400, "ep2").procedure
    assert "put(Apple, Fridge, in) ; close" in p and p.count("put(") == 1


def test_delivered_procedures_linked_to_failure_fall_in_rank(memory: Memory) -> None:
    wash_episode(memory, "good")                     # open before put
    r = memory.recall
    # A second way that also worked once: put without closing afterwards.
    r.recall(WASH, 5, 400, episode_id="other")
    for skill, args in (("navigate", ["Apple_1"]), ("pick", ["Apple_1"]),
                        ("navigate", ["SinkBasin_1"]), ("clean", ["Apple_1"]),
                        ("navigate", ["Fridge_1"]), ("open", ["Fridge_1"]),
                        ("put", ["Apple_1", "Fridge_1", "in"])):
        r.record_outcome("other", skill, args, True, robot_area="kitchen")
    memory.end_episode("other", task_succeeded=True)
    first = r.recall(WASH, 5, 400, episode_id="e3").procedure
    pid = first[first.index("[proc:"):]
    # Each time it is delivered, the task fails: it must lose its place.
    for n in range(3):
        ep = f"fail{n}"
        assert r.recall(WASH, 5, 400, episode_id=ep).procedure.endswith(pid)
        r.record_outcome(ep, "navigate", ["Apple_1"], True, robot_area="kitchen")
        memory.end_episode(ep, task_succeeded=False)
        if not r.recall(WASH, 5, 400, episode_id=f"probe{n}").procedure.endswith(pid):
            break
    else:
        pytest.fail("a procedure delivered to three failed tasks kept the first rank")
    exp = memory.experience
    assert exp is not None
    # Delivered to "other" (succeeded) and to the failed task(s): judged by both.
    d, s = exp.utility.counts(pid.strip("[]"))
    assert d >= 2 and s == 1 and s < d


def test_facts_from_outcomes_have_provenance_and_supersede(memory: Memory) -> None:
    r = memory.recall
    for episode, drawer in (("e1", "Drawer_2"), ("e2", "Drawer_2"), ("e3", "Fridge_1")):
        r.record_outcome(episode, "pick", ["Knife_1"], True, robot_area="kitchen")
        r.record_outcome(episode, "put", ["Knife_1", drawer, "in"], True,
                         robot_area="kitchen")
        if episode == "e2":
            exp = memory.experience
            assert exp is not None
            fact = exp.facts.current("Knife_1", "placed")
            assert fact is not None and fact.value == "in Drawer_2" and fact.support == 2
            assert fact.provenance == ["episode:e1#1", "episode:e2#1"]
    exp = memory.experience
    assert exp is not None
    fact = exp.facts.current("Knife_1", "placed")
    assert fact is not None and fact.value == "in Fridge_1" and fact.support == 1
    history = exp.store.query("SELECT value, superseded_by FROM exp_facts WHERE "
                              "subject='Knife_1' AND relation='placed' ORDER BY fact_id")
    assert [(h[0], h[1]) for h in history] == [("in Drawer_2", fact.fact_id),
                                               ("in Fridge_1", None)]
    answer = r.recall("bring me the knife", 5, 400, episode_id="e4")
    assert any("Knife_1 (Knife) is in Fridge_1" in f and f"[fact:{fact.fact_id}]" in f
               for f in answer.facts)


def test_a_puts_receptacle_is_counted_found_where_memory_had_it(memory: Memory) -> None:
    """A bowl is a put's destination far more often than a pick's object: the cabinet it
    stood in when two puts used it is its usual place, so a later search for a bowl opens
    that cabinet first (round 100, fresh98a tidy s0022: nine receptacles opened before it).
    A put into a drawer, which stands in nothing, counts no place for the drawer, nor one
    into a wall cabinet memory has on the counter below it (furniture: fresh90c tidy
    s0024, its fact crowded a put-back line out of the plan's facts)."""
    r = memory.recall
    exp = memory.experience
    assert exp is not None
    memory.upsert_object(Unit("Cabinet_2", "Cabinet", (2.5, -1.3, 0.4), state="closed",
                              area_id="kitchen"))
    memory.upsert_object(Unit("Bowl_1", "Bowl", (2.5, -1.3, 0.1), area_id="kitchen",
                              receptacle_id="Cabinet_2", relation="in"))
    for episode, held in (("e1", "Tomato_1"), ("e2", "Apple_1")):
        r.record_outcome(episode, "pick", [held], True, robot_area="kitchen")
        r.record_outcome(episode, "put", [held, "Bowl_1", "in"], True, robot_area="kitchen")
        memory.end_episode(episode, task_succeeded=True)
    usual = exp.facts.current("type:Bowl", "usually")
    assert usual is not None and usual.value == "in Cabinet_2 (Cabinet)" and usual.support == 2
    assert usual.provenance == ["episode:e1#1", "episode:e2#1"]
    r.record_outcome("e3", "pick", ["Knife_1"], True, robot_area="kitchen")
    r.record_outcome("e3", "put", ["Knife_1", "Drawer_2", "in"], True, robot_area="kitchen")
    memory.end_episode("e3", task_succeeded=True)
    assert exp.places.places("Drawer") == []
    memory.upsert_object(Unit("CounterTop_1", "CounterTop", (0.0, 3.0, 0.9),
                              area_id="kitchen"))
    memory.upsert_object(Unit("Cabinet_3", "Cabinet", (0.0, 3.0, 1.7), state="opened",
                              area_id="kitchen", receptacle_id="CounterTop_1", relation="on"))
    r.record_outcome("e4", "pick", ["Knife_1"], True, robot_area="kitchen")
    r.record_outcome("e4", "put", ["Knife_1", "Cabinet_3", "in"], True, robot_area="kitchen")
    memory.end_episode("e4", task_succeeded=True)
    assert exp.places.places("Cabinet") == []
    answer = r.recall("put the apple in the bowl", 5, 400, episode_id="e5")
    assert any(f.startswith("Bowl is usually in Cabinet_2 (Cabinet), 2x [fact:")
               for f in answer.facts), answer.facts


def test_usual_places_count_where_a_type_was_found_and_supersede_softly(
        memory: Memory) -> None:
    """Where knives were picked from (found) beats where one was put; a place overtakes
    the usual one only with more finds, and the old fact stays in history."""
    r = memory.recall
    exp = memory.experience
    assert exp is not None

    def fetch(episode: str, drawer: str, put_to: str) -> None:
        memory.upsert_object(Unit("Knife_1", "Knife", (0.5, 0.5, 1), area_id="kitchen",
                                  receptacle_id=drawer, relation="in"))
        r.record_outcome(episode, "pick", ["Knife_1"], True, robot_area="kitchen")
        r.record_outcome(episode, "put", ["Knife_1", put_to, "in"], True,
                         robot_area="kitchen")
        memory.end_episode(episode, task_succeeded=True)

    fetch("e1", "Drawer_2", "Fridge_1")
    usual = exp.facts.current("type:Knife", "usually")
    assert usual is not None and usual.value == "in Drawer_2 (Drawer)"
    assert usual.provenance == ["episode:e1#0"]
    fetch("e2", "Drawer_2", "Fridge_1")   # put in the fridge twice, found in the drawer
    usual = exp.facts.current("type:Knife", "usually")
    assert usual is not None and usual.value == "in Drawer_2 (Drawer)" and usual.support == 2
    [fridge] = [c for c in exp.places.places("Knife") if c.place_id == "Fridge_1"]
    assert (fridge.found, fridge.put) == (0, 2)
    answer = r.recall("bring me the knife", 5, 400, episode_id="e3")
    assert answer.facts[0].startswith("Knife is usually in Drawer_2 (Drawer), 2x [fact:")
    # Found in the fridge three times: the fridge is the usual place now.
    for episode in ("e3", "e4", "e5"):
        fetch(episode, "Fridge_1", "Drawer_2")
    usual = exp.facts.current("type:Knife", "usually")
    assert usual is not None and usual.value == "in Fridge_1 (Fridge)"
    history = exp.store.query("SELECT value, superseded_by FROM exp_facts WHERE "
                              "subject='type:Knife' ORDER BY fact_id")
    assert [h[0] for h in history] == ["in Drawer_2 (Drawer)", "in Fridge_1 (Fridge)"]
    assert history[0][1] == usual.fact_id and history[1][1] is None
    # Kept over a restart (counts and fact come from the file).
    exp.reload()
    assert exp.places.usual("knife") is not None
    assert exp.places.usual("knife").place_id == "Fridge_1"  # type: ignore[union-attr]


_PLACE_AT: dict[str, tuple[float, float, float]] = {}


def _place_at(place: str) -> tuple[float, float, float]:
    """A position of its own for each place `_fetch` names (2 m apart, the first named
    first): a find where the robot put a unit is then out of reach of where it found it."""
    return _PLACE_AT.setdefault(place, (2.0 * len(_PLACE_AT), 0.5, 0.5))


def _found_before(home: str) -> str:
    """A put-back line's tail for a unit `_fetch` found in `home` (its spot there)."""
    x, y, _ = _place_at(home)
    return f"(found in {home} at {x:.2f}, {y:.2f}, 1.00 before)"


def _fetch(memory: Memory, episode: str, unit: str, label: str, at: str,
           put_to: str = "") -> None:
    """One episode: `unit` found (picked) in `at`, then put in `put_to` (when given)."""
    r = memory.recall
    for place in (at, put_to):
        if place and not memory.knows(place):
            memory.upsert_object(Unit(place, place.split("_")[0], _place_at(place),
                                      area_id="kitchen"))
    x, y, _ = _place_at(at)
    memory.upsert_object(Unit(unit, label, (x, y, 1), area_id="kitchen",
                              receptacle_id=at, relation="in"))
    r.record_outcome(episode, "pick", [unit], True, robot_area="kitchen")
    if put_to:
        r.record_outcome(episode, "put", [unit, put_to, "in"], True, robot_area="kitchen")
    memory.end_episode(episode, task_succeeded=True)


def _soap_bottle_moved_on(memory: Memory) -> list[str]:
    """Tune2 untidied, stream seed 3152: the only soap bottle found twice in a cabinet
    (once where the robot had put it back), then put by the robot in a drawer and found
    there; the usual place after each episode."""
    exp = memory.experience
    assert exp is not None
    out = []
    for n, (at, put_to) in enumerate((("Cabinet_5", "Cabinet_5"), ("Cabinet_5", "Drawer_30"),
                                      ("Drawer_30", "Drawer_30"))):
        _fetch(memory, f"s{n}", "Soap_1", "SoapBottle", at, put_to)
        f = exp.facts.current("type:SoapBottle", "usually")
        assert f is not None
        out.append(f.value)
    return out


def _houses_answer(memory: Memory, keeps: bool) -> None:
    """Three units put by the robot and found in a later task where it put them
    (`keeps`), or elsewhere (a tidy took them back home)."""
    for n in range(3):
        _fetch(memory, f"h{n}a", f"Cup_{n}", "Cup", "Cabinet_9", f"Drawer_{n + 40}")
        _fetch(memory, f"h{n}b", f"Cup_{n}", "Cup", f"Drawer_{n + 40}" if keeps
               else "Cabinet_9")


@pytest.mark.parametrize("house_kind", ["cold", "tidied", "untidied"])
def test_a_usual_place_is_superseded_only_where_the_house_keeps_the_robots_puts(
        memory: Memory, house_kind: str) -> None:
    """Round 54's rule (a find of the same object elsewhere takes back what it gave its old
    places) won the untidied case but, in tidied houses, one find where the robot had put
    the object wiped its home's counts (tune2 tidy 3159 and 3162 lost a task each). Now a
    find supersedes only once later finds of units where the robot last put them reach
    three and outnumber finds elsewhere; with no such evidence (cold start) the counts
    decide as before."""
    exp = memory.experience
    assert exp is not None
    if house_kind != "cold":
        _houses_answer(memory, keeps=house_kind == "untidied")
    usual = _soap_bottle_moved_on(memory)
    if house_kind == "untidied":
        # The find in the drawer took back what the bottle gave the cabinet.
        assert usual == ["in Cabinet_5 (Cabinet)", "in Drawer_30 (Drawer)",
                         "in Drawer_30 (Drawer)"]
        assert [c.place_id for c in exp.places.places("SoapBottle")] == ["Drawer_30"]
    else:
        # Two finds in the cabinet beat one in the drawer: the home stays.
        assert usual == ["in Cabinet_5 (Cabinet)"] * 3
        counts = {c.place_id: (c.found, c.put) for c in exp.places.places("SoapBottle")}
        assert counts == {"Cabinet_5": (2, 1), "Drawer_30": (1, 2)}
    # The evidence: the cups' later finds, then the bottle's one after a put that moved it
    # (its put back into the cabinet where it was found says nothing).
    assert (exp.places.kept, exp.places.moved) == {"cold": (1, 0), "tidied": (1, 3),
                                                  "untidied": (4, 0)}[house_kind]
    assert exp.places.keeps_puts() == (house_kind == "untidied")


def test_where_the_house_keeps_the_robots_puts_a_put_supersedes_a_stale_find(
        memory: Memory) -> None:
    """Tune3 untidied, stream seed 3159: "Mug is usually in the kettle" from one find of a
    mug the robot then put on a plate; nobody tidies, so the kettle is stale. Only a put
    came after the find, so a find-only rule could not act; with the evidence that this
    house keeps the robot's puts, the put takes back what the mug gave the kettle."""
    exp = memory.experience
    assert exp is not None
    _fetch(memory, "m0", "Mug_17", "Mug", "Kettle_15")
    _fetch(memory, "m1", "Mug_17", "Mug", "Kettle_15", "Plate_46")
    f = exp.facts.current("type:Mug", "usually")
    assert f is not None and f.value == "in Kettle_15 (Kettle)"   # cold start: as before
    _houses_answer(memory, keeps=True)
    _fetch(memory, "m2", "Mug_17", "Mug", "Plate_46", "Kettle_15")   # kept: back to start
    _fetch(memory, "m3", "Mug_17", "Mug", "Kettle_15", "Plate_46")
    f = exp.facts.current("type:Mug", "usually")
    assert f is not None and f.value == "in Plate_46 (Plate)"
    assert [c.place_id for c in exp.places.places("Mug")] == ["Plate_46"]
    # The evidence is the memory's: it survives a restart.
    kept, moved = exp.places.kept, exp.places.moved
    exp.reload()
    assert (exp.places.kept, exp.places.moved) == (kept, moved) and exp.places.keeps_puts()


def test_a_find_in_the_episode_of_the_put_is_no_evidence_about_the_house(
        memory: Memory) -> None:
    """A task that puts a thing down and picks it up again (wash it, then carry it on) finds
    it where it was put in any house, and so does the task's next subtask (an episode of
    its own, `t#s1`, with no tidy before it); only a later task's find answers a put, and
    only a put that moved the thing."""
    exp = memory.experience
    assert exp is not None
    r = memory.recall
    memory.upsert_object(Unit("Cabinet_9", "Cabinet", (0.5, 0.5, 0.5), area_id="kitchen"))
    for n in range(3):
        for at, put_to in (("Cabinet_9", "SinkBasin_1"), ("SinkBasin_1", "Cabinet_9")):
            # The cup where its receptacle is (the sink is 1.2 m from the cabinet).
            where = (0.0, 0.9, 2.0) if at == "SinkBasin_1" else (0.5, 0.5, 1.0)
            memory.upsert_object(Unit("Cup_1", "Cup", where, area_id="kitchen",
                                      receptacle_id=at, relation="in"))
            r.record_outcome(f"w{n}", "pick", ["Cup_1"], True, robot_area="kitchen")
            r.record_outcome(f"w{n}", "put", ["Cup_1", put_to, "in"], True,
                             robot_area="kitchen")
        memory.end_episode(f"w{n}", task_succeeded=True)
        # The next episode finds it in the cabinet, where the robot last put it, but also
        # where it was before this episode moved it, where a tidy would return it: no
        # evidence either way (round 62; round 55 counted these two finds kept).
    assert (exp.places.kept, exp.places.moved) == (0, 0)
    _fetch(memory, "t#s0", "Cup_2", "Cup", "Cabinet_9", "SinkBasin_1")
    _fetch(memory, "t#s1", "Cup_2", "Cup", "SinkBasin_1", "Cabinet_9")
    # Nor does a put back where it was found, then found there again: a tidy would have
    # returned it there too (tune2 tidy, stream seed 3159: three such opened the gate).
    for n in range(3):
        _fetch(memory, f"b{n}", "Cup_3", "Cup", "Cabinet_9", "Cabinet_9")
    assert (exp.places.kept, exp.places.moved) == (0, 0)


def test_a_usual_place_too_long_to_state_is_counted_and_the_outcome_kept(
        memory: Memory) -> None:
    long_id = "Drawer_" + "x" * 120          # a valid id; "in <id> (Drawer)" is not a value
    memory.upsert_object(Unit(long_id, "Drawer", (0.5, 0.5, 1), area_id="kitchen"))
    memory.upsert_object(Unit("Knife_1", "Knife", (0.5, 0.5, 1), area_id="kitchen",
                              receptacle_id=long_id, relation="in"))
    answer = memory.recall.record_outcome("e1", "pick", ["Knife_1"], True,
                                          robot_area="kitchen")
    assert answer.held_object == "Knife_1"
    exp = memory.experience
    assert exp is not None and exp.places.usual("Knife") is not None
    assert exp.facts.current("type:Knife", "usually") is None


def test_units_share_the_outcome_of_the_episodes_that_acted_on_them(
        tmp_path: Path, embedder: Embedder) -> None:
    """unit:<id> utility (what the short-term cache may weigh): objects a successful task
    acted on rise above the neutral 0.5, those of failed tasks fall; bounded by
    max_transitions, the least recently judged forgotten first."""
    m = open_memory(tmp_path, embedder, max_transitions=100)
    for u in house():
        m.upsert_object(u)
    exp = m.experience
    assert exp is not None and exp.unit_utility("Apple_1") == 0.5
    wash_episode(m, "ep1", succeed=True)
    wash_episode(m, "ep2", obj="Tomato_1", succeed=False)
    assert exp.unit_utility("Apple_1") > 0.5 > exp.unit_utility("Tomato_1")
    assert exp.unit_utility("Sofa_1") == 0.5
    assert m.short_term.utility_of is not None
    assert m.short_term.utility_of("Apple_1") == exp.unit_utility("Apple_1")
    for i in range(120):
        m.upsert_object(Unit(f"Cup_{i}", "Cup", (float(i % 10), 0.9, 1.0), area_id="kitchen"))
        m.recall.record_outcome(f"c{i}", "navigate", [f"Cup_{i}"], True, robot_area="kitchen")
        m.end_episode(f"c{i}", task_succeeded=True)
    units = [i for i in exp.utility.items() if i.startswith("unit:")]
    assert len(units) <= 100 and "unit:Cup_119" in units and "unit:Apple_1" not in units
    m.close()


def test_an_outcome_for_an_ended_episode_is_refused_and_changes_nothing(memory: Memory
                                                                       ) -> None:
    wash_episode(memory, "ep1")
    before = {u.object_id: u for u in memory.short_term.units()}
    with pytest.raises(Conflict, match="already ended"):
        memory.recall.record_outcome("ep1", "pick", ["Knife_1"], True)
    assert {u.object_id: u for u in memory.short_term.units()} == before
    with pytest.raises(NotFound):
        memory.end_episode("ep1")
    exp = memory.experience
    assert exp is not None
    assert exp.episodes()[0].steps == 8


def test_a_restart_mid_episode_loses_no_acknowledged_step(tmp_path: Path,
                                                          embedder: Embedder) -> None:
    m = open_memory(tmp_path, embedder)
    for u in house():
        m.upsert_object(u)
    m.recall.recall(WASH, 5, 400, episode_id="ep1")
    for skill, args in (("navigate", ["Apple_1"]), ("pick", ["Apple_1"]),
                        ("navigate", ["SinkBasin_1"])):
        m.recall.record_outcome("ep1", skill, args, True, robot_area="kitchen")
    m.store.close()   # the process dies: nothing after the last acknowledged write
    m = open_memory(tmp_path, embedder)
    exp = m.experience
    assert exp is not None and exp.knows_episode("ep1")
    # The planner carries on after the restart, and ends the episode.
    for skill, args in (("clean", ["Apple_1"]), ("navigate", ["Fridge_1"]),
                        ("open", ["Fridge_1"]), ("put", ["Apple_1", "Fridge_1", "in"]),
                        ("close", ["Fridge_1"])):
        m.recall.record_outcome("ep1", skill, args, True, robot_area="kitchen")
    summary = m.end_episode("ep1", task_succeeded=True)
    assert summary.steps == 8 and summary.instruction == WASH
    [ep] = exp.episodes()
    assert ep.steps == 8 and ep.success and ep.task_type == "put washed <1> in <2>"
    assert "clean(Apple)" in m.recall.recall(WASH, 5, 400, episode_id="ep2").procedure
    m.close()


def test_an_episode_open_at_a_crash_can_be_ended_after_it(tmp_path: Path,
                                                          embedder: Embedder) -> None:
    m = open_memory(tmp_path, embedder)
    for u in house():
        m.upsert_object(u)
    m.recall.record_outcome("ep1", "pick", ["Knife_1"], True, robot_area="kitchen")
    m.store.close()
    m = open_memory(tmp_path, embedder)
    summary = m.end_episode("ep1", task_succeeded=False)   # recall forgot it; experience not
    assert (summary.steps, summary.successes, summary.task_succeeded) == (1, 1, False)
    with pytest.raises(NotFound):
        m.end_episode("ep1")
    m.close()


def test_experience_stays_within_its_share_of_the_budget(memory: Memory) -> None:
    wash_episode(memory, "ep1", mistake=True)
    for budget in (12, 40, 80, 400):
        answer = memory.recall.recall(WASH, 5, budget, episode_id="ep2")
        assert answer.context_tokens <= budget
        assert count_tokens(answer.context) <= budget
        if answer.procedure:
            assert count_tokens(answer.procedure) <= budget * 0.3


def test_without_experience_recall_is_unchanged(tmp_path: Path, embedder: Embedder) -> None:
    m = Memory(MemorySettings(memory_dir=str(tmp_path), durability="normal"))
    m.recall = RecallMemory(m.short_term, m.recall.settings, embedder=embedder)
    for u in house():
        m.upsert_object(u)
    wash_episode(m, "ep1")
    answer = m.recall.recall(WASH, 5, 400, episode_id="ep2")
    assert (answer.known_bad_actions, answer.procedure, answer.facts) == ([], "", [])
    assert "Experience" not in answer.context
    m.close()


def test_clear_forgets_experience(memory: Memory) -> None:
    wash_episode(memory, "ep1")
    memory.clear()
    exp = memory.experience
    assert exp is not None
    assert exp.episodes() == [] and len(exp.procedures) == 0 and len(exp.graph) == 0
    assert len(exp.facts) == 0


def test_a_pick_of_what_the_camera_saw_in_a_receptacle_counts_a_find_there(
        tmp_path: Path, embedder: Embedder) -> None:
    """A find is counted where the camera saw the object (memory's perceived container,
    the smallest container box around it), not only where the robot put it: before, the
    usual place came from where the robot had put the type, which a tidied house undoes."""
    from memory_node.core.perception.observation import Observation

    m = open_memory(tmp_path, embedder)
    seen = [Observation.at("Cabinet", (2.0, 0.0, 0.4), 1.0, extent=(0.6, 0.55, 0.8)),
            Observation.at("Sink", (2.0, 1.2, 0.5), 1.0, extent=(0.9, 0.6, 0.9)),
            Observation.at("DishSponge", (2.05, 0.05, 0.39), 1.0, extent=(0.1, 0.07, 0.03))]
    _seen_facing_x(m, seen)
    ids = {h.label: h.object_id for label in ("Cabinet", "DishSponge")
           for h in m.long_term.find(label)}
    sponge = m.short_term.peek(ids["DishSponge"])
    assert sponge is not None and (sponge.receptacle_id, sponge.relation) == (
        ids["Cabinet"], "in")
    m.recall.record_outcome("e1", "pick", [ids["DishSponge"]], True, robot_area="kitchen")
    m.end_episode("e1", task_succeeded=True)
    exp = m.experience
    assert exp is not None
    [place] = exp.places.places("DishSponge")
    assert (place.place_id, place.relation, place.found) == (ids["Cabinet"], "in", 1)
    m.close()


def test_a_find_goes_to_the_box_that_holds_the_object_not_a_smaller_one_beside_it(
        tmp_path: Path, embedder: Embedder) -> None:
    """Stacked receptacles' boxes are centimetres apart: the sponge lies in the cabinet
    (inside its box) and within the margin of the smaller drawer above it. The smallest
    box within the margin gave the find to the drawer, so the usual place named a drawer
    the sponge never was in."""
    from memory_node.core.perception.observation import Observation

    m = open_memory(tmp_path, embedder)
    seen = [Observation.at("Cabinet", (2.0, 0.0, 0.3), 1.0, extent=(0.6, 0.55, 0.4)),
            Observation.at("Drawer", (2.0, 0.0, 0.62), 1.0, extent=(0.5, 0.5, 0.18)),
            Observation.at("DishSponge", (2.05, 0.05, 0.47), 1.0, extent=(0.1, 0.07, 0.03))]
    _seen_facing_x(m, seen)
    ids = {h.label: h.object_id for label in ("Cabinet", "Drawer", "DishSponge")
           for h in m.long_term.find(label)}
    assert len(ids) == 3
    m.recall.record_outcome("e1", "pick", [ids["DishSponge"]], True, robot_area="kitchen")
    m.end_episode("e1", task_succeeded=True)
    exp = m.experience
    assert exp is not None
    [place] = exp.places.places("DishSponge")
    assert (place.place_id, place.found) == (ids["Cabinet"], 1)
    m.close()


Box = tuple[str, tuple[float, float, float], tuple[float, float, float]]


def _seen_ids(m: Memory, *boxes: Box) -> dict[str, str]:
    """`_seen_facing_x` of one object per (label, centre, extent), and the graph's id per
    label."""
    from memory_node.core.perception.observation import Observation

    _seen_facing_x(m, [Observation.at(label, at, 1.0, extent=size) for label, at, size in boxes])
    ids = {h.label: h.object_id for label, _, _ in boxes for h in m.long_term.find(label)}
    assert len(ids) == len(boxes)
    return ids


def _pick_and_put_on(m: Memory, ids: dict[str, str], picked: tuple[str, ...],
                     onto: str) -> None:
    """Each of `picked` picked and put on `onto` in one episode, which then ends won."""
    for obj in picked:
        m.recall.record_outcome("e1", "pick", [ids[obj]], True, robot_area="kitchen")
        m.recall.record_outcome("e1", "put", [ids[obj], ids[onto]], True,
                                robot_area="kitchen")
    m.end_episode("e1", task_succeeded=True)


def test_a_find_beside_a_pickable_object_is_not_counted_on_it(
        tmp_path: Path, embedder: Embedder) -> None:
    """Round 67, tune2 tidy 3163: a fork lay on a counter beside a lettuce, the counter's box
    not in memory; the lettuce's box (bigger than the fork, within the margin) was the
    smallest around it, so every pick counted a find "on the lettuce" and the fork's usual
    place became the lettuce. A lettuce holds nothing (`CategoryTable.holds_objects`): no
    place is counted; beside a plate, the plate is (a plate does hold things)."""
    m = open_memory(tmp_path, embedder)
    ids = _seen_ids(m, ("Lettuce", (2.0, 0.0, 1.04), (0.15, 0.15, 0.15)),
                    ("Plate", (2.0, 1.0, 0.92), (0.24, 0.24, 0.02)),
                    ("Fork", (2.0, 0.09, 0.96), (0.2, 0.03, 0.015)),
                    ("Spoon", (2.0, 1.09, 0.96), (0.2, 0.03, 0.015)))
    _pick_and_put_on(m, ids, ("Fork", "Spoon"), "Plate")
    exp = m.experience
    assert exp is not None
    assert [(p.place_id, p.found) for p in exp.places.places("Fork")] == [(ids["Plate"], 0)]
    assert [(p.place_id, p.found) for p in exp.places.places("Spoon")] == [(ids["Plate"], 1)]
    m.close()


def test_a_find_counts_for_the_box_under_the_object_not_a_smaller_one_it_stands_beside(
        tmp_path: Path, embedder: Embedder) -> None:
    """Round 68, tune3 tidy 3152: a cup stood on a side table 1-2 cm beside a bowl, the side
    table's box in the scene graph only. Among the short-term units alone there was no box
    around the cup but the bowl's, within the margin (a find "in the bowl", or none once
    the bowl left); with the graph's boxes too but the margin in the plane as well, the
    bowl, smaller than the table, still took the find, and the cup's usual place became the
    bowl. The support is the box whose footprint holds the object's centre: the table."""
    m = open_memory(tmp_path, embedder)
    # memory's z of a small thing runs 5-10 cm high (round 67: a fork 0.93-1.00 m on a
    # 0.91 m top), so height does not tell the fork "beside the bowl" from "in it"
    ids = _seen_ids(m, ("CounterTop", (2.0, 0.0, 0.45), (0.6, 1.6, 0.9)),
                    ("Bowl", (2.0, 0.2, 0.935), (0.16, 0.16, 0.07)),
                    ("Fork", (2.0, 0.3, 0.96), (0.2, 0.03, 0.015)),
                    ("Spoon", (2.0, 0.22, 0.93), (0.1, 0.02, 0.015)))
    m.short_term.remove(ids["CounterTop"])   # the graph holds the counter; the cache does not
    assert m.short_term.peek(ids["Bowl"]) is not None
    _pick_and_put_on(m, ids, ("Fork", "Spoon"), "CounterTop")
    exp = m.experience
    assert exp is not None
    # The fork's centre is 2 cm beyond the bowl's edge: found on the counter (then put there).
    assert {(p.place_id, p.found) for p in exp.places.places("Fork")} == {(ids["CounterTop"], 1)}
    # The spoon's centre is over the bowl: found in it.
    assert {(p.place_id, p.found) for p in exp.places.places("Spoon")} >= {(ids["Bowl"], 1)}
    m.close()


def test_a_find_in_a_turned_cabinet_is_judged_in_the_cabinets_own_frame(
        tmp_path: Path, embedder: Embedder) -> None:
    """A 1.2 m cabinet turned a quarter runs along y; its box's extent is along its own
    axes. Read along the map's axes, a sponge 0.45 m along it lay 0.25 m "outside" and the
    find was counted nowhere (round 18)."""
    from dataclasses import replace as with_fields

    import numpy as np

    from memory_node.core.perception.observation import Observation

    m = open_memory(tmp_path, embedder)
    turned = np.array([[0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
    _seen_facing_x(m, [with_fields(Observation.at("Cabinet", (2.0, 0.0, 0.4), 1.0,
                                                  extent=(1.2, 0.4, 0.8)),
                                   box_rotation=turned)])
    [cabinet] = [h.object_id for h in m.long_term.find("Cabinet")]
    m.upsert_object(Unit("DishSponge_9", "DishSponge", (2.0, 0.45, 0.39), area_id="kitchen"))
    m.recall.record_outcome("e1", "pick", ["DishSponge_9"], True, robot_area="kitchen")
    m.end_episode("e1", task_succeeded=True)
    exp = m.experience
    assert exp is not None
    assert [(p.place_id, p.found) for p in exp.places.places("DishSponge")] == [(cabinet, 1)]
    m.close()


def test_a_type_without_a_usual_place_hears_no_other_types_usual_places(
        memory: Memory) -> None:
    """No spoon was ever found: the recall lists no usual place of another type. Round 19
    listed where knives are kept ("things are kept together") to order a spoon's search;
    the order was removed in round 22 (the world scatters small objects uniformly; on the
    not-tidy tuning streams it cost 20 steps and a task where it saved 8), and the lines
    with it. Once spoons have a usual place of their own, it is listed."""
    r = memory.recall
    memory.upsert_object(Unit("CounterTop_1", "CounterTop", (1.5, 0.5, 0.9),
                              area_id="kitchen"))

    def fetch(episode: str, obj: str, label: str, where: str, relation: str) -> None:
        memory.upsert_object(Unit(obj, label, (0.5, 0.5, 1), area_id="kitchen",
                                  receptacle_id=where, relation=relation))
        r.record_outcome(episode, "pick", [obj], True, robot_area="kitchen")
        r.record_outcome(episode, "put", [obj, "Fridge_1", "in"], True, robot_area="kitchen")
        memory.end_episode(episode, task_succeeded=True)

    fetch("e1", "Knife_1", "Knife", "Drawer_2", "in")
    fetch("e2", "Bread_1", "Bread", "CounterTop_1", "on")
    answer = r.recall("put the spoon in the sink", 5, 400, episode_id="e3")
    assert not any(" is usually " in f for f in answer.facts)
    fetch("e4", "Spoon_1", "Spoon", "Fridge_1", "in")
    answer = r.recall("put the spoon in the sink", 5, 400, episode_id="e5")
    usual = [f for f in answer.facts if " is usually " in f]
    assert len(usual) == 1 and usual[0].startswith("Spoon is usually in Fridge_1 (Fridge)")


def test_a_pick_refused_then_done_after_an_open_counts_the_find_where_it_opened(
        memory: Memory) -> None:
    """Memory has the knife in the sink (the robot put it there); its pick is refused as
    shut in, the drawer is opened, the pick then succeeds: the knife was found in the
    drawer, not in the sink. Before, the find went to memory's sink, and on tune tidy the
    sink became the sponge's usual place though the sponge was always found in a
    cabinet. An open with no refused pick before it does not move the find."""
    r = memory.recall
    exp = memory.experience
    assert exp is not None
    memory.upsert_object(Unit("Knife_1", "Knife", (0.0, 0.9, 2), area_id="kitchen",
                              receptacle_id="SinkBasin_1", relation="in"))
    r.record_outcome("e1", "pick", ["Knife_1"], False, "the Knife is inside a closed Drawer",
                     robot_area="kitchen", error_code=ErrorCode.PRECONDITION_FAILED)
    r.record_outcome("e1", "open", ["Drawer_2"], True, robot_area="kitchen")
    r.record_outcome("e1", "pick", ["Knife_1"], True, robot_area="kitchen")
    memory.end_episode("e1", task_succeeded=True)
    [place] = exp.places.places("Knife")
    assert (place.place_id, place.relation, place.found) == ("Drawer_2", "in", 1)
    usual = exp.facts.current("type:Knife", "usually")
    assert usual is not None and usual.value == "in Drawer_2 (Drawer)"
    memory.upsert_object(Unit("Knife_1", "Knife", (0.0, 0.9, 2), area_id="kitchen",
                              receptacle_id="SinkBasin_1", relation="in"))
    r.record_outcome("e2", "open", ["Fridge_1"], True, robot_area="kitchen")
    r.record_outcome("e2", "pick", ["Knife_1"], True, robot_area="kitchen")
    memory.end_episode("e2", task_succeeded=True)
    assert {(c.place_id, c.found) for c in exp.places.places("Knife")} == {
        ("Drawer_2", 1), ("SinkBasin_1", 1)}


def test_a_pick_refused_as_shut_in_stays_known_bad_after_the_open_that_repaired_it(
        memory: Memory) -> None:
    """Tune tidy, round 11: the bread was picked from the counter, then (tidied into the
    microwave, memory not knowing) refused as shut in; the microwave was opened and the
    pick worked. One state for all three made it 2 successes to 1 failure, never known
    bad, and after the next tidy the same pick was refused again. The refusal belongs to
    the state naming the receptacle as found (memory reading its door opened, from the
    robot's own open, does not change that); the pick after this episode's open is
    another state, and a close ends it."""
    r = memory.recall
    knife = Unit("Knife_1", "Knife", (0.5, 0.5, 1), area_id="kitchen")
    r.record_outcome("e0", "pick", ["Knife_1"], True, robot_area="kitchen")
    r.record_outcome("e0", "put", ["Knife_1", "SinkBasin_1", "in"], True,
                     robot_area="kitchen")
    memory.end_episode("e0", task_succeeded=True)
    memory.upsert_object(knife)          # seen again where the tidy left it
    r.record_outcome("e1", "pick", ["Knife_1"], False, "the Knife is inside a closed Drawer",
                     robot_area="kitchen", error_code=ErrorCode.PRECONDITION_FAILED)
    r.record_outcome("e1", "open", ["Drawer_2"], True, robot_area="kitchen")
    r.record_outcome("e1", "pick", ["Knife_1"], True, robot_area="kitchen")
    r.record_outcome("e1", "put", ["Knife_1", "SinkBasin_1", "in"], True,
                     robot_area="kitchen")
    memory.end_episode("e1", task_succeeded=True)
    # Tidied back into the drawer and seen there; memory still reads the drawer opened.
    memory.upsert_object(Unit("Knife_1", "Knife", (0.5, 0.5, 1), area_id="kitchen",
                              receptacle_id="Drawer_2", relation="in"))
    drawer = memory.short_term.peek("Drawer_2")
    assert drawer is not None and drawer.state == "opened"
    brief = brief_from_fields("put the knife in the sink", robot_area="kitchen")
    [bad] = r.recall("put the knife in the sink", 5, 400, "e2", brief).known_bad_actions
    assert bad.startswith("do not pick(Knife_1): failed 1x")
    # Opened in this episode: the pick is another state.
    r.record_outcome("e2", "open", ["Drawer_2"], True, robot_area="kitchen")
    assert r.recall("put the knife in the sink", 5, 400, "e2", brief).known_bad_actions == []
    r.record_outcome("e2", "pick", ["Knife_1"], True, robot_area="kitchen")
    r.record_outcome("e2", "put", ["Knife_1", "Drawer_2", "in"], True, robot_area="kitchen")
    r.record_outcome("e2", "close", ["Drawer_2"], True, robot_area="kitchen")
    # That success did not clear the refusal, and the close ends the opened state.
    [bad] = r.recall("put the knife in the sink", 5, 400, "e2", brief).known_bad_actions
    assert bad.startswith("do not pick(Knife_1): failed 1x")


def _refuse_pick_of_mug_shut_in_cabinet(memory: Memory) -> None:
    """Episode e1's first call: a pick of Mug_1, which memory has in closed Cabinet_2,
    refused as shut in."""
    memory.upsert_object(Unit("Cabinet_2", "Cabinet", (0.5, 0.5, 0.8), state="closed",
                              area_id="kitchen"))
    memory.upsert_object(Unit("Mug_1", "Mug", (0.5, 0.5, 1), area_id="kitchen",
                              receptacle_id="Cabinet_2", relation="in"))
    memory.recall.record_outcome("e1", "pick", ["Mug_1"], False,
                                 "the Mug is inside a closed Cabinet", robot_area="kitchen",
                                 error_code=ErrorCode.PRECONDITION_FAILED)


def test_a_pick_refused_as_shut_in_is_known_bad_whatever_memory_reads_of_its_condition(
        memory: Memory) -> None:
    """A pick needs a free hand and its object in reach; the object's condition does not
    decide it. Memory's "heated" outlives the tidy that cooled and shut the mug away (tune2
    tidy, stream seed 2710, round 27): the refusal recorded with the mug "none" was not
    listed when memory read it "heated", and the same pick was refused three times."""
    r = memory.recall
    _refuse_pick_of_mug_shut_in_cabinet(memory)
    memory.end_episode("e1", task_succeeded=False)
    memory.upsert_object(Unit("Mug_1", "Mug", (0.5, 0.5, 1), state="heated",
                              area_id="kitchen", receptacle_id="Cabinet_2", relation="in"))
    brief = brief_from_fields("bring me the mug", robot_area="kitchen")
    [bad] = r.recall("bring me the mug", 5, 400, "e2", brief).known_bad_actions
    assert bad.startswith("do not pick(Mug_1): failed 1x")
    assert "until Cabinet_2 is opened" in bad


def test_a_pick_after_an_open_of_the_listed_receptacle_leaves_its_shut_in_listing(
        memory: Memory) -> None:
    """Tune3 tidy, stream seed 3132, round 52: the plate's pick was listed as shut in its
    cabinet; memory had the plate out of every receptacle, the listing had the cabinet
    opened first and the pick then worked. Counted as a pick outside, that success cleared
    the listing, and the next day the tidy had the plate in the cabinet again: refused
    once more (s0028, s0029). The open of the listed receptacle in the same episode
    explains the success; it says nothing of the object having left. Round 51's
    `picked_outside` counted it (6 of its 7 acts on round 52's tuning streams); reverted."""
    r = memory.recall
    _refuse_pick_of_mug_shut_in_cabinet(memory)
    r.record_outcome("e1", "open", ["Cabinet_2"], True, robot_area="kitchen")
    r.record_outcome("e1", "pick", ["Mug_1"], True, robot_area="kitchen")
    r.record_outcome("e1", "put", ["Mug_1", "SinkBasin_1", "in"], True, robot_area="kitchen")
    r.record_outcome("e1", "close", ["Cabinet_2"], True, robot_area="kitchen")
    memory.end_episode("e1", task_succeeded=True)
    brief = brief_from_fields("bring me the mug", robot_area="kitchen")
    [bad] = r.recall("bring me the mug", 5, 400, "e2", brief).known_bad_actions
    assert bad.startswith("do not pick(Mug_1): failed 1x")
    # Tidied unseen: memory has the mug in the sink, the listing has the cabinet opened.
    r.record_outcome("e2", "open", ["Cabinet_2"], True, robot_area="kitchen")
    r.record_outcome("e2", "pick", ["Mug_1"], True, robot_area="kitchen")
    r.record_outcome("e2", "put", ["Mug_1", "SinkBasin_1", "in"], True, robot_area="kitchen")
    r.record_outcome("e2", "close", ["Cabinet_2"], True, robot_area="kitchen")
    memory.end_episode("e2", task_succeeded=True)
    [bad] = r.recall("bring me the mug", 5, 400, "e3", brief).known_bad_actions
    assert bad.startswith("do not pick(Mug_1): failed 1x")


@pytest.mark.parametrize("keeps", [True, False])
def test_a_pick_listed_as_shut_in_lapses_once_the_robot_moved_its_object_in_a_house_that_keeps_puts(
        memory: Memory, keeps: bool) -> None:
    """Round 60 (exp63), 66 untidied tuning streams: every stream's first task where
    experience did worse was a pick listed "until R is opened" whose object the robot had
    itself taken out of R and put elsewhere; nobody moves things there, so the open of R
    was a wasted walk. Where later finds show the house keeps the robot's puts, the
    robot's own move ends the listing; in a house that tidies (puts undone) it holds, as
    it does after a new refusal of the pick."""
    r = memory.recall
    _houses_answer(memory, keeps=keeps)
    # The last cup's find leaves it in hand: put back where it was found (no evidence).
    r.record_outcome("h3", "put", ["Cup_2", "Drawer_42" if keeps else "Cabinet_9", "in"], True,
                     robot_area="kitchen")
    memory.end_episode("h3", task_succeeded=True)
    _refuse_pick_of_mug_shut_in_cabinet(memory)
    r.record_outcome("e1", "open", ["Cabinet_2"], True, robot_area="kitchen")
    r.record_outcome("e1", "pick", ["Mug_1"], True, robot_area="kitchen")
    r.record_outcome("e1", "put", ["Mug_1", "SinkBasin_1", "in"], True, robot_area="kitchen")
    r.record_outcome("e1", "close", ["Cabinet_2"], True, robot_area="kitchen")
    memory.end_episode("e1", task_succeeded=True)
    brief = brief_from_fields("bring me the mug", robot_area="kitchen")
    listed = r.recall("bring me the mug", 5, 400, "e2", brief).known_bad_actions
    if keeps:
        assert listed == []
    else:
        [bad] = listed
        assert bad.startswith("do not pick(Mug_1): failed 1x") and "until Cabinet_2" in bad
    # Refused again (something did put it back): the listing holds until the robot moves
    # the mug once more.
    memory.upsert_object(Unit("Mug_1", "Mug", (0.5, 0.5, 1), area_id="kitchen",
                              receptacle_id="Cabinet_2", relation="in"))
    r.record_outcome("e2", "pick", ["Mug_1"], False, "the Mug is inside a closed Cabinet",
                     robot_area="kitchen", error_code=ErrorCode.PRECONDITION_FAILED)
    memory.end_episode("e2", task_succeeded=False)
    [bad] = r.recall("bring me the mug", 5, 400, "e3", brief).known_bad_actions
    assert bad.startswith("do not pick(Mug_1): failed") and "until Cabinet_2" in bad


def test_a_shut_in_listing_holds_for_an_object_found_back_in_it_after_the_robots_put(
        memory: Memory) -> None:
    """Round 63, tune2 tidy, stream seed 3251 (experience arm): in a house whose other
    finds say it keeps the robot's puts, the soap bottle's pick was refused "inside a
    closed Cabinet" (s0017); the robot took it out and put it in a drawer, so the next
    task's listing lapsed (`_taken_out`), the pick was refused again and the bottle was
    found back in the same cabinet. The robot then put it elsewhere once more, and the
    listing lapsed again: a refusal per task in one state, for as long as the robot moves
    the object (the shape of the report-only 10 repeats). Found back in the listed
    receptacle after a put of the robot's elsewhere, the object itself shows the house
    takes it back there: its listing no longer lapses when the robot moves it."""
    r = memory.recall
    _houses_answer(memory, keeps=True)
    r.record_outcome("h3", "put", ["Cup_2", "Drawer_42", "in"], True, robot_area="kitchen")
    memory.end_episode("h3", task_succeeded=True)
    _refuse_pick_of_mug_shut_in_cabinet(memory)
    r.record_outcome("e1", "open", ["Cabinet_2"], True, robot_area="kitchen")
    r.record_outcome("e1", "pick", ["Mug_1"], True, robot_area="kitchen")
    r.record_outcome("e1", "put", ["Mug_1", "SinkBasin_1", "in"], True, robot_area="kitchen")
    r.record_outcome("e1", "close", ["Cabinet_2"], True, robot_area="kitchen")
    memory.end_episode("e1", task_succeeded=True)
    brief = brief_from_fields("bring me the mug", robot_area="kitchen")
    # The house keeps puts and the robot moved the mug: the listing lapses (round 61).
    assert r.recall("bring me the mug", 5, 400, "e2", brief).known_bad_actions == []
    # Memory has the mug in the sink where the robot put it; the tidy had it back in the
    # cabinet: refused, the cabinet opened, found there.
    r.record_outcome("e2", "pick", ["Mug_1"], False, "the Mug is inside a closed Cabinet",
                     robot_area="kitchen", error_code=ErrorCode.PRECONDITION_FAILED)
    r.record_outcome("e2", "open", ["Cabinet_2"], True, robot_area="kitchen")
    r.record_outcome("e2", "pick", ["Mug_1"], True, robot_area="kitchen")
    memory.upsert_object(Unit("Drawer_43", "Drawer", (2.0, 0.5, 0.6), area_id="kitchen"))
    r.record_outcome("e2", "put", ["Mug_1", "Drawer_43", "in"], True, robot_area="kitchen")
    memory.end_episode("e2", task_succeeded=True)
    [bad] = r.recall("bring me the mug", 5, 400, "e3", brief).known_bad_actions
    assert bad.startswith("do not pick(Mug_1): failed 2x") and "until Cabinet_2" in bad
    exp = memory.experience
    assert exp is not None and exp.places.keeps_puts()


@pytest.mark.parametrize("first_at", ["CounterTop_7", "Fridge_2"])
def test_a_find_where_the_robot_put_the_objects_carrier_is_no_return(
        memory: Memory, first_at: str) -> None:
    """Round 64, tune2 untidied, stream seed 3162 (and tune untidied 3159, a fork in a cup):
    the robot put a butter knife, found on the counter, on a plate, then moved the plate
    (knife and all) into the fridge. The knife's pick was refused "inside a closed Fridge",
    the fridge opened, the knife taken and put in a drawer. Counted found in the fridge
    after the robot's put on the plate, that find made the fridge a place "the house takes
    it back to" (round 63's `_returned_to`), though the knife had never been found there:
    the robot's own put of its carrier took it in. The listing then held in every later
    task of an untidied house that keeps the robot's puts, sending a pick of the knife,
    now in the drawer, to open the fridge first. A return is a find back in the place the
    object was found in before the robot's put, and not where the robot itself put what it
    had put the object in or on (tune2 untidied 3241 at length 60: a sponge found in a
    cabinet, put in a bowl, the bowl put in that cabinet: `first_at` the fridge). Neither
    is one here, and the listing lapses as round 61's rule has it."""
    r = memory.recall
    _houses_answer(memory, keeps=True)
    memory.upsert_object(Unit("CounterTop_7", "CounterTop", (3.0, 0.0, 0.9),
                              area_id="kitchen"))
    memory.upsert_object(Unit("Plate_1", "Plate", (3.5, 0.0, 0.95), area_id="kitchen",
                              receptacle_id="CounterTop_7", relation="on"))
    memory.upsert_object(Unit("Fridge_2", "Fridge", (0.5, 0.5, 0.8), state="opened",
                              area_id="kitchen"))
    memory.upsert_object(Unit("Knife_1", "ButterKnife", (3.0, 0.1, 0.95), area_id="kitchen",
                              receptacle_id=first_at, relation="on"))
    r.record_outcome("k1", "pick", ["Knife_1"], True, robot_area="kitchen")
    r.record_outcome("k1", "put", ["Knife_1", "Plate_1", "on"], True, robot_area="kitchen")
    memory.end_episode("k1", task_succeeded=True)
    r.record_outcome("k2", "pick", ["Plate_1"], True, robot_area="kitchen")
    r.record_outcome("k2", "put", ["Plate_1", "Fridge_2", "in"], True, robot_area="kitchen")
    r.record_outcome("k2", "close", ["Fridge_2"], True, robot_area="kitchen")
    memory.end_episode("k2", task_succeeded=True)
    r.record_outcome("e1", "pick", ["Knife_1"], False, "the ButterKnife is inside a closed"
                     " Fridge", robot_area="kitchen", error_code=ErrorCode.PRECONDITION_FAILED)
    r.record_outcome("e1", "open", ["Fridge_2"], True, robot_area="kitchen")
    r.record_outcome("e1", "pick", ["Knife_1"], True, robot_area="kitchen")
    memory.upsert_object(Unit("Drawer_43", "Drawer", (2.0, 0.5, 0.6), area_id="kitchen"))
    r.record_outcome("e1", "put", ["Knife_1", "Drawer_43", "in"], True, robot_area="kitchen")
    memory.end_episode("e1", task_succeeded=True)
    exp = memory.experience
    assert exp is not None and exp.places.keeps_puts()
    brief = brief_from_fields("bring me the butter knife", robot_area="kitchen")
    # The house keeps puts and the robot moved the knife since its refusal: it lapses.
    assert r.recall("bring me the butter knife", 5, 400, "e2", brief).known_bad_actions == []
    assert exp.counters.get("experience.listing_taken_out", 0) >= 1


@pytest.mark.parametrize("reach", [0.4, 2.0])
def test_a_find_at_a_put_within_reach_of_where_the_object_was_is_not_a_kept_put(
        memory: Memory, reach: float) -> None:
    """Round 62, tune2 tidy, stream seed 3222: the house is tidied before every task, yet
    three later finds "where the robot put" a unit (a kettle put in a cabinet 0.4 m from
    its spot, a tomato's twin in the pot it was put in) counted as kept, the house was
    taken to keep the robot's puts, and a pick's shut-in listing lapsed for a soap bottle
    the tidy put back. Memory's place for a unit picked back at home stays the put's
    receptacle when the put left it within reach; such a find is no evidence the put was
    kept. A put that took the unit out of reach, found there later, still is."""
    exp = memory.experience
    assert exp is not None
    r = memory.recall
    for n in range(3):
        home, put_to = (4.0 * n, 3.0, 1.0), (4.0 * n + reach, 3.0, 1.0)
        memory.upsert_object(Unit(f"Cabinet_{n + 60}", "Cabinet", put_to, area_id="kitchen"))
        # Found on its spot (no receptacle memory knows), put in the cabinet by it.
        memory.upsert_object(Unit(f"Kettle_{n}", "Kettle", home, area_id="kitchen"))
        r.record_outcome(f"k{n}a", "pick", [f"Kettle_{n}"], True, robot_area="kitchen")
        r.record_outcome(f"k{n}a", "put", [f"Kettle_{n}", f"Cabinet_{n + 60}", "in"], True,
                         robot_area="kitchen")
        memory.end_episode(f"k{n}a", task_succeeded=True)
        # The next task picks it where memory has it: in the cabinet.
        memory.upsert_object(Unit(f"Kettle_{n}", "Kettle", put_to, area_id="kitchen",
                                  receptacle_id=f"Cabinet_{n + 60}", relation="in"))
        r.record_outcome(f"k{n}b", "pick", [f"Kettle_{n}"], True, robot_area="kitchen")
        memory.end_episode(f"k{n}b", task_succeeded=True)
    far = reach > exp.settings.belief_radius
    assert (exp.places.kept, exp.places.moved) == ((3, 0) if far else (0, 0))
    assert exp.places.keeps_puts() == far
    # (`ExperienceMemory._taken_out` lets a pick's shut-in listing lapse only where
    # `keeps_puts` holds: test_a_pick_listed_as_shut_in_lapses_once_the_robot_moved_...)


def test_a_find_the_tidy_explains_is_at_home_and_a_put_from_there_is_named_later(
        memory: Memory) -> None:
    """Round 112, fresh108b tidy s0011/s0012: the plate, found in its cabinet and put on
    the counter, was picked in the next task where the tidy had taken it back (memory's
    position its home spot, memory's receptacle still the counter). That find is the
    tidy's return, no kept put (round 62), yet it left the plate found "at" the counter, so
    putting it on the counter again read as a put back where it was found: no put-back
    line named it in the task after, and its pick was refused "inside a closed Cabinet"
    beside the wrong cabinets. The find is at the home."""
    _houses_answer(memory, keeps=False)
    _fetch(memory, "p0#s0", "Plate_1", "Plate", "Cabinet_2", "CounterTop_5")
    x, y, _ = _place_at("Cabinet_2")
    memory.upsert_object(Unit("Plate_1", "Plate", (x, y, 1), area_id="kitchen",
                              receptacle_id="CounterTop_5", relation="in"))
    r = memory.recall
    r.record_outcome("p1#s0", "pick", ["Plate_1"], True, robot_area="kitchen")
    r.record_outcome("p1#s0", "put", ["Plate_1", "CounterTop_5", "in"], True,
                     robot_area="kitchen")
    memory.end_episode("p1#s0", task_succeeded=True)
    exp = memory.experience
    assert exp is not None and (exp.places.kept, exp.places.moved) == (0, 3)
    brief = brief_from_fields("bring me the plate", robot_area="kitchen")
    line = ("Plate_1 was put in CounterTop_5 by the robot in an earlier task, and this "
            "house puts things back " + _found_before("Cabinet_2"))
    assert line in r.recall("bring me the plate", 5, 400, "p2#s0", brief).facts


@pytest.mark.parametrize("undoes", [True, False])
def test_a_put_back_where_a_unit_was_found_kept_away_from_home_is_named_later(
        memory: Memory, undoes: bool) -> None:
    """Round 113, fresh112c tidy s0016-s0019: the mug, found in its cabinet and put in the
    bowl, was found in the bowl in a later task (the tidy had left it there) and put in
    the bowl again. That put read as a put back where it was found, which moves nothing,
    so no put-back line named the mug once the tidy had taken it home, and its pick was
    refused "inside a closed Cabinet" four times in one state, beside the wrong cabinet.
    In a house that undoes the robot's puts, a put back where the unit was found away
    from its home still leaves it away from home. In a house taken to keep them it stays
    a put back where it was found (fresh92b tidy s0013: as the robot's put it was taken
    to stay, and a task was lost with nothing done)."""
    _houses_answer(memory, keeps=not undoes)
    _fetch(memory, "m0#s0", "Mug_1", "Mug", "Cabinet_2", "Bowl_5")
    _fetch(memory, "m1#s0", "Mug_1", "Mug", "Bowl_5", "Bowl_5")
    exp = memory.experience
    assert exp is not None and exp.places.undoes_puts() == undoes
    brief = brief_from_fields("bring me the mug", robot_area="kitchen")
    facts = memory.recall.recall("bring me the mug", 5, 400, "m2#s0", brief).facts
    line = ("Mug_1 was put in Bowl_5 by the robot in an earlier task, and this house puts "
            "things back " + _found_before("Cabinet_2"))
    assert (line in facts) == undoes
    assert exp.places.put_before("Mug_1", "m2#s0") == (("Bowl_5", "Cabinet_2") if undoes
                                                       else ("", ""))
    # Back at its home, a put there again still moves nothing (round 64's rule).
    _fetch(memory, "m2#s0", "Mug_1", "Mug", "Cabinet_2", "Cabinet_2")
    assert exp.places.put_before("Mug_1", "m3#s0") == ("", "")


def test_a_put_refused_into_a_receptacle_shut_unseen_is_not_listed_after_its_open(
        memory: Memory) -> None:
    """Tune tidy (stream seed 1003, s0009), round 15: memory reads the fridge opened (the
    robot's own open of an earlier day; the tidy shut it unseen). The put is refused, the
    fridge opened, the put then works, every day. The refusal and the repaired put were
    one state (memory reads the door opened before and after), so from the second day
    the put was listed known bad right after its open, the fridge was passed over and
    the task lost. The receptacle a put needs open is named as the pick's is: as found
    (listed) or opened in this episode (not listed)."""
    r = memory.recall
    memory.upsert_object(Unit("Fridge_1", "Fridge", (3, 0, 1), state="opened",
                              area_id="kitchen"))
    brief = brief_from_fields("put the apple in the fridge", held_object="Apple_1",
                              robot_area="kitchen")
    put = ["Apple_1", "Fridge_1", "in"]

    def day(episode: str) -> list[str]:
        r.record_outcome(episode, "pick", ["Apple_1"], True, robot_area="kitchen")
        r.record_outcome(episode, "put", put, False, "put: the Fridge is closed",
                         robot_area="kitchen", error_code=ErrorCode.PRECONDITION_FAILED)
        r.record_outcome(episode, "open", ["Fridge_1"], True, robot_area="kitchen")
        after_open = r.recall(WASH, 5, 400, episode, brief).known_bad_actions
        r.record_outcome(episode, "put", put, True, robot_area="kitchen")
        memory.end_episode(episode, task_succeeded=True)
        return after_open

    assert day("e1") == []
    assert day("e2") == []        # was: "do not put(Apple_1, Fridge_1, in): failed 2x"
    # As found, memory still reading it opened: the refusal is what to expect.
    [bad] = r.recall(WASH, 5, 400, "e3", brief).known_bad_actions
    assert bad.startswith("do not put(Apple_1, Fridge_1, in): failed 2x")


def test_recall_views_are_rebuilt_when_the_units_or_the_known_labels_change(
        memory: Memory) -> None:
    """recall_extra keeps its label index and the units' states and positions while
    recall's snapshot of the units and the labels experience knows stay the same; a
    changed unit (a new snapshot) or a newly learnt label rebuilds them, and the answer
    follows: the fridge's new state ends a known-bad listing, a label learnt from an
    episode makes "plate" a role of the next instruction with the same units."""
    from memory_node.core.experience import Episode, EpisodeStep

    exp = memory.experience
    assert exp is not None
    wash_episode(memory, "ep1", mistake=True)
    r = memory.recall
    brief = brief_from_fields("put the apple in the fridge", held_object="Apple_1",
                              robot_area="kitchen")
    assert len(r.recall(WASH, 5, 400, "ep2", brief).known_bad_actions) == 1
    view = exp._view
    assert len(r.recall(WASH, 5, 400, "ep2", brief).known_bad_actions) == 1
    assert exp._view is view                      # nothing changed: not rebuilt
    memory.upsert_object(Unit("Fridge_1", "Fridge", (3, 0, 1), state="opened",
                              area_id="kitchen"))
    assert r.recall(WASH, 5, 400, "ep2", brief).known_bad_actions == []
    assert exp._view is not view and exp._view is not None
    assert exp._view.states["Fridge_1"] == "opened"

    units = {u.object_id: u for u in memory.short_term.units()}
    plate = "put the plate in the fridge"
    exp.recall_extra(plate, "q1", None, units, 400)
    assert exp._pending["q1"][1].roles == ("Fridge",)
    exp.record_episode(Episode("elsewhere", "put the plate in the sink", (
        EpisodeStep("pick", ("Plate_9",), True, labels={"Plate_9": "Plate"}, stamp=1.0),),
        True))
    exp.recall_extra(plate, "q2", None, units, 400)     # the same units object
    assert exp._pending["q2"][1].roles == ("Plate", "Fridge")


def test_refusals_during_a_search_go_to_the_receptacle_the_pick_then_worked_from(
        memory: Memory) -> None:
    """Refused, the fridge opened (wrong), refused again, the drawer opened, then picked:
    both refusals were the knife shut in the drawer, none in the fridge."""
    r = memory.recall
    exp = memory.experience
    assert exp is not None
    for skill, args, ok in (("pick", ["Knife_1"], False), ("open", ["Fridge_1"], True),
                            ("pick", ["Knife_1"], False), ("open", ["Drawer_2"], True),
                            ("pick", ["Knife_1"], True)):
        r.record_outcome("e1", skill, args, ok, "" if ok else "shut in",
                         robot_area="kitchen",
                         error_code=ErrorCode.NONE if ok else ErrorCode.PRECONDITION_FAILED)
    picks = {t.state_key: (t.successes, t.failures)
             for b in exp.graph._by_robot.values() for t in b.values()
             if t.action == "pick(Knife_1)"}
    # The knife's own condition is not part of a pick's state (round 27).
    assert picks["area=kitchen;held=-;Knife_1=any;in:Drawer_2=as_found"] == (0, 2)
    assert picks["area=kitchen;held=-;Knife_1=any;in:Drawer_2=opened"] == (1, 0)
    assert not any("Fridge_1" in k for k in picks)


def test_a_listing_names_the_receptacle_its_refusals_were_traced_to(memory: Memory) -> None:
    """Tune3 tidy, stream seed 1300, s0005: the cup's refusals had been traced to the
    cabinet whose open repaired the pick, but the line said only "do not pick(...)", so
    the planner opened the cabinet memory had the cup in (where the last task put it)
    and the pick was refused a third time. The line names what its state had unopened,
    in words the offline planner parses and an LLM reads."""
    from memory_node.planner.core.experience import known_bad_calls, known_bad_until
    from memory_node.planner.core.types import SkillCall

    r = memory.recall
    for skill, args, ok in (("pick", ["Knife_1"], False), ("open", ["Fridge_1"], True),
                            ("pick", ["Knife_1"], False), ("open", ["Drawer_2"], True),
                            ("pick", ["Knife_1"], True),
                            ("put", ["Knife_1", "SinkBasin_1", "in"], True)):
        r.record_outcome("e1", skill, args, ok, "" if ok else "shut in",
                         robot_area="kitchen",
                         error_code=ErrorCode.NONE if ok else ErrorCode.PRECONDITION_FAILED)
    memory.end_episode("e1", task_succeeded=True)
    brief = brief_from_fields("put the knife in the sink", robot_area="kitchen")
    lines = r.recall("put the knife in the sink", 5, 400, "e2", brief).known_bad_actions
    [bad] = lines
    assert bad.startswith("do not pick(Knife_1): failed 2x in this state "
                          "(PRECONDITION_FAILED) until Drawer_2 is opened [bad:")
    pick = SkillCall("pick", ("Knife_1",))
    assert known_bad_calls(lines) == {pick}
    assert known_bad_until(lines) == {pick: frozenset({"Drawer_2"})}


def test_a_refusal_after_memorys_wrong_receptacle_was_opened_is_traced_to_the_right_one(
        memory: Memory) -> None:
    """Tune3 tidy, stream seed 3425 (round 71): memory has the cup in the cabinet beside
    the one the tidy puts it in. The task opened memory's cabinet, the pick was refused,
    the other cabinet opened, the pick worked. The refusal stayed in the state naming
    memory's cabinet opened: nothing was listed before that cabinet was opened, and each
    later task opened it, was refused again, then opened the right one. It belongs to the
    state naming the cabinet whose open repaired the pick, as found."""
    from memory_node.planner.core.experience import known_bad_until
    from memory_node.planner.core.types import SkillCall

    memory.upsert_object(Unit("Cabinet_3", "Cabinet", (0.4, 0.4, 0.4), state="closed",
                              area_id="kitchen"))
    memory.upsert_object(Unit("Cabinet_2", "Cabinet", (1.2, 0.4, 0.4), state="closed",
                              area_id="kitchen"))
    memory.upsert_object(Unit("Cup_1", "Cup", (0.8, 0.4, 0.45), area_id="kitchen",
                              receptacle_id="Cabinet_3", relation="in"))
    r = memory.recall
    brief = brief_from_fields("put the cup on the counter", robot_area="kitchen")
    r.recall("put the cup on the counter", 5, 400, "e1", brief)
    for skill, args, ok in (("open", ["Cabinet_3"], True), ("pick", ["Cup_1"], False),
                            ("open", ["Cabinet_2"], True), ("pick", ["Cup_1"], True),
                            ("put", ["Cup_1", "SinkBasin_1", "on"], True)):
        r.record_outcome("e1", skill, args, ok, "" if ok else "shut in",
                         robot_area="kitchen",
                         error_code=ErrorCode.NONE if ok else ErrorCode.PRECONDITION_FAILED)
    memory.end_episode("e1", task_succeeded=True)
    # The tidy: the cup back (memory still has it in Cabinet_3), both cabinets shut.
    memory.upsert_object(Unit("Cup_1", "Cup", (0.8, 0.4, 0.45), area_id="kitchen",
                              receptacle_id="Cabinet_3", relation="in"))
    for cabinet, x in (("Cabinet_3", 0.4), ("Cabinet_2", 1.2)):
        memory.upsert_object(Unit(cabinet, "Cabinet", (x, 0.4, 0.4), state="closed",
                                  area_id="kitchen"))
    lines = r.recall("put the cup on the counter", 5, 400, "e2", brief).known_bad_actions
    assert known_bad_until(lines) == {SkillCall("pick", ("Cup_1",)): frozenset({"Cabinet_2"})}


def test_a_refusal_is_traced_to_where_a_look_alike_was_picked_after_an_open(
        memory: Memory) -> None:
    """Tune3 tidy, stream seed 3425, s0005 (round 71): memory's cup refused as shut in,
    memory's cabinet opened, refused again, the cabinet beside it opened and the cup seen
    there picked as another unit of memory's. The refusals were of that cup: they belong to
    the state naming the cabinet opened before it was picked, as found; left where they
    were, the next tasks opened memory's cabinet first and were refused again."""
    from memory_node.planner.core.experience import known_bad_until
    from memory_node.planner.core.types import SkillCall

    for cabinet, x in (("Cabinet_3", 0.4), ("Cabinet_2", 1.2)):
        memory.upsert_object(Unit(cabinet, "Cabinet", (x, 0.4, 0.4), state="closed",
                                  area_id="kitchen"))
    memory.upsert_object(Unit("Cup_1", "Cup", (0.8, 0.4, 0.45), area_id="kitchen",
                              receptacle_id="Cabinet_3", relation="in"))
    memory.upsert_object(Unit("Cup_2", "Cup", (1.2, 0.4, 0.45), area_id="kitchen",
                              receptacle_id="Cabinet_2", relation="in"))
    r = memory.recall
    brief = brief_from_fields("put the cup on the counter", robot_area="kitchen")
    r.recall("put the cup on the counter", 5, 400, "e1", brief)
    for skill, args, ok in (("pick", ["Cup_1"], False), ("open", ["Cabinet_3"], True),
                            ("pick", ["Cup_1"], False), ("open", ["Cabinet_2"], True),
                            ("pick", ["Cup_2"], True),
                            ("put", ["Cup_2", "SinkBasin_1", "on"], True)):
        r.record_outcome("e1", skill, args, ok, "" if ok else "shut in",
                         robot_area="kitchen",
                         error_code=ErrorCode.NONE if ok else ErrorCode.PRECONDITION_FAILED)
    memory.end_episode("e1", task_succeeded=True)
    for cabinet, x in (("Cabinet_3", 0.4), ("Cabinet_2", 1.2)):
        memory.upsert_object(Unit(cabinet, "Cabinet", (x, 0.4, 0.4), state="closed",
                                  area_id="kitchen"))
    lines = r.recall("put the cup on the counter", 5, 400, "e2", brief).known_bad_actions
    assert known_bad_until(lines) == {SkillCall("pick", ("Cup_1",)): frozenset({"Cabinet_2"})}


def test_a_pick_reported_as_another_class_relabels_the_unit_and_its_find(
        tmp_path: Path, embedder: Embedder) -> None:
    """The camera took a cup in the cabinet for a mug; the pick's result says the robot
    holds a Cup (the skill result's held label). Memory relabels its unit, in the
    short-term memory and the scene graph, and experience counts a cup found in the
    cabinet, not a mug: the next "heat the mug" must not fetch the cup again (tune3 tidy,
    stream seed 1301, s0004/s0005)."""
    from memory_node.core.perception.observation import Observation

    m = open_memory(tmp_path, embedder)
    seen = [Observation.at("Cabinet", (2.0, 0.0, 0.4), 1.0, extent=(0.6, 0.55, 0.8)),
            Observation.at("Mug", (2.05, 0.05, 0.39), 1.0, extent=(0.1, 0.1, 0.1))]
    _seen_facing_x(m, seen)
    m.recall.outcome_listener = m.long_term.apply_outcome_units   # as the facade wires it
    cabinet = m.long_term.find("Cabinet")[0].object_id
    mug = m.long_term.find("Mug")[0].object_id
    m.recall.record_outcome("e1", "navigate", [mug], True, robot_area="kitchen")
    answer = m.recall.record_outcome("e1", "pick", [mug], True, robot_area="kitchen",
                                     held_label="Cup")
    assert [after.label for _, after in answer.changed if after.object_id == mug] == ["Cup"]
    unit = m.short_term.peek(mug)
    assert unit is not None and unit.label == "Cup"
    assert [h.object_id for h in m.long_term.find("Cup")] == [mug]
    assert m.long_term.find("Mug") == []
    # The same class again changes nothing; a bad label is refused before anything.
    again = m.recall.record_outcome("e1", "navigate", ["kitchen"], True,
                                    robot_area="kitchen", held_label="cup")
    assert [a for _, a in again.changed if a.object_id == mug] == []
    with pytest.raises(ValueError):
        m.recall.record_outcome("e1", "navigate", ["kitchen"], True, held_label="Cup\n")
    m.end_episode("e1", task_succeeded=True)
    exp = m.experience
    assert exp is not None
    [place] = exp.places.places("Cup")
    assert (place.place_id, place.found) == (cabinet, 1)
    assert exp.places.places("Mug") == []
    m.close()


def test_a_refusal_in_a_state_naming_a_receptacle_that_did_not_shut_it_in_is_traced(
        memory: Memory) -> None:
    """Tune2 tidy, stream seed 1200, s0008/s0017: memory has the cup in a pot, the pot
    in a cabinet. The first pick worked (a search had opened the cabinet); after a tidy
    the pick was refused "inside a closed Cabinet", the cabinet opened and the pick
    worked. The refusal stayed in the state naming the pot: one success and one failure
    there, never listed, and the pick was refused again in the next task. The refusal
    belongs to the state naming the cabinet whose open repaired it."""
    from memory_node.planner.core.experience import known_bad_until
    from memory_node.planner.core.types import SkillCall

    memory.upsert_object(Unit("Cabinet_5", "Cabinet", (0.4, 0.4, 0.4), state="closed",
                              area_id="kitchen"))
    memory.upsert_object(Unit("Pot_1", "Pot", (0.3, 0.4, 0.4), area_id="kitchen",
                              receptacle_id="Cabinet_5", relation="in"))
    memory.upsert_object(Unit("Cup_1", "Cup", (0.3, 0.4, 0.45), area_id="kitchen",
                              receptacle_id="Pot_1", relation="in"))
    r = memory.recall
    brief = brief_from_fields("put the cup on the counter", robot_area="kitchen")
    episodes = {"e1": (("open", ["Cabinet_5"], True), ("pick", ["Cup_1"], True)),
                "e2": (("pick", ["Cup_1"], False), ("open", ["Cabinet_5"], True),
                       ("pick", ["Cup_1"], True))}
    for episode, steps in episodes.items():
        r.recall("put the cup on the counter", 5, 400, episode, brief)
        for skill, args, ok in steps:
            r.record_outcome(episode, skill, args, ok, "" if ok else "shut in",
                             robot_area="kitchen",
                             error_code=ErrorCode.NONE if ok
                             else ErrorCode.PRECONDITION_FAILED)
        r.record_outcome(episode, "put", ["Cup_1", "SinkBasin_1", "on"], True,
                         robot_area="kitchen")
        memory.end_episode(episode, task_succeeded=True)
        # The tidy: the cup back in the pot, the cabinet shut (memory's view of it).
        memory.upsert_object(Unit("Cup_1", "Cup", (0.3, 0.4, 0.45), area_id="kitchen",
                                  receptacle_id="Pot_1", relation="in"))
        memory.upsert_object(Unit("Cabinet_5", "Cabinet", (0.4, 0.4, 0.4), state="closed",
                                  area_id="kitchen"))
    lines = r.recall("put the cup on the counter", 5, 400, "e3", brief).known_bad_actions
    assert known_bad_until(lines) == {SkillCall("pick", ("Cup_1",)): frozenset({"Cabinet_5"})}


def test_a_pick_refused_about_another_class_marks_memorys_unit_absent(
        tmp_path: Path, embedder: Embedder) -> None:
    """Round 28 (tune tidy, stream seed 2601): memory's fork was a ghost at a stack of
    drawers where a spoon lay shut in; each pick was refused "the Spoon is inside a closed
    Drawer" (PRECONDITION_FAILED) and memory kept the fork there, so three tasks sought it
    at the drawers, four refusals each. The skill result's typed `refused_label` names
    the class the arm found: another class than the unit's is the evidence NOT_FOUND is,
    and the unit is marked absent; a refusal about the unit's own class (it is shut in)
    leaves it, and a bad label is refused before anything."""
    from memory_node.core.perception.observation import Observation

    m = open_memory(tmp_path, embedder)
    seen = [Observation.at("Drawer", (2.0, 0.0, 0.4), 1.0, extent=(0.6, 0.55, 0.3)),
            Observation.at("Fork", (2.05, 0.05, 0.6), 1.0, extent=(0.2, 0.05, 0.02))]
    _seen_facing_x(m, seen)
    fork = m.long_term.find("Fork")[0].object_id
    m.recall.record_outcome("e1", "navigate", [fork], True, robot_area="kitchen")
    code = int(ErrorCode.PRECONDITION_FAILED)
    own = m.recall.record_outcome("e1", "pick", [fork], False, "the Fork is shut in",
                                  robot_area="kitchen", error_code=code,
                                  refused_label="fork")
    assert own.changed == [] and m.short_term.peek(fork).state != "absent"
    with pytest.raises(ValueError):
        m.recall.record_outcome("e1", "pick", [fork], False, error_code=code,
                                refused_label="Spoon\n")
    other = m.recall.record_outcome("e1", "pick", [fork], False, "the Spoon is shut in",
                                    robot_area="kitchen", error_code=code,
                                    refused_label="Spoon")
    assert [a.state for _, a in other.changed if a.object_id == fork] == ["absent"]
    assert m.short_term.peek(fork).state == "absent"
    m.close()


def test_a_put_refused_about_another_class_relabels_the_receptacle(
        tmp_path: Path, embedder: Embedder) -> None:
    """Odd plan 27, s0003 (round 50): memory's "Plate" was a bowl the camera misread. The
    world refuses the put "a Bowl holds things in it, not on it", typed `refused_label`
    Bowl: the arm stood at the receptacle and found that class. Memory relabels its unit,
    in the short-term memory and the scene graph, as a held label does (the unit is not
    marked absent: it was reached where memory has it). A refusal naming the unit's own
    class (shut in) leaves it; a bad label is refused before anything."""
    from memory_node.core.perception.observation import Observation

    m = open_memory(tmp_path, embedder)
    seen = [Observation.at("Plate", (2.0, 0.0, 0.9), 1.0, extent=(0.25, 0.25, 0.05)),
            Observation.at("Apple", (2.0, 0.6, 0.9), 1.0, extent=(0.08, 0.08, 0.08))]
    _seen_facing_x(m, seen)
    m.recall.outcome_listener = m.long_term.apply_outcome_units   # as the facade wires it
    plate = m.long_term.find("Plate")[0].object_id
    apple = m.long_term.find("Apple")[0].object_id
    m.recall.record_outcome("e1", "pick", [apple], True, robot_area="kitchen",
                            held_label="Apple")
    code = int(ErrorCode.PRECONDITION_FAILED)
    own = m.recall.record_outcome("e1", "put", [apple, plate, "on"], False,
                                  "the Plate is shut in", robot_area="kitchen",
                                  error_code=code, refused_label="plate")
    assert own.changed == [] and m.short_term.peek(plate).label == "Plate"
    with pytest.raises(ValueError):
        m.recall.record_outcome("e1", "put", [apple, plate, "on"], False, error_code=code,
                                refused_label="Bowl\n")
    other = m.recall.record_outcome("e1", "put", [apple, plate, "on"], False,
                                    "a Bowl holds things in it, not on it",
                                    robot_area="kitchen", error_code=code,
                                    refused_label="Bowl")
    assert [a.label for _, a in other.changed if a.object_id == plate] == ["Bowl"]
    unit = m.short_term.peek(plate)
    assert unit is not None and unit.label == "Bowl" and unit.state != "absent"
    assert [h.object_id for h in m.long_term.find("Bowl")] == [plate]
    assert m.long_term.find("Plate") == []
    assert other.held_object == apple   # the refused put leaves the apple in the hand
    m.close()


def test_a_listing_about_this_tasks_objects_is_delivered_before_newer_ones_about_others(
        memory: Memory) -> None:
    """The recall lists at most `max_known_bad` lines; ranked by margin and recency alone,
    a long stream's newer failures (other tasks', other objects') pushed out the navigate
    to the bread refused NOT_FOUND at the garbage can four tasks earlier, and it was
    refused again (tune3 tidy, stream seed 2822, s0027; round 30). A failure of this very
    episode, or a line about an object of a type the instruction names, comes first."""
    r = memory.recall
    r.record_outcome("e1", "navigate", ["Tomato_1"], True, robot_area="kitchen")
    r.record_outcome("e1", "navigate", ["Apple_1"], False, "no Apple within 0.75 m",
                     robot_area="kitchen", error_code=ErrorCode.NOT_FOUND)
    memory.end_episode("e1", task_succeeded=False)
    settings = memory.experience.settings if memory.experience is not None else None
    assert settings is not None
    cups = [Unit(f"Cup_{i}", "Cup", (2 + i, 2, 1), area_id="kitchen")
            for i in range(settings.max_known_bad + 2)]
    # Newer failures about cups, Cup_0's twice.
    for i, cup in enumerate([cups[0], *cups[:-1]]):
        memory.upsert_object(cup)
        r.record_outcome(f"c{i}", "navigate", [cup.object_id], False,
                         "no Cup within 0.75 m", robot_area="kitchen",
                         error_code=ErrorCode.NOT_FOUND)
        memory.end_episode(f"c{i}", task_succeeded=False)
    memory.upsert_object(cups[-1])
    r.record_outcome("e2", "navigate", [cups[-1].object_id], False, "no Cup within 0.75 m",
                     robot_area="kitchen", error_code=ErrorCode.NOT_FOUND)
    # Stale sightings: memory has every one of them back where its navigate failed.
    for unit in [*cups, house()[0]]:
        memory.upsert_object(unit)
    brief = brief_from_fields("put the apple in the fridge", robot_area="kitchen")
    bad = r.recall("put the apple in the fridge", 5, 2000, "e2", brief).known_bad_actions
    assert len(bad) == settings.max_known_bad
    # This episode's own failure and the apple's first; then by margin, then the newest.
    n = len(cups) - 1
    assert [b.split(":")[0] for b in bad] == [
        f"do not navigate(Cup_{n})", "do not navigate(Apple_1)", "do not navigate(Cup_0)",
        f"do not navigate(Cup_{n - 1})", f"do not navigate(Cup_{n - 2})"]


def test_a_type_searched_out_twice_is_passed_on_until_one_is_seen_or_acted_on(
        memory: Memory) -> None:
    """Tasks that ended still searching for a type (their last step a failed explore for
    it) count as its absence fact, with provenance; recall passes the fact on from the
    second such task (`absent_after_searches`), not while memory's units hold one, and a
    step that succeeds on one supersedes it (history kept). Round 43: kitchen 3 has no
    tomato, and each of five tasks a stream searched the house again (14-16 calls)."""
    r = memory.recall
    exp = memory.experience
    assert exp is not None
    plate = "put the plate in the fridge"

    def search(episode: str, last_ok: bool = False) -> None:
        r.recall(plate, k=5, token_budget=400, episode_id=episode)
        r.record_outcome(episode, "explore", ["kitchen", "Plate"], False, "no Plate seen",
                         robot_area="kitchen", error_code=ErrorCode.NOT_FOUND)
        r.record_outcome(episode, "explore", ["Fridge_1", "Plate"], last_ok, "",
                         robot_area="kitchen",
                         error_code=ErrorCode.NONE if last_ok else ErrorCode.NOT_FOUND)
        memory.end_episode(episode, task_succeeded=False)

    def told(episode: str) -> list[str]:
        answer = r.recall(plate, 5, 400, episode_id=episode)
        return [f for f in answer.facts if " was searched for" in f]

    search("e0", last_ok=True)   # ended after a sighting: not searched out
    assert exp.facts.current("type:Plate", "absent") is None
    # Ended at a room's explore: the search was cut short, not searched out.
    r.recall(plate, k=5, token_budget=400, episode_id="e00")
    r.record_outcome("e00", "explore", ["kitchen", "Plate"], False, "no Plate seen",
                     robot_area="kitchen", error_code=ErrorCode.NOT_FOUND)
    memory.end_episode("e00", task_succeeded=False)
    assert exp.facts.current("type:Plate", "absent") is None
    search("e1")
    fact = exp.facts.current("type:Plate", "absent")
    assert fact is not None and (fact.value, fact.support) == ("searched out", 1)
    assert told("e2") == []      # one search can miss it
    memory.end_episode("e2", task_succeeded=False)
    search("e3")
    fact = exp.facts.current("type:Plate", "absent")
    assert fact is not None and fact.support == 2
    assert fact.provenance == ["episode:e1", "episode:e3"]
    [line] = told("e4")
    assert line.startswith("Plate was searched for and not found, 2x [fact:")
    # A plate in memory's units: not passed on, the fact itself unchanged.
    memory.upsert_object(Unit("Plate_1", "Plate", (2.0, 0.9, 1), area_id="kitchen"))
    assert told("e4") == []
    # A step that worked on it: superseded, the searched-out version kept in history.
    r.record_outcome("e4", "navigate", ["Plate_1"], True, robot_area="kitchen")
    memory.end_episode("e4", task_succeeded=False)
    fact = exp.facts.current("type:Plate", "absent")
    assert fact is not None and fact.value == "seen as Plate_1"
    history = exp.store.query("SELECT value, superseded_by FROM exp_facts WHERE "
                              "subject='type:Plate' ORDER BY fact_id")
    assert [h[0] for h in history] == ["searched out", "seen as Plate_1"]
    assert history[0][1] == fact.fact_id
    memory.upsert_object(Unit("Plate_1", "Plate", (2.0, 0.9, 1), area_id="kitchen",
                              state="absent"))
    assert told("e5") == []
    exp.reload()
    fact = exp.facts.current("type:Plate", "absent")
    assert fact is not None and fact.value == "seen as Plate_1"


def test_only_a_planner_s_give_up_makes_a_type_searched_out(memory: Memory) -> None:
    """Round 44: the end of an episode carries why it ended. A task the loop's step limit
    cut off in the middle of a search (its last step a failed `explore(Fridge_1, Plate)`,
    as a give-up's) is not a search-out: round 43's rule counted it from the step alone.
    A give-up counts wherever its last search looked from (a room too); an unknown reason
    is refused before anything changes; no reason stated keeps round 43's inference."""
    r = memory.recall
    exp = memory.experience
    assert exp is not None
    plate = "put the plate in the fridge"

    def search(episode: str, where: str, reason: str) -> None:
        r.recall(plate, k=5, token_budget=400, episode_id=episode)
        r.record_outcome(episode, "explore", [where, "Plate"], False, "no Plate seen",
                         robot_area="kitchen", error_code=ErrorCode.NOT_FOUND)
        memory.end_episode(episode, task_succeeded=False, reason=reason)

    for episode in ("s1", "s2", "s3"):
        search(episode, "Fridge_1", "step_limit")
    assert exp.facts.current("type:Plate", "absent") is None
    search("f1", "Fridge_1", "failed")
    assert exp.facts.current("type:Plate", "absent") is None
    r.recall(plate, k=5, token_budget=400, episode_id="x1")
    r.record_outcome("x1", "explore", ["Fridge_1", "Plate"], False, "no Plate seen",
                     robot_area="kitchen", error_code=ErrorCode.NOT_FOUND)
    with pytest.raises(ValueError, match="reason"):
        memory.end_episode("x1", task_succeeded=False, reason="ran out of patience")
    assert exp.facts.current("type:Plate", "absent") is None
    memory.end_episode("x1", task_succeeded=False, reason="gave_up")   # still open
    fact = exp.facts.current("type:Plate", "absent")
    assert fact is not None and fact.provenance == ["episode:x1"]
    search("g1", "kitchen", "gave_up")     # a room's explore: the planner's word counts
    search("u1", "kitchen", "")            # unstated, at a room: round 43's rule, not counted
    search("u2", "Fridge_1", "")           # unstated, from an object: counted
    fact = exp.facts.current("type:Plate", "absent")
    assert fact is not None
    assert fact.provenance == ["episode:x1", "episode:g1", "episode:u2"]


def test_a_searched_out_type_is_never_passed_on_with_the_setting_at_zero(
        tmp_path: Path, embedder: Embedder) -> None:
    m = open_memory(tmp_path, embedder, absent_after_searches=0)
    for u in house():
        m.upsert_object(u)
    try:
        for episode in ("e1", "e2", "e3"):
            m.recall.recall("put the plate in the fridge", 5, 400, episode_id=episode)
            m.recall.record_outcome(episode, "explore", ["Drawer_2", "Plate"], False, "",
                                    robot_area="kitchen", error_code=ErrorCode.NOT_FOUND)
            m.end_episode(episode, task_succeeded=False)
        fact = m.experience.facts.current("type:Plate", "absent")  # type: ignore[union-attr]
        assert fact is not None and fact.support == 3
        answer = m.recall.recall("put the plate in the fridge", 5, 400, episode_id="e4")
        assert not any(" was searched for" in f for f in answer.facts)
    finally:
        m.close()


@pytest.mark.parametrize("house_kind", ["cold", "tidied", "refused", "untidied"])
def test_a_unit_memory_has_where_the_robot_put_it_in_an_earlier_task_is_named_in_a_tidied_house(
        memory: Memory, house_kind: str) -> None:
    """Round 64, tidy tuning streams: memory's place for an object the robot put in an
    earlier task is that put, but the daily tidy has taken it back to where it is kept; 62
    navigates to such units were refused NOT_FOUND on 12 streams (experience arm), each
    followed by an explore or a walk elsewhere. In a house whose later finds show the
    robot's puts moved on (`UsualPlaces.undoes_puts`), recall names such a unit of the
    task's types and where it was found before the put, so the planner looks there first;
    not in the put's own task, not in a house that keeps the robot's puts, not on a cold
    start. "refused": no find answered the robot's puts, but three units were not found
    (NOT_FOUND) where the robot had put them in an earlier task (the tidy had taken them
    back and memory made new units of them where they were seen): evidence enough."""
    exp = memory.experience
    assert exp is not None
    if house_kind in ("tidied", "untidied"):
        _houses_answer(memory, keeps=house_kind == "untidied")
    if house_kind == "refused":
        for n in range(3):
            _fetch(memory, f"h{n}a", f"Cup_{n}", "Cup", "Cabinet_9", f"Drawer_{n + 40}")
            memory.recall.record_outcome(
                f"h{n}b", "navigate", [f"Cup_{n}"], False, "no Cup there",
                robot_area="kitchen", error_code=ErrorCode.NOT_FOUND)
            memory.end_episode(f"h{n}b", task_succeeded=False)
        assert (exp.places.kept, exp.places.moved) == (0, 0)
    _fetch(memory, "m0#s0", "Mug_1", "Mug", "Cabinet_2")
    _fetch(memory, "m1#s0", "Mug_1", "Mug", "Cabinet_2", "SinkBasin_1")
    line = ("Mug_1 was put in SinkBasin_1 by the robot in an earlier task, and this house "
            "puts things back " + _found_before("Cabinet_2"))
    r = memory.recall
    brief = brief_from_fields("bring me the mug", robot_area="kitchen")
    same_task = r.recall("bring me the mug", 5, 400, "m1#s1", brief).facts
    later = r.recall("bring me the mug", 5, 400, "m2#s0", brief).facts
    assert line not in same_task
    tidied = house_kind in ("tidied", "refused")
    assert (line in later) == tidied, later
    assert exp.places.undoes_puts() == tidied
    assert not exp.places.keeps_puts() or house_kind == "untidied"


def test_the_first_answer_that_a_put_did_not_stay_decides_until_kept_ones_outnumber_it(
        memory: Memory) -> None:
    """Round 98, fresh91b tidy: the first answer that the robot's put had not stayed came
    in s0007, the third in s0013; in between, s0011 searched fifteen cabinets for a cup
    it had put in the fridge in s0008. An untidied house can give one such answer first
    (fresh89c, task 10 of 30: the gate held for that one task). The house is taken to undo
    the robot's puts once such answers outnumber kept ones, from the first; kept ones take
    it back."""
    exp = memory.experience
    assert exp is not None
    assert not exp.places.undoes_puts()
    _fetch(memory, "h0a", "Cup_0", "Cup", "Cabinet_9", "Drawer_40")
    _fetch(memory, "h0b", "Cup_0", "Cup", "Cabinet_9")      # the tidy took it back
    assert (exp.places.kept, exp.places.moved) == (0, 1)
    assert exp.places.undoes_puts()
    _fetch(memory, "h1a", "Cup_1", "Cup", "Cabinet_9", "Drawer_41")
    _fetch(memory, "h1b", "Cup_1", "Cup", "Drawer_41")       # stayed where it was put
    assert not exp.places.undoes_puts()


def test_a_unit_absent_at_the_robots_put_is_named_with_its_home(memory: Memory) -> None:
    """Round 98, fresh91b tidy s0011: the cup the robot had put in the fridge in s0008 was
    marked absent there by a look in s0009 (the tidy had taken it home), and no put-back
    line named it any more: the search opened the fridge again, then fifteen cabinets,
    never its home. A unit absent at the robot's put is still named, with its home."""
    _houses_answer(memory, keeps=False)
    _fetch(memory, "m0#s0", "Mug_1", "Mug", "Cabinet_2")
    _fetch(memory, "m1#s0", "Mug_1", "Mug", "Cabinet_2", "Fridge_5")
    mug = memory.short_term.peek("Mug_1")
    assert mug is not None
    memory.upsert_object(replace(mug, state="absent"))
    brief = brief_from_fields("bring me the mug", robot_area="kitchen")
    line = ("Mug_1 was put in Fridge_5 by the robot in an earlier task, and this house "
            "puts things back " + _found_before("Cabinet_2"))
    assert line in memory.recall.recall("bring me the mug", 5, 400, "m2#s0", brief).facts


@pytest.mark.parametrize("put_again", ["same task", "later task"])
def test_a_put_back_names_the_units_home_not_the_robots_own_earlier_put(
        tmp_path: Path, embedder: Embedder, put_again: str) -> None:
    """Round 64, tune2 tidy, stream seed 3159 (exp71's v3): the place named for a unit the
    robot put in an earlier task was where it was last found (`found_at`), which was a
    drawer the robot had itself put the soap bottle in; opening it first lost two tasks.
    The home is where a find saw the unit that no put of the robot's explains (round 65):
    the cabinet it was found in before the robot's first put; a find in the drawer in the
    put's own task, or in a later task where the robot had put it (kept), is the robot's
    own put and moves no home. The home is stored (it survives a restart)."""
    m = open_memory(tmp_path, embedder)
    for u in house():
        m.upsert_object(u)
    exp = m.experience
    assert exp is not None
    _houses_answer(m, keeps=False)
    _fetch(m, "k0#s0", "Soap_1", "SoapBottle", "Cabinet_5", "Drawer_30")
    again = "k0#s1" if put_again == "same task" else "k1#s0"
    _fetch(m, again, "Soap_1", "SoapBottle", "Drawer_30", "CounterTop_1")
    assert exp.places.put_before("Soap_1", "k2#s0") == ("CounterTop_1", "Cabinet_5")
    line = ("Soap_1 was put in CounterTop_1 by the robot in an earlier task, and this house "
            "puts things back " + _found_before("Cabinet_5"))
    brief = brief_from_fields("put the soap bottle in the drawer", robot_area="kitchen")
    assert line in m.recall.recall("put the soap bottle in the drawer", 5, 400, "k2#s0",
                                   brief).facts
    m.close()
    m = open_memory(tmp_path, embedder)
    try:
        exp = m.experience
        assert exp is not None
        assert exp.places.put_before("Soap_1", "k2#s0") == ("CounterTop_1", "Cabinet_5")
    finally:
        m.close()


@pytest.mark.parametrize("house_kind", ["cold", "tidied", "untidied"])
def test_a_unit_the_robot_left_where_it_stays_is_named(memory: Memory, house_kind: str) -> None:
    """Round 66, untidied tuning streams: a placement goal memory holds from the robot's
    own doing was looked at again in every later task (tune2 untidied 3162: the butter
    knife found in a drawer, put back and closed; navigate, open and close in five later
    tasks). In a house that keeps the robot's puts (`UsualPlaces.keeps_puts`: "untidied"),
    recall names a unit of the task's types that memory has where the robot itself last
    left it (`UsualPlaces.left_by_robot`): put back where it was found, or put where it
    moved it in an earlier task (not in the put's own task), and not while memory has it
    elsewhere. Not on a cold start nor in a tidied house: there a look's open shows what
    else the receptacle holds (tune2 tidy 3152, round 66)."""
    exp = memory.experience
    assert exp is not None
    if house_kind != "cold":
        _houses_answer(memory, keeps=house_kind == "untidied")
    r = memory.recall
    brief = brief_from_fields("put the mug in the sink", robot_area="kitchen")
    _fetch(memory, "k0#s0", "Knife_1", "Knife", "Drawer_5", "Drawer_5")
    _fetch(memory, "m0#s0", "Mug_1", "Mug", "Cabinet_2", "SinkBasin_1")
    back = "Knife_1 was left in Drawer_5 by the robot, and it stays there"
    moved = "Mug_1 was left in SinkBasin_1 by the robot, and it stays there"
    keeps = house_kind == "untidied"
    facts = r.recall("put the knife in the drawer", 5, 400, "k1#s0", brief).facts
    assert (back in facts) == keeps, facts
    assert moved not in r.recall("put the mug in the sink", 5, 400, "m0#s1", brief).facts
    later = r.recall("put the mug in the sink", 5, 400, "m1#s0", brief).facts
    assert (moved in later) == keeps, later
    unit = memory.short_term.peek("Knife_1")
    assert unit is not None
    memory.upsert_object(replace(unit, receptacle_id="Cabinet_2"))
    assert back not in r.recall("put the knife in the drawer", 5, 400, "k2#s0", brief).facts


def _look(memory: Memory, episode: str, instruction: str, calls: list[tuple[str, list[str]]],
          won: bool = True) -> None:
    """One episode of walks, opens and closes only (a look), ended won or lost."""
    r = memory.recall
    r.recall(instruction, 5, 400, episode, brief_from_fields(instruction, robot_area="kitchen"))
    for skill, args in calls:
        r.record_outcome(episode, skill, args, True, robot_area="kitchen")
    memory.end_episode(episode, task_succeeded=won)


@pytest.mark.parametrize("house_kind", ["cold", "tidied"])
def test_a_put_back_home_a_look_saw_is_named_before_the_house_is_known(
        memory: Memory, house_kind: str) -> None:
    """Round 73, untidied tuning streams: the butter knife the robot found in a drawer and
    put back was looked at (navigate, open, close) in five later tasks while
    `keeps_puts` (three kept finds of MOVED puts) was still shut (tune2 untidied 3162). A
    put back home stays in any house (a tidy returns a thing home too), and once a won look
    of a later task has seen the unit there (`UsualPlaces.seen_home`), recall names it as
    left by the robot whatever the house is known to do: the first look stays (what it
    opened showed what else the drawer holds, round 66's tidied loss). Not on a lost look,
    not on an episode that also picked, not for a unit of a type the task does not name,
    not for a put that MOVED a unit, and no longer once the robot acts on it again."""
    exp = memory.experience
    assert exp is not None
    if house_kind == "tidied":
        _houses_answer(memory, keeps=False)
    assert not exp.places.keeps_puts()
    r = memory.recall
    brief = brief_from_fields("put the knife in the drawer", robot_area="kitchen")
    back = "Knife_1 was left in Drawer_5 by the robot, and it stays there"
    moved = "Mug_1 was left in SinkBasin_1 by the robot, and it stays there"
    _fetch(memory, "k0#s0", "Knife_1", "Knife", "Drawer_5", "Drawer_5")
    _fetch(memory, "m0#s0", "Mug_1", "Mug", "Cabinet_2", "SinkBasin_1")
    look = [("navigate", ["Drawer_5"]), ("open", ["Drawer_5"]), ("close", ["Drawer_5"])]
    assert back not in r.recall("put the knife in the drawer", 5, 400, "k1#s0", brief).facts
    # A lost look, a look for another type, and an episode that also picked: nothing.
    _look(memory, "l0#s0", "put the knife in the drawer", look, won=False)
    _look(memory, "l1#s0", "put the mug in the drawer", look)
    r.record_outcome("l2#s0", "open", ["Drawer_5"], True, robot_area="kitchen")
    r.record_outcome("l2#s0", "pick", ["Mug_1"], False, robot_area="kitchen")
    memory.end_episode("l2#s0", task_succeeded=True)
    assert back not in r.recall("put the knife in the drawer", 5, 400, "k2#s0", brief).facts
    # A won look at the drawer for a knife: named from then on.
    _look(memory, "l3#s0", "put the knife in the drawer", look)
    assert back in r.recall("put the knife in the drawer", 5, 400, "k3#s0", brief).facts
    # A look at where the robot MOVED a unit is not a put back home: not named.
    _look(memory, "l4#s0", "put the mug in the sink",
          [("navigate", ["SinkBasin_1"])])
    assert moved not in r.recall("put the mug in the sink", 5, 400, "m1#s0", brief).facts
    # The robot acts on the knife again: a new look decides.
    _fetch(memory, "k4#s0", "Knife_1", "Knife", "Drawer_5", "Drawer_5")
    assert back not in r.recall("put the knife in the drawer", 5, 400, "k5#s0", brief).facts


def test_receptacles_a_search_opened_in_vain_are_named_for_the_next_search_of_the_type(
        memory: Memory) -> None:
    """Round 94, fresh90c tidy s0002/s0005: a search for a knife memory had never seen
    opened fifteen of the kitchen's drawers and ran out of steps; the next task's search
    opened the same fifteen in the same order and ran out again. The receptacles an episode
    opened and moved on from (and the last one, when it ended unwon) held nothing of the
    types its instruction names, whether memory had seen one yet or not: recall names them
    for the next instruction naming the type, the most searched first, less any memory now
    has one of the type in. A receptacle the episode then acted on (a pick from it, its
    close), or the one a won episode ended at, is no such place; a find there takes it
    back."""
    r = memory.recall
    for i in range(5):
        memory.upsert_object(Unit(f"Drawer_{i}", "Drawer", (1.0 + 0.3 * i, 0.5, 0.4),
                                  area_id="kitchen", state="closed"))
    knife = "put the knife away in the drawer"

    def told(episode: str) -> list[str]:
        return [f for f in r.recall(knife, 5, 2000, episode_id=episode).facts
                if " was looked for in " in f]

    def look(episode: str, drawer: str) -> None:
        r.record_outcome(episode, "navigate", [drawer], True, robot_area="kitchen")
        r.record_outcome(episode, "open", [drawer], True, robot_area="kitchen")

    assert told("e0") == []
    for d in ("Drawer_0", "Drawer_1", "Drawer_2"):
        look("e0", d)
    memory.end_episode("e0", task_succeeded=False)
    assert told("e1") == ["knife was looked for in Drawer_0, Drawer_1, Drawer_2 in earlier "
                          "tasks and not found there"]
    # Won at Drawer_3 after Drawer_0 again; Drawer_4 opened and closed (a look) is none.
    look("e1", "Drawer_4")
    r.record_outcome("e1", "close", ["Drawer_4"], True, robot_area="kitchen")
    look("e1", "Drawer_0")
    look("e1", "Drawer_3")
    memory.end_episode("e1", task_succeeded=True)
    assert told("e2") == ["knife was looked for in Drawer_0, Drawer_1, Drawer_2 in earlier "
                          "tasks and not found there"]
    # Another instruction naming no knife is told nothing of it.
    assert not [f for f in r.recall("put the apple in the fridge", 5, 2000,
                                    episode_id="e2").facts if " was looked for in " in f]
    # A knife memory now has in Drawer_1: not named; found in Drawer_2: taken back.
    memory.upsert_object(Unit("Knife_1", "Knife", (1.3, 0.5, 0.4), area_id="kitchen",
                              receptacle_id="Drawer_1", relation="in"))
    assert told("e2") == ["knife was looked for in Drawer_0, Drawer_2 in earlier tasks and "
                          "not found there"]
    memory.upsert_object(Unit("Knife_2", "Knife", (1.6, 0.5, 0.4), area_id="kitchen",
                              receptacle_id="Drawer_2", relation="in"))
    r.record_outcome("e2", "pick", ["Knife_2"], True, robot_area="kitchen")
    memory.end_episode("e2", task_succeeded=True)
    assert told("e3") == ["knife was looked for in Drawer_0 in earlier tasks and not found "
                          "there"]


def test_receptacles_opened_for_another_type_are_named_for_a_type_not_seen_in_them(
        memory: Memory) -> None:
    """Round 106 (peek106): a receptacle an episode opened and moved on from showed the
    camera everything in it, not only the absence of what the episode sought. Tidied base
    logs: 145 opens of a search went to a receptacle an earlier task had opened, before the
    one never opened that held the object. Recall names them, most recent first, for each
    type of the instruction that stands in something (never a drawer or a fridge), less
    those the searched-in-vain line names, those memory has one of the type in and those
    the type was ever found in."""
    r = memory.recall
    for i in range(4):
        memory.upsert_object(Unit(f"Drawer_{i}", "Drawer", (1.0 + 0.3 * i, 0.5, 0.4),
                                  area_id="kitchen", state="closed"))
    knife, apple = "put the knife away in the drawer", "put the apple in the fridge"

    def told(instruction: str, episode: str) -> list[str]:
        return [f for f in r.recall(instruction, 5, 2000, episode_id=episode).facts
                if " was not seen in " in f or " was looked for in " in f]

    def look(episode: str, drawer: str) -> None:
        r.record_outcome(episode, "navigate", [drawer], True, robot_area="kitchen")
        r.record_outcome(episode, "open", [drawer], True, robot_area="kitchen")

    assert told(knife, "e0") == []
    assert told(apple, "a0") == []
    for d in ("Drawer_0", "Drawer_1", "Drawer_2"):
        look("a0", d)
    memory.end_episode("a0", task_succeeded=False)   # a search for an apple, unwon
    assert told(knife, "e1") == ["knife was not seen in Drawer_2, Drawer_1, Drawer_0, "
                                 "opened in earlier tasks"]
    # The apple's own search names them once, as searched in vain; no line for the fridge.
    assert [f for f in told(apple, "e1") if "fridge" not in f] == [
        "apple was looked for in Drawer_0, Drawer_1, Drawer_2 in earlier tasks and not found "
        "there"]
    assert not [f for f in told(apple, "e1") if "fridge was not seen" in f]
    # A knife memory has in Drawer_1: not named.
    memory.upsert_object(Unit("Knife_1", "Knife", (1.3, 0.5, 0.4), area_id="kitchen",
                              receptacle_id="Drawer_1", relation="in"))
    assert told(knife, "e1") == ["knife was not seen in Drawer_2, Drawer_0, opened in "
                                 "earlier tasks"]
    # A knife found in Drawer_2 (its usual place since): not named, even moved away.
    memory.upsert_object(Unit("Knife_2", "Knife", (1.6, 0.5, 0.4), area_id="kitchen",
                              receptacle_id="Drawer_2", relation="in"))
    look("k1", "Drawer_2")
    r.record_outcome("k1", "pick", ["Knife_2"], True, robot_area="kitchen")
    memory.end_episode("k1", task_succeeded=True)
    memory.upsert_object(Unit("Knife_2", "Knife", (0.0, 2.0, 0.9), area_id="kitchen"))
    assert told(knife, "e2") == ["knife was not seen in Drawer_0, opened in earlier tasks"]


def test_a_put_record_follows_its_unit_into_the_object_memory_joined_it_to(
        tmp_path: Path, embedder: Embedder) -> None:
    """Round 95, fresh94c tidy: the robot put a NEW sighting of a bread (its own id), the
    scene graph then joined that sighting to the bread it had seen before, and the next
    task's recall, keyed by the kept id, had no put to doubt: the planner walked to the
    put's place, which the tidy had emptied. A put record follows its unit into the
    object it was joined to (`ExperienceMemory.joined_ids`, the scene graph's), merged
    with that object's own record (the newer place, both tallies), and is stored so."""
    m = open_memory(tmp_path, embedder)
    for u in house():
        m.upsert_object(u)
    exp = m.experience
    assert exp is not None
    assert exp.joined_ids == m.long_term.joined_ids   # the Memory facade wires it
    _houses_answer(m, keeps=False)
    _fetch(m, "m0#s0", "Mug_1", "Mug", "Cabinet_2", "Cabinet_2")   # the older object's
    _fetch(m, "m1#s0", "Mug_9", "Mug", "Cabinet_2", "SinkBasin_1")  # a new sighting of it
    tally = (exp.places.kept, exp.places.moved)
    m.short_term.remove("Mug_9")
    mug = m.short_term.peek("Mug_1")
    assert mug is not None
    m.upsert_object(replace(mug, receptacle_id="SinkBasin_1"))
    line = ("Mug_1 was put in SinkBasin_1 by the robot in an earlier task, and this house "
            "puts things back " + _found_before("Cabinet_2"))
    brief = brief_from_fields("bring me the mug", robot_area="kitchen")
    exp.joined_ids = dict   # not joined: the put is Mug_9's alone
    assert line not in m.recall.recall("bring me the mug", 5, 400, "m2#s0", brief).facts
    exp.joined_ids = lambda: {"Mug_9": "Mug_1", "Cup_7": "Cup_8"}   # Cup_7: no put
    assert line in m.recall.recall("bring me the mug", 5, 400, "m2#s1", brief).facts
    assert exp.places.put_before("Mug_9", "m2#s0") == ("", "")
    assert (exp.places.kept, exp.places.moved) == tally
    assert exp.counters["experience.put_followed_join"] == 1
    m.close()
    m = open_memory(tmp_path, embedder)
    try:
        exp = m.experience
        assert exp is not None
        assert exp.places.put_before("Mug_1", "m2#s0") == ("SinkBasin_1", "Cabinet_2")
        assert exp.places.put_before("Mug_9", "m2#s0") == ("", "")
        assert (exp.places.kept, exp.places.moved) == tally
    finally:
        m.close()


@pytest.mark.parametrize("house_kind", ["shuts", "keeps"])
def test_a_door_the_robot_left_open_is_named_once_the_house_is_seen_to_shut_such_doors(
        memory: Memory, house_kind: str) -> None:
    """Round 97, tidy tuning streams: 67 puts and 103 picks of the experience arm were
    refused because a receptacle an earlier task had opened and left open was shut by the
    daily tidy while memory still read it open (untidied streams: none of 267 such steps
    refused). Recall names the doors the robot left open in earlier episodes once a later
    step through one was refused more often than done; not before any such step, not in a
    house where they stayed open, not in the episode that opened it, not once the robot
    closed it."""
    r = memory.recall
    line = ("Fridge_1 was left open by the robot in an earlier task, and this house shuts what "
            "is left open")
    brief = brief_from_fields("put the tomato in the fridge", robot_area="kitchen")

    def facts(episode: str) -> list[str]:
        return r.recall("put the tomato in the fridge", 5, 400, episode, brief).facts

    r.record_outcome("d1#s0", "pick", ["Apple_1"], True, robot_area="kitchen")
    r.record_outcome("d1#s0", "open", ["Fridge_1"], True, robot_area="kitchen")
    r.record_outcome("d1#s0", "put", ["Apple_1", "Fridge_1", "in"], True, robot_area="kitchen")
    assert line not in facts("d1#s0")
    memory.end_episode("d1#s0", task_succeeded=True)
    assert line not in facts("d2#s0")          # no later step through a door seen yet
    r.record_outcome("d2#s0", "pick", ["Tomato_1"], True, robot_area="kitchen")
    shuts = house_kind == "shuts"
    if shuts:
        r.record_outcome("d2#s0", "put", ["Tomato_1", "Fridge_1", "in"], False,
                         "put: the Fridge is closed", robot_area="kitchen",
                         error_code=ErrorCode.PRECONDITION_FAILED)
        r.record_outcome("d2#s0", "open", ["Fridge_1"], True, robot_area="kitchen")
    r.record_outcome("d2#s0", "put", ["Tomato_1", "Fridge_1", "in"], True, robot_area="kitchen")
    memory.end_episode("d2#s0", task_succeeded=True)
    assert (line in facts("d3#s0")) == shuts
    if shuts:
        r.record_outcome("d3#s0", "close", ["Fridge_1"], True, robot_area="kitchen")
        memory.end_episode("d3#s0", task_succeeded=True)
        assert line not in facts("d4#s0")


def test_a_pick_done_away_from_a_door_left_open_is_no_sign_that_the_door_stayed_open(
        memory: Memory) -> None:
    """Round 117, fresh85a tidy s0020: memory held the mug in the fridge the robot had left
    open; the mug was in a cabinet, which that episode opened, and the pick there was done.
    Counted as the fridge found still open, that one verdict against the one refusal before
    it took the line away, and the next put into the fridge (shut by the house) was refused
    (s0025). A step done is a verdict only when it names the receptacle: a put into it is,
    a pick of what memory held in it is not."""
    r = memory.recall
    brief = brief_from_fields("put the tomato in the fridge", robot_area="kitchen")

    def named(episode: str) -> bool:
        """Is the fridge named left open in a house that shuts what is left open?"""
        return any("Fridge_1" in f and f.endswith("this house shuts what is left open")
                   for f in r.recall("put the tomato in the fridge", 5, 400, episode,
                                     brief).facts)

    for skill, args in (("pick", ["Apple_1"]), ("open", ["Fridge_1"]),
                        ("put", ["Apple_1", "Fridge_1", "in"])):
        r.record_outcome("d1#s0", skill, args, True, robot_area="kitchen")
    memory.end_episode("d1#s0", task_succeeded=True)
    r.record_outcome("d2#s0", "pick", ["Tomato_1"], True, robot_area="kitchen")
    r.record_outcome("d2#s0", "put", ["Tomato_1", "Fridge_1", "in"], False,
                     "put: the Fridge is closed", robot_area="kitchen",
                     error_code=ErrorCode.PRECONDITION_FAILED)
    for skill, args in (("open", ["Fridge_1"]), ("put", ["Tomato_1", "Fridge_1", "in"])):
        r.record_outcome("d2#s0", skill, args, True, robot_area="kitchen")
    memory.end_episode("d2#s0", task_succeeded=True)
    assert named("d3#s0")
    memory.upsert_object(Unit("Mug_1", "Mug", (1.0, 1.0, 1.0), area_id="kitchen",
                              receptacle_id="Fridge_1", relation="in"))
    for skill, args in (("open", ["Drawer_2"]), ("pick", ["Mug_1"]),
                        ("put", ["Mug_1", "Sofa_1", "on"])):
        r.record_outcome("d3#s0", skill, args, True, robot_area="kitchen")
    memory.end_episode("d3#s0", task_succeeded=True)
    assert named("d4#s0")
    # A put into it done without an open is the door found open: the line goes.
    r.record_outcome("d4#s0", "pick", ["Knife_1"], True, robot_area="kitchen")
    r.record_outcome("d4#s0", "put", ["Knife_1", "Fridge_1", "in"], True, robot_area="kitchen")
    memory.end_episode("d4#s0", task_succeeded=True)
    assert not named("d5#s0")


@pytest.mark.parametrize("house_kind", ["tidied", "untidied"])
def test_a_state_the_robot_made_in_an_earlier_task_is_named_undone_in_a_house_that_tidies(
        memory: Memory, house_kind: str) -> None:
    """Round 105 (tune3 tidy 3152 s0007 of the base): the cup the robot heated and put back
    on its own side table two tasks before was carried to the counter on memory's "heated"
    (the camera does not read heat; the daily tidy had undone it). In a house whose later
    finds show the robot's work moved on (`UsualPlaces.undoes_puts`), recall names such a
    state of the robot's from an earlier task, in its state fact's place; not in the heat's
    own task, not in a house that keeps the robot's work, and not once memory holds another
    state."""
    exp = memory.experience
    assert exp is not None
    _houses_answer(memory, keeps=house_kind == "untidied")
    r = memory.recall
    memory.upsert_object(Unit("SideTable_3", "SideTable", _place_at("SideTable_3"),
                              area_id="kitchen"))
    memory.upsert_object(Unit("Cup_7", "Cup", (0.0, 0.0, 1.0), area_id="kitchen",
                              receptacle_id="SideTable_3", relation="on"))
    for skill, args in (("pick", ["Cup_7"]), ("heat", ["Cup_7"]),
                        ("put", ["Cup_7", "SideTable_3", "on"])):
        r.record_outcome("c0#s0", skill, args, True, robot_area="kitchen")
    unit = memory.short_term.peek("Cup_7")
    assert unit is not None and unit.state == "heated"
    line = ("Cup_7 (Cup) was left heated by the robot in an earlier task, and this house "
            "undoes the robot's work [fact:")

    def named(facts: list[str]) -> bool:
        return any(f.startswith(line) for f in facts)

    instruction = "heat the cup and put it on the counter top"
    brief = brief_from_fields(instruction, robot_area="kitchen")
    assert not named(r.recall(instruction, 5, 400, "c0#s1", brief).facts)   # its own task
    memory.end_episode("c0#s0", task_succeeded=True)
    later = r.recall(instruction, 5, 400, "c1#s0", brief).facts
    assert named(later) == (house_kind == "tidied"), later
    # In the state fact's place, not beside it: no more lines than before.
    assert any(f.startswith("Cup_7 (Cup) is in state heated") for f in later) \
        == (house_kind == "untidied")
    memory.upsert_object(replace(unit, state="none"))
    assert not named(r.recall(instruction, 5, 400, "c2#s0", brief).facts)
