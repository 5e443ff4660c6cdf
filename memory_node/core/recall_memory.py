"""Recall as the memory server offers it: one object the /memory/recall,
/memory/record_outcome and free-text /memory/query_object requests are answered by.

It owns one `Recaller` (the embedding model, unit descriptions and embeddings, loaded once),
one `StateConditionedRecall` (per-episode candidate pools) and one `WorkingMemory` per open
episode, and reads and writes units through the facade's `ShortTermMemory`, so an outcome
is persisted exactly like an /memory/update_object write and survives a restart.

Bounded by construction: at most `max_episodes` open episodes (least recently used is
dropped, with its pool and working memory), a working-memory window of W steps, embedding
caches pruned to the live units. Every request is validated in full before anything
changes: a rejected request leaves memory as it was. Pure Python, no rclpy.
"""

from __future__ import annotations

import copy
import gc
import math
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from memory_node.core.candidates import MAX_QUERY_RESULTS, ObjectCandidate
from memory_node.core.episode_hooks import (
    EpisodeObserver,
    EpisodeSummary,
    ExtraContext,
    RecallSource,
    RecordedStep,
    check_end_reason,
)
from memory_node.core.errors import ErrorCode, InvalidArgument, NotFound
from memory_node.core.recall.brief_state import BriefState, validate_brief
from memory_node.core.recall.categories import CategoryTable
from memory_node.core.recall.colour_store import CropColourStore
from memory_node.core.recall.context import SceneGraphMemo
from memory_node.core.recall.describe import HELD_BY_ROBOT, Describer
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.embedding_store import EmbeddingStore
from memory_node.core.recall.encoders import make_embedder
from memory_node.core.recall.outcomes import REASON_NOT_FOUND, SkillOutcome, apply_outcome
from memory_node.core.recall.preconditions import Rule, StepRecord, load_rules
from memory_node.core.recall.recall import (
    RankedUnit,
    RecallConfig,
    Recaller,
)
from memory_node.core.recall.settings import RecallSettings
from memory_node.core.recall.step_recall import StateConditionedRecall
from memory_node.core.recall.subtasks import recall_subtasks, subtask_queries
from memory_node.core.recall.working_memory import WorkingMemory
from memory_node.core.short_term import ShortTermMemory
from memory_node.core.skills import check_skill_call
from memory_node.core.stage_times import StageTimes
from memory_node.core.tokens import count_tokens
from memory_node.core.units import (
    MAX_ID_LENGTH,
    RECALLED_AS,
    ObjectMemoryUnit,
    check_finite_position,
    check_identifier,
    check_optional_identifier,
    check_text,
    check_text_list,
    has_refused_characters,
    recalled_as,
)

# (labels, area ids, token budget) -> scene-graph text; provided by the long-term memory.
LongTermText = Callable[[Sequence[str], Sequence[str], int], str]

MAX_MESSAGE_CHARS = 2000       # an outcome or brief-state message: a sentence, not a log
MAX_BRIEF_ARGS = 8             # no skill takes more than 3 arguments
WARNINGS_HEADER = "Warnings:"
# Metres: how far above or below a receptacle's perceived box an object it holds may be seen
# (an object on a counter stands above its top; a box centre carries the camera's noise). In
# the plane the object's centre lies over the box (`RecallMemory._container_of`).
CONTAINER_MARGIN_M = 0.1
# How far (m) from a picked object's position the scene graph's boxes are read for its place:
# half the diagonal of the largest furniture box plus the margin.
CONTAINER_REACH_M = 1.5


@dataclass(frozen=True)
class RecalledUnit:
    unit: ObjectMemoryUnit
    description: str    # the line the planner reads (id, content, recency)
    score: float
    reason: str = ""    # step mode: why it is delivered at this step

    @property
    def recalled_as(self) -> str:
        """Why recall returned it (units.RECALLED_AS_VALUES; "" when not said): the
        answer's attribute RECALLED_AS, the same in process and over DDS."""
        return recalled_as(self.unit.attributes)


@dataclass(frozen=True)
class StepView:
    """One working-memory step as the planner sees it."""

    skill: str
    args: tuple[str, ...]
    succeeded: bool
    message: str
    held_object: str
    robot_area: str


@dataclass(frozen=True)
class RecallAnswer:
    units: list[RecalledUnit]
    long_term_text: str
    context: str
    context_tokens: int
    warnings: list[str]
    working_memory: list[StepView]
    mode: str                        # "instruction" or "step"
    truncated: bool = False          # some relevant unit or scene-graph line did not fit
    elapsed_s: float = 0.0
    # From the recall sources (experience memory), each line ending with its provenance id.
    known_bad_actions: list[str] = field(default_factory=list)
    procedure: str = ""
    facts: list[str] = field(default_factory=list)
    # The request's kind in the stage statistics: instruction, subtask, step (warm pool) or
    # step_pool (the episode's pool built: a full ranking).
    kind: str = ""

    @property
    def nothing_relevant(self) -> bool:
        return not self.units


@dataclass(frozen=True)
class OutcomeAnswer:
    changed: list[tuple[ObjectMemoryUnit | None, ObjectMemoryUnit]]  # (before, stored)
    forgotten: list[ObjectMemoryUnit]   # evicted by the short-term policy to make room
    warnings: list[str]
    held_object: str


@dataclass
class _Episode:
    working_memory: WorkingMemory
    messages: deque[str]               # aligned with working_memory.steps (same maxlen)
    instruction: str = ""
    opened_at: float = field(default_factory=time.time)
    steps: int = 0                     # every recorded outcome, beyond the window too
    successes: int = 0


def brief_from_fields(
    subgoal: str, held_object: str = "", robot_area: str = "", last_skill: str = "",
    last_args: Sequence[str] = (), last_succeeded: bool = False, last_message: str = "",
    recent_areas: Sequence[str] = (),
) -> BriefState:
    """A validated BriefState from the flat fields of the BriefState message.

    The message has a success flag where the core has "" / "success" / "failure": with no
    last skill there is no result, whatever the flag says.
    """
    check_text(last_message, "brief state last_skill_message", MAX_MESSAGE_CHARS,
               multiline=True)
    if len(last_args) > MAX_BRIEF_ARGS:
        raise ValueError(f"brief state lists {len(last_args)} last_skill_arguments "
                         f"(max {MAX_BRIEF_ARGS})")
    result = ("success" if last_succeeded else "failure") if last_skill.strip() else ""
    # No last skill, no result and no message: whatever the flag and the text say.
    return validate_brief(BriefState(
        subgoal=subgoal, held_object=held_object, robot_area=robot_area,
        last_skill=last_skill, last_args=tuple(last_args), last_result=result,
        recent_areas=tuple(recent_areas),
        last_message=last_message if last_skill.strip() else ""))


