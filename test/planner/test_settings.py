"""PlannerSettings: one source of defaults and bounds, checked without ROS too."""

from __future__ import annotations

import pytest

from memory_node.core.settings import iter_settings
from memory_node.planner.core.settings import LlmSettings, LoopSettings, PlannerSettings, RecallUse


def test_defaults_and_parameter_names() -> None:
    names = {name for name, _, _ in iter_settings(PlannerSettings)}
    assert {"max_steps", "max_plan_steps", "recall.per_step", "llm.base_url", "llm.mode",
            "confirm", "planner"} <= names
    assert "confirm_skills" not in names   # filled by the node from `confirm`
    assert PlannerSettings().llm.base_url == ""   # no endpoint: the offline planner


@pytest.mark.parametrize("make", [
    lambda: LoopSettings(max_steps=0), lambda: LoopSettings(max_plan_steps=101),
    lambda: RecallUse(k=0), lambda: RecallUse(dump_budget=-1),
    lambda: LlmSettings(timeout_s=0.0), lambda: LlmSettings(mode="yaml"),
    lambda: LlmSettings(base_url="file:///etc/passwd"),
    lambda: PlannerSettings(planner="magic"),
])
def test_out_of_range_settings_are_refused(make) -> None:  # noqa: ANN001
    with pytest.raises(ValueError):
        make()
