"""Round 63 (issue 11, part 4): what words new to the process cost a whole-instruction request.

The scale benches' 10,000-unit memory (``recall_common.loaded_recall``), the labelled texts in
a fixed random order, each recalled whole once (k=5, budget 600) after the lexicon's start-up
warm-up thread has finished, as on the DDS bench's fresh server. Per request: the handler's
thread CPU, WordNet index reads (``LazyLemmaIndex.__missing__``) and the misses of every
memoised ``Lexicon`` method. Summaries by the request's position (1-10, 11-30, 31-...), and
with ``--repeat`` the same texts again with every lexicon memo warm (the query terms' own
per-text memo cleared): the most any store of per-word answers could take off.
``RECALL_BENCH_CODE=<dir>`` runs that checkout's code (recall_common): round 63's A/B of
``RecallConfig.warm_query_words`` ran it on the change and on the base.

``--stages`` (round 66): each row also holds the text, its words and the model's tokens, the
model worker's thread CPU in the request (``model_cpu_ms``) and the request's stage walls
(``stages``: recall_memory's StageTimes of the whole-instruction kind), and the summary the
slowest 2 % of the last pass against the rest; ``--profile N``: the N requests of most
handler CPU in the last pass recalled again under cProfile (every memo warm, the query
terms' per-text memo cleared), the functions of most own time over them.

``--calls`` (round 69): each row also holds the request's model calls (``model_calls``:
[thread, background, texts, padded tokens, thread CPU ms] per ``Embedder._embed_batch``,
the background steps' prefetch included, waited for after the request) and the handler's
thread CPU by stage (``handler_cpu``: the scoring (``Recaller.scored``, the lexical half
and the wait for the vector), the selection after it, the context block, the steps' split
and prefetch start (``RecallMemory._prefetch_steps``), the rest), and the summary those
by the request's own CPU (p50 / p90 / p99 rows, and the top 2 % against the rest).

    .venv/bin/python bench/recall_new_words_r63.py [--texts 300] [--repeat] [--stages]
        [--profile N] [--out NAME]   # -> bench/results/NAME.json
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
from recall_common import fresh_scale_recall, save_result, spread  # noqa: E402

import memory_node.core.recall.lexicon as lexicon_mod  # noqa: E402

K, BUDGET = 5, 600


def _model_cpu_ns() -> int:
    """CPU of the model worker's threads (recall-model*) so far."""
    return sum(time.clock_gettime_ns(time.pthread_getcpuclockid(t.ident))
               for t in threading.enumerate()
               if t.name.startswith("recall-model") and t.ident is not None)


def _tail(rows: list[dict]) -> dict:
    """The slowest 2 % by handler CPU against the rest: handler and model CPU, words,
    tokens, WordNet reads and each stage's wall, medians; correlations with the CPU."""
    cpu = np.array([r["cpu_ms"] for r in rows])
    cut = float(np.quantile(cpu, 0.98))
    cols = ("cpu_ms", "model_cpu_ms", "words", "tokens", "wordnet_reads", "memo_misses")
    names = sorted({n for r in rows for n in r["stages"]})

    def med(sel: list[dict]) -> dict:
        return ({c: round(float(np.median([r[c] for r in sel])), 3) for c in cols}
                | {f"stage.{n}": round(float(np.median([r["stages"].get(n, 0.0)
                                                       for r in sel])), 3) for n in names})

    tail = [r for r in rows if r["cpu_ms"] >= cut]
    return {"cut_cpu_ms": round(cut, 3), "tail_median": med(tail),
            "rest_median": med([r for r in rows if r["cpu_ms"] < cut]),
            "corr_with_cpu": {c: round(float(np.corrcoef(cpu, [r[c] for r in rows])[0, 1]), 3)
                              for c in cols[1:]},
            "corr_model_cpu_tokens": round(float(np.corrcoef(
                [r["model_cpu_ms"] for r in rows], [r["tokens"] for r in rows])[0, 1]), 3),
            "slowest": sorted(({k: v for k, v in r.items() if k != "by_memo"} for r in tail),
                              key=lambda r: -r["cpu_ms"])}


def _profile(rm: Any, rec: Any, rows: list[dict], n: int) -> dict:
    """cProfile of the `n` requests of most handler CPU, recalled again (memos warm)."""
    import cProfile
    import pstats

    slow = sorted(rows, key=lambda r: -r["cpu_ms"])[:n]
    prof = cProfile.Profile(time.thread_time)  # the thread's CPU, not the load's wall (round 69)
    for i, r in enumerate(slow):
        rec._query_terms.clear()
        prof.enable()
        rm.recall(r["text"], K, BUDGET, episode_id=f"prof{i}")
        prof.disable()
        rec.wait_for_prefetch(5.0)
    st = pstats.Stats(prof)
    rows_out = sorted(((f"{Path(f).name}:{line}:{fn}", tt * 1e3 / n, ct * 1e3 / n, nc / n)
                       for (f, line, fn), (_, nc, tt, ct, _) in st.stats.items()  # type: ignore[attr-defined]
                       ), key=lambda x: -x[1])[:40]
    return {"texts": [r["text"] for r in slow],
            "own_ms_per_request": [[k, round(tt, 3), round(ct, 3), round(nc, 1)]
                                   for k, tt, ct, nc in rows_out]}


