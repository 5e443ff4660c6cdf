"""Round 63 (issue 11, part 4): what words new to the process cost a whole-instruction request.

The scale benches' 10,000-unit memory (``recall_common.loaded_recall``), the labelled texts in
a fixed random order, each recalled whole once (k=5, budget 600) after the lexicon's start-up
warm-up thread has finished, as on the DDS bench's fresh server. Per request: the handler's
thread CPU, WordNet index reads (``LazyLemmaIndex.__missing__``) and the misses of every
memoised ``Lexicon`` method. Summaries by the request's position (1-10, 11-30, 31-...), and
with ``--repeat`` the same texts again with every lexicon memo warm (the query terms' own
per-text memo cleared): the most any store of per-word answers could take off.
``RECALL_BENCH_CODE=<dir>`` runs that checkout's code (recall_common): round 63's A/B of
``RecallConfig.warm_query_words`` ran it on the change and on the base.

    .venv/bin/python bench/recall_new_words_r63.py [--texts 300] [--repeat]
        [--out NAME]   # -> bench/results/NAME.json
"""

from __future__ import annotations

import collections
import json
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
from recall_common import fresh_scale_recall, save_result, scale_bench_args, spread  # noqa: E402

import memory_node.core.recall.lexicon as lexicon_mod  # noqa: E402

K, BUDGET = 5, 600


def main() -> int:
    a, load0 = scale_bench_args("recall_new_words_r63", 300, {"--repeat": None})
    reads: list[int] = [0]
    missing = lexicon_mod.LazyLemmaIndex.__missing__

    def counted(self: Any, lemma: str) -> Any:
        if threading.current_thread() is threading.main_thread():
            reads[0] += 1
        return missing(self, lemma)

    lexicon_mod.LazyLemmaIndex.__missing__ = counted  # type: ignore[method-assign]
    memos = {n: v for n, v in vars(lexicon_mod.Lexicon).items() if hasattr(v, "cache_info")}
    loaded = fresh_scale_recall(lexicon_warmed=True)
    if loaded is None:
        return 0
    rm, rec, texts, rng = loaded
    sample = rng.sample(texts, len(texts))[:a.texts]
    passes = [sample, sample] if a.repeat else [sample]
    out_rows: list[list[dict]] = []
    for p, batch in enumerate(passes):
        rec._query_terms.clear()
        rows = []
        for i, t in enumerate(batch):
            reads[0] = 0
            before = {n: m.cache_info().misses for n, m in memos.items()}
            c = time.thread_time()
            rm.recall(t, K, BUDGET, episode_id=f"p{p}e{i}")
            cpu = (time.thread_time() - c) * 1e3
            misses = {n: m.cache_info().misses - before[n] for n, m in memos.items()}
            rows.append({"cpu_ms": round(cpu, 4), "wordnet_reads": reads[0],
                         "memo_misses": sum(misses.values()),
                         "by_memo": {n: v for n, v in misses.items() if v}})
            rec.wait_for_prefetch(5.0)
        out_rows.append(rows)
    first = out_rows[0]
    result: dict[str, Any] = {
        "units": 10_000, "texts": len(sample), "loadavg_start": load0,
        "by_position": {}, "by_wordnet_reads": {}}
    for name, lo, hi in (("1-10", 0, 10), ("11-30", 10, 30), ("31-", 30, len(first))):
        part = first[lo:hi]
        tot: collections.Counter[str] = collections.Counter()
        for r in part:
            tot.update(r["by_memo"])
        result["by_position"][name] = {
            "cpu_ms": spread([r["cpu_ms"] for r in part]),
            "wordnet_reads_mean": round(float(np.mean([r["wordnet_reads"] for r in part])), 2),
            "memo_misses_mean": round(float(np.mean([r["memo_misses"] for r in part])), 2),
            "top_memos_per_request": {k: round(v / len(part), 2) for k, v in tot.most_common(10)}}
    for name, lo, hi in (("0", 0, 0), ("1-3", 1, 3), ("4+", 4, 10**9)):
        sel = [r["cpu_ms"] for r in first if lo <= r["wordnet_reads"] <= hi]
        result["by_wordnet_reads"][name] = spread(sel)
    result["all_cpu_ms"] = spread([r["cpu_ms"] for r in first])
    if a.repeat:
        result["memos_warm_cpu_ms"] = spread([r["cpu_ms"] for r in out_rows[1]])
    result["rows"] = [[{k: v for k, v in r.items() if k != "by_memo"} for r in rows]
                      for rows in out_rows]
    result["loadavg_end"] = os.getloadavg()
    path = save_result(a.out, result)
    print(json.dumps({k: v for k, v in result.items() if k != "rows"}, indent=1))
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
