"""Round 9 (issue 11): words spent on a longer name, compounds said another way, gapped
clauses, and things named by what they are for (a mechanism kept off by default)."""

from __future__ import annotations

import pytest
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.names import FULL, consume, label_terms, name_match, query_terms
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.recall.subtasks import split_subtasks
from memory_node.core.units import ObjectMemoryUnit as Unit

TYPES = ("SaltShaker", "PepperShaker", "DiningTable", "SideTable", "CoffeeTable",
         "CounterTop", "TVStand", "Television", "Vase", "WineBottle", "Bottle", "SoapBottle",
         "Towel", "HandTowel", "HandTowelHolder", "ToiletPaper", "ToiletPaperHanger")


def named(text: str, lex: Lexicon, resolve: bool = True) -> dict[str, float]:
    terms = {t: label_terms(t, lex) for t in TYPES}
    q = query_terms(text, lex)
    names = {t: name_match(terms[t], q) for t in TYPES}
    if resolve:
        names = consume(names, terms, q)
    return {t: m for t, m in names.items() if m}


@needs_wordnet
def test_a_word_spent_on_a_longer_name_names_nothing_else(lex: Lexicon) -> None:
    text = "take the salt shaker from the dining table back to the counter"
    before = named(text, lex, resolve=False)
    assert before["PepperShaker"] > 0 and before["SideTable"] > 0  # "shaker", "table"
    after = named(text, lex)
    assert after["SaltShaker"] == FULL and after["DiningTable"] == FULL
    assert "PepperShaker" not in after and "SideTable" not in after
    assert after["CounterTop"] > 0  # "counter" is said on its own
    # Said again outside the longer name, the word keeps naming the other type.
    assert named("the salt shaker and the other shaker", lex)["PepperShaker"] > 0
    # A type named after the named one is its companion, not a rival.
    hung = named("hang the hand towel on the hand towel holder", lex)
    assert hung.keys() == {"HandTowel", "HandTowelHolder"}  # not Towel, not TowelHolder
    assert named("a new roll of toilet paper on the holder", lex)["ToiletPaperHanger"] > 0


@needs_wordnet
def test_a_synonym_inside_a_compound_names_the_compound(lex: Lexicon) -> None:
    before = named("move the vase off the telly stand", lex, resolve=False)
    assert before["TVStand"] == FULL and before["Television"] == FULL
    after = named("move the vase off the telly stand", lex)
    assert after["TVStand"] == FULL and "Television" not in after
    # The synonym counts only inside a compound: "telly" alone is still the television,
    # and a swapped word of several meanings never names a type by itself ("couch" is
    # also a verb: "sofa" is not said alone). A word of one meaning ("telly": a
    # television receiver) is its synonyms alone too (round 12: "vino" -> wine).
    assert named("turn the telly on", lex)["Television"] == FULL
    assert query_terms("turn the telly on", lex).grams >= {("telly",), ("tv",)}
    assert ("sofa",) not in query_terms("sit on the couch", lex).grams


@needs_wordnet
def test_x_of_y_is_the_compound_y_x(lex: Lexicon) -> None:
    before = named("put the bottle of wine in the fridge", lex, resolve=False)
    assert before["Bottle"] == FULL  # "wine bottle" is a kind of bottle in WordNet
    after = named("put the bottle of wine in the fridge", lex)
    assert after["WineBottle"] == FULL and "Bottle" not in after
    assert named("put the bottle in the fridge", lex)["Bottle"] == FULL


@needs_wordnet
def test_a_gapped_clause_with_its_own_place_is_its_own_step(lex: Lexicon) -> None:
    assert split_subtasks("put the wine in the fridge and the pencil in a drawer", lex) == [
        "put the wine in the fridge", "the pencil in a drawer"]
    # One place for both objects, or an object without its own place: one step.
    for one in ("put the mug and the plate in the sink",
                "put the mug in the sink and the plate",
                "grab the apple, the pear and the banana"):
        assert split_subtasks(one, lex) == [one]


