"""Round 42's hostile client (ci42): the surfaces `bench/ci_hostile_probe.py` (round 41) and
`test/fuzz/` do not send, over loopback DDS to real processes (a household world, a memory
server, an offline planner, a perception node), and what came back. Not a test: a record.

1. actions: the world's skill servers and the planner's action server get goals with
   oversized / NaN / inf / negative / control-character fields, a flood of goals at once,
   cancel storms (by handle, cancel-all with a zero id, unknown ids, stamps far ahead) and a
   client process SIGKILLed while its goal runs; each server must then serve again;
2. request ids: every write service's id sent again (same request), re-used on another
   request, re-used on another service; the remembered rows compared before and after;
3. parameters: every declared parameter of each node set at run time (`ros2 param set`'s
   service) to values of the wrong type, non-finite, huge, out of range, control characters,
   "not set" (which deletes a parameter), an undeclared name; then read back;
4. sensor floods to the perception node: images with wrong encodings, step x height not the
   data's size, sides of 2^32-1, camera_info with absurd sizes, NaN poses; then a good frame
   must still become an observation.

    ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST MEMORY_NODE_TEST_DOMAIN=83 ROS_DOMAIN_ID=83 \\
        PYTHONPATH=. .venv/bin/python bench/ci_hostile_actions_probe.py /tmp/actions \\
        --out bench/results/ci_hostile_actions_probe_r42.json
"""

from __future__ import annotations

import argparse
import atexit
import math
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "test" / "ros"), str(ROOT / "test" / "fuzz"), str(ROOT / "test")]
from ros_harness import confine_to_loopback  # noqa: E402

confine_to_loopback()

import rclpy  # noqa: E402
from action_msgs.msg import GoalInfo  # noqa: E402
from action_msgs.srv import CancelGoal  # noqa: E402
from builtin_interfaces.msg import Time  # noqa: E402
from ci_common import finish_probe  # noqa: E402
from geometry_msgs.msg import Point  # noqa: E402
from planner_stack import instruction_client, memory_server, planner_node  # noqa: E402
from rcl_interfaces.msg import Parameter, ParameterType, ParameterValue  # noqa: E402
from rcl_interfaces.srv import (  # noqa: E402
    DescribeParameters,
    GetParameters,
    ListParameters,
    SetParameters,
    SetParametersAtomically,
)
from rclpy.action import ActionClient  # noqa: E402
from rclpy.qos import QoSProfile, ReliabilityPolicy  # noqa: E402
from reliability_rig import disk_units  # noqa: E402
from ros_harness import CONFIG, NodeProcess, call, spin_until, wait_for_service  # noqa: E402
from sim_rig import WORLD, SkillClient  # noqa: E402
from test_fuzz_memory_server import remembered_digest  # noqa: E402
from unique_identifier_msgs.msg import UUID  # noqa: E402

from memory_node.action import ExecuteInstruction, ExecuteSkill  # noqa: E402
from memory_node.client import MemoryClient  # noqa: E402
from memory_node.core.errors import ErrorCode  # noqa: E402
from memory_node.core.units import ObjectMemoryUnit as Unit  # noqa: E402
from memory_node.msg import MemoryUnit, SkillTarget  # noqa: E402
from memory_node.nodes.qos import SERVICE_QOS  # noqa: E402
from memory_node.srv import EndEpisode, Manage, RecordOutcome, UpdateObject  # noqa: E402

RESULT_TIMEOUT_S = 90.0
MET = "CLOSED(Fridge)"
UNITS = [Unit("Fridge_1", "Fridge", (3.0, 0.0, 1.0), state="closed", area_id="kitchen"),
         Unit("Apple_1", "Apple", (3.0, 0.0, 1.0), area_id="kitchen",
              receptacle_id="Fridge_1", relation="in")]
