"""The main job on its embedded default: start the memory nodes, use them from a client
process as a planner would, and print what happened.

    python -m memory_node.demo [--memory-dir DIR] [--tum] [--png PATH]

Steps 1-4 use the memory server's services; step 5 starts the perception node too, sends
camera frames through it (a synthetic RGB-D camera, or with --tum the TUM fr3 cabinet
sequence from ../shared/data) and prints the scene graph the server built.

DDS stays on this machine (ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST unless set) on a domain
of its own, so the demo neither disturbs nor hears other ROS 2 systems.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

os.environ.setdefault("ROS_AUTOMATIC_DISCOVERY_RANGE", "LOCALHOST")
from memory_node.ros_domain import use_default_domain  # noqa: E402

use_default_domain()  # 1-100, free on this host, unless the user set one

import numpy as np  # noqa: E402
import rclpy  # noqa: E402  (after the environment above)
from geometry_msgs.msg import PoseStamped  # noqa: E402
from rclpy.node import Node  # noqa: E402

from memory_node.bringup import DEFAULT_PARAMS, Bringup  # noqa: E402
from memory_node.client import MemoryClient  # noqa: E402
from memory_node.core.errors import MemoryRequestError  # noqa: E402
from memory_node.core.perception.camera import (  # noqa: E402
    CameraIntrinsics,
    Pose,
    matrix_to_quaternion,
)
from memory_node.core.perception.shared_data import shared_data_dir  # noqa: E402
from memory_node.core.perception.tum import TumSequence  # noqa: E402
from memory_node.core.recall.brief_state import BriefState  # noqa: E402
from memory_node.core.units import ObjectMemoryUnit  # noqa: E402
from memory_node.msg import Detection, Detections, ObjectObservations  # noqa: E402
from memory_node.nodes.conversions import to_time  # noqa: E402
from memory_node.nodes.perception_conversions import (  # noqa: E402
    camera_info_msg,
    image_msg,
    pose_core_to_msg,
)
from memory_node.nodes.tum_replay import (  # noqa: E402
    DEFAULT_TOPICS,
    TumPublisher,
    camera_publishers,
)
from memory_node.transport import use_large_messages  # noqa: E402

TUM_DIR = shared_data_dir() / "tum_fr3_cabinet"

# A kitchen as the robot might have seen it: (object id, type, x, y, z, state, area).
KITCHEN = [
    ("Apple_1", "Apple", 2.10, 0.40, 0.95, "none", "area_kitchen"),
    ("Apple_2", "Apple", 4.80, 1.90, 0.75, "none", "area_dining"),
    ("Mug_1", "Mug", 2.30, 0.10, 0.95, "dirty", "area_kitchen"),
    ("Knife_1", "Knife", 1.90, 0.50, 0.95, "none", "area_kitchen"),
    ("Plate_1", "Plate", 4.60, 2.10, 0.75, "none", "area_dining"),
    ("Fridge_1", "Fridge", 0.60, -0.40, 0.90, "closed", "area_kitchen"),
]


# -- a synthetic RGB-D camera: a box on a floor, seen from a robot driving past ----------------
# Camera optical frame (z forward, x right, y down) looking along world +x.
_LOOK_ALONG_X = np.array([[0.0, 0.0, 1.0], [-1.0, 0.0, 0.0], [0.0, -1.0, 0.0]])


@dataclass(frozen=True)
class SyntheticScene:
    """An axis-aligned box standing on the floor plane z = 0, rendered by ray casting."""

    label: str = "box"
    center: tuple[float, float, float] = (3.0, 0.0, 0.25)
    size: tuple[float, float, float] = (0.4, 0.4, 0.5)
    intrinsics: CameraIntrinsics = CameraIntrinsics(300.0, 300.0, 160.0, 120.0, 320, 240)
    camera_height: float = 0.8

    def camera_pose(self, i: int, n: int) -> Pose:
        """The camera slides sideways (y from -0.4 to 0.4 m) over n frames."""
        y = -0.4 + 0.8 * i / max(1, n - 1)
        return Pose.make((0.0, y, self.camera_height), matrix_to_quaternion(_LOOK_ALONG_X))

    def render(self, pose: Pose) -> tuple[np.ndarray, np.ndarray, tuple[float, ...]]:
        """(rgb uint8, depth metres float32 with NaN = no return, detection box x1 y1 x2 y2)."""
        k = self.intrinsics
        u, v = np.meshgrid(np.arange(k.width) + 0.5, np.arange(k.height) + 0.5)
        rays = np.stack(((u - k.cx) / k.fx, (v - k.cy) / k.fy, np.ones_like(u)), axis=-1)
        d = rays @ pose.rotation.T  # world direction per pixel, optical z component = 1
        o = pose.translation
        with np.errstate(divide="ignore", invalid="ignore"):
            t_floor = np.where(d[..., 2] < 0, -o[2] / d[..., 2], np.inf)
            lo = np.asarray(self.center) - np.asarray(self.size) / 2
            hi = np.asarray(self.center) + np.asarray(self.size) / 2
            t1, t2 = (lo - o) / d, (hi - o) / d
            t_near = np.nanmax(np.minimum(t1, t2), axis=-1)
            t_far = np.nanmin(np.maximum(t1, t2), axis=-1)
        box_hit = (t_near <= t_far) & (t_near > 0)
        t_box = np.where(box_hit, t_near, np.inf)
        depth = np.minimum(t_floor, t_box).astype(np.float32)  # t along a z=1 ray is depth
        depth[~np.isfinite(depth) | (depth > 8.0)] = np.nan
        rgb = np.full((k.height, k.width, 3), 90, np.uint8)
        rgb[t_box < t_floor] = (200, 40, 40)
        corners = np.array([[x, y, z] for x in (lo[0], hi[0]) for y in (lo[1], hi[1])
                            for z in (lo[2], hi[2])])
        cam = pose.to_local(corners)
        px = np.column_stack((k.fx * cam[:, 0] / cam[:, 2] + k.cx,
                              k.fy * cam[:, 1] / cam[:, 2] + k.cy))
        x1, y1 = np.clip(px.min(axis=0), 0, (k.width, k.height))
        x2, y2 = np.clip(px.max(axis=0), 0, (k.width, k.height))
        return rgb, depth, (float(x1), float(y1), float(x2), float(y2))


class SyntheticCamera:
    """Publishes SyntheticScene frames on the perception node's default topics."""

    def __init__(self, node: Node, scene: SyntheticScene | None = None,
                 topics: dict[str, str] | None = None, start: float = 1_000.0) -> None:
        self.node = node
        self.scene = scene or SyntheticScene()
        self.topics = {**DEFAULT_TOPICS, **(topics or {})}
        self.start = start
        self.pubs = camera_publishers(node, self.topics)

    def matched(self) -> bool:
        return all(p.get_subscription_count() > 0 for p in self.pubs.values())

    def messages(self, i: int, n: int, stamp: float, state: str = "") -> dict[str, Any]:
        """The five messages of frame i of n (depth 16UC1 in mm), by stream name."""
        t = to_time(stamp)
        pose = self.scene.camera_pose(i, n)
        rgb, depth, box = self.scene.render(pose)
        frame = "camera_color_optical_frame"
        depth_mm = np.nan_to_num(depth * 1000.0, nan=0.0).round().astype(np.uint16)
        pose_msg = PoseStamped(pose=pose_core_to_msg(pose))
        pose_msg.header.stamp, pose_msg.header.frame_id = t, "map"
        detections = Detections(detections=[Detection(
            label=self.scene.label, score=0.9, x_min=box[0], y_min=box[1], x_max=box[2],
            y_max=box[3], state=state)])
        detections.header.stamp, detections.header.frame_id = t, frame
        return {"camera_info": camera_info_msg(self.scene.intrinsics, t, frame),
                "colour": image_msg(rgb, "rgb8", t, frame),
                "depth": image_msg(depth_mm, "16UC1", t, frame),
                "pose": pose_msg, "detections": detections}

    def publish(self, i: int, n: int, stamp: float | None = None, state: str = "",
                messages: dict[str, Any] | None = None) -> float:
        """Publish frame i of n (or the given messages); returns its stamp in seconds."""
        stamp = self.start + 0.1 * i if stamp is None else stamp
        for stream, msg in (messages or self.messages(i, n, stamp, state)).items():
            self.pubs[stream].publish(msg)
        return stamp


