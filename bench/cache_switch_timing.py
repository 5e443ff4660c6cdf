"""How early the steered policy must act on one cell: a switch or a hedge forced at lookup T.

Round 43 (issue 11). A cell breaks the 0.5-point rule when the residents follow W-TinyLFU
into a loss its hits show only later (the tail sampler's spans come back once, ~2,000
lookups after W-TinyLFU refused them). A mechanism driven by the ghosts' hits can act no
earlier than the hits show a recency ghost ahead; this script measures both ends. For each T
in ``--at`` it replays the cell with

* ``switch``: the residents switched to ``--to`` at lookup T (the election goes on after it,
  so it may switch back),
* ``hedge``: from lookup T on, every eviction while the residents follow W-TinyLFU takes the
  oldest (stale first) resident ``--to``'s ghost lacks: round 35's hedge with its gates
  removed (``_lacked_by``, the same victim choice),

and reports the margin against the better of LRU and FIFO. Alongside, per ``--step``
lookups, the accesses on which W-TinyLFU's ghost and ``--to``'s disagree (hits only one of
them had; the steered policy's own counts) with the sign test's z, as COLLAPSE_Z and
CLIMB_RIVAL read them. The latest T that keeps the cell above the rule, against the first
block where ``--to`` stands out, says whether a hit-driven mechanism can reach the cell.
Tuning data only: a cell of a set in ``cache_rule_heldout.VARIANT_SETS`` (never a
report-only set).

    .venv/bin/python bench/cache_switch_timing.py --set fresh30 \\
        --trace tailsampler_s300_w600 --capacity 1000 [--to ref|lru|fifo] \\
        --at 2500,3000,3500,4000,4500 [--step 250] [--until 6000] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cache_rule_heldout as heldout  # noqa: E402
from environment import with_environment  # noqa: E402

from memory_node.core.cache.policies import FIFOPolicy, LRUPolicy  # noqa: E402
from memory_node.core.cache.simulate import read_through_hits  # noqa: E402
from memory_node.core.cache.steered import EXPERTS, SteeredWTinyLFUPolicy  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
MODES = ("switch", "hedge")


class _Forced(SteeredWTinyLFUPolicy):
    """The steered policy with one act forced from lookup ``at`` on (a subclass: the policy
    has __slots__, so the forcing state lives on the class, set per replay)."""

    mode = "switch"
    at = 0
    to = 2
    lookups = 0

    def get(self, key: Hashable) -> bool:
        cls = type(self)
        cls.lookups += 1
        if cls.mode == "switch" and cls.lookups == cls.at and self._leader != cls.to:
            self._switch(cls.to)
        return super().get(key)

    def _hedge_victim(self, key: Hashable) -> Hashable | None:
        cls = type(self)
        if cls.mode == "hedge" and cls.lookups >= cls.at:
            return self._lacked_by(cls.to, key)
        return super()._hedge_victim(key)


def forced_hits(trace: Sequence[Hashable], capacity: int, to: int, at: int, mode: str) -> int:
    """The residents' hits (read-through) with ``mode`` forced toward expert ``to`` from
    lookup ``at`` (1-based; beyond the trace: the steered policy unchanged)."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}")
    _Forced.mode, _Forced.at, _Forced.to, _Forced.lookups = mode, at, to, 0
    return read_through_hits(_Forced(capacity), trace)


def evidence(trace: Sequence[Hashable], capacity: int, to: int, step: int,
             until: int) -> list[dict[str, Any]]:
    """Per ``step`` lookups up to ``until``: the ghosts' hits (W-TinyLFU's, ``to``'s), the
    hits only one of the two had, and the sign test's z (``to`` ahead if positive)."""
    p = SteeredWTinyLFUPolicy(capacity)
    prev = (0, 0, 0, 0)
    prev_g = [0, 0, 0]
    rows: list[dict[str, Any]] = []
    for i, k in enumerate(trace[:until], 1):
        if not p.get(k):
            p.put(k)
        if i % step == 0:
            now = p._recency_hits()  # LRU-only, W-only (vs LRU), FIFO-only, W-only (vs FIFO)
            d = [a - b for a, b in zip(now, prev, strict=True)]
            only_to, only_w = (d[0], d[1]) if to == 1 else (d[2], d[3])
            g = [p._cum[j] + p._epoch_hits[j] for j in range(3)]
            n = only_to + only_w
            rows.append({"lookups": i, "wtinylfu": g[0] - prev_g[0],
                         EXPERTS[to]: g[to] - prev_g[to],
                         f"{EXPERTS[to]}_only": only_to, "wtinylfu_only": only_w,
                         "z": round((only_to - only_w) / math.sqrt(n), 2) if n else 0.0,
                         "leader": p.leader})
            prev, prev_g = now, g
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", required=True, choices=sorted(heldout.VARIANT_SETS))
    ap.add_argument("--trace", required=True)
    ap.add_argument("--capacity", type=int, required=True)
    ap.add_argument("--events", type=int, default=30_000)
    ap.add_argument("--to", choices=("ref", "lru", "fifo"), default="ref",
                    help="the recency expert to force toward (ref: the better over the trace)")
    ap.add_argument("--at", required=True, help="lookups (comma-separated)")
    ap.add_argument("--step", type=int, default=250)
    ap.add_argument("--until", type=int, default=0, help="evidence up to here (0: all)")
    ap.add_argument("--out", help="write the JSON here (default: print only)")
    a = ap.parse_args()
    trace = list(heldout.VARIANT_SETS[a.set](a.events)[a.trace]())
    lru = read_through_hits(LRUPolicy(a.capacity), trace)
    fifo = read_through_hits(FIFOPolicy(a.capacity), trace)
    ref = max(lru, fifo)
    if a.to == "ref":
        a.to = "lru" if lru >= fifo else "fifo"
    to = EXPERTS.index(a.to)
    base = forced_hits(trace, a.capacity, to, len(trace) + 1, "switch")

    def margin(h: int) -> float:
        return round(100.0 * (h - ref) / len(trace), 3)

    print(f"{a.set} {a.trace} C={a.capacity} events={len(trace)} to={a.to}: "
          f"steered margin {margin(base):+.3f}")
    forced = []
    for at in (int(x) for x in a.at.split(",")):
        row: dict[str, Any] = {"at": at}
        for mode in MODES:
            row[mode] = margin(forced_hits(trace, a.capacity, to, at, mode))
        forced.append(row)
        print(f"  forced at {at:6d}: switch {row['switch']:+.3f}  hedge {row['hedge']:+.3f}")
    rows = evidence(trace, a.capacity, to, a.step, a.until or len(trace))
    for r in rows:
        print(f"  {r['lookups']:6d} wtinylfu {r['wtinylfu']:5d} {a.to} {r[a.to]:5d}  "
              f"{a.to}-only {r[f'{a.to}_only']:4d} wtinylfu-only {r['wtinylfu_only']:4d} "
              f"z {r['z']:+6.2f}  leader {r['leader']}")
    if a.out:
        out = {"what": "margins (points) with a switch or a hedge forced at lookup T, and the "
                       "ghosts' disagreements per block", "set": a.set, "trace": a.trace,
               "capacity": a.capacity, "events": len(trace), "to": a.to,
               "steered_margin": margin(base), "forced": forced, "evidence": rows}
        Path(a.out).write_text(json.dumps(with_environment(out), indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