def _label_key(label: str) -> str:
    """A label compared across spellings ("Mug", "mug", "wine_bottle", "Wine Bottle")."""
    return "".join(ch for ch in label.lower() if ch.isalnum())


def _grasped_as(changed: list[ObjectMemoryUnit], units: Mapping[str, ObjectMemoryUnit],
                obj: str, label: str) -> dict[str, str]:
    """Relabel `obj`'s unit (in `changed`, added there if the outcome did not change it)
    when the robot's arm reports another class for it than memory's label (what it holds,
    or the receptacle it was refused at); returns {object id: reported label} for the
    long-term graph, empty when nothing differs."""
    if not obj or not label:
        return {}
    at = next((i for i, u in enumerate(changed) if u.object_id == obj), None)
    unit = changed[at] if at is not None else units.get(obj)
    if unit is None or _label_key(unit.label) == _label_key(label):
        return {}
    fixed = replace(unit, label=label)
    if at is None:
        changed.append(fixed)
    else:
        changed[at] = fixed
    return {obj: label}


PRELOAD_BUDGET = 600  # a typical request's budget: the scene-graph lines it would count
STAGE_WINDOW = 256  # requests per kind in the stage statistics (a benchmark's mode fits)


class RecallMemory:
    """Recall, outcomes and free-text queries over the facade's short-term memory."""

    def __init__(self, short_term: ShortTermMemory, settings: RecallSettings | None = None,
                 long_term_text: LongTermText | None = None,
                 embedder: Embedder | None = None) -> None:
        self.short_term = short_term
        self._embedder = embedder  # a shared, already loaded model (tests, benchmarks)
        self.settings = settings or RecallSettings()
        # The long-term memory sets this when it is wired; None = no scene-graph text.
        self.long_term_text = long_term_text
        # And this: a key that changes whenever the scene-graph text could (its revision);
        # with it, texts are rendered once per revision instead of once per request.
        self.long_term_key: Callable[[], Hashable] | None = None
        self._scene_memo = SceneGraphMemo()
        # The long-term memory sets this too: told the units an outcome changed, and when.
        # (changed units, stamp, object id -> the class the robot's arm reported it as:
        # what it holds, or a put's receptacle it was refused at)
        self.outcome_listener: Callable[
            [list[ObjectMemoryUnit], float, dict[str, str]], object] | None = None
        # And this: now on the frames' clock; an outcome without a stamp gets it.
        self.clock: Callable[[], float] = time.time
        # And this: an object the short-term memory does not hold (never cached, or
        # evicted) that the long-term memory knows. Without it an outcome on such an object
        # (the planner found it with query_object) was refused and the instruction stopped.
        self.unit_fallback: Callable[[str], ObjectMemoryUnit | None] | None = None
        # And this: an object it removed moments ago for not being seen. The frame after a
        # pick, showing the place empty, can arrive before the pick's outcome, which was
        # then refused as naming an unknown object and stopped the task. The outcome is
        # recorded; only a success brings the object back into the graph.
        self.removed_fallback: Callable[[str], ObjectMemoryUnit | None] | None = None
        # And this: the box size it holds for an object (where a put object stands).
        self.extent_of: Callable[[str], tuple[float, float, float] | None] | None = None
        # The box's turn about the vertical (radians), for the extent's axes.
        self.yaw_of: Callable[[str], float | None] | None = None
        # The scene graph's objects near a point (a receptacle the short-term memory no
        # longer holds is still a place a pick found its object in).
        self.ids_near: Callable[[tuple[float, float, float], float], list[str]] | None = None
        self._categories: CategoryTable | None = None   # loaded when first needed
        # And this: the id an object lives on as after the scene graph folded it into
        # another (parts of one piece of furniture); the planner still names the old id.
        self.current_id: Callable[[str], str] | None = None
        # And this: the units of an answer with the graph's current evidence (observation
        # count, whether the state is confirmed); the stored units are snapshots.
        self.evidence: Callable[[Sequence[ObjectMemoryUnit]], list[ObjectMemoryUnit]] \
            | None = None
        self._recaller: Recaller | None = None
        self._common_words_after_preload = False  # warm_up(preload_follows=True)
        self._steps: StateConditionedRecall | None = None
        self._episodes: OrderedDict[str, _Episode] = OrderedDict()
        self._rules: list[Rule] | None = None
        # Per request kind and stage (see recall()); the server adds its message conversion.
        self.times = StageTimes(window=STAGE_WINDOW)
        # Per request kind: query texts asked, and those the model embedded (query_counts).
        self._query_texts: dict[str, tuple[int, int]] = {}
        # Per request kind: garbage collections (any thread's) while a request ran, by
        # generation (request_gc_counts): a collection holds the GIL, so one on another
        # thread is a wait of the request that its own CPU time does not show.
        self._gc_in_requests: dict[str, list[int]] = {}
        self._snap: tuple[list[ObjectMemoryUnit], dict[str, ObjectMemoryUnit],
                          dict[str, str], int] | None = None
        # Service callbacks may run on several executor threads; the caches are plain dicts.
        self._lock = threading.RLock()
        # Memories that learn from episodes (experience) hear every step and end here, and
        # add their lines to recall's context; the facade registers them.
        self.observers: list[EpisodeObserver] = []
        self.sources: list[RecallSource] = []
        # Evicted ids wait here for the next request, which forgets them under the lock.
        # Taking the lock in the listener itself deadlocked: a frame holds the long-term
        # lock when it evicts, while the start-up preload (another thread) holds this lock
        # and waits for the long-term lock (the scene graph's text key).
        self._evicted_ids: deque[str] = deque()
        short_term.add_eviction_listener(self._on_evicted)

    # -- set-up -------------------------------------------------------------------------------
    def configure(self, settings: RecallSettings) -> None:
        """Replace the settings; model settings only before the model is loaded."""
        with self._lock:
            if self._recaller is not None and (
                    (settings.encoder, settings.model_path, settings.tokenizer_path,
                     settings.intra_op_threads)
                    != (self.settings.encoder, self.settings.model_path,
                        self.settings.tokenizer_path, self.settings.intra_op_threads)):
                raise RuntimeError("the embedding model is already loaded; "
                                   "model settings apply at start-up only")
            self.settings = settings
            if self._recaller is not None:
                self._recaller.config = _config(settings)
                self._steps = StateConditionedRecall(
                    self._recaller, pool_size=settings.pool_size,
                    max_episodes=settings.max_episodes)
            while len(self._episodes) > settings.max_episodes:
                self._episodes.popitem(last=False)

    @property
    def loaded(self) -> bool:
        return self._recaller is not None

    def query_counts(self) -> dict[str, int]:
        """Query texts asked of the model's cache since start, and how many of them the
        model embedded (the rest cost no model call), in all and per request kind
        (/memory/stats `recall.query_texts.*`): `asked`, `embedded`, `<kind>.asked`,
        `<kind>.embedded`; and `scored_memo_hits`, rankings reused. Empty before the
        model is loaded."""
        recaller = self._recaller
        if recaller is None:
            return {}
        out = {"asked": recaller.query_texts_asked,
               "embedded": recaller.query_texts_embedded,
               "prefetched": recaller.query_texts_prefetched,
               "prefetch_used": recaller.query_texts_prefetch_used,
               # Of those, still being embedded when asked (waited for), and not done in
               # PREFETCH_WAIT_S (embedded again by the request).
               "prefetch_waited": recaller.query_texts_prefetch_waited,
               "prefetch_late": recaller.query_texts_prefetch_late,
               # Rankings a request took from the recaller's memo (RecallConfig.scored_memo)
               # instead of scoring every unit again.
               "scored_memo_hits": recaller.scored_memo_hits}
        for kind, (asked, embedded) in list(self._query_texts.items()):
            out[f"{kind}.asked"], out[f"{kind}.embedded"] = asked, embedded
        return out

    def request_gc_counts(self) -> dict[str, int]:
        """Garbage collections that ran while a request of each kind did, by generation
        (/memory/stats `recall.gc_in_requests.<kind>.gen<N>`)."""
        return {f"{kind}.gen{g}": n for kind, counts in list(self._gc_in_requests.items())
                for g, n in enumerate(counts)}

    def warm_up(self, preload_follows: bool = False) -> float:
        """Load the model (about a second) and run one query; returns the seconds taken.

        The server calls this at start-up so that no request pays for it.
        ``preload_follows``: the caller calls :meth:`preload` next; the lexicon's common
        words wait for it (``Recaller(common_words_after_preload=True)``).
        """
        start = time.perf_counter()
        self._common_words_after_preload = preload_follows
        recaller = self._ensure()
        recaller.embedder.embed_one("warm up the embedding model")
        return time.perf_counter() - start

    def _ensure(self) -> Recaller:
        """The recaller (built on first use), with the units evicted since the last request
        forgotten. Called with the lock held."""
        if self._recaller is None:
            s = self.settings
            embedder = self._embedder or make_embedder(
                s.encoder, s.model_path or None, s.tokenizer_path or None,
                intra_op_threads=s.intra_op_threads)
            store = self.short_term.store
            # Unit vectors (migration 3) and crop colours (migration 5) persist beside the
            # units: a restart loads them instead of embedding and decoding every unit.
            vectors = (EmbeddingStore(store, embedder.model_id, embedder.dim)
                       if store is not None else None)
            colours = CropColourStore(store) if store is not None else None
            self._recaller = Recaller(embedder, Describer(colour_store=colours),
                                      config=_config(s), embedding_store=vectors,
                                      terms_db=store,
                                      common_words_after_preload=(
                                          self._common_words_after_preload))
            self._steps = StateConditionedRecall(self._recaller, pool_size=s.pool_size,
                                                 max_episodes=s.max_episodes)
        while self._evicted_ids:
            self._recaller.forget(self._evicted_ids.popleft())
        return self._recaller

    def preload(self) -> float:
        """Describe and index every unit, load its stored vector and the names of every
        type now; returns the seconds taken (0 without units).

        A restarted server with 10,000 units otherwise paid this on its first recall
        (~1-4 s on the loaded robot). What a request would build is cached under the same
        short-term version; holding the lock, a request that arrives meanwhile waits for it
        rather than building the same again. Vectors never stored are not embedded here
        (minutes at 10,000 units): the prefetch timer or the first recall does that.
        """
        start = time.perf_counter()
        try:
            with self._lock:
                recaller = self._ensure()
                # The skill precondition table (YAML, ~5 ms quiet): parsed by the first
                # episode's first step otherwise, the p99 of the step_pool requests' snapshot
                # stage.
                self._precondition_rules()
                units, _, labels, key = self._snapshot()
                if not units:
                    return 0.0
                recaller.preload(units, labels, key)
                scene = self._scene_memo.source(self.long_term_text, self.long_term_key)
                # And the context's first build: the tokenizer's load and the token counts
                # of the scene graph's lines (memoised) were ~0.3-0.5 s of the first request.
                recaller.context_for([], PRELOAD_BUDGET, scene_graph=scene,
                                     labels=labels)
        finally:  # also when it failed: the first recall builds what it must
            if self._recaller is not None:
                self._recaller.preload_done()
        return time.perf_counter() - start

    def embed_pending(self, max_units: int = 32) -> int:
        """Embed up to `max_units` units whose text has no embedding yet; returns how many,
        or -1 when recall is busy (nothing done: the next slice tries again).

        Called in small slices from a timer after start-up, so a server that restarts with
        thousands of units does not make its first recall pay for all of them at once.
        Never waits for the lock: the timer's first tick came while the start-up preload
        held it, and parked the server's only executor thread (frames, every service) for
        the whole preload, seconds at 10,000 units.
        """
        if not self._lock.acquire(blocking=False):
            return -1
        try:
            return self._ensure().prepare(list(self.short_term.units()), max_units)
        finally:
            self._lock.release()

    # -- episodes -----------------------------------------------------------------------------
    def _precondition_rules(self) -> list[Rule]:
        # Parsed once: the YAML parse was ~30 ms of every episode's first step at load ~1.
        # The rules are frozen values and the file is configuration read at start-up.
        if self._rules is None:
            self._rules = load_rules()
        return self._rules

    @property
    def open_episodes(self) -> int:
        return len(self._episodes)

    def _episode(self, episode_id: str, create: bool = True) -> _Episode | None:
        episode = self._episodes.get(episode_id)
        if episode is None:
            if not create:
                return None
            window = self.settings.working_memory_window
            episode = _Episode(WorkingMemory(window, self._precondition_rules()),
                               deque(maxlen=window))
            self._episodes[episode_id] = episode
            while len(self._episodes) > self.settings.max_episodes:
                dropped, _ = self._episodes.popitem(last=False)
                if self._steps is not None:
                    self._steps.end_episode(dropped)
        self._episodes.move_to_end(episode_id)
        return episode

    def end_episode(self, episode_id: str, task_succeeded: bool = False,
                    reason: str = "") -> EpisodeSummary:
        """Free the episode's pool and working memory; NotFound if it is not open (never
        opened, already ended, or dropped as the least recently used) and no observer
        holds it open either (an episode whose steps were recorded before a restart).
        `reason`: why it ended (episode_hooks.END_REASONS; another value is refused
        before anything changes)."""
        episode_id = self._check_episode_id(episode_id, required=True)
        reason = check_end_reason(reason)
        with self._lock:
            episode = self._episodes.get(episode_id)
            if episode is None:
                if not any(o.knows_episode(episode_id) for o in self.observers):
                    raise NotFound(f"no open episode {episode_id!r}")
                summary = EpisodeSummary(episode_id, "", 0, 0, 0, 0.0, bool(task_succeeded),
                                         reason)
            else:
                summary = EpisodeSummary(episode_id, episode.instruction, episode.steps,
                                         episode.successes, episode.steps - episode.successes,
                                         max(0.0, time.time() - episode.opened_at),
                                         bool(task_succeeded), reason)
            for observer in self.observers:  # may raise: then the episode stays open
                summary = observer.on_episode_end(summary)
            self._episodes.pop(episode_id, None)
            if self._steps is not None:
                self._steps.end_episode(episode_id)
            return summary

    def working_memory(self, episode_id: str) -> list[StepView]:
        episode = self._episodes.get(episode_id)
        if episode is None:
            return []
        return [StepView(s.skill, s.args, s.result == "success", m, s.held_object, s.location)
                for s, m in zip(episode.working_memory.steps, episode.messages, strict=True)]

    # -- validation ---------------------------------------------------------------------------
    def _check_request(self, instruction: object, k: object, token_budget: object,
                       what: str = "instruction") -> tuple[str, int, int]:
        s = self.settings
        if not isinstance(instruction, str):
            raise ValueError(f"{what} must be a string")  # noqa: TRY004 - mapped to a rejected request
        if has_refused_characters(instruction, multiline=True):
            raise ValueError(f"{what} contains control characters")
        text = instruction.strip()
        if not text:
            raise ValueError(f"{what} is empty")
        if len(text) > s.max_instruction_chars:
            raise ValueError(f"{what} is {len(text)} characters long "
                             f"(max {s.max_instruction_chars})")
        for name, value, high in (("k", k, s.max_k),
                                  ("token_budget", token_budget, s.max_token_budget)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"{name} must be an integer, got {value!r}")
            if value <= 0:
                raise ValueError(f"{name} must be at least 1, got {value}")
            if value > high:
                raise ValueError(f"{name} {value} exceeds the maximum {high}")
        return text, int(k), int(token_budget)  # type: ignore[call-overload]

    @staticmethod
    def _check_episode_id(episode_id: object, required: bool) -> str:
        if not isinstance(episode_id, str):
            raise ValueError("episode_id must be a string")  # noqa: TRY004 - mapped to a rejected request
        if not episode_id.strip():
            if required:
                raise ValueError("episode_id is empty: step-by-step recall (use_brief_state) "
                                 "needs the episode the steps belong to")
            return ""
        return check_identifier(episode_id, "episode_id")

    # -- recall -------------------------------------------------------------------------------
    def _version(self) -> tuple[int, int]:
        # Pools are rebuilt when units arrive or leave (count or evictions change). Content
        # changes of known units need no rebuild: candidates are re-scored on their current
        # text at every step.
        return (len(self.short_term), self.short_term.evictions)

    def _snapshot(self) -> tuple[list[ObjectMemoryUnit], dict[str, ObjectMemoryUnit],
                                 dict[str, str], int]:
        """The units, by id, their labels and the short-term version they were read at;
        read again only when the short-term memory changed (at 10,000 units rebuilding
        them costs milliseconds of a request). Callers never modify them."""
        version = self.short_term.version
        if self._snap is None or self._snap[3] != version:
            units = list(self.short_term.units())
            self._snap = (units, {u.object_id: u for u in units},
                          {u.object_id: u.label for u in units}, version)
        return self._snap

    def _prune(self, live: Collection[str]) -> None:
        # Removals and CLEAR reach no listener; drop cached texts of gone units in bulk.
        recaller = self._ensure()
        if recaller.cached_units() > len(live) + 64:
            recaller.retain(live)

    def recall(self, instruction: str, k: int, token_budget: int, episode_id: str = "",
               brief: BriefState | None = None, now: float | None = None,
               per_subtask: bool = False) -> RecallAnswer:
        """Units that matter for `instruction` (or, with `brief`, for the next step only).

        With `per_subtask` the instruction is split into the steps a person would name and
        each step gets its own top-`k` (the planner's path: a multi-step instruction no
        longer competes for k slots among all its objects); in step mode the episode's
        candidate pool is built the same way. Without it the instruction is recalled whole
        (one-shot callers).
        """
        start, cpu = time.perf_counter(), time.thread_time()
        process_cpu, collections = time.process_time(), _gc_collections()
        text, k, budget = self._check_request(instruction, k, token_budget)
        episode_id = self._check_episode_id(episode_id, required=brief is not None)
        if brief is not None:
            brief = validate_brief(brief)
        kind = "step" if brief is not None else "subtask" if per_subtask else "instruction"
        checked = time.perf_counter()
        with self._lock:
            locked = time.perf_counter()
            recaller = self._ensure()
            assert self._steps is not None
            units, by_id, labels, key = self._snapshot()
            scene = self._scene_memo.source(self.long_term_text, self.long_term_key)
            self._prune(by_id)
            # "seen ... ago" is read against the frames' clock, as every stamp here is.
            now = self.clock() if now is None else now
            episode = self._episode(episode_id) if episode_id else None
            if episode is not None:
                episode.instruction = text
            warnings: list[str] = []
            reasons: dict[str, str] = {}
            snapped = time.perf_counter()
            extra = self._extra(text, episode_id, brief, by_id, budget)
            budget -= extra.tokens  # the sources fitted into their share of the budget
            prepared = time.perf_counter()
            model_before = recaller.embedder.busy_s
            hidden_before = recaller.model_hidden_s
            asked_before = recaller.query_texts_asked
            embedded_before = recaller.query_texts_embedded
            if brief is None:
                ranked: Sequence[RankedUnit]
                if per_subtask:
                    ranked = recall_subtasks(recaller, text, units, k, labels=labels,
                                             units_key=key).units[:self.settings.max_k]
                else:
                    ranked = recaller.rank(text, units, k, labels=labels, units_key=key)
                ranked = self._with_evidence(ranked)
                ranked_at = time.perf_counter()
                block = recaller.context_for(ranked, budget, scene_graph=scene,
                                             now=now, labels=labels)
                context_s = time.perf_counter() - ranked_at
                mode = "instruction"
            else:
                step = self._steps.recall_step(
                    episode_id, text, brief, units, budget, k=k,
                    units_version=self._version(), scene_graph=scene, now=now,
                    per_subtask=per_subtask, units_key=key, evidence=self._with_evidence,
                    by_id=by_id)
                ranked, block, reasons = step.units, step.context, step.reasons
                context_s = step.context_s
                if step.pool_rebuilt:
                    kind = "step_pool"
                assert episode is not None
                warnings = self._step_warnings(episode, brief, by_id)
                mode = "step"
            # Each unit says why it is here (RECALLED_AS), as the graph's evidence says
            # whether its state is confirmed: an attribute of the answer's copy only.
            # The context block's lines are these units described with the same labels
            # and clock (Recaller.context_for): taken from it, not described again (a step's
            # block describes with its own few labels and gives none).
            described = block.descriptions
            recalled = [
                RecalledUnit(evolve(r.unit, attributes={**r.unit.attributes,
                                                        RECALLED_AS: r.why}),
                             described.get(r.unit.object_id)
                             or recaller.describer.describe(r.unit, labels=labels,
                                                            now=now).text,
                             r.score, reasons.get(r.unit.object_id, ""))
                for r in ranked
            ]
            context, tokens = _append_warnings(block.text, block.token_count, warnings, budget)
            if extra.text:  # fitted into its own share: the counts add up (recall/context.py)
                context = "\n".join(p for p in (extra.text, context) if p)
                tokens += extra.tokens
            long_term = block.scene_text
            answer = RecallAnswer(recalled, long_term, context, tokens, warnings,
                                  self.working_memory(episode_id) if episode_id else [],
                                  mode, block.truncated or extra.truncated,
                                  time.perf_counter() - start, extra.known_bad_actions,
                                  extra.procedure, extra.facts, kind)
            prefetch_s = 0.0
            if kind in ("instruction", "subtask") and self.settings.prefetch_subtasks:
                began = time.perf_counter()
                if kind == "instruction":
                    self._prefetch_steps(recaller, text)
                elif episode_id:
                    # A per-subtask recall in an episode (the planner's first): its next
                    # request is a step's, whose candidate pool ranks the whole instruction
                    # too (StateConditionedRecall._build); that vector, never asked by the
                    # per-subtask path, is made now, off it. Without an episode no step
                    # follows: nothing is guessed.
                    recaller.prefetch_queries([recaller.spelled(text)])
                prefetch_s = time.perf_counter() - began
            asked, embedded = self._query_texts.get(kind, (0, 0))
            self._query_texts[kind] = (
                asked + recaller.query_texts_asked - asked_before,
                embedded + recaller.query_texts_embedded - embedded_before)
        done = time.perf_counter()
        # Read with `done`: CPU read after the stage bookkeeping below would exceed the wall.
        own_cpu, others_cpu = time.thread_time() - cpu, time.process_time() - process_cpu
        model_s = recaller.embedder.busy_s - model_before
        # The model's seconds that ran on its worker beside the ranking (overlap_model):
        # they are not the request's, so the ranking's own time is the rest plus them.
        hidden_s = recaller.model_hidden_s - hidden_before
        # Where a request's time goes (p50/p99 per stage in /memory/stats): the model call,
        # the ranking around it, the context block, and waiting for the lock (preload, the
        # prefetch slices, another request). Wall times: the tail is what the planner sees.
        # The whole request's CPU time too: wall minus CPU is time the thread did not run
        # (other processes on the cores, GC of another thread, the GIL held elsewhere).
        # Stages and total in one hold of the lock: /memory/stats never shows a request's
        # pieces without its total.
        stages = (("check", checked - start), ("lock", locked - checked),
                  ("snapshot", snapped - locked), ("sources", prepared - snapped),
                  ("model", model_s), ("model_hidden", hidden_s),
                  ("rank", max(0.0, done - prepared - context_s - model_s + hidden_s
                               - prefetch_s)),
                  ("context", context_s), ("prefetch", prefetch_s))
        self.times.add_many([*((f"{kind}.{stage}", seconds, None) for stage, seconds in stages),
                             (f"{kind}.total", done - start, own_cpu)])
        # Where the rest of the wall went: `waited` is wall minus the thread's CPU (the
        # thread was not running: other processes on the cores, or the GIL held by one of
        # this process's threads); `others_cpu` is the CPU this process's other threads
        # (a background model call, a prefetch, a collection, DDS's threads) took
        # meanwhile, which on two cores is what a wait inside the server is made of.
        self.times.add_latency(f"{kind}.waited", (done - start) - own_cpu)
        self.times.add_latency(f"{kind}.others_cpu", max(0.0, others_cpu - own_cpu))
        counts = self._gc_in_requests.setdefault(kind, [0, 0, 0])
        for generation, (before, after) in enumerate(zip(collections, _gc_collections(),
                                                         strict=True)):
            counts[generation] += after - before
        return answer

    @staticmethod
    def _prefetch_steps(recaller: Recaller, text: str) -> int:
        """Start embedding the steps recall per subtask will ask of ``text`` (exactly its
        query texts: subtask_queries), off the request path; returns how many texts.

        A caller that recalls an instruction whole and then per subtask or step by step
        (a planner's first look, then its steps) otherwise pays a model call on that
        later request for every step that is not the whole text: the steps of a longer
        one, and the one step of a request that opens with a filler ("can you grab the
        pen": its step is "grab the pen"). Texts cached already are skipped."""
        return recaller.prefetch_queries(subtask_queries(recaller, text).texts)

    def prefetch_subtasks(self, instruction: object) -> int:
        """Embed, on the background worker, the query texts a per-subtask recall of
        ``instruction`` will ask (the planner sends its instruction ahead, before it waits
        for a fresh frame and then recalls it): that request then finds their vectors made,
        or waits for the running call, and answers the same. Returns how many texts were
        started (0: all cached or running); -1 when recall is busy (its lock held, the
        model not loaded yet, or too many prefetches running): nothing started.
        Never waits for the lock, as embed_pending: it comes from a subscription's
        callback on the server's one executor thread, which the start-up preload (the
        lock's only other holder then) would park for seconds; missed, the request
        embeds its steps itself, as without the text sent ahead. ValueError for a text
        a recall would refuse; nothing is stored either way. Its steps' lexical halves are
        made here too, on this thread under the lock as a request's are (round 57:
        Recaller.prepare_lexical; the request takes them only if nothing they read changed
        meanwhile, so it answers the same whether or not the text came ahead)."""
        text, _, _ = self._check_request(instruction, 1, 1)
        if not self.settings.prefetch_subtasks:
            return 0  # background query calls are off altogether
        if not self._lock.acquire(blocking=False):
            return -1
        try:
            recaller = self._recaller
            if recaller is None:
                return -1  # before warm_up: a model load is not started from a topic
            asked = subtask_queries(recaller, text)
            started = recaller.prefetch_queries(asked.texts)
            # While the model embeds them on its worker: each step's lexical half over the
            # units as they are now (its WordNet reads, the name rules), which the request
            # takes if the units, the index and the config are still these (round 57).
            units, by_id, labels, key = self._snapshot()
            self._prune(by_id)  # as the request does first: the same entries
            recaller.prepare_lexical(asked.queries, units, labels=labels, units_key=key)
            return started
        finally:
            self._lock.release()

    def _with_evidence(self, ranked: Sequence[RankedUnit]) -> list[RankedUnit]:
        """The answer's units (k of them, not the memory's) with the graph's evidence."""
        if self.evidence is None or not ranked:
            return list(ranked)
        units = self.evidence([r.unit for r in ranked])
        return [evolve(r, unit=u) for r, u in zip(ranked, units, strict=True)]

    def _extra(self, text: str, episode_id: str, brief: BriefState | None,
               units: dict[str, ObjectMemoryUnit], budget: int) -> ExtraContext:
        """The sources' lines (experience), fitted first into their share of the budget;
        the units and the scene graph get what they leave."""
        if not self.sources:
            return ExtraContext()
        parts = [s.recall_extra(text, episode_id, brief, units, budget) for s in self.sources]
        if len(parts) == 1:
            return parts[0]
        return ExtraContext(
            "\n".join(p.text for p in parts if p.text), sum(p.tokens for p in parts),
            [x for p in parts for x in p.known_bad_actions],
            next((p.procedure for p in parts if p.procedure), ""),
            [x for p in parts for x in p.facts], any(p.truncated for p in parts))

    def _step_warnings(self, episode: _Episode, brief: BriefState,
                       units: dict[str, ObjectMemoryUnit]) -> list[str]:
        """Where the planner's brief state disagrees with memory, or is about to repeat a
        failure: said now, before the planner spends a step on it."""
        wm = episode.working_memory
        warnings: list[str] = []
        if brief.held_object and brief.held_object not in units:
            warnings.append(f"held object {brief.held_object} is not in memory")
        if wm.steps:  # only once outcomes were reported is memory's view of the gripper known
            held = wm.held(units)
            if brief.held_object != held:
                warnings.append(f"brief state says holding {brief.held_object or 'nothing'}, "
                                f"but the reported outcomes leave {held or 'nothing'} held")
        if brief.last_result == "failure":
            try:
                checks = wm.check(brief.last_skill, brief.last_args, units)
            except ValueError as exc:  # bad arity of the reported last call
                warnings.append(f"last skill call is malformed: {exc}")
            else:
                warnings.extend(w.message for w in checks)
        return list(dict.fromkeys(warnings))

    # -- outcomes -----------------------------------------------------------------------------
    def record_outcome(
        self, episode_id: str, skill: str, args: Sequence[str], succeeded: bool,
        message: str = "", robot_area: str = "",
        robot_position: tuple[float, float, float] | None = None, stamp: float | None = None,
        error_code: int = ErrorCode.NONE, held_label: str = "", refused_label: str = "",
    ) -> OutcomeAnswer:
        """Apply one executed skill's outcome to memory, persist the changed units and
        record the step in the episode's working memory.

        `held_label` is the class of what the robot holds after the skill, as the skill
        result reports it ("" = not known): a unit remembered under a look-alike's label
        (memory's Mug that is a cup) is relabelled, so the plans and the experience that
        follow read the held object as what it is.

        `refused_label` is the class of the object a refusal was about, as the skill result
        reports it ("" = not said): a pick refused about another class than memory's unit
        (a Spoon shut in the drawer where memory has a Fork: the arm takes a look-alike
        only when nothing of the named class is there) is the evidence NOT_FOUND is, and
        the unit is marked absent alike (tune tidy, stream seed 2601: the ghost fork was
        sought at the drawers in three tasks, four refusals each). A put refused about
        another class than memory's receptacle (a Plate where memory has a Bowl: "a Plate
        holds things on it, not in it") relabels the receptacle's unit, as `held_label`
        does the held object's: the arm stood at it and found that class.

        `error_code` is the skill result's ErrorCode: effects are decided on it (NOT_FOUND:
        the object was not where memory put it), never on the message text. Unknown skills,
        unknown object ids, bad arity or malformed fields raise ValueError before anything
        is stored.
        """
        try:
            code = ErrorCode(error_code)
        except ValueError:
            raise InvalidArgument(f"error_code {error_code} is not an ErrorCode") from None
        episode_id = self._check_episode_id(episode_id, required=False)
        message = check_text(message, "message", MAX_MESSAGE_CHARS, multiline=True)
        area = check_optional_identifier(robot_area, "robot_area")
        if robot_position is not None:
            robot_position = check_finite_position(robot_position, "robot_position")
        skill = check_text(skill, "skill", MAX_ID_LENGTH)
        held_label = check_text(held_label, "held_label", MAX_ID_LENGTH).strip()
        refused_label = check_text(refused_label, "refused_label", MAX_ID_LENGTH).strip()
        skill, args_t = check_skill_call(skill, list(check_text_list(args, "arguments")))
        if self.current_id is not None:
            args_t = tuple(self.current_id(a) for a in args_t)
        with self._lock:
            for observer in self.observers:  # a refusal here changes nothing
                observer.check_outcome(episode_id)
            units = {u.object_id: u for u in self.short_term.units()}
            if self.unit_fallback is not None:
                for a in args_t:
                    if a not in units:
                        known = self.unit_fallback(a)
                        if known is None and self.removed_fallback is not None:
                            known = self.removed_fallback(a)
                        if known is not None:
                            units[a] = known
            if stamp is None:
                stamp = self.clock()
            not_there = code is ErrorCode.NOT_FOUND or (
                skill == "pick" and refused_label != "" and args_t[0] in units
                and _label_key(refused_label) != _label_key(units[args_t[0]].label))
            outcome = SkillOutcome(
                skill, args_t, bool(succeeded),
                reason=REASON_NOT_FOUND if not succeeded and not_there else message,
                robot_position=robot_position, robot_area=area, stamp=stamp)
            extents, yaws = {}, {}
            for a in args_t:
                extent = self.extent_of(a) if self.extent_of is not None else None
                if extent is not None:
                    extents[a] = extent
                yaw = self.yaw_of(a) if self.yaw_of is not None else None
                if yaw is not None:
                    yaws[a] = yaw
            # Raises on unknown ids: nothing stored.
            changed = apply_outcome(units, outcome, extents=extents, yaws=yaws)
            episode = self._episode(episode_id) if episode_id else None
            wm = episode.working_memory if episode is not None else WorkingMemory(
                self.settings.working_memory_window, self._precondition_rules())
            # Checked against the state before the step: "you picked while holding X".
            warnings = [w.message for w in wm.check(skill, args_t, units)]
            held_before = wm.held(units)
            held = held_before
            if succeeded and skill == "pick":
                held = args_t[0]
            elif succeeded and skill == "put" and args_t[0] == held_before:
                held = ""
            relabelled = _grasped_as(changed, units, held, held_label)
            if skill == "put" and not succeeded and len(args_t) > 1:
                # The put's refusal names the class of the receptacle the arm stood at
                # (the world resolves a look-alike only where nothing of memory's class
                # is): memory's "Bowl" there is a Plate. Unlike a pick's object, the
                # receptacle was reached, not missed, so it is relabelled, not marked
                # absent: left a Bowl, the next explore read it as one again and the plan
                # sought a plate elsewhere until the step limit (odd plan 27, s0003).
                relabelled.update(_grasped_as(changed, units, args_t[1], refused_label))

            stored: list[tuple[ObjectMemoryUnit | None, ObjectMemoryUnit]] = []
            forgotten: list[ObjectMemoryUnit] = []
            for unit in changed:
                previous = self.short_term.peek(unit.object_id)
                forgotten += self.short_term.upsert(replace(unit, source="outcome"))
                now_stored = self.short_term.peek(unit.object_id)
                if now_stored is not None:
                    stored.append((previous, now_stored))

            if self.outcome_listener is not None and changed:
                # The long-term graph learns containment and skill-set states too.
                self.outcome_listener(changed, stamp, relabelled)
            if self.evidence is not None and stored:
                # After the graph took the outcome: a skill-set state is confirmed there.
                stored = list(zip([b for b, _ in stored],
                                  self.evidence([a for _, a in stored]), strict=True))
            if episode is not None:
                wm.record(StepRecord(skill, args_t, "success" if succeeded else "failure",
                                     held, area, stamp))
                episode.messages.append(message.strip())
                episode.steps += 1
                episode.successes += bool(succeeded)
            if self.observers and episode_id:
                named = {a for a in (*args_t, held_before) if a in units}
                # The picked object under the class the robot took it as: a pick of
                # memory's "Mug" that took a cup teaches where cups are found, not mugs.
                labels = {i: relabelled.get(i, units[i].label) for i in named}
                step = RecordedStep(
                    episode_id, skill, args_t, bool(succeeded), int(code), area, held_before,
                    held, labels, {i: units[i].state for i in named},
                    stamp, message.strip(),
                    {i: units[i].position for i in named}, self._places(named, units))
                for observer in self.observers:
                    observer.on_outcome(step)
            return OutcomeAnswer(stored, forgotten, warnings, held)

    def _places(self, named: set[str], units: Mapping[str, ObjectMemoryUnit]
                ) -> dict[str, tuple[str, str, str]]:
        """What each named object stood in or on before the step, with the receptacle's
        label (from the scene graph when the short-term memory no longer holds it)."""
        out = {}
        for i in named:
            rec_id = units[i].receptacle_id
            rec = units.get(rec_id) if rec_id else None
            if rec is None and rec_id and self.unit_fallback is not None:
                rec = self.unit_fallback(rec_id)
            if rec is not None:
                out[i] = (units[i].relation or "in", rec_id, rec.label)
            elif not rec_id:
                found = self._container_of(units[i], units)
                if found is not None:
                    out[i] = found
        return out

    def _container_of(self, unit: ObjectMemoryUnit, units: Mapping[str, ObjectMemoryUnit]
                      ) -> tuple[str, str, str] | None:
        """Perception sets no receptacle (only the robot's own puts do), so a pick of an
        object the camera saw in a cabinet counted no find and the type's usual place was
        learnt from puts alone: where the robot last left it, which a tidied house undoes.
        The place is the smallest box memory has (the scene graph's extent) whose footprint
        holds the object's position, within CONTAINER_MARGIN_M in height, bigger than the
        object, of a type that holds objects (`CategoryTable.holds_objects`): a fork lying on
        a counter beside a lettuce was counted "on the lettuce" at every pick, and its usual
        place became the lettuce (round 67). The boxes are the short-term memory's units and
        the scene graph's near the object (`ids_near`, the graph's grid index): the counter
        the fork lay on was in the graph, not in the short-term memory (a pick with no box
        around it counted no find: 25 % of tidy picks, round 67)."""
        if self.extent_of is None:
            return None
        if self._categories is None:
            self._categories = CategoryTable.load()
        categories = self._categories
        p = unit.position
        own = self.extent_of(unit.object_id)
        own_volume = own[0] * own[1] * own[2] if own is not None else 0.0
        best: tuple[tuple[float, float, str], ObjectMemoryUnit] | None = None
        candidates = dict(units)
        if self.ids_near is not None and self.unit_fallback is not None:
            for i in self.ids_near(p, CONTAINER_REACH_M):
                if i not in candidates and (known := self.unit_fallback(i)) is not None:
                    candidates[i] = known
        for u in candidates.values():
            if u.object_id == unit.object_id or u.receptacle_id == HELD_BY_ROBOT \
                    or u.state == "absent" or not categories.holds_objects(u.label):
                continue
            box = self.extent_of(u.object_id)
            if box is None:
                continue
            volume = box[0] * box[1] * box[2]
            # How far the object lies outside the box (0 inside it). A box that holds it
            # wins over one it only touches within the margin: stacked drawers' boxes are
            # centimetres apart, and the smaller neighbour took the find from the drawer the
            # object lay in (the usual place then named a drawer it never was in).
            # In the box's own frame: its extent is along its own axes (a turned cabinet's
            # length runs along y; read along x, a sponge inside it was "outside").
            yaw = (self.yaw_of(u.object_id) if self.yaw_of is not None else None) or 0.0
            dx, dy = p[0] - u.position[0], p[1] - u.position[1]
            local = (math.cos(yaw) * dx + math.sin(yaw) * dy,
                     -math.sin(yaw) * dx + math.cos(yaw) * dy, p[2] - u.position[2])
            outside = max(abs(local[k]) - box[k] / 2 for k in range(3))
            # What stands or lies in or on a box has its centre over the box's footprint
            # (a thing whose centre is beyond its support's edge falls off); the margin is
            # for height alone (an object on a counter stands above its top). With the
            # margin in the plane too, a cup beside a bowl on a side table, 1-2 cm outside
            # the bowl's footprint, was found "in the bowl", the bowl being the smaller
            # box: the cup's usual place became the bowl (round 68, tune3 tidy 3152).
            beyond_edge = max(abs(local[k]) - box[k] / 2 for k in range(2)) > 0.0
            if volume <= own_volume or outside > CONTAINER_MARGIN_M or beyond_edge:
                continue
            key = (max(0.0, outside), volume, u.object_id)
            if best is None or key < best[0]:
                best = (key, u)
        if best is None:
            return None
        u = best[1]
        return (categories.relation_for(u.label), u.object_id, u.label)

    # -- free-text query ----------------------------------------------------------------------
    def query_text(self, text: str, near: tuple[float, float, float] | None = None,
                   max_results: int = 10) -> list[ObjectCandidate]:
        """Units a description fits ("something to drink from"), best first, or nearest to
        `near` first among those that fit. Empty when nothing passes the relevance floor."""
        text, _, _ = self._check_request(text, 1, 1, what="query")
        if not 1 <= max_results <= MAX_QUERY_RESULTS:
            raise ValueError(f"max_results {max_results} is outside [1, {MAX_QUERY_RESULTS}]")
        if near is not None:
            near = check_finite_position(near, "near")
        with self._lock:
            recaller = self._ensure()
            units, by_id, _, key = self._snapshot()
            self._prune(by_id)
            ranked = list(recaller.scored(text, units, units_key=key)
                          .ranked(self.settings.min_score))
            if near is not None:
                ranked.sort(key=lambda r: (math.dist(r.unit.position, near), -r.score))
            return [ObjectCandidate(
                object_id=r.unit.object_id, label=r.unit.label, position=r.unit.position,
                area_id=r.unit.area_id, source="short_term", confidence=r.unit.confidence,
                score=r.score, last_seen=r.unit.last_seen) for r in ranked[:max_results]]

    # -- listeners ----------------------------------------------------------------------------
    def _on_evicted(self, unit: ObjectMemoryUnit) -> None:
        # No lock here (see __init__): deque.append is atomic.
        self._evicted_ids.append(unit.object_id)


