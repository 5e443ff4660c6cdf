"""Round 60: HEDGE_SHARE (a Thompson-sampling share of the evictions taken the better recency
ghost's way while following W-TinyLFU, bounded by its own regret) against main's policy
(e9f26084, whose cache code is 6d59c029's) on the 50 tuning sets, scored by the keep rule stated
in bench/README_cache.md before the grid ran: net points > 0, no cell newly below -0.5, round
51's, 55's and 58's fixes hold, no (set, C) W-TinyLFU-minus-theine mean below 0, every set ran.

Reads ``results/cache_rule_tuning_r60_share_full_<set>.json`` (setting ``share``). ``main``: round
58's grid column ``scan`` for 48 sets (LRU and FIFO asserted equal cell for cell), round 59's grid
column ``main`` for fresh46, and fresh47's held-out run on round 59's final code
(``cache_rule_heldout_fresh47_r59_base.json``). theine: round 59's loader plus fresh47's held-out
run. Writes ``results/cache_share_r60_summary.json``.

    cd bench && PYTHONPATH=.. ../.venv/bin/python cache_share_r60_analyse.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cache_tie_r58_analyse import TUNING58
from cache_tie_r59_analyse import grid_summary, print_summary
from cache_tie_r59_analyse import load_theine as load_theine59
from environment import with_environment

RESULTS = Path(__file__).resolve().parent / "results"
TUNING60 = (*TUNING58, "fresh46", "fresh47")
GATE = "share"
Key = tuple[str, str, int]


def load_theine() -> dict[Key, float]:
    theine = load_theine59()
    h = json.loads((RESULTS / "cache_rule_heldout_fresh47_r59_base.json").read_text())
    for t in h["traces"]:
        if t["events"] == 30_000:
            for r in t["rows"]:
                if "theine" in r:
                    theine[("fresh47", t["trace"], r["capacity"])] = r["theine"]
    return theine


def load() -> dict[str, list[dict]]:
    full: dict[str, list[dict]] = {}
    for path in sorted(RESULTS.glob("cache_rule_tuning_r60_share_full_*.json")):
        which = path.stem.split("_share_full_")[1]
        cells = json.loads(path.read_text())["cells"]
        old = RESULTS / f"cache_rule_tuning_r58_scan_full_{which}.json"
        r59 = RESULTS / f"cache_rule_tuning_r59_regret_full_{which}.json"
        if old.exists() or which == "fresh46":
            col = "scan" if old.exists() else "main"
            stored = {(c["set"], c["trace"], c["C"]): c
                      for c in json.loads((old if old.exists() else r59).read_text())["cells"]}
            assert len(stored) == len(cells), which
            for c in cells:
                s = stored[(c["set"], c["trace"], c["C"])]
                assert c["lru"] == s["lru"] and c["fifo"] == s["fifo"], c
                c["main"] = s[col]
                c["margin_main"] = s[f"margin_{col}"]
        else:
            h = json.loads((RESULTS / f"cache_rule_heldout_{which}_r59_base.json").read_text())
            ref = {(t["trace"], r["capacity"]): r for t in h["traces"]
                   if t["events"] == 30_000 for r in t["rows"]}
            assert len(ref) == len(cells), which
            for c in cells:
                r = ref[(c["trace"], c["C"])]
                n = c["events"] / 100.0  # the grid stores hits, the held-out run rates (%)
                assert abs(r["lru"] - c["lru"] / n) < 0.01 and abs(r["fifo"] - c["fifo"] / n) < 0.01
                c["main"] = round(r["wtinylfu"] * n)
                c["margin_main"] = r["margin"]
        full[which] = cells
    return full


def main() -> int:
    full = load()
    theine = load_theine()
    every = [c for cells in full.values() for c in cells]
    out: dict = {"sets_run": sorted(full), "sets_missing": [s for s in TUNING60 if s not in full],
                 "cells": len(every)}
    # cache60's rule: pairs without theine figures are not measured, not a failed clause
    out[GATE] = grid_summary(every, full, theine, GATE, out["sets_missing"],
                             uncovered_fails=False)
    print_summary(out[GATE], GATE, counts=True)
    print("missing:", out["sets_missing"])
    (RESULTS / "cache_share_r60_summary.json").write_text(json.dumps(with_environment(out),
                                                                      indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
