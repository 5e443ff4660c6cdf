"""The server process's long-lived heap kept out of the garbage collector's way.

A memory server holds a few hundred thousand long-lived Python objects (rclpy, the
WordNet index, the tokenizer, the units). CPython's full (generation 2) collection walks
all of them: ~50-100 ms of one core, paid by whichever callback allocated last, so a
recall queued behind it waits that long (issue 9's "recall p99 flat": these pauses are
rare, irregular tail events). `gc.freeze()` moves everything alive into a permanent
generation the collector skips; later full collections walk only what came after.

What is frozen is never collected, so cyclic garbage among frozen objects (the units of
a memory replaced by LOAD, say; acyclic garbage is freed by reference counting as usual)
stays until the next settle: the heap is settled again (unfreeze, one full collection,
freeze) a minute after start (the background start-up work, WordNet's index, is done by
then on this hardware) and every `heap_settle_period_s` (one full collection there, on
purpose, instead of many at random). Not after LOAD: that would lengthen the one request
that already holds the others up.

Between settles the interpreter's own full collections are turned off (`settles_only`):
after the freeze, what reaches generation 2 is the memos requests fill (WordNet's lemmas
and synsets, the query terms of new words: ~35,000 objects after 500-1,000 requests at
10,000 units), which every automatic full collection walked again, 16-41 ms of CPU inside
whichever request allocated last, and found no garbage in (bench/README_recall.md round
29: 4 per server in 1,200 requests, none collecting anything). A freeze after the first
recall (the other remedy tried) does not take them out: the memos grow with every new
word, not at the first recall. So the settles, at quiet moments, are the only full
collections; young objects are still collected (generations 0 and 1), and a cycle that
dies in generation 2 waits for the next settle, as a frozen one does.

With full collections off, generation 1 is only a way station to generation 2, and its
collection walked what ten young collections promoted (the interpreter's middle threshold,
10): the new words' memos again, 5,000-11,000 objects, ~0.8 ms of CPU inside one request
in eight (bench/README_recall.md round 41). So `settles_only` also sets the middle
threshold to 0: young collections alternate between generations 0 and 1, and each object
is walked at most the two times it was before, in pieces of one young collection's
survivors. What dies within ten young collections but after the first now waits for the
next settle too (none in the in-process bench's 1,100 requests, round 41).

A settle holds the executor thread (and the GIL) for ~130 ms of CPU, a second or more of
wall on a loaded machine: a request that arrives meanwhile waits for all of it (round 21
found it inside one timed recall per server per DDS bench run). Nothing needs it at an
exact time, so a due settle waits for a quiet moment (`SettleSchedule`): no service
request for `heap_settle_quiet_s`, which a robot's planner leaves while a skill runs; a
server never quiet that long settles anyway once it has waited `heap_settle_max_wait_s`.

Quiet is judged by the clock, and a process the host held (a loaded machine) sees its clock
jump: when it runs again the settle's timer and a request that arrived meanwhile are ready
together, and rclpy's executor runs a ready timer before a ready service, so a check alone
settled ahead of the request that had waited the whole hold (round 48, SIGSTOP past
quiet_s). So a quiet moment must be seen twice (`confirm`): the first sight only arms the
settle and the timer comes back at once, after the executor has answered every request that
was ready beside it; any answer in between disarms it.
"""

from __future__ import annotations

import gc
import math
import time
from typing import Any

# The largest threshold CPython takes (a C int): generation 2 is then never collected
# unless asked (gc.collect()), whatever the count of younger collections. CPython 3.11-3.13
# (this venv's 3.11, ROS Jazzy's 3.12); 3.14's incremental collector ignores the third
# threshold, so there the option changes nothing.
_NEVER = 2**31 - 1
# Generation 1's threshold with full collections off: collected whenever a young collection
# ran since its last one, i.e. every other young collection (the module's docstring).
_EVERY_OTHER = 0


