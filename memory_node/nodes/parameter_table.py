"""`python -m memory_node.nodes.parameter_table`: every memory_server parameter with its
default, range and description, read from the settings dataclasses (no node started)."""

from __future__ import annotations

from memory_node.core.memory_settings import MemorySettings
from memory_node.core.settings import iter_settings
from memory_node.nodes.capabilities import CAPABILITIES
from memory_node.nodes.memory_server import ServerSettings


def parameter_table() -> str:
    """A markdown table: parameter, default, range or choices, description."""
    sections: list[tuple[type, str]] = [(MemorySettings, ""), (ServerSettings, "")]
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
    print(parameter_table())
