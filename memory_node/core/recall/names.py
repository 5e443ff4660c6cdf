"""Does an instruction name a unit's type? Names, their variants and compound forms.

A label ("StoveBurner", "GarbageCan", "SoapBar") is matched by:

* the label's words in order ("stove burner"), or written as one word ("soapbar");
* a WordNet synonym of the whole label ("trash can", "dustbin" for a garbage can;
  "bath" for a bathtub) or a direct kind of it ("frying pan" for a pan);
* partly, by one of its nouns alone: the head ("burner", "paper" of toilet paper) or the
  modifier people use for the whole ("stove", "salt", "wine").

Instruction words are reduced to base forms (plural -> singular, WordNet's morphy when the
lexicon is available), adjacent words are also tried joined ("soap bar" -> "soapbar"), and
a word WordNet does not know is tried split into two it does ("stovetop" -> "stove top").
"""

from __future__ import annotations

import logging
import operator
import re
import unicodedata
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import yaml

from memory_node.core.config_files import config_path, load_yaml
from memory_node.core.recall.lexical import (
    _WORD,
    DETERMINERS,
    OBJECT_STARTS,
    PRO_FORMS,
    STOPWORDS,
    lemma,
    split_label,
)
from memory_node.core.recall.lexicon import Lexicon

log = logging.getLogger(__name__)

FULL = 1.0      # the type named outright (any of its names)
PARTIAL = 0.6   # its head noun or a more general name: the right kind, maybe not the one
MODIFIER = 0.4  # the first noun of a compound name alone ("stove", "toilet", "salt")
MAJORITY = 0.5  # most words of a long name
DESCRIBED = PARTIAL  # two telling words of its definition said (described): as its head
DESCRIPTION_SPAN = 8  # words (of the instruction's tokens) one description is said within
DEFINED_PLACE = PARTIAL  # a place noun one type here defines: where it is (place_nouns)
GLOSS = 0.4     # a WordNet definition ties them: "flowers" -> vase ("... to hold flowers")
PURPOSE = 0.6   # made for what the instruction does ("flip" -> a spatula, "for turning"):
                # as direct as a general name, which is what "the thing to X with" is
VERB_MARK = "v:"  # a verb's base form among a query's tokens (never a word: ':')
MIN_PART = 3    # shortest piece of a split compound ("stovetop" -> "stove" + "top")
MAX_GLOSS_TOKENS = 32
MAX_TOKENS = 400  # check_instruction caps text at 2000 characters anyway
MAX_GRAM = 6      # names longer than this (none in AI2-THOR) are searched for
MAX_SUBSTITUTIONS = 64  # synonym variants per instruction (each adds a few grams)
MAX_REGIONAL_WORDS = 3  # longest British phrase looked up ("washing up liquid")
VOCABULARY_FILE = "task_vocabulary.yaml"  # everyday names of types (everyday_names)
# Retraction, closed classes of English: the negators that deny the noun phrase after
# them ("not the cup", "forks not spoons", "there's no desk"), and the editing terms that
# follow a "no" marking a self-repair ("no I mean", "no wait"; "no," and "no -" alone too).
NEGATORS = frozenset({"not", "no"})
EDITING_TERMS = frozenset({"i", "wait", "sorry", "actually"})
# Verbs that, with a pronoun for their object and nothing after it, take back what was
# just asked ("no, leave them", "on second thought keep it", "no, forget it"); with more
# after it the verb says where a thing goes ("leave it on the counter", "keep it on the
# stove"). Closed classes, not vocabulary of any data set.
RETRACTION_VERBS = frozenset({"leave", "keep", "forget"})
RETRACTION_OBJECTS = frozenset({"it", "them", "that", "those"})
# Editing terms that open a self-repair on their own, with no "no" ("into the drawer -
# sorry, onto the shelf", "the console, I mean the side table", "... actually onto the
# shelf", "or rather"): the word, or the word before it it needs ("I mean", "or rather").
# Closed class; "wait" alone is left out: it is also a verb ("wait, the kettle's on").
REPAIR_MARKERS = {"sorry": "", "actually": "", "mean": "i", "rather": "or"}
# English's additive particles (closed class): in the phrase after an editing term they
# add to what was just said, not replace it ("the plate in the sink, actually, the mug
# too"; "the towel, sorry, the soap as well"). A two-word particle is its words in order.
# A conjunction right after the term ("sorry, and the soap") needs no entry: a repair
# opens with a place, a determiner or a thing.
ADDITIVES = (("too",), ("also",), ("as", "well"))
# A phrase of a noun pro-form ("the small one") tells apart two things of one kind; read
# after a determiner and at most this many modifiers ("the other big one").
PRO_FORM_MODIFIERS = 3
# Prepositions of place (closed class): where a repair says another place.
PLACE_WORDS = frozenset({"on", "onto", "in", "into", "inside", "under", "beside", "behind",
                         "by", "near", "next", "at", "beneath", "underneath", "to"})
# English's prepositions of a source: where a thing is taken from is where it is
# (places_first with source_places).
SOURCE_WORDS = frozenset({"from", "off"})
# English's prepositions of nearness: where one thing is told by another near it ("the
# table by the sofa"), the second is a landmark (``landmarks``). "next" and "near" may
# take "to".
LANDMARK_WORDS = frozenset({"by", "beside", "near", "next"})
# English's prepositions of vertical and front-back order: after a noun, with another
# place said in its clause, they locate that noun as nearness does ("into the cupboard
# under the sink", "on the shelf above the desk"; ``landmarks`` with ``vertical``).
VERTICAL_WORDS = frozenset({"under", "underneath", "beneath", "below", "above", "behind"})
_NEARNESS_VERTICAL = LANDMARK_WORDS | VERTICAL_WORDS
# Every preposition that opens a place's noun phrase, a source's too: a noun modifying
# the noun after it there says which place (``landmarks`` with ``joined``).
PHRASE_PLACES = PLACE_WORDS | SOURCE_WORDS | frozenset(
    {"upon", "over", "above", "below", "against", "within", "out"})
# Words that join two clauses or phrases: a clause's place is looked for up to them.
COORDINATORS = frozenset({"and", "or", "but", "then"})
LANDMARK_PHRASE = 4  # words of a landmark's noun phrase read at most ("the big white sofa")
_BREAK = re.compile(r"[,.;:!?()\u2014\u2013]")  # punctuation that ends a phrase
_SENTENCE_END = re.compile(r"[.!?]")  # punctuation that ends a sentence
_SPACED_DASH = re.compile(r"\s+-+\s+")  # "the clock - not on the dresser": a dash, not a hyphen
# What may stand between two words read as one compound ("soap bar", "salt-shaker"):
# anything else ("book -> shelf", "the book, shelf") is a boundary the speaker wrote.
_JOIN_GAP = re.compile(r"[\s\-_'\u2019]*")


@dataclass(frozen=True)
class LabelTerms:
    """Every way of naming one type, precomputed once per label."""

    words: tuple[str, ...]
    full: frozenset[tuple[str, ...]]     # word sequences that name the type outright
    partial: frozenset[str]              # single nouns that name it partly
    modifiers: frozenset[str] = frozenset()  # leading nouns of a compound name
    gloss: frozenset[str] = frozenset()  # nouns of its WordNet definition
    heads: frozenset[str] = frozenset()  # single-word names (to find in other definitions)
    # Heads of its WordNet compounds said without their modifier ("roll" of toilet roll,
    # a kind of toilet paper; "bowl" of toilet bowl, a part of the toilet): elided_heads.
    elided: frozenset[str] = frozenset()
    # For a type WordNet does not know whole, heads of its modifier's WordNet compounds
    # that do what its head does ("towel holder": "towel rail", for holding towels):
    # elided_heads with ``modifier_heads``.
    kin_heads: frozenset[str] = frozenset()
    # Nouns its WordNet definition says it is shaped like ("ladle: a spoon-shaped
    # vessel"): size_shapes.
    shapes: frozenset[str] = frozenset()


@dataclass(frozen=True)
class QueryTerms:
    """An instruction's words in every form the matcher compares."""

    tokens: tuple[str, ...]              # base forms, stopwords dropped, in order
    variants: tuple[tuple[str, ...], ...]  # token sequences with compounds joined/split
    token_set: frozenset[str]
    plural: frozenset[str]               # base forms that appeared in the plural
    gloss: frozenset[str] = frozenset()  # nouns of the definitions of its nouns
    # Every run of up to MAX_GRAM tokens of every variant: a name is looked up, not
    # searched for, once per type of a 10,000-unit memory.
    grams: frozenset[tuple[str, ...]] = frozenset()
    # For each variant, the span of ``tokens`` each of its words stands for, so a name
    # found in a variant can be placed in the instruction (see ``consume``).
    origins: tuple[tuple[tuple[int, int], ...], ...] = ()
    # Shortest name each variant may place: a synonym put in for one word of a compound
    # counts only inside a compound ("telly stand" -> "tv stand", never "tv" alone).
    shortest: tuple[int, ...] = ()
    # Main senses of its verbs and their parents ("v<offset>"): what a thing it needs
    # may be for ("flip the pancakes": a thing for turning).
    verbs: frozenset[str] = frozenset()
    # Indices of the variants that read a British word as its American name
    # (``_regional_variants``): a reading added to the word's own, never preferred to it.
    regional: frozenset[int] = frozenset()
    # Indices of ``tokens`` the speaker takes back (``retracted``): "not the cup", "put
    # a new bar of - no, the liquid soap".
    negated: frozenset[int] = frozenset()
    # Compounds said that WordNet does not know ("nightstand", "night stand"): their words
    # (either spelling) and their head (compound_parents).
    compounds: tuple[tuple[frozenset[str], str], ...] = ()
    # Tools its verbs are done with, by the verbs' kinds named after a tool ("wipe":
    # sponge, towel; "clean": brush): verb_tools.
    tools: frozenset[str] = frozenset()
    # The same as (tool, verb) pairs: one verb said once is done with one tool.
    tool_verbs: frozenset[tuple[str, str]] = frozenset()
    # Nouns WordNet derives from what its verbs mean ("throw away": rubbish, trash):
    # the matter a container here may be defined to hold (verb_holders).
    matter: frozenset[str] = frozenset()
    # (tool, verb) pairs of the verbs' siblings that do what they do ("scrub": clean
    # with hard rubbing; its sibling "sponge down": clean with a sponge): used for a verb
    # none of whose own tools names a type here (sibling_tools).
    sibling_tools: frozenset[tuple[str, str]] = frozenset()
    # Indices of ``tokens`` in a landmark phrase that places another thing said
    # ("the little table by the sofa"), each with the index of the noun it places
    # ("table"): see ``landmarks``.
    landmarks: Mapping[int, int] = field(default_factory=dict)
    # Indices of ``tokens`` that say a region of another thing ("on top of the toilet"):
    # see ``region_words``.
    regions: frozenset[int] = frozenset()


def _base(word: str, lexicon: Lexicon | None) -> str:
    """Singular base form, the same for labels and instructions."""
    if lexicon is not None and lexicon.available:
        # "bowls", "drawers": WordNet lists them as words of their own (a game,
        # underpants), and morphy stops there.
        return lexicon.singular(word)
    return lemma(word)


def _seq(phrase: str, lexicon: Lexicon | None = None) -> tuple[str, ...]:
    # Stopwords stay: they are part of names ("garbage can", "tv on stand").
    return tuple(w if w in STOPWORDS else _base(w, lexicon)
                 for w in _WORD.findall(split_label(phrase)))


