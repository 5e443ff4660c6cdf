"""ExperienceMemory: episodes, the trajectory graph, procedures, facts and outcome utility
over the memory's SQLite file.

It is an `EpisodeObserver` and a `RecallSource` (memory_node.core.episode_hooks): recall
tells it every recorded outcome and every end of episode (so no planner change is needed
to fill it), and asks it for known-bad actions, the best procedure and facts to add to the
context block. Every step is stored in one transaction before record_outcome returns, so
a crash mid-episode loses nothing acknowledged; an episode left open by a restart is
resumed by its next outcome or ended by end_episode. Knowledge lives in memory as well as
in SQLite (bounded by the settings' caps), so a recall pays no SQL query.
"""

from __future__ import annotations

import contextlib
import functools
import json
import math
import re
import sqlite3
import threading
import time
from collections import ChainMap, OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, cast

from memory_node.core.episode_hooks import GAVE_UP, EpisodeSummary, ExtraContext, RecordedStep
from memory_node.core.errors import Conflict, ErrorCode, InvalidArgument
from memory_node.core.experience.episodes import Episode, check_episode, content_hash
from memory_node.core.experience.facts import (
    MAX_VALUE_CHARS,
    SEARCHED_OUT,
    SEEN_AS,
    TYPE_SUBJECT,
    Fact,
    FactAssertion,
    FactResult,
    FactStore,
)
from memory_node.core.experience.graph import TrajectoryGraph, Transition
from memory_node.core.experience.places import UsualPlaces
from memory_node.core.experience.procedures import Procedure, ProcedureLibrary
from memory_node.core.experience.settings import ExperienceSettings
from memory_node.core.experience.state import (
    ANY_CONDITION,
    AS_FOUND,
    CONTAINER,
    NOTHING,
    OPENED_HERE,
    action_key,
    object_states_of,
    robot_key,
    state_key,
    with_belief,
)
from memory_node.core.experience.task_types import (
    LabelIndex,
    TaskType,
    abstract_step,
    bind,
    label_index,
    task_type,
)
from memory_node.core.experience.utility import Utility
from memory_node.core.recall.brief_state import BriefState
from memory_node.core.recall.categories import CategoryTable, type_key
from memory_node.core.skills import SkillSpec, SkillTable, load_skill_table
from memory_node.core.tokens import count_tokens
from memory_node.core.units import MAX_ID_LENGTH, ObjectMemoryUnit

if TYPE_CHECKING:
    from memory_node.core.persistence.store import MemoryStore

HEADER = "Experience (from past episodes):"
MAX_EPISODE_QUERY = 1000
MAX_LABELS = 10_000    # object types are a few hundred; a guard, not a tuning knob
UNIT_ITEM = "unit:"     # utility item id of an object memory unit
MAX_BRIEFED = 64       # episodes with a brief waiting for their next step (open episodes)
# Receptacles kept per type searched in vain (`_looked_in`), and named per recall line: a
# kitchen has up to ~30 drawers and cabinets; a line naming them all stays ~600 characters.
MAX_LOOKED_IN = 64
MAX_LOOKED_IN_NAMED = 32
MAX_LABEL_CHARS = 128   # the planner's line formats take labels this long
# Receptacles kept that the robot left open (`_left_open`), and named in the recall line: a
# kitchen has up to ~30 doors and drawers; a robot leaves a few open per task.
MAX_LEFT_OPEN = 64
MAX_LEFT_OPEN_NAMED = 8


def _opens(spec: SkillSpec) -> bool:
    """Whether a skill's success leaves its receptacle argument open."""
    state = spec.effect_param("state")
    return isinstance(state, dict) and state.get("value") == "opened"


def _opened_by(spec: SkillSpec, step: RecordedStep) -> str:
    """The receptacle a successful step of an opening skill opened ("" for any other)."""
    if not step.succeeded or not _opens(spec):
        return ""
    arg = int(spec.effect_param("state")["arg"])
    return step.args[arg] if arg < len(step.args) else ""


def _door_change(spec: SkillSpec, step: RecordedStep) -> tuple[str, str]:
    """(receptacle, "opened" or "closed") a successful step of an opening or closing skill
    left; ("", "") for any other step."""
    state = spec.effect_param("state")
    if not step.succeeded or not isinstance(state, dict) \
            or int(state["arg"]) >= len(step.args) \
            or state.get("value") not in ("opened", "closed"):
        return "", ""
    return step.args[int(state["arg"])], str(state["value"])


@dataclass
class _Open:
    """An episode being recorded."""

    episode_id: str
    instruction: str
    task: TaskType | None
    started_at: float
    steps: int = 0
    successes: int = 0
    stored_steps: int = 0
    last_area: str = ""
    first_stamp: float | None = None
    last_stamp: float = 0.0
    delivered: set[str] = field(default_factory=set)
    # Objects whose pick was refused in this episode -> the receptacle (id, label) opened
    # successfully since ("" until one is): where a later pick really found them.
    opened_for: dict[str, tuple[str, str]] = field(default_factory=dict)
    # Receptacles the robot opened in this episode (and has not closed since), and the
    # transitions of each object's refused picks and its label (a look-alike's pick
    # traces them too).
    opened: set[str] = field(default_factory=set)
    refused: dict[str, list[Transition]] = field(default_factory=dict)
    refused_labels: dict[str, str] = field(default_factory=dict)
    # A look (`_seen_home`): True while every step succeeded and only moved the base or
    # opened or closed something; what it walked to and opened.
    look_only: bool = True
    looked: set[str] = field(default_factory=set)
    # A search (`_follow_search`): the receptacle opened last and its label, while no
    # later step has acted on it; and those the episode opened and then moved on from
    # (walked, looked or opened elsewhere), with their labels.
    search_open: tuple[str, str] = ("", "")
    searched_in: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class StoredEpisode:
    episode_id: str
    instruction: str
    task_type: str
    status: str
    success: bool
    steps: int
    successes: int
    sim_duration: float
    wall_duration: float


@dataclass(frozen=True)
class RecordResult:
    episode_id: str
    outcome: str          # "recorded" | "duplicate"
    reason: str


