"""Round 30 (issue 11, part 4): a hand-off to the model worker, tried and not kept.

A request starts its query's model call on the model worker and does its own Python work
meanwhile (round 21). The worker needs the GIL for the call's first Python lines (the
tokenizer, the input arrays) before onnxruntime's run releases it, and gets it only when
the request blocks on the vectors or after the interpreter's switch interval (5 ms): a
state-conditioned step's ~1-2 ms of Python runs before the model, not beside it (round
29's quiet DDS run: a warm step's ``model_hidden`` median 0 of a 6.8 ms call).

The hand-off (variant ``on``, built here, not in the package): the request waits, GIL
released, until the worker's call is inside onnxruntime's run (the embedder's session
wrapped so that its run, on the model worker's thread, sets the request's event), then
does its Python beside the run. ``off`` is the package's ``model_worker.submit``;
``inline`` is ``RecallConfig.overlap_model`` off (the call on the request's own thread, no
worker: what round 21's overlap is measured against).

A 10,000-unit memory (the DDS bench's fill, ``recall_common.loaded_recall``); N episodes
of the DDS bench's requests: the instruction whole (k=5), then four steps with a brief
state (the first builds the episode's pool, three are warm). Each episode runs under both
variants, order rotating. Every text is recalled once first and the ranking memo is
off, so all variants meet warm words and do the same work; before each variant the
episode's texts leave the query cache, so each variant pays its own model calls. Per kind:
request wall and thread CPU, the model's seconds (``Embedder.busy_s``) and the part of
them hidden beside the request's work (``Recaller.model_hidden_s``), p50/p90/p99, and each
episode's paired difference; per variant how long a job waited from its submission until
the worker began it. The answers of the variants are compared (ids, scores, context).
``--repeat N``: then one warm step per episode text, N times per variant rotating, the
same subgoal each time (its vector dropped from the cache first): the paired wall without
the texts' spread.

    .venv/bin/python bench/recall_model_handoff.py [--episodes N] [--repeat N] [--out NAME]
"""

from __future__ import annotations

import argparse
import os
import threading
import time
from dataclasses import replace

import numpy as np
from recall_common import loaded_recall, save_result

from memory_node.core.recall import model_worker
from memory_node.core.recall.settings import RecallSettings
from memory_node.core.recall_memory import RecallMemory, brief_from_fields

KINDS = ("instruction", "step_pool", "step")
# Per variant: ms from a job's submission until the worker began its embed (the GIL's).
START_LAGS: dict[str, list[float]] = {"on": [], "off": []}  # inline: no worker
SUBMIT = model_worker.submit


