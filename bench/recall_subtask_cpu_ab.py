"""Round 26 (issue 11, part 4): per-subtask requests' CPU, this code against another, each
request's least CPU of several runs (what the code costs, not what the load adds).

The DDS bench's per-subtask requests (each instruction recalled whole first, so its steps'
vectors are cached as the server's prefetch leaves them, then ``"<text>, then tidy up"``
per subtask) over the shared 10,000-unit memory, in one process per code (a child with
``RECALL_BENCH_CODE``), with the ranking memo off (``scored_memo`` 0: every step's lexical
half and selection run each time, as for a step new to the units version). Each request
runs ``--reps`` times in a row; its least and median ``time.thread_time`` are kept, with
its step count and a digest of its answer (ids, exact scores, context) for the identity
check. The parent alternates codes over ``--rounds`` (this, peer, peer, this, ...) and
reports per code the p50 / p90 / p99 over requests of the least CPU (all requests, and
those of three or more steps), the ratio this / peer, and whether every answer is the same.

``--kind instruction`` (round 34): the DDS bench's instruction mode instead, each distinct
text recalled whole once per process (its first recall: the words new to the server are
read from WordNet in it, which a second run would find memoised), the ranking memo on as
the server has it. ``--reps`` does not apply; a request's figure per code is its median
thread CPU over the ``--rounds`` processes of that code ("min" and "median" both carry the
one run of a process).

``--heap server`` (round 35, the default): each child applies the memory server's heap
policy before its timed requests (``nodes/heap.HeapSettler``: the interpreter's own full
collections off, the heap settled and frozen after the warm-up); ``--heap interpreter``
leaves CPython's collector as it is (the bench before round 35: one instruction per 150
then paid a full collection, 116-152 ms). Either way every request's full (generation 2)
collections are counted (``gc.callbacks``) and the JSON says how many requests had one.

``--units N`` (round 58): a memory of N units instead of 10,000; ``--water N``: N water
fixtures in it (``recall_common.with_water_fixtures``: faucets, sinks, sink basins, bathtub
basins; the labelled set's rooms hold none, so a fill step's fitted-fixture path never
ran there); ``--texts FILE``: the subtask requests' texts from a JSON list, in its order,
instead of ``--requests`` drawn from the labelled set (``bench/recall_fill_texts.json``:
fill steps).

``--lexicon-warmed`` (round 72, instruction kind): the timed requests start after the
lexicon's start-up thread has ended, as a DDS bench's do. ``--lexicon-ceiling`` (round 72,
instruction kind): every request again once all were answered (the lexicon's memo warm, the
query-terms memo, query vectors and ranking memo emptied): ``first`` - ``warm`` is the most a
lexical warm-up could take off it. Every kind's JSON has ``first``: each request's first rep.

    .venv/bin/python bench/recall_subtask_cpu_ab.py --against DIR [--kind subtask|instruction]
        [--requests 150] [--reps 5] [--rounds 2] [--heap server|interpreter] [--out NAME]
        [--units 10000] [--water 0] [--texts FILE] [--lexicon-warmed] [--lexicon-ceiling]
        # -> bench/results/<NAME>.json
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import os
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

CHILD = "--child" in sys.argv


def _digest(a: object) -> str:
    return hashlib.sha1(repr(([(u.unit.object_id, u.score) for u in a.units],  # type: ignore[attr-defined]
                              a.context)).encode()).hexdigest()  # type: ignore[attr-defined]


class _FullCollections:
    """Full (generation-2) collections since the last `take()`, on any thread; with
    `server_policy`, the memory server's heap policy applied first (module docstring)."""

    def __init__(self, server_policy: bool) -> None:
        self.n = 0
        gc.callbacks.append(self._seen)
        if server_policy:
            from memory_node.nodes.heap import HeapSettler

            HeapSettler(settles_only=True).settle()  # as the server's start does

    def _seen(self, phase: str, info: dict) -> None:
        if phase == "start" and info.get("generation") == 2:
            self.n += 1

    def take(self) -> int:
        n, self.n = self.n, 0
        return n


