"""Round 65: the share's regret bound reopened on evidence of a phase change (HEDGE_SHARE_REOPEN,
a CUSUM on the takes the shut bound refuses, played in shadow) against main's bound (never
reopened: ``hedge_share_reopen=0``), on main's 22 tuning cells below the 0.5-point rule
(``results/cache_classes_r65.json``) and on the cells round 64's clock-driven reopening broke or
moved (seeds:10 zigzag_l300_s20_h40 C=100, fresh46 sewer_c2_r12 C=25): margin, the share's
takes, takes the bound refused, regrets, gains, the shadow's regrets and gains while the bound
is shut and its CUSUM's highest value, and how often (and at which lookup) the detector
reopened the bound.

    MEMORY_NODE_SHARED_DATA=/work/shared/data PYTHONHASHSEED=0 PYTHONPATH=. \\
        .venv/bin/python bench/cache_share_r65_trace.py   # -> results/cache_share_r65_trace.json
"""

from __future__ import annotations

import json
import sys
from collections.abc import Hashable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cache_rule_tuning as crt  # noqa: E402
from environment import with_environment  # noqa: E402

from memory_node.core.cache.simulate import simulate  # noqa: E402
from memory_node.core.cache.steered import SteeredWTinyLFUPolicy  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
EXTRA = (("seeds:10", "zigzag_l300_s20_h40", 100), ("fresh46", "sewer_c2_r12", 25))


class Traced(SteeredWTinyLFUPolicy):
    """Records whether each take of the share passed its regret bound, and each reopening."""

    __slots__ = ("log", "reopened", "at", "shadow")
    log: list[bool]
    reopened: list[int]
    at: int
    shadow: list[float]  # shadow regrets, shadow gains, the CUSUM's highest

    def _share_take(self, r: int, key: Hashable, acc: float) -> Hashable | None:
        v = super()._share_take(r, key, acc)
        self.log.append(v is not None)
        return v

    def _shadow_look(self, key: Hashable, hit: bool) -> None:
        b, g = self._shadow_regret, self._shadow_gain
        super()._shadow_look(key, hit)
        self.shadow[0] += self._shadow_regret > b
        if not self._share_shut:
            self.shadow[1] += 1
            self.reopened.append(self.at)
            return
        self.shadow[1] += self._shadow_gain > g
        self.shadow[2] = max(self.shadow[2], self._share_cusum)


def run(trace: list[Hashable], cap: int, reopen: float) -> dict[str, Any]:
    p = Traced(cap, hedge_share_reopen=reopen)
    p.log, p.reopened, p.shadow = [], [], [0.0, 0.0, 0.0]
    hits = 0
    regrets = gains = 0
    for i, k in enumerate(trace):
        p.at = i
        b0, g0 = p._share_regret, p._share_gain
        if p.get(k):
            hits += 1
        else:
            p.put(k)
        regrets += p._share_regret > b0
        gains += p._share_gain > g0
    return {"hits": hits, "takes": sum(p.log), "refused_by_bound": len(p.log) - sum(p.log),
            "regrets": regrets, "gains": gains, "shadow_regrets": int(p.shadow[0]),
            "shadow_gains": int(p.shadow[1]), "cusum_max": round(p.shadow[2], 3),
            "reopened": len(p.reopened),
            "reopened_at": p.reopened[:12]}


def main() -> int:
    classes = json.loads((RESULTS / "cache_classes_r65.json").read_text())
    cells = [(c["set"], c["trace"], c["C"], c["class"]) for c in classes["cells"]]
    cells += [(*e, "round 64's reopening") for e in EXTRA]
    rows = []
    for which, name, cap, cls in cells:
        trace = crt.load_trace((which, name, 30_000))
        best = max(simulate(trace, "lru", cap).hits, simulate(trace, "fifo", cap).hits)
        row: dict[str, Any] = {"set": which, "trace": name, "C": cap, "class": cls}
        for label, reopen in (("main", 0.0), ("reopen", None)):
            r = run(trace, cap, SteeredWTinyLFUPolicy.__init__.__kwdefaults__[
                "hedge_share_reopen"] if reopen is None else reopen)
            r["margin"] = round(100 * (r["hits"] - best) / len(trace), 3)
            row[label] = r
        rows.append(row)
        print(json.dumps(row), flush=True)
    out = {"cells": rows, "changed": sum(r["main"]["hits"] != r["reopen"]["hits"] for r in rows),
           "net_points": round(sum(r["reopen"]["margin"] - r["main"]["margin"] for r in rows), 3)}
    print(out["changed"], out["net_points"])
    (RESULTS / "cache_share_r65_trace.json").write_text(json.dumps(with_environment(out), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
