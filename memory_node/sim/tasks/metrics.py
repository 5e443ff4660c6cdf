"""KARMA's metrics (plus ALFRED's GC), computed from a run's records (`records.Run`).

Definitions (bench/README_tasks.md says the same in prose):
- SR   share of run tasks whose every subtask was achieved; a subtask is achieved when
       every one of its goal conditions was checked right after it ended and held as
       expected. A task that errored counts as failed; a skipped task is not counted.
- GC   goal-condition success as ALFRED reports it: per task, achieved conditions over
       the task's conditions (unchecked ones count as not achieved), averaged over tasks.
- MRA  memory retrieval accuracy: per recall that needed units, the share of needed unit
       ids among those returned, averaged over such recalls; split by direct and vague
       references.
- MHR  short-term memory hit rate: hits / queries, counting only queries made after the
       cache first reached 95% of its capacity (the warm-up), in run order.
- RE   reduced exploration: 1 - E_memory / E_baseline, E = exploration attempts (calls of
       an exploration skill, `explore` in the skill table) summed over the tasks both runs
       ran, against the no-memory run of the same sequences.
- RT   reduced time: 1 - T_memory / T_baseline, T = simulated skill time over those tasks.
- per component: wall time, LLM calls and prompt/completion tokens, totals and per task.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field

from memory_node.core.cache.metrics import HitRateCounter
from memory_node.sim.tasks.records import (
    CacheAccess,
    GoalCheck,
    Recall,
    Record,
    Run,
    SkillCall,
    TaskEnd,
    Usage,
)

WARMUP_OCCUPANCY = 0.95
EXPLORATION_SKILLS: tuple[str, ...] = ("explore",)
ALL = "all"

TaskKey = tuple[str, str]           # (sequence, task)


def _key(e: Record) -> TaskKey:
    return (e.sequence, e.task)


def _ratio(num: float, den: float) -> float | None:
    return num / den if den else None


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


@dataclass(frozen=True)
class TaskOutcome:
    sequence: str
    task: str
    category: str
    status: str
    success: bool
    subtasks_achieved: int
    subtasks: int
    conditions_achieved: int
    conditions: int
    exploration_attempts: int
    sim_time_s: float
    skill_calls: int

    @property
    def gc(self) -> float:
        return self.conditions_achieved / self.conditions if self.conditions else 0.0


def task_outcomes(run: Run, exploration_skills: Iterable[str] = EXPLORATION_SKILLS
                  ) -> list[TaskOutcome]:
    """One outcome per TaskEnd record, in run order (the last TaskEnd of a task wins)."""
    explore = frozenset(exploration_skills)
    checks: dict[TaskKey, dict[int, list[GoalCheck]]] = defaultdict(lambda: defaultdict(list))
    skills: dict[TaskKey, list[SkillCall]] = defaultdict(list)
    ends: dict[TaskKey, TaskEnd] = {}
    for e in run.events:
        if isinstance(e, GoalCheck):
            checks[_key(e)][e.subtask].append(e)
        elif isinstance(e, SkillCall):
            skills[_key(e)].append(e)
        elif isinstance(e, TaskEnd):
            ends.pop(_key(e), None)        # keep run order of the final record
            ends[_key(e)] = e
    out = []
    for k, end in ends.items():
        per_sub = checks.get(k, {})
        # A subtask index beyond the declared count is the runner's bug, not a success.
        achieved_subs = sum(1 for i in range(end.subtasks)
                            if per_sub.get(i) and all(c.achieved for c in per_sub[i]))
        achieved_conds = sum(1 for i in range(end.subtasks) for c in per_sub.get(i, [])
                             if c.achieved)
        calls = skills.get(k, [])
        ran = end.status == "run"
        out.append(TaskOutcome(
            sequence=end.sequence, task=end.task, category=end.category, status=end.status,
            success=ran and end.subtasks > 0 and achieved_subs == end.subtasks,
            subtasks_achieved=achieved_subs if ran else 0, subtasks=end.subtasks,
            conditions_achieved=min(achieved_conds, end.conditions) if ran else 0,
            conditions=end.conditions,
            exploration_attempts=sum(1 for c in calls if c.skill in explore),
            sim_time_s=sum(c.sim_duration_s for c in calls), skill_calls=len(calls)))
    return out


@dataclass(frozen=True)
class CategoryScores:
    tasks: int                 # tasks run (status run or error)
    skipped: int
    errors: int
    sr: float | None
    gc: float | None
    successes: int


def scores(outcomes: Sequence[TaskOutcome]) -> dict[str, CategoryScores]:
    """SR and GC per category and over all (key "all")."""
    groups: dict[str, list[TaskOutcome]] = defaultdict(list)
    for o in outcomes:
        groups[o.category].append(o)
        groups[ALL].append(o)
    result = {}
    for cat, os_ in sorted(groups.items()):
        counted = [o for o in os_ if o.status != "skipped"]
        result[cat] = CategoryScores(
            tasks=len(counted), skipped=sum(1 for o in os_ if o.status == "skipped"),
            errors=sum(1 for o in os_ if o.status == "error"),
            sr=_mean([1.0 if o.success else 0.0 for o in counted]),
            gc=_mean([o.gc for o in counted]), successes=sum(o.success for o in counted))
    return result


@dataclass(frozen=True)
class RetrievalScores:
    recalls: int               # recalls that needed at least one unit
    mra: float | None
    needed: int
    retrieved: int


def mra(run: Run) -> dict[str, RetrievalScores]:
    """MRA per reference kind (direct, vague) and over all."""
    groups: dict[str, list[Recall]] = defaultdict(list)
    for e in run.events:
        if isinstance(e, Recall) and e.needed:
            groups[e.reference].append(e)
            groups[ALL].append(e)
    out = {}
    for ref, recalls in sorted(groups.items()):
        per = [len(set(r.needed) & set(r.returned)) / len(set(r.needed)) for r in recalls]
        out[ref] = RetrievalScores(
            recalls=len(recalls), mra=_mean(per),
            needed=sum(len(set(r.needed)) for r in recalls),
            retrieved=sum(len(set(r.needed) & set(r.returned)) for r in recalls))
    return out


@dataclass(frozen=True)
class HitRate:
    queries: int               # after warm-up
    hits: int
    mhr: float | None          # None: the cache never reached the warm-up occupancy
    warmup_queries: int        # queries before the cache was 95% full
    all_queries: int
    all_hits: int
    curve: tuple[tuple[int, float | None], ...] = field(default=())
    # (tasks performed, cumulative MHR after warm-up at the end of that task)


def warmup_threshold(capacity: int, share: float = WARMUP_OCCUPANCY) -> int:
    """Entries that make a cache of `capacity` count as warm (95% of 5 is 5, of 20 is 19):
    the cache simulator's own threshold, so the bench and the runs agree."""
    return HitRateCounter(capacity, share).warm_threshold


