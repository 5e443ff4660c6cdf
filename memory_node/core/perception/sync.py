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
A set is emitted as soon as every stream has a message within `tolerance` of the newest
of the queue heads; matched messages leave their queues.
"""

from __future__ import annotations

import math
from collections import Counter, deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


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
    ) -> None:
        if len(streams) == 0 or len(set(streams)) != len(streams):
            raise ValueError(f"synchroniser: need distinct stream names, got {list(streams)}")
        if not (tolerance >= 0 and math.isfinite(tolerance)):
            raise ValueError(f"synchroniser: tolerance must be >= 0, got {tolerance}")
        if queue_size < 1:
            raise ValueError(f"synchroniser: queue_size must be >= 1, got {queue_size}")
        self.streams = tuple(streams)
        self.tolerance = float(tolerance)
        self.max_delay = float(max_delay)
        self._queues: dict[str, deque[tuple[float, Any]]] = {
            s: deque(maxlen=queue_size) for s in self.streams
        }
        self._last_emitted = -math.inf
        self._newest_seen = -math.inf
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
            out.append(SyncedSet(self._last_emitted, messages, stamps))
        return out

    def pending(self) -> dict[str, int]:
        return {name: len(q) for name, q in self._queues.items()}
