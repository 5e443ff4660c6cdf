"""MuJoCo scene of a World, rendered headless (MUJOCO_GL=egl, Mesa on the CPU).

The house is written as MJCF once per layout: floors, walls, every object a mocap body of
primitives (the catalog's shape, size and colour), openable receptacles as an open-fronted
carcass plus a door body that swings 90° open, and the robot (base, mast, head camera).
Each frame `sync` copies the world into the mocap poses, sizes and colours (a sliced object
is half as tall, a dirty one darker, a cooked one browner, a lamp that is on lighter), so
what the camera sees is the world's state. Shadows, reflections and multisampling are off
(they cost 10× here). Rendering must stay on the thread that created the renderer (an EGL
context is current on one thread).
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass

import numpy as np

os.environ.setdefault("MUJOCO_GL", "egl")
import mujoco  # noqa: E402 - MUJOCO_GL must be set before the import

from memory_node.sim.core.camera_mount import (  # noqa: E402
    CAMERA_AHEAD,
    CAMERA_FOVY,
    CAMERA_HEIGHT,
    CAMERA_PITCH,
    mount_axes,
)
from memory_node.sim.core.world import (  # noqa: E402
    SHELF_FRACTION,
    SHELF_MIN_HEIGHT,
    World,
    WorldObject,
)

ROBOT_GROUP = 3             # geom group of the robot's own body (hidden from its camera)
# The head camera's clip planes in metres. MJCF's <map znear zfar> are fractions of the
# model's extent (the house's size), so a fixed fraction put the near plane 0.41 m out in a
# 20 m house: a wall or a cabinet door nearer than that was not drawn and the camera saw
# through it. A D435's depth starts at about 0.1 m; nothing the head looks at is nearer
# than 0.05 m.
CAMERA_NEAR = 0.05
CAMERA_FAR = 60.0
WALL_HEIGHT = 2.4
_FLOOR_RGBA = {"kitchen": ".82 .78 .7 1", "living_room": ".62 .5 .38 1",
               "bedroom": ".7 .62 .66 1", "bathroom": ".78 .84 .88 1"}


def _f(*v: float) -> str:
    return " ".join(f"{x:.4f}" for x in v)


def _half_size(shape: str, size: np.ndarray) -> tuple[float, ...]:
    sx, sy, sz = (float(s) / 2 for s in size)
    if shape == "sphere":
        return (sx,)
    if shape == "cylinder":
        return (sx, sz)
    return (sx, sy, sz)


@dataclass(frozen=True)
class CameraModel:
    width: int
    height: int
    fovy_deg: float = CAMERA_FOVY

    @property
    def fy(self) -> float:
        return 0.5 * self.height / math.tan(math.radians(self.fovy_deg) / 2)

    @property
    def k(self) -> tuple[float, float, float, float]:
        """fx, fy, cx, cy (square pixels, principal point at the centre)."""
        return (self.fy, self.fy, (self.width - 1) / 2, (self.height - 1) / 2)


class SceneModel:
    """The MJCF of one layout and the per-frame copy of the world into it."""

    def __init__(self, world: World, max_width: int = 640, max_height: int = 480) -> None:
        self.ids = sorted(world.objects)
        self.index = {oid: i for i, oid in enumerate(self.ids)}
        self.model = mujoco.MjModel.from_xml_string(self._xml(world, max_width, max_height))
        extent = float(self.model.stat.extent)
        self.model.vis.map.znear = CAMERA_NEAR / extent
        self.model.vis.map.zfar = CAMERA_FAR / extent
        self.data = mujoco.MjData(self.model)
        m = self.model
        self.geom_obj = np.full(m.ngeom + 1, -1, dtype=np.int32)   # last slot: background
        self._mocap: dict[str, int] = {}
        self._geoms: dict[str, list[int]] = {}
        for b in range(m.nbody):
            name = mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_BODY, b) or ""
            if name[:2] in ("o:", "d:"):
                oid = name[2:]
                if name[0] == "o":
                    self._mocap[oid] = int(m.body_mocapid[b])
                else:
                    self._mocap["door:" + oid] = int(m.body_mocapid[b])
                for g in range(m.body_geomadr[b], m.body_geomadr[b] + m.body_geomnum[b]):
                    self.geom_obj[g] = self.index[oid]
                    if name[0] == "o" and m.geom_group[g] == 0:
                        self._geoms.setdefault(oid, []).append(g)
            elif name == "robot":
                self._robot = int(m.body_mocapid[b])
        self._base_rgba = {oid: m.geom_rgba[gs[0]].copy() for oid, gs in self._geoms.items()}
        self.head = mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_CAMERA, "head")
        self.top = mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_CAMERA, "top")
        self._pitch = CAMERA_PITCH          # the head's tilt the model's camera has now

    # ---- MJCF --------------------------------------------------------------------------
    def _xml(self, world: World, w: int, h: int) -> str:
        parts = [f'<mujoco model="{world.name}">',
                 f'<visual><global offwidth="{max(w, 800)}" offheight="{max(h, 800)}"/>'
                 '<quality shadowsize="0" offsamples="0"/>'
                 '<headlight ambient=".45 .45 .45" diffuse=".45 .45 .45" specular="0 0 0"/>'
                 '</visual>',
                 '<worldbody>',
                 '<light directional="true" dir="0.3 0.4 -1" castshadow="false" '
                 'diffuse=".35 .35 .35" specular="0 0 0"/>']
        for r in world.rooms:
            parts.append(f'<geom type="box" pos="{_f(*r.center, -0.01)}" '
                         f'size="{_f((r.x1 - r.x0) / 2, (r.y1 - r.y0) / 2, 0.01)}" '
                         f'rgba="{_FLOOR_RGBA.get(r.kind, ".7 .7 .7 1")}"/>')
        for (x0, y0, x1, y1) in world.walls:
            centre = _f((x0 + x1) / 2, (y0 + y1) / 2, WALL_HEIGHT / 2)
            parts.append(f'<geom type="box" pos="{centre}"'
                         f' size="{_f((x1 - x0) / 2, (y1 - y0) / 2, WALL_HEIGHT / 2)}" '
                         'rgba=".93 .92 .88 1"/>')
        for oid in self.ids:
            parts.append(self._object_xml(world.objects[oid]))
        parts.append(
            '<body name="robot" mocap="true">'
            f'<geom type="cylinder" size="0.2 0.15" pos="0 0 0.15" rgba=".2 .2 .25 1" '
            f'group="{ROBOT_GROUP}"/>'
            f'<geom type="box" size="0.04 0.04 0.6" pos="0 0 0.8" rgba=".3 .3 .35 1" '
            f'group="{ROBOT_GROUP}"/>'
            f'<geom type="box" size="0.12 0.04 0.03" pos="0.1 0 {CAMERA_HEIGHT}" '
            f'rgba=".9 .5 .1 1" group="{ROBOT_GROUP}"/>'
            f'<camera name="head" pos="{_f(CAMERA_AHEAD, 0, CAMERA_HEIGHT)}" '
            f'xyaxes="{_f(*mount_axes(CAMERA_PITCH))}" fovy="{CAMERA_FOVY}"/>'
            '</body>')
        xs = [r.x0 for r in world.rooms] + [r.x1 for r in world.rooms]
        ys = [r.y0 for r in world.rooms] + [r.y1 for r in world.rooms]
        extent = max(max(xs) - min(xs), max(ys) - min(ys)) + 0.6
        above = _f((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2, 20)
        parts.append(f'<camera name="top" pos="{above}" xyaxes="1 0 0 0 1 0" '
                     f'projection="orthographic" fovy="{extent:.3f}"/>')
        parts.append('</worldbody></mujoco>')
        return "\n".join(parts)

    def _object_xml(self, o: WorldObject) -> str:
        k = o.kind
        rgba = _f(*k.rgba)
        size = np.array(k.size, dtype=float)
        body = [f'<body name="o:{o.id}" mocap="true">']
        if k.openable:
            # Carcass open at the front (+y): bottom, top, back, left, right panels.
            sx, sy, sz = size / 2
            t = 0.015
            panels = [((0, 0, -sz + t), (sx, sy, t)), ((0, 0, sz - t), (sx, sy, t)),
                      ((0, -sy + t, 0), (sx, t, sz)), ((-sx + t, 0, 0), (t, sy, sz)),
                      ((sx - t, 0, 0), (t, sy, sz))]
            if size[2] > SHELF_MIN_HEIGHT:
                panels.append(((0, 0, -sz + SHELF_FRACTION * size[2]), (sx, sy, t)))
            for pos, half in panels:
                body.append(f'<geom type="box" pos="{_f(*pos)}" size="{_f(*half)}" '
                            f'rgba="{rgba}"/>')
            body.append('</body>')
            body.append(f'<body name="d:{o.id}" mocap="true"><geom type="box" '
                        f'size="{_f(sx, 0.012, sz)}" pos="{_f(sx, 0, 0)}" '
                        f'rgba="{_f(*(np.array(k.rgba) * [0.85, 0.85, 0.85, 1]))}"/></body>')
            return "".join(body)
        body.append(f'<geom type="{k.shape}" size="{_f(*_half_size(k.shape, size))}" '
                    f'rgba="{rgba}"/>')
        body.append('</body>')
        return "".join(body)

    # ---- per frame ---------------------------------------------------------------------
    def sync(self, world: World) -> None:
        d, m = self.data, self.model
        for oid in self.ids:
            o = world.objects.get(oid)
            if o is None:
                continue
            mid = self._mocap[oid]
            d.mocap_pos[mid] = o.position
            d.mocap_quat[mid] = _yaw_quat(o.yaw)
            if o.kind.openable:
                self._door(o)
            gs = self._geoms.get(oid)
            if gs and not o.kind.openable:
                m.geom_size[gs[0]][: len(_half_size(o.kind.shape, o.size))] = \
                    _half_size(o.kind.shape, o.size)
                m.geom_rgba[gs[0]] = _state_rgba(self._base_rgba[oid], o)
        r = world.robot
        d.mocap_pos[self._robot] = (r.x, r.y, 0.0)
        d.mocap_quat[self._robot] = _yaw_quat(r.yaw)
        if r.pitch != self._pitch:
            # The head's tilt turns the camera about its own origin (the model's camera
            # frame is the tilt joint): the same pose visibility.Camera.pose computes.
            m.cam_quat[self.head] = _mount_quat(r.pitch)
            self._pitch = r.pitch
        mujoco.mj_kinematics(m, d)
        mujoco.mj_camlight(m, d)

    def _door(self, o: WorldObject) -> None:
        """The door's frame sits on the hinge (front-left edge); it swings 90° out."""
        sx, sy, _ = o.size / 2
        c, s = math.cos(o.yaw), math.sin(o.yaw)
        hx, hy = -sx, sy + 0.013
        hinge = o.position + np.array([c * hx - s * hy, s * hx + c * hy, 0.0])
        ang = o.yaw + (math.pi / 2 if o.is_open else 0.0)
        mid = self._mocap["door:" + o.id]
        self.data.mocap_pos[mid] = hinge
        self.data.mocap_quat[mid] = _yaw_quat(ang)

    def camera_pose(self) -> tuple[np.ndarray, np.ndarray]:
        """Head camera optical frame in the map: position, rotation (z fwd, x right, y down)."""
        pos = self.data.cam_xpos[self.head].copy()
        r = self.data.cam_xmat[self.head].reshape(3, 3)
        # MuJoCo's camera looks along -z with y up; the optical frame flips y and z.
        return pos, r @ np.diag([1.0, -1.0, -1.0])


