"""Round 62 (issue 11, part 4): where a whole-instruction request's CPU goes, in one process.

The scale benches' 10,000-unit memory (``recall_common.loaded_recall``: the labelled set's
objects, every vector stored, the real model, warmed up and preloaded), instructions of
the labelled set recalled whole (k=5, budget 600), each text once (its words new to the
process the first time they come, as on the DDS bench's fresh server):

* stages: 300 texts (or 3/5 of the set) (the first 30 not counted), each request's thread CPU
  (``time.thread_time``: the handler's own, not the model worker's) and that of the parts
  it goes through, timed by wrapping them (no profiler): the instruction's terms
  (``query_terms``), the name rules (``_read_names``), the rest of the lexical half, the
  selection, the context block, the steps' prefetch ...; also split by how many WordNet
  index lookups the request made (``LazyLemmaIndex.__missing__``: words new to the process);
* functions: the next (at most 200) texts under cProfile with the thread CPU clock (own and
  cumulative CPU per function; the profiler's overhead inflates call-heavy code);
* the model: 200 texts through the embedder's own steps, each timed in thread CPU:
  tokenisation (``encode_batch``), the ONNX run, the pooling.

    .venv/bin/python bench/recall_instruction_profile_r62.py [--out NAME]
        # -> bench/results/<NAME>.json
    .venv/bin/python bench/recall_instruction_profile_r62.py --answers FILE [--texts 300]
        # every text's answer whole and per subtask (ids, exact scores, context) at a fixed
        # clock, to FILE; RECALL_BENCH_CODE=<dir> runs that checkout's code (recall_common)
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import io
import json
import os
import pstats
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
from recall_common import fresh_scale_recall, loaded_recall, save_result  # noqa: E402

from memory_node.core.recall.settings import RecallSettings  # noqa: E402

K, BUDGET = 5, 600


def _pcts(xs: list[float]) -> dict[str, float]:
    a = np.asarray(xs, dtype=float)
    return {"mean": round(float(a.mean()), 4), "p50": round(float(np.percentile(a, 50)), 4),
            "p90": round(float(np.percentile(a, 90)), 4),
            "p99": round(float(np.percentile(a, 99)), 4)}


def answers(path: str, n: int) -> int:
    loaded = loaded_recall(10_000, RecallSettings())
    if loaded is None:
        print("skip: AI2-THOR rearrangement data absent")
        return 0
    rm, texts, rng = loaded
    out = []
    for t in rng.sample(texts, n):
        a = rm.recall(t, K, BUDGET, now=2e9)
        s = rm.recall(t + ", then tidy up", K, BUDGET, per_subtask=True, now=2e9)
        out.append([t, [(u.unit.object_id, u.score) for u in a.units], a.context,
                    [(u.unit.object_id, u.score) for u in s.units], s.context])
    Path(path).write_text(json.dumps(out))
    print(f"{len(out)} answers -> {path}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="recall_instruction_profile_r62")
    ap.add_argument("--answers", default="")
    ap.add_argument("--texts", type=int, default=300)
    args = ap.parse_args()
    if args.answers:
        return answers(args.answers, args.texts)
    load0 = os.getloadavg()

    import memory_node.core.recall.lexicon as lexicon_mod
    import memory_node.core.recall.recall as recall_mod
    import memory_node.core.recall_memory as recall_memory_mod

    acc: dict[str, float] = collections.defaultdict(float)

    def timed(fn: Callable[..., Any], label: str) -> Callable[..., Any]:
        def wrapper(*a: Any, **kw: Any) -> Any:
            c = time.thread_time()
            try:
                return fn(*a, **kw)
            finally:
                acc[label] += time.thread_time() - c
        return wrapper

    recall_mod.query_terms = timed(recall_mod.query_terms, "query_terms")
    recall_mod.implied_types = timed(recall_mod.implied_types, "implied_types")
    for name in ("_lexical_arrays", "_read_names", "_name_index", "_select", "context_for",
                 "start_queries", "spelled", "scored", "rank_filled"):
        setattr(recall_mod.Recaller, name, timed(getattr(recall_mod.Recaller, name), name))
    recall_mod.Scored.candidate_array = timed(recall_mod.Scored.candidate_array,  # type: ignore[method-assign]
                                              "candidate_array")
    for name in ("rows_with", "word_counts", "cosines"):
        setattr(recall_mod.UnitIndex, name, timed(getattr(recall_mod.UnitIndex, name), name))
    prefetch = recall_memory_mod.RecallMemory._prefetch_steps
    recall_memory_mod.RecallMemory._prefetch_steps = staticmethod(  # type: ignore[method-assign]
        timed(prefetch, "_prefetch_steps"))
    missing = lexicon_mod.LazyLemmaIndex.__missing__

    def counted_missing(self: Any, lemma: str) -> Any:
        acc["wordnet_lookups"] += 1
        return missing(self, lemma)

    lexicon_mod.LazyLemmaIndex.__missing__ = counted_missing  # type: ignore[method-assign]

    loaded = fresh_scale_recall()
    if loaded is None:
        return 0
    rm, rec, texts, rng = loaded
    sample = rng.sample(texts, len(texts))
    staged = min(300, len(sample) * 3 // 5)  # the rest (at most 200) profiled
    cpu: list[float] = []
    parts: list[dict[str, float]] = []
    for i, t in enumerate(sample[:staged]):
        acc.clear()
        c = time.thread_time()
        rm.recall(t, K, BUDGET, episode_id=f"e{i}")
        cpu.append((time.thread_time() - c) * 1e3)
        parts.append(dict(acc))
        rec.wait_for_prefetch(5.0)
    cpu, parts = cpu[30:], parts[30:]
    stages = {k: _pcts([p.get(k, 0.0) * 1e3 for p in parts])
              for k in sorted({k for p in parts for k in p} - {"wordnet_lookups"})}
    lookups = np.array([p.get("wordnet_lookups", 0) for p in parts])
    cpu_a = np.array(cpu)
    by_lookups = {}
    for lo, hi in ((0, 0), (1, 3), (4, 10**9)):
        sel = (lookups >= lo) & (lookups <= hi)
        if sel.any():
            by_lookups[f"{lo}-{hi if hi < 10**9 else 'more'}"] = {
                "requests": int(sel.sum()), **_pcts(list(cpu_a[sel]))}

    prof = cProfile.Profile(time.thread_time)
    profiled = sample[staged:staged + 200]
    for i, t in enumerate(profiled):
        prof.enable()
        rm.recall(t, K, BUDGET, episode_id=f"p{i}")
        prof.disable()
        rec.wait_for_prefetch(5.0)
    st = pstats.Stats(prof, stream=io.StringIO())
    rows = []
    for (file, line, fn), (_cc, nc, tt, ct, _callers) in st.stats.items():  # type: ignore[attr-defined]
        rows.append({"function": f"{Path(file).name}:{line}({fn})", "calls": nc,
                     "own_ms_per_request": round(tt * 1e3 / len(profiled), 4),
                     "cum_ms_per_request": round(ct * 1e3 / len(profiled), 4)})
    by_cum = sorted(rows, key=lambda r: -r["cum_ms_per_request"])[:40]
    by_own = sorted(rows, key=lambda r: -r["own_ms_per_request"])[:40]

    # The model: the embedder's own steps (Embedder._embed_batch), each in thread CPU.
    emb = rec.embedder
    tok, run, pool = [], [], []
    for t in rng.sample(texts, 200):
        c = time.thread_time()
        enc = emb._tokenizer.encode_batch([t])
        ids = np.array([e.ids for e in enc], dtype=np.int64)
        mask = np.array([e.attention_mask for e in enc], dtype=np.int64)
        feeds = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in emb._input_names:
            feeds["token_type_ids"] = np.zeros_like(ids)
        c1 = time.thread_time()
        hidden = emb._session.run(None, feeds)[0]
        c2 = time.thread_time()
        w = mask[..., None].astype(np.float32)
        pooled = (hidden * w).sum(axis=1) / np.clip(w.sum(axis=1), 1e-9, None)
        _ = (pooled / np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None))
        c3 = time.thread_time()
        tok.append((c1 - c) * 1e3)
        run.append((c2 - c1) * 1e3)
        pool.append((c3 - c2) * 1e3)
    out = {"units": 10_000, "texts": len(texts), "requests_timed": len(cpu),
           "requests_profiled": len(profiled), "loadavg_start": load0,
           "handler_cpu_ms": _pcts(cpu), "stages_cpu_ms": stages,
           "handler_cpu_ms_by_wordnet_lookups": by_lookups,
           "cprofile": {"by_cumulative": by_cum, "by_own": by_own},
           "model_cpu_ms": {"tokenise": _pcts(tok), "onnx_run": _pcts(run),
                            "pool": _pcts(pool)},
           "loadavg_end": os.getloadavg()}
    path = save_result(args.out, out)
    print(json.dumps({k: out[k] for k in ("handler_cpu_ms", "stages_cpu_ms",
                                          "handler_cpu_ms_by_wordnet_lookups",
                                          "model_cpu_ms")}, indent=1))
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
