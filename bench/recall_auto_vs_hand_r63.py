"""Round 63 (issue 11, parts 1-3): where the planner's path (the instruction split by
``split_subtasks``, "auto") loses or gains needs against the hand-written steps, at k=3.

Both are scored as ``recall_human`` scores auto: the union of the steps' answers against the
instruction's needs (so a need found in any hand step counts once for the hand steps, as it
does for auto). Every need one finds and the other misses is classed by what the split did:
the cap (``MAX_SUBTASKS``: 4bca171d joined every piece past the 11th into one subtask), a
hand step cut in two, two hand steps merged into one subtask (at a comma / "and" / run-on
joint, or at a list or text-speak joint: a bullet, ">", a line break, "n", "+"), no split at
all, a pronoun carried in one path only, or the two aligned one to one with other words.

    .venv/bin/python bench/recall_auto_vs_hand_r63.py --sets tune,1,...,18 --raw /tmp/a.json
        # one process per list of sets; resumable
    .venv/bin/python bench/recall_auto_vs_hand_r63.py --classify /tmp/a.json /tmp/b.json \\
        [--round 63] [--out recall_auto_vs_hand_r63]     # -> bench/results/<out>.json

``--round`` re-runs the classing as a later round did (its validation sets, its result's
name): round 64 on a2b91dc0 with that round's split (blind 53 validation, 52 decision),
round 65 on 3e81fe0d with recall66's joints in (blind 54 validation, 53 decision), round 66
on b48ad0a5 (blind 55 validation, 54 decision), round 67 on f8d8a395 (blind 56 validation, 55
decision), round 68 on db57fc09 (blind 57 validation, 56 decision), round 69 on bd608ce1 (blind
58 validation, 57 decision), round 70 on b5eef2ca (blind 59 validation, 58 decision), round 71
on eeeb0181 (blind 60 validation, 59 decision; ``--reuse-unless described_join``: round 70's raw
files reused except where that ``RecallConfig`` flag, off in them, can act), round 72 on
53bcebca (blind 61 validation, 60 decision; round 71's raw files reused, ``--reuse-unless
alone_pronouns``).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_human as rh  # noqa: E402
import recall_switch_ab as switch_ab  # noqa: E402
from environment import with_environment  # noqa: E402
from recall_switch_probe import load_set  # noqa: E402

K = 3
VALIDATION = {"19", "20", "21", "52"}
# Each round's validation sets: blind 19-21 and the round's newest validation set.
VALIDATION_BY_ROUND = {63: frozenset(VALIDATION), 64: frozenset({"19", "20", "21", "53"}),
                       65: frozenset({"19", "20", "21", "54"}),
                       66: frozenset({"19", "20", "21", "55"}),
                       67: frozenset({"19", "20", "21", "56"}),
                       68: frozenset({"19", "20", "21", "57"}),
                       69: frozenset({"19", "20", "21", "58"}),
                       70: frozenset({"19", "20", "21", "59"}),
                       71: frozenset({"19", "20", "21", "60"}),
                       72: frozenset({"19", "20", "21", "61"}),
                       73: frozenset({"19", "20", "21", "62"}),
                       74: frozenset({"19", "20", "21", "63"}),
                       75: frozenset({"19", "20", "21", "64"})}
_W = re.compile(r"[a-z]+")
# A list or text-speak joint: a bullet, a prompt, a line break, "n" / "u" / "pls", "+", "&".
_LIST = re.compile(r"[•·▪●>\n]|\bn\b|\s[+&]\s|\bu\b|\bpls\b")


def _with_marks(text: str, pieces: list[str]) -> list[str]:
    """``pieces`` (the split of ``text``, in order), each with the sentence-end mark that
    follows it in ``text`` (".", "!", "?"), as a hand-written step keeps it."""
    out, at = [], 0
    for p in pieces:
        i = text.find(p, at)
        if i < 0:
            out.append(p)
            continue
        at = i + len(p)
        out.append(p + text[at] if at < len(text) and text[at] in ".!?" else p)
    return out


def collect_marks(sets: list[str], raw: Path) -> None:
    """Round 68: the auto pieces recalled with their sentence-end marks kept (the hand
    steps keep theirs), per instruction, to compare with ``collect``'s auto answers."""
    from memory_node.core.recall import subtasks as st
    from memory_node.core.recall.recall import Recaller

    def per_set(emb: Any, items: list[dict], scenes: dict[str, list]) -> tuple[dict, str]:
        rec = Recaller(emb)
        rs = {}
        for it in items:
            units = scenes[it["room"]]
            pieces = st.split_subtasks(it["text"], rec.lexicon)
            marked = _with_marks(it["text"], pieces)
            if marked == pieces:
                continue
            sub = rh.recall_subtasks(rec, it["text"], units, K, steps=marked)
            rs[it["id"]] = {"marks_units": [r.unit.label for r in sub.units],
                            "marked": [t for t, _ in sub.steps]}
        return rs, f"marked {len(rs)}"

    switch_ab.run_resumable(sets, raw, per_set)