@needs_wordnet
def test_purposes_from_definitions(lex: Lexicon) -> None:
    assert "turn" in lex.purposes("spatula")      # a turner: "used for turning"
    assert "write" in lex.purposes("pencil")      # "writing implement"
    assert "clean" in lex.purposes("scrub brush")  # "for heavy cleaning"
    assert "interlace" not in lex.purposes("sponge")  # "interlacing fibers": no use
    assert "hold" not in lex.purposes("vase")     # a light verb says no use
    flip = lex.verb_senses("flip", parents=True)
    assert flip & lex.purpose_senses("spatula")
    # Senses, not names: washing's parent "serve" is not the serving a bowl is for.
    assert not lex.verb_senses("wash", parents=True) & lex.purpose_senses("bowl")


@needs_wordnet
def test_purposes_rank_the_tool_only_when_on() -> None:
    units = [Unit("Pan_1", "Pan", (0, 0.9, 0), area_id="kitchen"),
             Unit("Spatula_1", "Spatula", (0.5, 0.9, 0), area_id="kitchen"),
             Unit("Egg_1", "Egg", (1, 0.9, 0), area_id="kitchen"),
             Unit("Toaster_1", "Toaster", (2, 0.9, 0), area_id="kitchen"),
             Unit("Plate_1", "Plate", (3, 0.9, 0), area_id="kitchen")]
    emb = Embedder()
    on = Recaller(emb, config=RecallConfig(purposes=True))
    off = Recaller(emb, config=RecallConfig())
    text = "flip the pancakes in the pan"
    assert [r.unit.label for r in on.rank(text, units, 3)][:2] == ["Pan", "Spatula"]
    assert "Spatula" not in [r.unit.label for r in off.rank(text, units, 3)]


@pytest.mark.parametrize("text", ["of of of", "bottle of", "of wine", "telly " * 500])
def test_degenerate_compounds_are_harmless(text: str, lex: Lexicon) -> None:
    q = query_terms(text, lex)
    assert len(q.variants) == len(q.origins) == len(q.shortest)
    named(text, lex)


@needs_wordnet
def test_a_two_word_name_wordnet_knows_is_read_as_its_other_names(lex: Lexicon) -> None:
    # WordNet: {dressing table, dresser, vanity, toilet table}. The dresser's own label
    # names (its main sense: a chest of drawers) do not include "dressing table".
    types = ("Dresser", "SideTable", "DiningTable", "Desk", "CellPhone", "CuttingBoard",
             "Towel", "HandTowel")
    terms = {t: label_terms(t, lex) for t in types}

    def got(text: str) -> dict[str, float]:
        q = query_terms(text, lex)
        names = consume({t: name_match(terms[t], q) for t in types}, terms, q)
        return {t: m for t, m in names.items() if m}

    on_it = got("put my mobile on charge on the dressing table")
    assert on_it.get("Dresser") == FULL
    assert "SideTable" not in on_it and "DiningTable" not in on_it
    # Only whole names: "dining table" is also WordNet's "board", which names no cutting
    # board; "hand towel" is also "face towel", which does not say "towel" alone.
    assert set(got("clear the dining table")) == {"DiningTable"}
    assert set(got("hang up the hand towel")) == {"HandTowel"}


@needs_wordnet
def test_a_plural_noun_of_a_definition_counts_though_a_verb_shares_its_form(
        lex: Lexicon) -> None:
    # bookcase: "a piece of furniture with shelves for storing books"; "shelves" is also
    # the verb "shelve", but its singular is "shelf", so it is the noun.
    assert "shelf" in lex.gloss_nouns("bookcase")
    q = query_terms("the two figurines go on the bookcase", lex)
    assert name_match(label_terms("Shelf", lex), q) > 0
    # A word whose plural is the verb's own form stays out when mostly a verb.
    assert "use" not in lex.gloss_nouns("spatula")
