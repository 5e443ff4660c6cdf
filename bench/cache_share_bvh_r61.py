"""Round 61: fresh13 bvh_l10_t2_r4 at C=1000 (tuning), hit for hit: round 56's gate (TIE_SILENT
"dead") against "off", with and without round 60's HEDGE_SHARE; the switches (access index,
expert) and the share's own evictions (when, whether the key came back) of each run.

    PYTHONPATH=$PWD .venv/bin/python bench/cache_share_bvh_r61.py
    # -> results/cache_share_bvh_r61.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))
sys.path.insert(0, str(REPO / "test"))

from bench_scripts import load_bench  # noqa: E402
from environment import with_environment  # noqa: E402

from memory_node.core.cache.steered import SteeredWTinyLFUPolicy  # noqa: E402

NAMES = ("wtinylfu", "lru", "fifo")


def run(trace: list[int], capacity: int, **kw: Any) -> dict[str, Any]:
    shared: list[list[Any]] = []

    class Traced(SteeredWTinyLFUPolicy):
        __slots__ = ()

        def _share_take(self, r: int, key: Any, acc: float) -> Any:
            v = super()._share_take(r, key, acc)
            if v is not None:
                shared.append([self._looked + self._seen, v])
            return v

    p = Traced(capacity, **kw)
    switches: list[list[Any]] = []
    leader = p._leader
    hits = 0
    hit_at: list[int] = []
    for i, k in enumerate(trace):
        if p.get(k):
            hits += 1
            hit_at.append(i)
        else:
            p.put(k)
        if p._leader != leader:
            leader = p._leader
            switches.append([i, NAMES[leader]])
    back = 0
    for at, key in shared:
        back += key in trace[at:at + 4 * capacity]
    return {"kwargs": {k: str(v) for k, v in kw.items()}, "hits": hits, "switches": switches,
            "share_evictions": len(shared), "share_victims_back_within_4C": back,
            "first_share_evictions": shared[:10], "_hit_at": hit_at}


def main() -> int:
    heldout = load_bench("cache_rule_heldout", "cache_rule_heldout_under_test", register=True)
    trace = list(heldout.VARIANT_SETS["fresh13"](30_000)["bvh_l10_t2_r4"]())
    runs = {}
    for name, kw in (("main_off", {"tie_silent": "off", "hedge_share": "off"}),
                     ("main_dead", {"tie_silent": "dead", "hedge_share": "off"}),
                     ("share_off", {"tie_silent": "off"}),
                     ("share_dead", {"tie_silent": "dead"})):
        runs[name] = run(trace, 1000, **kw)
        print(name, runs[name]["hits"], runs[name]["switches"][:12], runs[name]["share_evictions"])
    # Where the two share runs part (the first access one hits and the other misses), and the
    # hits by 1,000-access block of each against the other.
    a, b = set(runs["share_dead"]["_hit_at"]), set(runs["share_off"]["_hit_at"])
    first = min(a ^ b) if a ^ b else None
    blocks = [sum(1 for i in a if j <= i < j + 1000) - sum(1 for i in b if j <= i < j + 1000)
              for j in range(0, len(trace), 1000)]
    for r in runs.values():
        del r["_hit_at"]
    out = {"trace": "fresh13 bvh_l10_t2_r4", "capacity": 1000, "runs": runs,
           "share_dead_vs_off_first_parting": first,
           "share_dead_minus_off_hits_per_1000": blocks}
    print(json.dumps({"first": first, "blocks": blocks}))
    (REPO / "bench" / "results" / "cache_share_bvh_r61.json").write_text(
        json.dumps(with_environment(out), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
