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

import cache_share_r61_analyse as r61
from cache_share_common import RESULTS, Key, add_heldout_theine, load_grid, report, summarise

TUNING62 = (*r61.TUNING61, "fresh49")
GATE = "share"
r61.HELDOUT_BASE["fresh49"] = "r61_base"


def load_theine() -> dict[Key, float]:
    return add_heldout_theine(r61.load_theine(), "fresh49", "fresh49_r61_base")


def load() -> dict[str, list[dict]]:
    return load_grid("r62_floor", r61.attach_main)


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
    out = summarise(full, load_theine(), GATE, TUNING62)
    out["vs_r61_patch"] = v = against_r61(full)
    report(out, GATE, "r62", " ".join(map(str, (
        "vs round 61's patch:", v["cells_compared"], "cells,", v["cells_differ"], "differ,",
        v["net_points"], "points", v["differ"][:10]))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
