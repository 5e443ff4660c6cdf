"""Frequency sketch for TinyLFU admission: a 4-bit count-min sketch with periodic aging.

Follows Caffeine's ``FrequencySketch``: depth 4, counters saturate at 15, and after
``sample_size`` (10 x capacity) successful increments every counter is halved. Halving
truncates odd counters, so the addition count is corrected by the number of odd counters / 4
(each key owns four counters) before being halved itself.

Storage is one counter per byte of a ``bytearray`` rather than two per byte: in pure Python
nibble packing costs more bytecode per access than the memory it saves (the counters still
never exceed 15, so this is a 4-bit sketch in everything but layout). Each row is
``4 x next_pow2(capacity)`` counters wide, the same number of counters per entry as Caffeine
(16), i.e. 16 bytes of sketch per cache entry; ``width_factor`` trades that for accuracy.
"""

from __future__ import annotations

from collections.abc import Hashable

from .hashing import stable_hash

__all__ = ["Doorkeeper", "FrequencySketch", "sketch_indexes"]

MAX_COUNT = 15
DEPTH = 4
# Round 49 (issue 11): at least MIN_WIDTH counters per row (2 KiB per sketch), but only while the
# aging sample is held at its floor (sample_factor x C < min_sample; wtinylfu.MIN_SKETCH_SAMPLE =
# 320, so C <= 25 with the defaults). There the sketch counts 13-64 x C increments before it
# ages, in a row of 4 x next_pow2(C) counters (64 before this round), and the collisions lift
# one-hit keys' estimates until they win admission: plain W-TinyLFU at C=10 on fresh36 fell
# below theine (25.63 % against 25.74 %); 512 counters, 1.6 per increment of that sample, gave
# 26.45 % (256 less, 1,024 no more). Where the sample is 10 x C, as in Caffeine, the row is
# Caffeine's budget and the width stays as before: floored at C=50 too, it broke fresh27's
# raft C=50 (+1.69 -> -0.97 points) while fixing no cell (bench/README_cache.md, round 49).
MIN_WIDTH = 512
# Every row has at least this many counters (256 bytes): tiny caches otherwise collide constantly.
ROW_FLOOR = 64
# bytes.translate tables: halving and "is odd" in C rather than a Python loop over the table.
_HALVE = bytes(i >> 1 for i in range(256))
_ODD = bytes(i & 1 for i in range(256))


def _next_pow2(n: int) -> int:
    return 1 << max(0, (n - 1).bit_length())


def sketch_indexes(h: int, mask: int, width: int) -> tuple[int, int, int, int]:
    """The four counter positions (one per row) of a 64-bit hash ``h``.

    Double hashing (a + i*b) from the two 32-bit halves; ``b`` is forced odd so that the four
    probes differ for every power-of-two width.
    """
    a = h & 0xFFFFFFFF
    b = (h >> 32) | 1
    return (
        a & mask,
        ((a + b) & mask) + width,
        ((a + 2 * b) & mask) + 2 * width,
        ((a + 3 * b) & mask) + 3 * width,
    )


class Doorkeeper:
    """A Bloom filter that absorbs the first occurrence of each key.

    Most keys in a cache trace are seen once; letting the doorkeeper count that first hit keeps
    one-hit wonders out of the sketch, so the sketch's counters collide less. Cleared whenever
    the sketch ages.
    """

    __slots__ = ("_bits", "_mask")

    def __init__(self, expected: int) -> None:
        # ~8 bits per expected key with 4 probes: about a 2.4% false-positive rate.
        nbits = _next_pow2(max(64, 8 * expected))
        self._bits = bytearray(nbits >> 3)
        self._mask = nbits - 1

    def put(self, h: int) -> bool:
        """Set the bits of ``h``; return True if they were all already set."""
        bits = self._bits
        mask = self._mask
        a = h & 0xFFFFFFFF
        b = (h >> 32) | 1
        present = True
        for i in range(4):
            pos = (a + i * b) & mask
            byte = pos >> 3
            bit = 1 << (pos & 7)
            if not bits[byte] & bit:
                present = False
                bits[byte] |= bit
        return present

    def contains(self, h: int) -> bool:
        bits = self._bits
        mask = self._mask
        a = h & 0xFFFFFFFF
        b = (h >> 32) | 1
        for i in range(4):
            pos = (a + i * b) & mask
            if not bits[pos >> 3] & (1 << (pos & 7)):
                return False
        return True

    def clear(self) -> None:
        self._bits[:] = bytes(len(self._bits))

    @property
    def nbytes(self) -> int:
        return len(self._bits)


