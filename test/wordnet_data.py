"""The one skip marker for tests that read WordNet's data files (Debian wordnet-base)."""

from __future__ import annotations

import pytest

from memory_node.core.recall.lexicon import DEFAULT_ROOT, Lexicon

needs_wordnet = pytest.mark.skipif(
    not (DEFAULT_ROOT / "data.noun").is_file(),
    reason=f"WordNet data absent under {DEFAULT_ROOT} (Debian wordnet-base; "
           "scripts/setup.sh installs it)")


def names_said(text: str, lex: Lexicon, types: list[str]) -> dict[str, float]:
    """The types `text` names, after each word is spent on one name (recall's `consume`),
    for tests of how words become names without ranking."""
    from memory_node.core.recall.names import consume, label_terms, name_match, query_terms

    terms = {t: label_terms(t, lex) for t in types}
    q = query_terms(text, lex)
    names = consume({t: name_match(terms[t], q) for t in types}, terms, q)
    return {t: m for t, m in names.items() if m}


def names_sole(lex: Lexicon, text: str, types: list[str], sole: bool = True,
               kinds: bool = False) -> dict[str, float]:
    """`names_said`, then recall's `sole_names` (with each type's WordNet kinds as rivals
    when ``kinds``, as `RecallConfig.gloss_kinds` has it)."""
    from functools import partial

    from memory_node.core.recall.names import (
        consume,
        label_terms,
        name_match,
        query_terms,
        sole_names,
        type_kinds,
    )

    terms = {t: label_terms(t, lex) for t in types}
    q = query_terms(text, lex)
    names = consume({t: name_match(terms[t], q) for t in types}, terms, q)
    if sole:
        names = sole_names(names, {t: terms[t] for t, m in names.items() if m}, q,
                           kinds=partial(type_kinds, lex) if kinds else None)
    return {t: m for t, m in names.items() if m}