# A client in its own process: sends one goal, says so once it runs, then waits to be killed.
VANISHING = """
import sys, time, rclpy
from rclpy.action import ActionClient
from memory_node.action import ExecuteInstruction, ExecuteSkill
rclpy.init()
node = rclpy.create_node("ci42_vanishing_" + sys.argv[1])
if sys.argv[1] == "skill":
    client = ActionClient(node, ExecuteSkill, "base/execute_skill")
    goal = ExecuteSkill.Goal(skill="navigate", arguments=[sys.argv[2]], episode_id="vanish")
else:
    client = ActionClient(node, ExecuteInstruction, "planner/execute_instruction")
    goal = ExecuteInstruction.Goal(instruction="hold the apple", max_steps=2,
                                   goal_conditions=["HOLDING(Apple)"], episode_id="vanished")
client.wait_for_server(timeout_sec=60)
fb = []
fut = client.send_goal_async(goal, feedback_callback=fb.append)
deadline = time.monotonic() + 60
while time.monotonic() < deadline and not (fut.done() and fb):
    rclpy.spin_once(node, timeout_sec=0.1)
print("running" if fut.done() and fut.result().accepted and fb else "not running", flush=True)
while True:
    rclpy.spin_once(node, timeout_sec=0.5)
"""


def vanish(kind: str, arg: str, out: dict) -> float:
    """Start a client process, wait until its goal runs, SIGKILL it; the kill's time."""
    p = subprocess.Popen([sys.executable, "-c", VANISHING, kind, arg], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, env=os.environ.copy(), text=True)
    assert p.stdout is not None
    line = p.stdout.readline().strip()
    p.send_signal(signal.SIGKILL)
    p.wait(timeout=10)
    out["vanishing_client"] = line
    return time.monotonic()


def goal_results(node: Any, handles: list[Any], timeout: float = RESULT_TIMEOUT_S
                 ) -> list[tuple[int, int, str]]:
    futures = [h.get_result_async() for h in handles]
    spin_until(node, lambda: all(f.done() for f in futures), timeout=timeout,
               what="every goal's result")
    return [(f.result().status, int(f.result().result.error_code),
             f.result().result.message[:80]) for f in futures]


def send_all(node: Any, client: ActionClient, goals: list[Any], wait_s: float = RESULT_TIMEOUT_S
             ) -> list[Any]:
    """The goals' handles; the unanswered ones (after `wait_s`) left out."""
    futures = [client.send_goal_async(g) for g in goals]
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline and not all(f.done() for f in futures):
        rclpy.spin_once(node, timeout_sec=0.1)
    return [f.result() for f in futures if f.done()]


# A client whose own queues hold a burst's answers (as the memory's SERVICE_QOS): what is
# lost in a flood is then lost at the server. Defined here so the probe runs on older trees.
DEEP = QoSProfile(depth=256, reliability=ReliabilityPolicy.RELIABLE)


def deep_client(node: Any, action: Any, name: str) -> ActionClient:
    client: ActionClient = ActionClient(node, action, name, goal_service_qos_profile=DEEP,
                          cancel_service_qos_profile=DEEP, result_service_qos_profile=DEEP)
    spin_until(node, client.server_is_ready, what=name)
    return client


def cancel_storm(node: Any, action: str, handle: Any, n: int) -> dict:
    """n cancels of the running goal by its handle, n cancel-alls (zero id, zero stamp),
    n cancels of unknown ids, n cancel-alls stamped in 2038; the answers' codes."""
    raw = node.create_client(CancelGoal, f"{action}/_action/cancel_goal", qos_profile=DEEP)
    wait_for_service(node, raw)
    futures = [handle.cancel_goal_async() for _ in range(n)]
    for i in range(3 * n):
        info = GoalInfo()
        if n <= i < 2 * n:
            info.goal_id = UUID(uuid=list(uuid.uuid4().bytes))
        elif i >= 2 * n:
            info.stamp = Time(sec=2**31 - 1, nanosec=999_999_999)
        futures.append(raw.call_async(CancelGoal.Request(goal_info=info)))
    deadline = time.monotonic() + 30.0
    while time.monotonic() < deadline and not all(f.done() for f in futures):
        rclpy.spin_once(node, timeout_sec=0.1)
    codes: dict[str, int] = {}
    for f in futures:
        if f.done():
            key = str(f.result().return_code)
            codes[key] = codes.get(key, 0) + 1
    node.destroy_client(raw)
    return {"cancels_sent": 4 * n, "answered": sum(f.done() for f in futures),
            "return_codes": codes}


