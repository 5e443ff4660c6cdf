"""Round 39 (issue 11, part 4): where each kind of request waits, in process, at 10,000 units.

The DDS bench's four kinds (``recall_dds_latency.py``: 200 distinct instructions whole, k=5;
half of them again per subtask; episodes of four steps with a brief state, the first
building the pool) over the shared 10,000-unit memory, as the server runs them (ranking
memo on, the model's call on its worker beside the ranking, the server's heap policy). Per
request: the wall, the request thread's CPU, the model's busy time (``Embedder.busy_s``),
and the request thread's path around the model: its CPU before it first waits for a
model call's vectors (``ModelJob.vectors``), the wall it spends inside those waits, its
CPU after the last. A kind whose wall is ``before + waited + after`` with ``waited`` large
waits on the model; one with ``waited`` near 0 is its own Python.

Then the instruction kind's texts again with the ranking memo off: each as a new text of
the same words ("please <text>"), then itself twice. A request's first pass minus its new
text's is what the words new to the process cost it (WordNet read per word); the new text's
minus the least of the two repeats is what a text new to the process costs beyond its words
(the per-text parses); the repeats are what any request costs again.

``--tokens``: the model's run alone (``InferenceSession.run``, one thread) on inputs of 4-64
tokens, least and median thread CPU of 30 runs each: its fixed cost and cost per token; and
the token counts of the texts each kind embeds.

Round 41: each request's collections too (``gc.callbacks``: how many ran inside it, their
thread CPU summed, the longest) and where its wall went that was not the thread's CPU
(Linux ``/proc/self/task/<tid>/schedstat``: waiting for a core, ``runqueue``; the rest,
``blocked``, is sleeping: the model's vectors, the GIL); and the model call's ``run`` on
the worker the same way (its CPU and its runqueue wait), with the tokens it ran.
``--middle N`` sets generation 1's threshold after the server's heap policy is applied
(``--middle 10``: the policy before round 41, the interpreter's own).

``--padding N``: N pairs (an instruction, "go to the place for: <another>") embedded alone
and as one padded batch; how many pairs' vectors differ at all (the batch's padding
deciding a vector would make a batch's split change answers).

    .venv/bin/python bench/recall_kind_paths.py [--requests 200] [--padding 150] [--out NAME]
        [--tokens] [--middle N]
        # -> bench/results/<NAME>.json; RECALL_BENCH_CODE=DIR runs DIR's code
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from recall_common import load, loaded_recall, save_result  # noqa: E402

from memory_node.core.recall import model_worker  # noqa: E402
from memory_node.core.recall.settings import RecallSettings  # noqa: E402
from memory_node.core.recall_memory import brief_from_fields  # noqa: E402

FIELDS = ("wall", "thread_cpu", "model_busy", "before_wait_cpu", "waited", "after_wait_cpu",
          "runqueue", "blocked", "gc_n", "gc_cpu", "gc_longest", "model_run_cpu",
          "model_run_runqueue", "model_tokens")


def _sched_ms(tid: int) -> tuple[float, float]:
    """A thread's time on a CPU and waiting on a runqueue (ms); zeros off Linux."""
    try:
        with open(f"/proc/self/task/{tid}/schedstat") as f:
            on_cpu, waiting = f.read().split()[:2]
    except OSError:
        return 0.0, 0.0
    return int(on_cpu) / 1e6, int(waiting) / 1e6


class _Collections:
    """Collections while ``on``: count, summed thread CPU, longest (ms)."""

    def __init__(self) -> None:
        self.on = False
        self.times: list[float] = []
        self._began = 0.0
        gc.callbacks.append(self._hook)

    def _hook(self, phase: str, info: dict) -> None:
        if not self.on:
            return
        if phase == "start":
            self._began = time.thread_time()
        else:
            self.times.append((time.thread_time() - self._began) * 1e3)


class _ModelRuns:
    """The request path's onnxruntime runs (not the background worker's): thread CPU,
    runqueue wait and tokens (batch x length), summed since ``reset``."""

    def __init__(self, embedder: object) -> None:
        self.reset()
        session = embedder._session  # type: ignore[attr-defined]
        me = self

        class _Timed:
            def __getattr__(self, name: str) -> object:
                return getattr(session, name)

            def run(self, names: object, feeds: dict) -> object:
                if threading.current_thread().name.startswith("recall-prefetch"):
                    return session.run(names, feeds)
                tid = threading.get_native_id()
                c, (_, q) = time.thread_time(), _sched_ms(tid)
                try:
                    return session.run(names, feeds)
                finally:
                    me.cpu += (time.thread_time() - c) * 1e3
                    me.runqueue += _sched_ms(tid)[1] - q
                    me.tokens += int(np.prod(feeds["input_ids"].shape))

        embedder._session = _Timed()  # type: ignore[attr-defined]

    def reset(self) -> None:
        self.cpu = self.runqueue = 0.0
        self.tokens = 0


