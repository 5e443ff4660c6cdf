"""Round 65 (issue 11, part 4): where a fresh server's one-word lexicon asks go, by the kind
of word asked, and what a request's table reads and page faults cost, in process.

As ``recall_word_cost_r64.py`` (the scale benches' 10,000-unit memory, the labelled texts in
a fixed random order, each recalled once after the lexicon's start-up warm-up), with either
whole instructions (default) or the planner's path (``--per-subtask``: the text's steps made
ahead on the background worker, ``prefetch_subtasks``, waited for, then the per-subtask
recall, as the DDS bench's planner mode sends them). Per request: the handler's thread CPU
and wall, the process's minor / major page faults, the table's reads and their wall, the
garbage collections inside it. Every outer call of the 14 table methods (round 64's
``METHODS``; asked from outside the lexicon, on any thread) is classed by what the asked
string is to WordNet's lemma index, and its whole CPU summed per class:

* ``lemma``: a lemma of the index as asked (what the per-lemma table holds);
* ``inflection``: one word, no lemma, but morphy reduces it to one under some part of
  speech ("knives", "chilled");
* ``unknown_word``: one word WordNet has no form of at all;
* ``pair``: a key with "_" ("grab_tissue");
* ``phrase``: words with spaces, no lemma ("kitchen counter top").

The table is read where ``MEMORY_NODE_WORD_ANSWERS_DIR`` points (base code: none).

    RECALL_BENCH_CODE=DIR .venv/bin/python bench/recall_word_cost_r65.py \
        [--texts 120] [--per-subtask] [--out NAME]   # -> bench/results/NAME.json
"""

from __future__ import annotations

import collections
import functools
import gc
import json
import os
import resource
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from environment import with_environment  # noqa: E402
from recall_common import fresh_scale_recall, save_result, scale_bench_args, spread  # noqa: E402

import memory_node.core.recall.lexicon as lexicon_mod  # noqa: E402

K, BUDGET = 5, 600
METHODS = ("gloss_nouns", "description_words", "container_matter", "verb_matter",
           "verb_tools", "sibling_tools", "sense_parents", "synonyms", "hyponym_names",
           "hypernym_names", "purposes", "holds_contents", "is_size_word", "verb_share")