# -- 1. actions ------------------------------------------------------------------------------
def hostile_skill_goals(rooms: list[str]) -> list[tuple[str, ExecuteSkill.Goal]]:
    room = rooms[0]

    def nav(**kw: Any) -> ExecuteSkill.Goal:
        g = ExecuteSkill.Goal(skill="navigate", arguments=[room], episode_id="probe")
        for k, v in kw.items():
            setattr(g, k, v)
        return g

    def target(**pos: float) -> SkillTarget:
        t = SkillTarget(id="mem_1", label="Apple", position_known=True)
        t.position = Point(**{"x": 0.0, "y": 0.0, "z": 0.0, **pos})
        return t

    return [("timeout NaN", nav(timeout=math.nan)), ("timeout inf", nav(timeout=math.inf)),
            ("timeout -1", nav(timeout=-1.0)), ("timeout 1e300", nav(timeout=1e300)),
            ("timeout -0.0", nav(timeout=-0.0)),
            ("skill 100k chars", nav(skill="n" * 100_000)),
            ("skill NUL", nav(skill="navigate\x00")), ("skill RTL override",
                                                        nav(skill="\u202enavigate")),
            ("skill unknown", nav(skill="teleport")), ("skill empty", nav(skill="")),
            ("arguments 10k", nav(arguments=[room] * 10_000)),
            ("argument ESC", nav(arguments=[room + "\x1b[2J"])),
            ("argument 1 MB", nav(arguments=["r" * 1_000_000])),
            ("episode_id 10k", nav(episode_id="e" * 10_000)),
            ("episode_id BEL", nav(episode_id="ep\x07")),
            ("targets 5k", nav(targets=[target()] * 5_000)),
            ("target NaN", nav(targets=[target(x=math.nan)])),
            ("target -inf", nav(targets=[target(y=-math.inf)])),
            ("target 1e12 m", nav(targets=[target(z=1e12)])),
            ("target id U+2028", nav(targets=[SkillTarget(id="a\u2028b", label="Apple")]))]


def probe_skills(node: Any, skills: SkillClient, world: NodeProcess, out: dict) -> None:
    rooms = list(skills.places[-1].names)
    base = skills.clients["base"]
    before = skills.state()["objects"]
    rows = []
    for name, goal in hostile_skill_goals(rooms):
        (handle,) = send_all(node, base, [goal])
        (status, code, message), = goal_results(node, [handle])
        rows.append({"goal": name, "accepted": handle.accepted, "status": status,
                     "code": ErrorCode(code).name, "message": message})
    out["skill_goals"] = rows
    out["skill_goals_objects_unchanged"] = skills.state()["objects"] == before
    assert world.alive(), world.output()[-3000:]
    # A flood: 80 navigates to every room at once, on base and arm.
    t0 = time.monotonic()
    goals = [ExecuteSkill.Goal(skill="navigate", arguments=[rooms[i % len(rooms)]],
                               episode_id="flood") for i in range(80)]
    handles = send_all(node, deep_client(node, ExecuteSkill, "base/execute_skill"),
                       goals[:40], 30.0) + send_all(
        node, deep_client(node, ExecuteSkill, "arm/execute_skill"), goals[40:], 30.0)
    results = goal_results(node, handles)
    codes: dict[str, int] = {}
    for _, code, _ in results:
        codes[ErrorCode(code).name] = codes.get(ErrorCode(code).name, 0) + 1
    out["skill_flood"] = {"sent": 80, "answered": len(handles),
                          "accepted": sum(h.accepted for h in handles),
                          "codes": codes, "s": round(time.monotonic() - t0, 1),
                          "objects_unchanged": skills.state()["objects"] == before}
    # A cancel storm on a running navigate to the farthest room.
    here = skills.state()["robot"]
    places = skills.places[-1]
    spot = {n: (p.x, p.y) for n, p in zip(places.names, places.positions, strict=True)}
    far = max(rooms, key=lambda r: math.dist((here["x"], here["y"]), spot[r]))
    (running,) = send_all(node, deep_client(node, ExecuteSkill, "base/execute_skill"),
                          [ExecuteSkill.Goal(skill="navigate", arguments=[far],
                                             episode_id="storm")])
    storm = cancel_storm(node, "base/execute_skill", running, 50)
    ((status, code, message),) = goal_results(node, [running])
    storm.update(status=status, code=ErrorCode(code).name, message=message,
                 objects_unchanged=skills.state()["objects"] == before)
    out["skill_cancel_storm"] = storm
    # A client process killed mid-goal: how long until the base serves again.
    killed = vanish("skill", far if far != rooms[0] else rooms[-1], out.setdefault(
        "skill_vanish", {}))
    served, tries = None, 0
    while served is None and time.monotonic() - killed < RESULT_TIMEOUT_S:
        tries += 1
        (h,) = send_all(node, base, [ExecuteSkill.Goal(skill="navigate", arguments=[rooms[0]],
                                                       episode_id="after")])
        ((_, code, _),) = goal_results(node, [h])
        if code != ErrorCode.UNAVAILABLE:
            served = (ErrorCode(code).name, round(time.monotonic() - killed, 1))
    out["skill_vanish"].update(first_served_after_kill=served, tries=tries,
                               world_alive=world.alive())


