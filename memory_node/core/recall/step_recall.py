"""State-conditioned recall: per planning step, only what matters next, or nothing.

At episode start the instruction is ranked once against all units into a candidate pool
(episode id -> pre-ranked candidates). Each step then re-scores only those few candidates
against the brief state's subgoal, so a step costs one short embedding and a handful of
dot products instead of a pass over the whole memory. A pool is rebuilt when the caller's
units version changes or a candidate disappears; `invalidate` drops pools explicitly.
"""

from __future__ import annotations

import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from memory_node.core.recall.brief_state import BriefState, validate_brief
from memory_node.core.recall.context import ContextBlock, SceneGraphSource, assemble_context
from memory_node.core.recall.names import asks_for_many
from memory_node.core.recall.recall import (
    RankedUnit,
    Recaller,
    check_budget,
    check_instruction,
    check_k,
)
from memory_node.core.recall.subtasks import (
    pronoun_after_preposition,
    recall_subtasks,
    refers_back,
    scene_words_of,
)
from memory_node.core.units import ObjectMemoryUnit


@dataclass
class CandidatePool:
    episode_id: str
    instruction: str
    candidate_ids: tuple[str, ...]
    units_version: object  # any value that changes when the unit set changes
    built_at: float
    per_subtask: bool = False


@dataclass(frozen=True)
class StepRecall:
    units: list[RankedUnit]
    context: ContextBlock
    reasons: dict[str, str]       # object id -> why it is delivered at this step
    pool_rebuilt: bool
    context_s: float = 0.0        # of which the context block (scene graph, token counts)

    @property
    def nothing_relevant(self) -> bool:
        return not self.units

    @property
    def token_count(self) -> int:
        return self.context.token_count


