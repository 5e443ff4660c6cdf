"""Round 49 (floor49): merge the sketch row floor's runs and apply the keep rule.

Reads ``cache_rule_tuning_r49_floor_part*.json`` (every tuning cell at C <= 50 that round 49's
screen had not run; settings ``main`` = 64-counter rows, ``floor`` = the MIN_WIDTH default),
``cache_rule_tuning_r49_small.json`` (the screen: fresh30-36 at C <= 50, ``main`` / ``w512``),
``cache_rule_tuning_r49_floor_check.json`` (a re-run of 24 screen cells and 24 cells at C >= 100)
and the held-out files' theine rows, and writes ``cache_floor_r49_summary.json``.
"""

from __future__ import annotations

import glob
import json
import statistics
from collections import defaultdict
from pathlib import Path

from environment import with_environment

RES = Path(__file__).resolve().parent / "results"
RULE = -0.5


def load_cells() -> dict[tuple[str, str, int], dict]:
    """floor49's coverage: the part runs, then the round 49 screen's cells (``w512`` read as
    ``floor``) where the parts have none. floor49b's analysis reads the same cells."""
    cells: dict[tuple[str, str, int], dict] = {}
    for f in sorted(glob.glob(str(RES / "cache_rule_tuning_r49_floor_part*.json"))):
        for c in json.loads(Path(f).read_text())["cells"]:
            cells[(c["set"], c["trace"], c["C"])] = c
    for c in json.loads((RES / "cache_rule_tuning_r49_small.json").read_text())["cells"]:
        cells.setdefault((c["set"], c["trace"], c["C"]),
                         {**c, "floor": c["w512"], "margin_floor": c["margin_w512"]})
    return cells


def load_theine(max_c: int = 50, skip: tuple[str, ...] = ("fresh37",)
                ) -> dict[tuple[str, str, int], float]:
    """theine's hit rate per (set, trace, C <= ``max_c``) from each tuning set's held-out run at
    30,000 events: theine is not our code, so its stored rows serve every setting. ``skip``:
    sets not read (fresh37 was report-only when floor49's analyses were written)."""
    theine: dict[tuple[str, str, int], float] = {}
    for f in sorted(glob.glob(str(RES / "cache_rule_heldout_fresh*_r*_main.json"))):
        if "100k" in f or any(f"heldout_{w}_" in f for w in skip):
            continue
        h = json.loads(Path(f).read_text())
        for t in h["traces"]:
            if t["events"] != 30_000:
                continue
            for r in t["rows"]:
                if "theine" in r and r["capacity"] <= max_c:
                    theine[(h["variants"], t["trace"], r["capacity"])] = r["theine"]
    return theine


def compare(cells: dict[tuple[str, str, int], dict], col: str) -> dict:
    """The keep rule's figures of setting ``col`` against ``main`` over ``cells``, in the order
    both summaries write them: the cells below the rule under each (as sets), new and fixed
    breaks, the sums of negative margins, the margin changes and the eight largest losses."""
    cs = list(cells.values())
    d = [c["margin_" + col] - c["margin_main"] for c in cs]
    per_c: dict[int, list[float]] = defaultdict(list)
    for c, x in zip(cs, d, strict=True):
        per_c[c["C"]].append(x)
    below_m = {k for k, c in cells.items() if c["margin_main"] < RULE}
    below = {k for k, c in cells.items() if c["margin_" + col] < RULE}
    return {
        "below_main": below_m, "below_" + col: below,
        "new": sorted(below - below_m), "fixed": sorted(below_m - below),
        "neg_sum_main": round(sum(c["margin_main"] for c in cs if c["margin_main"] < 0), 2),
        "neg_sum_" + col: round(sum(c["margin_" + col] for c in cs if c["margin_" + col] < 0), 2),
        "change": round(sum(d), 2), "moved": sum(abs(x) > 1e-9 for x in d),
        "up": sum(x > 0.005 for x in d), "down": sum(x < -0.005 for x in d),
        "ge0_to_lt0": sum(c["margin_main"] >= 0 > c["margin_" + col] for c in cs),
        "mean_change_per_C": {c: round(statistics.fmean(v), 3) for c, v in sorted(per_c.items())},
        "largest_losses": sorted(([c["set"], c["trace"], c["C"], c["margin_main"],
                                   c["margin_" + col]] for c in cs), key=lambda r: r[4] - r[3])[:8],
    }