def probe_planner(node: Any, planner: NodeProcess, memory: MemoryClient, db: Path,
                  out: dict) -> None:
    client = instruction_client(node)
    rows = []
    digest = remembered_digest(db)
    for name, goal in [
            ("instruction 100k", ExecuteInstruction.Goal(instruction="x" * 100_000)),
            ("instruction NUL", ExecuteInstruction.Goal(instruction="put\x00 it away")),
            ("instruction only spaces", ExecuteInstruction.Goal(instruction=" \t\n " * 100)),
            ("instruction bidi", ExecuteInstruction.Goal(instruction="\u202eput it away")),
            ("episode_id 10k", ExecuteInstruction.Goal(instruction="find the mug",
                                                       episode_id="e" * 10_000)),
            ("episode_id ESC", ExecuteInstruction.Goal(instruction="find the mug",
                                                       episode_id="\x1b]0;x\x07")),
            ("goal_conditions 10k", ExecuteInstruction.Goal(instruction="find the mug",
                                                            goal_conditions=[MET] * 10_000)),
            ("goal_condition 1 MB", ExecuteInstruction.Goal(
                instruction="find the mug", goal_conditions=["HOLDING(" + "a" * 10**6 + ")"])),
            ("max_steps 2^32-1, met", ExecuteInstruction.Goal(
                instruction="put the apple in the fridge", goal_conditions=[MET],
                max_steps=2**32 - 1))]:
        (handle,) = send_all(node, client, [goal])
        result = goal_results(node, [handle])[0] if handle.accepted else (None, None, "")
        rows.append({"goal": name, "accepted": handle.accepted, "status": result[0],
                     "code": None if result[1] is None else ErrorCode(result[1]).name,
                     "message": result[2]})
    out["planner_goals"] = rows
    out["planner_goals_memory_unchanged"] = remembered_digest(db) == digest
    # A flood: 60 goals at once (each met at once by memory: a short run).
    t0 = time.monotonic()
    handles = send_all(node, deep_client(node, ExecuteInstruction,
                                         "planner/execute_instruction"),
                       [ExecuteInstruction.Goal(instruction="put the apple in the fridge",
                                                goal_conditions=[MET]) for _ in range(60)],
                       30.0)
    accepted = [h for h in handles if h.accepted]
    results = goal_results(node, accepted)
    out["planner_flood"] = {"sent": 60, "answered": len(handles), "accepted": len(accepted),
                            "codes": sorted({ErrorCode(c).name for _, c, _ in results}),
                            "s": round(time.monotonic() - t0, 1)}
    # A cancel storm on a run that explores.
    (running,) = send_all(node, deep_client(node, ExecuteInstruction,
                                            "planner/execute_instruction"),
                          [ExecuteInstruction.Goal(instruction="hold the mug", max_steps=4,
                                                   goal_conditions=["HOLDING(Mug)"])])
    storm = cancel_storm(node, "planner/execute_instruction", running, 50) \
        if running.accepted else {"accepted": False}
    if running.accepted:
        ((status, code, message),) = goal_results(node, [running])
        storm.update(status=status, code=ErrorCode(code).name, message=message)
    out["planner_cancel_storm"] = storm
    # A client process killed mid-run: how long until the planner takes a goal again.
    killed = vanish("instruction", "", out.setdefault("planner_vanish", {}))
    served, tries = None, 0
    while served is None and time.monotonic() - killed < RESULT_TIMEOUT_S:
        tries += 1
        (h,) = send_all(node, client, [ExecuteInstruction.Goal(
            instruction="put the apple in the fridge", goal_conditions=[MET])])
        if h.accepted:
            ((status, code, _),) = goal_results(node, [h])
            served = (ErrorCode(code).name, round(time.monotonic() - killed, 1))
        else:
            rclpy.spin_once(node, timeout_sec=0.5)
    out["planner_vanish"].update(first_served_after_kill=served, tries=tries,
                                 planner_alive=planner.alive())


