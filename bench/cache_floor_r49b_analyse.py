"""Round 49 (floor49b): the sketch row floor only where the aging sample is floored.

floor49 ran every tuning cell at C <= 50 under ``main`` (64-counter rows) and ``floor``
(MIN_WIDTH everywhere): ``cache_rule_tuning_r49_floor_part*.json`` plus the round 49 screen
(``cache_rule_tuning_r49_small.json``, ``main`` / ``w512``). The kept code floors the row only
where ``10 x C < MIN_SKETCH_SAMPLE``; at every other capacity its width is main's. So each
cell's new margin is floor49's ``floor`` where the sample is floored and ``main`` elsewhere.
This script (1) checks that claim on the re-run sample ``cache_rule_tuning_r49b_verify.json``
(the kept code's ``new`` setting against those columns, hit for hit), (2) applies the keep rule
to the full coverage and writes ``cache_floor_r49b_summary.json``. fresh37 is never read.
"""

from __future__ import annotations

import json
from pathlib import Path

from cache_floor_r49_analyse import compare, load_cells, load_theine, theine_gaps
from environment import with_environment

from memory_node.core.cache.wtinylfu import MIN_SKETCH_SAMPLE

RES = Path(__file__).resolve().parent / "results"
SAMPLE_FACTOR = 10  # FrequencySketch's default, which WTinyLFUPolicy keeps


def floored(c: int) -> bool:
    """The condition the sketch applies: the aging sample is raised to its floor."""
    return SAMPLE_FACTOR * c < MIN_SKETCH_SAMPLE


def load_floor49() -> dict[tuple[str, str, int], dict]:
    """floor49's cells, each with its ``new`` column: ``floor`` where the sample is floored."""
    cells = load_cells()
    for c in cells.values():
        k = "floor" if floored(c["C"]) else "main"
        c["new"], c["margin_new"] = c[k], c["margin_" + k]
    return cells


def main() -> None:
    cells = load_floor49()
    out: dict = {"cells": len(cells), "floored_C": sorted({c for (_, _, c) in cells if floored(c)})}
    ver = json.loads((RES / "cache_rule_tuning_r49b_verify.json").read_text())["cells"]
    rows = []
    for r in ver:
        c = cells[(r["set"], r["trace"], r["C"])]
        rows.append({"C": r["C"], "new_eq": r["new"] == c["new"],
                     "main_eq": r["main"] == c["main"], "lru_fifo_eq":
                     (r["lru"], r["fifo"]) == (c["lru"], c["fifo"])})
    out["verify"] = {
        "cells": len(rows), "C<=25": sum(r["C"] <= 25 for r in rows),
        "C=50": sum(r["C"] == 50 for r in rows),
        "new_equals_floor49_column": f"{sum(r['new_eq'] for r in rows)}/{len(rows)}",
        "main_equals_floor49_main": f"{sum(r['main_eq'] for r in rows)}/{len(rows)}",
        "lru_fifo_equal": f"{sum(r['lru_fifo_eq'] for r in rows)}/{len(rows)}",
    }
    s = compare(cells, "new")
    s["below_main"], s["below_new"] = sorted(s["below_main"]), sorted(s["below_new"])
    out.update(s)
    # W-TinyLFU (the steered default) minus theine per set and C, as floor49's analysis: theine's
    # rows from each tuning set's held-out run (theine is not our code).
    theine = load_theine()
    gaps, drops, below0 = theine_gaps(cells, theine, "new")
    out["theine_main_new_n"] = gaps
    out["theine_drops"] = drops
    out["theine_ge0_to_lt0"] = below0
    out["theine_below0_main"] = [[w, c, v[0]] for w, g in gaps.items() for c, v in g.items()
                                 if v[0] < 0]
    out["theine_below0_new"] = [[w, c, v[1]] for w, g in gaps.items() for c, v in g.items()
                                if v[1] < 0]
    (RES / "cache_floor_r49b_summary.json").write_text(json.dumps(with_environment(out), indent=1))
    print(json.dumps({k: v for k, v in out.items() if k != "theine_main_new_n"}, indent=1))


if __name__ == "__main__":
    main()
