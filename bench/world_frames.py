"""Household-world camera frames rendered ahead of time, as the messages a camera driver,
a SLAM node and a detector would publish (for bench/scene_graph_live.py --source
world-frames).

The world (config/sim.yaml's house, seed 0; the detector's error model and instance masks
at their defaults) is rendered by MuJoCo along the robot's explore path through the rooms,
one frame per 1/rate simulated seconds at the robot's real speed, so consecutive frames
move as a camera on the moving base does. Rendering is not part of a robot's perception
path (its camera is a device), and on this 2-core machine it costs ~25 ms CPU per 640x480
frame: rendered live, the world alone takes most of a core at 30 Hz and cannot publish
30 Hz beside the nodes it feeds. Rendered first, the frames are the world's own, and the
perception node and memory server are measured on them at the camera's rate.
"""

from __future__ import annotations

from typing import Any

from geometry_msgs.msg import PoseStamped

from memory_node.core.perception.camera import CameraIntrinsics, matrix_to_quaternion
from memory_node.core.skills import load_skill_table
from memory_node.msg import Detection, Detections
from memory_node.nodes.conversions import to_time
from memory_node.nodes.perception_conversions import camera_info_msg, image_msg
from memory_node.sim.core.layouts import from_seed
from memory_node.sim.core.nav import Navigator
from memory_node.sim.core.playback import pose_at
from memory_node.sim.core.sensors import SensorRig
from memory_node.sim.core.settings import WorldSettings
from memory_node.sim.core.skill_logic import SkillRunner

ROOMS = ("kitchen", "living_room", "bedroom", "bathroom")


def render_explore(count: int, rate: float, width: int = 640, height: int = 480
                   ) -> list[dict[str, Any]]:
    """`count` frames' messages (camera_info, colour, depth, pose, detections; stamps 0,
    set when published) along the explore path, `1/rate` simulated seconds apart."""
    cfg = WorldSettings()
    world = from_seed(cfg.layout.seed)
    rig = SensorRig(world, width, height, cfg.detection, cfg.pose, cfg.sensors.seed,
                    masks=True)
    runner = SkillRunner(load_skill_table(None), Navigator(world.free), cfg.skills.costs,
                         detector=rig.labels_seen)
    frames: list[dict[str, Any]] = []
    room = 0
    try:
        while len(frames) < count:
            r = world.robot
            start = (r.x, r.y, r.yaw)
            outcome = runner.run(world, "explore", [ROOMS[room % len(ROOMS)]], [], "base")
            room += 1
            if not outcome.waypoints:
                raise RuntimeError(f"explore gave no path: {outcome.message}")
            t = 0.0
            while t < outcome.duration and len(frames) < count:
                r.x, r.y, r.yaw, _ = pose_at(start, outcome.waypoints, t)
                world.follow_robot()
                frames.append(_messages(rig.capture(world), width, height))
                t += 1.0 / rate
            last = outcome.waypoints[-1]
            r.x, r.y, r.yaw = last.x, last.y, last.yaw
    finally:
        rig.close()
    return frames


def _messages(f: Any, width: int, height: int) -> dict[str, Any]:
    zero, cam = to_time(0.0), "camera_color_optical_frame"
    fx, fy, cx, cy = f.camera.k
    pose = PoseStamped()
    pose.header.frame_id = "map"
    p, o = pose.pose.position, pose.pose.orientation
    p.x, p.y, p.z = (float(v) for v in f.position)
    o.x, o.y, o.z, o.w = (float(v) for v in matrix_to_quaternion(f.rotation))
    dets = Detections()
    dets.header.frame_id = cam
    for d in f.detections:
        m = Detection(label=d.label, score=float(d.score), x_min=float(d.box[0]),
                      y_min=float(d.box[1]), x_max=float(d.box[2]), y_max=float(d.box[3]),
                      state=d.state)
        if d.mask is not None:
            m.mask = image_msg(d.mask.astype("uint8") * 255, "mono8", zero, cam)
        dets.detections.append(m)
    depth_mm = (f.depth * 1000.0).clip(0, 65535).astype("uint16")
    return {"camera_info": camera_info_msg(CameraIntrinsics(fx, fy, cx, cy, width, height),
                                           zero, cam),
            "colour": image_msg(f.rgb, "rgb8", zero, cam),
            "depth": image_msg(depth_mm, "16UC1", zero, cam),
            "pose": pose, "detections": dets}
