"""Round 65: main's tuning cells below the 0.5-point rule over the 55 tuning sets, classed.

Main (3e81fe0d) still has round 62's cache code (``git diff a2b91dc0 3e81fe0d --
memory_node/core/cache`` is empty), so the 54 sets round 64 classed (``results/cache_classes_r64
.json``) keep their rows; fresh52 (tuning from this round) is added from the lead's held-out run
on the final policy (``cache_rule_heldout_fresh52_r64_base.json``), each cell below the rule
replayed through the default policy (margin asserted equal) and classed with round 63's
``classify``, as round 64 added fresh51.

    MEMORY_NODE_SHARED_DATA=/work/shared/data PYTHONHASHSEED=0 PYTHONPATH=. \\
        .venv/bin/python bench/cache_classes_r65.py    # -> results/cache_classes_r65.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cache_classes_r58 import RULE  # noqa: E402
from cache_classes_r63 import classify  # noqa: E402
from environment import with_environment  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"


def fresh52_cells() -> list[dict[str, Any]]:
    h = json.loads((RESULTS / "cache_rule_heldout_fresh52_r64_base.json").read_text())
    return [{"set": "fresh52", "trace": t["trace"], "C": r["capacity"], "margin_main": r["margin"],
             "events": 30_000} for t in h["traces"] if t["events"] == 30_000 for r in t["rows"]]


def main() -> int:
    r64 = json.loads((RESULTS / "cache_classes_r64.json").read_text())
    rows: list[dict[str, Any]] = list(r64["cells"])
    new = sorted((c for c in fresh52_cells() if c["margin_main"] < RULE),
                 key=lambda c: c["margin_main"])
    for c in new:
        r = classify(c)
        assert abs(r["margin_replayed"] - r["margin_main"]) < 0.002, r
        rows.append(r)
        print(r["set"], r["trace"], r["C"], r["margin_main"], r["class"], r["parts"],
              r["lost_by_kind_reuse"], r["window_max"], flush=True)
    rows.sort(key=lambda r: r["margin_main"])
    counts: dict[str, int] = {}
    points: dict[str, float] = {}
    for r in rows:
        counts[r["class"]] = counts.get(r["class"], 0) + 1
        points[r["class"]] = round(points.get(r["class"], 0.0) + r["margin_main"] - RULE, 3)
    refused = {"<C": 0, "C-4C": 0, ">=4C": 0}
    lost = victim = held = 0
    for r in rows:
        lost += r["lost_hits"]
        for k, v in r["lost_by_kind_reuse"].items():
            kind, _, b = k.partition("/")
            if kind == "refused":
                refused["<C" if b in ("<C/4", "C/4-C/2", "C/2-C") else
                        "C-4C" if b in ("C-2C", "2C-4C") else ">=4C"] += v
            elif kind == "victim":
                victim += v
            elif kind == "held":
                held += v
    out = {"cells": rows, "below": len(rows),
           "cells_scored": r64["cells_scored"] + len(fresh52_cells()),
           "cells_by_class": counts, "points_past_rule_by_class": points,
           "lost_hits": lost, "refused_by_reuse": refused, "victim": victim, "held": held,
           "sets": "54 from round 64's classes (main's cache code unchanged) + fresh52 "
                   "(r64_base held-out run)"}
    print(out["below"], counts, points, lost, refused, victim, held)
    (RESULTS / "cache_classes_r65.json").write_text(json.dumps(with_environment(out), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
