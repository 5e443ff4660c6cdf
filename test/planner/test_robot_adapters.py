"""config/robot_adapters.yaml (the sketch of a real base and arm behind the skill servers)
names every skill of the skill table, under the server the table assigns it."""

from __future__ import annotations

from pathlib import Path

import yaml

from memory_node.core.skills import load_skill_table


def test_every_skill_has_an_adapter_on_its_server(repo_root: Path) -> None:
    table = load_skill_table()
    sketch = yaml.safe_load((repo_root / "config" / "robot_adapters.yaml").read_text())
    assert set(sketch) == set(table.servers)
    for key, section in sketch.items():
        assert section["server"] == table.servers[key]
        wanted = {name for name, spec in table.skills.items() if spec.server == key}
        assert set(section["actions"]) == wanted
        for entry in section["actions"].values():
            assert {"call", "goal", "result"} <= set(entry)
