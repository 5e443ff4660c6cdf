"""The 0.5-point rule on recency-dominated traces nobody tuned on.

`bench/cache_hit_rate.py` checks the short-term policy on 15 traces, 6 of which chose the
steering constants. Hidden traces will differ in length and in the knobs of the workload,
so this bench draws fresh variants of every generator in
`memory_node.core.cache.synthetic` (new seeds, parameters moved away from the ones in
`GENERATORS`, and shorter streams, where a late switch of the steered cache costs more per
access) and checks, at every capacity, steered W-TinyLFU minus the better of LRU and FIFO
(hit rate over the whole stream, as `cache_hit_rate.py` counts it, in points).

    .venv/bin/python bench/cache_rule_heldout.py [--jobs 1] [--lengths 30000,100000]
        [--variants old|fresh|fresh2] [--suffix _r14] [--ref main]
        # -> bench/results/cache_rule_heldout[_fresh|_fresh2][SUFFIX].{json,md}

The variants are a pure function of their index. ``old`` (seeds 1000+) was held out in
round 10 and has been tuning data since round 11 (it was run during those rounds);
``fresh`` (seeds 5000+, other knobs) was written before round 14 tuned anything and is
tuning data since round 14b; ``fresh2`` (seeds 9000+, knobs moved again, six rooms
variants) was written before round 14b tuned anything.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from memory_node.core.cache import synthetic  # noqa: E402
from memory_node.core.cache.simulate import simulate  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
CAPACITIES = (5, 10, 25, 50, 100, 250, 500, 1000)
POLICIES = ("wtinylfu", "lru", "fifo")
RULE = -0.5


def variants(n: int) -> dict[str, Callable[[], list[int]]]:
    """Workload variants: each generator's knobs moved both ways, fresh seeds."""
    out: dict[str, Callable[[], list[int]]] = {}
    for i, (conc, hot) in enumerate(((2, 10), (12, 60), (24, 30))):
        out[f"sessions_c{conc}_h{hot}"] = (
            lambda c=conc, h=hot, s=1000 + i: synthetic.sessions(n, seed=s, concurrent=c, hot=h))
    for i, (new, alpha) in enumerate(((0.10, 1.2), (0.40, 1.2), (0.25, 0.9), (0.25, 1.6))):
        out[f"proxy_new{new}_a{alpha}"] = (
            lambda ns=new, a=alpha, s=1010 + i: synthetic.proxy(n, seed=s, new_share=ns, alpha=a))
    for i, (rooms, per, dwell) in enumerate(((6, 20, 100), (30, 60, 1000), (12, 40, 50))):
        out[f"rooms_{rooms}x{per}_d{dwell}"] = (
            lambda r=rooms, p=per, d=dwell, s=1020 + i:
            synthetic.rooms(n, seed=s, n_rooms=r, per_room=p, dwell=d))
    for i, depth in enumerate((8, 30, 200, 1500)):
        out[f"stack{depth}"] = lambda d=depth, s=1030 + i: synthetic.stack(n, seed=s, depth=d)
    return out


def fresh_variants(n: int) -> dict[str, Callable[[], list[int]]]:
    """Round 14's held-out set: seeds 5000+, knobs moved to values neither GENERATORS nor
    `variants` use. Fixed before round 14's mechanism was tuned and run once, at the end."""
    out: dict[str, Callable[[], list[int]]] = {}
    for i, (conc, hot) in enumerate(((4, 20), (8, 100), (16, 45))):
        out[f"sessions_c{conc}_h{hot}"] = (
            lambda c=conc, h=hot, s=5000 + i: synthetic.sessions(n, seed=s, concurrent=c, hot=h))
    for i, (new, alpha) in enumerate(((0.05, 1.2), (0.30, 1.0), (0.20, 1.4), (0.50, 1.1))):
        out[f"proxy_new{new}_a{alpha}"] = (
            lambda ns=new, a=alpha, s=5010 + i: synthetic.proxy(n, seed=s, new_share=ns, alpha=a))
    for i, (rooms, per, dwell, move) in enumerate(
            ((8, 30, 200, 0.01), (20, 50, 600, 0.002), (16, 25, 30, 0.005))):
        out[f"rooms_{rooms}x{per}_d{dwell}_m{move}"] = (
            lambda r=rooms, p=per, d=dwell, m=move, s=5020 + i:
            synthetic.rooms(n, seed=s, n_rooms=r, per_room=p, dwell=d, move_p=m))
    for i, depth in enumerate((15, 100, 350, 800)):
        out[f"stack{depth}"] = lambda d=depth, s=5030 + i: synthetic.stack(n, seed=s, depth=d)
    return out