def marks_diff(raws: list[Path], marks: list[Path], validation: frozenset[str]) -> dict:
    """Needs auto finds with the marks kept and not without, and the reverse, per part."""
    raw: dict = {}
    mk: dict = {}
    for f in raws:
        raw.update(json.loads(f.read_text()))
    for f in marks:
        mk.update(json.loads(f.read_text()))
    counts: Counter[str] = Counter()
    rows = []
    for s, res in sorted(mk.items()):
        part = "validation" if s in validation else "decision"
        for iid, m in res.items():
            r = raw[s][iid]
            au = {rh.type_key(lab) for lab in r["auto_units"]}
            mu = {rh.type_key(lab) for lab in m["marks_units"]}
            counts[f"{part} / instructions marked"] += 1
            for g in map(set, r["need"]):
                if bool(g & au) != bool(g & mu):
                    kind = "gain" if g & mu else "loss"
                    counts[f"{part} / {kind}"] += 1
                    rows.append({"set": s, "id": iid, "kind": kind, "need": sorted(g)})
    return {"counts": dict(sorted(counts.items())), "rows": rows}


def trace(cases: list[str]) -> None:
    """Round 68: for each SET:ID, every auto piece's and hand step's answers (label, why,
    score), and the pieces whose text equals a hand step's but answer otherwise."""
    from memory_node.core.recall.encoders import make_embedder
    from memory_node.core.recall.recall import Recaller
    from memory_node.core.recall.settings import RecallSettings

    rooms: Any = rh.rearrangement_rooms()
    emb = make_embedder(RecallSettings().encoder, None)
    for case in cases:
        s, iid = case.split(":")
        it = {x["id"]: x for x in load_set(s)}[iid]
        units = rh.room_units(it["room"], rooms[it["room"]][0])
        rec = Recaller(emb)
        held = {rh.type_key(u.label) for u in units}
        need = rh.groups(sorted({n for stp in it["steps"] for n in stp["needs"]}), held)
        print("=====", s, iid, "needs", [sorted(g) for g in need])
        paths = {"auto": rh.recall_subtasks(rec, it["text"], units, K),
                 "hand": rh.recall_subtasks(rec, it["text"], units, K,
                                            steps=[x["text"] for x in it["steps"]])}
        for name, got in paths.items():
            print(name)
            for t, g in got.steps:
                print("   ", repr(t[:90]), [(r.unit.label, r.why, round(r.score, 3)) for r in g])
        auto = dict(paths["auto"].steps)
        for t, g in paths["hand"].steps:
            if t in auto and [r.unit.label for r in auto[t]] != [r.unit.label for r in g]:
                print("same text, other answers:", repr(t))


