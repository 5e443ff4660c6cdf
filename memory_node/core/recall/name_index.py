"""Which types a text can name at all, looked up by its words (issue 11, part 4).

The lexical half asks :func:`~memory_node.core.recall.names.name_match` of every type
present (~50 at 10,000 units) for every step it ranks; most answer 0, because the text
says none of their words. Every way ``name_match`` finds a name needs one of the type's
words in the text's words: a full name (a run of words of some variant of the text), a
partial name, a majority of its own words, a modifier or a noun of its definition (in
the text's tokens), or one of its single-word names in the definitions of the text's
nouns. Only its purposes (what it is for, against the text's verbs) need none.

So the words are indexed once per set of types (it changes when a type appears or
leaves, not per request) and a step reads ``name_match`` only for the types its words
reach; every other type scores PURPOSE when its purposes meet the text's verbs, else 0,
exactly what ``name_match`` answers for it. Same numbers, fewer calls.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping

from memory_node.core.recall.names import PURPOSE, LabelTerms, QueryTerms, name_match


class NameIndex:
    """The types of one set, by the words that can name them (see the module doc)."""

    def __init__(self, terms: Mapping[str, LabelTerms]) -> None:
        # The types and their terms, in the caller's order (the names dict keeps it).
        self.terms: dict[str, LabelTerms] = dict(terms)
        self._by_word: dict[str, set[str]] = {}
        self._by_head: dict[str, set[str]] = {}
        # A type with an empty full name would need no word: always read (none known).
        self._always: set[str] = set()
        for name, t in self.terms.items():
            own: set[str] = set(t.partial | t.modifiers | t.gloss)
            own.update(t.words)
            for phrase in t.full:
                if not phrase:
                    self._always.add(name)
                own.update(phrase)
            for w in own:
                self._by_word.setdefault(w, set()).add(name)
            for w in t.heads:
                self._by_head.setdefault(w, set()).add(name)

    def same_terms(self, terms_of: Mapping[str, LabelTerms]) -> bool:
        """Whether every type's terms are still the very objects indexed (a recaller's
        memo of them may be cleared and rebuilt, e.g. with WordNet loaded since)."""
        # Once per ranked step over every type present: the identity test in C.
        return all(map(operator.is_, map(terms_of.get, self.terms), self.terms.values()))

    def reachable(self, query: QueryTerms) -> set[str]:
        """The types some word of ``query`` can name (a superset of those it does)."""
        # The variants' words, and the grams (runs of the variants' words, and of
        # compounds' synonyms); each word's types looked up and joined in C (round 81:
        # the same set as a loop of ``out |= hit`` per word, ~1.5 % of a request's work).
        said: set[str] = set(query.token_set)
        said.update(*query.variants, *query.grams)
        out = set(self._always)
        out.update(*filter(None, map(self._by_word.get, said)))
        out.update(*filter(None, map(self._by_head.get, query.gloss)))
        return out

    def names(self, query: QueryTerms,
              purposes_for: Callable[[str, QueryTerms], frozenset[str]]) -> dict[str, float]:
        """Type name -> ``name_match`` of every indexed type, in the index's order, with
        ``name_match`` read only for the types :meth:`reachable` gives."""
        reach = self.reachable(query)
        verbs = query.verbs
        out: dict[str, float] = {}
        for name, t in self.terms.items():
            if name in reach:
                out[name] = name_match(t, query, purposes_for(name, query))
            elif verbs and purposes_for(name, query) & verbs:
                out[name] = PURPOSE
            else:
                out[name] = 0.0
        return out
