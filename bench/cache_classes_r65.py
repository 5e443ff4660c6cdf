"""Round 65: main's tuning cells below the 0.5-point rule over the 55 tuning sets, classed.

Main (3e81fe0d) still has round 62's cache code (``git diff a2b91dc0 3e81fe0d --
memory_node/core/cache`` is empty), so the 54 sets round 64 classed (``results/cache_classes_r64
.json``) keep their rows; fresh52 (tuning from this round) is added from the lead's held-out run
on the final policy (``cache_rule_heldout_fresh52_r64_base.json``), each cell below the rule
replayed through the default policy (margin asserted equal) and classed with round 63's
``classify``, by round 64's ``extend_classes``, as round 64 added fresh51.

    MEMORY_NODE_SHARED_DATA=/work/shared/data PYTHONHASHSEED=0 PYTHONPATH=. \\
        .venv/bin/python bench/cache_classes_r65.py    # -> results/cache_classes_r65.json
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cache_classes_r64 import extend_classes  # noqa: E402


def main() -> int:
    return extend_classes("cache_classes_r64", "fresh52", "fresh52_r64_base", "cache_classes_r65",
                          "54 from round 64's classes (main's cache code unchanged) + fresh52 "
                          "(r64_base held-out run)")


if __name__ == "__main__":
    sys.exit(main())
