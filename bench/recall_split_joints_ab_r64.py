"""Round 64 (issue 11, parts 1-3): new joints for the planner's split (``split_subtasks``),
each on alone and all on together, vs off (a2b91dc0's split), recall at k=3: whole
instruction, auto-split subtasks and per hand step, per need (``recall_human``'s groups).

The joints (``subtasks.SPLIT_JOINTS`` while exploring): ``line`` a line break is a hard joint;
``amp`` "&", "+", "n" join as "and" does; ``object`` after "and" (or a comma whose left side
has a verb) a word WordNet has as a verb followed by what starts an object ("and stick a
couple of eggs on", "and bin that manky sponge"); ``extend`` the gapping test's right side
runs to the next comma, over a bare "and" ("the vase on the shelf, my card and pen in the
drawer"); ``to`` the gapping test takes every destination word ("to", "by", "next", ...)
as a place; ``arrow`` an arrow between words ("vase>shelf") says where a thing goes. A new
joint is not taken for a left dislocation (the left side has no verb, the right acts on a
pronoun: "the candle on the table, light it").

"amp" and "object" failed the keep rule and are not in the code: they act only with
``results/recall_split_joints_amp_object_r64.patch`` applied (without it their arms equal off
and are left out of the summary); "kept" is the four that passed, together.

Only an instruction whose text or hand steps split differently in an arm can change, so an
instruction is run off and in each arm that changes it; every other arm answers as off.

    .venv/bin/python bench/recall_split_joints_ab_r64.py --sets 19,20,21,53,tune,1,...,18 \\
        --raw /tmp/a.json            # one process per list of sets; resumable
    .venv/bin/python bench/recall_split_joints_ab_r64.py --summarise /tmp/a.json /tmp/b.json
"""

from __future__ import annotations

import json
import sys
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_switch_ab as switch_ab  # noqa: E402
from environment import with_environment  # noqa: E402

VALIDATION = {"19", "20", "21", "53"}
K = 3
ARMS = {"line": {"line"}, "amp": {"amp"}, "object": {"object"}, "extend": {"extend"},
        "to": {"to"}, "arrow": {"arrow"},
        "all": {"line", "amp", "object", "extend", "to", "arrow"},
        # the joints that passed the keep rule alone, together (run after the others)
        "kept": {"line", "extend", "to", "arrow"}}


# An arm's name "cfg:<flag>" among its joints is a RecallConfig flag on in that arm and off
# in every arm without it ("off" too): round 69's recall-side change beside the split's.
CFG = "cfg:"


def set_joints(joints: frozenset[str] | set[str]) -> None:
    from memory_node.core.recall import subtasks

    subtasks.SPLIT_JOINTS.clear()
    subtasks.SPLIT_JOINTS.update(j for j in joints if not j.startswith(CFG))


def _config(joints: frozenset[str] | set[str], flags: set[str]) -> Any:
    """The RecallConfig of an arm of ``joints``: each of ``flags`` on only where named."""
    from memory_node.core.recall.recall import RecallConfig

    return RecallConfig(**{f: CFG + f in joints for f in flags})


def _later_pronoun_clause(texts: list[str], lexicon: Any, joints: frozenset[str] | set[str],
                          base: frozenset[str]) -> bool:
    """A step read as an antecedent (a hand step, ``texts[1:]``, or a piece of the split of
    the instruction, ``texts[0]``, by ``joints`` or ``base``) splits into clauses with a
    later one that acts on a thing it names only by a pronoun: where
    ``cfg:antecedent_past_pronouns`` can change an answer (a superset: the step must also
    name nothing in its object phrase, and a later step refer back)."""
    from memory_node.core.recall import subtasks

    for js in (joints, base):
        with joints_then(js, base):
            pieces = [*texts[1:], *subtasks.split_subtasks(texts[0], lexicon)]
            if any(subtasks.refers_back(c, lexicon, True) or subtasks.refers_back(c, lexicon)
                   for p in pieces for c in subtasks.split_subtasks(p, lexicon)[1:]):
                return True
    return False


def _described_pair(texts: list[str], lexicon: Any, joints: frozenset[str] | set[str],
                    base: frozenset[str], alone: bool = False) -> bool:
    """The hand steps (``texts[1:]``) or the pieces of the instruction (``texts[0]``, split
    by ``joints`` or ``base``) hold a piece followed by one that acts on its description by a
    pronoun (``subtasks.described_before``, with ``alone`` as its flag): where
    ``cfg:described_join`` can change an answer (a superset: the piece must also name nothing
    here). Round 72's ``cfg:described_plural`` and ``cfg:described_clauses`` (not kept) add
    their tests with ``results/recall_described_{plural,clauses}_r72.patch``."""
    from memory_node.core.recall import subtasks

    def pair(a: str, b: str) -> bool:
        return subtasks.described_before(a, b, lexicon, True, alone)

    for js in (joints, base):
        with joints_then(js, base):
            for seq in (texts[1:], subtasks.split_subtasks(texts[0], lexicon)):
                if any(pair(a, b) for a, b in zip(seq[:-1], seq[1:], strict=True)):
                    return True
    return False


@contextmanager
def joints_then(joints: frozenset[str] | set[str], base: frozenset[str]) -> Iterator[None]:
    """The split's joints are ``joints`` inside the block and ``base`` after it."""
    set_joints(joints)
    try:
        yield
    finally:
        set_joints(base)


def _alone_pronoun(texts: list[str], lexicon: Any, joints: frozenset[str] | set[str],
                   base: frozenset[str]) -> bool:
    """The instruction or a hand step says a word of ``subtasks._ALONE_PRONOUNS`` ("him",
    "both"): where ``cfg:alone_pronouns`` can change an answer (a superset: the word must
    also stand alone as a verb's object)."""
    from memory_node.core.recall import subtasks

    return any(not subtasks._ALONE_PRONOUNS.isdisjoint(subtasks._WORDS.findall(t.lower()))
               for t in texts)


