"""State-conditioned recall: less than the dump, nothing when nothing matters."""

from __future__ import annotations

import pytest

from memory_node.core.recall.brief_state import BriefState, validate_brief
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.recall.step_recall import StateConditionedRecall
from memory_node.core.units import ObjectMemoryUnit as Unit

INSTRUCTION = "put the red apple in the fridge and bring the mug to the sofa"


@pytest.fixture(scope="module")
def recaller() -> Recaller:
    return Recaller(Embedder())


def house() -> list[Unit]:
    return [
        Unit("Apple_1", "Apple", (1, 0.9, 1), attributes={"colour": "red"}, area_id="kitchen"),
        Unit("Apple_2", "Apple", (2, 0.9, 1), attributes={"colour": "green"},
             area_id="kitchen"),
        Unit("Fridge_1", "Fridge", (3, 0, 1), state="closed", area_id="kitchen"),
        Unit("Mug_1", "Mug", (0, 0.9, 1), area_id="kitchen"),
        Unit("Sofa_1", "Sofa", (5, 0, 5), area_id="living room"),
        Unit("Book_1", "Book", (6, 0.5, 5), area_id="living room"),
        Unit("Pillow_1", "Pillow", (5, 0.5, 5), area_id="living room"),
        Unit("Plate_1", "Plate", (1, 0.9, 2), area_id="kitchen"),
    ]


def test_step_delivers_less_than_the_dump(recaller: Recaller) -> None:
    units = house()
    dump = recaller.recall(INSTRUCTION, units, k=5, token_budget=500)
    steps = StateConditionedRecall(recaller)
    step = steps.recall_step("ep1", INSTRUCTION, BriefState("open the fridge"), units, 500)
    assert [r.unit.object_id for r in step.units] == ["Fridge_1"]
    assert 0 < step.token_count < dump.token_count
    assert step.reasons["Fridge_1"] == "matches the current subgoal"


def test_nothing_when_nothing_matters(recaller: Recaller) -> None:
    steps = StateConditionedRecall(recaller)
    step = steps.recall_step("ep1", INSTRUCTION,
                             BriefState("navigate to the hallway", robot_area="kitchen"),
                             house(), 500)
    assert step.nothing_relevant and step.token_count == 0 and step.context.text == ""


def test_held_object_is_not_repeated(recaller: Recaller) -> None:
    steps = StateConditionedRecall(recaller)
    brief = BriefState("put the apple in the fridge", held_object="Apple_1",
                       last_skill="pick", last_args=("Apple_1",), last_result="success")
    step = steps.recall_step("ep1", INSTRUCTION, brief, house(), 500)
    delivered = [r.unit.object_id for r in step.units]
    assert "Apple_1" not in delivered and "Fridge_1" in delivered


def test_a_pronoun_subgoal_gets_the_last_steps_object(recaller: Recaller) -> None:
    # After navigate(Book_1), "pick it up" names nothing: "it" is the book the robot went
    # to, which is not in the instruction's pool.
    steps = StateConditionedRecall(recaller)
    brief = BriefState("pick it up", last_skill="navigate", last_args=("Book_1",),
                       last_result="success")
    step = steps.recall_step("ep1", INSTRUCTION, brief, house(), 500)
    assert [r.unit.object_id for r in step.units][:1] == ["Book_1"]
    assert step.reasons["Book_1"].startswith("what the subgoal's pronoun stands for")
    # A subgoal that names its object takes no antecedent.
    named = steps.recall_step("ep1", INSTRUCTION, BriefState(
        "pick up the mug", last_skill="navigate", last_args=("Book_1",),
        last_result="success"), house(), 500)
    assert "Book_1" not in [r.unit.object_id for r in named.units]


@pytest.mark.parametrize(("subgoal", "antecedent", "switch"), [
    # After navigate(Plate_1), "put the apple on it" names the apple, and "it" is still the
    # plate the robot went to (not in the instruction's pool).
    ("put the apple on it", "Plate_1", "pronoun_objects"),
    # "put that on the sofa" after navigate(Book_1): "that" stands alone for the book, as
    # per-subtask recall reads it (RecallConfig.demonstratives, one switch for both paths).
    ("put that on the sofa", "Book_1", "demonstratives"),
])
def test_a_subgoal_referring_back_gets_the_last_steps_object(
        recaller: Recaller, subgoal: str, antecedent: str, switch: str) -> None:
    steps = StateConditionedRecall(recaller)
    brief = BriefState(subgoal, last_skill="navigate", last_args=(antecedent,),
                       last_result="success")
    step = steps.recall_step("ep1", INSTRUCTION, brief, house(), 500)
    assert antecedent in [r.unit.object_id for r in step.units]
    assert step.reasons[antecedent].startswith("what the subgoal's pronoun stands for")
    # With the switch off, not. The module's embedder and lexicon (a new model and
    # WordNet load cost seconds).
    off = StateConditionedRecall(Recaller(recaller.embedder, config=RecallConfig(
        **{switch: False}), lexicon=recaller.lexicon))
    assert antecedent not in [r.unit.object_id for r in off.recall_step(
        "ep1", INSTRUCTION, brief, house(), 500).units]


