"""Round 56: the `dead` gate with its credit (TIE_SILENT "dead", the spared keys' hits kept off
the switching clocks) on the tuning grid, scored by the keep rule stated before the runs: no
cell newly below -0.5, none of round 55's three fixed breaks and round 51's three fixes back, no
W-TinyLFU-minus-theine (set, C) mean from >= 0 to < 0, total change > 0 with more cells up than
down, and every tuning set ran (46).

Reads every ``results/cache_rule_tuning_r56_deadc_full_<set>.json`` (setting ``deadc``, and
``main`` where no round 54-55 run of the set is stored); ``main`` and round 55's ``dead`` (no
credit) come from ``results/cache_rule_tuning_r5[45]_dead_full_<set>.json`` where stored (the
cache code is 1c31d0db's, so ``main`` replays hit for hit; checked on the screen cells).
theine's per-cell rates: the stored held-out runs at 30,000 events (fresh43's included: tuning
from round 56) and ``results/cache_theine_r55.json`` / ``_r56.json`` (cache_theine_r55.py where
none is stored). Writes ``results/cache_tie_r56_summary.json``.

    cd bench && PYTHONPATH=.. ../.venv/bin/python cache_tie_r56_analyse.py
"""

from __future__ import annotations

import glob
import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path

from cache_rule_tuning import DEFAULT_SETS
from cache_tie_r54_analyse import EPS, FIXES, score
from environment import with_environment

RESULTS = Path(__file__).resolve().parent / "results"
TUNING = (*DEFAULT_SETS, *(f"fresh{i}" for i in range(11, 44)), "public", "seeds")
# Round 55's three breaks the gate fixed (the brief: none may come back).
FIXED55 = {("fresh29", "ocsp_c500_i3", 1000), ("fresh22", "hpa_s32_u120", 500),
           ("fresh36", "cloakroom_v3_g150", 250)}
Key = tuple[str, str, int]


def load_theine() -> dict[Key, float]:
    """theine's hit rate (%) per (set, trace, C) at 30,000 events."""
    theine: dict[Key, float] = {}
    files = sorted(glob.glob(str(RESULTS / "cache_rule_heldout_fresh*_r*_base.json")))
    files += sorted(glob.glob(str(RESULTS / "cache_rule_heldout_fresh*_r*_main.json")))
    for f in files:
        h = json.loads(Path(f).read_text())
        if h.get("variants") == "fresh44":
            continue  # report-only in round 56
        for t in h["traces"]:
            if t["events"] != 30_000:
                continue
            for r in t["rows"]:
                if "theine" in r:
                    theine[(h["variants"], t["trace"], r["capacity"])] = r["theine"]
    for mine in (RESULTS / "cache_theine_r55.json", RESULTS / "cache_theine_r56.json"):
        if mine.exists():
            for c in json.loads(mine.read_text())["cells"]:
                theine.setdefault((c["set"], c["trace"], c["C"]), c["theine"])
    return theine


def theine_pairs(cells: list[dict], theine: dict[Key, float], gate: str) -> list[dict]:
    groups: dict[tuple[str, int], list[dict]] = defaultdict(list)
    for c in cells:
        groups[(c["set"], c["C"])].append(c)
    out = []
    for (which, cap), cs in sorted(groups.items()):
        rate = [100.0 * (c[gate] - c["main"]) / c["events"] for c in cs]
        row: dict = {"set": which, "C": cap, "traces": len(cs),
                     "mean_change": round(statistics.fmean(rate), 4)}
        if all((c["set"], c["trace"], c["C"]) in theine for c in cs):
            t = [theine[(c["set"], c["trace"], c["C"])] for c in cs]
            for g in ("main", gate):
                row[f"gap_{g}"] = round(statistics.fmean(
                    100.0 * c[g] / c["events"] - x for c, x in zip(cs, t, strict=True)), 3)
        out.append(row)
    return out


def load() -> dict[str, list[dict]]:
    """Per set run, its cells with ``main``, ``deadc`` and (where stored) round 55's ``dead``."""
    full: dict[str, list[dict]] = {}
    for path in sorted(RESULTS.glob("cache_rule_tuning_r56_deadc_full_*.json")):
        which = path.stem.split("_deadc_full_")[1]
        cells = json.loads(path.read_text())["cells"]
        old = sorted(RESULTS.glob(f"cache_rule_tuning_r5[45]_dead_full_{which}.json"))
        if old:
            stored = {(c["set"], c["trace"], c["C"]): c
                      for c in json.loads(old[-1].read_text())["cells"]}
            for c in cells:
                s = stored[(c["set"], c["trace"], c["C"])]
                assert c["lru"] == s["lru"] and c["fifo"] == s["fifo"]
                if "main" in c:
                    assert c["main"] == s["main"]
                for g in ("main", "dead"):
                    c[g] = s[g]
                    c[f"margin_{g}"] = s[f"margin_{g}"]
        full[which] = cells
    return full


