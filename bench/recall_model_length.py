"""Round 25 (issue 11, part 4): how much of the query model's tail is the text's length.

The server's model stage is ~6 ms median and 11-13 ms p99 quietly for one new text per
request. Here, in one process, each of N request texts of the DDS bench (the labelled
set's instructions, and the state-conditioned bench's subgoals built from them) is
embedded as `Embedder` does (one text, padded to itself) R times in rotated rounds; per
text the thread CPU of `session.run` (one intra-op thread: the graph runs on the calling
thread) and its token count. The minimum over the rounds is the text's own cost (what
load adds is removed); the spread of those minima across texts is the part of the tail no
session option or scheduling can remove, and the median of (each call / its text's
minimum) is what the rest adds.

    .venv/bin/python bench/recall_model_length.py [--texts N] [--rounds R] [--out NAME]
"""

from __future__ import annotations

import argparse
import os
import random
import time

import numpy as np
from recall_common import load, save_result

from memory_node.core.recall.embedder import Embedder


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--texts", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--out", default="recall_model_length")
    args = ap.parse_args()
    doc = load()
    if doc is None:
        print("skip: AI2-THOR rearrangement data absent")
        return 0
    rng = random.Random(11)
    instructions = rng.sample(sorted({i["text"] for i in doc["instructions"]}), args.texts)
    kinds = {"instruction": instructions,
             "subgoal": [f"pick up what is needed to {t}" for t in instructions]}
    emb = Embedder()
    tok = emb._load_tokenizer()
    session = emb._session
    feeds = {}
    for kind, texts in kinds.items():
        for t in texts:
            e = tok.encode_batch([t])[0]
            ids = np.array([e.ids], dtype=np.int64)
            feeds[(kind, t)] = {"input_ids": ids, "attention_mask": np.ones_like(ids),
                                "token_type_ids": np.zeros_like(ids)}
    keys = list(feeds)
    cpu: dict[tuple[str, str], list[float]] = {k: [] for k in keys}
    load_before = os.getloadavg()
    for r in range(args.rounds):
        order = keys[r * 37 % len(keys):] + keys[:r * 37 % len(keys)]
        for k in order:
            c = time.thread_time()
            session.run(None, feeds[k])
            cpu[k].append((time.thread_time() - c) * 1e3)
    out: dict = {"texts_per_kind": args.texts, "rounds": args.rounds,
                 "loadavg_before_after": [load_before, os.getloadavg()], "kinds": {}}
    for kind in kinds:
        ks = [k for k in keys if k[0] == kind]
        tokens = np.array([feeds[k]["input_ids"].shape[1] for k in ks])
        least = np.array([min(cpu[k]) for k in ks])
        calls = np.array([c for k in ks for c in cpu[k]])
        excess = np.array([c / min(cpu[k]) for k in ks for c in cpu[k]])
        slope, icept = np.polyfit(tokens, least, 1)
        out["kinds"][kind] = {
            "tokens_p50_p99_max": [float(np.percentile(tokens, 50)),
                                   float(np.percentile(tokens, 99)), int(tokens.max())],
            "text_min_cpu_ms_p50_p99": [round(float(np.percentile(least, q)), 3)
                                        for q in (50, 99)],
            "every_call_cpu_ms_p50_p99": [round(float(np.percentile(calls, q)), 3)
                                          for q in (50, 99)],
            "call_over_its_text_min_p50_p99": [round(float(np.percentile(excess, q)), 3)
                                               for q in (50, 99)],
            "min_cpu_ms_per_token_and_fixed": [round(float(slope), 4), round(float(icept), 3)],
            "corr_tokens_min_cpu": round(float(np.corrcoef(tokens, least)[0, 1]), 3)}
        print(kind, out["kinds"][kind])
    print(f"wrote {save_result(args.out, out, indent=2)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
