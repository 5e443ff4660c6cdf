"""The lazily searched WordNet lemma index against nltk's fully parsed one, and its
behaviour on words it does not know and on damaged lines."""

from __future__ import annotations

from collections import defaultdict

import pytest
from wordnet_data import needs_wordnet

from memory_node.core.recall.lemma_table import LemmaTable, build, table_path
from memory_node.core.recall.lexicon import (
    DEFAULT_ROOT,
    PHYSICAL,
    LazyLemmaIndex,
    Lexicon,
    _reader_class,
    find_index_line,
)


@needs_wordnet
def test_every_lemma_is_found_as_nltks_full_parse_has_it(tmp_path) -> None:
    """By binary search of the files and by set-up's hash table (lemma_table.py) alike."""
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    reader = _reader_class()(str(DEFAULT_ROOT), None)
    lazy = reader._lemma_pos_offset_map
    assert isinstance(lazy, LazyLemmaIndex)
    files = lazy._files
    full: defaultdict[str, dict] = defaultdict(dict)
    reader._lemma_pos_offset_map = full
    WordNetCorpusReader._load_lemma_pos_offset_map(reader)  # nltk's own parser
    assert len(full) > 140_000
    build(files, table_path(files, tmp_path))
    table = LemmaTable.open(files, tmp_path)
    assert table is not None
    fresh, hashed = LazyLemmaIndex(files), LazyLemmaIndex(files, table)
    for lemma, entry in full.items():
        assert fresh[lemma] == entry, lemma
        assert hashed[lemma] == entry, lemma
        assert lemma in fresh
    # Words WordNet does not have: absent, and an empty entry as nltk's defaultdict gives.
    for word in ("", "zzzzqx", "mug cup", "mug\n", " ", "a\tb", "mug\x00", "\u00e9t\u00e9"):
        for index in (fresh, hashed):
            assert word not in index
            assert index[word] == {}
    # Iterating is the full map (misses memoised before are not lemmas).
    whole = LazyLemmaIndex(files)
    assert whole["mug"] and "zzzzqx" not in whole
    assert dict(whole.items()) == dict(full)
    assert len(whole) == len(full)


@needs_wordnet
def test_lexicon_answers_through_the_lazy_index() -> None:
    lex = Lexicon()
    assert lex.load()
    assert lex.noun("knives") == "knife"
    assert lex.verb("chilled") == "chill"
    assert "sofa" in lex.synonyms("couch")
    assert lex.verb_means("rinse", "clean")
    assert not lex.is_noun("zzzzqx")


def test_binary_search_finds_each_line_and_only_whole_tokens() -> None:
    lines = [b"  1 licence text", b"  2 more licence", b"a n 1 0 1 0 1",
             b"a_b n 1 0 1 0 2", b"ab n 1 0 1 0 3", b"b n 1 0 1 0 4", b"mug n 1 0 1 0 5"]
    data = b"\n".join(lines) + b"\n"
    for line in lines[2:]:
        assert find_index_line(data, line.split(b" ")[0]) == line
    for missing in (b"", b"a_", b"aa", b"c", b"zz", b"1", b"  1"):
        assert find_index_line(data, missing) is None


def test_a_table_is_read_only_for_the_files_it_was_built_from(tmp_path) -> None:
    files = {"adj": b"", "adv": b"", "verb": b"chill v 1 0 1 0 00000007\n",
             "noun": b"  1 licence\ncup n 2 1 @ 2 1 00000001 00000002\nmug n x 0 1 0 9\n"}
    build(files, table_path(files, tmp_path))
    table = LemmaTable.open(files, tmp_path)
    assert table is not None
    index = LazyLemmaIndex(files, table)
    assert index["cup"] == {"n": [1, 2]} and index["chill"] == {"v": [7]}
    assert index["mug"] == {} and index["licence"] == {} and index[""] == {}
    # Other files (a WordNet upgraded after set-up): no table, the files are searched.
    assert LemmaTable.open({**files, "adv": b"up r 1 0 1 0 00000003\n"}, tmp_path) is None
    # A damaged table: the index searches the files and answers the same.
    path = table_path(files, tmp_path)
    data = bytearray(path.read_bytes())
    data[32:] = b"\xff" * (len(data) - 32)
    path.write_bytes(bytes(data))
    damaged = LazyLemmaIndex(files, LemmaTable.open(files, tmp_path))
    assert damaged["cup"] == {"n": [1, 2]} and damaged._table is None


def test_a_damaged_line_is_a_miss_for_that_word_not_an_error() -> None:
    good = b"cup n 2 1 @ 2 1 00000001 00000002\n"
    files = {"adj": b"", "adv": b"", "verb": b"",
             "noun": b"  1 licence\n" + good + b"mug n x 0 1 0 9\n"}
    index = LazyLemmaIndex(files)
    assert index["cup"] == {"n": [1, 2]}
    assert index["mug"] == {}
    assert "mug" not in index


