"""Build build/bench/recall_instructions.yaml: labelled instructions over real AI2-THOR rooms.

The file holds object names and positions taken from ../shared/data, so it is generated
where it is used (under the git-ignored build/) and never committed.

Protocol (also in bench/README_recall.md):

* Object sets: the 20 iTHOR rooms of the AI2-THOR rearrangement val split
  (`val.json.gz`), 3 episodes per room picked by a seeded RNG; units are the episode's
  pickupable objects at their starting poses plus its openable objects (position parsed
  from the objectId). Real names, types and positions; nothing else comes from the data.
* Seeded generator: each object gets a colour (one of 11 names; the benchmark renders a
  noisy JPEG crop of it so colour goes through the OpenCV path), a state plausible for its
  type, and a receptacle: the nearest openable within 0.5 m ("in"), else the floor below
  0.25 m, else a surface typical of the room ("on").
* Direct instructions name the type ("put the mug in the cabinet"); when the room has
  several of that type, a colour or state word disambiguates ("the blue mug").
* Vague instructions never name the type (nor any word of it): the object is referred to
  by a category (half the time a paraphrase that is not in the category table, e.g.
  "something to drink from" for drinkware), plus colour, state, size or place words added
  greedily until the reference fits exactly one object of the room.
* 20% of instructions need two objects ("put the X and the Y on the table").
* An `irrelevant` split: chit-chat, and requests for types absent from the room; the
  right answer is an empty recall.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from memory_node.core.perception.shared_data import shared_data_dir  # noqa: E402
from memory_node.core.recall.categories import CategoryTable  # noqa: E402
from memory_node.core.recall.lexical import split_label, words  # noqa: E402

DATA = shared_data_dir() / "ai2thor_rearrangement" / "val.json.gz"
OUT = ROOT / "build" / "bench" / "recall_instructions.yaml"
SEED = 20240521
EPISODES_PER_ROOM = 3
DIRECT_PER_SCENE = 4
VAGUE_PER_SCENE = 4
IRRELEVANT_PER_SCENE = 2

COLOURS = ("red", "orange", "yellow", "green", "blue", "purple", "pink", "white", "black",
           "grey", "brown")
STATES = {
    "Egg": ["none", "cooked", "heated"],
    "Bowl": ["none", "dirty", "cleaned", "filled"], "Cup": ["none", "dirty", "cleaned", "filled"],
    "Mug": ["none", "dirty", "cleaned", "filled"], "Pot": ["none", "dirty", "cleaned", "filled"],
    "Plate": ["none", "dirty", "cleaned"], "Pan": ["none", "dirty", "cleaned"],
    "Kettle": ["none", "filled", "heated"], "Laptop": ["opened", "closed", "on", "off"],
    "Box": ["opened", "closed"], "Candle": ["on", "off"], "CellPhone": ["on", "off"],
    "Bottle": ["filled", "used up", "none"], "WineBottle": ["filled", "used up", "none"],
    "SoapBottle": ["filled", "used up"], "SprayBottle": ["filled", "used up"],
    "ToiletPaper": ["none", "used up"], "PaperTowelRoll": ["none", "used up"],
    "TissueBox": ["none", "used up"], "DishSponge": ["dirty", "cleaned"],
    "ScrubBrush": ["dirty", "cleaned"], "WateringCan": ["filled", "none"],
    "Microwave": ["opened", "closed", "on", "off"],
}
OPENABLE_STATES = ["opened", "closed"]
STATE_WORDS = {"cooked": "cooked", "heated": "warm", "dirty": "dirty", "cleaned": "clean",
               "filled": "full", "used up": "empty", "opened": "open", "closed": "closed",
               "on": "switched-on", "off": "switched-off", "sliced": "sliced"}
SURFACES = {
    "kitchen": ["CounterTop", "DiningTable", "Shelf"],
    "living room": ["CoffeeTable", "TVStand", "Sofa", "SideTable"],
    "bedroom": ["Bed", "Desk", "Dresser", "SideTable"],
    "bathroom": ["CounterTop", "Shelf", "Toilet"],
}
INSIDE = {"Cabinet", "Drawer", "Fridge", "Microwave", "Safe"}
# Paraphrases deliberately outside config/object_categories.yaml, so vague recall cannot
# rely on the table's own words alone.
PARAPHRASES = {
    "food": ["thing to eat", "edible item"], "fruit": ["piece of produce"],
    "vegetable": ["piece of produce"], "utensil": ["kitchen tool"],
    "cutlery": ["piece of silverware", "eating implement"], "cookware": ["thing to cook in"],
    "tableware": ["piece of crockery"], "dish": ["piece of crockery"],
    "drinkware": ["thing to drink from"], "container": ["vessel"],
    "electronics": ["gadget", "electronic gizmo"], "device": ["gadget"],
    "cleaning": ["cleaning supply", "thing to clean with"],
    "toiletry": ["bathroom supply", "hygiene product"], "stationery": ["office supply"],
    "writing": ["thing to write with"], "reading": ["thing to read"],
    "paper": ["paper product"], "decoration": ["ornament", "decorative piece"],
    "ornament": ["knick-knack"], "sports": ["sports gear", "athletic gear"],
    "equipment": ["gear"], "toy": ["plaything", "stuffed animal"],
    "seasoning": ["spice shaker"], "condiment": ["spice shaker"], "clock": ["timepiece"],
    "blade": ["sharp thing"], "kitchenware": ["kitchen item"],
    "supplies": ["household supply"], "media": ["music disc"], "tool": ["implement"],
    "bottle": ["flask"], "card": ["plastic card"], "furniture": ["piece of furniture"],
    "storage": ["storage unit"], "appliance": ["machine"], "fixture": ["fitting"],
    "glassware": ["glass vessel"], "light": ["light source"], "fragile": ["breakable item"],
    "phone": ["mobile"], "computer": ["notebook computer"], "bathroom": ["bathroom item"],
    "sponge": ["scrubber"], "brush": ["scrubber"], "box": ["carton"], "bin": ["trash can"],
    "plumbing": ["plumbing fitting"], "door": ["door"], "curtain": ["drape"],
    "window": ["window covering"], "accessory": ["accessory"], "disc": ["disc"],
    "wallet": ["plastic card"], "gardening": ["garden tool"], "kitchen": ["kitchen fixture"],
}
# Category words that are not nouns on their own get a head noun; the category word stays.
LITERAL = {"cleaning": "cleaning item", "supplies": "supplies item", "sports": "sports item",
           "paper": "paper item", "reading": "reading material", "writing": "writing tool",
           "kitchen": "kitchen fixture", "bathroom": "bathroom thing", "fragile": "fragile item",
           "storage": "storage piece", "electronics": "electronics item",
           "equipment": "piece of equipment", "gardening": "gardening tool",
           "plumbing": "plumbing part", "kitchenware": "piece of kitchenware"}
CHITCHAT = [
    "what is the weather like tomorrow", "tell me a joke", "how are you today",
    "what time is it in Tokyo", "sing me a song", "what is the capital of France",
    "remind me to call my mother at five", "how many minutes are in a day",
    "who won the football match yesterday", "play some relaxing music",
    "what is twelve times seven", "good night robot", "translate hello into Spanish",
    "how far away is the moon", "set an alarm for seven tomorrow morning",
    "what's the news today", "recommend a good movie", "spell the word necessary",
    "say something funny", "thank you, that is all for now",
]
ABSENT_TYPES = ["Apple", "Tomato", "Bread", "Potato", "Lettuce", "Television", "Pillow",
                "HousePlant", "Toaster", "CoffeeMachine", "BasketBall", "Dumbbell", "Towel",
                "KeyChain", "Painting", "Boots"]
ABSENT_TEMPLATES = ["put the {t} in the {r}", "bring me the {t}", "where is the {t}",
                    "pick up the {t}"]


def room_area(floorplan: str) -> str:
    n = int(floorplan.removeprefix("FloorPlan"))
    return {0: "kitchen", 2: "living room", 3: "bedroom", 4: "bathroom"}[n // 100]


def build_scene(rng: random.Random, floorplan: str, index: int, episode: dict) -> dict:
    area = room_area(floorplan)
    openables = []
    for o in episode["openable_data"]:
        _, x, y, z = o["objectId"].split("|")[:4]
        openables.append({"id": o["name"], "type": o["name"].split("_")[0],
                          "position": [float(x), float(y), float(z)],
                          "state": rng.choice(OPENABLE_STATES)})
    objects = []
    for p in episode["starting_poses"]:
        pos = [p["position"][a] for a in "xyz"]
        typ = p["name"].split("_")[0]
        near = [o for o in openables if o["type"] in INSIDE
                and abs(o["position"][0] - pos[0]) < 0.5 and abs(o["position"][2] - pos[2]) < 0.5
                and abs(o["position"][1] - pos[1]) < 0.5]
        if near:
            rec = min(near, key=lambda o: sum(
                (a - b) ** 2 for a, b in zip(o["position"], pos, strict=True)))
            receptacle, relation = rec["id"], "in"
        elif pos[1] < 0.25:
            receptacle, relation = f"Floor_{floorplan}", "on"
        else:
            surface = rng.choice(SURFACES[area])
            receptacle, relation = f"{surface}_{floorplan}", "on"
        objects.append({"id": p["name"], "type": typ, "position": [round(v, 3) for v in pos],
                        "state": rng.choice(STATES.get(typ, ["none"])),
                        "colour": rng.choice(COLOURS), "receptacle": receptacle,
                        "relation": relation})
    for o in openables:
        o["colour"] = rng.choice(["white", "brown", "grey"])
        o["position"] = [round(v, 3) for v in o["position"]]
        objects.append({**o, "receptacle": "", "relation": ""})
    return {"scene_id": f"{floorplan}_e{index}", "room": floorplan, "area": area,
            "objects": objects}


def receptacle_type(obj: dict) -> str:
    return obj["receptacle"].split("_")[0] if obj["receptacle"] else ""


def descriptors(obj: dict, table: CategoryTable) -> list[tuple[str, str]]:
    """(kind, value) facts a person could use to refer to `obj` without its type name."""
    facts = [("colour", obj["colour"])]
    if obj["state"] in STATE_WORDS:
        facts.append(("state", obj["state"]))
    size = table.info(obj["type"]).size
    if size:
        facts.append(("size", size))
    if obj["receptacle"]:
        facts.append(("place", f"{obj['relation']}|{receptacle_type(obj)}"))
    return facts


def fits(obj: dict, category: str, facts: list[tuple[str, str]], table: CategoryTable) -> bool:
    if category not in table.categories(obj["type"]):
        return False
    mine = set(descriptors(obj, table))
    return all(f in mine for f in facts)


def vague_reference(rng: random.Random, obj: dict, scene: dict, table: CategoryTable
                    ) -> str | None:
    type_words = set(words(split_label(obj["type"])))
    cats = [c for c in table.categories(obj["type"]) if c not in type_words]
    if not cats:
        return None
    # The most specific category first: the one the fewest objects of the room share.
    counts = {c: sum(c in table.categories(o["type"]) for o in scene["objects"]) for c in cats}
    rng.shuffle(cats)
    cats.sort(key=counts.__getitem__)
    category = cats[0]
    facts: list[tuple[str, str]] = []
    pool = descriptors(obj, table)
    rng.shuffle(pool)
    for fact in [None, *pool]:
        if fact is not None:
            facts.append(fact)
        matching = [o for o in scene["objects"] if fits(o, category, facts, table)]
        if len(matching) == 1:
            break
        if len(facts) >= 3:
            return None
    else:
        return None
    noun = LITERAL.get(category, category)
    if category in PARAPHRASES and rng.random() < 0.5:
        noun = rng.choice(PARAPHRASES[category])
    if set(words(noun)) & type_words:
        return None
    pre = [STATE_WORDS[v] for k, v in facts if k == "state"]
    pre += [v for k, v in facts if k == "size"] + [v for k, v in facts if k == "colour"]
    post = [f"{v.split('|')[0]} the {split_label(v.split('|')[1])}" for k, v in facts
            if k == "place"]
    return " ".join([*pre, noun, *post])


def direct_reference(rng: random.Random, obj: dict, scene: dict) -> str:
    name = split_label(obj["type"])
    same = [o for o in scene["objects"] if o["type"] == obj["type"]]
    if len(same) == 1:
        return name
    if sum(o["colour"] == obj["colour"] for o in same) == 1:
        return f"{obj['colour']} {name}"
    if obj["state"] in STATE_WORDS and sum(o["state"] == obj["state"] for o in same) == 1:
        return f"{STATE_WORDS[obj['state']]} {name}"
    return ""


def destination(rng: random.Random, scene: dict, exclude: set[str]) -> tuple[str, str]:
    """(preposition, receptacle name) of where the objects should go."""
    opens = [o for o in scene["objects"] if o["type"] in INSIDE and o["id"] not in exclude]
    if opens and rng.random() < 0.5:
        return "in", split_label(rng.choice(opens)["type"])
    return "on", split_label(rng.choice(SURFACES[scene["area"]]))


ONE = ["put the {a} {prep} the {dest}", "pick up the {a}", "bring me the {a}", "find the {a}",
       "hand me the {a}", "move the {a} to the {dest}", "can you grab the {a}",
       "take the {a} to the {dest}"]
TWO = ["put the {a} and the {b} {prep} the {dest}", "bring me the {a} and the {b}"]


def make_instruction(rng: random.Random, scene: dict, split: str, table: CategoryTable,
                     used: set[str]) -> dict | None:
    pickable = [o for o in scene["objects"] if o["receptacle"] and o["id"] not in used]
    n = 2 if rng.random() < 0.2 else 1
    if len(pickable) < n:
        return None
    targets = rng.sample(pickable, n)
    refs = []
    for t in targets:
        ref = (direct_reference(rng, t, scene) if split == "direct"
               else vague_reference(rng, t, scene, table))
        if not ref:
            return None
        refs.append(ref)
    prep, dest = destination(rng, scene, {t["id"] for t in targets})
    template = rng.choice(ONE if n == 1 else TWO)
    text = template.format(a=refs[0], b=refs[-1], prep=prep, dest=dest)
    if split == "vague":
        # the type must not leak in through the destination phrase either
        type_words = {w for t in targets for w in words(split_label(t["type"]))}
        if set(words(text)) & type_words:
            return None
    used.update(t["id"] for t in targets)
    return {"split": split, "scene": scene["scene_id"], "text": text,
            "needed": [t["id"] for t in targets], "template": template}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    if not args.data.is_file():
        print(f"skip: AI2-THOR rearrangement data not found at {args.data}")
        return 0
    with gzip.open(args.data, "rt") as fh:
        data = json.load(fh)
    rng = random.Random(SEED)
    table = CategoryTable.load()
    scenes, instructions = [], []
    for floorplan in sorted(data, key=lambda f: int(f.removeprefix("FloorPlan"))):
        for index in sorted(rng.sample(range(len(data[floorplan])), EPISODES_PER_ROOM)):
            scene = build_scene(rng, floorplan, index, data[floorplan][index])
            scenes.append(scene)
            for split, wanted in (("direct", DIRECT_PER_SCENE), ("vague", VAGUE_PER_SCENE)):
                used: set[str] = set()
                made, attempts = 0, 0
                while made < wanted and attempts < 60:
                    attempts += 1
                    item = make_instruction(rng, scene, split, table, used)
                    if item:
                        instructions.append(item)
                        made += 1
            present = {o["type"] for o in scene["objects"]}
            absent = [t for t in ABSENT_TYPES if t not in present]
            for i in range(IRRELEVANT_PER_SCENE):
                if i % 2 == 0:
                    text = rng.choice(CHITCHAT)
                else:
                    text = rng.choice(ABSENT_TEMPLATES).format(
                        t=split_label(rng.choice(absent)),
                        r=split_label(rng.choice(SURFACES[scene["area"]])))
                instructions.append({"split": "irrelevant", "scene": scene["scene_id"],
                                     "text": text, "needed": [], "template": "irrelevant"})
    for i, item in enumerate(instructions):
        item["id"] = f"{item['split'][0]}{i:04d}"
    doc = {"source": "AI2-THOR rearrangement val split (allenai/ai2thor-rearrangement, "
                     "Apache-2.0), starting poses; states/colours/receptacles seeded",
           "generator": "bench/recall_make_instructions.py", "seed": SEED,
           "scenes": scenes, "instructions": instructions}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as fh:
        yaml.safe_dump(doc, fh, sort_keys=False, width=100, default_flow_style=None)
    counts = {s: sum(i["split"] == s for i in instructions)
              for s in ("direct", "vague", "irrelevant")}
    print(f"wrote {args.out}: {len(scenes)} scenes, {counts}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
