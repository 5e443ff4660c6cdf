"""Objects an instruction needs without naming them: the fixtures of the skills it implies.

"Wash the apple" needs the sink and its faucet; "warm up the soup" the microwave or the
stove. Nobody names them, but the skill table (config/skills.yaml, `fixtures`) says which
skill needs which fixtures. An instruction implies a skill when one of its words

* is a verb that means the skill's verb or a kind of it (WordNet: "rinse" is a kind of
  "clean", "chop" a sibling of "slice", "chilled" -> "chill" -> "cool"), or
* names the state the skill leaves (``STATE_SYNONYMS``: "warm" -> heated, which is the
  effect of ``heat``).

Of each fixture group (one type out of the group is enough) the first type the memory holds
is implied, so a kitchen gets its sink basin and not also the bathtub.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from functools import lru_cache

from memory_node.core.recall.categories import type_key
from memory_node.core.recall.lexical import (
    _WORD,
    DESTINATION_WORDS,
    DETERMINERS,
    OBJECT_STARTS,
    STATE_SYNONYMS,
    STOPWORDS,
    split_label,
)
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.names import SOURCE_WORDS
from memory_node.core.skills import SkillTable

MAX_WORDS = 64  # an instruction longer than this is scanned on its first 64 content words


def implied_skills(text: str, skills: SkillTable, lexicon: Lexicon | None,
                   things: Collection[str] = (), in_names: Collection[str] = (),
                   tool_words: Collection[str] = (), described_states: bool = False
                   ) -> set[str]:
    """Names of skills with fixtures that the instruction's words imply. ``things``: base
    forms of the instruction's words that name a type in memory; after a determiner such
    a word is that thing ("the tap": the faucet, not a light blow that cuts threads).
    ``in_names``: words of the longer names of things in memory the instruction says; a
    verb inside one names the thing, it says nothing is done ("wash up the frying pan":
    the sink, not the stove). ``tool_words``: words of the names of the types held; a
    verb that means a skill only by its definition and names a tool here is done with
    that tool where the thing is ("scrub the bowl with the brush": the scrub brush at the
    toilet, not the sink). ``described_states``: an adjective between a determiner and a
    noun says how the thing is, it asks for nothing ("put a clean towel on the rail",
    "the warm water": no sink, no stove); a participle there still says what was done
    ("the chilled wine": the fridge), and so does the word as a verb or a predicate
    ("clean the towel", "get the towel clean")."""
    lex = lexicon if lexicon is not None and lexicon.available else None
    tables = _skill_tables(skills, lex)
    with_fixtures, by_state, state_verbs = (tables.with_fixtures, tables.by_state,
                                            tables.state_verbs)
    if not with_fixtures:
        return set()
    out: set[str] = set()
    seen: set[tuple[str, bool]] = set()
    prev = ""
    said = _WORD.findall(split_label(text))
    for i, w in enumerate(said):
        # Right after a determiner a noun names a thing ("on the hob", "in the
        # microwave"), not an action, unless it is an action said as a noun ("give it a
        # rinse"); a participle still says one ("the chilled wine").
        noun = (prev in DETERMINERS and lex is not None and lex.is_noun(w)
                and (lex.noun(w) in things or not lex.is_action_noun(w)))
        if (described_states and lex is not None and prev in DETERMINERS
                and i + 1 < len(said) and _describes(w, said[i + 1], lex)):
            prev = w
            continue
        prev = w
        if w in STOPWORDS or (w, noun) in seen or w in in_names:
            continue
        seen.add((w, noun))
        if len(seen) > MAX_WORDS:
            break
        verb = lex.verb(w) if lex is not None else w
        for form in {w, verb}:
            implied_state = STATE_SYNONYMS.get(form) or state_verbs.get(form)
            if implied_state in by_state:
                out.add(by_state[implied_state])
        if noun:
            continue
        for name in with_fixtures:
            if name in out:
                continue
            # A verb the hierarchy does not tie to a skill may be defined by the skill's
            # verb ("scrub": "clean with hard rubbing"): the sink and faucet follow.
            if verb == name or (lex is not None and (
                    lex.verb_means(verb, name)
                    or (w not in tool_words and verb not in tool_words
                        and lex.verb_defined_as(verb, name)))):
                out.add(name)
    return out


@dataclass(frozen=True)
class _SkillTables:
    """What the implied-fixture reading derives from the skill table and the lexicon
    alone, never from a text: derived once per (table, lexicon) pair, not per step
    (round 37: part of every step's ranking CPU)."""

    with_fixtures: tuple[str, ...]       # skills with fixtures, in the table's order
    by_state: dict[str, str]             # state a skill leaves -> that skill
    state_verbs: dict[str, str]          # a state word's verb base form -> the state
    takes: dict[str, list[str]]          # skill with fixtures -> its label arguments' roles


# (id(table), id(lexicon)) -> (table, lexicon, tables): the objects are held, so their ids
# are not reused while the entry lives; a process has one table and one lexicon, a test a
# few, hence the small bound.
_TABLES: dict[tuple[int, int], tuple[SkillTable, Lexicon | None, _SkillTables]] = {}
_TABLES_MAX = 8


def _skill_tables(skills: SkillTable, lex: Lexicon | None) -> _SkillTables:
    """:class:`_SkillTables` of this table and (available) lexicon, memoised."""
    key = (id(skills), id(lex))
    held = _TABLES.get(key)
    if held is not None and held[0] is skills and held[1] is lex:
        return held[2]
    with_fixtures = tuple(s for s in skills.names if skills.fixtures_for(s))
    by_state: dict[str, str] = {}
    for name in with_fixtures:
        after = skills[name].state_after
        if after is not None:
            by_state[after[1]] = name
    state_verbs: dict[str, str] = {}
    for word, state in STATE_SYNONYMS.items():
        verb = lex.verb(word) if lex is not None else word
        state_verbs.setdefault(verb, state)
    takes = {name: roles for name in with_fixtures
             if (roles := [a.role for a in skills[name].args if a.kind == "label"])}
    tables = _SkillTables(with_fixtures, by_state, state_verbs, takes)
    if len(_TABLES) >= _TABLES_MAX:
        _TABLES.clear()
    _TABLES[key] = (skills, lex, tables)
    return tables


@lru_cache(maxsize=64)
def _name_words(held_types: tuple[str, ...]) -> frozenset[str]:
    """The words of these type names (a memory's types change seldom; their words were
    split again on every step)."""
    return frozenset(w for t in held_types for w in split_label(t).split())


def _describes(word: str, nxt: str, lex: Lexicon) -> bool:
    """``word`` is an adjective of a skill's state, not a participle ("clean", "warm";
    not "chilled"), and ``nxt`` is a noun: the pair names a thing and how it is."""
    return ((word in STATE_SYNONYMS or lex.verb(word) in STATE_SYNONYMS)
            and lex.is_adjective(word) and lex.verb(word) == word
            and nxt not in STOPWORDS and lex.is_noun(nxt))


def skills_for_kinds(text: str, skills: SkillTable, lexicon: Lexicon | None,
                     things: Collection[str] = (), kind_verbs: bool = False) -> set[str]:
    """Skills with fixtures that take, as a label argument, a kind of thing the
    instruction names: filling takes a liquid (``fill``'s "liquid" argument in the skill
    table), so "with some water" and "let the warm water run into the tub" need the
    faucet though no verb says fill. A word is such a noun when WordNet's main sense of it
    is a direct kind of the argument's role (:meth:`Lexicon.is_kind_of`), it names no
    type here (``things``: "the wine" is the wine bottle), and no object follows it as
    one follows a verb ("water the plants"). ``kind_verbs``: also a verb asked (said in
    its base form, mostly a verb, not right after a determiner) whose main sense is
    done in such a kind (:meth:`Lexicon.verb_in_kind`: "pop the bowls in the sink to
    soak", soak: "submerge in a liquid"); "the paper is soaked" says how a thing is."""
    by_verb, by_noun = _kinds(text, skills, lexicon, things, kind_verbs)
    return by_verb | by_noun


def _kinds(text: str, skills: SkillTable, lexicon: Lexicon | None,
           things: Collection[str], kind_verbs: bool, participles: bool = False
           ) -> tuple[set[str], set[str]]:
    """:func:`skills_for_kinds`, as (the skills a verb asked implies, those a noun
    implies): a verb says what is done, a noun only what a thing is. ``participles``:
    a verb's present participle ("best soaking in the sink", "the pot that's soaking")
    is the act going on, so it is read as the verb is; a past participle ("the paper
    is soaked") says how a thing is and is not."""
    lex = lexicon if lexicon is not None and lexicon.available else None
    if lex is None:
        return set(), set()
    takes = _skill_tables(skills, lex).takes
    if not takes:
        return set(), set()
    said = _WORD.findall(split_label(text))[:MAX_WORDS]
    by_verb: set[str] = set()
    out: set[str] = set()
    for i, w in enumerate(said):
        if w in STOPWORDS or w in things or lex.noun(w) in things:
            continue
        base = lex.verb(w) if kind_verbs else w
        if (kind_verbs and (base == w or (participles and w.endswith("ing")))
                and (not i or said[i - 1] not in DETERMINERS)
                and lex.verb_share(w) >= 0.5):
            by_verb.update(name for name, roles in takes.items()
                           if name not in by_verb
                           and any(lex.verb_in_kind(w, r) for r in roles))
        if i + 1 < len(said) and said[i + 1] in OBJECT_STARTS:
            continue
        out.update(name for name, roles in takes.items()
                   if name not in out and any(lex.is_kind_of(w, r) for r in roles))
    return by_verb, out - by_verb


def skills_for_use(things: Iterable[str], skills: SkillTable,
                   lexicon: Lexicon | None, done_to: bool = False) -> set[str]:
    """Skills with fixtures that the things named are made for, by their WordNet
    definitions (``Lexicon.purposes``): a kettle is "for stewing or boiling", a frying pan
    "for cooking": "put the kettle on" needs the stove though no verb says so. Only
    things that hold what they act on (WordNet: a kind of container or of cooking utensil)
    are used at the fixture; a brush "for cleaning" cleans the toilet, not at the sink.
    ``done_to``: also what the definition says you do to it (``Lexicon.done_to``:
    the bathtub, "that you fill with water")."""
    if lexicon is None or not lexicon.available:
        return set()
    with_fixtures = _skill_tables(skills, lexicon).with_fixtures
    out: set[str] = set()
    for thing in things:
        if not lexicon.holds_contents(thing):
            continue
        for verb in lexicon.purposes(thing) | (lexicon.done_to(thing) if done_to
                                               else frozenset()):
            out.update(name for name in with_fixtures
                       if verb == name or lexicon.verb_means(verb, name))
    return out


def _acts_in_place(text: str, lexicon: Lexicon | None, things: Collection[str]) -> bool:
    """The text asks a verb (a word in its base form, mostly a verb, not right after a
    determiner, no word of a thing here) and says no place a thing goes to or comes from:
    what it does is done to the thing it names, where it is ("run the bath"; not "put the
    soap on the tub", where the tub is only the place)."""
    lex = lexicon if lexicon is not None and lexicon.available else None
    if lex is None:
        return False
    said = _WORD.findall(split_label(text))[:MAX_WORDS]
    if any(w in DESTINATION_WORDS or w in SOURCE_WORDS for w in said):
        return False
    return any(w not in STOPWORDS and w not in things and (not i or said[i - 1] not in DETERMINERS)
               and lex.verb(w) == w and lex.verb_share(w) >= 0.5 for i, w in enumerate(said))


def implied_types(text: str, skills: SkillTable, lexicon: Lexicon | None,
                  held_types: Iterable[str], mentioned: Iterable[str] = (),
                  used: Iterable[str] = (), things: Collection[str] = (),
                  in_names: Collection[str] = (), described_states: bool = False,
                  absent_skills: bool = False, fixture_of_use: bool = False,
                  weakly: Collection[str] = (), kind_verbs: bool = False,
                  kind_verbs_act: bool = False, kind_participles: bool = False,
                  object_done_to: bool = False, remark_opposites: bool = False,
                  made_drinks: bool = False) -> dict[str, str]:
    """type key -> the skill implying it, one type per fixture group among ``held_types``
    (type names of the units in memory): a type the instruction mentions (``mentioned``,
    type keys) first ("brew ... the coffee maker": the coffee machine, not the faucet),
    else the group's first. ``used``: names of the things the instruction names outright,
    whose purposes imply skills when none of its words does (:func:`skills_for_use`);
    ``things``, ``in_names``, ``described_states``: see :func:`implied_skills`.
    ``absent_skills``: a skill none of whose fixtures the memory holds (heating in a
    bathroom: "run the bath not too hot") does not stand for what happens, so a named
    thing's use still does (the bathtub, "that you fill with water": the faucet).
    ``fixture_of_use``: of a group none of whose types is mentioned, the type a named
    thing's use has as its usual fixture comes first ("heat the pot of soup": a pot is a
    cooking vessel, cooking's usual fixture is the stove burner, so heating's group
    gives the burner, not its first type, the microwave); a thing with no such use
    ("warm up the mug") leaves the group's first. ``weakly``: the keys of ``mentioned``
    said only by a word of a definition ("heat" and the microwave): such a mention comes
    after a named thing's use. ``kind_verbs``: see :func:`skills_for_kinds`.
    ``kind_verbs_act``: such a verb says what happens as a verb of a skill does ("soak
    the pot in the sink": the faucet, and not the stove a pot is for), so a named
    thing's use adds no fixture beside it; one the instruction says ("the pot's on the
    stove - let it soak in the sink") it still marks, as before.
    ``kind_participles``: such a verb's present participle counts (see :func:`_kinds`).
    ``object_done_to``: a text that asks a verb and says no place (:func:`_acts_in_place`)
    acts on the things it names, so what you do to them counts as ``absent_skills``
    reads it: "run me a bath, dear" fills the bathtub (the faucet); "the soap on the edge
    of the tub" puts the soap, and the tub is only where.
    ``remark_opposites``: a remark on how things are (:func:`_opposites`) asks for the
    thing here named by the opposite ("it's getting dark in here": the light switch).
    ``made_drinks``: a food or drink a verb asked acts on (:func:`_made_foods`) implies
    the container here that shares its use (WordNet's definitions: coffee, "a beverage
    ... suitable for drinking", and the cup, "used for drinking"): "make me a coffee"
    needs a cup; "for the tea" does not."""
    held_types = list(held_types)
    used = list(used)
    held = {type_key(t) for t in held_types}
    named = set(mentioned)
    out: dict[str, str] = {}
    # A verb that implies a skill says what happens ("rinse out the pot": the sink, not
    # the stove); what a named thing is for counts only when no word says it.
    tools = _name_words(tuple(held_types))
    implied = implied_skills(text, skills, lexicon, things, in_names, tools,
                             described_states)
    # A skill said that no fixture here can do ("not too hot" in a bathroom) is said of
    # the thing named: what you do to it says what happens (absent_skills).
    idle = bool(implied) and absent_skills and not any(
        type_key(t) in held for s in implied for g in skills.fixtures_for(s) for t in g)
    by_verb, by_noun = _kinds(text, skills, lexicon, things, kind_verbs, kind_participles)
    by_use = not implied or idle
    # The fixtures a named thing's use may add only when said (kind_verbs_act).
    said_only: set[str] = set()
    if by_use:
        done_to = idle or (object_done_to and bool(used) and _acts_in_place(text, lexicon,
                                                                            things))
        of_things = skills_for_use(used, skills, lexicon, done_to=done_to)
        if kind_verbs_act and by_verb and not idle:
            said_only = of_things - implied - by_verb
        implied = of_things | implied
    # A kind a skill takes ("some water": filling) adds its skill whatever else is
    # implied: it says what the thing is, not what is done to the thing named.
    kinds = (by_verb | by_noun) - implied
    # The usual fixtures (a group's first) of what the named things are for.
    of_use: set[str] = set()
    if fixture_of_use and used:
        of_use = {type_key(g[0]) for s in skills_for_use(used, skills, lexicon)
                  for g in skills.fixtures_for(s) if g}
    for skill in sorted(implied | kinds):
        for group in skills.fixtures_for(skill):
            keys = [type_key(t) for t in group if type_key(t) in held]
            if skill in said_only:
                keys = [k for k in keys if k in named]
            if by_use and skill not in kinds and type_key(group[0]) not in keys:
                # A thing's use implies the skill's usual fixture (the group's first: a
                # pan is for the stove); a substitute (the toaster) only when said.
                continue
            pick = next((k for k in keys if k in named and k not in weakly),
                        next((k for k in keys if k in of_use),
                             next((k for k in keys if k in named),
                                  keys[0] if keys else None)))
            if pick is not None:
                out.setdefault(pick, skill)
    if remark_opposites:
        for key, word in _opposites(text, lexicon, held_types).items():
            out.setdefault(key, word)
    if made_drinks:
        for key, use in _holders_of_made(text, lexicon, held_types, things, in_names).items():
            out.setdefault(key, use)
    return out


@lru_cache(maxsize=4096)
def _purposes(lex: Lexicon, noun: str) -> frozenset[str]:
    """What a thing that holds nothing is for (``Lexicon.purposes``), memoised."""
    return lex.purposes(noun) if not lex.holds_contents(noun) else frozenset()


@lru_cache(maxsize=64)
def _holders(lex: Lexicon, held_types: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """Use (a verb) -> the keys of the types here that hold contents and are for it."""
    out: dict[str, list[str]] = {}
    for t in held_types:
        name = split_label(t)
        if lex.holds_contents(name):
            for use in lex.purposes(name):
                out.setdefault(use, []).append(type_key(t))
    return {u: tuple(dict.fromkeys(ks)) for u, ks in out.items()}


# A recipient between a verb and its object ("make me a coffee", "pour us a tea").
_RECIPIENTS = frozenset({"me", "us", "him", "her", "them", "you", "yourself", "myself"})
# Quantifiers before an object ("make some coffee", "pour another tea"), a closed class.
_QUANTIFIERS = frozenset({"some", "another", "more", "any", "one", "two", "three"})
# A subject said before a verb: the verb is told of, not asked ("because I want tea").
_SUBJECTS = frozenset({"i", "we", "he", "she", "they", "it", "who", "that", "which"})


@lru_cache(maxsize=64)
def _long_names(held_types: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The names here of more than one word, as word tuples ("butter knife")."""
    return tuple({n for t in held_types if len(n := tuple(split_label(t).split())) > 1})


def _in_long_name(said: list[str], i: int, names: Iterable[tuple[str, ...]]) -> bool:
    """Word ``i`` of ``said`` is a word of a name here said whole ("the butter knife")."""
    return any(said[j:j + len(n)] == list(n)
               for n in names for j in range(max(0, i - len(n) + 1), i + 1))


def _modifies(word: str, nxt: str, lex: Lexicon) -> bool:
    """``word`` modifies the noun ``nxt`` said after it: a physical thing ("coffee
    machine") or a compound WordNet knows ("coffee maker", "coffee table")."""
    return nxt not in STOPWORDS and (lex.is_thing(nxt) or lex.is_noun(f"{word}_{nxt}"))


def _made_foods(said: list[str], lex: Lexicon, things: Collection[str],
                in_names: Collection[str], names: Iterable[tuple[str, ...]] = ()
                ) -> list[str]:
    """The foods and drinks (WordNet's noun.food, the main sense) that are the object of
    a verb asked: walking back over determiners, a recipient and adjectives reaches a
    word in its base form, mostly a verb, not after a determiner nor a subject ("make me
    a coffee", "pour us a nice hot tea"). A preposition before the food ("for the tea"),
    a subject before the verb ("because I want tea", "it's got jam on it"), a word of a
    longer name here said whole (``names``: "wrap the butter knife", though a retracted
    clause names nothing), a modifier of the noun after it (:func:`_modifies`: "put the
    coffee machine in the shelf" where no coffee machine is) or after "of" ("a mug of
    tea": the mug holds it) is no such object. A food may name a thing here partly
    ("coffee": the coffee machine) and still be what is made; a fixture's own word is no
    food ("the stove")."""
    out = []
    for i, w in enumerate(said):
        if (w in STOPWORDS or w in in_names or (i and said[i - 1] == "of")
                or not lex.is_food(lex.noun(w)) or _in_long_name(said, i, names)
                or (i + 1 < len(said) and _modifies(w, said[i + 1], lex))):
            continue
        j = i - 1
        while j >= 0 and (said[j] in DETERMINERS or said[j] in _RECIPIENTS
                          or said[j] in _QUANTIFIERS
                          or (said[j] not in STOPWORDS and lex.is_adjective(said[j])
                              and lex.verb_share(said[j]) < 0.5)):
            j -= 1
        if j < 0:
            continue
        v = said[j]
        if (v in STOPWORDS or v in things or lex.verb(v) != v or lex.verb_share(v) < 0.5
                or (j and (said[j - 1] in DETERMINERS or said[j - 1] in _SUBJECTS))):
            continue
        out.append(lex.noun(w))
    return out


def _holders_of_made(text: str, lexicon: Lexicon | None, held_types: Iterable[str],
                     things: Collection[str], in_names: Collection[str]) -> dict[str, str]:
    """Type key -> use, for the containers here whose use a food or drink a verb asked
    acts on shares (:func:`_made_foods`; "make me a coffee": the cup, both for drinking)."""
    lex = lexicon if lexicon is not None and lexicon.available else None
    if lex is None:
        return {}
    holders = _holders(lex, tuple(sorted(set(held_types))))
    if not holders:
        return {}
    out: dict[str, str] = {}
    for food in _made_foods(_WORD.findall(split_label(text))[:MAX_WORDS], lex, things,
                            in_names, _long_names(tuple(sorted(set(held_types))))):
        for use in sorted(_purposes(lex, food)):
            for key in holders.get(use, ()):
                out.setdefault(key, use)
    return out


# Linking verbs, a closed class: after one an adjective says how the subject is ("it's
# getting dark", "the room looks gloomy"); "'s" is read as "is".
_LINKING = frozenset({"is", "s", "are", "re", "was", "were", "be", "been", "being", "get",
                      "gets", "getting", "got", "gone", "goes", "going", "look", "looks",
                      "feel", "feels", "seem", "seems", "become", "becomes", "becoming"})
_DEGREE = frozenset({"too", "so", "very", "really", "quite", "bit", "a", "little", "way",
                     "rather", "pretty", "kinda", "super"})


def _opposites(text: str, lexicon: Lexicon | None, held_types: Iterable[str]
               ) -> dict[str, str]:
    """Type key -> the opposite word, for the types here a word of whose name WordNet
    opposes to an adjective said after a linking verb and before no noun: a remark on
    how things are asks for what makes them the other way ("it's getting dark in here":
    light, the light switch; not "the dark blue mug", an adjective of a thing)."""
    lex = lexicon if lexicon is not None and lexicon.available else None
    if lex is None:
        return {}
    said = _WORD.findall(split_label(text))[:MAX_WORDS]
    out: dict[str, str] = {}
    for i, w in enumerate(said):
        j = i - 1
        while j >= 0 and said[j] in _DEGREE:
            j -= 1
        if j < 0 or said[j] not in _LINKING or w in STOPWORDS:
            continue
        if i + 1 < len(said) and said[i + 1] not in STOPWORDS and lex.is_noun(said[i + 1]):
            continue
        if not lex.is_adjective(w):
            continue
        for word in sorted(lex.antonyms(w)):
            for t in held_types:
                if word in split_label(t).split():
                    out.setdefault(type_key(t), word)
    return out
