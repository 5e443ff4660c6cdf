"""Round 65: main's tuning cells below the 0.5-point rule over the 55 tuning sets, classed.

Main (3e81fe0d) still has round 62's cache code (``git diff a2b91dc0 3e81fe0d --
memory_node/core/cache`` is empty), so the 54 sets round 64 classed (``results/cache_classes_r64
.json``) keep their rows; fresh52 (tuning from this round) is added from the lead's held-out run
on the final policy (``cache_rule_heldout_fresh52_r64_base.json``), each cell below the rule
replayed through the default policy (margin asserted equal) and classed with round 63's
``classify``, by round 64's ``extend_classes``, as round 64 added fresh51.

Round 67 adds flags: ``--previous``, one ``--add SET:HELDOUT`` per newer tuning set (applied in
order, each one's output the next one's previous) and ``--out`` (main's cache code is still
3e81fe0d's at f8d8a395, so fresh53's and fresh54's base runs are main's figures):

    MEMORY_NODE_SHARED_DATA=/work/shared/data PYTHONHASHSEED=0 PYTHONPATH=. \\
        .venv/bin/python bench/cache_classes_r65.py    # -> results/cache_classes_r65.json
    ... bench/cache_classes_r65.py --previous cache_classes_r65 --add fresh53:fresh53_r65_base \\
        --add fresh54:fresh54_r66_base --out cache_classes_r67   # -> results/cache_classes_r67.json
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cache_classes_r64 import extend_classes  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--previous", default="cache_classes_r64")
    ap.add_argument("--add", action="append", default=None, metavar="SET:HELDOUT")
    ap.add_argument("--out", default="cache_classes_r65")
    args = ap.parse_args(argv)
    adds = args.add or ["fresh52:fresh52_r64_base"]
    previous = args.previous
    for i, spec in enumerate(adds):
        which, _, heldout = spec.partition(":")
        out = args.out if i == len(adds) - 1 else f"{args.out}_upto_{which}"
        rc = extend_classes(previous, which, heldout, out,
                            f"{previous}'s sets (main's cache code unchanged) + {which} "
                            f"({heldout} held-out run)")
        if rc:
            return rc
        previous = out
    return 0


if __name__ == "__main__":
    sys.exit(main())
