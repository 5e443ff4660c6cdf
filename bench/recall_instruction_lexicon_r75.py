"""Round 75 (dds78, issue 11, part 4): a whole-instruction request's thread CPU at 10,000 units,
in process, split into the lexical half (`Recaller._lexical_arrays`), the ranking, the context
and the query model's call (on its worker: thread CPU and wall, wrapped around the embedder),
with the lexicon's memo misses per method; each text's first recall in the process after the
`wordnet-load` thread has ended (as a DDS bench's timed requests), then every text again with
the lexicon warm and the per-text memos emptied (`warm`: what no lexical table can take off).
Request 0 (the process's first) is left out. `--table PATH` reads set-up's lexicon answers
from PATH instead of the default file (lexicon_answers.py; the code must have it).

    .venv/bin/python bench/recall_instruction_lexicon_r75.py [--requests 200] [--table PATH]
        [--out NAME]
        # -> bench/results/<NAME>.json (default recall_instruction_lexicon_r75)
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
from recall_common import fresh_scale_recall, save_result, timed_into

from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.recall import Recaller

SPENT: dict[str, float] = {}
MODEL: list[tuple[float, float]] = []


def _timed(f: Callable[..., Any], part: str) -> Callable[..., Any]:
    return timed_into(SPENT, f, part)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--requests", type=int, default=200)
    ap.add_argument("--table", default="")
    ap.add_argument("--out", default="recall_instruction_lexicon_r75")
    args = ap.parse_args()
    if args.table:
        from memory_node.core.recall import lexicon_answers
        lexicon_answers.table_path = lambda lex, directory=None: Path(args.table)  # type: ignore[assignment]
    loaded = fresh_scale_recall(lexicon_warmed=True)
    if loaded is None:
        return 0
    rm, rec, texts, rng = loaded
    memos = {k: v for k, v in vars(Lexicon).items() if hasattr(v, "cache_info")}
    for name, part in (("_lexical_arrays", "lexical"), ("rank_filled", "rank_filled"),
                       ("context_for", "context")):
        setattr(Recaller, name, _timed(getattr(Recaller, name), part))
    embed = rec.embedder.embed

    def timed_embed(ts: Any, *a: Any, **kw: Any) -> Any:
        t, w = time.thread_time(), time.perf_counter()
        try:
            return embed(ts, *a, **kw)
        finally:
            MODEL.append(((time.thread_time() - t) * 1e3, (time.perf_counter() - w) * 1e3))
    rec.embedder.embed = timed_embed  # type: ignore[method-assign]
    rows = []
    for text in rng.sample(texts, args.requests):
        SPENT.clear()
        MODEL.clear()
        before = {k: m.cache_info().misses for k, m in memos.items()}
        t = time.thread_time()
        rm.recall(text, 5, 600)
        cpu = (time.thread_time() - t) * 1e3
        misses = {k: m.cache_info().misses - before[k] for k, m in memos.items()}
        rows.append({"text": text, "cpu": cpu, **{k: v * 1e3 for k, v in SPENT.items()},
                     "model_cpu": sum(x[0] for x in MODEL), "model_calls": len(MODEL),
                     "misses": {k: v for k, v in misses.items() if v}})
        rec.wait_for_prefetch(5.0)
    rec.config = replace(rec.config, scored_memo=0)
    rec._query_terms.clear()
    rec._query_cache.clear()
    for row in rows:
        SPENT.clear()
        t = time.thread_time()
        rm.recall(row["text"], 5, 600)
        row["warm"] = (time.thread_time() - t) * 1e3
        row["warm_lexical"] = SPENT.get("lexical", 0.0) * 1e3
        rec.wait_for_prefetch(5.0)
    rows = rows[1:]
    out: dict = {"requests": len(rows), "table": args.table or "default",
                 "answers_loaded": len(getattr(rec.lexicon, "answers", None) or {})}
    for k in ("cpu", "lexical", "rank_filled", "context", "model_cpu", "warm", "warm_lexical"):
        q = np.percentile([r.get(k, 0.0) for r in rows], [50, 90, 99])
        out[k] = dict(zip(("p50", "p90", "p99"), (round(float(x), 3) for x in q), strict=True))
        print(f"{k:14s} p50 {q[0]:7.2f} p90 {q[1]:7.2f} p99 {q[2]:7.2f}")
    totals: dict[str, int] = {}
    for r in rows:
        for k, v in r["misses"].items():
            totals[k] = totals.get(k, 0) + v
    out["memo_misses_by_method"] = dict(sorted(totals.items(), key=lambda kv: -kv[1]))
    out["slowest"] = [{k: (round(v, 2) if isinstance(v, float) else v) for k, v in r.items()
                       if k != "misses"} | {"misses": sum(r["misses"].values())}
                      for r in sorted(rows, key=lambda r: -r["cpu"])[:6]]
    print("wrote", save_result(args.out, out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
