"""Real data end to end: TUM RGB-D cabinet (perception + scene graph) and AI2-THOR
rearrangement (association + change detection). Skipped when the data is absent."""

from __future__ import annotations

import pytest

from memory_node.core.perception.shared_data import shared_data_dir
from memory_node.core.perception.tum import TumSequence
from memory_node.core.scene_graph.ai2thor import load_episodes, run_episode
from memory_node.core.scene_graph.events import EventKind
from memory_node.core.scene_graph.replay import replay_tum

TUM = shared_data_dir() / "tum_fr3_cabinet"
THOR = shared_data_dir() / "ai2thor_rearrangement" / "val.json.gz"


@pytest.mark.skipif(not TUM.is_dir(), reason=f"TUM cabinet data not found at {TUM} "
                    "(set MEMORY_NODE_SHARED_DATA)")
def test_tum_cabinet_becomes_one_stable_object():
    result = replay_tum(TumSequence(TUM, label_names={"28": "cabinet"}))
    objects = result.graph.nodes("object")
    assert len(objects) == 1, [result.graph.node(o) for o in objects]
    (cabinet,) = objects
    assert result.graph.node(cabinet)["label"] == "cabinet"
    assert result.graph.node(cabinet)["observation_count"] == 51
    assert [e.kind for e in result.events] == [EventKind.NEW]
    spread = result.spread_cm(cabinet)
    assert spread["max"] < 10.0 and spread["median"] < 4.0, spread


@pytest.mark.skipif(not THOR.is_file(), reason=f"AI2-THOR rearrangement data not found at "
                    f"{THOR} (set MEMORY_NODE_SHARED_DATA)")
def test_ai2thor_moved_detection_on_a_handful_of_episodes():
    episodes = load_episodes(THOR)
    assert len(episodes) == 1000
    tp = fp = fn = 0
    for i, episode in enumerate(episodes[::50]):  # every room, two episodes each
        r = run_episode(episode, seed=i)
        tp, fp, fn = tp + r.true_positives, fp + r.false_positives, fn + r.false_negatives
    assert tp >= 15  # 20 episodes hold 19 objects moved by more than the gate
    assert tp / (tp + fp) >= 0.9 and tp / (tp + fn) >= 0.9, (tp, fp, fn)