def label_terms(label: str, lexicon: Lexicon | None, household: bool = False) -> LabelTerms:
    """The words that name a type (``household``: none from a sense of its name that
    WordNet files under another field, "(baseball) home plate" of "plate")."""
    ws = _seq(label, lexicon)
    full: set[tuple[str, ...]] = set()
    partial: set[str] = set()
    synonyms: set[str] = set()
    if ws:
        full.add(ws)
        full.add(("".join(ws),))
    if lexicon is not None and lexicon.available and ws:
        names = {" ".join(ws), "".join(ws)}
        for n in list(names):
            names |= lexicon.synonyms(n, household)
        synonyms = names - {" ".join(ws), "".join(ws)}
        hyponyms: set[str] = set()
        for n in names:
            hyponyms |= lexicon.hyponym_names(n, household)
        # A kind of X counts only when its name says X ("frying pan", "teakettle"):
        # WordNet's other kinds ("coffee" under pot) are words for something else too.
        hyponyms = {h for h in hyponyms if ws[-1] in h.replace(" ", "")}
        for n in names | hyponyms:
            s = _seq(n, lexicon)
            if s:
                full.add(s)
                if len(s) > 1:
                    full.add(("".join(s),))
    if lexicon is not None and lexicon.available and ws:
        # A more general name people use for it ("refrigerator" for a fridge) names it
        # partly: the right kind, but so is everything else of that kind.
        for n in (" ".join(ws), "".join(ws)):
            for h in lexicon.hypernym_names(n, household):
                if " " not in h:
                    partial.add(_base(h, lexicon))
    if lexicon is not None and lexicon.available and ws:
        # A kind of it called by another of the kind's names ("tap" for a faucet, "biro"
        # for a pen): the right kind, named partly like a more general name.
        for n in (" ".join(ws), "".join(ws)):
            partial.update(_base(a, lexicon)
                           for a in lexicon.kind_aliases(n, ws[-1], household))
    modifiers: set[str] = set()
    stop_head = ""
    content = tuple(w for w in ws if w not in STOPWORDS)
    # A head that is also a function word ("can" of garbage can) names nothing alone, but
    # the words before it are still a compound's modifiers ("in the garbage").
    if len(ws) > 1 and ws[-1] in STOPWORDS:
        leading = content
        # Still the head when said as a noun ("put the can back": see query_terms).
        stop_head = ws[-1]
    else:
        leading = content[:-1]
        if leading:
            partial.add(content[-1])
    if leading:
        for w in leading:
            # A modifier stands for the whole only if it is a thing ("stove", "salt").
            if lexicon is None or not lexicon.available or lexicon.is_noun(w):
                modifiers.add(w)
    for syn in synonyms:
        # The same for the type's other compound names: people shorten "mobile phone" to
        # "mobile" and "trash can" to "trash". Only a leading word whose main sense is
        # itself a physical thing, and never the head ("set" of "tv set", "box" of
        # "idiot box"), which names too many things.
        parts = tuple(w for w in _seq(syn, lexicon) if w not in STOPWORDS)
        if len(parts) > 1 and lexicon is not None:
            modifiers.update(w for w in parts[:-1] if lexicon.is_thing(w))
    if lexicon is not None and lexicon.available and ws:
        # A name that says what the thing is for in a gerund ("watering can", "scrubbing
        # brush"): the verb itself names it partly ("the plants watered").
        for n in {" ".join(ws)} | synonyms:
            parts = tuple(w for w in _seq(n, lexicon) if w not in STOPWORDS)
            for w in parts[:-1]:
                if w.endswith("ing") and lexicon.is_verb(w):
                    modifiers.add(VERB_MARK + lexicon.verb(w))
    partial -= STOPWORDS
    if stop_head and lexicon is not None and lexicon.available and lexicon.is_noun(stop_head):
        partial.add(stop_head)
    full = {f for f in full if any(w not in STOPWORDS for w in f)}
    modifiers -= STOPWORDS | partial
    gloss: set[str] = set()
    if lexicon is not None and lexicon.available and ws:
        gloss = set(lexicon.gloss_nouns(" ".join(ws)) | lexicon.gloss_nouns("".join(ws)))
        gloss -= set(ws)
    heads = {p[0] for p in full if len(p) == 1}
    elided: set[str] = set()
    kin: frozenset[str] = frozenset()
    shapes: set[str] = set()
    if lexicon is not None and lexicon.available and ws:
        for n in (" ".join(ws), "".join(ws)):
            elided |= lexicon.elided_heads(n, ws)
            shapes |= lexicon.shaped_like(n)
        kin = lexicon.modifier_heads(ws) - elided
    return LabelTerms(ws, frozenset(full), frozenset(partial), frozenset(modifiers),
                      frozenset(gloss), frozenset(heads), frozenset(elided), kin,
                      frozenset(shapes) - set(ws))


def label_purposes(terms: LabelTerms, lexicon: Lexicon | None) -> frozenset[str]:
    """Main senses of the verbs the type's definition says it is for ("v<offset>"); only
    read when ``RecallConfig.purposes`` is on (WordNet's parse of a sense and its parents
    is a first-use cost of every type otherwise)."""
    if lexicon is None or not lexicon.available or not terms.words:
        return frozenset()
    return (lexicon.purpose_senses(" ".join(terms.words))
            | lexicon.purpose_senses("".join(terms.words)))


@lru_cache(maxsize=4096)
def _symbol_name(symbol: str, lex: Lexicon) -> str:
    """The thing a pictograph depicts, by its Unicode name, when WordNet knows that name
    as a physical thing or it is one noun ("\U0001F4F1" MOBILE PHONE, "\u23F0" ALARM CLOCK,
    "\U0001F4FA" TELEVISION); "" for the rest ("\u27A1" BLACK RIGHTWARDS ARROW, "\u2605" BLACK
    STAR: no such thing), so an arrow or a star never reads as a colour or a word."""
    name = unicodedata.name(symbol, "").lower()
    words = name.split()
    if not words or not all(w.isalpha() for w in words):
        return ""
    if lex.is_thing("_".join(words)) or (len(words) == 1 and lex.is_noun(words[0])):
        return name
    return ""


# Unicode's blocks of pictographs (Miscellaneous Symbols and Pictographs, Emoticons,
# Transport and Map Symbols, Supplemental Symbols and Pictographs, Symbols and Pictographs
# Extended-A): pictures of things and people. The blocks of marks stay out: Arrows,
# Dingbats, Geometric Shapes (their extensions in the same plane too), whose names say a
# mark's look ("BLACK RIGHTWARDS ARROW"), not a thing.
_PICTOGRAPH_BLOCKS = ((0x1F300, 0x1F64F), (0x1F680, 0x1F6FF), (0x1F900, 0x1F9FF),
                      (0x1FA70, 0x1FAFF))


def _pictograph(symbol: str) -> bool:
    code = ord(symbol)
    return any(lo <= code <= hi for lo, hi in _PICTOGRAPH_BLOCKS)


@lru_cache(maxsize=4096)
def _pictograph_words(symbol: str) -> str:
    """A pictograph's Unicode name as words ("\U0001F374" FORK AND KNIFE: "fork and
    knife", "\U0001F4B3" CREDIT CARD), for a picture whose whole name is no thing WordNet
    knows: its words name what it shows, as a speaker's would. "" outside the pictograph
    blocks (an arrow, a shape) and for a name with other than letters."""
    if not _pictograph(symbol):
        return ""
    name = unicodedata.name(symbol, "").lower()
    return name if name and all(w.isalpha() for w in name.split()) else ""


def symbol_names(text: str, lex: Lexicon | None, pictograph_words: bool = False) -> str:
    """``text`` with each pictograph that depicts a thing replaced by the thing's name
    (a texted "\U0001F4F1 \u27A1\uFE0F nightstand": the phone to the nightstand). Other
    characters, the arrow between them included, stay where they are: a boundary.
    ``pictograph_words``: a pictograph whose name is no thing says its name's words
    (:func:`_pictograph_words`)."""
    if lex is None or text.isascii():
        return text
    out = []
    for ch in text:
        if unicodedata.category(ch) == "So":
            name = _symbol_name(ch, lex) or (_pictograph_words(ch) if pictograph_words
                                             else "")
            if name:
                out.append(f" {name} ")
                continue
        out.append(ch)
    return "".join(out)


def query_terms(text: str, lexicon: Lexicon | None, purposes: bool = False,
                everyday: bool = False, sibling_tools: bool = False,
                regional_compounds: bool = False, contrast_places: bool = False,
                landmark_places: bool = False, region_nouns: bool = False,
                root_nouns: bool = False, pictograph_words: bool = False,
                contrast_kinds: bool = False, compound_modifiers: bool = False,
                adverb_nouns: bool = False, of_landmarks: bool = False,
                vertical_landmarks: bool = False, repeated_denials: bool = False,
                verb_retractions: bool = False,
                editing_repairs: bool = False, vertical_stacks: bool = False) -> QueryTerms:
    """``everyday``: a word or phrase the package's vocabulary gives one type for is
    also read as that type's name (:func:`_everyday_variants`). ``sibling_tools``: the
    tools of the verbs' siblings that do what they do (``Lexicon.sibling_tools``).
    ``regional_compounds``: a compound a British word's American name makes ("loo roll"
    -> "toilet roll") is read through WordNet's names of it (toilet paper).
    ``contrast_places``: a place the speaker contrasts away ("by the sink, not in the
    cabinet") is taken back (:func:`retracted`). ``landmark_places``: the words of a
    landmark phrase that places a thing said are marked (:func:`landmarks`);
    ``region_nouns``: so are the words that say a region of a thing
    (:func:`region_words`). ``root_nouns``: a word that is no noun but made from one
    (``Lexicon.root_noun``: "shelve it", "salty and peppery") is also read as that
    noun. ``pictograph_words``: see :func:`symbol_names`. ``contrast_kinds``: two things
    of one kind told apart ("not the big pot, the small one") keep their kind
    (:func:`retracted`). ``compound_modifiers``: a noun modifying the noun after it is
    marked as a landmark of it too (:func:`landmarks`); ``of_landmarks``: so is the
    noun phrase after "of" that says which of a place's kind is meant ("in the drawer
    of the side table"); ``vertical_landmarks``: so is one after "under", "above",
    "behind" ... (``landmarks`` with ``vertical``); ``vertical_stacks``: so is a
    phrase after one of those said right before "in" / "into" / "inside" and a
    container's phrase ("under the sink in the cabinet": ``landmarks`` with
    ``stacked``). ``repeated_denials``: a denied thing
    said earlier in its sentence is withdrawn there too; ``verb_retractions``: "no,
    leave them" takes back the phrase before it; ``editing_repairs``: so does "sorry,"
    or "I mean" before another place or thing (:func:`retracted`)."""
    lex: Lexicon | None = lexicon if lexicon is not None and lexicon.available else None
    tokens: list[str] = []
    plural: set[str] = set()
    text = symbol_names(text, lex, pictograph_words)
    spaced = split_label(text)
    found = list(_WORD.finditer(spaced))[:MAX_TOKENS]
    raw = [m.group() for m in found]
    # joinable[i]: words i and i + 1 may be one name (no punctuation or arrow between).
    joinable = [_JOIN_GAP.fullmatch(spaced, a.end(), b.start()) is not None
                for a, b in zip(found, found[1:], strict=False)]
    for s in raw:
        if s in STOPWORDS:
            tokens.append(s)  # kept for names that contain one ("trash can")
            continue
        base = _base(s, lexicon)
        # A plural WordNet also lists as a word of its own ("bowls", "drawers") is read as
        # its singular (_base), but not counted as asked for in the plural, as before:
        # counting it let more units of the type in and cost blind sets 2-4 (round 14).
        if base != s and s.endswith("s") and (lex is None or lex.noun(s) != s):
            plural.add(base)
        tokens.append(base)
    variants = [tuple(tokens)]
    origins = [tuple((i, i + 1) for i in range(len(tokens)))]
    grams: set[tuple[str, ...]] = set()
    _add_grams(grams, variants[0], 0, len(tokens))
    own = origins[0]
    if len(tokens) > 1:
        # Two adjacent words written as one ("soap bar" -> "soapbar").
        for i in range(len(tokens) - 1):
            if not joinable[i]:
                continue
            variants.append((*tokens[:i], tokens[i] + tokens[i + 1], *tokens[i + 2:]))
            origins.append((*own[:i], (i, i + 2), *own[i + 2:]))
            _add_grams(grams, variants[-1], i, i + 1)
    split_pairs: list[tuple[str, str]] = []
    if lex is not None:
        # One word that WordNet does not know, split into two that it does.
        for i, t in enumerate(tokens):
            if len(t) < 2 * MIN_PART or t in STOPWORDS or lex.is_noun(t):
                continue
            for cut in range(MIN_PART, len(t) - MIN_PART + 1):
                a, b = t[:cut], t[cut:]
                if lex.is_noun(a) and lex.is_noun(b):
                    split_pairs.append((a, b))
                    variants.append((*tokens[:i], a, b, *tokens[i + 1:]))
                    origins.append((*own[:i], (i, i + 1), (i, i + 1), *own[i + 1:]))
                    _add_grams(grams, variants[-1], i, i + 2)
                    break
    if lex is not None and root_nouns:
        # A word made from a noun says it: "shelve it" puts it on a shelf, "the salty
        # ones" are of salt. A variant, as a synonym is, so the noun names what it names.
        for i, t in enumerate(tokens):
            root = lex.root_noun(t) if t not in STOPWORDS else ""
            if root:
                variants.append((*tokens[:i], root, *tokens[i + 1:]))
                origins.append(own)
                _add_grams(grams, variants[-1], i, i + 1)
    compounds: list[tuple[frozenset[str], str]] = []
    if lex is not None:
        compounds = _unknown_compounds(tokens, split_pairs, lex)
    regional: frozenset[int] = frozenset()
    if lex is not None:
        first = len(variants)
        _regional_variants(raw, tokens, lex, variants, origins, grams)
        regional = frozenset(range(first, len(variants)))
    token_set = frozenset(t for v in variants for t in v if t not in STOPWORDS)
    if lex is not None:
        # A function word right after a determiner is a noun ("the can"): it may name a
        # thing whose name ends in it.
        token_set |= {t for p, t in zip(tokens, tokens[1:], strict=False)
                      if t in STOPWORDS and p in DETERMINERS and lex.is_noun(t)}
    if lex is not None:
        # Every word's verb base, verb or not (one cached lookup): only a label's gerund
        # puts a mark on its side, and only a real verb's base can equal one.
        token_set |= {VERB_MARK + lex.verb(t) for t in tokens if t not in STOPWORDS}
    shortest = [1] * len(variants)
    if lex is not None:
        token_set |= _compound_variants(tokens, lex, variants, origins, grams)
    shortest += [2] * (len(variants) - len(shortest))
    if lex is not None:
        shortest += _compound_synonyms(tokens, lex, variants, origins, grams)
    if lex is not None and regional_compounds:
        # A British word inside a compound ("loo roll", "bog roll"): the compound its
        # American name makes ("toilet roll") is read as a whole name as well, as the
        # speaker's own compound would be (a kind of toilet paper).
        for v in sorted(regional):
            seq, seq_own = variants[v], origins[v]
            put_in = frozenset(j for j, o in enumerate(seq_own)
                               if j >= len(own) or o != own[j] or seq[j] != tokens[j])
            shortest += _compound_synonyms(seq, lex, variants, origins, grams, seq_own,
                                           put_in)
    if lex is not None and everyday:
        # Last, and out of the words read one by one (token_set): an everyday name
        # names its type whole, its words name nothing else ("tissues" -> tissue box is
        # no box, "the wine" -> wine bottle no bottle). Unlike a British reading it is
        # the words' own: it spends them ("the stove": the burner, not its knob).
        shortest += _everyday_variants(raw, tokens, lex, variants, origins, grams)
    gloss: set[str] = set()
    if lex is not None:
        for t in [t for t in tokens if t not in STOPWORDS][:MAX_GLOSS_TOKENS]:
            if lex.verb_share(t) < 0.5:
                gloss |= lex.gloss_nouns(t)
                for syn in lex.synonyms(t):
                    gloss.add(syn.replace(" ", ""))
    verbs: set[str] = set()
    if lex is not None and purposes:
        for w in _WORD.findall(split_label(text))[:MAX_GLOSS_TOKENS]:
            if w not in STOPWORDS and lex.is_verb(w) and not lex.is_thing(w):
                verbs |= lex.verb_senses(w, parents=True)
    tool_verbs: set[tuple[str, str]] = set()
    sibling_verbs: set[tuple[str, str]] = set()
    matter: set[str] = set()
    if lex is not None:
        for i, w in enumerate(raw[:MAX_GLOSS_TOKENS]):
            # A verb: not a function word, not the noun right after a determiner, not a
            # gerund naming a kind of thing ("the cleaning supply", "a scrubbing brush").
            if w in STOPWORDS or (i and raw[i - 1] in DETERMINERS) or not lex.is_verb(w):
                continue
            if w.endswith("ing") and i + 1 < len(raw) and raw[i + 1] not in STOPWORDS \
                    and lex.is_noun(raw[i + 1]):
                continue
            tool_verbs.update((t, lex.verb(w)) for t in lex.verb_tools(w))
            if sibling_tools:
                sibling_verbs.update((t, lex.verb(w)) for t in lex.sibling_tools(w))
            # A verb with its particle is one verb when WordNet lists it ("throw away",
            # not "throw"), read in its main sense only ("put away": to lock up, not
            # its second sense, to discard).
            phrasal = f"{lex.verb(w)}_{raw[i + 1]}" if i + 1 < len(raw) else ""
            if phrasal and lex.is_verb(phrasal):
                matter |= lex.verb_matter(phrasal)
            if lex.verb_share(w) >= 0.5:
                # Mostly a verb ("dispose"), not a thing's name used as one ("the
                # bowl"): a noun's verb sense derives the noun back.
                matter |= lex.verb_matter(lex.verb(w))
    return QueryTerms(tuple(tokens), tuple(variants), token_set, frozenset(plural),
                      frozenset(gloss), frozenset(grams), tuple(origins),
                      tuple(shortest), frozenset(verbs), regional,
                      retracted(text, lex, contrast_places, contrast_kinds, repeated_denials,
                                verb_retractions, editing_repairs),
                      tuple(compounds),
                      frozenset(t for t, _ in tool_verbs), frozenset(tool_verbs),
                      frozenset(matter), frozenset(sibling_verbs),
                      _landmarks_of(tokens, lex, text, compound_modifiers, adverb_nouns,
                                    of_landmarks, vertical_landmarks,
                                    vertical_landmarks and vertical_stacks)
                      if landmark_places and lex is not None else {},
                      region_words(tokens, lex) if region_nouns and lex is not None
                      else frozenset())


