"""The browser view's rerun side (no ROS): the viewer server process, the entities the
memory is drawn as, and recordings.

- `ViewerServer`: `rerun --serve-web` in its own process, bound to 127.0.0.1 (a web
  viewer port for the browser, a gRPC port for data). Its own process: a viewer that
  crashes or is killed takes nothing else with it.
- `RerunView`: a `ViewSink` logging to that server (and optionally to an .rrd file):
  `world/areas`, `world/objects/boxes` (labelled, class colours), `world/objects/far`
  (beyond the level of detail), `world/edges/navigable`, `world/edges/contains`,
  `world/changes/*`, `world/robot/path`, `camera/image`, `memory/status`, `memory/events`.
- `check_recording`: a recording is served only if this rerun can read it and it was
  written by this view format; otherwise a message says which versions differ.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
import urllib.parse
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from memory_node.viz.core.scene import (
    AREA_COLOUR,
    LINK_COLOUR,
    NAV_COLOUR,
    Change,
    SceneBatch,
)

VIEW_FORMAT = 1  # bump when the entity layout changes; recordings of another are refused
FORMAT_ENTITY = "memory/format"
HOST = "127.0.0.1"  # never 0.0.0.0: the view is for this machine only
APP_ID = "memory_node"
_CHANGE_COLOURS = {"NEW": (40, 200, 80), "MOVED": (255, 140, 0), "REMOVED": (230, 40, 40),
                   "STATE_CHANGED": (180, 80, 255)}


class RecordingError(RuntimeError):
    """A recording the view cannot show (missing, unreadable, or from another version)."""


def _rerun():
    import rerun  # noqa: PLC0415  (large: imported only when a view is made)

    return rerun


def rerun_cli() -> list[str]:
    """The rerun server binary the wheel ships, run directly: `bin/rerun` is a Python
    wrapper that would run it as a grandchild, which a kill of the wrapper orphans."""
    import rerun_cli as package  # noqa: PLC0415

    binary = Path(package.__file__).parent / "rerun"
    if not binary.exists():
        raise RuntimeError(f"the rerun binary is missing at {binary}: pip install -r "
                           "requirements-view.txt")
    return [str(binary)]


def wait_for_port(port: int, timeout: float, process: subprocess.Popen | None = None) -> None:
    """Until something accepts connections on HOST:port (or TimeoutError)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with socket.create_connection((HOST, port), timeout=0.5):
                return
        except OSError:
            if process is not None and process.poll() is not None:
                raise RuntimeError(f"the rerun server exited with status {process.returncode}"
                                   ) from None
            if time.monotonic() > deadline:
                raise TimeoutError(f"nothing listens on {HOST}:{port} after {timeout} s"
                                   ) from None
            time.sleep(0.05)  # polling a port: there is no event to wait on


def _die_with_parent() -> None:
    """In the server's process before exec: SIGTERM it when the bridge dies, however it
    dies (a SIGKILLed bridge must not leave a server holding its ports)."""
    import ctypes  # noqa: PLC0415

    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except OSError:  # not Linux: the bridge's own stop() is all there is
        pass


class ViewerServer:
    def __init__(self, web_port: int, grpc_port: int, recording: Path | None = None,
                 memory_limit: str = "1GB", log_path: Path | None = None) -> None:
        self.web_port, self.grpc_port = web_port, grpc_port
        self.recording = recording
        self.memory_limit = memory_limit
        self.log_path = log_path
        self.process: subprocess.Popen | None = None

    def command(self) -> list[str]:
        cmd = [*rerun_cli(), "--serve-web", "--bind", HOST, "--port", str(self.grpc_port),
               "--web-viewer-port", str(self.web_port),
               "--server-memory-limit", self.memory_limit]
        if self.recording is not None:
            cmd.append(str(self.recording))
        return cmd

    def start(self, timeout: float = 30.0) -> None:
        out = open(self.log_path, "ab") if self.log_path else subprocess.DEVNULL
        # Its own process group: Ctrl-C in the terminal goes to the bridge, which stops it.
        self.process = subprocess.Popen(self.command(), stdout=out, stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL, start_new_session=True,
                                        env={**os.environ, "RUST_LOG": "warn"},
                                        preexec_fn=_die_with_parent)
        wait_for_port(self.web_port, timeout, self.process)
        wait_for_port(self.grpc_port, timeout, self.process)

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def exit_reason(self) -> str:
        if self.process is None:
            return "never started"
        code = self.process.poll()
        if code is None:
            return "running"
        return f"killed by signal {-code}" if code < 0 else f"exit status {code}"

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)

    def grpc_url(self) -> str:
        return f"rerun+http://{HOST}:{self.grpc_port}/proxy"

    def page_url(self) -> str:
        return (f"http://{HOST}:{self.web_port}/?url="
                + urllib.parse.quote(self.grpc_url(), safe=""))


