"""What a write of several transactions costs with its id (round 37), in process, no DDS.

An outcome with experience attached commits the unit, then what experience learnt: two
acknowledged transactions on main, one (with savepoints) since round 37's
`MemoryStore.marking_writes`. Per outcome, applied under its request id as the server's
`serve` does (`AnsweredRequests.applying`, then the answer kept): CPU and wall, median of
`--rounds` rounds of `--n` outcomes, durability full (the server's default: an fsync per
acknowledged COMMIT) and normal. Run it from this tree and from main's code beside it:

    PYTHONPATH=. .venv/bin/python bench/ci_request_one_transaction.py \
        --out bench/results/ci_request_one_transaction_r37.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from environment import with_environment

from memory_node.core.memory import Memory
from memory_node.core.memory_settings import MemorySettings
from memory_node.core.request_ids import AnsweredRequests
from memory_node.core.units import ObjectMemoryUnit

SERVICE = "memory/record_outcome"
CALLS = (("pick", ["mug_1"]), ("put", ["mug_1", "table_1", "on"]))


def outcome_round(durability: str, n: int, offset: int) -> tuple[float, float, int]:
    """(CPU us, wall us) per outcome over `n` outcomes, and the rows they changed (the
    same work on both codes)."""
    with tempfile.TemporaryDirectory() as d:
        memory = Memory(MemorySettings(memory_dir=d, durability=durability))
        try:
            memory.attach_experience()
            for object_id, label in (("mug_1", "Mug"), ("table_1", "DiningTable")):
                memory.upsert_object(ObjectMemoryUnit(object_id, label, (1.0, 0.0, 0.8),
                                                      first_seen=1.0, last_seen=1.0))
            answered = AnsweredRequests(capacity=4096, max_bytes=64 << 20, store=memory.store)
            conn_changes = memory.store._conn.total_changes  # noqa: SLF001 - a count only
            cpu, wall = time.process_time(), time.perf_counter()
            for i in range(n):
                key = (SERVICE, f"r{offset + i}", b"fingerprint")
                with answered.applying(*key):
                    # A pick, then the put back: each moves the mug (the unit's commit)
                    # and teaches experience a step (its own commit on main).
                    skill, call = CALLS[i % 2]
                    memory.recall.record_outcome("ep", skill, call, True, stamp=5.0 + i)
                answered.remember(*key, b"answer")
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            changed = memory.store._conn.total_changes - conn_changes  # noqa: SLF001
            return cpu / n * 1e6, wall / n * 1e6, changed
        finally:
            memory.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--n", type=int, default=200)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    out: dict[str, object] = {"n": args.n, "rounds": args.rounds}
    for durability in ("full", "normal"):
        rows = [outcome_round(durability, args.n, r * args.n) for r in range(args.rounds)]
        out[durability] = {
            "cpu_us_median": statistics.median(r[0] for r in rows),
            "wall_us_median": statistics.median(r[1] for r in rows),
            "rows_changed_per_round": rows[0][2],
        }
    print(json.dumps(out, indent=2))
    if args.out is not None:
        args.out.write_text(json.dumps(with_environment(out), indent=2) + "\n")


if __name__ == "__main__":
    main()
