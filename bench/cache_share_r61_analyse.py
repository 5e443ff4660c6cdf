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

import cache_share_r60_analyse as r60
from cache_share_common import RESULTS, Key, add_heldout_theine, load_grid, report, summarise
from environment import with_environment

TUNING61 = (*r60.TUNING60, "fresh48")
GATE = "share"
HELDOUT_BASE = r60.HELDOUT_BASE  # round 60's main, and fresh48's held-out run on round 60's code
HELDOUT_BASE["fresh48"] = "r60_base"
attach_main = r60.attach_main


def load_theine() -> dict[Key, float]:
    return add_heldout_theine(r60.load_theine(), "fresh48", "fresh48_r60_base")


def load() -> dict[str, list[dict]]:
    return load_grid("r61_share", attach_main)


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
    out = summarise(load(), load_theine(), GATE, TUNING61)
    report(out, GATE, "r61")
    return 0


if __name__ == "__main__":
    sys.exit(main())
