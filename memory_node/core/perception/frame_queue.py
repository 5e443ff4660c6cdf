"""Complete frames waiting for the perception pipeline, bounded by how long they wait.

The node's callbacks put every synchronised frame here; one worker takes them in order.
A frame is worth processing while it can still reach memory in time: one that has waited
longer than `max_wait` when the worker gets to it, with a newer frame behind it, is
superseded (skipped and counted). So a short stall (a garbage collection, another process
taking the core) costs latency up to `max_wait` but no frames, while a node that cannot
keep up skips stale frames instead of working through a backlog. `max_wait` 0 keeps only
the newest waiting frame. At most `max_frames` wait (each holds a camera image).
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class FrameQueue(Generic[T]):
    def __init__(self, max_wait: float, max_frames: int = 4,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if not max_wait >= 0:  # also NaN
            raise ValueError(f"frame queue: max_wait must be >= 0 s, got {max_wait}")
        if max_frames < 1:
            raise ValueError(f"frame queue: max_frames must be >= 1, got {max_frames}")
        self.max_wait = max_wait
        self.max_frames = max_frames
        self.clock = clock
        self.superseded = 0
        self._items: deque[tuple[float, T]] = deque()
        self._ready = threading.Condition()
        self._closed = False

    def put(self, item: T) -> None:
        with self._ready:
            self._items.append((self.clock(), item))
            if len(self._items) > self.max_frames:
                self._items.popleft()
                self.superseded += 1
            self._ready.notify()

    def take(self) -> T | None:
        """The oldest frame still worth processing; blocks until there is one. None once
        closed."""
        with self._ready:
            while not self._items and not self._closed:
                self._ready.wait()
            if self._closed:
                return None
            now = self.clock()
            while len(self._items) > 1 and now - self._items[0][0] > self.max_wait:
                self._items.popleft()
                self.superseded += 1
            return self._items.popleft()[1]

    def close(self) -> None:
        """Wake the worker for good (shutdown); frames still waiting are not processed."""
        with self._ready:
            self._closed = True
            self._ready.notify_all()

    def __len__(self) -> int:
        with self._ready:
            return len(self._items)
