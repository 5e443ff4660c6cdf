"""Round 63 (issue 11, parts 1-2): ``RecallConfig.cap_joins_shortest`` on (the default) vs
off (4bca171d's code path), recall at k=3: whole instruction, auto-split subtasks and per hand
step, per need (``recall_human``'s groups).

Only an instruction whose text splits into more pieces than ``subtasks.MAX_SUBTASKS`` can
change under the rule (a hand step's own splits, and the text before it that a step's home
is read from, are parts of it), so an instruction is run (in both arms, in full) only when
its text does; every other instruction answers alike in both arms.

    .venv/bin/python bench/recall_cap_joins_ab.py --sets 19,20,21,52,tune,1,...,18 \\
        --raw /tmp/a.json            # one process per list of sets; resumable
    .venv/bin/python bench/recall_cap_joins_ab.py --summarise /tmp/a.json /tmp/b.json \\
        --out recall_cap_joins_ab_r63   # -> bench/results/<out>.json
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_switch_ab as switch_ab  # noqa: E402

VALIDATION = {"19", "20", "21", "52"}
K = 3


def over_the_cap(text: str, lexicon: Any) -> bool:
    """The text splits into more pieces than the cap allows (only then can the arms differ)."""
    from memory_node.core.recall import subtasks

    cap = subtasks.MAX_SUBTASKS
    subtasks.MAX_SUBTASKS = 10**6
    try:
        return len(subtasks.split_subtasks(text, lexicon)) > cap
    finally:
        subtasks.MAX_SUBTASKS = cap


def run_sets(sets: list[str], raw: Path) -> None:
    from memory_node.core.recall.recall import RecallConfig, Recaller

    def per_set(emb: Any, items: list[dict], scenes: dict[str, list]) -> tuple[dict, str]:
        on = Recaller(emb, config=RecallConfig())
        off = Recaller(emb, config=RecallConfig(cap_joins_shortest=False))
        rs = {}
        for it in items:
            if over_the_cap(it["text"], on.lexicon):
                units = scenes[it["room"]]
                rs[it["id"]] = {"on": switch_ab.answer(on, it, units, K),
                                "off": switch_ab.answer(off, it, units, K)}
        return {"n": len(items), "flagged": rs}, f"flagged {len(rs)}"

    switch_ab.run_resumable(sets, raw, per_set)


def summarise(raws: list[Path]) -> dict:
    return switch_ab.summarise(
        raws, VALIDATION, K, 63, "cap_joins_shortest",
        "on (default) vs off (= 4bca171d), over the instructions split into more pieces "
        "than the cap; the others answer alike in both arms")


def main() -> int:
    return switch_ab.main(run_sets, summarise, "recall_cap_joins_ab_r63")


if __name__ == "__main__":
    raise SystemExit(main())
