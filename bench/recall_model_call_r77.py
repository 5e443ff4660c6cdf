"""Round 77 (lat81, issue 11, part 4): where the query model's call's CPU goes, in process and
without a profiler: an `Embedder` call split into the tokenizer, the input arrays,
onnxruntime's run and the pooling (thread CPU, medians); the run's cost against the input's
length (a fixed part and a part per token, fitted); onnxruntime's session options that need
not change a vector (memory pattern, arena, the optimisation level, denormals as zero):
whether each gives bit-identical vectors and its CPU (alternating, medians of per-round
medians); and whether a text's vector depends on the padding of the batch it is embedded in
(the tune half's step lists, each batched as a per-subtask request's steps are, against each
step alone). Texts: the tune half's steps (bench/recall_human_instructions.yaml, split tune).

    .venv/bin/python bench/recall_model_call_r77.py [--rounds 6] [--out NAME]
        # -> bench/results/<NAME>.json (default recall_model_call_r77)
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import onnxruntime as ort
import yaml
from recall_common import save_result

from memory_node.core.recall.embedder import Embedder, packaged_model_path

T = time.thread_time_ns


def median_us(n: int, f: Callable[[], object]) -> float:
    ts = []
    for _ in range(n):
        a = T()
        f()
        ts.append(T() - a)
    return float(np.median(ts)) / 1e3


def session(**options: Any) -> ort.InferenceSession:
    """A session as Embedder makes it (one thread, no spinning), with ``options`` set."""
    o = ort.SessionOptions()
    o.intra_op_num_threads = 1
    o.inter_op_num_threads = 1
    o.add_session_config_entry("session.intra_op.allow_spinning", "0")
    for key, value in options.items():
        if key == "config":
            for k, v in value.items():
                o.add_session_config_entry(k, v)
        else:
            setattr(o, key, value)
    return ort.InferenceSession(str(packaged_model_path()), sess_options=o,
                                providers=["CPUExecutionProvider"])


def feeds_of(embedder: Embedder, texts: list[str]) -> dict[str, np.ndarray]:
    enc = embedder._tokenizer.encode_batch(texts)
    ids = np.array([e.ids for e in enc], dtype=np.int64)
    mask = np.array([e.attention_mask for e in enc], dtype=np.int64)
    return {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--out", default="recall_model_call_r77")
    args = ap.parse_args()
    here = Path(__file__).resolve().parent
    tune = [i for i in yaml.safe_load((here / "recall_human_instructions.yaml").read_text())
            ["instructions"] if i.get("split") == "tune"]
    step_lists = [[s["text"] for s in i["steps"]] for i in tune]
    e = Embedder(intra_op_threads=1)
    out: dict[str, Any] = {}

    # 1. The parts of one call (a single step, as a request's own call is).
    one = [step_lists[0][0]]
    f = feeds_of(e, one)
    hidden = e._session.run(None, f)[0]
    mask = f["attention_mask"]

    def pool() -> np.ndarray:
        w = mask[..., None].astype(np.float32)
        pooled = (hidden * w).sum(axis=1) / np.clip(w.sum(axis=1), 1e-9, None)
        return pooled / np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)

    out["parts_us"] = {
        "tokenizer": median_us(2000, lambda: e._tokenizer.encode_batch(one)),
        "input_arrays": median_us(2000, lambda: feeds_of(e, one)),
        "pooling": median_us(2000, pool),
        "onnxruntime_run": median_us(300, lambda: e._session.run(None, f)),
        "embed_whole_call": median_us(300, lambda: e.embed(one)),
        "tokens": int(mask.sum()),
    }
    # 2. The run's CPU against the input's length (one text of n tokens).
    by_len: dict[int, list[float]] = {}
    for _ in range(args.rounds):
        for n in (3, 11, 30, 60, 120):
            ids = np.full((1, n), 1037, dtype=np.int64)
            ids[0, 0], ids[0, -1] = 101, 102
            fn = {"input_ids": ids, "attention_mask": np.ones_like(ids),
                  "token_type_ids": np.zeros_like(ids)}
            ms = median_us(40, lambda fn=fn: e._session.run(None, fn)) / 1e3
            by_len.setdefault(n, []).append(ms)
    xs = sorted(by_len)
    ys = [float(np.median(by_len[n])) for n in xs]
    per_token, fixed = np.polyfit(xs, ys, 1)
    out["run_ms_by_tokens"] = dict(zip(map(str, xs), ys, strict=True))
    out["run_fit"] = {"fixed_ms": float(fixed), "ms_per_token": float(per_token)}
    # 3. Session options: bit identity and CPU over the step lists' batches.
    variants = {
        "as_embedder": session(),
        "no_mem_pattern": session(enable_mem_pattern=False),
        "no_cpu_arena": session(enable_cpu_mem_arena=False),
        "opt_extended": session(
            graph_optimization_level=ort.GraphOptimizationLevel.ORT_ENABLE_EXTENDED),
        "denormal_as_zero": session(config={"session.set_denormal_as_zero": "1"}),
    }
    batches = [feeds_of(e, s) for s in step_lists]
    ref = [variants["as_embedder"].run(None, b)[0] for b in batches]
    cpu: dict[str, list[float]] = {k: [] for k in variants}
    for r in range(args.rounds):
        order = list(variants.items())
        for name, s in (order if r % 2 == 0 else order[::-1]):
            cpu[name].append(float(np.median([median_us(5, lambda b=b, s=s: s.run(None, b))
                                              for b in batches])))
    out["session_options"] = {
        name: {"bit_identical": all(np.array_equal(s.run(None, b)[0], r0)
                                    for b, r0 in zip(batches, ref, strict=True)),
               "median_us": float(np.median(cpu[name])), "per_round_us": cpu[name]}
        for name, s in variants.items()}
    # 4. Padding: each step list batched (padded to its longest step) against each step alone.
    rows = differing = padded = real = 0
    for steps in step_lists:
        together = e.embed(steps)
        lengths = [sum(x.attention_mask) for x in e._tokenizer.encode_batch(steps)]
        padded += len(steps) * max(lengths)
        real += sum(lengths)
        for i, t in enumerate(steps):
            rows += 1
            differing += not np.array_equal(together[i], e.embed([t])[0])
    out["padding"] = {"step_lists": len(step_lists), "rows": rows,
                      "rows_differing_alone_vs_batched": differing,
                      "tokens_padded": padded, "tokens_real": real,
                      "padded_share": 1 - real / padded}
    for k, v in out.items():
        print(k, v)
    print("wrote", save_result(args.out, out))


if __name__ == "__main__":
    main()
