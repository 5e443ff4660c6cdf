"""WordNet as recall's lexical resource: base forms, synonyms and what a verb means.

People say "cupboard", "telly", "the bath", "chilled", "brewed"; labels say Cabinet,
Television, Bathtub. WordNet 3.0 (Princeton; the Debian package ``wordnet-base``, read
through nltk's reader, never downloaded at run time) gives, for any word, not a list tuned
to one test:

* base forms (``morphy``): "knives" -> knife, "chilled" -> chill, "brewed" -> brew;
* synonyms of physical things only (artifacts, food, plants, natural objects), from the
  most frequent senses: "couch" ~ sofa, "tv" ~ television, "garbage can" ~ "trash can";
* one level of hyponymy for nouns ("frying pan" is a pan, "tap" is a faucet);
* verb meaning through hypernyms: "rinse" is a kind of "clean", "microwave" of "cook",
  "chop" a sibling of "slice" under "cut".

When the data is absent the lexicon is *unavailable* and callers fall back to the plain
lemmatiser of :mod:`.lexical` (documented, never an exception at recall time).
"""

from __future__ import annotations

import functools
import io
import logging
import mmap
import re
import struct
import sys
import threading
from collections.abc import Callable, ItemsView, Iterable, Iterator, KeysView, ValuesView
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from memory_node.core.recall.lemma_table import INDEX_POS, LemmaTable
from memory_node.core.recall.lexical import STOPWORDS, lemma
from memory_node.core.recall.regional import RegionalNames, key_of

log = logging.getLogger(__name__)

DEFAULT_ROOT = Path("/usr/share/wordnet")
# Lexicographer files of things a robot can see or touch.
PHYSICAL = frozenset({"noun.artifact", "noun.food", "noun.plant", "noun.object",
                      "noun.substance"})
FOOD = "noun.food"  # what is eaten or drunk (is_food)
LOCATION = "noun.location"  # a place, not a thing at it ("the corner by the dresser")
ACTION = frozenset({"noun.act", "noun.process", "noun.event"})
SUBSTANCE = "noun.substance"  # what matter is made of or is (verb_matter: rubbish)
CONTACT = "verb.contact"  # verbs done by touching, with a hand or a tool (verb_tools)
# "<the verb> with a <tool>": the kind is the verb done with one tool ("clean with a
# brush"), not with a material ("cover with bread crumbs") or a thing it makes ("cut a
# thread with a tap").
_TOOL_DEFINITION = r"(?:{parents})(?: [a-z]+)? with (?:a|an) (?:[a-z]+ )?{name}\b"
_LOWER_WORD = re.compile(r"[a-z]+")


def done_with(parents: Iterable[str], name: str, definition: str) -> bool:
    """Whether ``definition`` reads "<one of parents> [word] with a|an [word] <name>" from
    its start, ``name`` ending a word: exactly ``re.match`` of :data:`_TOOL_DEFINITION`
    with the parents escaped, without compiling that pattern. A pattern per (verb, kind)
    pair was compiled on a verb's first use (a verb such as "move" or "place" has dozens
    of kinds; the ``re`` module's cache holds 512): ~15-20 ms of one request's CPU."""
    for parent in parents:
        if not definition.startswith(parent):
            continue
        ends = [len(parent)]  # (?: [a-z]+)? : absent, or the whole run of letters
        word = _LOWER_WORD.match(definition, len(parent) + 1)
        if word is not None and definition.startswith(" ", len(parent)):
            ends.append(word.end())
        for i in ends:
            for article in (" with a ", " with an "):
                if not definition.startswith(article, i):
                    continue
                j = i + len(article)
                starts = [j]  # (?:[a-z]+ )? : absent, or a whole run and its space
                word = _LOWER_WORD.match(definition, j)
                if word is not None and definition.startswith(" ", word.end()):
                    starts.append(word.end() + 1)
                for at in starts:
                    end = at + len(name)
                    if definition.startswith(name, at) and (
                            end == len(definition)
                            or not (definition[end].isalnum() or definition[end] == "_")):
                        return True  # \b after a name of letters: no word character next
    return False
# WordNet senses whose kinds hold what they are for: see Lexicon.holds_contents.
CONTENT_SYNSETS = frozenset({"container.n.01", "cooking_utensil.n.01"})
CONTENT_KINDS = ("container", "cooking_utensil")  # the same, as lemma (first sense)
NOUN_SENSES = 3      # the most frequent senses only: rare ones alias everything to everything
VERB_SENSES = 3
ROOT_CHARS = 4       # letters a word shares with the noun it is made from ("shel-ve", "salt-y")
ROOT_SENSES = 2      # "shelve" is first to postpone, then "place on a shelf"; "salty" first witty
_KINDS = frozenset({"~"})    # a verb sense's direct kinds (troponyms)
_DERIVED = frozenset({"+"})  # derivationally related forms (verb_matter)
VERB_DEPTH = 4       # hypernym steps from a verb to a skill verb
# A shared hypernym makes two verbs siblings ("chop", "slice" under "cut") only when it is
# this deep in the hierarchy: near the top ("change", "move") everything is a sibling.
MIN_SIBLING_DEPTH = 2
MAX_WORD_CHARS = 40
# Parents this close to the root ("artifact", "container", "device") name too much.
MIN_HYPERNYM_DEPTH = 7
# Words of definitions that say what kind of thing it is, not which: they would tie
# everything to everything.
_GLOSS_STOP = frozenset({"piece", "kind", "type", "part", "something", "thing", "usually",
                         "especially", "consisting", "side", "top", "set", "device",
                         "used", "use", "amount", "form", "end", "one", "two", "person",
                         "people", "body", "unit", "area", "number", "line", "place"})
# English light (support) verbs: a closed class that carries an action's grammar, not what
# a tool is for ("used to take up food", "used to hold flowers" say where, not how).
LIGHT_VERBS = frozenset({"be", "have", "do", "make", "take", "get", "give", "go", "come",
                         "put", "keep", "hold", "use", "let", "set", "bring", "carry"})

# WordNet's lexnames file (lexnames(5WN)); Debian's wordnet-base leaves it out and nltk's
# reader needs it. Number, name, syntactic category.
_LEXNAMES = """00 adj.all 3
01 adj.pert 3
02 adv.all 4
03 noun.Tops 1
04 noun.act 1
05 noun.animal 1
06 noun.artifact 1
07 noun.attribute 1
08 noun.body 1
09 noun.cognition 1
10 noun.communication 1
11 noun.event 1
12 noun.feeling 1
13 noun.food 1
14 noun.group 1
15 noun.location 1
16 noun.motive 1
17 noun.object 1
18 noun.person 1
19 noun.phenomenon 1
20 noun.plant 1
21 noun.possession 1
22 noun.process 1
23 noun.quantity 1
24 noun.relation 1
25 noun.shape 1
26 noun.state 1
27 noun.substance 1
28 noun.time 1
29 verb.body 2
30 verb.change 2
31 verb.cognition 2
32 verb.communication 2
33 verb.competition 2
34 verb.consumption 2
35 verb.contact 2
36 verb.creation 2
37 verb.emotion 2
38 verb.motion 2
39 verb.perception 2
40 verb.possession 2
41 verb.social 2
42 verb.stative 2
43 verb.weather 2
44 adj.ppl 3
"""


MAX_MEMOISED_MISSES = 50_000


def _definitions_with_parent(sense: Any) -> list[str]:
    """A sense's definition, and its parent's when the definition opens with the parent
    ("spatula: a turner with ..." also reads "turner: ... used for turning"): a definition
    that names its kind leaves what the thing is for to that kind's."""
    definitions = [sense.definition()]
    opening = re.findall(r"[a-z]+", definitions[0].lower())[:2]
    for h in sense.hypernyms():
        if any(w in {n.lower() for n in h.lemma_names()} for w in opening):
            definitions.append(h.definition())
    return definitions


def find_index_line(data: bytes, lemma: bytes) -> bytes | None:
    """The line of a WordNet index file (``data``, the whole file) whose first token is
    ``lemma``, by binary search: index files are sorted in byte order (wndb(5WN); WordNet's
    own library looks words up the same way). Licence lines start with spaces, so their
    empty first token sorts before every lemma."""
    if not lemma or any(c in lemma for c in b" \t\r\n"):
        return None
    lo, hi = 0, len(data)
    while lo < hi:
        mid = (lo + hi) // 2
        start = data.rfind(b"\n", 0, mid) + 1
        end = data.find(b"\n", start)
        if end < 0:
            end = len(data)
        token = data[start:end].split(b" ", 1)[0]
        if token == lemma:
            return data[start:end]
        if token < lemma:
            lo = end + 1
        else:
            hi = start
    return None


def index_lemmas_with_prefix(data: bytes, prefix: bytes, limit: int = 200) -> list[str]:
    """The lemmas of a WordNet index file (``data``, the whole file) that start with
    ``prefix``, in file order, at most ``limit``: one binary search for the first line not
    below the prefix (the file is sorted in byte order), then a scan while lines match."""
    if not prefix or any(c in prefix for c in b" \t\r\n"):
        return []
    lo, hi = 0, len(data)
    while lo < hi:  # the first line whose token is >= prefix
        mid = (lo + hi) // 2
        start = data.rfind(b"\n", 0, mid) + 1
        end = data.find(b"\n", start)
        if end < 0:
            end = len(data)
        if data[start:end].split(b" ", 1)[0] < prefix:
            lo = end + 1
        else:
            hi = start
    out: list[str] = []
    pos = lo
    while pos < len(data) and len(out) < limit:
        end = data.find(b"\n", pos)
        if end < 0:
            end = len(data)
        token = data[pos:end].split(b" ", 1)[0]
        if not token.startswith(prefix):
            break
        out.append(token.decode("utf-8", "replace"))
        pos = end + 1
    return out


def parse_index_line(line: str) -> tuple[str, str, list[int]]:
    """lemma, part of speech and synset offsets of an index line (as nltk parses it)."""
    tokens = line.split()
    lemma, pos = tokens[0], tokens[1]
    n_synsets, n_pointers = int(tokens[2]), int(tokens[3])
    n_senses = int(tokens[4 + n_pointers])
    if n_synsets <= 0 or n_senses != n_synsets:
        raise ValueError(f"malformed WordNet index line for {lemma!r}")
    first = 6 + n_pointers
    return lemma, pos, [int(t) for t in tokens[first:first + n_synsets]]


# A noun data line's pointers to its kinds' parents (class and instance hypernyms).
HYPERNYM_POINTERS = frozenset({"@", "@i"})
_HYPERNYM = frozenset({"@"})    # nltk's hypernyms(): not the instance pointers
_HYPONYM = frozenset({"~"})     # nltk's hyponyms()
_PART_HOLONYM = frozenset({"#p"})


