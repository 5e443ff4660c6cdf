"""The skill vocabulary shared by outcomes, working memory and brief states.

KARMA/ALFRED-style skills. Arguments are object ids, except navigate's (an area or an
object) and explore's (an area). `put` takes an optional third argument, the relation
("in"/"on"), when the caller knows better than the type table.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SkillSpec:
    name: str
    min_args: int
    max_args: int
    object_args: tuple[int, ...]  # argument positions that must be known object ids


SKILLS: dict[str, SkillSpec] = {s.name: s for s in (
    SkillSpec("navigate", 1, 1, ()),
    SkillSpec("explore", 1, 1, ()),
    SkillSpec("pick", 1, 1, (0,)),
    SkillSpec("put", 2, 3, (0, 1)),
    SkillSpec("open", 1, 1, (0,)),
    SkillSpec("close", 1, 1, (0,)),
    SkillSpec("toggle_on", 1, 1, (0,)),
    SkillSpec("toggle_off", 1, 1, (0,)),
    SkillSpec("slice", 1, 1, (0,)),
    SkillSpec("clean", 1, 1, (0,)),
    SkillSpec("heat", 1, 1, (0,)),
    SkillSpec("cook", 1, 1, (0,)),
    SkillSpec("fill", 1, 2, (0,)),
    SkillSpec("pour", 2, 2, (0, 1)),
)}
SKILL_NAMES = tuple(SKILLS)
RESULTS = ("success", "failure")


def check_skill_call(skill: object, args: object) -> tuple[str, tuple[str, ...]]:
    """Normalised (skill, args) or ValueError naming what is wrong."""
    if not isinstance(skill, str) or skill.strip().lower() not in SKILLS:
        raise ValueError(f"unknown skill {skill!r}; known: {', '.join(SKILL_NAMES)}")
    spec = SKILLS[skill.strip().lower()]
    if isinstance(args, str) or not isinstance(args, (tuple, list)):
        raise ValueError(f"{spec.name} arguments must be a list of strings, got {args!r}")  # noqa: TRY004 - callers map ValueError to a rejected request
    if not spec.min_args <= len(args) <= spec.max_args:
        raise ValueError(f"{spec.name} takes {spec.min_args}..{spec.max_args} arguments, "
                         f"got {len(args)}")
    if not all(isinstance(a, str) and a.strip() for a in args):
        raise ValueError(f"{spec.name} arguments must be non-empty strings, got {args!r}")
    return spec.name, tuple(a.strip() for a in args)
