"""The memory's browser view, checked in a real browser (issue 16).

Starts the household world with the memory (world + perception + memory server, each its
own process, own DDS domain on loopback), drives the robot through the house (navigate to
each named place, so the camera feeds perception and the graph grows), then:

1. the bridge's own cost, repeated so that machine noise can be told from a real cost:
   `--repeats` times (3) recall latency with the viewer OFF, then with the viewer bridge
   alone (`python -m memory_node.viz.web` and its rerun server, no browser; measured once
   the bridge's memory/events subscription has matched the server), the bridge stopped
   between repeats. Every bridge starts after the memory's events were published: the
   rows its recording holds under `memory/events` (the recent-changes panel) say whether a
   late viewer still lists them (transient-local, the server keeps the last 100);
2. with the last bridge running, opens its page in Debian's Chromium
   through playwright (software GL: SwiftShader) and measures the time to first picture:
   from opening the page until a screenshot shows the memory's objects (pixels in the
   class colours of the graph's objects); saves bench/results/view_browser_first.png
   (the page opened after the events: its recent-changes panel) and, after step 3,
   bench/results/view_browser.png;
3. recall latency again with the viewer and the browser open while the robot moves;
4. kills the rerun server (a viewer that disconnects mid-run): the bridge must say so and
   restore it, the memory must keep answering; the page is reloaded and must show the
   scene again;
5. recall latency with the viewer stopped again;
6. level of detail: a 10,000-object graph through the view's core and rerun (to a file),
   time per redraw.

    .venv/bin/python bench/view_browser.py [--calls 150] [--out bench/results/view_browser.json]

Needs: `pip install -r requirements-view.txt` (scripts/setup.sh does it) and Debian's
chromium (`apt-get install chromium`; this command installs it when run as root).
"""

from __future__ import annotations

import argparse
import colorsys
import json
import os
import platform
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"
os.environ["ROS_AUTOMATIC_DISCOVERY_RANGE"] = "LOCALHOST"  # before rclpy loads
from memory_node.ros_domain import use_default_domain  # noqa: E402

use_default_domain()  # 1-100, free on this host, unless the user set one

import numpy as np  # noqa: E402
import rclpy  # noqa: E402
from environment import with_environment  # noqa: E402
from rclpy.action import ActionClient  # noqa: E402
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy  # noqa: E402

from memory_node.action import ExecuteSkill  # noqa: E402
from memory_node.client import MemoryClient  # noqa: E402
from memory_node.core.scene_graph.markers import label_colour  # noqa: E402
from memory_node.msg import NamedPlaces  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
INSTRUCTIONS = ["bring me a mug", "put the apple in the fridge", "where is the remote",
                "clean the plate", "turn on the lamp", "find my phone", "water the plant",
                "put the book on the sofa", "heat the potato", "slice the bread"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def ensure_chromium() -> None:
    if Path(CHROMIUM).exists():
        return
    if os.geteuid() != 0:
        sys.exit(f"{CHROMIUM} missing: run `sudo apt-get install -y chromium` first")
    print("[view] installing Debian's chromium (apt-get)", flush=True)
    subprocess.run(["apt-get", "update", "-qq"], check=True)
    subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=True,
                   env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})


def percentiles(xs: list[float]) -> dict:
    a = np.array(xs) * 1000
    return {"calls": len(xs), "p50_ms": round(float(np.percentile(a, 50)), 2),
            "p99_ms": round(float(np.percentile(a, 99)), 2),
            "max_ms": round(float(a.max()), 2)}


def recall_latency(memory: MemoryClient, calls: int, seed: int) -> dict:
    rng = random.Random(seed)
    out = []
    for i in range(calls):
        text = f"{rng.choice(INSTRUCTIONS)} ({seed}-{i})"  # distinct: no cached embedding
        start = time.perf_counter()
        memory.recall(text, k=5, token_budget=600)
        out.append(time.perf_counter() - start)
    return percentiles(out)


