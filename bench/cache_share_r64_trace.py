"""Round 64: the share's takes, regrets and gains on three cells, main's bound against the
forgetting one (HEDGE_SHARE_FORGET). Needs ``results/cache_share_forget_r64.patch`` applied
(a copy of the tree): ``hedge_share_forget``.

    MEMORY_NODE_SHARED_DATA=/work/shared/data PYTHONHASHSEED=0 PYTHONPATH=. \\
        .venv/bin/python bench/cache_share_r64_trace.py  # -> results/cache_r64_forget_trace.txt
"""

from __future__ import annotations

import sys
from collections.abc import Hashable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cache_rule_tuning as crt  # noqa: E402

from memory_node.core.cache.simulate import simulate  # noqa: E402
from memory_node.core.cache.steered import SteeredWTinyLFUPolicy  # noqa: E402

CELLS = (("seeds:10", "zigzag_l300_s20_h40", 100), ("fresh44", "cruise_p600_v5000", 1000),
         ("fresh46", "sewer_c2_r12", 25))


class Traced(SteeredWTinyLFUPolicy):
    """Records whether each take of the share passed its regret bound."""

    __slots__ = ("log",)
    log: list[bool]

    def _share_take(self, r: int, key: Hashable, acc: float) -> Hashable | None:
        v = super()._share_take(r, key, acc)
        self.log.append(v is not None)
        return v


def main() -> int:
    for which, name, cap in CELLS:
        trace = crt.load_trace((which, name, 30_000))
        best = max(simulate(trace, "lru", cap).hits, simulate(trace, "fifo", cap).hits)
        for forget in (False, True):
            p = Traced(cap, hedge_share_forget=forget)  # type: ignore[call-arg]
            p.log = []
            hits = 0
            regrets: list[int] = []
            gains: list[int] = []
            for i, k in enumerate(trace):
                b0, g0 = p._share_regret, p._share_gain
                if p.get(k):
                    hits += 1
                else:
                    p.put(k)
                if p._share_regret > b0:
                    regrets.append(i)
                if p._share_gain > g0:
                    gains.append(i)
            print(name, cap, "forget" if forget else "main",
                  round(100 * (hits - best) / len(trace), 3), "takes", sum(p.log),
                  "refused by bound", len(p.log) - sum(p.log), "regrets", len(regrets),
                  "gains", len(gains), "first regret", regrets[:1], "last", regrets[-1:])
    return 0


if __name__ == "__main__":
    sys.exit(main())
