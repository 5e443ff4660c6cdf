"""Round 10 (issue 11): fixtures implied by what a named container is for ("put the kettle
on": the stove), and words after a determiner read as things, not as verbs ("on the hob")."""

from __future__ import annotations

import pytest
from recall_rooms import labels
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.implied import implied_skills, implied_types, skills_for_use
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.names import FULL, consume, label_terms, name_match, query_terms
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.skills import load_skill_table
from memory_node.core.units import ObjectMemoryUnit as Unit

HELD = ["Kettle", "Pan", "Pot", "ScrubBrush", "Toilet", "StoveBurner", "Microwave",
        "SinkBasin", "Faucet", "Knife", "Toaster"]


def kitchen() -> list[Unit]:
    return [Unit(f"{t}_1", t, (i, 0.9, 0), area_id="kitchen") for i, t in enumerate(HELD)]


@needs_wordnet
def test_only_things_that_hold_what_they_act_on_are_used_at_a_fixture(lex: Lexicon) -> None:
    assert lex.holds_contents("kettle") and lex.holds_contents("pot")
    assert lex.holds_contents("pan")  # a cooking utensil, not a WordNet container
    # A brush or a plunger is "for cleaning" something else, not cleaned at the sink.
    assert not lex.holds_contents("scrub brush") and not lex.holds_contents("plunger")
    skills = load_skill_table()
    assert "cook" in skills_for_use(["kettle"], skills, lex)  # "for stewing or boiling"
    assert "cook" in skills_for_use(["pan"], skills, lex)
    assert skills_for_use(["scrub brush", "plunger", "book"], skills, lex) == set()


@needs_wordnet
def test_a_named_container_implies_its_fixture_unless_a_verb_says_otherwise(
        lex: Lexicon) -> None:
    skills = load_skill_table()
    got = implied_types("put the kettle on", skills, lex, HELD, used=["kettle"])
    assert "stoveburner" in got
    assert implied_types("put the kettle on", skills, lex, HELD) == {}
    # The verb says what happens: a pot being rinsed goes to the sink, not the stove.
    rinse = implied_types("rinse out the pot", skills, lex, HELD, used=["pot"])
    assert set(rinse) == {"sinkbasin", "faucet"}


@needs_wordnet
def test_a_word_after_a_determiner_is_a_thing_not_a_verb(lex: Lexicon) -> None:
    skills = load_skill_table()
    # WordNet's "hob" is also a verb (to cut with a hob): after "the" it is the stove top.
    assert "slice" not in implied_skills("pan on the hob", skills, lex)
    assert implied_skills("put the bowl in the microwave", skills, lex) == set()
    # An action said as a noun still implies its skill.
    assert implied_skills("give the soup ladle a rinse", skills, lex) == {"clean"}
    assert implied_skills("microwave it", skills, lex) & {"heat", "cook"}
    assert "cool" in implied_skills("bring me the chilled wine", skills, lex)


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
def test_recall_brings_the_stove_for_a_kettle_put_on(embedder: Embedder,
                                                     vectorised: bool) -> None:
    on = Recaller(embedder, config=RecallConfig(vectorised=vectorised))
    off = Recaller(embedder, config=RecallConfig(vectorised=vectorised, uses=False))
    assert "StoveBurner" in labels(on.rank("put the kettle on", kitchen(), 3))
    assert "StoveBurner" not in labels(off.rank("put the kettle on", kitchen(), 3))
    got = labels(on.rank("pan on the hob", kitchen(), 3))
    assert "StoveBurner" in got and "Knife" not in got
    # Cleaning with a brush does not drag the sink in.
    got = labels(on.rank("scrub the toilet with the scrub brush", kitchen(), 3))
    assert "SinkBasin" not in got[:2] and {"Toilet", "ScrubBrush"} <= set(got)


@needs_wordnet
def test_a_use_implies_only_the_usual_fixture(lex: Lexicon) -> None:
    skills = load_skill_table()
    # Cooking's usual fixture is the stove; without one, a pan does not bring the toaster.
    no_stove = [t for t in HELD if t != "StoveBurner"]
    assert implied_types("pan on the hob", skills, lex, no_stove, used=["pan"]) == {}
    assert implied_types("pan on the hob", skills, lex, HELD, used=["pan"]) == {
        "stoveburner": "cook"}


@needs_wordnet
def test_the_light_hypernym_walk_equals_nltks_closure(lex: Lexicon) -> None:
    nouns = ["kettle", "pan", "pot", "mug", "cup", "bowl", "plate", "fridge", "microwave",
             "sink", "faucet", "cabinet", "drawer", "laptop", "book", "pen", "vase", "box",
             "statue", "candle", "toilet", "bathtub", "towel", "plunger", "scrub brush",
             "soap bar", "spray bottle", "tissue box", "alarm clock", "skillet", "saucepan",
             "watering can", "garbage can", "spatula", "ladle", "wok", "teapot", "jar"]
    for noun in nouns:
        senses = lex._physical(noun.replace(" ", "_"))[:1]
        slow = any(p.name() in {"container.n.01", "cooking_utensil.n.01"}
                   for s in senses for p in s.closure(lambda x: x.hypernyms()))
        assert lex.holds_contents(noun) == slow, noun


@needs_wordnet
def test_a_bare_word_naming_one_type_is_not_spent_on_its_kinds(lex: Lexicon) -> None:
    types = ("Bottle", "WineBottle", "SoapBottle", "GarbageCan", "Towel", "TowelHolder")
    terms = {t: label_terms(t, lex) for t in types}

    def named(text: str, present: tuple[str, ...] = types) -> dict[str, float]:
        q = query_terms(text, lex)
        names = consume({t: name_match(terms[t], q) for t in present},
                        {t: terms[t] for t in present}, q)
        return {t: m for t, m in names.items() if m}

    # "the bottle" is the plain bottle when there is one; a wine bottle is a kind of it.
    got = named("bin the plastic bottle")
    assert got["Bottle"] == FULL and "WineBottle" not in got and "SoapBottle" not in got
    assert named("bin the bottle", ("WineBottle", "SoapBottle"))["SoapBottle"] > 0
    # A type named after another without being a kind of it keeps the word.
    assert named("hang the towel up", ("Towel", "TowelHolder"))["TowelHolder"] > 0