def main() -> int:
    full = load()
    theine = load_theine()
    out: dict = {"sets_run": sorted(full), "sets_missing": [s for s in TUNING if s not in full]}
    every = [c for cells in full.values() for c in cells]
    per = {w: score(cells, "deadc") for w, cells in full.items()}
    pairs = theine_pairs(every, theine, "deadc")
    for w in per:
        per[w]["theine_pairs"] = [p for p in pairs if p["set"].split(":")[0] == w]
    alls = score(every, "deadc")
    back55 = [[*k, c["margin_deadc"]] for c in every
              if (k := (c["set"], c["trace"], c["C"])) in FIXED55 and c["margin_deadc"] < -0.5]
    crossed = [p for p in pairs if "gap_main" in p and p["gap_main"] >= 0 > p["gap_deadc"]]
    uncovered_down = [p for p in pairs if "gap_main" not in p and p["mean_change"] < 0]
    alls["fixed55_back"] = back55
    alls["theine_ge0_to_lt0"] = crossed
    alls["theine_pairs_without_theine_that_drop"] = uncovered_down
    alls["theine_lowest_gap_deadc"] = sorted(
        (p for p in pairs if "gap_deadc" in p), key=lambda p: p["gap_deadc"])[:5]
    alls["fixes"] = sorted(FIXES)
    alls["per_capacity"] = {
        cap: round(sum(c["margin_deadc"] - c["margin_main"] for c in every if c["C"] == cap), 2)
        for cap in sorted({c["C"] for c in every})}
    with_old = [c for c in every if "dead" in c]
    d_old = [c["margin_deadc"] - c["margin_dead"] for c in with_old]
    out["deadc_vs_dead55"] = {
        "cells": len(with_old), "change": round(sum(d_old), 2),
        "up": sum(x > EPS for x in d_old), "down": sum(x < -EPS for x in d_old),
        "dead55_vs_main": round(sum(c["margin_dead"] - c["margin_main"] for c in with_old), 2),
        "deadc_vs_main": round(sum(c["margin_deadc"] - c["margin_main"] for c in with_old), 2)}
    alls["keep_rule"] = {
        "no_new_break": not alls["new_breaks"],
        "no_fix_back": not alls["fixes_back"] and not back55,
        "no_theine_mean_ge0_to_lt0": not crossed and not uncovered_down,
        "change_positive_more_up": alls["change"] > 0 and alls["up"] > alls["down"],
        "full_grid_ran": not out["sets_missing"]}
    alls["kept"] = all(alls["keep_rule"].values())
    order = sorted(per, key=lambda w: (per[w]["change"], -per[w]["down"]))
    out["per_set"] = {w: per[w] for w in order}
    out["all"] = alls
    for w in order:
        r = per[w]
        low = min((p.get("gap_deadc", 99.0) for p in r["theine_pairs"]), default=99.0)
        old = [c for c in full[w] if "dead" in c]
        was = f"{sum(c['margin_dead'] - c['margin_main'] for c in old):+6.2f}" if old else "   n/a"
        print(f"{w:>8} cells {r['cells']:4d} below {r['below_main']:2d}->{r['below']:2d} "
              f"new {len(r['new_breaks'])} back {len(r['fixes_back'])} "
              f"change {r['change']:+6.2f} ({r['up']:3d} up / {r['down']:3d} down) "
              f"[r55 dead {was}] "
              f">=0->0< {len(r['nonneg_to_neg'])} lowest theine gap {low:+.2f}")
    print(f"{'all':>8} cells {alls['cells']} below {alls['below_main']}->{alls['below']} "
          f"new {alls['new_breaks']} back {alls['fixes_back']} {back55} "
          f"change {alls['change']:+.2f} ({alls['up']} up / {alls['down']} down) "
          f"theine crossed {crossed} uncovered drops {len(uncovered_down)}")
    print("vs round 55's dead:", out["deadc_vs_dead55"])
    print("per capacity:", alls["per_capacity"])
    print("missing:", out["sets_missing"])
    print("keep rule:", alls["keep_rule"], "kept" if alls["kept"] else "not kept")
    (RESULTS / "cache_tie_r56_summary.json").write_text(json.dumps(with_environment(out),
                                                                   indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
