"""Restart to first recall with 10,000 units: embeddings recomputed vs loaded from SQLite.

Units are drawn from the labelled AI2-THOR scenes (real descriptions), each placed in its
own area so that all 10,000 texts differ (the store is content-addressed: repeated texts
would be stored once and flatter the figure). Side by side in one run:

* ``recompute`` (today's path): a fresh Recaller embeds every unit on its first recall;
* ``stored``: the first process embedded into ``text_embeddings`` (migration 4); a fresh
  MemoryStore + Recaller (the restart) loads the vectors and embeds nothing.

Both times are wall time of the first ``Recaller.rank`` after construction (WordNet is
loaded beforehand in both, so the figures compare embeddings only).

    .venv/bin/python bench/recall_restart.py     # -> bench/results/recall_restart.json
"""

from __future__ import annotations

import json
import platform
import random
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from recall_common import RESULTS, load, scene_units

from memory_node.core.persistence.store import MemoryStore
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.embedding_store import EmbeddingStore
from memory_node.core.recall.lexicon import shared_lexicon
from memory_node.core.recall.recall import Recaller

N = 10_000


def main() -> int:
    doc = load()
    if doc is None:
        print("skip: AI2-THOR rearrangement data absent; the labelled set is generated from it")
        return 0
    rng = random.Random(11)
    pool = [u for s in doc["scenes"] for u in scene_units(s)]
    units = [replace(rng.choice(pool), object_id=f"u{i}", area_id=f"room{i}") for i in range(N)]
    embedder = Embedder(intra_op_threads=1)
    shared_lexicon().load()
    q = "bring me the mug from the kitchen"
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "memory.db"
        store = MemoryStore(db, durability="normal")
        es = EmbeddingStore(store, embedder.model_id, embedder.dim)
        first = Recaller(embedder, embedding_store=es)
        t0 = time.perf_counter()
        first.rank(q, units, 5)
        recompute = time.perf_counter() - t0
        store.close()
        t0 = time.perf_counter()
        store = MemoryStore(db, durability="normal")
        again = Recaller(embedder, embedding_store=EmbeddingStore(store, embedder.model_id,
                                                                   embedder.dim))
        again.rank(q, units, 5)
        stored = time.perf_counter() - t0
        result = {"units": N, "recompute_first_recall_s": round(recompute, 2),
                  "stored_first_recall_s": round(stored, 2),
                  "computed_after_restart": again.unit_cache.computed,
                  "loaded_after_restart": again.unit_cache.loaded,
                  "db_bytes": db.stat().st_size, "onnx_threads": 1,
                  "machine": platform.machine(), "python": platform.python_version()}
        store.close()
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "recall_restart.json").write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
