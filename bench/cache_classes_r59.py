"""Round 59: every tuning cell below the 0.5-point rule on main's policy (6d59c029: round 58's
dead gate with TIE_SCAN and TIE_RETIRE, the default), classed by cause with round 58's method.

Main's margins: round 58's grid column ``scan`` (``results/cache_rule_tuning_r58_scan_full_*.json``,
48 sets; TIE_RETIRE changes no hit, checked by round 58) and fresh46's merged-code held-out run
(``cache_rule_heldout_fresh46_r58_final.json``, tuning from this round): 49 sets. Each cell is
replayed through the default policy and classed as in ``cache_classes_r58.py`` (``first_w``,
``exit_converge``, ``exit_wrong_recency``, ``reentry``, ``recency_move``); the replayed margin is
asserted equal to the stored one.

    MEMORY_NODE_SHARED_DATA=/work/shared/data PYTHONHASHSEED=0 PYTHONPATH=. \\
        .venv/bin/python bench/cache_classes_r59.py    # -> results/cache_classes_r59.json
"""

from __future__ import annotations

import json
import sys
from collections.abc import Hashable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cache_rule_tuning as crt  # noqa: E402
from cache_classes_r58 import PARTS, RULE  # noqa: E402
from environment import with_environment  # noqa: E402

from memory_node.core.cache.steered import SteeredWTinyLFUPolicy  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"


def main_cells() -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = []
    for path in sorted(RESULTS.glob("cache_rule_tuning_r58_scan_full_*.json")):
        for c in json.loads(path.read_text())["cells"]:
            cells.append({"set": c["set"], "trace": c["trace"], "C": c["C"],
                          "lru": c["lru"], "fifo": c["fifo"], "main": c["scan"],
                          "margin_main": c["margin_scan"], "events": c["events"]})
    h = json.loads((RESULTS / "cache_rule_heldout_fresh46_r58_final.json").read_text())
    for t in h["traces"]:
        if t["events"] != 30_000:
            continue
        for r in t["rows"]:
            cells.append({"set": "fresh46", "trace": t["trace"], "C": r["capacity"],
                          "margin_main": r["margin"], "events": 30_000,
                          "rates": {k: r[k] for k in ("wtinylfu", "lru", "fifo", "theine")}})
    return cells


def replay(trace: list[Hashable], capacity: int, **kw: Any
           ) -> tuple[list[bool], list[tuple[bool, bool, bool]], list[int]]:
    p = SteeredWTinyLFUPolicy(capacity, **kw)
    hits: list[bool] = []
    ghosts: list[tuple[bool, bool, bool]] = []
    lead: list[int] = []
    e0, e1, e2 = p._experts
    for k in trace:
        g = (k in e0, k in e1, k in e2)
        before = p._leader
        h = p.get(k)
        if not h:
            p.put(k)
        hits.append(h)
        ghosts.append(g)
        lead.append(before)
    return hits, ghosts, lead


def classify(cell: dict[str, Any], **kw: Any) -> dict[str, Any]:
    trace = crt.load_trace((cell["set"], cell["trace"], 30_000))
    hits, ghosts, lead = replay(trace, cell["C"], **kw)
    lru = sum(g[1] for g in ghosts)
    fifo = sum(g[2] for g in ghosts)
    ref = 1 if lru >= fifo else 2
    parts = dict.fromkeys(PARTS, 0)
    part = "first_w" if lead[0] == 0 else "exit_converge"
    switches: list[tuple[int, str]] = []
    for i, (h, g, ld) in enumerate(zip(hits, ghosts, lead, strict=True)):
        if i and ld != lead[i - 1]:
            prev = lead[i - 1]
            switches.append((i, "WLF"[prev] + ">" + "WLF"[ld]))
            part = "reentry" if ld == 0 else ("exit_converge" if prev == 0 else "recency_move")
        if part == "exit_converge":
            parts["exit_converge"] += h - g[ld]
            parts["exit_wrong_recency"] += g[ld] - g[ref]
        else:
            parts[part] += h - g[ref]
    n = len(trace)
    total = sum(hits) - (lru if ref == 1 else fifo)
    assert total == sum(parts.values())
    exit_part = parts["exit_converge"] + parts["exit_wrong_recency"]
    largest = min(("first_w", "exit", "reentry", "recency_move"),
                  key=lambda k: exit_part if k == "exit" else parts[k])
    return {**{k: cell[k] for k in ("set", "trace", "C")}, "margin_main": cell["margin_main"],
            "events": n, "lru": lru / n * 100, "fifo": fifo / n * 100, "main": sum(hits) / n * 100,
            "reference": "LF"[ref - 1], "hits_vs_reference": total,
            "margin_replayed": round(total / n * 100, 3), "parts": parts, "class": largest,
            "switches": len(switches), "switch_log": switches[:40]}


def theine_of(cell: dict[str, Any]) -> float | None:
    if "rates" in cell:
        return float(cell["rates"]["theine"])
    return None


def main() -> int:
    cells = main_cells()
    below = sorted((c for c in cells if c["margin_main"] < RULE), key=lambda c: c["margin_main"])
    try:
        from cache_tie_r58_analyse import load_theine
        theine = load_theine()
    except Exception:  # pragma: no cover
        theine = {}
    rows = []
    for c in below:
        r = classify(c)
        assert abs(r["margin_replayed"] - r["margin_main"]) < 0.002, r
        r["theine"] = theine.get((c["set"], c["trace"], c["C"]), theine_of(c))
        rows.append(r)
        print(r["set"], r["trace"], r["C"], r["margin_main"], r["class"], r["parts"],
              r["switch_log"][:6], flush=True)
    totals = {k: sum(r["parts"][k] for r in rows) for k in PARTS}
    counts = {k: sum(r["class"] == k for r in rows) for k in ("first_w", "exit", "reentry",
                                                               "recency_move")}
    out = {"cells": rows, "below": len(rows), "cells_scored": len(cells), "hits_by_part": totals,
           "cells_by_class": counts,
           "sets": "48 from round 58's grid (column scan = main) + fresh46 (r58_final held-out)"}
    print(len(cells), totals, counts)
    (RESULTS / "cache_classes_r59.json").write_text(json.dumps(with_environment(out), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