def _trace_calls(rec: Any, calls: list[list], cpu_by: dict[str, float]) -> None:
    """Record every model call (thread, background, texts, padded tokens, thread CPU ms) in
    `calls` and the main thread's CPU in a few stages of a whole-instruction request in
    `cpu_by` (ms; a stage's CPU excludes the stages called inside it)."""
    from memory_node.core.recall import recall as recall_mod
    from memory_node.core.recall_memory import RecallMemory

    embedder = type(rec.embedder)
    batch = embedder._embed_batch
    tok = rec.embedder._tokenizer

    def traced_batch(self: Any, texts: list[str], background: bool = False) -> Any:
        c = time.thread_time()
        out = batch(self, texts, background)
        calls.append([threading.current_thread().name, background, len(texts),
                      max(len(tok.encode(t).ids) for t in texts),
                      round((time.thread_time() - c) * 1e3, 4)])
        return out

    embedder._embed_batch = traced_batch
    stack: list[float] = []

    def timed(owner: Any, name: str, stage: str, static: bool = False) -> None:
        fn = getattr(owner, name)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if threading.current_thread() is not threading.main_thread():
                return fn(*args, **kwargs)
            c = time.thread_time()
            stack.append(0.0)
            try:
                return fn(*args, **kwargs)
            finally:
                inner = stack.pop()
                spent = (time.thread_time() - c) * 1e3
                cpu_by[stage] = cpu_by.get(stage, 0.0) + spent - inner
                if stack:
                    stack[-1] += spent

        setattr(owner, name, staticmethod(wrapper) if static else wrapper)

    timed(recall_mod.Recaller, "scored", "scored (lexical half, the vector's wait)")
    timed(recall_mod.Recaller, "rank", "rank (selection after scoring)")
    timed(recall_mod.Recaller, "context_for", "context block")
    timed(recall_mod.PendingQueries, "result", "vector wait")
    timed(RecallMemory, "_prefetch_steps", "steps' split + prefetch start", static=True)


