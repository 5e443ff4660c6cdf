"""What a memory's modules import before their first use (round 45): the image codecs
(Pillow's JPEG plugin ~75 ms of CPU, OpenCV ~25 ms) load at the first crop checked or
decoded, not at a server's start, and then behave as before."""

from __future__ import annotations

import subprocess
import sys

import cv2
import numpy as np

PROBE = """
import sys
import memory_node.core.memory, memory_node.core.recall_memory
import memory_node.core.scene_graph.appearance
print("at import", sorted(m for m in ("PIL", "cv2") if m in sys.modules), flush=True)
jpeg = bytes.fromhex(sys.argv[1])
from memory_node.core.images import check_jpeg
from memory_node.core.recall.colour import dominant_colour
print("size", check_jpeg(jpeg), "colour", dominant_colour(jpeg), flush=True)
print("after use", sorted(m for m in ("PIL", "cv2") if m in sys.modules), flush=True)
"""


def test_the_image_codecs_load_at_first_use_and_answer_as_before() -> None:
    red = np.zeros((40, 60, 3), np.uint8)
    red[:, :] = (20, 20, 220)  # BGR
    ok, buf = cv2.imencode(".jpg", red)
    assert ok
    done = subprocess.run([sys.executable, "-c", PROBE, buf.tobytes().hex()],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[0] == "at import []"
    assert lines[1] == "size (60, 40) colour red"
    assert lines[2] == "after use ['PIL', 'cv2']"
