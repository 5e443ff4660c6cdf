"""Settings: one source of every default and bound, checked with or without ROS."""

from __future__ import annotations

import pytest

from memory_node.core.memory_settings import MemorySettings, ShortTermSettings
from memory_node.core.recall.settings import RecallSettings
from memory_node.core.scene_graph.config import SceneGraphConfig
from memory_node.core.settings import build_settings, iter_settings


def test_every_setting_has_a_description_and_sections_flatten() -> None:
    names = {name: info for name, _, info in iter_settings(MemorySettings)}
    assert {"short_term.capacity", "recall.min_score", "scene_graph.gate_distance",
            "memory_dir"} <= set(names)
    assert all(info.description for info in names.values())
    assert names["short_term.capacity"].low == 1


def test_flat_parameter_values_build_nested_settings() -> None:
    s = build_settings(MemorySettings, {"short_term.capacity": 7, "recall.min_score": 1,
                                        "scene_graph.immovable_labels": ["Fridge"]})
    assert s.short_term.capacity == 7 and s.recall.min_score == 1.0
    assert isinstance(s.recall.min_score, float)
    assert s.scene_graph.immovable_labels == frozenset({"fridge"})
    assert s.recall.max_k == RecallSettings().max_k  # untouched names keep their default


@pytest.mark.parametrize("make, words", [
    (lambda: ShortTermSettings(capacity=0), "below 1"),
    (lambda: ShortTermSettings(policy="random"), "not one of"),
    (lambda: RecallSettings(min_score=float("nan")), "not finite"),
    (lambda: RecallSettings(max_k=10**9), "above"),
    (lambda: SceneGraphConfig(gate_distance=0.0), "below"),
    (lambda: MemorySettings(durability="sometimes"), "not one of"),
    (lambda: MemorySettings(database_file="../escape.sqlite"), "plain file name"),
])
def test_out_of_range_settings_are_refused(make, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        make()
