"""Recall per subtask: the planner's default path.

A whole multi-step instruction recalled at once competes for k slots among all its
objects and fixtures; split into the steps a person would name ("wash the mug", "leave
it on the counter"), each step gets its own k. The split is on sentence ends, dashes, and
connectives ("then", "after that"), and on "and"/commas when the next word is mostly a
verb in WordNet and not mainly a thing ("... and put it away", but not "salt and pepper").

:func:`recall_subtasks` recalls every step (optionally with the planner's brief state
appended: what the robot holds and where it is) and merges the steps' units, best score
first, each unit once. Whole-instruction recall (:meth:`Recaller.rank`) stays for one-shot
callers.

A step that acts on a thing it names only by a pronoun ("switch it on", "put them out by
the bin") also gets, in its own top-k, what the last step that named its object named
(that object first, then where it went): the step alone cannot say what "it" is. The
merged units are unchanged by this (the antecedents are in an earlier step's list).
So does a step whose pronoun is a preposition's object ("drop the pens in it"), though it
names its own object; and a pronoun put "back" stands for what the last step took from
somewhere, then that place. A step whose place is only "there" ("light it and leave it
there") also gets where the nearest earlier step put its thing, and a thing sent "home"
("put it where it lives") where the text before the step said it lives.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import cast

from memory_node.core.recall.implied import skills_for_use
from memory_node.core.recall.lexical import (
    DESTINATION_WORDS,
    DETERMINERS,
    OBJECT_STARTS,
    PLACE_PREPOSITIONS,
    QUANTIFIERS,
    STOPWORDS,
    lemma,
    words,
)
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.names import MAJORITY, SOURCE_WORDS, asides_of, region_words
from memory_node.core.recall.recall import (
    FIXTURE_HIT,
    RankedUnit,
    RecallConfig,
    Recaller,
    check_instruction,
    check_k,
)
from memory_node.core.units import (
    RECALLED_CARRIED,
    RECALLED_FILLED,
    RECALLED_NAMED,
    ObjectMemoryUnit,
)

MAX_SUBTASKS = 12
# Splits kept (subtask_queries): the text sent ahead and its request's, and a few more.
SPLIT_MEMO = 8
# A clause's verb is among its first words; the bound also keeps a 2,000-character list of
# distinct words from costing a WordNet lookup per word per joint.
CLAUSE_WORDS = 12
_HARD = re.compile(r"(?:[.!?;:]+\s+|[.!?;:]+$|\s+[-\u2013\u2014]+\s+|\s*\(|\)\s*)")
_SOFT = re.compile(
    r",?\s+(?:and\s+then|then|after\s+that|afterwards|and\s+finally|finally)\s+"
    r"|,?\s+before\s+(?=\w+ing\b)",
    re.IGNORECASE,
)
_AND = re.compile(r"(,\s*and\s+|\s+and\s+|,\s+)(\w+)", re.IGNORECASE)
# The joints ``RecallConfig.split_more_joints`` adds (round 64; bench/README_recall.md):
# "line" a line break is a hard joint; "extend", "to", "arrow": the gapping test's right
# side runs to the next comma, and "to", "by", ... or an arrow is a place. (Round 64's
# "&"/"n" and verb-before-its-object joints failed the keep rule: a patch in bench/results.)
# Round 65's (defined below): "spoken", "bullet", "emoji", "source", "runon", "runon_np",
# "numbered", "modifier"; its "attime" and "placeonly" failed theirs (a patch, ditto).
# Round 66's: "lead_prep", "typo_det", "bare_runon" (defined below). Round 67's: "degree",
# "mixed_source". Round 68's: "verb_det", "bare_and" (defined below). Round 71's:
# "bare_runon_det", "plural_runon" (:func:`_bare_run_on`, :func:`_plural_run_on`). Round 72's:
# "particle_gap" (:func:`_particle_side`). Round 73's: "bare_numbered" (:func:`_bare_numbered`),
# "plus_n" (:data:`_AND_PLUS`, :func:`_existential`); its "verb_gap" failed its keep rule (a
# patch, results/recall_verb_gap_r73.patch). Round 74's: "verb_gap" again, with the left
# side's own complement, and "verb_gap_bare" (:func:`_imperative_side`), "participle_gap"
# (:func:`_participle_side`), "round_place" (:data:`_ROUND`).
SPLIT_JOINTS: set[str] = {"line", "extend", "to", "arrow", "spoken", "bullet", "emoji",
                          "source", "runon", "runon_np", "numbered", "modifier", "lead_prep",
                          "typo_det", "bare_runon", "degree", "mixed_source", "verb_det",
                          "bare_and", "verb_pron", "that_det", "bare_runon_det",
                          "plural_runon", "particle_gap", "bare_numbered", "plus_n",
                          "verb_gap", "verb_gap_bare", "participle_gap", "round_place"}
_LINE = re.compile(r"\s*\n\s*")
# "to" and "upon" open a destination as the place prepositions do (closed class).
_TO = frozenset({"to", "upon"})
# An arrow between two words: "vase>shelf", "eggs -> fridge".
_ARROW = re.compile(r"\w\s*(?:->|\u2192|\u27a1|>)\s*\w")
_WORDS = re.compile(r"[A-Za-z]+")
# Round 65's joints (in SPLIT_JOINTS only where their A/B passed; bench/README_recall.md):
# "spoken" dictated punctuation said as words ("... the bin full stop put the ...", "pens
# comma pencils"): English's names of its marks, read as the mark unless a determiner or
# "of" shows the noun ("a period of", "the modern period").
_SPOKEN = re.compile(
    r"\s*(?<![\w'])(?P<name>full\s+stop|period|new\s+(?:line|paragraph)|next\s+line"
    r"|question\s+mark|exclamation\s+(?:mark|point)|semi-?\s?colon|colon|comma)"
    r"(?![\w'])(?!\s+of\b)\s*", re.IGNORECASE)
_SPOKEN_ANY = ("stop", "period", "line", "paragraph", "mark", "point", "colon", "comma")
_SPOKEN_MARK = {"full stop": ".", "period": ".", "new line": "\n", "new paragraph": "\n",
                "next line": "\n", "question mark": "?", "exclamation mark": "!",
                "exclamation point": "!", "semicolon": ";", "semi colon": ";",
                "semi-colon": ";", "colon": ":", "comma": ","}
# "bullet": typography's list marks, bullets and check boxes, part items on one line
# ("• pens into the drawer • tissues onto the nightstand", "[ ] vase ... [ ] book ...");
# a text that opens with ">" is a list of prompts ("> TAKE MUG > FILL MUG").
# Each item keeps its mark, as a list's lines do.
_BULLET = re.compile(r"(?<![-*+])\s+(?=[\u2022\u25e6\u25cb\u25aa\u25ab\u25cf\u2023\u2043\u2219"
                     r"\u2610\u2611\u2612]|\[[ xX\u2713\u2714]?\])")
_PROMPT = re.compile(r"\s+(?=>\s)")
# Any of them: the bullet joint's cheap test.
_LIST_MARK = re.compile(r"[\u2022\u25e6\u25cb\u25aa\u25ab\u25cf\u2023\u2043\u2219"
                        r"\u2610\u2611\u2612\[>*]")
# An asterisk opening an item, as a typed list's bullet ("* Teddy bear -> bed * mug ->
# kitchen"): parts only where the text opens with one too.
_STAR = re.compile(r"\s+(?=\*\s)")
# "numbered": a list numbered inline ("1. run the bath, warm 2. NO bubble bath", "1- tissues
# next to him 2- take the lilies out"): a one- or two-digit numeral, then ".", ")" or "-"
# and a space, after a space, opens a step.
_NUMBERED = re.compile(r"\s+(?=\d{1,2}[.)\-]\s)")
_NUMBER_MARK = re.compile(r"\d[.)\-]\s")
# Round 73's "bare_numbered": a list numbered with bare numerals, no mark after them ("1
# pencils back in the drawer 2 the vase off the desk 3 ..."): a one- or two-digit numeral
# standing alone before a word, the first "1" opening the text or a sentence, and each next
# one the next number ("2", then "3", ...), not right after a coordinator or a comma ("1 mug
# and 2 plates" counts things), opens a step. The grammar of a list, no vocabulary.
_BARE_NUMERAL = re.compile(r"(?<![^\s])(\d{1,2})\s+(?=[^\W\d_])")
_OPENS = re.compile(r"(?:^|[.!?;:\n]\s*)$")
# "modifier": a piece that cannot stand alone, of only adjectives, adverbs and function
# words ("Run the bath, warm not hot"), joins the piece before it.
# Round 67's "mixed_source": gapping where one side says where its thing goes and the other
# where its thing comes from ("the laptop from the armchair onto the cabinet, the statue off
# the coffee table"), the right side opening with a new thing (a determiner or a noun), not
# a particle ("the clock off the floor, back on the table" stays one step).
# Round 67's "degree": English's degree words and its negation (a closed class) grade the
# adjective after them, so "not cold", "too deep" are adjectives though the lexicon has the
# words as nouns too, and an equative's "as hot as" is its adjective's ("as hot as it goes").
_DEGREE = frozenset({"not", "too", "so", "very", "quite", "rather", "as", "less", "more",
                     "fairly", "pretty", "real", "really", "extra"})
# Round 68's "verb_det": a word the lexicon has as a verb at all, uninflected, right after a
# joint and right before a determiner opening its object, is the imperative that opens a
# step ("..., and stick a couple of eggs on", "towel on the bath edge, spray the mirror":
# WordNet has "stick", "spray", "water", "bin" mostly as nouns, and a noun phrase does not
# go on with a determiner); after a bare comma only where the left side is a step of its
# own (a verb, or a place its thing goes) that is no subordinate clause ("When they are
# set, turn them out": a clause before a comma that opens with a subordinator is its main
# clause's, round 64's `object` loss).
# "that" and "her" are no sure determiners ("so that the", "give her the"): not counted
# ("that" only where "that_det" below finds a noun or an adjective after it).
# "bare_and": a bare "and" before a noun that is no verb opens
# a gapped step as a comma or a determiner does, where each side says where its own thing
# goes ("Laptop to the desk and phone beside the bed", "put book on shelf and pens with
# pencils in drawer of desk"; "the mug and plate in the sink" has one place).
_OBJECT_DETERMINERS = DETERMINERS - {"that", "her"}
# Round 69's "that_det": "that" right after such a verb is a determiner where a word the
# lexicon has as a noun or an adjective, no function word, follows it ("and bin that manky
# Spontex", "chuck that old mug"); before a pronoun, a determiner or a function word it is a
# conjunction or a pronoun ("see that it goes", "make sure that the", "leave that for now").
# "verb_pron" (round 68's, failed alone; kept in round 69 with
# RecallConfig.antecedent_past_pronouns): the same test with an object pronoun after the
# word ("and stand it on the desk", "take the towel from the rail and hand it to me"); the
# clause it parts off names no antecedent for a later pronoun (subtasks._antecedents).
_OBJECT_PRONOUNS = frozenset({"it", "them"})
_SUBORDINATORS = frozenset({
    "if", "when", "whenever", "once", "because", "as", "since", "until", "till", "while",
    "before", "after", "unless", "though", "although", "whether", "where"})
# "emoji": an arrow between any two marks, not only words ("\U0001f4f1 \u27a1\ufe0f nightstand"),
# and a comma's right side opening with one.
_ARROW_ANY = re.compile(r"\S\s*(?:->|\u2192|\u27a1\ufe0f?|>)\s*\S")
_AND_ANY = re.compile(r"(,\s*and\s+|\s+and\s+|,\s+)(\w+|[^\w\s\x00-\x7f]+)", re.IGNORECASE)
# Round 73's "plus_n": the written coordinators "+" and text-speak "n" (a letter standing
# alone for "and") join as "and" does, and the same tests decide whether the right side is a
# step of its own ("toilet roll on the holder + a spare on the counter"; a spoon's and a
# knife's emoji "+" "off the table" and "the spoons n forks" are one step); a right side
# opening with the existential
# "there" and its clitic, the apostrophe dropped ("n theres a CD on the floor"), has its own
# verb.
_AND_PLUS = re.compile(r"(,\s*(?:and|n|\+)\s+|\s+(?:and|\+)\s+|\s+n\s+|,\s+)"
                       r"(\w+|[^\w\s\x00-\x7f]+)", re.IGNORECASE)
# "source": gapping whose places are where things come from ("my phone off the desk, the
# clock and my book from the bedside table").
_PLACE = PLACE_PREPOSITIONS
_DETERMINERS = DETERMINERS
# Where a step's destination starts.
_DESTINATION = DESTINATION_WORDS
# Pronouns that stand for a thing already named: a closed class of English grammar.
_ANAPHORS = frozenset({"it", "them", "they", "em"})
# "it" after one of these, or before an auxiliary, is a clause's subject ("if it boils
# over", "it's getting dark", "and it needs"): often no thing at all. After a verb or a
# preposition ("switch it on", "put some water in with it") it is the object acted on.
_SUBJECT_BEFORE = frozenset({"if", "when", "whenever", "once", "because", "as", "since",
                             "until", "till", "while", "before", "after", "unless", "though",
                             "although", "whether", "where", "and", "or", "but", "so", "that"})
_AUXILIARIES = frozenset({"s", "is", "was", "will", "ll", "has", "had", "d", "would", "must",
                          "should", "might", "may", "can", "could", "does", "did", "isn",
                          "wasn", "doesn"})
# Prepositions, a closed class: a pronoun right after one is a place or a companion of
# what the clause acts on ("drop the pens in it", "put some water in with it"), and a
# clause's object is not its own place, so the pronoun stands for a thing named before.
_PREPOSITIONS = _DESTINATION | frozenset({"with", "from", "off", "to", "over", "against",
                                          "around", "round", "through", "of"})
# A thing put "back" goes where it came from: the particle of return (a closed class of
# verb particles, like "up", "away", "out").
_RETURN = "back"
_COORDINATORS = frozenset({"and", "or", "n", "nor", "plus"})
# Demonstratives, a closed class, and the pro-form "one" ("the other one"), with the
# closed-class words "one" follows as a pro-form: each stands for a thing when nothing it
# determines follows (:func:`_demonstrative`).
_DEMONSTRATIVES = frozenset({"that", "this", "those", "these"})
# The third person's object pronouns for a thing spoken of as a person ("put him back on
# the bed": a teddy bear) and the universal quantifiers standing as pronouns ("take both
# to the kitchen"): closed classes of English.
_ALONE_PRONOUNS = frozenset({"him", "her", "both", "all", "each"})
_ONE = frozenset({"one", "ones"})
_ONE_AFTER = frozenset({"other", "same"})
# Round 74's (bench/README_recall.md, round 74): "verb_gap" and "verb_gap_bare"
# (:func:`_imperative_side`), "participle_gap" (:func:`_participle_side`); "round_place":
# "round" and "around" before their object say where a thing goes as "beside" does
# ("candles round it").
_VERB_GAPS = frozenset({"verb_gap", "verb_gap_bare"})
_ROUND = frozenset({"round", "around"})
# ... as a preposition: before its object, a determiner or a pronoun ("candles round it",
# "round the back"; not the adjective of "the round shiny disc").
_ROUND_OBJECTS = DETERMINERS | frozenset({"it", "them", "him", "her", "me", "us"})
# The written coordinators a serial list closes with ("bowl & fork", "bowl + fork").
_LIST_MARKS = frozenset({"&", "+"})
# Verb particles, a closed class ("get that out", "switch that off").
_PARTICLES = frozenset({"up", "down", "out", "off", "away", "back", "on", "in", "over"})
# The place pro-form, a closed class of one: "leave it there" is where a thing went last.
_THERE = "there"
# After "there", these make it a clause's dummy subject ("there's a mug", "there are
# two"): no place at all. The auxiliaries and the forms of "be".
_EXISTENTIAL = _AUXILIARIES | frozenset({"are", "were", "re", "be", "been"})
# Round 66's joints (bench/README_recall.md, round 66): "lead_prep" a preposition or verb
# particle (closed classes) opening a piece is no verb that opens a step or makes a clause
# ("The Kleenex, off the floor, onto the dresser": WordNet has "off" mostly as a verb);
# after a word it still is ("switch the telly off": a phrasal verb's particle). "typo_det"
# a determiner typed with two neighbouring letters swapped or one dropped, and no word of
# the lexicon ("teh", "hte", "yuor"), is read as the determiner where the split asks for one
# ("... under the bed teh mug on the dresser is dirty"). "bare_runon" a two-word thing with
# no determiner after a place phrase opens a run-on's step (:func:`_bare_run_on`). (Its
# "preposition", every preposition never a verb, failed its keep rule: a patch.)


def _det_typos() -> dict[str, str]:
    out: dict[str, str] = {}
    for d in sorted(DETERMINERS):
        if len(d) < 3:
            continue
        for i in range(len(d)):
            out.setdefault(d[:i] + d[i + 1:], d)
            if i + 1 < len(d):
                out.setdefault(d[:i] + d[i + 1] + d[i] + d[i + 2:], d)
    return {w: d for w, d in out.items()
            if len(w) >= 3 and w not in DETERMINERS and w not in STOPWORDS}


_DET_TYPOS = _det_typos()
_FILLER = re.compile(r"^(?:please|so|ok|okay|also|and|then|could\s+you|can\s+you|would\s+you)"
                     r"\s+", re.IGNORECASE)


def _mostly_verb(word: str, lexicon: Lexicon | None, on: Collection[str] = ()) -> bool:
    if lexicon is None or not lexicon.available:
        return False
    w = word.lower()
    if "lead_prep" in on and (w in _PREPOSITIONS or w in _OTHER_PREPOSITIONS
                              or w in _PARTICLES):
        return False  # "The Kleenex, off the floor": "off" is WordNet's verb, a preposition
    # "and put it away" starts a step; "and pepper" does not, however often "pepper" is
    # a verb: a word whose main noun sense is a thing is read as the thing.
    return lexicon.verb_share(w) > 0.5 and not lexicon.is_thing(w)


def _has_verb(text: str, lexicon: Lexicon | None, on: Collection[str] = ()) -> bool:
    """A word mostly used as a verb, not right after a determiner ("on the left" is a
    side, not "leave")."""
    ws = _WORDS.findall(text.lower())[:CLAUSE_WORDS]
    if "typo_det" in on:
        ws = _typo_determiners(ws, lexicon)
    # "lead_prep" only for a piece's first word (after a word, "switch the telly off",
    # WordNet's verb is the particle of a phrasal verb).
    return any(_mostly_verb(w, lexicon, on if i == 0 else ())
               for i, w in enumerate(ws) if i == 0 or ws[i - 1] not in _DETERMINERS)


def _typo_determiners(ws: list[str], lexicon: Lexicon | None) -> list[str]:
    """``ws`` with each word that is a determiner typed with two letters swapped or one
    dropped ("teh", "hte", "yuor"), and is no word of the lexicon, read as the
    determiner."""
    if lexicon is None or not _DET_TYPOS.keys() & set(ws):
        return ws
    return [_DET_TYPOS[w] if w in _DET_TYPOS and not _known(w, lexicon) else w for w in ws]


def _known(word: str, lexicon: Lexicon) -> bool:
    return (lexicon.is_noun(word) or lexicon.verb_share(word) > 0
            or lexicon.is_adjective(word) or lexicon.is_adverb(word))


def _two_clauses(left: str, right: str, comma: bool, lexicon: Lexicon | None,
                 on: Collection[str] = ()) -> bool:
    """Two steps joined without a verb after the joint: each side has its own verb ("put
    the wine in the fridge, and the pen goes in a drawer"; "the mug and the plate go in
    the sink" has one), or, after a comma or an "and" that opens a new noun phrase, each
    side says where its own object goes ("remote on the couch, statue on the shelf"; "the
    wine in the fridge and the pencil in a drawer"; "the red mug, the one on the left" and
    "the mug and the plate in the sink" do not)."""
    if _has_verb(left, lexicon, on) and (
            _has_verb(right, lexicon, on) or ("plus_n" in on and _existential(right))):
        return True
    return comma and all(
        any(w.lower() in _PLACE for w in _WORDS.findall(side)[1:-1]) for side in (left, right))


def _existential(side: str) -> bool:
    """The side opens with the existential "there" and a form of "be" or an auxiliary,
    written apart, with an apostrophe, or run together with the apostrophe dropped
    ("there's a CD", "theres a CD", "there are two"): a clause with its own verb."""
    ws = _APOSTROPHE_WORDS.findall(side.lower())[:2]
    if not ws or not ws[0].startswith(_THERE):
        return False
    rest = ws[0][len(_THERE):].lstrip("'")
    return (rest in _EXISTENTIAL if rest else len(ws) > 1 and ws[1] in _EXISTENTIAL)


def _new_joint(piece: str, joints: Sequence[re.Match[str]], i: int, left: str, right: str,
               new_phrase: bool, lexicon: Lexicon | None, on: Collection[str]) -> bool:
    """A joint ``RecallConfig.split_more_joints`` adds (``on``: which of SPLIT_JOINTS):
    gapping whose places are "to", "by", ... or an arrow ("book to the shelf, tissues to
    the desk"; "vase>shelf, card>drawer"), or whose right side runs on over a bare "and"
    ("the vase on the shelf, my card and pen in the drawer"). Never a left dislocation
    ("the candle on the table, light it": the left side has no verb and the right acts on
    a pronoun)."""
    m = joints[i]
    hit = (bool({"verb_det", "verb_pron", "that_det"} & set(on))
           and _verb_before_object(piece, m, left, lexicon, on)) or (
        "bare_and" in on and not new_phrase and _bare_and(piece, m, left, right, lexicon, on))
    if not hit and new_phrase and {"extend", "to", "arrow"} & set(on):
        if "extend" in on:
            end = next((j.start() for j in joints[i + 1:] if "," in j.group(1)), len(piece))
            right = piece[m.start(2):end]
        hit = all(_place_side(side, on) for side in (left, right)) or (
            "source" in on and all(_source_side(side) for side in (left, right))) or (
            "mixed_source" in on and _new_thing(right, lexicon)
            and all(_place_side(side, on) or _from_side(side) for side in (left, right))) or (
            "particle_gap" in on and _new_thing(right, lexicon)
            and all(_place_side(side, on) or _particle_side(side, lexicon)
                    or ("participle_gap" in on and _participle_side(side, lexicon))
                    for side in (left, right))) or (
            not _VERB_GAPS.isdisjoint(on) and "," in m.group(1) and _new_thing(right, lexicon)
            and _place_side(right, on) and _imperative_side(left, right, m.group(1), lexicon, on))
    if hit and not _has_verb(left, lexicon, on) and refers_back(right, lexicon):
        return False  # left dislocation: "the candle on the table, light it"
    return hit


def _imperative_side(left: str, right: str, joint: str, lexicon: Lexicon | None,
                     on: Collection[str]) -> bool:
    """Comma gapping after a side with its own imperative (round 74): the left side opens
    with a word the lexicon has as a verb, in its base form, right before a determiner that
    opens its object, and the right side (a new thing and its place) is no serial list's
    tail. "verb_gap": the left side holds a complement of its own after its object, a
    preposition ("spray the sink with the spray bottle, | the scrubbing brush to the
    toilet"); "verb_gap_bare": or none, if the joint is a bare comma, the left side has no
    other and the right side no coordinator before its place ("boil the kettle, | eggs in
    the pot"; "Put the pan, bowl and fork in the sink" and "Put the pan, bowl, and fork in
    the sink" are lists the verb takes whole)."""
    if lexicon is None or not lexicon.available:
        return False
    ws = _WORDS.findall(left.lower())
    if not (len(ws) >= 3 and ws[1] in _OBJECT_DETERMINERS and ws[0] not in STOPWORDS
            and ws[0] not in _PREPOSITIONS and ws[0] not in _PARTICLES
            and ws[0] not in _OTHER_PREPOSITIONS and lexicon.is_verb(ws[0])
            and lexicon.verb(ws[0]) == ws[0]):
        return False
    if "verb_gap" in on and any(w in _PREPOSITIONS or w in _OTHER_PREPOSITIONS
                                for w in ws[3:]):
        return True
    if "verb_gap_bare" not in on or joint.strip() != "," or "," in left:
        return False
    places = _DESTINATION | _TO | (_ROUND if "round_place" in on else frozenset())
    before = []
    for w in right.lower().split()[1:]:
        if w.strip(",.") in places:
            break
        before.append(w)
    return not any(w in _COORDINATORS or w in _LIST_MARKS for w in before)


def _participle_side(side: str, lexicon: Lexicon | None) -> bool:
    """The side says what becomes of its thing by a past participle after the thing's noun,
    its verb gapped ("participle_gap"; round 74): "mirror cleaned", "bin emptied",
    "toilet cleaned with the brush"; at the side's end or before a function word that is
    no determiner, as :func:`_particle_side`'s particle. An inflection the lexicon reads
    back to another base form, neither a third person's "-s" nor a gerund."""
    if lexicon is None or not lexicon.available:
        return False
    ws = _WORDS.findall(side.lower())
    return any(
        ws[i - 1] not in STOPWORDS and lexicon.is_noun(ws[i - 1]) and w not in STOPWORDS
        and not w.endswith(("s", "ing")) and lexicon.is_verb(w) and lexicon.verb(w) != w
        and (i + 1 == len(ws) or (ws[i + 1] in STOPWORDS and ws[i + 1] not in _DETERMINERS
                                  and ws[i + 1] not in OBJECT_STARTS))
        for i, w in enumerate(ws[1:CLAUSE_WORDS], 1))


def _verb_before_object(piece: str, m: re.Match[str], left: str, lexicon: Lexicon | None,
                        on: Collection[str]) -> bool:
    """The word after the joint ``m`` is an imperative before its object ("verb_det"): the
    lexicon has it as a verb, in its base form, no function word, preposition or particle, and a
    determiner follows it; after a bare comma the left side is a step of its own (its own
    verb, or where its thing goes: "towel on the bath edge, spray the mirror") and opens
    with no subordinator ("When they are set, turn them out")."""
    if lexicon is None or not lexicon.available:
        return False
    word = m.group(2).lower()
    after = _WORDS.findall(piece[m.end(2):m.end(2) + 40].lower())[:2]
    objects = _OBJECT_DETERMINERS | (_OBJECT_PRONOUNS if "verb_pron" in on else frozenset())
    if "that_det" in on and after[:1] == ["that"] and len(after) == 2 and (
            after[1] not in STOPWORDS
            and (lexicon.is_noun(after[1]) or lexicon.is_adjective(after[1]))):
        objects = objects | {"that"}
    if (not after or after[0] not in objects or word in STOPWORDS
            or word in _PREPOSITIONS or word in _PARTICLES or word in _OTHER_PREPOSITIONS
            or not lexicon.is_verb(word) or lexicon.verb(word) != word):
        return False
    if m.group(1).replace(",", "").strip():  # a coordinator ("and", or "plus_n"'s "+", "n")
        return True
    opens = _WORDS.findall(left.lower())[:1]
    return bool(opens) and opens[0] not in _SUBORDINATORS and (
        _has_verb(left, lexicon, on) or _place_side(left, on))


def _bare_and(piece: str, m: re.Match[str], left: str, right: str, lexicon: Lexicon | None,
              on: Collection[str]) -> bool:
    """A bare "and" before a noun with no determiner opens a gapped step ("bare_and"): the
    noun is no function word, preposition or particle, mostly no verb, and no object
    pronoun follows it ("and stand it on the desk": a verb, not this joint's business), and
    each side says where its own thing goes ("Laptop to the desk and phone beside the
    bed")."""
    w = m.group(2).lower()
    if (lexicon is None or not lexicon.available or "," in m.group(1) or w in STOPWORDS
            or w in _PREPOSITIONS or w in _PARTICLES or w in _OTHER_PREPOSITIONS
            or not all(_place_side(side, on) for side in (left, right))):
        return False
    after = _WORDS.findall(piece[m.end(2):m.end(2) + 12].lower())[:1]
    return (not (after and after[0] in OBJECT_STARTS - _DETERMINERS)
            and lexicon.is_noun(w) and not _mostly_verb(w, lexicon))


def _place_side(side: str, on: Collection[str]) -> bool:
    """The side says where its thing goes: a place word inside it, or an arrow."""
    ws = [w.lower() for w in _WORDS.findall(side)]
    places = _DESTINATION | _TO if "to" in on else _PLACE
    arrow = _ARROW_ANY if "emoji" in on else _ARROW
    return any(w in places or ("round_place" in on and w in _ROUND and ws[i + 1] in _ROUND_OBJECTS)
               for i, w in enumerate(ws[1:-1], 1)) or (
        "arrow" in on and arrow.search(side) is not None)


def _particle_side(side: str, lexicon: Lexicon | None) -> bool:
    """The side says what becomes of its thing with a verb particle left by a gapped phrasal
    verb ("particle_gap"; round 72): a particle (a closed class) right after a thing's noun,
    at the side's end or before a function word that is no determiner ("desk lamp on",
    "pencil and pen out", "chair out of the way", "knife and fork out for both of us"; not
    "the book on the desk", a place, :func:`_place_side`'s)."""
    if lexicon is None or not lexicon.available:
        return False
    ws = _WORDS.findall(side.lower())
    return any(
        w in _PARTICLES and ws[i - 1] not in STOPWORDS and lexicon.is_noun(ws[i - 1])
        and (i + 1 == len(ws) or (ws[i + 1] in STOPWORDS and ws[i + 1] not in _DETERMINERS
                                  and ws[i + 1] not in OBJECT_STARTS))
        for i, w in enumerate(ws[1:CLAUSE_WORDS], 1))


# English's verb inflections: a run-on's new step opens with the bare imperative ("put"),
# not a finite verb of the clause before ("the tap in the bath takes a minute").
_INFLECTED = re.compile(r"(?:s|ed|ing)$")
# English prepositions WordNet also has as verbs (a closed class): "like a zombie",
# "except the salt" open no step.
_OTHER_PREPOSITIONS = frozenset({"like", "unlike", "except", "than", "as", "via", "per",
                                 "toward", "towards", "between", "among", "across", "along",
                                 "past", "since", "until", "till", "within", "without",
                                 "about", "above", "below", "beyond", "despite", "during",
                                 "opposite", "round", "around", "through", "throughout"})


_APOSTROPHE_WORDS = re.compile(r"[A-Za-z']+")


def _run_on(chunk: str, lexicon: Lexicon | None, on: Collection[str]) -> list[str]:
    """``chunk`` parted where a run-on starts a new step with no mark ("the watch is on the
    sofa put the mug away"): a bare word mostly a verb, right after a noun (no function word
    or adverb: "can you put", "to put", "do not want"), before a determiner opening its own
    object (not a pronoun pointing back: "the watch on the sofa put it away" is one step),
    where the words since the last part have a verb and say where a thing goes. With
    "runon_np" in ``on``, also where a determiner follows such a place's noun and opens a
    side with its own verb or place ("put it on the desk the book on my bed goes on the
    shelf")."""
    if lexicon is None or not lexicon.available or _DESTINATION.isdisjoint(chunk.lower().split()):
        return [chunk]
    ms = list(_APOSTROPHE_WORDS.finditer(chunk))
    ws = [m.group(0).lower() for m in ms]
    if "typo_det" in on:
        ws = _typo_determiners(ws, lexicon)
    if not _DESTINATION.intersection(ws):
        return [chunk]  # both kinds need a place before the joint
    out, start, last = [], 0, 0
    for i in range(2, len(ws) - 1):
        # Both kinds need a determiner at or right after the joint and no function word
        # before it (the cheap tests first: this runs on every chunk).
        if ws[i - 1] in STOPWORDS or not (ws[i] in _DETERMINERS or ws[i + 1] in _DETERMINERS):
            if ("bare_runon" in on and _bare_run_on(ws, i, last, lexicon, chunk, ms, on)) or (
                    "plural_runon" in on and _plural_run_on(ws, i, last, lexicon, chunk, ms)):
                out.append(chunk[start:ms[i].start()])
                start, last = ms[i].start(), i
            continue
        if not chunk[ms[i - 1].end():ms[i].start()].isspace():
            continue  # a mark between: the other joints' business
        if "runon_np" in on and _np_run_on(ws, i, last, lexicon, chunk, ms):
            out.append(chunk[start:ms[i].start()])
            start, last = ms[i].start(), i
        elif "runon" in on and (ws[i + 1] in _DETERMINERS and ws[i + 1] not in ("that", "her")
                and ws[i] not in STOPWORDS and ws[i] not in _PREPOSITIONS
                and ws[i] not in _OTHER_PREPOSITIONS and not _INFLECTED.search(ws[i])
                and lexicon.is_noun(ws[i - 1]) and not lexicon.is_adverb(ws[i - 1])
                and ws[i - 1] not in STOPWORDS
                and ws[i - 1] not in _PREPOSITIONS and "'" not in ws[i - 1]
                and any(w in _DESTINATION for w in ws[last + 1:i - 1])
                and _mostly_verb(ws[i], lexicon, on)
                and not _mostly_verb(ws[i - 1], lexicon)
                and _has_verb(" ".join(ws[last:i - 1]), lexicon, on)):
            out.append(chunk[start:ms[i].start()])
            start, last = ms[i].start(), i
    return [*out, chunk[start:]]


def _np_run_on(ws: Sequence[str], i: int, last: int, lexicon: Lexicon, chunk: str,
               ms: Sequence[re.Match[str]]) -> bool:
    """``ws[i]``, a determiner right after a thing's noun that ends a place phrase said
    since ``last`` with no mark in it ("... on the desk | the book on my bed goes on the
    shelf"), opens a new step: the words after it, to the next mark, say where their own
    thing is or goes."""
    if (ws[i] not in _DETERMINERS or ws[i] in ("that", "her") or i < last + 3
            or ws[i + 1] in _PREPOSITIONS or ws[i + 1] in _PARTICLES):
        return False
    prev = ws[i - 1]
    if (prev in STOPWORDS or "'" in prev or not lexicon.is_thing(prev)
            or lexicon.is_adverb(prev) or lexicon.verb_share(prev) >= 0.5):
        return False
    place = next((j for j in range(i - 2, max(last, i - 5), -1) if ws[j] in _DESTINATION), None)
    if (place is None or not _DETERMINERS & set(ws[place + 1:i - 1])
            or re.search(r"[^\w\s']", chunk[ms[place].end():ms[i].start()])):
        return False
    right = _WORDS.findall(re.split(r"[^\w\s']", chunk[ms[i].start():])[0].lower())
    return any(w in _DESTINATION for w in right[2:CLAUSE_WORDS])


def _bare_run_on(ws: Sequence[str], i: int, last: int, lexicon: Lexicon, chunk: str,
                 ms: Sequence[re.Match[str]], on: Collection[str] = ()) -> bool:
    """``ws[i]``, a two-word thing with no determiner (a compound the lexicon has, or two
    words neither mostly a verb) right after a noun that ends a place phrase ("... on the
    sink | hand towel on its ring"), opens a new step: the two words are followed by a
    place preposition and a determiner, no mark between, and the noun before and ``ws[i]``
    are no compound the lexicon has ("the kitchen sink"). With "bare_runon_det" in ``on``,
    the noun before may be a word mostly a verb when a determiner comes right before it: a
    determiner's word is its noun ("on its ring | toilet roll on the holder")."""
    if i < last + 3 or i + 3 >= len(ws) or ws[i + 2] not in _DESTINATION \
            or ws[i + 3] not in _DETERMINERS:
        return False
    prev, a, b = ws[i - 1], ws[i], ws[i + 1]
    if any(w in STOPWORDS or w in _PREPOSITIONS or w in _OTHER_PREPOSITIONS or "'" in w
           for w in (prev, a, b)):
        return False
    if (not lexicon.is_noun(prev) or not lexicon.is_noun(b) or (
            _mostly_verb(prev, lexicon)
            and not ("bare_runon_det" in on and ws[i - 2] in _DETERMINERS))
            or lexicon.is_noun(f"{prev}_{a}") or not (lexicon.is_noun(f"{a}_{b}") or not (
                _mostly_verb(a, lexicon) or _mostly_verb(b, lexicon)))):
        return False
    place = next((j for j in range(i - 2, max(last, i - 5), -1) if ws[j] in _DESTINATION), None)
    return (place is not None and bool(_DETERMINERS & set(ws[place + 1:i - 1]))
            and not re.search(r"[^\w\s']", chunk[ms[place].end():ms[i + 3].start()]))


def _plural_run_on(ws: Sequence[str], i: int, last: int, lexicon: Lexicon, chunk: str,
                   ms: Sequence[re.Match[str]]) -> bool:
    """``ws[i]``, one thing's noun with no determiner right after a plural noun that a
    determiner opens, where the words since ``last`` already say where a thing goes ("vase
    on the coffee table for the flowers | remote away in the drawer"), opens a new step: it
    is followed by a place preposition (a particle may come first) and a determiner, no
    mark between. English compounds take their first noun in the singular ("the flower
    vase"), so a plural noun before a bare noun ends its phrase; the two are no compound
    the lexicon has ("the glasses case")."""
    if i < last + 3 or ws[i - 2] not in _DETERMINERS:
        return False
    prev, a = ws[i - 1], ws[i]
    j = i + 1 + (i + 1 < len(ws) and ws[i + 1] in _PARTICLES and ws[i + 1] not in _DESTINATION)
    if (j + 1 >= len(ws) or ws[j] not in _DESTINATION or ws[j + 1] not in _DETERMINERS
            or any(w in STOPWORDS or w in _PREPOSITIONS or w in _OTHER_PREPOSITIONS
                   or "'" in w for w in (prev, a))):
        return False
    one = lexicon.singular(prev)
    if (one == prev or not lexicon.is_thing(prev) or not lexicon.is_thing(a)
            or _mostly_verb(prev, lexicon) or _mostly_verb(a, lexicon)
            or lexicon.is_noun(f"{prev}_{a}") or lexicon.is_noun(f"{one}_{a}")):
        return False
    place = next((k for k in range(i - 3, last, -1) if ws[k] in _DESTINATION), None)
    return place is not None and not re.search(r"[^\w\s']",
                                               chunk[ms[place].end():ms[j + 1].start()])


def _graded(ws: list[str]) -> tuple[list[str], set[int]]:
    """``ws`` without the standard of an equative that opens it ("as hot as it goes",
    "not as hot as ...": the words after the second "as"), and the places of the words a
    degree word or "not" grades ("not cold", "too deep"): those are the adjectives the
    lexicon has them as, noun or not."""
    if _DEGREE.isdisjoint(ws):
        return ws, set()
    i = 1 if ws[:1] and ws[0] in _DEGREE and ws[0] != "as" else 0
    if len(ws) > i + 2 and ws[i] == "as" and ws[i + 2] == "as":
        ws = ws[:i + 2]
    return ws, {i for i in range(1, len(ws)) if ws[i - 1] in _DEGREE}


def _no_orphans(steps: list[str], lexicon: Lexicon | None,
                on: Collection[str] = ()) -> list[str]:
    """``steps`` with each piece that cannot stand alone joined to the piece before it: one
    of only adjectives, adverbs and function words ("warm not hot"); with "degree" in
    ``on``, a word graded by a degree word is an adjective ("not too deep", "as hot as it
    goes", :func:`_graded`)."""
    if lexicon is None or not lexicon.available:
        return steps
    out = [steps[0]]
    for p in steps[1:]:
        ws = _WORDS.findall(p.lower())
        ws, graded = _graded(ws) if "degree" in on else (ws, set())
        content = [(w, i in graded) for i, w in enumerate(ws) if w not in STOPWORDS]
        if content and all((lexicon.is_adjective(w) or lexicon.is_adverb(w))
                           and (g or not lexicon.is_noun(w)) for w, g in content):
            out[-1] = f"{out[-1]}, {p}"
        else:
            out.append(p)
    return out


def _source_side(side: str) -> bool:
    """The side says where its thing comes from ("my phone off the desk"): a source word
    inside it, and no place it goes. Two such sides are gapping as two places are; a
    source and a place are one step ("the clock off the floor, back on the table")."""
    ws = [w.lower() for w in _WORDS.findall(side)[1:-1]]
    return any(w in SOURCE_WORDS for w in ws) and not any(w in _DESTINATION for w in ws)


def _from_side(side: str) -> bool:
    """The side says where a thing comes from: a source word inside it, before a
    determiner ("the statue off the coffee table"; not "the hob's off now")."""
    ws = [w.lower() for w in _WORDS.findall(side)]
    return any(w in SOURCE_WORDS and ws[i + 1] in _DETERMINERS
               for i, w in enumerate(ws[1:-1], 1))


def _new_thing(side: str, lexicon: Lexicon | None) -> bool:
    """The side opens with a new thing: a determiner, or a noun that is no preposition or
    particle ("the statue off the table"; not "back on the table", "off the floor") and
    has no object pronoun after it ("season them with ...": a verb); and its noun phrase
    is no pro-form "one" ("the one by the bed" tells the thing before apart)."""
    ws = _WORDS.findall(side.lower())
    if not ws or lexicon is None or not lexicon.available:
        return False
    if not _ONE.isdisjoint(ws[:next((i for i, w in enumerate(ws) if w in _PREPOSITIONS),
                                    len(ws))]):
        return False  # "the one by the bed": the thing before, told apart
    if ws[0] in _DETERMINERS:  # "its in the way": no thing after it
        return len(ws) > 1 and ws[1] not in _PLACE and ws[1] not in _DESTINATION
    return (
        lexicon.is_noun(ws[0]) and ws[0] not in STOPWORDS and ws[0] not in _PREPOSITIONS
        and ws[0] not in _PARTICLES and ws[0] not in _OTHER_PREPOSITIONS
        and (len(ws) == 1 or ws[1] not in OBJECT_STARTS - _DETERMINERS))


def _joined_to(pieces: Sequence[str], most: int) -> list[str]:
    """``pieces`` in order, the two neighbours of fewest words between them joined (the
    first such pair on a tie), again, until ``most`` remain. A heading, a count, a
    greeting or a thank-you ("Row 3", "(ii)", "Cheers") joins a neighbour before two
    steps said at length do, so a long list keeps its steps apart where its cap would
    have joined all of its last ones into one top-k. A heap of the pairs, so a
    2,000-character list of one-word pieces costs n log n, not n squared."""
    n = len(pieces)
    text = list(pieces)
    size = [len(_WORDS.findall(p)) for p in pieces]
    after = list(range(1, n + 1))
    before = list(range(-1, n - 1))
    alive = [True] * n
    heap = [(size[i] + size[i + 1], i, i + 1) for i in range(n - 1)]
    heapq.heapify(heap)
    left = n
    while left > most:
        both, i, j = heapq.heappop(heap)
        if not (alive[i] and alive[j] and after[i] == j and size[i] + size[j] == both):
            continue  # a pair one side of which has been joined since
        text[i] = f"{text[i]} {text[j]}"
        size[i] = both
        alive[j] = False
        after[i] = after[j]
        if after[j] < n:
            before[after[j]] = i
        left -= 1
        if before[i] >= 0:
            heapq.heappush(heap, (size[before[i]] + size[i], before[i], i))
        if after[i] < n:
            heapq.heappush(heap, (size[i] + size[after[i]], i, after[i]))
    return [t for t, keep in zip(text, alive, strict=True) if keep]


def split_subtasks(instruction: str, lexicon: Lexicon | None = None,
                   join_shortest: bool = RecallConfig.cap_joins_shortest,
                   more_joints: bool = RecallConfig.split_more_joints) -> list[str]:
    """The instruction's steps, in order (the instruction itself if it has one step), at
    most MAX_SUBTASKS: over it, ``join_shortest`` (``RecallConfig.cap_joins_shortest``)
    joins the neighbours of fewest words (:func:`_joined_to`); off, the pieces past the
    cap's last are joined into it."""
    text = check_instruction(instruction)
    joints_on = frozenset(SPLIT_JOINTS) if more_joints else frozenset()
    parts: list[str] = []
    if "spoken" in joints_on:
        text = _spoken_marks(text)
    listed = (_bare_numbered(text) if "bare_numbered" in joints_on and "1" in text
              else [text])
    chunks = [c for item in listed
              for part in (_NUMBERED.split(item) if "numbered" in joints_on
                           and _NUMBER_MARK.search(item) else [item])
              for c in _HARD.split(part)]
    if "line" in joints_on:
        chunks = [c for ch in chunks for c in _LINE.split(ch or "")]
    if "bullet" in joints_on and _LIST_MARK.search(text):
        chunks = [c for ch in chunks for c in _BULLET.split(ch or "")]
        chunks = [c for ch in chunks
                  for c in (_PROMPT.split(ch) if ch.lstrip().startswith(">") else [ch])]
        chunks = [c for ch in chunks
                  for c in (_STAR.split(ch) if ch.lstrip().startswith("*") else [ch])]
    and_ = (_AND_PLUS if "plus_n" in joints_on
            else _AND_ANY if "emoji" in joints_on else _AND)
    if "runon" in joints_on or "runon_np" in joints_on:
        chunks = [c for ch in chunks for c in _run_on(ch or "", lexicon, joints_on)]
    for chunk in chunks:
        for piece in _SOFT.split(chunk or ""):
            piece = (piece or "").strip(" ,")
            if not piece:
                continue
            # "... and put it away": split before a clause that starts with a verb.
            start = 0
            joints = list(and_.finditer(piece))
            for i, m in enumerate(joints):
                end = joints[i + 1].start() if i + 1 < len(joints) else len(piece)
                left, right = piece[start:m.start()], piece[m.start(2):end]
                # Gapping: "put the wine in the fridge and the pencil in a drawer"
                # leaves the second verb out; a determiner starts its object.
                first = m.group(2).lower()
                if "typo_det" in joints_on:
                    first = _typo_determiners([first], lexicon)[0]
                new_phrase = "," in m.group(1) or first in _DETERMINERS
                if (_mostly_verb(m.group(2), lexicon, joints_on)
                        or _two_clauses(left, right, new_phrase, lexicon, joints_on)) or (
                        joints_on and _new_joint(piece, joints, i, left, right, new_phrase,
                                                 lexicon, joints_on)):
                    parts.append(left)
                    start = m.start(2)
            parts.append(piece[start:])
    steps = []
    for p in parts:
        p = p.strip(" ,")
        while True:
            q = _FILLER.sub("", p)
            if q == p:
                break
            p = q
        if any(c.isalpha() for c in p):
            steps.append(p)
    if not steps:
        return [text]
    if len(steps) > 1 and "modifier" in joints_on:
        steps = _no_orphans(steps, lexicon, joints_on)
    if len(steps) > MAX_SUBTASKS:
        steps = (_joined_to(steps, MAX_SUBTASKS) if join_shortest
                 else [*steps[:MAX_SUBTASKS - 1], " ".join(steps[MAX_SUBTASKS - 1:])])
    return steps


def _bare_numbered(text: str) -> list[str]:
    """``text`` parted before each numeral of a list numbered with bare numerals
    (:data:`_BARE_NUMERAL`, "bare_numbered"); ``[text]`` without such a list (a "1" that
    opens a sentence, then "2", at the least)."""
    marks: list[int] = []
    for m in _BARE_NUMERAL.finditer(text):
        n = int(m.group(1))
        before = text[:m.start()]
        if not marks:
            if n == 1 and _OPENS.search(before):
                marks.append(m.start())
        elif n == len(marks) + 1 and not re.search(
                r"(?:,|\b(?:and|or|n|plus)|[+&])\s*$", before, re.IGNORECASE):
            marks.append(m.start())
    if len(marks) < 2:
        return [text]
    cuts = [0, *marks[1:], len(text)] if marks[0] == 0 else [0, *marks, len(text)]
    return [text[a:b] for a, b in zip(cuts[:-1], cuts[1:], strict=True)]


def _spoken_marks(text: str) -> str:
    """``text`` with dictated punctuation (:data:`_SPOKEN`) written as the marks: "the box
    comma the empty one comma goes in the bin period" -> "the box, the empty one, goes in
    the bin." A name opening the text or after a determiner stays a word ("period
    cramps", "the period")."""
    def mark(m: re.Match[str]) -> str:
        before = _WORDS.findall(text[:m.start()].lower())
        if not before or before[-1] in _DETERMINERS:
            return m.group(0)
        name = re.sub(r"\s+", " ", m.group("name").lower())
        return _SPOKEN_MARK.get(name, _SPOKEN_MARK.get(name.replace("-", " "), ",")) + " "

    # A telegram's full stop: "EGGS INTO FRIDGE STOP FOIL INTO DRAWER".
    if "STOP" in text and text.isupper():
        text = re.sub(r"\s+STOP\b\s*", ". ", text)
    low = text.lower()
    return _SPOKEN.sub(mark, text) if any(k in low for k in _SPOKEN_ANY) else text


def refers_back(step: str, lexicon: Lexicon | None = None,
                demonstratives: bool = False, alone: bool = False) -> bool:
    """The step acts on a thing it names only by a pronoun ("put them out by the bin",
    "switch it on", "microwave it"); a subject "it" ("if it boils over") does not count,
    nor a pronoun after a thing the step names itself ("fill a glass with water and put it
    on the table": WordNet's main sense of "glass" is a physical thing). With
    ``demonstratives``, a demonstrative or "one" standing for a thing counts too
    (:func:`_demonstrative`: "put that in the fridge", "the one lying on the bed"). With
    ``alone``, so does a word of :data:`_ALONE_PRONOUNS` standing alone as a verb's object
    (:func:`_alone_object`: "put him back on the bed", "take both to the kitchen")."""
    ws = _WORDS.findall(step.lower())
    verbs = _verbs(ws)
    for i, w in enumerate(ws):
        if w in ("them", "they", "em") or (
                alone and w in _ALONE_PRONOUNS and _alone_object(ws, i, lexicon)) or (
                w in ("it", *(_DEMONSTRATIVES if demonstratives else ()))
                and i > 0 and ws[i - 1] not in _SUBJECT_BEFORE
                and (i + 1 == len(ws) or ws[i + 1] not in _AUXILIARIES)
                and (w == "it" or _demonstrative(ws, i, lexicon))) or (
                demonstratives and w in _ONE and _demonstrative(ws, i, lexicon)):
            return not (lexicon is not None and lexicon.available and any(
                not verb and b not in STOPWORDS and lexicon.is_thing(b)
                for b, verb in zip(ws[:i], verbs[:i], strict=True)))
    return False


def _alone_object(ws: Sequence[str], i: int, lexicon: Lexicon | None) -> bool:
    """``ws[i]`` is a verb's object standing alone: a word the lexicon has as a verb (no
    auxiliary or copula: "that's all") comes right before it, and nothing it determines or
    quantifies comes after (:func:`_demonstrative`; not "of": "all of the cups" names its
    cups)."""
    return (i > 0 and lexicon is not None and lexicon.available
            and ws[i - 1] not in _EXISTENTIAL and lexicon.verb_share(ws[i - 1]) > 0
            and (i + 1 == len(ws) or ws[i + 1] != "of") and _demonstrative(ws, i, lexicon))


def _demonstrative(ws: Sequence[str], i: int, lexicon: Lexicon | None) -> bool:
    """``ws[i]`` ("that", "those", ..., or "one") stands alone for a thing: nothing it
    determines follows (the phrase ends, or a preposition or particle comes next: "put
    that in the fridge", "get that out", "take that one to the kitchen"),
    and "one" follows a determiner or "other"/"same" ("the one lying on the bed"; not a
    count, "put one on the roll"). A demonstrative before a pronoun, a determiner or a
    verb is a conjunction or a relative ("see that it goes", "ask that the lamp be
    switched off", "the card that was"), never this."""
    nxt = ws[i + 1] if i + 1 < len(ws) else ""
    if ws[i] in _ONE:
        return (i > 0 and (ws[i - 1] in _DETERMINERS or ws[i - 1] in _ONE_AFTER)
                and not (nxt and lexicon is not None and lexicon.available
                         and lexicon.is_thing(nxt)))
    return nxt in ("", *_ONE) or nxt in _PREPOSITIONS or nxt in _PARTICLES


def pronoun_after_preposition(step: str, lexicon: Lexicon | None = None,
                              partitives: bool = False,
                              scene_words: Callable[[], Collection[str]] | None = None,
                              ) -> bool:
    """A pronoun is the object of a preposition ("drop the pens in it", "right beside it",
    "put some water in with it"): it stands for a thing an earlier step named, whatever the
    step names itself (what goes in it is not it). Not when the step names two things
    before it that are not a list ("the box with the remote in it": the remote is the
    clause's own, the box can be "it"; "spatula, S and P beside it" is one list). With
    ``partitives``, a quantifier's "of" is no preposition of place: "the cups, both of them"
    and "CDs, I see two of 'em" share out the step's own things (:func:`_partitive`).
    ``scene_words`` (asked only when a pronoun is found): the words of the names of the
    types here, which are things too where WordNet's first sense of the word is not one
    ("the microwave has soup in it": its first sense is a wave)."""
    ws = _WORDS.findall(step.lower())
    for i, w in enumerate(ws):
        if (w in ("it", "them", "em") and i > 0 and ws[i - 1] in _PREPOSITIONS
                and not (partitives and _partitive(ws, i))):
            return not _other_thing_before(ws[:i], lexicon,
                                           scene_words() if scene_words else ())
    return False


def scene_words_of(units: Sequence[ObjectMemoryUnit]) -> Callable[[], frozenset[str]]:
    """:func:`pronoun_after_preposition`'s ``scene_words`` for ``units``: the words of their
    types' names, read once and only when first asked (most steps have no pronoun after
    a preposition, and at 10,000 units the read is a pass over all of them)."""
    held: list[frozenset[str]] = []

    def scene_words() -> frozenset[str]:
        if not held:
            held.append(frozenset(w for label in {u.label for u in units}
                                  for w in words(label)))
        return held[0]

    return scene_words


def _partitive(ws: Sequence[str], i: int) -> bool:
    """``ws[i]``, a pronoun, ends a partitive: "of" after a quantifier or a count said as
    a word ("all of them", "the rest of them", "two of 'em"; the step's words hold no
    digits)."""
    return i > 1 and ws[i - 1] == "of" and ws[i - 2] in QUANTIFIERS


def _other_thing_before(ws: Sequence[str], lexicon: Lexicon | None,
                        scene_words: Collection[str] = ()) -> bool:
    """Two things named in ``ws`` (heads: a thing word not followed by another) with no
    coordinator between them. A thing word: WordNet's first sense of it is a physical
    thing, or it is a word of a name in ``scene_words`` (lemmas)."""
    if lexicon is None or not lexicon.available:
        return False

    # A region of a thing is no thing ("on top of it": the counter top's word).
    regions = region_words(ws, lexicon) if scene_words else frozenset()

    def thing(j: int) -> bool:
        w = ws[j]
        return lexicon.is_thing(w) or (j not in regions and lemma(w) in scene_words)

    verbs = _verbs(ws)
    heads = [j for j, w in enumerate(ws)
             if not verbs[j] and w not in STOPWORDS and thing(j)
             and not (j + 1 < len(ws) and thing(j + 1))]
    return any(not _COORDINATORS & set(ws[a + 1:b]) for a, b in zip(heads, heads[1:],
                                                                     strict=False))


def there_place(step: str) -> bool:
    """The step says where its thing goes only by "there" ("light it and leave it
    there", "the brush goes there too"): "there" is no dummy subject ("there's a mug"),
    says no state ("how long has it been there"), is no preposition's object or
    determiner's word ("in there", "that there plunger"), and the step names no place
    before it ("the mug on the desk, leave it there": the desk)."""
    ws = _WORDS.findall(step.lower())
    for i, w in enumerate(ws):
        if w != _THERE or i == 0:
            continue
        # "has been there", "it's there": where a thing is, said of the step's own place.
        if (i + 1 < len(ws) and ws[i + 1] in _EXISTENTIAL) or ws[i - 1] in _EXISTENTIAL \
                or ws[i - 1] in _PREPOSITIONS or ws[i - 1] in _DETERMINERS:
            continue
        return not any(x in _PREPOSITIONS and x not in ("with", "of") for x in ws[:i])
    return False


def destination_phrase(step: str, lexicon: Lexicon | None = None,
                       join_shortest: bool = RecallConfig.cap_joins_shortest,
                       more_joints: bool = RecallConfig.split_more_joints) -> str:
    """The step's nominal words from where its last clause putting a thing somewhere puts
    it ("to the coffee table" of "carry it to the coffee table"; "next to the toilet" of
    "the rubber thing ... is lying in the bath - stand it next to the toilet"; "" when it
    puts nothing anywhere): the words :func:`object_phrase` leaves out as the destination,
    with "to" before a determiner."""
    for clause in reversed(split_subtasks(step, lexicon, join_shortest, more_joints)):
        phrase = _destination_words(clause)
        if phrase:
            return phrase
    return ""


def _destination_words(step: str) -> str:
    ws = _nominals(step)
    for i, w in enumerate(ws):
        if i > 0 and (w in _DESTINATION or _to_place(ws, i)):
            return " ".join(ws[i:])
    return ""


def _to_place(ws: Sequence[str], i: int) -> bool:
    """``ws[i]`` is "to" before a determiner: it opens a place ("to the sink"), not a verb
    ("to wash the mug")."""
    return ws[i] == "to" and i + 1 < len(ws) and ws[i + 1] in _DETERMINERS


def _destination(recaller: Recaller,
                 before: Sequence[tuple[str, list[RankedUnit]]]) -> list[RankedUnit]:
    """What the nearest earlier step naming a destination named there, from that step's
    own top-k ([] when no earlier step puts a thing anywhere it names)."""
    for earlier, ranked in reversed(before):
        phrase = destination_phrase(earlier, recaller.lexicon,
                                    recaller.config.cap_joins_shortest,
                                    recaller.config.split_more_joints)
        places = _named(recaller, phrase, ranked)
        if places:
            return places
    return []


def _puts_back(step: str) -> bool:
    """The step puts a pronoun back ("put it back where you found it", "them back")."""
    ws = _WORDS.findall(step.lower())
    return any(w in _ANAPHORS and nxt == _RETURN
               for w, nxt in zip(ws, ws[1:], strict=False))


def _source_split(step: str) -> tuple[str, str] | None:
    """(what the step takes, where from) of a step that takes a thing from a place
    ("grab the wine out of the fridge": "the wine", "the fridge"); None for another step."""
    ws = _nominals(step)
    for i, w in enumerate(ws):
        if i > 0 and (w in ("from", "off") or (w == "of" and ws[i - 1] == "out")):
            return " ".join(ws[:i - (w == "of")]), " ".join(ws[i + 1:])
    return None


def _nominals(step: str) -> list[str]:
    """The step's words less its verbs where grammar shows them: a word (not a function
    word) right before a pronoun acts on it ("switch it on": a name does not go on with
    "it"), and so does a first word right before a determiner ("microwave the soup"; later
    on, "give the ladle a rinse" has a name there)."""
    ws = _WORDS.findall(step.lower())
    return [w for w, verb in zip(ws, _verbs(ws), strict=True) if not verb]


def _verbs(ws: Sequence[str]) -> list[bool]:
    """For each word, whether grammar shows it is a verb (see :func:`_nominals`)."""
    return [(nxt in _ANAPHORS and w not in STOPWORDS and w not in _DESTINATION)
            or (i == 0 and nxt in _DETERMINERS)
            for i, (w, nxt) in enumerate(zip(ws, [*ws[1:], ""][:len(ws)], strict=True))]


def object_phrase(step: str, to_place: bool = False) -> str:
    """The step's nominal words before where it puts things ("glass bottles out" of "rinse
    the glass bottles out at the sink"): what a step names there is what it acts on, not
    its destination. With ``to_place``, "to" before a determiner starts a destination too
    ("tote that big pot over to the sink": the pot); "to" before a verb does not ("want
    to wash the mug")."""
    ws = _nominals(step)
    for i, w in enumerate(ws):
        # Where it goes, or where it comes from ("take the pot out of the fridge").
        if i > 0 and (w in _DESTINATION or w == "from" or (w == "of" and ws[i - 1] == "out")
                      or (to_place and _to_place(ws, i))):
            return " ".join(ws[:i - (w == "of")])
    return " ".join(ws)


# A letter the speaker names a thing by, as proofs and manuals do: "let R be the remote
# control", "the newspaper N", "the alarm clock (A)". Upper case, one letter, not "I" or
# "A" at the start of a sentence (a word). English's forms of a definition, not a list of
# names: "let X be NP" / "call it X"; an NP then the letter alone or in brackets.
_LET = re.compile(r"\blet\s+([B-HJ-Z])\s+(?:be|stand\s+for|denote)\s+([^,.;:!?()]+?)"
                  r"(?=\s+and\s+let\b|[,.;:!?()]|$)", re.IGNORECASE)
_AFTER_NP = re.compile(r"\b((?:[Tt]he|[Aa]n?|[Mm]y|[Yy]our)\s+(?:[a-z]+\s+){0,2}[a-z]+)\s+"
                       r"\(?([B-HJ-Z])\)?(?=[\s,.;:!?)]|$)")
_LETTER = re.compile(r"(?<![\w'\-])([B-HJ-Z])(?![\w'\-])")


def defined_letters(text: str) -> dict[str, str]:
    """The letters ``text`` defines and the noun phrase each stands for ("Let R be the
    remote control and let T be the TV stand" -> {"R": "the remote control", "T": "the TV
    stand"}); a letter defined twice keeps its first phrase."""
    out: dict[str, str] = {}
    for m in _LET.finditer(text):
        if m.group(1).isupper():
            out.setdefault(m.group(1), m.group(2).strip())
    for m in _AFTER_NP.finditer(text):
        # A noun phrase: its words after the determiner are no function words ("the mug
        # on shelf B" labels a shelf, it does not define B as the mug).
        if not STOPWORDS.intersection(m.group(1).lower().split()[1:]):
            out.setdefault(m.group(2), m.group(1).strip())
    return out


def spell_letters(step: str, letters: Mapping[str, str]) -> str:
    """``step`` with each defined letter said alone replaced by its phrase ("move R to the
    coffee table" -> "move the remote control to the coffee table")."""
    if not letters:
        return step
    return _LETTER.sub(lambda m: letters.get(m.group(1), m.group(1)), step)


# A step's number, as people number a list: "1.", "2)", "(iii)", "Step 3:" opening a step
# (digits or lower-case roman numerals; the grammar of a numbered list, no vocabulary).
_NUMERAL = r"(?:\d{1,2}|[ivx]{1,5})"
_STEP_NUMBER = re.compile(rf"(?:^|(?<=[.;:!?]\s)|(?<=\n))(?:step\s+)?"
                    rf"(?:\(({_NUMERAL})\)|({_NUMERAL})[.):])(?=\s)", re.IGNORECASE)
# A step naming another by its number: "the thing from step 1", "step 3's", "the thing
# from (iii)", "same place as 1". A bare numeral counts only in brackets or at a phrase's
# end ("as 1.": not "from 2 shelves"); "as" compares (see :func:`step_references`).
_STEP_REF = re.compile(
    rf"\bstep\s+\(?({_NUMERAL})\)?(?![\w])"
    rf"|\b(as|from|of|in|at|to|like)\s+(?:\(({_NUMERAL})\)|({_NUMERAL})(?=\s*(?:[,.;:!?)]|$)))",
    re.IGNORECASE)


def step_numbers(instruction: str, steps: Sequence[str]) -> list[str]:
    """Each step's number in ``instruction`` ("1", "iii"; lower case), "" for a step
    before any: the last number at or before where the step is said, so a numbered step
    the splitter cut in two (its number dropped, "2." alone names nothing) keeps its
    number in both halves. Numbers count only when the instruction has two or more."""
    found = [(m.start(), (m.group(1) or m.group(2)).lower())
             for m in _STEP_NUMBER.finditer(instruction)]
    if len({n for _, n in found}) < 2:
        return [""] * len(steps)
    low = instruction.lower()
    out: list[str] = []
    cursor = 0
    for step in steps:
        head = " ".join(step.lower().split()[:4])
        at = low.find(head, cursor) if head else -1
        if at >= 0:
            cursor = at
        label = ""
        for pos, n in found:
            if pos > cursor:
                break
            label = n
        out.append(label)
    return out


def step_references(step: str) -> list[tuple[str, bool]]:
    """The numbers ``step`` names other steps by, each with whether it compares ("same
    place as 1": where step 1 put its thing) rather than names that step's thing ("the
    thing from step 1"); the step's own opening number is not a reference."""
    own = _STEP_NUMBER.match(step.lstrip())
    text = step.lstrip()[own.end():] if own else step
    return [((m.group(1) or m.group(3) or m.group(4)).lower(),
             (m.group(2) or "").lower() in ("as", "like"))
            for m in _STEP_REF.finditer(text)]


def _numbered(recaller: Recaller, step: str, number: str, numbers: Sequence[str],
              read: Sequence[tuple[str, list[RankedUnit]]]) -> list[RankedUnit]:
    """What ``step`` names by an earlier step's number (:func:`step_references`): that
    step's object first and the rest it named, or for a comparison where it put its thing
    first; [] when the step names no earlier step's number."""
    out: dict[str, RankedUnit] = {}
    for ref, compares in step_references(step):
        if ref == number:
            continue
        # Its first piece first: "the thing from step 1" is what step 1 acts on.
        pieces = [read[j] for j in range(len(read)) if numbers[j] == ref][::-1]
        if not pieces:
            continue
        places = _destination(recaller, pieces) if compares else []
        for r in [*places, *_antecedents(recaller, pieces)]:
            out.setdefault(r.unit.object_id, r)
    return list(out.values())


def pronoun_object(step: str, demonstratives: bool = False,
                   subjects: bool = False) -> str:
    """:func:`object_phrase` ended at its first pronoun: a step that acts on "them" acts on
    nothing it names after them ("deliver them to the drawer": the drawer is where they
    go, though "to" also opens a verb's object and so does not end an object phrase).
    A pronoun before a content word is a determiner ("them plates ... wash 'em up": the
    plates), not the object: the phrase goes on. With ``demonstratives``, a demonstrative
    standing alone ends it too ("take that one to the cabinet"). With ``subjects``, "they"
    whose verb goes to a place ends it too ("then they go home to the cupboard", "they
    must stand on the shelf": what they are is moved, the cupboard is where; not "they
    brought back the bowl", "they took my laptop": people, and the step's own object)."""
    ws = object_phrase(step).split()
    for i, w in enumerate(ws):
        if (w in _ANAPHORS and (i + 1 == len(ws) or ws[i + 1] in STOPWORDS
                                or (subjects and w == "they" and _goes_to_place(ws, i)))) or (
                demonstratives and w in _DEMONSTRATIVES and _demonstrative(ws, i, None)):
            return " ".join(ws[:i + 1])
    return " ".join(ws)


def _goes_to_place(ws: Sequence[str], i: int) -> bool:
    """Within the three words after ``ws[i]`` (its verb, an auxiliary, an adverb) a place
    or "home" comes before any determiner, pronoun or noun it could act on: "they go home
    to the cupboard", "they must stand on the shelf"; not "they brought back the bowl"."""
    for w in ws[i + 2:i + 4]:
        if w in _PLACE_AFTER_SUBJECT:
            return True
        if w in DETERMINERS or w in _ANAPHORS or w in ("my", "our", "your"):
            return False
    return False


_PLACE_AFTER_SUBJECT = frozenset({"home", "in", "into", "on", "onto", "to", "under",
                                  "inside", "beside", "by", "next"})


# "put it where the bowl was at the very start", "where the paper was first", "where the
# bowl started": a relative clause of place whose verb says where a thing was before (the
# past of being or staying put, a closed class of English). Its noun phrase names a thing
# an earlier step moved; the place meant is where that thing was, not the thing.
_WHERE_WAS = re.compile(
    r"\bwhere(?:ver)?\s+((?:the|that|this|those|these|my|your|his|her|its|their|our)"
    r"\s+[a-z][a-z' -]*?)\s+(?:was|were|started|sat|stood|lay|had\s+been|used\s+to\s+be)\b",
    re.IGNORECASE)


def earlier_place(step: str) -> str:
    """The noun phrase of the step's "where <a thing> was" clause ("the bowl" of "put it
    where the bowl was at the very start"), or "" when it has none."""
    m = _WHERE_WAS.search(step)
    return m.group(1) if m else ""


# A thing's usual place said as where it "lives", "belongs" or "goes": the verbs English
# gives a thing's home with (their forms, a closed paradigm), as a tour or a house rule says
# it ("the ladle and the spatula live in the drawer", "books go on the shelf").
_HOME_VERBS = frozenset({"live", "lives", "lived", "living", "belong", "belongs",
                         "belonged", "go", "goes"})
# "put it where it lives", "take one from where they live", "where it belongs".
_WHERE_HOME = re.compile(r"\bwhere\s+(?:it|they|he|she)\s+(?:lives?|belongs?)\b",
                         re.IGNORECASE)
_HOME = re.compile(r"\bhome\b", re.IGNORECASE)
_CLAUSE_END = ",;:.!?-\u2013\u2014"


def home_place(step: str, lexicon: Lexicon | None = None) -> bool:
    """The step sends its thing to its usual place without naming it: "where it lives" /
    "where they belong", or "home" as an adverb of place, the first word of a clause or
    after a pronoun, "back" or a verb ("go home too", "back home", ", home please"; not
    "someone's home", "their permanent home", "far from home")."""
    low = step.lower()
    if "home" not in low and "where" not in low:
        return False  # most steps: no regex run (each costs microseconds per step)
    if "where" in low and _WHERE_HOME.search(step):
        return True
    for m in _HOME.finditer(step) if "home" in low else ():
        before = step[:m.start()].rstrip()
        if not before or before[-1] in _CLAUSE_END:
            return True
        prev = _WORDS.findall(before.lower())
        w = prev[-1] if prev else ""
        if w in _ANAPHORS or w == _RETURN or (
                w not in STOPWORDS and w not in _AUXILIARIES and lexicon is not None
                and lexicon.available and lexicon.verb_share(w) > 0.5):
            return True
    return False


def _place_head(phrase: str) -> str:
    """The first place a destination phrase names, without the landmark that says which
    ("the drawer" of "in the drawer left of the stove", "the toilet" of "next to the
    toilet")."""
    ws = phrase.split()
    i = 0
    while i < len(ws) and (ws[i] in _DESTINATION or ws[i] in _PREPOSITIONS):
        i += 1
    for j in range(i, len(ws)):
        if ws[j] in _DESTINATION or ws[j] in _PREPOSITIONS:
            return " ".join(ws[i:j])
    return " ".join(ws[i:])


def _home_of(recaller: Recaller, before: str, things: Sequence[RankedUnit],
             units: Sequence[ObjectMemoryUnit], k: int,
             labels: Mapping[str, str] | None = None,
             area_names: Mapping[str, str] | None = None,
             units_key: object = None) -> list[RankedUnit]:
    """Where the text ``before`` a step says ``things`` live: the nearest clause whose verb
    is one of a home ("live", "belong", "go") or that has no verb (a tour's list, "mugs in
    the cabinet, cups on the shelf"), names one of those things as what it places and
    names a place ([] when none does). That clause alone is ranked (the preamble of a tour
    is no step): one ranking at most per step, however long the text before it."""
    types = {r.description.type_name for r in things}
    if not types or not any(c.isalpha() for c in before):
        return []
    lexicon = recaller.lexicon
    for clause in reversed(split_subtasks(before, lexicon,
                                          recaller.config.cap_joins_shortest,
                                          recaller.config.split_more_joints)):
        ws = _WORDS.findall(clause.lower())
        place = _place_head(_destination_words(clause))
        if not place or not (_HOME_VERBS & set(ws) or not _has_verb(clause, lexicon)):
            continue
        thing = object_phrase(clause)
        if max(recaller.names_in(thing, types).values(), default=0.0) < MAJORITY:
            continue
        ranked = recaller.rank(clause, units, k, labels=labels, area_names=area_names,
                               units_key=units_key)
        if not types & {r.description.type_name for r in _named(recaller, thing, ranked)}:
            return []
        return [r for r in _named(recaller, place, ranked)
                if r.description.type_name not in types]
    return []


def _source_place(words: str) -> str:
    """The place phrase of :func:`_source_split`'s second part, up to where the step goes
    on ("the shelf" of "the shelf and put it on the counter")."""
    ws = words.split()
    for i, w in enumerate(ws):
        if w in _DESTINATION or w in _COORDINATORS:
            return " ".join(ws[:i])
    return words


def _taken_from(recaller: Recaller, phrase: str,
                before: Sequence[tuple[str, list[RankedUnit]]]) -> list[RankedUnit]:
    """Where the first earlier step taking ``phrase``'s thing from a place took it from,
    from that step's own top-k ("take the bowl off the shelf and put it on the counter":
    the shelf); [] when no earlier step took that thing from anywhere it names. The first,
    not the nearest: the place a thing was is where it was before anything moved it."""
    for earlier, ranked in before:
        split = _source_split(earlier)
        if split is None:
            continue
        said = {r.unit.object_id for r in _named(recaller, phrase, ranked, least=1e-9)}
        taken = {r.unit.object_id for r in _named(recaller, split[0], ranked, least=1e-9)}
        if not said & taken:
            continue
        places = [r for r in _named(recaller, _source_place(split[1]), ranked)
                  if r.unit.object_id not in taken]
        if places:
            return places
    return []


def _without_landmark(recaller: Recaller, step: str, phrase: str,
                      ranked: list[RankedUnit]) -> list[RankedUnit]:
    """``ranked`` less the units only ``phrase`` (a clause's thing that says which place)
    names: the rest of the step does not act on them."""
    rest = step.replace(phrase, " ", 1)
    kept = {r.unit.object_id for r in _named(recaller, " ".join(_nominals(rest)), ranked,
                                             least=1e-9)}
    said = {r.unit.object_id for r in _named(recaller, phrase, ranked, least=1e-9)}
    return [r for r in ranked if r.unit.object_id not in said - kept]


def _named(recaller: Recaller, text: str, ranked: Sequence[RankedUnit],
           least: float = MAJORITY) -> list[RankedUnit]:
    """The units of ``ranked`` whose type ``text`` names at least ``least`` (default: its
    head noun or better, "the glass bottles", "the mug"), in ranked order."""
    if not ranked or not any(c.isalpha() for c in text):
        return []
    names = recaller.names_in(text, [r.description.type_name for r in ranked])
    return [r for r in ranked if names.get(r.description.type_name, 0.0) >= least]


def _returned(recaller: Recaller,
              before: Sequence[tuple[str, list[RankedUnit]]]) -> list[RankedUnit]:
    """What the last step that took a thing from a place took, then that place, from
    the step's own top-k ([] when no earlier step took a thing it names from anywhere)."""
    for step, ranked in reversed(before):
        split = _source_split(step)
        if split is None:
            continue
        objects = _named(recaller, split[0], ranked)
        if objects:
            ids = {r.unit.object_id for r in objects}
            return objects + [r for r in _named(recaller, split[1], ranked)
                              if r.unit.object_id not in ids]
    return []


def _antecedents(recaller: Recaller,
                 before: Sequence[tuple[str, list[RankedUnit]]],
                 step: str = "", there: Sequence[RankedUnit] = ()) -> list[RankedUnit]:
    """What the last step that names its object in its object phrase named (see
    :func:`recall_subtasks`), from that step's own top-k. When no step names its object
    (the object was said in words that name nothing here: "take the little stone figure
    down from the shelf, dust it and put it back"), what the last step naming anything
    named: where the thing was or went is what the pronoun's step still needs. [] when
    no step names anything. The nearest step naming its object even partly wins. A
    ``step`` that puts its pronoun back refers to the last
    thing taken from somewhere, not to the last thing named ("grab the wine out of the
    fridge", "pour me a cup", "put it back where you found it": the wine). ``there``: the
    place the step's "there" stands for, right after the thing ("carry it to the coffee
    table", "leave it there": the candle, then the coffee table)."""
    if recaller.config.antecedent_return and _puts_back(step):
        taken = _returned(recaller, before)
        if taken:
            return taken
    for earlier, ranked in reversed(before):
        phrase = object_phrase(earlier, recaller.config.antecedent_to_place)
        objects = _named(recaller, phrase, ranked)
        if not objects and recaller.config.antecedent_nearest:
            # Recency over strength: "the soap's in the tub, fish it out" names the soap
            # bar only partly, and a later "park it back" still means it, not the brush
            # a step before it named outright.
            objects = _named(recaller, phrase, ranked, least=1e-9)
        if not objects and recaller.config.antecedent_clauses:
            # The step's first clause acts on nothing here ("proceed to the dining table
            # and collect the pen and the pencil"): the nearest later clause naming its
            # object names the thing, as the nearest step does.
            for clause in reversed(split_subtasks(
                    earlier, recaller.lexicon, recaller.config.cap_joins_shortest,
                    recaller.config.split_more_joints)[1:]):
                if recaller.config.antecedent_past_pronouns and refers_back(
                        clause, recaller.lexicon, recaller.config.demonstratives,
                        recaller.config.alone_pronouns):
                    continue
                objects = _named(recaller, object_phrase(
                    clause, recaller.config.antecedent_to_place), ranked)
                if objects:
                    break
        if objects and recaller.config.plural_antecedents:
            objects = _number_agreed(recaller, step, earlier, objects)
        if objects:
            out = {r.unit.object_id: r for r in [
                *objects, *there, *_named(recaller, " ".join(_nominals(earlier)), ranked)]}
            return list(out.values())
    if recaller.config.antecedent_places:
        for step, ranked in reversed(before):
            places = _named(recaller, " ".join(_nominals(step)), ranked)
            if places:
                return places
    return []


def _described(recaller: Recaller, joined: str, ranked: Sequence[RankedUnit],
               spare: Sequence[RankedUnit], units: Sequence[ObjectMemoryUnit], k: int,
               labels: Mapping[str, str] | None,
               area_names: Mapping[str, str] | None, units_key: object) -> list[RankedUnit]:
    """The thing the described piece before the step stands for: the best unit the step
    ranked joined to that piece (``joined``) holds, above the fill floor, past the ones the
    step's own words rank (``ranked``), when the step's own fill (``spare``) does not hold it
    too -- else the description added nothing ([])."""
    own = {r.unit.object_id for r in ranked}
    got, more = recaller.rank_filled(joined, units, k, labels=labels, area_names=area_names,
                                     units_key=units_key,
                                     fill_floor=recaller.config.step_fill_floor)
    best = next((r for r in (*got, *more) if r.unit.object_id not in own), None)
    if best is None or best.unit.object_id in {r.unit.object_id for r in spare}:
        return []
    return [best]


def _number_agreed(recaller: Recaller, step: str, earlier: str,
                   objects: list[RankedUnit]) -> list[RankedUnit]:
    """``objects`` (what ``earlier`` names, in its ranked order) with the ones it names in
    the plural first when ``step``'s pronoun is plural ("they", "them") and no "it": a
    pronoun agrees in number with what it stands for ("the sink's a mountain range, bowls
    and plates get a bath", "then they go home": the bowls and plates, not the sink). A
    thing said in a list is part of a plural ("move laptop, books, pens onto the chair",
    "put them back": the laptop too). Unchanged when none or all of them are so named, or
    the pronoun is "it"."""
    said = set(_WORDS.findall(step.lower()))
    if len(objects) < 2 or "it" in said or not said & _PLURAL_ANAPHORS:
        return objects
    lexicon = recaller.lexicon
    ws = _LIST_WORDS.findall(earlier.lower())
    plural = [w for w in ws
              if w.endswith("s") and w not in STOPWORDS
              and (lexicon.singular(w) if lexicon is not None and lexicon.available
                   else lemma(w)) != w]
    # The conjuncts next to a comma or a coordinator: the two words before it, and the
    # words after it up to the first word that is not a name's ("laptop, books, pens onto").
    for i, w in enumerate(ws):
        if w in _COORDINATORS or w == ",":
            plural.append(" ".join(x for x in ws[max(0, i - 2):i] if x != ","))
            after: list[str] = []
            for x in ws[i + 1:]:
                if x == "," or x in _COORDINATORS or (x in STOPWORDS and after):
                    break
                if x not in STOPWORDS:
                    after.append(x)
            plural.append(" ".join(after))
    ids = {r.unit.object_id for w in plural for r in _named(recaller, w, objects)}
    if not ids or len(ids) == len(objects):
        return objects
    return ([r for r in objects if r.unit.object_id in ids]
            + [r for r in objects if r.unit.object_id not in ids])


_LIST_WORDS = re.compile(r"[A-Za-z]+|,")
_PLURAL_ANAPHORS = frozenset({"they", "them", "em"})


def _with_antecedents(recaller: Recaller, step: str, ranked: list[RankedUnit],
                      carried: list[RankedUnit], k: int, fixtures: bool = True,
                      pronoun: bool = False, lent: Sequence[RankedUnit] = ()
                      ) -> list[RankedUnit]:
    """The step's top-k with what its pronoun stands for: what it names itself (the
    receptacle of "put them out by the bin") first, then the antecedents, then the rest of
    its own ranking. Without ``fixtures`` a fixture the step's verbs imply is not its own:
    a step whose place is "there" acts there ("the thing you clean the bowl with goes
    there": the toilet of the step before, not the sink "clean" implies). ``pronoun``:
    ``carried`` is only what a pronoun may stand for (not a step's number, "there" or
    "where the bowl was"), and with ``named_slots`` a step naming k types outright keeps
    them all. ``lent``: the fixtures the carried thing's use implies (:func:`_lent_fixtures`),
    after the carried units."""
    # Any name evidence counts here ("the cupboard": a cabinet only by its definition),
    # and so does a fixture the step's own action needs ("fry it in the skillet": the
    # stove).
    # A name said as a verb ("microwave it") is still the step's own, as ranked.
    ids = {r.unit.object_id for r in _named(recaller, " ".join(_nominals(step)), ranked,
                                            least=1e-9)}
    own = [r for r in ranked if r.unit.object_id in ids or r.named
           or (fixtures and any(m.startswith(FIXTURE_HIT) for m in r.matched))]
    out: dict[str, RankedUnit] = {}
    # Each leaves the other at least one slot: "put it on the tv table" names three
    # tables partly, and still means the remote.
    most = max(1, k - 1)
    first = own[:most]
    if pronoun and recaller.config.named_slots:
        # ... unless the step names k types outright ("the watch that was under it on the
        # armchair, put that in the drawer"): what it says it acts on, where from and
        # where to fill its slots, and the pronoun's antecedent is an earlier step's. Not
        # when the pronoun is where the things are taken from ("pick the bear and the book
        # up off it": the bed is where the step acts), nor when the step's own words name
        # an antecedent too ("ladle it into the bowls": a name said as a verb).
        named = [r for r in own if r.named]
        if len(named) >= k and not _source_pronoun(step):
            kept = {r.unit.object_id for r in named[:k]}
            extra = [c for c in carried[:most] if c.unit.object_id not in kept]
            # Among the named ones too: "the ladle" names a spoon only where no ladle is
            # a candidate (a ladle is a spoon).
            said = {r.unit.object_id for r in _named(recaller, step, [*named[:k], *extra])}
            if not any(c.unit.object_id in said for c in extra):
                first = named[:k]
    # A carried unit is the step's by its pronoun, whatever its score for the step's words.
    in_step = {r.unit.object_id for r in ranked}
    for r in [*first, *(c if c.unit.object_id in in_step else replace(c, why=RECALLED_CARRIED)
                             for c in carried[:most]), *lent, *ranked]:
        out.setdefault(r.unit.object_id, r)
    return list(out.values())[:k]


# A pronoun a step's object may be said by: the anaphors _antecedents reads, but for the
# subject "they" (one source for the words, :data:`_ANAPHORS`).
_CARRIED_PRONOUN = re.compile(rf"\b(?:{'|'.join(sorted(_ANAPHORS - {'they'}))})\b",
                              re.IGNORECASE)


def _lent_fixtures(recaller: Recaller, query: str, carried: Sequence[RankedUnit],
                   ranked: Sequence[RankedUnit], units: Sequence[ObjectMemoryUnit], k: int,
                   labels: Mapping[str, str] | None, area_names: Mapping[str, str] | None,
                   units_key: object) -> list[RankedUnit]:
    """The fixtures the thing a step's pronoun stands for implies by its use, as the step
    would rank them had it named the thing (``RecallConfig.carried_use``): "set it on the
    range", it the pot, is "set the pot on the range", and a pot is for cooking (the stove
    burner). Only the first carried thing WordNet says is used at a fixture (a container or
    cooking utensil with a purpose, or one something is done to: ``skills_for_use``), only
    when the step's own words imply no fixture (a verb that implies one says what
    happens), and only the fixtures that ranking implies which the step's own top-k has
    not. [] otherwise: the rest of the step stays its own."""
    lex = recaller.lexicon
    if (lex is None or not lex.available
            or any(m.startswith(FIXTURE_HIT) for r in ranked for m in r.matched)):
        return []
    for c in carried:
        name = " ".join(recaller.terms_for(c.description.type_name).words)
        if skills_for_use([name], recaller.skills, lex,
                          done_to=recaller.config.object_done_to):
            break
    else:
        return []
    text, n = _CARRIED_PRONOUN.subn(f"the {name}", query, count=1)
    if not n:
        return []
    got, _ = recaller.rank_filled(text, units, k, labels=labels, area_names=area_names,
                                  units_key=units_key)
    own = {r.unit.object_id for r in ranked}
    return [replace(r, why=RECALLED_CARRIED) for r in got
            if r.unit.object_id not in own and any(m.startswith(FIXTURE_HIT) for m in r.matched)]


def _roles_first(recaller: Recaller, query: str, ranked: list[RankedUnit],
                 units: Sequence[ObjectMemoryUnit], k: int, labels: Mapping[str, str] | None,
                 area_names: Mapping[str, str] | None, units_key: object
                 ) -> list[RankedUnit]:
    """``ranked`` (a piece's top-k) with each type the piece names only in a phrase that
    tells another noun by it (``names.aside_phrases``: "the rail by the shower", "the
    cabinet under the sink", "the counter to the right of the sink") given, lowest first,
    to a type it names outside such phrases that ranked below k
    (``RecallConfig.roles_before_landmarks``): what the piece acts on, where it is and
    where it goes before what only says which one. The wider ranking is the same
    scoring's top 2k (the scores are memoised); a piece with no such phrase costs one
    parse, read from the query cache."""
    lex = recaller.lexicon
    if lex is None or not ranked:
        return ranked
    tokens = recaller.query(query).tokens
    aside = asides_of(tokens, lex, query)
    if not aside:
        return ranked
    # A yielding type's landmark is definite, read within its punctuation, and tells a
    # noun naming a thing here: "a CD on the floor by the dresser", no floor known, has
    # only the dresser to say where it is (as landmark_anchors keeps it). The type
    # taking the slot is named outside every aside phrase.
    landmark = asides_of(tokens, lex, query, given=True)
    rest = " ".join(t for i, t in enumerate(tokens) if i not in aside)
    wide, _ = recaller.rank_filled(query, units, 2 * k, labels=labels,
                                   area_names=area_names, units_key=units_key)
    kept = {r.unit.label for r in ranked}
    below = [r for r in wide if r.unit.label not in kept
             and (r.named or r.why == RECALLED_NAMED)]
    if not below:
        return ranked
    types = list(dict.fromkeys(r.description.type_name for r in [*ranked, *below]))
    said = recaller.names_in(query, types)
    left = recaller.names_in(rest, types)
    anchors = {a for a in set(landmark.values())
               if max(recaller.names_in(tokens[a], types).values(), default=0.0)
               >= MAJORITY}
    told = " ".join(t for i, t in enumerate(tokens)
                    if i not in landmark or landmark[i] not in anchors)
    only_there = recaller.names_in(told, types)
    slots = [i for i, r in enumerate(ranked)
             if said.get(r.description.type_name, 0.0) > 0.0
             and not left.get(r.description.type_name, 0.0)
             and not only_there.get(r.description.type_name, 0.0)]
    # Named there by its head noun or better ("the drawer"), not by a word it shares
    # with another thing ("the table" of a counter's gloss).
    waiting = [r for r in below if left.get(r.description.type_name, 0.0) >= MAJORITY]
    if not slots or not waiting:
        return ranked
    out = list(ranked)
    for i, r in zip(reversed(slots), waiting, strict=False):
        out[i] = r
    return out


def _source_pronoun(step: str) -> bool:
    """A pronoun of ``step`` is where something is taken from: right after a preposition
    of a source ("pick the book up off it", "take the pens out of it")."""
    ws = _WORDS.findall(step.lower())
    return any(w in ("it", "them", "em") and i > 0 and (
        ws[i - 1] in SOURCE_WORDS or (i > 1 and ws[i - 1] == "of" and ws[i - 2] == "out"))
        for i, w in enumerate(ws))


def _with_home(recaller: Recaller, step: str, ranked: list[RankedUnit],
               homes: list[RankedUnit], k: int) -> list[RankedUnit]:
    """The step's top-k with its thing's home in the slots the step's own units leave: what
    its words name (its head nouns or better; "home" itself names nothing here, though
    WordNet's "home plate" is a plate) and the fixtures its verbs need keep theirs."""
    text = _HOME.sub(" ", _WHERE_HOME.sub(" ", step))
    ids = {r.unit.object_id for r in _named(recaller, " ".join(_nominals(text)), ranked)}
    own = [r for r in ranked if r.unit.object_id in ids
           or any(m.startswith(FIXTURE_HIT) for m in r.matched)]
    in_step = {r.unit.object_id for r in ranked}
    out: dict[str, RankedUnit] = {}
    for r in [*own, *(h if h.unit.object_id in in_step else replace(h, why=RECALLED_CARRIED)
                      for h in homes), *ranked]:
        out.setdefault(r.unit.object_id, r)
    return list(out.values())[:k]


def _topped(ranked: list[RankedUnit], spare: Sequence[RankedUnit], k: int
            ) -> list[RankedUnit]:
    """``ranked`` with its free slots (of k) taken by ``spare`` units, in order, one per
    type not in it yet."""
    if len(ranked) >= k or not spare:
        return ranked
    kept_types = {r.unit.label for r in ranked}
    kept_ids = {r.unit.object_id for r in ranked}
    out = list(ranked)
    for r in spare:
        if len(out) >= k:
            break
        if r.unit.object_id in kept_ids or r.unit.label in kept_types:
            continue
        kept_types.add(r.unit.label)
        out.append(replace(r, why=RECALLED_FILLED))  # a guess below the floor: say so
    return out


def _stronger(r: RankedUnit, seen: RankedUnit | None) -> bool:
    """Whether ``r`` should stand for its unit in the merged answer instead of ``seen``:
    a unit a step's words gave beats the same unit another step only filled (the
    planner acts on units recall did not merely guess), then the higher score."""
    if seen is None:
        return True
    r_filled, seen_filled = r.why == RECALLED_FILLED, seen.why == RECALLED_FILLED
    if r_filled != seen_filled:
        return seen_filled
    return r.score > seen.score


@dataclass(frozen=True)
class SubtaskRecall:
    steps: list[tuple[str, list[RankedUnit]]]  # each step's text and its own top-k
    units: list[RankedUnit]                    # every step's units, merged, each once

    @property
    def nothing_relevant(self) -> bool:
        return not self.units


@dataclass(frozen=True)
class SubtaskQueries:
    said: list[str]     # the steps as the caller gave them (or the split): what is reported
    steps: list[str]    # the same, each letter a step uses spelled out
    queries: list[str]  # each step as its ranking asks it (with the brief state)
    texts: list[str]    # what the model embeds for them: each query spelled, once
    # A step's index -> its query joined to the piece before it (described_before), asked
    # only when that piece names nothing here (RecallConfig.described_join).
    joined: dict[int, str] = field(default_factory=dict)


def described_before(piece: str, step: str, lexicon: Lexicon | None,
                     demonstratives: bool = False, alone: bool = False) -> bool:
    """``piece`` may be the description of the thing ``step`` acts on by a pronoun: it has
    no verb, nor opens with a word the lexicon has as a verb at all (an imperative: "heat
    the apple"), and ``step`` refers back ("The heavy stone figure", "put it beside the
    lamp"; "the Louisville Sluggers", "lean 'em by the dresser"). Whether it names nothing
    here (so that its words can only describe) is the ranking's to say."""
    ws = _WORDS.findall(piece.lower())
    return (bool(ws) and not _has_verb(piece, lexicon, SPLIT_JOINTS)
            and not (lexicon is not None and lexicon.available
                     and lexicon.verb_share(ws[0]) > 0)
            and refers_back(step, lexicon, demonstratives, alone))


def subtask_queries(recaller: Recaller, instruction: str, *, brief_state: str = "",
                    steps: Sequence[str] | None = None) -> SubtaskQueries:
    """The steps of ``instruction`` and the query texts :func:`recall_subtasks` asks the
    model for, in its order: the one place they are prepared, so what a server embeds
    ahead of a request (RecallMemory.prefetch_subtasks) is what the request will ask.
    Without ``steps`` the last few are kept (``recaller.split_memo``, under the config and
    the lexicon's availability they were made with, compared as the ranking memo compares
    them): the text sent ahead is split for its model call and its request splits it again."""
    if steps is not None:
        return _subtask_queries(recaller, instruction, brief_state, steps)
    memo = recaller.split_memo
    key = (instruction, brief_state)
    made_with = (recaller.config, recaller.lexicon is not None and recaller.lexicon.available)
    held = memo.get(key)
    if held is not None and held[0][0] is made_with[0] and held[0][1] == made_with[1]:
        memo.move_to_end(key)
        return cast(SubtaskQueries, held[1])
    asked = _subtask_queries(recaller, instruction, brief_state, None)
    memo[key] = (made_with, asked)
    while len(memo) > SPLIT_MEMO:
        memo.popitem(last=False)
    return asked


def _subtask_queries(recaller: Recaller, instruction: str, brief_state: str,
                     steps: Sequence[str] | None) -> SubtaskQueries:
    if steps is None:
        steps = split_subtasks(instruction, recaller.lexicon,
                               recaller.config.cap_joins_shortest,
                               recaller.config.split_more_joints)
    else:
        check_instruction(instruction)
        steps = [check_instruction(s, "step") for s in steps] or [instruction.strip()]
    brief = brief_state.strip()
    if brief:
        check_instruction(brief, "brief_state")
    said = list(steps)
    if recaller.config.letter_names:
        # A letter defined anywhere in the instruction (its preamble is often no step)
        # stands for its phrase in every step that says it.
        letters = defined_letters(" ".join([instruction, *steps]))
        steps = [spell_letters(step, letters) for step in steps]
    queries = [f"{step}. {brief}" if brief else step for step in steps]
    joined: dict[int, str] = {}
    if recaller.config.described_join and recaller.config.antecedents:
        for i in range(1, len(steps)):
            if described_before(steps[i - 1], steps[i], recaller.lexicon,
                                recaller.config.demonstratives,
                                recaller.config.alone_pronouns):
                both = f"{steps[i - 1]}, {steps[i]}"
                joined[i] = f"{both}. {brief}" if brief else both
    # Each as the ranking asks it, spelled: a step whose slip the speller corrects ("the
    # frige") was embedded as written, never used, and then embedded again by its ranking.
    texts = list(dict.fromkeys(recaller.spelled(q) for q in [*queries, *joined.values()]))
    return SubtaskQueries(said, list(steps), queries, texts, joined)


def recall_subtasks(
    recaller: Recaller, instruction: str, units: Sequence[ObjectMemoryUnit], k: int, *,
    brief_state: str = "", labels: Mapping[str, str] | None = None,
    area_names: Mapping[str, str] | None = None, units_key: object = None,
    steps: Sequence[str] | None = None,
) -> SubtaskRecall:
    """Recall each step of ``instruction`` with its own top-``k``; see the module doc.
    ``steps``: the caller's own split, in order, instead of :func:`split_subtasks`."""
    k = check_k(k)
    asked = subtask_queries(recaller, instruction, brief_state=brief_state, steps=steps)
    said, steps, queries = asked.said, asked.steps, asked.queries
    out: list[tuple[str, list[RankedUnit]]] = []
    best: dict[str, RankedUnit] = {}
    scene_words = scene_words_of(units)
    # Every step's vector in one model call (each call has a fixed cost); the ranking
    # below finds them in the recaller's query cache (the first step's lexical half runs
    # while the call does, see Recaller.start_queries).
    recaller.start_queries(asked.texts)
    # What the last step that named its object named: a later "it" / "them" stands for
    # it (the moved object first, then where it went: "put the mug under the coffee maker
    # and switch it on" means the coffee maker).
    # Read only when a step refers back (most steps do not), walking back from it, so an
    # instruction without a pronoun costs no extra query parse.
    read: list[tuple[str, list[RankedUnit]]] = []  # the steps as read, for antecedents
    numbers = (step_numbers(instruction, said)
               if recaller.config.antecedents and recaller.config.step_numbers
               else [""] * len(said))
    named_before = True  # the step before named something here (its own ranking)
    for i, (step, query) in enumerate(zip(steps, queries, strict=True)):
        cfg = recaller.config
        ranked, spare = recaller.rank_filled(query, units, k, labels=labels,
                                             area_names=area_names, units_key=units_key,
                                             fill_floor=cfg.step_fill_floor)
        if cfg.roles_before_landmarks:
            ranked = _roles_first(recaller, query, ranked, units, k, labels, area_names,
                                  units_key)
        own = ranked
        named_now = bool(own)
        # "The heavy stone figure. Put it beside the lamp": the piece before named nothing,
        # so its words describe what "it" is; the step joined to it ranks that thing.
        described = (_described(recaller, asked.joined[i], ranked, spare, units, k,
                                labels, area_names, units_key)
                     if i in asked.joined and not named_before else [])
        named_before = named_now
        # "Fill the thing from step 1 at the tap": the step names its antecedent itself.
        numbered = (_numbered(recaller, step, numbers[i], numbers[:i], read)
                    if i > 0 and numbers[i] else [])
        acted_on = (pronoun_object(step, cfg.demonstratives, cfg.subject_they)
                    if cfg.pronoun_ends_object
                    else object_phrase(step))
        # "leave it there": where the thing went last is where "there" is.
        there = (_destination(recaller, read)
                 if cfg.antecedents and cfg.there_destination and i > 0 and there_place(step)
                 else [])
        # "put it where the bowl was": where the bowl was taken from, not the bowl.
        where = earlier_place(step) if cfg.earlier_places and i > 0 else ""
        earlier = _taken_from(recaller, where, read) if where else []
        if earlier:
            ranked = _without_landmark(recaller, step, where, ranked)
        if numbered:
            # What the number names is what the step acts on, not a fixture its other verbs
            # imply ("when the water boils, the thing from step 3 goes back where you found
            # it": the spatula and its drawer, not the stove); fixtures it names stay its own.
            ranked = _with_antecedents(recaller, step, ranked, numbered, k, fixtures=False)
        elif cfg.antecedents and i > 0 and (
                (refers_back(step, recaller.lexicon, cfg.demonstratives, cfg.alone_pronouns)
                 and not _named(recaller, acted_on, ranked))
                or (cfg.pronoun_objects and pronoun_after_preposition(
                    step, recaller.lexicon, cfg.partitive_pronouns,
                    scene_words if cfg.scene_things else None))):
            carried = described or _antecedents(recaller, read, step, there) or there
            if carried:
                lent = (_lent_fixtures(recaller, query, carried, ranked, units, k, labels,
                                       area_names, units_key)
                        if cfg.carried_use and not there and not described else [])
                ranked = _with_antecedents(recaller, step, ranked, carried, k, not there,
                                           pronoun=not there, lent=lent)
        elif there:
            ranked = _with_antecedents(recaller, step, ranked, there, k, fixtures=False)
        if earlier:
            ranked = _with_antecedents(recaller, step, ranked, earlier, k)
        elif cfg.home_places and home_place(step, recaller.lexicon):
            # "put it where it lives": where the instruction said it lives, before this step.
            at = instruction.find(said[i])
            homes = _home_of(recaller, instruction[:at] if at >= 0 else ". ".join(said[:i]),
                             _named(recaller, object_phrase(step), ranked), units, k,
                             labels=labels, area_names=area_names, units_key=units_key)
            if homes:
                ranked = _with_home(recaller, step, ranked, homes, k)
        # A later step's pronoun reads what this step named or carried, never its fill.
        read.append((step, ranked))
        # A step about something here fills the k slots asked for (step_fill_floor),
        # after what its own words and its pronoun gave.
        ranked = _topped(ranked, spare, k)
        out.append((said[i], ranked))
        # The merge takes each step's own top-k: the antecedents are in an earlier step's
        # list already, so the instruction's units are what they were without them (a
        # pronoun step's fixtures are not pushed out of the planner's answer).
        for r in (*own, *ranked):
            if _stronger(r, best.get(r.unit.object_id)):
                best[r.unit.object_id] = r
    merged = sorted(best.values(), key=lambda r: (-r.score, r.unit.object_id))
    return SubtaskRecall(out, merged)
