"""Round 78 (issue 11, parts 1-3): every needed object the default ranking misses at k=3 on
the decision sets, per hand step and per auto-split instruction (the planner's path, the
union of its pieces), with what was answered instead, classed mechanically:

* floor: the hand step has more needs than k and its k units are all needs;
* crowding: the step's (or, auto, the instruction's) words name the need (``names_in``),
  and it ranked below k; or the step has more needs than k and a non-need took a slot;
* pronoun: the step says a pronoun and an earlier hand step names the need;
* implied: the need is a fixture of the skill table that nothing said names;
* unnamed-unknown: nothing said names it and the text has a word WordNet does not know
  (misspelt, another language, slang); unnamed-known: every word is known and none names
  it (a synonym WordNet lacks, a description, a thing the act implies).

    .venv/bin/python bench/recall_misses_r78.py --sets tune,1,...,18 --raw /tmp/a.json   # resumable
    .venv/bin/python bench/recall_misses_r78.py --summarise /tmp/a.json /tmp/b.json
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_human as rh  # noqa: E402
import recall_switch_ab as switch_ab  # noqa: E402

K = 3
PRONOUN = re.compile(r"\b(it|them|em|that|this|those|these|there|one)\b", re.IGNORECASE)


def add_missed(out: dict[str, Any], it: dict, a: dict) -> None:
    """Instruction ``it``'s answer ``a`` counted into ``out`` (needs, and a row of what it
    missed, auto and per hand step, if anything)."""
    out["needs_auto"] += len(a["auto"][0])
    out["needs_steps"] += sum(len(s[0]) for s in a["steps"])
    miss_auto = [i for i, ok in enumerate(a["auto"][0]) if not ok]
    miss_steps = [(j, i) for j, s in enumerate(a["steps"]) for i, ok in enumerate(s[0])
                  if not ok]
    if miss_auto or miss_steps:
        out["missed"].append({"id": it["id"], "room": it["room"], "text": it["text"],
                              "steps": [s["text"] for s in it["steps"]],
                              "step_needs": [s["needs"] for s in it["steps"]],
                              "answer": a, "auto_missed": miss_auto,
                              "steps_missed": miss_steps})


def run_sets(sets: list[str], raw: Path) -> None:
    from memory_node.core.recall.recall import Recaller

    def per_set(emb: Any, items: list[dict], scenes: dict[str, list]) -> tuple[dict, str]:
        rec = Recaller(emb)
        out: dict[str, Any] = {"n": len(items), "needs_auto": 0, "needs_steps": 0, "missed": []}
        for it in items:
            add_missed(out, it, switch_ab.answer(rec, it, scenes[it["room"]], K))
        return out, f"missed in {len(out['missed'])}"

    switch_ab.run_resumable(sets, raw, per_set)


def summarise(raws: list[Path]) -> dict:
    from memory_node.core.recall.categories import type_key
    from memory_node.core.recall.encoders import make_embedder
    from memory_node.core.recall.lexical import _WORD, STOPWORDS
    from memory_node.core.recall.recall import Recaller
    from memory_node.core.recall.settings import RecallSettings

    res: dict[str, Any] = {}
    for f in raws:
        res.update(json.loads(f.read_text()))
    rec = Recaller(make_embedder(RecallSettings().encoder, None))
    lx = rec.lexicon
    fixtures = {type_key(x) for s in rec.skills.names for g in rec.skills.fixtures_for(s)
                for x in g}
    rooms: Any = rh.rearrangement_rooms()
    held_of: dict[str, tuple[set[str], list[str]]] = {}

    def held(fp: str) -> tuple[set[str], list[str]]:
        if fp not in held_of:
            us = rh.room_units(fp, rooms[fp][0])
            held_of[fp] = ({type_key(u.label) for u in us}, sorted({u.label for u in us}))
        return held_of[fp]

    def named(text: str, alts: set[str], labels: list[str]) -> bool:
        return any(v > 0 for t, v in rec.names_in(text, labels).items() if type_key(t) in alts)

    def unnamed(text: str) -> str:
        ws = [w for w in _WORD.findall(text.lower()) if w not in STOPWORDS and len(w) > 1]
        known = all(lx.is_noun(w) or lx.is_verb(w) or lx.is_adjective(w) or lx.is_adverb(w)
                    for w in ws)
        return "unnamed-known" if known else "unnamed-unknown"

    rows = []
    for s, r in res.items():
        for m in r["missed"]:
            hk, labels = held(m["room"])
            a = m["answer"]
            for j, i in m["steps_missed"]:
                sg = rh.groups(m["step_needs"][j], hk)
                text, got = a["steps"][j][2], a["steps"][j][1]
                if len(sg) > K:
                    full = sum(bool(g & {type_key(x) for x in got}) for g in sg) == K
                    c = "floor" if full else "crowding"
                elif named(text, sg[i], labels):
                    c = "crowding"
                elif PRONOUN.search(text) and any(named(a["steps"][q][2], sg[i], labels)
                                                  for q in range(j)):
                    c = "pronoun"
                elif sg[i] & fixtures:
                    c = "implied"
                else:
                    c = unnamed(text)
                rows.append(["step", c, s, m["id"], text[:80], sorted(sg[i]), got])
            need = rh.groups(sorted({n for sn in m["step_needs"] for n in sn}), hk)
            for i in m["auto_missed"]:
                c = ("crowding" if named(m["text"], need[i], labels)
                     else "implied" if need[i] & fixtures else unnamed(m["text"]))
                rows.append(["auto", c, s, m["id"], m["text"][:80], sorted(need[i])])
    totals = {k: sum(r[k] for r in res.values()) for k in ("needs_auto", "needs_steps")}
    classes = {kind: dict(Counter(r[1] for r in rows if r[0] == kind).most_common())
               for kind in ("step", "auto")}
    for kind in ("step", "auto"):
        totals[f"missed_{kind}"] = sum(classes[kind].values())
    return {"what": "needs missed at k=3 on the decision sets (default config), classed",
            "k": K, "sets": sorted(res), "totals": totals, "classes": classes,
            "rows": [r for r in rows if r[1] != "floor"]}


if __name__ == "__main__":
    raise SystemExit(switch_ab.main(run_sets, summarise, "recall_misses_r78"))
