"""The 0.5-point rule on every tuning cell, for several settings of the steered policy at once.

Rounds 20 and 21 measured each change per cell on all tuning sets with scratch scripts; this
is that script, kept. Each trace is generated (or read) once and replayed through LRU, FIFO
and the steered policy under every setting named on the command line; a setting is a name
and keyword arguments of :class:`SteeredWTinyLFUPolicy` (``default`` is the module's
defaults). Margins are steered minus the better of LRU and FIFO, in points, per cell; the
summary compares every setting with the first one.

Tuning data only: the variant sets passed with ``--sets`` (round 23: old, fresh, fresh2 ...
fresh10 at 30,000 events), the public and generated traces at full length (``public``), and
``cache_rule_seeds.py``'s families at seeds 1..N (``seeds``).

``--tally ATTR`` (round 71) records a counter of each setting's policy per cell (``ATTR_LABEL``),
e.g. ``period_bands``: the cells where GUARD_PERIOD's gate read a band.

``--check-lacked`` (round 67): no LRU/FIFO and no margins; every ``_lacked_by`` answer of the
policy in the tree (e.g. with ``results/cache_lacked_by_r67.patch`` applied) asserted to be round
66's queue scan's object, with per cell the calls and the keys that scan probed.

    .venv/bin/python bench/cache_rule_tuning.py --jobs 2 --suffix _r22 \\
        --setting default --setting 'nocharge:collapse=False'
    # -> bench/results/cache_rule_tuning[SUFFIX].json
"""

from __future__ import annotations

import argparse
import ast
import functools
import itertools
import json
import os
import sys
import time
from collections.abc import Hashable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cache_rule_heldout as heldout  # noqa: E402
import cache_rule_seeds as seeds  # noqa: E402
from environment import with_environment  # noqa: E402

import memory_node.core.cache as cache_module  # noqa: E402
from memory_node.core.cache.simulate import simulate  # noqa: E402
from memory_node.core.cache.steered import SteeredWTinyLFUPolicy  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
RULE = heldout.RULE
DEFAULT_SETS = ("old", "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6", "fresh7",
                "fresh8", "fresh9", "fresh10")


def parse_setting(text: str) -> tuple[str, dict[str, Any]]:
    """``name`` or ``name:key=value,key=value`` (values as Python literals)."""
    name, _, rest = text.partition(":")
    kwargs: dict[str, Any] = {}
    for part in filter(None, rest.split(",")):
        key, _, value = part.partition("=")
        kwargs[key.strip()] = ast.literal_eval(value.strip())
    return name, kwargs


def load_trace(task: tuple[str, str, int]) -> list[Hashable]:
    which, name, n = task
    if which == "public":
        from cache_hit_rate import GENERATORS, find_traces

        from memory_node.core.cache.traces import read_trace
        path = find_traces([name])[name]
        return list(GENERATORS[name]() if isinstance(path, str) else read_trace(path))
    if which.startswith("seeds:"):
        seed = int(which.split(":")[1])
        _fam, gen, args, _caps = next(f for f in seeds.FAMILIES if f[0] == name)
        return list(itertools.islice(gen(seed, *args), n))
    return heldout.VARIANT_SETS[which](n)[name]()


# Round 67 (--check-lacked): every ``_lacked_by`` answer checked against the scan of the queue
# it replaced, in each worker (set from main before the pool forks).
CHECK_LACKED: dict[str, int] = {}


def _scan_lacked(policy: SteeredWTinyLFUPolicy, expert: int, key: Hashable
                 ) -> tuple[Hashable | None, int]:
    """Round 66's ``_lacked_by`` (a walk of the stale keys, then the residents, for the first
    one the ghost lacks) and the keys it probed."""
    held = policy._experts[expert]
    probed = 0
    for k in itertools.chain(policy._stale, policy._residents):
        probed += 1
        if k not in held and k is not key:
            return k, probed
    return None, probed