def mhr(run: Run, warmup: float = WARMUP_OCCUPANCY) -> HitRate:
    """Hits / queries of the short-term memory after warm-up, and the curve against tasks
    performed (KARMA's figures 4-6)."""
    warm = False
    hits = queries = pre = all_hits = all_queries = 0
    curve: list[tuple[int, float | None]] = []
    seen_tasks: list[TaskKey] = []
    current: TaskKey | None = None
    for e in run.events:
        if isinstance(e, CacheAccess):
            k = _key(e)
            if k != current:
                if current is not None:
                    curve.append((len(seen_tasks), _ratio(hits, queries)))
                current = k
                seen_tasks.append(k)
            all_queries += 1
            all_hits += e.hit
            # Occupancy is read as the query found the cache: a query made while the cache
            # was still filling is a cold miss no policy could avoid.
            if not warm and e.capacity > 0 and \
                    e.occupancy >= warmup_threshold(e.capacity, warmup):
                warm = True
            if warm:
                queries += 1
                hits += e.hit
            else:
                pre += 1
    if current is not None:
        curve.append((len(seen_tasks), _ratio(hits, queries)))
    return HitRate(queries=queries, hits=hits, mhr=_ratio(hits, queries) if warm else None,
                   warmup_queries=pre, all_queries=all_queries, all_hits=all_hits,
                   curve=tuple(curve))


@dataclass(frozen=True)
class ComponentCost:
    wall_s: float
    calls: int
    prompt_tokens: int
    completion_tokens: int
    tasks: int

    @property
    def per_task_wall_s(self) -> float | None:
        return _ratio(self.wall_s, self.tasks)

    @property
    def per_task_prompt_tokens(self) -> float | None:
        return _ratio(self.prompt_tokens, self.tasks)