class Robot:
    """The world's base skill server: navigate to named places."""

    def __init__(self, node: rclpy.node.Node) -> None:
        self.node = node
        self.client = ActionClient(node, ExecuteSkill, "base/execute_skill")
        self.places: list[NamedPlaces] = []
        latched = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                             reliability=ReliabilityPolicy.RELIABLE)
        node.create_subscription(NamedPlaces, "map/places", self.places.append, latched)
        self._spin_until(lambda: self.client.server_is_ready() and self.places, 120,
                         "the world's base skill server and map/places")

    def _spin_until(self, predicate, timeout: float, what: str) -> None:  # noqa: ANN001
        deadline = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > deadline:
                raise TimeoutError(f"no {what} after {timeout} s")
            rclpy.spin_once(self.node, timeout_sec=0.1)

    def navigate(self, place: str, skill: str = "navigate") -> bool:
        goal = ExecuteSkill.Goal(skill=skill, arguments=[place], timeout=600.0)
        sent = self.client.send_goal_async(goal)
        self._spin_until(sent.done, 60, f"acceptance of {skill}({place})")
        result = sent.result().get_result_async()
        self._spin_until(result.done, 300, f"the result of {skill}({place})")
        return bool(result.result().result.success)

    def names(self) -> list[str]:
        return list(self.places[-1].names)


class EventCounter:
    """memory/events as the server publishes them (subscribed before the robot moves)."""

    def __init__(self, node: rclpy.node.Node) -> None:
        from memory_node.msg import ObjectEvent  # noqa: PLC0415
        from memory_node.nodes.qos import EVENTS_READER_QOS  # noqa: PLC0415

        self.names = {ObjectEvent.NEW: "NEW", ObjectEvent.MOVED: "MOVED",
                      ObjectEvent.REMOVED: "REMOVED", ObjectEvent.STATE_CHANGED: "STATE_CHANGED",
                      ObjectEvent.EVICTED: "EVICTED"}
        self.kinds: dict[str, int] = {}
        node.create_subscription(ObjectEvent, "memory/events", self._on, EVENTS_READER_QOS)

    def _on(self, msg) -> None:  # noqa: ANN001
        name = self.names.get(msg.kind, str(msg.kind))
        self.kinds[name] = self.kinds.get(name, 0) + 1

    @property
    def total(self) -> int:
        return sum(self.kinds.values())

    @staticmethod
    def spin(node: rclpy.node.Node, seconds: float = 1.0) -> None:
        """Take what is queued (this process spins only inside the Robot's waits)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            rclpy.spin_once(node, timeout_sec=0.1)


def wait_for_log(proc: subprocess.Popen, log: Path, text: str, timeout: float) -> float:
    """Seconds until `text` appears in another process's log."""
    start = time.monotonic()
    while text not in log.read_text(errors="replace"):
        if proc.poll() is not None or time.monotonic() - start > timeout:
            raise RuntimeError(f"no {text!r} in {log.name} after {timeout} s:\n"
                               f"{log.read_text(errors='replace')[-3000:]}")
        time.sleep(0.2)  # waiting for a log line of another process
    return round(time.monotonic() - start, 2)


