"""Named colour of an object from its stored JPEG crop.

Vague instructions say "the red one", so a unit needs a colour word. The dominant hue is
taken over saturated, reasonably bright pixels only (grey counters, shadows and specular
highlights say nothing about the object's paint); when too few pixels are chromatic the
object is white, grey or black by brightness.
"""

from __future__ import annotations

import numpy as np

# OpenCV hue is 0..179 (degrees / 2). Upper bounds of each named band.
_HUE_BANDS: tuple[tuple[int, str], ...] = (
    (8, "red"), (20, "orange"), (34, "yellow"), (80, "green"), (100, "cyan"),
    (130, "blue"), (148, "purple"), (168, "pink"), (180, "red"),
)
COLOUR_NAMES = ("red", "orange", "yellow", "green", "cyan", "blue", "purple", "pink",
                "brown", "white", "grey", "black")
_MIN_SATURATION = 70
_MIN_VALUE = 50
_MIN_CHROMATIC_SHARE = 0.15
# Names this algorithm and its thresholds in stored colours (colour_store.py): change it
# whenever anything above or below changes, so crops are decoded again, not mixed.
COLOUR_METHOD = "dominant_hue_v1"
MAX_CROP_SIDE = 128  # colour needs no detail; downscaling bounds the cost of a large crop


def hue_name(hue: float) -> str:
    for upper, name in _HUE_BANDS:
        if hue < upper:
            return name
    return "red"


def dominant_colour(jpeg: bytes) -> str | None:
    """Colour word for a JPEG crop, or None when there is no decodable image."""
    if not jpeg:
        return None
    # OpenCV (~25 ms of CPU to import) at the first crop decoded, not with this module: a
    # restart's stored colours need none (round 45).
    import cv2

    image = cv2.imdecode(np.frombuffer(jpeg, dtype=np.uint8), cv2.IMREAD_COLOR)
    if image is None or image.size == 0:
        return None
    h, w = image.shape[:2]
    scale = MAX_CROP_SIDE / max(h, w)
    if scale < 1.0:
        image = cv2.resize(image, (max(1, int(w * scale)), max(1, int(h * scale))),
                           interpolation=cv2.INTER_AREA)
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV).reshape(-1, 3).astype(np.int32)
    chromatic = (hsv[:, 1] >= _MIN_SATURATION) & (hsv[:, 2] >= _MIN_VALUE)
    if chromatic.mean() >= _MIN_CHROMATIC_SHARE:
        hues = hsv[chromatic, 0]
        # A histogram, not a mean: hue is circular (red sits at both ends).
        hist = np.bincount(hues, minlength=180)
        votes: dict[str, int] = {}
        for hue in np.nonzero(hist)[0]:
            name = hue_name(float(hue))
            votes[name] = votes.get(name, 0) + int(hist[hue])
        name = max(votes, key=votes.__getitem__)
        if name in ("orange", "red") and np.median(hsv[chromatic, 2]) < 140:
            return "brown"  # dark orange/red reads as brown to a person (wood, bread)
        return name
    value = float(np.median(hsv[:, 2]))
    if value >= 190:
        return "white"
    if value >= 70:
        return "grey"
    return "black"
