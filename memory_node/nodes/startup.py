"""Where a node's start-up went: wall and CPU per stage, once, as /memory/stats counters.

A restart to first recall is paid once per start, so these are single values, not the
windows of `StageTimes`. Counters (integer milliseconds):

* ``startup.wall_ms.<stage>`` / ``startup.cpu_ms.<stage>``: one stage; its CPU is the
  thread's that ran it (the start's main thread, or a background one such as recall's
  preload), so stages on different threads can be told apart;
* stage ``before_node``: from the process's start (the kernel's start time) to the node's
  constructor: the interpreter and every import; its CPU is the process's until then;
* ``startup.wall_ms.to_<event>`` / ``startup.process_cpu_ms.to_<event>``: from the
  process's start to an event (``ready``: the constructor done; ``first.<service>``: the
  first answer of a service), wall and the CPU of all the process's threads: on two cores
  with the GIL the start's Python runs one thread at a time, so the process's CPU is
  what a quiet machine's start takes.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from memory_node.core.stage_times import timed


def process_age_s() -> float | None:
    """Seconds since this process started (Linux: /proc/self/stat's start time against
    the boot-time clock, 10 ms resolution); None where that is not available."""
    try:
        with open("/proc/self/stat", encoding="ascii") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        started = int(fields[19]) / os.sysconf("SC_CLK_TCK")  # field 22: starttime
        return max(0.0, time.clock_gettime(time.CLOCK_BOOTTIME) - started)
    except (OSError, ValueError, IndexError, AttributeError):
        return None


class StartupTimes:
    """One node's start-up stages; make it first thing in the node's constructor."""

    def __init__(self) -> None:
        age = process_age_s()
        now = time.perf_counter()
        # perf_counter's value at the process's start, when the kernel says it.
        self._started = None if age is None else now - age
        self._values: dict[str, int] = {}
        self._reached: set[str] = set()
        self._lock = threading.Lock()   # stages end on several threads
        if age is not None:
            self._set("before_node", age, time.process_time())

    def _set(self, stage: str, wall_s: float, cpu_s: float) -> None:
        with self._lock:
            self._values[f"startup.wall_ms.{stage}"] = round(wall_s * 1000)
            self._values[f"startup.cpu_ms.{stage}"] = round(cpu_s * 1000)

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        """Time the block as stage `name` (wall, and this thread's CPU)."""
        with timed(lambda wall_s, cpu_s: self._set(name, wall_s, cpu_s)):
            yield

    def mark(self, event: str) -> None:
        """Record `event` as reached now (the first time only): wall since the process's
        start and the process's CPU so far."""
        if event in self._reached or self._started is None:  # every answer asks: cheap
            return
        wall, cpu = time.perf_counter() - self._started, time.process_time()
        with self._lock:
            if event not in self._reached:
                self._reached.add(event)
                self._values[f"startup.wall_ms.to_{event}"] = round(wall * 1000)
                self._values[f"startup.process_cpu_ms.to_{event}"] = round(cpu * 1000)

    def counters(self) -> dict[str, int]:
        with self._lock:
            return dict(self._values)
