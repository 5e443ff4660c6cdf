"""Per-stage processing time of a streaming path (camera -> perception -> memory).

Each stage keeps its last `window` samples of wall time and of the calling thread's CPU
time. The CPU time is what a stage costs whatever else runs on the machine (the shared
2-core machine's load changes wall times several fold); the wall time is what a frame
waited. Medians and p99 come out as integer microseconds, ready for /memory/stats counters.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np


class StageTimes:
    def __init__(self, window: int = 300) -> None:
        if window < 1:
            raise ValueError(f"stage times: window must be >= 1, got {window}")
        self.window = window
        self._wall: dict[str, deque[float]] = {}
        self._cpu: dict[str, deque[float]] = {}
        # A node may time stages on several threads (the perception node's pipeline worker
        # and its callbacks) while the stats timer reads them.
        self._lock = threading.Lock()

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        wall, cpu = time.perf_counter(), time.thread_time()
        try:
            yield
        finally:
            self.add(name, time.perf_counter() - wall, time.thread_time() - cpu)

    def add(self, name: str, wall_s: float, cpu_s: float) -> None:
        with self._lock:
            if name not in self._wall:
                self._wall[name] = deque(maxlen=self.window)
                self._cpu[name] = deque(maxlen=self.window)
            self._wall[name].append(wall_s)
            self._cpu[name].append(cpu_s)

    def counters(self, prefix: str = "") -> dict[str, int]:
        """{prefix + "cpu_us.<stage>.median": ..., "...p99", "wall_us.<stage>.median",
        "...p99"} over the window."""
        out: dict[str, int] = {}
        with self._lock:
            tables = (("cpu_us", {k: list(v) for k, v in self._cpu.items()}),
                      ("wall_us", {k: list(v) for k, v in self._wall.items()}))
        for kind, table in tables:
            for name, samples in sorted(table.items()):
                values = np.asarray(samples, float) * 1e6
                out[f"{prefix}{kind}.{name}.median"] = round(float(np.median(values)))
                out[f"{prefix}{kind}.{name}.p99"] = round(float(np.percentile(values, 99)))
        return out