class ExperienceMemory:
    """Learns from episodes; answers recall with what it learned."""

    def __init__(self, store: MemoryStore, settings: ExperienceSettings | None = None,
                 table: SkillTable | None = None) -> None:
        self.store = store
        self.settings = s = settings or ExperienceSettings()
        self.table = table or load_skill_table()
        self.categories = CategoryTable.load()
        self.graph = TrajectoryGraph()
        self.procedures = ProcedureLibrary(s.max_procedures_per_task, s.max_procedures,
                                           s.proven_successes, s.proven_confidence)
        self.facts = FactStore(s.max_facts, s.max_fact_history)
        self.places = UsualPlaces(s.max_facts)
        self.utility = Utility()
        self._open: OrderedDict[str, _Open] = OrderedDict()
        self._ended: set[str] = set()
        # Episodes recalled for but with no step yet: instruction, task type, items
        # delivered (bounded like open episodes).
        self._pending: OrderedDict[str, tuple[str, TaskType, set[str]]] = OrderedDict()
        self._labels: set[str] = set()   # object labels seen in steps and facts
        self._labels_version = 0         # moves whenever _labels changes
        self._view: _RecallView | None = None
        self._robot = RobotState()
        # Ids of objects memory folded or joined away -> the id each lives on as (the
        # long-term memory's `joined_ids`, wired by the memory that attaches this one);
        # None: ids never change.
        self.joined_ids: Callable[[], Mapping[str, str]] | None = None
        # Object id -> the state memory gave it when a step last named it (or a step's
        # state effect): a known-bad lookup reads an object the short-term memory no
        # longer holds as it was, so the lookup does not depend on what memory has seen
        # since (bounded like the transitions that name the objects).
        self._seen_states: OrderedDict[str, str] = OrderedDict()
        self._seen_positions: OrderedDict[str, tuple[float, float, float]] = OrderedDict()
        # Unit utility items, least recently judged first (the cap's eviction order).
        self._unit_items: OrderedDict[str, None] = OrderedDict()
        # Objects the robot picked or put (`UsualPlaces.follow`) since its last refused pick
        # of them, least recently first (bounded like the transitions): their place in
        # `UsualPlaces` is newer than any shut-in listing of their pick (`_taken_out`).
        # Not stored: after a restart every listing holds until the robot acts again.
        self._moved_since_refusal: OrderedDict[str, None] = OrderedDict()
        # Object id -> receptacles it was found back in (where it was found before the
        # robot's put) after the robot had put it elsewhere in an earlier task
        # (`UsualPlaces.put_elsewhere`): something in this house takes it back there
        # behind the robot's back, whatever the house does with other objects.
        # A shut-in listing naming one of them does not lapse (`_taken_out`). Bounded like
        # the transitions; not stored, as `_moved_since_refusal` (after a restart nothing
        # lapses until the robot acts again).
        self._returned_to: OrderedDict[str, set[str]] = OrderedDict()
        # Type (`type_key`) -> receptacles that episodes needing the type opened and moved
        # on from (`_follow_search`), with how often, least recently first; a find of the
        # type there takes the receptacle back (`_usual_places_of`). Bounded (types as the
        # usual places, receptacles per type by MAX_LOOKED_IN); not stored, as
        # `_returned_to` (after a restart a search starts from the nearest again).
        self._looked_in: OrderedDict[str, OrderedDict[str, int]] = OrderedDict()
        # Receptacle -> its label, for every receptacle an episode opened and moved on from
        # (`_follow_search`), whatever the episode sought, least recently first: the camera
        # saw inside it, so it held nothing of a type memory's units do not have in it
        # (`_peeked_lines`). Bounded by MAX_LOOKED_IN; not stored, as `_looked_in`.
        self._peeked: OrderedDict[str, str] = OrderedDict()
        # Receptacle -> the episode whose successful open of it no close of the robot's
        # followed, least recently opened first (`_follow_doors`); and how often a later
        # episode found such a door shut before acting through it (a step that needs it
        # open refused) or open (that step done). Bounded by MAX_LEFT_OPEN; not stored, as
        # `_looked_in` (after a restart no door is listed until the robot opens one again).
        self._left_open: OrderedDict[str, str] = OrderedDict()
        self._doors_shut = 0
        self._doors_stayed = 0
        # The types an instruction names though memory has seen none yet (a knife searched
        # for in 15 drawers is not a role of "put the knife away" until a step names one):
        # the category table's types.
        self._type_names = label_index(self.categories.names)
        # Procedure id -> {label: object id} of the objects its last successful episode
        # used and did not move (the drawer it opened, the counter it put on): the
        # instance that worked is offered for binding before the best-scored one.
        self._instances: dict[int, dict[str, str]] = {}
        self._lock = threading.RLock()
        self.counters: dict[str, int] = {}
        self.reload()

    # -- loading ------------------------------------------------------------------------------
    def reload(self) -> None:
        """Rebuild everything from the SQLite file (start-up, CLEAR, LOAD)."""
        with self._lock, self.store.transaction() as conn:
            self.graph.load(conn)
            self.procedures.load(conn)
            self.facts.load(conn)
            self.places.load(conn)
            self.utility.load(conn)
            self._unit_items = OrderedDict.fromkeys(
                i for i in self.utility.items() if i.startswith(UNIT_ITEM))
            self._open.clear()
            self._pending.clear()
            self._robot = RobotState()
            self._seen_states.clear()
            self._seen_positions.clear()
            self._moved_since_refusal.clear()
            self._returned_to.clear()
            self._looked_in.clear()
            self._peeked.clear()
            self._left_open.clear()
            self._doors_shut = self._doors_stayed = 0
            self._instances = self._load_instances(conn)
            self._labels = {r[0] for r in conn.execute(
                "SELECT DISTINCT label FROM exp_step_objects UNION"
                " SELECT DISTINCT subject_label FROM exp_facts")}
            self._labels_version += 1
            self._ended = {r[0] for r in conn.execute(
                "SELECT episode_id FROM exp_episodes WHERE status != 'open'")}
            for r in conn.execute("SELECT * FROM exp_episodes WHERE status='open'"
                                  " ORDER BY updated_at"):
                last = conn.execute(
                    "SELECT robot_area, skill, args, succeeded, stamp FROM exp_steps WHERE"
                    " episode_id=? ORDER BY seq DESC LIMIT 1", (r["episode_id"],)).fetchone()
                first = conn.execute("SELECT MIN(stamp) FROM exp_steps WHERE episode_id=?",
                                     (r["episode_id"],)).fetchone()[0]
                roles = tuple(json.loads(r["roles"]))
                ep = _Open(r["episode_id"], r["instruction"],
                           TaskType(r["task_type"], roles) if r["task_type"] else None,
                           r["started_at"], r["steps"], r["successes"], r["stored_steps"],
                           first_stamp=first)
                if last is not None:
                    ep.last_area = self._area_after(last["skill"], json.loads(last["args"]),
                                                    bool(last["succeeded"]),
                                                    last["robot_area"], "")
                    ep.last_stamp = last["stamp"]
                self._open[ep.episode_id] = ep

    def _count(self, reason: str) -> None:
        self.counters[reason] = self.counters.get(reason, 0) + 1

    # -- EpisodeObserver ----------------------------------------------------------------------
    def check_outcome(self, episode_id: str) -> None:
        if episode_id and episode_id in self._ended:
            self._count("experience.rejected.ended_episode")
            raise Conflict(f"episode {episode_id!r} has already ended; an outcome needs an "
                           "open episode (start a new episode id)")

    def knows_episode(self, episode_id: str) -> bool:
        return episode_id in self._open

    def on_outcome(self, step: RecordedStep) -> None:
        self._follow_joins()
        with self._lock, self._truth():
            now = time.time()
            with self.store.transaction() as conn:
                ep = self._open_episode(conn, step.episode_id, now)
                self._record_step(conn, ep, step, now)
                self._bound_open(conn, now)

    def _follow_joins(self) -> None:
        """Put records follow their units into the objects memory joined them to
        (`UsualPlaces.follow_joins`): before an outcome is recorded (a find then answers
        the put) and before recall reads them (a join since the last outcome, from what
        the camera saw). The scene graph's joins are read before this lock is taken,
        never under it: the long-term memory's lock and this one are never held together
        (docs/architecture.md, the memory server's locks); one read of them all, not one
        per put record (up to `max_facts` on every recall)."""
        if self.joined_ids is None:
            return
        joined = self.joined_ids()
        if not joined:
            return
        with self._lock:
            for old in [r for r in self._left_open if joined.get(r, r) not in ("", r)]:
                # A door left open follows its receptacle's node too (fresh94a tidy s0022,
                # round 97: the cabinet the plate was in, re-identified, was not listed).
                episode = self._left_open.pop(old)
                self._left_open.setdefault(joined[old], episode)
            moves = [(u, k) for u, k in joined.items() if k and k != u and self.places.has_put(u)]
            if not moves:
                return
            with self._truth(), self.store.transaction() as conn:
                self._count("experience.put_followed_join")
                self.places.follow_joins(conn, moves)

    @contextlib.contextmanager
    def _truth(self) -> Iterator[None]:
        """A failed write rolls the file back; the in-memory view is rebuilt from it, so
        the two never disagree (the file is the truth, as for the short-term memory)."""
        try:
            yield
        except BaseException:
            self.reload()
            raise

    def on_episode_end(self, summary: EpisodeSummary) -> EpisodeSummary:
        with self._lock:
            ep = self._open.get(summary.episode_id)
            pending = self._pending.pop(summary.episode_id, None)
            now = time.time()
            if ep is None:
                # Recall only (no outcome): nothing to store, but what was delivered to it
                # is not judged either. Counted so an empty episode is visible.
                self._count("experience.empty_episode")
                return summary
            if not ep.instruction and summary.instruction:
                ep.instruction = summary.instruction
            if ep.task is None and pending is not None:
                ep.task = pending[1]
                ep.delivered |= pending[2]
            with self._truth(), self.store.transaction() as conn:
                self._finish(conn, ep, bool(summary.task_succeeded), now, summary.reason)
            return replace(summary, instruction=summary.instruction or ep.instruction,
                           steps=max(summary.steps, ep.steps),
                           successes=max(summary.successes, ep.successes),
                           failures=max(summary.failures, ep.steps - ep.successes),
                           duration=max(summary.duration, now - ep.started_at))

    # -- recording ----------------------------------------------------------------------------
    def _open_episode(self, conn: sqlite3.Connection, episode_id: str, now: float) -> _Open:
        ep = self._open.get(episode_id)
        if ep is not None:
            self._open.move_to_end(episode_id)
            return ep
        pending = self._pending.pop(episode_id, None)
        instruction, task = (pending[0], pending[1]) if pending else ("", None)
        ep = _Open(episode_id, instruction, task, now)
        if pending:
            ep.delivered |= pending[2]
        conn.execute(
            "INSERT INTO exp_episodes (episode_id, instruction, task_type, roles, status,"
            " started_at, updated_at) VALUES (?, ?, ?, ?, 'open', ?, ?)",
            (episode_id, instruction, task.key if task else "",
             json.dumps(list(task.roles) if task else []), now, now))
        self._open[episode_id] = ep
        return ep

    def _area_after(self, skill: str, args: Sequence[str], succeeded: bool, area: str,
                    before: str) -> str:
        if area:
            return area
        if succeeded and self.table[skill].effect_param("robot_at") is not None:
            return args[int(self.table[skill].effect_param("robot_at"))]
        return before

    def _record_step(self, conn: sqlite3.Connection, ep: _Open, step: RecordedStep,
                     now: float, live: bool = True) -> None:
        moves = self.table[step.skill].effect_param("robot_at") is not None
        robot = self._robot.before(step.episode_id) if live else None
        if robot is not None:
            # The robot's own state before the step, as the planner's brief said it (the
            # state a known-bad lookup uses), else as its earlier outcomes left it: one
            # source for recording and lookup, not memory's belief of what is held.
            area_before, held_before = robot
            self._robot.after(step, self.table, held_before)
        else:
            # A whole episode recorded elsewhere says its own state per step; and right
            # after a restart, before the robot said anything, memory's stored view is all
            # there is (what it last saw in the gripper, where the robot reports being).
            area_before = ep.last_area if (moves or not step.robot_area) else step.robot_area
            held_before = step.held_before
            if live:
                self._robot.after(step, self.table, held_before)
        states = object_states_of(step.args, step.states)
        hold = self.table[step.skill].effect_param("hold")
        if hold is not None and int(hold) < len(step.args):
            # A pick requires a free hand and its object in reach, not the object's
            # condition: memory's "heated" or "dirty" (which outlives a tidy's cool-down)
            # split one refusal of the same pick from the same shut receptacle into several
            # states, so the listing of the first was not delivered before the next (tune2
            # tidy, stream seed 2710: a mug refused three times, round 27). What shuts it in
            # is the receptacle entry below. The object stays in the state (the line is
            # listed only while memory holds it), in any condition.
            if step.args[int(hold)] in states:
                states[step.args[int(hold)]] = ANY_CONDITION
            if not step.succeeded:
                self._moved_since_refusal.pop(step.args[int(hold)], None)
        containers = self._container_state(ep, step)
        states.update(containers)
        self._follow_doors(ep, step, containers)
        if moves:
            # Where the robot was sent to is part of the state: a NOT_FOUND there is about
            # memory's belief of the object's place, not about the object.
            target = step.args[int(self.table[step.skill].effect_param("robot_at"))]
            if target in states and target in step.positions:
                states[target] = with_belief(states[target], step.positions[target])
        self._see_states(step)
        self._follow_look(ep, step)
        self._follow_search(ep, step)
        rkey = robot_key(area_before, held_before)
        skey = state_key(area_before, held_before, states)
        action = action_key(step.skill, step.args)
        seq = ep.steps
        if ep.stored_steps < self.settings.max_steps_per_episode:
            conn.execute(
                "INSERT INTO exp_steps (episode_id, seq, skill, args, labels, succeeded,"
                " error_code, robot_area, held_object, state_key, stamp)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (ep.episode_id, seq, step.skill, json.dumps(list(step.args)),
                 json.dumps(dict(step.labels), sort_keys=True), int(step.succeeded),
                 int(step.error_code), area_before, held_before, skey, step.stamp))
            conn.executemany(
                "INSERT OR IGNORE INTO exp_step_objects (episode_id, seq, object_id, label)"
                " VALUES (?, ?, ?, ?)",
                [(ep.episode_id, seq, o, lbl) for o, lbl in sorted(step.labels.items())])
            if len(self._labels) < MAX_LABELS:
                before = len(self._labels)
                self._labels.update(step.labels.values())
                self._labels_version += len(self._labels) != before
            ep.stored_steps += 1
        else:
            self._count("experience.steps_not_stored")
        ep.steps += 1
        ep.successes += bool(step.succeeded)
        ep.first_stamp = step.stamp if ep.first_stamp is None else ep.first_stamp
        ep.last_stamp = step.stamp
        ep.last_area = self._area_after(step.skill, step.args, step.succeeded,
                                        step.robot_area, ep.last_area)
        conn.execute(
            "UPDATE exp_episodes SET steps=?, successes=?, stored_steps=?, updated_at=?,"
            " instruction=?, task_type=?, roles=? WHERE episode_id=?",
            (ep.steps, ep.successes, ep.stored_steps, now, ep.instruction,
             ep.task.key if ep.task else "", json.dumps(list(ep.task.roles) if ep.task else []),
             ep.episode_id))
        t = self.graph.record(conn, rkey, skey, action, states, step.succeeded,
                              step.error_code, ep.episode_id, now, self.settings.belief_radius)
        found_in = self._opened_for(ep, step)
        self._track_repairs(conn, ep, step, t, found_in, now)
        if not step.succeeded and step.error_code == ErrorCode.NOT_FOUND and step.args:
            # Not where memory had it: for a unit memory had where the robot put it in an
            # earlier task, evidence the house moved that put on (`_put_back`'s gate).
            self.places.not_found(step.args[0], step.episode_id)
        if step.succeeded:
            facts = self._facts_of(step, f"episode:{ep.episode_id}#{seq}")
            facts += self._usual_places_of(conn, step, f"episode:{ep.episode_id}#{seq}",
                                           found_in)
            facts += self._seen_again(step, f"episode:{ep.episode_id}#{seq}")
            if facts:
                _, dropped = self.facts.apply(conn, FactStore.check_batch(facts))
                self.utility.forget(conn, dropped)
        self.utility.forget(conn, self.graph.prune(conn, self.settings.max_transitions))

    def _seen_again(self, step: RecordedStep, source: str) -> list[FactAssertion]:
        """A step that succeeded on an object of a type searched out supersedes the
        absence: there is one after all (a sighting alone does not: a misread sighting
        of the type is common while searching for it, and memory keeps it a candidate)."""
        out = []
        for obj, label in sorted(step.labels.items()):
            f = self.facts.current(TYPE_SUBJECT + label, "absent")
            if f is not None and f.value == SEARCHED_OUT:
                out.append(FactAssertion(TYPE_SUBJECT + label, label, "absent",
                                         SEEN_AS + obj, source, step.stamp))
        return out

    def _searched_out(self, conn: sqlite3.Connection, ep: _Open, now: float,
                      reason: str) -> None:
        """A failed episode the planner gave up (`reason` GAVE_UP) whose last step was a
        search for a type that failed (a call with a label argument, `explore(kitchen,
        Tomato)`): the type was not found anywhere the planner could think of. A task the
        loop's step limit cut off (STEP_LIMIT) ends on the same kind of step, and the type
        may well be there (round 43: a pot and a pepper shaker, each shut in, on plain-arm
        streams); only the caller knows which, so any other stated reason counts nothing.
        A caller that states no reason ("", before round 44) gets round 43's inference:
        the search must have ended looking from an object memory holds
        (`explore(CounterTop_1, Tomato)`, past the rooms), since one cut short usually
        ends at a room's explore (tune2 tidy, stream seed 3070, plain arm, a soap bottle
        shut in a cabinet, twice). Counted as the type's absence fact (the same value
        merges: its support is the number of such episodes, its provenance their ids);
        recall passes it on after `absent_after_searches` of them."""
        if reason not in ("", GAVE_UP):
            return
        if ep.stored_steps != ep.steps or ep.steps == 0:
            return   # the last step was not stored: what it was is not known
        last = conn.execute("SELECT skill, args, labels, succeeded FROM exp_steps WHERE"
                            " episode_id=? ORDER BY seq DESC LIMIT 1",
                            (ep.episode_id,)).fetchone()
        if last is None or last["succeeded"] or last["skill"] not in self.table:
            return
        args, objects = json.loads(last["args"]), json.loads(last["labels"])
        spec = self.table[last["skill"]]
        kinds = [p.kind for p in spec.args]
        if not reason and not any(k == "place" and a in objects
                                  for a, k in zip(args, kinds, strict=False)):
            return
        sought = [a for a, k in zip(args, kinds, strict=False) if k == "label"]
        try:
            batch = FactStore.check_batch([
                FactAssertion(TYPE_SUBJECT + t, t, "absent", SEARCHED_OUT,
                              f"episode:{ep.episode_id}", ep.last_stamp or now)
                for t in sought])
        except InvalidArgument:
            self._count("experience.rejected.absent_fact")
            return
        if batch:
            _, dropped = self.facts.apply(conn, batch)
            self.utility.forget(conn, dropped)
            # A type no step named an object of is still a word of the instruction: known
            # as a label, the next instruction's task type names it as a role, and the
            # fact is about that role (as after a restart, which reads the facts' labels).
            if len(self._labels) < MAX_LABELS and not {a.subject_label for a in batch} \
                    <= self._labels:
                self._labels.update(a.subject_label for a in batch)
                self._labels_version += 1

    def _container_state(self, ep: _Open, step: RecordedStep) -> dict[str, str]:
        """A pick's receptacle entry (state.CONTAINER): what its object stands in (memory's
        place, or the receptacle opened since its pick was refused), valued by whether the
        robot opened it in this episode. Without it a refused pick and the same pick after
        the open that repaired it were one transition, one failure and one success, so it
        was never known bad and was refused again the next time the house was tidied
        (tune tidy: the bread shut in the microwave, memory still reading it opened).
        A call that needs an argument open (a put into a receptacle) names that argument
        the same way, for the same reason: a put refused because the microwave was shut
        unseen and the same put after the open that repaired it were one transition, so
        from the second tidied day on the repaired put was listed known bad right after
        its open, the microwave was passed over and the task lost (tune tidy, stream
        seed 1003, s0009)."""
        spec = self.table[step.skill]
        needs_open = {CONTAINER + step.args[q.arg]: OPENED_HERE
                      if step.args[q.arg] in ep.opened else AS_FOUND
                      for q in spec.requires
                      if q.name == "open" and q.arg is not None and q.arg < len(step.args)}
        hold = spec.effect_param("hold")
        if hold is None or int(hold) >= len(step.args):
            return needs_open
        obj = step.args[int(hold)]
        place = step.places.get(obj)
        rec = place[1] if place is not None and place[0] == "in" else ""
        if step.succeeded and ep.opened_for.get(obj, ("", ""))[0]:
            rec = ep.opened_for[obj][0]
        if not rec:
            return {}
        return {CONTAINER + rec: OPENED_HERE if rec in ep.opened else AS_FOUND}

    def _track_repairs(self, conn: sqlite3.Connection, ep: _Open, step: RecordedStep,
                       t: Transition | None, found_in: tuple[str, str] | None,
                       now: float) -> None:
        """Keep the episode's opened receptacles and its refused picks. When the pick then
        works after an open of another receptacle, every refusal of it is moved to the
        state naming the receptacle opened last, as found: where the object was shut in
        all along (a search may open two wrong cabinets first), and the state a later pick
        is looked up in once memory knows the place. That includes a refusal after this
        episode opened memory's receptacle for the object: memory's place was the wrong
        one (two adjacent cabinets), and kept in the state naming it opened, the refusal
        listed nothing until that receptacle was opened, so each later task opened it as
        the earlier listing asked, was refused again and only then opened the right one
        (tune3 tidy, stream seed 3425: a cup refused four times, s0005-s0016, round 71).
        A receptacle memory had the object in that did not shut it in (a cup memory has
        in a pot, the pot in a closed cabinet) leaves the state: kept,
        the refusal and the pick that worked while the cabinet stood open were one
        transition, one failure and one success, so it was never listed and was refused
        again in every later task (tune2 tidy, stream seed 1200, s0008/s0017)."""
        spec = self.table[step.skill]
        hold = spec.effect_param("hold")
        if hold is not None and int(hold) < len(step.args):
            obj = step.args[int(hold)]
            if not step.succeeded and t is not None:
                ep.refused.setdefault(obj, []).append(t)
                ep.refused_labels[obj] = step.labels.get(obj, "")
            elif step.succeeded:
                rec = found_in[0] if found_in is not None else ""
                self._trace_refusals(conn, ep.refused.pop(obj, []), rec, now)
                label = step.labels.get(obj, "")
                for other, (opened, _) in list(ep.opened_for.items()):
                    if other != obj and opened and label \
                            and ep.refused_labels.get(other) == label and other in ep.refused:
                        # A look-alike of a refused object picked after an open since the
                        # refusal: memory's unit was that object, shut in what was opened
                        # (tune3 tidy, stream seed 3425, s0005/s0010: memory's cup refused in
                        # the cabinet beside the one the tidy put it in, another unit of it
                        # picked once that one was opened, round 71).
                        self._trace_refusals(conn, ep.refused.pop(other), opened, now)
                        del ep.opened_for[other]
            return
        rec, value = _door_change(spec, step)
        if value == "closed":
            ep.opened.discard(rec)
        elif value == "opened":
            ep.opened.add(rec)

    def _trace_refusals(self, conn: sqlite3.Connection, refusals: list[Transition], rec: str,
                        now: float) -> None:
        """Move each refused pick to the state naming `rec` (the receptacle whose open
        repaired it) as found, unless it named `rec` already."""
        for refused in refusals if rec else []:
            if CONTAINER + rec in refused.object_states:
                continue   # it named the receptacle that shut the object in
            finer = {k: v for k, v in refused.object_states.items()
                     if not k.startswith(CONTAINER)}
            finer[CONTAINER + rec] = AS_FOUND
            area, held = _robot_parts(refused.robot_key)
            self.graph.reattribute(conn, refused, state_key(area, held, finer), finer, now)

    def _see_states(self, step: RecordedStep) -> None:
        seen = self._seen_states
        for o, state in step.states.items():
            seen[o] = state or ""
            seen.move_to_end(o)
        after = self.table[step.skill].state_after
        if step.succeeded and after is not None and after[0] < len(step.args):
            seen[step.args[after[0]]] = after[1]
            seen.move_to_end(step.args[after[0]])
        while len(seen) > self.settings.max_transitions:
            seen.popitem(last=False)
        where = self._seen_positions
        for o, p in step.positions.items():
            where[o] = p
            where.move_to_end(o)
        while len(where) > self.settings.max_transitions:
            where.popitem(last=False)

    def _placed(self, step: RecordedStep) -> tuple[str, str, str] | None:
        """(object, relation, receptacle) of a step whose skill places an object."""
        place = self.table[step.skill].effect_param("place")
        if place is None:
            return None
        obj, rec = step.args[int(place["object"])], step.args[int(place["receptacle"])]
        k = place.get("relation")
        rel = (step.args[int(k)] if k is not None and int(k) < len(step.args)
               else self.categories.relation_for(step.labels.get(rec, rec)))
        return obj, rel, rec

    def _facts_of(self, step: RecordedStep, source: str) -> list[FactAssertion]:
        """What a successful step says about the world: where an object was put, the
        state a skill left."""
        spec = self.table[step.skill]
        out = []
        placed = self._placed(step)
        if placed is not None:
            obj, rel, rec = placed
            if obj in step.labels:
                out.append(FactAssertion(obj, step.labels[obj], "placed", f"{rel} {rec}",
                                         source, step.stamp))
        after = spec.state_after
        if after is not None and step.args[after[0]] in step.labels:
            o = step.args[after[0]]
            out.append(FactAssertion(o, step.labels[o], "state", after[1], source, step.stamp))
        pour = spec.effect_param("pour")
        if pour is not None:
            o = step.args[int(pour["target"])]
            if o in step.labels:
                out.append(FactAssertion(o, step.labels[o], "state", "filled", source,
                                         step.stamp))
        return out

    def _opened_for(self, ep: _Open, step: RecordedStep) -> tuple[str, str] | None:
        """Follow refused picks and the opens after them; for a successful pick of an
        object whose pick was refused earlier in the episode, the receptacle opened last
        since (None when there is none): memory's receptacle for it is then a belief the
        refusal disproved (the robot had put it in the sink, a tidy put it back in the
        cabinet under it), and counting the find there made the sink the sponge's usual
        place on tune tidy."""
        spec = self.table[step.skill]
        hold = spec.effect_param("hold")
        if hold is not None and int(hold) < len(step.args):
            obj = step.args[int(hold)]
            if not step.succeeded:
                ep.opened_for.setdefault(obj, ("", ""))
                return None
            found = ep.opened_for.pop(obj, ("", ""))
            return found if found[0] else None
        rec = _opened_by(spec, step)
        if rec and rec in step.labels:
            for obj in ep.opened_for:
                ep.opened_for[obj] = (rec, step.labels[rec])
        return None

    def _follow_look(self, ep: _Open, step: RecordedStep) -> None:
        """Keep what `_seen_home` reads at the episode's end: whether the episode is a look
        (every step succeeded and only moved the base, opened or closed something) and the
        objects it walked to and opened."""
        spec = self.table[step.skill]
        looks = step.succeeded and bool(spec.effect) and all(
            form == "robot_at" or (form == "state" and isinstance(param, dict)
                                   and param.get("value") in ("opened", "closed"))
            for form, param in spec.effect)
        ep.look_only = ep.look_only and looks
        if looks:
            for form, param in spec.effect:
                arg = param if form == "robot_at" else (
                    param["arg"] if param.get("value") == "opened" else None)
                if arg is not None and int(arg) < len(step.args):
                    ep.looked.add(step.args[int(arg)])

    def _follow_doors(self, ep: _Open, step: RecordedStep,
                      containers: Mapping[str, str]) -> None:
        """Keep which receptacles the robot left open (opened, not closed since, in any
        episode) and what a later episode found of them: a step that needs one open (a put
        into it, a pick from it: `containers`, the receptacles `_container_state` names)
        that this episode has not opened is refused as not possible (the door was shut
        behind the robot's back) or done (it stayed open). One verdict per door left open.
        `_left_open_line` lists them once the house is seen to shut them. Tidy tuning
        streams, round 97: 67 puts and 103 picks of the experience arm were refused
        because a receptacle an earlier task had opened and left open was shut by the daily
        tidy while memory still read it open (untidied streams: 267 such steps, none
        refused). A step done is a verdict only when it names the receptacle (a put into
        it): a pick is done wherever the object truly was, and one memory held in the
        fridge, taken from the cabinet this episode opened, counted the fridge as left
        open; that one verdict against one refusal took the line away, and the next put
        into the fridge, which the house had shut, was refused (round 117, fresh85a tidy
        s0020, s0025)."""
        for key in containers:
            rec = key[len(CONTAINER):]
            left = self._left_open.get(rec)
            if left is None or left == step.episode_id or rec in ep.opened:
                continue
            if step.succeeded and rec not in step.args:
                continue
            if step.succeeded:
                self._doors_stayed += 1
            elif step.error_code == int(ErrorCode.PRECONDITION_FAILED):
                self._doors_shut += 1
            else:
                continue
            del self._left_open[rec]
        rec, value = _door_change(self.table[step.skill], step)
        if value:
            self._left_open.pop(rec, None)
        if value == "opened":
            self._left_open[rec] = step.episode_id
            while len(self._left_open) > MAX_LEFT_OPEN:
                self._left_open.popitem(last=False)

    def _follow_search(self, ep: _Open, step: RecordedStep) -> None:
        """Keep what `_searched_in` reads at the episode's end: a receptacle the episode
        opened and moved on from (the next step walked, looked for a type, or opened
        something else, and did not name it) showed nothing the task could use. A step
        that acts on it (a pick from it, a put into it, its close) or any other step
        ends that without a verdict."""
        spec = self.table[step.skill]
        rec, label = ep.search_open
        if rec:
            ep.search_open = ("", "")
            moves_on = spec.effect_param("robot_at") is not None or _opens(spec) or any(
                a.kind == "label" for a in spec.args)
            if moves_on and rec not in step.args:
                ep.searched_in[rec] = label
        opened = _opened_by(spec, step)
        if opened and opened in step.labels:
            ep.search_open = (opened, step.labels[opened])

    def _searched_in(self, ep: _Open, success: bool) -> None:
        """The receptacles an episode opened and moved on from (`_follow_search`; the last
        one opened too when the episode failed: its search ran out there) held no object
        of the task's types: counted for each type (not the receptacle's own) in
        `_looked_in`, which recall names (`_looked_in_lines`). In a house that returns
        things to where they are kept, a place searched in vain stays empty of the type;
        in one that does not, the robot's own put there is in memory's units, which
        recall checks (fresh90c tidy, round 94: a search for the knife opened fifteen of
        the kitchen's 27 drawers, ran out of steps, and the next task's search for it
        opened the same fifteen in the same nearest-first order)."""
        if not success and ep.search_open[0]:
            ep.searched_in[ep.search_open[0]] = ep.search_open[1]
        for rec, label in ep.searched_in.items():
            self._peeked.pop(rec, None)
            self._peeked[rec] = label
            while len(self._peeked) > MAX_LOOKED_IN:
                self._peeked.popitem(last=False)
        if ep.task is None or not ep.searched_in:
            return
        for role in sorted(self._sought(ep.instruction, ep.task)):
            if len(role) > MAX_LABEL_CHARS:
                continue
            bucket = self._looked_in.setdefault(role, OrderedDict())
            self._looked_in.move_to_end(role)
            for rec, label in ep.searched_in.items():
                if type_key(label) == role:
                    continue
                bucket[rec] = bucket.pop(rec, 0) + 1
                while len(bucket) > MAX_LOOKED_IN:
                    bucket.popitem(last=False)
            if not bucket:
                del self._looked_in[role]
        while len(self._looked_in) > self.places.max_rows:
            self._looked_in.popitem(last=False)
        self._count("experience.searched_in")

    def _sought(self, instruction: str, task: TaskType) -> set[str]:
        """The types (`type_key`) an instruction names: its task type's roles, and the
        category table's types its words name."""
        return {type_key(r) for r in (*task.roles, *task_type(instruction, self._type_names).roles)}

    def _seen_home(self, conn: sqlite3.Connection, ep: _Open) -> None:
        """A look that won its episode (only walks, opens and closes; the planner judged the
        goal met after it, and memory marks what an open does not show absent) saw each
        unit of the task's types that the robot last left at its home, where it walked to
        or opened: `UsualPlaces.seen_home` (the robot's own put back home, seen to stay)."""
        if not ep.look_only or not ep.looked or ep.task is None or not ep.steps:
            return
        roles = {r.lower() for r in ep.task.roles}
        for unit, home in sorted(self.places.at_home().items()):
            if home not in ep.looked and unit not in ep.looked:
                continue
            row = conn.execute("SELECT label FROM exp_step_objects WHERE object_id=? LIMIT 1",
                               (unit,)).fetchone()
            if row is not None and str(row[0]).lower() in roles \
                    and self.places.seen_home(unit, home):
                self._count("experience.look_saw_home")

    def _usual_places_of(self, conn: sqlite3.Connection, step: RecordedStep, source: str,
                         opened_for: tuple[str, str] | None = None) -> list[FactAssertion]:
        """Count where a successful pick found its object (the receptacle opened for it
        after a refused pick, `opened_for`, else memory's place for it), where a put set
        it down, and where the put's receptacle stood (memory's place for it); the
        usual-place fact of the type when this place is (still or now) its
        usual one, or when, in a house that keeps the robot's puts
        (`UsualPlaces.keeps_puts`), the find or put took back what the same object gave
        another place (`UsualPlaces.supersede`) and the usual place is no longer the
        fact's."""
        spec = self.table[step.skill]
        seen: list[tuple[str, str, str, str, str]] = []   # object, rel, place, label, kind
        hold = spec.effect_param("hold")
        if hold is not None:
            obj = step.args[int(hold)]
            if opened_for is not None and obj in step.labels:
                seen.append((obj, "in", *opened_for, "found"))
            elif obj in step.places and obj in step.labels:
                seen.append((obj, *step.places[obj], "found"))
            elif obj in step.positions:
                self.places.found_unplaced(obj, step.positions[obj])
        placed = self._placed(step)
        if placed is not None:
            obj, rel, rec = placed
            if obj in step.labels and rec in step.labels:
                seen.append((obj, rel, rec, step.labels[rec], "put"))
            # The receptacle a put used stood where memory had it (in or on something): it
            # was found there as a picked object is. A bowl or a pot is a put's
            # destination far more often than a pick's object, so without this its home was
            # never a usual place, and a later "put the tomato in the bowl" opened nine
            # receptacles before the cabinet two earlier tasks had used it in (round 100,
            # fresh98a tidy s0022). Not furniture: a wall cabinet memory had "on" the
            # counter below it is no thing to look for there (its fact crowded a put-back
            # line out of the plan's facts: fresh90c tidy s0024, a pick refused twice).
            stood = step.places.get(rec)
            if stood and stood[1] and rec in step.labels \
                    and not self.categories.stands_alone(step.labels[rec]):
                seen.append((rec, *stood, "found"))
        out = []
        for obj, rel, rec, rec_label, kind in seen:
            label = step.labels[obj]
            if kind == "found" and self.places.put_elsewhere(obj, rec, step.episode_id):
                self._note_returned(obj, rec)
            if kind == "found":
                # Found there after all: no longer a place searched in vain for its type.
                looked = self._looked_in.get(type_key(label))
                if looked is not None:
                    looked.pop(rec, None)
            count = self.places.observe(conn, label, rel, rec, rec_label, kind, source,
                                        step.stamp, obj)
            # Evidence first, then its use: this find may be what shows the house keeps
            # the robot's puts.
            self.places.follow(conn, obj, rec, kind, step.episode_id, step.stamp,
                               step.positions.get(obj), self.settings.belief_radius)
            moved_out = self._moved_since_refusal
            moved_out[obj] = None
            moved_out.move_to_end(obj)
            while len(moved_out) > self.settings.max_transitions:
                moved_out.popitem(last=False)
            moved = self.places.keeps_puts() and self.places.supersede(conn, label, obj, rec)
            current = self.facts.current(TYPE_SUBJECT + label, "usually")
            incumbent = current.value.split(" ")[1] if current is not None else ""
            usual = self.places.usual(label, incumbent)
            if usual is not count and not (moved and usual is not None
                                           and usual.place_id != incumbent):
                continue
            fits = (len(TYPE_SUBJECT + label) <= MAX_ID_LENGTH
                    and len(usual.value()) <= MAX_VALUE_CHARS)   # else counted, not stated
            if fits:
                out.append(FactAssertion(TYPE_SUBJECT + label, label, "usually",
                                         usual.value(), source, step.stamp))
        return out

    def _note_returned(self, obj: str, rec: str) -> None:
        """`obj` was found in `rec` after the robot had put it elsewhere (`_returned_to`)."""
        returned = self._returned_to
        returned.setdefault(obj, set()).add(rec)
        returned.move_to_end(obj)
        while len(returned) > self.settings.max_transitions:
            returned.popitem(last=False)

    def _bound_open(self, conn: sqlite3.Connection, now: float) -> None:
        while len(self._open) > self.settings.max_open_episodes:
            episode_id, _ = self._open.popitem(last=False)
            conn.execute("UPDATE exp_episodes SET status='abandoned', updated_at=? WHERE"
                         " episode_id=?", (now, episode_id))
            self._ended.add(episode_id)
            self._count("experience.abandoned_episodes")

    def _finish(self, conn: sqlite3.Connection, ep: _Open, success: bool, now: float,
                reason: str = "") -> None:
        """End an episode: store its result, learn its procedure, judge what it was given
        (`reason`: why it ended, as its caller said; "" = not stated)."""
        if ep.instruction:
            # Typed again with every label known now: at the instruction's recall an object
            # not yet seen ("plate") was a plain word, so its role was missing and a recipe
            # learnt under that type would bind its roles to the wrong objects.
            labels = {r["label"] for r in conn.execute(
                "SELECT DISTINCT label FROM exp_step_objects WHERE episode_id=?",
                (ep.episode_id,))}
            ep.task = task_type(ep.instruction, labels | self._labels)
        sim = (ep.last_stamp - ep.first_stamp) if ep.first_stamp is not None else 0.0
        conn.execute(
            "UPDATE exp_episodes SET status='ended', success=?, instruction=?, task_type=?,"
            " roles=?, sim_duration=?, wall_duration=?, updated_at=? WHERE episode_id=?",
            (int(success), ep.instruction, ep.task.key if ep.task else "",
             json.dumps(list(ep.task.roles) if ep.task else []), max(0.0, sim),
             now - ep.started_at, now, ep.episode_id))
        signature = ""
        if success and ep.task is not None and ep.stored_steps == ep.steps:
            signature = self._signature(conn, ep.episode_id, ep.task)
        used = {int(i.split(":")[1]) for i in ep.delivered if i.startswith("proc:")}
        pruned: list[str] = []
        if ep.task is not None:
            pruned = self.procedures.learn(conn, ep.task.key, signature, len(ep.task.roles),
                                           ep.episode_id, success, used, now,
                                           self.utility.score)
        if signature and ep.task is not None:
            own = self.procedures.find(ep.task.key, signature)
            if own is not None:
                self._instances[own.procedure_id] = self._instances_of(conn, ep.episode_id)
        for item in pruned:
            self._instances.pop(int(item.split(":")[1]), None)
        self.utility.record(conn, ep.delivered, success)
        if not success:
            self._searched_out(conn, ep, now, reason)
        else:
            self._seen_home(conn, ep)
        self._searched_in(ep, success)
        # The objects the episode acted on share its outcome (unit:<id>): what the
        # short-term cache may weigh next to frequency (ShortTermSettings.utility_weight).
        units = [UNIT_ITEM + r[0] for r in conn.execute(
            "SELECT DISTINCT object_id FROM exp_step_objects WHERE episode_id=?",
            (ep.episode_id,))]
        self.utility.record(conn, units, success)
        for item in units:
            self._unit_items[item] = None
            self._unit_items.move_to_end(item)
        stale = []
        while len(self._unit_items) > self.settings.max_transitions:
            stale.append(self._unit_items.popitem(last=False)[0])
        self.utility.forget(conn, stale)   # bounded like the transitions naming them
        self.utility.forget(conn, pruned)
        del self._open[ep.episode_id]
        self._ended.add(ep.episode_id)
        self._prune_episodes(conn)

    def _instances_of(self, conn: sqlite3.Connection, episode_id: str) -> dict[str, str]:
        """{label: object id} of the objects a successful episode's steps acted on and
        did not pick (a picked object is the task's own and differs every time); a label
        with two such instances (two drawers) keeps the last one used."""
        rows = conn.execute("SELECT skill, args, labels FROM exp_steps WHERE episode_id=?"
                            " AND succeeded=1 ORDER BY seq", (episode_id,)).fetchall()
        held: set[str] = set()
        used: dict[str, str] = {}
        for r in rows:
            spec = self.table[r["skill"]] if r["skill"] in self.table else None
            if spec is None:
                continue
            args, labels = json.loads(r["args"]), json.loads(r["labels"])
            hold = spec.effect_param("hold")
            if hold is not None and int(hold) < len(args):
                held.add(args[int(hold)])
            for i, a in enumerate(args):
                if i < len(spec.args) and spec.args[i].kind in ("object", "place") \
                        and a in labels:
                    used[labels[a]] = a
        return {label: o for label, o in sorted(used.items()) if o not in held}

    def _load_instances(self, conn: sqlite3.Connection) -> dict[int, dict[str, str]]:
        """After a restart: each procedure's newest successful episode still stored whose
        steps are that procedure (episodes are pruned; without one, no preference)."""
        out: dict[int, dict[str, str]] = {}
        wanted = {(p.task_type, p.signature): p.procedure_id
                  for t in self.procedures.task_types() for p in self.procedures.of(t)}
        if not wanted:
            return out
        for r in conn.execute("SELECT episode_id, task_type, roles FROM exp_episodes WHERE"
                              " status='ended' AND success=1 AND task_type != ''"
                              " ORDER BY updated_at DESC, episode_id"):
            task = TaskType(r["task_type"], tuple(json.loads(r["roles"])))
            pid = wanted.get((task.key, self._signature(conn, r["episode_id"], task)))
            if pid is not None and pid not in out:
                out[pid] = self._instances_of(conn, r["episode_id"])
                if len(out) == len(wanted):
                    break
        return out

    def _signature(self, conn: sqlite3.Connection, episode_id: str, task: TaskType) -> str:
        rows = conn.execute("SELECT skill, args, labels FROM exp_steps WHERE episode_id=?"
                            " AND succeeded=1 ORDER BY seq", (episode_id,)).fetchall()
        raw: list[tuple[str, list[str], dict[str, str]]] = []
        picked: set[str] = set()
        for r in rows:
            args, labels = json.loads(r["args"]), json.loads(r["labels"])
            spec = self.table[r["skill"]]
            hold = spec.effect_param("hold")
            if hold is not None and int(hold) < len(args):
                picked.add(args[int(hold)])
            needs = [args[q.arg] for q in spec.requires
                     if q.name == "holding" and q.arg is not None and q.arg < len(args)]
            leftover = [o for o in needs if o not in picked]
            if leftover:
                # The episode started holding it (left from an earlier task): replayed, the
                # step would need a gripper state the procedure never makes. Putting down
                # such a leftover is not part of the task; acting on the task's own object
                # without picking it means the episode is no recipe at all.
                if any(labels.get(o) in task.roles for o in leftover):
                    return ""
                continue
            raw.append((r["skill"], args, labels))
        searched = self._search_opens(raw)
        steps = [abstract_step(skill, args, labels, task.roles, self.table)
                 for i, (skill, args, labels) in enumerate(raw) if i not in searched]
        # Exploration until something is seen depends on where it was: not a procedure
        # step. A move followed by another move did nothing (a detour a repair left).
        moves = {n for n in self.table.names if self.table[n].effect_param("robot_at")
                 is not None}
        kept = [s for s in steps if not s.startswith("explore(")]
        kept = [s for i, s in enumerate(kept)
                if not (s.split("(")[0] in moves and i + 1 < len(kept)
                        and kept[i + 1].split("(")[0] in moves)]
        return " ; ".join(kept)

    def _search_opens(self, steps: Sequence[tuple[str, Sequence[str], Mapping[str, str]]]
                      ) -> set[int]:
        """Indexes of the opens no later step used (nothing put in, nothing closed, nothing
        taken from it next: the receptacles a search looked into) and of the moves to
        them. Like exploration, where a search had to look depends on where things were
        that time; replayed as a recipe, it opened the same ten drawers and cabinets in
        the old order and never the one the object is usually in (tune tidy s0018: the
        cup, usually in object_46, lost after 22 steps)."""
        out: set[int] = set()
        for i, (skill, args, _) in enumerate(steps):
            state = self.table[skill].effect_param("state")
            if not isinstance(state, dict) or state.get("value") != "opened" \
                    or int(state["arg"]) >= len(args):
                continue
            rec = args[int(state["arg"])]
            # A later move to it is no use of it: the robot went there to heat at a
            # fixture beside it (the heat skill names no fixture), and the microwave a
            # search had opened was replayed as "open(Microwave)" in every later heat
            # task (tune2 tidy, stream seed 1200, s0004: four steps for nothing).
            if any(rec in later for skill_, later, _ in steps[i + 1:]
                   if self.table[skill_].effect_param("robot_at") is None):
                continue
            after = next((st for st in steps[i + 1:]
                          if self.table[st[0]].effect_param("robot_at") is None), None)
            if after is not None and self.table[after[0]].effect_param("hold") is not None:
                # Opened to take from it: the next thing done there is a pick (the knife
                # from its closed drawer). Left out, the replayed pick was refused: the
                # core stream's full arm went from 0 to 26 repeated failures (round 12).
                continue
            out.add(i)
            if i > 0 and self.table[steps[i - 1][0]].effect_param("robot_at") is not None \
                    and rec in steps[i - 1][1]:
                out.add(i - 1)
        return out

    def _prune_episodes(self, conn: sqlite3.Connection) -> None:
        cap = self.settings.max_stored_episodes
        if conn.execute("SELECT COUNT(*) FROM exp_episodes WHERE status != 'open'"
                        ).fetchone()[0] <= cap:
            return
        # Down to 90% of the cap, so the sort runs once per tenth of the cap.
        rows = conn.execute(
            "SELECT episode_id FROM exp_episodes WHERE status != 'open' ORDER BY updated_at"
            " DESC, episode_id LIMIT -1 OFFSET ?", (int(cap * 0.9),)
        ).fetchall()
        if rows:
            ids = [(r[0],) for r in rows]
            conn.executemany("DELETE FROM exp_step_objects WHERE episode_id=?", ids)
            conn.executemany("DELETE FROM exp_steps WHERE episode_id=?", ids)
            conn.executemany("DELETE FROM exp_episodes WHERE episode_id=?", ids)
            self._ended.difference_update(r[0] for r in rows)

    # -- whole episodes -----------------------------------------------------------------------
    def record_episode(self, episode: Episode) -> RecordResult:
        """Store a complete episode recorded elsewhere, as if it had run here. The same
        episode again is recognised and not counted twice; a different one under an id
        already used is a Conflict. Malformed or partial episodes: InvalidArgument."""
        ep = check_episode(episode, self.table, self.settings.max_steps_per_episode)
        digest = content_hash(ep)
        with self._lock:
            if ep.episode_id in self._open:
                raise Conflict(f"episode {ep.episode_id!r} is open here; its steps come "
                               "through record_outcome")
            row = self.store.query("SELECT content_hash FROM exp_episodes WHERE episode_id=?",
                                   (ep.episode_id,))
            if row:
                if row[0][0] == digest:
                    self._count("experience.duplicate_episode")
                    return RecordResult(ep.episode_id, "duplicate",
                                        "already recorded with the same content; merged")
                raise Conflict(f"episode {ep.episode_id!r} was already recorded with "
                               "different content; nothing stored")
            now = time.time()
            labels = {lbl for s in ep.steps for lbl in s.labels.values()}
            task = task_type(ep.instruction, labels | self.known_labels())
            with self._truth(), self.store.transaction() as conn:
                self._pending[ep.episode_id] = (ep.instruction, task, set())
                open_ = self._open_episode(conn, ep.episode_id, now)
                held = ""
                for s in ep.steps:
                    held_before = s.held_before or held
                    held = held_before
                    if s.succeeded and s.skill == "pick":
                        held = s.args[0]
                    elif s.succeeded and s.skill == "put" and s.args[0] == held_before:
                        held = ""
                    self._record_step(conn, open_, RecordedStep(
                        ep.episode_id, s.skill, s.args, bool(s.succeeded), s.error_code,
                        s.robot_area, held_before, held, s.labels, s.states, s.stamp), now,
                        live=False)
                conn.execute("UPDATE exp_episodes SET content_hash=? WHERE episode_id=?",
                             (digest, ep.episode_id))
                self._finish(conn, open_, bool(ep.task_succeeded), now)
                if ep.sim_duration:
                    conn.execute("UPDATE exp_episodes SET sim_duration=? WHERE episode_id=?",
                                 (ep.sim_duration, ep.episode_id))
            return RecordResult(ep.episode_id, "recorded", "")

    # -- facts from elsewhere -----------------------------------------------------------------
    def add_facts(self, assertions: Sequence[FactAssertion]) -> list[FactResult]:
        """Assert facts (e.g. from the scene graph); the batch is all or nothing."""
        batch = FactStore.check_batch(assertions)
        with self._lock, self._truth(), self.store.transaction() as conn:
            results, dropped = self.facts.apply(conn, batch)
            self.utility.forget(conn, dropped)
            return results

    # -- queries ------------------------------------------------------------------------------
    def known_labels(self) -> set[str]:
        """Object labels seen in steps and facts: the words that name objects in
        instructions (with the labels of the units in memory)."""
        return self._labels

    def episodes(self, task_type: str = "", object_id: str = "", label: str = "",
                 area: str = "", limit: int = 100) -> list[StoredEpisode]:
        """Stored episodes, newest first, filtered by task type, object, label or area."""
        if not 1 <= limit <= MAX_EPISODE_QUERY:
            raise InvalidArgument(f"limit {limit} is outside [1, {MAX_EPISODE_QUERY}]")
        where, params = [], []
        if task_type:
            where.append("e.task_type = ?")
            params.append(task_type)
        if object_id:
            where.append("e.episode_id IN (SELECT episode_id FROM exp_step_objects"
                         " WHERE object_id = ?)")
            params.append(object_id)
        if label:
            where.append("e.episode_id IN (SELECT episode_id FROM exp_step_objects"
                         " WHERE label = ? COLLATE NOCASE)")
            params.append(label)
        if area:
            where.append("e.episode_id IN (SELECT episode_id FROM exp_steps WHERE"
                         " robot_area = ?)")
            params.append(area)
        sql = ("SELECT * FROM exp_episodes e" + (" WHERE " + " AND ".join(where) if where
                                                 else "")
               + " ORDER BY e.updated_at DESC, e.episode_id LIMIT ?")
        rows = self.store.query(sql, (*params, limit))
        return [StoredEpisode(r["episode_id"], r["instruction"], r["task_type"], r["status"],
                              bool(r["success"]), r["steps"], r["successes"],
                              r["sim_duration"], r["wall_duration"]) for r in rows]

    def stats(self) -> dict[str, int]:
        rows = self.store.query("SELECT status, COUNT(*) FROM exp_episodes GROUP BY status")
        out = {f"experience.episodes.{r[0]}": int(r[1]) for r in rows}
        out.update({"experience.transitions": len(self.graph),
                    "experience.procedures": len(self.procedures),
                    "experience.facts": len(self.facts),
                    "experience.usual_places": len(self.places),
                    "experience.open_episodes": len(self._open)})
        out.update(self.counters)
        return out

    def unit_utility(self, object_id: str) -> float:
        """Laplace-smoothed success rate of the ended episodes that acted on the object
        (0.5 when none did)."""
        return self.utility.score(UNIT_ITEM + object_id)

    # -- RecallSource -------------------------------------------------------------------------
    def _recall_view(self, units: Mapping[str, ObjectMemoryUnit]) -> _RecallView:
        """The label index and the units' states and positions, rebuilt only when the units
        or the known labels changed: at 10,000 units rebuilding them cost 2-4 ms of every
        step's recall. `units` is recall's snapshot, replaced (never changed in place) when
        the short-term memory changes, so the same object means the same units."""
        view = self._view
        if view is None or view.units is not units \
                or view.labels_version != self._labels_version:
            index = label_index({u.label for u in units.values()} | self._labels)
            if view is not None and view.units is units:
                view = replace(view, labels_version=self._labels_version, index=index)
            else:
                view = _RecallView(units, self._labels_version, index,
                                   {oid: u.state for oid, u in units.items()},
                                   {oid: u.position for oid, u in units.items()})
            self._view = view
        return view

    def drop_recall_views(self) -> None:
        """Forget the cached views (benchmarks: the cost of a request that rebuilds them)."""
        with self._lock:
            self._view = None

    def recall_extra(self, instruction: str, episode_id: str, brief: BriefState | None,
                     units: Mapping[str, ObjectMemoryUnit], budget: int) -> ExtraContext:
        self._follow_joins()
        with self._lock:
            view = self._recall_view(units)
            task = task_type(instruction, view.index)
            if episode_id and episode_id not in self._ended:
                ep = self._open.get(episode_id)
                if ep is None and episode_id not in self._pending:
                    self._pending[episode_id] = (instruction, task, set())
                    while len(self._pending) > self.settings.max_open_episodes:
                        self._pending.popitem(last=False)
                elif ep is not None and ep.task is None:
                    ep.instruction, ep.task = instruction, task  # stored with its next step
            lines: list[tuple[str, str, str]] = []   # (kind, item id, text)
            robot: tuple[str, str] | None = None
            if brief is not None:
                robot = self._robot.briefed(episode_id, brief.robot_area, brief.held_object)
            elif self._robot.area or self._robot.held:
                # An instruction's recall has no brief: the state is where the robot's
                # last outcome left it, so a plan's first call is checked too.
                robot = (self._robot.area, self._robot.held)
            if robot is not None:
                ep = self._open.get(episode_id)
                states = ChainMap(view.states, self._seen_states,
                                  # Read only: ChainMap's types ask for a mutable map.
                                  cast("MutableMapping[str, str]", _Containers(
                                      ep.opened if ep is not None else set())))
                where = ChainMap(view.positions, self._seen_positions)
                bad = [t for t in self.graph.known_bad(robot_key(*robot), states, where,
                                                       self.settings.belief_radius)
                       if not self._taken_out(t)]
                # The lines about this task first (its own failures, and calls on objects
                # of the types it names), in the graph's order within each part: ranked by
                # margin and recency alone, the last `max_known_bad` lines of a long stream
                # were failures of other tasks, and a navigate to the bread refused NOT_FOUND
                # at the garbage can four tasks earlier was 11th of 11, not delivered, and
                # refused again (tune3 tidy, stream seed 2822, s0027; round 30).
                roles = set(task.roles)
                bad.sort(key=lambda t: not (
                    (bool(episode_id) and t.last_episode == episode_id)
                    or any(o in units and units[o].label in roles for o in t.object_states)))
                for t in bad[: self.settings.max_known_bad]:
                    lines.append(("bad", t.item_id, _bad_text(t)))
            if brief is None:
                best = self.procedures.best(task, self.utility.score,
                                            self.settings.min_task_similarity)
                if best is not None:
                    lines.append(("proc", best[0].item_id, _procedure_text(
                        best[0], task, self._instances.get(best[0].procedure_id, {}))))
            subjects = [brief.held_object] if brief is not None and brief.held_object else []
            # Usual places first: what a search for an object memory lost needs.
            about = self.facts.about(task.roles, subjects)
            # The types memory's units hold now (only when an absence fact may need it).
            seen = {u.label.lower() for u in units.values() if u.state != "absent"} \
                if any(f.relation == "absent" for f in about) else set()
            facts = sorted((f for f in about
                            if f.relation != "absent" or self._searched_out_now(f, seen)),
                           key=lambda f: (f.relation not in ("absent", "usually"),
                                          -self.utility.score(f.item_id) * f.support,
                                          -f.updated_at, f.fact_id))
            # A state of the robot's the house has undone is said so in its fact's place
            # (`_undone`): one more line would take its tokens from the units' share.
            undone = self._undone(episode_id, units)
            for f in facts[: self.settings.max_facts_per_recall]:
                text = _undone_text(f) if f.fact_id in undone else f.text()
                lines.append(("fact", f.item_id, f"{text} [{f.item_id}]"))
            lines.extend(("fact", "", text) for text in self._put_back(task, episode_id, units))
            lines.extend(("fact", "", text)
                         for text in self._left_by_robot(task, episode_id, units))
            lines.extend(("fact", "", text)
                         for text in self._left_open_line(task, episode_id, units))
            lines.extend(("fact", "", text)
                         for text in self._looked_in_lines(instruction, task, units))
            answer = _fit(lines, max(0, min(budget - 1, int(budget * self.settings.budget_share))))
            if episode_id:
                delivered = [i for _, i, _ in lines if f"[{i}]" in answer.text]
                ep = self._open.get(episode_id)
                if ep is not None:
                    ep.delivered.update(delivered)
                elif episode_id in self._pending:
                    self._pending[episode_id][2].update(delivered)
            return answer

    def _put_back(self, task: TaskType, episode_id: str,
                  units: Mapping[str, ObjectMemoryUnit]) -> list[str]:
        """Units of the task's types that memory has where the robot put them in an
        earlier task (its receptacle is that put's, no find has answered the put since), in
        a house whose later finds show the robot's puts moved on before the next task
        (`UsualPlaces.undoes_puts`: a daily tidy takes things back to where they are kept;
        a unit not found where the robot had put it counts too).
        Memory's place for such a unit is the put, and the unit is most likely back where
        it was found before that put (named when memory knew a receptacle for it) or at its
        type's usual place: the planner looks there first (offline.py `_doubt_put`). Tidy tuning
        streams, round 64: 62 of the experience arm's navigates to a unit the robot had put
        in an earlier task were refused NOT_FOUND on 12 streams (the tidy had taken it
        back), each followed by an explore or a walk to another place."""
        if not episode_id or not units or not self.places.undoes_puts():
            return []
        roles = {r.lower() for r in task.roles}
        out: list[str] = []
        for oid, u in sorted(units.items()):
            if u.label.lower() not in roles:
                continue
            place, home = self.places.put_before(oid, episode_id)
            # Absent there too (a look since saw the put's place without it): still named
            # when memory knows its home, which a search opens first (offline.py
            # `_search`); fresh91b tidy s0011, round 98, searched the put's fridge again,
            # then fifteen cabinets, never the cup's home.
            if place and u.receptacle_id == place and (u.state != "absent" or home):
                self._count("experience.put_back_doubted")
                out.append(f"{oid} was put in {place} by the robot in an earlier task, "
                           "and this house puts things back"
                           + _found_before(home, self.places.home_position(oid)))
        return out

    def _undone(self, episode_id: str, units: Mapping[str, ObjectMemoryUnit]) -> set[int]:
        """The state facts (ids) of units whose state memory holds is the one a skill of the
        robot made in an earlier task, in a house whose later finds show the robot's work
        moved on before the next task (`UsualPlaces.undoes_puts`: a daily tidy restores the
        layout, states too). The camera does not read "heated", so memory keeps it; recall
        says the state was undone (`_undone_text`) and the planner makes it again
        (offline.py `_doubted`). Not a door's open or closed, which the camera reads and
        `_left_open_line` covers. Round 105 (tune3 tidy 3152 s0007, the base's experience
        arm): the cup heated two tasks before, put back on its own side table, was carried
        to the counter on memory's "heated" ("done", lost); a put back where it was found
        has no put-back line to doubt it by."""
        if not episode_id or not units or not self.places.undoes_puts():
            return set()
        this_task = f"episode:{episode_id.split('#', 1)[0]}#"
        out: set[int] = set()
        for oid, u in units.items():
            if u.state in ("", "none", "absent", "opened", "closed"):
                continue
            f = self.facts.current(oid, "state")
            if f is not None and f.value == u.state and f.provenance \
                    and not f.provenance[-1].startswith(this_task):
                out.add(f.fact_id)
        if out:
            self._count("experience.state_undone")
        return out

    def _left_by_robot(self, task: TaskType, episode_id: str,
                       units: Mapping[str, ObjectMemoryUnit]) -> list[str]:
        """Units of the task's types that memory has where the robot itself last left them,
        in a house that keeps the robot's puts (`UsualPlaces.left_by_robot`: a put of an
        earlier task that moved it, or a put back where it was found). Such a placement is
        the robot's own doing, not a sighting that may be stale: the planner judges a goal
        met on it without going to look first (offline.py `unconfirmed`). Untidied tuning
        streams, round 66: 61 of 360 tasks on 12 streams were looks only (167 calls:
        navigate, open, close), many at such a placement, e.g. a butter knife the robot had
        found in a drawer, put back and closed, looked at in five later tasks."""
        if not episode_id or not units:
            return []
        roles = {r.lower() for r in task.roles}
        out: list[str] = []
        for oid, place in sorted(self.places.left_by_robot(episode_id).items()):
            u = units.get(oid)
            if u is None or u.label.lower() not in roles or u.state == "absent":
                continue
            if u.receptacle_id == place:
                self._count("experience.left_by_robot_named")
                out.append(f"{oid} was left in {place} by the robot, and it stays there")
        return out

    def _left_open_line(self, task: TaskType, episode_id: str,
                        units: Mapping[str, ObjectMemoryUnit]) -> list[str]:
        """The receptacles the robot left open in earlier episodes (`_follow_doors`) that
        memory may still read open, in a house seen to shut such doors more often than not (a
        later step through one refused more often than done): the planner opens one
        before a put into it or a pick from it (offline.py `_shut_since`). One line of a
        few ids, the task's first (of a type it names, or holding an object of one), then
        the most recently opened: a line naming every door was cut by the budget in long
        streams (fresh94a tidy s0028, round 97)."""
        if self._doors_shut == 0 or self._doors_shut <= self._doors_stayed:
            return []
        roles = {r.lower() for r in task.roles}
        ours = {u.receptacle_id for u in units.values()
                if u.relation == "in" and u.label.lower() in roles}
        # A door the short-term memory holds read shut is not listed (the planner checks
        # the scene graph's reading of the others: `units` are the recently used objects).
        doors = [r for r, ep in reversed(self._left_open.items())
                 if ep != episode_id and ((u := units.get(r)) is None or u.state == "opened")]
        doors.sort(key=lambda r: not (r in ours or (
            (u := units.get(r)) is not None and u.label.lower() in roles)))
        doors = doors[:MAX_LEFT_OPEN_NAMED]
        if not doors:
            return []
        self._count("experience.left_open_named")
        return [f"{', '.join(doors)} {'was' if len(doors) == 1 else 'were'} left open by the"
                " robot in an earlier task, and this house shuts what is left open"]

    def _looked_in_lines(self, instruction: str, task: TaskType,
                         units: Mapping[str, ObjectMemoryUnit]) -> list[str]:
        """Per type of the task, the receptacles earlier episodes searched for it in vain
        (`_searched_in`), the most searched first, less those memory's units now have an
        object of the type in (put there since, or seen there): the planner opens them
        after every other candidate (offline.py `_search`). Then, per type that stands in
        something, the receptacles opened for anything else (`_peeked_lines`)."""
        if not self._looked_in and not self._peeked:
            return []
        sought = self._sought(instruction, task)
        roles = sorted(r for r in sought if self._looked_in.get(r) or self._peeked)
        holding: dict[str, set[str]] = {r: set() for r in roles}
        if roles:   # one pass over the units (10,000 at robot scale)
            for u in units.values():
                held_by = holding.get(type_key(u.label))
                if held_by is not None and u.receptacle_id and u.state != "absent":
                    held_by.add(u.receptacle_id)
        out: list[str] = []
        for role in roles:
            bucket: Mapping[str, int] = self._looked_in.get(role, {})
            places = sorted((r for r in bucket if r not in holding[role]),
                            key=lambda r: -bucket[r])[:MAX_LOOKED_IN_NAMED]
            if places:
                out.append(f"{role} was looked for in {', '.join(places)} in earlier tasks"
                           " and not found there")
            # Furniture, appliances and fixtures stand in nothing: never searched for inside
            # a receptacle, so no line is made for one (a fridge, a counter top).
            if not self.categories.stands_alone(role):
                out.extend(self._peeked_lines(role, holding[role] | set(places)))
        return out

    def _peeked_lines(self, role: str, skip: set[str]) -> list[str]:
        """The receptacles earlier episodes opened and moved on from whatever they sought
        (`_peeked`), the most recent first, less `skip` (those memory's units have an
        object of the type in, and those the searched-in-vain line names), those of the
        type itself and those the type was ever found in (its usual places): the camera
        saw inside each, and showed nothing of the type. The planner opens them after
        every other candidate, as the searched-in-vain ones (offline.py `_search`). Tidy
        tuning streams, round 105's base: 145 opens of a search went to a receptacle an
        earlier task had opened, before the one never opened that held the object."""
        found = {c.place_id for c in self.places.places(role) if c.found > 0}
        places = [r for r, label in reversed(self._peeked.items())
                  if r not in skip and r not in found and type_key(label) != role]
        if not places:
            return []
        return [f"{role} was not seen in {', '.join(places[:MAX_LOOKED_IN_NAMED])}, opened"
                " in earlier tasks"]

    def _taken_out(self, t: Transition) -> bool:
        """A pick listed as shut in (its state names receptacles as found: "until R is
        opened") whose object the robot itself has since found or put somewhere else
        (`UsualPlaces.last_place`, after the pick's last refusal), in a house that keeps
        the robot's puts (`UsualPlaces.keeps_puts`): nothing but the robot moves things
        there, so the object is where the robot left it and R is a place it left. Kept,
        the listing sent every later pick to open R first (round 60, 66 untidied tuning
        streams: the first task where experience did worse was this listing on all 8
        streams that had one; +53 steps over 24 tasks). In a house that tidies, a put is
        often undone unseen (the tidy puts the object back in R) and the listing holds
        (the same listing saved 111 steps on the 12 tidy tuning streams)."""
        if not self.places.keeps_puts():
            return False
        skill, _, rest = t.action.partition("(")
        hold = self.table[skill].effect_param("hold") if skill in self.table else None
        args = rest.rstrip(")").split(", ") if rest.rstrip(")") else []
        if hold is None or int(hold) >= len(args):
            return False
        obj = args[int(hold)]
        shut = {k[len(CONTAINER):] for k, v in t.object_states.items()
                if k.startswith(CONTAINER) and v == AS_FOUND}
        if not shut or obj not in self._moved_since_refusal:
            return False
        if shut & self._returned_to.get(obj, set()):
            # The object itself went back into what the listing names after a put of the
            # robot's elsewhere: the robot's later puts do not say where it is now
            # (tune2 tidy, stream seed 3251, round 63: the soap bottle, refused "inside a
            # closed Cabinet" in s0017 and put in a drawer, was refused again in s0021 with
            # the listing lapsed, found back in the same cabinet, put in the garbage can;
            # each later task's listing lapsed the same way, the shape of a refusal
            # repeated once per task in one state).
            self._count("experience.listing_kept_returned")
            return False
        place = self.places.last_place(obj)
        if not place or place in shut:
            return False
        self._count("experience.listing_taken_out")
        return True

    def _searched_out_now(self, f: Fact, seen: set[str]) -> bool:
        """An absence fact is passed on while it says "searched out", enough tasks ended
        searching for the type, and memory's units hold none of it now (a sighting since
        that no step has acted on yet)."""
        need = self.settings.absent_after_searches
        return need > 0 and f.value == SEARCHED_OUT and f.support >= need \
            and f.subject_label.lower() not in seen