# -- 2. request ids --------------------------------------------------------------------------
def probe_request_ids(node: Any, db: Path, out: dict) -> None:
    clients = {name: node.create_client(t, f"/memory/{name}", qos_profile=SERVICE_QOS)
               for name, t in (("update_object", UpdateObject), ("record_outcome",
                                                                  RecordOutcome),
                               ("end_episode", EndEpisode), ("manage", Manage))}
    for c in clients.values():
        wait_for_service(node, c)

    def send(name: str, request: Any) -> tuple[str, str]:
        r = call(node, clients[name], request)
        return ErrorCode(r.error_code).name, r.message[:60]

    def unit(x: float) -> MemoryUnit:
        return MemoryUnit(object_id="Probe_1", label="Probe", position=Point(x=x, z=0.8))

    rows = []

    def step(what: str, name: str, request: Any) -> None:
        before = remembered_digest(db)
        answer = send(name, request)
        rows.append({"sent": what, "answer": answer,
                     "remembered_changed": remembered_digest(db) != before,
                     "Probe_1.x": disk_units(db).get("Probe_1", (None,) * 3)[2]})

    step("upsert x=1, id A", "update_object",
         UpdateObject.Request(operation=0, unit=unit(1.0), request_id="A"))
    step("upsert x=2, id B", "update_object",
         UpdateObject.Request(operation=0, unit=unit(2.0), request_id="B"))
    step("upsert x=1, id A again (a stale copy)", "update_object",
         UpdateObject.Request(operation=0, unit=unit(1.0), request_id="A"))
    step("upsert x=3, id A (id re-used, other content)", "update_object",
         UpdateObject.Request(operation=0, unit=unit(3.0), request_id="A"))
    step("remove Probe_1, id A (id re-used, other operation)", "update_object",
         UpdateObject.Request(operation=1, unit=MemoryUnit(object_id="Probe_1"),
                              request_id="A"))
    step("refused upsert (NaN), id C", "update_object",
         UpdateObject.Request(operation=0, unit=unit(math.nan), request_id="C"))
    step("valid upsert x=4, id C (the refused request's id)", "update_object",
         UpdateObject.Request(operation=0, unit=unit(4.0), request_id="C"))
    step("outcome navigate, id A (id of another service)", "record_outcome",
         RecordOutcome.Request(episode_id="rid_ep", skill="navigate", arguments=["Probe_1"],
                               succeeded=True, request_id="A"))
    step("outcome navigate, id A again", "record_outcome",
         RecordOutcome.Request(episode_id="rid_ep", skill="navigate", arguments=["Probe_1"],
                               succeeded=True, request_id="A"))
    step("outcome pick, id A (re-used)", "record_outcome",
         RecordOutcome.Request(episode_id="rid_ep", skill="pick", arguments=["Probe_1"],
                               succeeded=True, request_id="A"))
    step("end episode, id E", "end_episode",
         EndEpisode.Request(episode_id="rid_ep", task_succeeded=True, request_id="E"))
    step("end episode, id E again", "end_episode",
         EndEpisode.Request(episode_id="rid_ep", task_succeeded=True, request_id="E"))
    step("end episode failed, id E (re-used, other content)", "end_episode",
         EndEpisode.Request(episode_id="rid_ep", task_succeeded=False, request_id="E"))
    step("snapshot s1, id M", "manage", Manage.Request(command=Manage.Request.SAVE,
                                                        path="s1", request_id="M"))
    step("upsert x=5, id F", "update_object",
         UpdateObject.Request(operation=0, unit=unit(5.0), request_id="F"))
    step("clear, id K", "manage", Manage.Request(command=Manage.Request.CLEAR,
                                                  request_id="K"))
    step("load s1, id L", "manage", Manage.Request(command=Manage.Request.LOAD, path="s1",
                                                    request_id="L"))
    step("upsert x=6, id G", "update_object",
         UpdateObject.Request(operation=0, unit=unit(6.0), request_id="G"))
    step("clear, id K again (a late copy)", "manage",
         Manage.Request(command=Manage.Request.CLEAR, request_id="K"))
    step("load s1, id L again (a late copy)", "manage",
         Manage.Request(command=Manage.Request.LOAD, path="s1", request_id="L"))
    step("load s1, id M (the save's id)", "manage",
         Manage.Request(command=Manage.Request.LOAD, path="s1", request_id="M"))
    out["request_ids"] = rows


