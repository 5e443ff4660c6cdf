"""Round 66 (issue 11, part 4): the whole-instruction tail joined per request with its stages.

`bench/recall_instruction_tail_r63.py --stages` reads the raw records of an interleaved
`recall_dds_latency.py` run (RECALL_BENCH_SPLIT=deep): per request the server's stage walls,
the model worker's thread CPU inside the callback, the other server's background calls
meanwhile, and the request's text (the client's record holds it since round 66) in words and
the model's tokens. These records are written by hand, so every column has one right value.
"""

from __future__ import annotations

import json
from pathlib import Path

from bench_scripts import load_bench

MS = 1_000_000  # ns


def _write(stem: Path, server: list[dict], client: list[dict]) -> None:
    Path(f"{stem}_server.jsonl").write_text("".join(json.dumps(r) + "\n" for r in server))
    Path(f"{stem}_client.jsonl").write_text("".join(json.dumps(c) + "\n" for c in client))


def _served(seq: int, cb0: int, cb1: int, *, model_cpu_ms: float, embeds: list[list],
            stages: list[list]) -> dict:
    return {"k": "srv", "name": "/memory/recall", "seq": seq, "cb0": cb0, "cb1": cb1,
            "cpu": 3 * MS, "rq": [0, 0, MS], "threads": {"recall-model_0": 10 * MS},
            "threads1": {"recall-model_0": 10 * MS + int(model_cpu_ms * MS)},
            "stages": stages, "embeds": embeds, "gc": [], "wn": [], "memo_misses": 4}


def test_stage_columns_thread_cpu_overlap_and_tokens(tmp_path: Path) -> None:
    tail = load_bench("recall_instruction_tail_r63")
    a, b = tmp_path / "run_vectorised", tmp_path / "run_peer"
    t0 = 1_000 * MS
    text = "move the wallet to the drawer"
    _write(a, [_served(2, t0, t0 + 12 * MS, model_cpu_ms=5.0,
                       embeds=[["recall-model_0", t0 + MS, t0 + 7 * MS, 1]],
                       stages=[["instruction.model", 6000, None],
                               ["instruction.rank", 4000, None],
                               ["subtask.rank", 99000, None]])],
           [{"name": "memory/recall", "seq": 2, "mode": "instruction", "text": text,
             "call0": t0 - MS, "call1": t0 + 14 * MS}])
    # The other server's background call overlaps the first request's callback by 4 ms.
    _write(b, [{"k": "timer", "name": "stats", "t0": 0, "t1": 1,
                "embeds": [["recall-prefetch_0", t0 + 8 * MS, t0 + 20 * MS, 3]]}], [])
    rows = tail.rows(a, "instruction", tail._tokenizer(), (b,))
    assert len(rows) == 1
    r = rows[0]
    assert r["wall"] == 15.0 and r["callback"] == 12.0 and r["handler_cpu"] == 3.0
    assert r["model_cpu"] == 5.0 and r["model"] == 6.0 and r["after_model"] == 5.0
    assert r["stage.model"] == 6.0 and r["stage.rank"] == 4.0  # the subtask kind's left out
    assert r["stage.context"] == 0.0
    assert r["other_prefetch_ms"] == 4.0 and r["other_model_ms"] == 0.0
    assert r["words"] == 6 and r["text"] == text and r["seq"] == 2
    # The model's tokens, unpadded, with its [CLS] and [SEP]: one word piece a word here.
    assert r["tokens"] == 8
    # Without --stages the round-63 columns only.
    assert "stage.model" not in tail.rows(a, "instruction")[0]
