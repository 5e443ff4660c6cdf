"""Round 51 (drift51b): round 50's first-leader drift exit (``pe10f``) over the rest of
the tuning sets, set by set (every run file present: drift51a's sets too once merged).

Reads every ``cache_rule_tuning_r51_drift_<set>.json`` present (settings ``main`` = today's
policy, the patch applied with ``DRIFT_EXIT = 0.0``; ``pe10f`` = ``drift_exit=0.1,
drift_first=True``), checks ``main`` against floor49's stored columns at C <= 50 (the kept row
floor: floor49's ``floor`` at C <= 25, its ``main`` at C = 50), and applies the keep rule per set
and over all of them: cells below -0.5, fixed / new breaks, the sum of changes, cells from >= 0
to < 0, cells moved at C <= 25, and W-TinyLFU minus theine per (set, C) from the stored held-out
theine rows. Round 50's fresh30-37 (its main / pe10 runs and pe10f screens) are read too, so
with drift51a's files the total is every tuning set. Writes ``cache_drift_r51b_summary.json``.
fresh39 (report-only) is never read.
"""

from __future__ import annotations

import glob
import json
import re
import statistics
from collections import defaultdict
from pathlib import Path

from cache_floor_r49_analyse import compare, load_theine, theine_gaps
from environment import with_environment

RES = Path(__file__).resolve().parent / "results"
REPORT_ONLY = ("fresh39",)


def load_runs() -> dict[str, dict[tuple[str, str, int], dict]]:
    runs: dict[str, dict[tuple[str, str, int], dict]] = {}
    for f in sorted(glob.glob(str(RES / "cache_rule_tuning_r51_drift_*.json"))):
        name = re.sub(r".*_r51_drift_(.*)\.json", r"\1", f)
        if name in REPORT_ONLY:
            continue
        runs[name] = {(c["set"], c["trace"], c["C"]): c
                      for c in json.loads(Path(f).read_text())["cells"]}
    runs.update(round50_cells())
    # fresh, fresh2 ... fresh38, then old, public, seeds
    order = {n: (not n.startswith("fresh"), int(re.sub(r"\D", "", n) or 1), n) for n in runs}
    return dict(sorted(runs.items(), key=lambda kv: order[kv[0]]))


def round50_cells() -> dict[str, dict[tuple[str, str, int], dict]]:
    """fresh30-37 as round 50 ran them (cache50): ``main`` on every cell of the two full parts,
    ``pe10f`` from its screens of every cell ``pe10`` moved and ``main`` elsewhere (until pe10
    first fires the two are main hit for hit), so the total covers every tuning set."""
    parts = sorted(glob.glob(str(RES / "cache_rule_tuning_r50_full_part*.json")))
    screens = [RES / "cache_rule_tuning_r50_first.json", RES / "cache_rule_tuning_r50_first2.json"]
    if not parts or not all(p.exists() for p in screens):
        return {}
    first = {(c["set"], c["trace"], c["C"]): c
             for p in screens for c in json.loads(p.read_text())["cells"]}
    out: dict[str, dict[tuple[str, str, int], dict]] = {}
    for f in parts:
        for c in json.loads(Path(f).read_text())["cells"]:
            k = (c["set"], c["trace"], c["C"])
            src = first.get(k, {"pe10f": c["main"], "margin_pe10f": c["margin_main"]})
            out.setdefault(c["set"] + " (r50)", {})[k] = {
                **c, "pe10f": src["pe10f"], "margin_pe10f": src["margin_pe10f"]}
    return out


def floor49_check(cells: dict[tuple[str, str, int], dict]) -> dict[str, int]:
    """``main`` against the kept code's stored hits at C <= 50 (floor49b's verification: the
    default is floor49's ``floor`` at C <= 25 and its ``main`` at C = 50)."""
    stored: dict[tuple[str, str, int], int] = {}
    for f in sorted(glob.glob(str(RES / "cache_rule_tuning_r49_floor_part*.json"))):
        for c in json.loads(Path(f).read_text())["cells"]:
            stored[(c["set"], c["trace"], c["C"])] = c["floor"] if c["C"] <= 25 else c["main"]
    shared = [k for k in cells if k in stored]
    return {"cells": len(shared), "equal": sum(cells[k]["main"] == stored[k] for k in shared)}