class LazyLemmaIndex(dict[str, dict[str, list[int]]]):
    """nltk's lemma -> {pos: synset offsets} map, filled one lemma at a time by binary
    search of the index files kept in memory as bytes (6 MB).

    nltk parses all 155,000 index lines into this map when the reader is built: 7 s on an
    idle core, 16+ s on the loaded robot, ~100 MB, and the first recall after a restart
    waited for it. Recall looks up a few hundred words. Lookups return what the full map
    would (test/core/test_recall_lexicon_index.py compares every lemma); iterating loads
    every line, as nltk's own map would have.
    """

    def __init__(self, files: dict[str, bytes], table: LemmaTable | None = None) -> None:
        super().__init__()
        self._files = files
        self._table = table  # the same lines by hash (lemma_table.py), when set-up built it
        self._complete = False
        self._misses = 0

    def _lines(self, key: bytes) -> list[bytes]:
        """``key``'s index lines in INDEX_POS order: from the table when there is one,
        else by binary search of each file."""
        if self._table is not None and key and not any(c in key for c in b" \t\r\n"):
            try:
                found = self._table.lines(key)
            except (ValueError, struct.error) as exc:
                log.warning("WordNet lemma table unreadable (%s): searching the index files",
                            exc)
                self._table = None
            else:
                return found.split(b"\n") if found is not None else []
        return [line for suffix in INDEX_POS
                if (line := find_index_line(self._files[suffix], key)) is not None]

    def _lookup(self, lemma: str) -> dict[str, list[int]]:
        entry: dict[str, list[int]] = {}
        for line in self._lines(lemma.encode("utf-8")):
            try:
                _, pos, offsets = parse_index_line(line.decode("utf-8"))
            except (ValueError, IndexError, UnicodeDecodeError) as exc:
                # A damaged line costs that word its senses, never the request.
                log.warning("WordNet index: unreadable line for %r (%s)", lemma, exc)
                continue
            entry[pos] = offsets
            if pos == "a":  # nltk files adjective satellites under the adjective's lemma
                entry["s"] = offsets
        return entry

    def __missing__(self, lemma: str) -> dict[str, list[int]]:
        if self._complete or not isinstance(lemma, str):
            entry: dict[str, list[int]] = {}
        else:
            entry = self._lookup(lemma)
        # Memoised as nltk's defaultdict(dict) would; misses only up to a bound, since a
        # long-running server sees any word people type.
        if entry or self._misses < MAX_MEMOISED_MISSES:
            self._misses += not entry
            self[lemma] = entry
        return entry

    def __contains__(self, lemma: object) -> bool:
        return isinstance(lemma, str) and bool(self[lemma])

    def get(self, lemma: str, default: object = None) -> object:  # type: ignore[override]
        return self[lemma] if lemma in self else default

    def load_all(self) -> None:
        if self._complete:
            return
        for suffix in INDEX_POS:
            for raw in self._files[suffix].decode("utf-8").splitlines():
                if raw.startswith(" ") or not raw.strip():
                    continue
                lemma, pos, offsets = parse_index_line(raw)
                entry = dict.setdefault(self, lemma, {})
                entry[pos] = offsets
                if pos == "a":
                    entry["s"] = offsets
        for lemma in [k for k, v in dict.items(self) if not v]:
            dict.__delitem__(self, lemma)  # misses memoised before the full load
        self._complete = True

    def __iter__(self) -> Iterator[str]:
        self.load_all()
        return super().__iter__()

    def __len__(self) -> int:
        self.load_all()
        return super().__len__()

    def keys(self) -> KeysView[str]:  # type: ignore[override]
        self.load_all()
        return super().keys()

    def items(self) -> ItemsView[str, dict[str, list[int]]]:  # type: ignore[override]
        self.load_all()
        return super().items()

    def values(self) -> ValuesView[dict[str, list[int]]]:  # type: ignore[override]
        self.load_all()
        return super().values()


# nltk's packages whose ``__init__`` the WordNet reader's modules do not need (round 32).
# nltk.sem (round 45): nltk.data takes the package and featstruct its ``logic`` only; the
# ``__init__`` loads the semantics toolkit (Boxer, DRT and with it tkinter: ~50-70 ms of
# the WordNet thread's CPU at a server's start, beside the recall preload). Appended: the
# reader base indexes the first four.
_NLTK_PACKAGES = ("nltk", "nltk.corpus", "nltk.corpus.reader", "nltk.tokenize", "nltk.sem")
_NLTK_LOCK = threading.Lock()


def _lazy_package(name: str) -> Any:
    """Package ``name`` (its parent already imported) put in ``sys.modules`` with its
    ``__init__`` not run: its submodules import as ever; the first read of a name it
    lacks, a submodule's not, runs the ``__init__`` in place (PEP 562 ``__getattr__``),
    so it is then the package nltk makes, with every submodule loaded before it bound to
    it already."""
    import importlib.util

    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None or not spec.submodule_search_locations:
        raise ImportError(f"no package {name}")
    module = importlib.util.module_from_spec(spec)
    folders = [Path(p) for p in spec.submodule_search_locations]
    ran = threading.RLock(), [False]

    def __getattr__(attr: str) -> Any:  # noqa: N807 - the module hook's name
        # ``from nltk import grammar`` asks for the name before it imports the submodule.
        if any((f / f"{attr}.py").is_file() or (f / attr / "__init__.py").is_file()
               for f in folders):
            raise AttributeError(f"module {name!r} has no attribute {attr!r}")
        with ran[0]:
            if not ran[1][0]:
                # Its parent's ``__init__`` first, as a plain import runs them (the
                # parent's may import this package, which then runs here, nested).
                parent = sys.modules.get(name.rpartition(".")[0])
                if parent is not None:
                    getattr(parent, "__version__", None)
            if not ran[1][0]:
                ran[1][0] = True
                spec.loader.exec_module(module)  # type: ignore[union-attr]
            if attr in module.__dict__:
                return module.__dict__[attr]
        raise AttributeError(f"module {name!r} has no attribute {attr!r}")

    module.__getattr__ = __getattr__  # type: ignore[method-assign]
    sys.modules[name] = module
    parent, _, child = name.rpartition(".")
    if parent:
        setattr(sys.modules[parent], child, module)  # as an import binds a submodule
    return module


def _wordnet_reader_base() -> Any:
    """nltk's ``WordNetCorpusReader``, imported without its packages' ``__init__``s
    (round 32): ``import nltk`` imports its whole toolkit (parsers, classifiers, taggers,
    translation metrics: ~240 modules, ~0.9-1.2 s of CPU, the largest stage of a
    server's start) for a reader that needs ~25 of them. Its packages
    (``_NLTK_PACKAGES``) are made lazy (:func:`_lazy_package`) and given the one name
    each module takes from a package, so only the reader's modules load; anything that
    reads more of nltk later gets nltk whole then. The reader's code is nltk's,
    unchanged. With nltk imported already, the plain import."""
    with _NLTK_LOCK:
        if "nltk" not in sys.modules:
            packages = [_lazy_package(name) for name in _NLTK_PACKAGES]
            try:
                from nltk.tokenize.regexp import wordpunct_tokenize

                packages[3].wordpunct_tokenize = wordpunct_tokenize
                from nltk.corpus.reader.api import CorpusReader

                packages[2].CorpusReader = CorpusReader
            except (ImportError, AttributeError) as exc:
                # Another nltk whose modules want more: its packages made whole.
                log.info("nltk's WordNet reader alone did not import (%s): nltk whole", exc)
                for package in packages:
                    getattr(package, "__version__", None)
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    return WordNetCorpusReader


def _reader_class() -> type:
    base = _wordnet_reader_base()

    class _DebianWordNet(base):  # type: ignore[misc,valid-type]
        """nltk's reader over Debian's WordNet 3.0 files (no lexnames, no version banner),
        with the lemma index read lazily (:class:`LazyLemmaIndex`)."""

        def open(self, file: str):  # noqa: A003
            if file == "lexnames":
                return io.StringIO(_LEXNAMES)
            return super().open(file)

        def _load_lemma_pos_offset_map(self) -> None:
            files = {}
            for suffix in INDEX_POS:
                with self.abspath(f"index.{suffix}").open() as fh:
                    files[suffix] = fh.read()
            self._lemma_pos_offset_map = LazyLemmaIndex(files, LemmaTable.open(files))

        def get_version(self) -> str:
            return "3.0"

        # nltk reads a sense by seek + readline on one shared file object per part of
        # speech: the start-up warm thread and a request reading senses at once got each
        # other's lines ("No WordNet synset found" warnings, a sense read as None), and the
        # memoised answers kept the damage ("chilled" implied no fridge for the process).
        _read_lock = threading.RLock()

        def synset_from_pos_and_offset(self, pos: str, offset: int):  # noqa: ANN201
            with self._read_lock:
                cache = self._synset_offset_cache[pos]
                if offset in cache:
                    return cache[offset]
                line = self._mapped_line(pos, offset)
                if line is None:
                    return super().synset_from_pos_and_offset(pos, offset)
                # nltk's own parse of the very line its seek + readline returns; the read
                # is a slice of the mapped file (round 59, dds61: nltk's stream reader
                # decoded the line 72 bytes at a time, a quarter of a new word's sense
                # reads). Anything else (no such line) is nltk's path, warning and all.
                synset = self._synset_from_pos_and_line(pos, line)
                cache[offset] = synset
                return synset

        _mapped: dict[str, mmap.mmap | None]

        def _mapped_line(self, pos: str, offset: int) -> str | None:
            """The line nltk's ``_data_file(pos)`` seek + readline gives at ``offset``,
            read from the data file mapped once; None when it is not the line of the
            sense at ``offset`` (nltk's reader then answers)."""
            file_pos = "a" if pos == "s" else pos
            mapped = self.__dict__.setdefault("_mapped", {})
            data = mapped.get(file_pos, False)
            if data is False:
                data = None
                name = self._FILEMAP.get(file_pos)
                if name is not None:
                    try:
                        with self.abspath(f"data.{name}").open() as fh:
                            data = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
                    except (OSError, ValueError, AttributeError):
                        data = None
                mapped[file_pos] = data
            if data is None or not 0 <= offset < len(data):
                return None
            end = data.find(b"\n", offset)
            try:
                text = data[offset:end + 1 if end >= 0 else len(data)].decode("utf-8")
            except UnicodeDecodeError:
                return None
            lines = text.splitlines(True)  # readline's own split (\r, \x0c, ...)
            line = lines[0] if lines else ""
            if line[:8] != f"{offset:08d}" or not line[:8].isalnum():
                return None
            return line

        def map_wn(self, version: str = "wordnet") -> None:  # no OMW mapping needed
            return None

    return _DebianWordNet


# A lemma's syntactic marker ("(a)", "(p)") and a gloss's quoted examples, compiled once
# (re.sub with a pattern string looks its compiled form up on every call).
_MARKER = re.compile(r"\(.*\)$")
_QUOTED = re.compile(r'["].*?["]')
_SS_TYPE = {"n": "1", "v": "2"}  # WordNet's synset type digit in a sense key
_DATA_FILE = {"n": "noun", "v": "verb", "a": "adj"}


