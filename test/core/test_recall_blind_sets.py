"""The blind recall sets written as 40 instructions over the val rooms (blind14, round 21;
blind15, round 22; blind16, round 23; blind17, round 24; blind18, round 25; blind19, round 26;
blind20, round 27; blind21, round 28; blind22, round 29; blind23, round 30; blind24, round
31; blind25, round 32; blind26, round 33; blind27, round 34; blind28, round 35;
blind29, round 36; blind30, round 37; blind31, round 38; blind32, round 39; blind33, round 40;
blind34, round 41; blind35, round 42; blind36, round 43; blind37, round 44;
blind38, round 45; blind39, round 46; blind40, round 47;
blind41, round 48; blind42, round 49; blind43, round 50;
blind44, round 51;
blind45, round 52;
blind46, round 53;
blind47, round 54;
blind48, round 55;
blind49, round 56;
blind50, round 57;
blind51, round 58;
blind52, round 59;
blind53, round 60;
blind54, round 61;
blind55, round 62;
blind56, round 63;
blind57, round 64;
blind58, round 65;
blind59, round 66;
blind60, round 67;
blind61, round 68;
blind62, round 69;
blind63, round 70;
blind64, round 71;
blind65, round 72;
blind66, round 73;
blind67, round 74;
blind68, round 75;
blind69, round 76;
blind70, round 77;
blind71, round 78;
blind72, round 79;
blind73, round 80;
blind74, round 81;
bench/recall_blindN_instructions.yaml) as data only: each loads the way
bench/recall_human.py loads it, holds 40 multi-step instructions, two per room of the
AI2-THOR rearrangement val split, each step a span of its instruction, and every object a
step needs is in that room's memory as the bench builds it.
No recall runs on them here (they are held out)."""

from __future__ import annotations

import collections
import gzip
import json
import re
from pathlib import Path
from types import ModuleType

import pytest
import yaml
from bench_scripts import load_bench

from memory_node.core.perception.shared_data import shared_data_dir

ROOT = Path(__file__).resolve().parents[2]
SETS = ("blind14", "blind15", "blind16", "blind17", "blind18", "blind19", "blind20",
        "blind21", "blind22", "blind23", "blind24", "blind25", "blind26", "blind27",
        "blind28", "blind29", "blind30", "blind31", "blind32", "blind33",
        "blind34", "blind35", "blind36", "blind37", "blind38", "blind39", "blind40",
        "blind41", "blind42", "blind43", "blind44", "blind45", "blind46",
        "blind47", "blind48", "blind49", "blind50", "blind51", "blind52", "blind53",
        "blind54", "blind55", "blind56", "blind57", "blind58", "blind59",
        "blind60", "blind61", "blind62", "blind63", "blind64", "blind65",
        "blind66", "blind67", "blind68", "blind69",
        "blind70", "blind71", "blind72", "blind73", "blind74")


def _bench() -> ModuleType:
    return load_bench("recall_human", "recall_human_blind_sets")


def _items(name: str) -> list[dict]:
    path = ROOT / "bench" / f"recall_{name}_instructions.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8"))["instructions"]


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@pytest.mark.parametrize("name", SETS)
def test_forty_multi_step_instructions_two_per_val_room(name: str) -> None:
    items = _items(name)
    assert len(items) == 40
    assert len({i["id"] for i in items}) == 40
    assert {i["split"] for i in items} == {name}
    per_room = collections.Counter(i["room"] for i in items)
    assert len(per_room) == 20 and set(per_room.values()) == {2}
    for item in items:
        assert len(item["steps"]) >= 3, item["id"]
        for step in item["steps"]:
            assert _flat(step["text"]) in _flat(item["text"]), (item["id"], step["text"])
            assert step["needs"], (item["id"], step["text"])


@pytest.mark.parametrize("name", SETS)
def test_every_needed_object_is_in_its_rooms_memory(name: str) -> None:
    data = shared_data_dir() / "ai2thor_rearrangement" / "val.json.gz"
    if not data.is_file():
        pytest.skip(f"{data} absent (../shared/data)")
    with gzip.open(data, "rt", encoding="utf-8") as fh:
        rooms = json.load(fh)
    bench = _bench()
    items = _items(name)
    assert {i["room"] for i in items} == set(rooms)
    for item in items:
        held = {u.label for u in bench.room_units(item["room"], rooms[item["room"]][0])}
        for step in item["steps"]:
            for need in step["needs"]:
                # every alternative of "A|B" is there too: no need names a missing type
                missing = [a for a in need.split("|") if a not in held]
                assert not missing, (item["id"], step["text"], missing)
