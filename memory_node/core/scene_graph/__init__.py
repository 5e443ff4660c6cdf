"""Long-term memory: the incremental hierarchical 3D scene graph (floors -> areas -> objects).

Pure Python (numpy); the memory server wraps it in ROS services and topics.
Names are imported lazily so that reading the schema (persistence migrations) does not
load numpy.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "SceneGraphConfig": "config",
    "ChangeSet": "events", "EventKind": "events", "SceneGraphEvent": "events",
    "UpdateResult": "events",
    "RegionView": "graph", "SceneGraph": "graph", "VisibilityModel": "graph",
    "load_graph": "persistence", "save_all": "persistence", "save_changes": "persistence",
    "create_schema": "persistence",
    "SCENE_GRAPH_SCHEMA_SQL": "schema",
    "SceneGraphSerialiser": "serialise", "SerialisedGraph": "serialise",
    "MarkerBuilder": "markers",
    "render_png": "render",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_EXPORTS[name]}"), name)
