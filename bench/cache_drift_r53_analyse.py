"""Round 53 (cache53): round 52's drift hold (``drift_hold=1`` with an at-once threshold) scored
on a split of its firing cells: the threshold chosen on half A, scored on half B.

The halves are ``cache_drift_r53_split.json`` (``cache_drift_r53_split.py``: a seeded shuffle
of (set, trace) pairs, made before any per-cell result was read). Settings: ``main`` is today's
default (the hold patch with ``DRIFT_HOLD = 0``); ``s<t>`` is ``drift_hold=1,
drift_at_once=t``. Half A's grid: ``s125``, ``s175``, ``s25``, ``s30`` from this round's runs
(``cache_rule_tuning_r53_holdA_part*.json``), ``s15`` and ``s20`` from round 52's
(``cache_rule_tuning_r52_persist_s.json``, columns ``x1s15`` / ``x1s20``); 0.10 (= DRIFT_EXIT)
is today's policy, change 0 by construction (every crossing exceeds it). Half B: this round's
``cache_rule_tuning_r53_holdB_part*.json``.

The choice (stated before the runs): the threshold with the largest total change on A among
those with no new break on A and none of round 51's three fixes back; ties to the lower
threshold; 0.10 (today's policy, nothing to score) if none is positive, and then A's best
threshold is scored on B for information only. The keep rule (stated before the runs): on B
the total change > 0 and more cells up than down; on every firing cell no cell newly below
-0.5, none of the three fixes back, no W-TinyLFU-minus-theine (set, C) mean from >= 0 to < 0.
Only firing cells can move (round 52's argument); every other cell keeps today's hits.

    PYTHONPATH=.. ../.venv/bin/python cache_drift_r53_analyse.py     # from bench/
    # -> results/cache_drift_r53_summary.json
"""

from __future__ import annotations

import glob
import json
from pathlib import Path

from cache_drift_r52_analyse import FIXED_R51, REPORT_ONLY, today
from cache_floor_r49_analyse import compare, load_theine, theine_gaps
from environment import with_environment

RES = Path(__file__).resolve().parent / "results"
GRID = {"s125": 0.125, "s15": 0.15, "s175": 0.175, "s20": 0.2, "s25": 0.25, "s30": 0.3}
R52 = {"s15": "x1s15", "s20": "x1s20"}

Key = tuple[str, str, int]


def runs(pattern: str) -> dict[Key, dict]:
    out: dict[Key, dict] = {}
    for f in sorted(glob.glob(str(RES / pattern))):
        for c in json.loads(Path(f).read_text())["cells"]:
            if c["set"] not in REPORT_ONLY:
                out[(c["set"], c["trace"], c["C"])] = c
    return out


def figures(base: dict[Key, dict], hits: dict[Key, int], within: set[Key],
            theine: dict[Key, float]) -> dict:
    """The keep rule's figures of ``hits`` (replacing today's on their cells) over ``within``
    (the cells counted for change / up / down) and over every tuning cell (breaks, theine)."""
    cells = {k: dict(c) for k, c in base.items()}
    for k, c in cells.items():
        c["t"] = hits.get(k, c["main"])
        c["margin_t"] = round(100.0 * (c["t"] - max(c["lru"], c["fifo"])) / c["events"], 3)
    part = compare({k: cells[k] for k in within}, "t")
    whole = compare(cells, "t")
    _g, drops, below0 = theine_gaps(cells, theine, "t")
    moved = sorted(([*k, cells[k]["margin_main"], cells[k]["margin_t"]] for k in within
                    if cells[k]["t"] != cells[k]["main"]), key=lambda r: r[4] - r[3])
    return {
        "cells": len(within), "change": part["change"], "moved": part["moved"], "up": part["up"],
        "down": part["down"], "ge0_to_lt0": part["ge0_to_lt0"],
        "neg_sum_main": part["neg_sum_main"], "neg_sum_t": part["neg_sum_t"],
        "new_all": whole["new"], "fixed_all": whole["fixed"],
        "below_all_main": len(whole["below_main"]), "below_all_t": len(whole["below_t"]),
        "fixed_r51_back": [list(k) for k in FIXED_R51 if cells[k]["margin_t"] < -0.5],
        "theine_ge0_to_lt0": below0, "theine_drops": len(drops),
        "moved_at_C<=25": [r for r in moved if r[2] <= 25], "moved_cells": moved}


