"""The planner's vocabulary: skill calls, what memory told it, what a skill did, and the two
ports it drives (memory and skill execution) as Protocols, so the plan loop is tested
without ROS and the node plugs the real MemoryClient and ExecuteSkill clients in.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from memory_node.core.errors import ErrorCode
from memory_node.core.limits import LIMITS
from memory_node.core.units import RECALLED_FILLED, has_refused_characters


@dataclass(frozen=True)
class SkillCall:
    skill: str
    args: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.skill}({', '.join(self.args)})"


@dataclass(frozen=True)
class UnitView:
    """One object as a memory answer described it (recall, query, outcome)."""

    object_id: str
    label: str
    position: tuple[float, float, float] = (0.0, 0.0, 0.0)
    state: str = "none"
    area_id: str = ""
    receptacle_id: str = ""
    relation: str = ""
    description: str = ""
    score: float = 0.0
    # How often memory saw it (MemoryUnit.observation_count; 0 = not known): which of
    # several units of a type memory has the most evidence for.
    observations: int = 0
    # Whether memory has its state confirmed (the attribute "state_confirmed"): False = read
    # once and not seen again (perhaps a misread), None = memory did not say.
    state_confirmed: bool | None = None
    # Why a recall answer holds it (the attribute "recalled_as", units.RECALLED_AS_VALUES):
    # "filled" = a guess below recall's relevance floor, to act on only as a guess;
    # "" = not a recall answer's unit, or memory did not say.
    recalled_as: str = ""
    # When memory last read its state (the attribute "state_read": a frame's reading, or a
    # skill's word on a door), on the sensors' clock; None = memory did not say. A door
    # read open before the task began may have been shut since (the daily tidy).
    state_read: float | None = None

    @property
    def filled(self) -> bool:
        """Recall returned it only to fill a step's free slot: a guess, not relevant."""
        return self.recalled_as == RECALLED_FILLED


@dataclass(frozen=True)
class RecallView:
    units: tuple[UnitView, ...] = ()
    context: str = ""
    context_tokens: int = 0
    warnings: tuple[str, ...] = ()
    # Experience memory's lines (empty without it): calls that failed in this state, and
    # the best procedure for the instruction's task type (planner/core/experience.py).
    known_bad_actions: tuple[str, ...] = ()
    procedure: str = ""
    # Facts (Recall.srv's `facts`): "Bread is usually in Fridge_3 (Fridge), 2x [fact:9]".
    facts: tuple[str, ...] = ()

    @property
    def nothing_relevant(self) -> bool:
        return not self.units


@dataclass(frozen=True)
class AreaView:
    """An area of the long-term memory or a named place of the robot's map."""

    area_id: str
    position: tuple[float, float, float] | None = None
    kind: str = ""            # room type of a named place; "" for a memory area
    labels: tuple[str, ...] = ()   # object labels memory holds there (may be partial)


@dataclass(frozen=True)
class BriefState:
    subgoal: str
    held_object: str = ""
    robot_area: str = ""
    last_skill: str = ""
    last_args: tuple[str, ...] = ()
    last_succeeded: bool = False
    last_message: str = ""
    recent_areas: tuple[str, ...] = ()


@dataclass(frozen=True)
class Target:
    """What memory says about one argument, for the skill server (SkillTarget)."""

    id: str
    label: str = ""
    position: tuple[float, float, float] = (0.0, 0.0, 0.0)
    position_known: bool = False


@dataclass(frozen=True)
class SkillResult:
    success: bool
    error_code: int = ErrorCode.NONE
    message: str = ""
    duration: float = 0.0
    robot_area: str = ""
    robot_position: tuple[float, float, float] | None = None
    held_object: str = ""
    # The class of the held object as the robot reports it ("" = not known): memory's unit
    # of it may carry a look-alike's label (its Mug is a cup).
    held_label: str = ""
    # Why a refusal happened, as the skill typed it (ExecuteSkill's result): the class of
    # the closed receptacle that shuts the object in, and the fixture classes of which
    # none was within reach. The planner acts on these, not on the message's words (a
    # reworded message drives the same open); `refusal_fields` checks them.
    shut_by: str = ""
    missing_fixtures: tuple[str, ...] = ()
    # The class of the object a refusal was about as the robot found it ("" = not said):
    # the arm may have taken a look-alike of the class memory's unit carries for it (a
    # Spoon shut in the drawer where memory has a Fork), which says memory's unit is not
    # there. `refused_label` checks it.
    refused_label: str = ""