def _gaps(text: str) -> list[str]:
    """What stands between each word (as ``query_terms`` reads them from ``text``) and
    the next: item ``i - 1`` is what comes right before word ``i`` (``split_label`` drops
    dashes, so a spaced dash is kept as one)."""
    dashed = split_label(_SPACED_DASH.sub(" \u2014 ", text))
    found = list(_WORD.finditer(dashed))[:MAX_TOKENS]
    return [dashed[found[i - 1].end():found[i].start()] for i in range(1, len(found))]


def _breaks(gaps: Sequence[str]) -> frozenset[int]:
    """Indices of the words that punctuation or a spaced dash comes right before."""
    return frozenset(i for i, g in enumerate(gaps, 1) if _BREAK.search(g))


def _landmarks_of(tokens: Sequence[str], lex: Lexicon, text: str, compound_modifiers: bool,
                  adverb_nouns: bool, of_landmarks: bool = False,
                  vertical: bool = False, stacked: bool = False) -> dict[int, int]:
    """:func:`landmarks` of ``text``'s tokens; with ``compound_modifiers`` the words only
    white space comes right before (no punctuation, arrow or symbol) are joined to the
    word before them."""
    gaps = _gaps(text)
    joined = (frozenset(i for i, g in enumerate(gaps, 1) if g.isspace())
              if compound_modifiers else None)
    return landmarks(tokens, lex, _breaks(gaps), joined, adverb_nouns, of_landmarks,
                     vertical, stacked)


def _other_place(tokens: Sequence[str], i: int, breaks: frozenset[int],
                 nearness: frozenset[str] = LANDMARK_WORDS) -> bool:
    """Another preposition of place than the nearness word at ``i`` (and its "to") is
    said in its clause: between the punctuation or coordinator around it ("on the little
    table by the sofa"; not "a bar of soap by the sink and the bottle in the bin")."""
    def ends(k: int) -> bool:
        return k in breaks or tokens[k] in COORDINATORS

    lo = i
    while lo > 0 and not ends(lo):
        lo -= 1
    hi = i + 1
    while hi < len(tokens) and not ends(hi):
        hi += 1
    return any(tokens[k] in PLACE_WORDS and tokens[k] not in nearness
               and not (tokens[k] == "to" and tokens[k - 1] in ("next", "near"))
               for k in range(lo, hi) if k != i)


def landmarks(tokens: Sequence[str], lex: Lexicon,
              breaks: frozenset[int] = frozenset(),
              joined: frozenset[int] | None = None,
              adverb_nouns: bool = False, of_landmarks: bool = False,
              vertical: bool = False, stacked: bool = False) -> dict[int, int]:
    """Indices of the words of each landmark phrase that places a thing said, each
    mapped to the index of the noun it places (its anchor: "table" in "the little table
    by the sofa").

    A preposition of nearness right after a noun ("the little table by the sofa", "the
    bench next to the sink", "the pepper by the toaster") modifies that noun: its own
    noun phrase only says which thing is meant or where it is, not a thing to act on
    nor a place to put anything. After a pronoun, a verb, a particle or an adverb ("put
    it by the sink", "stand it next to the toilet", "put them out by the bin", "put it
    back beside the sink") the phrase is where something goes, and nothing is marked;
    so too after a place ("the corner by the dresser": the landmark says where the
    corner is, and so where the thing goes), across punctuation ("a stick - next to
    the toilet"), and where no other preposition of place is said in its clause (up to
    the punctuation or coordinator around it): in "put the bar of soap by the sink" the
    phrase may modify the verb, and with no other place said it is where the soap
    goes. The phrase: its
    determiners skipped, the words up to the next function word, verb or punctuation
    (``breaks``: indices of the tokens punctuation precedes), at most
    ``LANDMARK_PHRASE``.

    With ``joined`` (the indices of the words only a space comes right before), a noun
    that modifies the noun right after it in one noun phrase
    ("the desk drawer", "in the dresser drawer", "the desk chair") is such a phrase as
    well: it says which drawer or chair, as "the drawer by the desk" would, so a desk
    said only there takes no slot of a step that asks for other things. Only after a
    determiner or a preposition of place (telegraphic lists, "mug cup please wash",
    are no noun phrase), only a thing's name that is no adjective nor mostly a verb,
    and not where the two words are one name in WordNet ("coffee table", "alarm
    clock": a name of its own, not a modifier and a head).

    With ``of_landmarks``, a place's noun phrase followed by "of" and a determiner
    ("within the uppermost drawer of the dresser", "in the drawer of the side table")
    names the drawer; the phrase after "of" only says which drawer, as "the drawer by
    the dresser" would (:func:`_of_landmarks`).

    With ``vertical``, a preposition of vertical or front-back order (``VERTICAL_WORDS``)
    is read as one of nearness is, with the same tests ("into the cupboard under the
    sink": the sink says which cupboard; "put the mug under the coffee maker", no other
    place said, is where the mug goes), and with ``joined`` only where white space
    alone comes before it.

    With ``stacked``, a phrase after a preposition of vertical or front-back order said
    right before "in", "into" or "inside" and a container's noun phrase says which
    container, as it would said after it: "under the sink in the cabinet" is "in the
    cabinet under the sink", the sink a landmark of the cabinet (:func:`_stacked_places`;
    it replaces the noun before the vertical word as the phrase's anchor). Where the
    container names nothing here ("under the bed in the bedroom"), ``drop_landmarks``
    leaves the landmark its name."""
    at: dict[int, int] = {}
    nearness = _NEARNESS_VERTICAL if vertical else LANDMARK_WORDS
    if joined is not None:
        at.update(_compound_modifiers(tokens, lex, joined))
    if of_landmarks:
        at.update(_of_landmarks(tokens, lex, breaks))
    for i, t in enumerate(tokens):
        if t not in nearness or i == 0 or not _other_place(tokens, i, breaks, nearness):
            continue
        # A vertical word only right after its noun, white space between ("bat on the bed
        # -> under the desk": the arrow is a boundary the speaker wrote).
        if t in VERTICAL_WORDS and joined is not None and i not in joined:
            continue
        before = tokens[i - 1]
        # A noun: not a word that may be an adverb ("back", "left"; with
        # ``adverb_nouns`` a thing's name after a determiner is one: "the counter next
        # to the toaster"), nor one mostly a verb unless its main noun sense is a thing
        # ("the pepper by the toaster").
        if (i in breaks or before in STOPWORDS or not lex.is_noun(before)
                or (lex.is_adverb(before) and not (adverb_nouns and tokens[i - 2]
                                                   in DETERMINERS and lex.is_thing(before)))
                or lex.is_location(before)
                or (lex.verb_share(before) > 0.5 and not lex.is_thing(before))):
            continue
        j = i + 1
        if t in ("next", "near") and j < len(tokens) and tokens[j] == "to":
            j += 1
        while j < len(tokens) and tokens[j] in DETERMINERS:
            j += 1
        taken = 0
        while (j < len(tokens) and taken < LANDMARK_PHRASE and tokens[j] not in STOPWORDS
               and (j == i + 1 or j not in breaks)
               and not (lex.verb_share(tokens[j]) > 0.5 and not lex.is_thing(tokens[j]))):
            at[j] = i - 1
            j += 1
            taken += 1
    if stacked:  # the container it says which of is its anchor, not the noun before it
        at.update(_stacked_places(tokens, lex, breaks))
    return at


# Superlatives of nearness ("the drawer nearest the fridge"), closed class.
_NEAREST = frozenset({"nearest", "closest"})
# Sides said as "to the right of" / "to the left of" (and "in front of").
_SIDES = frozenset({"right", "left"})
# The indefinite articles: a thing new to the hearer is no landmark (``aside_phrases``).
_INDEFINITE = frozenset({"a", "an"})


def _aside_opener(tokens: Sequence[str], i: int) -> int:
    """How many words open a phrase placing the noun before ``tokens[i]`` by another
    thing near it, above or below it, before or behind it or to its side ("by", "next
    to", "under", "in front of", "to the right of", "nearest"), 0 when none does. Not
    "with" nor "for": after a place they may tell which place ("the drawer with the
    spoons") or add things put there ("set them on the table with the spoons"), and
    syntax does not tell the two apart."""
    t = tokens[i]
    nxt = tokens[i + 1:i + 4]
    if t in _NEARNESS_VERTICAL or t in _NEAREST:
        return 2 if t in ("next", "near", "close") and nxt[:1] == ("to",) else 1
    if t == "in" and nxt[:2] == ("front", "of"):
        return 3
    if t == "to" and len(nxt) == 3 and nxt[0] in DETERMINERS and nxt[1] in _SIDES \
            and nxt[2] == "of":
        return 4
    return 0


def _in_place_phrase(tokens: Sequence[str], j: int,
                     breaks: frozenset[int] | None = None) -> bool:
    """The noun at ``j`` ends a place's noun phrase: a preposition of place or source
    opens it, past its determiner and up to ``LANDMARK_PHRASE`` modifiers ("on the
    shelf", "into the top drawer"); with ``breaks``, not across punctuation ("against
    the wall, plant next to the TV": the plant's phrase opens at the comma)."""
    for x in range(j - 1, max(-1, j - LANDMARK_PHRASE - 2), -1):
        if tokens[x] in PHRASE_PLACES:
            return True
        if (tokens[x] in STOPWORDS and tokens[x] not in DETERMINERS) \
                or (breaks is not None and x + 1 in breaks):
            return False
    return False


def asides_of(tokens: Sequence[str], lex: Lexicon, text: str,
              given: bool = False) -> dict[int, int]:
    """:func:`aside_phrases` of ``text``'s tokens (``QueryTerms.tokens``), its
    punctuation read from ``text``."""
    return aside_phrases(tokens, lex, _breaks(_gaps(text)), given)


