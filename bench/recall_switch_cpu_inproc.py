"""Round 59 (issue 11, parts 1-2): what a recall switch costs a per-subtask request, in one
process, the way ``recall_fitted_cpu_inproc.py`` (round 58) measures the fitted fixture: the
switch on and off (``--aa``: on and on) interleaved on-off-off-on per text, ``--reps`` times,
each arm's least thread CPU, over the scale benches' memory (``counted_steps_recall``, the
ranking memo off). The recaller's memo of an instruction's terms is emptied before every
request (``--keep-terms`` keeps it): a switch read while the terms are made (``compound_tails``)
would otherwise be read once per text, by whichever arm came first, and both arms would answer
alike; emptied, every request pays for its terms, as a new instruction does.

    .venv/bin/python bench/recall_switch_cpu_inproc.py --switch compound_tails [--units 10000]
        [--water 0] [--texts bench/recall_ordinary_texts.json] [--reps 5] [--aa] [--out NAME]
        # -> bench/results/<NAME>.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from recall_common import counted_steps_recall, save_result, switch_cpu_rows  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--switch", required=True)
    ap.add_argument("--units", type=int, default=10_000)
    ap.add_argument("--water", type=int, default=0)
    ap.add_argument("--texts", default=str(Path(__file__).resolve().parent
                                           / "recall_ordinary_texts.json"))
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--aa", action="store_true")
    ap.add_argument("--keep-terms", action="store_true")
    ap.add_argument("--out", default="recall_switch_cpu_inproc")
    args = ap.parse_args()
    loaded = counted_steps_recall(args.units, args.water)
    if loaded is None:
        print("skip: AI2-THOR rearrangement data absent")
        return 0
    rm, _, _, _ = loaded
    rec = rm._ensure()
    if args.switch not in {f.name for f in fields(rec.config)}:
        print(f"skip: this code has no switch {args.switch}")
        return 0
    on_kw: dict[str, Any] = {args.switch: True}
    off_kw: dict[str, Any] = {args.switch: args.aa}
    on = replace(rec.config, **on_kw)
    off = replace(rec.config, **off_kw)

    texts = json.loads(Path(args.texts).read_text())
    rows, differ = switch_cpu_rows(rm, on, off, texts, args.reps,
                                   clear_terms=not args.keep_terms)
    ratios = [r[1] / r[2] for r in rows]
    out = {"switch": args.switch, "units": args.units, "water_fixtures": args.water,
           "aa": args.aa, "reps": args.reps, "texts": args.texts,
           "keep_terms": args.keep_terms,
           "median_ratio": round(statistics.median(ratios), 4),
           "sum_ratio": round(sum(r[1] for r in rows) / sum(r[2] for r in rows), 4),
           "answers_differ": differ, "rows": rows}
    print(json.dumps({k: v for k, v in out.items() if k != "rows"}))
    path = save_result(args.out, out, indent=None)  # type: ignore[arg-type]
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
