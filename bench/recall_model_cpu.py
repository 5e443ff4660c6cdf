"""CPU time of one query-model call per session variant and model file (issue 11 part 4).

The query's model call is most of a recall's time (~6-7 ms median, ~11 ms p99 quiet, round
22's baseline). This times `session.run` alone on the calling thread (`time.thread_time`:
one intra-op thread, so the graph runs there; what the load moves least), each text tokenised
as `Embedder` does (one text per call, padded to its own length), in rotated blocks so a
variant meets the same load as the others; and compares each variant's pooled vectors with
the server's session's (cosine: a session option that changes no byte says 1.0).

Texts: the instructions and hand-split steps of the human set's tune half and blind sets 1-8
(tuning data).

    .venv/bin/python bench/recall_model_cpu.py [--int8 M.onnx] [--rounds N] [--texts N] [--out NAME]
        # --int8: bench/recall_int8_model.py's file, timed beside the packaged one (repeatable)
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import numpy as np
import onnxruntime as ort
import yaml
from recall_common import save_result

from memory_node.core.recall.embedder import DEFAULT_MAX_TOKENS, packaged_model_path
from memory_node.core.tokens import packaged_tokenizer_path

BENCH = Path(__file__).resolve().parent
SETS = ["recall_human_instructions.yaml", "recall_blind_instructions.yaml",
        *(f"recall_blind{n}_instructions.yaml" for n in range(2, 9))]
Level = ort.GraphOptimizationLevel


def tuning_texts() -> list[str]:
    texts: list[str] = []
    for name in SETS:
        items = yaml.safe_load((BENCH / name).read_text(encoding="utf-8"))["instructions"]
        for it in items:
            if it.get("split", "tune") in ("heldout",):
                continue  # the human set's held-out half is report-only
            texts.append(it["text"])
            texts.extend(s["text"] for s in it.get("steps", []))
    return list(dict.fromkeys(texts))


def session(path: Path, level: Level = Level.ORT_ENABLE_ALL, *, mem_pattern: bool = True,
            arena: bool = True) -> ort.InferenceSession:
    options = ort.SessionOptions()
    options.intra_op_num_threads = 1  # the server's (Embedder's default)
    options.inter_op_num_threads = 1
    options.graph_optimization_level = level
    options.enable_mem_pattern = mem_pattern
    options.enable_cpu_mem_arena = arena
    return ort.InferenceSession(str(path), sess_options=options,
                                providers=["CPUExecutionProvider"])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--int8", type=Path, action="append", default=[],
                    help="a quantised file (recall_int8_model.py's); may be repeated")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--texts", type=int, default=200,
                    help="how many of the texts (every n-th, in file order)")
    ap.add_argument("--out", default="recall_model_cpu")
    args = ap.parse_args()
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(packaged_tokenizer_path()))
    tok.enable_truncation(max_length=DEFAULT_MAX_TOKENS)
    # As Embedder: the file's own padding is to a fixed 128; a batch of one is not padded.
    tok.enable_padding(pad_id=0, pad_token="[PAD]")
    texts = tuning_texts()
    texts = texts[::max(1, len(texts) // args.texts)][:args.texts]
    feeds = []
    for t in texts:
        e = tok.encode(t)
        ids = np.array([e.ids], dtype=np.int64)
        feeds.append({"input_ids": ids, "attention_mask": np.ones_like(ids),
                      "token_type_ids": np.zeros_like(ids)})
    model = packaged_model_path()
    variants = {
        "server (all optimisations)": session(model),
        "extended optimisations": session(model, Level.ORT_ENABLE_EXTENDED),
        "basic optimisations": session(model, Level.ORT_ENABLE_BASIC),
        "no memory pattern, no arena": session(model, mem_pattern=False, arena=False),
    }
    for path in args.int8:
        variants[f"int8 (recall_int8_model.py): {path.name}"] = session(path)

    def pooled(s: ort.InferenceSession, f: dict) -> np.ndarray:
        v = s.run(None, f)[0][0].mean(axis=0)  # one text, no padding: the mask is all ones
        return v / np.linalg.norm(v)

    def batch_drift(s: ort.InferenceSession) -> float:
        """Round 68: max |a text's vector alone - the same text's in a padded batch of
        32| (a dynamic int8 copy's activation scale is taken per batch, so its vectors
        depend on their batch mates; float and static copies: 0)."""
        enc = tok.encode_batch(texts[:32])
        ids = np.array([e.ids for e in enc], dtype=np.int64)
        mask = np.array([e.attention_mask for e in enc], dtype=np.int64)
        hidden = s.run(None, {"input_ids": ids, "attention_mask": mask,
                              "token_type_ids": np.zeros_like(ids)})[0]
        w = mask[..., None].astype(np.float32)
        v = (hidden * w).sum(axis=1) / w.sum(axis=1)
        v /= np.linalg.norm(v, axis=1, keepdims=True)
        return float(max(np.abs(v[i] - pooled(s, f)).max() for i, f in enumerate(feeds[:32])))

    ref = [pooled(variants["server (all optimisations)"], f) for f in feeds]
    cpu: dict[str, list[float]] = {n: [] for n in variants}
    block = 25
    for _ in range(args.rounds):
        for start in range(0, len(feeds), block):
            for name, s in variants.items():
                for f in feeds[start:start + block]:
                    t0 = time.thread_time()
                    s.run(None, f)
                    cpu[name].append(1000.0 * (time.thread_time() - t0))
    out: dict = {"texts": len(texts), "rounds": args.rounds,
                 "tokens_median": statistics.median(int(f["input_ids"].shape[1])
                                                    for f in feeds),
                 "int8_models": [str(p) for p in args.int8], "variants": {}}
    for name, s in variants.items():
        xs = sorted(cpu[name])
        cos = sorted(float(pooled(s, f) @ r) for f, r in zip(feeds, ref, strict=True))
        out["variants"][name] = {
            "cpu_ms_p50": round(statistics.median(xs), 3),
            "cpu_ms_p90": round(xs[int(0.9 * len(xs))], 3),
            "cpu_ms_p99": round(xs[int(0.99 * len(xs))], 3),
            "cos_to_server_min": round(cos[0], 6),
            "cos_to_server_median": round(statistics.median(cos), 6),
            "batch_drift_max": batch_drift(s)}
        v = out["variants"][name]
        print(f"{name:38s} cpu ms p50 {v['cpu_ms_p50']:6.2f} p90 {v['cpu_ms_p90']:6.2f} "
              f"p99 {v['cpu_ms_p99']:6.2f}  cos min {v['cos_to_server_min']:.4f} "
              f"median {v['cos_to_server_median']:.4f}  batch drift {v['batch_drift_max']:.2g}")
    print(f"wrote {save_result(args.out, out)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
