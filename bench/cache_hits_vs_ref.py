"""Is the steered policy's default hit for hit the same as at another git revision?

A change meant to leave the default alone (removing an off option, a refactor) must not move
one hit. This replays every cell of the given tuning sets (read-through, as
``cache_rule_tuning.py``) with this worktree's ``SteeredWTinyLFUPolicy`` and with the one at
``--ref`` (``cache_steered_ab.policy_at``: its steered.py and wtinylfu.py), and lists every
cell whose hits differ. Tuning sets only (``cache_rule_tuning.tasks_for``).

    .venv/bin/python bench/cache_hits_vs_ref.py --ref main --sets fresh15,public,seeds \\
        [--events 30000] [--out bench/results/cache_hits_vs_ref_r28.json]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cache_rule_tuning import load_trace, tasks_for  # noqa: E402
from cache_steered_ab import policy_at  # noqa: E402
from environment import with_environment  # noqa: E402

from memory_node.core.cache.simulate import read_through_hits as replay  # noqa: E402
from memory_node.core.cache.steered import SteeredWTinyLFUPolicy  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ref", default="main")
    ap.add_argument("--sets", required=True)
    ap.add_argument("--events", type=int, default=30_000)
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--out")
    a = ap.parse_args()
    ref = policy_at(a.ref)
    cells: list[dict[str, Any]] = []
    for which, name, n, caps, _s in tasks_for(a.sets.split(","), a.events, a.seeds, ()):
        trace = load_trace((which, name, n))
        for c in caps:
            this, then = replay(SteeredWTinyLFUPolicy(c), trace), replay(ref(c), trace)
            cells.append({"set": which, "trace": name, "C": c, "events": len(trace),
                          "hits": this, "hits_ref": then})
            if this != then:
                print(f"DIFFERS {which} {name} C={c}: {then} -> {this}", flush=True)
    differ = [c for c in cells if c["hits"] != c["hits_ref"]]
    out = {"ref": a.ref, "sets": a.sets, "events": a.events, "cells": len(cells),
           "differ": len(differ), "rows": cells}
    print(json.dumps({k: out[k] for k in ("ref", "sets", "events", "cells", "differ")}))
    if a.out:
        Path(a.out).write_text(json.dumps(with_environment(out), indent=1))
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