def _instruction_child(requests: int, server_heap: bool, lexicon_warmed: bool = False,
                       lexicon_ceiling: bool = False) -> dict:
    from recall_common import fresh_scale_recall

    loaded = fresh_scale_recall(lexicon_warmed)
    if loaded is None:
        return {}
    rm, recaller, texts, rng = loaded
    full = _FullCollections(server_heap)
    rows = []
    asked = rng.sample(texts, requests)
    for text in asked:
        full.take()
        c = time.thread_time()
        a = rm.recall(text, 5, 600)
        cpu = (time.thread_time() - c) * 1e3
        gen2 = full.take()
        # The prefetch of its steps finishes untimed, as between a planner's requests.
        recaller.wait_for_prefetch(5.0)
        rows.append({"min": cpu, "median": cpu, "first": cpu, "steps": 0,
                     "answer": _digest(a), "gen2": gen2})
    if lexicon_ceiling:
        # Round 72: every text again with the lexicon's memo now holding its words and the
        # per-text memos emptied (query terms, query vectors; the ranking memo off), so each
        # request redoes all but the lexicon's first reads: first - warm = the most any
        # lexical warm-up could take off that request.
        recaller.config = replace(recaller.config, scored_memo=0)
        recaller._query_terms.clear()
        recaller._query_cache.clear()
        for row, text in zip(rows, asked, strict=True):
            c = time.thread_time()
            a = rm.recall(text, 5, 600)
            row["warm"] = (time.thread_time() - c) * 1e3
            recaller.wait_for_prefetch(5.0)
            assert _digest(a) == row["answer"], "an answer changed with a warm lexicon"
    return {"rows": rows}


def _child(requests: int, reps: int, server_heap: bool, units: int = 10_000,
           water: int = 0, texts_file: str = "") -> dict:
    from recall_common import counted_steps_recall

    loaded = counted_steps_recall(units, water)
    if loaded is None:
        return {}
    rm, texts, rng, steps = loaded
    recaller = rm._ensure()
    full = _FullCollections(server_heap)
    rows = []
    asked = (json.loads(Path(texts_file).read_text()) if texts_file
             else rng.sample(texts, requests))
    for text in asked:
        rm.recall(text, 5, 600)
        recaller.wait_for_prefetch(5.0)
        cpu = []
        digest = ""
        full.take()
        for _ in range(reps):
            steps[0] = 0
            c = time.thread_time()
            a = rm.recall(f"{text}, then tidy up", 5, 600, per_subtask=True)
            cpu.append((time.thread_time() - c) * 1e3)
            d = _digest(a)
            assert not digest or d == digest, "an answer changed between runs"
            digest = d
        rows.append({"min": min(cpu), "median": float(np.median(cpu)), "first": cpu[0],
                     "steps": steps[0], "answer": digest, "gen2": full.take()})
    return {"rows": rows}


