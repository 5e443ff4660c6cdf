"""Every garbage collection of a memory_server process, for bench/recall_gc_trace.py.

Put this directory first on PYTHONPATH and set GC_TRACE_DIR: each memory_server process
started then (the bench's servers, this checkout's and the peer's) appends one line per
collection to GC_TRACE_DIR/gc_<pid>.txt: generation, start (time.perf_counter, the host's
monotonic clock), wall seconds, the collecting thread's CPU seconds, objects collected,
thread name. Other processes remove the hook at their first collection. Diagnostic only;
nothing in memory_node imports it.
"""

from __future__ import annotations

import gc
import os
import threading
import time
from typing import Any, TextIO

_DIR = os.environ.get("GC_TRACE_DIR")
_started: dict[str, float] = {}
_out: list[TextIO] = []


def _on_collection(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _started["wall"], _started["cpu"] = time.perf_counter(), time.thread_time()
        return
    if "wall" not in _started:
        return
    wall = time.perf_counter() - _started["wall"]
    cpu = time.thread_time() - _started["cpu"]
    began = _started.pop("wall")
    if not _out:
        # sys.argv is still ["-m"] while `python -m` imports; the command line is not.
        with open("/proc/self/cmdline", "rb") as fh:
            if b"memory_server" not in fh.read():
                gc.callbacks.remove(_on_collection)
                return
        _out.append(open(os.path.join(str(_DIR), f"gc_{os.getpid()}.txt"), "a",  # noqa: SIM115
                         buffering=1))
    _out[0].write(f"{info['generation']} {began:.6f} {wall:.6f} {cpu:.6f} "
                  f"{info['collected']} {threading.current_thread().name}\n")


if _DIR:
    gc.callbacks.append(_on_collection)
