"""Object types of the household: what each AI2-THOR type can do and how it is drawn.

What an object *can* do (pick up, receive which objects, open, slice, heat, cool, clean) is
ALFRED's own data, read from `alfworld.gen.constants` (MIT, installed from PyPI): the world
accepts exactly the object/receptacle pairs ALFRED's task generator accepts. What ALFRED
does not list (which appliances switch on, what fills, the body of each type) is the table
below. Every type is drawn as a primitive (box, cylinder, sphere, ellipsoid) of the type's
size and colour; a type missing from the table gets a grey 0.15 m box and is counted.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from alfworld.gen import constants as alfred

# type: (shape, full size x y z in metres, rgba)
_BODY: dict[str, tuple[str, tuple[float, float, float], tuple[float, float, float, float]]] = {
    # furniture and appliances (static)
    "CounterTop": ("box", (1.6, 0.6, 0.9), (0.75, 0.72, 0.68, 1)),
    "DiningTable": ("box", (1.4, 0.9, 0.75), (0.55, 0.35, 0.2, 1)),
    "CoffeeTable": ("box", (1.0, 0.6, 0.45), (0.45, 0.3, 0.18, 1)),
    "SideTable": ("box", (0.5, 0.5, 0.6), (0.5, 0.33, 0.2, 1)),
    "Desk": ("box", (1.2, 0.6, 0.75), (0.6, 0.45, 0.3, 1)),
    "Dresser": ("box", (1.0, 0.5, 0.9), (0.5, 0.38, 0.28, 1)),
    "TVStand": ("box", (1.2, 0.45, 0.5), (0.25, 0.25, 0.28, 1)),
    "Shelf": ("box", (0.9, 0.35, 1.1), (0.62, 0.5, 0.36, 1)),
    "Sofa": ("box", (2.0, 0.9, 0.45), (0.3, 0.35, 0.55, 1)),
    "ArmChair": ("box", (0.9, 0.9, 0.45), (0.35, 0.45, 0.3, 1)),
    "Ottoman": ("box", (0.6, 0.6, 0.4), (0.5, 0.3, 0.3, 1)),
    "Bed": ("box", (2.0, 1.6, 0.55), (0.85, 0.85, 0.9, 1)),
    "Chair": ("box", (0.45, 0.45, 0.9), (0.4, 0.28, 0.15, 1)),
    "Footstool": ("box", (0.4, 0.4, 0.35), (0.4, 0.28, 0.15, 1)),
    "Fridge": ("box", (0.8, 0.75, 1.8), (0.92, 0.92, 0.95, 1)),
    "Cabinet": ("box", (0.6, 0.55, 0.8), (0.7, 0.55, 0.35, 1)),
    "Drawer": ("box", (0.5, 0.5, 0.3), (0.66, 0.5, 0.32, 1)),
    "Safe": ("box", (0.45, 0.45, 0.45), (0.3, 0.3, 0.32, 1)),
    "Microwave": ("box", (0.5, 0.4, 0.3), (0.2, 0.2, 0.22, 1)),
    "Toaster": ("box", (0.3, 0.2, 0.2), (0.75, 0.75, 0.78, 1)),
    "CoffeeMachine": ("box", (0.3, 0.3, 0.4), (0.15, 0.15, 0.15, 1)),
    "StoveBurner": ("cylinder", (0.25, 0.25, 0.03), (0.1, 0.1, 0.1, 1)),
    "StoveKnob": ("cylinder", (0.05, 0.05, 0.04), (0.8, 0.8, 0.8, 1)),
    "Sink": ("box", (0.9, 0.6, 0.9), (0.8, 0.8, 0.82, 1)),
    "SinkBasin": ("box", (0.5, 0.4, 0.15), (0.6, 0.65, 0.7, 1)),
    "Faucet": ("cylinder", (0.05, 0.05, 0.3), (0.7, 0.7, 0.75, 1)),
    "Bathtub": ("box", (1.7, 0.8, 0.55), (0.95, 0.95, 0.97, 1)),
    "BathtubBasin": ("box", (1.4, 0.6, 0.1), (0.85, 0.9, 0.95, 1)),
    "Toilet": ("box", (0.45, 0.7, 0.45), (0.97, 0.97, 0.97, 1)),
    "GarbageCan": ("cylinder", (0.35, 0.35, 0.5), (0.3, 0.5, 0.3, 1)),
    "LaundryHamper": ("cylinder", (0.45, 0.45, 0.6), (0.75, 0.65, 0.45, 1)),
    "TowelHolder": ("box", (0.5, 0.08, 0.05), (0.7, 0.7, 0.7, 1)),
    "HandTowelHolder": ("box", (0.3, 0.08, 0.05), (0.7, 0.7, 0.7, 1)),
    "ToiletPaperHanger": ("box", (0.15, 0.08, 0.05), (0.7, 0.7, 0.7, 1)),
    "Cart": ("box", (0.6, 0.4, 0.8), (0.5, 0.5, 0.55, 1)),
    "Television": ("box", (1.0, 0.08, 0.6), (0.05, 0.05, 0.05, 1)),
    "FloorLamp": ("cylinder", (0.3, 0.3, 1.6), (0.9, 0.85, 0.6, 1)),
    "DeskLamp": ("cylinder", (0.15, 0.15, 0.4), (0.9, 0.85, 0.6, 1)),
    "LightSwitch": ("box", (0.08, 0.03, 0.12), (0.95, 0.95, 0.95, 1)),
    "HousePlant": ("cylinder", (0.35, 0.35, 0.8), (0.2, 0.55, 0.2, 1)),
    "Window": ("box", (1.0, 0.05, 1.0), (0.6, 0.8, 0.95, 1)),
    "Painting": ("box", (0.8, 0.04, 0.6), (0.7, 0.3, 0.3, 1)),
    "Poster": ("box", (0.6, 0.02, 0.8), (0.3, 0.5, 0.7, 1)),
    "Mirror": ("box", (0.6, 0.03, 0.8), (0.8, 0.85, 0.9, 1)),
    "Blinds": ("box", (1.0, 0.05, 1.0), (0.85, 0.8, 0.7, 1)),
    "Curtains": ("box", (1.2, 0.05, 1.8), (0.6, 0.2, 0.25, 1)),
    "ShowerDoor": ("box", (0.9, 0.04, 1.8), (0.75, 0.85, 0.9, 1)),
    "ShowerGlass": ("box", (0.9, 0.04, 1.8), (0.75, 0.85, 0.9, 1)),
    "ShowerCurtain": ("box", (1.0, 0.04, 1.8), (0.9, 0.9, 0.6, 1)),
    "ShowerHead": ("cylinder", (0.12, 0.12, 0.05), (0.7, 0.7, 0.7, 1)),
    # small objects
    "Apple": ("sphere", (0.08, 0.08, 0.08), (0.8, 0.05, 0.05, 1)),
    "Tomato": ("sphere", (0.07, 0.07, 0.07), (0.95, 0.2, 0.1, 1)),
    "Potato": ("ellipsoid", (0.1, 0.07, 0.06), (0.65, 0.5, 0.3, 1)),
    "Lettuce": ("sphere", (0.15, 0.15, 0.15), (0.4, 0.8, 0.3, 1)),
    "Egg": ("ellipsoid", (0.045, 0.045, 0.06), (0.98, 0.95, 0.85, 1)),
    "Bread": ("box", (0.25, 0.12, 0.1), (0.85, 0.65, 0.35, 1)),
    "Knife": ("box", (0.3, 0.03, 0.02), (0.75, 0.75, 0.8, 1)),
    "ButterKnife": ("box", (0.2, 0.025, 0.015), (0.8, 0.8, 0.85, 1)),
    "Fork": ("box", (0.2, 0.03, 0.015), (0.8, 0.8, 0.85, 1)),
    "Spoon": ("box", (0.2, 0.035, 0.015), (0.8, 0.8, 0.85, 1)),
    "Spatula": ("box", (0.3, 0.07, 0.02), (0.2, 0.2, 0.2, 1)),
    "Ladle": ("box", (0.3, 0.08, 0.04), (0.3, 0.3, 0.3, 1)),
    "Plate": ("cylinder", (0.24, 0.24, 0.02), (0.95, 0.95, 0.92, 1)),
    "Bowl": ("cylinder", (0.16, 0.16, 0.07), (0.3, 0.55, 0.85, 1)),
    "Mug": ("cylinder", (0.09, 0.09, 0.1), (0.9, 0.85, 0.3, 1)),
    "Cup": ("cylinder", (0.07, 0.07, 0.11), (0.55, 0.8, 0.9, 1)),
    "Pan": ("cylinder", (0.28, 0.28, 0.05), (0.15, 0.15, 0.15, 1)),
    "Pot": ("cylinder", (0.24, 0.24, 0.15), (0.45, 0.45, 0.5, 1)),
    "Kettle": ("cylinder", (0.18, 0.18, 0.2), (0.7, 0.2, 0.2, 1)),
    "DishSponge": ("box", (0.1, 0.07, 0.03), (0.95, 0.85, 0.2, 1)),
    "SoapBottle": ("cylinder", (0.07, 0.07, 0.18), (0.3, 0.75, 0.6, 1)),
    "SoapBar": ("box", (0.09, 0.06, 0.03), (0.95, 0.75, 0.8, 1)),
    "PaperTowelRoll": ("cylinder", (0.12, 0.12, 0.25), (0.98, 0.98, 0.98, 1)),
    "PaperTowel": ("box", (0.2, 0.2, 0.01), (0.98, 0.98, 0.98, 1)),
    "SaltShaker": ("cylinder", (0.04, 0.04, 0.09), (0.95, 0.95, 0.95, 1)),
    "PepperShaker": ("cylinder", (0.04, 0.04, 0.09), (0.2, 0.2, 0.2, 1)),
    "WineBottle": ("cylinder", (0.08, 0.08, 0.3), (0.35, 0.05, 0.1, 1)),
    "Glassbottle": ("cylinder", (0.07, 0.07, 0.25), (0.4, 0.7, 0.45, 1)),
    "Book": ("box", (0.22, 0.15, 0.04), (0.2, 0.3, 0.65, 1)),
    "Newspaper": ("box", (0.3, 0.22, 0.02), (0.85, 0.85, 0.8, 1)),
    "CellPhone": ("box", (0.15, 0.07, 0.01), (0.1, 0.1, 0.12, 1)),
    "CreditCard": ("box", (0.09, 0.055, 0.005), (0.2, 0.5, 0.3, 1)),
    "KeyChain": ("box", (0.07, 0.03, 0.01), (0.8, 0.7, 0.2, 1)),
    "RemoteControl": ("box", (0.18, 0.05, 0.025), (0.12, 0.12, 0.12, 1)),
    "Laptop": ("box", (0.35, 0.25, 0.025), (0.55, 0.55, 0.6, 1)),
    "Pillow": ("box", (0.5, 0.35, 0.12), (0.9, 0.9, 0.75, 1)),
    "Statue": ("cylinder", (0.1, 0.1, 0.25), (0.6, 0.55, 0.5, 1)),
    "Vase": ("cylinder", (0.12, 0.12, 0.25), (0.2, 0.4, 0.6, 1)),
    "Watch": ("box", (0.05, 0.05, 0.015), (0.75, 0.65, 0.3, 1)),
    "Box": ("box", (0.35, 0.3, 0.25), (0.7, 0.55, 0.35, 1)),
    "CD": ("cylinder", (0.12, 0.12, 0.005), (0.85, 0.85, 0.95, 1)),
    "AlarmClock": ("box", (0.12, 0.06, 0.1), (0.8, 0.3, 0.3, 1)),
    "Candle": ("cylinder", (0.06, 0.06, 0.12), (0.95, 0.92, 0.8, 1)),
    "Pen": ("box", (0.14, 0.012, 0.012), (0.1, 0.2, 0.7, 1)),
    "Pencil": ("box", (0.17, 0.01, 0.01), (0.95, 0.75, 0.1, 1)),
    "TeddyBear": ("ellipsoid", (0.25, 0.2, 0.3), (0.6, 0.4, 0.2, 1)),
    "BaseballBat": ("box", (0.8, 0.06, 0.06), (0.7, 0.55, 0.35, 1)),
    "BasketBall": ("sphere", (0.24, 0.24, 0.24), (0.9, 0.45, 0.1, 1)),
    "TennisRacket": ("box", (0.65, 0.27, 0.03), (0.2, 0.6, 0.3, 1)),
    "TissueBox": ("box", (0.24, 0.12, 0.1), (0.6, 0.75, 0.9, 1)),
    "Cloth": ("box", (0.3, 0.3, 0.02), (0.6, 0.2, 0.5, 1)),
    "Towel": ("box", (0.5, 0.05, 0.6), (0.3, 0.6, 0.8, 1)),
    "HandTowel": ("box", (0.3, 0.05, 0.4), (0.8, 0.6, 0.3, 1)),
    "ToiletPaper": ("cylinder", (0.11, 0.11, 0.1), (0.98, 0.98, 0.98, 1)),
    "SprayBottle": ("cylinder", (0.08, 0.08, 0.22), (0.3, 0.4, 0.9, 1)),
    "Plunger": ("cylinder", (0.12, 0.12, 0.5), (0.5, 0.1, 0.1, 1)),
    "ScrubBrush": ("box", (0.2, 0.08, 0.06), (0.2, 0.6, 0.6, 1)),
    "WateringCan": ("cylinder", (0.18, 0.18, 0.22), (0.3, 0.6, 0.35, 1)),
    "Boots": ("box", (0.3, 0.25, 0.3), (0.3, 0.2, 0.1, 1)),
}
_DEFAULT_BODY = ("box", (0.15, 0.15, 0.15), (0.6, 0.6, 0.6, 1))

# What ALFRED's constants do not list: appliances that switch on, things that fill.
TOGGLEABLE = frozenset({"Microwave", "StoveBurner", "StoveKnob", "Toaster", "CoffeeMachine",
                        "Faucet", "DeskLamp", "FloorLamp", "LightSwitch", "Television",
                        "Laptop", "ShowerHead"})
FILLABLE = frozenset({"Bowl", "Cup", "Mug", "Pot", "Kettle", "WineBottle", "Glassbottle",
                      "WateringCan", "Vase"})
# Types that get dirty in use (AI2-THOR's "dirtyable").
DIRTYABLE = frozenset({"Bowl", "Cloth", "Cup", "Mug", "Pan", "Plate", "Pot"})
# Food a stove or toaster cooks (AI2-THOR's "cookable").
COOKABLE = frozenset({"Bread", "Egg", "Potato", "Tomato", "Apple", "Lettuce"})
# Receptacles an object goes *in* (the rest hold things *on* them). Pan with Pot: a pan
# holds food in it as a pot does (ALFRED lists the same contents for both), and the
# robot's config says "in" for both (round 52).
CONTAINERS = frozenset({"Fridge", "Cabinet", "Drawer", "Safe", "Box", "Microwave",
                        "GarbageCan", "SinkBasin", "BathtubBasin", "LaundryHamper", "Pot",
                        "Pan", "Bowl", "Cup", "Mug", "Toaster", "CoffeeMachine"})
# Fixtures that belong on a counter top rather than on the floor.
ON_COUNTER = frozenset({"Microwave", "Toaster", "CoffeeMachine", "StoveBurner", "StoveKnob",
                        "SinkBasin", "Faucet"})
# Wall-mounted or decorative types: not obstacles for the base, placed on the wall.
DECOR = frozenset({"Window", "Painting", "Poster", "Mirror", "Blinds", "Curtains",
                   "LightSwitch", "ShowerDoor", "ShowerGlass", "ShowerCurtain", "ShowerHead",
                   "TowelHolder", "HandTowelHolder", "ToiletPaperHanger", "LaundryHamperLid"})
# Of those, the camera's detector sees the wall-mounted receptacles: ALFWorld's detector
# covers ALFRED's static receptacles as well as its objects. Left undetected, "hang the
# towel on its holder" could never be done (no memory and no search ever finds the holder).
UNDETECTED = DECOR - frozenset(alfred.STATIC_RECEPTACLES)
# Classes a detector confuses (the detection error model swaps within a group).
SIMILAR = (("Mug", "Cup"), ("Bowl", "Plate"), ("Knife", "ButterKnife"), ("Fork", "Spoon"),
           ("Tomato", "Apple"), ("Pen", "Pencil"), ("SaltShaker", "PepperShaker"),
           ("WineBottle", "Glassbottle"), ("SideTable", "Dresser"), ("Pan", "Pot"),
           ("Towel", "HandTowel"), ("Sofa", "ArmChair"), ("CounterTop", "DiningTable"))


@dataclass(frozen=True)
class ObjectType:
    name: str
    shape: str
    size: tuple[float, float, float]
    rgba: tuple[float, float, float, float]
    pickupable: bool
    receptacle: bool
    openable: bool
    toggleable: bool
    sliceable: bool
    cleanable: bool
    heatable: bool
    coolable: bool
    fillable: bool
    dirtyable: bool
    cookable: bool
    decor: bool
    detectable: bool        # the camera's detector reports it (see UNDETECTED)
    has_body: bool          # False: drawn with the default box

    @property
    def relation(self) -> str:
        """How objects go into this receptacle by default."""
        return "in" if self.name in CONTAINERS else "on"

    @property
    def static(self) -> bool:
        return not self.pickupable


def _pickupable() -> frozenset[str]:
    receptacles = set(alfred.VAL_RECEPTACLE_OBJECTS)
    movable = set(alfred.MOVABLE_RECEPTACLES)
    contained = set().union(*alfred.VAL_RECEPTACLE_OBJECTS.values())
    # What ALFRED lets one put somewhere is what a hand can carry, plus the movable
    # receptacles; furniture that receives objects is never carried.
    return frozenset((contained | movable) - (receptacles - movable))


@lru_cache(maxsize=512)
def object_type(name: str) -> ObjectType:
    shape, size, rgba = _BODY.get(name, _DEFAULT_BODY)
    actions = alfred.VAL_ACTION_OBJECTS
    return ObjectType(
        name=name, shape=shape, size=size, rgba=rgba,
        pickupable=name in _pickupable() and name not in DECOR,
        receptacle=name in alfred.VAL_RECEPTACLE_OBJECTS,
        openable=name in alfred.OPENABLE_CLASS_SET,
        toggleable=name in TOGGLEABLE or name in actions["Toggleable"],
        sliceable=name in actions["Sliceable"],
        cleanable=name in actions["Cleanable"],
        heatable=name in actions["Heatable"],
        coolable=name in actions["Coolable"],
        fillable=name in FILLABLE,
        dirtyable=name in DIRTYABLE,
        cookable=name in COOKABLE,
        decor=name in DECOR,
        detectable=name not in UNDETECTED,
        has_body=name in _BODY,
    )


def accepts(receptacle: str, obj: str) -> bool:
    """ALFRED's rule: may an object of type `obj` go in/on a `receptacle`?"""
    return obj in alfred.VAL_RECEPTACLE_OBJECTS.get(receptacle, ())


def accepts_labels(receptacle: str, obj: str) -> bool:
    """`accepts` on memory's labels (any spelling of a type; unknown labels: no)."""
    r, o = canonical_type(receptacle), canonical_type(obj)
    return r is not None and o is not None and accepts(r, o)


def known_types() -> tuple[str, ...]:
    return tuple(sorted(set(alfred.OBJECTS) | set(_BODY)))


def similar_types(name: str) -> tuple[str, ...]:
    """Types a detector may confuse `name` with (not including itself)."""
    out: list[str] = []
    for group in SIMILAR:
        if name in group:
            out.extend(t for t in group if t != name)
    return tuple(out)


def canonical_type(label: str) -> str | None:
    """The type a label names (case and separators ignored), or None."""
    key = "".join(ch for ch in label.lower() if ch.isalnum())
    return _LOWER.get(key)


_LOWER = {t.lower(): t for t in known_types()}
