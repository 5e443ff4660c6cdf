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
    .venv/bin/python bench/recall_model_ab.py --summarise /tmp/a.json ... --floor \
        [--validation 19,20,21,60] [--out recall_model_ab_dds74_r71]
        # round 71: also <out>_floor.json: the arms named <size>_s<seed> (recall_int8_model.py
        # --perturb EPS --seeds N) grouped by size, the min / median / max of their gained, lost
        # and net per part, kind and validation set, and every other arm placed against each
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
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


def counts(summary: dict, validation: set[str]) -> dict[str, dict[str, int]]:
    """Round 71: an arm's needs gained, lost and net per part/kind (``decision/whole``) and per
    validation set/kind (``validation 19/whole``), from its summary (totals and changed
    needs)."""
    out = {key: {"gained": t["gained"], "lost": t["lost"], "net": t["gained"] - t["lost"]}
           for key, t in summary["totals"].items()}
    for v in sorted(validation & set(summary.get("sets", validation))):
        for kind in ("whole", "auto", "hand"):
            out[f"validation {v}/{kind}"] = {"gained": 0, "lost": 0, "net": 0}
    for row in summary["changed"]:
        if row["part"] != "validation":
            continue
        c = out.setdefault(f"validation {row['set']}/{row['kind']}",
                           {"gained": 0, "lost": 0, "net": 0})
        for a, b in zip(row["on"], row["off"], strict=True):
            c["gained"] += int(a and not b)
            c["lost"] += int(b and not a)
        c["net"] = c["gained"] - c["lost"]
    return out


def floor(per_arm: dict[str, dict[str, dict[str, int]]]) -> dict:
    """Round 71, a noise floor: the arms named ``<size>_s<seed>`` grouped by size; per key
    (part/kind, validation set/kind) and figure (gained, lost, net) the group's min, median
    and max; every other arm's figures beside each group's with where they fall (``below``
    the min, ``within``, ``above`` the max)."""
    groups: dict[str, list[str]] = {}
    for arm in per_arm:
        if (m := re.fullmatch(r"(.+)_s\d+", arm)):
            groups.setdefault(m.group(1), []).append(arm)
    others = [a for a in per_arm if not any(a in g for g in groups.values())]
    out: dict[str, Any] = {"groups": {g: sorted(a) for g, a in groups.items()}, "floor": {},
                           "placed": {}}
    for g, arms in groups.items():
        keys = sorted(set.intersection(*(set(per_arm[a]) for a in arms)))
        out["floor"][g] = {k: {f: {"min": min(v := [per_arm[a][k][f] for a in arms]),
                                   "median": statistics.median(v), "max": max(v),
                                   "seeds": v}
                               for f in ("gained", "lost", "net")} for k in keys}
        for other in others:
            placed = out["placed"].setdefault(other, {}).setdefault(g, {})
            for k in keys:
                if k not in per_arm[other]:
                    continue
                row = {}
                for f in ("gained", "lost", "net"):
                    x, lo, hi = (per_arm[other][k][f], out["floor"][g][k][f]["min"],
                                 out["floor"][g][k][f]["max"])
                    row[f] = [x, "below" if x < lo else "above" if x > hi else "within"]
                placed[k] = row
    return out


def summarise(raws: list[Path], validation: set[str], out: str, with_floor: bool = False) -> None:
    """One summary per arm: the arm as "on", the packaged file as "off"; with ``with_floor``
    also the noise floor of the seeded arms and the others placed in it (:func:`floor`)."""
    res: dict[str, Any] = {}
    for f in raws:
        res.update(json.loads(f.read_text()))
    arms = sorted({a for d in res.values() for v in d["flagged"].values() for a in v} - {OFF})
    per_arm: dict[str, dict[str, dict[str, int]]] = {}
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
            summary = switch_ab.summarise(
                [path], validation, K, 67, f"recall.model_path={arm}",
                f"the query model {arm} (on) vs the packaged file (off), every instruction")
            summary["sets"] = sorted(one)
            switch_ab.write_summary(summary, f"{out}_{arm}")
            per_arm[arm] = counts(summary, validation)
    if with_floor:
        result = floor(per_arm)
        result["sets"] = {a: sorted(s for s, d in res.items()
                                    if all(a in v for v in d["flagged"].values()))
                          for a in arms}
        path = Path(__file__).resolve().parent / "results" / f"{out}_floor.json"
        path.write_text(json.dumps(result, indent=1) + "\n")
        for g, rows in result["floor"].items():
            for k, r in rows.items():
                print(f"{g:8s} {k:22s}", "  ".join(
                    f"{f} {r[f]['min']}..{r[f]['max']}" for f in ("gained", "lost", "net")),
                    *(f"| {o} " + " ".join(f"{x[0]}({x[1][0]})" for x in
                                           result["placed"][o][g][k].values())
                      for o in result["placed"] if k in result["placed"][o].get(g, {})))
        print("wrote", path)


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
    ap.add_argument("--floor", action="store_true",
                    help="round 71: with --summarise, the seeded arms' noise floor and the "
                         "other arms placed in it (<out>_floor.json)")
    args = ap.parse_args()
    if args.sets:
        models = {n: Path(p) for n, _, p in (m.partition("=") for m in args.model)}
        if not models or OFF in models:
            ap.error(f"--model NAME=PATH at least once (not named {OFF!r})")
        run_sets(args.sets.split(","), args.raw, models)
    if args.summarise:
        summarise(args.summarise, set(args.validation.split(",")), args.out, args.floor)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
