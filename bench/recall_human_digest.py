"""Round 31 (issue 11, part 4): one digest of every answer ``recall_human.py`` computes
(each ``Recaller.rank`` result's ids, exact scores, hits, named flag and why, and each
``recall_subtasks`` result whole), per instruction set, configuration ``full``: a change
meant to cut CPU only is shown to leave the answers identical by running this for both
codes (``RECALL_BENCH_CODE=<code>``) and comparing the digests. The scores ``recall_human``
prints are not kept (its result file is not written).

    PYTHONHASHSEED=0 RECALL_BENCH_CODE=<code> PYTHONPATH=bench .venv/bin/python \
        bench/recall_human_digest.py --out NAME FILE[:SPLIT] ...
        # -> bench/results/<NAME>.json {set: [sha1, answers]}

The code is chosen by ``RECALL_BENCH_CODE`` (this checkout without it), not by PYTHONPATH:
``recall_common`` puts this checkout first on ``sys.path`` before memory_node is imported,
so ``PYTHONPATH=<code>:bench`` (the command up to round 34) ran this checkout's code
whatever <code> was (round 35).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import recall_human as rh
from recall_common import save_result

from memory_node.core.recall.recall import RankedUnit, Recaller


def _fields(units: Sequence[RankedUnit]) -> list[tuple]:
    return [(u.unit.object_id, u.score, u.cosine, u.lexical, u.matched, u.named, u.why)
            for u in units]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("sets", nargs="+", help="instruction files, each optionally :SPLIT")
    args = ap.parse_args()
    state: dict[str, Any] = {}
    rank, subtasks = Recaller.rank, rh.recall_subtasks

    def counted_rank(self: Recaller, *a: Any, **kw: Any) -> list[RankedUnit]:
        got = rank(self, *a, **kw)
        state["sha"].update(repr(_fields(got)).encode())
        state["n"] += 1
        return got

    def counted_subtasks(*a: Any, **kw: Any) -> Any:
        got = subtasks(*a, **kw)
        state["sha"].update(repr(got).encode())
        state["n"] += 1
        return got

    Recaller.rank = counted_rank  # type: ignore[method-assign]
    rh.recall_subtasks = counted_subtasks
    rh.save_result = lambda *a, **kw: Path(os.devnull)  # the scores are not the point
    out: dict[str, list] = {}
    for spec in args.sets:
        path, _, split = spec.partition(":")
        state.update(sha=hashlib.sha1(), n=0)
        sys.argv = ["recall_human.py", "--configs", "full", "--instructions", path,
                    *(["--splits", split] if split else [])]
        rh.main()
        out[spec] = [state["sha"].hexdigest(), state["n"]]
        print(spec, out[spec], flush=True)
        save_result(args.out, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