def _pcts(xs: list[float]) -> list[float]:
    return [round(float(np.percentile(xs, q)), 3) for q in (50, 90, 99)] if xs else []


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--against", default="")
    ap.add_argument("--kind", choices=("subtask", "instruction"), default="subtask")
    ap.add_argument("--requests", type=int, default=150)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--out", default="recall_subtask_cpu_ab")
    ap.add_argument("--heap", choices=("server", "interpreter"), default="server")
    ap.add_argument("--units", type=int, default=10_000)
    ap.add_argument("--water", type=int, default=0)
    ap.add_argument("--texts", default="")
    ap.add_argument("--lexicon-warmed", action="store_true",
                    help="instruction kind: the timed requests start after the lexicon's "
                         "start-up warm-up thread has ended, as a DDS bench's do")
    ap.add_argument("--lexicon-ceiling", action="store_true",
                    help="instruction kind: each request again after all were answered once "
                         "(the lexicon warm, per-text memos emptied): its `warm` CPU")
    ap.add_argument("--child", action="store_true")
    args = ap.parse_args()
    if args.child:
        server_heap = args.heap == "server"
        print(json.dumps(_instruction_child(args.requests, server_heap, args.lexicon_warmed,
                                            args.lexicon_ceiling)
                         if args.kind == "instruction"
                         else _child(args.requests, args.reps, server_heap, args.units,
                                     args.water, args.texts)))
        return 0
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from recall_common import save_result

    here = str(Path(__file__).resolve().parents[1])
    codes = {"this": here, "peer": str(Path(args.against).resolve())}
    runs: list[dict] = []
    for r in range(args.rounds):
        for who in (("this", "peer") if r % 2 == 0 else ("peer", "this")):
            load = os.getloadavg()
            proc = subprocess.run(
                [sys.executable, __file__, "--child", "--kind", args.kind,
                 "--requests", str(args.requests), "--reps", str(args.reps),
                 *(["--lexicon-warmed"] if args.lexicon_warmed else []),
                 *(["--lexicon-ceiling"] if args.lexicon_ceiling else []),
                 "--heap", args.heap, "--units", str(args.units), "--water",
                 str(args.water), "--texts", str(Path(args.texts).resolve()) if args.texts
                 else ""],
                env=os.environ | {"RECALL_BENCH_CODE": codes[who]},
                check=True, capture_output=True, text=True)
            res = json.loads(proc.stdout.strip().splitlines()[-1])
            if not res:
                print("skip: AI2-THOR rearrangement data absent")
                return 0
            rows = res["rows"]
            summary = {"min_all": _pcts([x["min"] for x in rows]),
                       "min_3_steps": _pcts([x["min"] for x in rows if x["steps"] >= 3]),
                       "median_all": _pcts([x["median"] for x in rows]),
                       "first_all": _pcts([x["first"] for x in rows]),
                       "n_3_steps": sum(x["steps"] >= 3 for x in rows),
                       "requests_with_a_full_collection": sum(x["gen2"] > 0 for x in rows),
                       "max_cpu_ms": round(max(x["min"] for x in rows), 1)}
            runs.append({"code": who, "round": r, "loadavg_before_after":
                         [load, os.getloadavg()], "summary": summary,
                         "answers": [x["answer"] for x in rows],
                         "min": [round(x["min"], 3) for x in rows],
                         "first": [round(x["first"], 3) for x in rows],
                         **({"warm": [round(x["warm"], 3) for x in rows]}
                            if args.lexicon_ceiling else {}),
                         "steps": [x["steps"] for x in rows]})
            print(json.dumps({"code": who, "round": r, **summary}), flush=True)
    this = [x for x in runs if x["code"] == "this"]
    peer = [x for x in runs if x["code"] == "peer"]
    out: dict = {"requests": args.requests, "reps": args.reps, "rounds": args.rounds,
                 "heap": args.heap, "units": args.units, "water_fixtures": args.water,
                 "lexicon_warmed": args.lexicon_warmed, "lexicon_ceiling": args.lexicon_ceiling,
                 "texts": args.texts,
                 "peer_code": args.against, "runs": runs,
                 "answers_identical": all(a["answers"] == b["answers"]
                                          for a in this for b in peer)}
    # Per request, the least CPU over every run of a code, then the codes' ratio.
    best_this = np.min([x["min"] for x in this], axis=0)
    best_peer = np.min([x["min"] for x in peer], axis=0)
    three = np.array(this[0]["steps"]) >= 3
    out["best_of_runs"] = {
        "this": {"all": _pcts(list(best_this)), "3_steps": _pcts(list(best_this[three]))},
        "peer": {"all": _pcts(list(best_peer)), "3_steps": _pcts(list(best_peer[three]))},
        "ratio_per_request_p50": round(float(np.median(best_this / best_peer)), 3),
        "ratio_sum": round(float(best_this.sum() / best_peer.sum()), 3)}
    # The same from each request's median over a code's runs (the instruction kind's one
    # run per process has no least of reps; the median is the less load-bent of its runs).
    mid_this = np.median([x["min"] for x in this], axis=0)
    mid_peer = np.median([x["min"] for x in peer], axis=0)
    out["median_of_runs"] = {
        "this": _pcts(list(mid_this)), "peer": _pcts(list(mid_peer)),
        "ratio_per_request_p50": round(float(np.median(mid_this / mid_peer)), 3),
        "ratio_sum": round(float(mid_this.sum() / mid_peer.sum()), 3)}
    # Round 72: each request's FIRST run (the per-subtask kind: its words and steps new to
    # the process, as a planner-mode DDS request finds the server), median over a code's
    # runs, and the per-request top 2 % by it.
    first_this = np.median([x["first"] for x in this], axis=0)
    first_peer = np.median([x["first"] for x in peer], axis=0)
    out["first_run"] = {
        "this": _pcts(list(first_this)), "peer": _pcts(list(first_peer)),
        "ratio_per_request_p50": round(float(np.median(first_this / first_peer)), 3),
        "ratio_sum": round(float(first_this.sum() / first_peer.sum()), 3),
        "top2pct_this": [int(i) for i in np.argsort(-first_this)[:max(1, len(first_this) // 50)]],
        "top2pct_peer": [int(i) for i in np.argsort(-first_peer)[:max(1, len(first_peer) // 50)]]}
    if args.lexicon_ceiling:
        # Request 0 left out: a process's first recall builds what the in-process set-up
        # did not (~5 s), in both passes alike.
        out["lexicon_ceiling"] = {
            who: {"first": _pcts(list(np.median([x["min"] for x in runs_of], axis=0)[1:])),
                  "warm": _pcts(list(np.median([x["warm"] for x in runs_of], axis=0)[1:]))}
            for who, runs_of in (("this", this), ("peer", peer))}
    print(json.dumps({"answers_identical": out["answers_identical"],
                      "first_run": out["first_run"],
                      "lexicon_ceiling": out.get("lexicon_ceiling"),
                      "best_of_runs": out["best_of_runs"],
                      "median_of_runs": out["median_of_runs"]}, indent=1))
    print(f"wrote {save_result(args.out, out, indent=None)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