def aside_phrases(tokens: Sequence[str], lex: Lexicon,
                  breaks: frozenset[int] = frozenset(), given: bool = False
                  ) -> dict[int, int]:
    """Indices of the words of each phrase that tells a noun said before it by another
    thing near it, above or below it, before or behind it or to its side: a preposition
    of nearness, of vertical or front-back order, a side ("to the right of"), "nearest",
    right after a noun ("the rail by the shower", "the counter to the right of the
    sink", "the drawer nearest the fridge"), either after a place's noun ("off the
    counter by the toaster") or with another preposition of place in its clause
    (:func:`_other_place`: "put the soap by the sink", no other place said, is where it
    goes). Such a phrase says which thing or place is meant, not a thing the clause acts
    on nor where it goes. After a pronoun, a verb or an adverb ("put it by the bed", "do
    it by candle") nothing is marked. "With" and "for" open no such phrase (see
    :func:`_aside_opener`). Wider than :func:`landmarks` (whose phrases lose their name
    evidence): these only order named things (``RecallConfig.roles_before_landmarks``).
    Each index is mapped to the noun the phrase tells (its anchor).

    With ``given``, only a phrase of a thing already known to the hearer, as a landmark
    is: after a definite determiner (not "a CD on the floor by a dresser"), and with the
    anchor's place phrase read within its punctuation ("against the wall, the plant next
    to the TV": the plant's own phrase)."""
    at: dict[int, int] = {}
    in_place = breaks if given else None
    for i in range(1, len(tokens)):
        m = _aside_opener(tokens, i)
        if not m or i in breaks:
            continue
        before = tokens[i - 1]
        # As in :func:`landmarks`: a thing's name WordNet also has as an adverb is a
        # noun after a determiner ("the counter by the toaster").
        if (before in STOPWORDS or not lex.is_noun(before)
                or (lex.is_adverb(before) and not (tokens[i - 2:i - 1] and tokens[i - 2]
                                                   in DETERMINERS and lex.is_thing(before)))
                or lex.is_location(before)
                or (lex.verb_share(before) > 0.5 and not lex.is_thing(before))):
            continue
        if not (_in_place_phrase(tokens, i - 1, in_place)
                or _other_place(tokens, i, breaks, _NEARNESS_VERTICAL | _NEAREST)):
            continue
        j = i + m
        if given and (j >= len(tokens) or tokens[j] not in DETERMINERS
                      or tokens[j] in _INDEFINITE):
            continue
        while j < len(tokens) and tokens[j] in DETERMINERS:
            j += 1
        taken = 0
        while (j < len(tokens) and taken < LANDMARK_PHRASE and tokens[j] not in STOPWORDS
               and j not in breaks
               and not (lex.verb_share(tokens[j]) > 0.5 and not lex.is_thing(tokens[j]))):
            at[j] = i - 1
            j += 1
            taken += 1
    return at


# Prepositions of containment: the place a stacked vertical phrase says which of
# (``landmarks`` with ``stacked``).
_CONTAINMENT = frozenset({"in", "into", "inside"})


def _stacked_places(tokens: Sequence[str], lex: Lexicon,
                    breaks: frozenset[int]) -> dict[int, int]:
    """The words of each noun phrase after a preposition of vertical or front-back order
    (``VERTICAL_WORDS``) that a preposition of containment and a container's noun phrase
    follow with nothing between ("the spray bottle goes under the sink in the cabinet"),
    mapped to the container noun's index: the first phrase says which container, as it
    would after it ("in the cabinet under the sink"). Both phrases open with a
    determiner; the container's head is a thing's name whose main sense is no place
    (``Lexicon.is_location``: "the corner"), the first phrase ends in a noun, and no
    punctuation stands in either phrase or between them."""
    at: dict[int, int] = {}
    n = len(tokens)

    def phrase(j: int) -> tuple[list[int], int]:
        if j >= n or tokens[j] not in DETERMINERS or j in breaks:
            return [], j
        while j < n and tokens[j] in DETERMINERS and j not in breaks:
            j += 1
        words: list[int] = []
        while (j < n and len(words) < LANDMARK_PHRASE and j not in breaks
               and tokens[j] not in STOPWORDS
               and not (lex.verb_share(tokens[j]) > 0.5 and not lex.is_thing(tokens[j]))):
            words.append(j)
            j += 1
        return words, j

    for i, t in enumerate(tokens):
        if t not in VERTICAL_WORDS:
            continue
        mark, j = phrase(i + 1)
        if not mark or j >= n or tokens[j] not in _CONTAINMENT or j in breaks:
            continue
        box, _ = phrase(j + 1)
        if not box:
            continue
        head = tokens[box[-1]]
        if not lex.is_thing(head) or lex.is_location(head) or not lex.is_noun(tokens[mark[-1]]):
            continue
        for x in mark:
            at[x] = box[-1]
    return at


def _compound_modifiers(tokens: Sequence[str], lex: Lexicon,
                        joined: frozenset[int]) -> dict[int, int]:
    """Index of each noun modifying the noun right after it in a place's noun phrase,
    mapped to that noun's (:func:`landmarks` with ``joined``)."""
    at: dict[int, int] = {}
    for i in range(2, len(tokens) - 1):
        a, b = tokens[i], tokens[i + 1]
        if tokens[i - 1] not in DETERMINERS or tokens[i - 2] not in PHRASE_PLACES \
                or i + 1 not in joined or a in STOPWORDS or b in STOPWORDS \
                or not b.isalpha():
            continue
        # Both things' names, the head no verb nor adverb ("the pen goes", "the vase
        # back"): two nouns in one phrase.
        if (lex.is_thing(a) and not lex.is_adjective(a) and lex.verb_share(a) < 0.5
                and lex.is_thing(b) and lex.verb_share(b) < 0.5 and not lex.is_adverb(b)
                and not lex.is_thing(f"{a}_{b}")):
            at[i] = i + 1
    return at


def _of_landmarks(tokens: Sequence[str], lex: Lexicon,
                  breaks: frozenset[int]) -> dict[int, int]:
    """The words of each noun phrase after "of" that says which of a place's kind is
    meant, mapped to that place noun's index (:func:`landmarks` with ``of_landmarks``).
    The place: a thing's name (no region, "the edge of the bath", and no verb) opening a
    place's phrase (a preposition of place, a determiner, at most two adjectives); after
    "of" a determiner ("a bottle of wine", "a bar of soap": what it holds or is made of,
    never a determiner) and a phrase ending in a noun that is no place ("of the kitchen")."""
    at: dict[int, int] = {}
    for i, t in enumerate(tokens):
        if t != "of" or i < 3 or i in breaks or i + 2 >= len(tokens):
            continue
        head = tokens[i - 1]
        if (head in STOPWORDS or not lex.is_thing(head) or lex.is_location(head)
                or lex.verb_share(head) >= 0.5):
            continue
        k = i - 2
        while k > 0 and i - 2 - k < 2 and tokens[k] not in DETERMINERS \
                and lex.is_adjective(tokens[k]) and k + 1 not in breaks:
            k -= 1
        if k < 1 or tokens[k] not in DETERMINERS or tokens[k - 1] not in PHRASE_PLACES \
                or any(x in breaks for x in range(k, i)):
            continue
        j = i + 1
        if tokens[j] not in DETERMINERS:
            continue
        while j < len(tokens) and tokens[j] in DETERMINERS:
            j += 1
        phrase: list[int] = []
        while (j < len(tokens) and len(phrase) < LANDMARK_PHRASE and j not in breaks
               and tokens[j] not in STOPWORDS
               and not (lex.verb_share(tokens[j]) > 0.5 and not lex.is_thing(tokens[j]))):
            phrase.append(j)
            j += 1
        if phrase and lex.is_noun(tokens[phrase[-1]]) and not lex.is_location(tokens[phrase[-1]]):
            at.update((x, i - 1) for x in phrase)
    return at


def region_words(tokens: Sequence[str], lex: Lexicon) -> frozenset[int]:
    """Indices of the nouns that say a region of another thing, not a thing: a noun whose
    main sense is a place ("top", "side", "edge", "front") right before "of" ("on top of
    the toilet", "the edge of the bath") or, bare after a preposition, right before a
    determiner ("put it on top the cooker"). Such a word names no type whose name it
    shares (the counter top, the side table): the thing it is a region of is named."""
    at: set[int] = set()
    for i, t in enumerate(tokens[:-1]):
        if t in STOPWORDS or not lex.is_location(t):
            continue
        after = tokens[i + 1]
        if after == "of" or (after in DETERMINERS and i > 0 and tokens[i - 1] in PLACE_WORDS):
            at.add(i)
    return frozenset(at)


def _unknown_compounds(tokens: list[str], split_pairs: list[tuple[str, str]], lex: Lexicon
                       ) -> list[tuple[frozenset[str], str]]:
    """Two nouns said as one name that WordNet does not know as a thing, closed ("night-
    stand": ``split_pairs``, the split words above) or open ("night stand"), with their
    head: a night stand is a kind of stand."""
    pairs = list(split_pairs)
    for a, b in zip(tokens, tokens[1:], strict=False):
        if (a not in STOPWORDS and b not in STOPWORDS and lex.is_noun(b) and lex.is_noun(a)
                and lex.verb_share(a) < 0.5 and not lex.is_thing(f"{a}_{b}")):
            pairs.append((a, b))
    return [(frozenset({a, b, a + b}), b) for a, b in dict.fromkeys(pairs)]


def compound_parents(names: dict[str, float], terms: dict[str, LabelTerms],
                     query: QueryTerms, lexicon: Lexicon | None) -> dict[str, float]:
    """A compound said that WordNet does not know, none of whose words names anything
    here, names partly the types whose head is a parent of its head ("put the clock on
    the nightstand": a stand, one sense of which is "a small table", so the side table;
    a kind of a kind of table). ``terms``: every type present. Only when nothing else
    here is named by those words: in a room with a TV stand, "stand" is that. The head's
    parents (``Lexicon.sense_parents``, every sense: "stand" -> table) are looked up only
    then, so a compound that names something costs no sense parse."""
    if not query.compounds or lexicon is None or not lexicon.available:
        return names
    said: set[str] = set()
    for t, m in names.items():
        if m:
            lt = terms[t]
            said |= _name_words(lt)
    out = dict(names)
    for words, head in query.compounds:
        if words & said:
            continue
        parents = lexicon.sense_parents(head)
        for t, lt in terms.items():
            if not out.get(t) and lt.words and lt.words[-1] in parents:
                out[t] = PARTIAL
    return out


def elided_heads(names: dict[str, float], terms: dict[str, LabelTerms],
                 query: QueryTerms, types: TypeSet | None = None) -> dict[str, float]:
    """A noun said that is no word of any type here, but the head of a WordNet compound
    of a type's own word that is a kind or a part of that type, names the type partly:
    the speaker dropped the modifier the room makes obvious ("put a new roll on the
    holder": a toilet roll, a kind of toilet paper; "scrub the bowl": a toilet bowl, part
    of the toilet). ``terms``: every type present; ``types``: their ``TypeSet`` when the
    caller keeps it. In a kitchen, "bowl" is the bowl and
    "roll" the paper towel roll: a word of a type here is that type's."""
    heads = {h for lt in terms.values() for h in lt.elided}
    if not heads:
        return names
    said = {t for i, t in enumerate(query.tokens)
            if t in heads and i not in query.negated}
    if not said:
        return names
    said -= type_set(terms, types).words
    if not said:
        return names
    out = dict(names)
    meant = [lt.words for t, lt in terms.items() if not out.get(t) and lt.elided & said]
    for t, lt in terms.items():
        if not out.get(t) and lt.elided & said:
            out[t] = PARTIAL
    for t, lt in terms.items():
        # What is named after the thing meant ("toilet paper hanger") is named as the
        # whole compound would name it ("a new toilet roll": by its modifier).
        if not out.get(t) and any(_contains(lt.words, w) for w in meant):
            out[t] = MODIFIER
    return out


def kin_heads(names: dict[str, float], terms: dict[str, LabelTerms],
              query: QueryTerms, types: TypeSet | None = None) -> dict[str, float]:
    """A noun said that is no word of any type here, but the head of a WordNet compound
    of a type's modifier that does what the type's head does (``LabelTerms.kin_heads``:
    "towel rail", for holding towels, and the towel holder, a holding device), names
    the type partly: "hang the towel on the rail". Raised to PARTIAL also where the
    type's modifier alone named it ("towel", said for the towel itself). ``terms``:
    every type present; ``types``: their ``TypeSet`` when the caller keeps it."""
    heads = {h for lt in terms.values() for h in lt.kin_heads}
    if not heads:
        return names
    said = {t for i, t in enumerate(query.tokens) if t in heads and i not in query.negated}
    if not said:
        return names
    said -= type_set(terms, types).words
    if not said:
        return names
    return _named_partly(names, {t for t, lt in terms.items() if lt.kin_heads & said})


def size_shapes(names: dict[str, float], terms: dict[str, LabelTerms],
                query: QueryTerms, lexicon: Lexicon | None) -> dict[str, float]:
    """A size said before a noun ("the big spoon", "a large deep spoon") tells a thing of
    another size than the one the noun names, so a type here whose WordNet definition
    says it is shaped like that noun ("ladle: a spoon-shaped vessel") is named partly:
    the speaker describes what they cannot name by the thing it looks like. The size is
    WordNet's (an adjective whose main sense has the attribute "size"); the noun is
    the first of the next two words that a type here is shaped like. ``terms``: every
    type present."""
    if lexicon is None or not lexicon.available:
        return names
    shapes = {w for lt in terms.values() for w in lt.shapes}
    if not shapes:
        return names
    toks = query.tokens
    said: set[str] = set()
    for i, tok in enumerate(toks):
        if i in query.negated or not lexicon.is_size_word(tok):
            continue
        for j in range(i + 1, min(i + 3, len(toks))):
            if toks[j] in shapes and j not in query.negated:
                said.add(toks[j])
                break
    if not said:
        return names
    return _named_partly(names, {t for t, lt in terms.items() if lt.shapes & said})


