"""Misspelt object names, read as the object a robot knows that they are one slip from.

People type "put the botle in the frige" and "can u pass the remot". A misspelt name
matches no label and embeds as noise, so the object it names is lost. A word is read as a
slip when WordNet knows it under no part of speech, nor as a word of any name the robot
knows, and exactly one known name word is one edit away (insertion, deletion,
substitution or transposition of neighbours; two edits for words of 8 letters or more).
A plural keeps its ending ("tisues" -> "tissues"). The names are the object type table's
(config/object_categories.yaml: every type's words and its categories), not any data
set's instructions. Without WordNet nothing is corrected: every word would be unknown.

Abbreviations are the other way a name is typed short: text-speak and notes drop a
word's vowels ("rmt" for remote, "drwr" for drawer, "dsk", "tbl", "pncls"). A word WordNet
does not know, of three letters or more, with no vowel after its first letter, is read as
the one known name word whose letters without their vowels (the first letter kept) are
exactly it. Exactly, not as a subsequence: "srt" is a subsequence of "sports" and "alm" of
both "alarm" and "aluminum", and reading those would be guessing.

Words of three letters are too short for any slip but one: two neighbouring letters typed
the wrong way round ("the pna on the stove", "teh mgu"). A three-letter word WordNet does
not know is read as the one name word of three letters it is a swap of neighbours of; any
other slip of three letters is left alone ("teh", "cna": no name's swap).

Notes also write a name of several words as its initials ("TP -> holder", "tp on
holder"). A word WordNet does not know, standing alone (no letter or digit joined to it:
"1st" is no initial), is read as the one type name of two or more words whose initials it
is ("tp": toilet paper). A name sharing its initials with another ("sb": soap bar, spray
bottle, ...) or a word WordNet knows ("cc", "ps", "tv"), written as it is or with a dot
after each letter ("WC": WordNet's "w.c.", the toilet, not the watering can), is never
read so.

Speech and notes also clip a name to its first letters, and the clipped word may be a
word of its own: "the cd's in the draw" (drawer), "spray -> cab" (cabinet). WordNet knows
"draw" and "cab", so neither is a slip. Where a place is said (right after a preposition
of place, a determiner between or not, or after an arrow) and the phrase ends with the
word (punctuation, the end, a function word or a word of place follows; not "of": "the
arm of the chair" is a part of a thing), a word of three letters or more that is no name
word is read as the last word of the one place's name that starts with it and has at
least two letters more. A place is a type of furniture, a fixture, storage or a surface
in the type table: what things are put in or on. A thing is no place ("keep it in the
rack" is not the tennis racket, "on my lap" not the laptop, "jam on the toast" not the
toaster), nor is a name's first word ("towel" in "towel holder" says what it holds). A
clipped word that could begin two names, or that WordNet gives the name as a synonym of
("in the bath": the bathtub already), is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from memory_node.core.config_files import load_yaml
from memory_node.core.recall.categories import default_table_path
from memory_node.core.recall.lexical import (
    DESTINATION_WORDS,
    DETERMINERS,
    PRO_FORMS,
    STOPWORDS,
    split_label,
)
from memory_node.core.recall.lexicon import Lexicon

MIN_CHARS = 4  # "teh", "pls", "u": too short to tell a slip from another word
LONG_CHARS = 8  # from this length two slips still leave one likely word
MAX_MEMO = 4_096
# Whole texts too: a request spells its instruction (or subgoal) three or four times
# (scoring, query terms, selection, the step's batch), each a regex pass that looks back
# over the text at every word (~0.1-0.5 ms per request on the loaded robot).
MAX_TEXT_MEMO = 1_024
_TOKEN = re.compile(r"[A-Za-z]+")
ABBREVIATION_MIN_CHARS = 3  # "rmt", "dsk", "tbl": a dropped vowel leaves three letters
TRANSPOSED_CHARS = 3  # "pna", "mgu": below MIN_CHARS only a swap of neighbours is read
INITIALISM_MIN_WORDS = 2  # "tp": a name of two words
CLIPPED_DROPS = 2  # "draw" for "drawer": a clip drops 2+ letters (one is a slip's, a plural's)
# Right after a place's start: an arrow ("spray -> cab"), or a preposition of place and at
# most a determiner ("in the draw"), nothing but spaces between.
_PREP = "|".join(sorted(DESTINATION_WORDS))
_DET = "|".join(sorted(DETERMINERS))
_PLACE_START = re.compile(rf"(?:(?:->|\u2192|>)\s*|\b(?:{_PREP})\s+(?:(?:{_DET})\s+)?)$",
                          re.IGNORECASE)
VOWELS = frozenset("aeiou")


def skeleton(word: str) -> str:
    """``word`` without the vowels after its first letter ("remote" -> "rmt")."""
    return word[:1] + "".join(ch for ch in word[1:] if ch not in VOWELS)


def transpositions(word: str) -> frozenset[str]:
    """``word`` with each pair of neighbouring, different letters swapped ("pna" -> "npa",
    "pan")."""
    return frozenset(word[:i] + word[i + 1] + word[i] + word[i + 2:]
                     for i in range(len(word) - 1) if word[i] != word[i + 1])


def _within(a: str, b: str, limit: int) -> int | None:
    """Optimal string alignment distance of ``a`` and ``b`` if it is <= ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return None
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        if min(cur) > limit:
            return None
        prev2, prev = prev, cur
    return prev[-1] if prev[-1] <= limit else None


