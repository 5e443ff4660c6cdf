"""What a plan may name: the object ids and places memory returned (or that were just
observed) for this instruction. A model can only refer to these; anything else is
rejected before it reaches a skill server.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from memory_node.core.recall.categories import type_key
from memory_node.core.skills import SkillTable
from memory_node.core.units import HELD_BY_ROBOT

from .types import AreaView, UnitView

# Labels (explore targets, liquids) are free words, not ids: a type name, nothing more.
LABEL_PATTERN = r"^[A-Za-z][A-Za-z0-9_]{0,63}$"
LABEL_RE = re.compile(LABEL_PATTERN)
MAX_IDS = 200   # enum size in the schema; recall returns at most 50 units per answer


@dataclass
class Vocabulary:
    """Ids a plan may use, in the order memory gave them (best first)."""

    objects: dict[str, UnitView] = field(default_factory=dict)
    places: dict[str, AreaView] = field(default_factory=dict)
    # Ids `drop_folded_receptacle` dropped: the request's scene listing, fetched before
    # the fold, still names them as they were, and must not bring them back.
    folded: set[str] = field(default_factory=set)

    def add_units(self, units: Iterable[UnitView]) -> None:
        for u in units:
            self.objects[u.object_id] = u
        self._trim()

    def add_outcome_units(self, args: Sequence[str], units: Iterable[UnitView]) -> None:
        """The units memory changed applying an outcome of a call that named `args`.

        Memory applies an outcome to the object a named id now lives on as (a NEW sighting
        joined to the object it was, `SceneGraph.current_id`), and the changed unit comes
        back under that id; the plan still names the old one, whose copy here kept the
        state from before. A named id missing from the answer, when exactly one changed
        unit of its type is named by no argument, takes that unit's state under its own
        id: it is the same object (tune tidy, stream seed 0, s0012: the bread put in the
        fridge stayed "held by the robot" under the id the plan used, the goal read unmet,
        and the bread was picked and put back five times until the step limit)."""
        units = list(units)
        self.add_units(units)
        changed = {u.object_id for u in units}
        for a in dict.fromkeys(args):
            mine = self.objects.get(a)
            if mine is None or a in changed:
                continue
            same = [u for u in units if u.object_id not in args
                    and type_key(u.label) == type_key(mine.label)]
            if len(same) == 1:
                self.objects[a] = replace(same[0], object_id=a)

    def drop_folded_receptacle(self, obj: str, receptacle: str) -> bool:
        """After a put of `obj` on (or in) `receptacle` succeeded: when memory applied it to
        another node (`obj`'s unit now names that one), `receptacle` is an id memory folded
        into it, and the plan's copy of it is stale: its label and place are from before.
        Dropped, so the next plan reads the put's receptacle as memory holds it (fetched,
        see `PlanLoop._containers`) and never names the old id again. Round 21's run of
        round 20's code (h0c-4): a DiningTable node that was a misread of the counter was
        folded into the counter during the navigate to it; the plan still read it as a
        table and put the mug on it (on the counter) until the step limit. Returns
        whether it dropped one."""
        unit = self.objects.get(obj)
        if (unit is None or receptacle not in self.objects or not unit.receptacle_id
                or unit.receptacle_id in (receptacle, HELD_BY_ROBOT)):
            return False
        del self.objects[receptacle]
        self.folded.add(receptacle)
        return True

    def add_areas(self, areas: Iterable[AreaView]) -> None:
        for a in areas:
            if a.area_id not in self.objects:
                self.places.setdefault(a.area_id, a)
        self._trim()

    def _trim(self) -> None:
        # Oldest entries go first: what memory said most recently is what matters now.
        while len(self.objects) > MAX_IDS:
            self.objects.pop(next(iter(self.objects)))
        while len(self.places) > MAX_IDS:
            self.places.pop(next(iter(self.places)))

    @property
    def object_ids(self) -> list[str]:
        return list(self.objects)

    @property
    def place_ids(self) -> list[str]:
        """Where the base can go: areas, named places and every known object."""
        return list(dict.fromkeys([*self.places, *self.objects]))

    def allowed(self, kind: str) -> list[str] | None:
        """The ids an argument of `kind` may take; None = a free label or a relation."""
        if kind == "object":
            return self.object_ids
        if kind == "place":
            return self.place_ids
        return None

    def usable_skills(self, table: SkillTable) -> list[str]:
        """Skills every required argument of which has at least one allowed value."""
        usable = []
        for name, spec in table.skills.items():
            if all(a.optional or self.allowed(a.kind) != [] for a in spec.args):
                usable.append(name)
        return usable