def summarize(cells: dict[tuple[str, str, int], dict],
              theine: dict[tuple[str, str, int], float]) -> dict:
    s = compare(cells, "pe10f")
    s["below_main"], s["below_pe10f"] = sorted(s["below_main"]), sorted(s["below_pe10f"])
    s["cells"] = len(cells)
    s["ge0_to_lt0_cells"] = sorted([*k, c["margin_main"], c["margin_pe10f"]]
                                   for k, c in cells.items()
                                   if c["margin_main"] >= 0 > c["margin_pe10f"])
    s["moved_at_C<=25"] = sorted([*k, c["margin_main"], c["margin_pe10f"]]
                                 for k, c in cells.items()
                                 if k[2] <= 25 and c["pe10f"] != c["main"])
    s["largest_gains"] = sorted(([*k, c["margin_main"], c["margin_pe10f"]]
                                 for k, c in cells.items() if c["pe10f"] != c["main"]),
                                key=lambda r: r[3] - r[4])[:5]
    gaps, s["theine_drops"], s["theine_ge0_to_lt0"] = theine_gaps(cells, theine, "pe10f")
    # the closest (set, C) to theine under pe10f: [set, C, main, pe10f, traces]
    s["theine_smallest"] = min(([w, c, *v] for w, g in gaps.items() for c, v in g.items()),
                               key=lambda r: r[3], default=None)
    # where no theine rows are stored (fresh4, old, public, seeds), the gap moves by exactly the
    # mean hit-rate change: the largest fall of a (set, C) mean bounds it everywhere
    per_set_c: dict[tuple[str, int], list[float]] = defaultdict(list)
    for k, c in cells.items():
        per_set_c[(k[0].split(":")[0], k[2])].append(100 * (c["pe10f"] - c["main"]) / c["events"])
    s["largest_mean_fall"] = min(([w, c, round(statistics.fmean(v), 4)]
                                  for (w, c), v in per_set_c.items()), key=lambda r: r[2])
    s["theine_sets"] = sorted({k[0] for k in theine if k in cells})
    s["floor49_check"] = floor49_check(cells)
    return s


def main() -> None:
    runs = load_runs()
    theine = load_theine(max_c=1000, skip=REPORT_ONLY)
    out: dict = {"setting": "pe10f: drift_exit=0.1, drift_first=True; main: DRIFT_EXIT = 0.0",
                 "sets": list(runs)}
    per: dict[str, dict] = {}
    total: dict[tuple[str, str, int], dict] = {}
    for name, cells in runs.items():
        per[name] = summarize(cells, theine)
        total.update(cells)
    out["per_set"] = per
    out["total"] = summarize(total, theine)
    (RES / "cache_drift_r51b_summary.json").write_text(json.dumps(with_environment(out), indent=1))
    print("set        cells below(main/pe10f) fixed new  change moved(up/down) >=0-><0 "
          "theine>=0-><0 C<=25moved floor49check theine_smallest")
    for name, s in [*per.items(), ("TOTAL", out["total"])]:
        print(f"{name:10} {s['cells']:5d} {len(s['below_main']):3d}/{len(s['below_pe10f']):<3d}"
              f"      {len(s['fixed']):3d} {len(s['new']):3d} {s['change']:+7.2f} "
              f"{s['moved']:4d}({s['up']}/{s['down']}) {s['ge0_to_lt0']:6d} "
              f"{len(s['theine_ge0_to_lt0']):8d} {len(s['moved_at_C<=25']):10d}   "
              f"{s['floor49_check']['equal']}/{s['floor49_check']['cells']}  "
              f"{s['theine_smallest']}")
    t = out["total"]
    for key in ("largest_mean_fall", "fixed", "new", "ge0_to_lt0_cells", "moved_at_C<=25",
                "largest_losses", "largest_gains", "theine_drops", "theine_ge0_to_lt0",
                "below_pe10f"):
        print(key, json.dumps(t[key]))


if __name__ == "__main__":
    main()
