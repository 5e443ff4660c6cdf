"""Tokens delivered per planning step: once-per-episode dump vs state-conditioned recall.

Scripted multi-step episodes over the labelled AI2-THOR scenes: every direct/vague
instruction needing one object becomes navigate -> [open] -> pick -> navigate -> [open]
-> put, with one scripted failure (the first pick fails because the object is not there,
then succeeds) in every fourth episode. At each planning step the dump delivers the
instruction's recall block (top-5 units + scene-graph text, budget 600) and the
state-conditioned recall delivers only what the step's brief state needs (k = 3, same
budget, same scene-graph renderer restricted to the relevant areas).

    .venv/bin/python bench/recall_tokens.py     # -> bench/results/recall_tokens.json
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Sequence

from recall_common import load, save_result, scene_units

from memory_node.core.recall.brief_state import BriefState
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexical import split_label
from memory_node.core.recall.recall import Recaller
from memory_node.core.recall.step_recall import StateConditionedRecall

BUDGET = 600
DUMP_K = 5
STEP_K = 3


def scene_graph_renderer(scene: dict):
    """Long-term text: the room and its receptacles with what is on/in each."""
    by_receptacle: dict[str, list[str]] = {}
    for o in scene["objects"]:
        if o["receptacle"]:
            by_receptacle.setdefault(o["receptacle"], []).append(o["id"])
    lines = [f"{scene['area']}: " + ", ".join(sorted(by_receptacle))]
    lines += [f"  {r}: {', '.join(ids)}" for r, ids in sorted(by_receptacle.items())]

    def render(labels: Sequence[str], areas: Sequence[str], budget: int) -> str:
        if areas and scene["area"] not in areas:
            return ""
        return "\n".join(lines)
    return render


def script(item: dict, scene: dict, fail_first_pick: bool) -> list[BriefState]:
    obj = next(o for o in scene["objects"] if o["id"] == item["needed"][0])
    name = split_label(obj["type"])
    rec = obj["receptacle"]
    rec_name = split_label(rec.split("_")[0])
    area = scene["area"]
    steps = [BriefState(f"go to the {rec_name} where the {name} is", robot_area=area)]
    if obj["relation"] == "in":
        steps.append(BriefState(f"open the {rec_name}", robot_area=area,
                                last_skill="navigate", last_args=(rec,), last_result="success"))
    if fail_first_pick:
        steps.append(BriefState(f"pick up the {name}", robot_area=area, last_skill="navigate",
                                last_args=(rec,), last_result="success"))
        steps.append(BriefState(f"pick up the {name}", robot_area=area, last_skill="pick",
                                last_args=(obj["id"],), last_result="failure"))
    else:
        steps.append(BriefState(f"pick up the {name}", robot_area=area, last_skill="navigate",
                                last_args=(rec,), last_result="success"))
    held = dict(held_object=obj["id"], robot_area=area)
    steps.append(BriefState("go to the destination", last_skill="pick",
                            last_args=(obj["id"],), last_result="success", **held))
    steps.append(BriefState(f"put the {name} at the destination", last_skill="navigate",
                            last_args=(area,), last_result="success", **held))
    return steps


def main() -> int:
    doc = load()
    if doc is None:
        print("skip: AI2-THOR rearrangement data absent; the labelled set is generated from it")
        return 0
    scenes = {s["scene_id"]: s for s in doc["scenes"]}
    recaller = Recaller(Embedder())
    stepper = StateConditionedRecall(recaller)
    dump_tokens: list[int] = []
    step_tokens: list[int] = []
    dump_units_only: list[int] = []
    step_units_only: list[int] = []
    empty_steps = 0
    episodes = 0
    last_scene = None
    for n, item in enumerate(i for i in doc["instructions"]
                             if i["split"] in ("direct", "vague") and len(i["needed"]) == 1):
        scene = scenes[item["scene"]]
        if scene["scene_id"] != last_scene:
            units = scene_units(scene)
            last_scene = scene["scene_id"]
        render = scene_graph_renderer(scene)
        dump = recaller.recall(item["text"], units, DUMP_K, BUDGET, scene_graph=render)
        dump_plain = recaller.recall(item["text"], units, DUMP_K, BUDGET)
        episode_id = f"ep{n}"
        for brief in script(item, scene, fail_first_pick=n % 4 == 0):
            dump_tokens.append(dump.token_count)
            step = stepper.recall_step(episode_id, item["text"], brief, units, BUDGET,
                                       k=STEP_K, units_version=0, scene_graph=render)
            step_tokens.append(step.token_count)
            dump_units_only.append(dump_plain.token_count)
            plain = stepper.recall_step(episode_id, item["text"], brief, units, BUDGET,
                                        k=STEP_K, units_version=0)
            step_units_only.append(plain.token_count)
            empty_steps += step.nothing_relevant
        stepper.end_episode(episode_id)
        episodes += 1

    def stats(xs: list[int]) -> dict:
        return {"mean": round(statistics.mean(xs), 1), "median": statistics.median(xs),
                "max": max(xs), "total": sum(xs)}

    result = {
        "episodes": episodes, "steps": len(step_tokens), "token_budget": BUDGET,
        "dump_per_step": stats(dump_tokens), "state_conditioned_per_step": stats(step_tokens),
        "state_conditioned_empty_steps": round(empty_steps / len(step_tokens), 3),
        "reduction": round(1 - sum(step_tokens) / sum(dump_tokens), 3),
        "units_only": {"dump_per_step": stats(dump_units_only),
                       "state_conditioned_per_step": stats(step_units_only),
                       "reduction": round(1 - sum(step_units_only) / sum(dump_units_only), 3)},
        "pool_builds": stepper.pool_builds,
    }
    save_result("recall_tokens", result)
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