class RerunView:
    """Logs the memory's picture to a rerun server (and an .rrd file with `save`).

    The file has its own recording stream (same recording id): rerun's gRPC sink does not
    reconnect to a restarted server and replacing a stream's sinks would truncate the file,
    so the live connection is replaced alone and the recording runs on untouched."""

    def __init__(self, grpc_url: str | None, page_url: str = "", save: Path | None = None,
                 recording_id: str | None = None) -> None:
        rr = _rerun()
        self.rr = rr
        self.grpc_url, self.page_url, self.save = grpc_url, page_url, save
        recording_id = recording_id or f"memory-{os.getpid()}-{int(time.time())}"
        self.live = rr.RecordingStream(APP_ID, recording_id=recording_id)
        self.file = rr.RecordingStream(APP_ID, recording_id=recording_id) if save else None
        if self.file is not None:
            self.file.set_sinks(rr.FileSink(str(save)))
            self._announce(self.file)
        self._connect()

    @property
    def streams(self) -> list:
        return [s for s in (self.live if self.grpc_url else None, self.file) if s is not None]

    def _announce(self, stream) -> None:  # noqa: ANN001
        rr = self.rr
        stream.send_blueprint(self.blueprint())
        stream.log(FORMAT_ENTITY, rr.TextDocument(
            f"memory_node view format {VIEW_FORMAT}\nrerun {rr.__version__}"), static=True)

    def _connect(self) -> None:
        if self.grpc_url:
            self.live.set_sinks(self.rr.GrpcSink(self.grpc_url))
            self._announce(self.live)

    def reconnect(self) -> None:
        """After the server restarted: a new connection, blueprint and format again."""
        self._connect()

    def close(self) -> None:
        for stream in self.streams:
            try:
                stream.flush(timeout_sec=5.0)
            except RuntimeError:  # the live server is gone: nothing left to flush to
                pass
            stream.disconnect()

    def _log(self, path: str, item: object) -> None:
        for stream in self.streams:
            stream.log(path, item)

    def blueprint(self):  # noqa: ANN201  (a rerun blueprint)
        rrb = self.rr.blueprint
        return rrb.Blueprint(
            rrb.Horizontal(
                rrb.Spatial3DView(origin="world", name="memory"),
                rrb.Vertical(
                    rrb.Spatial2DView(origin="camera", name="camera"),
                    rrb.TextDocumentView(origin="memory/status", name="status"),
                    rrb.TextLogView(origin="memory/events", name="recent changes"),
                ),
                column_shares=[3, 1],
            ),
            collapse_panels=True,
        )

    def _time(self, stamp: float) -> None:
        for stream in self.streams:
            stream.set_time("stamp", timestamp=float(stamp))

    # -- ViewSink ---------------------------------------------------------------------------
    def scene(self, batch: SceneBatch, stamp: float) -> None:
        rr, log = self.rr, self._log
        self._time(stamp)
        b = batch.boxes
        log("world/objects/boxes", rr.Boxes3D(
            centers=b.centres, half_sizes=b.half_sizes,
            quaternions=[rr.Quaternion(xyzw=q) for q in b.quaternions],
            colors=b.colours, labels=b.labels, fill_mode="solid"))
        p = batch.points
        log("world/objects/far", rr.Points3D(p.centres, colors=p.colours, radii=0.04))
        log("world/areas", rr.Points3D(batch.area_centres, colors=[AREA_COLOUR],
                                       radii=0.15, labels=batch.area_ids))
        log("world/edges/navigable", rr.LineStrips3D(batch.navigable, colors=[NAV_COLOUR],
                                                     radii=0.02))
        log("world/edges/contains", rr.LineStrips3D(batch.contains, colors=[LINK_COLOUR],
                                                    radii=0.005))

    def status(self, text: str, stamp: float) -> None:
        self._time(stamp)
        self._log("memory/status", self.rr.TextDocument(
            text, media_type=self.rr.MediaType.MARKDOWN))

    def changes(self, new: Sequence[Change], recent: Sequence[Change], stamp: float) -> None:
        rr, log = self.rr, self._log
        for c in new:
            self._time(c.stamp)
            log("memory/events", rr.TextLog(c.line(), level="INFO"))
        self._time(stamp)
        for kind, colour in _CHANGE_COLOURS.items():
            of_kind = [c for c in recent if c.kind == kind]
            if kind == "MOVED":
                moved = [c for c in of_kind if c.old is not None and c.new is not None]
                origins = np.array([c.old for c in moved], float).reshape(-1, 3)
                targets = np.array([c.new for c in moved], float).reshape(-1, 3)
                log("world/changes/moved", rr.Arrows3D(
                    origins=origins, vectors=targets - origins, colors=[colour],
                    labels=[f"moved {c.label}" for c in moved]))
                continue
            at = [c.new if c.new is not None else c.old for c in of_kind]
            # A new object's box already carries its name: a second "new X" label on the
            # same spot only piles text up (every object is new when the view starts).
            labels = None if kind == "NEW" else [f"{kind.lower()} {c.label}" for c in of_kind]
            log(f"world/changes/{kind.lower()}", rr.Points3D(
                np.array(at, float).reshape(-1, 3), colors=[colour], radii=0.08,
                labels=labels))

    def robot(self, path: Sequence[tuple[float, float, float]], stamp: float) -> None:
        self._time(stamp)
        self._log("world/robot/path", self.rr.LineStrips3D([path], colors=[(0, 200, 255)],
                                                           radii=0.03))
        self._log("world/robot/now", self.rr.Points3D([path[-1]], colors=[(0, 200, 255)],
                                                      radii=0.2, labels=["robot"]))

    def image(self, rgb: np.ndarray, stamp: float) -> None:
        self._time(stamp)
        self._log("camera/image", self.rr.Image(rgb).compress(jpeg_quality=80))