def theine_gaps(cells: dict[tuple[str, str, int], dict], theine: dict[tuple[str, str, int], float],
                col: str) -> tuple[dict[str, dict], list, list]:
    """W-TinyLFU (the steered default) minus theine, mean over a set's traces per capacity, for
    ``main`` and ``col``: {set: {C: [main, col, traces]}}, the (set, C) where ``col`` is lower
    than main, and those where main was >= 0 and ``col`` is < 0."""
    groups: dict[tuple[str, int], list] = defaultdict(list)
    for k in theine:
        if k in cells:
            groups[(k[0], k[2])].append(k)
    gaps: dict[str, dict] = {}
    drops, below0 = [], []
    for (which, c), ks in sorted(groups.items()):
        m = statistics.fmean(100 * cells[k]["main"] / cells[k]["events"] - theine[k] for k in ks)
        n = statistics.fmean(100 * cells[k][col] / cells[k]["events"] - theine[k] for k in ks)
        gaps.setdefault(which, {})[c] = [round(m, 3), round(n, 3), len(ks)]
        if n < m - 1e-9:
            drops.append([which, c, round(m, 3), round(n, 3)])
        if m >= 0 > n:
            below0.append([which, c, round(m, 3), round(n, 3)])
    return gaps, drops, below0


def main() -> None:
    cells = load_cells()
    stored = {(c["set"], c["trace"], c["C"]): c
              for c in json.loads((RES / "cache_rule_tuning_r49_small.json").read_text())["cells"]}
    out: dict = {"cells": len(cells)}
    chk = RES / "cache_rule_tuning_r49_floor_check.json"
    if chk.exists():
        rows = json.loads(chk.read_text())["cells"]
        same_small = [(r["main"], r["floor"]) == (stored[k]["main"], stored[k]["w512"])
                      for r in rows if (k := (r["set"], r["trace"], r["C"])) in stored]
        big = [r["main"] == r["floor"] for r in rows if r["C"] > 50]
        out["check"] = {"screen_cells_bit_identical": f"{sum(same_small)}/{len(same_small)}",
                        "C>=100_main_equals_floor": f"{sum(big)}/{len(big)}"}
    s = compare(cells, "floor")
    # floor49's summary counts the breaks and has no moved / ge0_to_lt0 (floor49b's added them).
    s["below_main"], s["below_floor"] = len(s["below_main"]), len(s["below_floor"])
    del s["moved"], s["ge0_to_lt0"]
    out.update(s)
    out["smallest_margin_floor"] = min(([c["set"], c["trace"], c["C"], c["margin_floor"]]
                                        for c in cells.values()), key=lambda r: r[3])
    # W-TinyLFU minus theine per set and C, main / floor from these runs.
    theine = load_theine()
    gaps: dict[str, dict] = {}
    worse = []
    for (which, c), ks in sorted(_group(theine).items()):
        ks = [k for k in ks if k in cells]
        if not ks:
            continue
        m = statistics.fmean(100 * cells[k]["main"] / cells[k]["events"] - theine[k] for k in ks)
        f = statistics.fmean(100 * cells[k]["floor"] / cells[k]["events"] - theine[k] for k in ks)
        gaps.setdefault(which, {})[c] = [round(m, 3), round(f, 3), len(ks)]
        if m >= 0 and f < m - 1e-9:
            worse.append([which, c, round(m, 3), round(f, 3)])
    out["wtinylfu_minus_theine_main_floor_n"] = gaps
    out["theine_lower_where_was_ge0"] = worse
    out["theine_below0_floor"] = [[w, c, *v[:2]] for w, g in gaps.items() for c, v in g.items()
                                  if v[1] < 0]
    (RES / "cache_floor_r49_summary.json").write_text(json.dumps(with_environment(out), indent=1))
    print(json.dumps({k: v for k, v in out.items() if k != "wtinylfu_minus_theine_main_floor_n"},
                     indent=1))


def _group(theine: dict) -> dict[tuple[str, int], list]:
    g: dict[tuple[str, int], list] = defaultdict(list)
    for k in theine:
        g[(k[0], k[2])].append(k)
    return g


if __name__ == "__main__":
    main()
