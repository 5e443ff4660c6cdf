"""Round 24 (issue 11, part 4): which per-subtask texts still cost a model call.

The DDS bench recalls each instruction whole, later ``"<text>, then tidy up"`` per
subtask; a per-subtask request pays the model for every step text not cached by then.
Here, in one process (200 units: the count decides nothing here), every distinct
instruction of the labelled set is recalled whole, then per subtask, and each per-subtask
request that embedded a text is listed with how many. ``RECALL_BENCH_CODE=<dir>`` runs
another checkout's code (main's: ``git archive main memory_node config``).

    .venv/bin/python bench/recall_query_misses.py --out recall_query_misses_r24
"""

from __future__ import annotations

import argparse

from recall_common import labelled_short_term, save_result

from memory_node.core.recall_memory import RecallMemory


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="recall_query_misses")
    args = ap.parse_args()
    filled = labelled_short_term(400, 200)
    if filled is None:
        print("skip: AI2-THOR rearrangement data absent")
        return 0
    st, texts, rng = filled
    rm = RecallMemory(st)
    for t in texts:
        rm.recall(t, 5, 600)
    rc = rm._ensure()
    wait = getattr(rc, "wait_for_prefetch", None)  # absent from older code
    if wait is not None:
        wait(300)
    misses = []
    for t in texts:
        before = rc.query_texts_embedded
        rm.recall(f"{t}, then tidy up", 5, 600, per_subtask=True)
        if rc.query_texts_embedded > before:
            misses.append([t, rc.query_texts_embedded - before])
    out = {"instructions": len(texts), "requests_that_embedded": len(misses),
           "texts_embedded": sum(n for _, n in misses), "counts": rm.query_counts(),
           "misses": misses}
    print({k: v for k, v in out.items() if k != "misses"})
    print(f"wrote {save_result(args.out, out, indent=1)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
