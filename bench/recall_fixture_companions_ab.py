"""Round 62 (issue 11, parts 1-2), reverted (run it with
``bench/results/recall_fixture_companions_r62.patch`` applied): ``RecallConfig.fixture_companions``
on (the patch's default) vs off (b29657b2's code path), recall at k=3: whole instruction,
auto-split subtasks and per hand step, per need (``recall_human``'s groups).

The switch only adds types to ``implied_types``' answer, so an instruction can answer
differently only where a call of it with the switch on adds a type. Every instruction runs
in the on arm with the ranker's ``implied_types`` wrapped (each call also computed with the
switch off and compared); one where some call differs is run in the off arm too. Every
other instruction answers alike in both arms.

    .venv/bin/python bench/recall_fixture_companions_ab.py --sets 19,20,21,51,tune,1,...,18 \\
        --raw /tmp/a.json            # one process per list of sets; resumable
    .venv/bin/python bench/recall_fixture_companions_ab.py --summarise /tmp/a.json /tmp/b.json \\
        --out recall_fixture_companions_ab_r62   # -> bench/results/<out>.json
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_switch_ab as switch_ab  # noqa: E402

VALIDATION = {"19", "20", "21", "51"}
K = 3


def run_sets(sets: list[str], raw: Path) -> None:
    from memory_node.core.recall import recall as rc
    from memory_node.core.recall.recall import RecallConfig, Recaller

    differs = [0]
    plain = rc.implied_types

    def watched(*args: Any) -> dict[str, str]:
        got = plain(*args)
        if args[-1] and set(plain(*args[:-1], False)) != set(got):
            differs[0] += 1
        return got

    rc.implied_types = watched  # type: ignore[assignment]

    def per_set(emb: Any, items: list[dict], scenes: dict[str, list]) -> tuple[dict, str]:
        on = Recaller(emb, config=RecallConfig())
        off = Recaller(emb, config=RecallConfig(fixture_companions=False))
        rs = {}
        for it in items:
            units = scenes[it["room"]]
            differs[0] = 0
            a = switch_ab.answer(on, it, units, K)
            if differs[0]:
                rs[it["id"]] = {"on": a, "off": switch_ab.answer(off, it, units, K),
                                "marks": differs[0]}
        return {"n": len(items), "flagged": rs}, f"flagged {len(rs)}"

    switch_ab.run_resumable(sets, raw, per_set)


def summarise(raws: list[Path]) -> dict:
    return switch_ab.summarise(
        raws, VALIDATION, K, 62, "fixture_companions",
        "on (default) vs off (= b29657b2), over the instructions where the switch adds an "
        "implied type in some call; the others answer alike in both arms")


def main() -> int:
    return switch_ab.main(run_sets, summarise, "recall_fixture_companions_ab_r62")


if __name__ == "__main__":
    raise SystemExit(main())