def run(memory_dir: Path, params_file: Path, tum: Path | None = None,
        png: Path | None = None) -> int:
    bringup = Bringup(params_file, ["memory_server", "perception_node"],
                      {"memory_server": [f"memory_dir:={memory_dir}", "short_term.capacity:=5",
                                         "scene_graph.publish_period_s:=0.0"],
                       # The demo's publishers are reliable; wait on each frame's result.
                       "perception_node": ["qos.reliability:=reliable"]})
    # This process publishes the camera: its images must travel in shared memory too
    # (memory_node/transport.py); the nodes get the same choice from Bringup.
    use_large_messages(processes=3)
    bringup.start()
    rclpy.init()
    node = rclpy.create_node("memory_demo_camera")
    memory = MemoryClient(timeout=20.0)
    try:
        memory.wait_until_ready(timeout=60.0)
        print(f"memory server up; memory in {memory_dir}")
        print("\n1. The robot reports what it saw (update_object):")
        for object_id, label, x, y, z, state, area in KITCHEN:
            result = memory.update(ObjectMemoryUnit(object_id, label, (x, y, z), state=state,
                                                    area_id=area, source="perception"))
            forgot = f"; forgot {', '.join(result.evicted_ids)}" if result.evicted_ids else ""
            print(f"   {object_id:9s} {label:7s} at ({x:.2f}, {y:.2f}, {z:.2f}) "
                  f"{state:6s} -> {result.message} (revision {result.revision}){forgot}")

        print("\n2. The planner asks where things are (query_object):")
        for query, near in (("apple", (2.0, 0.0, 0.9)), ("Plate", None), ("Banana", None)):
            candidates = memory.query(query, near=near, max_results=5)
            where = "; ".join(
                f"{c.object_id} in {c.area_id} at ({c.position[0]:.2f}, {c.position[1]:.2f})"
                f" [{c.source}, score {c.score:.2f}]" for c in candidates
            ) or "nothing remembered"
            print(f"   {query!r}{' near the counter' if near else ''}: {where}")

        print("\n3. A bad request is refused with a code and changes nothing:")
        try:
            memory.update(ObjectMemoryUnit("Ghost_1", "Ghost", (float("nan"), 0.0, 0.0)))
        except MemoryRequestError as exc:
            print(f"   {exc.code.name}: {exc}")

        print("\n4. Save, clear, load (manage):")
        for command, path in (("save", "demo_snapshot"), ("clear", ""),
                              ("load", "demo_snapshot")):
            print(f"   {command} -> {memory.manage(command, path) or 'done'}")
        apples = [c.object_id for c in memory.query("Apple", max_results=5)]
        print(f"   after load, apples remembered: {apples}")
        recall_and_close_the_loop(memory)
        look_around(node, memory, memory_dir, tum, png)
        return 0
    finally:
        memory.close()
        node.destroy_node()
        rclpy.try_shutdown()
        bringup.stop()


