"""Words of instructions and unit descriptions, normalised for exact matching.

Recall's lexical half compares words, not strings: "Apples", "apple" and the label
"Apple" must meet, and so must "ButterKnife" and "butter knife". Lemmatisation is
deliberately small (English plurals and a few state adjectives): a full lemmatiser is a
dependency the robot does not need for household nouns.
"""

from __future__ import annotations

import re
from functools import lru_cache

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_WORD = re.compile(r"[a-z0-9]+")

# A word right after one of these is read as a noun ("the hob", "the left"), whatever else
# it can be: a closed class, shared by the subtask splitter and the skill finder.
DETERMINERS = frozenset({"the", "a", "an", "this", "that", "these", "those", "my", "your",
                         "his", "her", "its", "our", "their"})
# What may start a verb's object right after it ("water the plants", "milk it", "light
# it"): the determiners and the object pronouns, closed classes.
OBJECT_STARTS = DETERMINERS | frozenset({"it", "them", "him", "her", "me", "us"})
# Where an object goes: a closed class of prepositions, not vocabulary of any data set.
PLACE_PREPOSITIONS = frozenset({"on", "onto", "in", "into", "inside", "under", "beside",
                                "behind"})
# ... and the other closed-class words that say where a thing goes ("put them out by the
# bin", "next to the sink").
DESTINATION_WORDS = PLACE_PREPOSITIONS | frozenset({"by", "near", "next", "at", "beneath",
                                                    "underneath", "above", "below"})
# Quantifiers, a closed class of English, and the cardinals a spoken count uses: before
# "of" and a pronoun they make a partitive ("all of them", "both of them", "two of 'em"),
# a share of a group, not a place.
QUANTIFIERS = frozenset({"all", "both", "each", "either", "neither", "none", "some", "any",
                         "many", "most", "few", "several", "half", "rest", "lot", "lots",
                         "one", "two", "three", "four", "five", "six", "seven", "eight",
                         "nine", "ten", "eleven", "twelve", "dozen"})
# English's noun pro-forms ("the near one"): they stand for a noun already said.
PRO_FORMS = frozenset({"one", "ones"})
STOPWORDS = frozenset(
    [
        "a", "an", "the", "this", "that", "these", "those", "of", "to", "in", "on", "into",
        "onto", "at", "from", "with", "for", "and", "or", "but", "it", "its", "is", "are",
        "be", "was", "were", "me", "my", "you", "your", "i", "we", "us", "our", "them",
        "their", "there", "here", "please", "some", "any", "one", "all", "then", "after",
        "before", "up", "down", "out", "off", "over", "under", "by", "as", "so", "can",
        "could", "would", "will", "just", "also", "thing", "things", "item", "items",
        "object", "objects", "something", "stuff"
    ]
)

# Words that are plurals or look like plurals and must not be trimmed.
_KEEP = frozenset(
    [
        "glass", "glasses", "dresses", "gas", "bus", "lens", "this", "his", "is", "was",
        "has", "does", "news", "newspaper", "tennis", "dumbbells", "cutlery", "series",
        "species"
    ]
)
_IRREGULAR = {
    "knives": "knife", "leaves": "leaf", "loaves": "loaf", "shelves": "shelf",
    "dishes": "dish", "boxes": "box", "glasses": "glass", "potatoes": "potato",
    "tomatoes": "tomato", "brushes": "brush", "watches": "watch", "benches": "bench",
    "couches": "couch", "utensils": "utensil", "mice": "mouse", "people": "person",
}

# State adjectives people say, mapped onto KARMA's state vocabulary.
STATE_SYNONYMS = {
    "clean": "cleaned", "cleaned": "cleaned", "washed": "cleaned",
    "dirty": "dirty", "unwashed": "dirty", "used": "dirty",
    "sliced": "sliced", "chopped": "sliced", "cut": "sliced",
    "heated": "heated", "hot": "heated", "warm": "heated", "warmed": "heated",
    "cooked": "cooked", "fried": "cooked", "boiled": "cooked",
    "filled": "filled", "full": "filled",
    "empty": "used up", "emptied": "used up", "finished": "used up",
    "opened": "opened", "open": "opened", "closed": "closed", "shut": "closed",
    "on": "on", "off": "off", "lit": "on", "running": "on",
}


# Memoised: describing 10,000 units splits the same few hundred labels, areas and
# receptacle ids ~80,000 times (a quarter of a restart's indexing); bounded, as ids and
# instructions come from clients.
@lru_cache(maxsize=8192)
def split_label(label: str) -> str:
    """'ButterKnife' -> 'butter knife'; 'coffee_mug' -> 'coffee mug'."""
    return " ".join(_CAMEL.sub(" ", label).replace("_", " ").replace("-", " ").split()).lower()


def lemma(word: str) -> str:
    """Singular of an English noun, good enough for household object names."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if len(word) <= 3 or word in _KEEP or word.endswith(("ss", "us", "is")):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "xes", "sses", "zes")):
        return word[:-2]
    if word.endswith("s"):
        return word[:-1]
    return word


def words(text: str, *, keep_stopwords: bool = False) -> list[str]:
    """Lower-case lemmatised words of `text`, CamelCase split, stopwords dropped."""
    raw = _WORD.findall(split_label(text))
    return [lemma(w) for w in raw if keep_stopwords or w not in STOPWORDS]


def phrase_in(phrase: list[str], text_words: list[str]) -> bool:
    """True when the word sequence `phrase` occurs contiguously in `text_words`."""
    n = len(phrase)
    if n == 0 or n > len(text_words):
        return False
    return any(text_words[i:i + n] == phrase for i in range(len(text_words) - n + 1))
