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

No rclpy here: the planner node feeds it from its /clock and map/places subscriptions.
"""

from __future__ import annotations

import math
import threading


class WorldEpoch:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._last_clock: float | None = None
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
            return reset

    def map(self) -> None:
        """A map/places was accepted: the current world's, whatever came before."""
        with self._lock:
            self._have_map = True
            self._stale = False
            self._tick_since_map = False

    @property
    def stale(self) -> bool:
        """The map held is the world's before the last reset (its rooms may not exist)."""
        with self._lock:
            return self._stale