@lru_cache(maxsize=4)  # the vocabulary and the names read one file: parse it once
def _table_types(path: str | Path | None) -> dict[str, dict[str, object]]:
    with open(path or default_table_path(), encoding="utf-8") as fh:
        data = load_yaml(fh) or {}
    return {str(name): entry or {} for name, entry in (data.get("types") or {}).items()}


def table_vocabulary(path: str | Path | None = None) -> frozenset[str]:
    """Words of every type name and category of the object type table."""
    out: set[str] = set()
    for name, entry in _table_types(path).items():
        out.update(split_label(name).split())
        for c in _categories(entry):
            out.update(c.lower().split())
    return frozenset(w for w in out if w.isalpha() and w not in STOPWORDS)


PLACE_CATEGORIES = frozenset({"furniture", "fixture", "storage", "surface"})


def place_names(path: str | Path | None = None) -> frozenset[str]:
    """The type names (as words) of the table's places: types of a ``PLACE_CATEGORIES``
    category, where things are put in or on."""
    return frozenset(" ".join(w for w in split_label(name).split() if w.isalpha())
                     for name, entry in _table_types(path).items()
                     if PLACE_CATEGORIES & set(_categories(entry)))


def _categories(entry: dict[str, object]) -> list[str]:
    # YAML: categories that are not a list count as none, not as a crash at start.
    cats = entry.get("categories") or []
    return [str(c) for c in cats] if isinstance(cats, list) else []


def table_names(path: str | Path | None = None) -> frozenset[str]:
    """Every type name of the object type table, as words ("toilet paper")."""
    return frozenset(" ".join(w for w in split_label(name).split() if w.isalpha())
                     for name in _table_types(path))


def _joined(text: str, start: int, end: int) -> bool:
    """Whether a letter or digit touches ``text[start:end]`` ("1st": "st" is no word)."""
    return (start > 0 and text[start - 1].isalnum()) or (end < len(text) and text[end].isalnum())


def initials(name: str) -> str:
    """The first letters of a name's words ("toilet paper" -> "tp")."""
    return "".join(w[0] for w in name.split())


