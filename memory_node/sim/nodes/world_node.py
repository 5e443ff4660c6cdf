"""household_world: the simulated house as a robot's ROS 2 interface.

One process holds the world, its renderer and both skill servers (they share the world):

- sensors (relative names): `camera/color/image_raw` (rgb8), `camera/aligned_depth_to_color/
  image_raw` (16UC1 mm or 32FC1 m), `camera/color/camera_info`, `slam/pose` (PoseStamped,
  the camera's optical pose in `map`, with configurable noise), `detections`
  (memory_node/Detections through the detection error model), at `sensors.rate_hz`;
- `/clock` (simulated time, `time.real_time_factor` × wall time) and `map/places`
  (NamedPlaces, transient-local: the rooms of the house, what a navigation stack knows);
- `base/execute_skill` and `arm/execute_skill` (ExecuteSkill): the skill table's skills of
  each server. The robot runs ONE skill at a time: a goal that arrives while another runs
  (on either server) is accepted and at once aborted with UNAVAILABLE, so the caller gets a
  code rather than a bare rejection. Cancel and timeout (`goal.timeout` simulated seconds;
  0 = the skill's own plan is its budget, as long as what is left to drive and look at
  takes) stop the motion where it is and change no object. Feedback (phase, progress) is
  published while the skill plans and plays: a caller treats it as the skill's progress.
- `sim/ground_truth` (std_msgs/String, JSON, transient-local): the world's state at start
  and at the end of every goal (before its result, with the goal's id as `goal`), for the
  benchmark's scoring only; the planner and memory never read it.

Rendering, skill logic and every change of the world run on one worker thread (the EGL
context lives there), so the world needs no lock; action callbacks wait on its futures.
"""

from __future__ import annotations

import functools
import json
import math
import os
import sys
import threading
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from geometry_msgs.msg import Point, PoseStamped
from rclpy.action import ActionServer, CancelResponse, GoalResponse
from rclpy.callback_groups import ReentrantCallbackGroup
from rclpy.exceptions import ParameterException
from rclpy.executors import MultiThreadedExecutor
from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy
from rosgraph_msgs.msg import Clock
from sensor_msgs.msg import CameraInfo, Image
from std_msgs.msg import String

from memory_node.action import ExecuteSkill
from memory_node.core.errors import ErrorCode
from memory_node.core.limits import LIMITS
from memory_node.core.perception.camera import matrix_to_quaternion
from memory_node.core.skills import load_skill_table
from memory_node.core.units import has_refused_characters
from memory_node.msg import Detection as DetectionMsg
from memory_node.msg import Detections, NamedPlaces
from memory_node.nodes.params import declare_settings
from memory_node.nodes.qos import ACTION_SERVICES_QOS
from memory_node.nodes.runner import run_node
from memory_node.sim.core.layouts import LayoutError, from_floorplan, from_seed
from memory_node.sim.core.nav import Navigator
from memory_node.sim.core.playback import SimClock, pitch_at, pose_at
from memory_node.sim.core.sensors import Frame, SensorRig
from memory_node.sim.core.settings import WorldSettings
from memory_node.sim.core.skill_logic import Outcome, SkillRunner, Target
from memory_node.sim.core.truth import to_state


def _stamp(t: float) -> Any:
    from builtin_interfaces.msg import Time  # noqa: PLC0415 - message type, light import

    sec = math.floor(t)
    return Time(sec=int(sec), nanosec=int((t - sec) * 1e9))


@dataclass(frozen=True)
class _End:
    """A goal's end, taken while the goal holds the robot, announced once it is free."""

    result: Any                   # ExecuteSkill.Result
    state: dict | None            # the world's state at the end (truth.to_state)
    abort: bool = False
    cancel: bool = False


