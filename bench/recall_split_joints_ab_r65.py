"""Round 65 (issue 11, parts 1-3): more joints for the planner's split (``split_subtasks``),
each on alone over 3e81fe0d's joints (``line``, ``extend``, ``to``, ``arrow``) and the
passing ones together, vs 3e81fe0d's split ("off"), recall at k=3: whole instruction,
auto-split subtasks and per hand step, per need (``recall_human``'s groups).

The joints (``subtasks.SPLIT_JOINTS`` while exploring): ``spoken`` dictated punctuation
said as words ("... full stop put the books ...", "comma", "period", "new paragraph") is
read as the mark (and a telegram's "STOP" in an all-capitals text); ``bullet`` a bullet or
check box ("•", "○", "[ ]") parts items on one line, and a text opening with ">" or "*"
parts at every one; ``emoji`` an arrow between any two
marks ("📱 ➡️ nightstand") is a place, and a comma before one is a joint; ``source`` the
gapping test takes "from"/"off" as places ("my phone off the desk, the clock from the
bedside table") when neither side also says where it goes; ``attime`` "at" before a
numeral is a time, not a place ("at six"); ``runon`` a bare verb after a place's noun,
before a determiner, starts a step ("the egg is in a bowl put the bowl in the cupboard");
``runon_np`` so does a determiner after a place's noun opening a side with a place of its
own ("put it on the desk the book on my bed goes on the shelf"); ``numbered`` a list
numbered inline ("1. run the bath 2. NO bubble bath") parts before each number. Two guards
for a step cut in two (a piece that cannot stand alone joins the piece before it):
``modifier`` a piece of only adjectives, adverbs and function words ("Run the bath, warm
not hot"); ``placeonly`` a piece with no verb opening with a preposition of place ("The
Kleenex, off the floor, onto the dresser").

Only an instruction whose text or hand steps split differently in an arm can change, so an
instruction is run off and in each arm that changes it; every other arm answers as off.

    .venv/bin/python bench/recall_split_joints_ab_r65.py --sets 19,20,21,54,tune,1,...,18 \\
        --raw /tmp/a.json            # one process per list of sets; resumable
    .venv/bin/python bench/recall_split_joints_ab_r65.py --summarise /tmp/a.json /tmp/b.json

Round 66 (``--round 66``): the base is b48ad0a5's twelve joints, validation blind 19-21 and 55,
and the arms are round 66's joints (``ROUNDS``; bench/README_recall.md, round 66): "lead_prep",
"typo_det", "bare_runon" (in SPLIT_JOINTS) and "preposition" (failed: it acts only with
``results/recall_split_joints_preposition_r66.patch`` applied, else it equals off).
Round 67 (``--round 67``): the base is f8d8a395's fifteen joints, validation blind 19-21 and
56; the arms are round 67's (bench/README_recall.md, round 67): "degree" (a word a degree word
or "not" grades is an adjective in the modifier guard: "not too deep", "as hot as it goes"),
"mixed_source" (comma gapping where one side says where its thing goes and the other where
its thing comes from, the right side opening with a determiner or a noun).
Round 68 (``--round 68``): the base is db57fc09's seventeen joints, validation blind 19-21 and
57; the arms are round 68's: "verb_det" (a word the lexicon has as a verb, in its base form,
right after a joint and before a determiner, opens a step: ", and stick a couple of eggs on",
"towel on the bath edge, spray the mirror"), "bare_and" (a bare "and" before a noun with no
determiner is gapping where each side says where its thing goes: "Laptop to the desk and
phone beside the bed"), "verb_pron" (verb_det with an object pronoun after the word too:
"and stand it on the desk").
Round 69 (``--round 69``): the base is bd608ce1's nineteen joints, validation blind 19-21 and
58; the arms are round 69's: "verb_pron" (round 68's, again), "that_det" ("that" before a
noun or an adjective is a determiner for ``verb_det``: "and bin that manky Spontex"),
"cfg:antecedent_past_pronouns" (a ``RecallConfig`` flag, off in every other arm: a later
clause acting on a pronoun names no antecedent of its own), and "verb_pron+past" (the two
together).
Round 70 (``--round 70``): the base is b5eef2ca's twenty-one joints, validation blind 19-21
and 59; the arm is "cfg:described_join" (a ``RecallConfig`` flag: a step acting on a pronoun
right after a verbless piece that names nothing is also ranked joined to that piece, and what
the joined words add is its pronoun's antecedent: "The heavy stone figure. Put it beside the
lamp"); it can act only where a piece of the split or a hand step is followed by one
``subtasks.described_before`` holds for.
Round 71 (``--round 71``): the base is eeeb0181's twenty-one joints (its ``RecallConfig``
default, ``described_join`` on, in every arm), validation blind 19-21 and 60; the arms are
"bare_runon_det" (``bare_runon``'s noun before the bare two-word thing may be a word mostly a
verb when a determiner comes right before it: "hand towel on its ring | toilet roll on the
holder") and "plural_runon" (one bare thing's noun right after a determiner's plural noun, the
words before saying where a thing goes, then a place preposition: "vase on the coffee table for
the flowers | remote away in the drawer"); "cfg:alone_pronouns" (a ``RecallConfig`` flag, off
in every other arm: "him", "her", "both", "all", "each" standing alone as a verb's object
refer back as "it" does: "put him back on the bed", "take both to the kitchen").
Round 72 (``--round 72``): the base is 53bcebca's twenty-three joints (``alone_pronouns`` and
``described_join`` on in every arm), validation blind 19-21 and 61; the arm is "particle_gap"
(comma gapping where a side says what becomes of its thing by a verb particle after its noun:
"the study book on the desk, desk lamp on, pencil and pen out"); "cfg:described_plural" (a
``RecallConfig`` flag, off in every other arm: "both", or a plural pronoun after a description
that coordinates its things, stands for the joined ranking's best two: "The ceramic thing ...,
and the chunky cup with the handle, take both to the kitchen"); "cfg:described_clauses" (a
flag: a described piece opening with a determiner may hold a relative clause's inflected
verbs: "the one Sam sleeps with, put him back on the bed"; failed, 0 / 0). Neither flag was
kept (bench/README_recall.md, round 72): each arm runs only with its patch applied,
``results/recall_described_plural_r72.patch`` and then ``..._clauses_r72.patch``. ``--kept``
may name flags too ("particle_gap,cfg:described_plural").
Round 73 (``--round 73``): the base is 990eb089's twenty-four joints, validation blind 19-21
and 62; the arms are "bare_numbered" (a list numbered with bare numerals: "1 pencils back in
the drawer 2 the vase off the desk"), "plus_n" ("+" and text-speak "n" join as "and" does; a
right side opening with the existential "there", its apostrophe dropped, has its own verb:
"... goes on the shelf n theres a CD on the floor") and "verb_gap" (comma gapping after a side
with its own imperative: "spray the sink with the spray bottle, the scrubbing brush to the
toilet").
Round 74 (``--round 74``): the base is 389f3150's twenty-six joints, validation blind 19-21
and 63; the arms are "verb_gap" again (the left side needs a complement of its own after its
object: "spray the sink with the spray bottle, | the scrubbing brush to the toilet"),
"verb_gap_bare" (or none, after a bare comma, the right side no serial list's tail: "boil the
kettle, | eggs in the pot"), "participle_gap" (a side whose thing's fate is a past participle:
"mirror cleaned, | the cds ... onto the shelf"), "round_place" ("round", "around" as place
words) and "verb_gap_bare+round_place" ("run the bath, | candles round it").
Round 75 (``--round 75``): the base is e533496b's thirty joints, validation blind 19-21 and
64; the arm is "clause_side" (a comma gap after an imperative is no gap when its right side is
a clause of its own, a remark: "Water the plant, the can's by the window").
``--experience-texts OUT`` (once per code) and ``--texts-diff A B``: the experience bench's
task texts split the same or not.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_split_joints_ab_r64 as r64  # noqa: E402
from environment import with_environment  # noqa: E402

K = 3
# Per round: the base joints (that round's start's SPLIT_JOINTS), the new joints (one arm
# each, and "all"), the validation sets.
ROUNDS: dict[int, tuple[frozenset[str], tuple[str, ...], frozenset[str]]] = {
    65: (frozenset({"line", "extend", "to", "arrow"}),  # 3e81fe0d's
         ("spoken", "bullet", "emoji", "source", "attime", "runon", "runon_np", "numbered",
          "modifier", "placeonly"), frozenset({"19", "20", "21", "54"})),
    66: (frozenset({"line", "extend", "to", "arrow", "spoken", "bullet", "emoji", "source",
                    "runon", "runon_np", "numbered", "modifier"}),  # b48ad0a5's
         ("lead_prep", "typo_det", "bare_runon", "preposition"),
         frozenset({"19", "20", "21", "55"})),
    67: (frozenset({"line", "extend", "to", "arrow", "spoken", "bullet", "emoji", "source",
                    "runon", "runon_np", "numbered", "modifier", "lead_prep", "typo_det",
                    "bare_runon"}),  # f8d8a395's
         ("degree", "mixed_source"), frozenset({"19", "20", "21", "56"})),
    68: (frozenset({"line", "extend", "to", "arrow", "spoken", "bullet", "emoji", "source",
                    "runon", "runon_np", "numbered", "modifier", "lead_prep", "typo_det",
                    "bare_runon", "degree", "mixed_source"}),  # db57fc09's
         ("verb_det", "bare_and", "verb_pron"), frozenset({"19", "20", "21", "57"})),
    69: (frozenset({"line", "extend", "to", "arrow", "spoken", "bullet", "emoji", "source",
                    "runon", "runon_np", "numbered", "modifier", "lead_prep", "typo_det",
                    "bare_runon", "degree", "mixed_source", "verb_det", "bare_and"}),  # bd608ce1's
         ("verb_pron", "that_det", "cfg:antecedent_past_pronouns"),
         frozenset({"19", "20", "21", "58"})),
    70: (frozenset({"line", "extend", "to", "arrow", "spoken", "bullet", "emoji", "source",
                    "runon", "runon_np", "numbered", "modifier", "lead_prep", "typo_det",
                    "bare_runon", "degree", "mixed_source", "verb_det", "bare_and",
                    "verb_pron", "that_det"}),  # b5eef2ca's
         ("cfg:described_join",), frozenset({"19", "20", "21", "59"})),
    71: (frozenset({"line", "extend", "to", "arrow", "spoken", "bullet", "emoji", "source",
                    "runon", "runon_np", "numbered", "modifier", "lead_prep", "typo_det",
                    "bare_runon", "degree", "mixed_source", "verb_det", "bare_and",
                    "verb_pron", "that_det"}),  # eeeb0181's (described_join on in every arm)
         ("bare_runon_det", "plural_runon", "cfg:alone_pronouns"),
         frozenset({"19", "20", "21", "60"})),
    72: (frozenset({"line", "extend", "to", "arrow", "spoken", "bullet", "emoji", "source",
                    "runon", "runon_np", "numbered", "modifier", "lead_prep", "typo_det",
                    "bare_runon", "degree", "mixed_source", "verb_det", "bare_and",
                    "verb_pron", "that_det", "bare_runon_det", "plural_runon"}),  # 53bcebca's
         ("particle_gap", "cfg:described_plural", "cfg:described_clauses"),
         frozenset({"19", "20", "21", "61"})),
    73: (frozenset({"line", "extend", "to", "arrow", "spoken", "bullet", "emoji", "source",
                    "runon", "runon_np", "numbered", "modifier", "lead_prep", "typo_det",
                    "bare_runon", "degree", "mixed_source", "verb_det", "bare_and",
                    "verb_pron", "that_det", "bare_runon_det", "plural_runon",
                    "particle_gap"}),  # 990eb089's
         ("bare_numbered", "plus_n", "verb_gap"), frozenset({"19", "20", "21", "62"})),
    74: (frozenset({"line", "extend", "to", "arrow", "spoken", "bullet", "emoji", "source",
                    "runon", "runon_np", "numbered", "modifier", "lead_prep", "typo_det",
                    "bare_runon", "degree", "mixed_source", "verb_det", "bare_and",
                    "verb_pron", "that_det", "bare_runon_det", "plural_runon",
                    "particle_gap", "bare_numbered", "plus_n"}),  # 389f3150's
         ("verb_gap", "verb_gap_bare", "participle_gap", "round_place"),
         frozenset({"19", "20", "21", "63"})),
}
# Round 75's base is round 74's with round 74's four arms, all kept: derived, not copied again.
ROUNDS[75] = (ROUNDS[74][0] | frozenset(ROUNDS[74][1]),  # e533496b's
              ("clause_side",), frozenset({"19", "20", "21", "64"}))
ROUND = 65
BASE, NEW, VALIDATION = ROUNDS[ROUND]
ARMS: dict[str, frozenset[str]] = {}


def use_round(round_: int) -> None:
    """Set BASE, VALIDATION and ARMS (one per new joint, and "all") to ``round_``'s."""
    global ROUND, BASE, NEW, VALIDATION
    ROUND = round_
    BASE, NEW, VALIDATION = ROUNDS[round_]
    ARMS.clear()
    ARMS.update({a: BASE | {a} for a in NEW})
    ARMS["all"] = BASE | set(NEW)
    if round_ == 69:
        ARMS["verb_pron+past"] = BASE | {"verb_pron", "cfg:antecedent_past_pronouns"}
    if round_ == 74:  # "run the bath, candles round it": a bare gap whose place is "round"
        ARMS["verb_gap_bare+round_place"] = BASE | {"verb_gap_bare", "round_place"}


