"""Round 63: the common words read at start as a request reads a word of its text.

Over DDS the slowest whole-instruction requests were a server's first ones: each met ~15-60
words, forms and pairs new to the process, and read WordNet for them (bench/README_recall.md,
round 63). The start-up warm-up looked the common words up four ways (`Lexicon.warm_words`);
a request reads each word through its query terms and the name rules' container matter,
which asked WordNet again. With `RecallConfig.warm_query_words` the warm-up reads them that
way too, and the answers stay what they were.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from wordnet_data import needs_wordnet

from memory_node.core.recall import lexicon as lexicon_module
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.recall import RecallConfig, _warm_lexicon, configured_query_terms

pytestmark = needs_wordnet

WORDS = 300


def _memo_misses() -> int:
    return sum(v.cache_info().misses for v in vars(Lexicon).values() if hasattr(v, "cache_info"))


@pytest.fixture
def index_reads(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    reads: list[str] = []
    missing = lexicon_module.LazyLemmaIndex.__missing__

    def counted(self: lexicon_module.LazyLemmaIndex, lemma: str) -> object:
        reads.append(lemma)
        return missing(self, lemma)

    monkeypatch.setattr(lexicon_module.LazyLemmaIndex, "__missing__", counted)
    yield reads


def _read_as_a_request(lex: Lexicon, config: RecallConfig, words: list[str]) -> None:
    for w in words:
        configured_query_terms(w, lex, config)
        lex.container_matter(w)


@pytest.mark.parametrize("warm_query_words", [True, False])
def test_a_common_word_costs_a_request_no_wordnet_read_after_the_warm_up(
        warm_query_words: bool, index_reads: list[str]) -> None:
    config = RecallConfig(warm_words=WORDS, warm_query_words=warm_query_words)
    lex = Lexicon()  # the memos are keyed by the instance: this one starts cold
    _warm_lexicon(lex, [], config.warm_words, None, config)
    words = lex.common_words(WORDS)
    assert len(words) == WORDS
    reads, misses = len(index_reads), _memo_misses()
    _read_as_a_request(lex, config, words)
    if warm_query_words:
        assert len(index_reads) == reads, index_reads[reads:][:20]
        assert _memo_misses() == misses
    else:  # the four lookups alone left a request's reads of the same words to do
        assert len(index_reads) - reads > WORDS // 10
        assert _memo_misses() - misses > WORDS


def test_the_warm_up_changes_no_answer() -> None:
    config = RecallConfig(warm_words=WORDS)
    texts = ["put the butter knife and the paper towel roll on the shelf",
             "bring me the small red eating implement from the dining table",
             "the kettle's on the hob, fill it and put the mugs by the sink",
             "throw the wastepaper in the bin, not the recycling",
             "shelve the books and the salty crackers",
             "move the thing to drink from on the shelf to the countertop"]
    warmed = Lexicon()
    _warm_lexicon(warmed, [], config.warm_words, None, config)
    cold = Lexicon()
    assert cold.load()
    for t in texts:
        assert configured_query_terms(t, warmed, config) == configured_query_terms(t, cold, config)
        for w in t.split():
            assert warmed.container_matter(w) == cold.container_matter(w)