class Speller:
    """Corrects slips in object names against a fixed vocabulary; memoised per word."""

    def __init__(self, lexicon: Lexicon | None, vocabulary: Iterable[str] | None = None,
                 abbreviations: bool = False, names: Iterable[str] | None = None,
                 transposed: bool = False, clipped: Iterable[str] | None = None) -> None:
        """``names``: the type names (as words) whose initials a word may be; none are
        read without them (``Recaller`` passes :func:`table_names` when
        ``RecallConfig.initialisms`` is on). ``transposed``: a word of three letters is
        read as the name word it is a swap of neighbours of ("pna": pan). ``clipped``:
        the place type names (as words) a place's last word may be clipped from ("in the
        draw": drawer; :func:`place_names`); none without them
        (``RecallConfig.clipped_names``)."""
        self.lexicon = lexicon
        self.vocabulary = frozenset(vocabulary if vocabulary is not None
                                    else table_vocabulary())
        self._by_len: dict[int, list[str]] = {}
        for w in sorted(self.vocabulary):
            self._by_len.setdefault(len(w), []).append(w)
        # Each name word's vowel-less form, for names that lose a vowel to it (a word with
        # no vowel after its first letter is its own skeleton and abbreviates nothing).
        self._by_skeleton: dict[str, set[str]] = {}
        if abbreviations:
            for w in self.vocabulary:
                sk = skeleton(w)
                if sk != w and len(sk) >= ABBREVIATION_MIN_CHARS:
                    self._by_skeleton.setdefault(sk, set()).add(w)
        # Each three-letter name word under its swaps of neighbours ("pan": "apn", "pna").
        self._by_transposed: dict[str, set[str]] = {}
        if transposed:
            for w in self._by_len.get(TRANSPOSED_CHARS, ()):
                for t in transpositions(w):
                    self._by_transposed.setdefault(t, set()).add(w)
        self._by_initials: dict[str, set[str]] = {}
        for n in names or ():
            if len(n.split()) >= INITIALISM_MIN_WORDS:
                self._by_initials.setdefault(initials(n), set()).add(n)
        # Each type name word under its clips that keep 3+ letters and drop CLIPPED_DROPS+.
        self._by_clip: dict[str, set[str]] = {}
        # A name's last word, its head: "towel" says what a towel holder holds, not where.
        for w in (n.split()[-1] for n in clipped or () if n.strip()):
            for end in range(ABBREVIATION_MIN_CHARS, len(w) - CLIPPED_DROPS + 1):
                self._by_clip.setdefault(w[:end], set()).add(w)
        self.word = lru_cache(maxsize=MAX_MEMO)(self._word)
        self.head_word = lru_cache(maxsize=MAX_MEMO)(self._head_word)
        # A pure function of the text: the vocabulary and WordNet do not change.
        self.correct = lru_cache(maxsize=MAX_TEXT_MEMO)(self._correct)

    def _known(self, w: str) -> bool:
        lex = self.lexicon
        return w in self.vocabulary or w in STOPWORDS or (
            lex is not None and any(lex._forms(w, pos) for pos in "nvar"))

    def _word(self, w: str) -> str:
        """``w`` (lower case) or the one vocabulary word it is a slip or an abbreviation
        of."""
        lex = self.lexicon
        if len(w) < ABBREVIATION_MIN_CHARS or lex is None or not lex.available \
                or self._known(w):
            return w
        return self._unknown(w)

    def _unknown(self, w: str) -> str:
        """The name a word WordNet does not know stands for: one slip from it, else its
        vowels dropped; ``w`` when neither reads as exactly one name."""
        c = self._nearest(w) if len(w) >= MIN_CHARS else self._transposed(w)
        return c if c != w else self._abbreviated(w)

    def _transposed(self, w: str) -> str:
        """The one three-letter name word ``w`` is a swap of neighbours of; ``w`` when
        none or several are ("bta": bat; a word that could be two names stays)."""
        hits = self._by_transposed.get(w, ())
        return next(iter(hits)) if len(hits) == 1 else w

    def initialism(self, w: str) -> str:
        """The one type name ``w`` (lower case) is the initials of, when WordNet does not
        know ``w``; ``w`` otherwise."""
        hits = self._by_initials.get(w, ())
        if len(hits) != 1 or self._known(w) or self._known("".join(f"{c}." for c in w)):
            return w  # WordNet's "w.c.": the initials of another name (water closet)
        return next(iter(hits))

    def clip(self, w: str) -> str:
        """The one type name word ``w`` (lower case) is the first letters of, when ``w`` is
        no name word nor a function word; ``w`` otherwise. For a place's last word only
        (see the module doc)."""
        hits = self._by_clip.get(w, ())
        if len(hits) != 1 or w in self.vocabulary or w in STOPWORDS:
            return w
        name = next(iter(hits))
        # "in the bath": WordNet's bath is a bathtub already, named by its own word.
        lex = self.lexicon
        return w if lex is not None and name in lex.synonyms(w) else name

    def _abbreviated(self, w: str) -> str:
        """The one name word ``w`` is written without vowels, a plural keeping its "s"
        ("pncls" -> "pencils"); ``w`` when none or several are."""
        if not self._by_skeleton or any(ch in VOWELS for ch in w[1:]):
            return w
        for stem, ending in ((w, ""), (w[:-1], "s")):
            if ending and not w.endswith(ending):
                continue
            hits = self._by_skeleton.get(stem, ())
            if len(hits) == 1:
                return next(iter(hits)) + ending
            if hits:  # two names share the letters: no way to tell which was meant
                return w
        return w

    def _head_word(self, w: str) -> str:
        """``w``, said where a noun phrase needs its noun (after a determiner, before a
        function word or the end), or the one vocabulary word it is a slip of when WordNet
        knows it as no noun at all: "put the smug in the sink" (autocorrect's "smug" for
        "mug"); "the sing" -> "sink". A word with a noun sense ("the fort", "the right")
        is left alone: it may be what the speaker meant."""
        lex = self.lexicon
        if (len(w) < MIN_CHARS or lex is None or not lex.available or w in self.vocabulary
                or w in STOPWORDS or lex.is_noun(w)):
            return self._word(w)
        return self._unknown(w) if not self._known(w) else self._nearest(w)

    def _nearest(self, w: str) -> str:
        for stem, ending in ((w, ""), (w[:-1], "s"), (w[:-2], "es")):
            if ending and not w.endswith(ending):
                continue
            if len(stem) < MIN_CHARS:
                continue
            limit = 2 if len(stem) >= LONG_CHARS else 1
            for dist in range(1, limit + 1):
                hits = {c for n in range(len(stem) - dist, len(stem) + dist + 1)
                        for c in self._by_len.get(n, ())
                        if _within(stem, c, dist) == dist}
                if len(hits) == 1:
                    return hits.pop() + ending
                if hits:  # two names one slip away: no way to tell which was meant
                    return w
        return w

    def _correct(self, text: str) -> str:
        """``text`` with each slip replaced (case of the rest kept); see ``correct``."""
        def fix(m: re.Match[str]) -> str:
            w = m.group(0)
            low = w.lower()
            before = _TOKEN.findall(text, 0, m.start())[-1:]
            after = _TOKEN.match(text[m.end():].lstrip(" "))
            # Between a determiner and a function word (or punctuation, or the end) a
            # word is a noun phrase's noun.
            # "One" stands for a noun already said ("the near one"): the word before it
            # is a modifier.
            nxt = after.group(0).lower() if after is not None else ""
            head = (bool(before) and before[0].lower() in DETERMINERS
                    and (not nxt or nxt in STOPWORDS) and nxt not in PRO_FORMS)
            c = self.head_word(low) if head else self.word(low)
            if c == low and self._by_initials and not _joined(text, m.start(), m.end()):
                c = self.initialism(low)
            # The place's test last: few words are a clip at all.
            if c == low and low in self._by_clip and (not nxt or nxt in STOPWORDS
                                               or nxt in DESTINATION_WORDS) \
                    and nxt not in PRO_FORMS and nxt != "of" \
                    and _PLACE_START.search(text, 0, m.start()):
                c = self.clip(low)
            return w if c == low else c
        return _TOKEN.sub(fix, text)