use_round(ROUND)


def run_sets(sets: list[str], raw: Path, only: list[str] | None = None) -> None:
    """Round 64's A/B (``recall_split_joints_ab_r64.run_sets``) with this round's arms
    over this round's base joints."""
    r64.run_sets(sets, raw, only, ARMS, BASE)


def summarise(raws: list[Path]) -> dict:
    """Round 64's summary with this round's arms, base, validation sets and number."""
    return r64.summarise(raws, ARMS, BASE, set(VALIDATION), ROUND, __doc__ or "")


def experience_texts(out: Path) -> None:
    """Every distinct task and subtask text of ``experience_tasks``'s splits (each split's
    stream at lengths 30 and 60, generated only) with its split by the imported code's
    ``SPLIT_JOINTS``, to ``out``: run once per code (``PYTHONPATH``), then ``--texts-diff``."""
    import experience_tasks as et

    from memory_node.core.recall import subtasks
    from memory_node.core.recall.lexicon import shared_lexicon
    from memory_node.sim.tasks.streams import StreamSettings, generate

    texts: set[str] = set()
    for floor_plan, seed in et.SPLITS.values():
        for length in (30, 60):
            suite = generate(StreamSettings(floor_plan=floor_plan, length=length, seed=seed,
                                            kinds=et.KINDS))
            for t in suite.tasks():
                texts.update(x for x in (t.instruction, *(s.instruction for s in t.subtasks))
                             if x)
    lex = shared_lexicon()
    got = {t: subtasks.split_subtasks(t, lex) for t in sorted(texts)}
    out.write_text(json.dumps({"joints": sorted(subtasks.SPLIT_JOINTS), "splits": got},
                              indent=0) + "\n")
    print(len(got), "texts ->", out)


