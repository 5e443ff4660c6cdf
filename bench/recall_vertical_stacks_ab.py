"""Round 60 (issue 11, parts 1-2): ``RecallConfig.vertical_stacks`` on (the default) vs off
(e9f26084's code path), recall at k=3: whole instruction, auto-split subtasks and per hand
step, per need (``recall_human``'s groups).

Only text where a vertical word ("under", "behind" ...) has "in" / "into" / "inside" within 80
characters after it can give ``names._stacked_places`` a mark, so an instruction is run (in
both arms, in full) only when its text or one of its hand steps matches that; every other
instruction answers alike in both arms. ``--check`` also runs the others in the on arm and
asserts ``_stacked_places`` marked nothing there.

    .venv/bin/python bench/recall_vertical_stacks_ab.py --sets 19,20,21,49,tune,1,...,18 \\
        --raw /tmp/a.json            # one process per list of sets; resumable
    .venv/bin/python bench/recall_vertical_stacks_ab.py --summarise /tmp/a.json /tmp/b.json \\
        --out recall_vertical_stacks_ab_r60   # -> bench/results/<out>.json
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_switch_ab as switch_ab  # noqa: E402

VALIDATION = {"19", "20", "21", "49"}
K = 3
PAT = re.compile(r"\b(under|underneath|beneath|below|above|behind)\b.{0,80}?\b(in|into|inside)\b",
                 re.I | re.S)


def run_sets(sets: list[str], raw: Path, check: bool) -> None:
    from memory_node.core.recall import names as nm
    from memory_node.core.recall.recall import RecallConfig, Recaller

    hits = [0]
    orig = nm._stacked_places

    def hooked(tokens: Any, lex: Any, breaks: Any) -> dict[int, int]:
        r = orig(tokens, lex, breaks)
        hits[0] += bool(r)
        return r

    nm._stacked_places = hooked

    def per_set(emb: Any, items: list[dict], scenes: dict[str, list]) -> tuple[dict, str]:
        on = Recaller(emb, config=RecallConfig())
        off = Recaller(emb, config=RecallConfig(vertical_stacks=False))
        rs = {}
        for it in items:
            units = scenes[it["room"]]
            if PAT.search(it["text"]) or any(PAT.search(st["text"]) for st in it["steps"]):
                hits[0] = 0
                a = switch_ab.answer(on, it, units, K)
                rs[it["id"]] = {"on": a, "off": switch_ab.answer(off, it, units, K),
                                "marks": hits[0]}
            elif check:
                hits[0] = 0
                switch_ab.answer(on, it, units, K)
                assert hits[0] == 0, (it["room"], it["id"])
        return {"n": len(items), "flagged": rs}, f"flagged {len(rs)}"

    switch_ab.run_resumable(sets, raw, per_set)


def summarise(raws: list[Path]) -> dict:
    return switch_ab.summarise(
        raws, VALIDATION, K, 60, "vertical_stacks",
        "on (default) vs off (= e9f26084), over the instructions the rule can touch; "
        "the others answer alike in both arms")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sets")
    ap.add_argument("--raw", type=Path)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--summarise", nargs="+", type=Path)
    ap.add_argument("--out", default="recall_vertical_stacks_ab_r60")
    args = ap.parse_args()
    if args.sets:
        run_sets(args.sets.split(","), args.raw, args.check)
    if args.summarise:
        switch_ab.write_summary(summarise(args.summarise), args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
