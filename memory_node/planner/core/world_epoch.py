"""Which world the planner's map belongs to: a restarted world is noticed on its clock.

The household world (and any simulator publishing /clock) starts its time over when it
restarts; ROS treats time going backwards as a reset (tf2 clears its buffer on it). The
world also publishes its named places (map/places) once when it starts, latched. The two
reach the planner in either order, so which map is the new world's is decided by order of
arrival, not by stamps (every world stamps its map at its own time zero):

- a map that arrived after the old world's last clock tick and before the new world's
  first is the new world's (nothing of the old world's time came after it);
- a map that was followed by ticks of the old world is the old world's, stale once the
  clock goes back, until the new world's map arrives.

A restarted world whose new clock and map both come after the planner's next goal is not
told apart by order alone: when the goal arrives, the old world's clock has stopped but the
new one has not started (the world is loading). So a run that starts while the clock is
silent (no tick for `silence_s` wall seconds, though ticks came before) waits for the next
tick first (`silent`, `wait_tick`): a tick that goes back is a reset, and the map then held
is stale.

Silence is judged on when the ticks were SENT, not on when they reached the planner (round
63): a tick of the old world delivered late (a reliable reader holds the samples after a
lost one until the writer repairs it, Fast DDS's heartbeat period is 3 s; or the callback
queued behind a busy executor) is not news that the world runs. The node passes each tick's
age (`TickAge`, from the publisher's source timestamp); a late old tick neither breaks a
silence nor ends a `wait_tick`, which waits for a tick sent after it began.

No rclpy here: the planner node feeds it from its /clock and map/places subscriptions.
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque


class WorldEpoch:
    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._last_clock: float | None = None
        self._last_tick_wall = 0.0          # time.monotonic() when the newest tick was sent
        self._ticks = 0
        self._tick_since_map = False
        self._have_map = False
        self._stale = False
        self.resets = 0

    def clock(self, t: float, age_s: float = 0.0) -> bool:
        """A /clock reading sent `age_s` seconds ago (0: just now); True when it went back,
        i.e. the world was reset."""
        if not math.isfinite(t):
            return False
        sent = time.monotonic() - (age_s if math.isfinite(age_s) and age_s > 0 else 0.0)
        with self._lock:
            reset = self._last_clock is not None and t < self._last_clock
            self._last_clock = t
            if reset:
                self.resets += 1
                if self._have_map and self._tick_since_map:
                    self._stale = True
            self._tick_since_map = True
            self._last_tick_wall = max(self._last_tick_wall, sent)
            self._ticks += 1
            self._lock.notify_all()
            return reset

    def map(self) -> None:
        """A map/places was accepted: the current world's, whatever came before."""
        with self._lock:
            self._have_map = True
            self._stale = False
            self._tick_since_map = False

    def silent(self, silence_s: float) -> bool:
        """The clock ticked before but sent no tick within the last `silence_s` wall seconds
        (a world that never published /clock is not silent: there is nothing to wait for)."""
        with self._lock:
            return self._last_clock is not None \
                and time.monotonic() - self._last_tick_wall > silence_s

    def wait_tick(self, timeout_s: float) -> bool:
        """Wait up to `timeout_s` for the next tick sent after this call; whether one came
        (the caller reads `stale` then). A tick sent before, delivered late, does not end
        the wait."""
        with self._lock:
            start = time.monotonic()
            return self._lock.wait_for(lambda: self._last_tick_wall >= start,
                                       timeout=timeout_s)

    @property
    def stale(self) -> bool:
        """The map held is the world's before the last reset (its rooms may not exist)."""
        with self._lock:
            return self._stale


class TickAge:
    """How long ago a sample was sent, from its DDS source timestamp (the writer's clock)
    and its reception timestamp (this host's), both in wall nanoseconds.

    The writer's clock may be off this host's: a sample's delay (reception minus source
    time) is the offset plus its transit. The least delay among the writer's last `window`
    samples is the offset plus an on-time transit, so a sample was sent, on this host's
    clock, at its source time plus that least delay; a sample delivered late (a reliable
    repair, a queue) has a delay above it by how late it is. The age also counts the time
    from reception to `now_ns` (a callback queued behind a busy executor). With no
    timestamps (an rmw that gives none: 0) the age is 0: the sample is taken as news."""

    def __init__(self, window: int = 64) -> None:
        self._delays: deque[int] = deque(maxlen=window)
        self._writer: bytes | None = None

    def age(self, source_ns: int, received_ns: int, now_ns: int,
            writer: bytes | None = None) -> float:
        if source_ns <= 0 or received_ns <= 0:
            return 0.0
        if writer != self._writer:      # another writer: another clock
            self._delays.clear()
            self._writer = writer
        self._delays.append(received_ns - source_ns)
        sent = source_ns + min(self._delays)
        return max(0.0, (now_ns - sent) * 1e-9)
