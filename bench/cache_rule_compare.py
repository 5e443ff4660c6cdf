"""Compare a setting's per-cell margins with the baseline's, from result files already written.

A change to the steered policy is judged on every tuning cell (bench/README_cache.md):
cells below -0.5 before and after, the sum of negative margins, cells up and down, per set
and per capacity; and, where a set's held-out run recorded theine and the optimum
(Belady with bypass) for the same traces, the mean hit rate against theine and the
optimum share per capacity. The baseline's margins come from earlier runs of the same
deterministic code (later files override earlier ones cell by cell), so only the new
setting has to be run.

    .venv/bin/python bench/cache_rule_compare.py \\
        --base results/cache_rule_tuning_r25_lead_old.json ... \\
        --base results/cache_rule_tuning_r26_changed.json \\
        --base results/cache_rule_heldout_fresh14_r26.json \\
        --new results/cache_rule_tuning_r27_dv8.json --label dv8 \\
        --heldout fresh8=results/cache_rule_heldout_fresh8_r20.json ... [--out results/x.json]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from environment import with_environment

RULE = -0.5
Cell = tuple[str, str, int]


def _set_of(path: Path, data: dict[str, Any]) -> str:
    """A held-out file's set name: cache_rule_heldout_<set>_<suffix>.json."""
    return path.stem.split("_")[3]


def load_margins(path: Path, label: str | None = None) -> dict[Cell, float]:
    """Margins per (set, trace, C) from a tuning file (the ``margin_<label>`` column, the
    only one if ``label`` is None) or a held-out file (its ``margin`` per row)."""
    data = json.loads(path.read_text())
    out: dict[Cell, float] = {}
    if "cells" in data:
        for c in data["cells"]:
            keys = [k for k in c if k.startswith("margin_")]
            key = f"margin_{label}" if label and f"margin_{label}" in c else keys[0]
            out[(c["set"], c["trace"], int(c["C"]))] = float(c[key])
        return out
    which = _set_of(path, data)
    for t in data["traces"]:
        for r in t["rows"]:
            out[(which, t["trace"], int(r["capacity"]))] = float(r["margin"])
    return out


def load_reference(path: Path) -> dict[Cell, dict[str, float]]:
    """Per cell of a held-out file: LRU, FIFO, theine and optimum hit rates (%)."""
    data = json.loads(path.read_text())
    which = _set_of(path, data)
    return {(which, t["trace"], int(r["capacity"])): {k: float(r[k]) for k in (
        "lru", "fifo", "theine", "optimum")} for t in data["traces"] for r in t["rows"]}


def group(cell: Cell) -> str:
    return "seeds" if cell[0].startswith("seeds") else cell[0]


def summarize(base: dict[Cell, float], new: dict[Cell, float]) -> dict[str, Any]:
    rows: dict[str, dict[str, Any]] = {}
    by: dict[str, list[Cell]] = defaultdict(list)
    for cell in new:
        by[group(cell)].append(cell)
        by["all"].append(cell)
    for g, cells in by.items():
        b = [base[c] for c in cells]
        n = [new[c] for c in cells]
        diff = [y - x for x, y in zip(b, n, strict=True)]
        worst = min(cells, key=new.__getitem__)
        rows[g] = {
            "cells": len(cells),
            "below_base": sum(x < RULE for x in b), "below_new": sum(y < RULE for y in n),
            "neg_base": round(sum(min(0.0, x) for x in b), 2),
            "neg_new": round(sum(min(0.0, y) for y in n), 2),
            "change": round(sum(diff), 2),
            "up": sum(d > 0.005 for d in diff), "down": sum(d < -0.005 for d in diff),
            "worst_new": [*worst, new[worst]],
        }
    return rows


def per_capacity(base: dict[Cell, float], new: dict[Cell, float],
                 single: bool = True) -> dict[int, dict[str, Any]]:
    caps: dict[int, list[Cell]] = defaultdict(list)
    for cell in new:
        if not (single and cell[0].startswith("seeds")):
            caps[cell[2]].append(cell)
    return {c: {"cells": len(cs),
                "mean_base": round(sum(base[x] for x in cs) / len(cs), 3),
                "mean_new": round(sum(new[x] for x in cs) / len(cs), 3),
                "below_base": sum(base[x] < RULE for x in cs),
                "below_new": sum(new[x] < RULE for x in cs)}
            for c, cs in sorted(caps.items())}


