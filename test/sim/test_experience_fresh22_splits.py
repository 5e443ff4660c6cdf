"""bench/experience_tasks.py's round-22 report-only splits (fresh22a/b/c): they exist, are
not tuning data, and their streams generate, the same each time, different from each other
and from the report, fresh and round 21 (fresh21a/b/c) streams, with every task doable in its
world. Only the streams are made here; no arm runs on them (they are held out)."""

from __future__ import annotations

from types import ModuleType

from bench_scripts import load_bench

from memory_node.core.skills import load_skill_table
from memory_node.sim.tasks.build import needed_types
from memory_node.sim.tasks.inprocess import reachable_in
from memory_node.sim.tasks.streams import StreamSettings, generate

NEW = ("fresh22a", "fresh22b", "fresh22c")
LENGTH = 30  # the length the lead runs them at


def _bench() -> ModuleType:
    return load_bench("experience_tasks", "experience_tasks_fresh22")


BENCH = _bench()


def _stream(split: str) -> list[tuple[str, str]]:
    floor_plan, seed = BENCH.SPLITS[split]
    suite = generate(StreamSettings(floor_plan=floor_plan, length=LENGTH, seed=seed,
                                    kinds=BENCH.KINDS))
    return [(t.id, t.instruction) for t in suite.tasks()]


def test_the_splits_are_report_only_on_floor_plans_and_seeds_of_their_own() -> None:
    others = {s: v for s, v in BENCH.SPLITS.items() if s not in NEW}
    for split in NEW:
        assert split in BENCH.SPLITS and split not in BENCH.TUNING
        floor_plan, seed = BENCH.SPLITS[split]
        assert floor_plan not in {fp for fp, _ in others.values()}
        assert seed not in {sd for _, sd in others.values()}
    assert [BENCH.SPLITS[s][1] for s in NEW] == [2201, 2202, 2203]
    assert len({BENCH.SPLITS[s][0] for s in NEW}) == 3


def test_their_streams_are_deterministic_and_differ_from_each_other_and_report() -> None:
    earlier = ("report", "fresh", "fresh21a", "fresh21b", "fresh21c")
    streams = {s: _stream(s) for s in (*NEW, *earlier)}
    for split in NEW:
        assert len(streams[split]) == LENGTH
        assert streams[split] == _stream(split)
        kinds = {task_id.split("-", 1)[1] for task_id, _ in streams[split]}
        assert kinds == set(BENCH.KINDS), (split, kinds)
    names = list(streams)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if a in NEW or b in NEW:
                assert [t for _, t in streams[a]] != [t for _, t in streams[b]], (a, b)


def test_every_task_of_their_streams_is_within_reach_of_its_world() -> None:
    table = load_skill_table()
    for split in NEW:
        floor_plan, seed = BENCH.SPLITS[split]
        reach = reachable_in(floor_plan)
        suite = generate(StreamSettings(floor_plan=floor_plan, length=LENGTH, seed=seed,
                                        kinds=BENCH.KINDS))
        for task in suite.tasks():
            for sub in task.subtasks:
                assert all(group & reach for group in needed_types(sub, table)), (split, task.id)
