"""The ROS domain a run takes when the user set none: an id in 1-100 no live run here holds.

DDS derives its UDP ports from the domain id (the RTPS well-known ports, which Fast DDS and
Cyclone DDS both use): a domain's discovery multicast port is 7400 + 250 * domain, and
participant p's unicast ports are 10 + 2p (discovery) and 11 + 2p (user data) above it.
On Linux the kernel hands out ephemeral ports from 32768-60999, so from domain 102 up every
port of the domain lies there, where any outgoing socket may already hold it (ROS 2's
"About Domain ID" page: choose 0-101). Ids up to 100 also leave room for 120 participants
per domain before its ports reach the next domain's (101 only for 54, then the ephemeral
range); 0 is everyone's default. So a run on this machine takes one of 1-100.

Two runs at once must not share a domain (each would see the other's world, memory and
planner). Under ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST, Fast DDS binds each participant's
discovery unicast port on all addresses, without sharing: participant 0 of a domain takes
its port, the next participant in that domain the next free id's. A failed bind of one of
those ports therefore means a live process holds it. The choice starts at an id derived
from the pid (two runs starting in the same instant rarely begin at the same id) and takes
the first id whose first `PROBED_PARTICIPANTS` discovery ports are all free.

What the probe cannot prove: it sees participants alive at the moment of the probe, not a run
that has chosen its id and not yet started its first participant (two runs choosing in the
same instant from the same starting id would share); it sees only processes on this host
using UDP (not shared-memory-only participants nor other machines, which LOCALHOST keeps
apart anyway); and a port held by an unrelated program makes an id look taken (harmless:
the next one is tried). A domain the user sets in ROS_DOMAIN_ID is never probed or changed.

A bench that starts several servers, each beside its own client in a domain of its own, takes
them from a `DomainPool`: the same probe, and no id twice while this process holds it. Against
the tests' domains (1-100 too) the probe sees a test process once its first participant lives;
it cannot see a test session between choosing its id and starting that participant, and test
sessions under pytest-xdist or given MEMORY_NODE_TEST_DOMAIN do not probe, so a test run that
starts after a bench may still land in the bench's domain (one id in a hundred per server).
"""

from __future__ import annotations

import errno
import os
import re
import socket
from collections.abc import Callable, MutableMapping

DOMAIN_ENV = "ROS_DOMAIN_ID"
# The RTPS well-known port parameters (PB, DG, PG, d0, d1, d3 of the DDSI-RTPS spec).
PORT_BASE = 7400
DOMAIN_ID_GAIN = 250
PARTICIPANT_ID_GAIN = 2
MULTICAST_METATRAFFIC_OFFSET = 0
UNICAST_METATRAFFIC_OFFSET = 10
UNICAST_USER_OFFSET = 11
# Linux's default ephemeral range (net.ipv4.ip_local_port_range).
EPHEMERAL_PORTS = range(32768, 61000)
# The ids a run picks from: see the module docstring.
DEFAULT_DOMAIN_IDS = range(1, 101)
# The ids a bench that starts servers of its own may give them ("N" or "LO-HI"; unset:
# DEFAULT_DOMAIN_IDS): a session given a range of its own on a shared machine.
BENCH_DOMAINS_ENV = "RECALL_BENCH_DOMAINS"
# ROS 2's valid domain ids (what a user may give; only DEFAULT_DOMAIN_IDS are chosen here).
MAX_DOMAIN_ID = 232
# A run's processes take participant ids 0, 1, ... in its domain; probing a few finds a run
# whose first process has ended while the others still live (the main job starts five).
PROBED_PARTICIPANTS = 4


def multicast_metatraffic_port(domain_id: int) -> int:
    """The domain's discovery multicast port."""
    return PORT_BASE + DOMAIN_ID_GAIN * domain_id + MULTICAST_METATRAFFIC_OFFSET


def unicast_metatraffic_port(domain_id: int, participant_id: int = 0) -> int:
    """Participant `participant_id`'s discovery unicast port in the domain."""
    return (PORT_BASE + DOMAIN_ID_GAIN * domain_id + UNICAST_METATRAFFIC_OFFSET
            + PARTICIPANT_ID_GAIN * participant_id)


