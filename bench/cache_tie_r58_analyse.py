"""Round 58: round 57's `dead` gate (spared credit, lookups clock) with TIE_SCAN (the gate waits
once a run of C lookups no cache hit has gone by) as the default, on the tuning grid, scored by
the keep rule stated in bench/README_cache.md before the runs: no cell newly below -0.5, round
51's and round 55's fixes hold, no (set, C) W-TinyLFU-minus-theine mean below 0 (where main's
is >= 0), total change > 0, every tuning set ran (48: fresh45 tuning from this round).

Reads every ``results/cache_rule_tuning_r58_scan_full_<set>.json`` (setting ``scan``, and
``main`` for fresh45). ``main`` (and round 57's ``spared``) for the other 47 sets come from
round 57's stored files via ``cache_tie_r57_analyse.load``; LRU and FIFO are checked equal cell
for cell, and fresh45's ``main`` against its stored held-out run. theine: round 57's loader plus
fresh45's held-out run. Writes ``results/cache_tie_r58_summary.json``.

    cd bench && PYTHONPATH=.. ../.venv/bin/python cache_tie_r58_analyse.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cache_tie_r54_analyse import EPS, score
from cache_tie_r56_analyse import FIXED55, theine_pairs
from cache_tie_r57_analyse import TUNING57
from cache_tie_r57_analyse import load as load57
from cache_tie_r57_analyse import load_theine as load_theine57
from environment import with_environment

RESULTS = Path(__file__).resolve().parent / "results"
TUNING58 = (*TUNING57, "fresh45")
Key = tuple[str, str, int]


def load_theine() -> dict[Key, float]:
    theine = load_theine57()
    h = json.loads((RESULTS / "cache_rule_heldout_fresh45_r57_base.json").read_text())
    for t in h["traces"]:
        if t["events"] == 30_000:
            for r in t["rows"]:
                if "theine" in r:
                    theine[(h["variants"], t["trace"], r["capacity"])] = r["theine"]
    return theine


def load() -> dict[str, list[dict]]:
    r57 = load57()
    full: dict[str, list[dict]] = {}
    for path in sorted(RESULTS.glob("cache_rule_tuning_r58_scan_full_*.json")):
        which = path.stem.split("_scan_full_")[1]
        cells = json.loads(path.read_text())["cells"]
        if which in r57:
            stored = {(c["set"], c["trace"], c["C"]): c for c in r57[which]}
            assert len(stored) == len(cells), which
            for c in cells:
                s = stored[(c["set"], c["trace"], c["C"])]
                assert c["lru"] == s["lru"] and c["fifo"] == s["fifo"]
                for g in ("main", "spared"):
                    c[g] = s[g]
                    c[f"margin_{g}"] = s[f"margin_{g}"]
        else:
            h = json.loads((RESULTS / f"cache_rule_heldout_{which}_r57_base.json").read_text())
            ref = {(t["trace"], r["capacity"]): r["margin"] for t in h["traces"]
                   if t["events"] == 30_000 for r in t["rows"]}
            for c in cells:
                assert abs(ref[(c["trace"], c["C"])] - c["margin_main"]) < 0.002, c
        full[which] = cells
    return full


def main() -> int:
    full = load()
    theine = load_theine()
    out: dict = {"sets_run": sorted(full), "sets_missing": [s for s in TUNING58 if s not in full]}
    every = [c for cells in full.values() for c in cells]
    per = {w: score(cells, "scan") for w, cells in full.items()}
    alls = score(every, "scan")
    pairs = theine_pairs(every, theine, "scan")
    back55 = [[*k, c["margin_scan"]] for c in every
              if (k := (c["set"], c["trace"], c["C"])) in FIXED55 and c["margin_scan"] < -0.5]
    crossed = [p for p in pairs if "gap_main" in p and p["gap_main"] >= 0 > p["gap_scan"]]
    below0 = [p for p in pairs if "gap_scan" in p and p["gap_scan"] < 0]
    uncovered_down = [p for p in pairs if "gap_main" not in p and p["mean_change"] < 0]
    alls["fixed55_back"] = back55
    alls["theine_ge0_to_lt0"] = crossed
    alls["theine_pairs_below0_with_gate"] = below0
    alls["theine_pairs_without_theine_that_drop"] = uncovered_down
    alls["theine_lowest_gap_scan"] = sorted(
        (p for p in pairs if "gap_scan" in p), key=lambda p: p["gap_scan"])[:5]
    alls["per_capacity"] = {
        cap: round(sum(c["margin_scan"] - c["margin_main"] for c in every if c["C"] == cap), 2)
        for cap in sorted({c["C"] for c in every})}
    with57 = [c for c in every if "spared" in c]
    d57 = [c["margin_scan"] - c["margin_spared"] for c in with57]
    out["scan_vs_spared57"] = {
        "cells": len(with57), "change": round(sum(d57), 2),
        "up": sum(x > EPS for x in d57), "down": sum(x < -EPS for x in d57),
        "moved": [[c["set"], c["trace"], c["C"], c["margin_spared"], c["margin_scan"]]
                  for c in sorted(with57, key=lambda c: c["margin_scan"] - c["margin_spared"])
                  if abs(c["margin_scan"] - c["margin_spared"]) > EPS]}
    alls["keep_rule_grid"] = {
        "net_positive": alls["change"] > 0,
        "no_new_break": not alls["new_breaks"],
        "no_fix_back": not alls["fixes_back"] and not back55,
        "no_theine_mean_below_0": not crossed and not below0 and not uncovered_down,
        "full_grid_ran": not out["sets_missing"]}
    alls["grid_clauses_hold"] = all(alls["keep_rule_grid"].values())
    out["per_set"] = {w: per[w] for w in sorted(per, key=lambda w: per[w]["change"])}
    out["all"] = alls
    for w, r in out["per_set"].items():
        print(f"{w:>8} cells {r['cells']:4d} below {r['below_main']:2d}->{r['below']:2d} "
              f"new {len(r['new_breaks'])} change {r['change']:+6.2f} "
              f"({r['up']:3d} up / {r['down']:3d} down)")
    print(f"{'all':>8} cells {alls['cells']} below {alls['below_main']}->{alls['below']} "
          f"new {alls['new_breaks']} back {alls['fixes_back']} {back55} "
          f"change {alls['change']:+.2f} ({alls['up']} up / {alls['down']} down)")
    print("vs round 57's gate:", {k: v for k, v in out["scan_vs_spared57"].items() if k != "moved"},
          out["scan_vs_spared57"]["moved"][:6], out["scan_vs_spared57"]["moved"][-6:])
    print("per capacity:", alls["per_capacity"])
    print("largest losses:", alls["largest_losses"])
    print("largest gains:", alls["largest_gains"])
    print(">=0 -> <0:", alls["nonneg_to_neg"])
    print("fixed:", alls["fixed"])
    print("theine lowest:", alls["theine_lowest_gap_scan"][:3], "below 0:", below0,
          "uncovered drops:", uncovered_down)
    print("missing:", out["sets_missing"])
    print("grid clauses:", alls["keep_rule_grid"], "hold" if alls["grid_clauses_hold"] else "fail")
    (RESULTS / "cache_tie_r58_summary.json").write_text(json.dumps(with_environment(out),
                                                                   indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