def _calls_summary(rows: list[dict]) -> dict:
    """Model calls per request and the handler's CPU by stage, by the request's own CPU
    (handler + model worker): p50 / p90 / p99 over `rows`, the top 2 % against the rest."""
    own = [r["cpu_ms"] + r["model_cpu_ms"] for r in rows]
    cut = float(np.quantile(own, 0.98))
    stages = sorted({k for r in rows for k in r["handler_cpu"]})

    def part(sel: list[dict]) -> dict:
        fg = [[c for c in r["model_calls"] if not c[1]] for r in sel]
        bg = [[c for c in r["model_calls"] if c[1]] for r in sel]
        return {"n": len(sel),
                "own_cpu_ms": spread([r["cpu_ms"] + r["model_cpu_ms"] for r in sel]),
                "handler_cpu_ms": spread([r["cpu_ms"] for r in sel]),
                "request_model_calls_mean": round(float(np.mean([len(f) for f in fg])), 3),
                "request_model_calls_max": max(len(f) for f in fg),
                "request_model_cpu_ms": spread([sum(c[4] for c in f) for f in fg]),
                "request_model_tokens": spread([sum(c[3] for c in f) for f in fg]),
                "background_calls_mean": round(float(np.mean([len(b) for b in bg])), 3),
                "background_texts_mean": round(float(np.mean([sum(c[2] for c in b)
                                                              for b in bg])), 3),
                "background_cpu_ms": spread([sum(c[4] for c in b) for b in bg]),
                "handler_cpu_by_stage_p50": {s: round(float(np.median(
                    [r["handler_cpu"].get(s, 0.0) for r in sel])), 3) for s in stages},
                "handler_cpu_by_stage_mean": {s: round(float(np.mean(
                    [r["handler_cpu"].get(s, 0.0) for r in sel])), 3) for s in stages}}

    return {"rows_from_position": 31, "cut_own_cpu_ms": round(cut, 3),
            "all": part(rows), "top_2pct": part([r for r, o in zip(rows, own, strict=True)
                                                 if o >= cut]),
            "rest": part([r for r, o in zip(rows, own, strict=True) if o < cut])}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--texts", type=int, default=300)
    ap.add_argument("--repeat", action="store_true")
    ap.add_argument("--stages", action="store_true")
    ap.add_argument("--profile", type=int, default=0)
    ap.add_argument("--calls", action="store_true")
    ap.add_argument("--out", default="recall_new_words_r63")
    a = ap.parse_args()
    stages: list[list] = []
    if a.stages:
        from memory_node.core import stage_times
        add = stage_times.StageTimes.add

        def add_traced(self: Any, name: str, wall_s: float, cpu_s: float | None) -> None:
            if name.startswith("instruction."):
                stages.append([name.split(".", 1)[1], round(wall_s * 1e3, 4)])
            add(self, name, wall_s, cpu_s)

        stage_times.StageTimes.add = add_traced  # type: ignore[method-assign]
    load0 = os.getloadavg()
    reads: list[int] = [0]
    missing = lexicon_mod.LazyLemmaIndex.__missing__

    def counted(self: Any, lemma: str) -> Any:
        if threading.current_thread() is threading.main_thread():
            reads[0] += 1
        return missing(self, lemma)

    lexicon_mod.LazyLemmaIndex.__missing__ = counted  # type: ignore[method-assign]
    memos = {n: v for n, v in vars(lexicon_mod.Lexicon).items() if hasattr(v, "cache_info")}
    loaded = fresh_scale_recall(lexicon_warmed=True)
    if loaded is None:
        return 0
    rm, rec, texts, rng = loaded
    calls: list[list] = []
    cpu_by: dict[str, float] = {}
    if a.calls:
        _trace_calls(rec, calls, cpu_by)
    sample = rng.sample(texts, len(texts))[:a.texts]
    tokenizer = rec.embedder._tokenizer if a.stages else None
    passes = [sample, sample] if a.repeat else [sample]
    out_rows: list[list[dict]] = []
    for p, batch in enumerate(passes):
        rec._query_terms.clear()
        rows = []
        for i, t in enumerate(batch):
            reads[0] = 0
            before = {n: m.cache_info().misses for n, m in memos.items()}
            del stages[:]
            del calls[:]
            cpu_by.clear()
            model0 = _model_cpu_ns()
            c = time.thread_time()
            rm.recall(t, K, BUDGET, episode_id=f"p{p}e{i}")
            cpu = (time.thread_time() - c) * 1e3
            misses = {n: m.cache_info().misses - before[n] for n, m in memos.items()}
            rows.append({"cpu_ms": round(cpu, 4), "wordnet_reads": reads[0],
                         "memo_misses": sum(misses.values()),
                         "by_memo": {n: v for n, v in misses.items() if v}})
            if tokenizer is not None:
                rows[-1] |= {"text": t, "words": len(t.split()),
                             "tokens": len(tokenizer.encode(t).ids),
                             "model_cpu_ms": round((_model_cpu_ns() - model0) / 1e6, 4),
                             "stages": dict(stages)}
            rec.wait_for_prefetch(5.0)
            if a.calls:
                rows[-1] |= {"model_calls": list(calls),
                             "handler_cpu": {k: round(v, 4) for k, v in cpu_by.items()}
                             | {"rest": round(cpu - sum(cpu_by.values()), 4)}}
        out_rows.append(rows)
    first = out_rows[0]
    result: dict[str, Any] = {
        "units": 10_000, "texts": len(sample), "loadavg_start": load0,
        "by_position": {}, "by_wordnet_reads": {}}
    for name, lo, hi in (("1-10", 0, 10), ("11-30", 10, 30), ("31-", 30, len(first))):
        part = first[lo:hi]
        tot: collections.Counter[str] = collections.Counter()
        for r in part:
            tot.update(r["by_memo"])
        result["by_position"][name] = {
            "cpu_ms": spread([r["cpu_ms"] for r in part]),
            "wordnet_reads_mean": round(float(np.mean([r["wordnet_reads"] for r in part])), 2),
            "memo_misses_mean": round(float(np.mean([r["memo_misses"] for r in part])), 2),
            "top_memos_per_request": {k: round(v / len(part), 2) for k, v in tot.most_common(10)}}
    for name, lo, hi in (("0", 0, 0), ("1-3", 1, 3), ("4+", 4, 10**9)):
        sel = [r["cpu_ms"] for r in first if lo <= r["wordnet_reads"] <= hi]
        result["by_wordnet_reads"][name] = spread(sel)
    result["all_cpu_ms"] = spread([r["cpu_ms"] for r in first])
    if a.repeat:
        result["memos_warm_cpu_ms"] = spread([r["cpu_ms"] for r in out_rows[1]])
    if a.stages:
        result["last_pass_tail"] = _tail(out_rows[-1])
    if a.calls:
        result["calls_summary"] = _calls_summary(out_rows[0][30:])
    if a.profile:
        result["profile"] = _profile(rm, rec, out_rows[-1], a.profile)
    result["rows"] = [[{k: v for k, v in r.items() if k != "by_memo"} for r in rows]
                      for rows in out_rows]
    result["loadavg_end"] = os.getloadavg()
    path = save_result(a.out, result)
    print(json.dumps({k: v for k, v in result.items() if k != "rows"}, indent=1))
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
