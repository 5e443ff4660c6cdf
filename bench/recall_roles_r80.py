"""Round 80 (issue 11, parts 1-3): ``roles_before_landmarks`` on vs off, over every
decision and validation instruction, in one pass (the flag off is 7f90ecf8's answers).
Round 80's forms were not kept: apply ``results/recall82_roles_before_landmarks_r80.patch``
(form 2) before running it for them. Round 81 (recall83) runs its nearness-only form with
``--round 81 --validation 19,20,21,70 --base 1226373b`` (the flag is set off and on
explicitly: its default does not matter).

Each instruction is answered auto-split and per hand step with the flag off, then with
it on by the same recaller (the whole answer is the off arm's: ``Recaller.rank`` never
reads the flag), counting the pieces whose top k :func:`subtasks._roles_first` changed.
The switch acts only there, and its scores are the off arm's (memoised), so an
instruction with no such piece answers alike; one with any is answered in full by both
arms (``recall_switch_ab``'s rows).

    .venv/bin/python bench/recall_roles_r80.py --sets 19,20,21,69,tune,1,...,18 \\
        --raw /tmp/a.json                     # one process per list; resumable
    .venv/bin/python bench/recall_roles_r80.py --summarise /tmp/a.json /tmp/b.json
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_switch_ab as switch_ab  # noqa: E402

VALIDATION = {"19", "20", "21", "69"}
K = 3
SWITCH = "roles_before_landmarks"


def run_sets(sets: list[str], raw: Path, only: dict[tuple, dict] | None = None) -> None:
    """Both arms over ``sets``, resumable into ``raw``; ``only``: the instructions to
    answer (an earlier form's flagged ones, by id and hand steps' texts: ids repeat
    across sets) with that form's off answers (the flag off is 7f90ecf8's code in every
    form)."""
    from memory_node.core.recall import subtasks as st
    from memory_node.core.recall.recall import Recaller

    # The switch is not in the package (it failed its rule): apply its patch first.
    moved = switch_ab.watch_changes(st, "_roles_first")

    def per_set(emb: Any, items: list[dict], scenes: dict[str, list]) -> tuple[dict, str]:
        rec = Recaller(emb)
        off_cfg = dataclasses.replace(rec.config, **{SWITCH: False})  # type: ignore[arg-type]
        rec.config = off_cfg
        on_cfg = dataclasses.replace(off_cfg, **{SWITCH: True})  # type: ignore[arg-type]
        out: dict[str, Any] = {"n": len(items), "flagged": {}}
        for it in items:
            key = (it["id"], *(t["text"] for t in it["steps"]))
            if only is not None and key not in only:
                continue
            units = scenes[it["room"]]
            rec.config = off_cfg
            a = only[key] if only is not None else switch_ab.answer(rec, it, units, K)
            rec.config = on_cfg
            moved[0] = 0
            b = switch_ab.answer(rec, it, units, K, whole=a["whole"])
            if moved[0]:
                out["flagged"][it["id"]] = {"on": b, "off": a, "marks": moved[0]}
        rec.config = off_cfg
        return out, f"flagged {len(out['flagged'])}"

    switch_ab.run_resumable(sets, raw, per_set)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sets")
    ap.add_argument("--raw", type=Path)
    ap.add_argument("--summarise", nargs="+", type=Path)
    ap.add_argument("--out", default=None, help="default recall_switch_ab_<switch>_r<round>")
    ap.add_argument("--round", type=int, default=80)
    ap.add_argument("--validation", default=",".join(sorted(VALIDATION)),
                    help="the sets summarised as validation (round 80: 19,20,21,69)")
    ap.add_argument("--base", default="7f90ecf8", help="the commit the flag off answers as")
    ap.add_argument("--only", nargs="+", type=Path,
                    help="raw files of an earlier form: answer only their flagged instructions")
    args = ap.parse_args()
    only = None
    if args.only:
        only = switch_ab.flagged_off_answers(args.only)
    if args.sets:
        run_sets(args.sets.split(","), args.raw, only)
    if args.summarise:
        out = switch_ab.summarise(
            args.summarise, set(args.validation.split(",")), K, args.round, SWITCH,
            f"{SWITCH} on vs off (= {args.base}), over the instructions where a piece's top "
            "k was changed; the others answer alike")
        switch_ab.write_summary(out, args.out or f"recall_switch_ab_{SWITCH}_r{args.round}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