def main() -> int:
    a, load0 = scale_bench_args("recall_word_cost_r65", 120, {"--per-subtask": None})
    lex_ref: list[Any] = [None]
    depth = threading.local()
    active = [False]
    by_class: dict[str, dict[str, list[float]]] = collections.defaultdict(
        lambda: collections.defaultdict(lambda: [0, 0.0]))
    lock = threading.Lock()

    def classify(word: str) -> str:
        lex = lex_ref[0]
        index = getattr(lex._wn, "_lemma_pos_offset_map", None) if lex is not None else None
        key = word.lower().replace(" ", "_")
        if index is not None and key in index:
            return "lemma"
        if "_" in word:
            return "pair"
        if " " in word.strip():
            return "phrase"
        if lex is not None and any(lex._forms(word.lower(), p) for p in "nvar"):
            return "inflection"
        return "unknown_word"

    for name in METHODS:
        v = vars(lexicon_mod.Lexicon)[name]
        raw, size = v.__wrapped__, v.cache_parameters()["maxsize"]

        def make(raw: Any = raw, name: str = name) -> Any:
            def timed(self: Any, *args: Any, **kw: Any) -> Any:
                if not active[0] or bool(getattr(depth, "n", False)):
                    return raw(self, *args, **kw)
                depth.n = 1
                t0 = time.thread_time()
                try:
                    return raw(self, *args, **kw)
                finally:
                    dt = time.thread_time() - t0
                    depth.n = 0
                    kind = (classify(args[0]) if len(args) == 1 and not kw
                            and isinstance(args[0], str) else "more_arguments")
                    with lock:
                        cell = by_class[name][kind]
                        cell[0] += 1
                        cell[1] += dt
            return functools.wraps(raw)(timed)

        setattr(lexicon_mod.Lexicon, name, functools.lru_cache(maxsize=size)(make()))
    table_reads: list[tuple[int, float]] = []
    try:
        from memory_node.core.recall import word_answers  # type: ignore[attr-defined]
        lookup = word_answers.WordAnswers._lookup

        def lookup_timed(self: Any, key: bytes) -> Any:
            t0 = time.perf_counter()
            try:
                return lookup(self, key)
            finally:
                table_reads.append((threading.get_ident(), time.perf_counter() - t0))

        word_answers.WordAnswers._lookup = lookup_timed  # type: ignore[method-assign, unused-ignore]
    except ImportError:
        pass
    gcs: list[float] = []
    gc_t0: dict[int, float] = {}

    def on_gc(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            gc_t0[threading.get_ident()] = time.perf_counter()
        elif threading.get_ident() in gc_t0:
            gcs.append(time.perf_counter() - gc_t0.pop(threading.get_ident()))

    loaded = fresh_scale_recall(lexicon_warmed=True)
    if loaded is None:
        return 0
    rm, rec, texts, rng = loaded
    lex = lexicon_mod.shared_lexicon()
    lex_ref[0] = lex
    table = getattr(lex, "_answers", None)
    sample = rng.sample(texts, len(texts))[:a.texts]
    rows = []
    gc.callbacks.append(on_gc)
    active[0] = True
    main_id = threading.get_ident()
    for i, t in enumerate(sample):
        ahead_wall = 0.0
        if a.per_subtask:
            t0 = time.perf_counter()
            rm.prefetch_subtasks(t)
            rec.wait_for_prefetch(10.0)
            ahead_wall = time.perf_counter() - t0
        n_reads, n_gc = len(table_reads), len(gcs)
        f0 = resource.getrusage(resource.RUSAGE_SELF)
        w, c = time.perf_counter(), time.thread_time()
        if a.per_subtask:
            rm.recall(t, K, BUDGET, episode_id=f"pl{i}", per_subtask=True)
        else:
            rm.recall(t, K, BUDGET, episode_id=f"e{i}")
        cpu, wall = (time.thread_time() - c) * 1e3, (time.perf_counter() - w) * 1e3
        f1 = resource.getrusage(resource.RUSAGE_SELF)
        reads = [dt for tid, dt in table_reads[n_reads:] if tid == main_id]
        rows.append({"cpu_ms": round(cpu, 4), "wall_ms": round(wall, 4),
                     "ahead_wall_ms": round(ahead_wall * 1e3, 3),
                     "minflt": f1.ru_minflt - f0.ru_minflt, "majflt": f1.ru_majflt - f0.ru_majflt,
                     "table_reads": len(reads), "table_read_ms": round(sum(reads) * 1e3, 4),
                     "gc_ms": round(sum(gcs[n_gc:]) * 1e3, 3)})
        rec.wait_for_prefetch(5.0)
    active[0] = False
    gc.callbacks.remove(on_gc)
    result: dict[str, Any] = {
        "units": 10_000, "texts": len(sample), "per_subtask": a.per_subtask,
        "loadavg_start": load0, "table_open": table is not None,
        "first_request_cpu_ms": rows[0]["cpu_ms"], "by_position": {}}
    for name, lo, hi in (("2-10", 1, 10), ("11-30", 10, 30), ("31-", 30, len(rows)),
                         ("2-", 1, len(rows))):
        part = rows[lo:hi]
        result["by_position"][name] = {
            k: spread([r[k] for r in part], 4)
            for k in ("cpu_ms", "wall_ms", "minflt", "majflt", "table_reads", "table_read_ms",
                      "gc_ms", "ahead_wall_ms")}
    reads_all = [dt * 1e6 for _, dt in table_reads]
    result["table_read_us_all_threads"] = spread(reads_all, 4)
    classes: dict[str, dict[str, float]] = collections.defaultdict(lambda: {"calls": 0, "ms": 0.0})
    for kinds in by_class.values():
        for kind, (n, s) in kinds.items():
            classes[kind]["calls"] += n
            classes[kind]["ms"] += s * 1e3
    result["outer_calls_by_class"] = {
        k: {"calls": v["calls"], "ms": round(v["ms"], 2),
            "us_per_call": round(v["ms"] * 1e3 / max(1, v["calls"]), 1)}
        for k, v in sorted(classes.items())}
    result["outer_calls_by_method_class"] = {
        m: {k: {"calls": n, "ms": round(s * 1e3, 2)} for k, (n, s) in kinds.items()}
        for m, kinds in sorted(by_class.items())}
    result["rows"] = rows
    result["loadavg_end"] = os.getloadavg()
    path = save_result(a.out, with_environment(result))
    print(json.dumps({k: v for k, v in result.items()
                      if k not in ("rows", "outer_calls_by_method_class")}, indent=1))
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
