#!/usr/bin/env bash
# Install everything (idempotent), then run the main job: the whole robot loop (world,
# perception, memory, planner) on five composite tasks, with memory and without
# (python -m memory_node.sim.main; --help for its options). Outputs go to runs/<timestamp>/.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/scripts/setup.sh"
exec "$root/.venv/bin/python" -m memory_node.sim.main "$@"
