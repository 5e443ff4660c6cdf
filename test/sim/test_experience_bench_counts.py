"""bench/experience_tasks.py's failure counts (round 20): the old room + held count, the
issue's state (room, held, the named objects' world states) and the trajectory graph's own
state key, side by side."""

from __future__ import annotations

from types import ModuleType

from bench_scripts import load_bench


def _bench() -> ModuleType:
    return load_bench("experience_tasks", "experience_tasks_counts")


def _call(objects: str, ok: bool = False) -> dict:
    return {"call": "pick(object_57)", "room": "kitchen", "held": "", "cell": "0,0",
            "objects": objects, "ok": ok, "code": 3}


def test_the_issues_state_tells_apart_failures_the_room_count_lumps_together() -> None:
    """Round 19's 3s: one call refused in one room with nothing held, but shut in two
    different cabinets; the issue's state (and the graph's) counts 2 and 1, not 3."""
    bench = _bench()
    shut_5 = "object_57=Cup_01[in:Cabinet_05=closed]"
    shut_2 = "object_57=Cup_01[in:Cabinet_02=closed]"
    calls = [_call(shut_5), _call(shut_5), _call(shut_2), _call(shut_2, ok=True),
             {**_call(""), "call": "explore(kitchen, Cup)"}]
    graph = [{"call": "pick(object_57)", "state": "area=kitchen;held=-;in:object_46=as_found",
              "ok": False, "code": 3},
             {"call": "pick(object_57)", "state": "area=kitchen;held=-;in:object_5=as_found",
              "ok": False, "code": 3}]
    counts = bench.repeats_in_state(calls, graph)
    assert counts["room"]["max_failures_one_state"] == 3
    assert counts["issue"]["max_failures_one_state"] == 2
    assert counts["issue"]["repeated_failures"] == 1
    assert counts["graph"]["max_failures_one_state"] == 1
    assert "graph" not in bench.repeats_in_state(calls)   # the off arm has no graph