def collect(sets: list[str], raw: Path, reuse: list[Path] | None = None,
            reuse_joints: frozenset[str] = frozenset(), unless: tuple[str, ...] = ()) -> None:
    """Each instruction's auto and hand answers into the resumable ``raw``. ``reuse``
    (round 69): an earlier round's raw files, whose record an instruction takes where its
    text and hand steps split the same with ``reuse_joints`` (that round's SPLIT_JOINTS) as
    now (the recall path is otherwise the same code): only the rest are recalled. ``unless``
    (round 71): ``RecallConfig`` flags off in the reused files and on now; an instruction
    one of them can act on (``recall_split_joints_ab_r64.CAN_ACT``) is recalled again."""
    import recall_split_joints_ab_r64 as r64

    from memory_node.core.recall import subtasks
    from memory_node.core.recall.recall import Recaller

    old: dict[str, dict] = {}
    for f in reuse or []:
        old.update(json.loads(f.read_text()))

    def same_split(texts: list[str], lex: Any) -> bool:
        """The texts and the pieces of the first (re-split when read as antecedents)."""
        now = frozenset(subtasks.SPLIT_JOINTS)
        texts = [*texts, *subtasks.split_subtasks(texts[0], lex)]
        a = [subtasks.split_subtasks(t, lex) for t in texts]
        subtasks.SPLIT_JOINTS.clear()
        subtasks.SPLIT_JOINTS.update(reuse_joints)
        try:
            return a == [subtasks.split_subtasks(t, lex) for t in texts]
        finally:
            subtasks.SPLIT_JOINTS.clear()
            subtasks.SPLIT_JOINTS.update(now)

    def per_set(emb: Any, items: list[dict], scenes: dict[str, list],
                earlier: dict | None = None) -> tuple[dict, str]:
        rec = Recaller(emb)
        rs = {}
        for it in items:
            texts = [it["text"], *[st["text"] for st in it["steps"]]]
            now = frozenset(subtasks.SPLIT_JOINTS)
            if earlier and it["id"] in earlier and same_split(texts, rec.lexicon) and not any(
                    r64.CAN_ACT[f](texts, rec.lexicon, now, now) for f in unless):
                rs[it["id"]] = earlier[it["id"]]
                continue
            units = scenes[it["room"]]
            held = {rh.type_key(u.label) for u in units}
            need = rh.groups(sorted({n for st in it["steps"] for n in st["needs"]}), held)
            sub = rh.recall_subtasks(rec, it["text"], units, K)
            hand = rh.recall_subtasks(rec, it["text"], units, K,
                                      steps=[st["text"] for st in it["steps"]])
            rs[it["id"]] = {
                "need": [sorted(g) for g in need],
                "auto_units": [r.unit.label for r in sub.units],
                "hand_units": [r.unit.label for r in hand.units],
                "auto": [[t, [r.unit.label for r in g], [r.why for r in g]] for t, g in sub.steps],
                "hand": [[t, [r.unit.label for r in g], [r.why for r in g]]
                         for t, g in hand.steps]}
        return rs, f"reused {sum(1 for i in rs if earlier and rs[i] is earlier.get(i))}"

    for s in sets:
        switch_ab.run_resumable([s], raw, lambda e, i, sc, s=s: per_set(e, i, sc, old.get(s)))


def classify(raws: list[Path], validation: frozenset[str] | set[str] = VALIDATION,
             round_: int = 63) -> dict:
    from memory_node.core.recall import subtasks as st
    from memory_node.core.recall.lexical import STOPWORDS
    from memory_node.core.recall.lexicon import shared_lexicon

    lex = shared_lexicon()

    def content(t: str) -> list[str]:
        return [w for w in _W.findall(t.lower()) if w not in STOPWORDS]

    def overlap(x: str, y: str) -> float:
        a, b = content(x), set(content(y))
        return sum(1 for w in a if w in b) / max(1, len(a))

    def pieces(text: str) -> int:
        cap = st.MAX_SUBTASKS
        st.MAX_SUBTASKS = 10**6
        try:
            return len(st.split_subtasks(text, lex))
        finally:
            st.MAX_SUBTASKS = cap

    raw: dict = {}
    for f in raws:
        raw.update(json.loads(f.read_text()))
    rows: list[dict] = []
    counts: Counter[str] = Counter()
    totals: Counter[str] = Counter()
    for s, res in sorted(raw.items()):
        part = "validation" if s in validation else "decision"
        items = {it["id"]: it for it in load_set(s)}
        for iid, r in res.items():
            it = items[iid]
            need = [set(g) for g in r["need"]]
            au = {rh.type_key(lab) for lab in r["auto_units"]}
            hu = {rh.type_key(lab) for lab in r["hand_units"]}
            steps = {kind: [(t, {rh.type_key(lab) for lab in labs}, dict(zip(labs, why,
                                                                               strict=True)))
                            for t, labs, why in r[kind]] for kind in ("auto", "hand")}
            capped = pieces(it["text"]) > st.MAX_SUBTASKS
            totals[f"{part} / instructions"] += 1
            totals[f"{part} / instructions over the cap"] += capped
            totals[f"{part} / needs"] += len(need)
            totals[f"{part} / auto found"] += sum(bool(g & au) for g in need)
            totals[f"{part} / hand steps (union) found"] += sum(bool(g & hu) for g in need)
            for g in need:
                if bool(g & au) == bool(g & hu):
                    continue
                kind = "gain" if g & au else "loss"
                mine, other = ((steps["hand"], steps["auto"]) if kind == "loss"
                               else (steps["auto"], steps["hand"]))
                js = [j for j, (_, u, _) in enumerate(mine) if g & u]
                if not js:
                    c = "in a step's own list only (a carried unit took its slot)"
                else:
                    t_j, _, whys = mine[js[0]]
                    why = [w for lab, w in whys.items() if rh.type_key(lab) in g]
                    best = max(range(len(other)), key=lambda i: overlap(t_j, other[i][0]))
                    spread = [i for i, (t, _, _) in enumerate(other) if overlap(t_j, t) >= 0.3]
                    shares = [j for j, (t, _, _) in enumerate(mine)
                              if j != js[0] and overlap(t, other[best][0]) >= 0.3]
                    if kind == "loss" and capped and best == len(other) - 1:
                        c = "the cap: the pieces past the 11th joined into one subtask"
                    elif why and why[0] == "carried":
                        c = f"a pronoun carried it (in the {'hand' if kind == 'loss' else 'auto'}"\
                            " steps only)"
                    elif kind == "loss" and len(other) == 1 and len(mine) > 1:
                        c = "not split at all (one subtask): " + (
                            "a list or text-speak line" if _LIST.search(it["text"])
                            else "run-on or verbless clauses")
                    elif kind == "loss" and len(spread) >= 2:
                        c = "a step cut in two (its object and its place in different subtasks)"
                    elif kind == "loss" and shares:
                        c = "two steps merged, k=3 cannot hold both: " + (
                            "a list or text-speak joint" if _LIST.search(other[best][0])
                            else "a comma / 'and' / run-on joint")
                    elif kind == "loss":
                        c = "aligned 1:1, the words differ (a preamble, filler, a reworded step)"
                    elif len(spread) >= 2 or len(other) < len(mine):
                        c = "auto split finer: more subtasks, more slots"
                    else:
                        c = "aligned 1:1, the words differ"
                if capped and kind == "gain":
                    c += " [over the cap]"
                counts[f"{part} / {kind} / {c}"] += 1
                rows.append({"part": part, "set": s, "id": iid, "kind": kind, "class": c,
                             "need": sorted(g),
                             # the answers that hold the need or should (texts cut at 80)
                             "auto": [[t[:80], labs] for t, labs, _ in r["auto"]],
                             "hand": [labs for _, labs, _ in r["hand"]]})
    return {"round": round_, "k": K, "what": __doc__.split("\n\n")[0],
            "totals": dict(sorted(totals.items())), "classes": dict(sorted(counts.items())),
            "rows": rows}


