"""Round 67 (issue 11, part 4): another ONNX file of the query model (``recall.model_path``,
e.g. ``bench/recall_int8_model.py``'s int8 copies) vs the packaged file, recall at k=3:
whole instruction, auto-split subtasks and per hand step, per need (``recall_human``'s
groups), every instruction of each set (another model's vectors can move any answer).

One process holds the packaged embedder and one per ``--model NAME=PATH``; each arm ranks
with its own ``Recaller`` (the same code and configuration), so the arms differ in the
vectors only.

    .venv/bin/python bench/recall_model_ab.py --model all=/tmp/all.onnx \\
        --model layer_norm=/tmp/ln.onnx --sets tune,1,...,18 --raw /tmp/a.json   # resumable
    .venv/bin/python bench/recall_model_ab.py --summarise /tmp/a.json /tmp/b.json \\
        [--validation 19,20,21,56] [--out recall_model_ab_r67]
        # -> bench/results/<out>_<arm>.json per arm (its "on"; "off" = the packaged file)
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_switch_ab as switch_ab  # noqa: E402

K = 3
OFF = "off"  # the packaged file's arm


def run_sets(sets: list[str], raw: Path, models: dict[str, Path]) -> None:
    """Every instruction of ``sets`` answered by the packaged file's arm and each model's."""
    from memory_node.core.recall.encoders import make_embedder
    from memory_node.core.recall.recall import Recaller
    from memory_node.core.recall.settings import RecallSettings

    encoder = RecallSettings().encoder
    embedders = {name: make_embedder(encoder, path) for name, path in models.items()}

    def per_set(emb: Any, items: list[dict], scenes: dict[str, list]) -> tuple[dict, str]:
        arms = {OFF: Recaller(emb), **{n: Recaller(e) for n, e in embedders.items()}}
        rs = {it["id"]: {name: switch_ab.answer(rec, it, scenes[it["room"]], K)
                         for name, rec in arms.items()} for it in items}
        return {"n": len(items), "flagged": rs}, ""

    switch_ab.run_resumable(sets, raw, per_set)


def summarise(raws: list[Path], validation: set[str], out: str) -> None:
    """One summary per arm: the arm as "on", the packaged file as "off"."""
    res: dict[str, Any] = {}
    for f in raws:
        res.update(json.loads(f.read_text()))
    arms = sorted({a for d in res.values() for v in d["flagged"].values() for a in v} - {OFF})
    with tempfile.TemporaryDirectory(prefix="recall_model_ab_") as tmp:
        for arm in arms:
            # An arm dropped part-way (e.g. after failing another gate) is summarised over
            # the sets it answered (the summary's "instructions" counts them).
            one = {s: {"n": d["n"], "flagged": {i: {"on": v[arm], "off": v[OFF]}
                                                for i, v in d["flagged"].items()}}
                   for s, d in res.items()
                   if all(arm in v for v in d["flagged"].values())}
            path = Path(tmp) / f"{arm}.json"
            path.write_text(json.dumps(one))
            print("--", arm)
            switch_ab.write_summary(switch_ab.summarise(
                [path], validation, K, 67, f"recall.model_path={arm}",
                f"the query model {arm} (on) vs the packaged file (off), every instruction"),
                f"{out}_{arm}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", action="append", default=[], metavar="NAME=PATH",
                    help="an arm: its name and its .onnx (repeatable)")
    ap.add_argument("--sets")
    ap.add_argument("--raw", type=Path)
    ap.add_argument("--summarise", nargs="+", type=Path)
    ap.add_argument("--validation", default="19,20,21,56",
                    help="the validation sets (the others are decision)")
    ap.add_argument("--out", default="recall_model_ab_r67")
    args = ap.parse_args()
    if args.sets:
        models = {n: Path(p) for n, _, p in (m.partition("=") for m in args.model)}
        if not models or OFF in models:
            ap.error(f"--model NAME=PATH at least once (not named {OFF!r})")
        run_sets(args.sets.split(","), args.raw, models)
    if args.summarise:
        summarise(args.summarise, set(args.validation.split(",")), args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
