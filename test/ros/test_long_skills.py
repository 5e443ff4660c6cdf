"""A skill longer than the planner's skill timeout, over DDS: the planner's own action client
(`ActionSkillExecutor`) against the household world's base server.

An explore of a large room with eight viewpoints needs about 460 simulated seconds; the
planner's default `skill_timeout_s` was a limit on the skill's length (sent in the goal,
300 s), so the world gave up with TIMEOUT. Now the goal carries no limit (the world's plan
is its budget) and the timeout bounds the time without progress, so the explore completes
while it reports progress, and a server that stops reporting is still given up."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
import rclpy
from rclpy.callback_groups import ReentrantCallbackGroup
from rclpy.executors import MultiThreadedExecutor
from sim_rig import SkillClient, world_process

from memory_node.core.errors import ErrorCode
from memory_node.core.skills import load_skill_table
from memory_node.planner.core.settings import LoopSettings
from memory_node.planner.core.types import CancelToken, SkillCall
from memory_node.planner.nodes.skill_clients import ActionSkillExecutor

pytestmark = [pytest.mark.ros, pytest.mark.slow]

# AI2-THOR kitchen 10 with eight viewpoints per room: ~460 simulated s to look around.
LARGE = {"layout.source": "floorplan", "layout.floorplan": 10, "skills.costs.viewpoints": 8,
         "time.real_time_factor": 25.0}


@pytest.fixture(scope="module")
def rig(ros_context: None, tmp_path_factory: pytest.TempPathFactory
        ) -> Iterator[tuple[SkillClient, ActionSkillExecutor]]:
    node = rclpy.create_node("test_long_skills")
    executor = MultiThreadedExecutor(num_threads=2)
    try:
        with world_process(tmp_path_factory.mktemp("world") / "world.log", **LARGE) as proc:
            world = SkillClient(node, proc)     # waits for the servers, map and truth
            skills = ActionSkillExecutor(node, load_skill_table(), ReentrantCallbackGroup(),
                                         server_wait_s=30.0)
            executor.add_node(node)
            spinner = threading.Thread(target=executor.spin, daemon=True)
            spinner.start()
            yield world, skills
            executor.shutdown(timeout_sec=5)
            spinner.join(timeout=10)
            assert proc.alive(), proc.output()[-3000:]
    finally:
        node.destroy_node()


def test_an_explore_longer_than_the_skill_timeout_completes(
        rig: tuple[SkillClient, ActionSkillExecutor]) -> None:
    world, skills = rig
    room = world.places[-1].names[0]
    # One explore (round 36: one, not two; each plays ~18 s of wall): it needs more
    # simulated time than the planner's default timeout, which the goal once carried as
    # the skill's length limit (the world then gave up at it), and a 2 s window without
    # progress is not crossed while the world reports progress, where a 2 s (+5 s grace)
    # limit on the length was. A timeout sent in the goal, or a limit on the length, fails.
    r = skills.execute(SkillCall("explore", (room,)), [], "long", 2.0, CancelToken())
    assert r.success and r.error_code == ErrorCode.NONE, r.message
    assert r.duration > LoopSettings().skill_timeout_s, r.duration


def test_progress_restarts_the_window_and_a_silent_goal_stalls() -> None:
    from memory_node.planner.nodes.skill_clients import ProgressWatch  # noqa: PLC0415

    watch = ProgressWatch(10.0, now=0.0)
    assert not watch.stalled(9.0) and watch.stalled(10.5)
    watch.feedback("planning", 0.0, now=9.0)        # a new phase is progress
    assert not watch.stalled(18.0)
    watch.feedback("driving", 0.2, now=15.0)
    watch.feedback("driving", 0.2, now=24.0)        # the same fraction again is not
    assert watch.stalled(25.5)
    watch.feedback("driving", 0.3, now=26.0)
    assert not watch.stalled(35.0) and watch.stalled(36.5)
    watch.feedback("driving", float("nan"), now=36.0)   # refused: not progress
    assert watch.stalled(36.5)


def test_a_result_carries_the_held_label_only_with_a_held_object() -> None:
    """The skill result's typed label of what the gripper holds reaches the planner
    bounded and clean; a server without the field (or with nothing held) gives ""."""
    from types import SimpleNamespace

    from memory_node.planner.nodes.skill_clients import result_from_msg

    def msg(**kw: object) -> SimpleNamespace:
        base = dict(success=True, error_code=0, message="pick: ok", duration=1.0,
                    robot_area="kitchen", robot_position=SimpleNamespace(x=1.0, y=2.0, z=0.0),
                    held_object="Mug_1")
        return SimpleNamespace(**{**base, **kw})

    assert result_from_msg(msg(held_label="Cup")).held_label == "Cup"
    assert result_from_msg(msg()).held_label == ""                 # an older server
    assert result_from_msg(msg(held_object="", held_label="Cup")).held_label == ""
    assert result_from_msg(msg(held_label="Cup\n; drop table")).held_label == ""
    assert result_from_msg(msg(held_label="C" * 129)).held_label == ""


def test_a_result_carries_its_refusal_reasons_typed_and_bounded() -> None:
    """Round 25: a refusal's typed reasons (`shut_by`, `missing_fixtures`) reach the
    planner as the server sent them when they are class words, dropped when not (too long,
    spaces, control characters; at most LIMITS.max_list_items fixtures); a server without
    the fields gives none, and a success carries none."""
    from types import SimpleNamespace

    from memory_node.core.limits import LIMITS
    from memory_node.planner.nodes.skill_clients import result_from_msg

    def msg(**kw: object) -> SimpleNamespace:
        base = dict(success=False, error_code=int(ErrorCode.PRECONDITION_FAILED),
                    message="pick: refused", duration=1.0, robot_area="kitchen",
                    robot_position=SimpleNamespace(x=1.0, y=2.0, z=0.0), held_object="")
        return SimpleNamespace(**{**base, **kw})

    r = result_from_msg(msg(shut_by="Microwave", missing_fixtures=["Faucet", "SinkBasin"]))
    assert (r.shut_by, r.missing_fixtures) == ("Microwave", ("Faucet", "SinkBasin"))
    r = result_from_msg(msg())                                       # an older server
    assert (r.shut_by, r.missing_fixtures) == ("", ())
    r = result_from_msg(msg(shut_by="M" * 129, missing_fixtures=["a b", "F\x00", "Faucet"]))
    assert (r.shut_by, r.missing_fixtures) == ("", ("Faucet",))
    r = result_from_msg(msg(missing_fixtures=["Faucet"] * (LIMITS.max_list_items + 5)))
    assert len(r.missing_fixtures) == LIMITS.max_list_items
    r = result_from_msg(msg(success=True, error_code=0, shut_by="Fridge"))
    assert r.success and r.shut_by == ""
    r = result_from_msg(msg(missing_fixtures="Faucet"))              # not a list: no letters
    assert r.missing_fixtures == ()
