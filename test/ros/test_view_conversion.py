"""The camera view crosses DDS with its depth downsampled and its intrinsics scaled to
match; the detector's floor (`min_object_pixels`) is scaled with them, so the memory server
expects exactly what the perception node's own view expects. No DDS: the message types and
the conversions both ways."""

from __future__ import annotations

import numpy as np
from builtin_interfaces.msg import Time

from memory_node.core.perception import CameraIntrinsics, CameraView, Pose
from memory_node.nodes.perception_conversions import view_from_msg, view_to_msg

K = CameraIntrinsics(500.0, 500.0, 320.0, 240.0, 640, 480)
# A camera 1 m above the floor looking along world +x.
LOOK_X = Pose.from_matrix(np.array([[0, 0, 1, 0], [-1, 0, 0, 0], [0, -1, 0, 1.0],
                                    [0, 0, 0, 1]], dtype=float))


def test_the_detectors_floor_is_scaled_with_the_downsampled_view() -> None:
    depth = np.full((480, 640), 5.0, np.float32)
    view = CameraView.from_depth(1.0, LOOK_X, K, depth, far=4.0, stride=4, min_pixels=40.0)
    msg = view_to_msg(view, Time(sec=1), "map")
    assert msg.camera_info.width == 160 and msg.min_object_pixels == 2.5
    back = view_from_msg(msg, 1.0)
    assert back is not None and back.min_pixels == 2.5
    # Eggs and a pot from 0.8 m to 3.9 m: the same verdicts on both sides of the wire.
    xs = np.linspace(0.8, 3.9, 32)
    where = np.column_stack((xs, np.zeros_like(xs), np.ones_like(xs)))
    for size in ((0.045, 0.045, 0.06), (0.3, 0.3, 0.2)):
        sizes = np.tile(size, (len(xs), 1))
        assert back.visible(where, sizes).tolist() == view.visible(where, sizes).tolist()
    egg = np.tile((0.045, 0.045, 0.06), (len(xs), 1))
    assert 0 < int(view.visible(where, egg).sum()) < len(xs)  # the floor cuts in between
    # Without depth the view is sent at full size, the floor unscaled.
    bare = view_to_msg(CameraView(1.0, LOOK_X, K, min_pixels=40.0), Time(sec=1), "map")
    assert bare.camera_info.width == 640 and bare.min_object_pixels == 40.0
