"""Round 54: the silent-tie gates' screen cells, chosen before any screen run.

Part A: round 53's screen (the 17 breaks, round 51's 3 fixes, round 38's losers and its watch
cells; results/cache_rule_tuning_r53_tie_screen.json), fresh40's dry cleaner at C=1000 and every
fresh40 cell round 53's ungated hedge lowered (results/cache_rule_tuning_r53_tie_fresh40.json).
Part B: 200 other tuning cells (every set up to fresh41, public, seeds 1..10; fresh42 is
report-only), drawn with random.Random(54) from the sorted grid.

    PYTHONPATH=.. ../.venv/bin/python cache_tie_r54_screen.py
    # -> results/cache_cells_r54_tie_{A,B}.json

The gates themselves are not in the policy (not kept): results/cache_tie_gates_r54.patch applies
to round 53's main (62f8083f) with ``git apply``; bench/README_cache.md, round 54, has the runs.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import cache_rule_heldout as heldout  # noqa: E402
import cache_rule_tuning as tuning  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
SETS = [s for s in heldout.VARIANT_SETS if s != "fresh42"] + ["public", "seeds"]
SEED = 54
SAMPLE = 200


def main() -> int:
    r53 = json.loads((RESULTS / "cache_rule_tuning_r53_tie_screen.json").read_text())["cells"]
    a = [(c["set"], c["trace"], c["C"]) for c in r53]
    f40 = json.loads((RESULTS / "cache_rule_tuning_r53_tie_fresh40.json").read_text())["cells"]
    a.append(("fresh40", "drycleaner_c20000_t4000", 1000))
    a += [(c["set"], c["trace"], c["C"]) for c in f40 if c["margin_tie"] < c["margin_main"] - 0.005]
    a = sorted(set(a))
    grid = sorted({(t[0], t[1], c) for t in tuning.tasks_for(SETS, 30_000, 10, ()) for c in t[3]})
    rest = [cell for cell in grid if cell not in set(a)]
    b = sorted(random.Random(SEED).sample(rest, SAMPLE))
    (RESULTS / "cache_cells_r54_tie_A.json").write_text(json.dumps(a, indent=0))
    (RESULTS / "cache_cells_r54_tie_B.json").write_text(json.dumps(b, indent=0))
    print(f"grid {len(grid)} cells; A {len(a)}; B {len(b)} of {len(rest)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
