"""What the cache share analyses of rounds 60-64 (``cache_share_r6?_analyse.py``) and the
cell classings (``cache_classes_r6?.py``) share: a merged-code held-out run's 30,000-event
rows, theine's rates and main's hits taken from it or from a stored grid column, a round's
grid files loaded with main attached, and the keep rule's summary printed and written.

Each round's script keeps what is its own (which sets are tuning, where main's column comes
from, extra comparisons); written once here (round 65) after rounds 60-64 had each copied it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from cache_tie_r59_analyse import grid_summary, print_summary
from environment import with_environment

RESULTS = Path(__file__).resolve().parent / "results"
Key = tuple[str, str, int]


def heldout_rows(name: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """(trace, row) of every 30,000-event trace in ``results/cache_rule_heldout_<name>.json``."""
    h = json.loads((RESULTS / f"cache_rule_heldout_{name}.json").read_text())
    for t in h["traces"]:
        if t["events"] == 30_000:
            for r in t["rows"]:
                yield t["trace"], r


def heldout_cells(which: str, name: str,
                  extra: Callable[[dict[str, Any]], dict[str, Any]] | None = None
                  ) -> list[dict[str, Any]]:
    """Main's cells of set ``which`` from its held-out run ``name`` (margin = main's), each
    with ``extra(row)``'s fields added."""
    return [{"set": which, "trace": trace, "C": r["capacity"], "margin_main": r["margin"],
             "events": 30_000, **(extra(r) if extra else {})} for trace, r in heldout_rows(name)]


def add_heldout_theine(theine: dict[Key, float], which: str, name: str) -> dict[Key, float]:
    """``theine`` with set ``which``'s theine rates from held-out run ``name`` added."""
    for trace, r in heldout_rows(name):
        if "theine" in r:
            theine[(which, trace, r["capacity"])] = r["theine"]
    return theine


def attach_stored(which: str, cells: list[dict], path: Path, col: str,
                  full_set: bool = True) -> None:
    """Main's hits and margin on ``cells`` from column ``col`` of a stored grid file (all of
    set ``which``'s cells if ``full_set``); LRU and FIFO asserted equal cell for cell."""
    stored = {(c["set"], c["trace"], c["C"]): c for c in json.loads(path.read_text())["cells"]}
    assert not full_set or len(stored) == len(cells), which
    for c in cells:
        s = stored[(c["set"], c["trace"], c["C"])]
        assert c["lru"] == s["lru"] and c["fifo"] == s["fifo"], c
        c["main"] = s[col]
        c["margin_main"] = s[f"margin_{col}"]


def attach_heldout(which: str, cells: list[dict], name: str, full_set: bool = True) -> None:
    """Main's hits and margin on ``cells`` from held-out run ``name`` (W-TinyLFU's rate: main's
    policy); LRU and FIFO asserted equal cell for cell."""
    ref = {(trace, r["capacity"]): r for trace, r in heldout_rows(name)}
    assert not full_set or len(ref) == len(cells), which
    for c in cells:
        r = ref[(c["trace"], c["C"])]
        n = c["events"] / 100.0  # the grid stores hits, the held-out run rates (%)
        assert abs(r["lru"] - c["lru"] / n) < 0.01 and abs(r["fifo"] - c["fifo"] / n) < 0.01
        c["main"] = round(r["wtinylfu"] * n)
        c["margin_main"] = r["margin"]


def attach_r62_main(which: str, cells: list[dict], heldout: dict[str, str]) -> None:
    """Main = round 62's cache code: round 62's grid column ``share`` where the set ran in it,
    else the set's merged-code held-out run named in ``heldout``."""
    old = RESULTS / f"cache_rule_tuning_r62_floor_full_{which}.json"
    if old.exists():
        attach_stored(which, cells, old, "share")
        return
    assert which in heldout, which
    attach_heldout(which, cells, heldout[which])


def load_grid(tag: str, attach: Callable[[str, list[dict]], None]) -> dict[str, list[dict]]:
    """Set -> cells of ``results/cache_rule_tuning_<tag>_full_<set>.json``, main attached."""
    full: dict[str, list[dict]] = {}
    for path in sorted(RESULTS.glob(f"cache_rule_tuning_{tag}_full_*.json")):
        which = path.stem.split(f"_{tag}_full_")[1]
        cells = json.loads(path.read_text())["cells"]
        attach(which, cells)
        full[which] = cells
    return full


def summarise(full: dict[str, list[dict]], theine: dict[Key, float], gate: str,
              tuning: tuple[str, ...]) -> dict:
    """The keep rule's summary of column ``gate`` (pairs without theine figures are not
    measured, not a failed clause: round 60's rule)."""
    every = [c for cells in full.values() for c in cells]
    out: dict = {"sets_run": sorted(full), "sets_missing": [s for s in tuning if s not in full],
                 "cells": len(every)}
    out[gate] = grid_summary(every, full, theine, gate, out["sets_missing"],
                             uncovered_fails=False)
    return out


def report(out: dict, gate: str, name: str, *notes: str) -> None:
    """Prints the summary (then ``notes``, one a line) and writes
    ``results/cache_share_<name>_summary.json``."""
    print_summary(out[gate], gate, counts=True)
    for note in notes:
        print(note)
    print("missing:", out["sets_missing"])
    (RESULTS / f"cache_share_{name}_summary.json").write_text(json.dumps(with_environment(out),
                                                                          indent=1))