def _config(settings: RecallSettings) -> RecallConfig:
    return RecallConfig(min_score=settings.min_score, vectorised=settings.vectorised)


def _append_warnings(text: str, tokens: int, warnings: Sequence[str],
                     budget: int) -> tuple[str, int]:
    """Context plus as many warning lines as the budget still allows."""
    if not warnings:
        return text, tokens
    lines = [text] if text else []
    added = False
    for line in [WARNINGS_HEADER, *(f"- {w}" for w in warnings)]:
        candidate = "\n".join([*lines, line])
        cost = count_tokens(candidate)
        if cost > budget:
            break
        lines.append(line)
        tokens = cost
        added = True
    if not added or lines[-1] == WARNINGS_HEADER:
        return text, count_tokens(text) if text else 0
    return "\n".join(lines), tokens


__all__ = ["HELD_BY_ROBOT", "LongTermText", "OutcomeAnswer", "RecallAnswer", "RecallMemory",
           "RecallSettings", "RecalledUnit", "StepView", "brief_from_fields", "EpisodeSummary"]


def _gc_collections() -> list[int]:
    """Collections the interpreter has run so far, per generation (every thread's)."""
    return [g["collections"] for g in gc.get_stats()]


def evolve(obj: Any, **changes: Any) -> Any:
    """``dataclasses.replace`` for a dataclass without ``__post_init__`` or init-less
    fields: a shallow copy with ``changes`` set (frozen or not), read in C."""
    new = copy.copy(obj)
    for name, value in changes.items():
        object.__setattr__(new, name, value)
    return new
