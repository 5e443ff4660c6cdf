"""Round 59: round 54's dead gate on a tie within noise (TIE_NOISE = 1 and 2 standard errors of
the sign test on W-TinyLFU's and the better recency ghost's exclusive hits) against main's policy
(6d59c029) on the 49 tuning sets, scored by the keep rule stated in bench/README_cache.md before
the grid ran: net points > 0, no cell newly below -0.5, round 51's, 55's and 58's fixes hold, no
(set, C) W-TinyLFU-minus-theine mean below 0, every tuning set ran.

Reads ``results/cache_rule_tuning_r59_<run>_full_<set>.json`` (run ``noise``: setting ``z2``,
TIE_NOISE 2 without the regret bound, 7 sets; run ``regret``: setting ``z2r``, the candidate; and
``main`` for fresh46). ``main`` for the other 48 sets is round 58's grid column ``scan`` (= main:
TIE_RETIRE changes no hit), LRU and FIFO asserted equal cell for cell; fresh46's ``main`` is
checked against its stored merged-code held-out run. theine: round 58's loader plus fresh46's
held-out run. Writes ``results/cache_tie_r59_<run>_summary.json``.

    cd bench && PYTHONPATH=.. ../.venv/bin/python cache_tie_r59_analyse.py regret   # or noise
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cache_tie_r54_analyse import score
from cache_tie_r56_analyse import FIXED55, theine_pairs
from cache_tie_r58_analyse import TUNING58
from cache_tie_r58_analyse import load_theine as load_theine58
from environment import with_environment

RESULTS = Path(__file__).resolve().parent / "results"
TUNING59 = (*TUNING58, "fresh46")
# run -> its grid files' label and setting: "noise" (TIE_NOISE 2 without the regret bound; stopped
# after 7 sets, a new break found), "regret" (the candidate: TIE_NOISE 2 with the regret bound).
RUNS = {"noise": "z2", "regret": "z2r"}
Key = tuple[str, str, int]


def load_theine() -> dict[Key, float]:
    theine = load_theine58()
    h = json.loads((RESULTS / "cache_rule_heldout_fresh46_r58_final.json").read_text())
    for t in h["traces"]:
        if t["events"] == 30_000:
            for r in t["rows"]:
                if "theine" in r:
                    theine[("fresh46", t["trace"], r["capacity"])] = r["theine"]
    return theine


def load(run: str) -> dict[str, list[dict]]:
    full: dict[str, list[dict]] = {}
    for path in sorted(RESULTS.glob(f"cache_rule_tuning_r59_{run}_full_*.json")):
        which = path.stem.split(f"_{run}_full_")[1]
        cells = json.loads(path.read_text())["cells"]
        old = RESULTS / f"cache_rule_tuning_r58_scan_full_{which}.json"
        if old.exists():
            stored = {(c["set"], c["trace"], c["C"]): c
                      for c in json.loads(old.read_text())["cells"]}
            assert len(stored) == len(cells), which
            for c in cells:
                s = stored[(c["set"], c["trace"], c["C"])]
                assert c["lru"] == s["lru"] and c["fifo"] == s["fifo"], c
                c["main"] = s["scan"]
                c["margin_main"] = s["margin_scan"]
        else:
            h = json.loads((RESULTS / f"cache_rule_heldout_{which}_r58_final.json").read_text())
            ref = {(t["trace"], r["capacity"]): r["margin"] for t in h["traces"]
                   if t["events"] == 30_000 for r in t["rows"]}
            for c in cells:
                assert abs(ref[(c["trace"], c["C"])] - c["margin_main"]) < 0.002, c
        full[which] = cells
    return full


def grid_summary(every: list[dict], full: dict[str, list[dict]], theine: dict[Key, float],
                 gate: str, sets_missing: list[str], uncovered_fails: bool = True) -> dict:
    """The keep rule's grid clauses for one candidate column `gate` against main's margins.
    `uncovered_fails`: a (set, C) pair without theine figures whose mean drops fails the theine
    clause (round 59's reading); round 60's cache60 counted such pairs as not measured."""
    alls = score(every, gate)
    pairs = theine_pairs(every, theine, gate)
    back = [[*k, c[f"margin_{gate}"]] for c in every
            if (k := (c["set"], c["trace"], c["C"])) in FIXED55 and c[f"margin_{gate}"] < -0.5]
    crossed = [p for p in pairs if "gap_main" in p and p["gap_main"] >= 0 > p[f"gap_{gate}"]]
    below0 = [p for p in pairs if f"gap_{gate}" in p and p[f"gap_{gate}"] < 0]
    uncovered_down = [p for p in pairs if "gap_main" not in p and p["mean_change"] < 0]
    alls["fixed55_58_back"] = back
    alls["theine_ge0_to_lt0"] = crossed
    alls["theine_pairs_below0"] = below0
    alls["theine_pairs_without_theine_that_drop"] = uncovered_down
    alls["theine_lowest"] = sorted((p for p in pairs if f"gap_{gate}" in p),
                                   key=lambda p: p[f"gap_{gate}"])[:5]
    alls["per_capacity"] = {
        cap: round(sum(c[f"margin_{gate}"] - c["margin_main"] for c in every
                       if c["C"] == cap), 2) for cap in sorted({c["C"] for c in every})}
    alls["per_set"] = {w: score(cs, gate)["change"] for w, cs in full.items()}
    alls["keep_rule_grid"] = {
        "net_positive": alls["change"] > 0,
        "no_new_break": not alls["new_breaks"],
        "no_fix_back": not alls["fixes_back"] and not back,
        "no_theine_mean_below_0": not crossed and not below0
        and not (uncovered_fails and uncovered_down),
        "full_grid_ran": not sets_missing}
    alls["grid_clauses_hold"] = all(alls["keep_rule_grid"].values())
    return alls


def print_summary(alls: dict, gate: str, counts: bool = False) -> None:
    """`counts`: print how many cells cross 0 and how many uncovered pairs drop, not the lists."""
    print(f"== {gate}: cells {alls['cells']} below {alls['below_main']}->{alls['below']} "
          f"change {alls['change']:+.2f} ({alls['up']} up / {alls['down']} down)")
    print("new breaks:", alls["new_breaks"])
    print("fixed:", alls["fixed"])
    print("per capacity:", alls["per_capacity"])
    print("largest losses:", alls["largest_losses"])
    print("largest gains:", alls["largest_gains"])
    uncovered = alls["theine_pairs_without_theine_that_drop"]
    if counts:
        print(">=0 -> <0:", len(alls["nonneg_to_neg"]))
        print("theine lowest:", alls["theine_lowest"][:3], "below0", alls["theine_pairs_below0"],
              "uncovered that drop", len(uncovered))
    else:
        print(">=0 -> <0:", alls["nonneg_to_neg"])
        print("theine lowest:", alls["theine_lowest"][:3], "below0", alls["theine_pairs_below0"],
              "uncovered", uncovered)
    print("grid clauses:", alls["keep_rule_grid"],
          "hold" if alls["grid_clauses_hold"] else "fail")


def main() -> int:
    run = sys.argv[1] if len(sys.argv) > 1 else "regret"
    full = load(run)
    theine = load_theine()
    every = [c for cells in full.values() for c in cells]
    out: dict = {"sets_run": sorted(full), "sets_missing": [s for s in TUNING59 if s not in full],
                 "cells": len(every)}
    gate = RUNS[run]
    out[gate] = grid_summary(every, full, theine, gate, out["sets_missing"])
    print_summary(out[gate], gate)
    print("missing:", out["sets_missing"])
    path = RESULTS / f"cache_tie_r59_{run}_summary.json"
    path.write_text(json.dumps(with_environment(out), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
