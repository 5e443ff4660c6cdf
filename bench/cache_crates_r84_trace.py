"""Round 84 (trace84, issue 11): why the steered policy loses on fresh70 crates_c60_r50 at C=1000.

An analysis, no policy change. For each cell asked (``--cell SET:TRACE:C``, default the four
fresh70 cells at C=1000 below 0) it replays the trace read-through once per setting and
reports, against the better of standalone LRU and FIFO (the rule's reference):

* the residents' margin, W-TinyLFU's ghost's (the expert alone, never left) and the switches;
* the loss split by leader segment (from one switch to the next): *choice* = the followed
  expert's ghost hits minus the reference's (what a free follower of the election earns),
  *follow* = the residents' hits minus the followed ghost's (converging after a switch,
  hedges' victims): choice + follow = the residents minus the reference;
* with ``--ablate`` the same margin under settings that switch one mechanism off.

    PYTHONPATH=$PWD .venv/bin/python bench/cache_crates_r84_trace.py --ablate \\
        --out bench/results/cache_crates_r84_trace.json
    # what-ifs on round 18's guard (``whatif=sunk_exit`` / ``sunk_both``: subclasses here,
    # not settings of the policy) over a list of tuning cells:
    PYTHONPATH=$PWD .venv/bin/python bench/cache_crates_r84_trace.py --cells CELLS.json \\
        --setting main --setting "sx:whatif='sunk_exit'" --setting "sb:whatif='sunk_both'"
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
from collections import Counter
from collections.abc import Hashable, Sequence
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cache_rule_heldout as heldout  # noqa: E402
from cache_rule_tuning import load_trace, parse_setting  # noqa: E402
from environment import environment  # noqa: E402

from memory_node.core.cache.policies import FIFOPolicy, LRUPolicy  # noqa: E402
from memory_node.core.cache.steered import EXPERTS, SteeredWTinyLFUPolicy  # noqa: E402
from memory_node.core.cache.wtinylfu import WTinyLFUPolicy  # noqa: E402

CELLS = ("fresh70:crates_c60_r50:1000", "fresh70:greengrocer_l1500:1000",
         "fresh70:crossword_s15_u400:1000", "fresh70:toylibrary_t3000_f600:1000")
# One mechanism off at a time (the policy's own switches; "noswitch" never leaves the first
# leader: a margin no lead reaches).
ABLATIONS = (
    "main",
    "deadshare0:dead_share=0.0",
    "deadidle0:dead_idle=0.0,dead_share=0.0",
    "nohedge:hedge=False",
    "nohedgerec:hedge_recency=False",
    "noshare:hedge_share='off'",
    "norun:hedge_run=''",
    "nohedges:hedge=False,hedge_recency=False,hedge_share='off',hedge_run=''",
    "noclimbrival:climb_rival=False",
    "noguard:guard=0.99",
    "noguardperiod:guard_period=''",
    "nopersist:persist=False",
    "noundo:undo=False",
    "nocollapse:collapse_z=0.0",
    "noentryz:entry_z=0.0",
    "noconv:measure_convergence=False",
    "noalternate:alternations=0",
    "noregret:regret_pays=False",
    "noswitch:switch_margin=0.99",
)


def crates_kinds(seed: int, crates: int, per_crate: int, n: int) -> list[str]:
    """The kind of each of the first ``n`` lookups of ``record_shop_crates(seed, crates,
    per_crate)``: its generator replayed with the same random draws, each yield tagged
    (``scan:RANK`` a record read while a browser flips through the crate of Zipf rank
    RANK bucket, 0 the new arrivals; ``pull`` a pulled record looked at again; ``deck`` /
    ``play`` the deck and the record played; ``sale`` / ``till`` a purchase)."""
    rng = random.Random(seed)
    crate_of = heldout._zipf(rng, crates, 1.0)
    new = itertools.count()
    stock = [[next(new) for _ in range(per_crate)] for _ in range(crates)]
    out: list[str] = []
    day = 0

    def rank(c: int) -> str:
        if c == 0:
            return "scan:0"
        return "scan:1-9" if c < 10 else "scan:10-19" if c < 20 else "scan:20+"

    while len(out) < n:
        if day % 7 == 5:
            out.append(f"saturday@{len(out)}")  # a marker, removed below
            for _r in stock[0]:
                c = 1 + rng.randrange(crates - 1)
                stock[c].insert(rng.randrange(len(stock[c]) + 1), _r)
                if len(stock[c]) > per_crate + per_crate // 4:
                    stock[c].pop(rng.randrange(len(stock[c])))
            stock[0] = [next(new) for _ in range(per_crate)]
        for _ in range(rng.randint(10, 30)):
            pulled: list[int] = []
            for _c in range(rng.randint(1, 4)):
                ci = crate_of()
                crate = stock[ci]
                out.extend([rank(ci)] * len(crate))
                if crate:
                    pulled.extend(rng.sample(crate, min(len(crate), rng.randint(0, 3))))
            for _r in pulled:
                out.append("pull")
                if rng.random() < 1 / 3:
                    out.extend(("deck", "play", "play"))
            if pulled and rng.random() < 0.2:
                r = rng.choice(pulled)
                out.extend(("sale", "till"))
                for crate in stock:
                    if r in crate:
                        crate.remove(r)
                        break
        day += 1
        out.append(f"day@{len(out)}")
    return out


class _Logged(SteeredWTinyLFUPolicy):
    """The steered policy, noting each switch's lookup (a subclass: the policy has slots)."""

    log: list[tuple[int, int, int, int, str]] | None = None
    lookups = 0
    guard: list[dict[str, Any]]
    hedged: list[int]  # evictions chosen by W-TinyLFU's hedges, by the recency hedge

    def _switch(self, index: int) -> None:
        if self.log is not None:
            # the policy's functions on the call stack: which rule made the switch
            f: FrameType | None = sys._getframe(1)
            path: list[str] = []
            while f is not None and f.f_code.co_name not in ("get", "put"):
                path.append(f.f_code.co_name)
                f = f.f_back
            hits, cum, r = self._epoch_hits, self._cum, self._rhits
            recency = max(cum[1] + hits[1], cum[2] + hits[2])
            self.guard.append({
                "at": self.lookups, "to": EXPERTS[index],
                "behind_recency": round(recency - r),
                "behind_wtinylfu": round(cum[0] + hits[0] - r),
                "budget": round(self._guard * (self._looked + self._seen), 1),
                "long_lead": round(self._long_lead(), 1),
                "cum_lead": round(cum[0] + hits[0] - recency),
                "alternating": self._alternating})
            self.log.append((self.lookups, self._leader, index, len(self._stale),
                             "<".join(path)))
        super()._switch(index)
        if self.log is not None:
            self.guard[-1]["differ"] = len(self._stale)

    def _hedge_victim(self, key: Hashable) -> Hashable | None:
        v = super()._hedge_victim(key)
        if v is not None:
            self.hedged[0] += 1
        return v

    def _recency_victim(self, key: Hashable) -> Hashable | None:
        v = super()._recency_victim(key)
        if v is not None:
            self.hedged[1] += 1
        return v


