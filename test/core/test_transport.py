"""The camera path's DDS transport choice (memory_node/transport.py): the large-message
profile when /dev/shm can hold the segments, Fast DDS's defaults with a warning otherwise."""

from __future__ import annotations

import logging
import os
import re
from pathlib import Path

import pytest

from memory_node.bringup import Bringup
from memory_node.transport import (
    PROFILE_ENV,
    SEGMENT_BYTES,
    large_message_env,
    profile_path,
    shm_problem,
)

REPO = Path(__file__).resolve().parents[2]


def test_segment_size_is_the_profiles() -> None:
    xml = (REPO / "config" / "fastdds_large_messages.xml").read_text()
    (size,) = re.findall(r"<segment_size>(\d+)</segment_size>", xml)
    assert int(size) == SEGMENT_BYTES
    # A 640x480 rgb8 image (921,600 bytes) and its depth image fit many times over.
    assert SEGMENT_BYTES > 8 * 640 * 480 * 3
    assert profile_path() == REPO / "config" / "fastdds_large_messages.xml"


def test_a_directory_that_holds_the_segments_passes(tmp_path: Path) -> None:
    assert shm_problem(1, tmp_path, segment_bytes=1 << 20) is None
    assert list(tmp_path.iterdir()) == []  # the trial segment is removed


def test_too_little_space_or_no_directory_is_a_problem(tmp_path: Path) -> None:
    st = os.statvfs(tmp_path)
    # More segments than the whole file system holds: free space that other processes
    # release between this statvfs and the function's own can never make them fit.
    size = st.f_blocks * st.f_frsize
    segment = 1 << 20
    problem = shm_problem(size // segment + 1, tmp_path, segment_bytes=segment)
    assert problem is not None and "MB free" in problem
    assert "does not exist" in (shm_problem(1, tmp_path / "missing") or "")
    if os.geteuid() != 0:  # root writes into a read-only directory anyway
        tmp_path.chmod(0o500)
        try:
            assert "cannot allocate" in (shm_problem(1, tmp_path, segment_bytes=segment) or "")
        finally:
            tmp_path.chmod(0o700)


def test_env_sets_the_profile_only_when_it_can_work(tmp_path: Path,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    base = {"PATH": "/usr/bin"}
    chosen = large_message_env(base, processes=1, shm_dir=tmp_path)
    assert chosen[PROFILE_ENV] == str(profile_path())
    assert PROFILE_ENV not in base  # a copy
    # The caller's choice stands (empty: Fast DDS's defaults on purpose).
    for given in ("", "/etc/my_profile.xml"):
        assert large_message_env({PROFILE_ENV: given}, shm_dir=tmp_path)[PROFILE_ENV] == given
    # Another middleware: the Fast DDS profile means nothing there.
    assert PROFILE_ENV not in large_message_env({"RMW_IMPLEMENTATION": "rmw_cyclonedds_cpp"},
                                                shm_dir=tmp_path)
    assert PROFILE_ENV in large_message_env({"RMW_IMPLEMENTATION": "rmw_fastrtps_cpp"},
                                            processes=1, shm_dir=tmp_path)
    # No room for the segments: defaults, and a warning that says why and what to do.
    with caplog.at_level(logging.WARNING, logger="memory_node.transport"):
        fallback = large_message_env(base, processes=1, shm_dir=tmp_path / "missing")
    assert PROFILE_ENV not in fallback
    assert "does not exist" in caplog.text and "/dev/shm" in caplog.text


def test_bringup_gives_its_nodes_the_transport(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PROFILE_ENV, raising=False)
    monkeypatch.delenv("RMW_IMPLEMENTATION", raising=False)
    bringup = Bringup(REPO / "config" / "memory.yaml", ["memory_server", "perception_node"])
    expected = large_message_env(processes=3)
    assert bringup.env().get(PROFILE_ENV) == expected.get(PROFILE_ENV)
    if shm_problem(3) is None:
        assert bringup.env()[PROFILE_ENV] == str(profile_path())
