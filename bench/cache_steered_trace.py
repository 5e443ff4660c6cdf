"""Trace the steered policy through one tuning cell: where its hits go against each ghost's.

Rounds 20-24 each traced the cells that break the 0.5-point rule with a scratch script; this
is that script, kept. Per window of ``--step`` lookups it prints the residents' hits, LRU's
and FIFO's (standalone policies of the same capacity), the leader at the window's end,
switches in the window, and cumulative hits of the residents and of W-TinyLFU's ghost
against the better recency ghost (the rule's reference); with ``--switches`` also every
switch (lookup, from -> to, the scores with this epoch's hits, the long-window scores, and
whether the residents alternate). Tuning data only: a cell of a set in
``cache_rule_heldout.VARIANT_SETS`` (never a report-only set).

    .venv/bin/python bench/cache_steered_trace.py --set fresh11 \\
        --trace daw_t8_b400_l8-32 --capacity 500 [--events 30000] [--step 1000] \\
        [--switches] [--setting 'persist=False']
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Hashable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cache_rule_heldout as heldout  # noqa: E402
from cache_rule_tuning import parse_setting  # noqa: E402

from memory_node.core.cache.policies import FIFOPolicy, LRUPolicy  # noqa: E402
from memory_node.core.cache.steered import EXPERTS, SteeredWTinyLFUPolicy  # noqa: E402


class _Traced(SteeredWTinyLFUPolicy):
    """The steered policy, logging each switch (a subclass: the policy has __slots__)."""

    log: list[str] | None = None
    lookups = 0

    def _switch(self, index: int) -> None:
        if self.log is not None:
            hits = self._epoch_hits
            short = [round(s + h) for s, h in zip(self._scores, hits, strict=True)]
            long = [round(s) for s in self._lscores]
            self.log.append(
                f"  switch at {self.lookups}: {EXPERTS[self._leader]} -> {EXPERTS[index]}, "
                f"scores {short}, long {long}, alternating {self._alternating}, "
                f"stale {len(self._stale)}")
        super()._switch(index)


def trace_cell(trace: list[Hashable], capacity: int, step: int, kwargs: dict[str, Any],
               switches: bool) -> list[str]:
    """Replay ``trace`` (read-through) and return the report's lines."""
    p = _Traced(capacity, **kwargs)
    p.log = [] if switches else None
    lru, fifo = LRUPolicy(capacity), FIFOPolicy(capacity)
    win = [0, 0, 0]  # residents, LRU, FIFO in this window
    tot = [0, 0, 0]
    sw0 = 0
    lines = []
    for i, k in enumerate(trace, 1):
        p.lookups = i
        for j, pol in enumerate((p, lru, fifo)):
            if pol.get(k):
                win[j] += 1
            else:
                pol.put(k)
        if i % step == 0 or i == len(trace):
            ghosts = [p._cum[j] + p._epoch_hits[j] for j in range(3)]
            ref = max(ghosts[1], ghosts[2])
            lines += p.log or []
            if p.log:
                p.log.clear()
            lines.append(
                f"{i:7d} residents {win[0]:5d} lru {win[1]:5d} fifo {win[2]:5d}  "
                f"leader {p.leader:8s} switches {p.switches - sw0:2d}  "
                f"cum residents-ref {p._rhits - ref:+6d} wtinylfu-ref {ghosts[0] - ref:+6d}")
            tot = [a + b for a, b in zip(tot, win, strict=True)]
            win = [0, 0, 0]
            sw0 = p.switches
    margin = 100.0 * (tot[0] - max(tot[1], tot[2])) / len(trace)
    lines.append(f"residents {tot[0]}, LRU {tot[1]}, FIFO {tot[2]}: margin {margin:+.3f} "
                 f"points, {p.switches} switches")
    return lines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", required=True, choices=sorted(heldout.VARIANT_SETS))
    ap.add_argument("--trace", required=True)
    ap.add_argument("--capacity", type=int, required=True)
    ap.add_argument("--events", type=int, default=30_000)
    ap.add_argument("--step", type=int, default=1000)
    ap.add_argument("--switches", action="store_true")
    ap.add_argument("--setting", default="default",
                    help="keyword arguments of SteeredWTinyLFUPolicy, key=value,...")
    a = ap.parse_args()
    kwargs = {} if a.setting == "default" else parse_setting(f"x:{a.setting}")[1]
    trace = heldout.VARIANT_SETS[a.set](a.events)[a.trace]()
    print(f"{a.set} {a.trace} C={a.capacity} events={len(trace)} setting={kwargs}")
    print("\n".join(trace_cell(trace, a.capacity, a.step, kwargs, a.switches)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
