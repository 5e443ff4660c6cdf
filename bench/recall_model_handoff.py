"""Round 30 (issue 11, part 4): the model worker's hand-off, on and off, in one process.

A request starts its query's model call on the model worker and does its own Python work
meanwhile (round 21). Before round 30 the worker got the GIL for the call's first Python
lines only when the request blocked on the vectors or after the switch interval (5 ms),
so a state-conditioned step's ~1-2 ms of Python ran before the model, not beside it
(round 29's quiet DDS run: a warm step's ``model_hidden`` median 0 of a 6.8 ms call). With
the hand-off ``model_worker.submit`` returns once the call is inside onnxruntime's run.

A 10,000-unit memory (the DDS bench's fill, ``recall_common.loaded_recall``); N episodes
of the DDS bench's requests: the instruction whole (k=5), then four steps with a brief
state (the first builds the episode's pool, three are warm). Each episode runs under both
variants, order alternating: ``on`` (this checkout's ``model_worker.submit``) and ``off``
(the same job submitted without waiting for the hand-off: the code before it). Every text
is recalled once first and the ranking memo is off, so both variants meet warm words and
do the same work; before each variant the episode's texts leave the query cache, so each
variant pays its own model calls. Per kind: request wall and thread CPU, the model's
seconds (``Embedder.busy_s``) and the part of them hidden beside the request's work
(``Recaller.model_hidden_s``), p50/p90/p99, and each episode's paired difference.
The answers of both variants are compared (ids, scores, context).

    .venv/bin/python bench/recall_model_handoff.py [--episodes N] [--out NAME]
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import replace

import numpy as np
from recall_common import loaded_recall, save_result

from memory_node.core.recall import model_worker
from memory_node.core.recall.settings import RecallSettings
from memory_node.core.recall_memory import RecallMemory, brief_from_fields

KINDS = ("instruction", "step_pool", "step")


def _submit_without_handoff(embed: model_worker.Embed, texts: list[str]
                            ) -> model_worker.ModelJob:
    """The job as submit made it before round 30: queued, and the caller goes on at once."""
    model_worker.submit(embed, []) if model_worker._POOL is None else None
    assert model_worker._POOL is not None
    return model_worker.ModelJob(texts, future=model_worker._POOL.submit(
        model_worker._run, embed, list(texts)))


def _requests(text: str) -> list[tuple[str, str | None]]:
    """An episode's requests, worded as bench/recall_dds_latency.py words them."""
    return [("instruction", None)] + [
        ("step_pool" if i == 0 else "step", g) for i, g in enumerate(
            (f"go to the place for: {text}", f"pick up what is needed to {text}",
             f"carry it, to {text}", f"place it down, to {text}"))]


def _episode(rm: RecallMemory, text: str, episode_id: str, acc: dict | None) -> list:
    recaller = rm._ensure()
    answers = []
    for kind, subgoal in _requests(text):
        brief = brief_from_fields(subgoal[:500], robot_area="kitchen") if subgoal else None
        hidden, model = recaller.model_hidden_s, recaller.embedder.busy_s
        w, c = time.perf_counter(), time.thread_time()
        a = rm.recall(text, 3 if brief else 5, 600, episode_id=episode_id if brief else "",
                      brief=brief)
        w, c = time.perf_counter() - w, time.thread_time() - c
        answers.append(([(u.unit.object_id, u.score) for u in a.units], a.context))
        if acc is not None:
            for name, value in (("wall", w), ("cpu", c),
                                ("model", recaller.embedder.busy_s - model),
                                ("hidden", recaller.model_hidden_s - hidden)):
                acc.setdefault(f"{kind}.{name}", []).append(value * 1e3)
    return answers


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--units", type=int, default=10_000)
    ap.add_argument("--episodes", type=int, default=60)
    ap.add_argument("--out", default="recall_model_handoff")
    args = ap.parse_args()
    loaded = loaded_recall(args.units, RecallSettings())
    if loaded is None:
        print("skip: AI2-THOR rearrangement data absent")
        return 0
    rm, texts, rng = loaded
    recaller = rm._ensure()
    recaller.config = replace(recaller.config, scored_memo=0)
    episodes = rng.sample(texts, args.episodes)
    for e, text in enumerate(episodes):  # every text's words warm, for both variants alike
        _episode(rm, text, f"warm{e}", None)
    submits = {"on": model_worker.submit, "off": _submit_without_handoff}
    acc: dict[str, dict[str, list[float]]] = {v: {} for v in submits}
    answers: dict[str, list] = {v: [] for v in submits}
    load_before = os.getloadavg()
    try:
        for e, text in enumerate(episodes):
            for variant in (("on", "off") if e % 2 else ("off", "on")):
                for t in [text] + [s for _, s in _requests(text) if s]:
                    recaller._query_cache.pop(recaller.spelled(t), None)
                model_worker.submit = submits[variant]  # type: ignore[assignment]
                answers[variant] += _episode(rm, text, f"{variant}{e}", acc[variant])
    finally:
        model_worker.submit = submits["on"]  # type: ignore[assignment]
    out: dict = {"units": args.units, "episodes": args.episodes,
                 "loadavg_before_after": [load_before, os.getloadavg()],
                 "answers_same": answers["on"] == answers["off"], "variants": {},
                 "paired_on_minus_off_ms": {}}
    for v, a in acc.items():
        out["variants"][v] = {k: [round(float(np.percentile(x, q)), 3) for q in (50, 90, 99)]
                              + [round(float(np.mean(x)), 3)] for k, x in sorted(a.items())}
    for kind in KINDS:
        for name in ("wall", "cpu", "hidden"):
            d = np.array(acc["on"][f"{kind}.{name}"]) - np.array(acc["off"][f"{kind}.{name}"])
            out["paired_on_minus_off_ms"][f"{kind}.{name}"] = {
                "median": round(float(np.median(d)), 3), "mean": round(float(np.mean(d)), 3),
                "share_on_lower": round(float(np.mean(d < 0)), 3)}
    for v in out["variants"]:
        print(v, out["variants"][v])
    print("paired on - off", out["paired_on_minus_off_ms"])
    print("answers same:", out["answers_same"], "load", out["loadavg_before_after"])
    print(f"wrote {save_result(args.out, out, indent=2)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
