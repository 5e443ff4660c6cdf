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

import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_human as rh  # noqa: E402
import recall_switch_ab as switch_ab  # noqa: E402
from recall_switch_probe import load_set  # noqa: E402

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
    from memory_node.core.recall.encoders import make_embedder
    from memory_node.core.recall.recall import RecallConfig, Recaller
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
        on = Recaller(emb, config=RecallConfig())
        off = Recaller(emb, config=RecallConfig(cap_joins_shortest=False))
        rs = {}
        for it in items:
            if over_the_cap(it["text"], on.lexicon):
                units = scenes[it["room"]]
                rs[it["id"]] = {"on": switch_ab.answer(on, it, units, K),
                                "off": switch_ab.answer(off, it, units, K)}
        res[s] = {"n": len(items), "flagged": rs}
        raw.write_text(json.dumps(res))
        print(s, len(items), "flagged", len(rs), f"{time.time() - t0:.0f}s", flush=True)


def summarise(raws: list[Path]) -> dict:
    return switch_ab.summarise(
        raws, VALIDATION, K, 63, "cap_joins_shortest",
        "on (default) vs off (= 4bca171d), over the instructions split into more pieces "
        "than the cap; the others answer alike in both arms")


def main() -> int:
    return switch_ab.main(run_sets, summarise, "recall_cap_joins_ab_r63")


if __name__ == "__main__":
    raise SystemExit(main())