class _SunkExit(_Logged):
    """What-if (not a candidate): round 18's guard does not force the residents off
    W-TinyLFU while W-TinyLFU's ghost leads the better recency ghost on the long window
    (the excess is then sunk: leaving does not earn it back)."""

    def _behind(self) -> bool:
        if self._leader == 0 and self._long_lead() > 0:
            return False
        return super()._behind()


class _SunkBoth(_Logged):
    """What-if (not a candidate): as _SunkExit, and an entry into W-TinyLFU is not barred
    while its ghost leads the better recency ghost on the long window and cumulatively."""

    def _behind(self) -> bool:
        if self._long_lead() > 0 and (self._leader == 0 or self._cum_lead() > 0):
            return False
        return super()._behind()

    def _cum_lead(self) -> float:
        hits, cum = self._epoch_hits, self._cum
        return cum[0] + hits[0] - max(cum[1] + hits[1], cum[2] + hits[2])


WHATIF = {"sunk_exit": _SunkExit, "sunk_both": _SunkBoth}


def replay(trace: Sequence[Hashable], capacity: int, kwargs: dict[str, Any],
           segments: bool, kinds: list[str] | None = None) -> dict[str, Any]:
    kwargs = dict(kwargs)
    cls = WHATIF[kwargs.pop("whatif")] if "whatif" in kwargs else _Logged
    p = cls(capacity, **kwargs)
    p.log = []
    p.guard = []
    p.hedged = [0, 0]
    lru, fifo = LRUPolicy(capacity), FIFOPolicy(capacity)
    res = lr = ff = 0
    ghost = [0, 0, 0]
    seg: list[dict[str, Any]] = []
    win: list[list[Any]] = []
    by_kind: dict[str, list[int]] = {}
    if kinds is not None:
        by_kind = {kd: [0, 0, 0, 0] for kd in sorted(set(kinds))}
    cur: dict[str, Any] = {"start": 0, "leader": EXPERTS[p._leader], "res": 0,
                           "ghost": [0, 0, 0]}
    for i, k in enumerate(trace):
        p.lookups = i
        had = len(p.log)
        g = (k in p._experts[0], k in p._experts[1], k in p._experts[2])
        h = p.get(k)
        if not h:
            p.put(k)
        if lru.get(k):
            lr += 1
        else:
            lru.put(k)
        if ff_hit := fifo.get(k):
            ff += 1
        if not ff_hit:
            fifo.put(k)
        res += h
        for j in range(3):
            ghost[j] += g[j]
        if kinds is not None:
            kd = kinds[i]
            by_kind[kd][0] += 1
            by_kind[kd][1] += h
            by_kind[kd][2] += g[0]
            by_kind[kd][3] += g[1]
        if segments:
            if i % 1000 == 0:
                win.append([i, EXPERTS[p._leader], 0, 0, 0, 0, p.hedged[0], p.hedged[1]])
            w = win[-1]
            w[2] += h
            w[3] += g[0]
            w[4] += g[1]
            w[5] += g[2]
        if segments:
            if len(p.log) > had:  # a switch inside this lookup: a new segment from here on
                seg.append(cur)
                cur = {"start": i, "leader": EXPERTS[p._leader], "res": 0, "ghost": [0, 0, 0]}
            cur["res"] += h
            for j in range(3):
                cur["ghost"][j] += g[j]
    seg.append(cur)
    n = len(trace)
    ref = max(lr, ff)
    out: dict[str, Any] = {
        "residents": res, "lru": lr, "fifo": ff, "ghost": ghost,
        "margin": round(100 * (res - ref) / n, 3),
        "wtinylfu_ghost_margin": round(100 * (ghost[0] - ref) / n, 3),
        "switches": len(p.log),
        "hedged_evictions": {"wtinylfu_hedges": p.hedged[0], "recency_hedge": p.hedged[1]},
        "at_switches": p.guard,
        "switch_log": [[at, EXPERTS[a], EXPERTS[b], stale, why]
                       for at, a, b, stale, why in p.log],
    }
    if kinds is not None:
        out["by_kind"] = {"columns": ["lookups", "residents", "wtinylfu_ghost", "lru"],
                          **by_kind}
    if segments:
        refi = 1 if lr >= ff else 2
        rows = []
        for s in seg:
            li = EXPERTS.index(s["leader"])
            rows.append({"start": s["start"], "leader": s["leader"], "residents": s["res"],
                         "ghosts": s["ghost"], "choice": s["ghost"][li] - s["ghost"][refi],
                         "follow": s["res"] - s["ghost"][li]})
        out["segments"] = rows
        for j, w in enumerate(win):  # hedged evictions in the window, not cumulative
            nxt = win[j + 1] if j + 1 < len(win) else [0] * 6 + p.hedged
            w[6], w[7] = nxt[6] - w[6], nxt[7] - w[7]
        out["windows"] = {"columns": ["start", "leader_at_start", "residents", "wtinylfu",
                                      "lru", "fifo", "wtinylfu_hedged", "recency_hedged"],
                          "rows": win}
        out["choice"] = sum(r["choice"] for r in rows)
        out["follow"] = sum(r["follow"] for r in rows)
    return out


