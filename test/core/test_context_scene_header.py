"""The context block names its scene-graph section once: the serialiser's own first line
("Scene graph: N areas, M objects; ...") is the header, and a text without one gets ours."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from memory_node.core.memory import Memory
from memory_node.core.memory_settings import MemorySettings, ShortTermSettings
from memory_node.core.perception.camera import CameraIntrinsics, Pose
from memory_node.core.perception.frustum import CameraView
from memory_node.core.perception.observation import Observation
from memory_node.core.recall.context import SCENE_HEADER, assemble_context
from memory_node.core.tokens import count_tokens

LOOK_X = Pose.make((0.0, 0.0, 1.0), (-0.5, 0.5, -0.5, 0.5))
K = CameraIntrinsics(300.0, 300.0, 160.0, 120.0, 320, 240)
UNITS = [("Mug_1", "Mug_1: small red mug (kitchenware), in the kitchen; seen 3 s ago")]


@pytest.fixture()
def memory(tmp_path: Path):
    m = Memory(MemorySettings(memory_dir=str(tmp_path), durability="normal",
                              short_term=ShortTermSettings(capacity=50)))
    yield m
    m.close()


def test_the_serialisers_header_is_the_sections_only_header(memory: Memory) -> None:
    lt = memory.long_term
    lt.apply([Observation.at("Mug", (2.0, 0.0, 0.9), 1.0)],
             CameraView(1.0, LOOK_X, K, 0.3, 6.0), 1.0)
    answer = memory.recall.recall("bring me the mug", 3, 400)
    lines = answer.context.splitlines()
    headers = [ln for ln in lines if ln.startswith(SCENE_HEADER)]
    assert headers == [lines[len(lines) - len(answer.long_term_text.splitlines())]]
    assert headers[0].startswith(f"{SCENE_HEADER} 1 areas, 1 objects;")
    # The long-term text is the block's scene-graph section, header included.
    assert answer.context.endswith("\n" + answer.long_term_text)
    assert answer.long_term_text.startswith(headers[0]) and "Mug" in answer.long_term_text
    assert answer.context_tokens == count_tokens(answer.context)


def test_a_headed_text_gets_the_whole_remaining_budget_and_no_second_header() -> None:
    seen: list[int] = []

    def render(labels: Sequence[str], areas: Sequence[str], budget: int) -> str:
        seen.append(budget)
        return f"{SCENE_HEADER} 1 areas, 1 objects\nkitchen: Mug_1"

    block = assemble_context(UNITS, 200, scene_graph=render)
    used = sum(count_tokens(t) for t in ("Remembered objects (id: description; recency):",
                                         UNITS[0][1]))
    assert seen == [200 - used]
    assert block.text.count(SCENE_HEADER) == 1 and block.scene_graph_included
    assert block.scene_text == f"{SCENE_HEADER} 1 areas, 1 objects\nkitchen: Mug_1"
    assert block.token_count == count_tokens(block.text)


# Budget -> the scene text's lines that fit: the unit block takes 31 tokens, our header 3,
# the lines 9, 6 and 5 (43: the header and the first line exactly).
@pytest.mark.parametrize(("budget", "shown"), [(36, 0), (42, 0), (43, 1), (50, 2), (54, 3),
                                               (200, 3)])
def test_another_text_gets_ours_in_the_same_budget(budget: int, shown: int) -> None:
    scene = "kitchen: Mug_1, Fridge_2\nliving room: Sofa_3\nbathroom: Towel_4"
    block = assemble_context(UNITS, budget, scene_graph=scene, unit_share=0.9)
    lines = block.text.splitlines()
    assert block.unit_ids == ("Mug_1",)
    assert block.token_count == count_tokens(block.text) <= budget
    assert len(block.scene_text.splitlines()) == shown
    if shown:
        # Ours, then the text's first lines; the long-term text is the text's alone.
        at = lines.index(SCENE_HEADER)
        assert "\n".join(lines[at + 1:]) == block.scene_text and block.scene_graph_included
        assert scene.startswith(block.scene_text) and block.truncated == (shown < 3)
    else:
        assert SCENE_HEADER not in lines and not block.scene_graph_included and block.truncated
