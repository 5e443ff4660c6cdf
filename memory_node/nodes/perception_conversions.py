"""ROS messages <-> perception and scene-graph core types. No memory logic here.

Every conversion of an incoming message either returns core values or raises `DropError`,
whose `code` is the counter name the node increments (e.g. "depth.encoding") and whose
text is the warning it logs: a bad message is dropped, said and counted, never fatal.
"""

from __future__ import annotations

import array as pyarray
import math
import time
from collections.abc import Callable, Sequence
from typing import Any, Literal, TypeVar

import numpy as np
from builtin_interfaces.msg import Time
from geometry_msgs.msg import Point, Quaternion, Vector3
from geometry_msgs.msg import Pose as PoseMsg
from rclpy.serialization import deserialize_message
from sensor_msgs.msg import CameraInfo, CompressedImage, Image
from std_msgs.msg import ColorRGBA
from visualization_msgs.msg import Marker, MarkerArray

from memory_node.core.images import check_jpeg
from memory_node.core.limits import LIMITS
from memory_node.core.long_term import GraphEdge, GraphNode
from memory_node.core.perception.camera import (
    DEPTH_ENCODINGS_FLOAT,
    DEPTH_ENCODINGS_UINT16,
    CameraIntrinsics,
    Pose,
    matrix_to_quaternion,
    quaternion_to_matrix,
)
from memory_node.core.perception.frustum import CameraView
from memory_node.core.perception.observation import Detection, Observation
from memory_node.core.scene_graph.events import EventKind, SceneGraphEvent
from memory_node.core.units import (
    check_finite_position,
    check_identifier,
    check_optional_identifier,
    check_text,
    check_unit_interval,
    has_refused_characters,
)
from memory_node.msg import CameraView as CameraViewMsg
from memory_node.msg import Detections as DetectionsMsg
from memory_node.msg import (
    ObjectEvent,
    ObjectObservation,
    OrientedBox,
    SceneGraphEdge,
    SceneGraphNode,
)
from memory_node.msg import (
    SceneGraph as SceneGraphMsg,
)
from memory_node.nodes.cdr_prefix import PrefixError
from memory_node.nodes.conversions import from_time, to_point, to_time

POSE_TYPES = ("PoseStamped", "PoseWithCovarianceStamped", "Odometry")
COLOUR_ENCODINGS = {"rgb8": 3, "bgr8": 3, "rgba8": 4, "bgra8": 4, "mono8": 1}
MAX_IMAGE_SIDE = 16384  # beyond any camera; guards the allocation of a corrupt header


