"""Playing a skill's motion back in simulated time: the robot's pose at time t, and the
simulated clock (a multiple of the wall clock, so a run can go faster than real time)."""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

from memory_node.sim.core.nav import angle_diff
from memory_node.sim.core.skill_logic import Waypoint


def pose_at(start: tuple[float, float, float], waypoints: Sequence[Waypoint], t: float
            ) -> tuple[float, float, float, str]:
    """(x, y, yaw, phase) at t seconds into the skill, interpolated between waypoints."""
    x0, y0, yaw0 = start
    t0, phase = 0.0, waypoints[0].phase if waypoints else ""
    for w in waypoints:
        if t < w.t:
            f = 0.0 if w.t <= t0 else (t - t0) / (w.t - t0)
            return (x0 + f * (w.x - x0), y0 + f * (w.y - y0),
                    yaw0 + f * angle_diff(yaw0, w.yaw), w.phase)
        x0, y0, yaw0, t0, phase = w.x, w.y, w.yaw, w.t, w.phase
    return (x0, y0, (yaw0 + math.pi) % (2 * math.pi) - math.pi, phase)


def pitch_at(start: float, waypoints: Sequence[Waypoint], t: float) -> float:
    """The head's pitch at t seconds into the skill, interpolated between waypoints (kept
    apart from `pose_at`, whose (x, y, yaw, phase) callers need no head)."""
    p0, t0 = start, 0.0
    for w in waypoints:
        if t < w.t:
            f = 0.0 if w.t <= t0 else (t - t0) / (w.t - t0)
            return p0 + f * (w.pitch - p0)
        p0, t0 = w.pitch, w.t
    return p0


class SimClock:
    """Simulated seconds = start + real_time_factor × wall seconds since start."""

    def __init__(self, real_time_factor: float, start: float = 0.0) -> None:
        if not (0.01 <= real_time_factor <= 1000.0):
            raise ValueError(f"real_time_factor must be in [0.01, 1000], got {real_time_factor}")
        self.factor = real_time_factor
        self._start = start
        self._wall0 = time.monotonic()

    def now(self) -> float:
        return self._start + (time.monotonic() - self._wall0) * self.factor

    def wall_for(self, sim_seconds: float) -> float:
        return sim_seconds / self.factor