class WorldNode(Node):
    def __init__(self, **node_args: Any) -> None:
        # node_args: rclpy Node's keyword arguments (context, parameter_overrides, ...), for
        # a world run inside another process (a test's).
        super().__init__("household_world", **node_args)
        cfg = declare_settings(self, WorldSettings)
        self.settings = cfg
        self.frame_map, self.frame_cam = cfg.frames.map, cfg.frames.camera
        self.clock_period = 1.0 / cfg.time.clock_rate_hz
        self.rate = cfg.sensors.rate_hz
        self.depth_encoding = cfg.sensors.depth_encoding
        self.table = load_skill_table(cfg.skills.table or None)
        lay = cfg.layout
        source, seed, plan, rearr = lay.source, lay.seed, lay.floorplan, lay.rearrangement_data
        width, height, rtf = cfg.sensors.width, cfg.sensors.height, cfg.time.real_time_factor
        noise, pose_noise, costs = cfg.detection, cfg.pose, cfg.skills.costs
        sensor_seed, masks = cfg.sensors.seed, cfg.sensors.masks

        if source == "seed":
            world = from_seed(seed)
        else:
            world = from_floorplan(plan, seed, Path(rearr) if rearr else None)
        self.world = world
        self.clock = SimClock(rtf)
        # Everything that touches the world or the GL context runs on this one thread.
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="world")
        self.rig: SensorRig = self.worker.submit(
            lambda: SensorRig(world, width, height, noise, pose_noise, sensor_seed, masks)
        ).result()
        self.runner = SkillRunner(self.table, Navigator(world.free), costs,
                                  detector=self.rig.labels_seen)
        self._active: dict | None = None          # the skill being played back
        self._busy = threading.Lock()
        self._held_alias = ""                     # the caller's id of the held object
        self._stop = threading.Event()
        # Capture -> publish hand-over: one slot, the newest frame wins.
        self._frame_lock = threading.Lock()
        self._frame_ready = threading.Event()
        self._newest: Frame | None = None
        self.frames_published = 0
        self.frames_replaced = 0   # captured but replaced by a newer one before publishing
        self.slots_missed = 0      # camera periods skipped because a capture overran

        sensor_qos = QoSProfile(depth=5, reliability=ReliabilityPolicy.RELIABLE)
        latched = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                             reliability=ReliabilityPolicy.RELIABLE)
        self.pub_rgb = self.create_publisher(Image, "camera/color/image_raw", sensor_qos)
        self.pub_depth = self.create_publisher(Image, "camera/aligned_depth_to_color/image_raw",
                                               sensor_qos)
        self.pub_info = self.create_publisher(CameraInfo, "camera/color/camera_info", sensor_qos)
        self.pub_pose = self.create_publisher(PoseStamped, "slam/pose", sensor_qos)
        self.pub_dets = self.create_publisher(Detections, "detections", sensor_qos)
        self.pub_clock = self.create_publisher(Clock, "/clock", 10)
        self.pub_places = self.create_publisher(NamedPlaces, "map/places", latched)
        self.pub_truth = self.create_publisher(String, "sim/ground_truth", latched)
        self._publish_places()
        self._publish_truth()

        group = ReentrantCallbackGroup()
        self.servers = []
        for key, action in self.table.servers.items():
            self.servers.append(ActionServer(
                self, ExecuteSkill, action,
                execute_callback=functools.partial(self._execute, server=key),
                goal_callback=lambda _g: GoalResponse.ACCEPT,
                cancel_callback=lambda _g: CancelResponse.ACCEPT,
                callback_group=group, goal_service_qos_profile=ACTION_SERVICES_QOS,
                cancel_service_qos_profile=ACTION_SERVICES_QOS,
                result_service_qos_profile=ACTION_SERVICES_QOS))
        self._threads = [threading.Thread(target=self._clock_loop, daemon=True),
                         threading.Thread(target=self._sensor_loop, daemon=True)]
        for t in self._threads:
            t.start()
        self.get_logger().info(
            f"house {world.source}: {len(world.rooms)} rooms, {len(world.objects)} objects, "
            f"{len(world.free)} free cells; camera {width}x{height} at {self.rate} Hz; "
            f"time x{rtf}")

    # ---- time and sensors --------------------------------------------------------------
    def _tick(self) -> float:
        """On the worker: advance the world to now, moving the robot along a running skill."""
        now = self.clock.now()
        self.world.time = now
        a = self._active
        if a is not None:
            into = min(now - a["t0"], a["outcome"].duration)
            x, y, yaw, phase = pose_at(a["start"], a["outcome"].waypoints, into)
            r = self.world.robot
            r.x, r.y, r.yaw = x, y, yaw
            r.pitch = pitch_at(a["start_pitch"], a["outcome"].waypoints, into)
            a["phase"] = phase
            self.world.follow_robot()
        return now

    def _clock_loop(self) -> None:
        while not self._stop.wait(self.clock_period):
            msg = Clock()
            msg.clock = _stamp(self.clock.now())
            try:
                self.pub_clock.publish(msg)
            except Exception:  # noqa: BLE001 - shutting down
                return

    def _sensor_loop(self) -> None:
        """Capture at the camera rate on a fixed schedule; another thread publishes.

        Frame k is due at t0 + k / rate (wall time): waiting `period - spent` after each
        frame lost every wake-up's lateness for good, and publishing in the same loop added
        the message building and serialisation of ~1.5 MB to every period. A capture that
        overran its slot skips the slots it missed (a camera does not burst to catch up)."""
        if self.rate <= 0:
            return
        period = 1.0 / self.rate
        publisher = threading.Thread(target=self._publish_loop, daemon=True)
        publisher.start()
        due = time.monotonic()
        while not self._stop.is_set():
            try:
                frame = self.worker.submit(self._capture).result()
            except RuntimeError:
                break                            # worker shut down
            except Exception:  # noqa: BLE001 - a frame must never kill the node
                self.get_logger().error("frame failed:\n" + traceback.format_exc())
            else:
                with self._frame_lock:
                    if self._newest is not None:
                        self.frames_replaced += 1  # publishing fell behind capturing
                    self._newest = frame
                self._frame_ready.set()
            now = time.monotonic()
            due += period
            if due < now:
                self.slots_missed += math.ceil((now - due) / period)
                due += math.ceil((now - due) / period) * period
            self._stop.wait(due - now)
        self._frame_ready.set()                  # wake the publisher to see the stop
        publisher.join(timeout=5)

    def _publish_loop(self) -> None:
        """Publish the newest captured frame (never a backlog)."""
        while not self._stop.is_set():
            self._frame_ready.wait()
            self._frame_ready.clear()
            with self._frame_lock:
                frame, self._newest = self._newest, None
            if frame is None:
                continue
            try:
                self._publish_frame(frame)
                self.frames_published += 1
            except Exception:  # noqa: BLE001 - shutting down, or one bad frame
                # A context shut down before the node's stop is a stop too (SIGINT while
                # the constructor ran, CI at load: "publisher's context is invalid").
                if self._stop.is_set() or not self.context.ok():
                    return
                self.get_logger().error("publishing a frame failed:\n"
                                        + traceback.format_exc())

    def _capture(self) -> Frame:
        self._tick()
        return self.rig.capture(self.world)

    def _publish_frame(self, f: Frame) -> None:
        stamp = _stamp(f.stamp)
        h, w = f.rgb.shape[:2]
        rgb = Image(height=h, width=w, encoding="rgb8", is_bigendian=0, step=w * 3)
        rgb.header.stamp, rgb.header.frame_id = stamp, self.frame_cam
        rgb.data = np.ascontiguousarray(f.rgb).tobytes()
        depth = Image(height=h, width=w, is_bigendian=0)
        depth.header = rgb.header
        if self.depth_encoding == "16UC1":
            depth.encoding, depth.step = "16UC1", w * 2
            depth.data = np.clip(f.depth * 1000.0, 0, 65535).astype(np.uint16).tobytes()
        else:
            depth.encoding, depth.step = "32FC1", w * 4
            depth.data = f.depth.astype(np.float32).tobytes()
        fx, fy, cx, cy = f.camera.k
        info = CameraInfo(height=h, width=w, distortion_model="plumb_bob", d=[0.0] * 5,
                          k=[fx, 0.0, cx, 0.0, fy, cy, 0.0, 0.0, 1.0],
                          r=[1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0],
                          p=[fx, 0.0, cx, 0.0, 0.0, fy, cy, 0.0, 0.0, 0.0, 1.0, 0.0])
        info.header = rgb.header
        pose = PoseStamped()
        pose.header.stamp, pose.header.frame_id = stamp, self.frame_map
        pose.pose.position.x, pose.pose.position.y, pose.pose.position.z = \
            (float(v) for v in f.position)
        qx, qy, qz, qw = matrix_to_quaternion(f.rotation)
        o = pose.pose.orientation
        o.x, o.y, o.z, o.w = float(qx), float(qy), float(qz), float(qw)
        dets = Detections()
        dets.header = rgb.header
        for d in f.detections:
            m = DetectionMsg(label=d.label, score=float(d.score), x_min=float(d.box[0]),
                             y_min=float(d.box[1]), x_max=float(d.box[2]),
                             y_max=float(d.box[3]), state=d.state)
            if d.mask is not None:
                m.mask = Image(height=h, width=w, encoding="mono8", is_bigendian=0, step=w)
                m.mask.header = rgb.header
                m.mask.data = (d.mask.astype(np.uint8) * 255).tobytes()
            dets.detections.append(m)
        self.pub_info.publish(info)
        self.pub_pose.publish(pose)
        self.pub_depth.publish(depth)
        self.pub_rgb.publish(rgb)
        self.pub_dets.publish(dets)

    def _publish_places(self) -> None:
        msg = NamedPlaces()
        msg.header.frame_id = self.frame_map
        msg.header.stamp = _stamp(self.clock.now())
        for r in self.world.rooms:
            cx, cy = r.center
            msg.names.append(r.name)
            msg.positions.append(Point(x=float(cx), y=float(cy), z=0.0))
            msg.kinds.append(r.kind)
        self.pub_places.publish(msg)

    def _publish_truth(self) -> None:
        """The world's state at start (a goal's end state is tagged with its id: _announce)."""
        self.pub_truth.publish(String(data=json.dumps(to_state(self.world))))

    # ---- skills ------------------------------------------------------------------------
    # A goal's end is announced (the world's state tagged with its id, its terminal status,
    # its result) only once the robot is free: a client may send its next goal the moment
    # it learns the last one ended. Until round 58 the state and the status went out while
    # the goal still held the robot, and a next goal sent on them could be refused
    # "running another skill" (round 57's loaded CI). The end's state and result are taken
    # while the goal holds the robot (a next goal may move it once it is free).
    def _execute(self, gh: Any, server: str) -> ExecuteSkill.Result:
        try:
            end = self._execute_inner(gh, server)
        except Exception:  # noqa: BLE001 - a goal must never kill the node
            self.get_logger().error("skill failed:\n" + traceback.format_exc())
            self._active = None
            end = self._end(Outcome(ErrorCode.INTERNAL, "internal error in the world "
                                    "(logged)"), 0.0, abort=True)
        return self._announce(gh, end)

    def _execute_inner(self, gh: Any, server: str) -> _End:
        goal = gh.request
        bad = _validate_goal(goal)
        if bad:
            return self._end(Outcome(ErrorCode.INVALID_ARGUMENT, bad), 0.0, abort=True)
        if not self._busy.acquire(blocking=False):
            return self._end(Outcome(ErrorCode.UNAVAILABLE, "the robot is running another "
                                     "skill (one at a time)"), 0.0, abort=True)
        try:
            gh.publish_feedback(ExecuteSkill.Feedback(phase="planning", progress=0.0))
            targets = [Target(t.id, t.label, (t.position.x, t.position.y, t.position.z),
                              bool(t.position_known)) for t in goal.targets]
            args = list(goal.arguments)
            outcome: Outcome = self.worker.submit(
                lambda: self.runner.run(self.world, goal.skill, args, targets, server)).result()
            gh.publish_feedback(ExecuteSkill.Feedback(phase="planned", progress=0.0))
            if not outcome.waypoints:
                return self._end(outcome, 0.0, abort=not outcome.success)
            # No timeout given: the plan is the budget, however much there is to explore
            # (a fixed default cut an eight-viewpoint explore short; README_tasks round 18).
            timeout = goal.timeout if goal.timeout > 0 else outcome.duration
            return self._play(gh, goal, args, outcome, timeout)
        finally:
            self._active = None
            self._busy.release()

    def _play(self, gh: Any, goal: Any, args: list[str], outcome: Outcome, timeout: float
              ) -> _End:
        r = self.world.robot
        t0 = self.worker.submit(self._tick).result()
        self._active = {"start": (r.x, r.y, r.yaw), "start_pitch": r.pitch,
                        "outcome": outcome, "t0": t0, "phase": ""}
        wall_step = max(0.02, min(0.2, self.clock.wall_for(0.5)))
        while True:
            now = self.worker.submit(self._tick).result()
            elapsed = now - t0
            if gh.is_cancel_requested:
                self._active = None
                return self._end(Outcome(ErrorCode.CANCELED, f"{goal.skill}: cancelled; "
                                         "nothing changed but the base's pose"), elapsed,
                                 cancel=True)
            if elapsed >= timeout and elapsed < outcome.duration:
                self._active = None
                return self._end(Outcome(ErrorCode.TIMEOUT, f"{goal.skill}: timed out after "
                                         f"{timeout:.1f} s (needed {outcome.duration:.1f} s)"),
                                 elapsed, abort=True)
            if elapsed >= outcome.duration:
                break
            gh.publish_feedback(ExecuteSkill.Feedback(
                phase=str(self._active.get("phase", "")),
                progress=float(min(elapsed / max(outcome.duration, 1e-6), 1.0))))
            self._stop.wait(wall_step)
        self._active = None
        if outcome.success:
            self.worker.submit(self._commit, outcome, goal.skill, args).result()
        else:
            self.worker.submit(self._end_pose, outcome).result()
        return self._end(outcome, outcome.duration, abort=not outcome.success)

    def _end_pose(self, outcome: Outcome) -> None:
        last = outcome.waypoints[-1]
        r = self.world.robot
        r.x, r.y, r.yaw, r.pitch = last.x, last.y, last.yaw, last.pitch
        self.world.follow_robot()

    def _commit(self, outcome: Outcome, skill: str, args: list[str]) -> None:
        new = outcome.world
        if new is None:
            return  # Outcome.world None means: commit nothing
        self.world.objects = new.objects
        self.world.robot = new.robot
        self.world.acted, self.world.acted_count = new.acted, new.acted_count
        if skill == "pick":
            self._held_alias = args[0]
        elif new.robot.held is None:
            self._held_alias = ""

    def _end(self, outcome: Outcome, duration: float, abort: bool = False,
             cancel: bool = False) -> _End:
        """How a goal ended, taken while it holds the robot (or before it took it): its
        result and the world's state at its end (the state on the worker, where the world
        changes; None when that failed)."""
        try:
            state: dict | None = self.worker.submit(to_state, self.world).result()
        except Exception:  # noqa: BLE001 - the result still goes out
            self.get_logger().error("ground truth not taken:\n" + traceback.format_exc())
            state = None
        res = ExecuteSkill.Result(success=outcome.success, message=outcome.message[:1000],
                                  error_code=int(outcome.code), duration=float(duration))
        w = self.world
        room = w.room_of(w.robot.x, w.robot.y)
        res.robot_area = room.name if room else ""
        res.robot_position = Point(x=float(w.robot.x), y=float(w.robot.y), z=0.0)
        res.held_object = self._held_alias if w.robot.held else ""
        res.held_label = w.objects[w.robot.held].type if w.robot.held else ""
        res.shut_by = outcome.shut_by
        res.missing_fixtures = list(outcome.missing_fixtures)
        res.refused_label = outcome.refused_label
        return _End(res, state, abort, cancel)

    def _announce(self, gh: Any, end: _End) -> ExecuteSkill.Result:
        """The goal's end, once the robot is free: the world's state at its end, tagged with
        the goal's id, then its terminal status; rclpy sends the result once this returns.
        The state goes first: a reader can tell the state after this goal from an earlier
        one (the result and the state travel on different topics and may arrive in either
        order), and a failure that moved the robot (and what it holds) is in the state."""
        if end.state is not None:
            state = dict(end.state, goal=bytes(gh.goal_id.uuid).hex())
            try:
                self.pub_truth.publish(String(data=json.dumps(state)))
            except Exception:  # noqa: BLE001 - the result still goes out
                self.get_logger().error("ground truth not published:\n"
                                        + traceback.format_exc())
        if end.cancel:
            gh.canceled()
        elif end.abort:
            gh.abort()
        else:
            gh.succeed()
        return end.result

    def destroy_node(self) -> None:
        self.shutdown()
        super().destroy_node()

    def shutdown(self) -> None:
        """Stop the sensor and clock threads, close the renderer, end the world's thread.
        Idempotent."""
        self._stop.set()
        for t in self._threads:
            t.join(timeout=5)
        if self.rate > 0:
            self.get_logger().info(
                f"camera: {self.frames_published} frames published, {self.slots_missed} "
                f"periods missed (capture overran), {self.frames_replaced} replaced before "
                "publishing")
        try:
            self.worker.submit(self.rig.close).result(timeout=5)
        except Exception:  # noqa: BLE001 - best effort on the way out
            pass
        self.worker.shutdown(wait=False, cancel_futures=True)


