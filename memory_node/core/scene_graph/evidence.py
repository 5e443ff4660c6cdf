"""Evidence a scene-graph node accumulates over frames, kept as plain JSON-able values.

- class evidence: a distribution over labels (score-weighted counts, capped so that recent
  frames still count), not the last label: a detector that calls a mug "cup" one frame in
  ten neither splits nor renames the mug;
- position: a robust estimate that prefers recent consistent observations: the median of
  a window, restarted from the newest few when they agree with each other and not with the
  estimate (a real small move is followed within a few frames, one wild box is not);
- state and openness: a new state is adopted only after `state_frames` consistent readings
  that have also worn the old state's confidence below `state_flip_below` (or at once from
  a skill outcome), each distinct frame stamp counting once; openness is binned (closed /
  partly open / open) with a margin around the bin edges both ways: the current bin holds
  while a reading is within the margin beyond its edges (hysteresis), and only a reading
  clear of the new bin's edges by the margin is evidence for it (one near an edge cannot
  tell the bins apart).
- appearance: a colour histogram of the crop, compared by histogram intersection.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

OPENNESS_BINS = ("closed", "partly open", "open")


# -- class evidence -------------------------------------------------------------------------
def add_class_evidence(evidence: dict[str, float], label: str, weight: float,
                       cap: float, max_labels: int = 8) -> None:
    """Add `weight` for `label`; when the total exceeds `cap`, scale all down so old
    frames fade and a real relabelling can still win. At most `max_labels` labels are
    kept (a detector flipping through many labels must not grow the node)."""
    evidence[label] = evidence.get(label, 0.0) + max(weight, 1e-3)
    while len(evidence) > max_labels:
        del evidence[min(sorted(evidence), key=lambda k: (k == label, evidence[k]))]
    fade_class_evidence(evidence, cap)


def fade_class_evidence(evidence: dict[str, float], total: float) -> None:
    """Scale `evidence` down, in place, to at most `total` (its shares kept; a label worn
    below 1e-3 is dropped)."""
    have = sum(evidence.values())
    if have <= total or have <= 0:
        return
    scale = total / have
    for key in list(evidence):
        evidence[key] *= scale
        if evidence[key] < 1e-3:
            del evidence[key]


def class_share(evidence: dict[str, float], label: str) -> float:
    total = sum(evidence.values())
    return evidence.get(label, 0.0) / total if total > 0 else 0.0


def best_label(evidence: dict[str, float]) -> str:
    return max(sorted(evidence), key=lambda k: evidence[k])


# -- position -------------------------------------------------------------------------------
def robust_position(history: list[list[float]], window: int, recent: int,
                    consistency: float, shift: float,
                    current: Sequence[float]) -> tuple[tuple[float, float, float], bool]:
    """(estimate, restarted). `history` holds [x, y, z] rows, newest last; it is trimmed in
    place to `window` rows, or to the newest `recent` when those agree (all within
    `consistency` of their median) and their median lies more than `shift` from `current`:
    the object moved, and the older rows describe where it was.

    Plain Python: on a handful of rows it is several times faster than numpy, and it runs
    for every matched observation of every frame."""
    del history[:-window]
    if len(history) >= recent:
        newest = history[-recent:]
        centre = _median3(newest)
        spread = max(math.dist(row, centre) for row in newest)
        if spread <= consistency and math.dist(centre, current) > shift:
            del history[:-recent]
            return centre, True
    return _median3(history), False


def _median3(rows: Sequence[Sequence[float]]) -> tuple[float, float, float]:
    n = len(rows)
    mid = n // 2
    out = []
    for axis in range(3):
        values = sorted(row[axis] for row in rows)
        out.append(values[mid] if n % 2 else 0.5 * (values[mid - 1] + values[mid]))
    return (float(out[0]), float(out[1]), float(out[2]))


# -- state ------------------------------------------------------------------------------------
def openness_bin(value: float, edges: Sequence[float], current: int | None,
                 margin: float) -> int:
    """The bin of `value`; a value within `margin` of an edge of the current bin keeps the
    current bin (hysteresis)."""
    raw = int(np.searchsorted(np.asarray(edges), value, side="right"))
    if current is None or raw == current:
        return raw
    lo = edges[current - 1] if current > 0 else -math.inf
    hi = edges[current] if current < len(edges) else math.inf
    if lo - margin <= value < hi + margin:
        return current
    return raw


def clear_of_edges(value: float, edges: Sequence[float], b: int, margin: float) -> bool:
    """Is `value` inside bin `b` by at least `margin` from both its edges? A reading
    closer to an edge than the sensor's noise says little about which side it is on."""
    lo = edges[b - 1] if b > 0 else -math.inf
    hi = edges[b] if b < len(edges) else math.inf
    return lo + margin <= value < hi - margin


