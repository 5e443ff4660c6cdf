"""A multi-step text's steps: one padded model call (as `recall_subtasks` asks them) or each alone.

Round 47 (issue 11, part 4): the planner's per-subtask request is an instruction the server
has never seen, so its steps' vectors are one model call, padded to the longest step. This
takes the labelled set's instruction texts that `split_subtasks` (the lexicon, no speller)
splits into more than one step and, per text, alternates the packaged model's one call of
all its steps (`Embedder._embed_batch`, the request's call) with one call per step, in thread
CPU, several rounds; it reports the token counts run (padded and own), the per-text median
CPU of each way, and whether every vector is byte-equal. No text goes into the result.

    .venv/bin/python bench/recall_step_batch.py [--rounds N] [--out NAME]
        # -> bench/results/<NAME>.json (default recall_step_batch)
"""

from __future__ import annotations

import statistics
import sys
import time

import numpy as np
from recall_common import load, save_result

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.subtasks import split_subtasks

ARGV = sys.argv[1:]


def pcts(xs: list[float]) -> dict:
    return {q: round(float(np.percentile(xs, p)), 3)
            for q, p in (("p50", 50), ("p90", 90), ("max", 100))} | {
        "mean": round(float(np.mean(xs)), 3)}


def main() -> int:
    doc = load()
    if doc is None:
        print("skip: AI2-THOR rearrangement data absent; the labelled set is generated from it")
        return 0
    rounds = int(ARGV[ARGV.index("--rounds") + 1]) if "--rounds" in ARGV else 15
    name = ARGV[ARGV.index("--out") + 1] if "--out" in ARGV else "recall_step_batch"
    texts = sorted({i["text"] for i in doc["instructions"]})
    lexicon = Lexicon()
    embedder = Embedder(intra_op_threads=1)
    multi = [steps for steps in (list(dict.fromkeys(split_subtasks(t, lexicon)))
                                 for t in texts) if len(steps) > 1]
    lengths = [[len(embedder._tokenizer.encode(s).ids) for s in steps] for steps in multi]
    cpu: dict[str, list[list[float]]] = {"batch": [[] for _ in multi],
                                         "alone": [[] for _ in multi]}
    equal = 0
    for r in range(rounds):
        for i, steps in enumerate(multi):
            out = {}
            # alternate which way goes first, so neither always meets warm caches
            for way in (("batch", "alone") if (i + r) % 2 == 0 else ("alone", "batch")):
                t = time.thread_time()
                out[way] = (embedder._embed_batch(steps) if way == "batch" else
                            np.stack([embedder._embed_batch([s])[0] for s in steps]))
                cpu[way][i].append(time.thread_time() - t)
            if r == 0:
                equal += out["batch"].tobytes() == out["alone"].tobytes()
    med = {way: [statistics.median(v) * 1000 for v in cpu[way]] for way in cpu}
    result = {
        "texts": len(texts), "multi_step_texts": len(multi), "rounds": rounds,
        "steps_per_text": pcts([len(s) for s in multi]),
        "tokens_run_padded": pcts([len(ls) * max(ls) for ls in lengths]),
        "tokens_own": pcts([sum(ls) for ls in lengths]),
        "vectors_byte_equal": f"{equal} of {len(multi)}",
        "cpu_ms_per_text_median": {way: pcts(v) for way, v in med.items()},
        "alone_to_batch_per_text": pcts([a / b for a, b in zip(med["alone"], med["batch"],
                                                               strict=True)]),
    }
    print(result)
    print(f"wrote {save_result(name, result)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