def start_viewer(py: str, log: Path, rrd: Path) -> tuple[subprocess.Popen, str, float]:
    """The bridge and its rerun server; (process, page URL, seconds to the URL)."""
    web, grpc = free_port(), free_port()
    t_start = time.monotonic()
    with open(log, "wb") as out:
        viewer = subprocess.Popen([py, "-m", "memory_node.viz.web", "--port", str(web),
                                   "--grpc-port", str(grpc), "--save", str(rrd)],
                                  stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    wait_for_log(viewer, log, "memory view: http://", 120)
    line = next(x for x in log.read_text(errors="replace").splitlines()
                if "memory view: http://" in x)
    url = line.split("memory view: ", 1)[1].split(" ", 1)[0]
    return viewer, url, round(time.monotonic() - t_start, 2)


def stop_viewer(viewer: subprocess.Popen) -> int:
    viewer.send_signal(signal.SIGINT)
    try:
        return viewer.wait(timeout=30)
    except subprocess.TimeoutExpired:
        viewer.kill()
        return viewer.wait(timeout=10)


def late_viewer_rows(py: str, rrd: Path, published_before: int, published_total: int
                     ) -> dict:
    """What a viewer started after the events lists: the rows its recording holds under
    memory/events (the recent-changes panel) against the events published before it
    started (the server keeps the last 100 for late joiners)."""
    code = ("import json, sys; from pathlib import Path; from memory_node.viz.rerun_view "
            "import entity_counts; print(json.dumps(entity_counts(Path(sys.argv[1]))))")
    run = subprocess.run([py, "-c", code, str(rrd)], capture_output=True, text=True,
                         timeout=180)
    if run.returncode != 0:
        return {"error": run.stderr.strip()[-500:]}
    counts = json.loads(run.stdout)
    return {"events_published_before_viewer": published_before,
            "events_published_while_up": published_total - published_before,
            "recent_changes_rows": counts.get("memory/events", 0),
            "status_rows": counts.get("memory/status", 0)}


def bridge_cost(phases: list[dict]) -> dict:
    """Medians over the repeats, and each bridge phase against the off phase just before."""
    off = [p for p in phases if p["phase"] == "off"]
    on = [p for p in phases if p["phase"] == "bridge"]
    pairs = list(zip(off, on, strict=False))
    med = lambda xs: round(float(np.median(xs)), 2)  # noqa: E731
    return {
        "off_p50_ms_median": med([p["p50_ms"] for p in off]),
        "off_p99_ms_median": med([p["p99_ms"] for p in off]),
        "bridge_p50_ms_median": med([p["p50_ms"] for p in on]),
        "bridge_p99_ms_median": med([p["p99_ms"] for p in on]),
        "p50_ratio_per_pair": [round(b["p50_ms"] / a["p50_ms"], 3) for a, b in pairs],
        "p99_ratio_per_pair": [round(b["p99_ms"] / a["p99_ms"], 3) for a, b in pairs],
        "off_p50_spread_ms": round(max(p["p50_ms"] for p in off)
                                   - min(p["p50_ms"] for p in off), 2),
        "load_1min": [round(p["load"][0], 2) for p in phases],
    }


def class_hues(labels: set[str]) -> np.ndarray:
    return np.array([colorsys.rgb_to_hsv(*label_colour(label))[0] for label in labels])


def scene_pixels(png: bytes, hues: np.ndarray) -> dict:
    """How much of the screenshot is the memory's objects: saturated pixels whose hue is
    one of the graph's class hues (shading changes brightness, not hue)."""
    import io  # noqa: PLC0415

    from PIL import Image  # noqa: PLC0415

    rgb = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=float) / 255.0
    hsv = np.asarray(Image.fromarray((rgb * 255).astype(np.uint8)).convert("HSV"),
                     dtype=float) / 255.0
    h, s, v = hsv[..., 0], hsv[..., 1], hsv[..., 2]
    saturated = (s > 0.45) & (v > 0.25)
    if len(hues):
        d = np.abs(h[..., None] - hues[None, None, :])
        d = np.minimum(d, 1.0 - d).min(axis=2)
        coloured = saturated & (d < 0.02)
    else:
        coloured = np.zeros_like(saturated)
    return {"class_colour_fraction": round(float(coloured.mean()), 5),
            "distinct_colours": int(len(np.unique((rgb * 31).astype(np.uint8).reshape(-1, 3),
                                                  axis=0))),
            "pixel_std": round(float(rgb.std()), 4)}


