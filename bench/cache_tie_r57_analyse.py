"""Round 57: the `dead` gate with the credit on the spared keys only (TIE_SILENT "dead",
TIE_CREDIT "spared", idle clock in lookups) on the tuning grid, scored by the keep rule stated
in bench/README_cache.md before the runs: no cell newly below -0.5, round 51's and round 55's
fixes hold, no W-TinyLFU-minus-theine (set, C) mean from >= 0 to < 0, total change > 0 with
more cells up than down, and every tuning set ran (47: fresh44 tuning from this round).

Reads every ``results/cache_rule_tuning_r57_spared_full_<set>.json`` (setting ``spared``,
and ``main`` for fresh44). ``main`` for the other sets and round 56's gate (``deadc``) come
from ``results/cache_rule_tuning_r56_deadc_full_<set>.json`` (whose ``main`` is round 54-55's
stored column or its own run); LRU and FIFO are checked equal cell for cell. theine's rates:
cache_tie_r56_analyse.load_theine() plus fresh44's stored held-out run (report-only last
round, tuning now). Writes ``results/cache_tie_r57_summary.json``.

    cd bench && PYTHONPATH=.. ../.venv/bin/python cache_tie_r57_analyse.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cache_tie_r54_analyse import EPS, score
from cache_tie_r56_analyse import FIXED55, TUNING, theine_pairs
from cache_tie_r56_analyse import load as load56
from cache_tie_r56_analyse import load_theine as load_theine56
from environment import with_environment

RESULTS = Path(__file__).resolve().parent / "results"
TUNING57 = (*TUNING, "fresh44")
Key = tuple[str, str, int]


def load_theine() -> dict[Key, float]:
    theine = load_theine56()
    h = json.loads((RESULTS / "cache_rule_heldout_fresh44_r56_base.json").read_text())
    for t in h["traces"]:
        if t["events"] != 30_000:
            continue
        for r in t["rows"]:
            if "theine" in r:
                theine[(h["variants"], t["trace"], r["capacity"])] = r["theine"]
    return theine


def load() -> dict[str, list[dict]]:
    """Per set run, its cells with ``main``, ``spared`` and (except fresh44) ``deadc``."""
    r56 = load56()
    full: dict[str, list[dict]] = {}
    for path in sorted(RESULTS.glob("cache_rule_tuning_r57_spared_full_*.json")):
        which = path.stem.split("_spared_full_")[1]
        cells = json.loads(path.read_text())["cells"]
        if which in r56:
            stored = {(c["set"], c["trace"], c["C"]): c for c in r56[which]}
            assert len(stored) == len(cells), which
            for c in cells:
                s = stored[(c["set"], c["trace"], c["C"])]
                assert c["lru"] == s["lru"] and c["fifo"] == s["fifo"]
                for g in ("main", "deadc"):
                    c[g] = s[g]
                    c[f"margin_{g}"] = s[f"margin_{g}"]
        full[which] = cells
    return full


def main() -> int:
    full = load()
    theine = load_theine()
    out: dict = {"sets_run": sorted(full), "sets_missing": [s for s in TUNING57 if s not in full]}
    every = [c for cells in full.values() for c in cells]
    per = {w: score(cells, "spared") for w, cells in full.items()}
    pairs = theine_pairs(every, theine, "spared")
    for w in per:
        per[w]["theine_pairs"] = [p for p in pairs if p["set"].split(":")[0] == w]
    alls = score(every, "spared")
    back55 = [[*k, c["margin_spared"]] for c in every
              if (k := (c["set"], c["trace"], c["C"])) in FIXED55 and c["margin_spared"] < -0.5]
    crossed = [p for p in pairs if "gap_main" in p and p["gap_main"] >= 0 > p["gap_spared"]]
    uncovered_down = [p for p in pairs if "gap_main" not in p and p["mean_change"] < 0]
    alls["fixed55_back"] = back55
    alls["theine_ge0_to_lt0"] = crossed
    alls["theine_pairs_without_theine_that_drop"] = uncovered_down
    alls["theine_lowest_gap_spared"] = sorted(
        (p for p in pairs if "gap_spared" in p), key=lambda p: p["gap_spared"])[:5]
    alls["per_capacity"] = {
        cap: round(sum(c["margin_spared"] - c["margin_main"] for c in every if c["C"] == cap), 2)
        for cap in sorted({c["C"] for c in every})}
    with_old = [c for c in every if "deadc" in c]
    d_old = [c["margin_spared"] - c["margin_deadc"] for c in with_old]
    out["spared_vs_deadc56"] = {
        "cells": len(with_old), "change": round(sum(d_old), 2),
        "up": sum(x > EPS for x in d_old), "down": sum(x < -EPS for x in d_old),
        "deadc56_vs_main": round(sum(c["margin_deadc"] - c["margin_main"] for c in with_old), 2),
        "spared_vs_main": round(sum(c["margin_spared"] - c["margin_main"] for c in with_old), 2),
        "deadc56_below": sum(c["margin_deadc"] < -0.5 for c in with_old),
        "largest_losses_vs_deadc56": [
            [c["set"], c["trace"], c["C"], c["margin_deadc"], c["margin_spared"]]
            for c in sorted(with_old, key=lambda c: c["margin_spared"] - c["margin_deadc"])[:8]]}
    alls["keep_rule_grid"] = {
        "no_new_break": not alls["new_breaks"],
        "no_fix_back": not alls["fixes_back"] and not back55,
        "no_theine_mean_ge0_to_lt0": not crossed and not uncovered_down,
        "change_positive_more_up": alls["change"] > 0 and alls["up"] > alls["down"],
        "full_grid_ran": not out["sets_missing"]}
    alls["grid_clauses_hold"] = all(alls["keep_rule_grid"].values())
    order = sorted(per, key=lambda w: (per[w]["change"], -per[w]["down"]))
    out["per_set"] = {w: per[w] for w in order}
    out["all"] = alls
    for w in order:
        r = per[w]
        low = min((p.get("gap_spared", 99.0) for p in r["theine_pairs"]), default=99.0)
        old = [c for c in full[w] if "deadc" in c]
        was = f"{sum(c['margin_deadc'] - c['margin_main'] for c in old):+6.2f}" if old else "   n/a"
        print(f"{w:>8} cells {r['cells']:4d} below {r['below_main']:2d}->{r['below']:2d} "
              f"new {len(r['new_breaks'])} back {len(r['fixes_back'])} "
              f"change {r['change']:+6.2f} ({r['up']:3d} up / {r['down']:3d} down) "
              f"[r56 deadc {was}] "
              f">=0->0< {len(r['nonneg_to_neg'])} lowest theine gap {low:+.2f}")
    print(f"{'all':>8} cells {alls['cells']} below {alls['below_main']}->{alls['below']} "
          f"new {alls['new_breaks']} back {alls['fixes_back']} {back55} "
          f"change {alls['change']:+.2f} ({alls['up']} up / {alls['down']} down) "
          f"theine crossed {crossed} uncovered drops {len(uncovered_down)}")
    print("vs round 56's credit:", out["spared_vs_deadc56"])
    print("per capacity:", alls["per_capacity"])
    print("largest losses:", alls["largest_losses"])
    print("largest gains:", alls["largest_gains"])
    print(">=0 -> <0:", alls["nonneg_to_neg"])
    print("fixed:", alls["fixed"])
    print("missing:", out["sets_missing"])
    print("grid clauses:", alls["keep_rule_grid"], "hold" if alls["grid_clauses_hold"] else "fail")
    (RESULTS / "cache_tie_r57_summary.json").write_text(json.dumps(with_environment(out),
                                                                   indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
