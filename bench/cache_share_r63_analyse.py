"""Round 63: HEDGE_SHARE "first" (the share from the scores' horizon until the first exit from
W-TinyLFU, the long window's bound after it) against main's policy (4bca171d: round 62's share
with its floor, "long") on the 53 tuning sets, scored by the keep rule stated in
bench/README_cache.md before the grid ran (round 59's clauses, ``grid_summary``).

Reads ``results/cache_rule_tuning_r63_first_full_<set>.json`` (setting ``rc``). ``main``: round
62's grid column ``share`` (``cache_rule_tuning_r62_floor_full_<set>.json``, 52 sets: main's policy
hit for hit) and fresh50's merged-code held-out run (``cache_rule_heldout_fresh50_r62_final.json``);
LRU and FIFO asserted equal cell for cell. theine: round 62's loader plus fresh50's held-out run.
Writes ``results/cache_share_r63_summary.json``.

    cd bench && PYTHONPATH=.. ../.venv/bin/python cache_share_r63_analyse.py
"""

from __future__ import annotations

import sys

import cache_share_r62_analyse as r62
from cache_share_common import (
    Key,
    add_heldout_theine,
    attach_r62_main,
    load_grid,
    report,
    summarise,
)

TUNING63 = (*r62.TUNING62, "fresh50")
GATE = "rc"
HELDOUT = {"fresh50": "fresh50_r62_final"}  # set -> its merged-code held-out run (main)


def load_theine(heldout: dict[str, str] = HELDOUT) -> dict[Key, float]:
    """Round 62's theine plus each ``heldout`` set's from its held-out run."""
    theine = r62.load_theine()
    for which, name in heldout.items():
        add_heldout_theine(theine, which, name)
    return theine


def load(tag: str = "r63_first", heldout: dict[str, str] = HELDOUT) -> dict[str, list[dict]]:
    """Grid ``tag``'s sets, main = round 62's cache code (``attach_r62_main``)."""
    return load_grid(tag, lambda which, cells: attach_r62_main(which, cells, heldout))


def main() -> int:
    out = summarise(load(), load_theine(), GATE, TUNING63)
    report(out, GATE, "r63")
    return 0


if __name__ == "__main__":
    sys.exit(main())
