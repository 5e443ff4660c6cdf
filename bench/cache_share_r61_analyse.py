"""Round 61: HEDGE_SHARE in its round-61 form (round 60's share memoised between disagreements,
its spared keys counted one per share eviction and chained, their hits credit) against main's
policy (280a8377, whose cache code is 6d59c029's) on the 51 tuning sets, scored by the keep rule
stated in bench/README_cache.md before the grid ran (round 60's clauses, ``grid_summary``).

Reads ``results/cache_rule_tuning_r61_share_full_<set>.json`` (setting ``share``). ``main``: as
round 60's analysis (round 58's grid column ``scan``, round 59's ``main`` for fresh46, fresh47's
held-out run on round 59's code), plus fresh48's held-out run on round 60's code
(``cache_rule_heldout_fresh48_r60_base.json``; LRU and FIFO asserted equal cell for cell). theine:
round 60's loader plus fresh48's held-out run. ``--screen``: the 207 screen cells
(``cache_rule_tuning_r61_cand_screen.json``) against main and round 60's patch
(``cache_rule_tuning_r60_patch_check.json``). Writes ``results/cache_share_r61_summary.json``
(or ``cache_share_r61_screen_summary.json``).

    cd bench && PYTHONPATH=.. ../.venv/bin/python cache_share_r61_analyse.py [--screen]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cache_share_r60_analyse import TUNING60
from cache_share_r60_analyse import load_theine as load_theine60
from cache_tie_r59_analyse import grid_summary, print_summary
from environment import with_environment

RESULTS = Path(__file__).resolve().parent / "results"
TUNING61 = (*TUNING60, "fresh48")
GATE = "share"
HELDOUT_BASE = {"fresh47": "r59_base", "fresh48": "r60_base"}
Key = tuple[str, str, int]


def load_theine() -> dict[Key, float]:
    theine = load_theine60()
    h = json.loads((RESULTS / "cache_rule_heldout_fresh48_r60_base.json").read_text())
    for t in h["traces"]:
        if t["events"] == 30_000:
            for r in t["rows"]:
                if "theine" in r:
                    theine[("fresh48", t["trace"], r["capacity"])] = r["theine"]
    return theine


def attach_main(which: str, cells: list[dict], full_set: bool = True) -> None:
    """Main's hits and margin on ``cells`` of set ``which`` (all of its cells if ``full_set``)."""
    old = RESULTS / f"cache_rule_tuning_r58_scan_full_{which}.json"
    r59 = RESULTS / f"cache_rule_tuning_r59_regret_full_{which}.json"
    if old.exists() or which == "fresh46":
        col = "scan" if old.exists() else "main"
        stored = {(c["set"], c["trace"], c["C"]): c
                  for c in json.loads((old if old.exists() else r59).read_text())["cells"]}
        assert not full_set or len(stored) == len(cells), which
        for c in cells:
            s = stored[(c["set"], c["trace"], c["C"])]
            assert c["lru"] == s["lru"] and c["fifo"] == s["fifo"], c
            c["main"] = s[col]
            c["margin_main"] = s[f"margin_{col}"]
        return
    h = json.loads((RESULTS / f"cache_rule_heldout_{which}_{HELDOUT_BASE[which]}.json").read_text())
    ref = {(t["trace"], r["capacity"]): r for t in h["traces"]
           if t["events"] == 30_000 for r in t["rows"]}
    assert not full_set or len(ref) == len(cells), which
    for c in cells:
        r = ref[(c["trace"], c["C"])]
        n = c["events"] / 100.0  # the grid stores hits, the held-out run rates (%)
        assert abs(r["lru"] - c["lru"] / n) < 0.01 and abs(r["fifo"] - c["fifo"] / n) < 0.01
        c["main"] = round(r["wtinylfu"] * n)
        c["margin_main"] = r["margin"]


def load() -> dict[str, list[dict]]:
    full: dict[str, list[dict]] = {}
    for path in sorted(RESULTS.glob("cache_rule_tuning_r61_share_full_*.json")):
        which = path.stem.split("_share_full_")[1]
        cells = json.loads(path.read_text())["cells"]
        attach_main(which, cells)
        full[which] = cells
    return full


def screen() -> dict:
    cells = json.loads((RESULTS / "cache_rule_tuning_r61_cand_screen.json").read_text())["cells"]
    patch = {(c["set"], c["trace"], c["C"]): c for c in json.loads(
        (RESULTS / "cache_rule_tuning_r60_patch_check.json").read_text())["cells"]}
    by_set: dict[str, list[dict]] = {}
    for c in cells:
        by_set.setdefault(c["set"].split(":")[0], []).append(c)
    for which, cs in by_set.items():
        attach_main(which, cs, full_set=False)
    out: dict = {"cells": len(cells)}
    for col, ref in (("main", None), ("patch", patch)):
        d = [(c["margin_share"] - (c["margin_main"] if ref is None else ref[
            (c["set"], c["trace"], c["C"])]["margin_share"]), c) for c in cells]
        out[f"vs_{col}"] = {
            "net_points": round(sum(x for x, _ in d), 3),
            "up": sum(x > 0 for x, _ in d), "down": sum(x < 0 for x, _ in d),
            "largest_down": [[c["set"], c["trace"], c["C"], round(x, 3)]
                             for x, c in sorted(d, key=lambda t: t[0])[:6]],
            "largest_up": [[c["set"], c["trace"], c["C"], round(x, 3)]
                           for x, c in sorted(d, key=lambda t: -t[0])[:6]]}
    below_main = {(c["set"], c["trace"], c["C"]) for c in cells if c["margin_main"] < -0.5}
    below = {(c["set"], c["trace"], c["C"]) for c in cells if c["margin_share"] < -0.5}
    out["below_main"], out["below_share"] = len(below_main), len(below)
    out["new_below"] = sorted(map(list, below - below_main))
    out["fixed"] = sorted(map(list, below_main - below))
    return out


def main() -> int:
    if "--screen" in sys.argv:
        scr = screen()
        print(json.dumps(scr, indent=1))
        (RESULTS / "cache_share_r61_screen_summary.json").write_text(
            json.dumps(with_environment(scr), indent=1))
        return 0
    full = load()
    theine = load_theine()
    every = [c for cells in full.values() for c in cells]
    out: dict = {"sets_run": sorted(full), "sets_missing": [s for s in TUNING61 if s not in full],
                 "cells": len(every)}
    out[GATE] = grid_summary(every, full, theine, GATE, out["sets_missing"],
                             uncovered_fails=False)
    print_summary(out[GATE], GATE, counts=True)
    print("missing:", out["sets_missing"])
    (RESULTS / "cache_share_r61_summary.json").write_text(json.dumps(with_environment(out),
                                                                      indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
