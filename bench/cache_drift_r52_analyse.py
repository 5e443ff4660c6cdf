"""Round 52 (cache52): the drift exit's persistence requirement (``drift_hold``) over every
tuning cell, by the cells where today's exit fires.

A hold only delays or suppresses the exit: until today's exit first fires the two policies
are hit for hit the same, so only cells where it fires can move. Today's policy per cell is
round 51's ``pe10f`` column (the merged default: ``cache_rule_tuning_r51_drift_<set>.json``,
and round 50's fresh30-37 through cache_drift_r51b_analyse's loader) and, for fresh39, the
lead's merged held-out run (``cache_rule_heldout_fresh39_r51_main.json``, hit rates to hits).
The runs (``cache_rule_tuning_r52_persist_*.json``, settings ``main`` = today's default with
``drift_hold=0`` and the variant) replace the cells they ran; every other cell keeps today's
hits under the variant. Checks that each run's ``main`` equals today's stored hits, applies the
keep rule (floor49's ``compare``, theine gaps per (set, C)) and writes
``cache_drift_r52_summary_<setting>.json``. fresh40 (report-only) is never read.
"""

from __future__ import annotations

import glob
import json
import sys
from pathlib import Path

from cache_drift_r51b_analyse import load_runs
from cache_floor_r49_analyse import compare, load_theine, theine_gaps
from environment import with_environment

RES = Path(__file__).resolve().parent / "results"
REPORT_ONLY = ("fresh40",)
FIXED_R51 = [("fresh26", "octomap_r40_y32", 1000), ("fresh34", "workshop_d10_i60", 1000),
             ("fresh35", "parcel_l50_d200", 1000)]


def today() -> dict[tuple[str, str, int], dict]:
    """Every tuning cell's hits under today's default (``main``), LRU and FIFO."""
    cells: dict[tuple[str, str, int], dict] = {}
    for runs in load_runs().values():
        for k, c in runs.items():
            cells[k] = {"set": k[0], "trace": k[1], "C": k[2], "events": c["events"],
                        "lru": c["lru"], "fifo": c["fifo"], "main": c["pe10f"],
                        "margin_main": c["margin_pe10f"]}
    h = json.loads((RES / "cache_rule_heldout_fresh39_r51_main.json").read_text())
    for t in h["traces"]:
        n = t["events"]
        for r in t["rows"]:
            hit = {p: round(r[p] * n / 100) for p in ("wtinylfu", "lru", "fifo")}
            cells[("fresh39", t["trace"], r["capacity"])] = {
                "set": "fresh39", "trace": t["trace"], "C": r["capacity"], "events": n,
                "lru": hit["lru"], "fifo": hit["fifo"], "main": hit["wtinylfu"],
                "margin_main": round(100 * (hit["wtinylfu"] - max(hit["lru"], hit["fifo"])) / n, 3)}
    return cells


def fired_check(cells: dict[tuple[str, str, int], dict], ran: dict[tuple[str, str, int], dict],
                col: str) -> dict:
    """The argument's checks on the instrumented sets (``cache_drift_r52_fired.json``): every
    cell round 51's exit moved fired today, every fired cell was run, and on the sets run whole
    (``cache_rule_tuning_r52_whole_*.json``) only fired cells differ and ``main`` is today's."""
    f = RES / "cache_drift_r52_fired.json"
    if not f.exists():
        return {}
    rows = json.loads(f.read_text())["rows"]
    sets = {r["set"] for r in rows}
    fired = {(r["set"], r["trace"], r["C"]) for r in rows if r["fired"]}
    moved51: set[tuple[str, str, int]] = set()
    for runs in load_runs().values():
        moved51 |= {k for k, c in runs.items() if k[0] in sets and c["pe10f"] != c["main"]}
    out: dict = {"sets": len(sets), "cells": len(rows), "fired": len(fired),
                 "moved_r51": len(moved51), "moved_r51_not_fired": sorted(moved51 - fired),
                 "fired_not_run": sorted(fired - set(ran))}
    for w in sorted(glob.glob(str(RES / "cache_rule_tuning_r52_whole_*.json"))):
        wc = {(c["set"], c["trace"], c["C"]): c for c in json.loads(Path(w).read_text())["cells"]}
        out[Path(w).stem] = {
            "cells": len(wc), "fired": len(fired & set(wc)),
            "differ": len([k for k, c in wc.items() if c.get(col, c["main"]) != c["main"]]),
            "differ_not_fired": sorted(k for k, c in wc.items()
                                       if c.get(col, c["main"]) != c["main"] and k not in fired),
            "main_equal_to_today": sum(c["main"] == cells[k]["main"] for k, c in wc.items())}
    return out