class TypeSet:
    """What the name rules read across every type present, built once per set of types
    and kept by the ``Recaller`` for the last set (it changes when a type appears or
    leaves, not per request), so a request only looks its own words up: the words that
    name, partly name or modify some type (:attr:`words`), the types of each head
    (:attr:`by_head`), and the types whose WordNet definitions hold each word
    (:meth:`defining`). Each part is made when a rule first reads it. It holds the terms
    objects it was built from: :meth:`holds` tells whether it is still theirs."""

    def __init__(self, terms: Mapping[str, LabelTerms]) -> None:
        self.terms: dict[str, LabelTerms] = dict(terms)
        self._words: set[str] | None = None
        self._by_head: dict[str, set[str]] | None = None
        self._defining: dict[str, frozenset[str]] | None = None
        self._named_words: set[str] | None = None

    def holds(self, terms: Mapping[str, LabelTerms]) -> bool:
        """Whether ``terms`` are the same types, in the same order, as the same objects
        (a recaller's memo of them is rebuilt, e.g. once WordNet is loaded)."""
        mine = self.terms
        # Asked ~3 times per ranked step over every type present: compared in C (the
        # keys as lists, the values by identity), not a Python loop per type.
        return (len(terms) == len(mine) and list(terms) == list(mine)
                and all(map(operator.is_, terms.values(), mine.values())))

    @property
    def words(self) -> set[str]:
        """Every word that names, partly names or modifies a type of the set."""
        if self._words is None:
            known: set[str] = set()
            for lt in self.terms.values():
                known |= _name_words(lt)
            self._words = known
        return self._words

    @property
    def named_words(self) -> set[str]:
        """Every word of a type's name, heads, partial names or modifiers, its full
        names' other words not (what ``described`` keeps out of a description): read
        per step and the same while the set is, so built once for it."""
        if self._named_words is None:
            self._named_words = {w for lt in self.terms.values()
                                 for w in lt.words + tuple(lt.heads | lt.partial
                                                           | lt.modifiers)}
        return self._named_words

    @property
    def by_head(self) -> dict[str, set[str]]:
        """Head (one-word name) -> the types it is a head of."""
        if self._by_head is None:
            by_head: dict[str, set[str]] = {}
            for t, lt in self.terms.items():
                for h in lt.heads:
                    by_head.setdefault(h, set()).add(t)
            self._by_head = by_head
        return self._by_head

    def defining(self, lexicon: Lexicon) -> dict[str, frozenset[str]]:
        """Word -> the types whose definitions hold it (``Lexicon.description_words``):
        what ``described`` reads. ``lexicon`` is the recaller's one, available."""
        if self._defining is None:
            defining: dict[str, set[str]] = {}
            for t, lt in self.terms.items():
                if not lt.words:
                    continue
                for w in (lexicon.description_words(" ".join(lt.words))
                          | lexicon.description_words("".join(lt.words))):
                    defining.setdefault(w, set()).add(t)
            self._defining = {w: frozenset(ts) for w, ts in defining.items()}
        return self._defining


def type_set(terms: Mapping[str, LabelTerms], held: TypeSet | None) -> TypeSet:
    """``held`` when it is still the set of ``terms``, else a new one for them."""
    return held if held is not None and held.holds(terms) else TypeSet(terms)


def _name_words(lt: LabelTerms) -> frozenset[str] | set[str]:
    """The words that name, partly name or modify this type, its full names' included."""
    return _said_words(lt) | {w for p in lt.full for w in p}


def part_wholes(names: dict[str, float], terms: dict[str, LabelTerms],
                query: QueryTerms, lexicon: Lexicon | None,
                types: TypeSet | None = None) -> dict[str, float]:
    """A noun said that is no word of any type here, but by WordNet's part holonyms a
    part of one kind of thing only (``Lexicon.part_whole``: its main sense, a physical
    thing), names the one thing here that is that kind, partly: "the thing with the
    long handle and bristles" is the scrub brush (bristle: part of a brush), "tuck the
    mattress in" the bed, "a crack in the pane" the window. A part of several kinds
    ("the handle", "the shelf", "the keyboard") or of two things here names none: a
    word said once stands for one thing, and the ranking cannot say which. ``terms``:
    every type present; ``types``: their ``TypeSet`` when the caller keeps it."""
    if lexicon is None or not lexicon.available:
        return names
    said = [t for i, t in enumerate(query.tokens)
            if i not in query.negated and ":" not in t and lexicon.part_whole(t)]
    if not said:
        return names
    known: set[str] | None = None  # read only when a part has one whole here
    out = dict(names)
    for word in dict.fromkeys(said):
        wholes = lexicon.part_whole(word)
        found = [t for t, lt in terms.items() if lt.words and (
            lexicon.is_whole(" ".join(lt.words), wholes)
            or lexicon.is_whole("".join(lt.words), wholes))]
        if len(found) != 1:
            continue
        known = type_set(terms, types).words if known is None else known
        # A part ties a word to its whole more closely than a definition's noun does
        # ("mattress": "... used as a bed or part of a bed", GLOSS): raised to PARTIAL.
        if word not in known and out.get(found[0], 0.0) < PARTIAL:
            out[found[0]] = PARTIAL
    return out


def place_nouns(names: dict[str, float], terms: dict[str, LabelTerms], query: QueryTerms,
                lexicon: Lexicon | None, places: Callable[[], frozenset[str]],
                defined: bool = False, types: TypeSet | None = None,
                own_entry: bool = False, compound_kinds: bool = False) -> dict[str, float]:
    """A noun of a place phrase (``places``: the words after a preposition of place) names
    where something goes, a thing that is here. When it is no word of any type here, and
    it and one type here only are each defined by the other in WordNet ("cabinet: a
    piece of furniture resembling a cupboard ...", "cupboard: a small room or cabinet
    used for storage space"), it names that type outright: "wash them and stack them in
    the cupboard" needs the cabinet, before the faucet the washing implies. Tied so to
    two or more types, the word says which of them no better than the cosine does.
    ``places`` gives the place phrase's words; it is called only when a word said is in
    a type's definition (most requests have none), or with ``defined``.

    ``defined`` (``RecallConfig.defined_places``, round 29): a place noun, a physical
    thing in its main sense, defined one way only by one type here (its definition names
    the type: "windowsill: the sill of a window") names that type partly: the thing is
    at that type, the robot goes there. ``types``: the ``TypeSet`` of ``terms`` when the
    caller keeps it. ``own_entry`` (``RecallConfig.place_own_entry``, round 32): a word
    that is no thing in its main sense, but is one in its own first entry and mostly no
    verb (:func:`_own_thing`: "cistern"), counts as a thing there too when the speaker
    said it (not a synonym's word put in for another). ``compound_kinds``
    (``RecallConfig.compound_place_kinds``, round 46): a place noun no definition ties to
    a type here, one of whose WordNet kinds is named by one type's head before it ("sill":
    its kind "windowsill"; "on the sill" is the window's) names that type partly too."""
    if lexicon is None or not lexicon.available:
        return names
    glossed_said: set[str] = set()
    for lt in terms.values():
        glossed_said |= lt.gloss & query.token_set
    if not glossed_said and not defined:
        return names
    negated = {query.tokens[i] for i in query.negated if i < len(query.tokens)}
    said = places() if defined else places() & glossed_said
    candidates = [w for w in said if w not in negated and ":" not in w]
    if not candidates:
        return names
    out = dict(names)
    # The speaker's own words: a synonym put in for one ("dresser" -> "chest of drawers")
    # is read by its main sense only ("chest": the body's, not the box its own entry is).
    spoken = frozenset(query.tokens)
    for word in sorted(candidates):
        named = place_noun_type(word, terms, types, lexicon, defined, own_entry,
                                word in spoken, compound_kinds)
        if named is not None and out.get(named[0], 0.0) < named[1]:
            out[named[0]] = named[1]
    return out


def place_noun_type(word: str, terms: Mapping[str, LabelTerms], types: TypeSet | None,
                    lexicon: Lexicon, defined: bool = False, own_entry: bool = False,
                    spoken: bool = True, compound_kinds: bool = False
                    ) -> tuple[str, float] | None:
    """The one type here a place noun no type's words hold names by WordNet's
    definitions, with how strongly (:func:`place_nouns`: ``FULL`` when it and the type
    are each defined by the other, ``DEFINED_PLACE`` with ``defined`` when only its
    definition or, with ``compound_kinds``, its compound kind ties it), or None.
    ``terms``: every type present; ``spoken``: the speaker said the word (not a
    synonym's word put in for another), for ``own_entry``."""
    glossed = [t for t, lt in terms.items() if word in lt.gloss]
    if not (glossed or defined):
        return None
    defined_by = lexicon.gloss_nouns(word)
    # Each defined by the other: a near synonym, not a word the type's definition
    # happens to use ("sink: ... fixed to a wall or floor" names no sink "on the
    # floor").
    tied = [t for t in glossed if terms[t].heads & defined_by]
    if tied:
        if len(tied) == 1 and lexicon.is_thing(word) \
                and word not in type_set(terms, types).words:
            return tied[0], FULL
        return None
    if not defined:
        return None
    types = type_set(terms, types)
    tied_to = {t for w in defined_by for t in types.by_head.get(w, ())}
    if not tied_to and compound_kinds and word not in types.words:
        tied_to = _compound_kind_types(word, types, lexicon)
    # A thing in its main sense only: "to call my mother" names no cell (the mother
    # of vinegar, "a slimy film of yeast cells"), "at five" no card.
    if (len(tied_to) == 1 and word not in types.words
            and (lexicon.is_thing(word)
                 or (own_entry and spoken and _own_thing(word, lexicon)))):
        return next(iter(tied_to)), DEFINED_PLACE
    return None


def _compound_kind_types(word: str, types: TypeSet, lexicon: Lexicon) -> set[str]:
    """The types here whose head, put before ``word``, names one of ``word``'s WordNet
    kinds ("window" + "sill": "windowsill"; "toilet" + "seat": "toilet seat"): the word
    said alone is that type's part, the way English shortens a compound whose other
    half the room makes plain. Only kinds written so count, not a kind's other names,
    and only a kind that is a part of the head's thing (``Lexicon.is_part_within``)."""
    out: set[str] = set()
    for kind in lexicon.hyponym_names(word):
        head = kind[:-len(word)].rstrip(" -") if kind.endswith(word) else ""
        # The kind a part of the head's thing ("windowsill" of the window), not a kind
        # merely named after it ("bedroom": a room of a dwelling, no part of a bed).
        if head and " " not in head and lexicon.is_part_within(kind, head):
            out.update(types.by_head.get(head, ()))
    return out


def _own_thing(word: str, lexicon: Lexicon) -> bool:
    """``word``, said as a noun, is a thing by its own first entry (``Lexicon.headed_thing``)
    and is mostly no verb: "to flip pancakes" is an act, though WordNet's own first noun
    "flip" is a drink made with an egg."""
    return lexicon.verb_share(word) < 0.5 and lexicon.headed_thing(word)


def _said_words(lt: LabelTerms) -> frozenset[str] | set[str]:
    """The words that name, partly name or modify this type."""
    return lt.partial | lt.modifiers | set(lt.words)


def verb_tools(names: dict[str, float], terms: dict[str, LabelTerms],
               query: QueryTerms) -> dict[str, float]:
    """A type the instruction does not name, whose head or one-word name is a tool its
    verbs are done with (``QueryTerms.tools``: "wipe the sink" is done with a sponge or a
    towel, "clean the toilet" with a brush), is named partly, as its head would name it:
    a thing said outright comes first, and the relevance floor still applies. Which one
    tool a verb said once needs is the selection's (``Recaller._partly_named_by``).
    ``terms``: every type present. A verb none of whose own tools names a type here is
    done with its siblings' tools (``QueryTerms.sibling_tools``: "scrub the pan", a
    rubbing clean as "sponge down" is, with the sponge)."""
    tools = query.tools | _sibling_tools(terms, query)
    if not tools:
        return names
    out = dict(names)
    for t, lt in terms.items():
        if not out.get(t) and (lt.partial | lt.heads) & tools:
            out[t] = PARTIAL
    return out


def described(names: dict[str, float], terms: dict[str, LabelTerms], query: QueryTerms,
              lexicon: Lexicon | None, least: int, spread: int,
              types: TypeSet | None = None) -> dict[str, float]:
    """A type the instruction does not name (or only through one word of its
    definition, GLOSS) is named as its head would name it (DESCRIBED) when at least
    ``least`` different words the speaker says within one phrase (DESCRIPTION_SPAN
    words), none a word of any type here, are words of its WordNet definition
    (``Lexicon.description_words``) and each is a word of at most ``spread`` types'
    definitions here: a thing described by its look, matter or use because its name is
    not known ("the round deep thing we cook pasta in": pot, "a cooking vessel that is
    usually round and deep"; "the rubber thing on a stick": plunger, "a stick with a
    rubber suction cup"). A word many definitions here share ("water", "handle",
    "glass") tells none of them apart; one shared word is chance, two in one phrase a
    description (two from different steps of a long instruction are not).
    ``terms``: every type present; ``types``: their ``TypeSet`` when the caller keeps
    it."""
    if least <= 0 or lexicon is None or not lexicon.available:
        return names
    kept = type_set(terms, types)
    named_words = kept.named_words
    said: list[tuple[int, frozenset[str]]] = []
    seen: set[str] = set()
    for i, t in enumerate(query.tokens[:MAX_GLOSS_TOKENS * 4]):
        if t in STOPWORDS or len(t) < 3 or t in named_words or t in seen:
            continue
        seen.add(t)
        forms = frozenset({t, lexicon.noun(t), lexicon.verb(t)})
        if not forms & named_words:
            said.append((i, forms))
    if len(said) < least:
        return names
    defining = kept.defining(lexicon)
    at: dict[str, list[int]] = {}
    for i, forms in said:
        defines: set[str] = set()
        for f in forms:
            defines |= defining.get(f, frozenset())
        if 0 < len(defines) <= spread:
            for t in defines:
                at.setdefault(t, []).append(i)
    out = dict(names)
    for t, pos in at.items():
        if len(pos) >= least and out.get(t, 0.0) <= GLOSS and any(
                pos[j + least - 1] - pos[j] < DESCRIPTION_SPAN
                for j in range(len(pos) - least + 1)):
            out[t] = DESCRIBED
    return out