class DropError(ValueError):
    """A message (or one item of it) that cannot be used; `code` names the counter."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


MsgT = TypeVar("MsgT")


def bounded_message(raw: bytes, msg_type: type[MsgT], count: Callable[[bytes], int],
                    code: str, what: str,
                    limit: int = LIMITS.max_observations_per_frame) -> MsgT:
    """`raw` (a raw subscription's CDR bytes) as a message, deserialised only when its list
    of `what` holds at most `limit` items: `count` reads the
    length off the bytes (cdr_prefix), so a forged 10,000-item message costs microseconds,
    not the seconds rclpy spends building its Python objects (ci42: 5.6 s). Raises
    DropError `<code>.too_many`, `<code>.truncated`, `<code>.encapsulation` or
    `<code>.malformed` (bytes rclpy cannot read)."""
    try:
        n = count(raw)
    except PrefixError as exc:
        raise DropError(f"{code}.{exc.code}", str(exc)) from None
    if n > limit:
        raise DropError(f"{code}.too_many", f"{n} {what} in one message (max {limit}; "
                        "refused before deserialising)")
    try:
        return deserialize_message(raw, msg_type)
    except Exception as exc:  # rclpy's RMWError: the typesupport could not read the bytes
        raise DropError(f"{code}.malformed", f"{len(raw)} bytes: {exc}") from None


class ThrottledWarnings:
    """One warning per drop reason per `period_s` (rclpy's own throttle is per call site,
    so one helper logging every reason would silence all but the first)."""

    def __init__(self, logger: Any, period_s: float) -> None:
        self.logger = logger
        self.period_s = period_s
        self._last: dict[str, float] = {}

    def warn(self, code: str, message: str, count: int) -> None:
        now = time.monotonic()
        last = self._last.get(code)
        if last is None or now - last >= self.period_s:
            self._last[code] = now
            self.logger.warning(f"{message} [{code}: {count} so far]")


# -- stamps and poses -------------------------------------------------------------------------
def stamp_of(msg: Any) -> float:
    return from_time(msg.header.stamp)


def pose_msg_to_core(pose: PoseMsg, what: str = "pose") -> Pose:
    try:
        return Pose.make((pose.position.x, pose.position.y, pose.position.z),
                         (pose.orientation.x, pose.orientation.y, pose.orientation.z,
                          pose.orientation.w))
    except ValueError as exc:
        raise DropError(f"{what}.invalid", str(exc)) from exc


def pose_core_to_msg(pose: Pose) -> PoseMsg:
    x, y, z, w = pose.orientation
    return PoseMsg(position=to_point(pose.position), orientation=Quaternion(x=x, y=y, z=z, w=w))


def pose_from_any(msg: Any) -> Pose:
    """The pose of a PoseStamped, PoseWithCovarianceStamped or Odometry message."""
    inner = msg.pose
    if hasattr(inner, "pose"):  # PoseWithCovariance (both of the other two types)
        inner = inner.pose
    return pose_msg_to_core(inner)


# -- images -----------------------------------------------------------------------------------
def _pixels(msg: Image, dtype: np.dtype, channels: int, what: str) -> np.ndarray:
    """The image's pixels as (h, w[, c]) of `dtype`, honouring step and endianness."""
    h, w = int(msg.height), int(msg.width)
    if h <= 0 or w <= 0:
        raise DropError(f"{what}.empty", f"{what}: image is {w}x{h}")
    if h > MAX_IMAGE_SIDE or w > MAX_IMAGE_SIDE:
        raise DropError(f"{what}.size", f"{what}: image {w}x{h} is implausibly large")
    row = w * channels * dtype.itemsize
    step = int(msg.step)
    if step < row:
        raise DropError(f"{what}.size", f"{what}: step {step} < {row} bytes per row "
                        f"({w} px of {msg.encoding})")
    data = msg.data
    if len(data) != step * h:
        raise DropError(f"{what}.size", f"{what}: {len(data)} bytes, header says "
                        f"{step} x {h} = {step * h}")
    # rclpy holds uint8[] as array.array (a buffer): no copy until the slice below.
    raw = np.frombuffer(data, dtype=np.uint8).reshape(h, step)[:, :row]
    order: Literal[">", "<"] = ">" if msg.is_bigendian else "<"
    pixels = np.ascontiguousarray(raw).view(dtype.newbyteorder(order))
    pixels = pixels.astype(dtype, copy=False)
    return pixels.reshape(h, w, channels) if channels > 1 else pixels.reshape(h, w)


def colour_from_msg(msg: Image) -> np.ndarray:
    """(h, w, 3) uint8 RGB."""
    channels = COLOUR_ENCODINGS.get(msg.encoding)
    if channels is None:
        raise DropError("colour.encoding", f"colour: encoding {msg.encoding!r} is not one of "
                        f"{', '.join(COLOUR_ENCODINGS)}")
    pixels = _pixels(msg, np.dtype(np.uint8), channels, "colour")
    if msg.encoding == "mono8":
        return np.repeat(pixels[:, :, None], 3, axis=2)
    if msg.encoding.startswith("bgr"):
        return np.ascontiguousarray(pixels[:, :, 2::-1])
    return np.ascontiguousarray(pixels[:, :, :3])


def depth_from_msg(msg: Image) -> tuple[np.ndarray, str]:
    """Raw depth pixels (uint16 or float32) and the encoding to decode them with."""
    if msg.encoding in DEPTH_ENCODINGS_UINT16:
        return _pixels(msg, np.dtype(np.uint16), 1, "depth"), msg.encoding
    if msg.encoding in DEPTH_ENCODINGS_FLOAT:
        return _pixels(msg, np.dtype(np.float32), 1, "depth"), msg.encoding
    raise DropError("depth.encoding", f"depth: encoding {msg.encoding!r} is not one of "
                    f"{', '.join(DEPTH_ENCODINGS_UINT16 + DEPTH_ENCODINGS_FLOAT)}")


def image_msg(array: np.ndarray, encoding: str, stamp: Time, frame_id: str) -> Image:
    """An Image of a contiguous (h, w[, c]) array (little-endian, tightly packed)."""
    array = np.ascontiguousarray(array)
    msg = Image(height=int(array.shape[0]), width=int(array.shape[1]), encoding=encoding,
                is_bigendian=0, step=int(array.strides[0]))
    msg.header.stamp, msg.header.frame_id = stamp, frame_id
    # array.array('B') is taken as is by the generated setter; bytes, lists or numpy arrays
    # are checked element by element (about 1 MB per colour frame).
    msg.data = pyarray.array("B", array.tobytes())
    return msg


def intrinsics_from_msg(msg: CameraInfo) -> CameraIntrinsics:
    try:
        return CameraIntrinsics.from_k(list(msg.k), int(msg.width), int(msg.height))
    except ValueError as exc:
        raise DropError("camera_info.invalid", str(exc)) from exc


def camera_info_msg(k: CameraIntrinsics, stamp: Time, frame_id: str) -> CameraInfo:
    msg = CameraInfo(width=k.width, height=k.height, distortion_model="plumb_bob",
                     d=[0.0] * 5, k=[k.fx, 0.0, k.cx, 0.0, k.fy, k.cy, 0.0, 0.0, 1.0],
                     r=[1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0],
                     p=[k.fx, 0.0, k.cx, 0.0, 0.0, k.fy, k.cy, 0.0, 0.0, 0.0, 1.0, 0.0])
    msg.header.stamp, msg.header.frame_id = stamp, frame_id
    return msg


# -- detections -------------------------------------------------------------------------------
def detections_from_msg(msg: DetectionsMsg) -> list[Detection]:
    """Core detections; a malformed mask becomes an empty array, which the pipeline then
    refuses for that detection only (with the reason), keeping the rest of the frame.

    Too many detections, or a label, tracker id or state too long or holding control
    characters, drop the whole message: no detector sends them, and the memory would
    refuse the frame (more than 256 observations) or the object later, after the depth work
    was spent on it."""
    n = len(msg.detections)
    if n > LIMITS.max_observations_per_frame:
        raise DropError("detections.too_many", f"{n} detections in one message (max "
                        f"{LIMITS.max_observations_per_frame})")
    for d in msg.detections:
        for what, value in (("label", d.label), ("tracker_id", d.tracker_id),
                            ("state", d.state)):
            if len(value) > LIMITS.max_label_chars or has_refused_characters(value):
                raise DropError("detections.bad_text", f"a detection's {what} "
                                f"{value[:40]!r} is over {LIMITS.max_label_chars} "
                                "characters or holds control characters")
    out = []
    for d in msg.detections:
        mask = None
        if d.mask.width or d.mask.height or len(d.mask.data):
            try:
                mask = _pixels(d.mask, np.dtype(np.uint8), 1, "mask") > 0
            except DropError:
                mask = np.zeros((0, 0), dtype=bool)
        out.append(Detection(d.label, float(d.score), (d.x_min, d.y_min, d.x_max, d.y_max),
                             mask=mask, tracker_id=d.tracker_id or None, state=d.state or None))
    return out


def detection_drop_code(reason: str) -> str:
    """Counter name of a per-detection drop reason (PerceptionPipeline.process's drops)."""
    for needle, code in (("outside", "outside_image"), ("empty label", "empty_label"),
                         ("not finite", "not_finite"), ("is empty", "empty_box"),
                         ("mask", "bad_mask"), ("score", "low_score"),
                         ("depth points", "no_depth"), ("outlier", "outliers")):
        if needle in reason:
            return f"detection.{code}"
    return "detection.other"


# -- observations (perception node -> memory server) ------------------------------------------
def jpeg(rgb: np.ndarray, quality: int) -> bytes:
    import cv2  # here, not at the top: the memory server imports this module, never encodes

    ok, buf = cv2.imencode(".jpg", cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR),
                           [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    return buf.tobytes() if ok else b""


def observation_to_msg(obs: Observation, jpeg_quality: int = 80) -> ObjectObservation:
    x, y, z, w = matrix_to_quaternion(obs.box_rotation)
    msg = ObjectObservation(
        label=obs.label, score=float(obs.score), tracker_id=obs.tracker_id or "",
        centroid=to_point(obs.centroid), point_count=int(obs.point_count),
        state=obs.state or "",
        box=OrientedBox(center=PoseMsg(position=to_point(obs.box_center),
                                       orientation=Quaternion(x=x, y=y, z=z, w=w)),
                        size=Vector3(x=obs.box_extent[0], y=obs.box_extent[1],
                                     z=obs.box_extent[2])))
    if obs.crop is not None and obs.crop.size:
        msg.crop.format = "jpeg"
        msg.crop.data = pyarray.array("B", jpeg(obs.crop, jpeg_quality))
    return msg


def view_to_msg(view: CameraView, stamp: Time, frame_id: str) -> CameraViewMsg:
    """The view with its downsampled depth, and intrinsics (and the detector's floor in
    pixels) scaled to match that depth."""
    k = view.intrinsics
    s = float(view.depth_stride) if view.depth is not None else 1.0
    msg = CameraViewMsg(pose=pose_core_to_msg(view.pose), near=float(view.near),
                        far=float(view.far),
                        min_object_pixels=float(view.min_pixels) / (s * s))
    msg.header.stamp, msg.header.frame_id = stamp, frame_id
    if view.depth is not None:
        rows, cols = view.depth.shape
        small = CameraIntrinsics(k.fx / s, k.fy / s, min(k.cx / s, cols), min(k.cy / s, rows),
                                 cols, rows)
        msg.depth = image_msg(view.depth.astype(np.float32), "32FC1", stamp, frame_id)
    else:
        small = k
    msg.camera_info = camera_info_msg(small, stamp, frame_id)
    return msg


def view_from_msg(msg: CameraViewMsg, stamp: float) -> CameraView | None:
    """The core view, or None when the producer sent none (all-zero camera_info)."""
    info = msg.camera_info
    if info.width == 0 and info.height == 0 and not any(info.k):
        return None
    pose = pose_msg_to_core(msg.pose, "view.pose")
    intrinsics = intrinsics_from_msg(info)
    depth = None
    if msg.depth.width or msg.depth.height or len(msg.depth.data):
        if msg.depth.encoding not in DEPTH_ENCODINGS_FLOAT:
            raise DropError("view.depth", f"view depth encoding {msg.depth.encoding!r} is not "
                            "32FC1")
        depth = _pixels(msg.depth, np.dtype(np.float32), 1, "view.depth").copy()
        with np.errstate(invalid="ignore"):
            depth[~(depth > 0)] = np.nan
    try:
        return CameraView(stamp, pose, intrinsics, float(msg.near), float(msg.far), depth, 1,
                          min_pixels=float(msg.min_object_pixels))
    except ValueError as exc:
        raise DropError("view.invalid", str(exc)) from exc


def observation_from_msg(msg: ObjectObservation, stamp: float) -> tuple[Observation, bytes]:
    """One observation (map frame) and its crop's JPEG bytes; DropError if unusable."""
    label = msg.label.strip()
    if not label:
        raise DropError("observation.empty_label", "observation with an empty label")
    crop = bytes(msg.crop.data) if msg.crop.format.lower() in ("jpeg", "jpg") else b""
    if crop:
        try:  # declared pixels, from the header: a small file can decode to gigabytes
            check_jpeg(crop)
        except ValueError as exc:
            raise DropError("observation.bad_crop", f"observation {label!r}: {exc}") from exc
    values = (msg.centroid.x, msg.centroid.y, msg.centroid.z, msg.box.center.position.x,
              msg.box.center.position.y, msg.box.center.position.z, msg.box.size.x,
              msg.box.size.y, msg.box.size.z, msg.score)
    if not all(math.isfinite(v) for v in values):
        raise DropError("observation.non_finite",
                        f"observation {label!r}: non-finite centroid, box or score")
    if min(msg.box.size.x, msg.box.size.y, msg.box.size.z) < 0:
        raise DropError("observation.bad_box", f"observation {label!r}: negative box size")
    q = msg.box.center.orientation
    quat = np.array([q.x, q.y, q.z, q.w], dtype=float)
    norm = float(np.linalg.norm(quat)) if np.all(np.isfinite(quat)) else math.nan
    if not (abs(norm - 1.0) <= 1e-2 or norm == 0.0):
        raise DropError("observation.bad_box",
                        f"observation {label!r}: box orientation norm {norm:.3f} is not unit")
    try:  # the core's checks, shared with units and requests
        label = check_identifier(msg.label, "observation label", LIMITS.max_label_chars)
        tracker_id = check_optional_identifier(msg.tracker_id, "observation tracker_id")
        state = check_text(msg.state, "observation state", LIMITS.max_label_chars).lower()
        check_unit_interval(msg.score, f"observation {label!r}: score")
        check_finite_position((msg.centroid.x, msg.centroid.y, msg.centroid.z),
                              f"observation {label!r}: centroid")
        check_finite_position((msg.box.center.position.x, msg.box.center.position.y,
                               msg.box.center.position.z), f"observation {label!r}: box")
        size = (msg.box.size.x, msg.box.size.y, msg.box.size.z)
        if not all(0.0 <= v <= LIMITS.max_object_size_m for v in size):  # False for NaN
            raise ValueError(f"observation {label!r}: box size {size} is outside "
                             f"[0, {LIMITS.max_object_size_m}] m")
    except ValueError as exc:
        raise DropError("observation.invalid", str(exc)) from exc
    rotation = np.eye(3) if norm == 0.0 else quaternion_to_matrix(quat / norm)
    obs = Observation(
        label=label, score=float(msg.score),
        centroid=(msg.centroid.x, msg.centroid.y, msg.centroid.z),
        box_center=(msg.box.center.position.x, msg.box.center.position.y,
                    msg.box.center.position.z),
        box_extent=(msg.box.size.x, msg.box.size.y, msg.box.size.z), box_rotation=rotation,
        point_count=int(msg.point_count), stamp=stamp, tracker_id=tracker_id or None,
        state=state or None)
    return obs, crop


# -- scene graph (memory server -> clients) ---------------------------------------------------
_LAYERS = {"floor": SceneGraphNode.FLOOR, "area": SceneGraphNode.AREA,
           "object": SceneGraphNode.OBJECT}
_EDGES = {"contains": SceneGraphEdge.CONTAINS, "navigable": SceneGraphEdge.NAVIGABLE}
_EVENTS = {EventKind.NEW: ObjectEvent.NEW, EventKind.MOVED: ObjectEvent.MOVED,
           EventKind.REMOVED: ObjectEvent.REMOVED,
           EventKind.STATE_CHANGED: ObjectEvent.STATE_CHANGED}


def graph_to_msg(nodes: Sequence[GraphNode], edges: Sequence[GraphEdge], revision: int,
                 stamp: Time, frame_id: str) -> SceneGraphMsg:
    msg = SceneGraphMsg(revision=int(revision))
    msg.header.stamp, msg.header.frame_id = stamp, frame_id
    for n in nodes:
        x, y, z, w = n.box_rotation
        msg.nodes.append(SceneGraphNode(
            id=n.id, layer=_LAYERS[n.layer], label=n.label, parent_id=n.parent_id,
            position=to_point(n.position),
            box=OrientedBox(center=PoseMsg(position=to_point(n.position),
                                           orientation=Quaternion(x=x, y=y, z=z, w=w)),
                            size=Vector3(x=n.box_extent[0], y=n.box_extent[1],
                                         z=n.box_extent[2])),
            first_seen=to_time(n.first_seen), last_seen=to_time(n.last_seen),
            observation_count=max(0, n.observation_count), confidence=float(n.confidence),
            movable=n.movable, state=n.state, last_absent=to_time(n.last_absent)))
    msg.edges = [SceneGraphEdge(source=e.source, target=e.target, kind=_EDGES[e.kind],
                                distance=float(e.distance)) for e in edges]
    return msg


_LAYER_NAMES = {v: k for k, v in _LAYERS.items()}
_EDGE_NAMES = {v: k for k, v in _EDGES.items()}
MAX_GRAPH_NODES = 200_000  # a subscriber's bound on one message (10,000 objects is the target)


def graph_from_msg(msg: SceneGraphMsg, max_nodes: int = MAX_GRAPH_NODES
                   ) -> tuple[list[GraphNode], list[GraphEdge]]:
    """A SceneGraph message as the core's nodes and edges, for a subscriber (a viewer, a
    test). Anyone may publish on the topic: sizes, layers, kinds, strings and numbers are
    checked, and ValueError says what is wrong (nothing is half-read)."""
    if len(msg.nodes) > max_nodes or len(msg.edges) > 4 * max_nodes:
        raise ValueError(f"scene graph with {len(msg.nodes)} nodes and {len(msg.edges)} "
                         f"edges (max {max_nodes} nodes)")
    nodes = []
    for n in msg.nodes:
        layer = _LAYER_NAMES.get(n.layer)
        if layer is None:
            raise ValueError(f"node {n.id[:40]!r}: unknown layer {n.layer}")
        for text, what in ((n.id, "id"), (n.label, "label"), (n.parent_id, "parent id"),
                           (n.state, "state")):
            if len(text) > LIMITS.max_label_chars or not text.isprintable():
                raise ValueError(f"node {n.id[:40]!r}: {what} is not a short printable name")
        pos, rot, e = n.position, n.box.center.orientation, n.box.size
        values = (pos.x, pos.y, pos.z, e.x, e.y, e.z, rot.x, rot.y, rot.z, rot.w, n.confidence)
        if not all(math.isfinite(v) for v in values):
            raise ValueError(f"node {n.id[:40]!r}: a position, box or confidence is not finite")
        nodes.append(GraphNode(
            id=n.id, layer=layer, label=n.label, parent_id=n.parent_id,
            position=(pos.x, pos.y, pos.z), box_extent=(e.x, e.y, e.z),
            box_rotation=(rot.x, rot.y, rot.z, rot.w), first_seen=from_time(n.first_seen),
            last_seen=from_time(n.last_seen), observation_count=int(n.observation_count),
            confidence=float(n.confidence), movable=bool(n.movable), state=n.state,
            last_absent=from_time(n.last_absent)))
    edges = []
    for e in msg.edges:
        kind = _EDGE_NAMES.get(e.kind)
        if kind is None:
            raise ValueError(f"edge {e.source[:40]!r}-{e.target[:40]!r}: unknown kind {e.kind}")
        edges.append(GraphEdge(source=e.source, target=e.target, kind=kind,
                               distance=float(e.distance)))
    return nodes, edges


def event_to_msg(event: SceneGraphEvent, stamp: Time, frame_id: str) -> ObjectEvent:
    msg = ObjectEvent(kind=_EVENTS[event.kind], object_id=event.object_id, label=event.label,
                      old_state=event.old_state, new_state=event.new_state,
                      area_id=event.area_id or "", merged_id=event.merged_id,
                      old_openness=event.old_openness, new_openness=event.new_openness,
                      state_confidence=float(min(1.0, max(0.0, event.state_confidence))))
    msg.header.stamp, msg.header.frame_id = stamp, frame_id
    if event.old_position is not None:
        msg.old_position = to_point(event.old_position)
    if event.new_position is not None:
        msg.new_position = to_point(event.new_position)
    return msg


_MARKER_TYPES = {"cube": Marker.CUBE, "sphere": Marker.SPHERE,
                 "text": Marker.TEXT_VIEW_FACING, "line_list": Marker.LINE_LIST}
_MARKER_ACTIONS = {"add": Marker.ADD, "delete": Marker.DELETE, "deleteall": Marker.DELETEALL}


def markers_to_msg(markers: Sequence[dict[str, Any]], stamp: Time) -> MarkerArray:
    """MarkerArray of MarkerBuilder's plain dicts, field by field."""
    out = MarkerArray()
    for m in markers:
        px, py, pz = m["pose"]["position"]
        qx, qy, qz, qw = m["pose"]["orientation"]
        sx, sy, sz = m["scale"]
        r, g, b, a = m["color"]
        marker = Marker(ns=m["ns"], id=int(m["id"]), type=_MARKER_TYPES[m["type"]],
                        action=_MARKER_ACTIONS[m["action"]], text=m["text"],
                        pose=PoseMsg(position=Point(x=float(px), y=float(py), z=float(pz)),
                                     orientation=Quaternion(x=float(qx), y=float(qy),
                                                            z=float(qz), w=float(qw))),
                        scale=Vector3(x=float(sx), y=float(sy), z=float(sz)),
                        color=ColorRGBA(r=float(r), g=float(g), b=float(b), a=float(a)),
                        points=[to_point(p) for p in m["points"]])
        marker.header.stamp, marker.header.frame_id = stamp, m["frame_id"]
        out.markers.append(marker)
    return out


_MARKER_TYPE_NAMES = {v: k for k, v in _MARKER_TYPES.items()}
_MARKER_ACTION_NAMES = {v: k for k, v in _MARKER_ACTIONS.items()}


def marker_from_msg(marker: Marker) -> dict[str, Any]:
    """The plain dict of markers_to_msg's input, read back (any subscriber's view of the
    topic; a type or action this package never sends reads as its number)."""
    p, q = marker.pose.position, marker.pose.orientation
    return {"ns": marker.ns, "id": int(marker.id),
            "type": _MARKER_TYPE_NAMES.get(marker.type, marker.type),
            "action": _MARKER_ACTION_NAMES.get(marker.action, marker.action),
            "frame_id": marker.header.frame_id,
            "pose": {"position": (p.x, p.y, p.z), "orientation": (q.x, q.y, q.z, q.w)},
            "scale": (marker.scale.x, marker.scale.y, marker.scale.z),
            "color": (marker.color.r, marker.color.g, marker.color.b, marker.color.a),
            "text": marker.text, "points": [(pt.x, pt.y, pt.z) for pt in marker.points]}


def compressed_jpeg(data: bytes, stamp: Time, frame_id: str) -> CompressedImage:
    msg = CompressedImage(format="jpeg", data=pyarray.array("B", data))
    msg.header.stamp, msg.header.frame_id = stamp, frame_id
    return msg
