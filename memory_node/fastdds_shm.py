"""Fast DDS shared-memory files whose owner process is dead, found and removed by Fast DDS's
own rule (its `fastdds shm clean`, tools/fastdds/shm/clean.py in Fast DDS 3.2.x).

Every Fast DDS participant creates, in /dev/shm, a data segment `fastdds_<16 hex>` and
opens its listening ports `fastdds_port<N>` (with a named mutex `sem.fastdds_port<N>_mutex`).
Beside each one it holds an flock on a lock file, `<name>_el` (exclusive) or `<name>_sl`
(shared), for as long as the process lives: the kernel drops the lock when the process dies,
however it dies. A process killed with SIGKILL never removes its files, so they stay, a
16 MB segment (config/fastdds_large_messages.xml) each; the test suite kills servers on
purpose and leaked ~1,800 segments (8 GB of /dev/shm) in a day (bench/README_ci.md, round 61).

The rule: a lock file that can be locked exclusively at once has no live owner; then the
lock file, its segment (or port) and a port's mutex go. A live process's files are never
touched, whoever started it: its lock cannot be taken. Two differences from `fastdds shm
clean`, both to spare live processes: a lock file younger than `min_age_s` is left alone (a
participant creates the file and locks it a moment later), and a file is removed while this
process holds the lock, so no participant can take it over in between. Ports with no lock
file (opened only for writing by processes now gone) are left, as Fast DDS leaves them: a
live writer may still map one, and a reader that opens it checks it first.

Dead ports are removed only when asked (`ports=True`, `--ports`): a live process that wrote
to a dead listener's port keeps that port mapped until its watchdog marks it not ok and it
opens the port again by name, and Fast DDS's own reuse of a dead port (a new participant on
the same port number) marks the old one before removing it; removing the name from outside
skips that step. Port files are few and bounded (one per domain and participant number, 52
KB each); the segments, 16 MB each under random names nobody reuses, are what grows.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

SHM_DIR = Path("/dev/shm")
SEGMENT_LOCK = re.compile(r"^fastdds_[0-9a-z]{16}_(el|sl)$")
PORT_LOCK = re.compile(r"^fastdds_port\d{1,5}_(el|sl)$")
# A participant creates its lock file and locks it in the same call, within microseconds:
# two seconds is a wide margin, and short enough that a run's own last kills are cleaned.
MIN_AGE_S = 2.0


@dataclass
class Cleaned:
    """What a clean found: dead segments and ports (removed unless a dry run), live ones,
    and the files removed (or that would be)."""

    dead_segments: int = 0
    dead_ports: int = 0
    live_segments: int = 0
    live_ports: int = 0
    young: int = 0
    files: list[Path] = field(default_factory=list)
    freed_bytes: int = 0
    ports_removed: bool = False

    def summary(self) -> str:
        kept = "" if self.ports_removed else " (kept)"
        return (f"{self.dead_segments} dead segments, {self.dead_ports} dead ports{kept} "
                f"({len(self.files)} files, {self.freed_bytes >> 20} MB); "
                f"{self.live_segments} live segments, {self.live_ports} live ports, "
                f"{self.young} too young to judge")


def _lock_is_free(lock_file: Path) -> int | None:
    """An open descriptor holding an exclusive flock on `lock_file` if nobody else holds a
    lock on it (its owner is dead), else None. The caller closes it."""
    try:
        fd = os.open(lock_file, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd


def _owned_files(lock_name: str) -> list[str]:
    """The files that go with a lock file: itself, its segment or port, a port's mutex."""
    base = lock_name[:-3]
    names = [lock_name, base]
    if PORT_LOCK.match(lock_name):
        names.append(f"sem.{base}_mutex")
    return names


def clean(shm_dir: Path = SHM_DIR, dry_run: bool = False, min_age_s: float = MIN_AGE_S,
          now: float | None = None, ports: bool = False) -> Cleaned:
    """Remove (unless `dry_run`) the Fast DDS segments in `shm_dir` whose owner is dead, and
    with `ports` its dead ports too (they are counted either way)."""
    out = Cleaned(ports_removed=ports)
    try:
        names = sorted(os.listdir(shm_dir))
    except FileNotFoundError:
        return out
    now = time.time() if now is None else now
    for name in names:
        is_port = bool(PORT_LOCK.match(name))
        if not is_port and not SEGMENT_LOCK.match(name):
            continue
        lock_file = shm_dir / name
        try:
            if now - lock_file.lstat().st_mtime < min_age_s:
                out.young += 1
                continue
        except FileNotFoundError:
            continue
        fd = _lock_is_free(lock_file)
        if fd is None:
            if lock_file.exists():
                if is_port:
                    out.live_ports += 1
                else:
                    out.live_segments += 1
            continue
        try:
            if is_port:
                out.dead_ports += 1
                if not ports:
                    continue
            else:
                out.dead_segments += 1
            for owned in _owned_files(name):
                path = shm_dir / owned
                try:
                    size = path.lstat().st_blocks * 512
                except FileNotFoundError:
                    continue
                out.files.append(path)
                out.freed_bytes += size
                if not dry_run:
                    path.unlink(missing_ok=True)
        finally:
            os.close(fd)
    return out


def count(shm_dir: Path = SHM_DIR) -> int:
    """How many Fast DDS files `shm_dir` holds (segments, ports, their locks and mutexes)."""
    try:
        return sum(1 for n in os.listdir(shm_dir) if "fastdds_" in n)
    except FileNotFoundError:
        return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Remove Fast DDS shared-memory files whose owner process is dead "
                    "(Fast DDS's own rule: an unlocked lock file); live ones are kept.")
    parser.add_argument("--dry-run", action="store_true", help="only count")
    parser.add_argument("--ports", action="store_true",
                        help="dead ports too (best when no Fast DDS process runs)")
    parser.add_argument("--dir", type=Path, default=SHM_DIR)
    parser.add_argument("--min-age", type=float, default=MIN_AGE_S,
                        help="seconds a lock file must have existed (default %(default)s)")
    args = parser.parse_args(argv)
    before = count(args.dir)
    result = clean(args.dir, dry_run=args.dry_run, min_age_s=args.min_age, ports=args.ports)
    verb = "would remove" if args.dry_run else "removed"
    print(f"fastdds shm: {verb} {result.summary()}; fastdds files {before} -> "
          f"{count(args.dir)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
