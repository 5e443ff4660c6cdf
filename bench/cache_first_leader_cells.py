"""The tuning cells whose first leader a first-leader test moves to LRU.

The idle test acts once, at the residents' first overflow, and only where round 14's reuse
count kept W-TinyLFU; before that moment the policy is the same with or without it, and
after it the steered policy is deterministic. So a cell whose first leader does not move is
hit for hit the same under both settings, and only the cells listed here need replaying
(``cache_rule_tuning.py --cells``). This replays each trace only up to the first overflow.
``--test idle`` is round 26's idle test (DEAD_IDLE); ``--test unreused`` round 79's
COLD_UNREUSED (no key reused before the fill; not kept, results/cache79_r79.patch); ``--test
deadshare`` round 81's DEAD_SHARE where round 26's test keeps W-TinyLFU (``--share``, ``--fill``,
``--floor``: the policy's dead_share, dead_share_fill and dead_share_floor; 0.07 with its
default gate unless given). With ``--counts PATH`` (round 84) each cell that reaches the
dead-share test (round 14's and round 26's tests keep W-TinyLFU at the first overflow) also
writes one JSON line of the fill's counts: the dead keys and the live keys reused twice or more
(round 26's idle test), the lookups before the fill, the fill point in C, round 14's counts
(``once``, ``twice``), and whether the test
as set moves it (``moved``; the listed cells are those with ``moved`` true).

    .venv/bin/python bench/cache_first_leader_cells.py --sets fresh13,public,seeds \\
        --out bench/results/cache_first_leader_cells_r26.json
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Hashable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cache_rule_tuning import DEFAULT_SETS, load_trace, tasks_for  # noqa: E402

from memory_node.core.cache.steered import SteeredWTinyLFUPolicy  # noqa: E402


def moved_by_idle_test(trace: Sequence[Hashable], capacity: int, test: str = "idle",
                       **share: float) -> bool:
    """True if, at the first overflow, round 14's rule keeps W-TinyLFU and ``test`` moves
    the residents to LRU (the policy's own tests, read just before the put): "idle" round
    26's idle test, "unreused" round 79's no-reuse test where the idle test keeps W-TinyLFU,
    "deadshare" round 81's dead-share test (``share``: its settings) where the idle test
    keeps W-TinyLFU."""
    # round 26's idle test alone unless a dead share is asked for (DEAD_SHARE is on since round 81)
    p = SteeredWTinyLFUPolicy(capacity, **{"dead_share": 0.0, **share})
    for k in trace:
        if p.get(k):
            continue
        reuses = p._reuses
        if reuses is None:
            return False
        if len(p) >= capacity:  # this put overflows: the first leader is chosen now
            if p._once >= p._cold_start * (p._twice + 1):
                return False
            if test == "unreused":
                return not p._frequency_over(reuses) and not p._once + p._twice
            if test == "deadshare":
                if not p._frequency_over(reuses):
                    return False
                p._dead_share = 0.0  # round 26's test alone
                return not p._frequency_over(reuses)
            return p._frequency_over(reuses)
        p.put(k)
    return False


def fill_counts(trace: Sequence[Hashable], capacity: int, **share: float) -> dict | None:
    """The fill's counts where round 14's and round 26's tests keep W-TinyLFU at the first
    overflow (None otherwise, or if the trace never fills): ``dead`` and ``live`` (the keys
    reused twice or more, by round 26's idle test), ``looked`` (the lookups before the fill),
    ``fill`` (looked / C), ``C``, round 14's ``once`` and ``twice``, and ``moved`` (the
    dead-share test as ``share`` sets it)."""
    p = SteeredWTinyLFUPolicy(capacity, **{"dead_share": 0.0, **share})
    for k in trace:
        if p.get(k):
            continue
        reuses = p._reuses
        if reuses is None:
            return None
        if len(p) >= capacity:
            if p._once >= p._cold_start * (p._twice + 1):
                return None
            moved = p._frequency_over(reuses)
            p._dead_share = 0.0
            if p._frequency_over(reuses):
                return None
            now = p._looked + p._seen
            dead, live = p._dead_and_live(reuses)
            return {"C": capacity, "dead": dead, "live": live, "looked": now,
                    "fill": round(now / capacity, 4), "once": p._once, "twice": p._twice,
                    "moved": moved}
        p.put(k)
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sets", default=",".join((*DEFAULT_SETS, "public", "seeds")))
    ap.add_argument("--events", type=int, default=30_000)
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--test", choices=("idle", "unreused", "deadshare"), default="idle")
    ap.add_argument("--share", type=float, default=0.07)
    ap.add_argument("--fill", type=float, help="dead_share_fill (the policy's default)")
    ap.add_argument("--floor", type=float, help="dead_share_floor (the policy's default)")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--counts", type=Path,
                    help="also write the fill's counts of each cell the dead-share test sees")
    a = ap.parse_args()
    share: dict[str, float] = {}
    if a.test == "deadshare":
        share["dead_share"] = a.share
        if a.fill is not None:
            share["dead_share_fill"] = a.fill
        if a.floor is not None:
            share["dead_share_floor"] = a.floor
    cells = []
    counts = a.counts.open("w") if a.counts else None
    for which, name, n, caps, _ in tasks_for(a.sets.split(","), a.events, a.seeds, ()):
        trace = load_trace((which, name, n))
        for c in caps:
            if counts is not None:
                got = fill_counts(trace, c, **share)
                if got is not None:
                    counts.write(json.dumps({"set": which, "trace": name, **got}) + "\n")
            if moved_by_idle_test(trace, c, a.test, **share):
                cells.append([which, name, c])
                print(which, name, c, flush=True)
    if counts is not None:
        counts.close()
    a.out.write_text(json.dumps(cells))
    print(f"{len(cells)} cells move", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