def state_of_bin(b: int) -> str:
    return "closed" if b == 0 else "opened"


def vote_state(attrs: dict[str, Any], reading: str, frames: int, gain: float,
               flip_below: float = 1.0) -> bool:
    """Count one state reading into `attrs` (state, state_confidence, pending_state,
    pending_count); True when the state changes: after `frames` consistent readings, and
    only once the contrary readings have worn the current state's confidence below
    `flip_below`. A count alone ignored what the old state had behind it: two misreads in a
    row overturned a fridge seen open a dozen times (5 % misreads make such a pair about
    once in 400 pairs of frames, and a house has hundreds of them)."""
    if reading == attrs["state"]:
        attrs["pending_state"], attrs["pending_count"] = "", 0
        attrs["state_confidence"] += gain * (1.0 - attrs["state_confidence"])
        return False
    if reading == attrs.get("pending_state"):
        attrs["pending_count"] += 1
    else:
        attrs["pending_state"], attrs["pending_count"] = reading, 1
    attrs["state_confidence"] = max(0.0, attrs["state_confidence"] - gain * 0.5)
    if attrs["pending_count"] < frames or attrs["state_confidence"] >= flip_below:
        return False
    attrs["state"] = reading
    attrs["state_confidence"] = attrs["pending_count"] / (attrs["pending_count"] + 1.0)
    attrs["pending_state"], attrs["pending_count"] = "", 0
    return True


# -- appearance -----------------------------------------------------------------------------
def colour_histogram(rgb: np.ndarray, bins: int = 4) -> list[float]:
    """Normalised joint RGB histogram (bins^3 values) of a crop: cheap, and enough to tell
    a red mug from a white one; identical objects stay identical (other evidence decides)."""
    pixels = np.asarray(rgb, dtype=np.uint8).reshape(-1, 3)
    if len(pixels) == 0:
        return []
    q = (pixels.astype(np.int32) * bins) // 256
    idx = (q[:, 0] * bins + q[:, 1]) * bins + q[:, 2]
    hist = np.bincount(idx, minlength=bins ** 3).astype(float)
    return (hist / hist.sum()).round(4).tolist()


def histogram_similarity(a: Sequence[float] | None, b: Sequence[float] | None) -> float | None:
    """Histogram intersection in [0, 1]; None when either is unknown."""
    if not a or not b or len(a) != len(b):
        return None
    return float(np.minimum(np.asarray(a), np.asarray(b)).sum())


def blend_histogram(old: Sequence[float] | None, new: Sequence[float], rate: float) -> list[float]:
    if not old or len(old) != len(new):
        return list(new)
    mixed = (1.0 - rate) * np.asarray(old) + rate * np.asarray(new)
    return (mixed / max(mixed.sum(), 1e-9)).round(4).tolist()


def size_ratio(a: Sequence[float], b: Sequence[float]) -> float:
    """Largest per-axis ratio of two boxes' sorted extents (orientation-free); 1 = same."""
    sa, sb = sorted(a), sorted(b)
    worst = 1.0
    for x, y in zip(sa, sb, strict=True):
        lo, hi = min(x, y), max(x, y)
        if hi < 0.02:  # both tiny on this axis: a flat reading, no evidence
            continue
        worst = max(worst, hi / max(lo, 0.01))
    return worst
