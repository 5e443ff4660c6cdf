"""TUM RGB-D layout reader: a synthetic sequence here, the real one when it is present."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from memory_node.core.perception.shared_data import shared_data_dir
from memory_node.core.perception.tum import TumSequence, interpolate_pose


def write_sequence(root: Path) -> None:
    (root / "rgb").mkdir(parents=True)
    (root / "depth").mkdir()
    (root / "bbox").mkdir()
    assoc = []
    for t in ("10.0", "10.5", "12.0"):
        cv2.imwrite(str(root / "rgb" / f"{t}.png"), np.zeros((4, 6, 3), np.uint8))
        cv2.imwrite(str(root / "depth" / f"{t}.png"), np.full((4, 6), 5000, np.uint16))
        assoc.append(f"{t} rgb/{t}.png {t} depth/{t}.png")
    (root / "associate.txt").write_text("\n".join(assoc) + "\n")
    (root / "groundtruth.txt").write_text(
        "# timestamp tx ty tz qx qy qz qw\n"
        "10.0 0 0 0 0 0 0 1\n"
        "10.4 0 0 0 0 0 0 1\n"
        "10.6 1 2 3 0 0 1 0\n"  # 180 degrees about z
    )
    (root / "bbox" / "10.0.txt").write_text("0 1 1 4 3 28 0.5 0\n1 0 0 2 2 3 0.9 1\n")


def test_reader_on_a_synthetic_sequence(tmp_path):
    write_sequence(tmp_path)
    seq = TumSequence(tmp_path, label_names={"28": "cabinet"}, max_pose_gap=0.5)
    assert len(seq) == 3
    first, mid, last = seq
    assert first.pose is not None and first.pose.position == (0.0, 0.0, 0.0)
    assert [b.label for b in first.boxes] == ["cabinet", "3"]
    assert first.boxes[0].box == (1.0, 1.0, 4.0, 3.0) and first.boxes[0].score == 0.5
    assert mid.pose is not None and mid.pose.position == pytest.approx((0.5, 1.0, 1.5))
    s = np.sqrt(0.5)
    assert mid.pose.orientation == pytest.approx((0, 0, s, s))  # halfway: 90 degrees
    assert mid.boxes == []
    assert last.pose is None  # 12.0 is beyond the ground truth
    assert first.load_depth_raw().dtype == np.uint16
    assert first.load_rgb().shape == (4, 6, 3)
    det = first.boxes[0].to_detection()
    assert det.label == "cabinet" and det.box == (1.0, 1.0, 4.0, 3.0)


def test_interpolation_refuses_large_gaps():
    stamps = [0.0, 1.0]
    poses = [(np.zeros(3), np.array([0, 0, 0, 1.0])), (np.ones(3), np.array([0, 0, 0, 1.0]))]
    assert interpolate_pose(stamps, poses, 0.5, max_gap=0.1) is None
    assert interpolate_pose(stamps, poses, 0.5, max_gap=2.0).position == (0.5, 0.5, 0.5)


def test_missing_directory_is_a_clear_error(tmp_path):
    with pytest.raises(FileNotFoundError, match="does not exist"):
        TumSequence(tmp_path / "nope")
    with pytest.raises(FileNotFoundError, match="associate"):
        TumSequence(tmp_path)


TUM = shared_data_dir() / "tum_fr3_cabinet"


@pytest.mark.skipif(not TUM.is_dir(), reason=f"TUM cabinet data not found at {TUM} "
                    "(set MEMORY_NODE_SHARED_DATA)")
def test_reader_on_tum_cabinet():
    seq = TumSequence(TUM, label_names={"28": "cabinet"})
    assert len(seq) == 58
    assert all(f.pose is not None for f in seq)
    assert sum(len(f.boxes) for f in seq) == 51
    assert {b.label for f in seq for b in f.boxes} == {"cabinet"}
    assert seq[0].load_depth_raw().shape == (480, 640)
