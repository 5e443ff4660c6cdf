"""Round 63: main's tuning cells below the 0.5-point rule over the 53 tuning sets, classed by
mechanism, with the access pattern around each lost hit.

Main (4bca171d): round 62's HEDGE_SHARE with its floor, the default. Main's margins: round 62's
grid column ``share`` (``results/cache_rule_tuning_r62_floor_full_*.json``, 52 sets) and fresh50's
merged-code held-out run (``cache_rule_heldout_fresh50_r62_final.json``; tuning from this round).
Each cell below the rule is replayed through the default policy; the replayed margin is asserted
equal to the stored one. Round 58's parts (``cache_classes_r59.classify``) plus, for every *lost
hit* (the better recency ghost over the stream, the reference, hits; the residents miss):

* the leader segment it falls in (round 58's parts);
* how W-TinyLFU's ghost last lost the key: ``refused`` (it left the window and lost the admission
  duel to probation's victim: the sketch's verdict), ``victim`` (evicted from main: it lost a duel
  as the incumbent), ``held`` (W-TinyLFU's ghost holds it: the residents alone lack it, i.e. a
  convergence or hedge debt), ``never`` (W-TinyLFU never held it);
* its reuse distance in lookups since the key's previous access, in units of C;
* W-TinyLFU's lead over the reference ghost on the disagreements at that moment, in standard
  errors (the share's z; past HEDGE_SHARE_FLOOR_Z = 8.5 the share is 0).

    MEMORY_NODE_SHARED_DATA=/work/shared/data PYTHONHASHSEED=0 PYTHONPATH=. \\
        .venv/bin/python bench/cache_classes_r63.py    # -> results/cache_classes_r63.json
"""

from __future__ import annotations

import json
import math
import sys
from collections import Counter, OrderedDict
from collections.abc import Hashable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cache_rule_tuning as crt  # noqa: E402
from cache_classes_r58 import PARTS, RULE  # noqa: E402
from cache_share_common import heldout_cells  # noqa: E402
from environment import with_environment  # noqa: E402

from memory_node.core.cache.steered import SteeredWTinyLFUPolicy  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"


def main_cells() -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = []
    for path in sorted(RESULTS.glob("cache_rule_tuning_r62_floor_full_*.json")):
        for c in json.loads(path.read_text())["cells"]:
            cells.append({"set": c["set"], "trace": c["trace"], "C": c["C"],
                          "margin_main": c["margin_share"], "events": c["events"]})
    cells += heldout_cells("fresh50", "fresh50_r62_final", lambda r: {"theine": r.get("theine")})
    return cells


class _Popped(OrderedDict[Hashable, Any]):
    """W-TinyLFU's window, remembering the last key it gave up (the admission candidate)."""

    last: Hashable = None

    def popitem(self, last: bool = True) -> tuple[Hashable, Any]:
        k, v = super().popitem(last)
        if not last:
            self.last = k
        return k, v


def bucket(d: float) -> str:
    for edge, name in ((0.25, "<C/4"), (0.5, "C/4-C/2"), (1.0, "C/2-C"), (2.0, "C-2C"),
                       (4.0, "2C-4C")):
        if d < edge:
            return name
    return ">=4C"


def zbucket(z: float) -> str:
    if z <= 0:
        return "ghost leads"
    if z <= 2:
        return "0-2"
    if z <= 8.5:
        return "2-8.5"
    return ">8.5 (floor)"