def standalone_wtinylfu(trace: Sequence[Hashable], capacity: int) -> int:
    w = WTinyLFUPolicy(capacity)
    hits = 0
    for k in trace:
        if w.get(k):
            hits += 1
        else:
            w.put(k)
    return hits


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cell", action="append", help="SET:TRACE:C (tuning sets only)")
    ap.add_argument("--events", type=int, default=30_000)
    ap.add_argument("--ablate", action="store_true")
    ap.add_argument("--setting", action="append", help="name:key=value,... (as cache_rule_tuning)")
    ap.add_argument("--cells", type=Path, help="a JSON file of [set, trace, C] (any tuning "
                    "set cache_rule_tuning.py reads, e.g. seeds:2 or public)")
    ap.add_argument("--out", type=Path)
    a = ap.parse_args()
    cells = list(a.cell or ())
    if a.cells:
        cells += [f"{w}:{n}:{c}" for w, n, c in json.loads(a.cells.read_text())]
    settings = [parse_setting(s) for s in (a.setting or (ABLATIONS if a.ablate else ("main",)))]
    result: dict[str, Any] = {}
    for cell in cells or CELLS:
        which, name, cap = cell.rsplit(":", 2)
        c = int(cap)
        trace = load_trace((which, name, a.events))
        row: dict[str, Any] = {"wtinylfu_alone": standalone_wtinylfu(trace, c)}
        kinds = None
        if name.startswith("crates_"):
            seed = {"crates_c12_r40": (92014, 12, 40), "crates_c60_r50": (92015, 60, 50)}[name]
            tagged = crates_kinds(*seed, a.events + 1000)
            marks = [t for t in tagged if "@" in t]
            kinds = [t for t in tagged if "@" not in t][:a.events]
            # the replay is the generator's own: its deck and till keys fall where it says
            assert all((k == 1 << 48) == (kd == "deck") and (k == 2 << 48) == (kd == "till")
                       for k, kd in zip(trace, kinds, strict=True))
            assert all(isinstance(k, int) and k < 1 << 48
                       for k, kd in zip(trace, kinds, strict=True)
                       if kd.startswith("scan") or kd in ("pull", "sale"))
            # Saturdays and day ends as lookup indices (the markers' positions less the
            # markers before them)
            pos, idx = [], 0
            for t in tagged:
                if "@" in t:
                    pos.append((t.split("@")[0], idx))
                else:
                    idx += 1
            row["kind_counts"] = dict(Counter(kinds))
            row["days"] = [[m.split("@")[0], at] for m, at in zip(marks, (q[1] for q in pos),
                                                                   strict=True) if at <= a.events]
        for sname, kw in settings:
            got = replay(trace, c, kw, segments=sname == "main",
                         kinds=kinds if sname == "main" else None)
            row[sname] = got
            extra = ""
            if "choice" in got:
                extra = f" choice {got['choice']:+d} follow {got['follow']:+d}"
            print(f"{cell} {sname:14s} margin {got['margin']:+.3f} ghost-wtinylfu "
                  f"{got['wtinylfu_ghost_margin']:+.3f} switches {got['switches']}{extra}",
                  flush=True)
        ref = max(row["main"]["lru"], row["main"]["fifo"]) if "main" in row else None
        if a.cells:  # a screen: keep the margins only
            row = {k: ({"margin": v["margin"], "switches": v["switches"]}
                       if isinstance(v, dict) and "margin" in v else v) for k, v in row.items()}
        if ref is not None:
            print(f"{cell} W-TinyLFU alone {100 * (row['wtinylfu_alone'] - ref) / len(trace):+.3f}")
        result[cell] = row
    if a.out:
        # The cells, and beside them the versions they were measured with.
        a.out.write_text(json.dumps({"environment": environment(), **result}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
