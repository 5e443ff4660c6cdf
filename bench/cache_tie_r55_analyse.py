"""Round 55: TIE_SILENT "dead" on the full tuning grid, scored by the keep rule stated before
the runs (round 54's): no cell newly below -0.5, none of round 51's three fixes back, no
W-TinyLFU-minus-theine (set, C) mean from >= 0 to < 0, total change > 0 with more cells up than
down, and the full grid ran.

Reads every ``results/cache_rule_tuning_r5[45]_dead_full_<set>.json`` (settings ``main`` =
today's policy, ``dead`` = ``tie_silent='dead'``; round 54's 14 sets and round 55's lanes),
theine's per-cell rates from the stored held-out runs (fresh5-42, 30,000 events) and
``results/cache_theine_r55.json`` (cache_theine_r55.py, where none is stored), and writes
``results/cache_tie_r55_summary.json``: per set (the riskiest first: the lowest change) and in
all, the breaks, fixes, change, cells up / down, and the theine gaps per (set, C).

    cd bench && PYTHONPATH=.. ../.venv/bin/python cache_tie_r55_analyse.py
"""

from __future__ import annotations

import glob
import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path

from cache_rule_tuning import DEFAULT_SETS
from cache_tie_r54_analyse import FIXES, score
from environment import with_environment

RESULTS = Path(__file__).resolve().parent / "results"
# Every tuning set of round 55: fresh43 is report-only and never run.
TUNING = (*DEFAULT_SETS, *(f"fresh{i}" for i in range(11, 43)), "public", "seeds")
Key = tuple[str, str, int]


def load_theine() -> dict[Key, float]:
    """theine's hit rate (%) per (set, trace, C): the held-out runs at 30,000 events (a set's
    ``_main`` run, or its ``_base`` run where no ``_main`` one is stored), then round 55's."""
    theine: dict[Key, float] = {}
    files = sorted(glob.glob(str(RESULTS / "cache_rule_heldout_fresh*_r*_base.json")))
    files += sorted(glob.glob(str(RESULTS / "cache_rule_heldout_fresh*_r*_main.json")))
    for f in files:
        h = json.loads(Path(f).read_text())
        if h.get("variants") == "fresh43":
            continue  # report-only this round
        for t in h["traces"]:
            if t["events"] != 30_000:
                continue
            for r in t["rows"]:
                if "theine" in r:
                    theine[(h["variants"], t["trace"], r["capacity"])] = r["theine"]
    mine = RESULTS / "cache_theine_r55.json"
    if mine.exists():
        for c in json.loads(mine.read_text())["cells"]:
            theine.setdefault((c["set"], c["trace"], c["C"]), c["theine"])
    return theine


def theine_pairs(cells: list[dict], theine: dict[Key, float]) -> list[dict]:
    """Per (set, C): the mean hit-rate change of ``dead`` (points) and, where theine covers
    every trace, W-TinyLFU minus theine under ``main`` and ``dead``."""
    groups: dict[tuple[str, int], list[dict]] = defaultdict(list)
    for c in cells:
        groups[(c["set"], c["C"])].append(c)
    out = []
    for (which, cap), cs in sorted(groups.items()):
        rate = [100.0 * (c["dead"] - c["main"]) / c["events"] for c in cs]
        row: dict = {"set": which, "C": cap, "traces": len(cs),
                     "mean_change": round(statistics.fmean(rate), 4)}
        if all((c["set"], c["trace"], c["C"]) in theine for c in cs):
            t = [theine[(c["set"], c["trace"], c["C"])] for c in cs]
            row["gap_main"] = round(statistics.fmean(
                100.0 * c["main"] / c["events"] - x for c, x in zip(cs, t, strict=True)), 3)
            row["gap_dead"] = round(statistics.fmean(
                100.0 * c["dead"] / c["events"] - x for c, x in zip(cs, t, strict=True)), 3)
        out.append(row)
    return out


def main() -> int:
    full: dict[str, list[dict]] = {}
    for path in sorted(RESULTS.glob("cache_rule_tuning_r5[45]_dead_full_*.json")):
        which = path.stem.split("_dead_full_")[1]
        full[which] = json.loads(path.read_text())["cells"]
    theine = load_theine()
    out: dict = {"sets_run": sorted(full), "sets_missing": [s for s in TUNING if s not in full]}
    per = {w: score(cells, "dead") for w, cells in full.items()}
    every = [c for cells in full.values() for c in cells]
    pairs = theine_pairs(every, theine)
    for w in per:
        mine = [p for p in pairs if p["set"].split(":")[0] == w]
        per[w]["theine_pairs"] = mine
    alls = score(every, "dead")
    crossed = [p for p in pairs if "gap_main" in p and p["gap_main"] >= 0 > p["gap_dead"]]
    uncovered_down = [p for p in pairs if "gap_main" not in p and p["mean_change"] < 0]
    alls["theine_ge0_to_lt0"] = crossed
    alls["theine_pairs_dropping"] = sum(p["mean_change"] < 0 for p in pairs)
    alls["theine_pairs_without_theine_that_drop"] = uncovered_down
    alls["theine_lowest_gap_dead"] = sorted(
        (p for p in pairs if "gap_dead" in p), key=lambda p: p["gap_dead"])[:5]
    alls["fixes"] = sorted(FIXES)
    alls["keep_rule"] = {
        "no_new_break": not alls["new_breaks"], "no_fix_back": not alls["fixes_back"],
        "no_theine_mean_ge0_to_lt0": not crossed and not uncovered_down,
        "change_positive_more_up": alls["change"] > 0 and alls["up"] > alls["down"],
        "full_grid_ran": not out["sets_missing"]}
    alls["kept"] = all(alls["keep_rule"].values())
    order = sorted(per, key=lambda w: (per[w]["change"], -per[w]["down"]))
    out["per_set"] = {w: per[w] for w in order}
    out["all"] = alls
    for w in order:
        r = per[w]
        low = min((p.get("gap_dead", 99.0) for p in r["theine_pairs"]), default=99.0)
        print(f"{w:>8} cells {r['cells']:4d} below {r['below_main']:2d}->{r['below']:2d} "
              f"new {len(r['new_breaks'])} back {len(r['fixes_back'])} "
              f"change {r['change']:+6.2f} ({r['up']:3d} up / {r['down']:3d} down) "
              f">=0->0< {len(r['nonneg_to_neg'])} lowest theine gap {low:+.2f}")
    print(f"{'all':>8} cells {alls['cells']} below {alls['below_main']}->{alls['below']} "
          f"new {alls['new_breaks']} back {alls['fixes_back']} change {alls['change']:+.2f} "
          f"({alls['up']} up / {alls['down']} down) theine crossed {crossed} "
          f"uncovered drops {len(uncovered_down)} missing {out['sets_missing']}")
    print("keep rule:", alls["keep_rule"], "kept" if alls["kept"] else "not kept")
    (RESULTS / "cache_tie_r55_summary.json").write_text(json.dumps(with_environment(out),
                                                                   indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
