"""Per-stage processing time of a streaming path (camera -> perception -> memory).

Each stage keeps its last `window` samples of wall time and of the calling thread's CPU
time. The CPU time is what a stage costs whatever else runs on the machine (the shared
2-core machine's load changes wall times several fold); the wall time is what a frame
waited. Medians and p99 come out as integer microseconds, ready for /memory/stats counters.

Beside the stages, `add_latency` records segments of a frame's path that are not a piece
of work but time between two events (a message published -> received by DDS -> taken by
the executor -> its frame processed): where a frame waits, which CPU times cannot show.
"""

from __future__ import annotations

import bisect
import gc
import math
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager


class StageTimes:
    def __init__(self, window: int = 300) -> None:
        if window < 1:
            raise ValueError(f"stage times: window must be >= 1, got {window}")
        self.window = window
        self._wall: dict[str, deque[float]] = {}
        self._cpu: dict[str, deque[float]] = {}
        self._latency: dict[str, deque[float]] = {}
        # A node may time stages on several threads (the perception node's pipeline worker
        # and its callbacks) while the stats timer reads them.
        self._lock = threading.Lock()
        # GC pauses arrive from inside the collector, which runs on whichever thread
        # allocated, possibly one that holds `_lock` (allocating a deque or copying the
        # samples): taking the lock there deadlocked the memory server for good (CI, an
        # explored kitchen stopped at two frames). The collector only appends here (deque
        # appends and pops are atomic); `counters` moves them in under the lock.
        self._gc_pauses: deque[tuple[int, float]] = deque(maxlen=window)
        # Samples ever added per (table, stage), and the last summary with the count it was
        # made at: the stats timer shares the executor thread with requests, and a stage
        # without new samples (another kind of request, an idle service) needs no new sort.
        self._added: dict[tuple[str, str], int] = {}
        self._summary: dict[tuple[str, str], tuple[int, int, int]] = {}
        # Per (table, stage), the samples ever added at its last summary, the window then
        # and its values sorted (seconds): a stage with a few new samples is
        # summarised by taking the pushed-out ones from that sorted list and inserting the
        # new ones (the same values, so the same median and p99) instead of sorting the
        # whole window again, which was most of the memory server's 1 Hz stats publish on
        # its executor thread (bench/README_recall.md, round 45 second wave).
        self._sorted: dict[tuple[str, str], tuple[int, list[float], list[float]]] = {}

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        with timed(lambda wall_s, cpu_s: self.add(name, wall_s, cpu_s)):
            yield

    def add(self, name: str, wall_s: float, cpu_s: float | None) -> None:
        """One sample; `cpu_s` None for a stage whose CPU time was not measured (parts of
        a request split by wall time only): it then has no cpu_us counters."""
        with self._lock:
            if name not in self._wall:
                self._wall[name] = deque(maxlen=self.window)
            self._wall[name].append(wall_s)
            self._count("wall_us", name)
            if cpu_s is not None:
                self._cpu.setdefault(name, deque(maxlen=self.window)).append(cpu_s)
                self._count("cpu_us", name)

    def add_many(self, samples: Iterable[tuple[str, float, float | None]]) -> None:
        """Several samples `(name, wall_s, cpu_s)` of one event (a request's stages and its
        total) under one hold of the lock: a reader on another thread (the stats timer)
        sees all of them or none, so the total's window always holds the same events as
        its pieces' (with the pieces added one by one, a publish in between showed a
        stage's median above the total's)."""
        with self._lock:
            for name, wall_s, cpu_s in samples:
                self._wall.setdefault(name, deque(maxlen=self.window)).append(wall_s)
                self._count("wall_us", name)
                if cpu_s is not None:
                    self._cpu.setdefault(name, deque(maxlen=self.window)).append(cpu_s)
                    self._count("cpu_us", name)

    def _count(self, kind: str, name: str) -> None:
        key = (kind, name)
        self._added[key] = self._added.get(key, 0) + 1

    def add_latency(self, name: str, seconds: float) -> None:
        """One frame's time between two events on its path (may be negative by clock
        resolution: kept, so the median is not biased)."""
        with self._lock:
            if name not in self._latency:
                self._latency[name] = deque(maxlen=self.window)
            self._latency[name].append(seconds)
            self._count("latency_us", name)

    def add_gc_pause(self, generation: int, seconds: float) -> None:
        """One garbage collection's pause; safe to call from a `gc.callbacks` hook (takes
        no lock, see `_gc_pauses`)."""
        self._gc_pauses.append((generation, seconds))

    def counters(self, prefix: str = "") -> dict[str, int]:
        """{prefix + "cpu_us.<stage>.median": ..., "...p99", "wall_us.<stage>.median",
        "...p99", "latency_us.<segment>.median", "...p99"} over the window; GC pauses are
        latency segments `gc.gen<N>`."""
        for _ in range(len(self._gc_pauses)):  # not until empty: moving one may collect
            try:
                generation, seconds = self._gc_pauses.popleft()
            except IndexError:                   # another reader took the rest
                break
            self.add_latency(f"gc.gen{generation}", seconds)
        out: dict[str, int] = {}
        with self._lock:
            # Only the stages with samples since their last summary are copied out.
            tables = [(kind, {k: (self._added[kind, k], list(v)
                                  if self._summary.get((kind, k), (-1,))[0]
                                  != self._added[kind, k] else None)
                              for k, v in table.items()})
                      for kind, table in (("cpu_us", self._cpu), ("wall_us", self._wall),
                                          ("latency_us", self._latency))]
        for kind, table in tables:
            for name, (added, samples) in sorted(table.items()):
                if samples is not None:
                    key = (kind, name)
                    ordered = self._sorted_window(key, samples, added)
                    self._sorted[key] = (added, samples, ordered)
                    median, p99 = _median_p99_of_sorted(ordered, 1e6)
                    self._summary[key] = (added, round(float(median)), round(float(p99)))
                _, median_us, p99_us = self._summary[kind, name]
                out[f"{prefix}{kind}.{name}.median"] = median_us
                out[f"{prefix}{kind}.{name}.p99"] = p99_us
        return out

    def _sorted_window(self, key: tuple[str, str], samples: list[float],
                       added: int) -> list[float]:
        """`samples` (the window after `added` samples ever), sorted: from the last
        summary's sorted window when few are new since. In seconds: only the values a
        summary picks are scaled to microseconds (a positive factor keeps the order, so
        they are the scaled window's own), not the whole window each time."""
        last = self._sorted.get(key)
        if last is not None:
            # One tuple: a summary and its window agree even if another reader raced.
            before, window, ordered = last
            new = added - before
            if 0 < new and new * INCREMENTAL_SHARE <= len(samples):
                ordered = list(ordered)  # the stored one stays whole for a racing reader
                for v in window[:len(window) + new - len(samples)]:   # pushed out
                    i = bisect.bisect_left(ordered, v)
                    if i == len(ordered) or ordered[i] != v:
                        break                    # not the window it was: sort it whole
                    del ordered[i]
                else:
                    for v in samples[len(samples) - new:]:
                        bisect.insort(ordered, v)
                    return ordered
        return sorted(samples)


