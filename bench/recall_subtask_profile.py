"""Round 26 (issue 11, part 4): where a per-subtask request's CPU goes, by function.

In one process with the shared 10,000-unit memory (the DDS bench's fill and texts): each
of 200 instructions recalled whole (its steps' vectors prefetched, as the server does),
then ``"<text>, then tidy up"`` per subtask with the ranking memo off (every step's
lexical half and selection run), the last 180 under cProfile with ``time.thread_time`` as
its clock (CPU, not the load's wall time). Prints the requests' CPU p50 / p99, those of
three or more steps, and the functions by cumulative and by own CPU.

    .venv/bin/python bench/recall_subtask_profile.py
"""

from __future__ import annotations

import cProfile
import io
import pstats
import time

import numpy as np
from recall_common import counted_steps_recall


def main() -> int:
    loaded = counted_steps_recall(10_000)
    if loaded is None:
        print("skip: AI2-THOR rearrangement data absent")
        return 0
    rm, texts, rng, steps = loaded
    rec = rm._ensure()
    prof = cProfile.Profile(time.thread_time)
    cpu, cpu3 = [], []
    for i, text in enumerate(rng.sample(texts, 200)):
        rm.recall(text, 5, 600)
        rec.wait_for_prefetch(5.0)
        steps[0] = 0
        c = time.thread_time()
        if i >= 20:  # the first requests meet new words (round 20)
            prof.enable()
        rm.recall(f"{text}, then tidy up", 5, 600, per_subtask=True)
        if i >= 20:
            prof.disable()
            ms = (time.thread_time() - c) * 1e3
            cpu.append(ms)
            if steps[0] >= 3:
                cpu3.append(ms)
    print("requests", len(cpu), "CPU ms p50/p99 (profiled)", np.percentile(cpu, [50, 99]))
    print("three or more steps", len(cpu3), sorted(round(x, 2) for x in cpu3))
    for key, n in (("cumtime", 60), ("tottime", 40)):
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats(key).print_stats(n)
        print(out.getvalue())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
