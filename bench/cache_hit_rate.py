"""Hit rate of the short-term memory's replacement policies on public cache traces.

Runs every policy of ``memory_node.core.cache`` plus Belady's optimum (with bypass) and, side by
side in the same run, the PyPI caches ``theine`` (W-TinyLFU, Rust core) and ``cachetools``
(LRUCache, LFUCache), at capacities 5..1000 on every trace in ``../shared/data/cache_traces``
and on the seeded recency-dominated traces of ``memory_node.core.cache.synthetic`` (``syn_*``).
Writes ``bench/results/cache_hit_rate.{json,md,png}``.

The rule checked for every (trace, capacity): ``wtinylfu`` (the steered policy) is at most
0.5 points below the better of LRU and FIFO. TUNING_TRACES are the traces the steering
constants were chosen on; every other trace is held out (reported, never tuned on).

    .venv/bin/python bench/cache_hit_rate.py [--traces loop,corda_vaultservice]
        [--capacities 25,250] [--policies wtinylfu,lru,theine] [--jobs 2] [--out-dir DIR]
        [--ref main]

The data directory is ``<repo>/../shared/data`` unless MEMORY_NODE_SHARED_DATA says otherwise.
Hit rate = hits / queries, one query per trace event (``if not get(k): put(k)``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from environment import environment

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from memory_node.core.cache import POLICY_NAMES  # noqa: E402
from memory_node.core.cache.simulate import simulate  # noqa: E402
from memory_node.core.cache.synthetic import GENERATORS  # noqa: E402
from memory_node.core.cache.traces import read_trace, trace_name  # noqa: E402

sys.path.insert(0, str(REPO / "bench"))
from cache_rule_heldout import use_steered_at  # noqa: E402

CAPACITIES = (5, 10, 25, 50, 100, 250, 500, 1000)
TUNING_TRACES = ("corda_vaultservice", "sprite", "multi2", "syn_rooms", "syn_stack60",
                 "syn_sessions")
RULE_POINTS = 0.5
PEERS = ("theine", "cachetools_lru", "cachetools_lfu")
OURS = (*POLICY_NAMES, "optimum")
ALL = (*OURS, *PEERS)
TRACE_ORDER = ("gli", "cpp", "ps", "multi1", "multi2", "sprite", "2_pools", "loop", "web07",
               "corda_vaultservice", *GENERATORS)


def data_dir() -> Path:
    env = os.environ.get("MEMORY_NODE_SHARED_DATA")
    return Path(env) if env else REPO.parent / "shared" / "data"


def find_traces(names: list[str] | None) -> dict[str, Path | str]:
    d = data_dir() / "cache_traces"
    if not d.is_dir():
        sys.exit(f"{d} absent: the cache traces live in ../shared/data (see its README); "
                 "set MEMORY_NODE_SHARED_DATA to point elsewhere")
    found: dict[str, Path | str] = {trace_name(p): p for p in sorted(d.iterdir())
                                    if ".trace" in p.name}
    found.update({n: n for n in GENERATORS})  # generated in the worker, by name
    if names:
        missing = [n for n in names if n not in found]
        if missing:
            sys.exit(f"no such trace(s) {missing} in {d}; have {sorted(found)}")
        found = {n: found[n] for n in names}
    order = {n: i for i, n in enumerate(TRACE_ORDER)}
    return dict(sorted(found.items(), key=lambda kv: (order.get(kv[0], 99), kv[0])))


def peer_hits(trace: list[int], policy: str, capacity: int) -> int:
    """Hits of a PyPI cache on the same read-through loop as ours."""
    hits = 0
    if policy == "theine":
        from theine import Cache

        cache = Cache(capacity)
        get, put = cache.get, cache.set
        for k in trace:
            if get(k)[1]:
                hits += 1
            else:
                put(k, True)
        cache.close()
        return hits
    import cachetools

    c = (cachetools.LRUCache if policy == "cachetools_lru" else cachetools.LFUCache)(capacity)
    cget = c.get
    for k in trace:
        if cget(k) is None:
            c[k] = True
        else:
            hits += 1
    return hits


_TRACE_CACHE: dict[str, list[int]] = {}


def run_one(task: tuple[str, str, str, int]) -> dict[str, Any]:
    name, path, policy, capacity = task
    trace = _TRACE_CACHE.get(path)
    if trace is None:
        _TRACE_CACHE.clear()  # one trace per worker at a time keeps memory flat
        trace = _TRACE_CACHE[path] = (GENERATORS[path]() if path in GENERATORS
                                      else read_trace(path))
    t0 = time.perf_counter()
    row: dict[str, Any] = {"trace": name, "policy": policy, "capacity": capacity,
                           "events": len(trace)}
    if policy in PEERS:
        hits = peer_hits(trace, policy, capacity)
        row.update(hits=hits, queries=len(trace), hit_rate=hits / len(trace))
    else:
        row.update(simulate(trace, policy, capacity).as_dict())
    row["seconds"] = round(time.perf_counter() - t0, 3)
    return row


def summarize(rows: list[dict[str, Any]], traces: list[str], capacities: list[int],
              policies: list[str]) -> dict[str, Any]:
    hr = {(r["trace"], r["policy"], r["capacity"]): r["hit_rate"] for r in rows}
    mean = {p: {c: statistics.fmean(hr[(t, p, c)] for t in traces) for c in capacities}
            for p in policies}
    checks: list[dict[str, Any]] = []

    def check(what: str, value: float, bound: float) -> None:
        checks.append({"target": what, "value": round(value, 5), "bound": round(bound, 5),
                       "met": value >= bound - 1e-12})

    if "wtinylfu" in policies and "lru" in policies and "fifo" in policies:
        for t in traces:
            for c in capacities:
                best = max(hr[(t, "lru", c)], hr[(t, "fifo", c)])
                check(f"{t} C={c}: wtinylfu >= max(lru, fifo) - {RULE_POINTS} pt",
                      hr[(t, "wtinylfu", c)], best - RULE_POINTS / 100)
    if "wtinylfu" in policies:
        for c in capacities:
            for peer in ("theine", "lru"):
                if peer in policies:
                    check(f"mean hit rate C={c}: wtinylfu >= {peer}", mean["wtinylfu"][c],
                          mean[peer][c])
        if "optimum" in policies:
            for c in capacities:
                if c >= 250 and "loop" in traces:
                    check(f"loop C={c}: wtinylfu >= 0.9 optimum", hr[("loop", "wtinylfu", c)],
                          0.9 * hr[("loop", "optimum", c)])
        if "lru" in policies:
            for c in capacities:
                if c >= 250 and "corda_vaultservice" in traces:
                    t = "corda_vaultservice"
                    check(f"corda C={c}: wtinylfu >= 0.9 lru", hr[(t, "wtinylfu", c)],
                          0.9 * hr[(t, "lru", c)])
        if "optimum" in policies:
            for t in traces:
                for c in capacities:
                    for p in policies:
                        if p in OURS and hr[(t, p, c)] > hr[(t, "optimum", c)] + 1e-12:
                            check(f"{t} C={c}: {p} <= optimum", -hr[(t, p, c)],
                                  -hr[(t, "optimum", c)])
    share = {}
    if "optimum" in policies:
        for p in policies:
            share[p] = {str(c): statistics.fmean(
                hr[(t, p, c)] / hr[(t, "optimum", c)] for t in traces
                if hr[(t, "optimum", c)] > 0) for c in capacities}
    margin = {}
    if all(p in policies for p in ("wtinylfu", "lru", "fifo")):
        margin = {t: {str(c): hr[(t, "wtinylfu", c)] - max(hr[(t, "lru", c)],
                                                            hr[(t, "fifo", c)])
                      for c in capacities} for t in traces}
    return {"mean_hit_rate": {p: {str(c): v for c, v in m.items()} for p, m in mean.items()},
            "optimum_share": share, "margin_over_best_recency": margin,
            "tuning_traces": [t for t in traces if t in TUNING_TRACES],
            "heldout_traces": [t for t in traces if t not in TUNING_TRACES],
            "checks": checks}


def write_markdown(path: Path, rows: list[dict[str, Any]], summary: dict[str, Any],
                   traces: list[str], capacities: list[int], policies: list[str]) -> None:
    hr = {(r["trace"], r["policy"], r["capacity"]): r["hit_rate"] for r in rows}
    lines = ["# Cache hit rate (%), one query per trace event", ""]
    head = "| trace | C | " + " | ".join(policies) + " |"
    lines += [head, "|" + "---|" * (len(policies) + 2)]
    for t in traces:
        for c in capacities:
            vals = [hr[(t, p, c)] for p in policies if p != "optimum"]
            best = max(vals) if vals else None
            cells = []
            for p in policies:
                v = 100 * hr[(t, p, c)]
                bold = p != "optimum" and hr[(t, p, c)] == best
                cells.append(f"**{v:.1f}**" if bold else f"{v:.1f}")
            lines.append(f"| {t} | {c} | " + " | ".join(cells) + " |")
    lines += ["", "## Mean over traces (%)", "",
              "| C | " + " | ".join(policies) + " |", "|" + "---|" * (len(policies) + 1)]
    for c in capacities:
        cells = [f"{100 * summary['mean_hit_rate'][p][str(c)]:.2f}" for p in policies]
        lines.append(f"| {c} | " + " | ".join(cells) + " |")
    if summary.get("optimum_share"):
        lines += ["", "## Share of the optimum (mean over traces of hit rate / optimum's)", "",
                  "| C | " + " | ".join(policies) + " |", "|" + "---|" * (len(policies) + 1)]
        for c in capacities:
            cells = [f"{summary['optimum_share'][p][str(c)]:.3f}" for p in policies]
            lines.append(f"| {c} | " + " | ".join(cells) + " |")
    if summary.get("margin_over_best_recency"):
        lines += ["", "## wtinylfu minus max(lru, fifo), points (tuning traces marked *)", "",
                  "| trace | " + " | ".join(str(c) for c in capacities) + " |",
                  "|" + "---|" * (len(capacities) + 1)]
        for t, row in summary["margin_over_best_recency"].items():
            mark = "*" if t in summary["tuning_traces"] else ""
            cells = [f"{100 * row[str(c)]:+.2f}" for c in capacities]
            lines.append(f"| {t}{mark} | " + " | ".join(cells) + " |")
    lines += ["", "## Targets", "", "| target | value | bound | met |", "|---|---|---|---|"]
    for ch in summary["checks"]:
        lines.append(f"| {ch['target']} | {abs(ch['value']) * 100:.2f} | "
                     f"{abs(ch['bound']) * 100:.2f} | {'yes' if ch['met'] else '**no**'} |")
    path.write_text("\n".join(lines) + "\n")


def write_plot(path: Path, rows: list[dict[str, Any]], traces: list[str],
               capacities: list[int], policies: list[str]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    hr = {(r["trace"], r["policy"], r["capacity"]): r["hit_rate"] for r in rows}
    ncols = min(5, len(traces))  # 15 traces: 3 rows
    nrows = (len(traces) + ncols - 1) // ncols
    fig, axes = plt.subplots(nrows, ncols, figsize=(3.6 * ncols, 3.0 * nrows), squeeze=False)
    styles = {
        "optimum": dict(color="black", linestyle="--", linewidth=2.0),
        "wtinylfu": dict(color="tab:red", linewidth=2.2, marker="o", markersize=3),
        "wtinylfu_plain": dict(color="salmon", linewidth=1.0, linestyle="--"),
        "fifo": dict(color="tab:gray", linewidth=1.0, marker="."),
        # identical to fifo in a read-through loop (put never repeats a resident key)
        "fifo_merge": dict(color="silver", linewidth=1.0, linestyle=":"),
        "lru": dict(color="tab:blue", linewidth=1.0, marker="."),
        "lfu": dict(color="tab:green", linewidth=1.0, marker="."),
        "theine": dict(color="tab:purple", linewidth=1.4, marker="s", markersize=3),
        "cachetools_lru": dict(color="tab:cyan", linewidth=1.0, linestyle="-."),
        "cachetools_lfu": dict(color="tab:olive", linewidth=1.0, linestyle="-."),
    }
    for ax, t in zip(axes.flat, traces, strict=False):
        for p in policies:
            ys = [100 * hr[(t, p, c)] for c in capacities]
            ax.plot(capacities, ys, label=p, **styles.get(p, dict(linewidth=1.0, marker=".")))
        ax.set_xscale("log")
        ax.set_title(t, fontsize=9)
        ax.set_xlabel("capacity (entries)", fontsize=8)
        ax.set_ylabel("hit rate %", fontsize=8)
        ax.tick_params(labelsize=7)
        ax.grid(alpha=0.3)
    for ax in list(axes.flat)[len(traces):]:
        ax.axis("off")
    handles, labels = axes.flat[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=len(policies), fontsize=8)
    fig.suptitle("Hit rate vs capacity (optimum = Belady MIN with bypass, the ceiling)")
    fig.tight_layout(rect=(0, 0.05, 1, 0.96))
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--traces", help="comma-separated trace names (default: all)")
    ap.add_argument("--capacities", default=",".join(map(str, CAPACITIES)))
    ap.add_argument("--policies", default=",".join(ALL))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--out-dir", type=Path, default=REPO / "bench" / "results")
    ap.add_argument("--ref", help="run the steered policy (wtinylfu) as steered.py was at "
                                  "this git revision (a before/after pair in the same hour)")
    args = ap.parse_args()
    capacities = [int(x) for x in args.capacities.split(",")]
    if min(capacities) < 1:
        ap.error("capacities must be >= 1")
    policies = [p for p in args.policies.split(",") if p]
    bad = [p for p in policies if p not in ALL]
    if bad:
        ap.error(f"unknown policies {bad}; choose from {ALL}")
    traces = find_traces(args.traces.split(",") if args.traces else None)

    # Largest jobs first so the pool does not finish on one straggler.
    tasks = [(n, str(p), pol, c) for n, p in traces.items() for c in capacities for pol in policies]
    sizes = {n: p.stat().st_size if isinstance(p, Path) else 1_000_000
             for n, p in traces.items()}
    tasks.sort(key=lambda t: (-sizes[t[0]], t[0]))
    t0 = time.perf_counter()
    with ProcessPoolExecutor(max_workers=max(1, args.jobs),
                             initializer=use_steered_at if args.ref else None,
                             initargs=(args.ref,) if args.ref else ()) as pool:
        rows = list(pool.map(run_one, tasks, chunksize=1))
    wall = time.perf_counter() - t0
    names = list(traces)
    order = {n: i for i, n in enumerate(names)}
    rows.sort(key=lambda r: (order[r["trace"]], r["capacity"], policies.index(r["policy"])))
    summary = summarize(rows, names, capacities, policies)

    args.out_dir.mkdir(parents=True, exist_ok=True)
    from importlib.metadata import version

    import cachetools
    import theine  # noqa: F401  (only for the version string)

    result = {
        "benchmark": "cache_hit_rate",
        "python": platform.python_version(), "environment": environment(),
        "machine": platform.machine(),
        "versions": {"theine": version("theine"), "theine_core": version("theine_core"),
                     "cachetools": cachetools.__version__},
        "traces": names,
        "capacities": capacities,
        "policies": policies,
        "wall_seconds": round(wall, 1),
        "steered_at_ref": args.ref,
        "summary": summary,
        "rows": rows,
    }
    (args.out_dir / "cache_hit_rate.json").write_text(json.dumps(result, indent=1) + "\n")
    write_markdown(args.out_dir / "cache_hit_rate.md", rows, summary, names, capacities,
                   policies)
    write_plot(args.out_dir / "cache_hit_rate.png", rows, names, capacities, policies)
    for ch in summary["checks"]:
        if ch["met"] and "max(lru, fifo)" in ch["target"]:
            continue  # one line per trace x capacity: print the misses only
        print(f"{'ok  ' if ch['met'] else 'MISS'} {ch['target']}: "
              f"{abs(ch['value']) * 100:.2f} vs {abs(ch['bound']) * 100:.2f}")
    print(f"wrote {args.out_dir}/cache_hit_rate.{{json,md,png}} in {wall:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
