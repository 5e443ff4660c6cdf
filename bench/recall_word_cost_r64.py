"""Round 64 (issue 11, part 4): what a word new to the process costs the lexicon, by method,
and the per-lemma answers table's effect (word_answers.py) on a fresh server's requests.

The scale benches' 10,000-unit memory (``recall_common.loaded_recall``), the labelled texts in
a fixed random order, each recalled whole once (k=5, budget 600) after the lexicon's
start-up warm-up, as on the DDS bench's fresh server (round 63's ``recall_new_words_r63``
set-up). Per request: the handler's thread CPU and the table's reads. Unless ``--plain``,
every memoised ``Lexicon`` method is wrapped (on the main thread): its misses, its own
CPU (nested memoised calls left out) and, for calls made from outside the lexicon, the
whole call's CPU (what answering it from a table saves). The table is read where
``MEMORY_NODE_WORD_ANSWERS_DIR`` points (an empty directory: none, WordNet as before).

    MEMORY_NODE_WORD_ANSWERS_DIR=DIR .venv/bin/python bench/recall_word_cost_r64.py \
        [--texts 300] [--plain] [--out NAME]   # -> bench/results/NAME.json
"""

from __future__ import annotations

import argparse
import collections
import functools
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


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--texts", type=int, default=300)
    ap.add_argument("--plain", action="store_true", help="no per-method wrapping")
    ap.add_argument("--out", default="recall_word_cost_r64")
    a = ap.parse_args()
    load0 = os.getloadavg()
    own: dict[str, float] = collections.defaultdict(float)
    whole: dict[str, float] = collections.defaultdict(float)
    misses: collections.Counter[str] = collections.Counter()
    outer_calls: collections.Counter[str] = collections.Counter()
    stack: list[float] = []
    active = [False]
    if not a.plain:
        for name, v in list(vars(lexicon_mod.Lexicon).items()):
            if not hasattr(v, "cache_info"):
                continue
            raw, size = v.__wrapped__, v.cache_parameters()["maxsize"]

            def make(raw: Any = raw, name: str = name) -> Any:
                def timed(self: Any, *args: Any, **kw: Any) -> Any:
                    if (not active[0]
                            or threading.current_thread() is not threading.main_thread()):
                        return raw(self, *args, **kw)
                    outer = not stack
                    t0 = time.thread_time()
                    stack.append(0.0)
                    try:
                        return raw(self, *args, **kw)
                    finally:
                        dt = time.thread_time() - t0
                        child = stack.pop()
                        own[name] += dt - child
                        misses[name] += 1
                        if stack:
                            stack[-1] += dt
                        if outer:
                            whole[name] += dt
                            outer_calls[name] += 1
                return functools.wraps(raw)(timed)

            setattr(lexicon_mod.Lexicon, name, functools.lru_cache(maxsize=size)(make()))
    loaded = fresh_scale_recall(lexicon_warmed=True)
    if loaded is None:
        return 0
    rm, rec, texts, rng = loaded
    lex = lexicon_mod.shared_lexicon()
    table = getattr(lex, "_answers", None)  # the table (round 64 patch), when the code has one
    sample = rng.sample(texts, len(texts))[:a.texts]
    rows = []
    active[0] = True
    for i, t in enumerate(sample):
        reads0 = table.reads if table is not None else 0
        c = time.thread_time()
        rm.recall(t, K, BUDGET, episode_id=f"e{i}")
        cpu = (time.thread_time() - c) * 1e3
        rows.append({"cpu_ms": round(cpu, 4),
                     "table_reads": (table.reads - reads0) if table is not None else 0})
        rec.wait_for_prefetch(5.0)
    active[0] = False
    result: dict[str, Any] = {
        "units": 10_000, "texts": len(sample), "loadavg_start": load0,
        "table_open": table is not None, "plain": a.plain,
        "first_request_cpu_ms": rows[0]["cpu_ms"], "by_position": {}}
    for name, lo, hi in (("2-10", 1, 10), ("11-30", 10, 30), ("31-", 30, len(rows)),
                         ("2-", 1, len(rows))):
        part = rows[lo:hi]
        result["by_position"][name] = {
            "cpu_ms": spread([r["cpu_ms"] for r in part]),
            "table_reads_mean": round(float(np.mean([r["table_reads"] for r in part])), 2)}
    if not a.plain:
        n = len(sample)
        result["lexicon_ms_per_request"] = round(sum(whole.values()) * 1e3 / n, 3)
        result["methods"] = {
            m: {"misses": misses[m], "own_ms": round(own[m] * 1e3, 2),
                "own_us_per_miss": round(own[m] * 1e6 / misses[m], 1),
                "outer_calls": outer_calls[m], "whole_ms": round(whole[m] * 1e3, 2)}
            for m in sorted(own, key=lambda m: -whole.get(m, 0.0))}
    result["rows"] = rows
    result["loadavg_end"] = os.getloadavg()
    path = save_result(a.out, result)
    print(json.dumps({k: v for k, v in result.items() if k not in ("rows", "methods")},
                     indent=1))
    for m, v in list(result.get("methods", {}).items())[:20]:
        print(f"{m:22s} {v}")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