def wait_for_picture(page, hues: np.ndarray, timeout: float, min_fraction: float
                     ) -> tuple[float, dict, bytes]:  # noqa: ANN001
    from playwright.sync_api import TimeoutError as PageTimeout  # noqa: PLC0415

    start = time.monotonic()
    last: dict = {"slow_screenshots": 0}
    while time.monotonic() - start < timeout:
        try:  # a software-rendered page under load may take long to give a frame
            png = page.screenshot(timeout=90_000)
        except PageTimeout:
            last["slow_screenshots"] += 1
            continue
        last = {**scene_pixels(png, hues), "slow_screenshots": last["slow_screenshots"]}
        if last["class_colour_fraction"] >= min_fraction:
            return time.monotonic() - start, last, png
        page.wait_for_timeout(250)  # the viewer draws on its own: poll the picture
    raise TimeoutError(f"no picture of the memory in the page after {timeout} s: {last}")


def lod_benchmark(tmp: Path) -> dict:
    """10,000 objects through the view's core and rerun (to an .rrd file)."""
    from memory_node.core.long_term import GraphEdge, GraphNode  # noqa: PLC0415
    from memory_node.viz.core.scene import DetailSettings, build_scene  # noqa: PLC0415
    from memory_node.viz.rerun_view import RerunView  # noqa: PLC0415

    rng = np.random.default_rng(0)
    labels = ["Mug", "Apple", "Book", "Plate", "Chair", "Lamp", "Pillow", "Bowl", "Cup", "Pen"]
    nodes = [GraphNode(f"area_{i}", "area", f"area_{i}", "floor_0",
                       (float(i % 10) * 3, float(i // 10) * 3, 0.0), (0, 0, 0), (0, 0, 0, 1),
                       0, 0, 1, 1.0, False, "", 0) for i in range(100)]
    edges = [GraphEdge(f"area_{i}", f"area_{i + 1}", "navigable", 3.0) for i in range(99)]
    for k in range(10_000):
        area = k % 100
        ax, ay = nodes[area].position[:2]
        nodes.append(GraphNode(f"object_{k}", "object", labels[k % len(labels)], f"area_{area}",
                               (ax + rng.uniform(-1, 1), ay + rng.uniform(-1, 1), 0.8),
                               (0.2, 0.2, 0.2), (0, 0, 0, 1), 0, 0, 1, 0.9, True, "none", 0))
        edges.append(GraphEdge(f"area_{area}", f"object_{k}", "contains", 1.0))
    sink = RerunView(None, save=tmp / "lod.rrd")
    build, log = [], []
    for rev in range(5):
        t0 = time.perf_counter()
        batch = build_scene(nodes, edges, rev, {}, (0.0, 0.0, 0.0), DetailSettings())
        t1 = time.perf_counter()
        sink.scene(batch, float(rev))
        t2 = time.perf_counter()
        build.append(t1 - t0)
        log.append(t2 - t1)
    sink.close()
    return {"objects": 10_000, "boxed": batch.counts["boxed"], "as_points": batch.counts["points"],
            "build_ms_median": round(1000 * float(np.median(build)), 1),
            "log_ms_median": round(1000 * float(np.median(log)), 1),
            "rrd_bytes_per_redraw": (tmp / "lod.rrd").stat().st_size // 5}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=150, help="recall round trips a phase")
    parser.add_argument("--repeats", type=int, default=3,
                        help="viewer off / bridge alone pairs (the last bridge stays for the "
                        "browser)")
    parser.add_argument("--out", type=Path, default=RESULTS / "view_browser.json")
    parser.add_argument("--screenshot", type=Path, default=RESULTS / "view_browser.png")
    args = parser.parse_args()
    if not 1 <= args.repeats <= 10 or not 10 <= args.calls <= 10_000:
        parser.error("--repeats must be in 1..10 and --calls in 10..10000")
    ensure_chromium()
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    tmp = Path(tempfile.mkdtemp(prefix="view_browser_"))
    result: dict = {"machine": platform.node(), "load_before": os.getloadavg(),
                    "domain": os.environ["ROS_DOMAIN_ID"]}
    py = sys.executable
    world_log = open(tmp / "bringup.log", "wb")
    bringup = subprocess.Popen(
        [py, "-m", "memory_node.sim.bringup", "--with-memory",
         "-p", f"memory_server:memory_dir:={tmp / 'memory'}",
         "-p", "household_world:time.real_time_factor:=10.0"],
        stdout=world_log, stderr=subprocess.STDOUT, start_new_session=True)
    viewer: subprocess.Popen | None = None
    rclpy.init()
    node = rclpy.create_node("view_browser_bench")
    events = EventCounter(node)  # subscribed before the robot moves: every event counted
    try:
        memory = MemoryClient()
        memory.wait_until_ready(timeout=120.0)
        robot = Robot(node)
        places = robot.names()
        result["places"] = places
        for place in places:  # the graph grows as the camera sees the house
            robot.navigate(place)
        graph = memory.get_scene_graph(format="graph")
        objects = [n for n in graph.nodes if n[1] == 2]  # SceneGraphNode.OBJECT
        labels = {n[2] for n in objects}
        result["graph"] = {"objects": len(objects), "classes": len(labels),
                           "areas": sum(n[1] == 1 for n in graph.nodes)}
        hues = class_hues(labels)
        events.spin(node)
        result["events_before_viewer"] = dict(events.kinds)
        # Off and bridge alternated: a cost of the bridge shows in every pair, machine noise
        # (other sessions' load) does not.
        result["phases"] = []
        for rep in range(1, args.repeats + 1):
            load = os.getloadavg()
            result["phases"].append({"phase": "off", "repeat": rep, "load": load,
                                     **recall_latency(memory, args.calls, 10 + rep)})
            rrd = tmp / f"bridge_{rep}.rrd"
            viewer, url, started = start_viewer(py, tmp / f"viewer_{rep}.log", rrd)
            matched = wait_for_log(viewer, tmp / f"viewer_{rep}.log",
                                   "publisher(s) matched", 60)
            sent = events.total
            load = os.getloadavg()
            phase = {"phase": "bridge", "repeat": rep, "load": load,
                     "viewer_start_s": started, "events_matched_s": matched,
                     **recall_latency(memory, args.calls, 20 + rep)}
            result["phases"].append(phase)
            if rep == args.repeats:
                break  # this bridge stays up for the browser
            stop_viewer(viewer)
            viewer = None
            events.spin(node)
            phase["late_viewer"] = late_viewer_rows(py, rrd, sent, events.total)
        result["bridge_cost"] = bridge_cost(result["phases"])
        result["viewer_start_s"] = result["phases"][-1]["viewer_start_s"]
        last_rrd = tmp / f"bridge_{args.repeats}.rrd"
        viewer_log = tmp / f"viewer_{args.repeats}.log"
        events_at_open = events.total
        assert viewer is not None  # the last repeat's bridge
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM, headless=True,
                args=["--use-angle=swiftshader", "--enable-unsafe-swiftshader",
                      "--ignore-gpu-blocklist", "--no-sandbox"])
            page = browser.new_page(viewport={"width": 1400, "height": 850})
            console: list[str] = []
            page.on("console", lambda m: console.append(m.text[:300]))
            t_open = time.monotonic()
            page.goto(url, wait_until="load", timeout=120_000)
            result["page_load_s"] = round(time.monotonic() - t_open, 2)
            result["canvas_present"] = page.locator("canvas").count() > 0
            ttfp, pixels, png = wait_for_picture(page, hues, 240, 0.002)
            result["time_to_first_picture_s"] = round(ttfp + result["page_load_s"], 2)
            result["first_picture"] = pixels
            first = args.screenshot.with_name(args.screenshot.stem + "_first.png")
            first.parent.mkdir(parents=True, exist_ok=True)
            first.write_bytes(png)  # page opened after the events: recent changes listed?
            result["first_screenshot"] = str(first.relative_to(ROOT))

            for place in reversed(places):  # the robot moves while the view is open
                robot.navigate(place)
            result["recall_viewer_on"] = {"load": os.getloadavg(),
                                          **recall_latency(memory, args.calls, 2)}
            _, pixels, png = wait_for_picture(page, hues, 120, 0.002)
            args.screenshot.parent.mkdir(parents=True, exist_ok=True)
            args.screenshot.write_bytes(png)
            result["screenshot"] = str(args.screenshot.relative_to(ROOT))
            result["final_picture"] = scene_pixels(args.screenshot.read_bytes(), hues)

            # The viewer's server dies mid-run: the bridge says so and restores it; the
            # memory keeps answering.
            rerun_pid = _child_rerun_pid(viewer.pid)
            result["viewer_killed"] = rerun_pid is not None
            if rerun_pid is not None:
                os.kill(rerun_pid, signal.SIGKILL)
                t_kill = time.monotonic()
                memory.recall("bring me a mug", k=5)
                while "rerun viewer server stopped" not in viewer_log.read_text(
                        errors="replace"):
                    if time.monotonic() - t_kill > 60:
                        raise TimeoutError("the bridge never reported the viewer's death")
                    time.sleep(0.2)  # waiting for a log line of another process
                result["viewer_death_reported_s"] = round(time.monotonic() - t_kill, 2)
                page.goto(url, wait_until="load", timeout=120_000)
                t_back, _, _ = wait_for_picture(page, hues, 240, 0.002)
                result["picture_after_viewer_restart_s"] = round(t_back, 2)
            result["browser_console_errors"] = [c for c in console if "error" in c.lower()][:10]
            browser.close()
        viewer.send_signal(signal.SIGINT)
        viewer.wait(timeout=30)
        result["viewer_exit_status"] = viewer.returncode
        viewer = None
        result["recall_viewer_off_after"] = {"load": os.getloadavg(),
                                             **recall_latency(memory, args.calls, 3)}
        events.spin(node)
        result["late_viewer_browser_run"] = late_viewer_rows(py, last_rrd, events_at_open,
                                                             events.total)
        # EVICTED (the short-term memory's) are not changes of the scene: the view skips them.
        result["events_published_by_kind"] = dict(events.kinds)
        result["recording_bytes"] = last_rrd.stat().st_size
        check = subprocess.run([py, "-c", "from pathlib import Path; from memory_node.viz."
                                "rerun_view import check_recording; print(check_recording("
                                f"Path({str(last_rrd)!r})))"],
                               capture_output=True, text=True, timeout=120)
        result["recording_check"] = (check.stdout or check.stderr).strip()[-300:]
        memory.close()
        result["lod_10k"] = lod_benchmark(tmp)
    except Exception as exc:  # write what was measured, and why it stopped
        result["error"] = f"{type(exc).__name__}: {exc}"[:2000]
        raise
    finally:
        result["load_after"] = os.getloadavg()
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(with_environment(result), indent=2))
        if viewer is not None:
            viewer.send_signal(signal.SIGINT)
            try:
                viewer.wait(timeout=30)
            except subprocess.TimeoutExpired:
                viewer.kill()
        os.killpg(bringup.pid, signal.SIGINT)
        try:
            bringup.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(bringup.pid, signal.SIGKILL)
        node.destroy_node()
        rclpy.try_shutdown()
    print(json.dumps(result, indent=2))
    shutil.rmtree(tmp, ignore_errors=True)
    return 0


def _child_rerun_pid(parent: int) -> int | None:
    """The rerun server the bridge started (its child process)."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == parent and "--serve-web" in cmdline:
            return int(entry.name)
    return None


if __name__ == "__main__":
    sys.exit(main())
