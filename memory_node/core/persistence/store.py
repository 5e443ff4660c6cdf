"""The SQLite file behind the memory.

Why these settings:
- WAL journal: readers never block the writer, and a process killed mid-transaction leaves
  the database at the last committed transaction (SQLite replays or discards the WAL).
- synchronous=FULL by default: a write acknowledged to a client has been fsync'd, so even
  a power cut cannot lose it. `durability="normal"` trades that for speed (a crash of the
  process still loses nothing; an OS crash may lose the last transactions).
- What nobody is told was stored commits with synchronous=NORMAL even then (`unacknowledged()`):
  perception frames and the caches derived from stored data. An fsync costs 8-30 ms on a
  shared disk and perception writes at camera rate, so a FULL commit per frame held every
  queued request up behind it. NORMAL in WAL mode still never corrupts and a killed process
  loses nothing; only an OS crash or power cut can lose the last frames, which the camera
  sees again. The next acknowledged commit fsyncs the WAL, and them with it.
- WAL checkpoints on a background thread (`checkpoint_period_s`, its own connection,
  PASSIVE: it never waits for, nor blocks, the writer): SQLite's automatic checkpoint runs
  inside whichever commit fills the log past 1,000 pages, copying the pages and fsyncing
  the database there, every few seconds at camera rate (tens of ms, up to 200 ms seen).
- Snapshots go through SQLite's online backup API into a temporary file that is fsync'd and
  renamed into place: a reader of the snapshot directory sees the old file or the new one,
  never half of one. A process killed meanwhile leaves `.NAME.PID.tmp`; the next start
  removes it.
- Snapshot names come from any participant on the DDS domain, so they are confined by
  construction: relative, at most `max_snapshot_depth` parts of safe characters, never
  starting with a dot, and files are opened by plain path (an SQLite URI would decode `%2e`
  and cut at `?`/`#` after our checks). Error messages name the snapshot, never a path
  outside, so they cannot tell a caller whether some file exists.
- LOAD is all or nothing: the snapshot is copied to a temporary file, checked (integrity,
  version, every table and column this code reads, after migrating it) and only then
  copied over the live database.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

from memory_node.core.errors import InvalidArgument, NotFound
from memory_node.core.limits import LIMITS, Limits
from memory_node.core.persistence.migrations import (
    MIGRATIONS,
    REQUEST_ANSWERS_TABLE,
    Migration,
)

_SNAPSHOT_SUFFIX = ".sqlite"
# One part of a snapshot name: safe characters, no leading dot (no "..", no hidden files).
_NAME_PART = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")
# Our temporary files: ".NAME.PID.tmp" (plus SQLite's journal of it).
_TMP_FILE = re.compile(r"\..+\.(\d+)\.tmp(-journal|-wal|-shm)?")


class PathOutsideMemoryDir(InvalidArgument):
    """A snapshot name that is not a plain relative name inside the memory directory."""


class SnapshotNotFound(NotFound, FileNotFoundError):
    """LOAD of a snapshot name that names no file."""


class SchemaMismatch(InvalidArgument):
    """A database that is not (or no longer) a memory database this code can use.

    A ValueError: at start-up the node exits with status 2 (configuration error), so
    bringup does not restart it in a loop; as a LOAD it is a rejected request.
    """


class MemoryStore:
    """One SQLite database, with schema migrations and atomic snapshots.

    All access goes through one connection guarded by a lock: the memory server is one
    process, and SQLite serialises writers anyway.
    """

    def __init__(
        self,
        path: str | Path,
        durability: str = "full",
        migrations: list[Migration] | None = None,
        limits: Limits = LIMITS,
        remove_stale: bool = True,
        checkpoint_period_s: float = 0.0,
    ) -> None:
        if durability not in ("full", "normal"):
            raise ValueError(f"durability must be 'full' or 'normal', got {durability!r}")
        self.path = Path(path).resolve()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.memory_dir = self.path.parent
        self.durability = durability
        self.limits = limits
        self._lock = threading.RLock()
        self._relaxed = threading.local()  # depth of unacknowledged() scopes, per thread
        self._marks = threading.local()  # marking_writes()'s mark, per thread
        self._synchronous = durability.upper()  # the connection's current setting
        self._migrations = sorted(migrations or MIGRATIONS, key=lambda m: m.version)
        #: temporary files of killed processes removed at start (for the log)
        self.removed_stale: list[Path] = self._remove_stale_tmp() if remove_stale else []
        opened: sqlite3.Connection | None = None
        try:
            opened = self._conn = self._open(self.path, durability)
            self._migrate()
            self.verify_schema()
            self._checkpointer = (_Checkpointer(self.path, checkpoint_period_s)
                                  if checkpoint_period_s > 0 else None)
            if self._checkpointer is not None:
                opened.execute("PRAGMA wal_autocheckpoint=0")
                self._checkpointer.start()
        except BaseException as exc:
            if opened is not None:
                opened.close()
            if isinstance(exc, sqlite3.DatabaseError):
                raise SchemaMismatch(f"{self.path.name} is not a usable memory database: "
                                     f"{exc}") from exc
            raise

    @staticmethod
    def _open(path: Path, durability: str) -> sqlite3.Connection:
        # isolation_level=None: we issue BEGIN/COMMIT ourselves, so a transaction is exactly
        # what `transaction()` encloses and nothing is committed implicitly.
        conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        conn.row_factory = sqlite3.Row
        mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if mode.lower() != "wal":
            raise RuntimeError(f"{path}: SQLite refused WAL journal mode ({mode})")
        conn.execute(f"PRAGMA synchronous={durability.upper()}")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("PRAGMA busy_timeout=5000")
        return conn

    def _remove_stale_tmp(self) -> list[Path]:
        """Delete `.NAME.PID.tmp` files that no live process is writing (a SAVE or LOAD
        killed half-way): they are never read, and can be as large as the memory."""
        removed = []
        for depth in range(self.limits.max_snapshot_depth):
            for path in self.memory_dir.glob("/".join(["*"] * depth + [".*.tmp*"])):
                match = _TMP_FILE.fullmatch(path.name)
                if not match or not path.is_file() or _pid_alive(int(match.group(1))):
                    continue
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()
                    removed.append(path)
        return removed

    # -- schema -------------------------------------------------------------------------
    def expected_schema(self) -> dict[str, dict[str, tuple[str, int, int]]]:
        """Tables -> columns -> (type, notnull, pk) that the migrations create."""
        conn = sqlite3.connect(":memory:", isolation_level=None)
        try:
            for migration in self._migrations:
                for statement in _split_sql(migration.sql):
                    conn.execute(statement)
            return _schema_of(conn)
        finally:
            conn.close()

    def verify_schema(self) -> None:
        """SchemaMismatch unless every table and column the code needs is there as the
        migrations define it (a file can claim any schema_version)."""
        with self._lock:
            actual = _schema_of(self._conn)
        for table, columns in self.expected_schema().items():
            if table not in actual:
                raise SchemaMismatch(f"{self.path.name}: table {table} is missing")
            for column, spec in columns.items():
                if actual[table].get(column) != spec:
                    raise SchemaMismatch(
                        f"{self.path.name}: column {table}.{column} is "
                        f"{actual[table].get(column) or 'missing'}, expected {spec}")

    @property
    def schema_version(self) -> int:
        with self._lock:
            row = self._conn.execute("SELECT MAX(version) FROM schema_version").fetchone()
        return int(row[0] or 0)

    def _migrate(self) -> None:
        with self.transaction() as conn:
            conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_version ("
                " version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
                " applied_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)"
            )
        current = self.schema_version
        known = self._migrations[-1].version if self._migrations else 0
        if current > known:
            raise RuntimeError(
                f"{self.path} has schema version {current}, newer than this code ({known}); "
                "refusing to open it rather than misread it"
            )
        for migration in self._migrations:
            if migration.version <= current:
                continue
            with self.transaction() as conn:
                for statement in _split_sql(migration.sql):
                    conn.execute(statement)
                conn.execute(
                    "INSERT INTO schema_version (version, name) VALUES (?, ?)",
                    (migration.version, migration.name),
                )

    # -- access -------------------------------------------------------------------------
    @contextlib.contextmanager
    def unacknowledged(self) -> Iterator[None]:
        """Transactions opened by this thread inside the block commit without an fsync
        (synchronous=NORMAL): for writes no client is told about (see the module's note)."""
        self._relaxed.depth = getattr(self._relaxed, "depth", 0) + 1
        try:
            yield
        finally:
            self._relaxed.depth -= 1

    def _set_synchronous(self, acknowledged: bool = False) -> None:
        relaxed = getattr(self._relaxed, "depth", 0) and not acknowledged
        wanted = "NORMAL" if relaxed else self.durability.upper()
        if wanted != self._synchronous:
            self._conn.execute(f"PRAGMA synchronous={wanted}")  # outside a transaction
            self._synchronous = wanted

    @contextlib.contextmanager
    def marking_writes(self, mark: Callable[[sqlite3.Connection], None]) -> Iterator[None]:
        """The transactions this thread opens inside the block are one: the first BEGINs,
        each later one is a savepoint in it, and the whole commits when the block ends
        (rolls back if it raises), running `mark(conn)` just before that COMMIT when an
        acknowledged one changed a row: a record of the request (its id,
        core/request_ids.py) that commits with all of its writes or with none. A handler
        that writes several things (an outcome: the unit, then what experience learnt)
        killed between them leaves nothing of the request, not its first write marked done
        without the rest. Unacknowledged writes (caches) alone mark nothing. The store's
        lock is held from the first write to the end of the block: other threads' reads
        and writes wait for the request, as they wait for any transaction."""
        if getattr(self._marks, "request", None) is not None:
            raise RuntimeError("marking_writes blocks do not nest: one request at a time")
        request = _Request(mark)
        self._marks.request = request
        try:
            yield
        except BaseException:
            self._marks.request = None
            if request.begun:
                self._end_request(request, "ROLLBACK")
            raise
        self._marks.request = None
        self._commit_request(request)

    def _commit_request(self, request: _Request) -> None:
        """COMMIT an open request's transaction, marked if it wrote (ROLLBACK if marking
        or the commit fails). Nothing to do if it has not begun."""
        if not request.begun:
            return
        try:
            if request.changed:
                request.mark(self._conn)
            self._conn.execute("COMMIT")
        except BaseException:
            self._end_request(request, "ROLLBACK")
            raise
        self._end_request(request, None)

    def _end_request(self, request: _Request, statement: str | None) -> None:
        try:
            if statement is not None:
                self._conn.execute(statement)
        finally:
            request.begun = request.changed = False
            self._lock.release()  # taken when the request's transaction began

    def _settle_open_request(self) -> None:
        """Commit this thread's open request transaction before a whole-database copy (the
        backup API cannot copy into nor, consistently, out of a connection inside a write
        transaction): SAVE, LOAD and their undo each copy everything at once, and the
        request's later writes, if any, begin a new transaction."""
        request = getattr(self._marks, "request", None)
        if request is not None:
            self._commit_request(request)

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK if the block raises; inside
        `marking_writes`, a savepoint of the request's one transaction."""
        request = getattr(self._marks, "request", None)
        if request is not None:
            with self._request_part(request) as conn:
                yield conn
            return
        with self._lock:
            self._set_synchronous()
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    @contextlib.contextmanager
    def _request_part(self, request: _Request) -> Iterator[sqlite3.Connection]:
        """One transaction of a request: a savepoint, rolled back alone if its block
        raises (as a transaction of its own would be)."""
        if not request.begun:
            self._lock.acquire()  # released when the request ends (_end_request)
            try:
                # The store's own durability for the whole: it may commit acknowledged
                # writes even when its first part is a cache's.
                self._set_synchronous(acknowledged=True)
                self._conn.execute("BEGIN IMMEDIATE")
            except BaseException:
                self._lock.release()
                raise
            request.begun = True
        changes = self._conn.total_changes
        self._conn.execute("SAVEPOINT request_part")
        try:
            yield self._conn
        except BaseException:
            self._conn.execute("ROLLBACK TO request_part")
            self._conn.execute("RELEASE request_part")
            raise
        self._conn.execute("RELEASE request_part")
        if self._conn.total_changes != changes and not getattr(self._relaxed, "depth", 0):
            request.changed = True

    def query(self, sql: str, params: tuple | dict = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self._conn.execute(sql, params).fetchall()

    def data_tables(self) -> list[str]:
        """The tables of what is remembered: not the schema's version, not the answers to
        requests (they describe requests served, which a CLEAR or LOAD does not undo)."""
        rows = self.query(
            "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'"
            " AND name NOT IN ('schema_version', ?) ORDER BY name", (REQUEST_ANSWERS_TABLE,)
        )
        return [r[0] for r in rows]

    def integrity_ok(self) -> bool:
        return self.query("PRAGMA integrity_check")[0][0] == "ok"

    def clear(self) -> None:
        """Delete every remembered thing; the schema stays."""
        with self.transaction() as conn:
            for table in self.data_tables():
                conn.execute(f'DELETE FROM "{table}"')

    # -- snapshots ----------------------------------------------------------------------
    def resolve_snapshot_path(self, name: str) -> Path:
        """Map a client-given snapshot name ("name" or "folder/name", ".sqlite" optional)
        to a file inside the memory directory, or InvalidArgument."""
        if not isinstance(name, str):
            raise PathOutsideMemoryDir("snapshot name must be a string")
        limit = self.limits.max_snapshot_name_chars
        if not name.strip():
            raise PathOutsideMemoryDir("snapshot name is empty")
        if len(name) > limit:
            raise PathOutsideMemoryDir(f"snapshot name is {len(name)} characters (max {limit})")
        stem = name[: -len(_SNAPSHOT_SUFFIX)] if name.endswith(_SNAPSHOT_SUFFIX) else name
        parts = stem.split("/")
        if len(parts) > self.limits.max_snapshot_depth or not all(
                _NAME_PART.fullmatch(p) for p in parts):
            raise PathOutsideMemoryDir(
                f"snapshot name {name!r} must be relative: up to "
                f"{self.limits.max_snapshot_depth} parts of letters, digits, '_', '-', '.' "
                "separated by '/', none starting with '.'")
        candidate = self.memory_dir.joinpath(*parts[:-1], parts[-1] + _SNAPSHOT_SUFFIX)
        # Room for our temporary file beside it (".NAME.load.PID.tmp-journal").
        if not _fits_file_system(candidate.parent,
                                 f".{candidate.name}.load.{os.getpid()}.tmp-journal"):
            raise PathOutsideMemoryDir(f"snapshot name {name!r} is too long for the file "
                                       "system")
        # A symbolic link inside the memory directory must not lead out of it either.
        if self.memory_dir not in candidate.resolve().parents:
            raise PathOutsideMemoryDir(f"snapshot name {name!r} leads out of the memory "
                                       "directory")
        if candidate.resolve() == self.path:
            raise PathOutsideMemoryDir(f"snapshot name {name!r} is the live database itself")
        return candidate

    def save_snapshot(self, name: str) -> Path:
        """Copy the live database to `name` atomically; returns the file written."""
        target = self.resolve_snapshot_path(name)
        tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            dest = sqlite3.connect(str(tmp))
            try:
                with self._lock:
                    self._settle_open_request()
                    self._conn.backup(dest)
                dest.execute("PRAGMA journal_mode=DELETE")
            finally:
                dest.close()
            _fsync_file(tmp)
            os.replace(tmp, target)
            _fsync_dir(target.parent)
        except OSError as exc:
            if _name_too_long(exc):  # the memory directory's own path is long
                raise PathOutsideMemoryDir(f"snapshot name {name!r} is too long for the "
                                           "file system") from exc
            raise
        finally:
            with contextlib.suppress(OSError):
                tmp.unlink(missing_ok=True)
        return target

    def prepare_snapshot(self, name: str) -> MemoryStore:
        """A checked, migrated copy of snapshot `name` in a temporary file, ready for
        `adopt`; the live memory is untouched. Raises SnapshotNotFound or SchemaMismatch.
        The caller closes it (`discard`) whether or not it adopts it."""
        source = self.resolve_snapshot_path(name)
        if not source.is_file():
            raise SnapshotNotFound(f"no snapshot named {name!r}")
        tmp = source.with_name(f".{source.name}.load.{os.getpid()}.tmp")
        tmp.unlink(missing_ok=True)
        try:
            # Plain path, never a URI; the copy is what gets checked and migrated, so the
            # snapshot file itself is only read.
            src = sqlite3.connect(str(source))
            try:
                dest = sqlite3.connect(str(tmp))
                try:
                    src.backup(dest)
                    ok = dest.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
                    if not ok:
                        raise SchemaMismatch(f"snapshot {name!r} fails SQLite's integrity check")
                    version = dest.execute("SELECT MAX(version) FROM schema_version"
                                           ).fetchone()[0]
                finally:
                    dest.close()
            finally:
                src.close()
            known = self._migrations[-1].version if self._migrations else 0
            if int(version or 0) > known:
                raise SchemaMismatch(f"snapshot {name!r} has schema version {version}, newer "
                                     "than this code")
            return MemoryStore(tmp, durability="normal", migrations=self._migrations,
                               limits=self.limits, remove_stale=False)
        except sqlite3.DatabaseError as exc:
            _unlink_all(tmp)
            raise SchemaMismatch(f"snapshot {name!r} is not a memory snapshot: {exc}") from exc
        except BaseException:
            _unlink_all(tmp)
            raise

    def adopt(self, prepared: MemoryStore) -> None:
        """Replace the live memory's contents with `prepared`'s in one write transaction
        (the backup API): readers see the old memory or the new one."""
        with self._lock, prepared._lock:
            self._settle_open_request()
            # The requests answered so far stay answered: the snapshot's own are replaced
            # by the live ones before the copy.
            kept = (self._conn.execute(f"SELECT * FROM {REQUEST_ANSWERS_TABLE} ORDER BY "
                                       "rowid").fetchall()
                    if _has_table(self._conn, REQUEST_ANSWERS_TABLE) else [])
            with prepared.transaction() as conn:
                if _has_table(conn, REQUEST_ANSWERS_TABLE):
                    conn.execute(f"DELETE FROM {REQUEST_ANSWERS_TABLE}")
                if kept:
                    marks = ", ".join("?" * len(kept[0]))
                    conn.executemany(f"INSERT INTO {REQUEST_ANSWERS_TABLE} VALUES ({marks})",
                                     [tuple(row) for row in kept])
            prepared._conn.backup(self._conn)

    def backup_in_memory(self) -> sqlite3.Connection:
        """A copy of the live memory in RAM, to put back if a LOAD fails half-way."""
        copy = sqlite3.connect(":memory:", check_same_thread=False)
        with self._lock:
            self._settle_open_request()
            self._conn.backup(copy)
        return copy

    def restore(self, copy: sqlite3.Connection) -> None:
        with self._lock:
            self._settle_open_request()
            copy.backup(self._conn)

    def discard(self) -> None:
        """Close a prepared snapshot copy and delete its files."""
        self.close()
        _unlink_all(self.path)

    def load_snapshot(self, name: str) -> Path:
        """Replace the live memory with the snapshot `name`, all or nothing."""
        prepared = self.prepare_snapshot(name)
        try:
            self.adopt(prepared)
        finally:
            prepared.discard()
        return self.resolve_snapshot_path(name)

    def close(self) -> None:
        checkpointer = getattr(self, "_checkpointer", None)
        if checkpointer is not None:
            checkpointer.stop()
        with self._lock:
            self._conn.close()  # the last connection: SQLite checkpoints and removes the WAL

    @property
    def checkpoints(self) -> tuple[int, int]:
        """(checkpoints run, checkpoints that failed) by the background thread."""
        c = getattr(self, "_checkpointer", None)
        return (c.runs, c.errors) if c is not None else (0, 0)


class _Request:
    """One `marking_writes` block: its mark, whether its transaction has begun, whether an
    acknowledged part of it changed a row."""

    def __init__(self, mark: Callable[[sqlite3.Connection], None]) -> None:
        self.mark = mark
        self.begun = False
        self.changed = False


class _Checkpointer(threading.Thread):
    """PASSIVE WAL checkpoints every `period_s` on a connection of its own. sqlite3
    releases the GIL while SQLite works, so the copy and its fsync happen beside the
    server's callbacks instead of inside one of them."""

    def __init__(self, path: Path, period_s: float) -> None:
        super().__init__(name=f"wal-checkpoint:{path.name}", daemon=True)
        self.period_s = period_s
        self.runs = 0
        self.errors = 0
        self._stopping = threading.Event()
        self._conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self._conn.execute("PRAGMA busy_timeout=100")

    def run(self) -> None:
        try:
            while not self._stopping.wait(self.period_s):
                try:
                    self._conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                    self.runs += 1
                except sqlite3.Error:  # busy or the disk: the next period tries again
                    self.errors += 1
        finally:
            self._conn.close()

    def stop(self) -> None:
        self._stopping.set()
        if self.is_alive():
            self.join(timeout=30)
        else:
            self._conn.close()

def _split_sql(script: str) -> list[str]:
    """Split a migration script into statements (sqlite3.execute takes one at a time, and
    executescript would COMMIT our transaction behind our back)."""
    statements, buffer = [], ""
    for line in script.splitlines(keepends=True):
        if line.strip().startswith("--"):
            continue
        buffer += line
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        raise ValueError(f"incomplete SQL statement in migration: {buffer.strip()[:80]}")
    return statements


def _has_table(conn: sqlite3.Connection, name: str) -> bool:
    return conn.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name=?",
                        (name,)).fetchone() is not None


def _schema_of(conn: sqlite3.Connection) -> dict[str, dict[str, tuple[str, int, int]]]:
    tables = [r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'")]
    return {t: {r[1]: (str(r[2]).upper(), int(r[3]), int(r[5]))
                for r in conn.execute(f'PRAGMA table_info("{t}")')} for t in tables}


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return False  # ours, from before: we are not writing it now
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _name_too_long(exc: BaseException) -> bool:
    return getattr(exc, "errno", None) == errno.ENAMETOOLONG


def _fits_file_system(directory: Path, file_name: str) -> bool:
    """Whether `directory/file_name` is short enough to create (else ENAMETOOLONG)."""
    try:
        name_max = os.pathconf(directory if directory.exists() else "/", "PC_NAME_MAX")
        path_max = os.pathconf("/", "PC_PATH_MAX")
    except (OSError, ValueError):
        name_max, path_max = 255, 4096
    return (len(file_name.encode()) <= name_max
            and len(str(directory / file_name).encode()) < path_max)


def _unlink_all(path: Path) -> None:
    for suffix in ("", "-journal", "-wal", "-shm"):
        with contextlib.suppress(OSError):
            Path(str(path) + suffix).unlink(missing_ok=True)


def _fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
