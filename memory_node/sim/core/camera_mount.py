"""Where the head camera sits on the robot and what it sees: shared by the MuJoCo scene
(`render.py`) and the geometric camera of the fast path (`visibility.py`), which must not
import MuJoCo."""

from __future__ import annotations

import math

CAMERA_HEIGHT = 1.25        # metres above the floor
CAMERA_AHEAD = 0.12         # metres ahead of the base centre
CAMERA_PITCH = math.radians(25)     # looking down
CAMERA_FOVY = 58.0          # degrees (a RealSense D435's colour camera is about 42°×69°)