def test_failed_step_brings_back_the_object_and_alternatives(recaller: Recaller) -> None:
    units = house()
    units[0].state = "absent"
    steps = StateConditionedRecall(recaller)
    brief = BriefState("pick up the apple", last_skill="pick", last_args=("Apple_1",),
                       last_result="failure")
    step = steps.recall_step("ep1", INSTRUCTION, brief, units, 500)
    delivered = [r.unit.object_id for r in step.units]
    assert delivered[:2] == ["Apple_1", "Apple_2"]
    assert "absent" in step.context.text


def test_pool_is_built_once_and_invalidated_on_change(recaller: Recaller) -> None:
    units = house()
    steps = StateConditionedRecall(recaller)
    first = steps.recall_step("ep1", INSTRUCTION, BriefState("open the fridge"), units, 300,
                              units_version=1)
    second = steps.recall_step("ep1", INSTRUCTION, BriefState("pick up the mug"), units, 300,
                               units_version=1)
    assert first.pool_rebuilt and not second.pool_rebuilt and steps.pool_builds == 1
    third = steps.recall_step("ep1", INSTRUCTION, BriefState("pick up the mug"), units, 300,
                              units_version=2)
    assert third.pool_rebuilt and steps.pool_builds == 2
    steps.invalidate("ep1")
    assert steps.pool("ep1") is None
    # a candidate that disappeared from memory forces a rebuild too
    steps.recall_step("ep1", INSTRUCTION, BriefState("open the fridge"), units, 300)
    pruned = [u for u in units if u.object_id != "Fridge_1"]
    again = steps.recall_step("ep1", INSTRUCTION, BriefState("open the fridge"), pruned, 300)
    assert again.pool_rebuilt and "Fridge_1" not in [r.unit.object_id for r in again.units]


def test_pools_are_per_episode(recaller: Recaller) -> None:
    steps = StateConditionedRecall(recaller, max_episodes=2)
    for ep in ("a", "b", "c"):
        steps.recall_step(ep, INSTRUCTION, BriefState("open the fridge"), house(), 300)
    assert steps.pool("a") is None and steps.pool("c") is not None


@pytest.mark.parametrize(("brief", "message"), [
    (BriefState(""), "subgoal is empty"),
    (BriefState("x" * 501), "subgoal"),
    (BriefState("open the fridge", last_skill="teleport"), "not a known skill"),
    (BriefState("open the fridge", last_skill="open", last_result="maybe"), "last_result"),
    (BriefState("open the fridge", last_result="success"), "no last_skill"),
    (BriefState("open the fridge", held_object=3), "held_object must be a string"),
    (BriefState("open the fridge", recent_areas="kitchen"), "recent_areas"),
    (BriefState("open the fridge", recent_areas=tuple(f"a{i}" for i in range(30))),
     "recent areas"),
    ({"subgoal": "open the fridge"}, "expected a BriefState"),
])
def test_malformed_brief_states_are_rejected(brief: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        validate_brief(brief)


def test_step_rejects_bad_requests(recaller: Recaller) -> None:
    steps = StateConditionedRecall(recaller)
    with pytest.raises(ValueError, match="episode_id"):
        steps.recall_step("", INSTRUCTION, BriefState("open the fridge"), house(), 100)
    with pytest.raises(ValueError, match="token_budget"):
        steps.recall_step("e", INSTRUCTION, BriefState("open the fridge"), house(), 0)
    with pytest.raises(ValueError, match="k must be"):
        steps.recall_step("e", INSTRUCTION, BriefState("open the fridge"), house(), 10, k=0)


def test_a_pool_build_embeds_instruction_and_subgoal_in_one_model_call(
        monkeypatch: pytest.MonkeyPatch) -> None:
    recaller = Recaller(Embedder())
    calls: list[list[str]] = []
    real = recaller.embedder.embed
    monkeypatch.setattr(recaller.embedder, "embed",
                        lambda texts: calls.append(list(texts)) or real(texts))
    units = house()
    recaller.score_all("a mug", units)          # the units' own vectors, embedded once
    calls.clear()
    steps = StateConditionedRecall(recaller)
    first = steps.recall_step("ep1", INSTRUCTION, BriefState("open the fridge"), units, 500)
    assert first.pool_rebuilt
    assert calls == [[INSTRUCTION, "open the fridge"]]
    # A warm step embeds its own subgoal only.
    warm = steps.recall_step("ep1", INSTRUCTION, BriefState("pick up the mug"), units, 500)
    assert not warm.pool_rebuilt and calls[1:] == [["pick up the mug"]]


def test_a_step_given_the_units_by_id_answers_as_without(recaller: Recaller) -> None:
    units = house()
    by_id = {u.object_id: u for u in units}
    brief = BriefState("put the apple in the fridge", held_object="Apple_1",
                       last_skill="open", last_args=("Fridge_1",), last_result="failure")
    a = StateConditionedRecall(recaller).recall_step("ep1", INSTRUCTION, brief, units, 500)
    b = StateConditionedRecall(recaller).recall_step("ep1", INSTRUCTION, brief, units, 500,
                                                     by_id=by_id)
    assert [(r.unit.object_id, r.score) for r in a.units] \
        == [(r.unit.object_id, r.score) for r in b.units]
    assert (a.reasons, a.context.text) == (b.reasons, b.context.text)
    assert a.units and a.context_s >= 0.0
