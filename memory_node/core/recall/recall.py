"""Recall: an instruction -> the memory units that matter, ranked, plus a context block.

Three modes, so the benchmark can tell what each ingredient buys:

* `type_only` — KARMA's released code: embed only the object type name, return exactly
  one unit (the nearest), whatever k is and however weak the match.
* `unit_text` — cosine similarity between the instruction and the full unit description.
* `hybrid` (default) — that cosine plus exact matches of label, category, colour, size,
  state and place words (lemmatised), with a minimum score so that "nothing relevant" is
  an answer (an empty list) rather than the least-bad unit.
"""

from __future__ import annotations

import functools
import itertools
import logging
import re
import sqlite3
import threading
import time
from collections import ChainMap, Counter, OrderedDict, deque
from collections.abc import (
    Callable,
    Collection,
    Iterable,
    Iterator,
    Mapping,
    MutableMapping,
    Sequence,
)
from dataclasses import dataclass, replace
from itertools import compress, filterfalse
from operator import methodcaller
from typing import TypeVar, cast

import numpy as np

from memory_node.core.persistence.store import MemoryStore
from memory_node.core.recall import lexicon_answers, model_worker
from memory_node.core.recall.categories import type_key
from memory_node.core.recall.context import ContextBlock, SceneGraphSource, assemble_context
from memory_node.core.recall.describe import Describer, UnitDescription
from memory_node.core.recall.embedder import Embedder, EmbeddingCache
from memory_node.core.recall.embedding_store import EmbeddingStore
from memory_node.core.recall.implied import implied_types
from memory_node.core.recall.index import UnitIndex
from memory_node.core.recall.lexical import DETERMINERS, STATE_SYNONYMS, STOPWORDS, words
from memory_node.core.recall.lexicon import Lexicon, shared_lexicon
from memory_node.core.recall.model_worker import ModelJob
from memory_node.core.recall.name_index import NameIndex
from memory_node.core.recall.names import (
    FULL,
    PARTIAL,
    PLACE_WORDS,
    SOURCE_WORDS,
    LabelTerms,
    QueryTerms,
    TypeSet,
    asks_for_many,
    compound_parents,
    consume,
    described,
    drop_landmarks,
    drop_regions,
    drop_retracted,
    elided_heads,
    kin_heads,
    label_purposes,
    label_terms,
    name_match,
    part_wholes,
    place_noun_type,
    place_nouns,
    query_terms,
    size_shapes,
    sole_names,
    type_kinds,
    type_set,
    verb_holders,
    verb_tools,
)
from memory_node.core.recall.spelling import Speller, place_names, table_names
from memory_node.core.recall.terms_store import LabelTermsStore, lexicon_version
from memory_node.core.skills import SkillTable, load_skill_table
from memory_node.core.units import (
    RECALLED_IMPLIED,
    RECALLED_NAMED,
    RECALLED_RANKED,
    ObjectMemoryUnit,
)

FILL_POOL = 256  # a step's fill sorts at most this many of its best units (see _spare)
log = logging.getLogger(__name__)

_T = TypeVar("_T")

MODES = ("type_only", "unit_text", "hybrid")
MAX_INSTRUCTION_CHARS = 2000
MAX_K = 1000
MAX_TOKEN_BUDGET = 100_000
QUERY_CACHE_SIZE = 1024  # query vectors kept (1.5 KB each)
# How long a request waits for a background call (prefetch_queries) already embedding one
# of its texts before it embeds the text itself: a call is ~6 ms quietly, tens of ms under
# load; a call that has not ended by then is queued behind others, and waiting longer would
# cost the request more than its own call.
PREFETCH_WAIT_S = 0.1
# Background calls started ahead of requests and not yet ended, at most: beyond it
# prefetch_queries starts nothing (the worker's queue stays bounded whoever asks).
MAX_PREFETCH_CALLS = 8
# Sets of types present whose NameIndex is kept (or, seen once, that were seen), least
# recently used out: the keyed ranking's one set, beside the sets of a few steps' pools.
NAME_INDEXES = 16
# Lexical halves made ahead of their request (Recaller.prepare_lexical): a text's steps.
LEXICAL_AHEAD = 32
NO_EVIDENCE, NAME_EVIDENCE, FIXTURE_EVIDENCE = 0, 1, 2  # how a type is tied (_select)
FIXTURE_HIT = "needed by "  # a RankedUnit.matched entry: a fixture the instruction implies
TOOL_MARK = "tool:"  # _partly_named_by: the verb a tool is named by (never a word: ':')
_SIZE_WORDS = {"small": "small", "little": "small", "tiny": "small", "medium": "medium",
               "large": "large", "big": "large", "huge": "large"}


