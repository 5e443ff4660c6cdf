"""Round 60: main's tuning cells below the 0.5-point rule over the 50 tuning sets, classed.

Main (e9f26084) has the same cache policy as round 59's (6d59c029): round 59 changed nothing in
``memory_node/core/cache``. Main's margins: round 58's grid column ``scan`` (48 sets), fresh46's
merged-code held-out run (``cache_rule_heldout_fresh46_r58_final.json``) and fresh47's held-out
run on round 59's final code (``cache_rule_heldout_fresh47_r59_base.json``, tuning from this round):
50 sets. Each cell below the rule is replayed through the default policy and classed as in
``cache_classes_r59.py``; the replayed margin is asserted equal to the stored one.

    MEMORY_NODE_SHARED_DATA=/work/shared/data PYTHONHASHSEED=0 PYTHONPATH=. \\
        .venv/bin/python bench/cache_classes_r60.py    # -> results/cache_classes_r60.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cache_classes_r58 import PARTS, RULE  # noqa: E402
from cache_classes_r59 import classify, main_cells, theine_of  # noqa: E402
from environment import with_environment  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"


def cells50() -> list[dict[str, Any]]:
    cells = main_cells()
    h = json.loads((RESULTS / "cache_rule_heldout_fresh47_r59_base.json").read_text())
    for t in h["traces"]:
        if t["events"] != 30_000:
            continue
        for r in t["rows"]:
            cells.append({"set": "fresh47", "trace": t["trace"], "C": r["capacity"],
                          "margin_main": r["margin"], "events": 30_000,
                          "rates": {k: r[k] for k in ("wtinylfu", "lru", "fifo", "theine")}})
    return cells


def main() -> int:
    cells = cells50()
    below = sorted((c for c in cells if c["margin_main"] < RULE), key=lambda c: c["margin_main"])
    try:
        from cache_tie_r58_analyse import load_theine
        theine = load_theine()
    except Exception:  # pragma: no cover
        theine = {}
    rows = []
    for c in below:
        r = classify(c)
        assert abs(r["margin_replayed"] - r["margin_main"]) < 0.002, r
        r["theine"] = theine.get((c["set"], c["trace"], c["C"]), theine_of(c))
        rows.append(r)
        print(r["set"], r["trace"], r["C"], r["margin_main"], r["class"], r["parts"],
              r["switch_log"][:6], flush=True)
    totals = {k: sum(r["parts"][k] for r in rows) for k in PARTS}
    counts = {k: sum(r["class"] == k for r in rows) for k in ("first_w", "exit", "reentry",
                                                               "recency_move")}
    out = {"cells": rows, "below": len(rows), "cells_scored": len(cells), "hits_by_part": totals,
           "cells_by_class": counts,
           "sets": "48 from round 58's grid (column scan = main) + fresh46 (r58_final) + fresh47 "
                   "(r59_base held-out)"}
    print(len(cells), totals, counts)
    (RESULTS / "cache_classes_r60.json").write_text(json.dumps(with_environment(out), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
