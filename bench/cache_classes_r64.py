"""Round 64: main's tuning cells below the 0.5-point rule over the 54 tuning sets, classed.

Main (a2b91dc0) has round 62's cache code (round 63's two candidates are patches), so the 53
sets round 63 classed (``results/cache_classes_r63.json``) keep their rows; fresh51 (tuning from
this round) is added from its merged-code held-out run (``cache_rule_heldout_fresh51_r63_final
.json``), each cell below the rule replayed through the default policy (margin asserted equal)
and classed with round 63's ``classify`` (round 58's parts; lost hits by how W-TinyLFU's ghost
lost the key and by reuse distance), plus the W-TinyLFU expert's window at the end.

    MEMORY_NODE_SHARED_DATA=/work/shared/data PYTHONHASHSEED=0 PYTHONPATH=. \\
        .venv/bin/python bench/cache_classes_r64.py    # -> results/cache_classes_r64.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cache_classes_r58 import RULE  # noqa: E402
from cache_classes_r63 import classed  # noqa: E402
from cache_share_common import heldout_cells  # noqa: E402
from environment import with_environment  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"


def extend_classes(previous: str, which: str, heldout: str, out_name: str, sets: str) -> int:
    """``results/<previous>.json``'s classed cells with set ``which``'s cells below the rule
    (from held-out run ``heldout``) classed and added, summed by class, lost hits by kind and
    reuse, written to ``results/<out_name>.json`` (a later round adding its newest tuning set
    calls this with its own names)."""
    prev = json.loads((RESULTS / f"{previous}.json").read_text())
    rows: list[dict[str, Any]] = list(prev["cells"])
    cells = heldout_cells(which, heldout)
    new = sorted((c for c in cells if c["margin_main"] < RULE), key=lambda c: c["margin_main"])
    rows += classed(new, "lost_by_kind_reuse", "window_max")
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
           "cells_scored": prev["cells_scored"] + len(cells),
           "cells_by_class": counts, "points_past_rule_by_class": points,
           "lost_hits": lost, "refused_by_reuse": refused, "victim": victim, "held": held,
           "sets": sets}
    print(out["below"], counts, points, lost, refused, victim, held)
    (RESULTS / f"{out_name}.json").write_text(json.dumps(with_environment(out), indent=1))
    return 0


def main() -> int:
    return extend_classes("cache_classes_r63", "fresh51", "fresh51_r63_final", "cache_classes_r64",
                          "53 from round 63's classes (main's cache code unchanged) + fresh51 "
                          "(r63_final held-out run)")


if __name__ == "__main__":
    sys.exit(main())
