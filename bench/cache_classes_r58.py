"""Round 58: every tuning cell below the 0.5-point rule on main's policy, classed by cause.

The cells come from the stored grid columns (``main`` in round 56-57's ``cache_rule_tuning_*``
files, loaded by ``cache_tie_r57_analyse.load``: 47 sets) and fresh45's stored held-out run
(``cache_rule_heldout_fresh45_r57_base.json``, tuning from this round; main's cache code is
unchanged since). Each cell is replayed through main's policy, and every lookup's residents' hit
minus the reference ghost's (the better of the LRU and FIFO ghosts over the stream, which equal
LRU and FIFO here) is booked to the leader segment it falls in:

* ``first_w``: before the first exit from W-TinyLFU (an exit that comes late);
* ``exit``: after a switch from W-TinyLFU to LRU or FIFO, split into ``exit_converge`` (residents
  minus the new leader's ghost: keys the leader holds that the residents lack) and
  ``exit_wrong_recency`` (the leader's ghost minus the reference's);
* ``reentry``: after a switch back into W-TinyLFU;
* ``recency_move``: after a switch between LRU and FIFO.

A cell's class is its largest (most negative) part. For the cells of the largest class the
first exit is also forced earlier (at the first check where the exit's ghost holds >= 5 % of C
keys the residents lack, and 500 / 1,000 lookups before the policy's own exit; the policy runs
on after it): how much of the class an earlier exit could recover, and when. The policy is
replayed with ``tie_silent="off"`` (12693a5b's policy hit for hit; the gate is the default since
round 58), and each replayed margin is asserted equal to the stored one.

    MEMORY_NODE_SHARED_DATA=/work/shared/data PYTHONHASHSEED=0 PYTHONPATH=. \\
        .venv/bin/python bench/cache_classes_r58.py    # -> results/cache_classes_r58.json
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
from cache_tie_r57_analyse import load  # noqa: E402
from environment import with_environment  # noqa: E402

from memory_node.core.cache.steered import SteeredWTinyLFUPolicy  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
RULE = -0.5
PARTS = ("first_w", "exit_converge", "exit_wrong_recency", "reentry", "recency_move")


def below_cells() -> list[dict[str, Any]]:
    cells = [c for cs in load().values() for c in cs if c["margin_main"] < RULE]
    h = json.loads((RESULTS / "cache_rule_heldout_fresh45_r57_base.json").read_text())
    for t in h["traces"]:
        for r in t["rows"]:
            if t["events"] == 30_000 and r["margin"] < RULE:
                cells.append({"set": "fresh45", "trace": t["trace"], "C": r["capacity"],
                              "margin_main": r["margin"]})
    return sorted(cells, key=lambda c: c["margin_main"])


def replay(trace: list[Hashable], capacity: int, force_at: int | None = None,
           to: int = 1) -> tuple[list[bool], list[tuple[bool, bool, bool]], list[int], int | None]:
    p = SteeredWTinyLFUPolicy(capacity, tie_silent="off")  # main's policy (12693a5b), hit for hit
    hits: list[bool] = []
    ghosts: list[tuple[bool, bool, bool]] = []
    lead: list[int] = []
    diverged = None
    e0, e1, e2 = p._experts
    for i, k in enumerate(trace):
        if force_at is not None and i == force_at and p._leader == 0:
            p._switch(to)
        g = (k in e0, k in e1, k in e2)
        before = p._leader
        h = p.get(k)
        if not h:
            p.put(k)
        hits.append(h)
        ghosts.append(g)
        lead.append(before)
        if diverged is None and p._leader == 0 and i % 50 == 0:
            held = p._experts[to]
            if sum(1 for x in held.keys() if x not in p._residents) >= 0.05 * capacity:
                diverged = i
    return hits, ghosts, lead, diverged


def classify(cell: dict[str, Any]) -> dict[str, Any]:
    trace = crt.load_trace((cell["set"], cell["trace"], 30_000))
    cap = cell["C"]
    hits, ghosts, lead, _ = replay(trace, cap)
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
    first = next(((i, s) for i, s in switches if s.startswith("W>")), None)
    return {**{k: cell[k] for k in ("set", "trace", "C")}, "margin_main": cell["margin_main"],
            "events": n, "reference": "LF"[ref - 1], "hits_vs_reference": total,
            "margin_replayed": round(total / n * 100, 3), "parts": parts, "class": largest,
            "switches": len(switches), "first_exit": first, "switch_log": switches[:30]}


def forced(row: dict[str, Any]) -> dict[str, Any]:
    trace = crt.load_trace((row["set"], row["trace"], 30_000))
    cap = row["C"]
    at, sw = row["first_exit"]
    to = "WLF".index(sw[-1])
    base = sum(replay(trace, cap)[0])
    diverged = replay(trace, cap, None, to)[3]
    out: dict[str, Any] = {"diverged_at": diverged}
    for label, t in (("at_divergence", diverged), ("exit_minus_500", at - 500),
                     ("exit_minus_1000", at - 1000)):
        if t is not None and t > 0:
            out[label] = sum(replay(trace, cap, t, to)[0]) - base
    return out


def main() -> int:
    rows = [classify(c) for c in below_cells()]
    for r in rows:
        assert abs(r["margin_replayed"] - r["margin_main"]) < 0.002, r
    totals = {k: sum(r["parts"][k] for r in rows) for k in PARTS}
    counts = {k: sum(r["class"] == k for r in rows) for k in ("first_w", "exit", "reentry",
                                                               "recency_move")}
    for r in rows:
        if r["class"] == "exit" and r["first_exit"] is not None:
            r["forced_earlier_exit"] = forced(r)
        print(r["set"], r["trace"], r["C"], r["margin_main"], r["class"], r["parts"],
              r.get("forced_earlier_exit", ""), flush=True)
    out = {"cells": rows, "below": len(rows), "hits_by_part": totals, "cells_by_class": counts,
           "sets": "47 stored (old, public, seeds 1-10, fresh, fresh2-fresh44) + fresh45"}
    print(totals, counts)
    (RESULTS / "cache_classes_r58.json").write_text(json.dumps(with_environment(out), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