def unicast_user_port(domain_id: int, participant_id: int = 0) -> int:
    """Participant `participant_id`'s user-data unicast port in the domain."""
    return (PORT_BASE + DOMAIN_ID_GAIN * domain_id + UNICAST_USER_OFFSET
            + PARTICIPANT_ID_GAIN * participant_id)


def udp_port_in_use(port: int) -> bool:
    """Whether a socket on this host holds UDP `port` (a bind on all addresses fails)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.bind(("0.0.0.0", port))
    except OSError as error:
        if error.errno in (errno.EADDRINUSE, errno.EACCES):
            return True
        raise
    finally:
        probe.close()
    return False


def domain_in_use(domain_id: int, participants: int = PROBED_PARTICIPANTS,
                  port_in_use: Callable[[int], bool] = udp_port_in_use) -> bool:
    """Whether a live participant holds one of the domain's first discovery ports here."""
    return any(port_in_use(unicast_metatraffic_port(domain_id, p)) for p in range(participants))


def choose_domain_id(seed: int, ids: range = DEFAULT_DOMAIN_IDS,
                     in_use: Callable[[int], bool] = domain_in_use) -> int:
    """The first id of `ids` from position `seed` on (wrapping) that `in_use` finds free.

    When every id is taken, the seed's own id: the run still starts (and may meet another),
    as it would have before any probe."""
    start = seed % len(ids)
    for step in range(len(ids)):
        domain_id = ids[(start + step) % len(ids)]
        if not in_use(domain_id):
            return domain_id
    return ids[start]


def use_default_domain(environ: MutableMapping[str, str] | None = None,
                       seed: int | None = None) -> str:
    """Set ROS_DOMAIN_ID to a chosen id unless the user set one; the id in effect.

    Call before rclpy loads; the nodes a run starts inherit the variable. An empty value
    counts as unset (rcl would read it as domain 0, everyone's default)."""
    env = os.environ if environ is None else environ
    given = env.get(DOMAIN_ENV, "").strip()
    if given:
        return given
    chosen = str(choose_domain_id(os.getpid() if seed is None else seed))
    env[DOMAIN_ENV] = chosen
    return chosen


def domain_ids(value: str, setting: str = DOMAIN_ENV) -> range:
    """The ids `value` names: "N" or "LO-HI" (inclusive), each in 0..MAX_DOMAIN_ID.

    `setting` names where the value came from, for the error."""
    match = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", value)
    if match is None:
        raise ValueError(f"{setting}={value!r}: give a domain id or a range LO-HI")
    low = int(match.group(1))
    high = int(match.group(2)) if match.group(2) is not None else low
    if not 0 <= low <= high <= MAX_DOMAIN_ID:
        raise ValueError(f"{setting}={value!r}: ids must be 0..{MAX_DOMAIN_ID}, low first")
    return range(low, high + 1)


class DomainPool:
    """Domains for the servers one process starts, one each: the ids of `ids` that the
    probe finds free and this process does not hold already.

    The walk starts at the position `seed` gives (the pid unless set) and each later take
    starts after the id taken last, so a server started after another ended does not meet
    a straggler of it in the same domain. When every id is held or in use, the walk's
    first id (as `choose_domain_id`): the server still starts."""

    def __init__(self, ids: range = DEFAULT_DOMAIN_IDS, seed: int | None = None,
                 in_use: Callable[[int], bool] = domain_in_use) -> None:
        self.ids = ids
        self.held: set[int] = set()
        self._next = os.getpid() if seed is None else seed
        self._in_use = in_use

    @classmethod
    def given(cls, value: str | None, setting: str = BENCH_DOMAINS_ENV) -> DomainPool:
        """A pool of the ids `value` names (see `domain_ids`); of DEFAULT_DOMAIN_IDS when
        `value` is None or blank. What the user gives always wins over the default."""
        if value is None or not value.strip():
            return cls()
        return cls(domain_ids(value, setting))

    def take(self) -> int:
        """A domain for one more server (probed now: call just before its participants
        start, so the next chooser here or elsewhere sees them)."""
        chosen = choose_domain_id(self._next, self.ids,
                                  lambda d: d in self.held or self._in_use(d))
        self.held.add(chosen)
        self._next = self.ids.index(chosen) + 1
        return chosen

    def release(self, domain_id: int) -> None:
        """The server in `domain_id` has ended: its id may be taken again."""
        self.held.discard(domain_id)
