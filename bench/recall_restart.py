"""Restart to first recall with 10,000 units: what a restarted server pays before it answers.

Units are drawn from the labelled AI2-THOR scenes (real descriptions and colour crops), each
placed in its own area so that all 10,000 texts differ (the stores are content-addressed:
repeated texts would be stored once and flatter the figure). One run, side by side:

* ``recompute``: a fresh Recaller embeds every unit on its first recall (no stores);
* ``stored_loop`` (the code before the unit index): vectors loaded from
  ``text_embeddings`` (migration 3), every crop decoded again, the per-unit scorer;
* ``stored_vectorised``: vectors and crop colours (migration 5) loaded, the index scorer;
* ``stored_vectorised_cold_lexicon_names_resolved`` (before migration 6): the same with a
  fresh, unloaded ``Lexicon`` that resolves every type's WordNet names;
* ``stored_vectorised_cold_lexicon`` (now): the same with the names read (migration 6).

Restarts are repeated in 3 alternating rounds; figures are medians (``each_s`` all).

Each figure is the wall time from a fresh MemoryStore + Recaller to the end of its first
``Recaller.rank``. With the shared lexicon, WordNet is loaded and its lookups memoised by
the first life (so those compare the unit work); the cold-lexicon variants use a fresh
``Lexicon`` that their first recall loads (nltk's modules are already imported by then).
``wordnet_index_s`` is a fresh WordNet load timed on its own, ``wordnet_full_parse_s``
nltk's own parse of every index line (what each start paid before the lazy index).

    .venv/bin/python bench/recall_restart.py     # -> bench/results/recall_restart.json
"""

from __future__ import annotations

import json
import os
import platform
import random
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import numpy as np
from environment import environment
from recall_common import load, save_result, scene_units

from memory_node.core.persistence.store import MemoryStore
from memory_node.core.recall.colour_store import CropColourStore
from memory_node.core.recall.describe import Describer
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.embedding_store import EmbeddingStore
from memory_node.core.recall.lexicon import Lexicon, shared_lexicon
from memory_node.core.recall.recall import RecallConfig, Recaller

N = 10_000
ROUNDS = 3
QUERY = "bring me the mug from the kitchen"


def restart(db: Path, embedder: Embedder, units: list, *, vectorised: bool,
            colours: bool, lexicon: Lexicon | None = None,
            names: bool = True) -> tuple[float, Recaller, list[str]]:
    t0 = time.perf_counter()
    store = MemoryStore(db, durability="normal")
    recaller = Recaller(
        embedder, Describer(colour_store=CropColourStore(store) if colours else None),
        RecallConfig(vectorised=vectorised), lexicon=lexicon,
        embedding_store=EmbeddingStore(store, embedder.model_id, embedder.dim),
        terms_db=store if names else None)
    top = [r.unit.object_id for r in recaller.rank(QUERY, units, 5)]
    elapsed = time.perf_counter() - t0
    store.close()
    return elapsed, recaller, top


def full_parse(lexicon: Lexicon) -> object:
    """nltk's own parse of every index line, as each start paid before the lazy index."""
    from collections import defaultdict

    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    reader = lexicon._wn
    lazy = reader._lemma_pos_offset_map  # type: ignore[union-attr]
    reader._lemma_pos_offset_map = defaultdict(dict)  # type: ignore[union-attr]
    WordNetCorpusReader._load_lemma_pos_offset_map(reader)
    parsed = reader._lemma_pos_offset_map  # type: ignore[union-attr]
    reader._lemma_pos_offset_map = lazy  # type: ignore[union-attr]
    return parsed


def main() -> int:
    doc = load()
    if doc is None:
        print("skip: AI2-THOR rearrangement data absent; the labelled set is generated from it")
        return 0
    n = int(sys.argv[1]) if len(sys.argv) > 1 else N
    rng = random.Random(11)
    pool = [u for s in doc["scenes"] for u in scene_units(s)]
    units = [replace(rng.choice(pool), object_id=f"u{i}", area_id=f"room{i}") for i in range(n)]
    embedder = Embedder(intra_op_threads=1)
    t0 = time.perf_counter()
    Lexicon().load()
    wordnet_s = time.perf_counter() - t0
    shared_lexicon().load()
    full = Lexicon()
    full.load()
    t0 = time.perf_counter()
    full_parse(full)
    full_parse_s = time.perf_counter() - t0
    result: dict = {"units": n, "onnx_threads": 1, "wordnet_index_s": round(wordnet_s, 2),
                    "wordnet_full_parse_s": round(full_parse_s, 2),
                    "loadavg_1_5_15_start": list(os.getloadavg()),
                    "machine": platform.machine(), "python": platform.python_version(),
                    "environment": environment()}
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "memory.db"
        # First life: everything computed (and stored, so the restarts below can load).
        recompute, first, top = restart(db, embedder, units, vectorised=True, colours=True)
        result["recompute_first_recall_s"] = round(recompute, 2)
        result["recompute_embedded"] = first.unit_cache.computed
        result["db_bytes"] = db.stat().st_size
        variants = (("stored_loop", False, False),
                    ("stored_vectorised", True, True),
                    ("stored_vectorised_cold_lexicon_names_resolved", True, True),
                    ("stored_vectorised_cold_lexicon", True, True))
        times: dict[str, list[float]] = {name: [] for name, _, _ in variants}
        for r in range(ROUNDS):  # medians of alternating rounds: the machine is shared
            for name, vectorised, colours in (variants if r % 2 == 0 else variants[::-1]):
                elapsed, again, got = restart(
                    db, embedder, units, vectorised=vectorised, colours=colours,
                    lexicon=Lexicon() if "cold_lexicon" in name else None,
                    names=not name.endswith("names_resolved"))
                times[name].append(round(elapsed, 2))
                result[name] = {"first_recall_s": float(np.median(times[name])),
                                "each_s": times[name],
                                "embedded": again.unit_cache.computed,
                                "vectors_loaded": again.unit_cache.loaded,
                                "crops_decoded": again.describer.decoded,
                                "same_top5_as_first_life": got == top}
                print(name, json.dumps(result[name]), flush=True)
    result["loadavg_1_5_15_end"] = list(os.getloadavg())
    save_result("recall_restart", result)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
