"""The appearance of an observation: a colour histogram of its crop, for identity evidence.

In process (the pipeline's `Observation.crop`, RGB) or from the JPEG the perception node
sent (checked on its header before decoding, decoded at reduced size: a histogram needs
few pixels).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from memory_node.core.images import check_jpeg
from memory_node.core.scene_graph.evidence import colour_histogram


def with_appearance(obs: Any, jpeg: bytes = b"") -> Any:
    """`obs` with `appearance` filled when it has none and a crop is at hand; unchanged
    (never an error) when the crop is missing or unusable."""
    if getattr(obs, "appearance", None):
        return obs
    rgb = getattr(obs, "crop", None)
    if not (isinstance(rgb, np.ndarray) and rgb.ndim == 3 and rgb.size) and jpeg:
        try:
            check_jpeg(jpeg)
        except ValueError:
            return obs
        import cv2  # at the first crop decoded, not at a server's start (round 45)

        bgr = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_REDUCED_COLOR_2)
        rgb = None if bgr is None else cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB)
    if not (isinstance(rgb, np.ndarray) and rgb.ndim == 3 and rgb.size):
        return obs
    return replace(obs, appearance=colour_histogram(rgb))
