"""British names of things, read as the American names the labels use.

AI2-THOR's labels (and WordNet's main names) are American: StoveBurner, Faucet,
GarbageCan, PaperTowelRoll, Toilet. People in Britain say "hob", "cooker", "tap", "bin",
"rubbish", "loo", "kitchen roll", "washing-up liquid"; WordNet gives most of these no
sense that is the thing ("hob": a shelf beside an open fire; "cooker": a cook), so they
named nothing.

The resource is the data of ``breame`` (PyPI, Apache-2.0; the word lists of Wikipedia's
"List of British English words not used in American English" and "... words having
different meanings in American and British English"): for each British word or phrase,
its British definition, usually with the American word in a note ("the flat top surface
of a cooking stove (US: cooktop)", "an appliance for cooking food (US: cookstove, stove,
range)"). Read here, for the word's first British sense only:

* the words of its "(US ...)" note ("trash, garbage"; "faucet, spigot");
* the definition itself when it is a short noun phrase ("kitchen roll": "paper towels";
  "loo": "toilet (usually the room ...)"; "telly": "(informal) television").

A verb sense ("(v.) to throw away") or a sense of a longer phrase ("(bread bin) container
..." under "bin") gives nothing. Which of the equivalents are things is left to WordNet
at use time (:meth:`memory_node.core.recall.lexicon.Lexicon.regional`): a British word
is only ever *added* an American reading, never loses its own.

Without the package, or with data it cannot read, the table is empty and one line is
logged: recall runs as before.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Mapping

from memory_node.core.recall.lexical import _WORD, STOPWORDS, lemma, split_label

log = logging.getLogger(__name__)

MAX_PHRASE_WORDS = 3   # a definition longer than this is a description, not a name
MAX_KEY_WORDS = 3      # longest British phrase looked up ("washing up liquid")
BRITISH = "British English"
# Usage labels that may open a definition without making it a different sense.
_USAGE = frozenset({"informal", "slang", "colloquial", "n", "dated", "archaic", "uk"})
_ARTICLES = ("a ", "an ", "the ")
_US_NOTE = re.compile(r"\(\s*US\b([^()]*)\)")


def key_of(phrase: str) -> str:
    """Lookup key of a British phrase or an instruction's words: lower case, words split
    as labels are, each reduced by the plain lemmatiser ("Kitchen-rolls" -> "kitchen
    roll")."""
    return " ".join(lemma(w) for w in _WORD.findall(split_label(phrase)))


def _first_sense(definition: str) -> str:
    """The first sense of a breame definition: senses are separated by line breaks, but
    the data also wraps long senses (a break inside brackets is a wrap, not a sense)."""
    start = 0
    while (cut := definition.find("\n", start)) >= 0:
        head = definition[:cut]
        if head.count("(") <= head.count(")"):
            return head
        start = cut + 1
    return definition


def _split_list(body: str) -> list[str]:
    return [p.strip() for p in re.split(r",|;|\bor\b|/", body) if p.strip()]


def _closes_clause(rest: str) -> bool:
    """Whether the text after a note starts a new clause (or nothing follows)."""
    rest = rest.lstrip()
    return not rest or rest[0] in ";.,:"


def equivalents(definition: str) -> tuple[str, ...]:
    """American names a breame British definition gives, in order: its "(US ...)" note's
    items, then the definition itself when it is a short noun phrase."""
    sense = " ".join(_first_sense(definition).split())
    opener = re.match(r"\(([^()]*)\)\s*", sense)
    if opener and not _US_NOTE.match(sense):
        label = opener.group(1).strip().rstrip(".").lower()
        if label not in _USAGE:
            # "(v.) to throw away", "(bread bin) container ...": another part of speech or
            # a longer phrase's sense, not this word's name for a thing.
            return ()
        sense = sense[opener.end():]
    out: list[str] = []
    note = _US_NOTE.search(sense)
    # Only a note that closes its clause names the entry: "room containing a bath (US:
    # bathtub) or shower" glosses one word inside the definition (bathroom is no bathtub),
    # and a later clause's note ("Mince your words ... (US: "He/She doesn't ...")") belongs
    # to another sense.
    if note is not None and _closes_clause(sense[note.end():]):
        body = note.group(1).strip()
        body = body.split(":", 1)[1] if ":" in body else re.sub(r"^(usu\.|also)\s*", "", body)
        out.extend(_split_list(body))
    # A pronunciation first ("/ˈbaɪəroʊ/ a ballpoint pen") is not part of the name.
    sense = re.sub(r"^/[^/]*/\s*", "", sense)
    lead = re.split(r"[(,;.:]", sense, maxsplit=1)[0].strip().lower()
    for article in _ARTICLES:
        if lead.startswith(article):
            lead = lead[len(article):]
    if lead and len(lead.split()) <= MAX_PHRASE_WORDS and not lead.startswith("to "):
        out.append(lead)
    seen: list[str] = []
    for e in out:
        e = " ".join(_WORD.findall(e.lower()))
        for article in _ARTICLES:
            if e.startswith(article):
                e = e[len(article):]
        if e and len(e.split()) <= MAX_PHRASE_WORDS and e not in seen:
            seen.append(e)
    return tuple(seen)


def described(definition: str) -> tuple[str, ...]:
    """Two-word runs of a definition's first sense outside its US note ("the flat top
    surface of a cooking stove" -> ..., "cooking stove"): where the American word is one
    WordNet lacks ("cooktop"), a compound the definition names the thing by or after may
    be one it has (kept only then, by the lexicon)."""
    sense = _US_NOTE.sub(" ", " ".join(_first_sense(definition).split()))
    if sense.startswith("(") and not re.match(r"\((informal|slang|colloquial|n\.)\)", sense):
        return ()
    words = [w for w in _WORD.findall(sense.lower())]
    return tuple(dict.fromkeys(f"{a} {b}" for a, b in zip(words, words[1:], strict=False)
                               if a not in STOPWORDS and b not in STOPWORDS))


def british_senses(british_only: Mapping[str, str],
                   different: Mapping[str, Mapping[str, str]]) -> dict[str, str]:
    """key -> first British sense, from breame's two British tables (words only British,
    and words with a British meaning of their own). Only split, not parsed: parsing is
    per phrase, on first use (:class:`RegionalNames`)."""
    senses: dict[str, str] = {}
    sources: list[tuple[str, str]] = [(k, v) for k, v in british_only.items()
                                      if isinstance(v, str)]
    sources += [(k, v[BRITISH]) for k, v in different.items()
                if isinstance(v, Mapping) and isinstance(v.get(BRITISH), str)]
    for phrase, definition in sources:
        sense = _first_sense(definition)
        # "barmaid , barman": one entry for several words.
        for name in phrase.split(","):
            key = key_of(name)
            if key and len(key.split()) <= MAX_KEY_WORDS:
                senses[key] = f"{senses[key]}\n{sense}" if key in senses else sense
    return senses


def build_table(british_only: Mapping[str, str],
                different: Mapping[str, Mapping[str, str]]) -> dict[str, tuple[str, ...]]:
    """key -> American names of every listed phrase (what :meth:`RegionalNames.lookup`
    answers, all at once: for tests and for reading the resource)."""
    table = RegionalNames(senses=british_senses(british_only, different))
    return {k: v for k in table.keys() if (v := table.lookup(k))}


class RegionalNames:
    """British phrase -> American names (see the module docstring). The package's data
    is read on first use (~50 ms: its import and one split per entry); each phrase's
    definition is parsed when a phrase is first looked up."""

    def __init__(self, enabled: bool = True, senses: Mapping[str, str] | None = None) -> None:
        self.enabled = enabled
        self._senses: dict[str, str] | None = dict(senses) if senses is not None else None
        self._parsed: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
        self._lock = threading.Lock()
        self.error = ""

    def load(self) -> bool:
        if self._senses is not None:
            return bool(self._senses)
        with self._lock:
            if self._senses is not None:
                return bool(self._senses)
            senses: dict[str, str] = {}
            if self.enabled:
                try:
                    from breame.data.british_terms_constants import (
                        BRITISH_ENGLISH_ONLY_TERMS,
                    )
                    from breame.data.meaning_constants import DIFFERENT_MEANINGS_US_UK_COMMON

                    senses = british_senses(BRITISH_ENGLISH_ONLY_TERMS,
                                            DIFFERENT_MEANINGS_US_UK_COMMON)
                except Exception as exc:  # noqa: BLE001 - any failure: no British names
                    self.error = f"British names (breame) unavailable: {exc}"
                    log.warning("%s; recall reads only WordNet's names (pip: breame)",
                                self.error)
            self._senses = senses
            return bool(senses)

    @property
    def available(self) -> bool:
        return self.load()

    def keys(self) -> list[str]:
        self.load()
        return list(self._senses or {})

    def _parse(self, key: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        if not self.load() or self._senses is None or key not in self._senses:
            return (), ()
        got = self._parsed.get(key)
        if got is None:
            names: list[str] = []
            compounds: list[str] = []
            # One sense per line: several entries for one word ("mobile" under both tables).
            for sense in self._senses[key].split("\n"):
                names += [e for e in equivalents(sense) if key_of(e) != key]
                compounds += [c for c in described(sense) if key_of(c) != key]
            got = self._parsed[key] = (tuple(dict.fromkeys(names)),
                                       tuple(dict.fromkeys(compounds)))
        return got

    def lookup(self, key: str) -> tuple[str, ...]:
        """American names of a British phrase (a :func:`key_of` key); () if none."""
        return self._parse(key)[0]

    def compounds(self, key: str) -> tuple[str, ...]:
        """Two-word runs of the phrase's British definition (see :func:`described`)."""
        return self._parse(key)[1]

    def known(self, key: str) -> bool:
        """Whether breame lists the phrase with a British sense (no parse)."""
        return self.load() and self._senses is not None and key in self._senses

    def __len__(self) -> int:
        self.load()
        return len(self._senses or {})
