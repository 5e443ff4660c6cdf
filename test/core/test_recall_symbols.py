"""Pictographs read as the things they depict (issue 11, round 16): a texted
"\U0001F4F1 \u27A1\uFE0F nightstand" is the phone to the nightstand."""

from __future__ import annotations

import unicodedata

import pytest
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.names import query_terms, symbol_names
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.units import ObjectMemoryUnit as Unit


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    lexicon = Lexicon()
    lexicon.load()
    return lexicon


@needs_wordnet
def test_a_pictograph_of_a_thing_reads_as_its_name(lex: Lexicon) -> None:
    assert query_terms("\U0001F4F1 \u27A1\uFE0F shelf", lex).tokens[:2] == ("mobile", "phone")
    assert "bed" in query_terms("bats under \U0001F6CF\uFE0F", lex).tokens
    assert query_terms("\u23F0 set for 7am", lex).tokens[:2] == ("alarm", "clock")


@needs_wordnet
def test_arrows_and_stars_stay_symbols(lex: Lexicon) -> None:
    # BLACK RIGHTWARDS ARROW, BLACK STAR: no such things; "black" would read as a colour.
    assert symbol_names("book \u27A1 shelf \u2605", lex) == "book \u27A1 shelf \u2605"
    assert "black" not in query_terms("book \u27A1 shelf \u2605\u2605", lex).token_set
    # The arrow still ends a compound: "book -> shelf" is no bookshelf.
    assert "bookshelf" not in query_terms("book \u27A1 shelf", lex).token_set


@needs_wordnet
def test_a_texted_step_recalls_what_its_pictographs_show() -> None:
    types = ["Bed", "Desk", "Dresser", "SideTable", "Shelf", "AlarmClock", "CellPhone",
             "Book", "Pillow", "BaseballBat", "LightSwitch"]
    units = [Unit(f"{t}_{i}", t, (i, 0.8, 0), area_id="bedroom") for i, t in enumerate(types)]
    recaller = Recaller(Embedder())
    got = [r.unit.label for r in recaller.rank("\U0001F4F1 \u27A1\uFE0F shelf", units, 3)]
    assert set(got[:2]) == {"CellPhone", "Shelf"}, got
    got = [r.unit.label for r in recaller.rank("\u23F0 set 4 7am", units, 3)]
    assert got[0] == "AlarmClock", got


@needs_wordnet
def test_a_pictograph_whose_name_is_no_thing_reads_as_its_words(lex: Lexicon) -> None:
    # Round 35: FORK AND KNIFE, CREDIT CARD, OPEN BOOK are no WordNet things whole; the
    # words of the name are what the picture shows.
    text = "\U0001F374 \u27A1\uFE0F drawer, \U0001F4B3 + \U0001F4D6 on desk"
    said = symbol_names(text, lex, pictograph_words=True)
    for words in ("fork and knife", "credit card", "open book"):
        assert words in said, said
    assert symbol_names(text, lex) == text  # off: as written
    # Marks stay marks: an arrow (Dingbats), a star, a shape of the pictographs' own plane
    # (LARGE ORANGE CIRCLE) and a regional indicator letter name no thing.
    for mark in ("\u27A1", "\u2605", "\u25B6", "\U0001F7E0", "\U0001F1EC", "\u2B1B"):
        assert symbol_names(f"book {mark} shelf", lex, pictograph_words=True) == \
            f"book {mark} shelf", unicodedata.name(mark)


@needs_wordnet
def test_a_texted_step_recalls_what_a_pictograph_name_says() -> None:
    types = ["Fork", "Knife", "Drawer", "Spatula", "Plate", "Bowl", "CounterTop", "Cup"]
    units = [Unit(f"{t}_{i}", t, (i, 0.8, 0), area_id="kitchen") for i, t in enumerate(types)]
    got = [r.unit.label for r in Recaller(Embedder()).rank("\U0001F374 \u27A1\uFE0F drawer",
                                                           units, 3)]
    assert set(got) == {"Fork", "Knife", "Drawer"}, got
    off = Recaller(Embedder(), config=RecallConfig(pictograph_words=False))
    got = [r.unit.label for r in off.rank("\U0001F374 \u27A1\uFE0F drawer", units, 3)]
    assert not {"Fork", "Knife"} <= set(got), got