def recall_and_close_the_loop(memory: MemoryClient) -> None:
    """What the planner reads before acting, and what memory makes of the outcome."""
    print("\n5. Recall for an instruction, then the outcome fed back (recall, record_outcome):")
    instruction = "put the fruit in the fridge"
    answer = memory.recall(instruction, k=3, token_budget=300, episode_id="demo")
    print(f"   recall {instruction!r}: {len(answer.units)} unit(s)")
    for r in answer.units:
        print(f"     {r.score:.2f}  {r.description}")
    print(f"   context for the prompt ({answer.context_tokens} tokens):")
    for line in answer.context.splitlines()[:8]:
        print(f"     | {line}")
    outcome = memory.record_outcome("demo", "put", ["Apple_1", "Fridge_1"], True,
                                    robot_area="area_kitchen")
    moved = [f"{u.object_id} now {u.relation} {u.receptacle_id} at "
             f"({u.position[0]:.2f}, {u.position[1]:.2f})" for u in outcome.changed_units]
    print(f"   put(Apple_1, Fridge_1) succeeded -> {'; '.join(moved) or outcome.message}")
    step = memory.recall(instruction, k=3, token_budget=300, episode_id="demo",
                         brief_state=BriefState("pick up the apple", robot_area="area_kitchen",
                                                last_skill="put",
                                                last_args=("Apple_1", "Fridge_1"),
                                                last_result="success"))
    print(f"   next step recall ({step.context_tokens} tokens, "
          f"nothing relevant: {step.nothing_relevant}):")
    for r in step.units:
        print(f"     {r.score:.2f}  {r.description}")
    for warning in step.warnings:
        print(f"     warning: {warning}")
    summary = memory.end_episode("demo", task_succeeded=True)
    print(f"   end_episode: {summary.steps} step(s), {summary.successes} succeeded")