def _sibling_tools(terms: dict[str, LabelTerms], query: QueryTerms) -> frozenset[str]:
    """The siblings' tools of the verbs whose own tools name no type in ``terms`` ("scrub"
    is done with a holystone, which nothing here is: its siblings' sponge)."""
    if not query.sibling_tools:
        return frozenset()
    present = {w for lt in terms.values() for w in lt.partial | lt.heads}
    served = {v for t, v in query.tool_verbs if t in present}
    return frozenset(t for t, v in query.sibling_tools if v not in served)


def verb_holders(names: dict[str, float], terms: dict[str, LabelTerms],
                 query: QueryTerms, lexicon: Lexicon | None,
                 types: TypeSet | None = None) -> dict[str, float]:
    """A container the instruction does not name, whose WordNet definition says it holds
    matter the instruction's verbs deal with (``QueryTerms.matter``: "throw away" and
    "dispose of" mean discarding, of which trashing is a kind, done to rubbish; "garbage
    can: a bin that holds rubbish"), or that a container said, no word of any type
    here, is defined for ("the wastebasket: for discarded paper"), is named partly:
    where the thing goes, though no skill and no type's word names the place.
    Containers only (a tool is used on its matter, it does not hold it). ``terms``:
    every type present; ``types``: their ``TypeSet`` when the caller keeps it."""
    if lexicon is None or not lexicon.available:
        return names
    matter = query.matter | _said_container_matter(terms, query, lexicon, types)
    if not matter:
        return names
    out = dict(names)
    for t, lt in terms.items():
        # The main sense's definition only ("pot": not the toilet its second sense is).
        if (not out.get(t) and lt.gloss & matter
                and lexicon.gloss_nouns(" ".join(lt.words), 1) & matter
                and lexicon.holds_contents(" ".join(lt.words))):
            out[t] = PARTIAL
    return out


def _said_container_matter(terms: dict[str, LabelTerms], query: QueryTerms,
                           lexicon: Lexicon, types: TypeSet | None) -> frozenset[str]:
    """The matter of the containers said that are no word of any type here, by their
    definitions (``Lexicon.container_matter``): "the wastebasket" is "for discarded
    paper", the garbage can holds rubbish, so the one is the other. One word or two
    WordNet writes as one ("wastepaper basket")."""
    ws = [t for t in query.tokens if t not in STOPWORDS]
    said = ws + [f"{a}_{b}" for a, b in zip(ws, ws[1:], strict=False)]
    found = {w: m for w in said if (m := lexicon.container_matter(w))}
    if not found:
        return frozenset()
    known = type_set(terms, types).words
    return frozenset(x for w, m in found.items() if not set(w.split("_")) & known for x in m)


def _contains(name: tuple[str, ...], other: tuple[str, ...]) -> bool:
    """``name`` is named after ``other``: it holds other's words in order, and more."""
    n = len(other)
    return 0 < n < len(name) and any(name[i:i + n] == other
                                     for i in range(len(name) - n + 1))


def retracted(text: str, lexicon: Lexicon | None = None,
              contrast_places: bool = False, contrast_kinds: bool = False,
              repeated_denials: bool = False,
              verb_retractions: bool = False,
              editing_repairs: bool = False) -> frozenset[int]:
    """Indices of the words (``query_terms``' tokens) whose things the speaker takes back.

    * A negator before a noun phrase denies it: "not the cup", "knives, not spoons",
      "there's no desk in here" (the phrase: a determiner or a thing, then words up to
      punctuation or the next function word, so "not in the fridge" and "not too hot"
      deny nothing).
    * ``contrast_places``: a negator that opens its own phrase (after punctuation or a
      spaced dash) before a preposition of place denies the place after it: "beside the
      sink, NOT in the cabinet", "the alarm clock - not on the dresser": the speaker
      contrasts the place meant with one not meant. A negator inside a clause ("if it's
      not in the fridge, look on the counter", "the roll is not on its holder") says where
      a thing is not, a place still to look at or to fill: it denies nothing.
    * A "no" that stands alone (before punctuation, a determiner or an editing term: "the
      - no, the liquid soap", "no I mean", "No wait.") repairs what was just said: the
      words of the phrase before it (back to the punctuation before that) of the repair's
      own kind are withdrawn: from its last preposition of place when the repair says a
      place ("in my bag no wait in the drawer"), else from its last determiner ("put a
      new bar of - no, the liquid soap" withdraws the bar), else the whole phrase.
    * ``contrast_kinds``: a negator that tells apart two things of one kind, by the noun's
      pro-form "one" in the denied phrase or in the phrase right after it ("not the big
      pot, the small one", "not the remote on the sofa, the one on the side table", "the
      book on the bed, not the one on the desk"), denies no thing: the kind is wanted.
      The place phrase right after the denied noun phrase is denied instead (the sofa,
      the desk). A "no" right before a negator ("a drawer, no, not the pen") opens that
      negation; it repairs nothing before it.
    * ``repeated_denials``: a denied thing said earlier in its sentence is that earlier
      mention withdrawn (a self-repair repeats what it repairs: "put it in the bin -
      well, not the bin, on the shelf"; "into the laundry hamper ... not the hamper"):
      the nearest earlier noun phrase holding every word the denial says is taken back.
    * ``verb_retractions``: a verb of leaving alone with a pronoun for its object and
      nothing after it ("leave it", "keep them", "forget it"), after a pause or a repair
      marker ("no", "no wait", "on second thought"), takes back the phrase before it
      (past the marker, back to the punctuation before that): "pencils and pens from the
      desk into the drawer - no, leave them, ... just the book". An aside between ("the
      vase from the side table - no wait, the vase is Mum's, leave it") is that phrase,
      and its things said earlier in the sentence are withdrawn there too. Not when the
      speaker repairs the verb itself ("leave it, actually, no, put it in the drawer").
    * ``editing_repairs``: an editing term alone after a pause ("sorry", "I mean",
      "actually", "or rather": ``REPAIR_MARKERS``), with a place or a noun phrase right
      after it, repairs as a lone "no" does: "into the drawer - sorry, onto the shelf"
      withdraws "into the drawer", "the console, I mean the side table" the console.
      Not when a verb follows ("the cabinet - actually take the spoon out first": a new
      request, the cabinet still wanted), nor "to" ("sorry to bother you"), nor a
      negator ("on the, sorry, not the shelf": the negation says what is denied), nor
      when the phrase after it holds an additive particle (``ADDITIVES``: "the plate,
      actually, the mug too", "the towel, sorry, the soap as well"): the speaker adds.

    A thing said again outside these words stays wanted ("put my phone on charge no I
    mean put my phone on the shelf"): the caller drops only what is said nowhere else.
    """
    low = split_label(text)
    found = list(_WORD.finditer(low))[:MAX_TOKENS]
    words = [m.group() for m in found]
    if not NEGATORS.intersection(words) and not (
            verb_retractions and RETRACTION_VERBS.intersection(words)) and not (
            editing_repairs and REPAIR_MARKERS.keys() & set(words)):
        return frozenset()
    # brk[i]: punctuation between word i and word i + 1 (or after the last word).
    brk = [bool(_BREAK.search(low[m.end():found[i + 1].start()])) if i + 1 < len(found)
           else True for i, m in enumerate(found)]
    # ends[i]: a sentence ends after word i (only a repeated denial reads it).
    ends = [bool(_SENTENCE_END.search(low[m.end():found[i + 1].start()]))
            if i + 1 < len(found) else True
            for i, m in enumerate(found)] if repeated_denials or verb_retractions else []
    lex = lexicon if lexicon is not None and lexicon.available else None

    def thing(w: str) -> bool:
        return w not in STOPWORDS and (lex.is_thing(lex.noun(w)) if lex is not None
                                       else False)

    pauses: list[bool] = []

    def paused() -> list[bool]:
        """``brk`` with a spaced dash as a pause too ("the clock - not on the dresser"):
        split_label drops hyphens, so the dash is read from ``text`` (the words are the
        same, a dash is no word). Only the contrast reads it: a repair's "the - no,"
        keeps its own reading of the phrase before it."""
        if not pauses:
            dashed = split_label(_SPACED_DASH.sub(" \u2014 ", text))
            at = list(_WORD.finditer(dashed))[:MAX_TOKENS]
            pauses.extend(bool(_BREAK.search(dashed[m.end():at[n + 1].start()]))
                          if n + 1 < len(at) else True for n, m in enumerate(at))
        return pauses

    out: set[int] = set()
    if verb_retractions:
        out.update(_verb_retracted(words, brk, ends, paused, lex))
    if editing_repairs:
        out.update(_edited(words, brk, paused, thing))
    for i, w in enumerate(words):
        if w not in NEGATORS:
            continue
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if contrast_kinds and w == "no" and _next_word(words, i, EDITING_TERMS) in NEGATORS:
            continue  # "no, not the pen": the negation after it says what is denied
        if w == "no" and (brk[i] or nxt in EDITING_TERMS or nxt in DETERMINERS):
            # The phrase before the marker, back to the punctuation before it ...
            start = i - 1
            while start > 0 and not brk[start - 1]:
                start -= 1
            # ... of which the repair replaces the part of its own kind: a place for a
            # place ("in my bag no wait in the drawer"), else a thing for a thing ("a
            # new bar of - no, the liquid soap"); the whole phrase when it has none.
            k = i + 1
            while k < len(words) and words[k] in EDITING_TERMS:
                k += 1
            kind = PLACE_WORDS if k < len(words) and words[k] in PLACE_WORDS else DETERMINERS
            cut = max((j for j in range(max(start, 0), i) if words[j] in kind), default=start)
            out.update(range(max(cut, 0), i))
            continue
        j = i + 1
        place = False
        if contrast_places and nxt in PLACE_WORDS and nxt != "to" and not brk[i] and (
                i == 0 or paused()[i - 1]):
            # The place phrase's noun phrase, past its prepositions ("next to"), read as
            # a denied noun phrase is below. Not "to": "not to" also marks an infinitive
            # ("careful, not to touch the stove").
            while j < len(words) and words[j] in PLACE_WORDS and not brk[j]:
                j += 1
            place = True
        elif brk[i] or not (nxt in DETERMINERS or thing(nxt)):
            continue
        denied: list[int] = []
        while j < len(words):
            if words[j] in STOPWORDS and words[j] not in DETERMINERS:
                break
            denied.append(j)
            if brk[j]:
                break
            j += 1
        if contrast_kinds and not place and _one_of_a_kind(words, brk, i + 1, j):
            # Past the denied phrase's own "one" ("not the one on the desk").
            out.update(_place_phrase(words, brk, j + (j < len(words) and words[j] in PRO_FORMS)))
        else:
            out.update(denied)
            if repeated_denials:
                out.update(_repeated_phrase(words, brk, ends, i, denied, lex))
    return frozenset(out)


def _repeated_phrase(words: list[str], brk: list[bool], ends: list[bool], i: int,
                     denied: list[int], lex: Lexicon | None) -> list[int]:
    """The words of the nearest noun phrase before ``words[i]`` (a negator), in its
    sentence (``ends``: a sentence ends after the word), that holds a noun of the
    ``denied`` phrase and every other word it says: the thing the denial repairs. A
    phrase's words: the noun and its modifiers before it, back to a function word or
    punctuation ("the laundry hamper"); not past the noun ("in the bin - well, not the
    bin": a dash is no break here)."""
    def base(w: str) -> str:
        return lex.noun(w) if lex is not None else w

    said = {base(words[d]) for d in denied if words[d] not in STOPWORDS}
    j = i - 1
    while j >= 0 and not ends[j]:
        if words[j] not in STOPWORDS and base(words[j]) in said:
            start = j
            while start > 0 and not brk[start - 1] and words[start - 1] not in STOPWORDS:
                start -= 1
            # Every word the denial says is in it: "not the hamper" repeats "the laundry
            # hamper", "not the coffee table" does not repeat "the side table".
            if said <= {base(w) for w in words[start:j + 1]}:
                return list(range(start, j + 1))
        j -= 1
    return []


def _verb_retracted(words: list[str], brk: list[bool], ends: list[bool],
                    paused: Callable[[], list[bool]], lex: Lexicon | None) -> set[int]:
    """The words a verb of leaving alone takes back (``retracted``'s
    ``verb_retractions``): the phrase before it, past a repair marker, and the earlier
    mentions in its sentence of the things that phrase says."""
    out: set[int] = set()
    for i, w in enumerate(words[:-1]):
        if (w not in RETRACTION_VERBS or i == 0 or words[i + 1] not in RETRACTION_OBJECTS
                or not brk[i + 1]):
            continue  # "leave it on the counter": where it goes, nothing taken back
        if _next_word(words, i + 1, EDITING_TERMS) in NEGATORS:
            continue  # "leave it, actually, no, put it in the drawer": itself repaired
        # Past the repair marker before the verb: "no", "no wait", "on second thought";
        # not "I" ("no I mean" repairs, but "where I keep it" is a statement's verb).
        k = i - 1
        marked = False
        while k >= 0:
            if words[k] in NEGATORS or (words[k] in EDITING_TERMS and words[k] != "i"):
                k -= 1
            elif k >= 2 and words[k - 2] == "on" and words[k - 1] == "second":
                k -= 3  # "on second thought" (its noun as written: "thougth")
            else:
                break
            marked = True
        if k < 0 or not (marked or brk[i - 1] or paused()[i - 1]):
            continue  # "fold the towel and leave it": a request, nothing taken back
        start = k
        while start > 0 and not brk[start - 1]:
            start -= 1
        phrase = [j for j in range(start, k + 1) if words[j] not in STOPWORDS]
        out.update(phrase)
        for j in phrase:
            out.update(_repeated_phrase(words, brk, ends, start, [j], lex))
    return out


