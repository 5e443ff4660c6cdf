"""What the full-stack runner derives from ground truth, the scene graph and memory/stats."""

from __future__ import annotations

from memory_node.sim.tasks.metrics import mhr
from memory_node.sim.tasks.model import GoalCondition, Subtask, Task
from memory_node.sim.tasks.recorder import Recorder
from memory_node.sim.tasks.records import Run
from memory_node.sim.tasks.stack_records import (
    MISSING_PREFIX,
    Located,
    StatsReading,
    cache_accesses,
    needed_ids,
    step_line,
)

WORLD = [Located("Apple|1", "Apple", (1.0, 2.0, 0.9)),
         Located("Fridge|1", "Fridge", (3.0, 0.0, 0.8)),
         Located("Knife|1", "Knife", (5.0, 5.0, 0.9))]


def test_needed_ids_are_the_memory_units_nearest_the_world_objects() -> None:
    memory = [Located("obj_7", "apple", (1.2, 2.1, 0.9)),       # the apple, seen
              Located("obj_9", "Apple", (8.0, 8.0, 0.9)),       # a phantom far from any apple
              Located("obj_3", "Fridge", (3.1, 0.1, 0.8)),
              Located("obj_4", "ButterKnife", (5.0, 5.1, 0.9))]
    groups = (frozenset({"Apple"}), frozenset({"Fridge"}), frozenset({"Knife", "ButterKnife"}),
              frozenset({"Bowl"}))
    assert needed_ids(groups, WORLD, memory) == ("obj_7", "obj_3", "obj_4",
                                                MISSING_PREFIX + "Bowl")


def test_a_unit_too_far_from_every_world_object_does_not_count() -> None:
    memory = [Located("obj_9", "Apple", (8.0, 8.0, 0.9))]
    assert needed_ids((frozenset({"Apple"}),), WORLD, memory) == (MISSING_PREFIX + "Apple",)


def test_cache_accesses_split_warm_and_cold_queries_as_the_server_counted_them() -> None:
    before = StatsReading(queries=10, hits=4, warm_queries=2, warm_hits=1, size=19,
                          capacity=20)
    after = StatsReading(queries=16, hits=8, warm_queries=6, warm_hits=4, size=20, capacity=20)
    got = cache_accesses(before, after)
    assert sorted(got) == sorted([(False, 0), (True, 0)] + [(True, 20)] * 3 + [(False, 20)])
    task = Task("t", "x", "stream", (Subtask((GoalCondition("OPEN", ("Fridge",)),)),), 1)
    run = Run()
    for hit, occupancy in got:
        Recorder(run, "s").cache(task, hit, occupancy, 20)
    rate = mhr(run)
    assert (rate.queries, rate.hits) == (4, 3)  # only the warm ones, as the server said


def test_counters_that_went_down_were_reset_by_a_clear() -> None:
    before = StatsReading(50, 20, 10, 5, 20, 20)
    after = StatsReading(3, 1, 0, 0, 4, 20)
    assert sorted(cache_accesses(before, after)) == [(False, 0), (False, 0), (True, 0)]
    assert cache_accesses(after, after) == []


def test_step_line_shows_the_call_its_result_and_what_memory_supplied() -> None:
    line = step_line(3, "pick", ("Apple_2",), "succeeded", "memory: Apple Apple_2 in kitchen")
    assert line.split()[:3] == ["3", "pick(Apple_2)", "succeeded"]
    assert line.endswith("| memory: Apple Apple_2 in kitchen")
    assert len(step_line(1, "navigate", ("x" * 300,), "ok", "n" * 300)) <= 110


def test_any_unit_of_the_type_the_recall_returned_serves_a_goal_on_the_type() -> None:
    """Two cabinets, both seen: "close the cabinet" is served by the one the recall gave
    (the one the robot put the mug in), though the other's unit lies nearer its own world
    cabinet; with neither returned, the nearest is the one counted missing."""
    world = [Located("Cabinet|1", "Cabinet", (0.0, 0.0, 0.4)),
             Located("Cabinet|2", "Cabinet", (2.0, 0.0, 0.4))]
    memory = [Located("obj_1", "Cabinet", (0.01, 0.0, 0.4)),
              Located("obj_2", "Cabinet", (2.1, 0.0, 0.4)),
              Located("obj_3", "Cabinet", (9.0, 9.0, 0.4))]     # a phantom: serves nothing
    group = (frozenset({"Cabinet"}),)
    assert needed_ids(group, world, memory, returned=["obj_2"]) == ("obj_2",)
    assert needed_ids(group, world, memory) == ("obj_1",)
    assert needed_ids(group, world, memory, returned=["obj_3"]) == ("obj_1",)
