"""Recall's answers for a fixed memory and a fixed set of requests are those of the code
before round 17's caches (ids and order exact, scores within float tolerance, context
text and token counts exact).

The expected answers are `data/recall_same_answers.json`, written by main's code at
dee8b02 (`PYTHONPATH=<main's checkout> python test/core/test_recall_same_answers.py
--write`). Round 17 only moved work out of the request (cached per index version, one
pass over shared vectors, counts summed from memoised lines); any change of an answer
here means a cache served something stale or a shortcut is not exact.

Round 52 rewrote the contexts once, with the test's own config (/tmp scratch of dds52): the
scene graph's section lost its doubled "Scene graph:" header (3 tokens), which the
serialiser's budget now gets; every request's units and scores are unchanged (44 of 44),
24 contexts differ by the header alone and 7 show one more or other area line.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from memory_node.core.memory import Memory
from memory_node.core.memory_settings import MemorySettings, ShortTermSettings
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall_memory import brief_from_fields
from memory_node.core.units import ObjectMemoryUnit as Unit

EXPECTED = Path(__file__).parent / "data" / "recall_same_answers.json"
NOW = 1_700_000_500.0
TYPES = ["Apple", "Mug", "Cabinet", "Fridge", "SinkBasin", "Sink", "Faucet", "Knife",
         "Plate", "StoveBurner", "Microwave", "GarbageCan", "Television", "Sofa", "Book",
         "Bowl", "CoffeeMachine", "Kettle", "Pot", "Pan", "SoapBar", "Towel", "Pillow",
         "CounterTop", "Shelf", "Drawer"]
RECEPTACLES = ("Cabinet", "Fridge", "CounterTop", "Shelf", "Drawer", "Sink")
COLOURS = ["red", "green", "blue", "white", "black", "yellow", ""]
STATES = ["none", "dirty", "cleaned", "closed", "opened", "sliced", "filled"]
AREAS = ["kitchen", "living_room", "bathroom", "bedroom"]
INSTRUCTIONS = [
    "put the red apple in the fridge",
    "wash the dirty mug and leave it on the plate",
    "open all the cabinets",
    "warm up the soup",
    "bring me something to drink from",
    "throw the sliced apple in the trash",
    "turn on the telly in the living room",
    "pick up Mug_3 and put it in the sink",
    "make a cup of coffee, then put the kettle on the stove",
    "what will the weather be tomorrow",
    "the blue green white",
    "take the book from the shelf and put it on the sofa, then fluff the pillows",
    "slice the apple with the knife and put the slices in a bowl",
    "grab a towel from the drawer and dry the wet plates",
]
STEPS = ["go to the fridge", "pick up the apple", "put it on the counter", "open the drawer"]


def memory_units(n: int, seed: int = 17) -> list[Unit]:
    """Units of few types, colours, states and areas (many share a text, as at robot
    scale), some standing in a receptacle unit."""
    rng = random.Random(seed)
    out: list[Unit] = []
    for i in range(n):
        t = rng.choice(TYPES)
        colour = rng.choice(COLOURS)
        receptacles = [u for u in out[-60:] if u.label in RECEPTACLES]
        rec = rng.choice(receptacles).object_id if receptacles and rng.random() < 0.4 else ""
        out.append(Unit(f"{t}_{i}", t, (rng.uniform(0, 9), 0.9, rng.uniform(0, 9)),
                        state=rng.choice(STATES), area_id=rng.choice(AREAS),
                        receptacle_id=rec, relation="in" if rec else "",
                        attributes={"colour": colour} if colour else {},
                        first_seen=NOW - 2000 + i, last_seen=NOW - 300 + (i % 200)))
    return out


def scene_graph(memory_dir: Path, seed: int = 17) -> None:
    """A 300-object scene graph saved beside the units, as the long-term memory keeps it."""
    from memory_node.core.perception.observation import Observation
    from memory_node.core.persistence.store import MemoryStore
    from memory_node.core.scene_graph.graph import SceneGraph
    from memory_node.core.scene_graph.persistence import save_all

    rng = random.Random(seed)
    g = SceneGraph()
    for x in range(0, 12, 2):
        for y in range(0, 12, 2):
            g.visit((float(x), float(y), 0.0), 0.0)
    for _ in range(3):
        g.update([Observation.at(rng.choice(TYPES), (rng.uniform(0, 12), rng.uniform(0, 12),
                                                     rng.uniform(0, 2)), 1.0)
                  for _ in range(100)], stamp=1.0)
    store = MemoryStore(memory_dir / "memory.sqlite", durability="normal")
    with store.transaction() as conn:
        save_all(conn, g)
    store.close()


def answers(memory_dir: Path, embedder: Embedder) -> dict[str, list]:
    """Every request's (id, score) list, context text and token count, in order."""
    memory_dir.mkdir(parents=True, exist_ok=True)
    scene_graph(memory_dir)
    memory = Memory(MemorySettings(memory_dir=str(memory_dir), durability="normal",
                                   short_term=ShortTermSettings(capacity=2000)),
                    embedder=embedder)
    out: dict[str, list] = {"instruction": [], "per_subtask": [], "step": []}
    try:
        for u in memory_units(900):
            memory.upsert_object(u)
        rm = memory.recall

        def record(kind: str, a: object) -> None:
            out[kind].append({
                "units": [[r.unit.object_id, round(r.score, 6)] for r in a.units],  # type: ignore[attr-defined]
                "context": a.context, "tokens": a.context_tokens})  # type: ignore[attr-defined]

        for text in INSTRUCTIONS:
            record("instruction", rm.recall(text, 5, 600, now=NOW))
            record("per_subtask", rm.recall(text, 3, 600, now=NOW, per_subtask=True))
        for e, text in enumerate(INSTRUCTIONS[:4]):
            for step in STEPS:
                record("step", rm.recall(text, 3, 600, f"ep{e}",
                                         brief_from_fields(step, robot_area="kitchen"),
                                         now=NOW))
    finally:
        memory.close()
    return out