def main(col: str = "x1") -> None:
    cells = today()
    ran: dict[tuple[str, str, int], dict] = {}
    for f in sorted(glob.glob(str(RES / "cache_rule_tuning_r52_persist_*.json"))):
        for c in json.loads(Path(f).read_text())["cells"]:
            if c["set"] not in REPORT_ONLY and col in c:
                ran[(c["set"], c["trace"], c["C"])] = c
    mismatch = [[*k, cells[k]["main"], c["main"]] for k, c in ran.items()
                if k in cells and "main" in c and cells[k]["main"] != c["main"]]
    missing = sorted(k for k in ran if k not in cells)
    for k, c in cells.items():
        r = ran.get(k)
        c[col] = r[col] if r else c["main"]
        best = max(c["lru"], c["fifo"])
        c["margin_" + col] = round(100.0 * (c[col] - best) / c["events"], 3)
    s = compare(cells, col)
    s["below_main"], s["below_" + col] = sorted(s["below_main"]), sorted(s["below_" + col])
    theine = load_theine(max_c=1000, skip=REPORT_ONLY)
    _gaps, s["theine_drops"], s["theine_ge0_to_lt0"] = theine_gaps(cells, theine, col)
    s["theine_sets"] = len({k[0] for k in theine if k in cells})
    s["fixed_r51_back"] = [list(k) for k in FIXED_R51 if cells[k]["margin_" + col] < -0.5]
    s["ran"] = len(ran)
    s["ran_change"] = round(sum(c["margin_" + col] - c["margin_main"]
                                for k, c in cells.items() if k in ran), 2)
    s["ge0_to_lt0_cells"] = sorted([*k, c["margin_main"], c["margin_" + col]]
                                   for k, c in cells.items()
                                   if c["margin_main"] >= 0 > c["margin_" + col])
    s["moved_cells"] = sorted(([*k, c["margin_main"], c["margin_" + col]]
                               for k, c in cells.items() if c[col] != c["main"]),
                              key=lambda r: r[4] - r[3])
    s["moved_at_C<=25"] = [r for r in s["moved_cells"] if r[2] <= 25]
    out = {"setting": col, "cells": len(cells), "fired_check": fired_check(cells, ran, col),
           "main_check": {
        "ran": len(ran), "with_main": sum("main" in c for c in ran.values()),
        "equal_to_today": sum("main" in c for c in ran.values()) - len(mismatch) - len(missing),
        "mismatch": mismatch, "not_in_today": [list(k) for k in missing]}, "summary": s}
    dest = RES / f"cache_drift_r52_summary_{col}.json"
    dest.write_text(json.dumps(with_environment(out), indent=1))
    print(json.dumps(out["fired_check"]))
    print(json.dumps(out["main_check"]))
    for key in ("below_main", "below_" + col, "new", "fixed", "fixed_r51_back", "neg_sum_main",
                "neg_sum_" + col, "change", "ran_change", "moved", "up", "down", "ge0_to_lt0",
                "ge0_to_lt0_cells", "mean_change_per_C", "theine_ge0_to_lt0", "theine_drops",
                "theine_sets", "moved_at_C<=25"):
        v = s[key]
        print(key, len(v) if key.startswith("below") else "", json.dumps(v))
    print("moved", len(s["moved_cells"]))
    for r in s["moved_cells"]:
        print("  ", r)


if __name__ == "__main__":
    main(*sys.argv[1:])
