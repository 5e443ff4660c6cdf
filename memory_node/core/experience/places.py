"""Usual places (issue 15, item 4): where objects of a type were found or put, counted
per place with provenance, and the fact "a Bread is usually in Fridge_3" they support.

Evidence comes from outcomes, not from a word list: a successful pick says where memory
had the object (found there), a successful put where the robot set it down (put there). A
place found in beats a place only put in (where the household keeps a thing is where the
robot finds it; where it put it is where one task wanted it), then more finds, then more
puts; on a tie the current usual place stays. When another place overtakes, the usual-
place fact is superseded in the fact store (soft delete, history kept); the same place
again merges into it (support and provenance grow). The counts are bounded by `max_rows`,
the least recently seen going first.

Each count remembers which objects gave it (`units`). A find of an object says where that
object is now; what the same object gave other places before is superseded (`supersede`):
in a house nobody tidies, the robot's own puts move a thing on, and finds of it where the
robot had put it kept an old place the usual one (tune2 untidied, stream seed 3152: a soap
bottle found twice in cabinet object_5, moved by the robot to a drawer, the garbage can and
another drawer and found in each, still "usually in object_5"; its open cost two calls).
But in a tidied house the robot finds an object where it had put it (the same stretch
before a tidy, or memory's stale place for it) and that one find wiped its home's counts
(round 54: tune2 tidy, stream seeds 3159 and 3162, a task lost each). So supersession
waits for evidence that this house keeps the robot's puts (`keeps_puts`): per unit, where
the robot last put it (a put that moved it: not back where it was found, which a tidy
would keep too), and whether its next find in a later task was there ("kept") or
elsewhere ("moved"), summed per memory. Only when kept finds reach `KEEPS_MIN` and
outnumber moved ones does a find supersede, and then a put too (the robot's own put is
where the thing now is: tune3 untidied, stream seed 3159, the mug's usual kettle, stale
after the robot put that mug on a plate). Until then (cold start) nothing is superseded.

A find in a later task that answers a put tells the two apart only if the put took the
object out of reach of where it was found before the put's task moved it: a tidy returns it
there, and memory's place for a unit the robot put a few decimetres from its home stays the
put's receptacle when the unit is picked back at home (round 62, tune2 tidy, stream seed
3222: three such "kept" finds, a kettle put in a cabinet 0.4 m from its spot, opened the
gate in a house tidied every task). So a find at the put's place within `radius` (the
experience memory's `belief_radius`) of that position is not counted kept: it cannot tell
the robot's put from a tidy's return. A find elsewhere still counts moved. The positions
are kept in memory only: after a restart an answer is judged by the place ids alone.
"""

from __future__ import annotations

import json
import math
import sqlite3
from dataclasses import dataclass, field, replace

MAX_SOURCES = 8      # provenance ids kept per (type, place), the newest
MAX_UNITS = 16       # objects whose share is kept per (type, place), the newest
# Finds in a later task at the robot's last put of the same unit needed (and to outnumber
# finds elsewhere) before this house is taken to keep the robot's puts; stated before
# measuring (round 55): three, so one stretch before a tidy does not decide it.
KEEPS_MIN = 3
PRUNE_TO = 0.9


@dataclass
class PlaceCount:
    label: str
    place_id: str
    relation: str           # in | on
    place_label: str
    found: int = 0
    put: int = 0
    provenance: list[str] = field(default_factory=list)
    updated_at: float = 0.0
    # object id -> [found, put] it gave; older shares beyond MAX_UNITS stay unattributed
    units: dict[str, list[int]] = field(default_factory=dict)

    def rank(self) -> tuple[bool, int, int]:
        return (self.found > 0, self.found, self.put)

    def value(self) -> str:
        """The usual-place fact's value: relation, place id and its type."""
        return f"{self.relation} {self.place_id} ({self.place_label})"


def _task_of(episode_id: str) -> str:
    return episode_id.rpartition("#")[0] or episode_id


