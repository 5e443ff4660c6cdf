"""Shared bits of the perception / scene-graph benchmarks: timing statistics, JSON output."""

from __future__ import annotations

import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
from environment import environment

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "bench" / "results"
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))


def stats_ms(seconds: list[float]) -> dict[str, float]:
    a = 1000.0 * np.asarray(seconds)
    return {"median_ms": round(float(np.median(a)), 3),
            "p99_ms": round(float(np.percentile(a, 99)), 3),
            "min_ms": round(float(a.min()), 3), "n": len(a)}


def write_result(name: str, payload: dict[str, Any]) -> Path:
    RESULTS.mkdir(parents=True, exist_ok=True)
    payload = {"benchmark": name, "when": time.strftime("%Y-%m-%dT%H:%M:%S"),
               "machine": {"python": platform.python_version(),
                           "environment": environment(), "cpus": os.cpu_count(),
                           "platform": platform.platform()}, **payload}
    path = RESULTS / f"{name}.json"
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(payload, indent=2) + "\n")
    tmp.replace(path)
    return path
