"""Needs missed per tuning set, the packaged query model against its int8 copy (round 28).

Reads bench/results/recall_{human_tune,blind<N>}_{packaged,int8}_r28.json (bench/recall_human.py,
full configuration) and recall_mra_tune_{packaged,int8}_r28.json (bench/recall_mra.py), and
writes recall_model_quality_r28.json: per set, k=3, whole / per subtask (hand-split steps) /
auto, the scores and the needs missed, and the MRA tune half's hybrid k=3 in items.

    .venv/bin/python bench/recall_model_quality_compare.py
"""

from __future__ import annotations

import json
from pathlib import Path

from environment import with_environment

RESULTS = Path(__file__).resolve().parent / "results"
VARIANTS = ("packaged", "int8")
SETS = ["human_tune"] + ["blind"] + [f"blind{n}" for n in range(2, 18)]


def missed(doc: dict) -> dict[str, float]:
    (split,) = doc["full"].values()
    k3 = split["k=3"]
    needs = split["needs_scored"]
    return {"whole": k3["whole"], "steps": k3["steps"], "auto": k3["auto"],
            "whole_missed": sum(len(f["missed"]) for f in split["whole_failures_k3"]),
            "steps_missed": sum(len(f["missed"]) for f in split["step_failures_k3"]),
            "auto_missed": round((1.0 - k3["auto"]) * needs), "needs": needs}


def main() -> int:
    out: dict = {"sets": {}, "mra_tune_hybrid_k3": {}}
    print(f"{'set':12} " + " | ".join(f"{v:>34}" for v in VARIANTS) + " | d missed w/s/a")
    for name in SETS:
        row = {}
        for v in VARIANTS:
            f = RESULTS / f"recall_{name}_{v}_r28.json"
            if f.is_file():
                row[v] = missed(json.loads(f.read_text()))
        out["sets"][name] = row
        if len(row) == 2:
            p, q = row["packaged"], row["int8"]
            d = [q[f"{m}_missed"] - p[f"{m}_missed"] for m in ("whole", "steps", "auto")]
            print(f"{name:12} " + " | ".join(
                f"{r['whole']:.3f}/{r['steps']:.3f}/{r['auto']:.3f} m{r['whole_missed']:>3}/"
                f"{r['steps_missed']:>2}/{r['auto_missed']:>2}" for r in (p, q)) + f" | {d}")
    for v in VARIANTS:
        f = RESULTS / f"recall_mra_tune_{v}_r28.json"
        if f.is_file():
            doc = json.loads(f.read_text())
            n = doc["instructions"]
            out["mra_tune_hybrid_k3"][v] = {
                kind: {"score": doc["mra"][kind]["hybrid"]["k=3"],
                       "items": round(doc["mra"][kind]["hybrid"]["k=3"] * n[kind])}
                for kind in ("direct", "vague", "irrelevant")}
    print("MRA tune hybrid k=3:", out["mra_tune_hybrid_k3"])
    (RESULTS / "recall_model_quality_r28.json").write_text(
        json.dumps(with_environment(out), indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