def costs(run: Run) -> dict[str, ComponentCost]:
    """Time, calls and tokens per component, with simulated skill time as `skills_sim`."""
    acc: dict[str, list[float]] = defaultdict(lambda: [0.0, 0, 0, 0])
    tasks: dict[str, set[TaskKey]] = defaultdict(set)
    for e in run.events:
        if isinstance(e, Usage):
            a = acc[e.component]
            a[0] += e.wall_s
            a[1] += e.calls
            a[2] += e.prompt_tokens
            a[3] += e.completion_tokens
            tasks[e.component].add(_key(e))
        elif isinstance(e, SkillCall):
            a = acc["skills_sim"]
            a[0] += e.sim_duration_s
            a[1] += 1
            tasks["skills_sim"].add(_key(e))
    return {c: ComponentCost(wall_s=a[0], calls=int(a[1]), prompt_tokens=int(a[2]),
                             completion_tokens=int(a[3]), tasks=len(tasks[c]))
            for c, a in sorted(acc.items())}


@dataclass(frozen=True)
class Reduction:
    tasks: int                       # tasks both runs ran (status run in both)
    exploration_memory: int
    exploration_baseline: int
    re: float | None                 # None when the baseline explored nothing
    time_memory_s: float
    time_baseline_s: float
    rt: float | None
    sr_memory: float | None
    sr_baseline: float | None
    sr_gain: float | None            # sr_memory / sr_baseline (None if baseline 0)
    per_sequence: tuple[tuple[str, float | None, float | None], ...] = ()   # (seq, RE, RT)


def compare(memory: Sequence[TaskOutcome], baseline: Sequence[TaskOutcome]
            ) -> dict[str, Reduction]:
    """RE, RT and SR gain of a memory run against the no-memory run of the same
    sequences, per category and over all, on the tasks both runs ran."""
    base = {(o.sequence, o.task): o for o in baseline if o.status == "run"}
    pairs = [(o, base[(o.sequence, o.task)]) for o in memory
             if o.status == "run" and (o.sequence, o.task) in base]
    groups: dict[str, list[tuple[TaskOutcome, TaskOutcome]]] = defaultdict(list)
    for m, b in pairs:
        groups[m.category].append((m, b))
        groups[ALL].append((m, b))
    out = {}
    for cat, ps in sorted(groups.items()):
        em = sum(m.exploration_attempts for m, _ in ps)
        eb = sum(b.exploration_attempts for _, b in ps)
        tm = sum(m.sim_time_s for m, _ in ps)
        tb = sum(b.sim_time_s for _, b in ps)
        srm = _mean([1.0 if m.success else 0.0 for m, _ in ps])
        srb = _mean([1.0 if b.success else 0.0 for _, b in ps])
        per_seq: dict[str, list[tuple[TaskOutcome, TaskOutcome]]] = defaultdict(list)
        for m, b in ps:
            per_seq[m.sequence].append((m, b))
        seq_rows = []
        for seq, sp in sorted(per_seq.items()):
            seb = sum(b.exploration_attempts for _, b in sp)
            stb = sum(b.sim_time_s for _, b in sp)
            seq_rows.append((seq,
                             1 - sum(m.exploration_attempts for m, _ in sp) / seb if seb
                             else None,
                             1 - sum(m.sim_time_s for m, _ in sp) / stb if stb else None))
        out[cat] = Reduction(
            tasks=len(ps), exploration_memory=em, exploration_baseline=eb,
            re=1 - em / eb if eb else None, time_memory_s=tm, time_baseline_s=tb,
            rt=1 - tm / tb if tb else None, sr_memory=srm, sr_baseline=srb,
            sr_gain=srm / srb if srm is not None and srb else None,
            per_sequence=tuple(seq_rows))
    return out


def summarize(run: Run, baseline: Run | None = None,
              exploration_skills: Iterable[str] = EXPLORATION_SKILLS) -> dict:
    """Every metric of a run as JSON-ready data (with RE/RT/SR gain when a baseline run of
    the same sequences is given)."""
    explore = tuple(exploration_skills)
    outcomes = task_outcomes(run, explore)
    hr = mhr(run)
    result = {
        "meta": run.meta,
        "tasks": {k: asdict(v) for k, v in scores(outcomes).items()},
        "mra": {k: asdict(v) for k, v in mra(run).items()},
        "mhr": asdict(hr),
        "components": {k: {**asdict(v), "per_task_wall_s": v.per_task_wall_s,
                           "per_task_prompt_tokens": v.per_task_prompt_tokens}
                       for k, v in costs(run).items()},
    }
    if baseline is not None:
        result["against_baseline"] = {
            "baseline_meta": baseline.meta,
            **{k: asdict(v) for k, v in compare(outcomes,
                                                task_outcomes(baseline, explore)).items()}}
    return result
