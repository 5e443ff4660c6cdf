"""Round 84: which gate of the dead-share test separates the cells it helps from those it hurts.

Reads the fill's counts (``cache_first_leader_cells.py --counts``: dead, live, lookups before the
fill, C, per cell the dead-share test sees) and the per-cell answers the round-81 screens
recorded with the residents moved to LRU at the fill (``cache_rule_tuning_r81_{ds,g,g8}_*.json``;
after the fill the policy is deterministic, so a moved cell's answer does not depend on which
gate moved it) plus fresh69's (``cache_rule_heldout_fresh69_r81_{base,final}.json``). For a gate
it counts, against main (round 81's gate: share 0.08, fill 2 C, floor max(COLD_START, 0.03 C)),
the cells below -0.5, the new ones and the fixed ones, the net points, and the cells no screen
ran (``unknown``: those need a screen). Tuning data only (the 71 sets + fresh69). Prints; writes
nothing.

    python3 bench/cache_dead_share_gates.py bench/results/cache_first_leader_cells_r84_counts.jsonl
"""

from __future__ import annotations

import argparse
import glob
import itertools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results"
COLD_START = 8
Cell = dict[str, Any]


def moved_answers() -> dict[tuple[str, str, int], tuple[float, float]]:
    """(set, trace, C) -> (margin of main before round 81, margin with the residents on LRU)."""
    eff: dict[tuple[str, str, int], tuple[float, float]] = {}
    for f in sorted(glob.glob(str(RESULTS / "cache_rule_tuning_r81_*.json"))):
        d = json.loads(Path(f).read_text())
        label = next(n for n in d["settings"] if n != "main")
        for c in d["cells"]:
            eff.setdefault((c["set"], c["trace"], c["C"]),
                           (c["margin_main"], c["margin_" + label]))
    base = json.loads((RESULTS / "cache_rule_heldout_fresh69_r81_base.json").read_text())
    final = json.loads((RESULTS / "cache_rule_heldout_fresh69_r81_final.json").read_text())
    rows = {(t["trace"], r["capacity"]): r for t in base["traces"] for r in t["rows"]}
    for t in final["traces"]:
        for r in t["rows"]:
            b = rows[(t["trace"], r["capacity"])]
            if abs(r["wtinylfu"] - b["wtinylfu"]) > 1e-9:
                eff[("fresh69", t["trace"], r["capacity"])] = (b["margin"], r["margin"])
    return eff


def load(counts: Path) -> list[Cell]:
    eff = moved_answers()
    cells = []
    for line in counts.read_text().splitlines():
        c = json.loads(line)
        if not c["dead"]:
            continue
        c["key"] = (c["set"], c["trace"], c["C"])
        c["eff"] = eff.get(c["key"])
        c["share"] = c["dead"] / (c["dead"] + c["live"])
        c["dC"] = c["dead"] / c["C"]
        c["geo2"] = c["share"] * c["dC"]  # (dead / sqrt(C x reused))^2
        cells.append(c)
    return cells


def main_gate(c: Cell) -> bool:
    return (c["share"] >= 0.08 and c["fill"] >= 2.0
            and c["dead"] >= max(COLD_START, 0.03 * c["C"]))


def against_main(gate: Callable[[Cell], bool], cells: list[Cell]) -> dict[str, Any]:
    out: dict[str, Any] = {"moved": 0, "unknown": 0, "net": 0.0, "below_main": 0,
                           "below_gate": 0, "new": [], "fixed": []}
    for c in cells:
        m, g = main_gate(c), gate(c)
        out["moved"] += g
        if not (m or g):
            continue
        if c["eff"] is None:
            out["unknown"] += 1
            continue
        base, moved = c["eff"]
        a, b = (moved if m else base), (moved if g else base)
        out["net"] += b - a
        out["below_main"] += a < -0.5
        out["below_gate"] += b < -0.5
        name = (c["set"], c["trace"], c["C"])
        if a >= -0.5 > b:
            out["new"].append(name)
        if b >= -0.5 > a:
            out["fixed"].append(name)
    out["net"] = round(out["net"], 2)
    return out


def families() -> dict[str, list[tuple[tuple[float, ...], Callable[[Cell], bool]]]]:
    s = [i / 1000 for i in range(0, 301, 5)]
    f = [i / 10 for i in range(0, 41)]
    x = [i / 1000 for i in range(0, 101, 2)]
    k = [i / 10000 for i in range(10, 101, 2)]

    def gate(**lo: float) -> Callable[[Cell], bool]:
        return lambda c: c["dead"] >= COLD_START and all(c[n] >= v for n, v in lo.items())

    def two(a: str, av: list[float], b: str, bv: list[float]):  # type: ignore[no-untyped-def]
        return [((p, q), gate(**{a: p, b: q})) for p, q in itertools.product(av, bv)]

    return {"share+fill": two("share", s, "fill", f), "dead/C+fill": two("dC", x, "fill", f),
            "share+dead/C": two("share", s, "dC", x), "geo+fill": two("geo2", k, "fill", f),
            "geo+share": two("geo2", k, "share", s), "geo+dead/C": two("geo2", k, "dC", x)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("counts", type=Path)
    a = ap.parse_args()
    cells = load(a.counts)
    print(f"{len(cells)} cells with a dead key at the fill, "
          f"{sum(c['eff'] is not None for c in cells)} with a screened answer")
    for name, gates in families().items():
        rows = []
        for params, g in gates:
            r = against_main(g, cells)
            rows.append((not r["new"], r["below_main"] - r["below_gate"], r["net"], params, r))
        ok = [t for t in rows if t[0] and t[1] >= 0 and t[2] >= 0 and not t[4]["unknown"]]
        rows.sort(key=lambda t: (not t[0], -t[1], -t[2]))
        print(f"{name}: {len(ok)} of {len(rows)} tie or beat main on (a) with none new and "
              f"net >= 0; best: {rows[0][3]} {rows[0][4]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