@dataclass(frozen=True)
class RecallConfig:
    mode: str = "hybrid"
    label_weight: float = 0.6        # the type named outright: the strongest evidence
    category_weight: float = 0.25    # "the food": a category is nearly as specific as a type
    attribute_weight: float = 0.1    # per matched colour/size/state word
    attribute_cap: int = 4
    place_weight: float = 0.05       # "the mug in the cabinet": weak, places are shared
    fixture_weight: float = 0.6      # a fixture the instruction's skill needs ("wash": sink)
    min_score: float = 0.5           # hybrid: below this a unit is not relevant, unless named
    step_fill_floor: float = 0.0     # per subtask: a step with something relevant but
                                     # fewer than k units fills its free slots with the
                                     # next units scoring at least this (one per type not
                                     # kept yet); at or above the mode's relevance
                                     # floor (min_score): off. The units it adds say
                                     # recalled_as "filled" (units.RECALLED_FILLED), so
                                     # the planner does not open a filled closed fridge
                                     # for "pick up the apple" (round 25, final; round 26)
    max_per_type: int = 1            # diversity: units of one type in the top-k, unless the
                                     # instruction asks for the type in the plural
    group_parts: bool = True         # diversity counts a part named after a whole (sink
                                     # basin) with the whole (sink) when WordNet says it is
                                     # part of it or the same kind (not a towel holder)
    named_first: bool = True         # units of a type named outright rank before the rest:
                                     # an implied fixture (its weight equals a name's) or a
                                     # close cosine never outranks what the instruction names
    use_lexicon: bool = True         # WordNet names/verbs (falls back to plain lemmas)
    warm_words: int = 2000           # SemCor's most tagged words looked up in WordNet at
                                     # start (~0.2 s, background), not in a first request
    lexicon_answers: bool = True     # set-up's table of the lexicon's answers for common
                                     # words and the known types, loaded after the preload
                                     # (lexicon_answers.py): a new word reads no WordNet
    purposes: bool = False           # a type made for what the instruction does ("flip"
                                     # -> spatula, "for turning") named partly; off: on the
                                     # held-out half it cost more than it found (README)
    household_senses: bool = True    # a type's names leave out a sense of its name that
                                     # WordNet files under another field ("(baseball) home
                                     # plate": "home", "base", "bag" name no plate;
                                     # names.label_terms, round 52)
    uses: bool = True                # a container named outright implies the skills it is
                                     # made for ("kettle": for boiling -> the stove)
    sole_names: bool = True          # a word naming one type only partly ("the soap", "the
                                     # tap"), and no type outright, names it outright
    gloss_kinds: bool = True         # ... and a type's WordNet definition rivals it for
                                     # the word only where the type is a kind of it ("every
                                     # dish": a bowl is a dish) or the word is a verb
                                     # before its object ("light it"), not where the
                                     # definition mentions it ("turn the light off": a
                                     # window admits light): the light switch
                                     # (names.sole_names, round 41)
    plural_modifiers: bool = True    # ... and a modifier said in the plural ("lights off",
                                     # "the tissues") does so too, where the plural of a
                                     # head ("the cabinets") asks for a kind
                                     # (names.sole_names, round 60)
    retractions: bool = True         # a thing said only where the speaker takes it back
                                     # ("not the cup", "a bar of - no, the liquid soap")
                                     # is not named (names.retracted)
    contrast_places: bool = True     # ... and so is a place contrasted away after a
                                     # pause ("by the sink, NOT in the cabinet", "- not on
                                     # the dresser"); not "it's not in the fridge"
    contrast_kinds: bool = True      # ... but a thing told apart from another of its kind
                                     # by "one" ("not the big pot, the small one", "not
                                     # the remote on the sofa, the one on the side table")
                                     # is wanted: its place is denied instead; and "no,
                                     # not the X" repairs nothing before it (round 37)
    repeated_denials: bool = True    # ... and so is the earlier mention of a denied
                                     # thing in its sentence ("put it in the bin - well,
                                     # not the bin, on the shelf": a repair repeats what
                                     # it repairs; names.retracted, round 49)
    verb_retractions: bool = True    # ... and so is what a verb of leaving alone with
                                     # a pronoun takes back after a repair marker ("the
                                     # pens into the drawer - no, leave them", "the vase
                                     # - on second thought keep it"); not "leave it on
                                     # the counter", nor "leave it, actually, no, put it
                                     # in the drawer" (names.retracted, round 50)
    editing_repairs: bool = True     # ... and so is the phrase an editing term alone
                                     # repairs ("into the drawer - sorry, onto the
                                     # shelf", "the console, I mean the side table");
                                     # not "- actually take the spoon out" (a verb
                                     # after it: a new request; names.retracted, r51)
    landmark_places: bool = True     # a thing said only in a phrase of nearness that
                                     # places another thing said ("the little table by
                                     # the sofa", "the pepper by the toaster") is not
                                     # named: it ranks on its other evidence, after
                                     # what is acted on and where it goes; not "put it
                                     # by the sink" (names.landmarks, round 27)
    landmark_anchors: bool = True    # ... but only where the noun the phrase places names
                                     # a type here: "the soap dish by the sink" with no
                                     # soap dish known keeps the sink (the only place
                                     # memory has for it; names.drop_landmarks, round 29)
    compound_modifiers: bool = True  # ... and so is a noun modifying the noun after it
                                     # ("the desk drawer", "the desk chair": which
                                     # drawer or chair), the same way (names.landmarks,
                                     # round 38)
    adverb_nouns: bool = True        # ... a thing's name WordNet also has as an adverb
                                     # ("the counter next to the toaster": "counter to")
                                     # is a noun after a determiner, and placed so too
    of_landmarks: bool = True        # ... and so is the phrase after "of" that says which
                                     # place of its kind ("in the drawer of the side
                                     # table", "the uppermost drawer of the dresser":
                                     # names.landmarks, round 39)
    vertical_landmarks: bool = True  # ... and so is a phrase after "under", "above",
                                     # "behind" ... that places a noun, the same way
                                     # ("into the cupboard under the sink": which
                                     # cupboard; names.landmarks, round 46)
    vertical_stacks: bool = True     # ... and so is such a phrase said right before "in",
                                     # "into", "inside" and a container's phrase ("under
                                     # the sink in the cabinet": which cabinet;
                                     # names.landmarks with stacked, round 60)
    defined_anchors: bool = True     # ... and a phrase's anchor counts as naming a type
                                     # here when it names one as a place noun does
                                     # ("the cupboard under the sink": the cabinet's near
                                     # synonym; names.place_noun_type, round 47)
    region_nouns: bool = True        # a noun that says a region of a thing ("on top of
                                     # the toilet", "on top the cooker") names no type
                                     # (the counter top): names.region_words, round 27
    antecedents: bool = True         # per subtask: a step whose object is only a pronoun
                                     # ("put it back", "switch it on") also recalls what
                                     # the step before it named (subtasks.py)
    antecedent_places: bool = True   # ... and when no earlier step names its object, what
                                     # the last step naming anything named ("take the stone
                                     # figure down from the shelf ... put it back": shelf)
    pronoun_objects: bool = True     # ... and so does a step with a pronoun right after a
                                     # preposition ("drop the pens in it", "S and P right
                                     # beside it") though it names its own object: a
                                     # clause's object is not its own place (subtasks.py)
    named_slots: bool = True         # ... but a step naming k types outright keeps its k
                                     # slots: "the watch that was under it on the armchair,
                                     # put that in the drawer" acts on what it names; its
                                     # pronoun's antecedent is in an earlier step's list
                                     # (subtasks._with_antecedents, round 59b)
    partitive_pronouns: bool = True  # ... but not a quantifier's "of" ("the cups, both of
                                     # them", "two of 'em"): a share of the step's own
                                     # things, no place (subtasks._partitive, round 42)
    scene_things: bool = True        # ... nor after two things said before it, a word of
                                     # a type's name here being a thing too ("the
                                     # microwave has soup in it": WordNet's first
                                     # microwave is a wave; subtasks, round 42)
    home_places: bool = True         # per subtask: a thing sent "home" / "where it
                                     # lives" goes where the text before the step said it
                                     # lives, belongs or goes ("the ladle and the spatula
                                     # live in the drawer ... put it where it lives":
                                     # subtasks.home_place, round 43)
    letter_names: bool = True        # per subtask: a letter the instruction defines
                                     # ("let R be the remote control", "the newspaper
                                     # N") stands for its phrase in a step ("move R to
                                     # the coffee table"; subtasks.defined_letters)
    cap_joins_shortest: bool = True  # per subtask: an instruction of more pieces than
                                     # subtasks.MAX_SUBTASKS joins its two neighbouring
                                     # pieces of fewest words, again, until the cap holds
                                     # (a heading, a count, a thank-you joins a neighbour);
                                     # off, every piece past the cap's last joined into one
                                     # (subtasks.split_subtasks, round 63)
    split_more_joints: bool = True   # ... the split also parts steps at a line break,
                                     # and at gapping whose places are "to", "by", ...
                                     # or an arrow, or whose second object is "X and Y"
                                     # ("the vase on the shelf, my card and pen in the
                                     # drawer"; subtasks.SPLIT_JOINTS, round 64),
                                     # dictated punctuation, bullets, run-ons, inline
                                     # numbers, emoji arrows, source gapping (round 65)
    pronoun_ends_object: bool = True  # ... what a step acts on ends at its pronoun:
                                     # "deliver them to the drawer" names no object, so
                                     # "them" is what the step before named (subtasks.py)
    subject_they: bool = True        # ... "they" whose verb goes to a place is what
                                     # the step moves: it ends what the step acts on
                                     # ("then they go home to the cupboard": they, not
                                     # the cupboard; subtasks.pronoun_object, round 52)
    plural_antecedents: bool = True  # ... "they" / "them" (no "it") stand for what the
                                     # step before named in the plural or in a list, first:
                                     # "bowls and plates get a bath, then they go home": not
                                     # the sink said alone (subtasks._number_agreed, round 52)
    antecedent_return: bool = True   # ... a pronoun put "back" stands for what the last
                                     # step took from somewhere, and that place ("grab the
                                     # wine out of the fridge, pour a cup, put it back")
    antecedent_to_place: bool = True  # ... an earlier step's object ends at "to the ..."
                                     # ("tote that big pot over to the sink ... set it
                                     # on the stove": the pot, not the sink; round 30b)
    antecedent_clauses: bool = True  # ... an earlier step whose first clause acts on
                                     # nothing here: its later clause's object ("proceed
                                     # to the table and collect the pen"; round 30b)
    antecedent_past_pronouns: bool = True  # ... but a later clause that acts on a thing it
                                     # names only by a pronoun names no antecedent of its
                                     # own ("break two eggs, and season them with salt and
                                     # pepper", "when they are set": the eggs, not the
                                     # salt; subtasks.refers_back, round 69)
    described_join: bool = True      # ... a step acting on a pronoun right after a piece
                                     # with no verb that names nothing here ("The heavy
                                     # stone figure. Put it beside the lamp") is also
                                     # ranked joined to that piece: what the joined words
                                     # add to its own ranking is its pronoun's antecedent
                                     # (subtasks.described_before; round 70)
    there_destination: bool = True   # ... a step that says where a thing goes only by
                                     # "there" ("carry it to the coffee table", "light
                                     # it and leave it there") also recalls the nearest
                                     # earlier step's destination (round 31)
    step_numbers: bool = True        # ... a step naming an earlier one by its number
                                     # ("fill the thing from step 1 at the tap", "the
                                     # vase: same place as 1", "from (iii)") recalls what
                                     # that step named, or where it put its thing
                                     # (subtasks.step_references, round 35)
    earlier_places: bool = True      # ... a step putting a thing "where the bowl was",
                                     # "where the paper was first", "where the bowl
                                     # started" recalls where the first earlier step
                                     # naming that thing took it from, and not the thing
                                     # (subtasks.earlier_place, round 39)
    demonstratives: bool = True      # ... a demonstrative or "one" standing alone ("put
                                     # that in the fridge", "the one lying on the bed goes
                                     # next to the dresser") refers back as "it" does
                                     # (subtasks.refers_back, round 36)
    alone_pronouns: bool = True      # ... "him", "her", "both", "all", "each" standing
                                     # alone as a verb's object refer back as "it" does
                                     # ("put him back on the bed", "take both to the
                                     # kitchen"; subtasks.refers_back, round 71)
    antecedent_nearest: bool = True  # ... the nearest earlier step that names its object
                                     # even partly ("the soap's in the tub": a soap bar
                                     # partly) before one further back that names it outright
    compound_parents: bool = True    # a compound said that WordNet does not know and whose
                                     # words name nothing here names partly the types
                                     # whose head is a parent of its head ("nightstand":
                                     # a stand, "a small table": the side table)
    elided_heads: bool = True        # a noun that is no word of any type here but the head
                                     # of a type's WordNet compound, a kind or a part of
                                     # it, names it partly ("a new roll": toilet roll;
                                     # "scrub the bowl": toilet bowl)
    part_wholes: bool = True         # a noun that is no word of any type here but, by
                                     # WordNet, a part of exactly one type here names it
                                     # partly ("bristles": the scrub brush)
    place_nouns: bool = True         # a place phrase's noun that WordNet's definitions
                                     # tie to one type here only names it partly ("in
                                     # the cupboard": cabinet, "resembling a cupboard")
    defined_places: bool = True      # ... and one defined by one type here, one way only
                                     # ("on the windowsill": the sill of a window) names
                                     # it partly (names.place_nouns, round 29)
    place_own_entry: bool = True     # ... a thing by its own first entry in WordNet too
                                     # ("on the cistern": its own entry is the toilet's
                                     # tank; Lexicon.headed_thing, round 32)
    source_place_nouns: bool = True  # ... and a noun after "from" / "off" is such a
                                     # place too: where a thing is taken from is where
                                     # it is ("off the cistern": the toilet; round 45)
    compound_place_kinds: bool = True  # ... and one whose WordNet kind one type's head
                                     # compounds ("sill": "windowsill") names that type
                                     # partly (names._compound_kind_types, round 46)
    root_nouns: bool = True          # a word that is no noun but made from one, by its
                                     # WordNet definition, says that noun ("shelve it":
                                     # "place on a shelf"; "salty": salt; round 33)
    verb_tools: bool = True          # a type whose name is a tool the instruction's
                                     # verbs are done with, by WordNet's kinds of the
                                     # verb ("wipe": "sponge", wipe with a sponge) is
                                     # named partly, as by its head; one tool per verb
    verb_holders: bool = True        # a container whose WordNet definition says it
                                     # holds what the instruction's verbs deal with
                                     # ("throw away": rubbish; "garbage can: a bin that
                                     # holds rubbish") is named partly
    holder_of_said: bool = True      # of the types a word names partly ("the holder":
                                     # hand towel holder, towel holder, toilet paper
                                     # hanger), those named after a thing the
                                     # instruction names, even partly ("the roll":
                                     # toilet paper), come first; the rest wait
    holder_of_named: bool = True     # of two types of one head partly named by a word
                                     # of a thing named outright ("a towel on the
                                     # rail"), the one named after that thing (towel
                                     # holder) first; the other (hand towel holder) waits
    absent_skills: bool = True       # a skill none of whose fixtures memory holds
                                     # ("not too hot" in a bathroom) leaves a named
                                     # thing's use to say what happens ("run the bath":
                                     # a bathtub, "that you fill with water": faucet)
    described_states: bool = True    # an adjective of a skill's state between a
                                     # determiner and a noun ("a clean towel", "the
                                     # warm water") says how the thing is and implies
                                     # no skill (implied.py)
    one_referent: bool = True        # a word said once names one thing: a type named
                                     # only partly by a word of its own name that an
                                     # already chosen type was named by ("the stove":
                                     # burner, not also its knob) waits behind the types
                                     # the instruction names or implies; not in plural
    general_waits: bool = True       # ... and a type the word names only as a more
                                     # general name ("table" for a desk, a kind of
                                     # table) waits behind the types it names by their
                                     # own word ("the bedside table": the side table)
    places_first: bool = True        # ... and of two types a word in a place phrase
                                     # names partly, one a skill's place fixture ("beside
                                     # the stove": the burner, not the knob), the other
                                     # waits
    source_places: bool = True       # ... a place a thing is moved from or off ("from
                                     # the stove", "off the hob") is a place phrase for
                                     # places_first too: the burner, not the knob
    plural_waits: bool = True        # a second unit of a type asked in the plural ("the
                                     # statues") waits behind the types the instruction
                                     # names or implies that have no unit yet: "the two
                                     # statues ... back on the shelf" keeps the shelf
    fixture_of_use: bool = True      # of a skill's fixture group none of whose types
                                     # is said, the usual fixture of what a named thing
                                     # is for comes first ("heat the pot": the burner,
                                     # not the microwave)
    everyday_names: bool = False     # a word the package's vocabulary of everyday names
                                     # (config/task_vocabulary.yaml) gives one type for
                                     # is also read as that type's name ("the settee":
                                     # the sofa). Off: per subtask +0.007-0.013 on five
                                     # tuning sets, but whole k=3/5 and MRA vague lost a
                                     # need each (bench/README_recall.md, round 20)
    scored_memo: int = 8             # rankings (every unit scored, before k) kept per
                                     # units version, by query text: the planner's step
                                     # request re-ranks the per-subtask request's steps
                                     # for its pool, a re-plan asks the same steps, "then
                                     # tidy up" ends many instructions. Same arrays, so
                                     # the same answers; 0 = off (bench/README_recall.md,
                                     # round 25)
    overlap_model: bool = True       # the query model's call runs on a worker thread while
                                     # the request reads the instruction's words (the
                                     # lexical half): the request waits for the longer of
                                     # the two, not their sum. Only for an embedder that
                                     # releases the GIL (`releases_gil`: onnxruntime's)
    kind_verbs: bool = True          # a verb asked whose main sense is done in a kind
                                     # a skill takes ("to soak": submerge in a liquid;
                                     # filling takes a liquid) implies that skill (the
                                     # faucet), as a noun of that kind does
    kind_verbs_act: bool = True      # ... and says what is done, as a skill's verb
                                     # does: a named thing's use adds nothing beside it
                                     # ("soak the pot": the faucet, not the stove)
    kind_participles: bool = True    # ... and so does its present participle ("best
                                     # soaking in the sink"), not its past one ("soaked")
    object_done_to: bool = True      # a text with a verb and no place, none of whose
                                     # words implies a skill, acts on what it names:
                                     # what you do to that thing says what happens ("run
                                     # me a bath": the bathtub, "that you fill with
                                     # water": the faucet), as absent_skills reads it
                                     # (round 76: decision auto +18 -0, per hand step
                                     # +24 -0; bench/README_recall.md)
    remark_opposites: bool = True    # a remark on how things are ("it's getting dark in
                                     # here") asks for the thing named by the opposite
                                     # (WordNet's antonym: light, the light switch;
                                     # round 76: decision auto +1 -0, whole +1 -0)
    made_drinks: bool = True         # a food or drink a verb asked acts on implies the
                                     # container here that shares its use ("make me a
                                     # coffee": coffee and the cup, both for drinking;
                                     # not "for the tea"; implied._made_foods; round 77:
                                     # decision auto +1 -0, bench/README_recall.md)
    carried_use: bool = True         # a step's pronoun lends it its antecedent's use:
                                     # a step whose own words imply no fixture ranks
                                     # the fixtures its carried thing's use implies,
                                     # as if it named the thing ("set it on the range",
                                     # it the pot: the stove burner; subtasks.
                                     # _lent_fixtures; round 78: decision auto +5 -0,
                                     # per hand step +1 -0; bench/README_recall.md)
    roles_before_landmarks: bool = True  # per subtask: a type a piece names only in a
                                     # phrase telling another noun by what is near,
                                     # above, below, before, behind or beside it ("the
                                     # rail by the shower", "the cabinet under the
                                     # sink", "the counter to the right of the sink"; not
                                     # "with" / "for") yields its slot, lowest first, to
                                     # a type the piece names elsewhere that ranked below
                                     # k: what it acts on, where it is and where it goes
                                     # first (subtasks._roles_first,
                                     # names.aside_phrases; round 81: decision auto
                                     # +2 -0, per hand step +10 -3; bench/README_recall.md)
    sibling_tools: bool = True       # a verb none of whose own tools (verb_tools) is
                                     # here is done with the tools of its siblings that
                                     # do what it does (WordNet: "scrub", clean with
                                     # hard rubbing; "sponge down", clean with a
                                     # sponge): "scrub the pan" names the sponge partly
    kin_heads: bool = True           # a type WordNet does not know whole is named partly by
                                     # the heads of its modifier's WordNet compounds that
                                     # do what its head does ("the rail": a towel rail
                                     # holds towels, so the towel holder; "the laundry
                                     # basket": the laundry hamper), as elided heads are
    size_shapes: bool = True         # a size said before a noun ("the big spoon") names
                                     # partly a type WordNet defines as shaped like that
                                     # noun ("ladle: a spoon-shaped vessel")
    regional_compounds: bool = True  # a British word inside a compound ("loo roll",
                                     # "bog roll") makes the compound its American name
                                     # makes ("toilet roll"), read through WordNet's
                                     # names of that compound (toilet paper) as the
                                     # speaker's own compound would be
    spelling: bool = True            # a word WordNet does not know, one slip from a known
                                     # object name, is read as that name ("frige")
    abbreviations: bool = True       # ... and one written without its vowels, as notes
                                     # and texts do ("rmt", "drwr", "dsk"), is read as the
                                     # one name word whose vowel-less form it is exactly
    transpositions: bool = True      # ... and one of three letters, as the one name word
                                     # of three letters it is a swap of neighbours of
                                     # ("the pna on the stove": pan; round 37)
    initialisms: bool = True         # ... and one standing alone that WordNet does not
                                     # know, as the one type name of several words whose
                                     # initials it is ("TP -> holder": toilet paper)
    clipped_names: bool = True       # ... and a place's last word that is a type name
                                     # word's first letters, a word of its own or not,
                                     # as that name word ("in the draw": drawer; "spray
                                     # -> cab": cabinet; spelling.Speller.clip, round 40)
    clock_times: bool = True         # a clock time ("@ 2130", "at 9pm") is left out of
                                     # the text ranked: it says when, not what (round 35)
    pictograph_words: bool = True    # a pictograph whose Unicode name is no thing reads as
                                     # its name's words ("\U0001F374" FORK AND KNIFE),
                                     # in Unicode's pictograph blocks only: an arrow or a
                                     # shape names a mark (names.symbol_names, round 35)
    described_words: int = 2         # a type the text does not name is named partly when
                                     # this many different words said (no word of any
                                     # type here) are words of its WordNet definition:
                                     # "the round deep thing we cook pasta in" (pot),
                                     # "the rubber thing on a stick" (plunger);
                                     # names.described, round 28. 0 = off
    described_spread: int = 2        # ... counting only words of at most this many types'
                                     # definitions here ("water", "handle" tell nothing)
    vectorised: bool = True          # the index scorer; False = the per-unit loop (reference)
    min_cosine: float = 0.3          # unit_text: same role, cosine only
    unit_share: float = 0.7          # of the token budget, when a scene graph is given

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"mode {self.mode!r} is not one of {', '.join(MODES)}")


