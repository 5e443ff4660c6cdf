"""Approximate-time synchroniser for colour, depth, detections and pose streams.

Drop policy (every drop is counted under a reason string, nothing raises):
- queue_full:<stream>   a stream's queue is at capacity; its OLDEST message is dropped.
- too_late:<stream>     the stamp is not newer than the last emitted set (it can never be
                        matched any more), or older than the newest stamp seen on any stream
                        by more than `max_delay`.
- out_of_order:<stream> the stamp is not newer than the previous message of that stream.
- unmatched:<stream>    a queued message was passed over: the other streams moved beyond
                        it by more than the tolerance.
- invalid_stamp:<stream> NaN, inf or negative stamp.
- too_early:<stream>    the stamp is more than `max_future` ahead of the clock: a sensor
                        with a broken clock must not move "newest" out of reach of the
                        good streams (one such stamp would otherwise stall every later
                        frame).
"Newest" expires: when no set was emitted for `expiry` seconds of the clock (a camera that
saw nothing, a replay that restarted, a clock that jumped back), the synchroniser forgets
its newest and last emitted stamps and matches afresh instead of calling everything late.
A set is emitted as soon as every stream has a message within `tolerance` of the newest
of the queue heads; matched messages leave their queues.
"""

from __future__ import annotations

import math
import time
from collections import Counter, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

Clock = Callable[[], float]


@dataclass(frozen=True)
class SyncedSet:
    stamp: float  # the newest stamp of the set
    messages: dict[str, Any]
    stamps: dict[str, float]


class TimestampSynchroniser:
    def __init__(
        self,
        streams: Sequence[str],
        tolerance: float = 0.02,
        queue_size: int = 10,
        max_delay: float = 1.0,
        clock: Clock = time.time,
        max_future: float = 1.0,
        expiry: float = 5.0,
    ) -> None:
        """`clock` returns the current time on the stamps' time base (the node passes its
        ROS clock); stamps beyond clock() + `max_future` are refused."""
        if len(streams) == 0 or len(set(streams)) != len(streams):
            raise ValueError(f"synchroniser: need distinct stream names, got {list(streams)}")
        if not (tolerance >= 0 and math.isfinite(tolerance)):
            raise ValueError(f"synchroniser: tolerance must be >= 0, got {tolerance}")
        if queue_size < 1:
            raise ValueError(f"synchroniser: queue_size must be >= 1, got {queue_size}")
        if not (math.isfinite(max_delay) and max_delay >= 0):
            raise ValueError(f"synchroniser: max_delay must be >= 0, got {max_delay}")
        for name, value in (("max_future", max_future), ("expiry", expiry)):
            if not (math.isfinite(value) and value > 0):
                raise ValueError(f"synchroniser: {name} must be positive, got {value}")
        self.streams = tuple(streams)
        self.clock = clock
        self.max_future = float(max_future)
        self.expiry = float(expiry)
        self.tolerance = float(tolerance)
        self.max_delay = float(max_delay)
        self._queues: dict[str, deque[tuple[float, Any]]] = {
            s: deque(maxlen=queue_size) for s in self.streams
        }
        self._last_emitted = -math.inf
        self._newest_seen = -math.inf
        self._last_progress = clock()  # clock time of the last emitted set (or start)
        self.expired = 0  # times "newest" was forgotten for lack of progress
        self.drops: Counter[str] = Counter()
        self.emitted = 0

    def push(self, stream: str, stamp: float, message: Any) -> list[SyncedSet]:
        """Queue one message; return the sets this message completed (usually 0 or 1)."""
        if stream not in self._queues:
            raise ValueError(f"synchroniser: unknown stream {stream!r} (have {self.streams})")
        queue = self._queues[stream]
        if not (isinstance(stamp, (int, float)) and math.isfinite(stamp) and stamp >= 0):
            self.drops[f"invalid_stamp:{stream}"] += 1
            return []
        stamp = float(stamp)
        now = self.clock()
        if stamp > now + self.max_future:
            self.drops[f"too_early:{stream}"] += 1
            return []
        if now - self._last_progress > self.expiry:
            self._forget(now)
        if stamp <= self._last_emitted or stamp < self._newest_seen - self.max_delay:
            self.drops[f"too_late:{stream}"] += 1
            return []
        if queue and stamp <= queue[-1][0]:
            self.drops[f"out_of_order:{stream}"] += 1
            return []
        if len(queue) == queue.maxlen:
            self.drops[f"queue_full:{stream}"] += 1  # deque(maxlen) evicts the oldest
        queue.append((stamp, message))
        self._newest_seen = max(self._newest_seen, stamp)
        return self._match()

    def _forget(self, now: float) -> None:
        """Start afresh: nothing was matched for `expiry`, so the stamps that define "late"
        (and whatever is queued against them) are stale."""
        self._last_emitted = -math.inf
        self._newest_seen = -math.inf
        for q in self._queues.values():
            q.clear()
        self._last_progress = now
        self.expired += 1

    def _match(self) -> list[SyncedSet]:
        out: list[SyncedSet] = []
        queues = self._queues
        while all(queues.values()):
            pivot = max(q[0][0] for q in queues.values())
            passed_over = False
            for name, q in queues.items():
                while q and q[0][0] < pivot - self.tolerance:
                    q.popleft()
                    self.drops[f"unmatched:{name}"] += 1
                    passed_over = True
            if passed_over:
                continue  # heads changed: the pivot may have moved
            # Every head is within tolerance of the pivot; take, per stream, the message
            # closest to it (a later one may be closer when a stream runs faster).
            messages, stamps = {}, {}
            for name, q in queues.items():
                best = min(
                    (i for i in range(len(q)) if abs(q[i][0] - pivot) <= self.tolerance),
                    key=lambda i, q=q: abs(q[i][0] - pivot),
                )
                for _ in range(best):
                    q.popleft()
                    self.drops[f"unmatched:{name}"] += 1
                stamps[name], messages[name] = q.popleft()
            self._last_emitted = max(stamps.values())
            self.emitted += 1
            self._last_progress = self.clock()
            out.append(SyncedSet(self._last_emitted, messages, stamps))
        return out

    def pending(self) -> dict[str, int]:
        return {name: len(q) for name, q in self._queues.items()}