def main() -> int:
    """One round's run (``--round``): its validation sets and the default name of its result."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--sets")
    ap.add_argument("--raw", type=Path)
    ap.add_argument("--classify", nargs="+", type=Path)
    ap.add_argument("--round", type=int, default=63, choices=sorted(VALIDATION_BY_ROUND))
    ap.add_argument("--out", help="default recall_auto_vs_hand_r<round>")
    ap.add_argument("--marks", action="store_true",
                    help="with --sets: collect the auto pieces with their end marks kept")
    ap.add_argument("--marks-diff", nargs="+", type=Path,
                    help="with --classify's raw files: the marks runs' raw files to compare")
    ap.add_argument("--trace", nargs="+", help="SET:ID ...: every piece's and step's answers")
    ap.add_argument("--reuse", nargs="+", type=Path,
                    help="with --sets: an earlier round's raw files, reused where the split is "
                    "the same with --reuse-joints")
    ap.add_argument("--reuse-joints", default="", help="the earlier round's SPLIT_JOINTS")
    ap.add_argument("--reuse-unless", default="",
                    help="RecallConfig flags off in the reused files: recall again where they "
                    "can act (comma-separated)")
    args = ap.parse_args()
    args.out = args.out or f"recall_auto_vs_hand_r{args.round}"
    if args.trace:
        trace(args.trace)
    if args.sets:
        if args.marks:
            collect_marks(args.sets.split(","), args.raw)
        else:
            collect(args.sets.split(","), args.raw, args.reuse,
                    frozenset(j for j in args.reuse_joints.split(",") if j),
                    tuple(f for f in args.reuse_unless.split(",") if f))
    if args.marks_diff:
        diff = marks_diff(args.classify, args.marks_diff, VALIDATION_BY_ROUND[args.round])
        path = Path(__file__).resolve().parent / "results" / f"{args.out}_marks.json"
        path.write_text(json.dumps(with_environment(diff), indent=0) + "\n")
        print(diff["counts"], "wrote", path)
        return 0
    if args.classify:
        out = classify(args.classify, VALIDATION_BY_ROUND[args.round], args.round)
        path = Path(__file__).resolve().parent / "results" / f"{args.out}.json"
        path.write_text(json.dumps(with_environment(out), indent=0) + "\n")
        for k, v in [*out["totals"].items(), *out["classes"].items()]:
            print(k, v)
        print("wrote", path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
