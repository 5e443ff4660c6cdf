"""Round 25 (issue 11, part 4): where a per-subtask request's time goes, stage by stage.

In one process with a 10,000-unit memory (the DDS bench's fill and request texts): each of
N instructions is recalled whole, then ``"<text>, then tidy up"`` per subtask, as
bench/recall_dds_latency.py asks them (the prefetch on, as the server runs). Every timed
per-subtask request records, wall and thread CPU:

* ``total``: RecallMemory.recall;
* ``steps``: how many steps the split made;
* ``rank``: Recaller.rank summed over the steps, and within it ``scored`` (the query
  vector from the cache, cosines, the lexical half) and ``select`` (the rest: candidates,
  diversity, result objects);
* ``lexical``: Recaller._lexical_arrays (inside ``scored``);
* ``context``: Recaller.context_for (the context block);
* ``gc_ms``: collector pauses inside the request (gc.callbacks), and which generation.

The requests' p50/p90/p99 per stage, the 5 slowest requests with their stage split, and
the correlation of each stage with the total; per variant of ``RecallConfig.scored_memo``
(round 25: ``memo``, the default, and ``off``, 0), alternating request by request (the
whole recall before each per-subtask one under the same variant). Then the answers of
both variants compared, request by request (ids, scores, context).

``--episodes N``: then the planner's flow (planner settings: per_subtask on), N episodes
per variant, alternating: a per-subtask recall in the episode, then a step whose pool is
built per subtask (it ranks the whole instruction and each step again, k = pool size),
then two warm steps; each request's wall and CPU by kind, and the answers of both
variants compared. Every episode's texts are recalled once first (words and vectors warm,
no ranking kept).

    .venv/bin/python bench/recall_subtask_stages.py [--units N] [--requests N] [--out NAME]
"""

from __future__ import annotations

import argparse
import gc
import os
import time
from collections.abc import Callable
from dataclasses import replace

import numpy as np
from recall_common import loaded_recall, save_result

from memory_node.core.recall.recall import Recaller
from memory_node.core.recall.settings import RecallSettings
from memory_node.core.recall_memory import RecallMemory, brief_from_fields

_acc: dict[str, list[float]] = {}


