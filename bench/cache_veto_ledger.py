"""Round 28's prototype for class A mid-stream: W-TinyLFU's admission duel steered by a learned
ledger of what each class of victim's vetoes cost and saved. Not in the policy (measured on a
few cells only, bench/README_cache.md, round 28); kept so the figures can be reproduced.

Class A (README, round 26): a frequency earned in a finished phase vetoes the next working
set's keys at W-TinyLFU's admission (fresh8's LSM after a compaction renames its blocks,
fresh10's multigrid moving to another grid level, fresh11's audio loops). Round 27's
idle-time predictor (each key's own mean reuse interval) was fooled by bursty keys. This one
learns from outcomes, as sampling dead-block prediction does (Khan, Tian and Jimenez, MICRO
2010: a predictor trained on which blocks were re-referenced, indexed by a signature; here
there are no PCs, so the signature is the victim's frequency bucket, 0-15):

* a candidate refused by a victim of bucket b that is looked up again while still in a ghost
  of ``ghost`` x C refused keys is a miss that bucket's vetoes caused: ledger[b] += 1;
* a victim reused after it vetoed, or a victim evicted on the prediction that comes back
  while in a ghost of as many keys, is a hit that bucket's vetoes saved: ledger[b] -= 1;
* a victim whose bucket's ledger exceeds ``threshold`` loses the duel (the candidate enters).

The ledger counts hits and misses one for one, so it measures the net effect of vetoing for
each bucket on this stream; counters saturate at +-``bound``. Every key is sampled (the
prototype measures whether the signal separates the cells; a hardware-style sample of a few
sets is the cheap form if it does).

    .venv/bin/python bench/cache_veto_ledger.py [--ghost 4] [--threshold 16] [--bound 32] \\
        fresh8:lsm_k20000_a0.99_w0.2_m500:1000 fresh14:chess_b12_d6:1000 ...
"""

from __future__ import annotations

import argparse
import sys
from collections import OrderedDict
from collections.abc import Hashable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cache_rule_tuning import load_trace  # noqa: E402

from memory_node.core.cache.policies import FIFOPolicy, LRUPolicy  # noqa: E402
from memory_node.core.cache.simulate import read_through_hits as replay  # noqa: E402
from memory_node.core.cache.steered import SteeredWTinyLFUPolicy  # noqa: E402
from memory_node.core.cache.wtinylfu import ADMIT_HASHDOS_THRESHOLD, WTinyLFUPolicy  # noqa: E402


class VetoLedgerWTinyLFU(WTinyLFUPolicy):
    """W-TinyLFU whose admission duel consults the per-bucket veto ledger (module docstring)."""

    def __init__(self, capacity: int, on_evict: Any = None, seed: int = 0, *, ghost: int = 4,
                 threshold: int = 16, bound: int = 32) -> None:
        super().__init__(capacity, on_evict, seed)
        self.ledger = [0] * 16
        self._vetoed: dict[Hashable, int] = {}  # resident victim -> bucket of its last veto
        self._refused: OrderedDict[Hashable, int] = OrderedDict()
        self._dead: OrderedDict[Hashable, int] = OrderedDict()
        self._ghost_size = ghost * capacity
        self._threshold = threshold
        self._bound = bound

    def get(self, key: Hashable) -> bool:
        hit = super().get(key)
        led, bound = self.ledger, self._bound
        if hit:
            b = self._vetoed.pop(key, None)
            if b is not None and led[b] > -bound:
                led[b] -= 1
            return True
        b = self._refused.pop(key, None)
        if b is not None and led[b] < bound:
            led[b] += 1
        b = self._dead.pop(key, None)
        if b is not None and led[b] > -bound:
            led[b] -= 1
        return False

    def remove(self, key: Hashable) -> bool:
        self._vetoed.pop(key, None)
        return super().remove(key)

    def _evict(self) -> None:
        win, prob, where = self._window, self._probation, self._where
        while len(win) > self._max_window:
            cand, cs = win.popitem(last=False)
            prob[cand] = cs
            where[cand] = prob
            if len(where) <= self.capacity:
                continue
            victim = next(iter(prob))
            cf, vf = self._frequency(cs), self._frequency(prob[victim])
            if cf > vf:
                admit = True
            elif cf >= ADMIT_HASHDOS_THRESHOLD:
                admit = self._rng.getrandbits(7) == 0
            else:
                admit = False
            if not admit and victim is not cand:
                b = min(vf, 15)
                if self.ledger[b] > self._threshold:
                    admit = True
                    self._remember(self._dead, victim, b)
                else:
                    self._vetoed[victim] = b
                    self._remember(self._refused, cand, b)
            loser = victim if admit else cand
            del prob[loser]
            del where[loser]
            if loser is victim:
                self._vetoed.pop(victim, None)
            if self._on_evict is not None:
                self._on_evict(loser)

    def _remember(self, ghost: OrderedDict[Hashable, int], key: Hashable, b: int) -> None:
        ghost[key] = b
        if len(ghost) > self._ghost_size:
            ghost.popitem(last=False)


class SteeredVetoLedger(SteeredWTinyLFUPolicy):
    """The steered policy with the ledger's W-TinyLFU as its frequency expert."""

    def __init__(self, capacity: int, **ledger: int) -> None:
        super().__init__(capacity)
        self._experts = (VetoLedgerWTinyLFU(capacity, self._expert_evicted(0), **ledger),
                         self._experts[1], self._experts[2])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cells", nargs="+", help="set:trace:C (tuning sets, public, seeds:N)")
    ap.add_argument("--events", type=int, default=30_000)
    ap.add_argument("--ghost", type=int, default=4)
    ap.add_argument("--threshold", type=int, default=16)
    ap.add_argument("--bound", type=int, default=32)
    a = ap.parse_args()
    opts = {"ghost": a.ghost, "threshold": a.threshold, "bound": a.bound}
    for cell in a.cells:
        which, name, c = cell.rsplit(":", 2)
        cap = int(c)
        trace = load_trace((which, name, 0 if which == "public" else a.events))
        n = len(trace)
        best = max(replay(LRUPolicy(cap), trace), replay(FIFOPolicy(cap), trace))

        def pts(h: int, best: int = best, n: int = n) -> str:
            return f"{100.0 * (h - best) / n:+.2f}"

        print(f"{which} {name} C={cap}: steered {pts(replay(SteeredWTinyLFUPolicy(cap), trace))}"
              f" -> {pts(replay(SteeredVetoLedger(cap, **opts), trace))}; W-TinyLFU alone "
              f"{pts(replay(WTinyLFUPolicy(cap), trace))} -> "
              f"{pts(replay(VetoLedgerWTinyLFU(cap, **opts), trace))}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
