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

No rclpy here: the planner node feeds it from its /clock and map/places subscriptions.
"""

from __future__ import annotations

import math
import threading
import time


class WorldEpoch:
    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._last_clock: float | None = None
        self._last_tick_wall = 0.0          # time.monotonic() of the last tick
        self._ticks = 0
        self._tick_since_map = False
        self._have_map = False
        self._stale = False
        self.resets = 0

    def clock(self, t: float) -> bool:
        """A /clock reading; True when it went back, i.e. the world was reset."""
        if not math.isfinite(t):
            return False
        with self._lock:
            reset = self._last_clock is not None and t < self._last_clock
            self._last_clock = t
            if reset:
                self.resets += 1
                if self._have_map and self._tick_since_map:
                    self._stale = True
            self._tick_since_map = True
            self._last_tick_wall = time.monotonic()
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
        """The clock ticked before but not within the last `silence_s` wall seconds (a
        world that never published /clock is not silent: there is nothing to wait for)."""
        with self._lock:
            return self._last_clock is not None \
                and time.monotonic() - self._last_tick_wall > silence_s

    def wait_tick(self, timeout_s: float) -> bool:
        """Wait up to `timeout_s` for the next tick; whether one came (the caller reads
        `stale` then)."""
        with self._lock:
            seen = self._ticks
            return self._lock.wait_for(lambda: self._ticks != seen, timeout=timeout_s)

    @property
    def stale(self) -> bool:
        """The map held is the world's before the last reset (its rooms may not exist)."""
        with self._lock:
            return self._stale
