"""Round 52: a unit's clock-free description is made once per unit version (its fields and
the receptacle's and area's names), and every change of one is described afresh."""

from __future__ import annotations

import dataclasses

from memory_node.core.recall.describe import Describer
from memory_node.core.units import STATE_CONFIRMED, ObjectMemoryUnit
from test_recall_describe import jpeg_of

NOW = 1_000_000.0


def unit() -> ObjectMemoryUnit:
    return ObjectMemoryUnit("Mug_1", "Mug", (1.0, 0.9, 2.0), state="dirty", area_id="kitchen",
                            receptacle_id="Cabinet_2", relation="in",
                            image_jpeg=jpeg_of((30, 30, 210)), last_seen=NOW - 400.0,
                            attributes={"material": "ceramic"})


def test_every_change_is_described_as_a_fresh_describer_does() -> None:
    kept = Describer()
    u = unit()
    labels = {"Cabinet_2": "Cabinet"}
    areas: dict[str, str] = {}
    now = NOW

    def set_attr(key: str, value: str) -> None:
        u.attributes = {**u.attributes, key: value}

    # Each step changes something the text shows (checked below), in place as well as by
    # a new object: a memo keyed by the object alone would answer the old text.
    steps = [
        lambda: None,
        lambda: setattr(u, "state", "cleaned"),
        lambda: set_attr("material", "glass"),
        lambda: setattr(u, "image_jpeg", jpeg_of((30, 220, 230))),
        lambda: set_attr("colour", "green"),                  # given: over the crop's
        lambda: labels.__setitem__("Cabinet_2", "Drawer"),     # the receptacle relabelled
        lambda: setattr(u, "receptacle_id", "Shelf_9"),
        lambda: setattr(u, "relation", "on"),
        lambda: areas.__setitem__("kitchen", "Big_Kitchen"),  # the area renamed
        lambda: setattr(u, "area_id", "bedroom"),
        lambda: setattr(u, "label", "Cup"),
        lambda: set_attr(STATE_CONFIRMED, "false"),           # the tail only
        lambda: setattr(u, "confidence", 0.3),
        lambda: setattr(u, "last_touched_by", "robot"),
    ]
    before = None
    for step in steps:
        step()
        for later in (0.0, 7200.0):  # the age moves; the content is served again
            got = kept.describe(u, labels=labels, area_names=areas, now=now + later)
            fresh = Describer().describe(u, labels=labels, area_names=areas, now=now + later)
            assert got == fresh
        assert got != before
        before = got
    # Each version's content was made once: served for the later clock, and for the two
    # changes of the tail alone.
    assert kept.content_hits == len(steps) + 2  # the later clock each time; confidence, toucher


def test_the_same_unit_as_a_new_object_is_served() -> None:
    kept = Describer()
    first = kept.describe(unit(), labels={"Cabinet_2": "Cabinet"}, now=NOW)
    again = kept.describe(dataclasses.replace(unit()), labels={"Cabinet_2": "Cabinet"},
                          now=NOW + 60)
    assert kept.content_hits == 1 and again.content == first.content
    assert again.text == first.text.replace("seen 7 min ago", "seen 8 min ago")