def _found_before(home: str, spot: tuple[float, float, float] | None) -> str:
    """A put-back line's tail: the unit's home and memory's position of it at its last find
    there, where the tidy returns it (the planner takes a unit memory holds at that spot:
    offline.py `_at_put_home`); "" when memory knows neither."""
    where = (f" in {home}" if home else "") + (
        f" at {spot[0]:.2f}, {spot[1]:.2f}, {spot[2]:.2f}" if spot is not None
        and all(math.isfinite(v) for v in spot) else "")
    return f" (found{where} before)" if where else ""


def _undone_text(f: Fact) -> str:
    """A state fact of the robot's that the house has undone, as recall words it
    (planner/core/experience.py `undone_states` reads it)."""
    return (f"{f.subject} ({f.subject_label}) was left {f.value} by the robot in an earlier "
            "task, and this house undoes the robot's work")


@dataclass(frozen=True)
class _RecallView:
    units: Mapping[str, ObjectMemoryUnit]       # the snapshot it was built from
    labels_version: int
    index: LabelIndex
    states: dict[str, str]
    positions: dict[str, tuple[float, float, float]]


class RobotState:
    """Where the robot is and what it holds, in the robot's own words: the planner's brief
    (from its skill results) when one came since the last outcome, else what the robot's
    outcomes say (the area it reported, a successful pick or put). One memory serves one
    robot, so this carries over from one episode to the next (the first step of a task
    starts where the last one ended, holding what it held)."""

    def __init__(self) -> None:
        self.area = ""
        self.held = ""
        self.known = False   # an outcome was heard since the last (re)start
        self._briefed: OrderedDict[str, tuple[str, str]] = OrderedDict()

    def briefed(self, episode_id: str, area: str, held: str) -> tuple[str, str]:
        """The state a brief describes (an area it leaves out is where the robot last
        reported being); kept as the state before the episode's next step."""
        state = (area or self.area, held)
        if episode_id:
            self._briefed[episode_id] = state
            self._briefed.move_to_end(episode_id)
            while len(self._briefed) > MAX_BRIEFED:
                self._briefed.popitem(last=False)
        return state

    def before(self, episode_id: str) -> tuple[str, str] | None:
        """None when the robot has said nothing since memory (re)started."""
        briefed = self._briefed.pop(episode_id, None)
        if briefed is not None:
            return briefed
        return (self.area, self.held) if self.known else None

    def after(self, step: RecordedStep, table: SkillTable, held_before: str) -> None:
        spec = table[step.skill]
        moved = spec.effect_param("robot_at")
        self.known = True
        if step.robot_area:
            self.area = step.robot_area
        elif step.succeeded and moved is not None:
            self.area = step.args[int(moved)]
        self.held = held_before
        if step.succeeded and spec.effect_param("hold") is not None:
            self.held = step.args[int(spec.effect_param("hold"))]
        elif step.succeeded and spec.effect_param("place") is not None and \
                step.args[int(spec.effect_param("place")["object"])] == held_before:
            self.held = ""