def _checked_lacked_by(self: SteeredWTinyLFUPolicy, expert: int, key: Hashable
                       ) -> Hashable | None:
    got = _LACKED_BY(self, expert, key)
    want, probed = _scan_lacked(self, expert, key)
    assert got is want, (expert, key, got, want)
    CHECK_LACKED["calls"] = CHECK_LACKED.get("calls", 0) + 1
    CHECK_LACKED["probed"] = CHECK_LACKED.get("probed", 0) + probed
    CHECK_LACKED["probed_max"] = max(CHECK_LACKED.get("probed_max", 0), probed)
    lacks = getattr(self, "_lacks", None)  # round 67's patch (bench/results/
    if lacks is not None:                  # cache_lacked_by_r67.patch); absent on main
        CHECK_LACKED["lacked_max"] = max(CHECK_LACKED.get("lacked_max", 0), len(lacks[expert]))
    return got


_LACKED_BY = SteeredWTinyLFUPolicy._lacked_by


def _made(made: list[SteeredWTinyLFUPolicy], kwargs: dict[str, Any], *args: Any,
          **more: Any) -> SteeredWTinyLFUPolicy:
    """``--tally``: the steered policy of a setting, kept to read its counter after the run."""
    policy = SteeredWTinyLFUPolicy(*args, **{**kwargs, **more})
    made.append(policy)
    return policy


def run_one(task: tuple[str, str, int, tuple[int, ...],
                        tuple[tuple[str, dict[str, Any]], ...]]) -> list[dict[str, Any]]:
    which, name, n, capacities, settings = task
    trace = load_trace((which, name, n))
    rows = []
    check = os.environ.get("CACHE_CHECK_LACKED") == "1"
    tally = os.environ.get("CACHE_TALLY", "")
    if check:
        SteeredWTinyLFUPolicy._lacked_by = _checked_lacked_by  # type: ignore[method-assign]
    for c in capacities:
        row: dict[str, Any] = {"set": which, "trace": name, "C": c, "events": len(trace)}
        if check:
            CHECK_LACKED.clear()
        for p in () if check else ("lru", "fifo"):
            row[p] = simulate(trace, p, c).hits
        for label, kwargs in settings:
            made: list[SteeredWTinyLFUPolicy] = []
            cache_module._FACTORIES["wtinylfu"] = functools.partial(
                _made, made, kwargs) if tally else functools.partial(
                SteeredWTinyLFUPolicy, **kwargs)
            row[label] = simulate(trace, "wtinylfu", c).hits
            if tally:
                row[f"{tally}_{label}"] = getattr(made[-1], tally)
        if check:
            row["lacked_by"] = dict(CHECK_LACKED)
            rows.append(row)
            continue
        best = max(row["lru"], row["fifo"])
        for label, _ in settings:
            row[f"margin_{label}"] = round(100.0 * (row[label] - best) / len(trace), 3)
        rows.append(row)
    return rows


def tasks_for(sets: Sequence[str], n: int, n_seeds: int,
              settings: tuple[tuple[str, dict[str, Any]], ...]) -> list[tuple]:
    caps = heldout.CAPACITIES
    tasks: list[tuple] = []
    for which in sets:
        if which == "public":
            from cache_hit_rate import find_traces
            tasks += [("public", name, 0, caps, settings) for name in find_traces(None)]
        elif which == "seeds":
            tasks += [(f"seeds:{s}", fam, 30_000, fcaps, settings)
                      for fam, _g, _a, fcaps in seeds.FAMILIES for s in range(1, n_seeds + 1)]
        else:
            tasks += [(which, name, n, caps, settings)
                      for name in heldout.VARIANT_SETS[which](n)]
    return tasks


