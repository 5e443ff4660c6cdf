"""Round 61 (issue 11, parts 1-2): ``RecallConfig.plural_modifiers`` on (the default) vs off
(280a8377's code path), recall at k=3: whole instruction, auto-split subtasks and per hand
step, per need (``recall_human``'s groups).

Only text where a word said in the plural (``QueryTerms.plural``) is a modifier of a type in
the room can change under the rule, so an instruction is run (in both arms, in full) only when
its text or one of its hand steps holds one; every other instruction answers alike in both
arms (round 60's recall62 ran the same filter, ``/tmp/recall62/ab62b.py``).

    .venv/bin/python bench/recall_plural_modifiers_ab.py --sets 19,20,21,50,tune,1,...,18 \\
        --raw /tmp/a.json            # one process per list of sets; resumable
    .venv/bin/python bench/recall_plural_modifiers_ab.py --summarise /tmp/a.json /tmp/b.json \\
        --out recall_plural_modifiers_ab_r61   # -> bench/results/<out>.json
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_switch_ab as switch_ab  # noqa: E402

VALIDATION = {"19", "20", "21", "50"}
K = 3


def run_sets(sets: list[str], raw: Path) -> None:
    from memory_node.core.recall.names import label_terms
    from memory_node.core.recall.recall import RecallConfig, Recaller

    modifiers: dict[str, frozenset[str]] = {}

    def per_set(emb: Any, items: list[dict], scenes: dict[str, list]) -> tuple[dict, str]:
        on = Recaller(emb, config=RecallConfig())
        off = Recaller(emb, config=RecallConfig(plural_modifiers=False))
        rs = {}
        for it in items:
            units = scenes[it["room"]]
            mods: set[str] = set()
            for label in {u.label for u in units}:
                if label not in modifiers:
                    modifiers[label] = frozenset(label_terms(label, on._lexicon(), True).modifiers)
                mods |= modifiers[label]
            texts = [it["text"]] + [st["text"] for st in it["steps"]]
            if any(on.query(t).plural & mods for t in texts):
                rs[it["id"]] = {"on": switch_ab.answer(on, it, units, K),
                                "off": switch_ab.answer(off, it, units, K)}
        return {"n": len(items), "flagged": rs}, f"flagged {len(rs)}"

    switch_ab.run_resumable(sets, raw, per_set)


def summarise(raws: list[Path]) -> dict:
    return switch_ab.summarise(
        raws, VALIDATION, K, 61, "plural_modifiers",
        "on (default) vs off (= 280a8377), over the instructions the rule can touch; "
        "the others answer alike in both arms")


def main() -> int:
    return switch_ab.main(run_sets, summarise, "recall_plural_modifiers_ab_r61")


if __name__ == "__main__":
    raise SystemExit(main())
