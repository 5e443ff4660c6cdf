"""Round 60: HEDGE_SHARE (a Thompson-sampling share of the evictions taken the better recency
ghost's way while following W-TinyLFU, bounded by its own regret) against main's policy
(e9f26084, whose cache code is 6d59c029's) on the 50 tuning sets, scored by the keep rule stated
in bench/README_cache.md before the grid ran: net points > 0, no cell newly below -0.5, round
51's, 55's and 58's fixes hold, no (set, C) W-TinyLFU-minus-theine mean below 0, every set ran.

Reads ``results/cache_rule_tuning_r60_share_full_<set>.json`` (setting ``share``). ``main``: round
58's grid column ``scan`` for 48 sets (LRU and FIFO asserted equal cell for cell), round 59's grid
column ``main`` for fresh46, and fresh47's held-out run on round 59's final code
(``cache_rule_heldout_fresh47_r59_base.json``). theine: round 59's loader plus fresh47's held-out
run. Writes ``results/cache_share_r60_summary.json``.

    cd bench && PYTHONPATH=.. ../.venv/bin/python cache_share_r60_analyse.py
"""

from __future__ import annotations

import sys

from cache_share_common import (
    RESULTS,
    Key,
    add_heldout_theine,
    attach_heldout,
    attach_stored,
    load_grid,
    report,
    summarise,
)
from cache_tie_r58_analyse import TUNING58
from cache_tie_r59_analyse import load_theine as load_theine59

TUNING60 = (*TUNING58, "fresh46", "fresh47")
GATE = "share"
HELDOUT_BASE = {"fresh47": "r59_base"}  # set -> the code its held-out run (main) ran on


def load_theine() -> dict[Key, float]:
    return add_heldout_theine(load_theine59(), "fresh47", "fresh47_r59_base")


def attach_main(which: str, cells: list[dict], full_set: bool = True) -> None:
    """Main's hits and margin on ``cells`` of set ``which`` (all of its cells if ``full_set``):
    round 58's grid column ``scan``, round 59's ``main`` for fresh46, else the set's held-out
    run on the code ``HELDOUT_BASE`` names."""
    old = RESULTS / f"cache_rule_tuning_r58_scan_full_{which}.json"
    if old.exists():
        attach_stored(which, cells, old, "scan", full_set)
    elif which == "fresh46":
        attach_stored(which, cells, RESULTS / f"cache_rule_tuning_r59_regret_full_{which}.json",
                      "main", full_set)
    else:
        attach_heldout(which, cells, f"{which}_{HELDOUT_BASE[which]}", full_set)


def load() -> dict[str, list[dict]]:
    return load_grid("r60_share", attach_main)


def main() -> int:
    out = summarise(load(), load_theine(), GATE, TUNING60)
    report(out, GATE, "r60")
    return 0


if __name__ == "__main__":
    sys.exit(main())
