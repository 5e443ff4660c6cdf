"""bench/cache_steered_trace.py: the traced policy is the steered policy, hit for hit."""

from __future__ import annotations

import re

from bench_scripts import load_bench

from memory_node.core.cache.simulate import simulate
from memory_node.core.cache.synthetic import rooms


def test_the_trace_reports_what_the_policy_and_the_references_hit() -> None:
    # The tracing subclass only logs switches: its totals must be simulate()'s for the
    # steered policy (the default "wtinylfu"), LRU and FIFO, and every switch is logged.
    tool = load_bench("cache_steered_trace")
    trace = rooms(6_000, seed=3, n_rooms=20, per_room=50, dwell=600, move_p=0.002)
    lines = tool.trace_cell(trace, 25, 1000, {}, switches=True)
    last = re.match(r"residents (\d+), LRU (\d+), FIFO (\d+): margin ([-+.\d]+) points, "
                    r"(\d+) switches", lines[-1])
    assert last is not None
    res, lru, fifo = (int(last.group(i)) for i in (1, 2, 3))
    assert res == simulate(trace, "wtinylfu", 25).hits
    assert lru == simulate(trace, "lru", 25).hits
    assert fifo == simulate(trace, "fifo", 25).hits
    switches = int(last.group(5))
    assert switches > 0
    assert sum(line.startswith("  switch at ") for line in lines) == switches
    assert sum(1 for line in lines if re.match(r"\s+\d+ residents", line)) == 6
