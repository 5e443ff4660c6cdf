"""Round 81 (issue 11, part 4): a restart's Python work up to its first recall at 10,000
units, counted in bytecodes (deterministic whatever the load), this code against another.

Each child opens a fresh copy of one prepared memory (`recall_rank_cost.build(...,
planner=True)`: 10,000 units, as `recall_request_cpu_r80.py`) as the memory server does
(`recall_common.served_memory`: the store read, the model warmed, the index preloaded, the
background WordNet load waited for) and answers its first recall; the calling thread's
Python bytecodes (`opcode_count`) are counted over the opening and over the first recall,
and its thread CPU beside them (context only: the machine is shared). A background
thread's work (the WordNet load, the model worker) is not on the calling thread and not
counted; it is the same code on both sides unless the change touches it.

    .venv/bin/python bench/recall_restart_opcodes_r81.py --against DIR [--rounds N]
        [--memory DIR] [--out NAME]
        # -> bench/results/<NAME>.json (default recall_restart_opcodes_r81)
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ARGV = sys.argv[1:]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from recall_common import child_measure, load, save_result  # noqa: E402

K, BUDGET = 5, 600
FIRST = "bring me the mug from the kitchen"  # the request bench's first recall


def measure(memory_dir: Path) -> dict[str, Any]:
    from opcode_count import OpcodeCount
    from recall_common import served_memory

    t0 = time.thread_time()
    with OpcodeCount() as opening:
        m = served_memory(memory_dir)
    t1 = time.thread_time()
    try:
        with OpcodeCount() as first:
            answer = m.recall.recall(FIRST, K, BUDGET)
        t2 = time.thread_time()
        ids = [r.unit.object_id for r in answer.units]
    finally:
        m.close()
    return {"opening_opcodes": opening.n, "first_recall_opcodes": first.n,
            "total_opcodes": opening.n + first.n,
            "opening_thread_cpu_s": round(t1 - t0, 3),
            "first_recall_thread_cpu_s": round(t2 - t1, 3), "first_answer": ids}


def main() -> int:
    if "--child" in ARGV:
        print(json.dumps(measure(Path(ARGV[ARGV.index("--dir") + 1]))))
        return 0
    if load() is None:
        print("skip: AI2-THOR rearrangement data absent; the labelled set is generated from it")
        return 0
    import recall_dds_latency as dds
    import recall_rank_cost

    def value(flag: str, default: str) -> str:
        return ARGV[ARGV.index(flag) + 1] if flag in ARGV else default
    against, rounds = value("--against", ""), int(value("--rounds", "2"))
    if not against:
        raise SystemExit("--against DIR: the code to compare with")
    name = value("--out", "recall_restart_opcodes_r81")
    codes = {"this": str(Path(__file__).resolve().parents[1]),
             "peer": str(Path(against).resolve())}
    dds.AGAINST = codes["peer"]
    runs = []
    with tempfile.TemporaryDirectory(prefix="recall_restart_") as tmp:
        base = Path(value("--memory", str(Path(tmp) / "memory")))
        listing = base.parent / f"{base.name}_requests.json"
        if not listing.is_file():  # the same prepared memory as recall_request_cpu_r80.py's
            base.mkdir(parents=True, exist_ok=True)
            listing.write_text(json.dumps(recall_rank_cost.build(base, planner=True)))
        for r in range(rounds):
            for who in (("this", "peer") if r % 2 == 0 else ("peer", "this")):
                d = Path(tmp) / f"m_{who}_{r}"
                shutil.copytree(base, d)
                if who == "peer":
                    dds.downgrade_for_peer(d / "memory.sqlite")
                load_before = os.getloadavg()
                res = child_measure(__file__, d, codes[who], [])
                res |= {"code": who, "round": r,
                        "loadavg_before_after": [load_before, os.getloadavg()]}
                print(json.dumps(res), flush=True)
                runs.append(res)
                shutil.rmtree(d)
    result: dict[str, Any] = {"units": 10_000, "rounds": rounds, "peer_code": against,
                              "runs": runs}
    by = {c: [r for r in runs if r["code"] == c] for c in codes}
    result["median"] = {c: {k: statistics.median(r[k] for r in rs)
                            for k in ("opening_opcodes", "first_recall_opcodes",
                                      "total_opcodes", "opening_thread_cpu_s",
                                      "first_recall_thread_cpu_s")}
                        for c, rs in by.items()}
    result["ratio_this_peer"] = {
        k: round(result["median"]["this"][k] / result["median"]["peer"][k], 4)
        for k in result["median"]["this"]}
    result["deterministic"] = all(len({r["total_opcodes"] for r in rs}) == 1
                                  for rs in by.values())
    result["first_answers_identical"] = len({json.dumps(r["first_answer"]) for r in runs}) == 1
    print(json.dumps({k: result[k] for k in ("median", "ratio_this_peer", "deterministic",
                                             "first_answers_identical")}, indent=1))
    print("wrote", save_result(name, result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
