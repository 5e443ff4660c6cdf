"""Where the project's external (read-only, never committed) data lives."""

from __future__ import annotations

import os
from pathlib import Path

ENV_VAR = "MEMORY_NODE_SHARED_DATA"


def shared_data_dir() -> Path:
    """`$MEMORY_NODE_SHARED_DATA`, else `<repo root>/../shared/data`."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override)
    # memory_node/core/perception/shared_data.py -> parents[3] is the repo root.
    return Path(__file__).resolve().parents[4] / "shared" / "data"