class HeapSettler:
    """Settles the heap (`settle`) and counts the full collections the interpreter starts;
    `settles_only`: none starts between settles (see the module's docstring)."""

    def __init__(self, *, settles_only: bool) -> None:
        # Restored by close(): a test process (or a server stopped in one) gets its own back.
        self._thresholds = gc.get_threshold()
        self.settles_only = settles_only
        if settles_only:
            gc.set_threshold(self._thresholds[0], _EVERY_OTHER, _NEVER)
        self.settles = 0
        self.full_collections = 0      # generation-2 collections the interpreter started
        self.full_collection_cpu_ms_max = 0.0
        self.last_settle_cpu_ms = 0.0
        # gc.get_freeze_count() walks the whole permanent generation (~1 ms per 100k
        # objects, on the executor thread, every stats period); it changes only here.
        self.frozen_objects = 0
        self._started: float | None = None
        self._settling = False
        gc.callbacks.append(self._on_collection)

    def settle(self) -> None:
        start = time.thread_time()
        self._settling = True
        try:
            gc.unfreeze()
            gc.collect()
            gc.freeze()
            self.frozen_objects = gc.get_freeze_count()
        finally:
            self._settling = False
        self.last_settle_cpu_ms = 1000.0 * (time.thread_time() - start)
        self.settles += 1

    def close(self) -> None:
        if self._on_collection in gc.callbacks:
            gc.callbacks.remove(self._on_collection)
        gc.set_threshold(*self._thresholds)
        gc.unfreeze()

    def counters(self) -> dict[str, str]:
        return {"heap.settles": str(self.settles),
                "heap.settles_only": str(int(self.settles_only)),
                "heap.frozen_objects": str(self.frozen_objects),
                "heap.last_settle_cpu_ms": f"{self.last_settle_cpu_ms:.1f}",
                "heap.full_collections": str(self.full_collections),
                "heap.full_collection_cpu_ms_max": f"{self.full_collection_cpu_ms_max:.1f}"}

    def _on_collection(self, phase: str, info: dict[str, Any]) -> None:
        # Runs inside the collector, on the collecting thread: thread CPU time is the cost
        # that thread paid, whatever else the machine is doing.
        if info.get("generation") != 2 or self._settling:
            return
        if phase == "start":
            self._started = time.thread_time()
        elif self._started is not None:
            self.full_collections += 1
            ms = 1000.0 * (time.thread_time() - self._started)
            self.full_collection_cpu_ms_max = max(self.full_collection_cpu_ms_max, ms)
            self._started = None


class SettleSchedule:
    """When the next settle may run: due `first_s` after start, then `period_s` after each
    settle (0: no more); once due, only after `quiet_s` without a service request, or when
    it has waited `max_wait_s` past due. Times are a monotonic clock's, passed in."""

    def __init__(self, now: float, *, first_s: float, period_s: float, quiet_s: float,
                 max_wait_s: float) -> None:
        for name, value in (("first_s", first_s), ("period_s", period_s),
                            ("quiet_s", quiet_s), ("max_wait_s", max_wait_s)):
            if not value >= 0.0 or math.isinf(value):
                raise ValueError(f"SettleSchedule.{name} must be finite and >= 0, got {value}")
        self.period_s, self.quiet_s, self.max_wait_s = period_s, quiet_s, max_wait_s
        self._due: float | None = now + first_s
        self._last_request = -math.inf
        self._armed = False
        # How long the last settle waited past due for a quiet moment (/memory/stats).
        self.last_wait_s = 0.0

    def request_done(self, now: float) -> None:
        """A service request was answered at `now` (a settle must not start right after)."""
        self._last_request = max(self._last_request, now)
        self._armed = False

    def confirm(self) -> bool:
        """Whether a settle `wait_s` finds may run (0.0) may start now: only when this is
        the second call with no request answered since the first (the module's docstring);
        the first arms it, and the caller asks again at its next turn."""
        if self._armed:
            return True
        self._armed = True
        return False

    def wait_s(self, now: float) -> float | None:
        """Seconds until the settle may run (0.0: now); None when none is due any more."""
        if self._due is None:
            return None
        if now < self._due:
            return self._due - now
        runs_at = min(self._last_request + self.quiet_s, self._due + self.max_wait_s)
        return max(0.0, runs_at - now)

    def settled(self, now: float) -> None:
        """The settle ran at `now`: the next one is due a period later."""
        self._armed = False
        if self._due is not None:
            self.last_wait_s = max(0.0, now - self._due)
        self._due = now + self.period_s if self.period_s > 0 else None
