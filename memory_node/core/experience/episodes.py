"""A whole episode as data (for importing one recorded elsewhere, and for benchmarks),
and its validation: a malformed or partial episode is refused with the reason before
anything is stored.

Live episodes do not come through here: they are built step by step from
/memory/record_outcome and closed by /memory/end_episode.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from memory_node.core.errors import ErrorCode, InvalidArgument
from memory_node.core.skills import SkillTable
from memory_node.core.units import check_identifier

MAX_INSTRUCTION_CHARS = 2000
MAX_MESSAGE_CHARS = 2000


@dataclass(frozen=True)
class EpisodeStep:
    skill: str
    args: tuple[str, ...]
    succeeded: bool | None                      # None: the result is missing
    error_code: int = ErrorCode.NONE
    robot_area: str = ""
    held_before: str = ""
    labels: Mapping[str, str] = field(default_factory=dict)   # object id -> label
    states: Mapping[str, str] = field(default_factory=dict)   # object id -> state before
    stamp: float = 0.0


@dataclass(frozen=True)
class Episode:
    episode_id: str
    instruction: str
    steps: tuple[EpisodeStep, ...]
    task_succeeded: bool | None                 # None: the episode never ended
    sim_duration: float = 0.0


def check_episode(episode: object, table: SkillTable, max_steps: int) -> Episode:
    """Normalised copy, or InvalidArgument naming the first thing wrong."""
    if not isinstance(episode, Episode):
        raise InvalidArgument(f"expected an Episode, got {type(episode).__name__}")
    eid = check_identifier(episode.episode_id, "episode_id")
    if not isinstance(episode.instruction, str) or not episode.instruction.strip():
        raise InvalidArgument(f"episode {eid}: the instruction is missing")
    if len(episode.instruction) > MAX_INSTRUCTION_CHARS:
        raise InvalidArgument(f"episode {eid}: instruction longer than "
                              f"{MAX_INSTRUCTION_CHARS} characters")
    if episode.task_succeeded is None:
        raise InvalidArgument(f"episode {eid} is partial: it has no end (task result "
                              "missing)")
    if not episode.steps:
        raise InvalidArgument(f"episode {eid} has no steps")
    if len(episode.steps) > max_steps:
        raise InvalidArgument(f"episode {eid} has {len(episode.steps)} steps (max "
                              f"{max_steps})")
    if not (isinstance(episode.sim_duration, (int, float))
            and math.isfinite(episode.sim_duration) and episode.sim_duration >= 0):
        raise InvalidArgument(f"episode {eid}: sim_duration must be a finite time >= 0")
    steps = []
    for i, s in enumerate(episode.steps):
        where = f"episode {eid} step {i}"
        if not isinstance(s, EpisodeStep):
            raise InvalidArgument(f"{where}: expected an EpisodeStep")
        try:
            skill, args = table.check_call(s.skill, list(s.args))
        except ValueError as exc:
            raise InvalidArgument(f"{where}: {exc}") from None
        if s.succeeded is None or not isinstance(s.succeeded, bool):
            raise InvalidArgument(f"{where}: the result is missing")
        try:
            code = ErrorCode(s.error_code)
        except ValueError:
            raise InvalidArgument(f"{where}: error_code {s.error_code} is not an ErrorCode"
                                  ) from None
        if s.succeeded and code is not ErrorCode.NONE:
            raise InvalidArgument(f"{where}: succeeded with error code {code.name}")
        if not (isinstance(s.stamp, (int, float)) and math.isfinite(s.stamp) and s.stamp >= 0):
            raise InvalidArgument(f"{where}: stamp is not a valid time")
        area = check_identifier(s.robot_area, "robot_area") if s.robot_area.strip() else ""
        held = check_identifier(s.held_before, "held_before") if s.held_before.strip() else ""
        labels = {check_identifier(k, "object id"): check_identifier(v, "label")
                  for k, v in dict(s.labels).items()}
        states = {check_identifier(k, "object id"): str(v)[:64]
                  for k, v in dict(s.states).items()}
        spec = table[skill]
        for j in spec.object_args:
            if j < len(args) and args[j] not in labels:
                raise InvalidArgument(f"{where}: object {args[j]!r} has no label")
        steps.append(EpisodeStep(skill, args, s.succeeded, int(code), area, held, labels,
                                 states, float(s.stamp)))
    return Episode(eid, episode.instruction.strip(), tuple(steps),
                   bool(episode.task_succeeded), float(episode.sim_duration))


def content_hash(episode: Episode) -> str:
    """Same episode content -> same hash: recording it twice is recognised as such."""
    data = [episode.instruction, episode.task_succeeded,
            [[s.skill, list(s.args), s.succeeded, s.error_code, s.robot_area]
             for s in episode.steps]]
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()
