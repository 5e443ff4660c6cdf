"""The long-term memory live: camera frames -> perception node -> memory server, over DDS.

Synthetic frames (a box on a floor, rendered in numpy) and, when ../shared/data holds it,
the real TUM fr3 cabinet sequence. Each frame is published only after the previous one's
observations came back, so nothing waits on a timer and nothing is dropped for speed.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, HistoryPolicy, QoSProfile, ReliabilityPolicy
from ros_harness import READ_RESEND_S, call, spin_until
from scene_rig import Watcher, object_nodes, perception_process, rig, server_process
from visualization_msgs.msg import Marker, MarkerArray

from memory_node.core.perception.shared_data import shared_data_dir
from memory_node.core.perception.tum import TumSequence
from memory_node.demo import SyntheticCamera
from memory_node.msg import ObjectEvent
from memory_node.nodes.tum_replay import TumPublisher
from memory_node.srv import GetUnits, Manage, QueryObject

pytestmark = pytest.mark.ros
TUM = shared_data_dir() / "tum_fr3_cabinet"
BOX_TRUTH = (2.8, 0.0, 0.25)  # centre of the box's visible (front) face


def drive_past(watcher: Watcher, camera: SyntheticCamera, n: int = 8,
               start: int = 0) -> float:
    stamp = 0.0
    for i in range(start, start + n):
        stamp = camera.start + 0.1 * i
        watcher.send(lambda i=i, s=stamp: camera.publish(i % n, n, stamp=s))
    return stamp


def test_synthetic_frames_build_one_object_with_events_markers_and_services(
        client_node: Node, tmp_path: Path) -> None:
    with rig(tmp_path, client_node) as (server, perception, w):
        camera = SyntheticCamera(client_node)
        w.wait_matched(camera)
        last = drive_past(w, camera)
        graph = w.applied(last)
        (box,) = object_nodes(graph)
        assert box.label == "box" and box.observation_count == 8
        assert math.dist((box.position.x, box.position.y, box.position.z), BOX_TRUTH) < 0.05
        assert graph.revision >= 8
        spin_until(client_node, lambda: any(e.kind == ObjectEvent.NEW for e in w.events),
                   what="a NEW event")
        assert [(e.kind, e.object_id) for e in w.events] == [(ObjectEvent.NEW, box.id)]

        # A late subscriber (rviz opened now) still gets every marker: transient-local.
        arrays: list[MarkerArray] = []
        client_node.create_subscription(
            MarkerArray, "/memory/scene_graph/markers", arrays.append,
            QoSProfile(depth=20, history=HistoryPolicy.KEEP_LAST,
                       durability=DurabilityPolicy.TRANSIENT_LOCAL,
                       reliability=ReliabilityPolicy.RELIABLE))
        spin_until(client_node, lambda: any(m.ns == "objects" and m.action == Marker.ADD
                                            for a in arrays for m in a.markers),
                   what="the object's marker for a late subscriber")
        first = arrays[0].markers[0]
        assert first.action == Marker.DELETEALL  # the history starts at a full set
        cube = next(m for a in arrays for m in a.markers if m.ns == "objects")
        assert cube.type == Marker.CUBE and cube.header.frame_id == "map"
        assert any(m.ns == "areas" for a in arrays for m in a.markers)

        # get_scene_graph: the three formats, under a budget.
        as_graph = w.graph("graph")
        assert as_graph.success and [n.id for n in object_nodes(as_graph.graph)] == [box.id]
        text = w.graph("text", budget=80, query="box")
        assert text.success and "box object_0" in text.text and 0 < text.tokens <= 80
        js = w.graph("json", budget=200)
        assert js.success and js.tokens <= 200
        assert json.loads(js.text)["areas"][0]["objects"][0]["label"] == "box"
        tight = w.graph("json", budget=80)  # does not fit expanded: areas collapse to counts
        assert tight.success and tight.tokens <= 80
        assert json.loads(tight.text)["areas"][0]["object_counts"] == {"box": 1}
        bad = w.graph("yaml")
        assert not bad.success and "format" in bad.message

        # The short-term memory got the unit (with a crop); query_object finds it.
        query = client_node.create_client(QueryObject, "/memory/query_object")

        # New clients, first requests: reads, re-sent until answered (ros_harness.warm_up).
        found = call(client_node, query, QueryObject.Request(query="box", max_results=5),
                     resend_after=READ_RESEND_S)
        assert [c.object_id for c in found.candidates] == [box.id]
        # get_units answers with the graph's evidence: the unit was written on NEW (one
        # frame), the graph has seen the box in all eight.
        units = client_node.create_client(GetUnits, "/memory/get_units")
        got = call(client_node, units, GetUnits.Request(object_ids=[box.id]),
                   resend_after=READ_RESEND_S)
        (unit,) = got.units
        assert unit.observation_count == 8
        assert {kv.key: kv.value for kv in unit.attributes}.get("state_confirmed") in (
            "true", "false")
        spin_until(client_node, lambda: w.stats and w.stats[-1].scene_graph_objects == 1
                   and w.stats[-1].observations_applied >= 8,
                   what="/memory/stats with the scene graph's size and frames applied")
        assert server.alive() and perception.alive()


def test_restart_resumes_the_graph_clear_empties_and_load_restores(
        client_node: Node, tmp_path: Path) -> None:
    with perception_process(tmp_path / "perception.log") as perception:
        with server_process(tmp_path / "mem", tmp_path / "server1.log") as server:
            w = Watcher(client_node, server, perception)
            camera = SyntheticCamera(client_node)
            w.wait_matched(camera)
            before = object_nodes(w.applied(drive_past(w, camera)))
            saved = w.graph("graph")
        assert len(before) == 1
        with server_process(tmp_path / "mem", tmp_path / "server2.log") as server:
            w = Watcher(client_node, server, perception)
            after = w.graph("graph", resend_after=READ_RESEND_S)
            (obj,) = object_nodes(after.graph)
            assert obj.id == before[0].id and obj.observation_count == 8
            assert obj.position.x == pytest.approx(before[0].position.x)
            assert len(after.graph.nodes) == len(saved.graph.nodes)
            assert len(after.graph.edges) == len(saved.graph.edges)
            # It keeps building on the resumed graph: the same object, more observations.
            w.wait_matched(camera)
            graph = w.applied(drive_past(w, camera, n=3, start=10))
            (obj,) = object_nodes(graph)
            assert obj.id == before[0].id and obj.observation_count == 11


            assert call(client_node, w.manage, Manage.Request(command=Manage.Request.SAVE,
                                                              path="with_box")).success
            assert call(client_node, w.manage,
                        Manage.Request(command=Manage.Request.CLEAR)).success
            assert object_nodes(w.graph("graph").graph) == []
            assert "0 objects" in w.graph("text").text
            assert call(client_node, w.manage, Manage.Request(command=Manage.Request.LOAD,
                                                              path="with_box")).success
            (obj,) = object_nodes(w.graph("graph").graph)
            assert obj.observation_count == 11


@pytest.mark.skipif(not TUM.is_dir(), reason=f"TUM cabinet data not found at {TUM} "
                    "(set MEMORY_NODE_SHARED_DATA to the directory holding tum_fr3_cabinet)")
def test_tum_cabinet_through_the_live_nodes_is_one_stable_object(
        client_node: Node, tmp_path: Path) -> None:
    with rig(tmp_path, client_node) as (server, perception, w):
        replay = TumPublisher(client_node, TumSequence(TUM, label_names={"28": "cabinet"}))
        w.wait_matched(replay)
        positions = []
        frames = replay.frames()
        for frame in frames:
            w.send(lambda f=frame: replay.publish(f))
            objects = object_nodes(w.applied(frame.stamp))
            if objects:
                assert len(objects) == 1, [o.label for o in objects]
                p = objects[0].position
                positions.append((p.x, p.y, p.z))
        final = w.graph("graph")
        (cabinet,) = object_nodes(final.graph)
        assert cabinet.label == "cabinet"
        spread = 100 * np.linalg.norm(np.asarray(positions) - positions[-1], axis=1)
        print(f"\nTUM cabinet live: 1 object over {len(frames)} frames, {len(positions)} "
              f"estimates; spread vs final: max {spread.max():.1f} cm, median "
              f"{np.median(spread):.1f} cm, p90 {np.percentile(spread, 90):.1f} cm")
        assert spread.max() < 10.0 and np.median(spread) < 4.0
        assert [e.kind for e in w.events] == [ObjectEvent.NEW]
        assert server.alive() and perception.alive()
