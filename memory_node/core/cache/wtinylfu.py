"""W-TinyLFU: an LRU admission window in front of a segmented LRU, guarded by TinyLFU.

Layout and constants follow Caffeine (``BoundedLocalCache`` and the simulator's
``HillClimberWindowTinyLfuPolicy``):

* window: LRU, initially 1% of the capacity (at least one entry). New keys enter here.
* main: segmented LRU, ``probation`` + ``protected`` (80% of main). A probation hit promotes
  to protected; protected overflow is demoted to probation's MRU end.
* admission: when the window overflows its LRU entry (the candidate) goes to probation; if
  the cache is then over capacity the candidate competes with probation's LRU entry (the
  victim) on the sketch's frequency estimate. Ties keep the victim. A candidate with an
  estimate >= 6 that loses is still admitted with probability 1/128 from a seeded RNG, so an
  attacker who inflates the victim's counters through hash collisions cannot lock the cache.
* adaptive window: Caffeine's hill climber. Once the cache has been half full, every sample
  of lookups the hit rate is compared with the previous sample's; if it did not drop the
  window keeps moving in the same direction, otherwise it reverses. The step starts at 6.25%
  of the capacity (at least one entry), decays by 0.98 per sample and restarts when the hit
  rate jumps by >= 5 points. This lets recency-biased traces (Corda) grow the window towards
  LRU while frequency-biased ones (loop, multi2) keep it small, down to zero entries (pure
  TinyLFU: then even a key just put may lose admission at once, and is reported evicted).
  Two damping rules keep the climber from wandering on plateaus: a change within one
  binomial standard error of the sample holds the window and halves the step, and a jump
  that follows the climber's own move does not count as a workload change (no restart).
  Given a rival (the steered policy's recency ghosts), a fall within a long sample that the
  rival did not share restarts the search at once and ages the sketch (CLIMB_DROP_Z below).

Frequency is recorded once per access: a ``get`` records it (hit or miss), and a ``put`` that
directly follows a missed ``get`` of the same key is the same access, so it does not count
twice. A ``put`` of a resident key is an access (recency and frequency) that evicts nothing.
"""

from __future__ import annotations

import math
import random
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator

from ._common import EvictCallback, check_callback, check_capacity, unhashable
from .hashing import _GOLDEN, _MUL1, _MUL2, MASK64, stable_hash
from .sketch import MIN_WIDTH, FrequencySketch, sketch_indexes

__all__ = ["WTinyLFUPolicy"]

PERCENT_MAIN = 0.99
PERCENT_MAIN_PROTECTED = 0.80
ADMIT_HASHDOS_THRESHOLD = 6
HILL_CLIMBER_RESTART_THRESHOLD = 0.05
HILL_CLIMBER_STEP_PERCENT = 0.0625
HILL_CLIMBER_STEP_DECAY_RATE = 0.98
# Departures from Caffeine, each measured on the shared traces (bench/README_cache.md):
# the sketch ages no sooner than every 320 increments (tiny caches forget too fast at 10 x C),
# the climber samples 5 x C lookups but at least 1000 (10 x C is too slow for Corda's
# 135k events at C=1000; below 200 entries samples are too noisy), and the window may shrink
# to zero (pure TinyLFU) when frequency is all that pays.
MIN_SKETCH_SAMPLE = 320
CLIMB_SAMPLE_FACTOR = 5
MIN_CLIMB_SAMPLE = 1000
# Round 42 (a phase change within a long sample). At C=1000 a sample is 5,000 lookups: a
# phase change early in one waits for its end, and the damped climber then often holds
# (fresh28's learning system: the window sat at 0 from 5,000 to 21,000 lookups through the
# change at 12,000, the sketch refusing the new term's pages). So every CLIMB_DROP_BLOCK
# lookups within a longer sample (a fixed block, not a multiple of C), the block's hit rate is
# tested against the previous sample's: a fall of at least the restart threshold and beyond
# CLIMB_DROP_Z binomial standard errors of the block, while a rival (a recency ghost) beat
# W-TinyLFU over the same block beyond CLIMB_DROP_Z on the accesses they disagree on
# (McNemar's sign test; "out-hit by any amount" restarted on ties of a few hits, fresh26's
# Kubernetes scheduler C=500 +9.74 -> +8.94 points), restarts the search at once (one full step
# back from the last move, up from an empty window) and ages the sketch, so the old phase's
# counts stop refusing the new one's keys. The rival's test tells a phase change from a scan:
# a scan cuts LRU's hits more than W-TinyLFU's (fresh8's LSM compactions: without it, -0.44 ->
# -1.16 points at C=1000). Caffeine restarts only at a sample's end and never ages early;
# the ghost test follows ARC's use of ghost hits to steer adaptation (Megiddo & Modha, FAST
# 2003), the fixed block Einziger et al.'s sampled climbers (Middleware 2018). Without a
# rival (``wtinylfu_plain``) the climber is unchanged.
CLIMB_DROP_BLOCK = 1000
CLIMB_DROP_Z = 3.0

