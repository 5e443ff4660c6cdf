"""Memory retrieval accuracy (MRA) of recall on labelled AI2-THOR instructions.

MRA = fraction of instructions whose needed objects are all among the retrieved units
(top-k after the relevance threshold; `type_only` returns exactly one unit, as KARMA's
code does). Reported per split (direct / vague) and mode, for k = 1, 3, 5; the headline
is k = 3. The `irrelevant` split reports how often recall correctly returns nothing.

    .venv/bin/python bench/recall_mra.py        # -> bench/results/recall_mra.json
"""

from __future__ import annotations

import argparse
import platform
import time
from collections import defaultdict

from environment import environment
from recall_common import load, save_result, scene_units

from memory_node.core.recall.colour import dominant_colour
from memory_node.core.recall.encoders import ENCODERS, make_embedder
from memory_node.core.recall.recall import MODES, Recaller
from memory_node.core.recall.settings import RecallSettings

KS = (1, 3, 5)


def half(scene_id: str, order: dict[str, int]) -> str:
    """Tuning half = even-numbered scenes, held-out half = odd ones (thresholds and weights
    of the hybrid ranking are only ever compared on the tuning half)."""
    return "tune" if order[scene_id] % 2 == 0 else "heldout"

HEADLINE_K = 3
KARMA = {"direct": 0.93, "vague": 0.42}  # KARMA paper, MRA with its memory-augmented prompt
THRESHOLDS = (0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.7)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--encoder", default=RecallSettings().encoder, choices=ENCODERS,
                    help="text encoder (recall.encoder; round 16)")
    ap.add_argument("--out", default="recall_mra", help="bench/results/<out>.json")
    ap.add_argument("--model-path", default="",
                    help="another ONNX file of the same model (recall.model_path), e.g. "
                         "bench/recall_int8_model.py's")
    ap.add_argument("--halves", default="tune,heldout",
                    help="scene halves to run: 'tune' leaves the held-out half unread")
    args = ap.parse_args()
    doc = load()
    if doc is None:
        print("skip: AI2-THOR rearrangement data absent (../shared/data or "
              "MEMORY_NODE_SHARED_DATA); the labelled set is generated from it")
        return 0
    scenes = {s["scene_id"]: s for s in doc["scenes"]}
    by_scene: dict[str, list[dict]] = defaultdict(list)
    for item in doc["instructions"]:
        by_scene[item["scene"]].append(item)

    recaller = Recaller(make_embedder(args.encoder, args.model_path or None))
    order = {sid: i for i, sid in enumerate(scenes)}
    by_scene = {sid: items for sid, items in by_scene.items()
                if half(sid, order) in args.halves.split(",")}
    halves = defaultdict(int)        # (split, half) -> hybrid hits at the headline k
    half_totals = defaultdict(int)
    hits = defaultdict(int)          # (split, mode, k) -> count
    totals = defaultdict(int)        # split -> count
    empty = defaultdict(int)         # (split, mode) -> empty answers at the headline k
    sweep = defaultdict(int)         # (split, threshold) -> hybrid hits / empties
    colour_errors, colour_total = 0, 0
    failures: list[dict] = []
    start = time.perf_counter()
    for scene_id, items in by_scene.items():
        units = scene_units(scenes[scene_id])
        for u, o in zip(units, scenes[scene_id]["objects"], strict=True):
            colour_total += 1
            colour_errors += dominant_colour(u.image_jpeg) != o["colour"]
        for item in items:
            split, needed = item["split"], set(item["needed"])
            totals[split] += 1
            h = half(scene_id, order)
            half_totals[(split, h)] += 1
            for mode in MODES:
                for k in KS:
                    got = [r.unit.object_id for r in recaller.rank(item["text"], units, k,
                                                                   mode=mode)]
                    if split == "irrelevant":
                        ok = not got
                        hits[(split, mode, k)] += ok
                    else:
                        ok = needed <= set(got)
                        hits[(split, mode, k)] += ok
                    if mode == "hybrid" and k == HEADLINE_K:
                        halves[(split, h)] += ok
                        if mode == "hybrid" and k == HEADLINE_K and not ok:
                            failures.append({"split": split, "text": item["text"],
                                             "needed": sorted(needed), "got": got})
                    if k == HEADLINE_K:
                        empty[(split, mode)] += not got
            scored = recaller.score_all(item["text"], units, mode="hybrid")
            for t in THRESHOLDS:
                got = [r.unit.object_id for r in scored if r.score >= t][:HEADLINE_K]
                sweep[(split, t)] += (not got) if split == "irrelevant" else needed <= set(got)
    elapsed = time.perf_counter() - start

    table = {}
    for split in ("direct", "vague", "irrelevant"):
        table[split] = {mode: {f"k={k}": round(hits[(split, mode, k)] / totals[split], 3)
                               for k in KS} for mode in MODES}
        for mode in MODES:
            table[split][mode]["empty_answers"] = round(
                empty[(split, mode)] / totals[split], 3)
    result = {
        "encoder": args.encoder, "model_path": args.model_path, "halves": args.halves,
        "what": "MRA = needed objects all in retrieved top-k; irrelevant = share of empty "
                "answers (the right answer)",
        "instructions": dict(totals), "scenes": len(scenes), "headline_k": HEADLINE_K,
        "karma_published": KARMA, "mra": table,
        "hybrid_by_half_at_headline_k": {
            split: {hh: round(halves[(split, hh)] / max(1, half_totals[(split, hh)]), 3)
                    for hh in ("tune", "heldout")}
            for split in ("direct", "vague", "irrelevant")},
        "hybrid_min_score_sweep": {
            split: {str(t): round(sweep[(split, t)] / totals[split], 3) for t in THRESHOLDS}
            for split in ("direct", "vague", "irrelevant")},
        "crop_colour_errors": f"{colour_errors}/{colour_total}",
        "hybrid_failures_at_headline_k": failures[:40],
        "n_hybrid_failures_at_headline_k": len(failures),
        "elapsed_s": round(elapsed, 1), "machine": platform.machine(),
        "python": platform.python_version(), "environment": environment(),
    }
    out = save_result(args.out, result)
    print(f"MRA at k={HEADLINE_K} (KARMA published: direct {KARMA['direct']}, "
          f"vague {KARMA['vague']})")
    print(f"{'mode':10s} {'direct':>7s} {'vague':>7s} {'irrelevant->empty':>18s}")
    for mode in MODES:
        print(f"{mode:10s} {table['direct'][mode][f'k={HEADLINE_K}']:7.3f} "
              f"{table['vague'][mode][f'k={HEADLINE_K}']:7.3f} "
              f"{table['irrelevant'][mode][f'k={HEADLINE_K}']:18.3f}")
    for split in ("direct", "vague", "irrelevant"):
        by = result["hybrid_by_half_at_headline_k"][split]
        print(f"hybrid {split:10s} tune {by['tune']:.3f}  held-out {by['heldout']:.3f}")
    print(f"crop colour errors {colour_errors}/{colour_total}; wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