# -- 3. parameters ---------------------------------------------------------------------------
def _value(kind: int, v: Any) -> ParameterValue:
    field = {ParameterType.PARAMETER_BOOL: "bool_value",
             ParameterType.PARAMETER_INTEGER: "integer_value",
             ParameterType.PARAMETER_DOUBLE: "double_value",
             ParameterType.PARAMETER_STRING: "string_value",
             ParameterType.PARAMETER_STRING_ARRAY: "string_array_value",
             ParameterType.PARAMETER_BYTE_ARRAY: "byte_array_value",
             ParameterType.PARAMETER_DOUBLE_ARRAY: "double_array_value"}.get(kind)
    pv = ParameterValue(type=kind)
    if field:
        setattr(pv, field, v)
    return pv


HOSTILE_VALUES = [
    ("not set (deletes)", ParameterType.PARAMETER_NOT_SET, None),
    ("bool", ParameterType.PARAMETER_BOOL, True),
    ("int 2^63-1", ParameterType.PARAMETER_INTEGER, 2**63 - 1),
    ("int -2^63", ParameterType.PARAMETER_INTEGER, -(2**63)),
    ("double NaN", ParameterType.PARAMETER_DOUBLE, math.nan),
    ("double inf", ParameterType.PARAMETER_DOUBLE, math.inf),
    ("double -1e308", ParameterType.PARAMETER_DOUBLE, -1e308),
    ("string 1 MB", ParameterType.PARAMETER_STRING, "x" * 1_000_000),
    ("string ESC", ParameterType.PARAMETER_STRING, "\x1b[2J"),
    ("string[] 100k", ParameterType.PARAMETER_STRING_ARRAY, ["x"] * 100_000),
    ("bytes 1 MB", ParameterType.PARAMETER_BYTE_ARRAY, [b"\x00"] * 1_000_000),
]


