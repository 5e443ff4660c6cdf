"""Round 40 (issue 11, part 4): what a word new to the process costs the lexicon, old
way against new, counted per piece so the figures hold at any load.

1. ``lookups``: the DDS bench's instruction texts (200 distinct, each recalled once, as
   its instruction mode does after a start) through the recall memory; every lemma-index
   lookup each request makes is recorded (``LazyLemmaIndex._lookup``), then each request's
   own lookups are replayed on fresh indexes, by binary search of the files and by set-up's
   hash table (``lemma_table.py``), interleaved, least of ``--reps``: the per-request
   cost of the lookups either way next to the request's thread CPU.
2. ``size`` / ``parents``: ``is_size_word`` and ``sense_parents`` for seeded samples of
   adjective / noun lemmas (and inflections), each word new to its lexicon, the data-line
   reading against nltk's objects (the code before round 40, restated here), interleaved;
   every answer compared.

    PYTHONPATH=$PWD .venv/bin/python bench/recall_lexicon_cold.py [--reps 15] [--out NAME]
        # -> bench/results/<NAME>.json
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from recall_common import loaded_recall, save_result  # noqa: E402

from memory_node.core.recall import lexicon as lx  # noqa: E402
from memory_node.core.recall.lemma_table import LemmaTable, read_index_files  # noqa: E402
from memory_node.core.recall.settings import RecallSettings  # noqa: E402


def _pcts(xs: list[float] | np.ndarray) -> list[float]:
    return [round(float(np.percentile(xs, q)), 3) for q in (50, 90, 99)]


def lookups(reps: int) -> dict:
    loaded = loaded_recall(10_000, RecallSettings())
    if loaded is None:
        return {}
    rm, texts, rng = loaded
    recaller = rm._ensure()
    rm.recall("bring me the mug from the kitchen", 5, 600)
    recaller.wait_for_prefetch(5.0)
    recorded: list[str] = []
    original = lx.LazyLemmaIndex._lookup

    def recording(self: lx.LazyLemmaIndex, lemma: str) -> dict[str, list[int]]:
        recorded.append(lemma)
        return original(self, lemma)

    lx.LazyLemmaIndex._lookup = recording  # type: ignore[method-assign]
    per: list[tuple[float, list[str]]] = []
    for text in rng.sample(texts, 200):
        recorded.clear()
        c = time.thread_time()
        rm.recall(text, 5, 600)
        per.append(((time.thread_time() - c) * 1e3, list(recorded)))
        recaller.wait_for_prefetch(5.0)  # its steps' prefetch, untimed and unrecorded
    lx.LazyLemmaIndex._lookup = original  # type: ignore[method-assign]
    files = read_index_files(lx.DEFAULT_ROOT)
    table = LemmaTable.open(files)
    if table is None:
        return {"error": "no lemma table built (setup.sh step 7)"}
    best = {"search": [1e9] * len(per), "table": [1e9] * len(per)}
    for r in range(reps):
        for i, (_, keys) in enumerate(per):
            for mode in (("search", "table") if r % 2 else ("table", "search")):
                index = lx.LazyLemmaIndex(files, table if mode == "table" else None)
                c = time.thread_time()
                for k in keys:
                    index[k]
                best[mode][i] = min(best[mode][i], (time.thread_time() - c) * 1e3)
    s, t = np.array(best["search"]), np.array(best["table"])
    cpu = np.array([c for c, _ in per])
    return {"requests": len(per), "lookups": _pcts([len(k) for _, k in per]),
            "lookups_sum": sum(len(k) for _, k in per),
            "search_ms": _pcts(s), "table_ms": _pcts(t), "saved_ms": _pcts(s - t),
            "sum_search_ms": round(float(s.sum()), 2), "sum_table_ms": round(float(t.sum()), 2),
            "request_cpu_ms_with_table": _pcts(cpu),
            "sum_request_cpu_ms_with_table": round(float(cpu.sum()), 1)}


def _size_by_objects(lex: lx.Lexicon, word: str) -> bool:
    for s in lex._synsets(word.lower(), "a")[:1]:
        heads = [s] + (s.similar_tos() if s.pos() == "s" else [])
        return any(a.name().split(".")[0] == "size" for h in heads for a in h.attributes())
    return False


def _parents_by_objects(lex: lx.Lexicon, word: str) -> frozenset[str]:
    out: set[str] = set()
    for s in lex._synsets(word.strip().lower(), "n"):
        if s.lexname() in lx.PHYSICAL:
            for h in s.hypernyms():
                if h.lexname() in lx.PHYSICAL:
                    out.update(n.lower() for n in h.lemma_names() if "_" not in n)
    return frozenset(out)


def _lemmas(name: str) -> list[str]:
    return [line.split(" ", 1)[0] for line in
            (lx.DEFAULT_ROOT / name).read_text(encoding="utf-8").splitlines()
            if line and not line.startswith(" ")]


def functions() -> dict:
    out = {}
    cases = {
        "size": (lx.Lexicon.is_size_word.__wrapped__, _size_by_objects,  # type: ignore[attr-defined]
                 random.Random(3).sample(_lemmas("index.adj"), 3000), ("er", "est")),
        "parents": (lx.Lexicon.sense_parents.__wrapped__, _parents_by_objects,  # type: ignore[attr-defined]
                    random.Random(7).sample(_lemmas("index.noun"), 5000), ("s",)),
    }
    for name, (new, old, sample, endings) in cases.items():
        words = sample + [w + e for w in sample[:500] for e in endings]
        a, b = lx.Lexicon(), lx.Lexicon()
        assert a.load() and b.load()
        times: dict[str, list[float]] = {"new": [], "old": []}
        differ = 0
        for i, w in enumerate(words):
            answers = {}
            for mode in (("new", "old") if i % 2 else ("old", "new")):
                c = time.thread_time()
                answers[mode] = new(a, w) if mode == "new" else old(b, w)
                times[mode].append((time.thread_time() - c) * 1e3)
            differ += answers["new"] != answers["old"]
        out[name] = {"words": len(words), "answers_differ": differ,
                     "data_lines_ms": _pcts(times["new"]), "nltk_objects_ms": _pcts(times["old"]),
                     "ratio_sum": round(sum(times["new"]) / sum(times["old"]), 3)}
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=15)
    ap.add_argument("--out", default="recall_lexicon_cold_r40")
    args = ap.parse_args()
    result = {"lookups": lookups(args.reps), **functions()}
    save_result(args.out, result)
    print(result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
