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

Round 64's tool (``recall_split_joints_ab_r64.py``: the method, ``--arms``, ``--kept``,
``--summarise``) with these arms over that base, blind 54 validation:

    .venv/bin/python bench/recall_split_joints_ab_r65.py --sets 19,20,21,54,tune,1,...,18 \\
        --raw /tmp/a.json            # then --summarise /tmp/a.json /tmp/b.json
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_split_joints_ab_r64 as r64  # noqa: E402

VALIDATION = {"19", "20", "21", "54"}
BASE = frozenset({"line", "extend", "to", "arrow"})  # 3e81fe0d's SPLIT_JOINTS
NEW = ("spoken", "bullet", "emoji", "source", "attime", "runon", "runon_np", "numbered",
       "modifier", "placeonly")
ARMS: dict[str, frozenset[str] | set[str]] = {a: BASE | {a} for a in NEW}
ARMS["all"] = BASE | set(NEW)


if __name__ == "__main__":
    raise SystemExit(r64.main(ARMS, BASE, VALIDATION, 65, __doc__))