def classify(cell: dict[str, Any], **kw: Any) -> dict[str, Any]:
    trace = crt.load_trace((cell["set"], cell["trace"], 30_000))
    cap = cell["C"]
    p = SteeredWTinyLFUPolicy(cap, **kw)
    e0, e1, e2 = p._experts
    win = _Popped(e0._window)  # type: ignore[attr-defined]
    e0._window = win  # type: ignore[attr-defined]
    how: dict[Hashable, str] = {}
    inner = e0._on_evict  # type: ignore[attr-defined]

    def evicted(key: Hashable) -> None:
        how[key] = "refused" if key is win.last or key == win.last else "victim"
        inner(key)

    e0._on_evict = evicted  # type: ignore[attr-defined]
    hits: list[bool] = []
    ghosts: list[tuple[bool, bool, bool]] = []
    lead: list[int] = []
    last_seen: dict[Hashable, int] = {}
    lost_info: list[tuple[int, str, float, float]] = []
    for i, k in enumerate(trace):
        g = (k in e0, k in e1, k in e2)
        before = p._leader
        h = p.get(k)
        if not h:
            p.put(k)
        hits.append(h)
        ghosts.append(g)
        lead.append(before)
        if not h and (g[1] or g[2]):
            if g[0]:
                kind = "held"
            else:
                kind = how.get(k, "never")
            prev = last_seen.get(k)
            dist = (i - prev) / cap if prev is not None else math.inf
            lost_info.append((i, kind, dist, 0.0))
        last_seen[k] = i
    lru = sum(g[1] for g in ghosts)
    fifo = sum(g[2] for g in ghosts)
    ref = 1 if lru >= fifo else 2
    # z of W-TinyLFU's lead over the reference ghost on the disagreements is not stored per
    # lookup by the policy; recompute it from the ghosts' exclusive hits over the stream so far
    # (undecayed: the sign and size of the lead, not the share's exact input).
    parts = dict.fromkeys(PARTS, 0)
    part = "first_w" if lead[0] == 0 else "exit_converge"
    seg_of: list[str] = []
    switches: list[tuple[int, str]] = []
    for i, (h, g, ld) in enumerate(zip(hits, ghosts, lead, strict=True)):
        if i and ld != lead[i - 1]:
            prev = lead[i - 1]
            switches.append((i, "WLF"[prev] + ">" + "WLF"[ld]))
            part = "reentry" if ld == 0 else ("exit_converge" if prev == 0 else "recency_move")
        seg_of.append(part)
        if part == "exit_converge":
            parts["exit_converge"] += h - g[ld]
            parts["exit_wrong_recency"] += g[ld] - g[ref]
        else:
            parts[part] += h - g[ref]
    x = y = 0
    zs: list[float] = []
    for g in ghosts:
        if g[0] and not g[ref]:
            x += 1
        elif g[ref] and not g[0]:
            y += 1
        zs.append((x - y) / math.sqrt(x + y) if x + y else 0.0)
    # Lost hits on the reference only (the residents' loss against it), by segment and kind.
    lost: Counter[str] = Counter()
    dist_by: Counter[str] = Counter()
    z_by: Counter[str] = Counter()
    won = 0
    for i, kind, dist, _ in lost_info:
        if not ghosts[i][ref]:
            continue
        seg = seg_of[i]
        lost[f"{seg}/{kind}"] += 1
        dist_by[f"{kind}/{bucket(dist)}"] += 1
        if lead[i] == 0:
            z_by[zbucket(zs[i])] += 1
    for h, g in zip(hits, ghosts, strict=True):
        if h and not g[ref]:
            won += 1
    n = len(trace)
    total = sum(hits) - (lru if ref == 1 else fifo)
    assert total == sum(parts.values())
    exit_part = parts["exit_converge"] + parts["exit_wrong_recency"]
    largest = min(("first_w", "exit", "reentry", "recency_move"),
                  key=lambda k: exit_part if k == "exit" else parts[k])
    return {**{k: cell[k] for k in ("set", "trace", "C")}, "margin_main": cell["margin_main"],
            "events": n, "lru": lru / n * 100, "fifo": fifo / n * 100,
            "main": sum(hits) / n * 100, "reference": "LF"[ref - 1],
            "hits_vs_reference": total, "margin_replayed": round(total / n * 100, 3),
            "parts": parts, "class": largest, "won_hits": won,
            "lost_hits": sum(lost.values()), "lost_by_segment_kind": dict(lost.most_common()),
            "lost_by_kind_reuse": dict(sorted(dist_by.items())),
            "lost_under_w_by_z": dict(z_by.most_common()),
            "window_max": e0._max_window,  # type: ignore[attr-defined]
            "switches": len(switches), "switch_log": switches[:40]}


def classed(below: list[dict[str, Any]], *shown: str) -> list[dict[str, Any]]:
    """Each cell of ``below`` classed (its replayed margin asserted equal to the stored one),
    a line printed per cell: where, the margin, the class, the parts and the ``shown`` fields."""
    rows = []
    for c in below:
        r = classify(c)
        assert abs(r["margin_replayed"] - r["margin_main"]) < 0.002, r
        rows.append(r)
        print(r["set"], r["trace"], r["C"], r["margin_main"], r["class"], r["parts"],
              *(r[k] for k in shown), flush=True)
    return rows


def main() -> int:
    cells = main_cells()
    below = sorted((c for c in cells if c["margin_main"] < RULE), key=lambda c: c["margin_main"])
    near = [c for c in cells if RULE <= c["margin_main"] < RULE + 0.25]
    rows = classed(below, "lost_by_segment_kind", "lost_under_w_by_z")
    totals = {k: sum(r["parts"][k] for r in rows) for k in PARTS}
    counts = {k: sum(r["class"] == k for r in rows) for k in ("first_w", "exit", "reentry",
                                                               "recency_move")}
    points = {k: round(sum(r["margin_main"] - RULE for r in rows if r["class"] == k), 3)
              for k in counts}
    out = {"cells": rows, "below": len(rows), "cells_scored": len(cells),
           "near_below": [[c["set"], c["trace"], c["C"], c["margin_main"]] for c in near],
           "hits_by_part": totals, "cells_by_class": counts, "points_past_rule_by_class": points,
           "sets": "52 from round 62's grid (column share = main) + fresh50 (r62_final held-out)"}
    print(len(cells), totals, counts, points)
    (RESULTS / "cache_classes_r63.json").write_text(json.dumps(with_environment(out), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
