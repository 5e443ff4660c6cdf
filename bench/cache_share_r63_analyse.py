"""Round 63: HEDGE_SHARE "first" (the share from the scores' horizon until the first exit from
W-TinyLFU, the long window's bound after it) against main's policy (4bca171d: round 62's share
with its floor, "long") on the 53 tuning sets, scored by the keep rule stated in
bench/README_cache.md before the grid ran (round 59's clauses, ``grid_summary``).

Reads ``results/cache_rule_tuning_r63_first_full_<set>.json`` (setting ``rc``). ``main``: round
62's grid column ``share`` (``cache_rule_tuning_r62_floor_full_<set>.json``, 52 sets: main's policy
hit for hit) and fresh50's merged-code held-out run (``cache_rule_heldout_fresh50_r62_final.json``);
LRU and FIFO asserted equal cell for cell. theine: round 62's loader plus fresh50's held-out run.
Writes ``results/cache_share_r63_summary.json``.

    cd bench && PYTHONPATH=.. ../.venv/bin/python cache_share_r63_analyse.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import cache_share_r62_analyse as r62
from cache_tie_r59_analyse import grid_summary, print_summary
from environment import with_environment

RESULTS = Path(__file__).resolve().parent / "results"
TUNING63 = (*r62.TUNING62, "fresh50")
GATE = "rc"
Key = tuple[str, str, int]


def load_theine() -> dict[Key, float]:
    theine = r62.load_theine()
    h = json.loads((RESULTS / "cache_rule_heldout_fresh50_r62_final.json").read_text())
    for t in h["traces"]:
        if t["events"] == 30_000:
            for r in t["rows"]:
                if "theine" in r:
                    theine[("fresh50", t["trace"], r["capacity"])] = r["theine"]
    return theine


def attach_main(which: str, cells: list[dict]) -> None:
    old = RESULTS / f"cache_rule_tuning_r62_floor_full_{which}.json"
    if old.exists():
        stored = {(c["set"], c["trace"], c["C"]): c for c in json.loads(old.read_text())["cells"]}
        assert len(stored) == len(cells), which
        for c in cells:
            s = stored[(c["set"], c["trace"], c["C"])]
            assert c["lru"] == s["lru"] and c["fifo"] == s["fifo"], c
            c["main"] = s["share"]
            c["margin_main"] = s["margin_share"]
        return
    assert which == "fresh50", which
    h = json.loads((RESULTS / "cache_rule_heldout_fresh50_r62_final.json").read_text())
    ref = {(t["trace"], r["capacity"]): r for t in h["traces"]
           if t["events"] == 30_000 for r in t["rows"]}
    assert len(ref) == len(cells), which
    for c in cells:
        r = ref[(c["trace"], c["C"])]
        n = c["events"] / 100.0
        assert abs(r["lru"] - c["lru"] / n) < 0.01 and abs(r["fifo"] - c["fifo"] / n) < 0.01
        c["main"] = round(r["wtinylfu"] * n)
        c["margin_main"] = r["margin"]


def load() -> dict[str, list[dict]]:
    full: dict[str, list[dict]] = {}
    for path in sorted(RESULTS.glob("cache_rule_tuning_r63_first_full_*.json")):
        which = path.stem.split("_first_full_")[1]
        cells = json.loads(path.read_text())["cells"]
        attach_main(which, cells)
        full[which] = cells
    return full


def main() -> int:
    full = load()
    theine = load_theine()
    every = [c for cells in full.values() for c in cells]
    out: dict = {"sets_run": sorted(full), "sets_missing": [s for s in TUNING63 if s not in full],
                 "cells": len(every)}
    out[GATE] = grid_summary(every, full, theine, GATE, out["sets_missing"],
                             uncovered_fails=False)
    print_summary(out[GATE], GATE, counts=True)
    print("missing:", out["sets_missing"])
    (RESULTS / "cache_share_r63_summary.json").write_text(json.dumps(with_environment(out),
                                                                      indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