def _bad_text(t: Transition) -> str:
    """The known-bad line, naming the receptacles its state had not opened (state.CONTAINER
    entries "as found"): the listing holds until they are opened, so the planner opens
    them instead of guessing (tune3 tidy, stream seed 1300, s0005: memory had the cup in
    the cabinet the last task put it in, the refusals had been traced to the one beside
    it, the plan opened memory's and the pick was refused a third time)."""
    code = ErrorCode(t.last_error_code).name if t.last_error_code in set(ErrorCode) else "?"
    shut = sorted(k[len(CONTAINER):] for k, v in t.object_states.items()
                  if k.startswith(CONTAINER) and v == AS_FOUND)
    until = (f" until {', '.join(shut)} {'is' if len(shut) == 1 else 'are'} opened"
             if shut else "")
    return (f"do not {t.action}: failed {t.failures}x in this state ({code}){until}"
            f" [{t.item_id}]")


def _procedure_text(p: Procedure, task: TaskType, instances: Mapping[str, str]) -> str:
    steps = " ; ".join(bind(s, task.roles) for s in p.steps)
    # Only labels the bound steps name: a role's label is this instruction's, not the last.
    named = set(re.findall(r"[A-Za-z0-9_]+", steps))
    used = ", ".join(f"{label}={o}" for label, o in sorted(instances.items())
                     if label in named)
    return (f"procedure that worked {p.successes}/{p.uses} times for this task: {steps}"
            + (f" (last used: {used})" if used else "") + f" [{p.item_id}]")


