"""Round 64: a candidate's cells against main's (net points, cells below the rule, fixed, new).

    cd bench && PYTHONPATH=.. ../.venv/bin/python cache_r64_analyse.py screen
        # results/cache_rule_tuning_r64_screen.json (main and the candidates in one run)
    cd bench && PYTHONPATH=.. ../.venv/bin/python cache_r64_analyse.py grid LABEL
        # results/cache_rule_tuning_r64_<LABEL>_full_*.json against main's stored margins
        # (round 62's grid column ``share`` on 52 sets, fresh50's and fresh51's merged-code
        # held-out runs; main's cache code is round 62's) -> results/cache_r64_<LABEL>_summary.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cache_classes_r58 import RULE  # noqa: E402
from environment import with_environment  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
CAPS = (5, 10, 25, 50, 100, 250, 500, 1000)
# Round 51's, 55's and 58's fixes (the keep rule's clause).
FIXES = [("octomap", 1000), ("workshop", 1000), ("parcel", 1000), ("ocsp", 1000), ("hpa", 500),
         ("cloakroom_v3", 250)]


def compare(rows: list[tuple[str, str, int, float, float]]) -> dict[str, Any]:
    """rows: (set, trace, C, main, candidate) margins."""
    d = [c - m for *_, m, c in rows]
    below_m = {(s, t, c) for s, t, c, m, _ in rows if m < RULE}
    below_c = {(s, t, c) for s, t, c, _, x in rows if x < RULE}
    per_c = {c: round(sum(x - m for _s, _t, cc, m, x in rows if cc == c), 2) for c in CAPS}
    fixes = [[s, t, c, m, x] for s, t, c, m, x in rows
             if any(t.startswith(f) and c == fc for f, fc in FIXES)]
    out: dict[str, Any] = {
            "cells": len(rows), "change": round(sum(d), 2),
            "up": sum(x > 0.005 for x in d), "down": sum(x < -0.005 for x in d),
            "below_main": len(below_m), "below_cand": len(below_c),
            "fixed": sorted(below_m - below_c), "new": sorted(below_c - below_m),
            "to_negative": sum(m >= 0 > x for *_, m, x in rows),
            "per_capacity": per_c, "old_fixes": fixes,
            "largest_losses": [list(r) for r in sorted(rows, key=lambda r: r[4] - r[3])[:8]],
            "largest_gains": [list(r) for r in sorted(rows, key=lambda r: r[3] - r[4])[:8]]}
    return out


def main_margins() -> dict[tuple[str, str, int], float]:
    out: dict[tuple[str, str, int], float] = {}
    for path in sorted(RESULTS.glob("cache_rule_tuning_r62_floor_full_*.json")):
        for c in json.loads(path.read_text())["cells"]:
            out[(c["set"], c["trace"], c["C"])] = c["margin_share"]
    for name in ("fresh50_r62_final", "fresh51_r63_final"):
        h = json.loads((RESULTS / f"cache_rule_heldout_{name}.json").read_text())
        for t in h["traces"]:
            if t["events"] == 30_000:
                for r in t["rows"]:
                    out[(name.split("_")[0], t["trace"], r["capacity"])] = r["margin"]
    return out


def main() -> int:
    what = sys.argv[1]
    if what == "screen":
        data = json.loads((RESULTS / "cache_rule_tuning_r64_screen.json").read_text())
        labels = [k for k in data["settings"] if k != "main"]
        out = {}
        for lab in labels:
            rows = [(c["set"], c["trace"], c["C"], c["margin_main"], c[f"margin_{lab}"])
                    for c in data["cells"]]
            out[lab] = compare(rows)
            print(lab, json.dumps({k: out[lab][k] for k in (
                "change", "up", "down", "below_main", "below_cand", "fixed", "new")}))
        # The later screens (main's column from the first screen, or main's stored margins).
        mm = main_margins()
        first = {(c["set"], c["trace"], c["C"]): c["margin_main"] for c in data["cells"]}
        for name, labs, ref in (("regrow", ("regrow",), first), ("window", ("w8", "w32"), mm),
                                ("backoff", ("backoff",), mm)):
            cells = json.loads((RESULTS / f"cache_rule_tuning_r64_{name}_screen.json")
                               .read_text())["cells"]
            for lab in labs:
                rows = [(c["set"], c["trace"], c["C"], ref[(c["set"], c["trace"], c["C"])],
                         c[f"margin_{lab}"]) for c in cells]
                out[f"{name}_screen:{lab}"] = compare(rows)
                print(name, lab, json.dumps({k: out[f"{name}_screen:{lab}"][k] for k in (
                    "cells", "change", "up", "down", "below_main", "below_cand", "fixed",
                    "new")}))
        (RESULTS / "cache_r64_screen_summary.json").write_text(
            json.dumps(with_environment(out), indent=1))
        return 0
    label = sys.argv[2]
    main_m = main_margins()
    rows = []
    missing = []
    for path in sorted(RESULTS.glob(f"cache_rule_tuning_r64_{label}_full_*.json")):
        for c in json.loads(path.read_text())["cells"]:
            key = (c["set"], c["trace"], c["C"])
            if key not in main_m:
                missing.append(key)
                continue
            rows.append((*key, main_m[key], c[f"margin_{label}"]))
    summary = compare(rows)
    summary["missing_main"] = missing
    print(json.dumps({k: v for k, v in summary.items() if k not in ("largest_gains",)}))
    (RESULTS / f"cache_r64_{label}_summary.json").write_text(
        json.dumps(with_environment(summary), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