@dataclass(frozen=True)
class RankedUnit:
    unit: ObjectMemoryUnit
    description: UnitDescription
    score: float
    cosine: float
    lexical: float
    matched: tuple[str, ...]  # the instruction words that hit this unit, for explanations
    named: bool = False       # the instruction names this unit's type outright (no floor)
    # Why an answer holds it (units.RECALLED_AS_VALUES): the scorer says named / implied /
    # ranked; a per-subtask step changes it to carried (its pronoun's antecedent) or
    # filled (a free slot below the floor). Answers carry it as the attribute RECALLED_AS.
    why: str = RECALLED_RANKED


@dataclass(frozen=True)
class RecallResult:
    units: list[RankedUnit]
    context: ContextBlock
    mode: str
    elapsed_s: float = 0.0
    candidates: int = 0

    @property
    def nothing_relevant(self) -> bool:
        return not self.units

    @property
    def token_count(self) -> int:
        return self.context.token_count


@dataclass
class _UnitEntry:
    unit: ObjectMemoryUnit   # the object described: the same object means the same text
    fingerprint: tuple
    description: UnitDescription
    label_words: list[str]
    attribute_words: frozenset[str]
    place_words: frozenset[str]
    row: int = -1            # its row in the Recaller's UnitIndex


# Type, area and receptacle names repeat across thousands of units: their words are
# computed once per name (a restart's index build called words() 30,000 times).
@functools.lru_cache(maxsize=8192)
def _name_words(name: str) -> tuple[str, ...]:
    return tuple(words(name))


@functools.lru_cache(maxsize=8192)
def _name_word_set(name: str) -> frozenset[str]:
    return frozenset(_name_words(name))


_IS_CATEGORY = methodcaller("startswith", "category:")  # an attribute word of a category


def _attribute_query(iset: set[str]) -> set[str]:
    """The instruction's words as the attribute index spells them."""
    out = set(iset)
    out.update("category:" + w for w in iset)
    out.update("state:" + STATE_SYNONYMS[w] for w in iset if w in STATE_SYNONYMS)
    out.update(_SIZE_WORDS[w] for w in iset if w in _SIZE_WORDS)
    return out