@dataclass
class LastPut:
    """Where the robot last put a unit, and how its next finds after its puts went."""
    unit: str
    place_id: str = ""        # "" once a later task's find has answered the put
    episode_id: str = ""
    found_at: str = ""        # where it was last found (a put there moved nothing)
    kept: int = 0             # next found (in a later task) where it was put
    moved: int = 0            # next found elsewhere
    updated_at: float = 0.0
    home: str = ""            # where it was last found not at a put of the robot's (`follow`)


class UsualPlaces:
    def __init__(self, max_rows: int) -> None:
        self.max_rows = max_rows
        self._by_label: dict[str, dict[str, PlaceCount]] = {}
        self._count = 0
        self._puts: dict[str, LastPut] = {}
        # Unit -> memory's position of it at its last find before the robot's put in that
        # find's task (not stored; see the module's note on answers).
        self._found_pos: dict[str, tuple[float, float, float]] = {}
        # Unit -> memory's position of it at the find that last set its home (`LastPut.home`),
        # where a tidy returns it (in memory only, as `_found_pos`).
        self._home_pos: dict[str, tuple[float, float, float]] = {}
        self.kept = 0
        self.moved = 0
        # (unit, put episode): puts of earlier tasks a skill then found the unit NOT at
        # (memory's place for it was the put, not answered by a find): `undoes_puts`'
        # evidence only, not `keeps_puts`' tally; the newest `max_rows`, in memory only
        # (after a restart the finds decide alone).
        self._refused: dict[tuple[str, str], None] = {}
        # Unit -> its home, where a look of a later task than the robot's last find or put
        # back of it there saw it (`seen_home`); in memory only (as `_refused`).
        self._seen_home: dict[str, str] = {}

    def __len__(self) -> int:
        return self._count

    def load(self, conn: sqlite3.Connection) -> None:
        self._by_label.clear()
        self._count = 0
        for r in conn.execute("SELECT * FROM exp_places"):
            self._put(PlaceCount(r["label"], r["place_id"], r["relation"], r["place_label"],
                                 r["found"], r["put"], json.loads(r["provenance"]),
                                 r["updated_at"], json.loads(r["units"])))
        self._puts.clear()
        self._found_pos.clear()
        self._home_pos.clear()
        self._refused.clear()
        self._seen_home.clear()
        for r in conn.execute("SELECT * FROM exp_puts"):
            self._puts[r["unit"]] = LastPut(r["unit"], r["place_id"], r["episode_id"],
                                            r["found_at"], r["kept"], r["moved"],
                                            r["updated_at"], r["home"])
        self.kept = sum(p.kept for p in self._puts.values())
        self.moved = sum(p.moved for p in self._puts.values())

    def keeps_puts(self) -> bool:
        """Does this house keep the robot's puts: later finds of units where the robot last
        put them at least `KEEPS_MIN` and more than finds elsewhere."""
        return self.kept >= KEEPS_MIN and self.kept > self.moved

    def undoes_puts(self) -> bool:
        """Does this house move the robot's puts on before the next task (a daily tidy):
        later finds of units elsewhere than where the robot last put them, with the units
        a skill found not where the robot had put them (`not_found`), more than finds where
        it put them. One such answer decides while none says the puts stay: a put the
        robot doubts is looked for at its home first, one walk, where `KEEPS_MIN` answers
        cost a tidied house the tasks before them (fresh91b tidy, round 98: the first
        undone put was answered in s0007, the gate opened in s0013; s0011's cup, memory's
        in the fridge where the robot had put it, was walked to there and then searched
        for in fifteen cabinets, not at its home). An untidied house can answer "moved"
        first too: fresh89c's first answer (task 10 of 30) was one, the gate held for that
        one task, and the decision run of round 98 has that stream 14 steps dearer; kept
        answers closed it from the next task on."""
        undone = self.moved + len(self._refused)
        return undone > self.kept

    def not_found(self, unit: str, episode_id: str) -> None:
        """A skill found `unit` not where memory had it: when memory's place for it was the
        robot's put of an earlier task, not answered since, that put did not stay (counted
        once per put)."""
        p = self._puts.get(unit)
        if p is not None and self.put_before(unit, episode_id)[0]:
            self._refused[(unit, p.episode_id)] = None
            while len(self._refused) > self.max_rows:
                del self._refused[next(iter(self._refused))]

    def put_before(self, unit: str, episode_id: str) -> tuple[str, str]:
        """The place of the robot's last put of `unit` that moved it, made in an earlier
        task than `episode_id` and not answered since by a find of it, and the unit's home
        (`LastPut.home`: where it was last found not at a put of the robot's; "" when
        memory knows none, or when it is the put's place); ("", "") otherwise."""
        p = self._puts.get(unit)
        if p is None or not p.place_id or _task_of(p.episode_id) == _task_of(episode_id):
            return "", ""
        return p.place_id, (p.home if p.home != p.place_id else "")

    def home_position(self, unit: str) -> tuple[float, float, float] | None:
        """Memory's position of `unit` at the find that last set its home (where a tidy
        returns it); None when not known (kept in memory only: none after a restart)."""
        return self._home_pos.get(unit)

    def left_by_robot(self, episode_id: str) -> dict[str, str]:
        """{unit: where the robot itself last left it}, in a house that keeps the robot's
        puts (`keeps_puts`): its put of an earlier task than `episode_id` that moved it (no
        find answered since), or the place it was found in and put back into (its home,
        `LastPut.home`). Not a put of this task (the planner judges what the task acted on
        by its own history); nothing in a house not known to keep the robot's puts (a cold
        start, a tidied house: round 66, tune2 tidy 3152, a cabinet not looked into for a
        soap bottle the robot had put back in it left a pot in it unseen, and a later task
        searched eight receptacles for the pot). At most `max_rows` units: what the robot
        put, not memory's units (a loop over 10,000 units cost every recall 10-70 ms).

        Before the house is known to keep the robot's puts, a unit at its home that a look
        of a later task saw there (`seen_home`) is named: a put back home stays in a house
        that tidies too (a tidy returns a thing to where it is kept), and the look already
        showed what the receptacle holds (what round 66's tidy loss missed)."""
        if not self.keeps_puts():
            if not self._seen_home:
                return {}
            return {u: h for u, h in self._seen_home.items() if self._at_home(u, h)}
        out: dict[str, str] = {}
        for unit, p in self._puts.items():
            if p.place_id:
                if _task_of(p.episode_id) != _task_of(episode_id):
                    out[unit] = p.place_id
            elif p.found_at and p.found_at == p.home:
                # No put outstanding: the robot's last find of it, at its home; what it did
                # with it since was a put back there (memory has it there again: the
                # caller's check).
                out[unit] = p.found_at
        return out

    def _at_home(self, unit: str, place_id: str) -> bool:
        """The robot's last act on `unit` left it at its home `place_id`: no put of it
        outstanding, last found there, and there is where a find saw it that no put of the
        robot's explains (`LastPut.home`)."""
        p = self._puts.get(unit)
        return p is not None and not p.place_id and p.found_at == p.home == place_id

    def at_home(self) -> dict[str, str]:
        """{unit: its home} for the units the robot's last act left at home (`_at_home`)."""
        return {u: p.home for u, p in self._puts.items() if self._at_home(u, p.home)}

    def seen_home(self, unit: str, place_id: str) -> bool:
        """A look (a won episode of walks, opens and closes only) saw `unit` at `place_id`,
        where the robot last left it at its home (found there, then put back there or not
        moved): `left_by_robot` names it from now on, until the robot acts on it again
        (`follow`). True when marked.

        Untidied tuning streams, round 73: a butter knife the robot had found in a drawer
        and put back was looked at (navigate, open, close) in five later tasks, the gate
        (`keeps_puts`, three kept finds of MOVED puts) never open in time; round 66's
        naming of every put back home in any house lost what a tidied house's cabinet held
        (the look's open had shown a pot a later task needed): the first look stays."""
        if not self._at_home(unit, place_id):
            return False
        self._seen_home[unit] = place_id
        return True

    def last_place(self, unit: str) -> str:
        """Where the robot last put `unit` (a put that moved it, not yet answered by a
        later find), else where it was last found; "" when neither is known."""
        p = self._puts.get(unit)
        return "" if p is None else (p.place_id or p.found_at)

    def put_elsewhere(self, unit: str, place_id: str, episode_id: str) -> str:
        """The place of the robot's last put of `unit`, when that put came from an earlier
        task than `episode_id` and is not `place_id` (a find there answers the put as
        moved: the unit left where the robot put it), when `place_id` is where the unit was
        found before that put (`found_at`: it went BACK there), and when the robot has not
        itself put (or last found) what it put the unit in or on at `place_id`. Neither is
        a return: in a house nobody tidies, the robot's own put of a carrier takes its
        contents along (tune2 untidied, stream seed 3162, round 64: a butter knife found on
        the counter, put on a plate, the plate later put in the fridge by the robot; the
        knife's pick, refused "inside a closed Fridge", counted found in the fridge, where
        it had never been found; tune2 untidied 3241 at length 60: a sponge found in a
        cabinet, put in a bowl, the bowl put in that cabinet). "" otherwise."""
        p = self._puts.get(unit)
        if p is None or not p.place_id or p.place_id == place_id \
                or p.found_at != place_id or self.last_place(p.place_id) == place_id \
                or _task_of(p.episode_id) == _task_of(episode_id):
            return ""
        return p.place_id

    def follow(self, conn: sqlite3.Connection, unit: str, place_id: str, kind: str,
               episode_id: str, stamp: float,
               position: tuple[float, float, float] | None = None,
               radius: float = 0.0) -> None:
        """A put of `unit` at `place_id` that moved it (not where it was last found) is
        remembered; a find of it in a later task answers the last put (kept there, or
        moved). A put back where it was found says nothing: a tidy returns a thing to
        where it is kept, so in a tidied house a put back into its home is found there
        again (tune2 tidy, stream seed 3159: three such finds opened the gate). A find in
        the put's own task says nothing either (the robot put it down mid-task; a tidy
        comes between tasks): a task's subtasks are episodes whose ids share the part
        before the last '#' (`k1c-2#s0`, `k1c-2#s1`), the planner's convention. Nor does
        a find at the put's place whose `position` (memory's, before the pick) is within
        `radius` of where the unit was found before the put's task moved it: a tidy returns
        it there, so the find is no evidence the put was kept.

        The unit's `home` is where a find saw it that no put of the robot's explains: with
        no put of it outstanding (nothing the robot put it in since its last find), or in
        a later task than the put and not at the put's place (moved: the tidy's work). A
        find in the put's own task, or at the put's place in a later task (kept), is the
        robot's own put and leaves the home as it was (round 64, tune2 tidy, stream seed
        3159: the soap bottle's `found_at` was a drawer the robot had put it in, and
        looking there first lost two tasks)."""
        p = self._puts.get(unit)
        p = p if p is not None else LastPut(unit)
        self._seen_home.pop(unit, None)     # acted on again: a new look decides
        if kind == "put":
            # Back where it was found moves nothing, unless it was found away from its home
            # (kept where the robot had put it) in a house that undoes the robot's puts: the
            # tidy takes it home from there too (round 113, fresh112c tidy s0018: the mug,
            # found kept in the bowl the robot had put it in, put in the bowl again; no
            # put-back line named it after the tidy took it home, and its pick was refused
            # "inside a closed Cabinet" four times). Elsewhere it stays a put back where it
            # was found: named as the robot's put in a house taken to keep them, it "stays"
            # (fresh92b tidy s0013, home113a: three early kept finds, the knife re-put in
            # its drawer was taken as there, and the task was lost with nothing done).
            back = place_id == p.found_at and (p.home in ("", place_id)
                                               or not self.undoes_puts())
            p.place_id, p.episode_id = ("", "") if back else (place_id, episode_id)
        elif not p.place_id or _task_of(p.episode_id) == _task_of(episode_id):
            p.found_at = place_id
            if not p.place_id:
                p.home = place_id
                self._home_pos.pop(unit, None)
                if position is not None:
                    self._found_pos[unit] = self._home_pos[unit] = position
        else:
            kept = p.place_id == place_id
            if not kept:
                p.home = place_id
                if position is not None:
                    self._home_pos[unit] = position
                else:
                    self._home_pos.pop(unit, None)
            before = self._found_pos.get(unit)
            returned = kept and position is not None and before is not None \
                and math.dist(position, before) <= radius
            if not returned:
                p.kept, p.moved = p.kept + kept, p.moved + (not kept)
                self.kept, self.moved = self.kept + kept, self.moved + (not kept)
            # A find the tidy's return explains was at the unit's home, not at the put's
            # place memory still named: a put there from here moves it (round 112,
            # fresh108b tidy s0011: the plate picked at its home cabinet's spot, memory's
            # receptacle the counter it had been put on; the put on the counter again read
            # as a put back where it was found, no put-back line named the plate in s0012,
            # and its pick was refused "inside a closed Cabinet" beside the wrong cabinets).
            p.place_id, p.found_at = "", (p.home or place_id) if returned else place_id
            if position is not None:
                self._found_pos[unit] = position
        p.updated_at = max(p.updated_at, stamp)
        self._puts[unit] = p
        self._write_put(conn, p)
        if len(self._puts) > self.max_rows:
            # The least recently followed units go; their answers leave the tally with them.
            dropped = sorted(self._puts.values(), key=lambda q: (q.updated_at, q.unit))[
                : len(self._puts) - int(self.max_rows * PRUNE_TO)]
            conn.executemany("DELETE FROM exp_puts WHERE unit=?", [(q.unit,) for q in dropped])
            for q in dropped:
                del self._puts[q.unit]
                self._found_pos.pop(q.unit, None)
                self._home_pos.pop(q.unit, None)
                self._seen_home.pop(q.unit, None)
                self.kept, self.moved = self.kept - q.kept, self.moved - q.moved

    def has_put(self, unit: str) -> bool:
        """Whether `unit` has a put record (`follow`)."""
        return unit in self._puts

    def follow_joins(self, conn: sqlite3.Connection, moves: list[tuple[str, str]]) -> None:
        """Move each put record in `moves` to the id its unit now lives on as, merged with
        that id's own record: the newer of the two says where the robot last left it, and
        the answers of both stay counted. The robot put a NEW sighting of a bread (a new
        id), the scene graph then joined that sighting to the bread it had seen before,
        and the next task's recall, keyed by the kept id, had no put to doubt and walked
        to the put's place after a tidy had taken it back (fresh94c tidy, round 95)."""
        for gone, keep in moves:
            g = self._puts.pop(gone, None)
            if g is None:
                continue
            k = self._puts.get(keep)
            newer = g if k is None or g.updated_at >= k.updated_at else k
            merged = replace(newer, unit=keep)
            if k is not None:
                merged.kept, merged.moved = g.kept + k.kept, g.moved + k.moved
                merged.home = merged.home or (k if newer is g else g).home
            self._puts[keep] = merged
            pos = self._found_pos.pop(gone, None)
            if pos is not None and newer is g:
                self._found_pos[keep] = pos
            spot = self._home_pos.pop(gone, None)
            if spot is not None and newer is g:
                self._home_pos[keep] = spot
            home = self._seen_home.pop(gone, None)
            if home is not None and newer is g:
                self._seen_home[keep] = home
            for unit, episode in [r for r in self._refused if r[0] == gone]:
                del self._refused[(unit, episode)]
                self._refused[(keep, episode)] = None
            conn.execute("DELETE FROM exp_puts WHERE unit=?", (gone,))
            self._write_put(conn, merged)

    @staticmethod
    def _write_put(conn: sqlite3.Connection, p: LastPut) -> None:
        conn.execute(
            "INSERT INTO exp_puts (unit, place_id, episode_id, found_at, kept, moved,"
            " updated_at, home) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (unit) DO UPDATE"
            " SET place_id=excluded.place_id, episode_id=excluded.episode_id, found_at="
            "excluded.found_at, kept=excluded.kept, moved=excluded.moved, updated_at="
            "excluded.updated_at, home=excluded.home",
            (p.unit, p.place_id, p.episode_id, p.found_at, p.kept, p.moved, p.updated_at,
             p.home))

    def found_unplaced(self, unit: str, position: tuple[float, float, float]) -> None:
        """A find of `unit` where memory knew no receptacle for it: no place to count, but
        the position is where it was found, for `follow`'s answer to a later put."""
        p = self._puts.get(unit)
        if p is None or not p.place_id:
            self._found_pos[unit] = position

    def _put(self, c: PlaceCount) -> None:
        bucket = self._by_label.setdefault(c.label.lower(), {})
        if c.place_id not in bucket:
            self._count += 1
        bucket[c.place_id] = c

    def places(self, label: str) -> list[PlaceCount]:
        """The places of a type, best evidence first (then the newest)."""
        return sorted(self._by_label.get(label.lower(), {}).values(),
                      key=lambda c: (c.rank(), c.updated_at, c.place_id), reverse=True)

    def usual(self, label: str, incumbent: str = "") -> PlaceCount | None:
        """The usual place; `incumbent` (the current fact's place) keeps it on a tie, so
        the fact does not flap between two places with equal evidence."""
        ranked = self.places(label)
        if not ranked:
            return None
        keep = self._by_label[label.lower()].get(incumbent)
        return keep if keep is not None and keep.rank() == ranked[0].rank() else ranked[0]

    def observe(self, conn: sqlite3.Connection, label: str, relation: str, place_id: str,
                place_label: str, kind: str, source: str, stamp: float,
                unit: str = "") -> PlaceCount:
        """Count one sighting ("found") or placing ("put") of a `label` at a place; `unit`,
        the object's id, is remembered as the count's giver."""
        c = self._by_label.get(label.lower(), {}).get(place_id)
        if c is None:
            c = PlaceCount(label, place_id, relation, place_label)
            self._put(c)
        found = kind == "found"
        if found:
            c.found += 1
        else:
            c.put += 1
        if unit:
            share = c.units.pop(unit, [0, 0])
            c.units[unit] = [share[0] + found, share[1] + (not found)]   # the newest last
            while len(c.units) > MAX_UNITS:
                del c.units[next(iter(c.units))]
        c.relation, c.place_label = relation, place_label
        c.provenance = [*c.provenance, source][-MAX_SOURCES:]
        c.updated_at = max(c.updated_at, stamp)
        self._write(conn, c)
        self._prune(conn)
        return c

    def supersede(self, conn: sqlite3.Connection, label: str, unit: str,
                  place_id: str) -> bool:
        """`unit` is at `place_id` now: what it gave the type's other places is taken back
        (a place left with no count goes). True when anything was."""
        bucket = self._by_label.get(label.lower(), {})
        changed = False
        for c in list(bucket.values()):
            if c.place_id == place_id or unit not in c.units:
                continue
            found, put = c.units.pop(unit)
            c.found, c.put = max(0, c.found - found), max(0, c.put - put)
            changed = True
            if c.found or c.put:
                self._write(conn, c)
                continue
            conn.execute("DELETE FROM exp_places WHERE label=? AND place_id=?",
                         (c.label.lower(), c.place_id))
            del bucket[c.place_id]
            self._count -= 1
        if not bucket:
            self._by_label.pop(label.lower(), None)
        return changed

    @staticmethod
    def _write(conn: sqlite3.Connection, c: PlaceCount) -> None:
        conn.execute(
            "INSERT INTO exp_places (label, place_id, relation, place_label, found, put,"
            " provenance, updated_at, units) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT"
            " (label, place_id) DO UPDATE SET relation=excluded.relation, place_label="
            "excluded.place_label, found=excluded.found, put=excluded.put, provenance="
            "excluded.provenance, updated_at=excluded.updated_at, units=excluded.units",
            (c.label.lower(), c.place_id, c.relation, c.place_label, c.found, c.put,
             json.dumps(c.provenance), c.updated_at, json.dumps(c.units)))

    def _prune(self, conn: sqlite3.Connection) -> None:
        if self._count <= self.max_rows:
            return
        everything = sorted((c for b in self._by_label.values() for c in b.values()),
                            key=lambda c: (c.updated_at, c.label, c.place_id))
        dropped = everything[: self._count - int(self.max_rows * PRUNE_TO)]
        conn.executemany("DELETE FROM exp_places WHERE label=? AND place_id=?",
                         [(c.label.lower(), c.place_id) for c in dropped])
        for c in dropped:
            bucket = self._by_label[c.label.lower()]
            del bucket[c.place_id]
            if not bucket:
                del self._by_label[c.label.lower()]
        self._count -= len(dropped)
