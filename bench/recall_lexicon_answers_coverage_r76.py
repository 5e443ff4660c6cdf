"""Round 76 (lat80, issue 11, part 4): how much of what decision-set requests ask the lexicon
the set-up table of its answers (lexicon_answers.py) holds, at 2,000 and 5,000 of SemCor's
words, with and without each word's plural and past forms; and each table's size.

A request's cold lexicon keys are approximated by reading every text of the decision sets
(the tune half of recall_human_instructions.yaml, blind 1-18 and 22-30: each instruction and
each of its steps, as the planner sends them) with the lexical half over one unit of each
known type (as set-up reads its words), on a fresh lexicon, recording every answer computed.
`cold` leaves out what a server has warm without any table (the start-up thread's
`warm`, `warm_verbs` and `warm_words` of 2,000 words).

    .venv/bin/python bench/recall_lexicon_answers_coverage_r76.py [--out NAME]
"""

from __future__ import annotations

import argparse
import pickle
import time
from pathlib import Path

import yaml
from recall_common import save_result

from memory_node.core.recall import lexicon_answers_build as la
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.recall import RecallConfig, Recaller

BENCH = Path(__file__).resolve().parent
SIZES = (2_000, 5_000)


def decision_texts() -> list[str]:
    files = [(BENCH / "recall_human_instructions.yaml", "tune")] + [
        (BENCH / f"recall_blind{i if i > 1 else ''}_instructions.yaml", "")
        for i in (*range(1, 19), *range(22, 31))]
    texts: list[str] = []
    for path, split in files:
        for item in yaml.safe_load(path.read_text(encoding="utf-8"))["instructions"]:
            if split and item["split"] != split:
                continue
            texts.append(item["text"])
            texts.extend(s["text"] for s in item.get("steps", ()))
    return texts


def snapshots(inflected: bool) -> tuple[dict[int, list[tuple]], float]:
    lex = Lexicon()
    lex.recording = {}
    t = time.process_time()
    reader = la._Reader(lex, la.known_types())
    irregular = la.irregular_forms(lex) if inflected else {}
    at: dict[int, list[tuple]] = {}
    for i, word in enumerate(lex.common_words(max(SIZES)), 1):
        reader.read(word)
        for form in la.inflections(lex, word, irregular) if inflected else ():
            reader.read(form)
        if i in SIZES:
            at[i] = list(lex.recording)
    return at, time.process_time() - t


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="recall_lexicon_answers_coverage_r76")
    args = ap.parse_args()
    texts = decision_texts()
    lex = Lexicon()
    lex.recording = {}
    reader = la._Reader(lex, la.known_types())
    for text in texts:
        reader.read(text)
    asked = set(lex.recording)
    warm = Lexicon()
    warm.recording = {}
    rec = Recaller(reader.recaller.embedder, lexicon=warm, config=RecallConfig())
    warm.warm()
    warm.warm_verbs([s for s in rec.skills.names if rec.skills.fixtures_for(s)])
    warm.warm_words(warm.common_words(RecallConfig().warm_words))
    cold = asked - set(warm.recording)
    out: dict = {"texts": len(texts), "keys_asked": len(asked), "keys_cold": len(cold),
                 "tables": {}}
    for inflected in (False, True):
        at, cpu = snapshots(inflected)
        for n, keys in at.items():
            table = set(keys)
            size = len(pickle.dumps({k: None for k in keys}, protocol=pickle.HIGHEST_PROTOCOL))
            row = {"answers": len(keys), "keys_pickled_mb": round(size / 1e6, 2),
                   "coverage_asked": round(len(asked & table) / len(asked), 4),
                   "coverage_cold": round(len(cold & table) / len(cold), 4),
                   "build_cpu_s_all_sizes": round(cpu, 1)}
            out["tables"][f"{n}{'_inflected' if inflected else ''}"] = row
            print(n, "inflected" if inflected else "plain", row, flush=True)
    print("wrote", save_result(args.out, out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