def probe_parameters(node: Any, name: str, proc: NodeProcess, out: dict) -> None:
    ns = f"/{name}"
    lister = node.create_client(ListParameters, f"{ns}/list_parameters")
    getter = node.create_client(GetParameters, f"{ns}/get_parameters")
    setter = node.create_client(SetParameters, f"{ns}/set_parameters")
    atomic = node.create_client(SetParametersAtomically, f"{ns}/set_parameters_atomically")
    describe = node.create_client(DescribeParameters, f"{ns}/describe_parameters")
    for c in (lister, getter, setter, atomic, describe):
        wait_for_service(node, c, proc)
    names = list(call(node, lister, ListParameters.Request()).result.names)
    values = list(call(node, getter, GetParameters.Request(names=names)).values)
    read_only = [d.read_only for d in call(node, describe, DescribeParameters.Request(
        names=names)).descriptors]
    accepted: list[str] = []
    for pname in names + ["ci42_undeclared"]:
        for label, kind, v in HOSTILE_VALUES:
            if pname == "use_sim_time" and kind == ParameterType.PARAMETER_BOOL:
                continue   # true is a valid value; probed on its own below
            r = call(node, setter, SetParameters.Request(parameters=[
                Parameter(name=pname, value=_value(kind, v))]), timeout=60)
            if r.results[0].successful:
                accepted.append(f"{pname} <- {label}")
        if not proc.alive():
            break
    atomic_r = call(node, atomic, SetParametersAtomically.Request(parameters=[
        Parameter(name=n, value=_value(ParameterType.PARAMETER_STRING, "x")) for n in names]))
    after = list(call(node, getter, GetParameters.Request(names=names)).values)
    sim = call(node, setter, SetParameters.Request(parameters=[Parameter(
        name="use_sim_time", value=_value(ParameterType.PARAMETER_BOOL, True))]))
    back = call(node, setter, SetParameters.Request(parameters=[Parameter(
        name="use_sim_time", value=_value(ParameterType.PARAMETER_BOOL, False))]))
    for c in (lister, getter, setter, atomic, describe):
        node.destroy_client(c)
    out.setdefault("parameters", {})[name] = {
        "declared": len(names), "read_only": sum(read_only),
        "writable": [n for n, ro in zip(names, read_only, strict=True) if not ro],
        "hostile_sets": (len(names) + 1) * len(HOSTILE_VALUES), "accepted": accepted,
        "atomic_all_strings": atomic_r.result.successful,
        "values_unchanged": after == values,
        "use_sim_time_true": sim.results[0].successful,
        "use_sim_time_back": back.results[0].successful, "alive": proc.alive()}