_T = TypeVar("_T")
_UNSET = object()


def _answered(maxsize: int, *, stored: bool = True
              ) -> Callable[[Callable[..., _T]], functools._lru_cache_wrapper[_T]]:
    """A lexicon method memoised per process (``lru_cache``, bounded), whose misses are
    first looked up in the lexicon's table of answers made at set-up
    (:mod:`.lexicon_answers`, :meth:`Lexicon.use_answers`), so a word new to the process
    costs a dict lookup instead of WordNet's reads. While :attr:`Lexicon.recording` is a
    dict, the answers computed are put in it (how set-up makes the table). ``stored``
    False: the answers are not plain data (never recorded, never read from a table)."""
    def wrap(method: Callable[..., _T]) -> functools._lru_cache_wrapper[_T]:
        name = method.__name__

        def answer(self: Lexicon, *args: Any, **kwargs: Any) -> _T:
            if not stored:
                return method(self, *args, **kwargs)
            key = (name, args, tuple(sorted(kwargs.items()))) if kwargs else (name, args)
            answers = self.answers
            if answers is not None:
                held = answers.get(key, _UNSET)
                if held is not _UNSET:
                    return held
            value = method(self, *args, **kwargs)
            if self.recording is not None:
                self.recording[key] = value
            return value

        functools.update_wrapper(answer, method)
        return lru_cache(maxsize=maxsize)(answer)
    return wrap


