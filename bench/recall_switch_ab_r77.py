"""Round 77 (issue 11, parts 1-3): the next ranking switches, on vs off (off = 1eb2f49b's
answers), recall at k=3, by round 76's bench (``recall_switch_ab_r76.py``: every instruction a
switch can touch answered with its flag on, and off where an ``implied_types`` call differs),
with this round's validation sets (blind 19, 20, 21, 66).

``made_drinks``: a food or drink a verb asked acts on ("make me a coffee") implies the
container here that shares its use (the cup, "for drinking"); it can act only in a room
holding a container WordNet says is for something, on an instruction one of whose words is
a food whose use such a container shares (a superset: the verb is not asked).
``opposite_kin`` (not kept: ``results/recall79_opposite_kin_r77.patch``) had a text filter
here too.

    .venv/bin/python bench/recall_switch_ab_r77.py --switch made_drinks \\
        --sets 19,20,21,66,tune,1,...,18 --raw /tmp/a.json   # one process per list; resumable
    .venv/bin/python bench/recall_switch_ab_r77.py --switch made_drinks \\
        --summarise /tmp/a.json /tmp/b.json --out recall_switch_ab_made_drinks_r77
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_switch_ab_r76 as r76  # noqa: E402

VALIDATION = {"19", "20", "21", "66"}


def _holder_room(units: Sequence[Any], lexicon: Any) -> bool:
    """The room holds a container WordNet says is for something (``Lexicon.purposes``)."""
    from memory_node.core.recall.lexical import split_label

    return any(lexicon.holds_contents(n) and lexicon.purposes(n)
               for n in {split_label(u.label) for u in units})


def _food_text(rec: Any, texts: Sequence[str], units: Sequence[Any]) -> bool:
    """A word of the texts (as said or as spelled) is a food whose use a container here
    shares: where ``made_drinks`` can act (a superset of ``implied._made_foods``)."""
    from memory_node.core.recall import implied
    from memory_node.core.recall.lexical import _WORD, split_label

    lex = rec.lexicon
    holders = implied._holders(lex, tuple(sorted({u.label for u in units})))
    words = {w for t in texts for x in (t, rec.spelled(t)) for w in _WORD.findall(split_label(x))}
    return any(lex.is_food(lex.noun(w))
               and not holders.keys().isdisjoint(implied._purposes(lex, lex.noun(w)))
               for w in words)


r76.CAN_ACT["made_drinks"] = _holder_room
r76.CAN_ACT_TEXT["made_drinks"] = _food_text


def main() -> int:
    return r76.main(VALIDATION, 77, "1eb2f49b", "made_drinks")


if __name__ == "__main__":
    raise SystemExit(main())