def main() -> None:
    split = json.loads((RES / "cache_drift_r53_split.json").read_text())
    half = {h: {tuple(c) for c in split[h]} for h in ("A", "B")}
    base = today()
    theine = load_theine(max_c=1000, skip=REPORT_ONLY)
    ran_a = runs("cache_rule_tuning_r53_holdA_part*.json")
    r52 = runs("cache_rule_tuning_r52_persist_s.json")
    check = {"A_ran": len(ran_a), "A_cells": len(half["A"]),
             "A_missing": sorted(half["A"] - set(ran_a)),
             "A_main_mismatch": sorted(k for k, c in ran_a.items() if c["main"] != base[k]["main"])}
    out: dict = {"split": {h: len(v) for h, v in half.items()}, "check": check, "A": {}}
    for name, t in GRID.items():
        src = r52 if name in R52 else ran_a
        col = R52.get(name, name)
        hits = {k: src[k][col] for k in half["A"] if k in src}
        out["A"][name] = {"t": t, **figures(base, hits, half["A"], theine)}
    ok = {n: f for n, f in out["A"].items() if not f["new_all"] and not f["fixed_r51_back"]}
    best = max(ok, key=lambda n: (ok[n]["change"], -GRID[n]), default=None)
    chosen = best if best and ok[best]["change"] > 0 else None
    out["chosen"] = chosen or "0.10 (today: no hold)"
    # With no positive threshold on A the choice is today's policy, whose change on B is 0 by
    # construction; A's best threshold is then scored on B for information only.
    scored = chosen or best
    out["scored_on_B"] = scored
    ran_b = runs("cache_rule_tuning_r53_holdB_part*.json")
    if scored and ran_b:
        chosen = scored
        check["B_ran"] = len(ran_b)
        check["B_missing"] = sorted(half["B"] - set(ran_b))
        check["B_main_mismatch"] = sorted(k for k, c in ran_b.items()
                                          if c["main"] != base[k]["main"])
        hb = {k: c[chosen] for k, c in ran_b.items() if k in half["B"]}
        if chosen in R52:
            check["B_equal_to_r52"] = sum(r52[k][R52[chosen]] == v for k, v in hb.items())
        ha = {k: ran_a[k][chosen] if chosen in ran_a.get(k, {}) else r52[k][R52[chosen]]
              for k in half["A"]}
        out["B"] = figures(base, hb, half["B"], theine)
        out["all_firing"] = figures(base, {**ha, **hb}, half["A"] | half["B"], theine)
        b, a = out["B"], out["all_firing"]
        out["keep"] = {
            "B_change_gt0": b["change"] > 0, "B_more_up_than_down": b["up"] > b["down"],
            "no_new_break": not a["new_all"], "no_fix_back": not a["fixed_r51_back"],
            "no_theine_mean_below0": not a["theine_ge0_to_lt0"]}
        out["keep"]["kept"] = all(out["keep"].values()) and out["chosen"] == scored
    (RES / "cache_drift_r53_summary.json").write_text(json.dumps(with_environment(out), indent=1))
    print(json.dumps(check))
    for name, f in out["A"].items():
        print(f"A {name} t={f['t']}: change {f['change']:+.2f} moved {f['moved']} "
              f"({f['up']} up / {f['down']} down) >=0-><0 {f['ge0_to_lt0']} new {f['new_all']} "
              f"back {f['fixed_r51_back']} theine<0 {f['theine_ge0_to_lt0']}")
    print("chosen", out["chosen"], "scored on B", scored)
    for part in ("B", "all_firing"):
        if part in out:
            f = out[part]
            print(f"{part}: cells {f['cells']} change {f['change']:+.2f} moved {f['moved']} "
                  f"({f['up']} up / {f['down']} down) >=0-><0 {f['ge0_to_lt0']} "
                  f"neg {f['neg_sum_main']} -> {f['neg_sum_t']} below {f['below_all_main']} -> "
                  f"{f['below_all_t']} new {f['new_all']} fixed {f['fixed_all']} back "
                  f"{f['fixed_r51_back']} theine<0 {f['theine_ge0_to_lt0']} drops "
                  f"{f['theine_drops']} C<=25 {len(f['moved_at_C<=25'])}")
            for r in f["moved_cells"][:6] + f["moved_cells"][-6:]:
                print("   ", r)
    if "keep" in out:
        print("keep", json.dumps(out["keep"]))


if __name__ == "__main__":
    main()