class Lexicon:
    """Base forms, physical-object synonyms and verb meanings from WordNet.

    Construction is cheap; the data loads on first use, or at once with :meth:`load`
    (nltk's import and the exception lists; the lemma index is searched, not parsed). All
    lookups are memoised per word.
    """

    def __init__(self, root: str | Path | None = DEFAULT_ROOT, regional: bool = True) -> None:
        self.root = Path(root) if root else None
        # British names read as the American ones labels use ("hob", "loo"): breame's data
        # (regional.py); ``regional=False`` leaves them out (an A/B, or no package).
        self.regional_names = RegionalNames(enabled=regional)
        self._wn = None
        self._failed = False
        self._counts: dict[str, int] | None = None
        self._data: dict[str, mmap.mmap] = {}  # data.noun / .verb / .adj, read on first use
        self._lock = threading.Lock()
        self.error = ""
        # Set-up's answers of the memoised methods (use_answers), read before WordNet;
        # replaced whole, never mutated, so a reader on another thread sees all or none.
        self.answers: dict[tuple, Any] | None = None
        self.recording: dict[tuple, Any] | None = None  # lexicon_answers.build's

    # -- loading ---------------------------------------------------------------------
    def load(self) -> bool:
        """Load WordNet now; False (and :attr:`error` set) when it cannot be read."""
        with self._lock:
            if self._wn is not None or self._failed:
                return self._wn is not None
            if self.root is None or not (self.root / "data.noun").is_file():
                self.error = f"WordNet data not found under {self.root} (apt: wordnet-base)"
            else:
                try:
                    import warnings

                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")  # "multilingual functions" notice
                        self._wn = _reader_class()(str(self.root), None)
                except Exception as exc:  # noqa: BLE001 - any reader failure means "unavailable"
                    self.error = f"WordNet under {self.root} failed to load: {exc}"
            if self._wn is None:
                self._failed = True
                log.warning("%s; recall falls back to plain lemmatisation", self.error)
            return self._wn is not None

    def warm(self) -> bool:
        """:meth:`load`, then what the first lookup of any word would otherwise pay once
        (~45 ms, on the first request after a start): the SemCor counts read into a dict
        and the noun and verb data files opened and read once. Memoises nothing about any
        word an instruction could hold except WordNet's two roots."""
        if not self.load():
            return False
        self._tagged_counts()
        self.regional_names.load()  # ~30 ms of imports and parsing, not in a request
        self.verb_share("entity")  # the noun root: its noun and verb senses are parsed
        self.verb_share("be")
        return True

    def use_answers(self, answers: dict[tuple, Any]) -> None:
        """Read the memoised methods' answers from ``answers`` (``(method, args)`` -> the
        answer; :func:`.lexicon_answers.attach` reads only a table made by this code from these
        files) before computing them; requests then read WordNet only for what it lacks."""
        self.answers = answers

    @property
    def available(self) -> bool:
        # Asked ~80 times per request (every reader checks it first): once loaded, answered
        # without the lock; `_wn` is only ever set, never cleared.
        return self._wn is not None or self.load()

    # -- words -----------------------------------------------------------------------
    def noun(self, word: str) -> str:
        """Singular base form of a noun ("knives" -> "knife"); the word itself if unknown."""
        return self._morphy(word, "n")

    @_answered(20_000)  # asked per word of every instruction
    def singular(self, word: str) -> str:
        """The singular of a plural that WordNet also lists as a lemma of its own, when one
        of the singular's main senses is a physical thing and the word is mostly a noun:
        "bowls" (the game) -> "bowl", "eggs" -> "egg", "drawers" (underpants) -> "drawer",
        "glasses" -> "glass". morphy stops at the first form the index knows, so such
        plurals kept their "s" and named nothing they should. Any other word comes back as
        :meth:`noun` gives it."""
        base = self.noun(word)
        if (base != word or not word.endswith("s") or not self.available
                or self.verb_share(word) >= 0.5):  # "pass": a verb, not "pas"
            return base
        for form in self._forms(word, "n"):
            if form != word and any(s.lexname() in PHYSICAL
                                    for s in self._synsets(form, "n")[:NOUN_SENSES]):
                return form
        return base

    def verb(self, word: str) -> str:
        """Base form of a verb ("chilled" -> "chill"); the word itself if unknown."""
        return self._morphy(word, "v")

    @_answered(20_000)  # one lexicon per process; bounded
    def _morphy(self, word: str, pos: str) -> str:
        if not self.available or len(word) > MAX_WORD_CHARS or not word.isalpha():
            return lemma(word) if pos == "n" else word
        wn = self._wn
        if wn is None:  # `available` loaded it; None only if loading failed
            return lemma(word) if pos == "n" else word
        base = wn.morphy(word, pos)
        return base or (lemma(word) if pos == "n" else word)

    def is_noun(self, word: str) -> bool:
        # Whether it has senses, from the index alone: `synsets` returns one per offset of
        # each form `_forms` gives, so the answers are the same without parsing any sense.
        return self.available and bool(self._forms(word, "n"))

    def is_food(self, word: str) -> bool:
        """The word's main noun sense is a food or a drink (WordNet's noun.food: "coffee",
        "tea"), not an artifact ("stove") or a substance ("water")."""
        return self._main_noun_sense_is(word, FOOD)

    def is_thing(self, word: str) -> bool:
        """The word's main noun sense is something physical ("pepper", "water", "stick")."""
        if not self.available:
            return False
        light = self._senses(word, "n")
        if light is not None:
            return bool(light) and light[0].lexname in PHYSICAL
        senses = self._synsets(word, "n")
        return bool(senses) and senses[0].lexname() in PHYSICAL

    @_answered(20_000)  # asked per place word of a request
    def headed_thing(self, word: str) -> bool:
        """The word's first sense of its own (one where WordNet lists it first: its
        headword) is something physical. A sense that lists the word only as another
        name is someone else's entry: "cistern" is first a second name of the body's
        "cisterna", and its own first entry is "a tank that holds the water used to flush a
        toilet". A word whose own first entry is not physical stays no thing ("mother":
        a person)."""
        if not self.available:
            return False
        key = word.strip().lower()
        light = self._senses(key, "n")
        if light is not None:
            own = [s.lexname for s in light if s.names[:1] and s.names[0].lower() == key]
        else:
            own = [s.lexname() for s in self._synsets(key, "n")
                   if s.lemma_names()[:1] and s.lemma_names()[0].lower() == key]
        return bool(own) and own[0] in PHYSICAL

    @_answered(20_000)  # asked per word of a request that is no noun
    def root_noun(self, word: str) -> str:
        """The noun a word WordNet knows as no noun is made from, by the word's main
        verb or adjective senses (``ROOT_SENSES``): the one noun of their definitions
        that the word's own letters begin with (its first ``ROOT_CHARS``), no longer than
        the word, not its verb's base, and a physical thing in its main sense ("shelve:
        place on a shelf" -> shelf, "salty: containing or filled with salt" -> salt,
        "soapy" -> soap); "" for the rest ("painted": "painting" is longer than "paint";
        "watered": water is the verb itself; "imagine": an image is no thing)."""
        key = word.strip().lower()
        if (not self.available or len(key) < ROOT_CHARS or not key.isalpha()
                or self.is_noun(key)):
            return ""
        base = self.verb(key)
        found: set[str] = set()
        for pos in ("v", "a"):
            senses = self._senses(key, pos)
            for sense in (senses or ())[:ROOT_SENSES]:
                for w in re.findall(r"[a-z]+", sense.definition.lower()):
                    noun = self.noun(w)
                    if (noun[:ROOT_CHARS] == key[:ROOT_CHARS] and len(noun) <= len(key)
                            and noun != base and self.is_thing(noun)):
                        found.add(noun)
        return found.pop() if len(found) == 1 else ""

    def is_location(self, word: str) -> bool:
        """The word's main noun sense is a place ("corner", "side", "spot"), not a thing."""
        return self._main_noun_sense_is(word, LOCATION)

    def _main_noun_sense_is(self, word: str, lexname: str) -> bool:
        """Whether the word's first noun sense is in WordNet's lexicographer file `lexname`
        (from the light sense table where it has the word, else from the full parse)."""
        if not self.available:
            return False
        light = self._senses(word, "n")
        if light is not None:
            return bool(light) and light[0].lexname == lexname
        senses = self._synsets(word, "n")
        return bool(senses) and senses[0].lexname() == lexname

    @_answered(20_000)  # asked per word of every instruction
    def one_sense(self, word: str) -> bool:
        """The word has one meaning in WordNet, a physical thing, and no verb sense
        ("vino": wine): its synonyms are other names of that one thing, whatever the
        words around it ("couch" is also a verb and a thing of psychiatry; "pot" ten
        things)."""
        if not self.available or self.is_verb(word):
            return False
        light = self._senses(word, "n")
        if light is None:
            return len(self._synsets(word, "n")) == 1 and self.is_thing(word)
        return len(light) == 1 and light[0].lexname in PHYSICAL

    def is_action_noun(self, word: str) -> bool:
        """One of the word's main noun senses is an act or a process ("a rinse", "a
        wash"), not only a thing ("the hob")."""
        if not self.available:
            return False
        light = self._senses(word, "n")
        names = ([s.lexname for s in light[:NOUN_SENSES]] if light is not None
                 else [s.lexname() for s in self._synsets(word, "n")[:NOUN_SENSES]])
        return any(n in ACTION for n in names)

    def is_adjective(self, word: str) -> bool:
        return self.available and bool(self._forms(word, "a") or self._forms(word, "s"))

    @lru_cache(maxsize=2_000)  # noqa: B019
    def antonyms(self, word: str) -> frozenset[str]:
        """The words WordNet opposes to the adjective ``word`` in its first two senses
        ("dark" -> "light", "dirty" -> "clean")."""
        out: set[str] = set()
        for pos in ("a", "s"):
            for s in self._synsets(word, pos)[:2]:
                for held in s.lemmas():
                    out.update(a.name().lower() for a in held.antonyms())
        return frozenset(out)

    def is_verb(self, word: str) -> bool:
        return self.available and bool(self._forms(word, "v"))

    def is_adverb(self, word: str) -> bool:
        return self.available and bool(self._forms(word, "r"))

    def _forms(self, word: str, pos: str) -> tuple[str, ...]:
        """The base forms of ``word`` WordNet lists under ``pos``, as ``synsets`` looks them
        up (lower case, exception lists, then the detachment rules), without parsing any
        sense: the lemma index alone answers."""
        if not self.available or len(word) > 2 * MAX_WORD_CHARS:
            return ()
        return self._forms_known(word, pos)

    # Memoised only past `available` (WordNet loaded): a per-subtask request asked ~17
    # words' forms of nltk's morphy, ~0.2 ms of its ~4 ms of CPU at 10,000 units, nearly
    # all words every instruction repeats ("the", "put", "cup"). Tuples: never mutated.
    @_answered(20_000)  # one lexicon per process; bounded
    def _forms_known(self, word: str, pos: str) -> tuple[str, ...]:
        wn = self._wn  # after `available`, which loads it
        if wn is None:
            return ()
        try:
            return tuple(wn._morphy(word.lower(), pos))
        except Exception:  # noqa: BLE001 - a malformed term is simply unknown
            return ()

    def _offsets(self, form: str, pos: str) -> list[int]:
        """Offsets of ``form``'s senses under ``pos``, in sense-number order."""
        wn = self._wn
        entry = wn._lemma_pos_offset_map.get(form) if wn is not None else None
        return list(entry.get(pos, [])) if isinstance(entry, dict) else []

    def _main_verb_offsets(self, word: str) -> list[int]:
        """Offsets of the first VERB_SENSES senses of ``word``'s verb forms, from the lemma
        index alone (no sense is parsed)."""
        return [off for form in self._forms(word, "v")
                for off in self._offsets(form, "v")][:VERB_SENSES]

    @_answered(20_000)
    def verb_share(self, word: str) -> float:
        """How often ``word`` is used as a verb rather than a noun (WordNet's sense-tagged
        corpus counts; 0 when unknown): "put" ~1, "pepper" ~0."""
        if not self.available or not word.isalpha() or len(word) > MAX_WORD_CHARS:
            return 0.0
        counts = {"n": 0.0, "v": 0.0}
        fast = self._tagged_counts() is not None
        for pos in counts:
            if fast:
                # The same sums as parsing every sense below (tested over the lemma index),
                # from the index and one data line per sense: nltk's parse of a sense costs
                # ~0.2 ms and a common word has dozens.
                tagged = [self._tagged_at(pos, off, word)
                          for form in self._forms(word, pos) for off in self._offsets(form, pos)]
                if None not in tagged:
                    counts[pos] = sum(0.5 + t for t in tagged if t is not None)
                    continue
                counts[pos] = 0.0  # a line it could not read: the parse below decides
            for s in self._synsets(word, pos):
                # Tagged uses in SemCor, plus half a use per sense so that words the corpus
                # never tagged ("pepper" as a verb: 0 uses) are judged by their senses.
                counts[pos] += 0.5 + sum(self._tagged(lm) for lm in s.lemmas()
                                         if lm.name().lower() == word)
        base = self.verb(word)
        if base != word and counts["v"] <= counts["n"]:  # inflected: "chilled", "washed"
            return self.verb_share(base)
        total = counts["n"] + counts["v"]
        return counts["v"] / total if total else 0.0

    def _tagged(self, lemma_: object) -> int:
        """SemCor uses of a sense: from ``cntlist.rev`` read once into a dict (nltk's own
        lookup binary-searches the file on disk for every lemma, milliseconds each)."""
        counts = self._tagged_counts()
        if counts is None:
            return int(lemma_.count())  # type: ignore[attr-defined]
        return counts.get(lemma_.key(), 0)  # type: ignore[attr-defined]

    def _tagged_counts(self) -> dict[str, int] | None:
        """SemCor uses by sense key, None without ``cntlist.rev``; read once."""
        if self._counts is None:
            path = self.root / "cntlist.rev" if self.root else None
            if path is None or not path.is_file():
                return None
            counts: dict[str, int] = {}
            with open(path, encoding="utf-8") as fh:
                for line in fh:
                    key, _, count = line.rstrip("\n").rpartition(" ")
                    key = key.split(" ", 1)[0]
                    if count.isdigit():
                        counts[key] = int(count)
            self._counts = counts  # whole, so a concurrent reader never sees it half read
        return self._counts

    def _tagged_at(self, pos: str, offset: int, word: str) -> int | None:
        """SemCor uses of ``word`` in the sense at ``offset``: its sense keys built from the
        data line (lexicographer file, lex id) as nltk's ``Lemma.key`` builds them, looked
        up in the counts; None when the line cannot be read."""
        counts = self._tagged_counts()
        line = self._data_line(pos, offset)
        if counts is None or line is None:
            return None
        fields = line.split(" ")
        try:
            if int(fields[0]) != offset:
                return None
            lexfile, n = int(fields[1]), int(fields[3], 16)
            total = 0
            for name, lex_id in zip(fields[4:4 + 2 * n:2], fields[5:5 + 2 * n:2], strict=True):
                if name.lower() == word:
                    total += counts.get(f"{word}%{_SS_TYPE[pos]}:{lexfile:02d}:"
                                        f"{int(lex_id, 16):02d}::", 0)
        except (ValueError, IndexError):
            return None
        return total

    def _data_line(self, pos: str, offset: int) -> str | None:
        """The data file's line of the sense at ``offset`` (None when it cannot be read)."""
        data = self._data.get(pos)
        if data is None and self.root is not None:
            try:
                with open(self.root / f"data.{_DATA_FILE[pos]}", "rb") as fh:
                    data = self._data[pos] = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
            except (OSError, ValueError):
                return None
        if data is None or not 0 <= offset < len(data):
            return None
        end = data.find(b"\n", offset)
        return data[offset:end if end >= 0 else len(data)].decode("utf-8", "replace")

    @_answered(20_000)
    def _senses(self, term: str, pos: str) -> tuple[_Sense, ...] | None:
        """``term``'s senses in ``_synsets`` order, read from one data line each (offset,
        lexicographer file, lemma names, definition) as nltk's parser reads them, but
        without building its objects for every pointer and lemma: a new word's first use
        parsed dozens of senses (~0.2 ms each) in the request. None when a line cannot be
        read (the callers then parse with nltk)."""
        # `available` loads WordNet: read `_wn` after it. Read before, the first word asked
        # of a fresh lexicon got nothing, and the cache kept that answer for good.
        if not self.available or len(term) > 2 * MAX_WORD_CHARS:
            return ()
        wn = self._wn
        if wn is None:
            return ()
        out = []
        for form in self._forms(term, pos):
            for off in self._offsets(form, pos):
                line = self._data_line(pos, off)
                if line is None or "|" not in line:
                    return None
                try:
                    columns, gloss = line.strip().split("|")
                    fields = columns.split()
                    if int(fields[0]) != off:
                        return None
                    n = int(fields[3], 16)
                    names = tuple(_MARKER.sub("", w) for w in fields[4:4 + 2 * n:2])
                    definition = _QUOTED.sub("", gloss).strip().strip("; ")
                    out.append(_Sense(off, wn._lexnames[int(fields[1])], names, definition))
                except (ValueError, IndexError):
                    return None
        return tuple(out)

    def _physical_senses(self, term: str) -> list[_Sense] | None:
        senses = self._senses(term, "n")
        if senses is None:
            return None
        return [s for s in senses[:NOUN_SENSES] if s.lexname in PHYSICAL]

    @_answered(20_000, stored=False)  # the reader's own objects: not plain data
    def _synsets(self, term: str, pos: str) -> tuple:
        if not self.available or len(term) > 2 * MAX_WORD_CHARS:
            return ()
        wn = self._wn  # after `available`, which loads it
        if wn is None:
            return ()
        try:
            return tuple(wn.synsets(term, pos))
        except Exception:  # noqa: BLE001 - a malformed term is simply unknown
            return ()

    def _physical(self, term: str, household: bool = False) -> list:
        senses = [s for s in self._synsets(term, "n")[:NOUN_SENSES] if s.lexname() in PHYSICAL]
        if household:
            # A sense WordNet files under a field of its own ("(baseball) home plate",
            # "(geology) kettle hole") is that field's thing, not the one a home holds:
            # its names ("home", "base", "bag") and its parents are not this thing's.
            # Not a field that is the thing itself (the television's, "television").
            own = set(term.split("_"))
            senses = [s for s in senses
                      if all(set(d.name().split(".")[0].split("_")) & own
                             for d in s.topic_domains())]
        return senses

    @_answered(20_000)
    def synonyms(self, phrase: str, household: bool = False) -> frozenset[str]:
        """Other names of a physical thing ("garbage can" -> "trash can", "dustbin", ...),
        lower case, words separated by spaces; empty when WordNet does not know it.
        ``household``: not of a sense filed under another field (``_physical``)."""
        term = phrase.strip().lower().replace(" ", "_")
        out: set[str] = set()
        light = None if household else self._physical_senses(term)
        if light is not None:
            for sense in light:
                out.update(n.lower().replace("_", " ") for n in sense.names)
        else:
            for s in self._physical(term, household):
                out.update(n.lower().replace("_", " ") for n in s.lemma_names())
        out.discard(phrase.lower())
        return frozenset(out)

    @_answered(20_000)
    def regional(self, phrase: str) -> tuple[str, ...]:
        """American names of a British word or phrase that are things by WordNet: "hob"
        -> cooktop, "cooker" -> stove, "loo" -> toilet, "kitchen roll" -> paper towel
        (:mod:`.regional`). An equivalent WordNet does not know as a physical thing
        ("worthless" of "rubbish") or knows only by its words ("dish soap": a noun whose
        head is a thing) is kept only in the second case. Empty without either resource."""
        if not self.available:
            return ()
        key = key_of(phrase)
        out = []
        for name in self.regional_names.lookup(key):
            words = name.split()
            if self.is_thing("_".join(words)) or (
                    len(words) > 1 and self.is_thing(self.noun(words[-1]))
                    and all(self.is_noun(w) for w in words)):
                out.append(name)
        if not out:
            # The American word is one WordNet lacks ("hob": US cooktop): a compound the
            # British definition says that WordNet has as a thing ("cooking stove").
            out = [c for c in self.regional_names.compounds(key)
                   if self.is_thing(c.replace(" ", "_"))
                   and self._forms(c.replace(" ", "_"), "n")]
        return tuple(out)

    @_answered(20_000)
    def hyponym_names(self, phrase: str, household: bool = False) -> frozenset[str]:
        """Names of the direct kinds of a physical thing ("pan" -> "frying pan", "wok")."""
        term = phrase.strip().lower().replace(" ", "_")
        if not household:
            light = self._hyponym_names_read(term)
            if light is not None:
                return light
        out: set[str] = set()
        for s in self._physical(term, household):
            for h in s.hyponyms():
                out.update(n.lower().replace("_", " ") for n in h.lemma_names())
        return frozenset(out)

    def _hyponym_names_read(self, term: str) -> frozenset[str] | None:
        """:meth:`hyponym_names` (not ``household``) from data lines: the physical senses'
        "~" pointers and each kind's lemma names. nltk parsed every sense of the word and
        of each of its kinds (a container's dozens: ~2 ms of a request's first read of a
        new place word, round 59 dds61). None when a line cannot be read."""
        senses = self._physical_senses(term)
        if senses is None:
            return None
        out: set[str] = set()
        for sense in senses:
            kinds = self._pointers(sense.offset, _HYPONYM)
            if kinds is None:
                return None
            for kind in kinds:
                names = self._sense_names("n", kind)
                if not names:
                    return None
                out.update(_MARKER.sub("", n).replace("_", " ") for n in names)
        return frozenset(out)

    @_answered(20_000)
    def kind_aliases(self, phrase: str, head: str, household: bool = False) -> frozenset[str]:
        """One-word names of the direct kinds of a thing's main sense that one of the kind's
        own names ties to ``head`` ("faucet" -> "tap": WordNet's kind {water faucet, water
        tap, tap}; "pen" -> "biro", "pan" -> "skillet"). A kind none of whose names says
        the head ("coffee" under pot) is left out: its other names mean other things."""
        out: set[str] = set()
        if not self.available:  # loads WordNet, which `_physical` alone would not
            return frozenset()
        term = phrase.strip().lower().replace(" ", "_")
        for s in self._physical(term, household)[:1]:
            for h in s.hyponyms():
                names = [n.lower().replace("_", " ") for n in h.lemma_names()]
                if any(head in n.replace(" ", "") for n in names):
                    out.update(n for n in names if " " not in n and "-" not in n
                               and head not in n)
        return frozenset(out)

    @_answered(20_000)
    def hypernym_names(self, phrase: str, household: bool = False) -> frozenset[str]:
        """Names of the direct, still physical, parents of a thing's main sense ("fridge"
        -> "refrigerator"; "mug" -> "drinking vessel")."""
        term = phrase.strip().lower().replace(" ", "_")
        out: set[str] = set()
        for s in self._physical(term, household)[:1]:
            for h in s.hypernyms():
                if h.lexname() in PHYSICAL and h.min_depth() >= MIN_HYPERNYM_DEPTH:
                    out.update(n.lower().replace("_", " ") for n in h.lemma_names())
        return frozenset(out)

    def _physical_parents(self, senses: Iterable[_Sense]) -> frozenset[str] | None:
        """:meth:`sense_parents` from data lines: nltk parsed every sense of the word and
        of each parent (~1 ms a new word); None when a line cannot be read."""
        out: set[str] = set()
        for sense in senses:
            if sense.lexname not in PHYSICAL:
                continue
            read = self._semantic_pointers("n", sense.offset)
            if read is None:
                return None
            for symbol, pos, parent in read[1]:
                if symbol != "@" or pos != "n":
                    continue
                field = self._field(self._data_line("n", parent) or "")
                names = self._sense_names("n", parent)
                if not field or not names:
                    return None
                if field in PHYSICAL:
                    out.update(n for n in names if "_" not in n)
        return frozenset(out)

    @_answered(20_000)
    def sense_parents(self, word: str) -> frozenset[str]:
        """One-word names of the direct physical parents of every physical sense of a noun,
        rare senses too ("stand" -> support, table, booth, platform). Only for a word that
        names nothing else where it is said (names.compound_parents): there the rare
        senses alias nothing."""
        if not self.available:
            return frozenset()
        senses = self._senses(word.strip().lower(), "n")
        light = self._physical_parents(senses) if senses is not None else None
        if light is not None:
            return light
        out: set[str] = set()
        for s in self._synsets(word.strip().lower(), "n"):
            if s.lexname() not in PHYSICAL:
                continue
            for h in s.hypernyms():
                if h.lexname() in PHYSICAL:
                    out.update(n.lower() for n in h.lemma_names() if "_" not in n)
        return frozenset(out)

    @_answered(20_000)
    def elided_heads(self, phrase: str, own: tuple[str, ...]) -> frozenset[str]:
        """Heads of the two-word kinds and parts of a thing whose first word is one of the
        thing's own words ``own``: what is left when a speaker drops the modifier the room
        makes obvious ("toilet paper": its kind "toilet roll", so "a new roll";
        "toilet": its part "toilet bowl", so "scrub the bowl"). A head that is also an
        adjective ("egg white") is left out: said alone it is a colour or a quality."""
        if not self.available:
            return frozenset()
        out: set[str] = set()
        for s in self._physical(phrase.strip().lower().replace(" ", "_")):
            for related in s.hyponyms() + s.part_meronyms():
                for n in related.lemma_names():
                    first, _, head = n.lower().partition("_")
                    if (first in own and head.isalpha() and head not in own
                            and not self._forms(head, "a")):
                        out.add(head)
        return frozenset(out)

    @_answered(5_000)
    def modifier_heads(self, words: tuple[str, ...]) -> frozenset[str]:
        """Heads of WordNet's two-word compounds of a thing's modifier that do what the
        thing's head does, for a thing whose whole name WordNet does not know: "towel
        holder" is no WordNet word, but "towel rail" (also "towel bar") is "a horizontal
        bar ... for holding towels", and a holder is a holding device, so "hang the towel
        on the rail" means the towel holder. The tie is the head's own verb (WordNet's
        derivation: holder -> hold) said in the compound's definition, or the head among
        the compound's parents; a compound for something else of the modifier's ("towel
        rack": towels "can be hung" on it; "soap dish" for a soap bar) gives nothing. A
        head that is also an adjective is left out, as :meth:`elided_heads` leaves it."""
        if len(words) < 2 or not self.available or self._wn is None:
            return frozenset()
        if self._physical(" ".join(words).replace(" ", "_")) or self._physical("".join(words)):
            return frozenset()  # a known whole: elided_heads reads its own compounds
        head = words[-1]
        # The whole modifier, and its own head: a hand towel is a towel, and a towel
        # rail holds it ("hand towel holder").
        modifiers = dict.fromkeys(("_".join(words[:-1]), words[-2]))
        does: set[str] = set()
        for s in self._physical(head)[:1]:
            does |= {d.name().lower() for lm in s.lemmas()
                     for d in lm.derivationally_related_forms()
                     if d.synset().pos() == "v"}
        files = getattr(self._wn._lemma_pos_offset_map, "_files", None)
        if not does or not isinstance(files, dict) or "noun" not in files:
            return frozenset()
        out: set[str] = set()
        for modifier in modifiers:
            prefix = (modifier + "_").encode()
            for compound in index_lemmas_with_prefix(files["noun"], prefix):
                rest = compound[len(modifier) + 1:]
                if not rest.isalpha() or rest in words:
                    continue
                for s in self._physical(compound)[:1]:
                    said = {self.verb(w) for w in _LOWER_WORD.findall(s.definition().lower())}
                    parents = {n.lower() for h in s.hypernyms() for n in h.lemma_names()}
                    if not (said & does or head in parents):
                        continue
                    for n in s.lemma_names():
                        first, _, other = n.lower().rpartition("_")
                        if (first == modifier and other.isalpha() and other not in words
                                and not self._forms(other, "a")):
                            out.add(other)
        return frozenset(out)

    @_answered(5_000)
    def shaped_like(self, phrase: str) -> frozenset[str]:
        """Nouns a physical thing's main sense is defined as shaped like ("ladle: a
        spoon-shaped vessel with a long handle" -> spoon): what a speaker who does not
        know its name calls it, with its size said ("the big spoon for soup")."""
        out: set[str] = set()
        for s in self._physical(phrase.strip().lower().replace(" ", "_"))[:1]:
            # The genus only ("a spoon-shaped vessel"), not a part it has ("spoon: a
            # piece of cutlery with a shallow bowl-shaped container": no big bowl).
            genus = re.split(r"[;,(]| with | of | for | that | which ", s.definition().lower())[0]
            for noun in re.findall(r"\b([a-z]+)-shaped\b", genus):
                if self.is_noun(noun):
                    out.add(self.noun(noun))
        return frozenset(out)

    @_answered(5_000)
    def is_size_word(self, word: str) -> bool:
        """An adjective whose main sense says a size (WordNet's attribute "size", read
        from the head sense a satellite is similar to): "big", "large", "huge", "little",
        "tiny"; not "deep" (depth) or "long" (length, duration)."""
        if not self.available or self._wn is None:
            return False
        # The first sense's offset from the index, its pointers from data lines: nltk's
        # objects for a new adjective, its heads and their attributes cost ~0.3 ms.
        first = next((off for form in self._forms(word.lower(), "a")
                      for off in self._offsets(form, "a")), None)
        if first is None:
            return False
        light = self._says_size(first)
        if light is not None:
            return light
        senses = self._synsets(word.lower(), "a")[:1]
        for s in senses:
            heads = [s] + (s.similar_tos() if s.pos() == "s" else [])
            for h in heads:
                if any(a.name().split(".")[0] == "size" for a in h.attributes()):
                    return True
        return False

    def _semantic_pointers(self, pos: str,
                           offset: int) -> tuple[str, list[tuple[str, str, int]]] | None:
        """A sense's type ("a", "s", "n", ...) and its sense-to-sense pointers (symbol,
        target part of speech, offset) as nltk reads them into a synset (word-to-word
        pointers go to its lemmas); None when the line cannot be read."""
        line = self._data_line(pos, offset)
        if line is None:
            return None
        try:
            fields = line.split("|")[0].split()
            if int(fields[0]) != offset:
                return None
            at = 4 + 2 * int(fields[3], 16)
            pointers = [(fields[at + 1 + 4 * i], fields[at + 3 + 4 * i],
                         int(fields[at + 2 + 4 * i])) for i in range(int(fields[at]))
                        if fields[at + 4 + 4 * i] == "0000"]
        except (ValueError, IndexError):
            return None
        return fields[2], pointers

    def _says_size(self, offset: int) -> bool | None:
        """:meth:`is_size_word` for the adjective sense at ``offset``: it, or the head
        a satellite is similar to, has an attribute whose name is "size"."""
        sense = self._semantic_pointers("a", offset)
        if sense is None:
            return None
        kind, pointers = sense
        heads = [offset] + ([off for sym, _, off in pointers if sym == "&"] if kind == "s" else [])
        for head in heads:
            read = self._semantic_pointers("a", head)
            if read is None:
                return None
            for sym, pos, target in read[1]:
                if sym != "=" or pos not in _DATA_FILE:
                    continue
                names = self._sense_names(pos, target)
                if not names:
                    return None
                if names[0].split(".")[0] == "size":
                    return True
        return False

    @_answered(20_000)
    def gloss_nouns(self, phrase: str, senses: int = 2) -> frozenset[str]:
        """Nouns of the definitions of a physical thing's ``senses`` main senses, base
        forms: "vase" -> {jar, glass, porcelain, ornament, flower}. Weak evidence only."""
        term = phrase.strip().lower().replace(" ", "_")
        out: set[str] = set()
        light = self._physical_senses(term)
        definitions = ([sense.definition for sense in light[:senses]] if light is not None
                       else [s.definition() for s in self._physical(term)[:senses]])
        for definition in definitions:
            for w in re.findall(r"[a-z]+", definition.lower()):
                if len(w) < 3 or w in STOPWORDS or w in _GLOSS_STOP:
                    continue
                base = self.noun(w)
                # A plural whose singular is not the verb's base is a noun ("with
                # shelves": shelf, not the verb shelve).
                plural = base != w and base != self.verb(w)
                if self.is_noun(base) and (plural or self.verb_share(w) < 0.5):
                    out.add(base)
        return frozenset(out)

    @_answered(20_000)
    def description_words(self, phrase: str, senses: int = 2) -> frozenset[str]:
        """Content words of a physical thing's ``senses`` main definitions, each in its
        noun and verb base forms, and of its parent's when a definition opens with the
        parent ("spatula: a turner with ..." reads "turner: ... a flat flexible part and
        a long handle used for turning"): what a speaker who does not know the name says
        of its look, matter and use ("the round deep thing", "the rubber thing on a
        stick", "the stiff-bristled one"). Function words, light verbs and the
        definitions' own filler ("usually", "piece") are left out."""
        term = phrase.strip().lower().replace(" ", "_")
        out: set[str] = set()
        for s in self._physical(term)[:senses]:
            for definition in _definitions_with_parent(s):
                for w in re.findall(r"[a-z]+", definition.lower()):
                    if len(w) < 3 or w in STOPWORDS or w in _GLOSS_STOP:
                        continue
                    out.update(b for b in {w, self.noun(w), self.verb(w)}
                               if b not in LIGHT_VERBS)
        return frozenset(out)

    @_answered(20_000)
    def purposes(self, phrase: str) -> frozenset[str]:
        """Verbs a physical thing's definition says it is for, base forms: "for (heavy)
        cleaning", "for drying or wiping", "used to mix or spread", and a gerund naming a
        kind of the thing's own parent ("a writing implement", "cooking vessel"; not
        "interlacing fibers"). A definition that opens with the thing's parent ("spatula:
        a turner with ...") inherits the parent's ("... used for turning or serving
        food"). Light verbs say nothing of a use and are left out."""
        term = phrase.strip().lower().replace(" ", "_")
        out: set[str] = set()
        for s in self._physical(term)[:2]:
            kinds = {n.lower() for p in s.closure(lambda x: x.hypernyms())
                     for n in p.lemma_names()}
            for definition in _definitions_with_parent(s):
                out |= self._definition_verbs(definition.lower(), kinds)
        return frozenset(out - LIGHT_VERBS)

    @_answered(5_000)
    def holds_contents(self, phrase: str) -> bool:
        """The thing's main sense is a kind of container or of cooking utensil: what it is
        for ("a pot for cooking") happens to what it holds, where it is used (the stove).
        A tool "for cleaning" (a brush, a plunger) is used on something else."""
        if not self.available:  # loads first: an answer memoised before would be wrong
            return False
        term = phrase.strip().lower().replace(" ", "_")
        light = self._physical_senses(term)
        if light is not None:
            kinds = {o for k in CONTENT_KINDS for o in self._offsets(k, "n")[:1]}
            found = self._has_hypernym(light[0].offset, kinds) if light else False
            if found is not None:
                return found
        for s in self._physical(term)[:1]:
            for p in s.closure(lambda x: x.hypernyms()):
                if p.name() in CONTENT_SYNSETS:
                    return True
        return False

    @_answered(5_000)
    def verb_tools(self, word: str) -> frozenset[str]:
        """The tools a verb is done with, by its kinds named after a tool: WordNet's
        "wipe" has the kinds "sponge" ("wipe with a sponge") and "towel" ("wipe with a
        towel"), "clean" has "brush" ("clean with a brush"). A kind counts when one of
        its names is the word its definition says the action is done "with" (the verb is
        the tool's name used as a verb), and it is a verb of contact (WordNet's field:
        "supply with a tap" gives the thing, it is no tool); direct kinds of the verb's
        main senses only. Read from the data lines' hyponym pointers, not nltk's objects:
        a verb like "move" has hundreds of kinds (~120 ms to parse as synsets on first
        use, in a request)."""
        if not self.available or word in LIGHT_VERBS:
            return frozenset()
        verb = self.verb(word)
        offsets = self._main_verb_offsets(verb)
        out: set[str] = set()
        for off in offsets:
            sense = self._verb_line(off)
            if sense is None:
                return self._verb_tools_parsed(verb)
            names, _, kinds = sense
            for kind in kinds:
                line = self._verb_line(kind)
                if line is None:
                    return self._verb_tools_parsed(verb)
                kind_names, (field, definition), _ = line
                if field != CONTACT:  # "supply with a tap" gives, not uses, one
                    continue
                out.update(name for name in kind_names
                           if name.isalpha() and done_with(names, name, definition))
        return frozenset(out)

    @_answered(5_000)
    def sibling_tools(self, word: str) -> frozenset[str]:
        """The tools of the verb's siblings that do what it does: "scrub" is "clean with
        hard rubbing", a kind of "rub", and rub's kind "sponge down" is "clean with a
        sponge, by rubbing": a scrub is done with a sponge, though no kind of "scrub" is
        named after a tool (:meth:`verb_tools`). A sibling counts when its definition
        starts with the verb the said verb's definition starts with (both say
        "clean"), is "<that verb> with a <tool>" as :func:`done_with` reads it, and
        both are verbs of contact; a sibling with a particle ("sponge down") is named
        after its first word. Only a word that is mostly a verb (SemCor, as
        :meth:`verb_matter`'s callers: not "towel", "plate", "box" used as verbs), and
        not a sense named after a tool itself ("towel": wipe with a towel; its
        sibling's sponge is another tool, not what was said). Direct parents of the
        verb's main senses only; from the data lines, as :meth:`verb_tools`."""
        if not self.available or word in LIGHT_VERBS or self.verb_share(word) < 0.5:
            return frozenset()
        verb = self.verb(word)
        offsets = self._main_verb_offsets(verb)
        out: set[str] = set()
        for off in offsets:
            sense = self._verb_line(off)
            if sense is None or sense[1][0] != CONTACT:
                continue
            head = _LOWER_WORD.match(sense[1][1])
            if (head is None or head.group() in LIGHT_VERBS
                    or any(done_with((head.group(),), n, sense[1][1]) for n in sense[0])):
                continue
            for parent in self._verb_parents(off):
                line = self._verb_line(parent)
                if line is None:
                    continue
                for kind in line[2]:
                    kline = None if kind == off else self._verb_line(kind)
                    if kline is None or kline[1][0] != CONTACT:
                        continue
                    for name in kline[0]:
                        tool = name.split("_", 1)[0]
                        if tool.isalpha() and done_with((head.group(),), tool, kline[1][1]):
                            out.add(tool)
        return frozenset(out)

    def _verb_parents(self, offset: int) -> tuple[int, ...]:
        """Offsets of a verb sense's direct parents (hypernym pointers), from its data
        line; empty when it cannot be read."""
        line = self._data_line("v", offset)
        if line is None or "|" not in line:
            return ()
        try:
            fields = line.split("|", 1)[0].split()
            at = 4 + 2 * int(fields[3], 16)
            return tuple(int(fields[at + 2 + 4 * i]) for i in range(int(fields[at]))
                         if fields[at + 1 + 4 * i] == "@" and fields[at + 3 + 4 * i] == "v")
        except (ValueError, IndexError):
            return ()

    def _verb_line(self, offset: int
                   ) -> tuple[tuple[str, ...], tuple[str, str], tuple[int, ...]] | None:
        """A verb sense's names (lower case), (lexicographer field, definition) and the
        offsets of its direct kinds, from its data line; None when it cannot be read."""
        line = self._data_line("v", offset)
        wn = self._wn
        if line is None or "|" not in line or wn is None:
            return None
        try:
            columns, gloss = line.split("|", 1)
            fields = columns.split()
            n = int(fields[3], 16)
            names = tuple(w.lower() for w in fields[4:4 + 2 * n:2])
            at = 4 + 2 * n
            kinds = tuple(int(fields[at + 2 + 4 * i]) for i in range(int(fields[at]))
                          if fields[at + 1 + 4 * i] == "~" and fields[at + 3 + 4 * i] == "v")
            definition = gloss.strip().split('"', 1)[0].strip().rstrip(";").strip().lower()
            return names, (wn._lexnames[int(fields[1])], definition), kinds
        except (ValueError, IndexError):
            return None

    def _verb_tools_parsed(self, verb: str) -> frozenset[str]:
        """:meth:`verb_tools` through nltk's synsets (when a data line cannot be read)."""
        out: set[str] = set()
        for sense in self._synsets(verb, "v")[:VERB_SENSES]:
            parents = [n.lower() for n in sense.lemma_names()]
            for kind in sense.hyponyms():
                if kind.lexname() != CONTACT:
                    continue
                definition = kind.definition().lower()
                out.update(n.lower() for n in kind.lemma_names()
                           if n.isalpha() and done_with(parents, n.lower(), definition))
        return frozenset(out)

    @_answered(5_000)
    def is_kind_of(self, word: str, kind: str) -> bool:
        """The noun ``word``'s main sense, a physical thing, is a direct kind of one of
        ``kind``'s main physical senses ("water": water.n.01's parent is liquid). Main
        senses and one level only, as with a compound's parent: "milk" is a dairy product
        before it is a beverage, and a beverage is a liquid two levels up; what it is
        said as, a food kept in a fridge or poured from a bottle, is no liquid a faucet
        gives. Read from the data lines (no sense parsed: "set" has 45 noun senses)."""
        if not self.available:  # loads first: an answer memoised before would be wrong
            return False
        senses = self._physical_senses(self.noun(word.strip().lower()))
        kinds = self._physical_senses(kind.strip().lower().replace(" ", "_"))
        if senses is None or kinds is None:
            first = self._physical(self.noun(word.strip().lower()))[:1]
            targets = set(self._physical(kind.strip().lower().replace(" ", "_")))
            return bool(first) and bool(targets & set(first[0].hypernyms()))
        if not senses or not kinds:
            return False
        line = self._data_line("n", senses[0].offset)
        try:
            fields = (line or "").split("|")[0].split()
            n = int(fields[3], 16)
            at = 4 + 2 * n
            parents = {int(fields[at + 2 + 4 * i]) for i in range(int(fields[at]))
                       if fields[at + 1 + 4 * i] in ("@", "@i")}
        except (ValueError, IndexError):
            return False
        return bool(parents & {k.offset for k in kinds})

    def _pointers(self, offset: int, symbols: frozenset[str], pos: str = "n",
                  target: str = "n") -> frozenset[int] | None:
        """Senses (of part of speech ``target``) a ``pos`` sense's data line points to
        with one of ``symbols`` ("@" hypernym, "#p" part holonym, "+" derivationally
        related, ...); None when the line cannot be read."""
        line = self._data_line(pos, offset)
        if line is None:
            return None
        try:
            fields = line.split("|")[0].split()
            n = int(fields[3], 16)
            at = 4 + 2 * n
            return frozenset(int(fields[at + 2 + 4 * i]) for i in range(int(fields[at]))
                             if fields[at + 1 + 4 * i] in symbols
                             and fields[at + 3 + 4 * i] == target)
        except (ValueError, IndexError):
            return None

    @_answered(5_000)
    def container_matter(self, noun: str) -> frozenset[str]:
        """The matter a container's definition says it is for, as :meth:`verb_matter`
        words: the matter of the verbs its main sense is defined by in an inflected form
        ("wastebasket: a container with an open top; for discarded paper and other
        rubbish": discard -> rubbish, trash). Not the substances it is made of ("a glass
        or plastic vessel"). Empty for a word whose main sense is no container
        ("hamper": a restraint)."""
        term = noun.strip().lower().replace(" ", "_")
        if not self.available or not self.holds_contents(term):
            return frozenset()
        out: set[str] = set()
        for sense in self._physical(term)[:1]:
            for w in re.findall(r"[a-z]+", sense.definition().lower()):
                if w in STOPWORDS:
                    continue
                base = self.verb(w)
                if base != w and self.is_verb(base):
                    out |= self.verb_matter(base)
        return frozenset(out)

    def _field(self, line: str) -> str:
        """A data line's lexicographer field ("noun.substance"); "" when unreadable."""
        wn = self._wn
        try:
            return wn._lexnames[int(line.split(None, 2)[1])] if wn is not None else ""
        except (ValueError, IndexError):
            return ""

    def _sense_names(self, pos: str, offset: int) -> tuple[str, ...]:
        """A sense's lemma names (lower case, "_" between words) from its data line."""
        line = self._data_line(pos, offset)
        try:
            fields = (line or "").split("|")[0].split()
            return tuple(w.lower() for w in fields[4:4 + 2 * int(fields[3], 16):2])
        except (ValueError, IndexError):
            return ()

    @_answered(5_000)
    def verb_matter(self, verb: str) -> frozenset[str]:
        """Nouns for the matter a verb deals with, one word each: nouns WordNet derives
        ("+" pointers) from the verb's main senses (for a verb with its particle,
        "throw_away", the main sense only) or from their direct kinds, whose definition
        says the verb in turn. "dispose" means "discard", whose kind "trash" gives
        "rubbish": "worthless material that is to be disposed of", the matter, which a
        container here may be defined to hold ("garbage can: a bin that holds rubbish").
        The two-way tie leaves out what a kind merely names ("pass" -> a round of
        drinks, "fill" -> a pot), and matter is WordNet's substances only ("cut" ->
        cutlery, "for cutting", is a tool). Light verbs ("put", "take") give nothing."""
        if not self.available or verb in LIGHT_VERBS:
            return frozenset()
        offsets = (self._main_verb_offsets(verb) if "_" not in verb
                   else self._offsets(verb, "v")[:1])
        out: set[str] = set()
        for off in offsets:
            said = set(self._sense_names("v", off))
            for sense in (off, *(self._pointers(off, _KINDS, "v", "v") or ())):
                for noun in self._pointers(sense, _DERIVED, "v", "n") or ():
                    line = self._data_line("n", noun) or ""
                    if "|" not in line or self._field(line) != SUBSTANCE:
                        continue  # matter, not a tool named after the act ("cutlery")
                    gloss = line.split("|", 1)[1].split('"', 1)[0]
                    if said & {self.verb(w) for w in re.findall(r"[a-z]+", gloss.lower())}:
                        # A word whose main sense it is ("rubbish"; not "bowl", whose
                        # ball in bowling "rolls", nor "fixture" for "secure").
                        out.update(n for n in self._sense_names("n", noun)
                                   if n.isalpha() and self._offsets(n, "n")[:1] == [noun])
        return frozenset(out)

    @_answered(20_000)
    def part_wholes(self, word: str) -> frozenset[int]:
        """The wholes (noun sense offsets) a noun's main sense is a part of, when that sense
        is a physical thing: "bristle" -> brush, "mattress" -> bed, "keyboard" -> computer,
        typewriter, piano. The main sense only: "back", "arm" and "leg" are first parts of
        a body. See :meth:`part_whole` for a part that says its whole."""
        if not self.available:  # loads first: an answer memoised before would be wrong
            return frozenset()
        senses = self._senses(self.noun(word.strip().lower()), "n")
        if senses is None:
            first = self._synsets(self.noun(word.strip().lower()), "n")[:1]
            if not first or first[0].lexname() not in PHYSICAL:
                return frozenset()
            return frozenset(h.offset() for h in first[0].part_holonyms())
        if not senses or senses[0].lexname not in PHYSICAL:
            return frozenset()
        return self._pointers(senses[0].offset, frozenset({"#p"})) or frozenset()

    def part_whole(self, word: str) -> frozenset[int]:
        """:meth:`part_wholes` when WordNet makes the word a part of one thing only: then
        the word says its whole ("bristle": a brush's, "mattress": a bed's, "pane": a
        window's). A shelf is a part of a bookcase, a cabinet, a chest of drawers and four
        more, a handle of thirty things, a keyboard of a piano and of a computer: said,
        such a part is a thing of its own ("put it on the shelf") or names no whole."""
        wholes = self.part_wholes(word)
        return wholes if len(wholes) == 1 else frozenset()

    @_answered(20_000)
    def is_part_within(self, part: str, whole: str) -> bool:
        """``part``'s main physical sense is a part of ``whole``'s main physical sense (or of
        a kind above it), directly or as a part of one of its parts: "windowsill" (a part
        of a window frame, a part of a window) of "window"; "bedroom" (a part of a
        dwelling) of no bed."""
        if not self.available:
            return False
        light = self._part_within_read(part.strip().lower().replace(" ", "_"),
                                       whole.strip().lower().replace(" ", "_"))
        if light is not None:
            return light
        p = self._physical(part.strip().lower().replace(" ", "_"))[:1]
        w = self._physical(whole.strip().lower().replace(" ", "_"))[:1]
        if not p or not w:
            return False
        kinds = {w[0]} | set(w[0].closure(lambda x: x.hypernyms()))
        near = set(p[0].part_holonyms())
        return bool((near | {g for h in near for g in h.part_holonyms()}) & kinds)

    def _part_within_read(self, part: str, whole: str) -> bool | None:
        """:meth:`is_part_within` from data lines ("#p" and "@" pointers: nltk parsed every
        sense of both words and of each kind above the whole); None when a line cannot
        be read."""
        p = self._physical_senses(part)
        w = self._physical_senses(whole)
        if p is None or w is None:
            return None
        if not p or not w:
            return False
        kinds = self._hypernym_walk(w[0].offset)
        near = self._pointers(p[0].offset, _PART_HOLONYM)
        if kinds is None or near is None:
            return None
        reach = set(near)
        for h in near:
            above = self._pointers(h, _PART_HOLONYM)
            if above is None:
                return None
            reach |= above
        return bool(reach & (kinds | {w[0].offset}))

    @_answered(5_000)
    def _hypernym_walk(self, offset: int) -> frozenset[int] | None:
        """Every noun sense above ``offset`` by "@" pointers only, as nltk's ``closure``
        of ``hypernyms()`` reaches them (:meth:`hypernym_offsets` takes "@i" too); None
        when a line on the way cannot be read."""
        seen: set[int] = set()
        todo = [offset]
        while todo:
            parents = self._pointers(todo.pop(), _HYPERNYM)
            if parents is None:
                return None
            for p in parents - seen:
                seen.add(p)
                todo.append(p)
        seen.discard(offset)
        return frozenset(seen)

    @_answered(20_000)
    def is_whole(self, phrase: str, wholes: frozenset[int]) -> bool:
        """A thing's main physical sense is one of ``wholes`` or a kind of one: a laptop
        is a kind of computer, so it has the computer's keyboard (WordNet lists parts on
        the most general thing that has them)."""
        if not wholes or not self.available:
            return False
        senses = self._physical_senses(phrase.strip().lower().replace(" ", "_"))
        if senses is None:
            first = self._physical(phrase.strip().lower().replace(" ", "_"))[:1]
            if not first:
                return False
            kinds = {first[0].offset()} | {h.offset() for h in
                                           first[0].closure(lambda x: x.hypernyms())}
            return bool(kinds & wholes)
        if not senses:
            return False
        if senses[0].offset in wholes:
            return True
        above = self.hypernym_offsets(senses[0].offset)
        if above is None:  # a line on the way cannot be read: the walk answers as before
            return bool(self._has_hypernym(senses[0].offset, set(wholes)))
        return bool(above & wholes)

    @_answered(20_000)
    def hypernym_offsets(self, offset: int) -> frozenset[int] | None:
        """Every noun sense above ``offset`` ("@", "@i" pointers, walked to the root), or
        None when a line on the way cannot be read. Per sense, not per (sense, wholes):
        :meth:`is_whole` asked every type here once per new part word said, and walked
        each type's hypernyms again (~2-4 ms of a request with 50-70 types); the types'
        sets are built at start (:meth:`warm_kinds`), a request intersects them."""
        seen: set[int] = set()
        todo = [offset]
        while todo:
            off = todo.pop()
            parents = self._pointers(off, HYPERNYM_POINTERS)
            if parents is None:
                return None
            for p in parents - seen:
                seen.add(p)
                todo.append(p)
        return frozenset(seen)

    def warm_kinds(self, phrases: Iterable[str]) -> None:
        """Build :meth:`hypernym_offsets` of these type names' main physical senses now
        (spoken and joined forms, as :func:`names.part_wholes` asks), not in a request."""
        if not self.available:
            return
        for phrase in phrases:
            senses = self._physical_senses(phrase.strip().lower().replace(" ", "_"))
            if senses:
                self.hypernym_offsets(senses[0].offset)

    def _has_hypernym(self, offset: int, targets: set[int]) -> bool | None:
        """Whether a noun sense has one of ``targets`` among its hypernyms, walked over the
        data lines' "@" pointers (nltk's closure parses every sense on the way, ~1 ms a
        type); None when a line cannot be read."""
        seen: set[int] = set()
        todo = [offset]
        while todo:
            off = todo.pop()
            if off in seen:
                continue
            seen.add(off)
            parents = self._pointers(off, HYPERNYM_POINTERS)
            if parents is None:
                return None
            if parents & targets:
                return True
            todo.extend(parents)
        return False

    def purpose_senses(self, phrase: str) -> frozenset[str]:
        """:meth:`purposes` as main verb senses (see :meth:`verb_senses`)."""
        return frozenset(v for p in self.purposes(phrase) for v in self.verb_senses(p))

    def _definition_verbs(self, definition: str, kinds: set[str]) -> set[str]:
        found: list[str] = []
        for m in re.finditer(r"\bfor (?:[a-z]+ )?([a-z]+ing(?: or [a-z]+ing)*)\b", definition):
            found += m.group(1).split(" or ")
        for m in re.finditer(r"\b([a-z]+ing) ([a-z]+)", definition):
            if self.noun(m.group(2)) in kinds:
                found.append(m.group(1))
        out = {self.verb(w) for w in found if self.verb(w) != w and self.is_verb(self.verb(w))}
        for m in re.finditer(r"\b(?:used|usable)\b[^;:,]{0,40}?\bto ([a-z]+(?: or [a-z]+)*)",
                             definition):
            out |= {self.verb(w) for w in m.group(1).split(" or ") if self.is_verb(w)}
        return out

    @_answered(5_000)
    def done_to(self, phrase: str) -> frozenset[str]:
        """Verbs a physical thing's main definition says you do to it: "bathtub: a
        relatively large open container that you fill with water" -> fill."""
        term = phrase.strip().lower().replace(" ", "_")
        out: set[str] = set()
        for s in self._physical(term)[:1]:
            for m in re.finditer(r"\b(?:that|which) you ([a-z]+)\b", s.definition().lower()):
                if self.is_verb(m.group(1)):
                    out.add(self.verb(m.group(1)))
        return frozenset(out - LIGHT_VERBS)

    @_answered(20_000)
    def verb_senses(self, word: str, parents: bool = False) -> frozenset[str]:
        """The verb's main sense (as "v<offset>"), and with ``parents`` its direct parents
        below the root of WordNet's verbs ("flip" -> flip, turn; never "change", "move").
        Senses, not names: "wash"'s parent is the "serve" of serving food, not the "serve"
        a bowl is for. Only the main sense: rarer ones alias too much."""
        if not self.available or word in LIGHT_VERBS:
            return frozenset()
        senses = self._synsets(self.verb(word), "v")[:1]
        out = {s for s in senses}
        if parents:
            out |= {h for s in senses for h in s.hypernyms() if h.hypernyms()}
        return frozenset(f"v{s.offset()}" for s in out)

    @_answered(5_000)
    def is_part_of(self, head: str, whole: str) -> bool:
        """A "<whole> <head>" compound names a part of the whole itself, not a separate
        thing: WordNet lists the compound or the head among the whole's parts (shower ->
        showerhead), the whole's definition names the head (sink: "... a water basin
        ..."), or the head and the whole are the same kind (bathtub basin: both vessels).
        False for a thing made for the whole (towel holder: a holding device; desk lamp:
        a source of light), and without WordNet."""
        if not self.available:
            return False
        head_l, whole_l = head.strip().lower(), whole.strip().lower()
        wholes = self._physical(whole_l.replace(" ", "_"))[:1]
        heads = self._physical(self.noun(head_l))[:1]
        if not wholes or not heads:
            return False
        parts = {n.lower() for m in wholes[0].part_meronyms() for n in m.lemma_names()}
        compound = {f"{whole_l}_{head_l}".replace(" ", "_"),
                    f"{whole_l}{head_l}".replace(" ", "")}
        if parts & compound or self.noun(head_l) in parts:
            return True
        if self.noun(head_l) in self.gloss_nouns(whole_l):
            return True
        return bool(set(wholes[0].hypernyms()) & set(heads[0].hypernyms()))

    @_answered(5_000)
    def verb_means(self, word: str, target: str) -> bool:
        """True when the verb ``word`` is ``target`` or a kind of it ("rinse" -> "clean",
        "microwave" -> "cook"), or a sibling under a specific parent ("chop" ~ "slice")."""
        word, target = self.verb(word), self.verb(target)
        if word == target:
            return True
        if not self.available:
            return False
        closure = self._verb_closure(target)
        if closure is not None:
            # The word's senses from the index alone (no parse): a new word's first use
            # walked every sense's hypernyms up to four levels in the request.
            offsets = self._main_verb_offsets(word)
            below, siblings = closure
            return any(off in below for off in offsets) or \
                any(off in siblings for off in offsets[:2])
        return self.verb_walk(word, target)

    @_answered(5_000)
    def verb_defined_as(self, word: str, target: str) -> bool:
        """True when WordNet defines the verb ``word``'s main sense by the verb ``target``
        ("scrub": "clean with hard rubbing"), in the same lexicographer field as one of
        ``target``'s main senses. The definition says what the hierarchy does not: scrub's
        parent is "rub", two fields away from "clean". The field keeps a definition's
        figure of speech out ("alarm": "fill with apprehension" is an emotion, not a
        filling; "plug": "fill or close tightly" is no faucet's job)."""
        word, target = self.verb(word), self.verb(target)
        # Read from the data lines (_senses: nltk's parse, field for field): nltk's
        # synsets parsed every sense of the word ("take": 42) for its first one, ~5 ms
        # of a request on the word's first use.
        light = self._senses(word, "v")
        if light is None:
            senses = self._synsets(word, "v")
            main = (senses[0].definition(), senses[0].lexname()) if senses else None
        else:
            main = (light[0].definition, light[0].lexname) if light else None
        if main is None or word == target:
            return False
        head = main[0].split(maxsplit=1)[0].strip(",;:") if main[0] else ""
        if head != target:
            return False
        of_target = self._senses(target, "v")
        fields = ({s.lexname() for s in self._synsets(target, "v")[:VERB_SENSES]}
                  if of_target is None else {s.lexname for s in of_target[:VERB_SENSES]})
        return main[1] in fields

    @_answered(5_000)
    def verb_in_kind(self, word: str, kind: str) -> bool:
        """The verb ``word``'s main sense is a verb of contact whose definition names the
        noun ``kind`` as a word ("soak": "submerge in a liquid"): what it is done in is
        a kind a skill takes (filling takes a liquid), though no noun of the step says
        it. Main sense only, from the data lines as :meth:`verb_defined_as`."""
        if not self.available:  # loads first: an answer memoised before would be wrong
            return False
        verb = self.verb(word)
        light = self._senses(verb, "v")
        if light is None:
            senses = self._synsets(verb, "v")[:1]
            main = (senses[0].definition(), senses[0].lexname()) if senses else None
        else:
            main = (light[0].definition, light[0].lexname) if light else None
        if main is None or main[1] != CONTACT:
            return False
        return kind.lower() in _LOWER_WORD.findall(main[0].lower())

    def verb_walk(self, word: str, target: str) -> bool:
        """`verb_means` by walking the word's hypernyms up (for a target without a
        precomputed closure; the closures are tested to answer as this walk does)."""
        word, target = self.verb(word), self.verb(target)
        if word == target:
            return True
        senses = self._synsets(target, "v")
        targets = set(senses[:VERB_SENSES])
        if not targets:
            return False
        # Siblings only under the target's main sense: its rarer senses sit under broad
        # parents ("heat" as "supply heat" under "supply", which "give" and "water" share).
        parents = {p for p in senses[0].hypernyms() if p.min_depth() >= MIN_SIBLING_DEPTH}
        for rank, s in enumerate(self._synsets(word, "v")[:VERB_SENSES]):
            frontier = {s}
            for depth in range(VERB_DEPTH + 1):
                if frontier & targets:
                    return True
                if depth == 1 and rank < 2 and frontier & parents:
                    return True
                frontier = {h for f in frontier for h in f.hypernyms()}
                if not frontier:
                    break
        return False


    @_answered(256)  # few targets: the skill verbs
    def _verb_closure(self, target: str) -> tuple[frozenset[int], frozenset[int]] | None:
        """What :meth:`verb_means` walks up to, walked down once from ``target``: offsets
        of verb senses within VERB_DEPTH hyponym steps of its first VERB_SENSES senses, and
        of the children of its main sense's deep parents (siblings). A word means the
        target when one of its first senses is in the first set, or one of its first two
        in the second: the same answers as the upward walk (tested over every verb), paid
        once per target at start (:meth:`warm_verbs`) instead of per new word."""
        wn = self._wn
        if not self.available or wn is None:
            return None
        try:
            senses = self._synsets(target, "v")
            targets = set(senses[:VERB_SENSES])
            if not targets:
                return frozenset(), frozenset()
            below: set[int] = set()
            frontier = targets
            for _ in range(VERB_DEPTH + 1):
                below.update(s.offset() for s in frontier)
                frontier = {h for f in frontier for h in f.hyponyms()}
            parents = {p for p in senses[0].hypernyms() if p.min_depth() >= MIN_SIBLING_DEPTH}
            siblings = {c.offset() for p in parents for c in p.hyponyms()}
        except Exception:  # noqa: BLE001 - the upward walk answers instead
            return None
        return frozenset(below), frozenset(siblings)

    def common_words(self, n: int) -> list[str]:
        """The ``n`` single words most often sense-tagged in SemCor (``cntlist.rev``),
        most frequent first: the words instructions and definitions are mostly made of."""
        path = self.root / "cntlist.rev" if self.root else None
        if n <= 0 or path is None or not path.is_file():
            return []
        totals: dict[str, int] = {}
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                key, _, count = line.rstrip("\n").rpartition(" ")
                word = key.split("%", 1)[0]
                if word.isalpha() and count.isdigit():
                    totals[word] = totals.get(word, 0) + int(count)
        return sorted(totals, key=lambda w: (-totals[w], w))[:n]

    def warm_words(self, words: Iterable[str]) -> int:
        """Look up now what a request's first use of each word costs (~0.1-0.3 ms each:
        base forms, whether it is a noun, how often a verb), so that a request pays only
        for rarer words. Returns how many were looked up."""
        if not self.load():
            return 0
        done = 0
        for w in words:
            base = self.noun(w)
            self.is_noun(base)
            self.verb_share(w)
            self.verb(w)
            done += 1
        return done

    def warm_verbs(self, targets: Iterable[str]) -> None:
        """Walk the closures of ``targets`` (the skill verbs) now, not in a request."""
        for t in targets:
            self._verb_closure(self.verb(t))


class _Sense(NamedTuple):
    offset: int
    lexname: str
    names: tuple[str, ...]
    definition: str


_SHARED: dict[str, Lexicon] = {}
_SHARED_LOCK = threading.Lock()


def shared_lexicon(root: str | Path | None = DEFAULT_ROOT) -> Lexicon:
    """One lexicon per data directory per process (the index costs ~100 MB and seconds)."""
    key = str(root)
    with _SHARED_LOCK:
        lex = _SHARED.get(key)
        if lex is None:
            lex = _SHARED[key] = Lexicon(root)
        return lex
