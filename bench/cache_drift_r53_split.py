"""Round 53 (cache53): round 52's firing cells split in two halves before any per-cell result
is read, so the drift hold's at-once threshold is chosen on half A and scored on half B.

The firing cells are the 771 cells round 52 ran under its hold (``cache_rule_tuning_r52_
persist_s.json``: every cell where today's drift exit fires in the 22 instrumented sets, and
every cell round 51's exit moved in the others). Only their (set, trace, C) keys are read
here. The unit of the split is the (set, trace) pair, so a trace's capacities never sit on
both sides (they share the trace's regime changes, and one side would predict the other).
The pairs are sorted and shuffled with ``random.Random(SEED)``; the first half of the
shuffled pairs is A. Writes ``cache_drift_r53_split.json`` and the two ``--cells`` lists.

    .venv/bin/python bench/cache_drift_r53_split.py [outdir for the --cells lists]
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from environment import with_environment

RES = Path(__file__).resolve().parent / "results"
SEED = 53


def split() -> dict[str, list[list]]:
    """The cells of half A and half B, as ``[set, trace, C]`` lists."""
    cells = [(c["set"], c["trace"], c["C"]) for c in json.loads(
        (RES / "cache_rule_tuning_r52_persist_s.json").read_text())["cells"]]
    pairs = sorted({(s, t) for s, t, _ in cells})
    random.Random(SEED).shuffle(pairs)
    a = set(pairs[: len(pairs) // 2])
    return {"A": sorted([list(c) for c in cells if c[:2] in a]),
            "B": sorted([list(c) for c in cells if c[:2] not in a])}


def main(outdir: str = "") -> None:
    halves = split()
    out = {"what": "round 53: the firing cells of round 52 split by a seeded shuffle of "
                   f"(set, trace) pairs, random.Random({SEED}); A chooses, B scores",
           "seed": SEED, **{k: v for k, v in halves.items()}}
    (RES / "cache_drift_r53_split.json").write_text(json.dumps(with_environment(out), indent=0))
    for k, v in halves.items():
        print(k, len(v), "cells", len({tuple(c[:2]) for c in v}), "pairs",
              len({c[0] for c in v}), "sets")
        if outdir:
            Path(outdir, f"cells_{k}.json").write_text(json.dumps(v))


if __name__ == "__main__":
    main(*sys.argv[1:])
