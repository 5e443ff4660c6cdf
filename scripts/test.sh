#!/usr/bin/env bash
# Install everything (idempotent), then: lint, type check, the robot build path (colcon),
# the tests.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Each step says when it starts (seconds since this script began): the suite, set-up
# included, is meant to finish within 15 minutes on two cores, and this shows where it goes.
step() { echo "[test] $* (t+${SECONDS}s)" >&2; }
bash "$root/scripts/setup.sh"
cd "$root"
step "ruff check"
.venv/bin/ruff check --quiet .
step "mypy (memory_node/, settings in pyproject.toml)"
.venv/bin/mypy
step "colcon build against the wheel-based ROS 2 underlay"
bash scripts/colcon_build_check.sh
step "pytest"
exec .venv/bin/python -m pytest -p no:dash -q --durations=20 "$@"
