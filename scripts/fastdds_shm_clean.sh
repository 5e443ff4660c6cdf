#!/usr/bin/env bash
# Remove Fast DDS's shared-memory files in /dev/shm whose owner process is dead (a node killed
# with SIGKILL, an OOM kill or a crash leaves its 16 MB segment and its ports behind), by Fast
# DDS's own rule: a lock file nobody holds. A live process's files, any user's or run's, stay.
# Safe while ROS nodes run. `--dry-run` only counts. (memory_node/fastdds_shm.py; the test
# suite does this before and after each run: bench/README_ci.md, round 61.)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
py="$root/.venv/bin/python"
[ -x "$py" ] || py=python3
PYTHONPATH="$root${PYTHONPATH:+:$PYTHONPATH}" exec "$py" -m memory_node.fastdds_shm "$@"