# -- 4. sensor floods ------------------------------------------------------------------------
def probe_sensors(node: Any, root: Path, out: dict) -> None:
    from scene_rig import rig

    from memory_node.demo import SyntheticCamera

    spoilers: list[tuple[str, str, dict[str, Any]]] = [
        ("colour", "sides 2^32-1, step 2^32-1, no data", dict(
            width=2**32 - 1, height=2**32 - 1, step=2**32 - 1, data=b"")),
        ("colour", "sides 16384, 1 byte", dict(width=16384, height=16384, step=49152,
                                               data=b"\0")),
        ("colour", "encoding of 10,000 characters", dict(encoding="rgb8" * 2500)),
        ("colour", "encoding 16UC1", dict(encoding="16UC1")),
        ("colour", "step one byte short", dict(step=320 * 3 - 1)),
        ("colour", "step one byte long (data as before)", dict(step=320 * 3 + 1)),
        ("colour", "is_bigendian 255", dict(is_bigendian=255)),
        ("depth", "encoding rgb8", dict(encoding="rgb8")),
        ("depth", "32FC1, 16UC1's bytes", dict(encoding="32FC1")),
        ("depth", "height 1, all data", dict(height=1)),
        ("depth", "step 2^32-1", dict(step=2**32 - 1)),
        ("camera_info", "sides 2^32-1, principal point inside", dict(
            width=2**32 - 1, height=2**32 - 1, k=[1.0, 0.0, 2.0**31, 0.0, 1.0, 2.0**31,
                                                  0.0, 0.0, 1.0])),
        ("camera_info", "K of NaN", dict(k=[math.nan] * 9)),
        ("camera_info", "K of 1e308", dict(k=[1e308, 0.0, 1e308, 0.0, 1e308, 1e308, 0.0,
                                              0.0, 1.0])),
        ("pose", "NaN position, zero quaternion", {}),
        ("detections", "10,000 detections", {}),
    ]
    (root / "sensors").mkdir(parents=True, exist_ok=True)
    with rig(root / "sensors", node) as (server, perception, w):
        camera = SyntheticCamera(node)
        w.wait_matched(camera)
        start = camera.start
        i = 0

        def stamp() -> float:
            nonlocal i
            i += 1
            return start + 0.1 * i

        w.send(lambda: camera.publish(1, 8, stamp=stamp()))

        def flood(kinds: list[tuple[str, str, dict[str, Any]]]) -> float:
            t0 = time.monotonic()
            for stream, _, fields in kinds:
                for _ in range(30):
                    s = stamp()
                    messages = camera.messages(i % 8, 8, s)
                    msg = messages[stream]
                    for name, value in fields.items():
                        setattr(msg, name, value)
                    if stream == "pose":
                        msg.pose.position.x = math.nan
                        msg.pose.orientation.w = 0.0
                    if stream == "detections":
                        msg.detections = list(msg.detections) * 10_000
                    camera.publish(0, 8, stamp=s, messages=messages)
            return round(time.monotonic() - t0, 1)

        def recovery(limit_s: float = 120.0) -> float | None:
            """Seconds until a good frame sent after the flood becomes an observation (one
            every 0.5 s, new stamps, as a camera sends them); None beyond `limit_s`."""
            t0 = time.monotonic()
            first = round(start + 0.1 * (i + 1), 4)
            while time.monotonic() - t0 < limit_s:
                camera.publish(2, 8, stamp=stamp())
                end = time.monotonic() + 0.5
                while time.monotonic() < end:
                    rclpy.spin_once(node, timeout_sec=0.05)
                if any(k >= first for k in w.observations):
                    return round(time.monotonic() - t0, 1)
            return None

        before = dict(w.counters())
        cheap, costly = spoilers[:-1], spoilers[-1:]
        sent_s = flood(cheap)
        after_cheap = recovery()
        sent_costly_s = flood(costly)
        after_costly = recovery()
        after = w.counters()
        grown = {k: int(v) - int(before.get(k, "0")) for k, v in after.items()
                 if k.startswith("perception.") and v.isdigit() and "_us." not in k
                 and int(v) != int(before.get(k, "0"))}
        out["sensor_flood"] = {
            "kinds": [f"{st}: {what}" for st, what, _ in spoilers], "each": 30,
            "publish_s": sent_s, "good_frame_after_s": after_cheap,
            "then_10000_detections_x30_publish_s": sent_costly_s,
            "good_frame_after_those_s": after_costly,
            "counters_grown": grown, "perception_alive": perception.alive(),
            "server_alive": server.alive(),
            "perception_tracebacks": perception.output().count("Traceback")}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--only", default="actions,ids,parameters")
    args = parser.parse_args()
    only = set(args.only.split(","))
    out: dict = {"command": " ".join(sys.argv)}
    rclpy.init()
    node = rclpy.create_node("ci42_probe")
    args.root.mkdir(parents=True, exist_ok=True)
    if only == {"sensors"}:
        probe_sensors(node, args.root, out)
        return finish_probe(node, out, args.out)
    world = NodeProcess(WORLD, params_file=CONFIG / "sim.yaml", log_path=args.root / "world.log",
                        params={"layout.seed": 3, "time.real_time_factor": 10.0,
                                "sensors.rate_hz": 0.0})
    mem = memory_server(args.root)
    procs = [world, mem]
    atexit.register(lambda: [p.stop() for p in procs if p.alive()])
    memory = MemoryClient(timeout=30.0)
    memory.wait_until_ready(timeout=180.0)
    for u in UNITS:
        memory.update(u)
    planner = planner_node(args.root, "planner", planner="offline", skill_timeout_s=30.0,
                           skill_server_wait_s=5.0, perception_wait_s=0.0, max_steps=6)
    procs.append(planner)
    db = args.root / "mem" / "memory.sqlite"
    skills = SkillClient(node, world)
    if "actions" in only:
        probe_skills(node, skills, world, out)
        probe_planner(node, planner, memory, db, out)
    if "ids" in only:
        probe_request_ids(node, db, out)
    if "parameters" in only:
        for name, proc in (("memory_server", mem), ("planner", planner),
                           ("household_world", world)):
            probe_parameters(node, name, proc, out)
        # Served after it all
        out["served_after"] = {
            "memory": [c.object_id for c in memory.query("fridge")],
            "planner": goal_results(node, send_all(node, instruction_client(node), [
                ExecuteInstruction.Goal(instruction="put the apple in the fridge",
                                        goal_conditions=[MET])]))}
    memory.close()
    out["exits"] = {name: p.stop() for name, p in
                    (("world", world), ("planner", planner), ("memory", mem))}
    out["tracebacks"] = {name: p.output().count("Traceback") for name, p in
                         (("world", world), ("planner", planner), ("memory", mem))}
    return finish_probe(node, out, args.out)


if __name__ == "__main__":
    sys.exit(main())
