"""Round 64: HEDGE_SHARE_FORGET (the share's regret bound over a sliding window of the scores'
horizon) against main's policy (a2b91dc0: round 62's cache code) on the 54 tuning sets, scored by
the keep rule stated in bench/README_cache.md before the grid ran (round 59's clauses,
``grid_summary``).

Reads ``results/cache_rule_tuning_r64_forget_full_<set>.json`` (setting ``forget``). ``main``:
round 62's grid column ``share`` (52 sets) and fresh50's and fresh51's merged-code held-out runs
(``cache_rule_heldout_fresh50_r62_final.json``, ``cache_rule_heldout_fresh51_r63_final.json``);
LRU and FIFO asserted equal cell for cell. theine: round 63's loader plus fresh51's held-out run.
Writes ``results/cache_share_r64_summary.json``.

    cd bench && PYTHONPATH=.. ../.venv/bin/python cache_share_r64_analyse.py
"""

from __future__ import annotations

import sys

import cache_share_r62_analyse as r62
import cache_share_r63_analyse as r63
from cache_share_common import report, summarise

TUNING64 = (*r62.TUNING62, "fresh50", "fresh51")
GATE = "forget"
HELDOUT = {**r63.HELDOUT, "fresh51": "fresh51_r63_final"}  # set -> its merged-code held-out run


def main() -> int:
    out = summarise(r63.load("r64_forget", HELDOUT), r63.load_theine(HELDOUT), GATE, TUNING64)
    report(out, GATE, "r64")
    return 0


if __name__ == "__main__":
    sys.exit(main())
