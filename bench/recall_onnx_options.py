"""The query model's latency by onnxruntime session options (round 19).

One process, one session per variant of the packaged int8 all-MiniLM-L6-v2, each fed the
same short planner-like queries tokenised as the Embedder does (padding to the longest, so
one query is ~18 tokens): blocks of 50 calls per variant, variants rotated and the order
reversed every round, the first call of each block dropped (it pays for the cache the other
sessions evicted). Variants: the server's (1 intra-op thread), thread spinning off, two
intra-op threads with and without spinning, graph optimisation "extended" instead of "all".

    .venv/bin/python bench/recall_onnx_options.py [calls per variant=400]
        # -> results/recall_onnx_options.json (RECALL_BENCH_OUT renames)
"""

from __future__ import annotations

import os
import sys
import time

import numpy as np
import onnxruntime as ort
from recall_common import save_result
from tokenizers import Tokenizer

from memory_node.core.recall.embedder import packaged_model_path
from memory_node.core.tokens import packaged_tokenizer_path

BLOCK = 50


def session(threads: int = 1, spinning: str | None = None,
            level: ort.GraphOptimizationLevel | None = None) -> ort.InferenceSession:
    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    if spinning is not None:
        options.add_session_config_entry("session.intra_op.allow_spinning", spinning)
    if level is not None:
        options.graph_optimization_level = level
    return ort.InferenceSession(str(packaged_model_path()), sess_options=options,
                                providers=["CPUExecutionProvider"])


def main() -> int:
    calls = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    variants = {
        "server (1 thread)": session(),
        "1 thread, spinning off": session(spinning="0"),
        "2 threads": session(threads=2),
        "2 threads, spinning off": session(threads=2, spinning="0"),
        "optimisation extended": session(level=ort.GraphOptimizationLevel.ORT_ENABLE_EXTENDED),
    }
    tokenizer = Tokenizer.from_file(str(packaged_tokenizer_path()))
    tokenizer.enable_truncation(max_length=256)
    tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
    inputs = {i.name for i in variants["server (1 thread)"].get_inputs()}
    words = [("red", "kitchen"), ("blue", "dirty"), ("old", "big")]
    times: dict[str, list[float]] = {k: [] for k in variants}
    names = list(variants)
    i = 0
    for r in range(max(1, calls // BLOCK)):
        for name in (names if r % 2 == 0 else names[::-1]):
            for j in range(BLOCK + 1):
                colour, place = words[i % 3]
                e = tokenizer.encode(f"pick up what is needed to put the {colour} mug in the "
                                     f"{place} sink number {i}")
                i += 1
                feeds = {"input_ids": np.array([e.ids]),
                         "attention_mask": np.array([e.attention_mask])}
                if "token_type_ids" in inputs:
                    feeds["token_type_ids"] = np.zeros_like(feeds["input_ids"])
                t = time.perf_counter()
                variants[name].run(None, feeds)
                if j:
                    times[name].append(time.perf_counter() - t)
    result = {"calls_per_variant": len(times[names[0]]), "loadavg_after": list(os.getloadavg()),
              "ms": {k: {q: round(float(np.percentile(np.array(v) * 1000, p)), 2)
                         for q, p in (("p50", 50), ("p90", 90), ("p99", 99), ("max", 100))}
                     for k, v in times.items()}}
    for k, v in result["ms"].items():
        print(f"{k:26s} {v}")
    print(f"wrote {save_result(os.environ.get('RECALL_BENCH_OUT', 'recall_onnx_options'), result)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