class _Waits:
    """The request thread's model waits: wall inside ``ModelJob.vectors`` and its CPU
    clock at the first entry and the last exit (since ``reset``)."""

    def __init__(self) -> None:
        self.reset()
        inner = model_worker.ModelJob.vectors
        me = self

        def vectors(job: model_worker.ModelJob) -> np.ndarray:
            if me.first is None:
                me.first = time.thread_time()
            t = time.perf_counter()
            try:
                return inner(job)
            finally:
                me.waited += time.perf_counter() - t
                me.last = time.thread_time()

        model_worker.ModelJob.vectors = vectors  # type: ignore[method-assign]

    def reset(self) -> None:
        self.first: float | None = None
        self.last: float | None = None
        self.waited = 0.0


def _pcts(xs: list[float]) -> list[float]:
    return [round(float(np.percentile(xs, q)), 3) for q in (50, 90, 99)] if xs else []


def _padding(pairs: int, texts: list[str], embedder: object) -> dict:
    rng = random.Random(3)
    differ, worst = 0, 0.0
    for _ in range(pairs):
        a, b = rng.sample(texts, 2)
        b = f"go to the place for: {b}"
        alone = np.stack([embedder.embed([a])[0], embedder.embed([b])[0]])  # type: ignore[attr-defined]
        batch = embedder.embed([a, b])  # type: ignore[attr-defined]
        d = float(np.abs(alone - batch).max())
        differ += d > 0
        worst = max(worst, d)
    return {"pairs": pairs, "pairs_differing": differ, "max_abs_diff": worst}


