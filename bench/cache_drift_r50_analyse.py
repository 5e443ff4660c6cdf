"""Round 50 (cache50): the Page-Hinkley exit from W-TinyLFU (``drift_exit``) over every tuning cell.

Reads ``cache_rule_tuning_r50_full_part*.json`` (every tuning set, old ... fresh37, public, seeds,
every capacity; settings ``main`` = drift_exit 0 and ``pe10`` = drift_exit 0.1), applies the keep
rule (cells below -0.5, new, fixed, change; floor49's ``compare``) and W-TinyLFU minus theine per
set and capacity (theine's stored held-out rows, every capacity, fresh37 included: tuning this
round), and writes ``cache_drift_r50_summary.json``. fresh38 is never read.
"""

from __future__ import annotations

import glob
import json
import sys
from collections import defaultdict
from pathlib import Path

from cache_floor_r49_analyse import compare, load_theine, theine_gaps
from environment import with_environment

RES = Path(__file__).resolve().parent / "results"


def main(col: str = "pe10") -> None:
    cells: dict[tuple[str, str, int], dict] = {}
    for f in sorted(glob.glob(str(RES / "cache_rule_tuning_r50_full_part*.json"))):
        for c in json.loads(Path(f).read_text())["cells"]:
            cells[(c["set"], c["trace"], c["C"])] = c
    out: dict = {"cells": len(cells), "sets": sorted({k[0] for k in cells if ":" not in k[0]}),
                 "setting": col}
    s = compare(cells, col)
    s["below_main"], s["below_" + col] = sorted(s["below_main"]), sorted(s["below_" + col])
    out.update(s)
    moved = [c for c in cells.values() if c[col] != c["main"]]
    per_c_moved: dict[int, int] = defaultdict(int)
    for c in moved:
        per_c_moved[c["C"]] += 1
    out["moved_per_C"] = dict(sorted(per_c_moved.items()))
    out["moved_at_C<=25"] = sorted([c["set"], c["trace"], c["C"], c["margin_main"],
                                    c["margin_" + col]] for c in moved if c["C"] <= 25)
    out["largest_gains"] = sorted(([c["set"], c["trace"], c["C"], c["margin_main"],
                                    c["margin_" + col]] for c in moved),
                                  key=lambda r: r[3] - r[4])[:8]
    theine = load_theine(max_c=1000, skip=())
    gaps, drops, below0 = theine_gaps(cells, theine, col)
    out["theine_main_new_n"] = gaps
    out["theine_drops"] = drops
    out["theine_ge0_to_lt0"] = below0
    # The first-leader-only form (pe10f), screened on every cell pe10 moved: it fires only where
    # pe10's first firing precedes every switch, so on every other cell it is main hit for hit.
    first: dict[tuple[str, str, int], dict] = {}
    for name in ("cache_rule_tuning_r50_first.json", "cache_rule_tuning_r50_first2.json"):
        for c in json.loads((RES / name).read_text())["cells"]:
            first[(c["set"], c["trace"], c["C"])] = c
    for k, c in cells.items():
        src = first.get(k)
        c["pe10f"] = src["pe10f"] if src else c["main"]
        c["margin_pe10f"] = src["margin_pe10f"] if src else c["margin_main"]
    f = compare(cells, "pe10f")
    f["below_main"], f["below_pe10f"] = len(f["below_main"]), sorted(f["below_pe10f"])
    f["screened_cells"] = len(first)
    f["screen_main_pe10_equal_full_run"] = sum(
        (r["main"], r["pe10"]) == (cells[k]["main"], cells[k]["pe10"])
        for k, r in first.items() if k in cells)
    f["moved_at_C<=25"] = sorted([k[0], k[1], k[2], c["margin_main"], c["margin_pe10f"]]
                                 for k, c in cells.items()
                                 if k[2] <= 25 and c["pe10f"] != c["main"])
    _, f["theine_drops"], f["theine_ge0_to_lt0"] = theine_gaps(cells, theine, "pe10f")
    out["pe10f"] = f
    (RES / "cache_drift_r50_summary.json").write_text(json.dumps(with_environment(out), indent=1))
    print(json.dumps({k: v for k, v in out.items() if k not in ("theine_main_new_n",
                                                                  "below_main", "below_" + col)},
                     indent=1))
    print("below main:", len(out["below_main"]), " below", col + ":", len(out["below_" + col]))


if __name__ == "__main__":
    main(*sys.argv[1:])
