"""Round 79 (issue 11, parts 1-3): what the decision sets still miss at k=3 on 5ea4a343
(the default configuration, ``named_before_implied`` off), and that switch on vs off, in
one pass over every decision and validation instruction. The switch was not kept: apply
``results/recall81_named_before_implied_r79.patch`` before running it.

Each instruction is answered whole, auto-split and per hand step with the flag off (its
misses stored as ``recall_misses_r78.py`` stores them, for its classes); then the same
recaller, the flag on, answers auto and per hand step again (the whole answer is the off
arm's: ``Recaller.rank`` never reads the flag), counting the pieces whose top k
:func:`subtasks._named_first` changed. The switch acts only there, and its scores
are the off arm's (memoised), so an instruction with no such piece answers alike; one
with any is answered in full by both arms (``recall_switch_ab``'s rows).

    .venv/bin/python bench/recall_crowding_r79.py --sets 19,20,21,68,tune,1,...,18 \\
        --raw /tmp/a.json                     # one process per list; resumable
    .venv/bin/python bench/recall_crowding_r79.py --summarise /tmp/a.json /tmp/b.json
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_misses_r78 as misses  # noqa: E402
import recall_switch_ab as switch_ab  # noqa: E402

VALIDATION = {"19", "20", "21", "68"}
K = 3
SWITCH = "named_before_implied"


def run_sets(sets: list[str], raw: Path, only: dict[tuple, dict] | None = None) -> None:
    """Both arms over ``sets`` (resumable into ``raw``); ``only``: the instructions to
    answer (an earlier form's flagged ones, by id and hand steps' texts: ids repeat across
    sets) with the off arm's answers there (the flag off is 5ea4a343's code in every
    form), every other one skipped."""
    from memory_node.core.recall import subtasks as st
    from memory_node.core.recall.recall import Recaller

    # The switch is not in the package (it failed its rule): apply its patch first.
    moved = switch_ab.watch_changes(st, "_named_first")

    def per_set(emb: Any, items: list[dict], scenes: dict[str, list]) -> tuple[dict, str]:
        rec = Recaller(emb)
        off_cfg = rec.config
        assert not off_cfg.named_before_implied
        on_cfg = dataclasses.replace(off_cfg, named_before_implied=True)
        out: dict[str, Any] = {"n": len(items), "needs_auto": 0, "needs_steps": 0,
                               "missed": [], "flagged": {}}
        for it in items:
            key = (it["id"], *(t["text"] for t in it["steps"]))
            if only is not None and key not in only:
                continue
            units = scenes[it["room"]]
            rec.config = off_cfg
            a = only[key] if only is not None else switch_ab.answer(rec, it, units, K)
            misses.add_missed(out, it, a)
            rec.config = on_cfg
            moved[0] = 0
            b = switch_ab.answer(rec, it, units, K, whole=a["whole"])
            if moved[0]:
                out["flagged"][it["id"]] = {"on": b, "off": a, "marks": moved[0]}
        rec.config = off_cfg
        return out, f"missed in {len(out['missed'])} flagged {len(out['flagged'])}"

    switch_ab.run_resumable(sets, raw, per_set)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sets")
    ap.add_argument("--raw", type=Path)
    ap.add_argument("--summarise", nargs="+", type=Path)
    ap.add_argument("--only", nargs="+", type=Path,
                    help="raw files of an earlier form: answer only their flagged instructions")
    ap.add_argument("--misses", nargs="+", type=Path, help="raw files: the off arm's classes")
    ap.add_argument("--out", default=f"recall_switch_ab_{SWITCH}_r79")
    args = ap.parse_args()
    only = None
    if args.only:
        only = switch_ab.flagged_off_answers(args.only)
    if args.sets:
        run_sets(args.sets.split(","), args.raw, only)
    if args.summarise:
        out = switch_ab.summarise(
            args.summarise, VALIDATION, K, 79, SWITCH,
            f"{SWITCH} on vs off (= 5ea4a343), over the instructions where a piece's top k "
            "was changed; the others answer alike")
        switch_ab.write_summary(out, args.out)
    if args.misses:
        # Decision sets only: the validation sets' misses are not read.
        merged: dict[str, Any] = {}
        for f in args.misses:
            merged.update(json.loads(f.read_text()))
        decision = Path(f"/tmp/{SWITCH}_decision_r79.json")
        decision.write_text(json.dumps({s: v for s, v in merged.items() if s not in VALIDATION}))
        got = misses.summarise([decision])
        path = Path(__file__).resolve().parent / "results" / "recall_misses_r79.json"
        path.write_text(json.dumps(got, indent=0) + "\n")
        print(got["totals"], got["classes"], "wrote", path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
