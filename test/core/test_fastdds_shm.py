"""memory_node.fastdds_shm: Fast DDS's files whose owner is dead go, a live owner's stay
(Fast DDS's own rule, `fastdds shm clean`: a lock file nobody holds a lock on)."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import time
from pathlib import Path

from memory_node.fastdds_shm import clean, count, main

SEG = "fastdds_0123456789abcdef"
PORT = "fastdds_port7415"


def make(shm: Path, *names: str, age_s: float = 60.0) -> None:
    then = time.time() - age_s
    for name in names:
        (shm / name).write_bytes(b"\0" * 4096)
        os.utime(shm / name, (then, then))


def test_a_dead_owners_segment_and_port_go_with_their_locks_and_mutex(tmp_path: Path) -> None:
    make(tmp_path, SEG, f"{SEG}_el", PORT, f"{PORT}_el", f"sem.{PORT}_mutex")
    result = clean(tmp_path)  # segments only, by default: a dead port is counted, kept
    assert (result.dead_segments, result.dead_ports) == (1, 1)
    assert sorted(os.listdir(tmp_path)) == sorted([PORT, f"{PORT}_el", f"sem.{PORT}_mutex"])
    assert "1 dead ports (kept)" in result.summary()
    result = clean(tmp_path, ports=True)
    assert (result.dead_segments, result.dead_ports) == (0, 1)
    assert sorted(os.listdir(tmp_path)) == []
    assert count(tmp_path) == 0


def test_a_locked_file_stays_even_when_another_process_holds_the_lock(tmp_path: Path) -> None:
    make(tmp_path, SEG, f"{SEG}_el", PORT, f"{PORT}_sl", f"sem.{PORT}_mutex")
    # A live owner in another process, as a Fast DDS participant holds its lock.
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import fcntl, sys\n"
         f"a = open({str(tmp_path / (SEG + '_el'))!r}); fcntl.flock(a, fcntl.LOCK_EX)\n"
         f"b = open({str(tmp_path / (PORT + '_sl'))!r}); fcntl.flock(b, fcntl.LOCK_SH)\n"
         "print('locked', flush=True); sys.stdin.read()"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        result = clean(tmp_path)
        assert (result.live_segments, result.live_ports) == (1, 1)
        assert (result.dead_segments, result.dead_ports, result.files) == (0, 0, [])
        assert len(os.listdir(tmp_path)) == 5
    finally:
        holder.kill()
        holder.wait()
    # The kernel dropped the locks with the process: now they are a dead owner's.
    result = clean(tmp_path, ports=True)
    assert (result.dead_segments, result.dead_ports) == (1, 1)
    assert os.listdir(tmp_path) == []


def test_a_lock_held_in_this_process_counts_as_live(tmp_path: Path) -> None:
    make(tmp_path, SEG, f"{SEG}_el")
    with open(tmp_path / f"{SEG}_el") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        assert clean(tmp_path).live_segments == 1
        assert len(os.listdir(tmp_path)) == 2


def test_young_lock_files_and_unlocked_files_of_other_kinds_are_left(tmp_path: Path) -> None:
    make(tmp_path, SEG, f"{SEG}_el", age_s=1.0)  # being created: not judged yet
    make(tmp_path, "fastdds_port7417", "sem.fastdds_port7417_mutex",  # no lock file
         "fastdds_fedcba9876543210",  # a segment without its lock file
         "other_program_el", "fastdds_portX_el", "memory_node_probe_1")
    result = clean(tmp_path)
    assert result.young == 1 and result.files == []
    assert len(os.listdir(tmp_path)) == 8


def test_a_dry_run_only_counts(tmp_path: Path) -> None:
    make(tmp_path, SEG, f"{SEG}_el")
    result = clean(tmp_path, dry_run=True)
    assert result.dead_segments == 1 and len(result.files) == 2
    assert len(os.listdir(tmp_path)) == 2
    assert main(["--dir", str(tmp_path)]) == 0
    assert os.listdir(tmp_path) == []
