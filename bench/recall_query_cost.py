"""What a query's model call costs by its length, and what a repeated subgoal costs.

Round 20 (issue 11, part 4): over DDS a state-conditioned step's model stage costs more
than an instruction's (quiet: 5.8 vs 4.3 ms p50). A step embeds its brief state's subgoal
only (``StateConditionedRecall.recall_step`` scores the pool against ``brief.subgoal``);
the pool-building step embeds the instruction and the subgoal in one call. This measures,
in one process with the server's session (one onnxruntime thread):

* the token counts of the DDS bench's instructions and subgoals (the packaged tokenizer,
  no padding for one text; a batch pads to its longest);
* CPU per model call (``time.thread_time``, median of 40) for queries of 6-66 tokens, one
  text and a batch of two (the text and "go to the place for: " + text);
* a repeated subgoal through ``RecallMemory.recall`` (a robot repeats "open the fridge"):
  the query vectors are cached by exact text (``Recaller.embed_queries``, 1,024 texts),
  so the repeat's model time is read from ``Embedder.busy_s``.

    .venv/bin/python bench/recall_query_cost.py     # -> bench/results/recall_query_cost.json
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from recall_common import load, save_result, scene_units  # noqa: E402

from memory_node.core.memory import Memory  # noqa: E402
from memory_node.core.memory_settings import MemorySettings, ShortTermSettings  # noqa: E402
from memory_node.core.recall.embedder import Embedder  # noqa: E402
from memory_node.core.recall_memory import RecallMemory, brief_from_fields  # noqa: E402

BASE = ("put the red apple from the kitchen counter into the fridge and then close the "
        "fridge door please now ") * 6


def main() -> int:
    doc = load()
    if doc is None:
        print("skip: AI2-THOR rearrangement data absent")
        return 0
    embedder = Embedder(intra_op_threads=1)
    tok = embedder._tokenizer

    def ntok(text: str) -> int:
        return len(tok.encode(text).ids)

    texts = sorted({i["text"] for i in doc["instructions"]})
    sample = random.Random(11).sample(texts, 50)
    subgoals = [g for t in sample for g in (f"go to the place for: {t}",
                                            f"pick up what is needed to {t}",
                                            f"carry it, to {t}", f"place it down, to {t}")]
    out: dict = {"tokens_median": {"instruction": statistics.median(map(ntok, sample)),
                                   "bench_subgoal": statistics.median(map(ntok, subgoals))},
                 "model_cpu_ms": []}
    words = BASE.split()
    for n in (4, 8, 12, 16, 24, 32, 48, 64):
        text = " ".join(words[:n])
        one, two = [], []
        for i in range(40):
            t = time.thread_time()
            embedder.embed([f"{text} {i}"])
            one.append(time.thread_time() - t)
        for i in range(20):
            t = time.thread_time()
            embedder.embed([f"{text} {i}", f"go to the place for: {text} {i}"])
            two.append(time.thread_time() - t)
        row = {"tokens": ntok(text), "one_text_p50": round(statistics.median(one) * 1e3, 2),
               "one_text_min": round(min(one) * 1e3, 2),
               "batch_of_two_p50": round(statistics.median(two) * 1e3, 2)}
        out["model_cpu_ms"].append(row)
        print(row, flush=True)
    # A repeated subgoal, through the server's own request path.
    scene = doc["scenes"][0]
    with tempfile.TemporaryDirectory() as tmp:
        m = Memory(MemorySettings(memory_dir=tmp, short_term=ShortTermSettings(capacity=200)))
        try:
            m.recall = RecallMemory(m.short_term, m.recall.settings, embedder=embedder)
            units = scene_units(scene)
            ids = {u.object_id for u in units}
            for u in sorted(units, key=lambda u: bool(u.receptacle_id)):
                m.upsert_object(u if u.receptacle_id in ids or not u.receptacle_id
                                else replace(u, receptacle_id="", relation=""))
            rm = m.recall
            instruction = next(i["text"] for i in doc["instructions"]
                               if i["scene"] == scene["scene_id"])
            rows = []
            for attempt in ("first", "repeat"):
                for step in ("go to the counter", "pick up the apple", "open the fridge"):
                    busy = embedder.busy_s
                    t = time.thread_time()
                    rm.recall(instruction, 3, 600, "ep_repeat",
                              brief_from_fields(step, robot_area="kitchen"))
                    rows.append({"attempt": attempt, "subgoal": step,
                                 "cpu_ms": round((time.thread_time() - t) * 1e3, 2),
                                 "model_ms": round((embedder.busy_s - busy) * 1e3, 2)})
            out["repeated_subgoal"] = rows
            for r in rows:
                print(r)
        finally:
            m.close()
    print(f"wrote {save_result('recall_query_cost', out, indent=1)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
