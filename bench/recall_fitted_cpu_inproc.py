"""Round 58 (issue 11, parts 1-2): what the fitted fixture costs a per-subtask request, in one
process: ``fitted_fixtures`` on and off (``--aa``: on and on) interleaved on-off-off-on per
text, ``--reps`` times, each arm's least thread CPU, over the scale benches' memory with
``--water`` water fixtures in it (``recall_common.with_water_fixtures``) and the ranking memo
off (``counted_steps_recall``). Also counts the nearest-fixture lookups and their own CPU
(``Recaller._nearest`` timed around each call). This code only: ``recall_subtask_cpu_ab.py``
compares against another checkout. Needs the fitted fixture in the code it runs (round 58 left it
as ``bench/results/recall_fitted_index_r58.patch``).

    .venv/bin/python bench/recall_fitted_cpu_inproc.py [--units 10000] [--water 16]
        [--texts bench/recall_fill_texts.json] [--reps 5] [--aa] [--out NAME]
        # -> bench/results/<NAME>.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from recall_common import counted_steps_recall, save_result, switch_cpu_rows  # noqa: E402

from memory_node.core.recall.recall import Recaller  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--units", type=int, default=10_000)
    ap.add_argument("--water", type=int, default=16)
    ap.add_argument("--texts", default=str(Path(__file__).resolve().parent
                                           / "recall_fill_texts.json"))
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--aa", action="store_true")
    ap.add_argument("--out", default="recall_fitted_cpu_inproc")
    args = ap.parse_args()
    lookups = {"calls": 0, "found": 0, "cpu_s": 0.0}
    inner = getattr(Recaller, "_nearest", None)
    if inner is None:
        print("skip: this code has no fitted fixture (apply bench/results/"
              "recall_fitted_index_r58.patch)")
        return 0

    def timed(positions, found=None):  # noqa: ANN001, ANN202
        f = inner(positions, found)

        def g(fixture: str, partners: list[str]) -> str | None:
            c = time.thread_time()
            r = f(fixture, partners)
            lookups["cpu_s"] += time.thread_time() - c
            lookups["calls"] += 1
            lookups["found"] += r is not None
            return r
        return g

    setattr(Recaller, "_nearest", staticmethod(timed))  # noqa: B010
    loaded = counted_steps_recall(args.units, args.water)
    if loaded is None:
        print("skip: AI2-THOR rearrangement data absent")
        return 0
    rm, _, _, _ = loaded
    rec = rm._ensure()
    # The switch by name: the code timed may be one without it (main), which then skips.
    on_kw: dict[str, Any] = {"fitted_fixtures": True}
    off_kw: dict[str, Any] = {"fitted_fixtures": args.aa}
    on = replace(rec.config, **on_kw)
    off = replace(rec.config, **off_kw)

    texts = json.loads(Path(args.texts).read_text())
    rows, differ = switch_cpu_rows(rm, on, off, texts, args.reps)
    ratios = [r[1] / r[2] for r in rows]
    out = {"units": args.units, "water_fixtures": args.water, "aa": args.aa,
           "reps": args.reps, "texts": args.texts,
           "median_ratio": round(statistics.median(ratios), 4),
           "sum_ratio": round(sum(r[1] for r in rows) / sum(r[2] for r in rows), 4),
           "answers_differ": differ, "nearest_calls": lookups["calls"],
           "nearest_found": lookups["found"],
           "nearest_cpu_ms_total": round(lookups["cpu_s"] * 1e3, 3),
           "rows": rows}
    print(json.dumps({k: v for k, v in out.items() if k != "rows"}))
    path = save_result(args.out, out, indent=None)  # type: ignore[arg-type]
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