def against_theine(ref: dict[Cell, dict[str, float]], base: dict[Cell, float],
                   new: dict[Cell, float]) -> dict[int, dict[str, float]]:
    """Mean steered hit rate (better of LRU/FIFO + margin), theine's, the optimum's and the
    optimum share (mean over streams of steered / optimum) per capacity."""
    caps: dict[int, list[Cell]] = defaultdict(list)
    for cell in ref:
        if cell in new and cell in base:
            caps[cell[2]].append(cell)
    out = {}
    for c, cs in sorted(caps.items()):
        def steered(m: dict[Cell, float], x: Cell) -> float:
            return max(ref[x]["lru"], ref[x]["fifo"]) + m[x]
        k = len(cs)
        out[c] = {
            "streams": k,
            "steered_base": round(sum(steered(base, x) for x in cs) / k, 2),
            "steered_new": round(sum(steered(new, x) for x in cs) / k, 2),
            "theine": round(sum(ref[x]["theine"] for x in cs) / k, 2),
            "optimum": round(sum(ref[x]["optimum"] for x in cs) / k, 2),
            "share_base": round(sum(steered(base, x) / ref[x]["optimum"] for x in cs
                                    if ref[x]["optimum"]) / k, 3),
            "share_new": round(sum(steered(new, x) / ref[x]["optimum"] for x in cs
                                   if ref[x]["optimum"]) / k, 3),
        }
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", action="append", nargs="+", required=True,
                    help="baseline result files, later ones override earlier ones")
    ap.add_argument("--base-label",
                    help="the baseline column in tuning files (default: the only one)")
    ap.add_argument("--new", required=True, nargs="+", help="the new setting's tuning files")
    ap.add_argument("--label", help="the new setting's column (default: the only one)")
    ap.add_argument("--heldout", action="append", nargs="+", default=[],
                    help="held-out files with theine and the optimum for the same traces")
    ap.add_argument("--out")
    args = ap.parse_args()
    base: dict[Cell, float] = {}
    for p in (p for group_ in args.base for p in group_):
        base.update(load_margins(Path(p), args.base_label))
    new: dict[Cell, float] = {}
    for p in args.new:
        new.update(load_margins(Path(p), args.label))
    missing = [c for c in new if c not in base]
    if missing:
        print(f"no baseline for {len(missing)} cells, e.g. {missing[:3]}", file=sys.stderr)
        return 1
    ref: dict[Cell, dict[str, float]] = {}
    for p in (p for group_ in args.heldout for p in group_):
        ref.update(load_reference(Path(p)))
    sets = summarize(base, new)
    caps = per_capacity(base, new)
    theine = against_theine(ref, base, new)
    moved: list[list[Any]] = sorted(
        ([*c, base[c], new[c]] for c in new if abs(new[c] - base[c]) > 0.005),
        key=lambda r: r[4] - r[3])
    if args.out:
        Path(args.out).write_text(json.dumps(with_environment(
            {"sets": sets, "per_capacity": caps, "against_theine": theine, "moved": moved}),
            indent=0))
    for g, s in sets.items():
        print(f"{g:>8} cells {s['cells']:4d} below {s['below_base']}/{s['below_new']} "
              f"neg {s['neg_base']:8.2f}/{s['neg_new']:8.2f} change {s['change']:+7.2f} "
              f"({s['up']} up / {s['down']} down) worst {s['worst_new']}")
    for c, s in caps.items():
        print(f"C={c:5d} mean {s['mean_base']:+.3f} -> {s['mean_new']:+.3f} "
              f"below {s['below_base']}/{s['below_new']}")
    for c, t in theine.items():
        print(f"C={c:5d} steered {t['steered_base']:.2f} -> {t['steered_new']:.2f} theine "
              f"{t['theine']:.2f} optimum {t['optimum']:.2f} share {t['share_base']:.3f} -> "
              f"{t['share_new']:.3f} ({t['streams']:.0f} streams)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
