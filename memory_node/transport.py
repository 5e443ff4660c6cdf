"""The DDS transport of the camera path: whole images in shared memory when /dev/shm allows.

Fast DDS's default shared-memory segment is 512 KB, smaller than one 640x480 rgb8 image
(921,600 bytes); such samples then travel as ~64 KB UDP fragments, and with the best-effort
QoS of camera topics one lost fragment loses the frame (70-75 % of 30 Hz frames on the loaded
test machine, bench/README_scene_graph.md "Live path"). config/fastdds_large_messages.xml
gives every participant a 16 MB segment instead. Every process on the camera path (camera
driver or world, perception, memory server, recorders, tests that publish images) gets it
through `large_message_env()`; docs/deployment.md says how a robot sizes /dev/shm.

Each participant creates its own segment in /dev/shm at start-up, and Fast DDS cannot start a
participant whose SHM transport fails when the profile disables the built-in transports. So
before choosing the profile we check that /dev/shm can hold a segment per process (a trial
allocation of one, and the free space for all); if not, the process keeps Fast DDS's
defaults and a warning says why (images then lose frames, but nothing fails to start).
"""

from __future__ import annotations

import logging
import os
import uuid
from collections.abc import Mapping, MutableMapping
from pathlib import Path

PROFILE_NAME = "fastdds_large_messages.xml"
PROFILE_ENV = "FASTDDS_DEFAULT_PROFILES_FILE"
# The segment size in config/fastdds_large_messages.xml (test/core/test_transport.py keeps
# the two equal).
SEGMENT_BYTES = 16 * 1024 * 1024
SHM_DIR = Path("/dev/shm")

_log = logging.getLogger("memory_node.transport")


def profile_path() -> Path | None:
    """The profile file: the source tree's config/ or the installed package's share/."""
    here = Path(__file__).resolve().parents[1] / "config" / PROFILE_NAME
    if here.is_file():
        return here
    try:
        from ament_index_python.packages import (  # noqa: PLC0415  (only on a colcon install)
            PackageNotFoundError,
            get_package_share_directory,
        )
    except ImportError:
        return None
    try:
        share = Path(get_package_share_directory("memory_node")) / "config" / PROFILE_NAME
    except PackageNotFoundError:
        return None
    return share if share.is_file() else None


def shm_problem(processes: int, shm_dir: Path = SHM_DIR,
                segment_bytes: int = SEGMENT_BYTES) -> str | None:
    """Why `processes` segments of `segment_bytes` cannot be created in `shm_dir`, or None.

    A real allocation of one segment (tmpfs may be mounted read-only or with a size limit
    that statvfs alone would not reveal under a container's quota), then the free space for
    all of them (a segment is sparse until written, but a busy robot fills it)."""
    if not shm_dir.is_dir():
        return f"{shm_dir} does not exist"
    probe = shm_dir / f"memory_node_probe_{uuid.uuid4().hex}"
    try:
        fd = os.open(probe, os.O_CREAT | os.O_EXCL | os.O_RDWR, 0o600)
        try:
            os.posix_fallocate(fd, 0, segment_bytes)
        finally:
            os.close(fd)
            probe.unlink(missing_ok=True)
    except OSError as exc:
        return f"cannot allocate a {segment_bytes >> 20} MB segment in {shm_dir}: {exc}"
    st = os.statvfs(shm_dir)
    free = st.f_bavail * st.f_frsize
    needed = processes * segment_bytes
    if free < needed:
        return (f"{shm_dir} has {free >> 20} MB free, {processes} processes need "
                f"{needed >> 20} MB ({segment_bytes >> 20} MB each)")
    return None


def large_message_env(env: Mapping[str, str] | None = None, processes: int = 4,
                      shm_dir: Path = SHM_DIR) -> dict[str, str]:
    """A copy of `env` (default os.environ) for a process on the camera path.

    Sets FASTDDS_DEFAULT_PROFILES_FILE to the large-message profile unless the caller chose
    a profile already (an empty value means Fast DDS's defaults, on purpose), the middleware
    is not Fast DDS, or /dev/shm cannot hold `processes` segments (then a warning is logged
    and the defaults stay)."""
    out = dict(os.environ if env is None else env)
    if PROFILE_ENV in out:
        return out
    rmw = out.get("RMW_IMPLEMENTATION", "")
    if rmw and not rmw.startswith("rmw_fastrtps"):
        return out  # the profile is Fast DDS's; other middlewares have their own settings
    path = profile_path()
    if path is None:
        _log.warning("%s not found: Fast DDS's default transport (camera frames over UDP "
                     "fragments, frames will be lost)", PROFILE_NAME)
        return out
    problem = shm_problem(processes, shm_dir)
    if problem is not None:
        _log.warning("large-message DDS transport off: %s; Fast DDS's default 512 KB "
                     "segment is used and camera images travel as UDP fragments (frames "
                     "will be lost). Enlarge /dev/shm (docs/deployment.md).", problem)
        return out
    out[PROFILE_ENV] = str(path)
    return out


def use_large_messages(processes: int = 4,
                       environ: MutableMapping[str, str] | None = None) -> str | None:
    """Apply large_message_env() to this process's environment (before rclpy creates a
    participant, and before starting children that inherit it); the profile chosen or
    None."""
    target = os.environ if environ is None else environ
    chosen = large_message_env(target, processes)
    if PROFILE_ENV in chosen:
        target[PROFILE_ENV] = chosen[PROFILE_ENV]
    return target.get(PROFILE_ENV) or None
