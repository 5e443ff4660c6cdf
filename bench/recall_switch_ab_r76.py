"""Round 76 (issue 11, parts 1-3): ranking switches for what a step implies, each a
``RecallConfig`` flag, on vs off (off = 6cee0663's answers), recall at k=3: whole
instruction, auto-split subtasks and per hand step, per need (``recall_human``'s groups).

A switch that acts through ``implied_types`` (its flag is that function's argument of the same name)
can change an answer only where some call of it differs with the flag. Every instruction
of a room the switch can act in (``CAN_ACT``: a superset) is answered with the flag on,
each ``implied_types`` call also computed with it off; an instruction where one differs is
answered by a recaller with the flag off too. Every other instruction answers alike.

``object_done_to``: a text with a verb and no place acts on the thing it names, so what
you do to that thing (WordNet's definition: the bathtub, "that you fill with water")
counts as ``absent_skills`` reads it; it can act only in a room holding a type with such a
definition (``Lexicon.done_to``). ``use_holders`` (not kept; it runs only with
``results/recall78_use_holders_r76.patch`` applied): a thing said that holds nothing implies
the container here that shares its use ("make me a coffee": coffee and the cup, both "for
drinking"); it can act only in a room holding a container WordNet says is for something,
on an instruction one of whose words is for what such a container is for.
``remark_opposites``: a remark on how things are ("it's getting dark in here") asks for
the thing here named by the adjective's opposite (WordNet's antonym: light, the light
switch); it can act only on an instruction saying such an adjective.

    .venv/bin/python bench/recall_switch_ab_r76.py --switch object_done_to \\
        --sets 19,20,21,65,tune,1,...,18 --raw /tmp/a.json   # one process per list; resumable
    .venv/bin/python bench/recall_switch_ab_r76.py --summarise /tmp/a.json /tmp/b.json \\
        --out recall_switch_ab_object_done_to_r76
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_switch_ab as switch_ab  # noqa: E402

VALIDATION = {"19", "20", "21", "65"}
K = 3


def _done_to_room(units: Sequence[Any], lexicon: Any) -> bool:
    """The room holds a type WordNet says something is done to (``Lexicon.done_to``)."""
    from memory_node.core.recall.lexical import split_label

    return any(lexicon.done_to(split_label(t)) for t in {u.label for u in units})


def _opposite_text(rec: Any, texts: Sequence[str], units: Sequence[Any]) -> bool:
    """A word of the texts (as said or as spelled) is an adjective WordNet opposes to a word
    of a type here: where ``remark_opposites`` can act (a superset: no linking verb asked)."""
    from memory_node.core.recall.lexical import _WORD, split_label

    lex = rec.lexicon
    named = {w for u in units for w in split_label(u.label).split()}
    words = {w for t in texts for x in (t, rec.spelled(t)) for w in _WORD.findall(split_label(x))}
    return any(lex.is_adjective(w) and not named.isdisjoint(lex.antonyms(w)) for w in words)


# A switch (a RecallConfig flag that implied_types takes by the same name, passed by
# position) -> the rooms it can act in (a superset).
CAN_ACT: dict[str, Callable[[Sequence[Any], Any], bool]] = {
    "object_done_to": _done_to_room, "remark_opposites": lambda units, lexicon: True}
# ... and, within those rooms, the instructions (its text and hand steps) it can act on
# (round 76's use_holders, not kept, had one too: results/recall78_use_holders_r76.patch).
CAN_ACT_TEXT: dict[str, Callable[[Any, Sequence[str], Sequence[Any]], bool]] = {
    "remark_opposites": _opposite_text}


def run_sets(sets: list[str], raw: Path, switch: str) -> None:
    import inspect

    from memory_node.core.recall import recall as rc
    from memory_node.core.recall.recall import RecallConfig, Recaller

    differs = [0]
    plain = rc.implied_types
    at = list(inspect.signature(plain).parameters).index(switch)  # passed by position

    def watched(*args: Any) -> dict[str, str]:
        got = plain(*args)
        if args[at] and plain(*args[:at], False, *args[at + 1:]) != got:
            differs[0] += 1
        return got

    rc.implied_types = watched  # type: ignore[assignment]

    def per_set(emb: Any, items: list[dict], scenes: dict[str, list]) -> tuple[dict, str]:
        on = Recaller(emb, config=RecallConfig(**{switch: True}))
        off = Recaller(emb, config=RecallConfig(**{switch: False}))
        can = {room: CAN_ACT[switch](units, on.lexicon) for room, units in scenes.items()}
        rs = {}
        ran = 0
        for it in items:
            units = scenes[it["room"]]
            texts = [it["text"], *(st["text"] for st in it["steps"])]
            if not can[it["room"]] or (switch in CAN_ACT_TEXT
                                       and not CAN_ACT_TEXT[switch](on, texts, units)):
                continue
            differs[0] = 0
            ran += 1
            a = switch_ab.answer(on, it, units, K)
            if differs[0]:
                rs[it["id"]] = {"on": a, "off": switch_ab.answer(off, it, units, K),
                                "marks": differs[0]}
        return {"n": len(items), "ran": ran, "flagged": rs}, f"ran {ran} flagged {len(rs)}"

    switch_ab.run_resumable(sets, raw, per_set)


def main(validation: set[str] = VALIDATION, round_: int = 76, base: str = "6cee0663",
         switch: str = "object_done_to") -> int:
    """The command line; a later round's bench passes its validation sets, round, base
    commit and default switch (``recall_switch_ab_r77.py``)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--switch", default=switch, choices=sorted(CAN_ACT))
    ap.add_argument("--sets")
    ap.add_argument("--raw", type=Path)
    ap.add_argument("--summarise", nargs="+", type=Path)
    ap.add_argument("--out")
    args = ap.parse_args()
    if args.sets:
        run_sets(args.sets.split(","), args.raw, args.switch)
    if args.summarise:
        out = switch_ab.summarise(
            args.summarise, validation, K, round_, args.switch,
            f"{args.switch} on vs off (= {base}), over the instructions of the rooms it can "
            "act in where some implied_types call differs; the others answer alike")
        switch_ab.write_summary(out, args.out or f"recall_switch_ab_{args.switch}_r{round_}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
