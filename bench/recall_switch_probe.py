"""Round 38 (issue 11): per hand step needs found at k=3 (and k=5 with ``--k5``) for one or
more ``RecallConfig`` variants over instruction sets, each step's found flags and answer
kept, so two runs (a switch on / off, or two codes) are compared step by step.

The rooms, needs and hand steps are ``recall_human.py``'s (its ``room_units``,
``groups``, ``found``), each instruction's hand steps through ``recall_subtasks`` in
order, as its "steps" figure. A set is ``tune`` (the human set's tune half only: the
held-out half is report-only) or a blind set's number (1: ``recall_blind_instructions``).

    PYTHONHASHSEED=0 PYTHONPATH=. .venv/bin/python bench/recall_switch_probe.py OUT.json \
        tune,1,2,... on= off=compound_modifiers=False,adverb_nouns=False [--k5]
        # OUT.json {variant: {set: {"<id>/<step>": {"k3": [found, labels, text, needs]}}}}
    python3 bench/recall_switch_probe.py --diff A.json VARIANT B.json VARIANT
        # the steps whose answers differ, with the needs gained
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from environment import with_environment

HERE = Path(__file__).resolve().parent


def load_set(name: str) -> list[dict]:
    """A set's instructions; the human set's tune half only."""
    import yaml

    if name == "tune":
        doc = yaml.safe_load((HERE / "recall_human_instructions.yaml").read_text("utf-8"))
        return [i for i in doc["instructions"] if i["split"] == "tune"]
    stem = "recall_blind" if name == "1" else f"recall_blind{name}"
    path = HERE / f"{stem}_instructions.yaml"
    return yaml.safe_load(path.read_text("utf-8"))["instructions"]


def variant(spec: str) -> tuple[str, dict[str, Any]]:
    """``NAME=field=value,field=value``: a name and the RecallConfig fields it changes."""
    name, _, rest = spec.partition("=")
    kw: dict[str, Any] = {}
    for item in filter(None, rest.split(",")):
        key, _, value = item.partition("=")
        kw[key] = {"True": True, "False": False}.get(value, value)
    return name, kw


def probe(out: Path, sets: list[str], specs: list[str], ks: tuple[int, ...]) -> None:
    import recall_human as rh  # its rooms and scoring (and this checkout's code first)

    from memory_node.core.recall.categories import type_key
    from memory_node.core.recall.encoders import make_embedder
    from memory_node.core.recall.recall import RecallConfig, Recaller
    from memory_node.core.recall.settings import RecallSettings

    rooms = rh.rearrangement_rooms()
    if rooms is None:
        return
    embedder = make_embedder(RecallSettings().encoder, None)
    res: dict = json.loads(out.read_text()) if out.is_file() else {}
    for s in sets:
        items = load_set(s)
        scenes = {fp: rh.room_units(fp, rooms[fp][0]) for fp in {it["room"] for it in items}}
        for spec in specs:
            name, kw = variant(spec)
            recaller = Recaller(embedder, config=RecallConfig(**kw))
            steps: dict[str, dict] = {}
            for it in items:
                units = scenes[it["room"]]
                held = {type_key(u.label) for u in units}
                for k in ks:
                    hand = rh.recall_subtasks(recaller, it["text"], units, k,
                                              steps=[x["text"] for x in it["steps"]])
                    for j, (step, (_, got)) in enumerate(zip(it["steps"], hand.steps,
                                                             strict=True)):
                        sg = rh.groups(step["needs"], held)
                        f = rh.found(sg, {type_key(r.unit.label) for r in got})
                        steps.setdefault(f"{it['id']}/{j}", {})[f"k{k}"] = [
                            f, [r.unit.label for r in got], step["text"],
                            [sorted(g) for g in sg]]
            res.setdefault(name, {})[s] = steps
            got3 = sum(sum(v["k3"][0]) for v in steps.values())
            needs = sum(len(v["k3"][0]) for v in steps.values())
            print(name, s, f"{got3}/{needs}", flush=True)
            out.write_text(json.dumps(with_environment(res)))


def diff(a_path: str, a_name: str, b_path: str, b_name: str) -> None:
    """The steps whose answers differ from A's to B's, with the needs B gains."""
    a = json.loads(Path(a_path).read_text())[a_name]
    b = json.loads(Path(b_path).read_text())[b_name]
    for s, steps in b.items():
        for key, r in steps.items():
            fa, ga, text, _ = a[s][key]["k3"]
            fb, gb, _, _ = r["k3"]
            if ga != gb:
                print(s, key, sum(fb) - sum(fa), ga, "->", gb, "|", text[:140])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--diff", nargs=4, metavar=("A", "VA", "B", "VB"))
    ap.add_argument("--k5", action="store_true", help="k=5 as well as k=3")
    ap.add_argument("out", nargs="?")
    ap.add_argument("sets", nargs="?", default="")
    ap.add_argument("variants", nargs="*")
    args = ap.parse_args()
    if args.diff:
        diff(*args.diff)
        return 0
    probe(Path(args.out), args.sets.split(","), args.variants or ["on="],
          (3, 5) if args.k5 else (3,))
    return 0


if __name__ == "__main__":
    sys.exit(main())