def _fit(lines: Iterable[tuple[str, str, str]], budget: int) -> ExtraContext:
    """Header plus the lines that fit, in order (known-bad, procedure, facts)."""
    lines = list(lines)
    if not lines or budget <= 0:
        return ExtraContext(truncated=bool(lines))
    kept = [HEADER]
    used = _tokens(HEADER)
    bad: list[str] = []
    proc = ""
    facts: list[str] = []
    cut = False
    for kind, _, text in lines:
        cost = _tokens(f"- {text}")
        if used + cost > budget:
            cut = True
            continue
        kept.append(f"- {text}")
        used += cost
        if kind == "bad":
            bad.append(text)
        elif kind == "proc":
            proc = text
        else:
            facts.append(text)
    if len(kept) == 1:
        return ExtraContext(truncated=True)
    # WordPiece counts of newline-joined lines add up (recall/context.py), so `used` is the count.
    return ExtraContext("\n".join(kept), used, bad, proc, facts, cut)


@functools.lru_cache(maxsize=4096)
def _tokens(line: str) -> int:
    # The same lines come back step after step; tokenising is most of a recall's cost here.
    return count_tokens(line)


class _Containers(Mapping[str, str]):
    """The receptacle entries of pick states (state.CONTAINER) as they stand now, for any
    receptacle: opened by the robot in this episode or as found."""

    def __init__(self, opened: set[str]) -> None:
        self._opened = opened

    def __getitem__(self, key: str) -> str:
        if not key.startswith(CONTAINER):
            raise KeyError(key)
        return OPENED_HERE if key[len(CONTAINER):] in self._opened else AS_FOUND

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0


def _robot_parts(key: str) -> tuple[str, str]:
    """(area, held) back from state.robot_key's string."""
    parts = dict(p.split("=", 1) for p in key.split(";") if "=" in p)
    area, held = parts.get("area", ""), parts.get("held", "")
    return ("" if area == NOTHING else area), ("" if held == NOTHING else held)
