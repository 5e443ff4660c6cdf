"""Round 64: HEDGE_SHARE_FORGET (the share's regret bound over a sliding window of the scores'
horizon) against main's policy (a2b91dc0: round 62's cache code) on the 54 tuning sets, scored by
the keep rule stated in bench/README_cache.md before the grid ran (round 59's clauses,
``grid_summary``).

Reads ``results/cache_rule_tuning_r64_forget_full_<set>.json`` (setting ``forget``). ``main``:
round 62's grid column ``share`` (52 sets) and fresh50's and fresh51's merged-code held-out runs
(``cache_rule_heldout_fresh50_r62_final.json``, ``cache_rule_heldout_fresh51_r63_final.json``);
LRU and FIFO asserted equal cell for cell. theine: round 63's loader plus fresh51's held-out run.
Writes ``results/cache_share_r64_summary.json``.

    cd bench && PYTHONPATH=.. ../.venv/bin/python cache_share_r64_analyse.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import cache_share_r62_analyse as r62
from cache_tie_r59_analyse import grid_summary, print_summary
from environment import with_environment

RESULTS = Path(__file__).resolve().parent / "results"
TUNING64 = (*r62.TUNING62, "fresh50", "fresh51")
GATE = "forget"
HELDOUT = {"fresh50": "fresh50_r62_final", "fresh51": "fresh51_r63_final"}
Key = tuple[str, str, int]


def load_theine() -> dict[Key, float]:
    theine = r62.load_theine()
    for which, name in HELDOUT.items():
        h = json.loads((RESULTS / f"cache_rule_heldout_{name}.json").read_text())
        for t in h["traces"]:
            if t["events"] == 30_000:
                for r in t["rows"]:
                    if "theine" in r:
                        theine[(which, t["trace"], r["capacity"])] = r["theine"]
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
    h = json.loads((RESULTS / f"cache_rule_heldout_{HELDOUT[which]}.json").read_text())
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
    for path in sorted(RESULTS.glob("cache_rule_tuning_r64_forget_full_*.json")):
        which = path.stem.split("_forget_full_")[1]
        cells = json.loads(path.read_text())["cells"]
        attach_main(which, cells)
        full[which] = cells
    return full


def main() -> int:
    full = load()
    theine = load_theine()
    every = [c for cells in full.values() for c in cells]
    out: dict = {"sets_run": sorted(full), "sets_missing": [s for s in TUNING64 if s not in full],
                 "cells": len(every)}
    out[GATE] = grid_summary(every, full, theine, GATE, out["sets_missing"],
                             uncovered_fails=False)
    print_summary(out[GATE], GATE, counts=True)
    print("missing:", out["sets_missing"])
    (RESULTS / "cache_share_r64_summary.json").write_text(json.dumps(with_environment(out),
                                                                      indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
