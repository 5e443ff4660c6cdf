"""Round 20 (issue 11): of a skill's fixture group none of whose types is said, the usual
fixture of what a named thing is for comes first. Heating's group is the microwave or the
stove burner, the microwave first; a pot is "a cooking vessel" and a kettle is "for
boiling", and cooking's usual fixture is the burner: "heat the pot of soup", "unless the
kettle's still hot put it on" need the stove. A mug is for nothing WordNet says: "warm up
the mug of milk" keeps the microwave. A word of a definition that mentions the microwave
("heat") comes after the named thing's use; a type said outright still comes first."""

from __future__ import annotations

import pytest
from recall_rooms import labels, room
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.implied import implied_types
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.skills import load_skill_table

KITCHEN = ["Kettle", "Pot", "Mug", "Microwave", "StoveBurner", "Faucet", "SinkBasin",
           "Toaster", "Fridge", "Cabinet", "CounterTop"]


@needs_wordnet
def test_the_named_things_use_picks_the_groups_type() -> None:
    lex, table = Lexicon(), load_skill_table()

    def implied(text: str, used: list[str], fixture_of_use: bool,
                mentioned: tuple[str, ...] = (), weakly: tuple[str, ...] = ()
                ) -> dict[str, str]:
        return implied_types(text, table, lex, KITCHEN, mentioned, used,
                             fixture_of_use=fixture_of_use, weakly=weakly)

    assert implied("heat the pot of soup", ["pot"], False) == {"microwave": "heat"}
    assert implied("heat the pot of soup", ["pot"], True) == {"stoveburner": "heat"}
    assert implied("unless the kettle's still hot put it on", ["kettle"], True) == \
        {"stoveburner": "heat"}
    assert implied("warm up the mug", ["mug"], True) == {"microwave": "heat"}
    # Said outright, the microwave stays; mentioned only weakly, it waits.
    assert implied("heat the pot in the microwave", ["pot", "microwave"], True,
                   ("microwave",)) == {"microwave": "heat"}
    assert implied("heat the pot", ["pot"], True, ("microwave",), ("microwave",)) == \
        {"stoveburner": "heat"}


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
def test_heating_a_pot_recalls_the_stove(embedder: Embedder, vectorised: bool) -> None:
    on = Recaller(embedder, config=RecallConfig(vectorised=vectorised))
    off = Recaller(embedder, config=RecallConfig(vectorised=vectorised,
                                                 fixture_of_use=False))
    text = "heat the pot of soup"
    assert labels(off.rank(text, room(KITCHEN), 2)) == ["Pot", "Microwave"]
    assert labels(on.rank(text, room(KITCHEN), 2)) == ["Pot", "StoveBurner"]
    assert labels(on.rank("warm up the mug of milk", room(KITCHEN), 2)) == \
        ["Mug", "Microwave"]
