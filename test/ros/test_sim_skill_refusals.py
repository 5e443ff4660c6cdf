"""A skill's refusal over DDS carries its reasons as typed result fields (round 25):
ExecuteSkill's `shut_by` names the closed receptacle that shuts the object in. Its own
module and world: the world of test_sim_skills.py may hold something in the gripper (a
pick is refused for that first), and two worlds must not answer the same action names."""

from __future__ import annotations

import pytest
import rclpy
from sim_rig import SkillClient, world_process

from memory_node.core.errors import ErrorCode

pytestmark = pytest.mark.ros


def test_a_pick_refused_as_shut_in_names_the_receptacle_in_a_typed_field(
        ros_context: None, tmp_path) -> None:  # noqa: ANN001
    """The result of a pick of what a closed receptacle shuts in carries the receptacle's
    class in `shut_by` (what the planner opens), beside the message for people; a refusal
    for another reason carries none."""
    node = rclpy.create_node("test_sim_skills_shut_in")
    try:
        with world_process(tmp_path / "world.log") as proc:
            world = SkillClient(node, proc)
            state = world.state()
            kinds = {o["id"]: o for o in state["objects"]}
            shut = next(o for o in sorted(state["objects"], key=lambda o: o["id"])
                        if o["relation"] == "in" and o["parent"]
                        and "closed" in kinds[o["parent"]]["states"]
                        and not kinds[o["parent"]]["parent"])
            t = world.target(shut["id"], alias="Thing_9")
            res = world.run("base", "navigate", ["Thing_9"], [t])
            assert res.success and res.shut_by == "" and not res.missing_fixtures, res.message
            res = world.run("arm", "pick", ["Thing_9"], [t])
            assert res.error_code == ErrorCode.PRECONDITION_FAILED, res.message
            assert res.shut_by == kinds[shut["parent"]]["type"], res.message
            assert list(res.missing_fixtures) == []
            # Another refusal (nothing held to clean): no typed reason of this kind.
            res = world.run("arm", "clean", ["Thing_9"], [t])
            assert not res.success and res.shut_by == "", res.message
            assert proc.alive(), proc.output()[-3000:]
    finally:
        node.destroy_node()