# A RecallConfig flag an arm may turn on -> where it can change an answer (a superset).
CAN_ACT = {"antecedent_past_pronouns": _later_pronoun_clause,
           "described_join": _described_pair,
           "alone_pronouns": _alone_pronoun}


def splits(texts: list[str], joints: frozenset[str] | set[str], lexicon: Any,
           base: frozenset[str] = frozenset()) -> list[list[str]]:
    """Each text split with `joints`; the split's joints are `base` again after."""
    from memory_node.core.recall import subtasks

    with joints_then(joints, base):
        return [subtasks.split_subtasks(t, lexicon) for t in texts]


def run_sets(sets: list[str], raw: Path, only: list[str] | None = None,
             arms_all: Mapping[str, frozenset[str] | set[str]] = ARMS,
             base: frozenset[str] = frozenset()) -> None:
    """Each instruction that an arm of `arms_all` (or of `only`) splits otherwise than
    `base` ("off") answered off and in every such arm, into the resumable `raw`."""
    from memory_node.core.recall.recall import Recaller

    def per_set(emb: Any, items: list[dict], scenes: dict[str, list]) -> tuple[dict, str]:
        arms_run = {a: j for a, j in arms_all.items() if not only or a in only}
        flags = {j[len(CFG):] for js in arms_run.values() for j in js if j.startswith(CFG)}
        recs = {arm: Recaller(emb, config=_config(arms_run.get(arm, base), flags))
                for arm in ["off", *arms_run]}
        lex = recs["off"].lexicon
        rs = {}
        for it in items:
            texts = [it["text"], *[s["text"] for s in it["steps"]]]
            off = splits(texts, base, lex, base)
            arms = [a for a, j in arms_run.items() if splits(texts, j, lex, base) != off
                    or any(CFG + f in j and can(texts, lex, j, base)
                           for f, can in CAN_ACT.items())]
            if not arms:
                continue
            units = scenes[it["room"]]
            set_joints(base)
            r: dict[str, Any] = {"off": switch_ab.answer(recs["off"], it, units, K), "arms": {}}
            for a in arms:
                with joints_then(arms_all[a], base):
                    r["arms"][a] = switch_ab.answer(recs[a], it, units, K)
            rs[it["id"]] = r
        return {"n": len(items), "flagged": rs}, f"flagged {len(rs)}"

    switch_ab.run_resumable(sets, raw, per_set)


def summarise(raws: list[Path], arms_all: Mapping[str, frozenset[str] | set[str]] = ARMS,
              base: frozenset[str] = frozenset(), validation: set[str] = VALIDATION,
              round_: int = 64, what: str = __doc__) -> dict:
    """Every arm that changed an instruction, as `recall_switch_ab.summarise` scores it.
    Raw files of other arms over the same sets are merged (round 72: one file per arm group)."""
    res: dict[str, Any] = {}
    for f in raws:
        for s, d in json.loads(f.read_text()).items():
            if s not in res:
                res[s] = d
                continue
            for iid, v in d["flagged"].items():
                res[s]["flagged"].setdefault(iid, {"off": v["off"], "arms": {}})["arms"].update(
                    v["arms"])
    out: dict[str, Any] = {"round": round_, "k": K, "what": what.split("\n\n")[0], "arms": {}}
    for arm in arms_all:
        if not any(arm in v["arms"] for d in res.values() for v in d["flagged"].values()):
            continue
        one = {s: {"n": d["n"], "flagged": {
            iid: {"on": v["arms"].get(arm, v["off"]), "off": v["off"]}
            for iid, v in d["flagged"].items() if arm in v["arms"]}} for s, d in res.items()}
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as tf:
            json.dump(one, tf)
        vs = f"off {sorted(base)}" if base else "off"
        out["arms"][arm] = switch_ab.summarise(
            [Path(tf.name)], validation, K, round_, arm, f"joints {sorted(arms_all[arm])} vs {vs}")
        Path(tf.name).unlink()
    return out


def main(arms_all: dict[str, frozenset[str] | set[str]] | None = None,
         base: frozenset[str] = frozenset(), validation: set[str] = VALIDATION,
         round_: int = 64, what: str = __doc__) -> int:
    """One round's A/B (round 64's by default): its arms over its base joints."""
    import argparse

    arms_all = dict(ARMS if arms_all is None else arms_all)
    ap = argparse.ArgumentParser()
    ap.add_argument("--sets")
    ap.add_argument("--raw", type=Path)
    ap.add_argument("--arms", help="only these arms (comma-separated; default all)")
    ap.add_argument("--kept", help="an arm 'kept' of these joints over the base (comma-separated)")
    ap.add_argument("--summarise", nargs="+", type=Path)
    ap.add_argument("--out", default=f"recall_split_joints_ab_r{round_}")
    args = ap.parse_args()
    if args.kept:
        arms_all["kept"] = base | set(args.kept.split(","))
    if args.sets:
        run_sets(args.sets.split(","), args.raw, args.arms.split(",") if args.arms else None,
                 arms_all, base)
    if args.summarise:
        out = summarise(args.summarise, arms_all, base, validation, round_, what)
        path = Path(__file__).resolve().parent / "results" / f"{args.out}.json"
        path.write_text(json.dumps(with_environment(out), indent=1) + "\n")
        for arm, o in out["arms"].items():
            for k, v in sorted(o["totals"].items()):
                print(arm, k, v)
        print("wrote", path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
