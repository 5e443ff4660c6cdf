"""A phrase after "under", "above", "behind" said right before "in" / "into" / "inside"
and a container's phrase says which container (issue 11, round 60): "the spray bottle goes
under the sink in the cabinet" is "in the cabinet under the sink", so the sink is a landmark
of the cabinet and yields its slot to the things acted on (``RecallConfig.vertical_stacks``;
round 46's ``vertical_landmarks`` reads the phrase only after the noun it places)."""

from __future__ import annotations

import pytest
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.names import FULL, query_terms
from memory_node.core.recall.recall import RecallConfig, Recaller

BATH = sorted({"SprayBottle", "SoapBottle", "Cabinet", "Sink", "SinkBasin", "Toilet",
               "ToiletPaper", "ToiletPaperHanger", "Mirror", "CounterTop", "ScrubBrush"})


@pytest.fixture(scope="module")
def recaller() -> Recaller:
    return Recaller(Embedder())


def marked(recaller: Recaller, text: str, stacked: bool = True) -> dict[str, str]:
    lex = recaller.lexicon
    assert lex is not None and lex.available
    q = query_terms(text, lex, landmark_places=True, vertical_landmarks=True,
                    vertical_stacks=stacked)
    return {q.tokens[i]: q.tokens[a] for i, a in sorted(q.landmarks.items())}


@needs_wordnet
@pytest.mark.parametrize(("text", "landmark", "anchor"), [
    ("The tall squirty bottle of cleaner goes under the sink in the cabinet.", "sink", "cabinet"),
    ("the spray bottle's under the sink in the cabinet.", "sink", "cabinet"),
    ("put the sponge under the sink in the cupboard", "sink", "cupboard"),
    ("the brush from behind the toilet into the cabinet", "toilet", "cabinet"),
])
def test_a_vertical_phrase_before_a_container_is_its_landmark(
        recaller: Recaller, text: str, landmark: str, anchor: str) -> None:
    assert marked(recaller, text).get(landmark) == anchor
    assert marked(recaller, text, stacked=False).get(landmark) != anchor


@needs_wordnet
def test_no_container_no_landmark(recaller: Recaller) -> None:
    # A clause boundary or punctuation between the two phrases, or no determiner, leaves
    # the vertical phrase as it was read before.
    for text in ("rinse the pot under the faucet and place it in the cabinet",
                 "put it under the sink, in the cabinet",
                 "leave the mug under the shelf in silence"):
        assert marked(recaller, text) == marked(recaller, text, stacked=False), text


@needs_wordnet
def test_the_stacked_landmark_yields_its_slot(recaller: Recaller) -> None:
    text = "The tall squirty bottle of cleaner goes under the sink in the cabinet."
    off = Recaller(Embedder(), config=RecallConfig(vertical_stacks=False))
    assert recaller.names_in(text, BATH)["Sink"] < FULL
    assert off.names_in(text, BATH)["Sink"] == FULL
    # A cupboard names the cabinet as a place noun does: the sink yields there too.
    cup = "put the sponge under the sink in the cupboard"
    assert recaller.names_in(cup, BATH)["Sink"] < FULL
    assert off.names_in(cup, BATH)["Sink"] == FULL
    # Said anywhere else as well, it is named.
    assert recaller.names_in("wipe the sink, then the spray goes under the sink in the "
                             "cabinet", BATH)["Sink"] == FULL


@needs_wordnet
def test_the_landmark_of_a_container_no_type_names_keeps_its_name(recaller: Recaller) -> None:
    # The stacked phrase's anchor is the container after it, not the noun before "under":
    # "the box under the bed in the bedroom" puts the box under the bed (round 46's rule
    # read the bed as the box's landmark); "the phone under the bed in the box" is in the
    # box, the bed only says which box.
    types = ["Bed", "Box", "CellPhone", "Dresser"]
    off = Recaller(Embedder(), config=RecallConfig(vertical_stacks=False))
    text = "put the box under the bed in the bedroom"
    assert recaller.names_in(text, types)["Bed"] == FULL
    assert off.names_in(text, types)["Bed"] < FULL
    text = "the phone is under the bed in the box"
    assert recaller.names_in(text, types)["Bed"] < FULL
    assert off.names_in(text, types)["Bed"] == FULL