def fresh2_variants(n: int) -> dict[str, Callable[[], list[int]]]:
    """Round 14b's held-out set: seeds 9000+, knobs moved again (more robot-like rooms
    variants: other room counts, objects per room, dwell and move rates). Written before
    round 14b tuned anything; run once, at the end, for the branch and for main."""
    out: dict[str, Callable[[], list[int]]] = {}
    for i, (conc, hot) in enumerate(((3, 15), (10, 80), (20, 25))):
        out[f"sessions_c{conc}_h{hot}"] = (
            lambda c=conc, h=hot, s=9000 + i: synthetic.sessions(n, seed=s, concurrent=c, hot=h))
    for i, (new, alpha) in enumerate(((0.15, 1.3), (0.35, 1.05))):
        out[f"proxy_new{new}_a{alpha}"] = (
            lambda ns=new, a=alpha, s=9010 + i: synthetic.proxy(n, seed=s, new_share=ns, alpha=a))
    for i, (rooms, per, dwell, move) in enumerate(
            ((10, 35, 300, 0.003), (25, 40, 800, 0.001), (15, 60, 450, 0.004),
             (40, 20, 250, 0.002), (18, 45, 700, 0.0015), (5, 80, 150, 0.008))):
        out[f"rooms_{rooms}x{per}_d{dwell}_m{move}"] = (
            lambda r=rooms, p=per, d=dwell, m=move, s=9020 + i:
            synthetic.rooms(n, seed=s, n_rooms=r, per_room=p, dwell=d, move_p=m))
    for i, depth in enumerate((12, 45, 150, 500, 1200)):
        out[f"stack{depth}"] = lambda d=depth, s=9030 + i: synthetic.stack(n, seed=s, depth=d)
    return out


VARIANT_SETS = {"old": variants, "fresh": fresh_variants, "fresh2": fresh2_variants}


def run_one(task: tuple[str, str, int]) -> dict[str, Any]:
    which, name, n = task
    trace = VARIANT_SETS[which](n)[name]()
    rows = []
    for c in CAPACITIES:
        hits = {p: 100.0 * simulate(trace, p, c).hit_rate for p in POLICIES}
        best = max(hits["lru"], hits["fifo"])
        rows.append({"capacity": c, **hits, "margin": round(hits["wtinylfu"] - best, 3)})
    return {"trace": name, "events": len(trace), "distinct": len(set(trace)), "rows": rows}


def use_steered_at(ref: str) -> None:
    """Make "wtinylfu" the steered policy of git revision ``ref`` (a pool initializer: each
    worker loads it), for a before/after pair from the same bench and hour."""
    from cache_steered_ab import policy_at

    import memory_node.core.cache as cache_module

    cache_module._FACTORIES["wtinylfu"] = policy_at(ref)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--lengths", default="30000,100000",
                    help="stream lengths, comma-separated (each variant at each length)")
    ap.add_argument("--variants", choices=sorted(VARIANT_SETS), default="old",
                    help="old: round 10's 14 variants (tuning data since round 11); "
                         "fresh: round 14's held-out set (tuning data since round 14b); "
                         "fresh2: round 14b's held-out set")
    ap.add_argument("--suffix", default="", help="appended to the output files' stem")
    ap.add_argument("--ref", help="run steered.py as it was at this git revision instead")
    args = ap.parse_args()
    lengths = [int(x) for x in args.lengths.split(",")]
    chosen = VARIANT_SETS[args.variants]
    tasks = [(args.variants, name, n) for n in lengths for name in chosen(n)]
    t0 = time.perf_counter()
    load_before = os.getloadavg()
    with ProcessPoolExecutor(max_workers=args.jobs,
                             initializer=use_steered_at if args.ref else None,
                             initargs=(args.ref,) if args.ref else ()) as pool:
        results = list(pool.map(run_one, tasks))
    worst = min((r["rows"][i]["margin"], r["trace"], r["events"], r["rows"][i]["capacity"])
                for r in results for i in range(len(CAPACITIES)))
    broken = [(r["trace"], r["events"], row["capacity"], row["margin"])
              for r in results for row in r["rows"] if row["margin"] < RULE]
    out = {
        "machine": platform.machine(), "python": platform.python_version(),
        "loadavg_before_after": [load_before, os.getloadavg()],
        "seconds": round(time.perf_counter() - t0, 1),
        "variants": args.variants,
        "steered_at_ref": args.ref,
        "rule": f"steered W-TinyLFU - max(LRU, FIFO) >= {RULE} points",
        "worst": {"margin": worst[0], "trace": worst[1], "events": worst[2],
                  "capacity": worst[3]},
        "broken": broken, "traces": results,
    }
    RESULTS.mkdir(exist_ok=True)
    stem = ("cache_rule_heldout" + ("" if args.variants == "old" else f"_{args.variants}")
            + args.suffix)
    (RESULTS / f"{stem}.json").write_text(json.dumps(out, indent=1))
    lines = ["| trace | events | " + " | ".join(str(c) for c in CAPACITIES) + " |",
             "|---|---|" + "---|" * len(CAPACITIES)]
    for r in results:
        lines.append(f"| {r['trace']} | {r['events']} | "
                     + " | ".join(f"{row['margin']:+.2f}" for row in r["rows"]) + " |")
    (RESULTS / f"{stem}.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    print(f"worst {worst}; {len(broken)} cell(s) below {RULE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