class FrequencySketch:
    """Approximate, aging access counts (0..15) for an unbounded key space.

    Args:
        capacity: the cache capacity the sketch serves; sizes the table and the aging sample.
        doorkeeper: put a Bloom filter in front of the counters (see :class:`Doorkeeper`).
        width_factor: counters per row per capacity slot (rounded to a power of two); 4 matches
            Caffeine's counter budget.
        sample_factor: aging happens after ``sample_factor x capacity`` increments (10 as in
            Caffeine and the TinyLFU paper), but never sooner than ``min_sample`` increments.
        min_width: at least this many counters per row while the aging sample is held at
            ``min_sample`` (MIN_WIDTH); otherwise the row floor is ROW_FLOOR, as before round 49.
    """

    __slots__ = ("additions", "doorkeeper", "mask", "resets", "sample_size", "table", "width")

    def __init__(
        self,
        capacity: int,
        *,
        doorkeeper: bool = False,
        width_factor: int = 4,
        sample_factor: int = 10,
        min_sample: int = 0,
        min_width: int = MIN_WIDTH,
    ) -> None:
        if capacity < 1:
            raise ValueError(f"sketch capacity must be >= 1, got {capacity}")
        if width_factor < 1 or sample_factor < 1:
            raise ValueError("width_factor and sample_factor must be >= 1")
        if min_width < 1:
            raise ValueError(f"min_width must be >= 1, got {min_width}")
        self.sample_size = max(sample_factor * capacity, min_sample)
        # A sample raised to min_sample counts more keys than the capacity-sized row was
        # budgeted for; only then does the row need min_width counters.
        floor = min_width if sample_factor * capacity < min_sample else ROW_FLOOR
        self.width = _next_pow2(max(floor, width_factor * capacity))
        self.mask = self.width - 1
        self.table = bytearray(DEPTH * self.width)
        self.additions = 0
        self.resets = 0
        self.doorkeeper: Doorkeeper | None = Doorkeeper(capacity) if doorkeeper else None

    # -- by key -----------------------------------------------------------------------------
    def indexes(self, key: Hashable) -> tuple[int, int, int, int]:
        return sketch_indexes(stable_hash(key), self.mask, self.width)

    def increment(self, key: Hashable) -> None:
        """Record one occurrence of ``key``."""
        h = stable_hash(key)
        self.increment_at(sketch_indexes(h, self.mask, self.width), h)

    def frequency(self, key: Hashable) -> int:
        """Estimated occurrences of ``key`` since the last aging (never under-estimates
        until an aging step halves the counters; saturates at 15, or 16 with a doorkeeper)."""
        h = stable_hash(key)
        return self.frequency_at(sketch_indexes(h, self.mask, self.width), h)

    # -- by precomputed indexes (the policy's hot path) --------------------------------------
    def increment_at(self, idx: tuple[int, ...], h: int = 0) -> None:
        dk = self.doorkeeper
        if dk is not None and not dk.put(h):
            # First sighting is remembered by the doorkeeper only; it still counts towards the
            # aging sample, as the doorkeeper is cleared on aging too.
            self.additions += 1
            if self.additions >= self.sample_size:
                self.reset()
            return
        t = self.table
        i0, i1, i2, i3 = idx
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
            self.additions += 1
            if self.additions >= self.sample_size:
                self.reset()

    def frequency_at(self, idx: tuple[int, ...], h: int = 0) -> int:
        t = self.table
        i0, i1, i2, i3 = idx
        f = min(t[i0], t[i1], t[i2], t[i3])
        dk = self.doorkeeper
        if dk is not None and dk.contains(h):
            f += 1
        return f

    def reset(self) -> None:
        """Age the sketch: halve every counter (Caffeine's reset, with its size correction)."""
        t = self.table
        odd = t.translate(_ODD).count(1)
        t[:] = t.translate(_HALVE)  # in place: the policy keeps a reference to ``table``
        self.additions = max(0, (self.additions - (odd >> 2)) >> 1)
        self.resets += 1
        if self.doorkeeper is not None:
            self.doorkeeper.clear()

    def clear(self) -> None:
        self.table[:] = bytes(len(self.table))
        self.additions = 0
        if self.doorkeeper is not None:
            self.doorkeeper.clear()

    @property
    def nbytes(self) -> int:
        """Bytes of counter (and doorkeeper) storage, excluding object headers."""
        return len(self.table) + (self.doorkeeper.nbytes if self.doorkeeper else 0)