_NO_KEY = object()

Slots = tuple[int, ...]


class WTinyLFUPolicy:
    """Window TinyLFU with an adaptive window. See the module docstring for the algorithm.

    Args:
        capacity: maximum number of resident keys (>= 1).
        on_evict: called once with each evicted key, including a candidate that loses
            admission (not for :meth:`remove` or :meth:`clear`).
        seed: seeds the hash-flooding guard's RNG; the policy is otherwise deterministic.
        window_fraction: initial window share of the capacity (Caffeine: 1%).
        protected_fraction: protected share of the main space (Caffeine: 80%).
        adaptive: hill-climb the window size; False keeps it fixed.
        doorkeeper: put a Bloom filter in front of the sketch.
        width_factor, sample_factor, min_sample, min_width: see :class:`FrequencySketch`.
        climb_sample_factor, min_climb_sample: the climber's sample is
            ``max(climb_sample_factor x capacity, min_climb_sample)`` lookups.
        initial_step: first step as a signed fraction of the capacity (Caffeine: -6.25%).
        damped: the two plateau rules of the module docstring (False: Caffeine's climber).
        min_window: the climber never shrinks the window below this many entries.
        climb_rival: per rival expert, its hits on keys this policy missed and this policy's
            hits on keys the rival missed, so far (flattened pairs); given, a fall within a
            sample that a rival did not share restarts the climber (round 42).
        min_step: move at least one entry per adaptation (else small caches never adapt).
        utility, utility_weight: optional outcome utility in [0, 1] per key (issue 15:
            how often tasks that used it succeeded) weighed next to frequency at
            admission; off unless both are given (then exactly W-TinyLFU).
    """

    __slots__ = (
        "_adaptive",
        "_block_hits",
        "_block_start",
        "_last_dir",
        "_next_check",
        "_rival",
        "_rival_start",
        "_dk",
        "_half",
        "_hits",
        "_initial_max_protected",
        "_initial_max_window",
        "_initial_step",
        "_min_window",
        "_min_step",
        "_damped",
        "_moved",
        "_mask",
        "_max_protected",
        "_max_window",
        "_misses",
        "_on_evict",
        "_pending_key",
        "_pending_slots",
        "_prev_hit_rate",
        "_probation",
        "_protected",
        "_rng",
        "_sample_size",
        "_seed",
        "_sampling",
        "_sketch",
        "_step",
        "_table",
        "_utility",
        "_utility_weight",
        "_where",
        "_width",
        "_window",
        "adaptations",
        "capacity",
    )

    def __init__(
        self,
        capacity: int,
        on_evict: EvictCallback | None = None,
        seed: int = 0,
        *,
        window_fraction: float = 1.0 - PERCENT_MAIN,
        protected_fraction: float = PERCENT_MAIN_PROTECTED,
        adaptive: bool = True,
        doorkeeper: bool = False,
        width_factor: int = 4,
        sample_factor: int = 10,
        min_sample: int = MIN_SKETCH_SAMPLE,
        climb_sample_factor: int = CLIMB_SAMPLE_FACTOR,
        initial_step: float = -HILL_CLIMBER_STEP_PERCENT,
        damped: bool = True,
        min_window: int = 0,
        min_step: bool = True,
        min_climb_sample: int = MIN_CLIMB_SAMPLE,
        utility: Callable[[Hashable], float] | None = None,
        utility_weight: float = 0.0,
        climb_rival: Callable[[], tuple[int, ...]] | None = None,
        min_width: int = MIN_WIDTH,
    ) -> None:
        self.capacity = check_capacity(capacity)
        if not (math.isfinite(utility_weight) and utility_weight >= 0.0):
            raise ValueError("utility_weight must be a finite number >= 0")
        if utility is not None and not callable(utility):
            raise ValueError("utility must be callable")
        if climb_rival is not None and not callable(climb_rival):
            raise ValueError("climb_rival must be callable")
        # Off (None) unless both are given: the admission code path is then W-TinyLFU's own.
        self._utility = utility if utility is not None and utility_weight > 0 else None
        self._utility_weight = utility_weight
        self._on_evict = check_callback(on_evict)
        if not 0.0 <= window_fraction <= 1.0 or not 0.0 <= protected_fraction < 1.0:
            raise ValueError("window_fraction must be in [0, 1] and protected_fraction in [0, 1)")
        self._sketch = FrequencySketch(
            capacity, doorkeeper=doorkeeper, width_factor=width_factor,
            sample_factor=sample_factor, min_sample=min_sample, min_width=min_width,
        )
        # Cached for the inline hot path; reset() halves this bytearray in place.
        self._table = self._sketch.table
        self._dk = doorkeeper
        self._mask = self._sketch.mask
        self._width = self._sketch.width
        # Each segment maps key -> its sketch slots, computed once when the key enters, so a
        # hit never rehashes. _where maps key -> the segment holding it.
        self._window: OrderedDict[Hashable, Slots] = OrderedDict()
        self._probation: OrderedDict[Hashable, Slots] = OrderedDict()
        self._protected: OrderedDict[Hashable, Slots] = OrderedDict()
        self._where: dict[Hashable, OrderedDict[Hashable, Slots]] = {}
        self._min_window = min_window
        max_main = min(capacity - min_window, int(capacity * (1.0 - window_fraction)))
        self._max_window = capacity - max_main
        self._max_protected = int(max_main * protected_fraction)
        self._initial_max_window = self._max_window
        self._initial_max_protected = self._max_protected
        self._pending_key: object = _NO_KEY
        self._pending_slots: Slots = ()
        self._seed = seed
        self._rng = random.Random(seed)
        self._adaptive = adaptive
        self._half = (capacity + 1) // 2
        self._sample_size = max(climb_sample_factor * capacity, min_climb_sample)
        self._rival = climb_rival
        self._rival_start: tuple[int, ...] = ()
        self.adaptations = 0
        self._initial_step = initial_step
        self._damped = damped
        self._min_step = min_step
        self._reset_climber()

    def _reset_climber(self) -> None:
        self._sampling = False
        self._prev_hit_rate = 0.0
        self._step = self._initial_step * self.capacity
        self._moved = False
        self._last_dir = 1 if self._initial_step > 0 else -1
        self._start_sample()

    def _start_sample(self) -> None:
        self._hits = 0
        self._misses = 0
        self._block_hits = 0
        self._block_start = 0
        # The hot path compares one counter with _next_check: the sample's end, or the next
        # block's end while a rival is given and the sample is longer than a block.
        if self._rival is not None and self._sample_size > CLIMB_DROP_BLOCK:
            self._next_check = CLIMB_DROP_BLOCK
            if self._sampling:
                self._rival_start = self._rival()
        else:
            self._next_check = self._sample_size

    # -- sketch ------------------------------------------------------------------------------
    def _slots(self, key: Hashable) -> Slots:
        h = stable_hash(key)
        s: Slots = sketch_indexes(h, self._mask, self._width)
        return (*s, h) if self._dk else s

    def _record(self, s: Slots) -> None:
        if self._dk:
            self._sketch.increment_at(s[:4], s[4])
            return
        t = self._table
        i0, i1, i2, i3 = s
        added = False
        if t[i0] < 15:
            t[i0] += 1
            added = True
        if t[i1] < 15:
            t[i1] += 1
            added = True
        if t[i2] < 15:
            t[i2] += 1
            added = True
        if t[i3] < 15:
            t[i3] += 1
            added = True
        if added:
            sk = self._sketch
            sk.additions += 1
            if sk.additions >= sk.sample_size:
                sk.reset()

    def _frequency(self, s: Slots) -> int:
        if self._dk:
            return self._sketch.frequency_at(s[:4], s[4])
        t = self._table
        return min(t[s[0]], t[s[1]], t[s[2]], t[s[3]])

    def frequency(self, key: Hashable) -> int:
        """The sketch's estimate for ``key`` (resident or not); no side effects."""
        return self._frequency(self._slots(key))

    # -- the interface -----------------------------------------------------------------------
    def get(self, key: Hashable) -> bool:
        """Look ``key`` up, recording the access; True if resident. Never inserts."""
        try:
            seg = self._where.get(key)
        except TypeError:
            raise unhashable(key) from None
        if seg is None:
            if type(key) is int and not self._dk:
                # stable_hash + sketch_indexes + _record inlined for int keys: a miss costs
                # as much as two hits otherwise.
                z = (key + _GOLDEN) & MASK64
                z = ((z ^ (z >> 30)) * _MUL1) & MASK64
                z = ((z ^ (z >> 27)) * _MUL2) & MASK64
                z ^= z >> 31
                a = z & 0xFFFFFFFF
                b = (z >> 32) | 1
                m = self._mask
                w = self._width
                i0 = a & m
                i1 = ((a + b) & m) + w
                i2 = ((a + 2 * b) & m) + 2 * w
                i3 = ((a + 3 * b) & m) + 3 * w
                s: Slots = (i0, i1, i2, i3)
                self._pending_key = key
                self._pending_slots = s
                t = self._table
                added = False
                if t[i0] < 15:
                    t[i0] += 1
                    added = True
                if t[i1] < 15:
                    t[i1] += 1
                    added = True
                if t[i2] < 15:
                    t[i2] += 1
                    added = True
                if t[i3] < 15:
                    t[i3] += 1
                    added = True
                if added:
                    sk = self._sketch
                    sk.additions += 1
                    if sk.additions >= sk.sample_size:
                        sk.reset()
            else:
                s = self._slots(key)
                self._pending_key = key
                self._pending_slots = s
                self._record(s)
            if self._sampling:
                self._misses += 1
                if self._hits + self._misses >= self._next_check:
                    self._check()
            return False
        if seg is self._probation:
            s = seg.pop(key)
            prot = self._protected
            prot[key] = s
            self._where[key] = prot
            if len(prot) > self._max_protected:
                self._demote_protected()
        else:
            seg.move_to_end(key)
            s = seg[key]
        # The sketch update, inlined: this is the hottest line of the cache.
        if self._dk:
            self._sketch.increment_at(s[:4], s[4])
        else:
            t = self._table
            i0, i1, i2, i3 = s
            added = False
            if t[i0] < 15:
                t[i0] += 1
                added = True
            if t[i1] < 15:
                t[i1] += 1
                added = True
            if t[i2] < 15:
                t[i2] += 1
                added = True
            if t[i3] < 15:
                t[i3] += 1
                added = True
            if added:
                sk = self._sketch
                sk.additions += 1
                if sk.additions >= sk.sample_size:
                    sk.reset()
        if self._sampling:
            self._hits += 1
            if self._hits + self._misses >= self._next_check:
                self._check()
        return True

    def put(self, key: Hashable) -> None:
        """Insert ``key`` into the window (or refresh it if resident, evicting nothing). The
        window's overflow goes to admission; with a zero-size window that is ``key`` itself,
        which is then reported through on_evict if it loses."""
        where = self._where
        try:
            seg = where.get(key)
        except TypeError:
            raise unhashable(key) from None
        if seg is not None:
            if seg is self._probation:
                s = seg.pop(key)
                prot = self._protected
                prot[key] = s
                where[key] = prot
                if len(prot) > self._max_protected:
                    self._demote_protected()
            else:
                seg.move_to_end(key)
                s = seg[key]
            self._record(s)
            return
        pending = self._pending_key
        self._pending_key = _NO_KEY
        if pending is not _NO_KEY and (pending is key or pending == key):
            s = self._pending_slots  # already counted by the get that missed
        else:
            s = self._slots(key)
            self._record(s)
        win = self._window
        win[key] = s
        where[key] = win
        if not self._sampling and len(where) >= self._half:
            self._sampling = self._adaptive
            if self._sampling and self._rival is not None:
                self._rival_start = self._rival()
        if len(win) > self._max_window:
            self._evict()

    def remove(self, key: Hashable) -> bool:
        """Drop ``key`` without calling on_evict; True if it was resident."""
        try:
            seg = self._where.pop(key, None)
        except TypeError:
            raise unhashable(key) from None
        if seg is None:
            return False
        del seg[key]
        return True

    def __contains__(self, key: Hashable) -> bool:
        try:
            return key in self._where
        except TypeError:
            raise unhashable(key) from None

    def __len__(self) -> int:
        return len(self._where)

    def keys(self) -> Iterator[Hashable]:
        """Resident keys: window, probation, protected, each least recently used first."""
        return iter([*self._window, *self._probation, *self._protected])

    def clear(self) -> None:
        """Forget everything: residents, frequencies and the window size learned so far."""
        self._window.clear()
        self._probation.clear()
        self._protected.clear()
        self._where.clear()
        self._sketch.clear()
        self._max_window = self._initial_max_window
        self._max_protected = self._initial_max_protected
        self._pending_key = _NO_KEY
        # The guard's coin flips restart from the seed too: left where the old traffic put
        # them, a cleared cache admitted differently from a new one on the same accesses
        # (the task bench's blind arm clears memory before every task; round 50).
        self._rng.seed(self._seed)
        self._reset_climber()

    # -- introspection (tests, benchmark) ------------------------------------------------------
    def segment_of(self, key: Hashable) -> str | None:
        seg = self._where.get(key)
        if seg is None:
            return None
        if seg is self._window:
            return "window"
        return "probation" if seg is self._probation else "protected"

    def segment_sizes(self) -> dict[str, int]:
        return {
            "window": len(self._window),
            "probation": len(self._probation),
            "protected": len(self._protected),
            "max_window": self._max_window,
            "max_protected": self._max_protected,
        }

    @property
    def sketch(self) -> FrequencySketch:
        return self._sketch

    # -- eviction and admission ----------------------------------------------------------------
    def _demote_protected(self) -> None:
        prot = self._protected
        prob = self._probation
        where = self._where
        while len(prot) > self._max_protected:
            k, s = prot.popitem(last=False)
            prob[k] = s
            where[k] = prob

    def _evict(self) -> None:
        win = self._window
        prob = self._probation
        where = self._where
        cap = self.capacity
        t = self._table
        dk = self._dk
        while len(win) > self._max_window:
            cand, cs = win.popitem(last=False)
            prob[cand] = cs
            where[cand] = prob
            if len(where) <= cap:
                continue
            # The victim is probation's LRU entry; it is the candidate itself only when main
            # has no room at all (capacity 1), and then the candidate loses, as it should.
            victim = next(iter(prob))
            vs = prob[victim]
            if self._utility is not None:
                admit = self._admit_useful(cand, cs, victim, vs)
            elif dk:
                admit = self._admit(cs, vs)
            else:
                # _admit inlined (no doorkeeper): min of four counters each side.
                cf = t[cs[0]]
                x = t[cs[1]]
                if x < cf:
                    cf = x
                x = t[cs[2]]
                if x < cf:
                    cf = x
                x = t[cs[3]]
                if x < cf:
                    cf = x
                vf = t[vs[0]]
                x = t[vs[1]]
                if x < vf:
                    vf = x
                x = t[vs[2]]
                if x < vf:
                    vf = x
                x = t[vs[3]]
                if x < vf:
                    vf = x
                if cf > vf:
                    admit = True
                elif cf >= ADMIT_HASHDOS_THRESHOLD:
                    admit = self._rng.getrandbits(7) == 0
                else:
                    admit = False
            loser = victim if admit else cand
            del prob[loser]
            del where[loser]
            if self._on_evict is not None:
                self._on_evict(loser)

    def _admit(self, cand: Slots, victim: Slots) -> bool:
        cf = self._frequency(cand)
        vf = self._frequency(victim)
        if cf > vf:
            return True
        if cf >= ADMIT_HASHDOS_THRESHOLD:
            return self._rng.getrandbits(7) == 0
        return False

    def _admit_useful(self, cand: Hashable, cs: Slots, victim: Hashable, vs: Slots) -> bool:
        """Admission with outcome utility next to frequency: each side's estimate plus
        `utility_weight` x (utility - 0.5), so a neutral key (0.5, never judged) competes
        on frequency alone and a key linked to failed tasks needs more accesses to stay.
        The hash-flooding guard reads the raw frequencies, as in `_admit`."""
        assert self._utility is not None
        cf, vf = self._frequency(cs), self._frequency(vs)
        w = self._utility_weight
        if cf + w * (self._utility(cand) - 0.5) > vf + w * (self._utility(victim) - 0.5):
            return True
        if cf >= ADMIT_HASHDOS_THRESHOLD:
            return self._rng.getrandbits(7) == 0
        return False

    # -- hill climbing -------------------------------------------------------------------------
    def _check(self) -> None:
        """At a sample's end, climb; at a block's end within it, the round 42 drop test."""
        requests = self._hits + self._misses
        if requests >= self._sample_size:
            self._climb()
            return
        block = requests - self._block_start
        hits = self._hits - self._block_hits
        rate = hits / block
        prev = self._prev_hit_rate
        fall = prev - rate
        rival = self._rival() if self._rival is not None else ()
        if (self.adaptations and fall >= HILL_CLIMBER_RESTART_THRESHOLD
                and fall * fall * block > CLIMB_DROP_Z * CLIMB_DROP_Z * prev * (1.0 - prev)
                and self._rival_won(rival)):
            self._restart(rate)
            return
        self._block_hits = self._hits
        self._block_start = requests
        self._rival_start = rival
        self._next_check = min(requests + CLIMB_DROP_BLOCK, self._sample_size)

    def _rival_won(self, rival: tuple[int, ...]) -> bool:
        """True if a rival beat W-TinyLFU over the block on the accesses they disagree on,
        beyond CLIMB_DROP_Z standard errors (McNemar's sign test, as the steered policy's)."""
        d = [b - a for a, b in zip(self._rival_start, rival, strict=True)]
        z = CLIMB_DROP_Z
        for m, k in zip(d[::2], d[1::2], strict=True):  # rival-only hits, W-TinyLFU-only hits
            if m - k > z * math.sqrt(m + k):
                return True
        return False

    def _restart(self, rate: float) -> None:
        """The workload changed mid-sample: move one full step back from the last move (up
        from an empty window), age the sketch, and measure the next sample against the block
        that fell."""
        up = self._max_window <= self._min_window or self._last_dir < 0
        step = HILL_CLIMBER_STEP_PERCENT * self.capacity
        adjust = max(int(step), 1 if self._min_step else 0)
        before = self._max_window
        if up:
            self._increase_window(adjust)
        else:
            self._decrease_window(adjust)
        self._moved = self._max_window != before
        if self._moved:
            self._last_dir = 1 if up else -1
        self._sketch.reset()
        self._step = HILL_CLIMBER_STEP_DECAY_RATE * (step if up else -step)
        self._prev_hit_rate = rate
        self._start_sample()
        self.adaptations += 1

    def _climb(self) -> None:
        requests = self._hits + self._misses
        hit_rate = self._hits / requests
        change = hit_rate - self._prev_hit_rate
        amount = self._step if change >= 0 else -self._step
        moved_last = self._moved
        if self._damped:
            # Changes within one binomial standard error of the sample are noise: hold the
            # window and shrink the step, so a plateau (Corda beyond its reuse distance)
            # converges instead of random-walking off its edge.
            # A zero hit rate is no plateau worth keeping: keep searching there.
            if 0.0 < hit_rate < 1.0 and change * change * requests < hit_rate * (1 - hit_rate):
                self._step *= 0.5
                amount = 0.0
        if amount and abs(change) >= HILL_CLIMBER_RESTART_THRESHOLD and not (
            self._damped and moved_last
        ):
            # A jump the climber did not cause itself: the workload changed, search afresh.
            step = HILL_CLIMBER_STEP_PERCENT * self.capacity
            self._step = step if amount >= 0 else -step
        elif amount:
            self._step = HILL_CLIMBER_STEP_DECAY_RATE * amount
        self._prev_hit_rate = hit_rate
        self._start_sample()
        before = self._max_window
        adjust = int(amount)  # truncates toward zero, like Java's (long) cast
        if adjust == 0 and amount and self._min_step:
            # Below 16 entries 6.25% of the capacity truncates to nothing; move one entry.
            adjust = 1 if amount > 0 else -1
        if adjust > 0:
            self._increase_window(adjust)
        elif adjust < 0:
            self._decrease_window(-adjust)
        self._moved = self._max_window != before
        if self._moved:
            self._last_dir = 1 if adjust > 0 else -1
        if adjust and not self._moved and self._damped:
            # Pinned against a bound (window 0 or main all window): bounce off it, or a
            # constant hit rate would keep pushing into the wall forever.
            self._step = -self._step
        self.adaptations += 1

    def _increase_window(self, amount: int) -> None:
        if self._max_protected == 0:
            return
        quota = min(amount, self._max_protected)
        self._max_protected -= quota
        self._max_window += quota
        self._demote_protected()
        win = self._window
        prob = self._probation
        prot = self._protected
        where = self._where
        moved = 0
        while moved < quota:
            if prob:
                k, s = prob.popitem(last=False)
            elif prot:
                k, s = prot.popitem(last=False)
            else:
                break
            win[k] = s
            where[k] = win
            moved += 1
        # Whatever could not be moved stays with main, as in Caffeine.
        self._max_protected += quota - moved
        self._max_window -= quota - moved

    def _decrease_window(self, amount: int) -> None:
        if self._max_window <= self._min_window:
            return
        quota = min(amount, self._max_window - self._min_window)
        self._max_protected += quota
        self._max_window -= quota
        win = self._window
        prob = self._probation
        where = self._where
        moved = 0
        while moved < quota and win:
            k, s = win.popitem(last=False)
            prob[k] = s
            where[k] = prob
            moved += 1
        self._max_protected -= quota - moved
        self._max_window += quota - moved

    def __repr__(self) -> str:
        return (
            f"WTinyLFUPolicy(capacity={self.capacity}, size={len(self)}, "
            f"window={len(self._window)}/{self._max_window})"
        )
