"""The hook between recall's episodes and memories that learn from them (experience).

`RecallMemory` already sees every executed skill (record_outcome) and every end of an
episode (end_episode). Memories that learn from those calls register here instead of
wrapping recall: an `EpisodeObserver` hears each step and each end, and a `RecallSource`
adds lines to the context block of a recall. Both live in this module, which imports
nothing of recall or experience, so neither side imports the other.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from memory_node.core.recall.brief_state import BriefState
from memory_node.core.units import ObjectMemoryUnit

# Why an episode ended, as its caller says (EndEpisode.reason). "" = not stated (callers
# before round 44). GAVE_UP: the planner found no way on (nothing left to search or try);
# STEP_LIMIT: the loop's step or re-plan limit cut the task off, whatever the planner
# would have done next. Only the caller knows which; memory's steps look alike.
DONE, GAVE_UP, STEP_LIMIT, FAILED, CANCELLED, ERROR = (
    "done", "gave_up", "step_limit", "failed", "cancelled", "error")
END_REASONS = ("", DONE, GAVE_UP, STEP_LIMIT, FAILED, CANCELLED, ERROR)


def check_end_reason(reason: object) -> str:
    """The reason if it is one of END_REASONS, else ValueError (a rejected request)."""
    if not isinstance(reason, str) or reason not in END_REASONS:
        raise ValueError(f"reason must be one of {', '.join(repr(r) for r in END_REASONS)}"
                         f" (got {str(reason)[:40]!r})")
    return reason


@dataclass(frozen=True)
class EpisodeSummary:
    """What an ended episode did."""

    episode_id: str
    instruction: str
    steps: int
    successes: int
    failures: int
    duration: float                    # seconds from its first request to its end
    task_succeeded: bool = False
    reason: str = ""                   # one of END_REASONS, as the caller stated it


@dataclass(frozen=True)
class RecordedStep:
    """One executed skill, as record_outcome validated it, in the state before it ran."""

    episode_id: str
    skill: str
    args: tuple[str, ...]
    succeeded: bool
    error_code: int                    # the skill result's ErrorCode value
    robot_area: str                    # as reported with the outcome ("" = not given)
    held_before: str                   # object id in the gripper before the step, "" = none
    held_after: str
    labels: Mapping[str, str]          # object id -> label, for the ids the step names
    states: Mapping[str, str]          # object id -> state before the step
    stamp: float
    message: str = ""
    # Where memory believed each named object was before the step (a NOT_FOUND failure is
    # about that belief, not about the object's state), and what it stood in or on:
    # object id -> (relation, receptacle id, receptacle label).
    positions: Mapping[str, tuple[float, float, float]] = field(default_factory=dict)
    places: Mapping[str, tuple[str, str, str]] = field(default_factory=dict)


class EpisodeObserver(Protocol):
    """Hears the steps and ends of episodes (registered in `RecallMemory.observers`)."""

    def check_outcome(self, episode_id: str) -> None:
        """Raise (a typed error) to refuse an outcome before anything changes."""

    def on_outcome(self, step: RecordedStep) -> None:
        """After the outcome's unit changes were stored."""

    def knows_episode(self, episode_id: str) -> bool:
        """True for an open episode recall no longer holds (e.g. after a restart)."""

    def on_episode_end(self, summary: EpisodeSummary) -> EpisodeSummary:
        """Learn from the ended episode; may return a fuller summary (steps recorded
        before a restart)."""


@dataclass(frozen=True)
class ExtraContext:
    """Lines a source adds to a recall's context, already within the budget it was given."""

    text: str = ""
    tokens: int = 0
    known_bad_actions: list[str] = field(default_factory=list)
    procedure: str = ""
    facts: list[str] = field(default_factory=list)
    truncated: bool = False


class RecallSource(Protocol):
    """Adds its own knowledge to /memory/recall (registered in `RecallMemory.sources`)."""

    def recall_extra(self, instruction: str, episode_id: str, brief: BriefState | None,
                     units: Mapping[str, ObjectMemoryUnit], budget: int) -> ExtraContext:
        """At most `budget` tokens of context for this request."""