# A stage is summarised from its last sorted window while at most this share (1/4) of the
# window is new; past it one sort of the window is cheaper than the insertions.
INCREMENTAL_SHARE = 4


@contextmanager
def timed(record: Callable[[float, float], None]) -> Iterator[None]:
    """Run the block, then `record(wall_s, cpu_s)`: its wall time and the CPU time of the
    thread that ran it (also when it raised)."""
    wall, cpu = time.perf_counter(), time.thread_time()
    try:
        yield
    finally:
        record(time.perf_counter() - wall, time.thread_time() - cpu)


def time_gc_pauses(times: StageTimes) -> Callable[[], None]:
    """Record every garbage collection of this process as latency `gc.gen<N>`: a full
    collection stops every thread, so it shows in a frame's path as a wait of no stage.
    Returns the function that stops recording."""
    started: dict[str, float] = {}

    def callback(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started["t"] = time.perf_counter()
        elif "t" in started:
            times.add_gc_pause(info["generation"], time.perf_counter() - started.pop("t"))

    gc.callbacks.append(callback)

    def stop() -> None:
        if callback in gc.callbacks:
            gc.callbacks.remove(callback)

    return stop


def _median_p99(values: list[float]) -> tuple[float, float]:
    """(np.median(values), np.percentile(values, 99)), to the last bit, with one sort in
    plain Python: numpy's per-call overhead made the stats of a node with ~50 stages take
    ~9 ms on the executor thread that also takes camera frames."""
    return _median_p99_of_sorted(sorted(values))


def _median_p99_of_sorted(ordered: list[float], scale: float = 1.0) -> tuple[float, float]:
    """`_median_p99` of `[v * scale for v in ordered]` (`ordered` sorted, `scale` > 0),
    to the last bit: only the picked values are scaled."""
    n = len(ordered)
    mid = n // 2
    median = ordered[mid] * scale if n % 2 \
        else (ordered[mid - 1] * scale + ordered[mid] * scale) / 2
    pos = (n - 1) * 0.99
    lo = math.floor(pos)
    hi = min(lo + 1, n - 1)
    t = pos - lo
    a, b = ordered[lo] * scale, ordered[hi] * scale
    # numpy's linear interpolation, from the nearer end
    p99 = b - (b - a) * (1.0 - t) if t >= 0.5 else a + (b - a) * t
    return median, p99