def test_words_wordnet_lacks_are_memoised_only_up_to_a_bound(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import memory_node.core.recall.lexicon as lexicon_module

    monkeypatch.setattr(lexicon_module, "MAX_MEMOISED_MISSES", 3)
    index = LazyLemmaIndex({"adj": b"", "adv": b"", "verb": b"",
                            "noun": b"cup n 1 0 1 0 00000001\n"})
    for i in range(10):
        assert index[f"word{i}"] == {}
    assert index["cup"] == {"n": [1]}
    assert dict.__len__(index) == 4  # three misses and the hit


@needs_wordnet
def test_warm_pays_the_first_lookups_one_off_costs_and_changes_no_answer(tmp_path) -> None:
    warm, cold = Lexicon(), Lexicon()
    assert warm.warm() and warm._counts  # SemCor counts read before any request needs them
    assert cold.load() and cold._counts is None
    for word in ("put", "pepper", "chilled", "vase", "wash", "mug"):
        assert warm.verb_share(word) == cold.verb_share(word), word
        assert warm.gloss_nouns(word) == cold.gloss_nouns(word), word
    # Without WordNet it reports unavailable and raises nothing.
    assert not Lexicon(tmp_path).warm()


def _verb_share_by_parsing(lex: Lexicon, word: str) -> float:
    """The reference: every sense parsed by nltk, SemCor uses read from its lemmas."""
    if not word.isalpha() or len(word) > 40:
        return 0.0
    counts = {"n": 0.0, "v": 0.0}
    for pos in counts:
        for s in lex._synsets(word, pos):
            counts[pos] += 0.5 + sum(lex._tagged(lm) for lm in s.lemmas()
                                     if lm.name().lower() == word)
    base = lex.verb(word)
    if base != word and counts["v"] <= counts["n"]:
        return _verb_share_by_parsing(lex, base)
    total = counts["n"] + counts["v"]
    return counts["v"] / total if total else 0.0


@needs_wordnet
def test_index_answers_equal_parsing_every_sense() -> None:
    """verb_share, is_noun and is_verb from the index and single data lines give exactly
    what parsing every sense with nltk gives, over a seeded sample of the lemma index with
    inflected forms, case variants and words WordNet lacks."""
    import random

    lex = Lexicon()
    assert lex.warm()
    lemmas: list[str] = []
    for name in ("index.noun", "index.verb"):
        for line in (DEFAULT_ROOT / name).read_text(encoding="utf-8").splitlines():
            w = line.split(" ", 1)[0]
            if line and not line.startswith(" ") and w.isalpha():
                lemmas.append(w)
    rng = random.Random(11)
    sample = rng.sample(lemmas, 1500)
    words = {*sample, *(w + "s" for w in sample[:300]), *(w + "ed" for w in sample[:300]),
             *(w + "ing" for w in sample[:200]), "can", "bat", "left", "axes", "Mark",
             "chilled", "zzzzqx", "pepper", "put"}
    for w in sorted(words):
        assert lex.verb_share(w) == _verb_share_by_parsing(lex, w), w
        assert lex.is_noun(w) == bool(lex._synsets(w, "n")), w
        assert lex.is_verb(w) == bool(lex._synsets(w, "v")), w


def _index_lemmas(index_file: str) -> list[str]:
    """The lemmas of one WordNet index file, in file order."""
    return [line.split(" ", 1)[0] for line in
            (DEFAULT_ROOT / index_file).read_text(encoding="utf-8").splitlines()
            if line and not line.startswith(" ")]


def _lexicon_parsing_no_synset(monkeypatch: pytest.MonkeyPatch) -> Lexicon:
    """A loaded Lexicon that fails the test if it builds an nltk synset."""
    lex = Lexicon()
    assert lex.load()

    def no_objects(*_: object) -> tuple:
        raise AssertionError("an nltk synset was parsed")

    monkeypatch.setattr(lex, "_synsets", no_objects)
    return lex


@needs_wordnet
def test_size_words_read_from_data_lines_as_nltks_objects_say(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """is_size_word from the index and data lines gives what nltk's synsets, their heads
    and attributes give, over a seeded sample of adjectives with inflected forms, and parses
    no nltk synset for them."""
    import random

    reference = Lexicon()
    assert reference.load()

    def by_objects(word: str) -> bool:
        for s in reference._synsets(word.lower(), "a")[:1]:
            heads = [s] + (s.similar_tos() if s.pos() == "s" else [])
            return any(a.name().split(".")[0] == "size" for h in heads for a in h.attributes())
        return False

    sample = random.Random(5).sample(_index_lemmas("index.adj"), 600)
    words = [*sample, *(w + "er" for w in sample[:100]), "big", "bigger", "Huge", "tiny",
             "little", "deep", "long", "small", "zzzzqx", ""]
    expected = {w: by_objects(w) for w in words}
    assert expected["big"] and expected["bigger"] and not expected["deep"]
    lex = _lexicon_parsing_no_synset(monkeypatch)
    for w in words:
        assert lex.is_size_word(w) == expected[w], w


@needs_wordnet
def test_sense_parents_read_from_data_lines_as_nltks_objects_say(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """sense_parents from data lines gives what nltk's synsets and hypernyms give, over a
    seeded sample of nouns with plurals, and parses no nltk synset for them."""
    import random

    reference = Lexicon()
    assert reference.load()

    def by_objects(word: str) -> frozenset[str]:
        out: set[str] = set()
        for s in reference._synsets(word.strip().lower(), "n"):
            if s.lexname() in PHYSICAL:
                for h in s.hypernyms():
                    if h.lexname() in PHYSICAL:
                        out.update(n.lower() for n in h.lemma_names() if "_" not in n)
        return frozenset(out)

    sample = random.Random(5).sample(_index_lemmas("index.noun"), 400)
    words = [*sample, *(w + "s" for w in sample[:60]), "stand", "Stands", "zzzzqx", ""]
    expected = {w: by_objects(w) for w in words}
    assert {"table", "booth"} <= expected["stand"]
    lex = _lexicon_parsing_no_synset(monkeypatch)
    for w in words:
        assert lex.sense_parents(w) == expected[w], w