def _edited(words: list[str], brk: list[bool], paused: Callable[[], list[bool]],
            thing: Callable[[str], bool]) -> set[int]:
    """The words an editing term alone repairs (``retracted``'s ``editing_repairs``):
    the phrase before it, of the kind the repair says, as a lone "no" repairs."""
    out: set[int] = set()
    for i, w in enumerate(words):
        first = REPAIR_MARKERS.get(w)
        if first is None:
            continue
        m = i - 1 if first else i  # the marker's first word ("I" of "I mean")
        if first and (m < 0 or words[m] != first):
            continue
        if m < 1 or words[m - 1] in NEGATORS or not (brk[m - 1] or paused()[m - 1]):
            continue  # no pause before: "I actually like it", "what I mean is"; "no" repairs
        k = i + 1
        while k < len(words) and words[k] in EDITING_TERMS:
            k += 1
        nxt = words[k] if k < len(words) else ""
        if nxt == "to" or nxt in NEGATORS or not (
                nxt in PLACE_WORDS or nxt in SOURCE_WORDS or nxt in DETERMINERS
                or thing(nxt)) or _additive(words, paused(), k):
            continue
        start = m - 1
        while start > 0 and not brk[start - 1]:
            start -= 1
        kind = PLACE_WORDS if nxt in PLACE_WORDS else DETERMINERS
        # With none of its kind before it, the word right before the marker only: a
        # bare noun repairs a bare noun ("card on bed -> wallet... i mean drawer").
        cut = max((j for j in range(start, m) if words[j] in kind), default=m - 1)
        out.update(range(cut, m))
    return out


def _additive(words: list[str], brk: list[bool], k: int) -> bool:
    """The repairing phrase at ``words[k]`` (to the next pause, a spaced dash too: "...,
    sorry, on the toilet - put that in the cabinet too" repairs) holds an additive
    particle: the speaker adds a thing ("..., actually, the mug too"), the phrase before
    the editing term still wanted."""
    end = k
    while end < len(words) and not brk[end]:
        end += 1
    span = words[k:end + 1]
    return any(tuple(span[n:n + len(a)]) == a
               for n in range(len(span)) for a in ADDITIVES)


def _next_word(words: list[str], i: int, skip: frozenset[str]) -> str:
    """The first word after ``words[i]`` that is not in ``skip`` ("" at the end)."""
    k = i + 1
    while k < len(words) and words[k] in skip:
        k += 1
    return words[k] if k < len(words) else ""


def _pro_form_phrase(words: list[str], brk: list[bool], k: int) -> bool:
    """``words[k:]`` open a noun phrase whose noun is the pro-form "one" after a
    determiner and at most ``PRO_FORM_MODIFIERS`` modifiers, the phrase ending there (at
    punctuation, the end or a preposition of place): "the small one, ...", "the one on
    the side table". Not "the one you can rub out": a clause that describes it may name
    another kind."""
    if k >= len(words) or words[k] not in DETERMINERS:
        return False
    for n in range(k + 1, min(k + 2 + PRO_FORM_MODIFIERS, len(words))):
        if words[n] in PRO_FORMS:
            return n + 1 == len(words) or brk[n] or words[n + 1] in PLACE_WORDS
        if brk[n - 1] or (words[n] in STOPWORDS and words[n] != "other"):
            return False
    return False


def _one_of_a_kind(words: list[str], brk: list[bool], start: int, end: int) -> bool:
    """The noun phrase denied at ``words[start:end]`` is told apart from another of its
    kind: it is itself "the one ..." or the phrase after it (past the place phrase that
    places it, to the next punctuation) is."""
    if _pro_form_phrase(words, brk, start):
        return True
    k = end
    while k < len(words) and not brk[k - 1]:
        k += 1
    return _pro_form_phrase(words, brk, k)


def _place_phrase(words: list[str], brk: list[bool], k: int) -> list[int]:
    """The words of the place phrase at ``words[k]`` ("on the sofa"), past its
    prepositions, up to punctuation or the next function word; none when no preposition
    of place opens it."""
    if k >= len(words) or words[k] not in PLACE_WORDS or brk[k - 1]:
        return []
    while k < len(words) and words[k] in PLACE_WORDS and not brk[k]:
        k += 1
    out = []
    while k < len(words) and not (words[k] in STOPWORDS and words[k] not in DETERMINERS):
        out.append(k)
        if brk[k]:
            break
        k += 1
    return out


def _regional_variants(raw: list[str], tokens: list[str], lex: Lexicon,
                       variants: list[tuple[str, ...]],
                       origins: list[tuple[tuple[int, int], ...]],
                       grams: set[tuple[str, ...]]) -> None:
    """A British word or phrase said in place of its American name ("the hob" -> cooktop,
    "kitchen roll" -> paper towel, "the loo" -> toilet; :meth:`Lexicon.regional`): one
    variant per equivalent, its words standing for the British span. Unlike a WordNet
    synonym put in for one word of a compound, the equivalent counts alone: the British
    word is a name of the thing, not one word of its name."""
    table = lex.regional_names
    if not table.available:
        return
    own = tuple((i, i + 1) for i in range(len(tokens)))
    # The words are split and lower case already: a span's key is its words' plain
    # lemmas joined (what key_of gives for the span, without re-splitting each one).
    lemmas = [lemma(w) for w in raw]
    added = 0
    for n in range(MAX_REGIONAL_WORDS, 0, -1):
        for i in range(len(raw) - n + 1):
            span = raw[i:i + n]
            if span[0] in STOPWORDS or span[-1] in STOPWORDS or added >= MAX_SUBSTITUTIONS:
                continue
            if not table.known(" ".join(lemmas[i:i + n])):
                continue
            phrase = " ".join(span)
            for name in lex.regional(phrase):
                seq = _seq(name, lex)
                if not seq or added >= MAX_SUBSTITUTIONS:
                    continue
                variant = (*tokens[:i], *seq, *tokens[i + n:])
                variants.append(variant)
                origins.append((*own[:i], *[(i, i + n)] * len(seq), *own[i + n:]))
                _add_grams(grams, variant, i, i + len(seq))
                added += 1


def _vocabulary_key(phrase: str) -> str:
    """The task vocabulary's key of a name: lower case, letters and digits only ("Towel
    rail" and "towel-rail" are "towelrail"; memory_node/sim/tasks/vocabulary.key)."""
    return "".join(c for c in phrase.lower() if c.isalnum())


@lru_cache(maxsize=1)
def everyday_names() -> dict[str, str]:
    """The package's everyday names of types (config/task_vocabulary.yaml, ``objects``:
    the names task files and the goal checker read, "hob" -> StoveBurner, "settee" ->
    Sofa), key -> the type's label words, for the names listed for one type only ("table"
    and "cup" name several). Empty, with one line logged, when the file is unreadable."""
    path = config_path(VOCABULARY_FILE)
    try:
        data = load_yaml(path.read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError) as exc:
        log.warning("recall: everyday names unreadable (%s): %s", path, exc)
        return {}
    objects = data.get("objects") if isinstance(data, dict) else None
    out: dict[str, str] = {}
    for name, targets in (objects or {}).items():
        if isinstance(targets, list) and len(targets) == 1 and isinstance(targets[0], str):
            out[_vocabulary_key(str(name))] = split_label(targets[0])
    return out


def _everyday_variants(raw: list[str], tokens: list[str], lex: Lexicon,
                       variants: list[tuple[str, ...]],
                       origins: list[tuple[tuple[int, int], ...]],
                       grams: set[tuple[str, ...]]) -> list[int]:
    """A word or phrase of the package's vocabulary of everyday names (``everyday_names``:
    "the hob", "the settee", "saucepan", "towel rail", "kitchen roll") said in place of the
    one type it names: one variant with the type's label words standing for the span,
    added like a British reading (never preferred to what the words themselves name). The
    span's key is its words joined as said, or as their singular lemmas, with a trailing
    plural "s" dropped as the vocabulary's reader does. Returns each variant's shortest
    name to place: the type's whole name."""
    table = everyday_names()
    least: list[int] = []
    if not table:
        return least
    own = tuple((i, i + 1) for i in range(len(tokens)))
    lemmas = [lemma(w) for w in raw]
    added = 0
    for n in range(MAX_REGIONAL_WORDS, 0, -1):
        for i in range(len(raw) - n + 1):
            span = raw[i:i + n]
            if span[0] in STOPWORDS or span[-1] in STOPWORDS or added >= MAX_SUBSTITUTIONS:
                continue
            keys = [_vocabulary_key("".join(span)), _vocabulary_key("".join(lemmas[i:i + n]))]
            name = next((table[k] for k in keys if k in table), None)
            if name is None:
                plain = keys[0]
                name = next((table[k] for k in (plain[:-1], plain[:-2])
                             if plain.endswith("s") and k in table), None)
            if name is None:
                continue
            seq = _seq(name, lex)
            if not seq or seq == tuple(tokens[i:i + n]):
                continue
            variant = (*tokens[:i], *seq, *tokens[i + n:])
            variants.append(variant)
            origins.append((*own[:i], *[(i, i + n)] * len(seq), *own[i + n:]))
            _add_grams(grams, variant, i, i + len(seq), len(seq))
            least.append(len(seq))
            added += 1
    return least


def _compound_synonyms(tokens: Sequence[str], lex: Lexicon, variants: list[tuple[str, ...]],
                       origins: list[tuple[tuple[int, int], ...]],
                       grams: set[tuple[str, ...]],
                       own: tuple[tuple[int, int], ...] | None = None,
                       touching: frozenset[int] | None = None) -> list[int]:
    """A two-word name the instruction says that WordNet knows as a thing, read as each
    of its other names ("dressing table" -> dresser, vanity): the speaker's compound is one
    name of the thing, as a label's synonyms are names of the type. Only as whole names
    (grams; the synonym's words stand for the two words), never as single words for the
    partial matches: "dining table" -> "board" names no cutting board), and each whole:
    "hand towel" -> "face towel" does not say "towel" alone. A compound whose direct
    parent also has a compound name is read as that name too ("toilet roll": a kind of
    toilet paper): a kind of a thing is that thing. A one-word parent ("table" of "dining
    table") names every other table as well, so it is left to the partial names. Returns
    each variant's shortest name (its synonym's length).

    ``tokens`` may be a variant already (a British word put in: "loo roll" -> "toilet
    roll"), ``own`` its origins in the instruction; then only the pairs with a word at a
    position in ``touching`` (the words put in) are read: the rest are the instruction's
    own pairs, read once already."""
    if own is None:
        own = tuple((i, i + 1) for i in range(len(tokens)))
    added = 0
    shortest: list[int] = []
    for i in range(len(tokens) - 1):
        a, b = tokens[i], tokens[i + 1]
        if a in STOPWORDS or b in STOPWORDS or added >= MAX_SUBSTITUTIONS:
            continue
        if touching is not None and i not in touching and i + 1 not in touching:
            continue
        term = f"{a}_{b}"
        if not lex.is_thing(term):
            continue
        parents = {h for h in lex.hypernym_names(term) if " " in h}
        for syn in sorted(lex.synonyms(term) | parents):
            seq_syn = _seq(syn, lex)
            if not seq_syn or seq_syn == (a, b) or added >= MAX_SUBSTITUTIONS:
                continue
            seq = (*tokens[:i], *seq_syn, *tokens[i + 2:])
            variants.append(seq)
            span = (own[i][0], own[i + 1][1])
            origins.append((*own[:i], *[span] * len(seq_syn), *own[i + 2:]))
            _add_grams(grams, seq, i, i + len(seq_syn), shortest=len(seq_syn))
            shortest.append(len(seq_syn))
            added += 1
    return shortest


def _compound_variants(tokens: list[str], lex: Lexicon, variants: list[tuple[str, ...]],
                       origins: list[tuple[tuple[int, int], ...]],
                       grams: set[tuple[str, ...]]) -> frozenset[str]:
    """Compound names said another way. Only their multi-word runs are added as grams:
    the words themselves stay the instruction's, so no single word gains a meaning.

    * a word of a compound replaced by a one-word WordNet synonym ("telly stand" ->
      "tv stand"), as the whole name's synonyms already are;
    * "X of Y" read as the compound "Y X" ("bottle of wine" -> "wine bottle", "a bar of
      soap" -> "soap bar"): English puts the noun that says which kind first.
    """
    own = tuple((i, i + 1) for i in range(len(tokens)))
    added = 0
    words: set[str] = set()  # synonyms that stand alone: the caller's token set gains them
    for i, t in enumerate(tokens):
        # Nouns only, the words whose synonyms the definition lookup below reads anyway.
        if t in STOPWORDS or added >= MAX_SUBSTITUTIONS or lex.verb_share(t) >= 0.5:
            continue
        # A word with one meaning, a thing ("vino"), is its synonyms wherever it is said;
        # another word's synonym counts only inside a compound ("telly stand").
        alone = lex.one_sense(t)
        for syn in sorted(lex.synonyms(t)):
            if " " in syn or "-" in syn or syn == t or added >= MAX_SUBSTITUTIONS:
                continue
            # WordNet's names are base forms already: no lookup per synonym.
            seq = (*tokens[:i], syn, *tokens[i + 1:])
            variants.append(seq)
            origins.append(own)
            _add_grams(grams, seq, i, i + 1, shortest=1 if alone else 2)
            if alone:
                words.add(syn)
            added += 1
    for i in range(1, len(tokens) - 1):
        x, of, y = tokens[i - 1], tokens[i], tokens[i + 1]
        if of == "of" and x not in STOPWORDS and y not in STOPWORDS:
            seq = (*tokens[:i - 1], y, x, *tokens[i + 2:])
            variants.append(seq)
            origins.append((*own[:i - 1], (i + 1, i + 2), (i - 1, i), *own[i + 2:]))
            _add_grams(grams, seq, i - 1, i + 1, shortest=2)
    return frozenset(words)



