"""Round 65: HEDGE_SHARE_REOPEN (the share's regret bound reopened by a CUSUM on the takes it
refuses, played in shadow) against main's policy (3e81fe0d: round 62's cache code) on the 55
tuning sets, scored by the keep rule stated in bench/README_cache.md before the grid ran (round
59's clauses, ``grid_summary``; round 64's ``compare`` for net points, fixed and new cells).

Reads ``results/cache_rule_tuning_r65_reopen_full_<set>.json`` (setting ``reopen``). ``main``:
round 62's grid column ``share`` (52 sets) and the merged-code held-out runs of fresh50, fresh51
and fresh52 (``cache_rule_heldout_fresh52_r64_base.json``: main's cache code); LRU and FIFO
asserted equal cell for cell. theine: round 64's loader plus fresh52's held-out run. Writes
``results/cache_share_r65_summary.json``.

    cd bench && PYTHONPATH=.. ../.venv/bin/python cache_share_r65_analyse.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import cache_share_r64_analyse as r64
from cache_r64_analyse import compare
from cache_tie_r59_analyse import grid_summary, print_summary
from environment import with_environment

RESULTS = Path(__file__).resolve().parent / "results"
TUNING65 = (*r64.TUNING64, "fresh52")
GATE = "reopen"
r64.HELDOUT["fresh52"] = "fresh52_r64_base"


def load() -> dict[str, list[dict]]:
    full: dict[str, list[dict]] = {}
    for path in sorted(RESULTS.glob("cache_rule_tuning_r65_reopen_full_*.json")):
        which = path.stem.split("_reopen_full_")[1]
        cells = json.loads(path.read_text())["cells"]
        r64.attach_main(which, cells)
        full[which] = cells
    return full


def main() -> int:
    full = load()
    theine = r64.load_theine()
    every = [c for cells in full.values() for c in cells]
    out: dict = {"sets_run": sorted(full), "sets_missing": [s for s in TUNING65 if s not in full],
                 "cells": len(every)}
    out[GATE] = grid_summary(every, full, theine, GATE, out["sets_missing"],
                             uncovered_fails=False)
    print_summary(out[GATE], GATE, counts=True)
    out["compare"] = compare([(c["set"], c["trace"], c["C"], c["margin_main"], c[f"margin_{GATE}"])
                              for c in every])
    print(json.dumps({k: v for k, v in out["compare"].items() if k != "largest_gains"}))
    print("missing:", out["sets_missing"])
    (RESULTS / "cache_share_r65_summary.json").write_text(json.dumps(with_environment(out),
                                                                      indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
