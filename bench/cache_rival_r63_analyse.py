"""Round 63: the rival climb (RIVAL_CLIMB) against main's stored margins, on a screen or the grid.

Main's margins: round 62's grid column ``share`` (52 sets; main's policy, hit for hit) and fresh50's
merged-code held-out run (``cache_rule_heldout_fresh50_r62_final.json``; tuning from this round).
Reads ``results/cache_rule_tuning_r63_<suffix>*.json`` (column ``rc``) and prints / writes the keep
rule's grid clauses that need no theine run (net points, cells newly below, fixes, the old fixes).

    cd bench && PYTHONPATH=.. ../.venv/bin/python cache_rival_r63_analyse.py screen   # or full
    # write the screen cells first:  ... cache_rival_r63_analyse.py cells
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from cache_classes_r63 import main_cells
from environment import with_environment

RESULTS = Path(__file__).resolve().parent / "results"
RULE = -0.5
OLD_FIXES = [("fresh26", "octomap_r40_y32", 1000), ("fresh29", "ocsp_c500_i3", 1000),
             ("fresh22", "hpa_s32_u120", 500), ("fresh36", "cloakroom_v3_g150", 250)]


def main_margins() -> dict[tuple[str, str, int], float]:
    return {(c["set"], c["trace"], c["C"]): c["margin_main"] for c in main_cells()}


def write_cells() -> None:
    main = main_margins()
    below = [k for k, m in main.items() if m < RULE]
    near = [k for k, m in main.items() if RULE <= m < RULE + 0.25]
    rng = random.Random(63)
    rest = sorted(k for k in main if k not in set(below) | set(near))
    pick = rng.sample(rest, 60)
    keys = sorted(set(below) | set(near) | set(pick) | set(OLD_FIXES))
    cells = [list(k) for k in keys if k in main]
    (RESULTS / "cache_cells_r63_screen.json").write_text(json.dumps(cells))
    print(len(cells), "cells")


def score(kind: str, col: str = "rc") -> dict:
    main = main_margins()
    rows = []
    for path in sorted(RESULTS.glob(f"cache_rule_tuning_r63_{kind}*.json")):
        for c in json.loads(path.read_text())["cells"]:
            k = (c["set"], c["trace"], c["C"])
            if f"margin_{col}" not in c:
                continue
            rows.append((k, main[k], c[f"margin_{col}"]))
    d = [(k, b, a, round(a - b, 3)) for k, b, a in rows]
    new = [x for x in d if x[1] >= RULE > x[2]]
    fixed = [x for x in d if x[1] < RULE <= x[2]]
    neg = [x for x in d if x[1] >= 0 > x[2]]
    per_c: dict[int, float] = {}
    for k, _b, _a, ch in d:
        per_c[k[2]] = round(per_c.get(k[2], 0.0) + ch, 3)
    out = {"cells": len(d), "net_points": round(sum(x[3] for x in d), 3),
           "up": sum(x[3] > 0 for x in d), "down": sum(x[3] < 0 for x in d),
           "below_main": sum(x[1] < RULE for x in d), "below_cand": sum(x[2] < RULE for x in d),
           "new_below": new, "fixed": fixed, "nonneg_to_neg": len(neg), "per_capacity": per_c,
           "old_fixes": [x for x in d if x[0] in OLD_FIXES],
           "largest_losses": sorted(d, key=lambda x: x[3])[:10],
           "largest_gains": sorted(d, key=lambda x: -x[3])[:10],
           "below_cells": [x for x in d if x[1] < RULE]}
    return out


def main() -> int:
    what = sys.argv[1] if len(sys.argv) > 1 else "screen"
    if what == "cells":
        write_cells()
        return 0
    out = score(what)
    for k, v in out.items():
        print(k, v)
    (RESULTS / f"cache_rival_r63_{what}_summary.json").write_text(
        json.dumps(with_environment(out), indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