class _HandoffSession:
    """The embedder's onnxruntime session; its run on the model worker's thread first
    sets the waiting request's event (the background prefetch's runs do not)."""

    def __init__(self, inner) -> None:  # type: ignore[no-untyped-def]
        self.inner = inner
        self.event: threading.Event | None = None

    def run(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        if threading.current_thread().name.startswith("recall-model"):
            event, self.event = self.event, None
            if event is not None:
                event.set()
        return self.inner.run(*args, **kwargs)

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        return getattr(self.inner, name)


def _timed(embed: model_worker.Embed, lags: list[float]) -> model_worker.Embed:
    submitted = time.perf_counter()

    def run(texts):  # type: ignore[no-untyped-def]
        lags.append((time.perf_counter() - submitted) * 1e3)
        return embed(texts)
    return run


def _submit_with_handoff(session: _HandoffSession) -> model_worker.Embed:
    def submit(embed: model_worker.Embed, texts: list[str]) -> model_worker.ModelJob:
        event = threading.Event()
        timed = _timed(embed, START_LAGS["on"])

        def run(ts):  # type: ignore[no-untyped-def]
            try:
                return timed(ts)
            finally:
                event.set()  # a call that never reached the session frees the request too
        session.event = event
        job = SUBMIT(run, texts)
        event.wait()
        return job
    return submit  # type: ignore[return-value]


def _submit_without_handoff(embed: model_worker.Embed, texts: list[str]
                            ) -> model_worker.ModelJob:
    return SUBMIT(_timed(embed, START_LAGS["off"]), texts)


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


VARIANTS = ("on", "off", "inline")


def _order(i: int) -> tuple[str, ...]:
    return VARIANTS[i % 3:] + VARIANTS[:i % 3]


def _use(rm: RecallMemory, variant: str, submits: dict, configs: dict) -> None:
    model_worker.submit = submits[variant]
    rm._ensure().config = configs[variant]


def _paired(acc: dict, key: str) -> dict:
    out = {}
    for v in ("on", "inline"):
        d = np.array(acc[v][key]) - np.array(acc["off"][key])
        out[f"{v}_minus_off"] = {"median": round(float(np.median(d)), 3),
                                 "mean": round(float(np.mean(d)), 3),
                                 "share_lower": round(float(np.mean(d < 0)), 3)}
    return out


def _repeated(rm: RecallMemory, episodes: list[str], n: int, submits: dict,
              configs: dict) -> dict:
    """One warm step per episode text, n times per variant, rotating (see --repeat)."""
    recaller = rm._ensure()
    acc: dict[str, dict[str, list[float]]] = {v: {} for v in submits}
    for r in range(n):
        e = r % len(episodes)
        text = episodes[e]
        subgoal = _requests(text)[2][1]
        assert subgoal is not None
        for variant in _order(r):
            recaller._query_cache.pop(recaller.spelled(subgoal), None)
            _use(rm, variant, submits, configs)
            hidden, model = recaller.model_hidden_s, recaller.embedder.busy_s
            w = time.perf_counter()
            rm.recall(text, 3, 600, episode_id=f"{variant}{e}",
                      brief=brief_from_fields(subgoal, robot_area="kitchen"))
            acc[variant].setdefault("wall", []).append((time.perf_counter() - w) * 1e3)
            acc[variant].setdefault("model", []).append(
                (recaller.embedder.busy_s - model) * 1e3)
            acc[variant].setdefault("hidden", []).append(
                (recaller.model_hidden_s - hidden) * 1e3)
    return {"per_variant": n, "load_after": os.getloadavg(),
            "p50_p90_p99": {v: {k: [round(float(np.percentile(x, q)), 3)
                                    for q in (50, 90, 99)] for k, x in a.items()}
                            for v, a in acc.items()},
            "paired_wall_ms": _paired(acc, "wall")}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    for flag, default in (("--units", 10_000), ("--episodes", 60), ("--repeat", 0)):
        ap.add_argument(flag, type=int, default=default)
    ap.add_argument("--out", default="recall_model_handoff")
    args = ap.parse_args()
    if (loaded := loaded_recall(args.units, RecallSettings())) is None:
        print("skip: AI2-THOR rearrangement data absent (the labelled set is made from it)")
        return 0
    rm, texts, rng = loaded
    recaller = rm._ensure()
    recaller.config = replace(recaller.config, scored_memo=0)
    episodes = rng.sample(texts, args.episodes)
    for e, text in enumerate(episodes):  # every text's words warm, for both variants alike
        _episode(rm, text, f"warm{e}", None)
    session = _HandoffSession(recaller.embedder._session)
    recaller.embedder._session = session
    submits = {"on": _submit_with_handoff(session), "off": _submit_without_handoff,
               "inline": SUBMIT}
    configs = {v: recaller.config for v in submits}
    configs["inline"] = replace(recaller.config, overlap_model=False)
    acc: dict[str, dict[str, list[float]]] = {v: {} for v in submits}
    answers: dict[str, list] = {v: [] for v in submits}
    load_before = os.getloadavg()
    try:
        for e, text in enumerate(episodes):
            for variant in _order(e):
                for t in [text] + [s for _, s in _requests(text) if s]:
                    recaller._query_cache.pop(recaller.spelled(t), None)
                _use(rm, variant, submits, configs)
                answers[variant] += _episode(rm, text, f"{variant}{e}", acc[variant])
        repeated = (_repeated(rm, episodes, args.repeat, submits, configs)
                    if args.repeat else {})
    finally:
        _use(rm, "off", submits, configs)
    out: dict = {"repeated_warm_step": repeated,"units": args.units, "episodes": args.episodes,
                 "loadavg_before_after": [load_before, os.getloadavg()],
                 "answers_same": answers["on"] == answers["off"] == answers["inline"],
                 "variants": {}, "paired_ms": {}}
    for v, a in acc.items():
        out["variants"][v] = {k: [round(float(np.percentile(x, q)), 3) for q in (50, 90, 99)]
                              + [round(float(np.mean(x)), 3)] for k, x in sorted(a.items())}
    out["worker_start_lag_ms_p50_p90_p99"] = {
        v: [round(float(np.percentile(x, q)), 3) for q in (50, 90, 99)]
        for v, x in START_LAGS.items()}
    for kind in KINDS:
        for name in ("wall", "cpu", "hidden"):
            out["paired_ms"][f"{kind}.{name}"] = _paired(acc, f"{kind}.{name}")
    for v in out["variants"]:
        print(v, out["variants"][v])
    print("paired", out["paired_ms"])
    print("worker start lag", out["worker_start_lag_ms_p50_p90_p99"])
    print("repeated warm step", out["repeated_warm_step"])
    print("answers same:", out["answers_same"], "load", out["loadavg_before_after"])
    print(f"wrote {save_result(args.out, out, indent=2)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
