"""The memory server's capabilities, by name (the server's `capabilities` parameter)."""

from __future__ import annotations

from memory_node.nodes.experience_capability import ExperienceCapability
from memory_node.nodes.host import Capability
from memory_node.nodes.recall_capability import RecallCapability
from memory_node.nodes.scene_graph_capability import SceneGraphCapability

CAPABILITIES: dict[str, type[Capability]] = {
    c.name: c for c in (SceneGraphCapability, RecallCapability, ExperienceCapability)
}
CAPABILITY_NAMES = tuple(CAPABILITIES)
