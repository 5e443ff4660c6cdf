"""One recall switch on vs off, per need (``recall_human``'s groups), at k: what each arm
answers for one instruction (whole, auto-split subtasks, per hand step), and the summary of
the raw answers over decision and validation sets. The per-switch scripts
(``recall_vertical_stacks_ab.py``, ``recall_plural_modifiers_ab.py``,
``recall_fixture_companions_ab.py``, ``recall_cap_joins_ab.py``) choose which
instructions the switch can touch and run both arms on those only; this module is what they
share (``recall_auto_vs_hand_r63.py`` shares its resumable loop over sets too).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_human as rh  # noqa: E402
from environment import with_environment  # noqa: E402
from recall_switch_probe import load_set  # noqa: E402


def answer(rec: Any, it: dict, units: list, k: int, whole: list | None = None) -> dict:
    """`rec`'s answers to instruction `it` over `units` at `k`: whole, auto and per hand step,
    each with the needs found (per group) and the labels given. ``whole``: the whole
    answer another arm gave, for a switch ``Recaller.rank`` never reads."""
    from memory_node.core.recall.categories import type_key

    held = {type_key(u.label) for u in units}
    need = rh.groups(sorted({n for s in it["steps"] for n in s["needs"]}), held)
    if whole is None:
        got = rec.rank(it["text"], units, k)
        whole = [rh.found(need, {type_key(r.unit.label) for r in got}),
                 [r.unit.label for r in got]]
    res: dict[str, Any] = {"whole": whole}
    sub = rh.recall_subtasks(rec, it["text"], units, k)
    res["auto"] = [rh.found(need, {type_key(r.unit.label) for r in sub.units}),
                   sorted(r.unit.label for r in sub.units)]
    hand = rh.recall_subtasks(rec, it["text"], units, k, steps=[s["text"] for s in it["steps"]])
    steps = []
    for step, (_, gs) in zip(it["steps"], hand.steps, strict=True):
        sg = rh.groups(step["needs"], held)
        steps.append([rh.found(sg, {type_key(r.unit.label) for r in gs}),
                      [r.unit.label for r in gs], step["text"]])
    res["steps"] = steps
    return res


def summarise(raws: list[Path], validation: set[str], k: int, round_: int, switch: str,
              what: str) -> dict:
    """Needs found on and off, gained and lost, per part (decision / validation) and kind
    (whole / auto / hand), and every answer that differs, from the raw files' flagged
    instructions."""
    res: dict[str, Any] = {}
    for f in raws:
        res.update(json.loads(f.read_text()))
    tot: dict[str, dict[str, int]] = {}
    rows = []
    n_flag = {"decision": 0, "validation": 0}
    n_all = {"decision": 0, "validation": 0}

    def add(part: str, kind: str, where: tuple, on: list, off: list, text: Any,
            got_on: list, got_off: list) -> None:
        t = tot.setdefault(f"{part}/{kind}",
                           {"needs": 0, "on": 0, "off": 0, "gained": 0, "lost": 0})
        t["needs"] += len(on)
        t["on"] += sum(on)
        t["off"] += sum(off)
        t["gained"] += sum(1 for a, b in zip(on, off, strict=True) if a and not b)
        t["lost"] += sum(1 for a, b in zip(on, off, strict=True) if b and not a)
        if on != off:
            rows.append({"part": part, "kind": kind, "set": where[0], "id": where[1],
                         "step": where[2], "on": on, "off": off, "text": text,
                         "answer_on": got_on, "answer_off": got_off})

    for s, d in sorted(res.items()):
        part = "validation" if s in validation else "decision"
        n_flag[part] += len(d["flagged"])
        n_all[part] += d["n"]
        for iid, v in d["flagged"].items():
            a, b = v["on"], v["off"]
            for kind in ("whole", "auto"):
                add(part, kind, (s, iid, None), a[kind][0], b[kind][0], None,
                    a[kind][1], b[kind][1])
            for i, (x, y) in enumerate(zip(a["steps"], b["steps"], strict=True)):
                add(part, "hand", (s, iid, i), x[0], y[0], x[2], x[1], y[1])
    return {"round": round_, "switch": switch, "k": k, "what": what,
            "instructions": n_all, "flagged": n_flag, "totals": tot, "changed": rows}


def write_summary(out: dict, name: str) -> Path:
    """The summary as bench/results/<name>.json with this machine's environment; its totals
    printed."""
    path = Path(__file__).resolve().parent / "results" / f"{name}.json"
    path.write_text(json.dumps(with_environment(out), indent=1) + "\n")
    for k, v in sorted(out["totals"].items()):
        print(k, v)
    print("wrote", path)
    return path


def watch_changes(module: Any, name: str) -> list[int]:
    """Wrap ``module.name``, a per-piece switch's reorder (``(recaller, query, ranked, ...)
    -> ranked``), to count the calls that changed a piece's top k (returned another list
    than ``ranked``): the counter, reset by the caller per instruction. A switch not kept
    is not in the package: its patch is applied first."""
    moved = [0]
    plain = getattr(module, name)

    def watched(*args: Any) -> Any:
        got = plain(*args)
        moved[0] += got is not args[2]
        return got

    setattr(module, name, watched)
    return moved


def flagged_off_answers(raws: list[Path]) -> dict[tuple, dict]:
    """An earlier form's flagged instructions in its raw files, by id and hand steps'
    texts (ids repeat across sets), with their off answers: a narrower form reruns only
    those, its off arm the same code."""
    return {(iid, *(t[2] for t in x["off"]["steps"])): x["off"]
            for f in raws for v in json.loads(f.read_text()).values()
            for iid, x in v["flagged"].items()}


def run_resumable(sets: list[str], raw: Path,
                  per_set: Callable[[Any, list[dict], dict[str, list]], tuple[Any, str]]) -> None:
    """Each set not yet in ``raw``: its instructions and their rooms' units to ``per_set``
    (with the one embedder every set shares), whose result is stored under the set's name
    and written at once (a long run resumes where it stopped); ``per_set``'s note is
    printed with the set's size and time."""
    from memory_node.core.recall.encoders import make_embedder
    from memory_node.core.recall.settings import RecallSettings

    rooms: Any = rh.rearrangement_rooms()
    emb = make_embedder(RecallSettings().encoder, None)
    res = json.loads(raw.read_text()) if raw.is_file() else {}
    for s in sets:
        if s in res:
            continue
        t0 = time.time()
        items = load_set(s)
        scenes = {fp: rh.room_units(fp, rooms[fp][0]) for fp in {it["room"] for it in items}}
        res[s], note = per_set(emb, items, scenes)
        raw.write_text(json.dumps(res))
        print(s, len(items), *([note] if note else []), f"{time.time() - t0:.0f}s", flush=True)


def main(run_sets: Callable[[list[str], Path], None],
         summarise: Callable[[list[Path]], dict], out: str) -> int:
    """A switch A/B's command line: ``--sets A,B --raw FILE`` runs both arms on those sets
    (resumable), ``--summarise FILE ... [--out NAME]`` writes the summary."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--sets")
    ap.add_argument("--raw", type=Path)
    ap.add_argument("--summarise", nargs="+", type=Path)
    ap.add_argument("--out", default=out)
    args = ap.parse_args()
    if args.sets:
        run_sets(args.sets.split(","), args.raw)
    if args.summarise:
        write_summary(summarise(args.summarise), args.out)
    return 0