def _tokens(embedder: object, kinds: dict[str, list[str]]) -> dict:
    session = embedder._session  # type: ignore[attr-defined]
    names = embedder._input_names  # type: ignore[attr-defined]
    run: dict[str, list[float]] = {}
    for n in (4, 8, 16, 24, 32, 48, 64):
        ids = np.full((1, n), 1000, dtype=np.int64)
        ids[0, 0], ids[0, -1] = 101, 102
        feeds = {"input_ids": ids, "attention_mask": np.ones_like(ids)}
        if "token_type_ids" in names:
            feeds["token_type_ids"] = np.zeros_like(ids)
        cpu = []
        for _ in range(30):
            c = time.thread_time()
            session.run(None, feeds)
            cpu.append((time.thread_time() - c) * 1e3)
        run[str(n)] = [round(min(cpu), 3), round(float(np.median(cpu)), 3)]
    tok = embedder._tokenizer  # type: ignore[attr-defined]
    counts = {k: _pcts([float(len(tok.encode(t).ids)) for t in v]) for k, v in kinds.items()}
    return {"run_least_median_ms_by_tokens": run, "tokens_p50_p90_p99_by_kind": counts}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--requests", type=int, default=200)
    ap.add_argument("--padding", type=int, default=150)
    ap.add_argument("--tokens", action="store_true")
    ap.add_argument("--out", default="recall_kind_paths")
    ap.add_argument("--middle", type=int, default=None,
                    help="generation 1's threshold after the heap policy (default: the policy's)")
    args = ap.parse_args()
    loaded = loaded_recall(10_000, RecallSettings())
    if loaded is None:
        print("skip: AI2-THOR rearrangement data absent")
        return 0
    rm, texts, rng = loaded
    recaller = rm._ensure()
    from memory_node.nodes.heap import HeapSettler

    HeapSettler(settles_only=True).settle()  # as the server's start does
    if args.middle is not None:
        young, _, old = gc.get_threshold()
        gc.set_threshold(young, args.middle, old)
    thresholds = gc.get_threshold()
    rm.recall("bring me the mug from the kitchen", 5, 600)  # the DDS bench's first recall
    recaller.wait_for_prefetch(5.0)
    waits = _Waits()
    collections = _Collections()
    runs = _ModelRuns(recaller.embedder)
    me = threading.get_native_id()
    rows: dict[str, list[tuple[float, ...]]] = {}

    def timed(call: object) -> None:
        waits.reset()
        runs.reset()
        collections.times.clear()
        busy = recaller.embedder.busy_s
        q0 = _sched_ms(me)[1]
        collections.on = True
        w, c = time.perf_counter(), time.thread_time()
        answer = call()  # type: ignore[operator]
        end = time.thread_time()
        wall = time.perf_counter() - w
        collections.on = False
        runqueue = (_sched_ms(me)[1] - q0) / 1e3
        before = (waits.first if waits.first is not None else end) - c
        after = end - waits.last if waits.last is not None else 0.0
        gcs = collections.times
        rows.setdefault(answer.kind, []).append(
            tuple(x * 1e3 for x in (wall, end - c, recaller.embedder.busy_s - busy,
                                    before, waits.waited, after, runqueue,
                                    wall - (end - c) - runqueue))
            + (float(len(gcs)), sum(gcs), max(gcs, default=0.0), runs.cpu, runs.runqueue,
               float(runs.tokens)))

    load_before = os.getloadavg()
    instructions = rng.sample(texts, min(args.requests, len(texts)))
    episodes = rng.sample(texts, max(1, len(instructions) // 4))
    for text in instructions:
        timed(lambda text=text: rm.recall(text, 5, 600))
        recaller.wait_for_prefetch(5.0)  # between requests, as a client's think time
    for text in instructions[:len(instructions) // 2]:
        timed(lambda text=text: rm.recall(f"{text}, then tidy up", 5, 600, per_subtask=True))
    for e, text in enumerate(episodes):
        for subgoal in (f"go to the place for: {text}", f"pick up what is needed to {text}",
                        f"carry it, to {text}", f"place it down, to {text}"):
            brief = brief_from_fields(subgoal[:500], robot_area="kitchen")
            timed(lambda text=text, brief=brief, e=e: rm.recall(
                text, 3, 600, episode_id=f"ep{e}", brief=brief))
    kinds = {k: {f: _pcts([r[i] for r in v]) for i, f in enumerate(FIELDS)}
             | {"n": len(v), "gc_cpu_sum_ms": round(sum(r[FIELDS.index("gc_cpu")] for r in v), 2),
                "thread_cpu_sum_ms": round(sum(r[1] for r in v), 1)}
             for k, v in rows.items()}
    # The instruction texts again, memo off (the first pass above had it on, but every text
    # was new to it, so it never hit).
    recaller.config = replace(recaller.config, scored_memo=0)
    passes = []
    for prefix in ("please ", "", ""):
        cpu = []
        for text in instructions:
            c = time.thread_time()
            rm.recall(prefix + text, 5, 600)
            cpu.append((time.thread_time() - c) * 1e3)
            recaller.wait_for_prefetch(5.0)
        passes.append(np.array(cpu))
    first = np.array([r[1] for r in rows["instruction"]])
    new_text, again = passes[0], np.minimum(passes[1], passes[2])
    gc.callbacks.remove(collections._hook)
    # Cyclic garbage the young collections left in generation 2 (a settle's to free).
    left_for_settle = gc.collect()
    out = {"requests": len(instructions), "episodes": len(episodes),
           "gc_thresholds": list(thresholds), "unreachable_left_for_the_settle": left_for_settle,
           "fields_ms_p50_p90_p99": list(FIELDS), "kinds": kinds,
           "instruction_first_vs_repeat_cpu_ms": {
               "first": _pcts(list(first)), "new_text_same_words": _pcts(list(new_text)),
               "repeat_least_of_2": _pcts(list(again)),
               "words_new_first_minus_new_text": _pcts(list(first - new_text)),
               "text_new_new_text_minus_repeat": _pcts(list(new_text - again)),
               "sum_s_first_new_text_repeat": [round(float(x.sum()) / 1e3, 3)
                                               for x in (first, new_text, again)]},
           "loadavg_before_after": [load_before, os.getloadavg()]}
    if args.padding:
        doc = load()
        assert doc is not None
        out["padding"] = _padding(args.padding, sorted({i["text"] for i in doc["instructions"]}),
                                  recaller.embedder)
    if args.tokens:
        out["model"] = _tokens(recaller.embedder, {
            "instruction": instructions,
            "step_pool_subgoal": [f"go to the place for: {t}" for t in episodes],
            "step_subgoal": [s for t in episodes for s in (
                f"pick up what is needed to {t}", f"carry it, to {t}",
                f"place it down, to {t}")]})
    import json

    print(json.dumps(out, indent=1))
    print(f"wrote {save_result(args.out, out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
