"""Where the head camera sits on the robot and what it sees: shared by the MuJoCo scene
(`render.py`) and the geometric camera of the fast path (`visibility.py`), which must not
import MuJoCo.

The head tilts (a pan-tilt head, as on Stretch, Fetch or TIAGo): its pitch is part of the
robot's state (`Robot.pitch`) and of each skill waypoint. At the rest pitch the camera
sees nothing above about 1.53 m within 4 m (25° down, 58° field: the top ray is 4° above
the horizon), so a microwave on a counter-top cabinet or a wall cabinet at 1.6-2 m stays
unseen; explore looks around each viewpoint at rest and again with the head tilted up.
"""

from __future__ import annotations

import math

import numpy as np

CAMERA_HEIGHT = 1.25        # metres above the floor
CAMERA_AHEAD = 0.12         # metres ahead of the base centre
CAMERA_PITCH = math.radians(25)     # the head's rest pitch: looking down (positive: down)
CAMERA_FOVY = 58.0          # degrees (a RealSense D435's colour camera is about 42°×69°)
# Explore's second look: 10° up covers 39° above to 19° below the horizon, so it overlaps
# the rest view's top (4° above) and reaches a 2 m wall cabinet from 1.2 m away.
LOOK_UP_PITCH = math.radians(-10)
EXPLORE_PITCHES = (CAMERA_PITCH, LOOK_UP_PITCH)
# How far the head tilts up at most (Stretch 2's head tilt reaches about 45° up, Fetch's
# 43°): what an arm skill works on above the look-up view is looked at up to this.
HEAD_MAX_UP_PITCH = math.radians(-40)
# How far it tilts down at most (Stretch 2's head reaches straight down, Fetch's about 76°):
# the rest view's bottom ray is 54° down, so a drawer 0.3 m above the floor opened from in
# front of it (its centre ~65° down) lay below the frame, and what was put in it unseen.
HEAD_MAX_DOWN_PITCH = math.radians(70)


def optical_axes(yaw: float, pitch: float = CAMERA_PITCH) -> np.ndarray:
    """Columns: the optical frame's x (right), y (down), z (ahead) in the map, for a base
    heading `yaw` and a head pitch `pitch` (positive: looking down)."""
    c, s = math.cos(yaw), math.sin(yaw)
    cp, sp = math.cos(pitch), math.sin(pitch)
    ahead = np.array([c * cp, s * cp, -sp])
    right = np.array([s, -c, 0.0])
    down = np.cross(ahead, right)
    return np.column_stack((right, down, ahead))


def mount_axes(pitch: float = CAMERA_PITCH) -> tuple[float, ...]:
    """MuJoCo's camera `xyaxes` in the robot body (x ahead, y left) for a head pitch:
    the image's x (right) and y (up) axes; MuJoCo's camera looks along -z."""
    s, c = math.sin(pitch), math.cos(pitch)
    return (0.0, -1.0, 0.0, s, 0.0, c)
