#!/usr/bin/env bash
# Install everything (idempotent), then: lint, type check, the robot build path (colcon),
# the tests.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Each step says when it starts (seconds since this script began): the suite, set-up
# included, is meant to finish within 15 minutes on two cores, and this shows where it goes.
step() { echo "[test] $* (t+${SECONDS}s)" >&2; }
# Compiled bytecode, kept in build/pycache: the suite starts several hundred Python
# processes (a node each, subprocess tests, the workers), and without a .pyc every one of
# them compiles memory_node and the venv's packages again (uv installs no bytecode; with
# PYTHONDONTWRITEBYTECODE set, as in the CI's shell, nothing is ever cached): ~1.2 s of CPU
# a memory server's imports (bench/README_ci.md, round 55). A prefix of our own, so the
# run writes nothing into the source tree or a venv another checkout may share.
unset PYTHONDONTWRITEBYTECODE
export PYTHONPYCACHEPREFIX="$root/build/pycache"
bash "$root/scripts/setup.sh"
cd "$root"
step "ruff check"
.venv/bin/ruff check --quiet .
step "mypy (memory_node/, settings in pyproject.toml)"
.venv/bin/mypy
step "colcon build against the wheel-based ROS 2 underlay"
bash scripts/colcon_build_check.sh
# One pytest worker per core, at most 4 (MEMORY_NODE_TEST_WORKERS overrides; 0 runs in this
# process): each worker gets its own ROS domain (test/ros/ros_harness.py), and each ROS test
# starts several node processes, so more workers than cores only adds waiting.
workers=${MEMORY_NODE_TEST_WORKERS:-$(( $(nproc) < 4 ? $(nproc) : 4 ))}
step "pytest ($workers workers)"
exec .venv/bin/python -m pytest -p no:dash -q --durations=20 -n "$workers" "$@"