def _mount_quat(pitch: float) -> np.ndarray:
    """The head camera's orientation in the robot body (MuJoCo's w, x, y, z) for a pitch."""
    ax = mount_axes(pitch)
    x, y = np.array(ax[:3]), np.array(ax[3:])
    mat = np.column_stack((x, y, np.cross(x, y)))
    q = np.zeros(4)
    mujoco.mju_mat2Quat(q, mat.reshape(-1))
    return q


def _yaw_quat(yaw: float) -> np.ndarray:
    return np.array([math.cos(yaw / 2), 0.0, 0.0, math.sin(yaw / 2)])


def _state_rgba(base: np.ndarray, o: WorldObject) -> np.ndarray:
    c = base.copy()
    if o.cooked:
        c[:3] = c[:3] * 0.5 + np.array([0.35, 0.2, 0.05])
    elif o.heated:
        c[:3] = c[:3] * 0.8 + np.array([0.15, 0.05, 0.0])
    if o.dirty:
        c[:3] *= 0.6
    if o.is_on:
        c[:3] = np.minimum(c[:3] * 1.3 + 0.1, 1.0)
    return c


class Renderer:
    """RGB, depth (metres) and per-pixel object index (-1: background) from the head
    camera, or a top-down picture of the house."""

    def __init__(self, scene: SceneModel, width: int, height: int) -> None:
        self.scene = scene
        self.camera = CameraModel(width, height)
        self._r = mujoco.Renderer(scene.model, height, width)
        self._opt = mujoco.MjvOption()
        self._opt.geomgroup[ROBOT_GROUP] = 0

    def close(self) -> None:
        self._r.close()

    def render(self, rgb: bool = True, depth: bool = True, seg: bool = True
               ) -> tuple[np.ndarray | None, np.ndarray | None, np.ndarray | None]:
        r = self._r
        r.update_scene(self.scene.data, camera=self.scene.head, scene_option=self._opt)
        out_rgb = r.render().copy() if rgb else None
        out_depth = out_seg = None
        if depth and seg:
            out_depth, out_seg = self._depth_and_segmentation()
        elif depth:
            r.enable_depth_rendering()
            out_depth = r.render().copy()
            r.disable_depth_rendering()
        elif seg:
            r.enable_segmentation_rendering()
            raw = r.render()
            r.disable_segmentation_rendering()
            geom = np.where(raw[..., 1] == int(mujoco.mjtObj.mjOBJ_GEOM), raw[..., 0], -1)
            out_seg = self.scene.geom_obj[geom]          # -1 indexes the background slot
        return out_rgb, out_depth, out_seg

    def _depth_and_segmentation(self) -> tuple[np.ndarray, np.ndarray]:
        """Depth (metres) and object index from ONE segmentation-mode pass.

        mujoco.Renderer renders depth in segmentation mode too (more precise far away) but
        in a pass of its own: with llvmpipe each pass plus its pixel read-back costs
        ~25 ms at 640x480, and the camera rate had three. Reading the colour (segment ids)
        and depth buffers of one pass gives the same arrays (test/sim/test_render.py
        compares them with the two separate passes). Uses the wrapper's GL context and
        scene, as its own render() does."""
        r = self._r
        scene, ctx, rect = r._scene, r._mjr_context, r._rect  # noqa: SLF001
        h, w = r.height, r.width
        flags = scene.flags.copy()
        try:
            scene.flags[mujoco.mjtRndFlag.mjRND_SEGMENT] = True
            scene.flags[mujoco.mjtRndFlag.mjRND_IDCOLOR] = True
            if r._gl_context:  # noqa: SLF001
                r._gl_context.make_current()  # noqa: SLF001
            ids = np.empty((h, w, 3), dtype=np.uint8)
            zbuf = np.empty((h, w), dtype=np.float32)
            mujoco.mjr_render(rect, scene, ctx)
            mujoco.mjr_readPixels(ids, zbuf, rect, ctx)
        finally:
            np.copyto(scene.flags, flags)
        # Depth: the wrapper's conversion (reversed-Z perspective, float32 constants).
        extent = self.scene.model.stat.extent
        zfar = np.float32(self.scene.model.vis.map.zfar * extent)
        znear = np.float32(self.scene.model.vis.map.znear * extent)
        c_coef = -(zfar + znear) / (zfar - znear)
        d_coef = -(np.float32(2) * zfar * znear) / (zfar - znear)
        c_coef = np.float32(-0.5) * c_coef - np.float32(0.5)
        d_coef = np.float32(-0.5) * d_coef
        depth = (d_coef / (zbuf.astype(np.float64) + c_coef)).astype(np.float32)
        # Segment id (colour) -> object index in one lookup: id 0 is the background, id k
        # is scene geom k-1, which maps to our object when it is a model geom.
        segid = ids[..., 0].astype(np.int32) | (ids[..., 1].astype(np.int32) << 8) | \
            (ids[..., 2].astype(np.int32) << 16)
        lookup = np.full(scene.ngeom + 1, self.scene.geom_obj[-1], dtype=np.int32)
        geom_type = int(mujoco.mjtObj.mjOBJ_GEOM)
        for g in scene.geoms[:scene.ngeom]:
            if g.segid != -1 and g.objtype == geom_type:
                lookup[g.segid + 1] = self.scene.geom_obj[g.objid]
        seg = lookup[segid]
        if r._gl_context:  # noqa: SLF001  (EGL/OSMesa images are upside down)
            depth, seg = depth[::-1], seg[::-1]
        return np.ascontiguousarray(depth), np.ascontiguousarray(seg)

    def top_view(self, size: int = 800) -> np.ndarray:
        """A square orthographic picture from above (robot included)."""
        r = mujoco.Renderer(self.scene.model, size, size)
        try:
            r.update_scene(self.scene.data, camera=self.scene.top,
                           scene_option=mujoco.MjvOption())
            return r.render().copy()
        finally:
            r.close()
