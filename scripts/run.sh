#!/usr/bin/env bash
# Install everything (idempotent), then run the main job: python -m memory_node.demo.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/scripts/setup.sh"
exec "$root/.venv/bin/python" -m memory_node.demo "$@"