def _named_after(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """One name contains the other ("toilet paper" in "toilet paper hanger"), and they
    are not two kinds of one thing: "towel holder" in "hand towel holder" is the same
    head, so "the holder" said once is one of them, not both."""
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    n = len(short)
    if n == 0 or long_[-1] == short[-1]:
        return False
    return any(long_[i:i + n] == short for i in range(len(long_) - n + 1))


def _place_words(tokens: Sequence[str], variants: Sequence[Sequence[str]] = (),
                 origins: Sequence[Sequence[tuple[int, int]]] = (),
                 sources: bool = False) -> frozenset[str]:
    """Words of the noun phrases after a preposition of place ("beside the stove", "on
    the big hob"): up to the next function word that is no determiner; with a query's
    ``variants`` and their ``origins``, also the words read in place of those ("the
    hob": a cooking stove). ``sources``: a place something is moved from or off ("from
    the stove", "off the hob") is a place too."""
    opens = PLACE_WORDS | SOURCE_WORDS if sources else PLACE_WORDS
    at: set[int] = set()
    inside = False
    for i, t in enumerate(tokens):
        if t in opens:
            inside = True
        elif t in STOPWORDS and t not in DETERMINERS:
            inside = False
        elif inside and t not in DETERMINERS:
            at.add(i)
    out = {tokens[i] for i in at}
    for seq, origin in zip(variants, origins, strict=False):
        out.update(w for w, (lo, hi) in zip(seq, origin, strict=False)
                   if w not in STOPWORDS and at.issuperset(range(lo, hi)))
    return frozenset(out)


@dataclass(frozen=True)
class _Lexical:
    """The hybrid's lexical evidence, one entry per scored unit."""

    score: np.ndarray      # float64
    label: np.ndarray      # how directly the type (or the id) is named
    fixture: np.ndarray    # fixture weight where a skill of the instruction needs it
    named: np.ndarray      # bool: named outright, never cut by the floor
    attr_query: set[str]
    implied: dict[str, str]
    by_id: np.ndarray | None = None  # bool: named by its object id ("put Mug_3 ...")

    @staticmethod
    def empty(n: int) -> _Lexical:
        z = np.zeros(n, dtype=np.float64)
        return _Lexical(z, z, z, np.zeros(n, dtype=bool), set(), {})


class Scored:
    """Every unit of one request scored, as arrays; :meth:`ranked` makes result objects
    lazily, best first, so a top-k of 10,000 units builds a handful of them."""

    def __init__(self, recaller: Recaller | None, units: Sequence[ObjectMemoryUnit],
                 entries: Sequence[_UnitEntry], order: np.ndarray | None, total: np.ndarray,
                 cosine: np.ndarray, lexical: _Lexical,
                 ready: Sequence[RankedUnit] | None = None,
                 types: np.ndarray | None = None,
                 sort_keys: tuple[np.ndarray, ...] | None = None) -> None:
        self._recaller = recaller
        self.types = types  # each unit's type id in the index (vectorised scorer only)
        self.units = units
        self._entries = entries
        # With `sort_keys` (np.lexsort keys, last = primary) the full order is sorted only
        # when asked for: a top-k sorts just the few hundred units above the floor (a full
        # sort of 10,000 is ~1.3 ms of a request).
        self._order = order
        self._sort_keys = sort_keys
        self.total = total
        self.cosine = cosine
        self.lexical = lexical
        self._ready = ready

    @staticmethod
    def from_list(ranked: Sequence[RankedUnit]) -> Scored:
        n = len(ranked)
        total = np.array([r.score for r in ranked], dtype=np.float64)
        lex = _Lexical.empty(n)
        return Scored(None, [r.unit for r in ranked], [], np.arange(n), total,
                      np.array([r.cosine for r in ranked], dtype=np.float64), lex, ranked)

    @property
    def order(self) -> np.ndarray:
        if self._order is None:
            assert self._sort_keys is not None
            self._order = np.lexsort(self._sort_keys)
        return self._order

    def __len__(self) -> int:
        return len(self.total)

    def ranked(self, floor: float | None = None) -> Iterator[RankedUnit]:
        """Units best first; with ``floor``, only those at or above it or named outright."""
        if self._ready is not None:
            yield from (r for r in self._ready
                        if floor is None or r.score >= floor or r.named)
            return
        order = self.order if floor is None else self.candidate_array(floor)
        for i in order:
            yield self._make(int(i))

    def candidates(self, floor: float) -> Iterator[int]:
        """Indices of units at or above ``floor`` (or named outright), best first, without
        building result objects: diversity skips most of them (hundreds of units of the
        types an instruction names), and only the kept ones need a :class:`RankedUnit`."""
        return (int(i) for i in self.candidate_array(floor))

    def candidate_array(self, floor: float, per_type: int = 0) -> np.ndarray:
        """:meth:`candidates` as an array; with ``per_type``, only the first ``per_type``
        of each group of units the selection treats alike (one type, named or not, named by
        its id or not): at 10,000 units hundreds of one type clear the floor, and a top-k
        never takes more than k of one group, nor skips one unit of a group for a reason
        that would not skip the next."""
        assert self._ready is None
        if self._order is None and self._sort_keys is not None:
            keep = np.flatnonzero((self.total >= floor) | self.lexical.named)
            order = keep[np.lexsort(tuple(k[keep] for k in self._sort_keys))]
        else:
            order = self.order
            order = order[(self.total[order] >= floor) | self.lexical.named[order]]
        if per_type <= 0 or self.types is None or len(order) <= per_type:
            return order
        t = self.types[order].astype(np.int64) * 4 + self.lexical.named[order] * 2
        if self.lexical.by_id is not None:
            t += self.lexical.by_id[order]
        by_type = np.argsort(t, kind="stable")
        sorted_t = t[by_type]
        n = len(order)
        at = np.arange(n)
        # Each sorted place minus where its group starts (np.r_ and np.repeat did the
        # same at several times the cost on these few hundred rows).
        new = np.empty(n, dtype=bool)
        new[0] = True
        np.not_equal(sorted_t[1:], sorted_t[:-1], out=new[1:])
        place = np.empty(n, dtype=np.int64)
        place[by_type] = at - np.maximum.accumulate(np.where(new, at, 0))
        return order[place < per_type]

    def make(self, i: int) -> RankedUnit:
        return self._ready[i] if self._ready is not None else self._make(i)

    def _make(self, i: int) -> RankedUnit:
        assert self._recaller is not None
        e = self._entries[i]
        lex = self.lexical
        hits: list[str] = []
        if lex.label[i]:
            hits.append(" ".join(self._recaller.terms_for(e.description.type_name).words))
        if lex.fixture[i]:
            hits.append(FIXTURE_HIT + lex.implied[type_key(e.description.type_name)])
        attr = e.attribute_words & lex.attr_query
        hits.extend(sorted(a.split(":")[-1] for a in attr))
        why = (RECALLED_NAMED if lex.label[i] else RECALLED_IMPLIED if lex.fixture[i]
               else RECALLED_RANKED)
        return RankedUnit(self.units[i], e.description, float(self.total[i]),
                          float(self.cosine[i]), float(lex.score[i]), tuple(hits),
                          bool(lex.named[i]), why)


def check_instruction(instruction: object, what: str = "instruction") -> str:
    if not isinstance(instruction, str):
        raise ValueError(f"{what} must be a string, got {type(instruction).__name__}")  # noqa: TRY004 - callers map ValueError to a rejected request
    text = instruction.strip()
    if not text:
        raise ValueError(f"{what} is empty")
    if len(text) > MAX_INSTRUCTION_CHARS:
        raise ValueError(f"{what} is {len(text)} characters long "
                         f"(max {MAX_INSTRUCTION_CHARS})")
    return text


def _check_int_in(name: str, value: object, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be an integer, got {value!r}")  # noqa: TRY004 - callers map ValueError to a rejected request
    if not 1 <= value <= high:
        raise ValueError(f"{name} must be in [1, {high}], got {value}")
    return value


def check_k(k: object) -> int:
    return _check_int_in("k", k, MAX_K)


def check_budget(token_budget: object) -> int:
    return _check_int_in("token_budget", token_budget, MAX_TOKEN_BUDGET)


def _fingerprint(unit: ObjectMemoryUnit) -> tuple:
    # Everything `content` depends on; the JPEG by length and tail (see Describer.colour).
    return (unit.label, unit.state, unit.area_id, unit.receptacle_id, unit.relation,
            tuple(sorted(unit.attributes.items())), len(unit.image_jpeg),
            bytes(unit.image_jpeg[-256:]))


def _needs_model(slot: np.ndarray | tuple[ModelJob, int] | None) -> bool:
    """A text has no vector yet, nor a model call making it (or the call failed)."""
    return slot is None or (isinstance(slot, tuple) and slot[0].failed)


# A clock time, with the preposition or "@" that says it: "@ 2130", "at 9pm", "10:00",
# "until 18.30". It says when, not what: no name holds one, and its digits pull a short
# step's vector away from every thing ("Lights off @ 2130.": the light switch fell below
# the floor, "Lights off." alone finds it). Hours and minutes by their ranges, so "2 mugs",
# "a 500 ml bottle" and "flat 4B" stay.
CLOCK_TIME = re.compile(
    r"(?:@\s*|\b(?:at|by|until|till|before|after|from|to)\s+)?"
    r"(?:\b(?:[01]?\d|2[0-3])[:.h][0-5]\d\b|\b(?:[01]\d|2[0-3])[0-5]\d\b"
    r"|\b(?:1[0-2]|0?[1-9])(?:[:.][0-5]\d)?\s*(?:am|pm)\b)", re.IGNORECASE)


def without_clock_times(text: str) -> str:
    """``text`` less its clock times (:data:`CLOCK_TIME`); unchanged when it says none.
    What is left keeps its punctuation and line breaks ("Lights off @ 2130." -> "Lights
    off ."); a text that is only a time stays as it is (it must still be a request)."""
    out = CLOCK_TIME.sub("", text)
    return out if out.strip() else text


def _check_query_vectors(vectors: np.ndarray) -> None:
    if not np.isfinite(vectors).all():
        raise ValueError("the embedding model produced a non-finite query vector")


class PendingQueries:
    """Query vectors asked of :meth:`Recaller.start_queries`; ``result()`` waits for the
    model call if it still runs and raises what it raised."""

    def __init__(self, recaller: Recaller, texts: list[str],
                 slots: list[np.ndarray | tuple[ModelJob, int]]) -> None:
        self._recaller, self._texts, self._slots = recaller, texts, slots

    def result(self) -> list[np.ndarray]:
        return self._recaller._query_result(self._texts, self._slots)


# How long the lexicon's common words wait for a deferred preload at most: a preload that
# never ends (or never comes) must not keep them unwarmed for the process's life.
COMMON_WORDS_MAX_WAIT_S = 120.0


def _warm_lexicon(lexicon: Lexicon, verbs: Sequence[str], words: int,
                  after: threading.Event | None = None, answers: bool = True) -> None:
    if lexicon.warm():
        lexicon.warm_verbs(verbs)
        if after is not None:
            after.wait(COMMON_WORDS_MAX_WAIT_S)
        if answers:
            # Set-up's answers for common words and the known types (lexicon_answers.py):
            # read after the preload, as the common words are, not in the restart's path.
            lexicon_answers.attach(lexicon)
        lexicon.warm_words(lexicon.common_words(words))


class Recaller:
    """Ranks memory units for an instruction. One instance per memory server; it caches
    unit descriptions and embeddings, so pass the same object across calls.

    Callers that pass a ``units_key`` (the memory server: the short-term memory's
    version) promise units are values, replaced and never mutated in place, so nothing is
    compared per unit while the key stands; other callers get every unit's fields compared.
    """

    def __init__(self, embedder: Embedder, describer: Describer | None = None,
                 config: RecallConfig | None = None, *, lexicon: Lexicon | None = None,
                 skills: SkillTable | None = None,
                 embedding_store: EmbeddingStore | None = None,
                 terms_db: MemoryStore | None = None,
                 common_words_after_preload: bool = False) -> None:
        self.embedder = embedder
        self.describer = describer or Describer()
        self.config = config or RecallConfig()
        self.skills = skills if skills is not None else load_skill_table()
        self._preloaded = threading.Event()  # set by preload_done()
        if lexicon is None and self.config.use_lexicon:
            lexicon = shared_lexicon()
            # WordNet takes seconds to index: start now, so a server's first recall does not
            # pay it all (lookups wait for the load; results never depend on timing). The
            # skill verbs' closures too: every new verb of a request is checked against them.
            verbs = [s for s in self.skills.names if self.skills.fixtures_for(s)]
            # The common words (~0.4 s of CPU at start) speed up later requests only; with
            # `common_words_after_preload` they wait for :meth:`preload`, which every
            # recall waits for, instead of sharing the GIL with it (bench/README_recall.md,
            # round 44: a restart's first recall came ~0.4 s of CPU later).
            after = self._preloaded if common_words_after_preload else None
            threading.Thread(target=_warm_lexicon,
                             args=(lexicon, verbs, self.config.warm_words, after,
                                   self.config.lexicon_answers),
                             name="wordnet-load", daemon=True).start()
        self.lexicon = lexicon
        self.speller = Speller(lexicon, abbreviations=self.config.abbreviations,
                               names=table_names() if self.config.initialisms else None,
                               transposed=self.config.transpositions,
                               clipped=place_names() if self.config.clipped_names else None) \
            if self.config.spelling and lexicon is not None and self.config.use_lexicon \
            else None
        self._label_terms: dict[str, LabelTerms] = {}
        # Types' WordNet names persist in SQLite when a store is given (migration 6); the
        # table is opened on first use, once WordNet's availability (part of the key) is known.
        self._terms_db = terms_db
        self._terms_store: LabelTermsStore | None = None
        # Unit vectors persist in SQLite when a store is given (a restart loads, not embeds).
        self.unit_cache = EmbeddingCache(embedder, store=embedding_store)
        self.type_cache = EmbeddingCache(embedder)
        self._entries: dict[str, _UnitEntry] = {}
        # Text -> its vector, or (the model call computing it, its row) until a caller
        # takes the vector (start_queries).
        self._query_cache: OrderedDict[str, np.ndarray | tuple[ModelJob, int]] = OrderedDict()
        self.overlapped_calls = 0  # model calls run on the model worker (overlap_model)
        # Query texts asked, and how many of them the model had to embed (the rest were
        # cached, or already in a running call): how often a caller's queries repeat, which
        # decides how many requests pay the model's ~5-10 ms (/memory/stats).
        self.query_texts_asked = 0
        self.query_texts_embedded = 0
        # Texts embedded ahead of the request that asks them (prefetch_queries), on the
        # background worker, until a request takes their vectors into the query cache; how
        # many were started, and how many a request then found there ready.
        self._prefetching: OrderedDict[str, tuple[ModelJob, int]] = OrderedDict()
        # The background calls prefetch_queries started and that had not ended when last
        # looked at (at most MAX_PREFETCH_CALLS): what prefetch_calls_running counts, read
        # without walking the query cache (1,024 slots: ~0.1-0.2 ms per text sent ahead).
        self._background_calls: list[ModelJob] = []
        self.query_texts_prefetched = 0
        self.query_texts_prefetch_used = 0
        # Texts asked while their background call still ran (waited for, not embedded
        # again), and of those the ones whose call had not ended in PREFETCH_WAIT_S or
        # failed (embedded by the request after all).
        self.query_texts_prefetch_waited = 0
        self.query_texts_prefetch_late = 0
        self._unused_prefetched: set[str] = set()  # cached by prefetch, not asked since
        # Seconds of query-model calls that ran beside the caller's own work (overlap_model):
        # the memory server's stage times subtract them from the model's share.
        self.model_hidden_s = 0.0
        self.index = UnitIndex(embedder.dim)
        self._rows_cache: tuple[object, list[_UnitEntry], np.ndarray] | None = None
        # Entries built since start: a ranking without a units key (a step's few candidates)
        # keeps the keyed rows cache unless it rebuilt an entry that cache may hold.
        self._entry_builds = 0
        self._query_terms: dict[tuple[str, bool], QueryTerms] = {}
        # Keyed rankings of the current units version (scored), by text; each with the
        # entries list and config it read, held and compared by identity.
        self._scored_memo: OrderedDict[tuple, tuple[tuple[object, RecallConfig], Scored]] \
            = OrderedDict()
        self.scored_memo_hits = 0
        # The lexical half of a keyed ranking made ahead of its request (prepare_lexical:
        # the planner's text sent ahead), under the scored memo's key, with the entries
        # and config it read; taken once by the ranking that asks it (round 57).
        self._lexical_ahead: OrderedDict[tuple, tuple[tuple[object, RecallConfig], _Lexical]] \
            = OrderedDict()
        self.lexical_ahead_made = 0
        self.lexical_ahead_used = 0
        # The last instructions' splits (subtasks.subtask_queries): the text sent ahead is
        # split for its model call, then its request splits it again (round 57).
        self.split_memo: OrderedDict[tuple[str, str], tuple[tuple[object, bool], object]] \
            = OrderedDict()
        self._purposes: dict[str, frozenset[str]] = {}
        # What the name rules read across every type present (their words, heads and
        # definitions), for the last set of types (_read_names): per units version.
        self._type_set: TypeSet | None = None
        # The types present, indexed by the words that can name them (_name_index).
        self._name_indexes: OrderedDict[tuple[str, ...], NameIndex | None] = OrderedDict()
        self._place_words_memo: dict[tuple[int, bool], tuple[QueryTerms, frozenset[str]]] = {}
        self._places: tuple[frozenset[str], frozenset[str]] | None = None

    # -- descriptions -------------------------------------------------------------
    def entry(self, unit: ObjectMemoryUnit, labels: Mapping[str, str],
              area_names: Mapping[str, str] | None, *,
              trust_identity: bool = False) -> _UnitEntry:
        """The unit's description and index row, rebuilt only when the unit changed. With
        ``trust_identity`` the same object is taken as unchanged (units that are values,
        replaced and never mutated, as the short-term memory stores them); otherwise its
        fields are compared."""
        cached = self._entries.get(unit.object_id)
        if cached is not None and trust_identity and cached.unit is unit:
            return cached
        fp = _fingerprint(unit)
        if cached is not None and cached.fingerprint == fp:
            cached.unit = unit
            return cached
        self._entry_builds += 1
        d = self.describer.describe(unit, labels=labels, area_names=area_names)
        attribute_words = {"category:" + c for c in d.categories}
        attribute_words.update(w for w in (d.colour, d.size) if w)
        if d.state not in ("", "none"):
            attribute_words.add("state:" + d.state)
        e = _UnitEntry(unit, fp, d, list(_name_words(d.type_name)),
                       frozenset(attribute_words),
                       _name_word_set(d.area) | _name_word_set(d.receptacle))
        e.row = self.index.put(unit.object_id, d.type_name, d.content, e.attribute_words,
                               e.place_words)
        self._entries[unit.object_id] = e
        return e

    def _entries_for(self, units: Sequence[ObjectMemoryUnit],
                     labels: Mapping[str, str] | None,
                     area_names: Mapping[str, str] | None,
                     trust_identity: bool = False) -> list[_UnitEntry]:
        """Entries of ``units`` (see :meth:`entry`); the id -> label map (receptacle names
        in descriptions) is built only when some unit is new or changed."""
        cached = self._entries
        out: list[_UnitEntry] = []
        all_labels: dict[str, str] | None = None
        for u in units:
            e = cached.get(u.object_id)
            if e is not None and (e.unit is u if trust_identity
                                  else e.fingerprint == _fingerprint(u)):
                e.unit = u
                out.append(e)
                continue
            if all_labels is None:
                all_labels = {v.object_id: v.label for v in units}
                if labels:
                    all_labels.update(labels)
                # Stored crop colours in one query, not one JPEG decode per unit.
                self.describer.prefetch_colours(
                    [v for v in units if (c := cached.get(v.object_id)) is None
                     or c.unit is not v])
            out.append(self.entry(u, all_labels, area_names, trust_identity=trust_identity))
        if all_labels is not None:
            self.describer.flush_colours()
        return out

    def prepare(self, units: Sequence[ObjectMemoryUnit], max_units: int) -> int:
        """Describe and embed up to ``max_units`` of ``units`` that are new, changed or
        still without a vector (stored colours and vectors are read, not recomputed);
        returns how many. For a server's background slices after start-up."""
        todo: list[ObjectMemoryUnit] = []
        for u in units:
            e = self._entries.get(u.object_id)
            if e is None or e.unit is not u or self.index.needs_vector(e.row):
                todo.append(u)
                if len(todo) >= max_units:
                    break
        if todo:
            self._vectors(self._entries_for(todo, {u.object_id: u.label for u in units},
                                            None, trust_identity=True))
        return len(todo)

    def preload(self, units: Sequence[ObjectMemoryUnit], labels: Mapping[str, str] | None,
                units_key: object) -> int:
        """Build what a first ranking of ``units`` needs, as :meth:`scored` would under the
        same ``units_key``: entries and index rows, the stored vectors (nothing embedded:
        units without one are embedded by a ranking or :meth:`prepare`), every type's
        names, the id order. Returns how many units have a vector."""
        entries, rows = self._rows_for(units, labels, None, units_key)
        if not entries:
            return 0
        missing = np.flatnonzero(self.index.missing_vectors(rows))
        stale = list({e.row: e for e in (entries[int(i)] for i in missing)}.values())
        if stale:
            found = self.unit_cache.load_stored([(e.unit.object_id, e.description.content)
                                                 for e in stale])
            if found:
                order = sorted(found)
                self.index.set_vectors((stale[i].row for i in order),
                                       np.stack([found[i] for i in order]))
        self.prefetch_terms(self.index.type_names[t] for t in self.index.present_types(rows))
        lex = self._lexicon()
        if lex is not None and self.config.part_wholes:
            # Each type's hypernyms, which a part word said is checked against (is_whole).
            lex.warm_kinds(p for t in self.index.present_types(rows)
                           for ws in [self.terms_for(self.index.type_names[t]).words]
                           for p in (" ".join(ws), "".join(ws)))
        self.index.tie_rank(rows[:1])
        return len(entries) - int(self.index.missing_vectors(rows).sum())

    def preload_done(self) -> None:
        """The owner's preload has ended (or will not come): background start-up work
        that waited for it (the lexicon's common words) may start."""
        self._preloaded.set()

    def forget(self, object_id: str) -> None:
        """Drop what is cached about one object (it was evicted or removed)."""
        self._entries.pop(object_id, None)
        self.unit_cache.forget(object_id)
        self.index.remove(object_id)
        self._rows_cache = None  # its row may be reused

    def retain(self, object_ids: Collection[str]) -> int:
        """Forget every cached object not in `object_ids`; returns how many were dropped.

        Removals reach no listener, so the owner prunes against the live ids from time to
        time instead of letting the caches grow with every object ever seen.
        """
        stale = [oid for oid in self._entries if oid not in object_ids]
        for oid in stale:
            self.forget(oid)
        return len(stale)

    def cached_units(self) -> int:
        return len(self._entries)

    def describe(self, unit: ObjectMemoryUnit, now: float | None = None,
                 labels: Mapping[str, str] | None = None) -> UnitDescription:
        """Fresh description with the recency tail computed at `now`."""
        return self.describer.describe(unit, labels=labels, now=now)

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed_queries([text])[0]

    def embed_queries(self, texts: Sequence[str]) -> list[np.ndarray]:
        """Query vectors, cached by text (bounded LRU: a planner asks the same instruction
        and steps again and again); the uncached ones in one model call, since a model call
        has a fixed cost that several short texts (an instruction's steps) share."""
        return self.start_queries(texts).result()

    def start_queries(self, texts: Sequence[str]) -> PendingQueries:
        """What :meth:`embed_queries` does, but the model call (the uncached texts, in one
        call) runs on the model worker when ``overlap_model`` is on: the caller does its
        lexical work meanwhile and takes the vectors with ``.result()``. The cache is
        updated here, in the same order as an inline call, so later batches are the same
        either way (the packaged model's vectors do not depend on the batch; a model whose
        vectors did would still give the inline call's bytes)."""
        cache, pending = self._query_cache, self._prefetching
        if pending:
            self._take_prefetched()
        if self._unused_prefetched:
            used = self._unused_prefetched.intersection(texts)
            self.query_texts_prefetch_used += len(used)
            self._unused_prefetched -= used
        todo = []
        for t in dict.fromkeys(texts):
            if not _needs_model(cache.get(t)):
                continue
            running = pending.pop(t, None)
            if running is not None:
                # A background call is embedding it now (the planner's text sent ahead):
                # its vector is waited for (_query_result, at most PREFETCH_WAIT_S), not
                # asked of the model a second time.
                cache[t] = running
                self.query_texts_prefetch_waited += 1
                continue
            todo.append(t)
        self.query_texts_asked += len(texts)
        self.query_texts_embedded += len(todo)
        if todo:
            job = self._model_job(todo)
            for i, t in enumerate(todo):
                cache[t] = (job, i)
        slots = []
        for t in texts:
            cache.move_to_end(t)
            slots.append(cache[t])
        while len(cache) > QUERY_CACHE_SIZE:
            self._unused_prefetched.discard(cache.popitem(last=False)[0])
        return PendingQueries(self, list(texts), slots)

    def prefetch_queries(self, texts: Sequence[str]) -> int:
        """Embed those of ``texts`` that are neither cached nor being embedded, in one call
        on the background worker (model_worker.submit_background), so a later request
        that asks them pays no model call; returns how many were started, or -1 when
        MAX_PREFETCH_CALLS calls are still running (nothing started).

        Called with the recaller's caller's lock held, as start_queries is; the worker
        only computes: its vectors enter the query cache when a request asks for one of
        its texts (a request that asks while the call runs waits for it, at most
        PREFETCH_WAIT_S, then embeds the text itself).
        Only for an embedder that releases the GIL (``releases_gil``): another's call
        would hold the GIL, and so the requests, for its whole length."""
        if not getattr(self.embedder, "releases_gil", False):
            return 0
        cache, pending = self._query_cache, self._prefetching
        todo = [t for t in dict.fromkeys(texts) if _needs_model(cache.get(t))
                and t not in pending]
        if not todo:
            return 0
        if self.prefetch_calls_running() >= MAX_PREFETCH_CALLS:
            return -1
        # The method read at call time: it may be replaced (tests, benches).
        job = model_worker.submit_background(
            lambda ts: self.embedder.embed(ts, background=True), todo)
        self._background_calls.append(job)
        for i, t in enumerate(todo):
            pending[t] = (job, i)
        while len(pending) > QUERY_CACHE_SIZE:
            pending.popitem(last=False)
        self.query_texts_prefetched += len(todo)
        return len(todo)

    def prefetch_calls_running(self) -> int:
        """Background calls started by prefetch_queries that have not ended (those whose
        texts a request took are counted too, while they run)."""
        running = [j for j in self._background_calls if not (j.done or j.failed)]
        self._background_calls = running
        return len(running)

    def wait_for_prefetch(self, timeout: float | None = None) -> bool:
        """Wait until the background calls started so far have ended (tests, benches:
        a request never waits for them); False if ``timeout`` seconds passed first."""
        deadline = None if timeout is None else time.monotonic() + timeout
        for job in {id(j): j for j, _ in list(self._prefetching.values())}.values():
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            if not job.wait(left):
                return False
        return True

    def _take_prefetched(self) -> None:
        """Put the vectors of finished background calls into the query cache (in the order
        they were started, behind what requests used since); a failed call's texts are
        dropped (a request embeds them). Texts still being embedded stay pending."""
        cache, pending = self._query_cache, self._prefetching
        for t, (job, row) in list(pending.items()):
            if job.failed:
                del pending[t]
            elif job.done:
                del pending[t]
                if t in cache:
                    continue
                vectors = job.vectors()
                if not np.isfinite(vectors[row]).all():
                    continue  # as a failed call: the request that asks embeds it
                cache[t] = vectors[row]
                self._unused_prefetched.add(t)

    def _model_job(self, texts: list[str]) -> ModelJob:
        embedder = self.embedder
        if self.config.overlap_model and getattr(embedder, "releases_gil", False):
            self.overlapped_calls += 1
            # The method read at call time: it may be replaced (tests, benches).
            return model_worker.submit(lambda ts: self.embedder.embed(ts), texts)
        job = ModelJob(texts, vectors=embedder.embed(texts))
        _check_query_vectors(job.vectors())  # before caching, as ever
        return job

    def _query_result(self, texts: Sequence[str],
                      slots: Sequence[np.ndarray | tuple[ModelJob, int]]) -> list[np.ndarray]:
        cache = self._query_cache
        slots = self._settle_background(texts, slots)
        out = []
        for t, slot in zip(texts, slots, strict=True):
            if isinstance(slot, np.ndarray):
                out.append(slot)
                continue
            job, row = slot
            try:
                vectors = job.vectors()
                _check_query_vectors(vectors)
            except BaseException:
                # Nothing of a failed call stays cached: the next request asks again.
                for text in job.texts:
                    held = cache.get(text)
                    if isinstance(held, tuple) and held[0] is job:
                        del cache[text]
                raise
            self.model_hidden_s += job.take_hidden()
            v = vectors[row]
            if cache.get(t) is slot:
                cache[t] = v  # in place: the LRU order is the request's, not the worker's
            out.append(v)
        return out

    def _settle_background(self, texts: Sequence[str],
                           slots: Sequence[np.ndarray | tuple[ModelJob, int]]
                           ) -> list[np.ndarray | tuple[ModelJob, int]]:
        """The slots with every background call's vector in place: waited for together at
        most PREFETCH_WAIT_S; the texts of a call that failed, gave a non-finite vector or
        had not ended by then are embedded here, in one call (a background call never
        fails a request nor holds it longer than that)."""
        background = [i for i, s in enumerate(slots)
                      if isinstance(s, tuple) and s[0].background]
        if not background:
            return list(slots)
        out = list(slots)
        deadline = time.monotonic() + PREFETCH_WAIT_S
        late: list[int] = []
        for i in background:
            job, row = cast(tuple[ModelJob, int], slots[i])
            v = None
            if job.wait(max(0.0, deadline - time.monotonic())) and job.done:
                v = job.vectors()[row]
                if not np.isfinite(v).all():
                    v = None
            if v is None:
                late.append(i)
                continue
            out[i] = v
            if self._query_cache.get(texts[i]) is slots[i]:
                self.query_texts_prefetch_used += 1  # counted once: by the request taking it
                self._query_cache[texts[i]] = v
        if late:
            todo = list(dict.fromkeys(texts[i] for i in late))
            self.query_texts_prefetch_late += len(todo)
            self.query_texts_embedded += len(todo)
            vectors = self.embedder.embed(todo)
            _check_query_vectors(vectors)
            got = dict(zip(todo, vectors, strict=True))
            for i in late:
                out[i] = got[texts[i]]
                if self._query_cache.get(texts[i]) is slots[i]:
                    self._query_cache[texts[i]] = got[texts[i]]
        return out

    def _vectors(self, entries: Sequence[_UnitEntry], rows: np.ndarray | None = None) -> None:
        """Give every entry's row its vector (the store's, else embedded now)."""
        if rows is None:
            rows = np.fromiter((e.row for e in entries), dtype=np.int64, count=len(entries))
        if self.index.has_all_vectors(rows):
            return
        missing = np.flatnonzero(self.index.missing_vectors(rows))
        if not len(missing):
            return
        stale = list({e.row: e for e in (entries[int(i)] for i in missing)}.values())
        vecs = self.unit_cache.get_many([(e.unit.object_id, e.description.content)
                                         for e in stale])
        self.index.set_vectors((e.row for e in stale), vecs)

    # -- ranking --------------------------------------------------------------------
    def scored(
        self, instruction: str, units: Sequence[ObjectMemoryUnit], *, mode: str | None = None,
        labels: Mapping[str, str] | None = None, area_names: Mapping[str, str] | None = None,
        units_key: object = None,
    ) -> Scored:
        """Every unit scored, as arrays (see :class:`Scored`); no threshold, no k."""
        instruction = self.spelled(check_instruction(instruction))
        mode = mode or self.config.mode
        if mode not in MODES:
            raise ValueError(f"mode {mode!r} is not one of {', '.join(MODES)}")
        if not self.config.vectorised or mode == "type_only":
            return Scored.from_list(self._score_all_loop(instruction, units, mode=mode,
                                                         labels=labels,
                                                         area_names=area_names))
        entries, rows = self._rows_for(units, labels, area_names, units_key)
        # The model call first (on its worker with overlap_model), the lexical half while
        # it runs: the two do not depend on each other.
        pending = self.start_queries([instruction])
        n = len(entries)
        if n:
            self._vectors(entries, rows)
        # After the vectors: setting one bumps the index's version, part of the key.
        memo_key = self._memo_key(instruction, mode, units_key, n)
        if memo_key is not None:
            held = self._memo_get(memo_key, entries)
            if held is not None:
                # The query asked and taken as ever (the counters, the cache's order);
                # a text ranked in this version is cached: no model call.
                pending.result()
                self.scored_memo_hits += 1
                return held
        if mode == "hybrid" and n:
            lex = self._lexical_made(memo_key, entries) or self._lexical_arrays(instruction, rows)
        else:
            lex = _Lexical.empty(n)
        query = pending.result()[0]
        cosine = self.index.cosines(query, rows).astype(np.float64)
        total = cosine + lex.score
        if not n:
            return Scored(self, units, entries, rows, total, cosine, lex)
        keys: tuple[np.ndarray, ...] = (self.index.tie_rank(rows), -total)
        if self.config.named_first:
            keys = (*keys, ~lex.named)
        out = Scored(self, units, entries, None, total, cosine, lex,
                     types=self.index.types(rows), sort_keys=keys)
        if memo_key is not None:
            self._memo_put(memo_key, entries, out)
        return out

    def prepare_lexical(
        self, texts: Iterable[str], units: Sequence[ObjectMemoryUnit], *,
        labels: Mapping[str, str] | None = None, area_names: Mapping[str, str] | None = None,
        units_key: object = None,
    ) -> int:
        """Make now the lexical half of the hybrid ranking each of ``texts`` will ask over
        these ``units`` (a text sent ahead of its request: the words' WordNet reads and the
        name rules run while the planner waits for its view, not in the request). Kept
        under the scored memo's key with the entries and config it read (:meth:`scored`
        takes it only if all three are what the ranking reads then, so the answer is the
        one it would compute); nothing is made for a ranking that would not be memoised
        (no ``units_key``, ``scored_memo`` 0), for a text ranked already in this version,
        nor while a unit's vector is missing (embedding it is the request's: a model call
        is never made here). Returns how many were made."""
        mode = self.config.mode
        if mode != "hybrid" or not self.config.vectorised or units_key is None \
                or self.config.scored_memo <= 0:
            return 0
        entries, rows = self._rows_for(units, labels, area_names, units_key)
        n = len(entries)
        if not n or not self.index.has_all_vectors(rows):
            return 0
        made = self._lexical_ahead
        if made:
            held_entries, held_config = next(reversed(made.values()))[0]
            if held_entries is not entries or held_config is not self.config:
                made.clear()  # another units version: what is held can never be taken
        count = 0
        for text in texts:
            instruction = self.spelled(check_instruction(text))
            key = self._memo_key(instruction, mode, units_key, n)
            if key is None or key in made or key in self._scored_memo:
                continue
            made[key] = ((entries, self.config), self._lexical_arrays(instruction, rows))
            while len(made) > LEXICAL_AHEAD:
                made.popitem(last=False)
            count += 1
        self.lexical_ahead_made += count
        return count

    def _lexical_made(self, key: tuple | None, entries: Sequence[_UnitEntry]
                      ) -> _Lexical | None:
        """The lexical half :meth:`prepare_lexical` made for ``key`` over these very
        entries under this config (taken: it is used once), or None."""
        if key is None or not self._lexical_ahead:
            return None
        held = self._lexical_ahead.pop(key, None)
        if held is None or held[0][0] is not entries or held[0][1] is not self.config:
            return None
        self.lexical_ahead_used += 1
        return held[1]

    def _memo_key(self, instruction: str, mode: str, units_key: object, n: int
                  ) -> tuple | None:
        """The memo's key of a keyed ranking (None: not memoised): the text, the mode, how
        many units, the index's version (rows, vectors, ids) and whether WordNet answers.
        The entries the ranking read are held and compared by identity (_memo_get)."""
        if units_key is None or self.config.scored_memo <= 0 or not n:
            return None
        return (instruction, mode, n, self.index.version, self._lexicon() is not None)

    def _memo_get(self, key: tuple, entries: Sequence[_UnitEntry]) -> Scored | None:
        """The kept ranking of ``key`` if it read these very entries (the keyed rows
        cache's list, rebuilt whenever the units change) under this config."""
        held = self._scored_memo.get(key)
        if held is None or held[0][0] is not entries or held[0][1] is not self.config:
            return None
        self._scored_memo.move_to_end(key)
        return held[1]

    def _memo_put(self, key: tuple, entries: Sequence[_UnitEntry], scored: Scored) -> None:
        memo = self._scored_memo
        if memo:
            # One units version at a time: other entries make every kept ranking stale.
            (held_entries, held_config), _ = next(reversed(memo.values()))
            if held_entries is not entries or held_config is not self.config:
                memo.clear()
        memo[key] = ((entries, self.config), scored)
        memo.move_to_end(key)
        while len(memo) > self.config.scored_memo:
            memo.popitem(last=False)

    def _rows_for(self, units: Sequence[ObjectMemoryUnit], labels: Mapping[str, str] | None,
                  area_names: Mapping[str, str] | None, units_key: object
                  ) -> tuple[list[_UnitEntry], np.ndarray]:
        """Entries and index rows of ``units``; with a ``units_key`` (any value that changes
        whenever the unit set or a unit changes: the short-term memory's version), the
        last answer for the same key is reused without touching each unit."""
        key = (units_key, len(units))
        if units_key is not None and self._rows_cache is not None \
                and self._rows_cache[0] == key:
            return self._rows_cache[1], self._rows_cache[2]
        # A caller with a key reads units from the short-term memory (values, replaced on
        # change): the same object is the same unit. Without one, fields are compared.
        builds = self._entry_builds
        entries = self._entries_for(units, labels, area_names,
                                    trust_identity=units_key is not None)
        rows = np.fromiter((e.row for e in entries), dtype=np.int64, count=len(entries))
        if units_key is not None:
            self._rows_cache = (key, entries, rows)
        elif builds != self._entry_builds:
            # An entry rebuilt here may be one the keyed list holds (rows stay per id, the
            # entry object does not). Clearing it on every keyless call made each state-
            # conditioned step re-walk all 10,000 entries on the next keyed ranking.
            self._rows_cache = None
        return entries, rows

    def score_all(
        self, instruction: str, units: Sequence[ObjectMemoryUnit], *, mode: str | None = None,
        labels: Mapping[str, str] | None = None, area_names: Mapping[str, str] | None = None,
        units_key: object = None,
    ) -> list[RankedUnit]:
        """Every unit with its score, best first, no threshold and no k."""
        return list(self.scored(instruction, units, mode=mode, labels=labels,
                                area_names=area_names, units_key=units_key).ranked())

    def _lexical_arrays(self, instruction: str, rows: np.ndarray) -> _Lexical:
        """The hybrid's lexical evidence for every row, computed per type and per word."""
        cfg = self.config
        lex = self._lexicon()
        q = self.query(instruction)
        iset = set(words(instruction)) | q.token_set
        attr_query = _attribute_query(iset)
        types = self.index.types(rows)
        present = self.index.present_types(rows)
        by_type = np.zeros(len(self.index.type_names), dtype=np.float64)
        # type name -> how directly the instruction names it: with a set of types seen
        # before (the keyed ranking's, every step), read only for the types its words
        # reach; a set seen once (a step's few candidates) type by type, as building an
        # index would cost more than it saves. (_name_index makes their names ready.)
        type_names = self.index.type_names
        present_names = list(map(type_names.__getitem__, present.tolist()))
        index = self._name_index(present_names)
        if index is not None:
            names = self._read_names(index.names(q, self._purposes_for), q, index.terms)
        else:
            terms = {n: self.terms_for(n) for n in present_names}
            names = self._read_names({n: name_match(t, q, self._purposes_for(n, q))
                                      for n, t in terms.items()}, q, terms)
        by_type[present] = np.fromiter((names[n] for n in present_names), dtype=np.float64,
                                       count=len(present_names))
        named = list(compress(names, names.values()))  # the few named, picked in C
        implied = implied_types(instruction, self.skills, lex, names,
                                [type_key(t) for t in named],
                                self._used(names), self._things(names, q),
                                self._in_names(names, q), self.config.described_states,
                                self.config.absent_skills, self.config.fixture_of_use,
                                [type_key(t) for t in named if 0 < names[t] < PARTIAL],
                                self.config.kind_verbs, self.config.kind_verbs_act,
                                self.config.kind_participles, self.config.object_done_to,
                                self.config.remark_opposites, self.config.made_drinks)
        is_implied = np.zeros(len(by_type), dtype=bool)
        if implied:
            is_implied[present] = np.fromiter((type_key(n) in implied for n in present_names),
                                              dtype=bool, count=len(present_names))
        # Label and fixture depend on the row's type only (but for rows named by id,
        # below): each is computed once per type and gathered, not per row (round 37:
        # the per-row arithmetic over 10,000 rows was most of this function's own CPU).
        fixture_of_type = np.where((by_type < FULL) & is_implied, cfg.fixture_weight, 0.0)
        label = by_type[types]
        fixture = fixture_of_type[types]
        # The same sum, in the same order, as the per-unit scorer (_lexical_all): its
        # word terms are 0 on the rows no word reaches, where adding them changes nothing.
        score = (cfg.label_weight * by_type + fixture_of_type)[types]
        named_rows = self.index.rows_named_by_id(instruction)
        by_id = None
        if named_rows:
            by_id = np.isin(rows, np.fromiter(named_rows, dtype=np.int64))
            label[by_id] = FULL
            fixture[by_id] = 0.0
            score[by_id] = cfg.label_weight * FULL + 0.0
        # Each word's posting looked up once (rows_with, then word_counts thrice, looked
        # every word up twice): the rows any reaches, then the counts from the same arrays.
        unit_index = self.index
        cats = unit_index.postings(filter(_IS_CATEGORY, attr_query))
        others = unit_index.postings(filterfalse(_IS_CATEGORY, attr_query))
        at_places = unit_index.postings(iset, places=True)
        hit = unit_index.rows_hit([*cats, *others, *at_places])
        if hit is not None:
            at = np.flatnonzero(hit[rows])
            on = rows[at]
            score[at] = (cfg.label_weight * label[at]
                         + fixture[at]
                         + cfg.category_weight * np.minimum(1, unit_index.counts(cats)[on])
                         + cfg.attribute_weight * np.minimum(
                             cfg.attribute_cap, unit_index.counts(others)[on])
                         + cfg.place_weight * unit_index.counts(at_places)[on])
        return _Lexical(score, label, fixture, label >= FULL, attr_query, implied, by_id)

    def _score_all_loop(
        self, instruction: str, units: Sequence[ObjectMemoryUnit], *, mode: str,
        labels: Mapping[str, str] | None = None, area_names: Mapping[str, str] | None = None,
    ) -> list[RankedUnit]:
        """The per-unit scorer (before issue 11's index): kept for ``type_only`` and as the
        reference the vectorised scorer is benchmarked and tested against."""
        if not units:
            return []
        all_labels = {u.object_id: u.label for u in units}
        if labels:
            all_labels.update(labels)
        entries = [self._entry_by_fingerprint(u, all_labels, area_names) for u in units]
        query = self.embed_query(instruction)
        if mode == "type_only":
            vecs = self.type_cache.get_many([(u.label, e.description.type_name)
                                             for u, e in zip(units, entries, strict=True)])
        else:
            vecs = self.unit_cache.get_many([(u.object_id, e.description.content)
                                             for u, e in zip(units, entries, strict=True)])
        cosines = vecs @ query
        if mode != "hybrid":
            lexical: list[tuple[float, tuple[str, ...], bool, str]] = \
                [(0.0, (), False, RECALLED_RANKED)] * len(units)
        else:
            lexical = self._lexical_all(instruction, entries)
        ranked = [
            RankedUnit(u, e.description, float(c) + lx, float(c), lx, hits, named, why)
            for u, e, c, (lx, hits, named, why) in zip(units, entries, cosines, lexical,
                                                        strict=True)
        ]
        if self.config.named_first:
            ranked.sort(key=lambda r: (not r.named, -r.score, r.unit.object_id))
        else:
            ranked.sort(key=lambda r: (-r.score, r.unit.object_id))
        return ranked

    def _entry_by_fingerprint(self, unit: ObjectMemoryUnit, labels: Mapping[str, str],
                              area_names: Mapping[str, str] | None) -> _UnitEntry:
        # The old cost model: a fingerprint of every unit on every request.
        cached = self._entries.get(unit.object_id)
        if cached is not None and cached.fingerprint == _fingerprint(unit):
            return cached
        return self.entry(unit, labels, area_names)

    def _whole(self, type_name: str) -> str:
        """The type this one is a part of ("sink basin" -> "sink" when a "sink" type is
        known and WordNet says a basin is part of a sink or the same kind of thing), else
        itself; always itself with ``group_parts`` off or without WordNet. Named after a
        whole is not enough: a towel holder or a desk lamp is a thing of its own."""
        words_ = type_name.split()
        lex = self._lexicon() if self.config.group_parts and len(words_) > 1 else None
        if lex is not None:
            known = self.index.type_ids()
            for n in range(len(words_) - 1, 0, -1):
                prefix = " ".join(words_[:n])
                if prefix in known:
                    if lex.is_part_of(words_[-1], prefix):
                        return type_key(prefix)
                    break
        return type_key(type_name)

    def _used(self, names: Mapping[str, float]) -> list[str]:
        """Names of the types named outright, when their purposes imply skills
        (``RecallConfig.uses``): "put the kettle on" needs the stove."""
        if not self.config.uses:
            return []
        return [" ".join(self.terms_for(t).words) for t, m in names.items() if m >= FULL]

    def _in_names(self, names: Mapping[str, float], q: QueryTerms) -> frozenset[str]:
        """Words of the multi-word names the instruction says of types named outright
        ("frying" of "frying pan"): they name the thing, they are not actions."""
        out: set[str] = set()
        for t, m in names.items():
            if m >= FULL:
                out.update(w for p in self.terms_for(t).full
                           if len(p) > 1 and p in q.grams for w in p)
        return frozenset(out)

    def _things(self, names: Mapping[str, float], q: QueryTerms) -> frozenset[str]:
        """The instruction's words that name a type in memory, outright or partly: after a
        determiner such a word is the thing, not an action it can also mean."""
        out: set[str] = set()
        for t, m in names.items():
            if m:
                terms = self.terms_for(t)
                out |= (terms.heads | terms.partial | terms.modifiers | set(terms.words))
        return frozenset(out & q.token_set)

    def _purposes_for(self, type_name: str, q: QueryTerms) -> frozenset[str]:
        """What the type is for, read only when the instruction has verbs to compare
        (``RecallConfig.purposes`` on); memoised per type."""
        if not q.verbs:
            return frozenset()
        p = self._purposes.get(type_name)
        if p is None:
            if len(self._purposes) > 10_000:
                self._purposes.clear()
            p = self._purposes[type_name] = label_purposes(self.terms_for(type_name),
                                                           self._lexicon())
        return p

    def _lexicon(self) -> Lexicon | None:
        lex = self.lexicon
        return lex if lex is not None and self.config.use_lexicon and lex.available else None

    def _gloss_kinds(self, terms: LabelTerms) -> frozenset[str]:
        lex = self._lexicon()
        return type_kinds(lex, terms) if lex is not None else frozenset()

    def terms_for(self, type_name: str) -> LabelTerms:
        t = self._label_terms.get(type_name)
        if t is None:
            self.prefetch_terms([type_name])
            t = self._label_terms[type_name]
        return t

    def prefetch_terms(self, type_names: Iterable[str]) -> int:
        """Make the names of these types ready: the stored ones read in one query, the
        rest resolved in WordNet and stored in one transaction; returns how many were
        resolved. A failing store only costs the resolution."""
        missing = [t for t in dict.fromkeys(type_names) if t not in self._label_terms]
        if not missing:
            return 0
        if len(self._label_terms) + len(missing) > 10_000:
            self._label_terms.clear()
        lex = self._lexicon()
        store = self._label_store(lex)
        found: dict[str, LabelTerms] = {}
        if store is not None:
            try:
                found = store.load(missing)
            except sqlite3.Error as exc:
                log.warning("recall: stored type names unreadable (%s); resolving them", exc)
        new = [(t, label_terms(t, lex, self.config.household_senses)) for t in missing
               if t not in found]
        self._label_terms.update(found)
        self._label_terms.update(new)
        if store is not None and new:
            try:
                store.save(new)
            except sqlite3.Error as exc:
                log.warning("recall: cannot store type names (%s)", exc)
        return len(new)

    def _terms_version(self, lex: Lexicon | None) -> str:
        """What the stored type names were read with: the lexicon, and household_senses
        (names read with and without it differ, so they are kept apart)."""
        return lexicon_version(lex) + ("+household" if self.config.household_senses else "")

    def _label_store(self, lex: Lexicon | None) -> LabelTermsStore | None:
        if self._terms_db is None:
            return None
        lexicon_id = self._terms_version(lex)
        store = self._terms_store
        if store is None or not store.version.endswith(":" + lexicon_id):
            try:
                store = self._terms_store = LabelTermsStore(self._terms_db, lexicon_id)
            except sqlite3.Error as exc:
                log.warning("recall: type names cannot be stored (%s)", exc)
                self._terms_db = None
                return None
        return store

    def spelled(self, instruction: str) -> str:
        """The instruction with slips in object names corrected (see ``spelling.py``) and,
        with ``clock_times``, its clock times left out (:data:`CLOCK_TIME`); idempotent,
        so callers that pass a text on apply it again at no cost."""
        if self.config.clock_times:
            instruction = without_clock_times(instruction)
        if self.speller is None or self._lexicon() is None:
            return instruction
        return self.speller.correct(instruction)

    def query(self, instruction: str) -> QueryTerms:
        """The instruction's words in every form (memoised: ranking and selection both
        need them, and new words cost WordNet lookups)."""
        instruction = self.spelled(instruction)
        lex = self._lexicon()
        key = (instruction, lex is not None)
        q = self._query_terms.get(key)
        if q is None:
            if len(self._query_terms) > 256:
                self._query_terms.clear()
            q = self._query_terms[key] = query_terms(instruction, lex, self.config.purposes,
                                                               self.config.everyday_names,
                                                               self.config.sibling_tools,
                                                               self.config.regional_compounds,
                                                               self.config.contrast_places,
                                                               self.config.landmark_places,
                                                               self.config.region_nouns,
                                                               self.config.root_nouns,
                                                               self.config.pictograph_words,
                                                               self.config.contrast_kinds,
                                                               self.config.compound_modifiers,
                                                               self.config.adverb_nouns,
                                                               self.config.of_landmarks,
                                                               self.config.vertical_landmarks,
                                                               self.config.repeated_denials,
                                                               self.config.verb_retractions,
                                                               self.config.editing_repairs,
                                                               self.config.vertical_stacks)
        return q

    def names_in(self, text: str, type_names: Iterable[str]) -> dict[str, float]:
        """How directly ``text`` names each of these types (FULL, PARTIAL, ... or 0), as
        the hybrid's lexical half reads it, with the listed types as the only rivals for a
        word (``consume``, ``sole_names``). For a few types of a step's own top-k."""
        q = self.query(text)
        types = list(dict.fromkeys(type_names))
        self.prefetch_terms(types)
        names = {t: name_match(self.terms_for(t), q, self._purposes_for(t, q)) for t in types}
        return self._read_names(names, q)

    def _name_index(self, type_names: list[str]) -> NameIndex | None:
        """The :class:`NameIndex` of these types (in this order), kept while the same
        types are present with the same terms (round 26: the name rules were most of a
        new step's Python); None the first time a set is seen: it is built when the set
        comes again, so sets asked once (a step's candidates) never pay for one."""
        self.prefetch_terms(type_names)
        key = tuple(type_names)
        memo = self._name_indexes
        if key not in memo:
            memo[key] = None
            if len(memo) > NAME_INDEXES:
                memo.popitem(last=False)
            return None
        memo.move_to_end(key)
        held = memo[key]
        if held is None or not held.same_terms(self._label_terms):
            held = memo[key] = NameIndex({n: self.terms_for(n) for n in type_names})
        return held

    def _place_words_of(self, q: QueryTerms, sources: bool) -> frozenset[str]:
        """:func:`_place_words` of a query's terms, memoised per terms object (the name
        rules and the selection both read it, per step)."""
        key = (id(q), sources)
        held = self._place_words_memo.get(key)
        if held is not None and held[0] is q:
            return held[1]
        if len(self._place_words_memo) > 512:
            self._place_words_memo.clear()
        out = _place_words(q.tokens, q.variants, q.origins, sources)
        # The terms object is held with its words, so its id is not reused meanwhile.
        self._place_words_memo[key] = (q, out)
        return out

    def _read_names(self, names: dict[str, float], q: QueryTerms,
                    terms: Mapping[str, LabelTerms] | None = None) -> dict[str, float]:
        """The name rules, in order, over each type's direct match: a word names one
        type (consume), taken-back phrases, sole and compound names, elided heads, parts
        for wholes, place nouns, a verb's tools. One chain for every caller, so ranking,
        selection and a step's own top-k read a text alike. ``terms``: the types' terms
        when the caller holds them (a type not in it is looked up)."""
        cfg = self.config
        if terms is None:
            terms = {n: self.terms_for(n) for n in names}
        # Each rule gets a dict of its own, as ever (LabelTerms are always truthy, so
        # ``or`` only looks up a type the caller's terms lack).
        got = terms.get

        order = tuple(terms)

        def of(named_only: bool) -> dict[str, LabelTerms]:
            if not named_only and tuple(names) == order:
                return dict(terms)  # the same keys in the same order: a copy in C
            # The named types picked in C (few of the hundreds present are named).
            picked = compress(names, names.values()) if named_only else names
            return {n: got(n) or self.terms_for(n) for n in picked}

        # What the rules read across every type present, kept while the set is the same
        # (each rule still gets a dict of its own).
        types = self._type_set = type_set(of(False), self._type_set)
        names = consume(names, of(True), q)
        if cfg.retractions:
            names = drop_retracted(names, of(True), q)
        if cfg.landmark_places:
            lex = self._lexicon() if cfg.landmark_anchors else None
            place_type: Callable[[str], bool] | None = None
            # Made only for a text with a landmark (most have none: no cost per request).
            if q.landmarks and lex is not None and cfg.defined_anchors and cfg.place_nouns \
                    and lex.available:
                def place_type(word: str, lex: Lexicon = lex) -> bool:
                    # Every type present: the type set's own terms (of(False) at the start).
                    return place_noun_type(word, types.terms, types, lex,
                                           cfg.defined_places, cfg.place_own_entry,
                                           True, cfg.compound_place_kinds) is not None
            names = drop_landmarks(names, of(True), q, lex, place_type)
        if cfg.region_nouns:
            names = drop_regions(names, of(True), q)
        if cfg.sole_names:
            names = sole_names(names, of(True), q,
                               kinds=self._gloss_kinds if cfg.gloss_kinds else None,
                               plural_modifiers=cfg.plural_modifiers)
        if cfg.compound_parents and q.compounds:
            names = compound_parents(names, of(False), q, self._lexicon())
        if cfg.elided_heads:
            names = elided_heads(names, of(False), q, types)
        if cfg.kin_heads:
            names = kin_heads(names, of(False), q, types)
        if cfg.size_shapes:
            names = size_shapes(names, of(False), q, self._lexicon())
        if cfg.part_wholes:
            names = part_wholes(names, of(False), q, self._lexicon(), types)
        if cfg.place_nouns:
            names = place_nouns(names, of(False), q, self._lexicon(),
                                lambda: self._place_words_of(q, cfg.source_place_nouns),
                                cfg.defined_places,
                                types, cfg.place_own_entry,
                                cfg.compound_place_kinds)
        if cfg.verb_tools and (q.tools or q.sibling_tools):
            names = verb_tools(names, of(False), q)
        if cfg.verb_holders:
            names = verb_holders(names, of(False), q, self._lexicon(), types)
        if cfg.described_words:
            names = described(names, of(False), q, self._lexicon(), cfg.described_words,
                              cfg.described_spread, types)
        return names

    def _lexical_all(self, instruction: str, entries: Sequence[_UnitEntry]
                     ) -> list[tuple[float, tuple[str, ...], bool, str]]:
        cfg = self.config
        lex = self._lexicon()
        q = query_terms(instruction, lex, cfg.purposes, cfg.everyday_names,
                        cfg.sibling_tools, cfg.regional_compounds, cfg.contrast_places,
                        cfg.landmark_places, cfg.region_nouns, cfg.root_nouns,
                        cfg.pictograph_words, cfg.contrast_kinds,
                        cfg.compound_modifiers, cfg.adverb_nouns, cfg.of_landmarks,
                        cfg.vertical_landmarks, cfg.repeated_denials,
                        cfg.verb_retractions, cfg.editing_repairs, cfg.vertical_stacks)
        iw = words(instruction)
        iset = set(iw) | q.token_set
        attr_query = _attribute_query(iset)
        lowered = instruction.lower()
        names: dict[str, float] = {}  # type name -> how directly the instruction names it
        self.prefetch_terms(e.description.type_name for e in entries)
        for e in entries:
            t = e.description.type_name
            if t not in names:
                names[t] = name_match(self.terms_for(t), q, self._purposes_for(t, q))
        names = self._read_names(names, q)
        named = list(compress(names, names.values()))  # the few named, picked in C
        implied = implied_types(instruction, self.skills, lex, names,
                                [type_key(t) for t in named],
                                self._used(names), self._things(names, q),
                                self._in_names(names, q), self.config.described_states,
                                self.config.absent_skills, self.config.fixture_of_use,
                                [type_key(t) for t in named if 0 < names[t] < PARTIAL],
                                self.config.kind_verbs, self.config.kind_verbs_act,
                                self.config.kind_participles, self.config.object_done_to,
                                self.config.remark_opposites, self.config.made_drinks)
        out = []
        for e in entries:
            hits: list[str] = []
            terms = self.terms_for(e.description.type_name)
            if e.description.object_id.lower() in lowered:
                label = FULL
            else:
                label = names[e.description.type_name]
            if label:
                hits.append(" ".join(terms.words))
            fixture = 0.0
            if label < FULL and type_key(e.description.type_name) in implied:
                fixture = cfg.fixture_weight
                hits.append(FIXTURE_HIT + implied[type_key(e.description.type_name)])
            attr = e.attribute_words & attr_query
            hits.extend(sorted(a.split(":")[-1] for a in attr))
            categories = sum(a.startswith("category:") for a in attr)
            place = e.place_words & iset
            score = (cfg.label_weight * label
                     + fixture
                     + cfg.category_weight * min(1, categories)
                     + cfg.attribute_weight * min(cfg.attribute_cap, len(attr) - categories)
                     + cfg.place_weight * len(place))
            why = (RECALLED_NAMED if label else RECALLED_IMPLIED if fixture
                   else RECALLED_RANKED)
            out.append((score, tuple(hits), label >= FULL, why))
        return out

    def rank(
        self, instruction: str, units: Sequence[ObjectMemoryUnit], k: int, *,
        mode: str | None = None, labels: Mapping[str, str] | None = None,
        area_names: Mapping[str, str] | None = None, units_key: object = None,
    ) -> list[RankedUnit]:
        """Top-k relevant units (may be empty in hybrid and unit_text modes)."""
        return self.rank_filled(instruction, units, k, mode=mode, labels=labels,
                                area_names=area_names, units_key=units_key)[0]

    def rank_filled(
        self, instruction: str, units: Sequence[ObjectMemoryUnit], k: int, *,
        mode: str | None = None, labels: Mapping[str, str] | None = None,
        area_names: Mapping[str, str] | None = None, units_key: object = None,
        fill_floor: float | None = None,
    ) -> tuple[list[RankedUnit], list[RankedUnit]]:
        """``rank``'s top-k, and, with ``fill_floor``, what would fill its free slots
        when it is not empty but short of k: the next units scoring at least that, one
        per type not kept yet, best first, up to 2k of them (a caller that adds units of
        its own still finds enough); see ``step_fill_floor``. One scoring for both."""
        k = check_k(k)
        mode = mode or self.config.mode
        scored = self.scored(instruction, units, mode=mode, labels=labels,
                             area_names=area_names, units_key=units_key)
        if mode == "type_only":
            return list(itertools.islice(scored.ranked(), 1)), []
        floor = self.config.min_score if mode == "hybrid" else self.config.min_cosine
        if scored._ready is not None:  # the per-unit scorer: result objects already built
            top = self.select(instruction, scored.ranked(floor), k, floor)
            return top, self._spare(scored, top, k, floor, fill_floor)
        entries, units, lex = scored._entries, scored.units, scored.lexical
        cand = scored.candidate_array(floor, per_type=k)
        rows = cand.tolist()
        # Each candidate's score, flag and evidence as Python values, read from the arrays
        # in one go: the selection reads them item by item, and a numpy scalar per read
        # was most of the cost of its loops.
        level = dict(zip(rows, np.where(
            lex.fixture[cand] != 0, FIXTURE_EVIDENCE,
            np.where(lex.label[cand] != 0, NAME_EVIDENCE, NO_EVIDENCE)).tolist(), strict=True))
        picked = self._select(
            instruction,
            ((i, units[i].object_id, units[i].label, entries[i].description.type_name,
              score, named)
             for i, score, named in zip(rows, scored.total[cand].tolist(),
                                        lex.named[cand].tolist(), strict=True)),
            k, floor, evidence=level.__getitem__)
        top = [scored.make(i) for i in picked]
        return top, self._spare(scored, top, k, floor, fill_floor)

    @staticmethod
    def _spare(scored: Scored, picked: list[RankedUnit], k: int, floor: float,
               fill_floor: float | None) -> list[RankedUnit]:
        """The units that would fill ``picked``'s free slots, from the same scores: the
        next at or above ``fill_floor``, one per type not kept yet, at most 2k. None for
        an empty answer (the request is about nothing here), a full one, or no
        ``fill_floor`` below the relevance floor."""
        if fill_floor is None or fill_floor >= floor or not 0 < len(picked) < k:
            return []
        kept_types = {r.unit.label for r in picked}
        # The first candidate of each label not kept, best first: a picked unit's own
        # label is kept, so no picked unit comes back. Judged on the labels alone, read
        # in C: at 10,000 units nearly all of the pool is more of a type already kept
        # (hundreds of cabinets), and a Python test per candidate was most of this.
        cands = list(Recaller._fill_candidates(scored, fill_floor))
        units = scored.units
        labels = [units[i].label for i in cands]
        # Label -> its first place: the pairs go in from the last, so the first stays.
        first = dict(zip(reversed(labels), range(len(labels) - 1, -1, -1), strict=True))
        places = sorted(p for label, p in first.items() if label not in kept_types)
        return [scored.make(cands[p]) for p in places[:2 * k]]

    @staticmethod
    def _fill_candidates(scored: Scored, fill_floor: float) -> Iterator[int]:
        """Indices (for ``scored.make``) of the units at or above ``fill_floor``, best
        first, for a fill. At 10,000 units a low floor keeps nearly all of them, and
        sorting them all cost ~1.5 ms per short step: only the ``FILL_POOL`` best by score
        are sorted (a fill takes a few)."""
        if scored._ready is not None:
            yield from (i for i, r in enumerate(scored._ready)
                        if r.score >= fill_floor or r.named)
            return
        keys = scored._sort_keys
        if keys is None or len(scored.total) <= FILL_POOL:
            yield from scored.candidate_array(fill_floor).tolist()
            return
        best = np.argpartition(-scored.total, FILL_POOL)[:FILL_POOL]
        best = best[scored.total[best] >= fill_floor]
        yield from best[np.lexsort(tuple(k[best] for k in keys))].tolist()

    def top(self, instruction: str, units: Sequence[ObjectMemoryUnit], n: int,
            floor: float, units_key: object = None) -> list[RankedUnit]:
        """The best ``n`` units scoring at least ``floor`` (or named), no diversity."""
        return list(itertools.islice(
            self.scored(instruction, units, units_key=units_key).ranked(floor), n))

    def select(self, instruction: str, ranked: Iterable[RankedUnit], k: int,
               floor: float) -> list[RankedUnit]:
        """Top-k of ``ranked`` above ``floor`` (an object named outright is never cut), at
        most ``max_per_type`` units of one type unless the type is asked in the plural."""
        items = ((r, r.unit.object_id, r.unit.label, r.description.type_name, r.score,
                  r.named) for r in ranked)
        return self._select(instruction, items, k, floor, evidence=self._evidence)

    def _evidence(self, r: RankedUnit) -> int:
        """:meth:`_select`'s ``evidence`` of a result object (the per-unit scorer's)."""
        if any(m.startswith(FIXTURE_HIT) for m in r.matched):
            return FIXTURE_EVIDENCE
        said = " ".join(self.terms_for(r.description.type_name).words)
        return NAME_EVIDENCE if r.matched[:1] == (said,) else NO_EVIDENCE

    def _partly_named_by(self, type_name: str, q: QueryTerms) -> frozenset[str]:
        """The instruction's words that name this type partly by a word of its own name
        (its head or modifier): "stove" for the stove burner and for the stove knob, not
        a more general name ("cutlery": a kind, which may be several things)."""
        terms = self.terms_for(type_name)
        said = (terms.partial | terms.modifiers) & q.token_set & set(terms.words)
        if self.config.verb_tools and (q.tool_verbs or q.sibling_tools):
            # A verb said once is done with one tool: "wipe" names the sponge or the
            # towel, not both (a mark per verb, never an instruction's word).
            names = terms.partial | terms.heads
            said |= {TOOL_MARK + verb for tool, verb in q.tool_verbs | q.sibling_tools
                     if tool in names}
        return frozenset(said)

    def _place_fixtures(self) -> tuple[frozenset[str], frozenset[str]]:
        """Type keys of the fixtures skills work at (the skill table's place fixtures:
        sink, stove burner, microwave, fridge, ...), where things are put, and the words
        of their names."""
        if self._places is None:
            labels = {t for s in self.skills.names for t in self.skills[s].place_fixtures}
            self._places = (frozenset(type_key(t) for t in labels),
                            frozenset(w for t in labels for w in _name_words(t)))
        return self._places

    def _generally_named_by(self, type_name: str, q: QueryTerms) -> frozenset[str]:
        """The instruction's words that name this type partly only as a more general name
        or another name of a kind of it ("table" for a desk: WordNet's desk is a kind of
        table), not as a word of its own name."""
        terms = self.terms_for(type_name)
        return frozenset((terms.partial & q.token_set) - set(terms.words))

    def _select(self, instruction: str,
                items: Iterable[tuple[_T, str, str, str, float, bool]], k: int,
                floor: float, evidence: Callable[[_T], int] | None = None) -> list[_T]:
        """:meth:`select` over (payload, object id, label, type name, score, named)
        tuples; returns the kept payloads. Type keys are computed once per label and type
        name: at 10,000 units hundreds of same-type candidates are skipped per request.
        ``evidence``: how the instruction ties a payload's type (``NO_EVIDENCE``,
        ``NAME_EVIDENCE``: named, if only partly, ``FIXTURE_EVIDENCE``: a fixture it
        implies), for ``one_referent``."""
        cap = self.config.max_per_type
        q = self.query(instruction) if cap > 0 else None
        if q is not None and self.config.one_referent and evidence is not None:
            return self._select_one_referent(instruction, items, k, floor, evidence, q)
        return self._select_pass(instruction, items, k, floor, q, evidence=evidence)

    def _select_one_referent(self, instruction: str,
                             items: Iterable[tuple[_T, str, str, str, float, bool]],
                             k: int, floor: float, evidence: Callable[[_T], int],
                             q: QueryTerms) -> list[_T]:
        """:meth:`_select` where a word said once (not in the plural) names one thing: a
        type whose only name evidence is partial waits when as many chosen types were
        partly named by its words as those words are said. It waits behind the
        candidates the instruction names or implies, not behind those it does not (a
        cosine alone): "the liquid soap" still gets the soap bottle at k=5."""
        # The partial-name words and the name of each chosen type.
        chosen: list[tuple[frozenset[str], tuple[str, ...]]] = []
        named_chosen: set[tuple[str, ...]] = set()  # names of the chosen types named outright
        said = Counter(q.tokens)
        words_of: dict[str, frozenset[str]] = {}
        general_of: dict[str, frozenset[str]] = {}
        places = (self._place_words_of(q, self.config.source_places)
                  if self.config.places_first
                  else frozenset())
        at, fixture_words = self._place_fixtures()
        if not places & fixture_words:
            # No place fixture can be named by the place phrase ("on the table"): the
            # rule cannot apply, and every candidate need not be read for it.
            places = frozenset()
        # Candidates are read one by one (a top-k of 10,000 units stops after a few); only
        # a type that may wait for another (general_waits, places_first) needs to know
        # every candidate type, and only then is the rest read.
        source = iter(items)
        rest: deque[tuple[_T, str, str, str, float, bool]] = deque()
        seen: set[str] = set()
        owned: list[dict[str, set[str]]] = []
        evidence_of: dict[str, int] = {}  # type -> its strongest tie to the instruction
        label_of: dict[str, str] = {}
        said_of: list[tuple[dict[str, set[str]], frozenset[tuple[str, ...]]]] = []

        def owners() -> dict[str, set[str]]:
            """Which candidate types each said word names partly by a word of their own
            name, over every candidate."""
            if not owned:
                rest.extend(source)
                out: dict[str, set[str]] = {}
                for type_name in seen | {item[3] for item in rest}:
                    ws = words_of.get(type_name)
                    if ws is None:
                        ws = words_of[type_name] = self._partly_named_by(type_name, q)
                    for w in ws:
                        out.setdefault(w, set()).add(type_name)
                owned.append(out)
            return owned[0]

        def stream() -> Iterator[tuple[_T, str, str, str, float, bool]]:
            while True:
                item = rest.popleft() if rest else next(source, None)
                if item is None:
                    return
                seen.add(item[3])
                if said_of or self.config.holder_of_said:
                    note(item)
                yield item

        def note(item: tuple[_T, str, str, str, float, bool]) -> None:
            # Named outright ranks above every evidence level.
            level = FIXTURE_EVIDENCE + 1 if item[5] else evidence(item[0])
            evidence_of[item[3]] = max(level, evidence_of.get(item[3], level))
            label_of[item[3]] = item[2]

        def said_things() -> tuple[dict[str, set[str]], frozenset[tuple[str, ...]]]:
            """Over every candidate: which types each said word names partly (by any of
            their partial names, own word or not: "holder" for the toilet paper hanger
            too), and the names of the types the instruction names at all."""
            if not said_of:
                owners()  # reads every candidate into ``rest``
                for item in rest:
                    note(item)
                by_word: dict[str, set[str]] = {}
                for type_name in evidence_of:
                    # Its categories too: a category said names it as one of a kind
                    # ("holder": the toilet paper hanger is one).
                    cats = frozenset(self.describer.table.categories(label_of[type_name]))
                    for w in said_partly(type_name) | (cats & q.token_set):
                        by_word.setdefault(w, set()).add(type_name)
                names = frozenset(self.terms_for(t).words for t, lv in evidence_of.items()
                                  if lv == NAME_EVIDENCE or lv > FIXTURE_EVIDENCE)
                said_of.append((by_word, names))
            return said_of[0]

        def said_partly(type_name: str) -> frozenset[str]:
            # A partial name or a noun of its definition ("toilet paper hanger": a
            # holder), as name_match reads both.
            terms = self.terms_for(type_name)
            return (terms.partial | terms.gloss) & q.token_set

        companion: dict[str, bool] = {}

        def companion_of_said(type_name: str) -> bool:
            # Named after a thing said (said_things()'s names): its name holds the
            # thing's whole name ("toilet paper hanger" after the toilet paper), not the
            # other way round (the desk is not named after the desk lamp). Kept per type
            # for the pass, whose said names are one set: a type is asked of once per
            # candidate sharing a word with it (~25 asks per step at 10,000 units).
            held = companion.get(type_name)
            if held is None:
                names = said_things()[1]
                own = self.terms_for(type_name).words
                held = companion[type_name] = any(
                    len(n) < len(own) and _named_after(n, own) for n in names)
            return held

        def reordered() -> Iterator[tuple[_T, str, str, str, float, bool]]:
            waiting: list[tuple[_T, str, str, str, float, bool]] = []
            for item in stream():
                payload, _, _, type_name, _, named = item
                ws = words_of.get(type_name)
                if ws is None:
                    ws = words_of[type_name] = self._partly_named_by(type_name, q)
                level = evidence(payload)
                if (self.config.general_waits and not named and not ws
                        and level < FIXTURE_EVIDENCE):
                    # A word said once in the singular is one thing: the side table
                    # "table" names by its own word before the desk it names as a kind.
                    gen = general_of.get(type_name)
                    if gen is None:
                        gen = general_of[type_name] = self._generally_named_by(type_name, q)
                    if gen and not gen & q.plural and all(said[w] <= 1 for w in gen) \
                            and all(owners().get(w, set()) - {type_name} for w in gen):
                        waiting.append(item)
                        continue
                if (places and not named and ws & places and level < FIXTURE_EVIDENCE
                        and type_key(type_name) not in at
                        and any(type_key(o) in at for w in ws & places
                                for o in owners().get(w, ()) if o != type_name)):
                    # "beside the stove": a place, so the stove's burner, where skills
                    # put things, before its knob.
                    waiting.append(item)
                    continue
                if self.config.holder_of_said and not named and level == NAME_EVIDENCE:
                    by_word, names = said_things()
                    shared = said_partly(type_name)
                    if (names and shared and not companion_of_said(type_name)
                            and any(companion_of_said(o) for w in shared
                                    for o in by_word.get(w, ()) if o != type_name)):
                        # "the Cushelle roll ... on its holder": the holder named after
                        # the thing said (toilet paper hanger) before those named
                        # after things not said (hand towel holder, towel holder).
                        waiting.append(item)
                        continue
                own = self.terms_for(type_name).words
                if (self.config.holder_of_named and not named and ws and named_chosen
                        and level < FIXTURE_EVIDENCE and own[:-1] not in named_chosen
                        and any(_named_after(n, own) for n in named_chosen)
                        and any(o != type_name and self.terms_for(o).words[-1:] == own[-1:]
                                and self.terms_for(o).words[:-1] in named_chosen
                                for w in ws for o in owners().get(w, ()))):
                    # "a clean towel on the rail": the towel's holder, named after the
                    # towel said, before the hand towel's, named after a thing not said.
                    waiting.append(item)
                    continue
                # Each time one of its words is said, one thing ("the cutlery ... and
                # the piece of silverware": two). A thing named after the other (the
                # toilet paper's hanger, a towel's holder) is another thing used with
                # it, not a second reading of the word.
                if (not named and ws and not ws & q.plural and level < FIXTURE_EVIDENCE
                        and sum(1 for c, name in chosen if c & ws
                                and not _named_after(name, own))
                        >= max(1, sum(said[w] for w in ws))):
                    waiting.append(item)
                    continue
                if waiting and not named and level == NO_EVIDENCE:
                    yield from waiting
                    waiting.clear()
                yield item
            yield from waiting

        def keep(item: tuple[_T, str, str, str, float, bool]) -> None:
            words = self.terms_for(item[3]).words
            chosen.append((frozenset() if item[5] else words_of.get(item[3], frozenset()),
                           words))
            if item[5]:
                named_chosen.add(words)

        return self._select_pass(instruction, reordered(), k, floor, q, evidence=evidence,
                                 on_keep=keep)

    def _select_pass(self, instruction: str,
                     items: Iterable[tuple[_T, str, str, str, float, bool]], k: int,
                     floor: float, q: QueryTerms | None,
                     on_keep: Callable[[tuple[_T, str, str, str, float, bool]], object]
                     | None = None,
                     evidence: Callable[[_T], int] | None = None) -> list[_T]:
        cap = self.config.max_per_type
        per_type: Counter[str] = Counter()
        per_whole: Counter[str] = Counter()
        many: dict[str, bool] = {}
        keys: dict[str, str] = {}
        wholes: dict[str, str] = {}
        out: list[_T] = []
        lowered = instruction.lower()
        # Units past a plural type's first, held back (plural_waits): a step has k slots,
        # and every thing it names or implies needs one before any thing gets a second.
        extra: list[tuple[_T, str, str, str, float, bool]] = []
        waits = self.config.plural_waits and evidence is not None

        def keep(kept: tuple[_T, str, str, str, float, bool]) -> None:
            out.append(kept[0])
            if on_keep is not None:
                on_keep(kept)

        for item in items:
            payload, object_id, label, type_name, score, named = item
            if score < floor and not named:
                continue
            if extra and not named and evidence is not None \
                    and evidence(payload) == NO_EVIDENCE:
                # Nothing the instruction ties is left above this one: the second
                # statue before a unit only a cosine brought.
                while extra and len(out) < k:
                    keep(extra.pop(0))
                extra.clear()
                if len(out) >= k:
                    break
            # An object asked for by its id is never crowded out by one of its type.
            if q is not None and object_id.lower() not in lowered:
                t = keys.get(label)
                if t is None:
                    t = keys[label] = type_key(label)
                whole = wholes.get(type_name)
                if whole is None:
                    whole = wholes[type_name] = self._whole(type_name)
                # A part named after a whole (SinkBasin, BathtubBasin) is the same thing as
                # far as the planner's choice goes: it counts against the whole's share
                # unless the instruction names it outright.
                if per_type[t] >= cap or (not named and per_whole[whole] >= cap):
                    if t not in many:
                        many[t] = asks_for_many(self.terms_for(type_name), q)
                    if not many[t]:
                        continue
                    if waits:
                        per_type[t] += 1
                        per_whole[whole] += 1
                        extra.append(item)
                        continue
                per_type[t] += 1
                per_whole[whole] += 1
            keep(item)
            if len(out) >= k:
                break
        while extra and len(out) < k:
            keep(extra.pop(0))
        return out

    def recall(
        self, instruction: str, units: Sequence[ObjectMemoryUnit], k: int, token_budget: int,
        *, scene_graph: SceneGraphSource = None, mode: str | None = None,
        labels: Mapping[str, str] | None = None, area_names: Mapping[str, str] | None = None,
        now: float | None = None, units_key: object = None,
    ) -> RecallResult:
        """Ranked units and one context block of at most `token_budget` tokens."""
        start = time.perf_counter()
        check_budget(token_budget)
        mode = mode or self.config.mode
        ranked = self.rank(instruction, units, k, mode=mode, labels=labels,
                           area_names=area_names, units_key=units_key)
        block = self.context_for(ranked, token_budget, scene_graph=scene_graph, now=now,
                                 labels=labels)
        return RecallResult(ranked, block, mode, time.perf_counter() - start, len(units))

    def context_for(
        self, ranked: Sequence[RankedUnit], token_budget: int, *,
        scene_graph: SceneGraphSource = None, now: float | None = None,
        labels: Mapping[str, str] | None = None,
    ) -> ContextBlock:
        now = time.time() if now is None else now
        # A view, not a merged copy: `labels` holds every known unit (10,000 at robot
        # scale, ~1 ms per request to copy) and only the receptacles of k lines are read.
        lab: Mapping[str, str] = ChainMap(cast(MutableMapping[str, str], labels or {}),
                                          {r.unit.object_id: r.unit.label for r in ranked})
        lines = [(r.unit.object_id, self.describer.describe(r.unit, labels=lab, now=now).text)
                 for r in ranked]
        relevant_labels = sorted({r.unit.label for r in ranked})
        relevant_areas = sorted({r.unit.area_id for r in ranked if r.unit.area_id})
        block = assemble_context(lines, token_budget, scene_graph=scene_graph,
                                 labels=relevant_labels, areas=relevant_areas,
                                 unit_share=self.config.unit_share)
        # `lab` reads `labels` first, so with every ranked unit among `labels` (the memory
        # server's snapshot holds them all) these are the texts describe(labels=labels)
        # gives: the answer's own descriptions, made once (RecallMemory.recall).
        return replace(block, descriptions=dict(lines))