def _add_grams(grams: set[tuple[str, ...]], seq: tuple[str, ...], lo: int, hi: int,
               shortest: int = 1) -> None:
    """Add the runs of ``shortest`` to MAX_GRAM tokens of ``seq`` that overlap
    ``seq[lo:hi]`` (a variant differs from the instruction only there)."""
    for n in range(shortest, MAX_GRAM + 1):
        for start in range(max(0, lo - n + 1), min(len(seq) - n, hi - 1) + 1):
            grams.add(seq[start:start + n])


def _companion(other: tuple[str, ...], name: tuple[str, ...]) -> bool:
    """``name`` is named after ``other`` without being a kind of it: the other's words
    inside the name but not at its head ("towel holder" after "towel"). A name ending in
    the other's words is a kind of it ("wine bottle", "butter knife"), a rival for them."""
    return _phrase_in(other, name) and name[-len(other):] != other


def _phrase_in(phrase: tuple[str, ...], seq: tuple[str, ...]) -> bool:
    n = len(phrase)
    if n == 0 or n > len(seq):
        return False
    return any(seq[i:i + n] == phrase for i in range(len(seq) - n + 1))


def name_match(label: LabelTerms, query: QueryTerms,
               purposes: frozenset[str] = frozenset()) -> float:
    """FULL, PARTIAL, MAJORITY or 0: how directly the instruction names this type."""
    for phrase in label.full:
        if len(phrase) <= MAX_GRAM and query.grams:
            if phrase in query.grams:
                return FULL
        elif any(_phrase_in(phrase, v) for v in query.variants):
            return FULL
    if label.partial & query.token_set:
        return PARTIAL
    ws = label.words
    if len(ws) > 1 and sum(w in query.token_set for w in ws) * 2 > len(ws):
        return MAJORITY
    if label.modifiers & query.token_set:
        return MODIFIER
    nouns = query.token_set
    if label.gloss & nouns or label.heads & query.gloss:
        return GLOSS
    if purposes & query.verbs:
        return PURPOSE
    return 0.0


def asks_for_many(label: LabelTerms, query: QueryTerms) -> bool:
    """The instruction names this type in the plural ("the cabinets"), so more than a
    couple of units of it may be wanted."""
    return bool(label.words) and label.words[-1] in query.plural


def _spans(terms: LabelTerms, query: QueryTerms) -> set[tuple[int, int, bool, bool]]:
    """Where in the instruction (token span) any of the type's full names is said, in any
    variant that can be placed, whether that name is the label itself (not a WordNet
    synonym or kind of it), and whether it is said only through a British reading."""
    own = {terms.words, ("".join(terms.words),)}
    # Only the names the instruction says (a set lookup), then where: a type has dozens
    # of names and an instruction dozens of variants.
    said = [p for p in terms.full if p in query.grams or len(p) > MAX_GRAM]
    out: set[tuple[int, int, bool, bool]] = set()
    for v, (seq, origin, least) in enumerate(zip(query.variants, query.origins,
                                                 query.shortest, strict=True)):
        for phrase in said:
            n = len(phrase)
            if n < least:
                continue
            for i in range(len(seq) - n + 1):
                if seq[i:i + n] == phrase:
                    piece = origin[i:i + n]
                    out.add((min(p[0] for p in piece), max(p[1] for p in piece),
                             phrase in own, v in query.regional))
    return out


def consume(names: dict[str, float], terms: dict[str, LabelTerms],
            query: QueryTerms) -> dict[str, float]:
    """Drop the name evidence of types whose words the instruction spends on a longer name.

    "the salt shaker" names the salt shaker; its word "shaker" does not also name the
    pepper shaker partly. "the tv stand" names the stand, not the television; "the coffee
    table" not the coffee machine. A type keeps its evidence when any of its words is said
    somewhere else in the instruction ("the salt shaker and the other shaker"). Types
    matched through words that cannot be placed (definition words of other nouns) keep
    theirs.
    """
    full = {t: _spans(terms[t], query) for t, m in names.items() if m >= FULL}
    spans = [(lo, hi, exact, british, t) for t, ss in full.items()
             for lo, hi, exact, british in ss]
    if not spans:
        return names

    def covered(lo: int, hi: int, exact: bool, british: bool, t: str) -> bool:
        # Inside a longer name ("shaker" in "salt shaker"), or the same words naming
        # another type by its own label where this one only has them as a WordNet kind
        # ("wine bottle" is a kind of bottle, and the label of the wine bottle). A type
        # named after the other ("toilet paper hanger", "towel holder") is its companion,
        # not a rival for its words. A British reading ("commode": a small cabinet) yields
        # to the words' own meaning when that names a thing here (WordNet's commode is a
        # toilet), and never takes the words from it: it is added for words that name
        # nothing, not to outrank what they name.
        return any(o != t and a <= lo and hi <= b
                   and ((b - a > hi - lo or (other and not exact))
                        and not _companion(terms[o].words, terms[t].words)
                        and (british or not rival_british)
                        or british and not rival_british)
                   for a, b, other, rival_british, o in spans)

    out = dict(names)
    for t, m in names.items():
        if not m:
            continue
        if m >= FULL:
            own = full[t]
        else:
            lt = terms[t]
            said = (_said_words(lt) | lt.gloss) - STOPWORDS
            own = {(i, i + 1, False, False) for i, w in enumerate(query.tokens) if w in said}
        if own and all(covered(lo, hi, exact, british, t) for lo, hi, exact, british in own):
            out[t] = 0.0
    return out


def drop_retracted(names: dict[str, float], terms: dict[str, LabelTerms],
                   query: QueryTerms) -> dict[str, float]:
    """Drop the name evidence of types said only in words the speaker took back
    (``QueryTerms.negated``: "grab the - no, not the cup, the mug" names the mug, not the
    cup). A type said anywhere else as well keeps its evidence."""
    return _drop_said_only_at(names, terms, query, query.negated)


def drop_landmarks(names: dict[str, float], terms: dict[str, LabelTerms],
                   query: QueryTerms, lex: Lexicon | None = None,
                   place_type: Callable[[str], bool] | None = None) -> dict[str, float]:
    """Drop the name evidence of types said only in a landmark phrase
    (``QueryTerms.landmarks``: "put a candle on the little table by the sofa" names the
    candle and the table; the sofa only says which table). Such a type is ranked by its
    other evidence (a cosine, a skill's fixture), after what the text asks to act on and
    where it goes; a type said anywhere else as well keeps its evidence.

    With ``lex`` (``RecallConfig.landmark_anchors``), only a phrase whose anchor (the
    noun it places) names a type here counts. Where the anchor names nothing memory
    holds ("the soap dish by the sink", no soap dish known), the landmark is the only
    place memory can offer for it, so it keeps its name evidence.

    ``place_type`` (``RecallConfig.defined_anchors``): whether a word names a type here
    as a place noun does (:func:`place_noun_type`: "cupboard", the cabinet's near
    synonym); an anchor no type's words name counts when it does ("into the cupboard
    under the sink": the sink only says which cupboard, as it says which cabinet). Only
    an anchor said before its phrase, as a preposition's is, or after it past a
    preposition, as a stacked phrase's container is ("under the sink in the cupboard"):
    a noun modifying the one right after it ("the drawer till I can": a till is a cash
    drawer) says nothing so."""
    at: Collection[int] = query.landmarks
    if lex is not None and at:
        anchors = {a for a in set(query.landmarks.values())
                   if _names_here(names, terms, query, a, lex)}
        if place_type is not None:
            anchors |= {a for k, a in query.landmarks.items()
                        if a != k + 1 and a not in anchors and a not in query.negated
                        and place_type(query.tokens[a])}
        at = {k for k, a in query.landmarks.items() if a in anchors}
    return _drop_said_only_at(names, terms, query, at)


def _names_here(names: dict[str, float], terms: dict[str, LabelTerms], query: QueryTerms,
                i: int, lex: Lexicon) -> bool:
    """Whether the noun at token index ``i`` names a type the text names (evidence above
    0): it is a word of that type's name, and it does not end, with the word before
    it, a compound WordNet knows as a thing that is no name of such a type ("soap
    dish": the dish sponge's "dish" names no soap dish)."""
    w = query.tokens[i]
    named = [terms[t] for t, m in names.items() if m]
    if i > 0:
        pair = (query.tokens[i - 1], w)
        if (pair[0] not in STOPWORDS and lex.is_thing("_".join(pair))
                and not any(pair in lt.full for lt in named)):
            return False
    return any(w in _said_words(lt) for lt in named)


def drop_regions(names: dict[str, float], terms: dict[str, LabelTerms],
                 query: QueryTerms) -> dict[str, float]:
    """Drop the name evidence of types said only as a region of another thing
    (``QueryTerms.regions``: "the spares are on top of the toilet" names the toilet, not
    the counter top)."""
    return _drop_said_only_at(names, terms, query, query.regions)


def _drop_said_only_at(names: dict[str, float], terms: dict[str, LabelTerms],
                       query: QueryTerms, at: Collection[int]) -> dict[str, float]:
    """``names`` with the evidence of every type whose words are said only at the token
    indices ``at`` set to nothing."""
    if not at:
        return names
    out = dict(names)
    for t, m in names.items():
        if not m:
            continue
        lt = terms[t]
        places: set[tuple[int, int]] = set()
        if m >= FULL:
            places = {(lo, hi) for lo, hi, _, _ in _spans(lt, query)}
        said = _said_words(lt) - STOPWORDS
        places |= {(i, i + 1) for i, w in enumerate(query.tokens) if w in said}
        if places and all(all(k in at for k in range(lo, hi))
                          for lo, hi in places):
            out[t] = 0.0
    return out


def sole_names(names: dict[str, float], terms: dict[str, LabelTerms],
               query: QueryTerms, most: int = 1,
               kinds: Callable[[LabelTerms], frozenset[str]] | None = None,
               plural_modifiers: bool = False) -> dict[str, float]:
    """Raise to FULL the types that a word names partly when that word names no type
    outright and at most ``most`` types partly: "wash your hands with the soap" names the
    soap bar and the soap bottle, the only things "soap" can mean here, as surely as "the
    soap bar" would. A word that fits more ("table": dining, coffee and side table) says
    the kind, not the thing, and stays partial. ``kinds``: a type's WordNet parents; with
    it, a word only its definition says is a rival claim when it is what the type is a
    kind of ("dish": a bowl is a dish), not a thing the definition merely mentions ("turn
    the light off": a window admits light, a mirror reflects it; neither is a light),
    unless the word is said as a verb ("light it").

    Said in the plural, a word asks for a kind ("do the dishes") and stays partial; with
    ``plural_modifiers`` (``RecallConfig.plural_modifiers``) only where it is a head of
    the type's names: a modifier said in the plural ("lights off", "the tissues") is
    what the type serves or holds, so the one type it partly names is the thing meant
    (the light switch, the tissue box), where the text names at most ``most`` other
    types outright (a sole name read here included): in a list of named things ("phone,
    tissues and book", "the hand towel on its holder and the lights off") the plural may
    still say the kind, and raising it would outrank a thing named for sure."""
    full_words: set[str] = set()
    for t, m in names.items():
        if m >= FULL:
            full_words |= {w for p in terms[t].full for w in p}
    own: dict[str, frozenset[str]] = {}
    by_word: dict[str, int] = {}
    verbs: set[str] | None = None  # read once, for the first definition's tie
    for t, m in names.items():
        if not m:
            continue
        lt = terms[t]
        # Any tie counts as a rival claim, a definition's word too ("dish": a bowl is "a
        # dish that is round", so "every dish" does not name the dish sponge); with
        # ``kinds`` only a definition's word the type is a kind of.
        tied = (lt.partial | lt.modifiers | lt.gloss | set(lt.words)) & query.token_set
        if kinds is not None and tied & lt.gloss:
            said = (lt.partial | lt.modifiers | set(lt.words)) & tied
            # Said as a verb ("light it") the word names no thing: the tie stays.
            if verbs is None:
                verbs = _verbs_said(query.tokens)
            tied = said | ((tied - said) & (kinds(lt) | verbs))
        for w in tied:
            by_word[w] = by_word.get(w, 0) + 1
        if m in (PARTIAL, MODIFIER):
            own[t] = (lt.partial | lt.modifiers) & query.token_set
    out = dict(names)
    lifted: list[str] = []
    for t, ws in own.items():
        if not ws or ws & full_words or any(by_word[w] > most for w in ws):
            continue
        if not ws & query.plural:
            out[t] = FULL
        elif plural_modifiers and not ws & (query.plural
                                            - (terms[t].modifiers - terms[t].partial)):
            lifted.append(t)
    # Named outright here: by the text's words or by the sole reading above.
    if lifted and sum(m >= FULL for m in out.values()) <= most:
        for t in lifted:
            out[t] = FULL
    return out


def type_kinds(lex: Lexicon, terms: LabelTerms) -> frozenset[str]:
    """What a type is a kind of, by WordNet (its name's parents, every physical sense): the
    words of its definition that rival it for a word (`sole_names`' ``kinds``)."""
    return lex.sense_parents("_".join(terms.words))


def _verbs_said(tokens: Sequence[str]) -> set[str]:
    """The words said only right before an object ("light it", "light the candle"):
    verbs there, whatever else they can be."""
    before: set[str] = set()
    elsewhere: set[str] = set()
    for t, after in zip(tokens, [*tokens[1:], ""], strict=True):
        (before if after in OBJECT_STARTS else elsewhere).add(t)
    return before - elsewhere


def _named_partly(names: dict[str, float], types: set[str]) -> dict[str, float]:
    """``names`` with each of ``types`` raised to a partial naming (never lowered)."""
    out = dict(names)
    for t in types:
        if out.get(t, 0.0) < PARTIAL:
            out[t] = PARTIAL
    return out
