"""2D detections from the segmentation image, with an error model one can set.

Per frame, every object with at least `min_pixels` visible pixels is a candidate (what the
camera does not see cannot be detected: occlusion and closed doors come from the render).
It is missed with `p_miss`, its label swapped for a similar class (mug/cup, bowl/plate, ...)
with `p_confuse`, its box corners jittered by `box_jitter_px`, and its state word (opened,
on, dirty, ...) read wrongly with `p_state_error` when states are read at all. False
positives arrive as a Poisson process (`false_positives` per frame on average): a random
box, a random class of the house. Decor (windows, paintings, switches) is never detected,
as ALFRED's detector leaves it out. Everything is drawn from one seeded generator.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from memory_node.core.perception.frustum import DETECTOR_MIN_PIXELS
from memory_node.core.settings import check_settings, setting
from memory_node.sim.core.catalog import similar_types
from memory_node.sim.core.world import WorldObject

# State words the detector can read, in the order it reports the first that applies.
_STATE_ORDER = ("sliced", "cooked", "heated", "cooled", "dirty", "filled", "opened", "closed",
                "on", "off")
_OPPOSITE = {"opened": "closed", "closed": "opened", "on": "off", "off": "on",
             "dirty": "", "sliced": "", "cooked": "heated", "heated": "", "cooled": "",
             "filled": ""}


@dataclass(frozen=True)
class DetectionNoise:
    p_miss: float = setting(0.05, "Chance a visible object is missed.", 0.0, 1.0)
    p_confuse: float = setting(0.03, "Chance of a similar class's label (mug/cup, ...).",
                               0.0, 1.0)
    box_jitter_px: float = setting(2.0, "Box corner noise (pixels, sigma).", 0.0, 100.0)
    false_positives: float = setting(0.02, "False boxes per frame (Poisson mean).", 0.0, 20.0)
    read_state: bool = setting(True, "Report a state word (opened, on, dirty, ...) per box.")
    p_state_error: float = setting(0.05, "Chance the state word is wrong.", 0.0, 1.0)
    min_pixels: int = setting(DETECTOR_MIN_PIXELS,
                              "Fewest visible pixels for a detection.", 1, 100000)
    score_min: float = setting(0.55, "Lowest score of a true detection.", 0.01, 1.0)
    score_max: float = setting(0.98, "Highest score of a true detection.", 0.01, 1.0)

    def __post_init__(self) -> None:
        check_settings(self)
        if self.score_min > self.score_max:
            raise ValueError("score_min must not exceed score_max")

    @property
    def score_range(self) -> tuple[float, float]:
        return (self.score_min, self.score_max)


@dataclass
class Detection:
    label: str
    score: float
    box: tuple[float, float, float, float]      # x_min, y_min, x_max, y_max (pixels)
    state: str = ""
    mask: np.ndarray | None = None              # bool (H, W), or None
    truth: int = -1     # object index it came from (-1: false positive); never published


def state_word(o: WorldObject) -> str:
    words = set(o.state_words())
    return next((s for s in _STATE_ORDER if s in words), "")


def misread(o: WorldObject, noise: DetectionNoise, rng: np.random.Generator
            ) -> tuple[str, str]:
    """The label and state word a detector reports for `o`: a similar class now and then
    (`p_confuse`), the opposite state now and then (`p_state_error`)."""
    label = o.type
    similar = similar_types(label)
    if similar and rng.random() < noise.p_confuse:
        label = similar[int(rng.integers(len(similar)))]
    state = ""
    if noise.read_state:
        state = state_word(o)
        if state and rng.random() < noise.p_state_error:
            state = _OPPOSITE.get(state, "")
    return label, state


class Detector:
    def __init__(self, noise: DetectionNoise, seed: int = 0) -> None:
        self.noise = noise
        self.rng = np.random.default_rng(seed)

    def detect(self, seg: np.ndarray, objects: Sequence[WorldObject | None],
               vocabulary: Sequence[str], masks: bool = False) -> list[Detection]:
        """`seg` holds an index into `objects` per pixel (-1: nothing)."""
        n, rng = self.noise, self.rng
        h, w = seg.shape
        boxes = _boxes(seg)
        out: list[Detection] = []
        for idx, (count, x0, y0, x1, y1) in sorted(boxes.items()):
            if count < n.min_pixels or idx >= len(objects):
                continue
            o = objects[idx]
            if o is None or not o.kind.detectable:
                continue
            if rng.random() < n.p_miss:
                continue
            box = np.array([x0, y0, x1 + 1, y1 + 1], dtype=float)
            if n.box_jitter_px > 0:
                box += rng.normal(0.0, n.box_jitter_px, 4)
            box = np.clip(box, 0, [w, h, w, h])
            if box[2] - box[0] < 2 or box[3] - box[1] < 2:
                continue
            label, state = misread(o, n, rng)
            out.append(Detection(label, float(rng.uniform(*n.score_range)),
                                 (float(box[0]), float(box[1]), float(box[2]), float(box[3])),
                                 state,
                                 (seg == idx) if masks else None, int(idx)))
        for _ in range(int(rng.poisson(n.false_positives)) if vocabulary else 0):
            bw, bh = rng.uniform(0.05, 0.3) * w, rng.uniform(0.05, 0.3) * h
            x0, y0 = rng.uniform(0, w - bw), rng.uniform(0, h - bh)
            label = vocabulary[int(rng.integers(len(vocabulary)))]
            out.append(Detection(label, float(rng.uniform(n.score_range[0], 0.7)),
                                 (x0, y0, x0 + bw, y0 + bh), "", None, -1))
        return out


def _boxes(seg: np.ndarray) -> dict[int, tuple[int, int, int, int, int]]:
    """Per object index in `seg`: (pixel count, x_min, y_min, x_max, y_max), in one sort
    of the labelled pixels instead of one full-image scan per object."""
    h, w = seg.shape
    flat = seg.ravel()
    pix = np.flatnonzero(flat >= 0)
    if pix.size == 0:
        return {}
    labs = flat[pix]
    order = np.argsort(labs, kind="stable")
    labs, pix = labs[order], pix[order]
    starts = np.flatnonzero(np.r_[True, labs[1:] != labs[:-1]])
    ys, xs = np.divmod(pix, w)
    counts = np.diff(np.r_[starts, labs.size])
    x0, x1 = np.minimum.reduceat(xs, starts), np.maximum.reduceat(xs, starts)
    y0, y1 = np.minimum.reduceat(ys, starts), np.maximum.reduceat(ys, starts)
    return {int(labs[s]): (int(c), int(a), int(b), int(c2), int(d))
            for s, c, a, b, c2, d in zip(starts, counts, x0, y0, x1, y1, strict=True)}
