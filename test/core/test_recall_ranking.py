"""Recall ranking, the context block under a token budget, and bad requests."""

from __future__ import annotations

import pytest

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import MAX_K, Recaller
from memory_node.core.tokens import count_tokens
from memory_node.core.units import ObjectMemoryUnit as Unit


@pytest.fixture(scope="module")
def recaller() -> Recaller:
    return Recaller(Embedder())


def kitchen() -> list[Unit]:
    return [
        Unit("Apple_1", "Apple", (1, 0.9, 1), state="cleaned", attributes={"colour": "red"},
             area_id="kitchen", receptacle_id="CounterTop_1", relation="on"),
        Unit("Apple_2", "Apple", (2, 0.9, 1), attributes={"colour": "green"}, area_id="kitchen"),
        Unit("Mug_1", "Mug", (0, 0.9, 1), state="dirty", attributes={"colour": "white"},
             area_id="kitchen", receptacle_id="Cabinet_1", relation="in"),
        Unit("Cabinet_1", "Cabinet", (0, 1.5, 1), state="closed", area_id="kitchen"),
        Unit("Fridge_1", "Fridge", (3, 0, 1), state="closed", area_id="kitchen"),
        Unit("Plate_1", "Plate", (1, 0.9, 2), attributes={"colour": "blue"}, area_id="kitchen"),
        Unit("Sofa_1", "Sofa", (5, 0, 5), attributes={"colour": "grey"}, area_id="living room"),
        Unit("Knife_1", "Knife", (1, 0.9, 3), area_id="kitchen"),
        Unit("RemoteControl_1", "RemoteControl", (5, 0.5, 5), attributes={"colour": "black"},
             area_id="living room"),
        Unit("Book_1", "Book", (6, 0.5, 5), attributes={"colour": "yellow"},
             area_id="living room"),
    ]


def ids(ranked: list) -> list[str]:
    return [r.unit.object_id for r in ranked]


def test_exact_label_hit_ranks_first(recaller: Recaller) -> None:
    ranked = recaller.rank("where is the remote control", kitchen(), k=3)
    assert ids(ranked)[0] == "RemoteControl_1"
    assert "remote control" in ranked[0].matched
    both = recaller.rank("put the remote control on the sofa", kitchen(), k=3)
    assert set(ids(both)[:2]) == {"RemoteControl_1", "Sofa_1"}


def test_plural_instruction_matches_singular_label(recaller: Recaller) -> None:
    ranked = recaller.rank("bring both apples to the table", kitchen(), k=3)
    assert set(ids(ranked)[:2]) == {"Apple_1", "Apple_2"}


def test_vague_instruction_finds_the_right_object(recaller: Recaller) -> None:
    ranked = recaller.rank("place the clean, red food on the plate", kitchen(), k=3)
    assert "Apple_1" in ids(ranked) and "Plate_1" in ids(ranked)
    # colour and state separate the two apples
    assert ids(ranked).index("Apple_1") < ids(ranked).index("Apple_2") \
        if "Apple_2" in ids(ranked) else True
    assert {"red", "cleaned", "food"} <= set(
        next(r for r in ranked if r.unit.object_id == "Apple_1").matched)


def test_category_word_reaches_the_object(recaller: Recaller) -> None:
    ranked = recaller.rank("wash the dirty drinkware", kitchen(), k=2)
    assert ids(ranked)[0] == "Mug_1"


def test_nothing_relevant_is_an_empty_answer(recaller: Recaller) -> None:
    for instruction in ("what will the weather be tomorrow", "sing me a song",
                        "tell me a joke about politics"):
        assert recaller.rank(instruction, kitchen(), k=5) == [], instruction
        result = recaller.recall(instruction, kitchen(), k=5, token_budget=100)
        assert result.nothing_relevant and "nothing relevant" in result.context.text


def test_type_only_always_returns_exactly_one(recaller: Recaller) -> None:
    assert len(recaller.rank("sing me a song", kitchen(), k=5, mode="type_only")) == 1
    ranked = recaller.rank("put the apple in the fridge", kitchen(), k=5, mode="type_only")
    assert len(ranked) == 1 and ranked[0].unit.label in ("Apple", "Fridge")


def test_unit_text_mode_uses_cosine_only(recaller: Recaller) -> None:
    ranked = recaller.rank("put the remote control on the sofa", kitchen(), k=3,
                           mode="unit_text")
    assert ranked and all(r.lexical == 0.0 and r.score == r.cosine for r in ranked)


@pytest.mark.parametrize("budget", [12, 40, 90, 400])
def test_budget_is_never_exceeded_and_count_is_exact(recaller: Recaller, budget: int) -> None:
    scene = "\n".join(f"area {i}: kitchen counter, cabinets, a fridge and a sink"
                      for i in range(40))
    result = recaller.recall("put the apple in the fridge", kitchen(), k=10,
                             token_budget=budget, scene_graph=scene)
    assert result.token_count <= budget
    assert result.token_count == count_tokens(result.context.text)


def test_scene_graph_callable_gets_relevant_labels_and_remaining_budget(
        recaller: Recaller) -> None:
    seen: dict = {}

    def render(labels, areas, budget):
        seen.update(labels=labels, areas=areas, budget=budget)
        return "kitchen: fridge, counter top, cabinet"

    result = recaller.recall("put the apple in the fridge", kitchen(), k=3, token_budget=200,
                             scene_graph=render)
    assert "Apple" in seen["labels"] and seen["areas"] == ["kitchen"]
    assert 0 < seen["budget"] < 200
    assert result.context.scene_graph_included and "Scene graph:" in result.context.text
    assert set(result.context.unit_ids) <= set(ids(result.units))


def test_units_go_first_when_the_budget_is_tight(recaller: Recaller) -> None:
    # "apples": asked in the plural, both apples come back (one only for "the apple").
    result = recaller.recall("put the apples in the fridge", kitchen(), k=3, token_budget=60)
    assert result.context.unit_ids and result.context.unit_ids[0] == ids(result.units)[0]
    assert result.context.truncated


def test_recall_uses_unit_cache(recaller: Recaller) -> None:
    units = kitchen()
    recaller.rank("put the apple in the fridge", units, k=3)
    before = recaller.unit_cache.computed
    recaller.rank("wash the mug", units, k=3)
    assert recaller.unit_cache.computed == before
    units[0].state = "sliced"
    recaller.rank("wash the mug", units, k=3)
    assert recaller.unit_cache.computed == before + 1


def test_empty_memory_gives_nothing(recaller: Recaller) -> None:
    assert recaller.rank("put the apple in the fridge", [], k=3) == []


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"instruction": ""}, "empty"),
    ({"instruction": "   "}, "empty"),
    ({"instruction": "apple " * 1000}, "characters long"),
    ({"instruction": None}, "must be a string"),
    ({"k": 0}, "k must be in"),
    ({"k": -3}, "k must be in"),
    ({"k": MAX_K + 1}, "k must be in"),
    ({"k": 2.5}, "integer"),
    ({"token_budget": 0}, "token_budget"),
    ({"token_budget": -1}, "token_budget"),
    ({"token_budget": 10**9}, "token_budget"),
    ({"mode": "magic"}, "mode"),
])
def test_bad_requests_are_rejected(recaller: Recaller, kwargs: dict, message: str) -> None:
    request = {"instruction": "put the apple in the fridge", "k": 3, "token_budget": 100,
               "mode": None}
    request.update(kwargs)
    with pytest.raises(ValueError, match=message):
        recaller.recall(request["instruction"], kitchen(), request["k"],
                        request["token_budget"], mode=request["mode"])
