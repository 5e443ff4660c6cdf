"""Round 16b (issue 11): a verb no skill's hierarchy reaches, but that WordNet defines by a
skill's verb ("scrub": "clean with hard rubbing"), implies that skill's fixtures."""

from __future__ import annotations

from wordnet_data import needs_wordnet

from memory_node.core.recall.implied import implied_skills, implied_types
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.skills import load_skill_table

HELD = ["Pan", "Pot", "StoveBurner", "SinkBasin", "Faucet", "DishSponge"]


@needs_wordnet
def test_a_verb_defined_by_a_skills_verb_implies_the_skill(lex: Lexicon) -> None:
    skills = load_skill_table()
    # scrub's parent is "rub": the hierarchy never reaches "clean", the definition does.
    assert "clean" in implied_skills("frying pan still in the sink scrub it", skills, lex)
    assert not lex.verb_means("scrub", "clean")
    assert lex.verb_defined_as("scrub", "clean")
    got = implied_types("frying pan still in the sink scrub it", skills, lex, HELD,
                        mentioned=["pan", "sinkbasin"])
    assert got.get("faucet") == "clean"


@needs_wordnet
def test_a_definitions_figure_of_speech_implies_nothing(lex: Lexicon) -> None:
    skills = load_skill_table()
    # "alarm": "fill with apprehension" is an emotion (verb.emotion), not a filling;
    # "plug": "fill or close tightly with a plug" is contact, not fill's change of state.
    assert lex.verb_defined_as("alarm", "fill") is False
    assert lex.verb_defined_as("plug", "fill") is False
    assert implied_skills("don't alarm the cat", skills, lex) == set()
    # The skill's own verb is no definition of itself (the hierarchy answers for it).
    assert lex.verb_defined_as("clean", "clean") is False


@needs_wordnet
def test_a_verb_that_names_a_tool_here_is_done_with_the_tool(lex: Lexicon) -> None:
    skills = load_skill_table()
    # A bathroom with a scrub brush: "scrub the bowl with the brush" is the toilet's bowl,
    # scrubbed in place with the brush; the sink and faucet are not needed.
    bathroom = ["Toilet", "ScrubBrush", "SinkBasin", "Faucet"]
    # ("the brush" names the scrub brush here: a thing, not the verb "brush".)
    assert implied_types("Scrub the bowl with the brush", skills, lex, bathroom,
                         things=["brush"]) == {}
    # Without such a tool the same verb is a wash at the sink.
    assert implied_types("Scrub the bowl", skills, lex, ["Bowl", "SinkBasin", "Faucet"],
                         things=["bowl"]).get("faucet") == "clean"
