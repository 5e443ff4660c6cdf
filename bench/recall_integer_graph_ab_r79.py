"""Round 79 (lat83, issue 11, part 4; lat82's round 78 script): the query model's weight products
as integer kernels (``Embedder``'s default ``integer_form``, onnx_graph.py) against the file's
float graph (= 5ea4a343's vectors), recall at k=3 over the human sets: whole instruction,
auto-split subtasks and per hand step, per need (``recall_human``'s groups). A model change
can move any answer, so every instruction is answered by both recallers (no "can act" filter);
one whose answers differ in any kind is kept with both arms' answers.

    PYTHONPATH=$PWD .venv/bin/python bench/recall_integer_graph_ab_r79.py \\
        --sets tune,1,...,18,22,...,67,19,20,21,68 --raw /tmp/a.json   # resumable
    PYTHONPATH=$PWD .venv/bin/python bench/recall_integer_graph_ab_r79.py --summarise /tmp/a.json \\
        --out recall_integer_graph_ab_r79
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_switch_ab as switch_ab  # noqa: E402

VALIDATION = {"19", "20", "21", "68"}
K = 3


def run_sets(sets: list[str], raw: Path) -> None:
    from memory_node.core.recall.embedder import Embedder
    from memory_node.core.recall.onnx_graph import DEFAULT_FORM
    from memory_node.core.recall.recall import Recaller

    floated = Embedder(intra_op_threads=1, integer_form=None)

    def per_set(emb: Any, items: list[dict], scenes: dict[str, list]) -> tuple[dict, str]:
        if getattr(emb, "graph", "") != DEFAULT_FORM.name:
            raise SystemExit("the default embedder is not the integer graph: nothing to compare")
        on, off = Recaller(emb), Recaller(floated)
        rs = {}
        for it in items:
            units = scenes[it["room"]]
            a, b = switch_ab.answer(on, it, units, K), switch_ab.answer(off, it, units, K)
            if a != b:
                rs[it["id"]] = {"on": a, "off": b}
        return {"n": len(items), "ran": len(items), "flagged": rs}, f"differ {len(rs)}"

    switch_ab.run_resumable(sets, raw, per_set)


def summarise(raws: list[Path]) -> dict:
    from memory_node.core.recall.onnx_graph import DEFAULT_FORM

    return switch_ab.summarise(
        raws, VALIDATION, K, 79, DEFAULT_FORM.name,
        "the model's weight MatMuls as integer kernels (on) vs the file's float graph (off = "
        "5ea4a343's vectors), every instruction answered by both")


if __name__ == "__main__":
    raise SystemExit(switch_ab.main(run_sets, summarise, "recall_integer_graph_ab_r79"))
