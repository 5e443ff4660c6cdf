"""Round 65 (issue 11, parts 1-3): what round 65's new joints cost a per-subtask request, in
one process, at 10,000 units: ``recall_switch_cpu_inproc``'s measure (on-off-off-on per
text, ``--reps`` times, each arm's least thread CPU, the terms memo emptied before every
request) with the arms being sets of joints, not a config switch: "on" the current
``subtasks.SPLIT_JOINTS``, "off" 3e81fe0d's ({line, extend, to, arrow}). Each arm has its
own config object, so the recaller's split memo (compared by identity) never hands one arm
the other's split.

    .venv/bin/python bench/recall_split_joints_cpu_r65.py [--units 10000] [--reps 5]
        [--texts bench/recall_ordinary_texts.json] [--on line,extend,...] [--off ...] [--out NAME]

Round 66: ``--off`` b48ad0a5's twelve joints, ``--on`` those and the new ones. Round 67
(``--round 67``): ``--off`` f8d8a395's fifteen. Round 69: ``--off-flags`` RecallConfig flags
off in "off" only (``antecedent_past_pronouns``). Round 70: ``--on-flags`` RecallConfig flags
on in "on" only (``described_join``, off by default while its A/B runs).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from environment import with_environment  # noqa: E402
from recall_common import counted_steps_recall  # noqa: E402

OFF = frozenset({"line", "extend", "to", "arrow"})


def main() -> int:
    from memory_node.core.recall import subtasks

    ap = argparse.ArgumentParser()
    ap.add_argument("--units", type=int, default=10_000)
    ap.add_argument("--texts", default=str(Path(__file__).resolve().parent
                                           / "recall_ordinary_texts.json"))
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--on", help="the 'on' joints (default: SPLIT_JOINTS as committed)")
    ap.add_argument("--off", help="the 'off' joints (default: 3e81fe0d's)")
    ap.add_argument("--out", default="recall_split_joints_cpu_r65")
    ap.add_argument("--off-flags", default="",
                    help="RecallConfig flags off in 'off' (comma-separated; round 69's "
                    "antecedent_past_pronouns)")
    ap.add_argument("--on-flags", default="",
                    help="RecallConfig flags on in 'on' only (comma-separated; round 70's "
                    "described_join)")
    ap.add_argument("--round", type=int, help="the round named in the result (default: 65 "
                    "with 3e81fe0d's joints off, else 66)")
    args = ap.parse_args()
    off_joints = frozenset(args.off.split(",")) if args.off else OFF
    on_joints = frozenset(args.on.split(",")) if args.on else frozenset(subtasks.SPLIT_JOINTS)
    loaded = counted_steps_recall(args.units, 0)
    if loaded is None:
        print("skip: AI2-THOR rearrangement data absent")
        return 0
    rm, _, _, _ = loaded
    rec = rm._ensure()
    on = replace(rec.config, **{f: True for f in args.on_flags.split(",") if f})
    off = replace(rec.config, **{f: False for f in args.off_flags.split(",") if f})
    joints = {id(on): on_joints, id(off): off_joints}

    def once(cfg: object, text: str) -> tuple[float, list[str]]:
        subtasks.SPLIT_JOINTS.clear()
        subtasks.SPLIT_JOINTS.update(joints[id(cfg)])
        rec.config = cfg  # type: ignore[assignment]
        rec._query_terms.clear()
        c = time.thread_time()
        a = rm.recall(f"{text}, then tidy up", 5, 600, per_subtask=True)
        return (time.thread_time() - c) * 1e3, [u.unit.object_id for u in a.units]

    texts = json.loads(Path(args.texts).read_text())
    rows, differ, split_differ = [], 0, 0
    for text in texts:
        rm.recall(text, 5, 600)
        rec.wait_for_prefetch(5.0)
        a: list[float] = []
        b: list[float] = []
        ia = ib = None
        for _ in range(args.reps):
            for cfg, into in ((on, a), (off, b), (off, b), (on, a)):
                ms, ids = once(cfg, text)
                into.append(ms)
                if into is a:
                    ia = ids
                else:
                    ib = ids
        differ += ia != ib
        split = []
        for j in (on_joints, off_joints):
            subtasks.SPLIT_JOINTS.clear()
            subtasks.SPLIT_JOINTS.update(j)
            split.append(subtasks.split_subtasks(f"{text}, then tidy up", rec.lexicon))
        split_differ += split[0] != split[1]
        rows.append([text, round(min(a), 4), round(min(b), 4)])
    subtasks.SPLIT_JOINTS.clear()
    subtasks.SPLIT_JOINTS.update(on_joints)
    ratios = [r[1] / r[2] for r in rows]
    out = {"round": args.round or (65 if off_joints == OFF else 66), "on": sorted(on_joints),
           "off": sorted(off_joints), "off_flags": args.off_flags,
           "on_flags": args.on_flags, "units": args.units,
           "reps": args.reps, "texts": len(rows),
           "median_ratio_on_off": round(statistics.median(ratios), 4),
           "summed_ratio_on_off": round(sum(r[1] for r in rows) / sum(r[2] for r in rows), 4),
           "answers_differ": differ, "texts_split_differently": split_differ,
           "rows_text_on_ms_off_ms": rows}
    path = Path(__file__).resolve().parent / "results" / f"{args.out}.json"
    path.write_text(json.dumps(with_environment(out), indent=1) + "\n")
    print({k: v for k, v in out.items() if k != "rows_text_on_ms_off_ms"})
    print("wrote", path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
