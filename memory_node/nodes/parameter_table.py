"""`python -m memory_node.nodes.parameter_table`: every memory_server, perception_node and
vlm_state parameter with its default, range and description, read from the settings
dataclasses (no node started)."""

from __future__ import annotations

from memory_node.core.memory_settings import MemorySettings
from memory_node.core.settings import iter_settings
from memory_node.nodes.capabilities import CAPABILITIES
from memory_node.nodes.memory_server import ServerSettings
from memory_node.nodes.perception_settings import PerceptionSettings
from memory_node.nodes.vlm_state_node import VlmStateSettings


def parameter_table(node: str = "memory_server") -> str:
    """A markdown table of one node's parameters: name, default, range or choices,
    description."""
    if node == "perception_node":
        sections: list[tuple[type, str]] = [(PerceptionSettings, "")]
    elif node == "vlm_state":
        sections = [(VlmStateSettings, "")]
    else:
        sections = [(MemorySettings, ""), (ServerSettings, "")]
        for capability in CAPABILITIES.values():
            sections.extend(capability.settings_sections)
    rows = []
    for cls, prefix in sections:
        for name, default, info in iter_settings(cls):
            bounds = (", ".join(info.choices) if info.choices
                      else f"[{info.low}, {info.high}]" if info.low is not None else "")
            rows.append(f"| `{prefix}{name}` | `{default!r}` | {bounds} | {info.description} |")
    return "\n".join(["| parameter | default | range | description |", "|---|---|---|---|",
                      *sorted(rows)])


if __name__ == "__main__":
    for name in ("memory_server", "perception_node", "vlm_state"):
        print(f"\n{name}\n\n{parameter_table(name)}")
