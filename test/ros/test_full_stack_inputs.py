"""The main job's runner (`FullStack`) reads `sim/ground_truth`, a topic anyone on the
domain may publish on: what is not the world's JSON state is ignored, and the callback never
raises (its exception would end the spin of the runner's only executor, and with it the
job's memory client and goals)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from std_msgs.msg import String

from memory_node.sim.nodes.full_stack import FullStack, StackOptions

pytestmark = pytest.mark.ros


def test_ground_truth_that_is_not_a_state_is_ignored(tmp_path: Path) -> None:
    stack = FullStack(StackOptions(workdir=tmp_path))   # not started: no process, no node
    truth = {"source": "seed:0", "objects": []}
    stack._on_truth(String(data=json.dumps(truth)))
    for junk in ("[" * 1000, "{" * 100_000, '{"objects": ' + "[" * 5000, "", "null", "[]",
                 '{"objects": {}}', "\x00", "x" * 100_000,
                 '{"objects": [], "acted_count": "7"}', '{"objects": [], "acted_count": -1}',
                 '{"objects": [], "acted_count": true}', '{"objects": [], "acted_count": 1.5}'):
        stack._on_truth(String(data=junk))
        assert stack._truth == truth