def _class_word(value: object) -> str:
    """A label as a skill result may carry it, or "" when it is not one (too long, empty,
    spaces or control characters)."""
    word = str(value or "").strip()
    if len(word) > LIMITS.max_label_chars or has_refused_characters(word) \
            or any(ch.isspace() for ch in word):
        return ""
    return word


def refusal_fields(success: bool, shut_by: object, missing_fixtures: object
                   ) -> tuple[str, tuple[str, ...]]:
    """A skill result's refusal fields, bounded: `shut_by` a class word or "", and
    `missing_fixtures` at most `max_list_items` class words (what breaks that is dropped,
    as a server built before the fields existed sends none); none on a success, whatever
    a server says there."""
    if success:
        return "", ()
    # A ROS string[] arrives as a list, the in-process executor's as a tuple; anything else
    # (a bare string would split into letters) carries no fixtures.
    items = missing_fixtures if isinstance(missing_fixtures, (list, tuple)) else ()
    words = [_class_word(w) for w in items[:LIMITS.max_list_items]]
    return _class_word(shut_by), tuple(w for w in words if w)


def refused_label(success: bool, label: object) -> str:
    """A skill result's `refused_label`, bounded as the other refusal fields: a class word
    or "", and "" on a success whatever a server says there."""
    return "" if success else _class_word(label)


@dataclass
class CancelToken:
    """Set by the caller (action cancel); the loop and the executor poll it."""

    event: threading.Event = field(default_factory=threading.Event)

    def cancel(self) -> None:
        self.event.set()

    @property
    def cancelled(self) -> bool:
        return self.event.is_set()


class MemoryPort(Protocol):
    """What the plan loop asks of the memory (adapted from MemoryClient by the node).

    Every method raises a `memory_node.core.errors.MemoryRequestError` subclass on a
    refused request or an unavailable server.
    """

    def recall(self, instruction: str, k: int, token_budget: int, episode_id: str,
               brief: BriefState | None, per_subtask: bool = False) -> RecallView:
        """Recall for the instruction (or, with `brief`, the next step); `per_subtask`:
        each step of the instruction with its own top-k."""
        ...

    def record_outcome(self, episode_id: str, call: SkillCall, result: SkillResult,
                       request_id: str = "") -> tuple[UnitView, ...]:
        """Feed one skill's outcome back. A caller that retries passes the same
        `request_id` (core/request_ids.py) each time: memory applies the outcome once."""
        ...

    def find(self, label: str, max_results: int) -> tuple[UnitView, ...]:
        """Objects memory holds with this label (query_object + get_units)."""
        ...

    def scene_graph(self, format: str, token_budget: int, query: str) -> str:
        """get_scene_graph's text: "json" (areas, objects of the areas shown expanded) or
        "text" (KARMA's form), within `token_budget` (0 = all), `query` expanded first."""
        ...

    def end_episode(self, episode_id: str, succeeded: bool, request_id: str = "",
                    reason: str = "") -> None:
        """Free the episode's memory (`request_id` as for record_outcome; `reason` why it
        ended, one of core.episode_hooks.END_REASONS)."""
        ...


class SkillExecutor(Protocol):
    def execute(self, call: SkillCall, targets: Sequence[Target], episode_id: str,
                timeout_s: float, cancel: CancelToken) -> SkillResult: ...


class Confirmer(Protocol):
    """Asks a human or another node whether a call may run (True = go ahead)."""

    def confirm(self, call: SkillCall, cancel: CancelToken) -> bool: ...


def plain(value: Any) -> Any:
    """JSON-friendly copy of a dataclass tree (for logs and feedback)."""
    if hasattr(value, "__dataclass_fields__"):
        return {k: plain(getattr(value, k)) for k in value.__dataclass_fields__}
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value
