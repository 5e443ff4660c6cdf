"""Round 62: round 61's HEDGE_SHARE patch plus the share floor (HEDGE_SHARE_FLOOR_Z) against main's
policy (b29657b2, whose cache code is 280a8377's) on the 52 tuning sets, scored by the keep rule
stated in bench/README_cache.md before the grid ran (``grid_summary``), and cell for cell against
round 61's patch (``cache_rule_tuning_r61_share_full_<set>.json``, 51 sets: fresh49 is new).

Reads ``results/cache_rule_tuning_r62_floor_full_<set>.json`` (setting ``share``). ``main``: as
round 61's analysis plus fresh49's held-out run on round 61's code
(``cache_rule_heldout_fresh49_r61_base.json``: LRU and FIFO asserted equal cell for cell); theine
likewise. Writes ``results/cache_share_r62_summary.json``.

    cd bench && PYTHONPATH=.. ../.venv/bin/python cache_share_r62_analyse.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import cache_share_r61_analyse as r61
from cache_tie_r59_analyse import grid_summary, print_summary
from environment import with_environment

RESULTS = Path(__file__).resolve().parent / "results"
TUNING62 = (*r61.TUNING61, "fresh49")
GATE = "share"
r61.HELDOUT_BASE["fresh49"] = "r61_base"
Key = tuple[str, str, int]


def load_theine() -> dict[Key, float]:
    theine = r61.load_theine()
    h = json.loads((RESULTS / "cache_rule_heldout_fresh49_r61_base.json").read_text())
    for t in h["traces"]:
        if t["events"] == 30_000:
            for r in t["rows"]:
                if "theine" in r:
                    theine[("fresh49", t["trace"], r["capacity"])] = r["theine"]
    return theine


def load() -> dict[str, list[dict]]:
    full: dict[str, list[dict]] = {}
    for path in sorted(RESULTS.glob("cache_rule_tuning_r62_floor_full_*.json")):
        which = path.stem.split("_floor_full_")[1]
        cells = json.loads(path.read_text())["cells"]
        r61.attach_main(which, cells)
        full[which] = cells
    return full


def against_r61(full: dict[str, list[dict]]) -> dict:
    """Cell for cell against round 61's patch (hits), on the sets both ran."""
    differ = []
    cells = 0
    for which, cs in full.items():
        path = RESULTS / f"cache_rule_tuning_r61_share_full_{which}.json"
        if not path.exists():
            continue
        old = {(c["set"], c["trace"], c["C"]): c for c in json.loads(path.read_text())["cells"]}
        assert len(old) == len(cs), which
        for c in cs:
            o = old[(c["set"], c["trace"], c["C"])]
            cells += 1
            if o["share"] != c["share"]:
                differ.append([c["set"], c["trace"], c["C"], o["share"], c["share"],
                               round(c["margin_share"] - o["margin_share"], 3)])
    return {"cells_compared": cells, "cells_differ": len(differ),
            "net_points": round(sum(d[5] for d in differ), 3), "differ": differ}


def main() -> int:
    full = load()
    theine = load_theine()
    every = [c for cells in full.values() for c in cells]
    out: dict = {"sets_run": sorted(full), "sets_missing": [s for s in TUNING62 if s not in full],
                 "cells": len(every)}
    out[GATE] = grid_summary(every, full, theine, GATE, out["sets_missing"],
                             uncovered_fails=False)
    out["vs_r61_patch"] = against_r61(full)
    print_summary(out[GATE], GATE, counts=True)
    v = out["vs_r61_patch"]
    print("vs round 61's patch:", v["cells_compared"], "cells,", v["cells_differ"], "differ,",
          v["net_points"], "points", v["differ"][:10])
    print("missing:", out["sets_missing"])
    (RESULTS / "cache_share_r62_summary.json").write_text(json.dumps(with_environment(out),
                                                                      indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
