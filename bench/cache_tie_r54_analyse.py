"""Round 54: the silent-tie gates' screen scored by the keep rule stated before the runs.

Reads results/cache_rule_tuning_r54_tie_{A,B}.json (the first five gates) and
results/cache_rule_tuning_r54_dead_{A,B}.json (the per-key gate ``dead``, run after them) on
bench/cache_tie_r54_screen.py's cells, and writes results/cache_tie_r54_summary.json: per gate
and part, the cells below -0.5, the breaks fixed and new, round 51's three fixes, the total
change against ``main`` (today's policy), the cells up / down, those from >= 0 to < 0, and the
largest gains and losses; and ``dead`` on the whole sets run so far
(results/cache_rule_tuning_r54_dead_full_<set>.json), per set and in all.

    PYTHONPATH=.. ../.venv/bin/python cache_tie_r54_analyse.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from environment import with_environment

RESULTS = Path(__file__).resolve().parent / "results"
RULE = -0.5
FIXES = {("fresh26", "octomap_r40_y32", 1000), ("fresh34", "workshop_d10_i60", 1000),
         ("fresh35", "parcel_l50_d200", 1000)}
GATES = {"tie": ("ung", "turn", "bud", "ev", "live"), "dead": ("dead",)}
EPS = 0.005


def score(cells: list[dict], gate: str) -> dict:
    key = [(c["set"], c["trace"], c["C"]) for c in cells]
    base = [c["margin_main"] for c in cells]
    new = [c[f"margin_{gate}"] for c in cells]
    d = [n - b for n, b in zip(new, base, strict=True)]
    moved = sorted(zip(d, key, base, new, strict=True))
    return {
        "cells": len(cells),
        "below_main": sum(b < RULE for b in base), "below": sum(n < RULE for n in new),
        "fixed": [[*k, b, n] for k, b, n in zip(key, base, new, strict=True) if b < RULE <= n],
        "new_breaks": [[*k, b, n] for k, b, n in zip(key, base, new, strict=True) if n < RULE <= b],
        "fixes_back": [[*k, n] for k, n in zip(key, new, strict=True) if k in FIXES and n < RULE],
        "change": round(sum(d), 2), "up": sum(x > EPS for x in d), "down": sum(x < -EPS for x in d),
        "nonneg_to_neg": [[*k, b, n] for k, b, n in zip(key, base, new, strict=True) if b >= 0 > n],
        "largest_losses": [[*k, b, n] for _d, k, b, n in moved[:5] if _d < -EPS],
        "largest_gains": [[*k, b, n] for _d, k, b, n in moved[::-1][:5] if _d > EPS],
    }


def main() -> int:
    out: dict = {}
    for run, gates in GATES.items():
        parts = {p: json.loads((RESULTS / f"cache_rule_tuning_r54_{run}_{p}.json").read_text())[
            "cells"] for p in ("A", "B")}
        parts["A+B"] = parts["A"] + parts["B"]
        for gate in gates:
            out[gate] = {p: score(cells, gate) for p, cells in parts.items()}
    for gate in out:
        s = out[gate]["A+B"]
        s["passes_keep_rule_on_screen"] = bool(
            not s["new_breaks"] and not s["fixes_back"] and s["change"] > 0 and s["up"] > s["down"])
        for p, r in out[gate].items():
            print(f"{gate:>5} {p:>3} cells {r['cells']:3d} "
                  f"below {r['below_main']:2d}->{r['below']:2d} "
                  f"fixed {len(r['fixed'])} new {len(r['new_breaks'])} back {len(r['fixes_back'])} "
                  f"change {r['change']:+7.2f} ({r['up']} up / {r['down']} down) "
                  f">=0->0< {len(r['nonneg_to_neg'])}")
    full = {}
    for path in sorted(RESULTS.glob("cache_rule_tuning_r54_dead_full_*.json")):
        which = path.stem.removeprefix("cache_rule_tuning_r54_dead_full_")
        full[which] = json.loads(path.read_text())["cells"]
    if full:
        out["dead_full"] = {w: score(cells, "dead") for w, cells in full.items()}
        out["dead_full"]["all"] = score([c for cells in full.values() for c in cells], "dead")
        for w, r in out["dead_full"].items():
            print(f"full {w:>8} cells {r['cells']:3d} below {r['below_main']:2d}->{r['below']:2d} "
                  f"new {len(r['new_breaks'])} back {len(r['fixes_back'])} "
                  f"change {r['change']:+7.2f} ({r['up']} up / {r['down']} down) "
                  f">=0->0< {len(r['nonneg_to_neg'])}")
    (RESULTS / "cache_tie_r54_summary.json").write_text(json.dumps(with_environment(out), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
