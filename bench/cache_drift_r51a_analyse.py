"""Round 51 (drift51a): the first-leader drift exit ``pe10f`` on fresh38 and fresh29 ... fresh17.

Reads ``cache_rule_tuning_r51_drift_<set>.json`` for drift51a's sets (every cell of one set;
settings ``main`` = round 50's merged policy, drift_exit 0, and ``pe10f`` = drift_exit 0.1,
drift_first True), applies the keep rule per set and over all sets read (floor49's ``compare``:
cells below -0.5, new, fixed, change, >= 0 -> < 0) and W-TinyLFU minus theine per (set, C)
(theine's stored held-out rows), and checks ``main`` on fresh38 against round 50's merged
held-out run (the lead's, hit rate per cell).
Writes ``cache_drift_r51a_summary.json``. fresh39 (report-only) is never read.
"""

from __future__ import annotations

import json
from pathlib import Path

from cache_floor_r49_analyse import RULE, compare, load_theine, theine_gaps
from environment import with_environment

RES = Path(__file__).resolve().parent / "results"
COL = "pe10f"
# drift51a's half of the tuning sets (drift51b's analysis reads the others' files, same pattern).
SETS = ("fresh38", *(f"fresh{i}" for i in range(29, 16, -1)))


def load() -> dict[str, dict[tuple[str, str, int], dict]]:
    per_set: dict[str, dict[tuple[str, str, int], dict]] = {}
    for which in SETS:
        f = RES / f"cache_rule_tuning_r51_drift_{which}.json"
        if f.exists():
            rows = json.loads(f.read_text())["cells"]
            per_set[which] = {(c["set"], c["trace"], c["C"]): c for c in rows}
    return per_set


def summary(cells: dict[tuple[str, str, int], dict], theine: dict) -> dict:
    s = compare(cells, COL)
    s["below_main"], s["below_" + COL] = sorted(s["below_main"]), sorted(s["below_" + COL])
    s["ge0_to_lt0_cells"] = sorted([*k, c["margin_main"], c["margin_" + COL]]
                                   for k, c in cells.items()
                                   if c["margin_main"] >= 0 > c["margin_" + COL])
    s["moved_at_C<=25"] = sorted([*k, c["margin_main"], c["margin_" + COL]]
                                 for k, c in cells.items()
                                 if k[2] <= 25 and c[COL] != c["main"])
    s["largest_gains"] = sorted(([*k, c["margin_main"], c["margin_" + COL]]
                                 for k, c in cells.items()),
                                key=lambda r: r[3] - r[4])[:5]
    gaps, s["theine_drops"], s["theine_ge0_to_lt0"] = theine_gaps(cells, theine, COL)
    s["theine_gaps"] = gaps
    s["theine_min_" + COL] = min(([w, c, v[1]] for w, g in gaps.items() for c, v in g.items()),
                                 key=lambda r: r[2], default=None)
    return s


def fresh38_check(cells: dict[tuple[str, str, int], dict]) -> str:
    """Today's ``main`` against the lead's merged round 50 held-out run (hit rates, 30,000
    events)."""
    h = json.loads((RES / "cache_rule_heldout_fresh38_r50_main.json").read_text())
    same = total = 0
    for t in h["traces"]:
        for r in t["rows"]:
            k = ("fresh38", t["trace"], r["capacity"])
            if k in cells:
                total += 1
                same += abs(100 * cells[k]["main"] / cells[k]["events"] - r["wtinylfu"]) < 1e-9
    return f"{same}/{total}"


def main() -> None:
    per_set = load()
    theine = load_theine(max_c=1000, skip=("fresh39",))
    out: dict = {"setting": COL, "rule": RULE, "sets": {}}
    everything: dict[tuple[str, str, int], dict] = {}
    for which, cells in per_set.items():
        out["sets"][which] = {"cells": len(cells), **summary(cells, theine)}
        everything.update(cells)
    out["total"] = {"cells": len(everything), **summary(everything, theine)}
    del out["total"]["theine_gaps"]
    if "fresh38" in per_set:
        out["fresh38_main_equals_r50_merged"] = fresh38_check(per_set["fresh38"])
    (RES / "cache_drift_r51a_summary.json").write_text(json.dumps(with_environment(out), indent=1))
    fmt = "{:8} {:>5} {:>4} {:>5} {:>14} {:>14} {:>7} {:>11} {:>6} {:>6} {:>6}"
    print(fmt.format("set", "cells", "main", COL, "fixed", "new", "change", "moved(u/d)",
                     "ge0<0", "th<0", "C<=25"))
    for which, s in [*out["sets"].items(), ("total", out["total"])]:
        print(fmt.format(which, s["cells"], len(s["below_main"]), len(s["below_" + COL]),
                         ";".join(f"{k[1]}@{k[2]}" for k in s["fixed"]) or "-",
                         ";".join(f"{k[1]}@{k[2]}" for k in s["new"]) or "-",
                         s["change"], f"{s['moved']}({s['up']}/{s['down']})", s["ge0_to_lt0"],
                         len(s["theine_ge0_to_lt0"]), len(s["moved_at_C<=25"])))
    print("fresh38 main = r50 merged:", out.get("fresh38_main_equals_r50_merged"))


if __name__ == "__main__":
    main()
