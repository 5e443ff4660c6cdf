"""Round 78 (issue 11, parts 1-3): every needed object the default ranking misses at k=3 on
the decision sets, per hand step and per auto-split instruction (the planner's path), with
what was answered instead, so the misses can be sorted into classes by hand.

    .venv/bin/python bench/recall_misses_r78.py --sets tune,1,...,18 --raw /tmp/a.json   # resumable
    .venv/bin/python bench/recall_misses_r78.py --summarise /tmp/a.json /tmp/b.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_switch_ab as switch_ab  # noqa: E402
from recall_common import save_result  # noqa: E402

K = 3


def run_sets(sets: list[str], raw: Path) -> None:
    from memory_node.core.recall.recall import Recaller

    def per_set(emb: Any, items: list[dict], scenes: dict[str, list]) -> tuple[dict, str]:
        rec = Recaller(emb)
        out: dict[str, Any] = {"n": len(items), "needs_auto": 0, "needs_steps": 0, "missed": []}
        for it in items:
            a = switch_ab.answer(rec, it, scenes[it["room"]], K)
            out["needs_auto"] += len(a["auto"][0])
            out["needs_steps"] += sum(len(s[0]) for s in a["steps"])
            miss_auto = [i for i, ok in enumerate(a["auto"][0]) if not ok]
            miss_steps = [(j, i) for j, s in enumerate(a["steps"]) for i, ok in enumerate(s[0])
                          if not ok]
            if miss_auto or miss_steps:
                out["missed"].append({"id": it["id"], "room": it["room"], "text": it["text"],
                                      "steps": [s["text"] for s in it["steps"]],
                                      "step_needs": [s["needs"] for s in it["steps"]],
                                      "answer": a, "auto_missed": miss_auto,
                                      "steps_missed": miss_steps})
        return out, f"missed in {len(out['missed'])}"

    switch_ab.run_resumable(sets, raw, per_set)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sets")
    ap.add_argument("--raw", type=Path)
    ap.add_argument("--summarise", nargs="+", type=Path)
    ap.add_argument("--out", default="recall_misses_r78")
    args = ap.parse_args()
    if args.sets:
        run_sets(args.sets.split(","), args.raw)
    if args.summarise:
        res: dict[str, Any] = {}
        for f in args.summarise:
            res.update(json.loads(f.read_text()))
        tot = {k: sum(r[k] for r in res.values()) for k in ("needs_auto", "needs_steps")}
        out = {"what": "needs missed at k=3 on the decision sets (default config)", "k": K,
               "sets": sorted(res), **tot,
               "missed_auto": sum(len(m["auto_missed"]) for r in res.values() for m in r["missed"]),
               "missed_steps": sum(len(m["steps_missed"]) for r in res.values()
                                   for m in r["missed"]),
               "rows": [{"set": s, **m} for s, r in res.items() for m in r["missed"]]}
        print(json.dumps({k: v for k, v in out.items() if k != "rows"}))
        save_result(args.out, out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