def test_answers_equal_those_of_the_code_before_the_caches(
        tmp_path: Path, embedder: Embedder, monkeypatch: pytest.MonkeyPatch) -> None:
    # Round 25's fill of a step short of k changes per-subtask answers by design (more
    # units, below the floor); the golden answers predate it, so it is off here: this
    # test is about caches serving nothing stale.
    import memory_node.core.recall_memory as recall_memory
    from memory_node.core.recall.recall import RecallConfig

    monkeypatch.setattr(recall_memory, "_config", lambda s: RecallConfig(
        min_score=s.min_score, vectorised=s.vectorised, step_fill_floor=s.min_score))
    expected = json.loads(EXPECTED.read_text())
    got = answers(tmp_path / "memory", embedder)
    for kind in ("instruction", "per_subtask", "step"):
        assert len(got[kind]) == len(expected[kind])
        for i, (g, e) in enumerate(zip(got[kind], expected[kind], strict=True)):
            where = f"{kind} #{i}"
            assert [u[0] for u in g["units"]] == [u[0] for u in e["units"]], where
            for (_, sg), (_, se) in zip(g["units"], e["units"], strict=True):
                assert sg == pytest.approx(se, abs=1e-5), where
            assert g["context"] == e["context"], where
            assert g["tokens"] == e["tokens"], where
    # The set is not trivial: most requests recall something, with scene-graph text.
    assert sum(bool(a["units"]) for a in got["instruction"]) >= 10
    assert sum("Scene graph:" in a["context"] for a in got["instruction"]) >= 10


if __name__ == "__main__":
    if "--write" in sys.argv:
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            result = answers(Path(tmp) / "memory", Embedder())
        EXPECTED.parent.mkdir(parents=True, exist_ok=True)
        EXPECTED.write_text(json.dumps(result, indent=0) + "\n")
        print(f"wrote {EXPECTED}")