def look_around(node: Node, memory: MemoryClient, memory_dir: Path, tum: Path | None,
                png: Path | None) -> None:
    """Step 6: camera frames through the live perception node into the scene graph."""
    observed: dict[float, int] = {}
    node.create_subscription(ObjectObservations, "memory/observations",
                             lambda m: observed.__setitem__(
                                 round(m.header.stamp.sec + m.header.stamp.nanosec * 1e-9, 3),
                                 len(m.observations)), 10)
    if tum is not None:
        print(f"\n6. The robot looks around: TUM fr3 cabinet ({tum}) through the perception "
              "node into the scene graph:")
        replay = TumPublisher(node, TumSequence(tum, label_names={"28": "cabinet"}))
        frames = replay.frames()
        publish = [lambda f=f: replay.publish(f) for f in frames]
        matched = replay.matched
    else:
        print("\n6. The robot looks around: a synthetic RGB-D camera (a box on the floor) "
              "through the perception node into the scene graph:")
        camera = SyntheticCamera(node)
        n = 10
        publish = [lambda i=i: camera.publish(i, n) for i in range(n)]
        matched = camera.matched
    deadline = time.monotonic() + 60.0
    while not matched():
        if time.monotonic() > deadline:
            raise TimeoutError("perception node not discovered in 60 s")
        rclpy.spin_once(node, timeout_sec=0.1)
    started = time.monotonic()
    for send in publish:
        stamp = round(send(), 3)
        frame_deadline = time.monotonic() + 20.0
        while stamp not in observed:  # one frame at a time: nothing is dropped
            if time.monotonic() > frame_deadline:
                raise TimeoutError(f"no observations for the frame at {stamp} in 20 s")
            rclpy.spin_once(node, timeout_sec=0.1)
    frames_done = sum(1 for _ in publish)
    print(f"   {frames_done} frames, {sum(observed.values())} observations in "
          f"{time.monotonic() - started:.1f} s")
    text = memory.get_scene_graph("text", token_budget=300)
    print(f"   get_scene_graph (text, {text.tokens} tokens, budget 300):")
    for line in text.text.splitlines():
        print(f"     {line}")
    compact = memory.get_scene_graph("json", token_budget=300)
    print(f"   get_scene_graph (json, {compact.tokens} tokens): {compact.text[:160]}")
    if png is not None:
        from memory_node.core.scene_graph.render import load_any, render_png  # noqa: PLC0415
        out = render_png(load_any(memory_dir / "memory.sqlite"), png)
        print(f"   top-down render written to {out}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--memory-dir", type=Path, default=None,
                        help="keep the memory here (default: a fresh temporary directory)")
    parser.add_argument("--params-file", type=Path, default=DEFAULT_PARAMS)
    parser.add_argument("--tum", action="store_true",
                        help=f"replay the TUM fr3 cabinet sequence ({TUM_DIR}) instead of the "
                        "synthetic camera")
    parser.add_argument("--png", type=Path,
                        default=Path(tempfile.gettempdir()) / "memory_node_scene_graph.png",
                        help="where to write the scene graph's top-down render")
    args = parser.parse_args(argv)
    tum = None
    if args.tum:
        if not TUM_DIR.is_dir():
            parser.error(f"--tum: {TUM_DIR} not found (set MEMORY_NODE_SHARED_DATA)")
        tum = TUM_DIR
    if args.memory_dir is not None:
        return run(args.memory_dir.expanduser().resolve(), args.params_file, tum, args.png)
    with tempfile.TemporaryDirectory(prefix="memory_node_demo_") as tmp:
        return run(Path(tmp), args.params_file, tum, args.png)


if __name__ == "__main__":
    sys.exit(main())