def summarize(cells: list[dict[str, Any]], labels: list[str]) -> dict[str, Any]:
    base = labels[0]
    out: dict[str, Any] = {}
    groups = sorted({c["set"].split(":")[0] for c in cells})
    for label in labels:
        per: dict[str, Any] = {}
        for g in [*groups, "all"]:
            cs = [c for c in cells if g == "all" or c["set"].split(":")[0] == g]
            m = [c[f"margin_{label}"] for c in cs]
            d = [c[f"margin_{label}"] - c[f"margin_{base}"] for c in cs]
            worst = min(cs, key=lambda c: c[f"margin_{label}"])
            per[g] = {
                "cells": len(cs), "below": sum(x < RULE for x in m),
                "neg_sum": round(sum(x for x in m if x < 0), 2),
                "change": round(sum(d), 2), "up": sum(x > 0.005 for x in d),
                "down": sum(x < -0.005 for x in d),
                "worst": [worst["set"], worst["trace"], worst["C"], worst[f"margin_{label}"]],
                "broken": [[c["set"], c["trace"], c["C"], c[f"margin_{label}"]]
                           for c in cs if c[f"margin_{label}"] < RULE]}
        out[label] = per
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sets", default=",".join((*DEFAULT_SETS, "public", "seeds")))
    ap.add_argument("--events", type=int, default=30_000)
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--suffix", default="")
    ap.add_argument("--traces", help="only these trace names (comma-separated)")
    ap.add_argument("--cells", help="only these cells: a JSON file of [set, trace, C] "
                    "(e.g. the cells whose first leader a change moves; every other cell "
                    "is the same under both settings)")
    ap.add_argument("--setting", action="append", default=[],
                    help="name[:key=value,...]; the first is the baseline (default: default)")
    ap.add_argument("--check-lacked", action="store_true",
                    help="round 67: no LRU/FIFO and no margins; each steered run asserts that "
                    "every _lacked_by answer is the old queue scan's, counting calls and the "
                    "keys the scan probed (per cell, 'lacked_by')")
    ap.add_argument("--tally", default="",
                    help="round 71: a counter attribute of the steered policy (e.g. "
                    "period_bands) recorded per cell and setting as ATTR_LABEL")
    args = ap.parse_args()
    if args.tally:
        os.environ["CACHE_TALLY"] = args.tally
    if args.check_lacked:
        os.environ["CACHE_CHECK_LACKED"] = "1"
    settings = tuple(parse_setting(s) for s in (args.setting or ["default"]))
    labels = [s[0] for s in settings]
    tasks = tasks_for(args.sets.split(","), args.events, args.seeds, settings)
    if args.traces:
        keep = set(args.traces.split(","))
        tasks = [t for t in tasks if t[1] in keep]
    if args.cells:
        wanted: dict[tuple[str, str], set[int]] = {}
        for which, name, c in json.loads(Path(args.cells).read_text()):
            wanted.setdefault((which, name), set()).add(int(c))
        tasks = [(t[0], t[1], t[2], tuple(c for c in t[3] if c in wanted[(t[0], t[1])]),
                  t[4]) for t in tasks if (t[0], t[1]) in wanted]
        tasks.sort(key=lambda t: -max(t[3]))  # the largest capacities first: the longest
    t0 = time.perf_counter()
    load = os.getloadavg()
    cells = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for i, rows in enumerate(pool.map(run_one, tasks), 1):
            cells += rows
            print(f"{i}/{len(tasks)} {rows[0]['set']} {rows[0]['trace']} "
                  f"{time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    if args.check_lacked:
        out_c = {"what": "round 67: every _lacked_by answer equal to the old queue scan's "
                 "(asserted); hits per setting; per cell the calls and keys the scan probed",
                 "settings": {k: v for k, v in settings}, "events": args.events,
                 "loadavg_before_after": [load, os.getloadavg()],
                 "seconds": round(time.perf_counter() - t0, 1), "cells": cells}
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / f"cache_rule_tuning{args.suffix}.json").write_text(
            json.dumps(with_environment(out_c), indent=0))
        calls = sum(c["lacked_by"].get("calls", 0) for c in cells)
        print(f"{len(cells)} cells, {calls} _lacked_by calls, all equal to the scan's")
        return 0
    summary = summarize(cells, labels)
    out = {"what": "per cell margins (points) of steered settings against max(LRU, FIFO)",
           "settings": {k: v for k, v in settings}, "events": args.events,
           "loadavg_before_after": [load, os.getloadavg()],
           "seconds": round(time.perf_counter() - t0, 1), "summary": summary, "cells": cells}
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"cache_rule_tuning{args.suffix}.json").write_text(
        json.dumps(with_environment(out), indent=0))
    for label in labels:
        for g, s in summary[label].items():
            print(f"{label:>12} {g:>8} cells {s['cells']:4d} below {s['below']:2d} "
                  f"neg {s['neg_sum']:8.2f} change {s['change']:+7.2f} "
                  f"({s['up']} up / {s['down']} down) worst {s['worst']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
