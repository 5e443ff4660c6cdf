"""Round 55: theine's hit rate on the tuning cells the stored held-out runs do not cover.

The keep rule asks that no W-TinyLFU-minus-theine (set, C) mean fall from >= 0 to < 0. theine's
per-cell figures are stored for fresh5-42 (each set's held-out run at 30,000 events); the
older sets (old, fresh, fresh2-4), the public traces and the seeded families have none. theine
is not our code, so a (set, C) whose mean hit rate a setting does not lower cannot cross; this
runs theine (THEINE_RUNS runs per cell, their median: it cannot be seeded) on every trace of
the (set, C) pairs given, so the gap can be read where a setting does lower it.

    cd bench && PYTHONPATH=.. ../.venv/bin/python cache_theine_r55.py --pairs pairs.json
    # pairs.json: [[set, C], ...] (set as cache_rule_tuning.py names it: "old", "public",
    # "seeds:3", ...) -> results/cache_theine_r55.json (merged into what is there)
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cache_rule_heldout as heldout  # noqa: E402
import cache_rule_seeds as seeds  # noqa: E402
from cache_hit_rate import find_traces, peer_hits  # noqa: E402
from cache_rule_tuning import load_trace  # noqa: E402
from environment import with_environment  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
OUT = RESULTS / "cache_theine_r55.json"


def traces_of(which: str, events: int) -> list[tuple[str, int]]:
    """The (trace, length) cache_rule_tuning.py replays for set ``which``."""
    if which == "public":
        return [(name, 0) for name in find_traces(None)]
    if which.startswith("seeds:"):
        return [(fam, events) for fam, _g, _a, _c in seeds.FAMILIES]
    return [(name, events) for name in heldout.VARIANT_SETS[which](events)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pairs", required=True, help="JSON list of [set, C]")
    ap.add_argument("--events", type=int, default=30_000)
    ap.add_argument("--runs", type=int, default=heldout.THEINE_RUNS)
    args = ap.parse_args()
    pairs = [(w, int(c)) for w, c in json.loads(Path(args.pairs).read_text())]
    old = json.loads(OUT.read_text()) if OUT.exists() else {"cells": []}
    done = {(c["set"], c["trace"], c["C"]): c for c in old["cells"]}
    t0 = time.perf_counter()
    by_set: dict[str, list[int]] = {}
    for w, c in pairs:
        by_set.setdefault(w, []).append(c)
    for which, caps in by_set.items():
        for name, n in traces_of(which, args.events):
            if which.startswith("seeds:"):
                fcaps = next(f[3] for f in seeds.FAMILIES if f[0] == name)
                todo = [c for c in caps if c in fcaps]
            else:
                todo = list(caps)
            todo = [c for c in todo if (which, name, c) not in done]
            if not todo:
                continue
            trace = load_trace((which, name, n))
            for c in todo:
                runs = sorted(100.0 * peer_hits(trace, "theine", c) / len(trace)
                              for _ in range(args.runs))
                done[(which, name, c)] = {"set": which, "trace": name, "C": c,
                                          "events": len(trace),
                                          "theine": statistics.median(runs),
                                          "theine_runs": [round(x, 3) for x in runs]}
            print(f"{which} {name} {todo} {time.perf_counter() - t0:.0f} s", file=sys.stderr,
                  flush=True)
    out = {"what": "theine's hit rate (%, median of its runs) per tuning cell without a "
                   "stored held-out row", "runs": args.runs,
           "cells": sorted(done.values(), key=lambda c: (c["set"], c["trace"], c["C"]))}
    OUT.write_text(json.dumps(with_environment(out), indent=0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
