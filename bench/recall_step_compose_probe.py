"""Round 24 (issue 11, part 4, item 3): can a step's query vector be composed from cached parts?

A step's query (a subgoal such as "pick up what is needed to <instruction>") is new text
every time, so every step pays the model. If its vector were close to a sum of vectors
already cached (the subgoal's opening words and the instruction), the call could go. This
probe measures how close: for 60 instructions of the labelled set (seeded sample) and two
of the DDS bench's subgoal openings, the cosine between the model's vector of the whole
text and (a) the normalised sum of the parts' vectors, (b) the sum weighted by each
part's token count (mean pooling over the concatenation would be that if the tokens did
not attend to each other).

    .venv/bin/python bench/recall_step_compose_probe.py
        # -> results/recall_step_compose_probe_r24.json
"""

from __future__ import annotations

import random

import numpy as np
from recall_common import load, save_result

from memory_node.core.recall.embedder import Embedder

OPENINGS = ["go to the place for:", "pick up what is needed to"]


def main() -> int:
    doc = load()
    if doc is None:
        print("skip: AI2-THOR rearrangement data absent")
        return 0
    e = Embedder()
    texts = sorted({i["text"] for i in doc["instructions"]})
    sample = random.Random(5).sample(texts, 60)
    tok = e._tokenizer
    res: dict[str, list[float]] = {"sum": [], "sum_token_weighted": []}
    for t in sample:
        for p in OPENINGS:
            whole = e.embed([f"{p} {t}"])[0]
            a, b = e.embed([p])[0], e.embed([t])[0]
            m = a + b
            res["sum"].append(float(m @ whole / np.linalg.norm(m)))
            na, nb = len(tok.encode(p).ids) - 2, len(tok.encode(t).ids) - 2
            w = na * a + nb * b
            res["sum_token_weighted"].append(float(w @ whole / np.linalg.norm(w)))
    out = {"texts": len(sample), "openings": OPENINGS, "cosine_to_the_whole": {
        k: {"min": round(float(np.min(v)), 3), "p10": round(float(np.percentile(v, 10)), 3),
            "median": round(float(np.median(v)), 3)} for k, v in res.items()}}
    print(out)
    print(f"wrote {save_result('recall_step_compose_probe_r24', out, indent=2)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