def _validate_goal(goal: Any) -> str:
    """Why the goal is refused ("" = it is not), before the world or the robot is touched.

    Every string is bounded and free of control characters: arguments come back in the
    result (`held_object`, messages) and reach the planner's prompt and the memory."""
    n_skill, n_id = LIMITS.max_skill_name_chars, LIMITS.max_id_chars
    if not goal.skill or len(goal.skill) > n_skill or has_refused_characters(goal.skill):
        return f"skill must be 1..{n_skill} characters without control characters"
    if len(goal.arguments) > LIMITS.max_skill_arguments:
        return f"at most {LIMITS.max_skill_arguments} arguments"
    for a in goal.arguments:
        if len(a) > n_id or has_refused_characters(a):
            return f"arguments are at most {n_id} characters without control characters"
    if len(goal.targets) > LIMITS.max_skill_targets:
        return f"at most {LIMITS.max_skill_targets} targets"
    if len(goal.episode_id) > n_id or has_refused_characters(goal.episode_id):
        return f"episode_id is at most {n_id} characters without control characters"
    if not math.isfinite(goal.timeout) or not 0.0 <= goal.timeout <= LIMITS.max_skill_timeout_s:
        return f"timeout must be in [0, {LIMITS.max_skill_timeout_s:g}] seconds"
    for t in goal.targets:
        if len(t.id) > n_id or len(t.label) > n_id or has_refused_characters(t.id) \
                or has_refused_characters(t.label):
            return f"target ids and labels are at most {n_id} characters without control " \
                   "characters"
        p = (t.position.x, t.position.y, t.position.z)
        if not all(math.isfinite(v) and abs(v) <= LIMITS.max_coordinate_m for v in p):
            return f"target {t.id!r} has a non-finite or absurd position"
    return ""


def main(args: list[str] | None = None) -> int:
    os.environ.setdefault("MUJOCO_GL", "egl")
    # Once stopped, destroy_node has stopped the sensor and clock threads and closed the
    # renderer (its GL context) on the world's thread; the world is in memory only: the
    # process exits without the interpreter's teardown (runner.end_process).
    return run_node(WorldNode, "household_world", args,
                    startup_errors=(ValueError, LayoutError, RuntimeError, ParameterException),
                    exit_when_stopped=True,
                    executor=lambda: MultiThreadedExecutor(num_threads=4))


if __name__ == "__main__":
    sys.exit(main())
