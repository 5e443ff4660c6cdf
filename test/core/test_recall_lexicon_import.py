"""Round 32 (issue 11, part 4): WordNet's reader is nltk's, imported without nltk's
package ``__init__``s (``import nltk`` loads ~240 modules, ~1 s of CPU at a server's start,
for a reader that needs ~25). Each case runs in a fresh interpreter: which modules a
process has loaded is the point."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from wordnet_data import needs_wordnet

ROOT = Path(__file__).resolve().parents[2]
# Lookups through the lexicon and nltk's reader (senses, definitions, closures: the last
# imports from nltk.util inside nltk's own method), printed as JSON.
LOOKUPS = """
lex = Lexicon(); assert lex.load()
words = ["chilled", "knives", "rinse", "scrub", "kettle", "tap", "hob", "water", "soak"]
out = {w: [lex.verb(w), lex.noun(w), lex.is_noun(w), sorted(lex.purposes(w))] for w in words}
wn = lex._wn
s = wn.synsets("kettle")[0]
out["kettle"].append([s.name(), s.definition(),
                      sorted(h.name() for h in s.closure(lambda x: x.hypernyms()))])
"""


def _run(code: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    got = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, check=True,
                         capture_output=True, text=True, timeout=300)
    return json.loads(got.stdout.strip().splitlines()[-1])


@needs_wordnet
def test_the_reader_loads_without_nltks_toolkit_and_answers_alike() -> None:
    alone = _run("import json, sys\nfrom memory_node.core.recall.lexicon import Lexicon\n"
                 + LOOKUPS + "out['modules'] = sorted(m for m in sys.modules "
                 "if m.split('.')[0] == 'nltk')\nprint(json.dumps(out))")
    # nltk imported whole first: the reader the lexicon had before round 32.
    whole = _run("import json, nltk\nfrom memory_node.core.recall.lexicon import Lexicon\n"
                 + LOOKUPS + "print(json.dumps(out))")
    modules = alone.pop("modules")
    assert alone == whole
    assert "nltk.corpus.reader.wordnet" in modules
    # None of the toolkit a reader does not need: no translation metrics, parsers,
    # classifiers or taggers, and far fewer modules than nltk whole (~240).
    assert not {"nltk.translate", "nltk.parse", "nltk.classify", "nltk.tag"} & set(modules)
    assert len(modules) < 60, modules


@needs_wordnet
def test_nltk_is_whole_when_read_after_the_reader() -> None:
    # The packages left lazy become nltk's own on first use, with the modules loaded
    # before bound to them: a later ``import nltk`` anywhere in the process still works.
    got = _run(
        "import json\nfrom memory_node.core.recall.lexicon import Lexicon\n"
        "assert Lexicon().load()\n"
        "import nltk, nltk.corpus\n"
        "from nltk.corpus import wordnet\n"
        "from nltk.corpus.reader import PlaintextCorpusReader, WordNetCorpusReader\n"
        "from nltk.tokenize import wordpunct_tokenize\n"
        "import nltk.corpus.reader.wordnet as w\n"
        "print(json.dumps([nltk.__version__, type(wordnet).__name__,\n"
        "                  WordNetCorpusReader is w.WordNetCorpusReader,\n"
        "                  wordpunct_tokenize('a-b c'), hasattr(nltk, 'translate')]))")
    assert got[1:] == ["LazyCorpusLoader", True, ["a", "-", "b", "c"], True]


@needs_wordnet
def test_the_reader_loads_without_nltks_semantics_toolkit() -> None:
    # Round 45: nltk.data takes the nltk.sem package and featstruct its logic module only;
    # the package's __init__ (Boxer, DRT and tkinter) stays unrun until something reads it,
    # and then it is nltk's own.
    got = _run(
        "import json, sys\nfrom memory_node.core.recall.lexicon import Lexicon\n"
        "assert Lexicon().load()\n"
        "before = sorted(m for m in ('tkinter', 'nltk.sem.boxer', 'nltk.sem.drt') "
        "if m in sys.modules)\n"
        "import nltk.sem\n"
        "v = nltk.sem.Valuation([('adam', 'b1')])\n"
        "print(json.dumps([before, 'nltk.sem.logic' in sys.modules, v['adam'],\n"
        "                  nltk.sem.Expression.__module__]))")
    assert got == [[], True, "b1", "nltk.sem.logic"]
