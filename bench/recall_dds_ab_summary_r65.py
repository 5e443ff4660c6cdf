"""Round 65: per-run ratios (this checkout's server / the peer) of interleaved
``recall_dds_latency.py --against`` runs, and their medians (prints only).

    .venv/bin/python bench/recall_dds_ab_summary_r65.py \
        bench/results/recall_dds_latency_X_ab{1..5}_r65.json
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

KEYS = (("whole p50", "instruction_mode", "p50_ms"),
        ("whole p99", "instruction_mode", "p99_ms"),
        ("subtask p50", "per_subtask_mode", "p50_ms"),
        ("subtask p99", "per_subtask_mode", "p99_ms"))


def main() -> int:
    ratios: dict[str, list[float]] = {}
    for name in sys.argv[1:]:
        r = json.loads(Path(name).read_text())["sizes"]["10000"]
        a, b = r["vectorised"], r["peer"]
        row = []
        for label, mode, q in KEYS:
            x = a[mode][q] / b[mode][q]
            ratios.setdefault(label, []).append(x)
            row.append(f"{label} {a[mode][q]:.2f}/{b[mode][q]:.2f}")
        for kind in ("instruction", "per_subtask"):
            x = a["server_cpu_ms_per_request"][kind] / b["server_cpu_ms_per_request"][kind]
            ratios.setdefault(f"cpu {kind}", []).append(x)
            row.append(f"cpu {kind} {a['server_cpu_ms_per_request'][kind]:.2f}/"
                       f"{b['server_cpu_ms_per_request'][kind]:.2f}")
        for kind in ("instruction", "subtask"):
            for q in ("median", "p99"):
                key = f"recall.cpu_us.{kind}.total.{q}"
                x, y = a["server_stages_us"].get(key), b["server_stages_us"].get(key)
                if x and y:
                    ratios.setdefault(f"handler cpu {kind} {q}", []).append(x / y)
                    row.append(f"handler cpu {kind} {q} {x / 1e3:.2f}/{y / 1e3:.2f}")
        row.append(f"differing {a['answers_differing_from_first_server']}"
                   f"/{b['answers_differing_from_first_server']} of {a['answers']}")
        loads = a.get("loadavg_1_5_15_before_after") or [[0.0], [0.0]]
        row.append(f"load {loads[0][0]:.1f} -> {loads[-1][0]:.1f}")
        print(Path(name).stem, "; ".join(row))
    for label, xs in ratios.items():
        print(f"{label:18s} median x{statistics.median(xs):.3f}  lower in {sum(x < 1 for x in xs)}"
              f" of {len(xs)}  ({', '.join(f'{x:.3f}' for x in xs)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
