"""Ground truth as plain data (the world node publishes it as JSON on `sim/ground_truth`)
and back, so a benchmark in another process can score goals with `goals.Binding` (the
world's `acted` record included)."""

from __future__ import annotations

from typing import Any

import numpy as np

from memory_node.sim.core.world import Robot, World, WorldObject

_FLAGS = {"dirty": "dirty", "sliced": "sliced", "heated": "heated", "cooked": "cooked",
          "cooled": "cooled"}


def to_state(world: World) -> dict[str, Any]:
    return {
        "time": world.time, "source": world.source,
        "rooms": [{"name": r.name, "kind": r.kind, "bounds": [r.x0, r.y0, r.x1, r.y1]}
                  for r in world.rooms],
        "robot": {"x": world.robot.x, "y": world.robot.y, "yaw": world.robot.yaw,
                  "held": world.robot.held},
        "objects": [{"id": o.id, "type": o.type,
                     "position": [round(float(v), 4) for v in o.position],
                     "size": [round(float(v), 4) for v in o.size], "yaw": round(o.yaw, 4),
                     "room": o.room, "parent": o.parent, "relation": o.relation,
                     "states": o.state_words(), "filled": o.filled}
                    for o in world.objects.values()],
        "acted": list(world.acted), "acted_count": world.acted_count,
    }


def from_state(state: dict[str, Any]) -> World:
    """A World with the objects' places and states (no grid, no walls): enough for goals."""
    from memory_node.sim.core.world import Room  # noqa: PLC0415 - keep the top light

    objects = {}
    for d in state["objects"]:
        words = set(d.get("states", []))
        o = WorldObject(id=d["id"], type=d["type"], position=np.array(d["position"], float),
                        yaw=float(d.get("yaw", 0.0)), room=d.get("room", ""),
                        parent=d.get("parent"), relation=d.get("relation"),
                        is_open=True if "opened" in words else False if "closed" in words
                        else None,
                        is_on=True if "on" in words else False if "off" in words else None,
                        filled=d.get("filled", "") or ("water" if "filled" in words else ""))
        for word, attr in _FLAGS.items():
            setattr(o, attr, word in words)
        objects[o.id] = o
    r = state["robot"]
    rooms = [Room(x["name"], x["kind"], *x["bounds"]) for x in state.get("rooms", [])]
    acted = [str(a) for a in state.get("acted", [])]
    return World(name="truth", rooms=rooms, objects=objects, free=set(),
                 robot=Robot(r["x"], r["y"], r["yaw"], r.get("held")),
                 time=float(state.get("time", 0.0)), source=state.get("source", ""),
                 acted=acted, acted_count=int(state.get("acted_count", len(acted))))
