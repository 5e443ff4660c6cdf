"""What a memory unit says: colour, size, category, state, place, recency."""

from __future__ import annotations

import gzip
import json

import cv2
import numpy as np
import pytest

from memory_node.core.perception.shared_data import ENV_VAR, shared_data_dir
from memory_node.core.recall.categories import CategoryTable
from memory_node.core.recall.colour import dominant_colour
from memory_node.core.recall.describe import HELD_BY_ROBOT, Describer, parse_extent
from memory_node.core.units import ObjectMemoryUnit

AI2THOR_VAL = shared_data_dir() / "ai2thor_rearrangement" / "val.json.gz"


def jpeg_of(bgr: tuple[int, int, int], size: int = 48, noise: int = 12, seed: int = 0) -> bytes:
    rng = np.random.default_rng(seed)
    image = np.clip(np.array(bgr, np.int16) + rng.integers(-noise, noise + 1, (size, size, 3)),
                    0, 255).astype(np.uint8)
    image[:4, :] = 128  # a grey border, as a loose detector box would include
    ok, buf = cv2.imencode(".jpg", image)
    assert ok
    return buf.tobytes()


@pytest.fixture(scope="module")
def describer() -> Describer:
    return Describer()


@pytest.mark.parametrize(("bgr", "name"), [
    ((30, 30, 210), "red"), ((40, 200, 40), "green"), ((210, 60, 30), "blue"),
    ((30, 220, 230), "yellow"), ((240, 240, 240), "white"), ((20, 20, 20), "black"),
    ((120, 120, 120), "grey"),
])
def test_dominant_colour_of_synthetic_crops(bgr: tuple[int, int, int], name: str) -> None:
    assert dominant_colour(jpeg_of(bgr)) == name


def test_no_or_broken_image_has_no_colour() -> None:
    assert dominant_colour(b"") is None
    assert dominant_colour(b"not a jpeg at all") is None


def test_description_content(describer: Describer) -> None:
    unit = ObjectMemoryUnit(
        "Apple_3f2a", "Apple", (1.0, 0.9, 2.0), state="sliced", area_id="kitchen",
        receptacle_id="Fridge_1", relation="in", image_jpeg=jpeg_of((30, 30, 210)),
        last_seen=1000.0, last_touched_by="robot")
    d = describer.describe(unit, labels={"Fridge_1": "Fridge"}, now=1000.0 + 300)
    assert d.colour == "red" and d.size == "small"
    assert "fruit" in d.categories and "food" in d.categories
    for piece in ("red apple", "fruit", "sliced", "in the fridge", "kitchen"):
        assert piece in d.content
    assert d.text.startswith("Apple_3f2a: ")
    assert "5 min ago" in d.text and "last touched by robot" in d.text
    assert "min ago" not in d.content  # content is embedded: no clock-relative words


def test_content_does_not_change_with_time(describer: Describer) -> None:
    unit = ObjectMemoryUnit("Mug_1", "Mug", (0, 0, 0), last_seen=0.0)
    assert describer.describe(unit, now=10).content == describer.describe(unit, now=1e6).content
    assert describer.describe(unit, now=10).text != describer.describe(unit, now=1e6).text


def test_extent_attribute_overrides_the_type_size(describer: Describer) -> None:
    big_mug = ObjectMemoryUnit("Mug_1", "Mug", (0, 0, 0), attributes={"extent": "0.2,0.7,0.3"})
    assert describer.describe(big_mug).size == "large"
    assert describer.describe(ObjectMemoryUnit("Mug_2", "Mug", (0, 0, 0))).size == "small"
    assert parse_extent("0.1 0.2 0.05") == pytest.approx(0.2)
    assert parse_extent("wide") is None


def test_colour_attribute_wins_over_crop(describer: Describer) -> None:
    unit = ObjectMemoryUnit("Cup_1", "Cup", (0, 0, 0), attributes={"colour": "Blue"},
                            image_jpeg=jpeg_of((30, 30, 210)))
    assert describer.describe(unit).colour == "blue"


def test_held_and_absent_objects(describer: Describer) -> None:
    held = ObjectMemoryUnit("Knife_1", "Knife", (0, 0, 0), receptacle_id=HELD_BY_ROBOT)
    assert "held by the robot" in describer.describe(held).content
    gone = ObjectMemoryUnit("Egg_1", "Egg", (0, 0, 0), state="absent", confidence=0.3)
    d = describer.describe(gone)
    assert "absent" in d.content and "confidence 0.3" in d.text


def test_unknown_type_still_described(describer: Describer) -> None:
    d = describer.describe(ObjectMemoryUnit("gizmo_1", "FluxCapacitor", (0, 0, 0)))
    assert d.type_name == "flux capacitor" and d.categories == ()


def test_table_rejects_bad_size() -> None:
    with pytest.raises(ValueError, match="size"):
        CategoryTable.from_dict({"types": {"Apple": {"size": "huge"}}})


def test_category_table_covers_every_ai2thor_val_type() -> None:
    if not AI2THOR_VAL.is_file():
        pytest.skip(f"AI2-THOR rearrangement data not found at {AI2THOR_VAL} (set {ENV_VAR})")
    with gzip.open(AI2THOR_VAL, "rt") as fh:
        data = json.load(fh)
    types = set()
    for episodes in data.values():
        for ep in episodes:
            types.update(p["name"].split("_")[0] for p in ep["starting_poses"])
            types.update(o["name"].split("_")[0] for o in ep["openable_data"])
    table = CategoryTable.load()
    missing = sorted(t for t in types if not table.categories(t) or not table.info(t).size)
    assert not missing, f"types without category or size: {missing}"