def texts_diff(a: Path, b: Path) -> int:
    """How many texts the two ``--experience-texts`` files split differently (printed)."""
    sa, sb = (json.loads(f.read_text())["splits"] for f in (a, b))
    differ = sorted(t for t in sa.keys() | sb.keys() if sa.get(t) != sb.get(t))
    for t in differ:
        print(repr(t), sa.get(t), "|", sb.get(t))
    print(f"{len(differ)} of {len(sa.keys() | sb.keys())} texts split differently")
    return len(differ)


def main() -> int:
    import argparse

    ap = argparse.ArgumentParser()
    ap.add_argument("--round", type=int, default=65, choices=sorted(ROUNDS))
    ap.add_argument("--sets")
    ap.add_argument("--raw", type=Path)
    ap.add_argument("--arms", help="only these arms (comma-separated; default all)")
    ap.add_argument("--kept", help="an arm 'kept' of these joints over the base (comma-separated)")
    ap.add_argument("--summarise", nargs="+", type=Path)
    ap.add_argument("--out", help="result name (default recall_split_joints_ab_r<round>)")
    ap.add_argument("--experience-texts", type=Path,
                    help="write the experience bench's task texts' splits to this file")
    ap.add_argument("--texts-diff", nargs=2, type=Path,
                    help="two --experience-texts files: the texts they split differently")
    args = ap.parse_args()
    use_round(args.round)
    if args.experience_texts:
        if args.kept:  # the split with these joints too
            from memory_node.core.recall import subtasks

            subtasks.SPLIT_JOINTS.update(args.kept.split(","))
        experience_texts(args.experience_texts)
    if args.texts_diff:
        texts_diff(*args.texts_diff)
    if args.kept:
        ARMS["kept"] = BASE | set(args.kept.split(","))
    if args.sets:
        run_sets(args.sets.split(","), args.raw, args.arms.split(",") if args.arms else None)
    if args.summarise:
        out = summarise(args.summarise)
        name = args.out or f"recall_split_joints_ab_r{args.round}"
        path = Path(__file__).resolve().parent / "results" / f"{name}.json"
        path.write_text(json.dumps(with_environment(out), indent=1) + "\n")
        for arm, o in out["arms"].items():
            for k, v in sorted(o["totals"].items()):
                print(arm, k, v)
        print("wrote", path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
