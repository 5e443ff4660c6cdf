"""Experience memory's settings (the memory server's `experience.*` parameters).

The caps are what bound the store over any number of episodes: knowledge (transitions,
procedures, facts) is folded out of each episode when it ends, so only the most recent
`max_stored_episodes` episodes need their steps kept.
"""

from __future__ import annotations

from dataclasses import dataclass

from memory_node.core.settings import check_settings, setting


@dataclass(frozen=True)
class ExperienceSettings:
    budget_share: float = setting(
        0.3, "Share of a recall's token budget experience may use (known-bad actions, the "
        "procedure, facts); units and the scene graph get the rest.", 0.05, 0.5)
    max_stored_episodes: int = setting(
        2000, "Ended episodes kept with their steps; older ones are deleted (their "
        "knowledge stays in transitions, procedures and facts).", 10, 1_000_000)
    max_steps_per_episode: int = setting(
        200, "Steps stored per episode; later steps still count in the trajectory graph.",
        1, 10_000)
    max_open_episodes: int = setting(
        64, "Open (not yet ended) episodes; beyond it the least recently active one is "
        "closed as abandoned (steps kept, nothing learned from it).", 1, 10_000)
    max_transitions: int = setting(
        20_000, "Trajectory-graph transitions kept; the least recently seen go first.",
        100, 10_000_000)
    max_procedures_per_task: int = setting(
        5, "Procedures kept per task type; the least useful unproven one is pruned.", 1, 100)
    max_procedures: int = setting(
        2000, "Procedures kept over all task types.", 10, 1_000_000)
    proven_successes: int = setting(
        3, "A procedure with at least this many successes and proven_confidence is never "
        "pruned.", 1, 1000)
    proven_confidence: float = setting(
        0.8, "Confidence (successes / uses) a proven procedure needs.", 0.0, 1.0)
    max_facts: int = setting(
        20_000, "Current facts kept; the least supported, oldest go first.", 10, 10_000_000)
    max_fact_history: int = setting(
        5, "Superseded versions kept per subject and relation (soft-deleted history).",
        0, 1000)
    max_known_bad: int = setting(
        5, "Known-bad actions listed per step recall.", 0, 50)
    max_facts_per_recall: int = setting(5, "Facts listed per recall.", 0, 50)
    absent_after_searches: int = setting(
        2, "Tasks that ended still searching for a type (no unit of it seen since) before "
        "recall tells the planner the type was searched for and not found (0 = never): one "
        "search can miss what is there.", 0, 100)
    belief_radius: float = setting(
        0.5, "Metres: a call that went to an object is the same transition while memory's "
        "position of the object stays within this of the one it had then (sightings "
        "scatter by centimetres; an object moved to other furniture is a metre away).",
        0.05, 5.0)
    min_task_similarity: float = setting(
        0.6, "Word overlap (Jaccard) an instruction's task type needs with a stored one for "
        "its procedure to be offered.", 0.0, 1.0)

    def __post_init__(self) -> None:
        check_settings(self)