class StateConditionedRecall:
    """Per-episode candidate pools over a shared `Recaller`."""

    def __init__(self, recaller: Recaller, pool_size: int = 12, pool_min_score: float = 0.35,
                 step_min_score: float | None = None, max_episodes: int = 64) -> None:
        if pool_size <= 0 or max_episodes <= 0:
            raise ValueError("pool_size and max_episodes must be positive")
        self.recaller = recaller
        self.pool_size = pool_size
        self.pool_min_score = pool_min_score
        self.step_min_score = (recaller.config.min_score if step_min_score is None
                               else step_min_score)
        self.max_episodes = max_episodes
        self._pools: OrderedDict[str, CandidatePool] = OrderedDict()
        self.pool_builds = 0

    def pool(self, episode_id: str) -> CandidatePool | None:
        return self._pools.get(episode_id)

    def invalidate(self, episode_id: str | None = None) -> None:
        """Forget one episode's pool, or all of them (any unit changed)."""
        if episode_id is None:
            self._pools.clear()
        else:
            self._pools.pop(episode_id, None)

    end_episode = invalidate

    def _build(self, episode_id: str, instruction: str, units: Sequence[ObjectMemoryUnit],
               units_version: object, per_subtask: bool = False,
               units_key: object = None) -> CandidatePool:
        best = self.recaller.top(instruction, units, self.pool_size, self.pool_min_score,
                                 units_key)
        ids = [r.unit.object_id for r in best if r.score >= self.pool_min_score]
        if per_subtask:
            # Each step of the instruction adds its own top units: a five-object task does
            # not lose its fourth object to the first step's near-misses.
            sub = recall_subtasks(self.recaller, instruction, units, self.pool_size,
                                  units_key=units_key)
            ids += [r.unit.object_id for r in sub.units]
        pool = CandidatePool(episode_id, instruction, tuple(dict.fromkeys(ids)),
                             units_version, time.time(), per_subtask)
        self._pools[episode_id] = pool
        self._pools.move_to_end(episode_id)
        while len(self._pools) > self.max_episodes:
            self._pools.popitem(last=False)
        self.pool_builds += 1
        return pool

    def recall_step(
        self, episode_id: str, instruction: str, brief: BriefState,
        units: Sequence[ObjectMemoryUnit], token_budget: int, *, k: int = 3,
        units_version: object = None, scene_graph: SceneGraphSource = None,
        now: float | None = None, per_subtask: bool = False, units_key: object = None,
        evidence: Callable[[list[RankedUnit]], list[RankedUnit]] | None = None,
        by_id: Mapping[str, ObjectMemoryUnit] | None = None,
    ) -> StepRecall:
        """Units the next step needs (possibly none) and their context block; `evidence`
        brings the chosen units up to date (the caller's current evidence) before they
        are described. `by_id` is `units` by object id when the caller keeps one (it must
        hold exactly `units`): building it here cost ~0.4 ms per step at 10,000 units."""
        if not isinstance(episode_id, str) or not episode_id.strip():
            raise ValueError("episode_id is empty")
        brief = validate_brief(brief)
        check_k(k)
        check_budget(token_budget)
        if by_id is None:
            by_id = {u.object_id: u for u in units}
        pool = self._pools.get(episode_id)
        rebuilt = False
        if (pool is None or pool.instruction != instruction
                or pool.units_version != units_version or pool.per_subtask != per_subtask
                or any(cid not in by_id for cid in pool.candidate_ids)):
            if not per_subtask:
                # The instruction (for the pool) and the subgoal (for this step) in one
                # model call: a call's fixed cost is shared; scoring finds both cached
                # (started here, taken by the pool's ranking after its lexical half).
                self.recaller.start_queries(list(dict.fromkeys(
                    self.recaller.spelled(check_instruction(t, what))
                    for t, what in ((instruction, "instruction"),
                                    (brief.subgoal, "subgoal")))))
            pool = self._build(episode_id, instruction, units, units_version, per_subtask,
                               units_key)
            rebuilt = True
        else:
            self._pools.move_to_end(episode_id)
        candidates = [by_id[cid] for cid in pool.candidate_ids]

        reasons: dict[str, str] = {}
        failed = set(brief.last_args) if brief.last_result == "failure" else set()
        failed_labels = {by_id[a].label for a in failed if a in by_id}
        # "pick it up", "put them on the shelf": the subgoal names its object only by a
        # pronoun, which stands for what the last step acted on (as a pronoun step of
        # recall_subtasks takes the earlier step's object).
        referred: set[str] = set()
        cfg = self.recaller.config
        # "drop the pens in it": a preposition's pronoun refers back though the subgoal
        # names its own object (subtasks.pronoun_after_preposition).
        if (brief.last_args and not failed and cfg.antecedents
                and (refers_back(brief.subgoal, self.recaller.lexicon, cfg.demonstratives,
                                 cfg.alone_pronouns)
                     or (cfg.pronoun_objects
                         and pronoun_after_preposition(
                             brief.subgoal, self.recaller.lexicon, cfg.partitive_pronouns,
                             scene_words_of(units) if cfg.scene_things else None)))):
            referred = {a for a in brief.last_args if a in by_id}
            known = set(pool.candidate_ids)
            candidates += [by_id[a] for a in sorted(referred) if a not in known]
        scored = self.recaller.score_all(brief.subgoal, candidates) if candidates else []
        chosen: list[RankedUnit] = []
        cap = self.recaller.config.max_per_type
        query = self.recaller.query(brief.subgoal)
        per_type: Counter[str] = Counter()
        for r in scored:
            oid = r.unit.object_id
            if oid == brief.held_object and oid not in failed:
                continue  # the planner knows what it holds; repeating it is noise
            if oid in failed:
                reasons[oid] = "last step failed on it: here is what memory holds now"
            elif r.unit.label in failed_labels:
                reasons[oid] = "another object of the type the last step failed on"
            elif oid in referred:
                reasons[oid] = "what the subgoal's pronoun stands for: the last step's object"
            elif r.score >= self.step_min_score or r.named:
                # Diversity as in whole-instruction recall: one unit of a type unless the
                # subgoal asks for the type in the plural.
                t = r.unit.label
                if per_type[t] >= cap > 0 and not asks_for_many(
                        self.recaller.terms_for(r.description.type_name), query):
                    continue
                per_type[t] += 1
                reasons[oid] = "matches the current subgoal"
            else:
                continue
            chosen.append(r)
        # Failure-related units first: the planner must re-plan around them now.
        chosen.sort(key=lambda r: (r.unit.object_id not in failed,
                                   r.unit.label not in failed_labels,
                                   r.unit.object_id not in referred, -r.score))
        chosen = chosen[:k]
        if evidence is not None:
            chosen = evidence(chosen)
        reasons = {r.unit.object_id: reasons[r.unit.object_id] for r in chosen}
        began = time.perf_counter()
        block = self._context(chosen, token_budget, scene_graph, now)
        return StepRecall(chosen, block, reasons, rebuilt, time.perf_counter() - began)

    def _context(self, chosen: Sequence[RankedUnit], token_budget: int,
                 scene_graph: SceneGraphSource, now: float | None) -> ContextBlock:
        if not chosen:
            # Saying nothing costs nothing: the step result's nothing_relevant flag tells
            # the planner memory was consulted.
            return ContextBlock("", 0, (), False, False)
        now = time.time() if now is None else now
        labels = {r.unit.object_id: r.unit.label for r in chosen}
        lines = [(r.unit.object_id,
                  self.recaller.describer.describe(r.unit, labels=labels, now=now).text)
                 for r in chosen]
        return assemble_context(
            lines, token_budget, scene_graph=scene_graph,
            labels=sorted({r.unit.label for r in chosen}),
            areas=sorted({r.unit.area_id for r in chosen if r.unit.area_id}),
            unit_share=self.recaller.config.unit_share, say_nothing=False,
        )
