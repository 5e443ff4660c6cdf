#!/usr/bin/env bash
# Install everything (idempotent), then: lint, type check, the robot build path (colcon),
# the tests.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/scripts/setup.sh"
cd "$root"
echo "[test] ruff check" >&2
.venv/bin/ruff check --quiet .
echo "[test] mypy (memory_node/, settings in pyproject.toml)" >&2
.venv/bin/mypy
echo "[test] colcon build against the wheel-based ROS 2 underlay" >&2
bash scripts/colcon_build_check.sh
echo "[test] pytest" >&2
exec .venv/bin/python -m pytest -p no:dash -q --durations=20 "$@"
