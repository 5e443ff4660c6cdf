"""The brief state: what the planner is doing now, in a few fields (MemCompiler).

Recall conditioned on it delivers only what the next step needs instead of re-sending
everything remembered about the instruction at every step.
"""

from __future__ import annotations

from dataclasses import dataclass

from memory_node.core.skills import RESULTS, SKILLS
from memory_node.core.units import check_text

MAX_SUBGOAL_CHARS = 500
MAX_FIELD_CHARS = 128
MAX_RECENT_AREAS = 20
MAX_MESSAGE_CHARS = 2000   # a skill's result message: a sentence, not a log


@dataclass(frozen=True)
class BriefState:
    subgoal: str                              # "pick up the apple", "open the fridge"
    held_object: str = ""                     # object id in the gripper, "" = nothing
    robot_area: str = ""
    last_skill: str = ""                      # "" before the first step
    last_args: tuple[str, ...] = ()
    last_result: str = ""                     # "", "success" or "failure"
    recent_areas: tuple[str, ...] = ()        # most recent last
    last_message: str = ""                    # what the last skill reported (a sentence)


def _short_str(value: object, what: str) -> str:
    return check_text(value, f"brief state {what}", MAX_FIELD_CHARS)


def validate_brief(brief: object) -> BriefState:
    """Normalised copy of `brief`, or ValueError saying which field is malformed."""
    if not isinstance(brief, BriefState):
        raise ValueError(f"expected a BriefState, got {type(brief).__name__}")  # noqa: TRY004 - callers map ValueError to a rejected request
    if not isinstance(brief.subgoal, str) or not brief.subgoal.strip():
        raise ValueError("brief state subgoal is empty: say what the next step is for")
    check_text(brief.subgoal, "brief state subgoal", MAX_SUBGOAL_CHARS)
    held = _short_str(brief.held_object, "held_object")
    area = _short_str(brief.robot_area, "robot_area")
    skill = _short_str(brief.last_skill, "last_skill").lower()
    if skill and skill not in SKILLS:
        raise ValueError(f"brief state last_skill {skill!r} is not a known skill")
    result = _short_str(brief.last_result, "last_result").lower()
    if result and result not in RESULTS:
        raise ValueError(f"brief state last_result {result!r} is not one of {RESULTS}")
    if result and not skill:
        raise ValueError("brief state has a last_result but no last_skill")
    if isinstance(brief.last_args, str) or not isinstance(brief.last_args, (tuple, list)):
        raise ValueError("brief state last_args must be a list of strings")  # noqa: TRY004 - callers map ValueError to a rejected request
    args = tuple(_short_str(a, "last_args item") for a in brief.last_args)
    if isinstance(brief.recent_areas, str) or not isinstance(brief.recent_areas, (tuple, list)):
        raise ValueError("brief state recent_areas must be a list of strings")  # noqa: TRY004 - callers map ValueError to a rejected request
    if len(brief.recent_areas) > MAX_RECENT_AREAS:
        raise ValueError(f"brief state lists {len(brief.recent_areas)} recent areas "
                         f"(max {MAX_RECENT_AREAS})")
    recent = tuple(_short_str(a, "recent_areas item") for a in brief.recent_areas)
    message = check_text(brief.last_message, "brief state last_skill_message",
                         MAX_MESSAGE_CHARS, multiline=True)
    if message and not skill:
        raise ValueError("brief state has a last_skill_message but no last_skill")
    return BriefState(brief.subgoal.strip(), held, area, skill, args, result, recent,
                      message.strip())
