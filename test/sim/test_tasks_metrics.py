"""Metrics on hand-made records, every number worked out by hand in the comments."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_node.sim.tasks.metrics import (
    compare,
    costs,
    mhr,
    mra,
    scores,
    summarize,
    task_outcomes,
    warmup_threshold,
)
from memory_node.sim.tasks.records import (
    CacheAccess,
    GoalCheck,
    Recall,
    Run,
    SkillCall,
    TaskEnd,
    Usage,
    read_run,
    record_from_dict,
    write_run,
)


def goal(task: str, sub: int, cond: str, observed: bool, expected: bool = True,
         seq: str = "s") -> GoalCheck:
    return GoalCheck(seq, task, sub, cond, expected, observed)


def memory_run() -> Run:
    run = Run(meta={"ablation": "full"})
    # t1 (composite, 2 subtasks, 3 conditions): all achieved -> success, GC 1.
    run.add(SkillCall("s", "t1", "explore", ("kitchen", "Apple"), 0, 20.0))
    run.add(SkillCall("s", "t1", "pick", ("apple_1",), 0, 5.0))
    run.add(goal("t1", 0, "INSIDE(Apple, Fridge)", True))
    run.add(goal("t1", 0, "INSIDE(Mug, Fridge)", False, expected=False))  # must not hold
    run.add(goal("t1", 1, "CLOSED(Fridge)", True))
    run.add(TaskEnd("s", "t1", "composite", "run", subtasks=2, conditions=3))
    # t2 (composite, 2 subtasks, 2 conditions): second subtask never checked -> fail, GC 1/2.
    run.add(SkillCall("s", "t2", "navigate", ("fridge_1",), 0, 10.0))
    run.add(SkillCall("s", "t2", "open", ("fridge_1",), 3, 2.0))
    run.add(goal("t2", 0, "STATE(Apple, sliced)", True))
    run.add(TaskEnd("s", "t2", "composite", "run", subtasks=2, conditions=2))
    # t3 (complex): a node crashed -> counted, failed, GC 0.
    run.add(SkillCall("s", "t3", "explore", ("livingroom",), 0, 30.0))
    run.add(TaskEnd("s", "t3", "complex", "error", subtasks=1, conditions=1, reason="UNAVAILABLE"))
    # t4: skipped by the reader -> not counted.
    run.add(TaskEnd("s", "t4", "complex", "skipped", reason="unknown_object"))
    # t5 (simple): achieved in one subtask.
    run.add(goal("t5", 0, "TOGGLEON(DeskLamp)", True))
    run.add(TaskEnd("s", "t5", "simple", "run", subtasks=1, conditions=1))
    return run


def baseline_run() -> Run:
    run = Run(meta={"ablation": "none"})
    for i in range(3):
        run.add(SkillCall("s", "t1", "explore", (f"area{i}", "Apple"), 2 if i < 2 else 0, 20.0))
    run.add(SkillCall("s", "t1", "pick", ("apple_1",), 0, 5.0))
    run.add(goal("t1", 0, "INSIDE(Apple, Fridge)", False))
    run.add(TaskEnd("s", "t1", "composite", "run", subtasks=2, conditions=3))
    run.add(SkillCall("s", "t2", "explore", ("kitchen",), 0, 20.0))
    run.add(SkillCall("s", "t2", "navigate", ("fridge_1",), 0, 10.0))
    run.add(TaskEnd("s", "t2", "composite", "run", subtasks=2, conditions=2))
    run.add(TaskEnd("s", "t3", "complex", "run", subtasks=1, conditions=1))
    run.add(TaskEnd("s", "t5", "simple", "run", subtasks=1, conditions=1))
    run.add(goal("t5", 0, "TOGGLEON(DeskLamp)", True))
    return run


def test_sr_and_gc() -> None:
    outcomes = {o.task: o for o in task_outcomes(memory_run())}
    assert outcomes["t1"].success and outcomes["t1"].gc == 1.0
    assert not outcomes["t2"].success and outcomes["t2"].gc == 0.5
    assert not outcomes["t3"].success and outcomes["t3"].gc == 0.0
    assert outcomes["t1"].exploration_attempts == 1 and outcomes["t1"].sim_time_s == 25.0
    s = scores(list(outcomes.values()))
    # composite: t1 ok, t2 not -> SR 1/2, GC (1 + 0.5) / 2.
    assert s["composite"].sr == 0.5 and s["composite"].gc == 0.75
    # complex: t3 errored (counted), t4 skipped (not counted).
    assert s["complex"].tasks == 1 and s["complex"].skipped == 1 and s["complex"].errors == 1
    assert s["complex"].sr == 0.0
    # all: t1, t2, t3, t5 -> SR 2/4, GC (1 + .5 + 0 + 1) / 4.
    assert s["all"].sr == 0.5 and s["all"].gc == pytest.approx(0.625)


def test_a_failed_check_fails_the_subtask_and_extra_checks_do_not_help() -> None:
    run = Run()
    run.add(goal("t", 0, "OPEN(Fridge)", True))
    run.add(goal("t", 0, "INSIDE(Apple, Fridge)", False))
    run.add(goal("t", 5, "OPEN(Fridge)", True))            # beyond the declared subtasks
    run.add(TaskEnd("s", "t", "simple", "run", subtasks=1, conditions=2))
    (o,) = task_outcomes(run)
    assert not o.success and o.subtasks_achieved == 0 and o.gc == 0.5


def test_the_last_end_record_of_a_task_wins() -> None:
    run = Run()
    run.add(TaskEnd("s", "t", "simple", "error", subtasks=1, conditions=1))
    run.add(goal("t", 0, "OPEN(Fridge)", True))
    run.add(TaskEnd("s", "t", "simple", "run", subtasks=1, conditions=1))     # retried
    (o,) = task_outcomes(run)
    assert o.success and o.status == "run"


def test_mra_by_reference() -> None:
    run = Run()
    run.add(Recall("s", "t", ("a", "b", "x"), ("a", "b"), "direct"))         # 1.0
    run.add(Recall("s", "t", ("a",), ("a", "c"), "direct"))                   # 0.5
    run.add(Recall("s", "t", ("z",), (), "direct"))                           # needs nothing
    run.add(Recall("s", "t", ("y",), ("w",), "vague"))                        # 0.0
    run.add(Recall("s", "t", ("w", "v"), ("w", "v", "w"), "vague"))           # 1.0 (set)
    r = mra(run)
    assert r["direct"].mra == 0.75 and r["direct"].recalls == 2
    assert r["vague"].mra == 0.5 and r["vague"].needed == 3 and r["vague"].retrieved == 2
    assert r["all"].mra == pytest.approx(2.5 / 4)


def test_warmup_threshold() -> None:
    assert [warmup_threshold(c) for c in (1, 5, 10, 15, 20, 25)] == [1, 5, 10, 15, 19, 24]


def test_mhr_counts_after_warmup_and_draws_the_curve() -> None:
    run = Run()
    # Capacity 5: warm from the first query that finds 5 entries.
    for occ, hit, task in [(0, False, "t1"), (1, False, "t1"), (2, True, "t1"),
                           (3, False, "t2"), (4, True, "t2"),
                           (5, True, "t3"), (5, False, "t3"),
                           (4, True, "t4"), (5, True, "t4")]:    # stays warm after evictions
        run.add(CacheAccess("s", task, hit, occ, 5))
    h = mhr(run)
    assert h.warmup_queries == 5 and h.queries == 4 and h.hits == 3 and h.mhr == 0.75
    assert h.all_queries == 9 and h.all_hits == 5
    assert h.curve == ((1, None), (2, None), (3, 0.5), (4, 0.75))


def test_mhr_none_when_never_warm() -> None:
    run = Run()
    run.add(CacheAccess("s", "t", True, 1, 20))
    h = mhr(run)
    assert h.mhr is None and h.all_hits == 1 and h.queries == 0


def test_re_rt_and_sr_gain_against_the_no_memory_run() -> None:
    m = task_outcomes(memory_run())
    b = task_outcomes(baseline_run())
    c = compare(m, b)
    comp = c["composite"]
    # Explorations: memory t1 1 + t2 0 = 1; baseline t1 3 + t2 1 = 4 -> RE 0.75.
    assert comp.exploration_memory == 1 and comp.exploration_baseline == 4
    assert comp.re == pytest.approx(0.75)
    # Time: memory 25 + 12 = 37; baseline 65 + 30 = 95 -> RT 1 - 37/95.
    assert comp.rt == pytest.approx(1 - 37 / 95)
    # SR: memory 1/2, baseline 0/2 -> gain undefined, not infinite.
    assert comp.sr_memory == 0.5 and comp.sr_baseline == 0.0 and comp.sr_gain is None
    # t3 errored in the memory run: not a pair. t5 is: simple SR 1 vs 1 -> gain 1.
    assert c["all"].tasks == 3 and c["simple"].sr_gain == 1.0
    # No exploration in either run of a category -> RE undefined.
    assert c["simple"].re is None
    assert comp.per_sequence == (("s", pytest.approx(0.75), pytest.approx(1 - 37 / 95)),)


def test_costs_per_component() -> None:
    run = memory_run()
    run.add(Usage("s", "t1", "planner_llm", 1.5, 800, 120, 2))
    run.add(Usage("s", "t2", "planner_llm", 0.5, 400, 60, 1))
    run.add(Usage("s", "t1", "memory_recall", 0.02, calls=3))
    c = costs(run)
    assert c["planner_llm"].prompt_tokens == 1200 and c["planner_llm"].calls == 3
    assert c["planner_llm"].per_task_wall_s == 1.0
    assert c["planner_llm"].per_task_prompt_tokens == 600
    assert c["memory_recall"].tasks == 1
    assert c["skills_sim"].wall_s == 67.0 and c["skills_sim"].calls == 5


def test_summary_and_file_round_trip(tmp_path: Path) -> None:
    run = memory_run()
    run.add(Recall("s", "t1", ("a",), ("a",), "direct"))
    run.add(CacheAccess("s", "t1", True, 5, 5))
    path = tmp_path / "run.jsonl"
    write_run(run, path)
    again = read_run(path)
    assert again.meta == run.meta and again.events == run.events
    s = summarize(again, baseline_run())
    assert s["tasks"]["all"]["sr"] == 0.5 and s["mra"]["direct"]["mra"] == 1.0
    assert s["mhr"]["mhr"] == 1.0
    assert s["against_baseline"]["composite"]["re"] == pytest.approx(0.75)
    assert s["components"]["skills_sim"]["calls"] == 5


@pytest.mark.parametrize("raw, message", [
    ({"kind": "nope"}, "needs a kind"),
    ({"kind": "goal", "sequence": "s", "task": "t", "subtask": 0, "condition": "X",
      "expected": 1, "observed": True}, "true or false"),
    ({"kind": "skill", "sequence": "s", "task": "t", "skill": "pick",
      "sim_duration_s": -1}, "non-negative number"),
    ({"kind": "skill", "sequence": "s", "task": "t", "skill": "pick", "error_code": True},
     "non-negative integer"),
    ({"kind": "recall", "sequence": "s", "task": "t", "returned": "abc", "needed": []},
     "list of at most"),
    ({"kind": "recall", "sequence": "s", "task": "t", "returned": ["a"] * 5000,
      "needed": []}, "list of at most"),
    ({"kind": "task_end", "sequence": "s", "task": "t", "category": "simple",
      "status": "done"}, "status"),
    ({"kind": "task_end", "sequence": "s", "task": "t", "category": "simple"}, "missing status"),
    ({"kind": "cache", "sequence": "s", "task": "t", "hit": True, "occupancy": 1,
      "capacity": 5, "extra": 1}, "unknown fields"),
    ({"kind": "usage", "sequence": "s" * 1000, "task": "t", "component": "x"}, "at most"),
])
def test_bad_records_are_refused(raw: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        record_from_dict(raw)


def test_bad_run_file_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"run": {}}\n{"kind": "cache", "sequence": "s", "task": "t", '
                    '"hit": true, "occupancy": 1, "capacity": 5}\nnot json\n')
    with pytest.raises(ValueError, match=r"bad.jsonl:3"):
        read_run(path)


def test_recorder_writes_what_metrics_read() -> None:
    from memory_node.sim.tasks.model import GoalCondition, Skipped, SkipReason, Subtask, Task
    from memory_node.sim.tasks.recorder import Recorder

    task = Task("k1", "Put the apple in the fridge and close it.", "composite", (
        Subtask((GoalCondition("INSIDE", ("Apple", "Fridge")),
                 GoalCondition("HOLDING", ("Apple",), expected=False))),
        Subtask((GoalCondition("CLOSED", ("Fridge",)),), reference="vague")), floor_plan=1)
    world = {"INSIDE(Apple, Fridge)": True, "HOLDING(Apple)": False, "CLOSED(Fridge)": False}
    run = Run()
    rec = Recorder(run, "seq")
    rec.skill(task, "explore", ["kitchen", "Apple"], 0, 12.5)
    rec.recall(task, ["fridge_1"], ["fridge_1", "apple_2"], subtask=1)
    rec.cache(task, False, 0, 5)
    rec.usage(task, "planner_llm", 0.3, 500, 40, 1)
    assert rec.check_subtask(task, 0, world.__getitem__) is True
    assert rec.check_subtask(task, 1, world.__getitem__) is False
    rec.end(task)
    rec.skipped(Skipped("f.json", SkipReason.UNKNOWN_OBJECT, "x", "seq", "k2"), "composite")
    (o, skipped) = task_outcomes(run)
    assert (o.subtasks_achieved, o.conditions_achieved, o.conditions) == (1, 2, 3)
    assert not o.success and o.exploration_attempts == 1 and o.sim_time_s == 12.5
    assert skipped.status == "skipped" and skipped.task == "k2"
    assert mra(run)["vague"].mra == 0.5
    assert scores([o, skipped])["composite"].skipped == 1
