"""The memory server's start-up stages (memory_node.nodes.startup): the process's start
to the node, each stage's wall and its own thread's CPU, events marked once."""

from __future__ import annotations

import threading
import time

from memory_node.nodes.startup import StartupTimes, process_age_s


def _spin(seconds: float) -> None:
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


def test_the_process_start_is_the_first_stage() -> None:
    age = process_age_s()
    assert age is not None and age > 0      # Linux: /proc/self/stat
    counters = StartupTimes().counters()
    # This test's process imported pytest and the package before getting here.
    assert counters["startup.wall_ms.before_node"] >= round(age * 1000) - 10
    assert counters["startup.cpu_ms.before_node"] > 0


def test_a_stage_has_its_own_threads_cpu_and_events_are_marked_once() -> None:
    startup = StartupTimes()
    with startup.stage("main"):
        _spin(0.05)

    released = threading.Event()

    def background() -> None:
        with startup.stage("background"):
            released.wait(timeout=10)    # wall while the main thread spins, no CPU of its own

    t = threading.Thread(target=background)
    with startup.stage("beside"):
        t.start()
        _spin(0.05)
        released.set()
        t.join()
    startup.mark("ready")
    first = startup.counters()
    _spin(0.02)
    startup.mark("ready")                 # a later answer moves nothing
    c = startup.counters()
    assert c == first
    assert c["startup.cpu_ms.main"] >= 45 and c["startup.wall_ms.main"] >= 45
    assert c["startup.wall_ms.background"] >= 45 and c["startup.cpu_ms.background"] < 20
    assert c["startup.cpu_ms.beside"] >= 45
    assert c["startup.wall_ms.to_ready"] >= c["startup.wall_ms.before_node"] + 100
    assert c["startup.process_cpu_ms.to_ready"] >= c["startup.cpu_ms.before_node"] + 90
