"""Round 78 (issue 11, parts 1-3): ``carried_use`` on vs off (off = 150783e8's answers),
recall at k=3 (whole, auto-split subtasks, per hand step, per need: ``recall_switch_ab``).

The switch acts only in a pronoun step's ranking (``subtasks._lent_fixtures``), so it can
change an answer only where that function lends a unit. Every instruction that can reach
it is answered through the per-subtask path (auto and hand steps) with the flag on, each
lent unit counted: its room holds a type whose use ``skills_for_use`` reads (the carried
thing must be one) and its text or a hand step says a pronoun the function replaces. An
instruction where a unit was lent is answered whole, auto and per hand step by both arms
(a fresh recaller with the flag off = 150783e8's code path). Every other one answers alike.

    .venv/bin/python bench/recall_switch_ab_r78.py --sets 19,20,21,67,tune,1,...,18 \\
        --raw /tmp/a.json                     # one process per list; resumable
    .venv/bin/python bench/recall_switch_ab_r78.py --summarise /tmp/a.json /tmp/b.json
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_switch_ab as switch_ab  # noqa: E402

VALIDATION = {"19", "20", "21", "67"}
K = 3
SWITCH = "carried_use"


def _use_room(rec: Any, units: Sequence[Any]) -> bool:
    """The room holds a type whose use implies a fixture (a thing a pronoun can lend)."""
    from memory_node.core.recall.implied import skills_for_use

    return any(skills_for_use([" ".join(rec.terms_for(t).words)], rec.skills, rec.lexicon,
                              done_to=rec.config.object_done_to)
               for t in sorted({u.label for u in units}))


def run_sets(sets: list[str], raw: Path) -> None:
    from memory_node.core.recall import subtasks as st
    from memory_node.core.recall.recall import RecallConfig, Recaller

    lent = [0]
    plain = st._lent_fixtures

    def watched(*args: Any) -> list:
        got = plain(*args)
        lent[0] += bool(got)
        return got

    st._lent_fixtures = watched  # type: ignore[assignment]

    def per_set(emb: Any, items: list[dict], scenes: dict[str, list]) -> tuple[dict, str]:
        on = Recaller(emb, config=RecallConfig(carried_use=True))
        off = Recaller(emb, config=RecallConfig(carried_use=False))
        can = {room: _use_room(on, units) for room, units in scenes.items()}
        rs = {}
        ran = 0
        for it in items:
            units = scenes[it["room"]]
            texts = [it["text"], *(s["text"] for s in it["steps"])]
            if not can[it["room"]] or not any(st._CARRIED_PRONOUN.search(t) for t in texts):
                continue
            ran += 1
            lent[0] = 0
            st.recall_subtasks(on, it["text"], units, K)
            st.recall_subtasks(on, it["text"], units, K, steps=[s["text"] for s in it["steps"]])
            if lent[0]:
                rs[it["id"]] = {"on": switch_ab.answer(on, it, units, K),
                                "off": switch_ab.answer(off, it, units, K), "marks": lent[0]}
        return {"n": len(items), "ran": ran, "flagged": rs}, f"ran {ran} flagged {len(rs)}"

    switch_ab.run_resumable(sets, raw, per_set)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sets")
    ap.add_argument("--raw", type=Path)
    ap.add_argument("--summarise", nargs="+", type=Path)
    ap.add_argument("--out", default=f"recall_switch_ab_{SWITCH}_r78")
    args = ap.parse_args()
    if args.sets:
        run_sets(args.sets.split(","), args.raw)
    if args.summarise:
        out = switch_ab.summarise(
            args.summarise, VALIDATION, K, 78, SWITCH,
            f"{SWITCH} on vs off (= 150783e8), over the instructions where a pronoun step "
            "was lent a unit; the others answer alike")
        switch_ab.write_summary(out, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