def _file_version(path: Path) -> str:
    """The rerun version in an .rrd file's header ("RRF2", then major, minor, patch)."""
    head = path.read_bytes()[:8] if path.stat().st_size >= 8 else b""
    if head[:4] != b"RRF2":
        raise RecordingError(f"{path} is not a rerun recording (no RRF2 header)")
    return f"{head[4]}.{head[5]}.{head[6]}"


def _chunks(path: Path) -> list:
    from rerun.chunk import RrdReader  # noqa: PLC0415

    return list(RrdReader(str(path)).stream())


def check_recording(path: Path) -> str:
    """What the recording is, or RecordingError saying why it cannot be shown."""
    if not path.is_file():
        raise RecordingError(f"recording {path} not found")
    rr = _rerun()
    written_by = _file_version(path)
    ours = ".".join(rr.__version__.split(".")[:2])
    if ".".join(written_by.split(".")[:2]) != ours:
        raise RecordingError(
            f"{path} was written by rerun {written_by}; this is rerun {rr.__version__}. "
            f"Open it with rerun {written_by}'s viewer, or record it again with this version.")
    try:
        chunks = _chunks(path)
    except Exception as exc:  # rerun says what it cannot read (truncated, corrupt)
        raise RecordingError(f"{path} cannot be read by rerun {rr.__version__}: {exc}") \
            from exc
    texts = [row for ch in chunks if ch.entity_path == "/" + FORMAT_ENTITY
             for row in ch.to_record_batch().column("TextDocument:text").to_pylist()]
    if not texts:
        raise RecordingError(f"{path} is a rerun recording but not one of the memory view "
                             f"(no {FORMAT_ENTITY} entity)")
    text = texts[-1][0] if isinstance(texts[-1], list) else texts[-1]
    first = text.splitlines()[0]
    if first != f"memory_node view format {VIEW_FORMAT}":
        raise RecordingError(f"{path} was written by {first!r}; this is memory_node view "
                             f"format {VIEW_FORMAT}: record it again with this version")
    return f"{path.name}: {text.replace(chr(10), ', ')}, {path.stat().st_size} bytes"


_MAIN_COLUMNS = ("Boxes3D:centers", "Points3D:positions", "LineStrips3D:strips",
                 "Arrows3D:vectors")
_ROW_COLUMNS = ("TextLog:text", "EncodedImage:blob", "Image:buffer", "TextDocument:text")


def entity_counts(path: Path) -> dict[str, int]:
    """Per entity of a recording: the instances of its last logged row (boxes, points,
    strips, arrows), or the number of rows logged (text logs, images, documents)."""
    counts: dict[str, int] = {}
    for ch in _chunks(path):
        batch = ch.to_record_batch()
        entity = ch.entity_path.lstrip("/")
        for name in _MAIN_COLUMNS:
            if name in batch.schema.names:
                rows = [r for r in batch.column(name).to_pylist() if r is not None]
                if rows:
                    counts[entity] = len(rows[-1])
        for name in _ROW_COLUMNS:
            if name in batch.schema.names:
                counts[entity] = counts.get(entity, 0) + ch.num_rows
    return counts
