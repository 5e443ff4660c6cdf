"""A part said for its whole (issue 11, round 18): a noun that names no type here but is,
by WordNet's part holonyms, a part of exactly one thing here names that thing partly
("the thing with the long handle and bristles": the scrub brush)."""

from __future__ import annotations

import pytest
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.names import PARTIAL
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.units import ObjectMemoryUnit as Unit

BATHROOM = ["Sink", "SinkBasin", "Faucet", "Toilet", "ToiletPaperHanger", "TowelHolder",
            "Towel", "HandTowelHolder", "HandTowel", "Bathtub", "Mirror", "Cabinet",
            "GarbageCan", "LightSwitch", "ToiletPaper", "ScrubBrush", "Plunger", "SoapBar",
            "SprayBottle", "Candle"]
BEDROOM = ["Bed", "Desk", "Dresser", "SideTable", "DeskLamp", "Drawer", "GarbageCan",
           "Shelf", "Mirror", "LaundryHamper", "Chair", "LightSwitch", "Window", "Laptop",
           "Book", "CellPhone", "Pillow", "AlarmClock"]


@pytest.fixture(scope="module")
def recaller() -> Recaller:
    return Recaller(Embedder())


def room(types: list[str], area: str) -> list[Unit]:
    return [Unit(f"{t}_{i}", t, (i, 0.8, 0), area_id=area) for i, t in enumerate(types)]


@needs_wordnet
def test_wordnet_parts_and_their_wholes() -> None:
    lex = Lexicon()
    assert lex.is_whole("scrub brush", lex.part_wholes("bristles"))
    assert lex.is_whole("bed", lex.part_wholes("mattress"))
    # Parts are listed on the most general thing that has them: a laptop is a computer.
    assert lex.is_whole("laptop", lex.part_wholes("keyboard"))
    # A part of several kinds of thing says no whole: a keyboard is a piano's too, a
    # shelf a bookcase's, a cabinet's, a chest of drawers'...
    assert lex.part_whole("bristles") and lex.part_whole("mattress")
    assert not lex.part_whole("keyboard") and not lex.part_whole("shelf")
    # The main sense only: an arm, a back and a leg are first a body's.
    assert not lex.part_wholes("back") and not lex.part_wholes("leg")
    assert not lex.is_whole("toilet", lex.part_wholes("bristles"))


@needs_wordnet
def test_a_part_said_names_its_whole(recaller: Recaller) -> None:
    units = room(BATHROOM, "bathroom")
    text = "the thing with the long handle and bristles, by the toilet"
    got = [r.unit.label for r in recaller.rank(text, units, 3)]
    assert "ScrubBrush" in got, got
    assert recaller.names_in("tuck the mattress in", BEDROOM)["Bed"] == PARTIAL
    assert recaller.names_in("there is a crack in the pane", BEDROOM)["Window"] == PARTIAL
    off = Recaller(Embedder(), config=RecallConfig(part_wholes=False))
    # Without the rule the bed is tied to the mattress only by the mattress's
    # definition ("... part of a bed"), below a partial name.
    assert off.names_in("tuck the mattress in", BEDROOM)["Bed"] < PARTIAL


@needs_wordnet
def test_a_part_of_many_kinds_names_no_whole(recaller: Recaller) -> None:
    # A room with a cabinet and no shelf: "the shelf" is where to put it, a thing of its
    # own, not the cabinet's (WordNet's shelf is a part of seven kinds of thing).
    room_types = ["Cabinet", "Sofa", "Laptop", "Window"]
    assert recaller.names_in("put the pillow on the shelf", room_types)["Cabinet"] < PARTIAL
    assert recaller.names_in("the keyboard is sticky", room_types)["Laptop"] == 0.0


@needs_wordnet
def test_a_part_of_several_things_here_names_none(recaller: Recaller) -> None:
    # The faucet, the brush and the plunger all have a handle: which one is not said.
    names = recaller.names_in("grab it by the handle", BATHROOM)
    assert names["Faucet"] == 0.0 and names["ScrubBrush"] == 0.0 and names["Plunger"] == 0.0
    # A word of a type here is that type's: in a bedroom the drawer is the drawer.
    names = recaller.names_in("put the book in the drawer", BEDROOM)
    assert names["Drawer"] > 0.0 and names["Desk"] == 0.0 and names["Dresser"] == 0.0
    # Nor a word the speaker takes back.
    assert recaller.names_in("not the pane, the mirror", BEDROOM)["Window"] == 0.0
    assert recaller.names_in("not the bristles, the plunger", BATHROOM)["ScrubBrush"] == 0.0