def _timed(name: str, fn: Callable) -> Callable:
    """``fn`` that adds its wall and CPU ms to the current request's ``name`` entries."""
    def run(*a, **kw):
        w, c = time.perf_counter(), time.thread_time()
        try:
            return fn(*a, **kw)
        finally:
            _acc.setdefault(f"{name}.wall", []).append((time.perf_counter() - w) * 1e3)
            _acc.setdefault(f"{name}.cpu", []).append((time.thread_time() - c) * 1e3)
    return run


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--units", type=int, default=10_000)
    ap.add_argument("--requests", type=int, default=200)
    ap.add_argument("--episodes", type=int, default=0)
    ap.add_argument("--out", default="recall_subtask_stages")
    args = ap.parse_args()
    loaded = loaded_recall(args.units, RecallSettings())
    if loaded is None:
        print("skip: AI2-THOR rearrangement data absent")
        return 0
    rm, texts, rng = loaded
    asked = rng.sample(texts, args.requests)
    # Measurement only: the class's methods wrapped with timers (same calls, same order).
    rank_inner, scored_inner = Recaller.rank, Recaller.scored
    Recaller.rank = _timed("rank", Recaller.rank)
    Recaller.scored = _timed("scored", Recaller.scored)
    Recaller._lexical_arrays = _timed("lexical", Recaller._lexical_arrays)
    Recaller.context_for = _timed("context", Recaller.context_for)
    pauses: list[tuple[int, float]] = []
    began: list[float] = [0.0]

    def on_gc(phase: str, info: dict) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            pauses.append((info["generation"], (time.perf_counter() - began[0]) * 1e3))

    gc.callbacks.append(on_gc)
    rows = []
    load_before = os.getloadavg()
    recaller = rm._ensure()
    configs = {"memo": recaller.config, "off": replace(recaller.config, scored_memo=0)}
    for i, text in enumerate(asked):
        variant = ("memo", "off")[(i + i // 2) % 2]
        recaller.config = configs[variant]
        rm.recall(text, 5, 600)  # whole first, as the DDS bench: its steps prefetched
        recaller.wait_for_prefetch(5.0)
        _acc.clear()
        pauses.clear()
        w, c = time.perf_counter(), time.thread_time()
        rm.recall(f"{text}, then tidy up", 5, 600, per_subtask=True)
        c, w = (time.thread_time() - c) * 1e3, (time.perf_counter() - w) * 1e3
        row = {"total.wall": w, "total.cpu": c, "steps": len(_acc.get("rank.wall", [])),
               "gc_ms": sum(p for _, p in pauses),
               "gc_gens": sorted({g for g, _ in pauses})}
        for name in ("rank", "scored", "lexical", "context"):
            for kind in ("wall", "cpu"):
                row[f"{name}.{kind}"] = sum(_acc.get(f"{name}.{kind}", []))
        row["select.wall"] = row["rank.wall"] - row["scored.wall"]
        row["select.cpu"] = row["rank.cpu"] - row["scored.cpu"]
        row["text"] = text
        row["variant"] = variant
        rows.append(row)
    gc.callbacks.remove(on_gc)
    n_skip = min(20, len(rows) // 5)  # the first requests meet new words (round 20)
    out: dict = {"units": args.units, "skipped_first": n_skip,
                 "loadavg_before_after": [load_before, os.getloadavg()], "variants": {}}
    for variant in configs:
        out["variants"][variant] = _summary([r for r in rows[n_skip:]
                                             if r["variant"] == variant])
    same = differ = 0
    for text in asked[:60]:
        answers = []
        for variant in ("memo", "off"):
            recaller.config = configs[variant]
            rm.recall(text, 5, 600)
            a = rm.recall(f"{text}, then tidy up", 5, 600, per_subtask=True)
            answers.append(([(u.unit.object_id, u.score) for u in a.units], a.context))
        same += answers[0] == answers[1]
        differ += answers[0] != answers[1]
    out["answers_same_differ"] = [same, differ]
    out["memo_hits"] = recaller.scored_memo_hits
    if args.episodes:
        Recaller.rank, Recaller.scored = rank_inner, scored_inner
        out["planner_flow"] = _planner_flow(rm, configs, rng.sample(texts, args.episodes))
    print("answers same / differ", same, differ, "memo hits", recaller.scored_memo_hits)
    print(f"wrote {save_result(args.out, out, indent=2)}")
    return 0


def _subgoals(text: str) -> list[str]:
    """An episode's step subgoals, as the DDS bench words them."""
    return [f"go to the place for: {text}", f"pick up what is needed to {text}",
            f"carry it, to {text}"]


def _planner_flow(rm: RecallMemory, configs: dict, episodes: list[str]) -> dict:
    """The planner's requests of one episode, per variant (see the module doc)."""
    recaller = rm._ensure()
    # Every episode's words and query vectors first, under "off" (which keeps no ranking):
    # the variant that ran an episode first paid the first use of its new words (a
    # WordNet lookup each, round 20), which was the p99 of the first version of this run.
    recaller.config = configs["off"]
    for text in episodes:
        for subgoal in _subgoals(text):
            rm.recall(subgoal, 3, 600)
        rm.recall(text, 5, 600, per_subtask=True)
    times: dict[str, dict[str, list[float]]] = {v: {} for v in configs}
    answers: dict[str, list] = {v: [] for v in configs}
    for e, text in enumerate(episodes):
        for variant in (("memo", "off") if e % 2 else ("off", "memo")):
            recaller.config = configs[variant]
            ep = f"{variant}{e}"
            subgoals = _subgoals(text)
            calls = [("subtask", None)] + [("step_pool" if i == 0 else "step", g)
                                          for i, g in enumerate(subgoals)]
            for kind, subgoal in calls:
                brief = (brief_from_fields(subgoal[:500], robot_area="kitchen")
                         if subgoal else None)
                w, c = time.perf_counter(), time.thread_time()
                a = rm.recall(text, 3 if brief else 5, 600, episode_id=ep, brief=brief,
                              per_subtask=True)
                c, w = (time.thread_time() - c) * 1e3, (time.perf_counter() - w) * 1e3
                times[variant].setdefault(f"{kind}.cpu", []).append(c)
                times[variant].setdefault(f"{kind}.wall", []).append(w)
                answers[variant].append(([(u.unit.object_id, u.score) for u in a.units],
                                         a.context))
    out: dict = {"episodes_per_variant": len(episodes),
                 "answers_same": answers["memo"] == answers["off"], "variants": {}}
    for v, t in times.items():
        out["variants"][v] = {k: [round(float(np.percentile(x, q)), 3) for q in (50, 90, 99)]
                              for k, x in sorted(t.items())}
        print("planner flow", v, out["variants"][v])
    print("planner flow answers same:", out["answers_same"])
    return out


def _summary(timed: list[dict]) -> dict:
    stages = ["total", "rank", "scored", "lexical", "select", "context"]
    out: dict = {"requests": len(timed), "stages": {}}
    total = np.array([r["total.cpu"] for r in timed])
    for s in stages:
        for kind in ("wall", "cpu"):
            v = np.array([r[f"{s}.{kind}"] for r in timed])
            out["stages"][f"{s}.{kind}"] = {
                "p50_p90_p99": [round(float(np.percentile(v, q)), 3) for q in (50, 90, 99)],
                "corr_with_total_cpu": round(float(np.corrcoef(v, total)[0, 1]), 3)
                if v.std() > 0 else None}
    steps = np.array([r["steps"] for r in timed])
    out["steps_share"] = {int(n): round(float(np.mean(steps == n)), 3) for n in np.unique(steps)}
    out["total_cpu_by_steps"] = {
        int(n): [round(float(np.percentile(total[steps == n], q)), 3) for q in (50, 99)]
        for n in np.unique(steps)}
    out["gc"] = {"requests_with_a_pause": int(sum(r["gc_ms"] > 0 for r in timed)),
                 "max_ms": round(max(r["gc_ms"] for r in timed), 3)}
    out["slowest_cpu"] = [
        {k: (round(v, 3) if isinstance(v, float) else v) for k, v in r.items()}
        for r in sorted(timed, key=lambda r: -r["total.cpu"])[:5]]
    for k, v in out["stages"].items():
        print(k, v)
    print("steps", out["steps_share"], out["total_cpu_by_steps"], "gc", out["gc"])
    return out


if __name__ == "__main__":
    raise SystemExit(main())
